"""``croupier table void``: an operator voids a server table's interrupted round, with refunds.

Its stack (SQLAlchemy) is imported inside the command only. :mod:`croupier.commands.table`
calls :func:`register` with its group, so the command joins ``croupier table``.
"""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.commands.audit import GameOption
from croupier.commands.db import DatabaseOption
from croupier.commands.output import croupier_errors


def register(group: typer.Typer) -> None:
    """Add ``void`` to the ``table`` group."""
    group.command("void")(void_command)


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
