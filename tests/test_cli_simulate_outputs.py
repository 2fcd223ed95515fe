"""``simulate five-card-stud`` and ``simulate mahjong``: their JSON and their ``--out`` files
(JSON or CSV, through :func:`croupier.analysis.output.write_output`) name the seed, croupier's
version and the parameters (issue 22: "CSV and JSON output of every analysis, with the seed,
version and parameters in it")."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from croupier import __version__
from croupier.cli import app

runner = CliRunner()

RUNS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "five-card-stud": (
        ("--hands", "30", "--seats", "3", "--bots", "mixed", "-o", "uncalled_bet=any-round"),
        {"hands": 30, "seats": 3, "bots": "mixed"},
    ),
    "mahjong": (
        ("--games", "2", "--workers", "1", "--fuzz", "1", "-o", "scoring.unit=2"),
        {"games": 2, "bots": "faan", "fuzz": 1},
    ),
}


def ok(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def check_run(run: dict[str, Any], game: str, seed: str) -> None:
    _, params = RUNS[game]
    assert run["analysis"] == f"simulate-{game}"
    assert run["croupier"] == __version__ and run["seed"] == seed
    assert params.items() <= run["params"].items()
    options = run["params"]["options"]
    if game == "five-card-stud":  # the table's options, the one given included
        assert options["uncalled_bet"] == "any-round" and options["pot_money"] == 20
    else:
        assert options["scoring"]["unit"] == 2


@pytest.mark.parametrize("game", list(RUNS))
def test_issue22_item7_simulate_json_names_seed_version_and_parameters(game: str) -> None:
    args, _ = RUNS[game]
    data = json.loads(ok("simulate", game, *args, "--seed", "out7", "--json").stdout)
    check_run(data["run"], game, "out7")
    assert data["seed"] == "out7"  # as before, for readers of the old form


@pytest.mark.parametrize("game", list(RUNS))
def test_issue22_item7_simulate_out_json_and_csv(game: str, tmp_path: Path) -> None:
    args, _ = RUNS[game]
    printed = json.loads(ok("simulate", game, *args, "--seed", "f", "--json").stdout)
    as_json = tmp_path / "sim.json"
    text = ok("simulate", game, *args, "--seed", "f", "--out", str(as_json)).stdout
    # (the console folds a long path anywhere, even inside a name: compared without spaces)
    assert f"wrote{as_json}" in "".join(text.split())
    written = json.loads(as_json.read_text())
    check_run(written["run"], game, "f")
    same = ("digest", "stacks") if game == "five-card-stud" else ("won", "drawn", "faan")
    for key in same:  # the same seed, the same run
        assert written[key] == printed[key], key
    as_csv = tmp_path / "sim.csv"
    ok("simulate", game, *args, "--seed", "f", "--out", str(as_csv), "--json")
    with as_csv.open(newline="") as fh:
        (row,) = list(csv.DictReader(fh))
    assert row["analysis"] == f"simulate-{game}" and row["seed"] == "f"
    assert row["croupier"] == __version__
    assert json.loads(row["params"]) == written["run"]["params"]
    if game == "five-card-stud":
        assert row["digest"] == printed["digest"]
        assert int(row["stacks.1"]) == printed["stacks"]["1"]
    else:
        assert int(row["won"]) == printed["won"] and row["invariants"] == "ok"


@pytest.mark.parametrize("game", list(RUNS))
def test_issue22_item7_simulate_out_refuses_a_bad_suffix_and_a_bad_scheduler(
    game: str, tmp_path: Path
) -> None:
    args, _ = RUNS[game]
    bad = runner.invoke(app, ["simulate", game, *args, "--out", str(tmp_path / "x.xlsx")])
    assert bad.exit_code == 2 and "must end in .csv or .json" in bad.output
    # on the chunked runner since (tests/analysis/test_simulate_on_runner.py): a scheduler
    # that is none of the runner's is refused by name
    bad_scheduler = runner.invoke(app, ["simulate", game, *args, "--scheduler", "cluster"])
    assert bad_scheduler.exit_code == 2
    assert "unknown scheduler 'cluster'" in bad_scheduler.output
