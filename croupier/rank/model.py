"""One model of formations and their order, configured per game.

A hand's *key* is ``(category, d1, ..., d5)``: the formation (:class:`Category`) and then the
ranks that decide between two hands of that formation, in order of significance, padded with 0.
The key is written straight from the articles (:func:`reference_key`, the readable reference
implementation); a rule set's *strength* is the position of a key in the sorted list of every key
its hands can have (1 = weakest, 0 = no hand), so strengths are small dense integers and higher
is better. The fast paths (scalar and batch) look strengths up in a perfect-hash table built from
the reference, and the tests check they agree on every hand.

Rule sets:

- :data:`THIRTEEN` — Portaria 51/89/M Art 9 II. A-2-3-4-5 is the highest straight flush and the
  second straight (after A-K-Q-J-10); the royal flush is its own formation; a four of a kind is
  ranked by the four alone, a full house and a trio by the trio alone. 3-card hands (the front
  tier, Art 7) rank trio > pair > high card and share the 5-card scale, so the foul check of Art 7
  is a plain comparison: a front whose compared ranks all equal the middle's is not above it.
- :data:`STUD40` — Portaria 104/85/M Art 1 a and Art 5, on the 40-card deck: A-5-6-7-8 is the
  lowest straight (and straight flush), the order as written (full house above flush).
- :data:`STUD40_A5_FLUSH` — the same, except that A-5-6-7-8 of one suit is a flush (ace high),
  not a straight flush: Art 5.6 lets the ace count as 4 in "the sequence A-5-6-7-8" under the
  straight only, and Art 5.2 gives no such word for the straight flush (the stud table option
  ``ace_low_straight_flush = False``).

>>> THIRTEEN.key_of_cards("Ah 2h 3h 4h 5h") > THIRTEEN.key_of_cards("Kh Qh Jh Th 9h")
True
>>> STUD40.key_of_cards("Ah 5c 6c 7c 8c") < STUD40.key_of_cards("5h 6c 7c 8c 9d")
True
>>> STUD40.category_of(STUD40.strength_of_key(STUD40.key_of_cards("Ac 5c 6c 7c 8c"))).label
'straight flush'
>>> rules = STUD40_A5_FLUSH
>>> rules.category_of(rules.strength_of_key(rules.key_of_cards("Ac 5c 6c 7c 8c"))).label
'flush'
"""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TYPE_CHECKING, Any, Final, TypeVar

from croupier.cards import Card, Deck, Rank, parse_cards

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

Key = tuple[int, ...]
T = TypeVar("T")
KEY_DIGITS: Final = 5


