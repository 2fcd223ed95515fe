"""Exact-odds benchmark: croupier's combinatorial odds against straightforward exact peers.

Run ``python -m bench.bench_odds [--repeats R] [--slow-repeats S] [--json PATH]``. Everything
happens in one process. Every fast row is warmed up once, then all rows are timed in rounds
(each round runs every row once, so bursts of load from other processes hit all rows alike) with
:func:`time.perf_counter`, garbage collector off (as ``timeit`` does); the median per row is
reported. The slow peers (seconds per run) take part in the first ``S`` rounds only and are not
warmed up (they have no caches; their first timed output is the one checked).

Every peer must give exactly (``Fraction`` equality) croupier's probabilities and ev for every
bet, or the script exits 1. See ``bench/README.md`` for the method and its caveats.

Peers (exact, pure Python, no NumPy):

* baccarat, *Fraction per pair*: the 286 × 286 pairs of class multisets, each pair's
  probability as a ``Fraction``, every bet settled with ``decide()`` on every pair;
* baccarat, *ints per pair*: croupier's own method (integer weights per multiset pair, bets on
  the 31 × 31 annex levels) in Python loops instead of NumPy;
* baccarat, *every card*: all ordered 6-card sequences of a 12-card shoe of real cards;
* football, *Fraction per path*: each class path (2 or 3 cards) as a ``Fraction``, every bet
  settled with ``decide()`` on every path;
* football, *every card*: all ordered hands of real cards from one 52-card deck.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from functools import partial
from math import factorial, prod
from pathlib import Path
from typing import Any, Final

from rich.console import Console
from rich.table import Table

import croupier.odds.three_card_baccarat as bac
from bench.common import environment, time_once, write_report
from croupier.cards import Card, Rank, Suit
from croupier.games.football_poker import rules as fb_rules
from croupier.games.three_card_baccarat import rules as bac_rules
from croupier.odds import (
    OddsReport,
    ShoeCounts,
    baccarat_effect_of_removal,
    baccarat_odds,
    baccarat_odds_for,
    football_effect_of_removal,
    football_odds,
)
from croupier.odds.football_poker import class_counts as fb_class_counts
from croupier.odds.report import RANKS_A_TO_K, net_of
from croupier.settlement import BetDecision, Result

DEFAULT_JSON: Final = Path(__file__).resolve().parent / "results" / "odds.json"
TARGET_BACCARAT_8_S: Final = 0.1
TARGET_EOR_8_S: Final = 1.0

#: The 12-card shoe for the card-by-card baccarat peer: figures, a ten and some points.
SMALL_BACCARAT_SHOE: Final = dict(zip("JQKTA35789", (1, 1, 2, 1, 1, 1, 1, 1, 1, 2), strict=True))

#: What the consistency check compares: {bet: (probabilities by result value, ev)}.
Odds = dict[str, tuple[dict[str, Fraction], Fraction]]


# ----- peers -----------------------------------------------------------------------------------
def odds_of(report: OddsReport) -> Odds:
    """The report's exact probabilities (non-zero) and ev per bet, for comparing with a peer."""
    return {
        name: ({r: p for r, p in bet.probabilities.items() if p}, bet.ev)
        for name, bet in report.bets.items()
    }


def falling(n: int, k: int) -> int:
    return prod(range(n - k + 1, n + 1)) if k <= n else 0


_BAC_POINTS: Final = (0, 0, *range(1, 10))  # classes: ten, figures, 1..9 (as croupier's)
#: (usage per class, arrangements, HandValue) of the 286 multisets of 3 classes
BAC_HANDS: Final = [
    (
        tuple(m.count(c) for c in range(11)),
        factorial(3) // prod(factorial(m.count(c)) for c in range(11)),
        bac_rules.HandValue(sum(_BAC_POINTS[c] for c in m) % 10, m.count(1)),
    )
    for m in itertools.combinations_with_replacement(range(11), 3)
]


def bac_net(d: BetDecision) -> Fraction:
    if d.result is Result.WIN:
        return d.prize * (1 - bac_rules.COMMISSION) if d.commission else Fraction(d.prize)
    return Fraction(-1) if d.result is Result.LOSE else Fraction(0)


