"""The WebSocket fan-out's promises (no entry lost or duplicated across reconnects,
across two server processes; nothing shown that is not committed)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from funding import fund
from test_server_hub import ANA, Clock, run
from toy_server import CATALOG

from croupier.server.db import open_database
from croupier.server.hub import Hub, HubSettings, Subscriber
from croupier.server.store import EventStore
from croupier.table import Actor


def drain(queue: asyncio.Queue[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    while not queue.empty():
        out.append(queue.get_nowait())
    return out


def client_log(frames: list[dict[str, Any]], since: int) -> tuple[list[int], int]:
    """What a client that follows the protocol makes of ``frames`` up to the overflow marker:
    the seqs it was given, and its last seq (the one it reconnects with)."""
    seqs, last = [], since
    for frame in frames:
        if frame.get("type") == "overflow":  # the writer sends too-slow and closes here
            break
        if frame["type"] == "events":
            seqs += [e["seq"] for e in frame["events"]]
            last = frame["seq"]
        elif frame["type"] == "view":
            last = max(last, frame["seq"])
    return seqs, last


def test_a_slow_connection_loses_no_entry_across_its_reconnect(database_url: str) -> None:
    """A connection whose queue overflows is closed (4008) and reconnects with its last seq:
    what it got before the close plus what the reconnect gives must be every entry. The
    overflow drops the OLDEST queued frame (an events frame) and still delivers the newer
    ones, so the client's last seq jumps past entries it never got."""

    async def body(hub: Hub, clock: Clock) -> None:
        await hub.open_table("t1", "toy", {}, by="admin")
        for i in range(3):
            await asyncio.to_thread(fund, hub.store, f"p{i}")
        await hub.submit("t1", Actor.player("p0"), {"type": "sit", "buy_in": 100}, "s")
        outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue(3)  # subscriber_queue, small
        sub = Subscriber(ANA, 0, outbox)
        await hub.subscribe("t1", sub, None)  # [events 1, view 1]
        for name in ("p1", "p2"):
            await hub.submit("t1", Actor.player(name), {"type": "sit", "buy_in": 100}, "s")
            await asyncio.sleep(0.05)  # its fan-out: [events n, view n]
        assert sub.overflowed
        seqs, last = client_log(drain(outbox), 0)
        # the reconnect: hello with ``last``
        again = Subscriber(ANA, last, asyncio.Queue())
        await hub.subscribe("t1", again, None)
        more, _ = client_log(drain(again.queue), last)
        head = hub.tables["t1"].stored_seq
        assert sorted(seqs + more) == list(range(1, head + 1)), (seqs, last, more)

    run(database_url, body)


def test_a_reconnect_to_a_process_behind_gets_no_entry_twice(database_url: str) -> None:
    """Two processes on one database: a client saw seq 2 on process A and reconnects to B,
    which has not folded A's last commits yet (its listener is a moment behind). B treats the
    client's seq as 'ahead of the record' and resets it, then pushes seqs 1..2 again when it
    folds A's commits."""

    async def main() -> None:
        database = open_database(database_url)
        store = EventStore(database.engine)
        fund(store, "p0")
        fund(store, "p1")
        a = Hub(store, CATALOG, HubSettings(bot_delay_ms=0, watchdog_s=0), clock=Clock())
        b = Hub(store, CATALOG, HubSettings(bot_delay_ms=0, watchdog_s=0), clock=Clock())
        try:
            await a.start()
            await b.start()
            await a.open_table("t1", "toy", {}, by="admin")
            await b.discover()
            for name in ("p0", "p1"):
                outcome = await a.submit(
                    "t1", Actor.player(name), {"type": "sit", "buy_in": 100}, "s"
                )
                assert outcome.accepted
            assert a.tables["t1"].stored_seq == 2
            sub = Subscriber(ANA, 2, asyncio.Queue())  # the client's last seq, from A
            await b.subscribe("t1", sub, None)
            await b.refresh("t1")  # B's listener gets A's notification
            await b.read("t1", lambda live: None)
            seqs = [
                e["seq"] for f in drain(sub.queue) if f["type"] == "events" for e in f["events"]
            ]
            assert all(s > 2 for s in seqs), f"entries pushed again after since=2: {seqs}"
        finally:
            await a.stop()
            await b.stop()
            database.close()

    asyncio.run(main())


