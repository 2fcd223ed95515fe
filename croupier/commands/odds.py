"""``croupier odds``: exact probabilities and expected values of every bet of a banking game.

The figures come from :mod:`croupier.odds` (combinatorial, from the shoe's rank counts, exact as
fractions and shown as decimals), for a fresh shoe or one with ``--removed`` cards already out;
``--removal`` adds the effect of removing one card of each rank on every bet.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from croupier.commands.analysis_options import (
    OutOpt,
    PlotOpt,
    ResumeOpt,
    SchedulerOpt,
    check_files,
)
from croupier.commands.app import app
from croupier.commands.bounds import DECKS, ROUNDS_ODDS, WORKERS, bounded
from croupier.commands.games import check_game, games_help
from croupier.commands.options import MaxBetOpt, MinBetOpt, OptionsOpt, game_options
from croupier.commands.output import croupier_errors, fail, make_console, print_json, seed_text
from croupier.commands.play_banking import _fit_width, _spec

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from croupier.odds.report import EffectOfRemoval, OddsReport
    from croupier.tables import TableSpec


#: The tables need about this many columns; narrower outputs (a pipe is 80) still get them whole.
WIDE = 112


def _percent(text: str | None) -> Fraction:
    """A commission given in percent ("5", "2.5") as an exact fraction of the prize."""
    from croupier.games.three_card_baccarat.rules import COMMISSION

    if text is None:
        return COMMISSION
    try:
        rate = Fraction(text.strip()) / 100
    except (ValueError, ZeroDivisionError):
        fail(f"--commission {text!r} is not a percentage")
    if not 0 <= rate < 1:
        fail(f"--commission {text!r} must be at least 0 and below 100")
    return rate


def _pct(value: float) -> str:
    return f"{value * 100:.4f}%"


def _render_report(console: Console, title: str, report: OddsReport) -> None:
    from rich import box
    from rich.table import Table

    results = [
        r
        for r in ("win", "lose", "carry", "push", "half")
        if any(r in b.probabilities for b in report.bets.values())
    ]
    removed = f", less {' '.join(report.removed)}" if report.removed else ""
    carries = any(b.ev_per_resolved is not None for b in report.bets.values())
    console.print(f"[bold]{title}[/bold]")
    grid = Table(
        title=f"{report.decks} deck(s), {report.cards_in_shoe} cards{removed}",
        caption="Edge = -EV per unit staked per round dealt"
        + (
            " (a carried bet counts as a push); resolved: the edge once it is finally decided."
            if carries
            else "."
        ),
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    grid.add_column("bet", no_wrap=True)
    grid.add_column("pays", no_wrap=True)
    for r in results:
        grid.add_column(f"P {r}", justify="right", no_wrap=True)
    grid.add_column("edge", justify="right", no_wrap=True)
    if carries:
        grid.add_column("resolved", justify="right", no_wrap=True)
    for name, bet in report.bets.items():
        probs = [
            f"{float(bet.probabilities[r]):.6f}" if r in bet.probabilities else "" for r in results
        ]
        per = "" if bet.ev_per_resolved is None else _pct(-float(bet.ev_per_resolved))
        grid.add_row(name, bet.payout, *probs, _pct(float(bet.house_edge)), *([per] * carries))
    _fit_width(console, grid)
    console.print(grid)


def _render_removal(console: Console, eor: EffectOfRemoval) -> None:
    from rich import box
    from rich.table import Table

    ranks = list(eor.effects)
    grid = Table(
        title="Effect of removing one card of a rank",
        caption="change in EV in basis points (0.01% of the stake); + is better for the player",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 0, 0, 1),
    )
    grid.add_column("bet", no_wrap=True)
    for rank in ranks:
        grid.add_column(rank.symbol, justify="right", no_wrap=True)
    for name in eor.base.bets:
        grid.add_row(name, *(f"{float(eor.effects[r][name]) * 10_000:+.2f}" for r in ranks))
    _fit_width(console, grid)
    console.print(grid)


@app.command()
def odds(
    game: Annotated[
        str,
        typer.Argument(
            help=games_help("odds") + " (five-card-stud also: stud)", show_default=False
        ),
    ],
    decks: Annotated[
        int | None,
        typer.Option(
            "--decks",
            help=DECKS.help(
                "Decks in the shoe (three-card-baccarat default 8, 1 = the box; football-poker "
                "default 6, at least 6 by Art 2.1); the same as --option decks=N."
            ),
            show_default=False,
        ),
    ] = None,
    removed: Annotated[
        str | None,
        typer.Option(
            "--removed",
            help='Cards already out of the shoe, e.g. "As Kd 9c 9c".',
            show_default=False,
        ),
    ] = None,
    removal: Annotated[
        bool,
        typer.Option("--removal", help="Also the effect of removing one card of each rank."),
    ] = False,
    three_figures_as_zero: Annotated[
        bool,
        typer.Option(
            "--three-figures-as-zero/--three-figures-not-zero",
            help="3-card baccarat option: the banker's three figures win the points_0 bet.",
        ),
    ] = True,
    zero_is_even: Annotated[
        bool,
        typer.Option(
            "--zero-is-even/--zero-not-even",
            help="3-card baccarat reading: the banker's 0 points win the even bet.",
        ),
    ] = True,
    commission: Annotated[
        str | None,
        typer.Option(
            "--commission",
            help="3-card baccarat: commission in percent of the prize on main, odd and even "
            "(Art 10 sets 5; another value prices a table that is not the regulation's).",
            show_default=False,
        ),
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds",
            help=ROUNDS_ODDS.help(
                "thirteen: full rounds simulated for the house edge (default 3000; 0: the "
                "exact naturals only)."
            ),
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed",
            help="thirteen: the simulation's seed (reproducible; default 'croupier').",
            show_default=False,
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            help=WORKERS.help(
                "thirteen: worker processes of --scheduler local (default: every core)."
            ),
            show_default=False,
        ),
    ] = None,
    way: Annotated[
        str | None,
        typer.Option(
            "--way",
            help="thirteen: the banker's house way (expected-points (default), strongest-back, "
            "strongest-front, maximin), or all of them side by side.",
            show_default=False,
        ),
    ] = None,
    scheduler: SchedulerOpt = "auto",
    resume: ResumeOpt = None,
    out: OutOpt = None,
    plot: PlotOpt = None,
    option: OptionsOpt = None,
    min_bet: MinBetOpt = None,
    max_bet: MaxBetOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Exact probabilities, expected value and house edge of every bet of GAME.

    GAME thirteen (the 13-card game): the exact odds of each natural and the house edge by
    simulation of full rounds, against optimal players and against players who set by the
    house way.

    GAME five-card-stud (or stud; Portaria 104/85/M): how many of the 658,008 five-card hands
    of the 40-card deck fall in each class of Art 5, exactly. For the showdown equity of hands
    in play, see `croupier equity`.
    """
    game = check_game(game, "odds")
    bounded("--rounds", rounds, ROUNDS_ODDS)
    bounded("--workers", workers, WORKERS)
    from croupier.commands.odds_stud import NAMES as STUD_NAMES

    is_thirteen = game.strip().lower() == "thirteen"
    if not is_thirteen and (scheduler.strip().lower() != "auto" or resume is not None):
        fail("--scheduler and --resume apply to thirteen only (the other odds are exact)")
    check_files(out, plot)
    if game.strip().lower() in STUD_NAMES:
        given = [
            flag
            for flag, used in (
                ("--decks", decks is not None),
                ("--min-bet", bool(min_bet)),
                ("--max-bet", bool(max_bet)),
                ("--removed", removed is not None),
                ("--removal", removal),
                ("--three-figures-not-zero", not three_figures_as_zero),
                ("--zero-not-even", not zero_is_even),
                ("--commission", commission is not None),
                ("--rounds", rounds is not None),
                ("--seed", seed is not None),
                ("--workers", workers is not None),
                ("--way", way is not None),
            )
            if used
        ]
        if given:
            flags = given[0] if len(given) == 1 else f"{', '.join(given[:-1])} and {given[-1]}"
            fail(
                f"{flags} {'does' if len(given) == 1 else 'do'} not apply to five-card-stud: "
                "its odds are exact over the one 40-card deck (only --option, --json, --out and "
                "--plot apply)"
            )
        from croupier.commands.odds_stud import odds_stud

        odds_stud(
            as_json=as_json, out=out, plot=plot, options=game_options("five-card-stud", option)
        )
        return
    if game.strip().lower() == "thirteen":
        if min_bet or max_bet:
            fail("--min-bet and --max-bet apply to three-card-baccarat and football-poker only")
        if decks is not None or removed is not None or removal or commission is not None:
            fail("--decks, --removed, --removal and --commission do not apply to thirteen")
        from croupier.commands.odds_thirteen import odds_thirteen

        table = game_options("thirteen", option)
        odds_thirteen(
            rounds=3_000 if rounds is None else rounds,
            seed="croupier" if seed is None else seed_text(seed),
            workers=workers,
            way=table.house_way.value if way is None else way,
            options=table,
            as_json=as_json,
            scheduler=scheduler,
            resume=resume,
            out=out,
            plot=plot,
        )
        return
    if rounds is not None or seed is not None or workers is not None or way is not None:
        fail("--rounds, --seed, --workers and --way apply to thirteen only")
    spec = _spec(game)
    if decks is not None and decks < spec.min_decks:
        rule = f"{spec.min_decks_rule}: " if spec.min_decks_rule else ""
        fail(f"{rule}{spec.title} needs at least {spec.min_decks} deck(s), got --decks {decks}")
    bounded("--decks", decks, DECKS)
    baccarat = spec.name == "three-card-baccarat"
    if not baccarat and not (three_figures_as_zero and zero_is_even and commission is None):
        fail(
            "--three-figures-not-zero, --zero-not-even and --commission apply to "
            "three-card-baccarat only"
        )
    pairs = list(option or [])
    if baccarat:  # the older flags are options of the table: one way to set each
        keys = {p.partition("=")[0].strip().replace("-", "_") for p in pairs}
        for flag, key, value, used in (
            (
                "--three-figures-not-zero",
                "three_figures_as_zero",
                "false",
                not three_figures_as_zero,
            ),
            ("--zero-not-even", "zero_is_even", "false", not zero_is_even),
            ("--commission", "commission", f"{commission}%", commission is not None),
        ):
            if not used:
                continue
            if key in keys:
                fail(f"{flag} and --option {key}=... both set {key}: give one of them")
            if key == "commission":
                _percent(commission)  # the flag's own check and message
            pairs.append(f"{key}={value}")
    from croupier.commands.options import banking_options

    table = banking_options(spec.name, pairs, decks=decks, min_bet=min_bet, max_bet=max_bet)
    n_decks = table.decks
    with croupier_errors():
        from croupier.odds import (
            baccarat_effect_of_removal,
            football_effect_of_removal,
            football_odds,
        )

        eor: EffectOfRemoval | None = None
        if baccarat:
            from croupier.odds.three_card_baccarat import odds_keywords

            keywords = odds_keywords(table)
            report = spec.exact_odds(table, removed)
            if removal:
                eor = baccarat_effect_of_removal(n_decks, removed, **keywords)
        else:
            report = football_odds(n_decks, removed)
            if removal:
                eor = football_effect_of_removal(n_decks, removed)
        if out is not None or plot is not None:
            options: dict[str, object] = {"decks": n_decks, "removed": list(report.removed)}
            if baccarat:
                options.update(report.options)
            _banking_files(spec, report, eor, options, out, plot, table)
        limits = _table_limits(spec.name, table)
        if as_json:
            data = report.to_json()
            if eor is not None:
                data["effect_of_removal"] = eor.to_json()
            data["limits"] = limits
            print_json(data)
            return
        console = make_console()
        console.width = max(console.width, WIDE)
        _render_report(console, f"{spec.title} · {spec.regulation}", report)
        from croupier.commands.options import readings

        changed = readings(spec.name, table)
        if changed:
            console.print(f"Table options that are not the default: {changed}")
        if eor is not None:
            _render_removal(console, eor)
        _render_limits(console, limits)


