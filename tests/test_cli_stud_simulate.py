"""``croupier simulate five-card-stud`` (issue 15 item 20, issue 22): the real wall time, an
honest progress bar, bot stakes at the table's level, and the streamed check (every event checked
as the table commits it; the first hand, one in REPLAY_EVERY and the last replayed by a twin
table from the log; the events released once digested: memory stays flat)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.commands import simulate_stud
from croupier.games.five_card_stud.events import Act, PlayerActed
from croupier.games.five_card_stud.round import StudGame

runner = CliRunner()


def test_issue15_item20_the_time_reported_is_the_run_s_wall_time() -> None:
    start = time.perf_counter()
    sim = simulate_stud.run_simulation(60, 6, "mixed", "wall")
    wall = time.perf_counter() - start
    assert sim.violation is None and sim.hands == 60
    # the run, start to end (setup and the final digest included), and nothing else
    assert 0.8 * wall <= sim.seconds <= wall
    data = json.loads(
        runner.invoke(app, ["simulate", "stud", "--hands", "40", "--seed", "w", "--json"]).stdout
    )
    # seconds are written to the millisecond: the rate agrees with them to that precision
    # (the run's seconds lie within half a millisecond of the written ones; a fast run of 40
    # hands takes ~10 ms, so that is more than a few percent of the rate)
    seconds, rate = data["seconds"], data["hands_per_second"]
    assert 40 / (seconds + 0.0005) - 0.05 <= rate <= 40 / max(seconds - 0.0005, 1e-9) + 0.05


def test_issue15_item20_the_bar_is_full_only_when_everything_is_done() -> None:
    seen: list[int] = []
    done: list[float] = []

    def progress(n: int) -> None:
        seen.append(n)
        done.append(time.perf_counter())

    sim = simulate_stud.run_simulation(400, 4, "mixed", "bar", progress=progress)
    finished = time.perf_counter()
    assert seen == sorted(seen) and seen[-1] == 400 and len(seen) <= 201
    # every hand is played, checked and replayed before the bar moves past it: once full,
    # only the digest's last bytes are left
    assert finished - done[-1] < 0.1 * sim.seconds + 0.05
    assert sim.digest and sim.violation is None


def test_issue15_item20_bot_stakes_stay_within_the_table_levels() -> None:
    """Bots bet at most the table's least capital (2,000 at the 20 table) in a round: a pot of
    six players over four rounds stays under 6 x 4 x 2,000 (it reached 14 M before)."""
    sim = simulate_stud.run_simulation(600, 6, "mixed", "levels")
    assert sim.violation is None
    assert 0 < sim.largest_pot <= 6 * 4 * 2000


def test_issue22_the_log_is_released_as_it_goes() -> None:
    sim = simulate_stud.run_simulation(50, 5, "random", "flat")
    game = sim.game
    assert game.event_count > 50 * 10
    assert game._log == []  # digested, replayed by the twin, released: memory stays flat
    with pytest.raises(Exception, match="released"):
        game.to_record()


def _tamper(monkeypatch: pytest.MonkeyPatch, release: int) -> list[int]:
    """From now on the table's ``release``-th release of its log (1: the table's opening, 2:
    hand 1...) hands on a fold that never happened, appended after the settlement."""
    real = StudGame.release_log
    calls = [0]

    def tampered(self: StudGame, *, digest: bool = True) -> tuple[Any, ...]:
        events = real(self, digest=digest)
        if not digest:  # the twin's own release
            return events
        calls[0] += 1
        if calls[0] == release:
            return (*events, PlayerActed(1, Act.FOLD, 0, None))
        return events

    monkeypatch.setattr(StudGame, "release_log", tampered)
    return calls


def test_issue22_a_hand_the_twin_refuses_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _tamper(monkeypatch, 3)  # the second hand
    sim = simulate_stud.run_simulation(5, 3, "strength", "twin", replay_every=1)
    assert sim.violation is not None and sim.violation.startswith("replay: hand 2:")
    # sampled (the default): hand 2 is not replayed, hand 10 is (one in REPLAY_EVERY)
    every = simulate_stud.REPLAY_EVERY
    calls[0] = 0
    assert simulate_stud.run_simulation(5, 3, "strength", "twin").violation is None
    calls = _tamper(monkeypatch, every + 1)
    sim = simulate_stud.run_simulation(2 * every + 1, 3, "strength", "twin")
    assert sim.violation is not None and sim.violation.startswith(f"replay: hand {every}:")
    calls = _tamper(monkeypatch, 6)  # the last of five hands: always replayed
    result = runner.invoke(app, ["simulate", "stud", "--hands", "5", "--seats", "3", "--json"])
    assert result.exit_code == 2 and "invariant violated: replay: hand 5:" in result.output


def test_issue22_the_sampled_replay_gives_the_every_hand_run_s_figures() -> None:
    """The twin replaying one hand in REPLAY_EVERY (and the first and the last, each from a
    restore of the table) plays the same hands as the twin that follows every event (the
    implementation before it, run here): the same tallies, stacks and log digest."""
    for hands, seats, bots, seed in ((123, 6, "mixed", "same"), (40, 3, "random", "s2")):
        every = simulate_stud.run_simulation(hands, seats, bots, seed, replay_every=1)
        sampled = simulate_stud.run_simulation(hands, seats, bots, seed)
        assert every.violation is None and sampled.violation is None
        for name in ("hands", "showdowns", "folds", "largest_pot", "largest_pot_hand"):
            assert getattr(sampled, name) == getattr(every, name), name
        assert sampled.topped_up == every.topped_up and sampled.digest == every.digest
        assert sampled.game.stacks == every.game.stacks
        assert sampled.game.house == every.game.house


def test_issue22_a_restored_twin_checks_the_hand_it_replays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A replayed hand's events are checked again from a restore of the table: a top-up left
    out of the log is caught there (the twin's table does not end as the table did)."""
    real = StudGame.release_log
    dropped = [0]

    def without_top_ups(self: StudGame, *, digest: bool = True) -> tuple[Any, ...]:
        events = real(self, digest=digest)
        if not digest:
            return events
        kept = tuple(e for e in events if type(e).__name__ != "PlayerToppedUp")
        dropped[0] += len(events) - len(kept)
        return kept

    monkeypatch.setattr(StudGame, "release_log", without_top_ups)
    sim = simulate_stud.run_simulation(200, 6, "random", "topups")
    assert dropped[0] > 0
    assert sim.violation is not None and sim.violation.startswith("replay: hand ")


