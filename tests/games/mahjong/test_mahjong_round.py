"""One Mah-Jong game as a state machine: rule tests on scripted deals.

Deals are crafted: :func:`stacked` lays chosen tiles at chosen draw positions (the deal's hands,
the next draws from the live wall, the kong replacements from its other end) and completes the
order with the rest of the set; :class:`StackedShuffler` hands that order and the dice to
:meth:`MahjongGame.deal`, so every game is played through the public commands. Every refused
command is checked for its rule and for changing nothing (:func:`refused`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar, cast

import pytest

from croupier.errors import RecordError, RuleViolation
from croupier.games.mahjong.commands import Pass, Win
from croupier.games.mahjong.events import (
    ClaimKind,
    ClaimPassed,
    ClaimsClosed,
    FalseWinDeclared,
    GameDrawn,
    GameWon,
    KongDeclared,
    MeldExposed,
    TileDiscarded,
    TileDrawn,
)
from croupier.games.mahjong.melds import Meld
from croupier.games.mahjong.options import FalseWin, MahjongOptions
from croupier.games.mahjong.round import MahjongGame, MahjongPhase
from croupier.games.mahjong.rules import Round, Seat
from croupier.games.mahjong.scoring import ScoringOptions
from croupier.games.mahjong.wall import deal_from_order
from croupier.protocol import Event
from croupier.shuffle import Shuffler
from croupier.tiles import FULL_SET, Tile, parse_tiles

T = TypeVar("T")
E, S, W, N = Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH
DICE = (6, 4, 3)
#: draw-order positions of the deal (wall.py: three rounds of two stacks, then the jump)
DEAL_POSITIONS: dict[Seat, list[int]] = {
    s: [(k * 4 + s) * 4 + q for k in range(3) for q in range(4)] for s in Seat
}
DEAL_POSITIONS[E] += [48, 52]
DEAL_POSITIONS[S] += [49]
DEAL_POSITIONS[W] += [50]
DEAL_POSITIONS[N] += [51]
FIRST_LIVE = 53
#: replacement draws, top of the last stack first (replacement_top_first)
REPLACEMENTS = [p for k in range(67, 26, -1) for p in (2 * k, 2 * k + 1)]


def t(text: str) -> Tile:
    return Tile.parse(text)


def stacked(
    hands: Mapping[Seat, str], draws: str = "", replacements: str = "", last: str = ""
) -> tuple[Tile, ...]:
    """The shuffled order giving each seat in ``hands`` those tiles (E 14, others 13), the live
    wall's next draws ``draws`` and the replacement tiles ``replacements``; the rest of the set
    fills the other places in canonical order; ``last`` is the live wall's last tile."""
    at: dict[int, Tile] = {}
    for seat, text in hands.items():
        tiles = parse_tiles(text, count=14 if seat is E else 13)
        at.update(zip(DEAL_POSITIONS[seat], tiles, strict=True))
    at.update(zip(range(FIRST_LIVE, 136), parse_tiles(draws), strict=False))
    if last:
        at[135] = t(last)
    for p, tile in zip(REPLACEMENTS, parse_tiles(replacements), strict=False):
        assert p not in at
        at[p] = tile
    pool = Counter(FULL_SET)
    pool.subtract(at.values())
    assert all(n >= 0 for n in pool.values()), "more than four of a tile"
    rest = iter(sorted(pool.elements()))
    probe = deal_from_order(FULL_SET, DICE)
    order: list[Tile | None] = [None] * 136
    for p in range(136):
        place = probe.place(p)
        index = place.wall * 34 + (place.stack - 1) * 2 + (0 if place.top else 1)
        order[index] = at[p] if p in at else next(rest)
    return tuple(cast(list[Tile], order))


class StackedShuffler(Shuffler):
    """Hands back a fixed order of the 136 tiles, then the dice."""

    def __init__(self, order: Sequence[Tile], dice: Sequence[int] = DICE) -> None:
        self.order = tuple(order)
        self.dice = list(dice)

    def randbelow(self, n: int) -> int:
        assert n == 6
        return self.dice.pop(0) - 1

    def shuffle(self, items: Sequence[T]) -> list[T]:
        assert Counter(cast(Sequence[Tile], items)) == Counter(self.order)
        return cast(list[T], list(self.order))


