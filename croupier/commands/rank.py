"""``croupier rank HAND...``: hands ranked and ordered under a game's rules."""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.commands.app import app
from croupier.commands.output import croupier_errors, make_console, print_json

RULES_HELP = "thirteen (13-card game, Portaria 51/89/M Art 9 II; 3- or 5-card hands) or stud40 "
RULES_HELP += "(five-card stud on the 40-card deck, Portaria 104/85/M Art 5)."


@app.command("rank")
def rank_command(
    hands: Annotated[
        list[str],
        typer.Argument(help='One or more hands, e.g. "As Ks Qs Js Ts".', show_default=False),
    ],
    rules: Annotated[str, typer.Option("--rules", help=RULES_HELP)] = "thirteen",
    as_json: Annotated[bool, typer.Option("--json", help="Print the ranking as JSON.")] = False,
) -> None:
    """Rank hands under a game's rules and order them, strongest first."""
    with croupier_errors():
        from croupier.rank import rank, rules_named

        rule_set = rules_named(rules.strip().lower())
        ranked = [rank(h, rule_set) for h in hands]
        order = sorted(range(len(ranked)), key=lambda i: -ranked[i].strength)
        places = [1 + sum(r.strength > ranked[i].strength for r in ranked) for i in order]
        if as_json:
            rows = [
                {
                    "hand": " ".join(str(c) for c in ranked[i].cards),
                    "category": ranked[i].category.slug,
                    "deciding": [str(c) for c in ranked[i].deciding],
                    "strength": ranked[i].strength,
                    "place": place,
                }
                for i, place in zip(order, places, strict=True)
            ]
            out = {"rules": rule_set.name, "max_strength": rule_set.max_strength, "hands": rows}
            print_json(out)
            return
        from rich.table import Table

        table = Table(title=f"{rule_set.title}: strongest first")
        for column in ("place", "hand", "formation", "deciding cards", "strength"):
            table.add_column(column)
        for i, place in zip(order, places, strict=True):
            hand = ranked[i]
            table.add_row(
                str(place),
                " ".join(str(c) for c in hand.cards),
                hand.category.label,
                " ".join(str(c) for c in hand.deciding),
                f"{hand.strength} / {rule_set.max_strength}",
            )
        make_console().print(table)
