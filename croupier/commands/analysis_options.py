"""The options every long analysis shares (``--scheduler``, ``--workers``, ``--resume``,
``--out``, ``--plot``) and how their errors end a command (:mod:`croupier.analysis`)."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from croupier.commands.output import fail

SchedulerOpt = Annotated[
    str,
    typer.Option(
        "--scheduler",
        help="Where the chunks run: none (this process), local (a Dask LocalCluster on this "
        "machine's cores), tcp://HOST:8786 (an existing Dask cluster) or auto (local for a long "
        "run when Dask is installed, else none).",
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
EXIT_INTERRUPTED = 130


def check_files(out: Path | None, plot: Path | None) -> None:
    """Refuse a bad --out or --plot suffix, or --plot without matplotlib, before a long run
    starts."""
    if out is not None and out.suffix.lower() not in (".csv", ".json"):
        fail(f"--out {str(out)!r} must end in .csv or .json")
    if plot is not None and plot.suffix.lower() not in PLOT_SUFFIXES:
        fail(f"--plot {str(plot)!r} must end in .png or .svg")
    if plot is not None and importlib.util.find_spec("matplotlib") is None:
        fail("--plot needs matplotlib: pip install 'croupier[analysis]'")


@contextmanager
def interrupt_kept() -> Iterator[None]:
    """An interrupted run: say where its finished chunks are kept, exit 130."""
    from croupier.analysis.runner import Interrupted

    try:
        yield
    except Interrupted as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None


def run_record(analysis: str, seed: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """What a run of an analysis that is not on the chunked runner says of itself in its JSON
    and CSV (issue 22): the analysis, croupier's version, the seed and the parameters."""
    from croupier import __version__

    return {"analysis": analysis, "croupier": __version__, "seed": seed, "params": dict(params)}


def summary_row(data: Mapping[str, Any]) -> dict[str, Any]:
    """The scalar figures of ``data`` as one CSV row (nested values flattened one level:
    ``stacks.1``, ...; lists and deeper values left out, they are in the JSON)."""
    row: dict[str, Any] = {}
    for key, value in data.items():
        if key == "run":
            continue
        if isinstance(value, Mapping):
            for inner, item in value.items():
                if item is None or isinstance(item, str | int | float | bool):
                    row[f"{key}.{inner}"] = item
        elif value is None or isinstance(value, str | int | float | bool):
            row[key] = value
    return row


def write_run(out: Path | None, data: Mapping[str, Any]) -> None:
    """Write ``data`` (with its ``run`` record) to ``--out`` FILE.json or FILE.csv (one row of
    its scalar figures), through :func:`croupier.analysis.output.write_output`."""
    if out is None:
        return
    from croupier.analysis.output import write_output

    rest = {k: v for k, v in data.items() if k != "run"}
    write_output(out, data["run"], rest, [summary_row(data)])
