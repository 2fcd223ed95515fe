"""The banking games on the command line: ``odds``, ``play``, ``replay`` and ``simulate``.

3-card baccarat (Portaria 22/96/M) and football poker (Despacho 65/2004). The JSON shapes are
the ones the issue asks for; every CroupierError ends with exit code 2 and a message, never a
traceback.
"""

from __future__ import annotations

import json
import re
import shlex
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.table.log import link

runner = CliRunner()

BACCARAT = "three-card-baccarat"
FOOTBALL = "football-poker"
BACCARAT_BETS = [
    "main",
    "odd",
    "even",
    "three_faces",
    *(f"points_{n}" for n in range(10)),
    "tie",
]
FOOTBALL_BETS = ["upper", "lower", "even", "odd", "post"]
BETS = {BACCARAT: BACCARAT_BETS, FOOTBALL: FOOTBALL_BETS}
#: the bets a tie (baccarat) carries over to the next round instead of settling them
CARRIED = {BACCARAT: {"main", "odd", "even"}, FOOTBALL: set()}
RANKS = list("A23456789TJQK")
ARTICLE = re.compile(r"^Art \d")


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def ok_json(*args: str) -> Any:
    """The command's JSON output, which must be strict JSON (no NaN or Infinity)."""

    def refuse(constant: str) -> None:
        raise AssertionError(f"not JSON: {constant}")

    return json.loads(ok(*args, "--json").stdout, parse_constant=refuse)


