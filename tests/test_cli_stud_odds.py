"""``croupier odds five-card-stud`` and ``croupier equity`` from the command line
(five-card stud, Portaria 104/85/M)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.odds.five_card_stud import equity

runner = CliRunner()

#: Art 1 a and Art 5: the classes of the 658,008 hands of the 40-card deck.
CLASS_COUNTS = {
    "royal_flush": 4,
    "straight_flush": 24,
    "four_of_a_kind": 360,
    "full_house": 2_160,
    "flush": 980,
    "straight": 7_140,
    "three_of_a_kind": 23_040,
    "two_pair": 51_840,
    "pair": 322_560,
    "high_card": 249_900,
}


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


# -- odds five-card-stud ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["five-card-stud", "stud", "Five-Card-Stud"])
def test_art5_odds_json_counts_every_class(name: str) -> None:
    data = ok_json("odds", name)
    assert data["game"] == "five-card-stud" and data["regulation"] == "Portaria 104/85/M"
    assert (data["deck"], data["total"]) == (40, 658_008)
    assert data["hands"] == CLASS_COUNTS
    assert list(data["hands"]) == list(CLASS_COUNTS)  # strongest first (Art 5)
    assert sum(data["hands"].values()) == data["total"]
    assert data["probabilities"]["pair"] == pytest.approx(322_560 / 658_008)
    assert sum(data["probabilities"].values()) == pytest.approx(1)
    assert data["exact"]["four_of_a_kind"] == "5/9139"
    assert sum(Fraction(p) for p in data["exact"].values()) == 1


def test_art5_odds_table_output() -> None:
    result = run("odds", "five-card-stud")
    assert result.exit_code == 0, result.output
    for text in ("royal flush", "full house", "658,008", "322,560", "1 in", "Art 5"):
        assert text in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--decks", "2"], ["--decks", "five-card-stud"]),
        (["--removed", "As"], ["--removed"]),
        (["--removal"], ["--removal"]),
        (["--commission", "5"], ["--commission"]),
        (["--rounds", "10", "--seed", "x"], ["--rounds and --seed"]),
        (["--workers", "2"], ["--workers"]),
        (["--way", "strongest-back"], ["--way"]),
        (["--zero-not-even"], ["--zero-not-even"]),
    ],
)
def test_odds_stud_refuses_the_other_games_flags(args: list[str], words: list[str]) -> None:
    refused(run("odds", "five-card-stud", *args), *words)


def test_odds_help_mentions_five_card_stud() -> None:
    result = run("odds", "--help")
    assert result.exit_code == 0
    assert "five-card-stud" in result.stdout


# -- equity ---------------------------------------------------------------------------------------


def test_art4_equity_json_small_case() -> None:
    data = ok_json("equity", "As Kd Qh", "Qc Qd 5s 6s")
    exact = equity(["As Kd Qh", "Qc Qd 5s 6s"])
    assert data["game"] == "five-card-stud" and data["deals"] == exact.deals == 16_368
    assert data["unseen"] == 33 and data["dead"] == []
    first, second = data["hands"]
    assert first["cards"] == ["As", "Kd", "Qh"] and first["unknown"] == 2
    assert (first["wins"], first["ties"]) == (exact.hands[0].wins, exact.hands[0].ties)
    assert first["wins"] + first["ties"] + first["losses"] == data["deals"]
    assert Fraction(first["share"]) == exact.hands[0].share
    assert Fraction(first["win"]) == Fraction(first["wins"], data["deals"])
    assert first["share_float"] == pytest.approx(float(exact.hands[0].share))
    assert Fraction(first["share"]) + Fraction(second["share"]) == 1
    assert second["wins"] == first["losses"]


def test_art4_equity_json_split_pot_and_dead_cards() -> None:
    data = ok_json("equity", "As Ad Kc Kh 5s", "Ac Ah Ks Kd 5d", "--dead", "Qs Qh")
    assert data["deals"] == 1 and data["dead"] == ["Qs", "Qh"]
    assert [h["splits"] for h in data["hands"]] == [{"2": 1}, {"2": 1}]
    assert [h["share"] for h in data["hands"]] == ["1/2", "1/2"]


def test_equity_hand_with_no_known_card() -> None:
    data = ok_json("equity", "-", "8s 8h 8d 8c 6h", "--dead", "Ks Kh Kd Kc Qs Qh Qd Qc")
    nothing = data["hands"][0]
    assert nothing["cards"] == [] and nothing["unknown"] == 5
    assert data["deals"] == 80_730  # C(27, 5)
    # only a four above eights beats them: aces, jacks, tens or nines
    assert nothing["wins"] == 4 * (27 - 4) and nothing["ties"] == 0


def test_equity_table_output() -> None:
    result = run("equity", "As Kd", "Qh Qc")
    assert result.exit_code == 0, result.output
    for text in ("38,955,840", "As Kd ? ? ?", "Qh Qc ? ? ?", "equity", "Art 4"):
        assert text in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["As 2s", "Kd"], ["'2s'", "40-card"]),
        (["As Kx", "Kd"], ["Kx"]),
        (["As Kd", "Qh As"], ["duplicate", "As"]),
        (["As Kd", "Qh", "--dead", "Qh"], ["duplicate", "Qh"]),
        (["As Kd Qs Js Ts 9s", "Qh"], ["at most 5", "As Kd Qs Js Ts 9s"]),
        (["As Kd"], ["two hands"]),
        (["As Kd", "Qh Qc", "Js Jd"], ["88,118,110,080", "fewer unknown cards"]),
        (["As Kd Qh", "Qc Qd 5s 6s", "--limit", "10"], ["16,368", "limit of 10"]),
        (["As Kd", "Qh", "--limit", "0"], ["--limit"]),
    ],
)
def test_equity_bad_input_is_a_clean_error_naming_the_token(
    args: list[str], words: list[str]
) -> None:
    refused(run("equity", *args), *words)
