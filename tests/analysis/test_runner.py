"""The chunked runner: seeds from (root seed, chunk id), exact integer sums, the same result
serially and on a Dask LocalCluster, interrupt and resume, bad input."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from croupier.analysis.runner import (
    Chunk,
    Counts,
    Interrupted,
    Plan,
    ResumeError,
    SchedulerError,
    root_entropy,
    run,
    worker_environ,
)
from croupier.odds.thirteen_edge import edge_chunk


def flips(chunk: Chunk) -> Counts:
    draws = chunk.rng().integers(0, 1_000_000, chunk.size)
    return {"n": chunk.size, "sum": int(draws.sum()), "sq": int((draws * draws).sum())}


def test_chunk_k_is_seeded_from_the_root_seed_and_k_alone() -> None:
    plan = Plan("t", "seed", units=50, chunk_size=10)
    spawned = np.random.SeedSequence(root_entropy("seed")).spawn(5)
    for chunk, ref in zip(plan.chunks(), spawned, strict=True):
        assert np.array_equal(chunk.seed.generate_state(4), ref.generate_state(4))
    longer = Plan("t", "seed", units=500, chunk_size=10)
    first = next(longer.chunks())
    assert flips(first) == flips(next(plan.chunks()))  # more units: chunk 0 is unchanged


def test_the_sum_does_not_depend_on_the_order_chunks_finish() -> None:
    plan = Plan("t", "s", units=95, chunk_size=10)
    serial = run(plan, flips).total
    total: Counts = {}
    for chunk in reversed(list(plan.chunks())):
        for k, v in flips(chunk).items():
            total[k] = total.get(k, 0) + v
    assert total == serial and serial["n"] == 95


@pytest.mark.slow
def test_a_local_cluster_gives_bit_for_bit_the_serial_result() -> None:
    """Two Dask worker processes, chunks finishing in any order: the same integers, and the
    13-card edge figures derived from them identical to the last bit."""
    plan = Plan(
        "odds-thirteen",
        "cluster",
        units=12,
        chunk_size=3,
        params={"house_way": "expected-points", "win_net": "49/100"},
    )
    serial = run(plan, edge_chunk, scheduler="none")
    local = run(plan, edge_chunk, scheduler="local", workers=2)
    assert local.scheduler == "local" and local.workers == 2
    assert local.per_chunk == serial.per_chunk
    assert local.total == serial.total


def malloc_trim_set(chunk: Chunk) -> Counts:
    """Whether the worker running ``chunk`` was started with glibc's malloc trim setting."""
    return {"chunks": 1, "trim_set": int("MALLOC_TRIM_THRESHOLD_" in os.environ)}


@pytest.mark.slow
def test_a_local_clusters_workers_run_without_dasks_malloc_trim_setting() -> None:
    """Dask starts its workers with MALLOC_TRIM_THRESHOLD_=65536, which also pins glibc's mmap
    threshold: every array a chunk makes and drops was mapped and faulted in again, and the
    13-card chunks ran 2.7x slower in a worker than in process (runner.worker_environ). Our
    LocalCluster's workers start without it; Dask's other settings stay."""
    plan = Plan("environ", "s", units=4, chunk_size=1)
    local = run(plan, malloc_trim_set, scheduler="local", workers=2)
    assert local.total == {"chunks": 4, "trim_set": 0}
    assert worker_environ({"MALLOC_TRIM_THRESHOLD_": 65536, "OMP_NUM_THREADS": 1}) == {
        "OMP_NUM_THREADS": 1
    }


def test_interrupt_keeps_finished_chunks_and_resume_finishes_the_run(tmp_path: Path) -> None:
    plan = Plan("t", "r", units=50, chunk_size=10)
    path = tmp_path / "run.jsonl"
    calls: list[int] = []

    def stops_at_3(chunk: Chunk) -> Counts:
        if chunk.index == 3:
            raise KeyboardInterrupt
        calls.append(chunk.index)
        return flips(chunk)

    with pytest.raises(Interrupted, match="3 of 5 chunks") as info:
        run(plan, stops_at_3, resume=path)
    assert info.value.path == path
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["seed"] == "r" and len(lines) == 4
    resumed = run(plan, flips, resume=path)
    assert resumed.resumed == 3
    assert resumed.units_computed == 20  # a rate counts the two chunks this run computed
    assert resumed.total == run(plan, flips).total
    assert len(path.read_text().splitlines()) == 6
    assert run(plan, flips, resume=path).units_computed == 0


