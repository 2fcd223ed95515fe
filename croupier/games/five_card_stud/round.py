"""Poker de 5 Cartas, Portaria 104/85/M: the table as a state machine of commands and events.

:class:`StudGame` is a five-card stud table in the round protocol of :mod:`croupier.protocol`:
each command checks the articles (``verify_x`` raises a :class:`~croupier.errors.RuleViolation`
naming the article, ``can_x`` answers True/False), records frozen events
(:mod:`croupier.games.five_card_stud.events`) and folds them into the state, so any table is
rebuilt and re-checked from its log (:meth:`~StudGame.replay`, :meth:`~StudGame.from_record`).
No I/O, no clock, no global randomness: chance enters only through the shuffler handed to
:meth:`~StudGame.shuffle`, and time arrives as ``at`` (milliseconds of the table clock) on the
commands.

Seats are ``1..seats`` from the dealer's right, counterclockwise; "counterclockwise" is the next
seat number up, wrapping round.

==================================  ==============================================================
command (event)                     articles
==================================  ==============================================================
``seat_player`` (PlayerSeated)      Art 3 (one seat each, 2-7 seats), Art 6 (the minimum capital)
``top_up`` (PlayerToppedUp)         Art 6 (only between hands; below the threshold, up to the
                                    minimum capital)
``leave`` (PlayerLeft)              Art 6 (between hands, with all his capital)
``new_deck`` (DeckOpened)           Art 2 (a deck serves at most 10 deals)
``start_hand`` (HandStarted)        Art 7 (pot money), Art 8 (initial commission), Art 6 (the
                                    players who must top up are not dealt in)
``shuffle(shuffler)``               Art 2 (the dealer shuffles)
(ShoeShuffled)
``cut(seat, cards)`` (DeckCut)      Art 2 (at most two players, at least six cards)
``burn()`` (CardBurned)             Art 2, 10 a (the first card is set aside)
``deal()``, ``deal_card(to=)``      Art 10 a (up card, then key card, counterclockwise from the
(CardsDealt)                        dealer's right), 10 b-d (the next cards face up from the best
                                    showing hand)
``rectify()`` (MisdealRectified)    Art 11 e (misdealt cards given as the dealing order says)
``expose_key_card(seat)``           Art 11 d (the hand is dead, its pot money returned)
(KeyCardExposed)
``fold``, ``check``, ``bet``,       Art 10 b-d (who speaks, what he may do), Art 11 a (all in),
``call``, ``raise_to``              Art 11 c (only in turn)
(PlayerActed)
``time_out(seat, at)`` (TimedOut)   Art 11 b (two minutes, or the hand is folded)
``settle()`` (HandSettled)          Art 4, 9, 10 e, 11 a (showdown order, pots, commission)
==================================  ==============================================================

Readings (GAMES.md §5 and docs/rules.md §5):

* **Who is dealt in.** Every seated player whose capital is at least ``top_up_below`` (Art 6: a
  player below it must top up before he plays again) and covers his pot money.
* **Betting.** No limit beyond the player's capital on the table (the regulation sets none). The
  least opening bet is ``min_bet`` (the pot money by default). A raise adds at least the previous
  bet or raise (Art 10 b 3) unless the player goes all in; such a short all-in raise does not
  reopen the betting unless ``short_all_in_reopens``. A player who checked may only call or
  fold for the rest of that round (Art 10 c i 2), and nobody checks after a bet (Art 10 c iii).
  Round 1 has no check: the opener bets or folds (Art 10 b).
* **Order.** Before a bet the turn goes by showing strength (Art 10 b, c ii); after a bet,
  counterclockwise from the bettor (Art 10 b, c iii). Players all in are skipped; a round with
  fewer than two players able to bet is not played, the cards are dealt on.
* **Misdeals.** A card that reaches the wrong seat is recorded where it went; the engine holds
  it for the seat the dealing order gives it and betting waits for ``rectify`` (Art 11 e).
* **Key card exposed** (Art 11 d): during the deal, or in round 1 before anyone acts. The hand
  is dead and its pot money comes back from the pot; an ``each`` initial commission stays paid.
* **Time.** ``at`` never goes back. A turn's time runs from the ``at`` of the event that gave
  it; an action after ``time_limit_seconds`` is refused and ``time_out`` folds the hand (when the
  turn's start is unknown the floor's ``time_out`` is taken as it is).

A hand dealt from a seeded shuffle:

>>> from croupier.shuffle import SeededShuffler
>>> from croupier.games.five_card_stud.rules import StudTable
>>> game = StudGame(StudTable())
>>> _ = game.seat_player(1, "ana", 2000), game.seat_player(2, "rui", 2000), game.new_deck()
>>> game.start_hand().seats
(1, 2)
>>> _ = game.shuffle(SeededShuffler("doc"))
>>> _ = game.burn(), game.deal()
>>> game.up_cards(1), game.up_cards(2), game.to_act  # Art 10 b: the highest up card opens
((Card('Qh'),), (Card('As'),), 2)
>>> game.call(2)
Traceback (most recent call last):
...
croupier.errors.RuleViolation: Art 10 b: nobody has opened: seat 2 must open (bet) or fold
>>> _ = game.bet(2, 100), game.call(1)
>>> game.phase, game.pot
(<StudPhase.DEALING: 'dealing'>, 220)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Final

from croupier.cards import Card, Deck, format_cards
from croupier.errors import RecordError, RuleViolation
from croupier.events import CardBurned, ShoeShuffled, order_commitment
from croupier.games.five_card_stud.events import (
    Act,
    CardsDealt,
    DeckCut,
    DeckOpened,
    HandSettled,
    HandStarted,
    KeyCardExposed,
    MisdealRectified,
    PlayerActed,
    PlayerLeft,
    PlayerSeated,
    PlayerToppedUp,
    SeatRecord,
    TableRestored,
    TimedOut,
)
from croupier.games.five_card_stud.pots import award, build_pots, uncalled
from croupier.games.five_card_stud.rules import (
    DECK_SIZE,
    GAME,
    HAND_SIZE,
    MAX_CUTTERS,
    MIN_CUT,
    REGULATION,
    InitialCommission,
    ShowingTie,
    StudTable,
)
from croupier.protocol import Event, Game
from croupier.rank.model import RANK_BITS, RANK_MASK, STUD40
from croupier.rank.showing import ShowingOrder, ShowingRank, showing_rank
from croupier.records import is_int
from croupier.shuffle import Shuffler

__all__ = ["Legal", "Observation", "StudGame", "StudPhase", "showing"]

_DECK: Final = Deck.STUD_40
_PACK: Final = tuple(_DECK.cards)
_PACK_SET: Final = frozenset(_PACK)
_ACT_NAMES: Final = frozenset(a.value for a in Act)


_TABLES: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []


def _rank_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The STUD40 perfect-hash tables (Art 5), fetched once: a five-card strength is
    ``table[(s & RANK_MASK) + flush[s >> RANK_BITS]]`` with ``s`` the sum of the cards'
    values (:class:`croupier.rank.model.HashTables`; the tests compare it with ``rank``)."""
    if not _TABLES:
        t = STUD40.tables
        _TABLES.append((t.card_value, t.flush_offset, t.table))
    return _TABLES[0]


