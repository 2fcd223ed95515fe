"""Issue 19: a dealer's open socket follows the dealers' roster (``Connection._roster_watch``),
and its re-subscriptions never leave a table watched that should not be: the database out of
reach while the roster is read, a ``bye`` while a re-subscription is on its way, the socket
closed while the table's writer has not yet made it. (The whole path over a real server:
tests/server/test_server_access.py; here the hub is a stand-in whose ``subscribe`` registers the
subscriber in a job of the table's writer, run even when its caller stopped waiting, as
``Hub._job`` does.)"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import Any

from sqlalchemy.exc import OperationalError

from croupier.server.auth import Principal, Role, SessionKind
from croupier.server.ws import Connection
from croupier.table.actor import Actor

DEE = Principal(1, "dee", Role.DEALER, "s", SessionKind.BEARER, "c", "2099-01-01")
DEALER = Actor.dealer("dee")


class WriterHub:
    """``subscribe`` and ``unsubscribe`` as the hub's: the subscriber added by a job of the
    table's writer (held while ``hold``), whatever its caller did meanwhile."""

    def __init__(self) -> None:
        self.subscribers: dict[str, set[Any]] = {}
        self.jobs: list[tuple[str, Any, asyncio.Future[None]]] = []
        self.hold = False

    async def subscribe(self, table_id: str, subscriber: Any, person: str | None) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.jobs.append((table_id, subscriber, future))
        if not self.hold:
            self.run_jobs()
        await future

    def run_jobs(self) -> None:
        while self.jobs:
            table_id, subscriber, future = self.jobs.pop(0)
            self.subscribers.setdefault(table_id, set()).add(subscriber)
            if not future.done():
                future.set_result(None)

    def unsubscribe(self, table_id: str, subscriber: Any, person: str | None) -> None:
        self.subscribers.get(table_id, set()).discard(subscriber)


def connection(
    actor_at: Callable[[Principal, str], Awaitable[Actor]],
) -> tuple[Connection, WriterHub]:
    hub = WriterHub()
    settings = SimpleNamespace(
        roster_check_s=0.01, session_check_s=0, hub=SimpleNamespace(subscriber_queue=100)
    )
    server = SimpleNamespace(settings=settings, hub=hub, actor_at=actor_at)
    return Connection(None, server, DEE, "token"), hub  # type: ignore[arg-type]


def frames(conn: Connection) -> list[dict[str, Any]]:
    got = []
    while not conn.outbox.empty():
        got.append(conn.outbox.get_nowait())
    return got


def test_the_database_out_of_reach_while_the_roster_is_read_changes_nothing_and_is_told() -> None:
    answers = iter(["dealer", "down", "dealer"])

    async def actor_at(principal: Principal, table_id: str) -> Actor:
        if next(answers, "dealer") == "down":
            raise OperationalError("select", {}, Exception("connection refused"))
        return DEALER

    async def main() -> None:
        conn, hub = connection(actor_at)
        await conn.hello("t1", None)
        watch = asyncio.create_task(conn._roster_watch())
        await asyncio.sleep(0.1)
        assert not watch.done()  # the watch goes on
        assert [f["code"] for f in frames(conn) if f.get("type") == "error"] == ["unavailable"]
        assert conn.subscriptions["t1"].actor == DEALER and len(hub.subscribers["t1"]) == 1
        watch.cancel()

    asyncio.run(main())


def test_a_dealer_taken_off_is_subscribed_again_as_the_public_and_once() -> None:
    async def actor_at(principal: Principal, table_id: str) -> Actor:
        return Actor.OBSERVER if started else DEALER

    started = False

    async def main() -> None:
        nonlocal started
        conn, hub = connection(actor_at)
        await conn.hello("t1", None)
        started = True
        watch = asyncio.create_task(conn._roster_watch())
        await asyncio.sleep(0.1)
        watch.cancel()
        (only,) = hub.subscribers["t1"]
        assert conn.subscriptions["t1"] is only and only.actor == Actor.OBSERVER

    asyncio.run(main())


def test_a_bye_while_the_roster_is_read_is_not_undone() -> None:
    gate = None
    answers = iter(["dealer", "gate"])

    async def actor_at(principal: Principal, table_id: str) -> Actor:
        if next(answers, "public") == "gate":
            assert gate is not None
            await gate.wait()
            return Actor.OBSERVER
        return DEALER if not gate else Actor.OBSERVER

    async def main() -> None:
        nonlocal gate
        conn, hub = connection(actor_at)
        await conn.hello("t1", None)
        gate = asyncio.Event()
        watch = asyncio.create_task(conn._roster_watch())
        await asyncio.sleep(0.05)  # the watch reads the roster
        conn.bye("t1")  # the reader: {"type": "bye", "table": "t1"}
        gate.set()
        await asyncio.sleep(0.05)
        watch.cancel()
        assert "t1" not in conn.subscriptions
        assert not hub.subscribers["t1"]

    asyncio.run(main())


def test_a_bye_while_the_writer_makes_the_new_subscription_ends_it() -> None:
    async def actor_at(principal: Principal, table_id: str) -> Actor:
        return Actor.OBSERVER if hub.hold else DEALER

    async def main() -> None:
        await conn.hello("t1", None)
        hub.hold = True  # the table's writer busy a moment
        watch = asyncio.create_task(conn._roster_watch())
        await asyncio.sleep(0.05)  # the watch waits for the writer
        conn.bye("t1")
        hub.run_jobs()
        await asyncio.sleep(0.05)
        watch.cancel()
        assert "t1" not in conn.subscriptions
        assert not hub.subscribers["t1"]

    conn, hub = connection(actor_at)
    asyncio.run(main())


def test_the_socket_closed_while_the_writer_makes_the_new_subscription_ends_it() -> None:
    async def actor_at(principal: Principal, table_id: str) -> Actor:
        return Actor.OBSERVER if hub.hold else DEALER

    async def main() -> None:
        await conn.hello("t1", None)
        hub.hold = True
        watch = asyncio.create_task(conn._roster_watch())
        await asyncio.sleep(0.05)  # the watch waits for the writer
        watch.cancel()  # the socket closes: run() ends its tasks, then close() its tables
        await asyncio.gather(watch, return_exceptions=True)
        await conn.close()
        hub.run_jobs()  # the writer gets to the job
        await asyncio.sleep(0.05)
        assert not hub.subscribers["t1"], "a closed socket's subscriber left in the hub"

    conn, hub = connection(actor_at)
    asyncio.run(main())