def clean_failure(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.output, (fragment, result.output)


def exact(text: str) -> Fraction:
    return Fraction(text)


# -- odds: the JSON ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "decks"), [(BACCARAT, 8), (FOOTBALL, 6)])
def test_odds_json_is_one_object_with_every_bet_in_order(game: str, decks: int) -> None:
    data = ok_json("odds", game)
    assert data["game"] == game
    assert data["decks"] == decks  # the default shoe
    assert data["cards"] == 52 * decks
    assert data["removed"] == []
    assert list(data["bets"]) == BETS[game]
    for name, bet in data["bets"].items():
        ev = exact(bet["ev_exact"])
        assert bet["ev"] == float(ev), name
        assert bet["house_edge"] == float(-ev), name
        assert -1 < ev < 0, name  # every bet favours the house, none is a sure loss
        probabilities = {k: exact(v) for k, v in bet["probabilities_exact"].items()}
        assert sum(probabilities.values()) == 1, name
        assert bet["probabilities"] == {k: float(v) for k, v in probabilities.items()}, name
        assert re.fullmatch(r"\d+:1( less 5%)?", bet["payout"]), name


@pytest.mark.parametrize("game", [BACCARAT, FOOTBALL])
def test_odds_ev_per_resolved_only_for_carried_bets(game: str) -> None:
    bets = ok_json("odds", game)["bets"]
    carried = {name for name, bet in bets.items() if "ev_per_resolved" in bet}
    assert carried == CARRIED[game]
    for name in carried:
        bet = bets[name]
        carry = exact(bet["probabilities_exact"]["carry"])
        assert 0 < carry < 1
        expected = exact(bet["ev_exact"]) / (1 - carry)
        assert bet["ev_per_resolved"] == pytest.approx(float(expected), rel=1e-12), name


def test_odds_baccarat_main_bet_costs_exactly_the_half_commission_once_resolved() -> None:
    """Art 9.1, 10: player and banker are symmetric, so a resolved main bet wins half the time
    and pays 0.95: -1/40 per resolved unit, whatever the shoe."""
    for args in ((), ("--decks", "1", "--removed", "As 9c")):
        bets = ok_json("odds", BACCARAT, *args)["bets"]
        main = bets["main"]
        assert main["probabilities_exact"]["win"] == main["probabilities_exact"]["lose"]
        assert main["ev_per_resolved"] == -0.025


@pytest.mark.parametrize(("game", "decks"), [(BACCARAT, 2), (FOOTBALL, 7)])
def test_odds_decks_and_removed_cards_change_the_shoe_and_the_figures(
    game: str, decks: int
) -> None:
    fresh = ok_json("odds", game, "--decks", str(decks))
    assert fresh["decks"] == decks and fresh["cards"] == 52 * decks
    less = ok_json("odds", game, "--decks", str(decks), "--removed", "As Kd 9c 9c")
    assert less["decks"] == decks
    assert less["cards"] == 52 * decks - 4
    assert less["removed"] == ["As", "Kd", "9c", "9c"]
    assert fresh["counts"]["9"] - less["counts"]["9"] == 2
    assert fresh["counts"]["A"] - less["counts"]["A"] == 1
    changed = [n for n in BETS[game] if less["bets"][n]["ev_exact"] != fresh["bets"][n]["ev_exact"]]
    assert changed, "removing cards changed no figure"
    # the default shoe is another shoe again
    assert ok_json("odds", game)["bets"] != fresh["bets"]


@pytest.mark.parametrize("game", [BACCARAT, FOOTBALL])
def test_odds_removal_adds_the_effect_of_removing_each_rank(game: str) -> None:
    plain = ok_json("odds", game)
    assert "effect_of_removal" not in plain
    data = ok_json("odds", game, "--removal")
    eor = data.pop("effect_of_removal")
    assert data == plain  # the report itself is unchanged
    assert list(eor["effects"]) == RANKS
    assert eor["unavailable"] == []
    assert eor["base_ev"] == {n: b["ev"] for n, b in plain["bets"].items()}
    for rank, row in eor["effects_exact"].items():
        assert list(row) == BETS[game], rank
    # removing one card unseen is a burn: weighted by the shoe's counts, the effects cancel
    for name in BETS[game]:
        total = sum(
            plain["counts"][rank] * exact(eor["effects_exact"][rank][name]) for rank in RANKS
        )
        assert total == 0, name


def test_odds_removal_skips_a_rank_the_shoe_no_longer_holds() -> None:
    data = ok_json("odds", BACCARAT, "--decks", "1", "--removed", "As Ah Ad Ac", "--removal")
    assert data["counts"]["A"] == 0 and data["cards"] == 48
    eor = data["effect_of_removal"]
    assert eor["unavailable"] == ["A"]
    assert list(eor["effects"]) == RANKS[1:]


def test_odds_baccarat_reading_options_change_their_bets_only() -> None:
    base = ok_json("odds", BACCARAT)
    assert base["options"] == {
        "three_figures_as_zero": True,
        "zero_is_even": True,
        "commission": "1/20",
    }
    figures = ok_json("odds", BACCARAT, "--three-figures-not-zero")
    assert figures["options"]["three_figures_as_zero"] is False
    # the banker's three figures no longer win points_0: that bet gets worse
    assert exact(figures["bets"]["points_0"]["ev_exact"]) < exact(
        base["bets"]["points_0"]["ev_exact"]
    )
    assert figures["bets"]["main"] == base["bets"]["main"]
    zero = ok_json("odds", BACCARAT, "--zero-not-even")
    assert zero["options"]["zero_is_even"] is False
    assert zero["bets"]["even"] != base["bets"]["even"]
    assert zero["bets"]["tie"] == base["bets"]["tie"]


# -- odds: the tables -------------------------------------------------------------------------


@pytest.mark.parametrize("game", [BACCARAT, FOOTBALL])
def test_odds_table_shows_every_bet_payout_and_house_edge(game: str) -> None:
    data = ok_json("odds", game, "--removed", "As Kd")
    out = ok("odds", game, "--removed", "As Kd").stdout
    assert f"{data['cards']} cards, less As Kd" in out
    lines = out.splitlines()
    for name, bet in data["bets"].items():
        row = next(ln for ln in lines if ln.split()[:1] == [name])
        assert bet["payout"] in row, name
        assert f"{bet['house_edge'] * 100:.4f}%" in row, name
        if bet.get("ev_per_resolved") is not None:
            assert f"{-bet['ev_per_resolved'] * 100:.4f}%" in row, name
    assert "…" not in out


def test_odds_removal_table_shows_every_figure_whole() -> None:
    """One deck less its aces: effects of several hundred basis points, none cut short."""
    args = ("odds", BACCARAT, "--decks", "1", "--removed", "As Ah Ad Ac", "--removal")
    data = ok_json(*args)
    out = ok(*args).stdout
    assert "Effect of removing one card of a rank" in out
    assert "…" not in out
    # the tables before the table limits (issue 15 item 1), which follow them
    lines = out[: out.index("Table limits")].splitlines()
    effects = data["effect_of_removal"]["effects"]
    for name in BACCARAT_BETS:
        rows = [ln for ln in lines if ln.split()[:1] == [name]]
        assert len(rows) == 2, name  # the odds row and the removal row
        shown = rows[1].split()[1:]
        assert shown == [f"{effects[r][name] * 10_000:+.2f}" for r in RANKS[1:]], name


# -- odds: errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        ((FOOTBALL, "--decks", "5"), ("Art 2.1", "at least 6", "5")),
        ((BACCARAT, "--decks", "0"), ("at least 1",)),
        ((BACCARAT, "--removed", "As Xz 9c"), ("'Xz'",)),
        ((FOOTBALL, "--removed", "1s"), ("'1s'",)),
        ((BACCARAT, "--decks", "1", "--removed", "Kd Kd"), ("'Kd'", "twice", "1-deck")),
        ((FOOTBALL, "--removed", "9c " * 7), ("'9c'", "7 times")),
        (("poker",), ("unknown game 'poker'", BACCARAT, FOOTBALL)),
        ((FOOTBALL, "--three-figures-not-zero"), ("three-card-baccarat only",)),
        ((FOOTBALL, "--zero-not-even"), ("three-card-baccarat only",)),
    ],
)
def test_odds_errors_are_clean(args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    clean_failure(run("odds", *args), *fragments)
    clean_failure(run("odds", *args, "--json"), *fragments)


def test_odds_shoe_too_small_for_a_round_is_clean() -> None:
    ranks_left = "".join(RANKS[:-2])  # keep only Q and K: 8 cards
    removed = " ".join(r + s for r in ranks_left for s in "shdc")
    assert ok_json("odds", BACCARAT, "--decks", "1", "--removed", removed)["cards"] == 8
    clean_failure(
        run("odds", BACCARAT, "--decks", "1", "--removed", removed + " Qs Qh Qd"), "needs at least"
    )


# -- play -------------------------------------------------------------------------------------

ANA = ("--bet", "ana:1:main:10000", "--bet", "ana:1:tie:500", "--bet", "bob:2:points_9:2000")


def _money_is_integral(data: dict[str, Any]) -> None:
    for rnd in data["rounds"]:
        assert type(rnd["house_result"]) is int
        for line in rnd["settlement"]:
            for key in ("stake", "paid", "carried", "net"):
                assert type(line[key]) is int, (key, line)
            assert line["net"] == line["paid"] + line["carried"] - line["stake"], line
            assert abs(exact(line["owed"]) - line["paid"]) < 1, line
    for player, balance in data["balances"].items():
        assert type(balance) is int, player
    assert type(data["house_result"]) is int


def test_play_seeded_json_is_reproducible() -> None:
    args = ("play", BACCARAT, "--seed", "r", "--rounds", "4", *ANA, "--bots", "2")
    first = ok(*args, "--json").stdout
    assert ok(*args, "--json").stdout == first
    other = ok("play", BACCARAT, "--seed", "r2", "--rounds", "4", *ANA, "--bots", "2", "--json")
    assert json.loads(other.stdout)["digest"] != json.loads(first)["digest"]


@pytest.mark.parametrize(
    ("game", "bets"),
    [
        (BACCARAT, ANA),
        (FOOTBALL, ("--bet", "ana:1:upper:1000", "--bet", "ana:3:post:500")),
    ],
)
def test_play_json_settles_every_scripted_bet_with_its_article(
    game: str, bets: tuple[str, ...]
) -> None:
    rounds = 6
    data = ok_json(
        "play", game, "--seed", "scripted", "--rounds", str(rounds), *bets, "--bots", "0"
    )
    assert data["game"] == game and len(data["rounds"]) == rounds
    scripted = {tuple(b.split(":")[:3]) for b in bets[1::2]}
    for number, rnd in enumerate(data["rounds"], start=1):
        assert rnd["round"] == number
        placed = {(ln["player"], str(ln["place"]), ln["bet"]) for ln in rnd["settlement"]}
        assert placed == scripted  # --bots 0: nobody else
        for line in rnd["settlement"]:
            assert ARTICLE.match(line["article"]), line
            assert line["result"] in ("win", "lose", "carry", "push", "half"), line
        for place in {p for _, p, _ in scripted}:
            assert len(rnd["hands"][place]["cards"]) in (2, 3)
        if game == BACCARAT:
            assert len(rnd["hands"]["banker"]["cards"]) == 3
    _money_is_integral(data)


@pytest.mark.parametrize("game", [BACCARAT, FOOTBALL])
def test_play_json_money_balances_to_zero(game: str) -> None:
    data = ok_json("play", game, "--seed", "money", "--rounds", "12", "--bots", "4")
    _money_is_integral(data)
    assert sum(data["balances"].values()) + data["house_result"] == 0
    assert sum(r["house_result"] for r in data["rounds"]) == data["house_result"]
    nets: dict[str, int] = {}
    for rnd in data["rounds"]:
        assert sum(ln["net"] for ln in rnd["settlement"]) + rnd["house_result"] == 0
        for line in rnd["settlement"]:
            nets[line["player"]] = nets.get(line["player"], 0) + line["net"]
    assert nets == data["balances"]
    assert set(nets) <= {f"bot{i}" for i in range(1, 5)}


def test_play_carried_main_bet_stays_on_the_table() -> None:
    """Art 7.1, 7.2: a main bet on a tie neither wins nor loses; it stays for the next round."""
    data = ok_json(
        "play", BACCARAT, "--seed", "carry", "--rounds", "30",
        *(a for p in range(1, 8) for a in ("--bet", f"ana:{p}:main:100")),
    )  # fmt: skip
    carried = [ln for r in data["rounds"] for ln in r["settlement"] if ln["result"] == "carry"]
    assert carried, "no tie in 30 rounds at 7 places: pick another seed"
    for line in carried:
        assert line["carried"] == line["stake"] and line["paid"] == 0 and line["net"] == 0
        assert line["article"] == "Art 7.1, 7.2"
    # the stake left on the table plays the next round as it is: the script does not raise it
    kept = 0
    for before, after in zip(data["rounds"], data["rounds"][1:], strict=False):
        for line in before["settlement"]:
            if line["result"] == "carry" and not before["cut_card_out"]:
                nxt = next(ln for ln in after["settlement"] if ln["place"] == line["place"])
                assert nxt["stake"] == line["stake"]
                kept += 1
    assert kept


def test_play_tie_bet_may_be_given_before_its_main_bet() -> None:
    """Art 8.3 wants a main bet on the place before a tie bet; a round's bets go in together."""
    data = ok_json(
        "play", BACCARAT, "--seed", "t", "--bet", "ana:1:tie:500", "--bet", "ana:1:main:1000"
    )
    bets = [(ln["bet"], ln["stake"]) for ln in data["rounds"][0]["settlement"]]
    assert sorted(bets) == [("main", 1000), ("tie", 500)]


def test_play_bet_fields_may_have_spaces() -> None:
    data = ok_json("play", FOOTBALL, "--seed", "s", "--bet", " ana : 2 : odd : 700 ")
    line = data["rounds"][0]["settlement"][0]
    assert (line["player"], line["place"], line["bet"], line["stake"]) == ("ana", 2, "odd", 700)


def test_play_default_is_three_bots() -> None:
    data = ok_json("play", FOOTBALL, "--seed", "bots", "--rounds", "5")
    players = {ln["player"] for r in data["rounds"] for ln in r["settlement"]}
    assert players <= {"bot1", "bot2", "bot3"} and len(players) >= 2


def test_play_readable_output() -> None:
    out = ok("play", BACCARAT, "--seed", "show", "--rounds", "2", *ANA, "--bots", "1").stdout
    assert "Portaria 22/96/M" in out
    assert "Round 1" in out and "Round 2" in out
    assert "Settlement" in out and "banker" in out
    assert "Session totals" in out and "house" in out
    assert re.search(r"Art \d", out)
    data = ok_json("play", BACCARAT, "--seed", "show", "--rounds", "2", *ANA, "--bots", "1")
    # amounts in cents are shown in whole units with two decimals
    assert "100.00" in out  # ana's main bet of 10000
    assert f"Log digest (sha256): {data['digest']}" in out  # on one line, whole
    for rnd in data["rounds"]:
        for line in rnd["settlement"]:
            assert line["article"] in out


# -- play and replay -------------------------------------------------------------------------


def _played(tmp_path: Path, game: str, *bets: str) -> tuple[dict[str, Any], Path]:
    log = tmp_path / f"{game}.log"
    data = ok_json("play", game, "--seed", "log", "--rounds", "5", *bets, "--log", str(log))
    return data, log


def _lines(log: Path) -> list[dict[str, Any]]:
    """The table log's header, then its entries."""
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def _write(log: Path, lines: list[dict[str, Any]]) -> None:
    log.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")


def _rechain(header: dict[str, Any], entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log with every hash recomputed (a forger who knows the chain): only the rules can
    refuse what was changed."""
    previous = header["genesis"]
    for entry in entries:
        if entry["event"]["type"] == "table_closed":
            entry["event"]["last_hash"] = previous
        body = {k: v for k, v in entry.items() if k != "hash"}
        entry["hash"] = previous = link(previous, body)
    return [header, *entries]


@pytest.mark.parametrize(
    ("game", "bets"),
    [(BACCARAT, (*ANA, "--bots", "2")), (FOOTBALL, ("--bet", "ana:1:upper:1000", "--bots", "2"))],
)
def test_issue15_item7_banking_play_log_is_sealed_and_replays_exit_0(
    tmp_path: Path, game: str, bets: tuple[str, ...]
) -> None:
    data, log = _played(tmp_path, game, *bets)
    header, *entries = _lines(log)
    assert header["format"] == "croupier-table-log" and header["game"] == game
    assert entries[-1]["event"]["type"] == "table_closed"  # the seal
    assert sum(e["event"]["type"] == "round_settled" for e in entries) == 5
    summary = ok_json("replay", str(log))
    assert summary["game"] == game and summary["rounds"] == 5
    assert summary["sealed"] is True and data["sealed"] is True
    assert summary["head"] == data["head"] == entries[-1]["hash"]
    assert summary["entries"] == len(entries)
    ledger = summary["ledger"]
    assert ledger["balanced"] is True and summary["books_agree"] is True
    # each player holds the chips he bought plus his net result of the rounds played
    bought: dict[str, int] = {}
    for entry in entries:
        if entry["event"]["type"] == "chips_in":
            player = entry["event"]["player"]
            bought[player] = bought.get(player, 0) + entry["event"]["amount"]
    assert set(bought) == set(data["balances"])
    assert ledger["players"] == {p: bought[p] + net for p, net in data["balances"].items()}
    assert ledger["house"] + ledger["commission"] == data["house_result"]
    assert ledger["in_play"] == 0
    out = " ".join(ok("replay", str(log)).stdout.split())
    assert "sealed" in out and "every event checked" in out
    assert data["head"] in out


def test_issue15_item7_banking_play_log_is_reproducible_with_a_seed(tmp_path: Path) -> None:
    first, log1 = _played(tmp_path, BACCARAT, *ANA, "--bots", "2")
    log2 = tmp_path / "again.log"
    again = ok_json(
        "play", BACCARAT, "--seed", "log", "--rounds", "5", *ANA, "--bots", "2", "--log", str(log2)
    )
    assert again["head"] == first["head"] and again["digest"] == first["digest"]
    assert log1.read_bytes() == log2.read_bytes()


def test_play_with_log_says_how_to_check_it(tmp_path: Path) -> None:
    log = tmp_path / "rec.log"
    out = ok("play", FOOTBALL, "--seed", "x", "--bots", "1", "--log", str(log)).stdout
    assert "croupier replay" in out and "sealed" in out and log.exists()


def _tamper_card(entries: list[dict[str, Any]]) -> dict[str, Any]:
    dealt = next(e for e in entries if e["event"]["type"] == "card_dealt")
    dealt["event"]["card"] = "Qh" if dealt["event"]["card"] != "Qh" else "Kh"
    return dealt


def _tamper_settlement(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """A losing line turned into a win paid 1:1, consistent in itself: only the rules refuse it."""
    settled = next(
        e
        for e in entries
        if e["event"]["type"] == "round_settled"
        and any(ln["result"] == "lose" for ln in e["event"]["lines"])
    )
    line = next(ln for ln in settled["event"]["lines"] if ln["result"] == "lose")
    line.update(result="win", prize=str(line["stake"]), owed=str(2 * line["stake"]))
    line["paid"] = 2 * line["stake"]
    return settled


@pytest.mark.parametrize("game", [BACCARAT, FOOTBALL])
@pytest.mark.parametrize(
    ("tamper", "event"), [(_tamper_card, "card_dealt"), (_tamper_settlement, "round_settled")]
)
def test_issue15_item7_a_changed_banking_log_entry_exits_4_naming_it(
    tmp_path: Path, game: str, tamper: Any, event: str
) -> None:
    bet = "ana:1:main:1000" if game == BACCARAT else "ana:1:upper:1000"
    _, log = _played(tmp_path, game, "--bet", bet, "--bots", "3")
    header, *entries = _lines(log)
    changed = tamper(entries)
    # the changed line breaks the chain: refused, naming the entry
    _write(log, [header, *entries])
    for args in (("replay", str(log)), ("replay", str(log), "--json")):
        result = run(*args)
        assert result.exit_code == 4, result.output
        assert "the log does not check" in result.output
        assert f"seq {changed['seq']}" in result.output
        assert "Traceback" not in result.output
    # a forged chain: the rules refuse the event, naming it and the article
    _write(log, _rechain(header, entries))
    result = run("replay", str(log))
    assert result.exit_code == 4, result.output
    assert f"entry {changed['seq']} ({event}) refused" in result.output
    assert re.search(r"Art \d", result.output), result.output


def test_issue15_item7_a_forged_overpaid_line_is_refused_naming_the_bet(tmp_path: Path) -> None:
    _, log = _played(tmp_path, BACCARAT, "--bet", "ana:1:odd:1000")
    header, *entries = _lines(log)
    settled = next(e for e in entries if e["event"]["type"] == "round_settled")
    settled["event"]["lines"][0]["paid"] += 1
    _write(log, _rechain(header, entries))
    result = run("replay", str(log))
    assert result.exit_code == 4, result.output
    assert "round_settled" in result.output and "Art " in result.output
    assert "odd" in result.output and "paid" in result.output


@pytest.mark.parametrize("game", [BACCARAT, FOOTBALL])
def test_issue15_item7_a_cut_banking_log_is_open_exit_3(tmp_path: Path, game: str) -> None:
    bet = "ana:1:main:1000" if game == BACCARAT else "ana:1:upper:1000"
    _, log = _played(tmp_path, game, "--bet", bet, "--bots", "2")
    header, *entries = _lines(log)
    bets = [i for i, e in enumerate(entries) if e["event"]["type"] == "bet_placed"]
    _write(log, [header, *entries[: bets[1] + 1]])  # cut in the first round's betting
    result = run("replay", str(log))
    assert result.exit_code == 3, result.output
    assert "not sealed" in result.output and "round 1 (phase betting)" in result.output
    summary = ok_json("replay", str(log), "--allow-open")
    assert summary["sealed"] is False and summary["phase"] == "betting"


def test_issue15_item7_an_interrupted_banking_session_leaves_an_unsealed_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from croupier.commands import play_banking

    shown = play_banking._render_round
    calls = []

    def render(*args: Any) -> None:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt  # Ctrl-C while the second round is shown
        shown(*args)

    monkeypatch.setattr(play_banking, "_render_round", render)
    log = tmp_path / "cut.log"
    result = run("play", BACCARAT, "--seed", "c", "--rounds", "5", "--bots", "2", "--log", str(log))
    assert result.exit_code == 130, result.output
    assert "unsealed" in result.output and "--allow-open" in result.output
    assert _lines(log)[-1]["event"]["type"] != "table_closed"
    opened = run("replay", str(log))
    assert opened.exit_code == 3 and "not sealed" in opened.output
    summary = ok_json("replay", str(log), "--allow-open")
    assert summary["sealed"] is False and summary["rounds"] == 2  # every event until Ctrl-C


def _old_record(game: str) -> dict[str, Any]:
    """A record as ``play --log`` of a banking game wrote before table logs: the game's own
    JSON document (game, options, events), no chain, no seal."""
    from croupier.shuffle import SeededShuffler
    from croupier.tables import table_spec

    table = table_spec(game).build(6, 8, {})
    table.shuffle(SeededShuffler("old"))
    table.open_round()
    table.place_bet("ana", 1, "main" if game == BACCARAT else "upper", 1000)
    table.close_bets()
    table.deal()
    table.settle()
    record: dict[str, Any] = table.to_record()
    return record


@pytest.mark.parametrize("game", [BACCARAT, FOOTBALL])
def test_issue15_item7_an_old_banking_record_is_refused_with_the_migrate_command(
    tmp_path: Path, game: str
) -> None:
    old = tmp_path / "old.json"
    old.write_text(json.dumps(_old_record(game)))
    clean_failure(
        run("replay", str(old)), "written before sealed logs existed", f"croupier log migrate {old}"
    )
    new = tmp_path / "new.log"
    ok("log", "migrate", str(old), str(new))
    assert ok_json("replay", str(new))["sealed"] is True


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("not json", "cannot read the record"),
        ("[]", "not a JSON object"),
        ('{"game": "poker", "events": []}', "unknown game 'poker'"),
        # an old record (no chain) of a banking game: refused before it is read further
        ('{"game": "football-poker"}', "log migrate"),
        (
            '{"game": "three-card-baccarat", "options": {}, "events": [{"type": "x"}]}',
            "log migrate",
        ),
    ],
)
def test_replay_bad_records_are_clean(tmp_path: Path, content: str, fragment: str) -> None:
    record = tmp_path / "bad.json"
    record.write_text(content)
    clean_failure(run("replay", str(record)), fragment)
    clean_failure(run("replay", str(tmp_path / "missing.json")), "cannot read the record")


# -- play: errors ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        ((BACCARAT, "--bet", "ana:1:main"), ("PLAYER:PLACE:BET:AMOUNT", "'ana:1:main'")),
        ((BACCARAT, "--bet", "ana:1:main:10:3"), ("PLAYER:PLACE:BET:AMOUNT",)),
        ((BACCARAT, "--bet", "ana:one:main:100"), ("whole numbers", "'ana:one:main:100'")),
        ((BACCARAT, "--bet", "ana:1:main:1.5"), ("whole numbers",)),
        ((BACCARAT, "--bet", "ana:1:banana:100"), ("unknown bet 'banana'", "main", "tie")),
        ((FOOTBALL, "--bet", "ana:1:main:100"), ("unknown bet 'main'", "upper", "post")),
        ((BACCARAT, "--bet", "ana:8:main:100"), ("place 8", "Art 5.1")),
        ((BACCARAT, "--positions", "3", "--bet", "ana:4:main:100"), ("place 4",)),
        ((FOOTBALL, "--bet", "ana:0:odd:100"), ("place 0",)),
        ((BACCARAT, "--bet", "ana:1:main:0"), ("amount", "got 0")),
        ((FOOTBALL, "--bet", "ana:1:odd:-5"), ("amount", "got -5")),
        ((BACCARAT, "--bet", ":1:main:100"), ("player",)),
        ((BACCARAT, "--bots", "0"), ("nobody is betting", "--bet", "--bots")),
        ((FOOTBALL, "--decks", "5"), ("Art 2.1", "got decks 5")),
        ((FOOTBALL, "--positions", "3"), ("Art 4.1",)),
        (("poker", "--bots", "1"), ("unknown game 'poker'",)),
        ((BACCARAT, "--rounds", "0"), ("--rounds",)),
    ],
)
def test_play_errors_are_clean(args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    clean_failure(run("play", *args, "--seed", "e"), *fragments)
    result = run("play", *args, "--seed", "e", "--json")
    clean_failure(result, *fragments)
    assert "{" not in result.stdout  # no half-written JSON


@pytest.mark.parametrize(("game", "bet"), [(BACCARAT, "ana:1:mian:100"), (FOOTBALL, "b:1:uper:5")])
def test_play_an_unknown_bet_is_refused_before_the_shoe_is_shuffled(game: str, bet: str) -> None:
    """A misspelt ``--bet`` is named with the whole bet as typed, before any header or shuffle
    is printed (it was refused at the first round's bet, after the shoe was shuffled)."""
    result = run("play", game, "--bet", bet, "--seed", "e")
    clean_failure(result, f"bet {bet!r}: unknown bet")
    assert "Shuffled" not in result.output and "commitment" not in result.output


# -- simulate -------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "places"), [(BACCARAT, 7), (FOOTBALL, 8)])
def test_simulate_json_has_every_bet_beside_its_exact_ev(game: str, places: int) -> None:
    rounds = 300
    data = ok_json("simulate", game, "--rounds", str(rounds), "--seed", "s")
    assert data["game"] == game and data["rounds"] == rounds and data["seed"] == "s"
    assert data["positions"] == places and data["shoes"] >= 1
    assert data["balance"] == 0
    assert type(data["house_result"]) is int
    assert list(data["bets"]) == BETS[game]
    odds = ok_json("odds", game)["bets"]
    zs = []
    for name, bet in data["bets"].items():
        assert set(bet) >= {"ev", "se", "exact_ev", "z", "stakes", "probabilities"}, name
        assert bet["exact_ev"] == odds[name]["ev"], name
        if bet["se"]:
            assert bet["z"] == pytest.approx((bet["ev"] - bet["exact_ev"]) / bet["se"]), name
        else:
            assert bet["z"] is None and bet["ev"] != bet["exact_ev"], name
        assert sum(bet["probabilities"].values()) == pytest.approx(1), name
        assert set(bet["probabilities"]) <= set(odds[name]["probabilities"]), name
        zs += [bet["z"], *bet["probability_z"].values()]
    # a z is None where no variation was seen (a rare result that never came up)
    finite = [abs(z) for z in zs if z is not None]
    assert data["not_compared"] == len(zs) - len(finite) < len(zs) / 4
    assert data["max_abs_finite_z"] == pytest.approx(max(finite))
    assert data["max_abs_z"] == (None if data["not_compared"] else data["max_abs_finite_z"])
    # one stake per place on the place bets (plus carried ones), banker bets once a round
    per_round = places if game == FOOTBALL else 1
    assert data["bets"]["odd"]["stakes"] == rounds * per_round
    if game == BACCARAT:
        assert data["bets"]["main"]["stakes"] == rounds * places


def test_simulate_is_reproducible_from_its_seed() -> None:
    args = ("simulate", FOOTBALL, "--rounds", "200")
    a = ok(*args, "--seed", "x", "--json").stdout
    assert ok(*args, "--seed", "x", "--json").stdout == a
    assert ok(*args, "--seed", "y", "--json").stdout != a


def test_simulate_json_stays_json_when_a_bet_never_varies() -> None:
    """Two rounds: many bets lose both times (standard error 0), so their z is undefined."""
    data = ok_json("simulate", BACCARAT, "--rounds", "2", "--seed", "0")
    flat = [n for n, b in data["bets"].items() if b["se"] == 0 and b["ev"] != b["exact_ev"]]
    assert flat
    for name in flat:
        assert data["bets"][name]["z"] is None
    assert data["max_abs_z"] is None
    assert data["not_compared"] >= len(flat)
    # the table shows them as an infinite z of the right sign
    out = ok("simulate", BACCARAT, "--rounds", "2", "--seed", "0").stdout
    lines = out.splitlines()
    for name in flat:
        row = next(ln for ln in lines if ln.strip("│ ").split()[:1] == [name])
        sign = "+" if data["bets"][name]["ev"] > data["bets"][name]["exact_ev"] else "-"
        assert row.rstrip("│ ").endswith(f"{sign}inf"), row


@pytest.mark.parametrize("game", [BACCARAT, FOOTBALL])
def test_simulate_shows_the_table(game: str) -> None:
    data = ok_json("simulate", game, "--rounds", "300", "--seed", "t")
    out = ok("simulate", game, "--rounds", "300", "--seed", "t").stdout
    assert f"300 rounds, {data['shoes']} shoes" in out
    for column in ("simulated EV", "exact EV", "z"):
        assert column in out
    lines = out.splitlines()
    for name, bet in data["bets"].items():
        row = next(ln for ln in lines if ln.strip("│ ").split()[:1] == [name])
        assert f"{bet['exact_ev']:+.5f}" in row and f"{bet['ev']:+.5f}" in row, name
    largest = f"Largest |z| over every bet and result frequency: {data['max_abs_finite_z']:.2f}"
    assert largest in out
    assert ("Not compared" in out) == bool(data["not_compared"])


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("poker",), ("unknown game 'poker'",)),
        ((BACCARAT, "--rounds", "1"), ("--rounds",)),
        ((FOOTBALL, "--decks", "5"), ("Art 2.1",)),
        ((FOOTBALL, "--positions", "3"), ("Art 4.1",)),
        ((BACCARAT, "--decks", "0"), ("decks",)),
    ],
)
def test_simulate_errors_are_clean(args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    rounds = () if "--rounds" in args else ("--rounds", "2")
    clean_failure(run("simulate", *args, *rounds), *fragments)
    clean_failure(run("simulate", *args, *rounds, "--json"), *fragments)


def test_odds_baccarat_commission_option_art10() -> None:
    free = json.loads(ok("odds", "three-card-baccarat", "--commission", "0", "--json").stdout)
    assert free["bets"]["main"]["ev_exact"] == "0/1"
    assert free["options"]["commission"] == "0"
    half = json.loads(ok("odds", "three-card-baccarat", "--commission", "2.5", "--json").stdout)
    assert half["bets"]["main"]["payout"] == "1:1 less 2.5%"
    clean_failure(run("odds", "three-card-baccarat", "--commission", "abc"), "'abc'")
    clean_failure(run("odds", "three-card-baccarat", "--commission", "100"), "below 100")
    clean_failure(run("odds", "football-poker", "--commission", "5"), "three-card-baccarat only")


def test_replay_expect_digest(tmp_path: Path) -> None:
    log = tmp_path / "t.log"
    ok("play", BACCARAT, "--seed", "d", "--rounds", "2", "--bots", "3", "--log", str(log))
    head = ok_json("replay", str(log))["head"]  # a table log's digest: its last hash
    ok("replay", str(log), "--expect-digest", head)
    failed = run("replay", str(log), "--expect-digest", "0" * 64)
    assert failed.exit_code == 4 and "not the expected" in failed.output


# -- issue 15 item 1: table limits -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "bet", "most"),
    [(BACCARAT, "main", 500_000), (BACCARAT, "tie", 25_000), (FOOTBALL, "upper", 500_000),
     (FOOTBALL, "post", 60_000)],
)  # fmt: skip
def test_issue15_item1_odds_shows_the_default_table_limits(game: str, bet: str, most: int) -> None:
    data = ok_json("odds", game)
    assert list(data["limits"]) == BETS[game]
    assert data["limits"][bet] == {"min": 100, "max": most}
    text = ok("odds", game).output
    assert "Table limits" in text
    assert f"{most // 100:,}.00" in text


