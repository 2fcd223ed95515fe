"""The table of a banking card game: what 3-card baccarat and football poker do alike.

:class:`BankingTable` is the round protocol of :mod:`croupier.protocol` for a game in which
players stake on the places of a layout, the house banks every bet and the cards come from a
shuffled, committed shoe: :class:`~croupier.games.three_card_baccarat.round.BaccaratGame` and
:class:`~croupier.games.football_poker.round.FootballPokerGame`. It holds what the two games
share, written once:

* **State**: the phase, the round number, the shuffle (:class:`~croupier.events.ShoeShuffled`)
  and the shoe as dealt (:class:`~croupier.events.ShoeState`), the layout
  (:class:`~croupier.events.Stakes`), the round's hands, the last settlement, each player's
  balance and the house's result, with the read-only properties over them (``phase``,
  ``round_number``, ``hands``, ``stakes``, ``last_settlement``, ``balances``, ``house_result``,
  ``shoe_remaining``, ``cut_card_out``).
* **Commands** (each with its ``verify_x`` and ``can_x``): ``shuffle``, ``open_round``,
  ``place_bet``, ``withdraw_bet``, ``close_bets``, ``burn``, ``deal`` (the game's dealing, its
  ``verify_deal`` the game's) and ``settle``.
* **Checks** of the events every banking game records: the phase; a bet's player, place, name,
  amount and table limit; that a withdrawn stake is there; that the places in play are those
  with a stake; the round number; a shuffle's order against the pack, its commitment and its cut.
* **The fold**: every event dispatched to its check and its step; bets into and out of the
  layout; a settlement's bookkeeping (each stake paid off or carried, balances, the house, and
  whether the shoe must be shuffled before the next round).
* **Payout lines**, built once per distinct stake and result (:meth:`BankingTable._line`).
* **The view**'s frame: game, regulation, seat, phase, round, options, the shoe's public face,
  the layout, the last settlement, balances and the house's result.

Each game supplies what is its own:

* class constants: ``GAME``, ``REGULATION``, ``BET_KIND`` (its bets), ``ARTICLES`` (the
  article and message of every refusal of the shared checks, :class:`Articles`), and where they
  differ from the defaults ``EVENTS`` (a game with events of its own adds them),
  ``OPTIONS_KEY`` (the view's name for the options), ``CARRIES`` (stakes may stay for the next
  round) and ``COMMISSION`` (the house's share of a prize);
* the checks of its own rules: when a shuffle is allowed
  (:meth:`~BankingTable._check_shuffle_phase`) and where the cut card goes
  (:meth:`~BankingTable._check_cut_card`), what a new stake or a withdrawal must respect beyond
  the layout (:meth:`~BankingTable._check_new_stake`, :meth:`~BankingTable._check_withdrawal`),
  the burns and the dealing order (:meth:`~BankingTable._check_card_burned`,
  :meth:`~BankingTable._check_card_dealt`), when a round can be settled and how a wrong
  settlement is refused (:meth:`~BankingTable._check_settleable`,
  :meth:`~BankingTable._refuse_lines`);
* the steps of its fold: a new round, bets closed, a card burned or dealt, the shuffle, and why a
  finished round calls for a new shuffle (:meth:`~BankingTable._shuffle_reason`);
* the shoe's preparation (:meth:`~BankingTable._shuffle_event`), the next burn
  (:meth:`~BankingTable._burn_event`), the settlement its bet decisions call for
  (:meth:`~BankingTable._settlement_lines`);
* its events beyond the shared ones (:meth:`~BankingTable._check_other`,
  :meth:`~BankingTable._apply_other`: baccarat's misdeals and void rounds), dealing commands, and
  the round's part of the view (:meth:`~BankingTable._view_round`, the seat's range and the
  settlement's form).

>>> refusal = Refusal("Art 5.1", "place {position!r} is not on this table (1..{most})")
>>> refusal(position=9, most=8)
RuleViolation('Art 5.1: place 9 is not on this table (1..8)')
"""

from __future__ import annotations

import abc
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from croupier.cards import Card
from croupier.errors import CroupierError, RecordError, RuleViolation
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
from croupier.money import BetLimits, Rounding, check_amount
from croupier.protocol import Event, Game, encode
from croupier.records import is_int
from croupier.settlement import PayoutLine, Result, Settlement
from croupier.shoe import ordered_pack
from croupier.shuffle import Shuffler

