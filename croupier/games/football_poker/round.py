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

The shoe cannot run out mid-round: :class:`~croupier.games.football_poker.options.FootballTable`
refuses a table whose largest round does not fit in front of the cut card. Were it to happen
(it cannot with a checked shoe), drawing from the empty shoe raises MaterialError.

>>> from croupier.shuffle import SeededShuffler
>>> game = FootballPokerGame(FootballTable())
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

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final

from croupier.cards import Card
from croupier.errors import MaterialError, RecordError, RuleViolation
from croupier.events import (
    BetPlaced,
    BetsClosed,
    BetWithdrawn,
    CardBurned,
    CardDealt,
    Phase,
    RoundOpened,
    RoundSettled,
    ShoeShuffled,
    ShoeState,
    Stake,
    Stakes,
    order_commitment,
)
from croupier.games.football_poker.options import BurnRule, DealOrder, FootballTable
from croupier.games.football_poker.rules import (
    CARDS_DEALT,
    REGULATION,
    BetKind,
    decide,
    hand_total,
    needs_third_card,
)
from croupier.money import check_amount
from croupier.protocol import Event, Game, encode
from croupier.settlement import BetDecision, PayoutLine, Settlement
from croupier.shoe import Shoe, ordered_pack
from croupier.shuffle import Shuffler

__all__ = ["GAME", "FootballPokerGame"]

GAME: Final = "football-poker"

#: A slot of the dealing plan that burns a card (places are numbered from 1).
_BURN: Final = 0
_BET_KINDS: Final[Mapping[str, BetKind]] = MappingProxyType({b.value: b for b in BetKind})
#: PayoutLines are immutable: identical lines are shared (bounded memo, see ``_line``).
_LINE_MEMO_MAX: Final = 4096


def _is_int(value: object) -> bool:
    return type(value) is int


