"""Issue 18 (deadlines kept by the server, applied with the rule's default on expiry) and issue
21 (no round stuck), for the Mah-Jong claim window: a hub restarted while a claim window is open
whose ``claim_ms`` (table option, default 8 s) has passed times every player who has not
answered out (each passes), so the window resolves and the next player draws.

A guard written while chasing a report that a chaos run left a Mah-Jong table "in a claim
window whose deadline had passed": the record showed the server had moved on (the clients'
last views were stale), and this test checks the hub side of that claim on SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio
from typing import Any

from funding import fund

from croupier.server.catalog import Catalog
from croupier.server.db import open_database
from croupier.server.hub import Hub, HubSettings, Subscriber
from croupier.server.store import EventStore
from croupier.table import Actor

PLAYERS = ("ana", "bo", "cy", "di")
START = 1_714_564_800_000


class Clock:
    def __init__(self, ms: int) -> None:
        self.ms = ms

    def __call__(self) -> int:
        return self.ms


async def _hub(database_url: str, clock: Clock) -> tuple[Hub, Any]:
    database = open_database(database_url)
    store = EventStore(database.engine)
    hub = Hub(store, Catalog(), HubSettings(bot_delay_ms=0), clock=clock)
    await hub.start()
    return hub, database


async def _until(predicate: Any, tries: int = 600) -> bool:
    for _ in range(tries):
        if await predicate():
            return True
        await asyncio.sleep(0.005)
    return False


def test_issue18_a_claim_window_past_its_deadline_is_timed_out_after_a_restart(
    database_url: str,
) -> None:
    clock = Clock(START)
    opened: dict[str, Any] = {}

    async def first() -> None:
        hub, database = await _hub(database_url, clock)
        try:
            for name in PLAYERS:
                fund(hub.store, name, 10_000_000)
            await hub.open_table("m1", "mahjong", {}, by="admin")
            for name in PLAYERS:  # present, so the house deals
                await hub.subscribe("m1", Subscriber(Actor.player(name), 0, asyncio.Queue()), name)
                assert (await hub.join("m1", name)).accepted
            live = hub.tables["m1"]

            async def dealt() -> bool:
                return bool((await hub.view("m1", Actor.player("ana")))["waiting"])

            assert await _until(dealt)
            [turn] = live.table.waiting_on()
            offers = [o.to_dict() for o in live.table.legal(turn.actor)]
            discard = next(o for o in offers if o["type"] == "discard")
            tile = discard["tile"]["one_of"][0]
            out = await hub.submit("m1", turn.actor, {"type": "discard", "tile": tile}, "d1")
            assert out.accepted, out
            waits = live.table.waiting_on()
            assert waits and all(w.rule == "table option claim_ms" for w in waits)
            opened.update(seq=live.stored_seq, waits=waits)
        finally:
            await hub.stop()
            database.close()

    async def second() -> None:
        waits = opened["waits"]
        clock.ms = waits[0].deadline + 1  # the window's time ended while the server was down
        hub, database = await _hub(database_url, clock)
        try:
            live = hub.tables["m1"]

            async def resolved() -> bool:
                view = await hub.view("m1", Actor.player("ana"))
                return not any(w["rule"] == "table option claim_ms" for w in view["waiting"])

            assert await _until(resolved), live.table.waiting_on()
            after = hub.store.read("table:m1")[opened["seq"] :]
            ids = [e.command_id or "" for e in after]
            timed_out = {c for c in ids if c.startswith("timeout:")}
            assert len(timed_out) == len(waits)  # each one waited on, once
            assert all(c.split(":", 2)[2] in {str(w.actor) for w in waits} for c in timed_out)
            assert {e.event["type"] for e in after} >= {"claim_passed", "tile_drawn"}
        finally:
            await hub.stop()
            database.close()

    asyncio.run(first())
    asyncio.run(second())
