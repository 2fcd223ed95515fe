#!/usr/bin/env python3
"""Draw the web tables' card and tile faces as SVG: 52 cards and a back, 34 Mah-Jong tiles and
a back. Made by the project (no font is needed for the Chinese characters: they are drawn as
strokes), so they are ours to ship under the project's licence.

    python scripts/make_svg_assets.py [--out DIR]

writes ``DIR/cards/<card>.svg`` (``As``, ``Td``, ..., ``back``) and ``DIR/tiles/<tile>.svg``
(``1m`` .. ``9s``, ``E S W N``, ``C F P``, ``back``); DIR defaults to the web package's static
folder. The output is deterministic: ``tests/web/test_assets.py`` runs this script and checks
that the shipped files are exactly what it draws, so change the drawings here, never by hand.

Design for small screens: a card's corner index is large (a card is about 44 px wide on a
phone), the suits are drawn as paths (same shape in every browser), and every file carries a
``<title>`` with the card's or tile's name in words.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "croupier" / "server" / "web" / "static"

FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
RED = "#c8102e"
BLACK = "#161616"
GREEN = "#17703a"
BLUE = "#1d4e89"
IVORY = "#fffdf6"

# -- cards ----------------------------------------------------------------------------------

RANKS = "23456789TJQKA"
SUITS = "shdc"
RANK_NAMES = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
RANK_TEXT = {"T": "10"}

# each suit drawn in a 100 x 100 box
SUIT_PATHS = {
    "h": "M50 92C40 80 2 58 2 30C2 13 14 4 27 4C38 4 46 11 50 21C54 11 62 4 73 4"
    "C86 4 98 13 98 30C98 58 60 80 50 92Z",
    "d": "M50 2L88 50L50 98L12 50Z",
    "s": "M50 2C62 20 98 38 98 62C98 76 87 84 75 84C66 84 58 80 54 72C55 84 59 92 68 98H32"
    "C41 92 45 84 46 72C42 80 34 84 25 84C13 84 2 76 2 62C2 38 38 20 50 2Z",
    "c": "M50 4A21 21 0 0 1 68.6 34.7A21 21 0 1 1 55 73C56 84 60 92 68 98H32C40 92 44 84 45 73"
    "A21 21 0 1 1 31.4 34.7A21 21 0 0 1 50 4Z",
}

CARD_W, CARD_H = 200, 280

# pip centres (x, y) for the number cards; pips below the middle are drawn upside down
_L, _C, _R = 76, 100, 124
_TOP, _BOTTOM = 70, 210
_ROWS4 = (70, 117, 163, 210)
PIPS: dict[str, list[tuple[float, float]]] = {
    "2": [(_C, _TOP), (_C, _BOTTOM)],
    "3": [(_C, _TOP), (_C, 140), (_C, _BOTTOM)],
    "4": [(x, y) for y in (_TOP, _BOTTOM) for x in (_L, _R)],
    "5": [(x, y) for y in (_TOP, _BOTTOM) for x in (_L, _R)] + [(_C, 140)],
    "6": [(x, y) for y in (_TOP, 140, _BOTTOM) for x in (_L, _R)],
    "7": [(x, y) for y in (_TOP, 140, _BOTTOM) for x in (_L, _R)] + [(_C, 105)],
    "8": [(x, y) for y in (_TOP, 140, _BOTTOM) for x in (_L, _R)] + [(_C, 105), (_C, 175)],
    "9": [(x, y) for y in _ROWS4 for x in (_L, _R)] + [(_C, 140)],
    "T": [(x, y) for y in _ROWS4 for x in (_L, _R)] + [(_C, 94), (_C, 186)],
}
PIP_SIZE = 32


def _suit_colour(suit: str) -> str:
    return RED if suit in "hd" else BLACK


def _pip(suit: str, cx: float, cy: float, size: float, flip: bool = False) -> str:
    rotate = f"rotate(180 {cx:g} {cy:g}) " if flip else ""
    move = f"translate({cx - size / 2:g} {cy - size / 2:g}) scale({size / 100:g})"
    return f'<use href="#{suit}" transform="{rotate}{move}"/>'


def _svg(width: int, height: int, title: str, body: Iterable[str]) -> str:
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img">',
        f"<title>{title}</title>",
        *body,
        "</svg>",
    ]
    return "\n".join(lines) + "\n"


def _index(rank: str, suit: str) -> list[str]:
    """The corner index (rank over suit), top left and, turned, bottom right."""
    text = RANK_TEXT.get(rank, rank)
    size = 52 if len(text) == 1 else 42
    spacing = ' letter-spacing="-5"' if len(text) > 1 else ""
    colour = _suit_colour(suit)
    group = (
        f'<text x="{30 if len(text) == 1 else 31}" y="56" font-family="{FONT}" font-weight="bold" '
        f'font-size="{size}" text-anchor="middle" fill="{colour}"{spacing}>{text}</text>'
        + _pip(suit, 30, 80, 28)
    )
    return [
        f"<g>{group}</g>",
        f'<g transform="rotate(180 {CARD_W / 2:g} {CARD_H / 2:g})">{group}</g>',
    ]


def card_svg(rank: str, suit: str) -> str:
    colour = _suit_colour(suit)
    name = f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"
    body = [
        f'<defs><path id="{suit}" d="{SUIT_PATHS[suit]}" fill="{colour}"/></defs>',
        f'<rect x="2" y="2" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="16" fill="#fff" '
        f'stroke="#555" stroke-width="3"/>',
        *_index(rank, suit),
    ]
    if rank in PIPS:
        for cx, cy in PIPS[rank]:
            body.append(_pip(suit, cx, cy, PIP_SIZE, flip=cy > 140))
    elif rank == "A":
        body.append(_pip(suit, 100, 140, 96))
    else:  # the court cards: a framed panel with the letter and the suit
        body.append(
            f'<rect x="58" y="40" width="84" height="200" rx="8" fill="none" '
            f'stroke="{colour}" stroke-width="4"/>'
        )
        body.append(
            f'<text x="100" y="140" font-family="{FONT}" font-weight="bold" font-size="82" '
            f'text-anchor="middle" fill="{colour}">{rank}</text>'
        )
        body.append(_pip(suit, 100, 188, 46))
    return _svg(CARD_W, CARD_H, name, body)


def card_back_svg() -> str:
    lines = [
        '<defs><pattern id="p" width="20" height="20" patternUnits="userSpaceOnUse">'
        f'<rect width="20" height="20" fill="{BLUE}"/>'
        '<path d="M0 10L10 0L20 10L10 20Z" fill="#2f6db3"/>'
        '<circle cx="10" cy="10" r="3" fill="#e8eef7"/></pattern></defs>',
        f'<rect x="2" y="2" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="16" fill="#fff" '
        'stroke="#555" stroke-width="3"/>',
        f'<rect x="16" y="16" width="{CARD_W - 32}" height="{CARD_H - 32}" rx="8" fill="url(#p)"/>',
        f'<rect x="16" y="16" width="{CARD_W - 32}" height="{CARD_H - 32}" rx="8" fill="none" '
        'stroke="#e8eef7" stroke-width="4"/>',
    ]
    return _svg(CARD_W, CARD_H, "a card face down", lines)


# -- tiles ----------------------------------------------------------------------------------

TILE_W, TILE_H = 120, 160

# Chinese characters as strokes (polylines) on a 100 x 100 grid
Stroke = Sequence[tuple[float, float]]
GLYPHS: dict[str, list[Stroke]] = {
    "一": [[(8, 50), (92, 50)]],
    "二": [[(22, 28), (78, 28)], [(8, 74), (92, 74)]],
    "三": [[(20, 16), (80, 16)], [(28, 50), (72, 50)], [(8, 84), (92, 84)]],
    "四": [
        [(12, 18), (12, 88)],
        [(12, 18), (88, 18), (88, 88)],
        [(12, 84), (88, 84)],
        [(40, 18), (38, 48), (26, 62)],
        [(60, 18), (60, 54), (70, 60), (80, 58)],
    ],
    "五": [
        [(16, 12), (84, 12)],
        [(46, 12), (36, 86)],
        [(20, 46), (70, 46), (66, 86)],
        [(6, 88), (94, 88)],
    ],
    "六": [
        [(46, 6), (56, 20)],
        [(8, 36), (92, 36)],
        [(38, 52), (16, 86)],
        [(62, 52), (84, 86)],
    ],
    "七": [
        [(8, 52), (92, 40)],
        [(40, 8), (40, 78), (50, 88), (86, 88), (90, 74)],
    ],
    "八": [
        [(40, 18), (36, 54), (10, 88)],
        [(58, 18), (64, 54), (92, 88)],
    ],
    "九": [
        [(42, 8), (38, 52), (12, 90)],
        [(12, 34), (66, 34), (62, 80), (72, 88), (90, 88), (92, 72)],
    ],
    "萬": [
        [(6, 14), (94, 14)],
        [(32, 4), (32, 26)],
        [(68, 4), (68, 26)],
        [(24, 32), (24, 58)],
        [(24, 32), (76, 32), (76, 58)],
        [(24, 45), (76, 45)],
        [(24, 58), (76, 58)],
        [(50, 32), (50, 78)],
        [(12, 66), (12, 96)],
        [(12, 66), (88, 66), (88, 92), (78, 96)],
        [(50, 76), (32, 88), (66, 86)],
        [(58, 78), (68, 90)],
    ],
    "東": [
        [(8, 22), (92, 22)],
        [(50, 4), (50, 96)],
        [(22, 34), (22, 66)],
        [(22, 34), (78, 34), (78, 66)],
        [(22, 50), (78, 50)],
        [(22, 66), (78, 66)],
        [(46, 70), (12, 92)],
        [(54, 70), (90, 92)],
    ],
    "南": [
        [(8, 16), (92, 16)],
        [(50, 4), (50, 28)],
        [(16, 32), (16, 96)],
        [(16, 32), (84, 32), (84, 90), (74, 96)],
        [(36, 42), (44, 52)],
        [(64, 42), (56, 52)],
        [(30, 58), (70, 58)],
        [(28, 74), (72, 74)],
        [(50, 58), (50, 92)],
    ],
    "西": [
        [(6, 12), (94, 12)],
        [(16, 34), (16, 94)],
        [(16, 34), (84, 34), (84, 94)],
        [(16, 90), (84, 90)],
        [(40, 12), (40, 50), (28, 68)],
        [(60, 12), (60, 62), (72, 66)],
    ],
    "北": [
        [(36, 6), (36, 94)],
        [(10, 40), (36, 40)],
        [(8, 80), (36, 68)],
        [(64, 6), (64, 84), (72, 92), (92, 92), (92, 76)],
        [(90, 28), (64, 46)],
    ],
    "中": [
        [(14, 28), (14, 72)],
        [(14, 28), (86, 28), (86, 72)],
        [(14, 70), (86, 70)],
        [(50, 4), (50, 98)],
    ],
    "發": [
        [(10, 10), (30, 22)],
        [(34, 6), (22, 26), (6, 38)],
        [(58, 6), (66, 16)],
        [(76, 8), (66, 24)],
        [(62, 20), (94, 38)],
        [(14, 44), (42, 44), (42, 58), (16, 58), (14, 74), (42, 74), (40, 92), (30, 94)],
        [(60, 42), (60, 56), (82, 56), (82, 42)],
        [(54, 66), (86, 66), (58, 94)],
        [(62, 72), (92, 96)],
    ],
}

NUMERALS = "一二三四五六七八九"
WINDS = {"E": ("東", "east wind"), "S": ("南", "south wind"), "W": ("西", "west wind")}
WINDS["N"] = ("北", "north wind")
TILE_SUIT_NAMES = {"m": "characters", "p": "circles", "s": "bamboos"}


def _glyph(char: str, x: float, y: float, size: float, colour: str, weight: float = 9) -> str:
    scale = size / 100
    paths = []
    for stroke in GLYPHS[char]:
        points = " ".join(f"{px:g} {py:g}" for px, py in stroke)
        paths.append(f'<polyline points="{points}"/>')
    return (
        f'<g transform="translate({x:g} {y:g}) scale({scale:g})" fill="none" stroke="{colour}" '
        f'stroke-width="{weight}" stroke-linecap="round" stroke-linejoin="round">'
        + "".join(paths)
        + "</g>"
    )


def _tile_frame(fill: str = IVORY) -> list[str]:
    return [
        f'<rect x="3" y="7" width="{TILE_W - 6}" height="{TILE_H - 9}" rx="12" fill="#2e7d5b"/>',
        f'<rect x="3" y="2" width="{TILE_W - 6}" height="{TILE_H - 12}" rx="12" fill="{fill}" '
        'stroke="#8a8170" stroke-width="2.5"/>',
    ]


def _corner(label: str) -> str:
    return (
        f'<text x="11" y="26" font-family="{FONT}" font-weight="bold" font-size="20" '
        f'fill="#444">{label}</text>'
    )


def _dot(cx: float, cy: float, r: float, colour: str) -> str:
    return (
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{colour}"/>'
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{r * 0.62:g}" fill="{IVORY}"/>'
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{r * 0.3:g}" fill="{colour}"/>'
    )


def _circles(n: int) -> list[str]:
    x1, x2, x3 = 36, 60, 84
    if n == 1:
        return [
            f'<circle cx="60" cy="76" r="40" fill="{GREEN}"/>',
            f'<circle cx="60" cy="76" r="31" fill="{IVORY}"/>',
            f'<circle cx="60" cy="76" r="24" fill="{BLUE}"/>',
            f'<circle cx="60" cy="76" r="14" fill="{IVORY}"/>',
            f'<circle cx="60" cy="76" r="7" fill="{RED}"/>',
        ]
    layouts: dict[int, list[tuple[float, float, str]]] = {
        2: [(60, 48, GREEN), (60, 106, BLUE)],
        3: [(34, 38, BLUE), (60, 77, RED), (86, 116, GREEN)],
        4: [(38, 50, BLUE), (82, 50, GREEN), (38, 104, GREEN), (82, 104, BLUE)],
        5: [(36, 42, BLUE), (84, 42, GREEN), (60, 77, RED), (36, 112, GREEN), (84, 112, BLUE)],
        6: [(40, 36, GREEN), (80, 36, GREEN)] + [(x, y, RED) for y in (80, 118) for x in (40, 80)],
        7: [(32, 28, GREEN), (60, 42, GREEN), (88, 56, GREEN)]
        + [(x, y, RED) for y in (88, 122) for x in (40, 80)],
        8: [(x, y, BLUE) for y in (30, 62, 94, 126) for x in (40, 80)],
        9: [(x, y, c) for y, c in ((38, BLUE), (77, RED), (116, GREEN)) for x in (x1, x2, x3)],
    }
    radius = {2: 22, 3: 17, 4: 19, 5: 16, 6: 16, 7: 13, 8: 14, 9: 12}[n]
    return [_dot(x, y, radius, c) for x, y, c in layouts[n]]


def _stick(cx: float, cy: float, length: float, colour: str) -> str:
    half = length / 2
    w = 9
    return (
        f'<rect x="{cx - w / 2:g}" y="{cy - half:g}" width="{w}" height="{length:g}" rx="4" '
        f'fill="{colour}"/>'
        f'<rect x="{cx - w / 2 - 2:g}" y="{cy - 3:g}" width="{w + 4}" height="6" rx="3" '
        f'fill="{colour}"/>'
        f'<line x1="{cx:g}" y1="{cy - half + 5:g}" x2="{cx:g}" y2="{cy + half - 5:g}" '
        f'stroke="{IVORY}" stroke-width="2"/>'
    )


def _bamboos(n: int) -> list[str]:
    if n == 1:  # the bird
        return [
            f'<path d="M60 112C38 112 30 92 36 76C42 62 58 58 66 48C72 40 70 28 78 24'
            f'C86 20 94 26 92 34C90 40 84 40 82 46C78 62 90 76 84 94C80 106 72 112 60 112Z" '
            f'fill="{GREEN}"/>',
            f'<path d="M44 108L30 132M54 112L52 138M66 110L76 134" stroke="{RED}" '
            'stroke-width="6" stroke-linecap="round"/>',
            f'<circle cx="84" cy="30" r="4" fill="{IVORY}"/>',
            f'<path d="M92 32L104 36L92 40Z" fill="{RED}"/>',
            f'<path d="M50 80C58 70 68 72 72 84" stroke="{RED}" stroke-width="5" fill="none"/>',
        ]
    g, r = GREEN, RED
    long, short = 48, 36
    layouts: dict[int, list[tuple[float, float, str, float]]] = {
        2: [(60, 44, g, long), (60, 108, BLUE, long)],
        3: [(60, 44, g, long), (40, 108, BLUE, long), (80, 108, BLUE, long)],
        4: [(40, 44, g, long), (80, 44, BLUE, long), (40, 108, BLUE, long), (80, 108, g, long)],
        5: [
            (34, 44, g, long),
            (86, 44, BLUE, long),
            (60, 76, r, long),
            (34, 108, BLUE, long),
            (86, 108, g, long),
        ],
        6: [(x, y, g, long) for y in (44, 108) for x in (34, 60, 86)],
        7: [(60, 28, r, 30)] + [(x, y, g, short) for y in (70, 118) for x in (34, 60, 86)],
        8: [(x, y, g, long) for y in (44, 108) for x in (26, 48, 72, 94)],
        9: [(x, y, r if x == 60 else g, short) for y in (32, 76, 120) for x in (34, 60, 86)],
    }
    return [_stick(x, y, length, c) for x, y, c, length in layouts[n]]


def tile_svg(code: str) -> str:
    body = _tile_frame()
    if code[0].isdigit():
        n, suit = int(code[0]), code[1]
        name = f"{n} of {TILE_SUIT_NAMES[suit]}"
        body.append(_corner(code[0]))
        if suit == "m":
            body.append(_glyph(NUMERALS[n - 1], 28, 16, 64, "#1c2a4a", weight=10))
            body.append(_glyph("萬", 24, 82, 72, RED, weight=8))
        elif suit == "p":
            body.extend(_circles(n))
        else:
            body.extend(_bamboos(n))
    elif code in WINDS:
        char, name = WINDS[code]
        body.append(_corner(code))
        body.append(_glyph(char, 18, 34, 84, "#1c2a4a", weight=9))
    elif code == "C":
        name = "red dragon"
        body.append(_corner(code))
        body.append(_glyph("中", 18, 34, 84, RED, weight=11))
    elif code == "F":
        name = "green dragon"
        body.append(_corner(code))
        body.append(_glyph("發", 16, 32, 88, GREEN, weight=8))
    elif code == "P":
        name = "white dragon"
        body.append(_corner(code))
        body.append(
            f'<rect x="24" y="30" width="72" height="96" rx="6" fill="none" stroke="{BLUE}" '
            'stroke-width="8"/>'
        )
        body.append(
            f'<rect x="36" y="42" width="48" height="72" rx="3" fill="none" stroke="{BLUE}" '
            'stroke-width="3"/>'
        )
    else:
        raise ValueError(f"no tile {code!r}")
    return _svg(TILE_W, TILE_H, name, body)


def tile_back_svg() -> str:
    body = [
        f'<rect x="3" y="7" width="{TILE_W - 6}" height="{TILE_H - 9}" rx="12" fill="{IVORY}"/>',
        f'<rect x="3" y="2" width="{TILE_W - 6}" height="{TILE_H - 12}" rx="12" fill="#2e7d5b" '
        'stroke="#1f5a41" stroke-width="2.5"/>',
        '<rect x="16" y="15" width="88" height="122" rx="8" fill="none" stroke="#7fc4a3" '
        'stroke-width="3"/>',
    ]
    return _svg(TILE_W, TILE_H, "a tile face down", body)


TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNCFP")


def assets() -> dict[str, str]:
    """Every file to write: relative path -> SVG text."""
    out = {f"cards/{r}{s}.svg": card_svg(r, s) for s in SUITS for r in RANKS}
    out["cards/back.svg"] = card_back_svg()
    out.update((f"tiles/{t}.svg", tile_svg(t)) for t in TILES)
    out["tiles/back.svg"] = tile_back_svg()
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    for relative, text in assets().items():
        path = args.out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(assets())} files under {args.out}")


if __name__ == "__main__":
    main()
