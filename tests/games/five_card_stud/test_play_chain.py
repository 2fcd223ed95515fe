"""The play loop's decision chain (issue 22): ``play_hand`` hands its own bots, and the offer's
check, what the seat on turn may do as the plain tuple of :class:`Legal`'s fields
(``legal_fields``), no named tuple made; bots of other classes get an :class:`Observation`
with a :class:`Legal`. The promise: the plain tuple plays exactly as the named one."""

from __future__ import annotations

import copy
import random

import pytest

from croupier.games.five_card_stud.bots import (
    Bot,
    Decision,
    RandomBot,
    StrengthBot,
    new_table,
    run_table,
)
from croupier.games.five_card_stud.events import Act, PlayerActed
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame
from croupier.games.five_card_stud.view import (
    Legal,
    Observation,
    legal_fields,
    legal_on_turn,
)
from croupier.shuffle import SeededShuffler

_TABLES = [
    (StudOptions(), 1),
    (StudOptions(short_all_in_reopens=True, min_bet=1, checked_may_raise=True), 2),
    (StudOptions.level(100), 3),
]


class _PlainRandom(RandomBot):
    """A random bot of another class: play_hand's generic path (an Observation, a Legal)."""


class _PlainStrength(StrengthBot):
    """A strength bot of another class: play_hand's generic path (a fresh Observation with
    its Legal at every turn, read by ``decide``)."""


def _bots(rng: random.Random, plain: bool) -> dict[int, Bot]:
    bots: dict[int, Bot] = {}
    for s in range(1, 7):
        if s % 2:
            bots[s] = (_PlainStrength if plain else StrengthBot)(rng, cap=2000)
        else:
            bots[s] = (_PlainRandom if plain else RandomBot)(rng, cap=2000)
    return bots


@pytest.mark.parametrize(("options", "seed"), _TABLES)
def test_issue22_the_play_loops_plain_legal_plays_as_the_named_one(
    options: StudOptions, seed: int
) -> None:
    """The module's own bots on the plain tuple (``choose``, ``decide_on``) and the offer's
    check on it play the same hands, event for event, as the same bots of another class on
    an Observation carrying a Legal."""

    def table(plain: bool) -> StudGame:
        rng = random.Random(seed)
        return run_table(
            options, _bots(rng, plain), SeededShuffler(seed), rng, 60, cut_chance=0.2
        ).game

    fast, reference = table(False), table(True)
    assert fast.log == reference.log
    assert fast.digest() == reference.digest()


class _Probe:
    """At every turn: the plain tuple is the Legal's fields; each bot decides the same on
    either (and leaves its generator in the same state); ``_offered_act`` gives the same event
    (or None) on either, for any decision."""

    def __init__(self, bot: RandomBot | StrengthBot, game: StudGame, seen: list[int]) -> None:
        self.bot, self.game, self.seen = bot, game, seen

    def decide(self, obs: Observation) -> Decision:
        game, h, legal = self.game, obs._hand, obs.legal
        assert legal is not None and type(legal) is Legal
        fields = legal_fields(game, h, obs.seat)
        assert type(fields) is tuple and fields == tuple(legal) == legal_on_turn(game, h, obs.seat)
        twin = copy.deepcopy(self.bot)  # its generator too: a copy in the same state
        if isinstance(self.bot, RandomBot):
            assert isinstance(twin, RandomBot)
            ours, theirs = self.bot.choose(fields), twin.choose(legal)
        else:
            assert isinstance(twin, StrengthBot)
            bare = Observation(game, h, obs.seat, None)
            ours, theirs = self.bot.decide_on(bare, fields), twin.decide(obs)
        assert ours == theirs and self.bot.rng.getstate() == twin.rng.getstate()
        amounts: list[object] = [None, 0, 1, True, -1]
        for span in (legal.bet, legal.raise_to):
            if span is not None:
                amounts += [span[0] - 1, span[0], span[1], span[1] + 1]
        for action in [*Act, "call"]:
            for amount in amounts:
                on_plain = game._offered_act(h, fields, action, amount)  # type: ignore[arg-type]
                on_named = game._offered_act(h, legal, action, amount)  # type: ignore[arg-type]
                assert on_plain == on_named, (legal, action, amount)
        self.seen.append(1)
        return ours


