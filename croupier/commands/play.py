"""``croupier play`` and ``croupier simulate`` for the banking games (``croupier replay`` of their
records is :mod:`croupier.commands.replay`).

``play`` runs rounds of 3-card baccarat or football poker through the round engine with scripted
bets (``--bet PLAYER:PLACE:BET:AMOUNT``, placed every round) and/or bots, prints each round
(stakes, hands, one settlement line per stake with the article that decided it) and can save
the table's event log (``--log``), which ``replay`` checks event by event and sums up.
``simulate`` plays many rounds and sets the results against the exact odds.
``play thirteen`` and ``replay`` of a 13-card record are :mod:`croupier.commands.play_thirteen`;
``play`` / ``simulate five-card-stud`` and ``replay`` of a stud record are
:mod:`croupier.commands.play_stud`; ``play mahjong`` (its table's options as flags) and ``replay``
of a Mah-Jong round are :mod:`croupier.commands.play_mahjong`, ``simulate mahjong``
:mod:`croupier.commands.simulate_mahjong`.

Amounts are whole units of the table's smallest unit (cents by default: ``10000`` is 100.00).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Protocol

import typer

from croupier.commands.app import app
from croupier.commands.output import croupier_errors, fail, make_console, print_json, write_record

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from croupier.settlement import Settlement
    from croupier.shuffle import Shuffler
    from croupier.tables import BankingGame, TableSpec

BANKING_HELP = "three-card-baccarat or football-poker"
PLAY_HELP = "three-card-baccarat, football-poker, thirteen, five-card-stud or mahjong"
SIMULATE_HELP = "three-card-baccarat, football-poker, five-card-stud or mahjong"
BOT_AMOUNTS = (1_000, 2_500, 5_000, 10_000)

# Mah-Jong's scoring options, shared by play and simulate (None: not given, the default)
MinFaanOpt = Annotated[
    int | None,
    typer.Option(
        "--min-faan", help="mahjong: the least faan of a win (default 3).", show_default=False
    ),
]
LimitOpt = Annotated[
    int | None,
    typer.Option(
        "--limit", help="mahjong: the most faan a hand scores (default 13).", show_default=False
    ),
]
UnitOpt = Annotated[
    int | None,
    typer.Option(
        "--unit",
        help="mahjong: the payment unit, base = unit x 2^faan (default 1).",
        show_default=False,
    ),
]
DiscarderPaysOpt = Annotated[
    bool | None,
    typer.Option(
        "--discarder-pays-all/--everyone-pays",
        help="mahjong: on a discard win the discarder pays for all three, or everyone pays "
        "(default).",
        show_default=False,
    ),
]
SevenPairsOpt = Annotated[
    bool | None,
    typer.Option(
        "--seven-pairs",
        help="mahjong: seven pairs is a winning hand, 4 faan (not classic; default off).",
        show_default=False,
    ),
]
BankerDoublesOpt = Annotated[
    bool | None,
    typer.Option(
        "--banker-doubles",
        help="mahjong: the banker (East) pays and receives double (default off).",
        show_default=False,
    ),
]
RobConcealedOpt = Annotated[
    bool | None,
    typer.Option(
        "--rob-concealed-kong/--no-rob-concealed-kong",
        help="mahjong: thirteen orphans may rob a concealed kong (default: it may).",
        show_default=False,
    ),
]
CommissionOpt = Annotated[
    int | None,
    typer.Option(
        "--commission-bp",
        help="mahjong: the house's commission on the winner's gain, in basis points (default 0).",
        show_default=False,
    ),
]


def _mahjong_table_flags(
    min_faan: int | None,
    limit: int | None,
    unit: int | None,
    discarder_pays_all: bool | None,
    commission_bp: int | None,
    seven_pairs: bool | None,
    banker_doubles: bool | None,
    rob_concealed_kong: bool | None,
) -> dict[str, object]:
    """Mah-Jong's table flags shared by ``play`` and ``simulate``, by the name given (None: not
    given), so that another game can refuse each by name."""
    pays = "--discarder-pays-all" if discarder_pays_all else "--everyone-pays"
    rob = "--rob-concealed-kong" if rob_concealed_kong else "--no-rob-concealed-kong"
    return {
        "--min-faan": min_faan,
        "--limit": limit,
        "--unit": unit,
        pays: discarder_pays_all,
        "--commission-bp": commission_bp,
        "--seven-pairs": seven_pairs,
        "--banker-doubles": banker_doubles,
        rob: rob_concealed_kong,
    }


def _spec(game: str) -> TableSpec:
    from croupier.tables import BANKING_GAMES, table_spec

    name = game.strip().lower()
    if name not in BANKING_GAMES:
        raise typer.BadParameter(f"unknown game {game!r}; the games are: {BANKING_HELP}")
    return table_spec(name)


def _fit_width(console: Console, table: Table) -> None:
    """Widen ``console`` to the table's natural width, so that no cell is cut short."""
    from rich.measure import Measurement

    needed = Measurement.get(console, console.options.update_width(10_000), table).maximum
    console.width = max(console.width, needed)


