"""An audit of the house's money and operations paths (SQLite and PostgreSQL): each test holds
a fault found by the audit of 2026-11-30 (docs/operations.md's promises) to its fix.

* a player account named as a table's bot would act at the bot's seat and play with the
  house's bank: an account cannot take a bot's name, nor a bot an account's;
* a refused close of a table changes nothing (its bots cashed out first, before);
* a player whose money is at the house (a wallet, chips at a table) keeps the player's role
  until he has it back (else the cashier could not pay him out, nor he leave the table);
* a limit left out of ``POST /api/limits`` is kept (setting the reminder dropped the daily
  loss limit);
* a time out of range in the export's ``since`` / ``until`` is a 400 naming it, not a 500;
* an inspector's export over the API holds nothing of a round in play (its hidden cards);
* a closed table is read after a restart (the lobby waited for ever on it);
* the recall page's export of a finished round holds no live shoe's order.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from test_server_api import ADMIN, bearer, settings, setup_table, wait_phase
from toy_server import CATALOG

from croupier.server.app import create_app
from croupier.server.catalog import Catalog
from croupier.server.db import open_database
from croupier.server.export import verify_export
from croupier.server.hub import Hub, HubSettings
from croupier.server.operations import close_table
from croupier.server.store import EventStore


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings(database_url), announce=lambda _: None)) as test_client:
        yield test_client


def _server(client: TestClient):  # type: ignore[no-untyped-def]
    return client.app.state.server  # type: ignore[attr-defined]


def test_an_account_cannot_take_a_bots_name_nor_a_bot_an_accounts(client: TestClient) -> None:
    setup_table(client, bots={"bot-1": "default"})
    admin = bearer(client, **ADMIN)
    made = client.post(
        "/api/users", headers=admin, json={"name": "bot-1", "role": "player", "password": "x" * 9}
    )
    # else player bot-1 acts at the bot's seat, sees its cards, and buys in from the bank
    assert made.status_code == 409 and "bot-1" in made.json()["message"], made.text
    opened = client.post(
        "/api/tables", headers=admin, json={"table": "t2", "game": "toy", "bots": {"bo": "default"}}
    )
    assert opened.status_code == 409 and "'bo'" in opened.json()["message"], opened.text
    assert "t2" not in _server(client).hub.tables


def test_a_refused_close_changes_nothing(client: TestClient) -> None:
    ana = setup_table(client, bots={"bot-1": "default"})
    admin = bearer(client, **ADMIN)
    assert client.post("/api/tables/t1/join", headers=ana).status_code == 200
    before = client.get("/api/tables/t1/events?since=0", headers=admin).json()["events"]
    refused = client.post("/api/tables/t1/close", headers=admin)
    assert refused.status_code == 409 and "ana" in refused.json()["message"]
    after = client.get("/api/tables/t1/events?since=0", headers=admin).json()["events"]
    assert [e["event"] for e in after] == [e["event"] for e in before]  # no bot cashed out


def test_a_player_holding_money_keeps_his_role(client: TestClient) -> None:
    ana = setup_table(client)
    admin = bearer(client, **ADMIN)
    # money in the wallet: the cashier could no longer pay it out ("no player account")
    refused = client.post("/api/users/ana/role", headers=admin, json={"role": "dealer"})
    assert refused.status_code == 409 and "wallet:ana" in refused.json()["message"], refused.text
    assert client.post("/api/tables/t1/join", headers=ana).status_code == 200
    cy = bearer(client, "cy", "cy-secret")
    balance = client.get("/api/wallets/ana", headers=cy).json()["balance"]
    out = client.post(
        "/api/cashier/withdrawal", headers=cy, json={"name": "ana", "amount": balance, "key": "w"}
    )
    assert out.status_code == 200, out.text
    # chips at a table: she could not leave it (a dealer sends no player's leave)
    refused = client.post("/api/users/ana/role", headers=admin, json={"role": "dealer"})
    assert refused.status_code == 409 and "table:t1" in refused.json()["message"], refused.text
    assert client.post("/api/tables/t1/leave", headers=ana).status_code == 200
    balance = client.get("/api/wallets/ana", headers=cy).json()["balance"]
    client.post(
        "/api/cashier/withdrawal", headers=cy, json={"name": "ana", "amount": balance, "key": "x"}
    )
    done = client.post("/api/users/ana/role", headers=admin, json={"role": "dealer"})
    assert done.status_code == 200, done.text
    # cy (a cashier: no money of his at the house) becomes a player freely
    assert client.post("/api/users/cy/role", headers=admin, json={"role": "player"}).is_success


def test_a_player_whose_money_is_in_a_pot_keeps_his_role(client: TestClient) -> None:
    """Ana sits with the ante alone and antes it: her chips are 0 and her wallet empty, so the
    ledger shows nothing of hers, but the pot holds her ante and a round is open: demoted, she
    could not be paid what it gives back (nor leave the table). Refused naming the table until
    the round is over."""
    ana = setup_table(client)  # no bot: bo, seated, is waited on, so the round stays open
    admin, cy = bearer(client, **ADMIN), bearer(client, "cy", "cy-secret")
    bo = bearer(client, "bo", "bo-secret!")
    sit = {"command_id": "s", "command": {"type": "sit", "buy_in": 10}}  # the toy's ante
    for person in (ana, bo):
        assert client.post("/api/tables/t1/commands", headers=person, json=sit).status_code == 200
    out = {"name": "ana", "amount": 4990, "key": "w"}
    assert client.post("/api/cashier/withdrawal", headers=cy, json=out).status_code == 200
    live = _server(client).hub.live("t1")
    with client.websocket_connect("/ws", headers=ana) as ws:  # ana there: a round opens
        ws.receive_json()
        ws.send_json({"v": 1, "type": "hello", "table": "t1"})
        wait_phase(client, ana, "ante")
        ante = {"command_id": "a", "command": {"type": "ante"}}
        assert client.post("/api/tables/t1/commands", headers=ana, json=ante).status_code == 200
        assert live.table.chips()["ana"] == 0 and live.in_round()
        refused = client.post("/api/users/ana/role", headers=admin, json={"role": "dealer"})
        assert refused.status_code == 409, refused.text
        assert "at stake in the round in play at t1" in refused.json()["message"]
    assert _server(client).accounts.names()["ana"].value == "player"


def test_a_limit_left_out_is_kept(client: TestClient) -> None:
    ana = setup_table(client)
    client.post("/api/limits", headers=ana, json={"daily_loss_limit": 150})
    client.post("/api/limits", headers=ana, json={"session_reminder_minutes": 30})
    limits = client.get("/api/limits", headers=ana).json()
    assert limits["daily_loss_limit"] == 150 and limits["session_reminder_minutes"] == 30
    over = client.post("/api/tables/t1/join", headers=ana)  # the toy's buy-in is 200
    assert over.status_code == 409 and over.json()["article"] == "responsible gaming"
    # null removes a limit
    client.post("/api/limits", headers=ana, json={"daily_loss_limit": None})
    assert client.get("/api/limits", headers=ana).json()["daily_loss_limit"] is None


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_an_export_time_out_of_range_is_a_400(client: TestClient, moment: str) -> None:
    admin = bearer(client, **ADMIN)
    got = client.get("/api/audit/export", headers=admin, params={"since": moment})
    assert got.status_code == 400 and moment in got.json()["message"], got.text


def test_an_inspectors_export_holds_no_card_of_a_round_in_play(
    client: TestClient, tmp_path: Path
) -> None:
    """The export over the API gives an inspector the raw record: without a horizon it held
    the hand in play's hole cards (and a live shoe's order), which he may not see until the
    round is finished."""
    import io
    import json
    import zipfile

    admin = bearer(client, **ADMIN)
    for name, role in (("ana", "player"), ("ida", "inspector"), ("cy", "cashier")):
        client.post(
            "/api/users", headers=admin, json={"name": name, "role": role, "password": "x" * 9}
        )
    kind = next(iter(_server(client).hub.catalog.bots("five-card-stud")))
    opened = client.post(
        "/api/tables",
        headers=admin,
        json={
            "table": "s1",
            "game": "five-card-stud",
            "options": {"level": 20},
            "bots": {"bot-1": kind, "bot-2": kind},
        },
    )
    assert opened.status_code == 200, opened.text
    ana, ida = bearer(client, "ana", "x" * 9), bearer(client, "ida", "x" * 9)
    cy = bearer(client, "cy", "x" * 9)
    client.post(
        "/api/cashier/deposit", headers=cy, json={"name": "ana", "amount": 500_000, "key": "a"}
    )
    assert client.post("/api/tables/s1/join", headers=ana).status_code == 200
    with client.websocket_connect("/ws", headers=ana) as ws:  # ana watches: the table deals
        ws.receive_json()
        ws.send_json({"v": 1, "type": "hello", "table": "s1"})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # until the hand waits on ana (who does not act)
            waiting = client.get("/api/tables/s1", headers=ana).json()["waiting"]
            if any(w["actor"] == "player:ana" for w in waiting):
                break
            time.sleep(0.02)
        else:
            raise AssertionError("no hand came to ana")
        got = client.get("/api/audit/export", headers=ida)
        assert got.status_code == 200, got.text
        seen = client.get("/api/tables/s1/events?since=0", headers=ida).json()["events"]
    with zipfile.ZipFile(io.BytesIO(got.content)) as archive:
        lines = archive.read("export/events.jsonl").decode().splitlines()
        archive.extractall(tmp_path)
    checked = verify_export(tmp_path / "export", Catalog())  # the record cut where it may be
    assert checked.ok and "table:s1" in checked.folded, checked.fault
    exported = [json.loads(line) for line in lines]
    mine = {e["seq"]: e["event"] for e in seen}
    hidden = [seq for seq, event in mine.items() if "##" in json.dumps(event)]
    assert hidden, "the hand in play shows the inspector no hidden card: nothing was tested"
    table = [e for e in exported if e["stream"] == "table:s1"]
    assert table and all(e["seq"] < min(hidden) for e in table)
    for line in table:
        assert line["entry"]["event"] == mine[line["seq"]], line["seq"]


def test_a_closed_table_is_read_after_a_restart(database_url: str) -> None:
    """A closed table had no writer after a restart, and every read of it (the lobby for
    everyone, its events, the inspector's recall) waited for ever."""

    async def main() -> None:
        database = open_database(database_url)
        store = EventStore(database.engine)
        try:
            hub = Hub(store, CATALOG, HubSettings(bot_delay_ms=0, watchdog_s=0))
            await hub.start()
            await hub.open_table("t1", "toy", by=None)
            closed = await close_table(hub, "t1", by="admin")
            await hub.stop()
            assert closed.accepted, closed.message
            again = Hub(store, CATALOG, HubSettings(bot_delay_ms=0, watchdog_s=0))
            await again.start()
            try:
                seq = await asyncio.wait_for(again.read("t1", lambda live: live.table.seq), 5)
                assert seq == closed.last_seq
            finally:
                await again.stop()
        finally:
            database.close()

    asyncio.run(main())


def test_a_buy_in_over_the_wallet_is_refused_before_the_table_is_touched(
    client: TestClient,
) -> None:
    """The banking games' and the 13-card game's ``buy_in`` (chips to bet standing, or more)
    was not among the buy-ins checked against the wallet first: it was applied, refused at its
    commit, and the table folded again from its whole record (operations.md: "the plain
    cases ... are refused before the table is touched")."""
    ana = setup_table(client)  # 5000 in her wallet
    admin = bearer(client, **ADMIN)
    opened = client.post(
        "/api/tables", headers=admin, json={"table": "b1", "game": "three-card-baccarat"}
    )
    assert opened.status_code == 200, opened.text
    hub = _server(client).hub
    refolds = hub.counts["refolds"]
    over = client.post(
        "/api/tables/b1/commands",
        headers=ana,
        json={"command_id": "b", "command": {"type": "buy_in", "amount": 100_000}},
    )
    assert over.status_code == 409 and over.json()["article"] == "cashier", over.text
    assert "wallet:ana holds 5000, not 100000" in over.json()["message"]
    assert hub.counts["refolds"] == refolds


def test_serve_on_a_port_taken_says_so(tmp_path: Path) -> None:
    """A second server on a port already taken (PostgreSQL takes several processes: the usual
    slip) ended in a traceback of OSError from the listening socket."""
    import socket

    from typer.testing import CliRunner

    from croupier.cli import app

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(
            app,
            [
                "serve",
                "--port",
                str(port),
                "--database",
                f"sqlite:///{tmp_path / 'c.db'}",
                "--fair-key-file",
                str(tmp_path / "key"),
            ],
        )
    assert result.exit_code == 2, result.output
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert not isinstance(result.exception, OSError)


def test_a_round_id_with_a_digit_int_cannot_read_is_a_400(client: TestClient) -> None:
    """``'²'.isdigit()`` is true but ``int('²')`` fails: GET /api/rounds/t1:² was a 500."""
    ana = setup_table(client)
    got = client.get("/api/rounds/t1:\u00b2", headers=ana)
    assert got.status_code == 400 and "TABLE:NUMBER" in got.json()["message"], got.text
    assert client.get("/api/rounds/t1:1", headers=ana).status_code == 404  # no round yet


def test_a_deposit_racing_a_role_change_is_refused_in_its_transaction(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cashier read the wallet's owner's role before its transaction: a role change
    committed in between (it found the wallet empty) let money into a wallet nobody could take
    it out of. The role is checked again inside the movement's transaction."""
    from datetime import UTC, datetime

    from funding import FAST, fund

    from croupier.errors import RuleViolation
    from croupier.server.auth import Accounts
    from croupier.server.cashier import Cashier

    database = open_database(database_url)
    try:
        store = EventStore(database.engine)
        fund(store, "ana", 1)
        cashier = Cashier(store)
        cashier.withdraw("ana", 1, key="w", by="cy", at=datetime.now(UTC))
        monkeypatch.setattr(Cashier, "_check_player", lambda self, name: None)  # read before
        Accounts(store, FAST).set_role("ana", "dealer", by="admin", at=datetime.now(UTC))
        with pytest.raises(RuleViolation, match="no player account 'ana'"):
            cashier.deposit("ana", 500, key="d", by="cy", at=datetime.now(UTC))
        assert cashier.balance("ana") == 0
    finally:
        database.close()


def test_the_recall_pages_round_export_holds_no_live_shoe(database_url: str) -> None:
    """``/web/tables/T/export?round=N`` gives the log up to the end of a finished round. At a
    shoe game the shoe outlives the round: that log held the live shoe's whole order (every
    card still to be dealt from it). Refused until the shoe is done, as the inspector's own
    view withholds it."""
    from dataclasses import replace

    with TestClient(
        create_app(
            replace(settings(database_url), hub=HubSettings(bot_delay_ms=0, bots_play_alone=True)),
            announce=lambda _: None,
        )
    ) as client:
        admin = bearer(client, **ADMIN)
        client.post(
            "/api/users",
            headers=admin,
            json={"name": "ida", "role": "inspector", "password": "x" * 9},
        )
        ida = bearer(client, "ida", "x" * 9)
        kind = next(iter(_server(client).hub.catalog.bots("football-poker")))
        opened = client.post(
            "/api/tables",
            headers=admin,
            json={"table": "f1", "game": "football-poker", "bots": {"bot-1": kind, "bot-2": kind}},
        )
        assert opened.status_code == 200, opened.text
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            rounds = client.get("/api/tables/f1/rounds", headers=ida).json()["rounds"]
            if rounds and rounds[0]["closed"]:
                break
            time.sleep(0.02)
        else:
            raise AssertionError("round 1 did not finish")
        got = client.get("/web/tables/f1/export?round=1", headers=ida)
        seen = client.get("/api/tables/f1/events?since=0", headers=ida).json()["events"]
    shoe = [e["event"] for e in seen if e["event"]["type"] == "shoe_shuffled"]
    assert shoe and "order" not in shoe[-1], "the shoe is done: nothing was tested"
    # before: 200, the log holding the live shoe's "order"
    assert got.status_code == 409 and "shoe" in got.json()["message"], got.text[:200]
