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
``deal_card(to=, exposed=)``   Art 3.2 (3 cards each, one at a time or, by ``deal_order``,
                               three at a time, place 1 clockwise, banker
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
>>> game = BaccaratGame(BaccaratOptions(positions=3))
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

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Final

from croupier.banking import Articles, BankingTable, Refusal
from croupier.cards import Card
from croupier.errors import RuleViolation
from croupier.events import (
    CardBurned,
    CardDealt,
    MisdealRectified,
    Phase,
    RoundVoided,
    ShoeShuffled,
    Stake,
)
from croupier.games.banking_void import VoidableBankingTable
from croupier.games.three_card_baccarat.deal import GAME as _GAME
from croupier.games.three_card_baccarat.deal import prepare_shoe
from croupier.games.three_card_baccarat.options import (
    BaccaratOptions,
    DealOrder,
    NumbersHand,
    TieRule,
)
from croupier.games.three_card_baccarat.rules import (
    BANKER,
    CARDS_PER_HAND,
    COMMISSION,
    CUT_CARD_DEPTH_MAX,
    CUT_CARD_DEPTH_MIN,
    PRIZE,
    REGULATION,
    BetKind,
    HandValue,
    decide,
    describe_hand,
    position_label,
)
from croupier.games.void import HouseVoid
from croupier.protocol import Event, encode
from croupier.records import is_int
from croupier.settlement import PayoutLine, Result, Settlement
from croupier.shuffle import Shuffler

__all__ = ["GAME", "BaccaratGame"]

GAME: Final = _GAME

_MAIN: Final = BetKind.MAIN.value
_TIE: Final = BetKind.TIE.value

#: The articles and messages of the checks shared with football poker (croupier.banking).
_ARTICLES: Final = Articles(
    shuffle_first=Refusal("Art 3.1", "shuffle and cut the cards first"),
    shoe=Refusal(
        "Art 2",
        "the shoe must hold exactly {decks} deck(s) of 52 cards, each card once per deck",
    ),
    commitment=Refusal("commitment", "the commitment does not match the shoe's order"),
    cut=Refusal(
        "Art 3.1",
        "a cut must move at least {least} cards and leave at least {least} of {cards}, "
        "got cut {cut!r}",
    ),
    round_in_play=Refusal("Art 3", "round {round} is still in play (phase {phase})"),
    round_number=Refusal("round number", "the next round is number {next}, got {got!r}"),
    place=Refusal("Art 5.1", "place {position!r} is not on this table (places 1..{most})"),
    bet=Refusal("Art 6.3, 8", "unknown bet {bet!r} (bets: {bets})"),
    bet_out_of_turn=Refusal(
        "Art 3", "bets are placed only while betting is open, before the deal (phase {phase})"
    ),
    withdraw_out_of_turn=Refusal(
        "Art 3", "bets are withdrawn only while betting is open, before the deal (phase {phase})"
    ),
    close_out_of_turn=Refusal(
        "Art 3", "bets are closed only while betting is open, before the deal (phase {phase})"
    ),
    no_stake=Refusal("layout", "{player} has no {bet} stake on place {position} to withdraw"),
    empty_layout=Refusal("Art 5.1", "no stake on the layout: no place to deal to"),
    places_in_play=Refusal(
        "Art 5.1", "the places in play are those with a stake, {expected}, got {got!r}"
    ),
)
_BOX_DONE: Final = Refusal("Art 4.2", "a box deals one round per shuffle: shuffle again")
_CUT_CARD_OUT: Final = Refusal(
    "Art 4.1", "the cut card came out: that round was the shoe's last, shuffle again"
)


class _Deal:
    """One card dealt in the current round: where the dealing order sent it (``expected``),
    where it went (``to``), and whether it turned face up."""

    __slots__ = ("card", "expected", "exposed", "to")

    def __init__(self, expected: int, to: int, card: Card, exposed: bool) -> None:
        self.expected = expected
        self.to = to
        self.card = card
        self.exposed = exposed


class BaccaratGame(VoidableBankingTable[BaccaratOptions, BetKind]):
    """A 3-card baccarat table: commands checked against Portaria 22/96/M, events, a fold.

    See the module docstring for the commands and the articles behind them; the state, commands
    and checks it shares with football poker are :class:`~croupier.banking.BankingTable`'s.
    Amounts are whole units of the table's currency (:class:`~croupier.money.BetLimits` in the
    options).
    """

    GAME: ClassVar[str] = GAME
    EVENTS: ClassVar[tuple[type[Event], ...]] = (
        *BankingTable.EVENTS,
        MisdealRectified,
        RoundVoided,
        HouseVoid,
    )
    REGULATION: ClassVar[str] = REGULATION
    ARTICLES: ClassVar[Articles] = _ARTICLES
    BET_KIND = BetKind
    OPTIONS_KEY: ClassVar[str] = "table"
    CARRIES: ClassVar[bool] = True
    COMMISSION: ClassVar[Fraction] = COMMISSION
    NEW_STAKE_RULES: ClassVar[frozenset[str]] = frozenset({_TIE})  # Art 8.3

    def _commission_rate(self) -> Fraction:
        """Art 10 (5%), or the table's ``commission`` option."""
        return self._options.commission

    def __init__(self, options: BaccaratOptions) -> None:
        if not isinstance(options, BaccaratOptions):
            raise TypeError(f"options must be a BaccaratOptions, got {options!r}")
        super().__init__(options)
        # the round being dealt
        self._places: tuple[int, ...] = ()
        self._cards_due = 0
        self._burns_due = 0
        self._burns_done = 0
        self._deals: list[_Deal] = []
        self._misdeals = 0
        self._revealed = False
        #: the hands part of the view by seat, and the round version it was made at
        self._hands_memo: dict[int | None, tuple[int, list[dict[str, Any]]]] = {}

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> BaccaratOptions:
        return BaccaratOptions.from_dict(data)

    # -- read-only state -----------------------------------------------------------------------

    @property
    def places(self) -> tuple[int, ...]:
        """The places dealt this round in dealing order (banker last); () before bets close."""
        return self._places

    @property
    def misdealt(self) -> tuple[tuple[int, int, int], ...]:
        """Cards of this round at the wrong place: ``(deal index, place, rightful place)``."""
        return tuple((i, d.to, d.expected) for i, d in enumerate(self._deals) if d.to != d.expected)

    @property
    def burns_due(self) -> int:
        """Cards still to burn before this round's first card (Art 3.2, 3.3)."""
        return self._burns_due - self._burns_done

    # -- commands ------------------------------------------------------------------------------

    def verify_deal_card(self, *, to: int | None = None, exposed: bool = False) -> None:
        self._check(self._deal_event(to, exposed))

    def can_deal_card(self, *, to: int | None = None, exposed: bool = False) -> bool:
        return self._can(self.verify_deal_card, to=to, exposed=exposed)

    def deal_card(self, *, to: int | None = None, exposed: bool = False) -> CardDealt:
        """Deal the shoe's next card to the place the dealing order calls for (Art 3.2), or to
        place ``to``: a different place is a misdeal (Art 3.4). ``exposed``: the card turned
        face up; it stays valid (Art 3.5)."""
        return self._commit(self._deal_event(to, exposed))

    def verify_deal(self) -> None:
        if self._phase is not Phase.DEALING:
            raise RuleViolation("Art 3.2", f"no cards to deal now (phase {self._phase})")

    def deal(self) -> tuple[Event, ...]:
        """Every burn and card still due this round, in order, without misdeals."""
        self.verify_deal()
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

    # the dealer's void of the round in play: VoidableBankingTable (croupier/games/banking_void.py)

    # -- building events -----------------------------------------------------------------------

    def _shuffle_event(self, shuffler: Shuffler, cut: int | None) -> ShoeShuffled:
        """Art 2, 3.1 (see :func:`~croupier.games.three_card_baccarat.deal.prepare_shoe`)."""
        shoe, setup = prepare_shoe(self._options, shuffler, cut=cut)
        return ShoeShuffled.record(shoe.order, cut=setup.cut, cut_card_depth=setup.cut_card_depth)

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
            to = self._expected_place(len(self._deals))
        return CardDealt(card, to, exposed)

    def _expected_place(self, index: int) -> int:
        """Where the dealing order sends the round's card ``index`` (Art 3.2): one card at a
        time round the places (``round-robin``), or three at a time (``hand-by-hand``)."""
        if self._options.deal_order is DealOrder.HAND_BY_HAND:
            return self._places[index // CARDS_PER_HAND]
        return self._places[index % len(self._places)]

    def _settlement_lines(self) -> tuple[PayoutLine, ...]:
        """One line per stake on the layout for the dealt round (Art 6-10)."""
        if self._due is not None:
            return self._due
        options = self._options
        hands = self._hands
        banker = HandValue.of(hands[BANKER])
        values = {p: HandValue.of(hands[p]) for p in self._places}
        lines: list[PayoutLine] = []
        for stake in self._stakes:
            kind = self._bets[stake.bet]
            decision = decide(
                kind,
                banker,
                values[stake.position],
                three_figures_as_zero=options.three_figures_as_zero,
                zero_is_even=options.zero_is_even,
                numbers_on_place=options.numbers_hand is NumbersHand.PLACE,
                tie_on_points=options.tie_rule is TieRule.POINTS,
            )
            prize = stake.amount * PRIZE[kind] if decision.result is Result.WIN else 0
            lines.append(
                self._line(
                    stake.player,
                    stake.position,
                    stake.bet,
                    stake.amount,
                    decision.result,
                    decision.article,
                    prize,
                    decision.commission,
                )
            )
        self._due = tuple(lines)
        return self._due

    def _void_lines(self) -> tuple[PayoutLine, ...]:
        """Art 3.4: stakes carried in stay (Art 7.2, 8.1), the others are returned."""
        lines: list[PayoutLine] = []
        for stake in self._stakes:
            if stake.carried:
                carried_by = "7.2" if stake.bet == _MAIN else "8.1"
                result, article = Result.CARRY, f"Art 3.4, {carried_by}"
            else:
                result, article = Result.PUSH, "Art 3.4"
            line = self._line(
                stake.player, stake.position, stake.bet, stake.amount, result, article, 0, False
            )
            lines.append(line)
        return tuple(lines)

    # -- the fold: checks ----------------------------------------------------------------------

    def _check_other(self, event: Event) -> None:
        if isinstance(event, MisdealRectified):
            self._check_rectified(event)
        elif isinstance(event, RoundVoided):
            self._check_voided(event)
        elif isinstance(event, HouseVoid):
            self._check_house_void(event)
        else:
            super()._check_other(event)

    def _check_shuffle_phase(self) -> None:
        if self._phase not in (Phase.NEEDS_SHUFFLE, Phase.READY):
            raise RuleViolation(
                "Art 4.1",
                f"the cards are shuffled at the end of a round, not now (phase {self._phase})",
            )
        if self._phase is Phase.READY and self._shoe is not None and not self._shoe.dealt:
            raise RuleViolation(
                "Art 4.1",
                "the casino may shuffle again at the end of a round; no round has been dealt "
                "from this shoe yet",
            )

    def _check_cut_card(self, depth: object) -> None:
        options = self._options
        if options.is_box:
            if depth is not None:
                raise RuleViolation(
                    "Art 2.2", f"a box has no second cut card, got cut_card_depth {depth!r}"
                )
        elif not is_int(depth) or not CUT_CARD_DEPTH_MIN <= depth <= CUT_CARD_DEPTH_MAX:
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

    def _has_main_for_tie(self, player: str, position: int) -> bool:
        if self._options.tie_needs_own_main_bet:
            return self._stakes.get(player, position, _MAIN) is not None
        return any(s.bet == _MAIN for s in self._stakes.on(position))

    def new_stake_places(
        self, player: str, bet: BetKind | str, places: Sequence[int]
    ) -> tuple[int, ...]:
        """:meth:`may_stake_at` for every place at once: a tie goes where there is a main bet
        (this player's, with ``tie_needs_own_main_bet``; Art 8.3); other kinds anywhere."""
        if self._bet_name(bet) != _TIE:
            return super().new_stake_places(player, bet, places)
        own = self._options.tie_needs_own_main_bet
        mains = {
            s.position for s in self._stakes if s.bet == _MAIN and (not own or s.player == player)
        }
        return tuple(p for p in places if p in mains)

    def _check_new_stake(self, player: str, position: int, kind: BetKind) -> None:
        if kind is BetKind.TIE and not self._has_main_for_tie(player, position):
            whose = "this player's" if self._options.tie_needs_own_main_bet else "a"
            raise RuleViolation(
                "Art 8.3",
                f"a tie bet goes on a place that already has {whose} main bet: place "
                f"{position} has none",
            )

    def _check_withdrawal(self, stake: Stake, kind: BetKind) -> None:
        if stake.carried:
            if kind is BetKind.MAIN:
                raise RuleViolation(
                    "Art 7.2",
                    "a main bet kept on a tie awaits the next round: it may be raised, not "
                    "withdrawn",
                )
            raise RuleViolation(
                "Art 8.1",
                f"an {stake.bet} bet kept on the banker's three figures awaits the next round: "
                "it may not be withdrawn",
            )
        if kind is BetKind.MAIN:
            on_place = self._stakes.on(stake.position)
            ties = [s for s in on_place if s.bet == _TIE]
            if self._options.tie_needs_own_main_bet:
                blocked = any(s.player == stake.player for s in ties)
            else:
                others = [s for s in on_place if s.bet == _MAIN and s.player != stake.player]
                blocked = bool(ties) and not others
            if blocked:
                raise RuleViolation(
                    "Art 8.3",
                    f"place {stake.position} holds a tie bet, which needs this main bet: "
                    "withdraw the tie bet first",
                )

    def _burn_rule(self) -> str:
        return "Art 3.2" if self._burns_due == self._options.decks else "Art 3.3"

    def _check_next_card(self, card: object, what: str) -> None:
        shoe = self._shoe
        if shoe is None or not shoe.remaining:  # pragma: no cover - the table options forbid it
            raise RuleViolation("Art 2", "the shoe is empty")
        if card != shoe.order[shoe.dealt]:
            raise RuleViolation("Art 3.2", f"the card {what} is not the shoe's next card")

    def _check_card_burned(self, event: CardBurned) -> None:
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

    def _check_card_dealt(self, event: CardDealt) -> None:
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
        if not is_int(to) or not 0 <= to <= self._options.positions:
            raise RuleViolation(
                "Art 5.1",
                f"place {to!r} is not on this table (banker {BANKER}, places "
                f"1..{self._options.positions})",
            )
        self._check_exposed(event.exposed)
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
        if not self._misdeals:
            raise RuleViolation(
                "Art 3.4",
                "a round is cancelled only when a misdeal cannot be rectified, and no card of "
                "this round went to the wrong place",
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

    def _refuse_lines(self, lines: tuple[PayoutLine, ...], due: tuple[PayoutLine, ...]) -> None:
        if tuple(lines) != due:
            raise RuleViolation(
                "Art 9, 10", "the settlement lines do not follow the rules for this deal"
            )

    # -- the fold: apply -----------------------------------------------------------------------

    def _card_dealt(self, event: CardDealt) -> None:
        shoe = self._shoe
        assert shoe is not None
        shoe.dealt += 1
        deals = self._deals
        expected = self._expected_place(len(deals))
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

    def _card_burned(self, event: CardBurned) -> None:
        assert self._shoe is not None
        self._shoe.dealt += 1
        self._burns_done += 1

    def _round_opened(self) -> None:
        self._start_round(())

    def _bets_closed(self, positions: tuple[int, ...]) -> None:
        shoe = self._shoe
        assert shoe is not None
        self._start_round((*positions, BANKER))
        self._burns_due = self._options.burns_before(first_round=shoe.dealt == 0)

    def _apply_other(self, event: Event) -> None:
        if isinstance(event, HouseVoid):
            self._apply_house_void(event)
        elif isinstance(event, RoundVoided):
            self._end_round(event.lines)
            # Art 3.4: the round's cards are cancelled
            self._deals = []
            self._hands = {}
            self._misdeals = 0
            self._revealed = False
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

    def _shuffle_reason(self) -> Refusal | None:
        if self._options.is_box:
            return _BOX_DONE
        if self._shoe is not None and self._shoe.cut_card_out:
            return _CUT_CARD_OUT
        return None

    # -- what a seat sees ----------------------------------------------------------------------

    def _check_seat(self, seat: object) -> None:
        """Seat 0 is the banker's place."""
        positions = self._options.positions
        if not is_int(seat) or not 0 <= seat <= positions:
            raise RuleViolation("Art 5.1", f"seat {seat!r} is not on this table (0..{positions})")

    def _view_round(self, seat: int | None) -> dict[str, Any]:
        """The places dealt, the deal in progress and the hands. While a round is dealt a
        place's cards are face down (``null``) except to its own seat and except exposed cards
        (Art 3.5); once every card is out all hands are shown with their values."""
        return {
            "places": list(self._places),
            "dealing": self._view_dealing(),
            "hands": self._view_hands(seat),
        }

    def _view_dealing(self) -> dict[str, Any] | None:
        if self._phase is not Phase.DEALING and not (self._phase is Phase.DEALT and self._misdeals):
            return None
        next_place = None
        if self._phase is Phase.DEALING and self._burns_done >= self._burns_due:
            next_place = self._expected_place(len(self._deals))
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
        """The hands part of the view: made once while the round's cards stay as they are (a
        table asks a view at every decision of its betting window) and copied for each view."""
        made = self._hands_memo.get(seat)
        if made is None or made[0] != self._round_version:
            if len(self._hands_memo) > 16:
                self._hands_memo.clear()
            made = self._hands_memo[seat] = (self._round_version, self._make_view_hands(seat))
        return [
            {**item, "cards": list(item["cards"]), "exposed": list(item["exposed"])}
            for item in made[1]
        ]

    def _make_view_hands(self, seat: int | None) -> list[dict[str, Any]]:
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
                item.update(_hand_view(tuple(d.card for d in deals)))
            out.append(item)
        return out

    def _view_settlement(self, settlement: Settlement) -> dict[str, Any]:
        return {
            "lines": [{**encode(line), "net": line.net} for line in settlement.lines],
            "staked": settlement.staked,
            "paid": settlement.paid,
            "carried": settlement.carried,
            "commission": str(settlement.commission),
            "rounding": str(settlement.rounding),
            "house_result": settlement.house_result,
        }


#: a hand's values as the view shows them, by its cards (a table shows the same hands at every
#: decision of a round); bounded: started again past _HAND_VIEWS_KEPT hands
_HAND_VIEWS: dict[tuple[Card, ...], dict[str, Any]] = {}
_HAND_VIEWS_KEPT = 50_000


def _hand_view(cards: tuple[Card, ...]) -> dict[str, Any]:
    """``points``, ``figures``, ``level`` and ``hand`` of three cards (kept: copy it, as
    ``dict.update`` does)."""
    made = _HAND_VIEWS.get(cards)
    if made is None:
        if len(_HAND_VIEWS) >= _HAND_VIEWS_KEPT:
            _HAND_VIEWS.clear()
        value = HandValue.of(cards)
        made = _HAND_VIEWS[cards] = {
            "points": value.points,
            "figures": value.figures,
            "level": value.level,
            "hand": describe_hand(cards),
        }
    return dict(made)
