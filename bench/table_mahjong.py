"""Mah-Jong through the table interface against the game's own API: what the interface costs.

Run ``python -m bench.table_mahjong [--games N] [--repeats R] [--bots KIND] [--json PATH]``
(default 24 games, 5 repeats, faan bots; about 15 CPU seconds).

* **The same games on both sides.** :func:`own_api` plays ``N`` games on the game's own API: a
  :class:`~croupier.games.mahjong.match.Match` (the sitting: the deal's rotation, a new sitting
  when one is over) whose games are dealt with the shuffles of
  :class:`~croupier.table.sources.SeededSource` and played by four bots, each asked with
  :meth:`~croupier.games.mahjong.round.MahjongGame.view` and ``legal`` and answering with
  :meth:`~croupier.games.mahjong.bots.MahjongBot.pick`. :func:`through_table` plays the same
  games through :func:`~croupier.table.runner.run_table` on a
  :class:`~croupier.table.mahjong.MahjongTable`: the same source, the same bots (by player name,
  the same seeds), each asked with the table's ``view`` and ``legal`` (offers) and answering with
  :meth:`~croupier.games.mahjong.bots.MahjongBot.choose`; the table adds the seats and the
  chips, the deadlines, who sees what of each entry, the ledger, the entries with their command
  ids (no hash chain on either side: the game's API computes none, and a table only when its log
  is written; the seal, which names the last hash, is left out too). Both sides return each game's
  outcome (the result's type, seat and faan): the run stops if they differ.
* **Timing.** One warm-up run of each, then ``R`` rounds, each timing both functions once,
  interleaved, garbage collector off. The figure is the process's CPU time
  (``time.process_time``): on a shared machine (other processes' load made wall times vary
  several-fold here) it is what this code costs; the wall times (``time.perf_counter``) are
  printed and stored beside it. The medians are printed, with games per second, the ratio and
  the machine.

The figures are written to ``bench/results/table_mahjong.json``.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from bench.common import environment, ratio_summary, write_report
from croupier.games.mahjong.bots import BOTS
from croupier.games.mahjong.match import Match
from croupier.games.mahjong.options import MahjongOptions
from croupier.table.mahjong import MahjongTable
from croupier.table.runner import run_table
from croupier.table.sources import SeededSource

NAMES: Final = ("ana", "bo", "cy", "di")
SEED: Final = "bench"
Outcome = tuple[str, int | None, int | None]


def _outcome(result: Any) -> Outcome:
    seat = getattr(result, "seat", None)
    return (result.TYPE, None if seat is None else int(seat), getattr(result, "faan", None))


def own_api(games: int, kind: str) -> list[Outcome]:
    """``games`` games on the game's own API (see the module docstring)."""
    options = MahjongOptions()
    source = SeededSource(SEED)
    bots = {n: BOTS[kind](i) for i, n in enumerate(NAMES)}
    match = Match(options)
    out: list[Outcome] = []
    while len(out) < games:
        if match.over:
            match = Match(options)
        game = match.begin()
        game.deal(source.next())
        while game.result is None:
            seat = game.turn if game.turn is not None else game.waiting()[0]
            bot = bots[NAMES[match.place_of(seat)]]
            game.play(seat, bot.pick(game.view(seat), game.legal(seat)))
        out.append(_outcome(game.result))
        match.conclude()
    return out


def through_table(games: int, kind: str) -> list[Outcome]:
    """The same games through the table interface (see the module docstring)."""
    table = MahjongTable(MahjongOptions(), table_id="bench", source=SeededSource(SEED))
    bots = {n: BOTS[kind](i) for i, n in enumerate(NAMES)}
    out: list[Outcome] = []

    def on_round(t: Any, number: int) -> None:
        out.append(_outcome(t.match.summaries[-1].result))

    run_table(table, bots, rounds=games, on_round=on_round, close=False)
    # no hash chain: the API side computes none (a table writing its log would; see README)
    return out


def timed(fn: Callable[[], object]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of ``fn``, the garbage collector off."""
    gc.collect()
    gc.disable()
    try:
        cpu, wall = time.process_time(), time.perf_counter()
        fn()
        return time.process_time() - cpu, time.perf_counter() - wall
    finally:
        gc.enable()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--bots", default="faan", choices=sorted(BOTS))
    parser.add_argument(
        "--json", type=Path, default=Path(__file__).parent / "results" / "table_mahjong.json"
    )
    args = parser.parse_args(argv)
    env = environment()
    own, table = own_api(args.games, args.bots), through_table(args.games, args.bots)
    if own != table:
        print("the two sides played different games: the benchmark is void", file=sys.stderr)
        return 1
    sides: dict[str, Callable[[], object]] = {
        "own API": lambda: own_api(args.games, args.bots),
        "table interface": lambda: through_table(args.games, args.bots),
    }
    times: dict[str, list[float]] = {k: [] for k in sides}
    walls: dict[str, list[float]] = {k: [] for k in sides}
    for _ in range(args.repeats):
        for name, fn in sides.items():
            cpu, wall = timed(fn)
            times[name].append(cpu)
            walls[name].append(wall)
    medians = {k: statistics.median(v) for k, v in times.items()}
    wall_medians = {k: statistics.median(v) for k, v in walls.items()}
    rates = {k: args.games / v for k, v in medians.items()}
    ratios = ratio_summary(times["table interface"], times["own API"])
    ratio = ratios["of_medians"]
    print(f"Mah-Jong, {args.games} games of four {args.bots} bots, {args.repeats} repeats")
    print(f"machine: {env['machine']} · Python {env['python']} · {env['platform']}")
    print("method: the same seeded games on both sides (checked equal), timed interleaved,")
    print("        garbage collector off, CPU time of this process, medians")
    for name, seconds in medians.items():
        print(
            f"  {name:16} {seconds:8.3f} s CPU  {rates[name]:8.2f} games/s  "
            f"(wall {wall_medians[name]:.3f} s)"
        )
    print(
        f"  the interface costs {100 * (ratio - 1):+.1f}% (CPU time ratio {ratio:.3f}; the pairs "
        f"of runs {ratios['pair_min']:.2f}x to {ratios['pair_max']:.2f}x, "
        f"median {ratios['pair_median']:.2f}x)"
    )
    args.json.parent.mkdir(parents=True, exist_ok=True)
    write_report(
        args.json,
        "bench.table_mahjong",
        env,
        args,
        games=args.games,
        outcomes={"won": sum(o[0] == "game_won" for o in own), "games": len(own)},
        cpu_seconds=times,
        wall_seconds=walls,
        medians=medians,
        wall_medians=wall_medians,
        games_per_second=rates,
        ratio=ratio,
        ratios=ratios,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
