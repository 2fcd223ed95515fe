"""Football Poker (Despacho 65/2004) table options: the material of Art 2 and 4, and the
readings of Art 5 where the regulation leaves a choice.

* ``decks`` (Art 2.1: "seis ou mais baralhos"): at least 6, default 6.
* ``positions`` (Art 4.1: "oito ou mais lugares"): at least 8, default 8.
* ``cut_card_depth`` (Art 5.1: a blank card "aproximadamente a 1/3 da parte do fim"): the number
  of cards left behind the cut card. ``None`` (default): exactly ``cards // 3`` (104 for six
  decks). A fixed depth must be "about one third": our reading is one third give or take a
  twelfth of the shoe, ``cards // 4 <= depth <= 5 * cards // 12`` (78..130 for six decks).
* ``min_cut`` (Art 5.1 sets no minimum): a cut moves at least ``min_cut`` cards from the top to
  the bottom and leaves at least ``min_cut``; default 1.
* ``burn_per`` (Art 5.2, "Antes do início de cada partida, é igualmente retirada uma carta"):

  - :attr:`BurnRule.ROUND` (default): a *partida* is a round of the table, so one card is burned
    before each round's cards, the first round after a shuffle included (the text says "each";
    the first round therefore burns ``decks + 1`` cards).
  - :attr:`BurnRule.HAND`: one card burned before each hand's cards (the reading GAMES.md and the
    issue suggest, a *partida* being one hand). The burn then comes between the hands, so the
    hands are dealt one after the other: ``deal_order`` is set to hand-by-hand.

* ``deal_order`` (the regulation is silent; Art 5.4 only says each hand receives two cards):
  :attr:`DealOrder.ROUND_ROBIN` (default) deals one card at a time to each hand from the lowest
  place upward, twice, as a casino deals a layout; :attr:`DealOrder.HAND_BY_HAND` deals both
  cards of a hand before the next hand. Third cards (Art 8.1) always come after every hand has
  its two, in place order.
* ``first_round_burn`` (Art 5.2: after the shuffle "uma carta por cada baralho", then "Antes do
  início de cada partida, é igualmente retirada uma carta"):

  - :attr:`FirstBurn.EXTRA` (default, the letter: "igualmente", likewise, each *partida* the
    first included): the first round after a shuffle burns ``decks + 1`` cards (one more per
    hand's burn with ``burn_per=hand``).
  - :attr:`FirstBurn.INCLUDED`: the per-deck burns stand for the first round's burn, as the
    3-card baccarat text spells out (its Art 3.3: "além das cartas retiradas antes da primeira
    jogada"), so the first round after a shuffle burns only ``decks`` cards (with
    ``burn_per=hand``, its first hand has no burn of its own).

* ``limits`` (:class:`~croupier.money.BetLimits` by bet name), ``rounding`` (how a lost half of an
  odd stake is paid, Art 8.2; default :attr:`~croupier.money.Rounding.HOUSE`: rounded down) and
  ``decimals`` (display only: amounts are integers of the table's smallest unit).

A round must fit in the cards in front of the cut card: a round starts only while the cut card is
still in the shoe (Art 5.5), so with at least ``cut_card_from_end`` cards left, and needs at most
one burn plus three cards a place (four a place with ``burn_per=hand``). A table where that does
not hold (too many places for the decks) is refused, so the shoe cannot run out mid-round.

>>> table = FootballOptions()
>>> table.cards, table.cut_card_from_end, table.burn_per.value, table.deal_order.value
(312, 104, 'round', 'round-robin')
>>> FootballOptions.from_dict(table.to_dict()) == table
True
>>> FootballOptions(burn_per=BurnRule.HAND).deal_order.value
'hand-by-hand'
>>> FootballOptions(decks=4)
Traceback (most recent call last):
...
croupier.errors.MaterialError: Art 2.1: six or more decks of 52 cards, got decks 4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from croupier.errors import MaterialError, RecordError
from croupier.games.football_poker.rules import CARDS_DEALT, MIN_DECKS, MIN_POSITIONS, BetKind
from croupier.money import BetLimits, Rounding
from croupier.records import as_int

__all__ = [
    "DECK_SIZE",
    "MAX_DECIMALS",
    "MAX_DECKS",
    "BurnRule",
    "DealOrder",
    "FirstBurn",
    "FootballOptions",
    "cut_card_window",
]

DECK_SIZE: Final = 52
#: The most decks a table may use: Art 2.1 sets no maximum ("seis ou mais"); a shoe past 16
#: decks is no table's, and the bound keeps a typo (``--decks 10000000``) from building a shoe
#: of millions of cards. An engine limit, not the regulation's.
MAX_DECKS: Final = 16
#: ``decimals`` is a display setting: 0 (whole units) to 8.
MAX_DECIMALS: Final = 8


class BurnRule(StrEnum):
    """Art 5.2's second sentence: what a *partida* is, before which one card is burned."""

    ROUND = "round"  #: one burn before each round of the table (default)
    HAND = "hand"  #: one burn before each hand's cards


