"""Calibration of the ``expected-points`` house way (see :mod:`croupier.games.thirteen.solver`).

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

import hashlib
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from croupier.cards import Card
from croupier.games.thirteen.rules import HouseWay
from croupier.games.thirteen.scoring import Tier
from croupier.games.thirteen.solver import ExpectedTables, HandSettings, points_arrays
from croupier.rank.model import THIRTEEN

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "CALIBRATION_FILE",
    "Calibration",
    "calibrate",
    "calibration",
    "deal_hands",
    "expected_tables",
    "numpy_seed",
]

CALIBRATION_SEED: Final = "croupier thirteen house way v1"
CALIBRATION_HANDS: Final = 8_000
CALIBRATION_ROUNDS: Final = 3
CALIBRATION_FILE: Final = Path(__file__).with_name("expected_points.npz")


def numpy_seed(seed: str | int) -> int:
    """A NumPy seed from text: the first 8 bytes of SHA-256 of the seed's text."""
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


def calibrate(
    seed: str = CALIBRATION_SEED,
    hands: int = CALIBRATION_HANDS,
    rounds: int = CALIBRATION_ROUNDS,
) -> Calibration:
    """Fictitious play (see the module docstring) on ``hands`` seeded random hands."""
    if hands < 1 or rounds < 1:
        raise ValueError("calibration needs at least one hand and one round")
    rng = np.random.default_rng(numpy_seed(seed))
    deal = deal_hands(rng, hands)
    tables: ExpectedTables | None = None
    for _ in range(rounds):
        # each hand's 72,072 settings are rebuilt every round: holding them all would take
        # gigabytes, rebuilding costs a fraction of a millisecond per hand
        tiers = np.empty((hands, 3), dtype=np.intp)
        for k, row in enumerate(deal):
            hs = HandSettings([Card(int(c)) for c in row])
            if tables is None:
                i = hs.house_index(HouseWay.STRONGEST_BACK)
            else:
                i = hs.expected_index(tables)
            tiers[k] = (hs.front[i], hs.middle[i], hs.back[i])
        tables = expected_tables(tiers)
    assert tables is not None
    return Calibration(tables, seed, hands, rounds)


_LOCK = threading.Lock()
_LOADED: list[Calibration] = []


def calibration() -> Calibration:
    """The shipped tables (loaded once per process)."""
    if not _LOADED:
        with _LOCK:
            if not _LOADED:
                _LOADED.append(Calibration.load(CALIBRATION_FILE))
    return _LOADED[0]


def main() -> None:  # pragma: no cover - the generator, run by hand
    import time

    start = time.perf_counter()
    cal = calibrate()
    cal.save(CALIBRATION_FILE)
    took = time.perf_counter() - start
    print(f"wrote {CALIBRATION_FILE} ({cal.to_dict()}) in {took:.1f} s")


if __name__ == "__main__":  # pragma: no cover
    main()
