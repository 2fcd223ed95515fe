"""A twin's follow (issue 22: a run's replay of one hand in ten) on its fast paths: a decision
checked and folded on its fields read once (``StudChecks.follow``), against the reference,
the protocol's own follow (``Game.follow``: each event through ``_commit``, its check then its
fold step). The promise: the same refusals, word for word, and the same table after each event,
for the events of real hands and for decisions made up around them (out of turn, wrong chips,
bools for ints, times out of the limit...)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from croupier.errors import CroupierError
from croupier.games.five_card_stud.bots import RandomBot, StrengthBot, new_table, play_hand
from croupier.games.five_card_stud.events import Act, PlayerActed, SeatRecord
from croupier.games.five_card_stud.hand import HandState
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame
from croupier.protocol import Event, Game
from croupier.shuffle import SeededShuffler

_LIMIT = 120_000


def _hands(seed: int, options: StudOptions, count: int) -> list[tuple[Any, list[Event]]]:
    """``count`` hands of bots: the table as each began (for a restore) and its events."""
    rng = random.Random(seed)
    game = new_table(options, 5)
    shuffler = SeededShuffler(f"deck:{seed}")
    bots = {s: (StrengthBot(rng) if s % 2 else RandomBot(rng)) for s in range(1, 6)}
    game.release_log()
    found = []
    for _ in range(count):
        start = (  # as a run's twin is restored: before the hand's top-ups, its events
            [SeatRecord(s, game._players[s], game._stacks[s]) for s in sorted(game._players)],
            game._deck,
            game._deck_deals,
            game._hands,
            sorted(game._owing),
        )
        for seat in game.owing_top_ups():
            game.top_up(seat, options.min_buy_in - game.stacks[seat])
        play_hand(game, bots, shuffler, rng)
        found.append((start, list(game.release_log())))
    return found


def _twin(options: StudOptions, start: Any) -> StudGame:
    records, deck, deals, hands, owing = start
    twin = StudGame(options)
    twin.restore(records, deck=deck, deck_deals=deals, hands=hands)
    if owing:
        twin.top_ups_due(owing)
    return twin


def _state(game: StudGame) -> tuple[object, ...]:
    h = game._hand
    hand = None if h is None else {name: getattr(h, name, None) for name in HandState.__slots__}
    return (
        game.event_count,
        dict(game._stacks),
        game._clock,
        game._phase,
        game._hands,
        game._house,
        set(game._owing),
        game._settled,
        repr(hand),
    )


def _outcome(follow: Any, twin: StudGame, event: Event) -> tuple[str, tuple[object, ...]]:
    try:
        follow(twin, [event])
    except CroupierError as exc:
        return f"{type(exc).__name__}: {exc}", _state(twin)
    return "ok", _state(twin)


def _variants(event: PlayerActed, rng: random.Random) -> list[Any]:
    """A decision of a hand and decisions made up around it."""
    seat, chips = event.seat, event.chips
    made: Any = PlayerActed  # any field's value, as a record may hold
    found: list[Any] = [event]
    for other in (seat - 1, seat + 1, True, 1.0, "1", 0, 9):
        found.append(made(other, event.action, chips, event.at))
    for action in Act:
        for amount in sorted({0, chips, chips + 1, max(chips - 1, 0), 40, 10_000}):
            found.append(made(seat, action, amount, event.at))
    for odd in (True, 2.5, "5", -1):
        found.append(made(seat, event.action, odd, event.at))
    for at in (0, 1, _LIMIT, _LIMIT + 1, rng.randint(0, 3 * _LIMIT), -1, 2.5):
        found.append(made(seat, event.action, chips, at))
    return found


def _timed(events: list[Event], rng: random.Random) -> list[Event]:
    """The events with times on the decisions, forward (a table with a time limit)."""
    clock = 0
    timed: list[Event] = []
    for event in events:
        if isinstance(event, PlayerActed):
            clock += rng.randint(0, _LIMIT)
            event = PlayerActed(event.seat, event.action, event.chips, clock)
        timed.append(event)
    return timed


@pytest.mark.parametrize(
    ("seed", "limit", "timed"),
    [(0, 120, False), (1, None, False), (2, 120, True), (3, 120, True), (4, None, True)],
)
def test_a_decision_followed_is_checked_and_folded_as_the_protocol_does(
    seed: int, limit: int | None, timed: bool
) -> None:
    options = StudOptions(time_limit_seconds=limit)
    rng = random.Random(seed)
    seen: set[str] = set()
    for start, events in _hands(seed, options, 5):
        if timed:
            events = _timed(events, rng)
        fast, reference = _twin(options, start), _twin(options, start)
        for i, event in enumerate(events):
            if isinstance(event, PlayerActed):
                for variant in _variants(event, rng):
                    a, b = _twin(options, start), _twin(options, start)
                    StudGame.follow(a, events[:i])
                    Game.follow(b, events[:i])
                    got = _outcome(StudGame.follow, a, variant)
                    assert got == _outcome(Game.follow, b, variant), variant
                    seen.add(got[0].split(":")[0])
            StudGame.follow(fast, [event])
            Game.follow(reference, [event])
            assert _state(fast) == _state(reference)
    assert {"ok", "RuleViolation", "RecordError"} <= seen


def test_a_follow_of_the_whole_log_is_the_protocol_s() -> None:
    """Many events at once, the hands' decisions among the rest: the same table; a refusal
    in the middle of a list: the events before it stay, its index named."""
    options = StudOptions()
    hands = _hands(7, options, 12)
    start, first = hands[0]
    fast, reference = _twin(options, start), _twin(options, start)
    events = [e for _, hand in hands for e in hand]
    fast.follow(events)
    Game.follow(reference, events)
    assert _state(fast) == _state(reference)
    bad = PlayerActed(1, Act.CALL, 10**9, None)
    i = next(i for i, e in enumerate(first) if isinstance(e, PlayerActed))
    refusals = []
    for follow in (StudGame.follow, Game.follow):
        table = _twin(options, start)
        with pytest.raises(CroupierError) as exc:
            follow(table, [*first[:i], bad, *first[i:]])
        refusals.append((str(exc.value), _state(table)))
    assert refusals[0] == refusals[1]