def game_of(
    hands: Mapping[Seat, str],
    draws: str = "",
    replacements: str = "",
    options: MahjongOptions | None = None,
    last: str = "",
) -> MahjongGame:
    game = MahjongGame(options)
    game.deal(StackedShuffler(stacked(hands, draws, replacements, last)))
    for seat, text in hands.items():
        assert game.hand(seat) == tuple(sorted(parse_tiles(text)))
    return game


def refused(game: MahjongGame, rule: str, command: Callable[[], object], match: str = "") -> None:
    """``command`` raises RuleViolation under ``rule`` (message containing ``match``) and
    changes nothing."""
    before = (game.digest(), json.dumps(game.view(), sort_keys=True))
    with pytest.raises(RuleViolation) as info:
        command()
    assert info.value.rule == rule, str(info.value)
    assert match in str(info.value)
    assert (game.digest(), json.dumps(game.view(), sort_keys=True)) == before


def _claimer(game: MahjongGame, seat: Seat, kind: ClaimKind) -> Callable[[], object]:
    return lambda: game.claim(seat, kind)


def census_ok(game: MahjongGame) -> None:
    assert game.tile_census() == Counter(FULL_SET)


def replayed(game: MahjongGame) -> MahjongGame:
    text = json.dumps(game.to_record())
    again = MahjongGame.from_record(json.loads(text))
    assert again.digest() == game.digest()
    assert again.view(E) == game.view(E)
    return again


def types(events: Sequence[Event]) -> list[str]:
    return [e.TYPE for e in events]


# a plain East hand: no kong, no win; the last tile (the 14th) is "drawn"
EAST = "1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N C"


# -- Art 2: the deal and the first discard ------------------------------------------------------


def test_art2_the_banker_holds_14_and_discards_first() -> None:
    game = game_of({E: EAST})
    assert game.phase is MahjongPhase.TURN and game.turn is E
    assert [len(game.hand(s)) for s in Seat] == [14, 13, 13, 13]
    assert game.wall_count == 83
    refused(game, "Art 2", lambda: game.discard(S, game.hand(S)[0]), "the banker discards first")
    refused(game, "HK", lambda: game.discard(E, "5m"), "holds no 5m")
    refused(game, "notation", lambda: game.discard(E, "5x"))
    refused(game, "HK", lambda: game.pass_claim(S), "no claim window")
    refused(game, "Art 2", lambda: game.deal(StackedShuffler(stacked({}))), "already dealt")
    event = game.discard(E, "C")
    assert event == TileDiscarded(E, t("C"))
    assert game.view()["phase"] == "claims" and game.waiting() == (S, W, N)
    census_ok(game)


def test_deal_refused_before_and_commands_refused_before_the_deal() -> None:
    game = MahjongGame()
    refused(game, "Art 2", lambda: game.discard(E, "1m"), "not dealt")
    assert game.can_deal() and not game.can_win(E)


def test_unclaimed_discard_passes_the_turn_counterclockwise_with_an_automatic_draw() -> None:
    game = game_of({E: EAST}, draws="5s P")
    game.discard(E, "C")
    # a pass with others still to answer resolves nothing
    assert game.pass_claim(S) == [ClaimPassed(S)]
    refused(game, "HK", lambda: game.pass_claim(S), "already answered")
    refused(game, "HK", lambda: game.pass_claim(E), "his own tile")
    events = game.pass_claim(W) + game.pass_claim(N)
    assert events[-1] == TileDrawn(S, t("5s"), False)
    assert game.turn is S and len(game.hand(S)) == 14 and game.wall_count == 82
    assert game.view(S)["drawn"] == "5s"
    game.discard(S, "5s")
    events = game.close_claims()  # the time limit: W, N, E pass
    assert events[-1] == TileDrawn(W, t("P"), False)
    census_ok(game)
    replayed(game)


# -- claims --------------------------------------------------------------------------------------


