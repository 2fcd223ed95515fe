"""The scalar ranking API: one hand at a time.

>>> from croupier.rank import STUD40, THIRTEEN
>>> r = rank("As Ks Qs Js Ts")
>>> r.category, r.strength == THIRTEEN.max_strength
(<Category.ROYAL_FLUSH: 9>, True)
>>> print(rank("5d 4c 3h 2s Ac"))
straight 5-4-3-2-A (5d 4c 3h 2s Ac)
>>> rank("5d 4c 3h 2s Ac") > rank("Kd Qc Jh Ts 9c")  # Art 9 II 6: A-2-3-4-5 is the second straight
True
>>> print(rank("8s 8h 8d 5c 5d", rules=STUD40))
full house 8-8-8 (8s 8h 8d)
>>> rank("Kd Kc 5h") <= rank("Ks Kh 5s 3d 2c")  # Art 7: the front may equal the middle's ranks
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from croupier.cards import RANK_SYMBOLS, Card, parse_cards
from croupier.errors import CardCountError
from croupier.rank.model import RANK_BITS, RANK_MASK, THIRTEEN, Category, Key, RankRules


class HandRank:
    """A ranked hand: comparable within one rule set (higher is better), printable.

    ``strength`` is the dense integer (1 = weakest); ``category`` the formation; ``deciding``
    the cards that decide it, most significant first (the four of a four of a kind, the trio of
    a full house or trio, every card of a straight, flush, two pairs, pair or high card).
    """

    __slots__ = ("cards", "rules", "strength")

    def __init__(self, strength: int, rules: RankRules, cards: tuple[Card, ...]) -> None:
        self.strength = strength
        self.rules = rules
        self.cards = cards

    @property
    def key(self) -> Key:
        return self.rules.key_of(self.strength)

    @property
    def category(self) -> Category:
        return Category(self.key[0])

    @property
    def deciding(self) -> tuple[Card, ...]:
        cat = self.category
        if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
            seqs = self.rules.straights if cat == Category.STRAIGHT else self.rules.straight_flushes
            order = self.rules.royal if cat == Category.ROYAL_FLUSH else seqs[self.key[1] - 1]
            return tuple(sorted(self.cards, key=lambda c: order.index(c.rank)))
        digits = [d - 1 for d in self.key[1:] if d]
        ordered = sorted(self.cards, key=lambda c: (_position(digits, c.rank), c.suit))
        if cat in (Category.FOUR_OF_A_KIND, Category.FULL_HOUSE, Category.THREE_OF_A_KIND):
            return tuple(c for c in ordered if c.rank == digits[0])
        return tuple(ordered)

    def describe(self) -> str:
        ranks = "-".join(RANK_SYMBOLS[c.rank] for c in self.deciding)
        return f"{self.category.label} {ranks}"

    def __str__(self) -> str:
        return f"{self.describe()} ({' '.join(str(c) for c in self.deciding)})"

    def __repr__(self) -> str:
        hand = " ".join(str(c) for c in self.cards)
        return (
            f"<HandRank {self.describe()} strength={self.strength}"
            f" rules={self.rules.name} [{hand}]>"
        )

    def _check(self, other: HandRank) -> HandRank:
        if not isinstance(other, HandRank):
            raise TypeError(f"cannot compare a hand with {type(other).__name__}")
        if other.rules is not self.rules:
            raise TypeError(f"cannot compare {self.rules.name} and {other.rules.name} hands")
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return other.rules is self.rules and other.strength == self.strength

    def __hash__(self) -> int:
        return hash((self.rules.name, self.strength))

    def __lt__(self, other: HandRank) -> bool:
        return self.strength < self._check(other).strength

    def __le__(self, other: HandRank) -> bool:
        return self.strength <= self._check(other).strength

    def __gt__(self, other: HandRank) -> bool:
        return self.strength > self._check(other).strength

    def __ge__(self, other: HandRank) -> bool:
        return self.strength >= self._check(other).strength


def _position(digits: list[int], rank: int) -> int:
    return digits.index(rank) if rank in digits else len(digits)


def rank(cards: str | Iterable[Card | str], rules: RankRules = THIRTEEN) -> HandRank:
    """Rank a hand given in notation or as cards. Bad input raises a typed error naming the
    token (unknown symbol, duplicate, card outside the rules' deck, wrong count)."""
    hand = parse_cards(cards, deck=rules.deck, count=sorted(rules.sizes))
    return HandRank(strength_of_codes([c.code for c in hand], rules), rules, hand)


def strength_of_codes(codes: Sequence[int], rules: RankRules = THIRTEEN) -> int:
    """The fast scalar path: strength of distinct, valid card codes (only the count is checked).

    >>> strength_of_codes([48, 44])
    Traceback (most recent call last):
    ...
    croupier.errors.CardCountError: expected 3 or 5 cards, got 2
    """
    if len(codes) not in rules.sizes:
        raise CardCountError(" or ".join(str(n) for n in sorted(rules.sizes)), len(codes))
    t = rules.tables
    cv = t.card_value
    s = 0
    for code in codes:
        s += cv[code]
    if len(codes) == 3:
        return t.table[t.size3_base + (s & RANK_MASK)]
    return t.table[(s & RANK_MASK) + t.flush_offset[s >> RANK_BITS]]


def strength5(c0: int, c1: int, c2: int, c3: int, c4: int, rules: RankRules = THIRTEEN) -> int:
    """Strength of five distinct valid card codes: the fastest scalar call."""
    t = rules.tables
    cv = t.card_value
    s = cv[c0] + cv[c1] + cv[c2] + cv[c3] + cv[c4]
    return t.table[(s & RANK_MASK) + t.flush_offset[s >> RANK_BITS]]


def tiers_in_order(front: HandRank, middle: HandRank, back: HandRank) -> bool:
    """Art 7 (51/89/M): front <= middle <= back; False means the setting has fouled."""
    return front <= middle <= back
