"""The five games, one registry: what the CLI, replay, the runner and the server look up.

Each :class:`GameInfo` names a game's table class (imported when first asked for, so looking a
game up stays cheap), its options class, its bots and the CLI commands it supports. Every error
message that lists games takes the list from here.

>>> [g.name for g in GAMES.values()]
['thirteen', 'mahjong', 'football-poker', 'three-card-baccarat', 'five-card-stud']
>>> game("baccarat")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
croupier.errors.RuleViolation: games: unknown game 'baccarat'; the games are: thirteen, mahjong, ...
>>> games_supporting("solve")
('thirteen',)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from croupier.errors import RuleViolation

if TYPE_CHECKING:
    from croupier.offers import Bot
    from croupier.table.base import Table

__all__ = ["GAMES", "RECORD_GAMES", "GameInfo", "game", "game_of_record", "games_supporting"]


def _load(path: str) -> Any:
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


@dataclass(frozen=True)
class GameInfo:
    """One game: names, regulation, where its code lives, what the CLI can do with it."""

    name: str
    title: str
    regulation: str
    #: ``module:Class`` of the table (``croupier.table.<game>``)
    table_path: str
    #: ``module:Class`` of the options
    options_path: str
    #: ``module:NAME`` of a mapping from bot kind to a factory ``(seed) -> Bot``
    bots_path: str
    #: the CLI commands that take this game (``deal``, ``verify``, ``play``, ...)
    commands: frozenset[str] = field(default_factory=frozenset)
    #: ``module:function`` of the CLI's replay of an *old record* of this game (one JSON
    #: document from before table logs; ``(record, expect_digest, as_json) -> None``), loaded by
    #: ``croupier replay`` only, as ``table_path`` is by the table's users
    record_replay_path: str = ""
    #: the ``game`` an old record of this game names (Mah-Jong's rounds: ``mahjong-round``)
    record_names: tuple[str, ...] = ()
    #: what the regulation calls the unit a table's round is (Mah-Jong: a game; four games
    #: make its round, Art 2), as a table run names them
    round_word: str = "round"

    @property
    def record_replay(self) -> Callable[[Mapping[str, Any], str | None, bool], None]:
        replay: Callable[[Mapping[str, Any], str | None, bool], None] = _load(
            self.record_replay_path
        )
        return replay

    @property
    def table(self) -> type[Table[Any]]:
        table: type[Table[Any]] = _load(self.table_path)
        return table

    @property
    def options(self) -> type[Any]:
        options: type[Any] = _load(self.options_path)
        return options

    @property
    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        bots: Mapping[str, Callable[[int], Bot]] = _load(self.bots_path)
        return bots


#: the commands that take every game (``croupier log migrate`` converts any game's record)
_ALL = frozenset({"deal", "verify", "play", "replay", "simulate", "odds", "table", "log"})

GAMES: dict[str, GameInfo] = {
    info.name: info
    for info in (
        GameInfo(
            "thirteen",
            "the 13-card game",
            "Portaria 51/89/M",
            "croupier.table.thirteen:ThirteenTable",
            "croupier.games.thirteen.options:ThirteenOptions",
            "croupier.games.thirteen.bots:BOTS",
            _ALL - {"simulate"} | {"solve"},
            "croupier.commands.play_thirteen:replay_thirteen",
            ("thirteen",),
        ),
        GameInfo(
            "mahjong",
            "Mah-Jong",
            "Portaria 52/89/M",
            "croupier.table.mahjong:MahjongTable",
            "croupier.games.mahjong.options:MahjongOptions",
            "croupier.games.mahjong.bots:BOTS",
            _ALL - {"odds"} | {"score"},
            "croupier.commands.play_mahjong:replay_mahjong",
            ("mahjong-round",),
            "game",
        ),
        GameInfo(
            "football-poker",
            "Football Poker",
            "Despacho 65/2004",
            "croupier.table.football:FootballTable",
            "croupier.games.football_poker.options:FootballOptions",
            "croupier.games.football_poker.bots:BOTS",
            _ALL,
            "croupier.commands.replay:replay_banking_record",
            ("football-poker",),
        ),
        GameInfo(
            "three-card-baccarat",
            "3-Card Baccarat",
            "Portaria 22/96/M",
            "croupier.table.baccarat:BaccaratTable",
            "croupier.games.three_card_baccarat.options:BaccaratOptions",
            "croupier.games.three_card_baccarat.bots:BOTS",
            _ALL,
            "croupier.commands.replay:replay_banking_record",
            ("three-card-baccarat",),
        ),
        GameInfo(
            "five-card-stud",
            "Five-card Poker (stud)",
            "Portaria 104/85/M",
            "croupier.table.stud:StudTable",
            "croupier.games.five_card_stud.options:StudOptions",
            "croupier.games.five_card_stud.bots:BOTS",
            _ALL | {"equity"},
            "croupier.commands.play_stud:replay_stud",
            ("five-card-stud",),
        ),
    )
}


def game(name: str) -> GameInfo:
    """The game called ``name``; a RuleViolation listing the games otherwise."""
    info = GAMES.get(name) if isinstance(name, str) else None
    if info is None:
        raise RuleViolation("games", f"unknown game {name!r}; the games are: {', '.join(GAMES)}")
    return info


def game_of_record(name: object) -> GameInfo:
    """The game whose old records name it ``name`` (``mahjong-round``: Mah-Jong); a
    RuleViolation listing the games otherwise.

    >>> game_of_record("mahjong-round").name
    'mahjong'
    """
    for info in GAMES.values():
        if name in info.record_names:
            return info
    raise RuleViolation(
        "games", f"unknown game {name!r} in the record; the games are: {', '.join(GAMES)}"
    )


#: the game names of old records (one JSON document, before table logs), with the registry's
#: name of each
RECORD_GAMES: dict[str, str] = {r: g.name for g in GAMES.values() for r in g.record_names}


def games_supporting(command: str) -> tuple[str, ...]:
    """The names of the games a CLI command takes, in registry order."""
    return tuple(g.name for g in GAMES.values() if command in g.commands)
