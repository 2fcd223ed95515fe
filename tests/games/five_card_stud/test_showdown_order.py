"""Art 10 e's showdown order (``StudState.showdown_order``): its one loop over the seats in the
hand (in seat order) gives the reference's order, the seat after the best showing (the best
``show_key[s][:2]``, ties to the lowest seat) first, cyclically, the best last; on hands made at
random (ties, folds) and at every settlement of simulated hands."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.games.five_card_stud.bots import run_table
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.order import place_number
from croupier.games.five_card_stud.rules import ShowingTie
from croupier.games.five_card_stud.state import StudState
from croupier.shuffle import SeededShuffler


def _reference(live: list[int], show_key: dict[int, Any]) -> tuple[int, ...]:
    """The order as it was written before issue 22's last pass: ``max`` with a key, then the
    seats from the best cyclically, the best moved last."""
    if len(live) < 2:
        return ()
    best = max(live, key=lambda s: (*show_key[s][:2], -s))
    i = live.index(best)
    cyclic = tuple(live[i:]) + tuple(live[:i])
    return (*cyclic[1:], best)


@settings(max_examples=500, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 7), st.integers(1, 4))
def test_art10_e_showdown_order_is_the_reference_s(
    rng: random.Random, seats: int, kinds: int
) -> None:
    """The seats in the hand (in seat order, some folded), their keys of few kinds (ties in
    the first two items, the suits and tie items differing): the reference's order."""
    live = sorted(rng.sample(range(1, 8), seats))
    show_key = {
        s: (rng.randrange(kinds), (rng.randrange(2),), (rng.randrange(4),), -s) for s in live
    }
    numbers = {s: place_number(key) for s, key in show_key.items()}  # what the fold keeps
    table = SimpleNamespace(_hand=SimpleNamespace(live=live, show_key=numbers))
    assert StudState.showdown_order(table) == _reference(live, show_key)  # type: ignore[arg-type]


def test_art10_e_showdown_order_at_every_settlement_of_simulated_hands() -> None:
    """At every settlement of hands of bots (the default table and one with seat ties), the
    order is the reference's."""
    from croupier.commands.simulate_stud import _make_bot

    seen = 0
    original = StudState.showdown_order

    def checked(self: StudState) -> tuple[int, ...]:
        nonlocal seen
        found = original(self)
        h = self._hand
        if h is not None:
            places = {s: self.showing_keys.key(h.up[s], s) for s in h.live}
            assert found == _reference(h.live, places)
            seen += len(h.live) > 1
        return found

    StudState.showdown_order = checked  # type: ignore[method-assign]
    try:
        for table in (StudOptions(), StudOptions(showing_tie=ShowingTie.SEAT)):
            rng = random.Random("showdown order")
            bots = {
                s: _make_bot(("random", "strength")[s % 2], rng, cap=table.min_buy_in)
                for s in range(1, 7)
            }
            shuffler = SeededShuffler("showdown order")
            run_table(table, bots, shuffler, rng, 200)  # the top-ups of Art 6 before each
    finally:
        StudState.showdown_order = original  # type: ignore[method-assign]
    assert seen > 100