def _table_limits(game: str, table: Any) -> dict[str, dict[str, int | None]]:
    """The table's limits (issue 15 item 1; the default unless ``--option limits...`` set
    them), by bet: ``min``, ``max``."""
    limits = table.limits
    kinds = _kinds("three_card_baccarat" if game == "three-card-baccarat" else "football_poker")
    return {k: {"min": limits.limit(k).minimum, "max": limits.limit(k).maximum} for k in kinds}


def _kinds(package: str) -> tuple[str, ...]:
    import importlib

    rules = importlib.import_module(f"croupier.games.{package}.rules")
    return tuple(k.value for k in rules.BetKind)


def _render_limits(console: Console, limits: dict[str, dict[str, int | None]]) -> None:
    """The table's default limits, in currency units (docs/rules.md, Table limits)."""
    from rich import box
    from rich.table import Table

    from croupier.money import format_amount

    grid = Table(
        title="Table limits (--min-bet, --max-bet or --option limits... set them)",
        caption="One player's whole stake on one bet at one place, in currency units.",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        min_width=76,
    )
    grid.add_column("bet", no_wrap=True)
    grid.add_column("least", justify="right", no_wrap=True)
    grid.add_column("most", justify="right", no_wrap=True)
    for name, limit in limits.items():
        most = limit["max"]
        grid.add_row(
            name,
            format_amount(limit["min"] or 0, decimals=2),
            "no limit" if most is None else format_amount(most, decimals=2),
        )
    _fit_width(console, grid)
    console.print(grid)