__all__ = ["Articles", "BankingOptions", "BankingTable", "Refusal"]


_PACKS: dict[int, Counter[Card]] = {}


def _pack(decks: int) -> Counter[Card]:
    """The multiset of cards in ``decks`` standard 52-card decks."""
    pack = _PACKS.get(decks)
    if pack is None:
        pack = _PACKS[decks] = Counter(ordered_pack(decks=decks))
    return pack


#: Payout lines kept per table before the memo starts again (see ``BankingTable._line``).
_LINES_KEPT = 4096
_NOTHING = Fraction(0)
#: the events that change only the layout's stakes (not a round's cards)
_STAKE_EVENTS: frozenset[type[Event]] = frozenset({BetPlaced, BetWithdrawn})


class Refusal(NamedTuple):
    """The article a refusal cites and its message, a :meth:`str.format` template."""

    article: str
    text: str

    def __call__(self, **values: object) -> RuleViolation:
        """The RuleViolation, with ``values`` put into the message."""
        return RuleViolation(self.article, self.text.format(**values))


@dataclass(frozen=True, slots=True)
class Articles:
    """What each of the shared checks cites when it refuses, in a game's own words.

    The message of each refusal is a template; the fields in braces are those listed here.
    """

    #: a round opened before the first shuffle
    shuffle_first: Refusal
    #: a shuffle whose order is not the pack: ``{decks}``, ``{cards}``
    shoe: Refusal
    #: a shuffle whose commitment is not its order's
    commitment: Refusal
    #: a cut out of range: ``{least}``, ``{cards}``, ``{cut}``
    cut: Refusal
    #: a round opened while one is in play: ``{round}``, ``{phase}``
    round_in_play: Refusal
    #: a round opened with the wrong number: ``{next}``, ``{got}``
    round_number: Refusal
    #: a place not on the table: ``{position}``, ``{most}``
    place: Refusal
    #: a bet the game does not have: ``{bet}``, ``{bets}`` (the names, comma separated)
    bet: Refusal
    #: a bet placed outside betting: ``{phase}``
    bet_out_of_turn: Refusal
    #: a bet withdrawn outside betting: ``{phase}``
    withdraw_out_of_turn: Refusal
    #: bets closed outside betting: ``{phase}``
    close_out_of_turn: Refusal
    #: a withdrawal of a stake that is not there: ``{player}``, ``{position}``, ``{bet}``
    no_stake: Refusal
    #: bets closed on an empty layout
    empty_layout: Refusal
    #: bets closed with the wrong places: ``{expected}`` (a tuple), ``{listed}`` (the same as a
    #: list), ``{got}``
    places_in_play: Refusal


class BankingOptions(Protocol):
    """What the shared table reads of a game's options."""

    @property
    def decks(self) -> int: ...
    @property
    def cards(self) -> int: ...
    @property
    def positions(self) -> int: ...
    @property
    def min_cut(self) -> int: ...
    @property
    def limits(self) -> BetLimits: ...
    @property
    def rounding(self) -> Rounding: ...
    def to_dict(self) -> dict[str, Any]: ...


OptionsT = TypeVar("OptionsT", bound=BankingOptions)
BetT = TypeVar("BetT", bound=StrEnum)


