"""Exact odds of 3-card baccarat (Portaria 22/96/M as amended by 219/96/M, Art 6-10, annex).

The combinatorial odds are checked against an independent brute force that deals every ordered
card sequence (or every pair of disjoint 3-card sets) of a small shoe of real cards, values the
hands with the rules' ``HandValue.of`` and settles every bet with the rules' ``decide()``.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Iterator, Mapping
from fractions import Fraction
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import croupier.odds.three_card_baccarat as bac
from croupier.cards import Card, Rank, Suit
from croupier.errors import CroupierError, NotationError
from croupier.games.three_card_baccarat.rules import (
    COMMISSION,
    BetKind,
    HandValue,
    decide,
)
from croupier.odds import (
    ShoeCounts,
    ShoeError,
    baccarat_effect_of_removal,
    baccarat_effect_of_removal_for,
    baccarat_joint_levels,
    baccarat_odds,
    baccarat_odds_for,
)
from croupier.odds.report import OddsReport, fraction_text
from croupier.settlement import Result

FIGURES = "J Q K"


# -- an independent brute force over real cards -------------------------------------------------
def cards_of(counts: Mapping[str, int]) -> list[Card]:
    """Real cards for rank counts (suits cycle; only ranks matter to the bets)."""
    out: list[Card] = []
    for symbol, n in counts.items():
        rank = Rank.parse(symbol)
        out.extend(Card.of(rank, Suit(i % 4)) for i in range(n))
    return out


def brute_force_pairs(
    cards: list[Card], ordered: bool
) -> tuple[Counter[tuple[HandValue, HandValue]], int]:
    """Counts of (place value, banker value): every ordered 6-card sequence, or every pair of
    disjoint 3-card sets (each stands for 3! x 3! sequences, a uniform weight)."""
    value: dict[tuple[int, ...], HandValue] = {}
    for hand in itertools.combinations(range(len(cards)), 3):
        value[hand] = HandValue.of([cards[i] for i in hand])
    pairs: Counter[tuple[HandValue, HandValue]] = Counter()
    picker = itertools.permutations if ordered else itertools.combinations
    everything = set(range(len(cards)))
    for place in picker(range(len(cards)), 3):
        p = value[tuple(sorted(place))]
        for banker in picker(sorted(everything - set(place)), 3):
            pairs[(p, value[tuple(sorted(banker))])] += 1
    return pairs, sum(pairs.values())


def brute_force(
    counts: Mapping[str, int], *, ordered: bool = True, **options: bool
) -> dict[str, tuple[dict[str, Fraction], Fraction]]:
    """``{bet: (probabilities by result, ev)}`` by dealing every hand pair of real cards."""
    pairs, total = brute_force_pairs(cards_of(counts), ordered)
    out: dict[str, tuple[dict[str, Fraction], Fraction]] = {}
    for bet in BetKind:
        probs: Counter[str] = Counter()
        ev = Fraction(0)
        for (place, banker), n in pairs.items():
            d = decide(bet, banker, place, **options)
            probs[d.result.value] += n
            if d.result is Result.WIN:
                ev += n * (d.prize - (d.prize * COMMISSION if d.commission else 0))
            elif d.result is Result.LOSE:
                ev -= n
        out[bet.value] = ({r: Fraction(n, total) for r, n in probs.items()}, ev / total)
    return out


def assert_matches_brute_force(
    report: OddsReport, expected: dict[str, tuple[dict[str, Fraction], Fraction]]
) -> None:
    assert list(report.bets) == [b.value for b in BetKind]
    for name, (probs, ev) in expected.items():
        got = report.bets[name]
        assert got.ev == ev, name
        # the report lists every result the bet can have, including those of probability 0
        assert {r: p for r, p in got.probabilities.items() if p} == probs, name


SMALL_SHOE = {"J": 1, "Q": 1, "K": 2, "T": 1, "A": 1, "9": 2, "5": 1, "3": 1}  # 10 cards
MIDDLE_SHOE = {"J": 2, "K": 2, "T": 2, "A": 2, "2": 1, "4": 1, "6": 2, "8": 1, "9": 3}  # 16


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"three_figures_as_zero": False},
        {"zero_is_even": False},
        {"three_figures_as_zero": False, "zero_is_even": False},
    ],
)
def test_every_bet_matches_dealing_every_ordered_sequence(options: dict[str, Any]) -> None:
    """Art 6-10 on a 10-card shoe: all 151,200 ordered 6-card deals, settled by decide()."""
    expected = brute_force(SMALL_SHOE, ordered=True, **options)
    report = baccarat_odds_for(ShoeCounts.from_counts(SMALL_SHOE), **options)
    assert_matches_brute_force(report, expected)


def test_every_bet_matches_dealing_every_pair_of_hands_on_16_cards() -> None:
    expected = brute_force(MIDDLE_SHOE, ordered=False)
    assert_matches_brute_force(baccarat_odds_for(ShoeCounts.from_counts(MIDDLE_SHOE)), expected)


def test_annex_levels_of_one_hand_match_every_3_card_set_of_a_36_card_shoe() -> None:
    """The annex level distribution against all C(36, 3) hands of a few dozen cards."""
    counts = {"J": 3, "Q": 4, "K": 2, "T": 3, "A": 4, "3": 4, "5": 4, "7": 4, "8": 4, "9": 4}
    cards = cards_of(counts)
    assert len(cards) == 36
    levels = Counter(HandValue.of(h).level for h in itertools.combinations(cards, 3))
    report = baccarat_odds_for(ShoeCounts.from_counts(counts))
    expected = {str(lv): Fraction(levels[lv], comb(36, 3)) for lv in range(1, 32)}
    assert report.distributions["banker_level"] == expected
    assert report.distributions["place_level"] == expected


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from("A23456789TJQK"), min_size=6, max_size=8))
def test_tiny_random_shoes_match_the_brute_force(ranks: list[str]) -> None:
    counts = dict(Counter(ranks))
    expected = brute_force(counts, ordered=False)
    assert_matches_brute_force(baccarat_odds_for(ShoeCounts.from_counts(counts)), expected)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 5), min_size=13, max_size=13).filter(lambda c: sum(c) >= 6),
    st.booleans(),
    st.booleans(),
)
def test_probabilities_sum_to_exactly_one(counts: list[int], as_zero: bool, even: bool) -> None:
    report = baccarat_odds_for(
        ShoeCounts(tuple(counts)), three_figures_as_zero=as_zero, zero_is_even=even
    )
    for bet in report.bets.values():
        assert sum(bet.probabilities.values()) == 1
    for dist in report.distributions.values():
        assert sum(dist.values()) == 1
    assert sum(baccarat_joint_levels(ShoeCounts(tuple(counts))).values()) == 1


# -- known facts --------------------------------------------------------------------------------
def test_art8_2a_three_figures_in_one_deck_is_c12_3_over_c52_3() -> None:
    report = baccarat_odds(1)
    p = Fraction(comb(12, 3), comb(52, 3))
    assert report.bets["three_faces"].probabilities == {"win": p, "lose": 1 - p}
    assert report.bets["three_faces"].ev == 17 * p - 1  # Art 9.3: 16:1
    # Art 8.1: the banker's three figures carry the odd and even bets
    assert report.bets["odd"].probabilities["carry"] == p
    assert report.bets["even"].probabilities["carry"] == p


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_art7_main_bet_symmetry_and_commission(decks: int) -> None:
    """Place and banker are exchangeable, so a main bet wins as often as it loses; a win nets
    19/20 (Art 9.1, 10), so ev = (19/20 - 1) P(win) and -1/40 per resolved bet."""
    main = baccarat_odds(decks).bets["main"]
    win, lose, carry = (main.probabilities[r] for r in ("win", "lose", "carry"))
    assert win == lose and win + lose + carry == 1
    assert main.ev == (Fraction(19, 20) - 1) * win
    assert main.ev_per_resolved == Fraction(-1, 40)
    assert main.house_edge == -main.ev
    assert main.payout == "1:1 less 5%"


@pytest.mark.parametrize("decks", [1, 8])
def test_art8_3_tie_is_the_main_bets_carry_and_the_joint_is_symmetric(decks: int) -> None:
    report = baccarat_odds(decks)
    assert report.bets["tie"].probabilities["win"] == report.bets["main"].probabilities["carry"]
    assert report.bets["tie"].ev == 21 * report.bets["tie"].probabilities["win"] - 1
    joint = baccarat_joint_levels(ShoeCounts.of_decks(decks))
    assert all(joint[(b, p)] == q for (p, b), q in joint.items())
    assert report.distributions["place_level"] == report.distributions["banker_level"]


def test_art8_2b_points_bets_and_the_three_figures_option() -> None:
    on = baccarat_odds(6)
    off = baccarat_odds(6, three_figures_as_zero=False)
    three = on.bets["three_faces"].probabilities["win"]
    wins_on = [on.bets[f"points_{n}"].probabilities["win"] for n in range(10)]
    wins_off = [off.bets[f"points_{n}"].probabilities["win"] for n in range(10)]
    assert sum(wins_on) == 1
    assert sum(wins_off) == 1 - three
    assert wins_on[0] - wins_off[0] == three and wins_on[1:] == wins_off[1:]
    assert [str(n) for n in range(10)] == list(on.distributions["banker_points"])
    assert list(on.distributions["banker_points"].values()) == wins_on
    assert off.options == {
        "three_figures_as_zero": False,
        "zero_is_even": True,
        "commission": "1/20",
    }


def test_art8_1_zero_is_even_option() -> None:
    on = baccarat_odds(8)
    off = baccarat_odds(8, zero_is_even=False)
    zero_not_three = (
        on.distributions["banker_points"]["0"] - on.bets["three_faces"].probabilities["win"]
    )
    assert on.bets["even"].probabilities["win"] - off.bets["even"].probabilities["win"] == (
        zero_not_three
    )
    assert off.bets["odd"].probabilities == on.bets["odd"].probabilities
    odd, even = on.bets["odd"].probabilities, on.bets["even"].probabilities
    assert odd["win"] == even["lose"] and odd["carry"] == even["carry"]
    assert odd["win"] + even["win"] + odd["carry"] == 1
    assert on.bets["odd"].ev_per_resolved == on.bets["odd"].ev / (1 - odd["carry"])


def test_art6_1_removing_every_figure_means_no_three_figures_and_no_carry() -> None:
    removed = " ".join(f"{r}{s}" for r in FIGURES.split() for s in "shdc")
    report = baccarat_odds(1, removed)
    assert report.cards_in_shoe == 40
    assert report.bets["three_faces"].probabilities == {"win": 0, "lose": 1}
    assert report.bets["three_faces"].ev == -1
    assert report.bets["odd"].probabilities["carry"] == 0
    assert report.bets["odd"].ev_per_resolved == report.bets["odd"].ev
    # and with only tens for zeros, every hand has no figures: the annex's "with no figures"
    levels = report.distributions["banker_level"]
    assert all(p == 0 for lv, p in levels.items() if (int(lv) - 2) % 3 != 2)


def test_removing_cards_moves_the_odds_the_expected_way() -> None:
    full = baccarat_odds(1)
    fewer_figures = baccarat_odds(1, "Js Qh Kd")
    assert fewer_figures.cards_in_shoe == 49
    assert fewer_figures.removed == ("Js", "Qh", "Kd")
    assert fewer_figures.bets["three_faces"].ev < full.bets["three_faces"].ev
    assert fewer_figures.bets["three_faces"].probabilities["win"] == Fraction(
        comb(9, 3), comb(49, 3)
    )


def test_a_shoe_always_carrying_odd_and_even_has_no_ev_per_resolved() -> None:
    report = baccarat_odds_for(ShoeCounts.from_counts({"J": 3, "Q": 2, "K": 1}))
    assert report.bets["odd"].probabilities["carry"] == 1
    assert report.bets["odd"].ev == 0 and report.bets["odd"].ev_per_resolved is None
    assert report.bets["main"].probabilities["carry"] == 1
    assert report.bets["tie"].ev == 20
    assert report.to_json()["bets"]["odd"]["ev_per_resolved"] is None


# -- exactness and the int64 bound ----------------------------------------------------------------
def test_int64_bound_is_the_largest_safe_shoe() -> None:
    n = bac.INT64_MAX_CARDS
    assert 36 * n**6 < 2**63 <= 36 * (n + 1) ** 6
    assert n >= 8 * 52


def test_python_integers_beyond_the_int64_bound_give_the_same_odds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fast = baccarat_odds(6, "As Td")
    monkeypatch.setattr(bac, "INT64_MAX_CARDS", 0)
    joint, total = bac.baccarat_level_counts(ShoeCounts.of_decks(1))
    assert joint.dtype == object and total == 52 * 51 * 50 * 49 * 48 * 47
    slow = baccarat_odds(6, "As Td")
    assert slow.bets == fast.bets and slow.distributions == fast.distributions


def test_twenty_decks_use_python_integers_and_stay_exact() -> None:
    report = baccarat_odds(20)
    assert report.cards_in_shoe == 1040 > bac.INT64_MAX_CARDS
    main = report.bets["main"]
    assert main.probabilities["win"] == main.probabilities["lose"]
    assert sum(report.bets["tie"].probabilities.values()) == 1


def test_level_value_round_trips_the_annex() -> None:
    for level in range(1, 32):
        assert bac.level_value(level).level == level


# -- effect of removal ----------------------------------------------------------------------------
@pytest.mark.parametrize("decks", [1, 8])
def test_effect_of_removal_is_the_direct_recomputation(decks: int) -> None:
    eor = baccarat_effect_of_removal(decks)
    assert list(eor.effects) == [Rank.ACE, *(r for r in Rank if r != Rank.ACE)]
    full = baccarat_odds(decks)
    less_ace = baccarat_odds(decks, "As")
    less_five = baccarat_odds(decks, "5h")
    for name in full.bets:
        assert eor.effects[Rank.ACE][name] == less_ace.bets[name].ev - full.bets[name].ev
        assert eor.effects[Rank.FIVE][name] == less_five.bets[name].ev - full.bets[name].ev
    # J, Q, K are one class (figures); the ten, worth 0 too, is not a figure
    assert eor.effects[Rank.JACK] == eor.effects[Rank.QUEEN] == eor.effects[Rank.KING]
    assert eor.effects[Rank.TEN] != eor.effects[Rank.KING]
    assert eor.effects[Rank.KING]["three_faces"] < 0 < eor.effects[Rank.TEN]["three_faces"]


def test_effect_of_removal_weighted_by_the_counts_sums_to_exactly_zero() -> None:
    """Removing a random unseen card is a burn (Art 3.2, 3.3): the odds do not move."""
    shoe = ShoeCounts.standard(2, "Ks Kh 9d")
    eor = baccarat_effect_of_removal_for(shoe, zero_is_even=False)
    for name in eor.base.bets:
        assert eor.first_order_sum(name) == 0
        assert any(row[name] for row in eor.effects.values())


def test_effect_of_removal_skips_ranks_the_shoe_no_longer_holds() -> None:
    eor = baccarat_effect_of_removal(1, "As Ah Ad Ac")
    assert Rank.ACE not in eor.effects and len(eor.effects) == 12
    data = eor.to_json()
    assert data["unavailable"] == ["A"]
    assert list(data["effects"]) == list("23456789TJQK")
    assert data["effects"]["K"]["tie"] == float(eor.effects[Rank.KING]["tie"])
    assert data["effects_exact"]["K"]["tie"] == fraction_text(eor.effects[Rank.KING]["tie"])
    assert data["cards"] == 48 and data["removed"] == ["As", "Ah", "Ad", "Ac"]
    assert "rank" in eor.to_text() and "three_faces" in eor.to_text()


# -- JSON and errors ------------------------------------------------------------------------------
def test_json_shape() -> None:
    report = baccarat_odds(8, "As Kd")
    data = json.loads(json.dumps(report.to_json()))
    assert data["game"] == "three-card-baccarat"
    assert (data["decks"], data["removed"], data["cards"]) == (8, ["As", "Kd"], 414)
    assert list(data["bets"]) == [b.value for b in BetKind]
    for name, bet in data["bets"].items():
        keys = {"ev", "ev_exact", "house_edge", "probabilities", "probabilities_exact", "payout"}
        if name in ("main", "odd", "even"):
            keys.add("ev_per_resolved")
        assert set(bet) == keys, name
        exact = report.bets[name]
        assert Fraction(bet["ev_exact"]) == exact.ev
        assert bet["ev"] == float(exact.ev) == -bet["house_edge"]
        assert {k: Fraction(v) for k, v in bet["probabilities_exact"].items()} == (
            exact.probabilities
        )
        assert bet["probabilities"] == {k: float(v) for k, v in exact.probabilities.items()}
    assert set(data["bets"]["main"]["probabilities"]) == {"win", "lose", "carry"}
    assert set(data["bets"]["tie"]["probabilities"]) == {"win", "lose"}
    assert data["bets"]["points_3"]["payout"] == "8:1"
    assert data["bets"]["three_faces"]["payout"] == "16:1"
    assert data["counts"]["A"] == 31 and data["counts"]["K"] == 31 and data["counts"]["Q"] == 32
    assert set(data["distributions"]) == {"banker_points", "banker_level", "place_level"}
    assert "house edge" in report.to_text()


def iter_bad_removals() -> Iterator[tuple[int, str, str]]:
    yield 1, "As As", "As"
    yield 1, "As Kd Kd", "Kd"
    yield 2, "Kd 9c Kd 9c Kd", "Kd"


@pytest.mark.parametrize(("decks", "removed", "token"), list(iter_bad_removals()))
def test_removing_a_card_more_often_than_the_shoe_holds_it_names_the_card(
    decks: int, removed: str, token: str
) -> None:
    with pytest.raises(ShoeError, match=repr(token)) as info:
        baccarat_odds(decks, removed)
    assert info.value.token == token
    assert isinstance(info.value, CroupierError)


def test_bad_input_errors() -> None:
    with pytest.raises(NotationError, match="'Zz'") as bad:
        baccarat_odds(1, "As Zz")
    assert bad.value.token == "Zz"
    for decks in (0, -1):
        with pytest.raises(ShoeError, match="decks"):
            baccarat_odds(decks)
    with pytest.raises(ShoeError, match="at least 6 cards"):
        baccarat_odds_for(ShoeCounts.from_counts({"A": 5}))
    with pytest.raises(ShoeError, match="'9h'") as gone:
        ShoeCounts.from_counts({"9": 1}).remove("9s 9h")
    assert gone.value.token == "9h"
    with pytest.raises(ShoeError, match="K") as neg:
        ShoeCounts.from_counts({"K": -1})
    assert neg.value.token == "K"
    with pytest.raises(ShoeError, match="13 rank counts"):
        ShoeCounts((4,) * 12)
    with pytest.raises(ShoeError, match="no A"):
        ShoeCounts.from_counts({"K": 3}).without(Rank.ACE)


def test_art10_commission_option_prices_the_commissioned_bets() -> None:
    """Without commission the main bet is fair (place and banker are drawn alike); at 2.5% its
    edge per resolved bet is exactly 1/80; the other bets do not move."""
    base = baccarat_odds(6)
    free = baccarat_odds(6, commission=Fraction(0))
    half = baccarat_odds(6, commission=Fraction(1, 40))
    assert free.bets["main"].ev == 0
    assert half.bets["main"].ev_per_resolved == Fraction(-1, 80)
    assert half.bets["main"].payout == "1:1 less 2.5%"
    for name in ("tie", "three_faces", "points_3"):
        assert free.bets[name].ev == base.bets[name].ev
    p_win = base.bets["odd"].probabilities["win"]
    assert free.bets["odd"].ev - base.bets["odd"].ev == p_win * Fraction(5, 100)
