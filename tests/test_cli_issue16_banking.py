"""Issue 16 items 17-21 on the command line: each reading of Football Poker and 3-card baccarat
is a table option set with ``--option KEY=VALUE`` on ``play``, ``simulate``, ``deal`` and
``odds`` (unknown keys refused with the list), the exact odds and the simulation follow the
options that change a settlement, and baccarat has one default shoe in every command."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.games.three_card_baccarat.options import CLI_DEFAULT_DECKS

runner = CliRunner()
BACCARAT, FOOTBALL = "three-card-baccarat", "football-poker"


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, (result.output, result.exception)
    return json.loads(result.stdout)


def failed(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 2, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result.output


# -- item 17: football's first-round burns --------------------------------------------------------


def test_art5_2_deal_football_burns_decks_plus_one_or_by_option_decks() -> None:
    assert len(ok_json("deal", FOOTBALL, "--seed", "b")["burns"]) == 7
    burns = ok_json("deal", FOOTBALL, "--seed", "b", "-o", "first_round_burn=included")["burns"]
    assert len(burns) == 6
    assert len(ok_json("deal", FOOTBALL, "--seed", "b", "--decks", "8")["burns"]) == 9


def test_art5_2_play_football_with_the_option_logs_it_and_burns_decks(tmp_path: Path) -> None:
    log = tmp_path / "football.log"
    args = ("play", FOOTBALL, "--seed", "p", "--rounds", "2", "--log", str(log))
    data = ok_json(*args, "-o", "first_round_burn=included")
    assert data["table"]["first_round_burn"] == "included"
    header, *entries = (json.loads(line) for line in log.read_text().splitlines())  # table log
    assert header["options"]["first_round_burn"] == "included"
    types = [e["event"]["type"] for e in entries]
    first_deal = types.index("card_dealt")
    assert types[:first_deal].count("card_burned") == 6
    replayed = run("replay", str(log), "--json")
    assert replayed.exit_code == 0, replayed.output


# -- items 18-19: settlement readings through simulate and odds -----------------------------------


def test_art8_3_odds_follow_the_tie_rule_option() -> None:
    level = ok_json("odds", BACCARAT)
    points = ok_json("odds", BACCARAT, "-o", "tie_rule=same-points")
    assert points["options"]["tie_rule"] == "same-points" and "tie_rule" not in level["options"]
    carry = Fraction(points["bets"]["main"]["probabilities_exact"]["carry"])
    assert carry > Fraction(level["bets"]["main"]["probabilities_exact"]["carry"])
    assert Fraction(points["bets"]["tie"]["probabilities_exact"]["win"]) == carry
    text = run("odds", BACCARAT, "-o", "tie_rule=same-points").output
    assert "Table options that are not the default: tie_rule=same-points" in text


def test_art8_2_odds_with_numbers_on_the_place_are_named_and_equal() -> None:
    place = ok_json("odds", BACCARAT, "-o", "numbers_hand=place")
    banker = ok_json("odds", BACCARAT)
    assert place["options"]["numbers_hand"] == "place"
    assert place["bets"]["points_7"]["ev_exact"] == banker["bets"]["points_7"]["ev_exact"]


def test_art8_3_simulate_compares_with_the_odds_of_its_own_readings() -> None:
    data = ok_json(
        "simulate", BACCARAT, "--rounds", "4000", "--seed", "r", "-o", "tie_rule=same-points"
    )
    exact = ok_json("odds", BACCARAT, "-o", "tie_rule=same-points")
    assert data["bets"]["tie"]["exact_ev"] == pytest.approx(exact["bets"]["tie"]["ev"])
    assert data["bets"]["tie"]["exact_ev"] > 0  # 20:1 on a tie of points favours the player
    assert data["max_abs_z"] is not None and data["max_abs_z"] < 4.5


def test_issue16_older_baccarat_odds_flags_and_options_do_not_both_set_one_key() -> None:
    out = failed("odds", BACCARAT, "--zero-not-even", "-o", "zero_is_even=true")
    assert "--zero-not-even and --option zero_is_even" in out
    a = ok_json("odds", BACCARAT, "--zero-not-even")
    b = ok_json("odds", BACCARAT, "-o", "zero_is_even=false")
    assert a["bets"]["even"] == b["bets"]["even"]


# -- item 20: the deal order ----------------------------------------------------------------------


def test_art3_2_deal_baccarat_three_at_a_time_and_verify(tmp_path: Path) -> None:
    fair = ("--fair", "--client-seed", "abcdefghijklmnop")
    data = ok_json("deal", BACCARAT, *fair, "-o", "deal_order=hand-by-hand")
    places = [place for place, _ in data["deal_order"]]
    assert places[:6] == ["1", "1", "1", "2", "2", "2"] and places[-1] == "banker"
    plain = ok_json("deal", BACCARAT, "--seed", "x")
    assert [place for place, _ in plain["deal_order"]][:3] == ["1", "2", "3"]
    expect = tmp_path / "deal.json"
    expect.write_text(json.dumps(data))
    pf = data["provably_fair"]
    verified = run(
        "verify", BACCARAT, "--server-seed", pf["server_seed"], "--client-seed",
        pf["client_seed"], "--nonce", str(pf["nonce"]), "--commitment", pf["commitment"],
        "-o", "deal_order=hand-by-hand", "--expect", str(expect),
    )  # fmt: skip
    assert verified.exit_code == 0, verified.output


def test_art3_1_play_baccarat_place_cap_names_the_deeper_cut_card() -> None:
    out = failed("play", BACCARAT, "--positions", "10", "--seed", "x")
    assert "cut_card_depth=34 or more takes 10 places" in out
    data = ok_json("play", BACCARAT, "--positions", "10", "-o", "cut_card_depth=34", "--seed", "x")
    assert data["positions"] == 10


# -- item 21: one default shoe --------------------------------------------------------------------


def test_issue16_item21_one_default_deck_count_for_baccarat() -> None:
    assert ok_json("deal", BACCARAT, "--seed", "d")["table"]["decks"] == CLI_DEFAULT_DECKS
    assert ok_json("play", BACCARAT, "--seed", "d", "--rounds", "1")["decks"] == CLI_DEFAULT_DECKS
    assert ok_json("odds", BACCARAT)["decks"] == CLI_DEFAULT_DECKS
    sim = ok_json("simulate", BACCARAT, "--rounds", "200", "--seed", "d")
    assert sim["decks"] == CLI_DEFAULT_DECKS
    assert ok_json("deal", BACCARAT, "--seed", "d", "-o", "decks=1")["table"]["decks"] == 1


@pytest.mark.parametrize("command", ["deal", "play", "odds", "simulate"])
def test_issue16_item21_every_help_says_the_default(command: str) -> None:
    text = " ".join(run(command, "--help").output.replace("│", " ").split())
    assert f"default {CLI_DEFAULT_DECKS}" in text or f"baccarat {CLI_DEFAULT_DECKS}" in text, text


# -- --option on every command: unknown keys refused with the list --------------------------------


@pytest.mark.parametrize("command", ["play", "simulate", "deal", "odds"])
@pytest.mark.parametrize("game", [BACCARAT, FOOTBALL])
def test_issue16_unknown_option_is_refused_with_the_list(command: str, game: str) -> None:
    out = failed(command, game, "-o", "tie=same")
    assert "unknown option 'tie'" in out and "decks" in out and "positions" in out


@pytest.mark.parametrize("command", ["play", "simulate", "deal", "odds"])
def test_issue16_decks_both_ways_is_refused(command: str) -> None:
    out = failed(command, FOOTBALL, "--decks", "7", "-o", "decks=8")
    assert "decks" in out


def test_issue16_the_prompts_help_follows_the_readings() -> None:
    from croupier.commands.banking_guide import bet_guide
    from croupier.games.three_card_baccarat.options import BaccaratOptions

    plain = {g.name: g for g in bet_guide(BACCARAT, BaccaratOptions())}
    assert "annex levels" in plain["tie"].wins_on
    assert "the banker's points" in plain["points_3"].wins_on
    read = BaccaratOptions(
        numbers_hand="place",  # type: ignore[arg-type]
        tie_rule="same-points",  # type: ignore[arg-type]
        commission=Fraction(1, 40),
    )
    guide = {g.name: g for g in bet_guide(BACCARAT, read)}
    assert "points, three figures highest" in guide["main"].wins_on
    assert guide["points_3"].wins_on == "the place's points are 3"
    assert "the place's hand" in guide["three_faces"].wins_on
    assert guide["main"].pays == "1:1 less 2.5% commission"
