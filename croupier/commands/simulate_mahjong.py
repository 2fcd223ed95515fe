"""``croupier simulate mahjong``: many games of bots, every invariant checked after each game.

Each game ``n`` (1, 2, ...) is a fresh :class:`~croupier.games.mahjong.round.MahjongGame`: its wall
is built by ``SeededShuffler("wall:SEED:n")``, its bots draw from ``random.Random("bots:SEED:n")``
(also the time limit of ``--close-rate``), its fuzzing from ``random.Random("fuzz:SEED:n")``. So a
game is the same whatever else is run (the fuzzing never changes the game played), and the
games can be shared among processes: they run on the chunked runner, 25 games a chunk
(:mod:`~croupier.commands.simulate_mahjong_runner`: ``--scheduler``, ``--workers``,
``--resume``), and the counts do not depend on where or in how many processes.
The prevailing wind changes every round of four games (Art 2: "Cada roda de quatro jogos leva o
nome de um dos «ventos»"): games 1-4 East, 5-8 South, 9-12 West, 13-16 North, then East again;
the banker is East (a game's seats, not a round's places:
:class:`~croupier.games.mahjong.match.Match` maps places to seats and is checked by its own
tests). ``--bots mixed`` seats a faan, a shanten, a
random and a faan bot, turned one seat each game.

After every game (:func:`check_game`): the game is over; a won game's payments balance
(``sum(net) + commission == 0``), only the winner gains, its faan lie between the table's
minimum and limit; a drawn game has an empty wall; the 136 tiles are all there
(:meth:`~croupier.games.mahjong.round.MahjongGame.tile_census`; also at each fuzzed point and
after each fuzzed command accepted); ``MahjongGame.replay(options, log)`` and ``from_record`` of
the record through JSON both re-check every event and rebuild the same state (every seat's view
and concealed tiles) and the same digest.

Fuzzing (``--fuzz K``, :func:`fuzz_game`): at ``K`` decision points of each game drawn at random
(the finished game is one of them) the table is rebuilt by replaying the log up to there and
:data:`FUZZ_TRIES` random commands are given to the copy: a random seat (most often one that is
to act), a random command (:mod:`~croupier.games.mahjong.commands`: discard, kong, win, pung,
chow, pass, the table's ``close_claims``, now and then one that is not Mah-Jong's) with a random
tile (most often one of the seat's own or near the window's tile). Each command must be refused
with a typed :class:`~croupier.errors.CroupierError` leaving the table as it was (its log, every
concealed tile, the wall's count and the seat's view), or be accepted; and it is accepted
exactly when :meth:`~croupier.games.mahjong.round.MahjongGame.legal` lists it (``can_x``
agrees; every listed command passes its ``can_x``). The log is compared, not its digest:
the digest is a function of the options and the log, and the log is the cheaper to compare (the
replays of every game check the digest). An accepted command is played on the copy, which the
next commands fuzz.

The first broken invariant stops the run: :class:`Violation` names the game's number, the
invariant and what was seen; the command exits with code 1 (a bad flag: 2, as every command).

>>> result = run_simulation(2, SimConfig(seed="doc", bots="random", fuzz=1), workers=1)
>>> result.tally.games, result.violation is None, result.tally.won + result.tally.drawn
(2, True, 2)
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

import typer

from croupier.commands.analysis_options import write_run
from croupier.commands.output import croupier_errors, fail, make_console, print_json
from croupier.errors import CroupierError
from croupier.games.mahjong.bots import BOT_KINDS, Bot, make_bot
from croupier.games.mahjong.commands import Chow, Discard, Kong, Pass, Pung, Win
from croupier.games.mahjong.events import ClaimKind, GameWon
from croupier.games.mahjong.options import MahjongOptions
from croupier.games.mahjong.round import MahjongGame, MahjongPhase
from croupier.games.mahjong.rules import GAMES_PER_ROUND, Round, Seat
from croupier.games.mahjong.scoring import DEFAULT_OPTIONS, ScoringOptions
from croupier.protocol import Command
from croupier.shuffle import SeededShuffler
from croupier.tiles import FULL_SET, KINDS, Tile

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

__all__ = [
    "DEFAULT_FUZZ",
    "DEFAULT_SIM_GAMES",
    "SIM_BOTS",
    "InvariantError",
    "SimConfig",
    "SimResult",
    "Tally",
    "Violation",
    "check_game",
    "fuzz_game",
    "run_simulation",
    "simulate_game",
    "simulate_mahjong",
]

SIM_BOTS: Final = (*BOT_KINDS, "mixed")
DEFAULT_SIM_GAMES: Final = 1000
DEFAULT_FUZZ: Final = 3
#: random commands given at each fuzzed point
FUZZ_TRIES: Final = 8
#: games a worker process plays at a time
CHUNK_GAMES: Final = 25
#: a game with more decisions than this does not end: an invariant
MAX_DECISIONS: Final = 5_000
#: the exit code of a broken invariant (a bad flag is 2, as everywhere)
EXIT_INVARIANT: Final = 1
#: ``--bots mixed``: the kinds round the table in game 1, turned one seat each game
MIXED: Final = ("faan", "shanten", "random", "faan")
PREVAILING_READING: Final = (
    "East, South, West, North, a round of four games each (Art 2); the banker is East"
)

_TILES: Final = Counter(FULL_SET)
_ACTIONS: Final = ("discard", "kong", "win", "pung", "chow", "pass", "close")
_OVER: Final = (MahjongPhase.WON, MahjongPhase.DRAWN)


def prevailing_of(number: int) -> Round:
    """The prevailing wind of game ``number`` (1, 2, ...): four games a round (Art 2).

    >>> [prevailing_of(n).name[0] for n in range(1, 18)]
    ['E', 'E', 'E', 'E', 'S', 'S', 'S', 'S', 'W', 'W', 'W', 'W', 'N', 'N', 'N', 'N', 'E']
    """
    return Round((number - 1) // GAMES_PER_ROUND % len(Round))


class InvariantError(Exception):
    """An invariant a game broke: its name and what was seen."""

    def __init__(self, invariant: str, detail: str) -> None:
        super().__init__(f"{invariant}: {detail}")
        self.invariant = invariant
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Violation:
    """The first invariant broken in a run: the game's number (1, 2, ...), the invariant and
    what was seen."""

    game: int
    invariant: str
    detail: str

    def __str__(self) -> str:
        return f"game {self.game}: {self.invariant}: {self.detail}"

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "invariant": self.invariant, "detail": self.detail}


@dataclass(frozen=True, slots=True)
class SimConfig:
    """What every game of a run shares: the seed, the bots, the fuzzing, the time limit's rate,
    the table's scoring options and whether thirteen orphans may rob a concealed kong."""

    seed: str = "0"
    bots: str = "faan"
    fuzz: int = DEFAULT_FUZZ
    close_rate: float = 0.0
    scoring: ScoringOptions = DEFAULT_OPTIONS
    rob_concealed_kong: bool = True
    #: the table's options (``--option``; None: the defaults with ``scoring``)
    table: MahjongOptions | None = None

    def options(self, number: int) -> MahjongOptions:
        """Game ``number``'s options: the prevailing wind changes every round of four games."""
        if self.table is not None:
            return dataclasses.replace(self.table, prevailing=prevailing_of(number))
        return MahjongOptions(
            scoring=self.scoring,
            prevailing=prevailing_of(number),
            orphans_rob_concealed_kong=self.rob_concealed_kong,
        )

    def kinds(self, number: int) -> dict[Seat, str]:
        """The bot at each seat of game ``number``."""
        if self.bots == "mixed":
            return {s: MIXED[(s + number - 1) % 4] for s in Seat}
        return dict.fromkeys(Seat, self.bots)


