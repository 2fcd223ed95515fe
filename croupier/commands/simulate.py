"""``croupier simulate``: many rounds through the engine, checked and compared with exact odds.

The banking games are simulated by :mod:`croupier.odds.simulate`, five-card stud by
:mod:`croupier.commands.simulate_stud` and Mah-Jong by :mod:`croupier.commands.simulate_mahjong`.
The game is told by the registry's name :func:`~croupier.commands.games.check_game` gives (its
aliases resolved), so neither ``play_stud`` nor ``play_mahjong`` is imported to tell it (issue
22: ``simulate five-card-stud`` starts without them).
"""

# No ``from __future__ import annotations`` here (issue 22): Typer reads a command's signature
# (inspect.signature(eval_str=True) and get_type_hints, twice each time the command is built),
# and annotations kept as text would be evaluated anew each time (the command's ~30 options);
# evaluated once, as the function is defined, they are read as they are.

import importlib
from typing import Annotated

import typer

from croupier.commands.analysis_options import OutOpt, ResumeOpt, SchedulerOpt, check_files
from croupier.commands.app import app
from croupier.commands.bounds import (
    DECKS,
    FUZZ,
    GAMES_SIMULATE,
    HANDS_SIMULATE,
    POSITIONS,
    ROUNDS_SIMULATE,
    WORKERS,
    bounded,
)
from croupier.commands.games import check_game, games_help
from croupier.commands.loading import loading
from croupier.commands.mahjong_flags import (
    BankerDoublesOpt,
    CommissionOpt,
    DiscarderPaysOpt,
    LimitOpt,
    MinFaanOpt,
    RobConcealedOpt,
    SevenPairsOpt,
    UnitOpt,
    mahjong_table_flags,
)
from croupier.commands.options import (
    DecksOpt,
    MaxBetOpt,
    MinBetOpt,
    OptionsOpt,
    PositionsOpt,
    game_options,
)
from croupier.commands.output import fail, seed_text
from croupier.commands.plain_options import PlainTextCommand

__all__ = ["simulate"]

SIMULATE_HELP = games_help("simulate")


