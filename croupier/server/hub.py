"""The hub: one writer task per table, applying commands in order, committing before telling.

Each live table is a :class:`LiveTable`: the :class:`~croupier.table.base.Table` folded from its
stored entries, a queue of jobs and one asyncio task (its *writer*) that takes them one by one.
Only the writer touches the table, so commands of one table are applied in one order; tables run
side by side.

One command, end to end (:meth:`Hub.submit`):

1. the writer applies it to the in-memory table (``Table.apply``); a refusal (the typed error,
   naming the article) is answered at once and changed nothing;
2. the new entries, the command's ``commands`` row and the ledger transactions the table posted
   are appended in **one** database transaction (:meth:`EventStore.append`), expecting the seq
   the writer last stored;
3. only after the commit is the command answered (accepted, with its seqs) and every subscriber
   pushed the new entries **as its actor may see them** (``Table.events_for``), then its view;
4. if another process appended first (:class:`~croupier.server.store.Conflict`), or the command
   id was already applied there, or the database failed in a way that leaves the outcome unknown,
   the writer folds the table again from the store (the record decides) and retries the command,
   which the table then answers from its idempotency memory if it had landed.

After every job the writer **makes progress** (:meth:`Hub._progress`), one step a job so that
people's commands interleave: a bot waited on plays (after ``bot_delay_ms``); with nobody waited
on the house takes its next automatic step (``Table.step_house``); otherwise a timer is armed for
the earliest deadline of ``waiting_on()``, when the rule's default applies (``Table.timeout``,
command id ``timeout:<seq>:<actor>``, so two processes cannot time anyone out twice). Between
rounds a table rests unless a seated person is connected (or ``bots_play_alone``).

A table never stands still unseen: a job that fails is logged and the table's progress is tried
again (:data:`JOB_RETRY_S`, doubled after each failure in a row up to :data:`JOB_RETRY_MAX_S`),
and a watchdog (:mod:`croupier.server.watchdog`) moves, and logs, a table that stood still with
nothing scheduled.

Several processes on one PostgreSQL database each load every table. A commit sends ``NOTIFY``;
each other process's listener (:mod:`croupier.server.notify`) makes the table's writer fold the
new entries (:meth:`Hub.refresh`) and push them to its own subscribers. The unique (stream,
seq) decides every race; the loser refolds and retries.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any, TypeVar

from croupier.errors import CroupierError, RuleViolation
from croupier.offers import Bot
from croupier.server.catalog import Catalog
from croupier.server.commits import AppendRequest, GroupCommit
from croupier.server.db import RecordUnavailable
from croupier.server.entries import HOUSE, house_entry
from croupier.server.fanout import FanOut
from croupier.server.frames import PROTOCOL_VERSION, SharedFrame, Subscriber
from croupier.server.live import HubSettings, LiveTable, Trail
from croupier.server.money import ledger_tx, table_ledger
from croupier.server.outcome import Outcome, refusal
from croupier.server.reads import Reads
from croupier.server.store import Conflict, EventStore, StoredEvent, TableRow
from croupier.server.watchdog import Watchdog
from croupier.table.actor import Actor
from croupier.table.base import Applied, Table
from croupier.table.sources import FairSource, LiveSource, ShuffleSource

__all__ = [
    "PROTOCOL_VERSION",
    "Hub",
    "HubSettings",
    "LiveTable",
    "Outcome",
    "SharedFrame",
    "Subscriber",
    "ledger_tx",
    "refusal",
]

log = logging.getLogger("croupier.server")
T = TypeVar("T")

#: client command ids: 1 to this many characters (stored as ``c:<account>:<id>``)
MAX_CLIENT_COMMAND_ID = 48
#: a client's key of a join or a leave (``POST /api/tables/T/join`` and ``/leave``): a retry
#: with the same key is answered as the first was
SEAT_KEY = re.compile(r"[A-Za-z0-9._:-]{1,40}")
#: a refold-and-retry loop gives up after this many conflicts in a row
MAX_RETRIES = 8
#: commits of one table pushed to its subscribers together at most (while its writer is busy)
MAX_UNSENT = 8


def now_ms() -> int:
    return int(time.time() * 1000)


#: seconds before a failed fan-out, or a table's progress after a failed job, is tried again
FAN_OUT_RETRY_S = 0.5
JOB_RETRY_S = 0.5
JOB_RETRY_MAX_S = 30.0


async def _nothing() -> None:
    """A job that does nothing: the writer's turn after it pushes what is unsent."""


