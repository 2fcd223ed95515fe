"""A sitting of Mah-Jong: its rounds ("roda", Portaria 52/89/M Art 2) of games played by four
players at fixed places while the deal goes round the table, each round named for its
prevailing wind.

Art 2: "O lugar do banqueiro («chóng») é sempre designado por Este («tông»), sendo designado
por Sul («nám») o lugar à direita do banqueiro, por Oeste («sai») o lugar oposto ao do banqueiro
e por Norte («pak») o lugar à esquerda do banqueiro" and "Cada roda de quatro jogos leva o nome
de um dos «ventos»". The places are numbered 0..3 counterclockwise (each place's right-hand
neighbour is the next), so with the banker at place ``b`` place ``p`` holds the seat wind
``Seat((p - b) % 4)``: the seat winds follow the banker.

The course of play (``MahjongOptions``; every reading ``docs/rules.md`` §2):

* **Rotation** ``rotation``: by default the letter of Art 2 (``every-game``): a round is four
  games and the deal passes to the banker's right (South becomes East) after each, whoever won.
  Option ``hong-kong`` (Hong Kong practice, the way this engine played before): the banker keeps
  the deal when he wins, and with ``banker_stays_on_draw`` (default on) on a drawn game; the
  round ends when the deal has gone round the table back to the first banker (four passes).
* **Cap** ``max_games`` (default 16): a round ends after that many games whatever the deal, so
  that a round under the Hong Kong rotation always ends.
* **Rounds** ``rounds`` from ``prevailing`` (default one round, East): the rounds follow in the
  order of Art 2, East, South, West, North; a *full game* is the four. Each round begins with
  the first banker (after four passes the deal is back with him anyway; after a cap it is given
  back to him), and each game is played under its round's prevailing wind.
* **False win** (option ``false_win = penalty``): the game ends with the declarer paying; the
  deal then goes as after a drawn game (``every-game``: it passes; ``hong-kong``: it stays when
  ``banker_stays_on_draw``).
* **Totals** per place: the sum of each game's ``net`` (by seat) mapped to the places; the house
  keeps the sum of the commissions, so ``sum(totals) + house == 0``.

Step API: :meth:`Match.begin` (the next game, its options and seats), play it to its end with
the game's own commands, :meth:`Match.conclude` (totals and the deal's rotation); or
:meth:`Match.play` with one bot per place. :meth:`Match.to_record` is the options and each
game's record; :meth:`Match.from_record` replays every game (``MahjongGame.from_record``) and
the rotation, checking that each game was played under the options and banker it should have.
A record without ``rotation`` was played before the option existed, the Hong Kong way, and is
read so (:mod:`croupier.games.mahjong.options`).

>>> import random
>>> from croupier.shuffle import SeededShuffler
>>> from croupier.games.mahjong.bots import ShantenBot
>>> rng = random.Random(3)
>>> match = Match()
>>> _ = match.play({p: ShantenBot(rng) for p in range(4)}, SeededShuffler(3), rng)
>>> match.over, len(match.summaries), sum(match.totals) + match.house == 0
(True, 4, True)
>>> Match.from_record(match.to_record()).totals == match.totals
True
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from croupier.errors import CroupierError, MaterialError, RecordError, RuleViolation
from croupier.games.mahjong.bots import Bot, play_game
from croupier.games.mahjong.events import FalseWinDeclared, GameDrawn, GameWon
from croupier.games.mahjong.options import MahjongOptions, Rotation
from croupier.games.mahjong.round import MahjongGame
from croupier.games.mahjong.rules import GAMES_PER_ROUND, PLAYERS, REGULATION, Round, Seat
from croupier.games.mahjong.state import Result
from croupier.shuffle import Shuffler

__all__ = ["MATCH", "GameSummary", "Match", "rotation_source"]

#: The ``game`` of a round's record.
MATCH: Final = "mahjong-round"


def rotation_source(options: MahjongOptions) -> str:
    """The reading of the deal's rotation the options choose, in words."""
    if options.rotation is Rotation.EVERY_GAME:
        return (
            "Art 2, 'Cada roda de quatro jogos': four games a round, the deal passing to the "
            "banker's right after each"
        )
    draw = "and on a drawn game, " if options.banker_stays_on_draw else ""
    return (
        f"Hong Kong practice (option): the banker keeps the deal when he wins ({draw}option), "
        "else it passes to his right; the round ends when it is back with the first banker"
    )


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One finished game: its ``number`` (1..), the ``banker``'s place, the round's
    ``prevailing`` wind, the ``result``, the ``net`` by place (zeros for a drawn game), the
    ``commission``, and whether the banker keeps the deal (``stays``)."""

    number: int
    banker: int
    result: Result
    net: tuple[int, ...]
    commission: int
    stays: bool
    prevailing: Round = Round.EAST

    @property
    def winner(self) -> int | None:
        """The winner's place, or None (a drawn game, a false win)."""
        if isinstance(self.result, GameWon):
            return (self.banker + self.result.seat) % PLAYERS
        return None

    def to_dict(self) -> dict[str, Any]:
        r = self.result
        out: dict[str, Any] = {
            "number": self.number,
            "round": self.prevailing.name.lower(),
            "banker": self.banker + 1,
            "seats": {str(p + 1): seat_of(self.banker, p).symbol for p in range(PLAYERS)},
            "drawn": isinstance(r, GameDrawn),
            "winner": None if self.winner is None else self.winner + 1,
            "net": {str(p + 1): self.net[p] for p in range(PLAYERS)},
            "commission": self.commission,
            "banker_stays": self.stays,
        }
        if isinstance(r, GameWon):
            discarder = None if r.discarder is None else (self.banker + r.discarder) % PLAYERS + 1
            out |= {
                "seat": r.seat.symbol,
                "tile": str(r.tile),
                "discarder": discarder,
                "self_drawn": r.discarder is None,
                "faan": r.faan,
                "reading": r.reading,
                "patterns": list(r.patterns),
            }
        elif isinstance(r, FalseWinDeclared):
            out["false_win"] = {
                "place": (self.banker + r.seat) % PLAYERS + 1,
                "seat": r.seat.symbol,
                "tile": str(r.tile),
                "hand": [str(t) for t in r.hand],
                "reason": r.reason,
            }
        return out


