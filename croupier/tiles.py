"""Mah-Jong tiles (Portaria 52/89/M Art 1), their notation and the 136-tile set.

Art 1.1: the material is "136 cartas ou pedras" (with a wind plate, 3 dice and a square table).
Art 1.2: five groups, each kind four times:

=====  ===================================================  ===========  ========
Art    Group (the regulation's words)                        Notation     Kinds
=====  ===================================================  ===========  ========
1.2 1  «trunfos»: encarnada «hong chông», verde «fát chói»,  ``C F P``    3
       branca «pak pán» (the dragons: red, green, white)
1.2 2  «ventos»: Este «tông», Sul «nám», Oeste «sai»,        ``E S W N``  4
       Norte «pak» (the winds)
1.2 3  «bambus» («sók chi»), 1 to 9                          ``1s..9s``   9
1.2 4  «números» («mán chi»), 1 to 9 (the characters)        ``1m..9m``   9
1.2 5  «círculos» («t'ông chi»), 1 to 9                      ``1p..9p``   9
=====  ===================================================  ===========  ========

34 kinds x 4 = 136 tiles. A :class:`Tile` is a *kind* (the four copies of a kind cannot be told
apart), interned: there are exactly 34 ``Tile`` objects. Its ``code`` (0..33) is the canonical
order, the usual one of mahjong software: ``1m..9m`` (0..8), ``1p..9p`` (9..17), ``1s..9s``
(18..26), ``E S W N`` (27..30), ``C F P`` (31..33). Tiles compare by code only so that they sort
stably; the order ranks nothing.

Notation (``../shared/GAMES.md``), accepted by :func:`parse_tiles`:

* one token per tile, separated by spaces (also ``,``, ``;``, ``/`` or ``|``): a number and a
  suit letter (``m`` characters, ``p`` circles, ``s`` bamboos; ``1S`` is read as ``1s``), or an
  honour letter (``E S W N`` winds, ``C F P`` dragons; a lone lower-case letter is accepted:
  ``e`` is ``E``);
* compact forms: a run of numbers sharing one lower-case suit letter (``123m`` is
  ``1m 2m 3m``) and runs of upper-case honour letters (``EESWW``), in any sequence
  (``123m456p789sEEE``). In compact form the suit letters must be lower case and the honour
  letters upper case, so ``s`` (bamboos) and ``S`` (South) never clash; a chunk that does not read
  cleanly is kept whole so the error names it.

:func:`format_tiles` writes one token per tile, space separated.

>>> t = Tile.parse("5p")
>>> t, t.group, t.number, t.code
(Tile('5p'), <Group.CIRCLES: 5>, 5, 13)
>>> format_tiles(parse_tiles("123m E  c"))
'1m 2m 3m E C'
>>> len(FULL_SET), len(KINDS), format_tiles(FULL_SET[:6])
(136, 34, '1m 1m 1m 1m 2m 2m')
>>> parse_tiles("1m 1m 1m 1m 1m")
Traceback (most recent call last):
...
croupier.errors.ExtraTileCopyError: a fifth copy of tile '1m' (the set holds four of each)
>>> parse_tiles("1m 0p")
Traceback (most recent call last):
...
croupier.errors.NotationError: unknown tile '0p' (use 1m..9m, 1p..9p, 1s..9s, E S W N, C F P)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

from croupier.errors import ExtraTileCopyError, NotationError, TileCountError

__all__ = [
    "COPIES",
    "FULL_SET",
    "KINDS",
    "SET_SIZE",
    "Group",
    "Tile",
    "TilesLike",
    "format_tiles",
    "parse_tiles",
    "tile_codes",
]

#: Art 1.2: "cada uma com 4 peças iguais".
COPIES: Final = 4
#: Art 1.1: "136 cartas ou pedras".
SET_SIZE: Final = 136

_SUIT_LETTERS: Final = "mps"
_HONOURS: Final = "ESWNCFP"
_HINT: Final = "use 1m..9m, 1p..9p, 1s..9s, E S W N, C F P"


class Group(IntEnum):
    """The five groups of Art 1.2, numbered as the regulation lists them."""

    #: (1) «trunfos»: the dragons.
    DRAGONS = 1
    #: (2) «ventos»: the winds.
    WINDS = 2
    #: (3) «bambus» («sók chi»).
    BAMBOOS = 3
    #: (4) «números» («mán chi»): the characters.
    CHARACTERS = 4
    #: (5) «círculos» («t'ông chi»).
    CIRCLES = 5

    @property
    def regulation_name(self) -> str:
        """The group as Art 1.2 names it."""
        return _GROUP_NAMES[self]

    @property
    def suited(self) -> bool:
        """Numbered 1 to 9 (bamboos, characters, circles)."""
        return self >= Group.BAMBOOS


_GROUP_NAMES: Final = {
    Group.DRAGONS: "trunfos",
    Group.WINDS: "ventos",
    Group.BAMBOOS: "bambus (sók chi)",
    Group.CHARACTERS: "números (mán chi)",
    Group.CIRCLES: "círculos (t'ông chi)",
}
_SUIT_GROUP: Final = {"m": Group.CHARACTERS, "p": Group.CIRCLES, "s": Group.BAMBOOS}
#: the honours' names in the regulation (Art 1.2 (1), (2); Art 2 for the seats)
_HONOUR_NAMES: Final = {
    "E": "Este (tông)",
    "S": "Sul (nám)",
    "W": "Oeste (sai)",
    "N": "Norte (pak)",
    "C": "encarnada (hong chông)",
    "F": "verde (fát chói)",
    "P": "branca (pak pán)",
}


def _text_of(code: int) -> str:
    if code < 27:
        return f"{code % 9 + 1}{_SUIT_LETTERS[code // 9]}"
    return _HONOURS[code - 27]


class Tile:
    """One kind of Mah-Jong tile, interned (34 objects); immutable, hashable, ordered by code."""

    __slots__ = ("code", "group", "number")
    code: int
    group: Group
    #: 1..9 for a suited tile, None for a wind or a dragon
    number: int | None

    _by_code: list[Tile] = []  # noqa: RUF012 - filled once below
    _by_text: dict[str, Tile] = {}  # noqa: RUF012

    def __new__(cls, code: int) -> Tile:
        if cls._by_code:
            if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < len(KINDS):
                raise NotationError(str(code), f"tile code {code!r} is outside 0..33")
            return cls._by_code[code]
        self = super().__new__(cls)
        text = _text_of(code)
        if code < 27:
            group, number = _SUIT_GROUP[text[1]], code % 9 + 1
        else:
            group, number = (Group.WINDS if code < 31 else Group.DRAGONS), None
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "group", group)
        object.__setattr__(self, "number", number)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int]]:
        return (Tile, (self.code,))

    @classmethod
    def parse(cls, token: str) -> Tile:
        """One tile such as ``5p``, ``9S`` (= ``9s``), ``E`` or ``p`` (= ``P``).

        >>> Tile.parse("9S"), Tile.parse("s"), Tile.parse("p")
        (Tile('9s'), Tile('S'), Tile('P'))
        """
        tile = cls._by_text.get(token) if isinstance(token, str) else None
        if tile is None:
            raise NotationError(str(token), f"unknown tile {token!r} ({_HINT})")
        return tile

    @property
    def regulation_name(self) -> str:
        """The tile as Art 1.2 names it, e.g. ``'bambus (sók chi) 3'``, ``'Este (tông)'``.

        >>> Tile.parse("3s").regulation_name, Tile.parse("C").regulation_name
        ('bambus (sók chi) 3', 'encarnada (hong chông)')
        """
        if self.number is not None:
            return f"{self.group.regulation_name} {self.number}"
        return _HONOUR_NAMES[str(self)]

    def __str__(self) -> str:
        return _TEXT[self.code]

    def __repr__(self) -> str:
        return f"Tile({_TEXT[self.code]!r})"

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Tile) -> bool:
        return self.code < other.code

    def __le__(self, other: Tile) -> bool:
        return self.code <= other.code

    def __gt__(self, other: Tile) -> bool:
        return self.code > other.code

    def __ge__(self, other: Tile) -> bool:
        return self.code >= other.code


_TEXT: Final = tuple(_text_of(code) for code in range(34))
Tile._by_code.extend([Tile(code) for code in range(34)])
for _tile in Tile._by_code:
    _t = _TEXT[_tile.code]
    Tile._by_text[_t] = _tile
    Tile._by_text[_t.upper() if len(_t) == 2 else _t.lower()] = _tile

#: The 34 kinds in canonical order (by code).
KINDS: Final[tuple[Tile, ...]] = tuple(Tile._by_code)
#: The 136-tile set (Art 1) in canonical order: each kind four times, ``1m 1m 1m 1m 2m ... P``.
FULL_SET: Final[tuple[Tile, ...]] = tuple(t for t in KINDS for _ in range(COPIES))

_SPLIT: Final = re.compile(r"[\s,;/|]+")
_COMPACT: Final = re.compile(r"([1-9]+)([mps])|([ESWNCFP])")

TilesLike = str | Iterable["Tile | str"]


def _tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for chunk in _SPLIT.split(text.strip()):
        if not chunk:
            continue
        if chunk in Tile._by_text:
            tokens.append(chunk)
            continue
        pieces = list(_COMPACT.finditer(chunk))
        if pieces and "".join(m.group(0) for m in pieces) == chunk:
            for m in pieces:
                if m.group(3):
                    tokens.append(m.group(3))
                else:
                    tokens.extend(d + m.group(2) for d in m.group(1))
        else:
            tokens.append(chunk)  # kept whole so the error names it
    return tokens


def parse_tiles(
    tiles: TilesLike,
    *,
    count: int | Sequence[int] | None = None,
) -> tuple[Tile, ...]:
    """Parse tiles from text (``"1m 2m 3m E"``, ``"123mE"``) or an iterable of tiles/tokens.

    Checks, in order: every token is a tile (NotationError), no kind appears more than the four
    times the set holds (ExtraTileCopyError, naming the fifth copy), and the count when one is
    asked (TileCountError).

    >>> parse_tiles("123m 456p 789s EEE CC")[-5:]
    (Tile('E'), Tile('E'), Tile('E'), Tile('C'), Tile('C'))
    >>> parse_tiles("1m 2m", count=13)
    Traceback (most recent call last):
    ...
    croupier.errors.TileCountError: expected 13 tiles, got 2 in '1m 2m'
    >>> parse_tiles("123x")
    Traceback (most recent call last):
    ...
    croupier.errors.NotationError: unknown tile '123x' (use 1m..9m, 1p..9p, 1s..9s, E S W N, C F P)
    """
    items: Iterable[Tile | str] = _tokens(tiles) if isinstance(tiles, str) else tiles
    out: list[Tile] = []
    seen: Counter[int] = Counter()
    for item in items:
        if isinstance(item, Tile):
            tile = item
        elif isinstance(item, str):
            tile = Tile.parse(item)
        else:
            raise NotationError(repr(item), f"not a tile: {item!r}")
        seen[tile.code] += 1
        if seen[tile.code] > COPIES:
            raise ExtraTileCopyError(str(tile))
        out.append(tile)
    if count is not None:
        allowed = (count,) if isinstance(count, int) else tuple(count)
        if len(out) not in allowed:
            expected = " or ".join(str(n) for n in allowed)
            source = tiles if isinstance(tiles, str) else ""
            raise TileCountError(expected, len(out), source)
    return tuple(out)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles in notation, one token each, space separated."""
    return " ".join([_TEXT[t.code] for t in tiles])


def tile_codes(tiles: Iterable[Tile]) -> list[int]:
    """The integer codes (0..33) of tiles."""
    return [t.code for t in tiles]
