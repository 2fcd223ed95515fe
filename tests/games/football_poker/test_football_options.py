"""Football Poker table options: Art 2.1, 4.1, 5.1, 5.2 and the readings made options."""

from __future__ import annotations

import json
from typing import Any

import pytest

from croupier.errors import MaterialError, RecordError
from croupier.games.football_poker.options import (
    BurnRule,
    DealOrder,
    FootballOptions,
    cut_card_window,
)
from croupier.money import BetLimits, Limit, Rounding


@pytest.mark.parametrize("decks", [0, 1, 5])
def test_art2_1_fewer_than_six_decks_refused(decks: int) -> None:
    with pytest.raises(MaterialError, match=r"Art 2\.1"):
        FootballOptions(decks=decks)


@pytest.mark.parametrize("decks", [6, 7, 8, 12])
def test_art2_1_six_or_more_decks(decks: int) -> None:
    table = FootballOptions(decks=decks)
    assert table.cards == 52 * decks
    assert table.shuffle_burns == decks


@pytest.mark.parametrize("positions", [0, 1, 7])
def test_art4_1_fewer_than_eight_places_refused(positions: int) -> None:
    with pytest.raises(MaterialError, match=r"Art 4\.1"):
        FootballOptions(positions=positions)


@pytest.mark.parametrize("bad", [True, 6.0, "6", None])
def test_whole_numbers_only(bad: Any) -> None:
    with pytest.raises(MaterialError, match="whole number"):
        FootballOptions(decks=bad)
    with pytest.raises(MaterialError, match="whole number"):
        FootballOptions(positions=bad)


@pytest.mark.parametrize("decks", [6, 7, 8, 10])
def test_art5_1_cut_card_one_third_from_the_end_by_default(decks: int) -> None:
    table = FootballOptions(decks=decks)
    assert table.cut_card_depth is None
    assert table.cut_card_from_end == (52 * decks) // 3


