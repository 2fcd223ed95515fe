"""``croupier play thirteen`` and ``croupier replay`` of a 13-card table (Portaria 51/89/M).

The session runs on the table interface (:class:`~croupier.table.thirteen.ThirteenTable`), the
same one the table server drives: the player (``--player``, default ``you``) sits and stakes
``--units`` on ``--position`` (2..4) each round; ``--bots`` (0 to 2, default 0) bots of
``--bot-kind`` (default ``best-response``, :mod:`croupier.games.thirteen.bots`) sit and bet on
the other positions; the house shuffles, deals, sets the banker's cards by the table's house way
and settles.

1. betting: the stakes; the shuffle and cut; the dice thrown by the highest seated stake
   (Art 2 a-c), then the deal of 13 cards to each of the four positions;
2. the banker's setting, shown tier by tier, front, middle, back, with its formations (Art 2 d);
3. the player sees his 13 cards, highest first, and answers ``front / middle / back`` (any
   order within a tier) before the time runs out: the time left is shown at the prompt (a live
   line on a terminal) and a warning sounds at 30 seconds (Art 2 d: five minutes, the
   ``setting_seconds`` option). A fouled setting is explained (Art 7) and played only if
   confirmed; a bad token is named and asked again; a card not held is named with the hand;
   an empty answer or ``auto`` plays the best response to the banker; ``natural`` declares a
   natural (Art 9 I). With ``--auto`` or ``--json`` the player sets by the best response;
4. the reveal: each position's tiers beside the banker's with the scoring's explanation
   (Art 8-10), and the settlement, one line per stake with its article (Art 11).

``--option KEY=VALUE`` sets any table option
(:class:`~croupier.games.thirteen.options.ThirteenOptions`).

Randomness: ``--seed S`` draws every shuffle, cut and throw from ``SeededSource("deck:S")``
(round 1 deals what ``deal_thirteen(SeededShuffler("deck:S:0"))`` deals) and seeds the bots;
without a seed, the operating system's CSPRNG. Time: the table clock is :func:`time.monotonic`
in milliseconds since the session started; the table only sees the ``at`` of each command.

``--log FILE`` writes the table log (JSON Lines: a header, then one hash-chained entry a line,
each written and flushed when its event happens, and the seal when the session ends), so a
session interrupted with Ctrl-C leaves a log that replays up to the interruption and says it
is unsealed. ``croupier replay FILE`` checks every hash and every event again and sums the table
up; it also reads the JSON game records earlier versions wrote.
"""

from __future__ import annotations

import threading
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import typer

from croupier.commands.output import (
    EXIT_INTERRUPTED,
    by_rank,
    cards_text,
    croupier_errors,
    fail,
    make_console,
    print_json,
    prompt_ended,
    say_error,
)

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.commands.fair import TableFairness
    from croupier.commands.tablelog import TableLogWriter
    from croupier.games.thirteen.options import ThirteenOptions
    from croupier.games.thirteen.round import ThirteenGame
    from croupier.offers import Bot
    from croupier.protocol import Command
    from croupier.table.actor import Actor

__all__ = ["Countdown", "play_thirteen", "replay_thirteen"]

#: The most bots: one on each of the other two player positions.
MAX_BOTS: Final = 2
#: The most rounds one session plays.
MAX_ROUNDS: Final = 10_000
#: What the player types for the best response, or to declare a natural.
AUTO_WORDS: Final = ("", "auto")
NATURAL_WORD: Final = "natural"
PROMPT: Final = "front / middle / back"
#: The warning before the signal of Art 2 d (ms left).
WARN_MS: Final = 30_000
#: what the setting prompt reads as a request for its instructions
HELP_WORDS: Final = frozenset({"help", "?"})
_EXAMPLE: Final = "'Ks 7s 4c / Tc Td 8d 6s 2d / Ah Jh 9h 4h 3h'"


def _clock() -> float:
    """The session's clock in seconds (monotonic; tests replace it)."""
    return time.monotonic()


def _money(units: int, decimals: int) -> str:
    from croupier.money import format_amount

    return format_amount(units, decimals=decimals)


def left_text(ms: int) -> str:
    """Time left as ``m:ss`` (never negative).

    >>> left_text(271_400), left_text(-5)
    ('4:31', '0:00')
    """
    seconds = max(0, ms) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