def test_nothing_uncommitted_is_shown_while_the_store_is_out_of_reach(
    database_url: str, monkeypatch: Any
) -> None:
    """A commit fails with an unknown outcome and the store cannot be read back: the table is
    left ``stale`` with the applied-but-uncommitted entries in memory, and the reads and the
    view frames (a subscriber arriving, REST's state) are made from that table."""
    import croupier.server.hub as hub_module

    monkeypatch.setattr(hub_module, "MAX_RETRIES", 1)

    async def body(hub: Hub, clock: Clock) -> None:
        await hub.open_table("t1", "toy", {}, by="admin")
        await asyncio.to_thread(fund, hub.store, "p0")

        async def down(*args: Any, **kwargs: Any) -> Any:
            raise ConnectionError("server closed the connection unexpectedly")

        def read_down(*args: Any, **kwargs: Any) -> Any:
            raise ConnectionError("server closed the connection unexpectedly")

        monkeypatch.setattr(hub.commits, "append", down)
        monkeypatch.setattr(hub.store, "read", read_down)
        outcome = await hub.submit("t1", Actor.player("p0"), {"type": "sit", "buy_in": 100}, "s")
        assert not outcome.accepted  # never committed, and the player is told so
        live = hub.tables["t1"]
        assert live.stale and live.stored_seq == 0
        from croupier.server.db import RecordUnavailable

        shown = []  # a read is refused instead, as the database out of reach is (503, retry)
        sub = Subscriber(Actor.OBSERVER, None, asyncio.Queue())
        with pytest.raises(RecordUnavailable):
            await hub.subscribe("t1", sub, None)
        with pytest.raises(RecordUnavailable):
            shown.append(await hub.view("t1", Actor.OBSERVER))
        shown += [f for f in drain(sub.queue) if f["type"] == "view"]
        for frame in shown:
            assert frame["seq"] == 0
            assert "p0" not in str(frame["view"]), f"an uncommitted sit is shown: {frame}"

    run(database_url, body)


def test_a_remote_commit_is_not_lost_when_its_refresh_fails_once(database_url: str) -> None:
    """Process B's listener hands A's notification to ``Hub.refresh``; the refresh job reads the
    stream's head and fails on a passing database error. The job's failure is logged and the
    table's *progress* retried, but the table is not marked stale, so B never folds A's commit:
    B's subscribers do not get the entry (until some other notification or conflict comes)."""

    async def main() -> None:
        database = open_database(database_url)
        store_a = EventStore(database.engine)
        store_b = EventStore(database.engine)
        fund(store_a, "p0")
        a = Hub(store_a, CATALOG, HubSettings(bot_delay_ms=0, watchdog_s=0.2), clock=Clock())
        b = Hub(store_b, CATALOG, HubSettings(bot_delay_ms=0, watchdog_s=0.2), clock=Clock())
        try:
            await a.start()
            await b.start()
            await a.open_table("t1", "toy", {}, by="admin")
            await b.discover()
            sub = Subscriber(Actor.OBSERVER, 0, asyncio.Queue())
            await b.subscribe("t1", sub, None)
            outcome = await a.submit("t1", Actor.player("p0"), {"type": "sit", "buy_in": 100}, "s")
            assert outcome.accepted
            real_head = store_b.head
            failed: list[str] = []

            def head_once(stream: str) -> Any:
                if not failed:
                    failed.append(stream)
                    raise ConnectionError("server closed the connection unexpectedly")
                return real_head(stream)

            store_b.head = head_once  # type: ignore[method-assign]
            await b.refresh("t1")  # A's notification
            await asyncio.sleep(3.0)  # the job's retry, the watchdog: time enough
            assert failed
            seqs = [
                e["seq"] for f in drain(sub.queue) if f["type"] == "events" for e in f["events"]
            ]
            assert b.tables["t1"].stored_seq == 1 and seqs == [1], (b.tables["t1"].stored_seq, seqs)
        finally:
            await a.stop()
            await b.stop()
            database.close()

    asyncio.run(main())


