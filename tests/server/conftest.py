"""Fixtures of the server tests: every database test runs on SQLite AND PostgreSQL.

PostgreSQL is the one at ``CROUPIER_TEST_POSTGRES`` (default
``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``). Each test gets a new database,
copied from a template migrated once per run (about 40 ms). When PostgreSQL cannot be reached the
PostgreSQL half of the tests is skipped, unless ``CROUPIER_REQUIRE_POSTGRES=1`` (set by
``.ci/run``): then it fails, so CI can never pass without it.
"""

from __future__ import annotations

import os
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from croupier.server.db import Database, open_database

# The table interface's toy game (tests/table/toy.py) as ``table.toy``, the name pytest gives it.
TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

POSTGRES = os.environ.get(
    "CROUPIER_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)
TEMPLATE = f"croupier_test_template_{os.getpid()}"

_state: dict[str, object] = {}


def _admin_url(database: str) -> str:
    base, _, _ = POSTGRES.rpartition("/")
    return f"{base}/{database}"


def _postgres_reachable() -> str | None:
    """None if PostgreSQL answers, else why not."""
    if "reachable" not in _state:
        import psycopg

        try:
            with psycopg.connect(_psycopg_dsn("postgres"), connect_timeout=3, autocommit=True):
                _state["reachable"] = None
        except psycopg.OperationalError as exc:
            _state["reachable"] = str(exc).strip().splitlines()[0]
    return _state["reachable"]  # type: ignore[return-value]


def _psycopg_dsn(database: str) -> str:
    return _admin_url(database).replace("postgresql+psycopg://", "postgresql://")


def _execute(sql: str) -> None:
    import psycopg

    with psycopg.connect(_psycopg_dsn("postgres"), autocommit=True) as conn:
        conn.execute(sql)


def _template() -> str:
    if "template" not in _state:
        from croupier.server.db import make_engine, upgrade

        _execute(f"DROP DATABASE IF EXISTS {TEMPLATE}")
        engine = make_engine(_admin_url(TEMPLATE))
        upgrade(engine)
        engine.dispose()
        _state["template"] = TEMPLATE
    return TEMPLATE


def need_postgres() -> None:
    """Skip (or, under CROUPIER_REQUIRE_POSTGRES=1, fail) when PostgreSQL is not reachable."""
    why = _postgres_reachable()
    if why is None:
        return
    message = f"PostgreSQL is not reachable ({why})"
    if os.environ.get("CROUPIER_REQUIRE_POSTGRES") == "1":
        pytest.fail(message + " and CROUPIER_REQUIRE_POSTGRES=1")
    pytest.skip(message)


def new_postgres_database() -> tuple[str, str]:
    """(url, name) of a fresh migrated PostgreSQL database."""
    need_postgres()
    name = f"croupier_test_{uuid.uuid4().hex[:12]}"
    _execute(f"CREATE DATABASE {name} TEMPLATE {_template()}")
    return _admin_url(name), name


_dropping: list[threading.Thread] = []


def drop_postgres_database(name: str) -> None:
    """Drop a test database in the background (a drop waits for a checkpoint)."""
    thread = threading.Thread(
        target=_execute, args=(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)",), daemon=True
    )
    thread.start()
    _dropping.append(thread)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A migrated, empty database: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'croupier.db'}"
        return
    url, name = new_postgres_database()
    try:
        yield url
    finally:
        drop_postgres_database(name)


@pytest.fixture
def db(database_url: str) -> Iterator[Database]:
    """The database at ``database_url``, open (SQLite, then PostgreSQL)."""
    database = open_database(database_url)
    yield database
    database.close()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A migrated, empty PostgreSQL database (for what only PostgreSQL does)."""
    url, name = new_postgres_database()
    try:
        yield url
    finally:
        drop_postgres_database(name)


@pytest.fixture(scope="session", autouse=True)
def _drop_postgres_template() -> Iterator[None]:
    yield
    for thread in _dropping:
        thread.join()
    if "template" in _state:
        _execute(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed test shows what the ``croupier serve`` subprocesses it used wrote (CI keeps
    only pytest's output: a server's log is otherwise lost with its temporary folder)."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if not report.failed:
        return
    from server_process import STARTED

    for server in STARTED[-3:]:
        tail = server.log_tail()
        if tail:
            report.sections.append((f"croupier serve on port {server.port}, its log's end", tail))
