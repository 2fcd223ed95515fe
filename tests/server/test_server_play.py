"""Issue 18: WebSocket clients play full rounds of every game a server can open (each game
whose table adapter is available, and the toy) through ``croupier serve --demo``, bots filling
the other places; every frame each client gets is checked for cards it may not see."""

from __future__ import annotations

import time

from server_process import Player, ServerProcess, toy_leaks, view_leaks
from test_server_process import audit_ok, stored

from croupier.server.demo import DEMO_ACCOUNTS

#: rounds each table plays: two of the toy's short ones, one of every real game (a Mah-Jong
#: game is a round)
ROUNDS = {"demo-toy": 2}


def test_issue18_clients_play_full_rounds_of_every_game_with_bots(database_url: str) -> None:
    server = ServerProcess(database_url).start("--demo")
    try:
        tokens = {n: server.login(n, p) for n, (role, p) in DEMO_ACCOUNTS.items()
                  if role == "player"}  # fmt: skip
        lobby = server.call("GET", "/api/tables", token=tokens["ana"])
        tables = [t["table"] for t in lobby]
        assert "demo-toy" in tables
        # every game of the registry has its adapter: the demo opens a table of each
        assert {"demo-three-card-baccarat", "demo-football-poker"} <= set(tables)
        players: list[Player] = []
        seated: list[tuple[str, str]] = []
        for table in tables:  # everyone sits first: a table rests until a person is there
            for name, token in tokens.items():
                try:
                    server.call("POST", f"/api/tables/{table}/join", None, token)
                except AssertionError as full:  # the bots left one place only
                    assert "409" in str(full) and "no free place" in str(full)
                    continue
                seated.append((table, name))
        assert {t for t, _ in seated} == set(tables)  # a person at every table
        for table, name in seated:
            player = Player(server, tokens[name], table, name)
            player.connect()
            players.append(player)
        deadline = time.monotonic() + 90
        done: set[str] = set()
        polled = 0.0
        while len(done) < len(tables):
            assert time.monotonic() < deadline, f"rounds not finished at {set(tables) - done}"
            for player in players:
                try:
                    player.step(timeout=0.02)
                except TimeoutError:
                    continue
            if time.monotonic() - polled < 0.3:
                continue
            polled = time.monotonic()
            for table in set(tables) - done:
                rounds = server.call("GET", f"/api/tables/{table}/rounds",
                                     token=tokens["ana"])["rounds"]  # fmt: skip
                if sum(1 for r in rounds if r["closed"]) >= ROUNDS.get(table, 1):
                    done.add(table)
        for player in players:
            player.close()
    finally:
        server.stop()
    for player in players:
        assert view_leaks(player) == [], (player.table, player.name)
        if player.table == "demo-toy":
            entries, _ = stored(database_url, "demo-toy")
            assert toy_leaks(player, entries) == []
    audit_ok(database_url)
