"""Exact odds of the 13-card game's naturals, Portaria 51/89/M Art 9 I.

The module counts by rank-count *multisets* and a DP over sorted suit counts. Here every count
is rebuilt another way and pinned as a literal integer:

* six pairs and three straights by enumerating the rank-count vectors themselves (a pruned
  recursion; sequences generated from the rank symbols ``A23456789TJQKA``);
* three flushes by summing over every exact suit-count vector, the 3 + 5 + 5 split checked by
  trying every assignment of the three flushes to suits;
* the intersections with three flushes by a generating function over the *exact* (unsorted)
  suit-count vectors;
* and a seeded Monte Carlo deal of 200,000 hands, classified by a NumPy classifier that is
  cross-checked against :func:`naturals_of` hand by hand.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from math import comb, prod

import numpy as np
import pytest
from numpy.typing import NDArray

from croupier.cards import Card
from croupier.games.thirteen.scoring import (
    Natural,
    Readings,
    naturals_of,
    three_straight_patterns,
)
from croupier.odds.thirteen import NaturalOdds, natural_odds

D, S, F, T = (
    Natural.DRAGON,
    Natural.SIX_PAIRS_AND_A_HALF,
    Natural.THREE_FLUSHES,
    Natural.THREE_STRAIGHTS,
)
HANDS = 635_013_559_600  # C(52, 13)
# -- the golden integers (derived independently below, and pinned) -----------------------------
DRAGON = 67_108_864  # 4**13
SIX_PAIRS = 2_514_171_088  # the letter: the 13th card «desigual», so no trio
SIX_PAIRS_WITH_TRIO = 2_856_863_152  # the option six_pairs_with_trio
THREE_FLUSHES = 5_705_516_392
THREE_STRAIGHTS = 2_029_579_776
DRAGON_AND_FLUSHES = 883_744
SIX_PAIRS_AND_FLUSHES = 21_621_600
SIX_PAIRS_WITH_TRIO_AND_FLUSHES = 24_092_640
STRAIGHTS_AND_FLUSHES = 23_488_456  # dragons included
ANY_NATURAL = 10_204_157_200
ANY_NATURAL_WITH_TRIO = 10_544_378_224

RANK_SYMBOLS = "23456789TJQKA"  # index = croupier.cards.Rank
Vector = tuple[int, ...]


# -- independent enumerations -------------------------------------------------------------------
def six_pairs_vectors(pair_value: Callable[[int], int] = lambda c: c // 2) -> list[Vector]:
    """Every rank-count vector (13 counts 0..4 summing to 13) whose pairs, counted rank by rank
    with ``pair_value(count)``, total 6. The recursion enumerates the vectors one by one; it
    only skips a branch whose remaining ranks cannot bring it to 13 cards and 6 pairs."""

    @functools.cache
    def reachable(ranks: int, cards: int, pairs: int) -> bool:
        if ranks == 0:
            return cards == pairs == 0
        return any(
            reachable(ranks - 1, cards - c, pairs - pair_value(c))
            for c in range(5)
            if c <= cards and pair_value(c) <= pairs
        )

    def extend(prefix: list[int], cards: int, pairs: int) -> Iterator[Vector]:
        if len(prefix) == 13:
            assert cards == 13 and pairs == 6
            yield tuple(prefix)
            return
        for c in range(5):
            if reachable(12 - len(prefix), 13 - cards - c, 6 - pairs - pair_value(c)):
                yield from extend([*prefix, c], cards + c, pairs + pair_value(c))

    return list(extend([], 0, 0))


@functools.cache
def six_pairs() -> list[Vector]:
    """Six pairs and one unequal card (Art 9 I): no rank held three times."""
    return [v for v in six_pairs_vectors() if 3 not in v]


@functools.cache
def six_pairs_with_trio() -> list[Vector]:
    """The option six_pairs_with_trio: a trio is a pair and the odd card."""
    return six_pairs_vectors()


def hands_of(vector: Vector) -> int:
    return prod(comb(4, c) for c in vector)


def straight_vectors(low_ace_three: bool = True) -> set[Vector]:
    """Rank-count vectors of a 3-card and two 5-card sequences (at most 4 of a rank)."""
    ladder = "A" + RANK_SYMBOLS  # the ace low and high
    threes = [ladder[i : i + 3] for i in range(len(ladder) - 2)]
    fives = [ladder[i : i + 5] for i in range(len(ladder) - 4)]
    if not low_ace_three:
        threes.remove("A23")
    out = set()
    for three in threes:
        for a in fives:
            for b in fives:
                ranks = Counter(three + a + b)
                if max(ranks.values()) <= 4:
                    out.add(tuple(ranks[r] for r in RANK_SYMBOLS))
    return out


def splits_into_flushes(suit_counts: Vector, tiers: Vector = (3, 5, 5)) -> bool:
    """Can the suits hold a flush of each tier's size? Tries every tier -> suit assignment."""
    for suits in itertools.product(range(4), repeat=len(tiers)):
        sizes = [0] * 4
        for tier, suit in zip(tiers, suits, strict=True):
            sizes[suit] += tier
        if tuple(sizes) == tuple(suit_counts):
            return True
    return False


