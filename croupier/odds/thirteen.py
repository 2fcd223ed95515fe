"""Exact odds of the naturals of the 13-card game (Portaria 51/89/M Art 9 I), one seat's hand.

A seat holds 13 cards of one 52-card deck: ``C(52, 13) = 635,013,559,600`` equally likely hands
(the other seats' cards, unseen, do not change one seat's distribution). Art 9 I lists four
naturals, recognised from the 13 cards whatever the setting (:func:`naturals_of
<croupier.games.thirteen.scoring.naturals_of>` is the one definition, GAMES.md §1):

* **dragon**: 13 different ranks;
* **six pairs and a half**: ``sum(count // 2) == 6`` over the ranks and no trio (a four is two
  pairs; the 13th card is «desigual», so a trio is no pair and odd card, unless the table's
  option ``six_pairs_with_trio``, :class:`~croupier.games.thirteen.scoring.Readings`);
* **three flushes**: the suit counts split as 3 + 5 + 5 (shapes 5-5-3, 8-5, 10-3, 13);
* **three straights**: the ranks are a 3-card sequence (A-2-3 .. Q-K-A) and two 5-card ones
  (A-2-3-4-5 .. 10-J-Q-K-A), suits ignored.

A hand may hold several (every dragon is also three straights); it is *named* by the first kind
Art 9 I lists. Natural against natural is a tie whatever the kinds, so what a table sees is the
union, :attr:`NaturalOdds.any_natural`.

**Method** (exact integers, no sampling). A hand is a rank-count vector ``v`` (13 counts 0..4
summing to 13) and, for each rank, which ``v_r`` of the 4 suits: ``prod_r C(4, v_r)`` hands.
Dragon and six pairs depend only on the *multiset* of ``v``'s counts (ranks are interchangeable),
three straights on ``v`` itself (:func:`three_straight_patterns
<croupier.games.thirteen.scoring.three_straight_patterns>`, 589 vectors). Three flushes depends
on the suit counts; the number of suit assignments of ``v`` whose suit counts are a
three-flushes shape again depends only on the multiset of ``v``'s counts, so it is one dynamic
programme per multiset (there are 39) over the ranks, its state the suit counts so far, sorted
(suits are interchangeable too). Each of the 39 multisets, split into its three-straights
vectors and the rest, then gives the number of hands holding *exactly* each set of kinds
(:attr:`NaturalOdds.exactly`), from which every inclusive (``holds``), exclusive (``named``) and
union count follows. Checked on the way: the 39 multisets count all ``C(52, 13)`` hands and the
flush-shaped assignments sum to the direct count ``sum over suit-count vectors of
prod_s C(13, n_s)``.

>>> odds = natural_odds()
>>> odds.total == 635_013_559_600, odds.holds[Natural.DRAGON] == 4**13 == 67_108_864
(True, True)
>>> odds.holds[Natural.SIX_PAIRS_AND_A_HALF], odds.holds[Natural.THREE_FLUSHES]
(2514171088, 5705516392)
>>> odds.named[Natural.THREE_STRAIGHTS], odds.any_natural
(1939866200, 10204157200)
>>> natural_odds(Readings(six_pairs_with_trio=True)).holds[Natural.SIX_PAIRS_AND_A_HALF]
2856863152
>>> odds.probability(Natural.DRAGON)
Fraction(4194304, 39688347475)
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial, prod
from types import MappingProxyType
from typing import Any, Final

from croupier.games.thirteen.scoring import (
    LETTER,
    Natural,
    Readings,
    is_three_flushes_shape,
    three_straight_patterns,
)
from croupier.odds.report import fraction_text

__all__ = [
    "ARTICLE",
    "GAME",
    "HAND_CARDS",
    "NaturalOdds",
    "Readings",
    "natural_odds",
]

GAME: Final = "thirteen"
ARTICLE: Final = "Portaria 51/89/M Art 9 I"
#: Cards a seat holds (Art 2b) and the deck's ranks and suits.
HAND_CARDS: Final = 13
_RANKS: Final = 13
_SUITS: Final = 4
_PER_RANK: Final = 4  # one deck: each rank in 4 suits
_PER_SUIT: Final = 13


def _count_multisets() -> tuple[tuple[int, ...], ...]:
    """The multisets of a hand's rank counts: 13 counts 0..4 summing to 13, sorted high first."""
    out: list[tuple[int, ...]] = []

    def extend(prefix: list[int], left: int, cap: int) -> None:
        if len(prefix) == _RANKS:
            if left == 0:
                out.append(tuple(prefix))
            return
        for c in range(min(cap, left), -1, -1):
            if c * (_RANKS - len(prefix)) >= left:  # the rest (each <= c) can still reach left
                extend([*prefix, c], left - c, c)

    extend([], HAND_CARDS, _PER_RANK)
    return tuple(out)


