"""``croupier play mahjong`` (you and three bots at a Mah-Jong table, through the table
interface), its table log written as the table plays, ``replay`` of it, and old round records.

With ``--seed 1`` you are the banker of game 1 and your first decision is the banker's first
discard; the interactive tests lean on that.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer
from prompt_keys import ctrl_c_at_prompt
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.commands.play_mahjong import move_label
from croupier.games.mahjong.commands import Chow, Discard, Kong, Pass, Pung, Win
from croupier.table.log import link
from croupier.tiles import Tile

runner = CliRunner()
DATA = Path(__file__).parent / "games" / "mahjong" / "data"


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


def ok(*args: str, input: str | None = None) -> Result:
    result = run(*args, input=input)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def ok_json(*args: str) -> Any:
    return json.loads(ok(*args, "--json").stdout)


def clean_failure(result: Result, *fragments: str, code: int = 2) -> None:
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.output, (fragment, result.output)


def test_play_mahjong_auto_json_shape_and_balance() -> None:
    data = ok_json("play", "mahjong", "--auto", "--seed", "x")
    assert data["game"] == "mahjong" and data["regulation"] == "Portaria 52/89/M"
    assert data["options"]["rotation"] == "every-game" and data["options"]["rounds"] == 1
    assert [p["place"] for p in data["players"].values()] == [1, 2, 3, 4]
    assert list(data["players"]) == ["you", "bot1", "bot2", "bot3"]
    # Art 2: one round is four games, the deal passing each game
    assert data["over"] is True and data["end"] == "the round's four games are played (Art 2)"
    assert [g["number"] for g in data["games"]] == [1, 2, 3, 4]
    assert [g["banker"] for g in data["games"]] == [1, 2, 3, 4]
    assert [g["players"][0] for g in data["games"]] == ["you", "bot1", "bot2", "bot3"]
    nets = {n: p["net"] for n, p in data["players"].items()}
    assert sum(nets.values()) + data["house"] == 0 and data["balanced"] is True
    for g in data["games"]:
        assert sum(g["net"].values()) + g["commission"] == 0
        if not g["drawn"]:
            assert g["faan"] >= 3 and g["patterns"] and g["reading"]
    assert data["sealed"] is True and len(data["head"]) == 64
    # reproducible: the same seed, the same table
    assert ok_json("play", "mahjong", "--auto", "--seed", "x")["head"] == data["head"]


def test_play_mahjong_games_and_random_bots() -> None:
    data = ok_json("play", "mahjong", "--seed", "y", "--games", "2", "--bot-kind", "random")
    assert len(data["games"]) == 2 and data["over"] is False


def test_play_mahjong_text_output() -> None:
    out = ok("play", "mahjong", "--auto", "--seed", "1", "--games", "1").stdout
    assert "round(s): East" in out and "Game 1 of the sitting (East round): banker you" in out
    assert "bot2 (W) wins on 7m, on the discard of bot1: 3 faan" in out and "Payments" in out
    assert "Totals (1 games)" in out and "The sitting is not over (--games)." in out


def test_play_mahjong_interactive_bad_input_is_asked_again() -> None:
    lines = ["zzz", "d 9z", "d 8p", "２", *["1"] * 400]
    result = ok("play", "mahjong", "--seed", "1", "--games", "1", input="\n".join(lines) + "\n")
    out = result.stdout
    assert "Your tiles: 2m 3m 3m 4m 7m 9m 1p 6p 9p 1s 1s 5s F P (drew 3m)" in out
    assert "1) d 2m" in out and "you *" in out and "wall: 83 tiles left" in out
    assert "error: unknown answer 'zzz'" in out
    assert "error: unknown tile '9z'" in out
    assert "error: HK: EAST holds no 8p to discard" in out
    assert "error: unknown answer '２'" in out  # only ASCII digits number a move
    assert "Game 1 of the sitting" in out and "Totals (1 games)" in out


def test_play_mahjong_interactive_whole_sitting_tops_you_up_between_games() -> None:
    """Short of the cover after paying a game, you are topped up before the next deal (the
    table's money rule, payments=cover), and the sitting plays to its end."""
    result = ok("play", "mahjong", "--seed", "2", input="1\n" * 3000)
    assert "You top up 32 chips to the table's cover of 16384" in result.stdout
    assert "Totals (4 games)" in result.stdout and "Traceback" not in result.output


def test_play_mahjong_input_ends_cleanly() -> None:
    clean_failure(run("play", "mahjong", "--seed", "1", input="zzz\n"), "the input ended")


def test_move_labels() -> None:
    t = Tile.parse("3m")
    assert move_label(Discard(t)) == "d 3m" and move_label(Kong(t)) == "k 3m"
    assert move_label(Kong(t), in_window=True) == "kong"
    assert move_label(Chow(t)) == "chow 3m" and move_label(Pung()) == "pung"
    assert move_label(Win()) == "win" and move_label(Pass()) == "pass"


# -- the table log (issue 15 items 9 and 11) -------------------------------------------------------


def _lines(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def test_play_mahjong_log_then_replay(tmp_path: Path) -> None:
    log = tmp_path / "table.log"
    data = ok_json("play", "mahjong", "--auto", "--seed", "z", "--games", "3", "--log", str(log))
    header, *entries = _lines(log)
    assert header["format"] == "croupier-table-log" and header["game"] == "mahjong"
    assert entries[-1]["event"]["type"] == "table_closed" and entries[-1]["hash"] == data["head"]
    assert sum(e["event"]["type"] == "game_settled" for e in entries) == 3
    summary = ok_json("replay", str(log))
    assert summary["sealed"] is True and summary["head"] == data["head"]
    assert summary["rounds"] == 3 and summary["books_agree"] is True
    assert summary["ledger"]["players"]["you"] == data["players"]["you"]["chips"]
    assert "sealed" in ok("replay", str(log)).stdout
    clean_failure(run("replay", str(log), "--expect-digest", "0" * 64), "not the expected", code=4)
    clean_failure(run("play", "mahjong", "--auto", "--log", str(log)), "exists already")


def test_issue15_item9_an_interrupted_play_keeps_every_event_in_the_log(tmp_path: Path) -> None:
    """The input ends mid-game (as Ctrl-C would end it): every entry up to there is in the
    log, flushed as it happened; the log replays to that point and says it is not sealed."""
    log = tmp_path / "cut.log"
    result = run("play", "mahjong", "--seed", "1", "--log", str(log), input="1\n" * 5)
    clean_failure(result, "the input ended")
    _, *entries = _lines(log)
    kinds = [e["event"]["type"] for e in entries]
    assert kinds[:5] == ["chips_in"] * 4 + ["game_dealt"] and "table_closed" not in kinds
    assert kinds.count("tile_discarded") >= 5  # your five discards and the bots' answers
    clean_failure(run("replay", str(log)), "is not sealed", "ends", code=3)
    summary = ok_json("replay", str(log), "--allow-open")
    assert summary["sealed"] is False and summary["entries"] == len(entries)
    assert summary["open_round"] == 1


def test_issue15_item9_ctrl_c_keeps_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "ctrl-c.log"
    answers = iter(["1", "1", "1"])

    def prompt(*args: Any, **kwargs: Any) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(typer, "prompt", prompt)
    result = run("play", "mahjong", "--seed", "1", "--log", str(log))
    assert result.exit_code != 0
    _, *entries = _lines(log)
    mine = [e for e in entries if e["actor"] == "player:you"]
    assert sum("command" in e for e in mine) >= 1 + 3  # sat, then the three answers given
    assert entries[-1]["event"]["type"] != "table_closed"
    assert ok_json("replay", str(log), "--allow-open")["sealed"] is False


def _rechain(header: dict[str, Any], entries: list[dict[str, Any]]) -> str:
    """The log's lines with every hash recomputed (a forger who knows the chain)."""
    previous = header["genesis"]
    for entry in entries:
        if entry["event"]["type"] == "table_closed":
            entry["event"]["last_hash"] = previous
        body = {k: v for k, v in entry.items() if k != "hash"}
        entry["hash"] = previous = link(previous, body)
    return "\n".join(json.dumps(x) for x in [header, *entries]) + "\n"


def test_issue15_item11_a_tampered_game_won_is_named_in_plain_words(tmp_path: Path) -> None:
    log = tmp_path / "table.log"
    ok("play", "mahjong", "--auto", "--seed", "1", "--games", "1", "--log", str(log))
    header, *entries = _lines(log)
    won = next(e for e in entries if e["event"]["type"] == "game_won")
    won["event"]["faan"] = 9
    # a changed line breaks the chain: refused, naming the entry
    broken = "\n".join(json.dumps(x) for x in [header, *entries]) + "\n"
    log.write_text(broken, encoding="utf-8")
    clean_failure(run("replay", str(log)), f"entry seq {won['seq']} (game_won)", code=4)
    # a forged chain: the rules refuse the event, in words
    log.write_text(_rechain(header, entries), encoding="utf-8")
    result = run("replay", str(log))
    clean_failure(
        result, f"entry {won['seq']} (game_won) refused", "faan 9 where the rules give 3", code=4
    )
    for python in ("GameWon(", "Seat.", "Tile(", "<"):
        assert python not in result.output


# -- old round records ----------------------------------------------------------------------------


def test_an_old_round_record_is_migrated_then_replayed_under_the_rule_it_was_played_by(
    tmp_path: Path,
) -> None:
    old = DATA / "round_before_rotation_option.json"
    clean_failure(run("replay", str(old)), "log migrate")
    new = tmp_path / "old.log"
    ok("log", "migrate", str(old), str(new))
    summary = ok_json("replay", str(new))["record"]
    assert summary["digest"] == "f56334decf1fc816f3fd3971ce1b1ddf96d53a85ac809ae5b2f14c38d1ef9bc8"
    assert summary["totals"] == {"1": 48, "2": -16, "3": -16, "4": -16}
    assert [g["banker_stays"] for g in summary["games"]] == [True, True, True]  # Hong Kong
    assert summary["rotation"].startswith("Hong Kong practice")


# -- the table's options as flags -----------------------------------------------------------------


def test_issue16_item15_play_a_round_of_another_wind_and_a_full_game() -> None:
    south = ok_json("play", "mahjong", "--auto", "--seed", "w", "--prevailing", "S")
    assert south["options"]["prevailing"] == "south"
    assert {g["round"] for g in south["games"]} == {"south"} and len(south["games"]) == 4
    full = ok_json("play", "mahjong", "--auto", "--seed", "w", "--full-game", "--min-faan", "1")
    assert [g["round"] for g in full["games"]] == [
        w for w in ("east", "south", "west", "north") for _ in range(4)
    ]
    assert full["over"] is True and full["sealed"] is True
    text = ok("play", "mahjong", "--auto", "--seed", "w", "--full-game", "--games", "1").stdout
    assert "round(s): East, South, West, North" in text


def test_issue16_item14_the_hong_kong_rotation_and_the_false_win_penalty() -> None:
    hk = ok_json("play", "mahjong", "--auto", "--seed", "h", "--rotation", "hong-kong")
    assert hk["options"]["rotation"] == "hong-kong"
    for before, after in zip(hk["games"], hk["games"][1:], strict=False):
        if before["banker_stays"]:
            assert after["banker"] == before["banker"]
    penalty = ok_json("play", "mahjong", "--seed", "p", "--games", "3", "--bot-kind", "random",
                      "--false-win", "penalty")  # fmt: skip
    assert penalty["options"]["false_win"] == "penalty"
    assert penalty["options"]["scoring"]["limit"] == 13


def test_play_mahjong_min_faan_one_allows_smaller_wins() -> None:
    faan: list[int] = []
    for seed in ("a", "b", "c"):
        data = ok_json("play", "mahjong", "--auto", "--seed", seed, "--min-faan", "1")
        assert data["options"]["scoring"]["min_faan"] == 1
        faan += [g["faan"] for g in data["games"] if not g["drawn"]]
        default = ok_json("play", "mahjong", "--auto", "--seed", seed)
        assert all(g["faan"] >= 3 for g in default["games"] if not g["drawn"])
    assert min(faan) >= 1 and any(f < 3 for f in faan), faan  # wins the default table refuses


def test_play_mahjong_table_flags_are_recorded_and_replayed(tmp_path: Path) -> None:
    log = tmp_path / "table.log"
    flags = (
        "--min-faan", "1", "--limit", "8", "--unit", "10", "--discarder-pays-all",
        "--commission-bp", "250", "--max-games", "5", "--rotation", "hong-kong",
        "--banker-passes-on-draw",
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
    header = _lines(log)[0]
    assert header["options"] == options
    assert ok_json("replay", str(log))["head"] == data["head"]
    text = ok("play", "mahjong", "--auto", "--seed", "a", *flags, "--games", "1").stdout
    assert "Scoring: 1 faan to win, limit 8, unit 10" in text
    assert (
        "the discarder pays all, commission 2.5% of the winner's gain" in text
        and "at most 5 games" in text
    )
    assert "on a drawn game the deal passes from the banker" in text


def test_play_mahjong_max_games_caps_the_round() -> None:
    data = ok_json("play", "mahjong", "--auto", "--seed", "x", "--max-games", "2")
    assert len(data["games"]) == 2 and data["end"] == "the cap of 2 games"
    data = ok_json("play", "mahjong", "--auto", "--seed", "x", "--everyone-pays", "--games", "1")
    assert data["options"]["scoring"]["discarder_pays_all"] is False


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--min-faan", "-1"), "--min-faan -1: the least faan of a win is 0 to the limit, 13"),
        (
            ("--min-faan", "9", "--limit", "8"),
            "--min-faan 9: the least faan of a win is 0 to --limit 8",
        ),
        (("--limit", "0"), "--limit 0: a hand's limit is 1 to 20 faan"),
        (("--limit", "2"), "--limit 2: below the minimum of 3 faan (give --min-faan too)"),
        (("--limit", "1000"), "--limit 1000: a hand's limit is 1 to 20 faan"),
        (("--unit", "0"), "--unit 0: the payment unit is 1 to 1000000"),
        (("--commission-bp", "-5"), "--commission-bp -5: the commission is 0 to 10000 basis"),
        (("--commission-bp", "10001"), "--commission-bp 10001"),
        (("--max-games", "0"), "--max-games 0: a round is 1 to 1000 games"),
        (("--min-faan", "two"), "'--min-faan'"),
        (("--prevailing", "X"), "--prevailing 'X': the round's wind is E, S, W or N"),
        (("--full-game", "--prevailing", "S"), "--full-game plays the four rounds from East"),
        (("--rotation", "clockwise"), "--rotation 'clockwise': one of every-game, hong-kong"),
        (("--false-win", "fine"), "--false-win 'fine': one of refuse, penalty"),
        (("--games", "0"), "Invalid value for '--games'"),
    ],
)
def test_play_mahjong_bad_table_flags(args: tuple[str, ...], message: str) -> None:
    clean_failure(run("play", "mahjong", "--auto", *args), message)


def test_play_mahjong_errors(tmp_path: Path) -> None:
    clean_failure(
        run("play", "mahjong", "--auto", "--log", str(tmp_path / "no" / "such" / "x.log")),
        "cannot write the log",
    )
    clean_failure(run("play", "mahjong", "--bot-kind", "clever"), "--bot-kind 'clever'")
    clean_failure(run("play", "mahjong", "--rounds", "2"), "--rounds does not apply", "--games")
    clean_failure(run("play", "mahjong", "--hands", "2"), "--hands does not apply to mahjong")
    clean_failure(run("play", "thirteen", "--games", "2"), "--games applies to mahjong only")


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
        ("thirteen", ("--prevailing", "S"), "--prevailing"),
        ("five-card-stud", ("--full-game",), "--full-game"),
        ("football-poker", ("--rotation", "hong-kong"), "--rotation"),
        ("thirteen", ("--false-win", "penalty"), "--false-win"),
    ],
)
def test_mahjong_table_flags_are_refused_for_other_games(
    game: str, args: tuple[str, ...], flag: str
) -> None:
    clean_failure(run("play", game, *args), f"{flag} applies to mahjong only")


