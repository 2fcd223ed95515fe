"""A round of Mah-Jong (Art 2: "Cada roda de quatro jogos leva o nome de um dos «ventos»"):
the banker's rotation under both readings, the end of the round, the cap, the totals and the
record that replays."""

from __future__ import annotations

import json
import random

import pytest

from croupier.errors import MaterialError, RecordError, RuleViolation
from croupier.games.mahjong.bots import RandomBot, ShantenBot
from croupier.games.mahjong.events import GameDrawn, GameWon
from croupier.games.mahjong.match import MATCH, Match, seat_of
from croupier.games.mahjong.options import MahjongOptions
from croupier.games.mahjong.rules import Round, Seat
from croupier.games.mahjong.scoring import ScoringOptions
from croupier.shuffle import SeededShuffler


def played(options: MahjongOptions, seed: int, *, shanten: bool = True) -> Match:
    rng = random.Random(seed)
    match = Match(options)
    bots = {p: (ShantenBot(rng) if shanten else RandomBot(rng)) for p in range(4)}
    match.play(bots, SeededShuffler(seed), rng)
    return match


def check_rotation(match: Match) -> None:
    """Each game's banker follows the HK reading from the previous game's result."""
    banker, passes = match.options.first_banker, 0
    for s in match.summaries:
        assert s.banker == banker
        if isinstance(s.result, GameWon):
            assert s.stays == (s.result.seat is Seat.EAST)
            assert s.winner == (banker + s.result.seat) % 4
        else:
            assert isinstance(s.result, GameDrawn)
            assert s.stays == match.options.banker_stays_on_draw
            assert s.winner is None
        if not s.stays:
            banker, passes = (banker + 1) % 4, passes + 1
    assert (match.banker, match.passes) == (banker, passes)


def test_seat_winds_follow_the_banker() -> None:
    # Art 2: the banker is East, South on his right (the next place), West opposite, North left
    assert [seat_of(0, p) for p in range(4)] == list(Seat)
    assert [seat_of(1, p).symbol for p in range(4)] == ["N", "E", "S", "W"]
    match = Match(MahjongOptions(first_banker=2))
    assert match.seat_of(2) is Seat.EAST and match.place_of(Seat.SOUTH) == 3


@pytest.mark.parametrize("seed", [0, 4])
def test_rotation_draw_passes_the_deal(seed: int) -> None:
    match = played(MahjongOptions(banker_stays_on_draw=False), seed)
    check_rotation(match)
    assert match.over and match.current is None
    # the deal went round the table back to the first banker: four games at least (Art 2)
    assert match.passes == 4 and match.banker == 0 and len(match.summaries) >= 4
    assert match.end_reason == "the deal has gone round the table back to the first banker"


def test_rotation_banker_stays_on_draw() -> None:
    match = played(MahjongOptions(), 2)
    check_rotation(match)
    assert match.over
    stays_on_draw = [s for s in match.summaries if isinstance(s.result, GameDrawn)]
    assert stays_on_draw and all(s.stays for s in stays_on_draw)
    passed = [s for s in match.summaries if not s.stays]
    assert passed and all(isinstance(s.result, GameWon) for s in passed)


def test_the_cap_ends_the_round() -> None:
    match = played(MahjongOptions(max_games=3), 1)
    assert len(match.summaries) == 3 and match.end_reason == "the cap of 3 games"
    with pytest.raises(RuleViolation, match="the round is over"):
        match.begin()
    # the default cap: 16 games, so that a round always ends
    assert MahjongOptions().max_games == 16
    full = played(MahjongOptions(), 1)
    assert full.over and len(full.summaries) <= 16


def test_totals_balance_with_the_commission() -> None:
    options = MahjongOptions(scoring=ScoringOptions(commission_bp=500), banker_stays_on_draw=False)
    match = played(options, 4)
    wins = [s for s in match.summaries if isinstance(s.result, GameWon)]
    assert wins and match.house == sum(s.commission for s in wins) > 0
    assert sum(match.totals) + match.house == 0
    assert match.totals == Match.net_sum(match.summaries)
    for s in wins:
        assert isinstance(s.result, GameWon)
        assert s.winner is not None and s.net[s.winner] == s.result.net[s.result.seat]
        assert sum(s.net) + s.commission == 0
    drawn = [s for s in match.summaries if isinstance(s.result, GameDrawn)]
    assert all(s.net == (0, 0, 0, 0) for s in drawn)


@pytest.mark.parametrize("stays", [True, False])
def test_the_record_replays_to_the_same_totals(stays: bool) -> None:
    match = played(MahjongOptions(banker_stays_on_draw=stays, max_games=6), 5, shanten=False)
    record = json.loads(json.dumps(match.to_record()))
    assert record["game"] == MATCH and len(record["games"]) == len(match.summaries)
    again = Match.from_record(record)
    assert again.totals == match.totals and again.house == match.house
    assert again.options == match.options and again.banker == match.banker
    assert [s.to_dict() for s in again.summaries] == [s.to_dict() for s in match.summaries]
    assert again.digest() == match.digest() and again.over


def test_step_api_and_its_guards() -> None:
    match = Match(MahjongOptions(prevailing=Round.EAST, max_games=2))
    with pytest.raises(RuleViolation, match="no game of the round is in play"):
        match.conclude()
    game = match.begin()
    assert game.options == match.options
    with pytest.raises(RuleViolation, match="still in play"):
        match.begin()
    with pytest.raises(RuleViolation, match="not over yet"):
        match.conclude()
    # a record with a game in play replays with that game current
    game.deal(SeededShuffler(1))
    partial = Match.from_record(match.to_record())
    assert partial.current is not None and partial.summaries == ()


def test_bad_records_and_options() -> None:
    match = played(MahjongOptions(max_games=2), 3)
    record = match.to_record()
    with pytest.raises(RecordError, match="not a mahjong-round record"):
        Match.from_record({**record, "game": "mahjong"})
    with pytest.raises(RecordError, match="after the end of the round"):
        Match.from_record({**record, "games": [*record["games"], record["games"][0]]})
    other = {**record["games"][0], "options": {**record["games"][0]["options"]}}
    other["options"]["prevailing"] = "south"
    with pytest.raises(RecordError, match="round's options"):
        Match.from_record({**record, "games": [other]})
    with pytest.raises(RecordError, match="unknown mahjong option"):
        Match.from_record({**record, "options": {"max": 3}})
    with pytest.raises(RecordError, match="max_games"):
        Match.from_record({**record, "options": {"max_games": 0}})
    with pytest.raises(MaterialError):
        MahjongOptions(first_banker=4)
    with pytest.raises(MaterialError):
        Match().play({0: ShantenBot(random.Random(1))}, SeededShuffler(1), random.Random(1))