def baccarat_fraction_per_pair(shoe: ShoeCounts) -> Odds:
    """Straightforward: a Fraction per pair of multisets, decide() for every bet on every pair."""
    n = bac.class_counts(shoe)
    denominator = falling(shoe.total, 6)
    probs: dict[str, dict[str, Fraction]] = {b.value: {} for b in bac_rules.BetKind}
    ev = {b.value: Fraction(0) for b in bac_rules.BetKind}
    for use_a, arr_a, place in BAC_HANDS:
        for use_b, arr_b, banker in BAC_HANDS:
            w = arr_a * arr_b * prod(falling(n[c], use_a[c] + use_b[c]) for c in range(11))
            if not w:
                continue
            p = Fraction(w, denominator)
            for bet in bac_rules.BetKind:
                d = bac_rules.decide(bet, banker, place)
                by = probs[bet.value]
                by[d.result.value] = by.get(d.result.value, Fraction(0)) + p
                ev[bet.value] += p * bac_net(d)
    return {k: (probs[k], ev[k]) for k in probs}


def baccarat_level_tables() -> dict[str, dict[tuple[int, int], tuple[str, Fraction]]]:
    """decide() on every (place level, banker level), once (the ints peer's tables)."""
    out: dict[str, dict[tuple[int, int], tuple[str, Fraction]]] = {}
    for bet in bac_rules.BetKind:
        table = {}
        for p in range(1, 32):
            for b in range(1, 32):
                d = bac_rules.decide(bet, bac.level_value(b), bac.level_value(p))
                table[(p, b)] = (d.result.value, bac_net(d))
        out[bet.value] = table
    return out


BAC_LEVEL_TABLES: Final = baccarat_level_tables()
_BAC_HANDS_BY_LEVEL: Final = [(u, a, v.level) for u, a, v in BAC_HANDS]


def baccarat_ints_per_pair(shoe: ShoeCounts) -> Odds:
    """croupier's method in pure Python: integer weights per pair, summed by annex levels."""
    n = bac.class_counts(shoe)
    ff = [[falling(nc, k) for k in range(7)] for nc in n]
    joint: dict[tuple[int, int], int] = {}
    for use_a, arr_a, la in _BAC_HANDS_BY_LEVEL:
        for use_b, arr_b, lb in _BAC_HANDS_BY_LEVEL:
            w = arr_a * arr_b
            for c in range(11):
                w *= ff[c][use_a[c] + use_b[c]]
                if not w:
                    break
            if w:
                joint[(la, lb)] = joint.get((la, lb), 0) + w
    total = falling(shoe.total, 6)
    out: Odds = {}
    for bet, table in BAC_LEVEL_TABLES.items():
        counts: dict[str, int] = {}
        ev = Fraction(0)
        for key, w in joint.items():
            result, net = table[key]
            counts[result] = counts.get(result, 0) + w
            ev += net * w
        out[bet] = ({r: Fraction(c, total) for r, c in counts.items() if c}, ev / total)
    return out


def baccarat_ints_eor(shoe: ShoeCounts) -> dict[Rank, dict[str, Fraction]]:
    base = baccarat_ints_per_pair(shoe)
    out = {}
    for rank in RANKS_A_TO_K:
        if shoe[rank]:
            other = baccarat_ints_per_pair(shoe.without(rank))
            out[rank] = {k: other[k][1] - base[k][1] for k in base}
    return out


def real_cards(counts: dict[str, int]) -> list[Card]:
    return [Card.of(Rank.parse(s), Suit(i % 4)) for s, k in counts.items() for i in range(k)]


def baccarat_every_card(counts: dict[str, int]) -> Odds:
    """Every ordered 6-card sequence of real cards; hands valued by HandValue.of."""
    cards = real_cards(counts)
    value: dict[tuple[int, ...], bac_rules.HandValue] = {
        h: bac_rules.HandValue.of([cards[i] for i in h])
        for h in itertools.combinations(range(len(cards)), 3)
    }
    pairs: dict[tuple[bac_rules.HandValue, bac_rules.HandValue], int] = {}
    for seq in itertools.permutations(range(len(cards)), 6):
        key = (value[tuple(sorted(seq[:3]))], value[tuple(sorted(seq[3:]))])
        pairs[key] = pairs.get(key, 0) + 1
    total = sum(pairs.values())
    out: Odds = {}
    for bet in bac_rules.BetKind:
        probs: dict[str, int] = {}
        ev = Fraction(0)
        for (place, banker), w in pairs.items():
            d = bac_rules.decide(bet, banker, place)
            probs[d.result.value] = probs.get(d.result.value, 0) + w
            ev += bac_net(d) * w
        out[bet.value] = ({r: Fraction(c, total) for r, c in probs.items()}, ev / total)
    return out


def fb_net(d: BetDecision) -> Fraction:
    return net_of(d.result, d.prize, None)