# -- the countdown of Art 2 d --------------------------------------------------------------


class Countdown:
    """The time left to set, shown at the prompt (Art 2 d), with a warning at 30 seconds.

    On a terminal a background thread redraws a live line above the prompt every half second
    (saving and restoring the cursor, so the player's typing is untouched) and sounds the
    warning once when 30 seconds are left; elsewhere the time left is in the prompt text and
    the warning is printed at the next prompt."""

    def __init__(self, console: Console, deadline: int, now: Callable[[], int]) -> None:
        self.console = console
        self.deadline = deadline
        self.now = now
        self.warned = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def left(self) -> int:
        return self.deadline - self.now()

    def line(self) -> str:
        left = self.left()
        warn = (
            " [bold red]hurry: the signal sounds at 0:00 (Art 2 d)[/bold red]"
            if (left <= WARN_MS)
            else ""
        )
        return f"[bold]{left_text(left)}[/bold] left to set (Art 2 d){warn}"

    def prompt(self) -> str:
        """The prompt text, with the time left."""
        self.warn()
        return f"{PROMPT} ({left_text(self.left())} left)"

    def warn(self) -> None:
        """Print the 30-second warning once, when it is due."""
        if not self.warned and 0 < self.left() <= WARN_MS:
            self.warned = True
            self.console.print(
                f"[bold red]Only {self.left() // 1000} seconds left to set (Art 2 d)![/bold red]"
            )

    def start(self) -> None:
        self.console.print(self.line())
        if self.console.is_terminal and self._thread is None:
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=1)

    def _run(self) -> None:  # pragma: no cover - needs a terminal
        file = self.console.file
        while not self._stop.wait(0.5):
            with self.console.capture() as capture:
                self.console.print(self.line(), end="")
            bell = ""
            if not self.warned and self.left() <= WARN_MS:
                self.warned, bell = True, "\a"
            # save the cursor, up one line, clear it, draw, restore the cursor
            file.write(f"\x1b7\x1b[1A\r\x1b[2K{capture.get()}{bell}\x1b8")
            file.flush()
            if self.left() <= 0:
                return


# -- the session --------------------------------------------------------------------------------


def _check_args(
    player: str, position: int, units: int, bots: int, rounds: int, stake_units: Sequence[int]
) -> list[tuple[str, int]]:
    """The bots' names and positions, after checking the command line."""
    from croupier.games.thirteen.events import BANKER_SEAT, PLAYER_POSITIONS
    from croupier.table.actor import NAME

    if position not in PLAYER_POSITIONS:
        fail(f"--position {position}: players bet on positions 2..4 (1 is the banker's, Art 3)")
    if units not in stake_units:
        allowed = ", ".join(str(n) for n in stake_units)
        fail(f"--units {units}: a stake is {allowed} unit(s) (Art 11)")
    if not 0 <= bots <= MAX_BOTS:
        fail(f"--bots {bots}: 0 to {MAX_BOTS} bots, one on each other position (default 0)")
    if not 1 <= rounds <= MAX_ROUNDS:
        fail(f"--rounds {rounds}: 1 to {MAX_ROUNDS}")
    others = [p for p in PLAYER_POSITIONS if p != position]
    seats = [(f"bot{i}", others[i - 1]) for i in range(1, bots + 1)]
    if not NAME.match(player) or player == BANKER_SEAT:
        fail(
            f"--player {player!r}: a player is a name (letters, digits, '.', '_', '-'; 1 to 40) "
            f"other than {BANKER_SEAT!r}"
        )
    if player in {name for name, _ in seats}:
        fail(f"--player {player!r}: that name is a bot's")
    return seats


