"""The shipped rank tables of STUD40 (issue 22): exactly what the code builds."""

from __future__ import annotations

import pytest

from croupier.games.five_card_stud import prebuilt
from croupier.games.five_card_stud.state import rank_tables
from croupier.rank.model import STUD40, STUD40_A5_FLUSH


def test_the_shipped_stud40_tables_are_what_the_code_builds() -> None:
    shipped_keys, shipped = prebuilt.load()
    built_keys, built = prebuilt.build()
    assert shipped_keys == built_keys and len(built_keys) == 1734
    assert shipped == built  # every array and base (the NumPy forms aside)
    assert prebuilt.dump(built_keys, built) == prebuilt._DATA  # the data as the generator writes it


def test_the_build_reads_the_code_not_a_primed_table(monkeypatch: pytest.MonkeyPatch) -> None:
    keys, tables = prebuilt.build()
    # whatever STUD40 holds already (primed or built), the build works the tables out anew
    monkeypatch.setitem(STUD40._cache, "keys", keys[:3])
    monkeypatch.setitem(STUD40._cache, "tables", None)
    assert prebuilt.build() == (keys, tables)
    assert prebuilt.build(STUD40_A5_FLUSH)[0] != keys  # other rules, other keys


def test_the_stud_table_reads_the_shipped_tables() -> None:
    card_value, flush, table = rank_tables(STUD40)
    assert STUD40.tables.card_value is card_value and STUD40.tables.table is table
    shipped_keys, shipped = prebuilt.load()
    assert (card_value, flush, table) == (shipped.card_value, shipped.flush_offset, shipped.table)
    assert STUD40.all_keys() == shipped_keys


def test_the_shipped_showing_patterns_are_what_the_code_works_out() -> None:
    shipped, built = prebuilt.load_showing(), prebuilt.build_showing()
    assert shipped == built and {len(v) for v in built.values()} == {1210}
    assert prebuilt.dump_showing(built) == prebuilt._SHOWING
    # the two readings differ only on four suited cards (Art 10 d's gapped flush draws)
    differ = {k for k in built[True] if built[True][k] != built[False][k]}
    assert differ and all(k >= 1 << 60 for k in differ)


def test_a_stud_table_reads_the_shipped_showing_patterns() -> None:
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.games.five_card_stud.round import StudGame
    from croupier.rank.showing import MaskPatterns

    StudGame(StudOptions())
    for gapped, entries in prebuilt.load_showing().items():
        table = MaskPatterns(STUD40, gapped_flush_draws=gapped)._found
        assert {k: table[k] for k in entries} == entries


def test_a_run_of_bots_builds_no_stud40_table_the_package_ships() -> None:
    # in a fresh process, a table and its bots (the strength bot's five-card tables, _made) read
    # the shipped keys and tables: nothing is worked out from the reference (2,244 reference_key
    # calls, a sixth of the simulate command's start when the bots asked for the keys first)
    import subprocess
    import sys

    code = (
        "from croupier.games.five_card_stud.bots import _made\n"
        "_made()\n"  # the first strength bot's first decision, before any other table read
        "from croupier.commands.simulate_stud import run_simulation as run\n"
        "run(3, 6, 'mixed', '0')\n"  # the command: seed 0
        "from croupier.rank.model import STUD40\n"
        "print(sorted(STUD40._cache))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    cached = out.stdout.strip()
    assert "'keys'" in cached and "'tables'" in cached
    assert "pattern_keys" not in cached, cached
