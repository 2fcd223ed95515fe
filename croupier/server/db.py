"""Opening the server's database: URLs, engines, the SQLite lock file, migrations.

Two databases, one schema (:mod:`croupier.server.schema`):

* **SQLite** (the default, ``./croupier.db``): a file in WAL mode with ``synchronous=FULL`` (a
  committed event is on disk before anyone is told of it), a ``busy_timeout``, foreign keys on,
  and every write transaction opened with ``BEGIN IMMEDIATE`` (so two writers queue instead of
  failing to upgrade a read lock). One server process only: :class:`ServerLock` holds an
  exclusive lock on ``<file>.lock`` for the life of the process, and a second one is refused.
* **PostgreSQL** (``postgresql+psycopg://user@host:port/db``): as many processes as wanted; the
  database is created when missing.

:func:`upgrade` applies the Alembic migrations shipped in :mod:`croupier.server.migrations`.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from croupier.errors import CroupierError

if TYPE_CHECKING:
    from sqlalchemy.engine import URL, Connection, Engine

__all__ = [
    "DEFAULT_URL",
    "RECORD_DOWN",
    "DatabaseError",
    "ServerLock",
    "current_revision",
    "make_engine",
    "normalise_url",
    "open_database",
    "record_down",
    "record_down_errors",
    "upgrade",
]

DEFAULT_URL = "sqlite:///croupier.db"

#: what a request is told while the database cannot be reached (restarting, connections cut);
#: sending it again is safe (a command is known by its command_id: never applied twice)
RECORD_DOWN = "the record (the database) cannot be reached now; try again in a moment"


#: SQLite's errors of a database out of reach for a while (the rest are not)
_SQLITE_DOWN = ("locked", "busy", "unable to open", "disk i/o")


#: the least time between two log lines of a database out of reach
DOWN_LOG_EVERY_S = 5.0
#: when the last of them was written (monotonic)
_down_logged = [-DOWN_LOG_EVERY_S]


def record_down(exc: BaseException) -> bool:
    """Whether ``exc`` is the database being out of reach (a lost or refused connection, a
    database restarting, SQLite's file locked or unreadable), not a fault of the request:
    answered "try again" (HTTP 503, a WebSocket ``unavailable`` error), never a traceback or a
    500; logged (at most once every few seconds). SQLite's other operational errors (no such
    table: a missed migration; a read-only or full disk) are faults of the deployment and stay
    500s with their traceback in the log."""
    if not isinstance(exc, record_down_errors()):
        return False
    cause = getattr(exc, "orig", None)
    if cause is not None and type(cause).__module__ == "sqlite3":
        text = str(cause).lower()
        if not any(word in text for word in _SQLITE_DOWN):
            return False
    _log_down(exc)
    return True


def _log_down(exc: BaseException) -> None:
    import logging
    import time

    now = time.monotonic()
    if now - _down_logged[0] >= DOWN_LOG_EVERY_S:
        _down_logged[0] = now
        logging.getLogger("croupier.server").warning(
            "the database is out of reach; answering 'try again': %s", exc
        )


class RecordUnavailable(Exception):
    """A table whose record could not be read back (its last commit's outcome unknown, the
    database out of reach): nothing of it is shown until it is folded again; answered as the
    database out of reach is (:func:`record_down`)."""


def record_down_errors() -> tuple[type[Exception], ...]:
    """SQLAlchemy's errors of a database out of reach (its DBAPI's OperationalError and
    InterfaceError: connection refused or lost, database restarting, SQLite locked), and
    :class:`RecordUnavailable`."""
    from sqlalchemy.exc import InterfaceError, OperationalError

    return (OperationalError, InterfaceError, RecordUnavailable)


#: How long a SQLite writer waits for the lock before failing (ms).
SQLITE_BUSY_TIMEOUT_MS = 30_000
#: The key of the PostgreSQL advisory lock held while migrating (two processes start at once).
MIGRATION_LOCK = 0x43525550  # "CRUP"


class DatabaseError(CroupierError):
    """A database that cannot be opened, migrated or locked; the message says why."""


def normalise_url(url: str) -> str:
    """The SQLAlchemy URL for ``url``: a bare path is a SQLite file, and PostgreSQL uses psycopg 3.

    >>> normalise_url("games.db")
    'sqlite:///games.db'
    >>> normalise_url("postgresql://postgres@127.0.0.1:5432/croupier")
    'postgresql+psycopg://postgres@127.0.0.1:5432/croupier'
    >>> normalise_url("mysql://x")
    Traceback (most recent call last):
    ...
    croupier.server.db.DatabaseError: unsupported database 'mysql://x': use a SQLite file \
