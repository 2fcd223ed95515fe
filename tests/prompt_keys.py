"""Keys pressed at Typer's prompt in the command-line tests."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

import pytest
import typer


def ctrl_c_at_prompt(monkeypatch: pytest.MonkeyPatch, answers: Iterable[str]) -> None:
    """Answer Typer's prompts with ``answers``, then press Ctrl-C at the next one, through
    Typer's own prompt: its line reader raises KeyboardInterrupt, which Typer turns into
    ``Abort`` as it does for the end of the input, so a command must tell the two apart as a
    real terminal makes them (a patched ``typer.prompt`` raising KeyboardInterrupt itself would
    skip that)."""
    real = typer.prompt
    termui = sys.modules[real.__module__]  # where typer.prompt reads its line reader
    lines = iter(answers)

    def read_line(prompt: str = "") -> str:
        for line in lines:
            return line
        raise KeyboardInterrupt

    def prompt(*args: Any, **kwargs: Any) -> Any:
        with monkeypatch.context() as inner:
            inner.setattr(termui, "visible_prompt_func", read_line)
            return real(*args, **kwargs)

    monkeypatch.setattr(typer, "prompt", prompt)
