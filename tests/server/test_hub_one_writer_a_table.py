"""A table opened here while a discovery runs (another process's house event, a LISTEN
reconnect) has one writer in this process (it had two, playing on two copies)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from test_server_hub import Clock, run

from croupier.server.hub import Hub


def test_a_table_opened_during_a_discovery_has_one_writer(database_url: str) -> None:
    async def body(hub: Hub, clock: Clock) -> None:
        done = asyncio.Event()

        async def discovering() -> None:  # the listener: another process's logins, say
            while not done.is_set():
                await hub.discover()
                await asyncio.sleep(0)

        task = asyncio.create_task(discovering())
        try:
            for i in range(20):
                await hub.open_table(f"t{i}", "toy", {}, by="admin")
        finally:
            done.set()
            await task
        writers: dict[str, int] = {}
        for t in asyncio.all_tasks():
            name = t.get_name()
            if name.startswith("table:") and not t.done():
                writers[name] = writers.get(name, 0) + 1
        twice = {n: c for n, c in writers.items() if c > 1}
        assert not twice, f"tables with two writers in one process: {twice}"

    run(database_url, body, watchdog_s=0)


def test_a_failed_read_while_loading_does_not_leave_a_table_without_writer(
    database_url: str,
) -> None:
    """A table's record unreadable while it is loaded (the database restarting): the table is
    not served half-loaded (in the hub, with no writer: every read of it waited for ever, and
    no discovery loaded it again); the next discovery loads it."""

    async def body(hub: Hub, clock: Clock) -> None:
        await hub.open_table("t0", "toy", {}, by="admin")
        # the table opened by "another process": forget it, then discover it with a read failing
        del hub.tables["t0"]
        real = hub.store.read
        calls = {"n": 0}

        def failing(stream: str, *a: Any, **k: Any) -> Any:
            if stream.startswith("table:") and calls["n"] == 0:
                calls["n"] += 1
                raise OSError("database restarting")
            return real(stream, *a, **k)

        hub.store.read = failing  # type: ignore[method-assign]
        with contextlib.suppress(OSError):
            await hub.discover()
        await hub.discover()  # the database is back: a second discovery
        live = hub.tables["t0"]
        assert live.task is not None, "t0 has no writer: every read of it waits for ever"
        await asyncio.wait_for(hub.read("t0", lambda live: live.table.seq), 5)

    run(database_url, body, watchdog_s=0)
