"""Group commit: the appends of every table that arrive while a commit is on disk share the next
one.

Measured under load (``bench/bench_server.py``, issue 21), the server spent its time waiting for
the database's commits: one ``fsync`` per command (SQLite's ``synchronous=FULL``, PostgreSQL's
``synchronous_commit``), all of them in a row behind SQLite's write lock or PostgreSQL's
positions row lock (the gapless global position serialises appends anyway). :class:`GroupCommit`
keeps one committer: an append waits in a queue; the committer takes every append waiting
(up to ``max_batch``) and writes them in **one** database transaction, each in its own
savepoint, so each append still succeeds or fails alone:

* a :class:`~croupier.server.store.Conflict`, a
  :class:`~croupier.server.store.LedgerError` or a unique key lost inside one append rolls back
  that savepoint only (with the positions it took: they stay gapless) and is handed to its
  caller; a retried command id answers with what it wrote the first time, as
  :meth:`EventStore.append` does;
* the others commit together, and nobody is answered before that commit: the promise "committed
  before told" holds for each of them;
* if the commit itself fails, every append of the batch gets the error, whose outcome is
  unknown to the caller, which then folds its table again from the store (the hub does).

With one append waiting the batch is that append: nothing waits for a batch to fill.

**Few statements a batch.** Under load the database thread spent most of its time in the
statements, not the ``fsync``: about a dozen a command (the savepoint and its release, the
positions, the command id, the head, the ledger keys, the events, the command's row, each ledger
transaction and its entries), each one a round trip through SQLAlchemy and a wait to win the GIL
back from the busy event loop. So a batch is first written the short way
(:func:`append_fast`): the positions of the whole batch taken at once, every command id, head and
ledger key checked by one query each, and every table's events, commands rows, ledger
transactions and entries inserted by one multi-row statement each: about eight statements a
batch instead of a dozen an append. Anything out of the ordinary (a retried command id, a head
that moved, a ledger key used, a debit of a wallet, which needs its balance and the cashier's
guard checked, a rule or unique key that fails) rolls that transaction back whole, positions
included, and the batch is written again the careful way, each append in its own savepoint as
above. Either way the rows written are the same, in the same order.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from croupier.errors import CroupierError, RuleViolation
from croupier.server import schema
from croupier.server.entries import NOTIFY_CHANNEL, notify_payload
from croupier.server.store import (
    HOUSE_GENESIS,
    NEVER_NEGATIVE,
    Appended,
    Conflict,
    DuplicateCommand,
    EventStore,
    LedgerTx,
    _statements,
    event_rows,
    stored_events,
)

__all__ = ["AppendRequest", "GroupCommit", "append_batch", "append_fast"]


log = logging.getLogger("croupier.server")


@dataclass(frozen=True)
class AppendRequest:
    """The arguments of one :meth:`EventStore.append`."""

    stream: str
    entries: Sequence[Mapping[str, Any]]
    expected_seq: int | None
    genesis: str | None = None
    command_id: str | None = None
    ledger: Sequence[LedgerTx] = ()
    #: house-stream entries written in the same transaction (:meth:`EventStore.append`)
    house: Sequence[Mapping[str, Any]] = ()


class _Careful(Exception):
    """The batch needs the careful path: something in it is out of the ordinary."""


@functools.cache
def _batch_statements() -> SimpleNamespace:
    """The short path's statements, built once (see :func:`croupier.server.store._statements`)."""
    from sqlalchemy import bindparam, insert, select, text, tuple_

    events, commands, ledger_tx = schema.events, schema.commands, schema.ledger_tx
    return SimpleNamespace(
        commands_found=select(commands.c.stream).where(
            tuple_(commands.c.stream, commands.c.command_id).in_(bindparam("pairs", expanding=True))
        ),
        events_at=select(events.c.stream, events.c.seq, events.c.hash).where(
            tuple_(events.c.stream, events.c.seq).in_(bindparam("pairs", expanding=True))
        ),
        insert_txs=insert(ledger_tx).returning(ledger_tx.c.id, sort_by_parameter_order=True),
        notify=text("SELECT pg_notify(:channel, :payload)"),
    )


