"""``croupier rank``: hands ranked and ordered under a game's rules (51/89/M Art 9 II, 104/85/M
Art 5), bad input refused with the bad token named."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


def test_art9_ii_rank_orders_hands_strongest_first_json() -> None:
    result = runner.invoke(
        app, ["rank", "Kd Qc Jh Ts 9c", "5d 4c 3h 2s Ac", "As Ks Qs Js Ts", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["rules"] == "thirteen"
    assert [h["category"] for h in data["hands"]] == ["royal_flush", "straight", "straight"]
    assert [h["hand"] for h in data["hands"]][1] == "5d 4c 3h 2s Ac"  # A-2-3-4-5 second straight
    assert [h["place"] for h in data["hands"]] == [1, 2, 3]


def test_equal_hands_share_a_place() -> None:
    result = runner.invoke(app, ["rank", "As Ah Ad Ac 5d", "As Ah Ad Ac Kd", "--json"])
    assert result.exit_code == 0, result.output
    assert [h["place"] for h in json.loads(result.output)["hands"]] == [1, 1]


def test_stud_art5_rules_option_and_table_output() -> None:
    hands = ["As Js 9s 7s 6s", "8s 8h 8d 5c 5d"]
    result = runner.invoke(app, ["rank", *hands, "--rules", "stud40", "--json"])
    assert result.exit_code == 0, result.output
    ordered = [h["category"] for h in json.loads(result.output)["hands"]]
    assert ordered == ["full_house", "flush"]  # full house above flush, as written
    table = runner.invoke(app, ["rank", *hands, "--rules", "stud40"])
    assert table.exit_code == 0, table.output
    assert "Portaria 104/85/M" in table.output
    assert table.output.index("8s 8h 8d") < table.output.index("As Js 9s")


def test_bad_card_token_named_exit_2() -> None:
    result = runner.invoke(app, ["rank", "As Ks Qs Js 4s", "--rules", "stud40"])
    assert result.exit_code == 2
    assert "'4s'" in result.output


def test_unknown_rules_named() -> None:
    result = runner.invoke(app, ["rank", "As Ks Qs Js Ts", "--rules", "omaha"])
    assert result.exit_code == 2
    assert "omaha" in result.output
