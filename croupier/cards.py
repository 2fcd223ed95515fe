"""Playing cards, their notation and the decks the regulations use.

Notation (../shared/GAMES.md): rank ``23456789TJQKA`` (``10`` is accepted for ``T``), suit
``s h d c``; cards are written ``As Td 9c``. Every card has a code ``rank * 4 + suit`` in
``0..51`` (rank 0 is the deuce, 12 the ace; suit 0 spades, 1 hearts, 2 diamonds, 3 clubs): the
code is what batch code and serialised events carry.

>>> c = Card.parse("Td")
>>> c, c.rank, c.suit, c.code
(Card('Td'), <Rank.TEN: 8>, <Suit.DIAMONDS: 2>, 34)
>>> format_cards(parse_cards("as 10h 9C"))
'As Th 9c'
>>> parse_cards("As Ks", deck=Deck.STUD_40, count=2)
(Card('As'), Card('Ks'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import Enum, IntEnum
from typing import Final

from croupier.errors import CardCountError, CardNotInDeckError, DuplicateCardError, NotationError

RANK_SYMBOLS: Final = "23456789TJQKA"
SUIT_SYMBOLS: Final = "shdc"


class Rank(IntEnum):
    """Card ranks, deuce lowest; the integer is the rank part of a card code."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self]

    @classmethod
    def parse(cls, token: str) -> Rank:
        t = token.strip().upper()
        if t == "10":
            return cls.TEN
        if len(t) == 1 and t in RANK_SYMBOLS:
            return cls(RANK_SYMBOLS.index(t))
        raise NotationError(token, f"unknown rank {token!r} (use one of 23456789TJQKA or 10)")


class Suit(IntEnum):
    """Card suits in notation order. Suits never rank a hand; the one place a regulation orders
    them (five-card stud, Art 10 b, who opens) keeps its own order in its rules."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, token: str) -> Suit:
        t = token.strip().lower()
        if len(t) == 1 and t in SUIT_SYMBOLS:
            return cls(SUIT_SYMBOLS.index(t))
        raise NotationError(token, f"unknown suit {token!r} (use one of s h d c)")


class Card:
    """One playing card, interned: there are exactly 52 ``Card`` objects.

    Cards compare by code (rank first, then suit in notation order) only so that they sort
    stably; that order is not a game's ranking.
    """

    __slots__ = ("code", "rank", "suit")
    code: int
    rank: Rank
    suit: Suit

    _by_code: list[Card] = []  # noqa: RUF012 - filled once below
    _by_text: dict[str, Card] = {}  # noqa: RUF012

    def __new__(cls, code: int) -> Card:
        if cls._by_code:
            if not 0 <= code < 52:
                raise NotationError(str(code), f"card code {code} is outside 0..51")
            return cls._by_code[code]
        self = super().__new__(cls)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "rank", Rank(code // 4))
        object.__setattr__(self, "suit", Suit(code % 4))
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.code,))

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        return cls._by_code[rank * 4 + suit]

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one card such as ``As``, ``td`` or ``10h``; a bad token raises NotationError."""
        card = cls._by_text.get(token)
        if card is not None:
            return card
        t = token.strip()
        if len(t) < 2 or any(ch.isspace() for ch in t):
            raise NotationError(token, f"unknown card {token!r}")
        try:
            rank = Rank.parse(t[:-1])
            suit = Suit.parse(t[-1])
        except NotationError:
            raise NotationError(token, f"unknown card {token!r}") from None
        return cls.of(rank, suit)

    def __str__(self) -> str:
        return RANK_SYMBOLS[self.rank] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __le__(self, other: Card) -> bool:
        return self.code <= other.code

    def __gt__(self, other: Card) -> bool:
        return self.code > other.code

    def __ge__(self, other: Card) -> bool:
        return self.code >= other.code


