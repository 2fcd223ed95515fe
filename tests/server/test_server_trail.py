"""Issue 19, the audit trail (SQLite and PostgreSQL): every login, failed login, lockout, role
change, table opened and closed, limit changed, void (and any dealer's act) and cashier movement
is an event of the append-only, hash-chained store; a retried deposit over REST moves money
once; the audit verifies the whole record afterwards."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient
from test_server_api import ADMIN, bearer, settings, wait_phase

from croupier.server.app import create_app
from croupier.server.audit import verify
from croupier.server.entries import HOUSE


def _sit_and_open_a_round(
    client: TestClient, player: dict[str, str], dealer: dict[str, str]
) -> None:
    """The player sits at toy table t1 with 300 and connects: a round opens (its ante phase,
    as the dealer's view shows it)."""
    sit = {"command_id": "s", "command": {"type": "sit", "buy_in": 300}}
    assert client.post("/api/tables/t1/commands", headers=player, json=sit).status_code == 200
    with client.websocket_connect("/ws", headers=player) as ws:  # there: a round opens
        ws.receive_json()
        ws.send_json({"v": 1, "type": "hello", "table": "t1"})
        wait_phase(client, dealer, "ante")


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
        _sit_and_open_a_round(client, ana, dee)
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


def test_issue19_a_dealers_act_and_its_line_in_the_house_trail_are_one_transaction(
    database_url: str,
) -> None:
    """A dealer's void is written with its ``round.voided`` house entry or not at all: when the
    house stream cannot take the entry the table's entries are not written either (the void is
    refused, retry), and once it can, both land, the trail naming the table's seqs. (They were
    two transactions: a crash between them left the void out of the trail, and the retry,
    answered as a duplicate, never wrote it.)"""
    from sqlalchemy.exc import OperationalError

    with TestClient(create_app(settings(database_url), announce=lambda _: None)) as client:
        admin = bearer(client, **ADMIN)
        for name, role in (("ana", "player"), ("dee", "dealer"), ("cy", "cashier")):
            account = {"name": name, "role": role, "password": f"{name}-secret"}
            assert client.post("/api/users", headers=admin, json=account).status_code == 200
        table = {"table": "t1", "game": "toy", "dealers": ["dee"], "bots": {"bot-1": "default"}}
        assert client.post("/api/tables", headers=admin, json=table).status_code == 200
        ana, dee, cy = (bearer(client, n, f"{n}-secret") for n in ("ana", "dee", "cy"))
        deposit = {"name": "ana", "amount": 500, "key": "d1"}
        assert client.post("/api/cashier/deposit", headers=cy, json=deposit).is_success
        _sit_and_open_a_round(client, ana, dee)
        server = client.app.state.server  # type: ignore[attr-defined]
        store = server.store
        stream = server.hub.live("t1").stream
        house_before = [e.type for e in store.read(HOUSE)]
        original = store.append_in

        def house_down(connection: Any, stream_: str, *args: Any, **kwargs: Any) -> Any:
            if stream_ == HOUSE:
                raise OperationalError("INSERT INTO events", {}, Exception("disk full"))
            return original(connection, stream_, *args, **kwargs)

        store.append_in = house_down
        void = {"command_id": "v1", "command": {"type": "void", "reason": "a dropped card"}}
        try:
            refused = client.post("/api/tables/t1/commands", headers=dee, json=void)
        finally:
            store.append_in = original
        assert refused.status_code == 409, refused.text  # "retry": nothing applied
        # nothing of the void was written (the bot may have anted meanwhile)
        assert not [e for e in store.read(stream) if e.entry["actor"].endswith(":dee")]
        assert [e.type for e in store.read(HOUSE)] == house_before
        assert client.get("/api/tables/t1", headers=dee).json()["view"]["phase"] == "ante"
        voided = client.post("/api/tables/t1/commands", headers=dee, json=void)
        assert voided.status_code == 200 and voided.json()["type"] == "accepted", voided.text
        again = client.post("/api/tables/t1/commands", headers=dee, json=void)  # a retry
        assert again.json()["duplicate"], again.text
        house = [e for e in store.read(HOUSE) if e.type == "round.voided"]
        table_entries = store.read(stream)
    assert len(house) == 1  # the retry wrote no second line
    line = house[0].entry["event"]
    assert (line["first_seq"], line["last_seq"]) == (voided.json()["first_seq"],
                                                      voided.json()["seq"])  # fmt: skip
    assert line["last_seq"] <= len(table_entries)
    assert table_entries[line["first_seq"] - 1].entry["actor"].endswith("dee")
