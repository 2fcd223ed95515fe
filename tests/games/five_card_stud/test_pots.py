"""Pots, side pots and the house's commission of five-card stud (Portaria 104/85/M Art 4, 9,
11 a): :func:`uncalled`, :func:`build_pots`, :func:`award`."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.games.five_card_stud.pots import (
    Pot,
    award,
    award_at,
    build_pots,
    settle_pots,
    uncalled,
)
from croupier.games.five_card_stud.rules import OddChip
from croupier.money import Rounding, pay

RATE = Fraction(4, 100)


def pots_of(
    contributions: dict[int, int], live: set[int], deduction: int = 0
) -> list[tuple[int, tuple[int, ...]]]:
    return [(p.amount, p.eligible) for p in build_pots(contributions, live, deduction)]


# -- uncalled (Art 9) --------------------------------------------------------------------------


def test_art9_the_final_bet_nobody_called_goes_back() -> None:
    assert uncalled({1: 20, 2: 120}, live={2}) == (2, 100)
    assert uncalled({1: 20, 2: 120, 3: 70}, live={2}) == (2, 50)
    # the largest stake was called in full: nothing comes back
    assert uncalled({1: 120, 2: 120, 3: 20}, live={1, 2}) is None
    assert uncalled({1: 20, 2: 20}, live={1, 2}) is None


def test_art9_a_short_all_in_call_leaves_the_rest_uncalled() -> None:
    # seat 1 bet 500, seat 2 could call only 300 (all in): 200 was matched by nobody
    assert uncalled({1: 520, 2: 320}, live={1, 2}) == (1, 200)


def test_art9_nothing_comes_back_to_a_folded_seat() -> None:
    assert uncalled({1: 300, 2: 100}, live={2}) is None


def test_art9_uncalled_with_no_contributions() -> None:
    assert uncalled({}, live=set()) is None
    assert uncalled({1: 0, 2: 0}, live={1, 2}) is None


# -- build_pots (Art 11 a) ---------------------------------------------------------------------


def test_art11_a_one_pot_when_everyone_put_in_the_same() -> None:
    assert pots_of({1: 120, 2: 120, 3: 120}, {1, 2, 3}) == [(360, (1, 2, 3))]


def test_art11_a_side_pots_of_successive_all_ins() -> None:
    # 1 all in for 100, 2 all in for 300, 3 and 4 went on to 700
    contributions = {1: 100, 2: 300, 3: 700, 4: 700}
    assert pots_of(contributions, {1, 2, 3, 4}) == [
        (400, (1, 2, 3, 4)),
        (600, (2, 3, 4)),
        (800, (3, 4)),
    ]


def test_art11_a_folded_players_chips_stay_in_the_pots_they_reached() -> None:
    # 5 folded after putting in 500: 100 in the main pot, 200 in the first side pot, 200 next
    contributions = {1: 100, 2: 300, 3: 700, 4: 700, 5: 500}
    assert pots_of(contributions, {1, 2, 3, 4}) == [
        (500, (1, 2, 3, 4)),
        (800, (2, 3, 4)),
        (1000, (3, 4)),
    ]
    # a folded seat that put in less than the smallest all-in: all of it in the main pot
    assert pots_of({1: 100, 2: 300, 3: 300, 4: 20}, {1, 2, 3}) == [(320, (1, 2, 3)), (400, (2, 3))]


def test_art11_a_the_docstring_example() -> None:
    contributions = {1: 120, 2: 50, 3: 300, 4: 300}
    assert pots_of(contributions, {2, 3, 4}) == [(200, (2, 3, 4)), (570, (3, 4))]


def test_art8_the_initial_commission_comes_off_the_main_pot() -> None:
    contributions = {1: 100, 2: 300, 3: 300}
    assert pots_of(contributions, {1, 2, 3}, deduction=20) == [(280, (1, 2, 3)), (400, (2, 3))]
    assert pots_of({1: 20, 2: 20}, {1, 2}, deduction=20) == [(20, (1, 2))]


def test_art8_a_deduction_above_the_main_pot_is_an_error() -> None:
    with pytest.raises(ValueError):
        build_pots({1: 10, 2: 10}, {1, 2}, deduction=21)


def test_art11_a_chips_above_the_top_live_level_join_the_top_pot() -> None:
    # 1 all in for 50; 3 and 4 bet 400 each and then both folded: nobody still in the hand
    # contested the 700 above 50; they go with the top pot (the engine's reading)
    assert pots_of({1: 50, 2: 50, 3: 400, 4: 400}, {1, 2}) == [(900, (1, 2))]
    assert pots_of({1: 50, 2: 100, 3: 400}, {1, 2}) == [(150, (1, 2)), (400, (2,))]


def test_art11_a_a_single_live_seat_takes_one_pot() -> None:
    assert pots_of({1: 20, 2: 20, 3: 20}, {2}) == [(60, (2,))]
    # every live player's chips came back: one pot of what the folded left
    assert pots_of({1: 20, 2: 0}, {2}) == [(20, (2,))]


contributions_st = st.dictionaries(
    st.integers(1, 7), st.integers(0, 5000), min_size=2, max_size=7
).filter(lambda d: any(d.values()))


@given(contributions_st, st.data())
def test_art11_a_pots_add_up_and_nest(contributions: dict[int, int], data: st.DataObject) -> None:
    seats = sorted(contributions)
    live = set(data.draw(st.lists(st.sampled_from(seats), min_size=1, unique=True)))
    pots = build_pots(contributions, live)
    assert sum(p.amount for p in pots) == sum(contributions.values())
    assert all(p.amount >= 0 for p in pots)
    for before, after in itertools.pairwise(pots):
        assert set(after.eligible) < set(before.eligible)  # each side pot: fewer contenders
    for pot in pots:
        assert set(pot.eligible) <= live and pot.eligible
    # a live seat below the top pot wins from each seat at most what it put in itself
    for seat in live - set(pots[-1].eligible):
        reachable = sum(p.amount for p in pots if seat in p.eligible)
        stake = contributions[seat]
        assert reachable == sum(min(c, stake) for c in contributions.values())


# -- award (Art 4, 9) --------------------------------------------------------------------------


def test_art4_the_best_hand_takes_the_pot_less_4_percent() -> None:
    result = award(
        Pot(1000, (1, 2, 3)), {1: 5, 2: 9, 3: 7}, (2, 3, 1), RATE, Rounding.HOUSE, OddChip.HOUSE
    )
    assert result.winners == (2,)
    assert result.commission == 40
    assert result.paid == ((2, 960),)
    assert result.odd_to_house == 0


def test_art4_a_lone_eligible_seat_wins_without_strengths() -> None:
    result = award(Pot(230, (4,)), {}, (), RATE, Rounding.HOUSE, OddChip.SHOWDOWN_ORDER)
    assert result.winners == (4,)
    assert result.paid == ((4, 220),)  # 230 * 0.96 = 220.8, the house keeps the fraction
    assert result.commission == 10


def test_art4_equal_hands_split_odd_chips_in_showdown_order() -> None:
    # 211 to share between seats 5 and 2; the showdown order is 5, 1, 2
    result = award(
        Pot(211, (1, 2, 5)),
        {1: 3, 2: 8, 5: 8},
        (5, 1, 2),
        Fraction(0),
        Rounding.HOUSE,
        OddChip.SHOWDOWN_ORDER,
    )
    assert result.winners == (5, 2)
    assert result.paid == ((5, 106), (2, 105))
    assert result.odd_to_house == 0
    assert result.commission == 0


def test_art4_three_way_split_two_odd_chips_to_the_first_shown() -> None:
    result = award(
        Pot(302, (1, 2, 3)),
        {1: 8, 2: 8, 3: 8},
        (2, 3, 1),
        Fraction(0),
        Rounding.HOUSE,
        OddChip.SHOWDOWN_ORDER,
    )
    assert result.paid == ((2, 101), (3, 101), (1, 100))


def test_art4_odd_chips_to_the_house_option() -> None:
    result = award(
        Pot(302, (1, 2, 3)),
        {1: 8, 2: 8, 3: 8},
        (2, 3, 1),
        Fraction(0),
        Rounding.HOUSE,
        OddChip.HOUSE,
    )
    assert result.paid == ((2, 100), (3, 100), (1, 100))
    assert result.odd_to_house == 2


def test_art4_a_split_after_the_commission() -> None:
    # 220 less 4% = 211.2 -> 211 paid, 9 commission; 106 + 105
    result = award(
        Pot(220, (1, 2)), {1: 4, 2: 4}, (2, 1), RATE, Rounding.HOUSE, OddChip.SHOWDOWN_ORDER
    )
    assert result.commission == 9
    assert result.paid == ((2, 106), (1, 105))


def test_art4_suits_never_break_a_showdown_tie() -> None:
    # strengths are what decides: equal strengths split, whatever the seats' order
    result = award(
        Pot(100, (3, 4)), {3: 1, 4: 1}, (4, 3), Fraction(0), Rounding.HOUSE, OddChip.HOUSE
    )
    assert result.winners == (4, 3)
    assert result.paid == ((4, 50), (3, 50))


@given(
    amount=st.integers(0, 10**7),
    num=st.integers(0, 99),
    den=st.integers(1, 100),
    rounding=st.sampled_from(list(Rounding)),
)
def test_art9_commission_rounding_is_money_pay_of_the_exact_fraction(
    amount: int, num: int, den: int, rounding: Rounding
) -> None:
    rate = Fraction(num % den, den)  # in [0, 1)
    result = award(Pot(amount, (1,)), {1: 0}, (1,), rate, rounding, OddChip.HOUSE)
    exact = Fraction(amount) * (1 - rate)
    assert result.paid == ((1, pay(exact, rounding)),)
    assert result.commission == amount - pay(exact, rounding)


@given(
    amount=st.integers(0, 10**6),
    winners=st.integers(1, 7),
    rate=st.sampled_from([Fraction(0), RATE, Fraction(1, 20), Fraction(1, 3), Fraction(99, 100)]),
    rounding=st.sampled_from(list(Rounding)),
    odd_chip=st.sampled_from(list(OddChip)),
)
def test_art4_art9_sums_balance(
    amount: int, winners: int, rate: Fraction, rounding: Rounding, odd_chip: OddChip
) -> None:
    seats = tuple(range(1, winners + 2))  # one more seat than winners, with a weaker hand
    strengths = {s: 5 for s in seats[:-1]} | {seats[-1]: 1}
    order = tuple(reversed(seats))
    result = award(Pot(amount, seats), strengths, order, rate, rounding, odd_chip)
    paid = [a for _, a in result.paid]
    assert sum(paid) + result.commission + result.odd_to_house == amount
    assert set(result.winners) == set(seats[:-1])
    assert result.winners == tuple(s for s in order if s in seats[:-1])  # showdown order
    assert max(paid) - min(paid) <= 1
    assert paid == sorted(paid, reverse=True)  # odd units to the first shown
    net = pay(Fraction(amount) * (1 - rate), rounding)
    assert result.commission == amount - net
    if odd_chip is OddChip.HOUSE:
        assert len(set(paid)) == 1
        assert result.odd_to_house == net % len(result.winners)
    else:
        assert result.odd_to_house == 0


# -- settle_pots: build_pots and award in one pass -----------------------------------------------


@given(
    st.dictionaries(st.integers(1, 7), st.integers(0, 3000), min_size=1, max_size=7),
    st.data(),
    st.sampled_from([Fraction(0), RATE, Fraction(1, 20), Fraction(1, 3), Fraction(99, 100)]),
    st.sampled_from(list(Rounding)),
    st.sampled_from(list(OddChip)),
)
def test_settle_pots_is_build_pots_then_award_at(
    contributions: dict[int, int],
    data: st.DataObject,
    rate: Fraction,
    rounding: Rounding,
    odd_chip: OddChip,
) -> None:
    """The promise of settle_pots (the settlement's one pass): the very results of build_pots
    and award_at, pot by pot, or the same ValueError, on every table a settlement can give
    (every live seat among the contributions; the showdown order the live seats in some
    order, when two or more are; strengths with ties)."""
    seats = sorted(contributions)
    live = sorted(data.draw(st.lists(st.sampled_from(seats), min_size=1, unique=True)))
    order = tuple(data.draw(st.permutations(live))) if len(live) > 1 else ()
    strengths = {s: data.draw(st.integers(0, 3)) for s in order}
    deduction = data.draw(st.integers(0, 400))
    among = order or tuple(live)
    pair = (rate.numerator, rate.denominator)
    try:
        expected = tuple(
            award_at(p, strengths, among, pair, rounding, odd_chip)
            for p in build_pots(contributions, live, deduction)
        )
    except ValueError as exc:
        with pytest.raises(ValueError, match=f"^{exc}$"):
            settle_pots(contributions, live, deduction, strengths, among, pair, rounding, odd_chip)
        return
    got = settle_pots(contributions, live, deduction, strengths, among, pair, rounding, odd_chip)
    assert got == expected
