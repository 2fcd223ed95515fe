"""The table server under load: T tables of the real games, C WebSocket clients playing them
with bot logic against a ``croupier serve`` subprocess on loopback; commands/s, events/s, the
command round trip (p50/p95/p99), the server's memory, and what was lost or duplicated,
checked from the database afterwards against what every client was told.

Method (``bench/loadkit.py``): a new database (a SQLite file in a temporary folder, or a new
PostgreSQL database on the server of ``--database``, dropped afterwards) is made ready with the
tables spread round robin over the games whose table adapter is available, the players'
accounts and sessions, and their places (server bots fill a table that needs more players).
Then ``croupier serve`` starts (``--processes 2``: two of them on one PostgreSQL database, the
clients split between them) and every client connects, subscribes and plays whenever it is
waited on, after ``--think-ms`` (drawn between half and one and a half of it); the round trip
is timed from the command's send to its ``accepted`` or ``refused``. The clients run in this
process, on the same cores as the server. After ``--seconds`` the clients stop, the server
stops, ``croupier audit verify`` re-folds every table, and the record is checked against the
clients (lost, duplicated, every event sent equal to the table's redacted entry).

    .venv/bin/python -m bench.bench_server --tables 100 --clients 500 --seconds 30
    .venv/bin/python -m bench.bench_server --tables 100 --clients 500 --seconds 30 \\
        --database postgresql+psycopg://postgres@127.0.0.1:5432
    .venv/bin/python -m bench.bench_server --sweep 10x50,50x250,100x500 --seconds 20
    .venv/bin/python -m bench.bench_server --tables 100 --clients 500 --profile prof.svg
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

from bench.common import environment
from bench.loadkit import (
    BENCH_FAIR_KEY,
    BotClient,
    Plan,
    check_record,
    percentile,
    prepare,
    process_cpu_s,
    process_rss_mb,
)

ROOT = Path(__file__).resolve().parents[1]
POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432"


def new_database(spec: str | None, folder: str) -> tuple[str, str | None]:
    """(URL of a new, empty database, the PostgreSQL database to drop afterwards or None)."""
    if spec is None or spec.startswith("sqlite"):
        return spec or f"sqlite:///{folder}/bench-{uuid.uuid4().hex[:8]}.db", None
    base = spec.rstrip("/")
    if base.count("/") > 2:  # a database name is given: use its server
        base = base.rsplit("/", 1)[0]
    name = f"croupier_bench_{uuid.uuid4().hex[:8]}"
    return f"{base}/{name}", name


def drop_database(url: str, name: str) -> None:
    import psycopg

    admin = url.rsplit("/", 1)[0].replace("postgresql+psycopg://", "postgresql://") + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class RssSampler(threading.Thread):
    """The servers' resident memory, sampled every half second: the largest total seen."""

    def __init__(self, pids: list[int]) -> None:
        super().__init__(daemon=True)
        self.pids = pids
        self.peak = 0.0
        self.first = 0.0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            total = sum(process_rss_mb(pid)[0] for pid in self.pids)
            self.first = self.first or total
            self.peak = max(self.peak, total)
            self.done.wait(0.5)


async def drive(clients: list[BotClient], seconds: float) -> float:
    """Run every client for ``seconds``; the seconds it took.

    The clients' process runs without its garbage collector meanwhile (what it holds frozen,
    nothing collected but by reference counts): its collections paused all 500 clients at
    once, 100-300 ms for a full one, and every answer that came in meanwhile was timed late
    (measured with ``gc.callbacks``: the bursts of slow answers fell on them). The round trip
    measured is then the server's, not the load generator's housekeeping."""
    stop_at = time.monotonic() + seconds
    gc.collect()
    gc.freeze()
    gc.disable()
    started = time.perf_counter()
    try:
        results = await asyncio.gather(*(c.run(stop_at) for c in clients), return_exceptions=True)
    finally:
        gc.enable()
        gc.unfreeze()
    failed = [r for r in results if isinstance(r, BaseException)]
    if failed:
        print(f"{len(failed)} clients failed, the first: {failed[0]!r}", file=sys.stderr)
    return time.perf_counter() - started


def audit(database: str) -> tuple[bool, str]:
    command = [sys.executable, "-c", "from croupier.cli import app; app()"]
    done = subprocess.run(
        [*command, "audit", "verify", "--database", database], capture_output=True, text=True
    )
    return done.returncode == 0, (done.stdout + done.stderr).strip()


