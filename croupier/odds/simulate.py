"""Monte Carlo of the real round engine, set against the exact figures.

:func:`simulate` plays ``rounds`` rounds of a banking game through its state machine exactly as
a table would: the shoe is shuffled by a seeded shuffler, cut, burned and dealt to its cut card
and reshuffled, every bet goes through ``place_bet`` and every payout through ``settle``. The
player ``"sim"`` keeps one stake of ``stake`` units on every bet at every place (a baccarat side
bet on the banker at place 1 only; a stake carried over by a tie is left where it is, as the
rules require, and counts as a push for that round).

For each bet the result is the mean return per unit staked per round dealt, with its standard
error taken across rounds (the stakes of one round share the banker's hand, so a round is the
independent unit), the exact expected value of a fresh shoe from :mod:`croupier.odds`, and
``z = (mean - exact) / se``. The same is done for the frequency of every result (win, lose,
carry, push, half).

What the comparison shows: the exact figures are per round of a fresh shoe. Burns do not change
them (an unseen card is as likely to be any card). The cut card cannot change a round whose
card count is fixed (3-card baccarat: 3 cards a place), since every round is then a fixed slice
of a uniformly shuffled shoe; where the count varies (football poker's third cards), stopping at
the cut card makes a "cut-card effect" of second order, far below what these runs can resolve.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from croupier.events import Phase
from croupier.settlement import Result
from croupier.shuffle import SeededShuffler
from croupier.tables import BankingGame, TableSpec, table_spec

__all__ = ["BetSample", "Simulation", "simulate"]

PLAYER = "sim"


@dataclass
class _Tally:
    """Sums over rounds of a per-round mean (and its square), for a mean and standard error."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else math.nan

    @property
    def se(self) -> float:
        if self.n < 2:
            return math.nan
        var = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(var, 0.0) / self.n)


def _z(mean: float, exact: float, se: float) -> float:
    if se == 0:
        return 0.0 if mean == exact else math.copysign(math.inf, mean - exact)
    return (mean - exact) / se


def _finite(value: float) -> float | None:
    """``value``, or None for an infinite or undefined one (JSON has no inf or nan)."""
    return value if math.isfinite(value) else None


@dataclass
class BetSample:
    """One bet's Monte Carlo figures beside its exact ones."""

    bet: str
    exact_ev: Fraction
    ev: _Tally = field(default_factory=_Tally)
    results: dict[str, _Tally] = field(default_factory=dict)
    exact_probabilities: Mapping[str, Fraction] = field(default_factory=dict)
    stakes: int = 0

    @property
    def z(self) -> float:
        return _z(self.ev.mean, float(self.exact_ev), self.ev.se)

    def probability_z(self) -> dict[str, float]:
        """z of every result's observed frequency against its exact probability."""
        out: dict[str, float] = {}
        for name in sorted(set(self.results) | set(self.exact_probabilities)):
            tally = self.results.get(name, _Tally(self.ev.n, 0.0, 0.0))
            exact = float(self.exact_probabilities.get(name, 0))
            out[name] = _z(tally.mean, exact, tally.se)
        return out

    def to_json(self) -> dict[str, Any]:
        """JSON-ready figures; a ``z`` (or ``se``) that is infinite or undefined is ``None``
        (a standard error of 0, every round alike, beside a different exact value)."""
        return {
            "ev": _finite(self.ev.mean),
            "se": _finite(self.ev.se),
            "exact_ev": float(self.exact_ev),
            "z": _finite(self.z),
            "stakes": self.stakes,
            "probabilities": {k: v.mean for k, v in sorted(self.results.items())},
            "probability_z": {k: _finite(z) for k, z in self.probability_z().items()},
        }