def test_a_full_outbox_never_drops_an_answer_silently() -> None:
    """The reader's own frames (accepted, refused, error, pong) go through ``Connection.send``,
    which drops a frame when the outbox is full and keeps the connection open: the answer to
    a command is lost without the 'too-slow' close the hub's pushes get (a client sending
    commands without a subscription, or whose answer finds the queue full, waits for ever)."""
    from types import SimpleNamespace

    from croupier.server.auth import Role
    from croupier.server.ws import Connection

    async def main() -> None:
        server = SimpleNamespace(settings=SimpleNamespace(hub=SimpleNamespace(subscriber_queue=3)))
        principal = SimpleNamespace(name="ana", role=Role.PLAYER)
        connection = Connection.__new__(Connection)
        connection.server = server  # type: ignore[assignment]
        connection.principal = principal  # type: ignore[assignment]
        connection.outbox = asyncio.Queue(3)
        connection.subscriptions = {}
        connection.closing = False
        for _ in range(3):
            connection.send({"type": "pong"})  # frames the client has not read yet
        connection.send({"type": "accepted", "command_id": "c1", "seq": 7})
        frames = drain(connection.outbox)
        told = [f.get("type") for f in frames]
        assert "accepted" in told or "overflow" in told or connection.closing, told

    asyncio.run(main())


def test_a_person_closed_for_being_slow_is_away_after(database_url: str) -> None:
    """A person's subscriber that overflowed is dropped from the table's subscribers by the
    next fan-out, without its ``present`` count; when his connection then ends,
    ``Hub.unsubscribe`` finds it no longer subscribed and returns early: he stays 'present'
    for ever (never listed in ``away``, and the table never rests for him)."""

    async def body(hub: Hub, clock: Clock) -> None:
        await hub.open_table("t1", "toy", {}, by="admin")
        for i in range(3):
            await asyncio.to_thread(fund, hub.store, f"p{i}")
        sub = Subscriber(ANA, None, asyncio.Queue(2))
        await hub.subscribe("t1", sub, "ana")  # ana's connection: [view 0]
        for i in range(3):
            await hub.submit("t1", Actor.player(f"p{i}"), {"type": "sit", "buy_in": 100}, "s")
            await asyncio.sleep(0.05)
        assert sub.overflowed  # the writer sends too-slow and closes (4008)
        hub.unsubscribe("t1", sub, "ana")  # Connection.close, when the socket ends
        live = hub.tables["t1"]
        assert "ana" not in live.present, dict(live.present)

    run(database_url, body)


def test_a_subscriber_is_not_pushed_an_uncommitted_command(
    database_url: str, monkeypatch: Any
) -> None:
    """The realistic path of the test above: two commands in a row; the first commits, the
    second's commit fails with an unknown outcome (the database restarting) and the table
    cannot be read back. The writer's pending fan-out (for the first) then pushes every
    subscriber a view made from the table holding the second, uncommitted, command."""
    import croupier.server.hub as hub_module

    monkeypatch.setattr(hub_module, "MAX_RETRIES", 1)

    async def body(hub: Hub, clock: Clock) -> None:
        await hub.open_table("t1", "toy", {}, by="admin")
        for name in ("p0", "p1"):
            await asyncio.to_thread(fund, hub.store, name)
        sub = Subscriber(Actor.OBSERVER, None, asyncio.Queue())
        await hub.subscribe("t1", sub, None)
        drain(sub.queue)
        real_append, real_read, calls = hub.commits.append, hub.store.read, []

        async def append(request: Any) -> Any:
            calls.append(request)
            if len(calls) == 1:
                out = await real_append(request)
                hub.store.read = read_down  # type: ignore[method-assign]
                return out
            raise ConnectionError("server closed the connection unexpectedly")

        def read_down(*args: Any, **kwargs: Any) -> Any:
            raise ConnectionError("server closed the connection unexpectedly")

        hub.commits.append = append  # type: ignore[method-assign]
        first, second = await asyncio.gather(
            hub.submit("t1", Actor.player("p0"), {"type": "sit", "buy_in": 100}, "s"),
            hub.submit("t1", Actor.player("p1"), {"type": "sit", "buy_in": 100}, "s"),
        )
        await asyncio.sleep(2.5)  # the progress job after them tries to refold, in vain
        assert first.accepted and not second.accepted
        views = [f for f in drain(sub.queue) if f["type"] == "view"]
        for frame in views:
            assert "p1" not in str(frame["view"]), f"an uncommitted sit is pushed: {frame}"
        hub.store.read = real_read  # type: ignore[method-assign]

    run(database_url, body)
