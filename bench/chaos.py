"""The fault harness: play goes on while the server is killed, the database drops its
connections, clients are dropped, delayed and stalled; at the end nothing may be lost,
doubled, shown wrongly or left hanging.

During ``--seconds`` of play (``bench/loadkit.py``'s bot clients, which reconnect with their
last seq and send an unanswered command again under its id), at random moments:

* **kill**: ``SIGKILL`` the server (no shutdown code runs) and start it again on the same port
  and database; while it is down, at every other kill (the first, the third, ...: a kill that
  finds no round in play passes it on to the next), an operator voids an interrupted round
  (:func:`croupier.server.operations.void_round`, what ``croupier table void`` runs) of a table
  picked at random, and the refund is checked: every player of the table back to his chips
  before the round (and any bought since), the books of the table agreeing;
* **database**: on PostgreSQL, cut every connection of the server's database
  (``pg_terminate_backend``, what a restart does to a client, without touching the other
  databases of the cluster); with ``--pg-restart`` restart the whole cluster
  (``pg_ctlcluster 15 main restart``: every user of it is cut, so only where nothing else uses
  it, as in CI);
* **drop**: close a client's connection under it;
* **delay**: a client stops reading for a moment (its frames wait);
* **stall**: a watching client stops reading for long: the server's queue for it is bounded
  (``--max-queued-frames``), so it is closed with 4008 and catches up when it reconnects, and
  the server's memory stays flat (sampled the whole run).

Then the faults stop and, once the last one is over (a restart done), every client plays on
``--settle`` seconds (every table must move: none stuck), the clients and the server stop, and
the checks run:
``croupier audit verify`` passes; every command a client was told was accepted is in the record
once, with the seqs it was told; no command's events are stored twice; every client's stream is
gapless and each event it got is the table's own redacted entry for it; the ledger sums to 0;
every round still in play goes on by itself (someone waited on with a deadline, a bot, or the
house's next step); every void refunded its round exactly. It prints kills survived,
reconnects, rounds voided, lost and duplicated (JSON with ``--json``) and exits 1
if a check fails.

    .venv/bin/python -m bench.chaos --seconds 60
    .venv/bin/python -m bench.chaos --seconds 60 --database postgresql+psycopg://postgres@127.0.0.1:5432
    .venv/bin/python -m bench.chaos --short        # the CI form (tests/server/test_chaos.py)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from bench.bench_server import audit, drop_database, new_database
from bench.loadkit import BENCH_FAIR_KEY, BotClient, check_record, prepare, process_rss_mb

#: at most this long past the planned end of the faults for a kill still owed (see faults())
KILL_GRACE_S = 30.0
#: how long the staller keeps coming back (the database may be restarting meanwhile)
RESUME_S = 30.0

FAULTS = ("kill", "database", "drop", "delay", "stall")


@dataclass
class Tally:
    """The faults made and survived."""

    kills: int = 0
    database_cuts: int = 0
    pg_restarts: int = 0
    drops: int = 0
    delays: int = 0
    stalls: int = 0
    #: rounds voided after a kill, and the voids whose refund check failed (why)
    voids: int = 0
    void_faults: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


def cut_connections(database: str) -> int:
    """Terminate every backend connected to ``database`` (PostgreSQL); how many."""
    import psycopg

    base, _, name = database.rpartition("/")
    admin = base.replace("postgresql+psycopg://", "postgresql://") + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        rows = connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        ).fetchall()
    return len(rows)


def restart_postgres() -> None:
    """Restart the local cluster (every user of it is cut) and wait until it answers."""
    versions = sorted(os.listdir("/etc/postgresql"), key=lambda v: [int(x) for x in v.split(".")])
    command = ["pg_ctlcluster", "--skip-systemctl-redirect", versions[-1], "main", "restart"]
    subprocess.run(command, check=True, timeout=120, capture_output=True)
    for _ in range(60):
        ready = subprocess.run(["pg_isready", "-q", "-h", "127.0.0.1", "-p", "5432"])
        if ready.returncode == 0:
            return
        time.sleep(0.5)


class Staller:
    """A watcher of every table that stops reading: the server must close it (4008, its queue
    is bounded) and serve it again when it comes back (a view, or the missed events)."""

    def __init__(self, port: int, token: str, tables: list[str]) -> None:
        self.port = port
        self.token = token
        self.tables = tables
        self.closed_code: int | None = None
        self.too_slow = False
        self.stalled_s = 0.0
        self.resumed: set[str] = set()
        #: why a coming back failed and was tried again (an error code, an exception's name)
        self.resume_errors: list[str] = []

    async def _connect(self, since: dict[str, int] | None) -> Any:
        import socket

        import websockets

        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 * 1024)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", self.port))
        ws = await websockets.connect(
            f"ws://127.0.0.1:{self.port}/ws",
            sock=sock,
            additional_headers={"Authorization": f"Bearer {self.token}"},
            max_queue=4,
            compression=None,
        )
        await ws.recv()
        for table in self.tables:
            hello: dict[str, Any] = {"v": 1, "type": "hello", "table": table}
            if since is not None:
                hello["since"] = since.get(table, 0)
            await ws.send(json.dumps(hello))
        return ws

    async def run(self, stall_s: float) -> None:
        """Connect, read a little, stop reading up to ``stall_s``, then read what is left
        and come back."""
        import websockets

        ws = await self._connect(None)
        since: dict[str, int] = {}
        for _ in range(len(self.tables)):
            frame = json.loads(await ws.recv())
            if frame["type"] == "view":
                since[frame["table"]] = frame["seq"]
        started = time.monotonic()
        while time.monotonic() - started < stall_s and ws.close_code is None:
            await asyncio.sleep(0.25)  # not reading: only the close is noticed
        self.stalled_s = time.monotonic() - started
        try:
            while True:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
                self.too_slow = self.too_slow or frame.get("code") == "too-slow"
        except (websockets.ConnectionClosed, TimeoutError):
            pass
        self.closed_code = ws.close_code
        await ws.close()
        # come back as a client does: again after a refused handshake, a dropped connection or
        # an "unavailable" answer (a database restarting), until every table is served again
        deadline = time.monotonic() + RESUME_S
        while len(self.resumed) < len(self.tables):
            try:
                ws = await self._connect(since)
                try:
                    while len(self.resumed) < len(self.tables):
                        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
                        if frame["type"] == "view":
                            self.resumed.add(frame["table"])
                        elif frame["type"] == "error":
                            self.resume_errors.append(str(frame.get("code")))
                            break
                finally:
                    await ws.close()
            except (OSError, TimeoutError, websockets.WebSocketException) as exc:
                self.resume_errors.append(type(exc).__name__)
            if len(self.resumed) < len(self.tables):
                if time.monotonic() >= deadline:
                    return
                await asyncio.sleep(0.5)


class Chaos:
    """One run: the server, the clients, the faults (see the module docstring)."""

    def __init__(self, args: argparse.Namespace, database: str) -> None:
        from server_process import ServerProcess, free_port

        self.args = args
        self.database = database
        self.rng = random.Random(args.seed)
        #: the voids' own choices (the faults' sequence stays the one ``--seed`` gives)
        self.void_rng = random.Random(args.seed + 1)
        self.port = free_port()
        self.server_class = ServerProcess
        self.server: Any = None
        self.tally = Tally()
        self.postgres = database.startswith("postgresql")
        self.clients: list[BotClient] = []
        self.rss: list[float] = []
        self.staller: Staller | None = None
        self.staller_task: asyncio.Task[None] | None = None
        #: when the clients and the sampler stop (monotonic; set once the faults are over)
        self.stop_at = math.inf

    def start_server(self) -> None:
        self.server = self.server_class(self.database, port=self.port).start(
            "--bot-delay-ms", str(self.args.bot_delay_ms),
            "--max-queued-frames", str(self.args.max_queued_frames),
        )  # fmt: skip

    async def faults(self, stop_at: float) -> None:
        """Make a fault every 1 to ``--interval`` seconds until ``stop_at``."""
        kinds = [k for k in self.args.faults.split(",") if k != "database" or self.postgres]
        rest = [k for k in kinds if k != "stall"] + ["kill"] * max(self.args.kills - 1, 0)
        self.rng.shuffle(rest)
        planned = [k for k in kinds if k == "stall"] + [k for k in rest if k in kinds]
        while True:
            await asyncio.sleep(self.rng.uniform(1.0, self.args.interval))
            now = time.monotonic()
            # a kill asked for and not yet made (the stall held it back past the planned end, on
            # a slow host) is made in a grace of KILL_GRACE_S seconds; then the faults end
            owed = "kill" in kinds and self.args.kills > 0 and self.tally.kills == 0
            if now >= stop_at and (not owed or now >= stop_at + KILL_GRACE_S):
                return
            # every kind once first (the stall first: no kill may end it early), then at random
            if now >= stop_at:
                kind = "kill"
            else:
                kind = planned.pop(0) if planned else self.rng.choice(kinds)
            stalling = self.staller_task is not None and not self.staller_task.done()
            if kind == "kill" and stalling:
                planned.append(kind)  # a kill would end the stalled connection too early
                kind = "drop"
            if kind == "kill" and self.tally.kills >= self.args.kills:
                kind = "drop"
            if kind == "stall" and self.staller_task is not None:
                kind = "delay"
            self.tally.log.append(f"{time.monotonic():.1f} {kind}")
            if kind == "kill":
                self.sample_rss()
                await asyncio.to_thread(self.server.kill)
                if self.tally.voids < (self.tally.kills + 2) // 2:
                    await asyncio.to_thread(self.void_one)
                await asyncio.sleep(self.rng.uniform(0.0, 1.0))
                await asyncio.to_thread(self.start_server)
                self.tally.kills += 1
            elif kind == "database":
                if self.args.pg_restart and self.tally.pg_restarts < 1:
                    await asyncio.to_thread(restart_postgres)
                    self.tally.pg_restarts += 1
                else:
                    await asyncio.to_thread(cut_connections, self.database)
                    self.tally.database_cuts += 1
            elif kind == "drop":
                self.rng.choice(self.clients).drop_now = True
                self.tally.drops += 1
            elif kind == "delay":
                self.rng.choice(self.clients).stall_reading = self.rng.uniform(0.2, 2.0)
                self.tally.delays += 1
            else:
                client = self.rng.choice(self.clients)
                tables = sorted({c.spec.table for c in self.clients})
                self.staller = Staller(self.port, client.spec.token, tables)
                self.staller_task = asyncio.create_task(self.staller.run(self.args.stall_seconds))
                self.tally.stalls += 1

    def void_one(self) -> None:
        """The server is down: void the round in play at a table picked at random, among those
        whose round can still be voided (its result not yet fixed; none: nothing), and check
        its refund."""
        from croupier.server.catalog import Catalog
        from croupier.server.db import open_database
        from croupier.server.operations import void_round
        from croupier.server.store import EventStore

        opened = open_database(self.database, migrate=False)
        try:
            store = EventStore(opened.engine)
            playing = [(r, t) for r in store.tables() if (t := in_play(store, r)) is not None]
            if not playing:
                self.tally.log.append("void: no round in play that can be voided")
                return
            row, table = self.void_rng.choice(playing)
            expected = chips_before_round(table)
            voided = void_round(
                store, Catalog(), row.id, by="chaos", reason="interrupted by a kill"
            )
            self.tally.voids += 1
            self.tally.log.append(f"void: {row.id} round {voided.round} {voided.refunds}")
            after = folded(store, row)
            got = {p: v for p, v in after.ledger.players().items() if v}
            if not after.rounds[-1].closed or not after.books_agree() or got != expected:
                self.tally.void_faults.append(f"{row.id}: {got} != {expected}")
        finally:
            opened.close()

    def sample_rss(self) -> None:
        if self.server is not None and self.server.process is not None:
            self.rss.append(process_rss_mb(self.server.process.pid)[0])

    async def sampler(self) -> None:
        while time.monotonic() < self.stop_at:
            self.sample_rss()
            await asyncio.sleep(0.5)

    def end_at(self, stop_at: float) -> None:
        """Make the clients and the sampler stop at ``stop_at`` (monotonic)."""
        self.stop_at = stop_at
        for client in self.clients:
            client.stop_at = stop_at

    async def play(self) -> dict[str, Any]:
        """Faults for ``--seconds``, then ``--settle`` seconds of calm play, counted from the
        end of the last fault: a kill near the end of the faults is over only once the server
        is up again (seconds later on a loaded machine); a calm counted from the faults' end
        could be over before the clients are back, their last views (a claim window whose
        deadline passed while the server was down) then looking stuck."""
        args = self.args
        start = time.monotonic()
        faults_end = start + args.seconds
        # the clients play on until the calm's end, known once the faults are over
        runs = [asyncio.create_task(c.run(math.inf, reconnect=True)) for c in self.clients]
        self.end_at(math.inf)
        sampler = asyncio.create_task(self.sampler())
        try:
            await self.faults(faults_end)
        finally:
            calm_start = time.monotonic()
            stop_at = max(faults_end, calm_start) + args.settle
            self.end_at(stop_at)
        # calm: every table must move while its people are there
        await asyncio.sleep(max(0.0, stop_at - time.monotonic() - 4))
        heads = {c.spec.table: c.seq or 0 for c in self.clients}
        moved_at = {c.spec.table: c.last_progress for c in self.clients}
        await asyncio.gather(*runs)
        await sampler
        if self.staller_task is not None:
            try:
                await self.staller_task
            except Exception as exc:  # reported: the staller's checks then fail
                self.tally.log.append(f"staller: {exc!r}")
        for client in self.clients:
            table = client.spec.table
            heads[table] = max(heads[table], client.seq or 0)
            moved_at[table] = max(moved_at[table], client.last_progress)
        # still: no event in the last 4 s; stuck: still while someone is waited on with no
        # deadline to come (a table waiting on nobody rests: whether its round can go on by
        # itself is checked on the record, by dead_rounds)
        views = last_views(self.clients)
        now_ms = time.time() * 1000
        stuck = sorted(
            t
            for t, at in moved_at.items()
            if at < stop_at - 4
            and (waits := views.get(t, {"waiting": []})["waiting"])
            and not any(w["deadline"] is not None and w["deadline"] > now_ms - 2000 for w in waits)
        )
        calm = sorted(t for t, at in moved_at.items() if at > calm_start)
        return {
            "stuck": stuck,
            "played_s": round(time.monotonic() - start, 1),
            "calm_s": round(stop_at - calm_start, 1),
            "moved_in_calm": calm,
        }


def folded(store: Any, row: Any) -> Any:
    """The table of ``row`` folded from the store."""
    from croupier.server.catalog import Catalog
    from croupier.table.sources import LiveSource

    cls = Catalog().table_class(row.game)
    return cls.replay(
        cls.options_from_dict(row.options),
        [e.line() for e in store.read(row.stream)],
        table_id=row.id,
        source=LiveSource(),
    )


def in_play(store: Any, row: Any) -> Any:
    """The table of ``row`` when a round is in play there that can still be voided (else None):
    once a round's result is fixed the void is refused (croupier/games/void.py RESULT_FIXED)
    and no dealer is offered it."""
    from croupier.table.actor import Actor

    table = folded(store, row)
    if not table.rounds or table.rounds[-1].closed:
        return None
    offers = table.legal(Actor.dealer("chaos"))
    return table if any(o.type == "void_round" for o in offers) else None


def chips_before_round(table: Any) -> dict[str, int]:
    """Each player's chips at ``table`` before its round in play opened, with the chips bought
    (or cashed out) since: what a void must leave him with."""
    from croupier.table.events import ChipsIn, ChipsOut

    first = table.rounds[-1].first_seq
    before = type(table).replay(table.options, table.entries[: first - 1], table_id=table.table_id)
    chips = dict(before.ledger.players())
    for entry in table.entries[first - 1 :]:
        if isinstance(entry.event, ChipsIn | ChipsOut):
            sign = 1 if isinstance(entry.event, ChipsIn) else -1
            chips[entry.event.player] = chips.get(entry.event.player, 0) + sign * entry.event.amount
    return {p: v for p, v in chips.items() if v}


def dead_rounds(database: str) -> tuple[list[str], list[str]]:
    """(tables with a round in play, those of them whose round cannot go on by itself): a round
    in play goes on when someone is waited on with a deadline (the rule's default then
    applies), a bot is waited on, or the house has a next step."""
    from croupier.server.catalog import Catalog
    from croupier.server.db import open_database
    from croupier.server.entries import HOUSE
    from croupier.server.store import EventStore
    from croupier.table.sources import LiveSource

    in_play, dead = [], []
    opened = open_database(database, migrate=False)
    try:
        store = EventStore(opened.engine)
        bots = {
            (str(e.event["table"]), str(e.event["name"]))
            for e in store.read_types(HOUSE, ("bot.seated",))
        }
        for row in store.tables():
            cls = Catalog().table_class(row.game)
            table = cls.replay(
                cls.options_from_dict(row.options),
                [e.line() for e in store.read(row.stream)],
                table_id=row.id,
                source=LiveSource(),
            )
            if not table.rounds or table.rounds[-1].closed:
                continue
            in_play.append(row.id)
            waits = table.waiting_on()
            if any(w.deadline is not None or (row.id, w.actor.name) in bots for w in waits):
                continue
            if not waits and table.step_house(at=table.last_at + 1) is not None:
                continue
            dead.append(row.id)
    finally:
        opened.close()
    return in_play, dead


def run(args: argparse.Namespace, database: str | None = None) -> dict[str, Any]:
    """One run on a new database (``--database``'s server), or on ``database`` as it is."""
    os.environ.setdefault("CROUPIER_FAIR_KEY", BENCH_FAIR_KEY)
    with tempfile.TemporaryDirectory() as folder:
        dropped: str | None = None
        if database is None:
            database, dropped = new_database(args.database, folder)
        try:
            plan = prepare(database, args.tables, args.clients)
            chaos = Chaos(args, database)
            chaos.clients = [
                BotClient(spec, chaos.port, seed=i, think_ms=args.think_ms)
                for i, spec in enumerate(plan.clients)
            ]
            chaos.start_server()
            played = asyncio.run(chaos.play())
            chaos.server.stop()
            in_play, dead = dead_rounds(database)
            ok, audit_text = audit(database)
            record = check_record(database, chaos.clients)
        finally:
            if dropped:
                drop_database(database, dropped)
    clients = chaos.clients
    rss = chaos.rss
    rss = [x for x in rss if x > 0]  # 0: sampled while the server was down
    settled = rss[len(rss) // 4 :] or rss
    report = {
        "database": database.split(":", 1)[0].split("+")[0],
        "tables": args.tables,
        "clients": args.clients,
        "games": plan.games,
        "missing_adapters": plan.missing,
        "seconds": args.seconds,
        "kills_survived": chaos.tally.kills,
        "database_cuts": chaos.tally.database_cuts,
        "pg_restarts": chaos.tally.pg_restarts,
        "drops": chaos.tally.drops,
        "delays": chaos.tally.delays,
        "stalls": chaos.tally.stalls,
        "rounds_voided": chaos.tally.voids,
        "void_faults": chaos.tally.void_faults,
        "stalled_closed": None
        if chaos.staller is None
        else {
            "after_s": round(chaos.staller.stalled_s, 1),
            "code": chaos.staller.closed_code,
            "too_slow": chaos.staller.too_slow,
            "resumed_tables": len(chaos.staller.resumed),
            "resume_errors": chaos.staller.resume_errors[:5],
        },
        "reconnects": sum(max(c.stats.sessions - 1, 0) for c in clients),
        "reconnect_attempts": sum(c.stats.reconnects for c in clients),
        "resent": sum(c.stats.resent for c in clients),
        "accepted": sum(c.stats.accepted for c in clients),
        "events_received": sum(c.stats.events for c in clients),
        "lost": record.lost,
        "duplicated": record.duplicated,
        "mismatched": record.mismatched,
        "gaps": sum(c.stats.gaps for c in clients),
        "repeated": sum(c.stats.repeated for c in clients),
        "resyncs": sum(c.stats.resyncs for c in clients),
        "ledger_sum": record.ledger_sum,
        "stuck_tables": played["stuck"],
        "calm_s": played["calm_s"],
        "tables_moved_in_calm": len(played["moved_in_calm"]),
        "rounds_in_play_at_end": len(in_play),
        "rounds_dead": dead,
        "audit_ok": ok,
        "audit": audit_text.splitlines()[-1] if audit_text else "",
        "server_rss_mb": {
            "first": round(rss[0], 1) if rss else None,
            "settled_min": round(min(settled), 1) if settled else None,
            "max": round(max(rss), 1) if rss else None,
            "last": round(rss[-1], 1) if rss else None,
        },
        "problems": record.problems[:5],
        "staller_failed": [line for line in chaos.tally.log if line.startswith("staller")],
        "resync_at": [(c.spec.name, c.resync_at) for c in clients if c.resync_at][:5],
        "stuck_waiting": {
            t: [w["actor"] + " " + w["what"] for w in v["waiting"]]
            for t, v in last_views(clients).items()
            if t in played["stuck"]
        },
    }
    staller = chaos.staller
    report["rss_growth_mb"] = round(rss[-1] - min(settled), 1) if rss else None
    report["ok"] = bool(
        ok
        and (
            staller is None
            or (staller.closed_code == 4008 and staller.too_slow and len(staller.resumed) > 0)
        )
        and (report["rss_growth_mb"] or 0) < args.max_rss_growth_mb
        and record.ok()
        and not report["gaps"]
        and not report["repeated"]
        and not report["stuck_tables"]
        and not dead
        and not chaos.tally.void_faults
    )
    return report


def last_views(clients: list[BotClient]) -> dict[str, dict[str, Any]]:
    """Each table's latest view any of its clients got."""
    out: dict[str, dict[str, Any]] = {}
    for client in clients:
        view = client.last_view
        if view is not None and view["seq"] >= out.get(client.spec.table, {"seq": -1})["seq"]:
            out[client.spec.table] = view
    return out


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--database", help="a SQLite URL, or a PostgreSQL server's URL")
    p.add_argument("--tables", type=int, default=6)
    p.add_argument("--clients", type=int, default=30)
    p.add_argument("--seconds", type=float, default=60.0, help="seconds of faults")
    p.add_argument("--settle", type=float, default=8.0, help="calm seconds at the end")
    p.add_argument("--interval", type=float, default=4.0, help="most seconds between faults")
    p.add_argument("--kills", type=int, default=5, help="SIGKILLs at most")
    p.add_argument("--pg-restart", action="store_true", help="restart the cluster once (CI)")
    p.add_argument("--stall-seconds", type=float, default=15.0)
    p.add_argument("--max-queued-frames", type=int, default=40)
    p.add_argument("--think-ms", type=float, default=30.0)
    p.add_argument("--bot-delay-ms", type=int, default=50)
    p.add_argument("--seed", type=int, default=21)
    p.add_argument("--max-rss-growth-mb", type=float, default=64.0)
    p.add_argument("--faults", default=",".join(FAULTS), help="the kinds of fault to make")
    p.add_argument("--short", action="store_true", help="the CI form: 20 s, 3 kills")
    p.add_argument("--json", action="store_true", help="print JSON only")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.short:
        args.seconds, args.kills, args.tables, args.clients = 24.0, 3, 4, 16
        args.stall_seconds, args.settle, args.interval = 10.0, 6.0, 3.0
    report = run(args)
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>18}: {value}")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
