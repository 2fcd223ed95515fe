"""The 13-card game's commands as data (Portaria 51/89/M): what a player or the dealer sends.

Each command is a frozen :class:`~croupier.protocol.Command`, JSON ``{"type": ..., ...}``, the
same object the CLI prompts for, the bots choose and the table server receives. The table
(:class:`croupier.table.thirteen.ThirteenTable`) offers them with their bounds
(``legal(actor)``) and applies them; the game (:class:`~croupier.games.thirteen.round.ThirteenGame`)
checks the articles.

A setting is three tiers in one order, **front, middle, back** (3, 5 and 5 cards, any order
within a tier): ``{"type": "set", "position": 2, "tiers": [["2c", "3d", "4h"], [...], [...]],
"confirm_foul": false}``.

>>> from croupier.cards import parse_cards
>>> SetTiers.of(2, "Kc Kd Jh / Ah 5d 4h 3c 2d / As 9s 8s 7s 6s").to_dict()["tiers"][0]
['Kc', 'Kd', 'Jh']
>>> Bet(3, 2).to_dict()
{'type': 'bet', 'position': 3, 'units': 2}
"""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import dataclass
from typing import Any, Final

from croupier.cards import Card
from croupier.errors import RecordError
from croupier.games.thirteen.scoring import TIER_SIZES, Setting, Tier
from croupier.offers import Split
from croupier.protocol import Command
from croupier.rank.hand import strength_of_codes

__all__ = [
    "COMMANDS",
    "DEALER_COMMANDS",
    "PLAYER_COMMANDS",
    "Bet",
    "BuyIn",
    "CallBets",
    "CancelDeal",
    "CloseSetting",
    "Deal",
    "DeclareNatural",
    "Done",
    "Leave",
    "OpenRound",
    "PickUp",
    "RecordBankerFoul",
    "SetBanker",
    "SetTiers",
    "Settle",
    "Shuffle",
    "Sit",
    "Stand",
    "Suggest",
    "ThrowDice",
    "Tiers",
    "TiersOf",
    "Withdraw",
    "ascending_setting",
]

#: Three tiers of cards, front (3), middle (5), back (5).
Tiers = tuple[tuple[Card, ...], ...]


def _setting(tiers: Tiers) -> Setting:
    """The setting of three tiers; a RecordError (or a card error naming the card) otherwise."""
    if len(tiers) != len(Tier):
        raise RecordError(
            "tiers", f"a setting is three tiers, front, middle and back, got {len(tiers)}"
        )
    front, middle, back = tiers
    return Setting(tuple(front), tuple(middle), tuple(back))


#: front, middle, back
SIZES: Final = tuple(TIER_SIZES[t] for t in Tier)