def _ordinary(requests: Sequence[AppendRequest]) -> bool:
    """True when nothing in ``requests`` needs the careful path before the database is read:
    one append a stream, each expecting a seq, with entries, no ledger key twice, no entry of
    the house stream's to write with it, and no debit of an account that may never go below
    zero (its balance and the guards need checking)."""
    streams = {r.stream for r in requests}
    keys = [tx.key for r in requests for tx in r.ledger]
    return (
        len(streams) == len(requests)
        and not any(r.house for r in requests)
        and len(set(keys)) == len(keys)
        and all(r.expected_seq is not None and r.entries for r in requests)
        and not any(
            amount < 0 and account.startswith(NEVER_NEGATIVE)
            for r in requests
            for tx in r.ledger
            for account, amount in tx.entries
        )
    )


def append_fast(store: EventStore, requests: Sequence[AppendRequest]) -> list[Appended] | None:
    """Write ordinary ``requests`` the short way (see the module docstring) in one transaction,
    committed on return: what each appended. None (nothing written, the transaction rolled back)
    when something is out of the ordinary: the caller writes them the careful way."""
    from sqlalchemy.exc import DataError, IntegrityError

    if not requests or not _ordinary(requests):
        return None
    try:
        with store.transaction() as connection:
            return _append_fast_in(store, connection, requests)
    except (_Careful, CroupierError, IntegrityError, DataError):
        return None


def _append_fast_in(
    store: EventStore, connection: Any, requests: Sequence[AppendRequest]
) -> list[Appended]:
    statements, batch = _statements(), _batch_statements()
    total = sum(len(r.entries) for r in requests)
    # the global position lock first, held to commit, as every append takes it
    pos = connection.execute(statements.take_positions, {"count": total}).scalar_one() - total + 1
    ids = [(r.stream, r.command_id) for r in requests if r.command_id is not None]
    if ids and connection.execute(batch.commands_found, {"pairs": ids}).first() is not None:
        raise _Careful("a retried command id")
    # the heads: the row at each expected seq, and none after it (seqs are gapless)
    pairs = [(r.stream, r.expected_seq) for r in requests if r.expected_seq]
    pairs += [(r.stream, (r.expected_seq or 0) + 1) for r in requests]
    found = {
        (row.stream, row.seq): row.hash
        for row in connection.execute(batch.events_at, {"pairs": pairs})
    }
    keys = [tx.key for r in requests for tx in r.ledger]
    if keys and connection.execute(statements.keys_used, {"keys": keys}).first() is not None:
        raise _Careful("a ledger key used")
    events: list[dict[str, Any]] = []
    command_rows: list[dict[str, Any]] = []
    tx_rows: list[dict[str, Any]] = []
    tx_entries: list[tuple[tuple[str, int], ...]] = []
    out: list[Appended] = []
    for r in requests:
        expected = r.expected_seq or 0
        if (r.stream, expected + 1) in found:
            raise _Careful("the head moved")
        head_hash = found.get((r.stream, expected)) if expected else r.genesis or HOUSE_GENESIS
        if head_hash is None:
            raise _Careful("the head moved")
        rows = event_rows(r.stream, r.entries, expected, head_hash, pos)
        pos += len(rows)
        events += rows
        last_seq, at = rows[-1]["seq"], rows[-1]["at"]
        if r.command_id is not None:
            command_rows.append(
                {
                    "stream": r.stream,
                    "command_id": r.command_id,
                    "actor": rows[0]["actor"],
                    "first_seq": expected + 1,
                    "last_seq": last_seq,
                    "at": rows[0]["at"],
                }
            )
        for tx in r.ledger:
            tx_rows.append(
                {"key": tx.key, "stream": r.stream, "seq": last_seq, "kind": tx.kind,
                 "memo": tx.memo, "at": at}
            )  # fmt: skip
            tx_entries.append(tx.entries)
        out.append(Appended(r.stream, expected + 1, last_seq, stored_events(rows)))
    connection.execute(statements.insert_events, events)
    if command_rows:
        connection.execute(statements.insert_command, command_rows)
    if tx_rows:
        tx_ids = connection.execute(batch.insert_txs, tx_rows).scalars().all()
        connection.execute(
            statements.insert_entries,
            [
                {"tx_id": tx_id, "n": n, "account": account, "amount": amount}
                for tx_id, entries in zip(tx_ids, tx_entries, strict=True)
                for n, (account, amount) in enumerate(entries)
            ],
        )
        for r, appended in zip(requests, out, strict=True):
            if r.ledger:
                for guard in store.guards:
                    guard(connection, r.ledger, appended.events[-1].at)
    if store.dialect == "postgresql":
        connection.execute(
            batch.notify,
            [
                {
                    "channel": NOTIFY_CHANNEL,
                    "payload": notify_payload(store.origin, a.last_seq, a.stream),
                }
                for a in out
            ],
        )
    return out


