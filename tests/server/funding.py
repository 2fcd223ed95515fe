"""Money for the server tests' players: an account and a deposit at the cashier (issue 19: a
buy-in comes from the player's wallet, so a player without a deposit cannot sit)."""

from __future__ import annotations

from datetime import UTC, datetime

from croupier.server.auth import Accounts, AuthError, AuthSettings
from croupier.server.cashier import Cashier
from croupier.server.store import EventStore

FAST = AuthSettings(time_cost=1, memory_cost_kib=1024, parallelism=1)


def fund(store: EventStore, name: str, amount: int = 100_000, *, password: str = "") -> None:
    """Create player ``name`` (if new) and deposit ``amount`` in his wallet."""
    try:
        Accounts(store, FAST).create(
            name, "player", password or f"{name}-secret!", by=None, at=datetime.now(UTC)
        )
    except AuthError as exc:
        if exc.reason != "exists":
            raise
    key = f"fund-{name}-{Cashier(store).balance(name)}-{amount}"
    Cashier(store).deposit(name, amount, key=key, by="test-cashier", at=datetime.now(UTC))