def _task_ended(task: asyncio.Task[None]) -> None:
    """A table's writer or the watchdog ended: said in the log if by an error (a table then
    stands still; asyncio would say it only when the task is collected, which may be never)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("%s stopped by an error", task.get_name(), exc_info=task.exception())


class Hub(FanOut, Watchdog, Reads):
    """Every live table of this process (see the module docstring)."""

    def __init__(
        self,
        store: EventStore,
        catalog: Catalog | None = None,
        settings: HubSettings | None = None,
        *,
        clock: Callable[[], int] = now_ms,
    ) -> None:
        self.store = store
        self.catalog = catalog or Catalog()
        self.settings = settings or HubSettings()
        self.clock = clock
        self.tables: dict[str, LiveTable] = {}
        #: the tables being loaded (:meth:`_load`): what a second load of one of them waits for
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._executor = ThreadPoolExecutor(self.settings.db_threads, "croupier-db")
        self.commits = GroupCommit(store, self._executor)
        self._closing = False
        #: counters for /metrics: name -> value
        self.counts: Counter[str] = Counter()
        self.on_commit: list[Callable[[LiveTable, float], None]] = []
        self._discovering = asyncio.Lock()
        self._watchdog: asyncio.Task[None] | None = None

    # -- running ----------------------------------------------------------------------------

    async def db(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a (blocking) store call in the database threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, lambda: function(*args, **kwargs))

    async def start(self) -> None:
        """Fold every open table from the store and start its writer."""
        rows = await self.db(self.store.tables)
        bots = await self.db(self._bot_records)
        for row in rows:
            await self._load(row, bots.get(row.id, {}))
        if self.settings.watchdog_s > 0:
            self._watchdog = asyncio.create_task(self._watch(), name="croupier-watchdog")
            self._watchdog.add_done_callback(_task_ended)

    async def stop(self) -> None:
        self._closing = True
        if self._watchdog is not None:
            self._watchdog.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watchdog
        for live in self.tables.values():
            if live.timer is not None:
                live.timer.cancel()
            if live.wake_handle is not None:
                live.wake_handle.cancel()
            if live.task is not None:
                live.task.cancel()
        for live in self.tables.values():
            if live.task is not None:
                with contextlib.suppress(asyncio.CancelledError):
                    await live.task
        await self.commits.stop()
        self._executor.shutdown(wait=True)

    def _bot_records(self) -> dict[str, dict[str, str]]:
        """table id -> {bot name: kind}, from the house stream's ``bot.seated`` events."""
        out: dict[str, dict[str, str]] = {}
        for event in self.store.read_types(HOUSE, ("bot.seated",)):
            payload = event.event
            out.setdefault(str(payload["table"]), {})[str(payload["name"])] = str(payload["kind"])
        return out

    async def _load(self, row: TableRow, bots: Mapping[str, str]) -> LiveTable | None:
        if row.id in self.tables:
            return self.tables[row.id]
        # a load of the row already under way (a discovery and an open at once): its table, not
        # a second one (two writers of one table in one process played on two copies); the
        # table is in self.tables only once folded, so nothing reads or queues for it before
        loading = self._loading.get(row.id)
        if loading is not None:
            return await asyncio.shield(loading)
        loading = self._loading[row.id] = asyncio.get_running_loop().create_future()
        try:
            live = await self._load_now(row, bots)
        except BaseException:
            loading.set_result(None)  # a second loader tries again later (a discovery)
            raise
        else:
            loading.set_result(live)
        finally:
            del self._loading[row.id]
        return live

    async def _load_now(self, row: TableRow, bots: Mapping[str, str]) -> LiveTable:
        stored = await self.db(self.store.read, row.stream)
        live = LiveTable(row, self._empty_table(row), 0)
        self.tables[row.id] = live
        try:
            live.table = self._fold(row, stored)
        except CroupierError as exc:
            live.fault = f"cannot fold table {row.id}: {exc}"
            log.error(live.fault)
            return live
        live.stored_seq = live.table.seq
        for name, kind in bots.items():
            live.bots[name] = self._make_bot(row.game, kind, name)
        # a closed table keeps its writer too: every read of it (the lobby, recall, events)
        # runs there, and without one waited for ever after a restart; it plays no more
        live.task = asyncio.create_task(self._writer(live), name=f"table:{row.id}")
        live.task.add_done_callback(_task_ended)
        if not live.table.closed:
            self._wake(live)
        return live

    def _empty_table(self, row: TableRow) -> Table[Any]:
        cls = self.catalog.table_class(row.game)
        return cls(cls.options_from_dict(row.options), table_id=row.id, source=self._source(row.id))

    def _fold(self, row: TableRow, stored: Sequence[StoredEvent]) -> Table[Any]:
        cls = self.catalog.table_class(row.game)
        options = cls.options_from_dict(row.options)
        return cls.replay(
            options, [e.line() for e in stored], table_id=row.id, source=self._source(row.id)
        )

    def _source(self, table_id: str) -> ShuffleSource:
        """Where a table's shuffles come from (see :attr:`HubSettings.fair_key`). The client
        seed is the table's own name: a simplification (the players do not contribute one
        yet); the commitment still binds every shuffle before its first card."""
        key = self.settings.fair_key
        if key is None:
            return LiveSource()
        return FairSource(f"croupier table {table_id}", key=key, label=table_id)

    def _make_bot(self, game: str, kind: str, name: str, *, strict: bool = False) -> Bot:
        """The bot ``name`` of ``kind``; ``strict`` (a table being opened): an unknown kind is
        refused naming the game's kinds; a table loaded from its record keeps the game's first
        kind for a kind it no longer knows (a record written before kinds were checked)."""
        factories = self.catalog.bots(game)
        factory = factories.get(kind)
        if factory is None and strict and factories:
            kinds = ", ".join(sorted(factories))
            raise CroupierError(f"unknown bot kind {kind!r} for {game}: the kinds are {kinds}")
        if factory is None:
            factory = next(iter(factories.values()), None)
        if factory is None:
            raise CroupierError(f"the game {game!r} has no bots")
        return factory(sum(name.encode()))

    # -- opening tables and seating bots ----------------------------------------------------

    def in_house_currency(
        self, cls: type[Table[Any]], options: Mapping[str, Any]
    ) -> Mapping[str, Any]:
        """``options`` of a table of ``cls`` in the house's currency (:attr:`HubSettings.decimals`):
        with its decimals when the game's options carry them and none are given; a table that
        names other decimals is refused, naming them (its chips would be worth another amount
        of the wallets' money)."""
        house = self.settings.decimals
        if getattr(cls.options_from_dict({}), "decimals", None) is None:
            return options  # the game counts in the wallets' units as they are (Mah-Jong)
        if "decimals" not in options:
            return {**options, "decimals": house}
        given = options["decimals"]
        if given != house or type(given) is not int:
            raise RuleViolation(
                "tables",
                f"the house counts money in units of 10**-{house} of its currency (decimals "
                f"{house}): a table with decimals {given!r} would give its chips another "
                f"value than the wallets that buy them; leave decimals out or give {house}",
            )
        return options

    async def open_table(
        self,
        table_id: str,
        game: str,
        options: Mapping[str, Any] | None = None,
        *,
        by: str | None,
        bots: Mapping[str, str] | None = None,
        dealers: Sequence[str] = (),
    ) -> LiveTable:
        """Open a new table (recorded as ``table.opened`` in the house stream, with its row in
        ``tables`` and the ``dealers`` who run it), seat ``bots`` (name -> kind) and start its
        writer."""
        if table_id in self.tables or await self.db(self.store.table, table_id) is not None:
            raise RuleViolation("tables", f"table {table_id!r} exists already")
        cls = self.catalog.table_class(game)
        parsed = cls.options_from_dict(self.in_house_currency(cls, options or {}))
        table = cls(parsed, table_id=table_id, source=self._source(table_id))
        genesis = table.genesis()
        at = datetime.now(UTC)
        bot_kinds = dict(bots or {})
        for name, kind in bot_kinds.items():
            Actor.player(name)  # a bad name or kind is refused before anything is written
            self._make_bot(game, kind, name, strict=True)

        def write() -> None:
            from sqlalchemy import select

            from croupier.server.schema import accounts

            with self.store.transaction() as connection:
                options_dict = parsed.to_dict()
                self.store.register_table(
                    connection, table_id, game, options_dict, genesis, at=at, actor=by
                )
                actor = f"account:{by}" if by else "system"
                entries = [
                    house_entry(
                        "table.opened",
                        {
                            "table": table_id,
                            "game": game,
                            "options": options_dict,
                            "dealers": sorted(dealers),
                        },
                        at=at,
                        actor=actor,
                    )
                ]
                entries += [
                    house_entry(
                        "bot.seated", {"table": table_id, "name": n, "kind": k}, at=at, actor=actor
                    )
                    for n, k in bot_kinds.items()
                ]
                self.store.append_in(connection, HOUSE, entries, expected_seq=None)
                # after the house append (its positions lock), so an account created at the
                # same moment is seen: a person named as a bot would act at its seat and buy
                # in from the house's bank
                taken = connection.execute(
                    select(accounts.c.name).where(accounts.c.name.in_(sorted(bot_kinds)))
                ).all()
                if taken:
                    raise RuleViolation(
                        "tables",
                        f"a bot may not take an account's name: {sorted(n for (n,) in taken)}",
                    )

        await self.db(write)
        row = await self.db(self.store.table, table_id)
        assert row is not None
        live = await self._load(row, bot_kinds)
        if live is None:  # a discovery's load of it, awaited, failed: written, not yet served
            raise RecordUnavailable(f"table {table_id!r} is opened but cannot be read back now")
        return live

    # -- commands ---------------------------------------------------------------------------

    def live(self, table_id: str) -> LiveTable:
        live = self.tables.get(table_id)
        if live is None:
            raise RuleViolation("tables", f"no table {table_id!r}")
        if live.fault is not None:
            raise RuleViolation("tables", str(live.public_fault))
        return live

    def at_stake(self, player: str) -> list[str]:
        """The tables (ids, sorted) where ``player`` has money in the round in play that his
        chips there do not show (:meth:`Table.at_stake`: a pot, stakes on the layout). Read in
        the event loop, between the writers' steps."""
        return sorted(tid for tid, live in self.tables.items() if live.table.at_stake(player))

    async def submit(
        self,
        table_id: str,
        actor: Actor,
        command: Any,
        command_id: str,
        *,
        answer: Callable[[Outcome], None] | None = None,
        trail: Trail | None = None,
    ) -> Outcome:
        """Apply a person's command (``command_id`` is theirs; it is stored as
        ``c:<name>:<id>`` so two people's ids never collide) and answer after the commit.
        ``trail(first_seq, last_seq)``: the house-stream entries that record the command, in
        the same transaction as the table's (a dealer's act: both written or neither).

        ``answer(outcome)`` is called in the writer as soon as the outcome is known (after the
        commit), before the table's new entries are pushed to its subscribers and before its
        next automatic step: the connection queues the answer at once, without waiting for
        the event loop to resume the caller (issue 21: under load each such hop waited for
        every other table's work in between)."""
        if (
            not isinstance(command_id, str)
            or not 1 <= len(command_id) <= MAX_CLIENT_COMMAND_ID
            or not command_id.isprintable()
        ):
            return Outcome(
                str(command_id)[:MAX_CLIENT_COMMAND_ID],
                False,
                article="protocol",
                message=f"a command_id is 1 to {MAX_CLIENT_COMMAND_ID} printable characters",
                field="command_id",
            )
        try:
            live = self.live(table_id)
        except RuleViolation as exc:
            return refusal(command_id, exc)
        stored_id = f"c:{actor.name or 'observer'}:{command_id}"

        async def run() -> Outcome:
            applied = await self._apply(live, actor, command, stored_id, trail)
            outcome = Outcome(**{**applied.__dict__, "command_id": command_id})
            if answer is not None:
                answer(outcome)
            return outcome

        return await self._job(live, run)

    async def join(self, table_id: str, player: str, key: str | None = None) -> Outcome:
        """Seat ``player`` with the table's default buy-in (``Table.join_commands``). ``key``:
        the client's key of this join (:data:`SEAT_KEY`): its commands are recorded under it,
        so a retry is answered as the join was (``duplicate``), not refused as seated already,
        and nothing is applied twice (a restart included: the ids are in the record)."""
        live = self.live(table_id)
        actor = Actor.player(player)
        keyed = None if key is None else f"join:{player}:{key}"

        async def run() -> Outcome:
            if not await self._ready(live):  # folded from the store first: its answers too
                return Outcome(
                    "join",
                    False,
                    article="protocol",
                    message="the table cannot take commands now; retry",
                )
            table = live.table
            done = None if keyed is None else table.answered(f"{keyed}:0")
            if done is not None:  # this join, retried: its commands' seqs, none applied again
                latest, i = done, 1
                while (more := table.answered(f"{keyed}:{i}")) is not None:
                    latest, i = more, i + 1
                return Outcome("join", True, done.first_seq, latest.last_seq, duplicate=True)
            commands = table.join_commands(player)
            if not commands:
                return Outcome(
                    "join", False, article="tables", message="seated already, or no free place"
                )
            first = last = 0
            for i, command in enumerate(commands):
                cid = f"{keyed}:{i}" if keyed else f"join:{live.table.seq}:{player}:{i}"
                outcome = await self._apply(live, actor, command.to_dict(), cid)
                if not outcome.accepted:
                    return Outcome(**{**outcome.__dict__, "command_id": "join"})
                first, last = first or outcome.first_seq, outcome.last_seq
            return Outcome("join", True, first, last)

        return await self._job(live, run)

    async def _job(
        self, live: LiveTable, run: Callable[[], Awaitable[T]], *, wake: bool = True
    ) -> T:
        """Run ``run`` in the table's writer and wait for its result; then make progress."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()

        async def job() -> None:
            try:
                future.set_result(await run())
            except BaseException as exc:  # handed to the caller
                if not future.done():
                    future.set_exception(exc)
            if wake:
                self._wake(live)

        await live.queue.put(job)
        return await future

    async def _apply(
        self, live: LiveTable, actor: Actor, command: Any, cid: str, trail: Trail | None = None
    ) -> Outcome:
        """In the writer: apply, commit (refolding and retrying on a conflict), fan out;
        ``trail``: see :meth:`submit`."""
        try:
            done = await self._act(
                live, lambda table: table.apply(actor, command, cid, at=self._at(live)), trail
            )
        except CroupierError as exc:
            self.counts["commands_refused"] += 1
            return refusal(cid, exc)
        if done is None:
            return Outcome(
                cid, False, article="protocol", message="the table cannot take commands now; retry"
            )
        applied, duplicate = done
        self.counts["commands_duplicate" if duplicate else "commands_accepted"] += 1
        return Outcome(cid, True, applied.first_seq, applied.last_seq, duplicate)

    async def _act(
        self,
        live: LiveTable,
        act: Callable[[Table[Any]], Applied | None],
        trail: Trail | None = None,
    ) -> tuple[Applied, bool] | None:
        """``act(table)`` in the writer, then its commit, refolding and acting again after a
        conflict: (what was applied, whether it was a duplicate answered from the table's
        memory), or None when ``act`` had nothing to do or the table cannot act now. A
        refusal (CroupierError) from ``act`` propagates and changed nothing."""
        for _ in range(MAX_RETRIES):
            if not await self._ready(live):
                return None
            table = live.table
            txs_before = len(table.ledger.transactions)
            applied = act(table)
            if applied is None:
                return None
            duplicate = applied.last_seq <= live.stored_seq
            if await self._commit(live, applied, txs_before, trail):
                return applied, duplicate
        return None

    async def _ready(self, live: LiveTable) -> bool:
        """True when the table may take a command: not faulted, and folded from the store."""
        if live.stale:
            await self._refold(live)
        return live.fault is None and not live.stale

    def _at(self, live: LiveTable) -> int:
        return max(self.clock(), live.table.last_at)

    async def _commit(
        self, live: LiveTable, applied: Applied, txs_before: int, trail: Trail | None = None
    ) -> bool:
        """Store ``applied``'s new entries (with ``trail``'s house entries for them, in the
        same transaction); True once they are committed (or were already), False after a
        refold (the caller retries)."""
        new = [e for e in applied.entries if e.seq > live.stored_seq]
        if not new:
            return True  # answered from the table's memory: committed before
        table = live.table
        # the table's money and, for chips bought or cashed, the wallets' (croupier.server.money)
        ledger = table_ledger(live.id, table.ledger.transactions[txs_before:], live.bots)
        started = time.perf_counter()
        try:
            request = AppendRequest(
                live.stream,
                [e.to_dict() for e in new],
                live.stored_seq,
                live.row.genesis,
                applied.command_id,
                ledger,
                () if trail is None else trail(applied.first_seq, applied.last_seq),
            )
            if self.settings.group_commit:
                appended = await self.commits.append(request)
            else:
                appended = await self.db(self.store.append, **request.__dict__)
        except Conflict:
            self.counts["conflicts"] += 1
            await self._refold(live)
            return False
        except RuleViolation:
            # the house refused the money (a wallet short, a player's limit): nothing was
            # written; forget the command in memory and refuse it
            await self._refold(live)
            raise
        except Exception as exc:  # the outcome is unknown: the record decides
            self.counts["store_errors"] += 1
            log.warning("table %s: append failed (%s); folding again from the store", live.id, exc)
            await asyncio.sleep(0.05)
            await self._refold(live)
            return False
        if appended.duplicate or appended.events[-1].hash != table.head():
            self.counts["conflicts"] += 1
            await self._refold(live)
            return False
        live.stored_seq = appended.last_seq
        elapsed = time.perf_counter() - started
        for hook in self.on_commit:
            hook(live, elapsed)
        live.unsent += 1  # pushed when the writer has no job waiting (a burst at once)
        if live.unsent >= MAX_UNSENT:
            self._fan_out(live)
        return True

    async def _refold(self, live: LiveTable) -> None:
        """Fold the table again from the store: drops whatever was not committed. While the
        store cannot be read the table stays ``stale`` and takes no command."""
        live.stale = True
        for attempt in range(5):
            try:
                stored = await self.db(self.store.read, live.stream)
                live.table = self._fold(live.row, stored)
            except CroupierError as exc:
                live.fault = f"cannot fold table {live.id}: {exc}"
                log.error(live.fault)
                return
            except Exception as exc:
                log.warning("table %s: cannot read the store (%s), retrying", live.id, exc)
                await asyncio.sleep(0.1 * (attempt + 1))
                continue
            live.stored_seq = live.table.seq
            live.stale = False
            self.counts["refolds"] += 1
            self._fan_out(live)
            return

    async def refresh(self, table_id: str) -> None:
        """Another process appended to ``table_id``: fold what it wrote (in the writer)."""
        live = self.tables.get(table_id)
        if live is None:
            await self.discover()
            return
        if live.task is None:
            return

        async def run() -> None:
            await self._fold_if_behind(live)

        await live.queue.put(run)

    async def _fold_if_behind(self, live: LiveTable) -> None:
        """In the writer: fold ``live`` again when the record holds more than this process
        folded (another process's commits). A head that cannot be read marks the table stale:
        it is folded before its next use, not left behind."""
        try:
            head = (await self.db(self.store.head, live.stream))[0]
        except Exception:
            live.stale = True
            raise
        if head > live.stored_seq:
            await self._refold(live)

    async def discover(self) -> None:
        """Load the tables another process opened since (one discovery at a time)."""
        async with self._discovering:
            rows = await self.db(self.store.tables)
            new = [row for row in rows if row.id not in self.tables]
            if not new:
                return
            bots = await self.db(self._bot_records)
            for row in new:
                await self._load(row, bots.get(row.id, {}))

    # -- fan-out ----------------------------------------------------------------------------

    async def subscribe(
        self, table_id: str, subscriber: Subscriber, person: str | None
    ) -> LiveTable:
        """Start pushing ``table_id`` to ``subscriber`` (from its ``seq``, or a view first).
        Runs in the writer, so it sees only committed entries."""
        live = self.live(table_id)

        async def run() -> None:
            if subscriber.seq is not None and subscriber.seq > live.stored_seq:
                await self._fold_if_behind(live)  # the client saw more: this process is behind?
            if live.stale and not await self._ready(live):
                raise RecordUnavailable(f"table {table_id!r} cannot be read back now")
            live.subscribers.add(subscriber)
            if person:
                live.present[person] += 1
            self._catch_up(live, subscriber)

        await self._job(live, run)  # a person arriving may end the table's rest
        return live

    def unsubscribe(self, table_id: str, subscriber: Subscriber, person: str | None) -> None:
        live = self.tables.get(table_id)
        if live is None or subscriber not in live.subscribers:
            return
        live.subscribers.discard(subscriber)
        if person:
            live.present[person] -= 1
            if live.present[person] <= 0:
                del live.present[person]

    # -- the writer and progress ------------------------------------------------------------

    async def _writer(self, live: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        while not self._closing:
            job = await live.queue.get()
            try:
                await job()
            except Exception:
                log.exception("table %s: a job failed", live.id)
                # what the job should have scheduled next, it may not have: progress is tried
                # again, later after each failure in a row (at most every JOB_RETRY_MAX_S)
                live.failures += 1
                retry = min(JOB_RETRY_S * 2 ** (live.failures - 1), JOB_RETRY_MAX_S)
                self._wake(live, int(retry * 1000))
            live.idle_since = loop.time()
            if live.unsent and live.queue.empty():
                # the answers queued by the jobs just done go out before the pushes: two turns
                # of the loop, so that every connection answered in this turn (a group commit
                # wakes the writers of all its tables at once) sends before any of those
                # tables computes its views (issue 21: the last answer of a batch waited for
                # every table's fan-out)
                await asyncio.sleep(0)
                await asyncio.sleep(0)
                if live.unsent and live.queue.empty():
                    try:
                        self._fan_out(live)
                    except Exception:  # the writer goes on, and tries the fan-out again soon:
                        # each subscriber then catches up from its seq
                        log.exception("table %s: a fan-out failed", live.id)
                        live.unsent = max(live.unsent, 1)
                        asyncio.get_running_loop().call_later(
                            FAN_OUT_RETRY_S, live.queue.put_nowait, _nothing
                        )

    def _wake(self, live: LiveTable, delay_ms: int = 0) -> None:
        """Make progress at ``live`` after ``delay_ms`` (one pending wake-up at a time)."""
        if live.progress_pending or live.task is None or self._closing:
            return
        live.progress_pending = True

        def enqueue() -> None:
            live.wake_handle = None
            live.queue.put_nowait(lambda: self._progress(live))

        if delay_ms <= 0:
            enqueue()
        else:
            live.wake_handle = asyncio.get_running_loop().call_later(delay_ms / 1000, enqueue)

    async def _progress(self, live: LiveTable) -> None:
        """One automatic step (:meth:`_step`); the table's failures in a row end with it."""
        await self._step(live)
        live.failures = 0

    async def _step(self, live: LiveTable) -> None:
        """One automatic step: a bot, a house step or a timeout; arm the next (see above)."""
        live.progress_pending = False
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        if not await self._ready(live) or live.table.closed:
            return
        table = live.table
        waits = table.waiting_on()
        bot_wait = next((w for w in waits if w.actor.is_player and w.actor.name in live.bots), None)
        if bot_wait is not None:
            await self._bot_step(live, bot_wait.actor)
            return
        at = self._at(live)
        if waits:
            due = [w for w in waits if w.deadline is not None and w.deadline <= at]
            if due:
                await self._timeout(live, due[0].actor)
                return
            deadlines = [w.deadline for w in waits if w.deadline is not None]
            if deadlines:
                self._arm(live, min(deadlines) - self.clock())
            return
        if not live.in_round():
            await self._seat_missing_bots(live)
            resting = not any(p in live.present for p in live.humans_seated())
            if resting and not self.settings.bots_play_alone:
                return
        await self._house_step(live)

    def _arm(self, live: LiveTable, delay_ms: int) -> None:
        loop = asyncio.get_running_loop()
        live.timer = loop.call_later(max(delay_ms, 0) / 1000 + 0.001, lambda: self._wake(live))

    async def _bot_step(self, live: LiveTable, actor: Actor) -> None:
        table = live.table
        offers = table.legal(actor)
        if not offers:
            return
        try:
            command = live.bots[actor.name].choose(table.view(actor), offers)
        except CroupierError as exc:
            log.warning("table %s: bot %s cannot choose: %s", live.id, actor, exc)
            return
        cid = f"bot:{table.seq}:{actor.name}"
        outcome = await self._apply(live, actor, command.to_dict(), cid)
        if not outcome.accepted:
            log.warning("table %s: bot %s refused: %s", live.id, actor, outcome.message)
            return
        self._wake(live, self.settings.bot_delay_ms)

    async def _timeout(self, live: LiveTable, actor: Actor) -> None:
        try:
            if await self._act(live, lambda table: table.timeout(actor, at=self._at(live))):
                self.counts["timeouts"] += 1
        except CroupierError as exc:
            log.info("table %s: no timeout for %s: %s", live.id, actor, exc)
        self._wake(live)

    async def _house_step(self, live: LiveTable) -> None:
        try:
            done = await self._act(live, lambda table: table.step_house(at=self._at(live)))
        except CroupierError as exc:
            log.error("table %s: the house step was refused: %s", live.id, exc)
            return
        if done is None:
            return
        self.counts["house_steps"] += 1
        self._wake(live, self.settings.bot_delay_ms if live.bots else 0)

    async def _seat_missing_bots(self, live: LiveTable) -> None:
        """Seat (again) any of the table's bots that is not seated, between rounds."""
        for name in sorted(live.bots):
            commands = live.table.join_commands(name)
            for i, command in enumerate(commands):
                cid = f"join:{live.table.seq}:{name}:{i}"
                outcome = await self._apply(live, Actor.player(name), command.to_dict(), cid)
                if not outcome.accepted:
                    break
            if commands:
                self._wake(live)
