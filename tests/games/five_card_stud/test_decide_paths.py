"""The decisions' shortcuts of issue 22's tenth round, each held to the reading it stands for.

* the fold sets ``acted_in_round`` only on a fold before a bet and on a bet: it is read in round
  1 alone (Art 11 d: a key card is exposed before round 1's first action), whose first decision
  is a fold or a bet (a check is not offered in round 1; a call or a raise answers a bet): in
  round 1 it is whether any decision (a time-out included) was made in the round.
* the strength bot keeps its own level of four cards (key card and three up) in ``_MINE`` too,
  by the key :meth:`MaskPatterns.of_counts` reads them by: the rank counts, flagged when the four
  are of one suit; the level of every four cards of the deck is :func:`_own_level`'s.
* the strength bot knows a table's street it has read by the board's levels the hand keeps
  (``h.ranked``, a list made anew a street), a view's by its numbers (hand, round, seat), read
  again after a table's: one bot deciding on two tables' hands in turn, one through views, the
  other on the table's own observations, decides and reads as fresh bots do.
* the strength bot reads a seat on turn as holding its key card and the street's up cards
  (``h.key[seat]``, ``h.street`` cards): so it does at every turn, cards misdealt and rectified,
  key cards exposed, time-outs, and its level is :func:`_own_level`'s of its cards.
"""

from __future__ import annotations

import copy
import random
from itertools import combinations
from types import SimpleNamespace
from typing import Any, cast

import pytest

from croupier.cards import Deck
from croupier.commands.simulate_stud import _top_up
from croupier.games.five_card_stud.bots import (
    RandomBot,
    StrengthBot,
    _own_level,
    _ranked_on,
    new_table,
)
from croupier.games.five_card_stud.hand import HandState
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import Observation, StudGame, StudPhase
from croupier.shuffle import SeededShuffler


def _play_round_one_reading(game: StudGame, rng: random.Random, bot: RandomBot) -> tuple[int, int]:
    """One hand to its end by the public commands (time-outs and key cards exposed now and
    then), ``acted_in_round`` and the exposable seats compared in round 1 with the reading:
    any decision made since the round (re)began. Returns the round-1 turns compared and the key
    cards exposed."""
    if game.needs_new_deck:
        game.new_deck()
    game.start_hand()
    game.shuffle(SeededShuffler(rng.randrange(10**6)))
    game.burn()
    compared = exposed = 0
    decided, began = False, None
    while game.phase is not StudPhase.SHOWDOWN:
        h = game._hand
        assert h is not None
        if game.phase is StudPhase.DEALING:
            game.deal()
            continue
        if h.round != began:  # a round begun
            began, decided = h.round, False
        if h.round == 1:
            assert h.acted_in_round is decided
            assert bool(game.exposable_seats()) is not decided
            compared += 1
            if not decided and rng.random() < 0.15:  # Art 11 d: round 1 begins again
                game.expose_key_card(rng.choice(game.exposable_seats()))
                exposed += 1
                continue
        turn = game.to_act
        assert turn is not None
        if rng.random() < 0.1:
            game.time_out(turn)
        else:
            legal = game.legal(turn)
            assert legal is not None
            game.act(turn, *bot.choose(legal))
        decided = True
    game.settle()
    return compared, exposed


@pytest.mark.parametrize("seed", range(4))
def test_issue22_acted_in_round_is_round_one_s_any_decision(seed: int) -> None:
    rng = random.Random(seed)
    options = StudOptions()
    game = new_table(options, 3 + seed % 5)
    bot = RandomBot(rng, fold_weight=0.6, cap=options.min_buy_in)
    compared = exposed = 0
    for _ in range(40):
        _top_up(game)  # Art 6, as a run tops up
        turns, cards = _play_round_one_reading(game, rng, bot)
        compared, exposed = compared + turns, exposed + cards
    assert compared >= 100 and exposed >= 3


