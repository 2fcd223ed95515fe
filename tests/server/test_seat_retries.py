"""A join or a leave retried with its key (``POST /api/tables/T/join``, ``/leave`` with
``{"key": ...}``) is answered as the first was, and its money moves once: a client whose answer
was lost (a dropped connection, a timeout) may send it again. Without a key a retry is a new
request, refused as before (seated already; not seated)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient
from test_server_api import bearer, settings, setup_table

from croupier.server.app import create_app


def wallet(client: TestClient, name: str) -> int:
    cy = bearer(client, "cy", "cy-secret")
    balance: int = client.get(f"/api/wallets/{name}", headers=cy).json()["balance"]
    return balance


def post(client: TestClient, path: str, headers: dict[str, str], body: Any = None) -> Any:
    return client.post(f"/api/tables/t1/{path}", headers=headers, json=body)


def test_a_join_retried_with_its_key_is_answered_as_the_first_and_buys_in_once(
    database_url: str,
) -> None:
    with TestClient(create_app(settings(database_url), announce=lambda _: None)) as client:
        ana = setup_table(client)
        before = wallet(client, "ana")
        first = post(client, "join", ana, {"key": "join-1"})
        assert first.status_code == 200, first.text
        assert first.json()["duplicate"] is False
        again = post(client, "join", ana, {"key": "join-1"})
        assert again.status_code == 200, again.text
        answer = again.json()
        assert answer["duplicate"] is True and answer["command_id"] == "join"
        assert (answer["first_seq"], answer["seq"]) == (
            first.json()["first_seq"],
            first.json()["seq"],
        )
        bought = before - wallet(client, "ana")
        assert bought > 0  # the buy-in left the wallet once
        # another key, or none, is another join: refused, she is seated
        for body in ({"key": "join-2"}, None, {}):
            refused = post(client, "join", ana, body)
            assert refused.status_code == 409 and "seated already" in refused.json()["message"]
        assert before - wallet(client, "ana") == bought
    # after a restart, the table folded from the store answers the retry the same way
    with TestClient(create_app(settings(database_url), announce=lambda _: None)) as client:
        ana = bearer(client, "ana", "ana-secret")
        retried = post(client, "join", ana, {"key": "join-1"})
        assert retried.status_code == 200 and retried.json()["duplicate"] is True, retried.text
        assert retried.json()["seq"] == first.json()["seq"]
        assert before - wallet(client, "ana") == bought


def test_a_leave_retried_with_its_key_is_answered_as_the_first_and_cashes_out_once(
    database_url: str,
) -> None:
    with TestClient(create_app(settings(database_url), announce=lambda _: None)) as client:
        ana = setup_table(client)
        before = wallet(client, "ana")
        assert post(client, "join", ana).status_code == 200
        left = post(client, "leave", ana, {"key": "out:1"})
        assert left.status_code == 200, left.text
        assert left.json()["duplicate"] is False
        assert wallet(client, "ana") == before  # every chip back: no round was played
        again = post(client, "leave", ana, {"key": "out:1"})
        assert again.status_code == 200 and again.json()["duplicate"] is True, again.text
        assert again.json()["seq"] == left.json()["seq"]
        assert wallet(client, "ana") == before
        # without its key, a retry is a new leave: she is not seated
        assert post(client, "leave", ana).status_code == 409
        assert wallet(client, "ana") == before


def test_a_bad_seat_key_is_a_400_naming_the_key_and_nothing_is_done(database_url: str) -> None:
    with TestClient(create_app(settings(database_url), announce=lambda _: None)) as client:
        ana = setup_table(client)
        before = wallet(client, "ana")
        for bad in ("", "a b", "x" * 41, "é", "ab\n", 7):
            for path in ("join", "leave"):
                answer = post(client, path, ana, {"key": bad})
                assert answer.status_code == 400, (path, bad, answer.text)
                assert answer.json()["error"] == "bad-request"
                assert "key" in answer.json()["message"], answer.text
        state = client.get("/api/tables/t1", headers=ana).json()
        assert "ana" not in state["view"]["seated"]
        assert wallet(client, "ana") == before