@pytest.mark.parametrize(("options", "seed"), _TABLES)
def test_issue22_the_plain_legal_is_the_named_ones_fields_for_bots_and_offers(
    options: StudOptions, seed: int
) -> None:
    rng = random.Random(seed)
    game = new_table(options, 6)
    seen: list[int] = []
    bots: dict[int, Bot] = {
        s: _Probe(StrengthBot(rng, cap=2000) if s % 2 else RandomBot(rng, cap=2000), game, seen)
        for s in range(1, 7)
    }
    run_table(options, bots, SeededShuffler(seed), rng, 40, game=game)
    assert len(seen) > 500


#: what a stray bot notes of a decision: ``_offered_act``'s event, the log's length, the seat
_Note = tuple[PlayerActed | None, int, int]


class _Stray:
    """A bot of another class that now and then answers a decision of its own (offered or
    not: any action, its name too, amounts around the bounds), each time noting the event
    ``_offered_act`` gives for it (None: not offered) and where the table's log stood."""

    def __init__(self, bot: Bot, game: StudGame, rng: random.Random, notes: list[_Note]) -> None:
        self.bot, self.game, self.rng, self.notes = bot, game, rng, notes

    def decide(self, obs: Observation) -> Decision:
        legal = obs.legal
        assert legal is not None
        decision = self.bot.decide(obs)
        if self.rng.random() < 0.3:
            amounts: list[object] = [None, 0, True, -1]
            for span in (legal.bet, legal.raise_to):
                if span is not None:
                    amounts += [span[0] - 1, span[0], span[1], span[1] + 1]
            decision = (self.rng.choice([*Act, "call", "fold"]), self.rng.choice(amounts))  # type: ignore[assignment]
        action, amount = decision
        event = self.game._offered_act(obs._hand, legal, action, amount)
        self.notes.append((event, len(self.game._log), obs.seat))
        return decision


@pytest.mark.parametrize(("options", "seed"), _TABLES)
def test_issue22_the_play_loop_checks_a_decision_as_offered_act_does(
    options: StudOptions, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``play_hand`` checks a decision against the offer itself (not by ``_offered_act``'s
    call): a decision ``_offered_act`` offers is folded as its very event, unchecked; any
    other goes to ``act`` (which reads an action's name, refuses the rest: then the bot's own
    decision is played, so the hand goes on)."""
    rng = random.Random(seed)
    game = new_table(options, 6)
    notes: list[_Note] = []
    acts: list[tuple[int, int]] = []  # (the log's length, the seat) of each decision act() got
    real_act = game.act

    def act(seat: int, action: Act, amount: int | None = None) -> None:
        acts.append((len(game._log), seat))
        if game.can_act(seat, action, amount):
            real_act(seat, action, amount)
        else:
            real_act(seat, *bots[seat].bot.decide(game.observation(seat)))

    monkeypatch.setattr(game, "act", act)
    players: dict[int, Bot] = {
        s: StrengthBot(rng, cap=2000) if s % 2 else RandomBot(rng, cap=2000) for s in range(1, 7)
    }
    bots = {s: _Stray(bot, game, rng, notes) for s, bot in players.items()}
    run_table(options, bots, SeededShuffler(seed), rng, 40, game=game)
    routed = set(acts)
    offered = unoffered = 0
    for event, at, seat in notes:
        if event is None:
            assert (at, seat) in routed
            unoffered += 1
        else:
            assert (at, seat) not in routed and game._log[at] is event
            offered += 1
    assert len(acts) == unoffered and offered > 300 and unoffered > 30
