"""``croupier table void``: an operator voids a server table's interrupted round, with refunds.

Its stack (SQLAlchemy) is imported inside the command only. The command joins the ``table``
group if another module made one, else makes it.
"""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.commands.app import app
from croupier.commands.audit import GameOption
from croupier.commands.db import DatabaseOption
from croupier.commands.output import croupier_errors


def _table_group() -> typer.Typer:
    for group in app.registered_groups:
        if group.name == "table" and group.typer_instance is not None:
            return group.typer_instance
    made = typer.Typer(help="Tables: run, inspect, operate.", no_args_is_help=True)
    app.add_typer(made, name="table")
    return made


@_table_group().command("void")
def void_command(
    table: Annotated[str, typer.Option("--table", help="The table's id.", show_default=False)],
    reason: Annotated[
        str, typer.Option("--reason", help="Why the round is void (recorded).", show_default=False)
    ],
    by: Annotated[
        str, typer.Option("--by", help="The operator (a dealer's name), recorded.")
    ] = "operator",
    database: DatabaseOption = "sqlite:///croupier.db",
    game: GameOption = None,
) -> None:
    """Void the round in play at a server's table: the game's void command refunds its stakes
    as the regulation's void-round article says, recorded as events with their ledger and a
    ``round.voided`` event of the house stream (safe while the server runs)."""
    with croupier_errors():
        from croupier.server.catalog import Catalog, parse_extra_game
        from croupier.server.db import open_database
        from croupier.server.operations import void_round
        from croupier.server.store import EventStore

        extra = {g.name: g for g in (parse_extra_game(text) for text in game or [])}
        opened = open_database(database, migrate=False)
        try:
            voided = void_round(
                EventStore(opened.engine), Catalog(extra), table, by=by, reason=reason
            )
        finally:
            opened.close()
    refunds = ", ".join(f"{a} {v}" for a, v in sorted(voided.refunds.items())) or "none"
    typer.echo(
        f"round {voided.round} of table {voided.table} voided (seq {voided.first_seq}-"
        f"{voided.last_seq}); refunds: {refunds}"
    )
