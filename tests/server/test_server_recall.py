"""Issue 19, the inspector's recall (SQLite and PostgreSQL): the last 10 rounds of a table, any
round by id, event by event with the article of each step, and the provably-fair commitment and
revealed seed of the shuffle that dealt it; live hidden cards never shown to an inspector."""

from __future__ import annotations

import hashlib
import time
from typing import Any

from starlette.testclient import TestClient
from test_server_api import ADMIN, FAST, bearer

from croupier.server.app import create_app
from croupier.server.auth import ADMIN_PASSWORD_ENV
from croupier.server.hub import HubSettings
from croupier.server.runtime import ServerSettings

KEY = bytes(range(32))


def test_issue19_recall_the_last_10_rounds_and_a_round_by_id(database_url: str) -> None:
    settings = ServerSettings(
        database=database_url,
        hub=HubSettings(bot_delay_ms=0, bots_play_alone=True, fair_key=KEY),
        auth=FAST,
        environ={ADMIN_PASSWORD_ENV: ADMIN["password"]},
        integrity_interval=0,
    )
    with TestClient(create_app(settings, announce=lambda _: None)) as client:
        admin = bearer(client, **ADMIN)
        ida_account = {"name": "ida", "role": "inspector", "password": "ida-secret"}
        client.post("/api/users", headers=admin, json=ida_account)
        ida = bearer(client, "ida", "ida-secret")
        bots = {f"bot-{i}": "strength" for i in range(1, 4)}
        opened = client.post(
            "/api/tables",
            headers=admin,
            json={"table": "s1", "game": "five-card-stud", "bots": bots},
        )
        assert opened.status_code == 200, opened.text
        deadline = time.monotonic() + 120
        while True:
            spans = client.get("/api/tables/s1/rounds", headers=ida).json()["rounds"]
            if sum(1 for s in spans if s["closed"]) >= 10 and spans[-1]["number"] >= 12:
                break
            assert time.monotonic() < deadline, spans
            time.sleep(0.05)
        server = client.app.state.server  # type: ignore[attr-defined]
        every = server.hub.tables["s1"].table.rounds
        # the last 10 rounds, oldest first, the newest included
        numbers = [s["number"] for s in spans]
        assert len(numbers) == 10 and numbers == list(range(numbers[0], numbers[0] + 10))
        assert numbers[-1] >= len(every) - 1
        # round 1 by its id: every step with its article, the commitment and the revealed seed
        first = client.get("/api/rounds/s1:1", headers=ida).json()
        assert first["round"] == "s1:1" and first["closed"]
        assert first == client.get("/api/tables/s1/rounds/1", headers=ida).json()
        kinds = [e["event"]["type"] for e in first["events"]]
        assert "hand_started" in kinds and "hand_settled" in kinds
        articles = {e["event"]["type"]: e["article"] for e in first["events"]}
        assert articles["hand_started"] == "Art 7, Art 8"
        assert articles["cards_dealt"] == "Art 10 a"
        assert articles["hand_settled"].startswith("Art 4")
        # the inspector sees the finished round whole: every key card dealt
        dealt = [e["event"] for e in first["events"] if e["event"]["type"] == "cards_dealt"]
        assert dealt and all("##" not in str(d) for d in dealt)
        [fair, *_] = first["fairness"]
        assert fair["commitment"] and fair["committed_seq"] <= first["first_seq"] + 5
        if fair["server_seed"] is not None:  # revealed once the deck's cards are all decided
            seed = bytes.fromhex(fair["server_seed"])
            assert hashlib.sha256(seed).hexdigest() == fair["commitment"]
            assert fair["verified"] is True
        revealed = [
            f for n in range(1, numbers[-1]) for f in round_fairness(client, ida, n)
            if f["server_seed"]
        ]  # fmt: skip
        assert revealed and all(f["verified"] for f in revealed)
        # errors: no such round, a bad id
        assert client.get("/api/rounds/s1:999", headers=ida).status_code == 404
        assert client.get("/api/rounds/nonsense", headers=ida).status_code == 400


def round_fairness(client: TestClient, who: dict[str, str], number: int) -> list[dict[str, Any]]:
    answer: list[dict[str, Any]] = client.get(f"/api/rounds/s1:{number}", headers=who).json()[
        "fairness"
    ]
    return answer
