"""Mah-Jong events and states in plain words, for the errors a record's reader sees (issue 15:
an error names the event, its type and the rule in words, never Python objects).

>>> from croupier.tiles import Tile
>>> from croupier.games.mahjong.events import TileDrawn
>>> describe(TileDrawn(Seat.SOUTH, Tile.parse("5p"), False))
'South draws 5p from the wall'
>>> mismatch(TileDrawn(Seat.SOUTH, Tile.parse("5p"), False),
...          TileDrawn(Seat.WEST, Tile.parse("5p"), False))
'the record says seat South where the rules give West (West draws 5p from the wall)'
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any, Final

from croupier.games.mahjong.events import (
    ClaimMade,
    ClaimPassed,
    ClaimsClosed,
    FalseWinDeclared,
    GameDealt,
    GameDrawn,
    GameWon,
    KongDeclared,
    MeldExposed,
    TileDiscarded,
    TileDrawn,
)
from croupier.games.mahjong.rules import Seat
from croupier.protocol import Event
from croupier.tiles import Tile

__all__ = ["PHASE_WORDS", "describe", "mismatch", "words"]

#: each phase of a game, as a sentence's end ("no tile_drawn can happen now: ...")
PHASE_WORDS: Final = {
    "deal": "the tiles are not dealt yet",
    "turn": "a player is on turn",
    "claims": "a discard's claim window is open",
    "rob": "a kong's robbing window is open",
    "resolve": "a claim window has just closed",
    "replace": "a kong's replacement tile is due",
    "won": "the game is won",
    "drawn": "the game is drawn",
    "false_win": "a false win has ended the game",
}

_SEAT_NET: Final = "ESWN"


def words(value: Any, field: str = "") -> str:
    """One field's value in words: a seat by its wind, a tile in notation, a payment by seat."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Seat):
        return value.name.title()
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, tuple):
        if field == "net" and len(value) == len(_SEAT_NET):
            return ", ".join(f"{w} {v:+d}" for w, v in zip(_SEAT_NET, value, strict=True))
        return "[" + ", ".join(words(v) for v in value) + "]"
    return str(value)


def describe(event: Event) -> str:
    """What ``event`` says, in one sentence without Python objects."""
    match event:
        case GameDealt():
            return f"the tiles are dealt after dice {words(event.dice)}"
        case TileDrawn():
            where = "as a kong's replacement" if event.replacement else "from the wall"
            return f"{words(event.seat)} draws {event.tile} {where}"
        case TileDiscarded():
            return f"{words(event.seat)} discards {event.tile}"
        case KongDeclared():
            how = "adds to a kong" if event.added else "declares a concealed kong of"
            return f"{words(event.seat)} {how} {event.tile}"
        case ClaimMade():
            chow = f" from {event.chow}" if event.chow is not None else ""
            return f"{words(event.seat)} claims {event.kind.value}{chow}"
        case ClaimPassed():
            return f"{words(event.seat)} passes"
        case ClaimsClosed():
            return "the claim window closes"
        case MeldExposed():
            return (
                f"{words(event.seat)} exposes a {event.kind.value} from {event.first} on "
                f"{words(event.discarder)}'s {event.tile}"
            )
        case GameWon():
            how = (
                "self-drawn"
                if event.discarder is None
                else f"on {words(event.discarder)}'s {event.tile}"
            )
            return (
                f"{words(event.seat)} wins {how} with {event.tile}: {event.faan} faan, "
                f"payments {words(event.net, 'net')}, commission {event.commission}"
            )
        case GameDrawn():
            return "the game is drawn (the wall is exhausted)"
        case FalseWinDeclared():
            return (
                f"{words(event.seat)} declares a false win on {event.tile} "
                f"({event.reason}); payments {words(event.net, 'net')}"
            )
    return event.TYPE  # pragma: no cover - every event is above


def mismatch(recorded: Event, expected: Event) -> str:
    """Why a recorded event is not the one the rules call for, in words: each field that
    differs (the record's value, then the rules'), then what the rules call for."""
    if type(recorded) is not type(expected):
        return f"the record has a {recorded.TYPE} where the rules call for: {describe(expected)}"
    diffs = [
        f"{f.name} {words(getattr(recorded, f.name), f.name)} where the rules give "
        f"{words(getattr(expected, f.name), f.name)}"
        for f in dataclasses.fields(recorded)  # type: ignore[arg-type]
        if getattr(recorded, f.name) != getattr(expected, f.name)
    ]
    return f"the record says {'; '.join(diffs)} ({describe(expected)})"
