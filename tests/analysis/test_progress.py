"""The progress bar over an analysis's chunks (``croupier.analysis.progress``)."""

from __future__ import annotations

import io

from rich.console import Console

from croupier.analysis.progress import chunk_progress


def test_issue22_the_bar_shows_chunks_only_once_their_count_is_known() -> None:
    """The bar is drawn from the runner's first report on: its first frame read "0/None chunks"
    (the audit of issue 22), drawn as the bar started, before the runner knew the plan."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    with chunk_progress(console, "rounds") as progress:
        progress(0, 3)
        progress(2, 3)
    shown = out.getvalue()
    assert "None" not in shown
    assert "2/3 chunks" in shown
