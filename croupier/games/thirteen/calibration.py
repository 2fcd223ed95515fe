"""The house ways' shipped tables: the ``expected-points`` calibration (see
:mod:`croupier.games.thirteen.solver`), read by the solver; made by
:mod:`croupier.odds.thirteen_house` (above the solver, which it drives).

The house way sets the banker's cards to maximise the expected point margin, tier by tier,
against the tiers a typical opponent holds (Art 8, 9 II, 10). For a banker tier of strength
``s`` against an opponent's tier distribution ``P``::

    E(s) = P(o <= s) * points(s) - sum over o > s of P(o) * points(o)

(identical formations go to the banker, Art 10; the tier's winner scores by his formation,
Art 9 II). The opponents' distributions come from *fictitious play* on seeded random hands:
set them by ``strongest-back``, tabulate the tiers, build the tables; set the same hands by the
expected-points way with those tables, tabulate again, and so on for ``rounds`` rounds.

The tables are a model parameter, not a result: they are shipped in
``expected_points.npz`` beside this module, made by ``python -m
croupier.games.thirteen.calibration`` with the seed, hand count and rounds recorded in the file,
and a test rebuilds them from those parameters and checks the shipped file is exactly what the
code makes (``tests/games/thirteen/test_thirteen_solver.py``,
``test_shipped_house_way_tables_are_what_the_code_makes``).
"""

from __future__ import annotations

import functools
import json
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from croupier.games.thirteen.scoring import Tier, points_by_strength
from croupier.rank.model import THIRTEEN

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "CALIBRATION_FILE",
    "MAXIMIN_FILE",
    "Calibration",
    "ExpectedTables",
    "MaximinTable",
    "calibration",
    "deal_hands",
    "expected_tables",
    "maximin_table",
    "numpy_seed",
    "points_arrays",
]

#: expected margin of a banker tier by its strength: front, middle, back
ExpectedTables = tuple["NDArray[np.float64]", "NDArray[np.float64]", "NDArray[np.float64]"]

CALIBRATION_SEED: Final = "croupier thirteen house way v1"
CALIBRATION_HANDS: Final = 8_000
CALIBRATION_ROUNDS: Final = 3
CALIBRATION_FILE: Final = Path(__file__).with_name("expected_points.npz")
MAXIMIN_FILE: Final = Path(__file__).with_name("maximin.npz")


@functools.cache
def points_arrays() -> tuple[NDArray[np.int16], NDArray[np.int16], NDArray[np.int16]]:
    """Points of a tier's winner by strength, per tier (Art 9 II); made once, read-only."""
    arrays = tuple(np.array(points_by_strength(t), dtype=np.int16) for t in Tier)
    for a in arrays:
        a.setflags(write=False)
    return arrays  # type: ignore[return-value]


def numpy_seed(seed: str | int) -> int:
    """A NumPy seed from text: the first 8 bytes of SHA-256 of the seed's text."""
    import hashlib  # here: loading OpenSSL's hashes is a cost solve's start need not pay

    return int.from_bytes(hashlib.sha256(str(seed).encode()).digest()[:8], "big")


@dataclass(frozen=True)
class Calibration:
    """The expected-points tables (one per tier, indexed by strength) and how they were made."""

    tables: ExpectedTables
    seed: str
    hands: int
    rounds: int

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "hands": self.hands, "rounds": self.rounds}

    def save(self, path: Path) -> None:
        np.savez_compressed(
            path,
            front=self.tables[0],
            middle=self.tables[1],
            back=self.tables[2],
            seed=np.array(self.seed),
            hands=np.array(self.hands),
            rounds=np.array(self.rounds),
        )

    @classmethod
    def load(cls, path: Path) -> Calibration:
        with np.load(path) as data:
            tables = (data["front"], data["middle"], data["back"])
            size = THIRTEEN.max_strength + 1
            if any(t.shape != (size,) for t in tables):
                raise ValueError(f"{path}: tables must have {size} entries each")
            return cls(
                tables=(
                    tables[0].astype(np.float64),
                    tables[1].astype(np.float64),
                    tables[2].astype(np.float64),
                ),
                seed=str(data["seed"]),
                hands=int(data["hands"]),
                rounds=int(data["rounds"]),
            )


