"""The deal of 3-card baccarat, Portaria 22/96/M as amended by 219/96/M, Art 2-6."""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, Deck, Rank, Suit, format_cards, parse_cards
from croupier.errors import CardCountError, CroupierError, MaterialError, RuleViolation
from croupier.games.three_card_baccarat.deal import (
    BaccaratDeal,
    deal_three_card_baccarat,
    new_shoe_for,
    prepare_shoe,
)
from croupier.games.three_card_baccarat.options import BaccaratOptions
from croupier.games.three_card_baccarat.rules import (
    BANKER,
    CARDS_PER_HAND,
    card_points,
    describe_hand,
    figures,
    hand_points,
    is_three_figures,
    parse_hand,
)
from croupier.shoe import Shoe, ordered_pack
from croupier.shuffle import ProvablyFairShuffler, SeededShuffler

CANONICAL = Deck.STANDARD_52.cards


def box(order: tuple[Card, ...] = CANONICAL) -> Shoe:
    return Shoe.from_order(order)


def shoe_of(decks: int, depth: int | None = None, seed: object = "shoe") -> Shoe:
    order = SeededShuffler(str(seed)).shuffle(ordered_pack(decks=decks))
    return Shoe.from_order(order, decks=decks, cut_card_from_end=depth)


# -- Art 6: values ------------------------------------------------------------------------------

FACE = {Rank.ACE: 1, Rank.TEN: 0, Rank.JACK: 0, Rank.QUEEN: 0, Rank.KING: 0}


def reference_points(cards: tuple[Card, ...]) -> int:
    # Art 6.2 as written: the sum, less 10 or 20 when above 10 or 20.
    total = sum(FACE.get(c.rank, int(c.rank) + 2) for c in cards)
    if total >= 20:
        total -= 20
    elif total >= 10:
        total -= 10
    return total


def test_art6_1_card_points() -> None:
    assert [card_points(Card.of(r, Suit.SPADES)) for r in Rank] == [
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        0,
        0,
        0,
        0,
        1,
    ]


@pytest.mark.parametrize(
    ("hand", "points", "n_figures", "three", "name"),
    [
        ("Ks Qh Jd", 0, 3, True, "three figures"),
        ("Kd Kd Kd", 0, 3, True, "three figures"),
        ("Ks Qd 9h", 9, 2, False, "9 with two figures"),
        ("Js 4h 5d", 9, 1, False, "9 with one figure"),
        ("As 2h 6d", 9, 0, False, "9 with no figures"),
        ("9s 9h 9d", 7, 0, False, "7 with no figures"),
        ("Ts Th Td", 0, 0, False, "0 with no figures"),
        ("Ts Jh Qd", 0, 2, False, "0 with two figures"),
        ("5s 5h Kd", 0, 1, False, "0 with one figure"),
        ("8s 7h 6d", 1, 0, False, "1 with no figures"),
    ],
)
def test_art6_points_and_figures_examples(
    hand: str, points: int, n_figures: int, three: bool, name: str
) -> None:
    cards = parse_hand(hand)
    assert hand_points(cards) == points
    assert figures(cards) == n_figures
    assert is_three_figures(cards) is three
    assert describe_hand(cards) == name


def test_art6_2_exhaustive_point_sums_and_annex_levels() -> None:
    # Every ordered triple of ranks (a shoe may repeat cards): points by the written rule,
    # figures J Q K only, and the annex's 31 levels are exactly what occurs.
    levels: Counter[str] = Counter()
    for ranks in itertools.product(Rank, repeat=3):
        cards = tuple(Card.of(r, Suit.SPADES) for r in ranks)
        assert hand_points(cards) == reference_points(cards)
        n = sum(r in (Rank.JACK, Rank.QUEEN, Rank.KING) for r in ranks)
        assert figures(cards) == n
        assert is_three_figures(cards) is (n == 3)
        levels[describe_hand(cards)] += 1
    assert len(levels) == 31
    assert levels["three figures"] == 27
    # two figures + X: 3 positions x 9 (two figures) x the X with that point
    assert levels["9 with two figures"] == 3 * 9 * 1  # X = 9
    assert levels["0 with two figures"] == 3 * 9 * 1  # X = 10