@dataclass(frozen=True, slots=True)
class TiersOf(Split):
    """The domain of a setting in an offer: the cards ``of`` in three tiers of 3, 5 and 5
    (front, middle, back); ``fouled`` False admits only ascending settings (Art 7), True only
    fouled ones, None any.

    >>> from croupier.cards import parse_cards
    >>> domain = TiersOf(parse_cards("Kc Kd Jh Ah 5d 4h 3c 2d As 9s 8s 7s 6s"), fouled=False)
    >>> domain.admits(SetTiers.of(2, "Kc Kd Jh / Ah 5d 4h 3c 2d / As 9s 8s 7s 6s").tiers)
    True
    >>> domain.admits(SetTiers.of(2, "Kc Kd Jh / As 9s 8s 7s 6s / Ah 5d 4h 3c 2d").tiers)
    False
    """

    sizes: tuple[int, ...] = SIZES
    fouled: bool | None = None

    def admits(self, value: Any) -> bool:
        if not Split.admits(self, value):
            return False
        return self.fouled is None or _setting(value).fouled is self.fouled

    def sample(self, rng: random.Random) -> Tiers:
        for _ in range(200):
            value: Tiers = Split.sample(self, rng)
            if self.fouled is None or _setting(value).fouled is self.fouled:
                return value
        ascending = ascending_setting(self.of)
        if not self.fouled:
            return (ascending.front, ascending.middle, ascending.back)
        # ascending with the front and the middle's last cards swapped until it fouls
        for i, j in itertools.product(range(3), range(5)):  # pragma: no cover - rare
            front, middle = list(ascending.front), list(ascending.middle)
            front[i], middle[j] = middle[j], front[i]
            swapped = Setting(tuple(front), tuple(middle), ascending.back)
            if swapped.fouled:
                return (swapped.front, swapped.middle, swapped.back)
        raise AssertionError("no fouled setting")  # pragma: no cover

    def to_dict(self) -> Any:
        """The domain as JSON; with ``fouled`` set, the cards are listed in an order that,
        taken 3, 5 and 5, is a setting the domain admits (ascending, or fouled)."""
        out = Split.to_dict(self)
        if self.fouled is not None:
            out["fouled"] = self.fouled
            out["split"] = [str(c) for c in _setting(self._example()).cards]
        return out

    def _example(self) -> Tiers:
        """A setting this domain admits, the same every time: the ascending setting of the
        cards, or for a fouled domain that setting with its middle and back swapped."""
        ascending = ascending_setting(tuple(sorted(self.of)))
        tiers = (ascending.front, ascending.middle, ascending.back)
        if not self.fouled:
            return tiers
        swapped = (tiers[0], tiers[2], tiers[1])
        if _setting(swapped).fouled:
            return swapped
        return self.sample(random.Random(0))  # pragma: no cover - a middle as strong as the back


