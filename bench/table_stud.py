"""Five-card stud: the same seeded hands on the game's own API and through the table interface.

``python -m bench.table_stud [--hands N] [--seats S] [--repeat R] [--json FILE]``

* **game**: :class:`~croupier.games.five_card_stud.round.StudGame` through its public, checked
  commands: each decision of :class:`~croupier.games.five_card_stud.bots.StrengthBot` /
  :class:`~croupier.games.five_card_stud.bots.RandomBot`, reading ``game.observation(seat)``,
  sent as ``game.act(seat, action, amount)`` and each street dealt with ``game.deal()``, every
  one checked against the articles as a table's command is; a player below the threshold topped
  up to the least capital before each hand (Art 6). This is the peer of the table's ``apply``,
  which checks every command too;
* **simulation** (a second figure): the same hands as
  :func:`~croupier.games.five_card_stud.bots.play_hand` plays them for ``croupier simulate``:
  a decision the game's ``legal()`` offered becomes its event without a second check, a deal
  the table built from its own queue is not checked again (issue 22's fast path; a test holds it
  equal to the checked path). Faster than any checked path, so a harsher yardstick;
* **table**: :class:`~croupier.table.stud.StudTable` run by
  :func:`~croupier.table.runner.run_table` with the interface bots
  (:class:`~croupier.games.five_card_stud.table_bots.TableBot` around the same bots, reading the
  table's view, ``Table.seen``: the seat's ``Observation`` as its typed facts, and the offers):
  offers, waits, views, commands checked against the offers, entries with their visibility, the
  ledger. No hash chain on either side: the game's API computes none, and a table computes it
  only when its log is written or its head asked for (``bench.table_parts`` times it apart).

Both deal hand ``n`` from ``SeededShuffler(f"{seed}:{n}")`` (the table's
:class:`~croupier.table.sources.SeededSource`) and seed each bot alike, so they play the same
hands; the script checks that both end with the same stacks. Method: ``R`` runs of each,
alternated, with the garbage collector off; the process's CPU time (``time.process_time``: on a
shared machine what this code costs) and the wall time (``time.perf_counter``) of each run; the
medians, hands/s, the interface's cost (table time / game time - 1, of the CPU medians) and the
spread of the ratio over the pairs of runs. One process, one core.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.common import cpu_once, environment, ratio_summary, write_report
from croupier.games.five_card_stud.bots import (
    Bot,
    RandomBot,
    StrengthBot,
    new_table,
    play_hand,
)
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudPhase
from croupier.games.five_card_stud.table_bots import TableBot
from croupier.shuffle import SeededShuffler
from croupier.table.runner import run_table
from croupier.table.sources import SeededSource
from croupier.table.stud import StudTable

SEED = "bench"


def _bot(seat: int) -> Bot:
    rng = random.Random(seat)
    cap = StudOptions().min_buy_in
    return StrengthBot(rng, cap=cap) if seat % 2 else RandomBot(rng, cap=cap)


class _Shuffles:
    """The table's seeded source, shuffle by shuffle, for the game's own API."""

    def __init__(self) -> None:
        self.count = 0

    def next(self) -> SeededShuffler:
        shuffler = SeededShuffler(f"{SEED}:{self.count}")
        self.count += 1
        return shuffler


def play_game(hands: int, seats: int) -> dict[int, int]:
    """``hands`` hands on the game's public, checked commands; the stacks at the end."""
    options = StudOptions()
    game = new_table(options, seats)
    bots = {s: _bot(s) for s in range(1, seats + 1)}
    shuffles = _Shuffles()
    betting, dealing = StudPhase.BETTING, StudPhase.DEALING
    for _ in range(hands):
        for seat in sorted(game.players):
            if game.must_top_up(seat):
                game.top_up(seat, options.min_buy_in - game.stacks[seat])
        if game.needs_new_deck:
            game.new_deck()
        game.start_hand()
        game.shuffle(shuffles.next())
        game.burn()
        while True:
            phase = game.phase
            if phase is betting:
                turn = game.to_act
                assert turn is not None
                action, amount = bots[turn].decide(game.observation(turn))
                game.act(turn, action, amount)
            elif phase is dealing:
                game.deal()
            elif phase is StudPhase.SHOWDOWN:
                game.settle()
                break
            else:  # pragma: no cover - play_hand's loop meets no other phase either
                raise AssertionError(f"unexpected phase {phase}")
    return dict(game.stacks)