def expected_tables(tiers: NDArray[np.integer[Any]]) -> ExpectedTables:
    """Expected tier margin of a banker tier of each strength, against opponents' tiers.

    ``tiers`` is an ``(N, 3)`` array of opponents' front, middle and back strengths.

    >>> import numpy as np
    >>> from croupier.rank import rank
    >>> pair = rank("9s 9d 2c").strength
    >>> ef, _, _ = expected_tables(np.array([[pair, 1, 1]] * 4))
    >>> float(ef[pair]), float(ef[pair - 1])  # equal: the banker's (Art 10); below: loses 1
    (1.0, -1.0)
    """
    size = THIRTEEN.max_strength + 1
    out = []
    for tier, pts in zip(Tier, points_arrays(), strict=True):
        counts = np.bincount(np.asarray(tiers)[:, tier], minlength=size).astype(np.float64)
        p = counts / counts.sum()
        cdf = np.cumsum(p)
        gain = p * pts
        above = np.cumsum(gain[::-1])[::-1]  # sum over o >= s
        loss_above = np.concatenate([above[1:], [0.0]])  # sum over o > s
        out.append(cdf * pts - loss_above)
    return (out[0], out[1], out[2])


def deal_hands(rng: np.random.Generator, n: int) -> NDArray[np.intp]:
    """``n`` random 13-card hands as card codes, four from each uniformly shuffled deck."""
    decks = -(-n // 4)
    perms = np.argsort(rng.random((decks, 52)), axis=1)
    return perms.reshape(decks * 4, 13)[:n]


_LOCK = threading.Lock()
_LOADED: list[Calibration] = []


def calibration() -> Calibration:
    """The shipped tables (loaded once per process)."""
    if not _LOADED:
        with _LOCK:
            if not _LOADED:
                _LOADED.append(Calibration.load(CALIBRATION_FILE))
    return _LOADED[0]


@dataclass(frozen=True)
class MaximinTable:
    """The ``maximin`` house way's table: each tier's strengths cut into bins (``bins[t][s]``:
    the bin of strength ``s`` in tier ``t``) and three pair tables, front x middle, middle x
    back and front x back (``pairs``, each ``bins x bins``). A setting whose tiers fall in bins
    ``f, m, b`` is worth its expected-points value plus ``fm[f, m] + mb[m, b] + fb[f, b]``:
    the correction learned from a search of the settings that give best-responding players
    least (pairs, because a player wins by taking two tiers of three). Made by
    :func:`croupier.odds.thirteen_house.search`."""

    bins: tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.intp]]
    pairs: tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]
    meta: dict[str, Any]

    @property
    def size(self) -> int:
        return int(self.pairs[0].shape[0])

    def save(self, path: Path) -> None:
        np.savez_compressed(
            path,
            front=self.bins[0].astype(np.uint8),
            middle=self.bins[1].astype(np.uint8),
            back=self.bins[2].astype(np.uint8),
            front_middle=self.pairs[0],
            middle_back=self.pairs[1],
            front_back=self.pairs[2],
            meta=np.array(json.dumps(self.meta, sort_keys=True)),
        )

    @classmethod
    def load(cls, path: Path) -> MaximinTable:
        with np.load(path) as data:
            bins = tuple(data[t].astype(np.intp) for t in ("front", "middle", "back"))
            pairs = tuple(
                data[t].astype(np.float64) for t in ("front_middle", "middle_back", "front_back")
            )
            size = THIRTEEN.max_strength + 1
            n = pairs[0].shape[0]
            if any(b.shape != (size,) for b in bins) or any(p.shape != (n, n) for p in pairs):
                raise ValueError(f"{path}: not a maximin table")
            return cls(
                (bins[0], bins[1], bins[2]),
                (pairs[0], pairs[1], pairs[2]),
                json.loads(str(data["meta"])),
            )


@functools.cache
def maximin_table() -> MaximinTable:
    """The shipped ``maximin`` table (loaded once per process)."""
    return MaximinTable.load(MAXIMIN_FILE)
