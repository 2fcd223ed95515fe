"""``croupier tiles``: the legend of the Mah-Jong tile notation (issue 15 item 21), with the names
Portaria 52/89/M Art 1.2 gives the tiles (:mod:`croupier.tiles`).

>>> rows = legend()
>>> len(rows), rows[0]["tile"], rows[0]["name"], rows[-1]["regulation"]
(34, '1m', 'one of characters', 'branca (pak pán)')
"""

from __future__ import annotations

from typing import Annotated, Any, Final

import typer

from croupier.commands.app import app
from croupier.commands.output import make_console, print_json

__all__ = ["legend"]

_NUMBERS: Final = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_HONOURS: Final = {
    "E": "East wind",
    "S": "South wind",
    "W": "West wind",
    "N": "North wind",
    "C": "red dragon",
    "F": "green dragon",
    "P": "white dragon",
}
_GROUPS: Final = {
    "CHARACTERS": "characters",
    "CIRCLES": "circles",
    "BAMBOOS": "bamboos",
    "WINDS": "winds",
    "DRAGONS": "dragons",
}


def legend() -> list[dict[str, Any]]:
    """Each of the 34 kinds: its notation, group, English name and the regulation's name."""
    from croupier.tiles import KINDS

    rows = []
    for tile in KINDS:
        text = str(tile)
        group = _GROUPS[tile.group.name]
        name = (
            f"{_NUMBERS[tile.number - 1]} of {group}" if tile.number is not None else _HONOURS[text]
        )
        rows.append(
            {"tile": text, "group": group, "name": name, "regulation": tile.regulation_name}
        )
    return rows


@app.command("tiles")
def tiles(
    as_json: Annotated[bool, typer.Option("--json", help="Print the legend as JSON.")] = False,
) -> None:
    """The Mah-Jong tile notation: 1m..9m characters (mán), 1p..9p circles (t'ông), 1s..9s
    bamboos (sók), E S W N winds, C F P dragons (red, green, white), with the regulation's
    names (Portaria 52/89/M Art 1.2)."""
    rows = legend()
    if as_json:
        print_json({"regulation": "Portaria 52/89/M Art 1.2", "tiles": rows})
        return
    from rich.table import Table

    console = make_console()
    console.print(
        "Mah-Jong tiles (Portaria 52/89/M Art 1.2): 34 kinds, four of each, 136 tiles. "
        "Write one token per tile (1m 5p E C), or runs: 123m, 55p, EEE. Winds: E S W N; "
        "dragons: C F P.",
        soft_wrap=True,
    )
    grid = Table(title="Notation")
    for column in ("notation", "group", "tiles", "the regulation's names"):
        grid.add_column(column)
    grid.add_row("1m..9m", "characters", "one to nine", "números (mán chi)")
    grid.add_row("1p..9p", "circles", "one to nine", "círculos (t'ông chi)")
    grid.add_row("1s..9s", "bamboos", "one to nine", "bambus (sók chi)")
    for text in "ESWNCFP":
        row = next(r for r in rows if r["tile"] == text)
        grid.add_row(text, row["group"], row["name"], row["regulation"])
    console.print(grid)
