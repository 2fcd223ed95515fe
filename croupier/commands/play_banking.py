"""``croupier play`` of the banking games (3-card baccarat, football poker).

Rounds through the round engine with scripted bets (``--bet PLAYER:PLACE:BET:AMOUNT``, placed
every round) and/or bots; each round is printed (stakes, hands, one settlement line per stake
with the article that decided it) and the table's event log can be saved (``--log``), which
``croupier replay`` checks event by event and sums up.

Amounts are whole units of the table's smallest unit (cents by default: ``10000`` is 100.00).
``--fair --client-seed C`` shuffles provably fair (:class:`~croupier.commands.fair.FairShuffles`:
the commitment before the first card; the seed and a ``croupier verify`` command per shuffle
after the last, or ``provably_fair`` in the JSON). Without ``--bet``, ``--bots`` or ``--json``
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
    make_console,
    print_json,
    write_record,
)

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from croupier.commands.fair import FairShuffles
    from croupier.settlement import Settlement
    from croupier.shuffle import Shuffler
    from croupier.tables import BankingGame, TableSpec

__all__ = ["BANKING_HELP", "play_banking", "render_settlement"]

BANKING_HELP = "three-card-baccarat or football-poker"
BOT_AMOUNTS = (1_000, 2_500, 5_000, 10_000)


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
    fair: FairShuffles | None = None,
) -> None:
    """``croupier play`` of a banking game (the options as given; None: not given).
    ``option``: the table's ``--option KEY=VALUE`` pairs (``--decks`` and ``--positions`` are
    two of them); ``fair``: every shuffle provably fair (the commitment before the first card,
    the seed after)."""
    rounds = 3 if rounds is None else rounds
    spec = _spec(game)
    # a round's bets are placed together: a tie bet after the main bets it needs (Art 8.3)
    scripted = sorted((_parse_bet(b) for b in bet or []), key=lambda b: b[2] == "tie")
    n_bots = (0 if scripted else 3) if bots is None else bots
    if not scripted and not n_bots:
        fail("nobody is betting: give --bet or --bots")
    from croupier.commands.options import banking_options

    options = banking_options(spec.name, option, decks=decks, positions=positions)
    with croupier_errors():
        from croupier.events import Phase
        from croupier.money import format_amount
        from croupier.shuffle import LiveShuffler, SeededShuffler

        n_decks, n_positions = options.decks, options.positions
        table = spec.game(options)
        shuffler: Shuffler = LiveShuffler() if seed is None else SeededShuffler(f"shoe:{seed}")
        bot_rng: Shuffler = LiveShuffler() if seed is None else SeededShuffler(f"bots:{seed}")
        decimals = options.decimals
        console = None if as_json else make_console()
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
        played: list[dict[str, Any]] = []
        if log is not None:  # fail before the first round if the log cannot be written
            write_record(log, table.to_record())
        for _ in range(rounds):
            if table.phase is Phase.NEEDS_SHUFFLE:
                shuffled = table.shuffle(shuffler if fair is None else fair.next())
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
                    "table": options.to_dict(),
                    "rounds": played,
                    "balances": dict(table.balances),
                    "house_result": table.house_result,
                    "digest": table.digest(),
                    **({} if fair is None else {"provably_fair": fair.to_dict()}),
                }
            )
            return
        assert console is not None
        _render_totals(console, table, decimals)
        if fair is not None:
            flags = ["--decks", str(n_decks), "--positions", str(n_positions)]
            fair.reveal(console, spec.name, flags)
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
