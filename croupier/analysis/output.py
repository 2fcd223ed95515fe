"""Every analysis's files: JSON and CSV, each with the seed, the version and the parameters.

:func:`write_output` picks the format by the file's suffix (``.json`` or ``.csv``). A JSON file
is ``{"run": {...}, ...}`` with the run's plan (analysis, seed, chunking, parameters, croupier's
version, scheduler, workers, seconds) under ``run``. A CSV file has one row per result, and the
run's ``analysis``, ``seed``, ``croupier`` version and ``params`` (as JSON) repeated in columns
on every row, so that a row cut out of the file still says where it came from.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from croupier import __version__
from croupier.errors import CroupierError

__all__ = ["OutputError", "check_output_path", "write_output"]

FORMATS = (".json", ".csv")


class OutputError(CroupierError, ValueError):
    """An output file whose suffix is neither .json nor .csv, or that cannot be written."""


def check_output_path(path: Path) -> Path:
    """``path`` if its suffix is .json or .csv, else an :class:`OutputError` naming it.

    >>> check_output_path(Path("edge.csv")).name
    'edge.csv'
    >>> check_output_path(Path("edge.xlsx"))
    Traceback (most recent call last):
    ...
    croupier.analysis.output.OutputError: output file 'edge.xlsx' must end in .json or .csv
    """
    if path.suffix.lower() not in FORMATS:
        raise OutputError(f"output file {str(path)!r} must end in .json or .csv")
    return path


def write_output(
    path: Path,
    run: Mapping[str, Any],
    data: Mapping[str, Any],
    rows: Sequence[Mapping[str, Any]],
) -> None:
    """Write ``data`` (JSON) or ``rows`` (CSV) to ``path`` with the run's description."""
    check_output_path(path)
    run = {"croupier": __version__, **run}
    try:
        if path.suffix.lower() == ".json":
            path.write_text(json.dumps({"run": run, **data}, indent=2) + "\n")
            return
        meta = {
            "analysis": run.get("analysis", ""),
            "seed": run.get("seed", ""),
            "croupier": run["croupier"],
            "params": json.dumps(run.get("params", {}), sort_keys=True),
        }
        columns: list[str] = list(meta)
        for row in rows:
            columns += [k for k in row if k not in columns]
        with path.open("w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=columns)
            writer.writeheader()
            for row in rows:
                writer.writerow({**meta, **row})
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror}") from None
