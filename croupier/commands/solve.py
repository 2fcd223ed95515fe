"""``croupier solve thirteen``: the optimal setting of 13 cards against a shown banker.

With ``--banker "front / middle / back"`` the answer is the player's best response (Portaria
51/89/M Art 2 d: the player sets after seeing the banker): the setting that maximises the result
(win > tie > lose), then the point margin, searched over all 72,072 settings
(:mod:`croupier.games.thirteen.solver`). Without a banker, the house way's setting.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from croupier.commands.app import app
from croupier.commands.output import croupier_errors, fail, make_console, print_json
from croupier.commands.plain_options import PlainTextCommand, PlainTextGroup

if TYPE_CHECKING:
    from croupier.games.thirteen.solver import Solution

solve_app = typer.Typer(
    help="Solve a game position: the best play, exactly.",
    no_args_is_help=True,
    cls=PlainTextGroup,
)
app.add_typer(solve_app, name="solve")

WAY_HELP = "The house way used without --banker (and for a natural): expected-points, "
WAY_HELP += "strongest-back, strongest-front or maximin."


@solve_app.command("thirteen", cls=PlainTextCommand)
def solve_thirteen(
    hand: Annotated[
        str,
        typer.Option("--hand", help='The 13 cards, e.g. "As Ah Kd ... 2d".', show_default=False),
    ],
    banker: Annotated[
        str | None,
        typer.Option(
            "--banker",
            help='The banker\'s shown setting, "front / middle / back" (3 / 5 / 5 cards).',
            show_default=False,
        ),
    ] = None,
    way: Annotated[str, typer.Option("--way", help=WAY_HELP)] = "expected-points",
    as_json: Annotated[bool, typer.Option("--json", help="Print the answer as JSON.")] = False,
) -> None:
    """The best setting of 13 cards against the banker's (Art 7-10), or the house way's."""
    # one thread: the solve uses no BLAS, and starting OpenBLAS's thread pool when NumPy loads
    # costs a short command ~10 ms of CPU (a value already set is kept; nothing is changed in a
    # process that has loaded NumPy already, e.g. a test calling the command in-process)
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    with croupier_errors():
        from croupier.games.thirteen.rules import HouseWay
        from croupier.games.thirteen.scoring import Setting
        from croupier.games.thirteen.solver import solve

        try:
            house = HouseWay(way.strip().lower())
        except ValueError:
            fail(f"unknown house way {way!r}; use {', '.join(w.value for w in HouseWay)}")
        shown = Setting.parse(banker) if banker is not None else None
        solution = solve(hand, shown, way=house)
        if as_json:
            print_json(solution.to_dict())
            return
        _render(solution, shown)


def _render(solution: Solution, banker: object) -> None:
    from croupier.commands.tiers import setting_table
    from croupier.games.thirteen.scoring import Setting

    console = make_console()
    title = "best response" if solution.score is not None else f"house way ({solution.way})"
    shown = banker if isinstance(banker, Setting) else None
    # the tiers in one order, front, middle, back, as play prints them (issue 15 item 19)
    console.print(setting_table(f"13-card game: {title}", solution.setting, shown))
    if solution.natural is not None:
        console.print(f"natural: [bold]{solution.natural.label}[/bold] (Art 9 I: 3 points)")
    if solution.score is not None:
        for line in solution.score.explain():
            console.print(line)
