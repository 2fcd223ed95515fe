"""Mah-Jong hand-division benchmark: croupier's ``is_winning`` and ``shanten`` against the
``mahjong`` package (riichi; ``Agari.is_agari``, ``Shanten.calculate_shanten``), plus a
correctness cross-check of the two on every hand.

Run ``python -m bench.bench_mahjong [--hands N] [--repeats R] [--seed S] [--json PATH]`` after
``pip install -e '.[bench]'``. One process, the same seeded hands for both: each input is built in
each implementation's own representation outside the timed region (ours: tuples of
:class:`~croupier.tiles.Tile`, the public API, and 34-count lists for the ``*_counts`` entry
points; theirs: 34-count lists in their order); every row runs once to warm up, then ``R`` rounds
each time every row once (``time.perf_counter``, garbage collector off); the median per row is
reported. The *cold* row clears croupier's memo tables inside the timed region (the cost of a
first run over new hands); the warm rows profit from the tables the warm-up filled, which a
long-running server does too.

Tile order: ours is 1m..9m, 1p..9p, 1s..9s, E S W N, C F P (``croupier.tiles``), with C F P the
red, green and white dragons; the ``mahjong`` package's 34-array is man 1-9, pin 1-9, sou 1-9,
E S W N, then haku (white), hatsu (green), chun (red). So codes 0..30 are the same and our
31 32 33 (C F P) are their 33 32 31.

Forms: ``Agari.is_agari`` always accepts seven pairs (distinct) and thirteen orphans, so it is
compared with our ``is_winning(..., seven_pairs=True)``. ``calculate_shanten`` is run with
``use_chiitoitsu=True, use_kokushi=True`` against our ``shanten(..., seven_pairs=True)`` and with
``use_chiitoitsu=False, use_kokushi=True`` against ``seven_pairs=False`` (thirteen orphans is a
classic Hong Kong hand, always on in ours).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

from rich.console import Console
from rich.table import Table

from bench.common import environment, time_once, version_of, write_report
from croupier.games.mahjong.hand import (
    clear_tables,
    is_winning,
    is_winning_counts,
    shanten,
    shanten_of_counts,
)
from croupier.tiles import FULL_SET, KINDS, Tile, format_tiles

DEFAULT_JSON: Final = Path(__file__).resolve().parent / "results" / "mahjong.json"
PEERS: Final = ("mahjong",)
#: the mahjong package's index of each of our tile codes (C F P = red green white -> 33 32 31)
THEIR_INDEX: Final = (*range(31), 33, 32, 31)

Hand = tuple[Tile, ...]


# ----- hands ---------------------------------------------------------------------------------
def random_hands(n: int, size: int, rng: random.Random) -> list[Hand]:
    """``n`` hands of ``size`` tiles drawn from the 136 without replacement."""
    return [tuple(rng.sample(FULL_SET, size)) for _ in range(n)]


def made_winning_hands(n: int, rng: random.Random) -> list[Hand]:
    """``n`` winning hands: four random chows/pungs and a pair within the four copies, shuffled."""
    chows = [t for t in KINDS if t.number is not None and t.number <= 7]
    out: list[Hand] = []
    while len(out) < n:
        tiles: list[Tile] = []
        for _ in range(4):
            if rng.random() < 0.5:
                first = rng.choice(chows)
                tiles += [first, Tile(first.code + 1), Tile(first.code + 2)]
            else:
                tiles += [rng.choice(KINDS)] * 3
        tiles += [rng.choice(KINDS)] * 2
        if max(Counter(tiles).values()) <= 4:
            rng.shuffle(tiles)
            out.append(tuple(tiles))
    return out


def few_kind_hands(n: int, size: int, rng: random.Random) -> list[Hand]:
    """Hands drawn from the four copies of 4 to 8 kinds: many pairs, pungs and fours (the cases
    where the copy limit matters), for the cross-check only."""
    out: list[Hand] = []
    while len(out) < n:
        kinds = rng.sample(KINDS, rng.randint(4, 8))
        out.append(tuple(rng.sample([t for t in kinds for _ in range(4)], size)))
    return out


def ours_counts(hand: Hand) -> list[int]:
    counts = [0] * 34
    for t in hand:
        counts[t.code] += 1
    return counts


def their_counts(hand: Hand) -> list[int]:
    counts = [0] * 34
    for t in hand:
        counts[THEIR_INDEX[t.code]] += 1
    return counts


# ----- timing --------------------------------------------------------------------------------
@dataclass
class Row:
    task: str
    implementation: str
    method: str
    hands: int
    times: list[float]
    median_s: float = 0.0
    us_per_hand: float = 0.0
    ratio_to_peer: float = 0.0  # our median / the peer's median on the same task (< 1: faster)
    key: str = field(default="", repr=False)
    peer_key: str = field(default="", repr=False)

    def finish(self) -> None:
        self.median_s = statistics.median(self.times)
        self.us_per_hand = self.median_s / self.hands * 1e6


def run_benchmarks(
    h14: list[Hand], w14: list[Hand], h13: list[Hand], repeats: int, console: Console
) -> tuple[list[Row], dict[str, Any]]:
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    agari = Agari.is_agari
    calc = Shanten.calculate_shanten
    specs: list[tuple[Row, Callable[[], object]]] = []

    def add(
        key: str,
        task: str,
        impl: str,
        method: str,
        n: int,
        fn: Callable[[], object],
        peer: str = "",
    ) -> None:
        specs.append((Row(task, impl, method, n, [], key=key, peer_key=peer), fn))

    c14, t14 = [ours_counts(h) for h in h14], [their_counts(h) for h in h14]
    cw, tw = [ours_counts(h) for h in w14], [their_counts(h) for h in w14]
    c13, t13 = [ours_counts(h) for h in h13], [their_counts(h) for h in h13]
    n14, nw, n13 = len(h14), len(w14), len(h13)

    win_random = "is winning: random 14 tiles"
    add(
        "win_rand_ours",
        win_random,
        "croupier",
        "is_winning(tiles, seven_pairs=True)",
        n14,
        lambda: [is_winning(h, seven_pairs=True) for h in h14],
        "win_rand_peer",
    )
    add(
        "win_rand_ours_counts",
        win_random,
        "croupier",
        "is_winning_counts(counts, seven_pairs=True)",
        n14,
        lambda: [is_winning_counts(c, seven_pairs=True) for c in c14],
        "win_rand_peer",
    )
    add(
        "win_rand_peer",
        win_random,
        "mahjong",
        "Agari.is_agari(tiles_34)",
        n14,
        lambda: [agari(c) for c in t14],
    )
    win_made = "is winning: made winning hands"
    add(
        "win_made_ours",
        win_made,
        "croupier",
        "is_winning(tiles, seven_pairs=True)",
        nw,
        lambda: [is_winning(h, seven_pairs=True) for h in w14],
        "win_made_peer",
    )
    add(
        "win_made_ours_counts",
        win_made,
        "croupier",
        "is_winning_counts(counts, seven_pairs=True)",
        nw,
        lambda: [is_winning_counts(c, seven_pairs=True) for c in cw],
        "win_made_peer",
    )
    add(
        "win_made_peer",
        win_made,
        "mahjong",
        "Agari.is_agari(tiles_34)",
        nw,
        lambda: [agari(c) for c in tw],
    )
    sh_all = "shanten 13 tiles, all forms"
    add(
        "sh13_ours",
        sh_all,
        "croupier",
        "shanten(tiles, seven_pairs=True)",
        n13,
        lambda: [shanten(h, seven_pairs=True) for h in h13],
        "sh13_peer",
    )
    add(
        "sh13_ours_counts",
        sh_all,
        "croupier",
        "shanten_of_counts(counts, seven_pairs=True)",
        n13,
        lambda: [shanten_of_counts(c, seven_pairs=True) for c in c13],
        "sh13_peer",
    )

    def cold() -> list[int]:
        clear_tables()
        return [shanten(h, seven_pairs=True) for h in h13]

    add(
        "sh13_ours_cold",
        sh_all,
        "croupier",
        "shanten(tiles, seven_pairs=True), memo cleared first",
        n13,
        cold,
        "sh13_peer",
    )
    add(
        "sh13_peer",
        sh_all,
        "mahjong",
        "calculate_shanten(tiles_34) (chiitoitsu, kokushi on)",
        n13,
        lambda: [calc(c) for c in t13],
    )
    sh_std = "shanten 13 tiles, no seven pairs"
    add(
        "sh13s_ours",
        sh_std,
        "croupier",
        "shanten(tiles) (seven_pairs=False)",
        n13,
        lambda: [shanten(h) for h in h13],
        "sh13s_peer",
    )
    add(
        "sh13s_peer",
        sh_std,
        "mahjong",
        "calculate_shanten(tiles_34, use_chiitoitsu=False)",
        n13,
        lambda: [calc(c, use_chiitoitsu=False) for c in t13],
    )
    sh14 = "shanten 14 tiles, all forms"
    add(
        "sh14_ours",
        sh14,
        "croupier",
        "shanten(tiles, seven_pairs=True)",
        n14,
        lambda: [shanten(h, seven_pairs=True) for h in h14],
        "sh14_peer",
    )
    add(
        "sh14_peer",
        sh14,
        "mahjong",
        "calculate_shanten(tiles_34) (chiitoitsu, kokushi on)",
        n14,
        lambda: [calc(c) for c in t14],
    )

    outputs: dict[str, Any] = {}
    for row, fn in specs:
        console.print(f"  warm-up {row.implementation}: {row.method} ...", style="dim")
        outputs[row.key] = fn()
    for i in range(repeats):
        console.print(f"  round {i + 1}/{repeats}", style="dim")
        for row, fn in specs:
            seconds, outputs[row.key] = time_once(fn)
            row.times.append(seconds)
    rows = [row for row, _ in specs]
    for row in rows:
        row.finish()
    by = {r.key: r for r in rows}
    for row in rows:
        if row.peer_key:
            row.ratio_to_peer = row.median_s / by[row.peer_key].median_s
    return rows, outputs


def check_outputs(out: dict[str, Any]) -> list[str]:
    """Our timed outputs agree with the peer's (the forms matched as the module says)."""
    problems = []
    pairs = [
        ("win_rand_ours", "win_rand_peer"),
        ("win_rand_ours_counts", "win_rand_peer"),
        ("win_made_ours", "win_made_peer"),
        ("win_made_ours_counts", "win_made_peer"),
        ("sh13_ours", "sh13_peer"),
        ("sh13_ours_counts", "sh13_peer"),
        ("sh13_ours_cold", "sh13_peer"),
        ("sh13s_ours", "sh13s_peer"),
        ("sh14_ours", "sh14_peer"),
    ]
    for ours, theirs in pairs:
        bad = sum(a != b for a, b in zip(out[ours], out[theirs], strict=True))
        if bad:
            problems.append(f"{ours} differs from {theirs} on {bad} hands")
    if not all(out["win_made_ours"]):
        problems.append("a made winning hand is not winning")
    return problems


