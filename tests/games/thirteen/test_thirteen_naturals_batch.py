"""Art 9 I naturals counted for many hands at once (``naturals_batch.has_natural``, issue 22's
simulation loop) agree with ``natural_of`` hand by hand, under both readings of six pairs."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.cards import Card, parse_cards
from croupier.games.thirteen.calibration import deal_hands
from croupier.games.thirteen.naturals_batch import has_natural
from croupier.games.thirteen.scoring import Readings, natural_of

#: one hand of each kind of Art 9 I, and hands next to them that are not naturals
HANDS = (
    "Ah 2c 3d 4s 5h 6c 7d 8s 9h Tc Jd Qs Kh",  # dragon
    "Ah Ac 2c 2d 3d 3s 4s 4h 5h 5c 6c 6d Kh",  # six pairs and a half
    "Ah Ac Ad As 3d 3s 4s 4h 5h 5c 6c 6d Kh",  # a four counts as two pairs
    "Ac Ad Ah Kc Kd Qc Qd Jc Jd Tc Td 9c 9d",  # a trio: only with six_pairs_with_trio
    "Ah 2h 3h 4s 5s 6s 7s 8s 9d Td Jd Qd Kd",  # three flushes (and straights, dragon)
    "2h 4h 6h 3s 5s 7s 9s Js 2d 4d 6d 8d Td",  # three flushes only
    "Ah 2c 3d 4s 5h 6c 7d 8s 9h Tc 4d 5s 6d",  # three straights
    "Ah 2c 3d 4s 5h 6c 7d 8s 9h Tc 4d 5s Kd",  # none
    "Ah Ac 2c 2d 3d 3s 4s 4h 9h 9c 6c Qd Kh",  # five pairs: none
)


def _one_by_one(rows: np.ndarray, readings: Readings) -> list[bool]:
    return [natural_of([Card(int(c)) for c in row], readings) is not None for row in rows]


@pytest.mark.parametrize("readings", [Readings(), Readings(six_pairs_with_trio=True)])
def test_art9_i_batch_naturals_agree_with_natural_of_on_every_kind(readings: Readings) -> None:
    rows = np.array([[c.code for c in parse_cards(h, count=13)] for h in HANDS])
    expected = _one_by_one(rows, readings)
    assert has_natural(rows, readings).tolist() == expected
    assert True in expected and False in expected  # both answers are exercised


@pytest.mark.parametrize("readings", [Readings(), Readings(six_pairs_with_trio=True)])
def test_art9_i_batch_naturals_agree_with_natural_of_on_random_deals(readings: Readings) -> None:
    deals = deal_hands(np.random.default_rng(922), 20_000).reshape(-1, 4, 13)
    found = has_natural(deals, readings)
    assert found.shape == (5_000, 4)
    assert found.ravel().tolist() == _one_by_one(deals.reshape(-1, 13), readings)
    assert found.any()


def test_art9_i_three_straights_of_one_hand_is_membership_in_every_pattern() -> None:
    """naturals_of tests one hand's three straights by taking sequences away; the answer is
    membership in the full set of patterns, on every pattern and every vector one card away."""
    from croupier.games.thirteen.scoring import _is_three_straights, three_straight_patterns

    patterns = three_straight_patterns()
    checked = 0
    for p in patterns:
        assert _is_three_straights(p)
        for i in range(13):
            for j in range(13):
                if i != j and p[i] > 0 and p[j] < 4:
                    moved = list(p)
                    moved[i] -= 1
                    moved[j] += 1
                    near = tuple(moved)
                    assert _is_three_straights(near) == (near in patterns)
                    checked += 1
    assert checked > 10_000
