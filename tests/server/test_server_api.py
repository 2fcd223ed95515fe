"""The REST API and the WebSocket protocol, in process (Starlette's TestClient), on SQLite and
PostgreSQL: sessions, CSRF, lobby, seats, state, recall, and every kind of bad input refused
clearly with the connection kept."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect
from toy_server import FirstOfferBot, ServedToyTable

from croupier.server.app import create_app
from croupier.server.auth import ADMIN_PASSWORD_ENV, AuthSettings
from croupier.server.catalog import ExtraGame
from croupier.server.hub import HubSettings
from croupier.server.runtime import ServerSettings

FAST = AuthSettings(time_cost=1, memory_cost_kib=1024, parallelism=1)
ADMIN = {"name": "admin", "password": "admin-secret"}


def settings(database_url: str, **more: Any) -> ServerSettings:
    return ServerSettings(
        database=database_url,
        hub=HubSettings(bot_delay_ms=0),
        auth=FAST,
        extra_games={"toy": ExtraGame("toy", ServedToyTable, FirstOfferBot)},
        environ={ADMIN_PASSWORD_ENV: ADMIN["password"]},
        **more,
    )


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings(database_url), announce=lambda _: None)) as test_client:
        yield test_client


def bearer(client: TestClient, name: str, password: str) -> dict[str, str]:
    response = client.post("/api/login", json={"name": name, "password": password})
    assert response.status_code == 200, response.text
    return {"authorization": f"Bearer {response.json()['token']}"}


def setup_table(client: TestClient, bots: dict[str, str] | None = None) -> dict[str, str]:
    """An admin opens toy table t1; ana (a player) logs in; her headers."""
    admin = bearer(client, **ADMIN)
    made = client.post(
        "/api/users",
        headers=admin,
        json={"name": "ana", "role": "player", "password": "ana-secret"},
    )
    assert made.status_code == 200, made.text
    client.post(
        "/api/users", headers=admin, json={"name": "bo", "role": "player", "password": "bo-secret!"}
    )
    opened = client.post(
        "/api/tables", headers=admin, json={"table": "t1", "game": "toy", "bots": bots or {}}
    )
    assert opened.status_code == 200, opened.text
    # issue 19: a buy-in comes from the wallet; the cashier takes a deposit for each
    client.post(
        "/api/users", headers=admin, json={"name": "cy", "role": "cashier", "password": "cy-secret"}
    )
    cy = bearer(client, "cy", "cy-secret")
    for name in ("ana", "bo"):
        paid = client.post(
            "/api/cashier/deposit", headers=cy, json={"name": name, "amount": 5000, "key": name}
        )
        assert paid.status_code == 200, paid.text
    return bearer(client, "ana", "ana-secret")


def wait_phase(client: TestClient, headers: dict[str, str], phase: str, table: str = "t1") -> None:
    """Wait (10 s at most) until ``table``'s view, as ``headers``' session sees it, is in
    ``phase`` (a toy table's round opens once a seated person is connected)."""
    deadline = time.monotonic() + 10
    while client.get(f"/api/tables/{table}", headers=headers).json()["view"]["phase"] != phase:
        assert time.monotonic() < deadline, f"table {table} never reached {phase!r}"
        time.sleep(0.01)


def receive_until(ws: WebSocketTestSession, kind: str) -> list[dict[str, Any]]:
    got = []
    for _ in range(200):
        frame = ws.receive_json()
        got.append(frame)
        if frame["type"] == kind:
            return got
    raise AssertionError(f"no {kind} frame")


# -- sessions -------------------------------------------------------------------------------


def test_login_gives_a_bearer_token_and_refuses_a_wrong_password(client: TestClient) -> None:
    wrong = client.post("/api/login", json={"name": "admin", "password": "nope-nope"})
    assert wrong.status_code == 401 and wrong.json()["message"] == "wrong name or password"
    good = client.post("/api/login", json=ADMIN)
    body = good.json()
    assert (body["role"], body["failed_since"], body["previous_login"]) == ("admin", 1, None)
    me = client.get("/api/me", headers={"authorization": f"Bearer {body['token']}"})
    assert me.json()["name"] == "admin"
    assert client.get("/api/me").status_code == 401
    assert client.get("/api/me", headers={"authorization": "Bearer forged"}).status_code == 401


def test_three_failures_lock_the_account(client: TestClient) -> None:
    codes = [
        client.post("/api/login", json={"name": "admin", "password": f"bad-{i}xx"}).status_code
        for i in range(3)
    ]
    assert codes == [401, 401, 423]
    assert client.post("/api/login", json=ADMIN).status_code == 423


def test_a_cookie_session_needs_its_csrf_token_for_changes(client: TestClient) -> None:
    login = client.post("/api/login", json={**ADMIN, "cookie": True})
    assert "token" not in login.json()
    cookie = login.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert client.get("/api/me").status_code == 200  # the cookie alone reads
    body = {"name": "cy", "role": "player", "password": "cy-secret!"}
    refused = client.post("/api/users", json=body)
    assert refused.status_code == 403 and refused.json()["error"] == "csrf"
    done = client.post("/api/users", json=body, headers={"X-CSRF-Token": login.json()["csrf"]})
    assert done.status_code == 200
    client.post("/api/logout", headers={"X-CSRF-Token": login.json()["csrf"]})
    assert client.get("/api/me").status_code == 401


def test_a_one_time_admin_password_must_be_changed_first(database_url: str) -> None:
    shown: list[str] = []
    app = create_app(
        ServerSettings(database=database_url, auth=FAST, environ={}), announce=shown.append
    )
    with TestClient(app) as client:
        [line] = shown
        password = line.split("one-time password ")[1].split(" ")[0]
        headers = bearer(client, "admin", password)
        blocked = client.get("/api/tables", headers=headers)
        assert blocked.status_code == 403 and blocked.json()["error"] == "change-password"
        changed = client.post(
            "/api/password", headers=headers, json={"old": password, "new": "a new secret"}
        )
        assert changed.status_code == 200
        assert client.get("/api/tables", headers=headers).status_code == 200


def test_an_admin_resets_a_forgotten_password_over_rest(client: TestClient) -> None:
    """``POST /api/users/NAME/password``: a one-time password answered once (not cached), the
    owner's sessions ended and the lock lifted; the owner must change it before anything else;
    an unknown account is a 404 naming it, a player may not reset anyone's."""
    admin = bearer(client, **ADMIN)
    body = {"name": "bo", "role": "player", "password": "bo-secret!"}
    assert client.post("/api/users", headers=admin, json=body).status_code == 200
    bo = bearer(client, "bo", "bo-secret!")
    for i in range(3):  # bo forgets it and locks himself out
        client.post("/api/login", json={"name": "bo", "password": f"guess-{i}xx"})
    assert (
        client.post("/api/login", json={"name": "bo", "password": "bo-secret!"}).status_code == 423
    )
    refused = client.post("/api/users/admin/password", headers=bo)
    assert refused.status_code == 403 and refused.json()["error"] == "forbidden"
    reset = client.post("/api/users/bo/password", headers=admin)
    assert reset.status_code == 200, reset.text
    assert reset.headers["cache-control"] == "no-store"
    answer = reset.json()
    assert answer["must_change_password"] and answer["sessions_revoked"] == 1
    assert client.get("/api/me", headers=bo).status_code == 401  # his old session is over
    again = bearer(client, "bo", answer["password"])  # the lock is lifted
    blocked = client.get("/api/wallet", headers=again)
    assert blocked.status_code == 403 and blocked.json()["error"] == "change-password"
    new = {"old": answer["password"], "new": "bo-new-secret"}
    assert client.post("/api/password", headers=again, json=new).status_code == 200
    assert client.get("/api/wallet", headers=again).status_code == 200
    missing = client.post("/api/users/nobody/password", headers=admin)
    assert missing.status_code == 404 and "no account 'nobody'" in missing.json()["message"]


# -- tables -----------------------------------------------------------------------------------


def test_lobby_join_state_events_and_recall(client: TestClient) -> None:
    ana = setup_table(client, bots={"bot-1": "default"})
    lobby = client.get("/api/tables", headers=ana).json()
    assert [(t["table"], t["game"], t["bots"]) for t in lobby] == [("t1", "toy", ["bot-1"])]
    assert lobby[0]["options"] == {"ante": 10, "seats": 4}
    joined = client.post("/api/tables/t1/join", headers=ana)
    assert joined.status_code == 200 and joined.json()["type"] == "accepted"
    again = client.post("/api/tables/t1/join", headers=ana)
    assert again.status_code == 409 and "seated already" in again.json()["message"]
    state = client.get("/api/tables/t1", headers=ana).json()
    assert "ana" in state["view"]["seated"] and state["away"] == ["ana"]
    events = client.get("/api/tables/t1/events?since=0", headers=ana).json()["events"]
    assert [e["event"]["type"] for e in events][:2] == ["chips_in", "chips_in"]
    assert client.get("/api/tables/t1/rounds", headers=ana).json()["rounds"] == []
    missing = client.get("/api/tables/t1/rounds/1", headers=ana)
    assert missing.status_code == 404 and "no round 1" in missing.json()["message"]
    assert client.get("/api/tables/nope", headers=ana).status_code == 404
    bad = client.get("/api/tables/t1/events?since=-1", headers=ana)
    assert bad.status_code == 400


def test_only_an_admin_opens_tables_and_only_players_sit(client: TestClient) -> None:
    ana = setup_table(client)
    refused = client.post("/api/tables", headers=ana, json={"table": "t2", "game": "toy"})
    assert refused.status_code == 403 and refused.json()["message"] == "only admin may do this"
    admin = bearer(client, **ADMIN)
    assert client.post("/api/tables/t1/join", headers=admin).status_code == 403
    unknown = client.post("/api/tables", headers=admin, json={"table": "t2", "game": "chess"})
    assert unknown.status_code == 409 and "unknown game 'chess'" in unknown.json()["message"]
    twice = client.post("/api/tables", headers=admin, json={"table": "t1", "game": "toy"})
    assert twice.status_code == 409 and "exists already" in twice.json()["message"]
    bad_id = client.post("/api/tables", headers=admin, json={"table": "a b", "game": "toy"})
    assert bad_id.status_code == 400
    # a bot kind the game does not have is refused naming it and the kinds (it was replaced by
    # the game's first kind without a word), and no table is opened
    table = {"table": "t2", "game": "toy", "bots": {"bot-9": "grandmaster"}}
    bad_kind = client.post("/api/tables", headers=admin, json=table)
    assert bad_kind.status_code == 400, bad_kind.text
    assert bad_kind.json()["message"] == (
        "unknown bot kind 'grandmaster' for toy: the kinds are default"
    )
    assert client.get("/api/tables/t2", headers=admin).status_code == 404
    # a wallet of a name with no account is a 404 naming it, not an empty wallet
    missing = client.get("/api/wallets/nobody", headers=admin)
    assert missing.status_code == 404 and missing.json()["message"] == "no account 'nobody'"
    assert client.get("/api/wallets/ana", headers=admin).status_code == 200


def test_rest_commands_refuse_bad_input_clearly(client: TestClient) -> None:
    ana = setup_table(client)
    url = "/api/tables/t1/commands"
    out_of_turn = client.post(
        url, headers=ana, json={"command_id": "1", "command": {"type": "ante"}}
    )
    assert out_of_turn.status_code == 409 and out_of_turn.json()["article"] == "Toy 2"
    unknown = client.post(url, headers=ana, json={"command_id": "2", "command": {"type": "fly"}})
    assert unknown.status_code == 400 and "unknown toy command 'fly'" in unknown.json()["message"]
    no_id = client.post(url, headers=ana, json={"command": {"type": "leave"}})
    assert no_id.status_code == 400 and "command_id" in no_id.json()["message"]
    not_json = client.post(url, headers={**ana, "content-type": "application/json"}, content=b"{")
    assert not_json.status_code == 400
    huge = client.post(url, headers=ana, json={"command_id": "3", "command": {"x": "y" * 20000}})
    assert huge.status_code == 413
    sat = client.post(
        url, headers=ana, json={"command_id": "4", "command": {"type": "sit", "buy_in": 200}}
    )
    again = client.post(
        url, headers=ana, json={"command_id": "4", "command": {"type": "sit", "buy_in": 200}}
    )
    assert sat.json()["duplicate"] is False and again.json()["duplicate"] is True
    assert again.json()["seq"] == sat.json()["seq"]


def test_healthz_metrics_and_openapi(client: TestClient) -> None:
    health = client.get("/healthz").json()
    assert health["status"] == "ok" and health["faults"] == []
    metrics = client.get("/metrics").text
    assert "croupier_commands_accepted_total" in metrics and "croupier_commit_seconds" in metrics
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/login", "/api/tables", "/api/tables/{table_id}/rounds/{number}"):
        assert path in paths
    assert client.get("/docs").status_code == 200


# -- the WebSocket ----------------------------------------------------------------------------


def test_ws_hello_command_accepted_and_refused(client: TestClient) -> None:
    ana = setup_table(client)
    with client.websocket_connect("/ws", headers=ana) as ws:
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"v": 1, "type": "hello", "table": "t1"})
        view = ws.receive_json()
        assert view["type"] == "view" and view["seq"] == 0 and view["legal"][0]["type"] == "sit"
        ws.send_json(
            {
                "v": 1,
                "type": "command",
                "table": "t1",
                "command_id": "s1",
                "command": {"type": "sit", "buy_in": 200},
            }
        )
        # the answer leaves as soon as the command is committed (issue 21), then the entries
        # it made and the view after them
        answer = ws.receive_json()
        assert answer["type"] == "accepted"
        assert answer["seq"] == 1 and answer["duplicate"] is False
        frames = receive_until(ws, "view")
        assert [f["type"] for f in frames] == ["events", "view"]
        assert frames[0]["events"][0]["event"] == {
            "type": "chips_in",
            "player": "ana",
            "amount": 200,
        }
        assert frames[-1]["seq"] == 1
        ws.send_json(
            {
                "v": 1,
                "type": "command",
                "table": "t1",
                "command_id": "s1",
                "command": {"type": "sit", "buy_in": 200},
            }
        )
        assert ws.receive_json() == {
            "v": 1,
            "type": "accepted",
            "table": "t1",
            "command_id": "s1",
            "first_seq": 1,
            "seq": 1,
            "duplicate": True,
        }
        ws.send_json(
            {
                "v": 1,
                "type": "command",
                "table": "t1",
                "command_id": "a1",
                "command": {"type": "ante"},
            }
        )
        refused = ws.receive_json()
        assert refused["type"] == "refused" and refused["article"] == "Toy 1"


