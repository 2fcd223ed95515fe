"""``croupier play mahjong``: a Mah-Jong table of you and three bots, through the table interface
(:class:`~croupier.table.mahjong.MahjongTable`); and the replay of a round's old record.

You sit at place 1 (``you``), the bots at places 2..4 (``bot1``...; ``--bot-kind faan``, the
default, ``shanten`` or ``random``), each buying in with the table's least buy-in. The seat winds
follow the banker (place 1 is East in the first game). The sitting is one round of four games
(Art 2: the deal passes each game), ``--prevailing S`` one round of another wind, ``--full-game``
the four rounds East, South, West, North; ``--rotation hong-kong`` keeps the deal with a winning
banker. On your turn, or in a claim window where you have something to claim, the table is shown
(your concealed tiles sorted, your melds, everyone's discards and exposed melds, the wall, the
winds, the chips) with your legal moves (the table's offers), numbered; answer a number or a
short command: ``d 5m`` (discard), ``k 5m`` (kong), ``win``, ``pung``, ``kong``, ``chow 3m``
(the chow's lowest tile), ``pass``. A refused answer is explained by the rule and asked again. A
window where you can only pass is passed for you. Each game ends with the winner, the reading and
its patterns with their faan and the payments (or "drawn game", or a false win's penalty); the
sitting ends with each player's net and the house's commission.

``--games N`` stops after N games (default: the whole sitting); ``--auto`` (implied by
``--json``) plays your place by a ``FaanBot``.

``--log FILE`` writes the table log (:mod:`croupier.table.log`, JSON Lines: the options, then
every entry with its hash) **as the table plays**: each entry is written, flushed and synced when
it happens, so Ctrl-C leaves a log that replays up to the interruption (``croupier replay`` says
where it ends and that it is not sealed); a sitting played to its end (or to ``--games``) is
sealed. The writer is :class:`~croupier.commands.tablelog.TableLogWriter`.

The table's options (:func:`table_options`; each unset flag keeps the option's default) are
:class:`~croupier.games.mahjong.options.MahjongOptions`: the scoring's ``--min-faan`` (3),
``--limit`` (13), ``--unit`` (1), ``--discarder-pays-all`` / ``--everyone-pays`` (everyone),
``--commission-bp`` (0), ``--seven-pairs`` and ``--banker-doubles`` (both off); the sitting's
``--prevailing`` (E), ``--full-game``, ``--rotation`` (every-game), ``--max-games`` (16),
``--banker-stays-on-draw`` / ``--banker-passes-on-draw`` (stays; the Hong Kong rotation only),
``--rob-concealed-kong`` / ``--no-rob-concealed-kong`` (on) and ``--false-win`` (refuse). They
are in the log's header, so ``croupier replay`` plays it under the same options.

Randomness: ``--seed S`` shuffles with :class:`~croupier.table.sources.SeededSource` ``wall:S``
and seeds the bots from ``S``; without a seed the operating system's CSPRNG.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
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
from croupier.money import format_money, format_rate

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.commands.fair import TableFairness
    from croupier.commands.tablelog import TableLogWriter
    from croupier.games.mahjong.bots import MahjongBot
    from croupier.games.mahjong.match import GameSummary, Match
    from croupier.games.mahjong.options import MahjongOptions
    from croupier.games.mahjong.scoring import ScoringOptions
    from croupier.protocol import Command
    from croupier.table.mahjong import GameSettled, MahjongTable

__all__ = [
    "MAHJONG_NAMES",
    "NAMES",
    "answer_command",
    "is_mahjong",
    "move_label",
    "play_mahjong",
    "replay_mahjong",
    "scoring_options",
    "table_options",
]

MAHJONG_NAMES: Final = ("mahjong", "mah-jong")
NAMES: Final = ("you", "bot1", "bot2", "bot3")
YOU: Final = "you"
WINDS: Final = ("East", "South", "West", "North")
#: the table clock advances this much per action (the command line does not time people out)
STEP_MS: Final = 1000


class _BadAnswer(ValueError):
    pass


def is_mahjong(game: str) -> bool:
    return game.strip().lower() in MAHJONG_NAMES


def move_label(move: Command, in_window: bool = False) -> str:
    """A legal command as typed at the prompt: ``d 5m``, ``k 5m``, ``win``, ``pung``, ``kong``,
    ``chow 3m``, ``pass``."""
    values = [str(v) for k, v in move.to_dict().items() if k != "type"]
    if move.TYPE == "discard":
        return f"d {values[0]}"
    if move.TYPE == "kong":
        return "kong" if in_window else f"k {values[0]}"
    return " ".join([move.TYPE, *values])


def _tile_arg(token: str) -> str:
    """The tile in its exact notation when a case change makes it one; else as typed (the
    command's reader then names the bad token)."""
    from croupier.errors import CroupierError
    from croupier.tiles import Tile

    for candidate in (token, token.lower(), token.upper()):
        try:
            if str(Tile.parse(candidate)) == candidate:
                return candidate
        except CroupierError:
            continue
    return token


def answer_command(text: str, legal: Sequence[Command], window_tile: str | None) -> Command:
    """The command a typed answer stands for (a move's number or a short command; a
    :class:`ValueError` when the text is no command). In a claim window, ``kong`` claims the
    window's tile."""
    from croupier.games.mahjong.commands import Chow, Discard, Kong, Pass, Pung, Win
    from croupier.protocol import decode
    from croupier.tiles import Tile

    words = text.strip().split()
    if not words:
        raise _BadAnswer("no answer")
    if len(words) == 1 and words[0].isascii() and words[0].isdigit():
        n = int(words[0])
        if not 1 <= n <= len(legal):
            raise _BadAnswer(f"no move number {n}")
        return legal[n - 1]
    cmd, args = words[0].lower(), words[1:]
    if len(args) > 1:
        raise _BadAnswer(f"too many words in {text.strip()!r}")
    tile: Tile | None = decode(_tile_arg(args[0]), Tile, "tile") if args else None
    if cmd in ("d", "discard"):
        if tile is None:
            raise _BadAnswer("a discard names its tile, e.g. d 5m")
        return Discard(tile)
    if cmd in ("k", "kong"):
        if window_tile is not None:
            return Kong(Tile.parse(window_tile))
        if tile is None:
            raise _BadAnswer("a kong on your turn names its tile, e.g. k 5m")
        return Kong(tile)
    if cmd in ("w", "win", "hu", "mahjong"):
        return Win()
    if cmd in ("p", "pung", "pong"):
        return Pung()
    if cmd in ("c", "chow", "chi"):
        if tile is None:
            raise _BadAnswer("a chow names its lowest tile, e.g. chow 3m")
        return Chow(tile)
    if cmd in ("pass", "-"):
        return Pass()
    raise _BadAnswer(f"unknown answer {text.strip()!r}")


def _melds_text(melds: Sequence[Mapping[str, Any]]) -> str:
    from croupier.games.mahjong.melds import Meld, MeldKind
    from croupier.tiles import Tile

    return ", ".join(
        str(Meld(MeldKind(m["kind"]), Tile.parse(m["first"]), m["concealed"])) for m in melds
    )


def _render_state(console: Console, table: MahjongTable) -> None:
    from rich.table import Table

    from croupier.table.actor import Actor

    view = table.view(Actor.player(YOU))
    info = view["table"]
    sitting = info["sitting"]
    prevailing = sitting["prevailing"].title()
    console.print(
        f"[bold]Game {info['games_dealt']}[/bold] · {prevailing} round · you are "
        f"{WINDS['ESWN'.index(view['seat'])]} · wall: {view['wall']} tiles left"
    )
    grid = Table(show_lines=False)
    for column in ("place", "player", "wind", "chips", "tiles", "exposed melds", "discards"):
        grid.add_column(column)
    for place in info["places"]:
        p = view["players"][place["wind"]]
        marker = " *" if view["turn"] == place["wind"] else ""
        grid.add_row(
            str(place["place"]),
            f"{place['player']}{marker}",
            place["wind"],
            str(place["chips"]),
            str(p["concealed"]),
            _melds_text(p["melds"]),
            " ".join(p["discards"]),
        )
    console.print(grid)
    drawn = f" (drew {view['drawn']})" if view["drawn"] else ""
    console.print(f"Your tiles: [bold]{' '.join(view['hand'])}[/bold]{drawn}")
    mine = view["players"][view["seat"]]["melds"]
    if mine:
        console.print(f"Your melds: {_melds_text(mine)}")
    window = view["window"]
    if window is not None:
        owner = next(p["player"] for p in info["places"] if p["wind"] == window["from"])
        what, note = "discarded", ""
        if window.get("orphans_only"):
            what, note = "declares a concealed kong of", " (robbed only for thirteen orphans)"
        elif window["kind"] == "rob":
            what = "adds to a kong"
        console.print(f"{owner} ({window['from']}) {what} [bold]{window['tile']}[/bold]{note}")


def _ask(console: Console, table: MahjongTable, at: int) -> None:
    """Prompt until the table takes your answer."""
    from croupier.errors import CroupierError
    from croupier.games.mahjong.bots import commands_of
    from croupier.table.actor import Actor

    you = Actor.player(YOU)
    legal = commands_of(table.legal(you))
    game = table.game
    window = None if game is None or game.window is None else str(game.window[0])
    _render_state(console, table)
    choices = [f"{i}) {move_label(m, window is not None)}" for i, m in enumerate(legal, 1)]
    console.print("Moves: " + "  ".join(choices), soft_wrap=True)
    while True:
        try:
            text = typer.prompt("Your move", default="", show_default=False)
        except typer.Abort as exc:  # the input's end, or Ctrl-C (130, the log kept unsealed)
            if prompt_ended(exc):
                fail("the input ended before the round did")
            raise KeyboardInterrupt from None
        try:
            command = answer_command(text, legal, window)
            table.apply(you, command, f"you:{table.seq}", at=at)
        except _BadAnswer as exc:
            say_error(
                console, exc, "answer a number or d TILE, k TILE, win, pung, kong, chow TILE, pass"
            )
            continue
        except CroupierError as exc:
            say_error(console, exc)
            continue
        return


def _narrate(console: Console | None, table: MahjongTable, since: int) -> None:
    """Claims that expose a meld and kongs since entry ``since``, as you may see them."""
    from croupier.table.actor import Actor

    if console is None:
        return
    for item in table.events_for(Actor.player(YOU), since):
        event = item["event"]
        if event["type"] == "meld_exposed":
            who = _player_of(table, event["seat"])
            console.print(f"{who} claims {event['tile']}: {event['kind']}")
        elif event["type"] == "kong_declared":
            who = _player_of(table, event["seat"])
            how = "added" if event["added"] else "concealed"
            console.print(f"{who} declares a {how} kong of {event['tile']}")


def _player_of(table: MahjongTable, seat: int) -> str:
    from croupier.games.mahjong.rules import Seat

    return f"{table.player_at(Seat(seat))} ({Seat(seat).symbol})"


def _render_game(console: Console, summary: GameSummary, settled: GameSettled) -> None:
    """A settled game: its result, and what the table paid (``settled``)."""
    from rich.table import Table

    from croupier.games.mahjong.events import FalseWinDeclared, GameWon

    r = summary.result
    players = settled.players
    console.print(
        f"[bold]Game {summary.number}[/bold] of the sitting ({summary.prevailing.name.title()} "
        f"round): banker {players[0]}"
    )
    if isinstance(r, GameWon):
        how = "self-drawn" if r.discarder is None else f"on the discard of {players[r.discarder]}"
        console.print(
            f"[bold green]{players[r.seat]}[/bold green] ({r.seat.symbol}) wins on {r.tile}, "
            f"{how}: {r.faan} faan"
        )
        console.print(f"Reading: {r.reading}")
        patterns = Table(title="Patterns")
        patterns.add_column("pattern")
        patterns.add_column("faan", justify="right")
        for p in r.patterns:
            name, _, faan = p.rpartition(" ")
            patterns.add_row(name, faan)
        console.print(patterns)
    elif isinstance(r, FalseWinDeclared):
        console.print(
            f"[bold red]{players[r.seat]}[/bold red] ({r.seat.symbol}) declared a false win on "
            f"{r.tile}: {r.reason}. His hand: {' '.join(str(t) for t in r.hand)}; he pays the "
            "penalty."
        )
    else:
        console.print("[bold]Drawn game[/bold]: the wall is exhausted, nobody pays.")
    pay = Table(title="Payments")
    for column in ("wind", "player", "net"):
        pay.add_column(column, justify="right" if column == "net" else "left")
    for seat, name, net in zip("ESWN", players, settled.net, strict=True):
        pay.add_row(seat, name, format_money(net, sign=True))
    if settled.commission:
        pay.add_row("", "house", format_money(settled.commission, sign=True))
    console.print(pay)
    stays = "stays with the banker" if summary.stays else "passes to his right"
    console.print(f"The deal {stays}.")


def _render_totals(console: Console, data: Mapping[str, Any]) -> None:
    from rich.table import Table

    totals = Table(title=f"Totals ({len(data['games'])} games)")
    for column in ("player", "bought in", "chips", "net"):
        totals.add_column(column, justify="left" if column == "player" else "right")
    for name, row in data["players"].items():
        totals.add_row(
            name,
            format_money(row["bought"]),
            format_money(row["chips"]),
            format_money(row["net"], sign=True),
        )
    totals.add_row("[bold]house[/bold]", "", "", format_money(data["house"], sign=True))
    console.print(totals)
    console.print(
        f"The sitting is over: {data['end']}."
        if data["over"]
        else "The sitting is not over (--games)."
    )
    console.print(f"Last hash of the table's log: {data['head']}", soft_wrap=True)


def scoring_options(
    *,
    min_faan: int | None = None,
    limit: int | None = None,
    unit: int | None = None,
    discarder_pays_all: bool | None = None,
    commission_bp: int | None = None,
    seven_pairs: bool | None = None,
    banker_doubles: bool | None = None,
) -> ScoringOptions:
    """The table's scoring options from the command line's flags (None: not given, the
    option's default); a bad value fails cleanly naming its flag."""
    from croupier.games.mahjong.scoring import BASIS_POINTS, DEFAULT_OPTIONS, ScoringOptions

    d = DEFAULT_OPTIONS
    top = d.limit if limit is None else limit
    if limit is not None and not 1 <= limit <= MAX_LIMIT:
        fail(f"--limit {limit}: a hand's limit is 1 to {MAX_LIMIT} faan")
    if min_faan is not None and not 0 <= min_faan <= top:
        bound = f"--limit {limit}" if limit is not None else f"the limit, {top}"
        fail(f"--min-faan {min_faan}: the least faan of a win is 0 to {bound}")
    if min_faan is None and d.min_faan > top:
        fail(f"--limit {limit}: below the minimum of {d.min_faan} faan (give --min-faan too)")
    if unit is not None and not 1 <= unit <= MAX_UNIT:
        fail(f"--unit {unit}: the payment unit is 1 to {MAX_UNIT}")
    if commission_bp is not None and not 0 <= commission_bp <= BASIS_POINTS:
        fail(f"--commission-bp {commission_bp}: the commission is 0 to {BASIS_POINTS} basis points")
    given: dict[str, Any] = {
        "min_faan": min_faan,
        "limit": limit,
        "unit": unit,
        "discarder_pays_all": discarder_pays_all,
        "commission_bp": commission_bp,
        "seven_pairs": seven_pairs,
        "banker_doubles": banker_doubles,
    }
    with croupier_errors():
        return ScoringOptions(**{k: v for k, v in given.items() if v is not None})


#: the command line's bounds of the scoring's numbers (a table's buy-in is unit x 2^limit x 2)
MAX_LIMIT: Final = 20
MAX_UNIT: Final = 1_000_000


def table_options(
    *,
    scoring: ScoringOptions | None = None,
    max_games: int | None = None,
    banker_stays_on_draw: bool | None = None,
    rob_concealed_kong: bool | None = None,
    prevailing: str | None = None,
    full_game: bool = False,
    rotation: str | None = None,
    false_win: str | None = None,
) -> MahjongOptions:
    """The table's options: ``scoring`` (:func:`scoring_options`) and the sitting's flags
    (None: the default); a bad value fails cleanly naming its flag."""
    from croupier.games.mahjong.options import FalseWin, MahjongOptions, Rotation
    from croupier.games.mahjong.rules import Round

    if max_games is not None and not 1 <= max_games <= 1000:
        fail(f"--max-games {max_games}: a round is 1 to 1000 games")
    given: dict[str, Any] = {
        "scoring": scoring,
        "max_games": max_games,
        "banker_stays_on_draw": banker_stays_on_draw,
        "orphans_rob_concealed_kong": rob_concealed_kong,
    }
    if prevailing is not None:
        winds = {r.name[0].lower(): r for r in Round} | {r.name.lower(): r for r in Round}
        wind = winds.get(prevailing.strip().lower())
        if wind is None:
            fail(f"--prevailing {prevailing!r}: the round's wind is E, S, W or N")
        given["prevailing"] = wind
    if full_game:
        if prevailing is not None and given["prevailing"] is not Round.EAST:
            fail("--full-game plays the four rounds from East: leave out --prevailing")
        given["rounds"] = len(Round)
    for flag, kind, value, field in (
        ("--rotation", Rotation, rotation, "rotation"),
        ("--false-win", FalseWin, false_win, "false_win"),
    ):
        if value is not None:
            try:
                given[field] = kind(value.strip().lower())
            except ValueError:
                allowed = ", ".join(m.value for m in kind)
                fail(f"{flag} {value!r}: one of {allowed}")
    with croupier_errors():
        return MahjongOptions(**{k: v for k, v in given.items() if v is not None})


def _options_text(options: MahjongOptions) -> str:
    from fractions import Fraction

    from croupier.games.mahjong.options import FalseWin, Rotation
    from croupier.games.mahjong.scoring import BASIS_POINTS

    s = options.scoring
    rate = format_rate(Fraction(s.commission_bp, BASIS_POINTS))
    pays = "the discarder pays all" if s.discarder_pays_all else "everyone pays"
    draw = "stays with" if options.banker_stays_on_draw else "passes from"
    extras = [
        text
        for on, text in (
            (options.rotation is Rotation.HONG_KONG, f"on a drawn game the deal {draw} the banker"),
            (s.seven_pairs, "seven pairs allowed (4 faan)"),
            (s.banker_doubles, "the banker pays and receives double"),
            (not options.orphans_rob_concealed_kong, "a concealed kong is never robbed"),
            (options.false_win is FalseWin.PENALTY, "a false win pays the penalty"),
        )
        if on
    ]
    return (
        f"Scoring: {s.min_faan} faan to win, limit {s.limit}, unit {s.unit} (base = unit x "
        f"2^faan), on a discard {pays}, commission {rate} of the winner's gain; buy-in "
        f"{format_money(options.least_buy_in)}" + "".join(f"; {e}" for e in extras)
    )


def _bot_seed(seed: str | None, name: str) -> int:
    if seed is None:
        import secrets

        return secrets.randbits(63)
    return int.from_bytes(hashlib.sha256(f"bots:{seed}:{name}".encode()).digest()[:8], "big")


def play_mahjong(
    *,
    games: int | None,
    seed: str | None,
    bot_kind: str,
    auto: bool,
    log: Path | None,
    as_json: bool,
    options: MahjongOptions | None = None,
    force: bool = False,
    fairness: TableFairness | None = None,
) -> None:
    """Play the sitting (or ``games`` games of it) at place 1 against three bots (see the module
    docstring) under ``options`` (:func:`table_options`). ``as_json`` implies ``auto``;
    ``fairness`` (``--fair``) deals every wall provably fair."""
    from croupier.games.mahjong.bots import BOT_KINDS

    kind = bot_kind.strip().lower()
    if kind not in BOT_KINDS:
        fail(f"--bot-kind {bot_kind!r}: the bots are {' or '.join(BOT_KINDS)}")
    if games is not None and not 1 <= games <= 10_000:
        fail(f"--games {games}: play 1 to 10000 games")
    auto = auto or as_json
    writer: TableLogWriter | None = None
    if log is not None:  # fail before anything is played if the log cannot be written
        from croupier.commands.tablelog import TableLogWriter

        writer = TableLogWriter.open(log, force=force)
    try:
        with croupier_errors():
            data = _play(games, seed, kind, auto, as_json, options, writer, fairness)
    except KeyboardInterrupt:
        interrupted(log, None if writer is None else writer.close)
    finally:
        if writer is not None:
            writer.close()
    if as_json:
        print_json(data)
    elif log is not None:
        make_console().print(
            f"Table log written to {log} (check it with `croupier replay {log}`)", soft_wrap=True
        )


def _play(
    games: int | None,
    seed: str | None,
    kind: str,
    auto: bool,
    as_json: bool,
    options: MahjongOptions | None,
    writer: TableLogWriter | None,
    fair: TableFairness | None = None,
) -> dict[str, Any]:
    from croupier.games.mahjong.bots import BOTS
    from croupier.games.mahjong.match import rotation_source
    from croupier.games.mahjong.options import MahjongOptions
    from croupier.games.mahjong.rules import REGULATION
    from croupier.offers import Between
    from croupier.table.actor import Actor
    from croupier.table.mahjong import GameSettled, MahjongTable
    from croupier.table.sources import LiveSource, SeededSource, ShuffleSource

    source: ShuffleSource = LiveSource() if seed is None else SeededSource(f"wall:{seed}")
    if fair is not None:
        source = fair.source
    table = MahjongTable(options or MahjongOptions(), table_id="play", source=source)
    bots: dict[str, MahjongBot] = {n: BOTS[kind](_bot_seed(seed, n)) for n in NAMES if n != YOU}
    if auto:
        bots[YOU] = BOTS["faan"](_bot_seed(seed, YOU))
    console = None if as_json else make_console()
    o = table.options
    if console is not None:
        console.width = max(console.width, 110)
        rounds = ", ".join(WINDS[o.prevailing : o.prevailing + o.rounds])
        console.print(
            f"[bold]Mah-Jong[/bold] · {REGULATION} · round(s): {rounds}; you are place 1 "
            f"against three {kind} bots."
        )
        console.print(
            f"Rotation: {rotation_source(o)}; at most {o.max_games} games a round.",
            soft_wrap=True,
        )
        console.print(_options_text(o) + ".", soft_wrap=True)
        if seed is not None:
            console.print(f"Seed: {seed!r} (reproducible walls and bots, not for live play)")
        if fair is not None:
            fair.announce(console)
        if not auto:
            console.print(
                "Answer a move's number or d TILE (discard), k TILE (kong), win, pung, kong, "
                "chow TILE (its lowest tile), pass."
            )
    at = 0

    def follow() -> None:
        if writer is not None:
            writer.follow(table)
        if fair is not None:
            fair.follow(console, table, "mahjong")

    for name in NAMES:
        for command in table.join_commands(name):
            table.apply(Actor.player(name), command, f"sit:{name}", at=at)
    follow()
    summaries: list[dict[str, Any]] = []
    played = 0
    while games is None or played < games:
        if table.game is None and (table.match.over and played):
            break  # the sitting is over
        at += STEP_MS
        since = table.seq
        waits = table.waiting_on()
        if waits:
            actor = waits[0].actor
            if actor.name == YOU and not auto:
                assert console is not None
                offers = table.legal(actor)
                if table.game is None:  # short of chips between games: topped up for you
                    top_up = next(o for o in offers if o.type == "top_up")
                    low = top_up.fields["amount"]
                    assert isinstance(low, Between)
                    table.apply(actor, top_up.make(amount=low.low), f"you:{table.seq}", at=at)
                    console.print(
                        f"You top up {low.low} chips to the table's cover of "
                        f"{table.options.cover()} (payments=cover)."
                    )
                elif all(o.type == "pass" for o in offers):
                    table.apply(actor, offers[0].make(), f"you:{table.seq}", at=at)
                else:
                    _ask(console, table, at)
            else:
                command = bots[actor.name].choose(table.view(actor), table.legal(actor))
                table.apply(actor, command, f"{actor.name}:{table.seq}", at=at)
            if not auto:
                _narrate(console, table, since)
        elif table.step_house(at=at) is None:
            break  # cannot happen: four funded players or a top-up wait
        follow()
        last = table.entries[-1].event
        if isinstance(last, GameSettled):
            played += 1
            summary = table.match.summaries[-1]
            summaries.append({**summary.to_dict(), "players": list(last.players)})
            if console is not None:
                _render_game(console, summary, last)
    table.close(at=at + STEP_MS)
    follow()
    ledger = table.ledger.summary()
    bought: dict[str, int] = {}
    for entry in table.entries:
        if entry.event.TYPE == "chips_in":
            name = entry.event.player  # type: ignore[attr-defined]
            bought[name] = bought.get(name, 0) + entry.event.amount  # type: ignore[attr-defined]
    chips = table.chips()
    data = {
        "game": "mahjong",
        "regulation": REGULATION,
        "options": table.options.to_dict(),
        "rotation": rotation_source(table.options),
        "players": {
            n: {
                "place": i + 1,
                "bought": bought[n],
                "chips": chips[n],
                "net": chips[n] - bought[n],
            }
            for i, n in enumerate(NAMES)
        },
        "games": summaries,
        "house": ledger["commission"],
        "balanced": ledger["balanced"] and table.books_agree(),
        "over": table.match.over,
        "end": table.match.end_reason,
        "entries": table.seq,
        "sealed": table.closed,
        "head": table.head(),
    }
    if fair is not None:
        data["provably_fair"] = fair.to_dict(table, "mahjong")
    if console is not None:
        _render_totals(console, data)
    return data


def replay_mahjong(data: Mapping[str, Any], expect_digest: str | None, as_json: bool) -> None:
    """Replay a round's old record (``mahjong-round``, from before table logs: migrated with
    ``croupier log migrate``): every game's events checked again under the rules it was played
    by, the rotation and the totals recomputed."""
    with croupier_errors():
        from croupier.errors import VerificationError
        from croupier.games.mahjong.match import Match

        match = Match.from_record(data)
        summary = _match_data(match)
        summary["events"] = sum(len(g.log) for g in match.games)
        if expect_digest is not None and expect_digest.strip().lower() != summary["digest"]:
            raise VerificationError(
                f"the record's digest is {summary['digest']}, not the expected {expect_digest}"
            )
        if as_json:
            print_json(summary)
            return
        console = make_console()
        console.print(
            f"[bold]Mah-Jong round[/bold]: {len(match.games)} games, {summary['events']} events; "
            "every event checked against the rules it was played by."
        )
        console.print(
            "Totals by place: "
            + ", ".join(f"{p} {format_money(n, sign=True)}" for p, n in summary["totals"].items())
            + f"; house {format_money(summary['house'], sign=True)}"
        )
        console.print(f"Round digest (sha256): {summary['digest']}", soft_wrap=True)


def _match_data(match: Match) -> dict[str, Any]:
    """The JSON summary of a round replayed from its old record."""
    from croupier.games.mahjong.match import rotation_source
    from croupier.games.mahjong.rules import REGULATION

    totals = match.totals
    return {
        "game": "mahjong",
        "regulation": REGULATION,
        "round": match.options.prevailing.name.lower(),
        "options": match.options.to_dict("round"),
        "rotation": rotation_source(match.options),
        "games": [s.to_dict() for s in match.summaries],
        "totals": {str(p + 1): totals[p] for p in range(4)},
        "house": match.house,
        "balanced": sum(totals) + match.house == 0,
        "over": match.over,
        "end": match.end_reason,
        "digest": match.digest(),
    }
