"""Exact money: rounding of fractional amounts, amount checks, formatting and table limits."""

from __future__ import annotations

import json
import math
from dataclasses import FrozenInstanceError
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.errors import CroupierError, MaterialError, RecordError, RuleViolation
from croupier.money import BetLimits, Limit, Rounding, check_amount, format_amount, pay

# --- Rounding and pay -----------------------------------------------------------------------


def test_rounding_values() -> None:
    assert [r.value for r in Rounding] == ["house", "player", "half-even"]
    assert Rounding("half-even") is Rounding.HALF_EVEN
    with pytest.raises(ValueError):
        Rounding("HOUSE")


@pytest.mark.parametrize(
    ("amount", "house", "player", "half_even"),
    [
        (Fraction(2375, 100), 23, 24, 24),
        (Fraction(1, 3), 0, 1, 0),
        (Fraction(2, 3), 0, 1, 1),
        (Fraction(7, 3), 2, 3, 2),
        (Fraction(8, 3), 2, 3, 3),
        (Fraction(1, 2), 0, 1, 0),  # halves go to the even unit...
        (Fraction(3, 2), 1, 2, 2),
        (Fraction(47, 2), 23, 24, 24),
        (Fraction(49, 2), 24, 25, 24),
        (Fraction(51, 2), 25, 26, 26),  # ...up or down
        (Fraction(195), 195, 195, 195),
        (Fraction(0), 0, 0, 0),
        (0, 0, 0, 0),
        (250, 250, 250, 250),
        (Fraction(10**30 + 1, 2), 10**30 // 2, 10**30 // 2 + 1, 10**30 // 2),
    ],
)
def test_pay(amount: Fraction | int, house: int, player: int, half_even: int) -> None:
    got = (
        pay(amount, Rounding.HOUSE),
        pay(amount, Rounding.PLAYER),
        pay(amount, Rounding.HALF_EVEN),
    )
    assert got == (house, player, half_even)
    assert all(type(x) is int for x in got)


@pytest.mark.parametrize("amount", [Fraction(-1, 3), Fraction(-1, 2), -1, Fraction(-(10**9))])
@pytest.mark.parametrize("rounding", list(Rounding))
def test_pay_refuses_a_negative_amount(amount: Fraction | int, rounding: Rounding) -> None:
    # -1/3 would ceil to 0: the refusal is not a side effect of the rounding
    with pytest.raises(ValueError, match="negative"):
        pay(amount, rounding)


def test_pay_takes_the_rounding_by_its_value() -> None:
    # a StrEnum compares equal to its text; "player" must not silently round half-even
    third = Fraction(1, 3)
    assert pay(third, "player") == 1  # type: ignore[arg-type]
    assert pay(third, "house") == 0  # type: ignore[arg-type]
    assert pay(Fraction(3, 2), "half-even") == 2  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        pay(third, "banker")  # type: ignore[arg-type]


@given(st.fractions(min_value=0, max_denominator=10_000))
def test_pay_rounds_within_one_unit(amount: Fraction) -> None:
    house = pay(amount, Rounding.HOUSE)
    player = pay(amount, Rounding.PLAYER)
    even = pay(amount, Rounding.HALF_EVEN)
    assert house == math.floor(amount) and player == math.ceil(amount)
    assert house <= amount <= player
    assert house <= even <= player
    assert player - house == (0 if amount.denominator == 1 else 1)
    assert abs(even - amount) <= Fraction(1, 2)
    if amount - house == Fraction(1, 2):
        assert even % 2 == 0
    elif amount - house < Fraction(1, 2):
        assert even == house
    else:
        assert even == player


# --- check_amount ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", [1, 2500, 10**20])
def test_check_amount_accepts_whole_units(value: int) -> None:
    assert check_amount(value) == value
    assert check_amount(value, "stake", minimum=value) == value


@pytest.mark.parametrize(
    "value", [True, False, 2.5, 2.0, "3", None, Fraction(3), Decimal(3), [3], 3 + 0j]
)
def test_check_amount_refuses_what_is_not_an_int(value: object) -> None:
    with pytest.raises(RecordError) as info:
        check_amount(value, "stake")
    assert info.value.field == "stake"
    assert str(info.value) == f"stake must be a whole number of units, got {value!r}"


@pytest.mark.parametrize(("value", "minimum"), [(0, 1), (-5, 1), (99, 100), (-1, 0)])
def test_check_amount_minimum(value: int, minimum: int) -> None:
    with pytest.raises(RecordError) as info:
        check_amount(value, "stake", minimum=minimum)
    assert info.value.field == "stake"
    assert str(info.value) == f"stake must be at least {minimum}, got {value}"


def test_check_amount_minimum_zero() -> None:
    assert check_amount(0, minimum=0) == 0
    with pytest.raises(RecordError) as info:
        check_amount(0)
    assert info.value.field == "amount"


# --- format_amount --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("units", "decimals", "text"),
    [
        (0, 0, "0"),
        (7, 0, "7"),
        (999, 0, "999"),
        (1000, 0, "1,000"),
        (1234567, 0, "1,234,567"),
        (-1234567, 0, "-1,234,567"),
        (123456, 2, "1,234.56"),
        (5, 2, "0.05"),
        (50, 2, "0.50"),
        (100, 2, "1.00"),
        (0, 2, "0.00"),
        (-5, 2, "-0.05"),
        (-123456, 2, "-1,234.56"),
        (1000, 3, "1.000"),
        (123456789, 1, "12,345,678.9"),
    ],
)
def test_format_amount(units: int, decimals: int, text: str) -> None:
    assert format_amount(units, decimals=decimals) == text