class BankingTable(Game[OptionsT], Generic[OptionsT, BetT]):
    """A table of a banking card game: the state, commands, checks and fold the games share.

    See the module docstring for what a game supplies. Amounts are whole units of the table's
    currency; places are numbered from 1.
    """

    #: the events every banking game records (a game with more adds them)
    EVENTS: ClassVar[tuple[type[Event], ...]] = (
        ShoeShuffled,
        RoundOpened,
        BetPlaced,
        BetWithdrawn,
        BetsClosed,
        CardBurned,
        CardDealt,
        RoundSettled,
    )
    REGULATION: ClassVar[str]
    ARTICLES: ClassVar[Articles]
    #: the game's bets (their values are the names in records)
    BET_KIND: type[BetT]
    #: the view's key for the table options
    OPTIONS_KEY: ClassVar[str] = "options"
    #: stakes may be carried to the next round (the layout view then says which are)
    CARRIES: ClassVar[bool] = False
    #: the house's share of a prize on a commissioned win
    COMMISSION: ClassVar[Fraction] = _NOTHING
    #: the bets whose new stake has a rule of the game beyond the phase, the names and the
    #: limits (:meth:`_check_new_stake`; baccarat: the tie, Art 8.3): the others may go on any
    #: place, which a table's offers need not ask place by place
    NEW_STAKE_RULES: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, options: OptionsT) -> None:
        super().__init__(options)
        self._phase = Phase.NEEDS_SHUFFLE
        self._shuffle_needed = self.ARTICLES.shuffle_first
        self._round = 0
        self._shuffled: ShoeShuffled | None = None
        self._shoe: ShoeState | None = None
        self._stakes = Stakes()
        self._hands: dict[int, list[Card]] = {}
        self._bets: Mapping[str, BetT] = {kind.value: kind for kind in self.BET_KIND}
        # results
        self._last: Settlement | None = None
        self._balances: dict[str, int] = {}
        self._house = 0
        self._due: tuple[PayoutLine, ...] | None = None  # the dealt round's settlement, cached
        #: events folded other than stakes placed or withdrawn: what a round's cards and hands
        #: are (a view keeps its hands part while this stays the same)
        self._round_version = 0
        self._line_memo: dict[tuple[object, ...], PayoutLine] = {}
        self._settled_memo: tuple[Settlement, dict[str, Any]] | None = None

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
        """The round's hands by place, cards in the order received; the last round's after
        settlement, until the next round opens."""
        return MappingProxyType({p: tuple(cards) for p, cards in self._hands.items()})

    @property
    def stakes(self) -> tuple[Stake, ...]:
        """Copies of the stakes on the layout, in the order first placed."""
        return tuple(Stake(s.player, s.position, s.bet, s.amount, s.carried) for s in self._stakes)

    def each_stake(self) -> Iterator[Stake]:
        """The stakes on the layout themselves (:attr:`stakes` copies them), in the order first
        placed: to read before the next event, never to keep or change. A table's offers and
        views read them at every decision."""
        return iter(self._stakes)

    @property
    def last_settlement(self) -> Settlement | None:
        """The most recent round's settlement (a void round's included), or None."""
        return self._last

    @property
    def balances(self) -> Mapping[str, int]:
        """Each player's net result over the table's life (players who only bet and withdrew
        do not appear)."""
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
        """The cut card has come out since the last shuffle: the round in play is the last."""
        return self._shoe is not None and self._shoe.cut_card_out

    # -- commands ------------------------------------------------------------------------------

    def verify_shuffle(self, *, cut: int | None = None) -> None:
        """Refuse a shuffle out of turn or a cut out of range (the game's articles)."""
        self._check_shuffle_phase()
        if cut is not None:
            self._check_cut(cut)

    def can_shuffle(self, *, cut: int | None = None) -> bool:
        return self._can(self.verify_shuffle, cut=cut)

    def shuffle(self, shuffler: Shuffler, *, cut: int | None = None) -> ShoeShuffled:
        """Shuffle, cut and place the cut card with ``shuffler``: a new shoe (how, and the draws
        made from ``shuffler``: the game's module docstring). Nothing is drawn from
        ``shuffler`` when the shuffle is refused."""
        self.verify_shuffle(cut=cut)
        return self._commit(self._shuffle_event(shuffler, cut))

    def verify_open_round(self) -> None:
        self._check(RoundOpened(self._round + 1))

    def can_open_round(self) -> bool:
        return self._can(self.verify_open_round)

    def open_round(self) -> RoundOpened:
        """Open betting for the next round (READY -> BETTING)."""
        return self._commit(RoundOpened(self._round + 1))

    def verify_place_bet(self, player: str, position: int, bet: BetT | str, amount: int) -> None:
        self._check(BetPlaced(player, position, self._bet_name(bet), amount))

    def can_place_bet(self, player: str, position: int, bet: BetT | str, amount: int) -> bool:
        return self._can(self.verify_place_bet, player, position, bet, amount)

    def place_bet(self, player: str, position: int, bet: BetT | str, amount: int) -> BetPlaced:
        """``player`` puts ``amount`` more on ``bet`` at ``position``: on a stake already there
        (a carried one included) it is a raise. Table limits apply to the resulting stake."""
        return self._commit(BetPlaced(player, position, self._bet_name(bet), amount))

    def may_stake_at(self, player: str, position: int, bet: BetT | str) -> bool:
        """Whether a new stake of ``bet`` at ``position`` by ``player`` passes the game's own
        rules for a new stake (baccarat Art 8.3: a tie needs a main bet there); the phase, the
        names and the table limits are :meth:`can_place_bet`'s. Cheap: a table's offers ask it
        for every place and bet."""
        kind = self._bets.get(self._bet_name(bet))
        if kind is None:
            return False
        try:
            self._check_new_stake(player, position, kind)
        except RuleViolation:
            return False
        return True

    def new_stake_places(
        self, player: str, bet: BetT | str, places: Sequence[int]
    ) -> tuple[int, ...]:
        """The places of ``places`` (in order) where :meth:`may_stake_at` holds for a new stake
        of ``bet`` by ``player``: asked once per bet kind with a rule of its own
        (:attr:`NEW_STAKE_RULES`) instead of once per place; a game may answer it faster."""
        return tuple(p for p in places if self.may_stake_at(player, p, bet))

    def withdrawable(self, player: str) -> tuple[tuple[int, str], ...]:
        """``(place, bet)`` of every stake of ``player`` that :meth:`can_withdraw_bet` allows
        now, in the order placed: while betting is open, those the game's own rule does not keep
        on the layout (baccarat Art 7.2: a carried stake); none otherwise. Cheap: a table's
        offers ask it at every decision."""
        if self._phase is not Phase.BETTING:
            return ()
        out: list[tuple[int, str]] = []
        for stake in self._stakes:
            if stake.player != player:
                continue
            kind = self._bets.get(stake.bet)
            if kind is None:
                continue
            try:
                self._check_withdrawal(stake, kind)
            except CroupierError:
                continue
            out.append((stake.position, stake.bet))
        return tuple(out)

    def verify_withdraw_bet(self, player: str, position: int, bet: BetT | str) -> None:
        self._check(BetWithdrawn(player, position, self._bet_name(bet)))

    def can_withdraw_bet(self, player: str, position: int, bet: BetT | str) -> bool:
        return self._can(self.verify_withdraw_bet, player, position, bet)

    def withdraw_bet(self, player: str, position: int, bet: BetT | str) -> BetWithdrawn:
        """``player`` takes back his whole stake on ``bet`` at ``position`` while betting."""
        return self._commit(BetWithdrawn(player, position, self._bet_name(bet)))

    def verify_close_bets(self) -> None:
        self._check(BetsClosed(tuple(self._stakes.positions())))

    def can_close_bets(self) -> bool:
        return self._can(self.verify_close_bets)

    def close_bets(self) -> BetsClosed:
        """No more bets; every place holding a stake is dealt (BETTING -> DEALING)."""
        return self._commit(BetsClosed(tuple(self._stakes.positions())))

    def verify_burn(self) -> None:
        self._check(self._burn_event())

    def can_burn(self) -> bool:
        return self._can(self.verify_burn)

    def burn(self) -> CardBurned:
        """Burn the shoe's next card, when the game's articles call for a burn."""
        return self._commit(self._burn_event())

    def verify_settle(self) -> None:
        self._check(self._settle_event())

    def can_settle(self) -> bool:
        return self._can(self.verify_settle)

    def settle(self) -> RoundSettled:
        """Settle every stake of the dealt round, one line each in the order placed; READY
        next, or NEEDS_SHUFFLE when the game's articles call for a new shuffle."""
        return self._commit(self._settle_event())

    # -- building events -----------------------------------------------------------------------

    def _bet_name(self, bet: BetT | str) -> str:
        """A bet's record name: a bet kind's value; anything else as given (checked later)."""
        return bet.value if isinstance(bet, self.BET_KIND) else bet

    def _settle_event(self) -> RoundSettled:
        self._check_settleable()
        return RoundSettled(self._settlement_lines())

    def _line(
        self,
        player: str,
        position: int,
        bet: str,
        stake: int,
        result: Result,
        article: str,
        prize: int,
        commissioned: bool,
    ) -> PayoutLine:
        """The settlement line of one stake: ``prize`` units (a win), less :attr:`COMMISSION`
        of it when ``commissioned``. Lines are immutable, so equal ones are built once and
        shared (a long simulation settles the same stakes again and again)."""
        key = (player, position, bet, stake, result, article, prize, commissioned)
        memo = self._line_memo
        line = memo.get(key)
        if line is None:
            if len(memo) >= _LINES_KEPT:
                memo.clear()
            exact = Fraction(prize)
            line = memo[key] = PayoutLine.settle(
                player,
                position,
                bet,
                stake,
                result,
                rounding=self._options.rounding,
                article=article,
                prize=exact,
                commission=self._commission_rate() * exact if commissioned else _NOTHING,
            )
        return line

    @abc.abstractmethod
    def verify_deal(self) -> None:
        """Refuse :meth:`deal` now: no round is being dealt (the game's article)."""

    def can_deal(self) -> bool:
        return self._can(self.verify_deal)

    @abc.abstractmethod
    def deal(self) -> tuple[Event, ...]:
        """Every burn and card still due this round, in the order the game deals them."""

    def _commission_rate(self) -> Fraction:
        """The share of a commissioned prize the house keeps (default :attr:`COMMISSION`)."""
        return self.COMMISSION

    @abc.abstractmethod
    def _shuffle_event(self, shuffler: Shuffler, cut: int | None) -> ShoeShuffled:
        """The shoe prepared with ``shuffler`` (the shuffle and ``cut`` already verified)."""

    @abc.abstractmethod
    def _burn_event(self) -> CardBurned:
        """The next burn, or the RuleViolation refusing a burn now."""

    @abc.abstractmethod
    def _settlement_lines(self) -> tuple[PayoutLine, ...]:
        """One line per stake on the layout, in the order placed, for the dealt round (cache it
        in ``_due``: the fold clears it on every event)."""

    # -- the fold: checks ----------------------------------------------------------------------

    def _check(self, event: Event) -> None:
        if isinstance(event, CardDealt):
            self._check_card_dealt(event)
        elif isinstance(event, BetPlaced):
            self._check_bet_placed(event)
        elif isinstance(event, CardBurned):
            self._check_card_burned(event)
        elif isinstance(event, RoundSettled):
            self._check_round_settled(event)
        elif isinstance(event, RoundOpened):
            self._check_round_opened(event)
        elif isinstance(event, BetsClosed):
            self._check_bets_closed(event)
        elif isinstance(event, BetWithdrawn):
            self._check_bet_withdrawn(event)
        elif isinstance(event, ShoeShuffled):
            self._check_shoe_shuffled(event)
        else:
            self._check_other(event)

    def _check_other(self, event: Event) -> None:
        """The check of an event only this game has (none here)."""
        raise RuleViolation("protocol", f"{type(event).__name__} is not a {self.GAME} event")

    @staticmethod
    def _check_player(player: object) -> str:
        if not isinstance(player, str) or not player or player != player.strip():
            raise RecordError("player", f"a player is a non-empty name, got {player!r}")
        return player

    def _check_position(self, position: object) -> int:
        most = self._options.positions
        if not is_int(position) or not 1 <= position <= most:
            raise self.ARTICLES.place(position=position, most=most)
        return position

    def _check_bet(self, bet: object) -> BetT:
        kind = self._bets.get(bet) if isinstance(bet, str) else None
        if kind is None:
            raise self.ARTICLES.bet(bet=bet, bets=", ".join(self._bets))
        return kind

    def _check_cut(self, cut: object) -> None:
        least, cards = self._options.min_cut, self._options.cards
        if not is_int(cut) or not least <= cut <= cards - least:
            raise self.ARTICLES.cut(least=least, cards=cards, cut=cut)

    @staticmethod
    def _check_exposed(exposed: object) -> None:
        if not isinstance(exposed, bool):
            raise RecordError("exposed", f"exposed must be true or false, got {exposed!r}")

    def _check_shoe_shuffled(self, event: ShoeShuffled) -> None:
        self._check_shuffle_phase()
        options = self._options
        order = event.order
        if (
            not isinstance(order, tuple)
            or len(order) != options.cards
            or not all(isinstance(card, Card) for card in order)
            or Counter(order) != _pack(options.decks)
        ):
            raise self.ARTICLES.shoe(decks=options.decks, cards=options.cards)
        if event.commitment != order_commitment(order):
            raise self.ARTICLES.commitment()
        self._check_cut(event.cut)
        self._check_cut_card(event.cut_card_depth)

    def _check_round_opened(self, event: RoundOpened) -> None:
        if self._phase is Phase.NEEDS_SHUFFLE:
            raise self._shuffle_needed()
        if self._phase is not Phase.READY:
            raise self.ARTICLES.round_in_play(round=self._round, phase=self._phase.value)
        if not is_int(event.number) or event.number != self._round + 1:
            raise self.ARTICLES.round_number(next=self._round + 1, got=event.number)

    def _check_bet_placed(self, event: BetPlaced) -> None:
        if self._phase is not Phase.BETTING:
            raise self.ARTICLES.bet_out_of_turn(phase=self._phase.value)
        player = self._check_player(event.player)
        position = self._check_position(event.position)
        kind = self._check_bet(event.bet)
        amount = check_amount(event.amount)
        self._check_new_stake(player, position, kind)
        stake = self._stakes.get(player, position, event.bet)
        self._options.limits.check(event.bet, amount + (0 if stake is None else stake.amount))

    def _check_bet_withdrawn(self, event: BetWithdrawn) -> None:
        if self._phase is not Phase.BETTING:
            raise self.ARTICLES.withdraw_out_of_turn(phase=self._phase.value)
        player = self._check_player(event.player)
        position = self._check_position(event.position)
        kind = self._check_bet(event.bet)
        stake = self._stakes.get(player, position, event.bet)
        if stake is None:
            raise self.ARTICLES.no_stake(player=player, position=position, bet=event.bet)
        self._check_withdrawal(stake, kind)

    def _check_bets_closed(self, event: BetsClosed) -> None:
        if self._phase is not Phase.BETTING:
            raise self.ARTICLES.close_out_of_turn(phase=self._phase.value)
        if not len(self._stakes):
            raise self.ARTICLES.empty_layout()
        expected = tuple(self._stakes.positions())
        if event.positions != expected:
            raise self.ARTICLES.places_in_play(
                expected=expected, listed=list(expected), got=event.positions
            )

    def _check_round_settled(self, event: RoundSettled) -> None:
        self._check_settleable()
        due = self._settlement_lines()
        if event.lines != due:
            self._refuse_lines(event.lines, due)

    def _check_new_stake(self, player: str, position: int, kind: BetT) -> None:
        """What a stake must respect beyond its place, name, amount and limits (nothing here)."""

    def _check_withdrawal(self, stake: Stake, kind: BetT) -> None:
        """What keeps a stake on the layout although betting is open (nothing here)."""

    @abc.abstractmethod
    def _check_shuffle_phase(self) -> None:
        """Refuse a shuffle now (the phases in which the game allows one)."""

    @abc.abstractmethod
    def _check_cut_card(self, depth: object) -> None:
        """Refuse a shuffle's cut-card depth that this table does not place."""

    @abc.abstractmethod
    def _check_card_burned(self, event: CardBurned) -> None: ...

    @abc.abstractmethod
    def _check_card_dealt(self, event: CardDealt) -> None: ...

    @abc.abstractmethod
    def _check_settleable(self) -> None:
        """Refuse to settle now (no dealt round, or one that cannot be settled yet)."""

    @abc.abstractmethod
    def _refuse_lines(self, lines: tuple[PayoutLine, ...], due: tuple[PayoutLine, ...]) -> None:
        """Raise the RuleViolation for recorded settlement ``lines`` that are not ``due``."""

    # -- the fold: apply -----------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        self._due = None
        if type(event) not in _STAKE_EVENTS:
            self._round_version += 1
        if isinstance(event, CardDealt):
            self._card_dealt(event)
        elif isinstance(event, BetPlaced):
            self._stakes.add(event.player, event.position, event.bet, event.amount)
        elif isinstance(event, CardBurned):
            self._card_burned(event)
        elif isinstance(event, RoundSettled):
            self._end_round(event.lines)
        elif isinstance(event, RoundOpened):
            self._round = event.number
            self._phase = Phase.BETTING
            self._round_opened()
        elif isinstance(event, BetsClosed):
            self._bets_closed(event.positions)
            self._phase = Phase.DEALING
        elif isinstance(event, BetWithdrawn):
            self._stakes.remove(event.player, event.position, event.bet)
        elif isinstance(event, ShoeShuffled):
            self._shuffled = event
            self._shoe = ShoeState.from_event(event)
            self._phase = Phase.READY
            self._shoe_shuffled()
        else:
            self._apply_other(event)

    def _end_round(self, lines: tuple[PayoutLine, ...]) -> None:
        """The round's lines settled: each stake paid off or carried, the balances and the
        house's result; then READY, or NEEDS_SHUFFLE when the game calls for a shuffle."""
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
        reason = self._shuffle_reason()
        if reason is None:
            self._phase = Phase.READY
        else:
            self._phase = Phase.NEEDS_SHUFFLE
            self._shuffle_needed = reason

    def _shoe_shuffled(self) -> None:
        """The game's state for a new shoe (``_shuffled`` and ``_shoe`` are set)."""

    def _apply_other(self, event: Event) -> None:
        """The step of an event only this game has (none here)."""

    @abc.abstractmethod
    def _round_opened(self) -> None:
        """Clear the last round's cards for a new round (the round number and phase are set)."""

    @abc.abstractmethod
    def _bets_closed(self, positions: tuple[int, ...]) -> None:
        """Set up the deal of ``positions`` (the phase becomes DEALING after)."""

    @abc.abstractmethod
    def _card_burned(self, event: CardBurned) -> None: ...

    @abc.abstractmethod
    def _card_dealt(self, event: CardDealt) -> None: ...

    @abc.abstractmethod
    def _shuffle_reason(self) -> Refusal | None:
        """At the end of a round: what refuses the next round until a shuffle, or None when
        the shoe deals on."""

    # -- what a seat sees ----------------------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The table as ``seat`` (a place; None: a spectator, the public display) sees it.

        Never the undealt order nor the burned cards: of the shoe only its size, cut, cut-card
        depth, commitment and the cards left. The round's part (places, hands, what is face
        up to whom) is the game's: see its ``_view_round``.
        """
        if seat is not None:
            self._check_seat(seat)
        shoe: dict[str, Any] | None = None
        if self._shuffled is not None and self._shoe is not None:
            shoe = {
                **self._shuffled.public(),
                "remaining": self._shoe.remaining,
                **self._view_burns(),
                "cut_card_out": self._shoe.cut_card_out,
            }
        return {
            "game": self.GAME,
            "regulation": self.REGULATION,
            "seat": seat,
            "phase": self._phase.value,
            "round": self._round,
            self.OPTIONS_KEY: self._options.to_dict(),
            "shoe": shoe,
            "layout": [self._view_stake(s) for s in self._stakes],
            **self._view_round(seat),
            "last_settlement": self._settled_view(),
            "balances": dict(sorted(self._balances.items())),
            "house_result": self._house,
        }

    def _settled_view(self) -> dict[str, Any] | None:
        """The last settlement's part of the view, made once a settlement (a table asks for a
        view at every decision) and copied for each view (lines included)."""
        last = self._last
        if last is None:
            return None
        made = self._settled_memo
        if made is None or made[0] is not last:
            made = self._settled_memo = (last, self._view_settlement(last))
        view = made[1]
        return {**view, "lines": [dict(line) for line in view["lines"]]}

    def _check_seat(self, seat: object) -> None:
        """Refuse a seat that is not on this table (here: a place)."""
        self._check_position(seat)

    def _view_burns(self) -> dict[str, Any]:
        """The shoe's burn counts for the view, if the game shows them (not here)."""
        return {}

    def _view_stake(self, stake: Stake) -> dict[str, Any]:
        item: dict[str, Any] = {
            "player": stake.player,
            "position": stake.position,
            "bet": stake.bet,
            "amount": stake.amount,
        }
        if self.CARRIES:
            item["carried"] = stake.carried
        return item

    def _view_settlement(self, settlement: Settlement) -> dict[str, Any]:
        return {
            "lines": [encode(line) for line in settlement.lines],
            "staked": settlement.staked,
            "paid": settlement.paid,
            "house_result": settlement.house_result,
        }

    @abc.abstractmethod
    def _view_round(self, seat: int | None) -> dict[str, Any]:
        """The round's part of the view, between the layout and the last settlement."""
