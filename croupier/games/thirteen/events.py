"""The 13-card game's events and phases (Portaria 51/89/M): what a round records.

The events shared with the banking games (``round_opened``, ``bet_placed``, ``bet_withdrawn``,
``shoe_shuffled``, ``round_settled``) live in :mod:`croupier.events`; these are the 13-card
game's own: seats (Art 3, 5), the dice (Art 2 b), the deal (Art 2 b-c) and its cancellation
(Art 4), the banker's setting (Art 2 d), the players' pick-up and setting (Art 2 d, 5, 7) and
the close of the setting (Art 2 d).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from croupier.cards import Card
from croupier.errors import RecordError, RuleViolation
from croupier.games.thirteen.deal import GAME as _GAME
from croupier.games.thirteen.rules import BANKER, POSITIONS
from croupier.games.thirteen.scoring import Setting
from croupier.protocol import Event

__all__ = [
    "BANKER_SEAT",
    "BET",
    "GAME",
    "PLAYER_POSITIONS",
    "BankerFouled",
    "BankerSet",
    "CardsDealt",
    "CardsPickedUp",
    "DealCancelled",
    "DiceThrown",
    "FoulWarning",
    "PlayerSeated",
    "PlayerStood",
    "PositionSet",
    "SettingClosed",
    "ThirteenPhase",
    "check_player",
    "foul_explanation",
]

GAME: Final = _GAME
#: The one bet of the game: a stake on a position (Art 11).
BET: Final = "stake"
#: The positions players bet on (the banker's, 1, is the house's).
PLAYER_POSITIONS: Final[tuple[int, ...]] = tuple(p for p in POSITIONS if p != BANKER)
#: The view's seat of the banker (the house's dealer).
BANKER_SEAT: Final = "banker"


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerSeated(Event):
    """``player`` takes a place at the table (Art 2 b, 5: only a seated player throws the dice
    or holds a position's cards)."""

    TYPE = "player_seated"
    player: str


@dataclass(frozen=True, slots=True)
class PlayerStood(Event):
    """``player`` leaves his place at the table."""

    TYPE = "player_stood"
    player: str


@dataclass(frozen=True, slots=True)
class DiceThrown(Event):
    """The four dice, thrown ``by`` the seated player with the highest stake (Art 2 b); bets
    are closed (Art 2 c)."""

    TYPE = "dice_thrown"
    dice: tuple[int, ...]
    by: str


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """The deal (Art 2 b-c): the position that got the first card and the 13 cards of each of
    positions 1..4 (in that order), each in the order received."""

    TYPE = "cards_dealt"
    first_position: int
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class DealCancelled(Event):
    """Every card dealt is cancelled: a misdeal that could not be rectified (Art 4). The stakes
    stay; the deck is shuffled and cut again and the dice thrown again."""

    TYPE = "deal_cancelled"
    reason: str


@dataclass(frozen=True, slots=True)
class BankerSet(Event):
    """The banker sets his 13 cards and shows them at ``at`` (Art 2 d); the players' time runs
    from the last such event."""

    TYPE = "banker_set"
    setting: Setting
    at: int


@dataclass(frozen=True, slots=True)
class BankerFouled(BankerSet):
    """The dealer records that the banker set and showed a *fouled* setting at ``at`` (a
    dealer's mistake, Art 7: the banker's place loses, «perdendo o lugar infractor,
    automaticamente, as apostas feitas»). It stands like any banker setting: the players' time
    runs from it, and the banker may set again (legally) until a player picks up (Art 2 d)."""

    TYPE = "banker_fouled"


@dataclass(frozen=True, slots=True)
class CardsPickedUp(Event):
    """The holder of ``position`` picks up its cards (Art 2 d, 5): the banker may no longer set
    again."""

    TYPE = "cards_picked_up"
    position: int
    player: str
    at: int


@dataclass(frozen=True, slots=True)
class PositionSet(Event):
    """The holder sets ``position`` (final, Art 7): ``setting`` None declares a natural
    (Art 9 I); ``fouled`` records a confirmed foul, which loses (Art 7)."""

    TYPE = "position_set"
    position: int
    player: str
    setting: Setting | None
    fouled: bool
    at: int


@dataclass(frozen=True, slots=True)
class SettingClosed(Event):
    """The setting is over at ``at`` (every position set, or the Art 2 d signal); the
    positions in ``late`` were not set and lose."""

    TYPE = "setting_closed"
    at: int
    late: tuple[int, ...]


class ThirteenPhase(StrEnum):
    """Where a 13-card table stands between commands."""

    READY = "ready"  #: between rounds: open one
    BETTING = "betting"  #: bets placed, raised, withdrawn; the deck shuffled
    DEALING = "dealing"  #: the dice are thrown (bets closed): deal (or shuffle and throw again)
    DEALT = "dealt"  #: every position has its 13 cards: the banker sets
    SETTING = "setting"  #: the banker has shown: the players pick up and set
    CLOSED = "closed"  #: the setting is over: settle


class FoulWarning(RuleViolation):
    """Art 7: the setting's tiers are out of order. A player may confirm it (and lose); the
    banker never can."""


def foul_explanation(setting: Setting) -> str:
    """Which tier is above which in a fouled setting (Art 7), or ``""`` when it has not fouled.

    >>> foul_explanation(Setting.parse("Ah Ad 2c / Ks Kd 9c 8d 3s / Qh Jh Th 9h 8h"))
    'the front (pair A-A-2) is above the middle (pair K-K-9-8-3)'
    """
    front, middle, back = setting.ranks()
    parts = []
    if front.strength > middle.strength:
        parts.append(f"the front ({front.describe()}) is above the middle ({middle.describe()})")
    if middle.strength > back.strength:
        parts.append(f"the middle ({middle.describe()}) is above the back ({back.describe()})")
    return " and ".join(parts)


def check_player(player: object) -> str:
    if (
        not isinstance(player, str)
        or not player
        or player != player.strip()
        or player == BANKER_SEAT
    ):
        raise RecordError(
            "player", f"a player is a non-empty name other than {BANKER_SEAT!r}, got {player!r}"
        )
    return player