def _vectors_with(multiset: tuple[int, ...]) -> int:
    """How many rank-count vectors have these counts: 13! / prod(multiplicity!)."""
    return factorial(_RANKS) // prod(factorial(k) for k in Counter(multiset).values())


def _hands_with(multiset: tuple[int, ...]) -> int:
    """Hands with one given rank-count vector of this multiset: prod_r C(4, v_r)."""
    return prod(comb(_PER_RANK, c) for c in multiset)


def _flush_assignments(multiset: tuple[int, ...]) -> int:
    """Of the ``prod_r C(4, v_r)`` suit assignments of one vector of this multiset, how many
    have three-flushes suit counts. A DP over the ranks; the state is the suit counts so far,
    sorted (a suit permutation maps assignments one to one, so the count reaching a state
    depends only on its sorted form)."""
    states: dict[tuple[int, ...], int] = {(0,) * _SUITS: 1}
    for c in multiset:
        if c == 0:
            continue
        nxt: dict[tuple[int, ...], int] = {}
        for state, ways in states.items():
            for suits in itertools.combinations(range(_SUITS), c):
                counts = list(state)
                for s in suits:
                    counts[s] += 1
                key = tuple(sorted(counts, reverse=True))
                nxt[key] = nxt.get(key, 0) + ways
        states = nxt
    return sum(ways for state, ways in states.items() if is_three_flushes_shape(state))


def _three_flushes_direct() -> int:
    """Three-flushes hands straight from the suits: sum over suit-count vectors of
    prod_s C(13, n_s) (the check of the DP)."""
    return sum(
        prod(comb(_PER_SUIT, n) for n in counts)
        for counts in itertools.product(range(_PER_SUIT + 1), repeat=_SUITS)
        if sum(counts) == HAND_CARDS and is_three_flushes_shape(counts)
    )


