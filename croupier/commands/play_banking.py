"""``croupier play`` of the banking games (3-card baccarat, football poker).

Rounds on the table interface (:class:`~croupier.commands.banking_desk.BankingDesk` over
:class:`~croupier.table.baccarat.BaccaratTable` / :class:`~croupier.table.football.FootballTable`)
with scripted bets (``--bet PLAYER:PLACE:BET:AMOUNT``, placed every round) and/or bots; each
round is printed (stakes, hands, one settlement line per stake with the article that decided
it). ``--log FILE`` writes the table log (issue 15 item 7: JSON Lines, each hash-chained entry
written and synced when it happens, the seal at the end), which ``croupier replay`` checks entry
by entry; Ctrl-C leaves it unsealed (exit 130; ``replay`` exits 3 unless ``--allow-open``).

Amounts are whole units of the table's smallest unit (cents by default: ``10000`` is 100.00).
``--fair --client-seed C`` shuffles each shoe provably fair
(:class:`~croupier.commands.fair.TableFairness`: each commitment before its shuffle; each seed
and its ``croupier verify`` command when the shoe is finished or the table closes, or
``provably_fair`` in the JSON). Without ``--bet``, ``--bots`` or ``--json``
the game is played at the prompt: :mod:`croupier.commands.play_banking_prompt`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from croupier.commands.output import (
    cards_text,
    croupier_errors,
    fail,
    interrupted,
    make_console,
    print_json,
)

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from croupier.commands.fair import TableFairness
    from croupier.commands.tablelog import TableLogWriter
    from croupier.settlement import Settlement
    from croupier.shuffle import Shuffler
    from croupier.tables import BankingGame, TableSpec

__all__ = ["BANKING_HELP", "play_banking", "render_settlement"]

BANKING_HELP = "three-card-baccarat or football-poker"


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


def _parse_bet(text: str, bets: tuple[str, ...]) -> tuple[str, int, str, int]:
    """``--bet PLAYER:PLACE:BET:AMOUNT`` read and checked (``bets``: the game's bet kinds),
    before the shoe is shuffled."""
    parts = [part.strip() for part in text.split(":")]
    if len(parts) != 4:
        fail(f"bet {text!r} must be PLAYER:PLACE:BET:AMOUNT, e.g. ana:1:main:10000")
    player, place, bet, amount = parts
    from croupier.table.actor import NAME

    if not NAME.match(player):
        fail(
            f"bet {text!r}: the player {player!r} is not a name (letters, digits, '.', '_', '-'; "
            "1 to 40)"
        )
    try:
        parsed = player, int(place), bet, int(amount)
    except ValueError:
        fail(f"bet {text!r}: PLACE and AMOUNT must be whole numbers")
    if bet not in bets:
        fail(f"bet {text!r}: unknown bet {bet!r}; the bets: {', '.join(bets)}")
    return parsed


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
        from croupier.money import format_money

        commission = settlement.commission
        charged = format_money(commission, decimals=decimals)
        if commission.denominator != 1:  # a fraction of the smallest unit: say it exactly
            charged += f" (exactly {format_money(commission, decimals=decimals, exact=True)})"
        note = f"; commission charged ({commission_article}): {charged}"
    console.print(f"House this round: {money(settlement.house_result)}{note}")


def _render_round(console: Console, spec: TableSpec, table: BankingGame, decimals: int) -> None:
    from rich.table import Table

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


def play_banking(
    game: str,
    *,
    rounds: int | None,
    seed: str | None,
    decks: int | None,
    positions: int | None,
    bet: list[str] | None,
    bots: int | None,
    log: Path | None,
    as_json: bool,
    option: list[str] | None = None,
    min_bet: list[str] | None = None,
    max_bet: list[str] | None = None,
    fair: TableFairness | None = None,
    force: bool = False,
) -> None:
    """``croupier play`` of a banking game (the options as given; None: not given).
    ``option``: the table's ``--option KEY=VALUE`` pairs (``--decks`` and ``--positions`` are
    two of them); ``fair``: every shoe provably fair (each commitment before its shuffle, each
    seed when its shoe is finished); ``force`` replaces an existing ``log``."""
    rounds = 3 if rounds is None else rounds
    spec = _spec(game)
    # a round's bets are placed together: a tie bet after the main bets it needs (Art 8.3)
    scripted = sorted((_parse_bet(b, spec.bets) for b in bet or []), key=lambda b: b[2] == "tie")
    n_bots = (0 if scripted else 3) if bots is None else bots
    if not scripted and not n_bots:
        fail("nobody is betting: give --bet or --bots")
    from croupier.commands.options import banking_options

    options = banking_options(
        spec.name, option, decks=decks, positions=positions, min_bet=min_bet, max_bet=max_bet
    )
    from croupier.commands.tablelog import TableLogWriter

    writer = None if log is None else TableLogWriter.open(log, force=force)
    try:
        with croupier_errors():
            _play(spec, options, rounds, seed, scripted, n_bots, writer, as_json, fair)
    except KeyboardInterrupt:
        interrupted(log, None if writer is None else writer.close)
    finally:
        if writer is not None:
            writer.close()


def verify_flags(options: Any, option: list[str] | None) -> tuple[str, ...]:
    """The flags of every ``croupier verify`` command printed: the shoe and the places, then
    the table's ``--option`` pairs."""
    flags = ["--decks", str(options.decks), "--positions", str(options.positions)]
    for pair in option or []:
        flags += ["--option", pair]
    return tuple(flags)


