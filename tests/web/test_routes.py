"""The web router without a browser (the app in process): static files served safely, pages
behind a session, the JSON helpers by role, and bad input refused clearly (never a 500)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from croupier.server.app import create_app
from croupier.server.auth import ADMIN_PASSWORD_ENV
from croupier.server.hub import HubSettings
from croupier.server.runtime import ServerSettings
from croupier.server.web import STATIC
from croupier.server.web.routes import router as web_router

from .live import ADMIN_PASSWORD, FAST, TOY


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(
        database=f"sqlite:///{tmp_path / 'croupier.db'}",
        hub=HubSettings(bot_delay_ms=0),
        auth=FAST,
        extra_games={"toy": TOY},
        environ={ADMIN_PASSWORD_ENV: ADMIN_PASSWORD},
    )
    app = create_app(settings, announce=lambda _: None)
    if not any(getattr(r, "path", None) == "/lobby" for r in app.routes):
        app.include_router(web_router)
    with TestClient(app) as test_client:
        yield test_client


def login(client: TestClient, name: str, password: str) -> dict[str, str]:
    answer = client.post("/api/login", json={"name": name, "password": password})
    assert answer.status_code == 200, answer.text
    return {"authorization": f"Bearer {answer.json()['token']}"}


def setup(client: TestClient) -> dict[str, dict[str, str]]:
    admin = login(client, "admin", ADMIN_PASSWORD)
    for name, role in (("ana", "player"), ("dee", "dealer"), ("ida", "inspector")):
        made = client.post(
            "/api/users", headers=admin, json={"name": name, "role": role, "password": "secret-123"}
        )
        assert made.status_code == 200, made.text
    opened = client.post(
        "/api/tables", headers=admin, json={"table": "t1", "game": "toy", "dealers": ["dee"]}
    )
    assert opened.status_code == 200, opened.text
    return {
        "admin": admin,
        **{n: login(client, n, "secret-123") for n in ("ana", "dee", "ida")},
    }


def wait_rounds(
    client: TestClient, who: dict[str, str], done: Callable[[list[dict[str, Any]]], bool]
) -> list[dict[str, Any]]:
    """The table's rounds once ``done`` says so (the hub steps the house on its own time)."""
    for _ in range(300):
        rounds: list[dict[str, Any]] = client.get("/api/tables/t1/rounds", headers=who).json()[
            "rounds"
        ]
        if done(rounds):
            return rounds
        time.sleep(0.02)
    raise AssertionError(f"the rounds never got there: {rounds}")