class DealOrder(StrEnum):
    """How the two cards of Art 5.4 go round the hands (the regulation is silent)."""

    ROUND_ROBIN = "round-robin"  #: one card to each hand from the lowest place, then again
    HAND_BY_HAND = "hand-by-hand"  #: both cards to a hand, then the next hand


class FirstBurn(StrEnum):
    """Art 5.2: whether the first round after a shuffle burns its own card besides the
    per-deck burns."""

    EXTRA = "extra"  #: decks + 1 before the first round (default, the letter)
    INCLUDED = "included"  #: the per-deck burns are the first round's burn: decks only


def cut_card_window(cards: int) -> tuple[int, int]:
    """The fixed cut-card depths read as "aproximadamente a 1/3 da parte do fim" (Art 5.1):
    one third of the shoe give or take a twelfth.

    >>> cut_card_window(312)
    (78, 130)
    """
    return cards // 4, 5 * cards // 12


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MaterialError(f"{name} must be a whole number, got {value!r}")
    return value


def _member(enum: type[StrEnum], value: object, name: str) -> Any:
    if isinstance(value, enum):
        return value
    if isinstance(value, str):
        try:
            return enum(value)
        except ValueError:
            pass
    choices = ", ".join(repr(m.value) for m in enum)
    raise MaterialError(f"{name} must be one of {choices}, got {value!r}")