def test_hk_chow_only_from_the_left_players_discard() -> None:
    # E discards 3m: South (E's right, the next in turn) may chow it; West may not
    game = game_of({E: "3m " + EAST.replace("1m ", ""), S: "4m 5m 1p 1p 9p 9p E E S S W W N",
                    W: "4m 5m 2s 2s 8s 8s C C F F P P 1s"})  # fmt: skip
    game.discard(E, "3m")
    refused(game, "HK", lambda: game.claim(W, ClaimKind.CHOW, "3m"), "chow only from the left")
    refused(game, "HK", lambda: game.claim(S, ClaimKind.CHOW, "1m"), "needs 1m 2m")
    refused(game, "HK", lambda: game.claim(S, ClaimKind.CHOW, "7m"), "does not hold")
    refused(game, "HK", lambda: game.claim(S, ClaimKind.CHOW), "names the chow's lowest")
    refused(game, "HK", lambda: game.claim(S, ClaimKind.PUNG), "two 3m")
    assert game.can_claim(S, ClaimKind.CHOW, "3m")
    game.claim(S, ClaimKind.CHOW, "3m")
    game.pass_claim(W)
    events = game.pass_claim(N)
    assert events[-1] == MeldExposed(S, ClaimKind.CHOW, t("3m"), t("3m"), E)
    assert game.melds(S) == (Meld.chow(t("3m"), concealed=False),)
    assert game.turn is S and game.discards(E) == ()
    # after a claim the claimant must discard: no self-drawn win, no kong
    refused(game, "HK", lambda: game.win(S), "needs a tile from the wall")
    refused(game, "HK", lambda: game.declare_kong(S, "1p"), "after a tile from the wall")
    game.discard(S, "N")
    census_ok(game)
    replayed(game)


# North wins on 8m: all one suit in characters, concealed
NORTH_8M = "1m 1m 1m 2m 3m 4m 5m 6m 7m 9m 9m 9m 8m"


def test_hk_priority_pung_over_chow_and_win_over_pung() -> None:
    hands = {E: "8m " + EAST.replace("1m ", ""), S: "6m 7m 1p 1p 9p 9p E E S S W W N",
             W: "8m 8m 2s 2s 3s 3s C C F F P P 1s", N: NORTH_8M}  # fmt: skip
    # pung beats chow (N passes)
    game = game_of(hands)
    game.discard(E, "8m")
    game.claim(S, ClaimKind.CHOW, "6m")
    game.claim(W, ClaimKind.PUNG)
    events = game.pass_claim(N)
    assert events[-1] == MeldExposed(W, ClaimKind.PUNG, t("8m"), t("8m"), E)
    assert game.turn is W and game.melds(S) == ()
    census_ok(game)
    # win beats pung and chow
    game = game_of(hands)
    game.discard(E, "8m")
    game.claim(S, ClaimKind.CHOW, "6m")
    game.claim(W, ClaimKind.PUNG)
    events = game.claim(N, ClaimKind.WIN)
    won = events[-1]
    assert isinstance(won, GameWon) and won.seat is N and won.discarder is E
    assert won.earthly  # on the banker's first discard
    assert game.phase is MahjongPhase.WON and game.result == won
    assert sum(won.net) + won.commission == 0 and won.net[N] > 0 and won.net[E] < 0
    census_ok(game)
    refused(game, "HK", lambda: game.discard(W, "C"), "game is over")
    assert game.view(S)["result"]["hand"] == [str(x) for x in game.hand(N)]
    replayed(game)


def test_hk_one_winner_the_first_counterclockwise_from_the_discarder() -> None:
    # South and North both win on 8m; South is the first counterclockwise from East
    hands = {E: "8m 8m 7m 2p 5p 8p 3s 6s 9s E S W N C",
             S: "1m 2m 3m 4m 5m 6m 7m 9m 9m E E E 6m",
             N: "3m 4m 5m 6m 7m N N N P P P 9m 9m"}  # fmt: skip
    game = game_of(hands)
    game.discard(E, "8m")
    assert game.can_claim(S, ClaimKind.WIN) and game.can_claim(N, ClaimKind.WIN)
    game.claim(N, ClaimKind.WIN)
    game.claim(S, ClaimKind.WIN)
    events = game.pass_claim(W)
    won = events[-1]
    assert isinstance(won, GameWon) and won.seat is S and won.discarder is E
    census_ok(game)
    replayed(game)


