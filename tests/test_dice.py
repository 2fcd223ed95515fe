"""Dice: 13-card game Art 1 c (four dice), Mah-Jong Art 1 (three dice)."""

from __future__ import annotations

from statistics import NormalDist

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.dice import DIE_FACES, MAH_JONG_DICE, THIRTEEN_CARD_DICE, throw_dice
from croupier.errors import MaterialError
from croupier.shuffle import LiveShuffler, ProvablyFairShuffler, SeededShuffler


def chi2_critical_99(df: int) -> float:
    """99% point of chi-square(df), Wilson-Hilferty (df 5: 15.12 against the tabulated 15.09)."""
    z = NormalDist().inv_cdf(0.99)
    return float(df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3)


def test_art1c_thirteen_card_game_throws_four_dice() -> None:
    dice = throw_dice(THIRTEEN_CARD_DICE, SeededShuffler(1))
    assert len(dice) == 4 and all(1 <= d <= 6 for d in dice)


def test_mah_jong_art1_throws_three_dice() -> None:
    dice = throw_dice(MAH_JONG_DICE, LiveShuffler())
    assert len(dice) == 3 and 3 <= sum(dice) <= 18


@given(count=st.integers(1, 50), seed=st.integers(0, 10**6))
def test_dice_range_count_and_reproducible(count: int, seed: int) -> None:
    dice = throw_dice(count, SeededShuffler(seed))
    assert len(dice) == count
    assert all(1 <= d <= DIE_FACES for d in dice)
    assert throw_dice(count, SeededShuffler(seed)) == dice


def test_dice_follow_randbelow_in_order() -> None:
    s, t = SeededShuffler("dice"), SeededShuffler("dice")
    assert throw_dice(5, s) == tuple(t.randbelow(6) + 1 for _ in range(5))


def test_dice_from_provably_fair_source_recomputable() -> None:
    thrown = throw_dice(4, ProvablyFairShuffler(b"server-seed-0001", "client", 9))
    assert throw_dice(4, ProvablyFairShuffler(b"server-seed-0001", "client", 9)) == thrown


@pytest.mark.parametrize("bad", [0, -1, True, 1.0, "4", None])
def test_dice_count_must_be_positive_integer(bad: object) -> None:
    with pytest.raises(MaterialError, match="dice count"):
        throw_dice(bad, SeededShuffler(1))  # type: ignore[arg-type]


class _BrokenSource:
    def randbelow(self, n: int) -> int:
        return n


def test_dice_refuse_out_of_range_source() -> None:
    with pytest.raises(MaterialError, match="randbelow"):
        throw_dice(1, _BrokenSource())


def test_chi2_dice_faces_uniform() -> None:
    faces = np.array(throw_dice(60_000, SeededShuffler("chi2-dice")))
    counts = np.bincount(faces, minlength=7)[1:]
    expected = 10_000
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < chi2_critical_99(DIE_FACES - 1)


def test_chi2_detects_loaded_die() -> None:
    class Loaded:
        def __init__(self) -> None:
            self.s = SeededShuffler("loaded")

        def randbelow(self, n: int) -> int:
            return self.s.randbelow(8) % n  # faces 1 and 2 twice as likely

    counts = np.bincount(np.array(throw_dice(60_000, Loaded())), minlength=7)[1:]
    chi2 = float(((counts - 10_000) ** 2 / 10_000).sum())
    assert chi2 > chi2_critical_99(DIE_FACES - 1)
