"""The hub's fan-out alone, in one process: the CPU it spends on every commit's frames (issue 18).

``python -m bench.bench_fanout [--rounds N] [--players P] [--observers O] [--repeat R]
[--before DIR]``

For each game the load benchmark plays (``bench/bench_server.py``), a table of ``P`` server
bots plays ``N`` rounds in this process (:func:`croupier.table.runner.run_table`, a simulated
clock, a fixed fairness key: the same hands every run); every player and ``O`` observers are
subscribed to it as the WebSocket connections of ``bench_server`` are, and after every command,
timeout and house step the hub fans out (``Hub._fan_out``: the events each actor may see, then
its view with its offers) and each frame is encoded to the JSON text a connection sends. The CPU
time of that (the fan-out and the encoding, not the play) is summed, per fan-out, per game.

The digest of every text sent, in order, is printed: two trees give the same frames only if
their digests agree. With ``--before DIR`` (a work tree of an older revision: ``git worktree
add --detach DIR main``) the same run is made from that tree too (its ``croupier`` first on
``sys.path``), ``R`` times each, alternated, and the medians compared.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("thirteen", "mahjong", "football-poker", "three-card-baccarat", "five-card-stud")
KEY = bytes(range(32))


def run_game(game: str, rounds: int, players: int, observers: int) -> dict[str, Any]:
    """One game: fan-outs made, their CPU (us each), the digest of the texts sent."""
    import asyncio

    from croupier.server.catalog import Catalog
    from croupier.server.hub import Hub, LiveTable, SharedFrame, Subscriber
    from croupier.server.store import TableRow
    from croupier.table.actor import Actor
    from croupier.table.runner import run_table
    from croupier.table.sources import FairSource

    catalog = Catalog()
    cls = catalog.table_class(game)
    source = FairSource("croupier bench t1", key=KEY, label="t1")
    table = cls(cls.options_from_dict({}), table_id="t1", source=source)
    kinds = catalog.bots(game)
    factory = next(iter(kinds.values()))
    bots = {f"p{i}": factory(i) for i in range(players)}
    hub = Hub(None, catalog)  # type: ignore[arg-type]  # the store is never used here
    row = TableRow("t1", game, {}, "", "", None)
    live = LiveTable(row, table, table.seq)
    loop = asyncio.new_event_loop()
    queues: list[asyncio.Queue[dict[str, Any]]] = []
    actors = [Actor.player(n) for n in bots] + [Actor.OBSERVER] * observers
    for actor in actors:
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        queues.append(queue)
        live.subscribers.add(Subscriber(actor, table.seq, queue))
        if actor.is_player:
            live.present[actor.name] += 1
    digest = hashlib.sha256()
    spent = 0.0
    fan_outs = 0
    sent = 0

    def on_step(_table: Any, _applied: Any) -> None:
        nonlocal spent, fan_outs, sent
        live.stored_seq = table.seq
        started = time.process_time()
        hub._fan_out(live)
        texts = []
        for queue in queues:
            while not queue.empty():
                frame = queue.get_nowait()
                if isinstance(frame, SharedFrame):
                    texts.append(frame.text())
                else:
                    texts.append(json.dumps(frame))
        spent += time.process_time() - started
        fan_outs += 1
        sent += len(texts)
        for text in texts:
            digest.update(text.encode())

    try:
        run_table(table, bots, rounds=rounds, on_step=on_step, start_at=1_700_000_000_000)
    finally:
        loop.close()
        hub._executor.shutdown()
    return {
        "fan_outs": fan_outs,
        "frames": sent,
        "us_per_fan_out": round(1e6 * spent / max(fan_outs, 1), 1),
        "cpu_s": round(spent, 3),
        "digest": digest.hexdigest()[:16],
    }


def run_all(args: argparse.Namespace) -> dict[str, Any]:
    return {g: run_game(g, args.rounds, args.players, args.observers) for g in args.games}


def child(tree: Path, args: argparse.Namespace) -> dict[str, Any]:
    """One run from ``tree`` in a child process (its ``croupier`` first on ``sys.path``)."""
    argv = [
        "--rounds", str(args.rounds), "--players", str(args.players),
        "--observers", str(args.observers), "--repeat", "1", "--once", "--games", *args.games,
    ]  # fmt: skip
    code = (
        f"import sys, runpy; sys.path.insert(0, {str(tree)!r}); "
        f"runpy.run_path({__file__!r})['main']({argv!r})"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tree, capture_output=True, text=True, check=True
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--observers", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", type=Path, help="a work tree of the revision to compare")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--once", action="store_true", help="one run here, its JSON only")
    args = parser.parse_args(argv)
    if args.once:
        print(json.dumps(run_all(args)))
        return 0
    trees = {"after": ROOT} if args.before is None else {"before": args.before, "after": ROOT}
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for _ in range(args.repeat):
        for name, tree in trees.items():
            runs[name].append(child(tree, args))
    report: dict[str, Any] = {"load": [round(x, 1) for x in os.getloadavg()]}
    for game in args.games:
        row: dict[str, Any] = {}
        for name in trees:
            row[f"{name}_us"] = statistics.median(r[game]["us_per_fan_out"] for r in runs[name])
            row[f"{name}_digest"] = runs[name][0][game]["digest"]
            row["fan_outs"] = runs[name][0][game]["fan_outs"]
        if "before" in trees:
            row["speedup"] = round(row["before_us"] / row["after_us"], 2)
            row["same_frames"] = row["before_digest"] == row["after_digest"]
        report[game] = row
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