@pytest.mark.parametrize("suits", [(0, 1), (2, 3)])
def test_issue22_a_strength_bot_s_level_of_four_cards_is_the_plain_reading(
    suits: tuple[int, int],
) -> None:
    """Every four cards of the 40-card deck (the key card the first, by the key card's suit;
    four of one suit and the same ranks in other suits met in turn), read as a street of a
    table's hand by ``decide_in``: its level is ``_own_level``'s of the same cards."""
    bot = StrengthBot(random.Random(0))
    cards = Deck.STUD_40.cards
    read = 0
    for number, four in enumerate(combinations(cards, 4)):
        key, up = four[0], list(four[1:])
        if key.code & 3 not in suits:
            continue
        hand = SimpleNamespace(
            round=3,
            number=number,
            live=[1, 2],
            ranked=[2],  # (seat 2's packed level: 0, the lowest)
            street=4,
            counts={1: sum(1 << ((c.code >> 2) << 2) for c in up)},
            up={1: up},
            key={1: key},
            masks={1: sum(1 << c.code for c in up)},
            pot=100,
        )
        bot.decide_in(cast(HandState, hand), 1, True, None, None, None)
        assert bot._mine == _own_level(up, key), four
        read += 1
    assert read > 40_000


def _view(obs: Observation) -> Any:
    """The observation's fields as a caller's own object (read as a view)."""
    return SimpleNamespace(
        seat=obs.seat,
        hand=obs.hand,
        round=obs.round,
        pot=obs.pot,
        in_hand=obs.in_hand,
        up=obs.up,
        key=obs.key,
        legal=obs.legal,
        patterns=obs.patterns,
    )


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("reads", [("view", "table"), ("view", "view")])
def test_issue22_a_strength_bot_on_two_tables_reads_each_street_anew(
    seed: int, reads: tuple[str, str]
) -> None:
    """One bot at two tables, each read as a view or as the table's observation: it decides as
    a fresh bot would at every turn, hands of the same number and round included (two views of
    such hands were read as one street: the review of issue 22's tenth round)."""
    options = StudOptions()
    rng = random.Random(seed)
    games = [new_table(options, 2), new_table(options, 2)]
    shufflers = [SeededShuffler(f"two:{seed}:{i}") for i in range(2)]
    shared = StrengthBot(random.Random(seed))
    other = RandomBot(rng, cap=options.min_buy_in)
    decided = same_numbers = 0
    while decided < 600:
        i = rng.randrange(2)  # the table that moves on
        game = games[i]
        if game.phase is StudPhase.IDLE:
            _top_up(game)  # Art 6, as a run tops up
            if game.needs_new_deck:
                game.new_deck()
            game.start_hand()
            game.shuffle(shufflers[i])
            game.burn()
        elif game.phase is StudPhase.DEALING:
            game.deal()
        elif game.phase is StudPhase.SHOWDOWN:
            game.settle()
        else:
            turn = game.to_act
            assert turn is not None
            obs = game.observation(turn)
            if turn == 2:
                assert obs.legal is not None
                game.act(turn, *other.choose(obs.legal))
                continue
            read = obs if reads[i] == "table" else _view(obs)
            fresh = StrengthBot(random.Random(0))
            fresh.rng.setstate(shared.rng.getstate())
            if (shared._hand, shared._round) == (obs.hand, obs.round):
                same_numbers += 1
            decision = shared.decide(read)
            assert decision == fresh.decide(read)
            assert (shared._mine, list(shared._ranked)) == (fresh._mine, list(fresh._ranked))
            game.act(turn, *decision)
            decided += 1
    assert same_numbers >= 20


