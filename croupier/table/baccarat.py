"""3-card baccarat (Portaria 22/96/M) on the table interface: :class:`BaccaratTable`.

What the banking games share (players, chips, the betting window, the house's steps, who sees
what, the ledger) is :class:`~croupier.table.banking.ShoeTable`'s; this game adds:

* **Face-down cards** (Art 3.2): a card dealt face down is shown to the player sitting at its
  place (Art 5.3: a player holds his own place's cards) and as ``"##"`` to everyone else until
  every card is out (``hands_revealed``); the banker's cards are nobody's until then. A card
  turned up in the deal is everyone's (Art 3.5).
* **A human dealer's incidents**: ``deal_card(to, exposed)`` (one card; a place other than the
  order's is a misdeal, Art 3.4), ``rectify`` (misdealt cards to their places, Art 3.4; the
  house does it by itself once every card is out), ``void(reason)`` (Art 3.4: the round's
  cards cancelled, stakes placed for it returned, carried ones kept). The casino may also
  ``shuffle`` at the end of any round (Art 4.1).

>>> from croupier.table import SeededSource
>>> from croupier.table.runner import run_table
>>> from croupier.games.three_card_baccarat.bots import BOTS
>>> table = BaccaratTable(BaccaratOptions(decks=8), source=SeededSource("doc"))
>>> report = run_table(table, {p: BOTS["random"](i) for i, p in enumerate(["ana", "rui"])},
...                    rounds=3)
>>> report.rounds, table.books_agree(), table.ledger.total()
(3, True, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from croupier.games.three_card_baccarat.commands import COMMANDS, DealCard, Rectify, Void
from croupier.games.three_card_baccarat.options import BaccaratOptions
from croupier.games.three_card_baccarat.round import BaccaratGame
from croupier.games.three_card_baccarat.rules import BANKER
from croupier.games.void import VoidRound
from croupier.offers import Offer, OneOf, Text
from croupier.protocol import Command, Event
from croupier.table.banking import ShoeTable
from croupier.table.banking_events import OWN_EVENTS
from croupier.table.events import TABLE_EVENTS

__all__ = ["BaccaratTable"]

#: the longest reason a dealer gives for a void round
MAX_REASON = 200


class BaccaratTable(ShoeTable[BaccaratOptions, BaccaratGame]):
    """A 3-card baccarat table on the table interface (see the module docstring)."""

    GAME: ClassVar[str] = "three-card-baccarat"
    COMMANDS: ClassVar[tuple[type[Command], ...]] = (*COMMANDS, VoidRound)
    EVENTS: ClassVar[tuple[type[Event], ...]] = (*BaccaratGame.EVENTS, *OWN_EVENTS, *TABLE_EVENTS)
    PLACE_ARTICLE: ClassVar[str] = "Art 5.1"

    @classmethod
    def default_options(cls) -> BaccaratOptions:
        return BaccaratOptions()

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> BaccaratOptions:
        return BaccaratOptions.from_dict(data)

    def _new_game(self) -> BaccaratGame:
        return BaccaratGame(self.options)

    def _card_viewers(self, place: int) -> tuple[str, ...]:
        name = self._seats.get(place) if place != BANKER else None
        return () if name is None else (name,)

    def _extra_dealer_offers(self) -> list[Offer]:
        game = self.game
        offers: list[Offer] = []
        if game.can_deal_card():
            places = (BANKER, *range(1, self.options.positions + 1))
            offers.append(
                Offer(
                    DealCard,
                    {"to": OneOf(places), "exposed": OneOf((False, True))},
                    "one card, to the place it reached (Art 3.2, 3.4, 3.5)",
                )
            )
        if game.can_rectify_misdeal():
            offers.append(Offer(Rectify, {}, "misdealt cards to their places (Art 3.4)"))
        if game.can_void_round("misdeal"):
            offers.append(
                Offer(Void, {"reason": Text(MAX_REASON)}, "cancel the round's cards (Art 3.4)")
            )
        return offers

    def _extra_dealer_events(self, command: Command) -> list[Event] | None:
        game = self.game
        if isinstance(command, DealCard):
            return [game.deal_card(to=command.to, exposed=command.exposed), *self._reveal()]
        if isinstance(command, Rectify):
            return [game.rectify_misdeal(), *self._reveal(again=True)]
        if isinstance(command, Void):
            return [game.void_round(command.reason)]
        return None

    def _verify_extra(self, command: Command) -> None:
        game = self.game
        if isinstance(command, DealCard):
            game.verify_deal_card(to=command.to, exposed=command.exposed)
        elif isinstance(command, Rectify):
            game.verify_rectify_misdeal()
        elif isinstance(command, Void):
            game.verify_void_round(command.reason)

    def _dealt_command(self) -> Command | None:
        return Rectify() if self.game.misdealt else super()._dealt_command()