@dataclass(frozen=True, slots=True)
class FootballOptions:
    """The options of one Football Poker table (see the module docstring for each reading).

    Checked on construction (MaterialError naming the article); :meth:`to_dict` /
    :meth:`from_dict` round-trip exactly. Enum options also accept their value as text.
    """

    decks: int = MIN_DECKS
    positions: int = MIN_POSITIONS
    cut_card_depth: int | None = None
    min_cut: int = 1
    burn_per: BurnRule = BurnRule.ROUND
    deal_order: DealOrder = DealOrder.ROUND_ROBIN
    limits: BetLimits = field(default_factory=BetLimits)
    rounding: Rounding = Rounding.HOUSE
    decimals: int = 2
    first_round_burn: FirstBurn = field(
        default=FirstBurn.EXTRA,
        metadata={
            "doc": "Art 5.2: extra (default, the letter: the first round after a shuffle burns "
            "its own card besides one per deck, decks + 1) or included (the per-deck burns are "
            "the first round's burn, as the 3-card baccarat text has it: decks only)."
        },
    )

    def __post_init__(self) -> None:
        decks = _whole(self.decks, "decks")
        if decks < MIN_DECKS:
            raise MaterialError(f"Art 2.1: six or more decks of 52 cards, got decks {decks}")
        if decks > MAX_DECKS:
            raise MaterialError(
                f"decks must be {MIN_DECKS} to {MAX_DECKS} (Art 2.1: six or more; {MAX_DECKS} is "
                f"this engine's limit), got decks {decks}"
            )
        positions = _whole(self.positions, "positions")
        if positions < MIN_POSITIONS:
            raise MaterialError(
                f"Art 4.1: a table has eight or more places, got positions {positions}"
            )
        size = self.cards
        depth = self.cut_card_depth
        if depth is not None:
            low, high = cut_card_window(size)
            if _whole(depth, "cut_card_depth") < low or depth > high:
                raise MaterialError(
                    f"Art 5.1: the cut card goes about one third from the end: {low} to {high} "
                    f"cards behind it in a {size}-card shoe, got cut_card_depth {depth}"
                )
        min_cut = _whole(self.min_cut, "min_cut")
        if not 1 <= min_cut <= size // 2:
            raise MaterialError(f"min_cut must be 1..{size // 2} for {size} cards, got {min_cut}")
        burn_per = _member(BurnRule, self.burn_per, "burn_per")
        deal_order = _member(DealOrder, self.deal_order, "deal_order")
        if burn_per is BurnRule.HAND:
            deal_order = DealOrder.HAND_BY_HAND  # a burn before each hand: hands one by one
        object.__setattr__(self, "burn_per", burn_per)
        object.__setattr__(self, "deal_order", deal_order)
        object.__setattr__(
            self, "first_round_burn", _member(FirstBurn, self.first_round_burn, "first_round_burn")
        )
        if not isinstance(self.limits, BetLimits):
            raise MaterialError(f"limits must be BetLimits, got {self.limits!r}")
        self.limits.require_bets((b.value for b in BetKind), "Art 3")
        object.__setattr__(self, "rounding", _member(Rounding, self.rounding, "rounding"))
        decimals = _whole(self.decimals, "decimals")
        if not 0 <= decimals <= MAX_DECIMALS:
            raise MaterialError(f"decimals must be 0..{MAX_DECIMALS}, got {decimals}")
        need = self.max_round_cards(first_round=False)
        if need > self.cut_card_from_end:
            per_place = CARDS_DEALT + 1 + (1 if burn_per is BurnRule.HAND else 0)
            burns = 0 if burn_per is BurnRule.HAND else 1
            most = (self.cut_card_from_end - burns) // per_place
            raise MaterialError(
                f"Art 5.1, 5.5: a round at {positions} places may need {need} cards but may "
                f"start with only {self.cut_card_from_end} left (the cut card's depth): "
                f"{decks} decks take {MIN_POSITIONS} to {most} places; use more decks (up to "
                f"{MAX_DECKS}) or fewer places"
            )

    @property
    def cards(self) -> int:
        """Cards in the shoe: 52 per deck."""
        return DECK_SIZE * self.decks

    @property
    def cut_card_from_end(self) -> int:
        """The effective cut-card depth: ``cut_card_depth``, or ``cards // 3`` when None."""
        return self.cards // 3 if self.cut_card_depth is None else self.cut_card_depth

    @property
    def shuffle_burns(self) -> int:
        """Art 5.2: one card per deck burned after the shuffle, before the first round's cards."""
        return self.decks

    @property
    def first_round_burns_included(self) -> int:
        """1 when the per-deck burns stand for the first round's own burn (Art 5.2 read with
        ``first_round_burn=included``), else 0."""
        return 1 if self.first_round_burn is FirstBurn.INCLUDED else 0

    def max_round_cards(self, *, first_round: bool) -> int:
        """The most cards a round can take: burns, two cards a hand and a third for every hand
        (Art 5.2, 5.4, 8.1), every place in play.

        >>> FootballOptions().max_round_cards(first_round=True)
        31
        >>> FootballOptions(burn_per=BurnRule.HAND).max_round_cards(first_round=False)
        32
        """
        burns = self.positions if self.burn_per is BurnRule.HAND else 1
        if first_round:
            burns += self.shuffle_burns - self.first_round_burns_included
        return burns + (CARDS_DEALT + 1) * self.positions

    def to_dict(self) -> dict[str, Any]:
        return {
            "decks": self.decks,
            "positions": self.positions,
            "cut_card_depth": self.cut_card_depth,
            "min_cut": self.min_cut,
            "burn_per": self.burn_per.value,
            "deal_order": self.deal_order.value,
            "limits": self.limits.to_dict(),
            "rounding": self.rounding.value,
            "decimals": self.decimals,
            # written only when it is not the rule older records were played by (decks + 1)
            **(
                {"first_round_burn": self.first_round_burn.value}
                if self.first_round_burn is not FirstBurn.EXTRA
                else {}
            ),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FootballOptions:
        """The options from :meth:`to_dict`; a missing key takes its default, an unknown key or
        a value of the wrong type is a RecordError, a value out of range a MaterialError."""
        if not isinstance(data, Mapping):
            raise RecordError("options", f"table options must be an object, got {data!r}")
        names = {
            "decks",
            "positions",
            "cut_card_depth",
            "min_cut",
            "burn_per",
            "deal_order",
            "limits",
            "rounding",
            "decimals",
            "first_round_burn",
        }
        unknown = sorted(str(k) for k in set(data) - names)
        if unknown:
            raise RecordError(unknown[0], f"table options: unknown field {unknown[0]!r}")
        kwargs: dict[str, Any] = {}
        for name in ("decks", "positions", "min_cut", "decimals"):
            if name in data:
                kwargs[name] = as_int(data[name], name)
        if "cut_card_depth" in data:
            depth = data["cut_card_depth"]
            kwargs["cut_card_depth"] = None if depth is None else as_int(depth, "cut_card_depth")
        for name, enum in (
            ("burn_per", BurnRule),
            ("deal_order", DealOrder),
            ("first_round_burn", FirstBurn),
        ):
            if name in data:
                kwargs[name] = _enum_field(enum, data[name], name)
        if "rounding" in data:
            kwargs["rounding"] = _enum_field(Rounding, data["rounding"], "rounding")
        if "limits" in data:
            kwargs["limits"] = BetLimits.from_dict(data["limits"])
        table = cls(**kwargs)
        if "deal_order" in data and table.deal_order.value != data["deal_order"]:
            raise RecordError(
                "deal_order", "with burn_per 'hand' the hands are dealt one by one: 'hand-by-hand'"
            )
        return table


def _enum_field(enum: type[StrEnum], value: object, name: str) -> Any:
    if not isinstance(value, str):
        raise RecordError(name, f"field {name!r} must be text, got {value!r}")
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(repr(m.value) for m in enum)
        raise RecordError(name, f"field {name!r} must be one of {choices}, got {value!r}") from None
