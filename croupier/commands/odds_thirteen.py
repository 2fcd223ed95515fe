"""``croupier odds thirteen``: the 13-card game's naturals, exactly, and its house edge.

The naturals (Portaria 51/89/M Art 9 I) are counted exactly over all C(52,13) hands
(:mod:`croupier.odds.thirteen`); the house edge per unit staked comes from a simulation of full
rounds, the banker by the house way and three players (:mod:`croupier.odds.thirteen_edge`),
reproducible from its seed, with a 95 % confidence interval and a progress bar.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Any

from croupier.commands.analysis_options import check_files, interrupt_kept
from croupier.commands.output import croupier_errors, fail, make_console, print_json

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.analysis.runner import Interrupted
    from croupier.games.thirteen.options import ThirteenOptions
    from croupier.odds.thirteen import NaturalOdds
    from croupier.odds.thirteen_edge import EdgeReport


def _way_file(base: Path, way: str) -> Path:
    """The chunk file of one house way of ``--way all --resume base``."""
    return base.with_name(f"{base.stem}.{way}{base.suffix}")


def _every_way_interrupted(
    exc: Interrupted, resume: Path | None, way: str, finished: list[EdgeReport]
) -> Interrupted:
    """``--way all`` interrupted in ``way``: the chunk files of every way beside one base file,
    which is what to give ``--resume`` (the given file, or without one the interrupted way's
    default file, the finished ways' chunks written beside it)."""
    from croupier.analysis.runner import Interrupted, keep_chunks

    if resume is not None:
        return Interrupted(exc.path, exc.done, exc.total, resume=resume)
    kept = _way_file(exc.path, way)
    if kept.exists() and kept.stat().st_size:  # an earlier run's chunks of this way: kept too
        lines = exc.path.read_text().splitlines(keepends=True)[1:]  # the same plan: no header
        with kept.open("a") as fh:
            fh.writelines(lines)
        exc.path.unlink()
    else:
        exc.path.replace(kept)
    for report in finished:
        if report.run is not None:
            keep_chunks(_way_file(exc.path, report.house_way), report.run)
    return Interrupted(kept, exc.done, exc.total, resume=exc.path)


def odds_thirteen(
    *,
    rounds: int,
    seed: str,
    workers: int | None,
    way: str,
    as_json: bool,
    scheduler: str = "auto",
    resume: Path | None = None,
    out: Path | None = None,
    plot: Path | None = None,
    options: ThirteenOptions | None = None,
) -> None:
    """``croupier odds thirteen``: the naturals exactly and the house edge of each house way by
    simulation, at a table of ``options`` (``--option``; None: the defaults)."""
    if rounds < 0 or rounds == 1:
        fail(f"--rounds must be 0 (the naturals only) or at least 2, got {rounds}")
    if workers is not None and workers < 1:
        fail(f"--workers must be at least 1, got {workers}")
    if rounds == 0 and (resume or out or plot):
        fail("--resume, --out and --plot need a simulation (--rounds of at least 2)")
    chunk_files = None
    if resume is not None and way.strip().lower() == "all":  # one chunk file a way
        from croupier.games.thirteen.rules import HouseWay

        chunk_files = [_way_file(resume, w.value) for w in HouseWay]
    check_files(out, plot, resume, chunk_files)
    with croupier_errors(), interrupt_kept():
        from croupier.analysis.runner import Interrupted, check_scheduler
        from croupier.games.thirteen.options import ThirteenOptions
        from croupier.games.thirteen.rules import HouseWay
        from croupier.odds.thirteen import natural_odds
        from croupier.odds.thirteen_edge import estimate_edge

        name = way.strip().lower()
        if name == "all":
            houses = list(HouseWay)
        else:
            try:
                houses = [HouseWay(name)]
            except ValueError:
                choices = ", ".join(w.value for w in HouseWay)
                fail(f"unknown house way {way!r}; use {choices} or all")
        scheduler = check_scheduler(scheduler)
        base = ThirteenOptions() if options is None else options
        naturals = natural_odds(base.readings)
        reports: list[EdgeReport] = []
        for house in houses if rounds else []:
            chunks = resume
            if resume is not None and len(houses) > 1:  # one chunk file a way
                chunks = _way_file(resume, house.value)
            kwargs: dict[str, Any] = dict(
                rounds=rounds,
                seed=seed,
                workers=workers,
                table=dataclasses.replace(base, house_way=house),
                scheduler=scheduler,
                resume=chunks,
            )
            try:
                if as_json:
                    reports.append(estimate_edge(**kwargs))
                else:
                    from croupier.analysis.progress import chunk_progress

                    label = f"simulating rounds ({house.value})"
                    with chunk_progress(make_console(), label) as progress:
                        reports.append(estimate_edge(**kwargs, progress=progress))
            except Interrupted as exc:
                if len(houses) == 1:
                    raise
                raise _every_way_interrupted(exc, resume, house.value, reports) from None
        if reports:
            _write_files(reports, out, plot)
        if as_json:
            data: dict[str, Any] = {
                "game": "thirteen",
                "regulation": "Portaria 51/89/M",
                "naturals": naturals.to_dict(),
            }
            if len(houses) > 1:
                data["house_edges"] = [r.to_dict() for r in reports]
            else:
                data["house_edge"] = reports[0].to_dict() if reports else None
            print_json(data)
            return
        console = make_console()
        _render_naturals(console, naturals)
        for report in reports:
            _render_edge(console, report)
        if len(reports) > 1:
            _render_ways(console, reports)
        for path in (out, plot):
            if path is not None and reports:
                console.print(f"wrote {path}")


def _render_ways(console: Console, reports: list[EdgeReport]) -> None:
    from rich.table import Table

    table = Table(title="House ways against best-responding players (same seed, same deals)")
    for column in ("house way", "house edge", "95% interval", "rounds"):
        table.add_column(column, justify="left" if column == "house way" else "right")
    for r in sorted(reports, key=lambda r: -r.optimal.edge):
        lo, hi = r.optimal.ci95
        table.add_row(
            r.house_way, f"{r.optimal.edge:.2%}", f"{lo:.2%} .. {hi:.2%}", f"{r.rounds:,}"
        )
    console.print(table)


def _write_files(reports: list[EdgeReport], out: Path | None, plot: Path | None) -> None:
    """--out: every report's rows (one per player strategy and house way); --plot: the
    convergence of one way's edge, or the ways side by side."""
    if out is not None:
        from croupier.analysis.output import write_output

        assert reports[0].run is not None
        info = reports[0].run.run_info()
        if len(reports) > 1:
            info["params"] = {**info["params"], "house_way": [r.house_way for r in reports]}
        data = {"house_edges": [r.to_dict() for r in reports]}
        write_output(out, info, data, [row for r in reports for row in r.rows()])
    if plot is not None:
        from croupier.analysis.plots import plot_convergence, plot_house_ways

        if len(reports) == 1:
            plot_convergence(reports, plot)
        else:
            plot_house_ways([r.rows()[0] for r in reports], plot)


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

    scheduler = report.run.scheduler if report.run else "none"
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
    run = report.run
    where = f"on {report.workers} worker(s) (scheduler {scheduler})"
    if run is None or not run.resumed:
        timing = (
            f"{report.rounds * 3:,} player-hands in {report.seconds:.1f} s {where}: "
            f"{report.hands_per_second:,.0f} player-hands/s."
        )
    elif run.units_computed:  # the rate is of the hands computed here, not of those read
        timing = (
            f"{report.rounds * 3:,} player-hands: {run.units_computed * 3:,} computed in "
            f"{report.seconds:.1f} s {where}, {report.hands_per_second:,.0f} player-hands/s; "
            f"{run.resumed} chunk(s) read from the resume file."
        )
    else:
        timing = f"{report.rounds * 3:,} player-hands: every chunk read from the resume file."
    console.print(
        f"A win nets {report.optimal.win_net} of the stake (prize {report.table.prize} less "
        f"{report.table.commission} of it, Art 11). {timing}"
    )
