"""Accounts, sessions and lockout (croupier.server.auth), on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from croupier.server.auth import (
    ADMIN_PASSWORD_ENV,
    Accounts,
    AuthError,
    AuthSettings,
    Role,
    SessionKind,
    session_id,
)
from croupier.server.db import open_database
from croupier.server.store import EventStore

T0 = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
#: Cheap argon2id parameters for the tests only (the server keeps argon2-cffi's defaults).
FAST = AuthSettings(time_cost=1, memory_cost_kib=1024, parallelism=1)


@pytest.fixture
def accounts(database_url: str) -> Iterator[Accounts]:
    database = open_database(database_url)
    yield Accounts(EventStore(database.engine), FAST)
    database.close()


def house(accounts: Accounts) -> list[tuple[str, dict[str, object]]]:
    return [
        (e.type, {k: v for k, v in e.event.items() if k != "type"})
        for e in accounts.store.read("house")
    ]


def test_passwords_are_stored_as_argon2id_hashes(accounts: Accounts) -> None:
    accounts.create("ana", "player", "correct horse", by="admin", at=T0)
    with accounts.store.reading() as connection:
        from sqlalchemy import text

        stored = connection.execute(text("SELECT password_hash FROM accounts")).scalar_one()
    assert stored.startswith("$argon2id$") and "correct horse" not in stored
    assert house(accounts) == [("account.created", {"name": "ana", "role": "player"})]


def test_a_login_opens_a_session_with_a_unique_id_known_only_by_its_hash(
    accounts: Accounts,
) -> None:
    accounts.create("ana", "player", "correct horse", by="admin", at=T0)
    first = accounts.login("ana", "correct horse", at=T0)
    second = accounts.login("ana", "correct horse", at=T0, kind=SessionKind.COOKIE)
    assert first.principal.session_id != second.principal.session_id
    assert first.principal.session_id == session_id(first.token) != first.token
    who = accounts.authenticate(first.token, at=T0 + timedelta(minutes=1))
    assert who is not None and (who.name, who.role) == ("ana", Role.PLAYER)
    assert accounts.authenticate("not-a-token", at=T0) is None
    assert accounts.authenticate(session_id(first.token), at=T0) is None  # the id is no token


def test_issue19_login_shows_the_previous_login_and_failures_since(accounts: Accounts) -> None:
    accounts.create("ana", "player", "correct horse", by="admin", at=T0)
    first = accounts.login("ana", "correct horse", at=T0)
    assert (first.previous_login, first.failed_since) == (None, 0)
    with pytest.raises(AuthError, match="wrong name or password"):
        accounts.login("ana", "wrong horse", at=T0 + timedelta(hours=1))
    later = accounts.login("ana", "correct horse", at=T0 + timedelta(hours=2))
    assert (later.previous_login, later.failed_since) == ("2024-05-01T12:00:00.000000Z", 1)


def test_issue19_three_failures_lock_the_account_for_30_minutes(accounts: Accounts) -> None:
    accounts.create("ana", "player", "correct horse", by="admin", at=T0)
    for n in range(2):
        with pytest.raises(AuthError) as caught:
            accounts.login("ana", f"wrong {n}!!", at=T0)
        assert caught.value.reason == "credentials"
    with pytest.raises(AuthError, match="locked until 2024-05-01T12:30:00") as caught:
        accounts.login("ana", "wrong 3!!", at=T0)
    assert caught.value.reason == "locked"
    # The right password does not open a locked account ...
    with pytest.raises(AuthError, match="locked"):
        accounts.login("ana", "correct horse", at=T0 + timedelta(minutes=29))
    # ... until the 30 minutes are over.
    result = accounts.login("ana", "correct horse", at=T0 + timedelta(minutes=30))
    assert result.failed_since == 3
    types = [t for t, _ in house(accounts)]
    assert types == [
        "account.created",
        "login.failed",
        "login.failed",
        "login.failed",
        "account.locked",
        "login.failed",
        "login",
    ]


def test_lockout_numbers_are_options(database_url: str) -> None:
    database = open_database(database_url)
    try:
        settings = AuthSettings(
            max_failures=2,
            lockout=timedelta(minutes=5),
            time_cost=1,
            memory_cost_kib=1024,
            parallelism=1,
        )
        accounts = Accounts(EventStore(database.engine), settings)
        accounts.create("bo", "dealer", "correct horse", by=None, at=T0)
        with pytest.raises(AuthError):
            accounts.login("bo", "nope nope", at=T0)
        with pytest.raises(AuthError, match="locked until 2024-05-01T12:05:00"):
            accounts.login("bo", "nope nope", at=T0)
    finally:
        database.close()


def test_an_unknown_name_fails_like_a_wrong_password(accounts: Accounts) -> None:
    with pytest.raises(AuthError, match=r"^wrong name or password$"):
        accounts.login("nobody", "whatever!", at=T0)
    with pytest.raises(AuthError, match=r"^wrong name or password$"):
        accounts.login("bad name with spaces", "whatever!", at=T0)
    assert house(accounts)[0] == (
        "login.failed",
        {"name": "nobody", "reason": "credentials", "known": False},
    )


def test_logout_and_expiry_revoke_the_session(accounts: Accounts) -> None:
    accounts.create("ana", "player", "correct horse", by="admin", at=T0)
    a = accounts.login("ana", "correct horse", at=T0)
    b = accounts.login("ana", "correct horse", at=T0)
    accounts.logout(a.principal, at=T0)
    assert accounts.authenticate(a.token, at=T0) is None
    assert accounts.authenticate(b.token, at=T0) is not None
    assert accounts.authenticate(b.token, at=T0 + FAST.session_ttl) is None
    assert house(accounts)[-1][0] == "logout"


def test_first_start_creates_an_admin_with_a_one_time_password(accounts: Accounts) -> None:
    made = accounts.bootstrap_admin(at=T0, environ={})
    assert made is not None
    name, password, one_time = made
    assert (name, one_time) == ("admin", True) and len(password) >= 12
    assert accounts.bootstrap_admin(at=T0, environ={}) is None  # only on an empty database
    result = accounts.login("admin", password, at=T0)
    assert result.principal.role is Role.ADMIN and result.principal.must_change_password
    accounts.change_password(result.principal, password, "a new secret", at=T0)
    again = accounts.login("admin", "a new secret", at=T0)
    assert not again.principal.must_change_password


def test_first_start_takes_the_admin_password_from_the_environment(accounts: Accounts) -> None:
    made = accounts.bootstrap_admin(at=T0, environ={ADMIN_PASSWORD_ENV: "from the env"})
    assert made == ("admin", "from the env", False)
    assert not accounts.login("admin", "from the env", at=T0).principal.must_change_password


@pytest.mark.parametrize(
    ("name", "role", "password", "message"),
    [
        ("a b", "player", "long enough", "bad account name 'a b'"),
        ("ana", "croupier", "long enough", "unknown role 'croupier'"),
        ("ana", "player", "short", "a password has 8 to 1024 characters"),
    ],
)
def test_a_bad_new_account_is_refused_naming_the_token(
    accounts: Accounts, name: str, role: str, password: str, message: str
) -> None:
    with pytest.raises(AuthError, match=message):
        accounts.create(name, role, password, by="admin", at=T0)
    assert accounts.names() == {}
    assert house(accounts) == []


def test_an_account_name_is_taken_once(accounts: Accounts) -> None:
    accounts.create("ana", "player", "correct horse", by="admin", at=T0)
    with pytest.raises(AuthError, match="account 'ana' exists already"):
        accounts.create("ana", "dealer", "correct horse", by="admin", at=T0)
    accounts.set_role("ana", "dealer", by="admin", at=T0)
    assert accounts.names() == {"ana": Role.DEALER}
    assert house(accounts)[-1] == (
        "role.changed",
        {"name": "ana", "from": "player", "to": "dealer"},
    )


def test_an_admins_reset_gives_a_one_time_password_lifts_the_lock_and_ends_the_sessions(
    accounts: Accounts,
) -> None:
    """A player who forgot his password (and locked himself out trying): the admin's reset
    gives a one-time password that must be changed at the next login, lifts the lock, revokes
    every live session, and is recorded without the password."""
    accounts.create("ana", "player", "correct horse", by="admin", at=T0)
    a = accounts.login("ana", "correct horse", at=T0)
    b = accounts.login("ana", "correct horse", at=T0, kind=SessionKind.COOKIE)
    old = accounts.login("ana", "correct horse", at=T0 - FAST.session_ttl)  # expired already
    for _ in range(3):
        with pytest.raises(AuthError):
            accounts.login("ana", "wrong guess", at=T0)
    with pytest.raises(AuthError, match="locked"):
        accounts.login("ana", "correct horse", at=T0)
    password, revoked = accounts.reset_password("ana", by="admin", at=T0)
    assert revoked == 2 and len(password) >= 12  # the two live sessions, not the expired one
    assert accounts.authenticate(a.token, at=T0) is None
    assert accounts.authenticate(b.token, at=T0) is None
    assert accounts.authenticate(old.token, at=T0) is None
    with pytest.raises(AuthError, match="wrong name or password"):
        accounts.login("ana", "correct horse", at=T0)  # the old password is gone
    fresh = accounts.login("ana", password, at=T0)  # the lock is lifted
    assert fresh.principal.must_change_password
    accounts.change_password(fresh.principal, password, "a new secret", at=T0)
    assert not accounts.login("ana", "a new secret", at=T0).principal.must_change_password
    resets = [payload for kind, payload in house(accounts) if kind == "password.reset"]
    assert resets == [{"name": "ana", "sessions_revoked": 2}]
    chosen, later = accounts.reset_password("ana", by="admin", at=T0, password="chosen one")
    assert chosen == "chosen one" and later == 2  # the two sessions opened since
    assert accounts.login("ana", "chosen one", at=T0).principal.must_change_password


def test_a_reset_of_an_unknown_account_or_with_a_bad_password_changes_nothing(
    accounts: Accounts,
) -> None:
    accounts.create("ana", "player", "correct horse", by="admin", at=T0)
    with pytest.raises(AuthError, match="no account 'nobody'"):
        accounts.reset_password("nobody", by="admin", at=T0)
    with pytest.raises(AuthError, match="a password has 8 to 1024 characters"):
        accounts.reset_password("ana", by="admin", at=T0, password="short")
    assert not accounts.login("ana", "correct horse", at=T0).principal.must_change_password
    assert [kind for kind, _ in house(accounts)] == ["account.created", "login"]