class Category(IntEnum):
    """Formations, weakest first. Both regulations list them in this order (51/89/M Art 9 II,
    104/85/M Art 5), full house above flush even on the 40-card deck."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ")

    @property
    def slug(self) -> str:
        return self.name.lower()


def _seq(symbols: str) -> tuple[Rank, ...]:
    return tuple(Rank.parse(s) for s in symbols)


#: Per-rank keys whose sums are distinct among the multisets of 5 ranks (each rank at most 4
#: times), and among those of 3 ranks: a greedy search (each key the smallest that keeps all
#: sums distinct) found them; ``tests/rank/test_rank_model.py`` re-checks the property.
RANK_KEYS: Final[tuple[int, ...]] = (
    0,
    1,
    5,
    22,
    94,
    312,
    992,
    2422,
    5624,
    12522,
    19998,
    43258,
    79415,
)
#: bits of the rank-key sum; above them, 3-bit suit counters (one per suit) detect a flush.
RANK_BITS: Final = 19
RANK_MASK: Final = (1 << RANK_BITS) - 1
SUIT_BITS: Final = 3


@dataclass(frozen=True, eq=False)
class RankRules:
    """A game's hand-ranking rules. Identity matters: strengths of two rule sets don't compare."""

    name: str
    title: str
    deck: Deck
    sizes: frozenset[int]
    #: 5-card straights, lowest first (each as the five ranks, highest first)
    straights: tuple[tuple[Rank, ...], ...]
    #: 5-card straight flushes other than the royal flush, lowest first
    straight_flushes: tuple[tuple[Rank, ...], ...]
    royal: tuple[Rank, ...]
    citation: str
    _cache: dict[str, object] = field(default_factory=dict, repr=False, compare=False)
    # reentrant: building one table asks for others (the tables need the strength index)
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False, compare=False)

    def __repr__(self) -> str:
        return f"RankRules({self.name!r})"

    # ----- the reference: keys straight from the articles ------------------------------------
    def reference_key(self, ranks: Sequence[int], flush: bool) -> Key:
        """The key of a hand from its ranks (any order) and whether its 5 cards share a suit."""
        n = len(ranks)
        if n not in self.sizes:
            raise ValueError(f"{self.name} ranks hands of {sorted(self.sizes)} cards, not {n}")
        counts = Counter(ranks)
        shape = sorted(counts.values(), reverse=True)
        # ranks by group size then rank: the order of significance
        by_group = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
        digits = [r + 1 for r in by_group]
        desc = sorted(ranks, reverse=True)
        cat: Category
        if n == 3:
            if shape == [3]:
                cat, digits = Category.THREE_OF_A_KIND, digits[:1]
            elif shape == [2, 1]:
                cat = Category.PAIR
            else:
                cat, digits = Category.HIGH_CARD, [r + 1 for r in desc]
            return _pad(cat, digits)
        if shape == [1, 1, 1, 1, 1]:
            ranks_set = frozenset(ranks)
            if flush:
                if ranks_set == frozenset(self.royal):
                    return _pad(Category.ROYAL_FLUSH, [])
                sf = self._sf_index().get(ranks_set)
                if sf is not None:
                    return _pad(Category.STRAIGHT_FLUSH, [sf + 1])
                return _pad(Category.FLUSH, [r + 1 for r in desc])
            st = self._straight_index().get(ranks_set)
            if st is not None:
                return _pad(Category.STRAIGHT, [st + 1])
            return _pad(Category.HIGH_CARD, [r + 1 for r in desc])
        if flush:
            raise ValueError("a flush has five different ranks")
        if shape == [4, 1]:  # by the four; the odd card does not count (Art 9 II 3 / Art 5.3)
            return _pad(Category.FOUR_OF_A_KIND, digits[:1])
        if shape == [3, 2]:  # by the trio, whatever the pair (Art 9 II 4 / Art 5.4)
            return _pad(Category.FULL_HOUSE, digits[:1])
        if shape == [3, 1, 1]:  # by the trio, whatever the odd cards (Art 9 II 7 / Art 5.7)
            return _pad(Category.THREE_OF_A_KIND, digits[:1])
        if shape == [2, 2, 1]:
            return _pad(Category.TWO_PAIR, digits)
        if shape == [2, 1, 1, 1]:
            return _pad(Category.PAIR, digits)
        raise ValueError(f"no formation has the shape {shape}")

    def key_of_cards(self, cards: str | Iterable[Card | str]) -> Key:
        """The reference key of a hand given in notation or as cards (validated)."""
        hand = parse_cards(cards, deck=self.deck, count=sorted(self.sizes))
        flush = len(hand) == 5 and len({c.suit for c in hand}) == 1
        return self.reference_key([c.rank for c in hand], flush)

    def _cached(self, name: str, build: Callable[[], T]) -> T:
        """A lazily built table, built once even when threads ask for it at the same time."""
        value = self._cache.get(name)
        if value is None:
            with self._lock:
                value = self._cache.get(name)
                if value is None:
                    value = build()
                    self._cache[name] = value
        return value  # type: ignore[return-value]

    def _straight_index(self) -> dict[frozenset[int], int]:
        return self._cached(
            "straights", lambda: {frozenset(s): i for i, s in enumerate(self.straights)}
        )

    def _sf_index(self) -> dict[frozenset[int], int]:
        return self._cached(
            "straight_flushes",
            lambda: {frozenset(s): i for i, s in enumerate(self.straight_flushes)},
        )

    # ----- every key, in order ---------------------------------------------------------------
    def all_keys(self) -> tuple[Key, ...]:
        """Every key a hand can have under these rules, weakest first."""
        return self._cached("keys", lambda: tuple(sorted(set(self._pattern_keys().values()))))

    def _pattern_keys(self) -> dict[tuple[tuple[int, ...], bool], Key]:
        """The reference key of every (rank multiset, flush) pattern, computed once."""
        return self._cached(
            "pattern_keys", lambda: {p: self.reference_key(*p) for p in self.rank_patterns()}
        )

    def rank_patterns(self) -> Iterable[tuple[tuple[int, ...], bool]]:
        """Every (rank multiset, flush) a hand of this deck can show."""
        ranks = [int(r) for r in self.deck.ranks]
        for size in sorted(self.sizes):
            for combo in itertools.combinations_with_replacement(ranks, size):
                if max(Counter(combo).values()) > 4:
                    continue
                yield combo, False
                if size == 5 and len(set(combo)) == 5:
                    yield combo, True

    def strength_of_key(self, key: Key) -> int:
        return self._strength_index()[key]

    def key_of(self, strength: int) -> Key:
        """The key of a strength (1..max_strength)."""
        if not 1 <= strength <= self.max_strength:
            raise ValueError(f"strength {strength} outside 1..{self.max_strength}")
        return self.all_keys()[strength - 1]

    def category_of(self, strength: int) -> Category:
        return Category(self.key_of(strength)[0])

    @property
    def max_strength(self) -> int:
        return len(self.all_keys())

    def _strength_index(self) -> dict[Key, int]:
        return self._cached("index", lambda: {k: i + 1 for i, k in enumerate(self.all_keys())})

    # ----- the perfect-hash table shared by the scalar and batch paths ------------------------
    @property
    def tables(self) -> HashTables:
        return self._cached("tables", lambda: HashTables.build(self))

    def prime(self, load: Callable[[], tuple[tuple[Key, ...], HashTables]]) -> None:
        """Use the prebuilt keys (:meth:`all_keys`) and hash tables ``load()`` gives instead of
        building them (a game ships them as package data, checked against a rebuild by its
        tests). ``load`` is called at most once for both, under these rules' own lock, and only
        while one of them is neither built nor primed; a table already built is kept. Cheap to
        call again (every table's start does)."""
        cache = self._cache
        if "keys" in cache and "tables" in cache:
            return
        with self._lock:
            if "keys" in cache and "tables" in cache:
                return
            keys, tables = load()
            cache.setdefault("keys", keys)
            cache.setdefault("tables", tables)

    def card_bits(self) -> NDArray[np.uint64]:
        """One bit per card of the deck, indexed by any uint8 code; 0 for every other code (a
        card outside the deck adds no bit, a repeated card its bit once: batch validation)."""

        def build() -> NDArray[np.uint64]:
            import numpy as np

            bits = np.zeros(256, dtype=np.uint64)
            for code in self.deck.codes:
                bits[code] = np.uint64(1) << np.uint64(code)
            return bits

        return self._cached("bits", build)

    def categories_array(self) -> NDArray[np.uint8]:
        """Category of each strength, as an array indexed by strength (index 0 unused)."""
        import numpy as np

        return self._cached(
            "categories",
            lambda: np.array([0, *(k[0] for k in self.all_keys())], dtype=np.uint8),
        )


def _pad(cat: Category, digits: Sequence[int]) -> Key:
    return (int(cat), *digits, *([0] * (KEY_DIGITS - len(digits))))


@dataclass(frozen=True)
class HashTables:
    """``strength = table[(s & RANK_MASK) + flush_offset[s >> RANK_BITS]]`` where ``s`` is the
    sum of ``card_value[code]`` over the hand's cards. ``card_value`` packs the rank's key (low
    19 bits) and a 1 in the card's 3-bit suit counter; ``flush_offset`` maps the four counters
    to ``flush_base`` when one of them reads 5, else 0. Cards not in the rules' deck have value
    ``INVALID`` so they can be told apart. The NumPy forms of the tables (the batch path's:
    ``card_value_np``, ``flush_offset_np``, ``table_np``) are made when first read, unless given
    in ``arrays`` (a scalar caller, such as a simulation of five-card stud, never imports
    NumPy)."""

    card_value: tuple[int, ...]
    flush_offset: tuple[int, ...]
    #: a tuple when built here; the 13-card game's shipped tables give an ``array("H")``
    table: Sequence[int]
    flush_base: int
    size3_base: int
    #: the NumPy forms given or made so far, by name (``card_value``, ``flush_offset``,
    #: ``table``)
    arrays: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    INVALID = 0xFFFFFFFF

    @property
    def card_value_np(self) -> NDArray[np.uint32]:
        """``card_value`` as uint32, 256 entries so any uint8 code indexes it (codes 52..255
        are ``INVALID`` too)."""
        found = self.arrays.get("card_value")
        if found is None:
            import numpy as np

            padded = [*self.card_value, *[HashTables.INVALID] * (256 - len(self.card_value))]
            found = self.arrays["card_value"] = np.array(padded, dtype=np.uint32)
        result: NDArray[np.uint32] = found
        return result

    @property
    def flush_offset_np(self) -> NDArray[np.uint32]:
        found = self.arrays.get("flush_offset")
        if found is None:
            import numpy as np

            found = self.arrays["flush_offset"] = np.array(self.flush_offset, dtype=np.uint32)
        result: NDArray[np.uint32] = found
        return result

    @property
    def table_np(self) -> NDArray[np.uint16]:
        found = self.arrays.get("table")
        if found is None:
            import numpy as np

            found = self.arrays["table"] = np.array(self.table, dtype=np.uint16)
        result: NDArray[np.uint16] = found
        return result

    @staticmethod
    def build(rules: RankRules) -> HashTables:
        deck_ranks = [int(r) for r in rules.deck.ranks]
        rank_key = dict(zip(deck_ranks, RANK_KEYS, strict=False))
        top_key = max(rank_key.values())
        card_value = []
        for code in range(52):
            r, s = divmod(code, 4)
            if code in rules.deck.codes:
                card_value.append(rank_key[r] | (1 << (RANK_BITS + SUIT_BITS * s)))
            else:
                card_value.append(HashTables.INVALID)
        flush_base = 5 * top_key + 1
        assert flush_base <= RANK_MASK + 1
        flush_offset = []
        for counters in range(1 << (4 * SUIT_BITS)):
            fields = [(counters >> (SUIT_BITS * i)) & 7 for i in range(4)]
            flush_offset.append(flush_base if 5 in fields else 0)
        size3_base = 2 * flush_base
        size3_len = 3 * top_key + 1 if 3 in rules.sizes else 0
        table = [0] * (size3_base + size3_len)
        index = rules._strength_index()
        for (ranks, flush), key in rules._pattern_keys().items():
            s = sum(rank_key[r] for r in ranks)
            slot = s + (flush_base if flush else 0) + (size3_base if len(ranks) == 3 else 0)
            value = index[key]
            if table[slot] not in (0, value):
                raise AssertionError(f"rank keys collide at {ranks}")
            table[slot] = value
        return HashTables(
            card_value=tuple(card_value),
            flush_offset=tuple(flush_offset),
            table=tuple(table),
            flush_base=flush_base,
            size3_base=size3_base,
        )


#: 13-card sequences below the top, lowest first: 6-5-4-3-2 ... K-Q-J-10-9, then A-2-3-4-5, which
#: is the highest straight flush (Art 9 II 2) and the straight second only to A-K-Q-J-10
#: (Art 9 II 6). Each is written highest card first (the ace low in 5-4-3-2-A).
_THIRTEEN_SEQUENCES: Final = tuple(
    _seq(s)
    for s in ("65432", "76543", "87654", "98765", "T9876", "JT987", "QJT98", "KQJT9", "5432A")
)
#: 40-card sequences below the top, lowest first: A-5-6-7-8 (the ace counts as 4, Art 5.6) ...
#: K-Q-J-10-9.
_STUD40_SEQUENCES: Final = tuple(
    _seq(s) for s in ("8765A", "98765", "T9876", "JT987", "QJT98", "KQJT9")
)
_TOP: Final = _seq("AKQJT")  # the highest straight; suited, the royal flush (its own formation)

THIRTEEN: Final = RankRules(
    name="thirteen",
    title="13-card game (Portaria 51/89/M Art 9 II)",
    deck=Deck.STANDARD_52,
    sizes=frozenset({3, 5}),
    straights=(*_THIRTEEN_SEQUENCES, _TOP),
    straight_flushes=_THIRTEEN_SEQUENCES,
    royal=_TOP,
    citation="Portaria 51/89/M, Art 9 II (5-card tiers) and Art 7 (the 3-card front tier)",
)

STUD40: Final = RankRules(
    name="stud40",
    title="Five-card stud on the 40-card deck (Portaria 104/85/M Art 5)",
    deck=Deck.STUD_40,
    sizes=frozenset({5}),
    straights=(*_STUD40_SEQUENCES, _TOP),
    straight_flushes=_STUD40_SEQUENCES,
    royal=_TOP,
    citation="Portaria 104/85/M, Art 1 a (deck) and Art 5 (order of hands)",
)

STUD40_A5_FLUSH: Final = RankRules(
    name="stud40-a5-flush",
    title="Five-card stud on the 40-card deck, A-5-6-7-8 suited a flush (Portaria 104/85/M Art 5)",
    deck=Deck.STUD_40,
    sizes=frozenset({5}),
    straights=(*_STUD40_SEQUENCES, _TOP),
    straight_flushes=_STUD40_SEQUENCES[1:],
    royal=_TOP,
    citation="Portaria 104/85/M, Art 5.2 and 5.6 (the ace low in the straight only)",
)

RULES: Final[dict[str, RankRules]] = {r.name: r for r in (THIRTEEN, STUD40)}


def rules_named(name: str) -> RankRules:
    try:
        return RULES[name]
    except KeyError:
        from croupier.errors import NotationError

        raise NotationError(name, f"unknown rules {name!r} (use {', '.join(RULES)})") from None
