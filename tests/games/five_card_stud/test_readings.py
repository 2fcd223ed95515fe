"""Issue 16, five-card stud: where the text is clear the default is its letter, every other
reading a named option (Portaria 104/85/M; docs/rules.md §5, the readings table)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TypeVar, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, Deck, parse_cards
from croupier.errors import CroupierError, RuleViolation
from croupier.games.five_card_stud.events import SeatRecord, TopUpsDue
from croupier.games.five_card_stud.history import export_hand, import_hand
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame, StudPhase
from croupier.games.five_card_stud.rules import (
    Consecutive,
    ReraiseMinimum,
    ShowingTie,
    TopUpDuty,
)
from croupier.games.five_card_stud.state import ShowingKeys
from croupier.rank.model import Category
from croupier.rank.showing import ShowingCategory, ShowingOrder, showing_rank
from croupier.shuffle import Shuffler

T = TypeVar("T")
PACK = Deck.STUD_40.cards
BEST = StudOptions(showing_order=ShowingOrder.BEST_HAND)


class Stacked(Shuffler):
    """The deck whose top cards are given (``/`` ignored), then the rest of the pack."""

    def __init__(self, text: str) -> None:
        top = parse_cards(text, deck=Deck.STUD_40)
        self.order = (*top, *(c for c in PACK if c not in set(top)))

    def randbelow(self, n: int) -> int:  # pragma: no cover - the order is given
        raise AssertionError("no draw")

    def shuffle(self, items: Sequence[T]) -> list[T]:
        assert Counter(cast(Sequence[Card], items)) == Counter(self.order)
        return cast(list[T], list(self.order))


def dealt(text: str, options: StudOptions, stacks: Sequence[int] = (2000, 2000)) -> StudGame:
    game = StudGame(options)
    game.restore(
        [SeatRecord(s, f"p{s}", v) for s, v in enumerate(stacks, 1)],
        deck=1,
        deck_deals=0,
        hands=0,
    )
    game.start_hand()
    game.shuffle(Stacked(text))
    game.burn()
    game.deal()
    return game


def checked_round(game: StudGame) -> list[int]:
    """Everyone checks (or, in round 1, the first opens at the least and the rest call)."""
    order = []
    while game.phase is StudPhase.BETTING:
        legal = game.legal()
        assert legal is not None
        order.append(legal.seat)
        if legal.check:
            game.check(legal.seat)
        elif legal.call is not None:
            game.call(legal.seat)
        else:
            assert legal.bet is not None
            game.bet(legal.seat, legal.bet[0])
    return order


# -- item 1: Art 10 c i, c v, d: the newest up card, by the letter ------------------------------

# seat 1 As then 5d, seat 2 Ks then Qd (the issue's example)
SECOND = "8c / As Ks / 9h 9d / 5d Qd / 6h 7h / 6s 7s"


def test_art10_c_i_the_highest_second_up_card_speaks_first() -> None:
    game = dealt(SECOND, StudOptions())
    assert checked_round(game) == [1, 2]  # round 1: the As opens (Art 10 b)
    assert game.dealing_order == (1, 2)  # the third card from the highest up card
    game.deal()
    assert game.up_cards(1) == parse_cards("As 5d") and game.up_cards(2) == parse_cards("Ks Qd")
    # «ao jogador exibindo a segunda carta aberta de maior graduação»: Qd over 5d
    assert checked_round(game) == [2, 1]
    # c ii: the fourth card from the player with the right to speak first in round 2
    assert game.dealing_order == (2, 1)


def test_art10_c_i_option_best_hand_ranks_all_up_cards() -> None:
    game = dealt(SECOND, BEST)
    checked_round(game)
    game.deal()
    assert checked_round(game) == [1, 2]  # A-5 over K-Q as a poker hand
    assert game.dealing_order == (1, 2)


@pytest.mark.parametrize(
    ("first", "second", "best_hand_first"),
    [
        # c v: "um par formado com a terceira e segunda ou terceira e primeira": 8-8 with the
        # third card speaks before K-K of the first two (whose third card is a 7)
        ("Ks Kd 7c", "9s 8d 8h", "first"),
        # c v: no trio, no pair with the third card: the highest third card
        ("As Ad 6c", "5s 6d 9h", "first"),
        # d: a pair formed with the fourth card before a pair of the first two
        ("Ks Kd 7c 6h", "9s 8d Tc 8h", "first"),
        # d: two pairs and trios keep their place
        ("Ks Kd 7c 7h", "Ac Ah Qs 8s", "first"),
    ],
)
def test_art10_c_v_and_d_the_newest_card_decides_below_two_pairs(
    first: str, second: str, best_hand_first: str
) -> None:
    a, b = parse_cards(first, deck=None), parse_cards(second, deck=None)
    letter = ShowingKeys(StudOptions())
    hand = ShowingKeys(BEST)
    newest_wins = letter.key(b, 2) > letter.key(a, 1)
    two_pairs = showing_rank(a).category >= ShowingCategory.TWO_PAIR
    assert newest_wins is (not two_pairs)
    assert (hand.key(a, 1) > hand.key(b, 2)) is (best_hand_first == "first")


def test_art10_newest_card_keys_agree_with_the_reference_ranking() -> None:
    """The table of showing keys (by set of cards, the newest card derived) equals
    ``showing_rank`` on random dealt orders, for every reading."""
    import random

    rng = random.Random(16)
    tables = [
        StudOptions(),
        BEST,
        StudOptions(consecutive=Consecutive.EVERY_SEQUENCE),
        StudOptions(ace_low_straight_flush=False),
        StudOptions(ace_low_straight_flush=False, showing_order=ShowingOrder.BEST_HAND),
    ]
    for options in tables:
        keys = ShowingKeys(options)
        for _ in range(3000):
            up = rng.sample(PACK, rng.randint(1, 4))
            order = options.showing_order if len(up) > 1 else ShowingOrder.BEST_HAND
            r = showing_rank(
                up, order, options.rank_rules, gapped_flush_draws=options.gapped_flush_draws
            )
            assert keys.key(up, 3) == (r.category, r.key, r.suits, 0), up


def test_issue22_one_up_cards_place_is_read_from_its_table_in_every_reading() -> None:
    """The fold reads a seat's place with one up card from ``SINGLE_PLACES`` (Art 10 b: the
    card's rank, then its suit, whatever the reading): the table's key of the card alone."""
    from croupier.games.five_card_stud.order import SINGLE_PLACES

    for options in (StudOptions(), BEST, StudOptions(showing_tie=ShowingTie.SEAT)):
        keys = ShowingKeys(options)
        for card in PACK:
            assert SINGLE_PLACES[card.code] == keys.key([card], 5), card


def test_issue22_a_first_up_card_s_single_is_the_card_s_own_reading() -> None:
    """What the fold's first dealing reads of a seat's first up card (``ShowingKeys.single``:
    its bit set, rank counts, entry and place number) is what the card alone gives the
    reference's way, in every reading, asked for again too."""
    from croupier.games.five_card_stud.order import place_number

    for options in (StudOptions(), BEST, StudOptions(showing_tie=ShowingTie.SEAT)):
        keys = ShowingKeys(options)
        for card in PACK:
            mask = 1 << card.code
            reference = (mask, 1 << (4 * (card.code >> 2)), keys.entry(mask, 1))
            place = place_number(keys.key([card], 5))
            assert keys.singles[card.code] is None
            assert keys.single(card.code) == (*reference, place), card
            assert keys.singles[card.code] == (*reference, place), card


