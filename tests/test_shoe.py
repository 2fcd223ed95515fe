"""The shoe: decks, shuffle and cut, burns, the cut card, reshuffles, known orders."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, Deck, Rank, parse_cards
from croupier.errors import (
    CardCountError,
    CardNotInDeckError,
    DuplicateCardError,
    MaterialError,
    NotationError,
)
from croupier.shoe import ExcessCopiesError, Shoe, ordered_pack
from croupier.shuffle import ProvablyFairShuffler, SeededShuffler


def shuffled_shoe(decks: int = 1, deck: Deck = Deck.STANDARD_52, **kw: int) -> Shoe:
    shoe = Shoe(SeededShuffler("shoe"), decks=decks, deck=deck, **kw)
    shoe.shuffle()
    return shoe


# --- decks ---------------------------------------------------------------------------------


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_shoe_holds_every_card_decks_times(decks: int) -> None:
    # 13-card Art 1 a: one 52-card deck; football poker Art 2.1: six or more decks.
    shoe = shuffled_shoe(decks)
    assert shoe.remaining == shoe.size == 52 * decks
    assert shoe.dealt == 0 and shoe.decks == decks and shoe.deck is Deck.STANDARD_52
    assert Counter(shoe.order) == Counter({c: decks for c in Deck.STANDARD_52.cards})


def test_stud_art1a_forty_card_deck() -> None:
    shoe = shuffled_shoe(deck=Deck.STUD_40)
    assert shoe.remaining == 40
    assert sorted(shoe.order) == sorted(Deck.STUD_40.cards)
    assert all(c.rank >= Rank.FIVE for c in shoe.order)


def test_ordered_pack() -> None:
    assert ordered_pack(Deck.STANDARD_52, 2) == Deck.STANDARD_52.cards * 2
    with pytest.raises(MaterialError):
        ordered_pack(Deck.STANDARD_52, 0)


@pytest.mark.parametrize("decks", [0, -1, True, 1.5, None])
def test_bad_deck_count(decks: object) -> None:
    with pytest.raises(MaterialError, match="decks"):
        Shoe(SeededShuffler(1), decks=decks)  # type: ignore[arg-type]


def test_bad_shuffler_and_deck() -> None:
    with pytest.raises(MaterialError):
        Shoe(object())  # type: ignore[arg-type]
    with pytest.raises(MaterialError):
        Shoe(SeededShuffler(1), deck="52")  # type: ignore[arg-type]


def test_unshuffled_shoe_refuses_to_deal() -> None:
    shoe = Shoe(SeededShuffler(1))
    assert not shoe.is_shuffled
    assert shoe.order == Deck.STANDARD_52.cards
    with pytest.raises(MaterialError, match="shuffle"):
        shoe.draw()
    with pytest.raises(MaterialError, match="shuffle"):
        shoe.burn()
    with pytest.raises(MaterialError, match="shuffle"):
        shoe.cut(10)


# --- shuffle and cut -----------------------------------------------------------------------


def test_shuffle_is_the_shufflers_shuffle_of_the_ordered_pack() -> None:
    shoe = Shoe(SeededShuffler("x"), decks=2)
    shoe.shuffle()
    assert list(shoe.order) == SeededShuffler("x").shuffle(Deck.STANDARD_52.cards * 2)


def test_art2a_cut_moves_top_cards_to_bottom() -> None:
    expected = SeededShuffler("x").shuffle(Deck.STANDARD_52.cards)
    shoe = Shoe(SeededShuffler("x"))
    shoe.shuffle(cut=17, min_cut=10)
    assert list(shoe.order) == expected[17:] + expected[:17]


def test_provably_fair_shoe_is_recomputable_from_seeds() -> None:
    pf = ProvablyFairShuffler.new("player", 0)
    commitment = pf.commitment
    shoe = Shoe(pf, decks=6, cut_card_from_end=104)
    shoe.shuffle(cut=150)
    dealt = shoe.draw_many(20)
    # after the round the server seed is revealed; anyone recomputes the deal
    replay = ProvablyFairShuffler(pf.server_seed, "player", 0)
    assert replay.commitment == commitment
    order = replay.shuffle(ordered_pack(Deck.STANDARD_52, 6))
    order = order[150:] + order[:150]
    assert tuple(order[:20]) == dealt


@pytest.mark.parametrize("cut", [0, 9, 43, 52, -1])
def test_art2a_cut_at_least_ten_cards(cut: int) -> None:
    # 13-card Art 2 a: "Deve-se partir, de cada vez, um mínimo de dez cartas".
    shoe = Shoe(SeededShuffler(1))
    with pytest.raises(MaterialError, match=rf"cut of {cut} cards"):
        shoe.shuffle(cut=cut, min_cut=10)


@pytest.mark.parametrize("cut", [10, 26, 42])
def test_art2a_cut_of_ten_or_more_allowed(cut: int) -> None:
    shoe = Shoe(SeededShuffler(1))
    shoe.shuffle(cut=cut, min_cut=10)
    assert shoe.remaining == 52


def test_stud_art2_two_cuts_of_at_least_six() -> None:
    # Stud Art 2: at most two players cut, at least six cards each time.
    shoe = Shoe(SeededShuffler("stud"), deck=Deck.STUD_40)
    with pytest.raises(MaterialError, match="cut of 5 cards"):
        shoe.shuffle(cut=5, min_cut=6)
    shoe.shuffle(cut=6, min_cut=6)
    before = shoe.order
    with pytest.raises(MaterialError, match="cut of 35 cards"):
        shoe.cut(35, min_cut=6)
    shoe.cut(34, min_cut=6)
    assert shoe.order == before[34:] + before[:34]
    shoe.burn()  # Art 2: the first card is burned
    with pytest.raises(MaterialError, match="already drawn"):
        shoe.cut(10, min_cut=6)


def test_bad_cut_uses_no_randomness() -> None:
    shoe = Shoe(SeededShuffler("r"))
    with pytest.raises(MaterialError):
        shoe.shuffle(cut=3, min_cut=10)
    with pytest.raises(MaterialError, match="minimum cut"):
        shoe.shuffle(cut=30, min_cut=27)
    shoe.shuffle()
    fresh = Shoe(SeededShuffler("r"))
    fresh.shuffle()
    assert shoe.order == fresh.order


@pytest.mark.parametrize("bad", [True, 10.0, "10"])
def test_cut_must_be_integer(bad: object) -> None:
    with pytest.raises(MaterialError):
        Shoe(SeededShuffler(1)).shuffle(cut=bad)  # type: ignore[arg-type]


# --- dealing, burns, discards ---------------------------------------------------------------


def test_draw_takes_from_the_top() -> None:
    shoe = shuffled_shoe()
    top = shoe.order
    assert shoe.draw() == top[0]
    assert shoe.draw_many(3) == top[1:4]
    assert shoe.order == top[4:] and shoe.dealt == 4 and shoe.remaining == 48
    assert shoe.draw_many(0) == ()


def test_draw_from_empty_shoe_raises() -> None:
    shoe = shuffled_shoe(deck=Deck.STUD_40)
    shoe.draw_many(40)
    with pytest.raises(MaterialError, match="only 0 left"):
        shoe.draw()
    with pytest.raises(MaterialError):
        shoe.burn()


def test_draw_many_is_all_or_nothing() -> None:
    shoe = shuffled_shoe()
    shoe.draw_many(50)
    with pytest.raises(MaterialError, match="cannot draw 3 cards: only 2 left"):
        shoe.draw_many(3)
    assert shoe.remaining == 2
    with pytest.raises(MaterialError):
        shoe.draw_many(-1)


def test_baccarat_art3_2_burn_one_card_per_deck() -> None:
    # 3-card baccarat Art 3.2 / football poker Art 5.2: as many cards as decks burned first.
    shoe = shuffled_shoe(6)
    top = shoe.order
    burned = shoe.burn(6)
    assert burned == top[:6]
    assert shoe.discards == burned and shoe.burned == 6 and shoe.dealt == 6
    assert shoe.in_play == ()
    # ... then one before each later round (baccarat Art 3.3, football Art 5.2)
    assert shoe.burn() == (top[6],)
    assert shoe.burned == 7


def test_stud_art2_first_card_burned() -> None:
    shoe = shuffled_shoe(deck=Deck.STUD_40)
    first = shoe.order[0]
    assert shoe.burn() == (first,)
    assert shoe.discards == (first,) and first not in shoe.order


def test_discard_takes_only_cards_in_play() -> None:
    shoe = shuffled_shoe()
    hand = shoe.draw_many(3)
    not_drawn = shoe.order[0]
    with pytest.raises(MaterialError, match=repr(str(not_drawn))):
        shoe.discard([hand[0], not_drawn])
    rack = shoe.discards
    assert len(rack) == 0 and sorted(shoe.in_play) == sorted(hand)  # nothing discarded
    shoe.discard(hand)
    assert shoe.discards == hand and shoe.in_play == ()
    with pytest.raises(MaterialError, match="already discarded"):
        shoe.discard([hand[0]])
    with pytest.raises(MaterialError, match="not a card"):
        shoe.discard(["As"])  # type: ignore[list-item]


# --- the cut card --------------------------------------------------------------------------


def test_football_art5_1_cut_card_about_one_third_from_end() -> None:
    # Football poker Art 5.1 / 5.5: cut card about 1/3 from the end; its appearance makes the
    # hand in progress the last.
    shoe = shuffled_shoe(6, cut_card_from_end=104)
    assert shoe.cut_card_from_end == 104
    shoe.burn(6)
    shoe.draw_many(312 - 104 - 6)
    assert not shoe.cut_card_out and shoe.remaining == 104
    shoe.draw()  # the first card behind the cut card: the cut card appears
    assert shoe.cut_card_out and shoe.remaining == 103
    shoe.draw_many(10)  # the last hand is played out
    assert shoe.cut_card_out
    shoe.shuffle()
    assert not shoe.cut_card_out and shoe.remaining == 312 and shoe.dealt == 0


def test_baccarat_art3_1_second_cut_card_among_last_30_to_40() -> None:
    for behind in (30, 40):
        shoe = shuffled_shoe(8, cut_card_from_end=behind)
        shoe.draw_many(416 - behind)
        assert not shoe.cut_card_out
        shoe.burn()  # a burn can bring out the cut card too
        assert shoe.cut_card_out


def test_no_cut_card_never_comes_out() -> None:
    shoe = shuffled_shoe()
    shoe.draw_many(52)
    assert not shoe.cut_card_out and shoe.cut_card_from_end is None


@pytest.mark.parametrize("behind", [0, -1, 312, 400, True, 1.5])
def test_cut_card_position_validated(behind: object) -> None:
    with pytest.raises(MaterialError, match="cut card position"):
        Shoe(SeededShuffler(1), decks=6, cut_card_from_end=behind)  # type: ignore[arg-type]


@pytest.mark.parametrize("behind", [1, 104, 311])
def test_cut_card_position_extremes_allowed(behind: int) -> None:
    shoe = shuffled_shoe(6, cut_card_from_end=behind)
    shoe.draw_many(312 - behind)
    assert not shoe.cut_card_out
    shoe.draw()
    assert shoe.cut_card_out


def test_cut_card_depth_does_not_move_with_the_cut() -> None:
    shoe = Shoe(SeededShuffler(2), cut_card_from_end=12)
    shoe.shuffle(cut=30, min_cut=10)
    shoe.draw_many(40)
    assert not shoe.cut_card_out
    shoe.draw()
    assert shoe.cut_card_out


# --- reshuffle ---------------------------------------------------------------------------


def test_baccarat_art4_1_reshuffle_gathers_discards_and_cards_in_play() -> None:
    shoe = shuffled_shoe(2)
    shoe.burn(2)
    hand = shoe.draw_many(9)
    shoe.discard(hand[:6])
    first_order = shoe.order
    shoe.shuffle(cut=40, min_cut=10)
    assert shoe.remaining == 104 and shoe.discards == () and shoe.in_play == ()
    assert shoe.dealt == 0 and shoe.burned == 0
    assert Counter(shoe.order) == Counter(Deck.STANDARD_52.cards * 2)
    assert shoe.order != first_order


# --- from_order ----------------------------------------------------------------------------


def test_from_order_deals_in_the_given_order() -> None:
    order = SeededShuffler(5).shuffle(Deck.STANDARD_52.cards)
    shoe = Shoe.from_order(order)
    assert shoe.order == tuple(order) and shoe.is_shuffled
    assert shoe.draw() == order[0]
    with pytest.raises(MaterialError, match="no shuffler"):
        shoe.shuffle()


def test_from_order_accepts_text_and_a_shuffler_for_later() -> None:
    text = " ".join(str(c) for c in reversed(Deck.STUD_40.cards))
    shoe = Shoe.from_order(text, deck=Deck.STUD_40, shuffler=SeededShuffler(1))
    assert shoe.order[0] == Card.parse("5c")
    shoe.shuffle(cut=6, min_cut=6)
    assert shoe.remaining == 40


def test_from_order_multi_deck() -> None:
    order = SeededShuffler(5).shuffle(Deck.STANDARD_52.cards * 6)
    shoe = Shoe.from_order(order, decks=6, cut_card_from_end=100)
    assert shoe.remaining == 312 and shoe.cut_card_from_end == 100


def test_from_order_unknown_token_named() -> None:
    with pytest.raises(NotationError, match="'Xx'") as err:
        Shoe.from_order("As Xx Kd")
    assert err.value.token == "Xx"


def test_from_order_card_not_in_deck_named() -> None:
    text = " ".join(str(c) for c in Deck.STUD_40.cards[:-1]) + " 2s"
    with pytest.raises(CardNotInDeckError, match="'2s'") as err:
        Shoe.from_order(text, deck=Deck.STUD_40)
    assert err.value.token == "2s"


def test_from_order_duplicate_named() -> None:
    cards = list(Deck.STANDARD_52.cards)
    cards[-1] = Card.parse("Qh")
    with pytest.raises(DuplicateCardError, match="'Qh'") as err:
        Shoe.from_order(cards)
    assert err.value.token == "Qh"


def test_from_order_excess_copies_named() -> None:
    cards = list(Deck.STANDARD_52.cards * 2)
    cards[0] = Card.parse("7d")
    with pytest.raises(ExcessCopiesError, match="'7d' appears 3 times; a 2-deck shoe") as err:
        Shoe.from_order(cards, decks=2)
    assert err.value.token == "7d"
    assert isinstance(err.value, DuplicateCardError)


def test_from_order_wrong_count() -> None:
    with pytest.raises(CardCountError, match="expected 104 cards, got 52"):
        Shoe.from_order(Deck.STANDARD_52.cards, decks=2)


def test_from_order_partial_stack() -> None:
    shoe = Shoe.from_order("As Kd Qc", check_complete=False, cut_card_from_end=1)
    assert shoe.remaining == 3 and shoe.draw_many(2) == parse_cards("As Kd")
    assert not shoe.cut_card_out
    shoe.draw()
    assert shoe.cut_card_out and shoe.remaining == 0
    with pytest.raises(CardCountError):
        Shoe.from_order("", check_complete=False)
    with pytest.raises(MaterialError, match="cut card position"):
        Shoe.from_order("As Kd", check_complete=False, cut_card_from_end=2)


# --- the multiset invariant ----------------------------------------------------------------

_ops = st.lists(
    st.one_of(
        st.tuples(st.just("draw"), st.integers(0, 12)),
        st.tuples(st.just("burn"), st.integers(0, 3)),
        st.tuples(st.just("discard"), st.integers(0, 30)),
        st.tuples(st.just("shuffle"), st.integers(0, 52)),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(
    decks=st.sampled_from([1, 2, 6]),
    deck=st.sampled_from(list(Deck)),
    seed=st.integers(0, 2**32),
    ops=_ops,
)
def test_shoe_discards_and_hands_always_make_the_full_pack(
    decks: int, deck: Deck, seed: int, ops: list[tuple[str, int]]
) -> None:
    shoe = Shoe(SeededShuffler(seed), decks=decks, deck=deck, cut_card_from_end=len(deck) // 3)
    shoe.shuffle()
    full = Counter(ordered_pack(deck, decks))
    hand: list[Card] = []
    for op, n in ops:
        if op == "draw":
            if n <= shoe.remaining:
                hand.extend(shoe.draw_many(n))
            else:
                with pytest.raises(MaterialError):
                    shoe.draw_many(n)
        elif op == "burn":
            if n <= shoe.remaining:
                shoe.burn(n)
            else:
                with pytest.raises(MaterialError):
                    shoe.burn(n)
        elif op == "discard":
            gone, hand = hand[:n], hand[n:]
            shoe.discard(gone)
        else:
            shoe.shuffle(cut=min(n, shoe.size))
            hand = []
        assert Counter(shoe.order) + Counter(shoe.discards) + Counter(hand) == full
        assert Counter(shoe.in_play) == Counter(hand)
        assert shoe.dealt + shoe.remaining == shoe.size
        assert shoe.cut_card_out == (shoe.remaining < len(deck) // 3)