#: the Tally's whole-number fields (its counters are ``faan``, ``seats`` and ``wins``)
TALLY_SCALARS: Final = (
    "games",
    "won",
    "drawn",
    "self_drawn",
    "on_discard",
    "robbed_kong",
    "commission",
    "events",
    "fuzz_points",
    "fuzzed",
    "refused",
    "accepted",
)


@dataclass(slots=True)
class Tally:
    """The counts of a run (or of a part of it); :meth:`add` sums two."""

    games: int = 0
    won: int = 0
    drawn: int = 0
    self_drawn: int = 0
    on_discard: int = 0
    robbed_kong: int = 0
    commission: int = 0
    events: int = 0
    fuzz_points: int = 0
    fuzzed: int = 0
    refused: int = 0
    accepted: int = 0
    #: won games by faan
    faan: Counter[int] = field(default_factory=Counter)
    #: seats played and games won by each kind of bot
    seats: Counter[str] = field(default_factory=Counter)
    wins: Counter[str] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        for name in TALLY_SCALARS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.faan.update(other.faan)
        self.seats.update(other.seats)
        self.wins.update(other.wins)


@dataclass(slots=True)
class SimResult:
    """A run: its counts, wall time, workers and the first broken invariant (or None)."""

    requested: int
    config: SimConfig
    tally: Tally
    seconds: float
    workers: int
    violation: Violation | None = None


