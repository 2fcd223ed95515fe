"""Five-card stud (Portaria 104/85/M) on the 40-card deck: exact odds of each class of hand, and
the exact showdown equity of hands of which some cards are known.

**The deck** (Art 1 a): A K Q J 10 9 8 7 6 5 in four suits, 40 cards, so ``C(40, 5) = 658,008``
five-card hands. :func:`class_counts` ranks every one of them (the batch ranking of
:mod:`croupier.rank`, rules :data:`~croupier.rank.STUD40`) and counts the classes of Art 5.
On this deck a flush (980 hands) is rarer than a full house (2,160), yet Art 5 ranks it below,
as written; there are seven straights, A-5-6-7-8 the lowest (Art 5.6).

**Equity** (:func:`equity`): each hand is given by its known cards (0 to 5: the key card and the
up cards, which is which does not matter at the showdown), with optional *dead* cards (seen and
out of play, e.g. a folded hand's). The unseen cards are the 40 less every known and dead card;
every way of dealing them to the unknown places is equally likely (the burned card of Art 2 and
the cards under the stub are unseen cards like any other, and do not change the odds). Every
joint deal is counted once (the order of the cards inside a hand does not matter), the hands
compared by Art 5, and equal hands split the pot in equal parts (Art 4); suits never break a
showdown tie. Counts are exact integers and probabilities exact fractions: nothing is sampled.

**Method.** One hand (the *inner* hand) is completed last; the others (the *outer* hands) are
enumerated jointly, vectorised with NumPy. For an outer deal with best strength ``M`` and outer
cards ``O``, the inner completions disjoint from ``O`` that are below, equal to or above ``M``
are counted by inclusion-exclusion over the subsets ``T`` of ``O`` an inner completion could
hold: ``#{b : b ∩ O = ∅, s(b) < M} = Σ_T (-1)^|T| #{b ⊇ T : s(b) < M}``. Each term is a
lookup: a dense cumulative table for ``|T| <= 2``, the completion itself ranked when ``T`` is
as large as the missing cards, else a binary search in the sorted keys ``(T, s(b))``. Heads-up,
an outer completion of ``u`` cards needs ``2^u`` lookups whatever the size of the other hand:
third street (2 known cards each, 38,955,840 joint deals) takes milliseconds, one known card
each (3,423,244,440 deals) a fraction of a second, no known card at all (2.1e11) a few seconds.
The work is estimated before anything is enumerated; above ``limit`` the call raises
:class:`TooManyDealsError` (exact or nothing: never sampled).

>>> counts = class_counts()
>>> counts["royal_flush"], counts["full_house"], counts["flush"], sum(counts.values())
(4, 2160, 980, 658008)
>>> eq = equity(["As Ks Qs Js", "Ah Ad Ac 9c"])
>>> eq.deals, [h.wins for h in eq.hands], [h.ties for h in eq.hands]
(992, [256, 736], [0, 0])
>>> eq.hands[0].win
Fraction(8, 31)
>>> equity(["Ah Kh", "As Ks"], dead="Qh Qs").hands[0].share  # Art 4: equal hands split
Fraction(1, 2)
"""

from __future__ import annotations

import functools
import itertools
import os
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from croupier.cards import Card, CardsLike, Deck, parse_cards
from croupier.errors import CardCountError, DuplicateCardError, MaterialError
from croupier.odds.report import fraction_text
from croupier.rank import STUD40, Category, all_hands, category_counts, rank_batch
from croupier.rank.model import RANK_BITS, RANK_MASK, RankRules

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "DECK",
    "DEFAULT_LIMIT",
    "GAME",
    "HAND_CARDS",
    "MAX_HANDS",
    "REGULATION",
    "TOTAL_HANDS",
    "Equity",
    "HandEquity",
    "TooManyDealsError",
    "class_counts",
    "class_label",
    "class_probabilities",
    "equity",
    "parse_hand",
]

