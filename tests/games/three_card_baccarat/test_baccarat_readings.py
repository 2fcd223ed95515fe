"""3-card baccarat readings of issue 16 (items 18-21): the default reading of each unclear
text, the other as a named option of BaccaratOptions, honoured by the engine, the bare deal,
the exact odds and the records."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar, cast

import pytest

from croupier.cards import Card, parse_cards
from croupier.errors import MaterialError, RecordError
from croupier.events import CardDealt
from croupier.games.three_card_baccarat.deal import deal_three_card_baccarat
from croupier.games.three_card_baccarat.options import (
    MAX_DECKS,
    BaccaratOptions,
    DealOrder,
    NumbersHand,
    TieRule,
)
from croupier.games.three_card_baccarat.round import BaccaratGame
from croupier.games.three_card_baccarat.rules import BANKER, BetKind, HandValue, decide
from croupier.odds.report import ShoeCounts
from croupier.odds.three_card_baccarat import (
    baccarat_joint_levels,
    baccarat_odds,
    level_value,
    odds_keywords,
)
from croupier.settlement import Result
from croupier.shoe import Shoe, ordered_pack
from croupier.shuffle import SeededShuffler, Shuffler
from croupier.table.settings import options_from_pairs

T = TypeVar("T")


class Stacked(Shuffler):
    """Hands back ``order`` as the shuffle; a cut of 0 is not allowed, so the order is rotated
    by one card to come back after the table's cut of 1."""

    def __init__(self, order: Sequence[Card]) -> None:
        self.order = tuple(order)

    def randbelow(self, n: int) -> int:
        raise AssertionError("no random draw expected")

    def shuffle(self, items: Sequence[T]) -> list[T]:
        assert Counter(cast(Sequence[Card], items)) == Counter(self.order)
        return cast(list[T], [self.order[-1], *self.order[:-1]])


def box_with(hands: Mapping[int, str], *, hand_by_hand: bool = False) -> tuple[Card, ...]:
    """A one-deck box dealing ``hands`` (places and the banker, 3 cards each) after one burn,
    in the order the deal takes them."""
    places = [*sorted(p for p in hands if p != BANKER), BANKER]
    cards = {p: parse_cards(hands[p], count=3) for p in places}
    if hand_by_hand:
        slots = [(p, k) for p in places for k in range(3)]
    else:
        slots = [(p, k) for k in range(3) for p in places]
    dealt = [cards[p][k] for p, k in slots]
    rest = list((Counter(ordered_pack(decks=1)) - Counter(dealt)).elements())
    return (rest[0], *dealt, *rest[1:])


def settle(
    options: BaccaratOptions, hands: Mapping[int, str], bets: Sequence[tuple[int, str]]
) -> tuple[dict[tuple[int, str], Result], BaccaratGame]:
    hand_by_hand = options.deal_order is DealOrder.HAND_BY_HAND
    game = BaccaratGame(options)
    game.shuffle(Stacked(box_with(hands, hand_by_hand=hand_by_hand)), cut=1)
    game.open_round()
    for place, bet in bets:
        game.place_bet("ana", place, bet, 1_000)
    game.close_bets()
    game.deal()
    for place, cards in hands.items():
        assert game.hands[place] == parse_cards(cards), "the shoe was not laid as meant"
    return {(line.position, line.bet): line.result for line in game.settle().lines}, game


# -- item 18: Art 8.2 «Números» on the banker's hand, or the place's ------------------------------

NINE_AT_PLACE = {1: "4s 5h Td", BANKER: "2c Kd Qh"}  # place 9 (no figures), banker 2 (two)


def test_art8_2_numbers_are_settled_on_the_bankers_hand_by_default() -> None:
    table = BaccaratOptions(positions=1)
    assert table.numbers_hand is NumbersHand.BANKER
    results, _ = settle(table, NINE_AT_PLACE, [(1, "main"), (1, "points_9"), (1, "points_2")])
    assert results[1, "points_9"] is Result.LOSE
    assert results[1, "points_2"] is Result.WIN


def test_art8_2_option_numbers_on_the_places_own_hand() -> None:
    table = BaccaratOptions(positions=1, numbers_hand=NumbersHand.PLACE)
    results, game = settle(table, NINE_AT_PLACE, [(1, "main"), (1, "points_9"), (1, "points_2")])
    assert results[1, "points_9"] is Result.WIN
    assert results[1, "points_2"] is Result.LOSE
    three = {1: "Js Qh Kd", BANKER: "Jc Qd Kc"}
    results, _ = settle(table, {1: "Js Qh Kd", BANKER: "2c 3d 4c"}, [(1, "three_faces")])
    assert results[1, "three_faces"] is Result.WIN
    results, _ = settle(table, {1: "2s 3h 4d", BANKER: three[BANKER]}, [(1, "three_faces")])
    assert results[1, "three_faces"] is Result.LOSE
    # odd and even stay on the banker's hand (Art 8.1 names it)
    results, _ = settle(table, NINE_AT_PLACE, [(1, "odd"), (1, "even")])
    assert results[1, "even"] is Result.WIN and results[1, "odd"] is Result.LOSE
    assert BaccaratGame.from_record(game.to_record()).digest() == game.digest()


