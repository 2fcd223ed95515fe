"""``croupier odds thirteen``: the 13-card game's naturals, exactly, and its house edge.

The naturals (Portaria 51/89/M Art 9 I) are counted exactly over all C(52,13) hands
(:mod:`croupier.odds.thirteen`); the house edge per unit staked comes from a simulation of full
rounds, the banker by the house way and three players (:mod:`croupier.odds.thirteen_edge`),
reproducible from its seed, with a 95 % confidence interval and a progress bar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from croupier.commands.output import croupier_errors, fail, make_console, print_json

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.odds.thirteen import NaturalOdds
    from croupier.odds.thirteen_edge import EdgeReport


def odds_thirteen(*, rounds: int, seed: str, workers: int | None, way: str, as_json: bool) -> None:
    if rounds < 0 or rounds == 1:
        fail(f"--rounds must be 0 (the naturals only) or at least 2, got {rounds}")
    if workers is not None and workers < 1:
        fail(f"--workers must be at least 1, got {workers}")
    with croupier_errors():
        from croupier.games.thirteen.rules import HouseWay, ThirteenTable
        from croupier.odds.thirteen import natural_odds
        from croupier.odds.thirteen_edge import estimate_edge

        try:
            house = HouseWay(way.strip().lower())
        except ValueError:
            fail(f"unknown house way {way!r}; use {', '.join(w.value for w in HouseWay)}")
        table = ThirteenTable(house_way=house)
        naturals = natural_odds()
        report: EdgeReport | None = None
        if rounds:
            if as_json:
                report = estimate_edge(rounds=rounds, seed=seed, workers=workers, table=table)
            else:
                report = _with_progress(rounds, seed, workers, table)
        if as_json:
            data: dict[str, Any] = {
                "game": "thirteen",
                "regulation": "Portaria 51/89/M",
                "naturals": naturals.to_dict(),
                "house_edge": None if report is None else report.to_dict(),
            }
            print_json(data)
            return
        console = make_console()
        _render_naturals(console, naturals)
        if report is not None:
            _render_edge(console, report)


def _with_progress(rounds: int, seed: str, workers: int | None, table: Any) -> EdgeReport:
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    from croupier.odds.thirteen_edge import estimate_edge

    with Progress(
        TextColumn("simulating rounds"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(),
        console=make_console(),
        transient=True,
    ) as bar:
        task = bar.add_task("rounds", total=rounds)
        return estimate_edge(
            rounds=rounds,
            seed=seed,
            workers=workers,
            table=table,
            progress=lambda n: bar.advance(task, n),
        )


def _render_naturals(console: Console, odds: NaturalOdds) -> None:
    from rich.table import Table

    from croupier.games.thirteen.scoring import Natural

    table = Table(
        title=f"Naturals (Art 9 I): exact, one seat, all {odds.total:,} hands of 13 cards"
    )
    for column in ("natural", "hands holding it", "P(holding it)", "named by it", "named: one in"):
        table.add_column(column, justify="left" if column == "natural" else "right")
    for kind in Natural:
        p = odds.probability(kind, named=True)
        table.add_row(
            kind.label,
            f"{odds.holds[kind]:,}",
            f"{float(odds.probability(kind, named=False)):.6%}",
            f"{odds.named[kind]:,}",
            f"{float(1 / p):,.1f}" if p else "-",
        )
    p_any = odds.probability(None)
    table.add_row(
        "[bold]any natural[/bold]",
        f"{odds.any_natural:,}",
        f"{float(p_any):.6%}",
        f"{odds.any_natural:,}",
        f"{float(1 / p_any):,.1f}",
    )
    console.print(table)
    console.print(
        "named by it: hands counted under the first natural Art 9 I lists (a dragon is also "
        "three straights); natural against natural is a tie whatever the kinds."
    )


def _render_edge(console: Console, report: EdgeReport) -> None:
    from rich.table import Table

    table = Table(
        title=(
            f"House edge per unit staked: {report.rounds:,} rounds x 3 players, banker by "
            f"{report.house_way}, seed {report.seed!r}"
        )
    )
    for column in ("player sets by", "house edge", "95% interval", "win", "tie", "lose"):
        table.add_column(column, justify="left" if column == "player sets by" else "right")
    for edge, label in (
        (report.optimal, "best response (optimal)"),
        (report.house_way_player, f"house way ({report.house_way})"),
    ):
        lo, hi = edge.ci95
        table.add_row(
            label,
            f"{edge.edge:.2%}",
            f"{lo:.2%} .. {hi:.2%}",
            f"{edge.rate('wins'):.2%}",
            f"{edge.rate('ties'):.2%}",
            f"{edge.rate('losses'):.2%}",
        )
    console.print(table)
    console.print(
        f"A win nets {report.optimal.win_net} of the stake (prize {report.table.prize} less "
        f"{report.table.commission} of it, Art 11). {report.rounds * 3:,} player-hands in "
        f"{report.seconds:.1f} s on {report.workers} worker(s): "
        f"{report.hands_per_second:,.0f} player-hands/s."
    )
