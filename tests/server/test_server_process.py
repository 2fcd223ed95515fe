"""A real ``croupier serve``: SIGKILLed at random points during play and restarted (SQLite and
PostgreSQL), and two server processes on one PostgreSQL database with clients on both.

Short forms (a few kills, a few rounds) keep the suite's time modest; the promises are the same.
"""

from __future__ import annotations

import contextlib
import random
import time
from typing import Any

import pytest
from server_process import ADMIN_PASSWORD, Player, ServerProcess, running, toy_leaks
from toy_server import GAME_OPTION
from typer.testing import CliRunner

from croupier.cli import app
from croupier.server.db import open_database
from croupier.server.store import EventStore


def prepare(server: ServerProcess, players: list[str], bots: int) -> dict[str, str]:
    """Accounts and table t1 (toy, ``bots`` bots); each player seated. Their tokens."""
    admin = server.login("admin", ADMIN_PASSWORD)
    bot_names = {f"bot-{i + 1}": "default" for i in range(bots)}
    server.call("POST", "/api/tables", {"table": "t1", "game": "toy", "bots": bot_names}, admin)
    tokens = {}
    server.call("POST", "/api/users", {"name": "cy", "role": "cashier", "password": "cy-secret"},
                admin)  # fmt: skip
    cy = server.login("cy", "cy-secret")
    for name in players:
        password = f"{name}-secret"
        server.call("POST", "/api/users", {"name": name, "role": "player", "password": password},
                    admin)  # fmt: skip
        tokens[name] = server.login(name, password)
        # issue 19: the buy-in comes from the wallet
        server.call("POST", "/api/cashier/deposit", {"name": name, "amount": 10_000, "key": name},
                    cy)  # fmt: skip
        server.call("POST", "/api/tables/t1/join", None, tokens[name])
    return tokens


def stored(database: str, table: str = "t1") -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The entries of ``table`` and how often each command id's command was stored."""
    opened = open_database(database, migrate=False)
    try:
        store = EventStore(opened.engine)
        entries = [e.entry for e in store.read(f"table:{table}")]
        commands: dict[str, int] = {}
        for entry in entries:
            cid = entry["command_id"]
            if entry.get("command") is not None:
                commands[cid] = commands.get(cid, 0) + 1
        return entries, commands
    finally:
        opened.close()


def audit_ok(database: str) -> None:
    result = CliRunner().invoke(
        app, ["audit", "verify", "--database", database, "--game", GAME_OPTION]
    )
    assert result.exit_code == 0, result.output


def test_issue18_kill_9_at_random_points_then_restart(database_url: str) -> None:
    """Killed with SIGKILL at random moments of play, restarted: every table resumes where its
    log ends, nothing acknowledged is lost or doubled, the client catches up from its last seq,
    the log verifies, the ledger balances and the game goes on to settlement."""
    rng = random.Random(database_url.split(":")[0])
    server = ServerProcess(database_url).start()
    try:
        tokens = prepare(server, ["ana"], bots=2)
        ana = Player(server, tokens["ana"], "t1", "ana")
        ana.connect()
        for _kill in range(2):
            for _ in range(rng.randint(3, 40)):
                ana.step()
            server.kill()
            ana.close()
            entries, _ = stored(database_url)
            # Nothing acknowledged is lost: every event and accepted command ana saw is stored.
            assert ana.seq <= len(entries)
            for seq in ana.accepted.values():
                assert seq <= len(entries)
            server = ServerProcess(database_url, port=server.port).start()
            ana.connect(server)
        while ana.rounds_seen() < 3:
            ana.step()
    finally:
        server.stop()
    entries, commands = stored(database_url)
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
    assert all(count == 1 for count in commands.values())  # nothing applied twice
    for command_id in ana.accepted:
        assert f"c:ana:{command_id}" in commands
    assert toy_leaks(ana, entries) == []
    audit_ok(database_url)


def test_issue18_two_processes_on_one_postgresql_database(postgres_url: str) -> None:
    """Two servers on one PostgreSQL database, ana on one, bo on the other, bots on both:
    every command is applied once, in one order, and both see the same events."""
    with running(postgres_url) as first, running(postgres_url) as second:
        tokens = prepare(first, ["ana", "bo"], bots=1)
        ana = Player(first, tokens["ana"], "t1", "ana")
        bo = Player(second, tokens["bo"], "t1", "bo")
        ana.connect()
        bo.connect()
        deadline = time.monotonic() + 60
        while min(ana.rounds_seen(), bo.rounds_seen()) < 3:
            assert time.monotonic() < deadline, "the two processes stalled"
            for player in (ana, bo):
                with contextlib.suppress(TimeoutError):
                    player.step(timeout=0.05)
        ana.close()
        bo.close()
    entries, commands = stored(postgres_url)
    assert all(count == 1 for count in commands.values())
    for player in (ana, bo):
        for command_id in player.accepted:
            assert f"c:{player.name}:{command_id}" in commands
        assert toy_leaks(player, entries) == []
    record = {e["seq"]: e["event"]["type"] for e in entries}
    for player in (ana, bo):
        seen = {
            e["seq"]: e["event"]["type"]
            for f in player.frames
            if f["type"] == "events"
            for e in f["events"]
        }
        assert len(seen) > 10
        # One order: each saw, at each seq, the event the record has there.
        assert seen == {seq: record[seq] for seq in seen}
    audit_ok(postgres_url)


def test_a_second_server_on_one_sqlite_file_is_refused(tmp_path: Any) -> None:
    database = f"sqlite:///{tmp_path}/one.db"
    with running(database):
        second = ServerProcess(database)
        with pytest.raises(RuntimeError, match="exited with 2"):
            second.start()
