"""``croupier play mahjong`` (a round against three bots) and ``replay`` of its record.

With ``--seed 1`` you are the banker of game 1 and your first decision is the banker's first
discard (the prompt lists ``1) d 2p`` first); the interactive tests lean on that.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.commands.play_mahjong import move_label
from croupier.games.mahjong.events import ClaimKind
from croupier.games.mahjong.round import Move
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
    assert "you (E) wins on W" in out and "mixed-one-suit" in out and "Payments" in out
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
    assert move_label(Move("discard", t)) == "d 3m" and move_label(Move("kong", t)) == "k 3m"
    assert move_label(Move("claim", t, ClaimKind.CHOW)) == "chow 3m"
    assert move_label(Move("claim", None, ClaimKind.PUNG)) == "pung"
    assert move_label(Move("win")) == "win" and move_label(Move("pass")) == "pass"
