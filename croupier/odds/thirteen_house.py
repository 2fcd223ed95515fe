"""Making the house ways' shipped tables: above the solver, which it drives.

* :func:`calibrate`: the ``expected-points`` tables by fictitious play (see
  :mod:`croupier.games.thirteen.calibration`, which holds and reads them).
* :func:`search`: the ``maximin`` way, the setting that gives best-responding players least.

**The search.** The players see the banker's setting (Art 2 d) and best-respond (the solver):
against a banker setting with tier strengths ``(f, m, b)`` a player hand's result is the sign
of its best margin, reached on the hand's *frontier* (its non-dominated settings,
:meth:`~croupier.games.thirteen.solver.HandSettings.frontier`). So the house's result against
best response, ``H(f, m, b)``, can be measured for any banker setting against a pool of player
hands by scoring each pool hand's frontier only (~135 settings instead of 72,072). The search:

1. deals a pool of ``pool`` player hands (no natural: a natural's result does not depend on the
   banker's setting) and computes their frontiers;
2. for each of ``hands`` banker hands (no natural), measures ``H`` on every setting of its
   frontier (a dominated setting never gives the house more) against the whole pool, in
   integers (a player win ``-p``, a tie 0, a loss ``+q`` for a win's net ``p/q``). These are
   the search's *decisions*: the best setting of each banker hand against best response. They
   are the integer counts of the chunked runner (:mod:`croupier.analysis.runner`), so the
   search runs on Dask and resumes;
3. learns a compact house way from the decisions: the ``expected-points`` value of a setting
   plus three pair tables over per-tier strength bins (front x middle, middle x back, front x
   back; a player wins by taking two tiers of three, so pairs carry what matters), trained by
   an averaged perceptron: whenever the way's pick for a banker hand gives the house less than
   the search's best, the pairs of the best are raised and those of the pick lowered, by the
   difference (:func:`learn`).

The ``maximin`` house way (:meth:`~croupier.games.thirteen.solver.HandSettings.table_index`)
picks, among a hand's valid settings, the one with the highest learned value: the
expected-points sum and three lookups per setting, well under a millisecond.

*Simplifications*, labelled: the pool ignores the banker's cards (card removal); the way is a
learned approximation of the search's decisions. The shipped way's edge is *measured* by full
rounds dealt from one deck, against the real best response (``croupier odds thirteen --way
maximin``), so neither can flatter the figure. Measured figures: docs/rules.md.

``python -m croupier.odds.thirteen_house calibrate`` rewrites ``expected_points.npz``;
``python -m croupier.odds.thirteen_house search [--scheduler S] [--resume FILE]``
rewrites ``maximin.npz``.
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
from croupier.games.thirteen.calibration import calibration as _expected_points
from croupier.games.thirteen.rules import HouseWay
from croupier.games.thirteen.scoring import natural_of
from croupier.games.thirteen.solver import HandSettings
from croupier.rank.model import THIRTEEN

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["SEARCH", "calibrate", "decisions", "learn", "search", "search_chunk", "search_plan"]


def expected_points_tables() -> ExpectedTables:
    """The shipped expected-points tables (the base the maximin way learns on)."""
    return _expected_points().tables


SEARCH: Final = "thirteen-house-search"
SEARCH_SEED: Final = "croupier thirteen maximin v1"
SEARCH_POOL: Final = 500
SEARCH_HANDS: Final = 2_000
SEARCH_BINS: Final = 48
SEARCH_CHUNK: Final = 25
#: a searched hand's CPU seconds on one core, ``auto``'s estimate of the work (2026-11-29, 2-core
#: AMD EPYC VM: a chunk of 25 hands ~1.1 s)
HAND_SECONDS: Final = 0.045
LEARN_EPOCHS: Final = 10
LEARN_RATE: Final = 0.3
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


def _pack(f: int, m: int, b: int) -> int:
    return f << 32 | m << 16 | b


def search_chunk(chunk: Chunk) -> Counts:
    """One chunk of banker hands (step 2 of the module docstring): for hand ``i`` of the
    search (numbered across chunks) and setting ``j`` of its frontier, ``"i.j.s"`` its packed
    tier strengths (front << 32 | middle << 16 | back) and ``"i.j.h"`` the house's summed
    result against the pool; and how many hands, settings and skipped naturals."""
    params = chunk.params
    pool = _pool(str(params["pool_seed"]), int(params["pool"]), int(params["bins"]))
    win = (int(params["win_p"]), int(params["win_q"]))
    rng = chunk.rng()
    counts: Counts = {"hands": 0, "settings": 0, "skipped_naturals": 0}
    done = 0
    first = chunk.index * int(params["chunk"])
    while done < chunk.size:
        for row in deal_hands(rng, 4):
            if done == chunk.size:
                break
            cards = _cards(row)
            hand = first + done
            done += 1
            if natural_of(cards) is not None:
                counts["skipped_naturals"] += 1
                continue
            fr = HandSettings(cards).frontier()
            triples = np.stack([fr.front, fr.middle, fr.back], axis=1)
            results = _house_results(triples, pool, win)
            for j, ((f, m, b), h) in enumerate(
                zip(triples.tolist(), results.tolist(), strict=True)
            ):
                counts[f"{hand}.{j}.s"] = _pack(f, m, b)
                counts[f"{hand}.{j}.h"] = h
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
        "chunk": SEARCH_CHUNK,
        "win_p": WIN_NET[0],
        "win_q": WIN_NET[1],
    }
    return Plan(SEARCH, seed, hands, SEARCH_CHUNK, params)


def decisions(result: RunResult) -> list[tuple[NDArray[np.int64], NDArray[np.int64]]]:
    """Each searched banker hand's frontier (rows of front, middle, back strengths) and the
    house's result against the pool for each, in hand order."""
    by_hand: dict[int, dict[int, list[int]]] = {}
    for key, value in result.total.items():
        parts = key.split(".")
        if len(parts) != 3:
            continue
        slot = by_hand.setdefault(int(parts[0]), {}).setdefault(int(parts[1]), [0, 0])
        slot[0 if parts[2] == "s" else 1] = value
    out = []
    for hand in sorted(by_hand):
        rows = [by_hand[hand][j] for j in sorted(by_hand[hand])]
        packed = np.array([r[0] for r in rows], dtype=np.int64)
        triples = np.stack([packed >> 32, (packed >> 16) & 0xFFFF, packed & 0xFFFF], axis=1)
        out.append((triples, np.array([r[1] for r in rows], dtype=np.int64)))
    return out


