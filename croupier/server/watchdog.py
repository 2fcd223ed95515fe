"""The hub's watchdog (:class:`Watchdog`, a part of :class:`croupier.server.hub.Hub`): no table
stands still unseen.

A table moves by its writer's jobs: people's commands, and the progress each job schedules (a
bot's turn, the house's next step, a timer for the earliest deadline). Should a wake-up ever be
lost, the table would wait for the next command, which at a table of bots may never come. Every
``HubSettings.watchdog_s`` the watchdog looks for a table with nothing queued, no wake-up and no
timer pending, idle that long and a bot's pause more (``bot_delay_ms``: with several processes
on PostgreSQL, another one may hold the table's next, delayed, step; a folded remote commit
counts as activity); its writer then makes progress there once. If that moved the
table (or a wake-up was marked pending with nothing behind it), the log says so and
``watchdog_wakes`` counts it (/metrics): a lost wake-up is a fault to find, not a way to run. A
table waiting on a person without a deadline, or resting between rounds, is left as it is
(nothing moves, nothing is logged).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from croupier.server.hub import HubSettings, LiveTable

__all__ = ["Watchdog"]

log = logging.getLogger("croupier.server")


class Watchdog:
    """See the module docstring; :meth:`_watch` runs as the hub's ``croupier-watchdog`` task."""

    settings: HubSettings
    tables: dict[str, LiveTable]
    counts: Counter[str]
    _closing: bool

    if TYPE_CHECKING:

        async def _progress(self, live: LiveTable) -> None: ...

    async def _watch(self) -> None:
        """The watchdog (see the module docstring): every ``watchdog_s``, a table idle that
        long with nothing queued or pending gets one look from its writer."""
        period = self.settings.watchdog_s
        # idle longer than a bot's pause too: with several processes, another one may hold
        # the table's next (delayed) step, and this one only folds what it commits
        idle = period + self.settings.bot_delay_ms / 1000
        loop = asyncio.get_running_loop()
        while not self._closing:
            await asyncio.sleep(period)
            now = loop.time()
            for live in list(self.tables.values()):
                if self._still(live, now - idle):
                    live.queue.put_nowait(functools.partial(self._look, live))

    def _still(self, live: LiveTable, before: float) -> bool:
        """True when ``live`` has been idle since ``before`` with nothing scheduled."""
        timer = live.timer
        return (
            live.task is not None
            and not live.task.done()
            and live.fault is None
            and not live.table.closed
            and live.queue.empty()
            and live.wake_handle is None
            and (timer is None or timer.cancelled() or timer.when() < before)
            and live.idle_since <= before
        )

    async def _look(self, live: LiveTable) -> None:
        """The watchdog's look, in the writer: make progress if nothing else will."""
        loop = asyncio.get_running_loop()
        if not self._still(live, loop.time()):
            return  # something was scheduled since
        seq, lost = live.table.seq, live.progress_pending
        live.progress_pending = False
        await self._progress(live)
        if live.table.seq != seq or lost:
            self.counts["watchdog_wakes"] += 1
            log.warning(
                "table %s stood still at seq %d with nothing scheduled%s; the watchdog moved it",
                live.id,
                seq,
                " (a wake-up was lost)" if lost else "",
            )