#: Decks drawn in the EV-against-decks figure: the game's least and five more, and on up to
#: the shoe analysed (baccarat's 8 decks, or ``--decks``) when that is more.
PLOT_DECKS = 6


def _banking_files(
    spec: TableSpec,
    report: OddsReport,
    eor: EffectOfRemoval | None,
    options: dict[str, object],
    out: Path | None,
    plot: Path | None,
    table: Any = None,
) -> None:
    """--out (every bet's exact figures) and --plot (EV against decks, removal effects);
    ``table``: the table's options (their readings apply to every figure)."""
    from croupier.odds import (
        baccarat_effect_of_removal,
        baccarat_odds,
        football_effect_of_removal,
        football_odds,
    )

    baccarat = spec.name == "three-card-baccarat"
    kw: dict[str, Any] = {}
    if baccarat and table is not None:
        from croupier.odds.three_card_baccarat import odds_keywords

        kw = odds_keywords(table)
    removed = " ".join(report.removed) or None
    if eor is None:
        eor = (
            baccarat_effect_of_removal(report.decks or 1, removed, **kw)
            if baccarat
            else football_effect_of_removal(report.decks or 6, removed)
        )
    if out is not None:
        from croupier.analysis.output import write_output

        rows = []
        for name, bet in report.bets.items():
            row: dict[str, object] = {
                "game": spec.name,
                "decks": report.decks,
                "bet": name,
                "payout": bet.payout,
                "ev": float(bet.ev),
                "ev_exact": str(bet.ev),
                "house_edge": float(bet.house_edge),
            }
            row.update({f"p_{r}": float(p) for r, p in bet.probabilities.items()})
            row.update({f"removal_{r.symbol}": float(eor.effects[r][name]) for r in eor.effects})
            rows.append(row)
        info = {"analysis": f"odds-{spec.name}", "seed": None, "params": options}
        data = {"odds": report.to_json(), "effect_of_removal": eor.to_json()}
        write_output(out, info, data, rows)
    if plot is not None:
        from croupier.analysis.plots import plot_banking

        shoe = report.decks or spec.min_decks  # the shoe of the removal effects
        by_decks = {}
        for d in range(spec.min_decks, max(spec.min_decks + PLOT_DECKS, shoe + 1)):
            r = baccarat_odds(d, None, **kw) if baccarat else football_odds(d, None)
            by_decks[d] = {name: float(b.ev) for name, b in r.bets.items()}
        effects = {r.symbol: {n: float(v) for n, v in e.items()} for r, e in eor.effects.items()}
        plot_banking(
            f"{spec.title}: exact EV per bet",
            by_decks,
            effects,
            plot,
            shoe=shoe,
            removed=tuple(report.removed),
        )
