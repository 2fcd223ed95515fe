"""The server's database schema (SQLAlchemy Core), one for SQLite and PostgreSQL.

The Alembic migrations in :mod:`croupier.server.migrations` create exactly these tables (a test
compares the migrated database with this metadata). Two kinds of table:

* **The record** (insert only; a trigger on both databases refuses UPDATE and DELETE):
  ``events`` (every stream's hash-chained log), ``commands`` (which ``command_id`` gave which
  events, so a retried command is answered, never applied twice), ``ledger_tx`` and
  ``ledger_entries`` (double-entry money, written in the same transaction as the events that
  move it) and ``tables`` (each table's game and options, from which its stream is folded).
* **Working state** (updated in place, never the source of truth for play or money):
  ``positions`` (the single-row counter that hands out the gapless global position),
  ``accounts`` and ``sessions`` (each change to them is also an event of the ``house`` stream).

Times are UTC text in one fixed format (:func:`croupier.server.store.format_time`), so they
sort as text, hash the same on both databases and export as they are stored.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
)

__all__ = [
    "APPEND_ONLY",
    "accounts",
    "commands",
    "events",
    "ledger_entries",
    "ledger_tx",
    "metadata",
    "positions",
    "sessions",
    "tables",
]

metadata = MetaData()

TIME = 32  #: "2024-05-01T12:00:00.000000Z" fits
HASH = 64  #: sha256, lower-case hex
NAME = 200  #: streams, actors, command ids, accounts

#: Every stream's log. ``pos`` is the gapless global position (assigned from ``positions`` in
#: the appending transaction, so positions appear in commit order); ``(stream, seq)`` is the
#: optimistic concurrency check of a writer.
events = Table(
    "events",
    metadata,
    Column("pos", BigInteger, primary_key=True, autoincrement=False),
    Column("stream", String(NAME), nullable=False),
    Column("seq", BigInteger, nullable=False),
    Column("type", String(NAME), nullable=False),
    Column("payload", Text, nullable=False),  # the entry's canonical JSON, exactly as hashed
    Column("at", String(TIME), nullable=False),
    Column("actor", String(NAME), nullable=True),
    Column("command_id", String(NAME), nullable=True),
    Column("prev_hash", String(HASH), nullable=False),
    Column("hash", String(HASH), nullable=False),
    UniqueConstraint("stream", "seq", name="uq_events_stream_seq"),
    Index("ix_events_at", "at"),
    Index("ix_events_stream_type", "stream", "type"),  # migration 0002: the house's reads
)

#: One row per applied command: a retried ``command_id`` finds its first answer here.
commands = Table(
    "commands",
    metadata,
    Column("stream", String(NAME), nullable=False),
    Column("command_id", String(NAME), nullable=False),
    Column("actor", String(NAME), nullable=True),
    Column("first_seq", BigInteger, nullable=False),
    Column("last_seq", BigInteger, nullable=False),
    Column("at", String(TIME), nullable=False),
    PrimaryKeyConstraint("stream", "command_id", name="pk_commands"),
)

#: The single row (id 1) whose ``last`` is the last global position handed out.
positions = Table(
    "positions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("last", BigInteger, nullable=False),
)

#: A double-entry transaction: its entries sum to zero; ``key`` makes a retry harmless.
ledger_tx = Table(
    "ledger_tx",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(NAME), nullable=False, unique=True),
    Column("stream", String(NAME), nullable=True),
    Column("seq", BigInteger, nullable=True),  # the last event of the command that moved it
    Column("kind", String(NAME), nullable=False),
    Column("memo", Text, nullable=False, default=""),
    Column("at", String(TIME), nullable=False),
)

ledger_entries = Table(
    "ledger_entries",
    metadata,
    Column("tx_id", Integer, ForeignKey("ledger_tx.id"), nullable=False),
    Column("n", Integer, nullable=False),
    Column("account", String(NAME), nullable=False),
    Column("amount", BigInteger, nullable=False),
    PrimaryKeyConstraint("tx_id", "n", name="pk_ledger_entries"),
    Index("ix_ledger_entries_account", "account"),
)

#: Every table ever opened: its game and options (so its stream can be folded again) and the
#: genesis hash its chain starts from. Closing a table is an entry of its own stream.
tables = Table(
    "tables",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(NAME), nullable=False),
    Column("options", Text, nullable=False),  # canonical JSON
    Column("genesis", String(HASH), nullable=False),
    Column("at", String(TIME), nullable=False),
    Column("actor", String(NAME), nullable=True),
)

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(NAME), nullable=False, unique=True),
    Column("role", String(32), nullable=False),
    Column("password_hash", Text, nullable=False),
    Column("created_at", String(TIME), nullable=False),
    Column("failed_attempts", Integer, nullable=False, default=0),
    Column("locked_until", String(TIME), nullable=True),
    Column("last_login_at", String(TIME), nullable=True),
    Column("must_change_password", Boolean, nullable=False, default=False),
    Column("disabled", Boolean, nullable=False, default=False),
)

#: A login. The client holds a random token; only its sha256 is stored (``id``), so reading
#: the database does not let anyone act as the session's owner.
sessions = Table(
    "sessions",
    metadata,
    Column("id", String(HASH), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("kind", String(16), nullable=False),  # "cookie" or "bearer"
    Column("csrf", String(HASH), nullable=False),
    Column("created_at", String(TIME), nullable=False),
    Column("expires_at", String(TIME), nullable=False),
    Column("revoked_at", String(TIME), nullable=True),
    Index("ix_sessions_account", "account_id"),
)

#: The record's tables: the migrations put a trigger on each that refuses UPDATE and DELETE.
APPEND_ONLY: tuple[str, ...] = ("events", "commands", "ledger_tx", "ledger_entries", "tables")