def test_hk_a_win_below_the_minimum_is_refused_with_the_reason() -> None:
    # West waits on 5p with a mixed hand of chows (not on the banker's first discard: earthly)
    hands = {E: EAST, W: "1m 2m 3m 4p 6p 7s 8s 9s 2s 3s 4s 1p 1p"}
    for options, legal in (
        (None, False),
        (MahjongOptions(scoring=ScoringOptions(min_faan=0)), True),
    ):
        game = game_of(hands, draws="5p", options=options)
        game.discard(E, "C")
        game.close_claims()
        game.discard(S, "5p")
        if not legal:
            refused(game, "HK", _claimer(game, W, ClaimKind.WIN), "the minimum is 3")
            continue
        events = game.claim(W, ClaimKind.WIN) + game.close_claims()
        won = events[-1]
        assert isinstance(won, GameWon) and won.seat is W and won.faan < 3 and not won.earthly
        replayed(game)


def test_hk_not_a_winning_hand_is_refused() -> None:
    game = game_of({E: EAST})
    refused(game, "HK", lambda: game.win(E), "not a winning hand")
    game.discard(E, "C")
    refused(game, "HK", lambda: game.claim(S, ClaimKind.WIN), "not a winning hand")


# -- kongs ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("robbable", [True, False])
def test_hk_concealed_kong_draws_a_replacement_from_the_other_end(robbable: bool) -> None:
    options = MahjongOptions(orphans_rob_concealed_kong=robbable)
    hands = {E: "5s 5s 5s 5s 1m 4m 7m 2p 8p E S W N C"}
    game = game_of(hands, draws="9p", replacements="P F", options=options)
    refused(game, "HK", lambda: game.declare_kong(E, "1m"), "four 1m")
    events = game.declare_kong(E, "5s")
    if robbable:  # the robbing window (thirteen orphans only) opens first
        assert events == [KongDeclared(E, t("5s"), False)] and game.phase is MahjongPhase.ROB
        refused(game, "HK", lambda: game.claim(S, ClaimKind.PUNG), "only be robbed to win")
        events += game.close_claims()
    assert events[0] == KongDeclared(E, t("5s"), False) and events[-1] == TileDrawn(E, t("P"), True)
    assert game.melds(E) == (Meld.kong(t("5s")),)
    assert game.turn is E and len(game.hand(E)) == 11 and game.wall_count == 82
    assert game.view(E)["drawn"] == "P"
    census_ok(game)
    game.discard(E, "P")
    assert game.close_claims()[-1] == TileDrawn(S, t("9p"), False)  # the front of the wall
    replayed(game)


def test_hk_exposed_kong_on_a_discard_then_replacement() -> None:
    game = game_of({E: EAST, S: "C C C 1p 1p 9p 9p E E S S W W"}, replacements="F")
    game.discard(E, "C")
    events = game.claim(S, ClaimKind.KONG) + game.close_claims()
    assert events[-2:] == [
        MeldExposed(S, ClaimKind.KONG, t("C"), t("C"), E),
        TileDrawn(S, t("F"), True),
    ]
    assert game.melds(S) == (Meld.kong(t("C"), concealed=False),)
    assert game.turn is S and len(game.hand(S)) == 11
    census_ok(game)
    replayed(game)


def _added_kong_game(west: str) -> MahjongGame:
    """E discards 9p, S punges it, then draws the fourth 9p after a round of plain discards."""
    hands = {E: "9p " + EAST.replace("1m ", ""), S: "9p 9p 1s 1s 2s 2s 3s 3s 4s 4s 5s 5s F",
             W: west}  # fmt: skip
    game = game_of(hands, draws="7s 7s 7s 9p", replacements="P")
    game.discard(E, "9p")
    game.claim(S, ClaimKind.PUNG)
    game.close_claims()
    game.discard(S, "F")
    for seat in (W, N, E):
        game.close_claims()
        drawn = game.view(seat)["drawn"]
        assert drawn == "7s"
        game.discard(seat, drawn)
    game.close_claims()
    assert game.turn is S and game.view(S)["drawn"] == "9p"
    return game


WEST_9P = "1p 1p 1p 2p 3p 4p 5p 6p 7p 7p 8p E E"


