"""Issue 19, the inspector's export: ``croupier audit export`` then ``croupier audit verify
--from-export`` passes offline (every table folded again to its ledger), and fails naming the
first changed line when one byte of any file of the export is changed (SQLite and PostgreSQL).
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from funding import FAST, fund
from toy_server import CATALOG, GAME_OPTION
from typer.testing import CliRunner

from croupier.cli import app
from croupier.server.db import open_database
from croupier.server.export import FILES, MANIFEST, export, verify_export
from croupier.server.hub import Hub, HubSettings, Subscriber
from croupier.server.store import EventStore
from croupier.table import Actor

runner = CliRunner()


def played(database_url: str, rounds: int = 2) -> None:
    """t1 with a bot and ana: ``rounds`` rounds settled, ana cashed out; bo sits at t2."""

    async def main() -> None:
        database = open_database(database_url)
        store = EventStore(database.engine)
        fund(store, "ana")
        fund(store, "bo")
        hub = Hub(store, CATALOG, HubSettings(bot_delay_ms=0))
        await hub.start()
        await hub.open_table("t1", "toy", {}, by="admin", bots={"bot-1": "default"})
        await hub.open_table("t2", "toy", {"ante": 5}, by="admin")
        bo = await hub.submit("t2", Actor.player("bo"), {"type": "sit", "buy_in": 100}, "s")
        assert bo.accepted
        ana = Actor.player("ana")
        sub = Subscriber(ana, 0, asyncio.Queue())
        await hub.subscribe("t1", sub, "ana")
        assert (await hub.join("t1", "ana")).accepted
        for _ in range(3000):
            table = hub.tables["t1"].table
            if table.rounds_closed >= rounds:
                break
            if any(o.type == "ante" for o in table.legal(ana)):
                await hub.submit("t1", ana, {"type": "ante"}, f"a{table.seq}")
            await asyncio.sleep(0.002)
        hub.unsubscribe("t1", sub, "ana")  # the table rests after the round in play
        for _ in range(3000):
            table = hub.tables["t1"].table
            if not hub.tables["t1"].in_round():
                break
            if any(o.type == "sit_out" for o in table.legal(ana)):
                await hub.submit("t1", ana, {"type": "sit_out"}, f"o{table.seq}")
            await asyncio.sleep(0.002)
        assert (await hub.submit("t1", ana, {"type": "leave"}, "bye")).accepted
        await hub.stop()
        database.close()

    asyncio.run(main())


def cli(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_issue19_export_then_offline_verify_passes(database_url: str, tmp_path: Path) -> None:
    played(database_url)
    out = tmp_path / "export"
    code, output = cli("audit", "export", "--database", database_url, "--out", str(out))
    assert code == 0, output
    assert "manifest sha256" in output
    assert sorted(p.name for p in out.iterdir()) == sorted([MANIFEST, *FILES])
    code, output = cli("audit", "verify", "--from-export", str(out), "--game", GAME_OPTION)
    assert code == 0, output
    assert "2 table(s) folded again" in output
    # the CSV and the JSONL hold the same lines, each with its hash
    events = (out / "events.jsonl").read_text().splitlines()
    rows = (out / "events.csv").read_text().splitlines()
    assert len(rows) == len(events) + 1 and rows[0].endswith(",line_hash")
    assert all('"line_hash":' in line for line in events)


def test_an_earlier_export_is_never_written_over_without_force(
    database_url: str, tmp_path: Path
) -> None:
    """An inspector's export is evidence: a second export to the same --out is refused, the
    first left as it was, unless --force; a file as --out is refused naming it."""
    played(database_url, rounds=1)
    out = tmp_path / "export"
    code, output = cli("audit", "export", "--database", database_url, "--out", str(out))
    assert code == 0, output
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    code, output = cli("audit", "export", "--database", database_url, "--out", str(out),
                       "--table", "t2")  # fmt: skip
    assert code == 2 and f"--out {out} is not empty" in output and "--force" in output
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    code, output = cli("audit", "export", "--database", database_url, "--out", str(out),
                       "--table", "t2", "--force")  # fmt: skip
    assert code == 0, output
    assert (out / "events.jsonl").read_bytes() != before["events.jsonl"]  # t2's alone now
    code, output = cli("audit", "verify", "--from-export", str(out), "--game", GAME_OPTION)
    assert code == 0, output
    afile = tmp_path / "a-file"
    afile.write_text("kept")
    code, output = cli("audit", "export", "--database", database_url, "--out", str(afile))
    assert code == 2 and f"--out {afile} is a file" in output and afile.read_text() == "kept"
    empty = tmp_path / "empty"
    empty.mkdir()  # an empty directory is written into
    assert cli("audit", "export", "--database", database_url, "--out", str(empty))[0] == 0


def test_an_inspectors_export_writes_no_table_it_was_not_given_a_horizon_for(
    database_url: str, tmp_path: Path
) -> None:
    """``upto`` (the API's export: each table's last seq an inspector may see whole) names the
    tables as they were when the export began: a table's stream it does not name (opened since,
    or by another process) is not written, so no round in play of it is; the house's and the
    cashier's streams are written whole, and the export still verifies."""
    played(database_url, rounds=1)
    database = open_database(database_url)
    try:
        store = EventStore(database.engine)
        whole = export(store, tmp_path / "whole")
        t1 = len(store.read("table:t1"))
        report = export(store, tmp_path / "cut", upto={"table:t1": t1})  # t2 not named
    finally:
        database.close()
    streams = {
        json.loads(line)["stream"]
        for line in (tmp_path / "cut" / "events.jsonl").read_text().splitlines()
    }
    assert "table:t2" not in streams and {"table:t1", "house"} <= streams
    assert 0 < report.events < whole.events
    checked = verify_export(tmp_path / "cut", CATALOG)
    assert checked.ok, checked.fault


