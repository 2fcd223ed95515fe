"""The table interface's toy game (tests/table/toy.py) as the server tests use it.

Two additions on top, as every real adapter has them:

* the toy sets a round's opening time (and so its ante deadline) only when it executes ``open``,
  not when it folds the ``opened`` event again, so after a restart its deadline would read 10 s
  after the epoch. A table served across restarts folds its deadlines from its entries
  (``Entry.at``); this subclass does;
* a dealer's ``void`` (with a reason) ends the round in play and gives every ante back, for
  ``croupier table void``;
* a dealer's view of his table names him (``"dealer"``): the toy's stand-in for what a real
  game shows only its dealers (the 13-card banker's hand he sets, say).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from table.toy import ANTE_MS, FirstOfferBot, Opened, ToyOptions, ToyTable

from croupier.offers import Offer, Text
from croupier.protocol import Command, Event
from croupier.server.catalog import Catalog, ExtraGame
from croupier.table import Actor, Tx
from croupier.table.log import Entry

__all__ = ["ANTE_MS", "CATALOG", "GAME_OPTION", "FirstOfferBot", "ServedToyTable", "ToyOptions"]


@dataclass(frozen=True, slots=True)
class Void(Command):
    TYPE = "void"
    reason: str


@dataclass(frozen=True, slots=True)
class Voided(Event):
    TYPE = "voided"
    reason: str
    refunds: tuple[str, ...]


class ServedToyTable(ToyTable):
    COMMANDS = (*ToyTable.COMMANDS, Void)  # type: ignore[assignment]
    EVENTS: ClassVar[tuple[type[Event], ...]] = (*ToyTable.EVENTS, Voided)

    def legal(self, actor: Actor) -> tuple[Offer, ...]:
        offers = super().legal(actor)
        if actor.role.value == "dealer" and actor != Actor.HOUSE and self.phase != "idle":
            return (*offers, Offer(Void, {"reason": Text(80)}))
        return offers

    def view(self, actor: Actor) -> dict[str, Any]:
        seen = super().view(actor)
        if actor.role.value == "dealer" and actor != Actor.HOUSE:
            seen["dealer"] = actor.name
        return seen

    def _execute(self, actor: Actor, command: Command, at: int) -> list[Event]:
        if isinstance(command, Void):
            anted = tuple(p for p, yes in self.decided.items() if yes)
            event = Voided(command.reason, anted)
            self._fold(event)
            return [event]
        return super()._execute(actor, command, at)

    def _fold(self, event: Event) -> None:
        if isinstance(event, Voided):
            self.folded += 1
            self.phase = "idle"
            self.decided = {}
            self.cards = {}
            return
        super()._fold(event)

    def _replay_event(self, event: Event, entry: Entry) -> None:
        super()._replay_event(event, entry)
        if isinstance(event, Opened):
            self.opened_at = entry.at

    def _money(self, event: Event, seq: int) -> Sequence[Tx]:
        if isinstance(event, Voided):
            ante = self.options.ante
            changes = {f"player:{p}": ante for p in event.refunds}
            changes["pot"] = -ante * len(event.refunds)
            return [Tx.of(f"{seq}", "void", changes)] if event.refunds else []
        return super()._money(event, seq)

    def _round_edge(self, event: Event) -> Literal["open", "close"] | None:
        if isinstance(event, Voided):
            return "close"
        return super()._round_edge(event)


#: the toy in a server's catalog, and the same as ``--game`` for a command or a subprocess
CATALOG = Catalog({"toy": ExtraGame("toy", ServedToyTable, FirstOfferBot)})
GAME_OPTION = "toy=toy_server:ServedToyTable,toy_server:FirstOfferBot"
