"""``croupier play thirteen`` and ``croupier replay`` of a 13-card table (Portaria 51/89/M).

One player (``--player``, default ``you``) stakes ``--units`` on ``--position`` (2..4) and plays
rounds against the house through :class:`~croupier.games.thirteen.round.ThirteenGame`:

1. betting: the player's stake and up to two bots' (``--bots``, seated on the other positions);
2. the shuffle and cut, the dice (Art 2 a-b), the deal of 13 cards to each of the four
   positions (Art 2 b-c);
3. the banker sets by the table's house way (:func:`~croupier.games.thirteen.solver.house_way`)
   and shows, tier by tier with its formations (Art 2 d);
4. the player sees his 13 cards, highest first, and answers ``front / middle / back`` (cards in
   any order within a tier). A fouled setting is explained (:class:`FoulWarning`, Art 7) and
   played only if confirmed; a bad token is named and asked again; an empty answer or ``auto``
   plays the best response to the banker
   (:func:`~croupier.games.thirteen.solver.best_response`); ``natural`` declares a natural
   (Art 9 I). The bots, and the player with ``--auto`` or ``--json``, set by the best response;
5. the reveal: each position's tiers against the banker's with the scoring's explanation
   (Art 8-10), and the settlement, one line per stake with its article (Art 11).

Randomness: ``--seed S`` draws the shuffle, the cut and the dice from one
``SeededShuffler("deck:S")`` in the order of
:func:`~croupier.games.thirteen.deal.deal_thirteen` (so ``deal_thirteen`` with that shuffler
deals the same cards) and the bots' stakes from ``SeededShuffler("bots:S")``; without a seed,
the operating system's CSPRNG (:class:`~croupier.shuffle.LiveShuffler`).

Time: the table clock is :func:`time.monotonic` read by this command, in milliseconds since
the session started; the engine only sees the ``at`` of each command. A player who answers
after the five minutes of Art 2 d (the ``setting_seconds`` option) is late and loses.

``--log FILE`` writes the table's record (``ThirteenGame.to_record()``) as JSON; ``croupier
replay FILE`` checks every event again and sums the table up (``--expect-digest`` fails unless
the record is the one published).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import typer

from croupier.commands.output import (
    by_rank,
    cards_text,
    croupier_errors,
    fail,
    make_console,
    print_json,
    write_record,
)

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.games.thirteen.round import ThirteenGame
    from croupier.games.thirteen.scoring import Setting
    from croupier.shuffle import Shuffler

__all__ = ["play_thirteen", "replay_thirteen"]

#: The most bots: one on each of the other two player positions.
MAX_BOTS: Final = 2
#: What the player types for the best response, or to declare a natural.
AUTO_WORDS: Final = ("", "auto")
NATURAL_WORD: Final = "natural"
PROMPT: Final = "front / middle / back"


def _clock() -> float:
    """The session's clock in seconds (monotonic; tests replace it)."""
    return time.monotonic()


def _money(units: int, decimals: int) -> str:
    from croupier.money import format_amount

    return format_amount(units, decimals=decimals)


def _formations(setting: Setting) -> dict[str, str]:
    from croupier.games.thirteen.scoring import Tier

    return {t.label: r.describe() for t, r in zip(Tier, setting.ranks(), strict=True)}


def _render_setting(console: Console, title: str, setting: Setting) -> None:
    from rich.table import Table

    from croupier.games.thirteen.scoring import Tier

    grid = Table(title=title)
    for col in ("tier", "cards", "formation"):
        grid.add_column(col)
    for tier, hand in zip(Tier, setting.ranks(), strict=True):
        grid.add_row(tier.label, cards_text(setting.tier(tier)), hand.describe())
    console.print(grid)


