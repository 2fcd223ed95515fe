"""Five-card stud: the order of the showing (face-up) cards, which decides who speaks first.

Portaria 104/85/M Art 10:

- b) round 1, one up card each: the highest card must open; equal ranks are told apart by suit,
  spades > hearts > clubs > diamonds, **only** for deciding who speaks (never at the showdown);
- c) rounds 2 and 3, two and three up cards: pairs over single cards (round 3: trio, pair, high);
- d) round 4, four up cards: possible royal flush, possible straight flush, four of a kind,
  possible flush, possible straight (four consecutive ranks only: "10-9-6-7" is not one), trio,
  two pairs, pair, high card;
- e) the showdown starts from the right of the best four showing cards.

Readings (../shared/GAMES.md; :class:`ShowingOrder` is the table option):

- ``BEST_HAND`` (default, GAMES.md): the showing cards are ranked as a hand: within a formation
  by the ranks in order of significance, then, to break an exact tie of ranks, by the suits of the
  cards in that order (the suit order of Art 10 b extended to every round, since someone must
  speak first).
- ``NEWEST_CARD`` (the letter of Art 10 c-d): in round 2 "the pair, or else the highest *second*
  card"; in round 3 "the trio, or else a pair formed *with the third card*, or else the highest
  *third* card"; in round 4 the formations down to two pairs, then "a pair formed *with the fourth
  card*", then the highest *fourth* card.
- A *possible* straight flush or royal flush needs four suited cards of consecutive ranks (the
  exclusion of Art 10 d applies to every sequence): J-Q-K-A or 10-J-Q-K is a possible royal, any
  other four suited consecutive ranks a possible straight flush. On the 40-card deck A-5-6-7 is
  consecutive (the ace counts as 4 in A-5-6-7-8, Art 5.6).

>>> from croupier.cards import parse_cards
>>> a = showing_rank(parse_cards("Kh", deck=None))
>>> b = showing_rank(parse_cards("Ks", deck=None))
>>> b > a  # Art 10 b: equal kings, spades speak first
True
>>> print(showing_rank(parse_cards("Js Qs Ks As", deck=None)))
possible royal flush (As Ks Qs Js)
>>> best_showing({1: parse_cards("9s 9d"), 2: parse_cards("Ah Kh")})  # Art 10 c: pair first
1
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Final, TypeVar

from croupier.cards import Card, Rank, Suit
from croupier.errors import CardCountError
from croupier.rank.model import STUD40, RankRules

#: Art 10 b: spades, hearts, clubs, diamonds (for deciding who speaks only).
SUIT_PRECEDENCE: Final[dict[Suit, int]] = {
    Suit.SPADES: 4,
    Suit.HEARTS: 3,
    Suit.CLUBS: 2,
    Suit.DIAMONDS: 1,
}


class ShowingOrder(Enum):
    """Table option: how showing cards are compared (see the module docstring)."""

    BEST_HAND = "best-hand"
    NEWEST_CARD = "newest-card"


class ShowingCategory(IntEnum):
    """Art 10 d's formations of the showing cards, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    POSSIBLE_STRAIGHT = 4
    POSSIBLE_FLUSH = 5
    FOUR_OF_A_KIND = 6
    POSSIBLE_STRAIGHT_FLUSH = 7
    POSSIBLE_ROYAL_FLUSH = 8

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ")


@dataclass(frozen=True, order=True)
class ShowingRank:
    """Comparable (higher speaks first); ``cards`` are the deciding cards, most significant
    first. Ranks decide before suits: ``key`` holds the ranks, ``suits`` the tie-break."""

    category: ShowingCategory
    key: tuple[int, ...]
    suits: tuple[int, ...]
    #: shown, never compared: the order is formation, then ranks, then suits (Art 10 b)
    cards: tuple[Card, ...] = field(compare=False)

    def __str__(self) -> str:
        return f"{self.category.label} ({' '.join(str(c) for c in self.cards)})"


