"""Hand ranking of five-card stud, article by article: Portaria 104/85/M Art 1 a, Art 4, Art 5.

Expectations come from the regulation and ../shared/GAMES.md only (public API, no internals).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from croupier.cards import Deck, parse_cards
from croupier.errors import CardCountError, CardNotInDeckError, DuplicateCardError, NotationError
from croupier.rank import STUD40, Category, HandRank, rank, rank_batch, strength_of_codes

RANKS = "56789TJQKA"  # Art 1 a, ascending
ALL_RANKS = "23456789TJQKA"
SUITS = "shdc"
VALUE = {sym: ALL_RANKS.index(sym) + 2 for sym in RANKS}  # 5..14


def s(hand: str) -> HandRank:
    return rank(hand, rules=STUD40)


# --------------------------------------------------------------------------------------------
# An independent reference reading of Art 5 (order as written, full house above flush).
# --------------------------------------------------------------------------------------------

Key = tuple[int, ...]
BROADWAY = [10, 11, 12, 13, 14]
LOWEST = [5, 6, 7, 8, 14]  # A-5-6-7-8, the ace counting as 4


def ref_key(hand: str) -> Key:
    cards = hand.split()
    vals = [VALUE[c[:-1].replace("10", "T")] for c in cards]
    counts = Counter(vals)
    by_group = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    distinct = sorted(counts)
    flush = len({c[-1] for c in cards}) == 1
    lowest = distinct == LOWEST
    straight = len(distinct) == 5 and (distinct[4] - distinct[0] == 4 or lowest)
    top = 8 if lowest else distinct[-1]  # A-5-6-7-8 below 9-8-7-6-5
    if flush and distinct == BROADWAY:
        return (9,)  # 1 royal flush, all suits equal
    if flush and straight:
        return (8, top)  # 2 by the top card
    if shape == [4, 1]:
        return (7, by_group[0])  # 3 the odd card does not count
    if shape == [3, 2]:
        return (6, by_group[0])  # 4 by the trio, whatever the pair
    if flush:
        return (5, *sorted(vals, reverse=True))  # 5 card by card
    if straight:
        return (4, top)  # 6
    if shape == [3, 1, 1]:
        return (3, by_group[0])  # 7 by the trio, whatever the odd cards
    if shape == [2, 2, 1]:
        return (2, *by_group)  # 8 high pair, low pair, odd card
    if shape == [2, 1, 1, 1]:
        return (1, *by_group)  # 9 pair, then odd cards in order
    return (0, *sorted(vals, reverse=True))  # 10 card by card


def hand_of(values: Sequence[int], flush: bool = False) -> str:
    if flush:
        return " ".join(ALL_RANKS[v - 2] + "h" for v in values)
    counts = Counter(values)
    if len(counts) == len(values):
        return " ".join(ALL_RANKS[v - 2] + SUITS[i % 4] for i, v in enumerate(values))
    return " ".join(ALL_RANKS[v - 2] + SUITS[i] for v in sorted(counts) for i in range(counts[v]))


def classes() -> list[str]:
    out: list[str] = []
    for values in itertools.combinations_with_replacement(range(5, 15), 5):
        if max(Counter(values).values()) > 4:
            continue
        out.append(hand_of(values))
        if len(set(values)) == 5:
            out.append(hand_of(values, flush=True))
    return out


CLASSES = classes()


def test_reference_enumeration_sizes() -> None:
    assert len(CLASSES) == (2002 - 10) + 252


def test_art5_every_hand_value_in_regulation_order() -> None:
    ranked = sorted(((ref_key(h), s(h).strength, h) for h in CLASSES), key=lambda t: t[0])
    for (k1, s1, h1), (k2, s2, h2) in itertools.pairwise(ranked):
        if k1 == k2:
            assert s1 == s2, f"{h1} and {h2} must tie (Art 5)"
        else:
            assert s1 < s2, f"{h1} must rank below {h2} (Art 5)"


# --------------------------------------------------------------------------------------------
# Art 1 a: the 40-card deck, A K Q J 10 9 8 7 6 5
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("token", [x + u for x in "234" for u in SUITS])
def test_art1_a_two_three_four_refused_naming_the_token(token: str) -> None:
    with pytest.raises(CardNotInDeckError) as err:
        s(f"As Ks Qh {token} 9d")
    assert err.value.token == token
    assert token in str(err.value)


def test_art1_a_every_card_of_the_forty_is_accepted() -> None:
    cards = [x + u for x in RANKS for u in SUITS]
    assert len(cards) == 40 == len(Deck.STUD_40)
    for i in range(0, 40, 5):
        s(" ".join(cards[i : i + 5]))


def test_art1_a_ten_notation_accepted() -> None:
    assert s("10s Js Qs Ks As") == s("Ts Js Qs Ks As")
    assert s("10s Js Qs Ks As").category == Category.ROYAL_FLUSH


def test_art1_a_ace_is_highest_then_k_q_j_10_down_to_5() -> None:
    fours = [s(f"{x}s {x}h {x}d {x}c {'A' if x != 'A' else 'K'}s") for x in RANKS]
    assert all(a < b for a, b in itertools.pairwise(fours))
    pairs = []
    for x in RANKS:  # a higher pair always wins, even against better odd cards
        odd = [y + "d" for y in "AKQJ" if y != x][:3]
        pairs.append(s(f"{x}s {x}h " + " ".join(odd)))
    assert all(a < b for a, b in itertools.pairwise(pairs))


# --------------------------------------------------------------------------------------------
# Art 5: the ten formations, as written
# --------------------------------------------------------------------------------------------

CHAIN = [
    ("As Ks Qs Js Ts", Category.ROYAL_FLUSH),
    ("Ts 9s 8s 7s 6s", Category.STRAIGHT_FLUSH),
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
def test_art5_examples_of_the_article_have_their_category(hand: str, category: Category) -> None:
    assert s(hand).category == category


def test_art5_order_as_written() -> None:
    ranks = [s(h) for h, _ in CHAIN]
    assert all(a > b for a, b in itertools.pairwise(ranks))


@pytest.mark.parametrize(
    ("worst_above", "best_below"),
    [
        ("Ts Js Qs Ks As", "Ks Qs Js Ts 9s"),  # royal vs best straight flush
        ("As 5s 6s 7s 8s", "As Ah Ad Ac Kd"),  # lowest straight flush vs best four
        ("5s 5h 5d 5c 6s", "As Ah Ad Kc Kd"),  # lowest four vs best full house
        ("5s 5h 5d 6c 6s", "Ad Kd Qd Jd 9d"),  # lowest full house vs best flush
        ("Th 8h 7h 6h 5h", "As Kh Qd Jc Ts"),  # lowest flush vs best straight
        ("As 5h 6d 7c 8s", "As Ah Ad Kc Qs"),  # lowest straight vs best trio
        ("5s 5h 5d 6c 7s", "As Ah Ks Kh Qd"),  # lowest trio vs best two pairs
        ("5s 5h 6s 6h 7d", "As Ah Ks Qh Jd"),  # lowest two pairs vs best pair
        ("5s 5h 6d 7c 8s", "As Kh Qd Jc 9s"),  # lowest pair vs best high card
    ],
)
def test_art5_worst_of_a_formation_beats_best_of_the_next(
    worst_above: str, best_below: str
) -> None:
    assert s(worst_above) > s(best_below)


def test_art5_4_full_house_above_flush_even_on_forty_cards() -> None:
    assert s("5s 5h 5d 6c 6s") > s("As Ks Qs Js 9s")
    assert s("As Ks Qs Js 9s").category == Category.FLUSH


# 1 royal flush -----------------------------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), list(itertools.combinations(SUITS, 2)))
def test_art5_1_royal_flushes_of_different_suits_tie(a: str, b: str) -> None:
    ra = s(" ".join(x + a for x in "AKQJT"))
    rb = s(" ".join(x + b for x in "TJQKA"))
    assert ra == rb
    assert ra.category == Category.ROYAL_FLUSH


def test_art5_1_royal_flush_is_the_highest_hand() -> None:
    royal = s("Ad Kd Qd Jd Td")
    assert all(royal >= s(h) for h in CLASSES)


# 2 straight flush --------------------------------------------------------------------------


def test_art5_2_straight_flushes_by_top_card_a5678_lowest() -> None:
    chain = [s("Ks Qs Js Ts 9s")]
    for top in range(12, 8, -1):
        chain.append(s(" ".join(ALL_RANKS[v - 2] + "s" for v in range(top, top - 5, -1))))
    chain.append(s("8s 7s 6s 5s As"))
    assert all(a > b for a, b in itertools.pairwise(chain))
    assert all(h.category == Category.STRAIGHT_FLUSH for h in chain)


def test_art5_2_a5678_lowest_straight_flush_below_98765() -> None:
    low = s("As 5s 6s 7s 8s")
    assert low.category == Category.STRAIGHT_FLUSH
    assert low < s("9h 8h 7h 6h 5h")


def test_art5_2_equal_top_card_straight_flushes_tie() -> None:
    assert s("Ts 9s 8s 7s 6s") == s("Tc 9c 8c 7c 6c")
    assert s("As 5s 6s 7s 8s") == s("Ad 5d 6d 7d 8d")


# 3 four of a kind --------------------------------------------------------------------------


def test_art5_3_four_of_a_kind_kicker_ignored() -> None:
    assert s("As Ah Ad Ac 5d") == s("As Ah Ad Ac Kd")


def test_art5_3_four_of_a_kind_by_the_four() -> None:
    assert s("6s 6h 6d 6c 5d") > s("5s 5h 5d 5c As")


# 4 full house ------------------------------------------------------------------------------


def test_art5_4_full_house_by_trio_regardless_of_pair() -> None:
    assert s("8s 8h 8d 5c 5d") == s("8s 8h 8d Kc Kd")
    assert s("9s 9h 9d 5c 5s") > s("8s 8h 8d Ac Ad")


# 5 flush -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("Ah 9h 7h 6h 5h", "Kd Qd Jd Td 8d"),
        ("Ah Qh 7h 6h 5h", "Ad Jd Td 9d 7d"),
        ("Ah Qh Th 6h 5h", "Ad Qd 9d 8d 7d"),
        ("Ah Qh Th 8h 5h", "Ad Qd Td 7d 6d"),
        ("Ah Qh Th 8h 6h", "Ad Qd Td 8d 5d"),
    ],
)
def test_art5_5_flush_card_by_card(higher: str, lower: str) -> None:
    assert s(higher).category == s(lower).category == Category.FLUSH
    assert s(higher) > s(lower)


def test_art5_5_flushes_all_equal_tie() -> None:
    assert s("Ts 9s 8s 7s 5s") == s("Th 9h 8h 7h 5h")


# 6 straight --------------------------------------------------------------------------------


def test_art5_6_akqjt_highest_straight() -> None:
    top = s("As Kh Qd Jc Ts")
    assert top.category == Category.STRAIGHT
    assert top > s("Ks Qh Jd Tc 9s")


def test_art5_6_straights_a_high_down_to_9_high_then_a5678() -> None:
    chain = []
    for t in range(14, 8, -1):
        vals = range(t, t - 5, -1)
        chain.append(s(" ".join(ALL_RANKS[v - 2] + SUITS[i % 4] for i, v in enumerate(vals))))
    chain.append(s("8s 7h 6d 5c Ah"))
    assert all(a > b for a, b in itertools.pairwise(chain))
    assert all(h.category == Category.STRAIGHT for h in chain)


def test_art5_6_a5678_is_the_lowest_straight() -> None:
    low = s("As 5h 6d 7c 8s")
    assert low.category == Category.STRAIGHT
    assert low < s("9s 8h 7d 6c 5s")
    assert low > s("As Ah Ad Kc Qs")


@pytest.mark.parametrize(
    "hand", ["As Kh 5d 6c 7s", "Ks Ah 5d 6c 7s", "As 6h 7d 8c 9s", "Qs Kh Ad 5c 6s"]
)
def test_art5_6_no_other_wrap_around_straight(hand: str) -> None:
    assert s(hand).category == Category.HIGH_CARD


def test_art5_6_equal_straights_tie() -> None:
    assert s("6s 7h 8d 9c Ts") == s("6h 7d 8c 9s Th")
    assert s("As 5h 6d 7c 8s") == s("Ad 5c 6s 7h 8d")


# 7 trio ------------------------------------------------------------------------------------


def test_art5_7_trio_by_trio_regardless_of_kickers() -> None:
    assert s("Ks Kh Kd 6c 5s") == s("Ks Kh Kd Ac Qs")
    assert s("6s 6h 6d 5c 7s") > s("5s 5h 5d Ac Ks")


# 8 two pairs -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("Js Jh 5s 5h 6d", "Ts Th 9s 9h Ad"),
        ("Ts Th 7s 7h 5d", "Td Tc 6s 6h Ad"),
        ("Ts Th 6s 6h 7d", "Td Tc 6d 6c 5s"),
    ],
)
def test_art5_8_two_pairs_high_pair_low_pair_odd_card(higher: str, lower: str) -> None:
    assert s(higher).category == s(lower).category == Category.TWO_PAIR
    assert s(higher) > s(lower)


def test_art5_8_two_pairs_all_equal_tie() -> None:
    assert s("Ts Th 6s 6h 5d") == s("Td Tc 6d 6c 5s")


# 9 pair ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("6s 6h 5d 7c 8s", "5s 5h Ad Kc Qs"),
        ("Ts Th Ad 6c 5s", "Td Tc Kd Qc Js"),
        ("Ts Th Ad Qc 5s", "Td Tc Ah Jc 9s"),
        ("Ts Th Ad Qc 6s", "Td Tc Ah Qd 5s"),
    ],
)
def test_art5_9_pair_then_odd_cards_in_order(higher: str, lower: str) -> None:
    assert s(higher).category == s(lower).category == Category.PAIR
    assert s(higher) > s(lower)


def test_art5_9_pairs_all_equal_tie() -> None:
    assert s("Ts Th 9d 7c 6s") == s("Td Tc 9s 7h 6d")


# 10 high card ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("As 7h 6d 5c 9s", "Ks Qh Jd 9c 8d"),
        ("As Kh 7d 6c 5s", "Ad Qc Jh 9s 8d"),
        ("As Kh Qd 6c 5s", "Ad Kc Jh 9s 8d"),
        ("As Kh Qd Jc 5s", "Ad Kc Qh 9s 8d"),
        ("As Kh Qd Jc 9s", "Ad Kc Qh Js 8d"),
        ("As Th 7d 6c 5s", "Ad 9h 8c 7s 6d"),
    ],
)
def test_art5_10_high_card_card_by_card(higher: str, lower: str) -> None:
    assert s(higher).category == s(lower).category == Category.HIGH_CARD
    assert s(higher) > s(lower)


def test_art5_10_high_cards_all_equal_tie() -> None:
    assert s("As Th 7d 6c 5s") == s("Ah Td 7c 6s 5h")


# Suits never rank (Art 5 1 and GAMES.md: suits never break a showdown tie) -----------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("As Kh Qd Jc 9s", "Ah Kd Qc Js 9h"),
        ("Ts Th 6s 6h 5d", "Td Tc 6d 6c 5h"),
        ("8s 8h 8d 5c 5d", "8s 8c 8d 5h 5s"),
        ("As Ks Qs Js 9s", "Ac Kc Qc Jc 9c"),
        ("As 5h 6d 7c 8s", "Ah 5d 6c 7s 8h"),
    ],
)
def test_art5_suits_never_rank(a: str, b: str) -> None:
    assert s(a) == s(b)
    assert not s(a) < s(b)
    assert not s(a) > s(b)


# Art 4: equal hands split, i.e. compare equal ---------------------------------------------


@pytest.mark.parametrize("hand", [h for h, _ in CHAIN])
def test_art4_equal_hands_compare_equal(hand: str) -> None:
    a, b = s(hand), s(" ".join(reversed(hand.split())))
    assert a == b
    assert a <= b
    assert a >= b
    assert hash(a) == hash(b)


# Bad input ---------------------------------------------------------------------------------


def test_bad_notation_names_the_token() -> None:
    with pytest.raises(NotationError) as err:
        s("As Ks Qs Js Xs")
    assert err.value.token == "Xs"
    assert "Xs" in str(err.value)


def test_duplicate_card_names_the_token() -> None:
    with pytest.raises(DuplicateCardError) as err:
        s("As Ks Qs Js Ks")
    assert err.value.token == "Ks"


@pytest.mark.parametrize("hand", ["As Ks Qs", "As Ks Qs Js", "As Ks Qs Js Ts 9s"])
def test_art5_only_five_card_hands(hand: str) -> None:
    with pytest.raises(CardCountError):
        s(hand)


# Batch and fast scalar agree with rank() ---------------------------------------------------


def test_batch_agrees_with_scalar() -> None:
    hands = [h for h, _ in CHAIN] + ["As 5s 6s 7s 8s", "As 5h 6d 7c 8s", "5s 5h 5d 6c 6s"]
    parsed = [parse_cards(h, deck=Deck.STUD_40) for h in hands]
    arr = np.array([[c.code for c in p] for p in parsed], dtype=np.uint8)
    got = rank_batch(arr, STUD40).tolist()
    assert got == [s(h).strength for h in hands]
    assert [strength_of_codes([c.code for c in p], STUD40) for p in parsed] == got


def test_batch_agrees_with_scalar_on_every_value() -> None:
    arr = np.array([[c.code for c in parse_cards(h, deck=Deck.STUD_40)] for h in CLASSES])
    assert rank_batch(arr, STUD40).tolist() == [s(h).strength for h in CLASSES]


def test_batch_refuses_a_card_outside_the_forty() -> None:
    codes = [c.code for c in parse_cards("As Ks Qs Js 2s")]
    with pytest.raises(CardNotInDeckError):
        rank_batch(np.array([codes], dtype=np.uint8), STUD40)


# Properties --------------------------------------------------------------------------------

DECK = [x + u for x in RANKS for u in SUITS]


@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True), st.randoms())
def test_art5_order_of_cards_never_changes_rank(cards: list[str], rnd: random.Random) -> None:
    shuffled = cards[:]
    rnd.shuffle(shuffled)
    assert s(" ".join(cards)) == s(" ".join(shuffled))


@given(
    st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
    st.lists(st.sampled_from(SUITS), min_size=5, max_size=5),
)
def test_art5_suits_never_rank_unless_flush_changes(cards: list[str], suits: list[str]) -> None:
    new = [c[:-1] + u for c, u in zip(cards, suits, strict=True)]
    assume(len(set(new)) == 5)
    assume((len({c[-1] for c in cards}) == 1) == (len(set(suits)) == 1))
    assert s(" ".join(cards)) == s(" ".join(new))


@given(
    st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
    st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
)
def test_art5_random_pairs_compare_as_the_regulation(a: list[str], b: list[str]) -> None:
    ha, hb = " ".join(a), " ".join(b)
    ka, kb = ref_key(ha), ref_key(hb)
    assert (s(ha) < s(hb)) == (ka < kb)
    assert (s(ha) == s(hb)) == (ka == kb)
