"""A sitting of Mah-Jong (Art 2: "Cada roda de quatro jogos leva o nome de um dos «ventos»"):
the letter's rotation (four games a round, the deal passing each game) and the Hong Kong one,
the rounds East, South, West, North in order, the end of a round, the cap, the totals, the
false win's place in the rotation, and the record that replays (old records under the rule
they were played by)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from croupier.errors import MaterialError, RecordError, RuleViolation
from croupier.games.mahjong.bots import RandomBot, ShantenBot, make_bot
from croupier.games.mahjong.events import FalseWinDeclared, GameDrawn, GameWon
from croupier.games.mahjong.match import MATCH, Match, seat_of
from croupier.games.mahjong.options import FalseWin, MahjongOptions, Rotation
from croupier.games.mahjong.rules import Round, Seat
from croupier.games.mahjong.scoring import ScoringOptions
from croupier.shuffle import SeededShuffler

HK = Rotation.HONG_KONG
DATA = Path(__file__).parent / "data"


def played(options: MahjongOptions, seed: int, *, shanten: bool = True) -> Match:
    rng = random.Random(seed)
    match = Match(options)
    bots = {p: (ShantenBot(rng) if shanten else RandomBot(rng)) for p in range(4)}
    match.play(bots, SeededShuffler(seed), rng)
    return match


def check_hk_rotation(match: Match) -> None:
    """Each game's banker follows the HK reading from the previous game's result."""
    banker, passes = match.options.first_banker, 0
    for s in match.summaries:
        assert s.banker == banker
        if isinstance(s.result, GameWon):
            assert s.stays == (s.result.seat is Seat.EAST)
            assert s.winner == (banker + s.result.seat) % 4
        else:
            assert s.stays == match.options.banker_stays_on_draw
            assert s.winner is None
        if not s.stays:
            banker, passes = (banker + 1) % 4, passes + 1
    assert (match.banker, match.passes) == (match.options.first_banker, 0)  # the round ended


def test_seat_winds_follow_the_banker() -> None:
    # Art 2: the banker is East, South on his right (the next place), West opposite, North left
    assert [seat_of(0, p) for p in range(4)] == list(Seat)
    assert [seat_of(1, p).symbol for p in range(4)] == ["N", "E", "S", "W"]
    match = Match(MahjongOptions(first_banker=2))
    assert match.seat_of(2) is Seat.EAST and match.place_of(Seat.SOUTH) == 3


# -- Art 2, the letter: four games a round, the deal passing each game ---------------------------


def test_art2_a_round_is_four_games_and_the_deal_passes_each_game() -> None:
    assert MahjongOptions().rotation is Rotation.EVERY_GAME  # the default is the letter
    match = played(MahjongOptions(), 2)
    assert match.over and len(match.summaries) == 4
    assert [s.banker for s in match.summaries] == [0, 1, 2, 3]
    assert not any(s.stays for s in match.summaries)
    # an East win passes the deal too (under the Hong Kong rotation it would stay)
    wins = [s for s in match.summaries if isinstance(s.result, GameWon)]
    assert wins
    assert match.end_reason == "the round's four games are played (Art 2)"
    assert all(s.prevailing is Round.EAST for s in match.summaries)


def test_art2_an_east_win_passes_the_deal_under_the_letter() -> None:
    for seed in range(30):
        match = played(MahjongOptions(), seed)
        east = [s for s in match.summaries if isinstance(s.result, GameWon) and s.result.seat == 0]
        if east:
            assert not east[0].stays
            nxt = east[0].number  # the next game's banker is the place on the right
            if nxt < 4:
                assert match.summaries[nxt].banker == (east[0].banker + 1) % 4
            return
    pytest.fail("no East win in 30 seeded rounds")


def test_art2_the_rounds_follow_east_south_west_north() -> None:
    match = played(MahjongOptions(rounds=4), 7)  # a full game
    assert match.over and len(match.summaries) == 16 and match.rounds_done == 4
    winds = [s.prevailing for s in match.summaries]
    assert winds == [Round(i // 4) for i in range(16)]
    assert [g.options.prevailing for g in match.games] == winds
    assert [s.banker for s in match.summaries] == [i % 4 for i in range(16)]
    again = Match.from_record(json.loads(json.dumps(match.to_record())))
    assert again.digest() == match.digest() and again.totals == match.totals


def test_art2_a_sitting_may_start_at_another_wind() -> None:
    match = played(MahjongOptions(prevailing=Round.SOUTH, rounds=2), 3)
    assert [s.prevailing for s in match.summaries] == [Round.SOUTH] * 4 + [Round.WEST] * 4
    assert MahjongOptions(prevailing=Round.SOUTH, rounds=2).last_round is Round.WEST


@pytest.mark.parametrize(("prevailing", "rounds"), [(Round.WEST, 3), (Round.EAST, 0)])
def test_art2_no_round_after_north(prevailing: Round, rounds: int) -> None:
    with pytest.raises(MaterialError, match="East, South, West, North in order"):
        MahjongOptions(prevailing=prevailing, rounds=rounds)


# -- the Hong Kong rotation (option) -------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 4])
def test_hk_rotation_a_draw_passes_the_deal(seed: int) -> None:
    match = played(MahjongOptions(rotation=HK, banker_stays_on_draw=False), seed)
    check_hk_rotation(match)
    assert match.over and match.current is None
    # the deal went round the table back to the first banker: four games at least
    assert sum(not s.stays for s in match.summaries) == 4 and len(match.summaries) >= 4
    assert match.end_reason == "the deal has gone round the table back to the first banker"


def test_hk_rotation_banker_stays_on_draw() -> None:
    match = played(MahjongOptions(rotation=HK), 2)
    check_hk_rotation(match)
    assert match.over
    stays_on_draw = [s for s in match.summaries if isinstance(s.result, GameDrawn)]
    assert stays_on_draw and all(s.stays for s in stays_on_draw)
    passed = [s for s in match.summaries if not s.stays]
    assert passed and all(isinstance(s.result, GameWon) for s in passed)


def test_hk_rotation_second_round_after_the_deal_has_gone_round() -> None:
    match = played(MahjongOptions(rotation=HK, rounds=2, max_games=8), 5)
    assert match.over and match.rounds_done == 2
    east = [s for s in match.summaries if s.prevailing is Round.EAST]
    south = [s for s in match.summaries if s.prevailing is Round.SOUTH]
    assert east and south and len(east) + len(south) == len(match.summaries)
    assert match.summaries.index(south[0]) == len(east)  # the South round follows East's
    assert south[0].banker == 0  # each round starts with the first banker


def test_the_cap_ends_the_round() -> None:
    match = played(MahjongOptions(rotation=HK, max_games=3), 1)
    assert len(match.summaries) == 3 and match.end_reason == "the cap of 3 games"
    with pytest.raises(RuleViolation, match="the round is over"):
        match.begin()
    assert not match.can_begin()
    # the default cap: 16 games, so that a round always ends
    assert MahjongOptions().max_games == 16
    full = played(MahjongOptions(rotation=HK), 1)
    assert full.over and len(full.summaries) <= 16


def test_totals_balance_with_the_commission() -> None:
    options = MahjongOptions(scoring=ScoringOptions(commission_bp=500), rounds=2)
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


@pytest.mark.parametrize("rotation", list(Rotation))
def test_false_win_penalty_ends_the_game_and_the_deal_goes_as_after_a_draw(
    rotation: Rotation,
) -> None:
    """Random bots under the penalty declare false wins; each one ends its game, the declarer
    pays the penalty, and the deal goes as after a drawn game."""
    options = MahjongOptions(false_win=FalseWin.PENALTY, rotation=rotation, max_games=6)
    false = []
    for seed in range(6):
        match = played(options, seed, shanten=False)
        assert sum(match.totals) + match.house == 0
        for s in match.summaries:
            if isinstance(s.result, FalseWinDeclared):
                false.append(s)
                assert s.commission == 0 and s.winner is None
                place = (s.banker + s.result.seat) % 4
                assert s.net[place] < 0 and all(s.net[p] > 0 for p in range(4) if p != place)
                expected = rotation is HK and options.banker_stays_on_draw
                assert s.stays == expected
                assert s.to_dict()["false_win"]["reason"]
        again = Match.from_record(json.loads(json.dumps(match.to_record())))
        assert again.digest() == match.digest()
    assert false


@pytest.mark.parametrize("rotation", list(Rotation))
def test_the_record_replays_to_the_same_totals(rotation: Rotation) -> None:
    options = MahjongOptions(rotation=rotation, max_games=6, rounds=2)
    match = played(options, 5, shanten=False)
    record = json.loads(json.dumps(match.to_record()))
    assert record["game"] == MATCH and len(record["games"]) == len(match.summaries)
    # the Hong Kong rotation is what a record without the key was played by: not written
    assert record["options"].get("rotation", "hong-kong") == rotation.value
    again = Match.from_record(record)
    assert again.totals == match.totals and again.house == match.house
    assert again.options == match.options and again.banker == match.banker
    assert [s.to_dict() for s in again.summaries] == [s.to_dict() for s in match.summaries]
    assert again.digest() == match.digest() and again.over


#: A round recorded at commit 3fcd9f2 (the Hong Kong rotation, before the option existed): three
#: East wins, the deal staying each time, ended by a cap of 3 games; its digest and totals.
OLD_ROUND = DATA / "round_before_rotation_option.json"
OLD_ROUND_DIGEST = "f56334decf1fc816f3fd3971ce1b1ddf96d53a85ac809ae5b2f14c38d1ef9bc8"


def test_a_round_record_older_than_the_rotation_option_is_read_the_hong_kong_way() -> None:
    record = json.loads(OLD_ROUND.read_text(encoding="utf-8"))
    assert "rotation" not in record["options"]
    match = Match.from_record(record)
    assert match.options.rotation is HK  # the rule it was played by
    assert [s.stays for s in match.summaries] == [True, True, True]
    assert [s.banker for s in match.summaries] == [0, 0, 0]
    assert match.totals == (48, -16, -16, -16) and match.end_reason == "the cap of 3 games"
    assert match.digest() == OLD_ROUND_DIGEST and match.to_record() == record


def test_step_api_and_its_guards() -> None:
    match = Match(MahjongOptions(prevailing=Round.EAST, max_games=2))
    with pytest.raises(RuleViolation, match="no game of the round is in play"):
        match.conclude()
    assert not match.can_conclude() and match.can_begin()
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
    with pytest.raises(RecordError, match="rotation"):
        Match.from_record({**record, "options": {"rotation": "clockwise"}})
    with pytest.raises(MaterialError):
        MahjongOptions(first_banker=4)
    with pytest.raises(MaterialError):
        Match().play({0: ShantenBot(random.Random(1))}, SeededShuffler(1), random.Random(1))


def test_faan_bots_finish_a_full_game() -> None:
    rng = random.Random("full")
    match = Match(MahjongOptions(rounds=4))
    match.play({p: make_bot("faan", rng) for p in range(4)}, SeededShuffler("full"), rng)
    assert match.over and len(match.summaries) == 16
