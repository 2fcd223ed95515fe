"""Bots for one Mah-Jong game, and a driver that plays a game to its end.

A bot sees only its seat's :meth:`~croupier.games.mahjong.round.MahjongGame.view` and the list
of its legal commands (:meth:`~croupier.games.mahjong.round.MahjongGame.legal`), and answers one
of them. Bots draw from an injected :class:`random.Random`, never the global one.

* :class:`RandomBot` -- uniform over the legal commands, except that it always takes a legal
  win: the engine's fuzzer.
* :class:`ShantenBot` -- always wins when it can; discards the tile that leaves the lowest
  shanten (ties at random); declares a kong, or claims a pung / kong / chow, only when that
  lowers its shanten.
* :class:`FaanBot` -- a :class:`ShantenBot` that also plays for faan, since a win needs the
  table's minimum (3 by default): among the discards of lowest shanten it keeps the tiles of its
  main suit and its scoring honours (dragons, its seat wind, the prevailing wind), and it claims
  a pung of a scoring honour whenever that does not raise its shanten.

:func:`play_game` deals and drives the seats until the game is won or drawn: on a turn the seat
on turn answers; in a window each seat still to answer does, counterclockwise from the tile's
owner.

>>> import random
>>> from croupier.shuffle import SeededShuffler
>>> from croupier.games.mahjong.round import MahjongGame
>>> rng = random.Random(1)
>>> game = MahjongGame()
>>> result = play_game(game, {s: ShantenBot(rng) for s in Seat}, SeededShuffler(1), rng)
>>> game.phase.value in ("won", "drawn")
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from croupier.games.mahjong.events import ClaimKind, GameDrawn, GameWon
from croupier.games.mahjong.hand import shanten
from croupier.games.mahjong.melds import Meld, MeldKind
from croupier.games.mahjong.round import MahjongGame, MahjongPhase, Move
from croupier.games.mahjong.rules import Seat
from croupier.shuffle import Shuffler
from croupier.tiles import Tile

__all__ = ["Bot", "FaanBot", "RandomBot", "ShantenBot", "play_game"]


class Bot(Protocol):
    def choose(self, view: Mapping[str, Any], legal: Sequence[Move]) -> Move: ...


class RandomBot:
    """Uniform over the legal commands; a legal win is always taken."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Mapping[str, Any], legal: Sequence[Move]) -> Move:
        for move in legal:
            if move.action == "win" or move.kind is ClaimKind.WIN:
                return move
        return self.rng.choice(list(legal))


def _own(view: Mapping[str, Any]) -> tuple[list[Tile], list[Meld]]:
    """The seat's concealed tiles and declared melds, from its view."""
    hand = [Tile.parse(t) for t in view["hand"]]
    melds = [
        Meld(MeldKind(m["kind"]), Tile.parse(m["first"]), m["concealed"])
        for m in view["players"][view["seat"]]["melds"]
    ]
    return hand, melds


def _best_discard(hand: list[Tile], melds: list[Meld]) -> tuple[int, list[Tile]]:
    """The lowest shanten after one discard, and the discards that reach it."""
    best = 99
    tiles: list[Tile] = []
    for t in sorted(set(hand)):
        rest = list(hand)
        rest.remove(t)
        s = shanten(rest, melds)
        if s < best:
            best, tiles = s, [t]
        elif s == best:
            tiles.append(t)
    return best, tiles


