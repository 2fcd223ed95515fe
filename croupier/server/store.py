"""The append-only event store and the ledger, on SQLAlchemy Core (SQLite file or PostgreSQL).

A **stream** is one log: a table (``table:<id>``) or the ``house`` (logins, accounts, tables
opened, voids). Each event has its stream's next ``seq`` (1, 2, ...), a hash chaining it to the
previous event of its stream, and a **global position** ``pos`` shared by all streams.

Every stream has the one shape of the table interface's record
(:class:`croupier.table.log.Entry`): an event's payload is the entry ``{"seq", "at", "actor",
"command_id", "event", ["command"]}`` (``at`` in milliseconds of the table clock, which the
server keeps on the wall clock), and its hash is the table log's own link,
``sha256(prev_hash + canonical JSON of the entry)`` from the stream's genesis
(:func:`croupier.table.log.genesis` of the game, table id and options; :data:`HOUSE_GENESIS`
for the house). So a table's stream *is* its table log, hash for hash: ``Table.replay`` checks
it, and an export of it is a table log any croupier can verify offline.

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
* **Hash chain.** The payload is stored as the very canonical text that was hashed, so the chain
  re-checks byte for byte on either database and in an export; the other columns (``seq``,
  ``type``, ``at``, ``actor``, ``command_id``) are copies of the entry's fields for queries, and
  the audit checks that they agree with it.
* **Ledger.** A :class:`LedgerTx` is double entry: its entries sum to zero (checked here, and by
  a deferred trigger on PostgreSQL); its ``key`` is unique, so the same movement cannot be
  written twice. A person's wallet (an account ``wallet:<name>``) never goes below zero: the
  balance is checked inside the transaction that debits it, after the positions lock, so two
  debits cannot both pass (:class:`InsufficientFunds`). The caller's :attr:`EventStore.guards`
  run there too (the cashier's responsible-gaming limits).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import orjson

from croupier.errors import CroupierError, RuleViolation
from croupier.server import schema
from croupier.server.entries import (
    HOUSE,
    NOTIFY_CHANNEL,
    canonical,
    format_ms,
    format_time,
    link_text,
    notify_payload,
)
from croupier.table.log import genesis as _genesis

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

__all__ = [
    "HOUSE_GENESIS",
    "Appended",
    "ChainFault",
    "Conflict",
    "DuplicateCommand",
    "EventStore",
    "InsufficientFunds",
    "LedgerError",
    "LedgerTx",
    "StoredEvent",
    "TableRow",
]

#: The genesis of the house stream (the table log's genesis of a "house" with no options).
HOUSE_GENESIS = _genesis("house", "house", {})


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as committed: its row, and the entry it records."""

    pos: int
    stream: str
    seq: int
    type: str
    entry: dict[str, Any]
    at: str
    actor: str | None
    command_id: str | None
    prev_hash: str
    hash: str
    payload_text: str

    @property
    def event(self) -> dict[str, Any]:
        """The event's own fields (with ``type``)."""
        event: dict[str, Any] = self.entry["event"]
        return event

    def expected_hash(self) -> str:
        """The hash this event must have, recomputed from its stored entry text."""
        return link_text(self.prev_hash, self.payload_text)

    def line(self) -> dict[str, Any]:
        """The entry with its ``hash``: a line of a table log (JSONL export)."""
        return {**self.entry, "hash": self.hash}


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
class TableRow:
    """A table as opened: its id, game, options and the genesis of its chain."""

    id: str
    game: str
    options: dict[str, Any]
    genesis: str
    at: str
    actor: str | None

    @property
    def stream(self) -> str:
        return table_stream(self.id)


def table_stream(table_id: str) -> str:
    """The stream of a table.

    >>> table_stream("bac-1")
    'table:bac-1'
    """
    return f"table:{table_id}"


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


#: the accounts that never go below zero in the house ledger (people's money at the cashier);
#: a table's own accounts are kept non-negative by the table's ledger
NEVER_NEGATIVE = ("wallet:",)


