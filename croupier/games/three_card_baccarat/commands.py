"""3-card baccarat commands as data (Portaria 22/96/M): the banking games' shared commands
(:mod:`croupier.games.banking_commands`: sit, buy_in, leave, bet, raise, withdraw, done; the
dealer's shuffle, burn, open_round, call_bets, close_bets, deal, settle) and the dealing
incidents of this game, a human dealer's:

==============================  ======  ========================================================
command                         who     article
==============================  ======  ========================================================
``deal_card(to, exposed)``      dealer  Art 3.2 (one card; to a place other than the order's is
                                        a misdeal, Art 3.4; ``exposed``: turned face up, still
                                        valid, Art 3.5)
``rectify``                     dealer  Art 3.4 (misdealt cards to the places they should have
                                        gone to)
``void(reason)``                dealer  Art 3.4 (a misdeal that cannot be rectified: the round's
                                        cards cancelled)
==============================  ======  ========================================================

>>> DealCard(0, True).to_dict()
{'type': 'deal_card', 'to': 0, 'exposed': True}
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
    "Rectify",
    "Settle",
    "Shuffle",
    "Sit",
    "Void",
    "Withdraw",
]


@dataclass(frozen=True, slots=True)
class DealCard(Command):
    """One card from the shoe, which reached place ``to`` (0: the banker); a place other than
    the dealing order's is a misdeal (Art 3.4); ``exposed``: it turned face up (Art 3.5)."""

    TYPE = "deal_card"
    to: int
    exposed: bool


@dataclass(frozen=True, slots=True)
class Rectify(Command):
    """Give every misdealt card to the place it should have gone to (Art 3.4)."""

    TYPE = "rectify"


@dataclass(frozen=True, slots=True)
class Void(Command):
    """The misdeal cannot be rectified: cancel every card of the round (Art 3.4)."""

    TYPE = "void"
    reason: str


#: every command of a 3-card baccarat table
COMMANDS: Final[tuple[type[Command], ...]] = (
    *PLAYER_COMMANDS,
    *DEALER_COMMANDS,
    DealCard,
    Rectify,
    Void,
)