class _Played(Protocol):
    """What a replay summary reads of a table (banking games and the 13-card game alike)."""

    @property
    def log(self) -> tuple[Any, ...]: ...
    @property
    def round_number(self) -> int: ...
    @property
    def balances(self) -> Mapping[str, int]: ...
    @property
    def house_result(self) -> int: ...
    @property
    def stakes(self) -> tuple[Any, ...]: ...
    def digest(self) -> str: ...


def replay_summary(
    game: str, table: _Played, expect_digest: str | None, **extra: Any
) -> dict[str, Any]:
    """The summary ``croupier replay`` prints for a replayed table; a VerificationError when
    the digest is not ``expect_digest``."""
    from croupier.errors import VerificationError

    summary: dict[str, Any] = {
        "game": game,
        "events": len(table.log),
        "rounds": table.round_number,
        **extra,
        "balances": dict(table.balances),
        "house_result": table.house_result,
        "on_table": sum(s.amount for s in table.stakes),
        "digest": table.digest(),
    }
    if expect_digest is not None and expect_digest.strip().lower() != summary["digest"]:
        raise VerificationError(
            f"the record's digest is {summary['digest']}, not the expected {expect_digest}"
        )
    return summary


def _parse_bet(text: str) -> tuple[str, int, str, int]:
    parts = [part.strip() for part in text.split(":")]
    if len(parts) != 4:
        fail(f"bet {text!r} must be PLAYER:PLACE:BET:AMOUNT, e.g. ana:1:main:10000")
    player, place, bet, amount = parts
    try:
        return player, int(place), bet, int(amount)
    except ValueError:
        fail(f"bet {text!r}: PLACE and AMOUNT must be whole numbers")


def _bot_bets(
    spec: TableSpec, table: BankingGame, bots: int, rng: Shuffler, positions: int
) -> list[tuple[str, int, str, int]]:
    """Each bot picks a place and one to three bets (a main bet first where a tie needs one)."""
    out: list[tuple[str, int, str, int]] = []
    for i in range(1, bots + 1):
        player = f"bot{i}"
        place = 1 + rng.randbelow(positions)
        chosen = [spec.bets[rng.randbelow(len(spec.bets))] for _ in range(1 + rng.randbelow(3))]
        if "tie" in chosen and "main" not in chosen:
            chosen.insert(0, "main")
        for bet in dict.fromkeys(chosen):
            amount = BOT_AMOUNTS[rng.randbelow(len(BOT_AMOUNTS))]
            if table.can_place_bet(player, place, bet, amount):
                table.place_bet(player, place, bet, amount)
                out.append((player, place, bet, amount))
    return out


def _round_data(spec: TableSpec, table: BankingGame) -> dict[str, Any]:
    settlement = table.last_settlement
    assert settlement is not None
    return {
        "round": table.round_number,
        "hands": {
            ("banker" if p == spec.banker else str(p)): {
                "cards": [str(c) for c in cards],
                "hand": spec.describe(cards),
            }
            for p, cards in table.hands.items()
        },
        "settlement": [
            {
                "player": line.player,
                "place": line.position,
                "bet": line.bet,
                "stake": line.stake,
                "result": line.result.value,
                "owed": str(line.owed),
                "paid": line.paid,
                "carried": line.carried,
                "net": line.net,
                "article": line.article,
            }
            for line in settlement.lines
        ],
        "house_result": settlement.house_result,
        "cut_card_out": table.cut_card_out,
    }


