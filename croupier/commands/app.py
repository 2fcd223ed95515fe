"""The ``croupier`` Typer application every command registers on.

It lives below the command modules (they import :data:`app` from here) and below
:mod:`croupier.cli`, which imports the command modules to register them and is the entry point.
Help is printed as plain text (``rich_markup_mode=None``): rendering it with Rich would import
Rich and Markdown at every start.
"""

from __future__ import annotations

import typer

__all__ = ["app"]

app = typer.Typer(
    name="croupier",
    help="Exact, auditable engine for Macau's official casino table games.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    # Never print local variables of a crash: they may hold a provably-fair server seed.
    pretty_exceptions_show_locals=False,
)


@app.callback()
def _main() -> None:
    """Exact, auditable engine for Macau's official casino table games."""
