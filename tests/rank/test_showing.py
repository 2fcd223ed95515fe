"""Portaria 104/85/M Art 10 b-d: the order of the showing cards, which decides who speaks."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import Card, Deck, parse_cards
from croupier.errors import CardCountError
from croupier.rank.model import STUD40, STUD40_A5_FLUSH, RankRules
from croupier.rank.showing import (
    MaskPatterns,
    ShowingCategory,
    ShowingOrder,
    ShowingRank,
    best_showing,
    showing_key,
    showing_pattern,
    showing_rank,
)

BEST = ShowingOrder.BEST_HAND
NEWEST = ShowingOrder.NEWEST_CARD


def sr(text: str, order: ShowingOrder = BEST) -> ShowingRank:
    return showing_rank(parse_cards(text, deck=Deck.STUD_40), order)


def cat(text: str, order: ShowingOrder = BEST) -> ShowingCategory:
    return showing_rank(parse_cards(text, deck=Deck.STUD_40), order).category


def test_art10b_highest_up_card_opens() -> None:
    assert best_showing({1: parse_cards("Kd"), 2: parse_cards("Ac"), 3: parse_cards("Qs")}) == 2


@pytest.mark.parametrize(
    ("higher", "lower"), [("Ks", "Kh"), ("Kh", "Kc"), ("Kc", "Kd"), ("As", "Ad"), ("5s", "5d")]
)
def test_art10b_equal_up_cards_by_suit_spades_hearts_clubs_diamonds(
    higher: str, lower: str
) -> None:
    assert best_showing({"a": parse_cards(lower), "b": parse_cards(higher)}) == "b"


def test_art10b_suit_only_after_rank() -> None:
    assert best_showing({1: parse_cards("Ad"), 2: parse_cards("Ks")}) == 1


def test_art10c_round2_pair_speaks_before_high_cards() -> None:
    assert cat("5d 5c") is ShowingCategory.PAIR
    assert best_showing({1: parse_cards("Ah Kh"), 2: parse_cards("5d 5c")}) == 2


def test_art10c_round2_higher_pair_first() -> None:
    assert best_showing({1: parse_cards("9s 9h"), 2: parse_cards("Td Tc")}) == 2


def test_art10c_round3_trio_over_pair_over_high() -> None:
    assert cat("7s 7h 7d") is ShowingCategory.THREE_OF_A_KIND
    assert cat("7s 7h Ad") is ShowingCategory.PAIR
    chain = ["7s 7h 7d", "As Ah 8d", "6s 6h 5d", "As Kh Qd", "As Kh Jd"]
    ranks = [sr(t) for t in chain]
    assert ranks == sorted(ranks, reverse=True)


def test_art10d_round4_order_as_written() -> None:
    chain = [
        "As Ks Qs Js",  # possible royal flush
        "9h 8h 7h 6h",  # possible straight flush
        "5s 5h 5d 5c",  # four of a kind
        "As Js 8s 6s",  # possible flush
        "Kd Qc Jh Ts",  # possible straight
        "Ac Ad Ah Ks",  # trio
        "Ac Ad Ks Kh",  # two pairs
        "Ac Ad Ks Qh",  # pair
        "As Kd Qc 9h",  # high card
    ]
    expected = [
        ShowingCategory.POSSIBLE_ROYAL_FLUSH,
        ShowingCategory.POSSIBLE_STRAIGHT_FLUSH,
        ShowingCategory.FOUR_OF_A_KIND,
        ShowingCategory.POSSIBLE_FLUSH,
        ShowingCategory.POSSIBLE_STRAIGHT,
        ShowingCategory.THREE_OF_A_KIND,
        ShowingCategory.TWO_PAIR,
        ShowingCategory.PAIR,
        ShowingCategory.HIGH_CARD,
    ]
    assert [cat(t) for t in chain] == expected
    ranks = [sr(t) for t in chain]
    assert ranks == sorted(ranks, reverse=True)


def test_art10d_non_consecutive_four_is_not_a_possible_straight() -> None:
    # "Não se considera possível formação de sequência ... (Ex. 10-9-6-7)"
    assert cat("Td 9c 6h 7s") is ShowingCategory.HIGH_CARD
    assert cat("Td 9c 8h 7s") is ShowingCategory.POSSIBLE_STRAIGHT
    assert cat("Ts 9s 6s 7s") is ShowingCategory.POSSIBLE_FLUSH  # suited but with a gap


def test_art10d_ace_low_four_on_the_40_card_deck() -> None:
    # Art 5.6: A-5-6-7-8, the ace counts as 4: A-5-6-7 is four consecutive ranks.
    assert cat("Ad 5c 6h 7s") is ShowingCategory.POSSIBLE_STRAIGHT
    assert cat("As 5s 6s 7s") is ShowingCategory.POSSIBLE_STRAIGHT_FLUSH
    assert sr("Ad 5c 6h 7s") < sr("5d 6c 7h 8s")


def test_art10d_possible_royal_needs_royal_ranks() -> None:
    assert cat("Ks Qs Js Ts") is ShowingCategory.POSSIBLE_ROYAL_FLUSH
    assert cat("Qs Js Ts 9s") is ShowingCategory.POSSIBLE_STRAIGHT_FLUSH
    assert cat("As Ks Qs Ts") is ShowingCategory.POSSIBLE_FLUSH  # not consecutive


def test_suits_break_exact_ties_of_showing_ranks() -> None:
    assert best_showing({1: parse_cards("Kh 7s"), 2: parse_cards("Ks 7d")}) == 2
    assert best_showing({1: parse_cards("9h 9c"), 2: parse_cards("9s 9d")}) == 2


def test_newest_card_reading_round2() -> None:
    # letter of Art 10 c i: no pair anywhere -> the highest *second* up card
    a, b = parse_cards("As 5d"), parse_cards("6h 7c")
    assert best_showing({1: a, 2: b}, NEWEST) == 2
    assert best_showing({1: a, 2: b}, BEST) == 1


def test_newest_card_reading_round3_pair_must_include_third_card() -> None:
    # Art 10 c v: "um par formado com a terceira e segunda ou terceira e primeira"
    assert cat("9s 9d 5h", NEWEST) is ShowingCategory.HIGH_CARD
    assert cat("9s 5h 9d", NEWEST) is ShowingCategory.PAIR
    assert cat("9s 9d 5h", BEST) is ShowingCategory.PAIR


def test_newest_card_reading_round4_keeps_the_upper_formations() -> None:
    assert cat("Ac Ad Ks Kh", NEWEST) is ShowingCategory.TWO_PAIR
    assert cat("Ac Ad Ah 5s", NEWEST) is ShowingCategory.THREE_OF_A_KIND
    assert cat("Ac Ad Ks Qh", NEWEST) is ShowingCategory.HIGH_CARD
    assert cat("Ac Qd Ks Qh", NEWEST) is ShowingCategory.PAIR


def test_bad_counts_refused() -> None:
    with pytest.raises(CardCountError):
        showing_rank(())
    with pytest.raises(CardCountError):
        showing_rank(parse_cards("As Ks Qs Js Ts"))
    with pytest.raises(CardCountError):
        best_showing({})


STUD = list(Deck.STUD_40.cards)


@given(st.lists(st.sampled_from(STUD), min_size=2, max_size=8, unique=True), st.integers(1, 4))
def test_distinct_hands_never_tie_once_suits_count(cards: list[Card], n: int) -> None:
    """In one deck the speaker is always unique: two disjoint showing hands never compare equal
    (the deciding cards themselves are not part of the comparison, only formation, ranks and
    the suits of Art 10 b)."""
    if len(cards) < 2 * n:
        return
    a, b = cards[:n], cards[n : 2 * n]
    for order in ShowingOrder:
        ra, rb = showing_rank(a, order), showing_rank(b, order)
        assert (ra.category, ra.key, ra.suits) != (rb.category, rb.key, rb.suits)
        assert ra != rb


def test_art10b_exact_rank_tie_is_decided_by_suit_order_not_card_codes() -> None:
    # card codes order suits s h d c; Art 10 b orders them s h c d: clubs above diamonds
    assert best_showing({1: parse_cards("Kd 7s"), 2: parse_cards("Kc 7h")}) == 2
    assert best_showing({1: parse_cards("9c 9h"), 2: parse_cards("9d 9s")}) == 2  # 9s highest
    equal_ranks = showing_rank(parse_cards("Qh Js")), showing_rank(parse_cards("Qh Js"))
    assert equal_ranks[0] == equal_ranks[1]


def test_round1_total_order_over_the_deck() -> None:
    ordered = sorted(STUD, key=lambda c: showing_rank([c]), reverse=True)
    assert [str(c) for c in ordered[:5]] == ["As", "Ah", "Ac", "Ad", "Ks"]
    assert len({(r.key, r.suits) for r in (showing_rank([c]) for c in STUD)}) == 40
    assert all(
        showing_rank([x]) != showing_rank([y]) for x, y in itertools.combinations(STUD[:8], 2)
    )


@given(st.lists(st.sampled_from(STUD), min_size=1, max_size=4, unique=True), st.booleans())
def test_issue22_the_pattern_is_the_key_without_its_suits(cards: list[Card], gapped: bool) -> None:
    """``showing_pattern`` (what bots and the newest-card reading read) is the best-hand key's
    formation and ranks, the suits left out, on any 1 to 4 showing cards of the 40-card deck;
    and both agree with the reference ``showing_rank``."""
    key = showing_key(cards, gapped_flush_draws=gapped)
    assert showing_pattern(cards, gapped_flush_draws=gapped) == key[:2]
    ref = showing_rank(cards, BEST, gapped_flush_draws=gapped)
    assert key[:2] == (int(ref.category), tuple(int(k) for k in ref.key))


def test_issue22_the_pattern_refuses_what_the_key_refuses() -> None:
    for bad in ((), tuple(parse_cards("As Ks Qs Js Ts"))):
        with pytest.raises(CardCountError):
            showing_pattern(bad)
        with pytest.raises(CardCountError):
            showing_key(bad)


@pytest.mark.parametrize("rules", [STUD40, STUD40_A5_FLUSH], ids=lambda r: r.name)
@pytest.mark.parametrize("gapped", [False, True])
def test_issue22_the_patterns_of_bit_sets_are_the_functions_on_every_set(
    rules: RankRules, gapped: bool
) -> None:
    """``MaskPatterns`` (the rank patterns keyed by the counts of each rank and four suited:
    what the table's order and the bots read) gives ``showing_key`` and ``showing_pattern`` on
    every set of 1 to 4 showing cards of the 40-card deck, under both rank rules and both
    readings of the flush draws; given the rank counts kept as cards come, the same."""
    table = MaskPatterns(rules, gapped_flush_draws=gapped)
    for n in range(1, 5):
        for cards in itertools.combinations(STUD, n):
            mask = counts = 0
            for c in cards:
                mask |= 1 << c.code
                counts += 1 << (4 * int(c.rank))
            key = showing_key(cards, rules, gapped_flush_draws=gapped)
            assert table.key(mask, n) == key, cards
            assert table.pattern(mask, n) == key[:2], cards
            assert table.of_counts(counts, mask, n) == table.entry(mask, n), cards
            if n < 4:  # below four cards the counts are the key of the entries found so far
                assert table.known.get(counts) == table.entry(mask, n), cards


def test_issue22_the_known_patterns_are_the_entries_found_by_their_counts() -> None:
    """``MaskPatterns.known`` (what the fold and the bots read without a call, fewer than
    four cards): an entry found is ``of_counts``'s for those counts, whatever their suits; four
    cards are not read from it (their key carries the suits too)."""
    table = MaskPatterns(STUD40)
    for n in range(1, 4):
        for cards in itertools.combinations(STUD, n):
            mask = counts = 0
            for c in cards:
                mask |= 1 << c.code
                counts += 1 << (4 * int(c.rank))
            found = table.known.get(counts)
            assert found is None or found == table.of_counts(counts, mask, n), cards
            table.of_counts(counts, mask, n)
            assert table.known.get(counts) == table.entry(mask, n), cards


def test_issue22_the_patterns_of_bit_sets_refuse_what_the_key_refuses() -> None:
    with pytest.raises(CardCountError):
        MaskPatterns().entry(0, 0)
    five = 0
    for c in parse_cards("As Ks Qs Js Ts"):
        five |= 1 << c.code
    with pytest.raises(CardCountError):
        MaskPatterns().key(five, 5)
