"""The append-only event store and the ledger, on SQLAlchemy Core (SQLite file or PostgreSQL).

A **stream** is one log: a table (``table:<id>``) or the ``house`` (logins, accounts, tables
opened, voids). Each event has its stream's next ``seq`` (1, 2, ...), a hash chaining it to the
previous event of its stream, and a **global position** ``pos`` shared by all streams.

Rules, each enforced where it cannot be bypassed:

* **Insert only.** The store has no UPDATE or DELETE of the record; the database refuses them
  too (triggers from the migrations), so a bug or a hand cannot rewrite history.
* **One transaction per command.** :meth:`EventStore.append` writes the command's events, its
  ``commands`` row (the idempotency record of its ``command_id``) and the ledger transactions it
  causes in one database transaction: money and play can never disagree, and nothing is told to
  anyone before the commit.
* **Optimistic concurrency.** ``expected_seq`` is the seq the writer last saw; another writer who
  got there first makes :class:`Conflict` (UNIQUE(stream, seq) is the last word), the writer
  re-reads and retries.
* **Gapless global position, in commit order.** An autoincrement is not: on PostgreSQL a
  sequence value is taken before commit, so a reader may see pos 8 committed while 7 is still in
  flight (and skip 7 forever), and a rolled-back transaction leaves a hole. Here each appending
  transaction first increments the single row of ``positions`` (``UPDATE ... RETURNING``). The
  row lock is held to commit, so appends are serialised, positions are handed out in commit
  order, and a rollback gives its numbers back. A reader that has seen ``pos`` n has seen every
  position below n. The cost is one global write lock per append (a few hundred microseconds on
  PostgreSQL); SQLite serialises writers anyway (``BEGIN IMMEDIATE``).
* **Hash chain.** ``hash = sha256(prev_hash + "\\n" + canonical JSON of the event's stream, seq,
  type, payload, at, actor and command_id)``, the first event chaining from :data:`GENESIS`. The
  payload is stored as the very canonical text that was hashed, so the chain re-checks byte for
  byte on either database and in an export.
* **Ledger.** A :class:`LedgerTx` is double entry: its entries sum to zero (checked here, and by
  a deferred trigger on PostgreSQL); its ``key`` is unique, so the same movement cannot be
  written twice.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import orjson

from croupier.errors import CroupierError
from croupier.server import schema

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

__all__ = [
    "GENESIS",
    "Appended",
    "ChainFault",
    "Conflict",
    "DuplicateCommand",
    "EventStore",
    "LedgerError",
    "LedgerTx",
    "NewEvent",
    "StoredEvent",
    "canonical",
    "event_hash",
    "format_time",
    "parse_time",
]

#: The ``prev_hash`` of every stream's first event.
GENESIS = "0" * 64
HOUSE = "house"
NOTIFY_CHANNEL = "croupier_events"


def canonical(value: Any) -> str:
    """The canonical JSON text of ``value``: sorted keys, no spaces, UTF-8, integers only.

    >>> canonical({"b": [1, 2], "a": "é"})
    '{"a":"é","b":[1,2]}'
    >>> canonical({"x": 0.5})
    Traceback (most recent call last):
    ...
    croupier.errors.CroupierError: floats are not allowed in the record (0.5): amounts are integers
    """
    _refuse_floats(value)
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def _refuse_floats(value: Any) -> None:
    if isinstance(value, float):
        raise CroupierError(
            f"floats are not allowed in the record ({value!r}): amounts are integers"
        )
    if isinstance(value, dict):
        for item in value.values():
            _refuse_floats(item)
    elif isinstance(value, list | tuple):
        for item in value:
            _refuse_floats(item)


def format_time(moment: datetime) -> str:
    """UTC text with microseconds, the one format stored: sorts as text.

    >>> format_time(datetime(2024, 5, 1, 12, 0, tzinfo=UTC))
    '2024-05-01T12:00:00.000000Z'
    """
    if moment.tzinfo is None:
        raise ValueError(f"a time in the record must be aware (UTC), got {moment!r}")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_time(text: str) -> datetime:
    """The aware datetime of a stored time (:func:`format_time`)."""
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)


def event_hash(
    prev_hash: str,
    stream: str,
    seq: int,
    type_: str,
    payload_text: str,
    at: str,
    actor: str | None,
    command_id: str | None,
) -> str:
    """The chain hash of one event (see the module docstring); ``payload_text`` is canonical."""
    head = canonical(
        {
            "stream": stream,
            "seq": seq,
            "type": type_,
            "at": at,
            "actor": actor,
            "command_id": command_id,
        }
    )
    material = f"{prev_hash}\n{head}\n{payload_text}".encode()
    return hashlib.sha256(material).hexdigest()


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append: its type and JSON payload (no floats)."""

    type: str
    payload: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as committed."""

    pos: int
    stream: str
    seq: int
    type: str
    payload: dict[str, Any]
    at: str
    actor: str | None
    command_id: str | None
    prev_hash: str
    hash: str
    payload_text: str

    def expected_hash(self) -> str:
        """The hash this event must have, recomputed from its fields."""
        return event_hash(
            self.prev_hash,
            self.stream,
            self.seq,
            self.type,
            self.payload_text,
            self.at,
            self.actor,
            self.command_id,
        )

    def to_record(self) -> dict[str, Any]:
        """The exported form (JSONL): every field, the payload as its canonical text."""
        return {
            "pos": self.pos,
            "stream": self.stream,
            "seq": self.seq,
            "type": self.type,
            "payload": self.payload_text,
            "at": self.at,
            "actor": self.actor,
            "command_id": self.command_id,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }


@dataclass(frozen=True, slots=True)
class LedgerTx:
    """A double-entry movement: ``entries`` are (account, amount) pairs summing to zero."""

    key: str
    kind: str
    entries: tuple[tuple[str, int], ...]
    memo: str = ""

    def __post_init__(self) -> None:
        if len(self.entries) < 2:
            raise LedgerError(f"ledger transaction {self.key!r} needs two entries or more")
        for account, amount in self.entries:
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise LedgerError(
                    f"ledger transaction {self.key!r}: amount {amount!r} of {account!r} is not "
                    "an integer of the smallest unit"
                )
        total = sum(amount for _, amount in self.entries)
        if total != 0:
            raise LedgerError(f"ledger transaction {self.key!r} sums to {total}, not 0")


@dataclass(frozen=True, slots=True)
class Appended:
    """What an append wrote (or, for a retried ``command_id``, what the first one wrote)."""

    stream: str
    first_seq: int
    last_seq: int
    events: tuple[StoredEvent, ...]
    duplicate: bool = False


@dataclass(frozen=True, slots=True)
class ChainFault:
    """The first thing wrong in a stream's record."""

    stream: str
    seq: int
    pos: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.stream} seq {self.seq}" + (f" (pos {self.pos})" if self.pos else "")
        return f"{where}: {self.message}"


