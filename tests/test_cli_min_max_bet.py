"""Issue 15 item 1: the banking tables' limits as command-line table options, ``--min-bet`` and
``--max-bet`` (every bet, or ``BET=AMOUNT`` one bet), on ``play`` (scripted and at the prompt),
``simulate`` and ``odds``; enforced by the engine (a typed refusal naming the limit), shown in
the odds' limits table; bad tokens named; the other games refuse them."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.commands.options import with_limits
from croupier.games.football_poker.options import FootballOptions
from croupier.games.three_card_baccarat.options import BaccaratOptions
from croupier.money import Limit

WIDE = {"COLUMNS": "200"}


def run(*args: str, lines: list[str] | None = None) -> Result:
    text = None if lines is None else "".join(f"{line}\n" for line in lines)
    return CliRunner().invoke(app, list(args), input=text, env=WIDE)


def test_issue15_item1_an_amount_alone_sets_every_bet_one_bet_by_name() -> None:
    table = with_limits(BaccaratOptions(), ["500"], ["tie=10000", "200000"])
    assert table.limits.limit("main") == Limit(500, 200_000)
    assert table.limits.limit("tie") == Limit(500, 10_000)
    assert table.limits.limit("points_3").minimum == 500
    assert with_limits(FootballOptions(), None, None) == FootballOptions()


def test_issue15_item1_play_refuses_a_stake_below_the_table_minimum_naming_it() -> None:
    result = run(
        "play", "football-poker", "--rounds", "1", "--seed", "s", "--bet", "ana:2:post:500",
        "--min-bet", "1000",
    )  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "table limits: a post stake must be at least 1000 units, got 500" in result.stderr
    played = run(
        "play", "football-poker", "--rounds", "1", "--seed", "s", "--bet", "ana:2:post:1000",
        "--min-bet", "1000", "--json",
    )  # fmt: skip
    assert played.exit_code == 0, played.output


def test_issue15_item1_play_refuses_a_stake_above_one_bets_maximum() -> None:
    result = run(
        "play", "three-card-baccarat", "--rounds", "1", "--seed", "s",
        "--bet", "ana:1:main:5000", "--bet", "ana:1:tie:3000", "--max-bet", "tie=2000",
    )  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "a tie stake may be at most 2000 units, got 3000" in result.stderr


def test_issue15_item1_the_prompt_refuses_a_bet_beyond_the_limit_and_nothing_changes() -> None:
    result = run(
        "play", "three-card-baccarat", "--seed", "s", "--max-bet", "main=2000",
        lines=["bet 1 main 30.00", "bets", "quit"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "main 1.00 - 20.00" in result.stdout  # the table's limits, as the flag set them
    assert "refused: table limits: your main stake on place 1 would be 30.00" in result.stdout
    assert "Traceback" not in result.output


def test_issue15_item1_odds_shows_the_limits_the_flags_set() -> None:
    result = run("odds", "football-poker", "--min-bet", "1000", "--max-bet", "post=20000", "--json")
    assert result.exit_code == 0, result.output
    limits = json.loads(result.stdout)["limits"]
    text = json.dumps(limits)
    assert "1000" in text and "20000" in text
    shown = run("odds", "football-poker", "--max-bet", "post=20000")
    assert "200.00" in shown.stdout and "--min-bet" in shown.stdout


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("play", "football-poker", "--bots", "1", "--max-bet", "banana=5"), "no bet 'banana'"),
        (("play", "football-poker", "--bots", "1", "--min-bet", "２０"), "--min-bet '２０'"),
        (("play", "football-poker", "--bots", "1", "--min-bet", "-5"), "--min-bet '-5'"),
        (("play", "football-poker", "--bots", "1", "--max-bet", "post="), "--max-bet 'post='"),
        (("play", "three-card-baccarat", "--bots", "1", "--min-bet", "30000"), "below minimum"),
        (("play", "thirteen", "--min-bet", "5"), "--min-bet does not apply to thirteen"),
        (("simulate", "mahjong", "--max-bet", "5"), "three-card-baccarat and football-poker only"),
        (("odds", "thirteen", "--min-bet", "5"), "three-card-baccarat and football-poker only"),
        (("odds", "five-card-stud", "--min-bet", "5"), "--min-bet"),
    ],
)
def test_issue15_item1_bad_limits_are_refused_naming_the_token(
    args: tuple[str, ...], named: str
) -> None:
    result = run(*args, lines=["quit"])
    assert result.exit_code == 2, result.output
    assert named in result.stderr and "Traceback" not in result.output


def test_issue15_item1_simulate_plays_within_the_flags_limits() -> None:
    result = run(
        "simulate", "football-poker", "--rounds", "50", "--seed", "s", "--min-bet", "100",
        "--max-bet", "500000", "--json", "--scheduler", "none",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
