"""Five-card stud (Portaria 104/85/M) on the table interface: :class:`StudTable`.

The game is :class:`~croupier.games.five_card_stud.round.StudGame`; this adapter gives it the
interface every game has (:mod:`croupier.table.base`): players known by name (a seat is table
state: ``sit`` takes one), the commands of :mod:`croupier.games.five_card_stud.commands` offered
with their bounds, the dealer's work stepped automatically, who is waited on and until when, what
each actor may see, and the cashier's ledger.

* **The house's steps** (:meth:`~croupier.table.base.Table.step_house`): between hands a new deck
  when the open one has served its deals (Art 2) and ``open_round`` when ``min_players`` (two
  by default) can be dealt in (Art 6-8); then ``shuffle`` (from
  :attr:`~croupier.table.base.Table.source`; with a
  :class:`~croupier.table.sources.FairSource` its commitment is published first), ``burn``,
  ``deal`` each time cards are due, ``rectify`` a misdeal, ``settle`` at the showdown (and the
  fair shuffle's seed revealed after it). A human dealer may also report ``deal_card(to)`` (a
  misdeal, Art 11 e) and ``expose_key_card`` (Art 11 d).
* **Waiting** (:meth:`waiting_on`): the player to act, for the table's time limit (Art 11 b, two
  minutes; «mais que dois minutos»: the default applies from the limit plus one millisecond),
  his hand folded on time-out; between hands, a player who must top up (Art 6), for the same
  time, leaving the table with his capital on time-out (a reading: he may not play on without
  topping up, and the table does not wait for ever).
* **Who sees what** (:meth:`_shown`): the shuffle's order is never public (its commitment is;
  the inspector reads it once the hand is over); a key card is its owner's alone (Art 10 a:
  «com a face voltada para baixo») until the showdown shows it (Art 10 e) or it is exposed in the
  deal (Art 11 d: the view shows it then); up cards are public when dealt (Art 10 a-d).
* **Money** (:meth:`_money`): ``player:NAME`` (capital at the table), ``pot`` (the hand's pot),
  ``commission`` (the house's take: Art 8 and 9), ``cashier`` (buy-ins, top-ups, leaving).

>>> from croupier.table import Actor, SeededSource
>>> from croupier.table.runner import run_table
>>> from croupier.games.five_card_stud.bots import BOTS
>>> table = StudTable(StudOptions(), source=SeededSource("doc"))
>>> report = run_table(table, {p: BOTS["strength"](i) for i, p in enumerate(["ana", "rui"])},
...                    rounds=3)
>>> report.rounds, table.books_agree(), table.ledger.total()
(3, True, 0)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Final, Literal

from croupier.card_events import CardBurned, ShoeShuffled
from croupier.errors import RuleViolation
from croupier.games.five_card_stud.commands import (
    COMMANDS,
    Bet,
    Burn,
    Call,
    Check,
    Cut,
    Deal,
    DealCard,
    ExposeKeyCard,
    Fold,
    Leave,
    NewDeck,
    OpenRound,
    RaiseTo,
    Rectify,
    Settle,
    Shuffle,
    Sit,
    TopUp,
)
from croupier.games.five_card_stud.events import (
    Act,
    CardsDealt,
    HandSettled,
    HandStarted,
    KeyCardExposed,
    MisdealRectified,
    PlayerActed,
    PlayerLeft,
    PlayerSeated,
    PlayerToppedUp,
    TableRestored,
)
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame, StudPhase
from croupier.games.five_card_stud.rules import (
    DECK_SIZE,
    MAX_CUTTERS,
    MIN_CUT,
    InitialCommission,
)
from croupier.games.void import HouseVoid, VoidRound
from croupier.offers import Between, Offer, OneOf
from croupier.protocol import Command, Event
from croupier.shuffle import ProvablyFairShuffler
from croupier.table.actor import Actor, Role
from croupier.table.base import Table, Wait
from croupier.table.events import TABLE_EVENTS, FairnessCommitted, FairnessRevealed
from croupier.table.ledger import Tx
from croupier.table.log import Entry, Shown
from croupier.table.void import VOID_OFFER, check_void_entry

__all__ = ["MAX_CAPITAL", "StudTable"]

#: the most capital one command may bring (Art 6 sets no maximum: a bound on typos, a reading)
MAX_CAPITAL: Final = 10**12
#: a card the actor may not see, where a list keeps its length
HIDDEN: Final = "##"
#: the offers without fields (the same whenever they are open)
_FOLD: Final = Offer(Fold, {}, "fold")
_CHECK: Final = Offer(Check, {}, "check")
_CALL: Final = Offer(Call, {}, "call")
#: a betting turn's offers without fields, in their order (fold, check, call)
_FOLD_ALONE: Final = (_FOLD,)
_FOLD_CHECK: Final = (_FOLD, _CHECK)
_FOLD_CALL: Final = (_FOLD, _CALL)
_FOLD_CHECK_CALL: Final = (_FOLD, _CHECK, _CALL)


class StudTable(Table[StudOptions]):
    """A five-card stud table on the table interface (see the module docstring)."""

    GAME: ClassVar[str] = "five-card-stud"
    COMMANDS: ClassVar[tuple[type[Command], ...]] = (*COMMANDS, VoidRound)
    EVENTS: ClassVar[tuple[type[Event], ...]] = (*StudGame.EVENTS, *TABLE_EVENTS)
    HOUSE_STEPS_OFFERED: ClassVar[bool] = True  # tests/table/test_house_steps.py

    # -- state -------------------------------------------------------------------------------

    def _setup(self) -> None:
        self.game = StudGame(self.options)
        #: seat -> the last player who sat there (a leaver's name, for the ledger)
        self._names: dict[int, str] = {}
        #: table-layer events folded (for _fold_size)
        self._table_events = 0
        #: commitments published and not yet revealed, oldest first
        self._open_commitments: list[str] = []
        #: the table clock when the last hand was settled (the top-up window starts there)
        self._settled_at = 0
        #: offers and waits worked out for the table as it stands at entry ``_cached_at``
        #: (the state changes only with an entry: asking again costs nothing)
        self._cached_at = -1
        #: by the actor's text (a str keeps its hash: an Actor's is a Python call)
        self._offers: dict[str, tuple[Offer, ...]] = {}
        self._waits: tuple[Wait, ...] | None = None
        #: the table's part of every view (from the options alone)
        self._table_json: dict[str, Any] | None = None
        self._limit_ms = self.options.time_limit_ms
        #: player -> seat, for seat_of (None: to be made again; the seats change only with
        #: the events of _SEATING, each of which drops it as it is recorded)
        self._seat_index: dict[str, int] | None = None
        if not hasattr(self, "_seeds"):
            #: commitment -> server seed (hex) of this process's fair shuffles (never in state:
            #: a replay reads the seeds from the FairnessRevealed events; kept across a rebuild)
            self._seeds: dict[str, str] = {}

    def _fresh(self) -> None:
        seq = len(self._entries)
        if self._cached_at != seq:
            self._cached_at = seq
            self._offers = {}
            self._waits = None

    def _fold_size(self) -> int:
        return self.game.event_count + self._table_events

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> StudOptions:
        return StudOptions.from_dict(data)

    def seat_of(self, player: str) -> int | None:
        """The seat ``player`` holds (None: he holds none)."""
        index = self._seat_index
        if index is None:
            index = self._seat_index = {name: seat for seat, name in self.game.players.items()}
        return index.get(player)

    def chips(self) -> Mapping[str, int]:
        game = self.game
        return {name: game.stacks[seat] for seat, name in game.players.items()}

    def join_commands(self, player: str) -> tuple[Command, ...]:
        game = self.game
        if self.seat_of(player) is not None:
            return ()
        free = [s for s in range(1, self.options.seats + 1) if s not in game.players]
        if not free:
            return ()
        return (Sit(free[0], self.options.min_buy_in),)

    # -- what each actor may send ------------------------------------------------------------

    def legal(self, actor: Actor) -> tuple[Offer, ...]:
        if self._cached_at != len(self._entries):  # _fresh, written out (twice a decision)
            self._fresh()
        found = self._offers.get(actor.text)
        if found is None:
            if self._closed:
                found = ()
            elif actor.role is Role.PLAYER:
                found = self._player_offers(actor.name)
            elif actor.role is Role.DEALER:
                found = self._dealer_offers()
            else:
                found = ()
            self._offers[actor.text] = found
        return found

    def _player_offers(self, name: str) -> tuple[Offer, ...]:
        game = self.game
        options = self.options
        seat = self.seat_of(name)
        phase = game.phase
        if seat is None:
            if phase is not StudPhase.IDLE:
                return ()
            free = tuple(s for s in range(1, options.seats + 1) if s not in game.players)
            if not free:
                return ()
            return (
                Offer(
                    Sit,
                    {"seat": OneOf(free), "buy_in": Between(options.min_buy_in, MAX_CAPITAL)},
                    "sit down with at least the least capital (Art 3, 6)",
                ),
            )
        if phase is StudPhase.IDLE:
            stack = game.stacks[seat]
            least = options.min_buy_in - stack if game.must_top_up(seat) else 1
            offers = [Offer(Leave, {}, "leave the table with all your capital (Art 6)")]
            if 1 <= least <= MAX_CAPITAL - stack:
                offers.insert(
                    0,
                    Offer(
                        TopUp,
                        {"amount": Between(least, MAX_CAPITAL - stack)},
                        "top up your capital (Art 6)",
                    ),
                )
            return tuple(offers)
        if phase is StudPhase.CUT:
            cutters = self._cutters()
            if seat in game.in_hand and seat not in cutters and len(cutters) < MAX_CUTTERS:
                return (
                    Offer(Cut, {"cards": Between(MIN_CUT, DECK_SIZE - MIN_CUT)}, "cut (Art 2)"),
                )
            return ()
        legal = game.legal(seat)
        if legal is None:
            return ()
        # fold, check, call (offers without fields: four tuples made once), then a bet and a
        # raise bounded by the stacks (made for the decision: their bounds seldom come back)
        fixed: tuple[Offer, ...]
        if legal.check:
            fixed = _FOLD_CHECK_CALL if legal.call is not None else _FOLD_CHECK
        else:
            fixed = _FOLD_CALL if legal.call is not None else _FOLD_ALONE
        bet, raise_to = legal.bet, legal.raise_to
        if bet is None:
            return fixed if raise_to is None else (*fixed, _amount_offer(RaiseTo, raise_to))
        if raise_to is None:
            return (*fixed, _amount_offer(Bet, bet))
        return (*fixed, _amount_offer(Bet, bet), _amount_offer(RaiseTo, raise_to))

    def _cutters(self) -> tuple[int, ...]:
        hand = self.game.view(None).get("hand")
        return tuple(hand["cutters"]) if hand else ()

    def _dealer_offers(self) -> tuple[Offer, ...]:
        game = self.game
        offers: list[Offer] = []
        command = self._house_command(self.last_at)
        if command is not None:
            offers.append(Offer(type(command), {}, "the house's next step"))
        phase = game.phase
        if phase is StudPhase.DEALING and game.dealing_order:
            seats = tuple(range(1, self.options.seats + 1))
            offers.append(Offer(DealCard, {"to": OneOf(seats)}, "deal one card (Art 11 e)"))
        if phase in (StudPhase.DEALING, StudPhase.BETTING):
            exposable = game.exposable_seats()
            if exposable:
                offers.append(
                    Offer(
                        ExposeKeyCard,
                        {"seat": OneOf(exposable)},
                        "a key card exposed in the deal (Art 11 d)",
                    )
                )
        if phase not in (StudPhase.IDLE, StudPhase.SHOWDOWN):  # not once the result is fixed
            offers.append(VOID_OFFER)
        return tuple(offers)

    def _verify(self, actor: Actor, command: Command, at: int) -> None:
        """The article that refuses ``command``: the game's own ``verify_x``."""
        game = self.game
        if actor.role is not Role.PLAYER:
            if actor.role is Role.DEALER and isinstance(command, VoidRound):
                game.verify_house_void(command.reason, actor.name)  # no hand, or result fixed
            elif actor.role is Role.DEALER:
                self._verify_dealer(command, at)
            return
        seat = self.seat_of(actor.name)
        if isinstance(command, Sit):
            if seat is not None:
                raise RuleViolation("Art 3", f"{actor.name} already has a seat: one seat each")
            game.verify_seat_player(command.seat, actor.name, command.buy_in)
            if command.buy_in > MAX_CAPITAL:
                raise RuleViolation("Art 6", f"a buy-in is at most {MAX_CAPITAL}")
            return
        if seat is None:
            raise RuleViolation("Art 3", f"{actor.name} has no seat at this table: sit first")
        if isinstance(command, TopUp):
            game.verify_top_up(seat, command.amount)
        elif isinstance(command, Leave):
            game.verify_leave(seat)
        elif isinstance(command, Cut):
            game.verify_cut(seat, command.cards)
        elif isinstance(command, Fold | Check | Call | Bet | RaiseTo):
            action, amount = _action_of(command)
            game.verify_act(seat, action, amount, at=at)

    def _verify_dealer(self, command: Command, at: int) -> None:
        game = self.game
        if isinstance(command, DealCard):
            game.verify_deal_card(to=command.to, at=at)
        elif isinstance(command, ExposeKeyCard):
            game.verify_expose_key_card(command.seat, at=at)
        elif isinstance(command, Rectify):
            game.verify_rectify(at=at)
        elif isinstance(command, NewDeck):
            game.verify_new_deck()
        elif isinstance(command, OpenRound):
            game.verify_start_hand()
        elif isinstance(command, Shuffle):
            game.verify_shuffle()
        elif isinstance(command, Burn):
            game.verify_burn()
        elif isinstance(command, Deal):
            game.verify_deal(at=at)
        elif isinstance(command, Settle):
            game.verify_settle()

    # -- applying ----------------------------------------------------------------------------

    def _execute(self, actor: Actor, command: Command, at: int) -> list[Event]:
        game = self.game
        if actor.role is Role.PLAYER:
            name = actor.name
            action = _ACTION_OF.get(type(command))  # a betting decision, the most frequent
            if action is None and isinstance(command, Sit):
                return [game.seat_player(command.seat, name, command.buy_in)]
            seat = self.seat_of(name)
            if seat is None:  # pragma: no cover - the offers hold no such command
                raise RuleViolation("Art 3", f"{name} has no seat at this table")
            if action is not None:
                amount = command.amount if isinstance(command, Bet | RaiseTo) else None
                return [game.act(seat, action, amount, at=at)]
            if isinstance(command, TopUp):
                return [game.top_up(seat, command.amount)]
            if isinstance(command, Leave):
                return [game.leave(seat)]
            if isinstance(command, Cut):
                return [game.cut(seat, command.cards)]
            action, amount = _action_of(command)
            return [game.act(seat, action, amount, at=at)]
        if isinstance(command, VoidRound):
            return [game.house_void(command.reason, actor.name)]
        if isinstance(command, NewDeck):
            return [game.new_deck()]
        if isinstance(command, OpenRound):
            return [game.start_hand()]
        if isinstance(command, Shuffle):
            return self._shuffle()
        if isinstance(command, Burn):
            return [game.burn()]
        if isinstance(command, Deal):
            return [game.deal(at=at)]
        if isinstance(command, DealCard):
            return [game.deal_card(to=command.to, at=at)]
        if isinstance(command, Rectify):
            return [game.rectify(at=at)]
        if isinstance(command, ExposeKeyCard):
            return [game.expose_key_card(command.seat, at=at)]
        if isinstance(command, Settle):
            settled: list[Event] = [game.settle()]
            for commitment in self._open_commitments:
                seed = self._seeds.get(commitment)
                if seed is not None:
                    settled.append(FairnessRevealed(seed))
            return settled
        raise RuleViolation("protocol", f"{command.TYPE!r} is not a dealer's command")

    def _shuffle(self) -> list[Event]:
        """The shuffle from the table's source; a provably fair one publishes its commitment
        first (the seed is revealed when the hand is settled)."""
        game = self.game
        game.verify_shuffle()
        shuffler = self.source.next()
        events: list[Event] = []
        if isinstance(shuffler, ProvablyFairShuffler):
            committed = FairnessCommitted(shuffler.commitment, shuffler.client_seed, shuffler.nonce)
            self._seeds[shuffler.commitment] = shuffler.server_seed.hex()
            events.append(committed)
        events.append(game.shuffle(shuffler))
        return events

    def _apply_table_event(self, event: Event) -> None:
        super()._apply_table_event(event)
        self._table_events += 1
        if isinstance(event, FairnessCommitted):
            if event.commitment not in self._open_commitments:
                self._open_commitments.append(event.commitment)
        elif isinstance(event, FairnessRevealed) and self._open_commitments:
            self._open_commitments.pop(0)  # revealed in the order they were committed

    def _replay_event(self, event: Event, entry: Entry) -> None:
        if isinstance(event, HouseVoid):
            check_void_entry(event, entry)
        self.game.follow([event])

    # -- time and the house ------------------------------------------------------------------

    def waiting_on(self) -> tuple[Wait, ...]:
        if self._cached_at != len(self._entries):  # _fresh, written out (at every step)
            self._fresh()
        waits = self._waits
        if waits is None:
            waits = self._waits = self._waiting_on()
        return waits

    def _waiting_on(self) -> tuple[Wait, ...]:
        if self._closed:
            return ()
        game = self.game
        limit = self._limit_ms
        phase = game.phase
        if phase is StudPhase.BETTING:
            seat = game.to_act
            if seat is None:  # pragma: no cover - betting always has a seat to act
                return ()
            since = game.turn_started_at
            deadline = None if limit is None or since is None else since + limit + 1
            return (
                Wait(
                    Actor.player(self._names[seat]),  # who sits there (not a copy of the seats)
                    deadline,
                    "Art 11 b",
                    "fold, check, call, bet or raise",
                ),
            )
        if phase is StudPhase.IDLE:
            deadline = None if limit is None else self._settled_at + limit + 1
            return tuple(
                Wait(Actor.player(name), deadline, "Art 6", "top up to the least capital")
                for seat, name in sorted(game.players.items())
                if game.must_top_up(seat)
            )
        return ()

    def _timeout(self, actor: Actor, at: int) -> list[Event]:
        game = self.game
        seat = self.seat_of(actor.name)
        if seat is None:  # pragma: no cover - only seated players are waited on
            raise RuleViolation("Art 3", f"{actor} has no seat")
        if game.phase is StudPhase.BETTING:
            return [game.time_out(seat, at=at)]
        return [game.leave(seat)]  # Art 6: he may not play on without topping up

    def _house_command(self, at: int) -> Command | None:
        game = self.game
        phase = game.phase
        if phase is StudPhase.IDLE:
            if len(game.dealt_in()) < self.options.min_players:
                return None
            return NewDeck() if game.needs_new_deck else OpenRound()
        if phase is StudPhase.SHUFFLE:
            return Shuffle()
        if phase is StudPhase.CUT:
            return Burn()
        if phase is StudPhase.DEALING:
            if game.misdealt:
                return Rectify()
            return Deal() if game.dealing_order else None
        if phase is StudPhase.SHOWDOWN:
            return Settle()
        return None

    def _check_closable(self) -> None:
        if self.game.phase is not StudPhase.IDLE:
            raise RuleViolation(
                "Art 10", f"hand {self.game.hand_number} is in play: settle it before closing"
            )

    # -- what people see -----------------------------------------------------------------------

    def view(self, actor: Actor) -> dict[str, Any]:
        game = self.game
        seat = self.seat_of(actor.name) if actor.role is Role.PLAYER else None
        out = game.view(seat)
        table = self._table_json
        if table is None:
            options = self.options
            table = self._table_json = {
                "id": self.table_id,
                "seats": options.seats,
                "pot_money": options.pot_money,
                "min_buy_in": options.min_buy_in,
                "top_up_below": options.top_up_below,
                "time_limit_seconds": options.time_limit_seconds,
                "showing_order": options.showing_order.value,
                "decimals": options.decimals,
            }
        out["table"] = dict(table)  # the options' part, worked out once (a copy each time)
        out["you"] = {"actor": str(actor), "seat": seat}
        hand = out.get("hand")
        if hand is not None:
            # Art 11 d: a key card exposed in the deal was seen by everyone
            hand["exposed"] = {
                str(s): str(card) for s in hand["dead"] if (card := game.key_card(s)) is not None
            }
        out["waiting_on"] = [w.to_dict() for w in self.waiting_on()]
        return out

    def _facts(self, actor: Actor) -> object | None:
        """The :class:`~croupier.games.five_card_stud.view.Observation` of the player on turn
        (his key card, every up card, the money and what he may do: what his JSON view and
        his offers show); None for anyone else."""
        if actor.role is not Role.PLAYER:
            return None
        game = self.game
        seat = game.to_act
        if seat is None or self.seat_of(actor.name) != seat:
            return None
        return game.observation(seat)

    def _shown(self, event: Event) -> Shown:
        if type(event) is PlayerActed:  # the most frequent event first
            return Shown.PUBLIC
        if isinstance(event, ShoeShuffled):
            return Shown({"type": event.TYPE, **event.public()})
        if isinstance(event, CardBurned):
            return Shown({"type": event.TYPE, "card": HIDDEN})
        if isinstance(event, CardsDealt):
            return self._shown_dealt(event)
        if isinstance(event, MisdealRectified):
            return self._shown_moves(event)
        return Shown.PUBLIC

    def _key_owners(self) -> dict[int, int]:
        """Card code -> the seat whose key card it is, in the hand in play."""
        game = self.game
        owners: dict[int, int] = {}
        for seat in game.players:
            card = game.key_card(seat)
            if card is not None:
                owners[card.code] = seat
        return owners

    def _shown_dealt(self, event: CardsDealt) -> Shown:
        owners = self._key_owners()
        hidden = {owners[c.code] for _, c in event.cards if c.code in owners}
        if not hidden:
            return Shown.PUBLIC

        def form(viewer: int | None) -> dict[str, Any]:
            cards = [
                [s, str(c) if owners.get(c.code, viewer) == viewer else HIDDEN]
                for s, c in event.cards
            ]
            return {"type": event.TYPE, "cards": cards, "at": event.at}

        names = self.game.players
        # the forms are made when someone asks for them (events_for), not at every deal
        return Shown(
            functools.partial(form, None),
            {names[owner]: functools.partial(form, owner) for owner in hidden if owner in names},
        )

    def _shown_moves(self, event: MisdealRectified) -> Shown:
        owners = self._key_owners()
        hidden = {owners[c.code] for c, _, _ in event.moves if c.code in owners}
        if not hidden:
            return Shown.PUBLIC

        def form(viewer: int | None) -> dict[str, Any]:
            moves = [
                [str(c) if owners.get(c.code, viewer) == viewer else HIDDEN, a, b]
                for c, a, b in event.moves
            ]
            return {"type": event.TYPE, "moves": moves, "at": event.at}

        names = self.game.players
        return Shown(
            functools.partial(form, None),
            {names[owner]: functools.partial(form, owner) for owner in hidden if owner in names},
        )

    # -- money -----------------------------------------------------------------------------------

    def _money(self, event: Event, seq: int) -> Sequence[Tx]:
        if type(event) is PlayerActed:  # the most frequent event first
            if not event.chips:
                return ()
            name = self._names[event.seat]
            return (Tx.move(f"{seq}", event.action.value, f"player:{name}", "pot", event.chips),)
        tx = f"{seq}"
        if isinstance(event, PlayerSeated):
            self._names[event.seat] = event.player
            return [Tx.move(tx, "buy_in", "cashier", f"player:{event.player}", event.buy_in)]
        if isinstance(event, PlayerToppedUp):
            name = self._names[event.seat]
            return [Tx.move(tx, "top_up", "cashier", f"player:{name}", event.amount)]
        if isinstance(event, PlayerLeft):
            name = self._names[event.seat]
            if not event.cash_out:
                return []
            return [Tx.move(tx, "cash_out", f"player:{name}", "cashier", event.cash_out)]
        if isinstance(event, TableRestored):
            for record in event.seats:
                self._names[record.seat] = record.player
            return [
                Tx.move(tx, "restore", "cashier", f"player:{r.player}", r.stack)
                for r in event.seats
                if r.stack
            ]
        if isinstance(event, HandStarted):
            changes: dict[str, int] = {}
            each = self.options.initial_commission is InitialCommission.EACH
            for seat in event.seats:
                changes[f"player:{self._names[seat]}"] = -event.pot_money
            changes["pot"] = event.pot_money * len(event.seats)
            if each:
                per = self.options.commission_per_hand
                for seat in event.seats:
                    changes[f"player:{self._names[seat]}"] -= per
            else:
                changes["pot"] -= event.commission
            changes["commission"] = event.commission
            return [Tx.of(tx, "pot_money", changes)]
        if isinstance(event, PlayerActed):
            if not event.chips:
                return []
            name = self._names[event.seat]
            return [Tx.move(tx, event.action.value, f"player:{name}", "pot", event.chips)]
        if isinstance(event, KeyCardExposed):
            # Art 11 d: his pot money comes back (the only thing he had put in: an exposure is
            # recorded before anyone acts); an ``each`` initial commission stays paid
            name = self._names[event.seat]
            back = self.options.pot_money
            return [Tx.move(tx, "key_card_exposed", "pot", f"player:{name}", back)]
        if isinstance(event, HandSettled):
            changes = {}
            for seat, amount in event.returned:
                key = f"player:{self._names[seat]}"
                changes[key] = changes.get(key, 0) + amount
            for pot in event.pots:
                changes["commission"] = (
                    changes.get("commission", 0) + pot.commission + pot.odd_to_house
                )
                for seat, amount in pot.paid:
                    key = f"player:{self._names[seat]}"
                    changes[key] = changes.get(key, 0) + amount
            changes["pot"] = -sum(changes.values())
            return [Tx.of(tx, "settle", changes)]
        if isinstance(event, HouseVoid) and event.lines:
            # everything paid for the hand comes back: the pot whole, the rest from the
            # initial commission taken at the start of the hand
            in_pot = self.ledger.balance("pot")
            changes = {}
            for line in event.lines:
                key = f"player:{line.player}"
                changes[key] = changes.get(key, 0) + line.paid
            changes["pot"] = -in_pot
            changes["commission"] = in_pot - sum(line.paid for line in event.lines)
            return [Tx.of(tx, "void", changes)]
        return []

    def _round_edge(self, event: Event) -> Literal["open", "close"] | None:
        if type(event) is PlayerActed:  # the most frequent event first
            return None
        if isinstance(event, HandStarted):
            return "open"
        if isinstance(event, HandSettled | HouseVoid):
            return "close"
        return None

    def _append(
        self,
        event: Event,
        actor: Actor,
        command_id: str | None,
        command: Mapping[str, Any] | None,
        at: int,
    ) -> Entry:
        if type(event) is PlayerActed:
            # two events of three in a hand: public, neither opening nor closing a hand, his
            # chips into the pot (if any, _money's first case): what _shown and _round_edge say
            # of it recorded without asking them
            for tx in self._money(event, len(self._entries) + 1):
                self._ledger.post(tx)
            return self._append_quiet(event, actor, command_id, command, at, Shown.PUBLIC)
        if type(event) is CardsDealt:  # no money, no hand's edge; the key cards hidden
            return self._append_quiet(
                event, actor, command_id, command, at, self._shown_dealt(event)
            )
        if type(event) in _SEATING:
            self._seat_index = None  # the game's seats have changed with it
        entry = super()._append(event, actor, command_id, command, at)
        if isinstance(event, HandSettled | HouseVoid):
            self._settled_at = at
        return entry