GAME: Final = "five-card-stud"
REGULATION: Final = "Portaria 104/85/M"
#: The 40-card deck of Art 1 a.
DECK: Final = Deck.STUD_40
HAND_CARDS: Final = 5
#: C(40, 5): every five-card hand of the deck.
TOTAL_HANDS: Final = comb(len(Deck.STUD_40), HAND_CARDS)
#: Art 3: two to seven places at a table, one hand each.
MIN_HANDS: Final = 2
MAX_HANDS: Final = 7
#: The most work :func:`equity` does by default, in steps of roughly 8-20 ns on a small two-core
#: VM (so a few seconds at most). Heads-up is always below it (two hands with no known card, the
#: worst, is about 1.0e8 steps, under 3 s); three hands of two known cards each (1.8e9 steps,
#: about 15 s) and four hands of three known cards each (1.5e9) are above it.
DEFAULT_LIMIT: Final = 500_000_000
#: Outer deals processed at a time (bounds the memory of one step).
_CHUNK: Final = 1 << 16
#: Written for a hand with no known card.
NO_CARDS: Final = "-"


class TooManyDealsError(MaterialError):
    """An equity whose exact enumeration is above the work limit: ``deals`` joint deals of the
    ``unknown`` cards to come, ``work`` steps, against ``limit``. Exact or nothing: give fewer
    unknown cards, or a higher limit."""

    def __init__(self, deals: int, work: int, limit: int, unknown: int) -> None:
        self.deals = deals
        self.work = work
        self.limit = limit
        self.unknown = unknown
        super().__init__(
            f"{deals:,} joint deals of the {unknown} unknown cards need {work:,} steps, above "
            f"the limit of {limit:,}: the equity is exact or nothing (never sampled), so give "
            "fewer unknown cards (more known cards, or fewer hands) or a higher limit"
        )


# -- class counts (Art 5) -------------------------------------------------------------------------


@functools.cache
def _class_counts(rules: RankRules = STUD40) -> tuple[tuple[str, int], ...]:
    hands = all_hands(sorted(DECK.codes), HAND_CARDS)
    counts = category_counts(rank_batch(hands, rules, validate=False), rules)
    if len(hands) != TOTAL_HANDS or sum(counts.values()) != TOTAL_HANDS:  # pragma: no cover
        raise AssertionError("the five-card hands do not cover C(40, 5)")
    return tuple(counts.items())


def class_counts(rules: RankRules = STUD40) -> dict[str, int]:
    """How many of the ``C(40, 5) = 658,008`` five-card hands of the 40-card deck (Portaria
    104/85/M Art 1 a) fall in each class of Art 5, as :attr:`Category.slug` -> count, strongest
    first, under the table's order of hands ``rules`` (``StudOptions.rank_rules``; by default
    A-5-6-7-8 suited is a straight flush). Every hand is ranked (batch path, computed once per
    process and order).

    >>> list(class_counts())[:3]
    ['royal_flush', 'straight_flush', 'four_of_a_kind']
    """
    return dict(_class_counts(rules))


def class_probabilities() -> dict[str, Fraction]:
    """P(a five-card hand of the 40-card deck is of each class), exactly (Art 1 a, Art 5).

    >>> class_probabilities()["four_of_a_kind"]
    Fraction(5, 9139)
    """
    return {slug: Fraction(n, TOTAL_HANDS) for slug, n in _class_counts()}


# -- equity (Art 4, Art 5) ------------------------------------------------------------------------


