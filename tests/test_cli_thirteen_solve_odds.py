"""``croupier solve thirteen`` and ``croupier odds thirteen`` from the command line."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.games.thirteen.scoring import Setting, score

runner = CliRunner()
HAND = "As Ah Kd Kc 9s 8s 7s 6s 5d 4h 3c 2d Jh"
BANKER = "Qh Qd 2c / Ac Ad 7c 7d 5c / Ts Td Tc 3s 3h"


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def refused(result: Result, *words: str) -> None:
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "error" in result.output
    for word in words:
        assert word in result.output, result.output


def test_art8_solve_json_against_a_banker() -> None:
    data = ok_json("solve", "thirteen", "--hand", HAND, "--banker", BANKER)
    for key in ("front", "middle", "back", "natural", "outcome", "player_points", "banker_points"):
        assert key in data
    assert (data["outcome"], data["player_points"], data["banker_points"]) == ("win", 2, 1)
    assert [len(data[t]) for t in ("front", "middle", "back")] == [3, 5, 5]
    setting = Setting.of(data["front"], data["middle"], data["back"])
    banker = Setting.parse(BANKER)
    result = score(setting.cards, setting, banker.cards, banker)  # the answer scores as claimed
    assert (result.player_points, result.banker_points) == (2, 1)
    assert any("Art 8" in line for line in data["explanation"])
    assert [t["tier"] for t in data["tiers"]] == ["front", "middle", "back"]


def test_solve_without_banker_gives_the_house_way() -> None:
    data = ok_json("solve", "thirteen", "--hand", HAND, "--way", "strongest-back")
    assert data["strategy"] == "strongest-back" and "outcome" not in data
    text = run("solve", "thirteen", "--hand", HAND).stdout
    assert "house way (expected-points)" in text


def test_art9_i_solve_names_the_natural() -> None:
    data = ok_json("solve", "thirteen", "--hand", "Ac 2c 3d 4s 5h 6c 7d 8s 9h Tc Jd Qs Kh")
    assert data["natural"] == "dragon"


def test_solve_table_output() -> None:
    text = run("solve", "thirteen", "--hand", HAND, "--banker", BANKER).stdout
    assert "best response" in text and "win: player 2, banker 1 (Art 8)" in text


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--hand", HAND.replace("Jh", "Jx")], ["Jx"]),
        (["--hand", "As Ah Kd"], ["13"]),
        (["--hand", HAND, "--banker", "bad"], ["front / middle / back"]),
        (["--hand", HAND, "--banker", BANKER.replace("2c", "Jh")], ["Jh"]),
        (["--hand", HAND, "--banker", "Qh Qd 2c / Ts Td Tc 3s 3h / Ac Ad 7c 7d 5c"], ["Art 7"]),
        (["--hand", HAND, "--way", "bogus"], ["bogus"]),
    ],
)
def test_solve_bad_input_is_a_clean_error_naming_the_token(
    args: list[str], words: list[str]
) -> None:
    refused(run("solve", "thirteen", *args), *words)


def test_art9_i_odds_thirteen_naturals_only() -> None:
    data = ok_json("odds", "thirteen", "--rounds", "0")
    assert data["house_edge"] is None
    assert data["naturals"]["hands"] == 635_013_559_600
    assert data["naturals"]["kinds"]["dragon"]["holds"]["count"] == 4**13


def test_art11_odds_thirteen_house_edge_is_reproducible() -> None:
    args = ("odds", "thirteen", "--rounds", "20", "--seed", "cli", "--workers", "1")
    first, second = ok_json(*args), ok_json(*args)
    edge = first["house_edge"]
    assert edge == {
        **second["house_edge"],
        "seconds": edge["seconds"],
        "player_hands_per_second": edge["player_hands_per_second"],
    }
    assert edge["rounds"] == 20 and edge["optimal"]["hands"] == 60
    lo, hi = edge["optimal"]["ci95"]
    assert lo <= edge["optimal"]["house_edge"] <= hi
    assert edge["win_net_per_unit"] == "49/100"


def test_odds_thirteen_table_output_and_progress() -> None:
    result = run("odds", "thirteen", "--rounds", "10", "--seed", "t", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "any natural" in result.stdout and "House edge per unit staked" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["odds", "thirteen", "--rounds", "1"], ["--rounds"]),
        (["odds", "thirteen", "--rounds", "5", "--workers", "0"], ["--workers"]),
        (["odds", "thirteen", "--way", "bogus"], ["bogus"]),
        (["odds", "thirteen", "--decks", "2"], ["thirteen"]),
        (["odds", "football-poker", "--rounds", "7"], ["thirteen only"]),
    ],
)
def test_odds_bad_options_are_refused(args: list[str], words: list[str]) -> None:
    refused(run(*args), *words)


def test_solve_way_help_names_every_house_way() -> None:
    """``solve thirteen --help`` lists every house way ``--way`` takes (it left out
    ``maximin``, which the option accepts)."""
    from croupier.games.thirteen.rules import HouseWay

    result = run("solve", "thirteen", "--help")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert all(way.value in text for way in HouseWay), text
