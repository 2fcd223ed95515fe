"""The event store and ledger (croupier.server.store) on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from croupier.server import schema
from croupier.server.db import Database, open_database
from croupier.server.entries import house_entry
from croupier.server.store import (
    HOUSE_GENESIS,
    Conflict,
    EventStore,
    InsufficientFunds,
    LedgerError,
    LedgerTx,
)

AT = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
AT_MS = 1714564800000


@pytest.fixture
def store(db: Database) -> EventStore:
    return EventStore(db.engine)


def bet(amount: int, actor: str = "player:ana") -> dict[str, Any]:
    """A table-log entry (its seq is the store's to give)."""
    return {
        "at": AT_MS,
        "actor": actor,
        "command_id": None,
        "event": {"type": "bet", "seat": 1, "amount": amount},
    }


def login(name: str) -> dict[str, Any]:
    return house_entry("login", {"name": name}, at=AT, actor=f"account:{name}")


def test_append_numbers_events_and_chains_their_hashes(store: EventStore) -> None:
    first = store.append("table:1", [bet(10), bet(20)], expected_seq=0, genesis="g" * 64)
    second = store.append("table:1", [bet(30, "player:bo")], expected_seq=2)
    assert (first.first_seq, first.last_seq, second.first_seq) == (1, 2, 3)
    events = store.read("table:1")
    assert [e.seq for e in events] == [1, 2, 3]
    assert [e.pos for e in events] == [1, 2, 3]
    assert events[0].prev_hash == "g" * 64
    assert [e.prev_hash for e in events[1:]] == [e.hash for e in events[:-1]]
    assert all(e.hash == e.expected_hash() for e in events)
    assert events[2].event == {"type": "bet", "seat": 1, "amount": 30}
    assert (events[2].seq, events[2].actor, events[2].at) == (
        3,
        "player:bo",
        "2024-05-01T12:00:00.000000Z",
    )
    assert events[2].entry["seq"] == 3
    assert store.verify_positions() is None


def test_unique_stream_seq_is_the_concurrency_check(store: EventStore) -> None:
    store.append("table:1", [bet(10)], expected_seq=0)
    with pytest.raises(Conflict) as caught:
        store.append("table:1", [bet(20)], expected_seq=0)
    assert caught.value.head == 1
    with pytest.raises(Conflict):  # an entry that says it is seq 1 again
        store.append("table:1", [{**bet(20), "seq": 1}], expected_seq=None)
    assert [e.event["amount"] for e in store.read("table:1")] == [10]
    # Nothing was taken from the global positions by the refused append.
    assert store.last_position() == 1


def test_a_retried_command_id_is_answered_never_applied_twice(store: EventStore) -> None:
    tx = LedgerTx("bet:c1", "bet", (("table:1:player:ana", -10), ("seat:1:1", 10)))
    first = store.append("table:1", [bet(10)], expected_seq=0, command_id="c1", ledger=[tx])
    again = store.append("table:1", [bet(10)], expected_seq=1, command_id="c1", ledger=[tx])
    assert again.duplicate and not first.duplicate
    assert (again.first_seq, again.last_seq) == (1, 1)
    assert [e.hash for e in again.events] == [e.hash for e in first.events]
    assert len(store.read("table:1")) == 1
    assert store.balances() == {"table:1:player:ana": -10, "seat:1:1": 10}
    # The same command_id on another stream is another command.
    other = store.append("table:2", [bet(5)], expected_seq=0, command_id="c1")
    assert not other.duplicate


def test_global_positions_are_gapless_across_streams_and_conflicts(store: EventStore) -> None:
    store.append("table:1", [bet(1)], expected_seq=0)
    with pytest.raises(Conflict):
        store.append("table:1", [bet(2), bet(3)], expected_seq=0)
    store.append("table:2", [bet(4), bet(5)], expected_seq=0)
    store.append("house", [login("ana")], expected_seq=None)
    events = store.read_all()
    assert [e.pos for e in events] == [1, 2, 3, 4]
    assert [e.stream for e in events] == ["table:1", "table:2", "table:2", "house"]
    assert store.verify_positions() is None
    assert [e.pos for e in store.read_all(after_pos=2, limit=1)] == [3]


def test_concurrent_writers_one_stream_each_seq_once(database_url: str) -> None:
    """Four threads race to append to one stream: each append lands once, with no gap."""
    database = open_database(database_url)
    store = EventStore(database.engine)
    landed: list[int] = []
    lock = threading.Lock()

    def writer(name: str) -> None:
        done = 0
        while done < 10:
            seq = store.head("table:1")[0]
            try:
                result = store.append("table:1", [bet(done, f"player:{name}")], expected_seq=seq)
            except Conflict:
                continue
            with lock:
                landed.append(result.last_seq)
            done += 1

    threads = [threading.Thread(target=writer, args=(f"w{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert sorted(landed) == list(range(1, 41))
        assert store.verify_stream("table:1") is None
        assert store.verify_positions() is None
    finally:
        database.close()


@pytest.mark.parametrize("table", schema.APPEND_ONLY)
@pytest.mark.parametrize("statement", ["UPDATE {t} SET {c} = {c}", "DELETE FROM {t}"])
def test_the_record_refuses_update_and_delete(
    store: EventStore, table: str, statement: str
) -> None:
    """The promise "nothing is ever updated or deleted" is the database's, not only ours."""
    tx = LedgerTx("k", "bet", (("a", 1), ("b", -1)))
    store.append("table:1", [bet(1)], expected_seq=0, command_id="c", ledger=[tx])
    with store.transaction() as connection:
        store.register_table(connection, "1", "toy", {}, "g" * 64, at=AT, actor=None)
    column = next(iter(schema.metadata.tables[table].columns)).name
    sql = statement.format(t=table, c=column)
    with pytest.raises(DBAPIError, match="append-only"), store.transaction() as connection:
        connection.execute(text(sql))
    with store.reading() as connection:
        assert connection.execute(text(f"SELECT count(*) FROM {table}")).scalar_one() >= 1


def test_a_ledger_transaction_must_balance() -> None:
    with pytest.raises(LedgerError, match="sums to 5, not 0"):
        LedgerTx("k", "bet", (("a", 10), ("b", -5)))
    with pytest.raises(LedgerError, match="not an integer"):
        LedgerTx("k", "bet", (("a", 0.5), ("b", -0.5)))  # type: ignore[arg-type]


def test_a_ledger_key_moves_money_once(store: EventStore) -> None:
    tx = LedgerTx("deposit:1", "deposit", (("cashier:cash", -100), ("wallet:ana", 100)))
    deposit = house_entry("deposit", {}, at=AT, actor="account:cy")
    store.append("house", [deposit], expected_seq=None, ledger=[tx])
    with pytest.raises(LedgerError, match="already used"):
        store.append("house", [deposit], expected_seq=None, ledger=[tx])
    assert store.balances() == {"cashier:cash": -100, "wallet:ana": 100}
    assert len(store.read("house")) == 1
    assert store.verify_positions() is None
    [(_, stream, seq, read_back)] = store.ledger()
    assert (stream, seq, read_back) == ("house", 1, tx)


def test_issue19_a_wallet_never_goes_below_zero(store: EventStore) -> None:
    """The store checks a debited wallet inside the transaction: a movement that would take it
    below zero is refused whole (its events too), and its positions are given back."""
    fill = LedgerTx("deposit:1", "deposit", (("cash:desk", -100), ("wallet:ana", 100)))
    store.append("house", [house_entry("deposit", {}, at=AT, actor="x")], expected_seq=None,
                 ledger=[fill])  # fmt: skip
    over = LedgerTx("out:1", "withdrawal", (("wallet:ana", -101), ("cash:desk", 101)))
    with pytest.raises(InsufficientFunds, match=r"wallet:ana would hold -1 after out:1"):
        store.append("house", [house_entry("out", {}, at=AT, actor="x")], expected_seq=None,
                     ledger=[over])  # fmt: skip
    exact = LedgerTx("out:2", "withdrawal", (("wallet:ana", -100), ("cash:desk", 100)))
    store.append("house", [house_entry("out", {}, at=AT, actor="x")], expected_seq=None,
                 ledger=[exact])  # fmt: skip
    assert store.balance("wallet:ana") == 0
    assert len(store.read("house")) == 2 and store.verify_positions() is None


def test_postgresql_refuses_an_unbalanced_ledger_write_by_hand(postgres_url: str) -> None:
    """On PostgreSQL a deferred trigger checks the balance too (on SQLite only the store does)."""
    database = open_database(postgres_url)
    try:
        with pytest.raises(DBAPIError, match="sums to 7"), database.engine.begin() as connection:
            connection.execute(
                schema.ledger_tx.insert().values(id=1, key="k", kind="x", memo="", at="t")
            )
            connection.execute(
                schema.ledger_entries.insert().values(tx_id=1, n=0, account="a", amount=7)
            )
    finally:
        database.close()


def test_an_event_changed_behind_the_store_is_found_by_its_hash(
    store: EventStore, db: Database
) -> None:
    """Someone with the database's owner rights switches the guard off and edits a bet: the
    chain check names the event."""
    store.append("table:1", [bet(10), bet(20), bet(30)], expected_seq=0)
    with db.engine.begin() as connection:
        if db.dialect == "postgresql":
            connection.execute(text("ALTER TABLE events DISABLE TRIGGER events_append_only"))
        else:
            connection.execute(text("DROP TRIGGER events_no_update"))
        connection.execute(
            text("UPDATE events SET payload = :p WHERE stream = 'table:1' AND seq = 2"),
            {"p": store.read("table:1")[1].payload_text.replace('"amount":20', '"amount":2000')},
        )
    fault = store.verify_stream("table:1")
    assert fault is not None
    assert (fault.seq, fault.message) == (2, "hash does not match the event's content")
    assert store.read("table:1")[1].event["amount"] == 2000


def test_a_column_that_disagrees_with_the_hashed_entry_is_a_fault(
    store: EventStore, db: Database
) -> None:
    store.append("table:1", [bet(10)], expected_seq=0)
    with db.engine.begin() as connection:
        if db.dialect == "postgresql":
            connection.execute(text("ALTER TABLE events DISABLE TRIGGER events_append_only"))
        else:
            connection.execute(text("DROP TRIGGER events_no_update"))
        connection.execute(text("UPDATE events SET actor = 'player:bo'"))
    fault = store.verify_stream("table:1")
    assert fault is not None and fault.seq == 1
    assert fault.message.startswith("column actor ('player:bo') disagrees with the hashed entry")


def test_the_house_stream_chains_from_its_genesis(store: EventStore) -> None:
    store.append("house", [login("ana"), login("bo")], expected_seq=None)
    events = store.read("house")
    assert events[0].prev_hash == HOUSE_GENESIS
    assert events[1].entry == {
        "seq": 2,
        "at": AT_MS,
        "actor": "account:bo",
        "command_id": None,
        "event": {"type": "login", "name": "bo"},
    }
    assert store.verify_stream("house") is None
