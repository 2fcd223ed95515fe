"""Five-card stud (Portaria 104/85/M): the table's state and the fold that updates it.

:class:`StudState` holds what a table knows (seats, capital, the deck, the hand in play as a
:class:`HandState`) and folds each checked event into it (``_apply_*``), including the turn
logic of Art 10 b-d (who speaks, who is dealt the next card first; the showing cards' keys
are :mod:`~croupier.games.five_card_stud.order`'s). The checks live in
:mod:`~croupier.games.five_card_stud.checks`, the commands in
:mod:`~croupier.games.five_card_stud.round`
(:class:`~croupier.games.five_card_stud.round.StudGame`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Final

from croupier.canonical import card_notation, kept_names
from croupier.card_events import CardBurned, ShoeShuffled
from croupier.cards import Card, Deck
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
    TableRestored,
    TimedOut,
    TopUpsDue,
)
from croupier.games.five_card_stud.hand import HandState
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.order import PLACE_PREFIX_SHIFT as _PREFIX
from croupier.games.five_card_stud.order import ShowingKeys, best_showing, place_number, showing
from croupier.games.five_card_stud.prebuilt import prime_ranking, prime_showing
from croupier.games.five_card_stud.rules import (
    GAME,
    HAND_SIZE,
    REGULATION,
    InitialCommission,
    ReraiseMinimum,
    TopUpDuty,
)
from croupier.games.void import ARTICLES, HouseVoid, refund_line
from croupier.protocol import Event, Game
from croupier.rank.model import STUD40, RankRules
from croupier.rank.showing import _OTHER_SUITS, _SUITED, ShowingCategory
from croupier.records import is_int

__all__ = [
    "HandState",
    "ShowingKeys",
    "StudPhase",
    "StudState",
    "best_showing",
    "rank_tables",
    "showing",
]

DECK: Final = Deck.STUD_40

PACK: Final = tuple(DECK.cards)

PACK_CODES: Final = frozenset(c.code for c in PACK)


def _pack_notation() -> frozenset[str]:
    """The notation of each card of the pack (a card's notation is its code's alone): the very
    strings :func:`~croupier.canonical.card_notation` keeps as an order's names, so the check
    of a shuffle's cards (a difference with its kept names, every hand) finds each name by its
    identity before comparing texts (~3k instructions a shuffle)."""
    card_notation(PACK)
    names = kept_names(PACK)
    return frozenset(str(c) for c in PACK) if names is None else frozenset(names)


PACK_NOTATION: Final = _pack_notation()


_TABLES: dict[str, tuple[tuple[int, ...], tuple[int, ...], Sequence[int]]] = {}


def rank_tables(
    rules: RankRules = STUD40,
) -> tuple[tuple[int, ...], tuple[int, ...], Sequence[int]]:
    """The perfect-hash tables of ``rules`` (Art 5), fetched once: a five-card strength is
    ``table[(s & RANK_MASK) + flush[s >> RANK_BITS]]`` with ``s`` the sum of the cards'
    values (:class:`croupier.rank.model.HashTables`; the tests compare it with ``rank``)."""
    found = _TABLES.get(rules.name)
    if found is None:
        if rules is STUD40:  # the shipped tables, not built again (checked by a test)
            prime_ranking()
        t = rules.tables
        found = _TABLES[rules.name] = (t.card_value, t.flush_offset, t.table)
    return found


#: what a table reads of its options once (:meth:`StudState.__init__`, in its order): its
#: ShowingKeys, then the values the fold reads every hand
_Read = tuple[ShowingKeys, int, int | None, tuple[int, int], bool, int, int, int, int, int, bool]
#: the last options and what a table reads of them (read only, made of the options alone, which
#: are frozen): a table's twin, made of the same options at every restore, shares it (one pair,
#: replaced whole; ~10k instructions of a restore's properties)
_LAST_READ: list[tuple[StudOptions, _Read]] = []


def _read_options(table: StudOptions) -> _Read:
    """What a table of the options ``table`` reads of them, shared by the tables made of the
    very same options in turn."""
    last = _LAST_READ[-1] if _LAST_READ else None
    if last is not None and last[0] is table:
        return last[1]
    if table.rank_rules is STUD40:  # the shipped patterns (once a process), before the keys
        prime_showing()  # read them (checked by a test)
    rate = table.house_rate
    read: _Read = (
        ShowingKeys(table),
        table.least_bet,
        table.time_limit_ms,
        (rate.numerator, rate.denominator),
        table.initial_commission is InitialCommission.EACH,
        table.commission_per_hand,
        table.top_up_below,
        table.min_buy_in,
        table.max_deals_per_deck,
        # Art 6: the least capital a seat is dealt in with
        max(table.top_up_below, table.each_pays),
        table.top_up_duty is TopUpDuty.DURING_HAND,
    )
    _LAST_READ[:] = [(table, read)]
    return read


class StudPhase(StrEnum):
    """Where the table stands between commands."""

    IDLE = "idle"  #: between hands: seat, top up, leave, new deck, start a hand
    SHUFFLE = "shuffle"  #: pot money posted: the dealer shuffles
    CUT = "cut"  #: shuffled: up to two players cut, then the first card is burned
    DEALING = "dealing"  #: cards are being dealt (or a misdeal awaits rectification)
    BETTING = "betting"  #: a round of betting; ``to_act`` has the turn
    SHOWDOWN = "showdown"  #: betting over (or one player left): settle


_FOLD: Final = Act.FOLD
_CHECK: Final = Act.CHECK
_CALL: Final = Act.CALL
_BET: Final = Act.BET
_BETTING: Final = StudPhase.BETTING
_DEALING: Final = StudPhase.DEALING
_SHOWDOWN: Final = StudPhase.SHOWDOWN
_SHUFFLE: Final = StudPhase.SHUFFLE
_CUT: Final = StudPhase.CUT
_IDLE: Final = StudPhase.IDLE
_PREVIOUS_RAISE: Final = ReraiseMinimum.PREVIOUS_RAISE
_ANY_RAISE: Final = ReraiseMinimum.ANY
_PAIR: Final = int(ShowingCategory.PAIR)
#: a card code's bits of its rank, shifted: ``code & _RANK_SHIFT`` is ``rank << 2``, the first
#: bit of the rank's nibble in the showing bit sets and counts
_RANK_SHIFT: Final = ~3
#: by card code: its bit in a bit set of codes (``1 << code``), and its rank's unit in rank
#: counts (``1 << (code & _RANK_SHIFT)``): read, not made (most are ints of two digits)
_CODE_BITS: Final = tuple(1 << code for code in range(52))
_RANK_UNITS: Final = tuple(1 << (code & _RANK_SHIFT) for code in range(52))
#: by card code: ``code & _RANK_SHIFT`` (its rank's nibble's first bit), and the bit set of the
#: cards of the other suits (_OTHER_SUITS of its suit): read, where ``&`` is a generic operation
_SHIFTS: Final = tuple(code & _RANK_SHIFT for code in range(52))
_OTHERS: Final = tuple(_OTHER_SUITS[code & 3] for code in range(52))
_SUIT_BITS: Final = tuple(1 << (code & 3) for code in range(52))


class StudState(Game[StudOptions]):
    """The state of a five-card stud table and its fold (see the module docstring)."""

    GAME: ClassVar[str] = GAME
    REGULATION: ClassVar[str] = REGULATION
    EVENTS: ClassVar[tuple[type[Event], ...]] = (
        TableRestored,
        TopUpsDue,
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
        HouseVoid,
    )

    def __init__(self, options: StudOptions | None = None) -> None:
        super().__init__(options or StudOptions())
        self._players: dict[int, str] = {}
        #: the seated players' seats in order, made once a seating (None: seats changed since):
        #: the seats dealt in when everyone may be, the same tuple hand after hand
        self._seated: tuple[int, ...] | None = None
        self._stacks: dict[int, int] = {}
        self._deck = 0
        self._deck_deals = 0
        self._hands = 0
        self._hand: HandState | None = None
        #: Art 6: seats whose capital fell below the threshold during the last hand they played
        #: and must top up to the least capital before they are dealt in again
        self._owing: set[int] = set()
        #: the log opened with a restore (a hand history)
        self._restored = False
        # the showing keys, and the options the fold reads at every action (frozen: read once;
        # _dealt_in_from: Art 6, the least capital a seat is dealt in with)
        (
            self._showing,
            self._least_bet,
            self._time_limit_ms,
            self._rate,
            self._each,
            self._commission,
            self._top_up_below,
            self._min_buy_in,
            self._max_deals,
            self._dealt_in_from,
            self._during_hand,
        ) = _read_options(self._options)  # the shipped patterns primed first
        #: the lookups of its rank patterns the fold makes at every dealing, bound once (the
        #: same table all the table's life): MaskPatterns.known's get, and of_counts
        patterns = self._showing.patterns
        self._known_entry = patterns.known.get
        self._of_counts = patterns.of_counts
        #: the perfect-hash tables of the table's rules (rank_tables), fetched at the first
        #: showdown (None: none yet)
        self._rank_tables: tuple[tuple[int, ...], tuple[int, ...], Sequence[int]] | None = None
        self._phase = _IDLE
        self._clock: int | None = None
        self._house = 0
        self._settled: HandSettled | None = None
        self._pending: tuple[int, HandSettled] | None = None
        self._recorded: ShoeShuffled | None = None
        #: the deal _deal_event made last, each card to the seat the queue gives it (None: none)
        self._dealt: CardsDealt | None = None
        #: the hand's start that start_hand is committing (made from the table as it stands)
        self._starting: HandStarted | None = None
        self._last_up: Mapping[int, Sequence[Card]] = {}

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> StudOptions:
        return StudOptions.from_dict(data)

    # -- public state ------------------------------------------------------------------------------

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
        return self._deck == 0 or self._deck_deals >= self._max_deals

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
        """Art 6: capital below the table's threshold, or (``top_up_duty = during-hand``) it
        fell below it during the last hand and is below the least capital now."""
        if type(seat) is not int:
            return False
        return self._stacks.get(seat, 0) < self._top_up_below or seat in self._owing

    def owing_top_ups(self) -> list[int]:
        """The seated players who must top up now (:meth:`must_top_up`), in seat order."""
        stacks, owing, below = self._stacks, self._owing, self._top_up_below
        if not owing and (not stacks or min(stacks.values()) >= below):
            return []  # nobody owes and every capital is at the threshold (most hands)
        return self._owing_seats()

    def _owing_seats(self) -> list[int]:
        """:meth:`owing_top_ups` without its first test (a caller that knows some may owe: a
        simulation, by the least stack it found after the last hand)."""
        below, owing = self._top_up_below, self._owing
        found = []  # (a loop: a comprehension is a function's call, for a table's few seats)
        for s, stack in self._stacks.items():
            if stack < below or s in owing:
                found.append(s)
        return sorted(found) if len(found) > 1 else found  # (stacks kept in any seat order)

    @property
    def showing_keys(self) -> ShowingKeys:
        """The order of showing cards at this table (Art 10 b-d)."""
        return self._showing

    def up_cards(self, seat: int) -> tuple[Card, ...]:
        h = self._hand
        return () if h is None or not is_int(seat) or seat not in h.up else tuple(h.up[seat])

    def key_card(self, seat: int) -> Card | None:
        """The seat's key card (dealer's knowledge: views hide it from the others)."""
        return None if self._hand is None or not is_int(seat) else self._hand.key.get(seat)

    def contributions(self) -> Mapping[int, int]:
        """Seat -> everything it put in the pot this hand (pot money and bets)."""
        return {} if self._hand is None else dict(self._hand.contrib)

    @property
    def dealing_order(self) -> tuple[int, ...]:
        """The seats still to receive a card in the current dealing, in order."""
        return () if self._hand is None else tuple(self._hand.queue)

    @property
    def misdealt(self) -> tuple[tuple[Card, int, int], ...]:
        """(card, seat it reached, seat it belongs to) for each misdeal not yet rectified."""
        return () if self._hand is None else tuple(self._hand.misdealt)

    def dealt_in(self) -> tuple[int, ...]:
        """The seats the next hand would deal in (Art 6: not those who must top up)."""
        need = self._dealt_in_from
        owing, stacks = self._owing, self._stacks
        seated = self._seated
        if seated is None:
            seated = self._seated = tuple(sorted(self._players))
        # every seated player has a stack (seated and left together): when nobody owes and
        # the least stack covers the least capital, every seat is dealt in (a run's every
        # hand, after its top-ups): the table's one tuple of them
        if not owing and (not stacks or min(stacks.values()) >= need):
            return seated
        return tuple([s for s in seated if stacks[s] >= need and s not in owing])

    # -- the fold ----------------------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        _APPLIES.get(type(event), StudState._apply_table)(self, event)

    def _apply_timed_out(self, event: TimedOut) -> None:
        # Art 11 b: the hand is folded, as the player's own fold at that time folds it
        self._apply_acted(PlayerActed(event.seat, _FOLD, 0, event.at))

    def _apply_shuffled(self, event: ShoeShuffled) -> None:
        h = self._hand
        assert h is not None
        h.shuffle = event
        h.order, h.pos = tuple(event.order), 0  # the event's tuple itself, never a caller's list
        h.names = kept_names(h.order)  # read once a shuffle, not once a deal
        self._phase = _CUT

    def _apply_cut(self, event: DeckCut) -> None:
        h = self._hand
        assert h is not None
        h.cutters = (*h.cutters, event.seat)
        h.order = h.order[event.cards :] + h.order[: event.cards]
        h.names = kept_names(h.order)  # (a new order: none kept)

    def _apply_burned(self, event: CardBurned) -> None:
        h = self._hand
        assert h is not None
        h.pos += 1
        h.street = 2
        h.queue = [*h.seats, *h.seats]
        self._phase = _DEALING

    def _apply_rectified(self, event: MisdealRectified) -> None:
        if event.at is not None:
            self._clock = event.at
        h = self._hand
        assert h is not None
        h.misdealt = ()
        if not h.queue:
            self._begin_round(h, event.at)

    def _apply_topped_up(self, event: PlayerToppedUp) -> None:
        # a step of its own (a run tops up most hands), each field and the stack read once
        seat = event.seat
        stacks = self._stacks
        stack = stacks[seat] + event.amount
        stacks[seat] = stack
        if stack >= self._min_buy_in:
            self._owing.discard(seat)

    def _apply_table(self, event: Event) -> None:
        if isinstance(event, PlayerToppedUp):
            self._apply_topped_up(event)
        elif isinstance(event, DeckOpened):
            self._deck = event.number
            self._deck_deals = 0
        elif isinstance(event, PlayerSeated):
            self._players[event.seat] = event.player
            self._stacks[event.seat] = event.buy_in
            self._seated = None
        elif isinstance(event, PlayerLeft):
            del self._players[event.seat]
            del self._stacks[event.seat]
            self._seated = None
            self._owing.discard(event.seat)
        elif isinstance(event, TopUpsDue):
            self._owing.update(event.seats)
        elif isinstance(event, TableRestored):
            self._restored = True
            self._seated = None
            for record in event.seats:
                self._players[record.seat] = record.player
                self._stacks[record.seat] = record.stack
            self._deck = event.deck
            self._deck_deals = event.deck_deals
            self._hands = event.hands

    def _apply_started(self, event: HandStarted) -> None:
        h = HandState(event)
        each = self._each
        per_seat = event.pot_money + (self._commission if each else 0)
        stacks = self._stacks
        low = h.low
        for s in event.seats:
            low[s] = stacks[s] = stacks[s] - per_seat
        if not each:
            h.deduction = event.commission
        self._hand = h
        self._hands = event.number
        self._deck_deals += 1
        self._settled = None
        self._phase = _SHUFFLE

    def _apply_dealt(self, event: CardsDealt) -> None:
        at = event.at
        if at is not None:
            self._clock = at
        h = self._hand
        assert h is not None
        showing = self._showing
        of_counts, known = self._of_counts, self._known_entry
        queue, ups, masks, counts_of = h.queue, h.up, h.masks, h.counts
        entries, show_key = h.entries, h.show_key
        cards: Sequence[tuple[int, Card]] = event.cards
        k = len(cards)
        # the seats the cards are for, in the dealing order (the queue's first k: a card that
        # reached another seat is held for its own, Art 11 e), taken off the queue at once: the
        # whole queue itself when every card due comes (a dealing at once), an empty one left;
        # each card paired with its seat (a record's: a misdeal noted), or the table's own deal
        # (_deal_event's, of the queue's seats, as it stands) read as it is
        if k == len(queue):
            due, queue = queue, []
            h.queue = queue
        else:
            due = queue[:k]
            del queue[:k]
        h.board = h.patterns = h.ranked = None  # up cards come: the board is read again when asked
        if event is self._dealt:
            self._dealt = None
        else:
            held = []
            for (seat, card), intended in zip(cards, due):  # noqa: B905 (checked: k <= due)
                held.append((intended, card))
                if seat != intended:
                    h.misdealt = (*h.misdealt, (card, seat, intended))
            cards = held
        if h.street == 2:  # the first dealing: an up card, then the key card, to each seat
            key, singles = h.key, showing.singles
            for intended, card in cards:
                up = ups[intended]
                if up:
                    key[intended] = card
                else:  # one up card: its bit set, counts, entry and place are the card's own
                    up.append(card)
                    code = card.code
                    (
                        masks[intended],
                        counts_of[intended],
                        entries[intended],
                        show_key[intended],
                    ) = singles[code] or showing.single(code)
        else:
            # every seat still in the hand holds one up card a dealing from the second on,
            # each dealing deals one to each of them (a misdealt card too, held for its own
            # seat): a card of dealing ``street`` is the seat's ``street - 1``-th up card
            n = h.street - 1
            place = showing.place
            # below a pair the newest card decides: place's table by the card's code, read
            # without a call (None: this table reads every place with place)
            newest_places = showing.newest_by_code
            bits, units, other_suits, shifts = _CODE_BITS, _RANK_UNITS, _OTHERS, _SHIFTS
            suit_bits = _SUIT_BITS
            for intended, card in cards:
                ups[intended].append(card)
                code = card.code
                mask = masks[intended] | bits[code]
                masks[intended] = mask
                counts = counts_of[intended] + units[code]
                counts_of[intended] = counts
                # below four cards the counts are the entry's key, four are keyed with the flag
                # of one suit when no card of another suit than the newest's shows (of_counts'
                # key): found without a call
                if n < 4:
                    entry = known(counts)
                else:
                    entry = known(counts if mask & other_suits[code] else counts | _SUITED)
                if entry is None:
                    entry = of_counts(counts, mask, n)
                entries[intended] = entry
                if newest_places is not None and (category := entry[0][0]) <= _PAIR:
                    # the suits nibble of the card's rank (shifts: rank << 2; code = rank * 4
                    # + suit): with no pair showing, the card's own suit's bit alone
                    show_key[intended] = newest_places[code][
                        (mask >> shifts[code]) & 15 if category else suit_bits[code]
                    ]
                else:
                    show_key[intended] = place_number(place(entry, mask, code >> 2, n, intended))
        h.pos += k
        if not queue and not h.misdealt:
            self._begin_round(h, at)

    def _apply_exposed(self, event: KeyCardExposed) -> None:
        if event.at is not None:
            self._clock = event.at
        h = self._hand
        assert h is not None
        seat = event.seat
        h.dead = h.dead | {seat}
        h.live.remove(seat)
        h.after = h.seating.after_in(h.live)
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

    def _apply_acted(self, event: PlayerActed) -> None:
        at = event.at
        if at is not None:
            self._clock = at
        h = self._hand
        assert h is not None
        self._fold_acted(h, event.seat, event.action, event.chips, at)

    def _fold_acted(
        self, h: HandState, seat: int, action: Act, chips: int, at: int | None
    ) -> int | None:
        """:meth:`_apply_acted` of the event of these fields in the hand ``h`` in play, its
        time (if any) on the clock already: the play loop's, which has the fields. Returns the
        next to speak (``h.to_act``), None when the round (or the hand's betting) is over."""
        stacks = self._stacks  # (read below: by a decision's chips, and the next to speak)
        # the chips first, whatever the action (a fold or a check puts in none: _check_acted),
        # then the action, a call first (half the decisions of a run are calls)
        round_bet = h.round_bet
        if chips:
            stack = stacks[seat] - chips
            stacks[seat] = stack
            h.contrib[seat] += chips
            round_bet[seat] += chips
            # the least capital of the hand (Art 6): a seat in the hand has it now, as its
            # capital only falls from the pot money on (top-ups are between hands, a refund
            # goes to a dead hand), so the new capital is the least; the tests hold low to
            # the capital of every seat in the hand after every event
            h.low[seat] = stack
        if action is _CALL:
            h.acted.add(seat)
        elif action is _CHECK:
            h.checked.add(seat)
        elif action is _FOLD:  # (a decision is made in a round of betting: checked, offered)
            if h.opened:
                h.declined = True
            else:  # acted_in_round: read in round 1 only (Art 11 d), whose first decision is
                h.acted_in_round = True  # a fold or a bet (no check; a call or raise: a bet's)
            h.folded.add(seat)
            live = h.live
            live.remove(seat)
            if len(live) == 1:  # one left in the hand: the showdown, nobody speaks next
                h.to_act = None
                self._phase = _SHOWDOWN
                return None
            h.after = h.seating.after_in(live)  # the seats still in the hand, after each
        elif action is _BET:
            h.opened = h.acted_in_round = True
            h.current = round_bet[seat]
            least = self._least_bet
            h.min_raise = chips if chips > least else least
            h.acted = {seat}
            h.last_bet_round = h.round
            h.declined = False
        else:  # RAISE
            increment = round_bet[seat] - h.current
            h.current = round_bet[seat]
            h.last_bet_round = h.round
            h.declined = False
            if increment >= h.min_raise:
                rule = self._options.reraise_minimum
                if rule is _PREVIOUS_RAISE:
                    h.min_raise = increment
                elif rule is _ANY_RAISE:
                    h.min_raise = 1
                h.acted = {seat}
            elif self._options.short_all_in_reopens:
                h.acted = {seat}
            else:
                h.acted.add(seat)
        # a decision is made in a round of betting (checked: _check_acted; or offered: legal_of)
        # and only a fold ends it; the next to speak: before a bet by showing strength, after it
        # from the bettor on (the first that can still act: in the hand, chips left, and not
        # checked before a bet, or not acted on the bet to call); none: the round is over
        if not h.opened:
            checked, live = h.checked, h.live
            for s in h.speak:
                if s not in checked and s in live and stacks[s]:
                    h.to_act = s
                    h.turn_since = at
                    return s
        else:
            acted, current = h.acted, h.current
            # (h.after: the seats still in the hand, its fold keeps it so; whether a seat owes
            # a decision first: the seats passed over are mostly those that have, when a round
            # ends)
            for s in h.after[seat]:
                if (s not in acted or round_bet[s] < current) and stacks[s]:
                    h.to_act = s
                    h.turn_since = at
                    return s
        self._round_over(h, at, h.speak)
        return None

    def _apply_settled(self, event: HandSettled) -> None:
        h = self._hand
        assert h is not None
        during = self._during_hand
        below, least = self._top_up_below, self._min_buy_in
        stacks, low = self._stacks, h.low
        pairs = event.stacks
        stacks.update(pairs)
        if during:
            for seat, stack in pairs:
                if stack < least and low.get(seat, stack) < below:
                    self._owing.add(seat)
        self._house += event.house
        self._settled = event
        # the up cards the hand ended with (the view between hands): the hand's own, none
        # dealt from now on (the hand is over: its state is dropped below)
        self._last_up = h.up
        self._hand = None
        self._pending = None
        self._phase = _IDLE

    def _void_event(self, reason: str, by: str) -> HouseVoid:
        """A dealer's void of the hand in play (no article voids a hand: house practice): each
        seat dealt in gets back all it paid for the hand, pot money, bets and an ``each``
        initial commission (one line per seat, bet ``"hand"``)."""
        article = ARTICLES[GAME]
        h = self._hand
        if h is None:
            return HouseVoid(reason, by, article, ())
        each = self.options.initial_commission is InitialCommission.EACH
        per = self.options.commission_per_hand if each else 0
        lines = []
        for seat in h.seats:
            back = h.contrib[seat] + per
            name = self._players.get(seat)
            if back and name is not None:
                lines.append(refund_line(name, seat, "hand", back, article))
        return HouseVoid(reason, by, article, tuple(lines))

    def _apply_voided(self, event: HouseVoid) -> None:
        for line in event.lines:
            self._stacks[line.position] += line.paid
        self._hand = None
        self._pending = None
        self._last_up = {}
        self._phase = _IDLE

    # -- turn logic --------------------------------------------------------------------------------

    def _begin_round(self, h: HandState, at: int | None) -> None:
        """A new round of betting once every card of the dealing is out and none misdealt (or
        the cards are dealt on when fewer than two players can bet)."""
        h.round += 1
        h.opened = False
        h.current = 0
        h.min_raise = self._least_bet
        h.round_bet = h.zeros.copy()
        h.checked.clear()  # emptied, not made again: nothing else holds the hand's sets
        h.acted.clear()
        h.acted_in_round = False
        # the seats in the hand with chips left (a stack is never below 0): when no seat dealt
        # in is at 0 (h.low: its capital, its stack while in the hand, as stacks only fall in a
        # hand; the tests compare the two), the whole hand, copied (a C scan of the capitals:
        # the loop costs several times as much); else a plain loop (cheaper than filter's)
        if all(h.low.values()):
            able = h.live.copy()
        else:
            stacks = self._stacks
            able = []
            for s in h.live:
                if stacks[s]:
                    able.append(s)
        n = len(able)
        if n < 2:
            self._round_over(h, at)
            return
        if n == 2:  # (many a round: two seats) the sort below, without its call
            first, second = able
            show_key = h.show_key
            if show_key[second] > show_key[first]:
                able.reverse()
        else:
            able.sort(key=h.show_key.__getitem__, reverse=True)  # a stable sort, as sorted's
        h.speak = able
        h.to_act = able[0]
        h.turn_since = at
        self._phase = _BETTING

    def _round_over(self, h: HandState, at: int | None, speak: Sequence[int] = ()) -> None:
        """The round of betting (or the dealing, when fewer than two can bet) is over: the
        showdown, or the next dealing from the best showing; ``speak``: the order the round
        that ends was spoken in (:func:`best_showing`), when it ends by a decision."""
        h.to_act = None
        if len(h.live) == 1 or h.street == HAND_SIZE:
            self._phase = _SHOWDOWN
            return
        h.street += 1
        # the best showing deals first, then the seats in the hand after it (h.after's)
        first = best_showing(h.live, speak, self._stacks, h.show_key)
        h.queue = [first, *h.after[first]]
        self._phase = _DEALING
        h.turn_since = at

    def showdown_order(self) -> tuple[int, ...]:
        """Art 10 e: from the right of the best four showing cards, counterclockwise (the best
        showing hand shows last). Empty with one player left."""
        h = self._hand
        if h is None or len(h.live) < 2:
            return ()
        # Art 10 b: suits do not decide who shows first at the showdown; between identical
        # showing ranks the seat nearer the dealer's right counts as the best (a reading)
        # max(live, key=lambda s: (*place[s][:2], -s)) in one loop: live is in seat order, so
        # the first seat of a strictly greater key is max's, ties to the lowest seat (a test);
        # a place number's first two items are its bits above _PREFIX
        show_key, live = h.show_key, h.live
        best, top = live[0], show_key[live[0]] >> _PREFIX
        for s in live:
            key = show_key[s] >> _PREFIX
            if key > top:
                best, top = s, key
        i = live.index(best) + 1
        return tuple(live[i:] + live[:i])


#: the fold step of each hand event (the table's own events: ``_apply_table``)
_APPLIES: Final[dict[type[Event], Callable[[StudState, Any], None]]] = {
    PlayerActed: StudState._apply_acted,
    CardsDealt: StudState._apply_dealt,
    TimedOut: StudState._apply_timed_out,
    HandStarted: StudState._apply_started,
    ShoeShuffled: StudState._apply_shuffled,
    DeckCut: StudState._apply_cut,
    CardBurned: StudState._apply_burned,
    HandSettled: StudState._apply_settled,
    PlayerToppedUp: StudState._apply_topped_up,
    KeyCardExposed: StudState._apply_exposed,
    MisdealRectified: StudState._apply_rectified,
    HouseVoid: StudState._apply_voided,
}
