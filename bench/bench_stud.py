"""Five-card stud benchmark: whole bot hands of croupier's engine beside PokerKit's fixed-limit
seven-card stud, in one process.

Run ``python -m bench.bench_stud [--players 2 6 7] [--hands N] [--repeats R] [--seed S]
[--profile H] [--json PATH]`` after ``pip install -e '.[bench]'`` (PokerKit is the peer).

* **Ours**: :func:`~croupier.games.five_card_stud.bots.run_table` on a fresh table
  (:func:`~croupier.games.five_card_stud.bots.new_table`, ``StudOptions()`` defaults: pot money
  20, buy-in 2,000, top up below 500, initial commission 20 from the pot, 4 % commission, no
  limit). Each hand is what :func:`~croupier.games.five_card_stud.bots.play_hand` does: top-ups
  of players below the threshold (Art 6), the pot money, a new deck every 10 hands (Art 2), the
  shuffle (:class:`~croupier.shuffle.SeededShuffler`, HMAC-SHA256 Fisher-Yates), the burn, the
  deal, every betting round with each bot decision checked by the engine and recorded as an
  event, and the settlement (pots, side pots, commission). Bots: ``RandomBot`` and
  ``StrengthBot``, drawing from one seeded :class:`random.Random`.
* **PokerKit**: ``FixedLimitSevenCardStud.create_state`` per hand (a PokerKit state is one hand;
  ante 20, bring-in 20, small bet 40, big bet 80, every stack 2,000, ``Mode.TOURNAMENT`` (the
  default), no rake) with automations for ante posting, bet collection, card burning, hole
  dealing, board dealing, runout-count selection, showing or mucking at the showdown, hand
  killing, chips pushing and pulling, so only the players' decisions are left to the bot.
  PokerKit shuffles its deck with the *global* ``random.shuffle`` when the state is created, so
  the global generator is seeded (``random.seed``) before each sample, outside the timed region.
* **Bot policy, both sides**: ``RandomBot``'s rule. With ``k`` legal kinds of action other than
  fold, fold with probability ``0.5 / (k + 1)`` (always when ``k == 0``), otherwise one of the
  ``k`` uniformly. Ours: check, call, bet, raise, with an amount half the time the least, else
  uniform in the legal range (no limit). PokerKit: bring-in, check-or-call, complete-bet-or-raise
  (fixed-limit amounts: the one legal amount). PokerKit forbids a fold when the player may check
  (and while the bring-in is due); our engine lets a player fold in turn at any time.
* **Timing**: samples of ``N`` hands. Every configuration first plays one untimed sample (the
  warm-up, which also gives the statistics: actions per hand, share of hands shown down); then
  ``R`` rounds each time every configuration once, in an order rotated from round to round, each
  sample with :func:`bench.common.time_once` (``time.perf_counter``, garbage collector off).
  Sample ``k`` of a configuration has its own seeds; the untimed sample replays sample 0 (the
  script checks both end with the same stacks). Reported: the median per configuration,
  hands/s = ``N`` / median, and ours ÷ PokerKit.

The games are not the same: five-card stud (Portaria 104/85/M) is dealt from 40 cards, five
cards each, up to four betting rounds, no limit; seven-card stud from 52 cards, seven each, five
betting rounds, fixed limit with a bring-in and four bets a round at most. The action counts
printed beside the speeds show how much betting each side's hands hold. The machine, Python and
PokerKit versions are printed with the figures and stored in the JSON. Machines are shared and
noisy: quote medians and ratios from one run.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import pstats
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, cast

from rich.console import Console
from rich.table import Table

from bench.common import environment, time_once, version_of
from croupier.games.five_card_stud.bots import (
    Bot,
    RandomBot,
    StrengthBot,
    new_table,
    run_table,
)
from croupier.games.five_card_stud.events import HandSettled, PlayerActed
from croupier.games.five_card_stud.options import StudOptions
from croupier.shuffle import SeededShuffler

if TYPE_CHECKING:
    from pokerkit import State

RESULTS = Path(__file__).with_name("results")
PEERS: Final = ("pokerkit",)
#: the targets of the issue: at 6 players, ours at least this many hands/s and faster than PokerKit
TARGET_HPS: Final = 5_000
TARGET_PLAYERS: Final = 6
#: PokerKit's stakes (fixed limit): ante (our pot money), bring-in, small bet, big bet, stack
PK_ANTE: Final = 20
PK_BRING_IN: Final = 20
PK_SMALL_BET: Final = 40
PK_BIG_BET: Final = 80
PK_STACK: Final = 2_000
#: RandomBot's default: fold with probability FOLD_WEIGHT / (legal non-fold kinds + 1)
FOLD_WEIGHT: Final = 0.5

#: what a sample ends with (stacks, house): the untimed replay of sample 0 must match it
Fingerprint = tuple[tuple[int, ...], int]


def engine_state() -> dict[str, Any]:
    """The git commit measured, and the engine files that differ from it (the working tree is
    what runs)."""
    root = Path(__file__).resolve().parent.parent

    def git(*cmd: str) -> str:
        try:
            done = subprocess.run(
                ["git", *cmd], cwd=root, capture_output=True, text=True, check=True, timeout=10
            )
        except (OSError, subprocess.SubprocessError):
            return ""
        return done.stdout

    dirty = git("status", "--porcelain", "--", "croupier")  # "XY path" lines
    return {
        "commit": git("rev-parse", "--short", "HEAD").strip() or "unknown",
        "uncommitted": [line[3:] for line in dirty.splitlines() if len(line) > 3],
    }


# ----- our engine ----------------------------------------------------------------------------
def _our_seeds(seed: int, players: int, k: int) -> tuple[str, str]:
    return f"stud5-deck-{seed}-{players}-{k}", f"stud5-bots-{seed}-{players}-{k}"


def our_sample(
    players: int, bot: str, hands: int, seed: int, k: int
) -> tuple[Callable[[], Fingerprint], Callable[[], dict[str, Any]]]:
    """A timed run of ``hands`` hands on a fresh table (built here, outside the timed region),
    and the statistics of that run (read from the table's log afterwards)."""
    table = StudOptions()
    deck_seed, bot_seed = _our_seeds(seed, players, k)
    rng = random.Random(bot_seed)
    kind = RandomBot if bot == "random" else StrengthBot
    bots: dict[int, Bot] = {s: kind(rng) for s in range(1, players + 1)}
    shuffler = SeededShuffler(deck_seed)
    game = new_table(table, players)
    topped = [0]

    def run() -> Fingerprint:
        result = run_table(table, bots, shuffler, rng, hands, game=game)
        topped[0] = result.topped_up
        return tuple(game.stacks[s] for s in sorted(game.stacks)), game.house

    def stats() -> dict[str, Any]:
        log = game.log
        settled = [e for e in log if isinstance(e, HandSettled)]
        actions = sum(isinstance(e, PlayerActed) for e in log)
        money_in = players * table.min_buy_in + topped[0]
        money_now = sum(game.stacks.values()) + game.house
        return {
            "hands": len(settled),
            "actions_per_hand": actions / len(settled),
            "showdown_share": sum(len(e.showdown) >= 2 for e in settled) / len(settled),
            "topped_up": topped[0],
            "money_conserved": money_in == money_now,
        }

    return run, stats


# ----- PokerKit ------------------------------------------------------------------------------
def _pk_seeds(seed: int, players: int, k: int) -> tuple[str, str]:
    return f"stud7-deck-{seed}-{players}-{k}", f"stud7-bots-{seed}-{players}-{k}"


def pk_sample(
    players: int, hands: int, seed: int, k: int
) -> tuple[Callable[[], Fingerprint], Callable[[], dict[str, Any]]]:
    """A timed run of ``hands`` PokerKit hands with the random bot, and a separate untimed
    replay of the same hands that gathers the statistics (reading each state's operations)."""
    from pokerkit import (
        Automation,
        BringInPosting,
        CheckingOrCalling,
        CompletionBettingOrRaisingTo,
        FixedLimitSevenCardStud,
        Folding,
        HoleCardsShowingOrMucking,
    )

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    create = FixedLimitSevenCardStud.create_state
    deck_seed, bot_seed = _pk_seeds(seed, players, k)

    def play(rng: random.Random, keep: list[State] | None) -> Fingerprint:
        state = None
        for _ in range(hands):
            state = create(
                automations,
                True,
                PK_ANTE,
                PK_BRING_IN,
                PK_SMALL_BET,
                PK_BIG_BET,
                PK_STACK,
                players,
            )
            while state.status:
                options: list[Callable[[], object]] = []
                if state.can_post_bring_in():
                    options.append(state.post_bring_in)
                if state.can_check_or_call():
                    options.append(state.check_or_call)
                if state.can_complete_bet_or_raise_to():
                    options.append(state.complete_bet_or_raise_to)
                if state.can_fold() and (
                    not options or rng.random() < FOLD_WEIGHT / (len(options) + 1)
                ):
                    state.fold()
                else:
                    options[rng.randrange(len(options))]()
            if keep is not None:
                keep.append(state)
        assert state is not None
        return tuple(state.stacks), 0

    def run() -> Fingerprint:
        return play(rng, None)

    def stats() -> dict[str, Any]:
        random.seed(deck_seed)
        states: list[State] = []
        fingerprint = play(random.Random(bot_seed), states)
        acts = (Folding, CheckingOrCalling, BringInPosting, CompletionBettingOrRaisingTo)
        actions = sum(isinstance(op, acts) for s in states for op in s.operations)
        shown = sum(
            any(isinstance(op, HoleCardsShowingOrMucking) for op in s.operations) for s in states
        )
        return {
            "hands": len(states),
            "actions_per_hand": actions / len(states),
            "showdown_share": shown / len(states),
            "money_conserved": all(sum(s.stacks) == players * PK_STACK for s in states),
            "fingerprint": fingerprint,
        }

    random.seed(deck_seed)  # PokerKit's deck: the global generator, seeded outside the timing
    rng = random.Random(bot_seed)
    return run, stats


# ----- the runs ------------------------------------------------------------------------------
@dataclass
class Config:
    key: str
    players: int
    implementation: str
    game: str
    bots: str
    times: list[float] = field(default_factory=list)
    fingerprints: list[Fingerprint] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    median_s: float = 0.0
    hands_per_s: float = 0.0
    vs_peer: float | None = None

    def sample(
        self, hands: int, seed: int, k: int
    ) -> tuple[Callable[[], Fingerprint], Callable[[], dict[str, Any]]]:
        if self.implementation == "croupier":
            return our_sample(self.players, self.bots, hands, seed, k)
        return pk_sample(self.players, hands, seed, k)


def configs_for(players: Sequence[int]) -> list[Config]:
    out = []
    for n in players:
        out += [
            Config(f"ours-random-{n}", n, "croupier", "five-card stud", "random"),
            Config(f"ours-strength-{n}", n, "croupier", "five-card stud", "strength"),
            Config(f"pokerkit-random-{n}", n, "pokerkit", "FL seven-card stud", "random"),
        ]
    return out


def timed(run: Callable[[], Fingerprint]) -> tuple[float, Fingerprint]:
    t, out = time_once(run)
    return t, cast(Fingerprint, out)


def measure(
    configs: list[Config], hands: int, repeats: int, seed: int, console: Console
) -> list[str]:
    """The untimed warm-up and statistics sample, then ``repeats`` timed rounds. Returns the
    consistency problems found (none expected)."""
    problems: list[str] = []
    for c in configs:
        run, stats = c.sample(hands, seed, 0)
        if c.implementation == "croupier":
            # warm-up (timed for the record only: the first one fills the showing-rank memo)
            t, fingerprint = timed(run)
            c.fingerprints.append(fingerprint)
            c.stats = stats()
            c.stats["warm_up_hands_per_s"] = hands / t
        else:
            c.stats = stats()  # untimed replay of sample 0, operations kept
            c.fingerprints.append(c.stats.pop("fingerprint"))
        if not c.stats["money_conserved"]:
            problems.append(f"{c.key}: the money at the table is not conserved")
        speed = c.stats.get("warm_up_hands_per_s")
        console.print(
            f"  untimed sample {c.key}: {c.stats['actions_per_hand']:.1f} actions/hand, "
            f"{c.stats['showdown_share']:.0%} to showdown"
            + ("" if speed is None else f" (warm-up {speed:,.0f} hands/s)")
        )
    for r in range(repeats):
        shift = r % len(configs)
        for c in configs[shift:] + configs[:shift]:
            run, _ = c.sample(hands, seed, r)
            t, fingerprint = timed(run)
            c.times.append(t)
            if r == 0 and fingerprint != c.fingerprints[0]:
                problems.append(f"{c.key}: the timed sample 0 differs from its untimed replay")
        console.print(
            f"  round {r + 1}/{repeats}: "
            + ", ".join(f"{c.key} {hands / c.times[-1]:,.0f}/s" for c in configs)
        )
    for c in configs:
        c.median_s = statistics.median(c.times)
        c.hands_per_s = hands / c.median_s
    for c in configs:
        peer = next(p for p in configs if p.players == c.players and p.implementation != "croupier")
        if c is not peer:
            c.vs_peer = c.hands_per_s / peer.hands_per_s
    return problems


# ----- profile -------------------------------------------------------------------------------
def profile(hands: int, seed: int, top: int) -> dict[str, Any]:
    """cProfile of ``hands`` 6-player RandomBot hands, after the timed rounds (warm caches), with
    the garbage collector off as in the timed samples."""
    run, _ = our_sample(TARGET_PLAYERS, "random", hands, seed, 10_000)
    prof = cProfile.Profile()
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        prof.enable()
        run()
        prof.disable()
        wall = time.perf_counter() - t0
    finally:
        gc.enable()
    raw: dict[tuple[str, int, str], tuple[int, int, float, float, Any]]
    raw = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    root = str(Path(__file__).resolve().parent.parent) + "/"

    def name(key: tuple[str, int, str]) -> str:
        file, line, func = key
        if not line:
            return func
        where = file.replace(root, "") if file.startswith(root) else Path(file).name
        return f"{where}:{line}({func})"

    rows: list[dict[str, Any]] = []
    play = run_key = None
    for key, (_cc, nc, tt, ct, _callers) in raw.items():
        rows.append({"function": name(key), "calls": nc, "tottime_s": tt, "cumtime_s": ct})
        if key[2] == "play_hand" and key[0].endswith("bots.py"):
            play = key
        if key[2] == "run_table" and key[0].endswith("bots.py"):
            run_key = key
    total = max(r["cumtime_s"] for r in rows)  # the profiled run() itself
    # the steps of a hand: what play_hand (and run_table, for the top-ups) spend in each callee
    steps: list[dict[str, Any]] = []
    for key, (_cc, _nc, _tt, _ct, callers) in raw.items():
        for parent in (play, run_key):
            if parent is not None and parent in callers and key != play:
                _, nc, _, ct = callers[parent]
                steps.append({"function": name(key), "calls": nc, "cumtime_s": ct})
    if play is not None:
        steps.append(
            {"function": "play_hand's own code", "calls": raw[play][1], "cumtime_s": raw[play][2]}
        )
    ours = [r for r in rows if r["function"].startswith("croupier/")]
    return {
        "hands": hands,
        "players": TARGET_PLAYERS,
        "bots": "random",
        "gc": "off",
        "wall_s": wall,
        "profiled_s": total,
        "steps": sorted(steps, key=lambda r: -r["cumtime_s"]),
        "by_tottime": sorted(rows, key=lambda r: -r["tottime_s"])[:top],
        "by_cumtime_croupier": sorted(ours, key=lambda r: -r["cumtime_s"])[:top],
    }


def profile_tables(prof: dict[str, Any]) -> list[Table]:
    total = prof["profiled_s"]
    head = f"cProfile, {prof['hands']:,} {prof['players']}-player RandomBot hands"
    steps = Table(title=f"{head}: the steps of a hand (time in each call from play_hand/run_table)")
    steps.add_column("step")
    steps.add_column("calls", justify="right")
    steps.add_column("cumtime s", justify="right")
    steps.add_column("% of total", justify="right")
    steps.add_column("µs per hand", justify="right")
    for r in prof["steps"]:
        if r["cumtime_s"] < total / 200:  # under 0.5 %: in the JSON only
            continue
        steps.add_row(
            r["function"],
            f"{r['calls']:,}",
            f"{r['cumtime_s']:.3f}",
            f"{100 * r['cumtime_s'] / total:.1f}",
            f"{1e6 * r['cumtime_s'] / prof['hands']:.0f}",
        )
    out = [steps]
    for key, title in (
        ("by_tottime", "own time (tottime), every function"),
        ("by_cumtime_croupier", "time with callees (cumtime), croupier functions"),
    ):
        table = Table(title=f"{head}: {title}")
        table.add_column("function")
        table.add_column("calls", justify="right")
        table.add_column("tottime s", justify="right")
        table.add_column("cumtime s", justify="right")
        table.add_column("% of total", justify="right")
        share = "tottime_s" if key == "by_tottime" else "cumtime_s"
        for r in prof[key]:
            table.add_row(
                r["function"],
                f"{r['calls']:,}",
                f"{r['tottime_s']:.3f}",
                f"{r['cumtime_s']:.3f}",
                f"{100 * r[share] / total:.1f}",
            )
        out.append(table)
    return out


# ----- report --------------------------------------------------------------------------------
def results_table(configs: list[Config], hands: int) -> Table:
    table = Table(title=f"whole bot hands, median of samples of {hands:,} hands")
    table.add_column("players", justify="right")
    table.add_column("implementation")
    table.add_column("game")
    table.add_column("bots")
    table.add_column("samples", justify="right")
    table.add_column("median s", justify="right")
    table.add_column("hands/s", justify="right")
    table.add_column("actions/hand", justify="right")
    table.add_column("actions/s", justify="right")
    table.add_column("showdown", justify="right")
    table.add_column("÷ pokerkit", justify="right")
    for c in configs:
        per_hand = c.stats["actions_per_hand"]
        table.add_row(
            str(c.players),
            c.implementation,
            c.game,
            c.bots,
            str(len(c.times)),
            f"{c.median_s:.3f}",
            f"{c.hands_per_s:,.0f}",
            f"{per_hand:.1f}",
            f"{c.hands_per_s * per_hand:,.0f}",
            f"{c.stats['showdown_share']:.0%}",
            "" if c.vs_peer is None else f"{c.vs_peer:.2f}x",
        )
    return table


def targets(configs: list[Config]) -> list[dict[str, Any]]:
    players = {c.players for c in configs}
    n = TARGET_PLAYERS if TARGET_PLAYERS in players else min(players)
    out = []
    for c in configs:
        if c.players != n or c.implementation != "croupier":
            continue
        out.append(
            {
                "target": f"ours ({n} players, {c.bots} bots) >= {TARGET_HPS:,} hands/s",
                "value": f"{c.hands_per_s:,.0f} hands/s",
                "met": c.hands_per_s >= TARGET_HPS,
            }
        )
        out.append(
            {
                "target": f"ours ({n} players, {c.bots} bots) faster than PokerKit",
                "value": f"{c.vs_peer:.2f}x",
                "met": c.vs_peer is not None and c.vs_peer > 1,
            }
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.bench_stud", description=__doc__)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 6, 7], help="table sizes")
    ap.add_argument("--hands", type=int, default=500, help="hands per sample")
    ap.add_argument("--repeats", type=int, default=7, help="timed samples per configuration")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument(
        "--profile", type=int, default=2_000, help="hands to profile (6 players, 0: none)"
    )
    ap.add_argument("--top", type=int, default=15, help="rows of each profile table")
    ap.add_argument("--json", type=Path, default=RESULTS / "stud.json")
    args = ap.parse_args(argv)
    if args.hands < 1 or args.repeats < 1 or any(not 2 <= n <= 7 for n in args.players):
        ap.error("--hands and --repeats must be >= 1, --players 2..7")
    players = sorted(set(args.players), key=lambda n: (n != TARGET_PLAYERS, n))

    console = Console(width=None if sys.stdout.isatty() else 160)
    missing = [p for p in PEERS if version_of(p) == "not installed"]
    if missing:
        console.print(f"[red]missing {', '.join(missing)}: pip install -e '.[bench]'[/red]")
        return 2

    env = environment(PEERS)
    env["git"] = engine_state()
    t_start = time.perf_counter()
    method = (
        f"samples of {args.hands:,} hands per configuration; 1 untimed sample each (warm-up and "
        f"statistics), then {args.repeats} rounds each timing every configuration once in a "
        "rotated order (time.perf_counter, gc off), median reported; one process. Ours: "
        "run_table on a fresh StudOptions() table (pot money 20, buy-in 2,000, commission), "
        "SeededShuffler shuffle, burn, deal, bets checked by the engine, settlement, top-ups "
        "(Art 6), new deck every 10 hands. PokerKit: FixedLimitSevenCardStud.create_state per "
        f"hand (ante {PK_ANTE}, bring-in {PK_BRING_IN}, bets {PK_SMALL_BET}/{PK_BIG_BET}, "
        f"stacks {PK_STACK:,}, tournament mode, no rake), all dealing and settling automated, "
        "deck shuffled by PokerKit with the global random, seeded with random.seed before each "
        "sample. Bots: RandomBot's rule on both sides (fold with probability "
        f"{FOLD_WEIGHT}/(k+1), else uniform over the k other legal kinds; PokerKit allows no "
        "fold when a check is free). Different games: 5-card stud, 40 cards, <= 4 no-limit "
        "rounds vs 7-card stud, 52 cards, 5 fixed-limit rounds (see actions/hand)."
    )
    console.rule("croupier five-card stud vs PokerKit fixed-limit seven-card stud")
    console.print(
        f"machine: {env['machine']} · {env['cores']} cores (os.cpu_count) · {env['platform']}\n"
        f"Python {env['python']} ({env['implementation']}) · croupier {env['croupier']} · "
        + " · ".join(f"{p} {v}" for p, v in env["peers"].items())
        + f"\ncroupier at commit {env['git']['commit']}, uncommitted changes under croupier/: "
        + (", ".join(env["git"]["uncommitted"]) or "none")
        + f"\nmethod: {method}\n"
        "÷ pokerkit = the row's hands/s ÷ PokerKit's hands/s at the same table size; "
        "actions/s = hands/s × actions/hand (the untimed sample's mean)"
    )

    configs = configs_for(players)
    problems = measure(configs, args.hands, args.repeats, args.seed, console)
    console.print(results_table(configs, args.hands))
    goals = targets(configs)
    for g in goals:
        console.print(f"target: {g['target']}: {g['value']} — {'met' if g['met'] else 'NOT met'}")

    prof: dict[str, Any] | None = None
    if args.profile > 0:
        prof = profile(args.profile, args.seed, args.top)
        for table in profile_tables(prof):
            console.print(table)
        console.print(
            f"profiled run: {prof['wall_s']:.2f} s wall under cProfile for {prof['hands']:,} "
            f"hands ({prof['hands'] / prof['wall_s']:,.0f} hands/s with the profiler's overhead)"
        )

    if problems:
        for p in problems:
            console.print(f"[red]{p}[/red]")
    else:
        console.print(
            "consistent: money conserved on every side; each untimed sample replays timed sample 0"
        )
    seconds = time.perf_counter() - t_start
    console.print(f"run time {seconds:.0f} s")

    result = {
        "environment": env,
        "method": method,
        "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "configurations": [
            {
                "key": c.key,
                "players": c.players,
                "implementation": c.implementation,
                "game": c.game,
                "bots": c.bots,
                "hands_per_sample": args.hands,
                "times_s": c.times,
                "median_s": c.median_s,
                "hands_per_s": c.hands_per_s,
                "vs_pokerkit": c.vs_peer,
                "untimed_sample": c.stats,
            }
            for c in configs
        ],
        "targets": goals,
        "profile": prof,
        "problems": problems,
        "seconds": seconds,
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=2))
    console.print(f"wrote {args.json}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
