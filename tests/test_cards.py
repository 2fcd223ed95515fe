"""Card notation (../shared/GAMES.md): rank 23456789TJQKA (10 accepted), suit s h d c; bad input
is a typed error naming the token, never a silent fix."""

from __future__ import annotations

import pytest

from croupier.cards import Card, Deck, Rank, Suit, format_cards, parse_cards
from croupier.errors import (
    CardCountError,
    CardNotInDeckError,
    CroupierError,
    DuplicateCardError,
    NotationError,
)


def test_every_card_round_trips_through_its_notation_and_code() -> None:
    for code in range(52):
        card = Card(code)
        assert Card.parse(str(card)) is card
        assert card.code == card.rank * 4 + card.suit
        assert Card.of(card.rank, card.suit) is card


@pytest.mark.parametrize(
    ("text", "card"), [("10h", "Th"), ("tD", "Td"), ("AS", "As"), ("9c", "9c")]
)
def test_notation_variants_accepted(text: str, card: str) -> None:
    assert str(Card.parse(text)) == card


def test_compact_and_separated_text() -> None:
    assert format_cards(parse_cards("AsKsQs")) == "As Ks Qs"
    assert format_cards(parse_cards("As, Ks; Qs")) == "As Ks Qs"


@pytest.mark.parametrize("token", ["A s", " k h", "1s", "Ax", "s", "AsK", "", "11c"])
def test_bad_tokens_are_refused_naming_them(token: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_cards([token])
    assert info.value.token == token
    assert isinstance(info.value, CroupierError)


def test_unknown_symbol_in_text_names_the_token() -> None:
    with pytest.raises(NotationError) as info:
        parse_cards("As Kx Qs")
    assert info.value.token == "Kx"


def test_duplicate_and_count_and_deck_errors() -> None:
    with pytest.raises(DuplicateCardError) as dup:
        parse_cards("As Ks As")
    assert dup.value.token == "As"
    with pytest.raises(CardCountError):
        parse_cards("As Ks", count=3)
    with pytest.raises(CardNotInDeckError) as deck:
        parse_cards("As 4d", deck=Deck.STUD_40)
    assert deck.value.token == "4d"


def test_decks() -> None:
    assert len(Deck.STANDARD_52) == 52
    assert [r.symbol for r in Deck.STUD_40.ranks] == list("56789TJQKA")  # Art 1 a, 104/85/M
    assert Card.parse("5s") in Deck.STUD_40
    assert Card.parse("4s") not in Deck.STUD_40


def test_cards_are_immutable_and_interned() -> None:
    card = Card.parse("Qh")
    with pytest.raises(AttributeError):
        card.code = 1
    assert Card(card.code) is card
    assert (card.rank, card.suit) == (Rank.QUEEN, Suit.HEARTS)
