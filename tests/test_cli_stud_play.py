"""``croupier play five-card-stud``, ``simulate five-card-stud`` and ``replay`` of a stud record
(Portaria 104/85/M).

With ``--seed x`` the first decision of seat 1 faces bot2's opening bet of 30 in round 1 (the
prompt offers ``fold / call 30 / raise 60..1,980``); the interactive tests lean on that.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import typer
from prompt_keys import ctrl_c_at_prompt
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.commands import play_stud, simulate_stud
from croupier.games.five_card_stud.events import Act
from croupier.games.five_card_stud.round import Legal

runner = CliRunner()
FIRST_PROMPT = "Your action [fold / call 30 / raise 60..1,980]"


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


# -- --auto --json: the machine's view -----------------------------------------------------------


def test_play_stud_auto_json_shape_and_balance() -> None:
    data = ok_json("play", "five-card-stud", "--auto", "--seed", "x", "--hands", "3")
    assert data["game"] == "five-card-stud" and data["regulation"] == "Portaria 104/85/M"
    assert data["level"] == 20 and data["options"]["pot_money"] == 20
    assert data["players"] == {"1": "you", "2": "bot1", "3": "bot2", "4": "bot3"}
    assert [h["number"] for h in data["hands"]] == [1, 2, 3]
    assert len(data["digest"]) == 64
    for hand in data["hands"]:
        assert hand["pot_money"] == 20 and hand["initial_commission"] == 20  # Art 7, 8
        assert len(hand["commitment"]) == 64
        put_in = {s: hand["pot_money"] for s in hand["seats"]}
        for action in hand["actions"]:
            assert action["action"] in {"fold", "check", "call", "bet", "raise"}
            put_in[action["seat"]] += action["chips"]
        for pot in hand["pots"]:  # Art 9: each pot is the commission and what was paid
            assert (
                pot["commission"] + pot["odd_to_house"] + sum(pot["paid"].values())
                == (pot["amount"])
            )
            # 4%, the fractions of a unit to the house (rounding "house")
            exact = pot["amount"] * 4 / 100
            assert exact <= pot["commission"] < exact + len(pot["winners"])
        odd = sum(p["odd_to_house"] for p in hand["pots"])
        assert hand["house"] == hand["initial_commission"] + hand["commission"] + odd
        returned = sum(r["amount"] for r in hand["returned"])
        # the pots hold what was put in, less the uncalled bet and the initial commission
        assert sum(p["amount"] for p in hand["pots"]) == (
            sum(put_in.values()) - returned - hand["initial_commission"]
        )
        cards = hand["cards"]
        assert cards["1"]["key"] is not None  # your own key card is yours to see
        for seat, seen in cards.items():
            assert len(seen["up"]) <= 4
            shown = int(seat) in hand["showdown"]
            assert (seen["key"] is not None) == (shown or seat == "1"), (seat, seen)
            assert (seen["hand"] is not None) == shown
    bought = data["bought_in"]
    assert all(bought[s] == 2000 + data["topped_up"][s] for s in bought)
    assert sum(data["stacks"].values()) + data["house"] == sum(bought.values())
    assert sum(data["net"].values()) + data["house"] == 0
    assert data["stacks"] == data["hands"][-1]["stacks"]


def test_play_stud_seeded_runs_are_reproducible_and_stud_is_an_alias() -> None:
    one = ok_json("play", "five-card-stud", "--auto", "--seed", "rep", "--hands", "2")
    two = ok_json("play", "stud", "--seed", "rep", "--hands", "2")  # --json implies --auto
    assert one["digest"] == two["digest"] and one["hands"] == two["hands"]
    other = ok_json("play", "stud", "--seed", "rep2", "--hands", "2")
    assert other["digest"] != one["digest"]


def test_play_stud_level_100_and_random_bots() -> None:
    data = ok_json(
        "play", "stud", "--seed", "lvl", "--level", "100", "--bots", "6", "--bot-kind", "random"
    )
    assert data["options"]["pot_money"] == 100 and data["options"]["min_buy_in"] == 5000
    assert data["bots"] == "random" and len(data["players"]) == 7
    (hand,) = data["hands"]
    assert hand["pot_money"] == 100 and hand["initial_commission"] == 100
    assert sum(data["stacks"].values()) + data["house"] == 7 * 5000


def test_art6_play_stud_tops_up_between_hands() -> None:
    args = ("play", "stud", "--auto", "--seed", "d", "--hands", "3", "--bots", "2")
    data = ok_json(*args, "--bot-kind", "random")
    topped = [(h["number"], t) for h in data["hands"] for t in h["topped_up"]]
    assert topped, "seed d tops somebody up within three hands"
    text = ok(*args, "--bot-kind", "random").stdout
    for _, t in topped:
        amount = f"{t['amount']:,}"
        assert (
            f"{t['player']} (seat {t['seat']}) was below 500: topped up by {amount} to 2,000 "
            in (text)
        )
        assert data["topped_up"][str(t["seat"])] >= t["amount"]
    assert "(Art 6)" in text


def test_play_stud_auto_text_shows_the_settlement() -> None:
    text = ok("play", "five-card-stud", "--auto", "--seed", "f", "--hands", "2").stdout
    assert "Five-card stud · Portaria 104/85/M" in text
    assert "Hand 1 · betting round 1 · pot 60" in text  # 4 x 20 less the initial commission
    assert "[??]" in text
    assert "Showdown (Art 10 e: the best showing hand shows last)" in text
    assert "Everyone else folded" in text
    assert "the final bet nobody called (Art 9" in text
    assert re.search(
        r"House this hand: [\d,]+ = initial commission 20 \(Art 8\) \+ commission", text
    )
    assert "Table totals" in text and "Log digest (sha256): " in text


# -- the prompt -----------------------------------------------------------------------------------


def test_play_stud_interactive_bad_answers_are_explained_and_asked_again() -> None:
    answers = ["check", "xyz", "r 59", "b", "c"] + ["c"] * 30
    result = ok("play", "stud", "--seed", "x", input="\n".join(answers) + "\n")
    text = result.stdout
    assert text.count(FIRST_PROMPT) == 5
    assert "error: Art 10 c iii: nobody checks after a bet" in text  # a bet is due
    assert "error: unknown action 'xyz'" in text
    assert "error: Art 10 b 3: a raise adds at least the previous bet or raise (30)" in text
    assert "'b' takes one amount" in text
    assert "you (seat 1) calls 30" in text
    # your key card is shown to you, the others' are not
    assert re.search(r"│ 1\s+│ you\s+│ [\d,]+\s+│ \[[2-9TJQKA][shdc]\] ", text), text
    assert re.search(r"│ 2\s+│ bot1\s+│ [\d,]+\s+│ \[\?\?\] ", text), text
    assert "you (seat 1) to act" in text
    assert "Log digest (sha256): " in text


def test_play_stud_interactive_raise_and_fold() -> None:
    result = ok("play", "stud", "--seed", "x", input="r 100\nf\nf\nf\nf\n")
    text = result.stdout
    assert "you (seat 1) raises to 100 (puts in 100)" in text
    assert "error" not in text


def test_issue15_item7_interactive_play_stud_log_is_a_sealed_table_log(tmp_path: Path) -> None:
    log = tmp_path / "stud.log"
    text = ok("play", "stud", "--seed", "x", "--log", str(log), input="c\n" * 40).stdout
    (head,) = re.findall(r"Table log head \(sha256\): ([0-9a-f]{64})", text)
    assert "sealed (check it with `croupier replay" in " ".join(text.split())
    summary = json.loads(ok("replay", str(log), "--json").stdout)
    assert summary["head"] == head and summary["rounds"] == 1 and summary["sealed"] is True
    assert summary["game"] == "five-card-stud" and summary["ledger"]["balanced"] is True
    # interactive play records the table clock (Art 11 b)
    entries = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()[1:]]
    acted = [e for e in entries if e["event"]["type"] == "player_acted"]
    assert acted and all(isinstance(e["event"]["at"], int) for e in acted)
    assert any(e["at"] > 0 for e in acted)


def test_art11b_play_stud_late_answer_folds_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1_000.0]
    monkeypatch.setattr(play_stud, "_clock", lambda: now[0])

    def slow_prompt(*args: Any, **kwargs: Any) -> str:
        now[0] += 121  # more than the two minutes of Art 11 b
        return "c"

    monkeypatch.setattr(typer, "prompt", slow_prompt)
    text = ok("play", "stud", "--seed", "x").stdout
    assert "Too late (Art 11 b): more than 120 seconds to decide; your hand is folded." in text


def test_play_stud_without_input_fails_cleanly() -> None:
    clean_failure(run("play", "stud", "--seed", "x", input=""), "the input ended")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("f", (Act.FOLD, None)),
        ("FOLD", (Act.FOLD, None)),
        ("c", (Act.CALL, None)),
        ("check", (Act.CHECK, None)),
        ("call", (Act.CALL, None)),
        ("b 100", (Act.BET, 100)),
        ("bet 1,000", (Act.BET, 1000)),
        ("r 300", (Act.RAISE, 300)),
        ("raise to 300", (Act.RAISE, 300)),
    ],
)
def test_parse_answer(text: str, expected: tuple[Act, int | None]) -> None:
    facing_a_bet = Legal(1, True, False, 30, None, (60, 1980))
    assert play_stud.parse_answer(text, facing_a_bet) == expected


def test_parse_answer_c_checks_when_it_may() -> None:
    nobody_bet = Legal(1, True, True, None, (20, 1980), None)
    assert play_stud.parse_answer("c", nobody_bet) == (Act.CHECK, None)
    assert play_stud.legal_choices(nobody_bet, 1980) == ["fold", "check", "bet 20..1,980"]
    short = Legal(1, True, False, 500, None, None)
    assert play_stud.legal_choices(short, 500) == ["fold", "call 500 (all in)"]


# -- the record -----------------------------------------------------------------------------------


def test_issue15_item7_play_stud_log_replays_sealed_with_its_last_hash(tmp_path: Path) -> None:
    log = tmp_path / "stud.log"
    data = ok_json("play", "stud", "--seed", "log", "--hands", "3", "--log", str(log))
    lines = log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["format"] == "croupier-table-log" and header["game"] == "five-card-stud"
    entries = [json.loads(line) for line in lines[1:]]
    assert sum(e["event"]["type"] == "hand_settled" for e in entries) == 3
    assert entries[-1]["event"]["type"] == "table_closed"  # the seal
    summary = json.loads(ok("replay", str(log), "--json").stdout)
    assert summary["head"] == data["head"] and data["sealed"] is True
    assert summary["sealed"] is True and summary["rounds"] == 3 and summary["phase"] == "idle"
    ledger = summary["ledger"]
    assert ledger["balanced"] is True and summary["books_agree"] is True
    names = data["players"]
    assert {names[s]: a for s, a in data["stacks"].items()} == ledger["players"]
    assert ledger["commission"] == data["house"]
    text = ok("replay", str(log), "--expect-digest", data["head"].upper()).stdout
    assert "sealed" in text and "every event checked against the rules" in text
    failed = run("replay", str(log), "--expect-digest", "0" * 64)
    assert failed.exit_code == 4 and "not the expected" in failed.output


def test_issue15_item7_a_changed_stud_log_entry_exits_4_naming_it(tmp_path: Path) -> None:
    log = tmp_path / "stud.log"
    ok("play", "stud", "--seed", "log", "--auto", "--log", str(log))
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if '"hand_settled"' in line)
    entry = json.loads(lines[at])
    entry["event"]["house"] += 1
    lines[at] = json.dumps(entry, separators=(",", ":")) + "\n"
    log.write_text("".join(lines), encoding="utf-8")
    result = run("replay", str(log))
    assert result.exit_code == 4, result.output
    assert "the log does not check" in result.output and f"seq {entry['seq']}" in result.output


def test_issue15_item7_a_stud_log_cut_in_a_hand_is_open_exit_3(tmp_path: Path) -> None:
    log = tmp_path / "stud.log"
    ok("play", "stud", "--seed", "log", "--auto", "--log", str(log))
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    acted = [i for i, line in enumerate(lines) if '"player_acted"' in line]
    log.write_text("".join(lines[: acted[1] + 1]), encoding="utf-8")
    result = run("replay", str(log))
    assert result.exit_code == 3, result.output
    assert "not sealed" in result.output and "round 1 (phase betting)" in result.output
    summary = json.loads(ok("replay", str(log), "--allow-open", "--json").stdout)
    assert summary["sealed"] is False and summary["phase"] == "betting"
    assert summary["ledger"]["in_play"] > 0 and summary["ledger"]["balanced"] is True


def test_issue15_item7_an_old_stud_record_is_refused_and_migrates(tmp_path: Path) -> None:
    from croupier.commands.stud_screen import Ledger
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.games.five_card_stud.round import StudGame
    from croupier.shuffle import SeededShuffler

    game = StudGame(StudOptions())
    for seat in (1, 2):
        game.seat_player(seat, f"p{seat}", 2000)
    game.new_deck()
    game.start_hand()
    game.shuffle(SeededShuffler("old"))
    game.burn()
    game.deal()
    assert Ledger.of(game).balanced(game)
    old = tmp_path / "old.json"
    old.write_text(json.dumps(game.to_record()), encoding="utf-8")
    refused = run("replay", str(old))
    assert refused.exit_code == 2, refused.output
    assert "written before sealed logs existed" in refused.output
    new = tmp_path / "new.log"
    ok("log", "migrate", str(old), str(new))
    out = json.loads(ok("replay", str(new), "--json", "--expect-digest", game.digest()).stdout)
    assert out["sealed"] is True and out["record"]["digest"] == game.digest()


def test_play_stud_unwritable_log_fails_before_playing(tmp_path: Path) -> None:
    log = tmp_path / "missing" / "stud.json"
    result = run("play", "stud", "--seed", "x", "--auto", "--log", str(log))
    clean_failure(result, "cannot write the log")
    assert "Hand 1" not in result.output


def test_play_stud_history_writes_one_toml_per_hand(tmp_path: Path) -> None:
    from croupier.games.five_card_stud.history import import_hand

    folder = tmp_path / "hands"
    data = ok_json("play", "stud", "--seed", "hist", "--hands", "2", "--history", str(folder))
    assert sorted(p.name for p in folder.iterdir()) == ["hand-0001.toml", "hand-0002.toml"]
    for hand in data["hands"]:
        path = Path(hand["history"])
        assert path.parent == folder
        again = import_hand(path.read_text(encoding="utf-8"))  # every article checked again
        assert {str(s): a for s, a in again.stacks.items()} == hand["stacks"]
    text = ok(
        "play", "stud", "--seed", "hist", "--auto", "--history", str(folder), "--force"
    ).stdout
    assert "Hand history written to " in text and "hand-0001.toml" in text


def test_play_stud_history_in_a_file_fails_cleanly(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    result = run("play", "stud", "--seed", "x", "--auto", "--history", str(blocker / "hands"))
    clean_failure(result, "cannot create the history directory")


# -- simulate -------------------------------------------------------------------------------------


def test_simulate_stud_json_invariants_ok() -> None:
    data = ok_json("simulate", "five-card-stud", "--hands", "200", "--seed", "s")
    assert data["invariants"] == "ok"
    assert data["hands"] == 200 and data["seats"] == 4 and data["bots"] == "strength"
    assert data["showdowns"] + data["folds"] == 200
    assert data["house"] > 0 and data["house_per_hand"] == round(data["house"] / 200, 2)
    assert data["largest_pot"]["amount"] > 0 and 1 <= data["largest_pot"]["hand"] <= 200
    assert sum(data["stacks"].values()) + data["house"] == 4 * 2000 + data["topped_up"]
    assert data["hands_per_second"] > 0 and len(data["digest"]) == 64


def test_simulate_stud_text_and_mixed_bots() -> None:
    text = ok("simulate", "stud", "--hands", "50", "--seats", "3", "--bots", "mixed").stdout
    assert "50 hands at 3 seats of mixed bots" in text
    assert "hands/s" in text and "Showdowns" in text and "Largest pot" in text
    assert "invariants: ok" in text


def test_simulate_stud_names_the_first_violated_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    real = simulate_stud._top_up

    def phantom_top_up(game: Any) -> list[tuple[int, int]]:
        return [*real(game), (1, 5)]  # 5 chips counted in that never reached the table

    monkeypatch.setattr(simulate_stud, "_top_up", phantom_top_up)
    result = run("simulate", "stud", "--hands", "5", "--json")
    clean_failure(result, "invariant violated: chips conserved: after hand 1")


# -- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "stud", "--bots", "0"), "--bots 0: five-card stud seats 1 to 6 bots"),
        (("play", "stud", "--bots", "7"), "--bots 7"),
        (("play", "stud", "--bot-kind", "shark"), "--bot-kind 'shark'"),
        (("play", "stud", "--level", "50"), "--level 50: the table levels of Art 6-8"),
        (
            ("play", "stud", "--rounds", "2"),
            "--rounds does not apply to five-card-stud: use --hands",
        ),
        (("play", "stud", "--decks", "2"), "--decks does not apply to five-card-stud"),
        (("play", "stud", "--player", "ana"), "--player does not apply to five-card-stud"),
        (("play", "thirteen", "--hands", "2"), "--hands applies to five-card-stud only"),
        (("play", "three-card-baccarat", "--level", "20"), "--level applies to five-card-stud"),
        (("play", "thirteen", "--history", "h"), "--history applies to five-card-stud only"),
        (("simulate", "stud", "--decks", "2"), "--decks applies to the banking games"),
        (("simulate", "stud", "--rounds", "100"), "not five-card-stud: use --hands"),
        (("simulate", "stud", "--seats", "8"), "--seats 8: a five-card stud table seats 2 to 7"),
        (("simulate", "stud", "--bots", "smart"), "--bots 'smart'"),
        (("simulate", "football-poker", "--seats", "3"), "--seats applies to five-card-stud"),
    ],
)
def test_stud_command_line_errors(args: tuple[str, ...], message: str) -> None:
    clean_failure(run(*args), message)


def test_replay_reads_a_hand_history_and_refuses_a_tampered_one(tmp_path: Path) -> None:
    hands = tmp_path / "hands"
    ok(
        "play",
        "five-card-stud",
        "--auto",
        "--seed",
        "toml",
        "--hands",
        "2",
        "--history",
        str(hands),
    )
    history = hands / "hand-0002.toml"
    summary = ok_json("replay", str(history))
    assert summary["game"] == "five-card-stud" and summary["balanced"] is True
    text = history.read_text(encoding="utf-8")
    shuffle = next(line for line in text.splitlines() if '"d shuffle' in line)
    first, second = shuffle.split()[3][:2], shuffle.split()[3][2:4]
    swapped = shuffle.replace(first + second, second + first, 1)
    history.write_text(text.replace(shuffle, swapped), encoding="utf-8")
    clean_failure(run("replay", str(history)), "commitment")


# -- issue 15: ASCII amounts, the hand a history holds, the time left -------------------------


@pytest.mark.parametrize("amount", ["\uff12\uff10", "\u0662\u0660", "2\u0660", "-20", "+20"])
def test_issue15_item12_amounts_are_ascii_digits_only(amount: str) -> None:
    facing = Legal(1, True, False, 30, None, (60, 1980))
    with pytest.raises(play_stud._BadAnswer, match="digits 0-9"):
        play_stud.parse_answer(f"r {amount}", facing)
    assert play_stud.parse_answer("r 60", facing) == (Act.RAISE, 60)


def test_issue15_item12_a_full_width_amount_at_the_prompt_is_refused_and_asked_again() -> None:
    answers = ["r \uff16\uff10", "f"] + ["c"] * 30
    text = ok("play", "stud", "--seed", "x", input="\n".join(answers) + "\n").stdout
    assert "is not a whole number in the digits 0-9" in text
    assert text.count(FIRST_PROMPT) >= 2


def test_issue15_item14_replay_of_hand_0002_names_hand_2(tmp_path: Path) -> None:
    hands = tmp_path / "hands"
    ok("play", "stud", "--auto", "--seed", "h2", "--hands", "2", "--history", str(hands))
    summary = ok_json("replay", str(hands / "hand-0002.toml"))
    assert (summary["hands"], summary["first_hand"], summary["last_hand"]) == (1, 2, 2)
    text = ok("replay", str(hands / "hand-0002.toml")).stdout
    assert "Five-card stud: hand 2 (1 hand)" in text


def test_issue15_item18_the_prompt_shows_the_time_left_and_warns_at_30_seconds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [1_000.0]
    monkeypatch.setattr(play_stud, "_clock", lambda: now[0])
    answers = iter(["xyz", "abc", "f"])

    def prompt(*args: Any, **kwargs: Any) -> str:
        now[0] += 47.5  # 95 s at the second bad answer: the third prompt has 25 s left
        return next(answers, "c")

    monkeypatch.setattr(typer, "prompt", prompt)
    text = ok("play", "stud", "--seed", "x").stdout
    assert "2:00 left to act (Art 11 b)" in text
    assert "1:12 left to act (Art 11 b)" in text
    assert "0:25 left to act (Art 11 b): hurry, after that your hand is folded" in text


def test_issue15_item18_on_a_terminal_the_line_is_rewritten_in_place() -> None:
    import io
    import time

    from rich.console import Console

    from croupier.commands.stud_clock import Countdown

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80)
    clock = [0]
    with Countdown(console, 31_000, lambda: clock[0]):
        time.sleep(0.6)
        clock[0] = 2_000  # 29 s left: the warning
        time.sleep(0.6)
    written = out.getvalue()
    assert "0:31 left to act" in written
    assert "\x1b7\x1b[1A" in written and "0:29 left to act (Art 11 b): hurry" in written


def test_a_typed_answer_is_shown_as_text_never_read_as_markup() -> None:
    """What a person types is quoted back in the error as typed: ``[/x]`` is no Rich tag (it
    used to end the prompt with a MarkupError traceback)."""
    result = ok("play", "stud", "--seed", "x", input="[/x]\nf\nf\nf\nf\n")
    assert "error: unknown action '[/x]'" in result.stdout


def test_issue15_item7_item9_an_interrupted_stud_session_leaves_an_unsealed_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["c", "c"])

    def prompt(*args: Any, **kwargs: Any) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None  # Ctrl-C at the third question

    monkeypatch.setattr(typer, "prompt", prompt)
    log = tmp_path / "stud.log"
    result = run("play", "stud", "--seed", "x", "--hands", "3", "--log", str(log))
    assert result.exit_code == 130, result.output
    assert "unsealed" in result.output and "--allow-open" in result.output
    opened = run("replay", str(log))
    assert opened.exit_code == 3 and "not sealed" in opened.output
    summary = json.loads(ok("replay", str(log), "--allow-open", "--json").stdout)
    acted = [
        json.loads(line)["event"]
        for line in log.read_text(encoding="utf-8").splitlines()[1:]
        if '"player_acted"' in line
    ]
    assert sum(e["seat"] == 1 for e in acted) == 2  # both answers kept, each when it was made
    assert summary["sealed"] is False and summary["ledger"]["balanced"] is True


def test_ctrl_c_at_the_stud_prompt_is_an_interruption_not_the_input_ending(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C at the prompt, through Typer's own prompt (which raises the same Abort for Ctrl-C
    and for the input's end): exit 130 and the log kept unsealed, as play thirteen and the
    banking games do; the input's end stays a refused session (exit 2,
    test_play_stud_without_input_fails_cleanly)."""
    ctrl_c_at_prompt(monkeypatch, ["c"])
    log = tmp_path / "stud.log"
    result = run("play", "stud", "--seed", "x", "--log", str(log))
    assert result.exit_code == 130, result.output
    assert "Traceback" not in result.output and "the input ended" not in result.output
    assert "unsealed" in result.output
    assert ok_json("replay", str(log), "--allow-open")["sealed"] is False