def test_issue19_export_of_a_time_range_and_one_table(database_url: str, tmp_path: Path) -> None:
    played(database_url)
    database = open_database(database_url)
    try:
        store = EventStore(database.engine)
        stored = store.read("table:t1")
        middle = stored[len(stored) // 2].at
        report = export(store, tmp_path / "late", since=middle, table="t1")
        early = export(store, tmp_path / "early", until=middle)
    finally:
        database.close()
    assert report.events == len([e for e in stored if e.at >= middle]) > 0
    checked = verify_export(tmp_path / "late", CATALOG)
    assert checked.ok, checked.fault
    assert checked.folded == []  # its stream does not start with the export: chains only
    checked = verify_export(tmp_path / "early", CATALOG)
    assert checked.ok, checked.fault
    assert "table:t1" in checked.folded and early.events > 0
    code, output = cli("audit", "export", "--database", database_url, "--since", "yesterday",
                       "--out", str(tmp_path / "x"))  # fmt: skip
    assert code != 0 and "--since 'yesterday' is not an ISO 8601" in output


def change_one_byte(path: Path, rng: random.Random) -> int:
    """Change one byte of ``path`` (never to the same); the number of its line."""
    data = bytearray(path.read_bytes())
    at = rng.randrange(len(data))
    old = data[at]
    data[at] = ord("x") if old != ord("x") else ord("y")
    path.write_bytes(bytes(data))
    return bytes(data[:at]).count(b"\n") + 1


@pytest.mark.parametrize("name", [MANIFEST, *FILES])
def test_issue19_one_changed_byte_fails_naming_its_line(
    database_url: str, tmp_path: Path, name: str
) -> None:
    played(database_url, rounds=1)
    out = tmp_path / "export"
    database = open_database(database_url)
    try:
        export(EventStore(database.engine), out)
    finally:
        database.close()
    pristine = {p.name: p.read_bytes() for p in out.iterdir()}
    rng = random.Random(name)
    for _ in range(12):
        for file, data in pristine.items():
            (out / file).write_bytes(data)
        line = change_one_byte(out / name, rng)
        checked = verify_export(out, CATALOG)
        assert not checked.ok
        assert checked.fault is not None and checked.fault.startswith(f"{name} line {line}:"), (
            checked.fault,
            line,
        )
    code, output = cli("audit", "verify", "--from-export", str(out), "--game", GAME_OPTION)
    assert code == 1 and f"FAULT: {name} line " in output


def test_issue19_an_export_whose_event_was_changed_in_the_database_fails(
    database_url: str, tmp_path: Path
) -> None:
    """A record changed in the database before the export (line hashes recomputed by the
    export itself) is still caught: the event's own hash, or the fold."""
    played(database_url, rounds=1)
    database = open_database(database_url)
    try:
        with database.engine.begin() as connection:
            if database.dialect == "postgresql":
                connection.exec_driver_sql("ALTER TABLE events DISABLE TRIGGER events_append_only")
            else:
                connection.exec_driver_sql("DROP TRIGGER events_no_update")
            connection.exec_driver_sql(
                "UPDATE events SET payload = replace(payload, '\"buy_in\":200', '\"buy_in\":900')"
                " WHERE stream = 'table:t1'"
            )
        export(EventStore(database.engine), tmp_path / "x")
    finally:
        database.close()
    checked = verify_export(tmp_path / "x", CATALOG)
    assert checked.fault is not None and "events.jsonl line" in checked.fault
    assert "its hash does not match the entry" in checked.fault


def test_issue19_the_inspectors_export_over_the_api_verifies_offline(
    database_url: str, tmp_path: Path
) -> None:
    import io
    import zipfile
    from datetime import UTC, datetime

    from starlette.testclient import TestClient
    from test_server_api import bearer, settings

    from croupier.server.app import create_app
    from croupier.server.auth import Accounts

    played(database_url, rounds=1)
    database = open_database(database_url)
    try:  # the players made the database not empty: no first admin, the inspector by hand
        Accounts(EventStore(database.engine), FAST).create(
            "ida", "inspector", "ida-secret", by="cli", at=datetime.now(UTC)
        )
    finally:
        database.close()
    with TestClient(create_app(settings(database_url), announce=lambda _: None)) as client:
        ida = bearer(client, "ida", "ida-secret")
        got = client.get("/api/audit/export?table=t1", headers=ida)
        assert got.status_code == 200 and got.headers["content-type"] == "application/zip"
        bad = client.get("/api/audit/export?since=soon", headers=ida)
        assert bad.status_code == 400 and "since 'soon'" in bad.json()["message"]
        missing = client.get("/api/audit/export?table=nope", headers=ida)
        assert missing.status_code == 404
    zipfile.ZipFile(io.BytesIO(got.content)).extractall(tmp_path)
    checked = verify_export(tmp_path / "export", CATALOG)
    assert checked.ok, checked.fault
    assert checked.folded == ["table:t1"]
