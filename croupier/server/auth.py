"""Accounts, roles, argon2id passwords, sessions and lockout.

* **Roles**: player, dealer, cashier, inspector, admin (:class:`Role`).
* **Passwords** are argon2id hashes (argon2-cffi); a hash made with older parameters is
  rehashed at the next good login. The password is checked outside any database transaction
  (it costs tens of milliseconds on purpose), and the unknown names are checked against a dummy
  hash, so the time taken does not tell whether a name exists.
* **Sessions**: a login gives a random token (256 bits). The database keeps only its sha256,
  the session's id, so reading the database does not let anyone act as a user. A browser
  holds the token in an HttpOnly, SameSite=Strict cookie and must echo the session's CSRF token
  in a header on every change; an API client sends it as a bearer token. Logout and expiry
  revoke the session.
* **Lockout**: :attr:`AuthSettings.max_failures` (3) failed logins in a row lock the account for
  :attr:`AuthSettings.lockout` (30 min). A good login answers when the previous one was and how
  many attempts failed since.
* **The house stream**: every account created, login, failed login, lockout, logout, role
  change, password change and reset is an event of the ``house`` stream, written in the same
  transaction as the change (the ``accounts`` and ``sessions`` tables are working state; the
  events are the record).
* **A forgotten password**: an admin resets it (:meth:`Accounts.reset_password`): a one-time
  password that must be changed at the next login; the account's lock is lifted and its live
  sessions revoked (``password.reset``).
* **First start**: with no account at all, :meth:`Accounts.bootstrap_admin` creates ``admin``
  with the password of ``CROUPIER_ADMIN_PASSWORD`` or, without it, a random one-time password
  that the server prints once and that must be changed at the first login.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import orjson

from croupier.errors import CroupierError
from croupier.server import schema
from croupier.server.entries import HOUSE, format_time, house_entry, parse_time
from croupier.server.store import EventStore

if TYPE_CHECKING:
    from argon2 import PasswordHasher
    from sqlalchemy.engine import Connection

__all__ = [
    "ADMIN_PASSWORD_ENV",
    "Accounts",
    "AuthError",
    "AuthSettings",
    "LoginResult",
    "Principal",
    "Role",
    "session_id",
]

ADMIN_PASSWORD_ENV = "CROUPIER_ADMIN_PASSWORD"
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")
MIN_PASSWORD = 8
MAX_PASSWORD = 1024


class Role(StrEnum):
    """What an account may do (issue 19's matrix is built on these)."""

    PLAYER = "player"
    DEALER = "dealer"
    CASHIER = "cashier"
    INSPECTOR = "inspector"
    ADMIN = "admin"


class SessionKind(StrEnum):
    COOKIE = "cookie"  #: a browser: HttpOnly cookie + CSRF header
    BEARER = "bearer"  #: an API client: Authorization: Bearer <token>


@dataclass(frozen=True, slots=True)
class AuthSettings:
    """The options of accounts and sessions (issue 19: both lockout numbers are options)."""

    max_failures: int = 3
    lockout: timedelta = timedelta(minutes=30)
    session_ttl: timedelta = timedelta(hours=12)
    #: argon2id cost; the defaults are argon2-cffi's (RFC 9106 low-memory profile)
    time_cost: int = 3
    memory_cost_kib: int = 65536
    parallelism: int = 4

    def hasher(self) -> PasswordHasher:
        from argon2 import PasswordHasher, Type

        return PasswordHasher(
            time_cost=self.time_cost,
            memory_cost=self.memory_cost_kib,
            parallelism=self.parallelism,
            type=Type.ID,
        )


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a request or a WebSocket acts for: an account through one of its sessions."""

    account_id: int
    name: str
    role: Role
    session_id: str
    kind: SessionKind
    csrf: str
    expires_at: str
    must_change_password: bool = False
    #: when the session was opened (the session-length reminder counts from it)
    created_at: str = ""


@dataclass(frozen=True, slots=True)
class LoginResult:
    """A good login: the token to present, and what the account should be told."""

    token: str
    principal: Principal
    previous_login: str | None
    failed_since: int


class AuthError(CroupierError):
    """A refused login or account change. ``reason``: ``credentials`` (never says which of name
    or password was wrong), ``locked`` (with ``until``), ``invalid`` (a bad name, role or
    password for a new account), ``exists`` (an account's or a bot's name) or ``holding`` (a
    player's role taken from him while the house holds his money)."""

    def __init__(self, reason: str, message: str, until: str | None = None) -> None:
        self.reason = reason
        self.until = until
        super().__init__(message)


def account_actor(name: str | None) -> str:
    """The ``actor`` of a house event done by account ``name`` (None: the system itself).

    >>> account_actor("ana"), account_actor(None)
    ('account:ana', 'system')
    """
    return f"account:{name}" if name else "system"


def session_id(token: str) -> str:
    """The id a session is stored under: sha256 of its token (hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


def check_name(name: str) -> str:
    """``name`` if it is a valid account name, else :class:`AuthError` naming it.

    >>> check_name("ana.lee")
    'ana.lee'
    >>> check_name("a b")
    Traceback (most recent call last):
    ...
    croupier.server.auth.AuthError: bad account name 'a b': 1-40 letters, digits, '_', '.' or \
'-', starting with a letter or digit
    """
    if not NAME_PATTERN.fullmatch(name):
        raise AuthError(
            "invalid",
            f"bad account name {name!r}: 1-40 letters, digits, '_', '.' or '-', starting with a "
            "letter or digit",
        )
    return name


def check_role(role: str) -> Role:
    try:
        return Role(role)
    except ValueError:
        names = ", ".join(r.value for r in Role)
        raise AuthError("invalid", f"unknown role {role!r}: one of {names}") from None


def check_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AuthError("invalid", f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


class Accounts:
    """The accounts and sessions of one database (synchronous; the server calls it in threads)."""

    def __init__(self, store: EventStore, settings: AuthSettings | None = None) -> None:
        self.store = store
        self.settings = settings or AuthSettings()
        self._hasher = self.settings.hasher()
        self._dummy_hash = self._hasher.hash(secrets.token_hex(16))

    # -- accounts ---------------------------------------------------------------------------

    def create(
        self,
        name: str,
        role: str,
        password: str,
        *,
        by: str | None,
        at: datetime,
        must_change_password: bool = False,
    ) -> int:
        """Create an account; its ``account.created`` event is in the same transaction."""
        from sqlalchemy import insert, select
        from sqlalchemy.exc import IntegrityError

        check_name(name)
        the_role = check_role(role)
        digest = self._hasher.hash(check_password(password))
        try:
            with self.store.transaction() as connection:
                if connection.execute(
                    select(schema.accounts.c.id).where(schema.accounts.c.name == name)
                ).first():
                    raise AuthError("exists", f"account {name!r} exists already")
                account_id = connection.execute(
                    insert(schema.accounts)
                    .values(
                        name=name,
                        role=the_role.value,
                        password_hash=digest,
                        created_at=format_time(at),
                        failed_attempts=0,
                        must_change_password=must_change_password,
                        disabled=False,
                    )
                    .returning(schema.accounts.c.id)
                ).scalar_one()
                self._house(
                    connection, "account.created", {"name": name, "role": the_role.value}, by, at
                )
                # after the house append (its positions lock): a table opened at the same
                # moment with this name for a bot is seen, or sees this account
                bot_at = _bot_named(connection, name)
                if bot_at is not None:
                    raise AuthError(
                        "exists",
                        f"{name!r} is the name of a bot at table {bot_at!r}: a person by that "
                        "name would act at the bot's seat with the house's bank; choose another",
                    )
        except IntegrityError:
            raise AuthError("exists", f"account {name!r} exists already") from None
        return int(account_id)

    def set_role(self, name: str, role: str, *, by: str, at: datetime) -> None:
        """Change an account's role (an admin's act, recorded as ``role.changed``)."""
        from sqlalchemy import update

        the_role = check_role(role)
        with self.store.transaction() as connection:
            row = self._account(connection, name)
            if row is None:
                raise AuthError("invalid", f"no account {name!r}")
            payload = {"name": name, "from": row.role, "to": the_role.value}
            self._house(connection, "role.changed", payload, by, at)
            if row.role == Role.PLAYER.value and the_role is not Role.PLAYER:
                # after the house append (its positions lock): a deposit at the same moment is
                # seen here, or sees the new role in its own transaction (Cashier.guard)
                held = _money_held(connection, name)
                if held:
                    where = ", ".join(f"{a} {v}" for a, v in held)
                    raise AuthError(
                        "holding",
                        f"{name} holds money at the house ({where}): only a player is paid out "
                        "at the cashier or leaves a table; cash it out first",
                    )
            connection.execute(
                update(schema.accounts)
                .where(schema.accounts.c.id == row.id)
                .values(role=the_role.value)
            )

    def change_password(self, principal: Principal, old: str, new: str, *, at: datetime) -> None:
        """Change one's own password (required after a one-time password)."""
        from argon2.exceptions import VerificationError
        from sqlalchemy import update

        check_password(new)
        with self.store.reading() as connection:
            row = self._account(connection, principal.name)
        if row is None:
            raise AuthError("credentials", "wrong name or password")
        try:
            self._hasher.verify(row.password_hash, old)
        except VerificationError:
            raise AuthError("credentials", "wrong name or password") from None
        digest = self._hasher.hash(new)
        with self.store.transaction() as connection:
            connection.execute(
                update(schema.accounts)
                .where(schema.accounts.c.id == row.id)
                .values(password_hash=digest, must_change_password=False)
            )
            self._house(
                connection, "password.changed", {"name": principal.name}, principal.name, at
            )

    def reset_password(
        self, name: str, *, by: str, at: datetime, password: str | None = None
    ) -> tuple[str, int]:
        """An admin's reset of ``name``'s password (the player forgot it, or it is feared
        known): ``password``, or a random one when None, is a one-time password that must be
        changed at the next login; a lock is lifted and every live session of the account
        revoked, in one transaction with its ``password.reset`` event (which holds no
        password). The one-time password and the number of sessions revoked."""
        from sqlalchemy import update

        one_time = secrets.token_urlsafe(12) if password is None else password
        digest = self._hasher.hash(check_password(one_time))
        stamp = format_time(at)
        sessions = schema.sessions
        with self.store.transaction() as connection:
            row = self._account(connection, name)
            if row is None:
                raise AuthError("invalid", f"no account {name!r}")
            connection.execute(
                update(schema.accounts)
                .where(schema.accounts.c.id == row.id)
                .values(
                    password_hash=digest,
                    must_change_password=True,
                    failed_attempts=0,
                    locked_until=None,
                )
            )
            revoked = connection.execute(
                update(sessions)
                .where(
                    sessions.c.account_id == row.id,
                    sessions.c.revoked_at.is_(None),
                    sessions.c.expires_at > stamp,  # the live ones (the times sort as text)
                )
                .values(revoked_at=stamp)
            ).rowcount
            payload = {"name": name, "sessions_revoked": revoked}
            self._house(connection, "password.reset", payload, by, at)
        return one_time, int(revoked)

    def bootstrap_admin(
        self, *, at: datetime, environ: Mapping[str, str]
    ) -> tuple[str, str, bool] | None:
        """On an empty database, create ``admin``: (name, password, one_time), else None.

        The password is ``environ[CROUPIER_ADMIN_PASSWORD]`` when set, else a random one-time
        password to be printed once and changed at the first login."""
        from sqlalchemy import func, select

        with self.store.reading() as connection:
            if connection.execute(select(func.count(schema.accounts.c.id))).scalar_one():
                return None
        given = environ.get(ADMIN_PASSWORD_ENV)
        password = given or secrets.token_urlsafe(12)
        try:
            self.create(
                "admin", Role.ADMIN, password, by=None, at=at, must_change_password=not given
            )
        except AuthError as exc:
            if exc.reason == "exists":  # another process bootstrapped first
                return None
            raise
        return "admin", password, not given

    # -- sessions ---------------------------------------------------------------------------

    def login(
        self, name: str, password: str, *, at: datetime, kind: SessionKind = SessionKind.BEARER
    ) -> LoginResult:
        """A new session for ``name``, or :class:`AuthError` (the failure is recorded)."""
        from argon2.exceptions import VerificationError

        with self.store.reading() as connection:
            row = self._account(connection, name) if NAME_PATTERN.fullmatch(name) else None
        if row is not None and row.locked_until and parse_time(row.locked_until) > at:
            self._failed(name, row, at, reason="locked")
            raise AuthError("locked", f"account locked until {row.locked_until}", row.locked_until)
        good = False
        try:
            self._hasher.verify(row.password_hash if row else self._dummy_hash, password)
            good = row is not None and not row.disabled
        except VerificationError:
            good = False
        if not good:
            until = self._failed(name, row, at, reason="credentials")
            if until is not None:
                raise AuthError("locked", f"account locked until {until}", until)
            raise AuthError("credentials", "wrong name or password")
        assert row is not None
        rehash = self._hasher.check_needs_rehash(row.password_hash)
        return self._open_session(row, kind, at, self._hasher.hash(password) if rehash else None)

    def _failed(self, name: str, row: Any, at: datetime, *, reason: str) -> str | None:
        """Record a failed login; lock the account at the limit. The lock's end, if locked."""
        from sqlalchemy import update

        until: str | None = None
        with self.store.transaction() as connection:
            payload: dict[str, Any] = {"name": name[:64], "reason": reason}
            if row is None:
                payload["known"] = False
            elif reason == "credentials":
                attempts = connection.execute(
                    update(schema.accounts)
                    .where(schema.accounts.c.id == row.id)
                    .values(failed_attempts=schema.accounts.c.failed_attempts + 1)
                    .returning(schema.accounts.c.failed_attempts)
                ).scalar_one()
                payload["attempts"] = attempts
                if attempts % self.settings.max_failures == 0:
                    until = format_time(at + self.settings.lockout)
                    connection.execute(
                        update(schema.accounts)
                        .where(schema.accounts.c.id == row.id)
                        .values(locked_until=until)
                    )
            self._house(connection, "login.failed", payload, None, at)
            if until is not None:
                lock = {"name": name, "until": until, "attempts": payload["attempts"]}
                self._house(connection, "account.locked", lock, None, at)
        return until

    def _open_session(
        self, row: Any, kind: SessionKind, at: datetime, new_hash: str | None
    ) -> LoginResult:
        from sqlalchemy import insert, update

        token = secrets.token_urlsafe(32)
        sid = session_id(token)
        csrf = secrets.token_urlsafe(24)
        expires = format_time(at + self.settings.session_ttl)
        values: dict[str, Any] = {"failed_attempts": 0, "last_login_at": format_time(at)}
        if new_hash is not None:
            values["password_hash"] = new_hash
        with self.store.transaction() as connection:
            connection.execute(
                update(schema.accounts).where(schema.accounts.c.id == row.id).values(**values)
            )
            connection.execute(
                insert(schema.sessions).values(
                    id=sid,
                    account_id=row.id,
                    kind=kind.value,
                    csrf=csrf,
                    created_at=format_time(at),
                    expires_at=expires,
                )
            )
            payload = {"name": row.name, "session": sid, "kind": kind.value}
            self._house(connection, "login", payload, row.name, at)
        principal = Principal(
            account_id=row.id,
            name=row.name,
            role=Role(row.role),
            session_id=sid,
            kind=kind,
            csrf=csrf,
            expires_at=expires,
            must_change_password=bool(row.must_change_password),
            created_at=format_time(at),
        )
        return LoginResult(token, principal, row.last_login_at, int(row.failed_attempts))

    def authenticate(self, token: str, *, at: datetime) -> Principal | None:
        """The principal of a live session with ``token``, or None (unknown, expired, revoked,
        or its account disabled)."""
        from sqlalchemy import select

        accounts, sessions = schema.accounts, schema.sessions
        if not token or len(token) > 256:
            return None
        with self.store.reading() as connection:
            row = connection.execute(
                select(
                    sessions.c.id,
                    sessions.c.kind,
                    sessions.c.csrf,
                    sessions.c.expires_at,
                    sessions.c.created_at,
                    sessions.c.revoked_at,
                    accounts.c.id.label("account_id"),
                    accounts.c.name,
                    accounts.c.role,
                    accounts.c.disabled,
                    accounts.c.must_change_password,
                )
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where(sessions.c.id == session_id(token))
            ).first()
        if row is None or row.revoked_at is not None or row.disabled:
            return None
        if parse_time(row.expires_at) <= at:
            return None
        return Principal(
            account_id=row.account_id,
            name=row.name,
            role=Role(row.role),
            session_id=row.id,
            kind=SessionKind(row.kind),
            csrf=row.csrf,
            expires_at=row.expires_at,
            must_change_password=bool(row.must_change_password),
            created_at=row.created_at,
        )

    def logout(self, principal: Principal, *, at: datetime) -> None:
        """Revoke the principal's session (recorded as ``logout``)."""
        from sqlalchemy import update

        with self.store.transaction() as connection:
            connection.execute(
                update(schema.sessions)
                .where(schema.sessions.c.id == principal.session_id)
                .values(revoked_at=format_time(at))
            )
            payload = {"name": principal.name, "session": principal.session_id}
            self._house(connection, "logout", payload, principal.name, at)

    # -- helpers ----------------------------------------------------------------------------

    def _account(self, connection: Connection, name: str) -> Any:
        from sqlalchemy import select

        return connection.execute(
            select(schema.accounts).where(schema.accounts.c.name == name)
        ).first()

    def _house(
        self,
        connection: Connection,
        type_: str,
        payload: Mapping[str, Any],
        actor: str | None,
        at: datetime,
    ) -> None:
        entry = house_entry(type_, payload, at=at, actor=account_actor(actor))
        self.store.append_in(connection, HOUSE, [entry], expected_seq=None)

    def names(self) -> dict[str, Role]:
        """Every account's name and role."""
        from sqlalchemy import select

        with self.store.reading() as connection:
            rows = connection.execute(select(schema.accounts.c.name, schema.accounts.c.role))
            return {str(r.name): Role(r.role) for r in rows}


def _bot_named(connection: Connection, name: str) -> str | None:
    """The table where a bot called ``name`` was seated (``bot.seated``), or None."""
    from sqlalchemy import select

    events = schema.events
    rows = connection.execute(
        select(events.c.payload).where(events.c.stream == HOUSE, events.c.type == "bot.seated")
    )
    for (payload,) in rows:
        event = orjson.loads(payload)["event"]
        if event.get("name") == name:
            return str(event.get("table"))
    return None


def _money_held(connection: Connection, name: str) -> list[tuple[str, int]]:
    """The accounts of person ``name`` that hold money: his wallet and his chips at each table
    (``table:ID:player:NAME``), with their balances."""
    from sqlalchemy import func, or_, select

    entries = schema.ledger_entries
    account = entries.c.account
    rows = connection.execute(
        select(account, func.sum(entries.c.amount))
        .where(
            or_(
                account == f"wallet:{name}",
                account.startswith("table:", autoescape=True)
                & account.endswith(f":player:{name}", autoescape=True),
            )
        )
        .group_by(account)
        .order_by(account)
    )
    return [(str(a), int(total)) for a, total in rows if total]
