"""Start-up of the command line (issue 22): ``croupier --help`` against its floors.

Run ``python -m bench.bench_cli_startup [--runs N] [--before DIR] [--json PATH]``. Each row is a
fresh process started with :func:`subprocess.run` (its output thrown away) and timed with
:func:`time.perf_counter`, wall clock, from the parent:

* ``python -c pass``: the interpreter alone (with this environment's site-packages);
* ``python -c "import typer"``: the command-line framework alone, our peer and floor;
* ``croupier --help`` and ``croupier --version`` through the installed entry point (the script
  beside the interpreter), and ``croupier deal --help`` (one command's module loaded);
* the CPU time (user + system) of each process too, which load from other processes inflates
  less than the wall clock;
* with ``--before DIR``, ``--help`` of another copy of the package (``git archive REV croupier
  | tar -x -C DIR``), run with ``PYTHONPATH=DIR``, for a before/after comparison.

The rows run in rounds, each round every row once (so bursts of load from other processes hit
all rows alike); the table shows the median and the minimum per row, the median's ratio to
``python -c pass`` and its difference from ``import typer``. The goal is ``--help`` under 80 ms
on a machine where ``python -c pass`` takes about 19 ms.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Final

from bench.common import environment, write_report

DEFAULT_JSON: Final = Path(__file__).resolve().parent / "results" / "cli_startup.json"
GOAL_MS: Final = 80.0
#: the installed script's entry point (``cli.main`` where the tree has it, else ``cli.app``)
ENTRY: Final = (
    "import sys; import croupier.cli as c; sys.argv[0] = 'croupier'; getattr(c, 'main', c.app)()"
)


def rows(before: Path | None) -> dict[str, tuple[list[str], dict[str, str]]]:
    python = sys.executable
    script = shutil.which("croupier", path=str(Path(python).parent)) or "croupier"
    out: dict[str, tuple[list[str], dict[str, str]]] = {
        "python -c pass": ([python, "-c", "pass"], {}),
        "python -c 'import typer'": ([python, "-c", "import typer"], {}),
        "croupier --help": ([script, "--help"], {}),
        "croupier --version": ([script, "--version"], {}),
        "croupier deal --help": ([script, "deal", "--help"], {}),
    }
    if before is not None:
        out["before: croupier --help"] = (
            [python, "-c", ENTRY, "--help"],
            {"PYTHONPATH": str(before)},
        )
        out["after: croupier --help (same way)"] = ([python, "-c", ENTRY, "--help"], {})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="rounds (default 20)")
    parser.add_argument("--before", type=Path, help="a copy of an older croupier package")
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON)
    args = parser.parse_args(argv)
    cases = rows(args.before)
    times: dict[str, list[float]] = {name: [] for name in cases}
    cpu: dict[str, list[float]] = {name: [] for name in cases}
    for round_ in range(args.runs + 2):
        for name, (command, env) in cases.items():
            before_usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(
                command,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                env={**os.environ, **env},
                cwd=tempfile.gettempdir(),  # not the checkout: python -c puts the cwd first
                check=True,
            )
            wall = (time.perf_counter() - start) * 1000
            after_usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            used = (
                after_usage.ru_utime
                + after_usage.ru_stime
                - before_usage.ru_utime
                - before_usage.ru_stime
            ) * 1000
            if round_ >= 2:  # two rounds to warm the file cache and the bytecode
                times[name].append(wall)
                cpu[name].append(used)
    env = environment()
    floor = statistics.median(times["python -c pass"])
    typer_ms = statistics.median(times["python -c 'import typer'"])
    print(f"{env['machine']}, {env['cores']} cores, Python {env['python']}, {env['date']}")
    print(
        f"{args.runs} rounds of fresh processes; wall clock median and min, the process's CPU "
        "time (user + system) median, in ms"
    )
    print(f"{'row':36s} {'median':>8s} {'min':>8s} {'x python':>9s} {'- typer':>8s} {'CPU':>8s}")
    report: dict[str, dict[str, float | list[float]]] = {}
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, values in times.items():
        median = medians[name]
        report[name] = {
            "median_ms": median,
            "min_ms": min(values),
            "cpu_median_ms": statistics.median(cpu[name]),
            "all_ms": values,
            "cpu_ms": cpu[name],
        }
        print(
            f"{name:36s} {median:8.1f} {min(values):8.1f} {median / floor:9.2f} "
            f"{median - typer_ms:+8.1f} {statistics.median(cpu[name]):8.1f}"
        )
    help_ms = medians["croupier --help"]
    scaled = help_ms / floor * 19.0
    print(
        f"croupier --help: {help_ms:.1f} ms here, {help_ms / floor:.2f} x python -c pass; on a "
        f"machine where python -c pass takes 19 ms, about {scaled:.0f} ms (goal "
        f"{GOAL_MS:.0f} ms). Timings on a loaded machine inflate every row alike: read the "
        "ratios."
    )
    write_report(args.json, "bench.bench_cli_startup", env, args, rows=report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