# ----- cross-check ---------------------------------------------------------------------------
@dataclass
class CrossCheck:
    hands: int
    comparisons: int
    disagreements: int
    by_check: dict[str, int]
    examples: list[str]
    seconds: float


def cross_check(hand_sets: Sequence[tuple[str, list[Hand]]]) -> CrossCheck:
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    t0 = time.perf_counter()
    by_check: Counter[str] = Counter()
    examples: list[str] = []
    hands = comparisons = 0
    for name, group in hand_sets:
        for h in group:
            hands += 1
            theirs = their_counts(h)
            checks: list[tuple[str, object, object]] = [
                (
                    "shanten all forms",
                    shanten(h, seven_pairs=True),
                    Shanten.calculate_shanten(theirs),
                ),
                (
                    "shanten no seven pairs",
                    shanten(h),
                    Shanten.calculate_shanten(theirs, use_chiitoitsu=False),
                ),
            ]
            if len(h) == 14:
                checks.append(("winning", is_winning(h, seven_pairs=True), Agari.is_agari(theirs)))
            for check, a, b in checks:
                comparisons += 1
                if a != b:
                    by_check[f"{name}: {check}"] += 1
                    if len(examples) < 10:
                        examples.append(f"{check}: {format_tiles(sorted(h))} ours {a} theirs {b}")
    return CrossCheck(
        hands=hands,
        comparisons=comparisons,
        disagreements=sum(by_check.values()),
        by_check=dict(by_check),
        examples=examples,
        seconds=time.perf_counter() - t0,
    )