def test_art8_2_numbers_option_keeps_the_odds_a_place_and_the_banker_being_alike() -> None:
    """Before the deal a place's hand and the banker's are exchangeable, so the option changes
    who wins a given deal but not the odds: the exact figures, computed through decide() with
    the option, are equal."""
    banker, place = baccarat_odds(6), baccarat_odds(6, numbers_on_place=True)
    for bet in ("three_faces", *(f"points_{n}" for n in range(10))):
        assert place.bets[bet].probabilities == banker.bets[bet].probabilities
    assert place.options["numbers_hand"] == "place"


# -- item 19: a tie is the same annex level, or the same points -----------------------------------


def test_art7_1_a_tie_is_the_same_annex_level_by_default() -> None:
    table = BaccaratOptions(positions=1)
    assert table.tie_rule is TieRule.LEVEL
    nine_two = {1: "9s Kh Qd", BANKER: "9c Jd Th"}  # 9, two figures / 9, one figure
    results, _ = settle(table, nine_two, [(1, "main"), (1, "tie")])
    assert results[1, "main"] is Result.WIN and results[1, "tie"] is Result.LOSE
    # the same annex line ties: 7 with one figure each
    results, _ = settle(table, {1: "7s Kh Td", BANKER: "7c Jd Th"}, [(1, "main"), (1, "tie")])
    assert results[1, "main"] is Result.CARRY and results[1, "tie"] is Result.WIN


def test_art8_3_option_a_tie_is_the_same_points() -> None:
    table = BaccaratOptions(positions=1, tie_rule=TieRule.POINTS)
    nine_two = {1: "9s Kh Qd", BANKER: "9c Jd Th"}
    results, game = settle(table, nine_two, [(1, "main"), (1, "tie")])
    assert results[1, "main"] is Result.CARRY and results[1, "tie"] is Result.WIN
    # three figures stay the highest hand, above a 0 of points
    results, _ = settle(table, {1: "Js Qh Kd", BANKER: "Tc Jd Th"}, [(1, "main"), (1, "tie")])
    assert results[1, "main"] is Result.WIN and results[1, "tie"] is Result.LOSE
    # more points still win whatever the figures: 7 with none against 6 with two
    results, _ = settle(table, {1: "9s 8h Td", BANKER: "6c Jd Qh"}, [(1, "main")])
    assert results[1, "main"] is Result.WIN
    assert BaccaratGame.from_record(game.to_record()).digest() == game.digest()


@pytest.mark.parametrize("on_points", [False, True])
def test_art8_3_the_exact_odds_of_main_and_tie_follow_the_tie_rule(on_points: bool) -> None:
    """An independent count: the main and tie bets' probabilities summed straight over the
    joint distribution of (place, banker) annex levels with the rule written out here."""
    shoe = ShoeCounts.of_decks(2)
    joint = baccarat_joint_levels(shoe)

    def key(level: int) -> int:
        value = level_value(level)
        if not on_points:
            return -level
        return 10 if value.three_figures else value.points

    tie = sum((p for (a, b), p in joint.items() if key(a) == key(b)), Fraction(0))
    win = sum((p for (a, b), p in joint.items() if key(a) > key(b)), Fraction(0))
    report = baccarat_odds(2, tie_on_points=on_points)
    assert report.bets["tie"].probabilities["win"] == tie
    assert report.bets["main"].probabilities["carry"] == tie
    assert report.bets["main"].probabilities["win"] == win
    assert report.bets["main"].ev == win * Fraction(19, 20) - (1 - win - tie)
    if on_points:
        assert tie > Fraction(1, 20)  # the 20:1 tie bet then favours the player
        assert report.bets["tie"].ev > 0


def test_art8_3_the_tie_rule_in_decide() -> None:
    a, b = HandValue(4, 0), HandValue(4, 2)
    assert decide(BetKind.TIE, a, b).result is Result.LOSE
    assert decide(BetKind.TIE, a, b, tie_on_points=True).result is Result.WIN
    assert decide(BetKind.MAIN, a, b, tie_on_points=True).article == "Art 7.1, 7.2"