@given(st.integers(min_value=-(10**15), max_value=10**15), st.integers(0, 4))
def test_format_amount_reads_back(units: int, decimals: int) -> None:
    text = format_amount(units, decimals=decimals)
    assert Decimal(text.replace(",", "")) == Decimal(units).scaleb(-decimals)


# --- Limit ----------------------------------------------------------------------------------


def test_limit_defaults() -> None:
    limit = Limit()
    assert (limit.minimum, limit.maximum) == (1, None)
    assert Limit(100, 100) == Limit(minimum=100, maximum=100)
    with pytest.raises(FrozenInstanceError):
        limit.minimum = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("minimum", "maximum", "field"),
    [
        (0, None, "minimum"),
        (-100, None, "minimum"),
        (True, None, "minimum"),
        (1.5, None, "minimum"),
        ("100", None, "minimum"),
        (None, None, "minimum"),
        (1, 0, "maximum"),
        (1, 2.5, "maximum"),
        (1, False, "maximum"),
        (1, "5", "maximum"),
    ],
)
def test_limit_refuses_a_bad_amount(minimum: Any, maximum: Any, field: str) -> None:
    with pytest.raises(RecordError) as info:
        Limit(minimum, maximum)
    assert info.value.field == field


def test_limit_maximum_below_minimum() -> None:
    with pytest.raises(MaterialError, match="maximum 99 is below minimum 100"):
        Limit(100, 99)


# --- BetLimits ------------------------------------------------------------------------------


TABLE = BetLimits(Limit(100, 50_000), {"tie": Limit(100, 5_000), "pair": Limit(500)})


@pytest.mark.parametrize(
    ("bet", "total"),
    [
        ("main", 100),
        ("main", 50_000),
        ("main", 2_500),
        ("tie", 100),
        ("tie", 5_000),
        ("pair", 500),
        ("pair", 10**12),  # no maximum for pair
    ],
)
def test_bet_limits_allow(bet: str, total: int) -> None:
    TABLE.check(bet, total)  # no error


@pytest.mark.parametrize(
    ("bet", "total", "message"),
    [
        ("main", 99, "a main stake must be at least 100 units, got 99"),
        ("main", 0, "a main stake must be at least 100 units, got 0"),
        ("main", 50_001, "a main stake may be at most 50000 units, got 50001"),
        ("tie", 5_001, "a tie stake may be at most 5000 units, got 5001"),
        ("tie", 99, "a tie stake must be at least 100 units, got 99"),
        ("pair", 499, "a pair stake must be at least 500 units, got 499"),
        ("other", 50_001, "a other stake may be at most 50000 units, got 50001"),
    ],
)
def test_bet_limits_refuse(bet: str, total: int, message: str) -> None:
    with pytest.raises(RuleViolation) as info:
        TABLE.check(bet, total)
    assert info.value.rule == "table limits"
    assert str(info.value) == f"table limits: {message}"


def test_bet_limits_per_bet_override() -> None:
    assert TABLE.limit("tie") == Limit(100, 5_000)
    assert TABLE.limit("pair") == Limit(500)
    assert TABLE.limit("main") is TABLE.default
    assert TABLE.limit("anything") == Limit(100, 50_000)
    TABLE.check("main", 6_000)
    with pytest.raises(RuleViolation):
        TABLE.check("tie", 6_000)


def test_bet_limits_default() -> None:
    limits = BetLimits()
    assert limits.default == Limit() and dict(limits.by_bet) == {}
    limits.check("main", 1)
    limits.check("main", 10**18)
    with pytest.raises(RuleViolation):
        limits.check("main", 0)


def test_bet_limits_are_immutable_and_own_their_mapping() -> None:
    source = {"tie": Limit(100, 5_000)}
    limits = BetLimits(Limit(), source)
    source["tie"] = Limit(1, 1)
    source["main"] = Limit(7)
    assert dict(limits.by_bet) == {"tie": Limit(100, 5_000)}
    with pytest.raises(TypeError):
        limits.by_bet["tie"] = Limit()  # type: ignore[index]
    with pytest.raises(FrozenInstanceError):
        limits.default = Limit(5)  # type: ignore[misc]


