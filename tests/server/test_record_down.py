"""Issue 21 item 2 (faults): while the database cannot be reached (restarting, its connections
cut), a request is told to try again (REST: 503 ``unavailable``; WebSocket: an ``unavailable``
error frame, the connection kept; a handshake: the error and close 1013), never a traceback, a
500 or a dropped connection; and it is served as soon as the database is back.

The outage is made by the database layer raising SQLAlchemy's ``OperationalError`` (what a
refused or lost connection raises); the chaos harness (tests/server/test_chaos.py) restarts the
real PostgreSQL server and cuts its connections under load.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient
from test_server_api import ADMIN, bearer, settings

from croupier.server.app import create_app
from croupier.server.db import RECORD_DOWN


def _down(*_args: Any, **_kwargs: Any) -> Any:
    raise OperationalError("SELECT", {}, ConnectionRefusedError("connection refused"))


@pytest.fixture
def house(database_url: str) -> Iterator[tuple[TestClient, dict[str, dict[str, str]]]]:
    """Table t1 (the toy game) run by dealer dee; ana, a player."""
    with TestClient(create_app(settings(database_url), announce=lambda _: None)) as client:
        admin = bearer(client, **ADMIN)
        for name, role in (("dee", "dealer"), ("ana", "player")):
            made = client.post(
                "/api/users",
                headers=admin,
                json={"name": name, "role": role, "password": f"{name}-secret"},
            )
            assert made.status_code == 200, made.text
        opened = client.post(
            "/api/tables", headers=admin, json={"table": "t1", "game": "toy", "dealers": ["dee"]}
        )
        assert opened.status_code == 200, opened.text
        heads = {n: bearer(client, n, f"{n}-secret") for n in ("dee", "ana")}
        yield client, {"admin": admin, **heads}


def test_issue21_rest_while_the_database_is_down_is_503_try_again(
    house: tuple[TestClient, dict[str, dict[str, str]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, heads = house
    server = client.app.state.server  # type: ignore[attr-defined]
    with monkeypatch.context() as patch:
        patch.setattr(server.cashier, "balance", _down)
        answer = client.get("/api/wallet", headers=heads["ana"])
    assert answer.status_code == 503, answer.text
    assert answer.json() == {"error": "unavailable", "message": RECORD_DOWN}
    again = client.get("/api/wallet", headers=heads["ana"])  # the database is back
    assert again.status_code == 200, again.text


def test_issue21_websocket_hello_while_the_database_is_down_keeps_the_connection(
    house: tuple[TestClient, dict[str, dict[str, str]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, heads = house
    server = client.app.state.server  # type: ignore[attr-defined]
    with client.websocket_connect("/ws", headers=heads["dee"]) as ws:
        assert ws.receive_json()["type"] == "welcome"
        with monkeypatch.context() as patch:
            # a dealer's hello reads the roster (who runs which table) from the database
            patch.setattr(server.roster, "dealers", _down)
            ws.send_json({"v": 1, "type": "hello", "table": "t1"})
            frame = ws.receive_json()
            assert frame["type"] == "error" and frame["code"] == "unavailable", frame
            assert frame["message"] == RECORD_DOWN
            ws.send_json({"v": 1, "type": "ping"})
            assert ws.receive_json()["type"] == "pong"  # the connection is kept
        ws.send_json({"v": 1, "type": "hello", "table": "t1"})  # the database is back
        frame = ws.receive_json()
        assert frame["type"] == "view" and frame["table"] == "t1", frame


def test_issue21_websocket_handshake_while_the_database_is_down_is_1013_try_again(
    house: tuple[TestClient, dict[str, dict[str, str]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from starlette.websockets import WebSocketDisconnect

    client, heads = house
    server = client.app.state.server  # type: ignore[attr-defined]
    with monkeypatch.context() as patch:
        patch.setattr(server.accounts, "authenticate", _down)
        with client.websocket_connect("/ws", headers=heads["ana"]) as ws:
            frame = ws.receive_json()
            assert frame["type"] == "error" and frame["code"] == "unavailable", frame
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1013
    with client.websocket_connect("/ws", headers=heads["ana"]) as ws:  # the database is back
        assert ws.receive_json()["type"] == "welcome"


def test_issue21_a_deployment_fault_is_not_answered_try_again(
    house: tuple[TestClient, dict[str, dict[str, str]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's operational errors that no wait mends (a missing table: a missed migration)
    are not "try again": raised on, a 500 with its traceback in the log."""
    import sqlite3

    client, heads = house
    server = client.app.state.server  # type: ignore[attr-defined]

    def missing(*_args: Any, **_kwargs: Any) -> Any:
        raise OperationalError("SELECT", {}, sqlite3.OperationalError("no such table: ledger"))

    monkeypatch.setattr(server.cashier, "balance", missing)
    with pytest.raises(OperationalError, match="no such table"):
        client.get("/api/wallet", headers=heads["ana"])


def test_issue21_a_database_out_of_reach_is_logged(
    house: tuple[TestClient, dict[str, dict[str, str]]],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The operator sees the outage in the log (at most a line every few seconds)."""
    import sqlite3

    from croupier.server import db

    client, heads = house
    server = client.app.state.server  # type: ignore[attr-defined]

    def locked(*_args: Any, **_kwargs: Any) -> Any:
        raise OperationalError("BEGIN", {}, sqlite3.OperationalError("database is locked"))

    monkeypatch.setattr(server.cashier, "balance", locked)
    monkeypatch.setattr(db, "_down_logged", [-db.DOWN_LOG_EVERY_S])
    with caplog.at_level("WARNING", logger="croupier.server"):
        for _ in range(3):
            assert client.get("/api/wallet", headers=heads["ana"]).status_code == 503
    lines = [r for r in caplog.records if "out of reach" in r.getMessage()]
    assert len(lines) == 1 and "database is locked" in lines[0].getMessage()