def _census(game: MahjongGame, where: str) -> None:
    census = game.tile_census()
    if census != _TILES:
        missing = sorted((_TILES - census).elements())
        extra = sorted((census - _TILES).elements())
        raise InvariantError(
            "tiles conserved",
            f"{where}: {sum(census.values())} tiles; missing "
            f"{' '.join(map(str, missing)) or '-'}, extra {' '.join(map(str, extra)) or '-'}",
        )


def _state(game: MahjongGame) -> tuple[object, ...]:
    """The table's whole state as the seats may see it, and every concealed tile."""
    return (
        game.phase,
        game.wall_count,
        game.result,
        tuple(game.hand(s) for s in Seat),
        tuple(json.dumps(game.view(s), sort_keys=True) for s in Seat),
        json.dumps(game.view(), sort_keys=True),
    )


def _fingerprint(game: MahjongGame, seat: Seat) -> tuple[object, ...]:
    """What a refused command must leave as it was (cheap enough for every command): the log
    (the digest is a function of it and the options), the wall's count, every concealed tile,
    the seat's view."""
    return (
        game.log,
        game.wall_count,
        tuple(game.hand(s) for s in Seat),
        json.dumps(game.view(seat), sort_keys=True),
    )


def _describe(seat: Seat, move: Command | None) -> str:
    if move is None:
        return "close_claims"
    values = [str(v) for k, v in move.to_dict().items() if k != "type"]
    return " ".join([seat.name, move.TYPE, *values])


def drive(
    game: MahjongGame,
    bots: Mapping[Seat, Bot],
    shuffler: SeededShuffler,
    rng: random.Random,
    close_rate: float = 0.0,
) -> list[int]:
    """Deal and play ``game`` to its end (as :func:`~croupier.games.mahjong.bots.play_game`):
    the log's length at each decision point and at the end."""
    game.deal(shuffler)
    points: list[int] = []
    while game.result is None:
        if len(points) >= MAX_DECISIONS:
            raise InvariantError("the game ends", f"no result after {MAX_DECISIONS} decisions")
        points.append(len(game.log))
        if game.phase is MahjongPhase.TURN:
            seat = game.turn
            assert seat is not None
        else:
            if close_rate and rng.random() < close_rate:
                game.close_claims()
                continue
            waiting = game.waiting()
            if not waiting:
                raise InvariantError(
                    "someone is to act", f"phase {game.phase.value}, nobody on turn or waiting"
                )
            seat = waiting[0]
        legal = game.legal(seat)
        if not legal:
            raise InvariantError("a seat to act has a move", f"{seat.name} has no legal move")
        move = bots[seat].pick(game.view(seat), legal)
        if move not in legal:
            raise InvariantError("bots play legal moves", f"{_describe(seat, move)} not listed")
        try:
            game.play(seat, move)
        except CroupierError as exc:
            raise InvariantError(
                "a listed move is accepted", f"{_describe(seat, move)} refused: {exc}"
            ) from None
    points.append(len(game.log))
    return points


