"""One request's database error must not fail the others of its group commit."""

from __future__ import annotations

import asyncio

from test_server_hub import ANA, Clock, run

from croupier.server.hub import Hub
from croupier.table import Actor


def test_a_command_id_with_a_nul_fails_alone(database_url: str) -> None:
    """A client's command id is free text (1-48 characters) and is stored in the ``events``
    and ``commands`` columns as ``c:<name>:<id>``. PostgreSQL refuses a NUL character in a text
    column, with a DataError: neither a CroupierError nor an IntegrityError, so it escapes the
    savepoint of its append and fails the whole group commit: every other table's append of
    the batch is told "outcome unknown", folds its table again and retries."""

    async def body(hub: Hub, clock: Clock) -> None:
        await hub.open_table("t1", "toy", {}, by="admin")
        await hub.open_table("t2", "toy", {}, by="admin")
        from funding import fund

        await asyncio.to_thread(fund, hub.store, "bo")
        poison, plain = await asyncio.gather(
            hub.submit("t1", ANA, {"type": "sit", "buy_in": 100}, "x\x00y"),
            hub.submit("t2", Actor.player("bo"), {"type": "sit", "buy_in": 100}, "ok"),
        )
        assert plain.accepted, plain
        # the bad id is refused (or stored), on its own: nobody else's append failed for it
        assert hub.counts["store_errors"] == 0, (poison, dict(hub.counts))
        assert hub.counts["refolds"] == 0, (poison, dict(hub.counts))

    run(database_url, body)
