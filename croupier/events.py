"""Events and state pieces shared by the banking card games (3-card baccarat, football poker).

The events are facts in a table's log (see :mod:`croupier.protocol`); each game lists the ones
it uses in its ``EVENTS`` and checks them against its own articles. Bet names are the game's
``BetKind`` values; places are integers (the game says which).

:class:`ShoeState` is the shoe as the fold sees it: the order recorded by :class:`ShoeShuffled`
and how far it has been dealt. :class:`Stakes` is the layout: who has what on which place, and
which stakes are carried over from an earlier round (they may be raised, not withdrawn).

:class:`ShoeShuffled`, :class:`CardBurned` and :func:`order_commitment`, which every card game
shares, live in :mod:`croupier.card_events` and are exported here too (the same objects).

>>> from croupier.cards import parse_cards
>>> shoe = ShoeState.from_event(ShoeShuffled.record(parse_cards("As Kd 7c 2h Ts"), cut=1,
...                                                 cut_card_depth=2))
>>> shoe.take(), shoe.take(), shoe.take(), shoe.cut_card_out
(Card('As'), Card('Kd'), Card('7c'), False)
>>> shoe.take(), shoe.cut_card_out
(Card('2h'), True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from croupier.card_events import CardBurned, ShoeShuffled, order_commitment
from croupier.cards import Card
from croupier.errors import MaterialError
from croupier.protocol import Event
from croupier.settlement import PayoutLine

__all__ = [
    "BetPlaced",
    "BetWithdrawn",
    "BetsClosed",
    "CardBurned",
    "CardDealt",
    "MisdealRectified",
    "Phase",
    "RoundOpened",
    "RoundSettled",
    "RoundVoided",
    "ShoeShuffled",
    "ShoeState",
    "Stake",
    "Stakes",
    "order_commitment",
]


class Phase(StrEnum):
    """Where a banking-game table stands between commands."""

    NEEDS_SHUFFLE = "needs_shuffle"  #: no shoe yet, or the last round of the shoe was played
    READY = "ready"  #: between rounds: a round may be opened (or, where allowed, a reshuffle)
    BETTING = "betting"  #: bets may be placed, raised and withdrawn
    DEALING = "dealing"  #: bets closed; burns and cards are being dealt
    DEALT = "dealt"  #: every card of the round is out: settle (or rectify a misdeal / void)


@dataclass(frozen=True, slots=True)
class RoundOpened(Event):
    """Betting opens for round ``number`` (1 is the first round of the table)."""

    TYPE = "round_opened"
    number: int


@dataclass(frozen=True, slots=True)
class BetPlaced(Event):
    """``player`` puts ``amount`` more on ``bet`` at place ``position``."""

    TYPE = "bet_placed"
    player: str
    position: int
    bet: str
    amount: int


@dataclass(frozen=True, slots=True)
class BetWithdrawn(Event):
    """``player`` takes back the whole of his ``bet`` at ``position`` (never a carried stake)."""

    TYPE = "bet_withdrawn"
    player: str
    position: int
    bet: str


@dataclass(frozen=True, slots=True)
class BetsClosed(Event):
    """No more bets; the places listed (in dealing order) will receive cards."""

    TYPE = "bets_closed"
    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """The top card of the shoe, dealt to place ``to``. ``exposed``: it turned face up by accident
    (it stays valid). ``to`` differs from the place the dealing order called for on a misdeal."""

    TYPE = "card_dealt"
    card: Card
    to: int
    exposed: bool


@dataclass(frozen=True, slots=True)
class MisdealRectified(Event):
    """Misdealt cards given to the places they should have gone to, in dealing order:
    ``moves`` are ``(deal index in the round, from place, to place)``."""

    TYPE = "misdeal_rectified"
    moves: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True, slots=True)
class RoundVoided(Event):
    """The round's cards are cancelled (a misdeal that cannot be rectified): every stake of the
    round is returned, a stake carried from an earlier round stays on the table."""

    TYPE = "round_voided"
    reason: str
    lines: tuple[PayoutLine, ...]


@dataclass(frozen=True, slots=True)
class RoundSettled(Event):
    """The round's settlement: one line per stake (see :class:`~croupier.settlement.Settlement`)."""

    TYPE = "round_settled"
    lines: tuple[PayoutLine, ...]


class ShoeState:
    """The shoe inside a game's state: the recorded order and how many cards have left it."""

    __slots__ = ("cut_card_depth", "dealt", "order")

    def __init__(self, order: tuple[Card, ...], cut_card_depth: int | None) -> None:
        self.order = order
        self.cut_card_depth = cut_card_depth
        self.dealt = 0

    @classmethod
    def from_event(cls, event: ShoeShuffled) -> ShoeState:
        return cls(event.order, event.cut_card_depth)

    @property
    def remaining(self) -> int:
        return len(self.order) - self.dealt

    @property
    def cut_card_out(self) -> bool:
        """The first card behind the cut card has been drawn: this round is the last."""
        depth = self.cut_card_depth
        return depth is not None and self.remaining < depth

    def peek(self) -> Card:
        """The next card (for the fold's checks; never shown in a view)."""
        if self.dealt >= len(self.order):
            raise MaterialError("the shoe is empty")
        return self.order[self.dealt]

    def take(self) -> Card:
        card = self.peek()
        self.dealt += 1
        return card


@dataclass(slots=True)
class Stake:
    """One player's stake on one bet at one place. ``carried``: part of it came over from an
    earlier round and may not be withdrawn (baccarat Art 7.2, 8.1)."""

    player: str
    position: int
    bet: str
    amount: int
    carried: bool = False


class Stakes:
    """The layout: stakes keyed by (player, place, bet), kept in the order first placed."""

    __slots__ = ("_stakes",)

    def __init__(self) -> None:
        self._stakes: dict[tuple[str, int, str], Stake] = {}

    def __iter__(self) -> Iterator[Stake]:
        return iter(list(self._stakes.values()))

    def __len__(self) -> int:
        return len(self._stakes)

    def get(self, player: str, position: int, bet: str) -> Stake | None:
        return self._stakes.get((player, position, bet))

    def add(self, player: str, position: int, bet: str, amount: int) -> Stake:
        key = (player, position, bet)
        stake = self._stakes.get(key)
        if stake is None:
            stake = self._stakes[key] = Stake(player, position, bet, 0)
        stake.amount += amount
        return stake

    def remove(self, player: str, position: int, bet: str) -> Stake:
        return self._stakes.pop((player, position, bet))

    def carry(self, stake: Stake) -> None:
        """Keep ``stake`` on the table for the next round, marked as carried."""
        stake.carried = True
        self._stakes[(stake.player, stake.position, stake.bet)] = stake

    def clear(self) -> None:
        self._stakes.clear()

    def on(self, position: int) -> list[Stake]:
        return [s for s in self._stakes.values() if s.position == position]

    def positions(self) -> list[int]:
        """The places with at least one stake, ascending."""
        return sorted({s.position for s in self._stakes.values()})

    def total(self) -> int:
        return sum(s.amount for s in self._stakes.values())
