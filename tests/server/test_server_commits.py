"""Group commit's short path (croupier.server.commits.append_fast), on SQLite and PostgreSQL.

Issue 21: a batch of ordinary appends is written with a few multi-row statements instead of a
dozen statements an append. The promises of the store must hold all the same: the rows written
are those the careful path (one savepoint an append) writes, in the same order, positions
gapless; anything out of the ordinary (a retried command id, a head that moved, a ledger key
used, a wallet debited) writes nothing the short way, and the careful path answers each append
as before.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from croupier.server import schema
from croupier.server.commits import AppendRequest, append_batch, append_fast
from croupier.server.db import Database, open_database
from croupier.server.store import Appended, Conflict, EventStore, LedgerTx

AT_MS = 1714564800000


def bet(amount: int, actor: str = "player:ana", command_id: str | None = None) -> dict[str, Any]:
    return {
        "at": AT_MS,
        "actor": actor,
        "command_id": command_id,
        "event": {"type": "bet", "seat": 1, "amount": amount},
    }


def batch(round_: int, *, tables: int = 3) -> list[AppendRequest]:
    """One command at each of ``tables`` tables, after ``round_`` earlier ones (2 events each),
    with a table ledger transaction (no wallet)."""
    return [
        AppendRequest(
            f"table:t{t}",
            [bet(10 + round_, command_id=f"c{round_}"), bet(20 + round_)],
            2 * round_,
            f"{t}" * 64,
            f"c{round_}",
            [
                LedgerTx(
                    f"t{t}:{round_}", "stake", ((f"table:t{t}:box", 5), (f"player:ana@t{t}", -5))
                )
            ],
        )
        for t in range(tables)
    ]


def dump(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the record's tables, in key order."""
    out = {}
    with db.engine.connect() as connection:
        for table, key in (
            (schema.events, schema.events.c.pos),
            (schema.commands, schema.commands.c.command_id),
            (schema.ledger_tx, schema.ledger_tx.c.id),
            (schema.ledger_entries, schema.ledger_entries.c.tx_id),
        ):
            rows = connection.execute(select(table).order_by(key, *table.primary_key.columns))
            out[table.name] = [tuple(r) for r in rows]
    return out


def careful(store: EventStore, requests: list[AppendRequest]) -> list[Appended | Exception]:
    """The careful path alone: each append in its own transaction, as before the short path."""
    out: list[Appended | Exception] = []
    for r in requests:
        try:
            out.append(store.append(**r.__dict__))
        except Exception as exc:
            out.append(exc)
    return out


def test_issue21_short_path_writes_the_same_rows_as_the_careful_path(
    database_url: str, tmp_path: Any
) -> None:
    fast_db = open_database(database_url)
    fast = EventStore(fast_db.engine)
    written: list[Appended] = []
    for r in range(3):
        result = append_fast(fast, batch(r))
        assert result is not None, "an ordinary batch is written the short way"
        written += result
    fast_rows = dump(fast_db)
    fast_db.close()
    slow_db = open_database(f"sqlite:///{tmp_path}/careful.db")
    slow = EventStore(slow_db.engine)
    told: list[Appended | Exception] = []
    for r in range(3):
        told += careful(slow, batch(r))
    slow_rows = dump(slow_db)
    slow_db.close()
    assert fast_rows == slow_rows
    assert written == told
    positions = [row[0] for row in fast_rows["events"]]
    assert positions == list(range(1, len(positions) + 1)), "gapless global positions"


def test_issue21_a_retried_command_id_takes_the_careful_path(db: Database) -> None:
    store = EventStore(db.engine)
    first = append_batch(store, batch(0))
    again = batch(0)[:1] + batch(1)[1:]  # table 0 retries c0; the others go on
    assert append_fast(store, again) is None, "nothing is written the short way"
    results = append_batch(store, again)
    assert isinstance(results[0], Appended) and results[0].duplicate
    assert isinstance(first[0], Appended)
    assert results[0].events == first[0].events, "a retried command id answers with its events"
    assert [r.first_seq for r in results[1:]] == [3, 3]  # type: ignore[union-attr]


def test_issue21_a_head_that_moved_is_a_conflict_of_its_append_only(db: Database) -> None:
    store = EventStore(db.engine)
    append_batch(store, batch(0))
    stale = batch(1)
    stale[1] = AppendRequest(**{**stale[1].__dict__, "expected_seq": 1})  # behind the head
    assert append_fast(store, stale) is None
    results = append_batch(store, stale)
    assert isinstance(results[1], Conflict)
    assert isinstance(results[0], Appended) and isinstance(results[2], Appended)
    assert [e.seq for e in store.read("table:t1")] == [1, 2], "the conflict wrote nothing"


def test_issue21_a_wallet_debit_and_a_used_ledger_key_take_the_careful_path(
    db: Database,
) -> None:
    store = EventStore(db.engine)
    requests = batch(0)
    wallet = LedgerTx("buy", "seat.buy_in", (("wallet:ana", -5), ("table:t0:chips", 5)))
    requests[0] = AppendRequest(**{**requests[0].__dict__, "ledger": [wallet]})
    assert append_fast(store, requests) is None, "a wallet's balance needs checking"
    results = append_batch(store, requests)
    assert type(results[0]).__name__ == "InsufficientFunds"
    assert all(isinstance(r, Appended) for r in results[1:])
    reused = batch(1)
    reused[2] = AppendRequest(**{**reused[2].__dict__, "ledger": batch(0)[2].ledger})
    assert append_fast(store, reused) is None, "a ledger key already used"
    results = append_batch(store, reused)
    assert type(results[2]).__name__ == "LedgerError"
    assert isinstance(results[1], Appended)  # (table 0 wrote nothing in round 0: a conflict)
