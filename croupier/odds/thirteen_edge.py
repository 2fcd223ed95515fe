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

Rounds are simulated in chunks of :data:`CHUNK_ROUNDS`, chunk ``k`` seeded from ``(seed, k)``, so
the result depends only on the seed and the number of rounds, never on the number of workers.
"""

from __future__ import annotations

import math
import os
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

import numpy as np

from croupier.cards import Card
from croupier.games.thirteen.calibration import deal_hands, numpy_seed
from croupier.games.thirteen.rules import POSITION_COUNT, HouseWay, ThirteenTable
from croupier.games.thirteen.scoring import natural_of

__all__ = ["CHUNK_ROUNDS", "EdgeReport", "StrategyEdge", "estimate_edge", "simulate_chunk"]

CHUNK_ROUNDS: Final = 100
PLAYERS: Final = POSITION_COUNT - 1
Z95: Final = 1.959963984540054


@dataclass(frozen=True)
class Tally:
    """Counts from some rounds for one player strategy. ``round_sum``/``round_sq``: sums over
    rounds of the round's mean result per unit (for the clustered standard error)."""

    wins: int = 0
    ties: int = 0
    losses: int = 0
    natural_wins: int = 0
    natural_losses: int = 0
    natural_ties: int = 0
    margin_sum: int = 0
    round_sum: float = 0.0
    round_sq: float = 0.0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(getattr(self, f) + getattr(other, f) for f in self.__dataclass_fields__))


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
        """Standard error of the edge, rounds as the independent units."""
        n = max(self.rounds, 2)  # estimate_edge simulates at least two rounds
        mean = self.tally.round_sum / n
        var = max(self.tally.round_sq / n - mean * mean, 0.0) * n / (n - 1)
        return math.sqrt(var / n)

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
    table: ThirteenTable = field(default_factory=ThirteenTable)

    @property
    def players_per_round(self) -> int:
        return PLAYERS

    @property
    def hands_per_second(self) -> float:
        return self.rounds * PLAYERS / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
        return {
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


def _net(outcome: int, win_net: float) -> float:
    return win_net if outcome > 0 else (0.0 if outcome == 0 else -1.0)


def simulate_chunk(
    seed: str, chunk: int, rounds: int, way: str, win_net: Fraction
) -> tuple[Tally, Tally]:
    """``rounds`` rounds seeded by ``(seed, chunk)``: tallies for (optimal, house-way player)."""
    from croupier.games.thirteen.solver import HandSettings

    rng = np.random.default_rng([numpy_seed(seed), chunk])
    deals = deal_hands(rng, rounds * POSITION_COUNT).reshape(rounds, POSITION_COUNT, 13)
    wn = float(win_net)
    house = HouseWay(way)
    counts = [Counter[str](), Counter[str]()]
    squares = [[0.0, 0.0], [0.0, 0.0]]  # per strategy: sum and sum of squares of round means
    for deal in deals:
        hands = [[Card(int(c)) for c in row] for row in deal]
        naturals = [natural_of(h) for h in hands]
        banker = HandSettings(hands[0])
        bi = banker.house_index(house)
        bstr = (int(banker.front[bi]), int(banker.middle[bi]), int(banker.back[bi]))
        round_net = [0.0, 0.0]
        for p in range(1, POSITION_COUNT):
            by_natural = naturals[p] is not None or naturals[0] is not None
            if by_natural:
                r = _natural_result(naturals[p] is not None, naturals[0] is not None)
                results, margins = [r, r], [0, 0]
            else:
                player = HandSettings(hands[p])
                margin_all = player.margins(bstr)
                choices = (player.best_of(margin_all), player.house_index(house))
                margins = [int(margin_all[i]) for i in choices]
                results = [(m > 0) - (m < 0) for m in margins]
            for s in range(2):
                name = "wins" if results[s] > 0 else "ties" if results[s] == 0 else "losses"
                counts[s][name] += 1
                if by_natural:
                    counts[s]["natural_" + name] += 1
                counts[s]["margin_sum"] += margins[s]
                round_net[s] += _net(results[s], wn)
        for s in range(2):
            mean = round_net[s] / PLAYERS
            squares[s][0] += mean
            squares[s][1] += mean * mean
    return _tally(counts[0], squares[0]), _tally(counts[1], squares[1])


def _tally(counts: Counter[str], squares: list[float]) -> Tally:
    return Tally(
        wins=counts["wins"],
        ties=counts["ties"],
        losses=counts["losses"],
        natural_wins=counts["natural_wins"],
        natural_ties=counts["natural_ties"],
        natural_losses=counts["natural_losses"],
        margin_sum=counts["margin_sum"],
        round_sum=squares[0],
        round_sq=squares[1],
    )


def _natural_result(player: bool, banker: bool) -> int:
    """Art 9 I: natural beats non-natural, natural against natural ties."""
    return int(player) - int(banker)


def estimate_edge(
    *,
    rounds: int,
    seed: str,
    workers: int | None = None,
    table: ThirteenTable | None = None,
    progress: Callable[[int], None] | None = None,
) -> EdgeReport:
    """Simulate ``rounds`` full rounds (see the module docstring) on ``workers`` processes
    (default: every core); ``progress(n)`` is called as each chunk of ``n`` rounds finishes."""
    table = table or ThirteenTable()
    if rounds < 2:  # one round has no spread: no interval
        raise ValueError(
            f"rounds must be at least 2 (a confidence interval needs two), got {rounds}"
        )
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    win_net = table.prize * (1 - table.commission)
    way = HouseWay(table.house_way).value
    chunks = [
        (k, min(CHUNK_ROUNDS, rounds - k * CHUNK_ROUNDS)) for k in range(-(-rounds // CHUNK_ROUNDS))
    ]
    start = time.perf_counter()
    results: dict[int, tuple[Tally, Tally]] = {}
    if workers == 1 or len(chunks) == 1:
        for k, n in chunks:
            results[k] = simulate_chunk(seed, k, n, way, win_net)
            if progress:
                progress(n)
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
            futures = {
                pool.submit(simulate_chunk, seed, k, n, way, win_net): (k, n) for k, n in chunks
            }
            from concurrent.futures import as_completed

            for fut in as_completed(futures):
                k, n = futures[fut]
                results[k] = fut.result()
                if progress:
                    progress(n)
    seconds = time.perf_counter() - start
    optimal, casual = Tally(), Tally()
    for k, _ in chunks:  # in chunk order: the sums do not depend on the workers
        optimal += results[k][0]
        casual += results[k][1]
    return EdgeReport(
        rounds=rounds,
        seed=seed,
        workers=workers,
        house_way=way,
        optimal=StrategyEdge("optimal", rounds, optimal, win_net),
        house_way_player=StrategyEdge(way, rounds, casual, win_net),
        seconds=seconds,
        table=table,
    )