def test_bet_limits_equality_and_hash() -> None:
    a = BetLimits(Limit(100, 500), {"tie": Limit(100), "main": Limit(200)})
    b = BetLimits(Limit(100, 500), {"main": Limit(200), "tie": Limit(100)})
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    assert a != BetLimits(Limit(100, 500), {"tie": Limit(100)})
    assert a != BetLimits(Limit(100, 501), {"tie": Limit(100), "main": Limit(200)})
    assert a != BetLimits(Limit(100, 500), {"tie": Limit(101), "main": Limit(200)})
    assert BetLimits() == BetLimits(Limit(1, None), {})
    assert a != "limits" and a != a.to_dict()
    assert a.__eq__(object()) is NotImplemented


def test_bet_limits_to_dict() -> None:
    data = TABLE.to_dict()
    assert data == {
        "default": {"minimum": 100, "maximum": 50_000},
        "by_bet": {
            "pair": {"minimum": 500, "maximum": None},
            "tie": {"minimum": 100, "maximum": 5_000},
        },
    }
    assert list(data["by_bet"]) == ["pair", "tie"]  # sorted: a canonical form


def test_bet_limits_round_trip() -> None:
    assert BetLimits.from_dict(TABLE.to_dict()) == TABLE
    assert BetLimits.from_dict(json.loads(json.dumps(TABLE.to_dict()))) == TABLE
    assert BetLimits.from_dict(BetLimits().to_dict()) == BetLimits()


def test_bet_limits_from_dict_fills_defaults() -> None:
    assert BetLimits.from_dict({}) == BetLimits()
    assert BetLimits.from_dict({"default": {}}) == BetLimits()
    assert BetLimits.from_dict({"default": {"maximum": 10}}) == BetLimits(Limit(1, 10))
    assert BetLimits.from_dict({"by_bet": {"tie": {"minimum": 5}}}) == BetLimits(
        Limit(), {"tie": Limit(5)}
    )


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (None, "limits"),
        ([], "limits"),
        ("limits", "limits"),
        ({"default": {}, "junk": 1}, "junk"),
        ({"maximum": 100}, "maximum"),  # a Limit's fields at the top level are junk here
        ({"by_bet": []}, "by_bet"),
        ({"by_bet": "tie"}, "by_bet"),
        ({"default": None}, "default"),
        ({"default": [1, 2]}, "default"),
        ({"default": {"minimum": 1, "max": 2}}, "default"),
        ({"default": {"minimum": 0}}, "minimum"),
        ({"default": {"minimum": True}}, "minimum"),
        ({"default": {"minimum": 1.0}}, "minimum"),
        ({"default": {"minimum": "100"}}, "minimum"),
        ({"default": {"minimum": None}}, "minimum"),
        ({"default": {"maximum": 0}}, "maximum"),
        ({"default": {"maximum": 2.5}}, "maximum"),
        ({"default": {"maximum": "5000"}}, "maximum"),
        ({"by_bet": {"tie": None}}, "tie"),
        ({"by_bet": {"tie": {"minimum": 1, "extra": 1}}}, "tie"),
        ({"by_bet": {"tie": {"maximum": False}}}, "maximum"),
    ],
)
def test_bet_limits_from_dict_refuses_junk(data: Any, field: str) -> None:
    with pytest.raises(RecordError) as info:
        BetLimits.from_dict(data)
    assert info.value.field == field


def test_bet_limits_from_dict_refuses_an_inverted_limit() -> None:
    with pytest.raises(CroupierError, match="below minimum"):
        BetLimits.from_dict({"by_bet": {"tie": {"minimum": 500, "maximum": 100}}})


limits = st.builds(
    lambda lo, span: Limit(lo, None if span is None else lo + span),
    st.integers(1, 10**6),
    st.none() | st.integers(0, 10**6),
)


@given(limits, st.dictionaries(st.text(min_size=1, max_size=8), limits, max_size=5))
def test_any_bet_limits_round_trip(default: Limit, by_bet: dict[str, Limit]) -> None:
    table = BetLimits(default, by_bet)
    back = BetLimits.from_dict(json.loads(json.dumps(table.to_dict())))
    assert back == table and hash(back) == hash(table)
    assert back.to_dict() == table.to_dict()


@given(limits, st.integers(-10, 2 * 10**6))
def test_check_agrees_with_the_limit(limit: Limit, total: int) -> None:
    allowed = total >= limit.minimum and (limit.maximum is None or total <= limit.maximum)
    table = BetLimits(Limit(), {"bet": limit})
    if allowed:
        table.check("bet", total)
    else:
        with pytest.raises(RuleViolation):
            table.check("bet", total)


def test_limits_must_name_bets_the_game_has() -> None:
    limits = BetLimits(Limit(1, None), {"tie": Limit(1, 10), "banco": Limit(1, 10)})
    limits.require_bets(["tie", "banco"], "Art 8")
    with pytest.raises(MaterialError, match=r"Art 8: no bet 'banco' to limit"):
        limits.require_bets(["main", "tie"], "Art 8")