def play_thirteen(
    *,
    rounds: int,
    seed: str | None,
    player: str,
    position: int,
    units: int,
    bots: int,
    auto: bool,
    log: Path | None,
    as_json: bool,
    options: ThirteenOptions | None = None,
    bot_kind: str = "best-response",
    force: bool = False,
    fairness: TableFairness | None = None,
) -> None:
    """Play ``rounds`` rounds of the 13-card game against the house (see the module docstring).

    ``as_json`` implies ``auto``: no prompt, one JSON object on stdout; ``force`` replaces an
    existing ``log``; ``fairness`` (``--fair``) makes every shuffle provably fair."""
    from croupier.commands.tablelog import TableLogWriter
    from croupier.games.thirteen.bots import BOTS
    from croupier.games.thirteen.options import ThirteenOptions

    options = options or ThirteenOptions()
    seats = _check_args(player, position, units, bots, rounds, options.stake_units)
    if bot_kind not in BOTS:
        fail(f"--bot-kind {bot_kind!r}: thirteen bots are {', '.join(BOTS)}")
    with croupier_errors():
        session = _Session(
            options, seed, player, position, units, seats, bot_kind, as_json, fairness
        )
        session.auto = auto or as_json
        writer = None if log is None else TableLogWriter.open(log, force=force)
        session.log = writer
        try:
            if writer is not None:
                writer.follow(session.table)  # the header, before the first card
            session.run(rounds)
        except (KeyboardInterrupt, typer.Abort) as exc:
            # typer.prompt raises Abort for the input's end (EOF) and for Ctrl-C alike; the
            # end of the input is a refused session (exit 2, as play stud and play mahjong
            # say it), Ctrl-C an interruption (130)
            ended = isinstance(exc, typer.Abort) and prompt_ended(exc)
            kept = (
                ""
                if writer is None
                else f"the log {str(log)!r} keeps every event so far and is unsealed "
                "(`croupier replay --allow-open` reads it)"
            )
            if writer is not None:
                writer.close()
            if ended:
                fail("the input ended before the round did" + (f"; {kept}" if kept else ""))
            if kept:
                typer.echo(f"\nInterrupted: {kept}.", err=True)
            raise typer.Exit(EXIT_INTERRUPTED) from None
        session.table.close(at=session.at())
        if writer is not None:
            writer.follow(session.table)  # the seal
            writer.close()
        session.finish(log)


