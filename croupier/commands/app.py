"""The Typer application every command registers on.

It lives below the command modules (they import :data:`app` from here) and below
:mod:`croupier.cli`, the entry point, which imports a command's module when the command is used
and takes the command from here. Help is printed as plain text (``rich_markup_mode=None``):
rendering it with Rich would import Rich and Markdown at every start.
"""

from __future__ import annotations

import typer

__all__ = ["app"]

app = typer.Typer(
    name="croupier",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_show_locals=False,
)


@app.callback()
def _commands() -> None:
    """The commands of croupier (the entry point is croupier.cli.app)."""
