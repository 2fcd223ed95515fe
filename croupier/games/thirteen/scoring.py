"""Scoring of the 13-card game, Portaria 51/89/M Art 7-11: settings, fouls, naturals, tier points.

A *setting* (Art 7) splits a position's 13 cards into three tiers: the front of 3 cards, the
middle of 5 and the back of 5, and must rise: front <= middle <= back (the ranking of
:data:`croupier.rank.THIRTEEN`, whose 3-card front hands share the 5-card scale). A setting out of
order has fouled ("falta") and loses (Art 7).

Tiers are played against the banker's same tier (Art 8). The higher formation wins the tier;
identical formations go to the banker (Art 10). The tier's winner scores points by *its own*
formation in that tier (Art 9 II):

============  =====  ======  ====
formation     front  middle  back
============  =====  ======  ====
royal flush     -      10      5
straight fl.    -      10      5
four            -       8      4
full house      -       2      1
trio            3       1      1
anything else   1       1      1
============  =====  ======  ====

Each side adds the points of the tiers it won; more points wins the round, equal points is a
tie (Art 8).

Naturals (Art 9 I): dragon (13 different ranks), six pairs and a half (six pairs and one
*unequal* card: four of a kind counts as two pairs; a trio does not make a pair and the odd card,
*option* ``six_pairs_with_trio``), three flushes (a flush in each of the three tiers *as set*),
three straights (a 3-card sequence, A-2-3 and Q-K-A included, and two 5-card straights, *as
set*; a straight flush is a sequence too). A natural scores 3 and beats every hand that is not
one; natural against natural is a tie, whatever their kinds. A fouled setting loses
automatically (Art 7) whatever the cards: it shows no natural. A position may also *declare* its
natural instead of setting (it shows the cards as the natural). :class:`Readings` holds the two
readings that are table options (GAMES.md §1); the default is the letter, the option
``naturals_from_cards`` the reading this engine used before: a natural is recognised from the 13
cards whatever the setting, fouled or not.

>>> banker = Setting.parse("2c 3d 9h / 8c 8d 8h Kc 4s / Ac Ad As Ts Td")
>>> player = Setting.parse("Qc Qd 4d / 5s 6d 7s 8s 9s / 2h 2d Kh Kd Ks")
>>> result = score(player.cards, player, banker.cards, banker)
>>> result.outcome, result.player_points, result.banker_points
(<Outcome.WIN: 'win'>, 2, 1)
>>> natural_of(parse_cards("Ah 2c 3d 4s 5h 6c 7d 8s 9h Tc Jd Qs Kh"))
<Natural.DRAGON: 'dragon'>
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any, Final

from croupier.cards import Card, format_cards, parse_cards
from croupier.errors import CardCountError, MaterialError, NotationError, RecordError
from croupier.rank.hand import HandRank, rank, strength_of_codes
from croupier.rank.model import THIRTEEN, Category

__all__ = [
    "LETTER",
    "NATURAL_POINTS",
    "TIER_SIZES",
    "Natural",
    "Outcome",
    "Readings",
    "Score",
    "Setting",
    "Tier",
    "TierResult",
    "is_fouled",
    "natural_of",
    "natural_setting",
    "naturals_of",
    "play_tiers",
    "points_by_strength",
    "rank_counts",
    "score",
    "shown_naturals",
    "three_straight_patterns",
    "tier_points",
]


class Tier(IntEnum):
    """The three tiers of a setting (Art 7), lowest first."""

    FRONT = 0
    MIDDLE = 1
    BACK = 2

    @property
    def label(self) -> str:
        return self.name.lower()


#: Art 7: 3 cards in the front tier, 5 in the middle, 5 in the back.
TIER_SIZES: Final[dict[Tier, int]] = {Tier.FRONT: 3, Tier.MIDDLE: 5, Tier.BACK: 5}
#: Art 9 I: a natural scores 3 points.
NATURAL_POINTS: Final = 3

#: Art 9 II: points by the tier winner's formation; formations not listed score 1.
_TIER_POINTS: Final[dict[Tier, dict[Category, int]]] = {
    Tier.FRONT: {Category.THREE_OF_A_KIND: 3},  # Art 9 II 7
    Tier.MIDDLE: {
        Category.ROYAL_FLUSH: 10,  # Art 9 II 1
        Category.STRAIGHT_FLUSH: 10,  # Art 9 II 2
        Category.FOUR_OF_A_KIND: 8,  # Art 9 II 3
        Category.FULL_HOUSE: 2,  # Art 9 II 4
    },
    Tier.BACK: {
        Category.ROYAL_FLUSH: 5,
        Category.STRAIGHT_FLUSH: 5,
        Category.FOUR_OF_A_KIND: 4,
        Category.FULL_HOUSE: 1,
    },
}


def tier_points(tier: Tier, category: Category) -> int:
    """Points a tier's winner scores with ``category`` in ``tier`` (Art 9 II).

    >>> tier_points(Tier.MIDDLE, Category.FOUR_OF_A_KIND), tier_points(Tier.BACK, Category.FLUSH)
    (8, 1)
    """
    return _TIER_POINTS[Tier(tier)].get(Category(category), 1)


@functools.cache
def points_by_strength(tier: Tier) -> tuple[int, ...]:
    """Points of a tier's winner, indexed by the winner's THIRTEEN strength (index 0 unused)."""
    cats = THIRTEEN.categories_array()
    return (0, *(tier_points(tier, Category(int(c))) for c in cats[1:]))


class Natural(StrEnum):
    """The naturals of Art 9 I, in the order the article lists them (used only to name a hand
    that is several naturals at once: natural against natural is a tie whatever the kinds)."""

    DRAGON = "dragon"
    SIX_PAIRS_AND_A_HALF = "six_pairs_and_a_half"
    THREE_FLUSHES = "three_flushes"
    THREE_STRAIGHTS = "three_straights"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ")


class Outcome(StrEnum):
    """A position's result against the banker (Art 7, 8, 9 I)."""

    WIN = "win"
    TIE = "tie"
    LOSE = "lose"

    @property
    def order(self) -> int:
        """lose 0 < tie 1 < win 2: the order a player prefers them."""
        return {"lose": 0, "tie": 1, "win": 2}[self.value]


