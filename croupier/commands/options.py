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

from croupier.commands.bounds import DECKS, POSITIONS
from croupier.commands.output import croupier_errors, fail

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
    ``pairs`` set; an unknown key or a wrong value ends the command with a clear error.
    Without pairs: ``base`` (else the defaults), the object
    :func:`~croupier.table.settings.options_from_pairs` returns then, without importing the
    settings and reading every key of the class (issue 22: ``simulate``'s start-up)."""
    cls = options_class(game)
    if not pairs:
        return cls() if base is None else base
    from croupier.table.settings import OptionError, options_from_pairs

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


DecksOpt = Annotated[
    int | None,
    typer.Option(
        "--decks",
        help=DECKS.help(
            "three-card-baccarat (default 8, 1 = a box) and football-poker (default 6): "
            "decks in the shoe; the same as --option decks=N."
        ),
        show_default=False,
    ),
]
PositionsOpt = Annotated[
    int | None,
    typer.Option(
        "--positions",
        help=POSITIONS.help(
            "three-card-baccarat (default 7) and football-poker (default 8): player places; "
            "the same as --option positions=N."
        ),
        show_default=False,
    ),
]
MinBetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--min-bet",
        metavar="[BET=]AMOUNT",
        help="three-card-baccarat and football-poker: the table minimum of a stake, in the "
        "smallest unit (cents), for every bet (AMOUNT) or one bet (e.g. tie=500); repeatable. "
        "The defaults are in `croupier odds GAME` and docs/rules.md.",
        show_default=False,
    ),
]
MaxBetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--max-bet",
        metavar="[BET=]AMOUNT",
        help="three-card-baccarat and football-poker: the table maximum of one player's stake "
        "on one bet at one place, for every bet (AMOUNT) or one bet (e.g. tie=25000); "
        "repeatable.",
        show_default=False,
    ),
]


def _limit_flag(flag: str, text: str) -> tuple[str | None, int]:
    """``AMOUNT`` (every bet) or ``BET=AMOUNT`` of ``--min-bet``/``--max-bet``; the amount a
    whole number of the smallest unit written in ASCII digits."""
    bet, _, amount = text.rpartition("=")
    amount = amount.strip()
    if not (amount.isascii() and amount.isdigit()) or int(amount) < 1:
        fail(f"{flag} {text!r}: the amount must be a whole number of the smallest unit, >= 1")
    return (bet.strip() or None) if "=" in text else None, int(amount)


def with_limits(options: Any, min_bet: list[str] | None, max_bet: list[str] | None) -> Any:
    """``options`` with ``--min-bet`` and ``--max-bet`` applied to its table limits: an amount
    alone sets every bet's minimum (maximum), ``BET=AMOUNT`` one bet's (after the amounts for
    every bet, whatever the order given); an unknown bet or a
    maximum below its minimum is refused by the options class, naming it.

    >>> from croupier.games.football_poker.options import FootballOptions
    >>> table = with_limits(FootballOptions(), ["1000"], ["post=20000"])
    >>> table.limits.limit("upper"), table.limits.limit("post")
    (Limit(minimum=1000, maximum=500000), Limit(minimum=1000, maximum=20000))
    """
    import dataclasses

    from croupier.money import BetLimits

    if not min_bet and not max_bet:
        return options
    limits: BetLimits = options.limits
    default, by_bet = limits.default, dict(limits.by_bet)
    for flag, values in (("--min-bet", min_bet or []), ("--max-bet", max_bet or [])):
        # an amount for every bet first, then each named bet's, in whatever order they came
        for bet, amount in sorted(
            (_limit_flag(flag, t) for t in values), key=lambda p: p[0] is not None
        ):
            field = "minimum" if flag == "--min-bet" else "maximum"
            with croupier_errors():
                change = {field: amount}
                if bet is None:
                    default = dataclasses.replace(default, **change)
                    by_bet = {k: dataclasses.replace(v, **change) for k, v in by_bet.items()}
                else:  # a bet of this game's (the options class names an unknown one)
                    dataclasses.replace(options, limits=BetLimits(default, {bet: default}))
                    by_bet[bet] = dataclasses.replace(by_bet.get(bet, default), **change)
    with croupier_errors():
        return dataclasses.replace(options, limits=BetLimits(default, by_bet))


def banking_options(
    game: str,
    pairs: list[str] | None,
    *,
    decks: int | None = None,
    positions: int | None = None,
    min_bet: list[str] | None = None,
    max_bet: list[str] | None = None,
) -> Any:
    """A banking game's options for ``play``, ``simulate`` and ``odds``: :func:`cli_base`, then
    ``--decks`` and ``--positions`` (the older flags, the same as ``-o decks=N`` and
    ``-o positions=N``), then every ``--option``, then ``--min-bet`` and ``--max-bet`` (issue 15
    item 1, :func:`with_limits`); a key set both ways is refused, and every value is checked by
    the options class (its bounds named in the error)."""
    from croupier.table.settings import parse_assignment

    given = [parse_assignment(p)[0] for p in pairs or [] if "=" in p]
    flags: list[str] = []
    for flag, key, value in (("--decks", "decks", decks), ("--positions", "positions", positions)):
        if value is None:
            continue
        if key in given:
            fail(f"{flag} and --option {key}=... both set {key}: give one of them")
        flags.append(f"{key}={value}")
    options = game_options(game, [*flags, *(pairs or [])], cli_base(game))
    return with_limits(options, min_bet, max_bet)


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
