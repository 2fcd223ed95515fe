"""Issue 15 item 2: ``croupier play three-card-baccarat`` / ``play football-poker`` without
``--bet`` run an interactive table (:mod:`croupier.commands.play_banking_prompt`).

Each test drives the prompt through typer's CliRunner with scripted input and checks what the
player sees against the table's record (``--log``), read back independently: the events placed,
raised and withdrawn, the settlement lines, the money."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.commands.banking_guide import BadOrder, parse_amount, parse_command
from croupier.commands.play_banking_prompt import DEFAULT_BANKROLL, EXIT_INTERRUPTED, MAX_BANKROLL
from croupier.events import Phase
from croupier.games.football_poker import rules as football_rules
from croupier.games.football_poker.round import FootballPokerGame
from croupier.games.three_card_baccarat import rules as baccarat_rules
from croupier.games.three_card_baccarat.options import BaccaratOptions
from croupier.games.three_card_baccarat.round import BaccaratGame
from croupier.money import format_amount
from croupier.shuffle import SeededShuffler
from croupier.table.banking_events import OWN_EVENTS
from croupier.table.events import TABLE_EVENTS
from croupier.tables import table_spec

BACCARAT = "three-card-baccarat"
FOOTBALL = "football-poker"
GAMES = (BACCARAT, FOOTBALL)
#: a bet of each game that never needs another bet first
FIRST_BET = {BACCARAT: "main", FOOTBALL: "upper"}
WIDE = {"COLUMNS": "220"}
BETS = {
    BACCARAT: [k.value for k in baccarat_rules.BetKind],
    FOOTBALL: [k.value for k in football_rules.BetKind],
}


def limits(game: str, low: int, high: int) -> list[str]:
    """``--option`` pairs that set every bet's limit of ``game`` to ``low``..``high`` (whatever
    the table's defaults are)."""
    each = {bet: {"minimum": low, "maximum": high} for bet in BETS[game]}
    return [
        "-o", f"limits.default.minimum={low}", "-o", f"limits.default.maximum={high}",
        "-o", f"limits.by_bet={json.dumps(each)}",
    ]  # fmt: skip


def run(*args: str, lines: list[str] | None = None) -> Result:
    text = None if lines is None else "".join(f"{line}\n" for line in lines)
    return CliRunner().invoke(app, list(args), input=text, env=WIDE)


def at_prompt(
    game: str, lines: list[str], tmp_path: Path, *args: str, code: int = 0
) -> tuple[Result, dict[str, Any]]:
    """The session's result and its record (``--log``, a table log: ``game``, ``options``,
    ``events`` the entries' events, ``entries`` the entries whole, ``path``)."""
    log = tmp_path / f"{game}-{len(list(tmp_path.iterdir()))}.log"
    result = run("play", game, "--seed", "prompt", "--log", str(log), *args, lines=lines)
    assert result.exit_code == code, (result.stdout, result.stderr, result.exception)
    assert "Traceback" not in result.output
    return result, table_log(log)


#: the events of the table's own (chips, done, the seal, fairness...), not of the round engine
TABLE_ONLY = frozenset(e.TYPE for e in (*OWN_EVENTS, *TABLE_EVENTS))


def table_log(log: Path) -> dict[str, Any]:
    """A table log read back: ``events`` are the round engine's events (what the game's own
    record held before table logs), ``entries`` every entry."""
    header, *entries = (json.loads(line) for line in log.read_text().splitlines())
    return {
        "game": header["game"],
        "options": header["options"],
        "events": [e["event"] for e in entries if e["event"]["type"] not in TABLE_ONLY],
        "entries": entries,
        "path": log,
    }


def events(record: dict[str, Any], *types: str) -> list[dict[str, Any]]:
    return [e for e in record["events"] if not types or e["type"] in types]


def money(units: int) -> str:
    return format_amount(units, decimals=2)


