"""Issue 19, the audit trail (SQLite and PostgreSQL): every login, failed login, lockout, role
change, table opened and closed, limit changed, void (and any dealer's act) and cashier movement
is an event of the append-only, hash-chained store; a retried deposit over REST moves money
once; the audit verifies the whole record afterwards."""

from __future__ import annotations

import time

from starlette.testclient import TestClient
from test_server_api import ADMIN, bearer, settings

from croupier.server.app import create_app
from croupier.server.audit import verify
from croupier.server.entries import HOUSE


def test_issue19_every_act_of_the_house_is_an_event_of_the_chained_record(
    database_url: str,
) -> None:
    with TestClient(create_app(settings(database_url), announce=lambda _: None)) as client:
        admin = bearer(client, **ADMIN)
        for name, role in (("ana", "player"), ("bo", "player"), ("dee", "dealer"),
                           ("cy", "cashier")):  # fmt: skip
            account = {"name": name, "role": role, "password": f"{name}-secret"}
            assert client.post("/api/users", headers=admin, json=account).status_code == 200
        for _ in range(3):  # three failures lock bo
            client.post("/api/login", json={"name": "bo", "password": "wrong-one"})
        assert client.post("/api/users/bo/role", headers=admin, json={"role": "cashier"}).is_success
        client.post("/api/users/bo/role", headers=admin, json={"role": "player"})
        assert client.post("/api/users/bo/password", headers=admin).is_success  # bo forgot it
        table = {"table": "t1", "game": "toy", "dealers": ["dee"], "bots": {"bot-1": "default"}}
        assert client.post("/api/tables", headers=admin, json=table).status_code == 200
        cy, ana, dee = (bearer(client, n, f"{n}-secret") for n in ("cy", "ana", "dee"))
        deposit = {"name": "ana", "amount": 1000, "key": "dep-1"}
        first = client.post("/api/cashier/deposit", headers=cy, json=deposit).json()
        again = client.post("/api/cashier/deposit", headers=cy, json=deposit).json()
        assert not first["duplicate"] and again["duplicate"] and again["balance"] == 1000
        client.post("/api/limits", headers=ana, json={"daily_loss_limit": 900})
        sit = {"command_id": "s", "command": {"type": "sit", "buy_in": 300}}
        assert client.post("/api/tables/t1/commands", headers=ana, json=sit).status_code == 200
        with client.websocket_connect("/ws", headers=ana) as ws:  # ana there: a round opens
            ws.receive_json()
            ws.send_json({"v": 1, "type": "hello", "table": "t1"})
            deadline = time.monotonic() + 10
            while client.get("/api/tables/t1", headers=dee).json()["view"]["phase"] != "ante":
                assert time.monotonic() < deadline
                time.sleep(0.01)
        void = {"command_id": "v1", "command": {"type": "void", "reason": "a dropped card"}}
        voided = client.post("/api/tables/t1/commands", headers=dee, json=void)
        assert voided.status_code == 200, voided.text
        assert client.post("/api/tables/t1/leave", headers=ana).status_code == 200
        closed = client.post("/api/tables/t1/close", headers=admin)
        assert closed.status_code == 200, closed.text
        client.post("/api/logout", headers=ana)
        server = client.app.state.server  # type: ignore[attr-defined]
        house = [e.type for e in server.store.read(HOUSE)]
        cashier = [e.type for e in server.store.read("cashier")]
        report = verify(server.store, server.hub.catalog)
    every = ("account.created", "login", "login.failed", "account.locked", "role.changed",
             "table.opened", "bot.seated", "limit.changed", "round.voided", "table.closed",
             "logout", "password.reset")  # fmt: skip
    for kind in every:
        assert kind in house, kind
    assert house.count("role.changed") == 2 and house.count("login.failed") == 3
    assert cashier == ["cashier.deposit"]  # the retry is not a movement
    assert report.ok, report.fault
