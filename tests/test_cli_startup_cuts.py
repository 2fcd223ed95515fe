"""Issue 22, the command line's fixed start-up: ``simulate`` imports neither ``play`` nor the
settings when no ``--option`` is given, the stud simulation no Typer, and the signatures Typer
reads are evaluated once."""

from __future__ import annotations

import subprocess
import sys

import pytest


def test_the_signatures_typer_reads_are_not_text() -> None:
    from croupier.cli import _main
    from croupier.commands.simulate import simulate

    for function in (simulate, _main):
        assert function.__annotations__
        assert not any(isinstance(a, str) for a in function.__annotations__.values())


def test_simulate_does_not_import_play() -> None:
    code = "import sys, croupier.commands.simulate\nprint('croupier.commands.play' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("pairs", [None, []])
def test_game_options_without_pairs_as_the_settings_give_them(pairs: list[str] | None) -> None:
    from croupier.commands.options import cli_base, game_options, options_class
    from croupier.table.registry import GAMES
    from croupier.table.settings import options_from_pairs

    for name in GAMES:
        cls = options_class(name)
        for base in (None, cli_base(name), cls()):
            got = game_options(name, pairs, base)
            assert got == options_from_pairs(cls, [], base), name
            assert type(got) is cls
            if base is not None:
                assert got is base


def test_game_options_without_pairs_imports_no_settings() -> None:
    code = (
        "import sys\n"
        "from croupier.commands.options import game_options\n"
        "game_options('five-card-stud', None)\n"
        "print('croupier.table.settings' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_stud_simulation_imports_no_typer() -> None:
    """What a Dask worker imports to run chunks of ``simulate five-card-stud``."""
    code = (
        "import sys\n"
        "from croupier.commands.simulate_stud import run_simulation\n"
        "run_simulation(1, 3, 'mixed', 'x')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_simulate_stud_as_json_imports_no_other_command_nor_rich() -> None:
    """``simulate five-card-stud --json`` (issue 22's benchmark) tells the game by its registry
    name: it imports neither ``play_stud`` nor ``play_mahjong``, nor the stud screen (its bots
    and top-ups are :mod:`croupier.commands.simulate_stud`'s), nor the table interface's offers
    (which its bots do not read), nor the stud commands (which its bots do not send), nor the
    banking games' events (the stud game's card events are :mod:`croupier.card_events`), and
    prints no bar, so no Rich."""
    code = (
        "import sys\n"
        "sys.argv = ['croupier', 'simulate', 'five-card-stud', '--hands', '1', '--seats', '6',"
        " '--bots', 'mixed', '--json']\n"
        "from croupier.cli import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "names = ('croupier.commands.play_stud', 'croupier.commands.play_mahjong',"
        " 'croupier.commands.play', 'croupier.commands.stud_screen', 'croupier.offers',"
        " 'croupier.games.five_card_stud.commands', 'croupier.events', 'rich')\n"
        "print(sorted(m for m in sys.modules if m in names), file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert '"game": "five-card-stud"' in out.stdout
    assert out.stderr.strip().splitlines()[-1] == "[]"


def test_the_card_events_are_still_exported_by_the_events_module() -> None:
    import croupier.card_events as card
    import croupier.events as banking

    for name in card.__all__:
        assert getattr(banking, name) is getattr(card, name)
        assert name in banking.__all__


def test_importing_the_command_line_freezes_nothing_and_leaves_the_collector_as_it_was() -> None:
    """Importing the command line freezes nothing (a program or a test that imports it keeps its
    own objects collectable: the review of issue 22's tenth round; only the installed entry
    point, ``main``, freezes what is loaded) and leaves the collector as it was."""
    code = (
        "import gc, sys\n"
        "enabled = sys.argv[1] == 'on'\n"
        "if not enabled:\n"
        "    gc.disable()\n"
        "import croupier.cli\n"
        "print(gc.get_freeze_count(), gc.isenabled() == enabled)"
    )
    for state in ("on", "off"):
        out = subprocess.run(
            [sys.executable, "-c", code, state], capture_output=True, text=True, check=True
        )
        assert out.stdout.strip() == "0 True", state


def test_a_cycle_made_before_the_command_line_is_imported_is_still_collected() -> None:
    """A caller's cyclic garbage is collected (its finalizer run) after it imports the command
    line and runs a command through the app (as the tests do): only the installed entry point
    (``main``) freezes what is loaded."""
    code = (
        "import gc, io, contextlib\n"
        "class Node:\n"
        "    def __del__(self):\n"
        "        print('freed')\n"
        "node = Node(); node.me = node\n"
        "from croupier.cli import app\n"
        "from typer.testing import CliRunner\n"
        "args = ['simulate', 'five-card-stud', '--hands', '1', '--json']\n"
        "result = CliRunner().invoke(app, args)\n"
        "assert result.exit_code == 0, result.output\n"
        "del node\n"
        "gc.collect()\n"
        "print('frozen', gc.get_freeze_count())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["freed", "frozen", "0"], out.stdout


def test_the_stud_run_s_modules_are_those_run_simulation_imports() -> None:
    """``simulate five-card-stud`` loads :data:`~croupier.commands.simulate_stud.RUN_MODULES`
    with no cyclic collection, then freezes them: they must be every module of croupier the
    run imports as it starts (else the rest would load with the collector on, as before)."""
    code = (
        "import importlib, io, contextlib, sys\n"
        "from croupier.commands.simulate_stud import RUN_MODULES, simulate_stud\n"
        "for name in RUN_MODULES:\n"
        "    importlib.import_module(name)\n"
        "before = set(sys.modules)\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    simulate_stud(hands=2, seats=6, bots='mixed', seed='x', as_json=True)\n"
        "print(sorted(m for m in set(sys.modules) - before if m.startswith('croupier')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_simulate_stud_runs_with_the_collector_on_and_its_modules_frozen() -> None:
    """The command line's stud run: its modules frozen once loaded, the collector enabled again
    for the hands (a hand's cycle, if one were made, is still collected)."""
    code = (
        "import atexit, gc, sys\n"
        "sys.argv = ['croupier', 'simulate', 'five-card-stud', '--hands', '2', '--json']\n"
        "from croupier.cli import main\n"
        "frozen = gc.get_freeze_count()\n"
        "from croupier.commands import simulate_stud\n"
        "run = simulate_stud.run_simulation\n"
        "def seen(*args, **kwargs):\n"
        "    print('modules', 'croupier.games.five_card_stud.round' in sys.modules,"
        " gc.get_freeze_count() > frozen, 'on', gc.isenabled(), file=sys.stderr)\n"
        "    return run(*args, **kwargs)\n"
        "simulate_stud.run_simulation = seen\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert '"invariants": "ok"' in out.stdout
    assert out.stderr.strip().splitlines()[-1] == "modules True True on True"
