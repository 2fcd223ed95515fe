"""``--option KEY=VALUE``: a game's table options from the command line, shared by every command
that sets up a table (``play``, ``simulate``, ``deal``, ``odds``, ``table run``).

The keys, their types and defaults come from the game's options class (the registry's
``options``) through :mod:`croupier.table.settings`; ``croupier table options GAME`` lists them.

A command adds the option with :data:`OptionsOpt` and reads it with :func:`game_options`::

    def play(game: GameArg, option: OptionsOpt = None) -> None:
        options = game_options(game, option)
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from croupier.commands.output import fail

__all__ = ["OptionsOpt", "game_options", "options_class"]

OptionsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A table option, repeatable (e.g. -o decks=6); `croupier table options GAME` lists "
        "the keys with their types, defaults and meaning.",
        show_default=False,
    ),
]


def options_class(game: str) -> type[Any]:
    """The options class of ``game`` (a registry name); a clean error when the game is unknown
    or its options class is not available yet."""
    from croupier.errors import CroupierError
    from croupier.table.registry import game as lookup

    try:
        info = lookup(game.strip().lower())
    except CroupierError as exc:
        fail(str(exc))
    found: type[Any] = info.options
    return found


def game_options(game: str, pairs: list[str] | None, base: Any = None) -> Any:
    """The options of ``game`` (from ``base``, else the defaults) with each ``KEY=VALUE`` of
    ``pairs`` set; an unknown key or a wrong value ends the command with a clear error."""
    from croupier.table.settings import OptionError, options_from_pairs

    cls = options_class(game)
    try:
        return options_from_pairs(cls, pairs or [], base)
    except OptionError as exc:
        fail(str(exc))