@dataclass
class Simulation:
    """The outcome of :func:`simulate`."""

    game: str
    decks: int
    positions: int
    rounds: int
    seed: str
    shoes: int
    bets: dict[str, BetSample]
    house_result: int
    balance: int

    def _abs_zs(self) -> list[float]:
        zs = [abs(b.z) for b in self.bets.values()]
        return zs + [abs(z) for b in self.bets.values() for z in b.probability_z().values()]

    @property
    def max_abs_z(self) -> float:
        """The largest |z| of every bet and result frequency (``inf`` if one is infinite)."""
        return max(self._abs_zs())

    @property
    def max_abs_finite_z(self) -> float:
        """The largest finite |z| (0 if there is none)."""
        return max((z for z in self._abs_zs() if math.isfinite(z)), default=0.0)

    @property
    def not_compared(self) -> int:
        """How many figures have no finite z: in a short run a rare result may never come up,
        or a bet give the same return every round, so that its standard error is 0."""
        return sum(not math.isfinite(z) for z in self._abs_zs())

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "decks": self.decks,
            "positions": self.positions,
            "rounds": self.rounds,
            "seed": self.seed,
            "shoes": self.shoes,
            "house_result": self.house_result,
            "balance": self.balance,
            "max_abs_z": _finite(self.max_abs_z),
            "max_abs_finite_z": self.max_abs_finite_z,
            "not_compared": self.not_compared,
            "bets": {name: b.to_json() for name, b in self.bets.items()},
        }


def _plan(spec: TableSpec, positions: int) -> list[tuple[int, str]]:
    """(place, bet) for every stake the simulated player keeps on the table."""
    if spec.banker is None:  # football poker: every bet on every hand
        return [(p, bet) for p in range(1, positions + 1) for bet in spec.bets]
    place_bets = [b for b in spec.bets if b in ("main", "tie")]
    banker_bets = [b for b in spec.bets if b not in ("main", "tie")]
    plan = [(p, bet) for p in range(1, positions + 1) for bet in place_bets]
    return plan + [(1, bet) for bet in banker_bets]


def simulate(
    game: str,
    rounds: int,
    *,
    seed: str = "0",
    decks: int | None = None,
    positions: int | None = None,
    stake: int = 100,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Play ``rounds`` rounds of ``game`` through the engine and compare with the exact odds.

    ``progress(done)`` is called every 1000 rounds (for a progress bar).
    """
    spec = table_spec(game)
    n_decks = spec.default_decks if decks is None else decks
    n_positions = spec.default_positions if positions is None else positions
    table: BankingGame = spec.build(n_decks, n_positions, {})
    exact = spec.odds(n_decks, None)
    samples = {
        bet: BetSample(
            bet, exact.bets[bet].ev, exact_probabilities=dict(exact.bets[bet].probabilities)
        )
        for bet in spec.bets
    }
    plan = _plan(spec, n_positions)
    shuffler = SeededShuffler(f"simulate:{game}:{seed}")
    shoes = 0
    for done in range(rounds):
        if table.phase is Phase.NEEDS_SHUFFLE:
            table.shuffle(shuffler)
            shoes += 1
        table.open_round()
        held = {(s.position, s.bet) for s in table.stakes if s.player == PLAYER}
        for position, bet in plan:
            if (position, bet) not in held:
                table.place_bet(PLAYER, position, bet, stake)
        table.close_bets()
        table.deal()
        table.settle()
        settlement = table.last_settlement
        assert settlement is not None
        nets: dict[str, list[int]] = {}
        counts: dict[str, dict[str, int]] = {}
        for line in settlement.lines:
            nets.setdefault(line.bet, []).append(line.net)
            samples[line.bet].stakes += 1
            per = counts.setdefault(line.bet, {})
            per[line.result.value] = per.get(line.result.value, 0) + 1
        for bet, values in nets.items():
            sample = samples[bet]
            sample.ev.add(sum(values) / (stake * len(values)))
            for result in Result:
                tally = sample.results.get(result.value)
                hits = counts[bet].get(result.value, 0)
                if tally is None:
                    if not hits:
                        continue
                    tally = sample.results[result.value] = _Tally(sample.ev.n - 1, 0.0, 0.0)
                tally.add(hits / len(values))
        if progress is not None and (done + 1) % 1000 == 0:
            progress(done + 1)
    balance = sum(table.balances.values()) + table.house_result
    return Simulation(
        game=game,
        decks=n_decks,
        positions=n_positions,
        rounds=rounds,
        seed=seed,
        shoes=shoes,
        bets=samples,
        house_result=table.house_result,
        balance=balance,
    )