def test_interrupt_without_a_resume_file_keeps_the_chunks_in_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    plan = Plan("t", "r", units=30, chunk_size=10)

    def stops_at_1(chunk: Chunk) -> Counts:
        if chunk.index == 1:
            raise KeyboardInterrupt
        return flips(chunk)

    with pytest.raises(Interrupted) as info:
        run(plan, stops_at_1)
    kept = tmp_path / info.value.path
    assert kept.exists() and info.value.done == 1
    assert run(plan, flips, resume=kept).total == run(plan, flips).total


def test_a_line_cut_short_at_the_end_is_computed_again(tmp_path: Path) -> None:
    plan = Plan("t", "cut", units=30, chunk_size=10)
    path = tmp_path / "run.jsonl"
    run(plan, flips, resume=path)
    text = path.read_text()
    path.write_text(text[: len(text) - 15])  # the last chunk's line cut by a crash
    again = run(plan, flips, resume=path)
    assert again.resumed == 2 and again.total == run(plan, flips).total


def test_resume_refuses_the_file_of_another_run(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    run(Plan("t", "one", units=20, chunk_size=10), flips, resume=path)
    with pytest.raises(ResumeError, match="seed 'one', this run's 'two'"):
        run(Plan("t", "two", units=20, chunk_size=10), flips, resume=path)
    with pytest.raises(ResumeError, match="chunk_size"):
        run(Plan("t", "one", units=20, chunk_size=5), flips, resume=path)
    other = tmp_path / "notes.txt"
    other.write_text("hello\n")
    with pytest.raises(ResumeError, match="not a croupier chunk file"):
        run(Plan("t", "one", units=20, chunk_size=10), flips, resume=other)


def test_bad_scheduler_and_bad_counts_are_named() -> None:
    plan = Plan("t", "x", units=2, chunk_size=1)
    with pytest.raises(SchedulerError, match="'cluster'"):
        run(plan, flips, scheduler="cluster")
    with pytest.raises(ValueError, match="workers"):
        run(plan, flips, workers=0)
    with pytest.raises(TypeError, match=r"\{str: int\}"):
        run(plan, lambda c: {"x": 0.5})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="at least one unit"):
        Plan("t", "x", units=0, chunk_size=1)


def test_auto_runs_in_process_for_a_short_plan() -> None:
    result = run(Plan("t", "a", units=3, chunk_size=1), flips, scheduler="auto")
    assert result.scheduler == "none" and result.workers == 1


