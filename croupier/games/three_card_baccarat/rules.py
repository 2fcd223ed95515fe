"""3-Card Baccarat, Portaria 22/96/M as amended by Portaria 219/96/M: the articles the deal uses.

Article numbers are ours (Art 2 material, Art 3 procedure, Art 4 end of a shoe, Art 5 places,
Art 6 values: a reconstruction, our copy of the text having lost its headings; Art 7 tie and
Art 8 side bets counted back from Art 9, which the text's Art 10 cites; see docs/rules.md).

* Art 2: one or more 52-card decks; one deck goes in a box ("caixa") with one cut card, more than
  one in a shoe ("sabot") with two cut cards.
* Art 3.1: shuffle, cut with a cut card; with more than one deck a second cut card is placed
  "entre as últimas 30 ou 40 cartas".
* Art 3.2: before the first round the banker burns "a primeira ou as primeiras cartas, em número
  correspondente ao número de baralhos utilizados" from the box or shoe; each place receives
  3 cards, one at a time, from the 1st player's place clockwise, the banker's place last.
* Art 3.3: with a shoe, one more card is burned at the start of each later round.
* Art 4.1: with a shoe, the appearance of the cut card means the round being played is the last.
* Art 4.2: with the box (one deck), one round only, then the cards are shuffled again.
* Art 5.1: cards are dealt, depending on the players present, up to the table's maximum of places
  (marked on the table) plus the banker's.
* Art 6: 10, J, Q, K count 0 and the other cards their face (A = 1); a hand's points are the last
  digit of the sum. J, Q, K are the figures ("figuras"); three figures is the highest hand.

>>> from croupier.cards import parse_cards
>>> hand_points(parse_hand("9s Kd 5h"))
4
>>> figures(parse_hand("Js Qd Th")), is_three_figures(parse_hand("Js Qd Kh"))
(2, True)
>>> describe_hand(parse_hand("Ks Qd 9h"))
'9 with two figures'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from croupier.cards import Card, CardsLike, Rank, parse_cards
from croupier.errors import CardCountError
from croupier.settlement import BetDecision, Result

__all__ = [
    "BANKER",
    "CARDS_PER_HAND",
    "COMMISSION",
    "COMMISSIONED",
    "CUT_CARD_DEPTH_MAX",
    "CUT_CARD_DEPTH_MIN",
    "DECK_SIZE",
    "FIGURE_RANKS",
    "LEVELS",
    "PRIZE",
    "REGULATION",
    "BetDecision",
    "BetKind",
    "HandValue",
    "card_points",
    "decide",
    "describe_hand",
    "figures",
    "hand_level",
    "hand_points",
    "is_three_figures",
    "level_of",
    "parse_hand",
    "position_label",
]

REGULATION: Final = "Portaria 22/96/M (amended by Portaria 219/96/M)"

#: Art 3.2: three cards for each place.
CARDS_PER_HAND: Final = 3
#: Art 3.1: the second cut card goes among the last 30 to 40 cards of a shoe.
CUT_CARD_DEPTH_MIN: Final = 30
CUT_CARD_DEPTH_MAX: Final = 40
#: The banker's place in our records. Player places are 1..positions, numbered clockwise from the
#: 1st player's place (Art 3.2); the banker is dealt last.
BANKER: Final = 0
#: Art 6.1: the figures, which count 0. The ten counts 0 but is not a figure.
FIGURE_RANKS: Final = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING})
#: Cards in one deck (Art 2: 52-card decks).
DECK_SIZE: Final = 52

_FIGURE_WORDS: Final = ("no figures", "one figure", "two figures")
#: Art 10: 5% commission on the prizes of Art 9.1 and 9.2.
COMMISSION: Final = Fraction(5, 100)


def position_label(position: int) -> str:
    """``"banker"`` for :data:`BANKER`, else the place number as text."""
    return "banker" if position == BANKER else str(position)


def parse_hand(cards: CardsLike) -> tuple[Card, ...]:
    """Three cards from text such as ``"Ks 9h 9h"``; a shoe of several decks may repeat a card.

    >>> parse_hand("Ks 9h")
    Traceback (most recent call last):
    ...
    croupier.errors.CardCountError: expected 3 cards, got 2 in 'Ks 9h'
    """
    return parse_cards(cards, count=CARDS_PER_HAND, allow_duplicates=True)


def card_points(card: Card) -> int:
    """A card's points (Art 6.1): A 1, 2-9 face value, 10 J Q K 0.

    >>> [card_points(c) for c in parse_hand("As 9h Td") + parse_hand("Jc Qs Kh")]
    [1, 9, 0, 0, 0, 0]
    """
    if card.rank == Rank.ACE:
        return 1
    if card.rank >= Rank.TEN:
        return 0
    return card.rank + 2


def _check_hand(cards: Sequence[Card]) -> None:
    if len(cards) != CARDS_PER_HAND:
        raise CardCountError(str(CARDS_PER_HAND), len(cards))


def hand_points(cards: Sequence[Card]) -> int:
    """A 3-card hand's points 0..9: the last digit of the sum of the card points (Art 6.2).

    Three figures are worth 0 points as a sum; whether they count as 0 for a bet is decided where
    the bet is settled (Art 8, 9).

    >>> hand_points(parse_hand("7s 8h 9d")), hand_points(parse_hand("Ks Qh Jd"))
    (4, 0)
    """
    _check_hand(cards)
    return sum(card_points(c) for c in cards) % 10


def figures(cards: Sequence[Card]) -> int:
    """How many figures (J, Q, K) a hand holds; a 10 is not a figure (annex).

    >>> figures(parse_hand("Ts Th Td"))
    0
    """
    return sum(1 for c in cards if c.rank in FIGURE_RANKS)


def is_three_figures(cards: Sequence[Card]) -> bool:
    """Three figures (J, Q, K in any mix): the highest hand (Art 6.2, annex level 1).

    >>> is_three_figures(parse_hand("Ks Kh Kd")), is_three_figures(parse_hand("Ks Kh Td"))
    (True, False)
    """
    _check_hand(cards)
    return figures(cards) == CARDS_PER_HAND


def describe_hand(cards: Sequence[Card]) -> str:
    """The hand as the annex names it: ``three figures`` or ``<points> with <n> figure(s)``.

    >>> describe_hand(parse_hand("Ks Qh Jd")), describe_hand(parse_hand("As 2h 6d"))
    ('three figures', '9 with no figures')
    >>> describe_hand(parse_hand("Js Th 3d"))
    '3 with one figure'
    """
    if is_three_figures(cards):
        return "three figures"
    return f"{hand_points(cards)} with {_FIGURE_WORDS[figures(cards)]}"


# -- ranking (annex) and bets (Art 6-10) ---------------------------------------------------------

#: Annex: 31 levels, 1 the highest (three figures), then 9 with two, one, no figures, ..., 31 the
#: lowest (0 with no figures).
LEVELS: Final = 31


def level_of(points: int, figure_count: int) -> int:
    """The annex level (1 highest .. 31 lowest) of a hand with ``points`` and ``figure_count``.

    >>> level_of(0, 3), level_of(9, 2), level_of(9, 0), level_of(0, 0)
    (1, 2, 4, 31)
    """
    if figure_count == CARDS_PER_HAND:
        return 1
    return 2 + (9 - points) * 3 + (2 - figure_count)


def hand_level(cards: Sequence[Card]) -> int:
    """The annex level of a 3-card hand: lower is better; equal levels tie (Art 7.1).

    >>> hand_level(parse_hand("Ks Qh Jd")), hand_level(parse_hand("Ks 5h 4d"))
    (1, 3)
    """
    return level_of(hand_points(cards), figures(cards))


class BetKind(StrEnum):
    """The bets of Art 7-9, by the names used in records and in ``croupier odds --json``.

    ``main`` is the bet on a place against the banker (Art 6.3, 7, 9.1); ``odd``/``even`` are on
    the banker's points (Art 8.1, 9.2); ``three_faces`` on the banker's three figures (Art 8.2 a,
    9.3); ``points_0`` .. ``points_9`` on the banker's points (Art 8.2 b, 9.4); ``tie`` on a place
    equalling the banker (Art 8.3, 9.5).
    """

    MAIN = "main"
    ODD = "odd"
    EVEN = "even"
    THREE_FACES = "three_faces"
    POINTS_0 = "points_0"
    POINTS_1 = "points_1"
    POINTS_2 = "points_2"
    POINTS_3 = "points_3"
    POINTS_4 = "points_4"
    POINTS_5 = "points_5"
    POINTS_6 = "points_6"
    POINTS_7 = "points_7"
    POINTS_8 = "points_8"
    POINTS_9 = "points_9"
    TIE = "tie"

    @property
    def points(self) -> int | None:
        """The number bet on for ``points_N``, else None."""
        return int(self.value[-1]) if self.value.startswith("points_") else None

    @property
    def on_banker(self) -> bool:
        """Bets decided by the banker's hand alone (Art 8.1, 8.2)."""
        return self not in (BetKind.MAIN, BetKind.TIE)


