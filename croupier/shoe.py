"""The shoe: one or more decks, shuffled, cut, dealt from the top, with burns and a cut card.

What the regulations ask of it:

* 13-card game (Portaria 51/89/M Art 1 a, 2 a): one 52-card deck, shuffled, then cut with the
  blank card, at least ten cards at a time: ``shuffle(cut, min_cut=10)``.
* Five-card stud (Portaria 104/85/M Art 1 a, 2): one 40-card deck (``Deck.STUD_40``), cut by at
  most two players, at least six cards each (``shuffle(cut, min_cut=6)`` then
  ``cut(second, min_cut=6)``); the first card is burned (``burn()``).
* 3-card baccarat (Portaria 22/96/M Art 2-4 as amended by 219/96/M): one deck in a box (no cut
  card, one round per shuffle) or a shoe with a second blank card among the last 30-40 cards
  (``cut_card_from_end`` in 30..40); burn as many cards as decks before the first round, one
  before each later round; the blank card's appearance makes the round the last.
* Football poker (Despacho 65/2004 Art 5): six or more decks, a cut card about one third from
  the end (``cut_card_from_end`` ~ ``size // 3``), one card burned per deck after the shuffle and
  one before each hand; the cut card's appearance makes that hand the last (Art 5.5).

The shoe refuses to deal until it has been shuffled (or built from a known order with
:meth:`Shoe.from_order`), so an unshuffled pack can never reach the table.

>>> shoe = Shoe.from_order("As Kd 7c 2h Ts", cut_card_from_end=2, check_complete=False)
>>> shoe.burn()
(Card('As'),)
>>> shoe.draw_many(2), shoe.cut_card_out
((Card('Kd'), Card('7c')), False)
>>> shoe.draw(), shoe.cut_card_out, shoe.remaining
(Card('2h'), True, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TypeGuard

from croupier.cards import Card, CardsLike, Deck, format_cards, parse_cards
from croupier.errors import CardCountError, DuplicateCardError, MaterialError, NotationError
from croupier.shuffle import Shuffler

__all__ = ["ExcessCopiesError", "Shoe", "ordered_pack"]


class ExcessCopiesError(DuplicateCardError):
    """A card given more times than a multi-deck shoe holds it."""

    def __init__(self, token: str, count: int, decks: int) -> None:
        self.count = count
        self.decks = decks
        NotationError.__init__(
            self, token, f"card {token!r} appears {count} times; a {decks}-deck shoe holds {decks}"
        )


def ordered_pack(deck: Deck = Deck.STANDARD_52, decks: int = 1) -> tuple[Card, ...]:
    """The unshuffled pack: ``deck.cards`` repeated ``decks`` times (what the shuffler shuffles).

    >>> len(ordered_pack(Deck.STUD_40, 2)), format_cards(ordered_pack()[:3])
    (80, 'As Ah Ad')
    """
    _check_decks(decks)
    return deck.cards * decks


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_decks(decks: object) -> int:
    if not _is_int(decks) or decks < 1:
        raise MaterialError(f"number of decks must be an integer >= 1, got {decks!r}")
    return decks


class Shoe:
    """A dealing shoe (or a one-deck box).

    ``cut_card_from_end`` places the (last-round) cut card with that many cards behind it;
    ``None`` means no cut card. It must leave at least one card before and behind it.
    """

    def __init__(
        self,
        shuffler: Shuffler,
        *,
        decks: int = 1,
        deck: Deck = Deck.STANDARD_52,
        cut_card_from_end: int | None = None,
    ) -> None:
        if not isinstance(shuffler, Shuffler):
            raise MaterialError(f"shuffler must be a Shuffler, got {shuffler!r}")
        self._init(shuffler, decks, deck, cut_card_from_end)

    def _init(
        self,
        shuffler: Shuffler | None,
        decks: int,
        deck: Deck,
        cut_card_from_end: int | None,
    ) -> None:
        if not isinstance(deck, Deck):
            raise MaterialError(f"deck must be a Deck, got {deck!r}")
        self.decks: int = _check_decks(decks)
        self.deck: Deck = deck
        self._pack = ordered_pack(deck, decks)
        size = len(self._pack)
        if cut_card_from_end is not None and (
            not _is_int(cut_card_from_end) or not 1 <= cut_card_from_end <= size - 1
        ):
            raise MaterialError(
                f"cut card position {cut_card_from_end!r} is out of range: it must leave 1 to "
                f"{size - 1} cards behind it in a {size}-card shoe"
            )
        self._shuffler = shuffler
        self._cut_card_from_end = cut_card_from_end
        self._cards: list[Card] = list(self._pack)
        self._top = 0
        self._discards: list[Card] = []
        self._in_play: Counter[Card] = Counter()
        self._burned = 0
        self._shuffled = False

    @classmethod
    def from_order(
        cls,
        cards: CardsLike,
        *,
        decks: int = 1,
        deck: Deck = Deck.STANDARD_52,
        cut_card_from_end: int | None = None,
        shuffler: Shuffler | None = None,
        check_complete: bool = True,
    ) -> Shoe:
        """A shoe holding ``cards`` in that order, top first, ready to deal (tests, replays).

        The cards must be exactly the shoe's multiset: every card in ``deck`` (NotationError,
        CardNotInDeckError), none more than ``decks`` times (DuplicateCardError, or its subclass
        ExcessCopiesError when ``decks > 1``), and the full count (CardCountError). With
        ``check_complete=False`` a partial stack (e.g. a scripted test deal) is accepted; the
        other checks still apply. Without a ``shuffler`` the shoe cannot be reshuffled.

        >>> Shoe.from_order("As Kd As", check_complete=False)
        Traceback (most recent call last):
        ...
        croupier.errors.DuplicateCardError: duplicate card 'As'
        >>> Shoe.from_order("As Kd")
        Traceback (most recent call last):
        ...
        croupier.errors.CardCountError: expected 52 cards, got 2 in 'As Kd'
        """
        if shuffler is not None and not isinstance(shuffler, Shuffler):
            raise MaterialError(f"shuffler must be a Shuffler, got {shuffler!r}")
        shoe = cls.__new__(cls)
        shoe._init(shuffler, decks, deck, cut_card_from_end)
        order = parse_cards(cards, deck=deck, allow_duplicates=True)
        counts: Counter[Card] = Counter()
        for card in order:
            counts[card] += 1
            if counts[card] > shoe.decks:
                if shoe.decks == 1:
                    raise DuplicateCardError(str(card))
                raise ExcessCopiesError(str(card), counts[card], shoe.decks)
        size = len(shoe._pack)
        if check_complete and len(order) != size:
            raise CardCountError(str(size), len(order), cards if isinstance(cards, str) else "")
        if not check_complete and not order:
            raise CardCountError("at least 1", 0)
        shoe._pack = tuple(order) if not check_complete else shoe._pack
        shoe._cards = list(order)
        shoe._shuffled = True
        if cut_card_from_end is not None and cut_card_from_end >= len(order):
            raise MaterialError(
                f"cut card position {cut_card_from_end} is out of range for {len(order)} cards"
            )
        return shoe

    # -- state ---------------------------------------------------------------------------------

    @property
    def size(self) -> int:
        """Cards in the full shoe (``decks * len(deck)``, or the stack given to from_order)."""
        return len(self._cards)

    @property
    def remaining(self) -> int:
        """Cards still in the shoe."""
        return len(self._cards) - self._top

    @property
    def dealt(self) -> int:
        """Cards drawn from the shoe since the last shuffle, burns included."""
        return self._top

    @property
    def burned(self) -> int:
        """Cards burned since the last shuffle."""
        return self._burned

    @property
    def cut_card_from_end(self) -> int | None:
        """Cards behind the cut card, or None when there is no cut card."""
        return self._cut_card_from_end

    @property
    def cut_card_out(self) -> bool:
        """True once the first card behind the cut card has been drawn: the round in progress
        is the last before a reshuffle (3-card baccarat Art 4.1; football poker Art 5.5)."""
        c = self._cut_card_from_end
        return c is not None and self.remaining < c

    @property
    def is_shuffled(self) -> bool:
        """False for a fresh shoe in deck order, which refuses to deal."""
        return self._shuffled

    @property
    def order(self) -> tuple[Card, ...]:
        """The cards still in the shoe, top first (for audits and commitments)."""
        return tuple(self._cards[self._top :])

    @property
    def discards(self) -> tuple[Card, ...]:
        """The discard rack, in the order the cards went in."""
        return tuple(self._discards)

    @property
    def in_play(self) -> tuple[Card, ...]:
        """Cards drawn (not burned) and not yet discarded, sorted by code."""
        return tuple(sorted(self._in_play.elements()))

    @property
    def ordered_pack(self) -> tuple[Card, ...]:
        """The unshuffled pack that :meth:`shuffle` hands to the shuffler."""
        return self._pack

    # -- shuffling and cutting -----------------------------------------------------------------

    def _check_cut(self, cut: object, min_cut: object) -> int:
        """Validate ``min_cut`` and, unless ``cut`` is None, the cut; return the cut (0 if None)."""
        size = len(self._cards)
        if not _is_int(min_cut) or not 0 <= min_cut <= size // 2:
            raise MaterialError(
                f"minimum cut {min_cut!r} is out of range for a {size}-card shoe (0 to {size // 2})"
            )
        if cut is None:
            return 0
        if not _is_int(cut) or not min_cut <= cut <= size - min_cut:
            raise MaterialError(
                f"cut of {cut!r} cards is not allowed: the cut must take at least {min_cut} "
                f"cards and leave at least {min_cut} (of {size})"
            )
        return cut

    def shuffle(self, cut: int | None = None, *, min_cut: int = 0) -> None:
        """Gather every card (shoe, discards and cards in play), shuffle, cut, place the cut card.

        The shuffler gets the full ordered pack (:attr:`ordered_pack`), so a provably-fair deal
        is recomputable from the seeds. Then the top ``cut`` cards go to the bottom; ``cut`` must
        be at least ``min_cut`` and leave at least ``min_cut`` cards (13-card Art 2 a: 10; stud
        Art 2: 6), else MaterialError, raised before any randomness is used. ``None`` means no
        cut. Counters (dealt, burned, cut card) reset.
        """
        if self._shuffler is None:
            raise MaterialError("this shoe was built from a fixed order and has no shuffler")
        n = self._check_cut(cut, min_cut)
        shuffled = self._shuffler.shuffle(self._pack)
        if len(shuffled) != len(self._pack) or Counter(shuffled) != Counter(self._pack):
            raise MaterialError("the shuffler did not return a permutation of the pack")
        self._cards = shuffled
        self._top = 0
        self._discards = []
        self._in_play = Counter()
        self._burned = 0
        self._shuffled = True
        self._cards = self._cards[n:] + self._cards[:n]

    def cut(self, n: int, *, min_cut: int = 0) -> None:
        """Cut again before dealing (stud Art 2: up to two players cut): top ``n`` cards to the
        bottom, same limits as in :meth:`shuffle`. Only allowed before the first card is drawn.
        """
        if not self._shuffled:
            raise MaterialError("shuffle the shoe before cutting it")
        if self._top:
            raise MaterialError(f"cannot cut: {self._top} cards already drawn since the shuffle")
        if n is None:
            raise MaterialError("cut of None cards is not allowed")
        n = self._check_cut(n, min_cut)
        self._cards = self._cards[n:] + self._cards[:n]

    # -- dealing -------------------------------------------------------------------------------

    def _check_count(self, n: object, what: str) -> int:
        if not _is_int(n) or n < 0:
            raise MaterialError(f"cannot {what} {n!r} cards: need an integer >= 0")
        if not self._shuffled:
            raise MaterialError("the shoe has not been shuffled: shuffle it before dealing")
        if n > self.remaining:
            raise MaterialError(f"cannot {what} {n} cards: only {self.remaining} left in the shoe")
        return n

    def _take(self, n: int) -> tuple[Card, ...]:
        start = self._top
        self._top = start + n
        return tuple(self._cards[start : self._top])

    def draw(self) -> Card:
        """The top card. MaterialError when the shoe is empty (or not shuffled)."""
        self._check_count(1, "draw")
        (card,) = self._take(1)
        self._in_play[card] += 1
        return card

    def draw_many(self, n: int) -> tuple[Card, ...]:
        """The top ``n`` cards, top first; all or nothing (MaterialError if fewer remain)."""
        cards = self._take(self._check_count(n, "draw"))
        self._in_play.update(cards)
        return cards

    def burn(self, n: int = 1) -> tuple[Card, ...]:
        """Draw ``n`` cards straight to the discard rack and return them (for display)."""
        cards = self._take(self._check_count(n, "burn"))
        self._discards.extend(cards)
        self._burned += len(cards)
        return cards

    def discard(self, cards: Iterable[Card]) -> None:
        """Put cards from a finished round on the discard rack.

        Each card must be in play (drawn and not yet discarded); otherwise MaterialError naming
        it, and nothing is discarded.
        """
        batch = list(cards)
        pending = self._in_play.copy()
        for card in batch:
            if not isinstance(card, Card):
                raise MaterialError(f"not a card: {card!r}")
            if pending[card] <= 0:
                raise MaterialError(
                    f"card {str(card)!r} is not in play (never drawn, or already discarded)"
                )
            pending[card] -= 1
        self._in_play = +pending
        self._discards.extend(batch)

    def __repr__(self) -> str:
        return (
            f"Shoe(decks={self.decks}, deck={self.deck.label}, remaining={self.remaining}, "
            f"cut_card_from_end={self._cut_card_from_end}, cut_card_out={self.cut_card_out})"
        )

    def __str__(self) -> str:
        return format_cards(self.order)