def test_issue22_simulations_in_threads_give_the_serial_digests() -> None:
    """A cluster worker may run chunks in threads (``--scheduler tcp://`` to workers with
    several threads): the module-level memos the simulation shares (the bots' last board read,
    the decisions made once, their digest texts) must never mix two tables' states. Four
    simulations run in threads that switch every microsecond give each the digest it gives
    alone."""
    import sys
    import threading

    seeds = [f"threads:{i}" for i in range(4)]
    alone = {s: simulate_stud.run_simulation(120, 6, "mixed", s).digest for s in seeds}
    together: dict[str, str] = {}

    def run(seed: str) -> None:
        together[seed] = simulate_stud.run_simulation(120, 6, "mixed", seed).digest

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=run, args=(s,)) for s in seeds]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert together == alone


@pytest.mark.parametrize("each", [False, True])
def test_issue22_the_house_take_is_checked_against_the_initial_commission_kept(
    each: bool,
) -> None:
    """A run keeps the initial commission by the seats dealt in (worked out once, Art 8): the
    one kept is the one worked out afresh, and a hand's house take is checked against it (a
    wrong one kept: the check names the house take)."""
    from croupier.games.five_card_stud.bots import RandomBot, new_table, play_hand
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.games.five_card_stud.rules import InitialCommission
    from croupier.shuffle import SeededShuffler

    rule = InitialCommission.EACH if each else InitialCommission.POT
    options = StudOptions(initial_commission=rule)
    game = new_table(options, 4)
    rng = random.Random(3)
    bots = {s: RandomBot(rng, cap=options.min_buy_in) for s in range(1, 5)}
    settled = play_hand(game, bots, SeededShuffler(3), rng)
    bought = options.min_buy_in * 4
    kept: dict[int, int] = {}
    simulate_stud._check_hand(game, settled, bought, 1, kept)
    assert kept == {4: simulate_stud._initial_commission(options, 4)}
    simulate_stud._check_hand(game, settled, bought, 1, kept)  # read from what is kept
    kept[4] += 1
    with pytest.raises(simulate_stud.InvariantError, match="house take"):
        simulate_stud._check_hand(game, settled, bought, 1, kept)


