"""``croupier db upgrade`` and ``croupier admin create-user | set-role | reset-password``: the
server's database by hand.

The server's stack (SQLAlchemy, Alembic, argon2) is imported inside the commands only.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from typing import Annotated

import typer

from croupier.commands.app import app
from croupier.commands.output import croupier_errors, fail

DATABASE_ENV = "CROUPIER_DATABASE"
DATABASE_HELP = (
    "The database: a SQLite file (default ./croupier.db) or "
    "postgresql+psycopg://USER@HOST:PORT/DB (created when missing)."
)
DatabaseOption = Annotated[
    str,
    typer.Option("--database", envvar=DATABASE_ENV, help=DATABASE_HELP),
]

db_app = typer.Typer(help="The server's database: schema migrations.", no_args_is_help=True)
app.add_typer(db_app, name="db")
admin_app = typer.Typer(
    help="The server's accounts: users, their roles and passwords.", no_args_is_help=True
)
app.add_typer(admin_app, name="admin")


@db_app.command("upgrade")
def upgrade_command(database: DatabaseOption = "sqlite:///croupier.db") -> None:
    """Apply the schema migrations not yet applied (the server also does it on start)."""
    with croupier_errors():
        from croupier.server.db import current_revision, make_engine, upgrade

        engine = make_engine(database)
        try:
            before = current_revision(engine)
            after = upgrade(engine)
        finally:
            engine.dispose()
        if before == after:
            typer.echo(f"database at revision {after}: nothing to do")
        else:
            typer.echo(f"database upgraded from {before or 'empty'} to revision {after}")


@admin_app.command("create-user")
def create_user_command(
    name: Annotated[str, typer.Argument(help="The account's name.", show_default=False)],
    role: Annotated[
        str,
        typer.Option("--role", help="player, dealer, cashier, inspector or admin."),
    ] = "player",
    password_stdin: Annotated[
        bool,
        typer.Option("--password-stdin", help="Read the password from the first line of stdin."),
    ] = False,
    database: DatabaseOption = "sqlite:///croupier.db",
) -> None:
    """Create an account (recorded as an ``account.created`` event of the house stream)."""
    if not password_stdin:
        fail("give the password on standard input with --password-stdin (never as an argument)")
    password = sys.stdin.readline().rstrip("\r\n")
    with croupier_errors():
        from croupier.server.auth import Accounts
        from croupier.server.db import open_database
        from croupier.server.store import EventStore

        opened = open_database(database)
        try:
            Accounts(EventStore(opened.engine)).create(
                name, role, password, by="cli", at=datetime.now(UTC)
            )
        finally:
            opened.close()
        typer.echo(f"account {name!r} created with role {role}")


@admin_app.command("set-role")
def set_role_command(
    name: Annotated[str, typer.Argument(help="The account's name.", show_default=False)],
    role: Annotated[
        str, typer.Option("--role", help="player, dealer, cashier, inspector or admin.")
    ],
    database: DatabaseOption = "sqlite:///croupier.db",
) -> None:
    """Change an account's role (recorded as a ``role.changed`` event of the house stream)."""
    with croupier_errors():
        from croupier.server.auth import Accounts
        from croupier.server.db import open_database
        from croupier.server.store import EventStore

        opened = open_database(database)
        try:
            Accounts(EventStore(opened.engine)).set_role(name, role, by="cli", at=datetime.now(UTC))
        finally:
            opened.close()
        typer.echo(f"account {name!r} now has the role {role}")


@admin_app.command("reset-password")
def reset_password_command(
    name: Annotated[str, typer.Argument(help="The account's name.", show_default=False)],
    password_stdin: Annotated[
        bool,
        typer.Option(
            "--password-stdin",
            help="Read the one-time password from the first line of stdin (default: a random "
            "one, printed once).",
        ),
    ] = False,
    database: DatabaseOption = "sqlite:///croupier.db",
) -> None:
    """Reset a forgotten password: a one-time password, to be changed at the next login; the
    account's lock is lifted and its sessions revoked (a ``password.reset`` event)."""
    given = sys.stdin.readline().rstrip("\r\n") if password_stdin else None
    with croupier_errors():
        from croupier.server.auth import Accounts
        from croupier.server.db import open_database
        from croupier.server.store import EventStore

        opened = open_database(database)
        try:
            password, revoked = Accounts(EventStore(opened.engine)).reset_password(
                name, by="cli", at=datetime.now(UTC), password=given
            )
        finally:
            opened.close()
    sessions = f"{revoked} session{'' if revoked == 1 else 's'} revoked"
    if given is None:
        typer.echo(
            f"account {name!r}: one-time password {password}, to be changed at the next login "
            f"({sessions}); give it to its owner by a safe channel"
        )
    else:
        typer.echo(
            f"account {name!r}: password reset, to be changed at the next login ({sessions})"
        )