def test_play_mahjong_seven_pairs_banker_doubles_and_robbing_flags(tmp_path: Path) -> None:
    log = tmp_path / "table.log"
    flags = ("--seven-pairs", "--banker-doubles", "--no-rob-concealed-kong", "--games", "2")
    data = ok_json("play", "mahjong", "--auto", "--seed", "b", *flags, "--log", str(log))
    options = data["options"]
    assert options["scoring"]["seven_pairs"] is True
    assert options["scoring"]["banker_doubles"] is True
    assert options["orphans_rob_concealed_kong"] is False  # a table log holds every option
    assert ok_json("replay", str(log))["head"] == data["head"]
    default = ok_json("play", "mahjong", "--auto", "--seed", "b", "--games", "1")["options"]
    assert "seven_pairs" not in default["scoring"]  # off: not written, records stay stable
    assert default["orphans_rob_concealed_kong"] is True
    text = ok("play", "mahjong", "--auto", "--seed", "b", *flags).stdout
    assert "seven pairs allowed (4 faan)" in text
    assert "the banker pays and receives double" in text
    assert "a concealed kong is never robbed" in text


def test_a_typed_answer_is_shown_as_text_never_read_as_markup() -> None:
    """``[/x]`` typed at the prompt is quoted back as typed, not read as a Rich tag."""
    lines = ["[/x]", "[bold]", *["1"] * 400]
    result = ok("play", "mahjong", "--seed", "1", "--games", "1", input="\n".join(lines) + "\n")
    assert "error: unknown answer '[/x]'" in result.stdout
    assert "error: unknown answer '[bold]'" in result.stdout


def test_ctrl_c_at_the_mahjong_prompt_is_an_interruption_not_the_input_ending(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C at the prompt, through Typer's own prompt (which raises the same Abort for Ctrl-C
    and for the input's end): exit 130 and the log kept unsealed, as play thirteen, stud and the
    banking games do; the input's end stays a refused session (exit 2, the tests above)."""
    ctrl_c_at_prompt(monkeypatch, ["1"])
    log = tmp_path / "mj.log"
    result = run("play", "mahjong", "--seed", "1", "--log", str(log))
    assert result.exit_code == 130, result.output
    assert "Traceback" not in result.output and "the input ended" not in result.output
    assert "unsealed" in result.output
    assert ok_json("replay", str(log), "--allow-open")["sealed"] is False
