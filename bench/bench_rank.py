"""Hand-ranking benchmark: croupier against phevaluator, treys and eval7, plus a correctness
cross-check against phevaluator.

Run ``python -m bench.bench_rank [--hands N] [--calls N] [--repeats R] [--json PATH]`` after
``pip install -e '.[bench]'``. Everything happens in one process: the same seeded random 5-card
hands are converted to each implementation's representation outside the timed region, every
method is warmed up once and then timed in ``R`` rounds (each round runs every method once, so
bursts of load from other processes hit all methods alike) with :func:`time.perf_counter`
(garbage collector off, as ``timeit`` does); the median per method is reported.
See ``bench/README.md`` for the method and its caveats.

Card codes: ours are ``rank * 4 + suit`` with suits ``s h d c`` = 0..3
(:mod:`croupier.cards`); phevaluator's are ``rank * 4 + suit`` with suits ``c d h s`` = 0..3
(``phevaluator/card.py``), so ``phe = rank * 4 + (3 - suit)``; treys uses Cactus Kev's 32-bit
cards (``treys.Card.new``); eval7 its own ``eval7.Card`` objects.

The cross-check ranks every 5-card hand (or the sample with ``--no-exhaustive``) with both
``rank_batch`` (THIRTEEN) and phevaluator (standard poker, lower value = better). The 13-card
game's order differs from the standard one only in (a) the wheel A-2-3-4-5, which is the second
straight and the best straight flush instead of the lowest, and (b) kickers of a four of a kind,
full house or trio, which do not count, so hands the standard order separates may tie. Hence,
once hands whose ranks are exactly {A, 2, 3, 4, 5} are excluded, for every pair of hands
``ours(a) > ours(b)`` must imply ``phe(a) < phe(b)``, i.e. grouping hands by our strength, every
phevaluator value of a stronger group is below every value of a weaker group. Categories must
agree on every hand (a wheel is a straight or straight flush in both orders).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray
from rich.console import Console
from rich.table import Table

from bench.common import environment, time_once, version_of, write_report
from croupier.cards import RANK_SYMBOLS, SUIT_SYMBOLS, Card
from croupier.rank import (
    THIRTEEN,
    Category,
    all_hands,
    rank,
    rank_batch,
    strength5,
    strength_of_codes,
)

DEFAULT_JSON: Final = Path(__file__).resolve().parent / "results" / "rank.json"
PEERS: Final = ("phevaluator", "treys", "eval7")

TARGET_BATCH_HPS: Final = 50e6
TARGET_BATCH_VS_PHE: Final = 10.0

#: phevaluator card id of each of our card codes (same rank, suits c d h s instead of s h d c)
PHE_OF_CODE: Final = np.array([(c // 4) * 4 + (3 - c % 4) for c in range(52)], dtype=np.int64)

#: ranks {2, 3, 4, 5, A} as a 13-bit rank mask: the wheel, whose place differs between orders
WHEEL_MASK: Final = (1 << 12) | 0b1111

#: our category of each phevaluator value's class. phevaluator returns Cactus Kev's 1..7462
#: scale (1 = royal flush); the class bounds are those of PH Evaluator's own
#: ``get_rank_category`` (cpp/src/rank.c), which its Python package does not expose.
PHE_CLASS_BOUNDS: Final = (
    (1, Category.ROYAL_FLUSH),
    (10, Category.STRAIGHT_FLUSH),
    (166, Category.FOUR_OF_A_KIND),
    (322, Category.FULL_HOUSE),
    (1599, Category.FLUSH),
    (1609, Category.STRAIGHT),
    (2467, Category.THREE_OF_A_KIND),
    (3325, Category.TWO_PAIR),
    (6185, Category.PAIR),
    (7462, Category.HIGH_CARD),
)

HandsArray = NDArray[np.uint8]


# ----- hands ---------------------------------------------------------------------------------
def random_hands(n: int, seed: int) -> HandsArray:
    """``n`` uniformly random 5-card hands of distinct cards (rejection sampling, seeded)."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, 5), dtype=np.uint8)
    filled = 0
    while filled < n:
        want = n - filled
        draw = rng.integers(0, 52, size=(want + want // 4 + 16, 5), dtype=np.uint8)
        ordered = np.sort(draw, axis=1)
        ok = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
        good = draw[ok][:want]
        out[filled : filled + len(good)] = good
        filled += len(good)
    return out


def treys_cards() -> list[int]:
    from treys import Card as TreysCard

    return [int(TreysCard.new(str(Card(c)))) for c in range(52)]


def eval7_cards() -> list[Any]:
    import eval7

    return [eval7.Card(str(Card(c))) for c in range(52)]


# ----- timing --------------------------------------------------------------------------------
@dataclass
class Row:
    implementation: str
    method: str
    hands: int
    times: list[float]
    median_s: float = 0.0
    hands_per_s: float = 0.0
    batch_ratio: float = 0.0
    scalar_ratio: float = 0.0
    note: str = ""
    key: str = field(default="", repr=False)

    def finish(self) -> None:
        self.median_s = statistics.median(self.times)
        self.hands_per_s = self.hands / self.median_s


def run_benchmarks(
    hands: HandsArray, calls: int, rich_calls: int, repeats: int, console: Console
) -> tuple[list[Row], dict[str, Any]]:
    import eval7
    from phevaluator import _pheval
    from phevaluator.evaluator import evaluate_5cards, evaluate_cards
    from treys import Evaluator

    rows: list[Row] = []
    outputs: dict[str, Any] = {}
    n = len(hands)
    sample = hands[:calls]

    specs: list[tuple[Row, Callable[[], object]]] = []

    def add(key: str, impl: str, method: str, count: int, fn: Callable[[], object]) -> None:
        specs.append((Row(impl, method, count, [], key=key), fn))

    # representations, built outside every timed region
    ours_rows = [tuple(r) for r in sample.tolist()]
    phe_rows = [tuple(r) for r in PHE_OF_CODE[sample].tolist()]
    tc = treys_cards()
    treys_rows = [([tc[a], tc[b]], [tc[c], tc[d], tc[e]]) for a, b, c, d, e in ours_rows]
    ec = eval7_cards()
    eval7_rows = [[ec[c] for c in r] for r in ours_rows]
    rich_rows = [tuple(Card(c) for c in r) for r in ours_rows[:rich_calls]]
    evaluator = Evaluator()
    pe5 = _pheval.evaluate_5cards
    ev7 = eval7.evaluate
    tev = evaluator.evaluate

    cores = os.cpu_count() or 1
    add(
        "batch_validated_all_cores",
        "croupier",
        f"rank_batch validate=True, threads={cores}",
        n,
        lambda: rank_batch(hands, validate=True),
    )
    add(
        "batch_validated_1_thread",
        "croupier",
        "rank_batch validate=True, threads=1",
        n,
        lambda: rank_batch(hands, validate=True, threads=1),
    )
    add(
        "batch_unvalidated_all_cores",
        "croupier",
        f"rank_batch validate=False, threads={cores}",
        n,
        lambda: rank_batch(hands, validate=False),
    )
    add(
        "scalar_strength5",
        "croupier",
        "strength5(c0..c4) per call",
        calls,
        lambda: [strength5(a, b, c, d, e) for a, b, c, d, e in ours_rows],
    )
    add(
        "scalar_strength_of_codes",
        "croupier",
        "strength_of_codes(codes) per call",
        calls,
        lambda: [strength_of_codes(r) for r in ours_rows],
    )
    add(
        "rich_rank",
        "croupier",
        "rank(Card tuple) -> HandRank per call",
        len(rich_rows),
        lambda: [rank(r) for r in rich_rows],
    )
    add(
        "phe_evaluate_cards",
        "phevaluator",
        "evaluate_cards(a..e) per call",
        calls,
        lambda: [evaluate_cards(a, b, c, d, e) for a, b, c, d, e in phe_rows],
    )
    add(
        "phe_evaluate_5cards",
        "phevaluator",
        "evaluate_5cards(a..e) per call",
        calls,
        lambda: [evaluate_5cards(a, b, c, d, e) for a, b, c, d, e in phe_rows],
    )
    add(
        "phe_native_5cards",
        "phevaluator",
        "_pheval.evaluate_5cards(a..e) per call (C entry)",
        calls,
        lambda: [pe5(a, b, c, d, e) for a, b, c, d, e in phe_rows],
    )
    add(
        "treys_evaluate",
        "treys",
        "Evaluator().evaluate(hand[2], board[3]) per call",
        calls,
        lambda: [tev(h, b) for h, b in treys_rows],
    )
    add(
        "eval7_evaluate",
        "eval7",
        "eval7.evaluate([Card x5]) per call",
        calls,
        lambda: [ev7(r) for r in eval7_rows],
    )

    # one warm-up run each (tables, thread pool, caches), then the timed runs in rounds: every
    # row once per round, so a burst of load from other processes hits all rows alike
    for row, fn in specs:
        console.print(f"  warm-up {row.implementation}: {row.method} ...", style="dim")
        outputs[row.key] = fn()
    for i in range(repeats):
        console.print(f"  round {i + 1}/{repeats}", style="dim")
        for row, fn in specs:
            seconds, outputs[row.key] = time_once(fn)
            row.times.append(seconds)
    for row, _ in specs:
        row.finish()
        rows.append(row)

    batch = next(r for r in rows if r.key == "batch_validated_all_cores")
    scalar = next(r for r in rows if r.key == "scalar_strength5")
    for r in rows:
        r.batch_ratio = batch.hands_per_s / r.hands_per_s
        r.scalar_ratio = scalar.hands_per_s / r.hands_per_s
    return rows, outputs


# ----- consistency of the timed outputs --------------------------------------------------------
def dense_rank(values: NDArray[Any]) -> NDArray[np.int64]:
    return np.unique(values, return_inverse=True)[1].astype(np.int64).ravel()


def check_outputs(hands: HandsArray, calls: int, rich_calls: int, out: dict[str, Any]) -> list[str]:
    """The timed runs' results agree: ours among themselves, the peers among themselves."""
    problems: list[str] = []
    batch = np.asarray(out["batch_validated_all_cores"])
    for key in ("batch_validated_1_thread", "batch_unvalidated_all_cores"):
        if not np.array_equal(batch, np.asarray(out[key])):
            problems.append(f"{key} differs from rank_batch(validate=True)")
    head = batch[:calls]
    for key in ("scalar_strength5", "scalar_strength_of_codes"):
        if not np.array_equal(head, np.asarray(out[key])):
            problems.append(f"{key} differs from rank_batch")
    if [h.strength for h in out["rich_rank"]] != head[:rich_calls].tolist():
        problems.append("rank() strengths differ from rank_batch")
    phe = np.asarray(out["phe_native_5cards"])
    for key in ("phe_evaluate_cards", "phe_evaluate_5cards"):
        if not np.array_equal(phe, np.asarray(out[key])):
            problems.append(f"phevaluator {key} differs from _pheval.evaluate_5cards")
    if not np.array_equal(phe, np.asarray(out["treys_evaluate"])):  # both Cactus Kev's scale
        problems.append("treys values differ from phevaluator's (card conversion?)")
    ev7 = np.asarray(out["eval7_evaluate"], dtype=np.int64)
    if not np.array_equal(dense_rank(phe), dense_rank(-ev7)):  # eval7: higher is better
        problems.append("eval7 orders the sample differently from phevaluator")
    return problems


# ----- cross-check against phevaluator ---------------------------------------------------------
def phe_categories(values: NDArray[np.int64]) -> NDArray[np.uint8]:
    bounds = np.array([b for b, _ in PHE_CLASS_BOUNDS], dtype=np.int64)
    cats = np.array([int(c) for _, c in PHE_CLASS_BOUNDS], dtype=np.uint8)
    return cats[np.searchsorted(bounds, values, side="left")]


def wheel_mask(hands: HandsArray) -> NDArray[np.bool_]:
    """Rows whose five ranks are exactly {A, 2, 3, 4, 5} (wheel straight or straight flush)."""
    bits = np.zeros(len(hands), dtype=np.int64)
    for j in range(5):
        bits |= np.int64(1) << (hands[:, j].astype(np.int64) // 4)
    return np.asarray(bits == WHEEL_MASK)


def fmt(hand: Sequence[int]) -> str:
    return " ".join(RANK_SYMBOLS[c // 4] + SUIT_SYMBOLS[c % 4] for c in hand)


@dataclass
class CrossCheck:
    scope: str
    hands: int
    wheel_hands_excluded: int
    compared: int
    disagreements: int
    category_disagreements: int
    order_disagreements: int
    pairwise_disagreements: int
    groups: int
    seconds: float
    first_disagreement: str = ""


def cross_check(hands: HandsArray, scope: str, seed: int) -> CrossCheck:
    from phevaluator import _pheval

    t0 = time.perf_counter()
    ours = rank_batch(hands).astype(np.int64)
    phe_ids = PHE_OF_CODE[hands]
    cols = [phe_ids[:, j].tolist() for j in range(5)]
    phe = np.fromiter(map(_pheval.evaluate_5cards, *cols), dtype=np.int64, count=len(hands))
    first = ""

    # categories, every hand
    our_cat = THIRTEEN.categories_array()[ours]
    their_cat = phe_categories(phe)
    bad_cat = np.flatnonzero(our_cat != their_cat)
    if len(bad_cat):
        i = int(bad_cat[0])
        first = (
            f"category: {fmt(hands[i])}: ours {Category(int(our_cat[i])).label}, "
            f"phevaluator {Category(int(their_cat[i])).label} (value {phe[i]})"
        )

    # order, non-wheel hands: groups by our strength must be strictly separated in phe
    keep = ~wheel_mask(hands)
    idx = np.flatnonzero(keep)
    s, p = ours[idx], phe[idx]
    size = THIRTEEN.max_strength + 1
    gmin = np.full(size, np.iinfo(np.int64).max, dtype=np.int64)
    gmax = np.full(size, -1, dtype=np.int64)
    np.minimum.at(gmin, s, p)
    np.maximum.at(gmax, s, p)
    present = np.flatnonzero(gmax >= 0)  # strengths that occur, ascending
    # the worst (max) phe value of each stronger group beats the best (min) of the weaker one
    bad_order = np.flatnonzero(gmax[present[1:]] >= gmin[present[:-1]])
    if len(bad_order) and not first:
        g = int(bad_order[0])
        lo, hi = int(present[g]), int(present[g + 1])
        a = int(idx[np.flatnonzero((s == hi) & (p == gmax[hi]))[0]])
        b = int(idx[np.flatnonzero((s == lo) & (p == gmin[lo]))[0]])
        first = (
            f"order: ours ranks {fmt(hands[a])} (strength {hi}) above {fmt(hands[b])} "
            f"(strength {lo}) but phevaluator gives {phe[a]} vs {phe[b]} (lower = better)"
        )

    # pairwise on a shuffle (independent of the grouping logic): neighbours i, i + 1
    perm = np.random.default_rng(seed).permutation(idx)
    sa, sb, pa, pb = ours[perm[:-1]], ours[perm[1:]], phe[perm[:-1]], phe[perm[1:]]
    bad_pair = (
        ((sa > sb) & ~(pa < pb))
        | ((pa < pb) & ~(sa >= sb))
        | ((sb > sa) & ~(pb < pa))
        | ((pb < pa) & ~(sb >= sa))
    )
    bad_pairs = np.flatnonzero(bad_pair)
    if len(bad_pairs) and not first:
        k = int(bad_pairs[0])
        a, b = int(perm[k]), int(perm[k + 1])
        first = (
            f"pair: {fmt(hands[a])} (ours {ours[a]}, phe {phe[a]}) vs "
            f"{fmt(hands[b])} (ours {ours[b]}, phe {phe[b]})"
        )

    n_bad = len(bad_cat) + len(bad_order) + len(bad_pairs)
    return CrossCheck(
        scope=scope,
        hands=len(hands),
        wheel_hands_excluded=int((~keep).sum()),
        compared=len(idx),
        disagreements=n_bad,
        category_disagreements=len(bad_cat),
        order_disagreements=len(bad_order),
        pairwise_disagreements=len(bad_pairs),
        groups=len(present),
        seconds=time.perf_counter() - t0,
        first_disagreement=first,
    )


# ----- report --------------------------------------------------------------------------------
def si(x: float) -> str:
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= scale:
            return f"{x / scale:.2f}{unit}"
    return f"{x:.0f}"


def results_table(rows: list[Row]) -> Table:
    table = Table(title="5-card hand ranking (median of repeats, same hands)")
    table.add_column("implementation")
    table.add_column("method")
    table.add_column("hands", justify="right")
    table.add_column("median s", justify="right")
    table.add_column("hands/s", justify="right")
    table.add_column("batch ×", justify="right")
    table.add_column("strength5 ×", justify="right")
    for r in rows:
        table.add_row(
            r.implementation,
            r.method,
            f"{r.hands:,}",
            f"{r.median_s:.4f}",
            si(r.hands_per_s),
            f"{r.batch_ratio:.1f}",
            f"{r.scalar_ratio:.2f}",
        )
    return table


def targets(rows: list[Row]) -> list[dict[str, Any]]:
    by = {r.key: r for r in rows}
    batch = by["batch_validated_all_cores"]
    phe = by["phe_evaluate_cards"]
    phe_fast = max(
        (by[k] for k in ("phe_evaluate_cards", "phe_evaluate_5cards", "phe_native_5cards")),
        key=lambda r: r.hands_per_s,
    )
    scalar = by["scalar_strength5"]
    treys = by["treys_evaluate"]
    return [
        {
            "target": "batch (validate=True, all cores) >= 50M hands/s",
            "value": f"{si(batch.hands_per_s)} hands/s",
            "met": batch.hands_per_s >= TARGET_BATCH_HPS,
        },
        {
            "target": "batch >= 10x phevaluator per call (evaluate_cards)",
            "value": f"{batch.hands_per_s / phe.hands_per_s:.1f}x",
            "met": batch.hands_per_s >= TARGET_BATCH_VS_PHE * phe.hands_per_s,
        },
        {
            "target": "  (same, vs fastest phevaluator entry point: " + phe_fast.method + ")",
            "value": f"{batch.hands_per_s / phe_fast.hands_per_s:.1f}x",
            "met": batch.hands_per_s >= TARGET_BATCH_VS_PHE * phe_fast.hands_per_s,
        },
        {
            "target": "strength5 per call at least as fast as treys per call",
            "value": f"{scalar.hands_per_s / treys.hands_per_s:.2f}x",
            "met": scalar.hands_per_s >= treys.hands_per_s,
        },
    ]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.bench_rank", description=__doc__)
    ap.add_argument("--hands", type=int, default=10_000_000, help="hands for the batch rows")
    ap.add_argument("--calls", type=int, default=500_000, help="hands for per-call rows")
    ap.add_argument("--rich-calls", type=int, default=50_000, help="hands for rank() objects")
    ap.add_argument("--repeats", type=int, default=7, help="timed rounds (median per row)")
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where to write results")
    ap.add_argument(
        "--no-exhaustive",
        action="store_true",
        help="cross-check on the random hands instead of all 2,598,960",
    )
    args = ap.parse_args(argv)
    if args.hands < 2 or args.repeats < 1:
        ap.error("--hands must be >= 2 and --repeats >= 1")
    args.calls = min(args.calls, args.hands)
    args.rich_calls = min(args.rich_calls, args.calls)

    console = Console(width=None if sys.stdout.isatty() else 132)
    missing = [p for p in PEERS if version_of(p) == "not installed"]
    if missing:
        console.print(f"[red]missing {', '.join(missing)}: pip install -e '.[bench]'[/red]")
        return 2

    env = environment(PEERS)
    t_start = time.perf_counter()
    hands = random_hands(args.hands, args.seed)
    method = (
        f"same {args.hands:,} seeded random hands (seed {args.seed}) for every row, first "
        f"{args.calls:,} for per-call rows, first {args.rich_calls:,} for rank(); inputs "
        f"converted outside the timed region; 1 warm-up per row, then {args.repeats} rounds "
        "each timing every row once (time.perf_counter, gc off), median per row reported; "
        "per-call rows are Python list comprehensions over prebuilt argument tuples; one process"
    )
    console.rule("croupier hand-ranking benchmark")
    console.print(
        f"machine: {env['machine']} · {env['cores']} cores (os.cpu_count) · {env['platform']}\n"
        f"Python {env['python']} · numpy {env['numpy']} · "
        + " · ".join(f"{p} {v}" for p, v in env["peers"].items())
        + f"\nmethod: {method}\n"
        "batch × = croupier rank_batch(validate=True, all cores) hands/s ÷ row hands/s; "
        "strength5 × = croupier strength5 per call hands/s ÷ row hands/s"
    )

    rows, outputs = run_benchmarks(hands, args.calls, args.rich_calls, args.repeats, console)
    console.print(results_table(rows))
    goals = targets(rows)
    for g in goals:
        mark = "[green]met[/green]" if g["met"] else "[red]NOT met[/red]"
        console.print(f"target: {g['target']}: {g['value']} — {mark}")

    problems = check_outputs(hands, args.calls, args.rich_calls, outputs)
    for msg in problems:
        console.print(f"[red]inconsistent outputs: {msg}[/red]")
    if not problems:
        console.print(
            "timed outputs consistent: all croupier paths agree; treys = phevaluator values; "
            "eval7 orders the sample like phevaluator"
        )

    if args.no_exhaustive:
        check = cross_check(hands, "random sample", args.seed)
    else:
        check = cross_check(all_hands(list(range(52)), 5), "all 5-card hands", args.seed)
    style = "green" if check.disagreements == 0 else "red"
    console.print(
        f"[{style}]cross-check ({check.scope}, THIRTEEN vs phevaluator): {check.hands:,} hands, "
        f"{check.disagreements} disagreements[/{style}] — categories on all hands; order on "
        f"{check.compared:,} non-wheel hands ({check.wheel_hands_excluded:,} wheel hands "
        f"excluded, {check.groups:,} strength groups strictly separated in phevaluator's "
        f"order, plus {check.compared - 1:,} shuffled neighbour pairs); {check.seconds:.1f} s"
    )
    if check.first_disagreement:
        console.print(f"[red]first disagreement: {check.first_disagreement}[/red]")

    total = time.perf_counter() - t_start
    console.print(f"total run time {total:.1f} s")
    write_report(
        args.json,
        "bench.bench_rank",
        env,
        args,
        method=method,
        rows=[asdict(r) for r in rows],
        targets=goals,
        output_consistency_problems=problems,
        cross_check=asdict(check),
        total_seconds=total,
    )
    console.print(f"wrote {args.json}")
    return 1 if check.disagreements or problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