# -- item 20: three cards one at a time, or three at a time ---------------------------------------


def test_art3_2_cards_go_one_at_a_time_by_default() -> None:
    table = BaccaratOptions(positions=2)
    assert table.deal_order is DealOrder.ROUND_ROBIN
    deal = deal_three_card_baccarat(Shoe.from_order(ordered_pack(decks=1)), table, first_round=True)
    assert [p for p, _ in deal.deal_order] == [1, 2, BANKER] * 3


def test_art3_2_option_three_cards_at_a_time() -> None:
    table = BaccaratOptions(positions=2, deal_order=DealOrder.HAND_BY_HAND)
    deal = deal_three_card_baccarat(Shoe.from_order(ordered_pack(decks=1)), table, first_round=True)
    assert [p for p, _ in deal.deal_order] == [1, 1, 1, 2, 2, 2, BANKER, BANKER, BANKER]
    hands = {1: "As 2s 3s", 3: "4h 5h 6h", BANKER: "7d 8d 9d"}
    table = BaccaratOptions(positions=3, deal_order=DealOrder.HAND_BY_HAND)
    results, game = settle(table, hands, [(1, "main"), (3, "main")])
    assert results[1, "main"] is Result.WIN and results[3, "main"] is Result.WIN  # 6, 5 > 4
    dealt_to = [e.to for e in game.log if isinstance(e, CardDealt)]
    assert dealt_to == [1, 1, 1, 3, 3, 3, BANKER, BANKER, BANKER]
    assert BaccaratGame.from_record(game.to_record()).digest() == game.digest()


def test_art3_4_a_misdeal_under_three_at_a_time_is_rectified_in_that_order() -> None:
    table = BaccaratOptions(positions=2, deal_order=DealOrder.HAND_BY_HAND)
    game = BaccaratGame(table)
    game.shuffle(SeededShuffler("misdeal"), cut=5)
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    game.place_bet("bo", 2, "main", 100)
    game.close_bets()
    while game.burns_due:
        game.burn()
    game.deal_card()
    game.deal_card(to=2)  # the second card belongs to place 1 as well
    assert game.misdealt == ((1, 2, 1),)
    assert game.view()["dealing"]["next_place"] == 1
    while game.can_deal_card():
        game.deal_card()
    game.rectify_misdeal()
    assert [len(game.hands[p]) for p in (1, 2, BANKER)] == [3, 3, 3]


# -- item 20: the place cap names the deeper cut card; item 21-22 elsewhere -----------------------


def test_art3_1_the_place_cap_says_how_a_deeper_cut_card_allows_more() -> None:
    deeper = r"at most 8 places.*cut_card_depth=34 or more takes 10"
    with pytest.raises(MaterialError, match=deeper):
        BaccaratOptions(decks=8, positions=10)
    assert BaccaratOptions(decks=8, positions=10, cut_card_depth=34).positions == 10
    with pytest.raises(MaterialError, match=r"deepest second cut card .* takes only 12"):
        BaccaratOptions(decks=8, positions=13)


# -- records and keys -----------------------------------------------------------------------------


def test_issue16_the_new_readings_are_written_only_when_not_the_default() -> None:
    plain = BaccaratOptions().to_dict()
    assert not {"numbers_hand", "tie_rule", "deal_order"} & set(plain)
    table = BaccaratOptions(
        numbers_hand=NumbersHand.PLACE, tie_rule=TieRule.POINTS, deal_order=DealOrder.HAND_BY_HAND
    )
    data = table.to_dict()
    assert (data["numbers_hand"], data["tie_rule"], data["deal_order"]) == (
        "place",
        "same-points",
        "hand-by-hand",
    )
    assert BaccaratOptions.from_dict(data) == table
    with pytest.raises(RecordError, match="tie_rule"):
        BaccaratOptions.from_dict({"tie_rule": "points"})


def test_issue16_the_readings_by_key_and_in_the_odds_keywords() -> None:
    table = options_from_pairs(
        BaccaratOptions,
        ["numbers_hand=place", "tie_rule=same-points", "deal_order=hand-by-hand"],
    )
    keywords: dict[str, Any] = odds_keywords(table)
    assert keywords["numbers_on_place"] and keywords["tie_on_points"]
    with pytest.raises(MaterialError, match="numbers_hand must be one of"):
        BaccaratOptions(numbers_hand="mine")  # type: ignore[arg-type]


def test_issue15_item3_baccarat_decks_are_bounded() -> None:
    assert BaccaratOptions(decks=MAX_DECKS).decks == MAX_DECKS
    with pytest.raises(MaterialError, match=f"decks must be 1 to {MAX_DECKS}.*100000"):
        BaccaratOptions(decks=100_000)