def _ask_setting(
    game: ThirteenGame,
    position: int,
    player: str,
    now: Callable[[], int],
    console: Console,
) -> None:
    """Prompt until the player's position is set, a natural declared, or the time is up."""
    from croupier.errors import CroupierError, RuleViolation
    from croupier.games.thirteen.round import FoulWarning
    from croupier.games.thirteen.scoring import Setting
    from croupier.games.thirteen.solver import best_response

    banker = game.banker_setting
    assert banker is not None
    cards = game.hands[position]
    while True:
        answer = typer.prompt(PROMPT, default="", show_default=False).strip()
        at = now()
        deadline = game.deadline
        assert deadline is not None
        if at >= deadline:
            console.print(
                f"[bold red]Too late (Art 2 d):[/bold red] the {game.options.setting_seconds} "
                "seconds to set are over; the position loses."
            )
            return
        if answer.lower() == NATURAL_WORD:
            try:
                game.declare_natural(position, player, at)
            except CroupierError as exc:
                console.print(f"[red]error:[/red] {exc}", markup=True)
                continue
            console.print("Natural declared (Art 9 I).")
            return
        setting: Setting
        if answer.lower() in AUTO_WORDS:
            setting = best_response(cards, banker, game.hands[1])
            console.print(f"Best response: {setting}")
        else:
            try:
                setting = Setting.parse(answer)
            except CroupierError as exc:
                console.print(f"[red]error:[/red] {exc}")
                continue
        try:
            game.set_position(position, player, setting, at)
        except FoulWarning as warning:
            console.print(f"[bold yellow]Foul warning[/bold yellow] {warning}")
            if not typer.confirm("Play this fouled setting (it loses)?", default=False):
                continue
            try:
                game.set_position(position, player, setting, now(), confirm_foul=True)
            except RuleViolation as exc:
                console.print(f"[red]error:[/red] {exc}")
                if exc.rule == "Art 2 d":
                    return
                continue
            return
        except CroupierError as exc:
            console.print(f"[red]error:[/red] {exc}")
            continue
        return


def _round_data(game: ThirteenGame, holders: Mapping[int, str | None]) -> dict[str, Any]:
    """The round just settled, JSON-ready; ``holders``: who held each position (Art 5)."""
    from croupier.games.thirteen.round import PLAYER_POSITIONS

    settlement = game.last_settlement
    shuffled, dice, banker = game.shuffled, game.dice, game.banker_setting
    assert settlement is not None and shuffled is not None and dice is not None
    assert banker is not None
    hands = game.hands
    settings = game.settings
    positions = []
    for position in PLAYER_POSITIONS:
        lines = [x for x in settlement.lines if x.position == position]
        if not lines:
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
    from rich.table import Table

    from croupier.commands.play import render_settlement
    from croupier.games.thirteen.scoring import Tier

    settlement = game.last_settlement
    assert settlement is not None
    decimals = game.options.decimals
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
            grid = Table()
            for col in ("tier", "position", "banker"):
                grid.add_column(col)
            banker = game.banker_setting
            assert banker is not None
            for tier in Tier:
                grid.add_row(
                    tier.label,
                    cards_text(chosen.tier(tier)),
                    cards_text(banker.tier(tier)),
                )
            console.print(grid)
        for text in game.scores[position].explain():
            console.print(f"  {text}", markup=False)
    render_settlement(
        console,
        settlement,
        decimals=decimals,
        commission_article="Art 11",
        place="position",
        show_bet=False,
    )


def _render_totals(console: Console, game: ThirteenGame) -> None:
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


