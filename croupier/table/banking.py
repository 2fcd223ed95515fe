"""The banking games on the table interface: what :class:`~croupier.table.baccarat.BaccaratTable`
and :class:`~croupier.table.football.FootballTable` share, written once (:class:`ShoeTable`).

The game is a :class:`~croupier.banking.BankingTable` (3-card baccarat, football poker); the
adapter gives it the interface every game has (:mod:`croupier.table.base`):

* **Players** come with chips from the cashier: ``sit`` takes a free place of the layout,
  ``buy_in`` buys chips (to bet standing, or more); both may bet on any place (baccarat Art 5.2,
  football Art 4.2). ``leave`` cashes every chip out when none of his stakes is on the layout.
* **A round**: ``open_round`` (house) opens a betting window of the table option
  ``betting_seconds``; every player at the table places (``bet``), raises (``raise``) and
  withdraws (``withdraw``) stakes within the table's limits and his chips, and says ``done``;
  his time-out says it for him (the bets close). When everyone is done the house closes the
  bets (``close_bets``; with nothing on the layout it calls for bets again, ``call_bets``),
  ``burn`` s what is due, ``deal`` s every card face down (baccarat Art 3.2, football Art 5.4)
  and, once every card is out, shows every hand (:class:`HandsRevealed`); then ``settle``.
* **The shoe**: ``shuffle`` when the game calls for one (with a
  :class:`~croupier.table.sources.FairSource`, its commitment first); the shoe serves many
  rounds, so its seed is revealed when the shoe is finished (the settlement after which the
  game needs a new shuffle, a new shuffle the casino calls early, or the table's close).
* **Who sees what**: the shoe's order is never shown (its commitment is); a burned card is
  nobody's; a card dealt face down is shown to the place's own (baccarat: the player sitting
  there, Art 5.3; football: the holder, the highest bettor, Art 4.2, 5.4) and to everyone else as
  ``"##"`` until :class:`HandsRevealed`; a card exposed in the deal is everyone's (baccarat
  Art 3.5, football Art 6). An inspector sees a finished round whole, and the shoe's order once
  the shoe is finished.
* **Money**: ``player:NAME`` (chips in front of him), ``stake:PLACE:BET:NAME`` (a stake on the
  layout, a carried one included), ``house`` (the bank: stakes lost less prizes paid),
  ``commission`` (baccarat Art 10; a fraction of a unit stays with the house), ``cashier``.

See docs/table.md for each game's commands, house steps, deadlines and visibility.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, Literal, Protocol, TypeVar

from croupier.banking import BankingOptions, BankingTable
from croupier.cards import Card
from croupier.errors import RuleViolation
from croupier.events import (
    BetPlaced,
    CardBurned,
    CardDealt,
    Phase,
    RoundOpened,
    RoundSettled,
    RoundVoided,
    ShoeShuffled,
    Stake,
)
from croupier.games.banking_bots import BettorFacts
from croupier.games.banking_commands import (
    Bet,
    Burn,
    BuyIn,
    CallBets,
    CloseBets,
    Deal,
    Done,
    Leave,
    OpenRound,
    Raise,
    Settle,
    Shuffle,
    Sit,
    Withdraw,
)
from croupier.games.void import HouseVoid, VoidRound
from croupier.offers import Offer
from croupier.protocol import Command, Event
from croupier.shuffle import ProvablyFairShuffler
from croupier.table.actor import Actor, Role
from croupier.table.banking_checks import MAX_CHIPS, check_own, refuse
from croupier.table.banking_events import (
    OWN_EVENTS,
    BetsDone,
    BettingReopened,
    HandsRevealed,
    Seated,
)
from croupier.table.banking_fair import check_reveal
from croupier.table.banking_money import bet_tx, money_of
from croupier.table.banking_offers import BetKinds, player_offers
from croupier.table.banking_view import table_view
from croupier.table.base import Applied, Table, Wait
from croupier.table.events import (
    ChipsIn,
    ChipsOut,
    FairnessCommitted,
    FairnessRevealed,
    TableClosed,
)
from croupier.table.ledger import Tx
from croupier.table.log import Entry, Shown
from croupier.table.sources import ShuffleSource
from croupier.table.void import VOID_OFFER, check_void_entry

__all__ = ["DEFAULT_BUY_IN", "HIDDEN", "MAX_CHIPS", "ShoeTable"]

#: the buy-in of :meth:`ShoeTable.join_commands` (cents: 1,000.00)
DEFAULT_BUY_IN: Final = 100_000
#: a card the actor may not see, where a list keeps its length
HIDDEN: Final = "##"
#: what the table's own refusals cite
TABLES: Final = "tables"
#: distinct offers (and other immutable values) kept for sharing (a bound; a cache starts
#: again past it)
_KEPT: Final = 4096


class _Voidable(Protocol):
    """A banking engine with a dealer's void (:mod:`croupier.games.void`)."""

    def house_void(self, reason: str, by: str) -> HouseVoid: ...

    def verify_house_void(self, reason: str, by: str) -> None: ...