def render_settlement(
    console: Console,
    settlement: Settlement,
    *,
    decimals: int,
    commission_article: str,
    place: str = "place",
    show_bet: bool = True,
) -> None:
    """A round's settlement lines as a table, then the house's result and the commission
    charged (``commission_article``: the article that levies it)."""
    from rich.table import Table

    from croupier.money import format_amount

    def money(units: int) -> str:
        return format_amount(units, decimals=decimals)

    columns = ["player", place, *(["bet"] if show_bet else []), "stake", "result", "paid"]
    lines = Table(title="Settlement")
    for col in (*columns, "net", "article"):
        lines.add_column(col, justify="right" if col in ("stake", "paid", "net") else "left")
    for line in settlement.lines:
        kept = f" (stays: {money(line.carried)})" if line.carried else ""
        lines.add_row(
            line.player,
            str(line.position),
            *([line.bet] if show_bet else []),
            money(line.stake),
            line.result.value + kept,
            money(line.paid),
            money(line.net),
            line.article,
        )
    console.print(lines)
    note = ""
    if settlement.commission:
        exact = settlement.commission / 10**decimals
        note = f"; commission charged ({commission_article}): {float(exact):,.4f}"
    console.print(f"House this round: {money(settlement.house_result)}{note}")


def _render_round(console: Console, spec: TableSpec, table: BankingGame, decimals: int) -> None:
    from rich.table import Table

    from croupier.commands.output import cards_text
    from croupier.money import format_amount

    def money(units: int) -> str:
        return format_amount(units, decimals=decimals)

    settlement = table.last_settlement
    assert settlement is not None
    console.rule(f"[bold]Round {table.round_number}[/bold]")
    hands = Table(title="Hands")
    for col in ("place", "cards", "hand"):
        hands.add_column(col)
    places = sorted(table.hands, key=lambda p: (p == spec.banker, p))
    for p in places:
        label = "banker" if p == spec.banker else str(p)
        hands.add_row(label, cards_text(table.hands[p]), spec.describe(table.hands[p]))
    console.print(hands)
    render_settlement(console, settlement, decimals=decimals, commission_article="Art 10")
    if table.cut_card_out:
        console.print("[bold]The cut card came out: that was the last round of the shoe.[/bold]")


