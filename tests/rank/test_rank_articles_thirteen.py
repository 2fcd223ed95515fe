"""Hand ranking of the 13-card game, article by article: Portaria 51/89/M Art 6, 7, 9 II, 10.

Expectations come from the regulation and ../shared/GAMES.md only (public API, no internals).
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from croupier.cards import parse_cards
from croupier.errors import CardCountError, DuplicateCardError, NotationError
from croupier.rank import (
    THIRTEEN,
    Category,
    HandRank,
    rank,
    rank_batch,
    strength_of_codes,
    tiers_in_order,
)

RANKS = "23456789TJQKA"  # Art 6, ascending
SUITS = "shdc"
VALUE = {sym: i + 2 for i, sym in enumerate(RANKS)}  # 2..14


def r(hand: str) -> HandRank:
    return rank(hand, rules=THIRTEEN)


# --------------------------------------------------------------------------------------------
# An independent reference reading of Art 9 II (and GAMES.md for the 3-card front).
# Keys compare as tuples; a 3-card key is never extended, so when the front runs out of cards
# with all compared ranks equal the front is below (never above) the middle.
# --------------------------------------------------------------------------------------------

Key = tuple[int, ...]


def ref_key(hand: str) -> Key:
    cards = hand.split()
    vals = [VALUE[c[:-1].replace("10", "T")] for c in cards]
    suits = {c[-1] for c in cards}
    counts = Counter(vals)
    by_group = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    desc = sorted(vals, reverse=True)
    if len(cards) == 3:
        if shape == [3]:
            return (3, by_group[0])
        if shape == [2, 1]:
            return (1, *by_group)
        return (0, *desc)
    flush = len(suits) == 1
    distinct = sorted(counts)
    wheel = distinct == [2, 3, 4, 5, 14]
    straight = len(distinct) == 5 and (distinct[4] - distinct[0] == 4 or wheel)
    if flush and distinct == [10, 11, 12, 13, 14]:
        return (9,)  # II 1 royal flush
    if flush and straight:
        return (8, 14 if wheel else distinct[4])  # II 2: A-2-3-4-5 highest, then K-high down
    if shape == [4, 1]:
        return (7, by_group[0])  # II 3: the odd card does not count
    if shape == [3, 2]:
        return (6, by_group[0])  # II 4: by the trio, whatever the pair
    if flush:
        return (5, *desc)  # II 5: card by card
    if straight:
        if distinct == [10, 11, 12, 13, 14]:
            return (4, 15)  # II 6: A-K-Q-J-10 highest
        return (4, 14 if wheel else distinct[4])  # then A-2-3-4-5, then K-Q-J-10-9 ...
    if shape == [3, 1, 1]:
        return (3, by_group[0])  # II 7: by the trio, whatever the odd cards
    if shape == [2, 2, 1]:
        return (2, *by_group)  # II 8: high pair, low pair, odd card
    if shape == [2, 1, 1, 1]:
        return (1, *by_group)  # II 9: pair, then odd cards in order
    return (0, *desc)  # II 10: card by card


def hand_of(values: Sequence[int], flush: bool = False) -> str:
    """A hand with these rank values; suited if ``flush``, else never a flush."""
    if flush:
        return " ".join(RANKS[v - 2] + "h" for v in values)
    counts = Counter(values)
    if len(counts) == len(values):
        return " ".join(RANKS[v - 2] + SUITS[i % 4] for i, v in enumerate(values))
    return " ".join(RANKS[v - 2] + SUITS[i] for v in sorted(counts) for i in range(counts[v]))


def classes(size: int) -> list[str]:
    """One hand of every rank multiset (and suited variant) of ``size`` cards."""
    out: list[str] = []
    for values in itertools.combinations_with_replacement(range(2, 15), size):
        if max(Counter(values).values()) > 4:
            continue
        out.append(hand_of(values))
        if len(set(values)) == size:
            out.append(hand_of(values, flush=True))
    return out


CLASSES5 = classes(5)
CLASSES3 = classes(3)


def test_reference_enumeration_sizes() -> None:
    # 7462 distinct 5-card poker values live in 6175 unsuited + 1287 suited rank sets.
    assert len(CLASSES5) == 6175 + 1287
    # ...less what Art 9 II 3, 4 and 7 do not count: the odd card of a four, the pair of a
    # full house, the odd cards of a trio.
    assert len({ref_key(h) for h in CLASSES5}) == 7462 - (156 - 13) - (156 - 13) - (858 - 13)
    assert len(CLASSES3) == 455 + 286


def _check_same_order(hands: list[str]) -> None:
    ranked = sorted(((ref_key(h), r(h).strength, h) for h in hands), key=lambda t: t[0])
    for (k1, s1, h1), (k2, s2, h2) in itertools.pairwise(ranked):
        if k1 == k2:
            assert s1 == s2, f"{h1} and {h2} must be equal (Art 9 II)"
        else:
            assert s1 < s2, f"{h1} must rank below {h2} (Art 9 II)"


def test_art9_ii_every_five_card_value_in_regulation_order() -> None:
    _check_same_order(CLASSES5)


def test_art9_ii_every_three_card_front_in_regulation_order() -> None:
    _check_same_order(CLASSES3)


def test_art7_front_above_middle_exactly_as_games_md_reads() -> None:
    middles = sorted((ref_key(h), r(h).strength) for h in CLASSES5)
    mkeys = [k for k, _ in middles]
    mstr = [s for _, s in middles]
    for f in CLASSES3:
        fk, fs = ref_key(f), r(f).strength
        below_ref = bisect.bisect_left(mkeys, fk)  # middles strictly below the front
        below_impl = bisect.bisect_left(mstr, fs)
        assert below_impl == below_ref, f"front {f}: {below_impl} middles below, want {below_ref}"


# --------------------------------------------------------------------------------------------
# Art 6: card order A K Q J 10 9 8 7 6 5 4 3 2
# --------------------------------------------------------------------------------------------


def test_art6_card_order_by_trios_in_front() -> None:
    trios = [r(f"{x}s {x}h {x}d") for x in RANKS]
    assert all(a < b for a, b in itertools.pairwise(trios))


def test_art6_card_order_by_four_of_a_kind() -> None:
    fours = [r(f"{x}s {x}h {x}d {x}c {'A' if x != 'A' else 'K'}s") for x in RANKS]
    assert all(a < b for a, b in itertools.pairwise(fours))


def test_art6_card_order_by_top_card_of_front() -> None:
    highs = [r(f"{x}s 3h 2d") for x in RANKS[3:]]
    assert all(a < b for a, b in itertools.pairwise(highs))


def test_art6_ace_is_highest_single_card() -> None:
    assert r("As 3h 2d") > r("Ks Qh Jd")
    assert r("As 5h 4d 3c 7s") > r("Ks Qh Jd 9c 8s")


def test_art6_ten_notation_accepted() -> None:
    assert r("10s Js Qs Ks As") == r("Ts Js Qs Ks As")
    assert r("10s Js Qs Ks As").category == Category.ROYAL_FLUSH
    assert r("10h 10d 2c") == r("Th Td 2c")


# --------------------------------------------------------------------------------------------
# Art 9 II: the ten formations, high to low
# --------------------------------------------------------------------------------------------

CHAIN = [
    ("As Ks Qs Js Ts", Category.ROYAL_FLUSH),
    ("9h 8h 7h 6h 5h", Category.STRAIGHT_FLUSH),
    ("As Ah Ad Ac 5d", Category.FOUR_OF_A_KIND),
    ("8s 8h 8d 5c 5d", Category.FULL_HOUSE),
    ("Ts 9s 8s 7s 5s", Category.FLUSH),
    ("6s 7h 8d 9c Ts", Category.STRAIGHT),
    ("Ks Kh Kd 6c 5s", Category.THREE_OF_A_KIND),
    ("Ts Th 6s 6h 5d", Category.TWO_PAIR),
    ("Ts Th 9d 7c 6s", Category.PAIR),
    ("As Th 7d 6c 5s", Category.HIGH_CARD),
]


@pytest.mark.parametrize(("hand", "category"), CHAIN)
def test_art9_ii_examples_of_the_article_have_their_category(hand: str, category: Category) -> None:
    assert r(hand).category == category


def test_art9_ii_category_order_royal_down_to_high_card() -> None:
    ranks = [r(h) for h, _ in CHAIN]
    assert all(a > b for a, b in itertools.pairwise(ranks))
    cats = [c for _, c in CHAIN]
    assert cats == sorted(Category, reverse=True)


@pytest.mark.parametrize(
    ("worst_above", "best_below"),
    [
        ("Ts Js Qs Ks As", "As 2s 3s 4s 5s"),  # royal vs best straight flush
        ("6c 5c 4c 3c 2c", "As Ah Ad Ac Kd"),  # lowest straight flush vs best four
        ("2s 2h 2d 2c 3s", "As Ah Ad Kc Kd"),  # lowest four vs best full house
        ("2s 2h 2d 3c 3s", "Ad Kd Qd Jd 9d"),  # lowest full house vs best flush
        ("7h 5h 4h 3h 2h", "As Kh Qd Jc Ts"),  # lowest flush vs best straight
        ("6s 5h 4d 3c 2s", "As Ah Ad Kc Qs"),  # lowest straight vs best trio
        ("2s 2h 2d 3c 4s", "As Ah Ks Kh Qd"),  # lowest trio vs best two pairs
        ("3s 3h 2s 2h 4d", "As Ah Ks Qh Jd"),  # lowest two pairs vs best pair
        ("2s 2h 3d 4c 5s", "As Kh Qd Jc 9s"),  # lowest pair vs best high card
    ],
)
def test_art9_ii_worst_of_a_formation_beats_best_of_the_next(
    worst_above: str, best_below: str
) -> None:
    assert r(worst_above) > r(best_below)


# II 1 royal flush --------------------------------------------------------------------------


@pytest.mark.parametrize("suit", SUITS)
def test_art9_ii_1_royal_flush_of_any_suit_is_royal(suit: str) -> None:
    hand = " ".join(x + suit for x in "AKQJT")
    assert r(hand).category == Category.ROYAL_FLUSH
    assert r(hand) == r("As Ks Qs Js Ts")


def test_art9_ii_1_royal_flush_above_every_straight_flush() -> None:
    royal = r("Ah Kh Qh Jh Th")
    assert royal > r("As 2s 3s 4s 5s")
    for top in range(6, 14):
        hand = " ".join(RANKS[v - 2] + "d" for v in range(top, top - 5, -1))
        assert royal > r(hand), hand


def test_art9_ii_1_royal_flush_is_the_maximum() -> None:
    royal = r("Ac Kc Qc Jc Tc")
    assert all(royal >= r(h) for h in CLASSES5)


# II 2 straight flush -----------------------------------------------------------------------


def test_art9_ii_2_a2345_is_highest_straight_flush() -> None:
    wheel = r("As 2s 3s 4s 5s")
    assert wheel.category == Category.STRAIGHT_FLUSH
    assert wheel > r("Ks Qs Js Ts 9s")


def test_art9_ii_2_straight_flushes_by_top_card_k_down_to_6() -> None:
    chain = [r("5h 4h 3h 2h Ah")]
    for top in range(13, 5, -1):
        chain.append(r(" ".join(RANKS[v - 2] + "h" for v in range(top, top - 5, -1))))
    assert all(a > b for a, b in itertools.pairwise(chain))
    assert all(h.category == Category.STRAIGHT_FLUSH for h in chain)


def test_art9_ii_2_example_ten_high_straight_flush() -> None:
    assert r("Ts 9s 8s 7s 6s").category == Category.STRAIGHT_FLUSH
    assert r("Ts 9s 8s 7s 6s") > r("9d 8d 7d 6d 5d")


def test_art9_ii_2_no_wrap_around_straight_flush() -> None:
    assert r("Qs Ks As 2s 3s").category == Category.FLUSH
    assert r("Ks As 2s 3s 4s").category == Category.FLUSH


def test_art9_ii_2_equal_straight_flushes_of_other_suits_tie() -> None:
    assert r("9s 8s 7s 6s 5s") == r("9c 8c 7c 6c 5c")
    assert r("As 2s 3s 4s 5s") == r("Ad 2d 3d 4d 5d")


# II 3 four of a kind -----------------------------------------------------------------------


def test_art9_ii_3_four_of_a_kind_kicker_ignored() -> None:
    assert r("As Ah Ad Ac 5d") == r("As Ah Ad Ac Kd")
    assert r("7s 7h 7d 7c 2d") == r("7s 7h 7d 7c As")


def test_art9_ii_3_four_of_a_kind_by_the_four() -> None:
    assert r("3s 3h 3d 3c 2d") > r("2s 2h 2d 2c As")
    assert r("As Ah Ad Ac 2d") > r("Ks Kh Kd Kc Qs")


# II 4 full house ---------------------------------------------------------------------------


def test_art9_ii_4_full_house_by_trio_regardless_of_pair() -> None:
    assert r("9s 9h 9d 2c 2s") > r("8s 8h 8d Ac Ad")
    assert r("8s 8h 8d 5c 5d") == r("8s 8h 8d Kc Kd")
    assert r("3s 3h 3d 2c 2s") > r("2s 2h 2d Ac As")


# II 5 flush --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("Ah 9h 7h 5h 3h", "Kd Qd Jd Td 8d"),  # first card
        ("Ah Qh 4h 3h 2h", "Ad Jd Td 9d 7d"),  # second card
        ("Ah Qh 9h 3h 2h", "Ad Qd 8d 7d 6d"),  # third card
        ("Ah Qh 9h 7h 2h", "Ad Qd 9d 6d 5d"),  # fourth card
        ("Ah Qh 9h 7h 5h", "Ad Qd 9d 7d 4d"),  # fifth card
    ],
)
def test_art9_ii_5_flush_card_by_card(higher: str, lower: str) -> None:
    assert r(higher).category == r(lower).category == Category.FLUSH
    assert r(higher) > r(lower)


def test_art9_ii_5_flushes_of_equal_ranks_tie() -> None:
    assert r("Ts 9s 8s 7s 5s") == r("Th 9h 8h 7h 5h")


# II 6 straight -----------------------------------------------------------------------------


def test_art9_ii_6_akqjt_is_highest_straight() -> None:
    assert r("As Kh Qd Jc Ts").category == Category.STRAIGHT
    assert r("As Kh Qd Jc Ts") > r("As 2h 3d 4c 5s")


def test_art9_ii_6_a2345_straight_second_only_to_akqjt() -> None:
    wheel = r("As 2h 3d 4c 5s")
    assert wheel.category == Category.STRAIGHT
    assert wheel > r("Ks Qh Jd Tc 9s")
    assert wheel < r("Ad Kh Qc Js Th")


def test_art9_ii_6_straights_k_high_down_to_6_high() -> None:
    chain = [r("As Kh Qd Jc Ts"), r("5h 4d 3c 2s Ah")]
    for top in range(13, 5, -1):
        vals = range(top, top - 5, -1)
        chain.append(r(" ".join(RANKS[v - 2] + SUITS[i % 4] for i, v in enumerate(vals))))
    assert all(a > b for a, b in itertools.pairwise(chain))
    assert all(h.category == Category.STRAIGHT for h in chain)


def test_art9_ii_6_no_wrap_around_straight() -> None:
    assert r("Qs Kh Ad 2c 3s").category == Category.HIGH_CARD
    assert r("Ks Ah 2d 3c 4s").category == Category.HIGH_CARD


def test_art9_ii_6_equal_straights_tie() -> None:
    assert r("6s 7h 8d 9c Ts") == r("6h 7d 8c 9s Th")


# II 7 trio ---------------------------------------------------------------------------------


def test_art9_ii_7_trio_by_trio_regardless_of_kickers() -> None:
    assert r("Ks Kh Kd 6c 5s") == r("Ks Kh Kd Ac Qs")
    assert r("3s 3h 3d 4c 2s") > r("2s 2h 2d Ac Ks")
    assert r("As Ah Ad 3c 2s") > r("Ks Kh Kd Ac Qs")


def test_art9_ii_7_front_trio_by_trio() -> None:
    assert r("3s 3h 3d") > r("2s 2h 2d")
    assert r("As Ah Ad") > r("Ks Kh Kd")
    assert r("Ks Kh Kd").category == Category.THREE_OF_A_KIND


# II 8 two pairs ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("Js Jh 3s 3h 2d", "Ts Th 9s 9h Ad"),  # the high pair first
        ("Ts Th 7s 7h 2d", "Td Tc 6s 6h Ad"),  # then the low pair
        ("Ts Th 6s 6h 5d", "Td Tc 6d 6c 4s"),  # then the odd card
        ("As Ah 2s 2h 3d", "Ks Kh Qs Qh Jd"),
    ],
)
def test_art9_ii_8_two_pairs_high_pair_low_pair_odd_card(higher: str, lower: str) -> None:
    assert r(higher).category == r(lower).category == Category.TWO_PAIR
    assert r(higher) > r(lower)


def test_art9_ii_8_two_pairs_all_equal_tie() -> None:
    assert r("Ts Th 6s 6h 5d") == r("Td Tc 6d 6c 5s")


# II 9 pair ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("3s 3h 2d 4c 5s", "2s 2h Ad Kc Qs"),  # the pair first
        ("Ts Th Ad 3c 2s", "Td Tc Kd Qc Js"),  # then the first odd card
        ("Ts Th Ad Qc 2s", "Td Tc Ah Jc 9s"),  # the second
        ("Ts Th Ad Qc 5s", "Td Tc Ah Qd 4s"),  # the third
    ],
)
def test_art9_ii_9_pair_then_odd_cards_in_order(higher: str, lower: str) -> None:
    assert r(higher).category == r(lower).category == Category.PAIR
    assert r(higher) > r(lower)


def test_art9_ii_9_front_pair_then_odd_card() -> None:
    assert r("Ts Th 9d") > r("Td Tc 8s")
    assert r("3s 3h 2d") > r("2s 2h Ad")
    assert r("Ts Th 9d").category == Category.PAIR


def test_art9_ii_9_pairs_all_equal_tie() -> None:
    assert r("Ts Th 9d 7c 6s") == r("Td Tc 9s 7h 6d")


# II 10 high card ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("As 5h 4d 3c 7s", "Ks Qh Jd 9c 8s"),
        ("As Kh 4d 3c 2s", "Ad Qc Jh 9s 8d"),
        ("As Kh Qd 3c 2s", "Ad Kc Jh 9s 8d"),
        ("As Kh Qd Jc 3s", "Ad Kc Qh 9s 8d"),
        ("As Kh Qd Jc 9s", "Ad Kc Qh Js 8d"),
        ("As Th 7d 6c 5s", "Ad Th 7c 6s 4d"),
    ],
)
def test_art9_ii_10_high_card_card_by_card(higher: str, lower: str) -> None:
    assert r(higher).category == r(lower).category == Category.HIGH_CARD
    assert r(higher) > r(lower)


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("As 3h 2d", "Ks Qh Jd"),
        ("As Kh 2d", "Ad Qc Jh"),
        ("As Kh 3d", "Ad Kc 2h"),
    ],
)
def test_art9_ii_10_front_high_card_card_by_card(higher: str, lower: str) -> None:
    assert r(higher).category == r(lower).category == Category.HIGH_CARD
    assert r(higher) > r(lower)


# Suits never rank --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("As Kh Qd Jc 9s", "Ah Kd Qc Js 9h"),
        ("Ts Th 6s 6h 5d", "Td Tc 6d 6c 5h"),
        ("8s 8h 8d 5c 5d", "8s 8c 8d 5h 5s"),
        ("As Ks Qs Js 9s", "Ac Kc Qc Jc 9c"),
        ("As 2h 3d 4c 5s", "Ah 2d 3c 4s 5h"),
        ("As Kh Qd", "Ac Ks Qh"),
        ("As Ks Qs", "Ah Kd Qc"),  # no 3-card flush
        ("7s 7h 2d", "7d 7c 2s"),
    ],
)
def test_art9_ii_suits_never_rank(a: str, b: str) -> None:
    assert r(a) == r(b)
    assert not r(a) < r(b)
    assert not r(a) > r(b)


# 3-card front (Art 7, Art 9 II 7 and 9, GAMES.md) ------------------------------------------


def test_art7_front_trio_above_pair_above_high_card() -> None:
    assert r("2s 2h 2d") > r("As Ah Kd") > r("As Kh Qd")
    assert r("2s 2h 3d") > r("As Kh Qd")


@pytest.mark.parametrize("hand", ["Qs Kh Ad", "As Ks Qs", "Ah 2h 3h", "4d 3d 2d", "Ts 9h 8d"])
def test_art7_front_has_no_straight_or_flush(hand: str) -> None:
    assert r(hand).category == Category.HIGH_CARD
    assert r(hand) < r("2s 2h 3d")


@pytest.mark.parametrize(
    ("front", "middle", "front_above"),
    [
        ("Kd Kc 5h", "Ks Kh 5s 3d 2c", False),  # runs out of cards, all equal: not above
        ("Kd Kc 6h", "Ks Kh 5s 3d 2c", True),
        ("2s 2h 2d", "As Ah Ks Kh Qd", True),  # trio above two pairs
        ("As Kh Qd", "Ac Kd Qs Jh 9c", False),  # high A-K-Q against A-K-Q-J-9
        ("As Kh Qd", "Ac Kd Jh 9c 8s", True),
        ("As Ah Kd", "Ac Ad Kh Qs Jc", False),
        ("As Ah 2d", "Ac Ad Kh Qs Jc", False),
        ("2s 2h 3d", "As Kh Qd Jc 9s", True),  # pair above high card
        ("As Kh Qd", "2s 2h 3d 4c 5s", False),
        ("As Ah Ad", "Ks Kh Kd 3c 2s", True),
        ("Qs Qh Qd", "Ks Kh Kd 3c 2s", False),
        ("Ks Kh Kd", "Ac Ah Ad 6c 5s", False),
        ("Ks Kh Kd", "Ac Ah Qd 6c 6s", True),  # trio above two pairs
        ("Ks Kh Kd", "Qs Qh Qd Qc 2s", False),
        ("As Ah Ad", "6s 5h 4d 3c 2s", False),  # any straight is above any front
        ("As Ah Ad", "7h 5h 4h 3h 2h", False),
    ],
)
def test_art7_front_against_middle(front: str, middle: str, front_above: bool) -> None:
    assert (r(front) > r(middle)) is front_above
    assert (r(front) <= r(middle)) is not front_above


def test_art7_front_equal_ranks_trio_not_above_middle_trio() -> None:
    assert r("Ks Kh Kd") <= r("Ks Kh Kd 6c 5s")


# tiers_in_order (Art 7) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("front", "middle", "back", "ok"),
    [
        ("2s 3h 5d", "Ks Kh 7d 8c 9s", "As Ah Ad 4c 4s", True),
        ("Kd Kc 5h", "Ks Kh 5s 3d 2c", "Ah Ad Ac 7s 7h", True),
        ("Kd Kc 6h", "Ks Kh 5s 3d 2c", "Ah Ad Ac 7s 7h", False),
        ("2s 3h 5d", "As Ah Ad 4c 4s", "Ks Kh 7d 8c 9s", False),  # middle above back
        ("2s 3h 5d", "As Kh Qd Jc 9s", "Ah Kd Qc Js 9h", True),  # identical middle and back
        ("As Kh Qd", "Ac Kd Qs Jh 9c", "2s 2h 3d 4c 5s", True),
        ("As Kh Qd", "Ac Kd Jh 9c 8s", "2s 2h 3d 4c 5s", False),
        ("2s 2h 2d", "As Ah Ks Kh Qd", "3s 3h 3d 4c 4s", False),  # front trio above two pairs
        ("2s 2h 2d", "3s 3h 3d Ac Kc", "9h 8h 7h 6h 5h", True),
        ("Qs Qh 4d", "As Kh Qd Jc Ts", "Ac Ah 2s 3s 4s", False),  # straight above a pair
    ],
)
def test_art7_tiers_in_order(front: str, middle: str, back: str, ok: bool) -> None:
    assert tiers_in_order(r(front), r(middle), r(back)) is ok


def test_art7_tiers_in_order_straight_middle_flush_back() -> None:
    assert tiers_in_order(r("As Ah Kd"), r("6s 5h 4d 3c 2s"), r("7h 5h 4h 3h 2h"))
    assert not tiers_in_order(r("As Ah Kd"), r("7h 5h 4h 3h 2h"), r("6s 5h 4d 3c 2s"))


# Art 10: identical formations compare equal (the banker's advantage is settlement) ---------


@pytest.mark.parametrize(
    ("player", "banker"),
    [
        ("As Kh Qd Jc 9s", "Ad Ks Qc Jh 9d"),  # high cards, every rank equal, other suits
        ("Ts Th 6s 6h 5d", "Td Tc 6d 6c 5s"),  # two pairs
        ("As Ks Qs Js Ts", "Ah Kh Qh Jh Th"),  # royal flushes of two suits
        ("9s 8s 7s 6s 5s", "9d 8d 7d 6d 5d"),  # straight flushes
        ("Ks Js 8s 6s 3s", "Kh Jh 8h 6h 3h"),  # flushes
        ("7s 7h 2d", "7d 7c 2s"),  # front pairs
        ("As Kh Qd", "Ac Kd Qs"),  # front high cards
    ],
)
def test_art10_identical_formations_compare_equal(player: str, banker: str) -> None:
    """Art 10: when every card of the tier is of equal rank the formations are identical (the
    tier then goes to the banker, which is settlement); the ranking must see them as equal."""
    a, b = r(player), r(banker)
    assert {c.code for c in a.cards}.isdisjoint(c.code for c in b.cards)
    assert a == b
    assert a <= b
    assert a >= b
    assert hash(a) == hash(b)


# Bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "token"),
    [("As Ks Qs Js Zz", "Zz"), ("1s Ks Qs Js Ts", "1s"), ("As Kx Qs", "Kx"), ("As Ks 11s", "11s")],
)
def test_bad_notation_names_the_token(hand: str, token: str) -> None:
    with pytest.raises(NotationError) as err:
        r(hand)
    assert err.value.token == token
    assert token in str(err.value)


def test_duplicate_card_names_the_token() -> None:
    with pytest.raises(DuplicateCardError) as err:
        r("As Ks Qs Js As")
    assert err.value.token == "As"
    assert "As" in str(err.value)


@pytest.mark.parametrize("hand", ["As Ks", "As Ks Qs Js", "As Ks Qs Js Ts 9s", ""])
def test_art7_wrong_number_of_cards_refused(hand: str) -> None:
    with pytest.raises(CardCountError):
        r(hand)


# Batch and fast scalar agree with rank() ---------------------------------------------------

NAMED_HANDS = sorted(
    {h for h, _ in CHAIN}
    | {
        "As 2s 3s 4s 5s",
        "As 2h 3d 4c 5s",
        "Kd Kc 5h",
        "Kd Kc 6h",
        "Ks Kh 5s 3d 2c",
        "2s 2h 2d",
        "As Kh Qd",
        "Ac Kd Qs Jh 9c",
        "Qs Kh Ad",
        "7h 5h 4h 3h 2h",
    }
)


@pytest.mark.parametrize("size", [3, 5])
def test_batch_agrees_with_scalar(size: int) -> None:
    hands = [h for h in NAMED_HANDS if len(h.split()) == size]
    parsed = [parse_cards(h) for h in hands]
    arr = np.array([[c.code for c in p] for p in parsed], dtype=np.uint8)
    got = rank_batch(arr, THIRTEEN).tolist()
    assert got == [r(h).strength for h in hands]
    assert [strength_of_codes([c.code for c in p], THIRTEEN) for p in parsed] == got


def test_batch_agrees_with_scalar_on_every_value() -> None:
    for size, hands in ((5, CLASSES5), (3, CLASSES3)):
        arr = np.array([[c.code for c in parse_cards(h)] for h in hands], dtype=np.uint8)
        assert arr.shape[1] == size
        assert rank_batch(arr, THIRTEEN).tolist() == [r(h).strength for h in hands]


# Properties --------------------------------------------------------------------------------

DECK = [x + s for x in RANKS for s in SUITS]


@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True), st.randoms())
def test_art9_ii_order_of_cards_never_changes_rank(cards: list[str], rnd: random.Random) -> None:
    shuffled = cards[:]
    rnd.shuffle(shuffled)
    assert r(" ".join(cards)) == r(" ".join(shuffled))


@given(
    st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True),
    st.permutations(list(range(3))),
)
def test_art9_ii_order_of_front_cards_never_changes_rank(cards: list[str], perm: list[int]) -> None:
    assert r(" ".join(cards)) == r(" ".join(cards[i] for i in perm))


@given(
    st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
    st.lists(st.sampled_from(SUITS), min_size=5, max_size=5),
)
def test_art9_ii_suits_never_rank_unless_flush_changes(cards: list[str], suits: list[str]) -> None:
    new = [c[:-1] + s for c, s in zip(cards, suits, strict=True)]
    assume(len(set(new)) == 5)
    assume((len({c[-1] for c in cards}) == 1) == (len(set(suits)) == 1))
    assert r(" ".join(cards)) == r(" ".join(new))


@given(
    st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
    st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
)
def test_art9_ii_random_pairs_compare_as_the_regulation(a: list[str], b: list[str]) -> None:
    ha, hb = " ".join(a), " ".join(b)
    ka, kb = ref_key(ha), ref_key(hb)
    ra, rb = r(ha), r(hb)
    assert (ra < rb) == (ka < kb)
    assert (ra == rb) == (ka == kb)
