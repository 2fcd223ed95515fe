"""The house ledger's accounts, and how a table's ledger joins it (issue 19: they are one).

Every table keeps its own double-entry ledger (:mod:`croupier.table.ledger`), whose ``cashier``
account is the world outside the table: a buy-in moves chips from ``cashier`` to
``player:NAME``, a cash-out back. The server writes each of those transactions into the house
ledger with its accounts prefixed ``table:<id>:`` (:func:`ledger_tx`), and, for every one that
touches the table's ``cashier``, a **bridging** transaction right after it in the same database
transaction (:func:`bridge`): the chips a person buys come from his wallet, ``wallet:NAME``, and
go back to it when he cashes out; a bot's come from the house's bank, ``house:bank``. So after
every command the account ``table:<id>:cashier`` is back at zero, every account of the house
sums to zero, and a wallet cannot pay for chips it does not hold (the store refuses a wallet
below zero inside the transaction, and the command with it).

The accounts:

============================ ==============================================================
``cash:desk``                 the cashier's desk: a deposit moves money from it to a wallet,
                              a withdrawal back (its balance is minus the cash the desk took
                              in, net: the one account that is the world outside)
``wallet:NAME``               a person's money at the house (never negative)
``house:bank``                the house's bank: pays the bots' buy-ins, takes their cash-outs
``table:ID:ACCOUNT``          a table's own accounts (``player:NAME``, ``pot``, ``stake:..``,
                              ``house``, ``commission``, ``cashier``)
============================ ==============================================================

The signs of the house's own accounts (``cash:desk``, ``house:bank``, ``table:ID:house``) are
those of the double entry: they may be negative (the bank has paid more than it took). Every
other account is never negative: wallets by the store, a table's by the table's ledger.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator

from croupier.server.entries import HOUSE
from croupier.server.store import EventStore, LedgerTx
from croupier.table.ledger import Tx

__all__ = [
    "BANK",
    "DESK",
    "bots_of",
    "bridge",
    "ledger_tx",
    "table_ledger",
    "wallet",
]

#: the cashier's desk (money from and to the world outside)
DESK = "cash:desk"
#: the house's bank (the bots' money)
BANK = "house:bank"
#: the kind of every bridging transaction starts with this
SEAT_KIND = "seat."


def wallet(name: str) -> str:
    """The wallet account of person ``name``.

    >>> wallet("ana")
    'wallet:ana'
    """
    return f"wallet:{name}"


def ledger_tx(table_id: str, tx: Tx) -> LedgerTx:
    """A table's ledger transaction in the house ledger: its accounts and key scoped by table.

    >>> ledger_tx("t1", Tx.move("7", "ante", "player:ana", "pot", 10))
    LedgerTx(key='table:t1:7', kind='ante', entries=(('table:t1:player:ana', -10), \
('table:t1:pot', 10)), memo='')
    """
    prefix = f"table:{table_id}:"
    return LedgerTx(
        f"{prefix}{tx.id}",
        tx.reason,
        tuple((prefix + account, amount) for account, amount in tx.entries),
    )


def bridge(table_id: str, tx: Tx, bots: Collection[str]) -> LedgerTx | None:
    """The house transaction that pays for (or takes back) what ``tx`` moves through the
    table's ``cashier``: each player's chips from (to) his wallet, a bot's from (to) the bank;
    None if ``tx`` does not touch the cashier. Anything a table moves between its cashier and
    an account that is not a player's is the bank's.

    >>> bridge("t1", Tx.move("3", "chips_in", "cashier", "player:ana", 500), ())
    LedgerTx(key='table:t1:3:seat', kind='seat.chips_in', entries=(('table:t1:cashier', 500), \
('wallet:ana', -500)), memo='')
    >>> bridge("t1", Tx.move("9", "chips_out", "player:bot-1", "cashier", 80), {"bot-1"})
    LedgerTx(key='table:t1:9:seat', kind='seat.chips_out', entries=(('house:bank', 80), \
('table:t1:cashier', -80)), memo='')
    >>> bridge("t1", Tx.move("4", "ante", "player:ana", "pot", 10), ()) is None
    True
    """
    through = sum(amount for account, amount in tx.entries if account == "cashier")
    if not through and not any(account == "cashier" for account, _ in tx.entries):
        return None
    changes: dict[str, int] = {f"table:{table_id}:cashier": -through}
    players = [(a.removeprefix("player:"), v) for a, v in tx.entries if a.startswith("player:")]
    if players and sum(v for _, v in players) == -through:
        for name, amount in players:
            account = BANK if name in bots else wallet(name)
            changes[account] = changes.get(account, 0) - amount
    else:
        changes[BANK] = changes.get(BANK, 0) + through
    entries = tuple(sorted((a, v) for a, v in changes.items() if v))
    if len(entries) < 2:
        return None
    return LedgerTx(f"table:{table_id}:{tx.id}:seat", f"{SEAT_KIND}{tx.reason}", entries)


def table_ledger(table_id: str, txs: Iterable[Tx], bots: Collection[str]) -> list[LedgerTx]:
    """The house ledger's transactions of a table's ``txs``, in order: each one (scoped by
    table), followed by its bridge when it has one."""
    return list(_table_ledger(table_id, txs, bots))


def _table_ledger(table_id: str, txs: Iterable[Tx], bots: Collection[str]) -> Iterator[LedgerTx]:
    for tx in txs:
        yield ledger_tx(table_id, tx)
        paid = bridge(table_id, tx, bots)
        if paid is not None:
            yield paid


def bots_of(store: EventStore) -> dict[str, set[str]]:
    """Each table's bots (table id -> names), from the house stream's ``bot.seated`` events."""
    out: dict[str, set[str]] = {}
    for event in store.read_types(HOUSE, ("bot.seated",)):
        out.setdefault(str(event.event["table"]), set()).add(str(event.event["name"]))
    return out
