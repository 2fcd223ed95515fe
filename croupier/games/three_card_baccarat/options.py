"""3-Card Baccarat (Portaria 22/96/M as amended by 219/96/M) table options: the material of
Art 2, the places of Art 5, the limits and money of the table, and every reading of the text that
is a table's choice (see :class:`BaccaratOptions`).

>>> BaccaratOptions().is_box, BaccaratOptions(decks=6).is_box
(True, False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any, Final

from croupier.errors import CroupierError, MaterialError, RecordError
from croupier.games.three_card_baccarat.rules import (
    CARDS_PER_HAND,
    COMMISSION,
    CUT_CARD_DEPTH_MAX,
    CUT_CARD_DEPTH_MIN,
    DECK_SIZE,
    BetKind,
)
from croupier.money import BetLimits, Rounding
from croupier.protocol import decode
from croupier.records import as_bool, as_int

__all__ = [
    "CLI_DEFAULT_DECKS",
    "DEFAULT_POSITIONS",
    "MAX_DECIMALS",
    "MAX_DECKS",
    "NO_LIMITS",
    "BaccaratOptions",
    "DealOrder",
    "NumbersHand",
    "TieRule",
]

#: Default number of player places (Art 5.1 leaves the maximum to the table; the common layout
#: has seven player boxes).
DEFAULT_POSITIONS: Final = 7
#: The most decimals a table's currency display may use (BaccaratOptions.decimals).
MAX_DECIMALS: Final = 6
#: The default table limits: at least 1 unit, no maximum, for every bet.
NO_LIMITS: Final = BetLimits()
#: The most decks a table may use: Art 2.1 sets no maximum ("um ou mais baralhos"); a shoe past
#: 16 decks is no table's, and the bound keeps a typo from building a shoe of millions of cards.
#: An engine limit, not the regulation's.
MAX_DECKS: Final = 16
#: The decks ``croupier deal``, ``play``, ``simulate`` and ``odds`` use when none is given: an
#: 8-deck shoe, the usual baccarat shoe (Art 2.2, 3.1); ``--decks 1`` (or ``-o decks=1``) is the
#: box. (The options class itself defaults to the box, the record's rule since the first records.)
CLI_DEFAULT_DECKS: Final = 8


class NumbersHand(StrEnum):
    """Art 8.2 «Números» (three figures, number of points): whose hand settles them. Only
    Art 8.1 (odd / even) names the banker's cards; Art 8.2 names no hand."""

    BANKER = "banker"  #: the banker's hand, as odd / even (default)
    PLACE = "place"  #: the hand of the place the bet is on


class TieRule(StrEnum):
    """Which hands are equal (Art 7.1 tie, Art 8.3 tie bet)."""

    #: the same annex combination, points and figures (Art 6.1, 7.1 «as mesmas combinações»)
    LEVEL = "same-level"
    #: the same points (Art 6.2 «A soma ... determina o valor da combinação», Art 8.3 «o valor
    #: da combinação»); three figures stay above every other hand
    POINTS = "same-points"


class DealOrder(StrEnum):
    """Art 3.2 «recebendo cada lugar um total de 3 cartas»: how the three cards go round."""

    ROUND_ROBIN = "round-robin"  #: one card at a time, three passes (default)
    HAND_BY_HAND = "hand-by-hand"  #: three cards at a time to each place


