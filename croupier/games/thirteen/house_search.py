"""Making the house ways' shipped tables: above the solver, which it drives.

* :func:`calibrate`: the ``expected-points`` tables by fictitious play (see
  :mod:`croupier.games.thirteen.calibration`, which holds and reads them).
* :func:`search`: the ``maximin`` way, the setting that gives best-responding players least.

**The search.** The players see the banker's setting (Art 2 d) and best-respond (the solver):
against a banker setting with tier strengths ``(f, m, b)`` a player hand's result is the sign
of its best margin, reached on the hand's *frontier* (its non-dominated settings,
:meth:`~croupier.games.thirteen.solver.HandSettings.frontier`). So the house's mean result
against best response, ``H(f, m, b)``, can be measured for any banker setting against a pool of
player hands by scoring each pool hand's frontier only. The search:

1. deals a pool of ``pool`` player hands (no natural: a natural's result does not depend on the
   banker's setting) and computes their frontiers;
2. cuts each tier's strengths into ``bins`` bins at the quantiles of the pool's frontier
   strengths;
3. for each of ``hands`` banker hands (no natural), measures ``H`` on every setting of its
   frontier (the only settings worth choosing: a dominated one never gives the house more)
   against the whole pool, and adds the house's results, in integers (a player win ``-p``, a
   tie 0, a loss ``+q`` for a win's net ``p/q``), to the bin cell of the setting: the counts of
   the chunked runner (:mod:`croupier.analysis.runner`), so the search runs on Dask and resumes;
4. the table: three pair tables (front x middle, middle x back, front x back) whose sum is
   fitted to the cells' means by weighted least squares (a player wins by taking two tiers of
   three, so pairs carry what matters; a cell seen rarely leans on its neighbours' pairs).

The ``maximin`` house way (:meth:`~croupier.games.thirteen.solver.HandSettings.table_index`)
picks, among a hand's valid settings, the one with the highest fitted value: three lookups per
setting, well under a millisecond. *Simplifications*, labelled: the pool ignores the banker's
cards (card removal), the players best-respond to the setting alone, and the bins are a
learned approximation of ``H``; the shipped way's edge is *measured* by full rounds (``croupier
odds thirteen --way maximin``), so none of these can flatter the figure.

``python -m croupier.games.thirteen.house_search calibrate`` rewrites ``expected_points.npz``;
``python -m croupier.games.thirteen.house_search search [--scheduler S]`` rewrites
``maximin.npz``.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from croupier.analysis.runner import Chunk, Counts, Plan, RunResult, run
from croupier.cards import Card
from croupier.games.thirteen.calibration import (
    CALIBRATION_FILE,
    CALIBRATION_HANDS,
    CALIBRATION_ROUNDS,
    CALIBRATION_SEED,
    MAXIMIN_FILE,
    Calibration,
    ExpectedTables,
    MaximinTable,
    deal_hands,
    expected_tables,
    numpy_seed,
    points_arrays,
)
from croupier.games.thirteen.rules import HouseWay
from croupier.games.thirteen.scoring import natural_of
from croupier.games.thirteen.solver import HandSettings
from croupier.rank.model import THIRTEEN

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["SEARCH", "calibrate", "search", "search_chunk", "search_plan", "table_from_run"]

SEARCH: Final = "thirteen-house-search"
SEARCH_SEED: Final = "croupier thirteen maximin v1"
SEARCH_POOL: Final = 500
SEARCH_HANDS: Final = 3_000
SEARCH_BINS: Final = 48
SEARCH_CHUNK: Final = 25
WIN_NET: Final = (49, 100)  # Art 11: half the stake less 2% of it


def _cards(row: NDArray[np.intp]) -> list[Card]:
    return [Card(int(c)) for c in row]


@functools.cache
def _pool(seed: str, size: int, bins: int) -> tuple[NDArray[np.int64], ...]:
    """The pool's frontier points (front, middle, back strengths), each hand's first point,
    and the three tiers' bin of every strength (same in every worker: from the seed alone)."""
    rng = np.random.default_rng(numpy_seed(f"{seed}:pool"))
    fronts: list[NDArray[np.int64]] = []
    middles: list[NDArray[np.int64]] = []
    backs: list[NDArray[np.int64]] = []
    starts: list[int] = []
    n = 0
    while len(starts) < size:
        for row in deal_hands(rng, 4):
            cards = _cards(row)
            if len(starts) == size or natural_of(cards) is not None:
                continue
            fr = HandSettings(cards).frontier()
            starts.append(n)
            n += len(fr)
            fronts.append(fr.front)
            middles.append(fr.middle)
            backs.append(fr.back)
    pf, pm, pb = (np.concatenate(a) for a in (fronts, middles, backs))
    edges = []
    top = THIRTEEN.max_strength + 1
    for tier in (pf, pm, pb):
        cuts = np.unique(np.quantile(tier, np.linspace(0, 1, bins + 1)[1:-1]).astype(np.int64))
        edges.append(np.searchsorted(cuts, np.arange(top), side="right").astype(np.int64))
    return pf, pm, pb, np.array(starts, dtype=np.int64), edges[0], edges[1], edges[2]