class InsufficientFunds(RuleViolation):
    """A movement that would take a wallet below zero (nothing was written)."""

    def __init__(self, account: str, balance: int, key: str) -> None:
        self.account = account
        self.balance = balance
        super().__init__(
            "cashier",
            f"{account} would hold {balance} after {key}: a wallet is never negative "
            "(deposit at the cashier first)",
        )


#: a check run inside an appending transaction, after its ledger is posted: it raises (a
#: CroupierError) to refuse the whole append
Guard = Callable[["Connection", Sequence["LedgerTx"], str], None]


@functools.cache
def _statements() -> SimpleNamespace:
    """The append's statements, built once: building and keying a SQLAlchemy statement at each
    append was most of its CPU under load (issue 21's profile); built once, each is compiled
    once and its cache key kept."""
    from sqlalchemy import bindparam, insert, select, update

    events, commands, positions = schema.events, schema.commands, schema.positions
    ledger_tx, ledger_entries = schema.ledger_tx, schema.ledger_entries
    return SimpleNamespace(
        take_positions=update(positions)
        .where(positions.c.id == 1)
        .values(last=positions.c.last + bindparam("count"))
        .returning(positions.c.last),
        command=select(commands).where(
            commands.c.stream == bindparam("stream"),
            commands.c.command_id == bindparam("command_id"),
        ),
        head=select(events.c.seq, events.c.hash)
        .where(events.c.stream == bindparam("stream"))
        .order_by(events.c.seq.desc())
        .limit(1),
        keys_used=select(ledger_tx.c.key)
        .where(ledger_tx.c.key.in_(bindparam("keys", expanding=True)))
        .limit(1),
        insert_events=insert(events),
        insert_command=insert(commands),
        insert_tx=insert(ledger_tx).returning(ledger_tx.c.id),
        insert_entries=insert(ledger_entries),
    )


def event_rows(
    stream: str, entries: Sequence[Mapping[str, Any]], head_seq: int, head_hash: str, pos: int
) -> list[dict[str, Any]]:
    """The ``events`` rows of ``entries`` appended after ``head_seq`` (whose hash is
    ``head_hash``) from global position ``pos``: each entry's canonical text and its link.
    Raises :class:`Conflict` when an entry names another seq than the next one."""
    rows: list[dict[str, Any]] = []
    prev = head_hash
    for i, given in enumerate(entries):
        seq = head_seq + 1 + i
        if given.get("seq", seq) != seq:
            raise Conflict(stream, int(given["seq"]) - 1 - i, head_seq)
        entry = {**given, "seq": seq}
        text = canonical(entry)
        digest = link_text(prev, text)
        rows.append(
            {
                "pos": pos + i,
                "stream": stream,
                "seq": seq,
                "type": str(entry["event"]["type"]),
                "payload": text,
                "at": format_ms(int(entry["at"])),
                "actor": entry.get("actor"),
                "command_id": entry.get("command_id"),
                "prev_hash": prev,
                "hash": digest,
            }
        )
        prev = digest
    return rows


def stored_events(rows: Sequence[Mapping[str, Any]]) -> tuple[StoredEvent, ...]:
    """The events of :func:`event_rows` as committed."""
    return tuple(
        StoredEvent(
            pos=r["pos"],
            stream=r["stream"],
            seq=r["seq"],
            type=r["type"],
            entry=orjson.loads(r["payload"]),
            at=r["at"],
            actor=r["actor"],
            command_id=r["command_id"],
            prev_hash=r["prev_hash"],
            hash=r["hash"],
            payload_text=r["payload"],
        )
        for r in rows
    )


