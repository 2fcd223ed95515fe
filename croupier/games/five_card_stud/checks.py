"""Five-card stud (Portaria 104/85/M): the checks of the fold, and the events commands make.

:class:`StudChecks` raises a :class:`~croupier.errors.RuleViolation` naming the article when an
event may not happen in the current state (``_check_*``, one per event type), and builds the
event each dealer command makes from the state (``_start_event``, ``_burn_event``,
``_deal_event``, ``_settle_event``...), so a command and the replay of its event are checked by
the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, NoReturn, TypeVar

from croupier.canonical import kept_names
from croupier.card_events import CardBurned, ShoeShuffled, order_commitment
from croupier.cards import Card
from croupier.errors import RecordError, RuleViolation
from croupier.frozen import keep_text, share_text
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
    make_cards_dealt,
    make_hand_settled,
    make_hand_started,
    make_player_acted,
)
from croupier.games.five_card_stud.hand import HandState
from croupier.games.five_card_stud.pots import settle_pots, uncalled
from croupier.games.five_card_stud.rules import (
    BETTING_ROUNDS,
    DECK_SIZE,
    MAX_CUTTERS,
    MIN_CUT,
    UncalledBet,
)
from croupier.games.five_card_stud.state import (
    _APPLIES,
    PACK,
    PACK_CODES,
    PACK_NOTATION,
    StudPhase,
    StudState,
    rank_tables,
)
from croupier.games.five_card_stud.texts import DEAL_TEXTS, EXACT_SEATS, deal_text, exact_seats
from croupier.games.five_card_stud.view import LegalFields
from croupier.games.void import HouseVoid, check_void, refuse_fixed
from croupier.protocol import Event
from croupier.rank.model import RANK_BITS, RANK_MASK
from croupier.records import is_int

__all__ = ["StudChecks"]

#: the events of decisions without a time made more than once, by (seat, action, chips): made
#: once each, their texts shared (:func:`~croupier.frozen.share_text`)
_ACTED: dict[tuple[int, Act, int], PlayerActed] = {}
#: the events of decisions made once so far (not shared yet), by (seat, action, chips)
_ONCE: dict[tuple[int, Act, int], PlayerActed] = {}
_ACTED_LIMIT: Final = 100_000


def acted_event(key: tuple[int, Act, int]) -> PlayerActed:
    """The event of the decision ``key`` (seat, action, chips) with no time, not in
    :data:`_ACTED`. An event is a frozen value: equal decisions share one (most are a fold, a
    check or a call of the least bet), made once; its text is kept for the digest from its
    second use on (a third of the decisions made are never made again: a bet or a raise of an
    odd amount, a call of one; their text is written once either way, by the digest)."""
    found = _ONCE.pop(key, None)
    if found is None:  # the first: made, kept for a second use
        if len(_ONCE) >= _ACTED_LIMIT:
            _ONCE.clear()
        seat, action, chips = key
        found = _ONCE[key] = make_player_acted(seat, action, chips, None)
    else:  # the second: shared from now on, its text in the digest written once
        if len(_ACTED) >= _ACTED_LIMIT:
            _ACTED.clear()
        _ACTED[key] = found
        share_text(found)
    return found


#: the burn of each card, by its code, made once (None: not yet)
_BURNS: list[CardBurned | None] = [None] * 52
#: the order of the last shuffle found to be the whole pack by its kept names (every item
#: exactly an interned Card): the tuple itself (``is`` is its identity; replaced whole)
_WHOLE_PACK: list[tuple[Card, ...]] = [PACK]
E = TypeVar("E", bound=Event)

_ACT_NAMES: Final = frozenset(a.value for a in Act)
_FOLD: Final = Act.FOLD
_CHECK: Final = Act.CHECK
_CALL: Final = Act.CALL
_BET: Final = Act.BET
_RAISE: Final = Act.RAISE
_DEALING: Final = StudPhase.DEALING
_BETTING: Final = StudPhase.BETTING
_SHOWDOWN: Final = StudPhase.SHOWDOWN
_IDLE: Final = StudPhase.IDLE
_ANY_ROUND: Final = UncalledBet.ANY_ROUND
_CUT: Final = StudPhase.CUT
_SHUFFLE: Final = StudPhase.SHUFFLE


class StudChecks(StudState):
    """The checks of every event, and the events of the dealer's commands."""

    # -- the events commands make ------------------------------------------------------------------

    def _start_event(self) -> HandStarted:
        seats = self.dealt_in()
        commission = self._commission
        if self._each:
            commission *= len(seats)
        return make_hand_started(self._hands + 1, seats, self._options.pot_money, commission)

    def _burn_event(self) -> CardBurned:
        h = self._hand
        if h is None or self._phase is not _CUT:
            raise RuleViolation(
                "Art 2",
                f"the first card is burned after the shuffle and cut; "
                f"the table is at {self._phase}",
            )
        card = h.order[h.pos]
        if type(card) is not Card:
            return CardBurned(card)
        # an event is a frozen value: the burn of a card (the interned Card of its code) is
        # made once, its text kept for the digest (share_text: a decision's way)
        found = _BURNS[card.code]
        if found is None or found.card is not card:
            found = CardBurned(card)
            if card is Card._by_code[card.code]:
                _BURNS[card.code] = found
                share_text(found)
        return found

    def _deal_event(self, count: int | None, to: int | None, at: int | None) -> CardsDealt:
        h = self._hand
        if h is None or self._phase is not _DEALING or not h.queue:
            raise RuleViolation("Art 10", f"no card is due: the table is at {self._phase}")
        queue = h.queue
        if count is None and to is None:  # every card due (a dealing at once: most deals)
            n = len(queue)
            due_seats = queue
        else:
            due = len(queue)
            n = due if count is None else count
            if to is not None:
                n = 1
            if not 1 <= n <= due:
                raise RuleViolation("Art 10", f"{due} cards are due, not {n}")
            due_seats = queue if n == due else queue[:n]
        if to is None:
            # the deck always holds the cards due (at most 7 seats x 5 cards and the burned
            # card of 40): the seats and the cards run together (zip's keyword, strict, costs
            # a dict a call)
            pos = h.pos
            pairs = tuple(zip(due_seats, h.order[pos : pos + n]))  # noqa: B905
            # (kept as the table's own deal: its fold reads each card's seat as the queue's)
            event = self._dealt = make_cards_dealt(pairs, at)
            # its text for the digest written as the table makes it (keep_text): the names the
            # shuffle kept of its cards (every one exactly a Card of code 0..51; the hand reads
            # them once a shuffle) put in the text made once for these seats, when the hand's
            # seats are all exactly ints
            if at is None and (names := h.names) is not None and pos + n <= len(names):
                seats = h.seats
                if seats is EXACT_SEATS[0] or exact_seats(seats):
                    key = tuple(due_seats)
                    text = DEAL_TEXTS.get(key) or deal_text(key)
                    keep_text(event, text % tuple(names[pos : pos + n]))
            return event
        return make_cards_dealt(((to, h.order[h.pos]),), at)

    def _rectify_event(self, at: int | None) -> MisdealRectified:
        h = self._hand
        if h is None or not h.misdealt:
            raise RuleViolation("Art 11 e", "no misdealt card to rectify")
        return MisdealRectified(tuple(h.misdealt), at)

    def _act_event(self, seat: int, action: Act, amount: int | None, at: int | None) -> PlayerActed:
        h = self._hand
        chips = 0
        if amount is not None and (action is _FOLD or action is _CHECK or action is _CALL):
            raise RuleViolation("Art 10", f"a {action} takes no amount, got {amount!r}")
        if type(seat) is not int:
            raise RuleViolation("Art 11 c", f"a seat is a whole number, got {seat!r}")
        if action is _CALL and h is not None and seat in h.round_bet:
            chips = min(h.current - h.round_bet[seat], self._stacks.get(seat, 0))
        elif action is _BET:
            chips = amount if amount is not None else 0
        elif action is _RAISE and h is not None and seat in h.round_bet:
            if not is_int(amount):
                raise RuleViolation("Art 10 b", f"a raise is to a whole amount, got {amount!r}")
            chips = amount - h.round_bet[seat]
        return make_player_acted(seat, action, chips, at)

    def _offered_act(
        self, h: HandState, legal: LegalFields, action: Act, amount: int | None
    ) -> PlayerActed | None:
        """The event of the decision ``(action, amount)`` of the seat on turn when ``legal``
        (:func:`~croupier.games.five_card_stud.view.legal_of` of this table as it stands, for
        that seat, or its fields' plain tuple: ``legal_fields``) offers it, with no time; None
        when it does not (then :meth:`act` refuses it, naming the article). What ``legal``
        offers is exactly what :meth:`_check_acted` accepts
        (tests/games/five_card_stud/test_round_properties.py checks both ways on random tables),
        so the event needs no second check: a bot's decision on the engine's own offer
        (:func:`~croupier.games.five_card_stud.bots.play_hand` checks it so, on its own fields
        of the offer, not by this call: the tests hold the two the same). An action that is not an
        :class:`Act` (its name, say) is never offered: each is told by its identity."""
        # the fields by index (a Legal's named fields in its order: seat, fold, check, call,
        # bet, raise_to): an index of a plain tuple is one specialised step, a named field a
        # descriptor's call
        seat = legal[0]
        if action is _CALL:  # first: half the decisions of a run are calls
            call = legal[3]
            if amount is not None or call is None:
                return None
            chips = call
        elif action is _FOLD or action is _CHECK:
            if amount is not None or (action is _CHECK and not legal[2]):
                return None
            chips = 0
        else:
            span = legal[4] if action is _BET else legal[5] if action is _RAISE else None
            if span is None or type(amount) is not int or not span[0] <= amount <= span[1]:
                return None
            chips = amount if action is _BET else amount - h.round_bet[seat]
        # an event is a frozen value: equal decisions share one (most are a fold, a check or
        # a call of the least bet), made once; its text is kept for the digest from its second
        # use on (a third of the decisions made are never made again: a bet or a raise of an
        # odd amount, a call of one; their text is written once either way, by the digest)
        key = (seat, action, chips)
        return _ACTED.get(key) or acted_event(key)

    @staticmethod
    def _action(action: object) -> Act:
        if isinstance(action, Act):
            return action
        if isinstance(action, str) and action in _ACT_NAMES:
            return Act(action)
        names = ", ".join(a.value for a in Act)
        raise RecordError("action", f"unknown action {action!r}: the actions are {names}")

    def _uncalled_comes_back(self, h: HandState) -> bool:
        """Art 9: whether the part of the last bet nobody called goes back to its owner, free of
        the commission: always under ``uncalled_bet = any-round``; by the letter, when it was
        made in the final round (Art 10 d: the fourth is "o último lanço"), or when nobody who
        could have called it folded (the others still in the hand were all in for less)."""
        if self._options.uncalled_bet is _ANY_ROUND:
            return True
        return h.last_bet_round == BETTING_ROUNDS or not h.declined

    def _settle_event(self) -> HandSettled:
        h = self._hand
        if h is None or self._phase is not _SHOWDOWN:
            raise RuleViolation("Art 10 e", f"nothing to settle: the table is at {self._phase}")
        pending = self._pending
        if pending is not None and pending[0] == self._released + len(self._log):
            return pending[1]
        table = self._options
        contrib = h.contrib
        live = h.live
        dead = h.dead
        returned: tuple[tuple[int, int], ...] = ()
        # dead hands (Art 11 d) had their pot money back: they are out of the reckoning; and
        # pot money is never a bet, so at most the bets come back
        back = uncalled(
            {s: c for s, c in contrib.items() if s not in dead} if dead else contrib, live
        )
        if back is not None:
            seat, amount = back
            bets = contrib[seat] - table.pot_money
            if bets < amount:  # min(amount, bets), without min's call
                amount = bets
            if amount > 0 and self._uncalled_comes_back(h):
                contrib = dict(contrib)  # the hand's own stay as they are
                contrib[seat] -= amount
                returned = ((seat, amount),)
        order = self.showdown_order()
        strengths: dict[int, int] = {}
        shown: list[tuple[int, Card]] = []
        if order:
            key, up = h.key, h.up
            tables = self._rank_tables
            if tables is None:  # the table's first showdown: fetched once
                tables = self._rank_tables = rank_tables(table.rank_rules)
            cv, flush, table5 = tables
            for s in order:
                card = key[s]
                cards = up[s]
                if len(cards) == 4:  # a showdown's every hand: four up cards, added at once
                    a, b, c, d = cards
                    total = cv[card.code] + cv[a.code] + cv[b.code] + cv[c.code] + cv[d.code]
                else:
                    total = cv[card.code]
                    for c in cards:
                        total += cv[c.code]
                strengths[s] = table5[(total & RANK_MASK) + flush[total >> RANK_BITS]]
                shown.append((s, card))
        results = settle_pots(
            contrib,
            live,
            h.deduction,
            strengths,
            order or tuple(live),
            self._rate,
            table.rounding,
            table.odd_chip,
        )
        stacks = dict(self._stacks)
        for seat, amount in returned:
            stacks[seat] += amount
        house = h.commission
        for r in results:
            house += r.commission + r.odd_to_house
            for seat, amount in r.paid:
                stacks[seat] += amount
        event = make_hand_settled(
            h.number,
            order,
            tuple(shown),
            returned,
            results,
            h.commission,
            house,
            tuple(sorted(stacks.items())),
        )
        self._pending = (self._released + len(self._log), event)
        return event

    # -- the checks --------------------------------------------------------------------------------

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
        _CHECKS.get(type(event), StudChecks._check_table)(self, event)

    def _commit(self, event: E) -> E:
        """Check, apply and log one event (a refused event changes nothing): the protocol's
        step with one lookup of the event's check and fold step (the hot path)."""
        step = _STEPS.get(type(event))
        if step is None:
            raise RuleViolation("protocol", f"{type(event).__name__} is not a {self.GAME} event")
        step[0](self, event)
        step[1](self, event)
        self._log.append(event)
        return event

    def follow(self, events: Iterable[Event | Mapping[str, Any]]) -> None:
        """:meth:`Game.follow <croupier.protocol.Game.follow>` with one lookup of each event's
        check and fold step (a twin following a table's events: the hot path). Anything but an
        event of this game goes the protocol's way, which names it."""
        start = self.event_count
        log = self._log
        steps = _STEPS
        acted, check_act, fold_acted = PlayerActed, self._check_act, self._fold_acted
        items: Sequence[Any] = events if isinstance(events, list | tuple) else list(events)
        for event in items:
            kind = type(event)
            try:
                if kind is acted:
                    # (most events of a hand) its fields read once, for the check and the fold:
                    # _check_acted, then _apply_acted's body
                    h, at = self._hand, event.at
                    seat, action, chips = event.seat, event.action, event.chips
                    check_act(h, seat, action, chips, at)
                    if at is not None:
                        self._clock = at
                    fold_acted(h, seat, action, chips, at)  # type: ignore[arg-type]
                else:
                    step = steps.get(kind)
                    if step is None:
                        break
                    step[0](self, event)
                    step[1](self, event)
            except RuleViolation as exc:
                # the event's index in the whole log: the events before it are all logged
                i = self._released + len(log)
                raise RuleViolation(
                    exc.rule, f"event {i} ({event.TYPE}) refused: {exc.detail}"
                ) from None
            log.append(event)
        else:
            return
        super().follow(items[self._released + len(log) - start :])

    def _check_settled(self, event: HandSettled) -> None:
        pending = self._pending
        if (
            pending is not None
            and event is pending[1]
            and pending[0] == self._released + len(self._log)  # event_count, inline
        ):
            return  # the very settlement the table worked out for the hand as it stands
        if event != self._settle_event():
            raise RuleViolation(
                "Art 4, 9, 10 e", "the settlement recorded is not the one the hand gives"
            )

    def _check_voided(self, event: HouseVoid) -> None:
        if self._hand is None:
            raise RuleViolation("tables", "no hand in play to void")
        if self._phase is StudPhase.SHOWDOWN:  # betting over: the pot's winner is fixed
            raise refuse_fixed(self.GAME)
        check_void(event, self.GAME, self._void_event(event.reason, event.by).lines)

    def _check_burned(self, event: CardBurned) -> None:
        h = self._hand
        # the card due, no event made of it (else _burn_event refuses: no card is due, Art 2)
        due = h.order[h.pos] if h is not None and self._phase is _CUT else self._burn_event().card
        # the very card due (cards are interned) is the event due: the dataclass's comparison
        # only when it is not
        if event.card is not due and event != CardBurned(due):
            raise RuleViolation("Art 2", f"the first card is {due}, not {event.card}")

    def _check_rectified(self, event: MisdealRectified) -> None:
        self._check_time(event.at)
        if event != self._rectify_event(event.at):
            raise RuleViolation(
                "Art 11 e", "each misdealt card goes to the seat the dealing order gives it"
            )

    def _refuse_in_hand(self, article: str) -> NoReturn:
        """A table event (seats, capital, decks) while a hand is in play: refused."""
        raise RuleViolation(
            article,
            f"hand {self.hand_number} is in play: seats, capital and decks change "
            "only between hands",
        )

    def _check_table(self, event: Event) -> None:
        if isinstance(event, TableRestored):
            self._check_restored(event)
            return
        if isinstance(event, TopUpsDue):
            self._check_top_ups_due(event)
            return
        if self._phase is not _IDLE:
            self._refuse_in_hand("Art 2" if isinstance(event, DeckOpened) else "Art 3, 6")
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
        elif isinstance(event, PlayerLeft):
            seat = self._check_seated(event.seat)
            if event.cash_out != self._stacks[seat]:
                raise RuleViolation(
                    "Art 6",
                    f"a player leaves with all his capital "
                    f"({self._stacks[seat]}), no partial withdrawal",
                )

    def _check_topped_up(self, event: PlayerToppedUp) -> None:
        """Art 6: a top-up between hands, of a whole amount >= 1, to a seated player; one who
        must top up is brought to the least capital at least (a run's every hand: the
        seated player's whole-number seat and amount are taken as they are, anything else is
        checked as :meth:`_check_seated` and ``is_int`` say)."""
        if self._phase is not _IDLE:
            self._refuse_in_hand("Art 3, 6")
        seat = event.seat
        if type(seat) is not int or seat not in self._players:
            seat = self._check_seated(seat)
        amount = event.amount
        if (type(amount) is not int and not is_int(amount)) or amount < 1:
            raise RuleViolation("Art 6", f"a top-up is a whole amount >= 1, got {amount!r}")
        after = self._stacks[seat] + amount
        least = self._min_buy_in
        if after < least and self.must_top_up(seat):
            raise RuleViolation(
                "Art 6",
                f"seat {seat} is below {self.options.top_up_below}: the top-up must "
                f"bring the capital to at least {least}, not {after}",
            )

    def _check_seated(self, seat: object) -> int:
        seat = self._check_seat_number(seat)
        if seat not in self._players:
            raise RuleViolation("Art 3", f"nobody sits at seat {seat}")
        return seat

    def _check_top_ups_due(self, event: TopUpsDue) -> None:
        """Right after a restore (a run's twin, when seats owe a top-up): a seated player's
        whole-number seat is taken as it is, anything else is checked as :meth:`_check_seated`
        says (the same refusals)."""
        if self._released + len(self._log) != 1 or not self._restored:  # event_count, inline
            raise RuleViolation("records", "top-ups due are recorded only right after a restore")
        if not self._during_hand:  # top_up_duty is DURING_HAND, read once
            raise RuleViolation(
                "Art 6",
                "at this table only a capital below the threshold after a hand is topped up",
            )
        seats = event.seats
        if not seats or len(set(seats)) != len(seats) or list(seats) != sorted(seats):
            raise RecordError("seats", f"the seats due are distinct, in order, got {seats!r}")
        players, stacks, least = self._players, self._stacks, self._min_buy_in
        for seat in seats:
            if type(seat) is not int or seat not in players:
                self._check_seated(seat)
            if stacks[seat] >= least:
                raise RuleViolation(
                    "Art 6",
                    f"seat {seat} holds {self._stacks[seat]}, at least the least capital "
                    f"{self.options.min_buy_in}: nothing to top up",
                )

    def _check_restored(self, event: TableRestored) -> None:
        if self._released or self._log:  # event_count, inline
            raise RuleViolation("records", "a table is restored only at the start of a log")
        seen: set[str] = set()
        seats: set[int] = set()
        top = self._options.seats
        # a whole-number seat and stack are taken as they are; anything else is checked as
        # _check_seat_number and is_int say (the same refusals)
        for record in event.seats:
            seat = record.seat
            if type(seat) is not int or not 1 <= seat <= top:
                seat = self._check_seat_number(seat)
            player = record.player
            if seat in seats or player in seen or not player:
                raise RuleViolation("Art 3", f"seat {seat} or player {player!r} twice")
            stack = record.stack
            if (type(stack) is not int and not is_int(stack)) or stack < 0:
                raise RecordError("stack", f"a stack is a whole amount >= 0, got {stack!r}")
            seats.add(seat)
            seen.add(player)
        deck, deals, hands = event.deck, event.deck_deals, event.hands
        if not (
            type(deck) is int
            and type(deals) is int
            and type(hands) is int
            and deck >= 0
            and deals >= 0
            and hands >= 0
        ):
            for name in ("deck", "deck_deals", "hands"):
                value = getattr(event, name)
                if not is_int(value) or value < 0:
                    raise RecordError(name, f"{name} must be a whole number >= 0, got {value!r}")
        if event.deck_deals > self._max_deals or (event.deck == 0 and event.deck_deals):
            raise RuleViolation(
                "Art 2", f"deck {event.deck} cannot have served {event.deck_deals} deals"
            )

    def _check_started(self, event: HandStarted) -> None:
        if self._phase is not _IDLE:
            raise RuleViolation("Art 10", f"hand {self.hand_number} is still in play")
        if self.needs_new_deck:
            raise RuleViolation(
                "Art 2",
                f"deck {self._deck} has served {self._deck_deals} deals (at most "
                f"{self.options.max_deals_per_deck}): open a new deck"
                if self._deck
                else "no deck is open: open one",
            )
        # the event start_hand just made from the table as it stands, or the one it would make
        expected = event if event is self._starting else self._start_event()
        if len(expected.seats) < 2:
            raise RuleViolation(
                "Art 3", f"a hand needs two players able to play, got {len(expected.seats)}"
            )
        if event is not expected and event != expected:
            raise RuleViolation("Art 6-8", f"the hand starts as {expected}, not {event}")

    def _check_shuffled(self, event: ShoeShuffled) -> None:
        h = self._hand
        if h is None or (self._phase is not _SHUFFLE and self._phase is not _CUT):
            raise RuleViolation("Art 2", f"cannot shuffle now: the table is at {self._phase}")
        if h.cutters:
            raise RuleViolation("Art 2", "the deck has been cut: it is shuffled before the cut")
        order = event.order
        # an order as the shuffle recorded it (every item exactly a Card of a code 0..51, its
        # notation its code's alone): the notation of its cards, kept then, leaves none of the
        # pack's 40 out (40 cards: each once); else the codes of the cards (a card's hash is a
        # Python call: 40 of them a shuffle). The very order last found so is the whole pack
        # for good (a tuple of interned cards): a twin checking the table's shuffle again
        if order is not _WHOLE_PACK[0]:
            names = kept_names(order)
            if len(order) != DECK_SIZE or (
                {c.code for c in order if isinstance(c, Card)} != PACK_CODES
                if names is None
                else PACK_NOTATION.difference(names)
            ):
                raise RuleViolation("Art 1 a", "a shuffle is an order of the whole 40-card deck")
            if names is not None:
                _WHOLE_PACK[0] = order
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
        if event.at is not None:
            self._check_time(event.at)
        if h is None or self._phase is not _DEALING or not h.queue:
            raise RuleViolation("Art 10", f"no card is due: the table is at {self._phase}")
        if not event.cards or len(event.cards) > len(h.queue):
            raise RuleViolation("Art 10", f"{len(h.queue)} cards are due, not {len(event.cards)}")
        pos, order, queue = h.pos, h.order, h.queue
        for i, (seat, card) in enumerate(event.cards):
            if card is not order[pos + i]:
                raise RuleViolation("Art 10", f"the next card is {order[pos + i]}, not {card}")
            if type(seat) is not int or seat != queue[i]:
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
            # Art 11 b: "mais que dois minutos": the turn is [start, start + limit], an action
            # at the limit itself is in time; the hand is folded once more time has passed
            if event.at - h.turn_since <= limit:
                raise RuleViolation(
                    "Art 11 b",
                    f"seat {event.seat} has until {h.turn_since + limit} ms to act, it is "
                    f"{event.at}",
                )

    def _check_acted(self, event: PlayerActed) -> None:
        self._check_act(self._hand, event.seat, event.action, event.chips, event.at)

    def _check_act(
        self, h: HandState | None, seat: int, action: Act, chips: int, at: int | None
    ) -> None:
        """:meth:`_check_acted` of the event of these fields, ``h`` the hand in play (None:
        none): :meth:`follow` reads a decision's fields once, for its check and its fold."""
        if at is not None:
            self._check_time(at)
        if h is None or self._phase is not _BETTING:
            raise RuleViolation("Art 11 c", f"nobody may bet now: the table is at {self._phase}")
        if type(seat) is not int or seat != h.to_act:
            raise RuleViolation(
                "Art 11 c", f"seat {seat} acts out of turn: seat {h.to_act} is to act"
            )
        limit = self._time_limit_ms
        if (
            limit is not None
            and at is not None
            and h.turn_since is not None
            and at - h.turn_since > limit
        ):
            raise RuleViolation(
                "Art 11 b", f"seat {seat}'s time is up: the hand is folded (time_out)"
            )
        if type(chips) is not int:
            raise RecordError("chips", f"chips must be a whole amount, got {chips!r}")
        stack = self._stacks[seat]
        if chips > stack:
            raise RuleViolation(
                "Art 11 a", f"seat {seat} has {stack} on the table, cannot put in {chips}"
            )
        if action is _FOLD or action is _CHECK:
            if chips:
                raise RuleViolation("Art 10", f"a {action} puts in no chips")
            if action is _CHECK:
                if h.round == 1 and not h.opened:
                    raise RuleViolation(
                        "Art 10 b", f"nobody has opened: seat {seat} must open (bet) or fold"
                    )
                if h.opened:
                    raise RuleViolation(
                        "Art 10 c iii", "nobody checks after a bet: call, raise or fold"
                    )
            return
        owe = h.current - h.round_bet[seat]  # (read by a call and a raise only)
        if action is _CALL:
            if not h.opened:
                rule = "Art 10 b" if h.round == 1 else "Art 10 c"
                detail = (
                    f"nobody has opened: seat {seat} must open (bet) or fold"
                    if h.round == 1
                    else "there is no bet to call: check or bet"
                )
                raise RuleViolation(rule, detail)
            if chips != (owe if owe <= stack else stack):  # min(owe, stack), without its call
                raise RuleViolation("Art 10 b 2", f"a call puts in {min(owe, stack)}, not {chips}")
            return
        if action is _BET:
            if h.opened:
                raise RuleViolation("Art 10 b 3", "there is a bet already: call, raise or fold")
            least = self._least_bet
            if chips < least and chips != stack:
                raise RuleViolation("min_bet", f"the least bet is {least} (or all in), got {chips}")
            if chips < 1:
                raise RuleViolation("min_bet", f"a bet is at least 1, got {chips}")
            return
        # RAISE
        if not h.opened:
            raise RuleViolation("Art 10 b 3", "nothing to raise: bet")
        if seat in h.checked and not self.options.checked_may_raise:
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