@functools.cache  # one list per rule set (RankRules hash by identity)
def _fours(rules: RankRules) -> list[frozenset[int]]:
    """Four consecutive ranks, lowest first: each straight without its top or its bottom."""
    out: list[frozenset[int]] = []
    for seq in rules.straights:  # each listed highest first, straights lowest first
        for four in (frozenset(seq[1:]), frozenset(seq[:-1])):
            if four not in out:
                out.append(four)
    return out


_ROYAL_FOURS: Final = (
    frozenset((Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)),
    frozenset((Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)),
)


@functools.cache
def _flush_fours(rules: RankRules) -> frozenset[frozenset[int]]:
    """Four consecutive ranks that one card makes a straight flush or a royal flush."""
    out: set[frozenset[int]] = set()
    for seq in (*rules.straight_flushes, rules.royal):
        out.update((frozenset(seq[1:]), frozenset(seq[:-1])))
    return frozenset(out)


@functools.cache
def _flush_sequences(rules: RankRules) -> tuple[tuple[Rank, ...], ...]:
    """The straight flushes and the royal flush, lowest first (each highest card first)."""
    return (*rules.straight_flushes, rules.royal)


def _gapped_draw(up: Sequence[Card], ranks: frozenset[int], rules: RankRules) -> ShowingRank | None:
    """Four suited cards one card completes to a royal or a straight flush, consecutive or not
    (the letter of Art 10 d, whose exclusion of non-consecutive fours is written for the
    straight): a possible royal flush, or a possible straight flush ranked by the highest
    straight flush it can make, then by its ranks in that sequence."""
    sequences = _flush_sequences(rules)
    for index in range(len(sequences) - 1, -1, -1):
        seq = sequences[index]
        if ranks <= frozenset(seq):
            cards = tuple(sorted(up, key=lambda c: seq.index(c.rank)))
            order = tuple(len(seq) - seq.index(c.rank) for c in cards)
            if seq == rules.royal:
                return _result(ShowingCategory.POSSIBLE_ROYAL_FLUSH, order, cards)
            return _result(ShowingCategory.POSSIBLE_STRAIGHT_FLUSH, (index, *order), cards)
    return None


def showing_rank(
    up: Sequence[Card],
    order: ShowingOrder = ShowingOrder.BEST_HAND,
    rules: RankRules = STUD40,
    *,
    gapped_flush_draws: bool = False,
) -> ShowingRank:
    """Rank 1 to 4 face-up cards, given in the order they were dealt. ``gapped_flush_draws``:
    a possible royal or straight flush need not be four consecutive ranks (the letter of
    Art 10 d; by default the exclusion of non-consecutive fours covers every sequence)."""
    n = len(up)
    if not 1 <= n <= 4:
        raise CardCountError("1 to 4 showing", n)
    counts = Counter(c.rank for c in up)
    shape = sorted(counts.values(), reverse=True)

    def significance(c: Card) -> tuple[int, int, int]:
        return (counts[c.rank], c.rank, SUIT_PRECEDENCE[c.suit])

    by_sig = tuple(sorted(up, key=significance, reverse=True))
    cat = ShowingCategory.HIGH_CARD
    if n == 4:
        ranks = frozenset(counts)
        suited = len({c.suit for c in up}) == 1
        fours = _fours(rules)
        consecutive = len(ranks) == 4 and ranks in fours
        if suited and gapped_flush_draws:
            draw = _gapped_draw(up, ranks, rules)
            if draw is not None:
                return draw
        elif suited and consecutive and ranks in _flush_fours(rules):
            cat = (
                ShowingCategory.POSSIBLE_ROYAL_FLUSH
                if ranks in _ROYAL_FOURS
                else ShowingCategory.POSSIBLE_STRAIGHT_FLUSH
            )
            return _result(cat, (fours.index(ranks),), _straight_order(up, ranks, rules))
        if shape == [4]:
            cat = ShowingCategory.FOUR_OF_A_KIND
        elif suited:
            cat = ShowingCategory.POSSIBLE_FLUSH
        elif consecutive:
            return _result(
                ShowingCategory.POSSIBLE_STRAIGHT,
                (fours.index(ranks),),
                _straight_order(up, ranks, rules),
            )
    if cat is ShowingCategory.HIGH_CARD:
        if shape[0] == 3:
            cat = ShowingCategory.THREE_OF_A_KIND
        elif shape[:2] == [2, 2]:
            cat = ShowingCategory.TWO_PAIR
        elif shape[0] == 2:
            cat = ShowingCategory.PAIR
    if order is ShowingOrder.NEWEST_CARD and n >= 2 and cat <= ShowingCategory.PAIR:
        newest = up[-1]
        if counts[newest.rank] == 2:  # a pair formed with the newest card
            pair = tuple(sorted((c for c in up if c.rank == newest.rank), key=significance))
            return _result(ShowingCategory.PAIR, (newest.rank,), pair[::-1])
        return _result(ShowingCategory.HIGH_CARD, (newest.rank,), (newest,))
    if cat in (ShowingCategory.FOUR_OF_A_KIND, ShowingCategory.THREE_OF_A_KIND):
        group = tuple(c for c in by_sig if counts[c.rank] >= 3)
        rest = tuple(c for c in by_sig if counts[c.rank] < 3)
        return _result(cat, (group[0].rank, *(c.rank for c in rest)), group + rest)
    return _result(cat, tuple(c.rank for c in by_sig), by_sig)


