"""Issue 19, money: the cashier's desk, wallets, buy-ins and cash-outs as one house ledger with
the tables' ledgers, on SQLite and PostgreSQL.

* a deposit or withdrawal is one transaction with an idempotency key: a retried request (also
  two at once) moves money once; the same key for another movement is refused;
* no wallet goes below zero (a withdrawal or a buy-in beyond it is refused, nothing written);
* after randomised sequences of deposits, buy-ins, play and cash-outs at several tables, every
  account sums to 0, each table's cashier account is 0, and the audit (each table's fold
  against its ledger entries, the cashier stream, the running wallet balances) verifies;
* a player's daily loss limit refuses the buy-in that would pass it.
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import pytest
from funding import FAST, fund
from hypothesis import given
from hypothesis import strategies as st
from toy_server import CATALOG

from croupier.errors import RuleViolation
from croupier.server.audit import verify
from croupier.server.auth import Accounts
from croupier.server.cashier import Cashier, KeyReused, Limits
from croupier.server.db import open_database
from croupier.server.hub import Hub, HubSettings, Subscriber
from croupier.server.money import bridge
from croupier.server.store import EventStore, InsufficientFunds
from croupier.table import Actor, Tx

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


@pytest.fixture
def store(database_url: str) -> Any:
    database = open_database(database_url)
    yield EventStore(database.engine)
    database.close()


def test_issue19_a_retried_deposit_moves_money_once(store: EventStore) -> None:
    fund(store, "ana", 1)
    cashier = Cashier(store)
    first = cashier.deposit("ana", 500, key="d-1", by="cy", at=NOW)
    again = cashier.deposit("ana", 500, key="d-1", by="cy", at=NOW)
    assert not first.duplicate and again.duplicate
    assert (again.seq, again.amount) == (first.seq, first.amount)
    assert cashier.balance("ana") == 501
    with pytest.raises(KeyReused, match="'d-1' was used for another movement"):
        cashier.deposit("ana", 700, key="d-1", by="cy", at=NOW)
    with pytest.raises(KeyReused):
        cashier.withdraw("ana", 500, key="d-1", by="cy", at=NOW)
    assert cashier.balance("ana") == 501


def test_issue19_two_identical_requests_at_once_move_money_once(store: EventStore) -> None:
    fund(store, "ana", 1)
    cashier = Cashier(store)

    def send(_: int) -> bool:
        return cashier.deposit("ana", 250, key="twice", by="cy", at=NOW).duplicate

    with ThreadPoolExecutor(4) as pool:
        duplicates = list(pool.map(send, range(8)))
    assert duplicates.count(False) == 1
    assert cashier.balance("ana") == 251
    assert len(store.read("cashier")) == 2  # the fund and this one


def test_issue19_a_withdrawal_never_takes_a_wallet_below_zero(store: EventStore) -> None:
    fund(store, "ana", 300)
    cashier = Cashier(store)
    with pytest.raises(InsufficientFunds, match="wallet:ana would hold -1"):
        cashier.withdraw("ana", 301, key="w-1", by="cy", at=NOW)
    assert cashier.balance("ana") == 300
    done = cashier.withdraw("ana", 300, key="w-2", by="cy", at=NOW)
    assert done.balance == 0
    # the refused key was not used: it may be sent again once it can pass
    cashier.deposit("ana", 5, key="d-9", by="cy", at=NOW)
    with pytest.raises(InsufficientFunds):
        cashier.withdraw("ana", 301, key="w-1", by="cy", at=NOW)


@pytest.mark.parametrize(
    ("name", "amount", "key", "message"),
    [
        ("nobody", 10, "k1", "no player account 'nobody'"),
        ("ana", 0, "k1", "an amount is a whole number 1 to"),
        ("ana", -5, "k1", "an amount is a whole number 1 to"),
        ("ana", 10, "bad key", "bad idempotency key 'bad key'"),
    ],
)
def test_issue19_a_bad_movement_is_refused_naming_the_token(
    store: EventStore, name: str, amount: int, key: str, message: str
) -> None:
    fund(store, "ana", 1)
    with pytest.raises(RuleViolation, match=message):
        Cashier(store).deposit(name, amount, key=key, by="cy", at=NOW)


def test_issue19_only_players_have_wallets(store: EventStore) -> None:
    Accounts(store, FAST).create("dee", "dealer", "dee-secret", by=None, at=NOW)
    with pytest.raises(RuleViolation, match="no player account 'dee'"):
        Cashier(store).deposit("dee", 10, key="k", by="cy", at=NOW)


def test_issue19_two_changes_of_limits_at_once_both_hold(store: EventStore) -> None:
    """A player sets his reminder while (another request) his daily loss limit is being set:
    the change written second is read again over the first (it was read, then written whole:
    the first change was lost)."""
    Accounts(store, FAST).create("ana", "player", "ana-secret", by=None, at=NOW)
    cashier = Cashier(store)
    calls: list[Limits] = []

    def loss_limit(now: Limits) -> Limits:
        calls.append(now)
        if len(calls) == 1:  # another request writes between this read and this write
            cashier.set_limits("ana", Limits(None, 30), by="ana", at=NOW)
        return Limits(900, now.session_reminder_minutes)

    assert cashier.update_limits("ana", loss_limit, by="ana", at=NOW) == Limits(900, 30)
    assert calls == [Limits(), Limits(None, 30)]
    assert cashier.limits("ana") == Limits(900, 30)
    with pytest.raises(RuleViolation, match="a daily loss limit is a whole number 1 to"):
        cashier.update_limits("ana", lambda now: Limits(0, 30), by="ana", at=NOW)
    assert cashier.limits("ana") == Limits(900, 30)  # a refused change wrote nothing


@given(
    amount=st.integers(1, 10**9),
    players=st.lists(st.sampled_from(["ana", "bo", "bot-1"]), min_size=1, max_size=3),
    out=st.booleans(),
)
def test_issue19_a_bridge_leaves_the_tables_cashier_at_zero(
    amount: int, players: list[str], out: bool
) -> None:
    """Property: a table's buy-in or cash-out and its bridge together sum to zero and leave the
    table's cashier account where it was; a person's money is his wallet's, a bot's the bank's."""
    sign = -1 if out else 1
    changes: dict[str, int] = {"cashier": 0}
    for p in players:
        changes[f"player:{p}"] = changes.get(f"player:{p}", 0) + sign * amount
        changes["cashier"] -= sign * amount
    tx = Tx.of("7", "chips_out" if out else "chips_in", changes)
    paid = bridge("t", tx, {"bot-1"})
    assert paid is not None
    total: dict[str, int] = {}
    for account, value in (*((f"table:t:{a}", v) for a, v in tx.entries), *paid.entries):
        total[account] = total.get(account, 0) + value
    assert sum(total.values()) == 0 and total.get("table:t:cashier", 0) == 0
    for p in set(players):
        source = "house:bank" if p == "bot-1" else f"wallet:{p}"
        assert total[source] == -total[f"table:t:player:{p}"]


