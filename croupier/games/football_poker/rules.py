"""Football Poker (Poker de Futebol), Despacho 65/2004: the articles as constants and functions.

* Art 2.1: six or more 52-card decks (table option ``decks``, default 6).
* Art 3: bets on a hand's total: Upper Range 1-4, Lower Range 5-8, Even 2/4/6/8, Odd 1/3/5/7,
  Post (a three-card total of 0 or 9).
* Art 4: eight or more places (option ``positions``, default 8); a player may bet on several,
  the holder of the highest bet holds the cards.
* Art 5.1: after the shuffle and cut, a cut card about one third from the end.
* Art 5.2: one card burned per deck, then one card before each round.
* Art 5.4: two cards face down for each hand.
* Art 5.5: the cut card's appearance makes the round in progress the last.
* Art 6: an exposed card stays valid.
* Art 7: A 1, 2-9 face value, 10 J Q K 0; a total keeps its last digit.
* Art 8.1: a two-card total of 0 or 9 takes a third card.
* Art 8.2: a three-card total of 0 makes the (other) bets lose half; 9 returns them.
* Art 9: Upper, Lower, Even, Odd pay 1:1; Post pays 8:1.

>>> from croupier.cards import parse_cards
>>> hand_total(parse_cards("7s 8h")), needs_third_card(parse_cards("Ks 9h"))
(5, True)
>>> decide(BetKind.EVEN, 4, cards=2)
BetDecision(result=<Result.WIN: 'win'>, prize=1, commission=False, article='Art 3.3, 9.1')
>>> decide(BetKind.UPPER, 0, cards=3).result, decide(BetKind.POST, 9, cards=3).prize
(<Result.HALF: 'half'>, 8)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from croupier.cards import Card, Rank
from croupier.settlement import BetDecision, Result

__all__ = [
    "CARDS_DEALT",
    "MIN_DECKS",
    "MIN_POSITIONS",
    "PRIZE",
    "REGULATION",
    "BetKind",
    "card_value",
    "decide",
    "hand_total",
    "needs_third_card",
]

REGULATION: Final = "Despacho 65/2004"
#: Art 2.1: six or more decks.
MIN_DECKS: Final = 6
#: Art 4.1: eight or more places.
MIN_POSITIONS: Final = 8
#: Art 5.4: two cards for each hand (a third by Art 8.1).
CARDS_DEALT: Final = 2


class BetKind(StrEnum):
    """The bets of Art 3, by their names in records and in ``croupier odds --json``."""

    UPPER = "upper"  #: Art 3.1: total 1, 2, 3 or 4
    LOWER = "lower"  #: Art 3.2: total 5, 6, 7 or 8
    EVEN = "even"  #: Art 3.3: total 2, 4, 6 or 8
    ODD = "odd"  #: Art 3.4: total 1, 3, 5 or 7
    POST = "post"  #: Art 3.5: three cards totalling 0 or 9


#: Art 9: the prize in multiples of the stake.
PRIZE: Final[Mapping[BetKind, int]] = MappingProxyType(
    {BetKind.UPPER: 1, BetKind.LOWER: 1, BetKind.EVEN: 1, BetKind.ODD: 1, BetKind.POST: 8}
)
#: Art 3: the totals each range bet wins on.
WINS_ON: Final[Mapping[BetKind, frozenset[int]]] = MappingProxyType(
    {
        BetKind.UPPER: frozenset({1, 2, 3, 4}),
        BetKind.LOWER: frozenset({5, 6, 7, 8}),
        BetKind.EVEN: frozenset({2, 4, 6, 8}),
        BetKind.ODD: frozenset({1, 3, 5, 7}),
    }
)
_ARTICLE: Final[Mapping[BetKind, str]] = MappingProxyType(
    {
        BetKind.UPPER: "Art 3.1, 9.1",
        BetKind.LOWER: "Art 3.2, 9.1",
        BetKind.EVEN: "Art 3.3, 9.1",
        BetKind.ODD: "Art 3.4, 9.1",
        BetKind.POST: "Art 3.5, 9.2",
    }
)


def card_value(card: Card) -> int:
    """Art 7.1-7.3: A 1, 2-9 face value, 10 J Q K 0.

    >>> from croupier.cards import parse_cards
    >>> [card_value(c) for c in parse_cards("As 9h Td Kc")]
    [1, 9, 0, 0]
    """
    if card.rank == Rank.ACE:
        return 1
    if card.rank >= Rank.TEN:
        return 0
    return int(card.rank) + 2


def hand_total(cards: Sequence[Card]) -> int:
    """Art 7.4: the last digit of the sum of the card values."""
    return sum(card_value(c) for c in cards) % 10


def needs_third_card(cards: Sequence[Card]) -> bool:
    """Art 8.1: two cards totalling 0 or 9 take a third."""
    return len(cards) == CARDS_DEALT and hand_total(cards) in (0, 9)


def decide(bet: BetKind, total: int, *, cards: int) -> BetDecision:
    """How ``bet`` ends on a hand of ``cards`` cards (2 or 3) totalling ``total``.

    * Post (Art 3.5, 9.2): wins 8:1 when three cards total 0 or 9, else loses.
    * The others, three cards totalling 0 (Art 8.2): lose half. Totalling 9: returned.
    * Otherwise (any total 1-8), Art 3.1-3.4 and 9.1: win 1:1 on their totals, else lose.

    A two-card 0 or 9 is never final (Art 8.1 draws a third card): ValueError.
    """
    if cards not in (2, 3) or not 0 <= total <= 9:
        raise ValueError(f"a hand has 2 or 3 cards and a total 0-9, got {cards} cards, {total}")
    if cards == CARDS_DEALT and total in (0, 9):
        raise ValueError("Art 8.1: a two-card 0 or 9 takes a third card before bets are decided")
    article = _ARTICLE[bet]
    post = cards == 3 and total in (0, 9)
    if bet is BetKind.POST:
        if post:
            return BetDecision(Result.WIN, PRIZE[bet], False, article)
        return BetDecision(Result.LOSE, 0, False, article)
    if post:
        result = Result.HALF if total == 0 else Result.PUSH
        return BetDecision(result, 0, False, "Art 8.2")
    if total in WINS_ON[bet]:
        return BetDecision(Result.WIN, PRIZE[bet], False, article)
    return BetDecision(Result.LOSE, 0, False, article)
