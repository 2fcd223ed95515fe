"""``croupier play five-card-stud``, ``simulate five-card-stud`` and ``replay`` of a stud table.

Five-card stud (Poker de 5 Cartas, Portaria 104/85/M) through
:class:`~croupier.games.five_card_stud.round.StudGame`:

* ``play``: you sit at seat 1 (``you``) against ``--bots`` bots (seats 2..7, ``bot1``...) at the
  table level of ``--level`` (Art 6-8: pot money 20 or 100). The dealer's part (pot money and
  initial commission, shuffle, burn, deal) runs by itself; at your turn the table is shown (your
  key card to you only, the others' as ``??``) and you answer one of the legal actions of
  :meth:`~croupier.games.five_card_stud.round.StudGame.legal`: ``f`` / ``fold``, ``c`` (check,
  or call when a bet is due), ``check``, ``call``, ``b N`` / ``bet N``, ``r N`` / ``raise N``
  (``N``: your whole bet of the round after the raise). A refused answer is explained by the
  engine's article and asked again. The settlement shows the showdown (Art 10 e) with the key
  cards revealed, the pots and their winners, the commission (Art 9), the initial commission
  (Art 8) and any uncalled bet returned. Between hands a player below the threshold is topped
  up to the least capital (Art 6), and a deck that has served its deals is replaced (Art 2).
  ``--auto`` (implied by ``--json``) plays your seat by a ``StrengthBot``. ``--log FILE``
  writes the table's record before the first hand and after every hand; ``--history DIR``
  writes each hand's PHH-style TOML history there (``hand-0001.toml``, ...;
  :func:`~croupier.games.five_card_stud.history.export_hand`).
* ``simulate``: many hands at a table of bots, the chips counted after every hand and the log
  replayed at the end (:func:`simulate_stud`).
* ``replay``: a record written by ``play --log``, every event checked again (:func:`replay_stud`).

Randomness: ``--seed S`` shuffles with ``SeededShuffler("deck:S")`` and seeds the bots with
``random.Random("bots:S")``; without a seed, the operating system's CSPRNG
(:class:`~croupier.shuffle.LiveShuffler`, :class:`random.SystemRandom`).

Time: when you are asked (no ``--auto``), every deal and action carries ``at``, the session's
:func:`time.monotonic` in milliseconds, so the two minutes of Art 11 b apply: an answer after
them folds your hand. ``--auto`` and ``--json`` runs record no times, so a seeded run is
reproducible to the digest.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

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
    from rich.text import Text

    from croupier.games.five_card_stud.bots import Bot, Decision
    from croupier.games.five_card_stud.events import HandSettled, HandStarted, PlayerActed
    from croupier.games.five_card_stud.round import Legal, StudGame

__all__ = [
    "BOT_KINDS",
    "SIM_BOTS",
    "STUD_NAMES",
    "is_stud",
    "play_stud",
    "replay_stud",
    "simulate_stud",
]

#: The names ``play`` and ``simulate`` accept for the game.
STUD_NAMES: Final = ("five-card-stud", "stud")
#: ``--bot-kind`` of ``play``.
BOT_KINDS: Final = ("strength", "random")
#: ``--bots`` of ``simulate``: every seat the same kind, or strength and random alternately.
SIM_BOTS: Final = ("random", "strength", "mixed")
MIN_BOTS: Final = 1
MAX_BOTS: Final = 6
YOUR_SEAT: Final = 1
YOU: Final = "you"
#: The table levels of Art 6-8 (pot money).
LEVELS: Final = (20, 100)
DEFAULT_SIM_HANDS: Final = 1_000
DEFAULT_SIM_SEATS: Final = 4


def is_stud(game: str) -> bool:
    """True when ``game`` names five-card stud on the command line."""
    return game.strip().lower() in STUD_NAMES


def _clock() -> float:
    """The session's clock in seconds (monotonic; tests replace it)."""
    return time.monotonic()


def _money(units: int, decimals: int) -> str:
    from croupier.money import format_amount

    return format_amount(units, decimals=decimals)


class _BadAnswer(Exception):
    """An answer that is not an action at all (the engine judges the rest)."""


# -- the prompt ---------------------------------------------------------------------------------