@dataclass(frozen=True, slots=True)
class Readings:
    """How the scoring reads Art 7 and 9 I where tables differ (table options; the defaults are
    the letter of the text, :data:`LETTER`).

    * ``naturals_from_cards``: a natural is recognised from the 13 cards whatever the setting,
      even a fouled one (and a fouled setting holding a natural is no foul); default ``False``:
      a fouled setting loses automatically (Art 7), three flushes and three straights count
      only when set as such («em todos os três escalões», Art 9 I).
    * ``six_pairs_with_trio``: a trio counts as a pair and the odd card in six pairs and a half;
      default ``False``: the 13th card must be «desigual», and only four of a kind is written
      as two pairs (Art 9 I).
    """

    naturals_from_cards: bool = False
    six_pairs_with_trio: bool = False


#: The letter of Art 7 and 9 I.
LETTER: Final = Readings()


def _check_13(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return parse_cards(cards, count=13)


def _sequences(length: int) -> tuple[tuple[int, ...], ...]:
    """Every sequence of ``length`` ranks, ace low to ace high, as :class:`Rank` indexes.

    A sequence starting at step ``low`` holds steps ``low .. low + length - 1`` where step 0 is
    the low ace, 1..12 the ranks 2..K and 13 the high ace; :class:`Rank` numbers 2 as 0 and
    the ace as 12, so step ``p`` is rank ``(p - 1) % 13``.
    """
    return tuple(tuple((low + i - 1) % 13 for i in range(length)) for low in range(15 - length))


#: 3-card sequences for three straights: A-2-3 .. Q-K-A (GAMES.md)
_SEQ3: Final = _sequences(3)
#: 5-card sequences: A-2-3-4-5 .. 10-J-Q-K-A (the straights of Art 9 II 6)
_SEQ5: Final = _sequences(5)


@functools.cache
def three_straight_patterns() -> frozenset[tuple[int, ...]]:
    """Every rank-count vector (13 counts, index = :class:`Rank`) of a three-straights hand."""
    out: set[tuple[int, ...]] = set()
    for s3 in _SEQ3:
        for a, b in itertools.combinations_with_replacement(_SEQ5, 2):
            counts = [0] * 13
            for r in (*s3, *a, *b):
                counts[r] += 1
            if max(counts) <= 4:
                out.add(tuple(counts))
    return frozenset(out)


#: suit-count shapes (sorted, zeros dropped) that can be set as a 3-, 5- and 5-card flush
_FLUSH_SHAPES: Final = frozenset({(5, 5, 3), (8, 5), (10, 3), (13,)})


def rank_counts(cards: Sequence[Card]) -> tuple[int, ...]:
    counts = [0] * 13
    for c in cards:
        counts[c.rank] += 1
    return tuple(counts)


def is_three_flushes_shape(suit_counts: Iterable[int]) -> bool:
    """True when suit counts (of 13 cards) allow a 3-card, a 5-card and a 5-card flush."""
    return tuple(sorted((n for n in suit_counts if n), reverse=True)) in _FLUSH_SHAPES


def naturals_of(
    cards: Iterable[Card | str] | str, readings: Readings = LETTER
) -> frozenset[Natural]:
    """Every natural the 13 cards can show (Art 9 I): dragon and six pairs and a half from the
    cards, three flushes and three straights when the cards *can* be set as such.

    >>> sorted(naturals_of("Ah 2h 3h 4s 5s 6s 7s 8s 9d Td Jd Qd Kd"))
    [<Natural.DRAGON: 'dragon'>, <Natural.THREE_FLUSHES: 'three_flushes'>, \
<Natural.THREE_STRAIGHTS: 'three_straights'>]
    >>> trio = "Ac Ad Ah Kc Kd Qc Qd Jc Jd Tc Td 9c 9d"
    >>> naturals_of(trio), naturals_of(trio, Readings(six_pairs_with_trio=True))
    (frozenset(), frozenset({<Natural.SIX_PAIRS_AND_A_HALF: 'six_pairs_and_a_half'>}))
    """
    hand = _check_13(cards)
    counts = rank_counts(hand)
    found: set[Natural] = set()
    if max(counts) == 1:
        found.add(Natural.DRAGON)
    # Art 9 I: six pairs and one unequal card; a four counts as two pairs; a trio (a pair and
    # the odd card of the same rank) only by the option six_pairs_with_trio
    if sum(n // 2 for n in counts) == 6 and (readings.six_pairs_with_trio or 3 not in counts):
        found.add(Natural.SIX_PAIRS_AND_A_HALF)
    suits = Counter(c.suit for c in hand)
    if is_three_flushes_shape(suits.values()):
        found.add(Natural.THREE_FLUSHES)
    if _is_three_straights(counts):
        found.add(Natural.THREE_STRAIGHTS)
    return frozenset(found)


#: the rank counts of each 5-card sequence
_SEQ5_COUNTS: Final = frozenset(tuple(int(r in s) for r in range(13)) for s in _sequences(5))


def _is_three_straights(counts: tuple[int, ...]) -> bool:
    """``counts in three_straight_patterns()``, for one hand without building every pattern:
    some 3-card sequence and 5-card sequence taken away leave a 5-card sequence."""
    for s3 in _SEQ3:
        rest = list(counts)
        for r in s3:
            rest[r] -= 1
        if min(rest) < 0:
            continue
        for s5 in _SEQ5:
            left = rest.copy()
            for r in s5:
                left[r] -= 1
            if tuple(left) in _SEQ5_COUNTS:
                return True
    return False


def natural_of(cards: Iterable[Card | str] | str, readings: Readings = LETTER) -> Natural | None:
    """The natural the 13 cards are named by (the first Art 9 I lists), or None."""
    return named(naturals_of(cards, readings))


def named(kinds: Iterable[Natural]) -> Natural | None:
    """The first of ``kinds`` in Art 9 I's order (the name of a hand holding several)."""
    found = frozenset(kinds)
    return next((kind for kind in Natural if kind in found), None)


_SEQ3_SETS: Final = frozenset(frozenset(s) for s in _SEQ3)
_SEQ5_SETS: Final = frozenset(frozenset(s) for s in _SEQ5)


def _sequence(cards: Sequence[Card], sequences: frozenset[frozenset[int]]) -> bool:
    ranks = frozenset(c.rank for c in cards)
    return len(ranks) == len(cards) and ranks in sequences


def set_as(setting: Setting) -> frozenset[Natural]:
    """The naturals whose tiers a setting shows: three flushes (each tier of one suit), three
    straights (each tier a sequence: A-2-3 .. Q-K-A in front, a straight behind)."""
    found: set[Natural] = set()
    if all(len({c.suit for c in setting.tier(t)}) == 1 for t in Tier):
        found.add(Natural.THREE_FLUSHES)
    if (
        _sequence(setting.front, _SEQ3_SETS)
        and _sequence(setting.middle, _SEQ5_SETS)
        and _sequence(setting.back, _SEQ5_SETS)
    ):
        found.add(Natural.THREE_STRAIGHTS)
    return frozenset(found)


def shown_naturals(
    cards: Iterable[Card | str] | str, setting: Setting | None, readings: Readings = LETTER
) -> frozenset[Natural]:
    """The naturals a position shows (Art 7, 9 I): declared (``setting`` None), every natural
    the cards can show; set, none when the setting has fouled (Art 7: it loses automatically),
    else dragon and six pairs and a half from the cards and three flushes / three straights
    when the tiers are set as such. With ``readings.naturals_from_cards``, every natural the
    cards hold, whatever the setting.

    >>> cards = "2h 5h 9h Jh Kh 2s 6s 8s Ts Qs 4d 7d Ad"
    >>> shown_naturals(cards, Setting.parse("4d 7d Ad / 2s 6s 8s Ts Qs / 2h 5h 9h Jh Kh"))
    frozenset({<Natural.THREE_FLUSHES: 'three_flushes'>})
    >>> shown_naturals(cards, Setting.parse("4d 7d 2s / Ad 6s 8s Ts Qs / 2h 5h 9h Jh Kh"))
    frozenset()
    """
    held = naturals_of(cards, readings)
    if setting is None or readings.naturals_from_cards or not held:
        return held
    if setting.fouled:
        return frozenset()
    return (held & {Natural.DRAGON, Natural.SIX_PAIRS_AND_A_HALF}) | (held & set_as(setting))


def natural_setting(cards: Iterable[Card | str] | str, kind: Natural) -> Setting:
    """A setting of ``cards`` that shows ``kind`` (three flushes or three straights as set;
    dragon, six pairs and a half: a setting in ascending order), never fouled. MaterialError
    when the cards hold no such natural.

    >>> str(natural_setting("2h 5h 9h Jh Kh 2s 6s 8s Ts Qs 4d 7d Ad", Natural.THREE_FLUSHES))
    '4d 7d Ad / 2s 6s 8s Ts Qs / 2h 5h 9h Jh Kh'
    """
    hand = _check_13(cards)
    if kind not in naturals_of(hand, Readings(six_pairs_with_trio=True)):
        raise MaterialError(f"the cards {format_cards(hand)} hold no {Natural(kind).label}")
    tiers: list[list[Card]]
    if kind is Natural.THREE_FLUSHES:
        by_suit: dict[int, list[Card]] = {}
        for card in sorted(hand):
            by_suit.setdefault(card.suit, []).append(card)
        groups = sorted(by_suit.values(), key=lambda cs: len(cs) % 5 != 3)  # the 3 first
        cards_in_order = [c for g in groups for c in g]
        tiers = [cards_in_order[:3], cards_in_order[3:8], cards_in_order[8:]]
    elif kind is Natural.THREE_STRAIGHTS:
        tiers = _three_straights(hand)
    elif kind is Natural.SIX_PAIRS_AND_A_HALF:
        ordered = _six_pairs_order(hand)
        tiers = [ordered[:3], ordered[3:8], ordered[8:]]
    else:  # a dragon: 13 ranks in order, a straight in the middle and the back
        ordered = sorted(hand, key=lambda c: (c.rank, c.suit))
        tiers = [ordered[:3], ordered[3:8], ordered[8:]]
    front, middle, back = (tuple(t) for t in tiers)
    if rank(middle).strength > rank(back).strength:
        middle, back = back, middle
    setting = Setting(front, middle, back)
    if setting.fouled:  # pragma: no cover - every branch above builds an ascending setting
        raise MaterialError(f"no ascending {Natural(kind).label} setting for {setting}")
    return setting


def _six_pairs_order(hand: Sequence[Card]) -> list[Card]:
    """Six pairs and a half in an order whose tiers ascend: the odd card and the lowest pair of
    another rank in front, then the other pairs from the lowest."""
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(hand):
        by_rank.setdefault(card.rank, []).append(card)
    odd = next(cs.pop() for cs in by_rank.values() if len(cs) % 2)
    pairs = [cs[i : i + 2] for _, cs in sorted(by_rank.items()) for i in range(0, len(cs), 2)]
    first = next(i for i, pair in enumerate(pairs) if pair[0].rank != odd.rank)
    front = pairs.pop(first)
    return [odd, *front, *(c for pair in pairs for c in pair)]


def _three_straights(hand: Sequence[Card]) -> list[list[Card]]:
    counts = rank_counts(hand)
    for s3 in _SEQ3:
        for a, b in itertools.combinations_with_replacement(_SEQ5, 2):
            need = [0] * 13
            for r in (*s3, *a, *b):
                need[r] += 1
            if tuple(need) != counts:
                continue
            pool: dict[int, list[Card]] = {}
            for card in sorted(hand):
                pool.setdefault(card.rank, []).append(card)
            return [[pool[r].pop() for r in seq] for seq in (s3, a, b)]
    raise MaterialError("no three straights")  # pragma: no cover - checked by the caller


@dataclass(frozen=True, slots=True)
class Setting:
    """A position's 13 cards set in three tiers (Art 7): front 3, middle 5, back 5.

    Construction checks the counts and that no card repeats; it does not refuse a fouled
    setting (a player may confirm one and lose, Art 7): see :attr:`fouled`.

    >>> s = Setting.parse("Ah Ad Ac / Ks Kd 9c 9d 2s / Qh Jh Th 9h 8h")
    >>> str(s), s.fouled
    ('Ah Ad Ac / Ks Kd 9c 9d 2s / Qh Jh Th 9h 8h', True)
    >>> Setting.parse("Ah Ad / Ks Kd 9c 9d 2s / Qh Jh Th 9h 8h 3c")
    Traceback (most recent call last):
    ...
    croupier.errors.CardCountError: expected 3 cards, got 2 in 'front'
    """

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]

    def __post_init__(self) -> None:
        for tier in Tier:
            cards = self.tier(tier)
            if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
                raise RecordError(tier.label, f"the {tier.label} tier must be a tuple of cards")
            if len(cards) != TIER_SIZES[tier]:
                raise CardCountError(str(TIER_SIZES[tier]), len(cards), tier.label)
        parse_cards(self.cards, count=13)  # a repeated card: DuplicateCardError naming it

    @classmethod
    def of(
        cls,
        front: Iterable[Card | str] | str,
        middle: Iterable[Card | str] | str,
        back: Iterable[Card | str] | str,
    ) -> Setting:
        return cls(parse_cards(front), parse_cards(middle), parse_cards(back))

    @classmethod
    def parse(cls, text: str) -> Setting:
        """``"front / middle / back"``: three groups of cards separated by ``/``."""
        if not isinstance(text, str):
            raise NotationError(repr(text), f"a setting is text, got {text!r}")
        parts = text.split("/")
        if len(parts) != 3:
            raise NotationError(
                text, f"a setting is 'front / middle / back' (three groups), got {text!r}"
            )
        return cls.of(*(p.strip() for p in parts))

    def tier(self, tier: Tier) -> tuple[Card, ...]:
        return (self.front, self.middle, self.back)[Tier(tier)]

    @property
    def cards(self) -> tuple[Card, ...]:
        return (*self.front, *self.middle, *self.back)

    def ranks(self) -> tuple[HandRank, HandRank, HandRank]:
        """The front, middle and back hands, ranked."""
        return (rank(self.front), rank(self.middle), rank(self.back))

    def strengths(self) -> tuple[int, int, int]:
        """THIRTEEN strengths of front, middle and back (comparable across tiers)."""
        return (
            strength_of_codes([c.code for c in self.front]),
            strength_of_codes([c.code for c in self.middle]),
            strength_of_codes([c.code for c in self.back]),
        )

    @property
    def fouled(self) -> bool:
        """Art 7: the tiers are not in ascending order (front <= middle <= back)."""
        return is_fouled(self)

    def uses(self, hand: Iterable[Card]) -> bool:
        """Whether this setting places exactly the cards of ``hand``."""
        return sorted(self.cards) == sorted(hand)

    def __str__(self) -> str:
        return " / ".join(format_cards(self.tier(t)) for t in Tier)

    def to_dict(self) -> dict[str, list[str]]:
        return {t.label: [str(c) for c in self.tier(t)] for t in Tier}

    @classmethod
    def from_dict(cls, data: Any) -> Setting:
        if not isinstance(data, dict) or set(data) != {"front", "middle", "back"}:
            raise RecordError("setting", f"a setting is {{front, middle, back}}, got {data!r}")
        return cls.of(data["front"], data["middle"], data["back"])


def is_fouled(setting: Setting) -> bool:
    """Art 7: True when front > middle or middle > back.

    >>> is_fouled(Setting.parse("Kd Kc 5h / Ks Kh 5s 3d 2c / Ah Ac 9s 8s 7s"))
    False
    """
    f, m, b = setting.strengths()
    return not f <= m <= b


@dataclass(frozen=True, slots=True)
class TierResult:
    """One tier played: both formations, who won it (Art 8, 10) and the points scored."""

    tier: Tier
    player: str  #: the player's formation, described
    banker: str
    winner: str  #: "player" or "banker"
    points: int
    article: str

    def explain(self) -> str:
        rule = " (identical: the banker's, Art 10)" if self.article == "Art 10" else ""
        return (
            f"{self.tier.label}: player {self.player} vs banker {self.banker}: "
            f"{self.winner} +{self.points}{rule}"
        )


@dataclass(frozen=True, slots=True)
class Score:
    """A position's round against the banker: the outcome, each side's points, why."""

    outcome: Outcome
    player_points: int
    banker_points: int
    player_natural: Natural | None
    banker_natural: Natural | None
    player_fouled: bool
    tiers: tuple[TierResult, ...]
    article: str
    #: the banker's setting has fouled (a dealer's mistake, Art 7)
    banker_fouled: bool = False

    @property
    def margin(self) -> int:
        return self.player_points - self.banker_points

    def explain(self) -> list[str]:
        lines = [t.explain() for t in self.tiers]
        if self.player_natural or self.banker_natural:
            p = self.player_natural.label if self.player_natural else "no natural"
            b = self.banker_natural.label if self.banker_natural else "no natural"
            lines.append(f"naturals: player {p}, banker {b}")
        if self.player_fouled:
            lines.append("the player's setting has fouled: it loses (Art 7)")
        elif self.banker_fouled:
            lines.append("the banker's setting has fouled: the banker's place loses (Art 7)")
        lines.append(
            f"{self.outcome.value}: player {self.player_points}, banker {self.banker_points} "
            f"({self.article})"
        )
        return lines

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome.value,
            "player_points": self.player_points,
            "banker_points": self.banker_points,
            "player_natural": self.player_natural.value if self.player_natural else None,
            "banker_natural": self.banker_natural.value if self.banker_natural else None,
            "player_fouled": self.player_fouled,
            "banker_fouled": self.banker_fouled,
            "article": self.article,
            "tiers": [
                {
                    "tier": t.tier.label,
                    "player": t.player,
                    "banker": t.banker,
                    "winner": t.winner,
                    "points": t.points,
                    "article": t.article,
                }
                for t in self.tiers
            ],
            "explanation": self.explain(),
        }


