"""The cashier: deposits and withdrawals, wallets, and the players' responsible-gaming limits.

A movement at the cashier's desk is one event of the ``cashier`` stream and one ledger
transaction (:mod:`croupier.server.money`), written in one database transaction. Its
**idempotency key** is the client's: the event's command id is ``k:<cashier>:<key>`` and the
transaction's key ``cashier:<cashier>:<key>``, so a retried request (a double click, a
timeout and a resend) is answered with the first movement and never moves money twice; the
same key with another movement is refused. A withdrawal that would take a wallet below zero
is refused inside the transaction (the store's check), so two at once cannot both pass.

**Responsible gaming** (options per player, each change a ``limit.changed`` event of the house
stream): a **daily loss limit** (the money a player takes from his wallet to the tables in a
UTC day, less what he brings back, may not exceed it: checked inside the transaction of each
buy-in, so the buy-in is refused with the article ``responsible gaming``), and a **session
length reminder** (every so many minutes of a session the WebSocket sends a ``reminder``
frame, and ``/api/me`` shows when the next is due). *Simplification:* the loss counts chips
still at a table as lost (what left the wallet, net, today), the day is UTC, and a raised limit
applies at once (no cooling-off period).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import orjson

from croupier.errors import RuleViolation
from croupier.server import schema
from croupier.server.entries import HOUSE, format_time, house_entry, parse_time
from croupier.server.money import DESK, SEAT_KIND, wallet
from croupier.server.store import Conflict, EventStore, LedgerTx

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection

__all__ = ["CASHIER", "Cashier", "KeyReused", "Limits", "Movement", "next_reminder"]

#: the stream of the cashier's desk
CASHIER = "cashier"
#: the largest single movement (smallest units)
MAX_AMOUNT = 10**12
#: a change of limits read and written again at most this many times when the house stream
#: moved between its read and its write (:meth:`Cashier.update_limits`)
LIMITS_ATTEMPTS = 20
KEY_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,63}")
RG_ARTICLE = "responsible gaming"
#: how a movement changes the desk and the wallet: kind -> sign of the wallet's entry
KINDS = {"deposit": 1, "withdrawal": -1}


class KeyReused(RuleViolation):
    """An idempotency key already used for another movement."""

    def __init__(self, key: str, first: dict[str, Any]) -> None:
        self.first = first
        super().__init__(
            "cashier",
            f"idempotency key {key!r} was used for another movement ({first['type']} of "
            f"{first['amount']} for {first['name']}): use a new key for a new movement",
        )


@dataclass(frozen=True, slots=True)
class Movement:
    """A movement at the desk as recorded (or, for a retried key, as first recorded)."""

    key: str
    kind: str
    name: str
    amount: int
    seq: int
    at: str
    balance: int
    duplicate: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "kind": self.kind,
            "name": self.name,
            "amount": self.amount,
            "seq": self.seq,
            "at": self.at,
            "balance": self.balance,
            "duplicate": self.duplicate,
        }


@dataclass(frozen=True, slots=True)
class Limits:
    """A player's responsible-gaming options (None: none set)."""

    daily_loss_limit: int | None = None
    session_reminder_minutes: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "daily_loss_limit": self.daily_loss_limit,
            "session_reminder_minutes": self.session_reminder_minutes,
        }


