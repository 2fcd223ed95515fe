"""Five-card stud on the screen: the table as seat 1 sees it, each settlement, the table's money
and ``croupier replay`` of a stud record (used by :mod:`croupier.commands.play_stud`; the
simulation's bots and top-ups are :mod:`croupier.commands.simulate_stud`'s, which imports nothing
of this screen: issue 22, ``simulate five-card-stud --json``'s start-up)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from croupier.commands.output import cards_text, croupier_errors, make_console, print_json

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from croupier.games.five_card_stud.events import HandSettled, HandStarted, PlayerActed
    from croupier.games.five_card_stud.round import StudGame
    from croupier.rank.model import RankRules

__all__ = ["YOU", "YOUR_SEAT", "Ledger", "replay_stud", "stud_summary"]

YOUR_SEAT: Final = 1
YOU: Final = "you"


def _money(units: int, decimals: int) -> str:
    from croupier.money import format_amount

    return format_amount(units, decimals=decimals)


def _cards_cell(up: Sequence[str], key: str | None, hidden: bool) -> Text:
    from rich.text import Text

    from croupier.cards import Card

    cards = tuple(Card.parse(c) for c in up) if up else ()
    out = Text()
    if key is not None:
        out.append("[")
        out.append_text(cards_text((Card.parse(key),)))
        out.append("] ")
    elif hidden:
        out.append("[??] ", style="dim")
    out.append_text(cards_text(cards))
    return out


def _render_state(console: Console, game: StudGame, names: Mapping[int, str]) -> None:
    """The table as seat 1 sees it: stacks, up cards, showing hands, bets, whose turn."""
    from rich.table import Table

    from croupier.cards import Card

    view = game.view(YOUR_SEAT)
    hand = view["hand"]
    decimals = game.options.decimals
    to_act = hand["to_act"]
    grid = Table(
        title=f"Hand {hand['number']} · betting round {hand['round']} · pot "
        f"{_money(hand['pot'], decimals)}",
        caption=(
            f"{names[to_act]} (seat {to_act}) to act" if to_act is not None else game.phase.value
        ),
    )
    for col in ("seat", "player", "stack", "cards", "showing", "bet", ""):
        grid.add_column(col, justify="right" if col in ("stack", "bet") else "left")
    for seat_text, info in view["seats"].items():
        seat = int(seat_text)
        if seat_text not in hand["up"]:
            grid.add_row(
                seat_text, info["player"], _money(info["stack"], decimals), "", "", "", "out"
            )
            continue
        up = hand["up"][seat_text].split()
        key = hand.get("key") if seat == YOUR_SEAT else None
        status = ""
        if seat in hand["folded"]:
            status = "folded"
        elif seat in hand["dead"]:
            status = "dead (Art 11 d)"
        elif seat == to_act:
            status = "◀ to act"
        elif info["stack"] == 0:
            status = "all in"
        shows = str(game.showing_keys.rank(tuple(Card.parse(c) for c in up))) if up else ""
        grid.add_row(
            seat_text,
            info["player"],
            _money(info["stack"], decimals),
            _cards_cell(up, key, hidden=bool(up) and seat != YOUR_SEAT),
            shows,
            _money(hand["bets"][seat_text], decimals) if hand["bets"][seat_text] else "",
            status,
            style="dim" if status == "folded" else None,
        )
    console.print(grid)


def _round_bet(game: StudGame, seat: int) -> int:
    """What ``seat`` has bet in the current betting round."""
    bets: Mapping[str, int] = game.view()["hand"]["bets"]
    return bets[str(seat)]


def _describe_action(event: PlayerActed, game: StudGame, decimals: int) -> str:
    from croupier.games.five_card_stud.events import Act

    chips = _money(event.chips, decimals)
    all_in = " (all in)" if event.chips and game.stacks[event.seat] == 0 else ""
    if event.action is Act.BET:
        return f"bets {chips}{all_in}"
    if event.action is Act.RAISE:
        total = _money(_round_bet(game, event.seat), decimals)
        return f"raises to {total} (puts in {chips}){all_in}"
    if event.action is Act.CALL:
        return f"calls {chips}{all_in}"
    return {Act.FOLD: "folds", Act.CHECK: "checks"}[event.action]


@dataclass
class _Hand:
    """What the command saw of one hand, for the screen and for ``--json``."""

    started: HandStarted
    commitment: str
    topped_up: list[tuple[int, int]]
    new_deck: int | None
    actions: list[dict[str, Any]] = field(default_factory=list)
    up: dict[int, tuple[str, ...]] = field(default_factory=dict)
    your_key: str | None = None
    settled: HandSettled | None = None
    #: the order of five-card hands at the table (Art 5; None: the default, STUD40)
    rules: RankRules | None = None


def _pot_label(i: int) -> str:
    return "main" if i == 0 else f"side {i}"


def _shown_hands(record: _Hand) -> dict[int, str]:
    """Seat -> the formation of each hand shown at the showdown (key card and up cards)."""
    from croupier.cards import Card
    from croupier.rank.hand import rank
    from croupier.rank.model import STUD40

    settled = record.settled
    assert settled is not None
    rules = STUD40 if record.rules is None else record.rules
    return {
        seat: rank((key, *(Card.parse(c) for c in record.up[seat])), rules).describe()
        for seat, key in settled.shown
    }


def _hand_data(record: _Hand, names: Mapping[int, str]) -> dict[str, Any]:
    settled = record.settled
    assert settled is not None
    shown = dict(settled.shown)
    formations = _shown_hands(record)
    return {
        "number": settled.number,
        "topped_up": [
            {"seat": s, "player": names[s], "amount": amount} for s, amount in record.topped_up
        ],
        "new_deck": record.new_deck,
        "seats": list(record.started.seats),
        "pot_money": record.started.pot_money,
        "initial_commission": record.started.commission,
        "commitment": record.commitment,
        "actions": record.actions,
        "cards": {
            str(s): {
                "player": names[s],
                "up": list(record.up[s]),
                "key": (
                    str(shown[s]) if s in shown else (record.your_key if s == YOUR_SEAT else None)
                ),
                "hand": formations.get(s),
            }
            for s in record.started.seats
        },
        "showdown": list(settled.showdown),
        "returned": [{"seat": s, "player": names[s], "amount": a} for s, a in settled.returned],
        "pots": [
            {
                "amount": p.amount,
                "eligible": list(p.eligible),
                "winners": list(p.winners),
                "commission": p.commission,
                "odd_to_house": p.odd_to_house,
                "paid": {str(s): a for s, a in p.paid},
            }
            for p in settled.pots
        ],
        "commission": sum(p.commission for p in settled.pots),
        "house": settled.house,
        "stacks": {str(s): a for s, a in settled.stacks},
    }


def _render_settlement(
    console: Console, record: _Hand, names: Mapping[int, str], decimals: int
) -> None:
    from rich.table import Table

    def money(units: int) -> str:
        return _money(units, decimals)

    settled = record.settled
    assert settled is not None
    if settled.showdown:
        formations = _shown_hands(record)
        shown = dict(settled.shown)
        grid = Table(title="Showdown (Art 10 e: the best showing hand shows last)")
        won: dict[int, list[str]] = {}
        for i, pot in enumerate(settled.pots):
            for seat in pot.winners:
                won.setdefault(seat, []).append(_pot_label(i))
        for col in ("order", "seat", "player", "key · up cards", "hand", "wins"):
            grid.add_column(col)
        for i, seat in enumerate(settled.showdown, 1):
            grid.add_row(
                str(i),
                str(seat),
                names[seat],
                _cards_cell(record.up[seat], str(shown[seat]), hidden=False),
                formations[seat],
                ", ".join(won.get(seat, ())),
            )
        console.print(grid)
    else:
        (winner,) = {w for p in settled.pots for w in p.winners}
        console.print(
            f"Everyone else folded: {names[winner]} (seat {winner}) takes the pot without "
            "showing (no showdown, Art 10 e)."
        )
    for seat, amount in settled.returned:
        console.print(
            f"Returned to {names[seat]} (seat {seat}): {money(amount)}, the final bet nobody "
            "called (Art 9: no commission on it)."
        )
    pots = Table(title=f"Hand {settled.number}: pots")
    for col in ("pot", "amount", "eligible", "winners", "commission (Art 9)", "paid"):
        pots.add_column(col, justify="right" if col in ("amount", "commission (Art 9)") else "left")
    for i, p in enumerate(settled.pots):
        pots.add_row(
            _pot_label(i),
            money(p.amount),
            ", ".join(names[s] for s in p.eligible),
            ", ".join(names[s] for s in p.winners),
            money(p.commission) + (f" (+{money(p.odd_to_house)} odd)" if p.odd_to_house else ""),
            ", ".join(f"{names[s]} {money(a)}" for s, a in p.paid),
        )
    console.print(pots)
    commission = sum(p.commission for p in settled.pots)
    odd = sum(p.odd_to_house for p in settled.pots)
    odd_text = f" + odd units {money(odd)}" if odd else ""
    console.print(
        f"House this hand: {money(settled.house)} = initial commission "
        f"{money(record.started.commission)} (Art 8) + commission {money(commission)} "
        f"(Art 9){odd_text}"
    )
    console.print(
        "Stacks: " + " · ".join(f"{names[s]} {money(a)}" for s, a in settled.stacks),
        soft_wrap=True,
    )


@dataclass
class Ledger:
    """The money that came to the table: seat -> bought in (buy-in and top-ups) and left."""

    bought: dict[int, int] = field(default_factory=dict)
    topped_up: dict[int, int] = field(default_factory=dict)
    cashed_out: int = 0
    #: the initial commission of a hand in play: the house has it at the settlement (Art 8)
    pending_commission: int = 0

    @classmethod
    def of(cls, game: StudGame) -> Ledger:
        """Read from the table's log."""
        from croupier.games.five_card_stud.events import (
            HandSettled,
            HandStarted,
            PlayerLeft,
            PlayerSeated,
            PlayerToppedUp,
            TableRestored,
        )

        ledger = cls()
        for event in game.log:
            if isinstance(event, PlayerSeated):
                ledger.bought[event.seat] = ledger.bought.get(event.seat, 0) + event.buy_in
            elif isinstance(event, PlayerToppedUp):
                ledger.bought[event.seat] += event.amount
                ledger.topped_up[event.seat] = ledger.topped_up.get(event.seat, 0) + event.amount
            elif isinstance(event, PlayerLeft):
                ledger.cashed_out += event.cash_out
                ledger.bought[event.seat] -= event.cash_out
            elif isinstance(event, TableRestored):
                for record in event.seats:
                    ledger.bought[record.seat] = record.stack
            elif isinstance(event, HandStarted):
                ledger.pending_commission = event.commission
            elif isinstance(event, HandSettled):
                ledger.pending_commission = 0
        return ledger

    @property
    def total(self) -> int:
        return sum(self.bought.values())

    def balanced(self, game: StudGame) -> bool:
        """Chips conserved: stacks, the pot in play and the house (with the initial commission
        of a hand in play) make what was bought in."""
        held = sum(game.stacks.values()) + game.pot + game.house + self.pending_commission
        return held == self.total


