"""``croupier play``: one command for the five games, each played by its own module.

The banking games (3-card baccarat, football poker) are :mod:`croupier.commands.play_banking`;
``play thirteen`` :mod:`croupier.commands.play_thirteen`; ``play five-card-stud``
:mod:`croupier.commands.play_stud`; ``play mahjong`` (its table's options as flags)
:mod:`croupier.commands.play_mahjong`. ``croupier replay`` is :mod:`croupier.commands.replay` and
``croupier simulate`` :mod:`croupier.commands.simulate` (registered on import, below).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from croupier.commands.app import app
from croupier.commands.bounds import (
    BOTS_BANKING,
    DECKS,
    HANDS_PLAY,
    POSITIONS,
    ROUNDS_PLAY,
    bounded,
)
from croupier.commands.fair import ClientSeedOpt, FairOpt, NonceOpt, ServerSeedFileOpt
from croupier.commands.games import check_game, games_help
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
from croupier.commands.output import fail

# kept importable from here: play_thirteen and equity import them from this module
from croupier.commands.play_banking import (
    BANKING_HELP,
    _fit_width,
    _spec,
    render_settlement,
)
from croupier.commands.replay_banking import replay_summary
from croupier.commands.tablelog import ForceOpt, claim_outputs

if TYPE_CHECKING:
    from croupier.commands.fair import TableFairness

__all__ = [
    "BANKING_HELP",
    "PLAY_HELP",
    "_fit_width",
    "_spec",
    "play",
    "render_settlement",
    "replay_summary",
]

PLAY_HELP = games_help("play")

#: the games ``play --fair`` runs (on the table interface: the table commits and reveals)
FAIR_PLAY_GAMES = ("thirteen", "mahjong", "five-card-stud", "three-card-baccarat", "football-poker")


def _fairness(
    game: str,
    fair: bool,
    client_seed: str | None,
    nonce: int | None,
    server_seed_file: Path | None,
    seed: str | None,
    option: list[str] | None,
) -> TableFairness | None:
    """``--fair``'s shuffles (None without it), for a game played on the table interface; the
    verify commands printed carry the table's ``--option`` pairs."""
    from croupier.commands.fair import TableFairness

    name = game  # the registry's name (check_game)
    given = fair or client_seed is not None or nonce is not None or server_seed_file is not None
    if given and name not in FAIR_PLAY_GAMES:
        fail(
            f"--fair, --client-seed, --nonce and --server-seed-file: play runs "
            f"{', '.join(FAIR_PLAY_GAMES)} provably fair; {name} not yet (deal/verify {name} "
            "--fair deal one round fair)"
        )
    fairness = TableFairness.from_flags(fair, client_seed, nonce, server_seed_file, seed=seed)
    if fairness is not None:
        fairness.flags = tuple(f for pair in option or [] for f in ("--option", pair))
    return fairness


