"""Group commit, before and after, without the rest of the server: ``--writers`` streams (tables)
each append ``--appends`` commands one after another (as a table's writer does: the next only
after the last is committed), through one transaction per append (before) or through
:class:`~croupier.server.commits.GroupCommit` (after), on the same database kind, alternately,
``--repeats`` times. Prints appends/s and the append's p50/p99 for each, as JSON lines.

    .venv/bin/python -m bench.bench_commits --writers 100 --appends 20
    .venv/bin/python -m bench.bench_commits --database postgresql+psycopg://postgres@127.0.0.1:5432
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from bench.bench_server import drop_database, new_database
from bench.loadkit import percentile


async def run(database: str, writers: int, appends: int, group: bool) -> dict[str, Any]:
    from croupier.server.commits import AppendRequest, GroupCommit
    from croupier.server.db import open_database
    from croupier.server.store import EventStore, LedgerTx

    opened = open_database(database, migrate=True)
    store = EventStore(opened.engine)
    executor = ThreadPoolExecutor(8)
    commits = GroupCommit(store, executor)
    loop = asyncio.get_running_loop()
    times: list[float] = []
    tag = "g" if group else "s"

    async def writer(w: int) -> None:
        stream = f"bench:{tag}{w}"
        for seq in range(appends):
            entries = [
                {
                    "at": 1_700_000_000_000 + seq,
                    "actor": f"player:p{w}",
                    "command_id": f"c:{seq}",
                    "event": {"type": "bet", "amount": 100, "i": i},
                }
                for i in range(3)  # a command's events: about 3 a command under load
            ]
            ledger = [LedgerTx(f"{stream}:{seq}", "bet", ((f"{stream}:p", -100), ("pot", 100)))]
            request = AppendRequest(stream, entries, seq * 3, None, f"c:{seq}", ledger)
            started = time.perf_counter()
            if group:
                await commits.append(request)
            else:
                await loop.run_in_executor(executor, partial(store.append, **request.__dict__))
            times.append(time.perf_counter() - started)

    started = time.perf_counter()
    await asyncio.gather(*(writer(w) for w in range(writers)))
    elapsed = time.perf_counter() - started
    await commits.stop()
    executor.shutdown()
    opened.close()
    return {
        "group_commit": group,
        "appends_per_s": round(len(times) / elapsed, 1),
        "p50_ms": round(1000 * (percentile(times, 0.5) or 0), 2),
        "p99_ms": round(1000 * (percentile(times, 0.99) or 0), 2),
        "commits_per_batch": round(commits.appends / commits.batches, 2) if commits.batches else 1,
        "load": round(os.getloadavg()[0], 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--database", help="a SQLite URL, or a PostgreSQL server's URL")
    parser.add_argument("--writers", type=int, default=100)
    parser.add_argument("--appends", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.repeats):
            for group in (False, True):
                database, dropped = new_database(args.database, folder)
                try:
                    result = asyncio.run(run(database, args.writers, args.appends, group))
                finally:
                    if dropped:
                        drop_database(database, dropped)
                result["database"] = database.split(":", 1)[0].split("+")[0]
                print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