def test_hk_added_kong_opens_a_robbing_window_then_replacement() -> None:
    game = _added_kong_game(WEST_9P)
    events = game.declare_kong(S, "9p")
    assert events == [KongDeclared(S, t("9p"), True)]
    assert game.phase is MahjongPhase.ROB and game.view(N)["window"]["kind"] == "rob"
    assert game.view(N)["window"]["orphans_only"] is False
    refused(game, "HK", lambda: game.discard(S, "1s"), "claim window is open")
    refused(game, "HK", lambda: game.claim(N, ClaimKind.PUNG), "only be robbed to win")
    events = game.pass_claim(W) + game.pass_claim(N) + game.pass_claim(E)
    assert events[-1] == TileDrawn(S, t("P"), True)
    assert Meld.kong(t("9p"), concealed=False) in game.melds(S)
    census_ok(game)
    replayed(game)


def test_hk_robbing_a_kong() -> None:
    game = _added_kong_game(WEST_9P)
    game.declare_kong(S, "9p")
    events = game.claim(W, ClaimKind.WIN) + game.close_claims()
    won = events[-1]
    assert isinstance(won, GameWon) and won.seat is W and won.discarder is S and won.robbed_kong
    assert any(p.startswith("robbing-kong") for p in won.patterns), won.patterns
    assert Meld.pung(t("9p"), concealed=False) in game.melds(S)  # the kong is undone
    census_ok(game)
    replayed(game)


def test_hk_the_last_discard_may_be_punged_not_konged_then_the_game_is_drawn() -> None:
    # the 83rd and last draw (North's) is the fourth C; South holds three
    game = game_of({E: EAST.replace("C", "F"), S: "C C C 1p 1p 9p 9p E E S S W W"}, last="C")
    _exhaust(game, until=lambda: game.wall_count == 0)
    assert game.turn is N and game.view(N)["drawn"] == "C"
    refused(game, "HK", lambda: game.declare_kong(N, "C"), "no replacement tile")
    game.discard(N, "C")
    refused(game, "HK", lambda: game.claim(S, ClaimKind.KONG), "no replacement tile")
    events = game.claim(S, ClaimKind.PUNG) + game.close_claims()
    assert events[-1] == MeldExposed(S, ClaimKind.PUNG, t("C"), t("C"), N)
    game.discard(S, "1p")
    assert game.close_claims() == [ClaimsClosed(), GameDrawn()]
    census_ok(game)
    replayed(game)


# -- the end -------------------------------------------------------------------------------------


def _exhaust(game: MahjongGame, until: Callable[[], bool] = lambda: False) -> None:
    """Everyone discards the tile just drawn and nobody claims, until the game ends or
    ``until()``."""
    while game.result is None and not until():
        seat = game.turn
        assert seat is not None
        drawn = game.view(seat)["drawn"]
        game.discard(seat, drawn)
        game.close_claims()


def test_hk_drawn_game_when_the_live_wall_is_exhausted() -> None:
    game = game_of({E: EAST})
    _exhaust(game)
    assert game.phase is MahjongPhase.DRAWN and game.result == GameDrawn()
    assert game.wall_count == 0 and game.log[-1] == GameDrawn()
    assert sum(len(game.discards(s)) for s in Seat) == 84  # 83 draws + the banker's 14th
    census_ok(game)
    refused(game, "HK", lambda: game.close_claims(), "no claim window")
    replayed(game)


def test_hk_heavenly_hand() -> None:
    game = game_of({E: "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m 5m"})
    assert game.can_win(E)
    won = game.win(E)
    assert isinstance(won, GameWon)
    assert won.heavenly and won.discarder is None and won.faan == 13
    assert sum(won.net) == 0 and all(n < 0 for n in won.net[1:])
    replayed(game)


# -- views and records ---------------------------------------------------------------------------


