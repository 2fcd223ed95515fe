"""The games a server can open: the registry's five, and any loaded by ``--game NAME=MOD:CLASS``.

A game is its :class:`~croupier.table.base.Table` subclass and its bots (kind -> factory
``(seed) -> Bot``). The registry's games are imported only when a table of theirs is opened or
folded, so a server without, say, Mah-Jong tables never imports Mah-Jong.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from croupier.errors import CroupierError, RuleViolation
from croupier.offers import Bot
from croupier.table.base import Table
from croupier.table.registry import GAMES

__all__ = ["Catalog", "ExtraGame", "parse_extra_game"]

BotFactory = Callable[[int], Bot]


@dataclass(frozen=True)
class ExtraGame:
    """A game loaded from a module: its table class, and a bot class (built with no argument)."""

    name: str
    table: type[Table[Any]]
    bot: type[Any] | None = None

    @property
    def bots(self) -> Mapping[str, BotFactory]:
        bot = self.bot
        if bot is None:
            return {}
        return {"default": lambda _seed: bot()}


def _load(path: str) -> Any:
    module, sep, attribute = path.partition(":")
    if not sep or not module or not attribute:
        raise CroupierError(f"{path!r} is not MODULE:NAME")
    try:
        return getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as exc:
        raise CroupierError(f"cannot load {path!r}: {exc}") from None


def parse_extra_game(text: str) -> ExtraGame:
    """``NAME=MODULE:TABLE[,MODULE:BOT]`` (``--game``), loaded.

    >>> parse_extra_game("toy")
    Traceback (most recent call last):
    ...
    croupier.errors.CroupierError: --game 'toy' is not NAME=MODULE:TABLE[,MODULE:BOT]
    """
    name, sep, rest = text.partition("=")
    if not sep or not name or not rest:
        raise CroupierError(f"--game {text!r} is not NAME=MODULE:TABLE[,MODULE:BOT]")
    table_path, _, bot_path = rest.partition(",")
    table = _load(table_path)
    if not (isinstance(table, type) and issubclass(table, Table)):
        raise CroupierError(f"{table_path!r} is not a Table class")
    return ExtraGame(name, table, _load(bot_path) if bot_path else None)


class Catalog:
    """Looks up a game's table class and bots by name."""

    def __init__(self, extra: Mapping[str, ExtraGame] | None = None) -> None:
        self.extra = dict(extra or {})

    def names(self) -> list[str]:
        return [*GAMES, *(n for n in self.extra if n not in GAMES)]

    def title(self, name: str) -> str:
        if name in self.extra:
            return name
        info = GAMES.get(name)
        return f"{info.title} ({info.regulation})" if info else name

    def table_class(self, name: str) -> type[Table[Any]]:
        """The table class of game ``name`` (RuleViolation listing the games if unknown;
        CroupierError if its adapter is not written yet)."""
        if name in self.extra:
            return self.extra[name].table
        info = GAMES.get(name)
        if info is None:
            raise RuleViolation(
                "games", f"unknown game {name!r}; the games are: {', '.join(self.names())}"
            )
        try:
            return info.table
        except (ImportError, AttributeError):
            raise CroupierError(f"the table adapter of {name!r} is not available") from None

    def available(self) -> list[str]:
        """The games whose table adapter can be loaded here."""
        out = []
        for name in self.names():
            try:
                self.table_class(name)
            except CroupierError:
                continue
            out.append(name)
        return out

    def bots(self, name: str) -> Mapping[str, BotFactory]:
        if name in self.extra:
            return self.extra[name].bots
        try:
            return GAMES[name].bots
        except (KeyError, ImportError, AttributeError):
            return {}
