"""Art 6's top-ups on a run's hot path: ``owing_top_ups`` (the stacks as kept, the few found
sorted) is the reference's listcomp over the sorted seats, and a top-up's fold (first in
``_apply_table``, the least capital read at the table's opening) leaves the table as the
reference's reading did, on tables made at random (stacks kept in any seat order, owing seats,
any threshold)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import CroupierError
from croupier.games.five_card_stud.events import PlayerToppedUp
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame
from croupier.games.five_card_stud.state import StudState


def _table(rng: random.Random) -> StudState:
    """A table between hands: seats seated in any order, stacks around the threshold, some
    seats owing (Art 6, during-hand duty)."""
    table = StudGame(StudOptions())
    below = table._top_up_below
    seats = rng.sample(range(1, 8), rng.randint(0, 7))
    for s in seats:  # kept in the order seated, not seat order
        table._players[s] = f"p{s}"
        table._stacks[s] = rng.choice([0, 1, below - 1, below, below + 1, 5 * below])
    table._owing = {s for s in seats if rng.random() < 0.3}
    return table


@settings(max_examples=500, deadline=None)
@given(st.randoms(use_true_random=False))
def test_art6_owing_top_ups_is_the_sorted_seats_reading(rng: random.Random) -> None:
    table = _table(rng)
    stacks, owing, below = table._stacks, table._owing, table._top_up_below
    reference = [s for s in sorted(stacks) if stacks[s] < below or s in owing]
    assert table.owing_top_ups() == reference
    assert table.owing_top_ups() == [s for s in sorted(stacks) if table.must_top_up(s)]


@settings(max_examples=500, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 10_000))
def test_art6_a_top_up_s_fold_is_the_reference_s(rng: random.Random, amount: int) -> None:
    """The fold of a top-up, through the table's steps (``_apply``), as the reference wrote it:
    the capital added, the seat owing no more once at the least capital (``options``')."""
    table = _table(rng)
    if not table._stacks:
        return
    seat = rng.choice(sorted(table._stacks))
    stacks, owing = dict(table._stacks), set(table._owing)
    stacks[seat] += amount
    if stacks[seat] >= table.options.min_buy_in:
        owing.discard(seat)
    table._apply(PlayerToppedUp(seat, amount))
    assert table._stacks == stacks
    assert table._owing == owing


def _dealt_in_reference(table: StudState) -> tuple[int, ...]:
    need, stacks, owing = table._dealt_in_from, table._stacks, table._owing
    return tuple([s for s in sorted(table._players) if stacks[s] >= need and s not in owing])


@settings(max_examples=500, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_art6_dealt_in_is_the_reference_s_reading(rng: random.Random, clear: bool) -> None:
    """``dealt_in`` (the table's one tuple of its seats when nobody owes and every stack
    covers the least capital) is the reference's listcomp over the sorted seats, also once
    players sit down and leave (the tuple is made again)."""
    table = _table(rng)
    if clear:  # the run's every hand: nobody owes, every stack at the least capital or more
        table._owing = set()
        for s in table._stacks:
            table._stacks[s] = max(table._stacks[s], table._dealt_in_from)
    assert table.dealt_in() == _dealt_in_reference(table)
    assert table.dealt_in() == _dealt_in_reference(table)  # the tuple kept
    assert isinstance(table, StudGame)
    free = [s for s in range(1, 8) if s not in table._players]
    if free:
        table.seat_player(free[0], "newcomer", table.options.min_buy_in)
        assert table.dealt_in() == _dealt_in_reference(table)
    if table._players:
        table.leave(min(table._players))
        assert table.dealt_in() == _dealt_in_reference(table)


@settings(max_examples=500, deadline=None)
@given(st.integers(0, 2**32))
def test_art6_a_run_s_top_ups_are_owing_top_ups_s(seed: int) -> None:
    """A run's top-ups before a hand (``simulate_stud._top_up``: the owing seats read in a
    loop of its own) are the reference's: each seat ``owing_top_ups`` names, in its order,
    brought to the least capital, the table as the reference's top-ups leave it."""
    from croupier.commands.simulate_stud import _top_up

    table, reference = _table(random.Random(seed)), _table(random.Random(seed))
    expected: list[tuple[int, int]] | str = []
    try:
        for seat in reference.owing_top_ups():
            amount = reference.options.min_buy_in - reference.stacks[seat]
            reference.top_up(seat, amount)  # type: ignore[attr-defined]
            expected.append((seat, amount))  # type: ignore[union-attr]
    except CroupierError as exc:  # an owing seat above the least capital: no top-up of it
        expected = str(exc)
    try:
        found: list[tuple[int, int]] | str = _top_up(table)  # type: ignore[arg-type]
    except CroupierError as exc:
        found = str(exc)
    assert found == expected
    assert table._stacks == reference._stacks
    assert table._owing == reference._owing
    assert table.log == reference.log