def test_art6_exhaustive_one_deck_point_distribution() -> None:
    counts: Counter[int] = Counter()
    for hand in itertools.combinations(CANONICAL, 3):
        assert hand_points(hand) == reference_points(hand)
        counts[hand_points(hand)] += 1
    assert sum(counts.values()) == 22100
    assert set(counts) == set(range(10))


def test_art6_hand_needs_three_cards() -> None:
    with pytest.raises(CardCountError):
        hand_points(parse_cards("Ks 9h"))
    with pytest.raises(CardCountError):
        parse_hand("Ks 9h 9d 2c")


# -- table options ------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [30, 35, 40])
def test_art3_1_cut_card_depth_30_to_40_accepted(depth: int) -> None:
    assert BaccaratOptions(decks=6, cut_card_depth=depth).cut_card_depth == depth


@pytest.mark.parametrize("depth", [0, 29, 41, 100])
def test_art3_1_cut_card_depth_outside_30_40_refused(depth: int) -> None:
    with pytest.raises(MaterialError, match=rf"Art 3.1.*{depth}"):
        BaccaratOptions(decks=6, cut_card_depth=depth)


def test_art2_2_box_has_no_second_cut_card() -> None:
    with pytest.raises(MaterialError, match="box"):
        BaccaratOptions(decks=1, cut_card_depth=35)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"decks": 0},
        {"positions": 0},
        {"min_cut": 0},
        {"positions": 17},
        {"decks": 6, "positions": 9},
    ],
)
def test_art5_1_table_options_refused(kwargs: dict[str, Any]) -> None:
    with pytest.raises(MaterialError):
        BaccaratOptions(**kwargs)


def test_art5_1_table_sizes_that_always_fit() -> None:
    assert BaccaratOptions(positions=16).positions == 16
    assert BaccaratOptions(decks=6, positions=8).positions == 8
    assert BaccaratOptions(decks=6, positions=9, cut_card_depth=31).positions == 9


# -- burns --------------------------------------------------------------------------------------


def test_art3_2_box_burns_one_card_before_its_round() -> None:
    deal = deal_three_card_baccarat(box(), BaccaratOptions(), first_round=True)
    assert deal.burns == (CANONICAL[0],)
    assert deal.deal_order[0][1] == CANONICAL[1]


def test_art3_2_shoe_burns_one_card_per_deck_before_first_round() -> None:
    shoe = shoe_of(6, 35)
    top = shoe.order
    deal = deal_three_card_baccarat(shoe, BaccaratOptions(decks=6), first_round=True)
    assert deal.burns == top[:6]
    assert [c for _, c in deal.deal_order] == list(top[6 : 6 + 24])


def test_art3_3_shoe_burns_one_card_before_each_later_round() -> None:
    table = BaccaratOptions(decks=6)
    shoe = shoe_of(6, 35)
    deal_three_card_baccarat(shoe, table, first_round=True)
    top = shoe.order
    later = deal_three_card_baccarat(shoe, table, first_round=False)
    assert later.burns == top[:1]
    assert [c for _, c in later.deal_order] == list(top[1:25])
    assert shoe.burned == 7


# -- dealing order ------------------------------------------------------------------------------


def test_art3_2_banker_receives_last() -> None:
    deal = deal_three_card_baccarat(box(), BaccaratOptions(positions=3), first_round=True)
    places = [p for p, _ in deal.deal_order]
    assert places == [1, 2, 3, BANKER] * 3
    assert deal.positions == (1, 2, 3, BANKER)


def test_art3_2_exact_deal_order_one_card_at_a_time_clockwise() -> None:
    deal = deal_three_card_baccarat(box(), BaccaratOptions(positions=2), first_round=True)
    # burn As; then Ah->1 Ad->2 Ac->banker, Ks->1 Kh->2 Kd->banker, Kc->1 Qs->2 Qh->banker
    assert format_cards(deal.burns) == "As"
    assert format_cards(deal.hands[1]) == "Ah Ks Kc"
    assert format_cards(deal.hands[2]) == "Ad Kh Qs"
    assert format_cards(deal.hands[BANKER]) == "Ac Kd Qh"


