"""Issue 17 (README's library quick start): every program in examples/ runs as the README
says (``python examples/NAME.py``), plays its rounds through the table interface and ends with
balanced books; every game whose table adapter is in the tree has its example."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from croupier.table.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))


def run_example(path: Path) -> str:
    done = subprocess.run(
        [sys.executable, str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def adapter_available(name: str) -> bool:
    module = GAMES[name].table_path.partition(":")[0]
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_issue17_every_example_runs_and_its_books_agree(path: Path) -> None:
    out = run_example(path)
    assert "ledger balanced: True" in out
    assert "books agree: True" in out
    assert "False" not in out


def test_issue17_any_game_plays_every_game_on_the_interface_or_says_it_is_not_there() -> None:
    out = run_example(ROOT / "examples" / "any_game.py").splitlines()
    assert len(out) == len(GAMES)
    for line, (name, info) in zip(out, GAMES.items(), strict=True):
        assert line.startswith(info.title)
        if adapter_available(name):
            assert "replayed to the same head: True" in line, line
        else:
            assert line.endswith("not on the table interface yet"), line


def test_issue17_every_game_on_the_interface_has_its_example() -> None:
    missing = [
        name
        for name in GAMES
        if adapter_available(name)
        and not (ROOT / "examples" / f"{name.replace('-', '_')}.py").exists()
    ]
    assert not missing, f"no examples/<game>.py for {missing} (README: a program per game)"


def test_issue17_the_readme_loop_runs_every_game_on_the_interface() -> None:
    """The README's library quick start is the loop of examples/any_game.py: it runs as printed,
    for every game whose adapter is in the tree (the printed game swapped for each)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Library quick start", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert 'GAMES["five-card-stud"]' in code
    ran = []
    for name in GAMES:
        if adapter_available(name):
            exec(code.replace('GAMES["five-card-stud"]', f"GAMES[{name!r}]"), {})
            ran.append(name)
    assert ran
