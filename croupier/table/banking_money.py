"""The money of a banking table (:meth:`~croupier.table.banking.ShoeTable._money`): the ledger
transactions each event causes, posted as it is recorded. ``player:NAME`` holds his chips, a stake
``stake:PLACE:BET:NAME`` until it is decided; a round's settlement moves each decided stake to
the player (what he is paid), the ``commission`` (whole units: a fraction of a unit stays with
the house) and the ``house`` (the rest); a dealer's void returns the stakes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from croupier.events import BetPlaced, BetWithdrawn, CardDealt, RoundSettled, RoundVoided
from croupier.games.void import HouseVoid
from croupier.protocol import Event
from croupier.settlement import PayoutLine
from croupier.table.ledger import Tx
from croupier.table.void import void_tx

if TYPE_CHECKING:
    from croupier.table.banking import ShoeTable

__all__ = ["bet_tx", "money_of"]


def money_of(self: ShoeTable[Any, Any], event: Event, seq: int) -> Sequence[Tx]:
    """The ledger transactions of ``event`` just applied (:meth:`ShoeTable._money`)."""
    if type(event) is CardDealt:
        return ()
    tx = f"{seq}"
    if isinstance(event, BetPlaced):
        return [bet_tx(event, seq)]
    if isinstance(event, BetWithdrawn):
        stake = f"stake:{event.position}:{event.bet}:{event.player}"
        amount = self.ledger.balance(stake)
        return [Tx.move(tx, "withdraw", stake, f"player:{event.player}", amount)]
    if isinstance(event, RoundSettled | RoundVoided):
        reason = "settle" if isinstance(event, RoundSettled) else "void"
        return [Tx.of(tx, reason, _changes(event.lines))]
    if isinstance(event, HouseVoid):
        return void_tx(seq, event.lines, _stake_account)
    return []


def bet_tx(event: BetPlaced, seq: int) -> Tx:
    """The ledger's transaction of a stake placed (or raised): his chips onto the stake's
    account."""
    player = event.player
    stake = f"stake:{event.position}:{event.bet}:{player}"
    return Tx.move(f"{seq}", "bet", f"player:{player}", stake, event.amount)


def _stake_account(line: PayoutLine) -> str:
    return f"stake:{line.position}:{line.bet}:{line.player}"


def _changes(lines: Sequence[PayoutLine]) -> dict[str, int]:
    """The ledger's changes of a round's settlement lines: each stake decided leaves its
    account (a carried one stays), the player is paid, the commission (whole units; a fraction
    stays with the house) and the house take the rest."""
    changes: dict[str, int] = {}
    get = changes.get
    for line in lines:
        decided = line.stake - line.carried
        commission = int(line.commission)
        player, paid = line.player, line.paid
        # the four accounts one by one, without a tuple of pairs a line (Tx.of sorts them)
        stake = f"stake:{line.position}:{line.bet}:{player}"
        changes[stake] = get(stake, 0) - decided
        account = f"player:{player}"
        changes[account] = get(account, 0) + paid
        changes["commission"] = get("commission", 0) + commission
        changes["house"] = get("house", 0) + decided - paid - commission
    return changes