def test_issue22_the_seats_owing_a_top_up_are_those_that_must() -> None:
    """StudState.owing_top_ups (what a run tops up before each hand) is every seated player
    for whom must_top_up holds, in seat order, hand after hand (Art 6, both duties)."""
    from croupier.games.five_card_stud.bots import RandomBot, new_table, play_hand
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.games.five_card_stud.rules import TopUpDuty
    from croupier.shuffle import SeededShuffler

    for duty in TopUpDuty:
        options = StudOptions(top_up_duty=duty)
        game = new_table(options, 5)
        rng = random.Random(5)
        bots = {s: RandomBot(rng) for s in range(1, 6)}
        shuffler = SeededShuffler(5)
        owed = 0
        for _ in range(60):
            due = [s for s in sorted(game.players) if game.must_top_up(s)]
            assert game.owing_top_ups() == due
            owed += len(due)
            for seat in due:
                game.top_up(seat, options.min_buy_in - game.stacks[seat])
            assert game.owing_top_ups() == []
            play_hand(game, bots, shuffler, rng)
        assert owed  # some hands left a player owing


def _check_hand_reference(
    game: Any, settled: Any, bought: int, number: int, initial: dict[int, int] | None = None
) -> None:
    """``_check_hand`` as written before issue 22's last pass (the ``stacks`` and ``house``
    properties, ``min`` with a default)."""
    broken = simulate_stud.InvariantError
    stacks = game.stacks
    chips = stacks.values()
    house = game.house
    if sum(chips) + house != bought:
        raise broken(
            f"chips conserved: after hand {number} stacks {sum(chips)} + house "
            f"{house} != bought in {bought}"
        )
    if min(chips, default=0) < 0:
        raise broken(f"stacks non-negative: after hand {number}: {dict(stacks)}")
    seats = len(stacks)
    taken = None if initial is None else initial.get(seats)
    if taken is None:
        taken = simulate_stud._initial_commission(game.options, seats)
        if initial is not None:
            initial[seats] = taken
    for pot in settled.pots:
        kept = pot.commission + pot.odd_to_house
        paid = kept
        for _, amount in pot.paid:
            paid += amount
        if paid != pot.amount:
            raise broken(f"pots paid in full: hand {number}: {pot}")
        taken += kept
    if settled.house != taken:
        raise broken(
            f"house take: hand {number}: the house took {settled.house}, not the initial "
            f"commission and commissions {taken}"
        )


def test_issue22_check_hand_reads_the_table_as_the_reference_did() -> None:
    """_check_hand reads the table's own stacks and take (no copies): on hands played and on
    tables broken at random (a stack moved, made negative, a seat gone, the house's take off,
    a pot's payment off), the same invariant broken, word for word, as the reference."""
    import dataclasses

    from croupier.games.five_card_stud.bots import RandomBot, new_table, play_hand
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.shuffle import SeededShuffler

    def outcome(check: Any, *args: Any) -> str:
        try:
            check(*args)
        except simulate_stud.InvariantError as exc:
            return str(exc)
        return "ok"

    options = StudOptions()
    game = new_table(options, 5)
    rng = random.Random("check hand")
    bots = {s: RandomBot(rng, cap=options.min_buy_in) for s in range(1, 6)}
    shuffler = SeededShuffler("check hand")
    bought = options.min_buy_in * 5
    outcomes = set()
    for number in range(1, 41):
        for _, amount in simulate_stud._top_up(game):
            bought += amount
        settled = play_hand(game, bots, shuffler, rng)
        stacks, house = dict(game._stacks), game._house
        seat, other = rng.sample(sorted(stacks), 2)
        pot = settled.pots[0]
        broken_pot = dataclasses.replace(pot, amount=pot.amount + 1)
        cases = [
            (bought, settled, {}),
            (bought + 1, settled, {}),
            (bought, settled, {seat: -5, **{s: 0 for s in stacks if s != seat}}),
            (bought, settled, {seat: -5, other: stacks[other] + stacks[seat] + 5}),
            (bought, settled, "house"),
            (bought, dataclasses.replace(settled, pots=(broken_pot,)), {}),
            (bought, dataclasses.replace(settled, house=settled.house + 1), {}),
            (bought, settled, "empty"),
        ]
        for total, event, change in cases:
            if change == "house":
                game._house += 3
            elif change == "empty":
                game._stacks.clear()
            else:
                game._stacks.update(change)  # type: ignore[arg-type]
            initials: tuple[dict[int, int] | None, ...] = (None, {})
            for initial in initials:
                found = outcome(simulate_stud._check_hand, game, event, total, number, initial)
                reference = outcome(_check_hand_reference, game, event, total, number, initial)
                assert found == reference
                if found == "ok":  # the least stack, what the next top-ups are asked by
                    least = simulate_stud._check_hand(game, event, total, number, initial)
                    assert least == (min(game._stacks.values()) if game._stacks else None)
                outcomes.add(found.split(":")[0])
            game._stacks.clear()
            game._stacks.update(stacks)
            game._house = house
    assert outcomes >= {"ok", "chips conserved", "stacks non-negative", "pots paid in full"}
    assert "house take" in outcomes


