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

__all__ = [
    "OptionsOpt",
    "banking_options",
    "cli_base",
    "game_options",
    "options_class",
    "readings",
]

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


def cli_base(game: str) -> Any:
    """The options ``deal``, ``verify``, ``play``, ``simulate`` and ``odds`` start from before
    any flag or ``--option``: the options class's defaults, except 3-card baccarat's decks, which
    are :data:`~croupier.games.three_card_baccarat.options.CLI_DEFAULT_DECKS` (an 8-deck shoe;
    ``-o decks=1`` is the box) in all five (issue 16 item 21). None: the class's defaults."""
    if game.strip().lower() != "three-card-baccarat":
        return None
    from croupier.games.three_card_baccarat.options import CLI_DEFAULT_DECKS, BaccaratOptions

    return BaccaratOptions(decks=CLI_DEFAULT_DECKS)


def banking_options(
    game: str,
    pairs: list[str] | None,
    *,
    decks: int | None = None,
    positions: int | None = None,
) -> Any:
    """A banking game's options for ``play``, ``simulate`` and ``odds``: :func:`cli_base`, then
    ``--decks`` and ``--positions`` (the older flags, the same as ``-o decks=N`` and
    ``-o positions=N``), then every ``--option``; a key set both ways is refused, and every
    value is checked by the options class (its bounds named in the error)."""
    from croupier.table.settings import parse_assignment

    given = [parse_assignment(p)[0] for p in pairs or [] if "=" in p]
    flags: list[str] = []
    for flag, key, value in (("--decks", "decks", decks), ("--positions", "positions", positions)):
        if value is None:
            continue
        if key in given:
            fail(f"{flag} and --option {key}=... both set {key}: give one of them")
        flags.append(f"{key}={value}")
    return game_options(game, [*flags, *(pairs or [])], cli_base(game))


def readings(game: str, options: Any) -> str:
    """The options of a banking table other than its decks and places that are not the
    command line's defaults, as ``key=value, ...`` (empty when there are none): what a command
    prints so that its figures say which readings they are for."""
    base = cli_base(game)
    plain = (base if base is not None else type(options)()).to_dict()
    return ", ".join(
        f"{k}={v}"
        for k, v in options.to_dict().items()
        if k not in ("decks", "positions") and plain.get(k) != v
    )
