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

The rounds run on the chunked runner (:mod:`croupier.analysis.runner`): chunk ``k`` of
:data:`CHUNK_ROUNDS` rounds is a table of its own whose shuffler is seeded from ``(seed, k)``
(NumPy's SeedSequence), starting with a fresh shoe, and it returns integer counts (each bet's
net per round and its square, each result's hits and their squares, grouped by the number of
stakes the bet had that round), so the figures are exact sums, the same serially or on any
number of Dask workers, and a run can be resumed (``--resume``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from croupier.analysis.runner import Chunk, Counts, Plan, RunResult, run
from croupier.events import Phase
from croupier.settlement import Result
from croupier.shuffle import SeededShuffler
from croupier.tables import BankingGame, TableSpec, table_spec

__all__ = [
    "ANALYSIS",
    "CHUNK_ROUNDS",
    "BetSample",
    "Simulation",
    "simulate",
    "simulate_chunk",
    "simulation_plan",
]

PLAYER = "sim"
ANALYSIS: Final = "simulate-banking"
CHUNK_ROUNDS: Final = 2_000
#: a round's CPU seconds on one core, ``auto``'s estimate of the work (2026-11-29, 2-core AMD
#: EPYC VM: ``simulate three-card-baccarat`` and ``football-poker --rounds 40000`` ~19 s)
ROUND_SECONDS: Final = 0.0005


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
    run: RunResult | None = None

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
            **(
                {"run": {k: v for k, v in self.run.run_info().items() if k != "seconds"}}
                if self.run is not None
                else {}
            ),
        }

    def rows(self) -> list[dict[str, Any]]:
        """One CSV row per bet."""
        out = []
        for name, b in self.bets.items():
            d = b.to_json()
            out.append(
                {
                    "game": self.game,
                    "decks": self.decks,
                    "positions": self.positions,
                    "rounds": self.rounds,
                    "bet": name,
                    "ev": d["ev"],
                    "se": d["se"],
                    "exact_ev": d["exact_ev"],
                    "z": d["z"],
                    "stakes": d["stakes"],
                    **{f"p_{k}": v for k, v in d["probabilities"].items()},
                }
            )
        return out


def _plan(spec: TableSpec, positions: int) -> list[tuple[int, str]]:
    """(place, bet) for every stake the simulated player keeps on the table."""
    if spec.banker is None:  # football poker: every bet on every hand
        return [(p, bet) for p in range(1, positions + 1) for bet in spec.bets]
    place_bets = [b for b in spec.bets if b in ("main", "tie")]
    banker_bets = [b for b in spec.bets if b not in ("main", "tie")]
    plan = [(p, bet) for p in range(1, positions + 1) for bet in place_bets]
    return plan + [(1, bet) for bet in banker_bets]


def simulation_plan(
    game: str,
    rounds: int,
    *,
    seed: str = "0",
    decks: int | None = None,
    positions: int | None = None,
    stake: int = 100,
    chunk_rounds: int = CHUNK_ROUNDS,
    options: Any = None,
) -> Plan:
    """The runner's plan of a banking simulation; ``options`` (the table's options object,
    whose decks and places then apply) adds, under ``table``, every option that is not the
    default (a plan without it is the default table, as before the options)."""
    spec = table_spec(game)
    if options is not None:
        decks, positions = options.decks, options.positions
    params: dict[str, Any] = {
        "game": spec.name,
        "decks": spec.default_decks if decks is None else decks,
        "positions": spec.default_positions if positions is None else positions,
        "stake": stake,
    }
    if options is not None:
        plain = type(options)(decks=options.decks, positions=options.positions).to_dict()
        changed = {k: v for k, v in options.to_dict().items() if plain.get(k, v) != v}
        changed.update({k: v for k, v in options.to_dict().items() if k not in plain})
        if changed:
            params["table"] = changed
    return Plan(ANALYSIS, seed, rounds, chunk_rounds, params)


def _table_options(spec: TableSpec, params: Mapping[str, Any]) -> Any:
    """The table's options of a plan: its decks and places and the options under ``table``."""
    assert spec.options_from_dict is not None
    return spec.options_from_dict(
        {
            **params.get("table", {}),
            "decks": int(params["decks"]),
            "positions": int(params["positions"]),
        }
    )