class FootballPokerGame(Game[FootballTable]):
    """One Football Poker table: commands, the fold over its events, and views.

    Every command ``x`` has ``verify_x`` (raises the RuleViolation naming the article, or a
    RecordError for a malformed value, changing nothing) and ``can_x`` (True/False).
    """

    GAME = GAME
    EVENTS = (
        ShoeShuffled,
        RoundOpened,
        BetPlaced,
        BetWithdrawn,
        BetsClosed,
        CardBurned,
        CardDealt,
        RoundSettled,
    )

    def __init__(self, options: FootballTable | None = None) -> None:
        if options is None:
            options = FootballTable()
        if not isinstance(options, FootballTable):
            raise MaterialError(f"options must be a FootballTable, got {options!r}")
        super().__init__(options)
        self._phase = Phase.NEEDS_SHUFFLE
        self._round = 0
        self._shuffled: ShoeShuffled | None = None
        self._shoe: ShoeState | None = None
        self._shuffle_burns_due = 0
        self._burned = 0
        self._stakes = Stakes()
        # the round being dealt (kept after settlement until the next round opens)
        self._positions: tuple[int, ...] = ()
        self._hands: dict[int, list[Card]] = {}
        self._exposed: dict[int, list[bool]] = {}
        self._holders: dict[int, str] = {}
        self._plan: list[int] = []
        self._next = 0
        self._thirds = False
        # money
        self._settlement: Settlement | None = None
        self._balances: dict[str, int] = {}
        self._house = 0
        self._due: tuple[PayoutLine, ...] | None = None
        self._memo: dict[tuple[str, int, str, int, BetDecision], PayoutLine] = {}

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> FootballTable:
        return FootballTable.from_dict(data)

    # -- read-only state -----------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def round_number(self) -> int:
        """The current (or last) round, counted from 1 over the table's life; 0 before any."""
        return self._round

    @property
    def hands(self) -> Mapping[int, tuple[Card, ...]]:
        """The current round's hands by place, cards in the order received (after settlement,
        the last round's, until the next round opens)."""
        return MappingProxyType({p: tuple(cards) for p, cards in self._hands.items()})

    @property
    def positions(self) -> tuple[int, ...]:
        """The places dealt this round, ascending (empty before bets close)."""
        return self._positions

    @property
    def stakes(self) -> tuple[Stake, ...]:
        """Copies of the stakes on the layout, in the order first placed."""
        return tuple(Stake(s.player, s.position, s.bet, s.amount, s.carried) for s in self._stakes)

    @property
    def last_settlement(self) -> Settlement | None:
        return self._settlement

    @property
    def balances(self) -> Mapping[str, int]:
        """Each player's net result over the table's life (players who only bet and withdrew
        do not appear)."""
        return MappingProxyType(dict(self._balances))

    @property
    def house_result(self) -> int:
        """The house's net result over the table's life."""
        return self._house

    @property
    def shoe_remaining(self) -> int:
        return 0 if self._shoe is None else self._shoe.remaining

    @property
    def cut_card_out(self) -> bool:
        """The cut card has come out since the last shuffle (Art 5.5)."""
        return self._shoe is not None and self._shoe.cut_card_out

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
        """Art 4.2 for every place with stakes, from the layout as it stands."""
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

    def _check_position(self, position: object) -> int:
        most = self._options.positions
        if isinstance(position, bool) or not isinstance(position, int) or not 1 <= position <= most:
            raise RuleViolation("Art 4.1", f"place {position!r} is not on this table (1..{most})")
        return position

    @staticmethod
    def _check_player(player: object) -> str:
        if not isinstance(player, str) or not player or player != player.strip():
            raise RecordError("player", f"a player is a non-empty name, got {player!r}")
        return player

    @staticmethod
    def _check_bet(bet: object) -> str:
        if not isinstance(bet, str) or bet not in _BET_KINDS:
            raise RuleViolation(
                "Art 3", f"unknown bet {bet!r}: the bets are {', '.join(_BET_KINDS)}"
            )
        return bet

    def _check_cut(self, cut: object) -> None:
        size, least = self._options.cards, self._options.min_cut
        if isinstance(cut, bool) or not isinstance(cut, int) or not least <= cut <= size - least:
            raise RuleViolation(
                "Art 5.1",
                f"a cut moves at least {least} cards and leaves at least {least} of {size}, "
                f"got cut {cut!r}",
            )

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

    # -- the fold --------------------------------------------------------------------------------

    def _check(self, event: Event) -> None:
        if isinstance(event, BetPlaced):
            self._check_bet_placed(event)
        elif isinstance(event, CardDealt):
            self._check_card_dealt(event)
        elif isinstance(event, CardBurned):
            self._check_card_burned(event)
        elif isinstance(event, BetWithdrawn):
            self._check_bet_withdrawn(event)
        elif isinstance(event, BetsClosed):
            self._check_bets_closed(event)
        elif isinstance(event, RoundOpened):
            self._check_round_opened(event)
        elif isinstance(event, RoundSettled):
            self._check_round_settled(event)
        elif isinstance(event, ShoeShuffled):
            self._check_shoe_shuffled(event)
        else:  # pragma: no cover - _commit admits only EVENTS
            raise RuleViolation("protocol", f"{type(event).__name__} is not a {GAME} event")

    def _check_shoe_shuffled(self, event: ShoeShuffled) -> None:
        self._check_shuffle_phase()
        opts = self._options
        order = event.order
        if (
            not isinstance(order, tuple)
            or len(order) != opts.cards
            or Counter(order) != _pack_counts(opts.decks)
        ):
            raise RuleViolation(
                "Art 2.1",
                f"the shoe must hold exactly {opts.decks} decks of 52 cards ({opts.cards} cards)",
            )
        if event.commitment != order_commitment(order):
            raise RuleViolation("Art 5.1", "the commitment does not match the recorded order")
        self._check_cut(event.cut)
        if event.cut_card_depth != opts.cut_card_from_end:
            raise RuleViolation(
                "Art 5.1",
                f"the cut card goes {opts.cut_card_from_end} cards from the end at this table, "
                f"got {event.cut_card_depth!r}",
            )

    def _check_round_opened(self, event: RoundOpened) -> None:
        if self._phase is Phase.NEEDS_SHUFFLE:
            rule = "Art 5.5" if self._shuffled is not None else "Art 5.1"
            raise RuleViolation(rule, "the cards must be shuffled before a round opens")
        self._need(Phase.READY, "Art 5.3", "a round is already in progress")
        if not _is_int(event.number) or event.number != self._round + 1:
            raise RuleViolation(
                "Art 5.3", f"the next round is number {self._round + 1}, got {event.number!r}"
            )

    def _check_bet_placed(self, event: BetPlaced) -> None:
        self._need(Phase.BETTING, "Art 5.3", "bets are placed only while betting is open")
        player = self._check_player(event.player)
        position = self._check_position(event.position)
        bet = self._check_bet(event.bet)
        amount = check_amount(event.amount)
        stake = self._stakes.get(player, position, bet)
        self._options.limits.check(bet, amount + (0 if stake is None else stake.amount))

    def _check_bet_withdrawn(self, event: BetWithdrawn) -> None:
        self._need(Phase.BETTING, "Art 5.3", "bets are withdrawn only while betting is open")
        player = self._check_player(event.player)
        position = self._check_position(event.position)
        bet = self._check_bet(event.bet)
        if self._stakes.get(player, position, bet) is None:
            raise RuleViolation(
                "Art 5.3", f"{player!r} has no {bet} stake at place {position} to withdraw"
            )

    def _check_bets_closed(self, event: BetsClosed) -> None:
        self._need(Phase.BETTING, "Art 5.4", "betting is not open")
        if not len(self._stakes):
            raise RuleViolation("Art 5.4", "no bets on the table: there is no hand to deal")
        expected = tuple(self._stakes.positions())
        if event.positions != expected:
            raise RuleViolation(
                "Art 5.4",
                f"each place with bets receives a hand, ascending: {list(expected)}, "
                f"got {event.positions!r}",
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
        if not _is_int(event.to) or event.to != slot:
            raise RuleViolation(
                self._dealing_article(),
                f"dealing order: the next card goes to place {slot}, not {event.to!r}",
            )
        if not isinstance(event.exposed, bool):
            raise RecordError("exposed", f"exposed must be true or false, got {event.exposed!r}")
        if event.card is not self._next_card("dealing"):
            raise RuleViolation("Art 5.1", f"{event.card!r} is not the shoe's next card")

    def _check_round_settled(self, event: RoundSettled) -> None:
        self._need(Phase.DEALT, "Art 9", "bets are settled once every card is dealt")
        due = self._due_lines()
        if event.lines == due:
            return
        lines = event.lines
        if not isinstance(lines, tuple) or len(lines) != len(due):
            raise RuleViolation(
                "Art 9", f"one settlement line per stake: {len(due)} expected, got {lines!r}"
            )
        i = next(i for i, (a, b) in enumerate(zip(lines, due, strict=True)) if a != b)
        raise RuleViolation(
            due[i].article, f"settlement line {i} does not follow the articles: expected {due[i]}"
        )

    def _apply(self, event: Event) -> None:
        self._due = None
        if isinstance(event, BetPlaced):
            self._stakes.add(event.player, event.position, event.bet, event.amount)
        elif isinstance(event, CardDealt):
            assert self._shoe is not None
            self._shoe.take()
            self._hands[event.to].append(event.card)
            self._exposed[event.to].append(event.exposed)
            self._advance()
        elif isinstance(event, CardBurned):
            assert self._shoe is not None
            self._shoe.take()
            self._burned += 1
            if self._shuffle_burns_due:
                self._shuffle_burns_due -= 1
            if self._phase is Phase.DEALING:
                self._advance()
        elif isinstance(event, BetWithdrawn):
            self._stakes.remove(event.player, event.position, event.bet)
        elif isinstance(event, BetsClosed):
            self._close(event.positions)
        elif isinstance(event, RoundOpened):
            self._round = event.number
            self._phase = Phase.BETTING
            self._stakes.clear()
            self._positions = ()
            self._hands = {}
            self._exposed = {}
            self._holders = {}
            self._plan = []
            self._next = 0
            self._thirds = False
        elif isinstance(event, RoundSettled):
            settlement = Settlement(event.lines)
            for line in settlement.lines:
                self._balances[line.player] = self._balances.get(line.player, 0) + line.net
            self._house += settlement.house_result
            self._settlement = settlement
            self._stakes.clear()
            self._phase = Phase.NEEDS_SHUFFLE if self.cut_card_out else Phase.READY
        elif isinstance(event, ShoeShuffled):
            self._shuffled = event
            self._shoe = ShoeState.from_event(event)
            self._shuffle_burns_due = self._options.shuffle_burns
            self._burned = 0
            self._phase = Phase.READY

    def _close(self, positions: tuple[int, ...]) -> None:
        opts = self._options
        self._positions = positions
        self._holders = self._holders_now()
        self._hands = {p: [] for p in positions}
        self._exposed = {p: [] for p in positions}
        plan = [_BURN] * self._shuffle_burns_due
        if opts.burn_per is BurnRule.ROUND:
            plan.append(_BURN)
        if opts.deal_order is DealOrder.HAND_BY_HAND:
            per_hand = opts.burn_per is BurnRule.HAND
            for p in positions:
                if per_hand:
                    plan.append(_BURN)
                plan.extend([p] * CARDS_DEALT)
        else:
            for _ in range(CARDS_DEALT):
                plan.extend(positions)
        self._plan = plan
        self._next = 0
        self._thirds = False
        self._phase = Phase.DEALING

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

    def _due_lines(self) -> tuple[PayoutLine, ...]:
        """The settlement the articles call for, one line per stake in the order placed."""
        if self._due is None:
            outcome: dict[int, tuple[int, int]] = {}
            lines: list[PayoutLine] = []
            for s in self._stakes:
                got = outcome.get(s.position)
                if got is None:
                    cards = self._hands[s.position]
                    got = outcome[s.position] = (hand_total(cards), len(cards))
                decision = _decision(s.bet, got[0], got[1])
                lines.append(self._line(s.player, s.position, s.bet, s.amount, decision))
            self._due = tuple(lines)
        return self._due

    def _line(
        self, player: str, position: int, bet: str, stake: int, decision: BetDecision
    ) -> PayoutLine:
        key = (player, position, bet, stake, decision)
        line = self._memo.get(key)
        if line is None:
            if len(self._memo) >= _LINE_MEMO_MAX:
                self._memo.clear()
            line = self._memo[key] = PayoutLine.settle(
                player,
                position,
                bet,
                stake,
                decision.result,
                rounding=self._options.rounding,
                article=decision.article,
                prize=Fraction(stake * decision.prize),
            )
        return line

    # -- commands: the shoe ----------------------------------------------------------------------

    def verify_shuffle(self, *, cut: int | None = None) -> None:
        """Refuse a shuffle out of turn (Art 5.5) or a cut out of range (Art 5.1)."""
        self._check_shuffle_phase()
        if cut is not None:
            self._check_cut(cut)

    def can_shuffle(self, *, cut: int | None = None) -> bool:
        return self._can(self.verify_shuffle, cut=cut)

    def shuffle(self, shuffler: Shuffler, *, cut: int | None = None) -> ShoeShuffled:
        """Shuffle, cut and place the cut card (Art 5.1); the draw order is in the module
        docstring. Checked before any randomness is used."""
        self.verify_shuffle(cut=cut)
        opts = self._options
        shoe = Shoe(shuffler, decks=opts.decks)
        shoe.shuffle(None)
        if cut is None:
            cut = opts.min_cut + shuffler.randbelow(opts.cards - 2 * opts.min_cut + 1)
        shoe.cut(cut, min_cut=opts.min_cut)
        event = ShoeShuffled.record(shoe.order, cut=cut, cut_card_depth=opts.cut_card_from_end)
        return self._commit(event)

    def _burn_event(self) -> CardBurned:
        return CardBurned(self._next_card("burning"))

    def verify_burn(self) -> None:
        self._check(self._burn_event())

    def can_burn(self) -> bool:
        return self._can(self.verify_burn)

    def burn(self) -> CardBurned:
        """Burn the shoe's next card (Art 5.2), when the dealing order calls for a burn."""
        return self._commit(self._burn_event())

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

    def deal(self) -> tuple[Event, ...]:
        """Every remaining burn and card of the round, in order; the table is then DEALT."""
        self._need(Phase.DEALING, "Art 5.4", "cards are dealt only once bets close")
        shoe = self._shoe
        assert shoe is not None
        events: list[Event] = []
        while self._phase is Phase.DEALING:
            slot = self._plan[self._next]
            card = shoe.peek()
            event = CardBurned(card) if slot == _BURN else CardDealt(card, slot, False)
            events.append(self._commit(event))
        return tuple(events)

    # -- commands: the round ---------------------------------------------------------------------

    def verify_open_round(self) -> None:
        self._check(RoundOpened(self._round + 1))

    def can_open_round(self) -> bool:
        return self._can(self.verify_open_round)

    def open_round(self) -> RoundOpened:
        """Open betting for the next round (READY -> BETTING)."""
        return self._commit(RoundOpened(self._round + 1))

    @staticmethod
    def _bet_event(player: str, position: int, bet: BetKind | str, amount: int) -> BetPlaced:
        return BetPlaced(player, position, bet.value if isinstance(bet, BetKind) else bet, amount)

    def verify_place_bet(self, player: str, position: int, bet: BetKind | str, amount: int) -> None:
        self._check(self._bet_event(player, position, bet, amount))

    def can_place_bet(self, player: str, position: int, bet: BetKind | str, amount: int) -> bool:
        return self._can(self.verify_place_bet, player, position, bet, amount)

    def place_bet(self, player: str, position: int, bet: BetKind | str, amount: int) -> BetPlaced:
        """``player`` stakes ``amount`` more on ``bet`` at ``position`` (Art 3, 4, 5.3)."""
        return self._commit(self._bet_event(player, position, bet, amount))

    @staticmethod
    def _withdraw_event(player: str, position: int, bet: BetKind | str) -> BetWithdrawn:
        return BetWithdrawn(player, position, bet.value if isinstance(bet, BetKind) else bet)

    def verify_withdraw_bet(self, player: str, position: int, bet: BetKind | str) -> None:
        self._check(self._withdraw_event(player, position, bet))

    def can_withdraw_bet(self, player: str, position: int, bet: BetKind | str) -> bool:
        return self._can(self.verify_withdraw_bet, player, position, bet)

    def withdraw_bet(self, player: str, position: int, bet: BetKind | str) -> BetWithdrawn:
        """``player`` takes back his whole stake on ``bet`` at ``position`` while betting."""
        return self._commit(self._withdraw_event(player, position, bet))

    def _close_event(self) -> BetsClosed:
        return BetsClosed(tuple(self._stakes.positions()))

    def verify_close_bets(self) -> None:
        self._check(self._close_event())

    def can_close_bets(self) -> bool:
        return self._can(self.verify_close_bets)

    def close_bets(self) -> BetsClosed:
        """No more bets; every place with a stake will receive a hand (Art 5.4)."""
        return self._commit(self._close_event())

    def _settle_event(self) -> RoundSettled:
        self._need(Phase.DEALT, "Art 9", "bets are settled once every card is dealt")
        return RoundSettled(self._due_lines())

    def verify_settle(self) -> None:
        self._check(self._settle_event())

    def can_settle(self) -> bool:
        return self._can(self.verify_settle)

    def settle(self) -> RoundSettled:
        """Settle every stake (Art 8.2, 9); READY next, or NEEDS_SHUFFLE after the round in
        which the cut card came out (Art 5.5)."""
        return self._commit(self._settle_event())

    # -- views -----------------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The table as ``seat`` (a place number; None: the public display) sees it.

        While the cards are being dealt a hand is face down except to its own place and except
        cards exposed by accident (Art 6); once every card is out, all hands are shown with
        their totals. The undealt shoe is never shown: only its size, cut, cut-card depth,
        commitment, cards left and burned (burned cards are not shown either). ``next`` is the
        dealer's next step while dealing (a burn, or a card to a place); a third card is dealt
        in the open, so ``third_card`` shows that a hand's first two cards total 0 or 9 (Art
        8.1) just before that card is dealt.
        """
        if seat is not None:
            self._check_position(seat)
        opts = self._options
        phase = self._phase
        face_up = phase is not Phase.DEALING
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
        shoe: dict[str, Any] | None = None
        if self._shuffled is not None and self._shoe is not None:
            shoe = {
                **self._shuffled.public(),
                "remaining": self._shoe.remaining,
                "burned": self._burned,
                "burns_due": self._shuffle_burns_due,
                "cut_card_out": self._shoe.cut_card_out,
            }
        next_step: dict[str, Any] | None = None
        if phase is Phase.DEALING:
            slot = self._plan[self._next]
            next_step = (
                {"action": "burn"}
                if slot == _BURN
                else {"action": "deal", "to": slot, "third_card": self._thirds}
            )
        places = sorted({s.position for s in self._stakes} | set(self._positions))
        settlement = self._settlement
        return {
            "game": GAME,
            "regulation": REGULATION,
            "seat": seat,
            "phase": phase.value,
            "round": self._round,
            "options": opts.to_dict(),
            "shoe": shoe,
            "layout": [
                {"player": s.player, "position": s.position, "bet": s.bet, "amount": s.amount}
                for s in self._stakes
            ],
            "holders": {str(p): self.holder(p) for p in places},
            "hands": hands,
            "next": next_step,
            "last_settlement": None
            if settlement is None
            else {
                "lines": [encode(line) for line in settlement.lines],
                "staked": settlement.staked,
                "paid": settlement.paid,
                "house_result": settlement.house_result,
            },
            "balances": dict(sorted(self._balances.items())),
            "house_result": self._house,
        }


_DECISIONS: dict[tuple[str, int, int], BetDecision] = {}


def _decision(bet: str, total: int, cards: int) -> BetDecision:
    """:func:`~croupier.games.football_poker.rules.decide`, memoised (100 possible answers)."""
    key = (bet, total, cards)
    decision = _DECISIONS.get(key)
    if decision is None:
        decision = _DECISIONS[key] = decide(_BET_KINDS[bet], total, cards=cards)
    return decision


_PACKS: dict[int, Counter[Card]] = {}


def _pack_counts(decks: int) -> Counter[Card]:
    counts = _PACKS.get(decks)
    if counts is None:
        counts = _PACKS[decks] = Counter(ordered_pack(decks=decks))
    return counts
