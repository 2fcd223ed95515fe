"""An operator's acts on the record: voiding an interrupted round (outside a running table),
closing a table (in its writer, :func:`close_table`).

:func:`void_round` folds the table from the store, applies the game's dealer ``void`` command
(the regulation's void-round article decides the refunds; the adapter posts them), and appends
its entries with their ledger transactions and a ``round.voided`` event of the house stream in
one transaction. It expects the table's last seq, so a server writing to the same table at the
same moment makes one of the two retry: nothing is lost or doubled. A round whose result is
fixed is not voided: the game's refusal (naming the article that fixes it) is raised and nothing
is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from croupier.errors import CroupierError, RuleViolation
from croupier.offers import Text
from croupier.server.catalog import Catalog
from croupier.server.entries import HOUSE, house_entry, to_ms
from croupier.server.hub import Hub, Outcome, refusal
from croupier.server.money import bots_of, table_ledger
from croupier.server.store import EventStore
from croupier.table.actor import Actor
from croupier.table.sources import LiveSource

__all__ = ["Voided", "close_table", "void_round"]


@dataclass(frozen=True)
class Voided:
    """What a void appended: the table's seqs, the refunds (account -> amount)."""

    table: str
    round: int
    first_seq: int
    last_seq: int
    refunds: dict[str, int]


def void_round(
    store: EventStore,
    catalog: Catalog,
    table_id: str,
    *,
    by: str,
    reason: str,
    at: datetime | None = None,
) -> Voided:
    """Void the round in play at ``table_id`` as dealer ``by`` (see the module docstring)."""
    row = store.table(table_id)
    if row is None:
        raise RuleViolation("tables", f"no table {table_id!r}")
    cls = catalog.table_class(row.game)
    stored = store.read(row.stream)
    table = cls.replay(
        cls.options_from_dict(row.options),
        [e.line() for e in stored],
        table_id=row.id,
        source=LiveSource(),
    )
    rounds = table.rounds
    if not rounds or rounds[-1].closed:
        raise RuleViolation("tables", f"table {table_id!r} has no round in play to void")
    dealer = Actor.dealer(by)
    # the dealer's void of the round in progress (every game: croupier/games/void.py); only a
    # game without one may offer a ``void`` of its own (the tests' toy game): baccarat's misdeal
    # ``void`` (Art 3.4) is the dealer's at the table, not the operator's
    offers = table.legal(dealer)
    own = any(kind.TYPE == "void_round" for kind in cls.COMMANDS)
    offer = next((o for o in offers if o.type == ("void_round" if own else "void")), None)
    if offer is None:
        if own:
            # not offered now (the round's result is fixed): the game's refusal, naming its
            # article; a command no offer admits changes nothing
            command_id = f"void:{table.seq}"
            table.apply(
                dealer, {"type": "void_round", "reason": reason}, command_id, at=table.last_at
            )
        raise RuleViolation(
            "tables", f"the {row.game} table offers no void to a dealer now (no void command)"
        )
    values: dict[str, Any] = {
        name: reason for name, domain in offer.fields.items() if isinstance(domain, Text)
    }
    try:
        command = offer.make(**values)
    except TypeError as exc:
        raise RuleViolation("tables", f"cannot build the {row.game} void command: {exc}") from None
    when = at or datetime.now(UTC)
    txs_before = len(table.ledger.transactions)
    applied = table.apply(dealer, command, f"void:{table.seq}", at=max(to_ms(when), table.last_at))
    new_txs = table.ledger.transactions[txs_before:]
    refunds: dict[str, int] = {}
    for tx in new_txs:
        for account, amount in tx.entries:
            if amount > 0 and account.startswith("player:"):
                refunds[account] = refunds.get(account, 0) + amount
    number = rounds[-1].number
    with store.transaction() as connection:
        store.append_in(
            connection,
            row.stream,
            [e.to_dict() for e in applied.entries],
            expected_seq=len(stored),
            genesis=row.genesis,
            command_id=applied.command_id,
            ledger=table_ledger(row.id, new_txs, bots_of(store).get(row.id, set())),
        )
        store.append_in(
            connection,
            HOUSE,
            [
                house_entry(
                    "round.voided",
                    {
                        "table": table_id,
                        "round": number,
                        "reason": reason,
                        "first_seq": applied.first_seq,
                        "last_seq": applied.last_seq,
                        "refunds": refunds,
                    },
                    at=when,
                    actor=f"account:{by}",
                )
            ],
            expected_seq=None,
        )
    return Voided(table_id, number, applied.first_seq, applied.last_seq, refunds)


async def close_table(hub: Hub, table_id: str, *, by: str) -> Outcome:
    """Close a table between rounds: its bots leave (cashing out), then, if nobody holds
    chips there, the table's seal (``Table.close``) and a ``table.closed`` house event.
    *Simplification:* the two are two transactions; the table's own seal is the record's
    word if a crash falls between them."""
    live = hub.live(table_id)

    async def run() -> Outcome:
        if live.in_round():
            return Outcome(
                "close",
                False,
                article="tables",
                message="a round is in play: finish or void it",
            )
        # a person holding chips refuses the close before anything is done: the bots' leaving
        # would otherwise stay written (cashed out) under a refused close
        people = sorted(
            p for p, chips in live.table.chips().items() if chips and p not in live.bots
        )
        if people:
            return Outcome(
                "close",
                False,
                article="tables",
                message=f"players still hold chips here: {', '.join(people)} (they leave first)",
            )
        for name in sorted(live.bots):
            bot = Actor.player(name)
            if any(o.type == "leave" for o in live.table.legal(bot)):
                await hub._apply(live, bot, {"type": "leave"}, f"close:{live.table.seq}:{name}")
        holding = sorted(p for p, chips in live.table.chips().items() if chips)
        if holding:
            return Outcome(
                "close",
                False,
                article="tables",
                message=f"players still hold chips here: {', '.join(holding)} (they leave first)",
            )
        try:
            done = await hub._act(live, lambda table: table.close(at=hub._at(live)))
        except CroupierError as exc:
            return refusal("close", exc)
        if done is None:
            return Outcome("close", False, article="protocol", message="retry")
        applied, _ = done
        entry = house_entry(
            "table.closed",
            {"table": table_id, "entries": applied.last_seq, "last_hash": live.table.head()},
            at=datetime.now(UTC),
            actor=f"account:{by}",
        )
        await hub.db(hub.store.append, HOUSE, [entry], expected_seq=None)
        return Outcome("close", True, applied.first_seq, applied.last_seq)

    return await hub._job(live, run)