def test_views_hide_the_others_tiles_and_the_wall() -> None:
    game = game_of({E: EAST})
    game.discard(E, "C")
    for seat in Seat:
        v = game.view(seat)
        assert v["hand"] == [str(x) for x in game.hand(seat)]
        text = json.dumps(v)
        assert "order" not in v and "live" not in v
        for other in Seat:
            assert v["players"][other.symbol]["concealed"] == len(game.hand(other))
            assert "hand" not in v["players"][other.symbol]
        assert v["wall"] == 83 and v["window"]["tile"] == "C" and v["window"]["from"] == "E"
        assert v["players"]["E"]["discards"] == ["C"]
        assert json.loads(text) == v
    spectator = game.view()
    assert "hand" not in spectator and "drawn" not in spectator
    with pytest.raises(RuleViolation):
        game.view(7)


def test_replay_refuses_a_tampered_log() -> None:
    game = game_of({E: EAST}, draws="5s")
    game.discard(E, "C")
    game.close_claims()
    record = game.to_record()
    drawn = record["events"][-1]
    assert drawn == {"type": "tile_drawn", "seat": 1, "tile": "5s", "replacement": False}
    drawn["tile"] = "6s"
    with pytest.raises(RuleViolation, match="tile 6s where the rules give 5s"):
        MahjongGame.from_record(record)
    record["events"][-1]["tile"] = "5s"
    record["events"].insert(1, {"type": "tile_discarded", "seat": 1, "tile": "1p"})
    with pytest.raises(RuleViolation, match="banker discards first"):
        MahjongGame.from_record(record)


def test_options_round_trip_strictly() -> None:
    options = MahjongOptions(prevailing=Round.WEST, scoring=ScoringOptions(min_faan=1))
    assert MahjongOptions.from_dict(options.to_dict()) == options
    with pytest.raises(RecordError, match="unknown mahjong option"):
        MahjongOptions.from_dict({"wind": "east"})
    with pytest.raises(RecordError, match="prevailing"):
        MahjongOptions.from_dict({"prevailing": 0})
    game = game_of({E: EAST}, options=options)
    again = MahjongGame.from_record(game.to_record()).options  # a game holds its own options
    assert again.to_dict("game") == options.to_dict("game")


def test_legal_moves_match_the_commands() -> None:
    game = game_of({E: EAST})
    moves = game.legal(E)
    assert {m.TYPE for m in moves} == {"discard"} and len(moves) == 14
    assert game.legal(S) == ()
    game.discard(E, "C")
    assert game.legal(S) == (Pass(),)
    assert game.legal(E) == ()


# -- table option: seven pairs (not a classic hand; ScoringOptions.seven_pairs) --------------------

SEVEN_PAIRS_SOUTH = "1m 1m 3p 3p 5s 5s 7s 7s 9m 9m E E N"


def _seven_pairs_game(options: MahjongOptions | None) -> MahjongGame:
    game = game_of({E: EAST, S: SEVEN_PAIRS_SOUTH}, draws="N", options=options)
    game.discard(E, "C")
    game.close_claims()
    assert game.turn is S and game.view(S)["drawn"] == "N"
    return game


def test_hk_seven_pairs_is_no_win_at_a_classic_table() -> None:
    game = _seven_pairs_game(None)
    assert not game.can_win(S)
    refused(game, "HK", lambda: game.win(S), "not a winning hand")


def test_hk_seven_pairs_wins_where_the_table_allows_it() -> None:
    options = MahjongOptions(scoring=ScoringOptions(seven_pairs=True))
    game = _seven_pairs_game(options)
    assert game.can_win(S)
    won = game.win(S)
    assert isinstance(won, GameWon) and won.seat is S and won.discarder is None
    assert sorted(p.split()[0] for p in won.patterns) == ["self-drawn", "seven-pairs"]
    assert won.faan == 4 + 1
    census_ok(game)
    replayed(game)


# -- robbing a concealed kong: thirteen orphans only (option orphans_rob_concealed_kong) -----------


