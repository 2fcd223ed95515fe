"""``croupier play mahjong`` (a round against three bots) and ``replay`` of its record.

With ``--seed 1`` you are the banker of game 1 and your first decision is the banker's first
discard (the prompt lists ``1) d 2p`` first); the interactive tests lean on that.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.commands.play_mahjong import move_label
from croupier.games.mahjong.commands import Chow, Discard, Kong, Pass, Pung, Win
from croupier.tiles import Tile

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


def ok(*args: str, input: str | None = None) -> Result:
    result = run(*args, input=input)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def ok_json(*args: str) -> Any:
    return json.loads(ok(*args, "--json").stdout)


def clean_failure(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.output, (fragment, result.output)


def test_play_mahjong_auto_json_shape_and_balance() -> None:
    data = ok_json("play", "mahjong", "--auto", "--seed", "x")
    assert data["game"] == "mahjong" and data["regulation"] == "Portaria 52/89/M"
    assert data["round"] == "east" and data["options"]["banker_stays_on_draw"] is True
    assert data["players"] == {"1": "you", "2": "bot1", "3": "bot2", "4": "bot3"}
    assert data["over"] is True and data["end"] is not None
    assert 4 <= len(data["games"]) <= data["options"]["max_games"] == 16
    assert [g["number"] for g in data["games"]] == list(range(1, len(data["games"]) + 1))
    assert data["games"][0]["banker"] == 1 and data["games"][0]["seats"]["1"] == "E"
    sums = {p: sum(g["net"][p] for g in data["games"]) for p in "1234"}
    assert data["totals"] == sums
    assert sum(data["totals"].values()) + data["house"] == 0 and data["balanced"] is True
    for g in data["games"]:
        assert sum(g["net"].values()) + g["commission"] == 0
        if g["drawn"]:
            assert g["winner"] is None
        else:
            assert g["faan"] >= 3 and g["patterns"] and g["reading"]
    assert len(data["digest"]) == 64
    # reproducible: the same seed, the same round
    assert ok_json("play", "mahjong", "--auto", "--seed", "x")["digest"] == data["digest"]


def test_play_mahjong_games_and_random_bots() -> None:
    data = ok_json("play", "mahjong", "--seed", "y", "--games", "2", "--bot-kind", "random")
    assert len(data["games"]) == 2 and data["over"] is False


def test_play_mahjong_text_output() -> None:
    out = ok("play", "mahjong", "--auto", "--seed", "1", "--games", "1").stdout
    assert "East round (tông hin)" in out and "Game 1: banker you (place 1)" in out
    assert "you (E) wins on S" in out and "mixed-one-suit" in out and "Payments" in out
    assert "Round totals (1 games)" in out and "The round is not over (--games)." in out


def test_play_mahjong_interactive_bad_input_is_asked_again() -> None:
    lines = ["zzz", "d 9z", "d 9p", *["1"] * 300]
    result = ok("play", "mahjong", "--seed", "1", "--games", "1", input="\n".join(lines) + "\n")
    out = result.stdout
    assert "Your tiles: 2p 3p 3p 6p 7p 1s 9s S S W W N N C (drew N)" in out
    assert "1) d 2p" in out and "you *" in out and "wall: 83 tiles left" in out
    assert "error: unknown answer 'zzz'" in out
    assert "error: notation: tile: '9z' is not a tile in notation" in out
    assert "error: HK: EAST holds no 9p to discard" in out
    assert "Game 1: banker you (place 1)" in out and "Round totals (1 games)" in out


def test_play_mahjong_input_ends_cleanly() -> None:
    clean_failure(run("play", "mahjong", "--seed", "1", input="zzz\n"), "the input ended")


def test_play_mahjong_log_then_replay(tmp_path: Path) -> None:
    log = tmp_path / "round.json"
    data = ok_json("play", "mahjong", "--auto", "--seed", "z", "--games", "3", "--log", str(log))
    record = json.loads(log.read_text(encoding="utf-8"))
    assert record["game"] == "mahjong-round" and len(record["games"]) == 3
    summary = ok_json("replay", str(log))
    assert summary["totals"] == data["totals"] and summary["digest"] == data["digest"]
    assert summary["events"] > 0
    text = ok("replay", str(log)).stdout
    assert "every event checked" in text and "Round totals (3 games)" in text
    clean_failure(run("replay", str(log), "--expect-digest", "0" * 64), "not the expected")
    record["games"][0]["events"][-1]["net"] = [999, 0, 0, 0]
    log.write_text(json.dumps(record), encoding="utf-8")
    assert run("replay", str(log)).exit_code == 2


def test_play_mahjong_errors(tmp_path: Path) -> None:
    clean_failure(
        run("play", "mahjong", "--auto", "--log", str(tmp_path / "no" / "such" / "x.json")),
        "cannot write the log",
    )
    clean_failure(run("play", "mahjong", "--bot-kind", "clever"), "--bot-kind 'clever'")
    clean_failure(run("play", "mahjong", "--rounds", "2"), "--rounds does not apply", "--games")
    clean_failure(run("play", "mahjong", "--hands", "2"), "--hands does not apply to mahjong")
    clean_failure(run("play", "thirteen", "--games", "2"), "--games applies to mahjong only")
    assert run("play", "mahjong", "--games", "0").exit_code == 2


def test_move_labels() -> None:
    t = Tile.parse("3m")
    assert move_label(Discard(t)) == "d 3m" and move_label(Kong(t)) == "k 3m"
    assert move_label(Kong(t), in_window=True) == "kong"
    assert move_label(Chow(t)) == "chow 3m" and move_label(Pung()) == "pung"
    assert move_label(Win()) == "win" and move_label(Pass()) == "pass"


# -- the table's options as flags -----------------------------------------------------------------


def test_play_mahjong_min_faan_one_allows_smaller_wins() -> None:
    faan: list[int] = []
    for seed in ("a", "b"):
        data = ok_json("play", "mahjong", "--auto", "--seed", seed, "--min-faan", "1")
        assert data["options"]["scoring"]["min_faan"] == 1
        faan += [g["faan"] for g in data["games"] if not g["drawn"]]
        default = ok_json("play", "mahjong", "--auto", "--seed", seed)
        assert default["options"]["scoring"]["min_faan"] == 3
        assert all(g["faan"] >= 3 for g in default["games"] if not g["drawn"])
    assert min(faan) >= 1 and any(f < 3 for f in faan), faan  # wins the default table refuses


def test_play_mahjong_table_flags_are_recorded_and_replayed(tmp_path: Path) -> None:
    log = tmp_path / "round.json"
    flags = (
        "--min-faan", "1", "--limit", "8", "--unit", "10", "--discarder-pays-all",
        "--commission-bp", "250", "--max-games", "5", "--banker-passes-on-draw",
    )  # fmt: skip
    data = ok_json("play", "mahjong", "--auto", "--seed", "a", *flags, "--log", str(log))
    options = data["options"]
    assert options["max_games"] == 5 and options["banker_stays_on_draw"] is False
    scoring = options["scoring"]
    assert (scoring["min_faan"], scoring["limit"], scoring["unit"]) == (1, 8, 10)
    assert scoring["discarder_pays_all"] is True and scoring["commission_bp"] == 250
    assert len(data["games"]) <= 5 and data["over"] is True
    won = [g for g in data["games"] if not g["drawn"]]
    assert won and data["house"] > 0 and data["balanced"] is True
    for g in won:
        assert 1 <= g["faan"] <= 8 and g["commission"] > 0
        gain = g["net"][str(g["winner"])]
        assert g["commission"] == (gain + g["commission"]) * 250 // 10_000
        if g["discarder"] is not None:  # the discarder pays for all three
            payers = {p for p, n in g["net"].items() if n < 0}
            assert payers == {str(g["discarder"])}
    for g in data["games"]:
        if g["drawn"]:
            assert g["banker_stays"] is False  # --banker-passes-on-draw
    record = json.loads(log.read_text(encoding="utf-8"))
    assert record["options"] == options
    summary = ok_json("replay", str(log))
    assert summary["digest"] == data["digest"] and summary["totals"] == data["totals"]
    assert summary["options"] == options
    text = ok("play", "mahjong", "--auto", "--seed", "a", *flags, "--games", "1").stdout
    assert "Scoring: 1 faan to win, limit 8, unit 10" in text
    assert "the discarder pays all, commission 250 bp" in text and "at most 5 games" in text
    assert "on a drawn game the deal passes from the banker" in text


def test_play_mahjong_max_games_caps_the_round() -> None:
    data = ok_json("play", "mahjong", "--auto", "--seed", "x", "--max-games", "2")
    assert len(data["games"]) == 2 and data["end"] == "the cap of 2 games"
    data = ok_json("play", "mahjong", "--auto", "--seed", "x", "--everyone-pays")
    assert data["options"]["scoring"]["discarder_pays_all"] is False


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--min-faan", "-1"), "--min-faan -1: the least faan of a win is 0 to the limit, 13"),
        (
            ("--min-faan", "9", "--limit", "8"),
            "--min-faan 9: the least faan of a win is 0 to --limit 8",
        ),
        (("--limit", "0"), "--limit 0: a hand's limit is 1 faan at least"),
        (("--limit", "2"), "--limit 2: below the minimum of 3 faan (give --min-faan too)"),
        (("--unit", "0"), "--unit 0: the payment unit is 1 at least"),
        (("--commission-bp", "-5"), "--commission-bp -5: the commission is 0 to 10000 basis"),
        (("--commission-bp", "10001"), "--commission-bp 10001"),
        (("--max-games", "0"), "--max-games 0: a round is 1 game at least"),
        (("--min-faan", "two"), "'--min-faan'"),
    ],
)
def test_play_mahjong_bad_table_flags(args: tuple[str, ...], message: str) -> None:
    clean_failure(run("play", "mahjong", "--auto", *args), message)


@pytest.mark.parametrize(
    ("game", "args", "flag"),
    [
        ("thirteen", ("--min-faan", "1"), "--min-faan"),
        ("five-card-stud", ("--max-games", "4"), "--max-games"),
        ("three-card-baccarat", ("--banker-passes-on-draw",), "--banker-passes-on-draw"),
        ("football-poker", ("--banker-stays-on-draw",), "--banker-stays-on-draw"),
        ("thirteen", ("--discarder-pays-all",), "--discarder-pays-all"),
        ("five-card-stud", ("--everyone-pays",), "--everyone-pays"),
        ("thirteen", ("--commission-bp", "10"), "--commission-bp"),
        ("football-poker", ("--limit", "10"), "--limit"),
        ("thirteen", ("--seven-pairs",), "--seven-pairs"),
        ("five-card-stud", ("--banker-doubles",), "--banker-doubles"),
        ("three-card-baccarat", ("--no-rob-concealed-kong",), "--no-rob-concealed-kong"),
    ],
)
def test_mahjong_table_flags_are_refused_for_other_games(
    game: str, args: tuple[str, ...], flag: str
) -> None:
    clean_failure(run("play", game, *args), f"{flag} applies to mahjong only")


def test_play_mahjong_seven_pairs_banker_doubles_and_robbing_flags(tmp_path: Path) -> None:
    log = tmp_path / "round.json"
    flags = ("--seven-pairs", "--banker-doubles", "--no-rob-concealed-kong", "--max-games", "3")
    data = ok_json("play", "mahjong", "--auto", "--seed", "b", *flags, "--log", str(log))
    options = data["options"]
    assert options["scoring"]["seven_pairs"] is True
    assert options["scoring"]["banker_doubles"] is True
    assert "orphans_rob_concealed_kong" not in options  # off: not written (older records' rule)
    assert ok_json("replay", str(log))["digest"] == data["digest"]
    default = ok_json("play", "mahjong", "--auto", "--seed", "b", "--max-games", "1")["options"]
    assert "seven_pairs" not in default["scoring"]  # off: not written, records stay stable
    assert "banker_doubles" not in default["scoring"]
    assert default["orphans_rob_concealed_kong"] is True
    text = ok("play", "mahjong", "--auto", "--seed", "b", *flags, "--games", "1").stdout
    assert "seven pairs allowed (4 faan)" in text
    assert "the banker pays and receives double" in text
    assert "a concealed kong is never robbed" in text