def summary(stdout: str) -> dict[str, str]:
    """The rows of the session summary the player sees."""
    part = stdout[stdout.index("Session summary") :]
    return {k.strip(): v.strip() for k, v in re.findall(r"│ ([a-z ()]+?)\s+│\s+([-\d,.]+) │", part)}


def nets(record: dict[str, Any], player: str = "you") -> int:
    return sum(
        line["paid"] + line["carried"] - line["stake"]
        for e in events(record, "round_settled")
        for line in e["lines"]
        if line["player"] == player
    )


# -- bet, raise, withdraw -------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_issue15_item2_place_raise_withdraw_are_recorded_and_shown(
    game: str, tmp_path: Path
) -> None:
    bet = FIRST_BET[game]
    lines = [f"bet 2 {bet} 2500", f"raise 2 {bet} 10.00", "b 3 odd 500", "w 3 odd", "bets", "quit"]
    result, record = at_prompt(game, lines, tmp_path)
    moves = [
        (e["type"], e["position"], e["bet"], e.get("amount"))
        for e in events(record, "bet_placed", "bet_withdrawn")
    ]
    # quitting before the deal hands the round's stake back (a withdrawal)
    assert moves == [
        ("bet_placed", 2, bet, 2500),
        ("bet_placed", 2, bet, 1000),
        ("bet_placed", 3, "odd", 500),
        ("bet_withdrawn", 3, "odd", None),
        ("bet_withdrawn", 2, bet, None),
    ]
    out = result.stdout
    start = DEFAULT_BANKROLL
    assert f"Bet {bet} on place 2, {money(2500)}; bankroll {money(start - 2500)}" in out
    assert f"Raised by {money(1000)}: {bet} on place 2, {money(3500)}" in out
    assert f"Withdrawn: odd on place 3, {money(500)} back; bankroll {money(start - 3500)}" in out
    assert "Your stakes" in out  # bets
    rows = summary(out)
    assert rows["rounds played"] == "0" and rows["final bankroll"] == money(start)


@pytest.mark.parametrize("game", GAMES)
def test_issue15_item2_each_round_shows_cards_settlement_and_bankroll(
    game: str, tmp_path: Path
) -> None:
    bet = FIRST_BET[game]
    lines = [f"bet 1 {bet} 2500", "deal", f"bet 2 {bet} 1000", "bet 2 odd 700", "deal", "quit"]
    result, record = at_prompt(game, lines, tmp_path, "--bankroll", "50000")
    out = result.stdout
    settled = events(record, "round_settled")
    assert len(settled) == 2
    start, net = 50_000, 0
    for number, event in enumerate(settled, start=1):
        assert f"Round {number}" in out
        for line in event["lines"]:
            assert line["article"] in out
            net += line["paid"] + line["carried"] - line["stake"]
        # the bankroll after the round, from the record alone
        carried = sum(line["carried"] for line in event["lines"])
        assert f"Bankroll {money(start + net - carried)}" in out
    for card in (e["card"] for e in events(record, "card_dealt")):
        assert card in out  # every card dealt is shown
    rows = summary(out)
    assert rows["rounds played"] == "2"
    assert rows["won" if net >= 0 else "lost"] == money(abs(net))
    assert rows["staked"] == money(2500 + 1000 + 700)


# -- help --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "rules"), [(BACCARAT, baccarat_rules), (FOOTBALL, football_rules)]
)
def test_issue15_item2_help_lists_every_bet_with_its_payout_from_the_rules(
    game: str, rules: Any, tmp_path: Path
) -> None:
    result, _ = at_prompt(game, ["help", "quit"], tmp_path)
    out = result.stdout
    for command in ("bet PLACE BET AMOUNT", "raise PLACE BET AMOUNT", "withdraw PLACE BET"):
        assert command in out
    for kind, prize in rules.PRIZE.items():
        row = next((ln for ln in out.splitlines() if ln.startswith(f"│ {kind.value} ")), None)
        assert row is not None, kind
        assert f"{prize}:1" in row
        commissioned = kind in getattr(rules, "COMMISSIONED", ())
        assert ("less 5% commission" in row) == commissioned, row


