"""Opening the database: migrations, SQLite's settings and lock, PostgreSQL's creation."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from croupier.server.db import DatabaseError, current_revision, open_database, upgrade
from croupier.server.schema import metadata


def test_the_migrations_build_exactly_the_schema_the_code_uses(database_url: str) -> None:
    database = open_database(database_url)
    try:
        with database.engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), metadata)
        assert diff == []
        assert current_revision(database.engine) == "0002"
        assert upgrade(database.engine) == "0002"  # again: nothing to do
    finally:
        database.close()


def test_sqlite_is_wal_with_synchronous_full(tmp_path: Path) -> None:
    """A committed event is on disk before anyone is told (synchronous=FULL)."""
    database = open_database(f"sqlite:///{tmp_path / 'c.db'}")
    try:
        with database.engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"
            assert connection.execute(text("PRAGMA synchronous")).scalar_one() == 2  # FULL
            assert connection.execute(text("PRAGMA busy_timeout")).scalar_one() == 30000
    finally:
        database.close()


def test_a_second_server_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    first = open_database(str(path), lock=True)
    try:
        with pytest.raises(DatabaseError, match="another croupier server is using"):
            open_database(str(path), lock=True)
    finally:
        first.close()
    second = open_database(str(path), lock=True)  # free again once the first has closed
    second.close()


def test_postgresql_database_is_created_when_missing(postgres_url: str) -> None:
    import uuid

    import psycopg

    base = postgres_url.rsplit("/", 1)[0]
    name = f"croupier_new_{uuid.uuid4().hex[:8]}"
    database = open_database(f"{base}/{name}")
    try:
        assert current_revision(database.engine) == "0002"
    finally:
        database.close()
        dsn = base.replace("postgresql+psycopg://", "postgresql://") + "/postgres"
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE {name}")


def test_an_unreachable_postgresql_is_a_clear_error() -> None:
    with pytest.raises(DatabaseError, match=r"cannot reach PostgreSQL at 127\.0\.0\.1:1"):
        open_database("postgresql+psycopg://postgres@127.0.0.1:1/croupier")


def test_an_unsupported_database_is_named() -> None:
    with pytest.raises(DatabaseError, match="unsupported database 'mysql://x'"):
        open_database("mysql://x")