#: Art 9: the prize, in multiples of the stake.
PRIZE: Final[Mapping[BetKind, int]] = MappingProxyType(
    {
        BetKind.MAIN: 1,  # Art 9.1
        BetKind.ODD: 1,  # Art 9.2
        BetKind.EVEN: 1,
        BetKind.THREE_FACES: 16,  # Art 9.3
        **{BetKind(f"points_{n}"): 8 for n in range(10)},  # Art 9.4
        BetKind.TIE: 20,  # Art 9.5
    }
)
COMMISSIONED: Final = frozenset({BetKind.MAIN, BetKind.ODD, BetKind.EVEN})

_ARTICLE: Final[Mapping[BetKind, str]] = MappingProxyType(
    {
        BetKind.MAIN: "Art 6.3, 9.1",
        BetKind.ODD: "Art 8.1 a, 9.2",
        BetKind.EVEN: "Art 8.1 b, 9.2",
        BetKind.THREE_FACES: "Art 8.2 a, 9.3",
        **{BetKind(f"points_{n}"): "Art 8.2 b, 9.4" for n in range(10)},
        BetKind.TIE: "Art 8.3, 9.5",
    }
)


@dataclass(frozen=True, slots=True)
class HandValue:
    """What the bets look at in a hand: its points and its figures."""

    points: int
    figures: int

    @classmethod
    def of(cls, cards: Sequence[Card]) -> HandValue:
        return cls(hand_points(cards), figures(cards))

    @property
    def three_figures(self) -> bool:
        return self.figures == CARDS_PER_HAND

    @property
    def level(self) -> int:
        return level_of(self.points, self.figures)


