"""Properties of the Mah-Jong state machine over many bot games: the 136 tiles are conserved at
every step, no illegal command is accepted (random commands are refused without change, and
what is accepted is exactly what :meth:`MahjongGame.legal` lists), replay from the log and from
the JSON record rebuilds the same digest, and every settlement balances."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from croupier.errors import CroupierError, RuleViolation
from croupier.games.mahjong.bots import Bot, RandomBot, ShantenBot, play_game
from croupier.games.mahjong.commands import Chow, Discard, Kong, Pass, Pung, Win
from croupier.games.mahjong.events import ClaimKind, GameWon
from croupier.games.mahjong.options import FalseWin, MahjongOptions
from croupier.games.mahjong.round import MahjongGame, MahjongPhase
from croupier.games.mahjong.rules import Seat
from croupier.games.mahjong.scoring import ScoringOptions
from croupier.protocol import Command
from croupier.shuffle import SeededShuffler
from croupier.tiles import FULL_SET, KINDS, Tile

TILES = Counter(FULL_SET)


def _check_game(game: MahjongGame) -> None:
    assert game.phase in (MahjongPhase.WON, MahjongPhase.DRAWN)
    assert game.tile_census() == TILES
    again = MahjongGame.replay(game.options, game.log)
    assert again.digest() == game.digest()
    record = json.loads(json.dumps(game.to_record()))
    assert MahjongGame.from_record(record).digest() == game.digest()
    result = game.result
    if isinstance(result, GameWon):
        assert sum(result.net) + result.commission == 0
        assert result.net[result.seat] > 0
        assert result.faan >= game.options.scoring.min_faan
    else:
        assert game.wall_count == 0


@pytest.mark.parametrize("kind", ["random", "shanten", "mixed"])
def test_bot_games_conserve_tiles_replay_and_balance(kind: str) -> None:
    options = MahjongOptions(scoring=ScoringOptions(min_faan=1, commission_bp=500))
    outcomes: Counter[str] = Counter()
    for i in range(40):
        rng = random.Random(f"{kind}-{i}")
        bots: dict[Seat, Bot] = {}
        for s in Seat:
            shanten = kind == "shanten" or (kind == "mixed" and s % 2 == 0)
            bots[s] = ShantenBot(rng) if shanten else RandomBot(rng)
        game = MahjongGame(options if i % 2 else None)
        result = play_game(game, bots, SeededShuffler(f"{kind}-{i}"), rng, close_rate=0.1)
        outcomes[result.TYPE] += 1
        _check_game(game)
    assert outcomes["game_won"] > 0 or kind == "random"


def _random_command(game: MahjongGame, rng: random.Random) -> tuple[Seat, Command]:
    seat = rng.choice(list(Seat))
    tile = rng.choice(KINDS)
    commands = (Discard(tile), Kong(tile), Win(), Pung(), Chow(tile), Pass())
    return seat, rng.choice(commands)


def _fingerprint(game: MahjongGame, seat: Seat, *, full: bool) -> object:
    """The table's state: its digest (``full``), else the log's length and the seat's view."""
    if full:
        return game.digest()
    return len(game.log), json.dumps(game.view(seat), sort_keys=True)


def _can(game: MahjongGame, seat: Seat, move: Command) -> bool:
    in_window = game.window is not None
    match move:
        case Discard(tile=tile):
            return game.can_discard(seat, tile)
        case Kong(tile=tile) if in_window:
            return game.can_claim(seat, ClaimKind.KONG)
        case Kong(tile=tile):
            return game.can_declare_kong(seat, tile)
        case Win():
            return game.can_claim(seat, ClaimKind.WIN) if in_window else game.can_win(seat)
        case Pung():
            return game.can_claim(seat, ClaimKind.PUNG)
        case Chow(first=first):
            return game.can_claim(seat, ClaimKind.CHOW, first)
    return isinstance(move, Pass) and game.can_pass_claim(seat)


def test_random_commands_are_refused_without_change_or_are_legal() -> None:
    accepted = refused = 0
    for i in range(15):
        rng = random.Random(i)
        game = MahjongGame(MahjongOptions(scoring=ScoringOptions(min_faan=0)))
        game.deal(SeededShuffler(f"fuzz-{i}"))
        bots = {s: RandomBot(rng) for s in Seat}
        while game.result is None:
            assert game.tile_census() == TILES
            for _ in range(3):
                seat, move = _random_command(game, rng)
                legal = game.legal(seat)
                before = _fingerprint(game, seat, full=i < 3)
                try:
                    game.play(seat, move)
                except RuleViolation as exc:
                    refused += 1
                    assert exc.rule in ("HK", "Art 2", "notation", "protocol")
                    assert move not in legal
                    assert _fingerprint(game, seat, full=i < 3) == before
                else:
                    accepted += 1
                    assert move in legal
                    break
            else:
                if game.turn is not None:
                    seat = game.turn
                elif rng.random() < 0.2:
                    game.close_claims()
                    continue
                else:
                    seat = game.waiting()[0]
                legal = game.legal(seat)
                # every listed move passes its command's check
                assert legal and all(_can(game, seat, m) for m in legal)
                game.play(seat, bots[seat].pick(game.view(seat), legal))
        _check_game(game)
    assert accepted > 20 and refused > 300


