"""Football Poker, Despacho 65/2004: the articles as functions (Art 3, 7, 8, 9)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import Card, Rank, Suit, parse_cards
from croupier.games.football_poker.rules import (
    MIN_DECKS,
    MIN_POSITIONS,
    PRIZE,
    BetKind,
    card_value,
    decide,
    hand_total,
    needs_third_card,
)
from croupier.settlement import Result

# Art 7.1-7.3 as written: face value; K Q J and 10 count 0; the ace 1.
FACE_VALUE = {
    Rank.ACE: 1,
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 0,
    Rank.JACK: 0,
    Rank.QUEEN: 0,
    Rank.KING: 0,
}
# Art 3.1-3.4 as written.
RANGES = {
    BetKind.UPPER: {1, 2, 3, 4},
    BetKind.LOWER: {5, 6, 7, 8},
    BetKind.EVEN: {2, 4, 6, 8},
    BetKind.ODD: {1, 3, 5, 7},
}
RANGE_BETS = tuple(RANGES)
ALL_CARDS = [Card.of(r, s) for r in Rank for s in Suit]
cards_st = st.sampled_from(ALL_CARDS)


def reference_total(cards: tuple[Card, ...]) -> int:
    # Art 7.4 as written: above 10 points only the last digit counts.
    total = sum(FACE_VALUE[c.rank] for c in cards)
    return int(str(total)[-1])


def test_art2_1_and_art4_1_minimums() -> None:
    assert MIN_DECKS == 6
    assert MIN_POSITIONS == 8


@pytest.mark.parametrize("rank", list(Rank))
def test_art7_card_values_all_13_ranks(rank: Rank) -> None:
    assert {card_value(Card.of(rank, s)) for s in Suit} == {FACE_VALUE[rank]}


def test_art7_2_tens_and_figures_count_zero() -> None:
    assert [card_value(c) for c in parse_cards("Ts Jh Qd Kc")] == [0, 0, 0, 0]


def test_art7_3_ace_counts_one() -> None:
    assert [card_value(c) for c in parse_cards("As Ah Ad Ac")] == [1, 1, 1, 1]


@given(st.lists(cards_st, min_size=2, max_size=3))
def test_art7_4_total_keeps_last_digit(cards: list[Card]) -> None:
    assert hand_total(cards) == reference_total(tuple(cards))


def test_art7_4_examples() -> None:
    assert hand_total(parse_cards("7s 8h")) == 5  # 15 -> 5
    assert hand_total(parse_cards("9s 9h 9d", allow_duplicates=True)) == 7  # 27 -> 7
    assert hand_total(parse_cards("Ks Th")) == 0
    assert hand_total(parse_cards("5s 5h")) == 0  # 10 -> 0


def test_art8_1_third_card_on_two_card_0_and_9_only() -> None:
    ranks_seen = 0
    for a, b in itertools.product(Rank, repeat=2):
        cards = (Card.of(a, Suit.SPADES), Card.of(b, Suit.HEARTS))
        total = (FACE_VALUE[a] + FACE_VALUE[b]) % 10
        assert needs_third_card(cards) is (total in (0, 9)), cards
        ranks_seen += 1
    assert ranks_seen == 169


@given(st.lists(cards_st, min_size=3, max_size=3))
def test_art8_1_never_a_fourth_card(cards: list[Card]) -> None:
    assert not needs_third_card(cards)


@pytest.mark.parametrize("bet", RANGE_BETS)
@pytest.mark.parametrize("cards", [2, 3])
@pytest.mark.parametrize("total", range(1, 9))
def test_art3_1_to_3_4_ranges_and_art9_1_even_money(bet: BetKind, cards: int, total: int) -> None:
    decision = decide(bet, total, cards=cards)
    if total in RANGES[bet]:
        assert decision.result is Result.WIN and decision.prize == 1
    else:
        assert decision.result is Result.LOSE and decision.prize == 0
    assert "Art 3." in decision.article
    assert not decision.commission


@pytest.mark.parametrize("bet", RANGE_BETS)
def test_art8_2_three_card_zero_loses_half(bet: BetKind) -> None:
    decision = decide(bet, 0, cards=3)
    assert decision.result is Result.HALF and decision.prize == 0
    assert decision.article == "Art 8.2"


@pytest.mark.parametrize("bet", RANGE_BETS)
def test_art8_2_three_card_nine_is_returned(bet: BetKind) -> None:
    decision = decide(bet, 9, cards=3)
    assert decision.result is Result.PUSH and decision.prize == 0
    assert decision.article == "Art 8.2"


@pytest.mark.parametrize("total", [0, 9])
def test_art3_5_and_art9_2_post_pays_eight_on_three_card_0_or_9(total: int) -> None:
    decision = decide(BetKind.POST, total, cards=3)
    assert decision.result is Result.WIN and decision.prize == 8
    assert decision.article == "Art 3.5, 9.2"


@pytest.mark.parametrize("cards", [2, 3])
@pytest.mark.parametrize("total", range(1, 9))
def test_art3_5_post_loses_on_any_other_total(cards: int, total: int) -> None:
    assert decide(BetKind.POST, total, cards=cards).result is Result.LOSE


def test_art9_prize_table() -> None:
    assert dict(PRIZE) == {
        BetKind.UPPER: 1,
        BetKind.LOWER: 1,
        BetKind.EVEN: 1,
        BetKind.ODD: 1,
        BetKind.POST: 8,
    }


@pytest.mark.parametrize("total", [0, 9])
@pytest.mark.parametrize("bet", list(BetKind))
def test_art8_1_two_card_0_or_9_is_never_decided(bet: BetKind, total: int) -> None:
    with pytest.raises(ValueError, match=r"Art 8\.1"):
        decide(bet, total, cards=2)


@pytest.mark.parametrize(("total", "cards"), [(-1, 2), (10, 3), (5, 1), (5, 4)])
def test_decide_refuses_impossible_hands(total: int, cards: int) -> None:
    with pytest.raises(ValueError):
        decide(BetKind.EVEN, total, cards=cards)
