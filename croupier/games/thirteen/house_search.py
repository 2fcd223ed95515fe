"""Making the house ways' shipped tables: above the solver, which it drives.

* :func:`calibrate`: the ``expected-points`` tables by fictitious play (see
  :mod:`croupier.games.thirteen.calibration`, which holds and reads them).

``python -m croupier.games.thirteen.house_search calibrate`` rewrites ``expected_points.npz``.
"""

from __future__ import annotations

import sys

import numpy as np

from croupier.cards import Card
from croupier.games.thirteen.calibration import (
    CALIBRATION_FILE,
    CALIBRATION_HANDS,
    CALIBRATION_ROUNDS,
    CALIBRATION_SEED,
    Calibration,
    ExpectedTables,
    deal_hands,
    expected_tables,
    numpy_seed,
)
from croupier.games.thirteen.rules import HouseWay
from croupier.games.thirteen.solver import HandSettings

__all__ = ["calibrate"]


def calibrate(
    seed: str = CALIBRATION_SEED,
    hands: int = CALIBRATION_HANDS,
    rounds: int = CALIBRATION_ROUNDS,
) -> Calibration:
    """Fictitious play (see :mod:`~croupier.games.thirteen.calibration`) on ``hands`` seeded
    random hands."""
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
            tiers[k] = hs.strengths(i)
        tables = expected_tables(tiers)
    assert tables is not None
    return Calibration(tables, seed, hands, rounds)


def main(argv: list[str] | None = None) -> int:  # pragma: no cover - the generator, by hand
    import time

    args = sys.argv[1:] if argv is None else argv
    if args[:1] != ["calibrate"]:
        print("usage: python -m croupier.games.thirteen.house_search calibrate")
        return 2
    start = time.perf_counter()
    cal = calibrate()
    cal.save(CALIBRATION_FILE)
    took = time.perf_counter() - start
    print(f"wrote {CALIBRATION_FILE} ({cal.to_dict()}) in {took:.1f} s")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