def test_hk_a_concealed_kong_is_robbed_only_for_thirteen_orphans() -> None:
    hands = {
        E: "1m 1m 1m 1m 4m 7m 2p 5p 8p 3s 6s 2s 3p 4p",
        S: "9m 1p 9p 1s 9s E S W N C F P P",  # thirteen orphans waiting on 1m
        W: "2m 3m C C C F F F 5s 6s 7s P P",  # 123m would score 3 faan with robbing
    }
    game = game_of(hands, replacements="9s")
    game.declare_kong(E, "1m")
    assert game.phase is MahjongPhase.ROB and game.view(S)["window"]["kind"] == "rob"
    assert game.view(S)["window"]["orphans_only"] is True
    assert Win() not in game.legal(W)
    refused(game, "HK", _claimer(game, W, ClaimKind.WIN), "only be robbed for thirteen orphans")
    assert Win() in game.legal(S)
    events = game.claim(S, ClaimKind.WIN) + game.close_claims()
    won = events[-1]
    assert isinstance(won, GameWon) and won.seat is S and won.discarder is E and won.robbed_kong
    assert won.faan == 13 and any(p.startswith("thirteen-orphans") for p in won.patterns)
    assert Meld.pung(t("1m"), concealed=True) in game.melds(E)  # the kong is undone
    census_ok(game)
    replayed(game)


def test_hk_no_robbing_of_a_concealed_kong_when_the_option_is_off() -> None:
    hands = {E: "1m 1m 1m 1m 4m 7m 2p 5p 8p 3s 6s 2s 3p 4p", S: "9m 1p 9p 1s 9s E S W N C F P P"}
    options = MahjongOptions(orphans_rob_concealed_kong=False)
    game = game_of(hands, replacements="9s", options=options)
    events = game.declare_kong(E, "1m")
    assert events == [KongDeclared(E, t("1m"), False), TileDrawn(E, t("9s"), True)]
    assert game.phase is MahjongPhase.TURN
    assert MahjongOptions.from_dict(options.to_dict()) == options


# -- records written before an option existed replay to their digests -----------------------------

#: A game (random bots, a concealed kong, drawn) recorded by the engine at commit 20a0b62, before
#: ``orphans_rob_concealed_kong``, ``seven_pairs`` and ``banker_doubles`` existed, and its digest.
LEGACY = Path(__file__).parent / "data" / "game_before_rob_option.json"
LEGACY_DIGEST = "aaf6b978d6954c1c26f05913d94bb54e257706cb6d031ad3fb004d7cc545ef99"


def test_a_record_older_than_the_new_options_replays_to_its_digest() -> None:
    record = json.loads(LEGACY.read_text(encoding="utf-8"))
    assert "orphans_rob_concealed_kong" not in record["options"]
    assert any(e["type"] == "kong_declared" and not e["added"] for e in record["events"])
    game = MahjongGame.from_record(record)  # read under the rules it was played by
    assert not game.options.orphans_rob_concealed_kong
    assert not game.options.scoring.seven_pairs and not game.options.scoring.banker_doubles
    assert game.digest() == LEGACY_DIGEST
    assert game.to_record() == record
    census_ok(game)


# -- false wins (issue 16 item 16) ----------------------------------------------------------------

#: East's plain hand with the drawn C: no winning shape
PENALTY = MahjongOptions(false_win=FalseWin.PENALTY)


def test_hk_false_win_is_refused_by_default_and_changes_nothing() -> None:
    game = game_of({E: EAST})
    assert MahjongOptions().false_win is FalseWin.REFUSE
    assert not game.can_win(E) and Win() not in game.legal(E)
    refused(game, "HK", lambda: game.win(E), "not a winning hand")
    game.discard(E, "C")
    refused(game, "HK", _claimer(game, S, ClaimKind.WIN), "not a winning hand")


def test_hk_false_win_penalty_on_turn_ends_the_game_and_the_declarer_pays_everyone() -> None:
    game = game_of({E: EAST}, options=PENALTY)
    assert game.can_win(E) and Win() in game.legal(E)  # a declaration stands
    assert game.view(E)["can_win"] is False  # his own tiles tell him it is no win
    event = game.win(E)
    assert isinstance(event, FalseWinDeclared)
    assert event.seat is E and event.discarder is None and event.tile == t("C")
    assert event.hand == tuple(sorted(parse_tiles(EAST)))
    assert "not a winning hand" in event.reason
    limit = 2 * 2**13  # each other player receives the self-drawn limit
    assert event.net == (-3 * limit, limit, limit, limit)
    assert game.phase is MahjongPhase.FALSE_WIN and game.result == event
    assert game.view()["result"]["type"] == "false_win"
    refused(game, "HK", lambda: game.discard(E, "C"), "the game is over")
    census_ok(game)
    replayed(game)


