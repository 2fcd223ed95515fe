"""A Rich progress bar over an analysis's chunks (:func:`chunk_progress`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["chunk_progress"]


@contextmanager
def chunk_progress(console: Console, label: str) -> Iterator[Callable[[int, int], None]]:
    """A transient bar ``label [####  ] done/total chunks  eta``; yields the ``progress(done,
    total)`` callback :func:`croupier.analysis.runner.run` takes."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(
        TextColumn(label),
        BarColumn(),
        TextColumn("{task.completed}/{task.total} chunks"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        # shown from the runner's first report, when the count of chunks is known (a bar drawn
        # before it read "0/None chunks")
        task = bar.add_task(label, total=None, visible=False)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, visible=True)

        yield update