def _render_totals(console: Console, game: StudGame, ledger: Ledger) -> None:
    from rich.table import Table

    decimals = game.options.decimals

    def money(units: int) -> str:
        return _money(units, decimals)

    totals = Table(title="Table totals")
    for col in ("seat", "player", "bought in", "stack", "net"):
        totals.add_column(col, justify="left" if col in ("seat", "player") else "right")
    stacks = game.stacks
    for seat, name in sorted(game.players.items()):
        bought = ledger.bought.get(seat, 0)
        totals.add_row(
            str(seat), name, money(bought), money(stacks[seat]), money(stacks[seat] - bought)
        )
    totals.add_row("", "[bold]house[/bold]", "", "", money(game.house))
    if game.pot:
        totals.add_row("", "in the pot (hand in play)", "", "", money(game.pot))
    console.print(totals)
    console.print(f"Log digest (sha256): {game.digest()}", soft_wrap=True)


def stud_summary(game: StudGame, expect_digest: str | None) -> dict[str, Any]:
    """What ``croupier replay`` prints of a stud table; a VerificationError when the digest is
    not ``expect_digest`` (as :func:`croupier.commands.play.replay_summary`)."""
    from croupier.errors import VerificationError
    from croupier.games.five_card_stud.events import TableRestored

    ledger = Ledger.of(game)
    stacks = game.stacks
    log = game.log
    # a hand history opens with the table as it stood: its hands are counted from there
    before = log[0].hands if log and isinstance(log[0], TableRestored) else 0
    summary: dict[str, Any] = {
        "game": game.GAME,
        "events": len(log),
        "hands": game.hands_played - before,
        "first_hand": before + 1,
        "last_hand": game.hands_played,
        "phase": game.phase.value,
        "players": {str(s): n for s, n in sorted(game.players.items())},
        "bought_in": {str(s): a for s, a in sorted(ledger.bought.items()) if s in stacks},
        "stacks": {str(s): a for s, a in sorted(stacks.items())},
        "house": game.house,
        "in_pot": game.pot,
        "balanced": ledger.balanced(game),
        "digest": game.digest(),
    }
    if expect_digest is not None and expect_digest.strip().lower() != summary["digest"]:
        raise VerificationError(
            f"the record's digest is {summary['digest']}, not the expected {expect_digest}"
        )
    return summary


def replay_stud(data: Mapping[str, Any] | str, expect_digest: str | None, as_json: bool) -> None:
    """Replay a five-card stud table's record (or one hand's TOML history, given as its text),
    checking every event, and sum it up."""
    with croupier_errors():
        from croupier.games.five_card_stud.round import StudGame

        if isinstance(data, str):
            from croupier.games.five_card_stud.history import import_hand

            game = import_hand(data)
        else:
            game = StudGame.from_record(data)
        summary = stud_summary(game, expect_digest)
        if as_json:
            print_json(summary)
            return
        console = make_console()
        first, last, hands = summary["first_hand"], summary["last_hand"], summary["hands"]
        which = (
            f"hand {first}" if hands == 1 else (f"hands {first} to {last}" if hands else "no hand")
        )
        console.print(
            f"[bold]Five-card stud[/bold]: {which} ({hands} hand{'s' * (hands != 1)}), "
            f"{summary['events']} events; every event checked against the rules."
        )
        if game.phase.value != "idle":
            console.print(f"The record stops in hand {game.hand_number} ({summary['phase']}).")
        _render_totals(console, game, Ledger.of(game))