class ShantenBot:
    """Wins when it can; otherwise lowers its shanten greedily (see the module docstring)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Mapping[str, Any], legal: Sequence[Move]) -> Move:
        for move in legal:
            if move.action == "win" or move.kind is ClaimKind.WIN:
                return move
        hand, melds = _own(view)
        if view["phase"] == MahjongPhase.TURN.value:
            now, discards = _best_discard(hand, melds)
            for move in legal:
                if move.action == "kong" and move.tile is not None:
                    after = self._after_kong(hand, melds, move.tile)
                    if after < now:
                        return move
            return Move("discard", self.rng.choice(discards))
        current = shanten(hand, melds)
        tile = Tile.parse(view["window"]["tile"])
        for move in legal:
            if move.action != "claim" or move.kind is None:
                continue
            if move.kind is ClaimKind.KONG:
                rest = [t for t in hand if t != tile]
                if shanten(rest, [*melds, Meld.kong(tile, concealed=False)]) < current:
                    return move
                continue
            if move.kind is ClaimKind.PUNG:
                meld = Meld.pung(tile, concealed=False)
            else:
                assert move.tile is not None
                meld = Meld.chow(move.tile, concealed=False)
            rest = list(hand)
            used = list(meld.tiles)
            used.remove(tile)
            for t in used:
                rest.remove(t)
            after, _ = _best_discard(rest, [*melds, meld])
            if after < current:
                return move
        return Move("pass")

    @staticmethod
    def _after_kong(hand: list[Tile], melds: list[Meld], tile: Tile) -> int:
        """Shanten after the kong (before the replacement tile)."""
        pung = Meld.pung(tile, concealed=False)
        if pung in melds:
            rest = list(hand)
            rest.remove(tile)
            others = [m for m in melds if m != pung]
            return shanten(rest, [*others, Meld.kong(tile, concealed=False)])
        rest = [t for t in hand if t != tile]
        return shanten(rest, [*melds, Meld.kong(tile, concealed=True)])


_WIND_OF_ROUND = {"east": "E", "south": "S", "west": "W", "north": "N"}


class FaanBot(ShantenBot):
    """Shanten first, then faan: see the module docstring."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Move]) -> Move:
        for move in legal:
            if move.action == "win" or move.kind is ClaimKind.WIN:
                return move
        hand, melds = _own(view)
        scoring = self._scoring_honours(view)
        if view["phase"] == MahjongPhase.TURN.value:
            choice = super().choose(view, legal)
            if choice.action != "discard":
                return choice
            _, discards = _best_discard(hand, melds)
            suit = self._main_suit(hand, melds)
            counts = {t: hand.count(t) for t in hand}

            def keep(t: Tile) -> tuple[int, float]:
                if t in scoring:
                    value = 3 + counts[t]
                elif t.number is None:
                    value = 1 if counts[t] >= 2 else 0
                elif t.group is suit:
                    value = 2
                else:
                    value = -1
                return value, self.rng.random()

            return Move("discard", min(discards, key=keep))
        if view["window"] is not None:
            tile = Tile.parse(view["window"]["tile"])
            if tile in scoring:
                current = shanten(hand, melds)
                for move in legal:
                    if move.action == "claim" and move.kind is ClaimKind.PUNG:
                        rest = list(hand)
                        rest.remove(tile)
                        rest.remove(tile)
                        after, _ = _best_discard(rest, [*melds, Meld.pung(tile, concealed=False)])
                        if after <= current:
                            return move
        return super().choose(view, legal)

    @staticmethod
    def _scoring_honours(view: Mapping[str, Any]) -> frozenset[Tile]:
        """Dragons, the seat's wind and the prevailing wind: a pung of each scores a faan."""
        names = {"C", "F", "P", str(view["seat"]), _WIND_OF_ROUND.get(str(view["prevailing"]), "")}
        return frozenset(Tile.parse(n) for n in names if n)

    @staticmethod
    def _main_suit(hand: list[Tile], melds: list[Meld]) -> object:
        tiles = [*hand, *(t for m in melds for t in m.tiles)]
        groups = [t.group for t in tiles if t.number is not None]
        return max(set(groups), key=groups.count) if groups else None


def play_game(
    game: MahjongGame,
    bots: Mapping[Seat, Bot],
    shuffler: Shuffler,
    rng: random.Random,
    *,
    close_rate: float = 0.0,
) -> GameWon | GameDrawn:
    """Deal and play ``game`` to its end with ``bots`` (one per seat). With ``close_rate`` > 0
    the window's time limit (:meth:`~MahjongGame.close_claims`) strikes at random, drawn from
    ``rng``, before a seat answers."""
    game.deal(shuffler)
    while game.result is None:
        if game.phase is MahjongPhase.TURN:
            seat = game.turn
            assert seat is not None
        else:
            if close_rate and rng.random() < close_rate:
                game.close_claims()
                continue
            seat = game.waiting()[0]
        move = bots[seat].choose(game.view(seat), game.legal(seat))
        game.play(seat, move)
    return game.result