def test_issue15_item2_help_shows_the_table_limits(tmp_path: Path) -> None:
    result, _ = at_prompt(FOOTBALL, ["help", "quit"], tmp_path, *limits(FOOTBALL, 100, 50_000))
    rows = [ln for ln in result.stdout.splitlines() if ln.startswith("│ post ")]
    assert rows and f"{money(100)} - {money(50_000)}" in rows[0]
    # and before the first card
    intro = result.stdout[: result.stdout.index("Shuffled")]
    assert "Table limits, a player's stake on one bet at one place: " in intro
    assert f"; post {money(100)} - {money(50_000)}" in intro


# -- refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_issue15_item2_a_bet_larger_than_the_bankroll_is_refused(game: str, tmp_path: Path) -> None:
    bet = FIRST_BET[game]
    lines = [f"bet 1 {bet} 1001", f"bet 1 {bet} 600", f"raise 1 {bet} 401", "b 2 odd 400", "quit"]
    result, record = at_prompt(game, lines, tmp_path, "--bankroll", "1000")
    out = result.stdout
    assert f"refused: a stake of {money(1001)} is more than your bankroll of {money(1000)}" in out
    assert f"refused: a stake of {money(401)} is more than your bankroll of {money(400)}" in out
    placed = [(e["position"], e["amount"]) for e in events(record, "bet_placed")]
    assert placed == [(1, 600), (2, 400)]  # the refused ones changed nothing


def test_issue15_item2_the_table_limits_are_enforced(tmp_path: Path) -> None:
    lines = ["bet 1 main 99", "bet 1 main 5001", "bet 1 main 5000", "raise 1 main 1", "quit"]
    result, record = at_prompt(BACCARAT, lines, tmp_path, *limits(BACCARAT, 100, 5000))
    out = result.stdout
    assert out.count("refused: table limits") == 3
    assert f"your main stake on place 1 would be {money(5001)}" in out
    assert f"the table's main limit is {money(100)} - {money(5000)}" in out
    assert [e["amount"] for e in events(record, "bet_placed")] == [5000]


@pytest.mark.parametrize(
    ("line", "token"),
    [
        ("banana", "'banana'"),
        ("bet one main 100", "'one'"),
        ("bet 1 main 1e5", "'1e5'"),
        ("bet 1 main \uff11\uff10\uff10", "'\uff11\uff10\uff10'"),  # full-width digits
        ("bet 1 main -5", "'-5'"),
        ("bet 1 main 1.005", "'1.005'"),
        ("bet 1 banana 100", "'banana'"),
        ("bet 99 main 100", "place 99"),
        ("bet 1 main 0", "got 0"),
        ("withdraw 1", "'withdraw 1'"),
        ("withdraw 1 main", "you have no main stake on place 1 to withdraw"),
        ("raise 1 main 100", "no main stake on place 1 to raise"),
        ("bet 1 tie 100", "Art 8.3"),
        ("deal", "no stake on the layout"),
        ("bet [/x] main 100", "'[/x]'"),  # what is typed is never read as markup
        ("[/bold]", "'[/bold]'"),
        ("bet 1 [red]main 100", "'[red]main'"),
        ("bet 1 " + "m" * 5000 + " 100", "'mmmmm"),  # quoted, cut short
        ("x" * 5000, "...'"),
    ],
)
def test_issue15_item2_a_bad_token_is_named_and_nothing_changes(
    line: str, token: str, tmp_path: Path
) -> None:
    result, record = at_prompt(BACCARAT, [line, "bets", "quit"], tmp_path)
    refusal = next(ln for ln in result.stdout.splitlines() if "refused:" in ln)
    assert token in refusal and "nothing changed" in refusal and len(refusal) < 400
    assert [e["type"] for e in events(record)] == ["shoe_shuffled", "round_opened"]
    assert summary(result.stdout)["final bankroll"] == money(DEFAULT_BANKROLL)


