"""Re-checking the record: every table folded again from its first entry, every chain, the ledger.

:func:`verify` checks, and stops at the first fault it finds:

1. the global positions are exactly 1..last (gapless);
2. the house stream's hash chain (from :data:`~croupier.server.store.HOUSE_GENESIS`), and that
   each stored column agrees with the hashed entry;
3. for each table (or the one asked for): its genesis is the one its game, id and options give;
   its chain and columns; its entries folded again by the game's rules (``Table.replay`` checks
   every event and every hash); its ledger in the database equals, transaction by transaction,
   the ledger the fold posts with the bridges that paid for its chips from the wallets and the
   bank (:mod:`croupier.server.money`), and sums to zero;
4. the cashier's stream: its chain, and each deposit or withdrawal's transaction is the one
   its event says;
5. the whole house ledger: every transaction is explained by a stream checked above (none
   written by hand), every one sums to zero, no wallet was ever below zero (running balance,
   transaction by transaction) and every table's ``cashier`` account is back at zero.

The answer is a :class:`Report`: what was checked and the first fault, if any.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.errors import CroupierError
from croupier.server.cashier import CASHIER, KINDS
from croupier.server.catalog import Catalog
from croupier.server.entries import HOUSE
from croupier.server.money import DESK, bots_of, table_ledger, wallet
from croupier.server.store import EventStore, LedgerTx
from croupier.table.log import genesis as table_genesis
from croupier.table.sources import LiveSource

__all__ = ["Report", "verify"]


@dataclass
class Report:
    """What :func:`verify` checked, and the first fault (None: the record verifies)."""

    tables: int = 0
    events: int = 0
    transactions: int = 0
    fault: str | None = None
    checked: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.fault is None


def verify(store: EventStore, catalog: Catalog, table: str | None = None) -> Report:
    """Check the record (see the module docstring); ``table``: only that table (and the house)."""
    report = Report()
    gaps = store.verify_positions()
    if gaps is not None:
        report.fault = gaps
        return report
    fault = store.verify_stream(HOUSE)
    if fault is not None:
        report.fault = f"house stream: {fault}"
        return report
    report.events += len(store.read(HOUSE))
    report.checked.append(HOUSE)
    rows = store.tables()
    bots = bots_of(store)
    if table is not None:
        rows = [r for r in rows if r.id == table]
        if not rows:
            report.fault = f"no table {table!r} in this database"
            return report
    for row in rows:
        where = f"table {row.id} ({row.game})"
        expected = table_genesis(row.game, row.id, row.options)
        if row.genesis != expected:
            report.fault = f"{where}: its genesis does not follow from its game and options"
            return report
        fault = store.verify_stream(row.stream)
        if fault is not None:
            report.fault = f"{where}: {fault}"
            return report
        stored = store.read(row.stream)
        try:
            cls = catalog.table_class(row.game)
            folded = cls.replay(
                cls.options_from_dict(row.options),
                [e.line() for e in stored],
                table_id=row.id,
                source=LiveSource(),
            )
        except CroupierError as exc:
            report.fault = f"{where}: {exc}"
            return report
        mine = table_ledger(row.id, folded.ledger.transactions, bots.get(row.id, set()))
        # a server may commit while the audit reads: what came after the events read is not
        # this audit's to judge
        upto = len(stored)
        recorded = [tx for _, _, seq, tx in store.ledger(row.stream) if (seq or 0) <= upto]
        if recorded != mine:
            first = next(
                (i for i, (a, b) in enumerate(zip(recorded, mine, strict=False)) if a != b),
                min(len(recorded), len(mine)),
            )
            got = recorded[first].key if first < len(recorded) else "nothing"
            want = mine[first].key if first < len(mine) else "nothing"
            report.fault = (
                f"{where}: ledger transaction {first + 1} is {got} in the database but the fold "
                f"posts {want} (or their entries differ)"
            )
            return report
        unbalanced = next((tx for tx in recorded if sum(a for _, a in tx.entries) != 0), None)
        if unbalanced is not None:
            report.fault = f"{where}: ledger transaction {unbalanced.key} does not sum to zero"
            return report
        report.tables += 1
        report.events += len(stored)
        report.transactions += len(recorded)
        report.checked.append(row.stream)
    if table is None:
        report.fault = _cashier(store, report) or _house_ledger(store)
    return report


def _cashier(store: EventStore, report: Report) -> str | None:
    """The cashier stream's chain, and each movement's transaction as its event says."""
    fault = store.verify_stream(CASHIER)
    if fault is not None:
        return f"cashier stream: {fault}"
    events = store.read(CASHIER)
    upto = events[-1].seq if events else 0
    recorded = {tx.key: (seq, tx) for _, _, seq, tx in store.ledger(CASHIER) if (seq or 0) <= upto}
    for event in events:
        payload = event.event
        kind = str(payload.get("type", "")).removeprefix("cashier.")
        by = (event.actor or "").removeprefix("account:")
        key = f"cashier:{by}:{payload.get('key')}"
        if kind not in KINDS:
            return f"cashier stream seq {event.seq}: unknown movement {payload.get('type')!r}"
        sign, amount = KINDS[kind], payload.get("amount")
        if not isinstance(amount, int):
            return f"cashier stream seq {event.seq}: the amount is not a whole number"
        want = LedgerTx(
            key, kind, ((DESK, -sign * amount), (wallet(str(payload["name"])), sign * amount))
        )
        got = recorded.pop(key, None)
        if got is None or got[1] != want or got[0] != event.seq:
            return (
                f"cashier stream seq {event.seq}: its ledger transaction {key} is missing or "
                "differs from the event"
            )
    if recorded:
        return f"cashier ledger transaction {next(iter(recorded))} has no event"
    report.events += len(events)
    report.transactions += len(events)
    report.checked.append(CASHIER)
    return None


def _house_ledger(store: EventStore) -> str | None:
    """Every transaction explained, balanced; wallets never below zero; tables' cashiers at 0.
    (The ledger is read first: a table with a transaction in it was registered before.)"""
    ledger = store.ledger()
    tables = {r.id for r in store.tables()}
    heads = {s: store.head(s)[0] for s in {s for _, s, _, _ in ledger if s}}  # after the ledger
    running: dict[str, int] = {}
    for _, stream, seq, tx in ledger:
        if stream != CASHIER and (stream or "").removeprefix("table:") not in tables:
            return f"ledger transaction {tx.key} belongs to no stream the audit checks ({stream})"
        if stream and (seq is None or not 1 <= seq <= heads[stream]):
            return f"ledger transaction {tx.key} names {stream} seq {seq}, not in the record"
        if sum(a for _, a in tx.entries) != 0:
            return f"ledger transaction {tx.key} does not sum to zero"
        for account, amount in tx.entries:
            running[account] = running.get(account, 0) + amount
            if account.startswith("wallet:") and running[account] < 0:
                return f"{account} is {running[account]} after {tx.key}: a wallet below zero"
    for table_id in sorted(tables):
        left = running.get(f"table:{table_id}:cashier", 0)
        if left:
            return f"table:{table_id}:cashier holds {left}: its chips are not all paid for"
    total = sum(running.values())
    return None if total == 0 else f"the house ledger sums to {total}, not 0"
