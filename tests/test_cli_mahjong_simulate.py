"""``croupier simulate mahjong``: many bot games, every invariant checked after each, random
commands fuzzed; and the checker itself (:mod:`croupier.commands.simulate_mahjong`) against
tampered games, so that each check is seen to fail."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.commands import simulate_mahjong as sim
from croupier.commands.simulate_mahjong import (
    InvariantError,
    SimConfig,
    Tally,
    check_game,
    fuzz_game,
    run_simulation,
    simulate_game,
)
from croupier.games.mahjong.events import GameWon
from croupier.games.mahjong.round import MahjongGame
from croupier.games.mahjong.rules import Seat
from croupier.games.mahjong.scoring import ScoringOptions
from croupier.games.mahjong.wall import LiveWall
from croupier.tiles import Tile

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def ok_json(*args: str) -> Any:
    return json.loads(ok(*args, "--json").stdout)


def clean_failure(result: Result, *fragments: str, code: int = 2) -> None:
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.output, (fragment, result.output)


def _counts_add_up(data: dict[str, Any], games: int, fuzz: int) -> None:
    assert data["invariants"] == "ok"
    assert data["games"] == data["requested"] == games
    assert data["won"] + data["drawn"] == games
    assert data["self_drawn"] + data["on_discard"] == data["won"]
    assert 0 <= data["robbed_kong"] <= data["on_discard"]
    assert sum(data["faan"].values()) == data["won"]
    minimum, limit = data["scoring"]["min_faan"], data["scoring"]["limit"]
    assert all(minimum <= int(f) <= limit for f in data["faan"])
    assert sum(c["seats"] for c in data["bot_wins"].values()) == 4 * games
    assert sum(c["wins"] for c in data["bot_wins"].values()) == data["won"]
    assert data["fuzz_points"] == fuzz * games  # every game has more decisions than that
    assert data["commands_fuzzed"] == sim.FUZZ_TRIES * data["fuzz_points"]
    assert data["refused"] + data["accepted"] == data["commands_fuzzed"]
    assert data["refused"] > data["accepted"] > 0
    assert data["events"] > 100 * games and data["games_per_second"] > 0
    assert data["win_rate"] == round(data["won"] / games, 4)


def test_simulate_mahjong_json_counts_add_up() -> None:
    data = ok_json(
        "simulate", "mahjong", "--games", "30", "--seed", "t", "--bots", "mixed",
        "--min-faan", "1", "--commission-bp", "500", "--close-rate", "0.05", "--workers", "1",
    )  # fmt: skip
    _counts_add_up(data, 30, 3)
    assert data["bots"] == "mixed" and data["seed"] == "t" and data["close_rate"] == 0.05
    assert data["scoring"]["min_faan"] == 1 and data["scoring"]["commission_bp"] == 500
    assert set(data["bot_wins"]) == {"faan", "shanten", "random"}
    assert data["bot_wins"]["faan"]["seats"] == 60 and data["bot_wins"]["random"]["seats"] == 30
    assert data["won"] > 10 and data["commission"] > 0  # 1 faan wins, and the house takes 5%


def test_simulate_mahjong_counts_do_not_depend_on_the_workers() -> None:
    args = ("simulate", "mahjong", "--games", "30", "--seed", "w", "--fuzz", "1")
    one = ok_json(*args, "--workers", "1")
    two = ok_json(*args, "--workers", "2")  # two chunks of games, in two processes
    assert two["workers"] == 2
    timing = ("seconds", "games_per_second", "workers", "run")
    assert {k: v for k, v in one.items() if k not in timing} == {
        k: v for k, v in two.items() if k not in timing
    }
    how = ("seconds", "workers", "scheduler")  # the run record says where it ran, and how long
    assert {k: v for k, v in one["run"].items() if k not in how} == {
        k: v for k, v in two["run"].items() if k not in how
    }
    _counts_add_up(one, 30, 1)


def test_simulate_mahjong_text() -> None:
    out = ok("simulate", "mahjong", "--games", "4", "--seed", "x", "--bots", "shanten").stdout
    assert "Mah-Jong: 4 games of shanten bots (seed 'x'), 3 fuzzed points a game" in out
    assert "Games" in out and "drawn (wall exhausted)" in out and "random commands" in out
    assert "games/s on" in out and "invariants: ok" in out


def test_simulate_mahjong_stops_at_the_first_broken_invariant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = sim.drive
    played: list[int] = []

    def tampering_drive(game: MahjongGame, *args: Any, **kwargs: Any) -> list[int]:
        points = real(game, *args, **kwargs)
        played.append(1)
        if len(played) == 3:  # game 3 ends with a 5m too many in East's hand
            game._hands[Seat.EAST].append(Tile.parse("5m"))
        return points

    monkeypatch.setattr(sim, "drive", tampering_drive)
    result = run("simulate", "mahjong", "--games", "6", "--seed", "t", "--workers", "1")
    clean_failure(
        result,
        "error: invariant broken in game 3: tiles conserved: at the end: 137 tiles; missing -, "
        "extra 5m",
        "--games 3 --workers 1",
        code=1,
    )
    played.clear()
    result = run("simulate", "mahjong", "--games", "6", "--seed", "t", "--workers", "1", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["requested"] == 6  # the counts stop before game 3
    assert data["invariants"]["game"] == 3
    assert data["invariants"]["invariant"] == "tiles conserved"


def test_an_untyped_error_is_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game: MahjongGame) -> None:
        raise KeyError("oops")

    monkeypatch.setattr(sim, "check_game", broken)
    result = run_simulation(3, SimConfig(seed="k", bots="random", fuzz=0), workers=1)
    assert result.violation is not None and result.tally.games == 0
    assert str(result.violation) == "game 1: no untyped error: KeyError: 'oops'"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--games", "0"), "--games 0: simulate one game at least"),
        (("--games", "-3"), "--games -3"),
        (("--bots", "smart"), "--bots 'smart': the bots are faan, shanten, random, mixed"),
        (("--fuzz", "-1"), "--fuzz -1"),
        (("--close-rate", "1.5"), "--close-rate 1.5"),
        (("--workers", "0"), "--workers 0"),
        (("--min-faan", "20"), "--min-faan 20"),
        (("--limit", "0"), "--limit 0"),
        (("--commission-bp", "10001"), "--commission-bp 10001"),
        (("--unit", "0"), "--unit 0"),
        (("--hands", "10"), "--hands does not apply to mahjong: use --games"),
        (("--seats", "4"), "--seats does not apply to mahjong"),
        (("--decks", "2"), "--decks does not apply to mahjong"),
    ],
)
def test_simulate_mahjong_bad_flags(args: tuple[str, ...], message: str) -> None:
    clean_failure(run("simulate", "mahjong", *args), message)


@pytest.mark.parametrize(
    ("game", "flag"),
    [
        ("five-card-stud", ("--games", "10")),
        ("five-card-stud", ("--fuzz", "2")),
        ("football-poker", ("--min-faan", "1")),
        ("three-card-baccarat", ("--everyone-pays",)),
        ("five-card-stud", ("--close-rate", "0.1")),
    ],
)
def test_mahjong_simulate_flags_are_refused_for_other_games(
    game: str, flag: tuple[str, ...]
) -> None:
    clean_failure(run("simulate", game, *flag), f"{flag[0]} applies to mahjong only")


# -- the checker against tampered games -----------------------------------------------------------


def _won_game() -> MahjongGame:
    config = SimConfig(seed="won", bots="faan", fuzz=0, scoring=ScoringOptions(min_faan=1))
    for number in range(1, 20):
        game, _ = simulate_game(config, number)
        if isinstance(game.result, GameWon):
            return game
    raise AssertionError("no won game")


def _broken(game: MahjongGame) -> str:
    with pytest.raises(InvariantError) as caught:
        check_game(game)
    return caught.value.invariant


def test_check_game_names_each_broken_invariant() -> None:
    game = _won_game()
    check_game(game)  # as played: every invariant holds
    result = game.result
    assert isinstance(result, GameWon)

    # an unbalanced payment, as the result and the last event
    net = list(result.net)
    net[result.seat] += 1
    tampered = MahjongGame.replay(game.options, game.log)
    bad = dataclasses.replace(result, net=tuple(net))
    tampered._result, tampered._log[-1] = bad, bad
    assert _broken(tampered) == "payments balance"

    # a loser who gains: the winner's gain moved to a loser (still balanced)
    loser = result.seat.right
    net = list(result.net)
    net[result.seat], net[loser] = net[loser], net[result.seat]
    bad = dataclasses.replace(result, net=tuple(net))
    tampered._result, tampered._log[-1] = bad, bad
    assert _broken(tampered) == "the winner gains"

    # a win below the table's minimum
    bad = dataclasses.replace(result, faan=0)
    tampered._result, tampered._log[-1] = bad, bad
    assert _broken(tampered) == "faan within the table's minimum and limit"

    # a tile too many
    tampered = MahjongGame.replay(game.options, game.log)
    tampered._hands[Seat.SOUTH].append(Tile.parse("C"))
    assert _broken(tampered) == "tiles conserved"

    # a tile swapped for another: 136 tiles, the wrong ones
    tampered = MahjongGame.replay(game.options, game.log)
    hand = tampered._hands[Seat.WEST]
    hand[0] = Tile((hand[0].code + 1) % 34)
    assert _broken(tampered) == "tiles conserved"

    # a state the log does not rebuild: two tiles of a hand swapped with another's
    tampered = MahjongGame.replay(game.options, game.log)
    west, north = tampered._hands[Seat.WEST], tampered._hands[Seat.NORTH]
    i = next(i for i, t in enumerate(west) if t not in north)
    west[i], north[0] = north[0], west[i]
    assert _broken(tampered) == "replay from the log"

    # a log that does not replay: the result's faan changed (still within the table)
    bad = dataclasses.replace(result, faan=result.faan + 1)
    tampered = MahjongGame.replay(game.options, game.log)
    tampered._result, tampered._log[-1] = bad, bad
    assert _broken(tampered) == "replay from the log"

    # a game not over
    unfinished = MahjongGame.replay(game.options, game.log[:-5])
    assert _broken(unfinished) == "the game is over"


def test_check_game_drawn_game_needs_an_empty_wall() -> None:
    config = SimConfig(seed="drawn", bots="random", fuzz=0)
    game, tally = simulate_game(config, 1)
    assert tally.drawn == 1
    game._wall = LiveWall((Tile.parse("P"),), (135,))  # a tile left behind
    assert _broken(game) == "a drawn game has an empty wall"


def test_fuzzing_catches_a_refused_command_that_leaves_a_trace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = SimConfig(seed="leak", bots="faan", fuzz=0)
    game, _ = simulate_game(config, 1)
    points = list(range(1, len(game.log)))
    fuzz_game(game, points, 10, random.Random(1), Tally())  # the engine as it is: no violation
    real = MahjongGame.discard

    def leaky_discard(self: MahjongGame, seat: Seat, tile: Tile | str) -> Any:
        self._log.append(self._log[-1])  # a phantom event, even when the discard is refused
        return real(self, seat, tile)

    monkeypatch.setattr(MahjongGame, "discard", leaky_discard)
    with pytest.raises(InvariantError) as caught:
        fuzz_game(game, points, 10, random.Random(1), Tally())
    assert caught.value.invariant == "a refused command changes nothing"


def test_fuzzing_catches_legal_moves_that_disagree_with_the_commands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = SimConfig(seed="legal", bots="faan", fuzz=0)
    game, _ = simulate_game(config, 1)
    real = MahjongGame.legal
    # legal() forgets the discards: a random discard the engine takes is not listed
    monkeypatch.setattr(
        MahjongGame,
        "legal",
        lambda self, seat: tuple(m for m in real(self, seat) if m.TYPE != "discard"),
    )
    with pytest.raises(InvariantError) as caught:
        fuzz_game(game, list(range(1, len(game.log))), 20, random.Random(2), Tally())
    assert caught.value.invariant == "can_x agrees with legal"


@pytest.mark.slow
def test_a_thousand_mixed_bot_games_keep_every_invariant() -> None:
    """1,000 games of mixed bots (faan, shanten, random), 1-faan wins, a 5% commission, the time
    limit striking now and then, 2 points of each game fuzzed: every invariant holds."""
    config = SimConfig(
        seed="thousand",
        bots="mixed",
        fuzz=2,
        close_rate=0.05,
        scoring=ScoringOptions(min_faan=1, commission_bp=500),
    )
    result = run_simulation(1000, config)
    assert result.violation is None, str(result.violation)
    t = result.tally
    assert t.games == 1000 and t.won + t.drawn == 1000 and t.won > 500
    assert t.self_drawn + t.on_discard == t.won and t.commission > 0
    assert t.fuzz_points == 2000 and t.refused + t.accepted == t.fuzzed


def test_simulate_mahjong_table_options_reach_the_games() -> None:
    args = ("--games", "8", "--seed", "opt", "--workers", "1", "--fuzz", "1")
    data = ok_json("simulate", "mahjong", *args, "--no-rob-concealed-kong", "--seven-pairs")
    assert data["orphans_rob_concealed_kong"] is False
    assert data["scoring"]["seven_pairs"] is True and data["invariants"] == "ok"
    default = ok_json("simulate", "mahjong", *args)
    assert default["orphans_rob_concealed_kong"] is True
    config = SimConfig(rob_concealed_kong=False)
    assert config.options(1).orphans_rob_concealed_kong is False


def test_issue16_item15_simulate_changes_the_prevailing_wind_every_round_of_four() -> None:
    config = SimConfig(seed="winds", bots="random", fuzz=0)
    winds = [config.options(n).prevailing.name for n in range(1, 18)]
    assert winds == ["EAST"] * 4 + ["SOUTH"] * 4 + ["WEST"] * 4 + ["NORTH"] * 4 + ["EAST"]
    game, _ = simulate_game(config, 5)
    assert game.options.prevailing.name == "SOUTH" and game.view()["prevailing"] == "south"
    assert (
        "a round of four games each"
        in ok_json("simulate", "mahjong", "--games", "1", "--fuzz", "0", "--workers", "1")[
            "prevailing"
        ]
    )
