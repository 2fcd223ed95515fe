"""Issue 19, integrity: the self-check of the installed files against a manifest (a changed,
missing or added file is named), pip's RECORD read as that manifest, and the server's self-check
and audit at start shown on /healthz (SQLite and PostgreSQL)."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import time
from importlib.metadata import PathDistribution
from pathlib import Path

from starlette.testclient import TestClient
from test_server_api import ADMIN, bearer, settings
from typer.testing import CliRunner

from croupier.cli import app
from croupier.server.app import create_app
from croupier.server.integrity import (
    PACKAGE,
    build_manifest,
    check_files,
    record_manifest,
    self_check,
)


def copy_of_the_package(tmp_path: Path) -> Path:
    root = tmp_path / "croupier"
    shutil.copytree(PACKAGE, root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def test_issue19_selfcheck_names_a_changed_missing_or_added_file(tmp_path: Path) -> None:
    root = copy_of_the_package(tmp_path)
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps(build_manifest(root)))
    assert self_check(manifest, root).status == "ok"
    target = root / "server" / "money.py"
    data = bytearray(target.read_bytes())
    data[100] ^= 1  # one bit of one byte
    target.write_bytes(bytes(data))
    (root / "cards.py").unlink()
    (root / "extra.py").write_text("print('not shipped')\n")
    result = self_check(manifest, root)
    assert result.status == "changed" and not result.ok
    assert result.changed == ["server/money.py"]
    assert result.missing == ["cards.py"] and result.added == ["extra.py"]
    assert "changed: server/money.py" in result.describe()


def test_issue19_pips_record_is_the_manifest_of_an_installed_wheel(tmp_path: Path) -> None:
    """A wheel's RECORD lists every installed file with its urlsafe-base64 SHA-256."""
    site = tmp_path / "site"
    (site / "croupier").mkdir(parents=True)
    (site / "croupier" / "a.py").write_text("A = 1\n")
    info = site / "croupier-0.1.0.dist-info"
    info.mkdir()
    digest = base64.urlsafe_b64encode(hashlib.sha256(b"A = 1\n").digest()).rstrip(b"=").decode()
    (info / "METADATA").write_text("Name: croupier\nVersion: 0.1.0\n")
    (info / "RECORD").write_text(
        f"croupier/a.py,sha256={digest},6\ncroupier-0.1.0.dist-info/RECORD,,\n"
    )
    found = record_manifest(PathDistribution(info))
    assert found is not None
    root, expected = found
    assert root == (site / "croupier").resolve()
    assert check_files(root, expected, "RECORD").status == "ok"
    (site / "croupier" / "a.py").write_text("A = 2\n")
    assert check_files(root, expected, "RECORD").changed == ["a.py"]


def test_issue19_the_selfcheck_command(tmp_path: Path) -> None:
    manifest = tmp_path / "m.json"
    runner = CliRunner()
    written = runner.invoke(app, ["audit", "selfcheck", "--write-manifest", str(manifest)])
    assert written.exit_code == 0 and "written to" in written.output
    checked = runner.invoke(app, ["audit", "selfcheck", "--manifest", str(manifest)])
    assert checked.exit_code == 0 and "installed files match" in checked.output
    data = json.loads(manifest.read_text())
    data["files"]["cli.py"] = "0" * 64
    manifest.write_text(json.dumps(data))
    checked = runner.invoke(app, ["audit", "selfcheck", "--manifest", str(manifest)])
    assert checked.exit_code == 1 and "changed: cli.py" in checked.output


def wait_audit(client: TestClient) -> dict[str, object]:
    for _ in range(400):
        health: dict[str, object] = client.get("/healthz").json()
        if health["audit"]["status"] not in ("pending", "running"):  # type: ignore[index]
            return health
        time.sleep(0.02)
    raise AssertionError("the audit did not finish")


