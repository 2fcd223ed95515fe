"""croupier audit verify and croupier table void, on a record the hub wrote (SQLite and
PostgreSQL): a clean record verifies; a changed event, a changed ledger entry or a changed
column is named as the first fault; a void refunds the round's stakes as recorded events."""

from __future__ import annotations

import asyncio

import pytest
from funding import fund
from sqlalchemy import text
from toy_server import CATALOG, GAME_OPTION
from typer.testing import CliRunner

from croupier.cli import app
from croupier.server.db import open_database
from croupier.server.hub import Hub, HubSettings, Subscriber
from croupier.server.store import EventStore
from croupier.table import Actor

runner = CliRunner()


def record_with_a_round_in_play(database_url: str) -> None:
    """Table t1: bot-1 and ana; the round is open, bot-1 has anted, ana is waited on."""

    async def main() -> None:
        database = open_database(database_url)
        store = EventStore(database.engine)
        fund(store, "ana")
        hub = Hub(
            store,
            CATALOG,
            HubSettings(bot_delay_ms=0),
            clock=lambda: 1_714_564_800_000,
        )
        await hub.start()
        await hub.open_table("t1", "toy", {}, by="admin", bots={"bot-1": "default"})
        await hub.subscribe("t1", Subscriber(Actor.player("ana"), 0, asyncio.Queue()), "ana")
        await hub.join("t1", "ana")
        for _ in range(400):
            pot = (await hub.view("t1", Actor.player("ana")))["view"]["pot"]
            if pot:
                break
            await asyncio.sleep(0.005)
        await hub.stop()
        database.close()

    asyncio.run(main())


def audit(database_url: str, *more: str) -> tuple[int, str]:
    result = runner.invoke(
        app, ["audit", "verify", "--database", database_url, "--game", GAME_OPTION, *more]
    )
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def unguard(database_url: str, table: str) -> None:
    """Switch the append-only guard of ``table`` off, as a database owner could."""
    database = open_database(database_url, migrate=False)
    with database.engine.begin() as connection:
        if database.dialect == "postgresql":
            connection.execute(text(f"ALTER TABLE {table} DISABLE TRIGGER {table}_append_only"))
        else:
            connection.execute(text(f"DROP TRIGGER {table}_no_update"))
    database.close()


def execute(database_url: str, sql: str) -> None:
    database = open_database(database_url, migrate=False)
    with database.engine.begin() as connection:
        connection.exec_driver_sql(sql)
    database.close()


def test_a_clean_record_verifies(database_url: str) -> None:
    record_with_a_round_in_play(database_url)
    code, output = audit(database_url)
    assert code == 0, output
    assert "verified: 1 table(s)" in output
    assert audit(database_url, "--table", "t1")[0] == 0
    code, output = audit(database_url, "--table", "nope")
    assert code == 1 and "FAULT: no table 'nope'" in output


def test_a_changed_event_is_the_first_fault(database_url: str) -> None:
    record_with_a_round_in_play(database_url)
    unguard(database_url, "events")
    execute(
        database_url,
        "UPDATE events SET payload = replace(payload, '\"amount\":200', '\"amount\":900') "
        "WHERE stream = 'table:t1' AND seq = 2",
    )
    code, output = audit(database_url)
    assert code == 1
    assert "FAULT: table t1 (toy): table:t1 seq 2" in output
    assert "hash does not match the event's content" in output


def test_a_changed_ledger_entry_is_the_first_fault(database_url: str) -> None:
    record_with_a_round_in_play(database_url)
    unguard(database_url, "ledger_entries")
    execute(
        database_url,
        "UPDATE ledger_entries SET amount = amount + 5 WHERE account = 'table:t1:player:ana'",
    )
    code, output = audit(database_url)
    assert code == 1
    assert "FAULT: table t1 (toy): ledger transaction 3 is table:t1:2" in output


def test_a_void_refunds_the_stakes_as_recorded_events(database_url: str) -> None:
    record_with_a_round_in_play(database_url)
    result = runner.invoke(
        app,
        [
            "table",
            "void",
            "--table",
            "t1",
            "--reason",
            "power cut",
            "--by",
            "dee",
            "--database",
            database_url,
            "--game",
            GAME_OPTION,
        ],
    )
    assert result.exit_code == 0, result.output
    assert "round 1 of table t1 voided" in result.output
    assert "refunds: player:bot-1 10" in result.output
    assert audit(database_url)[0] == 0
    database = open_database(database_url, migrate=False)
    store = EventStore(database.engine)
    try:
        last = store.read("table:t1")[-1]
        assert (last.actor, last.event["type"], last.event["reason"]) == (
            "dealer:dee",
            "voided",
            "power cut",
        )
        house = store.read("house")[-1]
        assert house.type == "round.voided" and house.event["refunds"] == {"player:bot-1": 10}
        assert store.balances("table:t1:pot").get("table:t1:pot") == 0
        assert sum(store.balances().values()) == 0
    finally:
        database.close()
    again = runner.invoke(
        app,
        [
            "table",
            "void",
            "--table",
            "t1",
            "--reason",
            "again",
            "--database",
            database_url,
            "--game",
            GAME_OPTION,
        ],
    )
    assert again.exit_code == 2
    assert "has no round in play to void" in again.output and "Traceback" not in again.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--table", "nope"], "no table 'nope'"),
        (["--table", "t1", "--by", "bad name"], "is not a name"),
    ],
)
def test_a_bad_void_is_refused_clearly(database_url: str, args: list[str], message: str) -> None:
    record_with_a_round_in_play(database_url)
    result = runner.invoke(
        app,
        [
            "table",
            "void",
            *args,
            "--reason",
            "x",
            "--database",
            database_url,
            "--game",
            GAME_OPTION,
        ],
    )
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def test_audit_of_a_database_without_the_schema_is_refused(tmp_path: object) -> None:
    result = runner.invoke(app, ["audit", "verify", "--database", f"sqlite:///{tmp_path}/x.db"])
    assert result.exit_code == 2 and "holds no croupier schema" in result.output