def _check_args(
    player: str, position: int, units: int, bots: int, stake_units: Sequence[int]
) -> list[tuple[str, int]]:
    """The bots' names and positions, after checking the command line."""
    from croupier.games.thirteen.round import BANKER_SEAT, PLAYER_POSITIONS

    if position not in PLAYER_POSITIONS:
        fail(f"--position {position}: players bet on positions 2..4 (1 is the banker's, Art 3)")
    if units not in stake_units:
        allowed = ", ".join(str(n) for n in stake_units)
        fail(f"--units {units}: a stake is {allowed} unit(s) (Art 11)")
    if not 0 <= bots <= MAX_BOTS:
        fail(f"--bots {bots}: 0 to {MAX_BOTS} bots, one on each other position")
    others = [p for p in PLAYER_POSITIONS if p != position]
    seats = [(f"bot{i}", others[i - 1]) for i in range(1, bots + 1)]
    if not player.strip() or player != player.strip() or player == BANKER_SEAT:
        fail(f"--player {player!r}: a player is a name other than {BANKER_SEAT!r}")
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
) -> None:
    """Play ``rounds`` rounds of the 13-card game against the house (see the module docstring).

    ``as_json`` implies ``auto``: no prompt, one JSON object on stdout."""
    from croupier.games.thirteen.rules import ThirteenTable

    options = ThirteenTable()
    seats = _check_args(player, position, units, bots, options.stake_units)
    auto = auto or as_json
    with croupier_errors():
        from croupier.games.thirteen.round import ThirteenGame
        from croupier.games.thirteen.rules import REGULATION
        from croupier.games.thirteen.solver import best_response, house_way
        from croupier.shuffle import LiveShuffler, SeededShuffler

        game = ThirteenGame(options)
        shuffler: Shuffler = LiveShuffler() if seed is None else SeededShuffler(f"deck:{seed}")
        bot_rng: Shuffler = LiveShuffler() if seed is None else SeededShuffler(f"bots:{seed}")
        start = _clock()

        def now() -> int:
            return max(0, int((_clock() - start) * 1000))

        console = None if as_json else make_console()
        if console is not None:
            console.width = max(console.width, 100)
            console.print(f"[bold]13-card game[/bold] · {REGULATION}")
            console.print(
                f"{player} on position {position}, {units} unit(s) of "
                f"{_money(options.unit, options.decimals)}; the banker sets by the house way "
                f"'{options.house_way.value}'; {options.setting_seconds} s to set (Art 2 d)."
            )
            if seed is not None:
                console.print(f"Seed: {seed!r} (reproducible deck, not for live play)")
        for name in (player, *(bot for bot, _ in seats)):
            game.seat_player(name)
        played: list[dict[str, Any]] = []
        if log is not None:  # fail before the first round if the log cannot be written
            write_record(log, game.to_record())
        for _ in range(rounds):
            game.open_round()
            game.place_bet(player, position, units)
            for bot, bot_position in seats:
                stake_units = options.stake_units
                game.place_bet(bot, bot_position, stake_units[bot_rng.randbelow(len(stake_units))])
            shuffled = game.shuffle(shuffler)
            thrown = game.throw_dice(shuffler)
            game.deal()
            banker_cards = game.hands[1]
            banker = house_way(banker_cards, options.house_way)
            game.banker_set(banker, now())
            if console is not None:
                console.rule(f"[bold]Round {game.round_number}[/bold]")
                console.print(
                    f"Shuffled and cut {shuffled.cut} cards (Art 2 a); commitment "
                    f"{shuffled.commitment}",
                    soft_wrap=True,
                )
                console.print(
                    f"Dice thrown by {thrown.by}: {' + '.join(map(str, thrown.dice))} = "
                    f"{sum(thrown.dice)}; first card to position {game.first_position} (Art 2 b)"
                )
                _render_setting(console, "The banker's setting (shown, Art 2 d)", banker)
            for bot, bot_position in seats:
                answer = best_response(game.hands[bot_position], banker, banker_cards)
                game.set_position(bot_position, bot, answer, now())
            if auto:
                answer = best_response(game.hands[position], banker, banker_cards)
                game.set_position(position, player, answer, now())
            else:
                assert console is not None
                console.print(
                    f"Your 13 cards (position {position}):",
                    cards_text(by_rank(game.hands[position])),
                )
                console.print(
                    f"Set them as '{PROMPT}' (3, 5 and 5 cards, any order within a tier); "
                    "empty or 'auto' plays the best response, 'natural' declares a natural."
                )
                _ask_setting(game, position, player, now, console)
            deadline = game.deadline
            assert deadline is not None
            at = now()
            if not game.can_close_setting(at):
                at = max(at, deadline)  # somebody is late: close at the signal (Art 2 d)
            game.close_setting(at)
            holders = {p: game.holder(p) for p in game.positions_in_play}
            game.settle()
            played.append(_round_data(game, holders))
            if log is not None:  # after every round: an interrupted session keeps its log
                write_record(log, game.to_record())
            if console is not None:
                _render_reveal(console, game, holders)
        if as_json:
            print_json(
                {
                    "game": game.GAME,
                    "regulation": REGULATION,
                    "options": options.to_dict(full=True),
                    "player": player,
                    "position": position,
                    "units": units,
                    "rounds": played,
                    "balances": dict(game.balances),
                    "house_result": game.house_result,
                    "digest": game.digest(),
                }
            )
            return
        assert console is not None
        _render_totals(console, game)
        if log is not None:
            console.print(f"Event log written to {log} (check it with `croupier replay {log}`)")


def replay_thirteen(data: Mapping[str, Any], expect_digest: str | None, as_json: bool) -> None:
    """Replay a 13-card table's record, checking every event, and sum it up."""
    with croupier_errors():
        from croupier.commands.play import replay_summary
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
