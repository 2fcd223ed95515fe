"""The deal of 3-card baccarat, Portaria 22/96/M (amended by 219/96/M) Art 3-5.

Preparing the box or shoe (:func:`prepare_shoe`, :func:`new_shoe_for`) draws randomness from the
one shuffler it is given, in this exact order, so a seeded or provably-fair shoe can be recomputed
from the seeds:

1. the shuffle: ``Shoe.shuffle`` calls ``shuffler.shuffle`` once on the ordered pack (the
   canonical deck ``As Ah Ad Ac Ks ... 2c`` repeated once per deck; Fisher-Yates);
2. the cut point, only when ``cut`` is not given: ``min_cut + shuffler.randbelow(size - 2 *
   min_cut + 1)``, uniform over the cuts that move and leave at least ``min_cut`` cards
   (Art 3.1; ``BaccaratOptions.min_cut``, default 1); the top ``cut`` cards go to the bottom;
3. shoe only, when the table does not fix ``cut_card_depth``: the second cut card's depth,
   ``30 + shuffler.randbelow(11)``, uniform in 30..40 cards from the end (Art 3.1).

:func:`deal_three_card_baccarat` then deals one round from the shoe and draws no randomness: burns
(Art 3.2: one card per deck before the first round, the box included; Art 3.3: one card before
each later round of a shoe), then three passes, one card at a time, over the places in play from
place 1 clockwise and the banker last (Art 3.2; with ``deal_order=hand-by-hand``, three cards at
a time to each place in the same order). When the cut card has appeared by the end of the
round, that round is the last of the shoe (Art 4.1); a box plays one round per shuffle (Art 4.2).

>>> from croupier.cards import Deck
>>> from croupier.shoe import Shoe
>>> table = BaccaratOptions(decks=1, positions=2)
>>> d = deal_three_card_baccarat(Shoe.from_order(Deck.STANDARD_52.cards), table, first_round=True)
>>> d.burns, d.deal_order[:4]
((Card('As'),), ((1, Card('Ah')), (2, Card('Ad')), (0, Card('Ac')), (1, Card('Ks'))))
>>> for p in d.positions:
...     print(position_label(p), format_cards(d.hands[p]), describe_hand(d.hands[p]))
1 Ah Ks Kc 1 with two figures
2 Ad Kh Qs 1 with two figures
banker Ac Kd Qh 1 with two figures
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from croupier.cards import Card, Deck, format_cards, parse_cards
from croupier.errors import CardCountError, CroupierError, MaterialError, RuleViolation
from croupier.games.three_card_baccarat.options import BaccaratOptions, DealOrder
from croupier.games.three_card_baccarat.rules import (
    BANKER,
    CARDS_PER_HAND,
    CUT_CARD_DEPTH_MAX,
    CUT_CARD_DEPTH_MIN,
    REGULATION,
    describe_hand,
    figures,
    hand_points,
    is_three_figures,
    position_label,
)
from croupier.records import as_bool
from croupier.shoe import Shoe
from croupier.shuffle import Shuffler

__all__ = [
    "GAME",
    "BaccaratDeal",
    "ShoeSetup",
    "deal_three_card_baccarat",
    "new_shoe_for",
    "prepare_shoe",
]

GAME: Final = "three-card-baccarat"


@dataclass(frozen=True, slots=True)
class ShoeSetup:
    """How a box or shoe was prepared: the cut and (shoe only) the second cut card's depth."""

    decks: int
    cut: int
    cut_card_depth: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"decks": self.decks, "cut": self.cut, "cut_card_depth": self.cut_card_depth}


def prepare_shoe(
    options: BaccaratOptions, shuffler: Shuffler, *, cut: int | None = None
) -> tuple[Shoe, ShoeSetup]:
    """Shuffle, cut and (shoe only) place the second cut card (Art 2.2, 3.1).

    Random draws in the order given in the module docstring. Returns the shoe, ready for the
    first round, and the record of its preparation.

    >>> from croupier.shuffle import SeededShuffler
    >>> shoe, setup = prepare_shoe(BaccaratOptions(decks=6), SeededShuffler(1))
    >>> shoe.remaining, 30 <= setup.cut_card_depth <= 40, shoe.cut_card_out
    (312, True, False)
    """
    size = options.cards
    if cut is not None and (
        isinstance(cut, bool)
        or not isinstance(cut, int)
        or not options.min_cut <= cut <= size - options.min_cut
    ):
        raise RuleViolation(
            "Art 3.1",
            f"a cut must move at least {options.min_cut} cards and leave at least "
            f"{options.min_cut} of {size}, got cut {cut!r}",
        )
    shoe = Shoe(shuffler, decks=options.decks, deck=Deck.STANDARD_52)
    shoe.shuffle(None)
    if cut is None:
        cut = options.min_cut + shuffler.randbelow(size - 2 * options.min_cut + 1)
    shoe.cut(cut, min_cut=options.min_cut)
    depth: int | None = None
    if not options.is_box:
        depth = options.cut_card_depth
        if depth is None:
            depth = CUT_CARD_DEPTH_MIN + shuffler.randbelow(
                CUT_CARD_DEPTH_MAX - CUT_CARD_DEPTH_MIN + 1
            )
        # Rebuild with the cut card in place; the shoe keeps the shuffler for later reshuffles.
        shoe = Shoe.from_order(
            shoe.order, decks=options.decks, cut_card_from_end=depth, shuffler=shuffler
        )
    return shoe, ShoeSetup(decks=options.decks, cut=cut, cut_card_depth=depth)