@dataclass(frozen=True, slots=True)
class BaccaratOptions:
    """Table options of 3-card baccarat: the deal, the limits and the readings of the bets.

    The deal:

    * ``decks``: 1 is a box (one round per shuffle, Art 4.2), more is a shoe (Art 2.2, 3.1);
      1 to 16. ``croupier deal``, ``verify``, ``play``, ``simulate`` and ``odds`` start from an
      8-deck shoe (``CLI_DEFAULT_DECKS``).
    * ``positions``: the player places marked on the table (Art 5.1), numbered 1.. clockwise.
      The banker's place comes on top of them.
    * ``cut_card_depth``: shoe only: how many cards the second cut card leaves behind it, within
      30..40 (Art 3.1; reading: "entre as últimas 30 ou 40 cartas" allows any depth from 30 to
      40). ``None`` (default): drawn from the shuffler for every shoe, uniform in 30..40 (see
      :func:`~croupier.games.three_card_baccarat.deal.new_shoe_for`). Must be None with a box,
      which has no second cut card.
    * ``min_cut`` (reading, default 1): Art 3.1 sets no minimum for the cut, so a cut moves at
      least ``min_cut`` cards from the top to the bottom and leaves at least ``min_cut``.

    Money (amounts are integers of the table's smallest unit, cents by default):

    * ``limits``: minimum and maximum of one player's whole stake on one bet at one place, by bet
      name (:class:`~croupier.money.BetLimits`; names are :class:`BetKind` values).
    * ``rounding``: how an amount owed that is not a whole unit (a 5% commission, Art 10) is paid
      (:class:`~croupier.money.Rounding`, default ``house``: rounded down).
    * ``decimals`` (display only, 0..6, default 2): the smallest unit is ``10**-decimals`` of the
      currency.
    * ``commission`` (default :data:`COMMISSION`, the 5% of Art 10): the house's share of the
      prizes of the main and odd/even bets, a fraction in ``[0, 1)``. Another value is not the
      regulation; it exists so an analyst can price a table that charges differently.

    Readings of the bets (see :func:`decide`):

    * ``three_figures_as_zero`` (default True): the banker's three figures count as 0 points for
      the ``points_N`` bets (Art 8.2 b).
    * ``zero_is_even`` (default True): 0 points is even (Art 8.1); False: 0 is neither, so odd and
      even both lose.
    * ``tie_needs_own_main_bet`` (default False): Art 8.3 allows a tie bet on a place "desde que
      haja já apostas colocadas" there; by default any player's main stake on that place is
      enough; True: the tie bettor's own main stake on that place is needed.

    Readings of issue 16 (the defaults read the text as explained; the other reading is the
    option):

    * ``numbers_hand``: Art 8.2 «Números» (``three_faces``, ``points_N``) are settled on the
      ``banker``'s hand (default: Art 8's side bets follow Art 8.1, which names the banker's
      cards; the odds are the same either way, the place's hand and the banker's being alike
      before the deal) or on the hand of the ``place`` the bet is on.
    * ``tie_rule``: hands are equal with the ``same-level`` (default: the same annex line,
      points and figures, Art 6.1 and 7.1 «as mesmas combinações»; so 9 with two figures beats
      9 with one) or ``same-points`` (Art 6.2 and 8.3 «o valor da combinação»: equal points tie,
      three figures stay the highest hand); it decides the main bet and the tie bet.
    * ``deal_order``: Art 3.2 gives each place three cards from place 1 clockwise, the banker
      last, and does not say how many at a time: ``round-robin`` (default, one card at a time,
      as a baccarat shoe is dealt) or ``hand-by-hand`` (three at a time, as football poker may).

    A round (burns + 3 cards per place and the banker) must fit in the cards the regulation
    guarantees: with a shoe a round starts before the cut card is out, so with at least the cut
    card's depth (30 unless fixed) in the shoe; with a box the whole deck. Tables that could run
    out are refused: at most 8 player places with a shoe (9 with the depth fixed at 31 or more),
    16 with a box.

    >>> BaccaratOptions().is_box, BaccaratOptions(decks=6).is_box
    (True, False)
    >>> BaccaratOptions(decks=6, cut_card_depth=29)
    Traceback (most recent call last):
    ...
    croupier.errors.MaterialError: Art 3.1: the second cut card goes among the last 30 to 40 \
cards, got cut_card_depth 29
    >>> table = BaccaratOptions(decks=6, rounding=Rounding.PLAYER, zero_is_even=False)
    >>> BaccaratOptions.from_dict(table.to_dict()) == table
    True
    >>> BaccaratOptions(zero_is_even=0)  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    croupier.errors.MaterialError: zero_is_even must be True or False, got 0
    """

    decks: int = 1
    positions: int = DEFAULT_POSITIONS
    cut_card_depth: int | None = None
    min_cut: int = 1
    limits: BetLimits = NO_LIMITS
    rounding: Rounding = Rounding.HOUSE
    decimals: int = 2
    three_figures_as_zero: bool = True
    zero_is_even: bool = True
    tie_needs_own_main_bet: bool = False
    commission: Fraction = COMMISSION
    numbers_hand: NumbersHand = NumbersHand.BANKER
    tie_rule: TieRule = TieRule.LEVEL
    deal_order: DealOrder = DealOrder.ROUND_ROBIN

    def __post_init__(self) -> None:
        for name in ("decks", "positions"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise MaterialError(f"{name} must be a whole number >= 1, got {value!r}")
        if self.decks > MAX_DECKS:
            raise MaterialError(
                f"decks must be 1 to {MAX_DECKS} (Art 2.1: one or more; {MAX_DECKS} is this "
                f"engine's limit), got decks {self.decks}"
            )
        for name, enum in (
            ("numbers_hand", NumbersHand),
            ("tie_rule", TieRule),
            ("deal_order", DealOrder),
        ):
            object.__setattr__(self, name, _member(enum, getattr(self, name), name))
        depth = self.cut_card_depth
        if depth is not None:
            if self.is_box:
                raise MaterialError(
                    "Art 2.2, 3.1: a box (one deck) has no second cut card, "
                    f"got cut_card_depth {depth!r}"
                )
            if (
                isinstance(depth, bool)
                or not isinstance(depth, int)
                or not (CUT_CARD_DEPTH_MIN <= depth <= CUT_CARD_DEPTH_MAX)
            ):
                raise MaterialError(
                    f"Art 3.1: the second cut card goes among the last {CUT_CARD_DEPTH_MIN} to "
                    f"{CUT_CARD_DEPTH_MAX} cards, got cut_card_depth {depth!r}"
                )
        if (
            isinstance(self.min_cut, bool)
            or not isinstance(self.min_cut, int)
            or not (1 <= self.min_cut <= self.cards // 2)
        ):
            raise MaterialError(
                f"min_cut must be 1..{self.cards // 2} for {self.cards} cards, got {self.min_cut!r}"
            )
        need = self.cards_per_round(first_round=self.is_box)
        available = DECK_SIZE if self.is_box else (depth or CUT_CARD_DEPTH_MIN)
        if need > available:
            most = (available - self.burns_before(first_round=self.is_box)) // CARDS_PER_HAND - 1
            where = "a box holds" if self.is_box else "a round of a shoe may start with only"
            deeper = ""
            if not self.is_box and available < CUT_CARD_DEPTH_MAX:
                # Art 3.1: the second cut card may go as deep as 40 cards from the end
                deepest = (CUT_CARD_DEPTH_MAX - 1) // CARDS_PER_HAND - 1
                least = CARDS_PER_HAND * (self.positions + 1) + 1
                deeper = (
                    f"; a second cut card placed deeper makes room (Art 3.1 allows 30 to 40 "
                    f"cards from the end): cut_card_depth={least} or more takes "
                    f"{self.positions} places, 40 takes {deepest}"
                    if least <= CUT_CARD_DEPTH_MAX
                    else f"; even the deepest second cut card (cut_card_depth=40, Art 3.1) "
                    f"takes only {deepest}"
                )
            raise MaterialError(
                f"{self.positions} player places need {need} cards a round and {where} "
                f"{available}: at most {most} places{deeper}"
            )
        if not isinstance(self.limits, BetLimits):
            raise MaterialError(f"limits must be BetLimits, got {self.limits!r}")
        self.limits.require_bets((kind.value for kind in BetKind), "Art 6.3, 8")
        if not isinstance(self.rounding, Rounding):
            raise MaterialError(f"rounding must be a Rounding, got {self.rounding!r}")
        if (
            isinstance(self.decimals, bool)
            or not isinstance(self.decimals, int)
            or not 0 <= self.decimals <= MAX_DECIMALS
        ):
            raise MaterialError(f"decimals must be 0..{MAX_DECIMALS}, got {self.decimals!r}")
        for name in ("three_figures_as_zero", "zero_is_even", "tie_needs_own_main_bet"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise MaterialError(f"{name} must be True or False, got {value!r}")
        if not isinstance(self.commission, Fraction) or not 0 <= self.commission < 1:
            raise MaterialError(
                f"Art 10: commission must be a Fraction in [0, 1), got {self.commission!r}"
            )

    @property
    def is_box(self) -> bool:
        """One deck in a box (Art 2.2, 4.2)."""
        return self.decks == 1

    @property
    def cards(self) -> int:
        return DECK_SIZE * self.decks

    @property
    def all_positions(self) -> tuple[int, ...]:
        """The player places ``1..positions`` in dealing (clockwise) order."""
        return tuple(range(1, self.positions + 1))

    def burns_before(self, *, first_round: bool) -> int:
        """Cards burned before a round: one per deck before the first (Art 3.2), one before each
        later round of a shoe (Art 3.3).

        >>> BaccaratOptions(decks=6).burns_before(first_round=True)
        6
        >>> BaccaratOptions(decks=6).burns_before(first_round=False)
        1
        >>> BaccaratOptions(decks=1).burns_before(first_round=True)
        1
        """
        return self.decks if first_round else 1

    def cards_per_round(self, *, first_round: bool, in_play: int | None = None) -> int:
        """Burns plus 3 cards for each place in play and the banker."""
        places = self.positions if in_play is None else in_play
        return self.burns_before(first_round=first_round) + CARDS_PER_HAND * (places + 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "decks": self.decks,
            "positions": self.positions,
            "cut_card_depth": self.cut_card_depth,
            "min_cut": self.min_cut,
            "limits": self.limits.to_dict(),
            "rounding": self.rounding.value,
            "decimals": self.decimals,
            "three_figures_as_zero": self.three_figures_as_zero,
            "zero_is_even": self.zero_is_even,
            "tie_needs_own_main_bet": self.tie_needs_own_main_bet,
            "commission": str(self.commission),
            # the readings added later: written only when they are not the rule older records
            # were played by (the defaults), so those records replay to their digests
            **{
                name: getattr(self, name).value
                for name, default in _LATER_DEFAULTS.items()
                if getattr(self, name) is not default
            },
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BaccaratOptions:
        """The options from :meth:`to_dict` output, strictly: no value that merely converts (a
        ``"6"`` for 6, a ``0`` for False) and no unknown field; a missing field takes its default.

        >>> BaccaratOptions.from_dict({"decks": "6"})
        Traceback (most recent call last):
        ...
        croupier.errors.RecordError: field 'decks' must be an integer, got '6'
        """
        if not isinstance(data, Mapping):
            raise RecordError("options", f"table options must be an object, got {data!r}")
        unknown = sorted(set(data) - set(_TABLE_FIELDS))
        if unknown:
            raise RecordError(unknown[0], f"unknown table option {unknown[0]!r}")
        try:
            depth = data.get("cut_card_depth")
            rounding = data.get("rounding", Rounding.HOUSE.value)
            if not isinstance(rounding, str) or rounding not in {r.value for r in Rounding}:
                raise RecordError(
                    "rounding",
                    f"field 'rounding' must be one of {', '.join(r.value for r in Rounding)}, "
                    f"got {rounding!r}",
                )
            return cls(
                decks=as_int(data.get("decks", 1), "decks"),
                positions=as_int(data.get("positions", DEFAULT_POSITIONS), "positions"),
                cut_card_depth=None if depth is None else as_int(depth, "cut_card_depth"),
                min_cut=as_int(data.get("min_cut", 1), "min_cut"),
                limits=BetLimits.from_dict(data["limits"]) if "limits" in data else NO_LIMITS,
                rounding=Rounding(rounding),
                decimals=as_int(data.get("decimals", 2), "decimals"),
                three_figures_as_zero=as_bool(
                    data.get("three_figures_as_zero", True), "three_figures_as_zero"
                ),
                zero_is_even=as_bool(data.get("zero_is_even", True), "zero_is_even"),
                tie_needs_own_main_bet=as_bool(
                    data.get("tie_needs_own_main_bet", False), "tie_needs_own_main_bet"
                ),
                commission=decode(data.get("commission", str(COMMISSION)), Fraction, "commission"),
                **{
                    name: _enum_field(type(default), data[name], name)
                    for name, default in _LATER_DEFAULTS.items()
                    if name in data
                },
            )
        except (TypeError, ValueError) as exc:
            if isinstance(exc, CroupierError):
                raise
            raise CroupierError(f"malformed 3-card baccarat table: {exc!r}") from None


_TABLE_FIELDS: Final = tuple(f.name for f in dataclasses.fields(BaccaratOptions))
#: options added after records were first written, with the rule those records were played by
_LATER_DEFAULTS: Final[Mapping[str, StrEnum]] = {
    "numbers_hand": NumbersHand.BANKER,
    "tie_rule": TieRule.LEVEL,
    "deal_order": DealOrder.ROUND_ROBIN,
}


def _member(enum: type[StrEnum], value: object, name: str) -> Any:
    """``value`` as a member of ``enum`` (a member or its text value); MaterialError else."""
    if isinstance(value, enum):
        return value
    if isinstance(value, str):
        try:
            return enum(value)
        except ValueError:
            pass
    choices = ", ".join(repr(m.value) for m in enum)
    raise MaterialError(f"{name} must be one of {choices}, got {value!r}")


def _enum_field(enum: type[StrEnum], value: object, name: str) -> Any:
    """A record's ``value`` of an enumeration option: its text value only."""
    if not isinstance(value, str) or value not in {m.value for m in enum}:
        choices = ", ".join(m.value for m in enum)
        raise RecordError(name, f"field {name!r} must be one of {choices}, got {value!r}")
    return enum(value)