def _can(verify: Callable[[], None]) -> bool:
    try:
        verify()
    except CroupierError:
        return False
    return True


def seat_of(banker: int, place: int) -> Seat:
    """The seat wind of ``place`` when the banker sits at ``banker`` (Art 2)."""
    return Seat((place - banker) % PLAYERS)


class Match:
    """A sitting of four players at fixed places 0..3: its rounds of games (see the module
    docstring)."""

    def __init__(self, options: MahjongOptions | None = None) -> None:
        self._options = options or MahjongOptions()
        self._banker = self._options.first_banker
        self._passes = 0
        #: rounds finished, games in the round in play
        self._rounds_done = 0
        self._round_games = 0
        self._last_reason: str | None = None
        self._games: list[MahjongGame] = []
        self._summaries: list[GameSummary] = []
        self._totals = [0] * PLAYERS
        self._house = 0

    # -- state -----------------------------------------------------------------------------------

    @property
    def options(self) -> MahjongOptions:
        return self._options

    @property
    def banker(self) -> int:
        """The place of the banker of the current (or next) game."""
        return self._banker

    @property
    def passes(self) -> int:
        """How many times the deal has passed to the right in the round in play."""
        return self._passes

    @property
    def prevailing(self) -> Round:
        """The prevailing wind of the current (or next) game: its round's."""
        done = min(self._rounds_done, self._options.rounds - 1)
        return Round(self._options.prevailing + done)

    @property
    def rounds_done(self) -> int:
        """How many rounds are finished."""
        return self._rounds_done

    def game_options(self) -> MahjongOptions:
        """The options of the current (or next) game: the sitting's, under its round's wind
        (and with the rounds left from it, so that the last round stays the same)."""
        wind, options = self.prevailing, self._options
        if wind is options.prevailing:
            return options
        return options.replace(prevailing=wind, rounds=options.last_round - wind + 1)

    @property
    def games(self) -> tuple[MahjongGame, ...]:
        return tuple(self._games)

    @property
    def summaries(self) -> tuple[GameSummary, ...]:
        return tuple(self._summaries)

    @property
    def totals(self) -> tuple[int, ...]:
        """The running net of each place."""
        return tuple(self._totals)

    @property
    def house(self) -> int:
        """The house's commissions so far."""
        return self._house

    @property
    def current(self) -> MahjongGame | None:
        """The game begun and not yet concluded."""
        if len(self._games) > len(self._summaries):
            return self._games[-1]
        return None

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    @property
    def end_reason(self) -> str | None:
        """Why the sitting is over (its last round's end), or None."""
        if self.current is not None or self._rounds_done < self._options.rounds:
            return None
        return self._last_reason

    def _round_end(self) -> str | None:
        """Why the round in play is over after its last game, or None."""
        if self._options.rotation is Rotation.EVERY_GAME:
            if self._round_games >= GAMES_PER_ROUND:
                return "the round's four games are played (Art 2)"
        elif self._passes >= GAMES_PER_ROUND:
            return "the deal has gone round the table back to the first banker"
        if self._round_games >= self._options.max_games:
            return f"the cap of {self._options.max_games} games"
        return None

    def seat_of(self, place: int) -> Seat:
        """The seat wind of ``place`` in the current (or next) game."""
        return seat_of(self._banker, place)

    def place_of(self, seat: Seat) -> int:
        """The place holding ``seat`` in the current (or next) game."""
        return (self._banker + seat) % PLAYERS

    # -- steps -----------------------------------------------------------------------------------

    def verify_begin(self) -> None:
        """RuleViolation when a game is in play or the sitting is over."""
        if self.current is not None:
            raise RuleViolation("Art 2", "a game of the round is still in play")
        reason = self.end_reason
        if reason is not None:
            raise RuleViolation("Art 2", f"the round is over: {reason}")

    def can_begin(self) -> bool:
        return _can(self.verify_begin)

    def begin(self) -> MahjongGame:
        """The next game (not yet dealt)."""
        self.verify_begin()
        game = MahjongGame(self.game_options())
        self._games.append(game)
        return game

    def abandon(self) -> None:
        """Drop the game in play without a result (a dealer's void, :mod:`croupier.games.void`):
        nothing is paid, the deal does not pass and the round's count of games stands, so the
        next game is dealt as this one would have been dealt again."""
        if self.current is None:
            raise RuleViolation("Art 2", "no game of the round is in play")
        self._games.pop()

    def verify_conclude(self) -> None:
        """RuleViolation unless the current game is over."""
        game = self.current
        if game is None:
            raise RuleViolation("Art 2", "no game of the round is in play")
        if game.result is None:
            raise RuleViolation("Art 2", "the game is not over yet")

    def can_conclude(self) -> bool:
        return _can(self.verify_conclude)

    def conclude(self) -> GameSummary:
        """Settle the finished current game: totals, the deal's rotation, the round's end."""
        self.verify_conclude()
        game = self.current
        assert game is not None and game.result is not None
        result = game.result
        banker = self._banker
        net = [0] * PLAYERS
        commission = 0
        if isinstance(result, GameWon | FalseWinDeclared):
            for seat in Seat:
                net[(banker + seat) % PLAYERS] = result.net[seat]
        if isinstance(result, GameWon):
            commission = result.commission
        if self._options.rotation is Rotation.EVERY_GAME:
            stays = False
        elif isinstance(result, GameWon):
            stays = result.seat is Seat.EAST
        else:  # a drawn game, or a false win (the deal goes as after a drawn game)
            stays = self._options.banker_stays_on_draw
        for p in range(PLAYERS):
            self._totals[p] += net[p]
        self._house += commission
        summary = GameSummary(
            len(self._summaries) + 1,
            banker,
            result,
            tuple(net),
            commission,
            stays,
            game.options.prevailing,
        )
        self._summaries.append(summary)
        self._round_games += 1
        if not stays:
            self._banker = (banker + 1) % PLAYERS
            self._passes += 1
        reason = self._round_end()
        if reason is not None:
            self._last_reason = reason
            self._rounds_done += 1
            self._round_games = self._passes = 0
            self._banker = self._options.first_banker
        return summary

    def play(
        self,
        players: Mapping[int, Bot],
        shuffler: Shuffler,
        rng: random.Random,
        *,
        games: int | None = None,
    ) -> list[GameSummary]:
        """Play the sitting (or ``games`` more games of it) with one bot per place."""
        if set(players) != set(range(PLAYERS)):
            raise MaterialError(f"a round needs a bot for each place 0..{PLAYERS - 1}")
        out: list[GameSummary] = []
        while not self.over and (games is None or len(out) < games):
            game = self.begin()
            play_game(game, {s: players[self.place_of(s)] for s in Seat}, shuffler, rng)
            out.append(self.conclude())
        return out

    # -- record ----------------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The sitting's options and each game's record (a game in play included)."""
        return {
            "game": MATCH,
            "regulation": REGULATION,
            "options": self._options.to_dict("round"),
            "games": [g.to_record() for g in self._games],
        }

    def digest(self) -> str:
        """SHA-256 of the canonical JSON of :meth:`to_record`."""
        text = json.dumps(self.to_record(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> Match:
        """Replay a sitting: every game from its events, under its round's options, with the
        rotation recomputed; a finished game is concluded, the last one may be in play. An
        error names the game (1, 2, ...) and, inside it, the event and the rule."""
        if not isinstance(data, Mapping) or data.get("game") != MATCH:
            got = data.get("game") if isinstance(data, Mapping) else data
            raise RecordError("game", f"not a {MATCH} record: game {got!r}")
        options = data.get("options")
        if not isinstance(options, Mapping):
            raise RecordError("options", "a round record needs its options")
        games = data.get("games")
        if not isinstance(games, list):
            raise RecordError("games", "a round record needs a list of games")
        match = cls(MahjongOptions.from_dict(options))
        for i, record in enumerate(games):
            if match.current is not None:
                raise RecordError("games", f"game {i + 1} follows a game not finished")
            if match.over:
                raise RecordError("games", f"game {i + 1} is after the end of the round")
            try:
                game = MahjongGame.from_record(record)
            except RecordError as exc:
                raise RecordError(exc.field, f"game {i + 1}: {exc}") from None
            except RuleViolation as exc:
                raise RuleViolation(exc.rule, f"game {i + 1}: {exc.detail}") from None
            if game.options.to_dict("game") != match.game_options().to_dict("game"):
                raise RecordError(
                    "options", f"game {i + 1} was not played under its round's options"
                )
            match._games.append(game)
            if game.result is not None:
                match.conclude()
        return match

    @staticmethod
    def net_sum(summaries: Sequence[GameSummary]) -> tuple[int, ...]:
        """The sum of the games' nets by place."""
        return tuple(sum(s.net[p] for s in summaries) for p in range(PLAYERS))
