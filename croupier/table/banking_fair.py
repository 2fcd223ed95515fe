"""A banking table's provably fair shoes (:class:`~croupier.table.banking.ShoeTable`): a seed
revealed when its shoe is finished must be the committed one and deal the recorded shoe."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from croupier.errors import RuleViolation
from croupier.shuffle import ProvablyFairShuffler
from croupier.table.events import FairnessRevealed

if TYPE_CHECKING:
    from croupier.table.banking import ShoeTable

__all__ = ["FAIR", "check_reveal"]

#: what the fair shoe's refusals cite
FAIR: Final = "fair play"


def check_reveal(self: ShoeTable[Any, Any], event: FairnessRevealed) -> None:
    """A revealed seed must be the committed one and deal the recorded shoe: the shuffle is
    made again from the seed, the client seed and the nonce, and compared (order, cut and
    cut card), live and at every replay."""
    if not self._fair_queue:
        raise RuleViolation(FAIR, "a seed is revealed with no commitment outstanding")
    committed = self._fair_queue.pop(0)
    shoe = self._fair_shoes.pop(committed.commitment, None)
    try:
        seed = bytes.fromhex(event.server_seed)
    except ValueError:
        raise RuleViolation(FAIR, f"the revealed seed {event.server_seed!r} is not hex") from None
    shuffler = ProvablyFairShuffler(seed, committed.client_seed, committed.nonce)
    if shuffler.commitment != committed.commitment:
        raise RuleViolation(
            FAIR, f"the revealed seed does not hash to the commitment {committed.commitment}"
        )
    if shoe is None:
        return
    again = self.game._shuffle_event(shuffler, None)  # the draws the live shuffle made
    if (again.order, again.cut, again.cut_card_depth) != (
        shoe.order,
        shoe.cut,
        shoe.cut_card_depth,
    ):
        raise RuleViolation(
            FAIR,
            "the recorded shoe is not the one the revealed seed deals (order, cut, cut card)",
        )
