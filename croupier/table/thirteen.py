"""The 13-card game on the table interface (Portaria 51/89/M): :class:`ThirteenTable`.

The adapter wraps :class:`~croupier.games.thirteen.round.ThirteenGame` (which checks every
article) with what a house table needs: players by name with chips bought from the cashier,
the commands of :mod:`croupier.games.thirteen.commands` offered with their bounds, who is waited
on and until when, the dealer's automatic steps, who sees which card when, and the ledger.

A round through the table:

1. ``open_round`` (house): betting opens; the deck is shuffled and cut (Art 2 a; with a
   :class:`~croupier.table.sources.FairSource`, its commitment first);
2. every player at the table bets, withdraws and says ``done`` within ``betting_seconds``
   (time-out: done); a standing player bets only on a position a seated player has bet on, and
   a seated bettor never leaves a position with stakes but no seated bettor (Art 5: only a
   seated player holds cards); if nobody bets, the dealer calls for bets again (``call_bets``);
3. the seated player with the highest stake throws the dice within ``dice_seconds`` (Art 2 b;
   time-out: the dealer throws for him); bets close (Art 2 c);
4. ``deal`` (house, Art 2 b-c); ``set_banker`` (house: the house way, or the natural as set,
   :func:`~croupier.games.thirteen.house.house_setting`; Art 2 d); each position's cards are
   shown to its holder and co-bettors (``hand_shown``);
5. each holder picks up, sets (``set``; a fouled setting only with ``confirm_foul``) or
   declares a natural within ``setting_seconds`` (Art 2 d; time-out: the setting closes and
   the positions not set lose); co-bettors may ``suggest`` (Art 5);
6. ``close_setting`` (house, once every position is set): every played position is revealed
   (``position_revealed``); ``settle`` (house, Art 7-11), then the fair seeds are revealed.

A human dealer (``dealer:NAME``) may also cancel a deal (Art 4), set the banker's cards himself
and record a banker's foul already on the table (Art 7). See docs/table.md for the visibility
table, the deadlines and the ledger accounts.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Literal

from croupier.cards import Card
from croupier.errors import RuleViolation
from croupier.events import BetPlaced, BetWithdrawn, RoundOpened, RoundSettled, ShoeShuffled
from croupier.games.thirteen.commands import (
    COMMANDS,
    Bet,
    BuyIn,
    CallBets,
    CancelDeal,
    CloseSetting,
    Deal,
    DeclareNatural,
    Done,
    Leave,
    OpenRound,
    PickUp,
    RecordBankerFoul,
    SetBanker,
    SetTiers,
    Settle,
    Shuffle,
    Sit,
    Stand,
    Suggest,
    ThrowDice,
    TiersOf,
    Withdraw,
)
from croupier.games.thirteen.events import (
    BANKER_SEAT,
    PLAYER_POSITIONS,
    DealCancelled,
    DiceThrown,
    ThirteenPhase,
)
from croupier.games.thirteen.options import ThirteenOptions
from croupier.games.thirteen.round import ThirteenGame
from croupier.games.thirteen.rules import BANKER
from croupier.games.thirteen.scoring import Readings, Setting, naturals_of
from croupier.games.void import HouseVoid, VoidRound
from croupier.offers import Between, Exactly, Offer, OneOf, Text
from croupier.protocol import Command, Event
from croupier.shuffle import ProvablyFairShuffler, Shuffler
from croupier.table.actor import Actor, Role
from croupier.table.base import Table, Wait
from croupier.table.events import (
    TABLE_EVENTS,
    ChipsIn,
    ChipsOut,
    FairnessCommitted,
    FairnessRevealed,
)
from croupier.table.ledger import Tx
from croupier.table.log import Entry, Shown
from croupier.table.sources import ShuffleSource
from croupier.table.thirteen_events import (
    MAX_SUGGESTIONS,
    OWN_EVENTS,
    BetsDone,
    BettingReopened,
    HandShown,
    PositionRevealed,
    Suggested,
)
from croupier.table.thirteen_view import seat_facts, shown_of, table_view
from croupier.table.void import VOID_OFFER, check_void_entry, void_tx

__all__ = [
    "BetsDone",
    "BettingReopened",
    "HandShown",
    "PositionRevealed",
    "Suggested",
    "ThirteenTable",
]

#: A buy-in or a top-up is at most this many betting units.
MAX_BUY_IN_UNITS: Final = 1000
#: The buy-in of :meth:`ThirteenTable.join_commands`, in units.
DEFAULT_BUY_IN_UNITS: Final = 100


class ThirteenTable(Table[ThirteenOptions]):
    """A 13-card table on the table interface (see the module docstring)."""

    GAME: ClassVar[str] = "thirteen"
    COMMANDS: ClassVar[tuple[type[Command], ...]] = (*COMMANDS, VoidRound)
    EVENTS: ClassVar[tuple[type[Event], ...]] = (
        *ThirteenGame.EVENTS,
        *OWN_EVENTS,
        *TABLE_EVENTS,
    )
    HOUSE_STEPS_OFFERED: ClassVar[bool] = True  # tests/table/test_house_steps.py

    def __init__(
        self,
        options: ThirteenOptions | None = None,
        *,
        table_id: str = "table",
        source: ShuffleSource | None = None,
    ) -> None:
        # kept across a rebuild (a failed command is undone by folding the entries again): the
        # live shufflers of the round's shuffles (the dice come from the shuffle's shuffler, as
        # in deal_thirteen) and the fair shuffles' server seeds until they are revealed
        self._shufflers: dict[str, Shuffler] = {}
        self._seeds: dict[str, str] = {}
        self._nonces: dict[str, int] = {}
        self._banker_cache: tuple[tuple[Card, ...], Setting] | None = None
        super().__init__(options or ThirteenOptions(), table_id=table_id, source=source)

    # -- state -----------------------------------------------------------------------------

    def _setup(self) -> None:
        self.game = ThirteenGame(self.options)
        self._present: dict[str, None] = {}  # players at the table, in the order they came
        self._bought: dict[str, int] = {}  # chips in less chips out, by player
        self._done: set[str] = set()
        self._opened_at = 0
        self._dice_from = 0  # when the thrower's wait began
        self._hands_out: set[int] = set()  # positions whose hand_shown is out this deal
        self._suggested: dict[tuple[str, int], int] = {}
        self._commitments: list[str] = []  # fair shuffles of the round not yet revealed
        self._own = 0  # the table's own events folded
        self._memo_key: tuple[int, int] = (-1, -1)
        self._memo_values: dict[Any, Any] = {}
        self._options_json: dict[str, Any] | None = None  # the views' options, for _facts

    def _fold_size(self) -> int:
        return self.game.event_count + self._own  # len(game.log), without copying the log

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> ThirteenOptions:
        return ThirteenOptions.from_dict(data)

    def _apply_table_event(self, event: Event) -> None:
        super()._apply_table_event(event)
        if isinstance(event, ChipsIn):
            self._present.setdefault(event.player, None)
            self._bought[event.player] = self._bought.get(event.player, 0) + event.amount
        elif isinstance(event, ChipsOut):
            self._present.pop(event.player, None)
            self._done.discard(event.player)
            self._bought[event.player] = self._bought.get(event.player, 0) - event.amount
        elif isinstance(event, FairnessCommitted):
            self._commitments.append(event.commitment)
            self._nonces[event.commitment] = event.nonce
        elif isinstance(event, FairnessRevealed) and self._commitments:
            self._commitments.pop(0)

    def chips(self) -> Mapping[str, int]:
        """Each player's chips in front of him: bought, less out, plus his results, less what
        he has on the layout now."""
        memo = self._memo()
        if "chips" not in memo:
            memo["chips"] = self._count_chips()
        chips: Mapping[str, int] = memo["chips"]
        return chips

    def _count_chips(self) -> dict[str, int]:
        game = self.game
        out = {p: self._bought.get(p, 0) for p in {*self._bought, *game.balances}}
        for player, net in game.balances.items():
            out[player] += net
        for stake in self._stakes():
            out[stake.player] = out.get(stake.player, 0) - stake.amount
        return out

    def _chips(self, player: str) -> int:
        return self.chips().get(player, 0)

    @property
    def present(self) -> tuple[str, ...]:
        """The players at the table (seated or standing), in the order they came."""
        return tuple(self._present)

    # -- who may do what -----------------------------------------------------------------------

    def _betting_over(self) -> bool:
        return self.game.phase is ThirteenPhase.BETTING and set(self._present) <= self._done

    def _seated_bettor_on(self, position: int, besides: str) -> bool:
        seated = self.game.seated
        return any(s.player in seated and s.player != besides for s in self._stakes_on(position))

    def _stakes_on(self, position: int) -> list[Any]:
        return [s for s in self._stakes() if s.position == position]

    def _leaves_unheld(self, player: str, positions: Sequence[int]) -> bool:
        """Art 5: would ``player`` leaving these positions leave stakes with no seated bettor?"""
        for position in positions:
            others = [s for s in self._stakes_on(position) if s.player != player]
            if others and not self._seated_bettor_on(position, player):
                return True
        return False

    def _staked_positions(self, player: str) -> list[int]:
        return [s.position for s in self._stakes() if s.player == player]

    def _unit_offers(self, player: str) -> list[Offer]:
        game, options = self.game, self.options
        unit, chips = options.unit, self._chips(player)
        seated = player in game.seated
        offers = []
        for position in PLAYER_POSITIONS:
            if not seated and not self._seated_bettor_on(position, player):
                continue  # a standing bettor bets behind a seated one (Art 5)
            now = next(
                (
                    s.amount // unit
                    for s in self._stakes()
                    if (s.player, s.position) == (player, position)
                ),
                0,
            )
            units = tuple(
                n - now for n in options.stake_units if n > now and (n - now) * unit <= chips
            )
            if units:
                offers.append(_bet_offer(position, units))
        return offers

    def _buy_in(self) -> Between:
        unit = self.options.unit
        return Between(unit, MAX_BUY_IN_UNITS * unit)

    def _fixed(self, key: str) -> Offer:
        """An offer that is the same whenever it is open (made once a table: it is frozen)."""
        return _fixed_offers(self._buy_in())[key]

    def _memo(self) -> dict[Any, Any]:
        """What is computed from the state alone (offers, waits, chips), kept until the state
        changes (a new entry or a folded event): never from the clock."""
        key = (len(self._entries), self._fold_size())
        if self._memo_key != key:
            self._memo_key, self._memo_values = key, {}
        return self._memo_values

    def at_stake(self, player: str) -> bool:
        """Whether ``player`` has stakes on the layout (a player who left stays among
        :meth:`chips`' players, at 0)."""
        return any(stake.player == player for stake in self._stakes())

    def _stakes(self) -> tuple[Any, ...]:
        """The round's stakes (the game's copies, made once a state)."""
        memo = self._memo()
        if "stakes" not in memo:
            memo["stakes"] = self.game.stakes
        stakes: tuple[Any, ...] = memo["stakes"]
        return stakes

    def legal(self, actor: Actor) -> tuple[Offer, ...]:
        memo = self._memo()
        # by the actor's text (a str keeps its hash, an Actor's is a Python call; the
        # memo's other keys have no ':', an actor's text has one, or is 'observer')
        offers: tuple[Offer, ...] | None = memo.get(actor.text)
        if offers is None:
            offers = memo[actor.text] = self._offers(actor)
        return offers

    def _offers(self, actor: Actor) -> tuple[Offer, ...]:
        if self.closed or actor.role in (Role.OBSERVER, Role.INSPECTOR):
            return ()
        if actor.role is Role.DEALER:
            return self._dealer_offers()
        return tuple(self._player_offers(actor.name))

    def _player_offers(self, player: str) -> list[Offer]:
        game = self.game
        phase = game.phase
        offers: list[Offer] = []
        if player == BANKER_SEAT:
            return offers
        present = player in self._present
        seated = player in game.seated
        staked = self._staked_positions(player)
        if not present:
            if game.can_seat_player(player):
                offers.append(self._fixed("sit"))
            offers.append(self._fixed("bet_standing"))
            return offers
        # the action that moves the round on comes first (a client taking the first offer plays)
        if self._may_throw(player):
            offers.append(self._fixed("throw"))
        if phase is ThirteenPhase.SETTING:
            offers += self._setting_offers(player)
        if phase is ThirteenPhase.BETTING:
            if player not in self._done:
                offers.append(self._fixed("done"))
            offers += self._unit_offers(player)
            withdrawable = [p for p in staked if not seated or not self._leaves_unheld(player, [p])]
            if withdrawable:
                offers.append(Offer(Withdraw, {"position": OneOf(tuple(withdrawable))}))
        offers.append(self._fixed("buy_in"))
        if not seated and game.can_seat_player(player):
            low = 0 if self._chips(player) else self.options.unit
            offers.append(Offer(Sit, {"buy_in": Between(low, self._buy_in().high)}))
        may_stand = seated and game.can_stand_player(player)
        if may_stand and not self._leaves_unheld(player, staked):
            offers.append(self._fixed("stand"))
        if not staked and (not seated or may_stand):
            offers.append(self._fixed("leave"))
        return offers

    def _may_throw(self, player: str) -> bool:
        game = self.game
        if game.thrower != player or not game.can_throw_dice():
            return False
        return game.phase is ThirteenPhase.DEALING or self._betting_over()

    def _setting_offers(self, player: str) -> list[Offer]:
        game = self.game
        offers: list[Offer] = []
        readings = self.options.readings
        for position in game.positions_in_play:
            if position in game.settings:
                continue
            cards = tuple(game.hands[position])
            if game.holder(position) == player:
                if _holds_natural(cards, readings):  # showing a natural beats every setting
                    offers.append(Offer(DeclareNatural, {"position": Exactly(position)}))
                offers.append(
                    Offer(
                        SetTiers,
                        {
                            "position": Exactly(position),
                            "tiers": TiersOf(cards, fouled=False),
                            "confirm_foul": Exactly(False),
                        },
                        f"set position {position}: front / middle / back (Art 7)",
                    )
                )
                offers.append(
                    Offer(
                        SetTiers,
                        {
                            "position": Exactly(position),
                            "tiers": TiersOf(cards),
                            "confirm_foul": Exactly(True),
                        },
                        f"set position {position}, a foul confirmed: it loses (Art 7)",
                    )
                )
                if position not in game.picked_up:
                    offers.append(Offer(PickUp, {"position": Exactly(position)}))
            elif (
                player in game.viewers(position)
                and self._suggested.get((player, position), 0) < MAX_SUGGESTIONS
            ):
                offers.append(
                    Offer(Suggest, {"position": Exactly(position), "tiers": TiersOf(cards)})
                )
        return offers

    def _dealer_offers(self) -> tuple[Offer, ...]:
        game = self.game
        offers: list[Offer] = []
        due = self._house_due()
        if due is not None and due is not SetBanker:
            offers.append(Offer(due))
        phase = game.phase
        before_pick_up = phase is ThirteenPhase.SETTING and not game.picked_up
        if phase is ThirteenPhase.DEALT or before_pick_up:
            cards = tuple(game.hands[BANKER])
            offers.append(Offer(SetBanker, {"tiers": TiersOf(cards, fouled=False)}))
            offers.append(Offer(RecordBankerFoul, {"tiers": TiersOf(cards, fouled=True)}))
        if game.can_cancel_deal("check"):
            offers.append(Offer(CancelDeal, {"reason": Text(200)}, "cancel the deal (Art 4)"))
        if phase not in (ThirteenPhase.READY, ThirteenPhase.CLOSED):  # CLOSED: result fixed
            offers.append(VOID_OFFER)
        return tuple(offers)

    # -- refusals, in words ------------------------------------------------------------------

    def _verify(self, actor: Actor, command: Command, at: int) -> None:
        from croupier.table.thirteen_refusals import explain

        explain(self, actor, command, at)

    def staked_positions(self, player: str) -> list[int]:
        """The positions ``player`` has a stake on this round."""
        return self._staked_positions(player)

    def buy_in_range(self) -> Between:
        """What one buy-in may be: 1 to 1000 betting units."""
        return self._buy_in()

    # -- applying ------------------------------------------------------------------------------

    def _execute(self, actor: Actor, command: Command, at: int) -> list[Event]:
        if isinstance(command, VoidRound):
            events: list[Event] = [self.game.house_void(command.reason, actor.name)]
            self._after(events[0], at)
            return events
        if actor.role is Role.DEALER:
            return self._dealer(command, at)
        return self._player(actor.name, command, at)

    def _player(self, player: str, command: Command, at: int) -> list[Event]:
        game = self.game
        events: list[Event] = []
        if isinstance(command, BuyIn):
            return [ChipsIn(player, command.amount)]
        if isinstance(command, Sit):
            if command.buy_in:
                events.append(ChipsIn(player, command.buy_in))
            events.append(game.seat_player(player))
        elif isinstance(command, Stand):
            events.append(game.stand_player(player))
        elif isinstance(command, Leave):
            if player in game.seated:
                events.append(game.stand_player(player))
            events.append(ChipsOut(player, self._chips(player)))
        elif isinstance(command, Bet):
            events.append(game.place_bet(player, command.position, command.units))
        elif isinstance(command, Withdraw):
            events.append(game.withdraw_bet(player, command.position))
        elif isinstance(command, Done):
            events.append(BetsDone(player))
        elif isinstance(command, ThrowDice):
            events.append(self._throw())
        elif isinstance(command, PickUp):
            events.append(game.pick_up(command.position, player, at))
        elif isinstance(command, SetTiers):
            events.append(
                game.set_position(
                    command.position, player, command.setting, at, confirm_foul=command.confirm_foul
                )
            )
        elif isinstance(command, DeclareNatural):
            events.append(game.declare_natural(command.position, player, at))
        elif isinstance(command, Suggest):
            events.append(Suggested(command.position, player, command.setting))
        for event in events:
            self._after(event, at)
        return events

    def _throw(self) -> DiceThrown:
        shuffled = self.game.shuffled
        assert shuffled is not None
        shuffler = self._shufflers.get(shuffled.commitment) or self.source.next()
        return self.game.throw_dice(shuffler)

    def _shuffle(self) -> list[Event]:
        shuffler = self.source.next()
        events: list[Event] = []
        if isinstance(shuffler, ProvablyFairShuffler):
            committed = FairnessCommitted(shuffler.commitment, shuffler.client_seed, shuffler.nonce)
            events.append(committed)
            self._seeds[shuffler.commitment] = shuffler.server_seed.hex()
        shuffled = self.game.shuffle(shuffler)
        self._shufflers[shuffled.commitment] = shuffler
        events.append(shuffled)
        return events

    def _dealer(self, command: Command, at: int) -> list[Event]:
        game = self.game
        events: list[Event] = []
        if isinstance(command, OpenRound):
            events.append(game.open_round())
            events += self._shuffle()
        elif isinstance(command, CallBets):
            events.append(BettingReopened())
        elif isinstance(command, Shuffle):
            events += self._shuffle()
        elif isinstance(command, Deal):
            events.append(game.deal())
        elif isinstance(command, CancelDeal):
            events.append(game.cancel_deal(command.reason))
        elif isinstance(command, SetBanker | RecordBankerFoul):
            first = game.banker_setting is None
            if isinstance(command, SetBanker):
                events.append(game.banker_set(command.setting, at))
            else:
                events.append(game.record_banker_foul(command.setting, at))
            if first:
                events += self._hands_shown()
        elif isinstance(command, CloseSetting):
            events += self._close(at)
        elif isinstance(command, Settle):
            events.append(game.settle())
            events += [FairnessRevealed(self._seed_of(c)) for c in self._revealable()]
        for event in events:
            self._after(event, at)
        return events

    def _revealable(self) -> list[str]:
        return [c for c in self._commitments if self._seed_of(c)]

    def _seed_of(self, commitment: str) -> str:
        """The server seed (hex) behind a commitment: from this process's shuffle, or (after a
        restart) from the source's key; "" when neither knows it."""
        seed = self._seeds.get(commitment)
        if seed is None and commitment in self._nonces:
            secret = self.source.secret(commitment, self._nonces[commitment])
            seed = "" if secret is None else secret.hex()
        return seed or ""

    def _hands_shown(self) -> list[Event]:
        game = self.game
        return [HandShown(p, tuple(game.hands[p])) for p in game.positions_in_play]

    def _close(self, at: int) -> list[Event]:
        game = self.game
        events: list[Event] = [game.close_setting(at)]
        for position in sorted({*game.settings, *game.late}):
            setting = game.settings.get(position)
            events.append(PositionRevealed(position, tuple(game.hands[position]), setting))
        return events

    def _after(self, event: Event, at: int) -> None:
        """Fold what the table keeps besides the game (its own events and the times)."""
        if isinstance(event, OWN_EVENTS):
            self._own += 1
        if isinstance(event, RoundOpened):
            self._opened_at = self._dice_from = at
            self._done = set()
            self._hands_out = set()
            self._suggested = {}
        elif isinstance(event, BettingReopened):
            self._opened_at = self._dice_from = at
            self._done = set()
        elif isinstance(event, BetsDone):
            self._done.add(event.player)
            self._dice_from = at
        elif isinstance(event, BetPlaced | BetWithdrawn | ShoeShuffled | DealCancelled):
            self._dice_from = at
        elif isinstance(event, HandShown):
            self._hands_out.add(event.position)
        elif isinstance(event, Suggested):
            key = (event.player, event.position)
            self._suggested[key] = self._suggested.get(key, 0) + 1
        elif isinstance(event, RoundSettled | HouseVoid):
            self._shufflers.clear()

    def _replay_event(self, event: Event, entry: Entry) -> None:
        if isinstance(event, HouseVoid):
            check_void_entry(event, entry)
        if isinstance(event, OWN_EVENTS):
            self._check_own(event)
        else:
            self.game._commit(event)
        self._after(event, entry.at)

    def _check_own(self, event: Event) -> None:
        """A recorded event of the table's own, checked against the state."""
        game = self.game
        if isinstance(event, BetsDone):
            ok = game.phase is ThirteenPhase.BETTING and event.player in self._present
        elif isinstance(event, BettingReopened):
            ok = self._betting_over() and not game.stakes
        elif isinstance(event, HandShown):
            ok = (
                game.banker_setting is not None
                and event.position in game.positions_in_play
                and event.position not in self._hands_out
                and event.cards == tuple(game.hands[event.position])
            )
        elif isinstance(event, Suggested):
            ok = (
                game.phase is ThirteenPhase.SETTING
                and event.player in game.viewers(event.position)
                and event.setting.uses(game.hands[event.position])
            )
        else:
            assert isinstance(event, PositionRevealed)
            ok = (
                game.phase is ThirteenPhase.CLOSED
                and event.cards == tuple(game.hands.get(event.position, ()))
                and event.setting == game.settings.get(event.position)
            )
        if not ok:
            raise RuleViolation("tables", f"{event.TYPE} does not follow from the record")

    # -- time and the house --------------------------------------------------------------------

    def waiting_on(self) -> tuple[Wait, ...]:
        memo = self._memo()
        if "waits" not in memo:
            memo["waits"] = self._waits()
        waits: tuple[Wait, ...] = memo["waits"]
        return waits

    def _waits(self) -> tuple[Wait, ...]:
        game = self.game
        phase = game.phase
        options = self.options
        if phase is ThirteenPhase.BETTING and not self._betting_over():
            deadline = self._opened_at + options.betting_seconds * 1000
            return tuple(
                Wait(Actor.player(p), deadline, "betting_seconds", "bet, withdraw or say done")
                for p in self._present
                if p not in self._done
            )
        thrower = game.thrower
        if thrower is not None and self._may_throw(thrower):
            deadline = self._dice_from + options.dice_seconds * 1000
            return (Wait(Actor.player(thrower), deadline, "Art 2 b", "throw the dice"),)
        if phase is ThirteenPhase.SETTING:
            signal = game.deadline
            holders = dict.fromkeys(
                h
                for p in game.positions_in_play
                if p not in game.settings and (h := game.holder(p)) is not None
            )
            return tuple(
                Wait(Actor.player(h), signal, "Art 2 d", "set the position's 13 cards")
                for h in holders
            )
        return ()

    def _timeout(self, actor: Actor, at: int) -> list[Event]:
        game = self.game
        events: list[Event]
        if game.phase is ThirteenPhase.BETTING and not self._betting_over():
            events = [BetsDone(actor.name)]
        elif game.phase is ThirteenPhase.SETTING:
            events = self._close(at)  # the signal (Art 2 d): the positions not set lose
        else:
            events = [self._throw()]  # the dealer throws for the thrower
        for event in events:
            self._after(event, at)
        return events

    def _house_due(self) -> type[Command] | None:
        """The kind of the dealer's next automatic command (None: nothing to do now)."""
        game = self.game
        phase = game.phase
        if phase is ThirteenPhase.READY:
            return OpenRound if any(p in game.seated for p in self._present) else None
        if phase is ThirteenPhase.BETTING:
            if self._betting_over() and not game.stakes:
                return CallBets if any(p in game.seated for p in self._present) else None
            return None
        if phase is ThirteenPhase.DEALING:
            if game.shuffled is None:
                return Shuffle
            return Deal if game.dice is not None else None
        if phase is ThirteenPhase.DEALT:
            return SetBanker
        if phase is ThirteenPhase.SETTING:
            done = all(p in game.settings for p in game.positions_in_play)
            return CloseSetting if done else None
        return Settle

    def _house_command(self, at: int) -> Command | None:
        due = self._house_due()
        if due is SetBanker:
            return SetBanker.of(self.banker_setting())
        return None if due is None else due()

    def banker_setting(self) -> Setting:
        """The setting the house gives the banker's cards now: the house way, or the natural
        as set (:func:`~croupier.games.thirteen.house.house_setting`); computed once a deal."""
        from croupier.games.thirteen.house import house_setting

        cards = tuple(self.game.hands[BANKER])
        cached = self._banker_cache
        if cached is None or cached[0] != cards:
            cached = self._banker_cache = (cards, house_setting(cards, self.options))
        return cached[1]

    def join_commands(self, player: str) -> tuple[Command, ...]:
        if player in self._present or not self.game.can_seat_player(player):
            return ()
        return (Sit(DEFAULT_BUY_IN_UNITS * self.options.unit),)

    def _check_closable(self) -> None:
        if self.game.phase not in (ThirteenPhase.READY, ThirteenPhase.BETTING) or self.game.stakes:
            raise RuleViolation("tables", "a round is in play: settle it before closing")

    # -- what people see (croupier/table/thirteen_view.py) -------------------------------------

    def _facts(self, actor: Actor) -> object | None:
        """A player's :class:`~croupier.games.thirteen.bots.SeatFacts` (public facts: the
        layout, the banker's shown setting, the options; his name and chips)."""
        return seat_facts(self, actor)

    def view(self, actor: Actor) -> dict[str, Any]:
        return table_view(self, actor)

    def _shown(self, event: Event) -> Shown:
        return shown_of(self, event)

    # -- money and rounds ------------------------------------------------------------------------

    def _money(self, event: Event, seq: int) -> Sequence[Tx]:
        if isinstance(event, BetPlaced):
            stake = f"stake:{event.position}:{event.player}"
            return [Tx.move(f"{seq}", "bet", f"player:{event.player}", stake, event.amount)]
        if isinstance(event, BetWithdrawn):
            stake = f"stake:{event.position}:{event.player}"
            amount = self.ledger.balance(stake)
            return [Tx.move(f"{seq}", "withdraw", stake, f"player:{event.player}", amount)]
        if isinstance(event, RoundSettled):
            changes: dict[str, int] = {}
            for line in event.lines:
                commission = int(line.commission)  # what a fraction of a unit is, the house keeps
                for account, amount in (
                    (f"stake:{line.position}:{line.player}", -line.stake),
                    (f"player:{line.player}", line.paid),
                    ("house", line.stake - line.paid - commission),
                    ("commission", commission),
                ):
                    changes[account] = changes.get(account, 0) + amount
            return [Tx.of(f"{seq}", "settle", changes)]
        if isinstance(event, HouseVoid):
            return void_tx(seq, event.lines, lambda line: f"stake:{line.position}:{line.player}")
        return []

    def _round_edge(self, event: Event) -> Literal["open", "close"] | None:
        if isinstance(event, RoundOpened):
            return "open"
        if isinstance(event, RoundSettled | HouseVoid):
            return "close"
        return None


@functools.lru_cache(maxsize=64)
def _fixed_offers(buy_in: Between) -> dict[str, Offer]:
    return {
        "sit": Offer(Sit, {"buy_in": buy_in}, "sit down (Art 3)"),
        "bet_standing": Offer(BuyIn, {"amount": buy_in}, "bet standing"),
        "buy_in": Offer(BuyIn, {"amount": buy_in}, "buy chips"),
        "throw": Offer(ThrowDice, label="throw the dice (Art 2 b)"),
        "done": Offer(Done, label="no more bets"),
        "stand": Offer(Stand),
        "leave": Offer(Leave),
    }


@functools.lru_cache(maxsize=1024)
def _bet_offer(position: int, units: tuple[int, ...]) -> Offer:
    return Offer(Bet, {"position": Exactly(position), "units": OneOf(units)})


@functools.lru_cache(maxsize=64)
def _holds_natural(cards: tuple[Card, ...], readings: Readings) -> bool:
    """Whether 13 cards hold a natural (Art 9 I), kept for the hands of the rounds in play."""
    return bool(naturals_of(cards, readings))
