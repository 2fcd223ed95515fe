"""`audit verify` refuses a hand-written ledger transaction whose seq is past its stream's head
(written with INSERT alone, no trigger switched off, it passed), and a table's last entry removed
while its money stays behind."""

from __future__ import annotations

import pytest
from test_server_audit import audit, execute, record_with_a_round_in_play

from croupier.server.db import open_database
from croupier.server.store import EventStore


def forge(database_url: str, stream: str, key: str) -> None:
    """INSERT only (what the server's own credentials allow): a balanced transaction moving
    1,000,000 from the house's bank to ana's wallet, filed under ``stream`` at a seq far past
    its head."""
    database = open_database(database_url, migrate=False)
    with database.engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO ledger_tx (key, stream, seq, kind, memo, at) VALUES "
            f"('{key}', '{stream}', 999999, 'payout', '', '2024-05-01T12:00:00.000000Z')"
        )
        tx_id = connection.exec_driver_sql(
            f"SELECT id FROM ledger_tx WHERE key = '{key}'"
        ).scalar_one()
        connection.exec_driver_sql(
            "INSERT INTO ledger_entries (tx_id, n, account, amount) VALUES "
            f"({tx_id}, 0, 'house:bank', -1000000), ({tx_id}, 1, 'wallet:ana', 1000000)"
        )
    database.close()


@pytest.mark.parametrize(
    ("stream", "key"), [("table:t1", "table:t1:forged"), ("cashier", "cashier:x:forged")]
)
def test_a_forged_ledger_tx_past_the_head_is_caught(
    database_url: str, stream: str, key: str
) -> None:
    record_with_a_round_in_play(database_url)
    database = open_database(database_url, migrate=False)
    before = EventStore(database.engine).balance("wallet:ana")
    database.close()
    forge(database_url, stream, key)
    database = open_database(database_url, migrate=False)
    after = EventStore(database.engine).balance("wallet:ana")
    database.close()
    assert after == before + 1_000_000  # the money is in ana's wallet
    code, output = audit(database_url)
    assert code == 1, f"audit verify passed a forged transaction:\n{output}"


def test_a_removed_last_entry_whose_money_stays_is_caught(database_url: str) -> None:
    """The table's last entry (it moved money: an ante) is deleted by a database owner, with
    the positions row (working state, updated in place) set back: its ledger transaction and
    its commands row stay, pointing past the stream's new head. The audit skips ledger
    transactions past the head ("not this audit's to judge") and never reads the commands rows,
    so the record verifies with money moved by an entry that is not in it."""
    from test_server_audit import unguard

    record_with_a_round_in_play(database_url)
    database = open_database(database_url, migrate=False)
    with database.engine.begin() as connection:
        pos, seq = connection.exec_driver_sql(
            "SELECT pos, seq FROM events WHERE stream = 'table:t1' ORDER BY seq DESC LIMIT 1"
        ).one()
        top = connection.exec_driver_sql("SELECT max(pos) FROM events").scalar_one()
        txs = connection.exec_driver_sql(
            f"SELECT count(*) FROM ledger_tx WHERE stream = 'table:t1' AND seq = {seq}"
        ).scalar_one()
    database.close()
    assert pos == top and txs >= 1  # the newest entry of the record, and it moved money
    unguard(database_url, "events")
    if database_url.startswith("sqlite"):
        execute(database_url, "DROP TRIGGER events_no_delete")
    execute(database_url, f"DELETE FROM events WHERE pos = {pos}")
    execute(database_url, "UPDATE positions SET last = last - 1")
    code, output = audit(database_url)
    assert code == 1, f"audit verify passed a record missing its last entry:\n{output}"
