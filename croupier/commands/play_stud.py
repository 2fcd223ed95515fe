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
  ``--auto`` (implied by ``--json``) plays your seat by a ``StrengthBot``. The session runs
  on the table interface (:class:`~croupier.table.stud.StudTable`): every card and action is a
  command to the table. ``--log FILE`` writes the table log (JSON Lines: a header, then each
  hash-chained entry written and flushed when it happens, the seal when the session ends;
  :class:`~croupier.commands.tablelog.TableLogWriter`), so an interrupted session leaves a log
  that ``croupier replay`` reads up to the interruption and calls unsealed; ``--history DIR``
  writes each hand's PHH-style TOML history there (``hand-0001.toml``, ...;
  :func:`~croupier.games.five_card_stud.history.export_hand`).
* ``simulate``: many hands at a table of bots, the chips counted after every hand and the log
  replayed at the end (:func:`~croupier.commands.simulate_stud.simulate_stud`).
* ``replay``: an old stud record (before table logs) or a hand history, every event checked
  again (:func:`~croupier.commands.stud_screen.replay_stud`; the screen is drawn by
  :mod:`croupier.commands.stud_screen`).

Randomness: ``--seed S`` shuffles with ``SeededShuffler("deck:S")`` and seeds the bots with
``random.Random("bots:S")``; without a seed, the operating system's CSPRNG
(:class:`~croupier.shuffle.LiveShuffler`, :class:`random.SystemRandom`).

Time: when you are asked (no ``--auto``), every deal and action carries ``at``, the session's
:func:`time.monotonic` in milliseconds, so the two minutes of Art 11 b apply: an answer after
them folds your hand. ``--auto`` and ``--json`` runs keep the table clock at 0, so a seeded run
is reproducible to the digest and to the log's last hash.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import typer

from croupier.commands.output import (
    croupier_errors,
    fail,
    interrupted,
    make_console,
    print_json,
    prompt_ended,
    say_error,
)
from croupier.commands.simulate_stud import (
    DEFAULT_SIM_HANDS,
    DEFAULT_SIM_SEATS,
    SIM_BOTS,
    _make_bot,
    simulate_stud,
)
from croupier.commands.stud_screen import (
    YOU,
    YOUR_SEAT,
    Ledger,
    _describe_action,
    _Hand,
    _hand_data,
    _money,
    _render_settlement,
    _render_state,
    _render_totals,
    _round_bet,
    replay_stud,
)

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.commands.fair import TableFairness
    from croupier.commands.tablelog import TableLogWriter
    from croupier.games.five_card_stud.bots import Bot, Decision
    from croupier.games.five_card_stud.events import Act, PlayerActed
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.games.five_card_stud.round import Legal, StudGame
    from croupier.protocol import Command, Event
    from croupier.shuffle import Shuffler
    from croupier.table.actor import Actor
    from croupier.table.sources import ShuffleSource
    from croupier.table.stud import StudTable

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


def _ask(desk: _Desk, now: Callable[[], int | None], console: Console) -> PlayerActed | None:
    """Prompt until the table takes your action; None: too late, the hand was folded."""
    from croupier.commands.stud_clock import Countdown
    from croupier.errors import CroupierError, RuleViolation

    game = desk.game
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
        except typer.Abort as exc:  # the input's end, or Ctrl-C (130, the log kept unsealed)
            if prompt_ended(exc):
                fail("the input ended before the hand did")
            raise KeyboardInterrupt from None
        at = desk.at(now())
        try:
            action, amount = parse_answer(text, legal)
        except _BadAnswer as exc:
            say_error(
                console, exc, f"the actions are: {', '.join(choices)} (f, c, b N, r N for short)"
            )
            continue
        try:
            return desk.act(YOUR_SEAT, action, amount, at)
        except RuleViolation as exc:
            if exc.rule == "Art 11 b":
                desk.time_out(YOUR_SEAT, at)
                seconds = game.options.time_limit_seconds
                console.print(
                    f"[bold red]Too late (Art 11 b):[/bold red] more than {seconds} seconds "
                    "to decide; your hand is folded."
                )
                return None
            say_error(console, exc)
        except CroupierError as exc:
            say_error(console, exc)


