"""``croupier score mahjong`` from the command line (Hong Kong old style, GAMES.md §2)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from croupier.cli import app

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, ["score", "mahjong", *args])


def ok_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def refused(result: Result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "error" in result.output
    for word in words:
        assert word in result.output, result.output


def test_every_reading_and_the_best_as_json() -> None:
    data = ok_json("--hand", "111222333m 456p 7s", "--win-tile", "7s", "--self-drawn")
    assert len(data["readings"]) == 2
    assert data["faan"] == 3 and data["legal"]
    assert {p["name"] for p in data["best"]["patterns"]} == {
        "self-drawn",
        "concealed-hand",
        "common-hand",
    }
    assert all(p["source"].startswith("https://") for p in data["best"]["patterns"])
    assert data["settlement"]["net"] == {"E": 48, "S": -16, "W": -16, "N": -16}


def test_declared_melds_concealed_kong_and_payment_options() -> None:
    data = ok_json(
        "--hand", "123m P", "--melds", "CCC [FFFF] 999m", "--win-tile", "P",
        "--seat", "W", "--round", "S", "--discarder", "N",
        "--discarder-pays-all", "--commission-bp", "500",
    )  # fmt: skip
    names = {p["name"]: p["faan"] for p in data["best"]["patterns"]}
    assert names == {"mixed-one-suit": 3, "small-three-dragons": 5}
    s = data["settlement"]
    assert s["net"]["N"] == -4 * 256 and s["net"]["E"] == 0 and s["commission"] == 51
    assert sum(s["net"].values()) + s["commission"] == 0


def test_table_output_and_not_legal() -> None:
    text = run("--hand", "123m 456p 789s 12p 99m", "--win-tile", "3p").stdout
    assert "Every reading" in text and "not a legal win" in text
    text = run("--hand", "111222333m 456p 7s", "--win-tile", "7s", "--self-drawn").stdout
    assert "(chosen)" in text and "Payments" in text and "wikipedia" in text


def test_faan_option_changes_the_table() -> None:
    data = ok_json(
        "--hand", "123m 456p 789s 12p 99m", "--win-tile", "3p", "--min-faan", "0",
        "--faan", "concealed-hand=2",
    )  # fmt: skip
    assert data["faan"] == 3 and data["options"]["faan"] == {"concealed-hand": 2}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--hand", "123m 45x", "--win-tile", "P"], ["45x"]),
        (["--hand", "111222333m 456p 7s", "--win-tile", "7x"], ["7x"]),
        (["--hand", "123m P", "--melds", "124m CCC 999m", "--win-tile", "P"], ["124m"]),
        (["--hand", "123m P", "--melds", "[CCC] FFF 999m", "--win-tile", "P"], ["[CCC]"]),
        (["--hand", "111222333m 456p 7s", "--win-tile", "7s", "--seat", "X"], ["'X'"]),
        (["--hand", "111222333m 456p 7s", "--win-tile", "7s", "--faan", "bogus=1"], ["bogus"]),
        (["--hand", "111222333m 456p 7s", "--win-tile", "7s", "--faan", "x"], ["--faan"]),
        (["--hand", "1111m 456p 7s", "--win-tile", "1m"], ["1m"]),
        (["--hand", "111m", "--win-tile", "7s"], ["tiles"]),
        (["--hand", "111222333m 456p 7s", "--win-tile", "7s", "--kong-replacement"], ["kong"]),
    ],
)
def test_bad_input_is_a_clean_error_naming_the_token(args: list[str], words: list[str]) -> None:
    refused(run(*args), *words)


def test_seven_pairs_and_banker_doubles_are_table_options() -> None:
    hand = ("--hand", "11m 33m 55m 77m 99m EE N", "--win-tile", "N", "--seat", "E")
    # classic table: no seven pairs
    assert not ok_json(*hand, "--discarder", "S", "--allow-no-win")["legal"]
    data = ok_json(*hand, "--discarder", "S", "--seven-pairs")
    assert data["legal"] and data["faan"] == 4 + 3  # seven pairs + mixed one suit
    base = 2**7
    assert data["settlement"]["net"] == {"E": 4 * base, "S": -2 * base, "W": -base, "N": -base}
    doubled = ok_json(*hand, "--discarder", "S", "--seven-pairs", "--banker-doubles")
    net = doubled["settlement"]["net"]
    assert net == {"E": 8 * base, "S": -4 * base, "W": -2 * base, "N": -2 * base}


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (
            ["--hand", "1m 2m 4m 5p 6p 7p 1s 2s 3s E E E P", "--win-tile", "9p"],
            "not a winning hand: the tiles do not make four sets and a pair, or thirteen orphans "
            "(at least 2 tile(s) would have to change)",
        ),
        (
            ["--hand", "234m 678p 345s 789s 5p", "--win-tile", "5p", "--seat", "S"],
            "not a winning hand at this table: its best reading (234m 678p 345s 789s 55p) scores "
            "2 faan and the minimum is 3 (--min-faan)",
        ),
    ],
)
def test_issue15_item15_a_hand_that_is_not_a_win_exits_non_zero_saying_why(
    args: list[str], why: str
) -> None:
    result = run(*args)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert why in result.output, result.output
    assert "--allow-no-win" in result.output
    data = json.loads(run(*args, "--json").stdout)  # the JSON is printed, then exit 1
    assert data["legal"] is False and data["not_a_win"] == why
    allowed = run(*args, "--allow-no-win")
    assert allowed.exit_code == 0 and "not a" in allowed.stdout


def test_issue15_item21_the_tile_legend() -> None:
    legend = runner.invoke(app, ["tiles"])
    assert legend.exit_code == 0, legend.output
    for token in ("1m..9m", "1p..9p", "1s..9s", "E S W N", "C", "F", "P", "mán", "Portaria"):
        assert token in legend.stdout, token
    data = json.loads(runner.invoke(app, ["tiles", "--json"]).stdout)
    assert len(data["tiles"]) == 34 and data["tiles"][0]["tile"] == "1m"
    assert data["tiles"][-1] == {
        "tile": "P", "group": "dragons", "name": "white dragon", "regulation": "branca (pak pán)",
    }  # fmt: skip
    helped = runner.invoke(app, ["score", "mahjong", "--help"])
    assert "croupier tiles" in helped.stdout