def check_game(game: MahjongGame) -> None:
    """The invariants of a finished game (see the module docstring); InvariantError names the
    first one broken."""
    result = game.result
    if game.phase not in _OVER or result is None:
        raise InvariantError("the game is over", f"phase {game.phase.value}")
    if not game.log or game.log[-1] != result:
        raise InvariantError("the game is over", "the log does not end with the result")
    scoring = game.options.scoring
    if isinstance(result, GameWon):
        net = result.net
        if sum(net) + result.commission != 0:
            raise InvariantError(
                "payments balance",
                f"net {list(net)} + commission {result.commission} = "
                f"{sum(net) + result.commission}",
            )
        if result.commission < 0:
            raise InvariantError("payments balance", f"commission {result.commission} < 0")
        if net[result.seat] <= 0:
            raise InvariantError("the winner gains", f"{result.seat.name} nets {net[result.seat]}")
        losers = [s for s in Seat if s is not result.seat and net[s] > 0]
        if losers:
            raise InvariantError("only the winner gains", f"{losers[0].name} nets {net[losers[0]]}")
        if not scoring.min_faan <= result.faan <= scoring.limit:
            raise InvariantError(
                "faan within the table's minimum and limit",
                f"{result.faan} faan, the table's minimum is {scoring.min_faan} and its limit "
                f"{scoring.limit}",
            )
        if result.discarder is result.seat:
            raise InvariantError(
                "a discard won is another seat's", f"{result.seat.name} won his own"
            )
    elif game.wall_count != 0:
        raise InvariantError("a drawn game has an empty wall", f"{game.wall_count} tiles left")
    _census(game, "at the end")
    digest = game.digest()
    state = _state(game)
    for how in ("replay from the log", "replay from the JSON record"):
        try:
            if how == "replay from the log":
                again = MahjongGame.replay(game.options, game.log)
            else:
                again = MahjongGame.from_record(json.loads(json.dumps(game.to_record())))
        except CroupierError as exc:
            raise InvariantError(how, f"refused: {exc}") from None
        if again.digest() != digest:
            raise InvariantError(how, f"digest {again.digest()}, not {digest}")
        if _state(again) != state:
            raise InvariantError(how, "the rebuilt state differs from the played one")


def _can(game: MahjongGame, seat: Seat, move: Command) -> bool:
    """The ``can_x`` of the game command ``move`` stands for."""
    in_window = game.window is not None
    match move:
        case Discard(tile=tile):
            return game.can_discard(seat, tile)
        case Kong(tile=tile) if in_window:
            return (
                game.window is not None
                and tile == game.window[0]
                and (game.can_claim(seat, ClaimKind.KONG))
            )
        case Kong(tile=tile):
            return game.can_declare_kong(seat, tile)
        case Win():
            return game.can_claim(seat, ClaimKind.WIN) if in_window else game.can_win(seat)
        case Pung():
            return game.can_claim(seat, ClaimKind.PUNG)
        case Chow(first=first):
            return game.can_claim(seat, ClaimKind.CHOW, first)
        case Pass():
            return game.can_pass_claim(seat)
    return False


@dataclass(frozen=True, slots=True)
class _NoSuchCommand(Command):
    """A command that is not Mah-Jong's (the fuzzer's)."""

    TYPE = "draw"


def _random_command(game: MahjongGame, rng: random.Random) -> tuple[Seat, Command | None]:
    """A random seat's random command (None: the table's ``close_claims``)."""
    actors = [game.turn] if game.turn is not None else list(game.waiting())
    seat = rng.choice(actors) if actors and rng.random() < 0.6 else rng.choice(list(Seat))
    action = rng.choice(_ACTIONS)
    if action == "close":
        return seat, None
    if rng.random() < 0.02:
        return seat, _NoSuchCommand()
    hand = game.hand(seat)
    window = game.window
    r = rng.random()
    tile: Tile
    if r < 0.45 and hand:
        tile = rng.choice(hand)
    elif r < 0.65 and window is not None:
        tile = Tile(max(0, window[0].code - rng.randrange(3)))
    else:
        tile = rng.choice(KINDS)
    commands: dict[str, Command] = {
        "discard": Discard(tile),
        "kong": Kong(tile),
        "win": Win(),
        "pung": Pung(),
        "chow": Chow(tile),
        "pass": Pass(),
    }
    return seat, commands[action]


def _give(game: MahjongGame, seat: Seat, move: Command | None) -> None:
    if move is None:
        game.close_claims()
    else:
        game.play(seat, move)


