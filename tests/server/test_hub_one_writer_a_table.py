"""A table opened here while a discovery runs (another process's house event, a LISTEN
reconnect) has one writer in this process (it had two, playing on two copies)."""

from __future__ import annotations

import asyncio

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