def test_issue15_item2_amounts_parse_in_units_or_with_a_point() -> None:
    assert parse_amount("2500", 2) == parse_amount("25.00", 2) == parse_amount("25", 2) * 100
    assert parse_amount("25.5", 2) == 2550
    for bad in ("", ".5", "5.", "2,500", "\u0662\u0665", "25.000", "+5"):
        with pytest.raises(BadOrder, match=re.escape(repr(bad))):
            parse_amount(bad, 2)
    with pytest.raises(BadOrder, match=re.escape("'25.5'")):
        parse_amount("25.5", 0)
    assert parse_command("  B  4  Points_7  3 ", decimals=2).bet == "points_7"


# -- the end of a session --------------------------------------------------------------------------


def test_issue15_item2_quit_sums_up_from_the_record(tmp_path: Path) -> None:
    script = ["bet 1 main 2000", "bet 1 odd 1000", "bet 3 points_4 500", "deal"] * 3
    result, record = at_prompt(BACCARAT, [*script, "quit", "quit"], tmp_path)
    rows = summary(result.stdout)
    net = nets(record)
    assert rows["rounds played"] == str(len(events(record, "round_settled")))
    assert rows["won" if net >= 0 else "lost"] == money(abs(net))
    on_table = sum(line["carried"] for line in events(record, "round_settled")[-1]["lines"])
    assert rows["final bankroll"] == money(DEFAULT_BANKROLL + net - on_table)
    assert rows.get("still on the table (carried)", money(0)) == money(on_table)
    placed = sum(e["amount"] for e in events(record, "bet_placed"))
    withdrawn = [e for e in events(record, "bet_withdrawn")]
    assert not withdrawn  # nothing was on the layout but carried stakes
    assert rows["staked"] == money(placed)


def _seed_with_a_carry() -> str:
    """A seed whose first round carries a main or even bet on place 1 (baccarat Art 7.2, 8.1),
    found by the engine itself."""
    for n in range(400):
        table = BaccaratGame(BaccaratOptions(decks=8, positions=7))
        table.shuffle(SeededShuffler(f"shoe:carry{n}"))
        table.open_round()
        table.place_bet("you", 1, "main", 1000)
        table.place_bet("you", 1, "even", 1000)
        table.close_bets()
        table.deal()
        if any(line.carried for line in table.settle().lines):
            return f"carry{n}"
    raise AssertionError("no seed with a carry in 400")  # pragma: no cover


def test_issue15_item2_carried_stakes_stay_and_quit_asks_again(tmp_path: Path) -> None:
    seed = _seed_with_a_carry()
    lines = ["bet 1 main 1000", "bet 1 even 1000", "deal", "withdraw 1 main", "withdraw 1 even"]
    log = tmp_path / "carry.log"
    result = run(
        "play", BACCARAT, "--seed", seed, "--log", str(log), lines=[*lines, "quit", "quit"]
    )
    assert result.exit_code == 0, result.output
    record = table_log(log)
    carried = [ln for ln in events(record, "round_settled")[0]["lines"] if ln["carried"]]
    out = result.stdout
    assert "Stays on the table for the next round" in out
    assert "Carried over from the last round" in out
    for line in carried:
        assert f"{line['bet']} on place 1 ({money(line['carried'])})" in out
    assert re.search(r"refused: Art (7\.2|8\.1)", out)  # a carried stake is not withdrawn
    assert "type quit again to leave" in out
    rows = summary(out)
    assert rows["still on the table (carried)"] == money(sum(ln["carried"] for ln in carried))
    assert not events(record, "bet_withdrawn") or all(
        e["bet"] not in {ln["bet"] for ln in carried} for e in events(record, "bet_withdrawn")
    )
    # the table closes with the carried stake on the layout: sealed, the stake still in play
    replayed = json.loads(run("replay", str(log), "--json").stdout)
    assert replayed["sealed"] is True
    assert replayed["ledger"]["in_play"] == sum(ln["carried"] for ln in carried)


