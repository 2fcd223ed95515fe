"""Football poker on the table interface (croupier/table/football.py, banking.py): the offers
both ways, who sees what when (the holder's face-down hand, Art 4.2, 5.4, checked against an
independent reading of the log), the ledger, replay, time, the house's steps, fair shoes, the
table limits (issue 15 item 1) and bad input (Despacho 65/2004; docs/table.md, football poker).

``BANKING_TABLE_ROUNDS`` sets how many random rounds the long tests play (default: 1,000 for the
redaction test, the CI form). What the two banking tables' tests share is in banking_driver.py."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.errors import CroupierError, RecordError, RuleViolation
from croupier.events import CardDealt
from croupier.games.football_poker.bots import BOTS
from croupier.games.football_poker.commands import COMMANDS
from croupier.games.football_poker.options import (
    DEFAULT_LIMITS,
    BurnRule,
    FirstBurn,
    FootballOptions,
)
from croupier.money import BetLimits, Limit
from croupier.offers import Between
from croupier.table import Actor, FairSource, SeededSource
from croupier.table.football import FootballTable
from croupier.table.registry import game
from croupier.table.runner import run_table

from .banking_driver import (
    DEE,
    HOUSE,
    IDA,
    NAMES,
    REDACTION_ROUNDS,
    ROUNDS,
    Driver,
    check_redaction,
    check_sampled_commands_apply,
    check_unoffered_commands_refused,
    football_holders,
    seat,
    state,
    to_betting,
)

TABLE = FootballOptions()
TABLE_CLASS = FootballTable


def new_table(
    options: FootballOptions = TABLE, seed: str = "t", source: Any = None
) -> FootballTable:
    return FootballTable(options, table_id="f1", source=source or SeededSource(seed))


def seated(players: tuple[str, ...] = ("ana", "bo", "cy"), **kw: Any) -> FootballTable:
    return seat(new_table(**kw), players)


def driver(seed: int, options: FootballOptions, players: int) -> Driver:
    return Driver(new_table(options, seed=f"d{seed}"), seed, players, football_holders)


def bet(table: FootballTable, name: str, place: int, kind: str, amount: int, at: int) -> None:
    command = {"type": "bet", "place": place, "bet": kind, "amount": amount}
    table.apply(Actor.player(name), command, f"b{table.seq}", at=at)


# -- the offers, both ways -------------------------------------------------------------------------


@st.composite
def tables(draw: st.DrawFn) -> FootballOptions:
    return FootballOptions(
        decks=draw(st.sampled_from([6, 8])),
        positions=draw(st.integers(8, 10)),
        burn_per=draw(st.sampled_from(list(BurnRule))),
        limits=draw(st.sampled_from([DEFAULT_LIMITS, BetLimits(), BetLimits(Limit(300, 900))])),
        betting_seconds=draw(st.sampled_from([1, 60])),
        first_round_burn=draw(st.sampled_from(list(FirstBurn))),
    )


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=tables(), seed=st.integers(0, 2**32), players=st.integers(1, 5))
def test_promise_every_command_sampled_from_legal_applies(
    options: FootballOptions, seed: int, players: int
) -> None:
    """Every command sampled from the offers applies; the house steps are among the dealer's
    offers (what HOUSE_STEPS_OFFERED lets step_house skip checking)."""
    assert TABLE_CLASS.HOUSE_STEPS_OFFERED
    check_sampled_commands_apply(driver(seed, options, players))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_promise_commands_no_offer_admits_are_refused_and_change_nothing(seed: int) -> None:
    check_unoffered_commands_refused(driver(seed, TABLE, 4), seed, COMMANDS)


# -- who sees what ---------------------------------------------------------------------------------


@pytest.mark.parametrize("burn_per", list(BurnRule))
def test_promise_no_actor_receives_a_card_he_may_not_see(burn_per: BurnRule) -> None:
    """Random rounds with cards dealt by hand and exposed: every view after every command, and
    every event as each actor receives it, hold no card the log does not let him see then
    (Art 5.4: two cards face down to the holder, Art 4.2; Art 6: exposed; the burns, Art 5.2,
    nobody's)."""
    rounds = -(-REDACTION_ROUNDS // len(BurnRule))  # the cases share the file's rounds
    played = check_redaction(
        lambda seed: driver(seed, FootballOptions(burn_per=burn_per), 5), football_holders, rounds
    )
    assert played >= rounds


def test_art4_2_art5_4_the_highest_bettor_holds_and_alone_sees_the_hand_until_shown() -> None:
    table = seated(("ana", "bo"))
    at = to_betting(table)
    bet(table, "ana", 3, "odd", 1000, at)
    bet(table, "bo", 3, "even", 2500, at)  # bo's stake is higher: he holds place 3
    for name in ("ana", "bo"):
        table.apply(Actor.player(name), {"type": "done"}, f"d{name}", at=at)
    assert table.step_house(at=at) is not None  # bets close
    while table.game.can_burn():
        assert table.step_house(at=at) is not None
    table.apply(DEE, {"type": "deal_card", "exposed": False}, "one", at=at)
    (card,) = table.game.hands[3]
    bo = table.view(Actor.player("bo"))
    ana = table.view(Actor.player("ana"))
    assert next(h for h in bo["hands"] if h["place"] == 3)["cards"] == [str(card)]
    assert next(h for h in ana["hands"] if h["place"] == 3)["cards"] == [None]
    assert next(h for h in ana["hands"] if h["place"] == 3)["holder"] == "bo"
    form = table.events_for(Actor.player("ana"))[-1]["event"]
    assert form == {"type": "card_dealt", "card": "##", "to": 3, "exposed": False}
    stepped = table.step_house(at=at)  # the rest of the deal, then every hand shown
    assert stepped is not None and stepped.entries[-1].event.TYPE == "hands_revealed"
    shown = table.view(Actor.player("ana"))
    assert next(h for h in shown["hands"] if h["place"] == 3)["cards"][0] == str(card)


def test_art6_a_card_exposed_by_accident_is_everyones() -> None:
    table = seated(("ana",))
    at = to_betting(table)
    bet(table, "ana", 1, "post", 100, at)
    table.apply(Actor.player("ana"), {"type": "done"}, "d", at=at)
    assert table.step_house(at=at) is not None
    while table.game.can_burn():
        assert table.step_house(at=at) is not None
    applied = table.apply(DEE, {"type": "deal_card", "exposed": True}, "up", at=at)
    form = table.events_for(Actor.OBSERVER)[applied.last_seq - 1]["event"]
    event = applied.entries[0].event
    assert isinstance(event, CardDealt) and form["card"] == str(event.card)


def test_art5_2_the_house_burns_one_card_a_deck_after_the_shuffle_then_one_a_round() -> None:
    table = seated(("ana",))
    kinds: list[str] = []
    at = 1
    while not table.waiting_on():
        stepped = table.step_house(at=at)
        assert stepped is not None
        kinds.append(stepped.command["type"])
    assert kinds == ["shuffle", "burn", "open_round"]
    assert sum(e.event.TYPE == "card_burned" for e in table.entries) == 6
    bet(table, "ana", 2, "upper", 100, at)
    table.apply(Actor.player("ana"), {"type": "done"}, "d", at=at)
    while not table.rounds[-1].closed:
        stepped = table.step_house(at=at)
        assert stepped is not None
        kinds.append(stepped.command["type"])
    assert kinds[3:] == ["close_bets", "burn", "deal", "settle"]
    assert sum(e.event.TYPE == "card_burned" for e in table.entries) == 7


# -- money, replay ---------------------------------------------------------------------------------


def test_promise_books_agree_every_round_and_replay_reproduces_everything() -> None:
    checked: list[int] = []

    def check(table: Any, number: int) -> None:
        assert table.ledger.total() == 0 and table.books_agree()
        checked.append(number)

    table = new_table(seed="replay")
    bots = {n: BOTS["random" if i % 2 else "flat"](i) for i, n in enumerate(NAMES[:4])}
    report = run_table(table, bots, rounds=max(ROUNDS // 10, 25), on_round=check)
    assert report.rounds == len(checked) and table.closed
    summary = table.ledger.summary()
    assert summary["balanced"] and summary["in_play"] == 0 and summary["commission"] == 0
    record = json.loads(json.dumps(table.to_record()))
    again = FootballTable.from_record(record)
    assert again.hashes() == table.hashes()
    for actor in (*(Actor.player(n) for n in NAMES), Actor.OBSERVER, IDA):
        assert again.view(actor) == table.view(actor)
        assert again.events_for(actor) == table.events_for(actor)
    revealed = next(e for e in record["entries"] if e["event"]["type"] == "hands_revealed")
    revealed["event"]["places"].reverse()
    with pytest.raises(RecordError, match="hash"):
        FootballTable.from_record(record)
    # the same change with the hashes made again: the rules catch it
    with pytest.raises(RuleViolation, match="hands_revealed does not follow"):
        FootballTable.replay(table.options, record["entries"], check_hashes=False)


def test_art8_2_half_lost_on_zero_in_three_cards_reaches_the_ledger_exactly() -> None:
    """Whatever the seeded rounds bring, every settlement line moves its stake, the player's
    payment and the house's share, and nothing else."""
    table = new_table(FootballOptions(limits=BetLimits()), seed="half")
    bots = {n: BOTS["random"](i) for i, n in enumerate(NAMES[:3])}
    run_table(table, bots, rounds=20)
    settles = [tx for tx in table.ledger.transactions if tx.reason == "settle"]
    assert len(settles) == 20 and all(sum(a for _, a in tx.entries) == 0 for tx in settles)
    assert table.books_agree()


def test_registry_entry_is_true() -> None:
    info = game("football-poker")
    assert info.table is FootballTable
    assert info.options is FootballOptions
    assert set(info.bots) == {"random", "flat"}


# -- time, idempotence, fairness -------------------------------------------------------------------


def test_betting_window_timeout_closes_the_bets() -> None:
    table = seated(("ana",), options=FootballOptions(betting_seconds=5))
    at = to_betting(table, at=100)
    (wait,) = table.waiting_on()
    bet(table, "ana", 1, "odd", 100, at)
    assert wait.deadline is not None
    applied = table.timeout(wait.actor, at=wait.deadline)
    assert [e.event.TYPE for e in applied.entries] == ["bets_done"]
    stepped = table.step_house(at=wait.deadline + 1)
    assert stepped is not None and stepped.entries[0].event.TYPE == "bets_closed"


def test_promise_same_command_id_applies_once() -> None:
    table = seated()
    at = to_betting(table)
    command = {"type": "bet", "place": 1, "bet": "odd", "amount": 100}
    first = table.apply(Actor.player("ana"), command, "once", at=at)
    assert table.apply(Actor.player("ana"), command, "once", at=at + 1) is first
    assert len(table.game.stakes) == 1


def test_provably_fair_seed_revealed_when_the_shoe_is_finished_or_the_table_closes() -> None:
    source = FairSource("player's own seed", server_seed=b"\x04" * 32)
    table = FootballTable(TABLE, table_id="fair", source=source)
    run_table(table, {n: BOTS["flat"](i) for i, n in enumerate(NAMES[:2])}, rounds=3)
    kinds = [e.event.TYPE for e in table.entries]
    assert kinds.count("fairness_revealed") == kinds.count("fairness_committed") == 1
    assert kinds[-2:] == ["fairness_revealed", "table_closed"]
    for item in table.events_for(Actor.player("ana"))[:-2]:
        assert "order" not in item["event"] and item["event"]["type"] != "fairness_revealed"


# -- limits (issue 15 item 1) and bad input --------------------------------------------------------


def test_issue15_item1_default_limits_and_the_refusal_naming_the_limit() -> None:
    assert FootballOptions().limits == DEFAULT_LIMITS
    assert DEFAULT_LIMITS.limit("upper").maximum == 500_000
    assert DEFAULT_LIMITS.limit("post").maximum == 60_000
    table = seated(("ana",))
    at = to_betting(table)
    table.apply(Actor.player("ana"), {"type": "buy_in", "amount": 10**6}, "more", at=at)
    before = state(table)
    with pytest.raises(RuleViolation, match="table limits: a post stake may be at most 60000"):
        bet(table, "ana", 1, "post", 60_001, at)
    with pytest.raises(RuleViolation, match="table limits: a odd stake must be at least 100"):
        bet(table, "ana", 1, "odd", 99, at)
    assert state(table) == before
    view = table.view(Actor.player("ana"))
    assert view["limits"] == {
        "upper": {"min": 100, "max": 500_000},
        "lower": {"min": 100, "max": 500_000},
        "even": {"min": 100, "max": 500_000},
        "odd": {"min": 100, "max": 500_000},
        "post": {"min": 100, "max": 60_000},
    }
    post = next(
        o
        for o in table.legal(Actor.player("ana"))
        if o.type == "bet" and "post" in o.fields["bet"].values  # type: ignore[attr-defined]
    )
    assert post.fields["amount"] == Between(100, 60_000)


@pytest.mark.parametrize(
    ("actor", "command", "error"),
    [
        (Actor.player("zed"), {"type": "done"}, "not at this table"),
        (Actor.player("zoe"), {"type": "sit", "place": 11, "buy_in": 1000}, "Art 4.1"),
        (Actor.player("ana"), {"type": "bet", "place": 0, "bet": "odd", "amount": 100}, "Art 4.1"),
        (Actor.player("ana"), {"type": "bet", "place": 1, "bet": "tie", "amount": 100}, "Art 3"),
        (Actor.player("ana"), {"type": "leave", "extra": 1}, "unknown field"),
        (HOUSE, {"type": "deal"}, "Art 5.4"),
        (HOUSE, {"type": "shuffle"}, "Art 5.5"),
        (DEE, {"type": "deal_card", "exposed": False}, "Art 5.4"),
        (DEE, {"type": "void", "reason": "x"}, "unknown football-poker command 'void'"),
    ],
)
def test_bad_input_is_refused_naming_the_fault_and_changes_nothing(
    actor: Actor, command: dict[str, Any], error: str
) -> None:
    table = seated()
    at = to_betting(table)
    before = state(table)
    with pytest.raises(CroupierError, match=error):
        table.apply(actor, command, "bad", at=at)
    assert state(table) == before


def test_show_it_croupier_table_run_football_bots_rounds_seed_json() -> None:
    from typer.testing import CliRunner

    from croupier.cli import app

    args = ["table", "run", "football-poker", "--bots", "3", "--rounds", "5", "--seed", "s"]
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["game"] == "football-poker" and out["rounds"] == 5
    assert out["ledger"]["balanced"] is True and out["books_agree"] is True
    assert set(out["ledger"]["players"]) == {"bot1", "bot2", "bot3"}
    assert [r["round"] for r in out["results"]] == [1, 2, 3, 4, 5]
    bad = CliRunner().invoke(app, ["table", "run", "football-poker", "-o", "betting_seconds=0"])
    assert bad.exit_code == 2 and "betting_seconds must be 1..3600" in bad.output
    assert "Traceback" not in bad.output