def _fuzz_point(game: MahjongGame, rng: random.Random, tally: Tally) -> None:
    for seat in Seat:
        for listed in game.legal(seat):
            if not _can(game, seat, listed):
                raise InvariantError(
                    "listed moves pass their checks", f"{_describe(seat, listed)} fails its can_x"
                )
    _census(game, f"after event {len(game.log)}")
    start = game.log
    accepted = False
    for _ in range(FUZZ_TRIES):
        seat, move = _random_command(game, rng)
        what = _describe(seat, move)
        if move is None:
            allowed = game.window is not None
            if game.can_close_claims() != allowed:
                raise InvariantError("can_x agrees with legal", f"can_close_claims for {what}")
        else:
            allowed = move in game.legal(seat)
            if _can(game, seat, move) != allowed:
                raise InvariantError(
                    "can_x agrees with legal",
                    f"{what}: can_x says {not allowed}, legal() {'lists' if allowed else 'not'}",
                )
        before = _fingerprint(game, seat)
        tally.fuzzed += 1
        try:
            _give(game, seat, move)
        except CroupierError as exc:
            tally.refused += 1
            if allowed:
                raise InvariantError("a listed command is accepted", f"{what}: {exc}") from None
            if _fingerprint(game, seat) != before:
                raise InvariantError(
                    "a refused command changes nothing", f"{what}: {exc}"
                ) from None
        except Exception as exc:
            raise InvariantError(
                "a refusal is a typed CroupierError", f"{what}: {type(exc).__name__}: {exc}"
            ) from None
        else:
            tally.accepted += 1
            accepted = True
            if not allowed:
                raise InvariantError(
                    "no illegal command is accepted", f"{what} accepted, not in legal()"
                )
            _census(game, f"after the fuzzed {what}")
    if not accepted and game.log != start:  # the digest is a function of the log
        raise InvariantError("a refused command changes nothing", "the log changed")


def fuzz_game(
    game: MahjongGame, points: Sequence[int], k: int, rng: random.Random, tally: Tally
) -> None:
    """Fuzz ``k`` of the decision ``points`` (log lengths) of a finished game, each on a copy
    rebuilt by replay (see the module docstring)."""
    if k <= 0 or not points:
        return
    log = game.log
    for n in sorted(rng.sample(list(points), min(k, len(points)))):
        try:
            copy = MahjongGame.replay(game.options, log[:n])
        except CroupierError as exc:
            raise InvariantError("replay from the log", f"the first {n} events: {exc}") from None
        tally.fuzz_points += 1
        _fuzz_point(copy, rng, tally)


def simulate_game(config: SimConfig, number: int) -> tuple[MahjongGame, Tally]:
    """Play game ``number`` of a run, check it and fuzz it; InvariantError when it breaks one."""
    rng = random.Random(f"bots:{config.seed}:{number}")
    kinds = config.kinds(number)
    bots = {s: make_bot(kinds[s], rng, config.scoring.min_faan) for s in Seat}
    game = MahjongGame(config.options(number))
    points = drive(
        game, bots, SeededShuffler(f"wall:{config.seed}:{number}"), rng, config.close_rate
    )
    check_game(game)
    tally = Tally(games=1, events=len(game.log))
    tally.seats.update(kinds.values())
    result = game.result
    if isinstance(result, GameWon):
        tally.won += 1
        tally.faan[result.faan] += 1
        tally.wins[kinds[result.seat]] += 1
        tally.commission += result.commission
        if result.discarder is None:
            tally.self_drawn += 1
        else:
            tally.on_discard += 1
            tally.robbed_kong += result.robbed_kong
    else:
        tally.drawn += 1
    fuzz_game(game, points, config.fuzz, random.Random(f"fuzz:{config.seed}:{number}"), tally)
    return game, tally


def _one(config: SimConfig, number: int) -> Tally | Violation:
    try:
        return simulate_game(config, number)[1]
    except InvariantError as exc:
        return Violation(number, exc.invariant, exc.detail)
    except CroupierError as exc:
        return Violation(number, "the engine refuses nothing a bot game needs", str(exc))
    except Exception as exc:
        return Violation(number, "no untyped error", f"{type(exc).__name__}: {exc}")