def test_art5_1_fixed_cut_card_must_be_about_one_third() -> None:
    low, high = cut_card_window(312)
    assert low < 312 // 3 < high
    # one third, give or take a twelfth of the shoe
    assert (low, high) == (312 // 4, 5 * 312 // 12)
    for depth in (low, 312 // 3, high):
        assert FootballOptions(cut_card_depth=depth).cut_card_from_end == depth
    for depth in (low - 1, high + 1, 0, 311):
        with pytest.raises(MaterialError, match=r"Art 5\.1"):
            FootballOptions(cut_card_depth=depth)


def test_art5_5_a_round_must_fit_in_front_of_the_cut_card() -> None:
    # a round after the first needs 1 burn + up to 3 cards a place; it starts with at least the
    # cut card's depth in the shoe.
    depth = 312 // 3
    most = (depth - 1) // 3
    assert FootballOptions(positions=most).max_round_cards(first_round=False) <= depth
    with pytest.raises(MaterialError, match=r"Art 5\.1, 5\.5"):
        FootballOptions(positions=most + 1)
    # more decks make room
    assert FootballOptions(decks=8, positions=most + 1).positions == most + 1
    # a burn before each hand needs one more card a place
    per_hand = depth // 4
    FootballOptions(positions=per_hand, burn_per=BurnRule.HAND)
    with pytest.raises(MaterialError, match=r"Art 5\.1, 5\.5"):
        FootballOptions(positions=per_hand + 1, burn_per=BurnRule.HAND)


def test_max_round_cards_counts_burns_and_three_cards_a_place() -> None:
    table = FootballOptions(decks=7, positions=9)
    assert table.max_round_cards(first_round=True) == 7 + 1 + 3 * 9
    assert table.max_round_cards(first_round=False) == 1 + 3 * 9
    hand = FootballOptions(decks=7, positions=9, burn_per=BurnRule.HAND)
    assert hand.max_round_cards(first_round=True) == 7 + 9 + 3 * 9


@pytest.mark.parametrize("min_cut", [0, -1, 157])
def test_min_cut_range(min_cut: int) -> None:
    with pytest.raises(MaterialError, match="min_cut"):
        FootballOptions(min_cut=min_cut)
    assert FootballOptions(min_cut=156).min_cut == 156


def test_art5_2_burn_per_hand_deals_hand_by_hand() -> None:
    table = FootballOptions(burn_per=BurnRule.HAND)
    assert table.deal_order is DealOrder.HAND_BY_HAND
    assert FootballOptions().deal_order is DealOrder.ROUND_ROBIN
    assert FootballOptions(deal_order=DealOrder.HAND_BY_HAND).burn_per is BurnRule.ROUND
    with pytest.raises(RecordError, match="hand-by-hand"):
        FootballOptions.from_dict({"burn_per": "hand", "deal_order": "round-robin"})


def test_enum_options_accept_their_values_and_refuse_others() -> None:
    table = FootballOptions(burn_per="hand", rounding="player")  # type: ignore[arg-type]
    assert table.burn_per is BurnRule.HAND and table.rounding is Rounding.PLAYER
    assert table == FootballOptions(burn_per=BurnRule.HAND, rounding=Rounding.PLAYER)
    with pytest.raises(MaterialError, match="burn_per"):
        FootballOptions(burn_per="deck")  # type: ignore[arg-type]
    with pytest.raises(MaterialError, match="rounding"):
        FootballOptions(rounding="up")  # type: ignore[arg-type]
    with pytest.raises(MaterialError, match="deal_order"):
        FootballOptions(deal_order=1)  # type: ignore[arg-type]


def test_art3_limits_name_known_bets_only() -> None:
    FootballOptions(limits=BetLimits(Limit(10), {"post": Limit(10, 500)}))
    with pytest.raises(MaterialError, match=r"Art 3.*'tie'"):
        FootballOptions(limits=BetLimits(Limit(10), {"tie": Limit(10, 500)}))
    with pytest.raises(MaterialError, match="limits"):
        FootballOptions(limits={"default": {}})  # type: ignore[arg-type]


@pytest.mark.parametrize("decimals", [-1, 9])
def test_decimals_range(decimals: int) -> None:
    with pytest.raises(MaterialError, match="decimals"):
        FootballOptions(decimals=decimals)


TABLES = [
    FootballOptions(),
    FootballOptions(
        decks=8,
        positions=10,
        cut_card_depth=120,
        min_cut=20,
        burn_per=BurnRule.HAND,
        limits=BetLimits(Limit(100, 50_000), {"post": Limit(100, 5_000)}),
        rounding=Rounding.HALF_EVEN,
        decimals=0,
    ),
    FootballOptions(deal_order=DealOrder.HAND_BY_HAND, rounding=Rounding.PLAYER),
]


@pytest.mark.parametrize("table", TABLES)
def test_options_round_trip_through_json(table: FootballOptions) -> None:
    data = json.loads(json.dumps(table.to_dict()))
    assert FootballOptions.from_dict(data) == table
    assert FootballOptions.from_dict(data).to_dict() == table.to_dict()


def test_from_dict_defaults_missing_fields() -> None:
    assert FootballOptions.from_dict({}) == FootballOptions()
    assert FootballOptions.from_dict({"decks": 7}) == FootballOptions(decks=7)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"decks": True}, "decks"),
        ({"decks": "6"}, "decks"),
        ({"positions": 8.0}, "positions"),
        ({"cut_card_depth": "104"}, "cut_card_depth"),
        ({"burn_per": "deck"}, "burn_per"),
        ({"deal_order": 3}, "deal_order"),
        ({"rounding": "up"}, "rounding"),
        ({"colour": "green"}, "colour"),
        ({"limits": {"default": {"minimum": 0}}}, "minimum"),
    ],
)
def test_from_dict_is_strict(data: dict[str, Any], field: str) -> None:
    with pytest.raises(RecordError) as info:
        FootballOptions.from_dict(data)
    assert info.value.field == field


def test_from_dict_range_errors_are_material() -> None:
    with pytest.raises(MaterialError, match=r"Art 2\.1"):
        FootballOptions.from_dict({"decks": 5})
    with pytest.raises(RecordError):
        FootballOptions.from_dict([])  # type: ignore[arg-type]
