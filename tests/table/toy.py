"""A toy game on the table interface: high card for an ante, to test the base and show an
adapter's shape (the five real adapters live in ``croupier/table/``).

Players sit with a buy-in (``chips_in``), the house opens a round, each seated player antes or
sits it out (10 s to decide; the default on time-out is to sit out), the house shuffles and
deals one hidden card to each player in, then settles: the highest card (by rank, then by suit
``s > h > d > c``) takes the pot, less a 1-unit commission. A player's card is his alone until
the settlement shows every card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from croupier.cards import Card, Deck
from croupier.errors import RuleViolation
from croupier.offers import Between, Exactly, Offer, OneOf
from croupier.protocol import Command, Event
from croupier.table import Actor, Shown, Table, Tx, Wait
from croupier.table.events import TABLE_EVENTS, ChipsIn, ChipsOut
from croupier.table.log import Entry

ANTE_MS = 10_000


@dataclass(frozen=True)
class ToyOptions:
    ante: int = 10
    seats: int = 4

    def to_dict(self) -> dict[str, Any]:
        return {"ante": self.ante, "seats": self.seats}


# -- events --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Opened(Event):
    TYPE = "opened"
    number: int


@dataclass(frozen=True, slots=True)
class Anted(Event):
    TYPE = "anted"
    player: str


@dataclass(frozen=True, slots=True)
class SatOut(Event):
    TYPE = "sat_out"
    player: str


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    TYPE = "shuffled"
    order: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    TYPE = "dealt"
    player: str
    card: Card


@dataclass(frozen=True, slots=True)
class Settled(Event):
    TYPE = "settled"
    winner: str
    cards: tuple[tuple[str, Card], ...]


# -- commands ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sit(Command):
    """Take a seat with ``buy_in`` chips."""

    TYPE = "sit"
    buy_in: int


@dataclass(frozen=True, slots=True)
class Leave(Command):
    """Leave the table, cashing out."""

    TYPE = "leave"


@dataclass(frozen=True, slots=True)
class Ante(Command):
    TYPE = "ante"


@dataclass(frozen=True, slots=True)
class SitOut(Command):
    TYPE = "sit_out"


@dataclass(frozen=True, slots=True)
class Open(Command):
    TYPE = "open"


@dataclass(frozen=True, slots=True)
class Shuffle(Command):
    TYPE = "shuffle"


@dataclass(frozen=True, slots=True)
class Deal(Command):
    TYPE = "deal"


@dataclass(frozen=True, slots=True)
class Settle(Command):
    TYPE = "settle"


def strength(card: Card) -> tuple[int, int]:
    return (int(card.rank), -int(card.suit))  # spades (0) highest


class ToyTable(Table[ToyOptions]):
    GAME = "toy"
    COMMANDS = (Sit, Leave, Ante, SitOut, Open, Shuffle, Deal, Settle)
    EVENTS = (Opened, Anted, SatOut, Shuffled, Dealt, Settled, *TABLE_EVENTS)

    def _setup(self) -> None:
        self.seated: list[str] = []
        self.phase: Literal["idle", "ante", "shuffle", "deal", "settle"] = "idle"
        self.round = 0
        self.decided: dict[str, bool] = {}
        self.cards: dict[str, Card] = {}
        self.order: tuple[Card, ...] = ()
        self.opened_at = 0
        self.folded = 0

    def _fold_size(self) -> int:
        return self.folded

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> ToyOptions:
        return ToyOptions(**data)

    def join_commands(self, player: str) -> tuple[Command, ...]:
        if player in self.seated or len(self.seated) >= self.options.seats:
            return ()
        return (Sit(20 * self.options.ante),)

    # -- commands ------------------------------------------------------------------------

    def _stack(self, player: str) -> int:
        return self.ledger.balance(f"player:{player}")

    def legal(self, actor: Actor) -> tuple[Offer, ...]:
        if actor.is_player:
            name = actor.name
            if name not in self.seated:
                if len(self.seated) < self.options.seats and self.phase == "idle":
                    return (Offer(Sit, {"buy_in": Between(self.options.ante, 100_000)}),)
                return ()
            if self.phase == "ante" and name not in self.decided:
                offers = [Offer(SitOut)]
                if self._stack(name) >= self.options.ante:
                    offers.insert(0, Offer(Ante))
                return tuple(offers)
            if self.phase == "idle":
                return (Offer(Leave),)
            return ()
        command = self._house_command(0)
        return () if command is None else (Offer(type(command)),)

    def _verify(self, actor: Actor, command: Command, at: int) -> None:
        if isinstance(command, Ante) and self._stack(actor.name) < self.options.ante:
            raise RuleViolation("Toy 2", f"an ante is {self.options.ante}")
        raise RuleViolation("Toy 1", f"{command.TYPE} is not allowed now")

    def _execute(self, actor: Actor, command: Command, at: int) -> list[Event]:
        event: Event
        if isinstance(command, Sit):  # table-layer events: the base folds them
            return [ChipsIn(actor.name, command.buy_in)]
        if isinstance(command, Leave):
            return [ChipsOut(actor.name, self._stack(actor.name))]
        if isinstance(command, Ante):
            event = Anted(actor.name)
        elif isinstance(command, SitOut):
            event = SatOut(actor.name)
        elif isinstance(command, Open):
            self.opened_at = at
            event = Opened(self.round + 1)
        elif isinstance(command, Shuffle):
            event = Shuffled(tuple(self.source.next().shuffle(Deck.STANDARD_52.cards)))
        elif isinstance(command, Deal):
            players = [p for p in self.seated if self.decided.get(p)]
            events: list[Event] = [Dealt(p, self.order[i]) for i, p in enumerate(players)]
            for e in events:
                self._fold(e)
            return events
        else:
            in_play = sorted(self.cards, key=lambda p: strength(self.cards[p]), reverse=True)
            event = Settled(in_play[0], tuple((p, self.cards[p]) for p in in_play))
        self._fold(event)
        return [event]

    def _fold(self, event: Event) -> None:
        self.folded += 1
        if isinstance(event, Opened):
            self.round = event.number
            self.phase = "ante"
            self.decided = {}
            self.cards = {}
        elif isinstance(event, Anted | SatOut):
            self.decided[event.player] = isinstance(event, Anted)
            if len(self.decided) == len(self.seated):
                self.phase = "shuffle" if sum(self.decided.values()) >= 2 else "idle"
        elif isinstance(event, Shuffled):
            self.order = event.order
            self.phase = "deal"
        elif isinstance(event, Dealt):
            self.cards[event.player] = event.card
            self.phase = "settle"
        elif isinstance(event, Settled):
            self.phase = "idle"

    def _replay_event(self, event: Event, entry: Entry) -> None:
        if isinstance(event, Opened):
            self.opened_at = entry.at  # deadlines fold from the entries' times
        if isinstance(event, Anted) and self._stack(event.player) < self.options.ante:
            raise RuleViolation("Toy 2", "ante without the chips")
        self._fold(event)

    def _apply_table_event(self, event: Event) -> None:
        super()._apply_table_event(event)
        if isinstance(event, ChipsIn) and event.player not in self.seated:
            self.seated.append(event.player)
        elif isinstance(event, ChipsOut) and event.player in self.seated:
            self.seated.remove(event.player)

    # -- time and the house ----------------------------------------------------------------

    def waiting_on(self) -> tuple[Wait, ...]:
        if self.phase != "ante":
            return ()
        deadline = self.opened_at + ANTE_MS
        return tuple(
            Wait(Actor.player(p), deadline, "Toy 3", "ante or sit out")
            for p in self.seated
            if p not in self.decided
        )

    def _timeout(self, actor: Actor, at: int) -> list[Event]:
        event = SatOut(actor.name)
        self._fold(event)
        return [event]

    def _house_command(self, at: int) -> Command | None:
        if self.phase == "idle":
            return Open() if len(self.seated) >= 2 else None
        return {"shuffle": Shuffle(), "deal": Deal(), "settle": Settle()}.get(self.phase)

    # -- seeing and money ------------------------------------------------------------------

    def view(self, actor: Actor) -> dict[str, Any]:
        name = actor.name if actor.is_player else None
        return {
            "phase": self.phase,
            "round": self.round,
            "seated": list(self.seated),
            "cards": {p: str(c) if p == name else "##" for p, c in self.cards.items()},
            "pot": self.ledger.balance("pot"),
        }

    def _shown(self, event: Event) -> Shown:
        if isinstance(event, Shuffled):
            return Shown({"type": "shuffled", "cards": len(event.order)})
        if isinstance(event, Dealt):
            return Shown.only([event.player], {"type": "dealt", "player": event.player})
        return Shown.PUBLIC

    def _money(self, event: Event, seq: int) -> Sequence[Tx]:
        if isinstance(event, Anted):
            return [Tx.move(f"{seq}", "ante", f"player:{event.player}", "pot", self.options.ante)]
        if isinstance(event, Settled):
            pot = self.ledger.balance("pot")
            return [
                Tx.of(
                    f"{seq}",
                    "settle",
                    {"pot": -pot, f"player:{event.winner}": pot - 1, "commission": 1},
                )
            ]
        return []

    def _round_edge(self, event: Event) -> Literal["open", "close"] | None:
        if isinstance(event, Opened):
            return "open"
        if isinstance(event, Settled):
            return "close"
        if isinstance(event, SatOut | Anted) and self.phase == "idle":
            return "close"
        return None

    def chips(self) -> Mapping[str, int]:
        return {p: self._stack(p) for p in self.seated}


class FirstOfferBot:
    """Antes whenever it can."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command:
        return legal[0].make()


__all__ = ["Exactly", "FirstOfferBot", "OneOf", "ToyOptions", "ToyTable"]
