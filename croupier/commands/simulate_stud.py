"""``croupier simulate five-card-stud``: many hands at a table of bots, the invariants checked
after every hand and the log replayed as it is written.

The run is streamed (issue 22): every event is checked by the rules as the table commits it
(the engine refuses what an article forbids), and after every hand the table's new events are
released from memory once digested (:meth:`~croupier.protocol.Game.release_log`: each event
encoded once, into the running SHA-256 of the record). A twin table replays the log a second
time (:meth:`~croupier.protocol.Game.follow`: every event checked again by the rules, as a
replay of the log would): the first hand from the log's first event, then one hand in
:data:`REPLAY_EVERY` and the last, each from a restore of the table as it stood before the hand,
and its end must equal the table's (``replay_every = 1``: one twin follows every event of the
run, as before; the second pass of issue 22 sampled it: the twin was about a fifth of the
run's time). Memory stays flat however many hands are played, and nothing is left to do once
the last hand is settled. Bots bet at most the table's least capital at a time (Art 6: 2,000 at
the 20 table), so pots stay at the table's level. The time reported is the run's wall time,
start to end.

On the chunked runner (:mod:`croupier.analysis.runner`: ``--scheduler none|local|tcp://HOST:PORT``,
``--workers N`` (1: in this process, more: a LocalCluster) or ``--resume FILE``; the default
``auto`` plays the one table above, in this process, as before), the hands are cut into chunks of
:data:`CHUNK_HANDS`: chunk ``k`` is a table of its own (every seat at the least capital), seeded by
``SeedSequence(root of the seed, k)`` (:meth:`~croupier.analysis.runner.Chunk.text_seed`), played,
checked and replayed as above (:func:`stud_chunk`). Its figures are integer counts, summed; the
largest pot is the largest of the chunks', and the digest is the SHA-256 of the chunks' digests in
chunk order. So the same seed gives bit-for-bit the same result serially and on any number of
workers; it is not the one table's result (a chunk's first hand starts from fresh stacks).
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final

from croupier.commands.analysis_run import interrupt_kept, run_record, write_run
from croupier.commands.output import (
    croupier_errors,
    fail,
    make_console,
    nothing_left_open,
    print_json,
)
from croupier.errors import CroupierError
from croupier.protocol import encode

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from croupier.analysis.runner import Chunk, Counts, RunResult
    from croupier.games.five_card_stud.bots import Bot
    from croupier.games.five_card_stud.events import HandSettled
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.games.five_card_stud.round import StudGame

__all__ = [
    "CHUNK_HANDS",
    "DEFAULT_SIM_HANDS",
    "DEFAULT_SIM_SEATS",
    "REPLAY_EVERY",
    "SIM_BOTS",
    "run_chunked",
    "run_simulation",
    "simulate_stud",
    "stud_chunk",
]

#: ``--bots`` of ``simulate``: every seat the same kind, or strength and random alternately.
SIM_BOTS: Final = ("random", "strength", "mixed")
DEFAULT_SIM_HANDS: Final = 1_000
DEFAULT_SIM_SEATS: Final = 4
#: hands a chunk of the chunked run plays, at a table of its own
CHUNK_HANDS: Final = 1_000
#: a hand's CPU seconds on one core, ``auto``'s estimate of the work (2026-11-29, 2-core AMD
#: EPYC VM: ~4,300 hands per CPU second at 6 seats)
HAND_SECONDS: Final = 0.00025
ANALYSIS: Final = "simulate-five-card-stud"


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
    #: the log's digest (SHA-256 of its record), streamed as the hands were played
    digest: str = ""


class InvariantError(Exception):
    """The first invariant a simulated table broke."""


def _bot_kinds(bots: str, seats: int) -> dict[int, str]:
    if bots == "mixed":
        return {s: ("strength" if s % 2 else "random") for s in range(1, seats + 1)}
    return dict.fromkeys(range(1, seats + 1), bots)


def _make_bot(kind: str, rng: random.Random, cap: int | None = None) -> Bot:
    """A bot of ``kind`` (``play`` deals its bots with it too); ``cap``: the most it puts in
    one bet or raise (None: no cap)."""
    from croupier.games.five_card_stud.bots import RandomBot, StrengthBot

    return StrengthBot(rng, cap=cap) if kind == "strength" else RandomBot(rng, cap=cap)


def _top_up(game: StudGame) -> list[tuple[int, int]]:
    """Art 6: everyone below the threshold brought up to the least capital."""
    done: list[tuple[int, int]] = []
    # the seated players who must, in seat order (owing_top_ups less its first test: a run asks
    # only when some may owe, by the least it knows); the table's own stacks, as they are: a
    # seat's stack is read before its own top-up only
    stacks = game._stacks
    due = game._owing_seats()
    if due:
        least = game._min_buy_in
        for seat in due:
            amount = least - stacks[seat]
            game.top_up(seat, amount)
            done.append((seat, amount))
    return done


def _check_hand(
    game: StudGame,
    settled: HandSettled,
    bought: int,
    number: int,
    initial: dict[int, int] | None = None,
) -> int | None:
    """The invariants after one hand; InvariantError names the first one broken. ``initial``:
    the initial commission of a hand by the seats dealt in, kept as they are worked out (a
    run's table deals in the same seats hand after hand). Returns the least stack at the table
    (None: nobody seated)."""
    # the table's own stacks and take, read as they are (the ``stacks`` property copies them:
    # ~4k instructions of this check's 12k a hand); their sum and the least in one loop (sum's
    # and min's calls cost more for a table's few seats: min parses its keywords)
    stacks = game._stacks
    house = game._house
    total = house
    least = None
    for stack in stacks.values():
        total += stack
        if least is None or stack < least:
            least = stack
    if total != bought:
        raise InvariantError(
            f"chips conserved: after hand {number} stacks {sum(stacks.values())} + house "
            f"{house} != bought in {bought}"
        )
    if least is not None and least < 0:
        raise InvariantError(f"stacks non-negative: after hand {number}: {dict(stacks)}")
    # after the top-ups every seat is dealt in: the initial commission is known (Art 8)
    seats = len(stacks)
    taken = None if initial is None else initial.get(seats)
    if taken is None:
        taken = _initial_commission(game.options, seats)
        if initial is not None:
            initial[seats] = taken
    for pot in settled.pots:
        kept = pot.commission + pot.odd_to_house
        paid = kept
        for _, amount in pot.paid:
            paid += amount
        if paid != pot.amount:
            raise InvariantError(f"pots paid in full: hand {number}: {pot}")
        taken += kept
    if settled.house != taken:
        raise InvariantError(
            f"house take: hand {number}: the house took {settled.house}, not the initial "
            f"commission and commissions {taken}"
        )
    return least


def _initial_commission(table: StudOptions, seats: int) -> int:
    """The initial commission of a hand dealt to ``seats`` seats (Art 8)."""
    from croupier.games.five_card_stud.rules import InitialCommission

    each = table.initial_commission is InitialCommission.EACH
    return table.commission_per_hand * (seats if each else 1)


def _fingerprint(game: StudGame) -> tuple[object, ...]:
    return (
        game.event_count,
        dict(game.stacks),
        game.house,
        game.hands_played,
        game.phase,
        game.deck,
        game.last_settlement,
    )


def _standing(game: StudGame, house_before: int = 0) -> tuple[object, ...]:
    """What a table replayed from a restore must end as: :func:`_fingerprint` less the events
    before the restore (their count, the house's take before it). Read from the table's own
    fields, as they are (the properties' values; the standing is compared at once, never kept)."""
    return (
        game._stacks,
        game._house - house_before,
        game._hands,
        game._phase,
        (game._deck, game._deck_deals),
        game._settled,
        game._owing,
    )


def _restored_twin(game: StudGame) -> StudGame:
    """A twin of ``game`` between hands, opened with a restore of the table as it stands (the
    players and their capital, the deck and its deals, the hands played; Art 6's top-ups owed),
    as a hand history opens: it then follows the next hand's events, every one checked again.
    The twin is of the game's own class."""
    from croupier.games.five_card_stud.events import make_seat_record as record

    twin = type(game)(game._options)
    players, stacks = game._players, game._stacks  # read only: no copies
    twin.restore(
        tuple([record(s, players[s], stacks[s]) for s in sorted(players)]),
        deck=game._deck,
        deck_deals=game._deck_deals,
        hands=game._hands,
    )
    if game._owing:
        twin.top_ups_due(sorted(game._owing))
    return twin


#: the modules :func:`run_simulation` (and :func:`simulate_stud`) import as they start: the game's
#: (a caller may load them first: the command line does, see croupier.commands.simulate)
RUN_MODULES: Final = (
    "croupier.games.five_card_stud.bots",
    "croupier.games.five_card_stud.options",
    "croupier.games.five_card_stud.round",
    "croupier.games.five_card_stud.rules",
    "croupier.shuffle",
)
#: a twin table replays one hand in this many (and the first and the last hand) by default: every
#: event of every hand is checked by the engine as it is committed; the twin checks the hands it
#: replays a second time, from the log (``replay_every = 1``: every hand, one twin from the first
#: event to the last, as before issue 22's second pass)
REPLAY_EVERY: Final = 10
#: the young generation's threshold of the garbage collector while the hands are played (Python's
#: default: 700); see :func:`run_simulation`
GC_YOUNG: Final = 7_000


def run_simulation(
    hands: int,
    seats: int,
    bots: str,
    seed: str,
    *,
    progress: Callable[[int], None] | None = None,
    options: StudOptions | None = None,
    replay_every: int = REPLAY_EVERY,
) -> SimResult:
    """Play ``hands`` hands at a table of ``seats`` bots under ``options`` (None: the
    defaults), checking the invariants after every hand (``violation``: the first invariant
    broken). Every event is checked by the rules as the table commits it; a twin table
    replays the log again: with ``replay_every = 1`` every hand, one twin following the whole
    log as it comes (the end compared with the table's); else the first hand (from the log's
    first event), every ``replay_every``-th hand and the last, each from a restore of the table
    as it stood before the hand (:func:`_restored_twin`), its end compared with the table's.
    The hands, the tallies and the digest are the same whatever ``replay_every``."""
    t0 = time.perf_counter()  # the run's wall time: the game's modules loaded included
    from croupier.games.five_card_stud.bots import new_table, play_hand
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.games.five_card_stud.round import StudGame
    from croupier.shuffle import SeededShuffler

    if replay_every < 1:
        raise ValueError(f"replay_every is a whole number >= 1, got {replay_every}")
    table = StudOptions() if options is None else options
    shuffler = SeededShuffler(f"deck:{seed}")
    rng = random.Random(f"bots:{seed}")
    kinds = _bot_kinds(bots, seats)
    players = {s: _make_bot(k, rng, cap=table.min_buy_in) for s, k in kinds.items()}
    game = new_table(table, seats)
    every = replay_every == 1
    twin: StudGame | None = StudGame(table)  # the replay, as the events come
    bought = table.min_buy_in * seats
    result = SimResult(game, kinds, 0, 0.0)
    step = max(1, hands // 200)  # the bar moves by half a percent: drawing it costs time too
    house_before = 0
    initial: dict[int, int] = {}  # the initial commission by the seats dealt in (Art 8)
    # the least stack after the last hand (None: not known), as _check_hand found it: nothing
    # changes a stack before the next hand's top-ups, so when nobody owes one (Art 6) and it is
    # at the threshold, the top-ups (owing_top_ups: none) are not asked for again
    least: int | None = None
    below = table.top_up_below
    # A hand leaves no cyclic garbage, but its caches (the decisions' shared events and texts)
    # grow a little every hand, so the young collections came every ~70 hands, each walking
    # the young objects and every tenth the middle generation, to find nothing: collect the
    # young generation every GC_YOUNG allocations while the hands are played (0.3% of a
    # 10,000-hand run's instructions; the garbage of a cycle, if a hand made one, lives a
    # little longer), the previous thresholds back after the run
    thresholds = gc.get_threshold()
    gc.set_threshold(max(GC_YOUNG, thresholds[0]), *thresholds[1:])
    try:
        assert twin is not None
        twin.follow(game.release_log())
        if every:
            twin.release_log(digest=False)
        for n in range(1, hands + 1):
            if not every:  # this hand replayed: the first, every replay_every-th, the last
                if n == 1:
                    pass  # the twin that followed the table's opening
                elif n % replay_every == 0 or n == hands:
                    twin, house_before = _restored_twin(game), game.house
                else:
                    twin = None
            if least is None or least < below or game._owing:
                for _, amount in _top_up(game):
                    bought += amount
                    result.topped_up += amount
            settled = play_hand(game, players, shuffler, rng)
            result.hands = n
            if settled.showdown:
                result.showdowns += 1
            else:
                result.folds += 1
            pot = 0
            for p in settled.pots:
                pot += p.amount
            if pot > result.largest_pot:
                result.largest_pot, result.largest_pot_hand = pot, n
            least = _check_hand(game, settled, bought, n, initial)
            released = game.release_log()
            if twin is not None:
                try:
                    twin.follow(released)
                except CroupierError as exc:
                    raise InvariantError(f"replay: hand {n}: {exc}") from None
                twin.release_log(digest=False)  # checked: the twin keeps nothing
                if not every and _standing(twin) != _standing(game, house_before):
                    raise InvariantError(
                        f"replay: hand {n}: the table replayed from its log does not end as "
                        "the table did"
                    )
            if progress is not None and (n % step == 0 or n == hands):
                progress(n)
        if every and twin is not None and _fingerprint(twin) != _fingerprint(game):
            raise InvariantError(
                "replay: the table replayed from its log does not end as the table did"
            )
    except InvariantError as exc:
        result.violation = str(exc)
    finally:
        gc.set_threshold(*thresholds)
    result.digest = game.digest()
    result.seconds = time.perf_counter() - t0
    return result


def stud_chunk(chunk: Chunk) -> Counts:
    """One chunk of the chunked run: ``chunk.size`` hands at a table of its own, seeded by the
    chunk's stream, every hand checked and replayed (:func:`run_simulation`); its figures as
    integer counts (hands numbered in the whole run; ``violation_hand`` 0: none broken;
    ``digest``: the table log's SHA-256 as an integer)."""
    from croupier.analysis.runner import text_count
    from croupier.games.five_card_stud.options import StudOptions

    params = chunk.params
    options = StudOptions.from_dict(params["options"])
    sim = run_simulation(
        chunk.size, params["seats"], params["bots"], chunk.text_seed(), options=options
    )
    first = chunk.index * params["chunk_hands"]  # hands of the run before this chunk
    return {
        "hands": sim.hands,
        "showdowns": sim.showdowns,
        "folds": sim.folds,
        "house": sim.game.house,
        "topped_up": sim.topped_up,
        "largest_pot": sim.largest_pot,
        "largest_pot_hand": first + sim.largest_pot_hand if sim.largest_pot else 0,
        "violation_hand": first + sim.hands if sim.violation is not None else 0,
        # what broke, as a count (the text's bytes): the run names it without playing again
        "violation_text": 0 if sim.violation is None else text_count(sim.violation),
        "digest": int(sim.digest, 16),
    }


#: counts of a chunk that are not summed
_NOT_SUMMED: Final = (
    "largest_pot",
    "largest_pot_hand",
    "violation_hand",
    "violation_text",
    "digest",
)


def run_chunked(
    hands: int,
    seats: int,
    bots: str,
    seed: str,
    *,
    options: StudOptions,
    scheduler: str,
    workers: int | None = None,
    resume: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunk_hands: int = CHUNK_HANDS,
) -> tuple[RunResult, dict[str, Any]]:
    """The chunked run (see the module docstring): the runner's result and the figures (the
    keys of :func:`simulate_stud`'s JSON that a chunked run has); ``chunk_hands``: the hands
    of a chunk (a part of the plan: another size is another run)."""
    import hashlib

    from croupier.analysis.runner import Plan, count_text, run

    params = {
        "seats": seats,
        "bots": bots,
        "chunk_hands": chunk_hands,
        "options": options.to_dict(),
    }
    plan = Plan(ANALYSIS, seed, hands, chunk_hands, params)
    result = run(
        plan,
        stud_chunk,
        scheduler=scheduler,
        workers=workers,
        progress=progress,
        resume=resume,
        unit_seconds=HAND_SECONDS,
    )
    chunks = [result.per_chunk[k] for k in sorted(result.per_chunk)]
    total = {k: v for k, v in result.total.items() if k not in _NOT_SUMMED}
    largest = max(chunks, key=lambda c: (c["largest_pot"], -c["largest_pot_hand"]))
    broken = [c for c in chunks if c["violation_hand"]]
    digest = hashlib.sha256("".join(f"{c['digest']:064x}" for c in chunks).encode()).hexdigest()
    violation: str | None = None
    if broken:  # the first chunk that broke one, its hand numbered in the whole run
        first = broken[0]
        violation = (
            f"hand {first['violation_hand']} (chunk {chunks.index(first)}): "
            f"{count_text(first['violation_text'])}"
        )
    figures: dict[str, Any] = {
        **total,
        "largest_pot": {"hand": largest["largest_pot_hand"], "amount": largest["largest_pot"]},
        "digest": digest,
        "violation": violation,
    }
    return result, figures


def simulate_stud(
    *,
    hands: int,
    seats: int,
    bots: str,
    seed: str,
    as_json: bool,
    options: StudOptions | None = None,
    out: Path | None = None,
    scheduler: str = "auto",
    workers: int | None = None,
    resume: Path | None = None,
) -> None:
    """``croupier simulate five-card-stud``: play, count the chips every hand, replay the log
    (``options``: the table's, from ``--option``; None: the defaults). The JSON, and the
    ``--out`` file (JSON, or CSV with one row), carry the run: seed, version, parameters.
    ``scheduler`` other than ``auto``, ``workers`` or ``resume``: the chunked run (module
    docstring)."""
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.games.five_card_stud.rules import MIN_SEATS

    options = StudOptions() if options is None else options
    if not MIN_SEATS <= seats <= options.seats:
        fail(
            f"--seats {seats}: a five-card stud table seats {MIN_SEATS} to {options.seats} "
            "(Art 3; --option seats=N)"
        )
    kind = bots.strip().lower()
    if kind not in SIM_BOTS:
        fail(f"--bots {bots!r}: the bots are {', '.join(SIM_BOTS)}")
    if scheduler.strip().lower() != "auto" or resume is not None or workers is not None:
        _simulate_chunked(
            hands=hands,
            seats=seats,
            bots=kind,
            seed=seed,
            as_json=as_json,
            options=options,
            out=out,
            scheduler=scheduler,
            workers=workers,
            resume=resume,
        )
        return
    with croupier_errors():
        if as_json:
            sim = run_simulation(hands, seats, kind, seed, options=options)
        else:
            from rich.progress import Progress

            console = make_console()
            # the bar covers the whole run: each hand is checked and replayed as it is played,
            # so when the bar is full the simulation is done
            with Progress(console=console, transient=True) as bar:
                task = bar.add_task("dealing, checking, replaying", total=hands)
                sim = run_simulation(
                    hands,
                    seats,
                    kind,
                    seed,
                    progress=lambda n: bar.update(task, completed=n),
                    options=options,
                )
        game = sim.game
        played = max(sim.hands, 1)
        params = {
            "hands": hands,
            "seats": seats,
            "bots": kind,
            # every option, even one a record leaves out when it is the old rule
            "options": {f.name: encode(getattr(options, f.name)) for f in fields(options)},
        }
        data: dict[str, Any] = {
            "run": run_record("simulate-five-card-stud", seed, params),
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
            "digest": sim.digest,
            "invariants": "ok" if sim.violation is None else sim.violation,
        }
        write_run(out, data)
        if as_json:
            print_json(data)
        else:
            _render_simulation(console, data)
            if out is not None:
                console.print(f"wrote {out}")
        nothing_left_open()  # the one table in this process: its --out written and closed
        if sim.violation is not None:
            fail(f"invariant violated: {sim.violation}")


def _simulate_chunked(
    *,
    hands: int,
    seats: int,
    bots: str,
    seed: str,
    as_json: bool,
    options: StudOptions,
    out: Path | None,
    scheduler: str,
    workers: int | None,
    resume: Path | None,
) -> None:
    """The chunked run of :func:`simulate_stud`: the same figures (but the final stacks: a
    chunk is a table of its own), the runner's record in ``run``."""
    from croupier.analysis.runner import check_scheduler

    with croupier_errors(), interrupt_kept():
        name = check_scheduler(scheduler)
        if name == "auto" and workers is not None:  # 1: in this process, more: a LocalCluster
            name = "none" if workers == 1 else "local"
        kwargs: dict[str, Any] = {
            "options": options,
            "scheduler": name,
            "workers": workers,
            "resume": resume,
        }
        if as_json:
            result, figures = run_chunked(hands, seats, bots, seed, **kwargs)
        else:
            from croupier.analysis.progress import chunk_progress

            console = make_console()
            with chunk_progress(console, "dealing, checking, replaying") as progress:
                result, figures = run_chunked(hands, seats, bots, seed, progress=progress, **kwargs)
        played = max(figures["hands"], 1)
        computed = result.units_computed
        violation = figures["violation"]
        data: dict[str, Any] = {
            "run": result.run_info(),
            "game": "five-card-stud",
            "seed": seed,
            "hands": figures["hands"],
            "seats": seats,
            "bots": bots,
            "kinds": {str(s): k for s, k in _bot_kinds(bots, seats).items()},
            "chunks": len(result.per_chunk),
            "chunk_hands": CHUNK_HANDS,
            "seconds": round(result.seconds, 3),
            "hands_per_second": round(computed / result.seconds, 1)
            if result.seconds and computed
            else None,
            "showdowns": figures["showdowns"],
            "folds": figures["folds"],
            "house": figures["house"],
            "house_per_hand": round(figures["house"] / played, 2),
            "largest_pot": figures["largest_pot"],
            "topped_up": figures["topped_up"],
            "digest": figures["digest"],
            "invariants": "ok" if violation is None else violation,
        }
        write_run(out, data)
        if as_json:
            print_json(data)
        else:
            console.print(
                f"{data['chunks']} chunks of up to {CHUNK_HANDS:,} hands, each a table of its "
                f"own (scheduler {result.scheduler}, {result.workers} worker(s)"
                + (f", {result.resumed} chunks resumed" if result.resumed else "")
                + ")"
            )
            _render_simulation(console, {**data, "digest_of": "the chunks' digests"})
            if out is not None:
                console.print(f"wrote {out}")
        if violation is not None:
            fail(f"invariant violated: {violation}")


def _render_simulation(console: Console, data: Mapping[str, Any]) -> None:
    from croupier.money import format_amount

    def chips(units: int) -> str:
        return format_amount(units, decimals=0)

    hands = data["hands"]
    console.print(
        f"[bold]Five-card stud[/bold]: {hands} hands at {data['seats']} seats of "
        f"{data['bots']} bots (seed {data['seed']!r})"
    )
    rate = data["hands_per_second"]
    console.print(
        f"{data['seconds']:,.2f} s wall time, {rate:,.0f} hands/s (play, checks and replay)"
        if rate is not None
        else "hands/s: -"
    )
    share = data["showdowns"] / hands if hands else 0.0
    console.print(
        f"Showdowns {data['showdowns']} ({share:.1%}), won by folds {data['folds']} "
        f"({1 - share:.1%})"
        if hands
        else "No hand played"
    )
    console.print(
        f"House take {chips(data['house'])} in all, {data['house_per_hand']:,.2f} a hand (Art 8, 9)"
    )
    largest = data["largest_pot"]
    console.print(f"Largest pot {chips(largest['amount'])} (hand {largest['hand']})")
    console.print(f"Topped up {chips(data['topped_up'])} in all (Art 6)")
    if "digest_of" in data:
        console.print(f"Digest (sha256 of {data['digest_of']}): {data['digest']}", soft_wrap=True)
    else:
        console.print(f"Log digest (sha256): {data['digest']}", soft_wrap=True)
    if data["invariants"] == "ok":
        console.print(
            "invariants: ok (after every hand: chips conserved, stacks non-negative, pots paid "
            "in full, house take; every event checked by the rules as the table committed it, "
            f"and the first hand, one in {REPLAY_EVERY} and the last replayed from the log by a "
            "twin table, every event checked again, the twin ending as the table)",
            soft_wrap=True,
        )
