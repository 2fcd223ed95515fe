"""``--option KEY=VALUE`` on ``play``, ``simulate``, ``deal``, ``odds`` and ``table run`` for the
13-card game, Mah-Jong and five-card stud (issue 16, preamble: "every other reading is a named
table option, reachable from the CLI (``--option KEY=VALUE`` on play, simulate, deal, odds and
``table run``, checked against the options class, unknown keys refused with the list)").

Each command gets one test that an option given changes what the command does, and every
command and game that takes it refuses an unknown key with the keys of the game's options
class (:func:`croupier.table.settings.settings_of`, the list ``croupier table options`` shows).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.table.registry import GAMES
from croupier.table.settings import settings_of

runner = CliRunner()

GAMES_HERE = ("thirteen", "mahjong", "five-card-stud")


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return json.loads(result.stdout)


#: the least arguments of each command that takes a game, so that it runs quickly
QUICK: dict[str, tuple[str, ...]] = {
    "play": ("--auto",),
    "simulate": (),
    "deal": ("--seed", "s"),
    "odds": (),
    "table": (),
}


def command_of(command: str, game: str) -> tuple[str, ...]:
    head = ("table", "run", game) if command == "table" else (command, game)
    return (*head, *QUICK[command])


@pytest.mark.parametrize("command", list(QUICK))
@pytest.mark.parametrize("game", GAMES_HERE)
def test_issue16_option_an_unknown_key_is_refused_with_the_list_of_keys(
    command: str, game: str
) -> None:
    if command not in GAMES[game].commands:
        pytest.skip(f"croupier {command} does not take {game}")
    result = run(*command_of(command, game), "--option", "nonsense=1")
    assert result.exit_code == 2, result.output
    keys = [s.key for s in settings_of(GAMES[game].options)]
    assert f"unknown option 'nonsense'; the options are: {', '.join(keys)}" in " ".join(
        result.output.split()
    )
    assert "Traceback" not in result.output


@pytest.mark.parametrize("game", GAMES_HERE)
def test_issue16_option_a_bad_value_is_refused_naming_the_key(game: str) -> None:
    key = {"thirteen": "house_way", "mahjong": "false_win", "five-card-stud": "uncalled_bet"}
    result = run("play", game, "--auto", "-o", f"{key[game]}=nope")
    assert result.exit_code == 2, result.output
    assert f"option {key[game]}='nope'" in result.output


# -- each command: the option is applied ------------------------------------------------------


def test_issue16_option_on_play() -> None:
    data = ok_json("play", "thirteen", "--seed", "o", "-o", "house_way=strongest-back")
    assert data["options"]["house_way"] == "strongest-back"
    data = ok_json("play", "mahjong", "--seed", "o", "--games", "1", "-o", "false_win=penalty")
    assert data["options"]["false_win"] == "penalty"
    # the flag and the option together: the flags make the base, the option goes on top
    data = ok_json(
        "play", "mahjong", "--seed", "o", "--games", "1", "--min-faan", "1",
        "-o", "scoring.unit=4",
    )  # fmt: skip
    assert data["options"]["scoring"]["min_faan"] == 1 and data["options"]["scoring"]["unit"] == 4
    data = ok_json(
        "play", "five-card-stud", "--seed", "o", "--level", "100", "-o", "reraise_minimum=any",
        "-o", "seats=5",
    )  # fmt: skip
    options = data["options"]
    assert options["reraise_minimum"] == "any" and options["seats"] == 5
    assert options["pot_money"] == 100  # --level stays the base
    refused = run("play", "five-card-stud", "--auto", "--bots", "5", "-o", "seats=4")
    assert refused.exit_code == 2 and "the table has 4 seats" in refused.output


def test_issue16_option_on_simulate() -> None:
    data = ok_json("simulate", "mahjong", "--games", "2", "--workers", "1", "-o", "scoring.unit=3")
    assert data["scoring"]["unit"] == 3
    # the 100 table of Art 6-8: everyone sits with 5,000, so the chips add up to 2 x 5,000
    data = ok_json(
        "simulate", "five-card-stud", "--hands", "5", "--seats", "2",
        "-o", "pot_money=100", "-o", "min_buy_in=5000", "-o", "top_up_below=1000",
    )  # fmt: skip
    assert data["invariants"] == "ok"
    assert sum(data["stacks"].values()) + data["house"] - data["topped_up"] == 2 * 5000
    refused = run("simulate", "five-card-stud", "--hands", "5", "--seats", "5", "-o", "seats=4")
    assert refused.exit_code == 2 and "seats 2 to 4" in refused.output


def test_issue16_option_on_deal() -> None:
    data = ok_json("deal", "five-card-stud", "--seed", "d", "-o", "seats=3")
    assert sorted(data["hands"]) == ["1", "2", "3"] and data["table"]["seats"] == 3
    data = ok_json("deal", "thirteen", "--seed", "d", "-o", "count_banker_as_one=false")
    assert data["table"]["count_banker_as_one"] is False
    plain = ok_json("deal", "mahjong", "--seed", "d", "-o", "table.banker_extra=plain")
    jump = ok_json("deal", "mahjong", "--seed", "d")
    assert plain["order"] == jump["order"] and plain["hands"] != jump["hands"]


def test_issue16_option_on_odds() -> None:
    letter = ok_json("odds", "five-card-stud")
    flush = ok_json("odds", "five-card-stud", "-o", "ace_low_straight_flush=false")
    # Art 5.2: A-5-6-7-8 suited is a straight flush by default, a flush by the option
    assert letter["ace_low_straight_flush"] is True and flush["ace_low_straight_flush"] is False
    moved = letter["hands"]["straight_flush"] - flush["hands"]["straight_flush"]
    assert moved == 4 and flush["hands"]["flush"] - letter["hands"]["flush"] == moved
    base = ok_json("odds", "thirteen", "--rounds", "0")["naturals"]["kinds"]
    trio = ok_json("odds", "thirteen", "--rounds", "0", "-o", "six_pairs_with_trio=true")
    six = trio["naturals"]["kinds"]
    name = next(k for k in six if "six" in k)
    assert six[name]["holds"]["count"] > base[name]["holds"]["count"]
    edge = ok_json(
        "odds", "thirteen", "--rounds", "2", "--scheduler", "none", "-o",
        "house_way=strongest-back",
    )  # fmt: skip
    assert edge["house_edge"]["house_way"] == "strongest-back"


def test_issue16_option_on_table_run() -> None:
    for game, pair, key, value in (
        ("thirteen", "house_way=strongest-front", "house_way", "strongest-front"),
        ("mahjong", "false_win=penalty", "false_win", "penalty"),
        ("five-card-stud", "seats=5", "seats", 5),
    ):
        data = ok_json("table", "run", game, "--rounds", "1", "--seed", "t", "-o", pair)
        assert data["options"][key] == value, (game, data["options"])