def _straight_order(
    cards: Sequence[Card], ranks: frozenset[int], rules: RankRules
) -> tuple[Card, ...]:
    """The cards of a consecutive four, highest first (the ace low in A-5-6-7)."""
    seq = next(s for s in reversed(rules.straights) if ranks <= frozenset(s))
    return tuple(sorted(cards, key=lambda c: seq.index(c.rank)))


def _result(cat: ShowingCategory, key: tuple[int, ...], cards: Sequence[Card]) -> ShowingRank:
    return ShowingRank(cat, key, tuple(SUIT_PRECEDENCE[c.suit] for c in cards), tuple(cards))


#: suit precedence by suit code (s, h, d, c): spades 4, hearts 3, clubs 2, diamonds 1
_PRECEDENCE: Final = tuple(SUIT_PRECEDENCE[Suit(code)] for code in range(4))

#: (category, rank key, suit tie-break) of showing cards, comparable
ShowingKey = tuple[int, tuple[int, ...], tuple[int, ...]]


@functools.cache
def _pattern(
    ranks: tuple[int, ...], suited: bool, rules: RankRules, gapped_flush_draws: bool
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(category, key, the distinct ranks in order of significance) of showing cards with these
    ranks (sorted) all of one suit or not, by the reference :func:`showing_rank` on one hand
    of that pattern: the category and the key depend on nothing else (at most a few thousand
    patterns)."""
    if suited:
        cards = [Card.of(Rank(r), Suit.SPADES) for r in ranks]
    else:  # distinct suits in turn: equal ranks differ, and four cards are never of one suit
        cards = [Card.of(Rank(r), Suit(i % 4)) for i, r in enumerate(ranks)]
    found = showing_rank(
        cards, ShowingOrder.BEST_HAND, rules, gapped_flush_draws=gapped_flush_draws
    )
    order = tuple(dict.fromkeys(int(c.rank) for c in found.cards))
    return int(found.category), tuple(int(k) for k in found.key), order


def showing_key(
    up: Sequence[Card], rules: RankRules = STUD40, *, gapped_flush_draws: bool = False
) -> ShowingKey:
    """``(category, key, suits)`` of :func:`showing_rank` (the best-hand order), by table: the
    rank pattern's category, key and order of significance are looked up, the suits follow
    (equal ranks by suit precedence). The tests compare it with :func:`showing_rank`."""
    n = len(up)
    if not 1 <= n <= 4:
        raise CardCountError("1 to 4 showing", n)
    # a card's code is rank * 4 + suit: the ranks and suits are read from the codes
    codes = [c.code for c in up]
    precedence = _PRECEDENCE
    if n == 1:
        code = codes[0]
        return (_HIGH_CARD, (code >> 2,), (precedence[code & 3],))
    ranks = sorted([code >> 2 for code in codes])
    suit = codes[0] & 3
    suited = n == 4 and all(code & 3 == suit for code in codes)
    category, key, order = _pattern(tuple(ranks), suited, rules, gapped_flush_draws)
    if len(order) == n:  # distinct ranks: one card each
        by_rank = {code >> 2: precedence[code & 3] for code in codes}
        return category, key, tuple([by_rank[r] for r in order])
    suits: list[int] = []
    for r in order:
        suits.extend(sorted([precedence[c & 3] for c in codes if c >> 2 == r], reverse=True))
    return category, key, tuple(suits)


_HIGH_CARD: Final = int(ShowingCategory.HIGH_CARD)

#: (category, rank key) of showing cards: a :data:`ShowingKey` without its suit tie-break
ShowingPattern = tuple[int, tuple[int, ...]]


def showing_pattern(
    up: Sequence[Card], rules: RankRules = STUD40, *, gapped_flush_draws: bool = False
) -> ShowingPattern:
    """``(category, key)`` of :func:`showing_key`, without the suits: the formation and its ranks,
    for a reader that breaks no exact tie (a bot sizing up a board; who speaks first by the
    newest card, Art 10 c-d, below a pair). The same lookup of the rank pattern, without the
    suits' sorting: about 2.5x faster. The tests compare it with :func:`showing_key`."""
    n = len(up)
    if not 1 <= n <= 4:
        raise CardCountError("1 to 4 showing", n)
    if n == 1:
        return (_HIGH_CARD, (up[0].code >> 2,))
    codes = [c.code for c in up]
    suit = codes[0] & 3
    suited = n == 4 and all(code & 3 == suit for code in codes)
    ranks = tuple(sorted([code >> 2 for code in codes]))
    category, key, _ = _pattern(ranks, suited, rules, gapped_flush_draws)
    return category, key


#: the masks of the per-rank card counts of a bit set of card codes (code = rank * 4 + suit:
#: each rank is a nibble, whose bits are its suits)
_ODD_BITS: Final = 0x5555_5555_5555_5555
_BIT_PAIRS: Final = 0x3333_3333_3333_3333
#: the bits of every card but those of one suit, by suit code (this and the flag below: the
#: stud fold keys four up cards with them too, games/five_card_stud/state.py's _apply_dealt)
_OTHER_SUITS: Final = tuple(
    sum(1 << (4 * r + t) for r in range(16) for t in range(4) if t != s) for s in range(4)
)
#: the flag of four suited cards in a count key (above the 13 ranks' nibbles)
_SUITED: Final = 1 << 60
#: the suits of one rank's nibble (a bit per suit code) by the precedence of Art 10 b, the
#: highest first
NIBBLE_SUITS: Final = tuple(
    tuple(sorted((_PRECEDENCE[s] for s in range(4) if nibble >> s & 1), reverse=True))
    for nibble in range(16)
)
_BY_COUNTS: dict[tuple[str, bool], dict[int, tuple[ShowingPattern, tuple[int, ...]]]] = {}


class MaskPatterns:
    """:func:`showing_pattern` and :func:`showing_key` of showing cards given as their bit set of
    card codes (``1 << code`` each), by table: the category and the ranks depend only on how many
    cards of each rank there are and on whether four are of one suit, so the table is keyed by
    those counts (a few thousand keys at most: filled as they come, never missed again), and the
    suits of a key are read from the bit set itself. The tests compare both with the functions
    on every set of showing cards of the 40-card deck."""

    __slots__ = ("_found", "_other", "gapped", "rules")

    def __init__(self, rules: RankRules = STUD40, *, gapped_flush_draws: bool = False) -> None:
        self.rules = rules
        self.gapped = gapped_flush_draws
        self._found = _BY_COUNTS.setdefault((rules.name, gapped_flush_draws), {})
        #: the other reading's table (gapped flush draws or not): the same entry for any key
        #: but four suited cards'
        self._other = _BY_COUNTS.setdefault((rules.name, not gapped_flush_draws), {})

    def entry(self, mask: int, n: int) -> tuple[ShowingPattern, tuple[int, ...]]:
        """``((category, key), the distinct ranks in order of significance)`` of the ``n``
        (1 to 4) cards whose codes are the bits of ``mask``."""
        x = mask - ((mask >> 1) & _ODD_BITS)
        counts = (x & _BIT_PAIRS) + ((x >> 2) & _BIT_PAIRS)  # each rank's nibble: its count
        if n == 4 and not mask & _OTHER_SUITS[((mask & -mask).bit_length() - 1) & 3]:
            counts |= _SUITED
        found = self._found.get(counts)
        if found is None and counts < _SUITED:
            found = self._other.get(counts)
            if found is not None:
                self._found[counts] = found
        if found is None:
            if not 1 <= n <= 4:
                raise CardCountError("1 to 4 showing", n)
            ranks: list[int] = []
            for r in range(13):
                ranks.extend([r] * ((counts >> (r << 2)) & 15))
            suited = counts >= _SUITED
            # the gapped reading changes only four suited cards: any other pattern is worked
            # out once for both readings (the reference's cache)
            category, key, order = _pattern(
                tuple(ranks), suited, self.rules, self.gapped and suited
            )
            found = self._found[counts] = ((category, key), order)
        return found

    @property
    def known(self) -> Mapping[int, tuple[ShowingPattern, tuple[int, ...]]]:
        """The entries found so far by their count key (read only): for fewer than four cards
        the key is the cards' rank counts themselves, so ``known.get(counts)`` is
        :meth:`of_counts` of them when found (None: ask :meth:`of_counts`)."""
        return self._found

    def of_counts(self, counts: int, mask: int, n: int) -> tuple[ShowingPattern, tuple[int, ...]]:
        """:meth:`entry`, the cards' rank counts given too (``counts``: the sum of
        ``1 << 4 * rank`` over the cards, kept as they come: no counting)."""
        if n == 4 and not mask & _OTHER_SUITS[((mask & -mask).bit_length() - 1) & 3]:
            counts |= _SUITED
        found = self._found.get(counts)
        return self.entry(mask, n) if found is None else found

    def pattern(self, mask: int, n: int) -> ShowingPattern:
        """:func:`showing_pattern` of the ``n`` cards of ``mask``."""
        return self.entry(mask, n)[0]

    def key(self, mask: int, n: int) -> ShowingKey:
        """:func:`showing_key` of the ``n`` cards of ``mask``: the pattern's, then each rank's
        suits in the order of significance, equal ranks by suit precedence."""
        (category, key), order = self.entry(mask, n)
        suits: tuple[int, ...] = ()
        for r in order:
            suits += NIBBLE_SUITS[(mask >> (r << 2)) & 15]
        return category, key, suits


K = TypeVar("K")


def best_showing(
    hands: Mapping[K, Sequence[Card]],
    order: ShowingOrder = ShowingOrder.BEST_HAND,
    rules: RankRules = STUD40,
    *,
    gapped_flush_draws: bool = False,
) -> K:
    """The seat whose showing cards speak first (Art 10 b-d). In one deck no two hands can
    tie once suits are compared, so the answer is unique."""
    if not hands:
        raise CardCountError("at least one hand of", 0)
    return max(
        hands,
        key=lambda seat: showing_rank(
            hands[seat], order, rules, gapped_flush_draws=gapped_flush_draws
        ),
    )
