"""The fast paths of a stud hand's start and dealing against the obvious ones (issue 22)."""

from __future__ import annotations

import random

from croupier.commands.stud_screen import _top_up
from croupier.games.five_card_stud.bots import RandomBot, new_table, play_hand
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.state import HandState, _seating_of
from croupier.shuffle import SeededShuffler


def test_promise_a_new_hand_state_is_built_as_the_obvious_dicts_and_shares_no_mutable_one() -> None:
    """HandState copies its seats' shared dicts (zeros, the pot money posted) instead of
    building them: each hand gets the dicts the obvious construction gives, its own, and the
    shared ones are never written, hand after hand."""
    table = StudOptions()
    game = new_table(table, 5)
    rng = random.Random(7)
    bots = {s: RandomBot(rng) for s in range(1, 6)}
    shuffler = SeededShuffler("paths")
    seen: list[HandState] = []
    for _ in range(30):
        _top_up(game)
        if game.needs_new_deck:
            game.new_deck()
        game.start_hand()
        h = game._hand
        assert h is not None
        seats = h.seats
        zeros = dict.fromkeys(seats, 0)
        assert h.masks == h.counts == h.round_bet == zeros
        assert h.contrib == dict.fromkeys(seats, table.pot_money)
        assert h.up == {s: [] for s in seats} and h.live == list(seats)
        mutable = (h.masks, h.counts, h.round_bet, h.contrib, h.up)
        assert len({id(d) for d in mutable}) == len(mutable)
        for other in seen:
            assert all(
                a is not b
                for a, b in zip(
                    mutable,
                    (other.masks, other.counts, other.round_bet, other.contrib, other.up),
                    strict=True,
                )
            )
        seen.append(h)
        game.house_void("test", "floor")
        _top_up(game)
        play_hand(game, bots, shuffler, rng)
        seating = _seating_of(seats)
        assert seating.zeros == zeros
        assert all(p == dict.fromkeys(seats, pot) for pot, p in seating.posted.items())
