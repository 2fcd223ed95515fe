"""The house-way search (best-responding players, Art 2 d) and the ``maximin`` house way."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.analysis.runner import run
from croupier.cards import Card
from croupier.games.thirteen.calibration import maximin_table
from croupier.games.thirteen.options import ThirteenOptions
from croupier.games.thirteen.rules import HouseWay
from croupier.games.thirteen.scoring import play_tiers
from croupier.games.thirteen.solver import HandSettings, house_way
from croupier.odds import thirteen_house as house_search


def test_house_results_are_the_best_responses_scored_by_the_articles() -> None:
    """The search's integer house result against each pool hand equals what the solver's best
    response scores against the banker's setting (Art 8-10, 11: -49 a player win, +100 a loss)."""
    pool = house_search._pool("t", 4, 4)
    rng = np.random.default_rng(5)
    perm = [Card(int(c)) for c in rng.permutation(52)]
    banker = house_way(perm[:13], HouseWay.STRONGEST_BACK)
    got = house_search._house_results(np.array([banker.strengths()]), pool, (49, 100))
    # rebuild the pool's hands from the same seed and score them one by one
    expected = 0
    for hand in _pool_hands("t", 4):  # the pool ignores the banker's cards: no deck check
        hs = HandSettings(hand)
        mine = hs.setting(hs.best_index(banker.strengths()))
        tiers = play_tiers(mine, banker)
        margin = sum(t.points if t.winner == "player" else -t.points for t in tiers)
        expected += -49 if margin > 0 else 100 if margin < 0 else 0
    assert int(got[0]) == expected


def _pool_hands(seed: str, size: int) -> list[list[Card]]:
    from croupier.games.thirteen.calibration import deal_hands, numpy_seed
    from croupier.games.thirteen.scoring import natural_of

    rng = np.random.default_rng(numpy_seed(f"{seed}:pool"))
    hands: list[list[Card]] = []
    while len(hands) < size:
        for row in deal_hands(rng, 4):
            cards = [Card(int(c)) for c in row]
            if len(hands) < size and natural_of(cards) is None:
                hands.append(cards)
    return hands


def test_search_decisions_are_each_hand_s_frontier_scored_against_the_pool() -> None:
    plan = house_search.search_plan(seed="small", hands=3, pool=6, bins=3)
    result = run(plan, house_search.search_chunk)
    found = house_search.decisions(result)
    assert len(found) == result.total["hands"] == 3 - result.total["skipped_naturals"]
    pool = house_search._pool("small", 6, 3)
    for triples, results in found:
        assert np.array_equal(results, house_search._house_results(triples, pool, (49, 100)))
        # a frontier: no triple dominates another
        for t in triples:
            others = (triples >= t).all(axis=1) & (triples != t).any(axis=1)
            assert not others.any()


def test_learning_is_reproducible_and_without_steps_is_expected_points() -> None:
    plan = house_search.search_plan(seed="small", hands=4, pool=6, bins=3)
    result = run(plan, house_search.search_chunk)
    one, two = house_search.learn(result), house_search.learn(result)
    for x, y in zip(one.pairs, two.pairs, strict=True):
        assert np.array_equal(x, y)
    still = house_search.learn(result, rate=0.0)
    assert all(not p.any() for p in still.pairs)
    rng = np.random.default_rng(4)
    for _ in range(3):
        hs = HandSettings([Card(int(c)) for c in rng.permutation(52)[:13]])
        assert hs.table_index(still) == hs.house_index(HouseWay.EXPECTED_POINTS)


def test_shipped_maximin_table_is_a_search_of_the_recorded_plan() -> None:
    table = maximin_table()
    meta = table.meta
    assert meta["analysis"] == house_search.SEARCH
    bins = meta["params"]["bins"]
    assert all(p.shape == (bins, bins) for p in table.pairs)
    assert all(int(b.min()) >= 0 and int(b.max()) < bins for b in table.bins)
    assert meta["banker_hands"] > 0 and meta["learn"]["method"] == "averaged perceptron"


def test_maximin_way_sets_valid_and_is_usable_on_a_table() -> None:
    rng = np.random.default_rng(11)
    for _ in range(5):
        hand = [Card(int(c)) for c in rng.permutation(52)[:13]]
        setting = house_way(hand, HouseWay.MAXIMIN)
        assert not setting.fouled and setting.uses(hand)
        hs = HandSettings(hand)
        assert hs.valid[hs.house_index("maximin")]
    assert ThirteenOptions.from_dict({"house_way": "maximin"}).house_way is HouseWay.MAXIMIN


@pytest.mark.parametrize("bad", ["min-max", "MAXIMIN!", ""])
def test_unknown_house_way_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        HouseWay(bad)


def test_the_search_command_runs_as_a_module_and_names_a_bad_scheduler() -> None:
    """``python -m croupier.odds.thirteen_house search`` (docs/cluster.md) starts: it failed
    with a NameError before any work, its progress printer defined below the module's
    ``__main__`` block; a bad ``--scheduler`` is named, exit 2, no traceback."""
    import os
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "croupier.odds.thirteen_house", "search", "--scheduler", "bogus"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        timeout=120,
        check=False,
    )
    assert result.returncode == 2, result.stderr
    assert "unknown scheduler 'bogus'" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("flag", ["--scheduler", "--resume"])
def test_the_search_command_given_a_flag_without_its_value_says_how_to_use_it(
    flag: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``search --scheduler`` (its value left out) prints the usage and exits 2 before any work
    (it ended in an IndexError's traceback)."""
    from croupier.odds import thirteen_house

    def no_search(*args: object, **kwargs: object) -> object:
        raise AssertionError("the search started")

    monkeypatch.setattr(thirteen_house, "search", no_search)
    assert thirteen_house.main(["search", flag]) == 2
    assert "usage:" in capsys.readouterr().err
