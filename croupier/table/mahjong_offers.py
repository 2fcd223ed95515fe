"""The offers of a seat in a Mah-Jong game at the table (:mod:`croupier.table.mahjong`): the
game's legal commands (:meth:`~croupier.games.mahjong.round.MahjongGame.legal`) as
:class:`~croupier.offers.Offer` s, one per kind in the game's order, its tiles one of a list (so
the commands the offers admit, in order, are the game's legal commands)."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from croupier.games.mahjong.commands import Chow, Discard, Kong
from croupier.offers import Exactly, Offer, OneOf
from croupier.protocol import Command
from croupier.tiles import Tile

__all__ = ["seat_offers"]

#: the tile field of each command of a seat that names one (the others name none)
_TILE_OF: Final[Mapping[type[Command], Callable[[Command], Tile]]] = {
    Discard: operator.attrgetter("tile"),
    Kong: operator.attrgetter("tile"),
    Chow: operator.attrgetter("first"),
}
_CODE: Final = operator.attrgetter("code")


def seat_offers(commands: Sequence[Command], in_window: bool) -> tuple[Offer, ...]:
    """The game's legal commands of one seat as offers: one per kind, in the order the game
    lists them, its tiles one of a list (so the commands the offers admit, in order, are the
    game's legal commands)."""
    if len(commands) == 1:  # most answers in a claim window: a pass alone
        kind = type(commands[0])
        if kind not in _TILE_OF:
            bare = _BARE.get(kind)
            if bare is None:
                bare = _BARE[kind] = (_offer(kind, (), in_window),)
            return bare
    offers: list[Offer] = []
    kinds: set[type[Command]] = set()
    for kind, group in itertools.groupby(commands, type):  # MahjongGame.legal lists each
        if kind in kinds:  # kind together; if not, the kinds in their order (as a dict)
            return _offers_merged(commands, in_window)
        kinds.add(kind)
        tile_of = _TILE_OF.get(kind)
        values: tuple[Tile, ...] = () if tile_of is None else tuple(map(tile_of, group))
        offers.append(_offer(kind, values, in_window))
    return tuple(offers)


def _offers_merged(commands: Sequence[Command], in_window: bool) -> tuple[Offer, ...]:
    """:func:`_offers` of commands whose kinds are not listed together."""
    kinds: dict[type[Command], list[Tile]] = {}  # in the game's order
    for c in commands:
        values = kinds.setdefault(type(c), [])
        tile_of = _TILE_OF.get(type(c))
        if tile_of is not None:
            values.append(tile_of(c))
    return tuple(_offer(kind, tuple(values), in_window) for kind, values in kinds.items())


_OFFERS: dict[tuple[type[Command], bytes, bool], Offer] = {}
#: the offers of one command that names no tile (the same in a window or not: _offer)
_BARE: dict[type[Command], tuple[Offer, ...]] = {}


def _offer(kind: type[Command], values: tuple[Tile, ...], in_window: bool) -> Offer:
    """One offer (frozen: the same offer is handed out again when the same tiles are open),
    kept by its kind, its tiles' codes and whether a claim window is open."""
    key = (kind, bytes(map(_CODE, values)), in_window)
    offer = _OFFERS.get(key)
    if offer is None:
        if not values:
            offer = Offer(kind, {}, kind.TYPE)
        else:
            field = "first" if kind is Chow else "tile"
            domain = Exactly(values[0]) if in_window and kind is Kong else OneOf(values)
            offer = Offer(kind, {field: domain}, kind.TYPE)
        if len(_OFFERS) >= 10_000:
            _OFFERS.clear()
        _OFFERS[key] = offer
    return offer