@pytest.mark.parametrize("game", GAMES)
def test_issue15_item2_end_of_input_ends_cleanly_and_the_log_replays(
    game: str, tmp_path: Path
) -> None:
    bet = FIRST_BET[game]
    lines = [f"bet 1 {bet} 2500", "deal", f"bet 2 {bet} 1500"]  # then the input ends
    result, record = at_prompt(game, lines, tmp_path, code=EXIT_INTERRUPTED)
    assert "Session summary" in result.stdout
    assert "Interrupted" in result.stderr and "round 2, phase betting" in result.stderr
    assert "unsealed" in result.stderr and "--allow-open" in result.stderr
    # the last bet was made, then handed back when the session ended
    assert events(record)[-2:] == [
        {"type": "bet_placed", "player": "you", "position": 2, "bet": bet, "amount": 1500},
        {"type": "bet_withdrawn", "player": "you", "position": 2, "bet": bet},
    ]
    assert record["entries"][-1]["event"]["type"] != "table_closed"
    log = record["path"]
    opened = run("replay", str(log))  # issue 15 item 7: an unsealed log exits 3
    assert opened.exit_code == 3 and "not sealed" in opened.output
    replayed = run("replay", str(log), "--json", "--allow-open")
    assert replayed.exit_code == 0, replayed.output
    data = json.loads(replayed.stdout)
    assert data["sealed"] is False and data["phase"] == "betting"
    assert data["rounds"] == 1 and data["open_round"] == 2  # round 2 was open
    assert data["entries"] == len(record["entries"])
    assert data["ledger"]["players"] == {"you": DEFAULT_BANKROLL + nets(record)}


def test_issue15_item2_ctrl_c_ends_cleanly_and_the_log_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = iter(["bet 1 main 2500", "deal", "bet 3 even 1200"])

    def prompt(*_: object, **__: object) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(typer, "prompt", prompt)
    result, record = at_prompt(BACCARAT, [], tmp_path, code=EXIT_INTERRUPTED)
    assert "Traceback" not in result.output and "Session summary" in result.stdout
    assert "Interrupted" in result.stderr and "unsealed" in result.stderr
    assert events(record)[-1] == {
        "type": "bet_withdrawn",
        "player": "you",
        "position": 3,
        "bet": "even",
    }
    assert record["entries"][-1]["event"]["type"] != "table_closed"
    log = str(record["path"])
    assert run("replay", log).exit_code == 3  # unsealed
    replayed = run("replay", log, "--json", "--allow-open")
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.stdout)["entries"] == len(record["entries"])


@pytest.mark.parametrize("game", GAMES)
def test_issue15_item2_log_replays_and_the_seed_deals_as_the_scripted_play(
    game: str, tmp_path: Path
) -> None:
    bet = FIRST_BET[game]
    _, record = at_prompt(game, [f"bet 1 {bet} 2500", "deal", "quit"], tmp_path)
    replayed = run("replay", str(record["path"]), "--json")
    assert replayed.exit_code == 0, replayed.output
    data = json.loads(replayed.stdout)
    assert data["sealed"] is True  # quit closes the table: the log ends with its seal
    assert data["ledger"]["players"] == {"you": DEFAULT_BANKROLL + nets(record)}
    scripted_log = tmp_path / "scripted.out"
    scripted = run(
        "play",
        game,
        "--seed",
        "prompt",
        "--rounds",
        "1",
        "--bet",
        f"you:1:{bet}:2500",
        "--json",
        "--log",
        str(scripted_log),
    )
    assert scripted.exit_code == 0, scripted.output
    same = table_log(scripted_log)["events"]
    assert record["events"][: len(same)] == same  # the same shoe, the same round
    assert [e["type"] for e in record["events"][len(same) :]] == ["round_opened"]


def test_issue15_item2_rounds_caps_the_session(tmp_path: Path) -> None:
    lines = ["bet 1 upper 100", "deal"] * 3
    result, record = at_prompt(FOOTBALL, lines, tmp_path, "--rounds", "2")
    assert len(events(record, "round_settled")) == 2
    assert summary(result.stdout)["rounds played"] == "2"