def decide(
    bet: BetKind,
    banker: HandValue,
    place: HandValue | None = None,
    *,
    three_figures_as_zero: bool = True,
    zero_is_even: bool = True,
    numbers_on_place: bool = False,
    tie_on_points: bool = False,
) -> BetDecision:
    """How ``bet`` ends given the banker's hand (and the place's hand for ``main`` and ``tie``,
    and for the "Números" with ``numbers_on_place``).

    * main (Art 6.3, 7, 9.1, 10): the place's level above the banker's wins 1:1 less 5%; below
      loses; equal is a tie and the bet stays for the next round (``carry``).
    * odd / even (Art 8.1, 9.2, 10): on the banker's points, 1:1 less 5%; the banker's three
      figures keep them for the next round. Reading (``zero_is_even``, default True): 0 points is
      even.
    * three_faces (Art 8.2 a, 9.3): the banker's three figures, 16:1. Reading: on the banker's
      hand, like every "Números" bet; ``numbers_on_place``: on the place's own hand.
    * points_N (Art 8.2 b, 9.4): the banker's points equal N, 8:1 (``numbers_on_place``: the
      place's points). Option ``three_figures_as_zero`` (default True): three figures count as
      0 points.
    * tie (Art 8.3, 9.5): the place's level equals the banker's, 20:1.

    ``tie_on_points`` (the ``same-points`` reading of Art 6.2, 8.3): hands are compared by their
    points alone, three figures above every other hand; equal points are a tie (main carries,
    tie wins). By default they are compared by annex level (Art 6.1, 7.1).

    >>> nine_two, nine_one = HandValue(9, 2), HandValue(9, 1)
    >>> decide(BetKind.MAIN, nine_one, nine_two).result
    <Result.WIN: 'win'>
    >>> decide(BetKind.MAIN, nine_one, nine_two, tie_on_points=True).result
    <Result.CARRY: 'carry'>
    >>> decide(BetKind.POINTS_9, HandValue(2, 0), nine_one, numbers_on_place=True).result
    <Result.WIN: 'win'>

    >>> b = HandValue(5, 0)
    >>> decide(BetKind.MAIN, b, HandValue(5, 1))
    BetDecision(result=<Result.WIN: 'win'>, prize=1, commission=True, article='Art 6.3, 9.1')
    >>> tie = HandValue(5, 0)
    >>> decide(BetKind.MAIN, b, tie).result, decide(BetKind.TIE, b, tie).prize
    (<Result.CARRY: 'carry'>, 20)
    >>> decide(BetKind.ODD, HandValue(0, 3)).result
    <Result.CARRY: 'carry'>
    """
    article = _ARTICLE[bet]
    win = BetDecision(Result.WIN, PRIZE[bet], bet in COMMISSIONED, article)
    lose = BetDecision(Result.LOSE, 0, False, article)
    if bet in (BetKind.MAIN, BetKind.TIE):
        if place is None:
            raise ValueError(f"a {bet} bet is decided against a place's hand")
        ours, theirs = _strength(place, tie_on_points), _strength(banker, tie_on_points)
        if bet is BetKind.TIE:
            return win if ours == theirs else lose
        if ours == theirs:
            return BetDecision(Result.CARRY, 0, False, "Art 7.1, 7.2")
        return win if ours > theirs else lose
    if bet in (BetKind.ODD, BetKind.EVEN):
        if banker.three_figures:
            return BetDecision(Result.CARRY, 0, False, "Art 8.1")
        odd = banker.points % 2 == 1
        if banker.points == 0 and not zero_is_even:
            return lose
        return win if odd == (bet is BetKind.ODD) else lose
    hand = banker
    if numbers_on_place:
        if place is None:
            raise ValueError(f"a {bet} bet on the place's hand is decided against that hand")
        hand = place
    if bet is BetKind.THREE_FACES:
        return win if hand.three_figures else lose
    if hand.three_figures and not three_figures_as_zero:
        return lose
    return win if hand.points == bet.points else lose


def _strength(value: HandValue, on_points: bool) -> int:
    """Higher is better: the annex order (Art 6.1), or with ``on_points`` the points alone with
    three figures above them all (Art 6.2: "O valor máximo é a combinação de três figuras")."""
    if on_points:
        return 10 if value.three_figures else value.points
    return -value.level