@dataclass(frozen=True)
class HandEquity:
    """One hand's showdown results over every joint deal.

    ``wins``: deals where it alone is best; ``ties``: deals where it shares the best hand;
    ``splits[k]``: deals where it is one of exactly ``k`` best hands (``splits[1] == wins``);
    ``share``: its expected part of the pot, ``Σ_k splits[k] / k / deals`` (Art 4: equal hands
    split in equal parts).
    """

    cards: tuple[Card, ...]
    deals: int
    splits: Mapping[int, int]

    @property
    def unknown(self) -> int:
        """Cards still to come to this hand."""
        return HAND_CARDS - len(self.cards)

    @property
    def wins(self) -> int:
        return self.splits.get(1, 0)

    @property
    def ties(self) -> int:
        return sum(n for k, n in self.splits.items() if k > 1)

    @property
    def losses(self) -> int:
        return self.deals - self.wins - self.ties

    @property
    def win(self) -> Fraction:
        """P(this hand alone is best)."""
        return Fraction(self.wins, self.deals)

    @property
    def tie(self) -> Fraction:
        """P(this hand shares the best hand with others)."""
        return Fraction(self.ties, self.deals)

    @property
    def lose(self) -> Fraction:
        return Fraction(self.losses, self.deals)

    @property
    def share(self) -> Fraction:
        """The expected part of the pot at the showdown (ties split, Art 4)."""
        return sum((Fraction(n, k) for k, n in self.splits.items()), Fraction(0)) / self.deals

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": [str(c) for c in self.cards],
            "unknown": self.unknown,
            "wins": self.wins,
            "ties": self.ties,
            "losses": self.losses,
            "splits": {str(k): n for k, n in sorted(self.splits.items())},
            "win": fraction_text(self.win),
            "tie": fraction_text(self.tie),
            "lose": fraction_text(self.lose),
            "share": fraction_text(self.share),
            "win_float": float(self.win),
            "tie_float": float(self.tie),
            "lose_float": float(self.lose),
            "share_float": float(self.share),
        }