class _Desk:
    """The session's :class:`~croupier.table.stud.StudTable`: every card dealt and every action
    goes through the table interface, and each entry is written to the ``--log`` (a sealed,
    hash-chained table log, :class:`~croupier.commands.tablelog.TableLogWriter`) as it
    happens."""

    def __init__(self, table: StudTable, names: Mapping[int, str], writer: TableLogWriter | None):
        self.table = table
        self.game = table.game
        self.names = names
        self.writer = writer
        self.fairness: TableFairness | None = None
        self.console: Console | None = None

    def at(self, now: int | None) -> int:
        """The table clock (ms): the session's, or 0 when nobody is timed (``--auto``)."""
        return max(self.table.last_at, 0 if now is None else now)

    def apply(self, actor: Actor, command: Command, at: int) -> tuple[Event, ...]:
        applied = self.table.apply(actor, command, f"cli:{self.table.seq}", at=at)
        self.follow()
        return applied.events

    def house(self, command: Command, at: int) -> Event:
        """The dealer's ``command``; its game event (after a fair shuffle's commitment)."""
        from croupier.table.actor import Actor

        return self.apply(Actor.HOUSE, command, at)[-1]

    def seat(self, seat: int, capital: int, at: int) -> None:
        from croupier.games.five_card_stud.commands import Sit
        from croupier.table.actor import Actor

        self.apply(Actor.player(self.names[seat]), Sit(seat, capital), at)

    def act(self, seat: int, action: Act, amount: int | None, at: int) -> PlayerActed:
        from croupier.games.five_card_stud.commands import Bet, Call, Check, Fold, RaiseTo
        from croupier.games.five_card_stud.events import Act, PlayerActed
        from croupier.table.actor import Actor

        command: Command
        if action is Act.FOLD:
            command = Fold()
        elif action is Act.CHECK:
            command = Check()
        elif action is Act.CALL:
            command = Call()
        elif action is Act.BET:
            command = Bet(-1 if amount is None else amount)
        else:
            command = RaiseTo(-1 if amount is None else amount)
        (event,) = self.apply(Actor.player(self.names[seat]), command, at)
        assert isinstance(event, PlayerActed)
        return event

    def time_out(self, seat: int, at: int) -> None:
        from croupier.table.actor import Actor

        self.table.timeout(Actor.player(self.names[seat]), at=at)
        self.follow()

    def top_up(self, at: int) -> list[tuple[int, int]]:
        """Art 6: everyone below the threshold brought up to the least capital."""
        from croupier.games.five_card_stud.commands import TopUp
        from croupier.table.actor import Actor

        game, done = self.game, []
        for seat in sorted(game.players):
            if game.must_top_up(seat):
                amount = game.options.min_buy_in - game.stacks[seat]
                self.apply(Actor.player(self.names[seat]), TopUp(amount), at)
                done.append((seat, amount))
        return done

    def close(self, at: int) -> None:
        """Seal the table (its log ends with the seal)."""
        self.table.close(at=at)
        self.follow()

    def follow(self) -> None:
        if self.writer is not None:
            self.writer.follow(self.table)
        if self.fairness is not None:
            fair = self.fairness
            fair.follow(self.console, self.table, self.table.GAME)


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
    force: bool = False,
    options: StudOptions | None = None,
    fairness: TableFairness | None = None,
    option_pairs: Sequence[str] = (),
) -> None:
    """Play ``hands`` hands of five-card stud at seat 1 against bots (see the module docstring).

    ``as_json`` implies ``auto``: no prompt, one JSON object on stdout; ``options`` (from
    ``--option``, on top of ``level``) replaces the level's; ``force`` replaces an existing
    ``log``; ``fairness`` (``--fair``) makes every shuffle provably fair, each checked by a
    ``croupier verify`` command with the table's ``option_pairs`` and its seats."""
    if not MIN_BOTS <= bots <= MAX_BOTS:
        fail(f"--bots {bots}: five-card stud seats 1 to {MAX_BOTS} bots beside you (Art 3: 2-7)")
    kind = bot_kind.strip().lower()
    if kind not in BOT_KINDS:
        fail(f"--bot-kind {bot_kind!r}: the bots are {' or '.join(BOT_KINDS)}")
    if level not in LEVELS:
        fail(f"--level {level}: the table levels of Art 6-8 are a pot money of 20 or 100")
    if options is not None and bots + 1 > options.seats:
        fail(f"--bots {bots}: the table has {options.seats} seats (--option seats=N)")
    from croupier.commands.tablelog import TableLogWriter

    writer = None if log is None else TableLogWriter.open(log, force=force)
    try:
        with croupier_errors():
            if fairness is not None:  # verify deals to the seats taken (Art 10)
                kept = [p for p in option_pairs if p.partition("=")[0].strip() != "seats"]
                flags = [f for p in kept for f in ("--option", p)]
                fairness.flags = (*flags, "--option", f"seats={bots + 1}")
            auto = auto or as_json
            _play(hands, seed, bots, kind, level, auto, as_json, history, writer, options, fairness)
    except KeyboardInterrupt:
        interrupted(log, None if writer is None else writer.close)
    finally:
        if writer is not None:
            writer.close()


