"""The 13-card game's house edge, by simulation of full rounds (Portaria 51/89/M).

Each simulated round shuffles one 52-card deck (a seeded NumPy generator) and deals all four
positions (Art 2 c): the banker sets by the table's house way without seeing anyone (Art 2 d),
then each of the three players sets. Every player hand is played twice on the same cards:

* **optimal**: the best response to the banker's shown setting
  (:func:`~croupier.games.thirteen.solver.best_response`: win > tie > lose, then margin);
* **house-way player**: set by the same house way as the banker, as a casual player who does not
  adapt to the banker might.

Naturals are recognised from the 13 cards (Art 9 I). A win pays ``prize`` of the stake less
``commission`` of that prize, a tie returns the stake, a loss loses it (Art 11); the result per
unit staked is exact per hand (``+0.49`` / ``0`` / ``-1`` by default). The house edge is minus
the players' mean result per unit staked. Its 95 % confidence interval treats *rounds* as the
independent units (the three players of a round share a banker and a deck, so their results are
correlated): ``edge +/- 1.96 * sd(round mean) / sqrt(rounds)``.

Which cards go to which position does not change the distribution: the deal of Art 2 (cut, dice,
one card at a time) hands out a uniformly shuffled deck, so any fixed split of a uniform
permutation into four 13-card hands is the same in law (a simplification of the simulation, not
of the engine: the round state machine deals by the article).

Rounds are simulated on the chunked runner (:mod:`croupier.analysis.runner`) in chunks of
:data:`CHUNK_ROUNDS`, chunk ``k`` seeded from ``(seed, k)`` by NumPy's SeedSequence, and every
figure is an integer count (wins, ties, losses, point margins, and each round's net result in
units of ``1 / q``, where ``q`` is the denominator of a win's net, with its square for the
interval), so the result is bit-for-bit the same serially or on any number of Dask workers,
and after an interruption and ``--resume``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from croupier.analysis.runner import Chunk, Counts, Plan, RunResult, run
from croupier.games.thirteen.calibration import deal_hands
from croupier.games.thirteen.options import ThirteenOptions
from croupier.games.thirteen.rules import POSITION_COUNT, HouseWay

__all__ = [
    "ANALYSIS",
    "CHUNK_ROUNDS",
    "EdgeReport",
    "StrategyEdge",
    "Tally",
    "edge_chunk",
    "edge_plan",
    "estimate_edge",
    "report_from_run",
]

ANALYSIS: Final = "odds-thirteen"
CHUNK_ROUNDS: Final = 100
#: a round's CPU seconds on one core, ``auto``'s estimate of the work (2026-11-29, 2-core AMD
#: EPYC VM: ``odds thirteen --rounds 1000`` and ``2000`` differ by 1.17 s)
ROUND_SECONDS: Final = 0.0012
PLAYERS: Final = POSITION_COUNT - 1
Z95: Final = 1.959963984540054
STRATEGIES: Final = ("optimal", "house_way")
_FIELDS: Final = (
    "wins",
    "ties",
    "losses",
    "natural_wins",
    "natural_ties",
    "natural_losses",
    "margin_sum",
    "net_sum",
    "net_sq",
)


@dataclass(frozen=True)
class Tally:
    """Integer counts from some rounds for one player strategy. ``net_sum`` / ``net_sq``: the
    sum over rounds of the round's net result (all three players) in units of ``1 / q`` (``q``
    the denominator of a win's net: 100 for 49/100), and of its square (for the interval)."""

    wins: int = 0
    ties: int = 0
    losses: int = 0
    natural_wins: int = 0
    natural_ties: int = 0
    natural_losses: int = 0
    margin_sum: int = 0
    net_sum: int = 0
    net_sq: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(getattr(self, f) + getattr(other, f) for f in _FIELDS))

    @classmethod
    def from_counts(cls, counts: Counts, strategy: str) -> Tally:
        return cls(*(counts.get(f"{strategy}.{f}", 0) for f in _FIELDS))