class StudPhase(StrEnum):
    """Where the table stands between commands."""

    IDLE = "idle"  #: between hands: seat, top up, leave, new deck, start a hand
    SHUFFLE = "shuffle"  #: pot money posted: the dealer shuffles
    CUT = "cut"  #: shuffled: up to two players cut, then the first card is burned
    DEALING = "dealing"  #: cards are being dealt (or a misdeal awaits rectification)
    BETTING = "betting"  #: a round of betting; ``to_act`` has the turn
    SHOWDOWN = "showdown"  #: betting over (or one player left): settle


_BEST: dict[int, ShowingRank] = {}
_NEWEST: dict[tuple[int, ...], ShowingRank] = {}
_MEMO_LIMIT: Final = 500_000


def showing(up: Sequence[Card], order: ShowingOrder = ShowingOrder.BEST_HAND) -> ShowingRank:
    """:func:`~croupier.rank.showing.showing_rank`, memoised (the best-hand order does not
    depend on the order the cards came in, so its memo is keyed by the set of cards)."""
    if order is ShowingOrder.BEST_HAND:
        mask = 0
        for c in up:
            mask |= 1 << c.code
        found = _BEST.get(mask)
        if found is None:
            found = showing_rank(up, order)
            if len(_BEST) < _MEMO_LIMIT:
                _BEST[mask] = found
        return found
    codes = tuple(c.code for c in up)
    hit = _NEWEST.get(codes)
    if hit is None:
        hit = showing_rank(up, order)
        if len(_NEWEST) < _MEMO_LIMIT:
            _NEWEST[codes] = hit
    return hit


@dataclass(frozen=True, slots=True)
class Legal:
    """What the player on turn may do: ``call`` is the chips a call puts in (None: no call
    possible), ``bet`` / ``raise_to`` the (least, most) amounts (None: not allowed).
    ``raise_to`` is the player's whole bet in this round after the raise."""

    seat: int
    fold: bool
    check: bool
    call: int | None
    bet: tuple[int, int] | None
    raise_to: tuple[int, int] | None


class Observation:
    """What one seat may know, for a bot: its own cards, everyone's up cards, the money.

    ``legal`` is taken when the observation is made; the other fields are read from the table
    when first asked for (a bot that only needs ``legal`` pays for nothing else), so read them
    before the next command changes the table."""

    __slots__ = ("_game", "_hand", "legal", "seat")

    def __init__(self, game: StudGame, hand: _Hand, seat: int, legal: Legal | None) -> None:
        self._game = game
        self._hand = hand
        self.seat = seat
        self.legal = legal

    @property
    def round(self) -> int:
        return self._hand.round

    @property
    def key(self) -> Card | None:
        return self._hand.key.get(self.seat)

    @property
    def up(self) -> tuple[Card, ...]:
        return tuple(self._hand.up[self.seat])

    @property
    def others_up(self) -> Mapping[int, tuple[Card, ...]]:
        """Up cards of the other players still in the hand."""
        h = self._hand
        return {s: tuple(h.up[s]) for s in h.live if s != self.seat}

    @property
    def stack(self) -> int:
        return self._game._stacks[self.seat]

    @property
    def stacks(self) -> Mapping[int, int]:
        stacks = self._game._stacks
        return {s: stacks[s] for s in self._hand.live}

    @property
    def pot(self) -> int:
        return self._game.pot

    @property
    def round_bets(self) -> Mapping[int, int]:
        h = self._hand
        return {s: h.round_bet[s] for s in h.live}


class _Hand:
    """The state of the hand in play (internal, mutable; only the fold writes it)."""

    __slots__ = (
        "acted",
        "acted_in_round",
        "checked",
        "commission",
        "contrib",
        "current",
        "cutters",
        "dead",
        "deduction",
        "folded",
        "key",
        "live",
        "min_raise",
        "misdealt",
        "number",
        "opened",
        "order",
        "pos",
        "queue",
        "round",
        "round_bet",
        "seats",
        "show_key",
        "shuffle",
        "speak",
        "street",
        "to_act",
        "turn_since",
        "up",
    )

    def __init__(self, event: HandStarted) -> None:
        self.number = event.number
        self.seats: tuple[int, ...] = event.seats
        self.commission = event.commission
        self.deduction = 0
        self.shuffle: ShoeShuffled | None = None
        self.order: list[Card] = []
        self.pos = 0
        self.cutters: list[int] = []
        self.up: dict[int, list[Card]] = {s: [] for s in event.seats}
        self.key: dict[int, Card] = {}
        self.live: list[int] = list(event.seats)
        self.folded: set[int] = set()
        self.dead: set[int] = set()
        self.contrib: dict[int, int] = dict.fromkeys(event.seats, event.pot_money)
        self.street = 0  #: cards each live seat holds once the current dealing is done
        self.queue: list[int] = []
        self.misdealt: list[tuple[Card, int, int]] = []
        self.round = 0
        self.opened = False
        self.current = 0
        self.min_raise = 0
        self.round_bet: dict[int, int] = dict.fromkeys(event.seats, 0)
        self.checked: set[int] = set()
        self.acted: set[int] = set()
        self.acted_in_round = False
        self.speak: list[int] = []
        self.to_act: int | None = None
        self.turn_since: int | None = None
        #: seat -> its showing cards' place in the order of Art 10 b-d (cached per dealing)
        self.show_key: dict[int, tuple[Any, ...]] = {}