def test_issue15_item2_fair_commits_before_the_first_card_and_verifies(tmp_path: Path) -> None:
    log = tmp_path / "fair.log"
    args = ("play", FOOTBALL, "--fair", "--client-seed", "a seed of mine", "--log", str(log))
    result = run(*args, lines=["bet 1 post 500", "deal", "quit"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    commitment = re.search(r"commitment \(sha256.*\n\s+([0-9a-f]{64})", out)
    assert commitment is not None
    assert out.index(commitment.group(1)) < out.index("Shuffled") < out.index("Server seed")
    command = next(
        ln.strip() for ln in out.splitlines() if ln.strip().startswith("croupier verify")
    )
    assert commitment.group(1) in command
    checked = run(*shlex.split(command)[1:], "--json")
    assert checked.exit_code == 0, checked.output
    record = table_log(log)
    shuffled = events(record, "shoe_shuffled")[0]
    types = [e["event"]["type"] for e in record["entries"]]
    assert types.index("fairness_committed") < types.index("shoe_shuffled")
    assert "fairness_revealed" in types and types[-1] == "table_closed"
    dealt = json.loads(checked.stdout)
    # the deal the seeds give is the shoe the table shuffled: the same order, the same cut
    assert (dealt["commitment"], dealt["cut"]) == (shuffled["commitment"], shuffled["cut"])


# -- the command line ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ((BACCARAT, "--bankroll", "0"), "--bankroll 0"),
        ((BACCARAT, "--bankroll", "50"), "least stake"),
        ((BACCARAT, "--bankroll", str(MAX_BANKROLL + 1)), "--bankroll"),
        ((BACCARAT, "--player", " "), "--player"),
        ((BACCARAT, "--player", "[/x]"), "--player '[/x]'"),
        (("thirteen", "--bankroll", "100"), "--bankroll applies to three-card-baccarat"),
        ((BACCARAT, "--bet", "ana:1:main:100", "--bankroll", "100"), "banking games at the prompt"),
        (
            (FOOTBALL, "--bots", "2", "--bankroll", "5000"),
            "banking games at the prompt",
        ),
        ((FOOTBALL, "--fair"), "--client-seed"),
        ((FOOTBALL, "--fair", "--seed", "s", "--client-seed", "long enough"), "--seed and --fair"),
        ((FOOTBALL, "-o", "banana=1"), "banana"),
        ((FOOTBALL, "--decks", "5"), "Art 2.1"),
    ],
)
def test_issue15_item2_bad_flags_are_refused_before_the_first_card(
    args: tuple[str, ...], fragment: str
) -> None:
    result = run("play", *args, lines=["quit"])
    assert result.exit_code == 2, result.output
    assert fragment in result.stderr and "Traceback" not in result.output
    assert "Shuffled" not in result.stdout