class ShoeOptions(BankingOptions, Protocol):
    """What the table reads of a banking game's options besides the game's."""

    @property
    def betting_seconds(self) -> int: ...


OptionsT = TypeVar("OptionsT", bound=ShoeOptions)
GameT = TypeVar("GameT", bound="BankingTable[Any, Any]")


class ShoeTable(Table[OptionsT], Generic[OptionsT, GameT]):
    """A banking game's table on the table interface (see the module docstring).

    A game's adapter sets ``GAME``, ``COMMANDS``, ``EVENTS`` and :meth:`_new_game`, and may add
    its dealer's incidents (:meth:`_extra_dealer_offers`, :meth:`_extra_dealer_events`,
    :meth:`_verify_extra`) and who sees a face-down card (:meth:`_card_viewers`)."""

    #: the article a place out of the layout cites
    PLACE_ARTICLE: ClassVar[str] = "Art 5.1"
    #: the house's step is the first of the dealer's offers (:meth:`_dealer_offers`), as
    #: tests/table/test_baccarat.py and test_football.py check at every house step
    HOUSE_STEPS_OFFERED: ClassVar[bool] = True

    def __init__(
        self,
        options: OptionsT | None = None,
        *,
        table_id: str = "table",
        source: ShuffleSource | None = None,
    ) -> None:
        # kept across a rebuild: the fair shuffles' server seeds until they are revealed
        self._seeds: dict[str, str] = {}
        self._nonces: dict[str, int] = {}
        super().__init__(
            options if options is not None else self.default_options(),
            table_id=table_id,
            source=source,
        )

    # -- adapter hooks ---------------------------------------------------------------------------

    @classmethod
    def default_options(cls) -> OptionsT:
        raise NotImplementedError

    def _new_game(self) -> GameT:
        raise NotImplementedError

    def _extra_dealer_offers(self) -> list[Offer]:
        """A human dealer's incidents open now (misdeals, exposed cards)."""
        return []

    def _extra_dealer_events(self, command: Command) -> list[Event] | None:
        """The events of a game-specific dealer command (None: not one)."""
        return None

    def _verify_extra(self, command: Command) -> None:
        """The refusal of a game-specific dealer command."""

    def _card_viewers(self, place: int) -> tuple[str, ...]:
        """Who sees a card dealt face down to ``place`` before the hands are shown."""
        return ()

    def _hand_holder(self, place: int) -> str | None:
        """The name shown with a place's hand."""
        return self._seats.get(place)

    # -- state -----------------------------------------------------------------------------------

    def _setup(self) -> None:
        self.game: GameT = self._new_game()
        self._present: dict[str, None] = {}  # players at the table, in the order they came
        self._bought: dict[str, int] = {}  # chips in less chips out, by player
        self._seats: dict[int, str] = {}
        self._place: dict[str, int] = {}  # the seats the other way: player -> his place
        self._done: set[str] = set()
        #: changes to who is present or done (the betting window's waits are kept until the
        #: next change or a new deadline: see _waits)
        self._roster = 0
        #: each player's chips bought less cashed out plus his results (see _by_player), and
        #: what they were counted at: the game's last settlement (the only event that changes
        #: the game's balances makes a new one) and the roster (every chips in or out moves it)
        self._base_chips: tuple[object, int, dict[str, int]] | None = None
        self._waits_last: tuple[int, int, tuple[Wait, ...]] = (-1, -1, ())
        self._opened_at = 0
        self._commitments: list[str] = []  # fair shuffles not yet revealed
        self._own = 0  # table events and the table's own events folded
        self._revealed = False  # this round's hands shown
        #: the face-down cards of the round each player was shown as they were dealt
        self._seen: dict[str, list[Card]] = {}
        #: fair shuffles' commitments not yet revealed (in order) and the shoe each dealt
        self._fair_queue: list[FairnessCommitted] = []
        self._fair_shoes: dict[str, ShoeShuffled] = {}
        self._shoe_start = -1  # the entry index of the current shoe's shuffle
        self._shoe_done = False  # its seed revealed: the shoe is finished
        #: what is worked out once per state (see _memo), and the state it is of: the
        #: entries and the events folded
        self._memo_entries = -1
        self._memo_fold = -1
        self._memo_values: dict[Any, Any] = {}
        #: offers are immutable values: one object per distinct offer, shared by every actor
        #: and every seq that has it (see :meth:`_offer`)
        self._offers: dict[tuple[Any, ...], Offer] = {}
        #: the waits of the betting window (immutable), by player and deadline
        self._waits_kept: dict[tuple[str, int], Wait] = {}
        #: the visibility of a card dealt face down, by place and who sees it
        self._dealt_shown: dict[tuple[int, tuple[str, ...]], Shown] = {}
        # the bet kinds, their limits and the places (the options never change)
        kinds = self._bet_kinds = BetKinds(
            tuple(kind.value for kind in self.game.BET_KIND),
            self.options.limits,
            self.options.positions,
            self.game.NEW_STAKE_RULES,
        )
        self._kinds = kinds.kinds
        self._limit_of = kinds.limit_of
        self._least = kinds.least
        self._all_places = kinds.places

    def _fold_size(self) -> int:
        return self.game.event_count + self._own

    def _memo(self) -> dict[Any, Any]:
        # the state is the entries and the events folded (_fold_size, written out: this is
        # asked a hundred times a round)
        entries, fold = len(self._entries), self.game.event_count + self._own
        if entries != self._memo_entries or fold != self._memo_fold:
            self._memo_entries, self._memo_fold, self._memo_values = entries, fold, {}
        return self._memo_values

    def _apply_table_event(self, event: Event) -> None:
        super()._apply_table_event(event)
        self._own += 1
        if isinstance(event, ChipsIn):
            self._roster += 1
            self._present.setdefault(event.player, None)
            self._bought[event.player] = self._bought.get(event.player, 0) + event.amount
        elif isinstance(event, ChipsOut):
            self._roster += 1
            self._present.pop(event.player, None)
            self._done.discard(event.player)
            self._bought[event.player] = self._bought.get(event.player, 0) - event.amount
            place = self._place.pop(event.player, None)
            if place is not None:
                del self._seats[place]
        elif isinstance(event, FairnessCommitted):
            self._commitments.append(event.commitment)
            self._nonces[event.commitment] = event.nonce
        elif isinstance(event, FairnessRevealed) and self._commitments:
            self._commitments.pop(0)

    def _after(self, event: Event, at: int) -> None:
        """Fold what the table keeps besides the game: its own events and the times."""
        kind = type(event)
        if kind is CardDealt:  # most of a round's events: nothing to fold here
            return
        quiet = _QUIET.get(kind)
        if quiet is None:
            quiet = _QUIET[kind] = not issubclass(kind, (*OWN_EVENTS, RoundOpened))
        if quiet:  # a stake placed or withdrawn, a card burned, ...: nothing either
            return
        if isinstance(event, OWN_EVENTS):
            self._own += 1
        if isinstance(event, Seated):
            self._seats[event.place] = event.player
            self._place[event.player] = event.place
        elif isinstance(event, BetsDone):
            self._roster += 1
            self._done.add(event.player)
        elif isinstance(event, BettingReopened | RoundOpened):
            self._roster += 1
            self._done = set()
            self._opened_at = at
            if isinstance(event, RoundOpened):
                self._revealed = False
        elif isinstance(event, HandsRevealed):
            self._revealed = True

    def _stakes(self) -> tuple[Stake, ...]:
        """The game's stakes now, listed once per state: offers, chips and the view read them
        for every actor. The game's own (``each_stake``), not copies: read within the state,
        never kept past it nor changed (what is kept of them is their numbers)."""
        memo = self._memo()
        stakes: tuple[Stake, ...] | None = memo.get("stakes")
        if stakes is None:
            stakes = memo["stakes"] = tuple(self.game.each_stake())
        return stakes

    def _stakes_of(self, player: str) -> Sequence[Stake]:
        """``player``'s stakes now, in the game's order (an index of :meth:`_stakes` by player,
        made once per state)."""
        return self._by_player()[0].get(player, ())

    def chips(self) -> Mapping[str, int]:
        """Each player's chips in front of him: bought, less cashed out, plus his results, less
        what he has on the layout now."""
        return self._by_player()[1]

    def at_stake(self, player: str) -> bool:
        """Whether ``player`` has stakes on the layout (a player who left stays among
        :meth:`chips`' players, at 0)."""
        return bool(self._stakes_of(player))

    def _by_player(self) -> tuple[dict[str, list[Stake]], dict[str, int]]:
        """Each player's stakes now (in the game's order) and chips (:meth:`chips`), made in one
        pass over :meth:`_stakes` once per state: an offer, a view and a bot's facts read
        both."""
        memo = self._memo()
        found: tuple[dict[str, list[Stake]], dict[str, int]] | None = memo.get("by_player")
        if found is None:
            by_player: dict[str, list[Stake]] = {}
            game = self.game
            settled, roster, base = self._base_chips or (None, -1, {})
            if roster != self._roster or settled is not game.last_settlement:
                settled, roster, base = game.last_settlement, self._roster, dict(self._bought)
                for player, net in game.balances.items():
                    base[player] = base.get(player, 0) + net
                self._base_chips = (settled, roster, base)
            chips = dict(base)  # this state's, less the stakes on the layout
            for stake in self._stakes():
                player = stake.player
                mine = by_player.get(player)
                if mine is None:
                    by_player[player] = [stake]
                else:
                    mine.append(stake)
                chips[player] = chips.get(player, 0) - stake.amount
            found = memo["by_player"] = (by_player, chips)
        return found

    def _chips(self, player: str) -> int:
        return self.chips().get(player, 0)

    @property
    def present(self) -> tuple[str, ...]:
        """The players at the table (seated or standing), in the order they came."""
        return tuple(self._present)

    @property
    def seats(self) -> Mapping[int, str]:
        """Place -> the player sitting there."""
        return dict(self._seats)

    def place_of(self, player: str) -> int | None:
        return self._place.get(player)

    def _free_places(self) -> tuple[int, ...]:
        """The places a player may take now: free ones, and none while a round's cards are out
        (baccarat Art 5.3: nobody changes place in the middle of a round; the table's reading
        for football poker too)."""
        if self.game.phase in (Phase.DEALING, Phase.DEALT):
            return ()
        seats = self._seats
        return tuple(p for p in self._all_places if p not in seats)

    def _places(self) -> tuple[int, ...]:
        return self._all_places

    def _staked(self, player: str) -> bool:
        return bool(self._stakes_of(player))

    def _least_buy_in(self) -> int:
        return self._least

    def _betting_over(self) -> bool:
        return self.game.phase is Phase.BETTING and self._done.issuperset(self._present)

    # -- what each actor may send ------------------------------------------------------------

    def legal(self, actor: Actor) -> tuple[Offer, ...]:
        memo = self._memo()
        # by the actor's text (a str keeps its hash, an Actor's is a Python call; the
        # memo's other keys have no ':', an actor's text has one, or is 'observer')
        offers: tuple[Offer, ...] | None = memo.get(actor.text)
        if offers is None:
            if self.closed or actor.role in (Role.OBSERVER, Role.INSPECTOR):
                offers = ()
            elif actor.role is Role.DEALER:
                offers = self._dealer_offers()
            else:
                offers = tuple(player_offers(self, actor.name))
            memo[actor.text] = offers
        return offers

    def _offer(self, key: tuple[Any, ...], make: Callable[[], Offer]) -> Offer:
        """The offer ``key`` names (made by ``make`` the first time): an offer is an immutable
        value, so equal offers are one object, shared among actors and seqs; the key holds
        everything the offer is made of."""
        offers = self._offers
        offer = offers.get(key)
        if offer is None:
            if len(offers) >= _KEPT:
                offers.clear()
            offer = offers[key] = make()
        return offer

    def _dealer_offers(self) -> tuple[Offer, ...]:
        offers: list[Offer] = []
        command = self._house_command(self.last_at)
        if command is not None:
            kind = type(command)
            offers.append(
                self._offer(("house", kind), lambda: Offer(kind, {}, "the house's next step"))
            )
        game = self.game
        if (
            game.phase is Phase.READY
            and not isinstance(command, Shuffle)
            and game.can_shuffle()
            and self._present
        ):
            offers.append(
                self._offer(("shuffle",), lambda: Offer(Shuffle, {}, "shuffle a new shoe now"))
            )
        offers += self._extra_dealer_offers()
        if game.phase in (Phase.BETTING, Phase.DEALING):  # not once DEALT: the result is fixed
            offers.append(VOID_OFFER)
        return tuple(offers)

    # -- refusals ----------------------------------------------------------------------------

    def voidable(self) -> _Voidable:
        """The engine's dealer's void (both banking engines have it: VoidableBankingTable)."""
        return self.game  # type: ignore[return-value]

    def _verify(self, actor: Actor, command: Command, at: int) -> None:
        refuse(self, actor, command)

    # -- applying ----------------------------------------------------------------------------

    def _execute(self, actor: Actor, command: Command, at: int) -> list[Event]:
        if isinstance(command, VoidRound):
            events: list[Event] = [self.voidable().house_void(command.reason, actor.name)]
            self._after(events[0], at)
            return events
        events = (
            self._dealer(command)
            if actor.role is Role.DEALER
            else self._player(actor.name, command)
        )
        for event in events:
            self._after(event, at)
        return events

    def _player(self, name: str, command: Command) -> list[Event]:
        game = self.game
        if isinstance(command, Bet | Raise):  # the most frequent first (the kinds are apart)
            return [game.place_bet(name, command.place, command.bet, command.amount)]
        if isinstance(command, Done):
            return [BetsDone(name)]
        if isinstance(command, Sit):
            events: list[Event] = []
            if command.buy_in:
                events.append(ChipsIn(name, command.buy_in))
            events.append(Seated(name, command.place))
            return events
        if isinstance(command, BuyIn):
            return [ChipsIn(name, command.amount)]
        if isinstance(command, Leave):
            return [ChipsOut(name, self._chips(name))]
        if isinstance(command, Withdraw):
            return [game.withdraw_bet(name, command.place, command.bet)]
        raise RuleViolation("protocol", f"{command.TYPE!r} is not a player's command")

    def _dealer(self, command: Command) -> list[Event]:
        game = self.game
        events: list[Event] = []
        if isinstance(command, Shuffle):
            events += self._shuffle()
        elif isinstance(command, Burn):
            while game.can_burn():
                events.append(game.burn())
        elif isinstance(command, OpenRound):
            events.append(game.open_round())
        elif isinstance(command, CallBets):
            events.append(BettingReopened())
        elif isinstance(command, CloseBets):
            events.append(game.close_bets())
        elif isinstance(command, Deal):
            events += game.deal()
            events += self._reveal()
        elif isinstance(command, Settle):
            events.append(game.settle())
            if game.phase is Phase.NEEDS_SHUFFLE:  # the shoe is finished: its seed is due
                events += self._seeds_due()
        else:
            extra = self._extra_dealer_events(command)
            if extra is None:
                raise RuleViolation("protocol", f"{command.TYPE!r} is not a dealer's command")
            events += extra
        return events

    def _reveal(self, *, again: bool = False) -> list[Event]:
        """Every hand, once every card is out (and again after they moved: a rectified misdeal)."""
        game = self.game
        if game.phase is not Phase.DEALT or (self._revealed and not again):
            return []
        hands = game.hands
        return [HandsRevealed(tuple(hands), tuple(hands.values()))]

    def _shuffle(self) -> list[Event]:
        """A new shoe: an earlier shoe's seed first (the casino shuffles before its end), then
        a provably fair shuffle's commitment, then the shuffle."""
        game = self.game
        game.verify_shuffle()
        events: list[Event] = self._seeds_due()
        shuffler = self.source.next()
        if isinstance(shuffler, ProvablyFairShuffler):
            events.append(
                FairnessCommitted(shuffler.commitment, shuffler.client_seed, shuffler.nonce)
            )
            self._seeds[shuffler.commitment] = shuffler.server_seed.hex()
        events.append(game.shuffle(shuffler))
        return events

    def _seeds_due(self) -> list[Event]:
        return [FairnessRevealed(seed) for c in self._commitments if (seed := self._seed_of(c))]

    def _seed_of(self, commitment: str) -> str:
        """The server seed (hex) behind a commitment: from this process's shuffle, or (after a
        restart) from the source's key; "" when neither knows it."""
        seed = self._seeds.get(commitment)
        if seed is None and commitment in self._nonces:
            secret = self.source.secret(commitment, self._nonces[commitment])
            seed = "" if secret is None else secret.hex()
        return seed or ""

    def _replay_event(self, event: Event, entry: Entry) -> None:
        if isinstance(event, HouseVoid):
            check_void_entry(event, entry)
        if isinstance(event, OWN_EVENTS):
            self._check_own(event)
        else:
            self.game.follow([event])
        self._after(event, entry.at)

    def _check_own(self, event: Event) -> None:
        """A recorded event of the table's own, checked against the state."""
        check_own(self, event)

    # -- time and the house --------------------------------------------------------------------

    def waiting_on(self) -> tuple[Wait, ...]:
        # asked at every step: what it depends on is looked at directly (the table closed, the
        # phase, the window's deadline, who is present or done: see _waits), not the memo
        if self._closed or self.game.phase is not Phase.BETTING:
            return ()
        return self._waits()

    def _waits(self) -> tuple[Wait, ...]:
        # asked by waiting_on alone, once the table is open and betting (tested there)
        deadline = self._opened_at + self.options.betting_seconds * 1000
        roster, last_deadline, last = self._waits_last
        if roster == self._roster and last_deadline == deadline:
            return last  # nobody came, left or said done since, in the same window
        kept = self._waits_kept
        if last_deadline != deadline:
            # a new betting window: the last one's waits are never asked for again (kept, they
            # were ~70 MB at 60 tables after an hour, all scanned by the garbage collector)
            kept.clear()
        out: list[Wait] = []
        for name in self._present:
            if name not in self._done:
                wait = kept.get((name, deadline))
                if wait is None:
                    wait = kept[name, deadline] = Wait(
                        Actor.player(name),
                        deadline,
                        "betting_seconds",
                        "bet, raise, withdraw or say done",
                    )
                out.append(wait)
        waits = tuple(out)
        self._waits_last = (self._roster, deadline, waits)
        return waits

    def _timeout(self, actor: Actor, at: int) -> list[Event]:
        events: list[Event] = [BetsDone(actor.name)]
        for event in events:
            self._after(event, at)
        return events

    def _house_command(self, at: int) -> Command | None:
        game = self.game
        phase = game.phase
        if phase is Phase.NEEDS_SHUFFLE:
            return Shuffle() if self._present else None
        if phase is Phase.READY:
            if game.can_burn():  # football: one card per deck after the shuffle (Art 5.2)
                return Burn()
            return OpenRound() if self._present else None
        if phase is Phase.BETTING:
            if not self._present or not self._betting_over():
                return None
            return CloseBets() if self._stakes() else CallBets()
        if phase is Phase.DEALING:
            return Burn() if game.can_burn() else Deal()
        return self._dealt_command()

    def _dealt_command(self) -> Command | None:
        """The house's step once every card is out (a baccarat misdeal is rectified first)."""
        return Settle()

    def join_commands(self, player: str) -> tuple[Command, ...]:
        if player in self._present:
            return ()
        free = self._free_places()
        if free:
            return (Sit(free[0], DEFAULT_BUY_IN),)
        return (BuyIn(DEFAULT_BUY_IN),)

    def _check_closable(self) -> None:
        """Between rounds; or in a betting window where no stake was placed for the round (no
        card is out and nothing of the round is at stake: a stake carried over from the last
        round stays on the layout, as it does when the table closes between rounds)."""
        game = self.game
        if game.phase is Phase.BETTING and all(s.carried for s in game.stakes):
            return
        if game.phase not in (Phase.NEEDS_SHUFFLE, Phase.READY):
            raise RuleViolation(
                TABLES, f"round {self.game.round_number} is in play: settle it before closing"
            )

    def close(self, *, at: int) -> Applied:
        """Seal the table; a shoe not finished has its seed revealed first (no card of it will
        be dealt: the players can check the rounds it dealt)."""
        self._check_time(at)
        if not self.closed and self._commitments:
            self._check_closable()
            reveals = self._seeds_due()
            for i, event in enumerate(reveals):
                self._apply_table_event(event)
                self._append(
                    event,
                    Actor.HOUSE,
                    f"reveal:{self.seq - i}",
                    {"type": "reveal"} if i == 0 else None,
                    at,
                )
        return super().close(at=at)

    # -- what people see -------------------------------------------------------------------------

    def view(self, actor: Actor) -> dict[str, Any]:
        return table_view(self, actor)

    def _facts(self, actor: Actor) -> object | None:
        """A player's :class:`~croupier.games.banking_bots.BettorFacts`: the round and his own
        part of the view (``you``: place, chips, chips on the layout), as :meth:`view` gives
        them."""
        if not actor.is_player:
            return None
        name = actor.name
        by_player, chips = self._by_player()
        on_layout = 0
        for stake in by_player.get(name, ()):
            on_layout += stake.amount
        return BettorFacts(
            self.game.round_number, self._place.get(name), chips.get(name, 0), on_layout
        )

    @staticmethod
    def _total(cards: Sequence[Any]) -> int | None:
        return None

    def _shown(self, event: Event) -> Shown:
        if type(event) is CardDealt:
            if event.exposed:
                return Shown.PUBLIC
            return self._shown_dealt(event, self._card_viewers(event.to))
        if isinstance(event, ShoeShuffled):
            return Shown({"type": event.TYPE, **event.public()})
        if isinstance(event, CardBurned):
            return Shown({"type": event.TYPE, "card": HIDDEN})
        if isinstance(event, CardDealt) and not event.exposed:
            public = {"type": event.TYPE, "card": HIDDEN, "to": event.to, "exposed": False}
            return Shown.only(self._card_viewers(event.to), public)
        return Shown.PUBLIC

    def _shown_dealt(self, event: CardDealt, viewers: tuple[str, ...]) -> Shown:
        """A card dealt face down: its ``viewers`` (:meth:`_card_viewers`) see it, everyone
        else ``"##"`` (one ``Shown`` for each place and viewers: its forms are copied when
        served)."""
        key = (event.to, viewers)
        shown = self._dealt_shown.get(key)
        if shown is None:
            if len(self._dealt_shown) >= _KEPT:
                self._dealt_shown.clear()
            public = {"type": event.TYPE, "card": HIDDEN, "to": event.to, "exposed": False}
            shown = self._dealt_shown[key] = Shown.only(viewers, public)
        return shown

    def _finished(self, index: int) -> bool:
        """An inspector sees a closed round whole; outside a round, what belongs to a finished
        shoe (its shuffle's order, the burns after it) once the shoe is finished."""
        if self._round_of[index] >= 0:
            return super()._finished(index)
        return self._shoe_start < 0 or index < self._shoe_start or self._shoe_done

    def _append(
        self,
        event: Event,
        actor: Actor,
        command_id: str | None,
        command: Mapping[str, Any] | None,
        at: int,
    ) -> Entry:
        if type(event) is CardDealt:
            # most of a round's entries: no money, no round's edge (_money, _round_edge), seen
            # as _shown says (the adapters do not change these three), none of the kinds below
            if event.exposed:
                return self._append_quiet(event, actor, command_id, command, at, Shown.PUBLIC)
            viewers = self._card_viewers(event.to)
            shown = self._shown_dealt(event, viewers)
            entry = self._append_quiet(event, actor, command_id, command, at, shown)
            for name in viewers:
                self._seen.setdefault(name, []).append(event.card)
            return entry
        if type(event) is BetPlaced:
            # most of the other entries of a round, with a player done (below): public, no
            # round's edge, a stake's chips onto its account: what _money, _shown and
            # _round_edge say of it (the adapters do not change these), without asking them
            if event.amount:
                self._ledger.post(bet_tx(event, len(self._entries) + 1))
            return self._append_quiet(event, actor, command_id, command, at, Shown.PUBLIC)
        kind = type(event)
        if kind is BetsDone:  # public, no money, no round's edge
            return self._append_quiet(event, actor, command_id, command, at, Shown.PUBLIC)
        plain = _PLAIN.get(kind)
        if plain is None:
            plain = _PLAIN[kind] = not issubclass(kind, _WATCHED)
        if plain:  # a stake, a player done, ...: nothing below to do
            return super()._append(event, actor, command_id, command, at)
        if isinstance(event, FairnessRevealed):
            check_reveal(self, event)
        entry = super()._append(event, actor, command_id, command, at)
        if isinstance(event, FairnessCommitted):
            self._fair_queue.append(event)
        elif isinstance(event, ShoeShuffled) and self._fair_queue:
            last = self._fair_queue[-1]
            self._fair_shoes.setdefault(last.commitment, event)
        if isinstance(event, CardDealt) and not event.exposed:
            for name in self._card_viewers(event.to):
                self._seen.setdefault(name, []).append(event.card)
        elif isinstance(event, RoundOpened):
            self._seen = {}
        if isinstance(event, ShoeShuffled):
            self._shoe_start, self._shoe_done = entry.seq - 1, False
        elif isinstance(event, FairnessRevealed | TableClosed) or (
            isinstance(event, RoundSettled | RoundVoided | HouseVoid)
            and self.game.phase is Phase.NEEDS_SHUFFLE
        ):
            self._shoe_done = True  # no more cards of this shoe will be dealt
        return entry

    # -- money and rounds ------------------------------------------------------------------------

    def _money(self, event: Event, seq: int) -> Sequence[Tx]:
        return money_of(self, event, seq)

    def _round_edge(self, event: Event) -> Literal["open", "close"] | None:
        if type(event) is CardDealt:
            return None
        if isinstance(event, RoundOpened):
            return "open"
        if isinstance(event, RoundSettled | RoundVoided | HouseVoid):
            return "close"
        return None


#: the events ShoeTable._append does something for besides recording them
_WATCHED: Final = (
    FairnessRevealed,
    FairnessCommitted,
    ShoeShuffled,
    CardDealt,
    RoundOpened,
    TableClosed,
    RoundSettled,
    RoundVoided,
    HouseVoid,
)
#: event class -> none of _WATCHED (worked out at its first event)
_PLAIN: dict[type, bool] = {}
#: event class -> nothing for ShoeTable._after to fold: neither the table's own events nor a
#: round opened (worked out at its first event)
_QUIET: dict[type, bool] = {}