def run_once(args: argparse.Namespace, tables: int, clients: int) -> dict[str, Any]:
    from server_process import ServerProcess

    os.environ.setdefault("CROUPIER_FAIR_KEY", BENCH_FAIR_KEY)
    with tempfile.TemporaryDirectory() as folder:
        database, dropped = new_database(args.database, folder)
        try:
            plan = prepare(database, tables, clients)
            return measure(args, plan, ServerProcess)
        finally:
            if dropped:
                drop_database(database, dropped)


def scrape(url: str) -> dict[str, float]:
    """The server's /metrics: name -> value (the unlabelled samples)."""
    import urllib.request

    out: dict[str, float] = {}
    with urllib.request.urlopen(f"{url}/metrics", timeout=30) as answer:
        for line in answer.read().decode().splitlines():
            if line.startswith("croupier_") and "{" not in line:
                name, _, value = line.partition(" ")
                out[name] = float(value)
    return out


def wait_for_audit(url: str, timeout: float = 120.0) -> None:
    """Wait until the server's start-up ``audit verify`` (it re-folds every table in the
    background) is done, so that its CPU is not counted against the commands measured."""
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=10) as answer:
                status = json.loads(answer.read()).get("audit", {}).get("status")
        except urllib.error.HTTPError as exc:  # 503: degraded, still a health answer
            status = json.loads(exc.read()).get("audit", {}).get("status")
        if status not in (None, "running"):
            return
        time.sleep(0.2)