@dataclass(frozen=True)
class Equity:
    """The exact showdown equity of :func:`equity`: one :class:`HandEquity` per hand, in the
    order given; ``deals`` joint deals of the ``unseen`` cards to the unknown places."""

    hands: tuple[HandEquity, ...]
    dead: tuple[Card, ...]
    unseen: int
    deals: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: exact counts, probabilities as ``"p/q"`` and as floats."""
        return {
            "game": GAME,
            "regulation": REGULATION,
            "articles": "Art 1 a (deck), Art 4 (equal hands split), Art 5 (order of hands)",
            "deck": len(DECK),
            "dead": [str(c) for c in self.dead],
            "unseen": self.unseen,
            "deals": self.deals,
            "hands": [h.to_dict() for h in self.hands],
        }


def parse_hand(hand: CardsLike) -> tuple[Card, ...]:
    """The known cards of one hand: 0 to 5 cards of the 40-card deck (Art 1 a); ``""`` or
    ``"-"`` is a hand with no known card. Errors name the bad token (or the hand, when it holds
    too many cards).

    >>> parse_hand("Kd As"), parse_hand("-")
    ((Card('Kd'), Card('As')), ())
    >>> parse_hand("As 2s")
    Traceback (most recent call last):
    ...
    croupier.errors.CardNotInDeckError: card '2s' is not in the 40-card deck
    """
    if isinstance(hand, str) and hand.strip() in ("", NO_CARDS):
        return ()
    cards = parse_cards(hand, deck=DECK)
    if len(cards) > HAND_CARDS:
        text = hand if isinstance(hand, str) else " ".join(str(c) for c in cards)
        raise CardCountError(f"at most {HAND_CARDS}", len(cards), text)
    return cards


def equity(
    hands: Sequence[CardsLike],
    dead: CardsLike = (),
    *,
    limit: int = DEFAULT_LIMIT,
) -> Equity:
    """The exact showdown equity of 2 to 7 hands (Portaria 104/85/M Art 3) of five-card stud.

    Each hand is its known cards (0 to 5 cards of the 40-card deck of Art 1 a, as text or
    cards); ``dead`` cards are out of play. Every joint deal of the unseen cards to the unknown
    places is counted once; hands compare by Art 5 and equal hands split the pot (Art 4, suits
    never break the tie). ``limit`` bounds the work (estimated steps, see the module and
    :data:`DEFAULT_LIMIT`); above it :class:`TooManyDealsError` says how many deals there would
    be. Bad input raises the typed
    errors of :mod:`croupier.errors` naming the token: a card not in the deck, a card given
    twice (in one hand or across hands and dead cards), a hand of more than 5 cards, too few
    unseen cards to complete the hands.

    >>> eq = equity(["As Ad Kc Kh 5s", "Ac Ah Ks Kd 5d"])  # no card to come: one deal, a split
    >>> eq.deals, eq.hands[0].ties, eq.hands[1].share
    (1, 1, Fraction(1, 2))
    """
    if isinstance(hands, str):
        raise TypeError("hands must be a sequence of hands, e.g. ['As Kd', 'Qh Qc']")
    known = [parse_hand(h) for h in hands]
    if not MIN_HANDS <= len(known) <= MAX_HANDS:
        raise MaterialError(
            f"Art 3: a table has {MIN_HANDS} to {MAX_HANDS} places, so equity needs "
            f"{MIN_HANDS} to {MAX_HANDS} hands, got {len(known)}"
        )
    none = isinstance(dead, str) and dead.strip() in ("", NO_CARDS)
    out = () if none else parse_cards(dead, deck=DECK)
    seen: set[Card] = set()
    for card in (*itertools.chain.from_iterable(known), *out):
        if card in seen:
            raise DuplicateCardError(str(card))
        seen.add(card)
    unseen = tuple(c for c in DECK.cards if c not in seen)
    unknowns = [HAND_CARDS - len(k) for k in known]
    m = len(unseen)
    if sum(unknowns) > m:
        raise MaterialError(
            f"the hands need {sum(unknowns)} more cards but only {m} cards are unseen"
        )
    inner, work = _plan(m, unknowns)
    deals = _deals(m, unknowns)
    if work > limit:
        raise TooManyDealsError(deals, work, limit, sum(unknowns))
    splits = _enumerate(known, unseen, unknowns, inner)
    results = tuple(
        HandEquity(cards=k, deals=deals, splits=MappingProxyType(s))
        for k, s in zip(known, splits, strict=True)
    )
    # every deal pays out one whole pot (Art 4): the shares add up to 1
    if sum(h.share for h in results) != 1:  # pragma: no cover - an identity
        raise AssertionError("the shares of the pot do not add up to 1")
    return Equity(hands=results, dead=out, unseen=m, deals=deals)


def _deals(m: int, unknowns: Sequence[int]) -> int:
    """Joint deals of ``m`` unseen cards to hands missing ``unknowns`` cards (a multinomial)."""
    total, left = 1, m
    for u in unknowns:
        total *= comb(left, u)
        left -= u
    return total


#: Relative cost of one inner lookup per outer deal, by kind (measured): a dense-table gather,
#: a direct ranking of the completion, a sort and three binary searches.
_DENSE_COST: Final = 1
_DIRECT_COST: Final = 2
_SEARCH_COST: Final = 8
#: Cost per outer deal of dealing and ranking each outer hand.
_OUTER_COST: Final = 2


def _work(m: int, unknowns: Sequence[int], inner: int) -> int:
    """Estimated steps (see :data:`DEFAULT_LIMIT`) of :func:`_enumerate` with hand ``inner``
    completed last."""
    u = unknowns[inner]
    rest = [x for j, x in enumerate(unknowns) if j != inner]
    cards = sum(rest)
    per_deal = _OUTER_COST * len(rest)
    keys = 0
    for t in range(min(u, cards) + 1):
        if t == u:
            per_deal += _DIRECT_COST * comb(cards, t)
        elif t <= _Inner.DENSE:
            per_deal += _DENSE_COST * comb(cards, t)
        else:
            per_deal += _SEARCH_COST * comb(cards, t)
            keys += comb(m, u) * comb(u, t)
    return _deals(m, rest) * per_deal + keys


def _plan(m: int, unknowns: Sequence[int]) -> tuple[int, int]:
    """The inner hand (completed last) that needs the least work, and that work."""
    return min(((i, _work(m, unknowns, i)) for i in range(len(unknowns))), key=lambda p: p[1])


def _combos(n: int, k: int) -> NDArray[np.intp]:
    """Every k-subset of ``range(n)``, one per row, in increasing order."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp)
    if k > n:
        return np.zeros((0, k), dtype=np.intp)
    return all_hands(list(range(n)), k).astype(np.intp)


