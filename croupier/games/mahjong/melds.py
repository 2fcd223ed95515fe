"""Melds and readings of a Mah-Jong hand (Hong Kong old style, GAMES.md §2).

A *meld* is a chow (three consecutive tiles of one suit), a pung (three of a kind), a kong (four
of a kind) or, inside a winning hand, the pair. A *reading* is one way to read a winning hand:
four sets and a pair, or a special hand that does not divide that way (thirteen orphans). A hand
can have several readings (``111222333m`` is three pungs or three chows); scoring takes the best.

>>> from croupier.tiles import Tile
>>> m = Meld.chow(Tile.parse("7p"))
>>> str(m), [str(t) for t in m.tiles]
('789p', ['7p', '8p', '9p'])
>>> str(Meld.kong(Tile.parse("E"), concealed=False))
'EEEE (exposed)'
>>> Meld.chow(Tile.parse("8s"))
Traceback (most recent call last):
...
croupier.errors.NotationError: a chow runs up from a suited 1..7, not '8s'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from croupier.errors import NotationError
from croupier.tiles import Tile

__all__ = ["Meld", "MeldKind", "Reading", "SpecialHand"]


class MeldKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"


_SIZES = {MeldKind.CHOW: 3, MeldKind.PUNG: 3, MeldKind.KONG: 4, MeldKind.PAIR: 2}


@dataclass(frozen=True, slots=True, order=True)
class Meld:
    """A chow, pung, kong or pair; ``first`` is its lowest tile; ``concealed``: formed from the
    player's own tiles (False: claimed from a discard, or an added kong, shown on the table)."""

    kind: MeldKind
    first: Tile
    concealed: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.kind, MeldKind) or not isinstance(self.first, Tile):
            raise NotationError(str(self.first), f"not a meld: {self.kind!r} of {self.first!r}")
        if self.kind is MeldKind.CHOW and (self.first.number is None or self.first.number > 7):
            raise NotationError(
                str(self.first), f"a chow runs up from a suited 1..7, not {str(self.first)!r}"
            )

    @classmethod
    def chow(cls, first: Tile, *, concealed: bool = True) -> Meld:
        return cls(MeldKind.CHOW, first, concealed)

    @classmethod
    def pung(cls, tile: Tile, *, concealed: bool = True) -> Meld:
        return cls(MeldKind.PUNG, tile, concealed)

    @classmethod
    def kong(cls, tile: Tile, *, concealed: bool = True) -> Meld:
        return cls(MeldKind.KONG, tile, concealed)

    @classmethod
    def pair(cls, tile: Tile) -> Meld:
        return cls(MeldKind.PAIR, tile, True)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is MeldKind.CHOW:
            return tuple(Tile(self.first.code + i) for i in range(3))
        return (self.first,) * _SIZES[self.kind]

    @property
    def is_set(self) -> bool:
        """A chow, pung or kong (one of the four sets of a standard hand)."""
        return self.kind is not MeldKind.PAIR

    def __str__(self) -> str:
        tiles = self.tiles
        if tiles[0].number is None:
            text = "".join(str(t) for t in tiles)
        else:
            text = "".join(str(t.number) for t in tiles) + str(tiles[0])[-1]
        return text if self.concealed else f"{text} (exposed)"


class SpecialHand(StrEnum):
    """Winning hands that are not four sets and a pair."""

    THIRTEEN_ORPHANS = "thirteen-orphans"  #: one of each terminal and honour, one doubled
    SEVEN_PAIRS = "seven-pairs"  #: only where the table allows it (not classic HK old style)


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a winning hand: ``sets`` (four chows / pungs / kongs, declared ones
    included, sorted) and ``pair``; or ``special`` with the tiles' own arrangement in
    ``sets`` (pairs for seven pairs) and no pair."""

    sets: tuple[Meld, ...]
    pair: Meld | None
    special: SpecialHand | None = None

    def __str__(self) -> str:
        parts = [str(m) for m in self.sets]
        if self.pair is not None:
            parts.append(str(self.pair))
        head = f"{self.special}: " if self.special else ""
        return head + " ".join(parts)
