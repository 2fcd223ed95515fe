"""Five-card stud commands as data (Portaria 104/85/M): one frozen
:class:`~croupier.protocol.Command` per action, the dealer's included, as a client, a bot or the
table server sends them
(``{"type": "raise_to", "amount": 400}``). The table interface
(:class:`croupier.table.stud.StudTable`) says which are open to whom, with their bounds, and
applies them through :class:`~croupier.games.five_card_stud.round.StudGame`.

======================  =========  ==============================================================
command                 who        article
======================  =========  ==============================================================
``sit(seat, buy_in)``   player     Art 3 (a free place, one each), Art 6 (the least capital)
``top_up(amount)``      player     Art 6 (between hands; below the threshold, up to the least)
``leave``               player     Art 6 (between hands, with all his capital)
``cut(cards)``          player     Art 2 (after the shuffle, two players at most, six cards)
``fold`` ``check``      player     Art 10 b-d, 11 c (in turn)
``call``
``bet(amount)``         player     Art 10 b-d (the opening bet of a round)
``raise_to(amount)``    player     Art 10 b 3-4 (``amount``: his whole bet of the round)
``new_deck``            dealer     Art 2 (at most ten deals a deck)
``open_round``          dealer     Art 7, 8 (pot money and initial commission: a hand begins)
``shuffle``             dealer     Art 2
``burn``                dealer     Art 2, 10 a (the first card set aside)
``deal``                dealer     Art 10 a-d (every card due, in order)
``deal_card(to)``       dealer     Art 11 e (one card, which reached seat ``to``: a misdeal when
                                   the order gives it to another)
``rectify``             dealer     Art 11 e (misdealt cards to the seats the order gives them)
``expose_key_card``     dealer     Art 11 d (a key card revealed in the deal: the hand is dead)
``settle``              dealer     Art 4, 9, 10 e, 11 a
======================  =========  ==============================================================

>>> RaiseTo(400).to_dict()
{'type': 'raise_to', 'amount': 400}
>>> Sit.from_dict({"type": "sit", "seat": 2, "buy_in": 2000})
Sit(seat=2, buy_in=2000)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from croupier.protocol import Command

__all__ = [
    "COMMANDS",
    "Bet",
    "Burn",
    "Call",
    "Check",
    "Cut",
    "Deal",
    "DealCard",
    "ExposeKeyCard",
    "Fold",
    "Leave",
    "NewDeck",
    "OpenRound",
    "RaiseTo",
    "Rectify",
    "Settle",
    "Shuffle",
    "Sit",
    "TopUp",
]

# -- players ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sit(Command):
    """Take the free place ``seat`` with ``buy_in`` of capital (Art 3, 6), between hands."""

    TYPE = "sit"
    seat: int
    buy_in: int


@dataclass(frozen=True, slots=True)
class TopUp(Command):
    """Add ``amount`` to one's capital between hands (Art 6: a player who must top up brings it
    to at least the least capital)."""

    TYPE = "top_up"
    amount: int


@dataclass(frozen=True, slots=True)
class Leave(Command):
    """Leave the table between hands with all one's capital (Art 6: no partial withdrawal)."""

    TYPE = "leave"


@dataclass(frozen=True, slots=True)
class Cut(Command):
    """Cut the shuffled deck: the top ``cards`` go to the bottom (Art 2: at least six, leaving
    six; two players of the hand at most, once each)."""

    TYPE = "cut"
    cards: int


@dataclass(frozen=True, slots=True)
class Fold(Command):
    """Give up the hand (Art 10 b 1, c i 1)."""

    TYPE = "fold"


@dataclass(frozen=True, slots=True)
class Check(Command):
    """Pass (Art 10 c i 2: rounds 2-4, before any bet; then only call or fold this round)."""

    TYPE = "check"


@dataclass(frozen=True, slots=True)
class Call(Command):
    """Put in what the bet asks (all one's capital when it is less: Art 11 a)."""

    TYPE = "call"


@dataclass(frozen=True, slots=True)
class Bet(Command):
    """Open the round's betting with ``amount`` (Art 10 b: in round 1 the highest up card must
    open or fold)."""

    TYPE = "bet"
    amount: int


@dataclass(frozen=True, slots=True)
class RaiseTo(Command):
    """Raise, or re-raise, to a whole bet of ``amount`` in this round (Art 10 b 3-4)."""

    TYPE = "raise_to"
    amount: int


# -- the dealer ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NewDeck(Command):
    """Bring a new deck into play (Art 2: a deck serves at most ten deals)."""

    TYPE = "new_deck"


@dataclass(frozen=True, slots=True)
class OpenRound(Command):
    """Start a hand: every player able to play posts his pot money (Art 7) and the house takes
    the initial commission (Art 8)."""

    TYPE = "open_round"


@dataclass(frozen=True, slots=True)
class Shuffle(Command):
    """Shuffle the deck (Art 2), from the table's source of shuffles."""

    TYPE = "shuffle"


@dataclass(frozen=True, slots=True)
class Burn(Command):
    """Set the first card aside, unseen (Art 2, 10 a)."""

    TYPE = "burn"


@dataclass(frozen=True, slots=True)
class Deal(Command):
    """Deal every card due now, in the order of Art 10 a-d."""

    TYPE = "deal"


@dataclass(frozen=True, slots=True)
class DealCard(Command):
    """Deal the next card, which reached seat ``to`` (Art 11 e: a misdeal when the dealing order
    gives it to another seat, to be rectified)."""

    TYPE = "deal_card"
    to: int


@dataclass(frozen=True, slots=True)
class Rectify(Command):
    """Give every misdealt card to the seat the dealing order gives it (Art 11 e)."""

    TYPE = "rectify"


@dataclass(frozen=True, slots=True)
class ExposeKeyCard(Command):
    """The key card of ``seat`` was revealed in the deal: that hand is dead and its pot money
    returned (Art 11 d)."""

    TYPE = "expose_key_card"
    seat: int


@dataclass(frozen=True, slots=True)
class Settle(Command):
    """Show down in the order of Art 10 e and pay the pots (Art 4, 9, 11 a)."""

    TYPE = "settle"


#: every command of the game
COMMANDS: Final[tuple[type[Command], ...]] = (
    Sit,
    TopUp,
    Leave,
    Cut,
    Fold,
    Check,
    Call,
    Bet,
    RaiseTo,
    NewDeck,
    OpenRound,
    Shuffle,
    Burn,
    Deal,
    DealCard,
    Rectify,
    ExposeKeyCard,
    Settle,
)
