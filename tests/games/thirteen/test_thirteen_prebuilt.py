"""The solver's prebuilt tables (settings index, THIRTEEN rank tables) and the frontier.

The shipped file is a cache of what the code builds: the test rebuilds every array and compares.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, Deck
from croupier.games.thirteen import prebuilt
from croupier.games.thirteen.rules import HouseWay
from croupier.games.thirteen.solver import HandSettings, best_response, house_way
from croupier.rank.model import THIRTEEN, HashTables

DECK = Deck.STANDARD_52.cards


@pytest.mark.slow
def test_shipped_index_and_rank_tables_are_what_the_code_makes() -> None:
    shipped = prebuilt.load()
    rebuilt = prebuilt.build()
    assert sorted(shipped) == sorted(rebuilt)
    for name, array in rebuilt.items():
        assert shipped[name].dtype == array.dtype, name
        assert np.array_equal(shipped[name], array), name
    ix, ref = prebuilt.settings_index(), prebuilt.build_index()
    for field in ("sub5", "sub3", "back", "middle", "front"):
        assert np.array_equal(getattr(ix, field), getattr(ref, field)), field


def test_art7_setting_i_has_back_subset_i_div_56() -> None:
    ix = prebuilt.settings_index()
    assert np.array_equal(ix.back, np.arange(prebuilt.SETTING_COUNT) // 56)


def test_primed_rank_tables_equal_a_fresh_build() -> None:
    keys, tables = prebuilt.rank_tables()
    assert keys == THIRTEEN.all_keys()
    fresh = HashTables.build(THIRTEEN)
    # the shipped scalar table is an array("H") of the same slots (a tuple is slow to build)
    assert tuple(tables.table) == fresh.table and tables.card_value == fresh.card_value
    assert tables.flush_offset == fresh.flush_offset
    assert (tables.flush_base, tables.size3_base) == (fresh.flush_base, fresh.size3_base)
    assert np.array_equal(tables.card_value_np, fresh.card_value_np)


def _dominated(hs: HandSettings, f: int, m: int, b: int) -> bool:
    back = hs.back
    v = hs.valid
    better = (hs.front >= f) & (hs.middle >= m) & (back >= b) & v
    strictly = (hs.front > f) | (hs.middle > m) | (back > b)
    return bool((better & strictly).any())


@settings(max_examples=8, deadline=None)
@given(st.permutations(list(DECK)))
def test_frontier_is_every_non_dominated_strength_triple(order: list[Card]) -> None:
    hs = HandSettings(order[:13])
    fr = hs.frontier()
    assert len(fr) >= 1
    assert all(hs.valid[fr.index])
    for i, f, m, b in zip(fr.index, fr.front, fr.middle, fr.back, strict=True):
        assert hs.strengths(int(i)) == (f, m, b)
        assert not _dominated(hs, int(f), int(m), int(b))
    # every valid setting is dominated by (or equal to) a frontier point
    back = hs.back
    v = np.flatnonzero(hs.valid)
    rng = np.random.default_rng(0)
    for i in rng.choice(v, size=min(200, len(v)), replace=False):
        f, m, b = int(hs.front[i]), int(hs.middle[i]), int(back[i])
        assert ((fr.front >= f) & (fr.middle >= m) & (fr.back >= b)).any()


@settings(max_examples=10, deadline=None)
@given(st.permutations(list(DECK)))
def test_best_response_margin_is_reached_on_the_frontier(order: list[Card]) -> None:
    hand, banker_cards = order[:13], order[13:26]
    banker = house_way(banker_cards, HouseWay.STRONGEST_BACK)
    hs = HandSettings(hand)
    margins = hs.margins(banker.strengths())
    best = hs.best_index(banker.strengths())
    fr = hs.frontier()
    assert int(margins[best]) == int(margins[fr.index].max())
    assert best in set(fr.index.tolist())
    assert best_response(hand, banker) == hs.setting(best)