def legal_choices(legal: Legal, stack: int, decimals: int = 0) -> list[str]:
    """The legal actions as offered at the prompt, e.g. ``fold, call 40, raise 80..1980``."""

    def money(units: int) -> str:
        return _money(units, decimals)

    out = ["fold"]
    if legal.check:
        out.append("check")
    if legal.call is not None:
        out.append(f"call {money(legal.call)}" + (" (all in)" if legal.call >= stack else ""))
    for word, span in (("bet", legal.bet), ("raise", legal.raise_to)):
        if span is not None:
            low, high = span
            out.append(
                f"{word} {money(low)}" if low == high else f"{word} {money(low)}..{money(high)}"
            )
    return out


def parse_answer(text: str, legal: Legal) -> Decision:
    """An answer typed at the prompt as an action and its amount (bet: the bet; raise: the whole
    round bet after it). Whether it is allowed is the engine's to say."""
    from croupier.games.five_card_stud.events import Act

    words = text.strip().lower().replace(",", "").replace("_", "").split()
    if not words:
        raise _BadAnswer("type an action")
    verb, rest = words[0], words[1:]
    if rest[:1] == ["to"]:
        rest = rest[1:]
    simple = {"f": Act.FOLD, "fold": Act.FOLD, "check": Act.CHECK, "call": Act.CALL}
    if verb in simple or verb == "c":
        if rest:
            raise _BadAnswer(f"{verb!r} takes no amount")
        if verb == "c":
            return (Act.CHECK if legal.check else Act.CALL), None
        return simple[verb], None
    amounted = {"b": Act.BET, "bet": Act.BET, "r": Act.RAISE, "raise": Act.RAISE}
    if verb not in amounted:
        raise _BadAnswer(f"unknown action {verb!r}")
    action = amounted[verb]
    if len(rest) != 1:
        what = "the bet" if action is Act.BET else "your whole bet of the round after the raise"
        raise _BadAnswer(f"{verb!r} takes one amount ({what}), e.g. '{verb} 100'")
    try:
        amount = int(rest[0])
    except ValueError:
        raise _BadAnswer(f"the amount {rest[0]!r} is not a whole number") from None
    return action, amount


def _ask(game: StudGame, now: Callable[[], int | None], console: Console) -> PlayerActed | None:
    """Prompt until the engine takes your action; None: too late, the hand was folded."""
    from croupier.errors import CroupierError, RuleViolation

    legal = game.legal(YOUR_SEAT)
    assert legal is not None
    decimals = game.options.decimals
    choices = legal_choices(legal, game.stacks[YOUR_SEAT], decimals)
    while True:
        try:
            text = typer.prompt(
                f"Your action [{' / '.join(choices)}]", default="", show_default=False
            )
        except typer.Abort:
            fail("the input ended before the hand did")
        at = now()
        try:
            action, amount = parse_answer(text, legal)
        except _BadAnswer as exc:
            console.print(
                f"[red]error:[/red] {exc}; the actions are: {', '.join(choices)} "
                "(f, c, b N, r N for short)",
                soft_wrap=True,
            )
            continue
        try:
            return game.act(YOUR_SEAT, action, amount, at=at)
        except RuleViolation as exc:
            if exc.rule == "Art 11 b":
                game.time_out(YOUR_SEAT, at=at)
                seconds = game.options.time_limit_seconds
                console.print(
                    f"[bold red]Too late (Art 11 b):[/bold red] more than {seconds} seconds "
                    "to decide; your hand is folded."
                )
                return None
            console.print(f"[red]error:[/red] {exc}", soft_wrap=True)
        except CroupierError as exc:
            console.print(f"[red]error:[/red] {exc}", soft_wrap=True)


# -- the table on screen ---------------------------------------------------------------------------


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
    from croupier.games.five_card_stud.round import showing
    from croupier.rank.showing import ShowingOrder

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
        order = game.options.showing_order if len(up) > 1 else ShowingOrder.BEST_HAND
        shows = str(showing(tuple(Card.parse(c) for c in up), order)) if up else ""
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


# -- one hand ------------------------------------------------------------------------------------


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


def _pot_label(i: int) -> str:
    return "main" if i == 0 else f"side {i}"


