"""The deal of the 13-card game, Portaria 51/89/M Art 2 a-c.

:func:`deal_thirteen` is a pure function of the shuffler it is given. It draws randomness from that
one shuffler in this exact order, so that a seeded or provably-fair deal can be recomputed by
anyone from the seeds:

1. the shuffle: a one-deck :class:`~croupier.shoe.Shoe` calls ``shuffler.shuffle`` once on the
   deck in its canonical order ``As Ah Ad Ac Ks ... 2c`` (Fisher-Yates);
2. the cut point, only when ``cut`` is not given: ``10 + shuffler.randbelow(33)``, uniform in the
   legal range 10..42 (Art 2 a, see :func:`~croupier.games.thirteen.rules.check_cut`);
3. the four dice: ``throw_dice(4, shuffler)`` (Art 1 c, 2 b).

The cut moves the top ``cut`` cards to the bottom (``Shoe.cut``). The dice total names the first
position (:func:`~croupier.games.thirteen.rules.first_position`), then the cards go one at a time
counterclockwise until each of the four positions has 13 (Art 2 b); all four positions are always
dealt (Art 2 c), so the whole deck is dealt.

:func:`deal_from_shoe` is the deterministic second half (cut deck + dice -> hands), used to replay
a deal from a recorded deck order and dice.

>>> from croupier.shoe import Shoe
>>> from croupier.cards import Deck
>>> shoe = Shoe.from_order(Deck.STANDARD_52.cards)
>>> d = deal_from_shoe(shoe, cut=10, dice=(1, 1, 2, 2))
>>> d.dice_total, d.first_position, d.deal_order[:5]
(6, 2, ((2, Card('As')), (3, Card('Ah')), (4, Card('Ad')), (1, Card('Ac')), (2, Card('Ks'))))
>>> format_cards(d.hands[1][:3])
'Ac Kc Qc'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from croupier.cards import Card, Deck, format_cards, parse_cards
from croupier.dice import throw_dice
from croupier.errors import CardCountError, CroupierError, MaterialError
from croupier.games.thirteen.options import DEFAULT_OPTIONS, ThirteenOptions
from croupier.games.thirteen.rules import (
    CARDS_PER_POSITION,
    DECK_SIZE,
    DECKS,
    DICE_COUNT,
    MIN_CUT,
    POSITIONS,
    REGULATION,
    check_cut,
    first_position,
    next_position,
)
from croupier.records import as_int
from croupier.shoe import Shoe
from croupier.shuffle import Shuffler

__all__ = ["GAME", "ThirteenDeal", "deal_from_shoe", "deal_thirteen"]

GAME: Final = "thirteen"


def _check_dice(dice: Sequence[int]) -> tuple[int, ...]:
    values = tuple(dice)
    if len(values) != DICE_COUNT:
        raise MaterialError(f"Art 1 c: the game uses {DICE_COUNT} dice, got {len(values)}")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
            raise MaterialError(f"a die shows 1..6, got {v!r}")
    return values


@dataclass(frozen=True, slots=True)
class ThirteenDeal:
    """One deal of the 13-card game: a frozen record, checked on construction.

    ``hands`` maps each position (1 = banker, then counterclockwise) to its 13 cards in the order
    received; ``deal_order`` is every ``(position, card)`` in dealing order.
    """

    cut: int
    dice: tuple[int, ...]
    dice_total: int
    first_position: int
    hands: Mapping[int, tuple[Card, ...]]
    deal_order: tuple[tuple[int, Card], ...]
    table: ThirteenOptions = field(default=DEFAULT_OPTIONS)

    def __post_init__(self) -> None:
        check_cut(self.cut)
        dice = _check_dice(self.dice)
        if self.dice_total != sum(dice):
            raise CroupierError(f"dice total {self.dice_total} is not the sum of {dice}")
        if self.first_position != first_position(self.dice_total, self.table):
            raise CroupierError(
                f"first position {self.first_position} does not follow from dice total "
                f"{self.dice_total} (Art 2 b)"
            )
        if set(self.hands) != set(POSITIONS):
            raise CroupierError(f"a deal has positions {list(POSITIONS)} (Art 2 c, 3)")
        hands = {p: tuple(self.hands[p]) for p in POSITIONS}
        for p in POSITIONS:
            if len(hands[p]) != CARDS_PER_POSITION:
                raise CardCountError(str(CARDS_PER_POSITION), len(hands[p]), f"position {p}")
        parse_cards([c for p in POSITIONS for c in hands[p]], count=DECK_SIZE)
        expected: list[tuple[int, Card]] = []
        received = dict.fromkeys(POSITIONS, 0)
        position = self.first_position
        for _ in range(DECK_SIZE):
            expected.append((position, hands[position][received[position]]))
            received[position] += 1
            position = next_position(position)
        if tuple(self.deal_order) != tuple(expected):
            raise CroupierError("deal order does not match the hands (Art 2 b)")
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "hands", MappingProxyType(hands))
        object.__setattr__(self, "deal_order", tuple(expected))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; cards in notation. :meth:`from_dict` reads it back."""
        return {
            "game": GAME,
            "regulation": REGULATION,
            "table": self.table.to_dict(),
            "cut": self.cut,
            "dice": list(self.dice),
            "dice_total": self.dice_total,
            "first_position": self.first_position,
            "hands": {str(p): [str(c) for c in self.hands[p]] for p in POSITIONS},
            "deal_order": [[p, str(c)] for p, c in self.deal_order],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ThirteenDeal:
        """Rebuild a deal from :meth:`to_dict` output; every invariant is checked again."""
        if data.get("game", GAME) != GAME:
            raise CroupierError(f"not a {GAME} deal: game {data.get('game')!r}")
        try:
            return cls(
                cut=as_int(data["cut"], "cut"),
                dice=tuple(as_int(v, "dice") for v in data["dice"]),
                dice_total=as_int(data["dice_total"], "dice_total"),
                first_position=as_int(data["first_position"], "first_position"),
                hands={
                    int(p): parse_cards(cards, count=CARDS_PER_POSITION)
                    for p, cards in data["hands"].items()
                },
                deal_order=tuple(
                    (as_int(p, "deal_order"), Card.parse(c)) for p, c in data["deal_order"]
                ),
                table=ThirteenOptions.from_dict(dict(data.get("table", {}))),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, CroupierError):
                raise
            raise CroupierError(f"malformed {GAME} deal: {exc!r}") from None

    def describe(self) -> str:
        """One line per position, for logs."""
        lines = [
            f"cut {self.cut}, dice {self.dice} = {self.dice_total}, "
            f"first card to position {self.first_position}"
        ]
        lines += [f"{p}: {format_cards(self.hands[p])}" for p in POSITIONS]
        return "\n".join(lines)


def deal_from_shoe(
    shoe: Shoe,
    *,
    cut: int,
    dice: Sequence[int],
    options: ThirteenOptions = DEFAULT_OPTIONS,
) -> ThirteenDeal:
    """Deal the 52 cards of an already shuffled and cut ``shoe`` after the dice were thrown.

    ``cut`` is recorded (and checked, Art 2 a); the shoe must already be in its cut order.
    """
    check_cut(cut)
    values = _check_dice(dice)
    if shoe.remaining != DECK_SIZE:
        raise MaterialError(
            f"the 13-card game deals a full {DECK_SIZE}-card deck, the shoe holds {shoe.remaining}"
        )
    total = sum(values)
    first = first_position(total, options)
    hands: dict[int, list[Card]] = {p: [] for p in POSITIONS}
    order: list[tuple[int, Card]] = []
    position = first
    for _ in range(DECK_SIZE):
        card = shoe.draw()
        hands[position].append(card)
        order.append((position, card))
        position = next_position(position)
    return ThirteenDeal(
        cut=cut,
        dice=values,
        dice_total=total,
        first_position=first,
        hands={p: tuple(cs) for p, cs in hands.items()},
        deal_order=tuple(order),
        table=options,
    )


def deal_thirteen(
    shuffler: Shuffler,
    *,
    cut: int | None = None,
    options: ThirteenOptions = DEFAULT_OPTIONS,
) -> ThirteenDeal:
    """Shuffle, cut, throw the dice and deal a round of the 13-card game (Art 2 a-c).

    Random draws, in this order, all from ``shuffler``: the shuffle, the cut point (only when
    ``cut`` is None: uniform in 10..42), the four dice. See the module docstring.

    >>> from croupier.shuffle import SeededShuffler
    >>> d = deal_thirteen(SeededShuffler("doc"))
    >>> sorted(len(h) for h in d.hands.values()), 10 <= d.cut <= 42
    ([13, 13, 13, 13], True)
    >>> d == deal_thirteen(SeededShuffler("doc"))
    True
    """
    if cut is not None:
        check_cut(cut)
    shoe = Shoe(shuffler, decks=DECKS, deck=Deck.STANDARD_52)
    shoe.shuffle(None)
    if cut is None:
        cut = MIN_CUT + shuffler.randbelow(DECK_SIZE - 2 * MIN_CUT + 1)
    shoe.cut(cut, min_cut=MIN_CUT)
    dice = throw_dice(DICE_COUNT, shuffler)
    return deal_from_shoe(shoe, cut=cut, dice=dice, options=options)