def suit_vectors() -> list[Vector]:
    return [v for v in itertools.product(range(14), repeat=4) if sum(v) == 13]


FLUSH_VECTORS = frozenset(v for v in suit_vectors() if splits_into_flushes(v))


def suit_count_polynomial(vector: Vector) -> NDArray[np.int64]:
    """``out[a, b, c, d]``: suit assignments of the rank-count vector with exactly a spades,
    b hearts, c diamonds, d clubs: the product over ranks of the elementary symmetric
    polynomial e_{v_r}(x_s, x_h, x_d, x_c)."""
    poly = np.zeros((14,) * 4, dtype=np.int64)
    poly[0, 0, 0, 0] = 1
    for c in vector:
        new = np.zeros_like(poly)
        for suits in itertools.combinations(range(4), c):
            shift = [1 if s in suits else 0 for s in range(4)]
            dst = tuple(slice(k, 14) for k in shift)
            src = tuple(slice(0, 14 - k) for k in shift)
            new[dst] += poly[src]
        poly = new
    return poly


def flush_assignments(vector: Vector) -> int:
    poly = suit_count_polynomial(vector)
    return sum(int(poly[v]) for v in FLUSH_VECTORS)


def with_flushes(vectors: list[Vector] | set[Vector]) -> int:
    """Hands with these rank vectors that hold three flushes (vectors grouped by their sorted
    counts: permuting the ranks permutes the polynomial's factors, not its value)."""
    groups = Counter(tuple(sorted(v)) for v in vectors)
    return sum(n * flush_assignments(m) for m, n in groups.items())


# -- golden facts -------------------------------------------------------------------------------
def test_art9_i_dragon_is_four_to_the_thirteen() -> None:
    # one card of each of the 13 ranks, any of 4 suits each
    assert DRAGON == 4**13 == 67_108_864
    assert natural_odds().holds[D] == DRAGON
    assert natural_odds().probability(D) == Fraction(4**13, comb(52, 13))


def test_art9_i_three_flushes_by_direct_suit_sum() -> None:
    shapes = {tuple(sorted((n for n in v if n), reverse=True)) for v in FLUSH_VECTORS}
    assert shapes == {(5, 5, 3), (8, 5), (10, 3), (13,)}
    direct = sum(prod(comb(13, n) for n in v) for v in FLUSH_VECTORS)
    by_shape = (
        12 * comb(13, 5) ** 2 * comb(13, 3)  # 5-5-3 in 4*3 ways
        + 12 * comb(13, 8) * comb(13, 5)
        + 12 * comb(13, 10) * comb(13, 3)
        + 4
    )
    assert direct == by_shape == THREE_FLUSHES
    assert natural_odds().holds[F] == THREE_FLUSHES


