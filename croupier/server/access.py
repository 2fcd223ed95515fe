"""Who may do what at a table (issue 19): every request authorised by role and by seat.

* A **player** acts and reads as himself (``player:NAME``): the actor comes from his session,
  never from the request, so he cannot act for another seat, and every event and view he gets
  is his own form (``Table.events_for`` / ``Table.view``): nobody else's hidden cards.
* A **dealer** runs only the tables an admin gave him (``dealers`` when the table is opened, or
  ``POST /api/tables/T/dealers``; each a house event). At another table he is a member of the
  public: an observer, who sees and sends nothing a dealer would.
* An **inspector** reads the record (``inspector:NAME``: a finished round whole, the round in
  play as the public sees it, never a live hidden card) and sends nothing.
* A **cashier** and an **admin** watch as the public does and send no table command.

Every command a named dealer has accepted (a void, a rectification, a cancelled deal, ...) is
also recorded in the house stream (``dealer.command``; ``round.voided`` for a void), so the
house's own log shows every act of its staff at the tables.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from croupier.server.auth import Principal, Role
from croupier.server.entries import HOUSE, house_entry
from croupier.server.hub import Outcome
from croupier.server.live import Trail
from croupier.table.actor import Actor

if TYPE_CHECKING:
    from croupier.server.store import EventStore

__all__ = ["AUTHORISATION", "DealerRoster", "table_actor"]

#: the "article" of a refusal for want of the right role or table
AUTHORISATION = "authorisation"
#: a roster read from the store is reused for this long (seconds) before it is read again
ROSTER_TTL = 2.0
#: a dealer command recorded in the house stream under its own name
AUDITED = {
    "void": "round.voided",
    "void_round": "round.voided",
    "rectify": "misdeal.rectified",
    "cancel_deal": "deal.cancelled",
}


class DealerRoster:
    """Which dealers run which table, folded from the house stream (``table.opened`` with its
    ``dealers``, ``dealer.assigned``, ``dealer.removed``), read again every few seconds."""

    TYPES = ("table.opened", "dealer.assigned", "dealer.removed")

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._read_at = -ROSTER_TTL
        self._tables: dict[str, set[str]] = {}

    def refresh(self) -> None:
        tables: dict[str, set[str]] = {}
        for event in self.store.read_types(HOUSE, self.TYPES):
            payload = event.event
            table = str(payload.get("table"))
            if payload["type"] == "table.opened":
                tables[table] = {str(d) for d in payload.get("dealers", [])}
            elif payload["type"] == "dealer.assigned":
                tables.setdefault(table, set()).add(str(payload["name"]))
            else:
                tables.setdefault(table, set()).discard(str(payload["name"]))
        self._tables = tables
        self._read_at = time.monotonic()

    def dealers(self, table_id: str) -> set[str]:
        if time.monotonic() - self._read_at > ROSTER_TTL:
            self.refresh()
        return set(self._tables.get(table_id, set()))

    def runs(self, name: str, table_id: str) -> bool:
        return name in self.dealers(table_id)

    def tables_of(self, name: str) -> list[str]:
        if time.monotonic() - self._read_at > ROSTER_TTL:
            self.refresh()
        return sorted(t for t, names in self._tables.items() if name in names)

    def assign(self, table_id: str, name: str, *, assigned: bool, by: str, at: datetime) -> None:
        kind = "dealer.assigned" if assigned else "dealer.removed"
        entry = house_entry(kind, {"table": table_id, "name": name}, at=at, actor=f"account:{by}")
        self.store.append(HOUSE, [entry], expected_seq=None)
        self._read_at = -ROSTER_TTL


def table_actor(principal: Principal, table_id: str, roster: DealerRoster) -> Actor:
    """The actor ``principal`` is at ``table_id`` (see the module docstring)."""
    if principal.role is Role.PLAYER:
        return Actor.player(principal.name)
    if principal.role is Role.DEALER:
        if roster.runs(principal.name, table_id):
            return Actor.dealer(principal.name)
        return Actor.OBSERVER
    if principal.role is Role.INSPECTOR:
        return Actor.inspector(principal.name)
    return Actor.OBSERVER


#: a command type -> its field that brings chips from the wallet (the games' sit and top-up,
#: the 13-card game's and the banking games' buy-in to bet standing or for more chips)
BUY_INS = {"sit": "buy_in", "top_up": "amount", "buy_in": "amount"}


def _buy_in(principal: Principal, command: Any) -> int | None:
    """The chips a player's command brings from his wallet (a sit or a top-up), else None."""
    if principal.role is not Role.PLAYER or not isinstance(command, dict):
        return None
    amount = command.get(BUY_INS.get(str(command.get("type")), ""))
    if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
        return None
    return amount