def _shown_hands(record: _Hand) -> dict[int, str]:
    """Seat -> the formation of each hand shown at the showdown (key card and up cards)."""
    from croupier.cards import Card
    from croupier.rank.hand import rank
    from croupier.rank.model import STUD40

    settled = record.settled
    assert settled is not None
    return {
        seat: rank((key, *(Card.parse(c) for c in record.up[seat])), STUD40).describe()
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


# -- the table's money ----------------------------------------------------------------------------


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


# -- play ----------------------------------------------------------------------------------------


def _make_bot(kind: str, rng: random.Random) -> Bot:
    from croupier.games.five_card_stud.bots import RandomBot, StrengthBot

    return StrengthBot(rng) if kind == "strength" else RandomBot(rng)


def _history_dir(path: Path) -> None:
    """Create the ``--history`` directory, or fail cleanly before the first hand."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot create the history directory {str(path)!r}: {exc.strerror or exc}")


def _write_history(game: StudGame, number: int, directory: Path) -> Path:
    """Hand ``number``'s TOML history into ``directory``; an unwritable file is a clean error."""
    from croupier.games.five_card_stud.history import export_hand

    path = directory / f"hand-{number:04d}.toml"
    try:
        path.write_text(export_hand(game, number), encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write the hand history {str(path)!r}: {exc.strerror or exc}")
    return path


def _top_up(game: StudGame) -> list[tuple[int, int]]:
    """Art 6: everyone below the threshold brought up to the least capital."""
    done = []
    for seat in sorted(game.players):
        if game.must_top_up(seat):
            amount = game.options.min_buy_in - game.stacks[seat]
            game.top_up(seat, amount)
            done.append((seat, amount))
    return done


def play_stud(
    *,
    hands: int,
    seed: str | None,
    bots: int,
    bot_kind: str,
    level: int,
    auto: bool,
    log: Path | None,
    as_json: bool,
    history: Path | None = None,
) -> None:
    """Play ``hands`` hands of five-card stud at seat 1 against bots (see the module docstring).

    ``as_json`` implies ``auto``: no prompt, one JSON object on stdout."""
    if not MIN_BOTS <= bots <= MAX_BOTS:
        fail(f"--bots {bots}: five-card stud seats 1 to {MAX_BOTS} bots beside you (Art 3: 2-7)")
    kind = bot_kind.strip().lower()
    if kind not in BOT_KINDS:
        fail(f"--bot-kind {bot_kind!r}: the bots are {' or '.join(BOT_KINDS)}")
    if level not in LEVELS:
        fail(f"--level {level}: the table levels of Art 6-8 are a pot money of 20 or 100")
    auto = auto or as_json
    with croupier_errors():
        from croupier.games.five_card_stud.bots import StrengthBot
        from croupier.games.five_card_stud.round import StudGame, StudPhase
        from croupier.games.five_card_stud.rules import REGULATION, StudTable
        from croupier.shuffle import LiveShuffler, SeededShuffler, Shuffler

        options = StudTable.level(level)
        decimals = options.decimals
        shuffler: Shuffler = LiveShuffler() if seed is None else SeededShuffler(f"deck:{seed}")
        rng = random.SystemRandom() if seed is None else random.Random(f"bots:{seed}")
        game = StudGame(options)
        names = {YOUR_SEAT: YOU} | {s: f"bot{s - 1}" for s in range(2, bots + 2)}
        players: dict[int, Bot] = {s: _make_bot(kind, rng) for s in names if s != YOUR_SEAT}
        if auto:
            players[YOUR_SEAT] = StrengthBot(rng)
        for seat, name in names.items():
            game.seat_player(seat, name, options.min_buy_in)
        start = _clock()

        def now() -> int | None:
            return None if auto else max(0, int((_clock() - start) * 1000))

        def money(units: int) -> str:
            return _money(units, decimals)

        console = None if as_json else make_console()
        if console is not None:
            console.width = max(console.width, 100)
            console.print(f"[bold]Five-card stud[/bold] · {REGULATION}")
            console.print(
                f"Pot money {money(options.pot_money)} (Art 7), initial commission "
                f"{money(options.commission_per_hand)} (Art 8), commission "
                f"{float(options.house_rate):.0%} of the pot (Art 9); capital "
                f"{money(options.min_buy_in)}, topped up below {money(options.top_up_below)} "
                f"(Art 6). You are seat {YOUR_SEAT} against {bots} {kind} bot(s)."
            )
            if seed is not None:
                console.print(f"Seed: {seed!r} (reproducible deck and bots, not for live play)")
            if not auto:
                console.print(
                    "Answer f (fold), c (check, or call a bet), check, call, b N (bet N) or "
                    f"r N (raise to N in all this round); {options.time_limit_seconds} s to "
                    "decide (Art 11 b)."
                )
        played: list[dict[str, Any]] = []
        if log is not None:  # fail before the first hand if the log cannot be written
            write_record(log, game.to_record())
        if history is not None:
            _history_dir(history)
        for _ in range(hands):
            topped = _top_up(game)
            new_deck = game.new_deck().number if game.needs_new_deck else None
            started = game.start_hand()
            shuffled = game.shuffle(shuffler)
            game.burn()
            record = _Hand(started, shuffled.commitment, topped, new_deck)
            if console is not None:
                console.rule(f"[bold]Hand {started.number}[/bold]")
                for seat, amount in topped:
                    console.print(
                        f"{names[seat]} (seat {seat}) was below {money(options.top_up_below)}: "
                        f"topped up by {money(amount)} to {money(options.min_buy_in)} (Art 6)."
                    )
                if new_deck is not None:
                    console.print(f"Deck {new_deck} opened (Art 2: at most 10 deals a deck).")
                console.print(
                    f"Pot money {money(started.pot_money)} each from "
                    f"{', '.join(names[s] for s in started.seats)} (Art 7); initial commission "
                    f"{money(started.commission)} to the house (Art 8). Shuffled (commitment "
                    f"{shuffled.commitment}), the first card burned (Art 2, 10 a).",
                    soft_wrap=True,
                )
            shown_turn = False
            while game.phase is not StudPhase.SHOWDOWN:
                if game.phase is StudPhase.DEALING:
                    game.deal(at=now())
                    if console is not None:
                        _render_state(console, game, names)
                    shown_turn = True
                    continue
                turn = game.to_act
                assert turn is not None
                betting_round = game.betting_round
                event: PlayerActed | None
                if turn == YOUR_SEAT and not auto:
                    assert console is not None
                    if not shown_turn:
                        _render_state(console, game, names)
                    event = _ask(game, now, console)
                else:
                    action, chips = players[turn].decide(game.observation(turn))
                    event = game.act(turn, action, chips, at=now())
                shown_turn = False
                if event is None:
                    record.actions.append(
                        {
                            "round": betting_round,
                            "seat": YOUR_SEAT,
                            "player": YOU,
                            "action": "timed_out",
                            "chips": 0,
                        }
                    )
                    continue
                said = _describe_action(event, game, decimals)
                done: dict[str, Any] = {
                    "round": betting_round,
                    "seat": turn,
                    "player": names[turn],
                    "action": event.action.value,
                    "chips": event.chips,
                }
                if event.action.value == "raise":
                    done["to"] = _round_bet(game, turn)
                record.actions.append(done)
                if console is not None:
                    console.print(f"  {names[turn]} (seat {turn}) {said}")
            record.up = {s: tuple(str(c) for c in game.up_cards(s)) for s in started.seats}
            key = game.key_card(YOUR_SEAT) if YOUR_SEAT in started.seats else None
            record.your_key = None if key is None else str(key)
            record.settled = game.settle()
            played.append(_hand_data(record, names))
            if log is not None:  # after every hand: an interrupted session keeps its log
                write_record(log, game.to_record())
            if history is not None:
                written = _write_history(game, started.number, history)
                played[-1]["history"] = str(written)
            if console is not None:
                _render_settlement(console, record, names, decimals)
                if history is not None:
                    console.print(f"Hand history written to {written}", soft_wrap=True)
        ledger = Ledger.of(game)
        if not ledger.balanced(game):  # pragma: no cover - the engine conserves chips
            fail("the chips do not add up: stacks + house differ from what was bought in")
        if as_json:
            stacks = game.stacks
            print_json(
                {
                    "game": game.GAME,
                    "regulation": REGULATION,
                    "options": options.to_dict(full=True),
                    "level": level,
                    "seed": seed,
                    "players": {str(s): n for s, n in names.items()},
                    "bots": kind,
                    "hands": played,
                    "bought_in": {str(s): a for s, a in sorted(ledger.bought.items())},
                    "topped_up": {str(s): ledger.topped_up.get(s, 0) for s in sorted(names)},
                    "stacks": {str(s): a for s, a in sorted(stacks.items())},
                    "net": {names[s]: stacks[s] - ledger.bought[s] for s in sorted(names)},
                    "house": game.house,
                    "digest": game.digest(),
                }
            )
            return
        assert console is not None
        _render_totals(console, game, ledger)
        if log is not None:
            console.print(f"Event log written to {log} (check it with `croupier replay {log}`)")


# -- replay --------------------------------------------------------------------------------------


def stud_summary(game: StudGame, expect_digest: str | None) -> dict[str, Any]:
    """What ``croupier replay`` prints of a stud table; a VerificationError when the digest is
    not ``expect_digest`` (as :func:`croupier.commands.play.replay_summary`)."""
    from croupier.errors import VerificationError

    ledger = Ledger.of(game)
    stacks = game.stacks
    summary: dict[str, Any] = {
        "game": game.GAME,
        "events": len(game.log),
        "hands": game.hands_played,
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
        console.print(
            f"[bold]Five-card stud[/bold]: {summary['events']} events, {summary['hands']} "
            "hands; every event checked against the rules."
        )
        if game.phase.value != "idle":
            console.print(f"The record stops in hand {game.hand_number} ({summary['phase']}).")
        _render_totals(console, game, Ledger.of(game))


# -- simulate ------------------------------------------------------------------------------------


@dataclass
class SimResult:
    """What :func:`run_simulation` found."""

    game: StudGame
    kinds: dict[int, str]
    hands: int
    seconds: float
    showdowns: int = 0
    folds: int = 0
    largest_pot: int = 0
    largest_pot_hand: int = 0
    topped_up: int = 0
    violation: str | None = None


class InvariantError(Exception):
    """The first invariant a simulated table broke."""


def _bot_kinds(bots: str, seats: int) -> dict[int, str]:
    if bots == "mixed":
        return {s: ("strength" if s % 2 else "random") for s in range(1, seats + 1)}
    return dict.fromkeys(range(1, seats + 1), bots)


def _check_hand(game: StudGame, settled: HandSettled, bought: int, number: int) -> None:
    """The invariants after one hand; InvariantError names the first one broken."""
    from croupier.games.five_card_stud.rules import InitialCommission

    stacks = game.stacks
    if sum(stacks.values()) + game.house != bought:
        raise InvariantError(
            f"chips conserved: after hand {number} stacks {sum(stacks.values())} + house "
            f"{game.house} != bought in {bought}"
        )
    if any(a < 0 for a in stacks.values()):
        raise InvariantError(f"stacks non-negative: after hand {number}: {dict(stacks)}")
    for pot in settled.pots:
        if pot.commission + pot.odd_to_house + sum(a for _, a in pot.paid) != pot.amount:
            raise InvariantError(f"pots paid in full: hand {number}: {pot}")
    # after the top-ups every seat is dealt in: the initial commission is known (Art 8)
    table = game.options
    each = table.initial_commission is InitialCommission.EACH
    initial = table.commission_per_hand * (len(stacks) if each else 1)
    taken = initial + sum(p.commission + p.odd_to_house for p in settled.pots)
    if settled.house != taken:
        raise InvariantError(
            f"house take: hand {number}: the house took {settled.house}, not the initial "
            f"commission and commissions {taken}"
        )


def run_simulation(
    hands: int,
    seats: int,
    bots: str,
    seed: str,
    *,
    progress: Callable[[int], None] | None = None,
) -> SimResult:
    """Play ``hands`` hands at a table of ``seats`` bots, checking the invariants after every
    hand and replaying the log at the end (``violation``: the first invariant broken)."""
    from croupier.games.five_card_stud.bots import new_table, play_hand
    from croupier.games.five_card_stud.round import StudGame
    from croupier.games.five_card_stud.rules import StudTable
    from croupier.shuffle import SeededShuffler

    table = StudTable()
    shuffler = SeededShuffler(f"deck:{seed}")
    rng = random.Random(f"bots:{seed}")
    kinds = _bot_kinds(bots, seats)
    players = {s: _make_bot(k, rng) for s, k in kinds.items()}
    game = new_table(table, seats)
    bought = table.min_buy_in * seats
    result = SimResult(game, kinds, 0, 0.0)
    t0 = time.perf_counter()
    try:
        for n in range(1, hands + 1):
            for _, amount in _top_up(game):
                bought += amount
                result.topped_up += amount
            settled = play_hand(game, players, shuffler, rng)
            result.hands = n
            if settled.showdown:
                result.showdowns += 1
            else:
                result.folds += 1
            pot = sum(p.amount for p in settled.pots)
            if pot > result.largest_pot:
                result.largest_pot, result.largest_pot_hand = pot, n
            _check_hand(game, settled, bought, n)
            if progress is not None:
                progress(n)
        result.seconds = time.perf_counter() - t0
        again = StudGame.replay(game.options, game.log)
        if again.digest() != game.digest():
            raise InvariantError(
                f"replay: StudGame.replay of the log gives digest {again.digest()}, "
                f"not {game.digest()}"
            )
    except InvariantError as exc:
        result.violation = str(exc)
        result.seconds = result.seconds or time.perf_counter() - t0
    return result


def simulate_stud(*, hands: int, seats: int, bots: str, seed: str, as_json: bool) -> None:
    """``croupier simulate five-card-stud``: play, count the chips every hand, replay the log."""
    from croupier.games.five_card_stud.rules import MAX_SEATS, MIN_SEATS

    if not MIN_SEATS <= seats <= MAX_SEATS:
        fail(f"--seats {seats}: a five-card stud table seats {MIN_SEATS} to {MAX_SEATS} (Art 3)")
    kind = bots.strip().lower()
    if kind not in SIM_BOTS:
        fail(f"--bots {bots!r}: the bots are {', '.join(SIM_BOTS)}")
    with croupier_errors():
        if as_json:
            sim = run_simulation(hands, seats, kind, seed)
        else:
            from rich.progress import Progress

            console = make_console()
            with Progress(console=console, transient=True) as bar:
                task = bar.add_task("dealing", total=hands)
                sim = run_simulation(
                    hands, seats, kind, seed, progress=lambda n: bar.update(task, completed=n)
                )
        game = sim.game
        played = max(sim.hands, 1)
        data: dict[str, Any] = {
            "game": game.GAME,
            "seed": seed,
            "hands": sim.hands,
            "seats": seats,
            "bots": kind,
            "kinds": {str(s): k for s, k in sim.kinds.items()},
            "seconds": round(sim.seconds, 3),
            "hands_per_second": round(sim.hands / sim.seconds, 1) if sim.seconds else None,
            "showdowns": sim.showdowns,
            "folds": sim.folds,
            "house": game.house,
            "house_per_hand": round(game.house / played, 2),
            "largest_pot": {"hand": sim.largest_pot_hand, "amount": sim.largest_pot},
            "topped_up": sim.topped_up,
            "stacks": {str(s): a for s, a in sorted(game.stacks.items())},
            "digest": game.digest(),
            "invariants": "ok" if sim.violation is None else sim.violation,
        }
        if as_json:
            print_json(data)
        else:
            _render_simulation(console, data)
        if sim.violation is not None:
            fail(f"invariant violated: {sim.violation}")


def _render_simulation(console: Console, data: Mapping[str, Any]) -> None:
    hands = data["hands"]
    console.print(
        f"[bold]Five-card stud[/bold]: {hands} hands at {data['seats']} seats of "
        f"{data['bots']} bots (seed {data['seed']!r})"
    )
    rate = data["hands_per_second"]
    console.print(f"{rate:,.0f} hands/s" if rate is not None else "hands/s: -")
    share = data["showdowns"] / hands if hands else 0.0
    console.print(
        f"Showdowns {data['showdowns']} ({share:.1%}), won by folds {data['folds']} "
        f"({1 - share:.1%})"
        if hands
        else "No hand played"
    )
    console.print(
        f"House take {_money(data['house'], 0)} in all, {data['house_per_hand']:,.2f} a hand "
        "(Art 8, 9)"
    )
    largest = data["largest_pot"]
    console.print(f"Largest pot {_money(largest['amount'], 0)} (hand {largest['hand']})")
    console.print(f"Topped up {_money(data['topped_up'], 0)} in all (Art 6)")
    console.print(f"Log digest (sha256): {data['digest']}", soft_wrap=True)
    if data["invariants"] == "ok":
        console.print(
            "invariants: ok (after every hand: chips conserved, stacks non-negative, pots paid "
            "in full, house take; at the end: the log replays to the same digest)",
            soft_wrap=True,
        )