def _play(
    hands: int,
    seed: str | None,
    bots: int,
    kind: str,
    level: int,
    auto: bool,
    as_json: bool,
    history: Path | None,
    writer: TableLogWriter | None,
    given: StudOptions | None,
    fairness: TableFairness | None = None,
) -> None:
    from croupier.games.five_card_stud.bots import StrengthBot
    from croupier.games.five_card_stud.commands import (
        Burn,
        Deal,
        NewDeck,
        OpenRound,
        Settle,
        Shuffle,
    )
    from croupier.games.five_card_stud.events import HandSettled, HandStarted
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.games.five_card_stud.round import StudPhase
    from croupier.games.five_card_stud.rules import REGULATION
    from croupier.money import format_rate
    from croupier.shuffle import LiveShuffler, SeededShuffler
    from croupier.table.stud import StudTable

    options = given if given is not None else StudOptions.level(level)
    decimals = options.decimals
    shuffler: Shuffler = LiveShuffler() if seed is None else SeededShuffler(f"deck:{seed}")
    rng = random.SystemRandom() if seed is None else random.Random(f"bots:{seed}")
    names = {YOUR_SEAT: YOU} | {s: f"bot{s - 1}" for s in range(2, bots + 2)}
    source = _one_shuffler(shuffler) if fairness is None else fairness.source
    desk = _Desk(StudTable(options, table_id="cli", source=source), names, writer)
    desk.fairness, desk.console = fairness, None if as_json else make_console()
    game = desk.game
    players: dict[int, Bot] = {s: _make_bot(kind, rng) for s in names if s != YOUR_SEAT}
    if auto:
        players[YOUR_SEAT] = StrengthBot(rng)
    start = _clock()

    def now() -> int | None:
        return None if auto else max(0, int((_clock() - start) * 1000))

    def money(units: int) -> str:
        return _money(units, decimals)

    console = desk.console
    if console is not None:
        console.width = max(console.width, 100)
        console.print(f"[bold]Five-card stud[/bold] · {REGULATION}")
        console.print(
            f"Pot money {money(options.pot_money)} (Art 7), initial commission "
            f"{money(options.commission_per_hand)} (Art 8), commission "
            f"{format_rate(options.house_rate)} of the pot (Art 9); capital "
            f"{money(options.min_buy_in)}, topped up below {money(options.top_up_below)} "
            f"(Art 6). You are seat {YOUR_SEAT} against {bots} {kind} bot(s)."
        )
        if seed is not None:
            console.print(f"Seed: {seed!r} (reproducible deck and bots, not for live play)")
        if fairness is not None:
            fairness.announce(console)
        if not auto:
            console.print(
                "Answer f (fold), c (check, or call a bet), check, call, b N (bet N) or "
                f"r N (raise to N in all this round); {options.time_limit_seconds} s to "
                "decide (Art 11 b)."
            )
    played: list[dict[str, Any]] = []
    desk.follow()  # the log's header, before the first card
    if history is not None:
        _history_dir(history)
    for seat in names:
        desk.seat(seat, options.min_buy_in, desk.at(now()))
    for _ in range(hands):
        topped = desk.top_up(desk.at(now()))
        new_deck = None
        if game.needs_new_deck:
            new_deck = getattr(desk.house(NewDeck(), desk.at(now())), "number", None)
        started = desk.house(OpenRound(), desk.at(now()))
        assert isinstance(started, HandStarted)
        shuffled = desk.house(Shuffle(), desk.at(now()))
        desk.house(Burn(), desk.at(now()))
        commitment = str(getattr(shuffled, "commitment", ""))
        record = _Hand(started, commitment, topped, new_deck, rules=options.rank_rules)
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
                f"{commitment}), the first card burned (Art 2, 10 a).",
                soft_wrap=True,
            )
        shown_turn = False
        while game.phase is not StudPhase.SHOWDOWN:
            if game.phase is StudPhase.DEALING:
                desk.house(Deal(), desk.at(now()))
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
                event = _ask(desk, now, console)
            else:
                action, chips = players[turn].decide(game.observation(turn))
                event = desk.act(turn, action, chips, desk.at(now()))
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
        events = desk.apply(_house(), Settle(), desk.at(now()))
        record.settled = next(e for e in events if isinstance(e, HandSettled))
        played.append(_hand_data(record, names))
        if history is not None:
            written = _write_history(game, started.number, history)
            played[-1]["history"] = str(written)
        if console is not None:
            _render_settlement(console, record, names, decimals)
            if history is not None:
                console.print(f"Hand history written to {written}", soft_wrap=True)
    desk.close(desk.at(now()))
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
                "head": desk.table.head(),
                "sealed": desk.table.closed,
                **(
                    {}
                    if fairness is None
                    else {"provably_fair": fairness.to_dict(desk.table, game.GAME)}
                ),
            }
        )
        return
    assert console is not None
    _render_totals(console, game, ledger)
    console.print(f"Table log head (sha256): {desk.table.head()}", soft_wrap=True)
    if writer is not None:
        console.print(
            f"Table log written to {writer.path}, sealed (check it with "
            f"`croupier replay {writer.path}`)",
            soft_wrap=True,
        )


def _house() -> Actor:
    from croupier.table.actor import Actor

    return Actor.HOUSE


def _one_shuffler(shuffler: Shuffler) -> ShuffleSource:
    """Every hand's shuffle from the one shuffler of the session (``--seed S``:
    ``SeededShuffler("deck:S")``, as before the table interface, so a seeded session deals the
    same cards)."""
    from croupier.table.sources import ShuffleSource

    class OneShuffler(ShuffleSource):
        def next(self) -> Shuffler:
            return shuffler

    return OneShuffler()
