"""The 13-card solver: best response to a shown banker (Art 2 d, 7-10) and the house ways.

The property tests compare the vectorised search with two independent references: the plain
loop over all 72,072 settings (:func:`plain_best_response`) and, for a few hands, every setting
enumerated as cards and scored by :func:`score` (the scoring of the articles, no shared tables).
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, Deck, parse_cards
from croupier.errors import CardCountError, DuplicateCardError, NotationError, RecordError
from croupier.games.thirteen.calibration import calibration, expected_tables
from croupier.games.thirteen.rules import HouseWay
from croupier.games.thirteen.scoring import Natural, Outcome, Setting, natural_of, score
from croupier.games.thirteen.solver import (
    SETTING_COUNT,
    HandSettings,
    best_response,
    house_way,
    plain_best_response,
    solve,
)
from croupier.odds.thirteen_house import calibrate
from croupier.rank import rank

DECK = Deck.STANDARD_52.cards
BANKER = Setting.parse("Qh Qd 2c / Ac Ad 7c 7d 5c / Ts Td Tc 3s 3h")
HAND = parse_cards("As Ah Kd Kc 9s 8s 7s 6s 5d 4h 3c 2d Jh")

deals = st.permutations(list(DECK))


def _split(order: list[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return tuple(order[:13]), tuple(order[13:26])


def test_art7_there_are_72072_settings_and_the_valid_ones_are_not_fouled() -> None:
    hs = HandSettings(HAND)
    assert len(hs.valid) == SETTING_COUNT == 1287 * 56
    rng = random.Random(7)
    for i in rng.sample(range(SETTING_COUNT), 300):
        s = hs.setting(i)
        assert s.uses(HAND)
        assert bool(hs.valid[i]) is not s.fouled
        assert (hs.front[i], hs.middle[i], hs.back[i]) == s.strengths()


def test_every_setting_is_distinct() -> None:
    hs = HandSettings(HAND)
    seen = {
        (frozenset(s.front), frozenset(s.middle), frozenset(s.back))
        for s in (hs.setting(i) for i in range(0, SETTING_COUNT, 7))
    }
    assert len(seen) == len(range(0, SETTING_COUNT, 7))


def test_art8_best_response_example() -> None:
    s = best_response(HAND, BANKER)
    result = score(HAND, s, BANKER.cards, BANKER)
    assert str(s) == "Kc Kd Jh / Ah 5d 4h 3c 2d / As 9s 8s 7s 6s"
    assert (result.outcome, result.player_points, result.banker_points) == (Outcome.WIN, 2, 1)


@settings(max_examples=12, deadline=None)
@given(deals)
def test_best_response_agrees_with_the_plain_loop(order: list[Card]) -> None:
    hand, banker_cards = _split(order)
    banker = house_way(banker_cards, HouseWay.STRONGEST_BACK)
    assert best_response(hand, banker) == plain_best_response(hand, banker)


def _all_settings(hand: tuple[Card, ...]) -> list[Setting]:
    out = []
    for back in itertools.combinations(hand, 5):
        rest = [c for c in hand if c not in back]
        for middle in itertools.combinations(rest, 5):
            front = tuple(c for c in rest if c not in middle)
            out.append(Setting(front, middle, back))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_art8_no_valid_setting_scores_better_than_the_solver(seed: int) -> None:
    order = list(DECK)
    random.Random(seed).shuffle(order)
    hand, banker_cards = _split(order)
    banker = house_way(banker_cards)
    chosen = score(hand, best_response(hand, banker), banker_cards, banker)
    best = max(
        (score(hand, s, banker_cards, banker) for s in _all_settings(hand) if not s.fouled),
        key=lambda r: (r.outcome.order, r.margin),
    )
    assert (chosen.outcome, chosen.margin) == (best.outcome, best.margin)


@settings(max_examples=25, deadline=None)
@given(deals, st.sampled_from(list(HouseWay)))
def test_art7_house_ways_never_foul_and_use_the_cards(order: list[Card], way: HouseWay) -> None:
    hand = tuple(order[:13])
    s = house_way(hand, way)
    assert not s.fouled
    assert s.uses(hand)


@settings(max_examples=15, deadline=None)
@given(deals)
def test_strongest_back_and_front_ways_are_what_they_say(order: list[Card]) -> None:
    hand = tuple(order[:13])
    hs = HandSettings(hand)
    valid = np.flatnonzero(hs.valid)
    back = house_way(hand, HouseWay.STRONGEST_BACK).strengths()
    front = house_way(hand, HouseWay.STRONGEST_FRONT).strengths()
    assert back[2] == hs.back[valid].max()
    assert front[0] == hs.front[valid].max()


def test_solve_without_banker_is_the_house_way() -> None:
    solution = solve(HAND)
    assert solution.setting == house_way(HAND)
    assert solution.score is None
    data = solution.to_dict()
    assert set(data) == {"front", "middle", "back", "natural", "strategy"}


def test_solve_json_fields() -> None:
    data = solve(HAND, BANKER).to_dict()
    for key in ("front", "middle", "back", "natural", "outcome", "player_points"):
        assert key in data
    assert data["banker_points"] == 1 and data["natural"] is None
    assert len(data["front"]) == 3 and len(data["middle"]) == 5 and len(data["back"]) == 5
    assert any("Art 8" in line for line in data["explanation"])


def test_art9_i_a_natural_wins_against_the_banker_whatever_the_setting() -> None:
    dragon = parse_cards("Ac 2c 3d 4s 5h 6c 7d 8s 9h Tc Jd Qs Kh")
    banker_cards = [c for c in DECK if c not in dragon][:13]
    banker = house_way(banker_cards)
    solution = solve(dragon, banker)
    assert solution.natural is Natural.DRAGON
    assert solution.score is not None and solution.score.outcome is Outcome.WIN
    assert (solution.score.player_points, solution.score.banker_points) == (3, 0)


def test_art9_i_natural_against_natural_ties() -> None:
    player = parse_cards("Ac 2c 3d 4s 5h 6c 7d 8s 9h Tc Jd Qs Kh")  # dragon
    banker_cards = parse_cards("Ad Ah 2d 2h 3c 3h 4c 4d 5c 5d 6d 6h 9c")  # six pairs and a half
    solution = solve(player, house_way(banker_cards))
    assert solution.score is not None and solution.score.outcome is Outcome.TIE


def test_a_banker_natural_beats_the_player_whatever_he_sets() -> None:
    banker_cards = parse_cards("Ad Ah 2d 2h 3c 3h 4c 4d 5c 5d 6d 6h 9c")
    player = parse_cards("As Kd Qc Js 9h 8d 7c 7h Tc Th 2s 3s 4s")
    assert natural_of(player) is None
    solution = solve(player, house_way(banker_cards))
    assert solution.score is not None and solution.score.outcome is Outcome.LOSE


def test_bad_input_names_the_token() -> None:
    with pytest.raises(NotationError, match="Jx"):
        solve("As Ah Kd Kc 9s 8s 7s 6s 5d 4h 3c 2d Jx")
    with pytest.raises(CardCountError):
        solve("As Ah Kd")
    with pytest.raises(DuplicateCardError, match="Qh"):
        solve("Qh Ah Kd Kc 9s 8s 7s 6s 5d 4h 3c 2d Jh", BANKER)
    fouled = Setting.parse("Qh Qd 2c / Ts Td Tc 3s 3h / Ac Ad 7c 7d 5c")
    with pytest.raises(RecordError, match="fouled"):
        best_response(HAND, fouled)


def test_art10_identical_expected_table_tie_is_the_banker_s() -> None:
    pair = rank("9s 9d 2c").strength
    front, _, _ = expected_tables(np.array([[pair, 1, 1]] * 3))
    assert front[pair] == 1.0  # the same formation: the banker wins the tier (Art 10)
    assert front[pair - 1] == -1.0  # lower: the opponent wins it and scores 1
    trio = rank("9s 9d 9c").strength
    front, _, _ = expected_tables(np.array([[trio, 1, 1]]))
    assert front[trio - 1] == -3.0 and front[trio] == 3.0  # Art 9 II 7: a front trio is 3


def test_calibration_is_deterministic_on_a_small_sample() -> None:
    a, b = calibrate("test", 24, 2), calibrate("test", 24, 2)
    for x, y in zip(a.tables, b.tables, strict=True):
        assert np.array_equal(x, y)
    assert not np.array_equal(a.tables[2], calibrate("other", 24, 2).tables[2])


@pytest.mark.slow
def test_shipped_house_way_tables_are_what_the_code_makes() -> None:
    shipped = calibration()
    assert (shipped.seed, shipped.hands, shipped.rounds) == (
        "croupier thirteen house way v1",
        8_000,
        3,
    )
    rebuilt = calibrate(shipped.seed, shipped.hands, shipped.rounds)
    for x, y in zip(shipped.tables, rebuilt.tables, strict=True):
        np.testing.assert_allclose(x, y, rtol=0, atol=1e-12)