# -- randomised sequences through the hub ---------------------------------------------------


def run_hub(database_url: str, body: Any) -> None:
    async def main() -> None:
        database = open_database(database_url)
        store = EventStore(database.engine)
        hub = Hub(store, CATALOG, HubSettings(bot_delay_ms=0))
        try:
            await hub.start()
            await body(hub, store)
        finally:
            await hub.stop()
            database.close()

    asyncio.run(main())


async def idle(
    hub: Hub, subscribers: dict[tuple[str, str], Subscriber], *, back: bool = True
) -> None:
    """Everyone leaves the room (a table rests between rounds without a person there); the
    people waited on sit the round out; wait until no table is in a round."""
    for (table, name), sub in subscribers.items():
        hub.unsubscribe(table, sub, name)
    for _ in range(2000):
        busy = [live for live in hub.tables.values() if live.in_round()]
        if not busy:
            break
        for live in busy:
            for wait in live.table.waiting_on():
                if wait.actor.is_player and wait.actor.name not in live.bots:
                    cid = f"o{live.table.seq}"
                    await hub.submit(live.id, wait.actor, {"type": "sit_out"}, cid)
        await asyncio.sleep(0.005)
    else:
        raise AssertionError("the tables did not come to rest")
    for (table, name), sub in subscribers.items():
        if back:
            await hub.subscribe(table, sub, name)


