"""Mah-Jong, Portaria 52/89/M: the material, the seats, the wall and the options of the deal.

Only the opening articles are in our hands (Art 1 material, Art 2 procedure). The play, winning
and scoring follow Hong Kong old style (``GAMES.md`` §2: :mod:`~croupier.games.mahjong.round`,
:mod:`~croupier.games.mahjong.hand`, :mod:`~croupier.games.mahjong.scoring`).

Seats (Art 2): "O lugar do banqueiro («chóng») é sempre designado por Este («tông»), sendo
designado por Sul («nám») o lugar à direita do banqueiro, por Oeste («sai») o lugar oposto ao do
banqueiro e por Norte («pak») o lugar à esquerda do banqueiro." :class:`Seat` numbers them
counterclockwise from the banker, which is also the order in which they take tiles (Art 2: the
banker, "sendo seguido, sucessivamente, pelos parceiros dos lugares Sul, Oeste e Norte").

>>> [s.symbol for s in Seat], Seat.EAST.right, Seat.EAST.left
(['E', 'S', 'W', 'N'], <Seat.SOUTH: 1>, <Seat.NORTH: 3>)
>>> wall_seat(13), wall_seat(3), wall_seat(18)
(<Seat.EAST: 0>, <Seat.WEST: 2>, <Seat.SOUTH: 1>)
>>> DealOptions.from_dict(DealOptions(banker_extra=BankerExtra.PLAIN).to_dict())
DealOptions(banker_extra=<BankerExtra.PLAIN: 'plain'>, replacement_top_first=True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any, Final

from croupier.dice import DIE_FACES, MAH_JONG_DICE
from croupier.errors import MaterialError, RecordError, RuleViolation
from croupier.protocol import decode
from croupier.tiles import SET_SIZE

__all__ = [
    "BANKER",
    "DEFAULT_DEAL",
    "DICE_COUNT",
    "REGULATION",
    "TILE_COUNT",
    "BankerExtra",
    "DealOptions",
    "Round",
    "Seat",
    "check_total",
    "wall_seat",
]

REGULATION: Final = "Portaria 52/89/M"

#: Art 1.1: "136 cartas ou pedras" (34 kinds x 4, Art 1.2).
TILE_COUNT: Final = SET_SIZE
#: Art 1.1: "3 dados".
DICE_COUNT: Final = MAH_JONG_DICE
#: The least and the greatest total of the three dice.
MIN_TOTAL: Final = DICE_COUNT
MAX_TOTAL: Final = DICE_COUNT * DIE_FACES
#: Art 2: "O Mah-Jong joga-se com quatro jogadores ou parceiros."
PLAYERS: Final = 4
#: Art 2: "4 filas duplas formadas por 17 grupos de duas pedras cada um."
WALLS: Final = 4
STACKS_PER_WALL: Final = 17
TILES_PER_STACK: Final = 2
TILES_PER_WALL: Final = STACKS_PER_WALL * TILES_PER_STACK
STACKS: Final = WALLS * STACKS_PER_WALL
#: Art 2: "Os parceiros tiram três vezes (2 grupos ou sejam 4 pedras) até cada um ficar com 6
#: grupos (12 pedras)."
DEAL_ROUNDS: Final = 3
STACKS_PER_TAKE: Final = 2
#: Art 2: then the banker takes two more tiles, each other player one: 14 and 13.
BANKER_TILES: Final = 14
PLAYER_TILES: Final = 13
#: Art 2: "Cada roda de quatro jogos leva o nome de um dos «ventos»."
GAMES_PER_ROUND: Final = 4


class Seat(IntEnum):
    """The four places (Art 2), numbered counterclockwise from the banker (East).

    Counterclockwise is the order of the dice count (Art 2: "em sentido oposto ao do ponteiro do
    relógio, a partir do lugar do banqueiro") and of taking tiles.
    """

    #: the banker («chóng»), «tông»
    EAST = 0
    #: "o lugar à direita do banqueiro", «nám»
    SOUTH = 1
    #: "o lugar oposto ao do banqueiro", «sai»
    WEST = 2
    #: "o lugar à esquerda do banqueiro", «pak»
    NORTH = 3

    @property
    def symbol(self) -> str:
        """The wind letter of the notation (``E S W N``)."""
        return "ESWN"[self]

    @property
    def cantonese(self) -> str:
        """The seat's name in the regulation (Art 2)."""
        return ("tông", "nám", "sai", "pak")[self]

    @property
    def right(self) -> Seat:
        """The seat on this one's right: the next counterclockwise."""
        return Seat((self + 1) % PLAYERS)

    @property
    def left(self) -> Seat:
        """The seat on this one's left: the next clockwise."""
        return Seat((self - 1) % PLAYERS)

    @classmethod
    def parse(cls, token: str) -> Seat:
        """A seat from its wind letter."""
        if isinstance(token, str) and len(token) == 1 and token.upper() in "ESWN":
            return cls("ESWN".index(token.upper()))
        raise RecordError("seat", f"unknown seat {token!r} (use E S W N)")


#: Art 2: the banker's place is always East.
BANKER: Final = Seat.EAST


class Round(IntEnum):
    """Art 2: the rounds of four games, each named for a wind, in order."""

    #: «tông hin»
    EAST = 0
    #: «nám hin»
    SOUTH = 1
    #: «sai hin»
    WEST = 2
    #: «pak hin»
    NORTH = 3

    @property
    def cantonese(self) -> str:
        return ("tông hin", "nám hin", "sai hin", "pak hin")[self]


class BankerExtra(StrEnum):
    """How the last five tiles of the deal go round (Art 2: "o banqueiro tira mais duas pedras,
    alternadamente, da fila de cima, tirando cada um dos restantes três parceiros, dentro da sua
    vez, mais uma pedra do extremo da fila") *(option)*.

    After the three rounds the next tiles in draw order are ``t1`` (top of the next stack),
    ``t2`` (its bottom), ``t3``, ``t4`` (the stack after it) and ``t5`` (top of the third stack).

    * ``jump`` (default; standard Hong Kong practice, the "jump"): the banker takes ``t1`` and
      ``t5``, the tops of two stacks with one stack between them, which is "two tiles,
      alternately, from the top row" (every other stack of the upper row); South then takes
      ``t2``, West ``t3``, North ``t4``, each "in his turn, one more tile from the end of the
      row" (the next tile at the wall's open end).
    * ``plain``: the banker takes ``t1`` and ``t2`` (the next two tiles in draw order, a top and
      the bottom under it), South ``t3``, West ``t4``, North ``t5``. It reads "alternadamente" as
      top then bottom and does not keep both of the banker's tiles in the top row, so it fits the
      words less well; it is here for a house that deals that way.

    Either way the five tiles ``t1..t5`` are taken and the wall goes on at ``t6``.
    """

    JUMP = "jump"
    PLAIN = "plain"

    def offsets(self) -> dict[Seat, tuple[int, ...]]:
        """Which of ``t1..t5`` (0-based) each seat takes, in the order taken."""
        if self is BankerExtra.JUMP:
            return {Seat.EAST: (0, 4), Seat.SOUTH: (1,), Seat.WEST: (2,), Seat.NORTH: (3,)}
        return {Seat.EAST: (0, 1), Seat.SOUTH: (2,), Seat.WEST: (3,), Seat.NORTH: (4,)}


@dataclass(frozen=True, slots=True)
class DealOptions:
    """Options of the Mah-Jong deal (``GAMES.md`` §2; ``docs/rules.md`` §2), part of
    :class:`~croupier.games.mahjong.options.MahjongOptions` (its ``table`` in records).

    * ``banker_extra``: how the banker's two extra tiles and the others' one are taken
      (:class:`BankerExtra`; default ``jump``, Hong Kong practice).
    * ``replacement_top_first``: a replacement tile (for a kong) comes from the other end of
      the wall, the last stack first; of a whole stack the top tile is taken first (it lies on
      the bottom one), then the bottom (default on); off: the bottom first.

    :meth:`to_dict` writes every option; :meth:`from_dict` reads them strictly: no unknown option,
    no value that merely converts; a missing option takes its default.

    >>> DealOptions.from_dict({"replacement_top_first": 1})
    Traceback (most recent call last):
    ...
    croupier.errors.RecordError: field 'replacement_top_first' must be true or false, got 1
    >>> DealOptions.from_dict({"jump": True})
    Traceback (most recent call last):
    ...
    croupier.errors.RecordError: unknown table option 'jump'
    """

    banker_extra: BankerExtra = BankerExtra.JUMP
    replacement_top_first: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.banker_extra, BankerExtra):
            raise MaterialError(f"banker_extra must be a BankerExtra, got {self.banker_extra!r}")
        if not isinstance(self.replacement_top_first, bool):
            raise MaterialError(
                f"replacement_top_first must be True or False, got {self.replacement_top_first!r}"
            )

    def to_dict(self) -> dict[str, Any]:
        """Every option, JSON-ready."""
        return {
            "banker_extra": self.banker_extra.value,
            "replacement_top_first": self.replacement_top_first,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealOptions:
        """The options from :meth:`to_dict` output, strictly."""
        if not isinstance(data, Mapping):
            raise RecordError("table", f"table options must be an object, got {data!r}")
        unknown = sorted(str(k) for k in set(data) - set(_FIELDS))
        if unknown:
            raise RecordError(unknown[0], f"unknown table option {unknown[0]!r}")
        kwargs: dict[str, Any] = {}
        if "banker_extra" in data:
            kwargs["banker_extra"] = decode(data["banker_extra"], BankerExtra, "banker_extra")
        if "replacement_top_first" in data:
            kwargs["replacement_top_first"] = decode(
                data["replacement_top_first"], bool, "replacement_top_first"
            )
        return cls(**kwargs)


_FIELDS: Final = tuple(f.name for f in dataclasses.fields(DealOptions))
DEFAULT_DEAL: Final = DealOptions()


def check_total(total: int) -> int:
    """A total of three dice, 3..18, else RuleViolation (Art 1.1, 2)."""
    if isinstance(total, bool) or not isinstance(total, int) or not MIN_TOTAL <= total <= MAX_TOTAL:
        raise RuleViolation(
            "Art 2", f"a total of {DICE_COUNT} dice is {MIN_TOTAL}..{MAX_TOTAL}, got {total!r}"
        )
    return total


def wall_seat(total: int) -> Seat:
    """The seat whose wall ("fila-dupla") the dice total chooses (Art 2).

    Counted from the banker counterclockwise, the banker counting 1 ("Conta-se sempre da direita
    para a esquerda, em sentido oposto ao do ponteiro do relógio, a partir do lugar do
    banqueiro"). Fixed by the worked example: a total of 13 takes "a fila-dupla colocada à sua
    frente", the banker's own, which only the count with the banker as 1 gives.
    """
    return Seat((check_total(total) - 1) % PLAYERS)
