"""A table as this process serves it (:class:`LiveTable`: the table folded from its record,
its writer's queue, its subscribers, who is present) and how the hub runs its tables
(:class:`HubSettings`); the hub (:mod:`croupier.server.hub`) keeps one per table."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from croupier.offers import Bot
from croupier.server.frames import OfferMemo, Subscriber
from croupier.server.store import TableRow
from croupier.table.base import Table

__all__ = ["HubSettings", "LiveTable", "Trail"]

#: the house-stream entries recording a command, given the seqs it appended (see Hub.submit)
Trail = Callable[[int, int], Sequence[Mapping[str, Any]]]


@dataclass(frozen=True)
class HubSettings:
    """How the hub runs its tables."""

    #: a bot's pause before it acts (ms), so people can follow the play
    bot_delay_ms: int = 600
    #: bots alone at a table play on between rounds (else the table rests)
    bots_play_alone: bool = False
    #: a subscriber this many seqs behind gets a view instead of every missed event
    catchup_limit: int = 500
    #: frames queued for one slow connection before it is dropped (it reconnects and catches up)
    subscriber_queue: int = 1000
    #: worker threads for the database
    db_threads: int = 8
    #: the appends of all tables waiting while a commit is on disk share the next commit
    #: (:mod:`croupier.server.commits`); off: one transaction per append
    group_commit: bool = True
    #: the server's secret fairness key: with it every table shuffles provably fair (the
    #: commitment recorded before each shuffle, the seed revealed once its cards are decided,
    #: and still revealable after a restart, the seeds being derived from the key); without
    #: it, tables shuffle from the OS CSPRNG with the order's commitment only
    fair_key: bytes | None = None
    #: seconds between two rounds of the watchdog, and how long a table must have been idle
    #: with nothing scheduled before it looks (0: no watchdog); see the module docstring
    watchdog_s: float = 2.0
    #: the house's currency: every amount, wallets and tables alike, is a whole number of
    #: ``10**-decimals`` of it (2: avos, cents). A table is opened in it: a game whose options
    #: carry ``decimals`` gets these when none are given (five-card stud's levels of Art 6-8
    #: scaled to them: pot money 20 is 2,000) and is refused with others, since one wallet
    #: funds every table and a unit must be worth the same at each
    decimals: int = 2


@dataclass(eq=False)
class LiveTable:
    """A table served by this process."""

    row: TableRow
    table: Table[Any]
    stored_seq: int
    bots: dict[str, Bot] = field(default_factory=dict)
    subscribers: set[Subscriber] = field(default_factory=set)
    present: Counter[str] = field(default_factory=Counter)
    queue: asyncio.Queue[Callable[[], Awaitable[None]]] = field(default_factory=asyncio.Queue)
    task: asyncio.Task[None] | None = None
    timer: asyncio.TimerHandle | None = None
    progress_pending: bool = False
    #: the delayed wake-up (:meth:`Hub._wake`) not yet due, if any
    wake_handle: asyncio.TimerHandle | None = None
    #: the event loop's time when the writer last finished a job (the watchdog's measure)
    idle_since: float = 0.0
    #: the writer's jobs failed since its progress last went through (each retry waits longer)
    failures: int = 0
    #: the in-memory table may hold entries that are not committed: fold again before use
    stale: bool = False
    #: why the table is out of service (its record does not fold): for the log, admins and
    #: inspectors; a replay's refusal may name a card nobody may see yet (:attr:`public_fault`)
    fault: str | None = None
    #: commits not pushed to the subscribers yet (pushed when the writer is idle)
    unsent: int = 0
    #: the offers' JSON forms made for this table's view frames, kept from one fan-out to the
    #: next (see :class:`~croupier.server.frames.OfferMemo`)
    offer_forms: OfferMemo = field(default_factory=OfferMemo)
    #: (the table folded, its seq, whether a round is open): :meth:`in_round` without copying
    #: the table's rounds at every step
    _in_round: tuple[Table[Any] | None, int, bool] = (None, -1, False)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def stream(self) -> str:
        return self.row.stream

    def humans_seated(self) -> list[str]:
        return [p for p, chips in self.table.chips().items() if chips and p not in self.bots]

    @property
    def public_fault(self) -> str | None:
        """:attr:`fault` as anyone may read it: that the table is out of service, not why."""
        if self.fault is None:
            return None
        return f"table {self.row.id} is out of service: its record does not replay (see the log)"

    def in_round(self) -> bool:
        """True while the table's last round is open (worked out again only after a change)."""
        table = self.table
        known, seq, open_ = self._in_round
        if known is not table or seq != table.seq:
            rounds = table.rounds
            open_ = bool(rounds) and not rounds[-1].closed
            self._in_round = (table, table.seq, open_)
        return open_
