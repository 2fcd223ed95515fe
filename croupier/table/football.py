"""Football poker (Despacho 65/2004) on the table interface: :class:`FootballTable`.

What the banking games share (players, chips, the betting window, the house's steps, who sees
what, the ledger) is :class:`~croupier.table.banking.ShoeTable`'s; this game adds:

* **The holder** (Art 4.2, 5.4): a place's two cards go face down to the player with the highest
  stake on it; he alone sees them (and its third card, Art 8.1) until every hand is out
  (``hands_revealed``); a card turned up by accident is everyone's (Art 6).
* **The burns** (Art 5.2): one card per deck after the shuffle (a house step of its own, before
  the first round opens), then one before each round (or each hand: the ``burn_per`` option).
* **A human dealer's incident**: ``deal_card(exposed)``, the next card to the hand the order
  gives it (the despacho has no misdeal), possibly turned up (Art 6).

>>> from croupier.table import SeededSource
>>> from croupier.table.runner import run_table
>>> from croupier.games.football_poker.bots import BOTS
>>> table = FootballTable(source=SeededSource("doc"))
>>> report = run_table(table, {p: BOTS["random"](i) for i, p in enumerate(["ana", "rui"])},
...                    rounds=3)
>>> report.rounds, table.books_agree(), table.ledger.total()
(3, True, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from croupier.games.football_poker.commands import COMMANDS, DealCard
from croupier.games.football_poker.options import FootballOptions
from croupier.games.football_poker.round import FootballPokerGame
from croupier.games.football_poker.rules import hand_total
from croupier.games.void import VoidRound
from croupier.offers import Offer, OneOf
from croupier.protocol import Command, Event
from croupier.table.banking import ShoeTable
from croupier.table.banking_events import OWN_EVENTS
from croupier.table.events import TABLE_EVENTS

__all__ = ["FootballTable"]


class FootballTable(ShoeTable[FootballOptions, FootballPokerGame]):
    """A football poker table on the table interface (see the module docstring)."""

    GAME: ClassVar[str] = "football-poker"
    COMMANDS: ClassVar[tuple[type[Command], ...]] = (*COMMANDS, VoidRound)
    EVENTS: ClassVar[tuple[type[Event], ...]] = (
        *FootballPokerGame.EVENTS,
        *OWN_EVENTS,
        *TABLE_EVENTS,
    )
    PLACE_ARTICLE: ClassVar[str] = "Art 4.1"

    @classmethod
    def default_options(cls) -> FootballOptions:
        return FootballOptions()

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> FootballOptions:
        return FootballOptions.from_dict(data)

    def _new_game(self) -> FootballPokerGame:
        return FootballPokerGame(self.options)

    def _card_viewers(self, place: int) -> tuple[str, ...]:
        holder = self.game.holder(place)
        return () if holder is None else (holder,)

    def _hand_holder(self, place: int) -> str | None:
        return self.game.holder(place)

    @staticmethod
    def _total(cards: Sequence[Any]) -> int | None:
        return hand_total(tuple(cards)) if cards else None

    def _extra_dealer_offers(self) -> list[Offer]:
        if not self.game.can_deal_card():
            return []
        return [
            Offer(
                DealCard,
                {"exposed": OneOf((False, True))},
                "the next card to its hand (Art 5.4, 8.1; exposed: Art 6)",
            )
        ]

    def _extra_dealer_events(self, command: Command) -> list[Event] | None:
        if isinstance(command, DealCard):
            return [self.game.deal_card(exposed=command.exposed), *self._reveal()]
        return None

    def _verify_extra(self, command: Command) -> None:
        if isinstance(command, DealCard):
            self.game.verify_deal_card(exposed=command.exposed)
