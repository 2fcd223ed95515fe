"""The events of a five-card stud table (Portaria 104/85/M), as recorded in its log.

Each is a frozen fact with JSON-ready fields (see :mod:`croupier.protocol`). ``at`` fields are
milliseconds of the table clock, or None when the command carried no time. Seats are 1..7 from
the dealer's right, counterclockwise.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from croupier.card_events import CardBurned, ShoeShuffled
from croupier.cards import Card
from croupier.frozen import fast_maker, frozen_record
from croupier.games.five_card_stud.pots import PotResult
from croupier.protocol import Event

__all__ = [
    "Act",
    "CardBurned",
    "CardsDealt",
    "DeckCut",
    "DeckOpened",
    "HandSettled",
    "HandStarted",
    "KeyCardExposed",
    "MisdealRectified",
    "PlayerActed",
    "PlayerLeft",
    "PlayerSeated",
    "PlayerToppedUp",
    "PotResult",
    "ShoeShuffled",
    "TableRestored",
    "TimedOut",
    "TopUpsDue",
]


# Every event (and a seat's record) is a frozen_record: dataclass(frozen=True, slots=True)'s very
# class, made without compiling a source for each method (this module loaded in 60M instructions,
# half of it that), with fast_init's faster __init__ (the events a simulation makes by the
# thousand)


class Act(StrEnum):
    """What a player does when it is his turn (Art 10 b-d)."""

    FOLD = "fold"  #: desistir (in round 1, an opener's refusal to open)
    CHECK = "check"  #: passar a voz (rounds 2-4, before any bet)
    BET = "bet"  #: the first bet of a round (in round 1, the opening bet)
    CALL = "call"  #: acompanhar (all in for less when the stack is short)
    RAISE = "raise"  #: elevar / redobrar


@frozen_record
class SeatRecord:
    """A seat as it stands between hands: who sits there and his capital."""

    seat: int
    player: str
    stack: int


@frozen_record
class TableRestored(Event):
    """The opening of a log that starts from a table already in play (a hand history): the
    players and their capital, the deck in use and how many deals it has served (Art 2), the
    number of hands played. Only as the first event of a log."""

    TYPE = "table_restored"
    seats: tuple[SeatRecord, ...]
    deck: int
    deck_deals: int
    hands: int


@frozen_record
class TopUpsDue(Event):
    """Right after a :class:`TableRestored`: the seats that must top up to the least capital
    before they are dealt in again, their capital having fallen below the threshold during the
    last hand though it is not below it now (Art 6, ``top_up_duty = during-hand``)."""

    TYPE = "top_ups_due"
    seats: tuple[int, ...]


@frozen_record
class DeckOpened(Event):
    """A new deck comes into play (Art 2: at most ``max_deals_per_deck`` deals each; the house
    may change it at the end of any hand)."""

    TYPE = "deck_opened"
    number: int


@frozen_record
class PlayerSeated(Event):
    """A player sits at a free seat with his capital (Art 3, 6)."""

    TYPE = "player_seated"
    seat: int
    player: str
    buy_in: int


@frozen_record
class PlayerToppedUp(Event):
    """A player adds capital between hands (Art 6)."""

    TYPE = "player_topped_up"
    seat: int
    amount: int


@frozen_record
class PlayerLeft(Event):
    """A player leaves the table with all his capital (Art 6: no partial withdrawal)."""

    TYPE = "player_left"
    seat: int
    cash_out: int


@frozen_record
class HandStarted(Event):
    """A hand begins: the seats dealt in post ``pot_money`` each (Art 7) and the house takes
    ``commission`` in all (Art 8): from the pot money (``pot``) or from each player (``each``).
    """

    TYPE = "hand_started"
    number: int
    seats: tuple[int, ...]
    pot_money: int
    commission: int


@frozen_record
class DeckCut(Event):
    """A player cuts the shuffled deck: the top ``cards`` go to the bottom (Art 2)."""

    TYPE = "deck_cut"
    seat: int
    cards: int


@frozen_record
class CardsDealt(Event):
    """Cards dealt from the top of the deck, in order, each to the seat it reached (``seat``
    may differ from the dealing order's: a misdealt card, Art 11 e)."""

    TYPE = "cards_dealt"
    cards: tuple[tuple[int, Card], ...]
    at: int | None


@frozen_record
class MisdealRectified(Event):
    """Art 11 e: each misdealt card given to the seat the dealing order gives it
    (``(card, from_seat, to_seat)``)."""

    TYPE = "misdeal_rectified"
    moves: tuple[tuple[Card, int, int], ...]
    at: int | None


@frozen_record
class KeyCardExposed(Event):
    """Art 11 d: a key card revealed in the deal: that hand is dead and its pot money returned."""

    TYPE = "key_card_exposed"
    seat: int
    at: int | None


@frozen_record
class PlayerActed(Event):
    """A player's action in turn; ``chips``: what he put in the pot with it."""

    TYPE = "player_acted"
    seat: int
    action: Act
    chips: int
    at: int | None


@frozen_record
class TimedOut(Event):
    """Art 11 b: the player on turn let the time run out; his hand is folded."""

    TYPE = "timed_out"
    seat: int
    at: int | None


@frozen_record
class HandSettled(Event):
    """The end of a hand: the showdown order (Art 10 e) with the key cards shown, the uncalled
    final bets returned (Art 9), each pot's result (Art 4, 9, 11 a), the initial commission
    taken before the deal (Art 8), the house's whole take for the hand (initial commission,
    the pots' commissions and any odd units) and every player's capital after."""

    TYPE = "hand_settled"
    number: int
    showdown: tuple[int, ...]
    shown: tuple[tuple[int, Card], ...]
    returned: tuple[tuple[int, int], ...]
    pots: tuple[PotResult, ...]
    initial_commission: int
    house: int
    stacks: tuple[tuple[int, int], ...]


#: the events made every hand (or a twin's every restore) by the engine's own code, made faster
#: still: ``Class(...)``'s very values (:func:`~croupier.frozen.fast_maker`)
make_seat_record: Final = fast_maker(SeatRecord)
make_topped_up: Final = fast_maker(PlayerToppedUp)
make_hand_started: Final = fast_maker(HandStarted)
make_hand_settled: Final = fast_maker(HandSettled)
make_cards_dealt: Final = fast_maker(CardsDealt)
make_player_acted: Final = fast_maker(PlayerActed)