def measure(args: argparse.Namespace, plan: Plan, server_class: Any) -> dict[str, Any]:
    extra = ("--bot-delay-ms", str(args.bot_delay_ms), *args.serve_arg)
    servers = [server_class(plan.database).start(*extra) for _ in range(args.processes)]
    for server in servers:
        wait_for_audit(server.url)
    profiler = None
    if args.profile:
        profiler = subprocess.Popen(
            [str(Path(sys.executable).parent / "py-spy"), "record", "-o", str(args.profile),
             "-p", str(servers[0].process.pid),
             "-d", str(int(args.seconds)), "-r", "50", "--nonblocking", "--gil",
             *_profile_format(args.profile)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
    sampler = RssSampler([s.process.pid for s in servers])
    sampler.start()
    bots = [
        BotClient(
            spec,
            servers[i % len(servers)].port,
            seed=i,
            think_ms=args.think_ms,
            compression=not args.no_compression,
        )
        for i, spec in enumerate(plan.clients)
    ]
    load_before = os.getloadavg()[0]
    cpu_before = [process_cpu_s(s.process.pid) for s in servers]
    client_before = time.process_time()
    started = time.monotonic()
    try:
        elapsed = asyncio.run(drive(bots, args.seconds))
        server_cpu = sum(
            process_cpu_s(s.process.pid) - b for s, b in zip(servers, cpu_before, strict=True)
        )
        client_cpu = time.process_time() - client_before
        metrics = [scrape(s.url) for s in servers]
    finally:
        sampler.done.set()
        for server in servers:
            server.stop()
        if profiler is not None:
            profiler.wait(60)
    ok, audit_text = audit(plan.database)
    record = check_record(plan.database, bots)
    latencies = [x for b in bots for x in b.stats.latencies]
    accepted = sum(b.stats.accepted for b in bots)

    def ms(q: float) -> float | None:
        value = percentile(latencies, q)
        return None if value is None else round(1000 * value, 2)

    return {
        "tables": len(plan.tables),
        "clients": len(plan.clients),
        "seated": sum(1 for c in plan.clients if c.seated),
        "games": plan.games,
        "missing_adapters": plan.missing,
        "server_bots": sum(plan.bots.values()),
        "processes": args.processes,
        "database": plan.database.split(":", 1)[0].split("+")[0],
        "seconds": round(elapsed, 2),
        "think_ms": args.think_ms,
        "serve_args": args.serve_arg,
        "compression": not args.no_compression,
        "sent": sum(b.stats.sent for b in bots),
        "accepted": accepted,
        "refused": sum(b.stats.refused for b in bots),
        "commands_per_s": round(accepted / elapsed, 1),
        "events_per_s": round(sum(b.stats.events for b in bots) / elapsed, 1),
        "stored_events": record.events,
        "p50_ms": ms(0.50),
        "p95_ms": ms(0.95),
        "p99_ms": ms(0.99),
        "max_ms": ms(1.0),
        # answers over 50 ms in each second of the run that had any: {second: count}
        "slow_by_second": dict(
            sorted(Counter(int(t - started) for b in bots for t in b.stats.slow).items())
        ),
        "server_rss_mb": round(sampler.peak, 1),
        "machine_load": [round(load_before, 1), round(os.getloadavg()[0], 1)],
        "server_cpu_s": round(server_cpu, 1),
        # the server's process CPU time (every thread) per accepted command: steadier than
        # the latencies on a shared host
        "server_cpu_ms_per_command": round(1000 * server_cpu / accepted, 2) if accepted else None,
        "commit_ms_mean": _ratio(
            metrics, "croupier_commit_seconds_sum", "croupier_commit_seconds_count", 1000
        ),
        "commits_per_batch": _ratio(
            metrics, "croupier_commit_appends_total", "croupier_commit_batches_total", 1
        ),
        "client_cpu_s": round(client_cpu, 1),
        # tables that stood still with nothing scheduled, moved by the watchdog (0 expected)
        "watchdog_wakes": int(sum(m.get("croupier_watchdog_wakes_total", 0.0) for m in metrics)),
        "lost": record.lost,
        "duplicated": record.duplicated,
        "mismatched": record.mismatched,
        "gaps": sum(b.stats.gaps for b in bots),
        "resyncs": sum(b.stats.resyncs for b in bots),
        "ledger_sum": record.ledger_sum,
        "audit_ok": ok,
        "audit": audit_text.splitlines()[-1] if audit_text else "",
        "problems": record.problems[:5],
        # every game plays under load (the banking games too): accepted commands by game
        "accepted_by_game": {
            game: sum(b.stats.accepted for b in bots if b.spec.game == game) for game in plan.games
        },
    }


def _profile_format(path: Path) -> list[str]:
    """py-spy's output format for ``path``: speedscope (.json), collapsed stacks (.txt, one
    line a stack with its count: ``sort -k2`` or flamegraph.pl read it), else an SVG."""
    if path.suffix == ".json":
        return ["-f", "speedscope"]
    if path.suffix == ".txt":
        return ["-f", "raw"]
    return []


def _ratio(metrics: list[dict[str, float]], top: str, bottom: str, scale: float) -> float | None:
    high = sum(m.get(top, 0.0) for m in metrics)
    low = sum(m.get(bottom, 0.0) for m in metrics)
    return round(scale * high / low, 2) if low else None


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--database", help="a SQLite URL, or a PostgreSQL server's URL")
    parser.add_argument("--processes", type=int, default=1, help="servers (PostgreSQL only)")
    parser.add_argument("--think-ms", type=float, default=0.0, help="a client's pause to act")
    parser.add_argument("--bot-delay-ms", type=int, default=0, help="the server bots' pause")
    parser.add_argument(
        "--no-compression", action="store_true", help="clients offer no permessage-deflate"
    )
    parser.add_argument(
        "--serve-arg",
        action="append",
        default=[],
        help="an argument for croupier serve (repeatable): --serve-arg=--no-group-commit",
    )
    parser.add_argument("--sweep", help="TxC,TxC,...: one run per point (tables x clients)")
    parser.add_argument("--profile", type=Path, help="py-spy the first server into this file")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser_ = parser()
    args = parser_.parse_args(argv)
    if args.processes > 1 and not (args.database or "").startswith("postgresql"):
        parser_.error("--processes 2 needs --database postgresql+psycopg://...")
    points = [(args.tables, args.clients)]
    if args.sweep:
        points = [tuple(int(x) for x in p.split("x")) for p in args.sweep.split(",")]  # type: ignore[misc]
    env = environment(["fastapi", "uvicorn", "sqlalchemy", "psycopg", "websockets", "orjson"])
    runs = [run_once(args, tables, clients) for tables, clients in points]
    ok = all(r["audit_ok"] and not r["lost"] and not r["duplicated"] for r in runs)
    if args.json:
        print(json.dumps(runs[0] if len(runs) == 1 else {"environment": env, "runs": runs}))
        return 0 if ok else 1
    print(f"{env['machine']}, {env['cores']} cores, Python {env['python']}")
    for r in runs:
        print(json.dumps(r))
    return 0 if ok else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
