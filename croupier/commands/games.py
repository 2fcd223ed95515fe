"""Which game a command takes, from the one source of truth: the registry's
:func:`~croupier.table.registry.games_supporting` (issue 15 item 13). Every command's game
argument checks it with :func:`check_game` (and its help lists the games with
:func:`games_help`), so an error message never lists the wrong games.

>>> games_help("solve")
'The game: thirteen.'
"""

from __future__ import annotations

from croupier.commands.output import fail

__all__ = ["ALIASES", "check_game", "games_help"]

#: other names the command line accepts for a game
ALIASES = {"stud": "five-card-stud", "mah-jong": "mahjong"}


def _names(command: str) -> tuple[str, ...]:
    from croupier.table.registry import games_supporting

    return games_supporting(command)


def _listing(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def games_help(command: str) -> str:
    """The help of a command's game argument: the games it takes, in registry order."""
    return f"The game: {_listing(_names(command))}."


def check_game(game: str, command: str) -> str:
    """The registry's name of ``game`` (aliases allowed) when ``croupier COMMAND`` takes it;
    otherwise the command ends with an error listing the games it takes."""
    from croupier.table.registry import GAMES

    name = game.strip().lower()
    name = ALIASES.get(name, name)
    takes = _names(command)
    if name in takes:
        return name
    listing = ", ".join(takes)
    if name in GAMES:
        fail(f"`croupier {command}` does not take {name}; the games it takes are: {listing}")
    fail(f"unknown game {game!r}; the games `croupier {command}` takes are: {listing}")
