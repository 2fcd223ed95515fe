"""The banking games: the same seeded rounds on the game's own API and through the table interface.

``python -m bench.table_banking [--game three-card-baccarat|football-poker] [--rounds N]
[--players P] [--repeat R] [--parts] [--json FILE]``

* **table**: :class:`~croupier.table.baccarat.BaccaratTable` /
  :class:`~croupier.table.football.FootballTable` run by :func:`~croupier.table.runner.run_table`
  with the interface bots (``random``, reading the offers and the view: ``Table.seen``, whose
  typed ``BettorFacts`` they read, the JSON made only if read, as in bench.table_stud): offers,
  views, the betting window, entries and their visibility, the ledger. No hash chain on either
  side, as in bench.table_stud: the game's API computes none, and a table computes it only when
  its log is written or its head asked for (``--parts`` times it apart);
* **game**: :class:`~croupier.games.three_card_baccarat.round.BaccaratGame` /
  :class:`~croupier.games.football_poker.round.FootballPokerGame` playing the very rounds the
  table played: each shuffle from the same seeded shufflers, each round the bets the table's
  bots placed (read from its record beforehand: no bot runs on this side), closed, dealt and
  settled.

Both end with the same balances (checked). The game side runs no bot, so the cost measured
includes the interface bots' choices (a bias against the interface). Method: ``R`` runs of each
(at least 5), alternated, with the garbage collector off; the process's CPU time
(``time.process_time``: on a shared machine what this code costs) and the wall time
(``time.perf_counter``) of each run; the medians, rounds/s, the interface's cost (table time /
game time - 1, of the CPU medians) and the spread of the ratio over the pairs of runs. One
process, one core.

``--parts``: where the table's time goes, each part timed inline (CPU time, one run after the
measured ones; the timers add a little): ``view`` (a JSON view, when anyone reads one; the
bots read the typed facts of ``seen``, counted with the rest), ``legal`` (the offers),
``choose`` (the bots), ``waiting_on``, the commands' ``apply`` and the house's steps
(``step_house``), both holding the game's own work and an entry per event, and the hash chain.
"""

from __future__ import annotations

import argparse
import functools
import gc
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.common import cpu_once, environment, ratio_summary, write_report
from croupier.events import BetPlaced, BetWithdrawn, Phase, RoundOpened
from croupier.shuffle import SeededShuffler
from croupier.table.registry import game as game_info
from croupier.table.runner import run_table
from croupier.table.sources import SeededSource

SEED = "bench"
GAMES = ("three-card-baccarat", "football-poker")


def _options(name: str) -> Any:
    info = game_info(name)
    return info.options(decks=8) if name == "three-card-baccarat" else info.options()


def play_table(name: str, rounds: int, players: int) -> Any:
    """``rounds`` rounds through the table interface; the table."""
    info = game_info(name)
    table = info.table(_options(name), table_id="bench", source=SeededSource(SEED))
    bots = {f"p{i}": info.bots["random"](i) for i in range(1, players + 1)}
    run_table(table, bots, rounds=rounds, close=False)
    return table


#: the parts --parts times: (what, method name); the outermost timed call counts
PARTS = (
    ("view", "view"),
    ("legal", "legal"),
    ("waiting_on", "waiting_on"),
    ("apply (players' commands)", "apply"),
    ("step_house (the house's steps)", "step_house"),
    ("timeout", "timeout"),
)


def parts(name: str, rounds: int, players: int) -> dict[str, float]:
    """One table run with each part of :data:`PARTS` and the bots' ``choose`` timed (CPU
    seconds); ``whole`` the run."""
    info = game_info(name)
    table = info.table(_options(name), table_id="bench", source=SeededSource(SEED))
    spent: dict[str, float] = {}
    depth = [0]

    def timed(label: str, fn: Any) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            if depth[0]:
                return fn(*args, **kwargs)
            depth[0] += 1
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.process_time() - start
                depth[0] -= 1

        return run

    for label, method in PARTS:
        setattr(table, method, timed(label, getattr(table, method)))
    bots = {f"p{i}": info.bots["random"](i) for i in range(1, players + 1)}
    for bot in bots.values():
        bot.choose = timed("choose (the bots)", bot.choose)  # type: ignore[method-assign]
    start = time.process_time()
    run_table(table, bots, rounds=rounds, close=False)
    chained = time.process_time()
    table.hashes()
    spent["the hash chain"] = time.process_time() - chained
    spent["whole"] = time.process_time() - start
    return spent


def script_of(table: Any) -> list[list[tuple[str, Any]]]:
    """Each round's bets and withdrawals as the table recorded them."""
    script: list[list[tuple[str, Any]]] = []
    for entry in table.entries:
        event = entry.event
        if isinstance(event, RoundOpened):
            script.append([])
        elif isinstance(event, BetPlaced | BetWithdrawn):
            script[-1].append((event.TYPE, event))
    return script