_CHECKS: Final[dict[type[Event], Callable[[StudChecks, Any], None]]] = {
    PlayerActed: StudChecks._check_acted,
    CardsDealt: StudChecks._check_dealt,
    HandSettled: StudChecks._check_settled,
    HandStarted: StudChecks._check_started,
    ShoeShuffled: StudChecks._check_shuffled,
    CardBurned: StudChecks._check_burned,
    DeckCut: StudChecks._check_cut,
    TimedOut: StudChecks._check_timed_out,
    KeyCardExposed: StudChecks._check_exposed,
    MisdealRectified: StudChecks._check_rectified,
    HouseVoid: StudChecks._check_voided,
    PlayerToppedUp: StudChecks._check_topped_up,
    # a twin's every restore (not _check_table's tests of the event's type first)
    TableRestored: StudChecks._check_restored,
    TopUpsDue: StudChecks._check_top_ups_due,
}
#: each event type's check and fold step, in one lookup (:meth:`StudChecks._commit`)
_STEPS: Final[
    dict[type[Event], tuple[Callable[[StudChecks, Any], None], Callable[[StudState, Any], None]]]
] = {
    kind: (
        _CHECKS.get(kind, StudChecks._check_table),
        _APPLIES.get(kind, StudState._apply_table),
    )
    for kind in StudState.EVENTS
}
