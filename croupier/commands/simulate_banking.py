"""``croupier simulate three-card-baccarat|football-poker``: the engine's Monte Carlo against
the exact odds (:mod:`croupier.odds.simulate`), on the chunked runner (``--scheduler``,
``--resume``, ``--out``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from croupier.commands.analysis_options import check_files, interrupt_kept
from croupier.commands.output import croupier_errors, make_console, print_json

if TYPE_CHECKING:
    from croupier.tables import TableSpec


def simulate_banking(
    spec: TableSpec,
    *,
    rounds: int,
    seed: str,
    decks: int | None,
    positions: int | None,
    as_json: bool,
    scheduler: str = "auto",
    resume: Path | None = None,
    out: Path | None = None,
    option: list[str] | None = None,
    min_bet: list[str] | None = None,
    max_bet: list[str] | None = None,
) -> None:
    from croupier.commands.options import banking_options

    check_files(out, None, resume)
    options = banking_options(
        spec.name, option, decks=decks, positions=positions, min_bet=min_bet, max_bet=max_bet
    )
    with croupier_errors(), interrupt_kept():
        from croupier.analysis.runner import check_scheduler
        from croupier.odds.simulate import simulate as run

        scheduler = check_scheduler(scheduler)
        kwargs = dict(
            seed=seed,
            options=options,
            scheduler=scheduler,
            resume=resume,
        )
        if as_json:
            sim = run(spec.name, rounds, **kwargs)
        else:
            from croupier.analysis.progress import chunk_progress

            with chunk_progress(make_console(), "dealing") as progress:
                sim = run(spec.name, rounds, progress=progress, **kwargs)
        if out is not None:
            from croupier.analysis.output import write_output

            assert sim.run is not None
            write_output(out, sim.run.run_info(), {"simulation": sim.to_json()}, sim.rows())
        if as_json:
            print_json(sim.to_json())
            return
        from rich.table import Table

        console = make_console()
        console.print(
            f"[bold]{spec.title}[/bold]: {sim.rounds} rounds, {sim.shoes} shoes, "
            f"{sim.decks} decks, {sim.positions} places (seed {sim.seed!r})"
        )
        from croupier.commands.options import readings

        changed = readings(spec.name, options)
        if changed:
            console.print(f"Table options that are not the default: {changed}")
        grid = Table(title="Return per unit staked per round")
        for col in ("bet", "simulated EV", "± s.e.", "exact EV", "z"):
            grid.add_column(col, justify="left" if col == "bet" else "right")
        for name, sample in sim.bets.items():
            grid.add_row(
                name,
                f"{sample.ev.mean:+.5f}",
                f"{sample.ev.se:.5f}",
                f"{float(sample.exact_ev):+.5f}",
                f"{sample.z:+.2f}",
            )
        console.print(grid)
        console.print(
            f"Largest |z| over every bet and result frequency: {sim.max_abs_finite_z:.2f} "
            "(agreement within 4 standard errors expected)."
        )
        if sim.not_compared:
            console.print(
                f"Not compared: {sim.not_compared} figure(s) with a standard error of 0 (a result "
                f"that never came up in {sim.rounds} rounds, or a bet that returned the same "
                "every round); more rounds compare them."
            )
        if out is not None:
            console.print(f"wrote {out}")