def test_hk_false_win_penalty_on_a_claim_and_with_too_few_faan() -> None:
    # South waits on 5p with a hand of no faan (a chicken hand): a winning shape, not a win
    south = "2m 3m 4m 6p 7p 8p 3s 4s 5s 7s 8s 9s 5p"
    game = game_of({E: EAST, S: south}, draws="P 5p", options=PENALTY)
    game.discard(E, "C")  # not the banker's first discard below: no earthly hand
    for seat in (S, W, N):
        game.pass_claim(seat)
    game.discard(S, "P")
    for seat in (W, N, E):
        game.pass_claim(seat)
    game.discard(W, "5p")
    assert game.can_claim(S, ClaimKind.WIN) and game.view(S)["can_win"] is False
    events = game.claim(S, ClaimKind.WIN)
    (event,) = events
    assert isinstance(event, FalseWinDeclared) and event.discarder is W and event.tile == t("5p")
    assert "faan" in event.reason and "minimum is 3" in event.reason
    assert event.net[S] < 0 and all(event.net[s] > 0 for s in (E, W, N))
    assert sum(event.net) == 0
    replayed(game)


def test_hk_a_legal_win_under_the_penalty_option_is_a_win() -> None:
    game = game_of({E: "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m 5m"}, options=PENALTY)
    assert game.view(E)["can_win"] is True
    assert isinstance(game.win(E), GameWon)


def test_hk_false_win_banker_doubles_doubles_east_s_share() -> None:
    options = MahjongOptions(
        false_win=FalseWin.PENALTY, scoring=ScoringOptions(limit=5, banker_doubles=True)
    )
    game = game_of({E: EAST}, options=options)
    game.discard(E, "C")
    (event,) = game.claim(S, ClaimKind.WIN)
    assert isinstance(event, FalseWinDeclared)
    assert event.net == (128, -256, 64, 64)


def test_a_false_win_event_is_refused_where_the_table_refuses_false_wins() -> None:
    game = game_of({E: EAST}, options=PENALTY)
    game.win(E)
    record = game.to_record()
    assert record["options"]["false_win"] == "penalty"
    del record["options"]["false_win"]  # as if played under the default
    with pytest.raises(RuleViolation, match="refuses a false win"):
        MahjongGame.from_record(record)


# -- a tampered record's error in plain words (issue 15 item 11) ---------------------------------


def _won_record() -> tuple[dict[str, object], int]:
    game = game_of({E: "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m 5m"})
    game.win(E)
    record = json.loads(json.dumps(game.to_record()))
    events = cast(list[dict[str, object]], record["events"])
    return record, next(i for i, e in enumerate(events) if e["type"] == "game_won")


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("faan", 5, "faan 5 where the rules give 13"),
        ("net", [1, -1, 0, 0], "net E +1, S -1, W +0, N +0 where the rules give E +"),
        ("seat", 1, "the banker discards first: it is East's turn, not South's"),
        ("tile", "9p", "tile 9p where the rules give 5m"),
        ("reading", "EEE", "reading EEE where the rules give"),
        ("commission", 3, "commission 3 where the rules give 0"),
        ("tile", "5M", "write the tile '5M' as '5m'"),
        ("seat", 7, "7 is not a Seat"),
        ("net", "lots", "must be a list"),
    ],
)
def test_issue15_item11_a_tampered_game_won_names_the_event_its_type_and_the_rule(
    field: str, value: object, words: str
) -> None:
    record, index = _won_record()
    events = cast(list[dict[str, object]], record["events"])
    events[index] = {**events[index], field: value}
    with pytest.raises((RecordError, RuleViolation)) as info:
        MahjongGame.from_record(record)
    message = str(info.value)
    assert f"event {index} (game_won)" in message, message
    assert words in message, message
    for python in ("GameWon(", "Seat.", "Tile(", "<", "ClaimKind."):
        assert python not in message, message
    if isinstance(info.value, RuleViolation):  # the rule: Art 2, or HK (GAMES.md §2)
        assert message.startswith(("HK: ", "Art 2: "))
