"""13-card game benchmark: the best response to a shown banker, and the house-edge simulation.

Run ``python -m bench.bench_thirteen [--hands N] [--plain P] [--rounds R] [--json PATH]``.

* **Best response** (Portaria 51/89/M Art 2 d, 7-10). ``N`` seeded random deals; in each, the
  banker's 13 cards are set by the house way *outside* the timed region and the player's 13
  cards are solved against that setting. Two methods, in one process, on the same deals:
  croupier's :func:`~croupier.games.thirteen.solver.best_response` (all 72,072 settings scored
  with NumPy gathers) and the peer, :func:`~croupier.games.thirteen.solver.plain_best_response`
  (a plain Python loop over the same 72,072 settings with the scalar perfect-hash ranking
  ``strength_of_codes``, skipping a setting as soon as it fouls). Each call is timed alone
  (``time.perf_counter``, garbage collector off); the peer runs on the first ``P`` deals only
  (it takes ~0.1 s per hand). Both answers must be the same setting on every deal the peer
  solves, or the script exits 1. Reported: the median, 10th and 90th percentile per hand, and
  the ratio of the medians.
* **Simulation throughput**: :func:`~croupier.odds.thirteen_edge.estimate_edge` on ``R`` rounds
  in-process (``--scheduler none``) and on a Dask LocalCluster of every core (its start-up
  counts): player-hands per second (each player-hand is solved for
  the best response *and* set by the house way; the banker is set by the house way).

The machine, Python and library versions are printed with the figures and stored in the JSON.
Machines are shared and noisy: quote medians and ratios.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

import numpy as np

from bench.common import environment, time_once
from croupier.cards import Card
from croupier.games.thirteen.scoring import Setting
from croupier.games.thirteen.solver import best_response, house_way, plain_best_response
from croupier.odds.thirteen_edge import estimate_edge

RESULTS = Path(__file__).with_name("results")


def _deals(n: int, seed: int) -> list[tuple[list[Card], Setting]]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        perm = [Card(int(c)) for c in rng.permutation(52)]
        out.append((perm[:13], house_way(perm[13:26])))
    return out


def _percentiles(times: list[float]) -> dict[str, float]:
    qs = statistics.quantiles(times, n=10)
    return {
        "median_ms": statistics.median(times) * 1e3,
        "p10_ms": qs[0] * 1e3,
        "p90_ms": qs[-1] * 1e3,
        "calls": len(times),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--plain", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", type=Path, default=RESULTS / "thirteen.json")
    args = parser.parse_args(argv)

    env = environment()
    print(
        f"machine: {env['machine']}, {env['cores']} cores, Python {env['python']}, "
        f"NumPy {env['numpy']}"
    )
    deals = _deals(args.hands, args.seed)
    best_response(*deals[0])  # warm up: index tables, rank tables
    fast_times, plain_times = [], []
    answers = []
    for hand, banker in deals:
        t, answer = time_once(functools.partial(best_response, hand, banker))
        fast_times.append(t)
        answers.append(answer)
    mismatches = 0
    for (hand, banker), answer in zip(deals[: args.plain], answers, strict=False):
        t, reference = time_once(functools.partial(plain_best_response, hand, banker))
        plain_times.append(t)
        mismatches += reference != answer
    fast, plain = _percentiles(fast_times), _percentiles(plain_times)
    ratio = plain["median_ms"] / fast["median_ms"]
    print("best response to a shown banker (per hand, all 72,072 settings):")
    print(
        f"  croupier best_response      median {fast['median_ms']:.3f} ms "
        f"(p10 {fast['p10_ms']:.3f}, p90 {fast['p90_ms']:.3f}; {fast['calls']} hands)"
    )
    print(
        f"  plain loop, scalar ranking  median {plain['median_ms']:.1f} ms "
        f"(p10 {plain['p10_ms']:.1f}, p90 {plain['p90_ms']:.1f}; {plain['calls']} hands)"
    )
    print(f"  ratio of medians: {ratio:.0f}x; answers differ on {mismatches} of {len(plain_times)}")

    sims: dict[str, Any] = {}
    for workers in dict.fromkeys((1, os.cpu_count() or 1)):
        scheduler = "none" if workers == 1 else "local"  # a LocalCluster's start-up counts
        report = estimate_edge(
            rounds=args.rounds, seed="bench", workers=workers, scheduler=scheduler
        )
        sims[str(workers)] = {
            "workers": workers,
            "rounds": args.rounds,
            "seconds": report.seconds,
            "player_hands_per_second": report.hands_per_second,
        }
        print(
            f"house-edge simulation, {workers} worker(s): {args.rounds} rounds in "
            f"{report.seconds:.1f} s = {report.hands_per_second:,.0f} player-hands/s"
        )

    result = {
        "environment": env,
        "method": __doc__,
        "best_response": fast,
        "plain_loop": plain,
        "ratio_of_medians": ratio,
        "mismatches": mismatches,
        "simulation": sims,
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=2))
    print(f"wrote {args.json}")
    return 1 if mismatches else 0


if __name__ == "__main__":  # the LocalCluster's worker processes re-import this module
    sys.exit(main())