@pytest.mark.parametrize("seed", range(4))
def test_issue22_a_seat_on_turn_holds_its_key_card_and_the_street_s_up_cards(seed: int) -> None:
    rng = random.Random(seed)
    options = StudOptions()
    game = new_table(options, 3 + seed % 5)
    strength = StrengthBot(random.Random(seed), cap=options.min_buy_in)
    other = RandomBot(rng, fold_weight=0.3, cap=options.min_buy_in)
    turns = misdealt = 0
    for _ in range(30):
        _top_up(game)  # Art 6, as a run tops up
        if game.needs_new_deck:
            game.new_deck()
        game.start_hand()
        game.shuffle(SeededShuffler(rng.randrange(10**6)))
        game.burn()
        while game.phase is not StudPhase.SHOWDOWN:
            h = game._hand
            assert h is not None
            if game.phase is StudPhase.DEALING:
                if game.misdealt:
                    game.rectify()
                elif h.queue and len(h.queue) > 1 and rng.random() < 0.1:
                    game.deal_card(to=h.queue[1])  # the next card to the wrong seat (Art 11 e)
                    misdealt += 1
                else:
                    game.deal_card()
                continue
            if h.round == 1 and not h.acted_in_round and rng.random() < 0.05:
                game.expose_key_card(rng.choice(game.exposable_seats()))
                continue
            turn = game.to_act
            assert turn is not None
            assert turn in h.key and len(h.up[turn]) + 1 == h.street
            obs = game.observation(turn)
            assert obs.legal is not None
            decision = strength.decide(obs)
            assert strength._mine == _own_level(obs.up, obs.key)
            # the board's levels it read in place (a street's first read) are _ranked_on's, for
            # the seats still in the hand
            fresh = copy.copy(h)
            fresh.ranked = None
            assert [p for p in strength._ranked if p & 15 in h.live] == _ranked_on(fresh)
            if rng.random() < 0.05:
                game.time_out(turn)
            else:
                game.act(turn, *(decision if rng.random() < 0.5 else other.choose(obs.legal)))
            turns += 1
        game.settle()
    assert turns >= 200 and misdealt >= 10


def test_issue22_a_strength_bot_asked_for_a_seat_not_on_turn_reads_it_as_a_view() -> None:
    """``decide_on`` for a seat that is not on turn (a what-if a caller asks, here a seat with
    its up card only, no key card yet) reads the seat's cards as a view does: it decides (it
    raised a KeyError when the table's fast path assumed the seat on turn: the review)."""
    game = StudGame(StudOptions())
    for seat in (1, 2, 3):
        game.seat_player(seat, f"p{seat}", 2000)
    game.new_deck()
    game.start_hand()
    game.shuffle(SeededShuffler("z"))
    game.burn()
    for _ in range(4):  # seat 3 has its up card, not its key card yet
        game.deal_card()
    obs = game.observation(3)
    assert obs.key is None and len(obs.up) == 1
    legal = (3, True, False, None, (20, 2000), None)
    decided = StrengthBot(random.Random(0)).decide_on(obs, legal)
    assert decided == StrengthBot(random.Random(0)).decide_on(_view(obs), legal)


def test_issue22_a_strength_bot_s_edge_table_is_the_margin_it_stands_for() -> None:
    """The strength bot reads its edge over the best board level from a table by that level
    (``_edge_table``): for every own level (five cards' or fewer) and every board level, the
    entry is the margin of the decision (twice the formations' difference, one more when its top
    rank is the higher; five cards: the formations' difference), and every board level the
    bots read in a run of hands (``_BOARD_LEVELS``) is within the table's rows."""
    from croupier.commands.simulate_stud import run_simulation
    from croupier.games.five_card_stud import bots

    for five in (False, True):
        for mine in range(11):
            for my_top in range(16):
                table = bots._edge_table(mine, my_top, five)
                if five:
                    assert table is bots._FIVE_EDGES[mine]
                assert len(table) == bots._BOARD_FORMATIONS << 4
                for best, edge in enumerate(table):
                    theirs, their_top = best >> 4, best & 15
                    margin = (mine - theirs) * 2 + (my_top > their_top)
                    assert edge == (mine - theirs if five else margin), (mine, my_top, best)
    run_simulation(40, 6, "mixed", "edge")
    assert bots._BOARD_LEVELS
    assert max(bots._BOARD_LEVELS.values()) >> 4 < bots._BOARD_FORMATIONS << 4
    assert max(bots._LEVEL) < bots._BOARD_FORMATIONS