def test_views_never_show_hidden_tiles() -> None:
    rng = random.Random(3)
    game = MahjongGame()
    play_game(game, {s: ShantenBot(rng) for s in Seat}, SeededShuffler("views"), rng)
    # rebuild step by step and look at every view
    step = MahjongGame(game.options)
    for event in game.log:
        step._commit(event)
        for seat in Seat:
            v = step.view(seat)
            assert v["hand"] == [str(t) for t in step.hand(seat)]
            assert v["wall"] == step.wall_count
            assert set(v) >= {"phase", "turn", "players", "window"}
            assert not {"order", "live", "hands"} & set(v)
        assert "hand" not in step.view()


def test_a_game_refuses_garbage_events_in_a_record() -> None:
    rng = random.Random(5)
    game = MahjongGame()
    play_game(game, {s: RandomBot(rng) for s in Seat}, SeededShuffler("garbage"), rng)
    record = game.to_record()
    for index in (1, len(record["events"]) // 2, len(record["events"]) - 1):
        bad = json.loads(json.dumps(record))
        bad["events"][index] = {"type": "tile_discarded", "seat": 0, "tile": "P"}
        with pytest.raises(CroupierError):
            MahjongGame.from_record(bad)


def test_the_faan_bot_wins_more_games_than_the_shanten_bot() -> None:
    """A win needs the table's minimum faan (3): a bot that plays for faan (main suit, scoring
    honours) wins more of the same deals than one that only lowers its shanten."""
    from croupier.games.mahjong.bots import FaanBot, ShantenBot

    wins = {}
    for kind in (ShantenBot, FaanBot):
        won = 0
        for i in range(40):
            rng = random.Random(f"faan:{i}")
            game = MahjongGame()
            result = play_game(game, {s: kind(rng) for s in Seat}, SeededShuffler(f"faan:{i}"), rng)
            won += isinstance(result, GameWon)
            assert sum(game.tile_census().values()) == 136
        wins[kind.__name__] = won
    assert wins["FaanBot"] > wins["ShantenBot"], wins


def _every_legal(game: MahjongGame, seat: Seat) -> tuple[Command, ...]:
    """``legal``'s promise, asked of every command's own check: on his turn a win, each kong
    and each discard of the kinds he holds; in a window each claim (the kong of the window's
    tile, the three chows that may hold it) and pass; in that order."""
    out: list[Command] = []
    if game.turn is seat:
        kinds = sorted(set(game.hand(seat)))
        out += [Win()] if game.can_win(seat) else []
        out += [Kong(t) for t in kinds if game.can_declare_kong(seat, t)]
        out += [Discard(t) for t in kinds]
    elif game.can_pass_claim(seat):
        assert game.window is not None
        tile = game.window[0]
        out += [Win()] if game.can_claim(seat, ClaimKind.WIN) else []
        out += [Pung()] if game.can_claim(seat, ClaimKind.PUNG) else []
        out += [Kong(tile)] if game.can_claim(seat, ClaimKind.KONG) else []
        for k in range(3) if tile.number is not None else ():
            first = Tile(tile.code - k) if tile.code >= k else None
            if first is not None and game.can_claim(seat, ClaimKind.CHOW, first):
                out.append(Chow(first))
        out.append(Pass())
    return tuple(out)


def test_legal_lists_exactly_the_commands_their_checks_admit() -> None:
    """``legal`` asks a check only where the tiles leave it a chance: the same list as asking
    every command's check, at every state of games with kongs, pungs, chows and wins (a false
    win refused, or a legal command under the penalty)."""
    kinds: Counter[str] = Counter()
    for i in range(16):
        rng = random.Random(i)
        false_win = FalseWin.PENALTY if i % 4 == 3 else FalseWin.REFUSE
        options = MahjongOptions(scoring=ScoringOptions(min_faan=0), false_win=false_win)
        game = MahjongGame(options)
        game.deal(SeededShuffler(f"legal-{i}"))
        bots: dict[Seat, Bot] = {
            s: ShantenBot(rng) if (i + s) % 2 else RandomBot(rng) for s in Seat
        }
        while game.result is None:
            for seat in Seat:
                legal = game.legal(seat)
                assert legal == _every_legal(game, seat), (i, seat, game.phase)
                kinds.update(type(c).__name__ for c in legal)
            seat = game.turn if game.turn is not None else game.waiting()[0]
            game.play(seat, bots[seat].pick(game.view(seat), game.legal(seat)))
    assert all(kinds[k] for k in ("Win", "Kong", "Pung", "Chow", "Discard", "Pass")), kinds
