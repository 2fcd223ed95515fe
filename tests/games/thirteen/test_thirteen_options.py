"""The table options of the 13-card game (Portaria 51/89/M Art 2, 11 and GAMES.md §1)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from croupier.errors import CroupierError, MaterialError, RecordError
from croupier.games.thirteen.deal import ThirteenDeal, deal_thirteen
from croupier.games.thirteen.options import RECORD_LEGACY, ThirteenOptions
from croupier.games.thirteen.rules import HouseWay
from croupier.money import Rounding
from croupier.shuffle import SeededShuffler
from croupier.table.settings import OptionError, options_from_pairs

NON_DEFAULT = ThirteenOptions(
    count_banker_as_one=False,
    unit=500,
    stake_units=(1, 2, 5),
    prize=Fraction(3, 4),
    commission=Fraction(1, 20),
    setting_seconds=120,
    rounding=Rounding.PLAYER,
    decimals=0,
    house_way=HouseWay.STRONGEST_BACK,
    naturals_from_cards=True,
    six_pairs_with_trio=True,
    new_dice_after_cancel=True,
    seats=None,
    bettors_see_cards=False,
    betting_seconds=20,
    dice_seconds=10,
)


def test_art11_art2d_defaults_are_the_regulation() -> None:
    table = ThirteenOptions()
    assert table.count_banker_as_one is True
    assert table.unit == 10_000
    assert table.stake_units == (1, 2, 3)  # Art 11: "1, 2 ou 3 pontos"
    assert table.stakes == (10_000, 20_000, 30_000)
    assert table.prize == Fraction(1, 2)  # Art 11: half the stake
    assert table.commission == Fraction(2, 100)  # Art 11: less 2%
    assert table.setting_seconds == 300  # Art 2 d: five minutes
    assert table.setting_ms == 300_000
    assert table.rounding is Rounding.HOUSE
    assert table.decimals == 2
    assert table.house_way is HouseWay.EXPECTED_POINTS
    # issue 16: the letter by default; every other reading an option
    assert table.naturals_from_cards is False  # Art 7: a fouled setting loses
    assert table.six_pairs_with_trio is False  # Art 9 I: the 13th card «desigual»
    assert table.new_dice_after_cancel is False  # Art 4: shuffle and cut again, no new dice
    assert table.seats == 3  # Art 3: four places, the banker's included
    assert table.bettors_see_cards is True  # Art 5: co-bettors may suggest


def test_house_way_names() -> None:
    assert [w.value for w in HouseWay] == [
        "expected-points",
        "strongest-back",
        "strongest-front",
        "maximin",
    ]
    assert HouseWay("strongest-front") is HouseWay.STRONGEST_FRONT


def test_art2b_default_table_writes_only_the_counting_option() -> None:
    # a deal record of a default table reads (and verifies) as before the money options existed
    assert ThirteenOptions().to_dict() == {"count_banker_as_one": True}
    assert ThirteenOptions(count_banker_as_one=False).to_dict() == {"count_banker_as_one": False}
    deal = deal_thirteen(SeededShuffler("options"))
    assert deal.to_dict()["table"] == {"count_banker_as_one": True}
    assert ThirteenDeal.from_dict(json.loads(json.dumps(deal.to_dict()))) == deal


def test_a_dict_with_only_the_counting_option_still_reads() -> None:
    table = ThirteenOptions.from_dict({"count_banker_as_one": False})
    assert table == ThirteenOptions(count_banker_as_one=False)
    assert ThirteenOptions.from_dict({}) == ThirteenOptions()


@pytest.mark.parametrize("full", [False, True])
@pytest.mark.parametrize(
    "table",
    [
        ThirteenOptions(),
        NON_DEFAULT,
        ThirteenOptions(prize=Fraction(1)),
        ThirteenOptions(decimals=6),
    ],
)
def test_options_round_trip_through_json(table: ThirteenOptions, full: bool) -> None:
    data = json.loads(json.dumps(table.to_dict(full=full)))
    assert ThirteenOptions.from_dict(data) == table


def test_full_dict_names_every_option() -> None:
    data = NON_DEFAULT.to_dict(full=True)
    assert data == {
        "count_banker_as_one": False,
        "unit": 500,
        "stake_units": [1, 2, 5],
        "prize": "3/4",
        "commission": "1/20",
        "setting_seconds": 120,
        "rounding": "player",
        "decimals": 0,
        "house_way": "strongest-back",
        "naturals_from_cards": True,
        "six_pairs_with_trio": True,
        "new_dice_after_cancel": True,
        "seats": None,
        "bettors_see_cards": False,
        "betting_seconds": 20,
        "dice_seconds": 10,
    }
    assert NON_DEFAULT.to_dict() == data  # every option differs from its default
    assert ThirteenOptions(unit=100).to_dict() == {"count_banker_as_one": True, "unit": 100}


def test_art11_stake_units_given_as_a_list_are_kept_as_a_tuple() -> None:
    table = ThirteenOptions(stake_units=[1, 2])  # type: ignore[arg-type]
    assert table.stake_units == (1, 2)
    assert table.stakes == (10_000, 20_000)


@pytest.mark.parametrize(
    ("field", "value", "shown"),
    [
        ("count_banker_as_one", 1, "1"),
        ("unit", 0, "0"),
        ("unit", 2.5, "2.5"),
        ("unit", True, "True"),
        ("stake_units", (), "()"),
        ("stake_units", (2, 1), "(2, 1)"),
        ("stake_units", (1, 1, 2), "(1, 1, 2)"),
        ("stake_units", (0, 1), "(0, 1)"),
        ("stake_units", (1, True), "(1, True)"),
        ("stake_units", "123", "'123'"),
        ("prize", Fraction(0), "Fraction(0, 1)"),
        ("prize", 0.5, "0.5"),
        ("commission", Fraction(1), "Fraction(1, 1)"),
        ("commission", Fraction(-1, 100), "Fraction(-1, 100)"),
        ("commission", 0.02, "0.02"),
        ("setting_seconds", 0, "0"),
        ("setting_seconds", 300.0, "300.0"),
        ("rounding", "house", "'house'"),
        ("decimals", 7, "7"),
        ("decimals", -1, "-1"),
        ("house_way", "expected-points", "'expected-points'"),
        ("naturals_from_cards", 1, "1"),
        ("seats", 4, "4"),
        ("seats", 0, "0"),
        ("betting_seconds", 0, "0"),
        ("dice_seconds", 3601, "3601"),
        ("setting_seconds", 10**9, "1000000000"),
        ("unit", 10**13, "10000000000000"),
        ("stake_units", (1, 1001), "(1, 1001)"),
    ],
)
def test_options_refuse_a_bad_value_naming_it(field: str, value: Any, shown: str) -> None:
    with pytest.raises(MaterialError) as info:
        ThirteenOptions(**{field: value})
    assert field in str(info.value)
    assert shown in str(info.value)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"count_banker_as_one": "true"}, "count_banker_as_one"),
        ({"unit": "10000"}, "unit"),
        ({"unit": 1.0}, "unit"),
        ({"setting_seconds": True}, "setting_seconds"),
        ({"stake_units": "1,2,3"}, "stake_units"),
        ({"stake_units": [1, 2.0]}, "stake_units"),
        ({"prize": 0.5}, "prize"),
        ({"prize": "2/4"}, "prize"),
        ({"prize": "half"}, "prize"),
        ({"commission": "1/0"}, "commission"),
        ({"rounding": "down"}, "rounding"),
        ({"house_way": "random"}, "house_way"),
        ({"house_way": 1}, "house_way"),
    ],
)
def test_from_dict_refuses_values_that_merely_convert(data: dict[str, Any], field: str) -> None:
    with pytest.raises(RecordError) as info:
        ThirteenOptions.from_dict(data)
    assert field in str(info.value)


def test_from_dict_refuses_an_unknown_option_naming_it() -> None:
    with pytest.raises(RecordError, match="'bank'") as info:
        ThirteenOptions.from_dict({"count_banker_as_one": True, "bank": 1})
    assert info.value.field == "bank"
    with pytest.raises(RecordError):
        ThirteenOptions.from_dict(["count_banker_as_one"])  # type: ignore[arg-type]


def test_from_dict_checks_the_values_it_reads() -> None:
    with pytest.raises(CroupierError, match="stake_units"):
        ThirteenOptions.from_dict({"stake_units": [3, 2]})
    with pytest.raises(CroupierError, match="commission"):
        ThirteenOptions.from_dict({"commission": "3/2"})


def test_the_old_name_thirteen_table_still_imports_for_one_release() -> None:
    from croupier.games.thirteen import rules
    from croupier.games.thirteen.options import DEFAULT_OPTIONS

    assert rules.ThirteenTable is ThirteenOptions
    assert rules.DEFAULT_TABLE is DEFAULT_OPTIONS
    with pytest.raises(AttributeError, match="no attribute 'Thirteen'"):
        rules.Thirteen  # noqa: B018


def test_issue16_options_added_later_are_read_from_an_old_record_under_its_rule() -> None:
    # a game record written before the readings of issue 16 lacks their keys: it was played with
    # naturals from the cards, a trio in six pairs, new dice after a cancel and no seat limit
    old = ThirteenOptions().to_dict(full=True)
    for key in RECORD_LEGACY:
        del old[key]
    table = ThirteenOptions.from_record_dict(old)
    assert table.naturals_from_cards and table.six_pairs_with_trio
    assert table.new_dice_after_cancel and table.seats is None
    assert table.to_record_dict() == old  # and written back the same: the same digest
    new = ThirteenOptions().to_record_dict()
    assert new["naturals_from_cards"] is False and new["seats"] == 3
    assert ThirteenOptions.from_record_dict(new) == ThirteenOptions()


def test_issue16_option_text_sets_every_kind_of_option() -> None:
    table = options_from_pairs(
        ThirteenOptions,
        [
            "naturals_from_cards=true",
            "seats=none",
            "stake_units=1,2,5",
            "commission=1/20",
            "rounding=player",
            "setting_seconds=120",
        ],
    )
    assert table.naturals_from_cards and table.seats is None
    assert table.stake_units == (1, 2, 5) and table.commission == Fraction(1, 20)
    assert table.rounding is Rounding.PLAYER and table.setting_seconds == 120


@pytest.mark.parametrize(
    ("pair", "named"),
    [
        ("bank=1", "the options are: count_banker_as_one"),
        ("seats=two", "seats"),
        ("seats=9", "seats must be 1..3"),
        ("naturals_from_cards=maybe", "naturals_from_cards"),
        ("setting_seconds=-1", "setting_seconds"),
        ("setting_seconds=１２０", "setting_seconds"),
        ("stake_units=1,x", "stake_units"),
        ("house_way=best", "house_way"),
        ("prize=1/0", "prize"),
    ],
)
def test_issue16_bad_option_text_is_refused_naming_it(pair: str, named: str) -> None:
    with pytest.raises(OptionError, match=named):
        options_from_pairs(ThirteenOptions, [pair])
