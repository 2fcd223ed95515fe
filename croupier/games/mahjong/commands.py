"""Every command of a Mah-Jong table as data (issue 17): what a player, a bot, the dealer or a
client of the table server sends, JSON-serialisable, with one JSON Schema per class
(:func:`croupier.offers.commands_schema`).

A player on his turn (Art 2: the banker discards first; then counterclockwise):

* ``{"type": "discard", "tile": "5p"}``: discard a tile; the claim window opens;
* ``{"type": "kong", "tile": "5p"}``: declare a kong of a tile: four held (concealed) or the
  fourth added to one's exposed pung; in a claim window, claim the discard ``tile`` for an
  exposed kong;
* ``{"type": "win"}``: declare a win: on one's turn on the tile just drawn (self-drawn), in a
  window on its tile (a discard, or a kong being robbed).

A player answering a claim window (HK old style, ``GAMES.md`` §2; priority win > pung / kong >
chow): ``win``, ``kong`` (above), ``{"type": "pung"}``, ``{"type": "chow", "first": "3p"}``
(the chow's lowest tile; only the discarder's right-hand neighbour, the next in turn), or
``{"type": "pass"}``.

The dealer: ``{"type": "deal"}`` (shuffle, the banker's dice, the deal of Art 2),
``{"type": "close_claims"}`` (the claim window's time is up: whoever has not answered passes),
``{"type": "settle"}`` (a finished game's payments, at a table).

At a table (:mod:`croupier.table.mahjong`), between games: ``{"type": "sit", "buy_in": N}``
(take the next free place with chips bought from the cashier), ``{"type": "top_up",
"amount": N}`` and ``{"type": "leave"}`` (cash out).

>>> Discard(Tile.parse("5p")).to_dict()
{'type': 'discard', 'tile': '5p'}
>>> Chow.from_dict({"type": "chow", "first": "3p"})
Chow(first=Tile('3p'))
>>> Discard.from_dict({"type": "discard", "tile": "5x"})
Traceback (most recent call last):
...
croupier.errors.NotationError: unknown tile '5x' (use 1m..9m, 1p..9p, 1s..9s, E S W N, C F P)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from croupier.protocol import Command
from croupier.tiles import Tile

__all__ = [
    "GAME_COMMANDS",
    "PLAYER_COMMANDS",
    "TABLE_COMMANDS",
    "Chow",
    "CloseClaims",
    "Deal",
    "Discard",
    "Kong",
    "Leave",
    "Pass",
    "Pung",
    "Settle",
    "Sit",
    "TopUp",
    "Win",
]


@dataclass(frozen=True, slots=True)
class Discard(Command):
    """Discard ``tile`` (one's turn); the claim window opens."""

    TYPE = "discard"
    tile: Tile


@dataclass(frozen=True, slots=True)
class Kong(Command):
    """A kong of ``tile``: on one's turn, four held (concealed) or one added to an exposed pung;
    in a claim window, the discard ``tile`` claimed for an exposed kong (three held)."""

    TYPE = "kong"
    tile: Tile


@dataclass(frozen=True, slots=True)
class Win(Command):
    """Declare a win: on one's turn, self-drawn; in a claim window, on its tile."""

    TYPE = "win"


@dataclass(frozen=True, slots=True)
class Pung(Command):
    """Claim the discard for a pung (two held)."""

    TYPE = "pung"


@dataclass(frozen=True, slots=True)
class Chow(Command):
    """Claim the discard of the player on one's left for the chow whose lowest tile is
    ``first``."""

    TYPE = "chow"
    first: Tile


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """Let the window's tile go."""

    TYPE = "pass"


@dataclass(frozen=True, slots=True)
class Deal(Command):
    """The dealer: shuffle the 136 tiles, throw the banker's three dice, deal (Art 2)."""

    TYPE = "deal"


@dataclass(frozen=True, slots=True)
class CloseClaims(Command):
    """The dealer: the claim window's time is up; whoever has not answered passes."""

    TYPE = "close_claims"


@dataclass(frozen=True, slots=True)
class Settle(Command):
    """The dealer: pay a finished game (the winner's gain, the house's commission, a false
    win's penalty) at the table."""

    TYPE = "settle"


@dataclass(frozen=True, slots=True)
class Sit(Command):
    """Take the next free place with ``buy_in`` chips (between games)."""

    TYPE = "sit"
    buy_in: int


@dataclass(frozen=True, slots=True)
class TopUp(Command):
    """Add ``amount`` chips (between games)."""

    TYPE = "top_up"
    amount: int


@dataclass(frozen=True, slots=True)
class Leave(Command):
    """Leave the table, cashing out every chip (between games)."""

    TYPE = "leave"


#: what a seated player may send
PLAYER_COMMANDS: Final[tuple[type[Command], ...]] = (Discard, Kong, Win, Pung, Chow, Pass)
#: every command of one game
GAME_COMMANDS: Final[tuple[type[Command], ...]] = (*PLAYER_COMMANDS, Deal, CloseClaims)
#: every command of a table
TABLE_COMMANDS: Final[tuple[type[Command], ...]] = (*GAME_COMMANDS, Settle, Sit, TopUp, Leave)