def _house_results(
    banker: NDArray[np.int64], pool: tuple[NDArray[np.int64], ...], win: tuple[int, int]
) -> NDArray[np.int64]:
    """For each banker triple (rows of ``banker``), the house's summed result against every
    pool hand best-responding (-p a player win, 0 a tie, +q a loss)."""
    pf, pm, pb, starts = pool[:4]
    p, q = win
    out = np.empty(len(banker), dtype=np.int64)
    ptf, ptm, ptb = (a.astype(np.int64) for a in points_arrays())
    gain = (ptf[pf], ptm[pm], ptb[pb])
    for lo in range(0, len(banker), 16):
        bt = banker[lo : lo + 16]
        margin = np.zeros((len(bt), len(pf)), dtype=np.int64)
        for tier, (mine, pts) in enumerate(((pf, ptf), (pm, ptm), (pb, ptb))):
            b = bt[:, tier][:, None]
            margin += np.where(mine[None, :] > b, gain[tier][None, :], -pts[b])
        best = np.maximum.reduceat(margin, starts, axis=1)
        out[lo : lo + 16] = q * (best < 0).sum(axis=1) - p * (best > 0).sum(axis=1)
    return out


def search_chunk(chunk: Chunk) -> Counts:
    """One chunk of banker hands (step 3 of the module docstring): per bin cell, the number of
    (setting, pool hand) pairs and the house's summed result, and how many hands and settings."""
    params = chunk.params
    bins = int(params["bins"])
    pool = _pool(str(params["pool_seed"]), int(params["pool"]), bins)
    ef, em, eb = pool[4:]
    win = (int(params["win_p"]), int(params["win_q"]))
    players = len(pool[3])
    rng = chunk.rng()
    counts: Counts = {"hands": 0, "settings": 0, "skipped_naturals": 0}
    done = 0
    while done < chunk.size:
        for row in deal_hands(rng, 4):
            if done == chunk.size:
                break
            cards = _cards(row)
            done += 1
            if natural_of(cards) is not None:
                counts["skipped_naturals"] += 1
                continue
            fr = HandSettings(cards).frontier()
            triples = np.stack([fr.front, fr.middle, fr.back], axis=1)
            results = _house_results(triples, pool, win)
            cells = (ef[fr.front] * bins + em[fr.middle]) * bins + eb[fr.back]
            for cell, result in zip(cells.tolist(), results.tolist(), strict=True):
                counts[f"n.{cell}"] = counts.get(f"n.{cell}", 0) + players
                counts[f"sum.{cell}"] = counts.get(f"sum.{cell}", 0) + result
            counts["hands"] += 1
            counts["settings"] += len(fr)
    return counts


def search_plan(
    seed: str = SEARCH_SEED,
    hands: int = SEARCH_HANDS,
    pool: int = SEARCH_POOL,
    bins: int = SEARCH_BINS,
) -> Plan:
    """The runner's plan of a search (its parameters are what changes the table)."""
    params = {
        "pool": pool,
        "pool_seed": seed,
        "bins": bins,
        "win_p": WIN_NET[0],
        "win_q": WIN_NET[1],
    }
    return Plan(SEARCH, seed, hands, SEARCH_CHUNK, params)


