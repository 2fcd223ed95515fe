"""The next to speak after a bet (issue 22): the fold keeps ``HandState.after`` to the seats
still in the hand (each seat -> those after it, round), the seating's memo of them taken when a
seat folds or is dead (its key card exposed), so the search for the next to speak reads no
list of the seats in the hand. These tests hold ``after`` to the seating's every seat filtered
by the seats in the hand after every event (while two are), and the next to speak to the
search over every seat dealt in (the seats out of the hand passed over), and the next
dealing's order to the seats in the hand from the best showing, with key cards exposed now
and then."""

from __future__ import annotations

import random

import pytest

from croupier.games.five_card_stud.bots import RandomBot, StrengthBot, new_table
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame, StudPhase
from croupier.shuffle import SeededShuffler


def _after_holds(game: StudGame) -> None:
    h = game._hand
    if h is not None and len(h.live) > 1:  # (one left: nobody speaks, it is not read)
        live, every = h.live, h.seating.after
        assert dict(h.after) == {s: tuple(x for x in a if x in live) for s, a in every.items()}


def _next_by_every_seat(game: StudGame, seat: int) -> int | None:
    """The reference search: every seat dealt in after ``seat``, the seats out passed over."""
    h = game._hand
    assert h is not None
    stacks, acted, bets = game._stacks, h.acted, h.round_bet
    for s in h.seating.after[seat]:
        if (s not in acted or bets[s] < h.current) and stacks[s] and s in h.live:
            return s
    return None


@pytest.mark.parametrize("seed", range(6))
def test_issue22_the_next_to_speak_is_found_among_the_seats_in_the_hand(seed: int) -> None:
    rng = random.Random(seed)
    options = StudOptions(min_bet=1 + seed % 3, short_all_in_reopens=seed % 2 == 1)
    players = 3 + seed % 5
    game = new_table(options, players, buy_in=options.min_buy_in + rng.randrange(0, 400))
    bots = {s: (StrengthBot if s % 2 else RandomBot)(rng, cap=2000) for s in game.players}
    shuffler = SeededShuffler(f"after:{seed}")
    exposed = searched = dealt = 0
    for _ in range(40):
        for s in list(game.players):
            if game.must_top_up(s):
                game.top_up(s, options.min_buy_in - game.stacks[s])
        if game.needs_new_deck:
            game.new_deck()
        game.start_hand()
        game.shuffle(shuffler)
        game.burn()
        while game.phase is not StudPhase.SHOWDOWN:
            _after_holds(game)
            seats = game.exposable_seats()
            if seats and rng.random() < 0.05:
                game.expose_key_card(rng.choice(seats))
                exposed += 1
            elif game.phase is StudPhase.DEALING:
                game.deal()
            else:
                turn = game.to_act
                h = game._hand
                assert turn is not None and h is not None
                action, amount = bots[turn].decide(game.observation(turn))
                game.act(turn, action, amount)
                if h.opened and game.phase is StudPhase.BETTING:
                    assert h.to_act == _next_by_every_seat(game, turn)
                    searched += 1
                elif h.opened and len(h.live) > 1:  # the round is over: nobody owes
                    assert _next_by_every_seat(game, turn) is None
                if game._phase is StudPhase.DEALING:  # from the best showing, round the hand
                    i = h.live.index(h.queue[0])
                    assert h.queue == h.live[i:] + h.live[:i]
                    dealt += 1
        _after_holds(game)
        game.settle()
    assert exposed and searched > 100 and dealt > 50