def _rank_kinds(multiset: tuple[int, ...], straights: bool, trio: bool) -> frozenset[Natural]:
    kinds: set[Natural] = set()
    if max(multiset) == 1:
        kinds.add(Natural.DRAGON)
    # Art 9 I: a four is two pairs; a trio a pair and the odd card only by the option
    if sum(c // 2 for c in multiset) == 6 and (trio or 3 not in multiset):
        kinds.add(Natural.SIX_PAIRS_AND_A_HALF)
    if straights:
        kinds.add(Natural.THREE_STRAIGHTS)
    return frozenset(kinds)


def _exact_counts(trio: bool) -> dict[frozenset[Natural], int]:
    """Hands holding exactly each set of kinds (the empty set: no natural)."""
    straights_by_multiset = Counter(
        tuple(sorted(v, reverse=True)) for v in three_straight_patterns()
    )
    exactly: Counter[frozenset[Natural]] = Counter()
    total = flushes = 0
    for multiset in _count_multisets():
        per_vector = _hands_with(multiset)
        flush = _flush_assignments(multiset)
        vectors = _vectors_with(multiset)
        straight_vectors = straights_by_multiset.pop(multiset, 0)
        for is_straights, n in ((True, straight_vectors), (False, vectors - straight_vectors)):
            kinds = _rank_kinds(multiset, is_straights, trio)
            exactly[kinds | {Natural.THREE_FLUSHES}] += n * flush
            exactly[kinds] += n * (per_vector - flush)
        total += vectors * per_vector
        flushes += vectors * flush
    if straights_by_multiset or total != comb(_RANKS * _PER_RANK, HAND_CARDS):
        raise AssertionError("the rank-count multisets do not cover the deck")  # pragma: no cover
    if flushes != _three_flushes_direct():  # pragma: no cover - an identity
        raise AssertionError(f"three flushes: DP {flushes} != direct {_three_flushes_direct()}")
    return {kinds: n for kinds, n in exactly.items() if n}


def _named(kinds: frozenset[Natural]) -> Natural | None:
    return next((k for k in Natural if k in kinds), None)


def _odds_entry(count: int, total: int) -> dict[str, Any]:
    p = Fraction(count, total)
    return {
        "count": count,
        "probability": fraction_text(p),
        "probability_float": float(p),
        "one_in": float(Fraction(total, count)) if count else None,
    }


@dataclass(frozen=True)
class NaturalOdds:
    """How many of the ``C(52, 13)`` hands hold each natural of Art 9 I.

    ``holds[k]``: hands holding kind ``k`` (a hand holding several counts in each);
    ``named[k]``: hands named by ``k``, the first kind Art 9 I lists among those held (disjoint);
    ``any_natural``: hands holding at least one (``sum(named.values())``);
    ``exactly[s]``: hands holding exactly the kinds in ``s`` (``frozenset()``: no natural), the
    atoms every other count is a sum of.
    """

    total: int
    holds: Mapping[Natural, int]
    named: Mapping[Natural, int]
    any_natural: int
    exactly: Mapping[frozenset[Natural], int]

    def probability(self, kind: Natural | None = None, *, named: bool = True) -> Fraction:
        """P(the hand is named ``kind``), or P(it holds ``kind``) when ``named=False``;
        ``kind=None``: P(any natural).

        >>> odds = natural_odds()
        >>> odds.probability(Natural.THREE_STRAIGHTS) < odds.probability(
        ...     Natural.THREE_STRAIGHTS, named=False)
        True
        """
        if kind is None:
            return Fraction(self.any_natural, self.total)
        counts = self.named if named else self.holds
        return Fraction(counts[Natural(kind)], self.total)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: counts as ints, probabilities as ``"p/q"`` and floats, odds "one in N"."""
        return {
            "game": GAME,
            "article": ARTICLE,
            "hands": self.total,
            "kinds": {
                kind.value: {
                    "label": kind.label,
                    "holds": _odds_entry(self.holds[kind], self.total),
                    "named": _odds_entry(self.named[kind], self.total),
                }
                for kind in Natural
            },
            "any_natural": _odds_entry(self.any_natural, self.total),
            "exactly": [
                {"kinds": [k.value for k in Natural if k in kinds], "count": n}
                for kinds, n in sorted(
                    self.exactly.items(),
                    key=lambda kv: [k not in kv[0] for k in Natural],
                )
            ],
        }


@functools.cache
def natural_odds(readings: Readings = LETTER) -> NaturalOdds:
    """The exact counts of every natural of Art 9 I in one seat's 13 cards (computed once per
    reading): by default the letter; ``readings.six_pairs_with_trio`` counts a trio as a pair
    and the odd card. (Three flushes and three straights count the hands that *can* be set as
    such, which is what a holder does: a natural beats every other setting.)"""
    exactly = _exact_counts(readings.six_pairs_with_trio)
    holds = {k: sum(n for kinds, n in exactly.items() if k in kinds) for k in Natural}
    named = {k: sum(n for kinds, n in exactly.items() if _named(kinds) is k) for k in Natural}
    any_natural = sum(n for kinds, n in exactly.items() if kinds)
    if any_natural != sum(named.values()):  # pragma: no cover - an identity
        raise AssertionError("the named counts do not add up to the union")
    order = sorted(exactly, key=lambda kinds: [k not in kinds for k in Natural])
    return NaturalOdds(
        total=comb(_RANKS * _PER_RANK, HAND_CARDS),
        holds=MappingProxyType(holds),
        named=MappingProxyType(named),
        any_natural=any_natural,
        exactly=MappingProxyType({kinds: exactly[kinds] for kinds in order}),
    )