def football_fraction_per_path(shoe: ShoeCounts) -> Odds:
    """Straightforward: a Fraction per class path, decide() for every bet on every path."""
    n = fb_class_counts(shoe)
    total = shoe.total
    probs: dict[str, dict[str, Fraction]] = {b.value: {} for b in fb_rules.BetKind}
    ev = {b.value: Fraction(0) for b in fb_rules.BetKind}

    def settle(p: Fraction, hand_total: int, cards: int) -> None:
        for bet in fb_rules.BetKind:
            d = fb_rules.decide(bet, hand_total, cards=cards)
            by = probs[bet.value]
            by[d.result.value] = by.get(d.result.value, Fraction(0)) + p
            ev[bet.value] += p * fb_net(d)

    for a in range(10):
        for b in range(10):
            p2 = Fraction(n[a] * (n[b] - (a == b)), total * (total - 1))
            if p2 <= 0:
                continue
            t = (a + b) % 10
            if t not in (0, 9):
                settle(p2, t, 2)
                continue
            for c in range(10):
                left = n[c] - (c == a) - (c == b)
                if left > 0:
                    settle(p2 * Fraction(left, total - 2), (t + c) % 10, 3)
    return {k: (probs[k], ev[k]) for k in probs}


def football_fraction_eor(shoe: ShoeCounts) -> dict[Rank, dict[str, Fraction]]:
    base = football_fraction_per_path(shoe)
    out = {}
    for rank in RANKS_A_TO_K:
        if shoe[rank]:
            other = football_fraction_per_path(shoe.without(rank))
            out[rank] = {k: other[k][1] - base[k][1] for k in base}
    return out


def football_every_card(decks: int) -> Odds:
    """Every ordered hand of real cards (2 cards, a third when Art 8.1 says so)."""
    cards = [Card.of(r, s) for r in Rank for s in Suit] * decks
    total = len(cards)
    weights: dict[tuple[int, int], int] = {}
    for i, j in itertools.permutations(range(total), 2):
        two = [cards[i], cards[j]]
        if not fb_rules.needs_third_card(two):
            key = (2, fb_rules.hand_total(two))
            weights[key] = weights.get(key, 0) + (total - 2)
            continue
        for k in range(total):
            if k != i and k != j:
                key = (3, fb_rules.hand_total([*two, cards[k]]))
                weights[key] = weights.get(key, 0) + 1
    denominator = total * (total - 1) * (total - 2)
    out: Odds = {}
    for bet in fb_rules.BetKind:
        probs: dict[str, int] = {}
        ev = Fraction(0)
        for (cards_in_hand, hand_total), w in weights.items():
            d = fb_rules.decide(bet, hand_total, cards=cards_in_hand)
            probs[d.result.value] = probs.get(d.result.value, 0) + w
            ev += fb_net(d) * w
        out[bet.value] = ({r: Fraction(c, denominator) for r, c in probs.items()}, ev / denominator)
    return out


# ----- timing --------------------------------------------------------------------------------
@dataclass
class Row:
    key: str
    game: str
    task: str
    implementation: str
    method: str
    times: list[float]
    slow: bool = False
    baseline: str = ""  #: key of the croupier row this row is compared with
    median_s: float = 0.0
    ratio: float = 0.0  #: median ÷ the baseline row's median
    fn: Callable[[], object] = field(default=lambda: None, repr=False)

    def finish(self) -> None:
        self.median_s = statistics.median(self.times)