class _Session:
    """One player's session at a 13-card table, with bots, on the table interface."""

    def __init__(
        self,
        options: ThirteenOptions,
        seed: str | None,
        player: str,
        position: int,
        units: int,
        seats: list[tuple[str, int]],
        bot_kind: str,
        as_json: bool,
        fairness: TableFairness | None = None,
    ) -> None:
        from croupier.games.thirteen.bots import make_bot
        from croupier.table.actor import Actor
        from croupier.table.sources import LiveSource, SeededSource, ShuffleSource
        from croupier.table.thirteen import ThirteenTable

        source: ShuffleSource = LiveSource() if seed is None else SeededSource(f"deck:{seed}")
        if fairness is not None:
            source = fairness.source
        self.fairness = fairness
        self.table = ThirteenTable(options, table_id="cli", source=source)
        self.options = options
        self.seed = seed
        self.player = player
        self.me = Actor.player(player)
        self.position = position
        self.units = units
        self.seats = seats
        self.bots: dict[str, Bot] = {}
        for i, (name, place) in enumerate(seats, start=1):
            bot_seed = zlib.crc32(f"bots:{seed}:{i}".encode()) if seed is not None else None
            self.bots[name] = make_bot(
                bot_kind,
                bot_seed if bot_seed is not None else int(time.time_ns() % 2**31),
                **({} if bot_kind == "random" else {"position": place}),
            )
        self.auto = as_json
        self.log: TableLogWriter | None = None
        self.console: Console | None = None if as_json else make_console()
        self.played: list[dict[str, Any]] = []
        self.start = _clock()
        self.rendered = 0
        self.holders: dict[int, str | None] = {}

    def at(self) -> int:
        return max(self.table.last_at, int((_clock() - self.start) * 1000))

    def apply(self, actor: Actor, command: Command | Mapping[str, Any]) -> None:
        self.table.apply(actor, command, f"cli:{self.table.seq}", at=self.at())
        self._after()

    def _after(self) -> None:
        if self.log is not None:
            self.log.follow(self.table)
        if self.fairness is not None:
            self.fairness.follow(self.console, self.table, "thirteen")
        self._render_new()

    def run(self, rounds: int) -> None:
        table, console = self.table, self.console
        if console is not None:
            console.width = max(console.width, 100)
            self._render_intro()
        for actor in (self.me, *(_player(b) for b in self.bots)):
            for command in table.join_commands(actor.name):
                self.apply(actor, command)
        while sum(r.closed for r in table.rounds) < rounds:
            waits = table.waiting_on()
            bot = next((w for w in waits if w.actor.name in self.bots), None)
            mine = next((w for w in waits if w.actor == self.me), None)
            if bot is not None:
                actor = bot.actor
                self.apply(
                    actor, self.bots[actor.name].choose(table.view(actor), table.legal(actor))
                )
            elif mine is not None:
                self._my_turn(mine.deadline)
            else:
                if table.game.phase.value == "closed":
                    self.holders = {p: table.game.holder(p) for p in table.game.positions_in_play}
                if table.step_house(at=self.at()) is None:  # pragma: no cover - a table bug
                    raise RuntimeError("the table is stuck")
                self._after()

    def _my_turn(self, deadline: int | None) -> None:
        from croupier.games.thirteen.commands import Bet, BuyIn, Done, ThrowDice

        table, game = self.table, self.table.game
        offers = {o.type for o in table.legal(self.me)}
        if game.phase.value == "betting" and "done" in offers:
            staked = any(s.player == self.player for s in game.stakes)
            if not staked:
                need = self.units * self.options.unit
                if table.chips().get(self.player, 0) < need:
                    self.apply(self.me, BuyIn(100 * self.options.unit))
                    if self.console is not None:
                        self.console.print(f"{self.player} buys 100 units of chips.")
                self.apply(self.me, Bet(self.position, self.units))
            self.apply(self.me, Done())
        elif "throw_dice" in offers:
            self.apply(self.me, ThrowDice())
        else:
            assert deadline is not None
            self._set_mine(deadline)

    def _set_mine(self, deadline: int) -> None:
        table = self.table
        if self.auto:
            self.apply(self.me, self._best())
            return
        assert self.console is not None
        countdown = Countdown(self.console, deadline, lambda: int((_clock() - self.start) * 1000))
        countdown.start()
        try:
            _ask_setting(self, countdown)
        finally:
            countdown.stop()
        if table.game.phase.value == "setting" and self.me in [w.actor for w in table.waiting_on()]:
            # too late: the signal (Art 2 d) closes the setting; the position loses
            table.timeout(self.me, at=max(self.at(), deadline))
            self._after()

    def _best(self) -> Command:
        from croupier.games.thirteen.bots import BestResponseBot

        return BestResponseBot().choose(self.table.view(self.me), self.table.legal(self.me))

    def _render_new(self) -> None:
        table, console = self.table, self.console
        entries = table.entries[self.rendered :]
        self.rendered = table.seq
        for entry in entries:
            kind = entry.event.TYPE
            if kind == "round_settled":
                self.played.append(_round_data(table.game, self.holders))
                if console is not None:
                    _render_reveal(console, table.game, self.holders)
            if console is None:
                continue
            event = entry.event.to_dict()
            if kind == "round_opened":
                console.rule(f"[bold]Round {event['number']}[/bold]")
            elif kind == "shoe_shuffled":
                console.print(
                    f"Shuffled and cut {event['cut']} cards (Art 2 a); order commitment "
                    f"(sha256 of the shuffled order, not of a seed) {event['commitment']}",
                    soft_wrap=True,
                )
            elif kind == "dice_thrown":
                dice = event["dice"]
                console.print(
                    f"Dice thrown by {event['by']}: {' + '.join(map(str, dice))} = {sum(dice)}"
                )
            elif kind == "cards_dealt":
                console.print(f"First card to position {event['first_position']} (Art 2 b)")
            elif kind in ("banker_set", "banker_fouled"):
                from croupier.commands.tiers import setting_table
                from croupier.games.thirteen.scoring import Setting

                shown = Setting.from_dict(event["setting"])
                console.print(setting_table("The banker's setting (shown, Art 2 d)", shown))
            elif kind == "hand_shown" and table.game.holder(event["position"]) == self.player:
                hand = table.game.hands[event["position"]]
                console.print(
                    f"Your 13 cards (position {event['position']}):", cards_text(by_rank(hand))
                )

    def _render_intro(self) -> None:
        from croupier.games.thirteen.rules import REGULATION

        console, options = self.console, self.options
        assert console is not None
        console.print(f"[bold]13-card game[/bold] · {REGULATION}")
        console.print(
            f"{self.player} on position {self.position}, {self.units} unit(s) of "
            f"{_money(options.unit, options.decimals)}; the banker sets by the house way "
            f"'{options.house_way.value}'; {options.setting_seconds} s to set (Art 2 d)."
        )
        if self.seed is not None:
            console.print(f"Seed: {self.seed!r} (reproducible deck, not for live play)")
        if self.fairness is not None:
            self.fairness.announce(console)

    def finish(self, log: Path | None) -> None:
        from croupier.games.thirteen.rules import REGULATION

        game = self.table.game
        if self.console is None:
            print_json(
                {
                    "game": game.GAME,
                    "regulation": REGULATION,
                    "options": self.options.to_dict(full=True),
                    "player": self.player,
                    "position": self.position,
                    "units": self.units,
                    "rounds": self.played,
                    "balances": dict(game.balances),
                    "house_result": game.house_result,
                    "digest": game.digest(),
                    "head": self.table.head(),
                    "sealed": self.table.closed,
                    **(
                        {}
                        if self.fairness is None
                        else {"provably_fair": self.fairness.to_dict(self.table, "thirteen")}
                    ),
                }
            )
            return
        _render_totals(self.console, game, self.table.head())
        if log is not None:
            self.console.print(
                f"Table log written to {log}, sealed (check it with `croupier replay {log}`)"
            )


