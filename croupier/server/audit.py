"""Re-checking the record: every table folded again from its first entry, every chain, the ledger.

:func:`verify` checks, and stops at the first fault it finds:

1. the global positions are exactly 1..last (gapless);
2. the house stream's hash chain (from :data:`~croupier.server.store.HOUSE_GENESIS`), and that
   each stored column agrees with the hashed entry;
3. for each table (or the one asked for): its genesis is the one its game, id and options give;
   its chain and columns; its entries folded again by the game's rules (``Table.replay`` checks
   every event and every hash); its ledger in the database equals, transaction by transaction,
   the ledger the fold posts, and sums to zero.

The answer is a :class:`Report`: what was checked and the first fault, if any.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.errors import CroupierError
from croupier.server.catalog import Catalog
from croupier.server.hub import ledger_tx
from croupier.server.store import HOUSE, EventStore
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
        mine = [ledger_tx(row.id, tx) for tx in folded.ledger.transactions]
        recorded = [tx for _, _, _, tx in store.ledger(row.stream)]
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
    return report
