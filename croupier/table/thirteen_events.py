"""The 13-card table's own events (:mod:`croupier.table.thirteen`): what the table records
besides the game's events, so that who was waited on and who saw which card is in the record.

* :class:`BetsDone`, :class:`BettingReopened`: the betting window (a table option);
* :class:`HandShown`: a position's cards to those who may see them once the banker has shown
  (Art 2 d, 5), the public seeing only that it happened;
* :class:`Suggested`: a co-bettor's suggestion to the holder (Art 5);
* :class:`PositionRevealed`: every played position, to everyone, once the setting is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from croupier.cards import Card
from croupier.games.thirteen.scoring import Setting
from croupier.protocol import Event

__all__ = [
    "MAX_SUGGESTIONS",
    "OWN_EVENTS",
    "BetsDone",
    "BettingReopened",
    "HandShown",
    "PositionRevealed",
    "Suggested",
]

#: Suggestions one bettor may make on one position in a round (Art 5).
MAX_SUGGESTIONS: Final = 3


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
class HandShown(Event):
    """``position``'s 13 cards, shown to its holder (and co-bettors, option
    ``bettors_see_cards``) once the banker has shown (Art 2 d, 5); everyone else sees only
    that it happened."""

    TYPE = "hand_shown"
    position: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Suggested(Event):
    """A bettor on ``position`` suggests a setting to its holder (Art 5)."""

    TYPE = "suggested"
    position: int
    player: str
    setting: Setting


@dataclass(frozen=True, slots=True)
class PositionRevealed(Event):
    """The setting is over: ``position``'s cards and its setting (None: a declared natural or
    not set in time) are shown to everyone."""

    TYPE = "position_revealed"
    position: int
    cards: tuple[Card, ...]
    setting: Setting | None


OWN_EVENTS: Final[tuple[type[Event], ...]] = (
    BetsDone,
    BettingReopened,
    HandShown,
    Suggested,
    PositionRevealed,
)