def play_tiers(player: Setting, banker: Setting) -> tuple[TierResult, ...]:
    """The three tiers of ``player`` against ``banker`` (Art 8, 9 II, 10)."""
    out = []
    p_ranks, b_ranks = player.ranks(), banker.ranks()
    for tier in Tier:
        p, b = p_ranks[tier], b_ranks[tier]
        if p.strength > b.strength:
            winner, hand, article = "player", p, "Art 9 II"
        else:
            winner, hand = "banker", b
            article = "Art 10" if p.strength == b.strength else "Art 9 II"
        out.append(
            TierResult(
                tier=tier,
                player=p.describe(),
                banker=b.describe(),
                winner=winner,
                points=tier_points(tier, hand.category),
                article=article,
            )
        )
    return tuple(out)


def score(
    player_cards: Iterable[Card | str] | str,
    player: Setting | None,
    banker_cards: Iterable[Card | str] | str,
    banker: Setting | None,
    readings: Readings = LETTER,
) -> Score:
    """A position's result against the banker.

    ``player_cards`` / ``banker_cards`` are the 13 cards; ``player`` / ``banker`` their
    settings (None: the side declares its natural, which it must hold). The two hands come from
    one deck: a card in both is a :class:`~croupier.errors.DuplicateCardError` naming it.

    Order of the rules (the letter, :data:`LETTER`): a fouled player setting loses
    automatically (Art 7: the tiers are reported for the record, the points are 0 to 0); else a
    fouled banker setting (a dealer's mistake, recorded as such) loses to the position (Art 7);
    else a natural beats any non-natural and two naturals tie (Art 9 I; naturals as
    :func:`shown_naturals` reads them); else tier points (Art 8). With
    ``readings.naturals_from_cards`` the naturals come first, from the cards whatever the
    setting, and a setting holding a natural is no foul.
    """
    p_cards, b_cards = _check_13(player_cards), _check_13(banker_cards)
    parse_cards((*p_cards, *b_cards), count=26)  # one deck (Art 1 a): a shared card is refused
    p_held, b_held = naturals_of(p_cards, readings), naturals_of(b_cards, readings)
    for who, s, cards, held in (
        ("player", player, p_cards, p_held),
        ("banker", banker, b_cards, b_held),
    ):
        if s is None and not held:
            raise RecordError(who, f"the {who} holds no natural and must set the cards (Art 7)")
        if s is not None and not s.uses(cards):
            raise RecordError(who, f"the {who}'s setting does not use the {who}'s 13 cards")
    p_nat = named(shown_naturals(p_cards, player, readings))
    b_nat = named(shown_naturals(b_cards, banker, readings))
    from_cards = readings.naturals_from_cards
    p_foul = player is not None and player.fouled and not (from_cards and p_nat)
    b_foul = banker is not None and banker.fouled and not (from_cards and b_nat)
    if from_cards and (p_nat or b_nat):  # the naturals first, whatever the settings
        return _natural_score(p_nat, b_nat, p_foul)
    tiers = play_tiers(player, banker) if player is not None and banker is not None else ()
    if p_foul:  # a fouled position loses without points, whatever the banker (Art 7)
        return Score(Outcome.LOSE, 0, 0, None, b_nat, True, tiers, "Art 7", b_foul)
    if b_foul:  # the banker's place loses (Art 7)
        return Score(Outcome.WIN, 0, 0, p_nat, None, False, tiers, "Art 7", True)
    if p_nat or b_nat:
        return _natural_score(p_nat, b_nat, False)
    assert player is not None and banker is not None
    p_pts = sum(t.points for t in tiers if t.winner == "player")
    b_pts = sum(t.points for t in tiers if t.winner == "banker")
    outcome = Outcome.WIN if p_pts > b_pts else Outcome.LOSE if p_pts < b_pts else Outcome.TIE
    return Score(outcome, p_pts, b_pts, None, None, False, tiers, "Art 8")


def _natural_score(p_nat: Natural | None, b_nat: Natural | None, p_foul: bool) -> Score:
    """Art 9 I: a natural scores 3, beats any non-natural; natural against natural ties."""
    if p_nat and b_nat:
        return Score(
            Outcome.TIE, NATURAL_POINTS, NATURAL_POINTS, p_nat, b_nat, False, (), "Art 9 I"
        )
    if p_nat:
        return Score(Outcome.WIN, NATURAL_POINTS, 0, p_nat, None, False, (), "Art 9 I")
    return Score(Outcome.LOSE, 0, NATURAL_POINTS, None, b_nat, p_foul, (), "Art 9 I")