def test_issue19_healthz_shows_the_selfcheck_and_the_audit_at_start(
    database_url: str, tmp_path: Path
) -> None:
    manifest = tmp_path / "m.json"
    manifest.write_text(json.dumps(build_manifest()))
    with TestClient(create_app(settings(database_url, manifest=str(manifest)))) as client:
        health = wait_audit(client)
        assert health["status"] == "ok", health
        assert health["selfcheck"]["status"] == "ok"  # type: ignore[index]
        assert health["audit"]["status"] == "ok"  # type: ignore[index]
    data = json.loads(manifest.read_text())
    data["files"]["server/money.py"] = "0" * 64
    manifest.write_text(json.dumps(data))
    with TestClient(create_app(settings(database_url, manifest=str(manifest)))) as client:
        health = wait_audit(client)
        response = client.get("/healthz")
        assert response.status_code == 503 and health["status"] == "degraded"
        assert health["selfcheck"]["changed"] == ["server/money.py"]  # type: ignore[index]
        assert "self-check" in str(health["faults"])


def test_issue19_an_audit_fault_at_start_degrades_healthz(database_url: str) -> None:
    from test_server_audit import execute, record_with_a_round_in_play, unguard

    record_with_a_round_in_play(database_url)
    _admin_in(database_url)
    unguard(database_url, "ledger_entries")
    execute(database_url, "UPDATE ledger_entries SET amount = amount + 5 WHERE account = "
                          "'table:t1:player:ana'")  # fmt: skip
    with TestClient(create_app(settings(database_url))) as client:
        health = wait_audit(client)
        # what the fault is, to an admin's (or an inspector's) session only: a replay's or the
        # audit's fault may name a card nobody may see yet, and /healthz needs no login
        told = client.get("/healthz", headers=bearer(client, **ADMIN)).json()
    assert health["status"] == "degraded" and told["status"] == "degraded"
    assert health["audit"]["status"] == "fault"  # type: ignore[index]
    assert "ledger transaction" not in str(health)
    assert health["faults"] == ["audit verify: a fault"]
    assert "ledger transaction 3 is table:t1:2" in str(told["audit"]["fault"])


def test_why_a_table_is_out_of_service_is_told_to_those_who_inspect_the_house(
    database_url: str,
) -> None:
    """A table whose record does not replay is out of service. Why (the replay's refusal, which
    may name a card nobody may see yet) is in the log, and told to an admin's or an inspector's
    session; the public /healthz, the lobby and a player's hello say only that it is."""
    from test_server_audit import execute, record_with_a_round_in_play, unguard

    record_with_a_round_in_play(database_url)
    _admin_in(database_url)
    unguard(database_url, "events")
    execute(
        database_url,
        "UPDATE events SET payload = replace(payload, '\"amount\":200', '\"amount\":900') "
        "WHERE stream = 'table:t1' AND seq = 2",
    )
    with TestClient(create_app(settings(database_url), announce=lambda _: None)) as client:
        public = client.get("/healthz").json()
        admin = bearer(client, **ADMIN)
        told = client.get("/healthz", headers=admin).json()
        made = {"name": "pia", "role": "player", "password": "pia-secret"}
        assert client.post("/api/users", headers=admin, json=made).status_code == 200
        pia = bearer(client, "pia", "pia-secret")
        lobby = {t["table"]: t for t in client.get("/api/tables", headers=pia).json()}
        admin_lobby = {t["table"]: t for t in client.get("/api/tables", headers=admin).json()}
        state = client.get("/api/tables/t1", headers=pia)
    assert public["status"] == told["status"] == "degraded"
    # (the audit at start may have found its fault already: said, not what)
    assert public["faults"][0] == "1 table(s) out of service (see the log)"
    assert set(public["faults"][1:]) <= {"audit verify: a fault"}
    assert "cannot fold" not in str(public) and "cannot fold table t1" in str(told["faults"])
    assert (
        lobby["t1"]["fault"]
        == "table t1 is out of service: its record does not replay (see the log)"
    )
    assert "cannot fold table t1" in admin_lobby["t1"]["fault"]
    assert state.status_code in (404, 409) and "cannot fold" not in state.text


def _admin_in(database_url: str) -> None:
    """The test admin's account in a record made without the server (which creates it only in
    an empty database)."""
    from datetime import UTC, datetime

    from funding import FAST

    from croupier.server.auth import Accounts
    from croupier.server.db import open_database
    from croupier.server.store import EventStore

    database = open_database(database_url)
    Accounts(EventStore(database.engine), FAST).create(
        ADMIN["name"], "admin", ADMIN["password"], by=None, at=datetime.now(UTC)
    )
    database.close()
