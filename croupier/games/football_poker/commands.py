"""Football poker commands as data (Despacho 65/2004): the banking games' shared commands
(:mod:`croupier.games.banking_commands`: sit, buy_in, leave, bet, raise, withdraw, done; the
dealer's shuffle, burn, open_round, call_bets, close_bets, deal, settle) and this game's one
dealing incident, a human dealer's:

==========================  ======  ============================================================
command                     who     article
==========================  ======  ============================================================
``deal_card(exposed)``      dealer  Art 5.4, 8.1 (the next card, to the hand the order gives
                                    it: the despacho has no misdeal); ``exposed``: turned face
                                    up by accident, still valid (Art 6)
==========================  ======  ============================================================

>>> DealCard(False).to_dict()
{'type': 'deal_card', 'exposed': False}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from croupier.games.banking_commands import (
    DEALER_COMMANDS,
    PLAYER_COMMANDS,
    Bet,
    Burn,
    BuyIn,
    CallBets,
    CloseBets,
    Deal,
    Done,
    Leave,
    OpenRound,
    Raise,
    Settle,
    Shuffle,
    Sit,
    Withdraw,
)
from croupier.protocol import Command

__all__ = [
    "COMMANDS",
    "Bet",
    "Burn",
    "BuyIn",
    "CallBets",
    "CloseBets",
    "Deal",
    "DealCard",
    "Done",
    "Leave",
    "OpenRound",
    "Raise",
    "Settle",
    "Shuffle",
    "Sit",
    "Withdraw",
]


@dataclass(frozen=True, slots=True)
class DealCard(Command):
    """The shoe's next card to the hand the dealing order gives it (Art 5.4, 8.1);
    ``exposed``: it turned face up by accident (Art 6)."""

    TYPE = "deal_card"
    exposed: bool


#: every command of a football poker table
COMMANDS: Final[tuple[type[Command], ...]] = (*PLAYER_COMMANDS, *DEALER_COMMANDS, DealCard)
