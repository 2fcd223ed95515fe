"""Five-card stud table options (Portaria 104/85/M; GAMES.md §5): every reading a named field.

The two table levels of Art 6-8 (amounts in the table's smallest unit; ``decimals`` is display):

>>> StudOptions().pot_money, StudOptions().min_buy_in, StudOptions().top_up_below
(20, 2000, 500)
>>> t = StudOptions.level(100)
>>> t.pot_money, t.min_buy_in, t.top_up_below, t.commission_per_hand
(100, 5000, 1000, 100)
>>> StudOptions.from_dict(t.to_dict()) == t
True
>>> StudOptions(pot_money=50)
Traceback (most recent call last):
...
croupier.errors.MaterialError: Art 6-8: the table levels are pot money 20 (buy-in 2000, top up \
below 500) or 100 (buy-in 5000, top up below 1000), got pot money 50, buy-in 2000, top up below 500
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from croupier.errors import MaterialError, RecordError
from croupier.games.five_card_stud.rules import (
    HOUSE_RATE,
    LEVELS,
    MAX_DEALS_PER_DECK,
    MAX_DECIMALS,
    MAX_SEATS,
    MIN_SEATS,
    TIME_LIMIT_SECONDS,
    Consecutive,
    InitialCommission,
    OddChip,
    ReraiseMinimum,
    ShowingTie,
    TopUpDuty,
    UncalledBet,
)
from croupier.money import Rounding
from croupier.protocol import decode, encode
from croupier.rank.model import STUD40, STUD40_A5_FLUSH, RankRules
from croupier.rank.showing import ShowingOrder
from croupier.records import is_int

__all__ = ["StudOptions"]


@dataclass(frozen=True, slots=True)
class StudOptions:
    """Table options of five-card stud (GAMES.md §5; every *(option)* there is one here).

    Money (integers of the table's smallest unit; ``decimals`` only says how to show them):

    * ``pot_money`` (Art 7, 8): each player's pot money per hand, 20 or 100 (x ``10**decimals``).
    * ``min_buy_in`` (Art 6): the least capital to sit down, 2,000 or 5,000.
    * ``top_up_below`` (Art 6): a player whose capital is below this after a hand must top up to
      at least ``min_buy_in`` before he is dealt in again: 500 or 1,000.
    * ``initial_commission`` (Art 8, :class:`InitialCommission`): who pays the initial
      commission: ``pot`` (default: one amount per hand out of the pot money), ``each``, ``none``.
    * ``initial_commission_amount``: its amount (default, none: the pot money, as Art 8 says).
    * ``house_rate`` (Art 9): the house's share of the pot, 4%.
    * ``uncalled_bet`` (Art 9, :class:`UncalledBet`): which uncalled bet goes back free of the
      4%: ``final-round`` (default, the letter: «no lanço final») or ``any-round``.
    * ``rounding``: a commission that is not a whole unit: ``house`` (default) pays the winners
      the whole units below their exact share, the fraction stays with the house.
    * ``odd_chip`` (:class:`OddChip`): the units of a split pot that do not divide.
    * ``min_bet`` (reading; default the pot money): the least opening bet; a raise must add at
      least the previous bet (Art 10 b 3) unless the player goes all in (Art 11 a).
    * ``reraise_minimum`` (Art 10 b 4, :class:`ReraiseMinimum`): the least a re-raise adds:
      ``previous-raise`` (default, no-limit practice), ``opening-bet`` or ``any`` (b 4 sets none).
    * ``top_up_duty`` (Art 6, :class:`TopUpDuty`): ``during-hand`` (default, the letter: a
      capital that fell below ``top_up_below`` during the hand is topped up after it) or
      ``after-hand`` (only one below it once the hand is settled).
    * ``decimals``: how many decimals the amounts are shown with (display only).

    Play:

    * ``seats`` (Art 3): 2 to 7 places at the table.
    * ``min_players`` (a table's choice; default 2, the fewest a hand can be played by): the
      house opens a hand when at least this many players are dealt in, so a live table can wait
      for its company (2 to ``seats``).
    * ``max_deals_per_deck`` (Art 2): at most 10 hands per deck.
    * ``time_limit_seconds`` (Art 11 b; none: not enforced): 120.
    * ``showing_order`` (Art 10 c-d, :class:`~croupier.rank.showing.ShowingOrder`): who speaks
      and who is dealt first: ``newest-card`` (default, the letter: the pair, else the highest
      *second* card; a pair formed *with the third card*...) or ``best-hand`` (the up cards
      ranked as a poker hand).
    * ``showing_tie`` (:class:`ShowingTie`): identical showing ranks in rounds 2-4 are told
      apart by the suits (default) or by the seat nearer the dealer's right.
    * ``consecutive`` (Art 10 d, :class:`Consecutive`): which possible formations need four
      consecutive ranks: ``straight`` (default, the letter) or ``every-sequence``.
    * ``ace_low_straight_flush`` (Art 5.2, 5.6): A-5-6-7-8 of one suit is the lowest straight
      flush (default: Art 5.6 makes A-5-6-7-8 a sequence, Art 5.2 a straight flush is a suited
      sequence), or, false, an ace-high flush (the ace low is written for the straight only).
    * ``checked_may_raise`` (Art 10 c i 2 against c iii): whether a player who checked may raise
      later in the round: false (default, c i 2) or true (c iii).
    * ``short_all_in_reopens`` (reading; default false): an all-in raise smaller than the least
      raise does not reopen the betting: players who have acted since the last full raise may
      only call or fold.

    Records: an option added after records were first written reads, when a record lacks it, as
    the rule that record was played by (``showing_order`` as ``best-hand``, ``uncalled_bet`` as
    ``any-round``, ``consecutive`` as ``every-sequence``, ``top_up_duty`` as ``after-hand``), and
    is written only when it differs from that, so an older record replays to its digest.
    """

    pot_money: int = 20
    min_buy_in: int = 2000
    top_up_below: int = 500
    initial_commission: InitialCommission = InitialCommission.POT
    initial_commission_amount: int | None = None
    house_rate: Fraction = HOUSE_RATE
    rounding: Rounding = Rounding.HOUSE
    odd_chip: OddChip = OddChip.SHOWDOWN_ORDER
    min_bet: int | None = None
    seats: int = MAX_SEATS
    max_deals_per_deck: int = MAX_DEALS_PER_DECK
    time_limit_seconds: int | None = TIME_LIMIT_SECONDS
    showing_order: ShowingOrder = ShowingOrder.NEWEST_CARD
    showing_tie: ShowingTie = ShowingTie.SUITS
    short_all_in_reopens: bool = False
    decimals: int = 0
    uncalled_bet: UncalledBet = UncalledBet.FINAL_ROUND
    consecutive: Consecutive = Consecutive.STRAIGHT
    ace_low_straight_flush: bool = True
    checked_may_raise: bool = False
    top_up_duty: TopUpDuty = TopUpDuty.DURING_HAND
    reraise_minimum: ReraiseMinimum = ReraiseMinimum.PREVIOUS_RAISE
    min_players: int = MIN_SEATS

    @classmethod
    def level(cls, pot_money: int, **options: Any) -> StudOptions:
        """The table of Art 6-8 for a pot money of 20 or 100 (in whole currency units)."""
        decimals = options.get("decimals", 0)
        if pot_money not in LEVELS or not is_int(decimals):
            raise MaterialError(f"Art 6-8: the pot money is 20 or 100, got {pot_money!r}")
        scale = 10**decimals
        buy_in, top_up = LEVELS[pot_money]
        return cls(
            pot_money=pot_money * scale,
            min_buy_in=buy_in * scale,
            top_up_below=top_up * scale,
            **options,
        )

    @classmethod
    def legacy(cls, **options: Any) -> StudOptions:
        """The rules a record written before the options of issue 16 was played by (what a
        record without them reads as), with ``options`` changed."""
        return dataclasses.replace(cls.from_dict({}), **options)

    def __post_init__(self) -> None:
        for name in ("pot_money", "min_buy_in", "top_up_below", "seats", "max_deals_per_deck"):
            value = getattr(self, name)
            if not is_int(value) or value < 1:
                raise MaterialError(f"{name} must be a whole number >= 1, got {value!r}")
        if not is_int(self.decimals) or not 0 <= self.decimals <= MAX_DECIMALS:
            raise MaterialError(f"decimals must be 0..{MAX_DECIMALS}, got {self.decimals!r}")
        scale = 10**self.decimals
        levels = {(p * scale, b * scale, t * scale) for p, (b, t) in LEVELS.items()}
        if (self.pot_money, self.min_buy_in, self.top_up_below) not in levels:
            raise MaterialError(
                f"Art 6-8: the table levels are pot money {20 * scale} (buy-in {2000 * scale}, "
                f"top up below {500 * scale}) or {100 * scale} (buy-in {5000 * scale}, top up "
                f"below {1000 * scale}), got pot money {self.pot_money}, buy-in "
                f"{self.min_buy_in}, top up below {self.top_up_below}"
            )
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise MaterialError(f"Art 3: a table has 2 to 7 seats, got {self.seats}")
        if not is_int(self.min_players) or not MIN_SEATS <= self.min_players <= self.seats:
            raise MaterialError(
                f"min_players: a hand is opened for {MIN_SEATS} to {self.seats} players (the "
                f"table's seats), got {self.min_players!r}"
            )
        if self.max_deals_per_deck > MAX_DEALS_PER_DECK:
            raise MaterialError(
                f"Art 2: a deck serves at most {MAX_DEALS_PER_DECK} deals, got "
                f"{self.max_deals_per_deck}"
            )
        for name, kind in (
            ("initial_commission", InitialCommission),
            ("rounding", Rounding),
            ("odd_chip", OddChip),
            ("showing_order", ShowingOrder),
            ("showing_tie", ShowingTie),
            ("uncalled_bet", UncalledBet),
            ("consecutive", Consecutive),
            ("top_up_duty", TopUpDuty),
            ("reraise_minimum", ReraiseMinimum),
        ):
            if not isinstance(getattr(self, name), kind):
                raise MaterialError(
                    f"{name} must be a {kind.__name__}, got {getattr(self, name)!r}"
                )
        amount = self.initial_commission_amount
        if amount is not None and (not is_int(amount) or amount < 0):
            raise MaterialError(f"initial_commission_amount must be >= 0, got {amount!r}")
        if (
            self.initial_commission is InitialCommission.POT
            and amount is not None
            and amount > self.pot_money
        ):
            raise MaterialError(
                f"Art 8: a commission taken from the pot money cannot exceed one player's pot "
                f"money ({self.pot_money}), got {amount}"
            )
        if not isinstance(self.house_rate, Fraction) or not 0 <= self.house_rate < 1:
            raise MaterialError(
                f"Art 9: house_rate must be a Fraction in [0, 1), got {self.house_rate!r}"
            )
        if self.min_bet is not None and (not is_int(self.min_bet) or self.min_bet < 1):
            raise MaterialError(f"min_bet must be a whole number >= 1, got {self.min_bet!r}")
        limit = self.time_limit_seconds
        if limit is not None and (not is_int(limit) or limit < 1):
            raise MaterialError(f"Art 11 b: time_limit_seconds must be >= 1, got {limit!r}")
        for name in ("short_all_in_reopens", "ace_low_straight_flush", "checked_may_raise"):
            if not isinstance(getattr(self, name), bool):
                raise MaterialError(f"{name} must be True or False, got {getattr(self, name)!r}")

    # -- derived -------------------------------------------------------------------------------

    @property
    def commission_per_hand(self) -> int:
        """Art 8: the initial commission's amount (the pot money unless set)."""
        if self.initial_commission is InitialCommission.NONE:
            return 0
        if self.initial_commission_amount is None:
            return self.pot_money
        return self.initial_commission_amount

    @property
    def each_pays(self) -> int:
        """What one player puts down to be dealt in: the pot money and, with ``each``, the
        initial commission."""
        extra = self.commission_per_hand if self.initial_commission is InitialCommission.EACH else 0
        return self.pot_money + extra

    @property
    def least_bet(self) -> int:
        """The least opening bet (``min_bet``, or the pot money)."""
        return self.pot_money if self.min_bet is None else self.min_bet

    @property
    def time_limit_ms(self) -> int | None:
        return None if self.time_limit_seconds is None else self.time_limit_seconds * 1000

    @property
    def rank_rules(self) -> RankRules:
        """The order of five-card hands (Art 5) at this table."""
        return STUD40 if self.ace_low_straight_flush else STUD40_A5_FLUSH

    @property
    def gapped_flush_draws(self) -> bool:
        """Whether four suited cards with a gap may be a possible royal or straight flush."""
        return self.consecutive is Consecutive.STRAIGHT

    # -- records -------------------------------------------------------------------------------

    def to_dict(self, *, full: bool = True) -> dict[str, Any]:
        """The options, JSON-ready, as a record writes them: every option, except the ones added
        later, written only when they differ from the rule a record without them was played by
        (``full=False``: only the options that :meth:`from_dict` would not read as they are when
        left out)."""
        values = {f: encode(getattr(self, f)) for f in _FIELDS}
        if full:
            return {k: v for k, v in values.items() if k not in _ADDED or v != _MISSING[k]}
        return {k: v for k, v in values.items() if v != _MISSING[k]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StudOptions:
        """The options from :meth:`to_dict`, strictly (no unknown option, no coercion); a missing
        option takes its default, or, for an option added after records were first written (and
        ``showing_order``, whose default changed), the rule such a record was played by."""
        if not isinstance(data, Mapping):
            raise RecordError("options", f"table options must be an object, got {data!r}")
        unknown = sorted(str(k) for k in set(data) - set(_FIELDS))
        if unknown:
            raise RecordError(unknown[0], f"unknown table option {unknown[0]!r}")
        hints = typing.get_type_hints(cls)
        kwargs = {
            name: decode(data[name] if name in data else _MISSING[name], hints[name], name)
            for name in _FIELDS
        }
        decimals = kwargs["decimals"]
        if not any(name in data for name in _LEVEL_FIELDS) and type(decimals) is int:
            # the decimals alone: the first level of Art 6-8 in that currency unit (pot money
            # 20 whole units is 2,000 at 2 decimals), as a table of the house's currency opens
            scale = 10 ** min(max(decimals, 0), MAX_DECIMALS)
            for name in _LEVEL_FIELDS:
                kwargs[name] *= scale
        try:
            return cls(**kwargs)
        except MaterialError as exc:
            raise RecordError("options", str(exc)) from None


_FIELDS: Final = tuple(f.name for f in dataclasses.fields(StudOptions))
#: the amounts of a table level (Art 6-8), whole units times ``10**decimals``
_LEVEL_FIELDS: Final = ("pot_money", "min_buy_in", "top_up_below")
#: options added after records were first written: a record without one was played by the value
#: in _LEGACY, and a value equal to it is not written
_ADDED: Final = frozenset(
    {
        "uncalled_bet",
        "consecutive",
        "ace_low_straight_flush",
        "checked_may_raise",
        "top_up_duty",
        "reraise_minimum",
        "min_players",
    }
)
_LEGACY: Final[dict[str, Any]] = {
    "showing_order": ShowingOrder.BEST_HAND.value,  # the default until the letter became it
    "uncalled_bet": UncalledBet.ANY_ROUND.value,
    "consecutive": Consecutive.EVERY_SEQUENCE.value,
    "ace_low_straight_flush": True,
    "checked_may_raise": False,
    "top_up_duty": TopUpDuty.AFTER_HAND.value,
    "reraise_minimum": ReraiseMinimum.PREVIOUS_RAISE.value,
}
#: what a missing option reads as
_MISSING: Final = {f: _LEGACY.get(f, encode(getattr(StudOptions(), f))) for f in _FIELDS}