@app.command(cls=PlainTextCommand)
def simulate(
    game: Annotated[str, typer.Argument(help=SIMULATE_HELP, show_default=False)],
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds",
            help=ROUNDS_SIMULATE.help("Rounds to play (default 20000)."),
            show_default=False,
        ),
    ] = None,
    seed: Annotated[str, typer.Option("--seed", help="Seed of the simulation.")] = "0",
    decks: DecksOpt = None,
    positions: PositionsOpt = None,
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands",
            help=HANDS_SIMULATE.help("five-card-stud: hands to play (default 1000)."),
            show_default=False,
        ),
    ] = None,
    seats: Annotated[
        int | None,
        typer.Option("--seats", help="five-card-stud: bots at the table, 2..7 (default 4)."),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help="five-card-stud: random, strength or mixed (default strength); mahjong: faan, "
            "shanten, random or mixed (default faan).",
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            help=GAMES_SIMULATE.help("mahjong: games to play (default 1000)."),
            show_default=False,
        ),
    ] = None,
    fuzz: Annotated[
        int | None,
        typer.Option(
            "--fuzz",
            help=FUZZ.help(
                "mahjong: points of each game where random commands are tried (default 3; 0: none)."
            ),
            show_default=False,
        ),
    ] = None,
    close_rate: Annotated[
        float | None,
        typer.Option(
            "--close-rate",
            help="mahjong: chance that a claim window's time limit strikes before each answer "
            "(default 0).",
            show_default=False,
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            help=WORKERS.help(
                "mahjong, five-card-stud: worker processes of a LocalCluster (default: every "
                "core; 1: in this process)."
            ),
            show_default=False,
        ),
    ] = None,
    min_faan: MinFaanOpt = None,
    limit: LimitOpt = None,
    unit: UnitOpt = None,
    discarder_pays_all: DiscarderPaysOpt = None,
    commission_bp: CommissionOpt = None,
    seven_pairs: SevenPairsOpt = None,
    banker_doubles: BankerDoublesOpt = None,
    rob_concealed_kong: RobConcealedOpt = None,
    scheduler: SchedulerOpt = "auto",
    resume: ResumeOpt = None,
    out: OutOpt = None,
    option: OptionsOpt = None,
    min_bet: MinBetOpt = None,
    max_bet: MaxBetOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the comparison as JSON.")] = False,
) -> None:
    """Play many rounds through the engine (shoe, cut card, burns) and compare every bet's
    return with the exact expected value; five-card-stud: many hands of bots, the chips
    counted after every hand and the log replayed; mahjong: many games of bots, every game's
    invariants checked (tiles, replay, payments) and random commands fuzzed."""
    game = check_game(game, "simulate")
    seed = seed_text(seed)
    bounded("--rounds", rounds, ROUNDS_SIMULATE)
    bounded("--decks", decks, DECKS)
    bounded("--positions", positions, POSITIONS)
    bounded("--hands", hands, HANDS_SIMULATE)
    bounded("--fuzz", fuzz, FUZZ)
    if games is not None and games > GAMES_SIMULATE.high:  # below 1: simulate mahjong says why
        bounded("--games", games, GAMES_SIMULATE)
    bounded("--workers", workers, WORKERS)

    if game not in ("three-card-baccarat", "football-poker") and (min_bet or max_bet):
        fail("--min-bet and --max-bet apply to three-card-baccarat and football-poker only")
    check_files(out, None, resume)

    mahjong_only: dict[str, object] = {
        "--games": games,
        "--fuzz": fuzz,
        "--close-rate": close_rate,
        **mahjong_table_flags(
            min_faan,
            limit,
            unit,
            discarder_pays_all,
            commission_bp,
            seven_pairs,
            banker_doubles,
            rob_concealed_kong,
        ),
    }
    if game == "mahjong":
        not_mahjong: dict[str, object] = {
            "--rounds": rounds,
            "--decks": decks,
            "--positions": positions,
            "--hands": hands,
            "--seats": seats,
        }
        for flag, other in not_mahjong.items():
            if other is not None:
                hint = ": use --games" if flag in ("--rounds", "--hands") else ""
                fail(f"{flag} does not apply to mahjong{hint}")
        from croupier.commands.play_mahjong import scoring_options, table_options
        from croupier.commands.simulate_mahjong import simulate_mahjong

        scoring = scoring_options(
            min_faan=min_faan,
            limit=limit,
            unit=unit,
            discarder_pays_all=discarder_pays_all,
            commission_bp=commission_bp,
            seven_pairs=seven_pairs,
            banker_doubles=banker_doubles,
        )
        table = game_options(
            "mahjong",
            option,
            table_options(scoring=scoring, rob_concealed_kong=rob_concealed_kong is not False),
        )
        simulate_mahjong(
            games=games,
            bots=bots,
            seed=seed,
            fuzz=fuzz,
            close_rate=close_rate,
            workers=workers,
            scoring=table.scoring,
            as_json=as_json,
            rob_concealed_kong=table.orphans_rob_concealed_kong,
            table=table,
            out=out,
            scheduler=scheduler,
            resume=resume,
        )
        return
    for flag, value in mahjong_only.items():
        if value is not None:
            fail(f"{flag} applies to mahjong only")
    stud_only: dict[str, object] = {"--hands": hands, "--seats": seats, "--bots": bots}
    if workers is not None and game != "five-card-stud":
        fail("--workers applies to mahjong and five-card-stud only")
    if game == "five-card-stud":
        banking_only: dict[str, object] = {
            "--rounds": rounds,
            "--decks": decks,
            "--positions": positions,
        }
        for flag, value in banking_only.items():
            if value is not None:
                hint = ": use --hands" if flag == "--rounds" else ""
                fail(f"{flag} applies to the banking games, not five-card-stud{hint}")
        # the run's modules (the game's, which run_simulation imports as it starts, included)
        # load with no cyclic collection, frozen in the command line's process
        # (croupier.commands.loading: ~5M more of the 538M instructions of a one-hand run)
        with loading():
            from croupier.commands.simulate_stud import (
                DEFAULT_SIM_HANDS,
                DEFAULT_SIM_SEATS,
                RUN_MODULES,
                simulate_stud,
            )

            for module in RUN_MODULES:
                importlib.import_module(module)

        simulate_stud(
            hands=DEFAULT_SIM_HANDS if hands is None else hands,
            seats=DEFAULT_SIM_SEATS if seats is None else seats,
            bots="strength" if bots is None else bots,
            seed=seed,
            as_json=as_json,
            options=game_options("five-card-stud", option),
            out=out,
            scheduler=scheduler,
            workers=workers,
            resume=resume,
        )
        return
    for flag, value in stud_only.items():
        if value is not None:
            fail(f"{flag} applies to five-card-stud only")
    from croupier.commands.play_banking import _spec
    from croupier.commands.simulate_banking import simulate_banking

    simulate_banking(
        _spec(game),
        rounds=20_000 if rounds is None else rounds,
        seed=seed,
        decks=decks,
        positions=positions,
        as_json=as_json,
        scheduler=scheduler,
        resume=resume,
        out=out,
        option=option,
        min_bet=min_bet,
        max_bet=max_bet,
    )
