"""3-card baccarat on the table interface (croupier/table/baccarat.py, banking.py): the offers
both ways, who sees what when (checked against an independent reading of the log), the ledger,
replay, time, the house's steps, fair shoes, the table limits (issue 15 item 1) and bad input
(Portaria 22/96/M; docs/table.md, 3-card baccarat).

``BANKING_TABLE_ROUNDS`` sets how many random rounds the long tests play (default: 1,000 for the
redaction test, the CI form; set it to a few thousand for the long run). What the two banking
tables' tests share is in banking_driver.py."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.errors import CroupierError, RecordError, RuleViolation
from croupier.events import CardDealt, ShoeShuffled
from croupier.games.banking_commands import Bet, Withdraw
from croupier.games.three_card_baccarat.bots import BOTS
from croupier.games.three_card_baccarat.commands import COMMANDS, DealCard
from croupier.games.three_card_baccarat.options import (
    DEFAULT_LIMITS,
    NO_LIMITS,
    BaccaratOptions,
    DealOrder,
    TieRule,
)
from croupier.money import BetLimits, Limit
from croupier.offers import Between, OneOf
from croupier.shoe import ordered_pack
from croupier.shuffle import ProvablyFairShuffler
from croupier.table import Actor, FairSource, SeededSource
from croupier.table.baccarat import BaccaratTable
from croupier.table.events import FairnessCommitted, FairnessRevealed
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
    baccarat_holders,
    cards_in,
    check_redaction,
    check_sampled_commands_apply,
    check_unoffered_commands_refused,
    seat,
    state,
    to_betting,
)

BOX = BaccaratOptions(positions=5)
SHOE = BaccaratOptions(decks=6, positions=5)
TABLE_CLASS = BaccaratTable


def new_table(
    options: BaccaratOptions = SHOE, seed: str = "t", source: Any = None
) -> BaccaratTable:
    return BaccaratTable(options, table_id="b1", source=source or SeededSource(seed))


def seated(players: tuple[str, ...] = ("ana", "bo", "cy"), **kw: Any) -> BaccaratTable:
    return seat(new_table(**kw), players)


def driver(seed: int, options: BaccaratOptions, players: int) -> Driver:
    return Driver(new_table(options, seed=f"d{seed}"), seed, players, baccarat_holders)


# -- the offers, both ways -------------------------------------------------------------------------


@st.composite
def tables(draw: st.DrawFn) -> BaccaratOptions:
    decks = draw(st.sampled_from([1, 2, 6]))
    limits = draw(
        st.sampled_from(
            [DEFAULT_LIMITS, NO_LIMITS, BetLimits(Limit(500, 2_000), {"tie": Limit(100, 300)})]
        )
    )
    return BaccaratOptions(
        decks=decks,
        positions=draw(st.integers(1, 7)),
        limits=limits,
        tie_needs_own_main_bet=draw(st.booleans()),
        betting_seconds=draw(st.sampled_from([1, 60])),
        deal_order=draw(st.sampled_from(list(DealOrder))),
        tie_rule=draw(st.sampled_from(list(TieRule))),
    )


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=tables(), seed=st.integers(0, 2**32), players=st.integers(1, 5))
def test_promise_every_command_sampled_from_legal_applies(
    options: BaccaratOptions, seed: int, players: int
) -> None:
    """Every command sampled from the offers applies; the house steps are among the dealer's
    offers (what HOUSE_STEPS_OFFERED lets step_house skip checking)."""
    assert TABLE_CLASS.HOUSE_STEPS_OFFERED
    check_sampled_commands_apply(driver(seed, options, players))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_promise_commands_no_offer_admits_are_refused_and_change_nothing(seed: int) -> None:
    check_unoffered_commands_refused(driver(seed, BOX, 4), seed, COMMANDS)


# -- who sees what, over many rounds ---------------------------------------------------------------


@pytest.mark.parametrize("options", [BOX, SHOE], ids=["box", "shoe"])
def test_promise_no_actor_receives_a_card_he_may_not_see(options: BaccaratOptions) -> None:
    """Random rounds with misdeals, exposed cards, voids and early shuffles: every view after
    every command, and every event as each actor receives it, hold no card the log does not let
    him see then (Art 3.2 face down, 3.5 exposed, 5.3 a place's own cards)."""
    rounds = -(-REDACTION_ROUNDS // 2)  # the two cases share the file's rounds
    played = check_redaction(lambda seed: driver(seed, options, 5), baccarat_holders, rounds)
    assert played >= rounds


def test_art3_2_cards_face_down_then_every_hand_shown_when_all_are_out() -> None:
    table = seated(("ana", "bo"))
    at = to_betting(table)
    table.apply(
        Actor.player("ana"), {"type": "bet", "place": 1, "bet": "main", "amount": 1000}, "a", at=at
    )
    table.apply(
        Actor.player("bo"), {"type": "bet", "place": 1, "bet": "main", "amount": 500}, "b", at=at
    )
    for name in ("ana", "bo"):
        table.apply(Actor.player(name), {"type": "done"}, f"d{name}", at=at)
    kinds: list[str] = []
    while table.game.phase.value != "dealt":
        stepped = table.step_house(at=at)
        assert stepped is not None
        kinds += [e.event.TYPE for e in stepped.entries]
    assert kinds[0] == "bets_closed" and kinds[-1] == "hands_revealed"
    dealt = [(e.seq, e.event) for e in table.entries if isinstance(e.event, CardDealt)]
    ana = table.events_for(Actor.player("ana"))
    bo = table.events_for(Actor.player("bo"))
    for seq, event in dealt:
        if event.to == 1:  # ana sits at place 1: her place's cards (Art 5.3)
            assert ana[seq - 1]["event"]["card"] == str(event.card)
        else:
            assert ana[seq - 1]["event"]["card"] == "##"
        # bo sits at place 2, where nobody bet: no card of his
        assert bo[seq - 1]["event"]["card"] == "##"
    reveal = table.events_for(Actor.OBSERVER)[-1]["event"]
    assert reveal["type"] == "hands_revealed" and reveal["places"] == [1, 0]
    assert len(cards_in(reveal)) == 6


def test_art3_5_a_card_turned_up_in_the_deal_is_everyones() -> None:
    table = seated(("ana",))
    at = to_betting(table)
    table.apply(
        Actor.player("ana"), {"type": "bet", "place": 3, "bet": "main", "amount": 1000}, "a", at=at
    )
    table.apply(Actor.player("ana"), {"type": "done"}, "d", at=at)
    while not table.game.can_deal_card():
        assert table.step_house(at=at) is not None
    applied = table.apply(DEE, DealCard(3, True), "exposed", at=at)
    (entry,) = applied.entries
    event = entry.event
    assert isinstance(event, CardDealt)
    form = table.events_for(Actor.OBSERVER)[entry.seq - 1]["event"]
    assert form["card"] == str(event.card) and form["exposed"] is True
    view = table.view(Actor.OBSERVER)
    hand = next(h for h in view["hands"] if h["place"] == 3)
    assert hand["cards"] == [str(event.card)]


def test_art3_4_misdeal_rectified_by_the_house_then_settled() -> None:
    table = seated(("ana",))
    at = to_betting(table)
    table.apply(
        Actor.player("ana"), {"type": "bet", "place": 1, "bet": "main", "amount": 1000}, "a", at=at
    )
    table.apply(Actor.player("ana"), {"type": "done"}, "d", at=at)
    while not table.game.can_deal_card():
        assert table.step_house(at=at) is not None
    table.apply(DEE, {"type": "deal_card", "to": 0, "exposed": False}, "wrong", at=at)
    kinds: list[str] = []
    while table.game.phase.value == "dealing" or table.game.phase.value == "dealt":
        stepped = table.step_house(at=at)
        assert stepped is not None
        kinds += [e.event.TYPE for e in stepped.entries]
    assert kinds == [
        "card_dealt",
        *["card_dealt"] * 4,
        "hands_revealed",
        "misdeal_rectified",
        "hands_revealed",
        "round_settled",
    ]
    assert table.books_agree()


def test_art3_4_void_round_returns_the_new_stakes() -> None:
    table = seated(("ana",))
    at = to_betting(table)
    table.apply(
        Actor.player("ana"), {"type": "bet", "place": 1, "bet": "main", "amount": 1000}, "a", at=at
    )
    table.apply(Actor.player("ana"), {"type": "done"}, "d", at=at)
    while not table.game.can_deal_card():
        assert table.step_house(at=at) is not None
    table.apply(DEE, {"type": "deal_card", "to": 2, "exposed": False}, "wrong", at=at)
    table.apply(DEE, {"type": "void", "reason": "cards dropped"}, "void", at=at)
    assert table.chips()["ana"] == 100_000 and table.rounds[-1].closed
    assert table.ledger.summary()["in_play"] == 0 and table.books_agree()


# -- money, rounds, replay -------------------------------------------------------------------------


@pytest.mark.parametrize("options", [BOX, SHOE], ids=["box", "shoe"])
def test_promise_books_agree_every_round_and_replay_reproduces_everything(
    options: BaccaratOptions,
) -> None:
    checked: list[int] = []

    def check(table: Any, number: int) -> None:
        assert table.ledger.total() == 0 and table.books_agree()
        checked.append(number)

    table = new_table(options, seed="replay")
    bots = {n: BOTS["random" if i % 2 else "flat"](i) for i, n in enumerate(NAMES[:4])}
    report = run_table(table, bots, rounds=max(ROUNDS // 10, 25), on_round=check)
    assert report.rounds == len(checked) and table.closed
    summary = table.ledger.summary()
    assert summary["balanced"] and summary["commission"] > 0
    assert (
        summary["cashier"]
        + summary["house"]
        + summary["commission"]
        + sum(summary["players"].values())
        + summary["in_play"]
        == 0
    )
    record = json.loads(json.dumps(table.to_record()))
    again = BaccaratTable.from_record(record)
    assert again.hashes() == table.hashes()
    for actor in (*(Actor.player(n) for n in NAMES), Actor.OBSERVER, IDA):
        assert again.view(actor) == table.view(actor)
        assert again.events_for(actor) == table.events_for(actor)
    assert dict(again.ledger.balances) == dict(table.ledger.balances)
    placed = next(e for e in record["entries"] if e["event"]["type"] == "bet_placed")
    placed["event"]["amount"] += 1
    with pytest.raises(RecordError, match="hash"):
        BaccaratTable.from_record(record)


def test_promise_ledger_accounts_buy_in_bets_payouts_commission_cash_out() -> None:
    table = seated(("ana",))
    at = to_betting(table)
    ana = Actor.player("ana")
    table.apply(ana, {"type": "bet", "place": 1, "bet": "main", "amount": 10_000}, "a", at=at)
    assert table.ledger.balance("stake:1:main:ana") == 10_000
    assert table.ledger.balance("player:ana") == 90_000
    table.apply(ana, {"type": "done"}, "d", at=at)
    while not table.rounds or not table.rounds[-1].closed:
        assert table.step_house(at=at) is not None
    (line,) = table.game.last_settlement.lines  # type: ignore[union-attr]
    reasons = [tx.reason for tx in table.ledger.transactions]
    assert reasons == ["chips_in", "bet", "settle"]
    assert table.ledger.balance("player:ana") == 90_000 + line.paid + line.carried * 0
    if line.result.value == "win":
        assert table.ledger.balance("commission") == 500  # Art 10: 5% of 10,000
    if not line.carried:
        table.apply(ana, {"type": "leave"}, "out", at=at + 1)
        assert table.ledger.balance("player:ana") == 0
        assert table.ledger.transactions[-1].reason == "chips_out"
    assert table.ledger.total() == 0 and table.books_agree()


def test_promise_rounds_open_with_betting_and_close_with_the_settlement() -> None:
    table = new_table(BOX, seed="rounds")
    run_table(table, {n: BOTS["flat"](i) for i, n in enumerate(NAMES[:3])}, rounds=4)
    assert [r.number for r in table.rounds] == [1, 2, 3, 4]
    for span in table.rounds:
        entries = table.round_entries(span.number)
        assert entries[0].event.TYPE == "round_opened"
        assert entries[-1].event.TYPE == "round_settled"


def test_registry_entry_is_true() -> None:
    info = game("three-card-baccarat")
    assert info.table is BaccaratTable
    assert info.options is BaccaratOptions
    assert set(info.bots) == {"random", "flat"}
    assert BaccaratTable.schema()["title"] == "croupier three-card-baccarat command"


# -- time, the house, idempotence ------------------------------------------------------------------


def test_betting_window_is_a_table_option_and_its_timeout_closes_the_bets() -> None:
    table = seated(("ana", "bo"), options=BaccaratOptions(decks=6, betting_seconds=30))
    at = to_betting(table, at=1000)
    waits = table.waiting_on()
    assert {str(w.actor) for w in waits} == {"player:ana", "player:bo"}
    opened = next(e.at for e in reversed(table.entries) if e.event.TYPE == "round_opened")
    assert all(w.deadline == opened + 30_000 and w.rule == "betting_seconds" for w in waits)
    ana = Actor.player("ana")
    table.apply(ana, {"type": "bet", "place": 1, "bet": "main", "amount": 1000}, "a", at=at)
    with pytest.raises(RuleViolation, match="still has"):
        table.timeout(ana, at=opened + 29_999)
    for wait in table.waiting_on():
        applied = table.timeout(wait.actor, at=opened + 30_000)
        assert [e.event.TYPE for e in applied.entries] == ["bets_done"]
    assert table.waiting_on() == ()
    stepped = table.step_house(at=opened + 30_001)
    assert stepped is not None and stepped.entries[0].event.TYPE == "bets_closed"


def test_nobody_bet_the_house_calls_for_bets_again() -> None:
    table = seated(("ana",))
    at = to_betting(table)
    table.apply(Actor.player("ana"), {"type": "done"}, "d", at=at)
    stepped = table.step_house(at=at + 1)
    assert stepped is not None and stepped.entries[0].event.TYPE == "betting_reopened"
    assert [str(w.actor) for w in table.waiting_on()] == ["player:ana"]


def test_promise_same_command_id_applies_once() -> None:
    table = seated()
    at = to_betting(table)
    ana = Actor.player("ana")
    command = {"type": "bet", "place": 1, "bet": "main", "amount": 1000}
    first = table.apply(ana, command, "once", at=at)
    again = table.apply(ana, command, "once", at=at + 5)
    assert again is first and table.game.stakes[0].amount == 1000
    with pytest.raises(RuleViolation, match="already used"):
        table.apply(ana, {"type": "done"}, "once", at=at + 6)


def test_the_house_steps_a_shoe_and_a_round_through() -> None:
    table = seated(("ana",))
    kinds: list[str] = []
    at = 1
    while not table.waiting_on():
        stepped = table.step_house(at=at)
        assert stepped is not None
        kinds.extend(e.event.TYPE for e in stepped.entries)
    assert kinds == ["shoe_shuffled", "round_opened"]
    table.apply(
        Actor.player("ana"), {"type": "bet", "place": 2, "bet": "main", "amount": 100}, "b", at=at
    )
    table.apply(Actor.player("ana"), {"type": "done"}, "d", at=at)
    while True:
        stepped = table.step_house(at=at)
        assert stepped is not None
        kinds.append(stepped.command["type"])
        if stepped.command["type"] == "settle":
            break
    assert kinds[2:] == ["close_bets", "burn", "deal", "settle"]  # Art 3.2: the burns first


def test_a_table_closes_only_between_rounds_or_before_a_stake_of_the_round() -> None:
    table = seated()
    at = to_betting(table)
    table.apply(Actor.player("ana"), Bet(1, "main", 1_000), "b1", at=at)
    with pytest.raises(RuleViolation, match="in play"):
        table.close(at=10)
    # a betting window left with nothing staked for the round (issue 15 item 7: a player who
    # quits the prompt): nothing is in play, the table closes
    table.apply(Actor.player("ana"), Withdraw(1, "main"), "w1", at=at)
    assert table.close(at=10).events[-1].TYPE == "table_closed"


# -- fairness --------------------------------------------------------------------------------------


def test_provably_fair_commitment_first_seed_revealed_when_the_shoe_is_finished() -> None:
    source = FairSource("player's own seed", server_seed=b"\x02" * 32)
    table = BaccaratTable(BOX, table_id="fair", source=source)  # a box: one round a shoe
    run_table(table, {n: BOTS["flat"](i) for i, n in enumerate(NAMES[:3])}, rounds=2)
    events = [e.event for e in table.entries]
    kinds = [e.TYPE for e in events]
    assert kinds.count("fairness_committed") >= 2
    assert kinds.count("fairness_revealed") == kinds.count("fairness_committed")
    for i, committed in enumerate(events):
        if not isinstance(committed, FairnessCommitted):
            continue
        shuffled = events[i + 1]
        assert isinstance(shuffled, ShoeShuffled)
        reveal = next(e for e in events[i:] if isinstance(e, FairnessRevealed))
        seed = bytes.fromhex(reveal.server_seed)
        again = ProvablyFairShuffler(seed, committed.client_seed, committed.nonce)
        assert again.commitment == committed.commitment
        # the shuffle's first draw is the shuffle of the ordered pack (deal.prepare_shoe)
        assert len(again.shuffle(ordered_pack(decks=1))) == len(shuffled.order)
    for item in table.events_for(Actor.player("ana")):
        assert "order" not in item["event"]


def test_a_shoe_closed_early_has_its_seed_revealed_before_the_seal() -> None:
    source = FairSource("player's own seed", server_seed=b"\x03" * 32)
    table = BaccaratTable(SHOE, table_id="fair", source=source)
    run_table(table, {n: BOTS["flat"](i) for i, n in enumerate(NAMES[:2])}, rounds=2)
    kinds = [e.event.TYPE for e in table.entries]
    assert kinds[-2:] == ["fairness_revealed", "table_closed"]
    assert BaccaratTable.from_record(json.loads(json.dumps(table.to_record()))).closed


# -- limits (issue 15 item 1) ----------------------------------------------------------------------


def test_issue15_item1_default_limits_main_100_to_500000_side_bets_smaller() -> None:
    limits = BaccaratOptions().limits
    assert limits == DEFAULT_LIMITS
    assert (limits.limit("main").minimum, limits.limit("main").maximum) == (100, 500_000)
    for side in ("odd", "even", "three_faces", "points_0", "points_9", "tie"):
        assert limits.limit(side).maximum is not None
        assert limits.limit(side).maximum < 500_000  # type: ignore[operator]
    assert BaccaratOptions.from_dict({}).limits == DEFAULT_LIMITS


@pytest.mark.parametrize(
    ("bet", "amount", "fragment"),
    [
        ("main", 99, "a main stake must be at least 100"),
        ("main", 500_001, "a main stake may be at most 500000"),
        ("tie", 25_001, "a tie stake may be at most 25000"),
        ("points_3", 60_001, "a points_3 stake may be at most 60000"),
    ],
)
def test_issue15_item1_the_engine_refuses_a_stake_out_of_limits_naming_the_limit(
    bet: str, amount: int, fragment: str
) -> None:
    table = seated(("ana",))
    at = to_betting(table)
    ana = Actor.player("ana")
    table.apply(ana, {"type": "buy_in", "amount": 10**6}, "more", at=at)
    if bet == "tie":
        table.apply(ana, {"type": "bet", "place": 1, "bet": "main", "amount": 1000}, "m", at=at)
    before = state(table)
    with pytest.raises(RuleViolation, match="table limits") as refused:
        table.apply(ana, {"type": "bet", "place": 1, "bet": bet, "amount": amount}, "x", at=at)
    assert fragment in str(refused.value)
    assert state(table) == before


def test_issue15_item1_a_raise_counts_the_whole_stake_against_the_limit() -> None:
    table = seated(("ana",))
    at = to_betting(table)
    ana = Actor.player("ana")
    table.apply(ana, {"type": "buy_in", "amount": 10**6}, "more", at=at)
    table.apply(ana, {"type": "bet", "place": 1, "bet": "main", "amount": 400_000}, "m", at=at)
    raises = [o for o in table.legal(ana) if o.type == "raise"]
    (offer,) = raises
    assert offer.fields["amount"] == Between(1, 100_000)
    with pytest.raises(RuleViolation, match="at most 500000"):
        table.apply(
            ana, {"type": "raise", "place": 1, "bet": "main", "amount": 100_001}, "r", at=at
        )


def test_issue15_item1_limits_are_shown_in_the_view_and_bound_the_offers() -> None:
    table = seated(("ana",))
    at = to_betting(table)
    view = table.view(Actor.player("ana"))
    assert view["limits"]["main"] == {"min": 100, "max": 500_000}
    assert view["limits"]["tie"] == {"min": 100, "max": 25_000}
    assert view["you"]["chips"] == 100_000
    offers = [o for o in table.legal(Actor.player("ana")) if o.type == "bet"]
    main = next(o for o in offers if "main" in o.fields["bet"].values)  # type: ignore[attr-defined]
    assert main.fields["amount"] == Between(100, 100_000)  # his chips bound the limit's 500,000
    assert all(isinstance(o.fields["place"], OneOf) for o in offers)
    assert not any("tie" in o.fields["bet"].values for o in offers)  # type: ignore[attr-defined]
    del at


def test_a_stake_larger_than_the_chips_is_refused_by_the_cashier() -> None:
    table = seated(("ana",))
    at = to_betting(table)
    with pytest.raises(RuleViolation, match="cashier: ana has 100000 in chips"):
        table.apply(
            Actor.player("ana"),
            {"type": "bet", "place": 1, "bet": "main", "amount": 100_001},
            "x",
            at=at,
        )


# -- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actor", "command", "error"),
    [
        (Actor.player("zed"), {"type": "done"}, "not at this table"),
        (Actor.player("ana"), {"type": "sit", "place": 4, "buy_in": 1000}, "already sits"),
        (Actor.player("zoe"), {"type": "sit", "place": 1, "buy_in": 1000}, "taken by ana"),
        (Actor.player("zoe"), {"type": "sit", "place": 9, "buy_in": 1000}, "Art 5.1"),
        (Actor.player("zoe"), {"type": "sit", "place": 5, "buy_in": 99}, "at least 100"),
        (Actor.player("ana"), {"type": "bet", "place": 8, "bet": "main", "amount": 100}, "Art 5.1"),
        (
            Actor.player("ana"),
            {"type": "bet", "place": 1, "bet": "banco", "amount": 100},
            "unknown bet",
        ),
        (Actor.player("ana"), {"type": "bet", "place": 1, "bet": "tie", "amount": 100}, "Art 8.3"),
        (
            Actor.player("ana"),
            {"type": "bet", "place": 1, "bet": "main", "amount": "100"},
            "must be an integer",
        ),
        (
            Actor.player("ana"),
            {"type": "raise", "place": 1, "bet": "main", "amount": 100},
            "no main stake",
        ),
        (Actor.player("ana"), {"type": "withdraw", "place": 1, "bet": "main"}, "no main stake"),
        (Actor.player("ana"), {"type": "shove"}, "unknown three-card-baccarat command 'shove'"),
        (Actor.OBSERVER, {"type": "deal"}, "may watch but never act"),
        (HOUSE, {"type": "settle"}, "Art 9"),
        (HOUSE, {"type": "close_bets"}, "Art 5.1: no stake on the layout"),
        (DEE, {"type": "rectify"}, "Art 3.4"),
        (DEE, {"type": "void", "reason": "x"}, "Art 3.4"),
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


def test_art7_2_a_tie_carried_main_bet_may_be_raised_not_withdrawn() -> None:
    """Play seeded rounds until a main bet ties; then its stake is offered a raise only."""
    for seed in range(200):
        table = seated(("ana",), options=BaccaratOptions(decks=6, positions=1), seed=f"tie{seed}")
        at = to_betting(table)
        ana = Actor.player("ana")
        table.apply(ana, {"type": "bet", "place": 1, "bet": "main", "amount": 1000}, "m", at=at)
        table.apply(ana, {"type": "done"}, "d", at=at)
        while not table.rounds[-1].closed:
            assert table.step_house(at=at) is not None
        if not table.game.stakes:
            continue
        assert table.step_house(at=at) is not None  # the next round opens
        offers = table.legal(ana)
        assert any(o.type == "raise" for o in offers)
        assert not any(o.type == "withdraw" for o in offers)
        assert not any(o.type == "leave" for o in offers)
        with pytest.raises(RuleViolation, match=r"Art 7\.2"):
            table.apply(ana, {"type": "withdraw", "place": 1, "bet": "main"}, "w", at=at)
        table.apply(ana, {"type": "raise", "place": 1, "bet": "main", "amount": 500}, "r", at=at)
        assert table.game.stakes[0].amount == 1500 and table.books_agree()
        return
    pytest.fail("no tie in 200 seeded rounds")


# -- the command line ------------------------------------------------------------------------------


def test_show_it_croupier_table_run_baccarat_bots_rounds_seed_json() -> None:
    from typer.testing import CliRunner

    from croupier.cli import app

    args = ["table", "run", "three-card-baccarat", "--bots", "3", "--rounds", "5", "--seed", "s"]
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["game"] == "three-card-baccarat" and out["rounds"] == 5
    assert out["events"] > 5 * 10 and out["books_agree"] is True
    ledger = out["ledger"]
    assert ledger["balanced"] is True and set(ledger["players"]) == {"bot1", "bot2", "bot3"}
    assert (
        ledger["cashier"]
        + ledger["house"]
        + ledger["commission"]
        + sum(ledger["players"].values())
        + ledger["in_play"]
        == 0
    )
    assert out["options"]["limits"] == DEFAULT_LIMITS.to_dict()
    again = CliRunner().invoke(app, [*args, "--json"])
    assert again.output == result.output  # the seed makes the run
    text = CliRunner().invoke(app, args)
    assert text.exit_code == 0 and "Ledger balanced: True; books agree: True" in text.output


def test_provably_fair_a_revealed_seed_is_checked_against_the_shoe_at_replay() -> None:
    source = FairSource("player's own seed", server_seed=b"\x05" * 32)
    table = BaccaratTable(BOX, table_id="fair", source=source)
    run_table(table, {n: BOTS["flat"](i) for i, n in enumerate(NAMES[:2])}, rounds=2)
    record = json.loads(json.dumps(table.to_record()))
    assert BaccaratTable.replay(BOX, record["entries"], table_id="fair").hashes() == table.hashes()
    revealed = next(e for e in record["entries"] if e["event"]["type"] == "fairness_revealed")
    revealed["event"]["server_seed"] = "06" * 32  # another seed (the hashes made again: no chain)
    with pytest.raises(RuleViolation, match=r"fair play: .*does not hash to the commitment"):
        BaccaratTable.replay(BOX, record["entries"], table_id="fair", check_hashes=False)


def test_issue18_an_actors_view_is_the_same_whoever_was_shown_the_table_before_him() -> None:
    # the parts of a view common to every actor are made once per state and shared by the
    # actors' views (issue 18): each actor's view (his ``you``, his cards) reads as if it had
    # been made alone, and stays so once the others' are made
    table = new_table()
    actors = [Actor.player(n) for n in NAMES[:3]]
    actors += [Actor.player("zed"), Actor.OBSERVER, Actor.dealer("dee"), Actor.inspector("ida")]

    def check(table: Any, _applied: Any) -> None:
        views = [table.view(actor) for actor in actors]
        table._memo().clear()  # the state's memo forgotten: made again, the other way round
        again = [table.view(actor) for actor in reversed(actors)][::-1]
        assert json.dumps(views) == json.dumps(again)
        assert len({json.dumps(v.get("you")) for v in views}) == 4 + 1  # each player, None

    run_table(table, {n: BOTS["flat"](i) for i, n in enumerate(NAMES[:3])}, rounds=3, on_step=check)
