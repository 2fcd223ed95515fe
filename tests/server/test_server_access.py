"""Issue 19, authorisation: the role x route x owner matrix over REST and the WebSocket (SQLite
and PostgreSQL), and nobody reads another person's hidden cards by any route.

The people: ana and bo (players, both seated at t1), dee (a dealer of t1), dan (a dealer, not
of t1), cy (a cashier), ida (an inspector), admin, and nobody (no session).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from test_server_api import ADMIN, bearer, settings

from croupier.server.app import create_app

PEOPLE = {
    "ana": "player",
    "bo": "player",
    "dee": "dealer",
    "dan": "dealer",
    "cy": "cashier",
    "ida": "inspector",
}
EVERYONE = ("ana", "bo", "dee", "dan", "cy", "ida", "admin")


@pytest.fixture
def house(database_url: str) -> Iterator[tuple[TestClient, dict[str, dict[str, str]]]]:
    app = create_app(settings(database_url, roster_check_s=0.1), announce=lambda _: None)
    with TestClient(app) as client:
        admin = bearer(client, **ADMIN)
        for name, role in PEOPLE.items():
            made = client.post(
                "/api/users",
                headers=admin,
                json={"name": name, "role": role, "password": f"{name}-secret"},
            )
            assert made.status_code == 200, made.text
        heads = {"admin": admin, **{n: bearer(client, n, f"{n}-secret") for n in PEOPLE}}
        opened = client.post(
            "/api/tables",
            headers=admin,
            json={"table": "t1", "game": "toy", "dealers": ["dee"]},
        )
        assert opened.status_code == 200, opened.text
        for name in ("ana", "bo"):
            paid = client.post(
                "/api/cashier/deposit",
                headers=heads["cy"],
                json={"name": name, "amount": 10_000, "key": f"k-{name}"},
            )
            assert paid.status_code == 200, paid.text
            assert client.post("/api/tables/t1/join", headers=heads[name]).status_code == 200
        yield client, heads


def play_a_round(client: TestClient, heads: dict[str, dict[str, str]]) -> None:
    """ana and bo ante (watching over the WebSocket, so the table deals); round 1 settles."""
    with (
        client.websocket_connect("/ws", headers=heads["ana"]) as ws,
        client.websocket_connect("/ws", headers=heads["bo"]) as ws2,
    ):
        for socket in (ws, ws2):
            socket.receive_json()
            socket.send_json({"v": 1, "type": "hello", "table": "t1"})
        deadline = time.monotonic() + 20
        anted: set[str] = set()
        while time.monotonic() < deadline:
            rounds = client.get("/api/tables/t1/rounds", headers=heads["ana"]).json()["rounds"]
            if rounds and rounds[0]["closed"]:
                assert anted == {"ana", "bo"}
                return
            for name in ("ana", "bo"):
                legal = client.get("/api/tables/t1", headers=heads[name]).json()["legal"]
                if any(o["type"] == "ante" for o in legal) and name not in anted:
                    sent = client.post(
                        "/api/tables/t1/commands",
                        headers=heads[name],
                        json={"command_id": f"ante-{name}", "command": {"type": "ante"}},
                    )
                    assert sent.status_code == 200, sent.text
                    anted.add(name)
            time.sleep(0.01)
    raise AssertionError("round 1 did not settle")


#: route -> who may call it (everyone else who is logged in gets 403, nobody 401)
Request = tuple[str, str, dict[str, Any] | None]
MATRIX: list[tuple[Request, set[str]]] = [
    (("GET", "/api/me", None), set(EVERYONE)),
    (("GET", "/api/tables", None), set(EVERYONE)),
    (("GET", "/api/tables/t1", None), set(EVERYONE)),
    (("GET", "/api/tables/t1/events", None), set(EVERYONE)),
    (("GET", "/api/tables/t1/rounds", None), set(EVERYONE)),
    (("GET", "/api/users", None), {"admin"}),
    (("POST", "/api/users", {"name": "zed", "role": "player", "password": "zed-secret"}),
     {"admin"}),
    (("POST", "/api/users/bo/role", {"role": "player"}), {"admin"}),
    (("POST", "/api/users/zed/password", None), {"admin"}),  # zed: made by POST /api/users
    (("POST", "/api/tables", {"table": "t9", "game": "toy"}), {"admin"}),
    (("POST", "/api/tables/t1/dealers", {"name": "dan", "assigned": False}), {"admin"}),
    (("POST", "/api/tables/t1/join", None), {"ana", "bo"}),  # seated already: 409, not 403
    (("POST", "/api/tables/t1/commands", {"command_id": "x", "command": {"type": "ante"}}),
     {"ana", "bo", "dee"}),  # allowed to send; the rules may still refuse (409)
    (("POST", "/api/cashier/deposit", {"name": "ana", "amount": 1, "key": "m1"}), {"cy"}),
    (("POST", "/api/cashier/withdrawal", {"name": "ana", "amount": 1, "key": "m2"}), {"cy"}),
    (("GET", "/api/wallet", None), {"ana", "bo"}),
    (("GET", "/api/wallets/ana", None), {"cy", "admin", "ida"}),
    (("GET", "/api/limits", None), {"ana", "bo"}),
    (("POST", "/api/limits", {"name": "ana", "daily_loss_limit": 99_999}), {"ana", "admin"}),
    (("GET", "/api/audit/export", None), {"ida", "admin"}),
    (("GET", "/web/tables/t1/verify", None), {"ida", "admin"}),
    (("GET", "/web/tables/t1/dealer", None), {"dee"}),
]  # fmt: skip


def test_issue19_role_x_route_x_owner_matrix_over_rest(
    house: tuple[TestClient, dict[str, dict[str, str]]],
) -> None:
    client, heads = house
    failures = []
    for (method, path, body), allowed in MATRIX:
        for who in (*EVERYONE, None):
            headers = heads[who] if who else {}
            answer = client.request(method, path, headers=headers, json=body)
            if who is None:
                ok = answer.status_code == 401
            elif who in allowed:
                ok = answer.status_code in (200, 409)  # 409: allowed, but the rules refuse
            else:
                ok = answer.status_code == 403
            if not ok:
                failures.append(f"{who} {method} {path}: {answer.status_code} {answer.text}")
    assert failures == []


def test_issue19_a_player_reads_and_acts_only_for_himself(
    house: tuple[TestClient, dict[str, dict[str, str]]],
) -> None:
    client, heads = house
    # bo's limits are bo's: ana cannot set them, an admin can
    ana_sets_bo = client.post(
        "/api/limits", headers=heads["ana"], json={"name": "bo", "daily_loss_limit": 1}
    )
    assert ana_sets_bo.status_code == 403
    # a wallet read is the caller's own, whatever he asks
    assert client.get("/api/wallet", headers=heads["ana"]).json()["name"] == "ana"
    # a command carries no actor: the session's is used (the toy's view shows ana seated once)
    sent = client.post(
        "/api/tables/t1/commands",
        headers=heads["ana"],
        json={"command_id": "c1", "command": {"type": "leave", "player": "bo"}},
    )
    assert sent.status_code in (400, 409)  # not a field of leave: refused, nothing done
    assert client.get("/api/tables/t1", headers=heads["bo"]).json()["view"]["seated"] == [
        "ana",
        "bo",
    ]


def hidden_cards(events: list[dict[str, Any]]) -> dict[str, str]:
    """The dealt cards an event list shows: player -> card."""
    return {
        e["event"]["player"]: e["event"]["card"]
        for e in events
        if e["event"]["type"] == "dealt" and "card" in e["event"]
    }


def test_issue19_nobody_reads_another_persons_hidden_cards_by_any_route(
    house: tuple[TestClient, dict[str, dict[str, str]]],
) -> None:
    client, heads = house
    play_a_round(client, heads)
    seen: dict[str, dict[str, str]] = {}
    for who in EVERYONE:
        events = client.get("/api/tables/t1/events?since=0", headers=heads[who]).json()["events"]
        round_log = client.get("/api/tables/t1/rounds/1", headers=heads[who]).json()["events"]
        assert hidden_cards(events) == hidden_cards(round_log), who
        seen[who] = hidden_cards(events)
        shuffled = [e["event"] for e in events if e["event"]["type"] == "shuffled"]
        assert all("order" not in e for e in shuffled) or who == "ida", who
    # each player sees his own dealt card only; the inspector every card of the finished
    # round; the dealers, the cashier and the admin none (until the settlement shows them)
    assert set(seen["ana"]) == {"ana"} and set(seen["bo"]) == {"bo"}
    assert set(seen["ida"]) == {"ana", "bo"}
    for who in ("dee", "dan", "cy", "admin"):
        assert seen[who] == {}, who
    # over the WebSocket: the same redaction for bo and for the dealer who is not of t1
    for who, mine in (("bo", {"bo"}), ("dan", set())):
        with client.websocket_connect("/ws", headers=heads[who]) as ws:
            assert ws.receive_json()["type"] == "welcome"
            ws.send_json({"v": 1, "type": "hello", "table": "t1", "since": 0})
            frame = ws.receive_json()
            assert frame["type"] == "events"
            assert set(hidden_cards(frame["events"])) == mine


def test_issue19_websocket_commands_by_role_and_table(
    house: tuple[TestClient, dict[str, dict[str, str]]],
) -> None:
    client, heads = house
    expected = {
        "cy": "a cashier sends no table command",
        "ida": "an inspector sends no table command",
        "admin": "an admin sends no table command",
        "dan": "dan is not a dealer of table 't1'",
    }
    for who, message in expected.items():
        with client.websocket_connect("/ws", headers=heads[who]) as ws:
            ws.receive_json()
            ws.send_json({"v": 1, "type": "command", "table": "t1", "command_id": "v1",
                          "command": {"type": "void", "reason": "test"}})  # fmt: skip
            frame = ws.receive_json()
            assert frame["type"] == "refused" and frame["article"] == "authorisation", frame
            assert frame["message"] == message
    # dee runs t1: his void is the rules' to judge (no round in play: refused by the table)
    with client.websocket_connect("/ws", headers=heads["dee"]) as ws:
        ws.receive_json()
        ws.send_json({"v": 1, "type": "command", "table": "t1", "command_id": "v1",
                      "command": {"type": "void", "reason": "test"}})  # fmt: skip
        frame = ws.receive_json()
        assert frame["type"] == "refused" and frame["article"] != "authorisation"
    # taken off t1, dee is the public there
    client.post(
        "/api/tables/t1/dealers", headers=heads["admin"], json={"name": "dee", "assigned": False}
    )
    off = client.post(
        "/api/tables/t1/commands",
        headers=heads["dee"],
        json={"command_id": "v2", "command": {"type": "void", "reason": "x"}},
    )
    assert off.status_code == 403 and off.json()["article"] == "authorisation"


def next_view(ws: WebSocketTestSession, seconds: float = 10.0) -> dict[str, Any]:
    """The next ``view`` frame on ``ws``, within ``seconds`` (a ping each turn: its pong ends
    a turn's reading, so the wait never blocks on a socket that has nothing to send)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ws.send_json({"v": 1, "type": "ping"})
        frame: dict[str, Any] = ws.receive_json()
        while frame["type"] != "pong":
            if frame["type"] == "view":
                return frame
            frame = ws.receive_json()
        time.sleep(0.05)
    raise AssertionError(f"no view frame in {seconds} s")


def test_a_dealer_taken_off_a_table_he_watches_gets_the_publics_view_of_it(
    house: tuple[TestClient, dict[str, dict[str, str]]],
) -> None:
    """Issue 19: a dealer sees a table as its dealer only while he runs it. Taken off t1 while
    his socket watches it, dee is subscribed again as the public within ``roster_check_s``: a
    whole view without what only its dealers see (the toy's ``dealer``; a real game's dealers'
    forms of its events); given t1 again, the dealer's view again. (Before, the socket kept
    the dealer's view, and got the dealers' forms of the events, until its next hello.)"""
    client, heads = house
    admin = heads["admin"]
    with client.websocket_connect("/ws", headers=heads["dee"]) as ws:
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"v": 1, "type": "hello", "table": "t1"})
        assert next_view(ws)["view"]["dealer"] == "dee"
        off = {"name": "dee", "assigned": False}
        assert client.post("/api/tables/t1/dealers", headers=admin, json=off).status_code == 200
        assert "dealer" not in next_view(ws)["view"]
        assert "dealer" not in client.get("/api/tables/t1", headers=heads["dee"]).json()["view"]
        on = {"name": "dee", "assigned": True}
        assert client.post("/api/tables/t1/dealers", headers=admin, json=on).status_code == 200
        assert next_view(ws)["view"]["dealer"] == "dee"