def _player(name: str) -> Actor:
    from croupier.table.actor import Actor

    return Actor.player(name)


def _ask_setting(session: _Session, countdown: Countdown) -> None:
    """Prompt until the player's position is set, a natural declared, or the time is up."""
    from croupier.errors import CroupierError
    from croupier.games.thirteen.commands import DeclareNatural, SetTiers
    from croupier.games.thirteen.events import FoulWarning
    from croupier.games.thirteen.scoring import Setting

    console = session.console
    assert console is not None
    table, position = session.table, session.position
    how = (
        f"Set them as '{PROMPT}' (3, 5 and 5 cards, any order within a tier); "
        "empty or 'auto' plays the best response, 'natural' declares a natural."
    )
    console.print(how)
    while True:
        answer = typer.prompt(countdown.prompt(), default="", show_default=False).strip()
        if countdown.left() <= 0:
            console.print(
                f"[bold red]Too late (Art 2 d):[/bold red] the {table.options.setting_seconds} "
                "seconds to set are over; the position loses."
            )
            return
        if answer.lower() in HELP_WORDS:
            console.print(how, f"For example: {_EXAMPLE}.")
            continue
        command: Command
        if answer.lower() == NATURAL_WORD:
            command = DeclareNatural(position)
        elif answer.lower() in AUTO_WORDS:
            command = session._best()
            if isinstance(command, SetTiers):
                console.print(f"Best response: {command.setting}")
        else:
            try:
                command = SetTiers.of(position, Setting.parse(answer))
            except CroupierError as exc:
                say_error(console, exc)
                continue
        try:
            session.apply(session.me, command)
        except FoulWarning as warning:
            console.print(f"[bold yellow]Foul warning[/bold yellow] {warning}")
            if not typer.confirm("Play this fouled setting (it loses)?", default=False):
                continue
            assert isinstance(command, SetTiers)
            if countdown.left() <= 0:
                continue
            session.apply(session.me, SetTiers.of(position, command.setting, confirm_foul=True))
            return
        except CroupierError as exc:
            say_error(console, exc)
            continue
        if isinstance(command, DeclareNatural):
            console.print("Natural declared (Art 9 I).")
        return


# -- what a round showed ------------------------------------------------------------------------


def _formations(setting: Any) -> dict[str, str]:
    from croupier.games.thirteen.scoring import Tier

    return {t.label: r.describe() for t, r in zip(Tier, setting.ranks(), strict=True)}


