"""Art 11 b: a player who lets his time run out has his hand folded, exactly as his own fold at
that time folds it (2777ab8 folds a TimedOut through the fold's step): the same hand state,
stacks, phase, clock and next to speak, and the same rest of the hand (review of wip/deal22)."""

from __future__ import annotations

import random

import pytest

from croupier.games.five_card_stud.bots import RandomBot, StrengthBot, new_table, play_hand
from croupier.games.five_card_stud.events import Act
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame
from croupier.games.five_card_stud.state import HandState, StudPhase
from croupier.games.five_card_stud.view import legal_of
from croupier.protocol import canonical_json
from croupier.shuffle import SeededShuffler


def _state(game: StudGame) -> tuple[object, ...]:
    h = game._hand
    hand = None if h is None else tuple(repr(getattr(h, s, None)) for s in HandState.__slots__)
    return (hand, dict(game._stacks), game._phase, game._clock, legal_of(game))


def _finish(game: StudGame, seed: int) -> list[str]:
    """The rest of the hand, each seat on turn checking or calling when it may, else folding:
    the events' texts."""
    rng = random.Random(seed)
    start = len(game.log)
    while game.phase is StudPhase.BETTING or game.phase is StudPhase.DEALING:
        if game.phase is StudPhase.DEALING:
            game.deal(at=None)
            continue
        legal = legal_of(game)
        assert legal is not None
        seat = legal.seat
        if legal.check and rng.random() < 0.7:
            game.act(seat, Act.CHECK)
        elif legal.call is not None and rng.random() < 0.7:
            game.act(seat, Act.CALL)
        else:
            game.act(seat, Act.FOLD)
    game.settle()
    return [canonical_json(e) for e in game.log[start:]]


@pytest.mark.parametrize("seed", range(6))
def test_art11b_a_time_out_folds_the_hand_as_the_player_s_fold_at_that_time(seed: int) -> None:
    rng = random.Random(seed)
    options = StudOptions()
    seats = 2 + seed % 5
    game = new_table(options, seats)
    bots = {s: (RandomBot(rng) if s % 2 else StrengthBot(rng)) for s in range(1, seats + 1)}
    checked = 0
    for _ in range(12):
        for seat in list(game.players):
            if game.must_top_up(seat):
                game.top_up(seat, options.min_buy_in - game.stacks[seat])
        # a hand played to its end, then each of its betting turns taken again as a time-out
        # and as a fold
        start = len(game.log)
        play_hand(game, bots, SeededShuffler(f"{seed}"), rng, cut_chance=0.2)
        log = game.log
        for index in range(start, len(log)):
            if log[index].TYPE != "player_acted" or rng.random() < 0.5:
                continue
            timed, folded = (StudGame.replay(options, log[:index]) for _ in range(2))
            turn = timed.to_act
            assert turn is not None and timed.phase is StudPhase.BETTING
            at: int | None = rng.choice([None, 10**6 + index])
            timed.time_out(turn, at=at)
            folded.act(turn, Act.FOLD, at=at)
            assert _state(timed) == _state(folded), index
            assert _finish(timed, index) == _finish(folded, index), index
            checked += 1
    assert checked >= 20