class StudGame(Game[StudTable]):
    """A five-card stud table checked against Portaria 104/85/M (see the module docstring)."""

    GAME: ClassVar[str] = GAME
    REGULATION: ClassVar[str] = REGULATION
    EVENTS: ClassVar[tuple[type[Event], ...]] = (
        TableRestored,
        DeckOpened,
        PlayerSeated,
        PlayerToppedUp,
        PlayerLeft,
        HandStarted,
        ShoeShuffled,
        DeckCut,
        CardBurned,
        CardsDealt,
        MisdealRectified,
        KeyCardExposed,
        PlayerActed,
        TimedOut,
        HandSettled,
    )

    def __init__(self, options: StudTable | None = None) -> None:
        super().__init__(options or StudTable())
        self._players: dict[int, str] = {}
        self._stacks: dict[int, int] = {}
        self._deck = 0
        self._deck_deals = 0
        self._hands = 0
        self._hand: _Hand | None = None
        self._phase = StudPhase.IDLE
        self._clock: int | None = None
        self._house = 0
        self._settled: HandSettled | None = None
        self._pending: tuple[int, HandSettled] | None = None
        self._recorded: ShoeShuffled | None = None
        self._last_up: dict[int, tuple[Card, ...]] = {}

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> StudTable:
        return StudTable.from_dict(data)

    # -- public state --------------------------------------------------------------------------

    @property
    def phase(self) -> StudPhase:
        return self._phase

    @property
    def players(self) -> Mapping[int, str]:
        """Seat -> player."""
        return dict(self._players)

    @property
    def stacks(self) -> Mapping[int, int]:
        """Seat -> capital in front of the player (what is not in the pot)."""
        return dict(self._stacks)

    @property
    def house(self) -> int:
        """Everything the house has taken at this table (Art 8, 9)."""
        return self._house

    @property
    def hands_played(self) -> int:
        return self._hands

    @property
    def deck(self) -> tuple[int, int]:
        """(the deck's number, the deals it has served)."""
        return self._deck, self._deck_deals

    @property
    def needs_new_deck(self) -> bool:
        """True when no deck is open or the open one has served its deals (Art 2)."""
        return self._deck == 0 or self._deck_deals >= self.options.max_deals_per_deck

    @property
    def hand_number(self) -> int | None:
        return None if self._hand is None else self._hand.number

    @property
    def last_settlement(self) -> HandSettled | None:
        return self._settled

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is (betting only)."""
        return (
            None
            if self._hand is None or self._phase is not StudPhase.BETTING
            else (self._hand.to_act)
        )

    @property
    def turn_started_at(self) -> int | None:
        """The table-clock time the current turn began (None: unknown, or nobody on turn);
        Art 11 b's limit runs from it."""
        h = self._hand
        if h is None or self._phase is not StudPhase.BETTING:
            return None
        return h.turn_since

    @property
    def betting_round(self) -> int:
        return 0 if self._hand is None else self._hand.round

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Seats still in the hand (not folded, not dead), in seat order."""
        return () if self._hand is None else tuple(self._hand.live)

    @property
    def pot(self) -> int:
        """Everything in the pot now (less the initial commission taken from it)."""
        h = self._hand
        return 0 if h is None else sum(h.contrib.values()) - h.deduction

    def must_top_up(self, seat: int) -> bool:
        """Art 6: capital below the table's threshold after a hand."""
        return is_int(seat) and self._stacks.get(seat, 0) < self.options.top_up_below

    def up_cards(self, seat: int) -> tuple[Card, ...]:
        h = self._hand
        return () if h is None or not is_int(seat) or seat not in h.up else tuple(h.up[seat])

    def key_card(self, seat: int) -> Card | None:
        """The seat's key card (dealer's knowledge: views hide it from the others)."""
        return None if self._hand is None or not is_int(seat) else self._hand.key.get(seat)

    def contributions(self) -> Mapping[int, int]:
        """Seat -> everything it put in the pot this hand (pot money and bets)."""
        return {} if self._hand is None else dict(self._hand.contrib)

    # -- seats and money between hands ---------------------------------------------------------

    def verify_seat_player(self, seat: int, player: str, buy_in: int) -> None:
        self._check(PlayerSeated(seat, player, buy_in))

    def can_seat_player(self, seat: int, player: str, buy_in: int) -> bool:
        return self._can(self.verify_seat_player, seat, player, buy_in)

    def seat_player(self, seat: int, player: str, buy_in: int) -> PlayerSeated:
        """``player`` sits at the free ``seat`` with ``buy_in`` (at least ``min_buy_in``)."""
        return self._commit(PlayerSeated(seat, player, buy_in))

    def verify_top_up(self, seat: int, amount: int) -> None:
        self._check(PlayerToppedUp(seat, amount))

    def can_top_up(self, seat: int, amount: int) -> bool:
        return self._can(self.verify_top_up, seat, amount)

    def top_up(self, seat: int, amount: int) -> PlayerToppedUp:
        """Add capital between hands (Art 6)."""
        return self._commit(PlayerToppedUp(seat, amount))

    def verify_leave(self, seat: int) -> None:
        self._check(PlayerLeft(seat, self._stacks.get(self._check_seat_number(seat), 0)))

    def can_leave(self, seat: int) -> bool:
        return self._can(self.verify_leave, seat)

    def leave(self, seat: int) -> PlayerLeft:
        """The player leaves with his whole capital (Art 6)."""
        return self._commit(PlayerLeft(seat, self._stacks.get(self._check_seat_number(seat), 0)))

    def verify_new_deck(self) -> None:
        self._check(DeckOpened(self._deck + 1))

    def can_new_deck(self) -> bool:
        return self._can(self.verify_new_deck)

    def new_deck(self) -> DeckOpened:
        """Bring a new deck into play (Art 2), between hands."""
        return self._commit(DeckOpened(self._deck + 1))

    def restore(
        self, seats: Iterable[SeatRecord], *, deck: int, deck_deals: int, hands: int
    ) -> TableRestored:
        """Open an empty log with a table already in play (a hand history's starting point)."""
        return self._commit(TableRestored(tuple(seats), deck, deck_deals, hands))

    # -- the hand: pot money, shuffle, cut, burn -----------------------------------------------

    def dealt_in(self) -> tuple[int, ...]:
        """The seats the next hand would deal in (Art 6: not those who must top up)."""
        need = max(self.options.top_up_below, self.options.each_pays)
        return tuple(s for s in sorted(self._players) if self._stacks[s] >= need)

    def _start_event(self) -> HandStarted:
        seats = self.dealt_in()
        table = self.options
        commission = table.commission_per_hand
        if table.initial_commission is InitialCommission.EACH:
            commission *= len(seats)
        return HandStarted(self._hands + 1, seats, table.pot_money, commission)

    def verify_start_hand(self) -> None:
        self._check(self._start_event())

    def can_start_hand(self) -> bool:
        return self._can(self.verify_start_hand)

    def start_hand(self) -> HandStarted:
        """Collect the pot money and the initial commission: a new hand (Art 7, 8)."""
        return self._commit(self._start_event())

    def verify_shuffle(self) -> None:
        self._check_phase(StudPhase.SHUFFLE, StudPhase.CUT, what="shuffle", rule="Art 2")
        if self._hand is not None and self._hand.cutters:
            raise RuleViolation("Art 2", "the deck has been cut: it is shuffled before the cut")

    def shuffle(self, shuffler: Shuffler) -> ShoeShuffled:
        """The dealer shuffles the deck (Art 2); again at will until the first card is burned."""
        self.verify_shuffle()
        order = shuffler.shuffle(_PACK)
        event = ShoeShuffled.record(order, cut=0, cut_card_depth=None)
        self._recorded = event  # its commitment was just computed from its order
        try:
            return self._commit(event)
        finally:
            self._recorded = None

    def verify_cut(self, seat: int, cards: int) -> None:
        self._check(DeckCut(seat, cards))

    def can_cut(self, seat: int, cards: int) -> bool:
        return self._can(self.verify_cut, seat, cards)

    def cut(self, seat: int, cards: int) -> DeckCut:
        """The player at ``seat`` cuts ``cards`` cards (Art 2: at least six, two players at
        most)."""
        return self._commit(DeckCut(seat, cards))

    def _burn_event(self) -> CardBurned:
        h = self._hand
        if h is None or self._phase is not StudPhase.CUT:
            raise RuleViolation(
                "Art 2",
                f"the first card is burned after the shuffle and cut; "
                f"the table is at {self._phase}",
            )
        return CardBurned(h.order[h.pos])

    def verify_burn(self) -> None:
        self._check(self._burn_event())

    def burn(self) -> CardBurned:
        """The first card goes to the rack, unseen (Art 2, 10 a)."""
        return self._commit(self._burn_event())

    # -- dealing -------------------------------------------------------------------------------

    @property
    def dealing_order(self) -> tuple[int, ...]:
        """The seats still to receive a card in the current dealing, in order."""
        return () if self._hand is None else tuple(self._hand.queue)

    def _deal_event(self, count: int | None, to: int | None, at: int | None) -> CardsDealt:
        h = self._hand
        if h is None or self._phase is not StudPhase.DEALING or not h.queue:
            raise RuleViolation("Art 10", f"no card is due: the table is at {self._phase}")
        n = len(h.queue) if count is None else count
        if to is not None:
            n = 1
        if not 1 <= n <= len(h.queue):
            raise RuleViolation("Art 10", f"{len(h.queue)} cards are due, not {n}")
        if to is None:
            pairs = tuple(zip(h.queue[:n], h.order[h.pos : h.pos + n], strict=True))
        else:
            pairs = ((to, h.order[h.pos]),)
        return CardsDealt(pairs, at)

    def verify_deal(self, *, at: int | None = None) -> None:
        self._check(self._deal_event(None, None, at))

    def deal(self, *, at: int | None = None) -> CardsDealt:
        """Deal every card due now, in the order of Art 10 a-d."""
        return self._commit(self._deal_event(None, None, at))

    def verify_deal_card(self, *, to: int | None = None, at: int | None = None) -> None:
        self._check(self._deal_event(1, to, at))

    def deal_card(self, *, to: int | None = None, at: int | None = None) -> CardsDealt:
        """Deal the next card; ``to``: the seat it actually reached, when it is not the one the
        order gives (a misdeal, to be rectified: Art 11 e)."""
        return self._commit(self._deal_event(1, to, at))

    def _rectify_event(self, at: int | None) -> MisdealRectified:
        h = self._hand
        if h is None or not h.misdealt:
            raise RuleViolation("Art 11 e", "no misdealt card to rectify")
        return MisdealRectified(tuple(h.misdealt), at)

    def verify_rectify(self, *, at: int | None = None) -> None:
        self._check(self._rectify_event(at))

    def rectify(self, *, at: int | None = None) -> MisdealRectified:
        """Give every misdealt card to the seat the dealing order gives it (Art 11 e)."""
        return self._commit(self._rectify_event(at))

    @property
    def misdealt(self) -> tuple[tuple[Card, int, int], ...]:
        """(card, seat it reached, seat it belongs to) for each misdeal not yet rectified."""
        return () if self._hand is None else tuple(self._hand.misdealt)

    def verify_expose_key_card(self, seat: int, *, at: int | None = None) -> None:
        self._check(KeyCardExposed(seat, at))

    def expose_key_card(self, seat: int, *, at: int | None = None) -> KeyCardExposed:
        """Art 11 d: the key card of ``seat`` was revealed in the deal: the hand is dead and its
        pot money returned."""
        return self._commit(KeyCardExposed(seat, at))

    # -- betting -------------------------------------------------------------------------------

    def legal(self, seat: int | None = None) -> Legal | None:
        """What the player on turn may do (None: not his turn, or no betting now)."""
        h = self._hand
        if h is None or self._phase is not StudPhase.BETTING or h.to_act is None:
            return None
        if seat is not None and (type(seat) is not int or seat != h.to_act):
            return None
        s = h.to_act
        stack = self._stacks[s]
        owe = h.current - h.round_bet[s]
        if not h.opened:
            least = min(self.options.least_bet, stack)
            return Legal(s, True, h.round > 1, None, (least, stack), None)
        call = min(owe, stack)
        raise_to = None
        if s not in h.checked and s not in h.acted and stack > owe:
            top = h.round_bet[s] + stack
            raise_to = (min(h.current + h.min_raise, top), top)
        return Legal(s, True, False, call, None, raise_to)

    def _act_event(self, seat: int, action: Act, amount: int | None, at: int | None) -> PlayerActed:
        h = self._hand
        chips = 0
        if amount is not None and action in (Act.FOLD, Act.CHECK, Act.CALL):
            raise RuleViolation("Art 10", f"a {action} takes no amount, got {amount!r}")
        if type(seat) is not int:
            raise RuleViolation("Art 11 c", f"a seat is a whole number, got {seat!r}")
        if action is Act.CALL and h is not None and seat in h.round_bet:
            chips = min(h.current - h.round_bet[seat], self._stacks.get(seat, 0))
        elif action is Act.BET:
            chips = amount if amount is not None else 0
        elif action is Act.RAISE and h is not None and seat in h.round_bet:
            if not is_int(amount):
                raise RuleViolation("Art 10 b", f"a raise is to a whole amount, got {amount!r}")
            chips = amount - h.round_bet[seat]
        return PlayerActed(seat, action, chips, at)

    @staticmethod
    def _action(action: object) -> Act:
        if isinstance(action, Act):
            return action
        if isinstance(action, str) and action in _ACT_NAMES:
            return Act(action)
        names = ", ".join(a.value for a in Act)
        raise RecordError("action", f"unknown action {action!r}: the actions are {names}")

    def verify_act(
        self, seat: int, action: Act, amount: int | None = None, *, at: int | None = None
    ) -> None:
        self._check(self._act_event(seat, self._action(action), amount, at))

    def can_act(
        self, seat: int, action: Act, amount: int | None = None, *, at: int | None = None
    ) -> bool:
        return self._can(self.verify_act, seat, action, amount, at=at)

    def act(
        self, seat: int, action: Act, amount: int | None = None, *, at: int | None = None
    ) -> PlayerActed:
        """``seat`` acts: ``amount`` is the bet (BET) or the whole round bet after a raise
        (RAISE); FOLD, CHECK and CALL take none."""
        return self._commit(self._act_event(seat, self._action(action), amount, at))

    def fold(self, seat: int, *, at: int | None = None) -> PlayerActed:
        return self.act(seat, Act.FOLD, at=at)

    def check(self, seat: int, *, at: int | None = None) -> PlayerActed:
        return self.act(seat, Act.CHECK, at=at)

    def call(self, seat: int, *, at: int | None = None) -> PlayerActed:
        return self.act(seat, Act.CALL, at=at)

    def bet(self, seat: int, amount: int, *, at: int | None = None) -> PlayerActed:
        return self.act(seat, Act.BET, amount, at=at)

    def raise_to(self, seat: int, total: int, *, at: int | None = None) -> PlayerActed:
        return self.act(seat, Act.RAISE, total, at=at)

    def verify_time_out(self, seat: int, *, at: int | None = None) -> None:
        self._check(TimedOut(seat, at))

    def time_out(self, seat: int, *, at: int | None = None) -> TimedOut:
        """Art 11 b: the player on turn took more than the time allowed: his hand is folded."""
        return self._commit(TimedOut(seat, at))

    # -- settlement ----------------------------------------------------------------------------

    def showdown_order(self) -> tuple[int, ...]:
        """Art 10 e: from the right of the best four showing cards, counterclockwise (the best
        showing hand shows last). Empty with one player left."""
        h = self._hand
        if h is None or len(h.live) < 2:
            return ()
        # Art 10 b: suits do not decide who shows first at the showdown; between identical
        # showing ranks the seat nearer the dealer's right counts as the best (a reading)
        best = max(h.live, key=lambda s: (*self._showing_key(h, s)[:2], -s))
        return (*self._cyclic(h.live, best)[1:], best)

    def _settle_event(self) -> HandSettled:
        h = self._hand
        if h is None or self._phase is not StudPhase.SHOWDOWN:
            raise RuleViolation("Art 10 e", f"nothing to settle: the table is at {self._phase}")
        if self._pending is not None and self._pending[0] == len(self._log):
            return self._pending[1]
        table = self.options
        contrib = dict(h.contrib)
        live = h.live
        returned: list[tuple[int, int]] = []
        # dead hands (Art 11 d) had their pot money back: they are out of the reckoning; and
        # pot money is never a bet, so at most the bets come back
        back = uncalled({s: c for s, c in contrib.items() if s not in h.dead}, live)
        if back is not None:
            back = (back[0], min(back[1], contrib[back[0]] - table.pot_money))
        if back is not None and back[1] > 0:
            contrib[back[0]] -= back[1]
            returned.append(back)
        pots = build_pots(contrib, live, h.deduction)
        order = self.showdown_order()
        strengths: dict[int, int] = {}
        if order:
            cv, flush, table5 = _rank_tables()
            for s in order:
                total = cv[h.key[s].code]
                for c in h.up[s]:
                    total += cv[c.code]
                strengths[s] = table5[(total & RANK_MASK) + flush[total >> RANK_BITS]]
        results = tuple(
            award(
                p, strengths, order or tuple(live), table.house_rate, table.rounding, table.odd_chip
            )
            for p in pots
        )
        stacks = dict(self._stacks)
        for seat, amount in returned:
            stacks[seat] += amount
        house = h.commission
        for r in results:
            house += r.commission + r.odd_to_house
            for seat, amount in r.paid:
                stacks[seat] += amount
        event = HandSettled(
            h.number,
            order,
            tuple((s, h.key[s]) for s in order),
            tuple(returned),
            results,
            h.commission,
            house,
            tuple(sorted(stacks.items())),
        )
        self._pending = (len(self._log), event)
        return event

    def verify_settle(self) -> None:
        self._check(self._settle_event())

    def settle(self) -> HandSettled:
        """Show down in the order of Art 10 e and pay the pots (Art 4, 9, 11 a)."""
        return self._commit(self._settle_event())

    # -- the fold: checks ----------------------------------------------------------------------

    def _check_phase(self, *phases: StudPhase, what: str, rule: str) -> None:
        if self._phase not in phases:
            raise RuleViolation(rule, f"cannot {what} now: the table is at {self._phase}")

    def _check_time(self, at: int | None) -> None:
        if at is None:
            return
        if not is_int(at) or at < 0:
            raise RecordError("at", f"'at' must be whole milliseconds >= 0, got {at!r}")
        if self._clock is not None and at < self._clock:
            raise RuleViolation("table clock", f"time runs forward: {at} is before {self._clock}")

    def _check_seat_number(self, seat: object) -> int:
        if not is_int(seat) or not 1 <= seat <= self.options.seats:
            raise RuleViolation("Art 3", f"the seats are 1 to {self.options.seats}, got {seat!r}")
        return seat

    def _check(self, event: Event) -> None:
        check = _CHECKS.get(type(event))
        if check is None:
            self._check_table(event)
        else:
            check(self, event)

    def _check_settled(self, event: HandSettled) -> None:
        if event != self._settle_event():
            raise RuleViolation(
                "Art 4, 9, 10 e", "the settlement recorded is not the one the hand gives"
            )

    def _check_burned(self, event: CardBurned) -> None:
        if event != self._burn_event():
            raise RuleViolation(
                "Art 2", f"the first card is {self._burn_event().card}, not {event.card}"
            )

    def _check_rectified(self, event: MisdealRectified) -> None:
        self._check_time(event.at)
        if event != self._rectify_event(event.at):
            raise RuleViolation(
                "Art 11 e", "each misdealt card goes to the seat the dealing order gives it"
            )

    def _check_table(self, event: Event) -> None:
        if isinstance(event, TableRestored):
            self._check_restored(event)
            return
        if self._phase is not StudPhase.IDLE:
            raise RuleViolation(
                "Art 2" if isinstance(event, DeckOpened) else "Art 3, 6",
                f"hand {self.hand_number} is in play: seats, capital and decks change "
                "only between hands",
            )
        if isinstance(event, DeckOpened):
            if event.number != self._deck + 1:
                raise RuleViolation("Art 2", f"the next deck is number {self._deck + 1}")
        elif isinstance(event, PlayerSeated):
            seat = self._check_seat_number(event.seat)
            if seat in self._players:
                raise RuleViolation("Art 3", f"seat {seat} is taken by {self._players[seat]}")
            name = event.player
            if not isinstance(name, str) or not name or name != name.strip():
                raise RecordError("player", f"a player is a non-empty name, got {name!r}")
            if name in self._players.values():
                raise RuleViolation("Art 3", f"{name} already has a seat: one seat per player")
            if not is_int(event.buy_in) or event.buy_in < self.options.min_buy_in:
                raise RuleViolation(
                    "Art 6",
                    f"the least capital at this table is {self.options.min_buy_in}, "
                    f"got {event.buy_in!r}",
                )
        elif isinstance(event, PlayerToppedUp):
            seat = self._check_seated(event.seat)
            if not is_int(event.amount) or event.amount < 1:
                raise RuleViolation(
                    "Art 6", f"a top-up is a whole amount >= 1, got {event.amount!r}"
                )
            after = self._stacks[seat] + event.amount
            if self.must_top_up(seat) and after < self.options.min_buy_in:
                raise RuleViolation(
                    "Art 6",
                    f"seat {seat} is below {self.options.top_up_below}: the top-up must "
                    f"bring the capital to at least {self.options.min_buy_in}, not {after}",
                )
        elif isinstance(event, PlayerLeft):
            seat = self._check_seated(event.seat)
            if event.cash_out != self._stacks[seat]:
                raise RuleViolation(
                    "Art 6",
                    f"a player leaves with all his capital "
                    f"({self._stacks[seat]}), no partial withdrawal",
                )

    def _check_seated(self, seat: object) -> int:
        seat = self._check_seat_number(seat)
        if seat not in self._players:
            raise RuleViolation("Art 3", f"nobody sits at seat {seat}")
        return seat

    def _check_restored(self, event: TableRestored) -> None:
        if self._log:
            raise RuleViolation("records", "a table is restored only at the start of a log")
        seen: set[str] = set()
        seats: set[int] = set()
        for record in event.seats:
            seat = self._check_seat_number(record.seat)
            if seat in seats or record.player in seen or not record.player:
                raise RuleViolation("Art 3", f"seat {seat} or player {record.player!r} twice")
            if not is_int(record.stack) or record.stack < 0:
                raise RecordError("stack", f"a stack is a whole amount >= 0, got {record.stack!r}")
            seats.add(seat)
            seen.add(record.player)
        for name in ("deck", "deck_deals", "hands"):
            value = getattr(event, name)
            if not is_int(value) or value < 0:
                raise RecordError(name, f"{name} must be a whole number >= 0, got {value!r}")
        if event.deck_deals > self.options.max_deals_per_deck or (
            event.deck == 0 and event.deck_deals
        ):
            raise RuleViolation(
                "Art 2", f"deck {event.deck} cannot have served {event.deck_deals} deals"
            )

    def _check_started(self, event: HandStarted) -> None:
        if self._phase is not StudPhase.IDLE:
            raise RuleViolation("Art 10", f"hand {self.hand_number} is still in play")
        if self.needs_new_deck:
            raise RuleViolation(
                "Art 2",
                f"deck {self._deck} has served {self._deck_deals} deals (at most "
                f"{self.options.max_deals_per_deck}): open a new deck"
                if self._deck
                else "no deck is open: open one",
            )
        expected = self._start_event()
        if len(expected.seats) < 2:
            raise RuleViolation(
                "Art 3", f"a hand needs two players able to play, got {len(expected.seats)}"
            )
        if event != expected:
            raise RuleViolation("Art 6-8", f"the hand starts as {expected}, not {event}")

    def _check_shuffled(self, event: ShoeShuffled) -> None:
        h = self._hand
        if h is None or self._phase not in (StudPhase.SHUFFLE, StudPhase.CUT):
            raise RuleViolation("Art 2", f"cannot shuffle now: the table is at {self._phase}")
        if h.cutters:
            raise RuleViolation("Art 2", "the deck has been cut: it is shuffled before the cut")
        if len(event.order) != DECK_SIZE or set(event.order) != _PACK_SET:
            raise RuleViolation("Art 1 a", "a shuffle is an order of the whole 40-card deck")
        if event.cut != 0 or event.cut_card_depth is not None:
            raise RuleViolation("Art 2", "players cut the deck after the shuffle (deck_cut)")
        if event is not self._recorded and event.commitment != order_commitment(event.order):
            raise RuleViolation("commitment", "the commitment is not the order's SHA-256")

    def _check_cut(self, event: DeckCut) -> None:
        h = self._hand
        if h is None or self._phase is not StudPhase.CUT:
            raise RuleViolation("Art 2", f"cannot cut now: the table is at {self._phase}")
        if not is_int(event.seat) or event.seat not in h.seats:
            raise RuleViolation("Art 2", f"seat {event.seat!r} is not a player in this hand")
        if event.seat in h.cutters:
            raise RuleViolation("Art 2", f"seat {event.seat} has cut already")
        if len(h.cutters) >= MAX_CUTTERS:
            raise RuleViolation("Art 2", f"at most {MAX_CUTTERS} players cut")
        if not is_int(event.cards) or not MIN_CUT <= event.cards <= DECK_SIZE - MIN_CUT:
            raise RuleViolation(
                "Art 2",
                f"a cut takes at least {MIN_CUT} cards and leaves {MIN_CUT}, got {event.cards!r}",
            )

    def _check_dealt(self, event: CardsDealt) -> None:
        h = self._hand
        self._check_time(event.at)
        if h is None or self._phase is not StudPhase.DEALING or not h.queue:
            raise RuleViolation("Art 10", f"no card is due: the table is at {self._phase}")
        if not event.cards or len(event.cards) > len(h.queue):
            raise RuleViolation("Art 10", f"{len(h.queue)} cards are due, not {len(event.cards)}")
        pos = h.pos
        for i, (seat, card) in enumerate(event.cards):
            if card is not h.order[pos + i]:
                raise RuleViolation("Art 10", f"the next card is {h.order[pos + i]}, not {card}")
            if type(seat) is not int or seat != h.queue[i]:
                self._check_seat_number(seat)

    def _check_exposed(self, event: KeyCardExposed) -> None:
        h = self._hand
        self._check_time(event.at)
        early = self._phase is StudPhase.DEALING and h is not None and h.street == 2
        if self._phase is StudPhase.BETTING and h is not None and h.round == 1:
            early = not h.acted_in_round
        if h is None or not early:
            raise RuleViolation(
                "Art 11 d", "a key card is exposed in the deal only (before round 1's first action)"
            )
        if not is_int(event.seat) or event.seat not in h.key or event.seat not in h.live:
            raise RuleViolation("Art 11 d", f"seat {event.seat!r} holds no key card in play")

    def _check_timed_out(self, event: TimedOut) -> None:
        h = self._hand
        self._check_time(event.at)
        if h is None or self._phase is not StudPhase.BETTING:
            raise RuleViolation("Art 11 b", f"nobody is on turn: the table is at {self._phase}")
        if not is_int(event.seat) or event.seat != h.to_act:
            raise RuleViolation(
                "Art 11 b", f"seat {event.seat} is not on turn (seat {h.to_act} is)"
            )
        limit = self.options.time_limit_ms
        if limit is None:
            raise RuleViolation("Art 11 b", "this table enforces no time limit")
        if h.turn_since is not None:
            if event.at is None:
                raise RuleViolation("Art 11 b", "a time-out needs the time ('at')")
            if event.at - h.turn_since < limit:  # the turn is [start, start + limit)
                raise RuleViolation(
                    "Art 11 b",
                    f"seat {event.seat} has until {h.turn_since + limit} ms to act, it is "
                    f"{event.at}",
                )

    def _check_acted(self, event: PlayerActed) -> None:
        h = self._hand
        self._check_time(event.at)
        if h is None or self._phase is not StudPhase.BETTING:
            raise RuleViolation("Art 11 c", f"nobody may bet now: the table is at {self._phase}")
        seat = event.seat
        if type(seat) is not int or seat != h.to_act:
            raise RuleViolation(
                "Art 11 c", f"seat {seat} acts out of turn: seat {h.to_act} is to act"
            )
        limit = self.options.time_limit_ms
        if (
            limit is not None
            and event.at is not None
            and h.turn_since is not None
            and event.at - h.turn_since >= limit
        ):
            raise RuleViolation(
                "Art 11 b", f"seat {seat}'s time is up: the hand is folded (time_out)"
            )
        action = event.action
        chips = event.chips
        if type(chips) is not int:
            raise RecordError("chips", f"chips must be a whole amount, got {chips!r}")
        stack = self._stacks[seat]
        owe = h.current - h.round_bet[seat]
        if chips > stack:
            raise RuleViolation(
                "Art 11 a", f"seat {seat} has {stack} on the table, cannot put in {chips}"
            )
        if action is Act.FOLD or action is Act.CHECK:
            if chips:
                raise RuleViolation("Art 10", f"a {action} puts in no chips")
            if action is Act.CHECK:
                if h.round == 1 and not h.opened:
                    raise RuleViolation(
                        "Art 10 b", f"nobody has opened: seat {seat} must open (bet) or fold"
                    )
                if h.opened:
                    raise RuleViolation(
                        "Art 10 c iii", "nobody checks after a bet: call, raise or fold"
                    )
            return
        if action is Act.CALL:
            if not h.opened:
                rule = "Art 10 b" if h.round == 1 else "Art 10 c"
                detail = (
                    f"nobody has opened: seat {seat} must open (bet) or fold"
                    if h.round == 1
                    else "there is no bet to call: check or bet"
                )
                raise RuleViolation(rule, detail)
            if chips != min(owe, stack):
                raise RuleViolation("Art 10 b 2", f"a call puts in {min(owe, stack)}, not {chips}")
            return
        if action is Act.BET:
            if h.opened:
                raise RuleViolation("Art 10 b 3", "there is a bet already: call, raise or fold")
            least = self.options.least_bet
            if chips < least and chips != stack:
                raise RuleViolation("min_bet", f"the least bet is {least} (or all in), got {chips}")
            if chips < 1:
                raise RuleViolation("min_bet", f"a bet is at least 1, got {chips}")
            return
        # RAISE
        if not h.opened:
            raise RuleViolation("Art 10 b 3", "nothing to raise: bet")
        if seat in h.checked:
            raise RuleViolation(
                "Art 10 c i 2", f"seat {seat} checked this round: he may only call or fold"
            )
        if seat in h.acted:
            raise RuleViolation(
                "Art 10 b 3", f"seat {seat} has acted and no full raise has followed: call or fold"
            )
        increment = chips - owe
        if increment <= 0:
            raise RuleViolation("Art 10 b 3", f"a raise puts in more than the {owe} owed")
        if increment < h.min_raise and chips != stack:
            raise RuleViolation(
                "Art 10 b 3",
                f"a raise adds at least the previous bet or raise ({h.min_raise}) "
                f"unless all in: raise to at least {h.current + h.min_raise}",
            )

    # -- the fold: apply -----------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        at = getattr(event, "at", None)
        if at is not None:
            self._clock = at
        apply = _APPLIES.get(type(event))
        if apply is None:
            self._apply_table(event)
        else:
            h = self._hand
            assert h is not None or type(event) is HandStarted
            apply(self, h, event)

    def _apply_timed_out(self, h: _Hand, event: TimedOut) -> None:
        h.acted_in_round = True
        self._fold_out(h, event.seat)
        if self._phase is StudPhase.BETTING:
            self._after_action(h, event.seat, event.at)

    def _apply_shuffled(self, h: _Hand, event: ShoeShuffled) -> None:
        h.shuffle = event
        h.order = list(event.order)
        h.pos = 0
        self._phase = StudPhase.CUT

    def _apply_cut(self, h: _Hand, event: DeckCut) -> None:
        h.cutters.append(event.seat)
        h.order = h.order[event.cards :] + h.order[: event.cards]

    def _apply_burned(self, h: _Hand, event: CardBurned) -> None:
        h.pos += 1
        h.street = 2
        h.queue = list(h.seats) + list(h.seats)
        self._phase = StudPhase.DEALING

    def _apply_rectified(self, h: _Hand, event: MisdealRectified) -> None:
        h.misdealt.clear()
        if not h.queue:
            self._begin_round(h, event.at)

    def _apply_table(self, event: Event) -> None:
        if isinstance(event, DeckOpened):
            self._deck = event.number
            self._deck_deals = 0
        elif isinstance(event, PlayerSeated):
            self._players[event.seat] = event.player
            self._stacks[event.seat] = event.buy_in
        elif isinstance(event, PlayerToppedUp):
            self._stacks[event.seat] += event.amount
        elif isinstance(event, PlayerLeft):
            del self._players[event.seat]
            del self._stacks[event.seat]
        elif isinstance(event, TableRestored):
            for record in event.seats:
                self._players[record.seat] = record.player
                self._stacks[record.seat] = record.stack
            self._deck = event.deck
            self._deck_deals = event.deck_deals
            self._hands = event.hands

    def _apply_started(self, h: _Hand | None, event: HandStarted) -> None:
        h = _Hand(event)
        each = self.options.initial_commission is InitialCommission.EACH
        per_seat = event.pot_money + (self.options.commission_per_hand if each else 0)
        for s in event.seats:
            self._stacks[s] -= per_seat
        if not each:
            h.deduction = event.commission
        self._hand = h
        self._hands = event.number
        self._deck_deals += 1
        self._settled = None
        self._phase = StudPhase.SHUFFLE

    def _apply_dealt(self, h: _Hand, event: CardsDealt) -> None:
        for seat, card in event.cards:
            intended = h.queue.pop(0)
            h.pos += 1
            if h.street == 2 and h.up[intended]:
                h.key[intended] = card
            else:
                h.up[intended].append(card)
                h.show_key.pop(intended, None)
            if seat != intended:
                h.misdealt.append((card, seat, intended))
        if not h.queue and not h.misdealt:
            self._begin_round(h, event.at)

    def _apply_exposed(self, h: _Hand, event: KeyCardExposed) -> None:
        seat = event.seat
        h.dead.add(seat)
        h.live.remove(seat)
        refund = h.contrib[seat]
        h.contrib[seat] = 0
        self._stacks[seat] += refund
        # the exposed key card was the seat's last card of the first dealing, so the queue
        # holds no card for it; in the deal, dealing goes on to the others
        if len(h.live) == 1:
            h.queue.clear()
            self._phase = StudPhase.SHOWDOWN
        elif self._phase is StudPhase.BETTING:  # round 1, nobody has acted: begin it again
            h.round = 0
            self._begin_round(h, event.at)

    def _apply_acted(self, h: _Hand, event: PlayerActed) -> None:
        seat = event.seat
        action = event.action
        chips = event.chips
        h.acted_in_round = True
        if action is Act.FOLD:
            self._fold_out(h, seat)
        elif action is Act.CHECK:
            h.checked.add(seat)
        else:
            if chips:
                self._stacks[seat] -= chips
                h.contrib[seat] += chips
                h.round_bet[seat] += chips
            if action is Act.BET:
                h.opened = True
                h.current = h.round_bet[seat]
                h.min_raise = max(chips, self.options.least_bet)
                h.acted = {seat}
            elif action is Act.RAISE:
                increment = h.round_bet[seat] - h.current
                h.current = h.round_bet[seat]
                if increment >= h.min_raise:
                    h.min_raise = increment
                    h.acted = {seat}
                elif self.options.short_all_in_reopens:
                    h.acted = {seat}
                else:
                    h.acted.add(seat)
            else:  # CALL
                h.acted.add(seat)
        if self._phase is StudPhase.BETTING:
            self._after_action(h, seat, event.at)

    def _apply_settled(self, h: _Hand, event: HandSettled) -> None:
        for seat, stack in event.stacks:
            self._stacks[seat] = stack
        self._house += event.house
        self._settled = event
        self._last_up = {s: tuple(h.up[s]) for s in h.seats}
        self._hand = None
        self._pending = None
        self._phase = StudPhase.IDLE

    # -- turn logic ----------------------------------------------------------------------------

    def _fold_out(self, h: _Hand, seat: int) -> None:
        h.folded.add(seat)
        h.live.remove(seat)
        if len(h.live) == 1:
            h.to_act = None
            self._phase = StudPhase.SHOWDOWN

    def _cyclic(self, among: Sequence[int], start: int) -> tuple[int, ...]:
        """``among`` (in seat order) from ``start`` counterclockwise (seat numbers up)."""
        i = among.index(start)
        return tuple(among[i:]) + tuple(among[:i])

    def _showing_key(self, h: _Hand, seat: int) -> tuple[Any, ...]:
        found = h.show_key.get(seat)
        if found is None:
            found = h.show_key[seat] = self._showing_key_of(h, seat)
        return found

    def _showing_key_of(self, h: _Hand, seat: int) -> tuple[Any, ...]:
        up = h.up[seat]
        if len(up) == 1:  # Art 10 b: the up card, suits break ties
            r = showing(up, ShowingOrder.BEST_HAND)
            return (r.category, r.key, r.suits, 0)
        r = showing(up, self.options.showing_order)
        if self.options.showing_tie is ShowingTie.SUITS:
            return (r.category, r.key, r.suits, 0)
        return (r.category, r.key, (), -seat)

    def _best_showing(self, seats: Sequence[int]) -> int:
        h = self._hand
        assert h is not None
        return max(seats, key=lambda s: self._showing_key(h, s))

    def _begin_round(self, h: _Hand, at: int | None) -> None:
        """A new round of betting once every card of the dealing is out and none misdealt (or
        the cards are dealt on when fewer than two players can bet)."""
        h.round += 1
        h.opened = False
        h.current = 0
        h.min_raise = self.options.least_bet
        h.round_bet = dict.fromkeys(h.seats, 0)
        h.checked = set()
        h.acted = set()
        h.acted_in_round = False
        able = [s for s in h.live if self._stacks[s] > 0]
        if len(able) < 2:
            self._round_over(h, at)
            return
        h.speak = sorted(able, key=lambda s: self._showing_key(h, s), reverse=True)
        h.to_act = h.speak[0]
        h.turn_since = at
        self._phase = StudPhase.BETTING

    def _after_action(self, h: _Hand, seat: int, at: int | None) -> None:
        nxt: int | None = None
        if not h.opened:
            for s in h.speak:
                if s in h.checked or s not in h.live or self._stacks[s] == 0:
                    continue
                nxt = s
                break
        else:
            order = h.seats
            i = order.index(seat)
            n = len(order)
            stacks = self._stacks
            for k in range(1, n):
                s = order[(i + k) % n]
                if s not in h.live or stacks[s] == 0:
                    continue
                if s not in h.acted or h.round_bet[s] < h.current:
                    nxt = s
                    break
        if nxt is None:
            self._round_over(h, at)
        else:
            h.to_act = nxt
            h.turn_since = at

    def _round_over(self, h: _Hand, at: int | None) -> None:
        h.to_act = None
        if len(h.live) == 1 or h.street == HAND_SIZE:
            self._phase = StudPhase.SHOWDOWN
            return
        h.street += 1
        h.queue = list(self._cyclic(h.live, self._best_showing(h.live)))
        self._phase = StudPhase.DEALING
        h.turn_since = at

    # -- views ---------------------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (its own key card, everyone's up cards, the money)."""
        h = self._hand
        if h is None or not is_int(seat) or seat not in h.up:
            raise RuleViolation("Art 3", f"seat {seat} is not in a hand")
        return Observation(self, h, seat, self.legal(seat))

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """JSON-ready state as ``seat`` sees it (None: the public display). Key cards are seen
        by their owner, and by everyone once shown at the showdown; never the undealt deck."""
        if seat is not None and not is_int(seat):
            raise RuleViolation("Art 3", f"a seat is a whole number, got {seat!r}")
        h = self._hand
        out: dict[str, Any] = {
            "game": GAME,
            "regulation": REGULATION,
            "phase": self._phase.value,
            "hands_played": self._hands,
            "deck": {"number": self._deck, "deals": self._deck_deals},
            "house": self._house,
            "seats": {
                str(s): {
                    "player": self._players[s],
                    "stack": self._stacks[s],
                    "must_top_up": self.must_top_up(s),
                }
                for s in sorted(self._players)
            },
        }
        if h is not None:
            hand: dict[str, Any] = {
                "number": h.number,
                "round": h.round,
                "pot": self.pot,
                "to_act": self.to_act,
                "in_hand": list(h.live),
                "folded": sorted(h.folded),
                "dead": sorted(h.dead),
                "commitment": None if h.shuffle is None else h.shuffle.commitment,
                "cutters": list(h.cutters),
                "up": {str(s): format_cards(h.up[s]) for s in h.seats},
                "bets": {str(s): h.round_bet[s] for s in h.seats},
                "put_in": {str(s): h.contrib[s] for s in h.seats},
                # a key card dealt to the wrong seat stays face down: only its owner sees it
                "misdealt": [
                    [str(c) if h.key.get(b) is not c or seat == b else "??", a, b]
                    for c, a, b in h.misdealt
                ],
            }
            if seat is not None and seat in h.key:
                hand["key"] = str(h.key[seat])
            legal = self.legal(seat) if seat is not None else None
            if legal is not None:
                hand["legal"] = {
                    "fold": legal.fold,
                    "check": legal.check,
                    "call": legal.call,
                    "bet": None if legal.bet is None else list(legal.bet),
                    "raise_to": None if legal.raise_to is None else list(legal.raise_to),
                }
            out["hand"] = hand
        if self._settled is not None:
            last = self._settled
            out["last_hand"] = {
                "number": last.number,
                "showdown": list(last.showdown),
                "shown": {str(s): str(c) for s, c in last.shown},
                "up": {str(s): format_cards(c) for s, c in self._last_up.items()},
                "returned": [list(r) for r in last.returned],
                "pots": [
                    {
                        "amount": p.amount,
                        "eligible": list(p.eligible),
                        "winners": list(p.winners),
                        "commission": p.commission,
                        "paid": {str(s): a for s, a in p.paid},
                    }
                    for p in last.pots
                ],
                "initial_commission": last.initial_commission,
                "house": last.house,
            }
        return out


