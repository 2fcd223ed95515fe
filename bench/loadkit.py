"""What the load benchmark and the fault harness share: a database made ready for a run, the
bot clients that play over the WebSocket, and the checks of the record against what every
client was told (``bench/bench_server.py``, ``bench/chaos.py``, ``tests/server/test_chaos.py``).

A **plan** is a new database with ``T`` tables spread over the games whose table adapter is
available (round robin in registry order), the accounts of ``C`` players with their sessions,
and each player seated at his table while it has a place (the others watch: their
connection still takes every frame of the table). A table whose game needs more players than
it has clients gets server bots for the rest. The accounts are made with cheap argon2
parameters: a login's cost is not what is measured.

A :class:`BotClient` is one person: it connects with its bearer token, says ``hello`` with the
last seq it saw, and whenever a ``view`` waits on it, picks one of its offers at random (never
``leave`` or ``stand``) with values from the offer's domains, after ``think_ms``. It times each
command from its send to its answer, keeps every event it was sent (by seq), checks its stream
is gapless, and reconnects after a drop.

:func:`check_record` folds every table from the database and checks: every accepted command is
stored once with the seqs the client was told (else *lost*), no command's events are stored
twice (*duplicated*), every event a client was sent is, at its seq, exactly the entry the table
shows that client (``Table.events_for``), and the ledger sums to zero.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import socket
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[1]
#: the server-process helper of the tests (tests/server/server_process.py)
for _path in (ROOT / "tests" / "server", ROOT / "tests"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

__all__ = [
    "NEED",
    "BotClient",
    "ClientSpec",
    "Plan",
    "RecordCheck",
    "check_record",
    "percentile",
    "prepare",
    "process_cpu_s",
    "process_rss_mb",
]

#: players a table of each game needs to play (server bots make up the rest)
NEED = {
    "thirteen": 1,
    "mahjong": 4,
    "five-card-stud": 2,
    "football-poker": 1,
    "three-card-baccarat": 1,
}
#: offers a bot client never takes (it stays at its table)
NEVER = frozenset({"leave", "stand"})
#: offers it takes only when nothing else is offered (waited on to top up its chips)
LAST = frozenset({"top_up", "buy_in"})
#: each player's deposit before the run (smallest units)
BANKROLL = 1_000_000_000
#: a fixed fairness key, so a restarted server derives the same seeds (bench only)
BENCH_FAIR_KEY = "be" * 32


@dataclass(frozen=True)
class ClientSpec:
    """One bot client: its table, account and session token, and whether it has a place."""

    table: str
    game: str
    name: str
    token: str
    seated: bool


@dataclass
class Plan:
    """A database made ready: the tables (id -> game), the bots per table, the clients."""

    database: str
    tables: dict[str, str]
    bots: dict[str, int]
    clients: list[ClientSpec]
    games: list[str]
    missing: list[str]


def available_games() -> tuple[list[str], list[str]]:
    """(the registry's games whose adapter loads here, those whose adapter does not)."""
    from croupier.server.catalog import Catalog

    catalog = Catalog()
    games = catalog.available()
    return games, [g for g in catalog.names() if g not in games]


def prepare(
    database: str, tables: int, clients: int, *, games: Iterable[str] | None = None
) -> Plan:
    """Tables, accounts and seats in a new database (see the module docstring)."""
    from croupier.server.auth import Accounts, AuthSettings
    from croupier.server.cashier import Cashier
    from croupier.server.catalog import Catalog
    from croupier.server.db import open_database
    from croupier.server.hub import Hub, HubSettings
    from croupier.server.store import EventStore

    found, missing = available_games()
    chosen = [g for g in (games or found) if g in found]
    opened = open_database(database, migrate=True)
    store = EventStore(opened.engine)
    accounts = Accounts(store, AuthSettings(time_cost=1, memory_cost_kib=1024, parallelism=1))
    now = datetime.now(UTC)
    table_game = {f"t{t}": chosen[t % len(chosen)] for t in range(tables)}
    members: dict[str, list[str]] = {t: [] for t in table_game}
    for c in range(clients):
        members[f"t{c % tables}"].append(f"p{c}")
    seated: set[str] = set()
    bots: dict[str, int] = {}

    async def open_all() -> None:
        hub = Hub(store, Catalog(), HubSettings(bot_delay_ms=0))
        try:
            for table, game in table_game.items():
                kinds = list(hub.catalog.bots(game))
                need = max(NEED.get(game, 1) - len(members[table]), 0)
                bots[table] = need if kinds else 0
                names = {f"bot-{i + 1}": kinds[0] for i in range(bots[table])}
                await hub.open_table(table, game, {}, by=None, bots=names)
                # the bots take their places first (the writer's first job), then the people
                for name in members[table]:
                    if (await hub.join(table, name)).accepted:
                        seated.add(name)
        finally:
            await hub.stop()

    cashier = Cashier(store)
    for c in range(clients):
        accounts.create(f"p{c}", "player", "bench-password", by=None, at=now)
        # a buy-in comes from the player's wallet (issue 19): money for the whole run
        cashier.deposit(f"p{c}", BANKROLL, key=f"bench-p{c}", by="bench", at=now)
    asyncio.run(open_all())
    specs = []
    for c in range(clients):
        name = f"p{c}"
        table = f"t{c % tables}"
        token = accounts.login(name, "bench-password", at=now).token
        specs.append(ClientSpec(table, table_game[table], name, token, name in seated))
    opened.close()
    return Plan(database, table_game, bots, specs, chosen, missing)


def choose(offer: dict[str, Any], rng: random.Random, *, ordered: bool = False) -> dict[str, Any]:
    """A command ``offer`` admits, from its JSON form, with values drawn by ``rng`` (amounts
    near the least, so a player's chips last; ``ordered``: cards split in rank order)."""
    command: dict[str, Any] = {"type": offer["type"]}
    for name, domain in offer.items():
        if name in ("type", "label"):
            continue
        if "is" in domain:
            command[name] = domain["is"]
        elif "one_of" in domain:
            command[name] = rng.choice(domain["one_of"])
        elif "min" in domain:
            low, high = domain["min"], domain["max"]
            command[name] = min(high, low + rng.randrange(max(1, min(high - low, low) + 1)))
        elif "text" in domain:
            command[name] = "ok"
        elif "split" in domain:
            cards = list(domain["split"])
            if ordered:  # lowest first: the last (biggest) group gets the best cards
                cards.sort(key=lambda c: "23456789TJQKA".find(c[0]))
            else:
                rng.shuffle(cards)
            groups, start = [], 0
            for size in domain["sizes"]:
                groups.append(cards[start : start + size])
                start += size
            command[name] = groups
        else:
            raise ValueError(f"no value for {name}: {domain}")
    return command


@dataclass
class ClientStats:
    sent: int = 0
    accepted: int = 0
    refused: int = 0
    errors: int = 0
    events: int = 0
    gaps: int = 0
    repeated: int = 0
    reconnects: int = 0
    sessions: int = 0
    resent: int = 0
    resyncs: int = 0
    too_slow: int = 0
    latencies: list[float] = field(default_factory=list)
    #: when (time.monotonic()) each answer slower than SLOW_S came back
    slow: list[float] = field(default_factory=list)


#: an answer slower than this is recorded with its time (``ClientStats.slow``): whether the tail is
#: spread over the run or comes in bursts (a pause of the server, a checkpoint of the database)
SLOW_S = 0.05


class BotClient:
    """One person over the WebSocket (see the module docstring)."""

    def __init__(
        self,
        spec: ClientSpec,
        port: int,
        *,
        seed: int,
        think_ms: float = 0.0,
        compression: bool = True,
    ) -> None:
        self.spec = spec
        self.port = port
        self.rng = random.Random(seed)
        self.think = think_ms / 1000
        #: offer permessage-deflate, as browsers do (the server then compresses every frame)
        self.compression = compression
        #: offer permessage-deflate, as browsers do (the server then compresses every frame)
        self.compression = compression
        self.me = f"player:{spec.name}"
        self.seq: int | None = None  # the last seq seen (None: none yet, a view first)
        self.events: dict[int, dict[str, Any]] = {}  # seq -> the entry as sent
        self.accepted: dict[str, tuple[int, int]] = {}  # command id -> (first, last seq)
        self.stats = ClientStats()
        self.last_progress = time.monotonic()
        self.stall_reading = 0.0  # > 0: stop reading for this many seconds (chaos)
        self.drop_now = False  # chaos: drop the connection at the next frame
        self._answered = -1
        #: command id -> (sent at, frame): unanswered commands, sent again after a reconnect
        self._pending: dict[str, tuple[float, str]] = {}
        self._counter = 0
        self.last_view: dict[str, Any] | None = None
        self._tries = 0
        self._answered_view = -1
        self.last_error = ""
        self.resync_at: list[tuple[int, int]] = []
        #: when :meth:`run` stops (monotonic); the fault harness moves it so that the calm
        #: play at the end starts after its last fault (a restart) is over
        self.stop_at = 0.0

    async def run(self, stop_at: float, *, reconnect: bool = False) -> None:
        """Play until ``stop_at`` (monotonic; :attr:`stop_at` may be moved while it runs); with
        ``reconnect``, come back after any drop (else a drop ends the client with its error)."""
        self.stop_at = stop_at
        while time.monotonic() < self.stop_at:
            try:
                await self._session()
            except Exception as exc:  # websockets' ConnectionClosed, refused, reset, ...
                if not reconnect:
                    raise
                self.last_error = f"{type(exc).__name__}: {exc}"
            if not reconnect or time.monotonic() >= self.stop_at:
                return
            self.stats.reconnects += 1  # attempts; sessions - 1 succeeded
            await asyncio.sleep(0.05 + self.rng.random() * 0.25)

    async def _session(self) -> None:
        import websockets

        uri = f"ws://127.0.0.1:{self.port}/ws"
        headers = {"Authorization": f"Bearer {self.spec.token}"}
        # a small receive buffer: a client that stops reading is soon seen as one by the server
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 32 * 1024)
        sock.setblocking(False)
        try:
            await asyncio.wait_for(
                asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", self.port)), 10
            )
        except BaseException:
            sock.close()
            raise
        async with websockets.connect(
            uri,
            sock=sock,
            additional_headers=headers,
            max_size=2**23,
            open_timeout=10,
            max_queue=64,  # a client that does not read stops reading the socket
            compression="deflate" if self.compression else None,
        ) as ws:
            self._answered = -1  # an answer lost with the connection is sent again
            welcome = orjson.loads(await asyncio.wait_for(ws.recv(), 10))
            assert welcome["type"] == "welcome", welcome
            self.stats.sessions += 1
            hello: dict[str, Any] = {"v": 1, "type": "hello", "table": self.spec.table}
            if self.seq is not None:
                hello["since"] = self.seq
            await ws.send(orjson.dumps(hello).decode())
            for _, text in list(self._pending.values()):  # answers lost with the connection:
                self.stats.resent += 1  # the same command under the same id
                await ws.send(text)
            while True:
                left = self.stop_at - time.monotonic()
                if left <= 0:
                    return
                if self.stall_reading > 0:
                    stall, self.stall_reading = self.stall_reading, 0.0
                    await asyncio.sleep(stall)
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=min(left, 1.0))
                except TimeoutError:
                    continue
                await self._handle(ws, orjson.loads(raw))
                if self.drop_now:
                    self.drop_now = False
                    return

    async def _handle(self, ws: Any, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "events":
            for entry in frame["events"]:
                seq = entry["seq"]
                if seq in self.events:
                    self.stats.repeated += 1
                elif self.seq is not None and seq != self.seq + 1:
                    self.stats.gaps += 1
                self.events[seq] = entry
                self.seq = seq
                self.stats.events += 1
            self.last_progress = time.monotonic()
        elif kind == "view":
            if self.seq is not None and frame["seq"] > self.seq:
                # too far behind: a view instead of the events; the missed ones from REST
                self.stats.resyncs += 1
                self.resync_at.append((self.seq, frame["seq"]))
                await self._refill(self.seq, frame["seq"])
            self.seq = max(self.seq or 0, frame["seq"])
            self.last_view = frame
            if not self._pending:  # one command at a time (its answer may come before its view)
                await self._maybe_act(ws)
        elif kind in ("accepted", "refused"):
            pending = self._pending.pop(frame["command_id"], None)
            if pending is not None:
                latency = time.perf_counter() - pending[0]
                self.stats.latencies.append(latency)
                if latency > SLOW_S:
                    self.stats.slow.append(time.monotonic())
            if kind == "accepted":
                self.stats.accepted += 1
                self.accepted[frame["command_id"]] = (frame["first_seq"], frame["seq"])
            else:
                self.stats.refused += 1
                # refused (a value the rules refuse here): another offer of the same view, a
                # few times
                if self._tries < 6:
                    self._tries += 1
                    self._answered = -1
            if not self._pending:
                await self._maybe_act(ws)
        elif kind == "error":
            self.stats.errors += 1
            if frame.get("code") == "too-slow":
                self.stats.too_slow += 1
            elif frame.get("code") == "unavailable":  # the database out of reach: come back
                await asyncio.sleep(0.25)  # a little later, as a fresh session (hello again)
                self.drop_now = True

    async def _refill(self, since: int, upto: int) -> None:
        """The events after ``since`` up to ``upto`` from ``GET /api/tables/T/events``."""
        import urllib.request

        url = f"http://127.0.0.1:{self.port}/api/tables/{self.spec.table}/events?since={since}"
        request = urllib.request.Request(
            url, headers={"Authorization": f"Bearer {self.spec.token}"}
        )

        def fetch() -> list[dict[str, Any]]:
            with urllib.request.urlopen(request, timeout=30) as answer:
                events: list[dict[str, Any]] = orjson.loads(answer.read())["events"]
                return events

        for entry in await asyncio.to_thread(fetch):
            seq = entry["seq"]
            if seq > upto:
                break
            if seq != since + 1:
                self.stats.gaps += 1
            self.events[seq] = entry
            self.stats.events += 1
            since = seq

    async def _maybe_act(self, ws: Any) -> None:
        """Act on the latest view if it waits on this client and was not answered yet."""
        view = self.last_view
        if view is None or view["seq"] == self._answered or not view["legal"]:
            return
        if not any(w["actor"] == self.me for w in view["waiting"]):
            return
        if view["seq"] != self._answered_view:
            self._tries = 0
        self._answered = self._answered_view = view["seq"]
        await self._act(ws, view)

    async def _act(self, ws: Any, view: dict[str, Any]) -> None:
        allowed = [o for o in view["legal"] if o["type"] not in NEVER]
        offers = [o for o in allowed if o["type"] not in LAST] or allowed
        if not offers:
            return
        command = choose(self.rng.choice(offers), self.rng, ordered=self._tries >= 2)
        if self.think > 0:
            await asyncio.sleep(self.think * (0.5 + self.rng.random()))
        self._counter += 1
        command_id = f"{view['seq']}-{self._counter}"
        frame = {
            "v": 1,
            "type": "command",
            "table": self.spec.table,
            "command_id": command_id,
            "command": command,
        }
        text = orjson.dumps(frame).decode()
        self._pending[command_id] = (time.perf_counter(), text)
        self.stats.sent += 1
        await ws.send(text)


def percentile(values: list[float], q: float) -> float | None:
    """The ``q`` quantile (0..1) of ``values`` by the nearest rank, or None when empty.

    >>> percentile([4.0, 1.0, 3.0, 2.0], 0.5)
    2.0
    """
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 1))
    return ordered[min(len(ordered), int(rank)) - 1]