def test_art5_1_only_places_in_play_dealt_clockwise_whatever_the_order_given() -> None:
    deal = deal_three_card_baccarat(
        box(), BaccaratOptions(positions=7), first_round=True, positions_in_play=[6, 2, 4]
    )
    assert deal.positions == (2, 4, 6, BANKER)
    assert [p for p, _ in deal.deal_order[:4]] == [2, 4, 6, BANKER]
    assert set(deal.hands) == {2, 4, 6, BANKER}


@pytest.mark.parametrize("places", [[0], [8], [1, 1], [], [-1]])
def test_art5_1_places_not_on_the_table_refused(places: list[int]) -> None:
    with pytest.raises(RuleViolation, match=r"Art 5\.1"):
        deal_three_card_baccarat(
            box(), BaccaratOptions(positions=7), first_round=True, positions_in_play=places
        )


# -- end of the box / shoe ----------------------------------------------------------------------


def test_art4_2_box_one_round_per_shuffle() -> None:
    shoe = box()
    deal = deal_three_card_baccarat(shoe, BaccaratOptions(), first_round=True)
    assert deal.last_round
    assert not deal.cut_card_out
    with pytest.raises(RuleViolation, match=r"Art 4\.2"):
        deal_three_card_baccarat(shoe, BaccaratOptions(), first_round=False)


def test_art4_1_cut_card_appearing_makes_the_round_the_last() -> None:
    table = BaccaratOptions(decks=2, positions=7, cut_card_depth=30)
    shoe = shoe_of(2, 30)
    rounds = [deal_three_card_baccarat(shoe, table, first_round=True)]
    while not rounds[-1].last_round:
        rounds.append(deal_three_card_baccarat(shoe, table, first_round=False))
    # 104 cards: 2 + 24 = 26, then 25 a round: 78, 53, 28 left -> out during round 3
    assert len(rounds) == 3
    assert [d.cut_card_out for d in rounds] == [False, False, True]
    assert rounds[-1].last_round
    with pytest.raises(RuleViolation, match=r"Art 4\.1"):
        deal_three_card_baccarat(shoe, table, first_round=False)


def test_art3_2_first_round_needs_a_fresh_shoe_and_later_rounds_a_used_one() -> None:
    table = BaccaratOptions(decks=6)
    with pytest.raises(RuleViolation, match=r"Art 3\.2"):
        deal_three_card_baccarat(shoe_of(6, 35), table, first_round=False)
    shoe = shoe_of(6, 35)
    deal_three_card_baccarat(shoe, table, first_round=True)
    with pytest.raises(RuleViolation, match=r"Art 3\.2"):
        deal_three_card_baccarat(shoe, table, first_round=True)


def test_shoe_must_match_the_table() -> None:
    with pytest.raises(MaterialError, match="deck"):
        deal_three_card_baccarat(box(), BaccaratOptions(decks=6), first_round=True)


# -- preparing the shoe -------------------------------------------------------------------------


def test_art3_1_new_shoe_randomness_order_shuffle_cut_depth() -> None:
    table = BaccaratOptions(decks=6)
    shoe, setup = prepare_shoe(table, SeededShuffler("prep"))
    replay = SeededShuffler("prep")
    shuffled = replay.shuffle(ordered_pack(decks=6))
    cut = 1 + replay.randbelow(312 - 2 + 1)
    depth = 30 + replay.randbelow(11)
    assert (setup.cut, setup.cut_card_depth) == (cut, depth)
    assert list(shoe.order) == shuffled[cut:] + shuffled[:cut]
    assert shoe.cut_card_from_end == depth


def test_art2_2_box_has_no_cut_card_and_fixed_depth_is_used() -> None:
    shoe, setup = prepare_shoe(BaccaratOptions(), SeededShuffler(1))
    assert shoe.cut_card_from_end is None
    assert setup.cut_card_depth is None
    assert shoe.size == 52
    shoe = new_shoe_for(BaccaratOptions(decks=8, cut_card_depth=33), SeededShuffler(1))
    assert shoe.cut_card_from_end == 33
    assert shoe.size == 416


def test_art3_1_cut_card_depth_drawn_over_30_to_40() -> None:
    depths = {
        prepare_shoe(BaccaratOptions(decks=2), SeededShuffler(i))[1].cut_card_depth
        for i in range(200)
    }
    assert depths == set(range(30, 41))