def append_batch(
    store: EventStore, requests: Sequence[AppendRequest]
) -> list[Appended | Exception]:
    """Write ``requests`` in one transaction, the short way when they are ordinary
    (:func:`append_fast`), else each in a savepoint: for each, what it appended (or what its
    command id appended before) or the error that rolled it back. An error of the transaction
    itself (the commit) propagates."""
    from sqlalchemy.exc import DataError, IntegrityError

    fast = append_fast(store, requests)
    if fast is not None:
        return list(fast)
    out: list[Appended | Exception] = []
    with store.transaction() as connection:
        for request in requests:
            savepoint = connection.begin_nested()
            try:
                appended = store.append_in(
                    connection,
                    request.stream,
                    request.entries,
                    expected_seq=request.expected_seq,
                    genesis=request.genesis,
                    command_id=request.command_id,
                    ledger=request.ledger,
                    house=request.house,
                )
            except DuplicateCommand as duplicate:
                savepoint.rollback()
                out.append(duplicate.first)
            except (CroupierError, IntegrityError) as exc:
                savepoint.rollback()
                out.append(
                    exc
                    if isinstance(exc, CroupierError)
                    else Conflict(request.stream, request.expected_seq or -1, -1)
                )
            except DataError as exc:  # a value the database cannot store: this append's alone
                savepoint.rollback()
                log.warning(
                    "stream %s: the database refused a value (%s)", request.stream, exc.orig
                )
                out.append(
                    RuleViolation(
                        "protocol", "the record cannot store this command (a value it refuses)"
                    )
                )
            else:
                savepoint.commit()
                out.append(appended)
    return out


class GroupCommit:
    """One committer for a store (see the module docstring). ``executor`` runs the blocking
    database calls."""

    def __init__(self, store: EventStore, executor: Executor, *, max_batch: int = 64) -> None:
        self.store = store
        self.executor = executor
        self.max_batch = max_batch
        self._queue: asyncio.Queue[tuple[AppendRequest, asyncio.Future[Appended]]] | None = None
        self._task: asyncio.Task[None] | None = None
        #: batches written, appends written (for /metrics and the benchmark)
        self.batches = 0
        self.appends = 0

    async def append(self, request: AppendRequest) -> Appended:
        """Append as :meth:`EventStore.append` does, in the next group commit."""
        if self._queue is None:
            self._queue = asyncio.Queue()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(self._queue), name="croupier-commit")
        future: asyncio.Future[Appended] = asyncio.get_running_loop().create_future()
        await self._queue.put((request, future))
        return await future

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(
        self, queue: asyncio.Queue[tuple[AppendRequest, asyncio.Future[Appended]]]
    ) -> None:
        loop = asyncio.get_running_loop()
        while True:
            batch = [await queue.get()]
            while len(batch) < self.max_batch and not queue.empty():
                batch.append(queue.get_nowait())
            requests = [request for request, _ in batch]
            try:
                results: list[Appended | Exception] = await loop.run_in_executor(
                    self.executor, append_batch, self.store, requests
                )
            except asyncio.CancelledError:
                for _, future in batch:
                    if not future.done():
                        future.cancel()
                raise
            except Exception as exc:  # the commit failed: every outcome is unknown
                results = [exc] * len(batch)
            self.batches += 1
            self.appends += len(batch)
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue
                if isinstance(result, Exception):
                    future.set_exception(result)
                else:
                    future.set_result(result)
