"""The table server under load: commands/s and command round-trip (p50/p99) for N tables and M
WebSocket clients on loopback, SQLite and PostgreSQL side by side; every client checks that it
misses no event (its seqs are contiguous) and the record is audited afterwards.

Method: for each database a fresh ``croupier serve`` subprocess (bots off, no bot delay); the
accounts and sessions are made in the database beforehand with cheap argon2 parameters (login
cost is not what is measured); the tables are the table interface's toy game (the only game with
a table adapter today) with ``M / N`` seats each. Every client
subscribes and, whenever it is waited on, sends the first command offered and times it from
send to ``accepted``. After ``--seconds`` the clients stop, the server stops, and ``croupier
audit verify`` re-folds every table. Medians over ``--repeats`` runs are printed with the
machine and the Python version; the JSON report keeps every run.

    .venv/bin/python -m bench.bench_server --tables 100 --clients 500 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.common import environment, write_report

ROOT = Path(__file__).resolve().parents[1]
TOY = "toy=toy_server:ServedToyTable,toy_server:FirstOfferBot"
POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432"


def prepare(database: str, tables: int, clients: int, game: str) -> list[tuple[str, str, str]]:
    """Tables and sessions in a new database: (table, player, token) of each client."""
    from croupier.server.auth import Accounts, AuthSettings
    from croupier.server.catalog import Catalog, parse_extra_game
    from croupier.server.db import open_database
    from croupier.server.hub import Hub, HubSettings
    from croupier.server.store import EventStore

    extra = parse_extra_game(game)
    opened = open_database(database)
    store = EventStore(opened.engine)
    cheap = AuthSettings(time_cost=1, memory_cost_kib=1024, parallelism=1)
    accounts = Accounts(store, cheap)
    now = datetime.now(UTC)
    seats = -(-clients // tables)
    out: list[tuple[str, str, str]] = []

    async def open_tables() -> None:
        hub = Hub(store, Catalog({extra.name: extra}), HubSettings(bot_delay_ms=0))
        for t in range(tables):
            await hub.open_table(f"t{t}", extra.name, {"seats": max(seats, 2)}, by=None)
        await hub.stop()

    asyncio.run(open_tables())
    for c in range(clients):
        name = f"p{c}"
        accounts.create(name, "player", "bench-password", by=None, at=now)
        token = accounts.login(name, "bench-password", at=now).token
        out.append((f"t{c % tables}", name, token))
    opened.close()
    return out


async def client(
    port: int, table: str, token: str, name: str, stop_at: float, times: list[float]
) -> dict[str, Any]:
    """One player: join, then act whenever waited on; round-trip times into ``times``."""
    import websockets

    uri = f"ws://127.0.0.1:{port}/ws"
    headers = {"Authorization": f"Bearer {token}"}
    seq = 0
    gaps = 0
    sent_at: dict[str, float] = {}
    answered = -1
    async with websockets.connect(uri, additional_headers=headers, max_size=2**22) as ws:
        await ws.recv()
        await ws.send(json.dumps({"v": 1, "type": "hello", "table": table}))
        await ws.send(
            json.dumps(
                {
                    "v": 1,
                    "type": "command",
                    "table": table,
                    "command_id": "join",
                    "command": {"type": "sit", "buy_in": 100000},
                }
            )
        )
        sent_at["join"] = time.perf_counter()
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(stop_at - time.monotonic(), 0.01)
                )
            except TimeoutError:
                break
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "events":
                seqs = [e["seq"] for e in frame["events"]]
                if seqs and seqs[0] != seq + 1:
                    gaps += 1
                seq = seqs[-1] if seqs else seq
            elif kind == "view":
                seq = max(seq, frame["seq"])
                me = f"player:{name}"
                if (
                    frame["seq"] != answered
                    and frame["legal"]
                    and any(w["actor"] == me for w in frame["waiting"])
                ):
                    answered = frame["seq"]
                    cid = f"b{frame['seq']}"
                    offer = frame["legal"][0]
                    command = {"type": offer["type"]}
                    sent_at[cid] = time.perf_counter()
                    await ws.send(
                        json.dumps(
                            {
                                "v": 1,
                                "type": "command",
                                "table": table,
                                "command_id": cid,
                                "command": command,
                            }
                        )
                    )
            elif kind in ("accepted", "refused"):
                started = sent_at.pop(frame["command_id"], None)
                if started is not None and kind == "accepted":
                    times.append(time.perf_counter() - started)
    return {"seq": seq, "gaps": gaps}


async def load(port: int, clients: list[tuple[str, str, str]], seconds: float) -> dict[str, Any]:
    times: list[float] = []
    stop_at = time.monotonic() + seconds
    started = time.perf_counter()
    results = await asyncio.gather(
        *(client(port, table, token, name, stop_at, times) for table, name, token in clients)
    )
    elapsed = time.perf_counter() - started
    times.sort()
    return {
        "commands": len(times),
        "commands_per_s": len(times) / elapsed,
        "p50_ms": 1000 * times[len(times) // 2] if times else None,
        "p99_ms": 1000 * times[min(len(times) - 1, int(len(times) * 0.99))] if times else None,
        "gaps": sum(r["gaps"] for r in results),
    }


def run_once(database: str, args: argparse.Namespace) -> dict[str, Any]:
    sys.path[:0] = [str(ROOT / "tests" / "server"), str(ROOT / "tests")]
    from server_process import ServerProcess

    clients = prepare(database, args.tables, args.clients, TOY)
    server = ServerProcess(database).start()
    try:
        result = asyncio.run(load(server.port, clients, args.seconds))
    finally:
        server.stop()
    from typer.testing import CliRunner

    from croupier.cli import app

    audit = CliRunner().invoke(app, ["audit", "verify", "--database", database, "--game", TOY])
    result["audit"] = audit.output.strip()
    result["audit_ok"] = audit.exit_code == 0
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--json", type=Path, default=ROOT / "bench" / "results" / "server.json")
    args = parser.parse_args()
    env = environment(["fastapi", "uvicorn", "sqlalchemy", "psycopg", "websockets"])
    print(f"{env['machine']}, {env['cores']} cores, Python {env['python']}")
    print(f"{args.tables} tables, {args.clients} clients, {args.seconds:g} s, the toy game")
    runs: dict[str, list[dict[str, Any]]] = {"sqlite": [], "postgresql": []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.repeats):
            runs["sqlite"].append(run_once(f"sqlite:///{tmp}/bench{r}.db", args))
            if not args.no_postgres:
                name = f"croupier_bench_{uuid.uuid4().hex[:8]}"
                runs["postgresql"].append(run_once(f"{POSTGRES}/{name}", args))
                _drop(name)
    ok = True
    print(f"{'database':<12}{'commands/s':>12}{'p50 ms':>10}{'p99 ms':>10}{'gaps':>6}  audit")
    for db, results in runs.items():
        if not results:
            continue
        rate = statistics.median(r["commands_per_s"] for r in results)
        p50 = statistics.median(r["p50_ms"] or 0 for r in results)
        p99 = statistics.median(r["p99_ms"] or 0 for r in results)
        gaps = sum(r["gaps"] for r in results)
        audit_ok = all(r["audit_ok"] for r in results)
        ok = ok and gaps == 0 and audit_ok
        print(
            f"{db:<12}{rate:>12.0f}{p50:>10.1f}{p99:>10.1f}{gaps:>6}  "
            f"{'ok' if audit_ok else 'FAULT'}"
        )
    if runs["sqlite"] and runs["postgresql"]:
        ratio = statistics.median(r["commands_per_s"] for r in runs["postgresql"]) / max(
            statistics.median(r["commands_per_s"] for r in runs["sqlite"]), 1e-9
        )
        print(f"PostgreSQL / SQLite commands/s: {ratio:.2f}")
    write_report(args.json, "bench.bench_server", env, args, runs=runs)
    return 0 if ok else 1


def _drop(name: str) -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