def _round_data(game: ThirteenGame, holders: Mapping[int, str | None]) -> dict[str, Any]:
    """The round just settled, JSON-ready; ``holders``: who held each position (Art 5)."""
    from croupier.games.thirteen.events import PLAYER_POSITIONS

    settlement = game.last_settlement
    shuffled, dice, banker = game.shuffled, game.dice, game.banker_setting
    assert settlement is not None and shuffled is not None and dice is not None
    assert banker is not None
    hands = game.hands
    settings = game.settings
    positions = []
    for position in PLAYER_POSITIONS:
        if not any(x.position == position for x in settlement.lines):
            continue
        chosen = settings.get(position)
        found = game.scores.get(position)
        positions.append(
            {
                "position": position,
                "holder": holders.get(position),
                "cards": [str(c) for c in hands[position]],
                "setting": None if chosen is None else chosen.to_dict(),
                "formations": None if chosen is None else _formations(chosen),
                "natural_declared": position in settings and chosen is None,
                "late": position in game.late,
                "score": None if found is None else found.to_dict(),
            }
        )
    return {
        "round": game.round_number,
        "cut": shuffled.cut,
        "commitment": shuffled.commitment,
        "dice": list(dice.dice),
        "dice_total": sum(dice.dice),
        "thrower": dice.by,
        "first_position": game.first_position,
        "banker": {
            "cards": [str(c) for c in hands[1]],
            "setting": banker.to_dict(),
            "formations": _formations(banker),
            "fouled": game.banker_fouled,
        },
        "positions": positions,
        "settlement": [
            {
                "player": line.player,
                "position": line.position,
                "stake": line.stake,
                "result": line.result.value,
                "prize": str(line.prize),
                "commission": str(line.commission),
                "owed": str(line.owed),
                "paid": line.paid,
                "net": line.net,
                "article": line.article,
            }
            for line in settlement.lines
        ],
        "house_result": settlement.house_result,
    }


def _render_reveal(console: Console, game: ThirteenGame, holders: Mapping[int, str | None]) -> None:
    from croupier.commands.play import render_settlement
    from croupier.commands.tiers import setting_table

    settlement = game.last_settlement
    banker = game.banker_setting
    assert settlement is not None and banker is not None
    hands = game.hands
    for position in sorted({line.position for line in settlement.lines}):
        chosen = game.settings.get(position)
        console.rule(f"Position {position} (held by {holders.get(position) or '-'})")
        if position in game.late:
            console.print(
                "Not set before the signal: the position loses (Art 2 d). Its cards:",
                cards_text(by_rank(hands[position])),
            )
            continue
        if chosen is None:
            console.print("Natural declared:", cards_text(by_rank(hands[position])))
        else:
            console.print(
                setting_table("", chosen, banker, formations=False, names=("position", "banker"))
            )
        for text in game.scores[position].explain():
            console.print(f"  {text}", markup=False)
    render_settlement(
        console,
        settlement,
        decimals=game.options.decimals,
        commission_article="Art 11",
        place="position",
        show_bet=False,
    )


def _render_totals(console: Console, game: ThirteenGame, head: str | None = None) -> None:
    from rich.table import Table

    decimals = game.options.decimals
    totals = Table(title="Session totals")
    totals.add_column("player")
    totals.add_column("net", justify="right")
    for name, net in sorted(game.balances.items()):
        totals.add_row(name, _money(net, decimals))
    totals.add_row("[bold]house[/bold]", _money(game.house_result, decimals))
    console.print(totals)
    console.print(f"Log digest (sha256): {game.digest()}", soft_wrap=True)
    if head is not None:
        console.print(f"Table log head (sha256): {head}", soft_wrap=True)


# -- replay -------------------------------------------------------------------------------------


def replay_thirteen(data: Mapping[str, Any], expect_digest: str | None, as_json: bool) -> None:
    """Replay a 13-card game record (the JSON of earlier versions), checking every event."""
    with croupier_errors():
        from croupier.commands.replay_banking import replay_summary
        from croupier.games.thirteen.round import ThirteenGame

        game = ThirteenGame.from_record(data)
        summary = replay_summary(game.GAME, game, expect_digest, phase=game.phase.value)
        if as_json:
            print_json(summary)
            return
        console = make_console()
        console.print(
            f"[bold]13-card game[/bold]: {summary['events']} events, {summary['rounds']} rounds; "
            "every event checked against the rules."
        )
        _render_totals(console, game)