@dataclass(frozen=True)
class StrategyEdge:
    """The house edge against one player strategy."""

    name: str
    rounds: int
    tally: Tally
    win_net: Fraction  #: what a win returns per unit staked, net (prize less commission)

    @property
    def hands(self) -> int:
        return self.tally.wins + self.tally.ties + self.tally.losses

    @property
    def mean_net(self) -> Fraction:
        """The players' exact mean result per unit staked over the simulated hands."""
        t = self.tally
        return (t.wins * self.win_net - t.losses) / self.hands

    @property
    def edge(self) -> float:
        """The house edge per unit staked (minus the players' mean result)."""
        return -float(self.mean_net)

    @property
    def stderr(self) -> float:
        """Standard error of the edge, rounds as the independent units (exact up to the
        final square root: the sums are integers)."""
        n = max(self.rounds, 2)  # estimate_edge simulates at least two rounds
        t = self.tally
        var = Fraction(t.net_sq * n - t.net_sum * t.net_sum, n * (n - 1))  # of a round's net
        scale = PLAYERS * self.win_net.denominator
        return math.sqrt(max(var, Fraction(0)) / n) / scale

    @property
    def ci95(self) -> tuple[float, float]:
        half = Z95 * self.stderr
        return (self.edge - half, self.edge + half)

    def rate(self, what: str) -> float:
        return int(getattr(self.tally, what)) / self.hands

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.ci95
        t = self.tally
        return {
            "strategy": self.name,
            "hands": self.hands,
            "wins": t.wins,
            "ties": t.ties,
            "losses": t.losses,
            "win_rate": self.rate("wins"),
            "tie_rate": self.rate("ties"),
            "loss_rate": self.rate("losses"),
            "natural_wins": t.natural_wins,
            "natural_ties": t.natural_ties,
            "natural_losses": t.natural_losses,
            "mean_margin": t.margin_sum / self.hands,
            "player_mean_net": str(self.mean_net),
            "house_edge": self.edge,
            "stderr": self.stderr,
            "ci95": [lo, hi],
        }


@dataclass(frozen=True)
class EdgeReport:
    """``croupier odds thirteen``'s simulation: the edge against optimal and house-way players."""

    rounds: int
    seed: str
    workers: int
    house_way: str
    optimal: StrategyEdge
    house_way_player: StrategyEdge
    seconds: float
    table: ThirteenOptions = field(default_factory=ThirteenOptions)
    run: RunResult | None = None

    @property
    def players_per_round(self) -> int:
        return PLAYERS

    @property
    def hands_per_second(self) -> float:
        """Player-hands simulated a second by this run (chunks read from a resume file are
        not counted: they took no time here)."""
        rounds = self.rounds if self.run is None else self.run.units_computed
        return rounds * PLAYERS / self.seconds if self.seconds > 0 else math.inf

    def convergence(self) -> list[tuple[int, float, float, float]]:
        """(rounds, edge, 95% low, 95% high) against optimal players after each chunk, in
        chunk order (empty without the run)."""
        if self.run is None:
            return []
        out = []
        rounds = 0
        acc = Tally()
        for counts in self.run.per_chunk.values():  # in chunk order
            acc += Tally.from_counts(counts, "optimal")
            rounds += counts.get("rounds", 0)
            if rounds >= 2:
                lo, hi = StrategyEdge("optimal", rounds, acc, self.win_net).ci95
                out.append((rounds, (lo + hi) / 2, lo, hi))
        return out

    @property
    def win_net(self) -> Fraction:
        return self.optimal.win_net

    def to_dict(self) -> dict[str, Any]:
        data = {
            "method": "simulation of full rounds: banker by the house way, three players",
            "rounds": self.rounds,
            "players_per_round": PLAYERS,
            "seed": self.seed,
            "workers": self.workers,
            "house_way": self.house_way,
            "prize": str(self.table.prize),
            "commission": str(self.table.commission),
            "win_net_per_unit": str(self.optimal.win_net),
            "optimal": self.optimal.to_dict(),
            "house_way_player": self.house_way_player.to_dict(),
            "seconds": self.seconds,
            "player_hands_per_second": self.hands_per_second,
        }
        if self.run is not None:
            data["run"] = {k: v for k, v in self.run.run_info().items() if k != "seconds"}
        return data

    def rows(self) -> list[dict[str, Any]]:
        """One CSV row per player strategy."""
        out = []
        for edge in (self.optimal, self.house_way_player):
            d = edge.to_dict()
            lo, hi = d.pop("ci95")
            out.append(
                {
                    "house_way": self.house_way,
                    "rounds": self.rounds,
                    **d,
                    "ci95_low": lo,
                    "ci95_high": hi,
                }
            )
        return out


def _natural_result(player: bool, banker: bool) -> int:
    """Art 9 I: natural beats non-natural, natural against natural ties."""
    return int(player) - int(banker)