# -- item 2 (Art 9) is in test_round.py: test_art9_* ----------------------------------------------

# -- item 3: Art 10 c i 2 against c iii ------------------------------------------------------------

RAISE = "8c / As Ks Qs / 9h 9d 9c / 5d Qd Jd / 6h 7h 8h / 6s 7s 8s"


@pytest.mark.parametrize("may_raise", [False, True])
def test_art10_c_i_2_a_player_who_checked_may_not_raise_c_iii_option(may_raise: bool) -> None:
    game = dealt(RAISE, StudOptions(checked_may_raise=may_raise), (2000, 2000, 2000))
    checked_round(game)
    game.deal()
    first = game.to_act
    assert first is not None
    game.check(first)
    bettor = game.to_act
    assert bettor is not None
    game.bet(bettor, 100)
    while game.to_act != first:
        turn = game.to_act
        assert turn is not None
        game.call(turn)
    legal = game.legal()
    assert legal is not None and legal.call == 100
    if may_raise:
        assert legal.raise_to is not None
        game.raise_to(first, 300)
    else:
        assert legal.raise_to is None
        with pytest.raises(RuleViolation, match="Art 10 c i 2"):
            game.raise_to(first, 300)


# -- item 4: Art 10 d, possible formations with a gap ----------------------------------------------

