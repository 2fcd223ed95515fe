"""The wall and the deal of Mah-Jong, Portaria 52/89/M Art 2.

:func:`deal_mahjong` is a pure function of the shuffler it is given. It draws, in this order:

1. the shuffle: ``shuffler.shuffle(FULL_SET)`` once, on the 136 tiles in canonical order
   (``1m 1m 1m 1m 2m ... P P P P``, :data:`croupier.tiles.FULL_SET`);
2. the banker's three dice: ``throw_dice(3, shuffler)`` (Art 1.1, 2).

:func:`deal_from_order` is the deterministic rest (the shuffled order and the dice -> the deal),
used to replay a deal from its record and by the tests. Every step below is either fixed by the
text of Art 2 or a named option of :class:`~croupier.games.mahjong.rules.DealOptions`.

**Seats** (Art 2, fixed): East is the banker; South on his right, West opposite, North on his
left. Counterclockwise from the banker: E, S, W, N (:class:`~.rules.Seat`).

**Laying the walls** (the engine's convention; the text only says "4 filas duplas formadas por 17
grupos de duas pedras", and a uniform shuffle makes any fixed mapping fair). Tile ``i`` of the
shuffled order (0-based) goes to:

* the wall in front of seat ``i // 34``, in the order East, South, West, North;
* stack ``(i % 34) // 2`` of that wall (0-based; stack 1..17 in the docs), counted from the right
  end *as the wall's owner sees it* (each player faces the centre of the table);
* the top of the stack when ``i`` is even, the bottom when odd.

Geometry: the owner's left end of a wall meets the right end of the wall of the player on his
left. Going leftwards along a wall therefore continues into the wall of the owner's left-hand
neighbour: East's wall -> North's -> West's -> South's -> East's, clockwise seen from above.

**The wall chosen** (Art 2, fixed): the banker throws three dice; the total is counted from the
banker counterclockwise, the banker counting 1 (:func:`~.rules.wall_seat`): "Se a soma dos dados
indicar, por exemplo, 13 pontos, o banqueiro separará da fila-dupla colocada à sua frente", so 13
is the banker's own wall (1, 5, 9, 13, 17 East; 2, 6, 10, 14, 18 South; 3, 7, 11, 15 West; 4, 8,
12, 16 North).

**The break** (Art 2): in the chosen wall the banker counts ``total`` stacks "contados da direita
para a esquerda" (from the owner's right) and sets them apart; the deal starts at the next stack
leftwards (with 13 these are "os quatro restantes" stacks 14..17 of that wall). A total of 18 is
more stacks than a wall has: the count goes on into the next wall leftwards (the owner's left
neighbour's), so the deal starts at stack 2 of that wall; a total of 17 starts at its stack 1.
(Reading: the text's example stays inside one wall; continuing the count along the square is the
geometry above and standard Hong Kong practice.)

**Taking tiles** (Art 2): tiles are taken from the break leftwards, stack after stack, on into the
next wall clockwise (a reading: the text names only the first four stacks; this is the geometry
and standard practice). "Draw order" numbers the tiles so taken ``t0, t1, ...``: each stack's top
then its bottom. The deal, fixed by the text except the last step:

* three times round, the banker first, then South, West and North, each takes two stacks (four
  tiles, top, bottom, top, bottom): 12 tiles each, ``t0..t47``;
* then "o banqueiro tira mais duas pedras, alternadamente, da fila de cima, tirando cada um dos
  restantes três parceiros, dentro da sua vez, mais uma pedra do extremo da fila": the five tiles
  ``t48..t52`` go as :class:`~.rules.BankerExtra` says *(option)*; the default ``jump`` (standard
  Hong Kong practice) gives the banker ``t48`` and ``t52`` (the tops of the next stack and of the
  stack after the one following it: two tiles of the top row, every other stack, "alternadamente,
  da fila de cima"), then South ``t49`` (bottom of the next stack), West ``t50`` (top of the
  second), North ``t51`` (bottom of the second), each "mais uma pedra do extremo da fila", the next
  tile at the open end of the wall. ``plain`` gives the banker ``t48 t49``, South ``t50``, West
  ``t51``, North ``t52``.
* The banker has 14 tiles, the others 13; the banker discards first (Art 2: "O banqueiro é sempre
  o primeiro a descartar uma pedra").

**The live wall** (:class:`LiveWall`): the 83 tiles left, ``t53..t135``, in draw order (the next
draw first). Replacement tiles (for a kong, in the play of issue 6) come from the other end, the
stacks the banker set apart at the break: the last stack first (the one next to the break, on its
right), then the one before it, and so on. Of a whole stack the top tile comes first (it lies on
the bottom one) *(option* ``replacement_top_first`` *, default True; standard practice)*.

>>> from croupier.tiles import KINDS, format_tiles
>>> d = deal_from_order(KINDS * 4, (4, 4, 5))
>>> d.dice_total, d.wall.name, d.first_stack
(13, 'EAST', (<Seat.EAST: 0>, 14))
>>> format_tiles(d.hands[Seat.EAST])
'9s E S W 9m 1p 2p 3p 7s 8s 9s E 7m 2p'
>>> [len(d.hands[s]) for s in Seat], len(d.live)
([14, 13, 13, 13], 83)
>>> tile, rest = d.live.draw_replacement()
>>> tile, len(rest)
(Tile('7s'), 82)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from croupier.dice import throw_dice
from croupier.errors import CroupierError, MaterialError, RecordError
from croupier.games.mahjong.rules import (
    BANKER,
    DEAL_ROUNDS,
    DEFAULT_DEAL,
    DICE_COUNT,
    PLAYERS,
    REGULATION,
    STACKS,
    STACKS_PER_TAKE,
    STACKS_PER_WALL,
    TILE_COUNT,
    TILES_PER_STACK,
    TILES_PER_WALL,
    DealOptions,
    Seat,
    check_total,
    wall_seat,
)
from croupier.records import as_int
from croupier.shuffle import Shuffler
from croupier.tiles import FULL_SET, Tile, TilesLike, format_tiles, parse_tiles

__all__ = ["GAME", "LiveWall", "MahjongDeal", "Place", "deal_from_order", "deal_mahjong"]

GAME: Final = "mahjong"
#: Draw-order positions the deal takes: 3 rounds x 4 seats x 2 stacks x 2 tiles, then 5.
ROUND_TILES: Final = DEAL_ROUNDS * PLAYERS * STACKS_PER_TAKE * TILES_PER_STACK
DEALT: Final = ROUND_TILES + 5


class Place(NamedTuple):
    """Where a tile lies: the wall (by its owner's seat), the stack 1..17 counted from the
    owner's right, and top or bottom."""

    wall: Seat
    stack: int
    top: bool


def _ring(seat: Seat) -> int:
    """The wall's index going clockwise from East's: E 0, N 1, W 2, S 3."""
    return (-seat) % PLAYERS


def _start_stack(total: int) -> int:
    """The global stack (clockwise ring of 68, 17 per wall from each owner's right) where the
    deal starts: ``total`` stacks past the right end of the chosen wall."""
    return (_ring(wall_seat(total)) * STACKS_PER_WALL + total) % STACKS


def _place(total: int, position: int) -> Place:
    g = (_start_stack(total) + position // TILES_PER_STACK) % STACKS
    return Place(
        Seat((-(g // STACKS_PER_WALL)) % PLAYERS), g % STACKS_PER_WALL + 1, position % 2 == 0
    )


def _layout_index(place: Place) -> int:
    """Index in the shuffled order of the tile at ``place`` (the laying convention)."""
    return place.wall * TILES_PER_WALL + (place.stack - 1) * TILES_PER_STACK + (not place.top)


def _check_dice(dice: Iterable[int]) -> tuple[int, ...]:
    values = tuple(dice)
    if len(values) != DICE_COUNT:
        raise MaterialError(f"Art 1: the game uses {DICE_COUNT} dice, got {len(values)}")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
            raise MaterialError(f"a die shows 1..6, got {v!r}")
    return values


def _schedule(table: DealOptions) -> tuple[tuple[Seat, int], ...]:
    """Every (seat, draw-order position) of the deal, in the order taken (Art 2)."""
    out: list[tuple[Seat, int]] = []
    for k in range(DEAL_ROUNDS):
        for seat in Seat:
            first = (k * PLAYERS + seat) * STACKS_PER_TAKE * TILES_PER_STACK
            out.extend((seat, first + q) for q in range(STACKS_PER_TAKE * TILES_PER_STACK))
    offsets = table.banker_extra.offsets()
    for seat in Seat:
        out.extend((seat, ROUND_TILES + o) for o in offsets[seat])
    return tuple(out)


@dataclass(frozen=True, slots=True)
class LiveWall:
    """The tiles left in the wall, in draw order (``tiles[0]`` is the next draw).

    ``positions`` are their draw-order positions (0..135 counted from the break: stack
    ``p // 2`` after the break, top when ``p`` is even), so the wall knows its stacks at both ends.
    :meth:`draw` takes from the open end, :meth:`draw_replacement` from the other end (the last
    stack first; of a whole stack the top first unless ``top_first`` is False). Both return the
    tile and the wall without it; the wall itself never changes.
    """

    tiles: tuple[Tile, ...]
    positions: tuple[int, ...]
    top_first: bool = True

    def __post_init__(self) -> None:
        tiles, positions = tuple(self.tiles), tuple(self.positions)
        if len(tiles) != len(positions):
            raise CroupierError(f"{len(tiles)} tiles but {len(positions)} positions")
        if not all(isinstance(t, Tile) for t in tiles):
            raise CroupierError("a live wall holds tiles")
        if any(isinstance(p, bool) or not isinstance(p, int) for p in positions) or any(
            not 0 <= p < TILE_COUNT for p in positions
        ):
            raise CroupierError(f"positions are 0..{TILE_COUNT - 1}")
        if list(positions) != sorted(set(positions)):
            raise CroupierError("positions must be strictly ascending (draw order)")
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "positions", positions)

    def __len__(self) -> int:
        return len(self.tiles)

    @classmethod
    def _part(
        cls, tiles: tuple[Tile, ...], positions: tuple[int, ...], top_first: bool
    ) -> LiveWall:
        """A part of a checked wall (what a draw leaves), not checked again."""
        wall = object.__new__(cls)
        object.__setattr__(wall, "tiles", tiles)
        object.__setattr__(wall, "positions", positions)
        object.__setattr__(wall, "top_first", top_first)
        return wall

    def _replacement_index(self) -> int:
        if not self.tiles:
            raise MaterialError("the wall is exhausted")
        p = self.positions
        if len(p) >= 2 and p[-2] // 2 == p[-1] // 2 and self.top_first:
            return len(p) - 2
        return len(p) - 1

    def draw(self) -> tuple[Tile, LiveWall]:
        """The next tile from the open end, and the wall without it."""
        if not self.tiles:
            raise MaterialError("the wall is exhausted")
        return self.tiles[0], LiveWall._part(self.tiles[1:], self.positions[1:], self.top_first)

    def draw_replacement(self) -> tuple[Tile, LiveWall]:
        """A replacement tile (for a kong) from the other end, and the wall without it."""
        i = self._replacement_index()
        rest = LiveWall._part(
            self.tiles[:i] + self.tiles[i + 1 :],
            self.positions[:i] + self.positions[i + 1 :],
            self.top_first,
        )
        return self.tiles[i], rest

    def replacement_order(self) -> tuple[Tile, ...]:
        """The order replacement tiles would come in if no other tile were drawn."""
        out: list[Tile] = []
        wall = self
        while len(wall):
            tile, wall = wall.draw_replacement()
            out.append(tile)
        return tuple(out)


def _lay_out(
    order: tuple[Tile, ...], total: int, table: DealOptions
) -> tuple[dict[Seat, tuple[Tile, ...]], LiveWall]:
    """Hands (in the order taken) and the live wall from a checked order and dice total."""
    at = [order[_layout_index(_place(total, p))] for p in range(TILE_COUNT)]
    hands: dict[Seat, list[Tile]] = {s: [] for s in Seat}
    for seat, p in _schedule(table):
        hands[seat].append(at[p])
    live = LiveWall(tuple(at[DEALT:]), tuple(range(DEALT, TILE_COUNT)), table.replacement_top_first)
    return {s: tuple(h) for s, h in hands.items()}, live


@dataclass(frozen=True, slots=True)
class MahjongDeal:
    """One Mah-Jong deal (Art 2): a frozen record, checked on construction.

    ``order`` is the shuffled order as laid into the walls (see the module docstring), ``dice``
    the banker's three dice; ``hands`` maps each seat to its tiles in the order taken (14 for the
    banker, 13 for the others) and ``live`` is the wall left, next draw first. ``hands`` and
    ``live`` must be what ``order``, ``dice`` and ``table`` give, else CroupierError.
    """

    order: tuple[Tile, ...]
    dice: tuple[int, ...]
    hands: Mapping[Seat, tuple[Tile, ...]]
    live: LiveWall
    table: DealOptions = field(default=DEFAULT_DEAL)

    def __post_init__(self) -> None:
        order = parse_tiles(self.order, count=TILE_COUNT)
        dice = _check_dice(self.dice)
        if not isinstance(self.table, DealOptions):
            raise CroupierError(f"table must be a DealOptions, got {self.table!r}")
        hands, live = _lay_out(order, sum(dice), self.table)
        if set(self.hands) != set(Seat) or any(tuple(self.hands[s]) != hands[s] for s in Seat):
            raise CroupierError("the hands do not follow from the order and the dice (Art 2)")
        if self.live != live:
            raise CroupierError("the live wall does not follow from the order and the dice")
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "hands", MappingProxyType(hands))

    @property
    def dice_total(self) -> int:
        return sum(self.dice)

    @property
    def wall(self) -> Seat:
        """The seat whose wall the dice chose (Art 2)."""
        return wall_seat(self.dice_total)

    @property
    def first_stack(self) -> tuple[Seat, int]:
        """The wall and stack (1..17 from the owner's right) where the deal starts."""
        place = _place(self.dice_total, 0)
        return place.wall, place.stack

    @property
    def first_to_discard(self) -> Seat:
        """Art 2: "O banqueiro é sempre o primeiro a descartar uma pedra"."""
        return BANKER

    def place(self, position: int) -> Place:
        """Where the tile of draw-order ``position`` (0..135) lay before the deal."""
        if isinstance(position, bool) or not isinstance(position, int):
            raise MaterialError(f"a draw-order position is an integer, got {position!r}")
        if not 0 <= position < TILE_COUNT:
            raise MaterialError(f"a draw-order position is 0..{TILE_COUNT - 1}, got {position}")
        return _place(self.dice_total, position)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data, tiles in notation; :meth:`from_dict` reads it back."""
        wall, stack = self.first_stack
        return {
            "game": GAME,
            "regulation": REGULATION,
            "table": self.table.to_dict(),
            "order": [str(t) for t in self.order],
            "dice": list(self.dice),
            "dice_total": self.dice_total,
            "wall": wall_seat(self.dice_total).symbol,
            "first_stack": [wall.symbol, stack],
            "hands": {s.symbol: [str(t) for t in self.hands[s]] for s in Seat},
            "live": [str(t) for t in self.live.tiles],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MahjongDeal:
        """Rebuild a deal from :meth:`to_dict` output; every stated field is checked again."""
        if not isinstance(data, Mapping):
            raise RecordError("deal", f"a deal must be an object, got {data!r}")
        if data.get("game", GAME) != GAME:
            raise RecordError("game", f"not a {GAME} deal: game {data.get('game')!r}")
        try:
            table = DealOptions.from_dict(dict(data.get("table", {})))
            order = _tiles_field(data["order"], "order")
            dice = tuple(as_int(v, "dice") for v in _list_field(data["dice"], "dice"))
            hands_data = data["hands"]
            if not isinstance(hands_data, Mapping) or set(hands_data) != set("ESWN"):
                raise RecordError("hands", "field 'hands' must map E, S, W, N to tiles")
            hands = {Seat.parse(k): _tiles_field(v, "hands") for k, v in hands_data.items()}
            live_tiles = _tiles_field(data["live"], "live")
            live = LiveWall(
                live_tiles,
                tuple(range(TILE_COUNT - len(live_tiles), TILE_COUNT)),
                table.replacement_top_first,
            )
            deal = cls(order=order, dice=dice, hands=hands, live=live, table=table)
        except KeyError as exc:
            raise RecordError(str(exc.args[0]), f"missing field {exc.args[0]!r}") from None
        check_total(deal.dice_total)
        wall, stack = deal.first_stack
        stated = {
            "dice_total": deal.dice_total,
            "wall": deal.wall.symbol,
            "first_stack": [wall.symbol, stack],
        }
        for name, value in stated.items():
            if name in data and data[name] != value:
                raise RecordError(
                    name, f"field {name!r} is {data[name]!r}, the deal gives {value!r}"
                )
        return deal

    def describe(self) -> str:
        """One line per seat, for logs."""
        wall, stack = self.first_stack
        lines = [
            f"dice {self.dice} = {self.dice_total}: {self.wall.name.title()}'s wall, "
            f"deal from {wall.name.title()}'s stack {stack}"
        ]
        lines += [f"{s.symbol}: {format_tiles(self.hands[s])}" for s in Seat]
        return "\n".join(lines)


def _list_field(value: object, name: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise RecordError(name, f"field {name!r} must be a list, got {value!r}")
    return list(value)


def _tiles_field(value: object, name: str) -> tuple[Tile, ...]:
    items = _list_field(value, name)
    if not all(isinstance(v, str) for v in items):
        raise RecordError(name, f"field {name!r} must be a list of tiles in notation")
    return parse_tiles(items)


def deal_from_order(
    order: TilesLike | Sequence[Tile],
    dice: Sequence[int],
    table: DealOptions = DEFAULT_DEAL,
) -> MahjongDeal:
    """Lay the shuffled ``order`` (the 136 tiles) into the walls and deal after ``dice`` (Art 2).

    The order must be the whole set (NotationError for a bad token, ExtraTileCopyError for a
    fifth copy, TileCountError for a count other than 136); the dice must be three, 1..6 each
    (MaterialError).
    """
    tiles = parse_tiles(order, count=TILE_COUNT)
    values = _check_dice(dice)
    hands, live = _lay_out(tiles, sum(values), table)
    return MahjongDeal(order=tiles, dice=values, hands=hands, live=live, table=table)


def deal_mahjong(shuffler: Shuffler, table: DealOptions = DEFAULT_DEAL) -> MahjongDeal:
    """Shuffle the 136 tiles, throw the three dice and deal (Art 2); draws in that order.

    >>> from croupier.shuffle import SeededShuffler
    >>> d = deal_mahjong(SeededShuffler("doc"))
    >>> d == deal_mahjong(SeededShuffler("doc")), sorted(len(h) for h in d.hands.values())
    (True, [13, 13, 13, 14])
    """
    order = shuffler.shuffle(FULL_SET)
    dice = throw_dice(DICE_COUNT, shuffler)
    return deal_from_order(order, dice, table)
