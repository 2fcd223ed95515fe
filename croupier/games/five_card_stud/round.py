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

Readings (GAMES.md §5 and docs/rules.md §5; each one a
:class:`~croupier.games.five_card_stud.options.StudOptions` field where the text allows
another):

* **Who is dealt in.** Every seated player whose capital is at least ``top_up_below`` and
  covers his pot money, and who owes no top-up (Art 6: by the letter, a capital that fell below
  the threshold during the last hand and is below the least capital now; ``top_up_duty``).
* **Betting.** No limit beyond the player's capital on the table (the regulation sets none). The
  least opening bet is ``min_bet`` (the pot money by default). A raise adds at least the previous
  bet (Art 10 b 3) unless the player goes all in; a re-raise what ``reraise_minimum`` says; a
  short all-in raise does not reopen the betting unless ``short_all_in_reopens``. A player who
  checked may only call or fold for the rest of that round (Art 10 c i 2; ``checked_may_raise``
  for c iii), and nobody checks after a bet (Art 10 c iii). Round 1 has no check: the opener bets
  or folds (Art 10 b).
* **Order.** The letter of Art 10 c-d by default (``showing_order``): the pair, else the highest
  *newest* up card. Before a bet the turn goes by showing strength (Art 10 b, c ii); after a
  bet, counterclockwise from the bettor (Art 10 b, c iii). Players all in are skipped; a round
  with fewer than two players able to bet is not played, the cards are dealt on.
* **Commission.** Only the fourth round's uncalled bet goes back free (Art 9, ``uncalled_bet``).
* **Misdeals.** A card that reaches the wrong seat is recorded where it went; the engine holds
  it for the seat the dealing order gives it and betting waits for ``rectify`` (Art 11 e).
* **Key card exposed** (Art 11 d): during the deal, or in round 1 before anyone acts. The hand
  is dead and its pot money comes back from the pot; an ``each`` initial commission stays paid.
* **Time.** ``at`` never goes back. A turn's time runs from the ``at`` of the event that gave
  it; an action more than ``time_limit_seconds`` after it is refused («mais que dois minutos»:
  at the limit itself it is in time) and ``time_out`` folds the hand (when the turn's start is
  unknown the floor's ``time_out`` is taken as it is).

A hand dealt from a seeded shuffle:

>>> from croupier.shuffle import SeededShuffler
>>> from croupier.games.five_card_stud.options import StudOptions
>>> game = StudGame(StudOptions())
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

from collections.abc import Iterable
from operator import itemgetter
from typing import Any, Final

from croupier.card_events import CardBurned, ShoeShuffled
from croupier.errors import RuleViolation
from croupier.frozen import keep_text
from croupier.games.five_card_stud.checks import StudChecks
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
    TopUpsDue,
    make_topped_up,
)
from croupier.games.five_card_stud.state import PACK, StudPhase, showing
from croupier.games.five_card_stud.texts import (
    EXACT_SEATS,
    START_TEXTS,
    exact_seats,
    settled_text,
    start_text,
)
from croupier.games.five_card_stud.view import Legal, Observation, legal_of, observation_of, view_of
from croupier.games.void import HouseVoid
from croupier.shuffle import SeededShuffler, Shuffler

__all__ = ["Legal", "Observation", "StudGame", "StudPhase", "showing"]


#: the shufflers' shuffles that move each item by its position alone, whatever the items (the
#: Fisher-Yates of Shuffler and of the HMAC streams: a bound is read of the length only)
_POSITIONAL: Final = (Shuffler.shuffle, SeededShuffler.shuffle)
_SHUFFLE: Final = StudPhase.SHUFFLE
_CUT: Final = StudPhase.CUT
#: the pack's positions, and the notation of each of its cards (what card_notation writes)
_POSITIONS: Final = tuple(range(len(PACK)))
_PACK_NAMES: Final = tuple(str(card) for card in PACK)


