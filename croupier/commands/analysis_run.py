"""What a long analysis's run does beside its options (:mod:`croupier.commands.analysis_options`,
which re-exports these): an interrupted run's exit, the run's own record and its ``--out`` file.
Apart from the options so that a module a Dask worker imports to run chunks
(:mod:`croupier.commands.simulate_stud`) does not import Typer (issue 22: start-up)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["EXIT_INTERRUPTED", "interrupt_kept", "run_record", "summary_row", "write_run"]

EXIT_INTERRUPTED = 130


@contextmanager
def interrupt_kept() -> Iterator[None]:
    """An interrupted run: say where its finished chunks are kept, exit 130."""
    import typer

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