BAD_FRAMES = [
    ("{not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"type": "ping"}', "version"),
    ('{"v": 2, "type": "ping"}', "version"),
    ('{"v": 1, "type": "dance"}', "unknown-type"),
    ('{"v": 1, "type": "hello"}', "missing-field"),
    ('{"v": 1, "type": "hello", "table": "t1", "since": -3}', "bad-field"),
    ('{"v": 1, "type": "hello", "table": "nope"}', "no-table"),
    ('{"v": 1, "type": "command", "table": "t1", "command": {}}', "missing-field"),
    ('{"v": 1, "type": "command", "table": "t1", "command_id": "x", "command": []}', None),
    ('{"v": 1, "type": "command", "table": "t1", "command_id": "x", "command": {"type": 3}}', None),
    ('{"v": 1, "type": "hello", "table": "t1", "padding": "' + "x" * 17000 + '"}', "too-large"),
]


def test_ws_bad_input_is_refused_and_the_connection_kept(client: TestClient) -> None:
    """Every bad frame, one after another on one connection: each gets its clear refusal, the
    connection answers a ping after each, and nothing is applied."""
    ana = setup_table(client)
    with client.websocket_connect("/ws", headers=ana) as ws:
        ws.receive_json()
        for text, code in BAD_FRAMES:
            ws.send_text(text)
            answer = ws.receive_json()
            if code is None:
                assert answer["type"] == "refused" and answer["article"] == "protocol", text
            else:
                assert (answer["type"], answer["code"]) == ("error", code), (text, answer)
                assert answer["message"]
            ws.send_json({"v": 1, "type": "ping"})
            assert ws.receive_json() == {"v": 1, "type": "pong"}  # still connected
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["code"] == "binary"
    state = client.get("/api/tables/t1", headers=ana).json()
    assert state["seq"] == 0  # nothing applied


def test_ws_command_for_another_seat_is_refused(client: TestClient) -> None:
    """A player acts only as himself: the actor comes from the session, never the message."""
    ana = setup_table(client)
    bo = bearer(client, "bo", "bo-secret!")
    client.post("/api/tables/t1/join", headers=bo)
    with client.websocket_connect("/ws", headers=ana) as ws:
        ws.receive_json()
        ws.send_json(
            {
                "v": 1,
                "type": "command",
                "table": "t1",
                "command_id": "l1",
                "command": {"type": "leave", "player": "bo"},
            }
        )
        answer = ws.receive_json()
        assert answer["type"] == "refused" and answer["article"] == "protocol"
        assert "player" in answer["message"]
    assert "bo" in client.get("/api/tables/t1", headers=bo).json()["view"]["seated"]


def test_ws_without_a_session_is_refused(client: TestClient) -> None:
    setup_table(client)
    with client.websocket_connect("/ws") as ws:
        answer = ws.receive_json()
        assert (answer["type"], answer["code"]) == ("error", "unauthorized")


def test_a_password_reset_ends_an_open_websocket_before_its_next_command(
    client: TestClient,
) -> None:
    """A reset ends every live session, the sockets opened with it included: the next hello or
    command on a socket opened before the reset is answered ``unauthorized`` and the socket
    closed, and nothing is done (no money leaves the wallet under the revoked session)."""
    ana = setup_table(client)
    admin = bearer(client, **ADMIN)
    cy = bearer(client, "cy", "cy-secret")
    before = client.get("/api/wallets/ana", headers=cy).json()["balance"]
    with client.websocket_connect("/ws", headers=ana) as ws:
        assert ws.receive_json()["type"] == "welcome"
        assert client.post("/api/users/ana/password", headers=admin).status_code == 200
        sit = {"type": "sit", "buy_in": 200}
        ws.send_json({"v": 1, "type": "command", "table": "t1", "command_id": "s", "command": sit})
        answer = ws.receive_json()
        assert (answer["type"], answer["code"]) == ("error", "unauthorized")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401
    assert client.get("/api/wallets/ana", headers=cy).json()["balance"] == before


def test_a_watching_websocket_ends_with_its_session(database_url: str) -> None:
    """A socket that only watches a table is ended within ``session_check_s`` of its session's
    end (here a logout elsewhere: the cookie and the bearer are one session's), so no private
    frame reaches it after the session."""
    app = create_app(settings(database_url, session_check_s=0.2), announce=lambda _: None)
    with TestClient(app) as client:
        ana = setup_table(client)
        with client.websocket_connect("/ws", headers=ana) as ws:
            assert ws.receive_json()["type"] == "welcome"
            ws.send_json({"v": 1, "type": "hello", "table": "t1"})
            assert ws.receive_json()["type"] == "view"
            assert client.post("/api/logout", headers=ana).status_code == 200
            frames = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(100):
                    frames.append(ws.receive_json())
            assert closed.value.code == 4401
            assert frames[-1]["type"] == "error" and frames[-1]["code"] == "unauthorized"


def test_ws_cookie_from_another_site_is_refused(client: TestClient) -> None:
    setup_table(client)
    client.post("/api/login", json={"name": "ana", "password": "ana-secret", "cookie": True})
    with client.websocket_connect("/ws", headers={"origin": "https://evil.example"}) as ws:
        assert ws.receive_json()["code"] == "unauthorized"
    with client.websocket_connect("/ws", headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "welcome"


def test_ws_reconnect_with_last_seq_gets_the_missed_events(client: TestClient) -> None:
    ana = setup_table(client)
    bo = bearer(client, "bo", "bo-secret!")
    with client.websocket_connect("/ws", headers=ana) as ws:
        ws.receive_json()
        ws.send_json(
            {
                "v": 1,
                "type": "command",
                "table": "t1",
                "command_id": "s",
                "command": {"type": "sit", "buy_in": 200},
            }
        )
        receive_until(ws, "accepted")
    client.post("/api/tables/t1/join", headers=bo)  # while ana is away
    with client.websocket_connect("/ws", headers=ana) as ws:
        ws.receive_json()
        ws.send_json({"v": 1, "type": "hello", "table": "t1", "since": 1})
        missed = ws.receive_json()
        assert missed["type"] == "events" and [e["seq"] for e in missed["events"]] == [2]
        assert missed["events"][0]["event"]["player"] == "bo"
        assert ws.receive_json()["type"] == "view"


def test_serve_demo_announces_its_logins_and_pages_and_every_page_exists(
    database_url: str,
) -> None:
    """``croupier serve --demo`` is the README's one command away: it prints the demo logins
    and the pages to open, and each page it names is served (behind a login, not a 404)."""
    from croupier.server.demo import DEMO_ACCOUNTS, PAGES

    shown: list[str] = []
    app = create_app(settings(database_url, demo=True), announce=shown.append)
    with TestClient(app) as client:
        text = "\n".join(shown)
        assert "demo-toy" in text
        for name, (role, password) in DEMO_ACCOUNTS.items():
            assert f"{name} / {password} ({role})" in text
        [pages] = [line for line in shown if line.startswith("pages: ")]
        for page in PAGES:
            assert page in pages
            path = page.replace("<table>", "demo-toy")
            answer = client.get(path, follow_redirects=False)
            assert answer.status_code in (200, 303, 307), (path, answer.status_code)
            if answer.status_code != 200:
                assert answer.headers["location"].startswith("/login")
