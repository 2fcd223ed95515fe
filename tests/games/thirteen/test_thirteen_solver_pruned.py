"""The expected-points house way searched with backs left out (issue 22's speed) picks exactly
the setting the full search of every valid setting picks (Art 7: never a fouled one; ties:
strongest back, middle, front, then the lowest-numbered setting)."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.games.thirteen import calibration
from croupier.games.thirteen.calibration import deal_hands
from croupier.games.thirteen.solver import HandSettings


def _rows(seed: int, n: int) -> list[list[int]]:
    rows: list[list[int]] = deal_hands(np.random.default_rng(seed), n).reshape(-1, 13).tolist()
    return rows


def test_art7_house_way_with_backs_left_out_is_the_full_search() -> None:
    tables = calibration.calibration().tables
    for row in _rows(2211, 1_500):
        pruned = HandSettings.from_codes(row).expected_index(tables)
        full = HandSettings.from_codes(row).expected_index_all(tables)
        assert pruned == full
        assert HandSettings.from_codes(row).valid[pruned]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_art7_pruned_search_holds_for_any_tables(seed: int) -> None:
    """Tables that do not rise with strength, coarse values (many ties): the bound still
    leaves out only backs that cannot reach the best."""
    rng = np.random.default_rng(seed)
    size = len(calibration.calibration().tables[0])
    tables = tuple(np.round(rng.normal(size=size), 1) for _ in range(3))
    for row in _rows(seed, 300):
        pruned = HandSettings.from_codes(row).expected_index(tables)  # type: ignore[arg-type]
        full = HandSettings.from_codes(row).expected_index_all(tables)  # type: ignore[arg-type]
        assert pruned == full


def test_art7_house_way_after_a_best_response_scores_every_valid_setting() -> None:
    tables = calibration.calibration().tables
    for row in _rows(77, 200):
        hs = HandSettings.from_codes(row)
        hs.best_response((1, 1, 1))  # lists the valid settings
        assert hs.expected_index(tables) == HandSettings.from_codes(row).expected_index(tables)
