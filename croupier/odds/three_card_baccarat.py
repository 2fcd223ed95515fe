"""Exact odds of 3-card baccarat (Portaria 22/96/M as amended by 219/96/M), from rank counts.

Every bet is settled by :func:`croupier.games.three_card_baccarat.rules.decide` on the
:class:`~croupier.games.three_card_baccarat.rules.HandValue` of the hands, so the odds and the
engine share one definition of every bet.

**Method.** A hand's value (points and figures, Art 6, annex) depends only on the *value
classes* of its cards, of which there are 11: the ten (0 points, not a figure), the figures J Q K
(0 points, Art 6.1), and the cards worth 1..9. A place and the banker together take 6 cards
without replacement; by exchangeability the burns (Art 3.2, 3.3) and the other places' cards,
unseen, do not change the joint distribution of any one place's hand and the banker's. So we
enumerate the 286 multisets of 3 classes for each hand (286 × 286 pairs). A pair with class
usages ``a`` (place) and ``b`` (banker) is dealt by

    arrangements(a) × arrangements(b) × Π_c n_c (n_c - 1) ... (n_c - a_c - b_c + 1)

ordered card sequences, where ``n_c`` is the class count and ``arrangements(a) = 3! / Π a_c!``;
all pairs together count ``N (N-1) ... (N-5)`` sequences for ``N`` cards. The product depends
only on the combined usage ``a + b``, one of the 8,008 multisets of 6 classes, so it is computed
once for each of those and gathered for the 81,796 pairs. The pair weights are integers computed
with NumPy ``int64`` (proved not to overflow below, else Python integers), summed by the annex
levels (31 × 31) and divided exactly; each bet is then settled by ``decide()`` once per pair of
levels (961 pairs, tabulated once per reading option).

**Overflow bound.** ``Π_c ff(n_c, k_c) <= Π_c n_c^{k_c} <= N^6`` (``Σ k_c = 6``, ``n_c <= N``) for
every partial product, the two arrangement factors are at most 6 each, and every sum is at most
the total ``N (N-1) ... (N-5) < N^6``; so ``36 N^6 < 2^63`` (``N <=`` :data:`INT64_MAX_CARDS` =
796, over 15 decks) rules out overflow. Larger shoes use Python integers (object arrays).

>>> from math import comb
>>> report = baccarat_odds(1)
>>> report.bets["three_faces"].probabilities["win"] == Fraction(comb(12, 3), comb(52, 3))
True
>>> main = report.bets["main"]
>>> main.probabilities["win"] == main.probabilities["lose"], main.payout
(True, '1:1 less 5%')
>>> eight = baccarat_odds(8)
>>> eight.bets["points_0"].ev == 9 * eight.distributions["banker_points"]["0"] - 1  # Art 9.4
True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any, Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from croupier.cards import CardsLike, Rank
from croupier.games.three_card_baccarat.rules import (
    CARDS_PER_HAND,
    COMMISSION,
    COMMISSIONED,
    LEVELS,
    PRIZE,
    BetKind,
    HandValue,
    decide,
)
from croupier.odds.report import (
    BetOdds,
    EffectOfRemoval,
    OddsReport,
    ShoeCounts,
    effect_of_removal,
    net_of,
    payout_text,
    results_in,
)
from croupier.settlement import Result

__all__ = [
    "CLASS_RANKS",
    "GAME",
    "INT64_MAX_CARDS",
    "baccarat_effect_of_removal",
    "baccarat_effect_of_removal_for",
    "baccarat_joint_levels",
    "baccarat_level_counts",
    "baccarat_odds",
    "baccarat_odds_for",
    "class_counts",
    "level_value",
    "odds_keywords",
]

GAME: Final = "three-card-baccarat"
#: Cards a place and the banker take together.
CARDS_DEALT: Final = 2 * CARDS_PER_HAND

#: The 11 value classes (Art 6.1): 0 the ten (0 points), 1 the figures (0 points), 1 + p the
#: cards worth p points (p = 1..9: A, 2..9).
CLASS_RANKS: Final[tuple[tuple[Rank, ...], ...]] = (
    (Rank.TEN,),
    (Rank.JACK, Rank.QUEEN, Rank.KING),
    (Rank.ACE,),
    *((Rank(p - 2),) for p in range(2, 10)),
)
_CLASS_POINTS: Final = (0, 0, *range(1, 10))
_FIGURE_CLASS: Final = 1
CLASSES: Final = len(CLASS_RANKS)

#: The largest shoe whose weights provably fit in int64: 36 N^6 < 2^63 (see the module doc).
INT64_MAX_CARDS: Final = max(n for n in range(1, 2000) if 36 * n**6 < 2**63)


def _value_of(multiset: tuple[int, ...]) -> HandValue:
    points = sum(_CLASS_POINTS[c] for c in multiset) % 10
    return HandValue(points, multiset.count(_FIGURE_CLASS))


#: The 286 multisets of 3 classes, sorted by annex level (so each level is one block).
_MULTISETS: Final = tuple(
    sorted(
        combinations_with_replacement(range(CLASSES), CARDS_PER_HAND),
        key=lambda m: _value_of(m).level,
    )
)
_VALUES: Final = tuple(_value_of(m) for m in _MULTISETS)
_USAGE: Final = np.array([[m.count(c) for c in range(CLASSES)] for m in _MULTISETS], dtype=np.intp)
_ARRANGEMENTS: Final = np.array(
    [factorial(CARDS_PER_HAND) // prod(factorial(k) for k in row) for row in _USAGE.tolist()],
    dtype=np.int64,
)
_ARRANGEMENT_PAIRS: Final = np.outer(_ARRANGEMENTS, _ARRANGEMENTS)
#: The 8,008 multisets of 6 classes a place and the banker can use together, as class usages;
#: each pair of 3-class multisets points at its sum. A usage is keyed in base 7 (a class is used
#: at most 6 times, so the keys of two hands add without carries).
_COMBINED: Final = np.array(
    [
        [m.count(c) for c in range(CLASSES)]
        for m in combinations_with_replacement(range(CLASSES), 6)
    ],
    dtype=np.intp,
)
_BASE7: Final = (CARDS_DEALT + 1) ** np.arange(CLASSES, dtype=np.int64)
_COMBINED_KEYS: Final = _COMBINED @ _BASE7
_COMBINED_ORDER: Final = np.argsort(_COMBINED_KEYS)
_PAIR_COMBINED: Final = _COMBINED_ORDER[
    np.searchsorted(
        _COMBINED_KEYS[_COMBINED_ORDER],
        (_USAGE @ _BASE7)[:, None] + (_USAGE @ _BASE7)[None, :],
    )
]
assert (_COMBINED[_PAIR_COMBINED] == _USAGE[:, None, :] + _USAGE[None, :, :]).all()
#: index into the (class, cards taken) table of falling factorials, for each combined usage
_COMBINED_INDEX: Final = np.arange(CLASSES, dtype=np.intp) * (CARDS_DEALT + 1) + _COMBINED
_LEVELS_SORTED: Final = np.array([v.level for v in _VALUES], dtype=np.intp)
_LEVEL_STARTS: Final = np.flatnonzero(np.diff(_LEVELS_SORTED, prepend=0))
_LEVEL_VALUE: Final[Mapping[int, HandValue]] = {v.level: v for v in _VALUES}
assert sorted(_LEVEL_VALUE) == list(range(1, LEVELS + 1))
assert _LEVELS_SORTED[_LEVEL_STARTS].tolist() == list(range(1, LEVELS + 1))
assert int(_ARRANGEMENTS.sum()) == CLASSES**CARDS_PER_HAND


def odds_keywords(options: Any) -> dict[str, Any]:
    """The keywords of :func:`baccarat_odds` that a table's options (a ``BaccaratOptions``) set:
    every option that changes a settlement (the deal's options change no odds of a round).

    >>> from croupier.games.three_card_baccarat.options import BaccaratOptions
    >>> odds_keywords(BaccaratOptions(tie_rule="same-points"))["tie_on_points"]
    True
    """
    from croupier.games.three_card_baccarat.options import NumbersHand, TieRule

    return {
        "three_figures_as_zero": options.three_figures_as_zero,
        "zero_is_even": options.zero_is_even,
        "commission": options.commission,
        "numbers_on_place": options.numbers_hand is NumbersHand.PLACE,
        "tie_on_points": options.tie_rule is TieRule.POINTS,
    }


def level_value(level: int) -> HandValue:
    """The hand value (points, figures) of an annex level, 1 (three figures) .. 31.

    >>> level_value(1), level_value(2), level_value(31)
    (HandValue(points=0, figures=3), HandValue(points=9, figures=2), HandValue(points=0, figures=0))
    """
    return _LEVEL_VALUE[level]


def class_counts(shoe: ShoeCounts) -> tuple[int, ...]:
    """The shoe's count of each of the 11 value classes (ten, figures, 1..9).

    >>> class_counts(ShoeCounts.of_decks(1))
    (4, 12, 4, 4, 4, 4, 4, 4, 4, 4, 4)
    """
    return tuple(sum(shoe[r] for r in ranks) for ranks in CLASS_RANKS)


def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1); 0 when k > n."""
    return prod(range(n - k + 1, n + 1)) if k <= n else 0


def baccarat_level_counts(shoe: ShoeCounts) -> tuple[NDArray[Any], int]:
    """``(joint, total)``: ``joint[p - 1, b - 1]`` ordered 6-card sequences dealing annex level
    ``p`` to a place and ``b`` to the banker, out of ``total = N (N-1) ... (N-5)``.

    ``joint`` holds ``int64`` (or Python ints for shoes over :data:`INT64_MAX_CARDS` cards);
    its sum is checked to equal ``total``.

    >>> joint, total = baccarat_level_counts(ShoeCounts.of_decks(1))
    >>> total == 52 * 51 * 50 * 49 * 48 * 47, int(joint.sum()) == total, joint.shape
    (True, True, (31, 31))
    """
    shoe.require(CARDS_DEALT, "3-card baccarat (a place and the banker)")
    cards = shoe.total
    dtype: Any = np.int64 if cards <= INT64_MAX_CARDS else object
    falling = np.array(
        [[_falling(n, k) for k in range(CARDS_DEALT + 1)] for n in class_counts(shoe)],
        dtype=dtype,
    )
    by_combined = np.take(falling.ravel(), _COMBINED_INDEX).prod(axis=1)
    weights = by_combined[_PAIR_COMBINED] * _ARRANGEMENT_PAIRS
    joint = np.add.reduceat(np.add.reduceat(weights, _LEVEL_STARTS, axis=0), _LEVEL_STARTS, axis=1)
    total = _falling(cards, CARDS_DEALT)
    if int(joint.sum()) != total:  # pragma: no cover - an identity; guards the overflow bound
        raise AssertionError(f"weights sum to {int(joint.sum())}, not {total}")
    return joint, total


def baccarat_joint_levels(shoe: ShoeCounts) -> dict[tuple[int, int], Fraction]:
    """Exact ``P(place level, banker level)`` for every pair of annex levels that can occur
    (1 = three figures .. 31 = 0 with no figures); for comparing with a simulation.

    >>> joint = baccarat_joint_levels(ShoeCounts.of_decks(1))
    >>> from math import perm
    >>> sum(joint.values()), joint[(1, 1)] == Fraction(perm(12, 6), perm(52, 6))
    (Fraction(1, 1), True)
    """
    joint, total = baccarat_level_counts(shoe)
    rows = joint.tolist()
    return {
        (p + 1, b + 1): Fraction(int(n), total)
        for p, row in enumerate(rows)
        for b, n in enumerate(row)
        if n
    }


class _Outcome(NamedTuple):
    result: Result
    net: Fraction
    mask: NDArray[np.bool_]  # over (place level - 1, banker level - 1)


@lru_cache(maxsize=8)
def _bet_tables(
    three_figures_as_zero: bool,
    zero_is_even: bool,
    rate: Fraction = COMMISSION,
    numbers_on_place: bool = False,
    tie_on_points: bool = False,
) -> tuple[tuple[BetKind, tuple[_Outcome, ...]], ...]:
    """For each bet, its outcomes over the 31 × 31 (place, banker) levels, by ``decide()``."""
    tables = []
    for bet in BetKind:
        commission = rate if bet in COMMISSIONED else None
        groups: dict[tuple[Result, Fraction], NDArray[np.bool_]] = {}
        for p in range(LEVELS):
            for b in range(LEVELS):
                d = decide(
                    bet,
                    _LEVEL_VALUE[b + 1],
                    _LEVEL_VALUE[p + 1],
                    three_figures_as_zero=three_figures_as_zero,
                    zero_is_even=zero_is_even,
                    numbers_on_place=numbers_on_place,
                    tie_on_points=tie_on_points,
                )
                net = net_of(d.result, d.prize, commission if d.commission else None)
                key = (d.result, net)
                if key not in groups:
                    groups[key] = np.zeros((LEVELS, LEVELS), dtype=np.bool_)
                groups[key][p, b] = True
        order = {r: i for i, r in enumerate(Result)}
        outcomes = sorted(groups.items(), key=lambda kv: (order[kv[0][0]], kv[0][1]))
        tables.append((bet, tuple(_Outcome(r, net, mask) for (r, net), mask in outcomes)))
    return tuple(tables)


def baccarat_odds_for(
    shoe: ShoeCounts,
    *,
    three_figures_as_zero: bool = True,
    zero_is_even: bool = True,
    commission: Fraction = COMMISSION,
    numbers_on_place: bool = False,
    tie_on_points: bool = False,
) -> OddsReport:
    """The exact odds of every 3-card baccarat bet for one round dealt from ``shoe``.

    Bets (``BetKind`` order): ``main`` (Art 6.3, 7, 9.1, 10: 1:1 less 5%; a tie carries),
    ``odd``/``even`` (Art 8.1, 9.2, 10: 1:1 less 5%; the banker's three figures carry),
    ``three_faces`` (Art 8.2 a, 9.3: 16:1), ``points_0..points_9`` (Art 8.2 b, 9.4: 8:1),
    ``tie`` (Art 8.3, 9.5: 20:1). A win nets the prize less 5% of it where Art 10 charges a
    commission (19/20 of the stake on a 1:1 bet); ``ev`` counts a carry as 0 and
    ``ev_per_resolved`` divides by ``1 - P(carry)``.

    Distributions: ``banker_points`` (``"0"``..``"9"``, the hand's points, three figures being
    0), ``banker_level`` and ``place_level`` (annex levels ``"1"``..``"31"``; equal by
    exchangeability).

    Options, passed through to ``decide()``: ``three_figures_as_zero`` (the banker's three
    figures win ``points_0``), ``zero_is_even`` (0 points wins ``even``); ``commission`` (the
    table option, Art 10's 5% by default) is charged on the prizes of main, odd and even;
    ``numbers_on_place`` (``numbers_hand=place``: three figures and points on the place's own
    hand) and ``tie_on_points`` (``tie_rule=same-points``: equal points tie). The table options
    as these keywords: :func:`odds_keywords`.
    """
    joint, total = baccarat_level_counts(shoe)
    bets: dict[str, BetOdds] = {}
    tables = _bet_tables(
        three_figures_as_zero, zero_is_even, commission, numbers_on_place, tie_on_points
    )
    for bet, outcomes in tables:
        counts: dict[Result, int] = dict.fromkeys(results_in(o.result for o in outcomes), 0)
        ev_numerator = Fraction(0)
        for outcome in outcomes:
            n = int(joint[outcome.mask].sum())
            counts[outcome.result] += n
            ev_numerator += outcome.net * n
        probabilities = {r.value: Fraction(n, total) for r, n in counts.items()}
        ev = ev_numerator / total
        per_resolved = None
        if Result.CARRY in counts and counts[Result.CARRY] != total:
            per_resolved = ev / (1 - probabilities[Result.CARRY.value])
        charged = commission if bet in COMMISSIONED else None
        bets[bet.value] = BetOdds(
            bet.value, payout_text(PRIZE[bet], charged), probabilities, ev, per_resolved
        )

    banker = [int(n) for n in joint.sum(axis=0).tolist()]
    place = [int(n) for n in joint.sum(axis=1).tolist()]
    points = [0] * 10
    for level, n in enumerate(banker, start=1):
        points[_LEVEL_VALUE[level].points] += n
    distributions = {
        "banker_points": {str(p): Fraction(n, total) for p, n in enumerate(points)},
        "banker_level": {str(lv): Fraction(n, total) for lv, n in enumerate(banker, start=1)},
        "place_level": {str(lv): Fraction(n, total) for lv, n in enumerate(place, start=1)},
    }
    return OddsReport(
        game=GAME,
        decks=shoe.decks,
        removed=shoe.removed,
        cards_in_shoe=shoe.total,
        bets=bets,
        distributions=distributions,
        options={
            "three_figures_as_zero": three_figures_as_zero,
            "zero_is_even": zero_is_even,
            "commission": str(commission),
            **({"numbers_hand": "place"} if numbers_on_place else {}),
            **({"tie_rule": "same-points"} if tie_on_points else {}),
        },
        shoe=shoe,
    )


def baccarat_odds(
    decks: int,
    removed: CardsLike | None = None,
    *,
    three_figures_as_zero: bool = True,
    zero_is_even: bool = True,
    commission: Fraction = COMMISSION,
    numbers_on_place: bool = False,
    tie_on_points: bool = False,
) -> OddsReport:
    """The exact odds of every bet for ``decks`` full decks less the ``removed`` cards.

    ``decks``: 1 is the one-deck box (Art 2.2, 4.2), more a shoe; the regulation sets no maximum
    (Art 2.1: "um ou mais baralhos"), shoes are usually up to 8. Removing a card more often than
    the shoe holds it raises :class:`~croupier.odds.report.ShoeError` naming the card.

    >>> baccarat_odds(1, "Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc").bets["three_faces"].ev
    Fraction(-1, 1)
    """
    return baccarat_odds_for(
        ShoeCounts.standard(decks, removed),
        three_figures_as_zero=three_figures_as_zero,
        zero_is_even=zero_is_even,
        commission=commission,
        numbers_on_place=numbers_on_place,
        tie_on_points=tie_on_points,
    )


def baccarat_effect_of_removal_for(
    shoe: ShoeCounts,
    *,
    three_figures_as_zero: bool = True,
    zero_is_even: bool = True,
    commission: Fraction = COMMISSION,
    numbers_on_place: bool = False,
    tie_on_points: bool = False,
) -> EffectOfRemoval:
    """Every bet's change in ``ev`` when one card of each rank is removed from ``shoe``. J, Q
    and K are one class (figures), so their rows are equal; they are computed anyway."""

    def evaluate(s: ShoeCounts) -> OddsReport:
        return baccarat_odds_for(
            s,
            three_figures_as_zero=three_figures_as_zero,
            zero_is_even=zero_is_even,
            commission=commission,
            numbers_on_place=numbers_on_place,
            tie_on_points=tie_on_points,
        )

    return effect_of_removal(shoe, evaluate)


def baccarat_effect_of_removal(
    decks: int,
    removed: CardsLike | None = None,
    *,
    three_figures_as_zero: bool = True,
    zero_is_even: bool = True,
    commission: Fraction = COMMISSION,
    numbers_on_place: bool = False,
    tie_on_points: bool = False,
) -> EffectOfRemoval:
    """:func:`baccarat_effect_of_removal_for` on ``decks`` decks less ``removed``.

    >>> eor = baccarat_effect_of_removal(1)
    >>> eor.effects[Rank.JACK] == eor.effects[Rank.KING], eor.effects[Rank.KING]["three_faces"] < 0
    (True, True)
    """
    return baccarat_effect_of_removal_for(
        ShoeCounts.standard(decks, removed),
        three_figures_as_zero=three_figures_as_zero,
        zero_is_even=zero_is_even,
        commission=commission,
        numbers_on_place=numbers_on_place,
        tie_on_points=tie_on_points,
    )