def _short_of_money(server: Any, principal: Principal, command: Any) -> str | None:
    """A fast refusal of a buy-in the wallet plainly cannot pay, before the table is touched
    (the store's check in the transaction stays the one that decides; this spares the table
    the refold that undoes a command refused at its commit)."""
    amount = _buy_in(principal, command)
    if amount is None:
        return None
    balance: int = server.cashier.balance(principal.name)
    if amount <= balance:
        return None
    return (
        f"wallet:{principal.name} holds {balance}, not {amount}: a wallet is never negative "
        "(deposit at the cashier first)"
    )


def refusal(command_id: str, message: str) -> Outcome:
    return Outcome(command_id, False, article=AUTHORISATION, message=message)


async def submit(
    server: Any,
    principal: Principal,
    table_id: str,
    command: Any,
    command_id: str,
    *,
    answer: Callable[[Outcome], None] | None = None,
) -> Outcome:
    """A person's command, authorised (a player for himself, a dealer at his own tables; no
    one else sends table commands), then applied by the hub; a named dealer's accepted command
    is recorded in the house stream too, in the same transaction as the table's entries (both
    written or neither: a crash between two writes left a dealer's void out of the house's
    trail, and a retry, answered as a duplicate, never wrote it). ``answer``: called with a
    player's outcome as soon as it is known (committed), before the table's new entries are
    pushed (see :meth:`Hub.submit`)."""
    roster: DealerRoster = server.roster
    if principal.role not in (Role.PLAYER, Role.DEALER):
        role = principal.role.value
        article = "an" if role[0] in "aeiou" else "a"
        return refusal(command_id, f"{article} {role} sends no table command")
    if principal.role is Role.PLAYER:  # himself: nothing to look up (no thread hop a command)
        actor = Actor.player(principal.name)
    else:
        actor = await asyncio.to_thread(table_actor, principal, table_id, roster)
    if actor is Actor.OBSERVER:
        return refusal(command_id, f"{principal.name} is not a dealer of table {table_id!r}")
    if _buy_in(principal, command) is not None:  # only a buy-in reads the wallet
        short = await asyncio.to_thread(_short_of_money, server, principal, command)
        if short is not None:
            return Outcome(command_id, False, article="cashier", message=short)
    early = answer if principal.role is Role.PLAYER else None
    trail = _dealer_trail(table_id, principal, command) if principal.role is Role.DEALER else None
    outcome: Outcome = await server.hub.submit(
        table_id, actor, command, command_id, answer=early, trail=trail
    )
    return outcome


def _dealer_trail(table_id: str, principal: Principal, command: Any) -> Trail:
    """The house-stream entry of a dealer's command at ``table_id`` (its own type for a void,
    a rectified misdeal or a cancelled deal, else ``dealer.command``), made once the seqs it
    appended are known, written in their transaction (:meth:`Hub.submit`)."""
    kind = command.get("type") if isinstance(command, dict) else None
    reason = command.get("reason") if isinstance(command, dict) else None

    def trail(first_seq: int, last_seq: int) -> list[dict[str, Any]]:
        payload: dict[str, Any] = {
            "table": table_id,
            "command": kind,
            "first_seq": first_seq,
            "last_seq": last_seq,
        }
        if isinstance(reason, str):
            payload["reason"] = reason[:200]
        entry = house_entry(
            AUDITED.get(str(kind), "dealer.command"),
            payload,
            at=datetime.now(UTC),
            actor=f"account:{principal.name}",
        )
        return [entry]

    return trail