def _fit_pairs(
    n: NDArray[np.int64], mean: NDArray[np.float64], ridge: float, sweeps: int = 40
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """Weighted least squares of the cell means ``mean[f, m, b]`` (weights ``n``) on
    ``fm[f, m] + mb[m, b] + fb[f, b]``, by backfitting; ``ridge`` pulls a sparse pair toward 0
    (in the units of ``n``). The overall mean goes into ``fm``."""
    k = n.shape[0]
    w = n.astype(np.float64)
    y = np.where(n > 0, mean, 0.0)
    mu = float((w * y).sum() / w.sum())
    fm = np.full((k, k), mu)
    mb = np.zeros((k, k))
    fb = np.zeros((k, k))
    for _ in range(sweeps):
        r = y - mb[None, :, :] - fb[:, None, :]
        fm = (w * r).sum(axis=2) / (w.sum(axis=2) + ridge) + mu * ridge / (w.sum(axis=2) + ridge)
        r = y - fm[:, :, None] - fb[:, None, :]
        mb = (w * r).sum(axis=0) / (w.sum(axis=0) + ridge)
        r = y - fm[:, :, None] - mb[None, :, :]
        fb = (w * r).sum(axis=1) / (w.sum(axis=1) + ridge)
    return fm, mb, fb


def table_from_run(result: RunResult) -> MaximinTable:
    """The ``maximin`` table from a finished search (step 4 of the module docstring): the
    pair tables fitted to the cells' means, each cell weighted by its (setting, pool hand)
    pairs."""
    params = result.plan.params
    bins = int(params["bins"])
    total = result.total
    n = np.zeros(bins**3, dtype=np.int64)
    sums = np.zeros(bins**3, dtype=np.int64)
    for key, count in total.items():
        kind, _, cell = key.partition(".")
        if kind == "n":
            n[int(cell)] = count
        elif kind == "sum":
            sums[int(cell)] = count
    q = int(params["win_q"])
    seen = n > 0
    mean = np.zeros(bins**3)
    mean[seen] = sums[seen] / (n[seen] * q)
    shape = (bins, bins, bins)
    pairs = _fit_pairs(n.reshape(shape), mean.reshape(shape), ridge=2.0 * int(params["pool"]))
    pool = _pool(str(params["pool_seed"]), int(params["pool"]), bins)
    meta: dict[str, Any] = {
        **result.plan.header(),
        "banker_hands": total.get("hands", 0),
        "settings_scored": total.get("settings", 0),
        "cells_seen": int(seen.sum()),
    }
    meta.pop("kind", None)
    return MaximinTable(
        (pool[4].astype(np.intp), pool[5].astype(np.intp), pool[6].astype(np.intp)), pairs, meta
    )


def search(
    plan: Plan | None = None,
    *,
    scheduler: str = "none",
    workers: int | None = None,
    resume: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MaximinTable:
    """Run the search (see the module docstring) on the chunked runner."""
    result = run(
        plan or search_plan(),
        search_chunk,
        scheduler=scheduler,
        workers=workers,
        resume=resume,
        progress=progress,
    )
    return table_from_run(result)


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
    if args[:1] == ["search"]:
        scheduler = args[args.index("--scheduler") + 1] if "--scheduler" in args else "auto"
        resume = Path(args[args.index("--resume") + 1]) if "--resume" in args else None
        start = time.perf_counter()
        table = search(scheduler=scheduler, resume=resume, progress=_print_progress)
        table.save(MAXIMIN_FILE)
        took = time.perf_counter() - start
        print(f"\nwrote {MAXIMIN_FILE} ({table.meta}) in {took:.1f} s")
        return 0
    if args[:1] != ["calibrate"]:
        print("usage: python -m croupier.games.thirteen.house_search calibrate|search")
        return 2
    start = time.perf_counter()
    cal = calibrate()
    cal.save(CALIBRATION_FILE)
    took = time.perf_counter() - start
    print(f"wrote {CALIBRATION_FILE} ({cal.to_dict()}) in {took:.1f} s")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())


def _print_progress(done: int, total: int) -> None:  # pragma: no cover - by hand
    print(f"\r{done}/{total} chunks", end="", flush=True)
