"""What the five adapters share of a dealer's void of the round in progress
(:mod:`croupier.games.void`): the offer, the check that the recorded void is its dealer's, and
the ledger of the stakes it returns.

The void is offered to a dealer (a named one, or the house's own) only while a round is in
play and its result is not yet fixed (:data:`croupier.games.void.RESULT_FIXED`: from there
each adapter explains the refusal with the engine's, naming the article); ``croupier table
void`` (:func:`croupier.server.operations.void_round`) sends it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from croupier.errors import RuleViolation
from croupier.games.void import MAX_REASON, HouseVoid, VoidRound
from croupier.offers import Offer, Text
from croupier.settlement import PayoutLine
from croupier.table.actor import Actor, Role
from croupier.table.ledger import Tx
from croupier.table.log import Entry

__all__ = ["VOID_OFFER", "check_void_entry", "void_tx"]

#: the dealer's offer to void the round in play
VOID_OFFER: Final = Offer(
    VoidRound, {"reason": Text(MAX_REASON)}, "void the round in play: every stake returned"
)


def check_void_entry(event: HouseVoid, entry: Entry) -> None:
    """A recorded void names the dealer whose entry it is."""
    actor = Actor.parse(entry.actor)
    if actor.role is not Role.DEALER or event.by != actor.name:
        raise RuleViolation(
            "tables", f"a void is a dealer's and names him: {event.by!r} in {entry.actor}'s entry"
        )


def void_tx(
    seq: int, lines: Iterable[PayoutLine], stake_account: Callable[[PayoutLine], str]
) -> list[Tx]:
    """The ledger transaction of a void: each stake returned leaves its account for its
    player's (a carried one stays)."""
    changes: dict[str, int] = {}
    for line in lines:
        back = line.stake - line.carried
        if not back:
            continue
        account = stake_account(line)
        changes[account] = changes.get(account, 0) - back
        player = f"player:{line.player}"
        changes[player] = changes.get(player, 0) + line.paid
    return [Tx.of(f"{seq}", "void", changes)] if changes else []
