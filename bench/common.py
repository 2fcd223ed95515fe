"""What every benchmark shares: the machine and software it ran on (printed and stored beside
every figure) and one timed run of a function."""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

__all__ = [
    "cpu_model",
    "cpu_once",
    "environment",
    "ratio_summary",
    "time_once",
    "version_of",
    "write_report",
]


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def version_of(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def environment(peers: Iterable[str] = ()) -> dict[str, Any]:
    """Date, CPU, platform, cores, Python, NumPy and croupier versions, and each peer's."""
    env: dict[str, Any] = {
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "machine": cpu_model(),
        "platform": platform.platform(),
        "processor": platform.processor(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "numpy": np.__version__,
        "croupier": version_of("croupier"),
    }
    peers = list(peers)
    if peers:
        env["peers"] = {p: version_of(p) for p in peers}
    return env


def time_once(fn: Callable[[], object]) -> tuple[float, object]:
    """One timed run of ``fn`` with the garbage collector off (as ``timeit`` does)."""
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        result = fn()
        return time.perf_counter() - t0, result
    finally:
        gc.enable()


def cpu_once(fn: Callable[[], object]) -> tuple[float, float]:
    """(CPU seconds of this process, wall seconds) of one run of ``fn``, the garbage collector
    off. On a shared machine the CPU time is what the code costs; the wall time also holds
    whatever other processes took from it."""
    gc.collect()
    gc.disable()
    try:
        cpu, wall = time.process_time(), time.perf_counter()
        fn()
        return time.process_time() - cpu, time.perf_counter() - wall
    finally:
        gc.enable()


def ratio_summary(table: list[float], game: list[float]) -> dict[str, float]:
    """The interface's cost from paired runs (run ``i`` of each side timed back to back):
    the ratio of the medians and the min / median / max of the per-pair ratios."""
    pairs = [t / g for t, g in zip(table, game, strict=True)]
    return {
        "of_medians": statistics.median(table) / statistics.median(game),
        "pair_min": min(pairs),
        "pair_median": statistics.median(pairs),
        "pair_max": max(pairs),
    }


def write_report(
    path: Path, module: str, env: dict[str, Any], args: argparse.Namespace, **fields: Any
) -> None:
    """Write a benchmark's JSON report: the environment, the command that ran it (``python -m
    module`` and its arguments), the parsed arguments, then ``fields`` in their order."""
    report = {
        "environment": env,
        "command": " ".join([Path(sys.executable).name, "-m", module, *sys.argv[1:]]),
        "arguments": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        **fields,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n")
