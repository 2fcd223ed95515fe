"""``croupier play mahjong`` and ``replay`` of a Mah-Jong round's record.

A round (Portaria 52/89/M Art 2, :class:`~croupier.games.mahjong.match.Match`) against three bots:
you sit at place 1 (``you``), the bots at places 2..4 (``bot1``...; ``--bot-kind faan``, the
default, ``shanten`` or ``random``). The seat winds follow the banker (place 1 is East in the first
game). On your turn or in a claim window where you have something to claim, the table is shown
(your concealed tiles sorted, your melds, everyone's discards and exposed melds, the wall, the
prevailing and seat winds) with your legal moves
(:meth:`~croupier.games.mahjong.round.MahjongGame.legal`), numbered; answer a number or a short
command: ``d 5m`` (discard), ``k 5m`` (kong), ``win``, ``pung``, ``kong``, ``chow 3m`` (the chow's
lowest tile), ``pass``. A refused answer is explained by the engine's rule and asked again. A
window where you can only pass is passed for you. Each game ends with the winner, the reading and
its patterns with their faan and the payments (or "drawn game"); the round ends with the totals by
place and the house's commission.

``--games N`` stops after N games (default: the whole round, see the match's readings);
``--auto`` (implied by ``--json``) plays your place by a ``FaanBot``; ``--log FILE`` writes
the round's record before the first game and after every game.

The table's options (:func:`table_options`; each unset flag keeps the option's default): the
scoring's ``--min-faan`` (3), ``--limit`` (13), ``--unit`` (1), ``--discarder-pays-all`` /
``--everyone-pays`` (everyone) and ``--commission-bp`` (0) (:class:`~croupier.games.mahjong.
scoring.ScoringOptions`), ``--seven-pairs`` and ``--banker-doubles`` (both off); the round's
``--max-games`` (16), ``--banker-stays-on-draw`` / ``--banker-passes-on-draw`` (stays) and
``--rob-concealed-kong`` / ``--no-rob-concealed-kong`` (thirteen orphans may rob a concealed
kong: on) (:class:`~croupier.games.mahjong.match.MatchOptions`). They
are written in the round's record, so ``croupier replay`` plays it under the same options.

Randomness: ``--seed S`` builds the walls with ``SeededShuffler("wall:S")`` and seeds the bots
with ``random.Random("bots:S")``; without a seed the operating system's CSPRNG
(:class:`~croupier.shuffle.LiveShuffler`, :class:`random.SystemRandom`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import typer

from croupier.commands.output import croupier_errors, fail, make_console, print_json, write_record

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.games.mahjong.bots import Bot
    from croupier.games.mahjong.match import GameSummary, Match, MatchOptions
    from croupier.games.mahjong.round import MahjongGame, Move
    from croupier.games.mahjong.rules import Seat
    from croupier.games.mahjong.scoring import ScoringOptions
    from croupier.protocol import Event

__all__ = [
    "MAHJONG_NAMES",
    "move_label",
    "play_mahjong",
    "replay_mahjong",
    "scoring_options",
    "table_options",
]

MAHJONG_NAMES: Final = ("mahjong", "mah-jong")
YOU: Final = 0
NAMES: Final = ("you", "bot1", "bot2", "bot3")
WINDS: Final = ("East", "South", "West", "North")


class _BadAnswer(ValueError):
    pass


def is_mahjong(game: str) -> bool:
    return game.strip().lower() in MAHJONG_NAMES


def move_label(move: Move) -> str:
    """A legal move as typed at the prompt: ``d 5m``, ``k 5m``, ``win``, ``pung``, ``kong``,
    ``chow 3m``, ``pass``."""
    if move.action == "discard":
        return f"d {move.tile}"
    if move.action == "kong":
        return f"k {move.tile}"
    if move.action == "claim" and move.kind is not None:
        if move.tile is not None:
            return f"{move.kind.value} {move.tile}"
        return move.kind.value
    return move.action


def _tile_arg(token: str) -> str:
    """The tile in its exact notation when a case change makes it one; else as typed (the engine
    then names the notation rule)."""
    from croupier.errors import CroupierError
    from croupier.tiles import Tile

    for candidate in (token, token.lower(), token.upper()):
        try:
            if str(Tile.parse(candidate)) == candidate:
                return candidate
        except CroupierError:
            continue
    return token


def _answer(game: MahjongGame, seat: Seat, text: str, legal: Sequence[Move]) -> list[Event]:
    """Give the typed answer to the engine (RuleViolation when it refuses; _BadAnswer when the
    text is no command)."""
    from croupier.games.mahjong.events import ClaimKind
    from croupier.games.mahjong.round import MahjongPhase

    words = text.strip().split()
    if not words:
        raise _BadAnswer("no answer")
    if len(words) == 1 and words[0].isdigit():
        n = int(words[0])
        if not 1 <= n <= len(legal):
            raise _BadAnswer(f"no move number {n}")
        return game.play(seat, legal[n - 1])
    cmd, args = words[0].lower(), words[1:]
    if len(args) > 1:
        raise _BadAnswer(f"too many words in {text.strip()!r}")
    tile = _tile_arg(args[0]) if args else None
    on_turn = game.phase is MahjongPhase.TURN
    if cmd in ("d", "discard"):
        if tile is None:
            raise _BadAnswer("a discard names its tile, e.g. d 5m")
        return [game.discard(seat, tile)]
    if cmd in ("k", "kong"):
        if on_turn:
            if tile is None:
                raise _BadAnswer("a kong on your turn names its tile, e.g. k 5m")
            return game.declare_kong(seat, tile)
        return game.claim(seat, ClaimKind.KONG)
    if cmd in ("w", "win", "hu", "mahjong"):
        return [game.win(seat)] if on_turn else game.claim(seat, ClaimKind.WIN)
    if cmd in ("p", "pung", "pong"):
        return game.claim(seat, ClaimKind.PUNG)
    if cmd in ("c", "chow", "chi"):
        if tile is None:
            raise _BadAnswer("a chow names its lowest tile, e.g. chow 3m")
        return game.claim(seat, ClaimKind.CHOW, tile)
    if cmd in ("pass", "-"):
        return game.pass_claim(seat)
    raise _BadAnswer(f"unknown answer {text.strip()!r}")


def _melds_text(melds: Sequence[Mapping[str, Any]]) -> str:
    from croupier.games.mahjong.melds import Meld, MeldKind
    from croupier.tiles import Tile

    return ", ".join(
        str(Meld(MeldKind(m["kind"]), Tile.parse(m["first"]), m["concealed"])) for m in melds
    )


def _render_state(console: Console, match: Match, game: MahjongGame, seat: Seat) -> None:
    from rich.table import Table

    from croupier.games.mahjong.rules import Seat as SeatEnum

    view = game.view(seat)
    prevailing = match.options.prevailing
    console.print(
        f"[bold]Game {len(match.summaries) + 1}[/bold] · {WINDS[prevailing]} round "
        f"({prevailing.cantonese}) · you are {WINDS[seat]} ({seat.cantonese}) · "
        f"wall: {view['wall']} tiles left"
    )
    table = Table(show_lines=False)
    for column in ("place", "player", "wind", "tiles", "exposed melds", "discards"):
        table.add_column(column)
    for place in range(4):
        s = SeatEnum((place - match.banker) % 4)
        p = view["players"][s.symbol]
        marker = " *" if view["turn"] == s.symbol else ""
        table.add_row(
            str(place + 1),
            NAMES[place] + marker,
            s.symbol,
            str(p["concealed"]),
            _melds_text(p["melds"]),
            " ".join(p["discards"]),
        )
    console.print(table)
    drawn = f" (drew {view['drawn']})" if view["drawn"] else ""
    console.print(f"Your tiles: [bold]{' '.join(view['hand'])}[/bold]{drawn}")
    mine = view["players"][seat.symbol]["melds"]
    if mine:
        console.print(f"Your melds: {_melds_text(mine)}")
    window = view["window"]
    if window is not None:
        owner = match.place_of(SeatEnum.parse(window["from"]))
        what, note = "discarded", ""
        if window.get("orphans_only"):
            what, note = "declares a concealed kong of", " (robbed only for thirteen orphans)"
        elif window["kind"] == "rob":
            what = "adds to a kong"
        tile = window["tile"]
        console.print(f"{NAMES[owner]} ({window['from']}) {what} [bold]{tile}[/bold]{note}")


def _ask(console: Console, match: Match, game: MahjongGame, seat: Seat) -> None:
    """Prompt until the engine takes your answer."""
    from croupier.errors import CroupierError

    legal = game.legal(seat)
    _render_state(console, match, game, seat)
    choices = [f"{i}) {move_label(m)}" for i, m in enumerate(legal, 1)]
    console.print("Moves: " + "  ".join(choices), soft_wrap=True)
    while True:
        try:
            text = typer.prompt("Your move", default="", show_default=False)
        except typer.Abort:
            fail("the input ended before the round did")
        try:
            events = _answer(game, seat, text, legal)
        except _BadAnswer as exc:
            console.print(
                f"[red]error:[/red] {exc}; answer a number or d TILE, k TILE, win, pung, kong, "
                "chow TILE, pass",
                soft_wrap=True,
            )
            continue
        except CroupierError as exc:
            console.print(f"[red]error:[/red] {exc}", soft_wrap=True)
            continue
        _narrate(console, match, events)
        return


def _narrate(console: Console | None, match: Match, events: Sequence[Event]) -> None:
    """Claims that expose a meld and kongs, for the interactive player."""
    from croupier.games.mahjong.events import KongDeclared, MeldExposed

    if console is None:
        return
    for e in events:
        if isinstance(e, MeldExposed):
            place = match.place_of(e.seat)
            console.print(f"{NAMES[place]} ({e.seat.symbol}) claims {e.tile}: {e.kind.value}")
        elif isinstance(e, KongDeclared):
            place = match.place_of(e.seat)
            how = "added" if e.added else "concealed"
            console.print(f"{NAMES[place]} ({e.seat.symbol}) declares a {how} kong of {e.tile}")


def _render_game(console: Console, match: Match, summary: GameSummary) -> None:
    from rich.table import Table

    from croupier.games.mahjong.events import GameWon

    data = summary.to_dict()
    banker = summary.banker
    console.print(
        f"[bold]Game {summary.number}[/bold]: banker {NAMES[banker]} (place {banker + 1})"
    )
    r = summary.result
    if isinstance(r, GameWon):
        winner = data["winner"] - 1
        how = (
            "self-drawn"
            if r.discarder is None
            else f"on the discard of {NAMES[data['discarder'] - 1]}"
        )
        console.print(
            f"[bold green]{NAMES[winner]}[/bold green] ({r.seat.symbol}) wins on {r.tile}, "
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
        pay = Table(title="Payments")
        pay.add_column("place")
        pay.add_column("player")
        pay.add_column("wind")
        pay.add_column("net", justify="right")
        for place in range(4):
            pay.add_row(
                str(place + 1),
                NAMES[place],
                data["seats"][str(place + 1)],
                f"{summary.net[place]:+d}",
            )
        if summary.commission:
            pay.add_row("", "house", "", f"{summary.commission:+d}")
        console.print(pay)
    else:
        console.print("[bold]Drawn game[/bold]: the wall is exhausted, nobody pays.")
    if summary.stays:
        console.print(f"The deal stays with {NAMES[banker]} (place {banker + 1}).")
    else:
        console.print(f"The deal passes to {NAMES[match.banker]} (place {match.banker + 1}).")


def _render_totals(console: Console, match: Match) -> None:
    from rich.table import Table

    totals = Table(title=f"Round totals ({len(match.summaries)} games)")
    totals.add_column("place")
    totals.add_column("player")
    totals.add_column("net", justify="right")
    for place, net in enumerate(match.totals):
        totals.add_row(str(place + 1), NAMES[place], f"{net:+d}")
    totals.add_row("", "[bold]house[/bold]", f"{match.house:+d}")
    console.print(totals)
    reason = match.end_reason
    console.print(f"The round is over: {reason}." if reason else "The round is not over (--games).")
    console.print(f"Round digest (sha256): {match.digest()}", soft_wrap=True)


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
    if limit is not None and limit < 1:
        fail(f"--limit {limit}: a hand's limit is 1 faan at least")
    if min_faan is not None and not 0 <= min_faan <= top:
        bound = f"--limit {limit}" if limit is not None else f"the limit, {top}"
        fail(f"--min-faan {min_faan}: the least faan of a win is 0 to {bound}")
    if min_faan is None and d.min_faan > top:
        fail(f"--limit {limit}: below the minimum of {d.min_faan} faan (give --min-faan too)")
    if unit is not None and unit < 1:
        fail(f"--unit {unit}: the payment unit is 1 at least")
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


def table_options(
    *,
    scoring: ScoringOptions | None = None,
    max_games: int | None = None,
    banker_stays_on_draw: bool | None = None,
    rob_concealed_kong: bool | None = None,
) -> MatchOptions:
    """The round's options: ``scoring`` (:func:`scoring_options`) and the round's flags (None:
    the default); a bad value fails cleanly naming its flag."""
    from croupier.games.mahjong.match import MatchOptions

    if max_games is not None and max_games < 1:
        fail(f"--max-games {max_games}: a round is 1 game at least")
    given: dict[str, Any] = {
        "scoring": scoring,
        "max_games": max_games,
        "banker_stays_on_draw": banker_stays_on_draw,
        "orphans_rob_concealed_kong": rob_concealed_kong,
    }
    with croupier_errors():
        return MatchOptions(**{k: v for k, v in given.items() if v is not None})


def _options_text(options: MatchOptions) -> str:
    s = options.scoring
    pays = "the discarder pays all" if s.discarder_pays_all else "everyone pays"
    draw = "stays with" if options.banker_stays_on_draw else "passes from"
    extras = [
        text
        for on, text in (
            (s.seven_pairs, "seven pairs allowed (4 faan)"),
            (s.banker_doubles, "the banker pays and receives double"),
            (not options.orphans_rob_concealed_kong, "a concealed kong is never robbed"),
        )
        if on
    ]
    return (
        f"Scoring: {s.min_faan} faan to win, limit {s.limit}, unit {s.unit} (base = unit x "
        f"2^faan), on a discard {pays}, commission {s.commission_bp} bp; on a drawn game the "
        f"deal {draw} the banker" + "".join(f"; {e}" for e in extras)
    )


def match_data(match: Match) -> dict[str, Any]:
    """The JSON summary of a round (played or replayed)."""
    from croupier.games.mahjong.match import ROTATION_SOURCE
    from croupier.games.mahjong.rules import REGULATION

    totals = match.totals
    return {
        "game": "mahjong",
        "regulation": REGULATION,
        "round": match.options.prevailing.name.lower(),
        "options": match.options.to_dict(),
        "rotation": ROTATION_SOURCE,
        "players": {str(p + 1): NAMES[p] for p in range(4)},
        "games": [s.to_dict() for s in match.summaries],
        "totals": {str(p + 1): totals[p] for p in range(4)},
        "house": match.house,
        "balanced": sum(totals) + match.house == 0,
        "over": match.over,
        "end": match.end_reason,
        "digest": match.digest(),
    }


def play_mahjong(
    *,
    games: int | None,
    seed: str | None,
    bot_kind: str,
    auto: bool,
    log: Path | None,
    as_json: bool,
    options: MatchOptions | None = None,
) -> None:
    """Play a round (or ``games`` games of it) at place 1 against three bots (see the module
    docstring) under ``options`` (:func:`table_options`; default: the defaults). ``as_json``
    implies ``auto``."""
    kind = bot_kind.strip().lower()
    from croupier.games.mahjong.bots import BOT_KINDS

    if kind not in BOT_KINDS:
        fail(f"--bot-kind {bot_kind!r}: the bots are {' or '.join(BOT_KINDS)}")
    if games is not None and games < 1:
        fail(f"--games {games}: play one game at least")
    auto = auto or as_json
    with croupier_errors():
        from croupier.games.mahjong.bots import make_bot
        from croupier.games.mahjong.match import ROTATION_SOURCE, Match
        from croupier.games.mahjong.round import MahjongPhase
        from croupier.games.mahjong.rules import REGULATION
        from croupier.shuffle import LiveShuffler, SeededShuffler, Shuffler

        shuffler: Shuffler = LiveShuffler() if seed is None else SeededShuffler(f"wall:{seed}")
        rng = random.SystemRandom() if seed is None else random.Random(f"bots:{seed}")
        match = Match(options)
        aim = match.options.scoring.min_faan  # the bots play for the table's minimum
        bots: dict[int, Bot] = {p: make_bot(kind, rng, aim) for p in range(1, 4)}
        if auto:
            bots[YOU] = make_bot("faan", rng, aim)
        console = None if as_json else make_console()
        if console is not None:
            console.width = max(console.width, 110)
            prevailing = match.options.prevailing
            console.print(
                f"[bold]Mah-Jong[/bold] · {REGULATION} · {WINDS[prevailing]} round "
                f"({prevailing.cantonese}); you are place 1 against three {kind} bots."
            )
            console.print(
                f"Rotation: {ROTATION_SOURCE}; at most {match.options.max_games} games.",
                soft_wrap=True,
            )
            console.print(_options_text(match.options) + ".", soft_wrap=True)
            if seed is not None:
                console.print(f"Seed: {seed!r} (reproducible walls and bots, not for live play)")
            if not auto:
                console.print(
                    "Answer a move's number or d TILE (discard), k TILE (kong), win, pung, kong, "
                    "chow TILE (its lowest tile), pass."
                )
        if log is not None:  # fail before the first game if the log cannot be written
            write_record(log, match.to_record())
        played = 0
        while not match.over and (games is None or played < games):
            game = match.begin()
            game.deal(shuffler)
            while game.result is None:
                if game.phase is MahjongPhase.TURN:
                    seat = game.turn
                    assert seat is not None
                else:
                    seat = game.waiting()[0]
                place = match.place_of(seat)
                if place == YOU and not auto:
                    assert console is not None
                    legal = game.legal(seat)
                    if all(m.action == "pass" for m in legal):
                        game.pass_claim(seat)
                    else:
                        _ask(console, match, game, seat)
                    continue
                move = bots[place].choose(game.view(seat), game.legal(seat))
                events = game.play(seat, move)
                if not auto:
                    _narrate(console, match, events)
            summary = match.conclude()
            played += 1
            if log is not None:  # after every game: an interrupted round keeps its record
                write_record(log, match.to_record())
            if console is not None:
                _render_game(console, match, summary)
        if as_json:
            print_json(match_data(match))
            return
        assert console is not None
        _render_totals(console, match)
        if log is not None:
            console.print(f"Round record written to {log} (check it with `croupier replay {log}`)")


def replay_mahjong(data: Mapping[str, Any], expect_digest: str | None, as_json: bool) -> None:
    """Replay a round's record: every game's events checked again, the rotation and the totals
    recomputed."""
    with croupier_errors():
        from croupier.errors import VerificationError
        from croupier.games.mahjong.match import Match

        match = Match.from_record(data)
        summary = match_data(match)
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
            "every event checked against the rules."
        )
        _render_totals(console, match)
