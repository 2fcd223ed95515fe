"""Five-card stud (Portaria 104/85/M): who speaks first and who is dealt first (Art 10 b-d), as
comparable keys read from tables (:class:`ShowingKeys`), and the memoised showing rank the
screen names (:func:`showing`). The table's fold (:mod:`~croupier.games.five_card_stud.state`)
works each seat's key out as its up cards come."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from croupier.cards import Card
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.rules import ShowingTie
from croupier.rank.model import STUD40, RankRules
from croupier.rank.showing import (
    NIBBLE_SUITS,
    SUIT_PRECEDENCE,
    MaskPatterns,
    ShowingCategory,
    ShowingKey,
    ShowingOrder,
    ShowingPattern,
    ShowingRank,
    showing_rank,
)

__all__ = [
    "SINGLE_NUMBERS",
    "SINGLE_PLACES",
    "ShowingKeys",
    "best_showing",
    "place_number",
    "showing",
]


def _cards_mask(cards: Sequence[Card]) -> int:
    """The bit set of ``cards``' codes (the showing tables' key)."""
    mask = 0
    for c in cards:
        mask |= 1 << c.code
    return mask


_RANKS: dict[tuple[bool, str, bool, tuple[int, ...]], ShowingRank] = {}
_MEMO_LIMIT: Final = 500_000


def showing(
    up: Sequence[Card],
    order: ShowingOrder = ShowingOrder.BEST_HAND,
    rules: RankRules = STUD40,
    *,
    gapped_flush_draws: bool = False,
) -> ShowingRank:
    """:func:`~croupier.rank.showing.showing_rank`, memoised (the best-hand order does not
    depend on the order the cards came in, so its memo is keyed by the set of cards)."""
    codes = tuple(c.code for c in up)
    newest = order is ShowingOrder.NEWEST_CARD
    key = (newest, rules.name, gapped_flush_draws, codes if newest else tuple(sorted(codes)))
    hit = _RANKS.get(key)
    if hit is None:
        hit = showing_rank(up, order, rules, gapped_flush_draws=gapped_flush_draws)
        if len(_RANKS) < _MEMO_LIMIT:
            _RANKS[key] = hit
    return hit


_PAIR: Final = int(ShowingCategory.PAIR)
_HIGH: Final = int(ShowingCategory.HIGH_CARD)
_PRECEDENCE: Final = {int(s): p for s, p in SUIT_PRECEDENCE.items()}
#: the bits of a place number's parts (:func:`place_number`): up to 5 ranks of 0-12, up to 4
#: suit precedences of 1-4, a tie of 0 or minus a seat (1-7), each a digit + 1 (0: none)
_RANK_DIGITS: Final = 5
_RANK_BITS: Final = 4
_SUIT_DIGITS: Final = 4
_SUIT_BITS: Final = 3
_TIE_BITS: Final = 4
#: the least rank and suit precedence a digit cannot hold (a digit is the value + 1)
_RANK_TOP: Final = (1 << _RANK_BITS) - 1
_SUIT_TOP: Final = (1 << _SUIT_BITS) - 1
#: a place number shifted right by this many bits: the number of its first two items
#: ``(category, ranks)`` alone, in their order
PLACE_PREFIX_SHIFT: Final = _SUIT_DIGITS * _SUIT_BITS + _TIE_BITS


def place_number(place: tuple[Any, ...]) -> int:
    """A place ``(category, ranks, suits, tie)`` (:meth:`ShowingKeys.key`) as a whole number
    in the same order: the category, then each rank + 1 in a digit of its own (0: no more
    ranks, so a shorter tuple that is a prefix comes first, as tuples compare), the suit
    precedences the same way, then the tie + 8. Two places compare as their numbers do, and
    are equal when their numbers are (the fold sorts seats by them: one int comparison
    where tuples compared item by item). ValueError for a part out of its digits' range (no
    reading of the regulation makes one: the tests go through every set of showing cards)."""
    category, ranks, suits, tie = place
    if len(ranks) > _RANK_DIGITS or len(suits) > _SUIT_DIGITS or not -8 < tie <= 0:
        raise ValueError(f"a place out of the numbers' range: {place!r}")
    number = int(category)
    if number < 0:
        raise ValueError(f"a place out of the numbers' range: {place!r}")
    for r in ranks:
        if not 0 <= r < _RANK_TOP:
            raise ValueError(f"a place out of the numbers' range: {place!r}")
        number = number << _RANK_BITS | (r + 1)
    number <<= _RANK_BITS * (_RANK_DIGITS - len(ranks))  # the ranks it has not: 0 digits
    for t in suits:
        if not 0 <= t < _SUIT_TOP:
            raise ValueError(f"a place out of the numbers' range: {place!r}")
        number = number << _SUIT_BITS | (t + 1)
    number <<= _SUIT_BITS * (_SUIT_DIGITS - len(suits))
    return number << _TIE_BITS | (int(tie) + 8)


#: the place of one up card by its code (Art 10 b: its rank, then its suit; every reading):
#: :meth:`ShowingKeys.key` of the card alone
SINGLE_PLACES: Final = tuple(
    (_HIGH, (code >> 2,), (_PRECEDENCE[code & 3],), 0) for code in range(52)
)
#: the same as place numbers (:func:`place_number`: what the fold keeps)
SINGLE_NUMBERS: Final = tuple(place_number(place) for place in SINGLE_PLACES)


#: the place of a newest card (Art 10 c-d) by its rank and its rank's suits (a nibble of the
#: card-code bit set): a pair formed with it, else it alone (``(category, ranks, suits, 0)``)
_NEWEST_PLACES: Final = tuple(
    (_PAIR if len(NIBBLE_SUITS[nibble]) == 2 else _HIGH, (rank,), NIBBLE_SUITS[nibble], 0)
    for rank in range(13)
    for nibble in range(16)
)
_NEWEST_NUMBERS: Final = tuple(place_number(place) for place in _NEWEST_PLACES)
#: the same by the newest card's code, then its rank's suits nibble (the fold reads a tuple, no
#: shift of the rank a card)
_NEWEST_BY_CODE: Final = tuple(
    _NEWEST_NUMBERS[(code >> 2) << 4 : ((code >> 2) << 4) + 16] for code in range(52)
)


class ShowingKeys:
    """Who speaks first and who is dealt first (Art 10 b-d), as comparable keys, by table: the
    best-hand rank of showing cards is read from a table of rank patterns
    (:class:`~croupier.rank.showing.MaskPatterns`: keyed by how many cards of each rank there
    are and whether four are suited, a few thousand keys), the suits from the cards' bit set;
    the letter's newest-card order (Art 10 c-d) is derived from it and the newest card. A key
    is ``(category, ranks, suits, tie)``: the suits break an exact tie of ranks (Art 10 b's
    order), or, with ``showing_tie = seat``, ``tie`` does (the seat nearer the dealer's right).
    :func:`~croupier.rank.showing.showing_rank` is the reference (the tests compare the two on
    random cards)."""

    __slots__ = (
        "gapped",
        "newest",
        "newest_by_code",
        "newest_places",
        "order",
        "patterns",
        "rules",
        "seat_ties",
        "singles",
    )

    def __init__(self, options: StudOptions) -> None:
        self.order = options.showing_order
        self.rules = options.rank_rules
        self.gapped = options.gapped_flush_draws
        self.newest = self.order is ShowingOrder.NEWEST_CARD
        self.seat_ties = options.showing_tie is ShowingTie.SEAT
        #: the places :meth:`place` gives two or more showing cards below a pair when the
        #: newest card decides (Art 10 c-d by the letter) and no seat breaks a tie, as place
        #: numbers (:func:`place_number`), by ``newest rank << 4 | that rank's suits nibble``
        #: of the cards' bit set (None: this table reads them otherwise; the fold reads it
        #: without a call)
        self.newest_places = _NEWEST_NUMBERS if self.newest and not self.seat_ties else None
        #: the same by the newest card's code, then its rank's suits nibble (None: the same)
        self.newest_by_code = None if self.newest_places is None else _NEWEST_BY_CODE
        #: the rank patterns of card sets under this table's rules
        self.patterns = MaskPatterns(self.rules, gapped_flush_draws=self.gapped)
        #: what a seat's first up card makes of its up cards, by the card's code: :meth:`single`
        #: (None: not asked for yet; the fold reads it without a call)
        self.singles: list[tuple[int, int, tuple[ShowingPattern, tuple[int, ...]], int] | None]
        self.singles = [None] * 52

    def single(self, code: int) -> tuple[int, int, tuple[ShowingPattern, tuple[int, ...]], int]:
        """One up card of code ``code`` alone: its bit set, its rank counts, its :meth:`entry`
        and its place number (Art 10 b: its rank, then its suit, in every reading), kept in
        :attr:`singles` (the fold's first dealing reads them so)."""
        mask, counts = 1 << code, 1 << ((code >> 2) << 2)
        found = self.singles[code] = (
            mask,
            counts,
            self.patterns.of_counts(counts, mask, 1),
            SINGLE_NUMBERS[code],
        )
        return found

    def rank(self, up: Sequence[Card]) -> ShowingRank:
        """The showing rank of ``up`` at this table (what the screen names)."""
        order = self.order if len(up) > 1 else ShowingOrder.BEST_HAND
        return showing(up, order, self.rules, gapped_flush_draws=self.gapped)

    def base(self, up: Sequence[Card], mask: int | None = None) -> ShowingKey:
        """The best-hand key ``(category, ranks, suits)`` of ``up`` (``mask``: its bit set of
        card codes, when known), from the table."""
        return self.patterns.key(_cards_mask(up) if mask is None else mask, len(up))

    def pattern(self, up: Sequence[Card], mask: int | None = None) -> ShowingPattern:
        """:meth:`base` without the suits, ``(category, ranks)`` (``mask``: the bit set of card
        codes of ``up``, when known), from the table."""
        return self.patterns.entry(_cards_mask(up) if mask is None else mask, len(up))[0]

    def entry(self, mask: int, n: int) -> tuple[ShowingPattern, tuple[int, ...]]:
        """The rank pattern of the ``n`` cards whose codes are the bits of ``mask``, and its
        distinct ranks in order of significance (:meth:`MaskPatterns.entry
        <croupier.rank.showing.MaskPatterns.entry>`)."""
        return self.patterns.entry(mask, n)

    def key(self, up: Sequence[Card], seat: int, mask: int | None = None) -> tuple[Any, ...]:
        """The place of ``seat``'s showing cards ``up`` (dealt in that order) in Art 10 b-d
        (``mask``: their bit set of card codes, when known): it depends on the set of cards
        and the newest one only (and, with seat ties, the seat)."""
        if mask is None:
            mask = _cards_mask(up)
        n = len(up)
        entry = self.patterns.entry(mask, n)
        return self.place(entry, mask, up[-1].code >> 2, n, seat)

    def place(
        self,
        entry: tuple[ShowingPattern, tuple[int, ...]],
        mask: int,
        newest: int,
        n: int,
        seat: int,
    ) -> tuple[Any, ...]:
        """:meth:`key` of the ``n`` showing cards of bit set ``mask``, from their :meth:`entry`
        and the rank of the newest of them (what the fold knows as each card comes)."""
        (category, ranks), order = entry
        found: tuple[Any, ...]
        # Art 10 c-d by the letter: below a pair the newest card decides, so the formation is
        # all that is read of the cards' key; Art 10 b (one up card: suits break ties, in
        # every reading), or the best hand
        if self.newest and n > 1 and category <= _PAIR:
            found = _NEWEST_PLACES[(newest << 4) | ((mask >> (newest << 2)) & 15)]
        else:
            suits: tuple[int, ...] = ()
            for r in order:
                suits += NIBBLE_SUITS[(mask >> (r << 2)) & 15]
            found = (category, ranks, suits, 0)
        if self.seat_ties and n != 1:
            return (found[0], found[1], (), -seat)
        return found


def best_showing(
    live: list[int], speak: Sequence[int], stacks: Mapping[int, int], show_key: Mapping[int, Any]
) -> int:
    """``max(live, key=show_key.__getitem__)``: the first seat in the hand (in ``live``'s
    order) with the best showing key. ``speak``: empty, or the order of the round of betting
    just ended (the seats that had chips at its start, by ``show_key`` then, best first, ties in
    ``live``'s order: a stable sort of them taken in that order); no card has come since, and
    seats only left the hand. When every seat in the hand still has chips, each had them at
    the round's start, so each is in ``speak``: the first of ``speak`` still in the hand is the
    best, found without comparing keys again (tests/games/five_card_stud/test_best_showing.py
    compares the two). A seat all in may have been all in before the round, not in ``speak``:
    the keys are compared."""
    if speak:
        for s in live:
            if not stacks[s]:
                break
        else:
            for s in speak:
                if s in live:
                    return s
    # max(live, key=show_key.__getitem__) in one loop (max's keyword costs a parse of it): the
    # first seat of a strictly greater key, as max keeps
    best = live[0]
    top = show_key[best]
    for s in live:
        key = show_key[s]
        if key > top:
            best, top = s, key
    return best
