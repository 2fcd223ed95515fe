"""How the command line prints a 13-card setting: one order everywhere, **front, middle, back**
(Portaria 51/89/M Art 7: «o primeiro formado com três cartas, o segundo com cinco e o
terceiro»), the order the player types them in (issue 15 item 19). ``croupier solve thirteen``
and ``croupier play thirteen`` both print through :func:`setting_table`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

    from croupier.games.thirteen.scoring import Setting

__all__ = ["TIER_ORDER", "setting_table", "tier_rows"]

#: The tiers as printed, first to last.
TIER_ORDER: Final = ("front", "middle", "back")


def tier_rows(
    setting: Setting, banker: Setting | None = None, *, formations: bool = True
) -> list[list[str | Text]]:
    """One row per tier, front first: its label, the cards (and their formation); with
    ``banker``, the banker's cards in that tier (and their formation)."""
    from croupier.commands.output import cards_text
    from croupier.games.thirteen.scoring import Tier

    rows: list[list[str | Text]] = []
    for tier in Tier:  # FRONT, MIDDLE, BACK: the order of Art 7
        cards = setting.tier(tier)
        row: list[str | Text] = [tier.label, cards_text(cards)]
        if formations:
            row.append(setting.ranks()[tier].describe())
        if banker is not None:
            theirs = banker.tier(tier)
            row.append(cards_text(theirs))
            if formations:
                row.append(banker.ranks()[tier].describe())
        rows.append(row)
    assert [str(r[0]) for r in rows] == list(TIER_ORDER)
    return rows


def setting_table(
    title: str,
    setting: Setting,
    banker: Setting | None = None,
    *,
    formations: bool = True,
    names: tuple[str, str] = ("cards", "banker"),
) -> Table:
    """A Rich table of ``setting`` (and ``banker`` beside it), front, middle, back."""
    from rich.table import Table

    grid = Table(title=title)
    grid.add_column("tier")
    grid.add_column(names[0])
    if formations:
        grid.add_column("formation")
    if banker is not None:
        grid.add_column(names[1])
        if formations:
            grid.add_column(f"{names[1]}'s formation")
    for row in tier_rows(setting, banker, formations=formations):
        grid.add_row(*row)
    return grid
