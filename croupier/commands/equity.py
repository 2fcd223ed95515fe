"""``croupier equity HAND HAND [HAND...]``: the exact showdown equity of five-card stud hands.

Each HAND is the known cards of one player (Portaria 104/85/M, the 40-card deck of Art 1 a): the
key card and the up cards, in any order (``"Kd As"``); ``-`` or ``""`` is a hand with no known
card. ``--dead`` cards are out of play (a folded hand's, say). Every deal of the unseen cards to
the unknown places is counted once, the hands compared by Art 5, equal hands splitting the pot
(Art 4): :func:`croupier.odds.five_card_stud.equity`, exact, never sampled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from croupier.commands.app import app
from croupier.commands.bounds import EQUITY_LIMIT
from croupier.commands.output import croupier_errors, fail, make_console, print_json

if TYPE_CHECKING:
    from croupier.odds.five_card_stud import Equity


@app.command()
def equity(
    hands: Annotated[
        list[str],
        typer.Argument(
            help='Two to seven hands, the known cards of each, e.g. "Kd As" "Qh Qc"; "-" for '
            "a hand with no known card.",
            show_default=False,
        ),
    ],
    dead: Annotated[
        str | None,
        typer.Option(
            "--dead",
            help='Cards out of play, seen but in no hand, e.g. "9s 9h".',
            show_default=False,
        ),
    ] = None,
    limit: Annotated[
        int | None,
        typer.Option(
            "--limit",
            callback=EQUITY_LIMIT.check("--limit"),
            help=EQUITY_LIMIT.help(
                "The most work to do, in steps of about 10-20 ns (default 500,000,000: a few "
                "seconds); above it the command stops before starting: exact or nothing."
            ),
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Five-card stud (Portaria 104/85/M): each hand's exact chances to win, tie and its share
    of the pot at the showdown, over every deal of the unseen cards of the 40-card deck."""
    if len(hands) < 2:
        fail(f"give at least two hands, got {len(hands)}")
    with croupier_errors():
        from croupier.odds.five_card_stud import DEFAULT_LIMIT
        from croupier.odds.five_card_stud import equity as exact_equity

        result = exact_equity(
            hands, "" if dead is None else dead, limit=DEFAULT_LIMIT if limit is None else limit
        )
        if as_json:
            print_json(result.to_dict())
            return
        _render(result)


def _render(result: Equity) -> None:
    from rich import box
    from rich.table import Table

    from croupier.commands.play import _fit_width
    from croupier.odds.five_card_stud import REGULATION

    dead = f", {len(result.dead)} dead ({' '.join(map(str, result.dead))})" if result.dead else ""
    table = Table(
        title=(
            f"Five-card stud equity · {REGULATION}: {result.deals:,} deal(s) of "
            f"{result.unseen} unseen cards{dead}"
        ),
        box=box.SIMPLE_HEAD,
    )
    table.add_column("hand", justify="right", no_wrap=True)
    table.add_column("cards", no_wrap=True)
    for column in ("win", "tie", "equity", "wins", "ties", "losses"):
        table.add_column(column, justify="right", no_wrap=True)
    for i, hand in enumerate(result.hands, 1):
        table.add_row(
            str(i),
            " ".join([*map(str, hand.cards), *"?" * hand.unknown]),
            f"{float(hand.win):.4%}",
            f"{float(hand.tie):.4%}",
            f"{float(hand.share):.4%}",
            f"{hand.wins:,}",
            f"{hand.ties:,}",
            f"{hand.losses:,}",
        )
    console = make_console()
    _fit_width(console, table)
    console.print(table)
    console.print(
        "equity: the expected share of the pot; equal hands split it (Art 4), suits never "
        "break a tie. Exact over every deal (--json gives the fractions)."
    )
