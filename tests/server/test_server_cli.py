"""The server's commands: db upgrade, admin create-user, set-role, reset-password; the CLI
stays free of the server stack."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.server.auth import AuthError

runner = CliRunner()
SERVER_STACK = ("sqlalchemy", "alembic", "argon2", "fastapi", "starlette", "uvicorn", "psycopg")


def test_import_croupier_and_help_do_not_load_the_server_stack() -> None:
    code = (
        "import sys, croupier, croupier.cli\n"
        "from typer.testing import CliRunner\n"
        "CliRunner().invoke(croupier.cli.app, ['--help'])\n"
        f"print(sorted(m for m in {SERVER_STACK!r} if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_db_upgrade_migrates_once(database_url: str) -> None:
    first = runner.invoke(app, ["db", "upgrade", "--database", database_url])
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, ["db", "upgrade", "--database", database_url])
    assert again.exit_code == 0
    assert again.output.strip() == "database at revision 0002: nothing to do"


def test_admin_create_user_reads_the_password_from_stdin(database_url: str) -> None:
    args = ["admin", "create-user", "ana", "--role", "dealer", "--password-stdin"]
    made = runner.invoke(app, [*args, "--database", database_url], input="long secret\n")
    assert made.exit_code == 0, made.output
    assert "account 'ana' created with role dealer" in made.output
    again = runner.invoke(app, [*args, "--database", database_url], input="long secret\n")
    assert again.exit_code == 2 and "account 'ana' exists already" in again.output
    assert "Traceback" not in again.output


def test_admin_create_user_refuses_a_password_on_the_command_line(tmp_path: object) -> None:
    result = runner.invoke(app, ["admin", "create-user", "ana", "--database", "x.db"])
    assert result.exit_code == 2
    assert "--password-stdin" in result.output


def test_admin_create_user_names_a_bad_role(database_url: str) -> None:
    result = runner.invoke(
        app,
        [
            "admin",
            "create-user",
            "ana",
            "--role",
            "boss",
            "--password-stdin",
            "--database",
            database_url,
        ],
        input="long secret\n",
    )
    assert result.exit_code == 2 and "unknown role 'boss'" in result.output


def test_issue19_admin_set_role_is_recorded(database_url: str) -> None:
    made = runner.invoke(
        app,
        ["admin", "create-user", "bo", "--password-stdin", "--database", database_url],
        input="long secret\n",
    )
    assert made.exit_code == 0, made.output
    changed = runner.invoke(
        app, ["admin", "set-role", "bo", "--role", "cashier", "--database", database_url]
    )
    assert changed.exit_code == 0 and "now has the role cashier" in changed.output
    missing = runner.invoke(
        app, ["admin", "set-role", "nobody", "--role", "cashier", "--database", database_url]
    )
    assert missing.exit_code == 2 and "no account 'nobody'" in missing.output
    from croupier.server.db import open_database
    from croupier.server.store import EventStore

    opened = open_database(database_url)
    try:
        [event] = EventStore(opened.engine).read_types("house", ("role.changed",))
    finally:
        opened.close()
    assert event.event["from"] == "player" and event.event["to"] == "cashier"
    assert event.actor == "account:cli"


def test_admin_reset_password_prints_a_one_time_password_once(database_url: str) -> None:
    made = runner.invoke(
        app,
        ["admin", "create-user", "bo", "--password-stdin", "--database", database_url],
        input="long secret\n",
    )
    assert made.exit_code == 0, made.output
    reset = runner.invoke(app, ["admin", "reset-password", "bo", "--database", database_url])
    assert reset.exit_code == 0, reset.output
    assert "to be changed at the next login (0 sessions revoked)" in reset.output
    password = reset.output.split("one-time password ")[1].split(",")[0]
    chosen = runner.invoke(
        app,
        ["admin", "reset-password", "bo", "--password-stdin", "--database", database_url],
        input="chosen secret\n",
    )
    assert chosen.exit_code == 0 and "chosen secret" not in chosen.output
    short = runner.invoke(
        app,
        ["admin", "reset-password", "bo", "--password-stdin", "--database", database_url],
        input="short\n",
    )
    assert short.exit_code == 2 and "a password has 8 to 1024 characters" in short.output
    missing = runner.invoke(app, ["admin", "reset-password", "nobody", "--database", database_url])
    assert missing.exit_code == 2 and "no account 'nobody'" in missing.output
    assert "Traceback" not in missing.output + short.output
    from croupier.server.auth import Accounts
    from croupier.server.db import open_database
    from croupier.server.store import EventStore

    opened = open_database(database_url)
    try:
        accounts = Accounts(EventStore(opened.engine))
        events = accounts.store.read_types("house", ("password.reset",))
        with pytest.raises(AuthError):
            accounts.login("bo", password, at=datetime.now(UTC))  # replaced by the chosen one
        assert accounts.login(
            "bo", "chosen secret", at=datetime.now(UTC)
        ).principal.must_change_password
    finally:
        opened.close()
    assert [(e.event["name"], e.actor) for e in events] == [("bo", "account:cli")] * 2