# ----- report --------------------------------------------------------------------------------
def results_table(rows: list[Row]) -> Table:
    table = Table(title="Mah-Jong hand division (median of repeats, same hands)")
    for col, just in (
        ("task", "left"),
        ("implementation", "left"),
        ("method", "left"),
        ("hands", "right"),
        ("median s", "right"),
        ("µs/hand", "right"),
        ("ours ÷ peer", "right"),
    ):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for r in rows:
        table.add_row(
            r.task,
            r.implementation,
            r.method,
            f"{r.hands:,}",
            f"{r.median_s:.4f}",
            f"{r.us_per_hand:.2f}",
            f"{r.ratio_to_peer:.2f}" if r.peer_key else "",
        )
    return table


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.bench_mahjong", description=__doc__)
    ap.add_argument("--hands", type=int, default=20_000, help="hands per timed set")
    ap.add_argument("--check-hands", type=int, default=20_000, help="extra few-kind hands checked")
    ap.add_argument("--repeats", type=int, default=7, help="timed rounds (median per row)")
    ap.add_argument("--seed", type=int, default=20261121)
    ap.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where to write results")
    args = ap.parse_args(argv)
    if args.hands < 1 or args.repeats < 1:
        ap.error("--hands and --repeats must be >= 1")

    console = Console(width=None if sys.stdout.isatty() else 150)
    if version_of("mahjong") == "not installed":
        console.print("[red]missing mahjong: pip install -e '.[bench]'[/red]")
        return 2
    env = environment(PEERS)
    t_start = time.perf_counter()
    rng = random.Random(args.seed)
    h14 = random_hands(args.hands, 14, rng)
    w14 = made_winning_hands(args.hands, rng)
    h13 = random_hands(args.hands, 13, rng)
    method = (
        f"same seeded hands (seed {args.seed}) for both: {args.hands:,} random 14-tile hands, "
        f"{args.hands:,} made winning hands, {args.hands:,} random 13-tile hands; inputs built "
        "outside the timed region (ours: Tile tuples, or 34-count lists for the *_counts rows; "
        "theirs: 34-count lists in their order); 1 warm-up per row, then "
        f"{args.repeats} rounds each timing every row once (time.perf_counter, gc off), median "
        "per row; per-call rows are list comprehensions; one process"
    )
    console.rule("croupier Mah-Jong hand-division benchmark")
    console.print(
        f"machine: {env['machine']} · {env['cores']} cores (os.cpu_count) · {env['platform']}\n"
        f"Python {env['python']} · mahjong {env['peers']['mahjong']}\n"
        f"method: {method}\n"
        "ours ÷ peer = our median ÷ the peer's median on the same task and hands (< 1: ours faster)"
    )
    rows, outputs = run_benchmarks(h14, w14, h13, args.repeats, console)
    console.print(results_table(rows))
    goals = [
        {
            "target": f"{r.method} faster than mahjong ({r.task})",
            "value": f"{r.ratio_to_peer:.2f}x the peer's time",
            "met": r.ratio_to_peer < 1.0,
        }
        for r in rows
        if r.key
        in (
            "win_rand_ours",
            "win_rand_ours_counts",
            "win_made_ours",
            "win_made_ours_counts",
            "sh13_ours",
            "sh13_ours_counts",
            "sh13_ours_cold",
            "sh13s_ours",
            "sh14_ours",
        )
    ]
    for g in goals:
        mark = "[green]met[/green]" if g["met"] else "[red]NOT met[/red]"
        console.print(f"target: {g['target']}: {g['value']} — {mark}")
    problems = check_outputs(outputs)
    for msg in problems:
        console.print(f"[red]timed outputs disagree: {msg}[/red]")
    if not problems:
        console.print("timed outputs agree with mahjong's on every hand of every row")

    extra = few_kind_hands(args.check_hands, 13, rng) + few_kind_hands(args.check_hands, 14, rng)
    check = cross_check(
        [("random 14", h14), ("made winning", w14), ("random 13", h13), ("few kinds", extra)]
    )
    style = "green" if check.disagreements == 0 else "red"
    console.print(
        f"[{style}]cross-check vs mahjong: {check.hands:,} hands, {check.comparisons:,} "
        f"comparisons (shanten both form sets; is_agari on 14-tile hands), "
        f"{check.disagreements} disagreements[/{style}] ({check.seconds:.1f} s)"
    )
    for name, n in check.by_check.items():
        console.print(f"[red]  {name}: {n}[/red]")
    for ex in check.examples:
        console.print(f"[red]  e.g. {ex}[/red]")
    total = time.perf_counter() - t_start
    console.print(f"total run time {total:.1f} s")
    write_report(
        args.json,
        "bench.bench_mahjong",
        env,
        args,
        method=method,
        rows=[asdict(r) for r in rows],
        targets=goals,
        output_problems=problems,
        cross_check=asdict(check),
        total_seconds=total,
    )
    console.print(f"wrote {args.json}")
    return 1 if check.disagreements or problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
