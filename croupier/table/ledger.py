"""A table's cashier ledger: double-entry transactions, each summing to zero.

Every movement of money at a table is one :class:`Tx`: a list of ``(account, amount)`` entries
whose amounts sum to zero (what one account gains, others lose). Accounts are text:

* ``cashier``: the world outside the table (chips bought in come from it, cashed out go to it);
* ``house``: the house's bank (pays prizes, takes losing stakes); ``commission``: its commission;
* ``player:NAME``: the chips a player has in front of him;
* ``stake:...`` / ``pot``: money on the layout or in the pot, not yet decided.

The cashier and the house may run negative (the house may lose, and the cashier's account is the
table's net intake); every other account never does: :meth:`Ledger.post` refuses a transaction
that would take one below zero, and one that does not balance, changing nothing.

>>> ledger = Ledger()
>>> ledger.post(Tx.move("t1", "buy_in", "cashier", "player:ana", 1000))
>>> ledger.post(Tx("t2", "bet", (("player:ana", -300), ("stake:1:main", 300))))
>>> ledger.balance("player:ana"), ledger.total()
(700, 0)
>>> ledger.post(Tx.move("t3", "bet", "player:ana", "stake:1:tie", 701))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
croupier.errors.RuleViolation: cashier: player:ana would hold -1 after t3 (bet): ...
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, NoReturn

from croupier.errors import RuleViolation
from croupier.records import is_int

__all__ = ["MAY_BE_NEGATIVE", "Ledger", "Tx"]

#: accounts allowed below zero
MAY_BE_NEGATIVE = frozenset({"cashier", "house"})


@dataclass(frozen=True, slots=True)
class Tx:
    """One transaction: an id unique at the table, a reason, entries summing to zero."""

    id: str
    reason: str
    entries: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        total = 0
        for account, amount in self.entries:
            if (type(account) is not str and not isinstance(account, str)) or not account:
                raise RuleViolation("cashier", f"{self.id}: bad account {account!r}")
            if type(amount) is not int and not is_int(amount):
                raise RuleViolation("cashier", f"{self.id}: amount {amount!r} is not an integer")
            total += amount
        if total != 0:
            raise RuleViolation(
                "cashier", f"{self.id} ({self.reason}) does not balance: its entries sum to {total}"
            )

    @classmethod
    def move(cls, id: str, reason: str, source: str, target: str, amount: int) -> Tx:
        """``amount`` from ``source`` to ``target``."""
        if (
            cls is Tx
            and type(amount) is int
            and type(source) is str
            and type(target) is str
            and source
            and target
        ):
            # what __init__ and __post_init__ do, for the checks this move passes by its
            # shape (two accounts of text, an integer and its opposite: it sums to zero)
            tx = object.__new__(Tx)
            _TX_SET[0](tx, id)
            _TX_SET[1](tx, reason)
            _TX_SET[2](tx, ((source, -amount), (target, amount)))
            return tx
        return cls(id, reason, ((source, -amount), (target, amount)))

    @classmethod
    def of(cls, id: str, reason: str, changes: Mapping[str, int]) -> Tx:
        """A transaction from net changes per account (zero changes left out, sorted)."""
        return cls(id, reason, tuple(sorted((a, v) for a, v in changes.items() if v)))

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "reason": self.reason, "entries": [list(e) for e in self.entries]}


#: the slots' setters of Tx's fields, in order
_TX_SET: Final = tuple(getattr(Tx, name).__set__ for name in ("id", "reason", "entries"))


class Ledger:
    """The transactions of one table and the balances they leave."""

    __slots__ = ("_balances", "_from_cashier", "_ids", "_txs")

    def __init__(self) -> None:
        self._balances: defaultdict[str, int] = defaultdict(int)
        self._txs: list[Tx] = []
        self._ids: set[str] = set()
        self._from_cashier: dict[str, int] = {}

    def post(self, tx: Tx) -> None:
        """Record ``tx``; refuses (changing nothing) a repeated id or a negative balance."""
        if tx.id in self._ids:
            raise RuleViolation("cashier", f"transaction {tx.id} is already posted")
        entries = tx.entries
        if len(entries) == 2:
            # most transactions: one amount from one account to another (Tx.move), posted as
            # the loop below posts it, without its dict of the balances after
            (source, out), (target, into) = entries
            if source != target:
                balances = self._balances
                # read as the loop reads them (an account not seen yet is made, at 0, first)
                left, right = balances[source] + out, balances[target] + into
                if left < 0 and source not in MAY_BE_NEGATIVE:
                    self._refuse(tx, source, left)
                if right < 0 and target not in MAY_BE_NEGATIVE:
                    self._refuse(tx, target, right)
                balances[source] = left
                balances[target] = right
                self._txs.append(tx)
                self._ids.add(tx.id)
                if source == "cashier" or target == "cashier":
                    self._count_from_cashier(entries)
                return
        after: dict[str, int] = {}
        for account, amount in tx.entries:
            after[account] = after.get(account, self._balances[account]) + amount
        if "cashier" in after:
            # chips cross the cashier between it and players only, or it and the house's
            # accounts only: the house pays a player's chips from his wallet, anything else from
            # its bank (croupier.server.money.bridge), so a mixed transaction would leave
            # whose money it was to a guess
            players = sum(1 for account in after if account.startswith("player:"))
            if players and players != len(after) - 1:
                raise RuleViolation(
                    "cashier",
                    f"{tx.id} ({tx.reason}) moves chips between the cashier and players and "
                    f"other accounts at once: {sorted(after)}",
                )
        for account, value in after.items():
            if value < 0 and account not in MAY_BE_NEGATIVE:
                self._refuse(tx, account, value)
        self._balances.update(after)
        self._txs.append(tx)
        self._ids.add(tx.id)
        if "cashier" in after:
            self._count_from_cashier(dict(tx.entries).items())

    def _count_from_cashier(self, entries: Iterable[tuple[str, int]]) -> None:
        """Add what a transaction with the cashier moved to each player's count."""
        moved = self._from_cashier
        for account, amount in entries:
            if account.startswith("player:"):
                moved[account] = moved.get(account, 0) + amount

    @staticmethod
    def _refuse(tx: Tx, account: str, value: int) -> NoReturn:
        raise RuleViolation(
            "cashier",
            f"{account} would hold {value} after {tx.id} ({tx.reason}): "
            "a balance is never negative",
        )

    def post_all(self, txs: Iterable[Tx]) -> None:
        post = self.post
        for tx in txs:
            post(tx)

    def from_cashier(self) -> dict[str, int]:
        """Each player's account (``player:NAME``) with what the transactions touching the
        cashier moved into it in all (bought in, less cashed out): kept as they are posted."""
        return dict(self._from_cashier)

    def balance(self, account: str) -> int:
        return self._balances.get(account, 0)

    @property
    def balances(self) -> Mapping[str, int]:
        """Every account that was ever moved, with its balance (zeros included)."""
        return MappingProxyType(self._balances)

    @property
    def transactions(self) -> tuple[Tx, ...]:
        return tuple(self._txs)

    def total(self) -> int:
        """The sum over every account: always 0."""
        return sum(self._balances.values())

    def players(self) -> dict[str, int]:
        """Each player's chips at the table, by name."""
        return {
            a.removeprefix("player:"): v
            for a, v in self._balances.items()
            if a.startswith("player:")
        }

    def summary(self) -> dict[str, Any]:
        """``{"balanced", "house", "commission", "cashier", "players", "in_play"}`` as JSON."""
        in_play = sum(v for a, v in self._balances.items() if a.startswith(("stake:", "pot")) and v)
        return {
            "balanced": self.total() == 0,
            "house": self.balance("house"),
            "commission": self.balance("commission"),
            "cashier": self.balance("cashier"),
            "players": dict(sorted(self.players().items())),
            "in_play": in_play,
            "transactions": len(self._txs),
        }