def test_a_run_asks_for_the_top_ups_when_the_last_hand_may_have_left_some(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """run_simulation asks for the top-ups (owing_top_ups) before a hand only when the least
    stack after the last hand, as _check_hand found it, is below the threshold or a seat owes
    one (Art 6, both duties): when it does not ask, nobody owes; every hand starts with nobody
    owing, as when it asked before every hand."""
    from croupier.games.five_card_stud import bots
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.games.five_card_stud.rules import TopUpDuty

    asked: list[int] = []
    played: list[int] = []
    top_up = simulate_stud._top_up
    play = bots.play_hand

    def counted(game: StudGame) -> list[tuple[int, int]]:
        asked.append(game.hands_played)
        return top_up(game)

    def checked(game: StudGame, *args: Any, **kwargs: Any) -> Any:
        assert game.owing_top_ups() == []  # asked or not, nobody owes at a hand's start
        played.append(game.hands_played)
        return play(game, *args, **kwargs)

    monkeypatch.setattr(simulate_stud, "_top_up", counted)
    monkeypatch.setattr(bots, "play_hand", checked)
    for duty in TopUpDuty:
        asked.clear()
        played.clear()
        options = StudOptions(top_up_duty=duty)
        sim = simulate_stud.run_simulation(300, 6, "mixed", "top-ups", options=options)
        assert sim.violation is None and sim.topped_up
        assert len(played) == 300 and 0 < len(asked) < 300


def test_the_young_collections_are_rarer_during_the_run_and_restored_after() -> None:
    """run_simulation collects the young generation every GC_YOUNG allocations while the hands
    are played (at least: a higher threshold set by the caller stays), and puts the caller's
    thresholds back after the run, whether it ended well, broke an invariant or raised."""
    import gc

    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []
    try:
        gc.set_threshold(700, 9, 8)
        sim = simulate_stud.run_simulation(
            3, 3, "mixed", "gc", progress=lambda n: seen.append(gc.get_threshold())
        )
        assert sim.violation is None
        assert set(seen) == {(simulate_stud.GC_YOUNG, 9, 8)}
        assert gc.get_threshold() == (700, 9, 8)
        gc.set_threshold(10 * simulate_stud.GC_YOUNG, 9, 8)  # the caller's own, higher: kept
        seen.clear()
        simulate_stud.run_simulation(
            2, 3, "mixed", "gc", progress=lambda n: seen.append(gc.get_threshold())
        )
        assert set(seen) == {(10 * simulate_stud.GC_YOUNG, 9, 8)}
        gc.set_threshold(700, 9, 8)

        def fail(n: int) -> None:
            raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            simulate_stud.run_simulation(3, 3, "mixed", "gc", progress=fail)
        assert gc.get_threshold() == (700, 9, 8)
    finally:
        gc.set_threshold(*before)