def test_issue15_item2_play_help_names_the_prompt() -> None:
    result = run("play", "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    for fragment in ("--bankroll", "at the prompt", "--fair", "help", "quit"):
        assert fragment in text


def test_issue15_item2_scripted_play_is_unchanged_with_bets_bots_or_json() -> None:
    # --bots alone and --json keep the scripted table: no prompt is read
    for extra in (("--bots", "2"), ("--json",)):
        result = run("play", FOOTBALL, "--seed", "s", "--rounds", "1", *extra, lines=[])
        assert result.exit_code == 0, result.output
        assert "round 1 ·" not in result.stdout


def test_issue15_item2_quit_leaves_an_open_round_with_an_empty_layout(tmp_path: Path) -> None:
    _, record = at_prompt(FOOTBALL, ["bet 1 upper 100", "deal", "bet 4 post 300", "quit"], tmp_path)
    table = FootballPokerGame.from_record(record)
    assert table.phase is Phase.BETTING and table.round_number == 2
    assert table.stakes == ()  # the stake of the round not dealt went back
    assert dict(table.balances) == {"you": nets(record)}


# -- invariants over random sessions --------------------------------------------------------------

_BETS = {BACCARAT: ["main", "tie", "odd", "points_0", "banana"], FOOTBALL: ["upper", "post", "odd"]}
_AMOUNTS = ["0", "1", "99", "100", "2000", "2500", "25.00", "4000", "5001", "1e5", "-3", "9999999"]


@st.composite
def _session(draw: st.DrawFn) -> tuple[str, list[str]]:
    game = draw(st.sampled_from(GAMES))
    places = st.sampled_from(["1", "2", "9", "x", "[/b]"])
    bets = st.sampled_from(_BETS[game])
    amounts = st.sampled_from(_AMOUNTS)
    line = st.one_of(
        st.builds(lambda p, b, a: f"bet {p} {b} {a}", places, bets, amounts),
        st.builds(lambda p, b, a: f"raise {p} {b} {a}", places, bets, amounts),
        st.builds(lambda p, b: f"withdraw {p} {b}", places, bets),
        st.sampled_from(["deal", "bets", "", "nonsense", "bet 1"]),
    )
    return game, [*draw(st.lists(line, max_size=25)), "quit", "quit"]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(session=_session())
@example(session=(FOOTBALL, ["bet 1 upper 4000", "b 1 upper 2500", "r 1 upper 600", "d", "q"]))
@example(session=(BACCARAT, ["bet 2 main 2000", "bet 2 tie 1000", "deal", "b 1 odd 3000", "q"]))
def test_issue15_item2_random_sessions_keep_the_money_straight(
    session: tuple[str, list[str]], tmp_path: Path
) -> None:
    """Whatever is typed: every stake accepted fit in the bankroll and the table limits, the
    record replays, and the summary's bankroll is the start plus the net less what is still on
    the table."""
    game, lines = session
    start = 3_000
    table_limits = limits(game, 100, 5000)
    result, record = at_prompt(game, lines, tmp_path, "--bankroll", str(start), *table_limits)
    replayed = table_spec(game).from_record({**record, "events": []})  # then event by event
    for event in record["events"]:
        if event["type"] == "bet_placed":
            on_layout = sum(s.amount for s in replayed.stakes if s.player == "you")
            bankroll = start + replayed.balances.get("you", 0) - on_layout
            assert event["amount"] <= bankroll
            here = next(
                (
                    s.amount
                    for s in replayed.stakes
                    if (s.player, s.position, s.bet) == ("you", event["position"], event["bet"])
                ),
                0,
            )
            assert 100 <= here + event["amount"] <= 5000
        replayed.follow([event])
    on_table = sum(s.amount for s in replayed.stakes if s.player == "you")
    assert all(s.carried for s in replayed.stakes)  # only carried stakes stay after quit
    net = replayed.balances.get("you", 0)
    rows = summary(result.stdout)
    assert rows["final bankroll"] == money(start + net - on_table)
    assert rows["rounds played"] == str(len(events(record, "round_settled")))
    assert start + net - on_table >= 0


def test_issue15_item2_a_table_of_whole_units_and_any_seed(tmp_path: Path) -> None:
    """At a table of 0 decimals 2500 is 2,500 and a point is refused; a seed is printed as is."""
    lines = ["help", "bet 1 upper 25.00", "bet 1 upper 2500", "quit"]
    result, record = at_prompt(FOOTBALL, lines, tmp_path, "-o", "decimals=0", "--seed", "[/x]")
    assert "amounts in whole units: 2500 is 2,500" in result.stdout
    assert "Seed: '[/x]'" in result.stdout
    assert "refused: the amount '25.00'" in result.stdout
    assert [e["amount"] for e in events(record, "bet_placed")] == [2500]


@pytest.mark.parametrize("game", GAMES)
def test_issue15_item2_scripted_play_runs_fair_too(game: str, tmp_path: Path) -> None:
    """--fair with --bet (no prompt): the same commitment and reveal, in the JSON too; each
    shuffle's seeds give the shoe the table dealt (its cut and its first burned cards)."""
    log = tmp_path / "fair.log"
    bet = f"ana:1:{FIRST_BET[game]}:1000"
    box = ("--decks", "1") if game == BACCARAT else ()  # a box shuffles every round
    args = (
        "play",
        game,
        "--bet",
        bet,
        "--rounds",
        "2",
        *box,
        "--fair",
        "--client-seed",
        "seed of mine",
    )
    data = json.loads(run(*args, "--json", "--log", str(log)).stdout)
    fair = data["provably_fair"]
    record = [json.loads(line)["event"] for line in log.read_text().splitlines()[1:]]
    starts = [i for i, e in enumerate(record) if e["type"] == "shoe_shuffled"]
    shuffles = fair["shuffles"]  # each shoe its own server seed (issue 15 item 7: table log)
    assert [s["nonce"] for s in shuffles] == list(range(len(starts)))
    for shuffle, start in zip(shuffles, starts, strict=True):
        verify = shlex.split(shuffle["verify"])[1:]
        assert "--decks" in verify and "--positions" in verify
        dealt = json.loads(run(*verify, "--json").stdout)
        burned = [e["card"] for e in record[start:] if e["type"] == "card_burned"]
        assert burned[: len(dealt["burns"])] == dealt["burns"]
        assert dealt.get("shoe", dealt)["cut"] == record[start]["cut"]
    out = run(*args).stdout
    assert out.index("commitment") < out.index("Shuffled") < out.index("Server seed")


# -- issue 15 item 7: the prompt's log is a sealed table log -----------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_issue15_item7_a_prompt_log_is_sealed_replays_exit_0_and_a_change_exits_4(
    game: str, tmp_path: Path
) -> None:
    bet = FIRST_BET[game]
    lines = [f"bet 1 {bet} 2500", "deal", f"bet 2 {bet} 1000", "deal", "quit"]
    _, record = at_prompt(game, lines, tmp_path)
    log = record["path"]
    entries = record["entries"]
    assert entries[-1]["event"]["type"] == "table_closed"
    replayed = json.loads(run("replay", str(log), "--json").stdout)
    assert replayed["sealed"] is True and replayed["rounds"] == 2
    assert replayed["head"] == entries[-1]["hash"]
    header = log.read_text().splitlines()[0]
    # one amount changed: the chain breaks at that entry, exit 4 naming it
    at = next(i for i, e in enumerate(entries) if e["event"]["type"] == "bet_placed")
    entries[at]["event"]["amount"] += 100
    log.write_text("\n".join([header, *(json.dumps(e) for e in entries)]) + "\n")
    changed = run("replay", str(log))
    assert changed.exit_code == 4, changed.output
    assert "the log does not check" in changed.output
    assert f"seq {entries[at]['seq']}" in changed.output
    # the seal cut off: an open log, exit 3 (or 0 with --allow-open)
    entries[at]["event"]["amount"] -= 100
    log.write_text("\n".join([header, *(json.dumps(e) for e in entries[:-1])]) + "\n")
    cut = run("replay", str(log))
    assert cut.exit_code == 3 and "not sealed" in cut.output
    assert run("replay", str(log), "--allow-open").exit_code == 0


def test_issue15_item7_an_interrupted_prompt_session_leaves_an_unsealed_log(
    tmp_path: Path,
) -> None:
    lines = ["bet 1 main 2500", "deal", "bet 1 main 1000"]  # then the input ends (Ctrl-D)
    result, record = at_prompt(BACCARAT, lines, tmp_path, code=EXIT_INTERRUPTED)
    assert "unsealed" in result.stderr
    types = [e["event"]["type"] for e in record["entries"]]
    assert "table_closed" not in types and types.count("round_settled") == 1
    log = str(record["path"])
    opened = run("replay", log)
    assert opened.exit_code == 3 and "round 2 (phase betting)" in opened.output
    data = json.loads(run("replay", log, "--allow-open", "--json").stdout)
    assert data["sealed"] is False and data["entries"] == len(types)
