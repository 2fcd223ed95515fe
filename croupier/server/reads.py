"""The hub's reads (:class:`Reads`, a part of :class:`croupier.server.hub.Hub`): a table's
view, events, rounds and a round's log as an actor may see them, each read in the table's
writer, so that nobody is shown an entry that is not committed."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from croupier.errors import RecordError
from croupier.server.db import RecordUnavailable
from croupier.table.actor import Actor

if TYPE_CHECKING:
    from croupier.server.hub import LiveTable

__all__ = ["Reads"]

T = TypeVar("T")


class Reads:
    """See the module docstring."""

    if TYPE_CHECKING:

        def live(self, table_id: str) -> LiveTable: ...

        async def _job(
            self, live: LiveTable, run: Callable[[], Awaitable[T]], *, wake: bool = True
        ) -> T: ...

        def view_frame(self, live: LiveTable, actor: Actor) -> dict[str, Any]: ...

        async def _ready(self, live: LiveTable) -> bool: ...

    async def read(self, table_id: str, reader: Callable[[LiveTable], T]) -> T:
        """``reader(live)`` run in the table's writer: it sees committed entries only."""
        live = self.live(table_id)

        async def run() -> T:
            if live.stale and not await self._ready(live):
                raise RecordUnavailable(f"table {table_id!r} cannot be read back now")
            return reader(live)

        return await self._job(live, run, wake=False)

    async def view(self, table_id: str, actor: Actor) -> dict[str, Any]:
        return await self.read(table_id, lambda live: self.view_frame(live, actor))

    async def events_since(self, table_id: str, actor: Actor, since: int) -> list[dict[str, Any]]:
        """The committed entries after ``since`` as ``actor`` may see them."""

        def read(live: LiveTable) -> list[dict[str, Any]]:
            committed = live.stored_seq
            if since >= committed:
                return []
            return live.table.events_for(actor, since)[: committed - since]

        return await self.read(table_id, read)

    async def rounds(self, table_id: str, last: int = 10) -> list[dict[str, Any]]:
        """The last ``last`` rounds of the table (number, first and last seq), newest last."""

        def read(live: LiveTable) -> list[dict[str, Any]]:
            spans = live.table.rounds[-last:] if last > 0 else ()
            return [{**s.to_dict(), "closed": s.closed} for s in spans]

        return await self.read(table_id, read)

    async def round_log(self, table_id: str, actor: Actor, number: int) -> dict[str, Any]:
        """Round ``number``'s entries as ``actor`` may see them."""

        def read(live: LiveTable) -> dict[str, Any]:
            table = live.table
            if not 1 <= number <= len(table.rounds):
                raise RecordError("round", f"no round {number} at table {table_id!r}")
            span = table.rounds[number - 1]
            last = span.last_seq if span.last_seq is not None else live.stored_seq
            events = table.events_for(actor, span.first_seq - 1)[: last - span.first_seq + 1]
            return {"table": table_id, **span.to_dict(), "closed": span.closed, "events": events}

        return await self.read(table_id, read)