def _play(
    spec: TableSpec,
    options: Any,
    rounds: int,
    seed: str | None,
    scripted: list[tuple[str, int, str, int]],
    n_bots: int,
    writer: TableLogWriter | None,
    as_json: bool,
    fair: TableFairness | None,
) -> None:
    from croupier.commands.banking_desk import BankingDesk, bot_bets, new_table
    from croupier.games.banking_bots import BOT_BUY_IN
    from croupier.money import format_amount
    from croupier.shuffle import LiveShuffler, SeededShuffler
    from croupier.table.banking_checks import MAX_CHIPS

    n_decks, n_positions = options.decks, options.positions
    console = None if as_json else make_console()
    desk = BankingDesk(new_table(spec.name, options, seed, fair), writer, fair, console)
    table = desk.game
    bot_rng: Shuffler = LiveShuffler() if seed is None else SeededShuffler(f"bots:{seed}")
    decimals = options.decimals
    if console is not None:
        console.width = max(console.width, 112)
        console.print(f"[bold]{spec.title}[/bold] · {spec.regulation}")
        unit = format_amount(1, decimals=decimals)
        console.print(
            f"{n_decks} deck(s), {n_positions} places; --bet amounts are in units of {unit} "
            f"(10000 is shown as {format_amount(10_000, decimals=decimals)})"
        )
        from croupier.commands.options import readings

        changed = readings(spec.name, options)
        if changed:
            console.print(f"Table options that are not the default: {changed}")
        if fair is not None:
            fair.announce(console)
    desk.follow()  # the log's header: written before the first card
    # everyone at the table before the first shoe: a scripted bettor with a round's stakes,
    # a bot with its buy-in; more chips are bought when a stake needs them
    least = desk.table._least_buy_in()
    wanted: dict[str, int] = {}
    for player, _place, _kind, amount in scripted:
        wanted[player] = wanted.get(player, 0) + max(amount, 0)
    for i in range(1, n_bots + 1):
        wanted.setdefault(f"bot{i}", BOT_BUY_IN)
    for player, amount in wanted.items():
        desk.buy_in(player, min(MAX_CHIPS, max(amount, least)))
    played: list[dict[str, Any]] = []
    for _ in range(rounds):
        shuffled = desk.open_round()
        if shuffled is not None and console is not None:
            console.print(
                f"Shuffled {len(shuffled.order)} cards, cut {shuffled.cut}; order commitment "
                f"(sha256 of the shuffled order, not of a seed) {shuffled.commitment}"
            )
        carried = {(s.player, s.position, s.bet) for s in table.stakes if s.carried}
        for player, place, kind, amount in scripted:
            # a stake carried over (baccarat Art 7.2, 8.1) stays as it is: no silent raise
            if (player, place, kind) not in carried:
                desk.stake(player, place, kind, amount)
        bot_bets(desk, n_bots, bot_rng, n_positions)
        desk.deal()
        played.append(_round_data(spec, table))
        if console is not None:
            _render_round(console, spec, table, decimals)
    desk.close()
    if as_json:
        print_json(
            {
                "game": spec.name,
                "decks": n_decks,
                "positions": n_positions,
                "table": options.to_dict(),
                "rounds": played,
                "balances": dict(table.balances),
                "house_result": table.house_result,
                "digest": table.digest(),
                "head": desk.table.head(),
                "sealed": desk.table.closed,
                **({} if fair is None else {"provably_fair": fair.to_dict(desk.table, spec.name)}),
            }
        )
        return
    assert console is not None
    _render_totals(console, table, decimals)
    console.print(f"Table log head (sha256): {desk.table.head()}", soft_wrap=True)
    if writer is not None:
        console.print(
            f"Table log written to {writer.path}, sealed (check it with "
            f"`croupier replay {writer.path}`)",
            soft_wrap=True,
        )


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