def _best_five(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return max(
        itertools.combinations(cards, 5), key=lambda five: strength_of_codes([c.code for c in five])
    )


@functools.lru_cache(maxsize=256)
def ascending_setting(cards: tuple[Card, ...]) -> Setting:
    """A setting of 13 cards that never fouls: the best five at the back, the best five of the
    rest in the middle (a subset's best hand is never above its superset's), three in front."""
    hand = tuple(sorted(cards))
    back = _best_five(hand)
    rest = tuple(c for c in hand if c not in back)
    middle = _best_five(rest)
    return Setting(tuple(c for c in rest if c not in middle), middle, back)


# -- players ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BuyIn(Command):
    """Buy ``amount`` of chips at the table (from the cashier): to bet standing, or to top up."""

    TYPE = "buy_in"
    amount: int


@dataclass(frozen=True, slots=True)
class Sit(Command):
    """Take one of the table's places (Art 3), buying ``buy_in`` chips (0: with the chips
    already bought)."""

    TYPE = "sit"
    buy_in: int


@dataclass(frozen=True, slots=True)
class Stand(Command):
    """Leave one's place and stay at the table standing (not mid-round with a stake, Art 3)."""

    TYPE = "stand"


@dataclass(frozen=True, slots=True)
class Leave(Command):
    """Leave the table, cashing every chip out (never with a stake in the round)."""

    TYPE = "leave"


@dataclass(frozen=True, slots=True)
class Bet(Command):
    """Put ``units`` more units on ``position`` (2..4); the whole stake there is 1, 2 or 3
    units (Art 11). Only before the dice (Art 2 c)."""

    TYPE = "bet"
    position: int
    units: int


@dataclass(frozen=True, slots=True)
class Withdraw(Command):
    """Take back one's whole stake on ``position``, before the dice (Art 2 c)."""

    TYPE = "withdraw"
    position: int


@dataclass(frozen=True, slots=True)
class Done(Command):
    """No more bets from me this round (the table waits for everyone, then for the dice)."""

    TYPE = "done"


@dataclass(frozen=True, slots=True)
class ThrowDice(Command):
    """The seated player with the highest stake throws the four dice (Art 2 b); bets close
    (Art 2 c)."""

    TYPE = "throw_dice"


@dataclass(frozen=True, slots=True)
class PickUp(Command):
    """The holder picks up ``position``'s cards (Art 2 d, 5): the banker may set no more."""

    TYPE = "pick_up"
    position: int


@dataclass(frozen=True, slots=True)
class SetTiers(Command):
    """The holder sets ``position``'s 13 cards: ``tiers`` front (3), middle (5), back (5), final
    once made (Art 7). A fouled setting loses and is played only with ``confirm_foul``."""

    TYPE = "set"
    position: int
    tiers: tuple[tuple[Card, ...], ...]
    confirm_foul: bool

    @classmethod
    def of(cls, position: int, setting: Setting | str, *, confirm_foul: bool = False) -> SetTiers:
        chosen = Setting.parse(setting) if isinstance(setting, str) else setting
        return cls(position, (chosen.front, chosen.middle, chosen.back), confirm_foul)

    @property
    def setting(self) -> Setting:
        return _setting(self.tiers)


@dataclass(frozen=True, slots=True)
class DeclareNatural(Command):
    """The holder shows ``position``'s natural instead of setting (Art 9 I)."""

    TYPE = "declare_natural"
    position: int


@dataclass(frozen=True, slots=True)
class Suggest(Command):
    """A bettor on ``position`` suggests a setting to its holder (Art 5: «poderão apresentar ao
    que segura as cartas sugestões»); seen by those who see the position's cards."""

    TYPE = "suggest"
    position: int
    tiers: tuple[tuple[Card, ...], ...]

    @property
    def setting(self) -> Setting:
        return _setting(self.tiers)


# -- the dealer --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OpenRound(Command):
    """Open the next round: betting opens, the deck is shuffled and cut (Art 2 a)."""

    TYPE = "open_round"


@dataclass(frozen=True, slots=True)
class CallBets(Command):
    """Everyone has said done and nobody has bet: the dealer calls for bets again (a new
    betting window)."""

    TYPE = "call_bets"


@dataclass(frozen=True, slots=True)
class Shuffle(Command):
    """Shuffle and cut the deck again after a cancelled deal (Art 4)."""

    TYPE = "shuffle"


@dataclass(frozen=True, slots=True)
class Deal(Command):
    """Deal 13 cards to each of the four positions from the one the dice name (Art 2 b-c)."""

    TYPE = "deal"


@dataclass(frozen=True, slots=True)
class CancelDeal(Command):
    """Cancel the deal: a misdeal that cannot be rectified (Art 4), and why."""

    TYPE = "cancel_deal"
    reason: str


@dataclass(frozen=True, slots=True)
class SetBanker(Command):
    """The banker sets his 13 cards and shows them (Art 2 d), never fouled (Art 7); again,
    until a player picks up."""

    TYPE = "set_banker"
    tiers: tuple[tuple[Card, ...], ...]

    @classmethod
    def of(cls, setting: Setting | str) -> SetBanker:
        chosen = Setting.parse(setting) if isinstance(setting, str) else setting
        return cls((chosen.front, chosen.middle, chosen.back))

    @property
    def setting(self) -> Setting:
        return _setting(self.tiers)


@dataclass(frozen=True, slots=True)
class RecordBankerFoul(Command):
    """The dealer records that the banker showed this *fouled* setting (a dealer's mistake,
    Art 7: the banker's place loses)."""

    TYPE = "banker_foul"
    tiers: tuple[tuple[Card, ...], ...]

    @property
    def setting(self) -> Setting:
        return _setting(self.tiers)


@dataclass(frozen=True, slots=True)
class CloseSetting(Command):
    """End the setting: every position is set (or the Art 2 d signal, by time-out)."""

    TYPE = "close_setting"


@dataclass(frozen=True, slots=True)
class Settle(Command):
    """Settle every stake (Art 7-11)."""

    TYPE = "settle"


PLAYER_COMMANDS: Final[tuple[type[Command], ...]] = (
    BuyIn,
    Sit,
    Stand,
    Leave,
    Bet,
    Withdraw,
    Done,
    ThrowDice,
    PickUp,
    SetTiers,
    DeclareNatural,
    Suggest,
)
DEALER_COMMANDS: Final[tuple[type[Command], ...]] = (
    OpenRound,
    CallBets,
    Shuffle,
    Deal,
    CancelDeal,
    SetBanker,
    RecordBankerFoul,
    CloseSetting,
    Settle,
)
#: Every command of the game.
COMMANDS: Final = PLAYER_COMMANDS + DEALER_COMMANDS