(sqlite:///PATH) or PostgreSQL (postgresql+psycopg://USER@HOST:PORT/DB)
    """
    text = url.strip()
    if "://" not in text:
        return f"sqlite:///{text}"
    scheme, rest = text.split("://", 1)
    if scheme in {"postgresql", "postgres", "postgresql+psycopg"}:
        return f"postgresql+psycopg://{rest}"
    if scheme in {"sqlite", "sqlite+pysqlite"}:
        return f"sqlite://{rest}"
    raise DatabaseError(
        f"unsupported database {url!r}: use a SQLite file (sqlite:///PATH) or PostgreSQL "
        "(postgresql+psycopg://USER@HOST:PORT/DB)"
    )


def _sqlite_path(url: URL) -> Path | None:
    database = url.database
    if not database or database == ":memory:":
        return None
    return Path(database)


def make_engine(url: str) -> Engine:
    """An engine for ``url`` (see :func:`normalise_url`), set up as the module docstring says."""
    from sqlalchemy import create_engine, event
    from sqlalchemy.engine import make_url

    parsed = make_url(normalise_url(url))
    if parsed.get_backend_name() == "sqlite":
        engine = create_engine(
            parsed,
            connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_MS / 1000},
            pool_size=8,
            max_overflow=8,
        )

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_connection: Any, _record: Any) -> None:
            # The driver must not open transactions by itself: "begin" below does it.
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _on_begin(connection: Connection) -> None:
            # Every transaction takes the write lock at once: a reader never has to upgrade.
            # WAL readers outside a transaction (the autocommit reads) are not blocked.
            immediate = connection.get_execution_options().get("croupier_read", False) is False
            connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

        return engine
    _ensure_postgres_database(parsed)
    return create_engine(parsed, pool_size=10, max_overflow=20, pool_pre_ping=True)


def _ensure_postgres_database(url: URL) -> None:
    """Create the PostgreSQL database named by ``url`` when it does not exist yet."""
    import psycopg
    from psycopg import sql

    name = url.database or "postgres"
    params: dict[str, Any] = {
        "host": url.host or "127.0.0.1",
        "port": url.port or 5432,
        "user": url.username or "postgres",
        "connect_timeout": 5,
    }
    if url.password:
        params["password"] = url.password
    try:
        with psycopg.connect(dbname="postgres", autocommit=True, **params) as conn:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,))
            if exists.fetchone() is None:
                # another process may create it first
                with contextlib.suppress(psycopg.errors.DuplicateDatabase):
                    conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    except psycopg.OperationalError as exc:
        where = f"{params['host']}:{params['port']}"
        first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise DatabaseError(f"cannot reach PostgreSQL at {where}: {first_line}") from exc


def upgrade(engine: Engine) -> str:
    """Apply every migration not yet applied; return the revision the database is at."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    config = Config()
    config.set_main_option("script_location", "croupier.server:migrations")
    with engine.connect() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            connection.commit()
        try:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            connection.commit()
        finally:
            if engine.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
                connection.commit()
    return current_revision(engine) or ""


def current_revision(engine: Engine) -> str | None:
    """The Alembic revision of the database (None before the first migration)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


class ServerLock:
    """An exclusive lock on ``<database file>.lock`` for one server process (SQLite only).

    The operating system drops the lock when the process ends, even by ``kill -9``, so a crash
    never leaves a stale lock behind.
    """

    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + ".lock")
        self._fd: int | None = None

    def acquire(self) -> None:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise DatabaseError(
                f"another croupier server is using {self.path.with_suffix('')} (lock {self.path}"
                " is held); SQLite allows one server process, PostgreSQL allows several"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None


def open_database(url: str, *, migrate: bool = True, lock: bool = False) -> Database:
    """An engine on ``url``, migrated to the newest schema when ``migrate``; with ``lock``, the
    SQLite lock of a server process (ignored on PostgreSQL)."""
    engine = make_engine(url)
    server_lock: ServerLock | None = None
    path = _sqlite_path(engine.url) if engine.dialect.name == "sqlite" else None
    if lock and path is not None:
        server_lock = ServerLock(path)
        server_lock.acquire()
    try:
        if migrate:
            upgrade(engine)
        elif current_revision(engine) is None:
            raise DatabaseError(
                f"{url!r} holds no croupier schema (run `croupier db upgrade` or serve it first)"
            )
    except BaseException:
        if server_lock is not None:
            server_lock.release()
        engine.dispose()
        raise
    return Database(engine, server_lock)


class Database:
    """An open database: its engine and, for a SQLite server process, its lock."""

    def __init__(self, engine: Engine, lock: ServerLock | None = None) -> None:
        self.engine = engine
        self.lock = lock

    @property
    def dialect(self) -> str:
        return str(self.engine.dialect.name)

    def close(self) -> None:
        self.engine.dispose()
        if self.lock is not None:
            self.lock.release()
            self.lock = None