def process_rss_mb(pid: int) -> tuple[float, float]:
    """(resident, peak resident) MiB of process ``pid`` (Linux /proc), (0, 0) if unknown."""
    now = peak = 0.0
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                now = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
    return now, peak


def process_cpu_s(pid: int) -> float:
    """The CPU seconds (user + system) process ``pid`` has used (Linux /proc), 0 if unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class RecordCheck:
    """What :func:`check_record` found."""

    events: int = 0
    commands: int = 0
    lost: int = 0
    duplicated: int = 0
    mismatched: int = 0
    ledger_sum: int = 0
    open_rounds: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.mismatched or self.ledger_sum)


def check_record(database: str, clients: Iterable[BotClient], *, limit: int = 20) -> RecordCheck:
    """Check the record against what every client was told (see the module docstring)."""
    from sqlalchemy import func, select

    from croupier.server import schema
    from croupier.server.catalog import Catalog
    from croupier.server.db import open_database
    from croupier.server.store import EventStore
    from croupier.table.actor import Actor
    from croupier.table.sources import LiveSource

    out = RecordCheck()

    def problem(text: str) -> None:
        if len(out.problems) < limit:
            out.problems.append(text)

    by_table: dict[str, list[BotClient]] = {}
    for client in clients:
        by_table.setdefault(client.spec.table, []).append(client)
    opened = open_database(database, migrate=False)
    try:
        store = EventStore(opened.engine)
        catalog = Catalog()
        for row in store.tables():
            stored = store.read(row.stream)
            out.events += len(stored)
            with store.reading() as connection:
                spans = {
                    r.command_id: (r.first_seq, r.last_seq)
                    for r in connection.execute(
                        select(schema.commands).where(schema.commands.c.stream == row.stream)
                    )
                }
            out.commands += len(spans)
            # every command's events lie once, where its row says, and nowhere else
            seen: dict[str, list[int]] = {}
            for event in stored:
                if event.command_id is not None:
                    seen.setdefault(event.command_id, []).append(event.seq)
            for command_id, seqs in seen.items():
                span = spans.get(command_id)
                if span is not None and seqs != list(range(span[0], span[1] + 1)):
                    out.duplicated += 1
                    problem(f"{row.id}: {command_id} stored at {seqs}, its row says {span}")
            cls = catalog.table_class(row.game)
            table = cls.replay(
                cls.options_from_dict(row.options),
                [e.line() for e in stored],
                table_id=row.id,
                source=LiveSource(),
            )
            if table.rounds and not table.rounds[-1].closed:
                out.open_rounds.append(row.id)
            for client in by_table.get(row.id, []):
                name = client.spec.name
                for command_id, (first, last) in client.accepted.items():
                    span = spans.get(f"c:{name}:{command_id}")
                    if span is None:
                        out.lost += 1
                        problem(f"{row.id}: {name}'s accepted {command_id} is not stored")
                    elif span != (first, last):
                        out.lost += 1
                        problem(f"{row.id}: {name}'s {command_id} told {first}..{last}, is {span}")
                if not client.events:
                    continue
                shown = table.events_for(Actor.player(name), 0)
                for seq, entry in client.events.items():
                    if seq > len(shown):
                        out.lost += 1
                        problem(f"{row.id}: {name} was sent seq {seq}, not in the record")
                    elif shown[seq - 1] != entry:
                        out.mismatched += 1
                        problem(f"{row.id}: {name} at seq {seq}: {entry} != {shown[seq - 1]}")
        with store.reading() as connection:
            total = connection.execute(select(func.sum(schema.ledger_entries.c.amount))).scalar()
        out.ledger_sum = int(total or 0)
    finally:
        opened.close()
    return out
