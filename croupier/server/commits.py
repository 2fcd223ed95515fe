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
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from croupier.errors import CroupierError
from croupier.server.store import Appended, Conflict, DuplicateCommand, EventStore, LedgerTx

__all__ = ["AppendRequest", "GroupCommit", "append_batch"]


@dataclass(frozen=True)
class AppendRequest:
    """The arguments of one :meth:`EventStore.append`."""

    stream: str
    entries: Sequence[Mapping[str, Any]]
    expected_seq: int | None
    genesis: str | None = None
    command_id: str | None = None
    ledger: Sequence[LedgerTx] = ()


def append_batch(
    store: EventStore, requests: Sequence[AppendRequest]
) -> list[Appended | Exception]:
    """Write ``requests`` in one transaction, each in a savepoint: for each, what it appended
    (or what its command id appended before) or the error that rolled it back. An error of the
    transaction itself (the commit) propagates."""
    from sqlalchemy.exc import IntegrityError

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