# seat 1 shows As Qs Js Ts (a gap), seat 2 four fives
ROYAL_GAP = "8c / As 5h / 9h 9d / Qs 5d / 5c Js / 5s Ts"


def test_art10_d_a_gapped_suited_four_is_a_possible_royal_flush_by_the_letter() -> None:
    assert showing_rank(parse_cards("As Qs Js Ts"), gapped_flush_draws=True).category is (
        ShowingCategory.POSSIBLE_ROYAL_FLUSH
    )
    assert showing_rank(parse_cards("9s 8s 6s 5s"), gapped_flush_draws=True).category is (
        ShowingCategory.POSSIBLE_STRAIGHT_FLUSH
    )
    # the exclusion stays for the straight itself (the article's own example)
    assert showing_rank(parse_cards("Ts 9h 6d 7c"), gapped_flush_draws=True).category is (
        ShowingCategory.HIGH_CARD
    )
    game = dealt(ROYAL_GAP, StudOptions())
    for _ in range(3):
        checked_round(game)
        game.deal()
    assert game.up_cards(1) == parse_cards("As Qs Js Ts")
    assert checked_round(game)[0] == 1  # the possible royal flush before four fives


@pytest.mark.parametrize(
    "options", [StudOptions(), BEST, StudOptions(consecutive=Consecutive.EVERY_SEQUENCE)]
)
def test_issue22_the_fold_keys_four_suited_up_cards_as_of_counts_does(
    options: StudOptions,
) -> None:
    """The fold reads the entry of four up cards from the table itself, keyed with the flag of
    one suit when no card of another suit than the newest's shows: of_counts' entry (the
    cards' reference), four suited (seat 1) or not (seat 2)."""
    game = dealt(ROYAL_GAP, options)
    patterns = game.showing_keys.patterns
    # the same ranks not suited known first: a key without the flag would find them
    patterns.entry(sum(1 << c.code for c in parse_cards("Ah Qs Js Ts")), 4)
    for _ in range(3):
        checked_round(game)
        game.deal()
    h = game._hand
    assert h is not None
    for seat in (1, 2):
        mask, counts = h.masks[seat], h.counts[seat]
        assert h.entries[seat] == patterns.of_counts(counts, mask, 4) == patterns.entry(mask, 4)
    assert h.entries[1][0][0] >= ShowingCategory.POSSIBLE_FLUSH  # (suited: a flush draw)


def test_art10_d_option_every_sequence_needs_consecutive_ranks() -> None:
    game = dealt(ROYAL_GAP, StudOptions(consecutive=Consecutive.EVERY_SEQUENCE))
    for _ in range(3):
        checked_round(game)
        game.deal()
    assert checked_round(game)[0] == 2  # As Qs Js Ts is only a possible flush


