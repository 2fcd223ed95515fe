"""Issue 21 item 3: hostile input on the REST API of a real ``croupier serve`` (``--demo``: a
table of each available game, with bots). Schemathesis generates requests from
``/openapi.json`` (valid and invalid) for every operation, with an admin's bearer token: no
answer is a 500 and every answer matches the schema the API publishes (status code, content
type, body). Brute-forcing a password meets the lockout, which holds even for the right password
afterwards. Bounded: a few examples per operation, one server for the module.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from server_process import ADMIN_PASSWORD, ServerProcess

from croupier.server.auth import AuthSettings
from croupier.server.demo import DEMO_ACCOUNTS

#: requests generated per operation (valid and invalid ones)
EXAMPLES = 6
#: checks left out: "a request the schema allows is accepted" asks the schema to state every
#: rule the server applies (names, roles, who is a dealer...), not that the server is safe; the
#: checks kept are no 500, status codes, content types and bodies as documented
LOOSE = [schemathesis.checks.positive_data_acceptance]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("hostile")
    process = ServerProcess(f"sqlite:///{folder / 'croupier.db'}").start("--demo")
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="module")
def admin_token(server: ServerProcess) -> str:
    return server.login("admin", ADMIN_PASSWORD)


def test_issue21_item3_every_operation_answers_by_its_schema_and_never_500(
    server: ServerProcess, admin_token: str
) -> None:
    """Every operation of /openapi.json (but logout and the password change, which would end
    the fuzzer's own session), fuzzed with valid and invalid requests."""
    from hypothesis import given

    api = schemathesis.openapi.from_url(f"{server.url}/openapi.json").exclude(
        path=["/api/logout", "/api/password"]
    )
    headers = {"Authorization": f"Bearer {admin_token}"}
    failures: dict[str, str] = {}
    tried = 0
    for result in api.get_all_operations():
        operation = result.ok()  # type: ignore[union-attr]  # an invalid schema raises here
        tried += 1

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck),
                  database=None)  # fmt: skip
        def fuzz(case: Any) -> None:
            case.call_and_validate(base_url=server.url, headers=headers, excluded_checks=LOOSE)

        try:
            fuzz()
        except (Exception, BaseExceptionGroup) as exc:
            failures[operation.label] = str(exc)[:2000]
    assert tried >= 10
    assert not failures, "\n\n".join(f"{k}: {v}" for k, v in failures.items())


def post(server: ServerProcess, path: str, body: Any) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        f"{server.url}{path}", data=json.dumps(body).encode(), method="POST"
    )
    request.add_header("content-type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_issue21_item3_brute_force_login_meets_the_lockout(server: ServerProcess) -> None:
    """Many wrong passwords for a player: the third locks the account (423), and
    the right password is refused too while the lock holds; a name that does not exist is
    answered like a wrong password (401), never a 500."""
    name, (_, password) = next((n, a) for n, a in DEMO_ACCOUNTS.items() if a[0] == "player")
    statuses = [post(server, "/api/login", {"name": name, "password": f"guess-{i}"})[0]
                for i in range(12)]  # fmt: skip
    allowed = AuthSettings().max_failures  # the failure that reaches it locks the account
    assert statuses[: allowed - 1] == [401] * (allowed - 1), statuses
    assert set(statuses[allowed - 1 :]) == {423}, statuses
    status, body = post(server, "/api/login", {"name": name, "password": password})
    assert status == 423 and body["error"] == "locked", body
    assert post(server, "/api/login", {"name": "nobody-here", "password": "x"})[0] == 401