Card._by_code.extend([Card(code) for code in range(52)])
for _card in Card._by_code:
    for _r in (RANK_SYMBOLS[_card.rank], RANK_SYMBOLS[_card.rank].lower()):
        for _s in (SUIT_SYMBOLS[_card.suit], SUIT_SYMBOLS[_card.suit].upper()):
            Card._by_text[_r + _s] = _card
    if _card.rank == Rank.TEN:
        for _s in (SUIT_SYMBOLS[_card.suit], SUIT_SYMBOLS[_card.suit].upper()):
            Card._by_text["10" + _s] = _card

#: each card's notation by code (format_cards runs on every shuffle's commitment)
_TEXT: Final = tuple(str(c) for c in Card._by_code)


class Deck(Enum):
    """The decks the regulations use."""

    STANDARD_52 = ("52-card", tuple(Rank))
    #: Five-card stud, Portaria 104/85/M Art 1 a: A K Q J 10 9 8 7 6 5 in four suits.
    STUD_40 = ("40-card", tuple(r for r in Rank if r >= Rank.FIVE))

    def __init__(self, label: str, ranks: tuple[Rank, ...]) -> None:
        self.label = label
        self.ranks = ranks
        self.cards: tuple[Card, ...] = tuple(Card.of(r, s) for r in reversed(ranks) for s in Suit)
        self.codes: frozenset[int] = frozenset(c.code for c in self.cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and card.code in self.codes

    def __len__(self) -> int:
        return len(self.cards)


_SPLIT = re.compile(r"[\s,;/|]+")
_COMPACT = re.compile(r"(10|[2-9TJQKAtjqka])([shdcSHDC])")

CardsLike = str | Iterable["Card | str"]


def _tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for chunk in _SPLIT.split(text.strip()):
        if not chunk:
            continue
        if len(chunk) <= 3:
            tokens.append(chunk)
            continue
        # compact notation "AsKsQs": split into cards when it reads cleanly, else keep the
        # chunk whole so the error names it.
        pieces = _COMPACT.findall(chunk)
        if pieces and "".join(a + b for a, b in pieces) == chunk:
            tokens.extend(a + b for a, b in pieces)
        else:
            tokens.append(chunk)
    return tokens


def parse_cards(
    cards: CardsLike,
    *,
    deck: Deck | None = Deck.STANDARD_52,
    count: int | Sequence[int] | None = None,
    allow_duplicates: bool = False,
) -> tuple[Card, ...]:
    """Parse cards from text (``"As Td 9c"``, ``"AsTd9c"``) or an iterable of cards/tokens.

    Checks, in order: every token is a card (NotationError), the deck in use holds it
    (CardNotInDeckError), no card repeats unless ``allow_duplicates`` (multi-deck shoes)
    (DuplicateCardError), and the count (CardCountError). Every error names the bad token.

    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    croupier.errors.DuplicateCardError: duplicate card 'As'
    >>> parse_cards("2s", deck=Deck.STUD_40)
    Traceback (most recent call last):
    ...
    croupier.errors.CardNotInDeckError: card '2s' is not in the 40-card deck
    """
    items: Iterable[Card | str] = _tokens(cards) if isinstance(cards, str) else cards
    out: list[Card] = []
    seen: set[int] = set()
    for item in items:
        if isinstance(item, Card):
            card, token = item, str(item)
        elif isinstance(item, str):
            token = item
            card = Card.parse(item)
        else:
            raise NotationError(repr(item), f"not a card: {item!r}")
        if deck is not None and card.code not in deck.codes:
            raise CardNotInDeckError(token, deck.label)
        if not allow_duplicates:
            if card.code in seen:
                raise DuplicateCardError(token)
            seen.add(card.code)
        out.append(card)
    if count is not None:
        allowed = (count,) if isinstance(count, int) else tuple(count)
        if len(out) not in allowed:
            expected = " or ".join(str(n) for n in allowed)
            source = cards if isinstance(cards, str) else ""
            raise CardCountError(expected, len(out), source)
    return tuple(out)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in notation, space separated."""
    return " ".join([_TEXT[c.code] for c in cards])


def card_codes(cards: Iterable[Card]) -> list[int]:
    """The integer codes of cards (what batch code and serialised events carry)."""
    return [c.code for c in cards]