@app.command()
def play(
    game: Annotated[str, typer.Argument(help=PLAY_HELP, show_default=False)],
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds", min=1, help="Rounds to play (default 3; thirteen: 1).", show_default=False
        ),
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed", help="Reproducible shoe and bots (not for live play).", show_default=False
        ),
    ] = None,
    decks: Annotated[int | None, typer.Option("--decks", show_default=False)] = None,
    positions: Annotated[int | None, typer.Option("--positions", show_default=False)] = None,
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
            min=0,
            help="Bot players (default 3 when no --bet is given; five-card-stud: 1..6, default 3).",
            show_default=False,
        ),
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands",
            min=1,
            help="five-card-stud: hands to play (default 1).",
            show_default=False,
        ),
    ] = None,
    bot_kind: Annotated[
        str | None,
        typer.Option(
            "--bot-kind",
            help="five-card-stud: the bots, strength or random (default strength); mahjong: "
            "faan, shanten or random (default faan).",
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
            help="Write the table's record (options and events) here as JSON.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the rounds as JSON.")] = False,
    player: Annotated[
        str | None,
        typer.Option("--player", help="thirteen: your name.  [default: you]", show_default=False),
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
            help="mahjong: games to play (default: the whole East round).",
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
            help="mahjong: on a drawn game the banker keeps the deal (default) or it passes.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play rounds of a banking game with scripted bets and bots, settled to the unit; or
    rounds of the 13-card game against the house (thirteen: you set your cards); or hands of
    five-card stud against bots (five-card-stud, or stud: you bet at seat 1); or a round of
    Mah-Jong against three bots (mahjong: you sit at place 1)."""
    from croupier.commands import play_stud as stud

    banking_only: dict[str, object] = {"--decks": decks, "--positions": positions, "--bet": bet}
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
        **_mahjong_table_flags(
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
        mahjong.play_mahjong(
            games=games,
            seed=seed,
            bot_kind="faan" if bot_kind is None else bot_kind,
            auto=auto,
            log=log,
            as_json=as_json,
            options=mahjong.table_options(
                scoring=scoring,
                max_games=max_games,
                banker_stays_on_draw=banker_stays_on_draw,
                rob_concealed_kong=rob_concealed_kong,
            ),
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
        stud.play_stud(
            hands=1 if hands is None else hands,
            seed=seed,
            bots=3 if bots is None else bots,
            bot_kind="strength" if bot_kind is None else bot_kind,
            level=20 if level is None else level,
            auto=auto,
            log=log,
            as_json=as_json,
            history=history,
        )
        return
    for flag, value in stud_only.items():
        if value is not None:
            fail(f"{flag} applies to five-card-stud only")
    if game.strip().lower() == "thirteen":
        for flag, value in banking_only.items():
            if value is not None and value != []:
                fail(f"{flag} does not apply to thirteen")
        from croupier.commands.play_thirteen import play_thirteen

        play_thirteen(
            rounds=1 if rounds is None else rounds,
            seed=seed,
            player="you" if player is None else player,
            position=2 if position is None else position,
            units=1 if units is None else units,
            bots=0 if bots is None else bots,
            auto=auto,
            log=log,
            as_json=as_json,
        )
        return
    for flag, value in thirteen_only.items():
        if value is not None:
            fail(f"{flag} applies to thirteen only")
    rounds = 3 if rounds is None else rounds
    spec = _spec(game)
    # a round's bets are placed together: a tie bet after the main bets it needs (Art 8.3)
    scripted = sorted((_parse_bet(b) for b in bet or []), key=lambda b: b[2] == "tie")
    n_bots = (0 if scripted else 3) if bots is None else bots
    if not scripted and not n_bots:
        fail("nobody is betting: give --bet or --bots")
    with croupier_errors():
        from croupier.events import Phase
        from croupier.shuffle import LiveShuffler, SeededShuffler

        n_decks = spec.default_decks if decks is None else decks
        n_positions = spec.default_positions if positions is None else positions
        table = spec.build(n_decks, n_positions, {})
        shuffler: Shuffler = LiveShuffler() if seed is None else SeededShuffler(f"shoe:{seed}")
        bot_rng: Shuffler = LiveShuffler() if seed is None else SeededShuffler(f"bots:{seed}")
        decimals = 2
        console = None if as_json else make_console()
        if console is not None:
            console.width = max(console.width, 112)
            console.print(f"[bold]{spec.title}[/bold] · {spec.regulation}")
            console.print(
                f"{n_decks} deck(s), {n_positions} places; --bet amounts are in units of 0.01 "
                "(10000 is shown as 100.00)"
            )
        played: list[dict[str, Any]] = []
        if log is not None:  # fail before the first round if the log cannot be written
            write_record(log, table.to_record())
        for _ in range(rounds):
            if table.phase is Phase.NEEDS_SHUFFLE:
                shuffled = table.shuffle(shuffler)
                if console is not None:
                    console.print(
                        f"Shuffled {len(shuffled.order)} cards, cut {shuffled.cut}; "
                        f"commitment {shuffled.commitment}"
                    )
            table.open_round()
            carried = {(s.player, s.position, s.bet) for s in table.stakes if s.carried}
            for player, place, kind, amount in scripted:
                # a stake carried over (baccarat Art 7.2, 8.1) stays as it is: no silent raise
                if (player, place, kind) not in carried:
                    table.place_bet(player, place, kind, amount)
            _bot_bets(spec, table, n_bots, bot_rng, n_positions)
            table.close_bets()
            table.deal()
            table.settle()
            played.append(_round_data(spec, table))
            if log is not None:  # after every round: an interrupted session keeps its log
                write_record(log, table.to_record())
            if console is not None:
                _render_round(console, spec, table, decimals)
        if as_json:
            print_json(
                {
                    "game": spec.name,
                    "decks": n_decks,
                    "positions": n_positions,
                    "rounds": played,
                    "balances": dict(table.balances),
                    "house_result": table.house_result,
                    "digest": table.digest(),
                }
            )
            return
        assert console is not None
        _render_totals(console, table, decimals)
        if log is not None:
            console.print(f"Event log written to {log} (check it with `croupier replay {log}`)")


def _render_totals(console: Console, table: BankingGame, decimals: int) -> None:
    from rich.table import Table

    from croupier.money import format_amount

    totals = Table(title="Session totals")
    totals.add_column("player")
    totals.add_column("net", justify="right")
    for player, net in sorted(table.balances.items()):
        totals.add_row(player, format_amount(net, decimals=decimals))
    totals.add_row("[bold]house[/bold]", format_amount(table.house_result, decimals=decimals))
    on_table = sum(s.amount for s in table.stakes)
    if on_table:
        totals.add_row("still on the table (carried)", format_amount(on_table, decimals=decimals))
    console.print(totals)
    # on one line whatever the width, so that the digest can be copied whole
    console.print(f"Log digest (sha256): {table.digest()}", soft_wrap=True)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help=SIMULATE_HELP, show_default=False)],
    rounds: Annotated[
        int | None,
        typer.Option("--rounds", min=2, help="Rounds to play (default 20000).", show_default=False),
    ] = None,
    seed: Annotated[str, typer.Option("--seed", help="Seed of the simulation.")] = "0",
    decks: Annotated[int | None, typer.Option("--decks", show_default=False)] = None,
    positions: Annotated[int | None, typer.Option("--positions", show_default=False)] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands",
            min=1,
            help="five-card-stud: hands to play (default 1000).",
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
            help="mahjong: games to play (default 1000).",
            show_default=False,
        ),
    ] = None,
    fuzz: Annotated[
        int | None,
        typer.Option(
            "--fuzz",
            help="mahjong: points of each game where random commands are tried (default 3; 0: "
            "none).",
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
            help="mahjong: processes playing the games (default: every core).",
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
    as_json: Annotated[bool, typer.Option("--json", help="Print the comparison as JSON.")] = False,
) -> None:
    """Play many rounds through the engine (shoe, cut card, burns) and compare every bet's
    return with the exact expected value; five-card-stud: many hands of bots, the chips
    counted after every hand and the log replayed; mahjong: many games of bots, every game's
    invariants checked (tiles, replay, payments) and random commands fuzzed."""
    from croupier.commands import play_stud as stud

    mahjong_only: dict[str, object] = {
        "--games": games,
        "--fuzz": fuzz,
        "--close-rate": close_rate,
        "--workers": workers,
        **_mahjong_table_flags(
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
    from croupier.commands.play_mahjong import is_mahjong

    if is_mahjong(game):
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
        from croupier.commands.play_mahjong import scoring_options
        from croupier.commands.simulate_mahjong import simulate_mahjong

        simulate_mahjong(
            games=games,
            bots=bots,
            seed=seed,
            fuzz=fuzz,
            close_rate=close_rate,
            workers=workers,
            scoring=scoring_options(
                min_faan=min_faan,
                limit=limit,
                unit=unit,
                discarder_pays_all=discarder_pays_all,
                commission_bp=commission_bp,
                seven_pairs=seven_pairs,
                banker_doubles=banker_doubles,
            ),
            as_json=as_json,
            rob_concealed_kong=rob_concealed_kong is not False,
        )
        return
    for flag, value in mahjong_only.items():
        if value is not None:
            fail(f"{flag} applies to mahjong only")
    stud_only: dict[str, object] = {"--hands": hands, "--seats": seats, "--bots": bots}
    if stud.is_stud(game):
        banking_only: dict[str, object] = {
            "--rounds": rounds,
            "--decks": decks,
            "--positions": positions,
        }
        for flag, value in banking_only.items():
            if value is not None:
                hint = ": use --hands" if flag == "--rounds" else ""
                fail(f"{flag} applies to the banking games, not five-card-stud{hint}")
        stud.simulate_stud(
            hands=stud.DEFAULT_SIM_HANDS if hands is None else hands,
            seats=stud.DEFAULT_SIM_SEATS if seats is None else seats,
            bots="strength" if bots is None else bots,
            seed=seed,
            as_json=as_json,
        )
        return
    for flag, value in stud_only.items():
        if value is not None:
            fail(f"{flag} applies to five-card-stud only")
    rounds = 20_000 if rounds is None else rounds
    spec = _spec(game)
    with croupier_errors():
        from croupier.odds.simulate import simulate as run

        if as_json:
            sim = run(spec.name, rounds, seed=seed, decks=decks, positions=positions)
            print_json(sim.to_json())
            return
        from rich.progress import Progress
        from rich.table import Table

        console = make_console()
        with Progress(console=console, transient=True) as bar:
            task = bar.add_task("dealing", total=rounds)
            sim = run(
                spec.name,
                rounds,
                seed=seed,
                decks=decks,
                positions=positions,
                progress=lambda done: bar.update(task, completed=done),
            )
        console.print(
            f"[bold]{spec.title}[/bold]: {sim.rounds} rounds, {sim.shoes} shoes, "
            f"{sim.decks} decks, {sim.positions} places (seed {sim.seed!r})"
        )
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