def test_static_files_are_served_with_their_types_and_revalidated(client: TestClient) -> None:
    answer = client.get("/static/js/protocol.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.content == (STATIC / "js" / "protocol.js").read_bytes()
    etag = answer.headers["etag"]
    again = client.get("/static/js/protocol.js", headers={"if-none-match": etag})
    assert again.status_code == 304
    svg = client.get("/static/cards/As.svg")
    assert svg.headers["content-type"] == "image/svg+xml" and b"ace of spades" in svg.content


@pytest.mark.parametrize(
    "path",
    [
        "/static/../routes.py",
        "/static/%2e%2e/routes.py",
        "/static/..%2f..%2fpyproject.toml",
        "/static/js",
        "/static/nothing.js",
        "/static//etc/passwd",
    ],
)
def test_nothing_outside_the_static_folder_is_served(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404, path
    assert b"import" not in answer.content


def test_pages_need_a_session_and_answer_other_roles_plainly(client: TestClient) -> None:
    people = setup(client)
    for path in ("/lobby", "/tables/t1", "/recall", "/admin", "/cashier", "/dealer"):
        answer = client.get(path, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == f"/login?next={path}"
    assert client.get("/login?next=//evil.example/").text.count('data-next="/"') == 1
    assert client.get("/tables/t1", headers=people["ana"]).status_code == 200
    assert client.get("/tables/nope", headers=people["ana"]).status_code == 404
    for path, who in (("/admin", "ana"), ("/recall", "ana"), ("/dealer", "ana"), ("/admin", "ida")):
        answer = client.get(path, headers=people[who])
        assert answer.status_code == 403, (path, who)
        assert "Not allowed" in answer.text


def test_pages_allow_scripts_styles_and_connections_from_this_site_only(
    client: TestClient,
) -> None:
    for answer in (client.get("/login"), client.get("/admin", headers=setup(client)["admin"])):
        policy = answer.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "connect-src 'self'" in policy
        assert "frame-ancestors 'none'" in policy and answer.headers["x-frame-options"] == "DENY"
        assert "<script>" not in answer.text  # no inline script: the policy would refuse it


def test_every_page_carries_its_csrf_token_for_the_scripts(client: TestClient) -> None:
    answer = client.post(
        "/api/login", json={"name": "admin", "password": ADMIN_PASSWORD, "cookie": True}
    )
    csrf = answer.json()["csrf"]
    page = client.get("/admin")
    assert page.status_code == 200
    assert f'<meta name="csrf-token" content="{csrf}">' in page.text


def test_art7_the_foul_check_is_the_engines(client: TestClient) -> None:
    people = setup(client)
    body = {
        "front": ["Ah", "Ad", "2c"],
        "middle": ["Ks", "Kd", "9c", "8d", "3s"],
        "back": ["Qh", "Jh", "Th", "9h", "8h"],
    }
    answer = client.post("/web/thirteen/check", headers=people["ana"], json=body)
    assert answer.status_code == 200
    assert answer.json()["fouled"] is True
    assert "is above the middle" in answer.json()["explanation"]
    fine = {**body, "front": ["2h", "3d", "4c"]}
    assert (
        client.post("/web/thirteen/check", headers=people["ana"], json=fine).json()["fouled"]
        is False
    )


@pytest.mark.parametrize(
    ("body", "names"),
    [
        ({"front": ["Ah", "Ah", "2c"], "middle": [], "back": []}, "Ah"),
        ({"front": ["Zz"], "middle": [], "back": []}, "Zz"),
        ({"front": ["Ah"] * 9, "middle": [], "back": []}, "front"),
        ({"front": "Ah"}, "middle"),
    ],
)
def test_a_bad_setting_is_refused_naming_the_bad_token(
    client: TestClient, body: dict[str, Any], names: str
) -> None:
    people = setup(client)
    answer = client.post("/web/thirteen/check", headers=people["ana"], json=body)
    assert answer.status_code == 400
    assert names in answer.text


def test_the_helpers_answer_by_role(client: TestClient) -> None:
    people = setup(client)
    assert client.post("/web/thirteen/check", json={}).status_code == 401
    hint = {"cards": ["As", "Ks", "Qs", "Js", "Ts", "9h", "9d", "9c", "2c", "3c", "4d", "5h", "7h"]}
    refused = client.post("/web/tables/t1/hint", headers=people["ana"], json=hint)
    assert refused.status_code == 403 and "practice" in refused.text
    practice = client.post(
        "/api/tables", headers=people["admin"], json={"table": "practice-1", "game": "toy"}
    )
    assert practice.status_code == 200
    not_13 = client.post("/web/tables/practice-1/hint", headers=people["ana"], json=hint)
    assert not_13.status_code == 403  # a practice table, but not of the 13-card game
    assert client.get("/web/tables/t1/dealer", headers=people["ana"]).status_code == 403
    dealer = client.get("/web/tables/t1/dealer", headers=people["dee"])
    assert dealer.status_code == 200 and dealer.json()["actor"] == "dealer:dee"
    assert client.get("/web/tables/t1/verify", headers=people["ana"]).status_code == 403
    verified = client.get("/web/tables/t1/verify", headers=people["ida"])
    assert verified.status_code == 200 and verified.json()["ok"] is True
    assert client.get("/web/tables/t1/export?round=1", headers=people["ana"]).status_code == 403
    assert client.get("/web/tables/t1/export?round=1", headers=people["ida"]).status_code == 404
    assert client.get("/web/tables/t1/export?round=x", headers=people["ida"]).status_code == 400
    assert client.get("/web/tables/nope/verify", headers=people["ida"]).status_code == 404


def test_a_round_in_play_is_not_exported_and_a_finished_one_is(client: TestClient) -> None:
    people = setup(client)
    client.post(
        "/api/users",
        headers=people["admin"],
        json={"name": "bo", "role": "player", "password": "secret-123"},
    )
    bo = login(client, "bo", "secret-123")
    for name in ("ana", "bo"):  # issue 19: a buy-in comes from the wallet
        client.app.state.server.cashier.deposit(  # type: ignore[attr-defined]
            name, 10**6, key=f"t-{name}", by="test", at=datetime.now(UTC)
        )
    for who in (people["ana"], bo):
        assert client.post("/api/tables/t1/join", headers=who).status_code == 200
    # a table rests between rounds unless a seated person is connected: ana watches it
    with client.websocket_connect("/ws", headers=people["ana"]) as ws:
        ws.send_json({"v": 1, "type": "hello", "table": "t1"})
        wait_rounds(client, people["ida"], lambda r: bool(r))
        in_play = client.get("/web/tables/t1/export?round=1", headers=people["ida"])
        assert in_play.status_code == 409 and "not finished" in in_play.text
        for i, who in enumerate((people["ana"], bo)):
            ante = {"command_id": f"a{i}", "command": {"type": "ante"}}
            done = client.post("/api/tables/t1/commands", headers=who, json=ante)
            assert done.status_code == 200, done.text
        rounds = wait_rounds(client, people["ida"], lambda r: bool(r) and r[0]["closed"])
    export = client.get("/web/tables/t1/export?round=1", headers=people["ida"])
    assert export.status_code == 200
    lines = export.content.splitlines()
    assert len(lines) == 1 + rounds[0]["last_seq"]
    assert export.headers["content-disposition"] == 'attachment; filename="t1-round-1.jsonl"'


def test_forms_post_and_wait_for_their_script(client: TestClient) -> None:
    """A form submitted before its script is there never sends a password in an address: the
    forms are POST, their buttons sent disabled for the script to enable."""
    for page in (client.get("/login"), client.get("/admin", headers=setup(client)["admin"])):
        forms = page.text.count("<form ")
        assert forms and page.text.count('method="post"') == forms
        assert 'type="submit" disabled data-needs-js' in page.text


def lobby_limits(game: str, decimals: int | None = None) -> str:
    """The lobby's "Limits" cell of a table of ``game`` with its default options (in a house
    of ``decimals``: the table's options name them, the page is given them)."""
    from croupier.server.catalog import Catalog
    from croupier.server.web.routes import templates

    given = {} if decimals is None else {"decimals": decimals}
    options = Catalog().table_class(game).options_from_dict(given).to_dict()
    row = {"table": "t1", "game": game, "options": options, "players": [], "rounds": 0}
    html = templates.env.get_template("_lobby_tables.html").render(
        by_game={game: [row]}, titles={}, role="inspector", user=None, decimals=decimals
    )
    cell = re.search(r'<td data-label="Limits">(.*?)</td>', html, re.S)
    assert cell is not None
    return re.sub(r"<[^>]+>", "", cell.group(1))


def test_the_lobby_shows_a_tables_flags_as_yes_or_no_never_a_python_boolean() -> None:
    limits = lobby_limits("five-card-stud")
    assert "short all in reopens: no" in limits
    assert "min buy in: 2,000" in limits and "pot money: 20" in limits
    assert "True" not in limits and "False" not in limits


def test_the_lobby_shows_a_banking_tables_bet_limits_first() -> None:
    limits = lobby_limits("three-card-baccarat")
    assert limits.startswith("bets: 100 to 500,000 (other limits for some bets); decks: 1")
    assert "zero is even: yes" in limits and "True" not in limits


def test_the_lobby_shows_a_tables_money_in_the_house_currency_and_counts_as_they_are() -> None:
    """A house of decimals 2: the stud level of 20 patacas is 2,000 avos, shown 20.00; its
    buy-in 2,000.00; a baccarat bet 1.00 to 5,000.00; seats, decks and seconds as they are."""
    stud = lobby_limits("five-card-stud", 2)
    assert "pot money: 20.00" in stud and "min buy in: 2,000.00" in stud
    assert "top up below: 500.00" in stud
    assert "seats: 7" in stud and "time limit seconds: 120" in stud and "decimals: 2" in stud
    baccarat = lobby_limits("three-card-baccarat", 2)
    assert baccarat.startswith("bets: 1.00 to 5,000.00 (other limits for some bets); decks: 1")


def test_the_pages_are_given_the_house_decimals_and_the_cashier_shows_the_currency(
    client: TestClient,
) -> None:
    people = setup(client)
    admin = people["admin"]
    made = client.post(
        "/api/users",
        headers=admin,
        json={"name": "cash", "role": "cashier", "password": "cash-secret-1"},
    )
    assert made.status_code == 200, made.text
    cash = login(client, "cash", "cash-secret-1")
    for kind, amount, key in (("deposit", 1234567, "k1"), ("withdrawal", 5, "k2")):
        moved = client.post(
            f"/api/cashier/{kind}", headers=cash, json={"name": "ana", "amount": amount, "key": key}
        )
        assert moved.status_code == 200, moved.text
    assert client.get("/api/wallet", headers=people["ana"]).json()["balance"] == 1234562
    limit = client.post("/api/limits", headers=people["ana"], json={"daily_loss_limit": 250050})
    assert limit.status_code == 200, limit.text
    html = client.get("/cashier", headers=people["ana"]).text
    assert '<body data-decimals="2">' in html
    assert '<strong id="wallet-balance" class="num">12,345.62</strong>' in html
    assert ">12,345.67</td>" in html and ">−0.05</td>" in html  # the movements
    assert 'value="2,500.50"' in html  # the daily loss limit, as it is typed back
    assert "smallest units" not in html
    desk = client.get("/cashier", headers=cash).text
    assert (
        '<body data-decimals="2">' in desk and 'id="desk-amount" name="amount" type="text"' in desk
    )
    assert '<body data-decimals="2">' in client.get("/login").text