@pytest.mark.parametrize("seed", [1, 2])
def test_issue19_randomised_money_sums_to_zero_and_every_fold_agrees(
    database_url: str, seed: int
) -> None:
    rng = random.Random(seed)
    people = ["p0", "p1", "p2", "p3"]

    async def body(hub: Hub, store: EventStore) -> None:
        cashier = Cashier(store)
        for name in people:
            await asyncio.to_thread(fund, store, name, 150)
        subscribers: dict[tuple[str, str], Subscriber] = {}
        for t in ("t1", "t2", "t3"):
            await hub.open_table(t, "toy", {"ante": 10}, by="admin", bots={"bot-1": "default"})
            for name in people:  # everyone is in the room: the tables deal rounds
                subscribers[t, name] = Subscriber(Actor.player(name), None, asyncio.Queue())
                await hub.subscribe(t, subscribers[t, name], name)
        refused = accepted = 0
        for step in range(60):
            name, table = rng.choice(people), rng.choice(["t1", "t2", "t3"])
            actor = Actor.player(name)
            what = rng.choice(["deposit", "withdraw", "sit", "sit", "ante", "leave", "retry"])
            key = f"s{step}"
            try:
                if what == "deposit":
                    await asyncio.to_thread(
                        cashier.deposit, name, rng.randint(1, 300), key=key, by="cy", at=NOW
                    )
                elif what == "withdraw":
                    await asyncio.to_thread(
                        cashier.withdraw, name, rng.randint(1, 300), key=key, by="cy", at=NOW
                    )
                elif what == "retry":  # a request sent again: answered, never moved twice
                    before = cashier.balance(name)
                    await asyncio.to_thread(
                        cashier.deposit, name, 5, key=f"r-{name}", by="cy", at=NOW
                    )
                    await asyncio.to_thread(
                        cashier.deposit, name, 5, key=f"r-{name}", by="cy", at=NOW
                    )
                    assert cashier.balance(name) - before in (0, 5)
                else:
                    command: dict[str, Any] = {"type": what}
                    if what == "sit":
                        command["buy_in"] = rng.randint(10, 250)
                    outcome = await hub.submit(table, actor, command, key)
                    if not outcome.accepted:
                        raise RuleViolation(outcome.article or "", outcome.message or "")
                accepted += 1
            except RuleViolation:
                refused += 1
            if step % 15 == 14:
                await idle(hub, subscribers)
        await idle(hub, subscribers, back=False)
        assert accepted and refused  # both paths were taken
        assert sum(live.table.rounds_closed for live in hub.tables.values()) >= 2  # and play
        balances = store.balances()
        assert sum(balances.values()) == 0
        for t in ("t1", "t2", "t3"):
            assert balances.get(f"table:{t}:cashier", 0) == 0
            live = await hub.read(t, lambda live: live)
            assert not live.in_round()
            mine = {f"table:{t}:{a}": v for a, v in live.table.ledger.balances.items() if v}
            mine.pop(f"table:{t}:cashier", None)
            house = {a: v for a, v in balances.items() if a.startswith(f"table:{t}:") and v}
            house.pop(f"table:{t}:cashier", None)
            assert house == mine and live.table.books_agree()
        assert all(v >= 0 for a, v in balances.items() if a.startswith("wallet:"))
        report = await asyncio.to_thread(verify, store, CATALOG)
        assert report.ok, report.fault

    run_hub(database_url, body)


def test_issue19_a_buy_in_without_the_money_is_refused_and_changes_nothing(
    database_url: str,
) -> None:
    async def body(hub: Hub, store: EventStore) -> None:
        await asyncio.to_thread(fund, store, "ana", 100)
        await hub.open_table("t1", "toy", {}, by="admin")
        seq = hub.tables["t1"].stored_seq
        outcome = await hub.submit("t1", Actor.player("ana"), {"type": "sit", "buy_in": 101}, "a")
        assert not outcome.accepted and outcome.article == "cashier"
        assert "wallet:ana would hold -1" in (outcome.message or "")
        assert hub.tables["t1"].stored_seq == seq and hub.tables["t1"].table.seq == seq
        assert "ana" not in hub.tables["t1"].table.chips()
        ok = await hub.submit("t1", Actor.player("ana"), {"type": "sit", "buy_in": 100}, "b")
        assert ok.accepted and store.balance("wallet:ana") == 0

    run_hub(database_url, body)


def test_issue19_the_daily_loss_limit_refuses_the_buy_in_that_passes_it(database_url: str) -> None:
    async def body(hub: Hub, store: EventStore) -> None:
        await asyncio.to_thread(fund, store, "ana", 1000)
        cashier = Cashier(store)
        await asyncio.to_thread(
            cashier.set_limits, "ana", Limits(daily_loss_limit=250), by="ana", at=NOW
        )
        await hub.open_table("t1", "toy", {}, by="admin")
        ana = Actor.player("ana")
        assert (await hub.submit("t1", ana, {"type": "sit", "buy_in": 200}, "a")).accepted
        assert (await hub.submit("t1", ana, {"type": "leave"}, "b")).accepted  # 200 back
        assert (await hub.submit("t1", ana, {"type": "sit", "buy_in": 250}, "c")).accepted
        assert (await hub.submit("t1", ana, {"type": "leave"}, "d")).accepted
        over = await hub.submit("t1", ana, {"type": "sit", "buy_in": 251}, "e")
        assert not over.accepted and over.article == "responsible gaming"
        assert "daily loss limit is 250" in (over.message or "")
        changed = store.read_types("house", ("limit.changed",))
        assert changed[-1].event["daily_loss_limit"] == 250
        assert changed[-1].actor == "account:ana"

    run_hub(database_url, body)
