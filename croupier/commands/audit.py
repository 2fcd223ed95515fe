"""``croupier audit verify``: re-fold every table of a server's database and check the record.

Its stack (SQLAlchemy) is imported inside the command only.
"""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.commands.app import app
from croupier.commands.db import DatabaseOption
from croupier.commands.output import croupier_errors, fail

audit_app = typer.Typer(
    help="Check a server's record: chains, rules, ledger.", no_args_is_help=True
)
app.add_typer(audit_app, name="audit")

GameOption = Annotated[
    list[str] | None,
    typer.Option(
        "--game", help="Load another game's table: NAME=MODULE:TABLE[,MODULE:BOT] (repeatable)."
    ),
]


@audit_app.command("verify")
def verify_command(
    database: DatabaseOption = "sqlite:///croupier.db",
    table: Annotated[
        str | None, typer.Option("--table", help="Only this table (and the house stream).")
    ] = None,
    game: GameOption = None,
) -> None:
    """Re-fold every table from its first event, check each hash chain, the rules of every
    event and the ledger against the folds; report the first fault (exit code 1)."""
    with croupier_errors():
        from croupier.server.audit import verify
        from croupier.server.catalog import Catalog, parse_extra_game
        from croupier.server.db import open_database
        from croupier.server.store import EventStore

        extra = {g.name: g for g in (parse_extra_game(text) for text in game or [])}
        opened = open_database(database, migrate=False)
        try:
            report = verify(EventStore(opened.engine), Catalog(extra), table)
        finally:
            opened.close()
    if not report.ok:
        fail(f"FAULT: {report.fault}", code=1)
    typer.echo(
        f"verified: {report.tables} table(s), {report.events} events, "
        f"{report.transactions} ledger transactions; every chain, rule and balance checks"
    )
