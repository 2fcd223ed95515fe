"""Issue 19, limits (SQLite and PostgreSQL): a stud table opened by an admin at a level of Art
6-8 with the engine enforcing its buy-in; the lobby shows each table's limits; a player's
responsible-gaming limits (recorded as ``limit.changed``), the daily loss limit over REST and
the session-length reminder on /api/me and the WebSocket."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient
from test_server_api import ADMIN, bearer, settings

from croupier.server.app import create_app
from croupier.server.entries import format_time


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings(database_url), announce=lambda _: None)) as test_client:
        admin = bearer(test_client, **ADMIN)
        for name, role in (("ana", "player"), ("cy", "cashier")):
            test_client.post(
                "/api/users",
                headers=admin,
                json={"name": name, "role": role, "password": f"{name}-secret"},
            )
        cy = bearer(test_client, "cy", "cy-secret")
        test_client.post(
            "/api/cashier/deposit", headers=cy, json={"name": "ana", "amount": 20_000, "key": "k1"}
        )
        yield test_client


def test_issue19_art_6_8_a_stud_table_opens_at_its_level_and_the_engine_holds_it(
    client: TestClient,
) -> None:
    admin = bearer(client, **ADMIN)
    ana = bearer(client, "ana", "ana-secret")
    opened = client.post(
        "/api/tables",
        headers=admin,
        json={"table": "s100", "game": "five-card-stud", "options": {"level": 100}},
    )
    assert opened.status_code == 200, opened.text
    bad = client.post(
        "/api/tables",
        headers=admin,
        json={"table": "s50", "game": "five-card-stud", "options": {"level": 50}},
    )
    assert bad.status_code == 400 and "Art 6-8" in bad.json()["message"]
    wrong = client.post(
        "/api/tables",
        headers=admin,
        json={
            "table": "sx",
            "game": "five-card-stud",
            "options": {"pot_money": 100, "min_buy_in": 2000, "top_up_below": 500},
        },
    )
    assert wrong.status_code == 400 and "Art 6-8" in wrong.json()["message"]
    [row] = [t for t in client.get("/api/tables", headers=ana).json() if t["table"] == "s100"]
    # in the house's currency (decimals 2: avos): pot money 100 patacas is 10,000 avos
    assert row["limits"]["pot_money"] == 10_000 and row["limits"]["min_buy_in"] == 500_000
    assert row["limits"]["top_up_below"] == 100_000
    cy = bearer(client, "cy", "cy-secret")
    more = {"name": "ana", "amount": 500_000, "key": "k2"}
    assert client.post("/api/cashier/deposit", headers=cy, json=more).status_code == 200
    # the engine: a buy-in below the level's is refused naming the article
    short = client.post(
        "/api/tables/s100/commands",
        headers=ana,
        json={"command_id": "s1", "command": {"type": "sit", "seat": 1, "buy_in": 499_999}},
    )
    assert short.status_code == 409 and "Art 6" in short.json()["article"]
    sat = client.post("/api/tables/s100/join", headers=ana)
    assert sat.status_code == 200, sat.text
    wallet = client.get("/api/wallet", headers=ana).json()
    assert wallet["balance"] == 20_000 and wallet["loss_today"] == 500_000


def test_every_table_counts_in_the_house_currency(client: TestClient) -> None:
    """One wallet funds every table, so a unit is worth the same at each: a table opens in the
    house's currency (decimals 2), stud's levels of Art 6-8 scaled to it (pot money 20 patacas
    is 2,000 avos); a table that names other decimals is refused naming them, and nothing is
    opened."""
    admin = bearer(client, **ADMIN)
    ana = bearer(client, "ana", "ana-secret")
    for table, game in (("s", "five-card-stud"), ("b", "three-card-baccarat")):
        opened = client.post("/api/tables", headers=admin, json={"table": table, "game": game})
        assert opened.status_code == 200, opened.text
    rows = {t["table"]: t for t in client.get("/api/tables", headers=ana).json()}
    assert rows["s"]["limits"]["pot_money"] == 2000
    assert rows["s"]["limits"]["min_buy_in"] == 200_000
    assert client.get("/api/tables/s", headers=ana).json()["view"]["table"]["decimals"] == 2
    for options in ({"decimals": 0}, {"level": 20, "decimals": 0}, {"decimals": "2"}):
        refused = client.post(
            "/api/tables",
            headers=admin,
            json={"table": "s0", "game": "five-card-stud", "options": options},
        )
        assert refused.status_code == 409, (options, refused.text)
        assert "the house counts money in units of 10**-2" in refused.json()["message"]
    bad = client.post(
        "/api/tables",
        headers=admin,
        json={"table": "b0", "game": "three-card-baccarat", "options": {"decimals": 3}},
    )
    assert bad.status_code == 409 and "a table with decimals 3" in bad.json()["message"]
    names = {t["table"] for t in client.get("/api/tables", headers=ana).json()}
    assert names == {"s", "b"}


def test_issue19_responsible_gaming_limits_are_recorded_and_hold(client: TestClient) -> None:
    admin = bearer(client, **ADMIN)
    ana = bearer(client, "ana", "ana-secret")
    client.post("/api/tables", headers=admin, json={"table": "t1", "game": "toy"})
    set_ = client.post("/api/limits", headers=ana, json={"daily_loss_limit": 150})
    assert set_.status_code == 200 and set_.json()["daily_loss_limit"] == 150
    assert client.get("/api/limits", headers=ana).json()["daily_loss_limit"] == 150
    over = client.post("/api/tables/t1/join", headers=ana)  # the toy's buy-in is 200
    assert over.status_code == 409 and over.json()["article"] == "responsible gaming"
    assert client.get("/api/wallet", headers=ana).json()["balance"] == 20_000  # unchanged
    raised = client.post(
        "/api/limits", headers=admin, json={"name": "ana", "daily_loss_limit": 500}
    )
    assert raised.status_code == 200
    assert client.post("/api/tables/t1/join", headers=ana).status_code == 200
    bad = client.post("/api/limits", headers=ana, json={"daily_loss_limit": -1})
    assert (
        bad.status_code == 409 and "a daily loss limit is a whole number" in bad.json()["message"]
    )
    server = client.app.state.server  # type: ignore[attr-defined]
    changed = server.store.read_types("house", ("limit.changed",))
    assert [(e.actor, e.event["daily_loss_limit"]) for e in changed] == [
        ("account:ana", 150),
        ("account:admin", 500),
    ]
    assert changed[1].event["before"]["daily_loss_limit"] == 150


def test_issue19_the_session_length_reminder(client: TestClient) -> None:
    ana = bearer(client, "ana", "ana-secret")
    me = client.get("/api/me", headers=ana).json()
    assert me["session_reminder_minutes"] is None and me["next_reminder_at"] is None
    client.post("/api/limits", headers=ana, json={"session_reminder_minutes": 1})
    me = client.get("/api/me", headers=ana).json()
    assert me["session_reminder_minutes"] == 1 and me["minutes_played"] == 0
    assert me["next_reminder_at"] > me["session_started"]
    # the session started 59.5 s ago: the WebSocket reminds ana within a second
    server = client.app.state.server  # type: ignore[attr-defined]
    started = format_time(datetime.now(UTC) - timedelta(seconds=59.5))
    with server.store.transaction() as connection:
        connection.execute(
            text("UPDATE sessions SET created_at = :started WHERE id = :id"),
            {"started": started, "id": me["session"]},
        )
    with client.websocket_connect("/ws", headers=ana) as ws:
        assert ws.receive_json()["type"] == "welcome"
        frame = ws.receive_json()
        assert frame["type"] == "reminder" and frame["minutes_played"] == 1, frame
        assert frame["every_minutes"] == 1


def test_issue19_the_cashier_page_shows_the_desk_and_the_wallet(client: TestClient) -> None:
    ana = bearer(client, "ana", "ana-secret")
    cy = bearer(client, "cy", "cy-secret")
    mine = client.get("/cashier", headers=ana)
    assert mine.status_code == 200 and "Your wallet" in mine.text
    # 20,000 avos, shown in patacas (the house's decimals: 2); the API keeps the avos
    assert 'id="wallet-balance" class="num">200.00<' in mine.text
    assert client.get("/api/wallet", headers=ana).json()["balance"] == 20000
    assert "The desk" not in mine.text
    desk = client.get("/cashier", headers=cy)
    assert desk.status_code == 200 and "The desk" in desk.text and "Your wallet" not in desk.text
    admin = client.get("/admin", headers=bearer(client, **ADMIN))
    assert "Change a role" in admin.text and "table-dealers" in admin.text


def test_issue19_a_buy_in_the_wallet_cannot_pay_is_refused_without_touching_the_table(
    client: TestClient,
) -> None:
    admin = bearer(client, **ADMIN)
    client.post("/api/tables", headers=admin, json={"table": "t1", "game": "toy"})
    account = {"name": "zoe", "role": "player", "password": "zoe-secret"}
    client.post("/api/users", headers=admin, json=account)
    zoe, ana = bearer(client, "zoe", "zoe-secret"), bearer(client, "ana", "ana-secret")
    hub = client.app.state.server.hub  # type: ignore[attr-defined]
    refolds, seq = hub.counts["refolds"], hub.tables["t1"].stored_seq
    empty = client.post("/api/tables/t1/join", headers=zoe)
    assert empty.status_code == 409 and empty.json()["article"] == "cashier"
    assert "wallet:zoe is empty" in empty.json()["message"]
    sit: dict[str, Any] = {"command_id": "s1", "command": {"type": "sit", "buy_in": 20_001}}
    over = client.post("/api/tables/t1/commands", headers=ana, json=sit)
    assert over.status_code == 409 and "wallet:ana holds 20000, not 20001" in over.text
    assert hub.counts["refolds"] == refolds and hub.tables["t1"].stored_seq == seq
    sit["command"]["buy_in"] = 20_000
    assert client.post("/api/tables/t1/commands", headers=ana, json=sit).status_code == 200
