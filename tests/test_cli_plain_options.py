"""Options read without Pydantic (``commands/plain_options.py``, issue 22): the values a command
gets are Typer's own, text kept as typed, anything else checked by Typer as before."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Annotated

import typer
from typer.testing import CliRunner

from croupier.commands.plain_options import PlainTextCommand, PlainTextGroup

HAND = "As Ah Kd Kc 9s 8s 7s 6s 5d 4h 3c 2d Jh"


def _app(seen: dict[str, object]) -> typer.Typer:
    app = typer.Typer(cls=PlainTextGroup)

    @app.callback()
    def _root() -> None:
        """A group."""

    @app.command("cmd", cls=PlainTextCommand)
    def cmd(
        text: Annotated[str, typer.Option("--text")],
        maybe: Annotated[str | None, typer.Option("--maybe")] = None,
        count: Annotated[int, typer.Option("--count", min=1, max=9)] = 2,
        flag: Annotated[bool, typer.Option("--flag")] = False,
        many: Annotated[list[str] | None, typer.Option("--many")] = None,
    ) -> None:
        seen.update(text=text, maybe=maybe, count=count, flag=flag, many=many)

    return app


def test_text_options_are_kept_as_typed_and_the_rest_checked_by_typer() -> None:
    seen: dict[str, object] = {}
    runner = CliRunner()
    args = ["cmd", "--text", " As  Ah ", "--count", "7", "--flag", "--many", "a", "--many", "b"]
    result = runner.invoke(_app(seen), args)
    assert result.exit_code == 0, result.output
    assert seen == {"text": " As  Ah ", "maybe": None, "count": 7, "flag": True, "many": ["a", "b"]}
    seen.clear()
    assert runner.invoke(_app(seen), ["cmd", "--text", "x"]).exit_code == 0
    assert seen == {"text": "x", "maybe": None, "count": 2, "flag": False, "many": None}


def test_bad_values_are_refused_by_typer_as_before() -> None:
    runner = CliRunner()
    for args in (["cmd", "--text", "x", "--count", "ten"], ["cmd", "--text", "x", "--count", "0"]):
        result = runner.invoke(_app({}), args)
        assert result.exit_code == 2
        assert "--count" in result.output
    missing = runner.invoke(_app({}), ["cmd"])
    assert missing.exit_code == 2 and "Missing option '--text'" in missing.output


def test_solve_thirteen_runs_without_importing_pydantic() -> None:
    code = (
        "import sys\n"
        "from croupier.cli import app\n"
        f"sys.argv = ['croupier', 'solve', 'thirteen', '--hand', {HAND!r}, '--json']\n"
        "try:\n    app()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
        "print('pydantic' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "False"
    assert '"strategy": "expected-points"' in out.stdout


def _whole_app(seen: dict[str, object], plain: bool) -> typer.Typer:
    app = typer.Typer(cls=PlainTextGroup if plain else None)

    @app.callback()
    def _root() -> None:
        """A group."""

    @app.command("cmd", cls=PlainTextCommand if plain else None)
    def cmd(
        hands: Annotated[int | None, typer.Option("--hands")] = None,
        seats: Annotated[int, typer.Option("--seats")] = 4,
    ) -> None:
        seen.update(hands=hands, seats=seats)

    return app


def test_issue22_whole_numbers_are_read_as_typer_reads_them() -> None:
    """An unbounded ``int`` option written plainly is read without Pydantic; every value, plain
    or not, gives what Typer's own check gives (the same number, or the same refusal)."""
    runner = CliRunner()
    values = ("0", "7", "10000", "999999999999999999", "0100", "-5", "+3", " 12", "1_000", "ten")
    for value in values:
        results = []
        for plain in (True, False):
            seen: dict[str, object] = {}
            result = runner.invoke(_whole_app(seen, plain), ["cmd", "--hands", value])
            results.append((result.exit_code, result.output, dict(seen)))
        assert results[0] == results[1], value
    seen = {}
    assert runner.invoke(_whole_app(seen, True), ["cmd", "--seats", "6"]).exit_code == 0
    assert seen == {"hands": None, "seats": 6}


def test_issue22_simulate_five_card_stud_runs_without_importing_pydantic() -> None:
    code = (
        "import sys\n"
        "from croupier.cli import app\n"
        "sys.argv = ['croupier', 'simulate', 'five-card-stud', '--hands', '3', '--seats', '3',"
        " '--json']\n"
        "try:\n    app()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
        "print('pydantic' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "False"
    assert '"hands": 3' in out.stdout and '"invariants": "ok"' in out.stdout


def _frozen_at_exit(*args: str) -> tuple[str, bool]:
    """Run the installed entry point (``croupier.cli:main``) with ``args``: its output, and
    whether ``main`` froze the cyclic collector as the command returned (the freezes as a
    command starts and as its modules load, croupier.commands.loading's: not that one)."""
    code = (
        "import atexit, gc, sys\n"
        "from croupier.cli import main\n"
        "calls, freeze = [], gc.freeze\n"
        "def recorded():\n"
        "    calls.append(sys._getframe(1).f_code.co_name)\n"
        "    freeze()\n"
        "gc.freeze = recorded\n"
        "atexit.register(lambda: print('frozen', 'main' in calls))\n"
        f"sys.argv = ['croupier', *{list(args)!r}]\n"
        "main()\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    *lines, last = out.stdout.strip().splitlines()
    return "\n".join(lines), last == "frozen True"


def test_issue22_a_read_only_command_ends_with_the_collector_frozen() -> None:
    """``main`` freezes the collector once a read-only command returns (the collection at exit
    has nothing to walk), with the command's output unchanged; a command that writes or serves
    (here ``simulate`` of a banking game, or stud's chunked run) ends as before."""
    shown, frozen = _frozen_at_exit("solve", "thirteen", "--hand", HAND, "--json")
    assert frozen and '"strategy": "expected-points"' in shown
    assert _frozen_at_exit("--version")[1]
    shown, frozen = _frozen_at_exit("simulate", "three-card-baccarat", "--rounds", "20", "--json")
    assert not frozen and '"rounds": 20' in shown
    chunked = ("simulate", "five-card-stud", "--hands", "2", "--workers", "1", "--json")
    shown, frozen = _frozen_at_exit(*chunked)
    assert not frozen and '"invariants": "ok"' in shown


def test_issue22_stud_s_one_table_ends_with_the_collector_frozen(tmp_path: Path) -> None:
    """``simulate five-card-stud`` in this process says it left nothing open once its output is
    written (``output.nothing_left_open``): the collector is frozen at exit (~1.5% of a
    10,000-hand run's CPU went to the collection at exit), its ``--out`` file written whole."""
    out = tmp_path / "run.json"
    args = ("simulate", "five-card-stud", "--hands", "2", "--json", "--out", str(out))
    shown, frozen = _frozen_at_exit(*args)
    assert frozen and '"invariants": "ok"' in shown
    assert json.loads(out.read_text())["hands"] == 2
