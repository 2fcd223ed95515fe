"""The 13-card house-edge simulation (Art 8, 9, 11): reproducible, and each simulated hand scored
as the articles score it."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from croupier.analysis.runner import Plan
from croupier.cards import Card
from croupier.games.thirteen.calibration import deal_hands
from croupier.games.thirteen.rules import HouseWay, ThirteenTable
from croupier.games.thirteen.scoring import Outcome, score
from croupier.games.thirteen.solver import best_response, house_way, solve
from croupier.odds.thirteen_edge import (
    CHUNK_ROUNDS,
    StrategyEdge,
    Tally,
    edge_chunk,
    edge_plan,
    estimate_edge,
)

WIN_NET = Fraction(1, 2) * (1 - Fraction(2, 100))


def test_art11_a_win_nets_49_hundredths_of_the_stake() -> None:
    report = estimate_edge(rounds=3, seed="x", workers=1)
    assert math.isfinite(report.optimal.stderr)
    assert report.optimal.win_net == Fraction(49, 100)
    assert report.to_dict()["win_net_per_unit"] == "49/100"


def test_art11_edge_is_the_exact_mean_of_the_results() -> None:
    edge = StrategyEdge("t", 10, Tally(wins=6, ties=1, losses=3), WIN_NET)
    assert edge.hands == 10
    assert edge.mean_net == (6 * Fraction(49, 100) - 3) / 10
    assert edge.edge == pytest.approx(-float(edge.mean_net))


def test_the_result_depends_on_the_seed_and_rounds_not_the_chunk_order() -> None:
    rounds = CHUNK_ROUNDS + 7  # two chunks, the second short
    one = estimate_edge(rounds=rounds, seed="w", workers=1)
    plan = edge_plan(rounds, "w", ThirteenTable())
    backwards = [edge_chunk(c) for c in reversed(list(plan.chunks()))]
    two = Tally.from_counts(backwards[0], "optimal") + Tally.from_counts(backwards[1], "optimal")
    assert one.optimal.tally == two
    assert one.optimal.hands == 3 * rounds
    other = estimate_edge(rounds=rounds, seed="v", workers=1)
    assert other.optimal.tally != one.optimal.tally


def test_progress_reports_every_chunk() -> None:
    seen: list[tuple[int, int]] = []
    estimate_edge(rounds=CHUNK_ROUNDS + 3, seed="p", workers=1, progress=lambda *a: seen.append(a))
    assert seen == [(0, 2), (1, 2), (2, 2)]


def test_art8_simulated_hands_are_scored_as_the_articles_score_them() -> None:
    """Replay a chunk's deals through the public solver and :func:`score` (Art 7-10)."""
    rounds = 12
    plan = Plan("t", "agree", rounds, rounds, {"house_way": "expected-points", "win_net": "49/100"})
    chunk = next(plan.chunks())
    counts = edge_chunk(chunk)
    optimal, casual = Tally.from_counts(counts, "optimal"), Tally.from_counts(counts, "house_way")
    rng = chunk.rng()
    deals = deal_hands(rng, rounds * 4).reshape(rounds, 4, 13)
    seen = {"optimal": [0, 0, 0], "casual": [0, 0, 0]}
    for deal in deals:
        hands = [[Card(int(c)) for c in row] for row in deal]
        banker = house_way(hands[0])
        for hand in hands[1:]:
            opt = solve(hand, banker).score
            assert opt is not None
            cas = score(hand, house_way(hand), hands[0], banker)
            for name, result in (("optimal", opt), ("casual", cas)):
                seen[name][[Outcome.WIN, Outcome.TIE, Outcome.LOSE].index(result.outcome)] += 1
    assert seen["optimal"] == [optimal.wins, optimal.ties, optimal.losses]
    assert seen["casual"] == [casual.wins, casual.ties, casual.losses]


def test_art2d_seeing_the_banker_is_worth_something() -> None:
    """The optimal player does at least as well as the house way on every hand, so on any
    sample his edge is no worse (a property of best response, not a statistical claim)."""
    report = estimate_edge(rounds=60, seed="edge", workers=1)
    assert report.optimal.edge <= report.house_way_player.edge
    assert report.optimal.tally.margin_sum >= report.house_way_player.tally.margin_sum
    lo, hi = report.optimal.ci95
    assert lo < report.optimal.edge < hi


def test_options_change_the_payout() -> None:
    table = ThirteenTable(commission=Fraction(0), house_way=HouseWay.STRONGEST_BACK)
    report = estimate_edge(rounds=5, seed="o", workers=1, table=table)
    assert report.optimal.win_net == Fraction(1, 2)
    assert report.house_way == "strongest-back"


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="rounds"):
        estimate_edge(rounds=1, seed="x")
    with pytest.raises(ValueError, match="workers"):
        estimate_edge(rounds=2, seed="x", workers=0)


def test_best_response_never_loses_to_the_house_way_margin() -> None:
    rng = np.random.default_rng(3)
    for _ in range(5):
        perm = [Card(int(c)) for c in rng.permutation(52)]
        hand, banker_cards = perm[:13], perm[13:26]
        banker = house_way(banker_cards)
        best = score(hand, best_response(hand, banker), banker_cards, banker)
        casual = score(hand, house_way(hand), banker_cards, banker)
        assert (best.outcome.order, best.margin) >= (casual.outcome.order, casual.margin)
