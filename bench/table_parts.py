"""Where a round's time goes through the table interface, part by part, for each game.

Run ``python -m bench.table_parts [--game stud|thirteen|mahjong] [--rounds N] [--repeats R]``.

The same runs as ``bench.table_stud``, ``bench.table_thirteen`` (``ascending`` policy: the
interface's own cost shows) and ``bench.table_mahjong``, with the table's methods timed as the
runner calls them (the process's CPU time, ``time.process_time_ns``, garbage collector off):

* ``waiting_on``, ``legal``, ``seen``: the runner's questions before each bot decision (``seen``:
  the view as an object, the game's typed facts, its JSON made only if someone reads it);
* ``choose``: the bot reading the view and the offers, and deciding;
* ``apply`` and ``step_house``: a command, split into ``_execute`` (the adapter calling the
  game: the game's own work), ``_append`` (an entry per event: the ledger's transactions, who
  sees what, the round's edges) and the rest (parsing, the command id, the clock, the offer
  check, the command's JSON for the entry);
* ``hashes``: the record's hash chain, once at the end, timed apart (a table computes it only
  when its log is written or its head asked for: not part of the table's total, as in
  ``bench.table_stud`` and the others, whose game API side computes none).

The game's own API on the same rounds is timed whole beside it (``game API``). Each part is
the median over ``R`` runs, in milliseconds for the run and in microseconds a round; the
timers themselves add about a microsecond a call (the total is printed both ways).
"""

from __future__ import annotations

import argparse
import functools
import gc
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from bench.common import environment
from croupier.table.base import Table

GAMES = ("stud", "thirteen", "mahjong")
#: the runner's calls, timed when not made from inside another timed call
OUTER = ("waiting_on", "legal", "seen", "apply", "step_house", "hashes")
#: the parts of a command, timed inside apply / step_house
INNER = ("_execute", "_append")


def _timed(table_class: type[Table[Any]], parts: Counter[str]) -> Callable[[], None]:
    """Wrap the table's methods with timers adding into ``parts``; the function undoing it."""
    clock = time.process_time_ns
    depth = [0]
    saved: dict[str, Any] = {}

    def wrap(name: str, inner: bool) -> None:
        original = getattr(table_class, name)
        saved[name] = table_class.__dict__.get(name)

        @functools.wraps(original)
        def timed(self: Any, *args: Any, **kwargs: Any) -> Any:
            if not inner and depth[0]:
                return original(self, *args, **kwargs)
            depth[0] += 1
            start = clock()
            try:
                return original(self, *args, **kwargs)
            finally:
                parts[name] += clock() - start
                depth[0] -= 1

        setattr(table_class, name, timed)

    for name in OUTER:
        wrap(name, inner=False)
    for name in INNER:
        wrap(name, inner=True)

    def undo() -> None:
        for name, method in saved.items():
            if method is None:
                delattr(table_class, name)
            else:
                setattr(table_class, name, method)

    return undo


def _timed_bot(bot: Any, parts: Counter[str]) -> Any:
    clock = time.process_time_ns
    choose = bot.choose

    def timed(view: Any, legal: Any) -> Any:
        start = clock()
        try:
            return choose(view, legal)
        finally:
            parts["choose"] += clock() - start

    bot.choose = timed
    return bot


Sides = tuple[Callable[[], object], Callable[[], object], type[Table[Any]]]