#: the events that change the game's seats (``StudState._apply_table``): seat_of's index is
#: made again after each
_SEATING: Final = frozenset({PlayerSeated, PlayerLeft, TableRestored})

#: the setters of an Offer's slots (command, fields, label), in order: see _amount_offer
_OFFER_SLOTS: Final = tuple(getattr(Offer, f.name).__set__ for f in dataclasses.fields(Offer))


def _amount_offer(command: type[Bet] | type[RaiseTo], span: tuple[int, int]) -> Offer:
    """The bet or raise offer of ``span``: made for the decision (its bounds follow the stacks,
    so one kept would seldom serve again), through the offer's slots as ``Offer.bounded`` makes
    one: the command's only field is ``amount``, which ``Offer.__init__`` would check."""
    low, high = span
    offer = object.__new__(Offer)
    set_command, set_fields, set_label = _OFFER_SLOTS
    set_command(offer, command)
    set_fields(offer, MappingProxyType({"amount": Between(low, high)}))
    set_label(offer, f"bet {low}..{high}" if command is Bet else f"raise to {low}..{high}")
    return offer


#: the game's action of each betting command (a command's class is exactly one of the table's
#: COMMANDS: parse_command admits no other)
_ACTION_OF: Final[Mapping[type[Command], Act]] = {
    Fold: Act.FOLD,
    Check: Act.CHECK,
    Call: Act.CALL,
    Bet: Act.BET,
    RaiseTo: Act.RAISE,
}


def _action_of(command: Command) -> tuple[Act, int | None]:
    """The game's action and amount for a betting command (:data:`_ACTION_OF`, in its order)."""
    for kind, action in _ACTION_OF.items():
        if isinstance(command, kind):
            return action, command.amount if isinstance(command, Bet | RaiseTo) else None
    raise RuleViolation("protocol", f"{command.TYPE!r} is not a betting command")
