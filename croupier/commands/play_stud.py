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
  replayed at the end (:func:`~croupier.commands.simulate_stud.simulate_stud`).
* ``replay``: a record written by ``play --log``, every event checked again
  (:func:`~croupier.commands.stud_screen.replay_stud`; the screen is drawn by
  :mod:`croupier.commands.stud_screen`).

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
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import typer

from croupier.commands.output import (
    croupier_errors,
    fail,
    make_console,
    print_json,
    say_error,
    write_record,
)
from croupier.commands.simulate_stud import (
    DEFAULT_SIM_HANDS,
    DEFAULT_SIM_SEATS,
    SIM_BOTS,
    simulate_stud,
)
from croupier.commands.stud_screen import (
    YOU,
    YOUR_SEAT,
    Ledger,
    _describe_action,
    _Hand,
    _hand_data,
    _make_bot,
    _money,
    _render_settlement,
    _render_state,
    _render_totals,
    _round_bet,
    _top_up,
    replay_stud,
)

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.games.five_card_stud.bots import Bot, Decision
    from croupier.games.five_card_stud.events import PlayerActed
    from croupier.games.five_card_stud.round import Legal, StudGame

__all__ = [
    "BOT_KINDS",
    "DEFAULT_SIM_HANDS",
    "DEFAULT_SIM_SEATS",
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
MIN_BOTS: Final = 1
MAX_BOTS: Final = 6
#: The table levels of Art 6-8 (pot money).
LEVELS: Final = (20, 100)


def is_stud(game: str) -> bool:
    """True when ``game`` names five-card stud on the command line."""
    return game.strip().lower() in STUD_NAMES


def _clock() -> float:
    """The session's clock in seconds (monotonic; tests replace it)."""
    return time.monotonic()


class _BadAnswer(Exception):
    """An answer that is not an action at all (the engine judges the rest)."""


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
    token = rest[0]
    # ASCII digits only: int() would read full-width or other scripts' digits (b \uff12\uff10)
    if not (token.isascii() and token.isdigit()):
        raise _BadAnswer(f"the amount {token!r} is not a whole number in the digits 0-9")
    return action, int(token)


def _ask(game: StudGame, now: Callable[[], int | None], console: Console) -> PlayerActed | None:
    """Prompt until the engine takes your action; None: too late, the hand was folded."""
    from croupier.commands.stud_clock import Countdown
    from croupier.errors import CroupierError, RuleViolation

    legal = game.legal(YOUR_SEAT)
    assert legal is not None
    decimals = game.options.decimals
    choices = legal_choices(legal, game.stacks[YOUR_SEAT], decimals)
    limit = game.options.time_limit_ms
    since = game.turn_started_at
    deadline = None if limit is None or since is None else since + limit
    while True:
        try:
            with Countdown(console, deadline, now):  # the time left, above the prompt
                text = typer.prompt(
                    f"Your action [{' / '.join(choices)}]", default="", show_default=False
                )
        except typer.Abort:
            fail("the input ended before the hand did")
        at = now()
        try:
            action, amount = parse_answer(text, legal)
        except _BadAnswer as exc:
            say_error(
                console, exc, f"the actions are: {', '.join(choices)} (f, c, b N, r N for short)"
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
            say_error(console, exc)
        except CroupierError as exc:
            say_error(console, exc)


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
        from croupier.games.five_card_stud.options import StudOptions
        from croupier.games.five_card_stud.round import StudGame, StudPhase
        from croupier.games.five_card_stud.rules import REGULATION
        from croupier.shuffle import LiveShuffler, SeededShuffler, Shuffler

        options = StudOptions.level(level)
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
            record = _Hand(started, shuffled.commitment, topped, new_deck, rules=options.rank_rules)
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