def _sides(game: str, rounds: int, parts: Counter[str]) -> Sides:
    """(game API run, table run, the table class) for ``game``."""
    from croupier.table.runner import run_table
    from croupier.table.sources import SeededSource

    if game == "stud":
        from bench import table_stud as stud
        from croupier.games.five_card_stud.options import StudOptions
        from croupier.games.five_card_stud.table_bots import TableBot
        from croupier.table.stud import StudTable

        def stud_run() -> object:
            table = StudTable(StudOptions(), table_id="bench", source=SeededSource(stud.SEED))
            bots = {f"p{s}": _timed_bot(TableBot(stud._bot(s)), parts) for s in range(1, 7)}
            run_table(table, bots, rounds=rounds, close=False)
            return table

        return (lambda: stud.play_game(rounds, 6)), stud_run, StudTable
    if game == "thirteen":
        from bench import table_thirteen as thirteen
        from croupier.games.thirteen.options import ThirteenOptions

        banker_rule, player_rule = thirteen.POLICIES["ascending"]

        def thirteen_run() -> object:
            source = SeededSource("bench")
            table = thirteen._Table(ThirteenOptions(), table_id="bench", source=source)
            table.banker_rule = banker_rule
            bots = {
                p: _timed_bot(thirteen._Bot(position, units, player_rule), parts)
                for p, position, units in thirteen.BETS
            }
            run_table(table, bots, rounds=rounds, close=False)
            return table

        return (
            (lambda: thirteen.game_api(rounds, "bench", "ascending")),
            thirteen_run,
            thirteen._Table,
        )
    from bench import table_mahjong as mahjong
    from croupier.games.mahjong.bots import BOTS
    from croupier.games.mahjong.options import MahjongOptions
    from croupier.table.mahjong import MahjongTable

    def mahjong_run() -> object:
        table = MahjongTable(MahjongOptions(), table_id="bench", source=SeededSource("bench"))
        bots = {n: _timed_bot(BOTS["faan"](i), parts) for i, n in enumerate(mahjong.NAMES)}
        run_table(table, bots, rounds=rounds, close=False)
        return table

    return (lambda: mahjong.own_api(rounds, "faan")), mahjong_run, MahjongTable


def _cpu(fn: Callable[[], object], out: list[object] | None = None) -> float:
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        result = fn()
        spent = time.process_time() - start
        if out is not None:
            out.append(result)
        return spent
    finally:
        gc.enable()


def measure(game: str, rounds: int, repeats: int) -> dict[str, Any]:
    """The medians of ``repeats`` runs: the game API, the table untimed, the table's parts."""
    parts: Counter[str] = Counter()
    game_run, table_run, table_class = _sides(game, rounds, parts)
    game_run(), table_run()  # warm-up (memos, tables)
    plain: dict[str, list[float]] = {"game API": [], "table interface": []}
    for _ in range(repeats):
        plain["game API"].append(_cpu(game_run))
        plain["table interface"].append(_cpu(table_run))
    undo = _timed(table_class, parts)
    runs: list[Counter[str]] = []
    totals: list[float] = []
    try:
        for _ in range(repeats):
            parts.clear()
            made: list[Any] = []
            totals.append(_cpu(table_run, made))
            made[0].hashes()  # the chain, apart (timed into parts["hashes"])
            runs.append(Counter(parts))
    finally:
        undo()
    keys = ("waiting_on", "legal", "seen", "choose", "apply", "step_house", "_execute", "_append")
    median = {k: statistics.median(r[k] for r in runs) / 1e6 for k in (*keys, "hashes")}
    command = median["apply"] + median["step_house"]
    rows = {
        "waiting_on": median["waiting_on"],
        "legal (offers)": median["legal"],
        "seen (the view: typed facts, JSON if read)": median["seen"],
        "bots' choose": median["choose"],
        "command: _execute (the game)": median["_execute"],
        "command: _append (entries, ledger, visibility)": median["_append"],
        "command: the rest (parse, id, clock, offer check)": command
        - median["_execute"]
        - median["_append"],
        "hash chain (apart: only when a log is written)": median["hashes"],
    }
    return {
        "game": game,
        "rounds": rounds,
        "game_api_ms": statistics.median(plain["game API"]) * 1e3,
        "table_ms": statistics.median(plain["table interface"]) * 1e3,
        "table_timed_ms": statistics.median(totals) * 1e3,
        "parts_ms": rows,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.table_parts", description=__doc__)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--rounds", type=int, default=None, help="default: 200 / 60 / 8")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    env = environment()
    print(f"machine: {env['machine']} ({env['cores']} cores), Python {env['python']}")
    print("method: CPU time (process_time), gc off, medians of the runs; parts timed inline")
    defaults = {"stud": 200, "thirteen": 60, "mahjong": 8}
    for game in args.game or GAMES:
        rounds = args.rounds or defaults[game]
        found = measure(game, rounds, args.repeats)
        api, table = found["game_api_ms"], found["table_ms"]
        print(
            f"\n{game}, {rounds} rounds: game API {api:.1f} ms ({api * 1e3 / rounds:.0f} µs a "
            f"round), table {table:.1f} ms ({table * 1e3 / rounds:.0f} µs a round, "
            f"{table / api:.2f}x); timed: {found['table_timed_ms']:.1f} ms"
        )
        for name, ms in found["parts_ms"].items():
            share = ms / found["table_timed_ms"]
            print(f"  {name:50} {ms:8.1f} ms {ms * 1e3 / rounds:8.0f} µs/round {share:6.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