def _strengths(base: int, picked: NDArray[np.uint32]) -> NDArray[np.int64]:
    """Strengths of hands of known value ``base`` plus the card values in each row."""
    t = STUD40.tables
    s = picked.sum(axis=1, dtype=np.uint32) + np.uint32(base)
    idx = t.flush_offset_np[s >> np.uint32(RANK_BITS)] + (s & np.uint32(RANK_MASK))
    out: NDArray[np.int64] = t.table_np[idx].astype(np.int64)
    return out


def _outer_deals(m: int, unknowns: Sequence[int]) -> Iterator[NDArray[np.intp]]:
    """Every joint deal of positions ``0..m-1`` to hands missing ``unknowns`` cards, in chunks:
    rows of positions, the hands' picks side by side (each hand's in increasing order)."""

    def expand(used: NDArray[np.intp], j: int) -> Iterator[NDArray[np.intp]]:
        if j == len(unknowns):
            yield used
            return
        k = used.shape[1]
        every = _combos(m - k, unknowns[j])
        step = max(1, _CHUNK // len(every))
        for a in range(0, len(used), step):
            part = used[a : a + step]
            rows = len(part)
            free = np.ones((rows, m), dtype=bool)
            free[np.arange(rows)[:, None], part] = False
            remaining = np.nonzero(free)[1].reshape(rows, m - k)
            for c in range(0, len(every), _CHUNK):  # one row may have many completions
                combos = every[c : c + _CHUNK]
                picks = remaining[:, combos].reshape(rows * len(combos), unknowns[j])
                both = np.hstack([np.repeat(part, len(combos), axis=0), picks])
                yield from expand(both, j + 1)

    yield from expand(np.zeros((1, 0), dtype=np.intp), 0)


class _Inner:
    """The hand completed last: for a subset ``T`` of the unseen cards and a strength ``M``, how
    many of its completions hold ``T`` and are below ``M``, and how many equal ``M``.

    By the size of ``T``: the empty set and sizes 1-2 look up dense cumulative tables (one row
    per ``T``); ``T`` as large as the missing cards is the completion itself, ranked directly;
    sizes in between binary-search the sorted keys ``T * width + s`` of every completion's
    subsets of that size (queries sorted first: an order of magnitude faster)."""

    DENSE: Final = 2

    def __init__(self, m: int, base: int, unknown: int, depth: int, values: NDArray[Any]) -> None:
        self.m, self.base, self.unknown, self.values = m, base, unknown, values
        self.width = STUD40.max_strength + 1  # strengths 1..max; column 0 unused
        self.bits = np.left_shift(np.int64(1), np.arange(m, dtype=np.int64))
        picks = _combos(m, unknown)
        strength = _strengths(base, values[picks])
        self.dense: dict[int, NDArray[np.int64]] = {}
        self.keys: dict[int, NDArray[np.int64]] = {}
        for size in range(min(depth, unknown - 1) + 1):
            subsets = _combos(unknown, size)
            if size <= self.DENSE:
                rows = m**size
                index = np.concatenate([self._row(picks[:, cols]) for cols in subsets])
                flat = index * self.width + np.tile(strength, len(subsets))
                hist = np.bincount(flat, minlength=rows * self.width)
                self.dense[size] = np.cumsum(hist.reshape(rows, self.width), axis=1).ravel()
            else:
                keys = [self._mask(picks[:, cols]) * self.width + strength for cols in subsets]
                self.keys[size] = np.sort(np.concatenate(keys))

    def _row(self, cards: NDArray[np.intp]) -> NDArray[np.int64]:
        """Row of a dense table: the positions of ``T``, in increasing order, base ``m``."""
        size = cards.shape[1]
        if size == 0:
            return np.zeros(len(cards), dtype=np.int64)
        if size == 1:
            return cards[:, 0].astype(np.int64)
        lo, hi = np.minimum(cards[:, 0], cards[:, 1]), np.maximum(cards[:, 0], cards[:, 1])
        return (lo * self.m + hi).astype(np.int64)

    def _mask(self, cards: NDArray[np.intp]) -> NDArray[np.int64]:
        mask = np.zeros(len(cards), dtype=np.int64)
        for col in range(cards.shape[1]):
            mask |= self.bits[cards[:, col]]
        return mask

    def count(
        self, cards: NDArray[np.intp], best: NDArray[np.int64]
    ) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """Completions holding the cards of each row (a set ``T``) below and equal to ``best``."""
        size = cards.shape[1]
        if size == self.unknown:
            s = _strengths(self.base, self.values[cards])
            return (s < best).astype(np.int64), (s == best).astype(np.int64)
        if size in self.dense:
            table = self.dense[size]
            at = self._row(cards) * self.width + best
            below = table[at - 1]
            return below, table[at] - below
        keys = self.keys[size]
        mask = self._mask(cards) * self.width
        query = mask + best
        order = np.argsort(query)
        query, mask = query[order], mask[order]
        first = np.searchsorted(keys, mask)
        lo = np.searchsorted(keys, query)
        hi = np.searchsorted(keys, query, side="right")
        below, equal = np.empty_like(lo), np.empty_like(lo)
        below[order] = lo - first
        equal[order] = hi - lo
        return below, equal


def _enumerate(
    known: Sequence[tuple[Card, ...]],
    unseen: tuple[Card, ...],
    unknowns: Sequence[int],
    inner: int,
) -> list[dict[int, int]]:
    """``splits`` of every hand (see :class:`HandEquity`) over every joint deal."""
    t = STUD40.tables
    n, m = len(known), len(unseen)
    values = t.card_value_np[np.array([c.code for c in unseen], dtype=np.intp)]
    base = [sum(t.card_value[c.code] for c in hand) for hand in known]
    outer = [j for j in range(n) if j != inner]
    o_cards = sum(unknowns[j] for j in outer)
    depth = min(unknowns[inner], o_cards)
    completions = _Inner(m, base[inner], unknowns[inner], depth, values)
    inner_total = comb(m - o_cards, unknowns[inner])  # completions disjoint from an outer deal
    subsets = [(cols, (-1) ** size) for size in range(depth + 1) for cols in _combos(o_cards, size)]
    starts = np.cumsum([0, *(unknowns[j] for j in outer)])
    splits: list[dict[int, int]] = [{} for _ in range(n)]

    def add(j: int, k: int, count: int) -> None:
        if count:
            splits[j][k] = splits[j].get(k, 0) + count

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for deal in _outer_deals(m, [unknowns[j] for j in outer]):
            s_out = np.stack(
                [
                    _strengths(base[j], values[deal[:, a:b]])
                    for j, a, b in zip(outer, starts[:-1], starts[1:], strict=True)
                ],
                axis=1,
            )
            best = s_out.max(axis=1)
            top = s_out == best[:, None]
            c = top.sum(axis=1)

            def term(
                subset: tuple[NDArray[np.intp], int],
                deal: NDArray[np.intp] = deal,
                best: NDArray[np.int64] = best,
            ) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
                cols, sign = subset
                lo, eq = completions.count(deal[:, cols], best)
                return sign * lo, sign * eq

            # inclusion-exclusion over the outer cards an inner completion would share
            below = np.zeros(len(deal), dtype=np.int64)  # inner completions under the best
            equal = np.zeros(len(deal), dtype=np.int64)  # ... and equal to it
            for lo, eq in pool.map(term, subsets):
                below += lo
                equal += eq
            above = inner_total - below - equal
            add(inner, 1, int(above.sum()))
            for k in range(1, n):
                at_k = c == k
                add(inner, k + 1, int(equal[at_k].sum()))
                for a, j in enumerate(outer):
                    sel = at_k & top[:, a]
                    add(j, k, int(below[sel].sum()))
                    add(j, k + 1, int(equal[sel].sum()))
    return splits


def class_label(slug: str) -> str:
    """The readable name of a class slug (``"two_pair"`` -> ``"two pair"``)."""
    return Category[slug.upper()].label