def test_auto_runs_in_process_without_dask(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plain install (no ``analysis`` extra): ``auto`` may not ask for a LocalCluster (the
    demo's ``odds thirteen`` failed with "needs dask[distributed]" on a long enough plan)."""
    import croupier.analysis.runner as runner

    monkeypatch.setattr(runner, "dask_installed", lambda: False)
    result = run(Plan("t", "a", units=16, chunk_size=1), flips, scheduler="auto", workers=2)
    assert result.scheduler == "none" and result.workers == 1
    assert result.total["n"] == 16


def test_auto_runs_in_process_on_a_small_machine_unless_workers_are_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``auto`` on a machine below ``AUTO_LOCAL_CORES`` cores, without ``--workers``: in process
    (a LocalCluster there ran slower than the plain loop); with ``workers=1`` too."""
    import croupier.analysis.runner as runner

    monkeypatch.setattr(
        "croupier.analysis.runner.os.cpu_count", lambda: runner.AUTO_LOCAL_CORES - 1
    )
    monkeypatch.setattr(runner, "dask_installed", lambda: True)
    plan = Plan("t", "a", units=16, chunk_size=1)
    for workers in (None, 1):
        result = run(plan, flips, scheduler="auto", workers=workers)
        assert result.scheduler == "none" and result.workers == 1
        assert result.total["n"] == 16


def test_issue22_auto_weighs_the_work_left_by_the_analysis_estimate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``auto`` on a machine with cores to spare: a LocalCluster (~2 s to start) only for work of
    at least ``AUTO_LOCAL_SECONDS`` by the analysis' estimate of a unit, in two chunks or more.
    Counting chunks alone took 8 chunks of the 13-card game (~1 s of work) as long as 8 of
    Mah-Jong (~15 s); without an estimate the count still decides."""
    import croupier.analysis.runner as runner
    from croupier.analysis.runner import AUTO_LOCAL_SECONDS, auto_scheduler

    monkeypatch.setattr(runner, "dask_installed", lambda: True)

    def roomy(chunks: int, units: int, cost: float | None) -> str:  # 8 cores, workers not asked
        return auto_scheduler(chunks, units, cost, workers=None, cores=8)

    assert roomy(8, 800, 0.0012) == "none"  # 13-card: ~1 s of rounds
    assert roomy(8, 200, 0.075) == "local"  # Mah-Jong: ~15 s of games
    assert roomy(1, 10_000, 1.0) == "none"  # one chunk: nothing to share
    rounds = round(AUTO_LOCAL_SECONDS / 0.5)
    assert roomy(2, rounds, 0.5) == "local"  # the threshold itself counts
    assert roomy(2, rounds - 1, 0.5) == "none"
    assert roomy(8, 8, None) == "local"  # no estimate: 8 chunks
    assert roomy(7, 7_000, None) == "none"
    # cores to spare, and Dask, still decide
    assert auto_scheduler(100, 100_000, 1.0, workers=None, cores=2) == "none"
    assert auto_scheduler(100, 100_000, 1.0, workers=2, cores=2) == "local"
    assert auto_scheduler(100, 100_000, 1.0, workers=1, cores=8) == "none"
    # --workers 2 or more asks for a LocalCluster whatever the run's length (as simulate mahjong
    # and five-card-stud read it; the review of the cost rule: a short odds thirteen --workers 2
    # ran in process), given two chunks to share
    assert auto_scheduler(2, 20, 0.0012, workers=2, cores=2) == "local"
    assert auto_scheduler(1, 20, 0.0012, workers=2, cores=8) == "none"
    monkeypatch.setattr(runner, "dask_installed", lambda: False)
    assert roomy(100, 100_000, 1.0) == "none"


class _Chosen(Exception):
    """Raised by a stand-in ``auto_scheduler``: what ``auto`` was asked to weigh."""


def _choice(chunks: int, units: int, unit_seconds: float | None, **kw: object) -> str:
    raise _Chosen(units, unit_seconds)


def test_issue22_every_analysis_gives_auto_its_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each analysis on the runner hands ``auto`` its units and its cost a unit (a stand-in
    decision stops each run as it is asked, before any chunk is played)."""
    import croupier.analysis.runner as runner
    from croupier.commands.simulate_mahjong import SimConfig
    from croupier.commands.simulate_mahjong_runner import GAME_SECONDS
    from croupier.commands.simulate_mahjong_runner import run_chunked as mahjong_chunked
    from croupier.commands.simulate_stud import HAND_SECONDS, run_chunked
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.odds import simulate as banking
    from croupier.odds import thirteen_house
    from croupier.odds.thirteen_edge import ROUND_SECONDS, estimate_edge

    monkeypatch.setattr(runner, "auto_scheduler", _choice)
    runs: list[tuple[Callable[[], object], tuple[int, float]]] = [
        (lambda: estimate_edge(rounds=20, seed="a", scheduler="auto"), (20, ROUND_SECONDS)),
        (
            lambda: banking.simulate("three-card-baccarat", 30, scheduler="auto"),
            (30, banking.ROUND_SECONDS),
        ),
        (
            lambda: run_chunked(30, 3, "random", "a", options=StudOptions(), scheduler="auto"),
            (30, HAND_SECONDS),
        ),
        (lambda: mahjong_chunked(40, SimConfig(seed="a"), scheduler="auto"), (40, GAME_SECONDS)),
        (
            lambda: thirteen_house.search(thirteen_house.search_plan(hands=50), scheduler="auto"),
            (50, thirteen_house.HAND_SECONDS),
        ),
    ]
    for call, asked in runs:
        with pytest.raises(_Chosen) as chosen:
            call()
        assert chosen.value.args == asked


def test_issue22_a_cluster_without_a_worker_is_named_not_waited_on_for_ever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--scheduler tcp://...`` of a cluster with no worker: the run waits ``WORKER_WAIT``
    seconds for one, then says so and how to start one (it waited with no word, for ever:
    the audit of issue 22). A scheduler on 127.0.0.1 without workers stands in."""
    import importlib
    import logging

    import croupier.analysis.runner as runner

    distributed: Any = importlib.import_module("distributed")  # untyped: as Any

    monkeypatch.setattr(runner, "WORKER_WAIT", 1.0)
    with distributed.LocalCluster(
        n_workers=0,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        with pytest.raises(SchedulerError, match=r"has no worker \(waited 1 s\)") as refused:
            run(Plan("t", "w", units=4, chunk_size=2), flips, scheduler=address)
    assert address in str(refused.value) and "dask worker" in str(refused.value)
