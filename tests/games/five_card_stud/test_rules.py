"""The table options of five-card stud (Portaria 104/85/M Art 2, 3, 6-9, 11 b; GAMES.md §5)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from croupier.errors import CroupierError, MaterialError, RecordError
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.rules import (
    DECK_SIZE,
    HAND_SIZE,
    HOUSE_RATE,
    LEVELS,
    MAX_CUTTERS,
    MAX_DEALS_PER_DECK,
    MAX_SEATS,
    MIN_CUT,
    MIN_SEATS,
    TIME_LIMIT_SECONDS,
    Consecutive,
    InitialCommission,
    OddChip,
    ReraiseMinimum,
    ShowingTie,
    TopUpDuty,
    UncalledBet,
)
from croupier.money import Rounding
from croupier.protocol import encode
from croupier.rank.showing import ShowingOrder

NON_DEFAULT = StudOptions(
    pot_money=100,
    min_buy_in=5000,
    top_up_below=1000,
    initial_commission=InitialCommission.EACH,
    initial_commission_amount=50,
    house_rate=Fraction(1, 20),
    rounding=Rounding.HALF_EVEN,
    odd_chip=OddChip.HOUSE,
    min_bet=200,
    seats=5,
    max_deals_per_deck=7,
    time_limit_seconds=None,
    showing_order=ShowingOrder.NEWEST_CARD,
    showing_tie=ShowingTie.SEAT,
    short_all_in_reopens=True,
    decimals=0,
)


def test_the_articles_constants() -> None:
    assert (MIN_SEATS, MAX_SEATS) == (2, 7)  # Art 3
    assert MAX_DEALS_PER_DECK == 10  # Art 2
    assert (MIN_CUT, MAX_CUTTERS) == (6, 2)  # Art 2
    assert (DECK_SIZE, HAND_SIZE) == (40, 5)  # Art 1 a, 10
    assert Fraction(4, 100) == HOUSE_RATE  # Art 9
    assert TIME_LIMIT_SECONDS == 120  # Art 11 b
    assert LEVELS == {20: (2000, 500), 100: (5000, 1000)}  # Art 6-8


def test_art6_8_defaults_are_the_20_table() -> None:
    table = StudOptions()
    assert (table.pot_money, table.min_buy_in, table.top_up_below) == (20, 2000, 500)
    assert table.initial_commission is InitialCommission.POT
    assert table.commission_per_hand == 20  # Art 8: the pot money's amount
    assert table.each_pays == 20
    assert table.house_rate == Fraction(4, 100)  # Art 9
    assert table.rounding is Rounding.HOUSE
    assert table.odd_chip is OddChip.SHOWDOWN_ORDER
    assert table.least_bet == 20
    assert table.seats == 7  # Art 3
    assert table.max_deals_per_deck == 10  # Art 2
    assert table.time_limit_seconds == 120  # Art 11 b
    assert table.time_limit_ms == 120_000
    assert table.showing_order is ShowingOrder.NEWEST_CARD  # Art 10 c-d, the letter
    assert table.showing_tie is ShowingTie.SUITS
    assert table.short_all_in_reopens is False
    assert table.uncalled_bet is UncalledBet.FINAL_ROUND  # Art 9, the letter
    assert table.consecutive is Consecutive.STRAIGHT  # Art 10 d, the letter
    assert table.ace_low_straight_flush is True  # Art 5.2, 5.6
    assert table.checked_may_raise is False  # Art 10 c i 2
    assert table.top_up_duty is TopUpDuty.DURING_HAND  # Art 6, the letter
    assert table.reraise_minimum is ReraiseMinimum.PREVIOUS_RAISE  # Art 10 b 4: a reading


@pytest.mark.parametrize(("pot_money", "buy_in", "top_up"), [(20, 2000, 500), (100, 5000, 1000)])
def test_art6_8_the_two_levels(pot_money: int, buy_in: int, top_up: int) -> None:
    table = StudOptions.level(pot_money)
    assert (table.pot_money, table.min_buy_in, table.top_up_below) == (pot_money, buy_in, top_up)
    assert table.commission_per_hand == pot_money  # Art 8
    assert StudOptions(pot_money=pot_money, min_buy_in=buy_in, top_up_below=top_up) == table


def test_art6_8_levels_in_cents() -> None:
    table = StudOptions.level(100, decimals=2)
    assert (table.pot_money, table.min_buy_in, table.top_up_below) == (10_000, 500_000, 100_000)
    assert table.commission_per_hand == 10_000
    assert StudOptions.level(20, decimals=2, seats=3).seats == 3


def test_art6_8_a_record_of_decimals_alone_is_the_first_level_in_that_unit() -> None:
    """Options that name the decimals and no amount of a level (a table of the house's
    currency) read as the level of 20 in that unit; amounts given are read as they are."""

    def level(t: StudOptions) -> tuple[int, int, int, int]:
        return t.pot_money, t.min_buy_in, t.top_up_below, t.decimals

    assert level(StudOptions.from_dict({"decimals": 2})) == (2000, 200_000, 50_000, 2)
    assert level(StudOptions.from_dict({})) == (20, 2000, 500, 0)
    assert StudOptions.from_dict(StudOptions.level(100, decimals=2).to_dict()).pot_money == 10_000
    with pytest.raises(RecordError, match="Art 6-8"):
        StudOptions.from_dict({"decimals": 2, "pot_money": 20})  # an amount given: as it is
    with pytest.raises(RecordError, match=r"decimals must be 0\.\.6, got 99"):
        StudOptions.from_dict({"decimals": 99})  # refused, never scaled by 10**99 first


@pytest.mark.parametrize("pot_money", [0, 10, 50, 200, 2000, -20, 20.0, "20", None, True])
def test_art6_8_any_other_pot_money_is_refused(pot_money: Any) -> None:
    with pytest.raises(MaterialError):
        StudOptions.level(pot_money)


@pytest.mark.parametrize(
    "values",
    [
        {"pot_money": 50},
        {"pot_money": 100},  # the 100 table's buy-in and threshold are not the 20 table's
        {"min_buy_in": 1000},
        {"min_buy_in": 5000},
        {"top_up_below": 1000},
        {"top_up_below": 400},
        {"pot_money": 100, "min_buy_in": 5000, "top_up_below": 500},
        {"pot_money": 20, "min_buy_in": 5000, "top_up_below": 1000},
        {"pot_money": 2000, "min_buy_in": 200_000, "top_up_below": 50_000},  # cents, decimals 0
        {"pot_money": 0},
        {"pot_money": -20},
    ],
)
def test_art6_8_levels_are_the_articles_amounts(values: dict[str, Any]) -> None:
    with pytest.raises(MaterialError) as info:
        StudOptions(**values)
    assert "Art 6-8" in str(info.value) or ">= 1" in str(info.value)


@pytest.mark.parametrize("seats", [0, 1, 8, 9, -2])
def test_art3_two_to_seven_seats(seats: int) -> None:
    with pytest.raises(MaterialError):
        StudOptions(seats=seats)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6, 7])
def test_art3_every_table_size_from_two_to_seven(seats: int) -> None:
    assert StudOptions(seats=seats).seats == seats


@pytest.mark.parametrize("deals", [11, 12, 100, 0, -1])
def test_art2_a_deck_serves_at_most_ten_deals(deals: int) -> None:
    with pytest.raises(MaterialError):
        StudOptions(max_deals_per_deck=deals)


@pytest.mark.parametrize("deals", [1, 5, 10])
def test_art2_the_house_may_change_the_deck_sooner(deals: int) -> None:
    assert StudOptions(max_deals_per_deck=deals).max_deals_per_deck == deals


@pytest.mark.parametrize(
    "values",
    [
        {"seats": 3.0},
        {"seats": True},
        {"decimals": 7},
        {"decimals": -1},
        {"house_rate": Fraction(1)},
        {"house_rate": Fraction(-1, 100)},
        {"house_rate": 0.04},
        {"min_bet": 0},
        {"min_bet": 2.5},
        {"time_limit_seconds": 0},
        {"time_limit_seconds": 1.5},
        {"short_all_in_reopens": 1},
        {"initial_commission": "pot"},
        {"rounding": "house"},
        {"odd_chip": "house"},
        {"showing_order": "best-hand"},
        {"showing_tie": "suits"},
        {"initial_commission_amount": -1},
        {"initial_commission_amount": 21},  # Art 8: from the pot money: at most one pot money
    ],
)
def test_bad_option_values_are_refused(values: dict[str, Any]) -> None:
    with pytest.raises(MaterialError):
        StudOptions(**values)


@pytest.mark.parametrize(
    ("mode", "amount", "per_hand", "each_pays"),
    [
        (InitialCommission.POT, None, 20, 20),
        (InitialCommission.EACH, None, 20, 40),
        (InitialCommission.NONE, None, 0, 20),
        (InitialCommission.POT, 10, 10, 20),
        (InitialCommission.POT, 0, 0, 20),
        (InitialCommission.EACH, 5, 5, 25),
        (InitialCommission.EACH, 50, 50, 70),  # each player pays it: no pot-money ceiling
        (InitialCommission.NONE, 10, 0, 20),
    ],
)
def test_art8_initial_commission_options(
    mode: InitialCommission, amount: int | None, per_hand: int, each_pays: int
) -> None:
    table = StudOptions(initial_commission=mode, initial_commission_amount=amount)
    assert table.commission_per_hand == per_hand
    assert table.each_pays == each_pays


def test_art8_the_100_table_commission() -> None:
    table = StudOptions.level(100, initial_commission=InitialCommission.EACH)
    assert (table.commission_per_hand, table.each_pays) == (100, 200)


def test_min_bet_reading() -> None:
    assert StudOptions(min_bet=50).least_bet == 50
    assert StudOptions.level(100).least_bet == 100


def test_art11_b_no_time_limit() -> None:
    table = StudOptions(time_limit_seconds=None)
    assert table.time_limit_ms is None
    assert StudOptions(time_limit_seconds=30).time_limit_ms == 30_000


@pytest.mark.parametrize("table", [StudOptions(), NON_DEFAULT, StudOptions.level(100, decimals=2)])
def test_to_dict_from_dict_round_trip(table: StudOptions) -> None:
    data = json.loads(json.dumps(table.to_dict()))
    assert StudOptions.from_dict(data) == table
    short = json.loads(json.dumps(table.to_dict(full=False)))
    assert StudOptions.from_dict(short) == table


#: what the new readings write beside the options a record has always had
LETTER = {
    "showing_order": "newest-card",
    "uncalled_bet": "final-round",
    "consecutive": "straight",
    "top_up_duty": "during-hand",
}


def test_to_dict_full_false_writes_only_what_differs() -> None:
    assert StudOptions.legacy().to_dict(full=False) == {}
    assert StudOptions().to_dict(full=False) == LETTER
    assert StudOptions.legacy(seats=4).to_dict(full=False) == {"seats": 4}
    assert StudOptions(house_rate=Fraction(1, 20)).to_dict(full=False) == {
        **LETTER,
        "house_rate": "1/20",
    }
    full = StudOptions().to_dict()
    assert full["house_rate"] == "1/25"
    assert full["initial_commission"] == "pot"
    assert full["showing_order"] == "newest-card"
    assert StudOptions.from_dict({}) == StudOptions.legacy()


def test_issue16_a_record_without_the_new_options_reads_as_it_was_played() -> None:
    """A record written before the readings of issue 16 lacks their keys: it is read under the
    rules it was played by (best-hand order, any round's uncalled bet returned, consecutive
    fours for every sequence, top-up after the hand), and written back the same, so its digest
    holds."""
    old = {k: v for k, v in StudOptions().to_dict().items() if k not in LETTER}
    old["showing_order"] = "best-hand"
    table = StudOptions.from_dict(old)
    assert table.showing_order is ShowingOrder.BEST_HAND
    assert table.uncalled_bet is UncalledBet.ANY_ROUND
    assert table.consecutive is Consecutive.EVERY_SEQUENCE
    assert table.top_up_duty is TopUpDuty.AFTER_HAND
    assert table.ace_low_straight_flush and not table.checked_may_raise
    assert table.to_dict() == old
    assert set(StudOptions().to_dict()) == set(old) | set(LETTER)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("uncalled_bet", "any-round"),
        ("consecutive", "every-sequence"),
        ("ace_low_straight_flush", False),
        ("checked_may_raise", True),
        ("top_up_duty", "after-hand"),
        ("reraise_minimum", "any"),
        ("reraise_minimum", "opening-bet"),
    ],
)
def test_issue16_every_reading_is_a_named_option(option: str, value: object) -> None:
    table = StudOptions.from_dict({**StudOptions().to_dict(), option: value})
    assert encode(getattr(table, option)) == value
    assert table != StudOptions()
    assert StudOptions.from_dict(json.loads(json.dumps(table.to_dict()))) == table


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(RecordError) as info:
        StudOptions.from_dict({"seats": 3, "jackpot": True})
    assert info.value.field == "jackpot"


@pytest.mark.parametrize(
    "data",
    [
        {"seats": 8},  # Art 3
        {"max_deals_per_deck": 11},  # Art 2
        {"pot_money": 50},  # Art 6-8
        {"seats": "3"},  # no coercion
        {"seats": 3.0},
        {"short_all_in_reopens": 1},
        {"house_rate": 0.04},
        {"house_rate": "2/50"},  # not in lowest terms
        {"initial_commission": "house"},
        {"odd_chip": "nearest"},
        {"time_limit_seconds": "120"},
        [("seats", 3)],
        "seats=3",
    ],
)
def test_from_dict_refuses_bad_values(data: Any) -> None:
    with pytest.raises(RecordError):
        StudOptions.from_dict(data)


def test_options_are_frozen() -> None:
    table = StudOptions()
    with pytest.raises((AttributeError, TypeError)):
        table.seats = 3  # type: ignore[misc]


def test_option_errors_are_croupier_errors() -> None:
    bads: list[dict[str, Any]] = [{"seats": 9}, {"pot_money": 30}]
    for bad in bads:
        with pytest.raises(CroupierError):
            StudOptions(**bad)
