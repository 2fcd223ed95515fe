"""The best showing at the end of a round of betting (``best_showing``): read from the order the
round was spoken in when every seat in the hand has chips, it is the reference's,
``max(live, key=show_key.__getitem__)``, on rounds made at random (ties, folds, all-ins)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.games.five_card_stud.bots import run_table
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.state import StudState, best_showing
from croupier.shuffle import SeededShuffler


@settings(max_examples=400, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 7), st.integers(1, 4))
def test_best_showing_is_the_first_seat_of_the_best_key(
    rng: random.Random, seats: int, key_kinds: int
) -> None:
    """A round: the seats in the hand at its start (in seat order), their keys (few kinds: ties)
    and chips (some none: all in before the round); the order spoken in, as ``_begin_round``
    sorts it; then folds and all-ins during the round. Every ``speak`` gives the reference's
    seat, an empty one too."""
    start = sorted(rng.sample(range(1, 8), seats))
    show_key = {s: (rng.randrange(key_kinds), (rng.randrange(2),)) for s in start}
    stacks = {s: rng.choice([0, 5, 10]) for s in start}
    able = [s for s in start if stacks[s] > 0]
    speak = sorted(able, key=show_key.__getitem__, reverse=True)
    live = [s for s in start if rng.random() < 0.7] or start[:1]
    for s in live:
        if rng.random() < 0.3:
            stacks[s] = 0  # all in during the round (or before it)
    reference = max(live, key=show_key.__getitem__)
    assert best_showing(live, speak, stacks, show_key) == reference
    assert best_showing(live, (), stacks, show_key) == reference


def test_best_showing_at_every_round_s_end_of_simulated_hands() -> None:
    """At every round's end of hands of bots (all-ins and folds as they come), the order spoken
    in gives the reference's seat."""
    seen = 0
    original = StudState._round_over

    def checked(self: StudState, h, at, speak=()):  # type: ignore[no-untyped-def]
        nonlocal seen
        if speak and len(h.live) > 1:
            reference = max(h.live, key=h.show_key.__getitem__)
            assert best_showing(h.live, speak, self._stacks, h.show_key) == reference
            seen += 1
        original(self, h, at, speak)

    from croupier.commands.simulate_stud import _make_bot

    table = StudOptions()
    rng = random.Random("best showing")
    bots = {
        s: _make_bot(("random", "strength")[s % 2], rng, cap=table.min_buy_in) for s in range(1, 7)
    }
    shuffler = SeededShuffler("best showing")
    StudState._round_over = checked  # type: ignore[method-assign]
    try:
        run_table(table, bots, shuffler, rng, 300)  # the top-ups of Art 6 before each
    finally:
        StudState._round_over = original  # type: ignore[method-assign]
    assert seen > 300


def test_the_order_a_round_is_spoken_in_is_the_sorted_reference() -> None:
    """``_begin_round``'s order of the seats that can bet (two seats: compared without a sort)
    is the reference's, ``sorted(able, key=show_key.__getitem__, reverse=True)`` (a stable sort:
    ties in seat order), at every round of hands of bots, two seats and more."""
    seen: dict[int, int] = {}
    original = StudState._begin_round

    paths = {True: 0, False: 0}  # whether no capital of the hand was 0 (the copy of live)

    def checked(self: StudState, h, at):  # type: ignore[no-untyped-def]
        whole = all(h.low.values())
        original(self, h, at)
        able = [s for s in h.live if self._stacks[s]]
        if len(able) >= 2:
            paths[whole] += 1
            assert h.speak == sorted(able, key=h.show_key.__getitem__, reverse=True)
            assert h.to_act == h.speak[0]
            seen[len(able)] = seen.get(len(able), 0) + 1

    from croupier.commands.simulate_stud import _make_bot

    table = StudOptions()
    rng = random.Random("speaking order")
    bots = {
        s: _make_bot(("random", "strength")[s % 2], rng, cap=table.min_buy_in) for s in range(1, 7)
    }
    shuffler = SeededShuffler("speaking order")
    StudState._begin_round = checked  # type: ignore[method-assign]
    try:
        run_table(table, bots, shuffler, rng, 300)  # the top-ups of Art 6 before each
    finally:
        StudState._begin_round = original  # type: ignore[method-assign]
    assert seen.get(2, 0) > 50 and sum(seen.values()) > 300
    assert paths[True] > 100 and paths[False] > 100  # both ways to the seats able to bet


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=2, max_size=2))
def test_two_seats_speak_in_the_sorted_order(keys: list[int]) -> None:
    """Two seats: the first is the one of the higher key, the lower seat on a tie (as the
    stable sort's); ties included."""
    from croupier.games.five_card_stud.events import HandStarted
    from croupier.games.five_card_stud.hand import HandState
    from croupier.games.five_card_stud.round import StudGame

    game = StudGame(StudOptions())
    game._stacks = {2: 100, 5: 100}
    h = HandState(HandStarted(1, (2, 5), 20, 20))
    h.show_key = dict(zip((2, 5), keys, strict=True))
    game._begin_round(h, None)
    assert h.speak == sorted([2, 5], key=h.show_key.__getitem__, reverse=True)


@settings(max_examples=400, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 7), st.integers(1, 3))
def test_the_seats_able_to_bet_with_or_without_a_capital_at_0(
    rng: random.Random, seats: int, key_kinds: int
) -> None:
    """``_begin_round`` takes the whole hand as the seats able to bet when no capital of the
    hand (``low``) is 0, else the seats of the hand with chips: the reference's order either
    way, on hands made at random (keys of few kinds: ties; stacks at 0 in the hand, and
    capitals at 0 of seats out of it, folded or dead)."""
    from croupier.games.five_card_stud.events import HandStarted
    from croupier.games.five_card_stud.hand import HandState
    from croupier.games.five_card_stud.round import StudGame, StudPhase

    dealt = tuple(sorted(rng.sample(range(1, 8), seats)))
    live = [s for s in dealt if rng.random() < 0.8] or list(dealt[:1])
    game = StudGame(StudOptions())
    game._stacks = {s: rng.choice([0, 5, 10]) for s in dealt}
    h = HandState(HandStarted(1, dealt, 20, 20))
    h.live = live
    h.show_key = {s: rng.randrange(key_kinds) for s in dealt}
    # a seat in the hand: its capital is its stack; out of it: any
    h.low = {s: game._stacks[s] if s in live else rng.choice([0, 5]) for s in dealt}
    h.street = 2
    game._begin_round(h, None)
    able = [s for s in live if game._stacks[s]]
    if len(able) >= 2:
        assert h.speak == sorted(able, key=h.show_key.__getitem__, reverse=True)
        assert h.to_act == h.speak[0]
    else:
        assert game.phase is not StudPhase.BETTING
