"""The round of Football Poker (Despacho 65/2004) as an event-sourced state machine.

:class:`FootballPokerGame` is one table (see :mod:`croupier.protocol`): commands check the
articles, record events, and the state is a fold over the log, so :meth:`~FootballPokerGame.replay`
rebuilds a table from its events and refuses a tampered log with the article it breaks.

The life of a table::

    NEEDS_SHUFFLE --shuffle--> READY --open_round--> BETTING --close_bets--> DEALING
          ^                      ^                   place_bet /              burn / deal_card
          |                      |                   withdraw_bet             (or deal)
          |                      +---- settle (cut card still in) ---- DEALT <---+
          +-------------------------- settle (cut card out, Art 5.5) ----+

* **Shuffle** (Art 5.1): :meth:`~FootballPokerGame.shuffle` draws from the injected shuffler in
  this order: (1) ``Shoe.shuffle`` calls ``shuffler.shuffle`` once on the ordered pack (the
  canonical deck repeated once per deck; Fisher-Yates); (2) only when no ``cut`` is given, the
  cut point ``min_cut + shuffler.randbelow(cards - 2 * min_cut + 1)``, uniform over the cuts that
  move at least ``min_cut`` cards and leave at least ``min_cut``; the top ``cut`` cards go to the
  bottom. The cut card's depth is the table option (``cards // 3`` unless fixed): no randomness.
  The event records the whole order after the cut and its SHA-256 commitment; a view shows only
  the commitment.
* **Burns** (Art 5.2): one card per deck after the shuffle, due before the first round's cards
  (they may be burned at once, in READY, or with the first round's cards); then, by the option
  ``burn_per``, one card before each round's cards or before each hand's cards. Our reading puts
  the round's burn after betting closes, with the cards: "antes do início de cada partida" and
  nothing else is drawn in between, so it is the same card.
* **Bets** (Art 3, 4.2, 5.3): a player may bet on any place, his own or others', several bets on
  several places; adding to a stake raises it; a whole stake may be withdrawn while betting is
  open. Table limits apply to a player's resulting stake on one bet at one place.
* **Hands** (Art 5.4, GAMES.md): every place holding a stake receives its own hand of two cards,
  face down, in ascending place order (``deal_order``: round-robin or hand by hand), then a third
  card to each hand totalling 0 or 9 (Art 8.1), in place order. The holder of a place (Art 4.2)
  is the player with the highest total stake on it; on a tie, the one whose earliest standing
  stake there came first. A card exposed by accident stays valid (Art 6) and is shown to all.
  The regulation has no misdeal article: a card dealt out of the order is refused.
* **Settlement** (Art 8.2, 9): one line per stake, decided by
  :func:`~croupier.games.football_poker.rules.decide`; a half lost on an odd stake is paid by the
  ``rounding`` option. When the cut card came out during the round (Art 5.5), the table needs a
  shuffle before the next round.

The shoe cannot run out mid-round: :class:`~croupier.games.football_poker.options.FootballOptions`
refuses a table whose largest round does not fit in front of the cut card. Were it to happen
(it cannot with a checked shoe), drawing from the empty shoe raises MaterialError.

>>> from croupier.shuffle import SeededShuffler
>>> game = FootballPokerGame(FootballOptions())
>>> game.shuffle(SeededShuffler("doc"), cut=100).public()["cards"]
312
>>> game.open_round().number
1
>>> bet = game.place_bet("ana", 3, BetKind.EVEN, 500)
>>> bet = game.place_bet("bo", 5, "post", 100)
>>> game.close_bets().positions
(3, 5)
>>> sum(isinstance(e, CardBurned) for e in game.deal())  # 6 decks + 1 before the round
7
>>> game.phase.value, sorted(game.hands), all(len(h) in (2, 3) for h in game.hands.values())
('dealt', [3, 5], True)
>>> [(line.player, line.position, line.bet) for line in game.settle().lines]
[('ana', 3, 'even'), ('bo', 5, 'post')]
>>> sum(game.balances.values()) + game.house_result
0
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from croupier.banking import Articles, BankingTable, Refusal
from croupier.cards import Card
from croupier.errors import MaterialError, RuleViolation
from croupier.events import (
    CardBurned,
    CardDealt,
    Phase,
    ShoeShuffled,
)
from croupier.games.banking_void import VoidableBankingTable
from croupier.games.football_poker.options import BurnRule, DealOrder, FootballOptions
from croupier.games.football_poker.rules import (
    CARDS_DEALT,
    REGULATION,
    BetKind,
    decide,
    hand_total,
    needs_third_card,
)
from croupier.games.void import HouseVoid
from croupier.protocol import Event
from croupier.records import is_int
from croupier.settlement import BetDecision, PayoutLine
from croupier.shoe import Shoe
from croupier.shuffle import Shuffler

__all__ = ["GAME", "FootballPokerGame"]

GAME: Final = "football-poker"

#: A slot of the dealing plan that burns a card (places are numbered from 1).
_BURN: Final = 0
_SHUFFLE_FIRST: Final = "the cards must be shuffled before a round opens"

#: The articles and messages of the checks shared with 3-card baccarat (croupier.banking).
_ARTICLES: Final = Articles(
    shuffle_first=Refusal("Art 5.1", _SHUFFLE_FIRST),
    shoe=Refusal("Art 2.1", "the shoe must hold exactly {decks} decks of 52 cards ({cards} cards)"),
    commitment=Refusal("Art 5.1", "the commitment does not match the recorded order"),
    cut=Refusal(
        "Art 5.1",
        "a cut moves at least {least} cards and leaves at least {least} of {cards}, "
        "got cut {cut!r}",
    ),
    round_in_play=Refusal(
        "Art 5.3", "a round is already in progress (the table is in phase {phase})"
    ),
    round_number=Refusal("Art 5.3", "the next round is number {next}, got {got!r}"),
    place=Refusal("Art 4.1", "place {position!r} is not on this table (1..{most})"),
    bet=Refusal("Art 3", "unknown bet {bet!r}: the bets are {bets}"),
    bet_out_of_turn=Refusal(
        "Art 5.3", "bets are placed only while betting is open (the table is in phase {phase})"
    ),
    withdraw_out_of_turn=Refusal(
        "Art 5.3", "bets are withdrawn only while betting is open (the table is in phase {phase})"
    ),
    close_out_of_turn=Refusal("Art 5.4", "betting is not open (the table is in phase {phase})"),
    no_stake=Refusal("Art 5.3", "{player!r} has no {bet} stake at place {position} to withdraw"),
    empty_layout=Refusal("Art 5.4", "no bets on the table: there is no hand to deal"),
    places_in_play=Refusal(
        "Art 5.4", "each place with bets receives a hand, ascending: {listed}, got {got!r}"
    ),
)
_CUT_CARD_OUT: Final = Refusal("Art 5.5", _SHUFFLE_FIRST)


class FootballPokerGame(VoidableBankingTable[FootballOptions, BetKind]):
    """One Football Poker table: commands, the fold over its events, and views.

    Every command ``x`` has ``verify_x`` (raises the RuleViolation naming the article, or a
    RecordError for a malformed value, changing nothing) and ``can_x`` (True/False). The state,
    commands and checks it shares with 3-card baccarat are
    :class:`~croupier.banking.BankingTable`'s.
    """

    GAME = GAME
    REGULATION = REGULATION
    ARTICLES = _ARTICLES
    BET_KIND = BetKind
    EVENTS: ClassVar[tuple[type[Event], ...]] = (*BankingTable.EVENTS, HouseVoid)

    def __init__(self, options: FootballOptions | None = None) -> None:
        if options is None:
            options = FootballOptions()
        if not isinstance(options, FootballOptions):
            raise MaterialError(f"options must be a FootballOptions, got {options!r}")
        super().__init__(options)
        self._shuffle_burns_due = 0
        self._burned = 0
        #: no round has closed its bets since the shuffle (Art 5.2, ``first_round_burn``)
        self._fresh_shoe = False
        # the round being dealt (kept after settlement until the next round opens)
        self._positions: tuple[int, ...] = ()
        self._exposed: dict[int, list[bool]] = {}
        self._holders: dict[int, str] = {}
        self._holders_made: tuple[int, dict[int, str]] | None = None
        self._plan: list[int] = []
        self._next = 0
        self._thirds = False

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> FootballOptions:
        return FootballOptions.from_dict(data)

    # the dealer's void of the round in play: VoidableBankingTable (croupier/games/banking_void.py)

    def _check_other(self, event: Event) -> None:
        if isinstance(event, HouseVoid):
            self._check_house_void(event)
        else:
            super()._check_other(event)

    def _apply_other(self, event: Event) -> None:
        if isinstance(event, HouseVoid):
            self._apply_house_void(event)
        else:
            super()._apply_other(event)

    # -- read-only state -----------------------------------------------------------------------

    @property
    def positions(self) -> tuple[int, ...]:
        """The places dealt this round, ascending (empty before bets close)."""
        return self._positions

    @property
    def shuffle_burns_due(self) -> int:
        """Art 5.2 burns after the shuffle not yet made."""
        return self._shuffle_burns_due

    def holder(self, position: int) -> str | None:
        """The player who holds the cards of ``position`` (Art 4.2): the highest total stake on
        it; on a tie, whoever's earliest standing stake there came first. None: no stake.
        Fixed when bets close; after settlement, the last round's holder until a round opens.
        """
        if self._phase is Phase.BETTING:
            return self._holder_now(position)
        return self._holders.get(position)

    def _holder_now(self, position: int) -> str | None:
        return self._holders_now().get(position)

    def _holders_now(self) -> dict[int, str]:
        """Art 4.2 for every place with stakes, from the layout as it stands (worked out once
        per event folded: a view asks it for every place; never changed once made)."""
        made = self._holders_made
        if made is None or made[0] != self.event_count:
            made = self._holders_made = (self.event_count, self._work_out_holders())
        return made[1]

    def _work_out_holders(self) -> dict[int, str]:
        totals: dict[int, dict[str, int]] = {}
        for s in self._stakes:
            by_player = totals.setdefault(s.position, {})
            by_player[s.player] = by_player.get(s.player, 0) + s.amount
        # max keeps the first of equal totals: players in the order of their first stake there
        return {p: max(t, key=t.__getitem__) for p, t in totals.items()}

    # -- checks shared by commands and the fold --------------------------------------------------

    def _need(self, phase: Phase, rule: str, what: str) -> None:
        if self._phase is not phase:
            raise RuleViolation(rule, f"{what} (the table is in phase {self._phase.value})")

    def _check_shuffle_phase(self) -> None:
        if self._phase is not Phase.NEEDS_SHUFFLE:
            raise RuleViolation(
                "Art 5.5",
                "the cards are shuffled again only after the round in which the cut card came "
                f"out (the table is in phase {self._phase.value})",
            )

    def _dealing_article(self) -> str:
        return "Art 8.1" if self._thirds else "Art 5.4"

    def _next_card(self, what: str) -> Card:
        shoe = self._shoe
        if shoe is None:
            raise RuleViolation("Art 5.1", f"no shoe: shuffle before {what}")
        return shoe.peek()

    # -- the fold: checks ------------------------------------------------------------------------

    def _check_cut_card(self, depth: object) -> None:
        if depth != self._options.cut_card_from_end:
            raise RuleViolation(
                "Art 5.1",
                f"the cut card goes {self._options.cut_card_from_end} cards from the end at this "
                f"table, got {depth!r}",
            )

    def _check_card_burned(self, event: CardBurned) -> None:
        if self._phase is Phase.DEALING:
            slot = self._plan[self._next]
            if slot != _BURN:
                raise RuleViolation(
                    self._dealing_article(),
                    f"dealing order: the next card goes to place {slot}, not to the discards",
                )
        elif not (self._phase is Phase.READY and self._shuffle_burns_due):
            raise RuleViolation(
                "Art 5.2",
                "no card is to be burned now: one per deck after the shuffle, then one before "
                f"each {self._options.burn_per.value} once bets close "
                f"(the table is in phase {self._phase.value})",
            )
        if event.card is not self._next_card("burning"):
            raise RuleViolation("Art 5.1", f"{event.card!r} is not the shoe's next card")

    def _check_card_dealt(self, event: CardDealt) -> None:
        self._need(Phase.DEALING, "Art 5.4", "cards are dealt only once bets close")
        slot = self._plan[self._next]
        if slot == _BURN:
            raise RuleViolation(
                "Art 5.2",
                "dealing order: a card is to be burned "
                + ("after the shuffle" if self._shuffle_burns_due else "first"),
            )
        if not is_int(event.to) or event.to != slot:
            raise RuleViolation(
                self._dealing_article(),
                f"dealing order: the next card goes to place {slot}, not {event.to!r}",
            )
        self._check_exposed(event.exposed)
        if event.card is not self._next_card("dealing"):
            raise RuleViolation("Art 5.1", f"{event.card!r} is not the shoe's next card")

    def _check_settleable(self) -> None:
        self._need(Phase.DEALT, "Art 9", "bets are settled once every card is dealt")

    def _refuse_lines(self, lines: tuple[PayoutLine, ...], due: tuple[PayoutLine, ...]) -> None:
        if not isinstance(lines, tuple) or len(lines) != len(due):
            raise RuleViolation(
                "Art 9", f"one settlement line per stake: {len(due)} expected, got {lines!r}"
            )
        i = next(i for i, (a, b) in enumerate(zip(lines, due, strict=True)) if a != b)
        raise RuleViolation(
            due[i].article, f"settlement line {i} does not follow the articles: expected {due[i]}"
        )

    # -- the fold: apply -------------------------------------------------------------------------

    def _card_dealt(self, event: CardDealt) -> None:
        assert self._shoe is not None
        self._shoe.take()
        self._hands[event.to].append(event.card)
        self._exposed[event.to].append(event.exposed)
        self._advance()

    def _card_burned(self, event: CardBurned) -> None:
        assert self._shoe is not None
        self._shoe.take()
        self._burned += 1
        if self._shuffle_burns_due:
            self._shuffle_burns_due -= 1
        if self._phase is Phase.DEALING:
            self._advance()

    def _round_opened(self) -> None:
        self._positions = ()
        self._hands = {}
        self._exposed = {}
        self._holders = {}
        self._plan = []
        self._next = 0
        self._thirds = False

    def _shoe_shuffled(self) -> None:
        self._shuffle_burns_due = self._options.shuffle_burns
        self._burned = 0
        self._fresh_shoe = True

    def _shuffle_reason(self) -> Refusal | None:
        return _CUT_CARD_OUT if self.cut_card_out else None

    def _bets_closed(self, positions: tuple[int, ...]) -> None:
        opts = self._options
        self._positions = positions
        self._holders = dict(self._holders_now())
        self._hands = {p: [] for p in positions}
        self._exposed = {p: [] for p in positions}
        plan = [_BURN] * self._shuffle_burns_due
        # Art 5.2 with first_round_burn=included: the per-deck burns were the first round's
        # (its first hand's, burning per hand), so that round's own burn is not made
        skip = opts.first_round_burns_included if self._fresh_shoe else 0
        self._fresh_shoe = False
        if opts.burn_per is BurnRule.ROUND and not skip:
            plan.append(_BURN)
        if opts.deal_order is DealOrder.HAND_BY_HAND:
            per_hand = opts.burn_per is BurnRule.HAND
            for i, p in enumerate(positions):
                if per_hand and not (skip and i == 0):
                    plan.append(_BURN)
                plan.extend([p] * CARDS_DEALT)
        else:
            for _ in range(CARDS_DEALT):
                plan.extend(positions)
        self._plan = plan
        self._next = 0
        self._thirds = False

    def _advance(self) -> None:
        """One slot of the dealing plan done; after the two-card pass, plan the third cards
        (Art 8.1); after the last card, the round is dealt."""
        self._next += 1
        if self._next == len(self._plan):
            if not self._thirds:
                self._thirds = True
                hands = self._hands
                self._plan.extend(p for p in self._positions if needs_third_card(hands[p]))
            if self._next == len(self._plan):
                self._phase = Phase.DEALT

    def _settlement_lines(self) -> tuple[PayoutLine, ...]:
        """The settlement the articles call for, one line per stake in the order placed."""
        if self._due is None:
            outcome: dict[int, tuple[int, int]] = {}
            lines: list[PayoutLine] = []
            for s in self._stakes:
                got = outcome.get(s.position)
                if got is None:
                    cards = self._hands[s.position]
                    got = outcome[s.position] = (hand_total(cards), len(cards))
                d = _decision(s.bet, got[0], got[1])
                prize = s.amount * d.prize
                lines.append(
                    self._line(
                        s.player, s.position, s.bet, s.amount, d.result, d.article, prize, False
                    )
                )
            self._due = tuple(lines)
        return self._due

    # -- commands: the shoe and the deal ---------------------------------------------------------

    def _shuffle_event(self, shuffler: Shuffler, cut: int | None) -> ShoeShuffled:
        """Art 5.1: the draw order is in the module docstring."""
        opts = self._options
        shoe = Shoe(shuffler, decks=opts.decks)
        shoe.shuffle(None)
        if cut is None:
            cut = opts.min_cut + shuffler.randbelow(opts.cards - 2 * opts.min_cut + 1)
        shoe.cut(cut, min_cut=opts.min_cut)
        return ShoeShuffled.record(shoe.order, cut=cut, cut_card_depth=opts.cut_card_from_end)

    def _burn_event(self) -> CardBurned:
        return CardBurned(self._next_card("burning"))

    def _card_event(self, exposed: bool) -> CardDealt:
        self._need(Phase.DEALING, "Art 5.4", "cards are dealt only once bets close")
        return CardDealt(self._next_card("dealing"), self._plan[self._next], exposed)

    def verify_deal_card(self, *, exposed: bool = False) -> None:
        self._check(self._card_event(exposed))

    def can_deal_card(self, *, exposed: bool = False) -> bool:
        return self._can(self.verify_deal_card, exposed=exposed)

    def deal_card(self, *, exposed: bool = False) -> CardDealt:
        """Deal the shoe's next card to the place the dealing order calls for (Art 5.4, 8.1).
        ``exposed``: it turned face up by accident; it stays valid (Art 6)."""
        return self._commit(self._card_event(exposed))

    def verify_deal(self) -> None:
        self._need(Phase.DEALING, "Art 5.4", "cards are dealt only once bets close")

    def deal(self) -> tuple[Event, ...]:
        """Every remaining burn and card of the round, in order; the table is then DEALT."""
        self.verify_deal()
        shoe = self._shoe
        assert shoe is not None
        events: list[Event] = []
        while self._phase is Phase.DEALING:
            slot = self._plan[self._next]
            card = shoe.peek()
            event = CardBurned(card) if slot == _BURN else CardDealt(card, slot, False)
            events.append(self._commit(event))
        return tuple(events)

    # -- views -----------------------------------------------------------------------------------

    def _view_burns(self) -> dict[str, Any]:
        return {"burned": self._burned, "burns_due": self._shuffle_burns_due}

    def _view_round(self, seat: int | None) -> dict[str, Any]:
        """The holders and hands, and ``next``: the dealer's next step while dealing (a burn,
        or a card to a place).

        While the cards are being dealt a hand is face down except to its own place and except
        cards exposed by accident (Art 6); once every card is out, all hands are shown with
        their totals. A third card is dealt in the open, so ``third_card`` shows that a hand's
        first two cards total 0 or 9 (Art 8.1) just before that card is dealt.
        """
        face_up = self._phase is not Phase.DEALING
        hands: list[dict[str, Any]] = []
        for p in self._positions:
            cards = self._hands[p]
            flags = self._exposed[p]
            own = face_up or seat == p
            hands.append(
                {
                    "position": p,
                    "holder": self._holders.get(p),
                    "cards": [str(c) if own or flags[i] else None for i, c in enumerate(cards)],
                    "exposed": list(flags),
                    "total": hand_total(cards) if own and cards else None,
                }
            )
        next_step: dict[str, Any] | None = None
        if self._phase is Phase.DEALING:
            slot = self._plan[self._next]
            next_step = (
                {"action": "burn"}
                if slot == _BURN
                else {"action": "deal", "to": slot, "third_card": self._thirds}
            )
        places = sorted({s.position for s in self._stakes} | set(self._positions))
        return {
            "holders": {str(p): self.holder(p) for p in places},
            "hands": hands,
            "next": next_step,
        }


_DECISIONS: dict[tuple[str, int, int], BetDecision] = {}


def _decision(bet: str, total: int, cards: int) -> BetDecision:
    """:func:`~croupier.games.football_poker.rules.decide`, memoised (100 possible answers)."""
    key = (bet, total, cards)
    decision = _DECISIONS.get(key)
    if decision is None:
        decision = _DECISIONS[key] = decide(BetKind(bet), total, cards=cards)
    return decision