def play_simulation(hands: int, seats: int) -> dict[int, int]:
    """``hands`` hands as ``croupier simulate`` plays them (play_hand); the stacks at the end."""
    options = StudOptions()
    game = new_table(options, seats)
    bots = {s: _bot(s) for s in range(1, seats + 1)}
    shuffles = _Shuffles()
    rng = random.Random(0)  # play_hand's own draws (cuts): none at cut_chance 0
    for _ in range(hands):
        for seat in sorted(game.players):
            if game.must_top_up(seat):
                game.top_up(seat, options.min_buy_in - game.stacks[seat])
        play_hand(game, bots, shuffles.next(), rng)
    return dict(game.stacks)


def play_table(hands: int, seats: int) -> dict[int, int]:
    """The same ``hands`` through :class:`StudTable` and the runner; the stacks at the end."""
    table = StudTable(StudOptions(), table_id="bench", source=SeededSource(SEED))
    names = {f"p{s}": TableBot(_bot(s)) for s in range(1, seats + 1)}
    run_table(table, names, rounds=hands, close=False)
    # no hash chain: the API side computes none (a table writing its log would; see README)
    return dict(table.game.stacks)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.table_stud", description=__doc__)
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", type=Path, default=None, help="write the report here")
    args = parser.parse_args(argv)
    if not (1 <= args.hands <= 1_000_000 and 2 <= args.seats <= 7 and 1 <= args.repeat <= 99):
        parser.error("--hands 1..1,000,000, --seats 2..7, --repeat 1..99")
    sides = {"game": play_game, "simulation": play_simulation, "table": play_table}
    stacks = {side: run(args.hands, args.seats) for side, run in sides.items()}
    if len({tuple(sorted(v.items())) for v in stacks.values()}) != 1:
        print(f"the runs differ: {stacks}", file=sys.stderr)
        return 1
    times: dict[str, list[float]] = {side: [] for side in sides}
    walls: dict[str, list[float]] = {side: [] for side in sides}
    for _ in range(args.repeat):
        for side, run in sides.items():
            cpu, wall = cpu_once(functools.partial(run, args.hands, args.seats))
            times[side].append(cpu)
            walls[side].append(wall)
    median = {k: statistics.median(v) for k, v in times.items()}
    wall_median = {k: statistics.median(v) for k, v in walls.items()}
    rate = {k: args.hands / v for k, v in median.items()}
    ratio = ratio_summary(times["table"], times["game"])
    ratio_simulation = ratio_summary(times["table"], times["simulation"])
    cost = ratio["of_medians"] - 1
    env = environment()

    def line(label: str, side: str) -> str:
        return (
            f"  {label:<27}{rate[side]:10,.0f} hands/s  ({median[side]:.3f} s CPU, "
            f"wall {wall_median[side]:.3f} s)\n"
        )

    print(
        f"five-card stud, {args.hands:,} hands at {args.seats} seats (strength and random bots, "
        f"the same seeded hands: same stacks at the end), median of {args.repeat} runs\n"
        + line("game's API (checked)", "game")
        + line("simulation's fast path", "simulation")
        + line("table interface", "table")
        + f"  interface cost             {cost:+.1%} against the game's checked API (table CPU "
        f"time / game CPU time - 1; the pairs of runs: {ratio['pair_min']:.2f}x to "
        f"{ratio['pair_max']:.2f}x, median {ratio['pair_median']:.2f}x)\n"
        f"                             {ratio_simulation['of_medians'] - 1:+.1%} against the "
        f"simulation's fast path (pairs {ratio_simulation['pair_min']:.2f}x to "
        f"{ratio_simulation['pair_max']:.2f}x)\n"
        f"machine: {env['machine']} · {env['cores']} cores · {env['platform']} · "
        f"Python {env['python']} ({env['implementation']})\n"
        "method: CPU time of this process, gc off, runs alternated, medians; one process"
    )
    if args.json is not None:
        fields: dict[str, Any] = {
            "hands": args.hands,
            "seats": args.seats,
            "median_cpu_s": median,
            "median_wall_s": wall_median,
            "hands_per_s": rate,
            "interface_cost": cost,
            "ratio": ratio,
            "interface_cost_against_simulation": ratio_simulation["of_medians"] - 1,
            "ratio_against_simulation": ratio_simulation,
            "runs_cpu_s": times,
            "runs_wall_s": walls,
        }
        write_report(args.json, "bench.table_stud", env, args, **fields)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