def build_rows() -> list[Row]:
    rows: list[Row] = []

    def add(
        key: str,
        game: str,
        task: str,
        impl: str,
        method: str,
        fn: Callable[[], object],
        *,
        slow: bool = False,
        baseline: str = "",
    ) -> None:
        rows.append(Row(key, game, task, impl, method, [], slow, baseline or key, fn=fn))

    small = dict(SMALL_BACCARAT_SHOE)
    small_shoe = ShoeCounts.from_counts(small)
    for d in (1, 6, 8):
        shoe = ShoeCounts.of_decks(d)
        task = f"odds, {d} deck{'s' if d > 1 else ''} ({52 * d} cards)"
        add(
            f"bac{d}",
            "baccarat",
            task,
            "croupier",
            f"baccarat_odds({d})",
            partial(baccarat_odds, d),
        )
        add(
            f"bac{d}-ints",
            "baccarat",
            task,
            "peer",
            "ints per multiset pair, pure Python",
            partial(baccarat_ints_per_pair, shoe),
            baseline=f"bac{d}",
        )
        if d == 6:
            continue  # the slowest peer: 1 and 8 decks only
        add(
            f"bac{d}-frac",
            "baccarat",
            task,
            "peer",
            "Fraction per multiset pair + decide() per pair",
            partial(baccarat_fraction_per_pair, shoe),
            slow=True,
            baseline=f"bac{d}",
        )

    def cold() -> object:
        bac._bet_tables.cache_clear()
        return baccarat_odds(8)

    add(
        "bac8-cold",
        "baccarat",
        "odds, 8 decks (416 cards)",
        "croupier",
        "baccarat_odds(8), cold: decide() tables rebuilt",
        cold,
        baseline="bac8",
    )
    task = f"odds, {small_shoe.total}-card shoe"
    add(
        "bac-small",
        "baccarat",
        task,
        "croupier",
        "baccarat_odds_for(shoe)",
        partial(baccarat_odds_for, small_shoe),
    )
    add(
        "bac-small-cards",
        "baccarat",
        task,
        "peer",
        "every ordered 6-card sequence of real cards",
        partial(baccarat_every_card, small),
        baseline="bac-small",
    )
    for d in (1, 6, 8):
        task = f"effect of removal, {d} deck{'s' if d > 1 else ''}"
        add(
            f"bac-eor{d}",
            "baccarat",
            task,
            "croupier",
            f"baccarat_effect_of_removal({d})",
            partial(baccarat_effect_of_removal, d),
        )
        add(
            f"bac-eor{d}-ints",
            "baccarat",
            task,
            "peer",
            "14 × ints per multiset pair, pure Python",
            partial(baccarat_ints_eor, ShoeCounts.of_decks(d)),
            slow=True,
            baseline=f"bac-eor{d}",
        )
    for d in (6, 8):
        shoe = ShoeCounts.of_decks(d)
        task = f"odds, {d} decks ({52 * d} cards)"
        add(
            f"fb{d}",
            "football",
            task,
            "croupier",
            f"football_odds({d})",
            partial(football_odds, d),
        )
        add(
            f"fb{d}-frac",
            "football",
            task,
            "peer",
            "Fraction per class path + decide() per path",
            partial(football_fraction_per_path, shoe),
            baseline=f"fb{d}",
        )
    add(
        "fb1",
        "football",
        "odds, 1 deck (52 cards)",
        "croupier",
        "football_odds(1)",
        partial(football_odds, 1),
    )
    add(
        "fb1-cards",
        "football",
        "odds, 1 deck (52 cards)",
        "peer",
        "every ordered hand of real cards",
        partial(football_every_card, 1),
        baseline="fb1",
    )
    for d in (6, 8):
        add(
            f"fb-eor{d}",
            "football",
            f"effect of removal, {d} decks",
            "croupier",
            f"football_effect_of_removal({d})",
            partial(football_effect_of_removal, d),
        )
        add(
            f"fb-eor{d}-frac",
            "football",
            f"effect of removal, {d} decks",
            "peer",
            "14 × Fraction per class path + decide() per path",
            partial(football_fraction_eor, ShoeCounts.of_decks(d)),
            baseline=f"fb-eor{d}",
        )
    return rows


def run(rows: list[Row], repeats: int, slow_repeats: int, console: Console) -> dict[str, object]:
    outputs: dict[str, object] = {}
    for row in rows:
        if not row.slow:
            console.print(f"  warm-up {row.implementation}: {row.method} ...", style="dim")
            outputs[row.key] = row.fn()
    for i in range(max(repeats, slow_repeats)):
        console.print(f"  round {i + 1}/{max(repeats, slow_repeats)}", style="dim")
        for row in rows:
            if i >= (slow_repeats if row.slow else repeats):
                continue
            seconds, outputs[row.key] = time_once(row.fn)
            row.times.append(seconds)
    by = {r.key: r for r in rows}
    for row in rows:
        row.finish()
    for row in rows:
        row.ratio = row.median_s / by[row.baseline].median_s
    return outputs


