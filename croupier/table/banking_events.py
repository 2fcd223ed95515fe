"""The banking tables' own events (:mod:`croupier.table.banking`): what a 3-card baccarat or a
football poker table records besides the game's events, so that who sat where, who was waited
on and who saw which card when is in the record.

* :class:`Seated`: a player takes a place of the layout (chips come as a
  :class:`~croupier.table.events.ChipsIn` just before);
* :class:`BetsDone`, :class:`BettingReopened`: the betting window (a table option);
* :class:`HandsRevealed`: every hand of the round, to everyone, once every card is out (the
  cards are dealt face down: baccarat Art 3.2, football Art 5.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from croupier.cards import Card
from croupier.errors import RecordError
from croupier.protocol import Event

__all__ = ["OWN_EVENTS", "BetsDone", "BettingReopened", "HandsRevealed", "Seated"]


@dataclass(frozen=True, slots=True)
class Seated(Event):
    """``player`` takes place ``place`` of the layout."""

    TYPE = "seated"
    player: str
    place: int


@dataclass(frozen=True, slots=True)
class BetsDone(Event):
    """``player`` has no more bets this round (or his betting time ran out)."""

    TYPE = "bets_done"
    player: str


@dataclass(frozen=True, slots=True)
class BettingReopened(Event):
    """Nobody bet: the dealer calls for bets again; a new betting window opens."""

    TYPE = "betting_reopened"


@dataclass(frozen=True, slots=True)
class HandsRevealed(Event):
    """Every card of the round is out: each place's hand (``places[i]`` holds ``hands[i]``,
    cards in the order received; the banker's place is 0 at baccarat) is shown to everyone."""

    TYPE = "hands_revealed"
    places: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]

    def __post_init__(self) -> None:
        if len(self.places) != len(self.hands):
            raise RecordError("hands", "hands_revealed: one hand for each place")


#: every event of the banking tables' own
OWN_EVENTS: Final[tuple[type[Event], ...]] = (Seated, BetsDone, BettingReopened, HandsRevealed)