def _row_event(row: Any) -> StoredEvent:
    return StoredEvent(
        pos=row.pos,
        stream=row.stream,
        seq=row.seq,
        type=row.type,
        entry=orjson.loads(row.payload),
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

    def __init__(self, engine: Engine, *, origin: str = "") -> None:
        self.engine = engine
        self.dialect = str(engine.dialect.name)
        #: who appends (a server process), named in NOTIFY payloads
        self.origin = origin
        #: checks run in every appending transaction that posts money (see :data:`Guard`)
        self.guards: list[Guard] = []

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
        entries: Sequence[Mapping[str, Any]],
        *,
        expected_seq: int | None,
        genesis: str | None = None,
        command_id: str | None = None,
        ledger: Sequence[LedgerTx] = (),
        house: Sequence[Mapping[str, Any]] = (),
    ) -> Appended:
        """Append ``entries`` after ``expected_seq`` (None: after whatever is there) in one
        transaction with their ``ledger`` transactions; see the module docstring. ``house``:
        house-stream entries written in the same transaction (a dealer's command and its line
        in the house's trail are one fact: both are written or neither); a retried command
        (answered with what it appended the first time) writes them again not."""
        from sqlalchemy.exc import IntegrityError

        try:
            with self.transaction() as connection:
                return self.append_in(
                    connection,
                    stream,
                    entries,
                    expected_seq=expected_seq,
                    genesis=genesis,
                    command_id=command_id,
                    ledger=ledger,
                    house=house,
                )
        except DuplicateCommand as duplicate:
            return duplicate.first
        except IntegrityError:
            # A unique key lost a race (possible only for writes outside this store, which
            # always takes the positions lock first): decide which, from the committed record.
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
        entries: Sequence[Mapping[str, Any]],
        *,
        expected_seq: int | None,
        genesis: str | None = None,
        command_id: str | None = None,
        ledger: Sequence[LedgerTx] = (),
        house: Sequence[Mapping[str, Any]] = (),
    ) -> Appended:
        """:meth:`append` inside the caller's write transaction (e.g. with an account change).

        ``entries`` are table-log entries (``at``, ``actor``, ``command_id``, ``event``, maybe
        ``command`` and ``seq``; a given ``seq`` must be the next one). ``genesis`` is the hash
        the stream's first entry chains from (default: the house's). ``house``: house-stream
        entries appended after them (a retried command, a :class:`DuplicateCommand`, writes
        none). Raises :class:`Conflict`,
        :class:`DuplicateCommand` or :class:`LedgerError`, each of which must roll the caller's
        transaction back (it holds positions it must give back).
        """
        if not entries:
            raise CroupierError("an append needs at least one entry")
        statements = _statements()
        # 1. The global position lock (see the module docstring): taken first, held to commit.
        last_pos = connection.execute(
            statements.take_positions, {"count": len(entries)}
        ).scalar_one()
        first_pos = last_pos - len(entries) + 1
        # 2. A retried command is answered with what it wrote the first time.
        if command_id is not None:
            found = self._command_in(connection, stream, command_id)
            if found is not None:
                raise DuplicateCommand(found)
        # 3. The concurrency check.
        head_seq, head_hash = self.head_in(connection, stream)
        if expected_seq is not None and head_seq != expected_seq:
            raise Conflict(stream, expected_seq, head_seq)
        if head_seq == 0:
            head_hash = genesis or HOUSE_GENESIS
        if ledger:
            keys = [tx.key for tx in ledger]
            reused = connection.execute(statements.keys_used, {"keys": keys}).first()
            if reused is not None or len(set(keys)) != len(keys):
                raise LedgerError(f"ledger key {reused[0] if reused else keys!r} is already used")
        rows = event_rows(stream, entries, head_seq, head_hash, first_pos)
        connection.execute(statements.insert_events, rows)
        last_seq = head_seq + len(entries)
        if command_id is not None:
            connection.execute(
                statements.insert_command,
                {
                    "stream": stream,
                    "command_id": command_id,
                    "actor": rows[0]["actor"],
                    "first_seq": head_seq + 1,
                    "last_seq": last_seq,
                    "at": rows[0]["at"],
                },
            )
        for tx in ledger:
            self._post_in(connection, tx, stream=stream, seq=last_seq, at=rows[-1]["at"])
        if ledger:
            for guard in self.guards:
                guard(connection, ledger, rows[-1]["at"])
        if self.dialect == "postgresql":
            from sqlalchemy import text as sql_text

            connection.execute(
                sql_text("SELECT pg_notify(:channel, :payload)"),
                {
                    "channel": NOTIFY_CHANNEL,
                    "payload": notify_payload(self.origin, last_seq, stream),
                },
            )
        if house:
            self.append_in(connection, HOUSE, house, expected_seq=None)
        return Appended(stream, head_seq + 1, last_seq, stored_events(rows))

    def _post_in(
        self, connection: Connection, tx: LedgerTx, *, stream: str | None, seq: int | None, at: str
    ) -> None:
        statements = _statements()
        tx_id = connection.execute(
            statements.insert_tx,
            {
                "key": tx.key,
                "stream": stream,
                "seq": seq,
                "kind": tx.kind,
                "memo": tx.memo,
                "at": at,
            },
        ).scalar_one()
        connection.execute(
            statements.insert_entries,
            [
                {"tx_id": tx_id, "n": n, "account": account, "amount": amount}
                for n, (account, amount) in enumerate(tx.entries)
            ],
        )
        for account, amount in tx.entries:
            if amount < 0 and account.startswith(NEVER_NEGATIVE):
                balance = self._balance_in(connection, account)
                if balance < 0:
                    raise InsufficientFunds(account, balance, tx.key)

    def _balance_in(self, connection: Connection, account: str) -> int:
        from sqlalchemy import func, select

        entries = schema.ledger_entries
        total = connection.execute(
            select(func.coalesce(func.sum(entries.c.amount), 0)).where(entries.c.account == account)
        ).scalar_one()
        return int(total)

    def balance(self, account: str) -> int:
        """The balance of exactly ``account`` (0 if it never moved)."""
        with self.reading() as connection:
            return self._balance_in(connection, account)

    def statement(self, account: str, limit: int = 100) -> list[dict[str, Any]]:
        """The last ``limit`` movements of ``account``, newest first: ``{"at", "key", "kind",
        "stream", "seq", "amount"}``."""
        from sqlalchemy import select

        tx, entries = schema.ledger_tx, schema.ledger_entries
        with self.reading() as connection:
            rows = connection.execute(
                select(tx.c.at, tx.c.key, tx.c.kind, tx.c.stream, tx.c.seq, entries.c.amount)
                .join(tx, tx.c.id == entries.c.tx_id)
                .where(entries.c.account == account)
                .order_by(tx.c.id.desc(), entries.c.n.desc())
                .limit(limit)
            )
            return [
                {
                    "at": r.at,
                    "key": r.key,
                    "kind": r.kind,
                    "stream": r.stream,
                    "seq": r.seq,
                    "amount": int(r.amount),
                }
                for r in rows
            ]

    def register_table(
        self,
        connection: Connection,
        table_id: str,
        game: str,
        options: Mapping[str, Any],
        genesis: str,
        *,
        at: datetime,
        actor: str | None,
    ) -> None:
        """Record a new table (in the caller's transaction, with its ``table.opened`` event)."""
        from sqlalchemy import insert

        connection.execute(
            insert(schema.tables).values(
                id=table_id,
                game=game,
                options=canonical(dict(options)),
                genesis=genesis,
                at=format_time(at),
                actor=actor,
            )
        )

    # -- reading ----------------------------------------------------------------------------

    def head_in(self, connection: Connection, stream: str) -> tuple[int, str]:
        """:meth:`head` in the caller's transaction (read with what it decides on, then
        appended with ``expected_seq``: a writer in between is a :class:`Conflict`)."""
        row = connection.execute(_statements().head, {"stream": stream}).first()
        return (0, "") if row is None else (int(row.seq), str(row.hash))

    def head(self, stream: str) -> tuple[int, str]:
        """The last seq of ``stream`` and its hash ((0, "") for an empty stream)."""
        with self.reading() as connection:
            return self.head_in(connection, stream)

    def _command_in(self, connection: Connection, stream: str, command_id: str) -> Appended | None:
        row = connection.execute(
            _statements().command, {"stream": stream, "command_id": command_id}
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

    def read_types(self, stream: str, types: Sequence[str]) -> list[StoredEvent]:
        """The events of ``stream`` whose type is one of ``types``, in seq order."""
        from sqlalchemy import select

        with self.reading() as connection:
            query = (
                select(schema.events)
                .where(schema.events.c.stream == stream, schema.events.c.type.in_(list(types)))
                .order_by(schema.events.c.seq)
            )
            return [_row_event(r) for r in connection.execute(query)]

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

    def genesis_of(self, stream: str) -> str:
        """The hash ``stream``'s chain starts from (a table's from its game and options)."""
        if stream.startswith("table:"):
            row = self.table(stream.removeprefix("table:"))
            if row is not None:
                return row.genesis
        return HOUSE_GENESIS

    def verify_stream(self, stream: str) -> ChainFault | None:
        """The first fault in ``stream``'s chain: a seq gap, a broken link, a wrong hash, or a
        column that disagrees with the hashed entry."""
        prev = self.genesis_of(stream)
        expected_seq = 1
        for event in self.read(stream):
            fault = check_link(event, expected_seq, prev)
            if fault is not None:
                return fault
            prev = event.hash
            expected_seq += 1
        return None

    # -- tables -----------------------------------------------------------------------------

    def tables(self) -> list[TableRow]:
        """Every table ever opened, oldest first."""
        from sqlalchemy import select

        with self.reading() as connection:
            rows = connection.execute(select(schema.tables).order_by(schema.tables.c.at))
            return [_table_row(r) for r in rows]

    def table(self, table_id: str) -> TableRow | None:
        """The table ``table_id`` as opened, or None."""
        from sqlalchemy import select

        with self.reading() as connection:
            row = connection.execute(
                select(schema.tables).where(schema.tables.c.id == table_id)
            ).first()
        return None if row is None else _table_row(row)

    def verify_positions(self) -> str | None:
        """A message if the global positions are not exactly 1..last, else None."""
        from sqlalchemy import func, select

        with self.reading() as connection:
            # one statement, so one snapshot on PostgreSQL too (READ COMMITTED takes a new one
            # per statement: a server appending between two reads would look like a gap)
            last_pos = select(schema.positions.c.last).where(schema.positions.c.id == 1)
            count, low, high, last = connection.execute(
                select(
                    func.count(schema.events.c.pos),
                    func.min(schema.events.c.pos),
                    func.max(schema.events.c.pos),
                    last_pos.scalar_subquery(),
                )
            ).one()
        if count == 0:
            return None if last == 0 else f"no events but positions handed out up to {last}"
        if low != 1 or high != count or high != last:
            return (
                f"global positions are not gapless: {count} events span {low}..{high}, last {last}"
            )
        return None


def _table_row(row: Any) -> TableRow:
    return TableRow(row.id, row.game, orjson.loads(row.options), row.genesis, row.at, row.actor)


def check_link(event: StoredEvent, expected_seq: int, prev_hash: str) -> ChainFault | None:
    """The fault of ``event`` as the next link after ``prev_hash`` at ``expected_seq``."""
    entry = event.entry
    columns = {
        "seq": (event.seq, entry.get("seq")),
        "type": (event.type, entry.get("event", {}).get("type")),
        "at": (event.at, format_ms(entry["at"]) if isinstance(entry.get("at"), int) else None),
        "actor": (event.actor, entry.get("actor")),
        "command_id": (event.command_id, entry.get("command_id")),
    }
    for column, (stored, hashed) in columns.items():
        if stored != hashed:
            return ChainFault(
                event.stream,
                event.seq,
                event.pos,
                f"column {column} ({stored!r}) disagrees with the hashed entry ({hashed!r})",
            )
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