def check_outputs(outputs: dict[str, object]) -> list[str]:
    """Every peer gives exactly croupier's probabilities and ev."""
    problems = []

    def report(key: str) -> OddsReport:
        out = outputs[key]
        assert isinstance(out, OddsReport)
        return out

    pairs = [(f"bac{d}", f"bac{d}-ints") for d in (1, 6, 8)]
    pairs += [(f"bac{d}", f"bac{d}-frac") for d in (1, 8)]
    pairs += [("bac8", "bac8-cold"), ("bac-small", "bac-small-cards"), ("fb1", "fb1-cards")]
    pairs += [(f"fb{d}", f"fb{d}-frac") for d in (6, 8)]
    for ours_key, peer_key in pairs:
        ours = odds_of(report(ours_key))
        peer = outputs[peer_key]
        if isinstance(peer, OddsReport):
            peer = odds_of(peer)
        if ours != peer:
            problems.append(f"{peer_key} differs from {ours_key}")
    eor_pairs = [(f"bac-eor{d}", f"bac-eor{d}-ints") for d in (1, 6, 8)]
    eor_pairs += [(f"fb-eor{d}", f"fb-eor{d}-frac") for d in (6, 8)]
    for ours_key, peer_key in eor_pairs:
        if getattr(outputs[ours_key], "effects", None) != outputs[peer_key]:
            problems.append(f"{peer_key} differs from {ours_key}")
    return problems


# ----- report --------------------------------------------------------------------------------
def results_table(rows: list[Row]) -> Table:
    table = Table(title="exact odds (median of rounds; peers give exactly the same Fractions)")
    table.add_column("game")
    table.add_column("task")
    table.add_column("implementation")
    table.add_column("method")
    table.add_column("runs", justify="right")
    table.add_column("median ms", justify="right")
    table.add_column("÷ croupier", justify="right")
    for r in rows:
        table.add_row(
            r.game,
            r.task,
            r.implementation,
            r.method,
            str(len(r.times)),
            f"{r.median_s * 1000:,.2f}",
            f"{r.ratio:,.1f}" if r.ratio >= 10 else f"{r.ratio:.2f}",
        )
    return table


def targets(rows: list[Row]) -> list[dict[str, Any]]:
    by = {r.key: r for r in rows}
    return [
        {
            "target": f"baccarat_odds(8) < {TARGET_BACCARAT_8_S} s",
            "value": f"{by['bac8'].median_s * 1000:.2f} ms",
            "met": by["bac8"].median_s < TARGET_BACCARAT_8_S,
        },
        {
            "target": f"baccarat_effect_of_removal(8) <= ~{TARGET_EOR_8_S} s",
            "value": f"{by['bac-eor8'].median_s * 1000:.2f} ms",
            "met": by["bac-eor8"].median_s <= TARGET_EOR_8_S,
        },
    ]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.bench_odds", description=__doc__)
    ap.add_argument("--repeats", type=int, default=7, help="timed rounds of the fast rows")
    ap.add_argument("--slow-repeats", type=int, default=3, help="timed rounds of slow peers")
    ap.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where to write results")
    args = ap.parse_args(argv)
    if args.repeats < 1 or args.slow_repeats < 1:
        ap.error("--repeats and --slow-repeats must be >= 1")

    console = Console(width=None if sys.stdout.isatty() else 150)
    env = environment()
    t_start = time.perf_counter()
    method = (
        f"1 warm-up per fast row, then {args.repeats} rounds each timing every row once "
        f"(slow peers: no warm-up, first {args.slow_repeats} rounds only); time.perf_counter, "
        "gc off; median per row; one process. ÷ croupier = row median ÷ the median of croupier's "
        "row for the same task"
    )
    console.rule("croupier exact-odds benchmark")
    console.print(
        f"machine: {env['machine']} · {env['cores']} cores (os.cpu_count) · {env['platform']}\n"
        f"Python {env['python']} ({env['implementation']}) · numpy {env['numpy']}\n"
        f"method: {method}"
    )
    rows = build_rows()
    outputs = run(rows, args.repeats, args.slow_repeats, console)
    console.print(results_table(rows))
    goals = targets(rows)
    for g in goals:
        mark = "[green]met[/green]" if g["met"] else "[red]NOT met[/red]"
        console.print(f"target: {g['target']}: {g['value']} — {mark}")
    problems = check_outputs(outputs)
    for msg in problems:
        console.print(f"[red]inconsistent outputs: {msg}[/red]")
    if not problems:
        console.print(
            "outputs consistent: every peer gives exactly croupier's probabilities and ev "
            "(Fraction equality) for every bet, and the effect-of-removal tables agree"
        )
    total = time.perf_counter() - t_start
    console.print(f"total run time {total:.1f} s")
    write_report(
        args.json,
        "bench.bench_odds",
        env,
        args,
        method=method,
        rows=[{k: v for k, v in asdict(r).items() if k != "fn"} for r in rows],
        targets=goals,
        output_consistency_problems=problems,
        total_seconds=total,
    )
    console.print(f"wrote {args.json}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