# dispatch of the fold by event type (the hot path: one dict lookup per event)
_CHECKS: Final[dict[type[Event], Callable[[StudGame, Any], None]]] = {
    PlayerActed: StudGame._check_acted,
    CardsDealt: StudGame._check_dealt,
    HandSettled: StudGame._check_settled,
    HandStarted: StudGame._check_started,
    ShoeShuffled: StudGame._check_shuffled,
    CardBurned: StudGame._check_burned,
    DeckCut: StudGame._check_cut,
    TimedOut: StudGame._check_timed_out,
    KeyCardExposed: StudGame._check_exposed,
    MisdealRectified: StudGame._check_rectified,
}
_APPLIES: Final[dict[type[Event], Callable[[StudGame, Any, Any], None]]] = {
    PlayerActed: StudGame._apply_acted,
    CardsDealt: StudGame._apply_dealt,
    TimedOut: StudGame._apply_timed_out,
    HandStarted: StudGame._apply_started,
    ShoeShuffled: StudGame._apply_shuffled,
    DeckCut: StudGame._apply_cut,
    CardBurned: StudGame._apply_burned,
    HandSettled: StudGame._apply_settled,
    KeyCardExposed: StudGame._apply_exposed,
    MisdealRectified: StudGame._apply_rectified,
}
