"""``croupier odds five-card-stud``: how many of the 658,008 five-card hands of the 40-card deck
(Portaria 104/85/M Art 1 a) fall in each class of Art 5, exactly, with their probabilities.

Every hand is ranked (:func:`croupier.odds.five_card_stud.class_counts`); nothing is sampled.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from croupier.commands.output import croupier_errors, make_console, print_json

if TYPE_CHECKING:
    from croupier.games.five_card_stud.options import StudOptions

#: The names ``croupier odds`` accepts for this game.
NAMES = ("five-card-stud", "stud")


def odds_stud(
    *,
    as_json: bool,
    out: Path | None = None,
    plot: Path | None = None,
    options: StudOptions | None = None,
) -> None:
    """The class counts under the order of hands of ``options`` (``--option``: only
    ``ace_low_straight_flush`` changes them, Art 5.2)."""
    with croupier_errors():
        from croupier.games.five_card_stud.options import StudOptions
        from croupier.odds.five_card_stud import (
            DECK,
            GAME,
            REGULATION,
            TOTAL_HANDS,
            class_counts,
            class_label,
        )

        rules = StudOptions() if options is None else options
        counts = class_counts(rules.rank_rules)
        if out is not None:
            from croupier.analysis.output import write_output

            rows = [
                {"class": slug, "hands": n, "probability": n / TOTAL_HANDS, "total": TOTAL_HANDS}
                for slug, n in counts.items()
            ]
            info = {
                "analysis": "odds-five-card-stud",
                "seed": None,
                "params": {
                    "deck": len(DECK),
                    "ace_low_straight_flush": rules.ace_low_straight_flush,
                },
            }
            write_output(out, info, {"hands": counts, "total": TOTAL_HANDS}, rows)
        if plot is not None:
            from croupier.analysis.plots import plot_stud_classes

            plot_stud_classes({slug: n / TOTAL_HANDS for slug, n in counts.items()}, plot)
        if as_json:
            data: dict[str, Any] = {
                "game": GAME,
                "regulation": REGULATION,
                "articles": "Art 1 a (the 40-card deck), Art 5 (the order of hands)",
                "deck": len(DECK),
                "ace_low_straight_flush": rules.ace_low_straight_flush,
                "total": TOTAL_HANDS,
                "hands": counts,
                "probabilities": {slug: n / TOTAL_HANDS for slug, n in counts.items()},
                "exact": {
                    slug: f"{p.numerator}/{p.denominator}"
                    for slug, p in ((s, Fraction(n, TOTAL_HANDS)) for s, n in counts.items())
                },
                "one_in": {slug: TOTAL_HANDS / n if n else None for slug, n in counts.items()},
            }
            print_json(data)
            return
        from rich import box
        from rich.table import Table

        table = Table(
            title=(
                f"Five-card stud · {REGULATION}: all {TOTAL_HANDS:,} hands of the "
                f"{len(DECK)}-card deck (Art 1 a)"
            ),
            box=box.SIMPLE_HEAD,
        )
        table.add_column("class")
        for column in ("hands", "probability", "1 in"):
            table.add_column(column, justify="right")
        for slug, n in counts.items():
            table.add_row(
                class_label(slug),
                f"{n:,}",
                f"{n / TOTAL_HANDS:.6%}",
                f"{TOTAL_HANDS / n:,.1f}" if n else "-",
            )
        table.add_row("[bold]total[/bold]", f"{TOTAL_HANDS:,}", f"{1:.6%}", "1.0")
        console = make_console()
        console.print(table)
        console.print(
            "Strongest first, in the order of Art 5: full house above flush, although a flush "
            "is rarer on this deck; A-5-6-7-8 is the lowest straight (Art 5.6)."
        )
