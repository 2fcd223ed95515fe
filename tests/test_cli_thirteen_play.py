"""``croupier play thirteen`` and ``croupier replay`` of a 13-card record (Portaria 51/89/M).

The first round of ``--seed S`` deals ``deal_thirteen(SeededShuffler("deck:S:0"))``: the tests
read the player's cards from it (or from a ``--json`` run) to type their answers.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner, Result

from croupier.cards import Card
from croupier.cli import app
from croupier.commands import play_thirteen
from croupier.errors import RuleViolation
from croupier.games.thirteen.deal import deal_thirteen
from croupier.games.thirteen.scoring import Setting, Tier, naturals_of
from croupier.games.thirteen.solver import best_response, house_way
from croupier.shuffle import SeededShuffler

runner = CliRunner()
#: a seed whose position 2 holds a natural (six pairs and a half) and whose banker holds none
NATURAL_SEED = "nat27"


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


def hands_of(seed: str) -> dict[int, tuple[Card, ...]]:
    return dict(deal_thirteen(SeededShuffler(f"deck:{seed}:0")).hands)


def answer(setting: Setting, *, shuffle_tiers: bool = False) -> str:
    """The setting as typed: ``front / middle / back``; with ``shuffle_tiers`` each tier's cards
    in reverse order (any order is accepted)."""
    tiers = [list(setting.tier(t)) for t in Tier]
    if shuffle_tiers:
        tiers = [tier[::-1] for tier in tiers]
    return " / ".join(" ".join(str(c) for c in tier) for tier in tiers)


def fouled_setting(cards: tuple[Card, ...]) -> Setting:
    """A setting of ``cards`` whose middle is above its back."""
    banker = house_way(cards)  # a valid setting; swapping middle and back fouls it
    fouled = Setting(banker.front, banker.back, banker.middle)
    assert fouled.fouled
    return fouled


@pytest.fixture
def fast_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    """A clock that the test moves by hand."""
    now = [1_000.0]
    monkeypatch.setattr(play_thirteen, "_clock", lambda: now[0])
    yield now


# -- --json: the machine's view ---------------------------------------------------------------


def test_play_thirteen_json_settles_by_articles_8_and_11() -> None:
    data = ok_json("play", "thirteen", "--seed", "j", "--units", "2", "--bots", "2")
    assert data["game"] == "thirteen" and data["player"] == "you" and data["position"] == 2
    assert data["options"]["prize"] == "1/2" and data["options"]["commission"] == "1/50"
    (rnd,) = data["rounds"]
    assert 10 <= rnd["cut"] <= 42 and len(rnd["dice"]) == 4
    assert rnd["first_position"] == (sum(rnd["dice"]) - 1) % 4 + 1  # Art 2 b
    assert [p["position"] for p in rnd["positions"]] == [2, 3, 4]
    assert [p["holder"] for p in rnd["positions"]] == ["you", "bot1", "bot2"]
    assert set(rnd["banker"]["formations"]) == {"front", "middle", "back"}
    hands = hands_of("j")
    assert sorted(rnd["banker"]["cards"]) == sorted(str(c) for c in hands[1])
    for line in rnd["settlement"]:
        units = line["stake"] // 10_000
        assert line["stake"] == units * 10_000
        expected = {"win": 4_900 * units, "push": 0, "lose": -10_000 * units}[line["result"]]
        assert line["net"] == expected, line
        assert re.fullmatch(r"Art (8|9 I|7|2 d)(, 11)?", line["article"]), line
    assert line_of(rnd, "you")["stake"] == 20_000
    assert sum(data["balances"].values()) + data["house_result"] == 0
    assert len(data["digest"]) == 64


def line_of(rnd: dict[str, Any], player: str) -> dict[str, Any]:
    lines: list[dict[str, Any]] = [x for x in rnd["settlement"] if x["player"] == player]
    (line,) = lines
    return line


def test_play_thirteen_json_the_player_plays_the_best_response() -> None:
    data = ok_json("play", "thirteen", "--seed", "best", "--position", "4")
    (rnd,) = data["rounds"]
    (mine,) = rnd["positions"]
    hands = hands_of("best")
    banker = Setting.from_dict(rnd["banker"]["setting"])
    assert banker == house_way(hands[1])
    assert Setting.from_dict(mine["setting"]) == best_response(hands[4], banker, hands[1])
    assert mine["score"]["explanation"][-1].startswith(mine["score"]["outcome"])


def test_play_thirteen_several_rounds_balance() -> None:
    data = ok_json("play", "thirteen", "--seed", "many", "--rounds", "4", "--bots", "1")
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3, 4]
    nets: dict[str, int] = {}
    for rnd in data["rounds"]:
        for line in rnd["settlement"]:
            nets[line["player"]] = nets.get(line["player"], 0) + line["net"]
    assert nets == data["balances"]
    assert sum(nets.values()) + data["house_result"] == 0


# -- the interactive round ----------------------------------------------------------------------


def test_play_thirteen_interactive_any_order_within_a_tier() -> None:
    hands = hands_of("tiers")
    banker = house_way(hands[1])
    mine = best_response(hands[2], banker, hands[1])
    out = ok("play", "thirteen", "--seed", "tiers", input=answer(mine, shuffle_tiers=True) + "\n")
    text = out.stdout
    assert "The banker's setting" in text
    for tier, hand in zip(Tier, banker.ranks(), strict=True):
        assert hand.describe() in text, tier
    for card in hands[2]:
        assert str(card) in text
    assert "front / middle / back" in text
    assert "Settlement" in text and "Log digest" in text
    assert "Foul warning" not in text and "error" not in text


def test_art7_play_thirteen_fouled_answer_is_warned_then_confirmed_and_loses() -> None:
    hands = hands_of("foul")
    fouled = fouled_setting(hands[2])
    result = ok("play", "thirteen", "--seed", "foul", input=f"{answer(fouled)}\ny\n")
    text = result.stdout
    assert "Foul warning" in text and "Art 7" in text and "is above the back" in text
    assert "fouled: it loses (Art 7)" in text
    assert re.search(r"you\s+│\s+2\s+│\s+100\.00\s+│\s+lose\s+│\s+0\.00\s+│\s+-100\.00", text), text


def test_art7_play_thirteen_a_foul_may_be_declined_and_set_again() -> None:
    hands = hands_of("foul")
    fouled = fouled_setting(hands[2])
    result = ok("play", "thirteen", "--seed", "foul", input=f"{answer(fouled)}\nn\nauto\n")
    text = result.stdout
    assert text.count("Foul warning") == 1
    assert "Best response:" in text
    assert "fouled: it loses" not in text


@pytest.mark.parametrize(
    ("bad", "named"),
    [
        ("Xx Kd Qd / Jd Td 9d 8d 7d / 6d 5d 4d 3d 2d", "'Xx'"),
        ("As Ks / Qs Js Ts 9s 8s / 7s 6s 5s 4s 3s", "expected 3 cards, got 2"),
        ("As As Ks / Qs Js Ts 9s 8s / 7s 6s 5s 4s 3s", "duplicate card 'As'"),
        ("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "three groups"),
    ],
)
def test_play_thirteen_a_bad_answer_is_named_and_asked_again(bad: str, named: str) -> None:
    result = ok("play", "thirteen", "--seed", "tokens", input=f"{bad}\n\n")
    text = result.stdout
    assert "error:" in text and named in text, text
    assert text.count("front / middle / back (") == 2
    assert "Best response:" in text


def test_art7_play_thirteen_other_cards_are_refused() -> None:
    hands = hands_of("tokens")
    theirs = house_way(hands[3])  # position 3's cards, not the player's
    result = ok("play", "thirteen", "--seed", "tokens", input=f"{answer(theirs)}\nauto\n")
    assert "Art 7: the setting must place position 2's 13 cards" in result.stdout


def test_art9_i_play_thirteen_natural_declared() -> None:
    hands = hands_of(NATURAL_SEED)
    assert naturals_of(hands[2]) and not naturals_of(hands[1])
    result = ok("play", "thirteen", "--seed", NATURAL_SEED, input="natural\n")
    text = result.stdout
    assert "Natural declared (Art 9 I)" in text
    assert "win: player 3, banker 0 (Art 9 I)" in text
    assert "Art 9 I, 11" in text


def test_art9_i_play_thirteen_natural_refused_without_one() -> None:
    result = ok("play", "thirteen", "--seed", "tokens", input="natural\n\n")
    assert "Art 9 I: position 2's cards hold no natural" in result.stdout
    assert "Best response:" in result.stdout


def test_art2d_play_thirteen_late_answer_loses(fast_clock: list[float]) -> None:
    def slow_prompt(*args: Any, **kwargs: Any) -> str:
        fast_clock[0] += 301  # the player thinks for more than five minutes
        return ""

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer, "prompt", slow_prompt)
        result = ok("play", "thirteen", "--seed", "late")
    text = result.stdout
    assert "Too late (Art 2 d)" in text
    assert "Not set before the signal" in text
    assert re.search(r"you\s+│\s+2\s+│\s+100\.00\s+│\s+lose.*Art 2 d", text), text


def test_play_thirteen_without_input_aborts_cleanly() -> None:
    result = run("play", "thirteen", "--seed", "eof", input="")
    assert result.exit_code != 0 and "Traceback" not in result.output


# -- the record ---------------------------------------------------------------------------------


def read_log(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_play_thirteen_log_replays_to_the_same_digest(tmp_path: Path) -> None:
    log = tmp_path / "thirteen.jsonl"
    data = ok_json(
        "play", "thirteen", "--seed", "log", "--rounds", "2", "--bots", "2", "--log", str(log)
    )
    header, *entries = read_log(log)
    assert header["format"] == "croupier-table-log" and header["game"] == "thirteen"
    assert entries[-1]["event"]["type"] == "table_closed"  # sealed
    assert entries[-1]["hash"] == data["head"]
    summary = json.loads(ok("replay", str(log), "--json").stdout)
    assert summary["head"] == data["head"] and summary["game"] == "thirteen"
    assert summary["sealed"] is True and summary["rounds"] == 2 and summary["books_agree"]
    players = summary["ledger"]["players"]
    assert {p: v - 1_000_000 for p, v in players.items()} == data["balances"]  # 100 units in
    assert summary["ledger"]["in_play"] == 0
    text = ok("replay", str(log), "--expect-digest", data["head"]).stdout
    assert "13-card game" in text and "sealed" in text
    failed = run("replay", str(log), "--expect-digest", "0" * 64)
    assert failed.exit_code == 4 and "not the expected" in failed.output


def test_play_thirteen_readable_log_hint(tmp_path: Path) -> None:
    log = tmp_path / "round.jsonl"
    out = ok("play", "thirteen", "--seed", "hint", "--auto", "--log", str(log)).stdout
    assert "croupier replay" in out and log.exists()


def test_play_thirteen_log_is_never_overwritten(tmp_path: Path) -> None:
    log = tmp_path / "kept.jsonl"
    log.write_text("precious\n", encoding="utf-8")
    clean_failure(run("play", "thirteen", "--seed", "w", "--auto", "--log", str(log)), "exists")
    assert log.read_text(encoding="utf-8") == "precious\n"


def test_replay_refuses_a_tampered_thirteen_log(tmp_path: Path) -> None:
    log = tmp_path / "thirteen.jsonl"
    ok("play", "thirteen", "--seed", "tamper", "--auto", "--log", str(log))
    lines = log.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if '"bet_placed"' in line)
    entry = json.loads(lines[index])
    entry["event"]["amount"] = 40_000
    lines[index] = json.dumps(entry)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    broken = run("replay", str(log))
    assert broken.exit_code == 4 and "Traceback" not in broken.output
    assert f"entry seq {entry['seq']} (bet_placed)" in broken.output and "hash" in broken.output
    del entry["hash"]
    from croupier.table.thirteen import ThirteenTable

    header = json.loads(lines[0])
    body = [json.loads(line) for line in lines[1:]]
    body[index - 1] = entry
    with pytest.raises(RuleViolation, match="Art 11"):
        ThirteenTable.replay(
            ThirteenTable.options_from_dict(header["options"]),
            [{k: v for k, v in e.items() if k != "hash"} for e in body],
            table_id=header["table"],
            check_hashes=False,
        )


def test_an_old_json_game_record_is_migrated_then_replays_to_its_digest(tmp_path: Path) -> None:
    # play thirteen writes table logs now: an old record (no chain) is converted first
    saved = Path(__file__).parent / "games" / "thirteen" / "data" / "full_log_3fcd9f2.json"
    data = json.loads(saved.read_text(encoding="utf-8"))
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data["record"]), encoding="utf-8")
    clean_failure(run("replay", str(old)), "log migrate")
    new = tmp_path / "old.jsonl"
    ok("log", "migrate", str(old), str(new))
    summary = json.loads(ok("replay", str(new), "--json").stdout)
    assert summary["record"]["digest"] == data["digest"]


def test_issue15_9_an_interrupted_session_keeps_the_dealt_round_in_the_log(tmp_path: Path) -> None:
    log = tmp_path / "cut.jsonl"

    def interrupted(*args: Any, **kwargs: Any) -> str:
        raise KeyboardInterrupt  # Ctrl-C at the prompt, the cards dealt and the banker shown

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer, "prompt", interrupted)
        result = run("play", "thirteen", "--seed", "cut", "--log", str(log))
    assert result.exit_code == 130 and "Traceback" not in result.output
    assert "unsealed" in result.output
    _, *entries = read_log(log)
    kinds = [e["event"]["type"] for e in entries]
    assert "cards_dealt" in kinds and "banker_set" in kinds and "table_closed" not in kinds
    opened = run("replay", str(log))
    assert opened.exit_code == 3 and "not sealed" in opened.output
    summary = json.loads(ok("replay", str(log), "--allow-open", "--json").stdout)
    assert summary["sealed"] is False and summary["entries"] == len(entries)
    assert summary["open_round"] == 1 and summary["phase"] == "setting"
    assert summary["ledger"]["in_play"] == 10_000  # the stake of the round in play


# -- the command line ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("--position", "1"), ("--position 1", "Art 3")),
        (("--position", "5"), ("--position 5",)),
        (("--units", "4"), ("--units 4", "Art 11")),
        (("--units", "0"), ("--units 0",)),
        (("--bots", "3"), ("--bots 3",)),
        (("--player", "banker"), ("--player 'banker'",)),
        (("--player", "bot1", "--bots", "1"), ("a bot's",)),
        (("--decks", "2"), ("--decks does not apply to thirteen",)),
        (("--bet", "ana:1:main:100"), ("--bet does not apply to thirteen",)),
    ],
)
def test_play_thirteen_bad_options_fail_cleanly(
    args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    clean_failure(run("play", "thirteen", "--seed", "x", "--auto", *args), *fragments)


@pytest.mark.parametrize(
    "flag", [("--player", "ana"), ("--position", "3"), ("--units", "2"), ("--auto",)]
)
def test_thirteen_options_do_not_apply_to_banking_games(flag: tuple[str, ...]) -> None:
    # scripted (--bots): at the prompt (issue 15 item 2) --player names the player
    args = ("play", "three-card-baccarat", "--seed", "x", "--bots", "1", *flag)
    clean_failure(run(*args), f"{flag[0]} applies to thirteen")


def test_issue15_16_help_and_behaviour_agree_on_thirteen_bots() -> None:
    text = " ".join(ok("play", "--help").stdout.replace("│", " ").split())
    assert "thirteen: 0..2, default 0" in text
    data = ok_json("play", "thirteen", "--seed", "nobots")
    (rnd,) = data["rounds"]
    assert [p["holder"] for p in rnd["positions"]] == ["you"]  # no bot by default
    data = ok_json("play", "thirteen", "--seed", "kinds", "--bots", "2", "--bot-kind", "house-way")
    assert [p["holder"] for p in data["rounds"][0]["positions"]] == ["you", "bot1", "bot2"]
    clean_failure(run("play", "thirteen", "--bot-kind", "genius", "--auto"), "best-response")


def test_issue15_17_a_card_not_held_is_named_with_the_hand() -> None:
    hands = hands_of("tokens")
    mine = sorted(hands[2], key=lambda c: (-c.rank, c.suit))
    stranger = next(c for c in hands[3])
    typed = f"{stranger} {mine[1]} {mine[2]} / {' '.join(map(str, mine[3:8]))} / "
    typed += " ".join(map(str, mine[8:]))
    text = ok("play", "thirteen", "--seed", "tokens", input=f"{typed}\nauto\n").stdout
    flat = " ".join(text.split())
    assert f"{stranger} is not in position 2's hand" in flat
    assert f"{mine[0]} is left out" in flat
    assert "position 2's hand:" in flat


def test_issue15_18_the_time_left_is_shown_at_the_prompt_and_a_warning_at_30_s(
    fast_clock: list[float],
) -> None:
    answers = iter(["Xx", "Xx", ""])

    def thinking_prompt(text: str, *args: Any, **kwargs: Any) -> str:
        prompts.append(text)
        fast_clock[0] += 135  # the player thinks: 4:59 left, then 2:44, then 0:29
        return next(answers)

    prompts: list[str] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer, "prompt", thinking_prompt)
        result = ok("play", "thirteen", "--seed", "clock")
    assert [p.split("(")[1] for p in prompts] == ["5:00 left)", "2:45 left)", "0:30 left)"]
    assert "left to set (Art 2 d)" in result.stdout
    assert result.stdout.count("Only 30 seconds left to set (Art 2 d)!") == 1


def test_issue15_18_the_live_line_counts_down_and_warns() -> None:
    from rich.console import Console

    now = [0]
    console = Console(file=io.StringIO(), width=100)
    countdown = play_thirteen.Countdown(console, 300_000, lambda: now[0])
    assert "5:00" in countdown.line() and "hurry" not in countdown.line()
    now[0] = 271_000
    assert "0:29" in countdown.line() and "hurry" in countdown.line()
    assert play_thirteen.left_text(-1) == "0:00"


def test_play_thirteen_unwritable_log_is_a_clean_error(tmp_path: Path) -> None:
    missing = tmp_path / "no such dir" / "log.json"
    result = run("play", "thirteen", "--seed", "w", "--auto", "--log", str(missing))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "cannot write the log" in result.output


def test_issue15_19_solve_and_play_show_the_tiers_front_middle_back() -> None:
    def order(text: str) -> list[str]:
        rows = [line.split("│")[1].strip() for line in text.splitlines() if line.count("│") > 2]
        return [r for r in rows if r in ("front", "middle", "back")]

    hand = "As Ah Kd Kc 9s 8s 7s 6s 5d 4h 3c 2d Jh"
    banker = "Qh Qd 2c / Ac Ad 7c 7d 5c / Ts Td Tc 3s 3h"
    solved = ok("solve", "thirteen", "--hand", hand, "--banker", banker).stdout
    assert order(solved) == ["front", "middle", "back"]
    alone = ok("solve", "thirteen", "--hand", hand).stdout
    assert order(alone) == ["front", "middle", "back"]
    played = ok("play", "thirteen", "--seed", "order", input="auto\n").stdout
    assert order(played) == ["front", "middle", "back"] * 2  # the banker's, then the reveal


def test_a_typed_answer_is_shown_as_text_never_read_as_markup() -> None:
    """``[/x]`` typed at the prompt is quoted back as typed, not read as a Rich tag."""
    result = ok(
        "play",
        "thirteen",
        "--seed",
        "tokens",
        input="[/x] Kd Qd / Jd Td 9d 8d 7d / 6d 5d 4d 3d 2d\n\n",
    )
    assert "error:" in result.stdout and "[/x]" in result.stdout, result.stdout


def test_the_input_ending_at_the_prompt_is_a_refused_session_as_in_stud_and_mahjong(
    tmp_path: Path,
) -> None:
    """The end of the input (EOF) at the setting prompt: exit 2 with "the input ended", as play
    five-card-stud and play mahjong say it (Ctrl-C stays an interruption, 130: the test
    above); the log keeps the dealt round, unsealed. 'help' shows how to set, with an example,
    and asks again."""
    log = tmp_path / "eof.jsonl"
    result = runner.invoke(app, ["play", "thirteen", "--seed", "eof", "--log", str(log)], "help\n")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "the input ended before the round did" in result.output
    assert "unsealed" in result.output
    assert "For example: 'Ks 7s 4c / Tc Td 8d 6s 2d" in " ".join(result.output.split())
    opened = run("replay", str(log))
    assert opened.exit_code == 3 and "not sealed" in opened.output
