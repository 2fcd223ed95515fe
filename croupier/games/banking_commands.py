"""The commands the two banking games share, as data (3-card baccarat, Portaria 22/96/M; football
poker, Despacho 65/2004): one frozen :class:`~croupier.protocol.Command` per action, as a
client, a bot or the table server sends them (``{"type": "bet", "place": 1, "bet": "main",
"amount": 10000}``). Each game adds its own dealing incidents
(:mod:`croupier.games.three_card_baccarat.commands`,
:mod:`croupier.games.football_poker.commands`); the table interface
(:mod:`croupier.table.baccarat`, :mod:`croupier.table.football`) says which are open to whom,
with their bounds.

=========================  ========  ===========================================================
command                    who       rule
=========================  ========  ===========================================================
``sit(place, buy_in)``     player    a free place of the layout (baccarat Art 5.1-5.2, football
                                     Art 4.1) with chips bought from the cashier
``buy_in(amount)``         player    chips from the cashier (to bet standing, or more chips)
``leave``                  player    cash out every chip; not while a stake of his is on the
                                     layout (a carried one included: baccarat Art 7.2, 8.1)
``bet(place, bet, amount)`` player   a new stake while betting is open (baccarat Art 5.2, 8;
                                     football Art 3, 4.2, 5.3), within the table's limits
``raise(place, bet,        player    more on a stake already there (baccarat Art 7.2: a tie's
amount)``                            main bet may be raised), within the limits
``withdraw(place, bet)``   player    the whole stake back while betting is open (not a carried
                                     one: baccarat Art 7.2, 8.1; not a main bet under a tie
                                     bet: Art 8.3)
``done``                   player    no more bets this round (the window's time-out says it)
``shuffle``                dealer    a new shoe (baccarat Art 3.1, 4; football Art 5.1, 5.5)
``burn``                   dealer    the cards due to the discards now (baccarat Art 3.2-3.3;
                                     football Art 5.2)
``open_round``             dealer    betting opens for the next round
``call_bets``              dealer    nobody bet: the betting window opens again
``close_bets``             dealer    no more bets: the places with a stake are dealt
``deal``                   dealer    every card still due (baccarat Art 3.2; football Art 5.4,
                                     8.1); the hands are shown once every card is out
``settle``                 dealer    every stake decided (baccarat Art 6-10; football Art 8-9)
=========================  ========  ===========================================================

>>> Bet(1, "main", 10_000).to_dict()
{'type': 'bet', 'place': 1, 'bet': 'main', 'amount': 10000}
>>> Withdraw.from_dict({"type": "withdraw", "place": 2, "bet": "tie"})
Withdraw(place=2, bet='tie')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from croupier.protocol import Command

__all__ = [
    "DEALER_COMMANDS",
    "PLAYER_COMMANDS",
    "Bet",
    "Burn",
    "BuyIn",
    "CallBets",
    "CloseBets",
    "Deal",
    "Done",
    "Leave",
    "OpenRound",
    "Raise",
    "Settle",
    "Shuffle",
    "Sit",
    "Withdraw",
]

# -- players ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sit(Command):
    """Take the free place ``place`` of the layout, buying ``buy_in`` of chips."""

    TYPE = "sit"
    place: int
    buy_in: int


@dataclass(frozen=True, slots=True)
class BuyIn(Command):
    """Buy ``amount`` of chips from the cashier (to bet standing, or more chips)."""

    TYPE = "buy_in"
    amount: int


@dataclass(frozen=True, slots=True)
class Leave(Command):
    """Cash out every chip and leave the table (nothing of one's on the layout)."""

    TYPE = "leave"


@dataclass(frozen=True, slots=True)
class Bet(Command):
    """A new stake of ``amount`` on ``bet`` at ``place`` while betting is open."""

    TYPE = "bet"
    place: int
    bet: str
    amount: int


@dataclass(frozen=True, slots=True)
class Raise(Command):
    """``amount`` more on one's stake on ``bet`` at ``place`` (a carried one included)."""

    TYPE = "raise"
    place: int
    bet: str
    amount: int


@dataclass(frozen=True, slots=True)
class Withdraw(Command):
    """Take back one's whole stake on ``bet`` at ``place`` while betting is open."""

    TYPE = "withdraw"
    place: int
    bet: str


@dataclass(frozen=True, slots=True)
class Done(Command):
    """No more bets from me this round."""

    TYPE = "done"


# -- the dealer ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Shuffle(Command):
    """Shuffle and cut a new shoe (its commitment published first at a provably fair table)."""

    TYPE = "shuffle"


@dataclass(frozen=True, slots=True)
class Burn(Command):
    """Burn the cards due to the discards before the next card is dealt."""

    TYPE = "burn"


@dataclass(frozen=True, slots=True)
class OpenRound(Command):
    """Open betting for the next round."""

    TYPE = "open_round"


@dataclass(frozen=True, slots=True)
class CallBets(Command):
    """Nobody bet and everyone said done: open the betting window again."""

    TYPE = "call_bets"


@dataclass(frozen=True, slots=True)
class CloseBets(Command):
    """No more bets: the places holding a stake are dealt."""

    TYPE = "close_bets"


@dataclass(frozen=True, slots=True)
class Deal(Command):
    """Deal every card still due this round, in the game's order."""

    TYPE = "deal"


@dataclass(frozen=True, slots=True)
class Settle(Command):
    """Settle every stake of the dealt round."""

    TYPE = "settle"


#: the players' commands, in the order a table lists them
PLAYER_COMMANDS: Final[tuple[type[Command], ...]] = (
    Sit,
    BuyIn,
    Leave,
    Bet,
    Raise,
    Withdraw,
    Done,
)
#: the dealer's commands both games have
DEALER_COMMANDS: Final[tuple[type[Command], ...]] = (
    Shuffle,
    Burn,
    OpenRound,
    CallBets,
    CloseBets,
    Deal,
    Settle,
)
