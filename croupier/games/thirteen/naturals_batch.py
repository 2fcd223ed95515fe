"""Naturals (Portaria 51/89/M Art 9 I) of many 13-card hands at once, for simulations.

:func:`has_natural` answers, for each row of 13 card codes, whether
:func:`~croupier.games.thirteen.scoring.natural_of` finds a natural: the same four tests on the
rank and suit counts (dragon: 13 ranks; six pairs and a half: six pairs, a four counting as two,
a trio only by the reading ``six_pairs_with_trio``; three flushes: a 3-5-5 suit shape; three
straights: rank counts of a 3-card and two 5-card sequences), counted with NumPy instead of
card by card. A test checks it against ``natural_of`` on seeded random hands and on hands of
every kind.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from croupier.games.thirteen.scoring import LETTER, Readings, three_straight_patterns

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["has_natural"]

#: suit counts, high to low with the empty suits as 0, that set as a 3-, 5- and 5-card flush
#: (scoring's _FLUSH_SHAPES padded to four suits)
_FLUSH_SHAPES: Final = ((5, 5, 3, 0), (8, 5, 0, 0), (10, 3, 0, 0), (13, 0, 0, 0))
_BASE: Final = 5  # a rank appears at most 4 times: rank counts as digits in base 5


@functools.cache
def _digits() -> NDArray[np.int64]:
    return _BASE ** np.arange(13, dtype=np.int64)


@functools.cache
def _straight_keys() -> NDArray[np.int64]:
    """Every three-straights rank-count vector as one base-5 number, sorted."""
    patterns = np.array(sorted(three_straight_patterns()), dtype=np.int64)
    return np.sort(patterns @ _digits())


def has_natural(codes: NDArray[np.integer[Any]], readings: Readings = LETTER) -> NDArray[np.bool_]:
    """For each row of 13 distinct card codes (any shape ending in 13): whether the hand holds
    a natural (``natural_of(row, readings) is not None``)."""
    rows = np.asarray(codes, dtype=np.int64)
    shape = rows.shape[:-1]
    rows = rows.reshape(-1, 13)
    counts = (rows[:, :, None] // 4 == np.arange(13)).sum(axis=1)
    suits = (rows[:, :, None] % 4 == np.arange(4)).sum(axis=1)
    found = counts.max(axis=1) == 1  # dragon
    six_pairs = (counts // 2).sum(axis=1) == 6
    if not readings.six_pairs_with_trio:
        six_pairs &= ~(counts == 3).any(axis=1)
    found |= six_pairs
    suit_shape = -np.sort(-suits, axis=1)
    for flush in _FLUSH_SHAPES:
        found |= (suit_shape == np.array(flush)).all(axis=1)
    keys = _straight_keys()
    key = counts @ _digits()
    at = np.searchsorted(keys, key).clip(max=len(keys) - 1)
    found |= keys[at] == key
    result: NDArray[np.bool_] = found.reshape(shape)
    return result