# -- item 5: Art 5.2 and 5.6, A-5-6-7-8 suited ---------------------------------------------------

# seat 1 Ac 5c 6c 7c 8c, seat 2 Kh Kd Ks 9h 9d (a full house)
WHEEL = "Td / Ac Kh / 5c Kd / 6c Ks / 9h 7c / 9d 8c"


@pytest.mark.parametrize(("ace_low", "winner"), [(True, 1), (False, 2)])
def test_art5_2_a5678_suited_is_a_straight_flush_or_by_option_a_flush(
    ace_low: bool, winner: int
) -> None:
    options = StudOptions(ace_low_straight_flush=ace_low)
    category = Category.STRAIGHT_FLUSH if ace_low else Category.FLUSH
    rules = options.rank_rules
    assert rules.category_of(rules.strength_of_key(rules.key_of_cards("Ac 5c 6c 7c 8c"))) is (
        category
    )
    game = dealt(WHEEL, options)
    while game.phase is not StudPhase.SHOWDOWN:
        if game.phase is StudPhase.DEALING:
            game.deal()
        else:
            checked_round(game)
    assert (*game.up_cards(1), game.key_card(1)) == parse_cards("Ac 6c 7c 8c 5c")
    settled = game.settle()
    assert settled.pots[0].winners == (winner,)


# -- item 6: Art 6, capital below the threshold during the hand ----------------------------------

# seat 1 opens with the As; everyone folds to it
TOP_UP = "8c / As Ks Qs / 9h 9d 9c / 5d Qd Jd"


def low_hand(duty: TopUpDuty) -> StudGame:
    game = dealt(TOP_UP, StudOptions(top_up_duty=duty), (2000, 2000, 2000))
    game.bet(1, 1550)  # 2000 - 20 - 1550 = 430: below 500 during the hand
    game.fold(2)
    game.fold(3)
    game.settle()
    return game


def test_art6_capital_below_the_threshold_during_the_hand_must_be_topped_up() -> None:
    game = low_hand(TopUpDuty.DURING_HAND)
    stack = game.stacks[1]
    assert 500 <= stack < 2000  # won back his own bet, less the 4%
    assert game.must_top_up(1)
    assert game.dealt_in() == (2, 3)
    with pytest.raises(RuleViolation, match="Art 6"):
        game.top_up(1, 1)  # the top-up brings the capital to the least capital
    game.top_up(1, 2000 - stack)
    assert not game.must_top_up(1) and game.dealt_in() == (1, 2, 3)


def test_art6_option_after_hand_only_a_capital_below_it_after_the_hand() -> None:
    game = low_hand(TopUpDuty.AFTER_HAND)
    assert not game.must_top_up(1)
    assert game.dealt_in() == (1, 2, 3)


def test_art6_the_duty_survives_a_hand_history() -> None:
    """The next hand's history has seat 1 sitting out with enough capital: read back, the
    restore records the top-up due (TopUpsDue) and the hand replays as it was played."""
    game = low_hand(TopUpDuty.DURING_HAND)
    game.new_deck()
    game.start_hand()
    game.shuffle(Stacked("8c / As Ks / 9h 9d"))
    game.burn()
    game.deal()
    game.bet(2, 20)
    game.fold(3)
    game.settle()
    text = export_hand(game, 2)
    again = import_hand(text)
    assert isinstance(again.log[1], TopUpsDue) and again.log[1].seats == (1,)
    assert again.must_top_up(1) and again.stacks == game.stacks
    assert export_hand(again) == text


# -- item 7: Art 11 b, "mais que dois minutos" ----------------------------------------------------