@pytest.mark.slow
def test_art9_i_six_pairs_by_brute_force_over_rank_vectors() -> None:
    vectors = six_pairs_with_trio()
    assert len(vectors) == 149_578
    assert all(sum(v) == 13 and sum(c // 2 for c in v) == 6 for v in vectors)
    assert sum(hands_of(v) for v in vectors) == SIX_PAIRS_WITH_TRIO
    assert natural_odds(Readings(six_pairs_with_trio=True)).holds[S] == SIX_PAIRS_WITH_TRIO
    letter = six_pairs()
    assert 0 < len(letter) < len(vectors)
    assert sum(hands_of(v) for v in letter) == SIX_PAIRS
    assert natural_odds().holds[S] == SIX_PAIRS


@pytest.mark.slow
def test_art9_i_option_six_pairs_with_trio_counts() -> None:
    odds = natural_odds(Readings(six_pairs_with_trio=True))
    assert with_flushes(six_pairs_with_trio()) == SIX_PAIRS_WITH_TRIO_AND_FLUSHES
    assert odds.exactly[frozenset({S, F})] == SIX_PAIRS_WITH_TRIO_AND_FLUSHES
    # only six pairs changes: the union grows by the trio hands not already three flushes
    trio_only = SIX_PAIRS_WITH_TRIO - SIX_PAIRS
    trio_flushes = SIX_PAIRS_WITH_TRIO_AND_FLUSHES - SIX_PAIRS_AND_FLUSHES
    assert odds.any_natural == ANY_NATURAL_WITH_TRIO == ANY_NATURAL + trio_only - trio_flushes


def test_art9_i_three_straights_by_generated_sequences() -> None:
    vectors = straight_vectors()
    assert vectors == three_straight_patterns()
    assert len(vectors) == 589
    assert sum(hands_of(v) for v in vectors) == THREE_STRAIGHTS
    assert natural_odds().holds[T] == THREE_STRAIGHTS


@pytest.mark.slow
def test_art9_i_intersections_with_three_flushes() -> None:
    dragon = (1,) * 13
    # a dragon's suits: 13! / prod(n_s!) ways to give each rank one suit
    by_multinomial = sum(
        math.factorial(13) // prod(math.factorial(n) for n in v) for v in FLUSH_VECTORS
    )
    assert flush_assignments(dragon) == by_multinomial == DRAGON_AND_FLUSHES
    assert with_flushes(six_pairs()) == SIX_PAIRS_AND_FLUSHES
    assert with_flushes(straight_vectors()) == STRAIGHTS_AND_FLUSHES
    exactly = natural_odds().exactly
    assert exactly[frozenset({D, F, T})] == DRAGON_AND_FLUSHES
    assert exactly[frozenset({S, F})] == SIX_PAIRS_AND_FLUSHES
    assert exactly[frozenset({F, T})] + exactly[frozenset({D, F, T})] == STRAIGHTS_AND_FLUSHES


def test_art9_i_rank_kinds_overlap_only_dragon_in_three_straights() -> None:
    straights = straight_vectors()
    assert (1,) * 13 in straights  # every dragon is also three straights (A-2-3, 4-8, 9-K)
    assert not straights & set(six_pairs_with_trio())  # parity: 3 + 5 + 5 leaves 3 odd ranks
    odds = natural_odds()
    assert frozenset({S, T}) not in odds.exactly
    assert frozenset({D, S}) not in odds.exactly
    assert all(T in kinds for kinds in odds.exactly if D in kinds)


# -- union and exclusive counts ------------------------------------------------------------------
def test_art9_i_named_counts_partition_the_naturals() -> None:
    odds = natural_odds()
    assert odds.total == HANDS == comb(52, 13)
    assert sum(odds.named.values()) == odds.any_natural == ANY_NATURAL
    assert all(odds.named[k] <= odds.holds[k] for k in Natural)
    assert sum(odds.exactly.values()) == HANDS
    assert odds.exactly[frozenset()] == HANDS - ANY_NATURAL
    # named by the first kind Art 9 I lists: dragon and six pairs are never preceded by a kind
    # they share a hand with; three flushes loses the dragons and the six pairs it overlaps;
    # three straights loses the dragons and the three flushes.
    assert odds.named[D] == DRAGON
    assert odds.named[S] == SIX_PAIRS
    assert odds.named[F] == THREE_FLUSHES - DRAGON_AND_FLUSHES - SIX_PAIRS_AND_FLUSHES
    assert odds.named[T] == THREE_STRAIGHTS - DRAGON - (STRAIGHTS_AND_FLUSHES - DRAGON_AND_FLUSHES)


def test_art9_i_union_by_inclusion_exclusion() -> None:
    # pairwise: D&S = 0, S&T = 0, D&T = D; triples: D&F&T = D&F, the rest 0
    union = (
        DRAGON
        + SIX_PAIRS
        + THREE_FLUSHES
        + THREE_STRAIGHTS
        - (DRAGON + DRAGON_AND_FLUSHES + SIX_PAIRS_AND_FLUSHES + STRAIGHTS_AND_FLUSHES)
        + DRAGON_AND_FLUSHES
    )
    assert union == ANY_NATURAL == natural_odds().any_natural
    odds = natural_odds()
    for kinds in itertools.chain.from_iterable(
        itertools.combinations(Natural, r) for r in range(1, 5)
    ):
        # |A1 & ... & Ak| from the atoms equals the golden intersections where we know them
        inter = sum(n for s, n in odds.exactly.items() if set(kinds) <= s)
        expected = {
            (D,): DRAGON,
            (S,): SIX_PAIRS,
            (F,): THREE_FLUSHES,
            (T,): THREE_STRAIGHTS,
            (D, F): DRAGON_AND_FLUSHES,
            (D, T): DRAGON,
            (S, F): SIX_PAIRS_AND_FLUSHES,
            (F, T): STRAIGHTS_AND_FLUSHES,
            (D, F, T): DRAGON_AND_FLUSHES,
        }.get(kinds, 0)
        assert inter == expected, kinds


def test_art9_i_probability_api_and_json() -> None:
    odds = natural_odds()
    assert odds is natural_odds()  # cached
    assert odds.probability() == Fraction(ANY_NATURAL, HANDS)
    assert odds.probability(F) == Fraction(odds.named[F], HANDS)
    assert odds.probability(F, named=False) == Fraction(THREE_FLUSHES, HANDS)
    data = json.loads(json.dumps(odds.to_dict()))
    assert data["hands"] == HANDS and data["article"] == "Portaria 51/89/M Art 9 I"
    assert list(data["kinds"]) == [k.value for k in Natural]
    dragon = data["kinds"]["dragon"]["named"]
    assert dragon["count"] == DRAGON
    assert Fraction(dragon["probability"]) == Fraction(DRAGON, HANDS)
    assert round(dragon["one_in"]) == 9462
    assert data["any_natural"]["count"] == ANY_NATURAL
    assert sum(row["count"] for row in data["exactly"]) == HANDS
    with pytest.raises(AttributeError):
        odds.total = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        odds.holds[D] = 0  # type: ignore[index]
    assert isinstance(odds, NaturalOdds)


# -- mutations: the pinned integers notice a wrong definition ------------------------------------
@pytest.mark.slow
def test_art9_i_mutated_definitions_change_the_counts() -> None:
    # a trio as the sixth pair and the odd card (the option, not the letter)
    trio_no_pair = sum(hands_of(v) for v in six_pairs_vectors())
    four_one_pair = sum(hands_of(v) for v in six_pairs_vectors(lambda c: min(c // 2, 1)))
    assert trio_no_pair > 0 and four_one_pair > 0
    assert SIX_PAIRS not in {trio_no_pair, four_one_pair}
    no_low_three = sum(hands_of(v) for v in straight_vectors(low_ace_three=False))
    assert no_low_three != THREE_STRAIGHTS
    only_553 = sum(
        prod(comb(13, n) for n in v)
        for v in suit_vectors()
        if sorted(v, reverse=True) == [5, 5, 3, 0]
    )
    assert only_553 != THREE_FLUSHES
    assert {trio_no_pair, four_one_pair, no_low_three, only_553}.isdisjoint(
        set(natural_odds().holds.values())
    )


# -- Monte Carlo agreement -----------------------------------------------------------------------
SHAPE_CODES = frozenset(tuple(sorted(v, reverse=True)) for v in FLUSH_VECTORS)
SAMPLE = 200_000


def classify(hands: NDArray[np.int64]) -> dict[Natural, NDArray[np.bool_]]:
    """Each kind's membership for rows of 13 card codes (code = 4 * rank + suit)."""
    ranks = np.zeros((len(hands), 13), dtype=np.int64)
    suits = np.zeros((len(hands), 4), dtype=np.int64)
    rows = np.arange(len(hands))[:, None]
    np.add.at(ranks, (rows, hands // 4), 1)
    np.add.at(suits, (rows, hands % 4), 1)
    powers = 5 ** np.arange(13, dtype=np.int64)
    straights = np.array([np.dot(v, powers) for v in straight_vectors()], dtype=np.int64)
    sorted_suits = -np.sort(-suits, axis=1)
    flush = np.zeros(len(hands), dtype=np.bool_)
    for shape in SHAPE_CODES:
        flush |= (sorted_suits == np.array(shape)).all(axis=1)
    return {
        D: ranks.max(axis=1) == 1,
        S: ((ranks // 2).sum(axis=1) == 6) & ~(ranks == 3).any(axis=1),
        F: flush,
        T: np.isin(ranks @ powers, straights),
    }


def test_art9_i_monte_carlo_agrees_with_the_exact_counts() -> None:
    rng = np.random.default_rng(2026)
    hands = rng.random((SAMPLE, 52)).argsort(axis=1)[:, :13].astype(np.int64)
    found = classify(hands)
    for row in range(2_000):
        kinds = naturals_of([Card(int(c)) for c in hands[row]])
        assert kinds == {k for k in Natural if found[k][row]}, hands[row]
    held = np.stack([found[k] for k in Natural], axis=1)
    first = np.where(held.any(axis=1), held.argmax(axis=1), -1)
    odds = natural_odds()
    checks: list[tuple[str, int, Fraction]] = [
        ("any", int(held.any(axis=1).sum()), odds.probability())
    ]
    for i, kind in enumerate(Natural):
        checks.append((f"holds {kind}", int(held[:, i].sum()), odds.probability(kind, named=False)))
        checks.append((f"named {kind}", int((first == i).sum()), odds.probability(kind)))
    for name, hits, p in checks:
        se = math.sqrt(float(p) * (1 - float(p)) / SAMPLE)
        z = (hits / SAMPLE - float(p)) / se
        assert abs(z) < 4.5, (name, hits, float(p) * SAMPLE, z)
    assert int(held.any(axis=1).sum()) > 3_000  # about 1.66% of the sample