@pytest.mark.parametrize(
    ("game", "bet", "fragment"),
    [
        (BACCARAT, "ana:1:main:1", "a main stake must be at least 100 units, got 1"),
        (BACCARAT, "ana:1:main:" + "1" + "0" * 21, "a main stake may be at most 500000 units"),
        (FOOTBALL, "ana:2:post:60001", "a post stake may be at most 60000 units, got 60001"),
    ],
)
def test_issue15_item1_play_refuses_a_stake_outside_the_table_limits(
    game: str, bet: str, fragment: str
) -> None:
    result = run("play", game, "--rounds", "1", "--seed", "s", "--bet", bet, "--bots", "0")
    clean_failure(result, "table limits", fragment)


def test_issue15_item7_a_fair_banking_play_logs_its_commitment_and_seed(tmp_path: Path) -> None:
    log = tmp_path / "fair.log"
    fair = ("--fair", "--client-seed", "my own seed")
    data = ok_json("play", FOOTBALL, "--bots", "2", "--rounds", "2", *fair, "--log", str(log))
    types = [e["event"]["type"] for e in _lines(log)[1:]]
    assert types.index("fairness_committed") < types.index("shoe_shuffled")
    assert "fairness_revealed" in types and types[-1] == "table_closed"
    assert ok_json("replay", str(log))["sealed"] is True
    (shuffle,) = data["provably_fair"]["shuffles"]
    assert shuffle["server_seed"] is not None
    verify = shlex.split(shuffle["verify"])[1:]
    assert verify[:2] == ["verify", FOOTBALL] and "--decks" in verify
    ok(*verify)
