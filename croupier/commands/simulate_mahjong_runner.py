"""``croupier simulate mahjong`` on the chunked runner (:mod:`croupier.analysis.runner`).

The games are cut into chunks of :data:`~croupier.commands.simulate_mahjong.CHUNK_GAMES`; chunk
``k`` plays games ``25k + 1`` .. ``25k + 25`` (:func:`mahjong_chunk`). Each game keeps the seeds
it always had (``wall:SEED:n``, ``bots:SEED:n``, ``fuzz:SEED:n``), so the figures are today's,
whatever the scheduler (``--scheduler none|local|tcp://HOST:PORT``, ``--workers``) and after any
``--resume``. A chunk's result is integer counts: the :class:`~croupier.commands.simulate_mahjong.
Tally` flattened (``faan:N``, ``seats:KIND``, ``wins:KIND``), the number of the game whose
invariant broke (``violation_game``, 0: none) and what it broke (``violation_text``: the UTF-8
bytes of ``[invariant, detail]`` as JSON, read as one integer:
:func:`~croupier.analysis.runner.text_count`). The run's
counts are those of the games before the first broken invariant (the lowest game number), as
when the games were played one after another.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from croupier.analysis.runner import (
    Chunk,
    Counts,
    Plan,
    RunResult,
    check_scheduler,
    count_text,
    run,
    text_count,
)
from croupier.commands.simulate_mahjong import (
    CHUNK_GAMES,
    TALLY_SCALARS,
    SimConfig,
    SimResult,
    Tally,
    Violation,
    simulate_chunk,
)
from croupier.games.mahjong.options import MahjongOptions

__all__ = ["ANALYSIS", "mahjong_chunk", "plan_of", "run_chunked"]

ANALYSIS: Final = "simulate-mahjong"
#: a game's CPU seconds on one core (bots, checks and fuzzing), ``auto``'s estimate of the work
#: (2026-11-29, 2-core AMD EPYC VM: ``simulate mahjong --games 25`` and ``50`` differ by 1.8 s)
GAME_SECONDS: Final = 0.075
#: the Tally's whole-number fields, as counts
_SCALARS: Final = TALLY_SCALARS
_COUNTERS: Final = ("faan", "seats", "wins")


def _config_of(params: Mapping[str, Any]) -> SimConfig:
    table = MahjongOptions.from_dict(params["options"])
    return SimConfig(
        seed=params["seed"],
        bots=params["bots"],
        fuzz=params["fuzz"],
        close_rate=params["close_rate"],
        scoring=table.scoring,
        rob_concealed_kong=table.orphans_rob_concealed_kong,
        table=table,
    )


def mahjong_chunk(chunk: Chunk) -> Counts:
    """Games ``chunk_games * k + 1`` onward, ``chunk.size`` of them, each with its own seeds,
    stopping at the first broken invariant: the counts (see the module docstring)."""
    params = chunk.params
    first = chunk.index * params["chunk_games"] + 1
    tally, violation = simulate_chunk(_config_of(params), first, chunk.size)
    counts: Counts = {name: getattr(tally, name) for name in _SCALARS}
    for name in _COUNTERS:
        counter: Counter[Any] = getattr(tally, name)
        for key, n in counter.items():
            counts[f"{name}:{key}"] = n
    counts["violation_game"] = 0 if violation is None else violation.game
    if violation is not None:
        counts["violation_text"] = text_count(json.dumps([violation.invariant, violation.detail]))
    return counts


def _tally_of(counts: Mapping[str, int]) -> Tally:
    tally = Tally()
    for name in _SCALARS:
        setattr(tally, name, counts.get(name, 0))
    for key, n in counts.items():
        name, _, value = key.partition(":")
        if name == "faan":
            tally.faan[int(value)] += n
        elif name in ("seats", "wins"):
            getattr(tally, name)[value] += n
    return tally


def plan_of(games: int, config: SimConfig) -> Plan:
    """The run's plan: the parameters every chunk needs to play its games (JSON values)."""
    params = {
        "seed": config.seed,
        "bots": config.bots,
        "fuzz": config.fuzz,
        "close_rate": config.close_rate,
        "chunk_games": CHUNK_GAMES,
        "options": config.options(1).to_dict(),
    }
    return Plan(ANALYSIS, config.seed, games, CHUNK_GAMES, params)


def run_chunked(
    games: int,
    config: SimConfig,
    *,
    scheduler: str = "auto",
    workers: int | None = None,
    resume: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[SimResult, RunResult]:
    """Play ``games`` games on the runner (``scheduler`` ``auto``: in this process with
    ``workers`` 1, on a LocalCluster of ``workers`` when more are asked for, else the
    runner's choice); the counts stop before the first broken invariant."""
    name = check_scheduler(scheduler)
    if name == "auto" and workers is not None:
        name = "none" if workers == 1 else "local"
    result = run(
        plan_of(games, config),
        mahjong_chunk,
        scheduler=name,
        workers=workers,
        progress=progress,
        resume=resume,
        unit_seconds=GAME_SECONDS,
    )
    tally = Tally()
    violation: Violation | None = None
    for k in sorted(result.per_chunk):
        counts = result.per_chunk[k]
        tally.add(_tally_of(counts))
        if counts.get("violation_game"):
            invariant, detail = json.loads(count_text(counts["violation_text"]))
            violation = Violation(counts["violation_game"], invariant, detail)
            break
    sim = SimResult(games, config, tally, result.seconds, result.workers, violation)
    return sim, result