def _positive(value: Any, what: str, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= high:
        raise RuleViolation("cashier", f"{what} is a whole number 1 to {high}, got {value!r}")
    return value


class Cashier:
    """The desk, the wallets and the players' limits of one database (synchronous)."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        if self.guard not in store.guards:
            store.guards.append(self.guard)

    # -- the desk ------------------------------------------------------------------------------

    def deposit(self, name: str, amount: int, *, key: str, by: str, at: datetime) -> Movement:
        """Cash in at the desk: ``amount`` from the desk to ``name``'s wallet."""
        return self._move("deposit", name, amount, key=key, by=by, at=at)

    def withdraw(self, name: str, amount: int, *, key: str, by: str, at: datetime) -> Movement:
        """Cash out at the desk: ``amount`` from ``name``'s wallet (never below zero)."""
        return self._move("withdrawal", name, amount, key=key, by=by, at=at)

    def _move(
        self, kind: str, name: str, amount: int, *, key: str, by: str, at: datetime
    ) -> Movement:
        if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
            raise RuleViolation(
                "cashier",
                f"bad idempotency key {key!r}: 1-64 letters, digits, '.', '_', ':' or '-'",
            )
        _positive(amount, "an amount", MAX_AMOUNT)
        self._check_player(name)
        sign = KINDS[kind]
        event = {"name": name, "amount": amount, "key": key}
        entry = house_entry(
            f"cashier.{kind}", event, at=at, actor=f"account:{by}", command_id=f"k:{by}:{key}"
        )
        tx = LedgerTx(
            f"cashier:{by}:{key}",
            kind,
            ((DESK, -sign * amount), (wallet(name), sign * amount)),
        )
        appended = self.store.append(
            CASHIER, [entry], expected_seq=None, command_id=f"k:{by}:{key}", ledger=[tx]
        )
        stored = appended.events[0]
        first = stored.event
        if appended.duplicate and (
            first.get("type") != f"cashier.{kind}"
            or first.get("name") != name
            or first.get("amount") != amount
        ):
            raise KeyReused(key, first)
        return Movement(
            key,
            kind,
            name,
            amount,
            stored.seq,
            stored.at,
            self.store.balance(wallet(name)),
            appended.duplicate,
        )

    def _check_player(self, name: str) -> None:
        with self.store.reading() as connection:
            _check_player_in(connection, name)

    def balance(self, name: str) -> int:
        return self.store.balance(wallet(name))

    def statement(self, name: str, limit: int = 100) -> list[dict[str, Any]]:
        return self.store.statement(wallet(name), limit)

    # -- responsible gaming ------------------------------------------------------------------

    def limits(self, name: str) -> Limits:
        with self.store.reading() as connection:
            return self._limits_in(connection, name)

    def _limits_in(self, connection: Connection, name: str) -> Limits:
        from sqlalchemy import select

        events = schema.events
        rows = connection.execute(
            select(events.c.payload)
            .where(events.c.stream == HOUSE, events.c.type == "limit.changed")
            .order_by(events.c.seq.desc())
        )
        for (payload,) in rows:
            event = orjson.loads(payload)["event"]
            if event.get("name") == name:
                return Limits(event.get("daily_loss_limit"), event.get("session_reminder_minutes"))
        return Limits()

    def set_limits(self, name: str, limits: Limits, *, by: str, at: datetime) -> Limits:
        """Set ``name``'s limits (a ``limit.changed`` event naming who changed them)."""
        return self.update_limits(name, lambda _: limits, by=by, at=at)

    def update_limits(
        self, name: str, change: Callable[[Limits], Limits], *, by: str, at: datetime
    ) -> Limits:
        """Change ``name``'s limits to ``change(the limits now)`` (a ``limit.changed`` event
        naming who changed them and what they were): read and written under the house
        stream's optimistic concurrency, so two changes at once (one of the daily loss limit,
        one of the reminder) both hold; a change made between the read and the write is read
        again and ``change`` applied to it."""
        self._check_player(name)
        for _ in range(LIMITS_ATTEMPTS):
            with self.store.reading() as connection:
                seq = self.store.head_in(connection, HOUSE)[0]
                before = self._limits_in(connection, name)
            limits = change(before)
            if limits.daily_loss_limit is not None:
                _positive(limits.daily_loss_limit, "a daily loss limit", MAX_AMOUNT)
            if limits.session_reminder_minutes is not None:
                _positive(limits.session_reminder_minutes, "a session reminder", 24 * 60)
            payload = {"name": name, **limits.to_dict(), "before": before.to_dict()}
            entry = house_entry("limit.changed", payload, at=at, actor=f"account:{by}")
            try:
                self.store.append(HOUSE, [entry], expected_seq=seq)
            except Conflict:
                continue  # the house wrote something meanwhile: read the limits again
            return limits
        raise RuleViolation(
            "cashier", f"the house's record was busy {LIMITS_ATTEMPTS} times: set the limits again"
        )

    def loss_today(self, name: str, at: datetime) -> int:
        with self.store.reading() as connection:
            return self._loss_in(connection, name, at)

    def _loss_in(self, connection: Connection, name: str, at: datetime) -> int:
        """What ``name``'s wallet sent to the tables on ``at``'s UTC day, net (>= 0)."""
        from sqlalchemy import func, select

        tx, entries = schema.ledger_tx, schema.ledger_entries
        day = at.replace(hour=0, minute=0, second=0, microsecond=0)
        net = connection.execute(
            select(func.coalesce(func.sum(entries.c.amount), 0))
            .join(tx, tx.c.id == entries.c.tx_id)
            .where(
                entries.c.account == wallet(name),
                tx.c.kind.startswith(SEAT_KIND, autoescape=True),
                tx.c.at >= format_time(day),
                tx.c.at < format_time(day + timedelta(days=1)),
            )
        ).scalar_one()
        return max(0, -int(net))

    def guard(self, connection: Connection, ledger: Sequence[LedgerTx], at: str) -> None:
        """In the transaction of a movement at the desk: refuse it unless the wallet is a
        player's (his role may have changed since :meth:`_check_player` read it); in the
        transaction of a table's command: refuse a buy-in over the player's daily loss limit."""
        for tx in ledger:
            if tx.kind not in KINDS or not tx.key.startswith(f"{CASHIER}:"):
                continue
            for account, _ in tx.entries:
                if account.startswith("wallet:"):
                    _check_player_in(connection, account.removeprefix("wallet:"))
        debited = {
            account.removeprefix("wallet:")
            for tx in ledger
            if tx.kind.startswith(SEAT_KIND)
            for account, amount in tx.entries
            if amount < 0 and account.startswith("wallet:")
        }
        for name in sorted(debited):
            limit = self._limits_in(connection, name).daily_loss_limit
            if limit is None:
                continue
            loss = self._loss_in(connection, name, parse_time(at))
            if loss > limit:
                raise RuleViolation(
                    RG_ARTICLE,
                    f"{name}'s daily loss limit is {limit}: this buy-in would make today's {loss}",
                )


def next_reminder(started: datetime, every_minutes: int | None, now: datetime) -> datetime | None:
    """When the session-length reminder is next due: the first whole multiple of
    ``every_minutes`` after ``started`` that is later than ``now`` (None: no reminder).

    >>> from datetime import UTC
    >>> start = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    >>> next_reminder(start, 30, datetime(2026, 1, 1, 12, 45, tzinfo=UTC)).time()
    datetime.time(13, 0)
    >>> next_reminder(start, None, start) is None
    True
    """
    if every_minutes is None:
        return None
    step = timedelta(minutes=every_minutes)
    done = max(0, int((now - started) / step))
    return started + step * (done + 1)


def _check_player_in(connection: Connection, name: str) -> None:
    """Refuse a movement of ``name``'s wallet unless his account is a player's (read in
    ``connection``: before the movement, and again in its own transaction)."""
    from sqlalchemy import select

    role = connection.execute(
        select(schema.accounts.c.role).where(schema.accounts.c.name == name)
    ).scalar_one_or_none()
    if role != "player":
        raise RuleViolation("cashier", f"no player account {name!r} (a wallet is a player's)")