def simulate_chunk(chunk: Chunk) -> Counts:
    """``chunk.size`` rounds on a table of their own (see the module docstring)."""
    params = chunk.params
    spec = table_spec(str(params["game"]))
    n_positions, stake = int(params["positions"]), int(params["stake"])
    table: BankingGame = spec.game(_table_options(spec, params))
    plan = _plan(spec, n_positions)
    shuffler = SeededShuffler(f"simulate:{spec.name}:{chunk.text_seed()}")
    counts: Counts = {"rounds": chunk.size, "shoes": 0}

    def add(key: str, value: int) -> None:
        counts[key] = counts.get(key, 0) + value

    for _ in range(chunk.size):
        if table.phase is Phase.NEEDS_SHUFFLE:
            table.shuffle(shuffler)
            counts["shoes"] += 1
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
        nets: dict[str, int] = {}
        lines: dict[str, int] = {}
        hits: dict[tuple[str, str], int] = {}
        for line in settlement.lines:
            nets[line.bet] = nets.get(line.bet, 0) + line.net
            lines[line.bet] = lines.get(line.bet, 0) + 1
            hits[line.bet, line.result.value] = hits.get((line.bet, line.result.value), 0) + 1
        for bet, net in nets.items():
            n = lines[bet]
            add(f"{bet}.stakes", n)
            add(f"{bet}.n.{n}", 1)
            add(f"{bet}.net.{n}", net)
            add(f"{bet}.net2.{n}", net * net)
        for (bet, result), h in hits.items():
            n = lines[bet]
            add(f"{bet}.hit.{result}.{n}", h)
            add(f"{bet}.hit2.{result}.{n}", h * h)
    counts["house_result"] = table.house_result
    counts["balance"] = sum(table.balances.values()) + table.house_result
    return counts


def _tally_of(total: Counts, prefix: str, squares: str, scale: int) -> _Tally:
    """Sum and sum of squares over rounds of ``value / (scale * stakes)`` from the counts keyed
    ``prefix.<stakes>`` / ``squares.<stakes>`` (exact until the final float)."""
    first, second = Fraction(0), Fraction(0)
    for key, value in total.items():
        head, _, n = key.rpartition(".")
        if head == prefix:
            first += Fraction(value, scale * int(n))
        elif head == squares:
            second += Fraction(value, (scale * int(n)) ** 2)
    return _Tally(0, float(first), float(second))


def simulation_from_run(result: RunResult) -> Simulation:
    """The comparison with the exact odds from a finished run of :func:`simulate_chunk`."""
    params = result.plan.params
    spec = table_spec(str(params["game"]))
    n_decks, n_positions, stake = (int(params[k]) for k in ("decks", "positions", "stake"))
    exact = spec.exact_odds(_table_options(spec, params))
    total = result.total
    samples: dict[str, BetSample] = {}
    for bet in spec.bets:
        rounds_bet = sum(v for k, v in total.items() if k.startswith(f"{bet}.n."))
        ev = _tally_of(total, f"{bet}.net", f"{bet}.net2", stake)
        ev.n = rounds_bet
        sample = BetSample(
            bet,
            exact.bets[bet].ev,
            ev=ev,
            exact_probabilities=dict(exact.bets[bet].probabilities),
            stakes=total.get(f"{bet}.stakes", 0),
        )
        for r in Result:
            if any(k.startswith(f"{bet}.hit.{r.value}.") for k in total):
                t = _tally_of(total, f"{bet}.hit.{r.value}", f"{bet}.hit2.{r.value}", 1)
                t.n = rounds_bet
                sample.results[r.value] = t
        samples[bet] = sample
    return Simulation(
        game=spec.name,
        decks=n_decks,
        positions=n_positions,
        rounds=total["rounds"],
        seed=result.plan.seed,
        shoes=total["shoes"],
        bets=samples,
        house_result=total["house_result"],
        balance=total["balance"],
        run=result,
    )


def simulate(
    game: str,
    rounds: int,
    *,
    seed: str = "0",
    decks: int | None = None,
    positions: int | None = None,
    stake: int = 100,
    progress: Callable[[int, int], None] | None = None,
    scheduler: str = "none",
    workers: int | None = None,
    resume: Path | None = None,
    chunk_rounds: int = CHUNK_ROUNDS,
    options: Any = None,
) -> Simulation:
    """Play ``rounds`` rounds of ``game`` through the engine and compare with the exact odds,
    on the chunked runner (``scheduler``: none, auto, local or tcp://HOST:PORT).

    ``progress(done, total)`` counts chunks (for a progress bar). ``options``: the table's
    options (decks, places and every reading; the exact figures honour those that change a
    settlement), instead of ``decks`` and ``positions``.
    """
    plan = simulation_plan(
        game,
        rounds,
        seed=seed,
        decks=decks,
        positions=positions,
        stake=stake,
        chunk_rounds=chunk_rounds,
        options=options,
    )
    result = run(
        plan,
        simulate_chunk,
        scheduler=scheduler,
        workers=workers,
        progress=progress,
        resume=resume,
        unit_seconds=ROUND_SECONDS,
    )
    return simulation_from_run(result)