class Conflict(CroupierError):
    """Another writer appended to ``stream`` first: re-read from ``head`` and retry."""

    def __init__(self, stream: str, expected: int, head: int) -> None:
        self.stream = stream
        self.expected = expected
        self.head = head
        super().__init__(f"stream {stream!r} is at seq {head}, not {expected}: re-read and retry")


class DuplicateCommand(CroupierError):
    """The command was applied before: ``first`` is what it appended then."""

    def __init__(self, first: Appended) -> None:
        self.first = first
        super().__init__(f"command {first.events[0].command_id!r} was applied before")


class LedgerError(CroupierError):
    """A ledger transaction that does not balance, or reuses another's key."""


def _row_event(row: Any) -> StoredEvent:
    return StoredEvent(
        pos=row.pos,
        stream=row.stream,
        seq=row.seq,
        type=row.type,
        payload=orjson.loads(row.payload),
        at=row.at,
        actor=row.actor,
        command_id=row.command_id,
        prev_hash=row.prev_hash,
        hash=row.hash,
        payload_text=row.payload,
    )


class EventStore:
    """Appends and reads events and ledger transactions; all methods are synchronous (the
    server runs them in worker threads)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.dialect = str(engine.dialect.name)

    # -- transactions -----------------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """A write transaction (``BEGIN IMMEDIATE`` on SQLite), committed on leaving."""
        with self.engine.begin() as connection:
            yield connection

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A read transaction (one consistent snapshot; never takes SQLite's write lock)."""
        connect = self.engine.connect().execution_options(croupier_read=True)
        with connect as connection, connection.begin():
            yield connection

    # -- writing ----------------------------------------------------------------------------

    def append(
        self,
        stream: str,
        events: Sequence[NewEvent],
        *,
        expected_seq: int | None,
        at: datetime,
        actor: str | None = None,
        command_id: str | None = None,
        ledger: Sequence[LedgerTx] = (),
    ) -> Appended:
        """Append ``events`` after ``expected_seq`` (None: after whatever is there) in one
        transaction with their ``ledger`` transactions; see the module docstring."""
        from sqlalchemy.exc import IntegrityError

        try:
            with self.transaction() as connection:
                return self.append_in(
                    connection,
                    stream,
                    events,
                    expected_seq=expected_seq,
                    at=at,
                    actor=actor,
                    command_id=command_id,
                    ledger=ledger,
                )
        except DuplicateCommand as duplicate:
            return duplicate.first
        except IntegrityError:
            # A unique key lost a race with another process (possible only without the
            # positions lock, e.g. a hand-made insert): decide which, from the committed record.
            if command_id is not None:
                found = self.command(stream, command_id)
                if found is not None:
                    return found
            head = self.head(stream)[0]
            raise Conflict(stream, -1 if expected_seq is None else expected_seq, head) from None

    def append_in(
        self,
        connection: Connection,
        stream: str,
        events: Sequence[NewEvent],
        *,
        expected_seq: int | None,
        at: datetime,
        actor: str | None = None,
        command_id: str | None = None,
        ledger: Sequence[LedgerTx] = (),
    ) -> Appended:
        """:meth:`append` inside the caller's write transaction (e.g. with an account change).

        Raises :class:`Conflict`, :class:`DuplicateCommand` or :class:`LedgerError`, each of
        which must roll the caller's transaction back (it holds positions it must give back).
        """
        from sqlalchemy import insert, select, update

        if not events:
            raise CroupierError("an append needs at least one event")
        # 1. The global position lock (see the module docstring): taken first, held to commit.
        last_pos = connection.execute(
            update(schema.positions)
            .where(schema.positions.c.id == 1)
            .values(last=schema.positions.c.last + len(events))
            .returning(schema.positions.c.last)
        ).scalar_one()
        first_pos = last_pos - len(events) + 1
        # 2. A retried command is answered with what it wrote the first time.
        if command_id is not None:
            found = self._command_in(connection, stream, command_id)
            if found is not None:
                raise DuplicateCommand(found)
        # 3. The concurrency check.
        head_seq, head_hash = self._head_in(connection, stream)
        if expected_seq is not None and head_seq != expected_seq:
            raise Conflict(stream, expected_seq, head_seq)
        if ledger:
            keys = [tx.key for tx in ledger]
            reused = connection.execute(
                select(schema.ledger_tx.c.key).where(schema.ledger_tx.c.key.in_(keys))
            ).first()
            if reused is not None or len(set(keys)) != len(keys):
                raise LedgerError(f"ledger key {reused[0] if reused else keys!r} is already used")
        when = format_time(at)
        rows: list[dict[str, Any]] = []
        prev = head_hash
        for i, new in enumerate(events):
            seq = head_seq + 1 + i
            text = canonical(dict(new.payload))
            digest = event_hash(prev, stream, seq, new.type, text, when, actor, command_id)
            rows.append(
                {
                    "pos": first_pos + i,
                    "stream": stream,
                    "seq": seq,
                    "type": new.type,
                    "payload": text,
                    "at": when,
                    "actor": actor,
                    "command_id": command_id,
                    "prev_hash": prev,
                    "hash": digest,
                }
            )
            prev = digest
        connection.execute(insert(schema.events), rows)
        last_seq = head_seq + len(events)
        if command_id is not None:
            connection.execute(
                insert(schema.commands).values(
                    stream=stream,
                    command_id=command_id,
                    actor=actor,
                    first_seq=head_seq + 1,
                    last_seq=last_seq,
                    at=when,
                )
            )
        for tx in ledger:
            self._post_in(connection, tx, stream=stream, seq=last_seq, at=when)
        if self.dialect == "postgresql":
            from sqlalchemy import text as sql_text

            connection.execute(
                sql_text("SELECT pg_notify(:channel, :payload)"),
                {"channel": NOTIFY_CHANNEL, "payload": f"{last_pos}:{last_seq}:{stream}"},
            )
        stored = tuple(
            StoredEvent(
                pos=r["pos"],
                stream=stream,
                seq=r["seq"],
                type=r["type"],
                payload=orjson.loads(r["payload"]),
                at=when,
                actor=actor,
                command_id=command_id,
                prev_hash=r["prev_hash"],
                hash=r["hash"],
                payload_text=r["payload"],
            )
            for r in rows
        )
        return Appended(stream, head_seq + 1, last_seq, stored)

    def _post_in(
        self, connection: Connection, tx: LedgerTx, *, stream: str | None, seq: int | None, at: str
    ) -> None:
        from sqlalchemy import insert

        tx_id = connection.execute(
            insert(schema.ledger_tx)
            .values(key=tx.key, stream=stream, seq=seq, kind=tx.kind, memo=tx.memo, at=at)
            .returning(schema.ledger_tx.c.id)
        ).scalar_one()
        connection.execute(
            insert(schema.ledger_entries),
            [
                {"tx_id": tx_id, "n": n, "account": account, "amount": amount}
                for n, (account, amount) in enumerate(tx.entries)
            ],
        )

    # -- reading ----------------------------------------------------------------------------

    def _head_in(self, connection: Connection, stream: str) -> tuple[int, str]:
        from sqlalchemy import select

        row = connection.execute(
            select(schema.events.c.seq, schema.events.c.hash)
            .where(schema.events.c.stream == stream)
            .order_by(schema.events.c.seq.desc())
            .limit(1)
        ).first()
        return (0, GENESIS) if row is None else (int(row.seq), str(row.hash))

    def head(self, stream: str) -> tuple[int, str]:
        """The last seq of ``stream`` and its hash ((0, GENESIS) for an empty stream)."""
        with self.reading() as connection:
            return self._head_in(connection, stream)

    def _command_in(self, connection: Connection, stream: str, command_id: str) -> Appended | None:
        from sqlalchemy import select

        row = connection.execute(
            select(schema.commands).where(
                schema.commands.c.stream == stream, schema.commands.c.command_id == command_id
            )
        ).first()
        if row is None:
            return None
        stored = self._read_in(connection, stream, row.first_seq - 1, row.last_seq)
        return Appended(stream, row.first_seq, row.last_seq, tuple(stored), duplicate=True)

    def command(self, stream: str, command_id: str) -> Appended | None:
        """What ``command_id`` appended to ``stream``, or None if it never did."""
        with self.reading() as connection:
            return self._command_in(connection, stream, command_id)

    def _read_in(
        self, connection: Connection, stream: str, after: int, upto: int | None = None
    ) -> list[StoredEvent]:
        from sqlalchemy import select

        query = select(schema.events).where(
            schema.events.c.stream == stream, schema.events.c.seq > after
        )
        if upto is not None:
            query = query.where(schema.events.c.seq <= upto)
        return [_row_event(r) for r in connection.execute(query.order_by(schema.events.c.seq))]

    def read(self, stream: str, after: int = 0, upto: int | None = None) -> list[StoredEvent]:
        """The events of ``stream`` with ``after < seq <= upto``, in seq order."""
        with self.reading() as connection:
            return self._read_in(connection, stream, after, upto)

    def read_all(self, after_pos: int = 0, limit: int = 1000) -> list[StoredEvent]:
        """Every stream's events after global position ``after_pos``, in position order."""
        from sqlalchemy import select

        with self.reading() as connection:
            query = (
                select(schema.events)
                .where(schema.events.c.pos > after_pos)
                .order_by(schema.events.c.pos)
                .limit(limit)
            )
            return [_row_event(r) for r in connection.execute(query)]

    def last_position(self) -> int:
        """The last global position handed out (every position up to it is committed)."""
        from sqlalchemy import select

        with self.reading() as connection:
            return int(
                connection.execute(
                    select(schema.positions.c.last).where(schema.positions.c.id == 1)
                ).scalar_one()
            )

    def streams(self, prefix: str = "") -> list[str]:
        """The names of the streams starting with ``prefix``, sorted."""
        from sqlalchemy import select

        with self.reading() as connection:
            query = select(schema.events.c.stream).distinct()
            if prefix:
                query = query.where(schema.events.c.stream.startswith(prefix, autoescape=True))
            return sorted(str(r[0]) for r in connection.execute(query))

    # -- the ledger -------------------------------------------------------------------------

    def balances(self, prefix: str = "") -> dict[str, int]:
        """The balance of every account (starting with ``prefix``) over the whole ledger."""
        from sqlalchemy import func, select

        entries = schema.ledger_entries
        with self.reading() as connection:
            query = select(entries.c.account, func.sum(entries.c.amount)).group_by(
                entries.c.account
            )
            if prefix:
                query = query.where(entries.c.account.startswith(prefix, autoescape=True))
            return {str(a): int(total) for a, total in connection.execute(query)}

    def ledger(self, stream: str | None = None) -> list[tuple[str, str, int | None, LedgerTx]]:
        """The ledger transactions (of ``stream``), oldest first: (at, stream, seq, tx)."""
        from sqlalchemy import select

        tx, entries = schema.ledger_tx, schema.ledger_entries
        with self.reading() as connection:
            query = select(tx)
            if stream is not None:
                query = query.where(tx.c.stream == stream)
            heads = list(connection.execute(query.order_by(tx.c.id)))
            lines: dict[int, list[tuple[str, int]]] = {h.id: [] for h in heads}
            if heads:
                rows = connection.execute(
                    select(entries)
                    .where(entries.c.tx_id.in_(list(lines)))
                    .order_by(entries.c.tx_id, entries.c.n)
                )
                for row in rows:
                    lines[row.tx_id].append((str(row.account), int(row.amount)))
        out: list[tuple[str, str, int | None, LedgerTx]] = []
        for h in heads:
            out.append(
                (h.at, h.stream, h.seq, _unchecked_tx(h.key, h.kind, tuple(lines[h.id]), h.memo))
            )
        return out

    # -- checking ---------------------------------------------------------------------------

    def verify_stream(self, stream: str) -> ChainFault | None:
        """The first fault in ``stream``'s chain (seq gaps, a broken link, a wrong hash)."""
        prev = GENESIS
        expected_seq = 1
        for event in self.read(stream):
            fault = check_link(event, expected_seq, prev)
            if fault is not None:
                return fault
            prev = event.hash
            expected_seq += 1
        return None

    def verify_positions(self) -> str | None:
        """A message if the global positions are not exactly 1..last, else None."""
        from sqlalchemy import func, select

        with self.reading() as connection:
            count, low, high = connection.execute(
                select(
                    func.count(schema.events.c.pos),
                    func.min(schema.events.c.pos),
                    func.max(schema.events.c.pos),
                )
            ).one()
            last = connection.execute(select(schema.positions.c.last)).scalar_one()
        if count == 0:
            return None if last == 0 else f"no events but positions handed out up to {last}"
        if low != 1 or high != count or high != last:
            return (
                f"global positions are not gapless: {count} events span {low}..{high}, last {last}"
            )
        return None


def check_link(event: StoredEvent, expected_seq: int, prev_hash: str) -> ChainFault | None:
    """The fault of ``event`` as the next link after ``prev_hash`` at ``expected_seq``."""
    if event.seq != expected_seq:
        return ChainFault(event.stream, event.seq, event.pos, f"expected seq {expected_seq}")
    if event.prev_hash != prev_hash:
        return ChainFault(
            event.stream, event.seq, event.pos, "prev_hash does not match the previous event's hash"
        )
    if event.expected_hash() != event.hash:
        return ChainFault(
            event.stream, event.seq, event.pos, "hash does not match the event's content"
        )
    return None


def _unchecked_tx(key: str, kind: str, entries: tuple[tuple[str, int], ...], memo: str) -> LedgerTx:
    """A stored transaction as read back, even one that does not balance (for the audit)."""
    tx = object.__new__(LedgerTx)
    for name, value in (("key", key), ("kind", kind), ("entries", entries), ("memo", memo)):
        object.__setattr__(tx, name, value)
    return tx