def new_shoe_for(options: BaccaratOptions, shuffler: Shuffler, *, cut: int | None = None) -> Shoe:
    """The box or shoe for ``options``, shuffled, cut and with its cut card placed (Art 3.1).

    See :func:`prepare_shoe`, which also returns the cut and the cut card's depth.
    """
    return prepare_shoe(options, shuffler, cut=cut)[0]


@dataclass(frozen=True, slots=True)
class BaccaratDeal:
    """One round's deal of 3-card baccarat: a frozen record, checked on construction.

    ``positions`` are the places dealt, in dealing order: the player places in play ascending
    (clockwise from place 1), then :data:`~croupier.games.three_card_baccarat.rules.BANKER` (0).
    ``hands`` maps each of them to its 3 cards in the order received; ``burns`` are the cards
    burned before the round; ``cut_card_out`` says the cut card has appeared (Art 4.1) and
    ``last_round`` that no further round may be dealt from this shoe or box (Art 4.1, 4.2).
    """

    table: BaccaratOptions
    first_round: bool
    burns: tuple[Card, ...]
    positions: tuple[int, ...]
    hands: Mapping[int, tuple[Card, ...]]
    deal_order: tuple[tuple[int, Card], ...]
    cut_card_out: bool
    last_round: bool

    def __post_init__(self) -> None:
        table = self.table
        burns = tuple(self.burns)
        if len(burns) != table.burns_before(first_round=self.first_round):
            raise CroupierError(
                f"{len(burns)} burns; Art 3.2-3.3 ask for "
                f"{table.burns_before(first_round=self.first_round)}"
            )
        positions = tuple(self.positions)
        players = _check_positions(table, positions[:-1])
        if positions != (*players, BANKER):
            raise CroupierError("places are dealt from place 1 clockwise, banker last (Art 3.2)")
        if set(self.hands) != set(positions):
            raise CroupierError("every place dealt has a hand and only those")
        hands = {p: tuple(self.hands[p]) for p in positions}
        for p in positions:
            if len(hands[p]) != CARDS_PER_HAND:
                raise CardCountError(str(CARDS_PER_HAND), len(hands[p]), position_label(p))
        if table.deal_order is DealOrder.HAND_BY_HAND:
            expected = tuple((p, hands[p][i]) for p in positions for i in range(CARDS_PER_HAND))
        else:
            expected = tuple((p, hands[p][i]) for i in range(CARDS_PER_HAND) for p in positions)
        if tuple(self.deal_order) != expected:
            raise CroupierError("deal order does not match the hands (Art 3.2)")
        parse_cards(
            [*burns, *(c for _, c in expected)], allow_duplicates=True
        )  # every item is a card
        if table.is_box and not self.last_round:
            raise CroupierError("a box deals one round per shuffle (Art 4.2)")
        if table.is_box and self.cut_card_out:
            raise CroupierError("a box has no second cut card (Art 2.2)")
        if not table.is_box and self.last_round != self.cut_card_out:
            raise CroupierError(
                "a shoe's last round is the one in which the cut card appears (Art 4.1)"
            )
        object.__setattr__(self, "burns", burns)
        object.__setattr__(self, "positions", positions)
        object.__setattr__(self, "hands", MappingProxyType(hands))
        object.__setattr__(self, "deal_order", expected)

    @property
    def players(self) -> tuple[int, ...]:
        """The player places dealt, clockwise (the banker excluded)."""
        return self.positions[:-1]

    def points(self, position: int) -> int:
        """The points 0..9 of a place's hand (Art 6)."""
        return hand_points(self.hands[position])

    def figures(self, position: int) -> int:
        return figures(self.hands[position])

    def three_figures(self, position: int) -> bool:
        return is_three_figures(self.hands[position])

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; cards in notation; hand values included for readers
        (:meth:`from_dict` recomputes them, it does not trust them)."""
        return {
            "game": GAME,
            "regulation": REGULATION,
            "table": self.table.to_dict(),
            "first_round": self.first_round,
            "burns": [str(c) for c in self.burns],
            "positions": [position_label(p) for p in self.positions],
            "hands": {
                position_label(p): {
                    "cards": [str(c) for c in self.hands[p]],
                    "points": self.points(p),
                    "figures": self.figures(p),
                    "three_figures": self.three_figures(p),
                    "hand": describe_hand(self.hands[p]),
                }
                for p in self.positions
            },
            "deal_order": [[position_label(p), str(c)] for p, c in self.deal_order],
            "cut_card_out": self.cut_card_out,
            "last_round": self.last_round,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BaccaratDeal:
        """Rebuild a deal from :meth:`to_dict` output; every invariant is checked again."""
        if data.get("game", GAME) != GAME:
            raise CroupierError(f"not a {GAME} deal: game {data.get('game')!r}")

        def place(label: object) -> int:
            return BANKER if label == "banker" else int(str(label))

        try:
            hands_data = data["hands"]
            return cls(
                table=BaccaratOptions.from_dict(data["table"]),
                first_round=as_bool(data["first_round"], "first_round"),
                burns=parse_cards(data["burns"], allow_duplicates=True),
                positions=tuple(place(p) for p in data["positions"]),
                hands={
                    place(p): parse_cards(
                        h["cards"] if isinstance(h, Mapping) else h,
                        count=CARDS_PER_HAND,
                        allow_duplicates=True,
                    )
                    for p, h in hands_data.items()
                },
                deal_order=tuple((place(p), Card.parse(c)) for p, c in data["deal_order"]),
                cut_card_out=as_bool(data["cut_card_out"], "cut_card_out"),
                last_round=as_bool(data["last_round"], "last_round"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, CroupierError):
                raise
            raise CroupierError(f"malformed {GAME} deal: {exc!r}") from None

    def describe(self) -> str:
        """One line per place, for logs."""
        lines = [f"burns: {format_cards(self.burns)}"]
        lines += [
            f"{position_label(p)}: {format_cards(self.hands[p])} ({describe_hand(self.hands[p])})"
            for p in self.positions
        ]
        if self.last_round:
            lines.append("last round" + (" (cut card out)" if self.cut_card_out else ""))
        return "\n".join(lines)


def _check_positions(table: BaccaratOptions, positions: Sequence[int]) -> tuple[int, ...]:
    """The player places in play, sorted clockwise; each in 1..table.positions, no repeats."""
    seen: set[int] = set()
    for p in positions:
        if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= table.positions:
            raise RuleViolation(
                "Art 5.1", f"place {p!r} is not on this table (places 1..{table.positions})"
            )
        if p in seen:
            raise RuleViolation("Art 5.1", f"place {p} given twice")
        seen.add(p)
    if not seen:
        raise RuleViolation("Art 5.1", "at least one player place must be in play")
    return tuple(sorted(seen))


def deal_three_card_baccarat(
    shoe: Shoe,
    options: BaccaratOptions,
    *,
    first_round: bool,
    positions_in_play: Sequence[int] | None = None,
) -> BaccaratDeal:
    """Burn and deal one round from ``shoe`` (Art 3.2-3.3, 4, 5.1).

    ``first_round`` says this is the first round since the shuffle: the shoe must then be
    untouched, and otherwise must already have dealt (so Art 3.2 and 3.3 burns cannot be mixed
    up). ``positions_in_play`` (default: every place on the table) are the player places with
    players present (Art 5.1); they are dealt in clockwise order whatever order they are given
    in. A later round is refused with a box (Art 4.2) or once the cut card has come out (Art 4.1).
    """
    if not isinstance(shoe, Shoe):
        raise MaterialError(f"shoe must be a Shoe, got {shoe!r}")
    if shoe.decks != options.decks or shoe.size != options.cards:
        raise MaterialError(
            f"the table plays {options.decks} deck(s) ({options.cards} cards); the shoe holds "
            f"{shoe.decks} deck(s), {shoe.size} cards"
        )
    if first_round and shoe.dealt:
        raise RuleViolation(
            "Art 3.2",
            f"the first round is dealt from a freshly shuffled shoe; {shoe.dealt} cards are out",
        )
    if not first_round:
        if options.is_box:
            raise RuleViolation("Art 4.2", "a box deals one round per shuffle: shuffle again")
        if not shoe.dealt:
            raise RuleViolation(
                "Art 3.2", "nothing was dealt from this shoe yet: this is its first round"
            )
        if shoe.cut_card_out:
            raise RuleViolation(
                "Art 4.1", "the cut card came out: the previous round was the last, shuffle again"
            )
    players = _check_positions(
        options, options.all_positions if positions_in_play is None else positions_in_play
    )
    places = (*players, BANKER)
    burns = shoe.burn(options.burns_before(first_round=first_round))
    hands: dict[int, list[Card]] = {p: [] for p in places}
    order: list[tuple[int, Card]] = []
    if options.deal_order is DealOrder.HAND_BY_HAND:  # three cards at a time (a reading)
        slots = [p for p in places for _ in range(CARDS_PER_HAND)]
    else:  # one card at a time, three passes
        slots = [p for _ in range(CARDS_PER_HAND) for p in places]
    for p in slots:
        card = shoe.draw()
        hands[p].append(card)
        order.append((p, card))
    cut_card_out = shoe.cut_card_out
    return BaccaratDeal(
        table=options,
        first_round=first_round,
        burns=burns,
        positions=places,
        hands={p: tuple(cs) for p, cs in hands.items()},
        deal_order=tuple(order),
        cut_card_out=cut_card_out,
        last_round=options.is_box or cut_card_out,
    )
