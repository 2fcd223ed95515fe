"""3-Card Baccarat, Portaria 22/96/M as amended by 219/96/M: the round as a state machine.

:class:`BaccaratGame` is a table of 3-card baccarat in the round protocol of
:mod:`croupier.protocol`: each command checks the articles, records one event and folds it into
the state, so a table is rebuilt (and re-checked) from its log by :meth:`~BaccaratGame.replay`.

=============================  =============================================================
command                        articles
=============================  =============================================================
``shuffle(shuffler, cut=)``    Art 2, 3.1 (decks, cut, second cut card among the last 30-40);
                               Art 4.1 (the casino may reshuffle at the end of any round)
``open_round()``               Art 4.1, 4.2 (no round after the cut card's round, or a box's)
``place_bet(...)``             Art 5.1 (places), 5.2 (several places), 7.2 (raise a tie),
                               8 (side bets), 8.3 (tie only where a main bet is), table limits
``withdraw_bet(...)``          Art 7.2, 8.1 (a carried stake stays), 8.3 (the main stake
                               under a tie stake stays)
``close_bets()``               Art 5.1 (cards go to the places in play: those with a stake)
``burn()``                     Art 3.2 (one card per deck before the first round of a shuffle),
                               Art 3.3 (one before each later round of a shoe)
``deal_card(to=, exposed=)``   Art 3.2 (3 cards each, one at a time, place 1 clockwise, banker
                               last), Art 3.4 (a card to the wrong place), Art 3.5 (exposed)
``rectify_misdeal()``          Art 3.4 (misdealt cards go to the places they should have)
``void_round(reason)``         Art 3.4 (no rectification: all the round's cards cancelled)
``settle()``                   Art 6, 7, 8, 9, 10 (values, tie, side bets, prizes, 5%)
=============================  =============================================================

Readings (where the regulation is silent):

* The places dealt are those holding any stake when bets close (the players present, Art 5.1);
  side bets are placed at a place like main bets. Several players may bet on one place.
* A stake carried over (a main bet on a tie, Art 7.2; odd/even on the banker's three figures,
  Art 8.1) may be raised; the whole stake, raise included, then stays until it is decided.
* A tie bet needs a main stake on its place (Art 8.3; ``tie_needs_own_main_bet`` for the bettor's
  own); that main stake may not be withdrawn while the tie stake is there.
* A misdeal gives a card to another place of the table (the banker's included); dealing goes
  on by the dealing order, and the round cannot be settled until every misdealt card has been
  given to its place (``rectify_misdeal``) or the round voided.
* A void round returns every stake placed for it; stakes carried in stay on the table. The
  cancelled cards leave the shoe; the round counts as the shoe's round for Art 3.3, 4.1 and 4.2
  (a box is shuffled again, so is a shoe whose cut card came out).

One round from a box, dealt from a seeded shuffle (each place: its 3 cards, then the result):

>>> from croupier.cards import format_cards
>>> from croupier.shuffle import SeededShuffler
>>> game = BaccaratGame(BaccaratTable(positions=3))
>>> game.shuffle(SeededShuffler("doc2"), cut=20).cut_card_depth is None
True
>>> game.open_round().number
1
>>> _ = game.place_bet("ana", 1, BetKind.MAIN, 10_000)
>>> _ = game.place_bet("ana", 1, "odd", 2_000)
>>> _ = game.place_bet("rui", 3, BetKind.TIE, 500)
Traceback (most recent call last):
...
croupier.errors.RuleViolation: Art 8.3: a tie bet goes on a place that already has a main bet: \
place 3 has none
>>> _ = game.place_bet("rui", 3, BetKind.MAIN, 1_000)
>>> game.close_bets().positions
(1, 3)
>>> len(game.deal()), game.phase
(10, <Phase.DEALT: 'dealt'>)
>>> for place, cards in game.hands.items():
...     print(position_label(place), format_cards(cards), describe_hand(cards))
1 5d Qs 7d 2 with one figure
3 Kh Ks 9c 9 with two figures
banker 4d 2c Th 6 with no figures
>>> for line in game.settle().lines:
...     print(line.player, line.position, line.bet, line.result, line.paid, line.net, line.article)
ana 1 main lose 0 -10000 Art 6.3, 9.1
ana 1 odd lose 0 -2000 Art 8.1 a, 9.2
rui 3 main win 1950 950 Art 6.3, 9.1
>>> game.house_result, game.phase
(11050, <Phase.NEEDS_SHUFFLE: 'needs_shuffle'>)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar, Final

from croupier.cards import Card, Deck
from croupier.errors import RecordError, RuleViolation
from croupier.events import (
    BetPlaced,
    BetsClosed,
    BetWithdrawn,
    CardBurned,
    CardDealt,
    MisdealRectified,
    Phase,
    RoundOpened,
    RoundSettled,
    RoundVoided,
    ShoeShuffled,
    ShoeState,
    Stake,
    Stakes,
    order_commitment,
)
from croupier.games.three_card_baccarat.deal import GAME as _GAME
from croupier.games.three_card_baccarat.deal import prepare_shoe
from croupier.games.three_card_baccarat.rules import (
    BANKER,
    CARDS_PER_HAND,
    COMMISSION,
    CUT_CARD_DEPTH_MAX,
    CUT_CARD_DEPTH_MIN,
    PRIZE,
    REGULATION,
    BaccaratTable,
    BetKind,
    HandValue,
    decide,
    describe_hand,
    position_label,
)
from croupier.money import Rounding, check_amount
from croupier.protocol import Event, Game, encode
from croupier.settlement import PayoutLine, Result, Settlement
from croupier.shuffle import Shuffler

__all__ = ["GAME", "BaccaratGame"]

GAME: Final = _GAME

_BETS: Final[Mapping[str, BetKind]] = MappingProxyType({kind.value: kind for kind in BetKind})
_BET_NAMES: Final = ", ".join(kind.value for kind in BetKind)
_PACKS: dict[int, Counter[Card]] = {}
_NOTHING: Final = Fraction(0)
_MAIN: Final = BetKind.MAIN.value
_TIE: Final = BetKind.TIE.value


def _pack(decks: int) -> Counter[Card]:
    """The multiset of cards in ``decks`` 52-card decks."""
    pack = _PACKS.get(decks)
    if pack is None:
        pack = _PACKS[decks] = Counter(Deck.STANDARD_52.cards * decks)
    return pack


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Deal:
    """One card dealt in the current round: where the dealing order sent it (``expected``),
    where it went (``to``), and whether it turned face up."""

    __slots__ = ("card", "expected", "exposed", "to")

    def __init__(self, expected: int, to: int, card: Card, exposed: bool) -> None:
        self.expected = expected
        self.to = to
        self.card = card
        self.exposed = exposed


class BaccaratGame(Game[BaccaratTable]):
    """A 3-card baccarat table: commands checked against Portaria 22/96/M, events, a fold.

    See the module docstring for the commands and the articles behind them. Amounts are whole
    units of the table's currency (:class:`~croupier.money.BetLimits` in the options).
    """

    GAME: ClassVar[str] = GAME
    EVENTS: ClassVar[tuple[type[Event], ...]] = (
        ShoeShuffled,
        RoundOpened,
        BetPlaced,
        BetWithdrawn,
        BetsClosed,
        CardBurned,
        CardDealt,
        MisdealRectified,
        RoundVoided,
        RoundSettled,
    )

    def __init__(self, options: BaccaratTable) -> None:
        if not isinstance(options, BaccaratTable):
            raise TypeError(f"options must be a BaccaratTable, got {options!r}")
        super().__init__(options)
        self._phase = Phase.NEEDS_SHUFFLE
        self._shuffle_needed: tuple[str, str] = ("Art 3.1", "shuffle and cut the cards first")
        self._round = 0
        self._shuffled: ShoeShuffled | None = None
        self._shoe: ShoeState | None = None
        self._stakes = Stakes()
        # the round being dealt
        self._places: tuple[int, ...] = ()
        self._cards_due = 0
        self._burns_due = 0
        self._burns_done = 0
        self._deals: list[_Deal] = []
        self._hands: dict[int, list[Card]] = {}
        self._misdeals = 0
        self._revealed = False
        # results
        self._last: Settlement | None = None
        self._balances: dict[str, int] = {}
        self._house = 0
        self._lines: tuple[PayoutLine, ...] | None = None  # settlement of the dealt round, cached

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> BaccaratTable:
        return BaccaratTable.from_dict(data)

    # -- read-only state -----------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def round_number(self) -> int:
        """The number of the last round opened (1 is the table's first); 0 before any."""
        return self._round

    @property
    def hands(self) -> Mapping[int, tuple[Card, ...]]:
        """The round's hands so far: place (banker = 0) -> cards in the order received. Kept
        after settlement until the next round opens; emptied by a void round."""
        return MappingProxyType({p: tuple(cards) for p, cards in self._hands.items()})

    @property
    def places(self) -> tuple[int, ...]:
        """The places dealt this round in dealing order (banker last); () before bets close."""
        return self._places

    @property
    def stakes(self) -> tuple[Stake, ...]:
        """Copies of the stakes on the layout, in the order first placed."""
        return tuple(replace(stake) for stake in self._stakes)

    @property
    def misdealt(self) -> tuple[tuple[int, int, int], ...]:
        """Cards of this round at the wrong place: ``(deal index, place, rightful place)``."""
        return tuple((i, d.to, d.expected) for i, d in enumerate(self._deals) if d.to != d.expected)

    @property
    def last_settlement(self) -> Settlement | None:
        """The most recent round's settlement (a void round's included), or None."""
        return self._last

    @property
    def balances(self) -> Mapping[str, int]:
        """Each player's net result over the table's life (settled and voided rounds)."""
        return MappingProxyType(dict(self._balances))

    @property
    def house_result(self) -> int:
        """The house's net result over the table's life (negative: the house lost)."""
        return self._house

    @property
    def shoe_remaining(self) -> int:
        return 0 if self._shoe is None else self._shoe.remaining

    @property
    def cut_card_out(self) -> bool:
        """The cut card has come out: the round in play is the shoe's last (Art 4.1)."""
        return self._shoe is not None and self._shoe.cut_card_out

    @property
    def burns_due(self) -> int:
        """Cards still to burn before this round's first card (Art 3.2, 3.3)."""
        return self._burns_due - self._burns_done

    # -- commands ------------------------------------------------------------------------------

    def verify_shuffle(self, *, cut: int | None = None) -> None:
        """Refuse a shuffle outside the end of a round (Art 4.1) or a cut out of range (Art 3.1)."""
        self._check_can_shuffle()
        if cut is not None:
            self._check_cut(cut)

    def can_shuffle(self, *, cut: int | None = None) -> bool:
        return self._can(self.verify_shuffle, cut=cut)

    def shuffle(self, shuffler: Shuffler, *, cut: int | None = None) -> ShoeShuffled:
        """Shuffle, cut and place the cut card (Art 3.1) with ``shuffler``: a new box or shoe.

        Allowed before the first round, after the last round of a box or shoe and, at the
        casino's choice, between any two rounds (Art 4.1). Nothing is drawn from ``shuffler``
        when the shuffle is refused.
        """
        self.verify_shuffle(cut=cut)
        shoe, setup = prepare_shoe(self._options, shuffler, cut=cut)
        return self._commit(
            ShoeShuffled.record(shoe.order, cut=setup.cut, cut_card_depth=setup.cut_card_depth)
        )

    def verify_open_round(self) -> None:
        self._check(RoundOpened(self._round + 1))

    def can_open_round(self) -> bool:
        return self._can(self.verify_open_round)

    def open_round(self) -> RoundOpened:
        """Open betting for the next round (READY -> BETTING)."""
        return self._commit(RoundOpened(self._round + 1))

    def verify_place_bet(self, player: str, position: int, bet: BetKind | str, amount: int) -> None:
        self._check(BetPlaced(player, position, _bet_name(bet), amount))

    def can_place_bet(self, player: str, position: int, bet: BetKind | str, amount: int) -> bool:
        return self._can(self.verify_place_bet, player, position, bet, amount)

    def place_bet(self, player: str, position: int, bet: BetKind | str, amount: int) -> BetPlaced:
        """``player`` puts ``amount`` on ``bet`` at ``position``; on a stake already there
        (a carried one included, Art 7.2) it is a raise. Limits apply to the resulting stake."""
        return self._commit(BetPlaced(player, position, _bet_name(bet), amount))

    def verify_withdraw_bet(self, player: str, position: int, bet: BetKind | str) -> None:
        self._check(BetWithdrawn(player, position, _bet_name(bet)))

    def can_withdraw_bet(self, player: str, position: int, bet: BetKind | str) -> bool:
        return self._can(self.verify_withdraw_bet, player, position, bet)

    def withdraw_bet(self, player: str, position: int, bet: BetKind | str) -> BetWithdrawn:
        """``player`` takes back his whole stake on ``bet`` at ``position`` (betting open)."""
        return self._commit(BetWithdrawn(player, position, _bet_name(bet)))

    def verify_close_bets(self) -> None:
        self._check(BetsClosed(tuple(self._stakes.positions())))

    def can_close_bets(self) -> bool:
        return self._can(self.verify_close_bets)

    def close_bets(self) -> BetsClosed:
        """No more bets; the places holding a stake are dealt (BETTING -> DEALING)."""
        return self._commit(BetsClosed(tuple(self._stakes.positions())))

    def verify_burn(self) -> None:
        self._check(self._burn_event())

    def can_burn(self) -> bool:
        return self._can(self.verify_burn)

    def burn(self) -> CardBurned:
        """Burn the shoe's next card (Art 3.2, 3.3)."""
        return self._commit(self._burn_event())

    def verify_deal_card(self, *, to: int | None = None, exposed: bool = False) -> None:
        self._check(self._deal_event(to, exposed))

    def can_deal_card(self, *, to: int | None = None, exposed: bool = False) -> bool:
        return self._can(self.verify_deal_card, to=to, exposed=exposed)

    def deal_card(self, *, to: int | None = None, exposed: bool = False) -> CardDealt:
        """Deal the shoe's next card to the place the dealing order calls for (Art 3.2), or to
        place ``to``: a different place is a misdeal (Art 3.4). ``exposed``: the card turned
        face up; it stays valid (Art 3.5)."""
        return self._commit(self._deal_event(to, exposed))

    def deal(self) -> tuple[CardBurned | CardDealt, ...]:
        """Every burn and card still due this round, in order, without misdeals."""
        if self._phase is not Phase.DEALING:
            raise RuleViolation("Art 3.2", f"no cards to deal now (phase {self._phase})")
        events: list[CardBurned | CardDealt] = []
        while self._burns_done < self._burns_due:
            events.append(self.burn())
        while self._phase is Phase.DEALING:
            events.append(self.deal_card())
        return tuple(events)

    def verify_rectify_misdeal(self) -> None:
        self._check(MisdealRectified(self.misdealt))

    def can_rectify_misdeal(self) -> bool:
        return self._can(self.verify_rectify_misdeal)

    def rectify_misdeal(self) -> MisdealRectified:
        """Give every misdealt card to the place it should have gone to (Art 3.4)."""
        return self._commit(MisdealRectified(self.misdealt))

    def verify_void_round(self, reason: str) -> None:
        self._check(RoundVoided(reason, self._void_lines()))

    def can_void_round(self, reason: str) -> bool:
        return self._can(self.verify_void_round, reason)

    def void_round(self, reason: str) -> RoundVoided:
        """Cancel every card of the round (Art 3.4: a misdeal that cannot be rectified): stakes
        carried in from an earlier round stay, all others are returned."""
        return self._commit(RoundVoided(reason, self._void_lines()))

    def verify_settle(self) -> None:
        self._check(self._settle_event())

    def can_settle(self) -> bool:
        return self._can(self.verify_settle)

    def settle(self) -> RoundSettled:
        """Settle every stake (Art 6-10); ties and odd/even on three figures stay for the next
        round (Art 7.2, 8.1)."""
        return self._commit(self._settle_event())

    # -- building events -----------------------------------------------------------------------

    def _next_card(self) -> Card:
        if self._phase is not Phase.DEALING:
            raise RuleViolation(
                "Art 3.2", f"cards are dealt once bets are closed (phase {self._phase})"
            )
        shoe = self._shoe
        if shoe is None or not shoe.remaining:  # pragma: no cover - the table options forbid it
            raise RuleViolation("Art 2", "the shoe is empty")
        return shoe.order[shoe.dealt]

    def _burn_event(self) -> CardBurned:
        return CardBurned(self._next_card())

    def _deal_event(self, to: int | None, exposed: bool) -> CardDealt:
        card = self._next_card()
        if to is None:
            to = self._places[len(self._deals) % len(self._places)]
        return CardDealt(card, to, exposed)

    def _settle_event(self) -> RoundSettled:
        self._check_settleable()
        return RoundSettled(self._settlement_lines())

    def _settlement_lines(self) -> tuple[PayoutLine, ...]:
        """One line per stake on the layout for the dealt round (Art 6-10)."""
        if self._lines is not None:
            return self._lines
        options = self._options
        hands = self._hands
        banker = HandValue.of(hands[BANKER])
        values = {p: HandValue.of(hands[p]) for p in self._places}
        lines: list[PayoutLine] = []
        for stake in self._stakes:
            kind = _BETS[stake.bet]
            decision = decide(
                kind,
                banker,
                values[stake.position] if not kind.on_banker else None,
                three_figures_as_zero=options.three_figures_as_zero,
                zero_is_even=options.zero_is_even,
            )
            prize = stake.amount * PRIZE[kind] if decision.result is Result.WIN else 0
            lines.append(
                _line(
                    stake.player,
                    stake.position,
                    stake.bet,
                    stake.amount,
                    decision.result,
                    options.rounding,
                    decision.article,
                    prize,
                    decision.commission,
                )
            )
        self._lines = tuple(lines)
        return self._lines

    def _void_lines(self) -> tuple[PayoutLine, ...]:
        """Art 3.4: stakes carried in stay (Art 7.2, 8.1), the others are returned."""
        rounding = self._options.rounding
        lines: list[PayoutLine] = []
        for stake in self._stakes:
            if stake.carried:
                carried_by = "7.2" if stake.bet == _MAIN else "8.1"
                result, article = Result.CARRY, f"Art 3.4, {carried_by}"
            else:
                result, article = Result.PUSH, "Art 3.4"
            lines.append(
                _line(
                    stake.player,
                    stake.position,
                    stake.bet,
                    stake.amount,
                    result,
                    rounding,
                    article,
                    0,
                    False,
                )
            )
        return tuple(lines)

    # -- the fold: checks ----------------------------------------------------------------------

    def _check(self, event: Event) -> None:
        if isinstance(event, CardDealt):
            self._check_dealt(event)
        elif isinstance(event, BetPlaced):
            self._check_bet(event)
        elif isinstance(event, CardBurned):
            self._check_burned(event)
        elif isinstance(event, RoundSettled):
            self._check_settleable()
            if tuple(event.lines) != self._settlement_lines():
                raise RuleViolation(
                    "Art 9, 10", "the settlement lines do not follow the rules for this deal"
                )
        elif isinstance(event, RoundOpened):
            self._check_opened(event)
        elif isinstance(event, BetsClosed):
            self._check_closed(event)
        elif isinstance(event, BetWithdrawn):
            self._check_withdrawn(event)
        elif isinstance(event, ShoeShuffled):
            self._check_shuffled(event)
        elif isinstance(event, MisdealRectified):
            self._check_rectified(event)
        elif isinstance(event, RoundVoided):
            self._check_voided(event)
        else:
            raise RuleViolation("protocol", f"{type(event).__name__} is not a {GAME} event")

    def _check_can_shuffle(self) -> None:
        if self._phase not in (Phase.NEEDS_SHUFFLE, Phase.READY):
            raise RuleViolation(
                "Art 4.1",
                f"the cards are shuffled at the end of a round, not now (phase {self._phase})",
            )

    def _check_cut(self, cut: object) -> None:
        options = self._options
        if not _is_int(cut) or not (
            options.min_cut <= cut <= options.cards - options.min_cut  # type: ignore[operator]
        ):
            raise RuleViolation(
                "Art 3.1",
                f"a cut must move at least {options.min_cut} cards and leave at least "
                f"{options.min_cut} of {options.cards}, got cut {cut!r}",
            )

    def _check_shuffled(self, event: ShoeShuffled) -> None:
        self._check_can_shuffle()
        options = self._options
        order = event.order
        if (
            not isinstance(order, tuple)
            or len(order) != options.cards
            or not all(isinstance(card, Card) for card in order)
            or Counter(order) != _pack(options.decks)
        ):
            raise RuleViolation(
                "Art 2",
                f"the shoe must hold exactly {options.decks} deck(s) of 52 cards, each card once "
                "per deck",
            )
        if event.commitment != order_commitment(order):
            raise RuleViolation("commitment", "the commitment does not match the shoe's order")
        self._check_cut(event.cut)
        depth = event.cut_card_depth
        if options.is_box:
            if depth is not None:
                raise RuleViolation(
                    "Art 2.2", f"a box has no second cut card, got cut_card_depth {depth!r}"
                )
        elif not _is_int(depth) or not (
            CUT_CARD_DEPTH_MIN <= depth <= CUT_CARD_DEPTH_MAX  # type: ignore[operator]
        ):
            raise RuleViolation(
                "Art 3.1",
                f"the second cut card goes among the last {CUT_CARD_DEPTH_MIN} to "
                f"{CUT_CARD_DEPTH_MAX} cards, got cut_card_depth {depth!r}",
            )
        elif options.cut_card_depth is not None and depth != options.cut_card_depth:
            raise RuleViolation(
                "Art 3.1",
                f"this table places the second cut card {options.cut_card_depth} cards from the "
                f"end, got {depth}",
            )

    def _check_opened(self, event: RoundOpened) -> None:
        if self._phase is Phase.NEEDS_SHUFFLE:
            raise RuleViolation(*self._shuffle_needed)
        if self._phase is not Phase.READY:
            raise RuleViolation(
                "Art 3", f"round {self._round} is still in play (phase {self._phase})"
            )
        if not _is_int(event.number) or event.number != self._round + 1:
            raise RuleViolation(
                "round number", f"the next round is number {self._round + 1}, got {event.number!r}"
            )

    def _check_betting(self, what: str) -> None:
        if self._phase is not Phase.BETTING:
            raise RuleViolation(
                "Art 3", f"{what} only while betting is open, before the deal (phase {self._phase})"
            )

    def _check_stake_key(self, player: object, position: object, bet: object) -> BetKind:
        if not isinstance(player, str) or not player or player != player.strip():
            raise RecordError("player", f"a player is a non-empty name, got {player!r}")
        positions = self._options.positions
        if not _is_int(position) or not 1 <= position <= positions:  # type: ignore[operator]
            raise RuleViolation(
                "Art 5.1", f"place {position!r} is not on this table (places 1..{positions})"
            )
        kind = _BETS.get(bet) if isinstance(bet, str) else None
        if kind is None:
            raise RuleViolation("Art 6.3, 8", f"unknown bet {bet!r} (bets: {_BET_NAMES})")
        return kind

    def _has_main_for_tie(self, player: str, position: int) -> bool:
        if self._options.tie_needs_own_main_bet:
            return self._stakes.get(player, position, _MAIN) is not None
        return any(s.bet == _MAIN for s in self._stakes.on(position))

    def _check_bet(self, event: BetPlaced) -> None:
        self._check_betting("bets are placed")
        kind = self._check_stake_key(event.player, event.position, event.bet)
        amount = check_amount(event.amount)
        if kind is BetKind.TIE and not self._has_main_for_tie(event.player, event.position):
            whose = "this player's" if self._options.tie_needs_own_main_bet else "a"
            raise RuleViolation(
                "Art 8.3",
                f"a tie bet goes on a place that already has {whose} main bet: place "
                f"{event.position} has none",
            )
        current = self._stakes.get(event.player, event.position, event.bet)
        self._options.limits.check(event.bet, amount + (0 if current is None else current.amount))

    def _check_withdrawn(self, event: BetWithdrawn) -> None:
        self._check_betting("bets are withdrawn")
        kind = self._check_stake_key(event.player, event.position, event.bet)
        stake = self._stakes.get(event.player, event.position, event.bet)
        if stake is None:
            raise RuleViolation(
                "layout",
                f"{event.player} has no {event.bet} stake on place {event.position} to withdraw",
            )
        if stake.carried:
            if kind is BetKind.MAIN:
                raise RuleViolation(
                    "Art 7.2",
                    "a main bet kept on a tie awaits the next round: it may be raised, not "
                    "withdrawn",
                )
            raise RuleViolation(
                "Art 8.1",
                f"an {event.bet} bet kept on the banker's three figures awaits the next round: "
                "it may not be withdrawn",
            )
        if kind is BetKind.MAIN:
            ties = [s for s in self._stakes.on(event.position) if s.bet == _TIE]
            if self._options.tie_needs_own_main_bet:
                blocked = any(s.player == event.player for s in ties)
            else:
                others = [
                    s
                    for s in self._stakes.on(event.position)
                    if s.bet == _MAIN and s.player != event.player
                ]
                blocked = bool(ties) and not others
            if blocked:
                raise RuleViolation(
                    "Art 8.3",
                    f"place {event.position} holds a tie bet, which needs this main bet: "
                    "withdraw the tie bet first",
                )

    def _check_closed(self, event: BetsClosed) -> None:
        self._check_betting("bets are closed")
        if not len(self._stakes):
            raise RuleViolation("Art 5.1", "no stake on the layout: no place to deal to")
        expected = tuple(self._stakes.positions())
        if tuple(event.positions) != expected:
            raise RuleViolation(
                "Art 5.1",
                f"the places in play are those with a stake, {expected}, got {event.positions!r}",
            )

    def _burn_rule(self) -> str:
        return "Art 3.2" if self._burns_due == self._options.decks else "Art 3.3"

    def _check_next_card(self, card: object, what: str) -> None:
        shoe = self._shoe
        if shoe is None or not shoe.remaining:  # pragma: no cover - the table options forbid it
            raise RuleViolation("Art 2", "the shoe is empty")
        if card != shoe.order[shoe.dealt]:
            raise RuleViolation("Art 3.2", f"the card {what} is not the shoe's next card")

    def _check_burned(self, event: CardBurned) -> None:
        if self._phase is not Phase.DEALING:
            raise RuleViolation(
                "Art 3.2", f"cards are burned once bets are closed (phase {self._phase})"
            )
        if self._burns_done >= self._burns_due:
            raise RuleViolation(
                self._burn_rule(),
                f"the {self._burns_due} card(s) to burn before this round are burned",
            )
        self._check_next_card(event.card, "burned")

    def _check_dealt(self, event: CardDealt) -> None:
        if self._phase is not Phase.DEALING:
            raise RuleViolation(
                "Art 3.2", f"cards are dealt once bets are closed (phase {self._phase})"
            )
        if self._burns_done < self._burns_due:
            raise RuleViolation(
                self._burn_rule(),
                f"burn {self._burns_due - self._burns_done} more card(s) before dealing",
            )
        to = event.to
        if not _is_int(to) or not 0 <= to <= self._options.positions:
            raise RuleViolation(
                "Art 5.1",
                f"place {to!r} is not on this table (banker {BANKER}, places "
                f"1..{self._options.positions})",
            )
        if not isinstance(event.exposed, bool):
            raise RecordError("exposed", f"exposed must be true or false, got {event.exposed!r}")
        self._check_next_card(event.card, "dealt")

    def _check_rectified(self, event: MisdealRectified) -> None:
        if self._phase not in (Phase.DEALING, Phase.DEALT):
            raise RuleViolation("Art 3.4", f"no round is being dealt (phase {self._phase})")
        expected = self.misdealt
        if not expected:
            raise RuleViolation("Art 3.4", "no card went to the wrong place: nothing to rectify")
        if tuple(event.moves) != expected:
            raise RuleViolation(
                "Art 3.4",
                "every misdealt card goes to the place it should have gone to, in dealing "
                f"order: moves {expected}, got {event.moves!r}",
            )

    def _check_voided(self, event: RoundVoided) -> None:
        if self._phase not in (Phase.DEALING, Phase.DEALT):
            raise RuleViolation(
                "Art 3.4",
                f"only the cards of a round being dealt are cancelled (phase {self._phase})",
            )
        if not isinstance(event.reason, str) or not event.reason.strip():
            raise RuleViolation("Art 3.4", "say why the misdeal cannot be rectified")
        if tuple(event.lines) != self._void_lines():
            raise RuleViolation(
                "Art 3.4",
                "a void round returns every stake placed for it and keeps the stakes carried in",
            )

    def _check_settleable(self) -> None:
        if self._phase is Phase.DEALING:
            left = self._cards_due - len(self._deals) + self._burns_due - self._burns_done
            raise RuleViolation(
                "Art 3.2", f"{left} card(s) still to deal: each place gets {CARDS_PER_HAND} cards"
            )
        if self._phase is not Phase.DEALT:
            raise RuleViolation("Art 9", f"no dealt round to settle (phase {self._phase})")
        if self._misdeals:
            raise RuleViolation(
                "Art 3.4",
                f"{self._misdeals} card(s) went to the wrong place: rectify the misdeal or "
                "void the round",
            )

    # -- the fold: apply -----------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        self._lines = None
        if isinstance(event, CardDealt):
            shoe = self._shoe
            assert shoe is not None
            shoe.dealt += 1
            deals = self._deals
            expected = self._places[len(deals) % len(self._places)]
            deals.append(_Deal(expected, event.to, event.card, event.exposed))
            hand = self._hands.get(event.to)
            if hand is None:
                hand = self._hands[event.to] = []
            hand.append(event.card)
            if event.to != expected:
                self._misdeals += 1
            if len(deals) == self._cards_due:
                self._phase = Phase.DEALT
                self._revealed = True
        elif isinstance(event, BetPlaced):
            self._stakes.add(event.player, event.position, event.bet, event.amount)
        elif isinstance(event, CardBurned):
            assert self._shoe is not None
            self._shoe.dealt += 1
            self._burns_done += 1
        elif isinstance(event, RoundSettled | RoundVoided):
            self._end_round(event.lines, void=isinstance(event, RoundVoided))
        elif isinstance(event, RoundOpened):
            self._round = event.number
            self._phase = Phase.BETTING
            self._start_round(())
        elif isinstance(event, BetsClosed):
            shoe = self._shoe
            assert shoe is not None
            self._start_round((*event.positions, BANKER))
            self._burns_due = self._options.burns_before(first_round=shoe.dealt == 0)
            self._phase = Phase.DEALING
        elif isinstance(event, BetWithdrawn):
            self._stakes.remove(event.player, event.position, event.bet)
        elif isinstance(event, ShoeShuffled):
            self._shuffled = event
            self._shoe = ShoeState.from_event(event)
            self._phase = Phase.READY
        elif isinstance(event, MisdealRectified):
            for deal in self._deals:
                deal.to = deal.expected
            self._hands = {p: [] for p in self._places}
            for deal in self._deals:
                self._hands[deal.to].append(deal.card)
            self._misdeals = 0

    def _start_round(self, places: tuple[int, ...]) -> None:
        self._places = places
        self._cards_due = CARDS_PER_HAND * len(places)
        self._burns_due = self._burns_done = 0
        self._deals = []
        self._hands = {p: [] for p in places}
        self._misdeals = 0
        self._revealed = False

    def _end_round(self, lines: tuple[PayoutLine, ...], *, void: bool) -> None:
        stakes = self._stakes
        balances = self._balances
        for line in lines:
            if line.result is Result.CARRY:
                stake = stakes.get(line.player, line.position, line.bet)
                assert stake is not None
                stakes.carry(stake)
            else:
                stakes.remove(line.player, line.position, line.bet)
            balances[line.player] = balances.get(line.player, 0) + line.net
        settlement = Settlement(tuple(lines))
        self._house += settlement.house_result
        self._last = settlement
        if void:  # Art 3.4: the round's cards are cancelled
            self._deals = []
            self._hands = {}
            self._misdeals = 0
            self._revealed = False
        if self._options.is_box:
            self._phase = Phase.NEEDS_SHUFFLE
            self._shuffle_needed = ("Art 4.2", "a box deals one round per shuffle: shuffle again")
        elif self._shoe is not None and self._shoe.cut_card_out:
            self._phase = Phase.NEEDS_SHUFFLE
            self._shuffle_needed = (
                "Art 4.1",
                "the cut card came out: that round was the shoe's last, shuffle again",
            )
        else:
            self._phase = Phase.READY

    # -- what a seat sees ----------------------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The table as ``seat`` sees it (None: a spectator; 0: the banker's place).

        Never the undealt order nor the burned cards. While a round is dealt a place's cards are
        face down (``null``) except to its own seat and except exposed cards (Art 3.5); once every
        card is out all hands are shown with their values.
        """
        options = self._options
        if seat is not None and (not _is_int(seat) or not 0 <= seat <= options.positions):
            raise RuleViolation(
                "Art 5.1", f"seat {seat!r} is not on this table (0..{options.positions})"
            )
        shoe: dict[str, Any] | None = None
        if self._shuffled is not None and self._shoe is not None:
            shoe = {
                **self._shuffled.public(),
                "remaining": self._shoe.remaining,
                "cut_card_out": self._shoe.cut_card_out,
            }
        return {
            "game": GAME,
            "regulation": REGULATION,
            "seat": seat,
            "phase": self._phase.value,
            "round": self._round,
            "table": options.to_dict(),
            "shoe": shoe,
            "layout": [
                {
                    "player": s.player,
                    "position": s.position,
                    "bet": s.bet,
                    "amount": s.amount,
                    "carried": s.carried,
                }
                for s in self._stakes
            ],
            "places": list(self._places),
            "dealing": self._view_dealing(),
            "hands": self._view_hands(seat),
            "last_settlement": None if self._last is None else _view_settlement(self._last),
            "balances": dict(sorted(self._balances.items())),
            "house_result": self._house,
        }

    def _view_dealing(self) -> dict[str, Any] | None:
        if self._phase is not Phase.DEALING and not (self._phase is Phase.DEALT and self._misdeals):
            return None
        next_place = None
        if self._phase is Phase.DEALING and self._burns_done >= self._burns_due:
            next_place = self._places[len(self._deals) % len(self._places)]
        return {
            "burns_due": self._burns_due - self._burns_done,
            "cards_dealt": len(self._deals),
            "cards_due": self._cards_due,
            "next_place": next_place,
            "misdealt": [
                {"index": i, "place": place, "should_go_to": rightful}
                for i, place, rightful in self.misdealt
            ],
        }

    def _view_hands(self, seat: int | None) -> list[dict[str, Any]]:
        by_place: dict[int, list[_Deal]] = {p: [] for p in self._hands}
        for deal in self._deals:
            by_place.setdefault(deal.to, []).append(deal)
        order = [*self._places, *sorted(set(by_place) - set(self._places))]
        out: list[dict[str, Any]] = []
        for place in order:
            deals = by_place.get(place, [])
            shown = self._revealed or seat == place
            item: dict[str, Any] = {
                "position": place,
                "label": position_label(place),
                "cards": [str(d.card) if shown or d.exposed else None for d in deals],
                "exposed": [d.exposed for d in deals],
            }
            if self._revealed and len(deals) == CARDS_PER_HAND:
                cards = tuple(d.card for d in deals)
                value = HandValue.of(cards)
                item.update(
                    points=value.points,
                    figures=value.figures,
                    level=value.level,
                    hand=describe_hand(cards),
                )
            out.append(item)
        return out


_LINES: dict[tuple[object, ...], PayoutLine] = {}
_LINES_KEPT: Final = 4096


def _line(
    player: str,
    position: int,
    bet: str,
    stake: int,
    result: Result,
    rounding: Rounding,
    article: str,
    prize: int,
    commissioned: bool,
) -> PayoutLine:
    """The settlement line of one stake: ``prize`` in units (a win), less 5% of it when
    ``commissioned`` (Art 10). Lines are immutable, so equal ones are built once and shared
    (a long simulation settles the same stakes again and again)."""
    key = (player, position, bet, stake, result, rounding, article, prize, commissioned)
    line = _LINES.get(key)
    if line is None:
        exact = Fraction(prize)
        line = PayoutLine.settle(
            player,
            position,
            bet,
            stake,
            result,
            rounding=rounding,
            article=article,
            prize=exact,
            commission=COMMISSION * exact if commissioned else _NOTHING,
        )
        if len(_LINES) >= _LINES_KEPT:
            _LINES.clear()
        _LINES[key] = line
    return line


def _bet_name(bet: BetKind | str) -> str:
    """A bet's record name: a BetKind's value; anything else as given (checked later)."""
    return bet.value if isinstance(bet, BetKind) else bet


def _view_settlement(settlement: Settlement) -> dict[str, Any]:
    return {
        "lines": [{**encode(line), "net": line.net} for line in settlement.lines],
        "staked": settlement.staked,
        "paid": settlement.paid,
        "carried": settlement.carried,
        "commission": str(settlement.commission),
        "rounding": str(settlement.rounding),
        "house_result": settlement.house_result,
    }