@pytest.mark.parametrize("cut", [0, 52, -3])
def test_art3_1_cut_out_of_range_refused_naming_value(cut: int) -> None:
    with pytest.raises(RuleViolation, match=rf"got cut {cut}"):
        new_shoe_for(BaccaratOptions(), SeededShuffler(1), cut=cut)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.one_of(st.integers(), st.text(max_size=20)),
    decks=st.integers(1, 8),
    players=st.sets(st.integers(1, 8), min_size=1),
)
def test_any_seed_gives_a_valid_deal(seed: int | str, decks: int, players: set[int]) -> None:
    table = BaccaratOptions(decks=decks, positions=8)
    shoe = new_shoe_for(table, SeededShuffler(seed))
    top = shoe.order
    deal = deal_three_card_baccarat(shoe, table, first_round=True, positions_in_play=list(players))
    assert deal.burns == top[:decks]
    assert deal.positions == (*sorted(players), BANKER)
    assert all(len(h) == CARDS_PER_HAND for h in deal.hands.values())
    n = CARDS_PER_HAND * len(deal.positions)
    assert tuple(c for _, c in deal.deal_order) == top[decks : decks + n]
    assert shoe.remaining == 52 * decks - decks - n
    assert deal.last_round is (decks == 1)


# -- records ------------------------------------------------------------------------------------


def test_seeded_and_fair_deals_reproducible() -> None:
    def one(shuffler: SeededShuffler | ProvablyFairShuffler) -> BaccaratDeal:
        table = BaccaratOptions(decks=6)
        return deal_three_card_baccarat(new_shoe_for(table, shuffler), table, first_round=True)

    assert one(SeededShuffler(3)) == one(SeededShuffler(3))
    assert one(SeededShuffler(3)) != one(SeededShuffler(4))
    pf = (b"k" * 32, "alice", 1)
    assert one(ProvablyFairShuffler(*pf)) == one(ProvablyFairShuffler(*pf))


def test_to_dict_is_json_and_round_trips() -> None:
    table = BaccaratOptions(decks=6, positions=5)
    deal = deal_three_card_baccarat(
        new_shoe_for(table, SeededShuffler("j")), table, first_round=True
    )
    data = json.loads(json.dumps(deal.to_dict()))
    assert data["game"] == "three-card-baccarat"
    assert data["positions"] == ["1", "2", "3", "4", "5", "banker"]
    assert data["hands"]["banker"]["points"] == deal.points(BANKER)
    assert len(data["burns"]) == 6
    assert BaccaratDeal.from_dict(data) == deal


def test_from_dict_rejects_a_tampered_record() -> None:
    table = BaccaratOptions(decks=6)
    deal = deal_three_card_baccarat(new_shoe_for(table, SeededShuffler(9)), table, first_round=True)
    data = deal.to_dict()
    data["burns"] = data["burns"][:1]
    with pytest.raises(CroupierError, match="burns"):
        BaccaratDeal.from_dict(data)
    data = deal.to_dict()
    data["positions"] = ["banker", *data["positions"][:-1]]
    with pytest.raises(CroupierError):
        BaccaratDeal.from_dict(data)
    data = deal.to_dict()
    data["hands"]["1"]["cards"][0] = "2c" if data["hands"]["1"]["cards"][0] != "2c" else "3c"
    with pytest.raises(CroupierError, match="deal order"):
        BaccaratDeal.from_dict(data)


@pytest.mark.parametrize(
    ("field", "value"),
    [("cut_card_out", "false"), ("last_round", 0), ("first_round", "true"), ("last_round", None)],
)
def test_from_dict_refuses_values_that_merely_convert(field: str, value: object) -> None:
    """A record read back must say exactly what was written: "false" is not a boolean."""
    deal = deal_three_card_baccarat(box(), BaccaratOptions(), first_round=True)
    data = json.loads(json.dumps(deal.to_dict()))
    data[field] = value
    with pytest.raises(CroupierError, match=field):
        BaccaratDeal.from_dict(data)


def test_deal_is_frozen() -> None:
    deal = deal_three_card_baccarat(box(), BaccaratOptions(), first_round=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        deal.last_round = False  # type: ignore[misc]
    with pytest.raises(TypeError):
        deal.hands[BANKER] = ()  # type: ignore[index]