def simulate_chunk(config: SimConfig, first: int, count: int) -> tuple[Tally, Violation | None]:
    """Games ``first`` .. ``first + count - 1``, stopping at the first broken invariant."""
    tally = Tally()
    for number in range(first, first + count):
        out = _one(config, number)
        if isinstance(out, Violation):
            return tally, out
        tally.add(out)
    return tally, None


def run_simulation(
    games: int,
    config: SimConfig,
    *,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    scheduler: str = "auto",
    resume: Path | None = None,
) -> SimResult:
    """Play ``games`` games on the chunked runner
    (:mod:`~croupier.commands.simulate_mahjong_runner`: ``workers`` 1 in this process, more on
    a LocalCluster, ``scheduler`` a Dask cluster), stopping at the first broken invariant (the
    one of the lowest game number); ``progress(done, total)`` counts chunks. The counts are
    those of the games before the violation, whatever the workers."""
    from croupier.commands.simulate_mahjong_runner import run_chunked

    return run_chunked(
        games, config, scheduler=scheduler, workers=workers, resume=resume, progress=progress
    )[0]


def result_data(result: SimResult) -> dict[str, Any]:
    """The JSON summary of a run."""
    t, config = result.tally, result.config
    rate = t.games / result.seconds if result.seconds else None
    return {
        "game": "mahjong",
        "seed": config.seed,
        "requested": result.requested,
        "games": t.games,
        "bots": config.bots,
        "fuzz": config.fuzz,
        "close_rate": config.close_rate,
        "scoring": config.scoring.to_dict(),
        "orphans_rob_concealed_kong": config.rob_concealed_kong,
        "prevailing": PREVAILING_READING,
        "won": t.won,
        "drawn": t.drawn,
        "self_drawn": t.self_drawn,
        "on_discard": t.on_discard,
        "robbed_kong": t.robbed_kong,
        "win_rate": round(t.won / t.games, 4) if t.games else None,
        "faan": {str(f): n for f, n in sorted(t.faan.items())},
        "bot_wins": {
            kind: {"seats": t.seats[kind], "wins": t.wins[kind]} for kind in sorted(t.seats)
        },
        "commission": t.commission,
        "events": t.events,
        "fuzz_points": t.fuzz_points,
        "commands_fuzzed": t.fuzzed,
        "refused": t.refused,
        "accepted": t.accepted,
        "seconds": round(result.seconds, 3),
        "games_per_second": None if rate is None else round(rate, 2),
        "workers": result.workers,
        "invariants": "ok" if result.violation is None else result.violation.to_dict(),
    }


def _render(console: Console, data: Mapping[str, Any]) -> None:
    from rich.table import Table

    games = data["games"]
    console.print(
        f"[bold]Mah-Jong[/bold]: {games} games of {data['bots']} bots (seed {data['seed']!r}), "
        f"{data['fuzz']} fuzzed points a game; prevailing wind {data['prevailing']}",
        soft_wrap=True,
    )

    def share(n: int) -> str:
        return f"{n / games:.1%}" if games else "-"

    outcomes = Table(title="Games")
    outcomes.add_column("")
    outcomes.add_column("games", justify="right")
    outcomes.add_column("share", justify="right")
    for label, n in (
        ("won", data["won"]),
        ("  self-drawn", data["self_drawn"]),
        ("  on a discard", data["on_discard"]),
        ("    robbing a kong", data["robbed_kong"]),
        ("drawn (wall exhausted)", data["drawn"]),
    ):
        outcomes.add_row(label, str(n), share(n))
    console.print(outcomes)
    if data["faan"]:
        faan = Table(title="Won games by faan")
        faan.add_column("faan", justify="right")
        faan.add_column("games", justify="right")
        for f, n in data["faan"].items():
            faan.add_row(f, str(n))
        console.print(faan)
    if len(data["bot_wins"]) > 1:
        bots = Table(title="Wins by bot")
        for col in ("bot", "seats", "wins", "per seat"):
            bots.add_column(col, justify="left" if col == "bot" else "right")
        for kind, c in data["bot_wins"].items():
            rate = f"{c['wins'] / c['seats']:.1%}" if c["seats"] else "-"
            bots.add_row(kind, str(c["seats"]), str(c["wins"]), rate)
        console.print(bots)
    checks = Table(title="Checks")
    checks.add_column("")
    checks.add_column("count", justify="right")
    checks.add_row("events played and replayed twice", f"{data['events']:,}")
    checks.add_row("fuzzed points", f"{data['fuzz_points']:,}")
    checks.add_row("random commands", f"{data['commands_fuzzed']:,}")
    checks.add_row("  refused unchanged", f"{data['refused']:,}")
    checks.add_row("  accepted (listed by legal)", f"{data['accepted']:,}")
    checks.add_row("house commission", f"{data['commission']:,}")
    console.print(checks)
    rate = data["games_per_second"]
    console.print(
        f"{data['seconds']:.1f} s, {rate:,.1f} games/s on {data['workers']} worker(s)"
        if rate is not None
        else f"{data['seconds']:.1f} s"
    )
    if data["invariants"] == "ok":
        console.print(
            "invariants: ok (every game: 136 tiles at its end and at each fuzzed point, replay "
            "from the log and from the JSON record to the same state and digest, payments "
            "balancing, faan between the minimum and the limit, a drawn game's wall empty; every "
            "fuzzed command refused unchanged or accepted exactly when legal() lists it)",
            soft_wrap=True,
        )