class StudGame(StudChecks):
    """A five-card stud table checked against Portaria 104/85/M (see the module docstring)."""

    # -- seats and money between hands -----------------------------------------------------------

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
        return self._commit(make_topped_up(seat, amount))

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

    def verify_restore(
        self, seats: Iterable[SeatRecord], *, deck: int, deck_deals: int, hands: int
    ) -> None:
        self._check(TableRestored(tuple(seats), deck, deck_deals, hands))

    def can_restore(
        self, seats: Iterable[SeatRecord], *, deck: int, deck_deals: int, hands: int
    ) -> bool:
        return self._can(
            self.verify_restore, tuple(seats), deck=deck, deck_deals=deck_deals, hands=hands
        )

    def restore(
        self, seats: Iterable[SeatRecord], *, deck: int, deck_deals: int, hands: int
    ) -> TableRestored:
        """Open an empty log with a table already in play (a hand history's starting point)."""
        return self._commit(TableRestored(tuple(seats), deck, deck_deals, hands))

    def verify_top_ups_due(self, seats: Iterable[int]) -> None:
        self._check(TopUpsDue(tuple(seats)))

    def can_top_ups_due(self, seats: Iterable[int]) -> bool:
        return self._can(self.verify_top_ups_due, tuple(seats))

    def top_ups_due(self, seats: Iterable[int]) -> TopUpsDue:
        """Right after :meth:`restore`: the seats that must top up to the least capital before
        they are dealt in again (Art 6: their capital fell below the threshold during the last
        hand, ``top_up_duty = during-hand``)."""
        return self._commit(TopUpsDue(tuple(seats)))

    # -- the hand: pot money, shuffle, cut, burn -------------------------------------------------

    def verify_start_hand(self) -> None:
        self._check(self._start_event())

    def can_start_hand(self) -> bool:
        return self._can(self.verify_start_hand)

    def start_hand(self) -> HandStarted:
        """Collect the pot money and the initial commission: a new hand (Art 7, 8)."""
        event = self._starting = self._start_event()
        try:
            self._commit(event)
        finally:
            self._starting = None
        # its text for the digest written as the table made it (keep_text), when its seats and
        # its ints are exactly ints (a bool is equal to 1 but written true)
        seats, number, pot, commission = (
            event.seats,
            event.number,
            event.pot_money,
            event.commission,
        )
        if (
            (seats is EXACT_SEATS[0] or exact_seats(seats))
            and type(number) is int
            and type(pot) is int
            and type(commission) is int
        ):
            text = START_TEXTS.get(seats) or start_text(seats)
            keep_text(event, text % (commission, number, pot))
        return event

    def verify_shuffle(self, shuffler: Shuffler | None = None) -> None:
        """Whether the deck may be shuffled now (whatever ``shuffler`` will draw)."""
        phase = self._phase  # _check_phase's test and text, without its call (every hand)
        if phase is not _SHUFFLE and phase is not _CUT:
            raise RuleViolation("Art 2", f"cannot shuffle now: the table is at {phase}")
        if self._hand is not None and self._hand.cutters:
            raise RuleViolation("Art 2", "the deck has been cut: it is shuffled before the cut")

    def can_shuffle(self, shuffler: Shuffler | None = None) -> bool:
        return self._can(self.verify_shuffle, shuffler)

    def shuffle(self, shuffler: Shuffler) -> ShoeShuffled:
        """The dealer shuffles the deck (Art 2); again at will until the first card is burned."""
        self.verify_shuffle()
        shuffle = shuffler.shuffle
        if getattr(shuffle, "__func__", None) in _POSITIONAL:
            # a shuffle that moves items by their positions alone: the pack's positions
            # shuffled, its cards and their names picked by them in C (the same order as the
            # pack's shuffle: tests/games/five_card_stud/test_deal_paths.py), the names not
            # read again of the cards (card_notation's loop). The method the shuffler has, not
            # its class's: one set on the shuffler itself (a stacked deck) shuffles the pack
            pick = itemgetter(*shuffle(_POSITIONS))
            event = ShoeShuffled.record(
                pick(PACK), cut=0, cut_card_depth=None, names=pick(_PACK_NAMES)
            )
        else:
            order = shuffle(PACK)
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

    def verify_burn(self) -> None:
        self._check(self._burn_event())

    def can_burn(self) -> bool:
        return self._can(self.verify_burn)

    def burn(self) -> CardBurned:
        """The first card goes to the rack, unseen (Art 2, 10 a)."""
        return self._commit(self._burn_event())

    # -- dealing ---------------------------------------------------------------------------------

    def verify_deal(self, *, at: int | None = None) -> None:
        self._check(self._deal_event(None, None, at))

    def can_deal(self, *, at: int | None = None) -> bool:
        return self._can(self.verify_deal, at=at)

    def deal(self, *, at: int | None = None) -> CardsDealt:
        """Deal every card due now, in the order of Art 10 a-d."""
        return self._commit(self._deal_event(None, None, at))

    def verify_deal_card(self, *, to: int | None = None, at: int | None = None) -> None:
        self._check(self._deal_event(1, to, at))

    def can_deal_card(self, *, to: int | None = None, at: int | None = None) -> bool:
        return self._can(self.verify_deal_card, to=to, at=at)

    def deal_card(self, *, to: int | None = None, at: int | None = None) -> CardsDealt:
        """Deal the next card; ``to``: the seat it actually reached, when it is not the one the
        order gives (a misdeal, to be rectified: Art 11 e)."""
        return self._commit(self._deal_event(1, to, at))

    def verify_rectify(self, *, at: int | None = None) -> None:
        self._check(self._rectify_event(at))

    def can_rectify(self, *, at: int | None = None) -> bool:
        return self._can(self.verify_rectify, at=at)

    def rectify(self, *, at: int | None = None) -> MisdealRectified:
        """Give every misdealt card to the seat the dealing order gives it (Art 11 e)."""
        return self._commit(self._rectify_event(at))

    def verify_expose_key_card(self, seat: int, *, at: int | None = None) -> None:
        self._check(KeyCardExposed(seat, at))

    def can_expose_key_card(self, seat: int, *, at: int | None = None) -> bool:
        return self._can(self.verify_expose_key_card, seat, at=at)

    def exposable_seats(self) -> tuple[int, ...]:
        """The seats whose key card may be recorded as exposed now (Art 11 d: in the deal, or
        in round 1 before anyone acts): those for which :meth:`can_expose_key_card` is True."""
        h = self._hand
        if h is None:
            return ()
        phase = self._phase
        if phase is StudPhase.DEALING:
            early = h.street == 2
        else:
            early = phase is StudPhase.BETTING and h.round == 1 and not h.acted_in_round
        return tuple(s for s in h.live if s in h.key) if early else ()

    def expose_key_card(self, seat: int, *, at: int | None = None) -> KeyCardExposed:
        """Art 11 d: the key card of ``seat`` was revealed in the deal: the hand is dead and its
        pot money returned."""
        return self._commit(KeyCardExposed(seat, at))

    # -- betting ---------------------------------------------------------------------------------

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

    def can_time_out(self, seat: int, *, at: int | None = None) -> bool:
        return self._can(self.verify_time_out, seat, at=at)

    def time_out(self, seat: int, *, at: int | None = None) -> TimedOut:
        """Art 11 b: the player on turn took more than the time allowed: his hand is folded."""
        return self._commit(TimedOut(seat, at))

    # -- settlement ------------------------------------------------------------------------------

    def verify_settle(self) -> None:
        self._check(self._settle_event())

    def can_settle(self) -> bool:
        return self._can(self.verify_settle)

    def settle(self) -> HandSettled:
        """Show down in the order of Art 10 e and pay the pots (Art 4, 9, 11 a)."""
        h = self._hand  # (the hand is dropped as the settlement is applied)
        event = self._commit(self._settle_event())
        # its text for the digest written here (keep_text), by what the table knows of it: its
        # seats are the hand's (all exactly ints, checked once a hand), every other int and card
        # looked at (settled_text); not in _settle_event, which a twin calls to compare
        if h is not None and (h.seats is EXACT_SEATS[0] or exact_seats(h.seats)):
            text = settled_text(event)
            if text is not None:
                keep_text(event, text)
        return event

    def verify_house_void(self, reason: str, by: str) -> None:
        self._check(self._void_event(reason, by))

    def can_house_void(self, reason: str, by: str) -> bool:
        return self._can(self.verify_house_void, reason, by)

    def house_void(self, reason: str, by: str) -> HouseVoid:
        """Void the hand in play (house practice: every seat gets back all it paid for the
        hand; :mod:`croupier.games.void`); its cards are cancelled, IDLE follows. Refused at the
        showdown (betting over: the result is fixed, Art 4, 10 e)."""
        return self._commit(self._void_event(reason, by))

    # -- what a seat may do and see ---------------------------------------------------------------

    def legal(self, seat: int | None = None) -> Legal | None:
        """What the player on turn may do (None: not his turn, or no betting now)."""
        return legal_of(self, seat)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (its own key card, everyone's up cards, the money)."""
        return observation_of(self, seat)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """JSON-ready state as ``seat`` sees it (None: the public display). Key cards are seen
        by their owner, and by everyone once shown at the showdown; never the undealt deck."""
        return view_of(self, seat)
