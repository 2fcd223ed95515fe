"""PostgreSQL LISTEN/NOTIFY: other processes' appends wake this process's tables.

Every append on PostgreSQL sends ``NOTIFY croupier_events, '<origin>:<seq>:<stream>'`` in its
transaction, so it is delivered only if it commits, and after the commit. :func:`listen` keeps
one connection listening; a notification from another process about a table makes the table's
writer fold the new entries and push them to this process's subscribers. Notifications lost
while the connection was down are covered by refreshing every table on each reconnect.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from croupier.server.store import HOUSE, NOTIFY_CHANNEL, parse_notify

if TYPE_CHECKING:
    from croupier.server.runtime import Server

__all__ = ["listen"]

log = logging.getLogger("croupier.server")


def _dsn(server: Server) -> str:
    assert server.database is not None
    url = server.database.engine.url.set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


async def listen(server: Server) -> None:
    """Listen until cancelled, reconnecting with a growing pause."""
    import psycopg

    pause = 0.2
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(
                _dsn(server), autocommit=True
            ) as connection:
                await connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                pause = 0.2
                await server.hub.discover()  # whatever was missed meanwhile
                for table_id in list(server.hub.tables):
                    await server.hub.refresh(table_id)
                async for notice in connection.notifies():
                    parsed = parse_notify(notice.payload)
                    if parsed is None:
                        continue
                    origin, seq, stream = parsed
                    if origin == server.origin:
                        continue
                    if stream == HOUSE:  # maybe a table opened there
                        await server.hub.discover()
                        continue
                    if not stream.startswith("table:"):
                        continue
                    table_id = stream.removeprefix("table:")
                    live = server.hub.tables.get(table_id)
                    if live is None or seq > live.stored_seq:
                        await server.hub.refresh(table_id)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("LISTEN connection lost (%s); reconnecting in %.1f s", exc, pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, 5.0)