def test_art11_b_an_action_at_exactly_two_minutes_is_in_time() -> None:
    game = StudGame(StudOptions())
    game.restore(
        [SeatRecord(1, "p1", 2000), SeatRecord(2, "p2", 2000)], deck=1, deck_deals=0, hands=0
    )
    game.start_hand()
    game.shuffle(Stacked(SECOND))
    game.burn()
    game.deal(at=1_000)
    with pytest.raises(CroupierError, match="Art 11 b"):
        game.time_out(1, at=121_000)  # not more than two minutes yet
    game.bet(1, 20, at=121_000)
    with pytest.raises(CroupierError, match="Art 11 b"):
        game.call(2, at=241_001)  # more than two minutes: only the time-out now
    game.time_out(2, at=241_001)
    assert game.phase is StudPhase.SHOWDOWN


# -- item 8: Art 10 b 4, the least re-raise ------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "least"),
    [
        (ReraiseMinimum.PREVIOUS_RAISE, 500),  # adds the previous raise (200)
        (ReraiseMinimum.OPENING_BET, 400),  # adds the round's bet (100)
        (ReraiseMinimum.ANY, 301),  # b 4 sets no minimum
    ],
)
def test_art10_b_4_the_least_reraise_is_an_option(rule: ReraiseMinimum, least: int) -> None:
    game = dealt(RAISE, StudOptions(reraise_minimum=rule), (2000, 2000, 2000))
    assert game.to_act == 1
    game.bet(1, 100)
    legal = game.legal()
    assert legal is not None and legal.raise_to is not None
    assert legal.raise_to[0] == 200  # b 3: a raise adds at least the previous bet
    game.raise_to(2, 300)
    legal = game.legal()
    assert legal is not None and legal.raise_to is not None
    assert legal.raise_to[0] == least
    with pytest.raises(RuleViolation, match="Art 10 b 3"):
        game.raise_to(3, least - 1)
    game.raise_to(3, least)


def test_art10_a_place_number_is_in_range_for_every_set_of_showing_cards() -> None:
    """Every best-hand key of one to four showing cards of the 40-card deck, under both rank
    rules and both readings of gapped flush draws, with a suits tie or any seat's tie, has a
    place number (no part outside its digits: place_number raises ValueError)."""
    import itertools

    from croupier.games.five_card_stud.order import place_number
    from croupier.games.five_card_stud.state import PACK
    from croupier.rank.showing import MaskPatterns

    codes = [c.code for c in PACK]
    for ace_low in (True, False):
        rules = StudOptions(ace_low_straight_flush=ace_low).rank_rules
        for gapped in (False, True):
            patterns = MaskPatterns(rules, gapped_flush_draws=gapped)
            for n in range(1, 5):
                for cards in itertools.combinations(codes, n):
                    mask = sum(1 << c for c in cards)
                    category, ranks, suits = patterns.key(mask, n)
                    place_number((category, ranks, suits, 0))
                    place_number((category, ranks, (), -7))


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_art10_b_d_place_numbers_compare_as_the_places(rng: random.Random) -> None:
    """Places of random showing cards (one to four, any reading, any seat) compare, and are
    equal, exactly as their place numbers do; their first two items as the numbers shifted."""
    from croupier.games.five_card_stud.order import PLACE_PREFIX_SHIFT, place_number
    from croupier.games.five_card_stud.state import PACK

    options = StudOptions(
        showing_order=rng.choice(list(ShowingOrder)),
        showing_tie=rng.choice(list(ShowingTie)),
        ace_low_straight_flush=rng.random() < 0.5,
    )
    keys = ShowingKeys(options)
    places = []
    for _ in range(12):
        n = rng.randint(1, 4)
        places.append(keys.key(rng.sample(PACK, n), rng.randint(1, 7)))
    for a in places:
        for b in places:
            x, y = place_number(a), place_number(b)
            assert (a < b, a == b) == (x < y, x == y), (a, b)
            assert (a[:2] < b[:2], a[:2] == b[:2]) == (
                x >> PLACE_PREFIX_SHIFT < y >> PLACE_PREFIX_SHIFT,
                x >> PLACE_PREFIX_SHIFT == y >> PLACE_PREFIX_SHIFT,
            ), (a, b)
