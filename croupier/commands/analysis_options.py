"""The options every long analysis shares (``--scheduler``, ``--workers``, ``--resume``,
``--out``, ``--plot``) and how their errors end a command (:mod:`croupier.analysis`)."""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

# kept importable from here (the commands' own imports)
from croupier.commands.analysis_run import EXIT_INTERRUPTED as EXIT_INTERRUPTED
from croupier.commands.analysis_run import interrupt_kept as interrupt_kept
from croupier.commands.analysis_run import run_record as run_record
from croupier.commands.analysis_run import summary_row as summary_row
from croupier.commands.analysis_run import write_run as write_run
from croupier.commands.output import fail

SchedulerOpt = Annotated[
    str,
    typer.Option(
        "--scheduler",
        help="Where the chunks run: none (this process), local (a Dask LocalCluster on this "
        "machine's cores), tcp://HOST:8786 (an existing Dask cluster) or auto (local for a run of "
        "about 10 s of work or more when Dask is installed and the machine has 4 cores or "
        "more, or --workers 2 or more is given; else none).",
    ),
]
ResumeOpt = Annotated[
    Path | None,
    typer.Option(
        "--resume",
        help="Chunk file: finished chunks are kept in it as they finish; a run given an "
        "existing one skips the chunks it holds (an interrupted run says which file).",
        show_default=False,
    ),
]
OutOpt = Annotated[
    Path | None,
    typer.Option(
        "--out",
        help="Also write the result to FILE.csv or FILE.json, with the seed, the version and "
        "the parameters.",
        show_default=False,
    ),
]
PlotOpt = Annotated[
    Path | None,
    typer.Option("--plot", help="Draw the figure to FILE.png or FILE.svg.", show_default=False),
]

PLOT_SUFFIXES = (".png", ".svg")


def check_files(
    out: Path | None,
    plot: Path | None,
    resume: Path | None = None,
    chunk_files: Sequence[Path] | None = None,
) -> None:
    """Refuse a bad --out or --plot suffix, --plot without matplotlib, or a file in a
    directory that does not exist or that is a directory, before a long run starts; and a
    ``--resume`` that is a directory, or an ``--out``/``--plot`` that is a file the run keeps
    its chunks in (``chunk_files``: the files ``--resume`` names, default ``resume`` itself),
    which the result would overwrite."""
    if out is not None and out.suffix.lower() not in (".csv", ".json"):
        fail(f"--out {str(out)!r} must end in .csv or .json")
    if plot is not None and plot.suffix.lower() not in PLOT_SUFFIXES:
        fail(f"--plot {str(plot)!r} must end in .png or .svg")
    if plot is not None and importlib.util.find_spec("matplotlib") is None:
        fail("--plot needs matplotlib: pip install 'croupier[analysis]'")
    for path in (out, plot):  # a file that cannot be written, named now and not after the run
        if path is not None and path.is_dir():
            fail(f"cannot write {path}: Is a directory")
        if path is not None and not path.parent.is_dir():
            fail(f"cannot write {path}: No such file or directory")
    if resume is None:
        return
    if resume.is_dir():
        fail(f"cannot read resume file {resume}: Is a directory")
    kept = [p.resolve() for p in ([resume] if chunk_files is None else chunk_files)]
    for flag, path in (("--out", out), ("--plot", plot)):
        if path is not None and path.resolve() in kept:
            fail(f"{flag} {path} is where --resume keeps the run's chunks: name another file")
