"""Settlement lines: what each result owes, what is paid, carried and kept, and the balance."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.errors import CroupierError
from croupier.money import Rounding
from croupier.settlement import BetDecision, PayoutLine, Result, Settlement


def line(
    stake: int,
    result: Result,
    *,
    prize: Fraction = Fraction(0),
    commission: Fraction = Fraction(0),
    rounding: Rounding = Rounding.HOUSE,
    player: str = "ana",
    position: int = 1,
    bet: str = "main",
) -> PayoutLine:
    return PayoutLine.settle(
        player,
        position,
        bet,
        stake,
        result,
        prize=prize,
        commission=commission,
        rounding=rounding,
        article="Art 9",
    )


def test_result_values() -> None:
    assert [r.value for r in Result] == ["win", "lose", "push", "carry", "half"]


def test_bet_decision() -> None:
    decision = BetDecision(Result.WIN, 8, False, "Art 9.3")
    assert (decision.result, decision.prize, decision.commission, decision.article) == (
        Result.WIN,
        8,
        False,
        "Art 9.3",
    )
    assert decision == BetDecision(Result.WIN, 8, False, "Art 9.3")
    with pytest.raises(FrozenInstanceError):
        decision.prize = 9  # type: ignore[misc]


# --- one line per result --------------------------------------------------------------------


def test_win_with_commission() -> None:
    won = line(100, Result.WIN, prize=Fraction(100), commission=Fraction(5))
    assert won.owed == 195 and won.paid == 195 and won.carried == 0
    assert won.net == 95
    assert (won.player, won.position, won.bet, won.stake, won.article) == (
        "ana",
        1,
        "main",
        100,
        "Art 9",
    )
    assert won.prize == 100 and won.commission == 5
    assert isinstance(won.owed, Fraction) and type(won.paid) is int


def test_win_without_commission() -> None:
    won = line(250, Result.WIN, prize=Fraction(8 * 250))
    assert (won.owed, won.paid, won.net, won.carried) == (Fraction(2250), 2250, 2000, 0)


@pytest.mark.parametrize(
    ("rounding", "paid"), [(Rounding.HOUSE, 19), (Rounding.PLAYER, 20), (Rounding.HALF_EVEN, 20)]
)
def test_win_with_a_fractional_commission(rounding: Rounding, paid: int) -> None:
    # stake 10, prize 10, 5% commission = 1/2: owed 19.5
    won = line(10, Result.WIN, prize=Fraction(10), commission=Fraction(1, 2), rounding=rounding)
    assert won.owed == Fraction(39, 2)
    assert won.paid == paid
    assert won.net == paid - 10


@pytest.mark.parametrize(
    ("stake", "rounding", "paid"),
    [
        (100, Rounding.HOUSE, 50),
        (100, Rounding.PLAYER, 50),
        (25, Rounding.HOUSE, 12),
        (25, Rounding.PLAYER, 13),
        (25, Rounding.HALF_EVEN, 12),  # 12.5 -> 12
        (27, Rounding.HALF_EVEN, 14),  # 13.5 -> 14
        (1, Rounding.HOUSE, 0),
    ],
)
def test_half(stake: int, rounding: Rounding, paid: int) -> None:
    half = line(stake, Result.HALF, rounding=rounding)
    assert half.owed == Fraction(stake, 2)
    assert half.paid == paid and half.carried == 0
    assert half.net == paid - stake


def test_push() -> None:
    pushed = line(300, Result.PUSH)
    assert (pushed.owed, pushed.paid, pushed.carried, pushed.net) == (Fraction(300), 300, 0, 0)


def test_lose() -> None:
    lost = line(300, Result.LOSE)
    assert (lost.owed, lost.paid, lost.carried, lost.net) == (Fraction(0), 0, 0, -300)


def test_carry() -> None:
    carried = line(300, Result.CARRY)
    assert (carried.owed, carried.paid, carried.carried, carried.net) == (Fraction(0), 0, 300, 0)


@pytest.mark.parametrize("rounding", list(Rounding))
@pytest.mark.parametrize("result", [Result.LOSE, Result.PUSH, Result.CARRY])
def test_whole_results_do_not_depend_on_rounding(result: Result, rounding: Rounding) -> None:
    assert line(333, result, rounding=rounding) == line(333, result)


def test_settle_takes_the_result_by_its_value() -> None:
    # a StrEnum equals its text: "push" must not be settled as a loss
    pushed = line(300, "push")  # type: ignore[arg-type]
    assert pushed.result is Result.PUSH and pushed.paid == 300
    assert replace(pushed, result="push").result is Result.PUSH  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        line(300, "tie")  # type: ignore[arg-type]


def test_lines_are_frozen() -> None:
    won = line(100, Result.WIN, prize=Fraction(100))
    with pytest.raises(FrozenInstanceError):
        won.paid = 300  # type: ignore[misc]


# --- inconsistent lines are refused ---------------------------------------------------------


WON = line(100, Result.WIN, prize=Fraction(100), commission=Fraction(5))
HALF = line(25, Result.HALF)  # owed 25/2, paid 12
CARRIED = line(100, Result.CARRY)


def test_a_consistent_line_can_be_rebuilt() -> None:
    assert replace(WON) == WON
    assert replace(HALF, paid=13).paid == 13  # either side of 12.5 is within one unit


@pytest.mark.parametrize(
    ("base", "changes", "message"),
    [
        (WON, {"owed": Fraction(200)}, "owes 195"),
        (WON, {"stake": 101}, "owes 196"),
        (WON, {"prize": Fraction(101)}, "owes 196"),
        (WON, {"commission": Fraction(4)}, "owes 196"),
        (WON, {"result": Result.PUSH}, "owes 100"),
        (WON, {"paid": 194}, "paid 194 for 195 owed"),
        (WON, {"paid": 196}, "paid 196 for 195 owed"),
        (WON, {"carried": 100}, "only a carried bet"),
        (HALF, {"paid": 11}, "paid 11"),
        (HALF, {"paid": 14}, "paid 14"),
        (HALF, {"owed": Fraction(12)}, "owes 25/2"),
        (CARRIED, {"carried": 0}, "only a carried bet"),
        (CARRIED, {"carried": 50}, "only a carried bet"),
        (CARRIED, {"paid": 100, "owed": Fraction(100)}, "owes 0"),
        (CARRIED, {"paid": 1}, "paid 1 for 0 owed"),
        (line(5, Result.LOSE), {"paid": 1}, "paid 1 for 0 owed"),
        (line(5, Result.LOSE), {"paid": -1}, "paid -1"),
        (line(5, Result.LOSE), {"prize": Fraction(5)}, "only a winning bet"),
        (line(5, Result.PUSH), {"prize": Fraction(2), "commission": Fraction(1)}, "winning"),
        (line(5, Result.PUSH), {"commission": Fraction(1)}, "exceeds the prize 0"),
        (line(5, Result.PUSH), {"prize": Fraction(5), "owed": Fraction(5)}, "winning"),
        (line(0, Result.LOSE), {"stake": -5}, "must be >= 0"),
        (WON, {"prize": Fraction(-1), "owed": Fraction(94)}, "must be >= 0"),
        (WON, {"commission": Fraction(-5), "owed": Fraction(205), "paid": 205}, ">= 0"),
    ],
)
def test_inconsistent_lines_are_refused(
    base: PayoutLine, changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(CroupierError, match=message):
        replace(base, **changes)


@pytest.mark.parametrize(
    ("stake", "prize", "commission"),
    [
        (-100, Fraction(0), Fraction(0)),
        (100, Fraction(-50), Fraction(0)),
        (100, Fraction(100), Fraction(-5)),
        (100, Fraction(10), Fraction(11)),  # a commission larger than the prize
        (1, Fraction(1), Fraction(500)),  # would owe a negative amount
    ],
)
def test_settle_refuses_impossible_terms(stake: int, prize: Fraction, commission: Fraction) -> None:
    with pytest.raises(CroupierError):
        line(stake, Result.WIN, prize=prize, commission=commission)


def test_settle_refuses_a_negative_stake_whatever_the_result() -> None:
    for result in Result:
        with pytest.raises(CroupierError, match="must be >= 0"):
            line(-100, result)


@pytest.mark.parametrize("result", [Result.LOSE, Result.PUSH, Result.CARRY, Result.HALF])
def test_settle_refuses_a_prize_unless_won(result: Result) -> None:
    with pytest.raises(CroupierError, match="only a winning bet"):
        line(100, result, prize=Fraction(100))
    with pytest.raises(CroupierError):
        line(100, result, prize=Fraction(100), commission=Fraction(5))


# --- the settlement -------------------------------------------------------------------------


def test_empty_settlement() -> None:
    empty = Settlement(())
    assert (empty.staked, empty.paid, empty.carried, empty.house_result) == (0, 0, 0, 0)
    assert empty.commission == 0 and empty.rounding == 0
    assert empty.net_by_player() == {}


def test_settlement_aggregates() -> None:
    lines = (
        line(100, Result.WIN, prize=Fraction(100), commission=Fraction(5), player="ana"),
        line(25, Result.HALF, player="ana", bet="post"),  # owed 12.5, paid 12
        line(10, Result.WIN, prize=Fraction(10), commission=Fraction(1, 2), player="bo"),
        line(300, Result.LOSE, player="bo", position=2),
        line(200, Result.CARRY, player="cy", bet="tie"),
        line(50, Result.PUSH, player="cy"),
    )
    settlement = Settlement(lines)
    assert settlement.staked == 100 + 25 + 10 + 300 + 200 + 50
    assert settlement.paid == 195 + 12 + 19 + 0 + 0 + 50
    assert settlement.carried == 200
    assert settlement.commission == Fraction(11, 2)
    assert settlement.rounding == Fraction(1, 2) + Fraction(1, 2)
    assert settlement.house_result == 685 - 276 - 200 == 209
    assert settlement.net_by_player() == {"ana": 95 - 13, "bo": 9 - 300, "cy": 0}
    assert list(settlement.net_by_player()) == ["ana", "bo", "cy"]
    assert sum(x.net for x in lines) + settlement.house_result == 0


def test_player_rounding_is_negative() -> None:
    settlement = Settlement((line(25, Result.HALF, rounding=Rounding.PLAYER),))
    assert settlement.rounding == Fraction(-1, 2)
    assert settlement.house_result == 12


def test_settlement_doc_example() -> None:
    won = line(100, Result.WIN, prize=Fraction(100), commission=Fraction(5))
    assert Settlement((won,)).house_result == -95


# --- random lines: the identities -----------------------------------------------------------


@st.composite
def payout_lines(draw: st.DrawFn) -> PayoutLine:
    stake = draw(st.integers(0, 10**7))
    result = draw(st.sampled_from(Result))
    rounding = draw(st.sampled_from(Rounding))
    prize = commission = Fraction(0)
    if result is Result.WIN:
        multiple = draw(st.fractions(min_value=0, max_value=500, max_denominator=8))
        prize = multiple * stake + draw(st.integers(0, 100))
        commission = prize * draw(st.fractions(min_value=0, max_value=1, max_denominator=1000))
    return PayoutLine.settle(
        draw(st.sampled_from(["ana", "bo", "cy"])),
        draw(st.integers(0, 6)),
        draw(st.sampled_from(["main", "tie", "pair"])),
        stake,
        result,
        prize=prize,
        commission=commission,
        rounding=rounding,
        article="Art 9",
    )


@given(st.lists(payout_lines(), max_size=12))
def test_settlement_identities(lines: list[PayoutLine]) -> None:
    settlement = Settlement(tuple(lines))
    for x in lines:
        assert abs(x.owed - x.paid) < 1
        assert x.paid >= 0
        assert x.net == x.paid + x.carried - x.stake
        assert x.carried == (x.stake if x.result is Result.CARRY else 0)
        if x.result is not Result.WIN:
            assert x.prize == 0 and x.commission == 0
        assert replace(x) == x  # each line passes its own consistency checks
    assert sum(x.net for x in lines) + settlement.house_result == 0
    assert settlement.staked == settlement.paid + settlement.carried + settlement.house_result
    assert sum(settlement.net_by_player().values()) == -settlement.house_result
    assert settlement.commission == sum((x.commission for x in lines), Fraction(0))
    owed = sum((x.owed for x in lines), Fraction(0))
    assert settlement.rounding == owed - settlement.paid
    assert settlement.house_result == settlement.staked - settlement.carried - owed + (
        settlement.rounding
    )


@given(payout_lines())
def test_the_rounding_decides_the_side_of_the_fraction(x: PayoutLine) -> None:
    house = replace(x, paid=int(x.owed // 1))
    assert house.owed - house.paid >= 0
    if x.owed.denominator != 1:
        player = replace(x, paid=house.paid + 1)
        assert player.owed - player.paid < 0
        with pytest.raises(CroupierError):
            replace(x, paid=house.paid + 2)
    else:
        assert x.paid == x.owed
        with pytest.raises(CroupierError):
            replace(x, paid=house.paid + 1)