def simulate_mahjong(
    *,
    games: int | None,
    bots: str | None,
    seed: str,
    fuzz: int | None,
    close_rate: float | None,
    workers: int | None,
    scoring: ScoringOptions,
    as_json: bool,
    rob_concealed_kong: bool = True,
    table: MahjongOptions | None = None,
    out: Path | None = None,
    scheduler: str = "auto",
    resume: Path | None = None,
) -> None:
    """``croupier simulate mahjong`` (see the module docstring; None: the default): exit 1 and
    the game's number when an invariant breaks, 2 for a bad flag. The games run on the chunked
    runner (:mod:`~croupier.commands.simulate_mahjong_runner`: ``--scheduler``, ``--workers``,
    ``--resume``); each game is the same wherever it is played."""
    games = DEFAULT_SIM_GAMES if games is None else games
    bots = "faan" if bots is None else bots
    fuzz = DEFAULT_FUZZ if fuzz is None else fuzz
    close_rate = 0.0 if close_rate is None else close_rate
    if games < 1:
        fail(f"--games {games}: simulate one game at least")
    kind = bots.strip().lower()
    if kind not in SIM_BOTS:
        fail(f"--bots {bots!r}: the bots are {', '.join(SIM_BOTS)}")
    if fuzz < 0:
        fail(f"--fuzz {fuzz}: the fuzzed points a game are 0 or more")
    if not 0.0 <= close_rate < 1.0:
        fail(f"--close-rate {close_rate}: a probability in [0, 1)")
    if workers is not None and workers < 1:
        fail(f"--workers {workers}: one worker at least")
    config = SimConfig(
        seed=seed,
        bots=kind,
        fuzz=fuzz,
        close_rate=close_rate,
        scoring=scoring,
        rob_concealed_kong=rob_concealed_kong,
        table=table,
    )
    from croupier.commands.analysis_options import interrupt_kept
    from croupier.commands.simulate_mahjong_runner import run_chunked

    kwargs: dict[str, Any] = {"scheduler": scheduler, "workers": workers, "resume": resume}
    with croupier_errors(), interrupt_kept():
        if as_json:
            result, chunked = run_chunked(games, config, **kwargs)
        else:
            from croupier.analysis.progress import chunk_progress

            console = make_console()
            with chunk_progress(console, "playing") as progress:
                result, chunked = run_chunked(games, config, progress=progress, **kwargs)
    data = result_data(result)
    run_info = chunked.run_info()
    # the parameters as every run writes them (games first), and the chunks' own
    run_info["params"] = {"games": games, **run_info["params"]}
    data = {"run": run_info, **data}
    with croupier_errors():
        write_run(out, data)
    if as_json:
        print_json(data)
    else:
        _render(console, data)
        if out is not None:
            console.print(f"wrote {out}")
    if result.violation is not None:
        typer.echo(
            f"error: invariant broken in {result.violation} (seed {seed!r}; the game is "
            f"reproduced by --seed {seed!r} --games {result.violation.game} --workers 1)",
            err=True,
        )
        raise typer.Exit(EXIT_INVARIANT)
