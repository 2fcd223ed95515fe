"""The events of one Mah-Jong game (Portaria 52/89/M; the play is Hong Kong old style,
``GAMES.md`` §2), as recorded in its log.

Each is a frozen fact (see :mod:`croupier.protocol`). Tiles are :class:`~croupier.tiles.Tile` s,
written in records in their notation (``"5p"``, ``"E"``) and read back strictly (a tile not in its
exact notation is refused, naming it); seats are :class:`~croupier.games.mahjong.rules.Seat` s,
written as their number (0 East .. 3 North). The log is the full record of the game (the drawn
tiles included); what a seat may see is :meth:`MahjongGame.view`.

>>> TileDiscarded(Seat.SOUTH, Tile.parse("5p")).to_dict()
{'type': 'tile_discarded', 'seat': 1, 'tile': '5p'}
>>> ClaimMade.from_dict({"type": "claim_made", "seat": 2, "kind": "chow", "chow": "3p"})
ClaimMade(seat=<Seat.WEST: 2>, kind=<ClaimKind.CHOW: 'chow'>, chow=Tile('3p'))
>>> TileDiscarded.from_dict({"type": "tile_discarded", "seat": 1, "tile": "5P"})
Traceback (most recent call last):
...
croupier.errors.RecordError: field 'tile': write the tile '5P' as '5p'
>>> TileDiscarded(Seat.SOUTH, "5p")  # type: ignore[arg-type]
Traceback (most recent call last):
...
croupier.errors.MaterialError: tile_discarded: field 'tile' holds a Tile, got '5p'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from croupier.errors import MaterialError
from croupier.games.mahjong.rules import Seat
from croupier.protocol import Event
from croupier.tiles import Tile

__all__ = [
    "ClaimKind",
    "ClaimMade",
    "ClaimPassed",
    "ClaimsClosed",
    "FalseWinDeclared",
    "GameDealt",
    "GameDrawn",
    "GameWon",
    "KongDeclared",
    "MeldExposed",
    "TileDiscarded",
    "TileDrawn",
]


def _tiles(event: Event, *names: str) -> None:
    """MaterialError unless each named field holds a :class:`Tile` (a chow's may be None)."""
    for name in names:
        value = getattr(event, name)
        if not isinstance(value, Tile) and not (value is None and name == "chow"):
            raise MaterialError(f"{event.TYPE}: field {name!r} holds a Tile, got {value!r}")


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
    order: tuple[Tile, ...]
    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        if not all(isinstance(t, Tile) for t in self.order):
            raise MaterialError("game_dealt: field 'order' holds Tiles")


@dataclass(frozen=True, slots=True)
class TileDrawn(Event):
    """``seat`` takes ``tile`` from the live wall: the next tile, or a kong's replacement from
    the other end (``replacement``). Always a consequence of a command, never one itself."""

    TYPE = "tile_drawn"
    seat: Seat
    tile: Tile
    replacement: bool

    def __post_init__(self) -> None:
        _tiles(self, "tile")


@dataclass(frozen=True, slots=True)
class TileDiscarded(Event):
    """``seat`` discards ``tile``; a claim window opens for the three other seats."""

    TYPE = "tile_discarded"
    seat: Seat
    tile: Tile

    def __post_init__(self) -> None:
        _tiles(self, "tile")


@dataclass(frozen=True, slots=True)
class KongDeclared(Event):
    """``seat`` declares a kong of ``tile`` on his turn: four held (concealed kong) or, when
    ``added``, the fourth added to his exposed pung (the others may rob it)."""

    TYPE = "kong_declared"
    seat: Seat
    tile: Tile
    added: bool

    def __post_init__(self) -> None:
        _tiles(self, "tile")


@dataclass(frozen=True, slots=True)
class ClaimMade(Event):
    """``seat`` claims the tile of the open window; ``chow`` is the chow's lowest tile (only for
    a chow)."""

    TYPE = "claim_made"
    seat: Seat
    kind: ClaimKind
    chow: Tile | None = None

    def __post_init__(self) -> None:
        _tiles(self, "chow")


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
    tile: Tile
    first: Tile
    discarder: Seat

    def __post_init__(self) -> None:
        _tiles(self, "tile", "first")


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """A legal win: ``seat`` on ``tile`` (``discarder`` None when self-drawn), the flags of the
    win context, the faan of the best reading, its patterns, and the settlement (``net`` by seat
    E, S, W, N; the house's ``commission``)."""

    TYPE = "game_won"
    seat: Seat
    tile: Tile
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

    def __post_init__(self) -> None:
        _tiles(self, "tile")


@dataclass(frozen=True, slots=True)
class GameDrawn(Event):
    """The live wall is exhausted and the last discard was not won: nobody wins, nobody pays
    (no dead wall is kept back: every tile of the live wall is played)."""

    TYPE = "game_drawn"


@dataclass(frozen=True, slots=True)
class FalseWinDeclared(Event):
    """Under the false-win penalty (option ``false_win = penalty``): ``seat`` declared a win on
    ``tile`` (his drawn tile, ``discarder`` None; or the open window's, ``discarder`` its owner)
    that is not a legal win, for ``reason``. His concealed tiles ``hand`` (the tile included)
    are shown, the game ends and he pays each other seat the penalty (``net`` by seat E, S, W, N;
    no commission)."""

    TYPE = "false_win"
    seat: Seat
    tile: Tile
    discarder: Seat | None
    hand: tuple[Tile, ...]
    reason: str
    net: tuple[int, ...]

    def __post_init__(self) -> None:
        _tiles(self, "tile")
        if not all(isinstance(t, Tile) for t in self.hand):
            raise MaterialError("false_win: field 'hand' holds Tiles")
