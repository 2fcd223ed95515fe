"""The five-card stud bots and the table driver (croupier.games.five_card_stud.bots).

The bots see only an :class:`Observation` and must answer a legal action; :class:`StrengthBot`
plays sensibly enough to beat :class:`RandomBot`; both are deterministic given their seeded
``random.Random``. :func:`play_hand` and :func:`run_table` play the dealer's part within the
articles (Art 2: decks and cuts; Art 6: top-ups).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from types import SimpleNamespace
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_decide_paths import _view

from croupier.cards import Deck
from croupier.games.five_card_stud.bots import (
    Bot,
    Decision,
    RandomBot,
    StrengthBot,
    _board_level,
    _level,
    _levels_of,
    _own_level,
    _ranked_of,
    _ranked_on,
    legal_decisions,
    new_table,
    play_hand,
    run_table,
)
from croupier.games.five_card_stud.events import (
    Act,
    DeckCut,
    DeckOpened,
    HandSettled,
    PlayerActed,
    PlayerToppedUp,
)
from croupier.games.five_card_stud.hand import HandState
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.order import ShowingKeys
from croupier.games.five_card_stud.round import Legal, Observation, StudGame
from croupier.games.five_card_stud.rules import Consecutive, InitialCommission
from croupier.games.five_card_stud.state import StudPhase
from croupier.games.five_card_stud.table_bots import _Seen
from croupier.games.five_card_stud.view import legal_on_turn
from croupier.records import is_int
from croupier.shuffle import SeededShuffler


def offered(legal: Legal, decision: Decision) -> bool:
    action, amount = decision
    if action is Act.FOLD:
        return legal.fold and amount is None
    if action is Act.CHECK:
        return legal.check and amount is None
    if action is Act.CALL:
        return legal.call is not None and amount is None
    span = legal.bet if action is Act.BET else legal.raise_to
    return span is not None and is_int(amount) and span[0] <= amount <= span[1]


class Watched:
    """A bot whose every answer is checked against what the table offers."""

    def __init__(self, bot: Bot, game: StudGame, seat: int, seen: Counter[Act]) -> None:
        self.bot = bot
        self.game = game
        self.seat = seat
        self.seen = seen

    def decide(self, obs: Observation) -> Decision:
        game = self.game
        assert obs.seat == self.seat == game.to_act
        assert obs.legal is not None and obs.legal == game.legal(self.seat)
        assert obs.key == game.key_card(self.seat)
        assert obs.stack == game.stacks[self.seat] and obs.pot == game.pot
        # what the strength bot reads of the board (issue 22): the board's keys, no suits
        patterns = {s: ((k[0], k[1]), top) for s, (k, top) in obs.board().items()}
        assert obs.patterns() == patterns
        # its own cards as the table's sets give them (issue 22): as counted from the cards
        own = [*obs.up, *([] if obs.key is None else [obs.key])]
        mask = sum(1 << c.code for c in own)
        counts = sum(1 << (4 * int(c.rank)) for c in own)
        assert obs.own() == (mask, counts, len(own))
        decision = self.bot.decide(obs)
        assert offered(obs.legal, decision), (obs.legal, decision)
        assert game.can_act(self.seat, *decision)
        self.seen[decision[0]] += 1
        return decision


@pytest.mark.parametrize(
    ("options", "players", "seed"),
    [
        (StudOptions(), 7, 1),
        (StudOptions(), 2, 2),
        (StudOptions.level(100, initial_commission=InitialCommission.EACH), 4, 3),
        (StudOptions(short_all_in_reopens=True, min_bet=1), 5, 4),
        (StudOptions(min_bet=500, initial_commission=InitialCommission.NONE), 3, 5),
    ],
)
def test_the_bots_only_ever_answer_legal_actions(
    options: StudOptions, players: int, seed: int
) -> None:
    rng = random.Random(seed)
    game = new_table(options, players)
    seen: Counter[Act] = Counter()
    bots = {
        s: Watched(RandomBot(rng) if s % 2 else StrengthBot(rng), game, s, seen)
        for s in range(1, players + 1)
    }
    total = sum(game.stacks.values())
    run = run_table(options, bots, SeededShuffler(seed), rng, 300, cut_chance=0.3, game=game)
    assert run.hands == 300 and game.hands_played == 300
    assert sum(game.stacks.values()) + game.house == total + run.topped_up
    assert set(seen) == set(Act)  # every kind of action was taken


@pytest.mark.parametrize("seed", range(3))
def test_legal_decisions_are_all_accepted(seed: int) -> None:
    rng = random.Random(seed)
    game = new_table(StudOptions(), 4)
    checked = 0

    class Probe:
        def __init__(self, bot: Bot) -> None:
            self.bot = bot

        def decide(self, obs: Observation) -> Decision:
            nonlocal checked
            assert obs.legal is not None
            decisions = legal_decisions(obs.legal)
            assert decisions[0] == (Act.FOLD, None)
            assert len({a for a, _ in decisions}) == len(decisions)
            for action, amount in decisions:
                assert game.can_act(obs.seat, action, amount)
                checked += 1
            return self.bot.decide(obs)

    bots = {s: Probe(RandomBot(rng)) for s in range(1, 5)}
    run_table(StudOptions(), bots, SeededShuffler(seed), rng, 100, game=game)
    assert checked > 500


def test_legal_decisions_take_the_least_amounts() -> None:
    legal = Legal(3, True, False, 40, None, (120, 900))
    assert legal_decisions(legal) == [(Act.FOLD, None), (Act.CALL, None), (Act.RAISE, 120)]
    legal = Legal(3, True, True, None, (20, 900), None)
    assert legal_decisions(legal) == [(Act.FOLD, None), (Act.CHECK, None), (Act.BET, 20)]


def net_results(seed: int, hands: int, strength_seat: int) -> dict[str, int]:
    """What each bot won heads-up (its capital at the end, less all it brought)."""
    rng = random.Random(seed)
    options = StudOptions()
    game = new_table(options, 2)
    random_seat = 3 - strength_seat
    bots: dict[int, Bot] = {strength_seat: StrengthBot(rng), random_seat: RandomBot(rng)}
    brought = {1: options.min_buy_in, 2: options.min_buy_in}
    shuffler = SeededShuffler(seed)
    for _ in range(hands):
        for seat in (1, 2):
            if game.must_top_up(seat):
                amount = options.min_buy_in - game.stacks[seat]
                game.top_up(seat, amount)
                brought[seat] += amount
        play_hand(game, bots, shuffler, rng)
    assert sum(game.stacks.values()) + game.house == sum(brought.values())
    return {
        "strength": game.stacks[strength_seat] - brought[strength_seat],
        "random": game.stacks[random_seat] - brought[random_seat],
    }


@pytest.mark.parametrize(("seed", "strength_seat"), [(11, 1), (12, 2)])
def test_strength_bot_beats_random_bot_heads_up(seed: int, strength_seat: int) -> None:
    result = net_results(seed, 1500, strength_seat)
    buy_in = StudOptions().min_buy_in
    # generous: over 1,500 hands it is far ahead of the random player (tens of buy-ins)
    assert result["strength"] > 0
    assert result["random"] < -10 * buy_in
    assert result["strength"] - result["random"] > 20 * buy_in


def test_the_bots_are_deterministic_given_the_seed() -> None:
    def table(seed: int) -> StudGame:
        rng = random.Random(seed)
        bots: dict[int, Bot] = {1: RandomBot(rng), 2: StrengthBot(rng), 3: RandomBot(rng)}
        return run_table(StudOptions(), bots, SeededShuffler(seed), rng, 60, cut_chance=0.5).game

    a, b, c = table(5), table(5), table(6)
    assert a.digest() == b.digest()
    assert a.stacks == b.stacks
    assert a.digest() != c.digest()


@pytest.mark.parametrize("bot_type", [RandomBot, StrengthBot])
def test_each_bot_is_a_function_of_its_rng_and_observation(
    bot_type: type[RandomBot] | type[StrengthBot],
) -> None:
    game = new_table(StudOptions(), 3)
    game.start_hand()
    game.shuffle(SeededShuffler(1))
    game.burn()
    game.deal()
    turn = game.to_act
    assert turn is not None
    obs = game.observation(turn)
    answers = {bot_type(random.Random(42)).decide(obs) for _ in range(5)}
    assert len(answers) == 1


def test_strength_bot_never_folds_when_it_may_check() -> None:
    rng = random.Random(9)
    game = new_table(StudOptions(), 3)
    folds_with_check = 0

    class Spy:
        def __init__(self) -> None:
            self.bot = StrengthBot(rng)

        def decide(self, obs: Observation) -> Decision:
            nonlocal folds_with_check
            decision = self.bot.decide(obs)
            assert obs.legal is not None
            folds_with_check += obs.legal.check and decision[0] is Act.FOLD
            return decision

    run_table(StudOptions(), {s: Spy() for s in (1, 2, 3)}, SeededShuffler(9), rng, 200, game=game)
    assert folds_with_check == 0


def test_new_table_seats_the_players_and_opens_a_deck() -> None:
    game = new_table(StudOptions.level(100), 4)
    assert game.players == {1: "p1", 2: "p2", 3: "p3", 4: "p4"}
    assert game.stacks == dict.fromkeys((1, 2, 3, 4), 5000)
    assert game.deck == (1, 0)
    assert new_table(StudOptions(), 2, buy_in=9000).stacks == {1: 9000, 2: 9000}


def test_play_hand_cuts_burns_and_settles() -> None:
    rng = random.Random(3)
    game = new_table(StudOptions(), 5)
    bots: dict[int, Bot] = {s: RandomBot(rng) for s in range(1, 6)}
    for n in range(30):
        for seat in range(1, 6):
            if game.must_top_up(seat):
                game.top_up(seat, 2000)
        settled = play_hand(game, bots, SeededShuffler(n), rng, cut_chance=1.0)
        assert isinstance(settled, HandSettled) and settled.number == n + 1
    cuts = [e for e in game.log if isinstance(e, DeckCut)]
    assert len(cuts) >= 30
    assert all(6 <= c.cards <= 34 for c in cuts)  # Art 2
    per_hand = [len(cutters) for cutters in _split_hands(game)]
    assert len(per_hand) == 30 and set(per_hand) == {1, 2}  # Art 2: one or two players cut
    for cutters in _split_hands(game):
        assert len({c.seat for c in cutters}) == len(cutters)


def _split_hands(game: StudGame) -> list[list[DeckCut]]:
    hands: list[list[DeckCut]] = []
    for event in game.log:
        if event.TYPE == "hand_started":
            hands.append([])
        elif isinstance(event, DeckCut):
            hands[-1].append(event)
    return [h for h in hands if h]


def test_run_table_tops_up_and_changes_decks() -> None:
    rng = random.Random(21)
    options = StudOptions(max_deals_per_deck=4)
    bots: dict[int, Bot] = {s: RandomBot(rng, fold_weight=0.1) for s in (1, 2, 3)}
    run = run_table(options, bots, SeededShuffler(21), rng, 50)
    game = run.game
    log = game.log
    decks = [e for e in log if isinstance(e, DeckOpened)]
    assert len(decks) == 13  # Art 2: 50 hands at 4 deals a deck
    topped = [e for e in log if isinstance(e, PlayerToppedUp)]
    assert sum(e.amount for e in topped) == run.topped_up
    assert topped, "random bots lose their capital: some top up (Art 6)"
    assert all(game.stacks[s] >= 0 for s in game.stacks)
    actions = Counter(e.action for e in log if isinstance(e, PlayerActed))
    assert actions[Act.RAISE] and actions[Act.CALL]


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        (StudOptions(), 11),
        (StudOptions(short_all_in_reopens=True, min_bet=1, checked_may_raise=True), 12),
        (StudOptions.level(100, initial_commission=InitialCommission.EACH), 13),
    ],
)
def test_issue22_a_decision_is_applied_unchecked_exactly_when_the_checks_accept_it(
    options: StudOptions, seed: int
) -> None:
    """``play_hand`` folds a bot's decision without the act check when ``legal()`` offers it
    (``_offered_act``): on every turn of random tables, any decision (offered or not, amounts
    around the bounds, a bool for an int) gives an event exactly when ``can_act`` accepts it,
    and then the very event ``act`` would record."""
    rng = random.Random(seed)
    game = new_table(options, 5)
    tried = Counter[bool]()

    class Probe:
        def __init__(self, bot: Bot) -> None:
            self.bot = bot

        def decide(self, obs: Observation) -> Decision:
            legal = obs.legal
            assert legal is not None and game._hand is not None
            amounts: list[object] = [None, 0, 1, True, -1]
            for span in (legal.bet, legal.raise_to):
                if span is not None:
                    amounts += [span[0] - 1, span[0], span[1], span[1] + 1]
            for action in Act:
                for amount in amounts:
                    event = game._offered_act(game._hand, legal, action, amount)  # type: ignore[arg-type]
                    accepted = game.can_act(obs.seat, action, amount)  # type: ignore[arg-type]
                    assert (event is not None) is accepted, (legal, action, amount)
                    if event is not None:
                        assert event == game._act_event(obs.seat, action, amount, None)  # type: ignore[arg-type]
                    tried[accepted] += 1
            return self.bot.decide(obs)

    bots = {s: Probe(RandomBot(rng) if s % 2 else StrengthBot(rng)) for s in range(1, 6)}
    run_table(options, bots, SeededShuffler(seed), rng, 60, game=game)
    assert tried[True] > 1000 and tried[False] > 1000
    # and the log (the deals play_hand folded without a second check included), every event
    # checked again from the start, is the same table
    assert StudGame.replay(options, game.log).digest() == game.digest()


def test_issue22_a_decision_not_offered_is_refused_by_act_and_changes_nothing() -> None:
    """A bot answering what the table does not offer gets the act command's refusal, naming
    the article, and the table stays as it was."""
    from croupier.errors import RuleViolation

    class Checker:
        def decide(self, obs: Observation) -> Decision:
            return Act.CHECK, None  # round 1: nobody may check (Art 10 b)

    game = new_table(StudOptions(), 2)
    with pytest.raises(RuleViolation, match="Art 10 b"):
        play_hand(game, {1: Checker(), 2: Checker()}, SeededShuffler(3), random.Random(3))
    before = (len(game.log), game.phase, game.to_act, dict(game.stacks))
    with pytest.raises(RuleViolation, match="Art 10 b"):
        game.act(game.to_act or 0, Act.CHECK)
    assert (len(game.log), game.phase, game.to_act, dict(game.stacks)) == before


class _OwnRandom(random.Random):
    """A generator of its own (its draws by ``random()``): asked ``randrange`` itself."""

    def random(self) -> float:
        return super().random()


def _reference_choose(
    rng: random.Random, legal: Legal, fold_weight: float = 0.5, cap: int | None = None
) -> Decision:
    """What a random bot chooses, drawn with randint and randrange: each kind of action it
    may take (a bet's or a raise's span brought down to the cap), then a fold or one of them."""
    options: list[Decision] = []
    if legal.check:
        options.append((Act.CHECK, None))
    if legal.call is not None:
        options.append((Act.CALL, None))
    for act, span in ((Act.BET, legal.bet), (Act.RAISE, legal.raise_to)):
        if span is not None and (cap is None or span[0] <= cap):
            low, high = span[0], span[1] if cap is None else min(span[1], cap)
            amount = low if high <= low or rng.random() < 0.5 else rng.randint(low, high)
            options.append((act, amount))
    if not options or rng.random() < fold_weight / (len(options) + 1):
        return Act.FOLD, None
    return options[rng.randrange(len(options))]


_SPANS = st.none() | st.tuples(st.integers(0, 3000), st.integers(0, 3000)).map(
    lambda t: (t[0], t[0] + t[1])
)


@given(
    st.integers(0, 2**32),
    st.booleans(),
    st.lists(
        st.tuples(st.booleans(), st.none() | st.integers(1, 3000), _SPANS, _SPANS),
        min_size=1,
        max_size=20,
    ),
    st.none() | st.integers(0, 4000),
)
def test_issue22_a_random_bot_chooses_as_randint_and_randrange_draw(
    seed: int,
    own: bool,
    turns: list[tuple[bool, int | None, tuple[int, int] | None, tuple[int, int] | None]],
    cap: int | None,
) -> None:
    """RandomBot.choose (its draws below n in random.Random's own steps, inline) chooses what
    the plain reading with randint and randrange chooses, from the same state, leaving the
    generator as it leaves it (a plain Random, and one of its own kind)."""
    kind = _OwnRandom if own else random.Random
    mine, theirs = kind(seed), kind(seed)
    bot = RandomBot(mine, cap=cap)
    for check, call, bet, raise_to in turns:
        legal = Legal(1, True, check, call, bet, raise_to)
        assert bot.choose(legal) == _reference_choose(theirs, legal, cap=cap)
        assert mine.getstate() == theirs.getstate()


class _Wrapped:
    """A strength bot behind a bot of another class: play_hand hands it a fresh Observation
    at every turn (the generic path), never the hand's one observation."""

    def __init__(self, bot: StrengthBot) -> None:
        self.bot = bot

    def decide(self, obs: Observation) -> Decision:
        return self.bot.decide(obs)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_issue22_strength_bots_on_the_hands_one_observation_play_as_on_fresh_ones(
    seed: int,
) -> None:
    """play_hand gives the strength bots one observation a hand, brought to each turn (seat,
    legal, round): the same hands, decision for decision, as fresh observations give."""

    def table(wrapped: bool) -> StudGame:
        rng = random.Random(seed)
        bots: dict[int, Bot] = {}
        for s in range(1, 7):
            bot: Bot = StrengthBot(rng, cap=2000) if s % 2 else RandomBot(rng, cap=2000)
            if wrapped and isinstance(bot, StrengthBot):
                bot = _Wrapped(bot)
            bots[s] = bot
        return run_table(StudOptions(), bots, SeededShuffler(seed), rng, 40, cut_chance=0.2).game

    shared, fresh = table(False), table(True)
    assert shared.log == fresh.log
    assert shared.digest() == fresh.digest()


class _Checked:
    """A bot that checks the play loop's reading of what the seat on turn may do."""

    def __init__(self, bot: Bot, game: StudGame) -> None:
        self.bot, self.game = bot, game

    def decide(self, obs: Observation) -> Decision:
        game = self.game
        assert obs.legal == game.legal() == game.legal(obs.seat)
        assert obs.legal == legal_on_turn(game, obs._hand, obs.seat)
        return self.bot.decide(obs)


@pytest.mark.parametrize("seed", [1, 2])
def test_issue22_the_play_loops_legal_is_the_tables_at_every_turn(seed: int) -> None:
    """play_hand reads what the seat on turn may do with legal_on_turn (the checks of legal_of
    left out: betting, the seat on turn): the table's legal() at every turn."""
    rng = random.Random(seed)
    game = new_table(StudOptions(short_all_in_reopens=bool(seed % 2)), 5)
    bots: dict[int, Bot] = {
        s: _Checked(StrengthBot(rng) if s % 2 else RandomBot(rng), game) for s in range(1, 6)
    }
    run_table(StudOptions(), bots, SeededShuffler(seed), rng, 30, game=game)


# -- issue 22: the strength bot's street read against the plain reading -------------------------


def _reference_decide(
    rng: random.Random, obs: Observation, aggression: float = 0.35, cap: int | None = None
) -> Decision:
    """What a strength bot decides, read the plain way at every turn: its own cards one by one
    (_own_level), every opponent still in the hand from the board's patterns (_levels_of)."""
    legal = obs.legal
    assert legal is not None
    mine, my_top = _own_level(obs.up, obs.key)
    five = len(obs.up) + (obs.key is not None) == 5
    levels = _levels_of(obs.patterns())
    theirs, their_top = max(
        [(0, 0), *(levels[s] for s in obs.in_hand if s != obs.seat and s in levels)]
    )
    edge = mine - theirs if five else (mine - theirs) * 2 + (1 if my_top > their_top else 0)
    strong = edge >= 2 or (edge >= 1 and rng.random() < aggression)

    def size(span: tuple[int, int]) -> int:
        low, high = span
        if cap is not None and high > cap:
            high = max(low, cap)
        return max(low, min(high, obs.pot // 2))

    if strong:
        if legal.bet is not None:
            return Act.BET, size(legal.bet)
        raise_to = legal.raise_to
        if raise_to is not None and (cap is None or raise_to[0] <= cap) and rng.random() < 0.6:
            return Act.RAISE, size(raise_to)
        return (Act.CHECK, None) if legal.call is None else (Act.CALL, None)
    if legal.check:
        return Act.CHECK, None
    call = legal.call
    if call is not None and (edge >= 0 or (edge >= -1 and call * 4 <= max(obs.pot, 1))):
        return Act.CALL, None
    if legal.bet is not None and obs.round == 1 and edge >= 0:
        return Act.BET, legal.bet[0]
    return Act.FOLD, None


class _ThreeReadings:
    """A strength bot whose every decision is taken three ways from generators in the same
    state: on the table's Observation (the fast street read: _ranked_on), on the seat's JSON
    view (_Seen: _ranked_of) and by the plain reference; all three must agree, and leave their
    generators in the same state. The board's ranked levels are checked against its patterns."""

    def __init__(self, game: StudGame, seed: int, cap: int | None) -> None:
        self.game = game
        self.rngs = [random.Random(seed) for _ in range(3)]
        self.fast = StrengthBot(self.rngs[0], cap=cap)
        self.viewed = StrengthBot(self.rngs[1], cap=cap)
        self.cap = cap

    def decide(self, obs: Observation) -> Decision:
        assert obs.legal is not None
        # the board's levels best first, each (formation, top rank, seat): the seats in the
        # hand (_ranked_on: as the street's first read found them, kept on the hand, so a seat
        # that left since may be among them; the bot reads the seats still in), every seat
        # with up cards (_ranked_of), packed as ints
        levels = _levels_of(obs.patterns())
        by_levels = sorted(((*level, s) for s, level in levels.items()), reverse=True)
        in_hand = [x for x in by_levels if x[2] in obs.in_hand]
        ranked = [(p >> 8, p >> 4 & 15, p & 15) for p in _ranked_on(obs._hand)]
        assert [x for x in ranked if x[2] in obs.in_hand] == in_hand
        assert set(ranked) <= set(by_levels)
        # the seat's view as the table serves it (the game's view, and whose it is)
        view = {**self.game.view(obs.seat), "you": {"seat": obs.seat}}
        seen = _Seen(view, obs.legal)
        fast = self.fast.decide(obs)
        viewed = self.viewed.decide(cast(Observation, seen))
        assert [(p >> 8, p >> 4 & 15, p & 15) for p in _ranked_of(seen.patterns())] == by_levels
        reference = _reference_decide(self.rngs[2], obs, cap=self.cap)
        assert fast == viewed == reference
        # its own level as the plain reading of its cards gives it (_MINE, the five in place)
        assert self.fast._mine == _own_level(obs.up, obs.key)
        states = {r.getstate() for r in self.rngs}
        assert len(states) == 1
        return fast


@pytest.mark.parametrize(
    ("options", "players", "seed"),
    [
        (StudOptions(), 7, 1),
        (StudOptions(), 6, 2),
        (StudOptions(consecutive=Consecutive.EVERY_SEQUENCE, ace_low_straight_flush=False), 5, 3),
        (StudOptions(short_all_in_reopens=True, min_bet=1), 4, 4),
        (StudOptions.level(100, initial_commission=InitialCommission.EACH), 2, 5),
    ],
)
def test_issue22_the_strength_bots_street_read_decides_as_the_plain_reading(
    options: StudOptions, players: int, seed: int
) -> None:
    """The strength bot's street read (its own level from the table's sets of its cards, the
    board's levels best first from the table's patterns, once a round of betting for every
    bot; the best against it the first other seat still in the hand) decides as the plain
    reading at every turn, on the table's Observation and on its JSON view alike."""
    rng = random.Random(seed)
    game = new_table(options, players)
    bots: dict[int, Bot] = {
        s: _ThreeReadings(game, seed * 100 + s, 2000 if s % 3 else None)
        if s % 2
        else RandomBot(rng, cap=2000)
        for s in range(1, players + 1)
    }
    run_table(options, bots, SeededShuffler(seed), rng, 150, cut_chance=0.2, game=game)


@pytest.mark.parametrize("ace_low", [True, False])
@pytest.mark.parametrize("consecutive", list(Consecutive))
def test_issue22_a_seats_board_level_is_its_up_ranks_alone(
    ace_low: bool, consecutive: Consecutive
) -> None:
    """The board level the strength bot reads of a seat (_level of the table's pattern of its up
    cards and its highest up rank) is the same for every set of up cards with the same rank
    counts, under every reading of the table's rules: _ranked_on keeps it by the counts
    (_BOARD_LEVELS), and _board_level, the memo's entry, is that level."""
    options = StudOptions(consecutive=consecutive, ace_low_straight_flush=ace_low)
    patterns = ShowingKeys(options).patterns
    codes = [c.code for c in Deck.STUD_40.cards]
    by_counts: dict[int, int] = {}
    for n in range(1, 5):
        for cards in combinations(codes, n):
            mask = counts = 0
            for code in cards:
                mask |= 1 << code
                counts += 1 << ((code >> 2) << 2)
            (category, ranks), _ = entry = patterns.of_counts(counts, mask, n)
            formation, top = _level(category, ranks, (mask.bit_length() - 1) >> 2)
            level = formation << 4 | top
            assert by_counts.setdefault(counts, level) == level, cards
            if n == 4 or counts % 7 == 0:  # the memo's entry, on a hand holding these cards
                hand = SimpleNamespace(entries={3: entry}, masks={3: mask}, counts={3: counts})
                assert _board_level(cast(HandState, hand), 3) == level << 4
    assert len(by_counts) == 1000  # every rank multiset of one to four cards of the ten ranks


def test_issue22_a_view_bots_board_memo_is_one_pair_across_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The table bots' memo of the last up cards read and their board is written whole: a
    thread paused while it reads one table's board, another table's read in between, never
    leaves one table's board filed under the other's up cards (it did when the memo was
    written in two steps: the review of issue 22's third pass)."""
    import threading

    from croupier.games.five_card_stud import table_bots as bots_module

    ups = [{"1": "As Ks", "2": "7d 8d", "3": "Qh Qc"}, {"1": "9s 9h", "2": "Td Js", "3": "Kc 2d"}]

    def view(up: dict[str, str]) -> dict[str, Any]:
        hand = {"number": 1, "round": 1, "pot": 100, "in_hand": [1, 2, 3], "up": up, "key": "2s"}
        return {"hand": hand, "you": {"seat": 1}}

    expected = [dict(bots_module._Seen(view(u), None).patterns()) for u in ups]  # type: ignore[arg-type]
    entry = bots_module._board_entry
    first_in, second_done = threading.Event(), threading.Event()

    def paused(text: str) -> Any:  # the first thread waits inside its read of board 0
        if threading.current_thread().name == "first" and not first_in.is_set():
            first_in.set()
            second_done.wait(10)
        return entry(text)

    monkeypatch.setattr(bots_module, "_board_entry", paused)
    monkeypatch.setattr(bots_module, "_LAST_UP", [(None, {})])
    monkeypatch.setattr(bots_module, "_LAST_PATTERNS", [(None, {})])

    def first() -> None:
        bots_module._Seen(view(ups[0]), None).patterns()  # type: ignore[arg-type]

    def second() -> None:
        first_in.wait(10)
        bots_module._Seen(view(ups[1]), None).patterns()  # type: ignore[arg-type]
        second_done.set()

    threads = [threading.Thread(target=first, name="first"), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    for k in (1, 0, 1):
        assert dict(bots_module._Seen(view(ups[k]), None).patterns()) == expected[k]  # type: ignore[arg-type]


class _OwnObservation(Observation):
    """A caller's own class of observation (not exactly the table's)."""

    __slots__ = ()


@pytest.mark.parametrize("seed", range(6))
def test_strength_bot_decides_on_any_observation_as_on_the_tables_own(seed: int) -> None:
    """StrengthBot.decide's promise: a function of its rng and the observation's fields,
    whatever the observation's class (an Observation subclass, or a caller's own object with
    its fields): the same decisions, street after street, as on the table's own Observation
    (review of issue 22's ninth round: a subclass read as a hand raised AttributeError)."""
    table = StudOptions()
    for kind in ("own", "duck"):
        game = new_table(table, 4)
        shuffler, rng = SeededShuffler(f"obs:{seed}"), random.Random(seed)
        mine, theirs = StrengthBot(random.Random(seed)), StrengthBot(random.Random(seed))
        for _ in range(8):
            if game.needs_new_deck:
                game.new_deck()
            for seat in list(game.players):
                if game.must_top_up(seat):
                    game.top_up(seat, table.min_buy_in - game.stacks[seat])
            game.start_hand()
            game.shuffle(shuffler)
            game.burn()
            while game.phase is not StudPhase.SHOWDOWN:
                if game.phase is StudPhase.DEALING:
                    game.deal()
                    continue
                turn = game.to_act
                assert turn is not None
                obs = game.observation(turn)
                h = game._hand
                assert h is not None and obs.legal is not None
                other: Any = (
                    _OwnObservation(game, h, turn, obs.legal)
                    if kind == "own"
                    else _view(obs)  # its fields as a caller's own object
                )
                expected = mine.decide(obs)
                assert theirs.decide(other) == expected, (kind, turn)
                game.act(turn, *expected)
                rng.random()
            game.settle()


def test_a_packed_level_s_seat_takes_the_four_bits_decide_in_reads_as_literals() -> None:
    """StrengthBot.decide_in unpacks a board level with the literals 15 and 4 (no module name
    read a decision): they must stay _SEAT_MASK and _SEAT_BITS, which seats up to 15 fit."""
    from croupier.games.five_card_stud import bots

    assert bots._SEAT_BITS == 4 and bots._SEAT_MASK == 15