@app.command()
def play(
    game: Annotated[str, typer.Argument(help=PLAY_HELP, show_default=False)],
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds",
            help=ROUNDS_PLAY.help(
                "Rounds to play (default 3; thirteen: 1; a banking game at the prompt: until "
                "you quit)."
            ),
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed", help="Reproducible shoe and bots (not for live play).", show_default=False
        ),
    ] = None,
    decks: DecksOpt = None,
    positions: PositionsOpt = None,
    bet: Annotated[
        list[str] | None,
        typer.Option(
            "--bet",
            help="PLAYER:PLACE:BET:AMOUNT, placed every round (amount in cents; a stake carried "
            "over from a tie stays as it is, not raised). Repeatable.",
            show_default=False,
        ),
    ] = None,
    bots: Annotated[
        int | None,
        typer.Option(
            "--bots",
            help="Bot players (banking games: 0..16, beside the --bet players, or alone a "
            "table of bots; with neither --bet nor --bots you play at the prompt; "
            "five-card-stud: 1..6, default 3; thirteen: 0..2, default 0, one on each other "
            "position).",
            show_default=False,
        ),
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands",
            help=HANDS_PLAY.help("five-card-stud: hands to play (default 1)."),
            show_default=False,
        ),
    ] = None,
    bot_kind: Annotated[
        str | None,
        typer.Option(
            "--bot-kind",
            help="five-card-stud: the bots, strength or random (default strength); mahjong: "
            "faan, shanten or random (default faan); thirteen: best-response, house-way or "
            "random (default best-response).",
            show_default=False,
        ),
    ] = None,
    level: Annotated[
        int | None,
        typer.Option(
            "--level",
            help="five-card-stud: the table level of Art 6-8, pot money 20 or 100 (default 20).",
            show_default=False,
        ),
    ] = None,
    history: Annotated[
        Path | None,
        typer.Option(
            "--history",
            help="five-card-stud: write each hand's PHH-style TOML history into this directory "
            "(hand-0001.toml, ...).",
            show_default=False,
        ),
    ] = None,
    log: Annotated[
        Path | None,
        typer.Option(
            "--log",
            help="Write the table log here: JSON Lines, each hash-chained entry written as it "
            "happens, sealed when the session ends normally (Ctrl-C leaves it unsealed); "
            "check it with `croupier replay`.",
            show_default=False,
        ),
    ] = None,
    force: ForceOpt = False,
    option: OptionsOpt = None,
    min_bet: MinBetOpt = None,
    max_bet: MaxBetOpt = None,
    fair: FairOpt = False,
    client_seed: ClientSeedOpt = None,
    nonce: NonceOpt = None,
    server_seed_file: ServerSeedFileOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the rounds as JSON.")] = False,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            help="thirteen and the banking games at the prompt: your name.  [default: you]",
            show_default=False,
        ),
    ] = None,
    bankroll: Annotated[
        int | None,
        typer.Option(
            "--bankroll",
            help="three-card-baccarat and football-poker at the prompt: your chips, in the "
            "table's smallest unit (cents); a bet beyond them is refused.  [default: 100000, "
            "i.e. 1,000.00]",
            show_default=False,
        ),
    ] = None,
    position: Annotated[
        int | None,
        typer.Option("--position", help="thirteen: your position, 2..4.  [default: 2]"),
    ] = None,
    units: Annotated[
        int | None,
        typer.Option("--units", help="thirteen: your stake in units, 1..3.  [default: 1]"),
    ] = None,
    auto: Annotated[
        bool,
        typer.Option(
            "--auto",
            help="thirteen: set your cards by the best response, no prompt; five-card-stud: "
            "a bot plays your seat.",
        ),
    ] = False,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            min=1,
            help="mahjong: games to play (default: the whole sitting, one round of four games "
            "unless --full-game).",
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
    max_games: Annotated[
        int | None,
        typer.Option(
            "--max-games",
            help="mahjong: the round's cap of games, whatever the deal (default 16).",
            show_default=False,
        ),
    ] = None,
    banker_stays_on_draw: Annotated[
        bool | None,
        typer.Option(
            "--banker-stays-on-draw/--banker-passes-on-draw",
            help="mahjong, --rotation hong-kong: on a drawn game the banker keeps the deal "
            "(default) or it passes.",
            show_default=False,
        ),
    ] = None,
    prevailing: Annotated[
        str | None,
        typer.Option(
            "--prevailing",
            help="mahjong: the round's wind, E S W or N (default E; Art 2).",
            show_default=False,
        ),
    ] = None,
    full_game: Annotated[
        bool,
        typer.Option(
            "--full-game", help="mahjong: the four rounds East, South, West, North (Art 2)."
        ),
    ] = False,
    rotation: Annotated[
        str | None,
        typer.Option(
            "--rotation",
            help="mahjong: every-game (default, Art 2: the deal passes each game) or hong-kong "
            "(the banker keeps the deal when he wins).",
            show_default=False,
        ),
    ] = None,
    false_win: Annotated[
        str | None,
        typer.Option(
            "--false-win",
            help="mahjong: refuse (default) a win declared with no winning hand, or penalty "
            "(the declarer pays each player the self-drawn limit).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play a banking game at the prompt (three-card-baccarat, football-poker without --bet,
    --bots or --json: you bet, raise and withdraw from a --bankroll, `help` lists the bets and
    their payouts, `deal` deals, `quit` sums up), or its rounds with scripted bets and bots,
    settled to the unit; or rounds of the 13-card game against the house (thirteen: you set
    your cards); or hands of five-card stud against bots (five-card-stud, or stud: you bet at
    seat 1); or a round of Mah-Jong against three bots (mahjong: you sit at place 1)."""
    game = check_game(game, "play")
    bounded("--rounds", rounds, ROUNDS_PLAY)
    bounded("--hands", hands, HANDS_PLAY)
    bounded("--decks", decks, DECKS)
    bounded("--positions", positions, POSITIONS)
    if bots is not None and bots < 0:
        fail(f"--bots {bots}: a number of bots is 0 or more")
    claim_outputs(log, history, force=force)
    from croupier.commands import play_banking_prompt as prompt

    if game not in prompt.BANKING and bankroll is not None:
        fail(f"--bankroll applies to {' and '.join(prompt.BANKING)} only")
    # every game plays --fair on the table interface (TableFairness); the banking games' is
    # made below, with the verify flags of their shoe (--decks, --positions)
    fairness = (
        None
        if game in prompt.BANKING
        else _fairness(game, fair, client_seed, nonce, server_seed_file, seed, option)
    )
    from croupier.commands import play_stud as stud

    banking_only: dict[str, object] = {
        "--decks": decks,
        "--positions": positions,
        "--bet": bet,
        "--min-bet": min_bet,
        "--max-bet": max_bet,
    }
    thirteen_only: dict[str, object] = {
        "--player": player,
        "--position": position,
        "--units": units,
        "--auto": auto or None,
    }
    stud_only: dict[str, object] = {
        "--hands": hands,
        "--bot-kind": bot_kind,
        "--level": level,
        "--history": history,
    }
    from croupier.commands import play_mahjong as mahjong

    mahjong_table: dict[str, object] = {
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
        "--max-games": max_games,
        "--banker-stays-on-draw"
        if banker_stays_on_draw
        else "--banker-passes-on-draw": banker_stays_on_draw,
        "--prevailing": prevailing,
        "--full-game": full_game or None,
        "--rotation": rotation,
        "--false-win": false_win,
    }
    if mahjong.is_mahjong(game):
        not_mahjong = {**banking_only, **stud_only, **thirteen_only, "--bots": bots}
        not_mahjong |= {"--bot-kind": None, "--auto": None, "--rounds": rounds}
        for flag, value in not_mahjong.items():
            if value is not None and value != []:
                hint = ": use --games" if flag == "--rounds" else ""
                fail(f"{flag} does not apply to mahjong{hint}")
        scoring = mahjong.scoring_options(
            min_faan=min_faan,
            limit=limit,
            unit=unit,
            discarder_pays_all=discarder_pays_all,
            commission_bp=commission_bp,
            seven_pairs=seven_pairs,
            banker_doubles=banker_doubles,
        )
        flagged = mahjong.table_options(
            scoring=scoring,
            max_games=max_games,
            banker_stays_on_draw=banker_stays_on_draw,
            rob_concealed_kong=rob_concealed_kong,
            prevailing=prevailing,
            full_game=full_game,
            rotation=rotation,
            false_win=false_win,
        )
        mahjong.play_mahjong(
            games=games,
            seed=seed,
            bot_kind="faan" if bot_kind is None else bot_kind,
            auto=auto,
            log=log,
            as_json=as_json,
            options=game_options("mahjong", option, flagged),
            force=force,
            fairness=fairness,
        )
        return
    for flag, value in {"--games": games, **mahjong_table}.items():
        if value is not None:
            fail(f"{flag} applies to mahjong only")
    if stud.is_stud(game):
        others = {**banking_only, **thirteen_only, "--auto": None, "--rounds": rounds}
        for flag, value in others.items():
            if value is not None and value != []:
                hint = ": use --hands" if flag == "--rounds" else ""
                fail(f"{flag} does not apply to five-card-stud{hint}")
        from croupier.games.five_card_stud.options import StudOptions

        level = 20 if level is None else level
        if level not in stud.LEVELS:
            fail(f"--level {level}: the table levels of Art 6-8 are a pot money of 20 or 100")
        stud.play_stud(
            options=game_options("five-card-stud", option, StudOptions.level(level)),
            hands=1 if hands is None else hands,
            seed=seed,
            bots=3 if bots is None else bots,
            bot_kind="strength" if bot_kind is None else bot_kind,
            level=level,
            auto=auto,
            log=log,
            as_json=as_json,
            history=history,
            force=force,
            fairness=fairness,
            option_pairs=option or [],
        )
        return
    for flag, value in stud_only.items():
        if value is not None and not (flag == "--bot-kind" and game == "thirteen"):
            fail(f"{flag} applies to five-card-stud only")
    if game.strip().lower() == "thirteen":
        for flag, value in banking_only.items():
            if value is not None and value != []:
                fail(f"{flag} does not apply to thirteen")
        from croupier.commands.play_thirteen import play_thirteen

        play_thirteen(
            options=game_options("thirteen", option),
            bot_kind="best-response" if bot_kind is None else bot_kind,
            force=force,
            rounds=1 if rounds is None else rounds,
            seed=seed,
            player="you" if player is None else player,
            position=2 if position is None else position,
            units=1 if units is None else units,
            bots=0 if bots is None else bots,
            auto=auto,
            log=log,
            as_json=as_json,
            fairness=fairness,
        )
        return
    interactive = prompt.is_interactive(bet, bots, as_json)
    for flag, value in thirteen_only.items():
        if value is None or (interactive and flag == "--player"):
            continue
        if flag == "--player":
            fail(f"{flag} applies to thirteen and to {prompt.AT_PROMPT}")
        fail(f"{flag} applies to thirteen only")
    bounded("--bots", bots, BOTS_BANKING)
    if interactive:
        prompt.play_at_prompt(
            game,
            rounds=rounds,
            seed=seed,
            decks=decks,
            positions=positions,
            option=option,
            min_bet=min_bet,
            max_bet=max_bet,
            player=player,
            bankroll=bankroll,
            fair=prompt.FairFlags(fair, client_seed, nonce, server_seed_file),
            log=log,
            force=force,
        )
        return
    if bankroll is not None:
        fail(f"--bankroll applies to {prompt.AT_PROMPT} only")
    from croupier.commands.options import banking_options
    from croupier.commands.play_banking import _spec, play_banking, verify_flags

    fairness = _fairness(game, fair, client_seed, nonce, server_seed_file, seed, option)
    if fairness is not None:  # verify deals the same shoe: --decks, --positions, each --option
        table_options = banking_options(
            _spec(game).name,
            option,
            decks=decks,
            positions=positions,
            min_bet=min_bet,
            max_bet=max_bet,
        )
        fairness.flags = verify_flags(table_options, option)
    play_banking(
        game,
        rounds=rounds,
        seed=seed,
        decks=decks,
        positions=positions,
        bet=bet,
        bots=bots,
        log=log,
        as_json=as_json,
        option=option,
        min_bet=min_bet,
        max_bet=max_bet,
        fair=fairness,
        force=force,
    )
