"""Exact odds of Football Poker (Despacho 65/2004, Art 3, 7, 8, 9).

The combinatorial odds are checked against an independent brute force that deals every ordered
2- or 3-card hand of a small shoe of real cards (a third card exactly when the rules'
``needs_third_card`` says so, Art 8.1) and settles every bet with the rules' ``decide()``.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, Rank, Suit
from croupier.errors import NotationError
from croupier.games.football_poker.rules import BetKind, decide, hand_total, needs_third_card
from croupier.odds import (
    ShoeCounts,
    ShoeError,
    football_effect_of_removal,
    football_effect_of_removal_for,
    football_hand_distribution,
    football_odds,
    football_odds_for,
)
from croupier.odds.report import OddsReport
from croupier.settlement import Result


def cards_of(counts: Mapping[str, int]) -> list[Card]:
    out: list[Card] = []
    for symbol, n in counts.items():
        rank = Rank.parse(symbol)
        out.extend(Card.of(rank, Suit(i % 4)) for i in range(n))
    return out


def brute_force_hands(counts: Mapping[str, int]) -> dict[tuple[int, int], Fraction]:
    """P(cards, total) by dealing every ordered hand of real cards, each card uniform over the
    cards not yet in the hand."""
    cards = cards_of(counts)
    n = len(cards)
    out: dict[tuple[int, int], Fraction] = {}
    for i, j in itertools.permutations(range(n), 2):
        two = [cards[i], cards[j]]
        if not needs_third_card(two):
            key = (2, hand_total(two))
            out[key] = out.get(key, Fraction(0)) + Fraction(1, n * (n - 1))
            continue
        for k in range(n):
            if k not in (i, j):
                key = (3, hand_total([*two, cards[k]]))
                out[key] = out.get(key, Fraction(0)) + Fraction(1, n * (n - 1) * (n - 2))
    return out


NET = {
    Result.WIN: None,  # the prize
    Result.LOSE: Fraction(-1),
    Result.PUSH: Fraction(0),  # Art 8.2: returned
    Result.HALF: Fraction(-1, 2),  # Art 8.2: loses half
}


def brute_force(counts: Mapping[str, int]) -> dict[str, tuple[dict[str, Fraction], Fraction]]:
    hands = brute_force_hands(counts)
    out: dict[str, tuple[dict[str, Fraction], Fraction]] = {}
    for bet in BetKind:
        probs: dict[str, Fraction] = {}
        ev = Fraction(0)
        for (cards, total), p in hands.items():
            d = decide(bet, total, cards=cards)
            probs[d.result.value] = probs.get(d.result.value, Fraction(0)) + p
            net = NET[d.result]
            ev += p * (d.prize if net is None else net)
        out[bet.value] = (probs, ev)
    return out


def assert_matches(report: OddsReport, counts: Mapping[str, int]) -> None:
    expected = brute_force(counts)
    assert list(report.bets) == [b.value for b in BetKind]
    for name, (probs, ev) in expected.items():
        got = report.bets[name]
        assert got.ev == ev, name
        assert {r: p for r, p in got.probabilities.items() if p} == probs, name


# a few dozen cards, with enough 0s and 9s for third cards: 34 cards
SHOE = {"A": 3, "2": 2, "3": 1, "4": 3, "5": 2, "6": 1, "7": 2, "8": 3, "9": 5, "T": 4, "J": 2}
SHOE |= {"Q": 3, "K": 3}


def test_art3_art8_every_bet_matches_dealing_every_hand_of_34_cards() -> None:
    assert sum(SHOE.values()) == 34
    shoe = ShoeCounts.from_counts(SHOE)
    assert football_hand_distribution(shoe) == brute_force_hands(SHOE)
    assert_matches(football_odds_for(shoe), SHOE)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from("A23456789TJQK"), min_size=3, max_size=14))
def test_random_small_shoes_match_the_brute_force(ranks: list[str]) -> None:
    counts = dict(Counter(ranks))
    shoe = ShoeCounts.from_counts(counts)
    assert football_hand_distribution(shoe) == brute_force_hands(counts)
    assert_matches(football_odds_for(shoe), counts)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=13, max_size=13).filter(lambda c: sum(c) >= 3))
def test_probabilities_sum_to_exactly_one(counts: list[int]) -> None:
    report = football_odds_for(ShoeCounts(tuple(counts)))
    for bet in report.bets.values():
        assert sum(bet.probabilities.values()) == 1
    for dist in report.distributions.values():
        assert sum(dist.values()) == 1


@pytest.mark.parametrize("decks", [6, 8])
def test_art8_2_three_card_zero_halves_and_nine_returns(decks: int) -> None:
    report = football_odds(decks)
    hand = report.distributions["hand"]
    zero, nine = hand["3:0"], hand["3:9"]
    for name in ("upper", "lower", "even", "odd"):
        bet = report.bets[name]
        assert bet.probabilities["half"] == zero and bet.probabilities["push"] == nine
        win = bet.probabilities["win"]
        assert bet.ev == win - bet.probabilities["lose"] - zero / 2
        assert bet.payout == "1:1"
    post = report.bets["post"]
    assert post.probabilities == {"win": zero + nine, "lose": 1 - zero - nine}
    assert post.ev == 9 * (zero + nine) - 1  # Art 9.2: 8:1
    assert post.payout == "8:1" and post.ev_per_resolved is None
    # Art 3.1-3.4: upper and lower, even and odd, split the totals 1..8 between them
    up, low = report.bets["upper"].probabilities, report.bets["lower"].probabilities
    assert up["win"] == low["lose"] and up["lose"] == low["win"]
    ev, od = report.bets["even"].probabilities, report.bets["odd"].probabilities
    assert ev["win"] == od["lose"]


def test_art8_1_two_card_zero_or_nine_never_stands() -> None:
    hand = football_odds(6).distributions["hand"]
    assert "2:0" not in hand and "2:9" not in hand
    assert set(hand) == {f"2:{t}" for t in range(1, 9)} | {f"3:{t}" for t in range(10)}


def test_art7_a_shoe_of_tens_and_figures_always_posts_zero() -> None:
    report = football_odds_for(ShoeCounts.from_counts({"T": 2, "J": 1, "Q": 1, "K": 3}))
    assert report.distributions["hand"]["3:0"] == 1
    assert report.bets["post"].ev == 8
    assert report.bets["upper"].ev == Fraction(-1, 2)
    assert report.bets["upper"].probabilities == {"win": 0, "lose": 0, "push": 0, "half": 1}


def test_removing_cards_moves_the_odds_the_expected_way() -> None:
    zeros = " ".join(f"{r}{s}" for r in "TJQK" for s in "shdc")
    nines = "9s 9h 9d 9c"
    full = football_odds(6)
    fewer = football_odds(6, f"{zeros} {nines}")
    assert fewer.cards_in_shoe == 312 - 20
    # fewer 0s and 9s: fewer two-card 0s and 9s, so fewer posts
    assert fewer.bets["post"].probabilities["win"] < full.bets["post"].probabilities["win"]


@pytest.mark.parametrize("decks", [6, 8])
def test_effect_of_removal_is_the_direct_recomputation(decks: int) -> None:
    eor = football_effect_of_removal(decks)
    full = football_odds(decks)
    less_nine = football_odds(decks, "9c")
    for name in full.bets:
        assert eor.effects[Rank.NINE][name] == less_nine.bets[name].ev - full.bets[name].ev
        assert eor.first_order_sum(name) == 0
    # Art 7.2: 10, J, Q, K all count 0
    assert eor.effects[Rank.TEN] == eor.effects[Rank.JACK] == eor.effects[Rank.KING]
    assert eor.effects[Rank.KING]["post"] < 0


def test_effect_of_removal_on_a_custom_shoe_weights_to_zero() -> None:
    eor = football_effect_of_removal_for(ShoeCounts.from_counts(SHOE))
    assert Rank.THREE in eor.effects
    assert all(eor.first_order_sum(name) == 0 for name in eor.base.bets)
    assert eor.to_json()["unavailable"] == []
    assert eor.to_json()["decks"] is None


def test_json_shape() -> None:
    report = football_odds(8, "9s 9s")
    data = json.loads(json.dumps(report.to_json()))
    assert data["game"] == "football-poker"
    assert (data["decks"], data["removed"], data["cards"]) == (8, ["9s", "9s"], 414)
    assert list(data["bets"]) == ["upper", "lower", "even", "odd", "post"]
    for name, bet in data["bets"].items():
        assert set(bet) == {
            "ev",
            "ev_exact",
            "house_edge",
            "probabilities",
            "probabilities_exact",
            "payout",
        }
        assert Fraction(bet["ev_exact"]) == report.bets[name].ev
        assert bet["house_edge"] == -bet["ev"]
    assert set(data["bets"]["upper"]["probabilities"]) == {"win", "lose", "push", "half"}
    assert data["options"] == {}
    assert data["counts"]["9"] == 30


def test_bad_input_errors() -> None:
    with pytest.raises(ShoeError, match="'Ks'") as too_many:
        football_odds(1, "Ks Ks")
    assert too_many.value.token == "Ks"
    with pytest.raises(NotationError, match="'1x'"):
        football_odds(6, "1x")
    with pytest.raises(ShoeError, match="decks"):
        football_odds(0)
    with pytest.raises(ShoeError, match="at least 3 cards"):
        football_odds_for(ShoeCounts.from_counts({"K": 2}))