def _choose(value: NDArray[np.float64], triples: NDArray[np.int64]) -> int:
    """The way's pick: the highest value, then the strongest back, middle, front."""
    best = np.flatnonzero(value == value.max())
    if len(best) == 1:
        return int(best[0])
    t = triples[best]
    return int(best[int(np.argmax(t[:, 2] << 32 | t[:, 1] << 16 | t[:, 0]))])


def learn(
    result: RunResult, *, epochs: int = LEARN_EPOCHS, rate: float = LEARN_RATE
) -> MaximinTable:
    """The compact way from the search's decisions (step 3 of the module docstring): an
    averaged perceptron over the hands in a seeded order, ``epochs`` passes, steps of ``rate``
    times the house's shortfall (per player-hand)."""
    params = result.plan.params
    bins = int(params["bins"])
    pool = _pool(str(params["pool_seed"]), int(params["pool"]), bins)
    edges = (pool[4], pool[5], pool[6])
    ef, em, eb = expected_points_tables()
    scale = int(params["win_q"]) * int(params["pool"])
    data = []
    for triples, results in decisions(result):
        f, m, b = (edges[t][triples[:, t]] for t in range(3))
        base = ef[triples[:, 0]] + em[triples[:, 1]] + eb[triples[:, 2]]
        data.append((triples, results / scale, base, f * bins + m, m * bins + b, f * bins + b))
    pairs = [np.zeros(bins * bins) for _ in range(3)]
    sums = [np.zeros(bins * bins) for _ in range(3)]
    rng = np.random.default_rng(numpy_seed(f"{result.plan.seed}:learn"))
    steps = 0
    for _ in range(epochs):
        for i in rng.permutation(len(data)):
            triples, h, base, fm, mb, fb = data[i]
            value = base + pairs[0][fm] + pairs[1][mb] + pairs[2][fb]
            pick, best = _choose(value, triples), int(np.argmax(h))
            if h[pick] < h[best]:
                step = rate * float(h[best] - h[pick])
                for table, cells in zip(pairs, (fm, mb, fb), strict=True):
                    table[cells[best]] += step
                    table[cells[pick]] -= step
            for total, table in zip(sums, pairs, strict=True):
                total += table
            steps += 1
    averaged = [(t / max(steps, 1)).reshape(bins, bins) for t in sums]
    meta: dict[str, Any] = {
        **result.plan.header(),
        "banker_hands": len(data),
        "settings_scored": result.total.get("settings", 0),
        "learn": {"epochs": epochs, "rate": rate, "method": "averaged perceptron"},
    }
    meta.pop("kind", None)
    return MaximinTable(
        (edges[0].astype(np.intp), edges[1].astype(np.intp), edges[2].astype(np.intp)),
        (averaged[0], averaged[1], averaged[2]),
        meta,
    )


def search(
    plan: Plan | None = None,
    *,
    scheduler: str = "none",
    workers: int | None = None,
    resume: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MaximinTable:
    """Run the search (see the module docstring) on the chunked runner and learn the way."""
    result = run(
        plan or search_plan(),
        search_chunk,
        scheduler=scheduler,
        workers=workers,
        resume=resume,
        progress=progress,
        unit_seconds=HAND_SECONDS,
    )
    return learn(result)


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


SEARCH_USAGE: Final = (
    "usage: python -m croupier.odds.thirteen_house search [--scheduler S] [--resume FILE]"
)


def _print_progress(done: int, total: int) -> None:  # pragma: no cover - by hand
    print(f"\r{done}/{total} chunks", end="", flush=True)


def main(argv: list[str] | None = None) -> int:  # pragma: no cover - the generator, by hand
    import time

    from croupier.errors import CroupierError

    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["search"]:
        try:  # a flag given without its value is a usage error, not a traceback
            scheduler = args[args.index("--scheduler") + 1] if "--scheduler" in args else "auto"
            resume = Path(args[args.index("--resume") + 1]) if "--resume" in args else None
        except IndexError:
            print(SEARCH_USAGE, file=sys.stderr)
            return 2
        start = time.perf_counter()
        try:
            table = search(scheduler=scheduler, resume=resume, progress=_print_progress)
        except CroupierError as exc:  # a bad scheduler or resume file, an interrupted search
            print(f"\nerror: {exc}", file=sys.stderr)
            return 2
        table.save(MAXIMIN_FILE)
        took = time.perf_counter() - start
        print(f"\nwrote {MAXIMIN_FILE} ({table.meta}) in {took:.1f} s")
        return 0
    if args[:1] != ["calibrate"]:
        print("usage: python -m croupier.odds.thirteen_house calibrate|search")
        return 2
    start = time.perf_counter()
    cal = calibrate()
    cal.save(CALIBRATION_FILE)
    took = time.perf_counter() - start
    print(f"wrote {CALIBRATION_FILE} ({cal.to_dict()}) in {took:.1f} s")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
