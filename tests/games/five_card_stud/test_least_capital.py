"""The least capital a seat had during the hand (Art 6: ``HandState.low``, read at the
settlement under ``top_up_duty = during-hand``): the fold writes a seat's new capital as its
least at each of its chips (issue 22), which holds because a seat in the hand only ever loses
capital: top-ups are between hands and the refund of an exposed key card goes to a dead hand.
These tests hold ``low`` to the capital of every seat in the hand after every event, with key
cards exposed now and then."""

from __future__ import annotations

import random

import pytest

from croupier.games.five_card_stud.bots import RandomBot, StrengthBot, new_table
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame, StudPhase
from croupier.games.five_card_stud.rules import TopUpDuty
from croupier.shuffle import SeededShuffler


def _holds(game: StudGame) -> None:
    h = game._hand
    if h is not None:
        stacks = game._stacks
        assert {s: h.low[s] for s in h.live} == {s: stacks[s] for s in h.live}


@pytest.mark.parametrize("seed", range(6))
def test_issue22_a_seat_in_the_hand_has_its_least_capital_of_the_hand(seed: int) -> None:
    rng = random.Random(seed)
    options = StudOptions(top_up_duty=TopUpDuty.DURING_HAND, min_bet=1 + seed % 3)
    players = 3 + seed % 5
    game = new_table(options, players, buy_in=options.min_buy_in + rng.randrange(0, 400))
    bots = {s: (StrengthBot if s % 2 else RandomBot)(rng, cap=2000) for s in game.players}
    shuffler = SeededShuffler(f"low:{seed}")
    exposed = 0
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
            _holds(game)
            seats = game.exposable_seats()
            if seats and rng.random() < 0.05:
                game.expose_key_card(rng.choice(seats))  # the refund goes to a dead hand
                exposed += 1
            elif game.phase is StudPhase.DEALING:
                game.deal()
            else:
                turn = game.to_act
                assert turn is not None
                action, amount = bots[turn].decide(game.observation(turn))
                game.act(turn, action, amount)
        _holds(game)
        game.settle()
    assert exposed  # a refund came mid-hand
