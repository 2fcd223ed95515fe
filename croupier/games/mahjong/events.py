"""The events of one Mah-Jong game (Portaria 52/89/M; the play is Hong Kong old style,
``GAMES.md`` §2), as recorded in its log.

Each is a frozen fact with JSON-ready fields (see :mod:`croupier.protocol`). Tiles are written in
their notation (``"5p"``, ``"E"``; :meth:`croupier.tiles.Tile.parse`), seats as their number
(:class:`~croupier.games.mahjong.rules.Seat`: 0 East .. 3 North). The log is the full record of
the game (the drawn tiles included); what a seat may see is :meth:`MahjongGame.view`.

>>> TileDiscarded(Seat.SOUTH, "5p").to_dict()
{'type': 'tile_discarded', 'seat': 1, 'tile': '5p'}
>>> ClaimMade.from_dict({"type": "claim_made", "seat": 2, "kind": "chow", "chow": "3p"})
ClaimMade(seat=<Seat.WEST: 2>, kind=<ClaimKind.CHOW: 'chow'>, chow='3p')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from croupier.games.mahjong.rules import Seat
from croupier.protocol import Event

__all__ = [
    "ClaimKind",
    "ClaimMade",
    "ClaimPassed",
    "ClaimsClosed",
    "GameDealt",
    "GameDrawn",
    "GameWon",
    "KongDeclared",
    "MeldExposed",
    "TileDiscarded",
    "TileDrawn",
]


class ClaimKind(StrEnum):
    """What a seat may claim on a discard (HK: win > pung / kong > chow)."""

    WIN = "win"
    PUNG = "pung"
    KONG = "kong"
    CHOW = "chow"


@dataclass(frozen=True, slots=True)
class GameDealt(Event):
    """Art 2: the shuffled order of the 136 tiles (as laid into the walls) and the banker's
    three dice; the hands and the live wall follow
    (:func:`~croupier.games.mahjong.wall.deal_from_order`)."""

    TYPE = "game_dealt"
    order: tuple[str, ...]
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TileDrawn(Event):
    """``seat`` takes ``tile`` from the live wall: the next tile, or a kong's replacement from
    the other end (``replacement``). Always a consequence of a command, never one itself."""

    TYPE = "tile_drawn"
    seat: Seat
    tile: str
    replacement: bool


@dataclass(frozen=True, slots=True)
class TileDiscarded(Event):
    """``seat`` discards ``tile``; a claim window opens for the three other seats."""

    TYPE = "tile_discarded"
    seat: Seat
    tile: str


@dataclass(frozen=True, slots=True)
class KongDeclared(Event):
    """``seat`` declares a kong of ``tile`` on his turn: four held (concealed kong) or, when
    ``added``, the fourth added to his exposed pung (the others may rob it)."""

    TYPE = "kong_declared"
    seat: Seat
    tile: str
    added: bool


@dataclass(frozen=True, slots=True)
class ClaimMade(Event):
    """``seat`` claims the tile of the open window; ``chow`` is the chow's lowest tile (only for
    a chow)."""

    TYPE = "claim_made"
    seat: Seat
    kind: ClaimKind
    chow: str | None = None


@dataclass(frozen=True, slots=True)
class ClaimPassed(Event):
    """``seat`` lets the tile of the open window go."""

    TYPE = "claim_passed"
    seat: Seat


@dataclass(frozen=True, slots=True)
class ClaimsClosed(Event):
    """The time to claim is over (the time limit, as a command): every seat that has not
    answered passes."""

    TYPE = "claims_closed"


@dataclass(frozen=True, slots=True)
class MeldExposed(Event):
    """The window resolved to ``seat``'s pung / kong / chow on ``discarder``'s ``tile``; the
    meld (lowest tile ``first``) is exposed on the table."""

    TYPE = "meld_exposed"
    seat: Seat
    kind: ClaimKind
    tile: str
    first: str
    discarder: Seat


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """A legal win: ``seat`` on ``tile`` (``discarder`` None when self-drawn), the flags of the
    win context, the faan of the best reading, its patterns, and the settlement (``net`` by seat
    E, S, W, N; the house's ``commission``)."""

    TYPE = "game_won"
    seat: Seat
    tile: str
    discarder: Seat | None
    robbed_kong: bool
    kong_replacement: bool
    last_tile: bool
    heavenly: bool
    earthly: bool
    faan: int
    reading: str
    patterns: tuple[str, ...]
    net: tuple[int, ...]
    commission: int


@dataclass(frozen=True, slots=True)
class GameDrawn(Event):
    """The live wall is exhausted and the last discard was not won: nobody wins, nobody pays
    (no dead wall is kept back: every tile of the live wall is played)."""

    TYPE = "game_drawn"