def edge_chunk(chunk: Chunk) -> Counts:
    """One chunk of rounds (see the module docstring): integer counts for both strategies."""
    from croupier.games.thirteen.naturals_batch import has_natural
    from croupier.games.thirteen.solver import HandSettings

    house = HouseWay(chunk.params["house_way"])
    win_net = Fraction(chunk.params["win_net"])
    p, q = win_net.numerator, win_net.denominator
    net_of = {1: p, 0: 0, -1: -q}
    deals = deal_hands(chunk.rng(), chunk.size * POSITION_COUNT).reshape(
        chunk.size, POSITION_COUNT, 13
    )
    counts: Counts = {"rounds": chunk.size}
    for s in STRATEGIES:
        for f in _FIELDS:
            counts[f"{s}.{f}"] = 0
    names = {1: "wins", 0: "ties", -1: "losses"}
    # natural_of(hand) is not None, for every hand of the chunk at once (Art 9 I)
    chunk_naturals = has_natural(deals).tolist()
    for deal, naturals in zip(deals.tolist(), chunk_naturals, strict=True):
        bstr = (0, 0, 0)  # the banker's setting matters only against a hand without a natural
        if not naturals[0]:
            banker = HandSettings.from_codes(deal[0])
            bstr = banker.strengths(banker.house_index(house))
        round_net = [0, 0]
        for hand, natural in zip(deal[1:], naturals[1:], strict=True):
            by_natural = natural or naturals[0]
            if by_natural:
                r = _natural_result(natural, naturals[0])
                results, margins = (r, r), (0, 0)
            else:
                player = HandSettings.from_codes(hand)
                best = player.best_margin(bstr)
                casual = player.margin_of(player.house_index(house), bstr)
                margins = (best, casual)
                results = ((best > 0) - (best < 0), (casual > 0) - (casual < 0))
            for s, result, margin in zip(STRATEGIES, results, margins, strict=True):
                counts[f"{s}.{names[result]}"] += 1
                if by_natural:
                    counts[f"{s}.natural_{names[result]}"] += 1
                counts[f"{s}.margin_sum"] += margin
            round_net[0] += net_of[results[0]]
            round_net[1] += net_of[results[1]]
        for s, net in zip(STRATEGIES, round_net, strict=True):
            counts[f"{s}.net_sum"] += net
            counts[f"{s}.net_sq"] += net * net
    return counts


def edge_plan(rounds: int, seed: str, table: ThirteenOptions) -> Plan:
    """The runner's plan of an edge simulation (its parameters are what changes a result)."""
    if rounds < 2:  # one round has no spread: no interval
        raise ValueError(
            f"rounds must be at least 2 (a confidence interval needs two), got {rounds}"
        )
    win_net = table.prize * (1 - table.commission)
    params = {
        "house_way": HouseWay(table.house_way).value,
        "prize": str(table.prize),
        "commission": str(table.commission),
        "win_net": str(win_net),
    }
    return Plan(ANALYSIS, seed, rounds, CHUNK_ROUNDS, params)


def report_from_run(result: RunResult, table: ThirteenOptions) -> EdgeReport:
    """The edge report from a finished run of :func:`edge_chunk`."""
    total = result.total
    rounds = total["rounds"]
    win_net = Fraction(result.plan.params["win_net"])
    way = str(result.plan.params["house_way"])
    return EdgeReport(
        rounds=rounds,
        seed=result.plan.seed,
        workers=result.workers,
        house_way=way,
        optimal=StrategyEdge("optimal", rounds, Tally.from_counts(total, "optimal"), win_net),
        house_way_player=StrategyEdge(way, rounds, Tally.from_counts(total, "house_way"), win_net),
        seconds=result.seconds,
        table=table,
        run=result,
    )


def estimate_edge(
    *,
    rounds: int,
    seed: str,
    workers: int | None = None,
    table: ThirteenOptions | None = None,
    progress: Callable[[int, int], None] | None = None,
    scheduler: str = "none",
    resume: Path | None = None,
) -> EdgeReport:
    """Simulate ``rounds`` full rounds (see the module docstring) on the chunked runner
    (``scheduler``: none, auto, local or tcp://HOST:PORT; ``workers``: a LocalCluster's
    processes); ``progress(done, total)`` counts chunks; ``resume``: a chunk file."""
    table = table or ThirteenOptions()
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    plan = edge_plan(rounds, seed, table)
    result = run(
        plan,
        edge_chunk,
        scheduler=scheduler,
        workers=workers,
        progress=progress,
        resume=resume,
        unit_seconds=ROUND_SECONDS,
    )
    return report_from_run(result, table)