def play_game(name: str, script: list[list[tuple[str, Any]]]) -> dict[str, int]:
    """The same rounds on the game's own API; the balances at the end."""
    table: Any = game_info(name).table(_options(name))
    game = table.game  # a fresh game of the same options
    shuffles = 0
    for bets in script:
        if game.phase is Phase.NEEDS_SHUFFLE:
            game.shuffle(SeededShuffler(f"{SEED}:{shuffles}"))
            shuffles += 1
        while game.phase is Phase.READY and game.can_burn():
            game.burn()
        game.open_round()
        for kind, event in bets:
            if kind == "bet_placed":
                game.place_bet(event.player, event.position, event.bet, event.amount)
            else:
                game.withdraw_bet(event.player, event.position, event.bet)
        game.close_bets()
        game.deal()
        game.settle()
    return dict(game.balances)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.table_banking", description=__doc__)
    parser.add_argument("--game", choices=GAMES, default="three-card-baccarat")
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--parts", action="store_true", help="time each part of the table")
    parser.add_argument("--json", type=Path, default=None, help="write the report here")
    args = parser.parse_args(argv)
    if not (1 <= args.rounds <= 1_000_000 and 1 <= args.players <= 7 and 5 <= args.repeat <= 99):
        parser.error("--rounds 1..1,000,000, --players 1..7, --repeat 5..99")
    table = play_table(args.game, args.rounds, args.players)
    script = script_of(table)
    balances = play_game(args.game, script)
    if balances != dict(table.game.balances):
        print(f"the two runs differ: {balances} != {dict(table.game.balances)}", file=sys.stderr)
        return 1
    times: dict[str, list[float]] = {"game": [], "table": []}
    walls: dict[str, list[float]] = {"game": [], "table": []}
    runs = {
        "game": functools.partial(play_game, args.game, script),
        "table": functools.partial(play_table, args.game, args.rounds, args.players),
    }
    for _ in range(args.repeat):
        for side in ("game", "table"):
            cpu, wall = cpu_once(runs[side])
            times[side].append(cpu)
            walls[side].append(wall)
    median = {k: statistics.median(v) for k, v in times.items()}
    wall_median = {k: statistics.median(v) for k, v in walls.items()}
    rate = {k: args.rounds / v for k, v in median.items()}
    ratio = ratio_summary(times["table"], times["game"])
    cost = ratio["of_medians"] - 1
    env = environment()
    print(
        f"{args.game}, {args.rounds:,} rounds, {args.players} random bots (the same rounds: the "
        f"same balances at the end), median of {args.repeat} runs\n"
        f"  game's API       {rate['game']:10,.0f} rounds/s  ({median['game']:.3f} s CPU, "
        f"wall {wall_median['game']:.3f} s)\n"
        f"  table interface  {rate['table']:10,.0f} rounds/s  ({median['table']:.3f} s CPU, "
        f"wall {wall_median['table']:.3f} s)\n"
        f"  interface cost   {cost:+.1%} (table CPU time / game CPU time - 1; the pairs of "
        f"runs: {ratio['pair_min']:.2f}x to {ratio['pair_max']:.2f}x, "
        f"median {ratio['pair_median']:.2f}x; the game side runs no bot)\n"
        f"machine: {env['machine']} · {env['cores']} cores · {env['platform']} · "
        f"Python {env['python']} ({env['implementation']})\n"
        "method: CPU time of this process, gc off, runs alternated, medians; one process"
    )
    spent: dict[str, float] = {}
    if args.parts:
        spent = _print_parts(args, median["game"])
    if args.json is not None:
        fields: dict[str, Any] = {
            "game": args.game,
            "rounds": args.rounds,
            "players": args.players,
            "median_cpu_s": median,
            "median_wall_s": wall_median,
            "rounds_per_s": rate,
            "interface_cost": cost,
            "ratio": ratio,
            "runs_cpu_s": times,
            "runs_wall_s": walls,
        }
        if spent:
            fields["parts_cpu_s"] = spent
        write_report(args.json, "bench.table_banking", env, args, **fields)
    return 0


def _print_parts(args: argparse.Namespace, game_s: float) -> dict[str, float]:
    gc.collect()
    gc.disable()
    try:
        spent = parts(args.game, args.rounds, args.players)
    finally:
        gc.enable()
    whole = spent["whole"]
    per_round = 1e6 / args.rounds
    print(
        f"where the table's time goes (one timed run, CPU µs a round; the game's API whole: "
        f"{game_s * per_round:,.0f} µs a round)"
    )
    for label, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        if label != "whole":
            print(
                f"  {label:32} {seconds * per_round:7,.0f} µs  ({seconds / whole:4.0%} of the "
                f"run, {seconds / game_s:5.1f}x the game's API)"
            )
    rest = whole - sum(v for k, v in spent.items() if k != "whole")
    print(f"  {'the runner and the rest':32} {rest * per_round:7,.0f} µs  ({rest / whole:4.0%})")
    print(f"  {'whole (timed)':32} {whole * per_round:7,.0f} µs")
    return spent


if __name__ == "__main__":
    raise SystemExit(main())
