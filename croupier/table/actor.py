"""Who is at a table: one identity type for everyone.

An :class:`Actor` is a role and a name. Players are known by name; where a player sits (a stud
seat, a Mah-Jong place, a 13-card or banking-game chair) and which positions he holds or bets on
is the table's state, not the actor's. The dealer runs the table (``Actor.HOUSE`` is the house's
own automatic dealer); an observer sees the public table; an inspector reads the record.

>>> Actor.player("ana")
Actor.parse('player:ana')
>>> Actor.parse("dealer:house") == Actor.HOUSE
True
>>> str(Actor.OBSERVER)
'observer'
>>> Actor.parse("croupier")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
croupier.errors.RuleViolation: actors: 'croupier' is not an actor (player:NAME, ...)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from croupier.errors import RuleViolation

__all__ = ["Actor", "Role"]

#: a name: letters, digits and ``._-``, 1 to 40 characters, starting with a letter or digit
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$")


class Role(StrEnum):
    PLAYER = "player"  #: plays and bets for himself
    DEALER = "dealer"  #: runs the table: shuffles, deals, opens and closes, voids, rectifies
    OBSERVER = "observer"  #: sees what the public display shows
    INSPECTOR = "inspector"  #: reads the record (every card of a finished round), never acts


@dataclass(frozen=True, slots=True)
class Actor:
    """A role and a name (empty for an observer)."""

    role: Role
    name: str = ""
    #: the text form (``str(actor)``), made once: it is written on every entry
    text: str = field(init=False, repr=False, compare=False)
    #: whether the role is a player's, set once (read at every decision)
    is_player: bool = field(init=False, repr=False, compare=False)

    HOUSE: ClassVar[Actor]
    OBSERVER: ClassVar[Actor]

    def __post_init__(self) -> None:
        if not isinstance(self.role, Role):
            raise RuleViolation("actors", f"unknown role {self.role!r}")
        if self.role is Role.OBSERVER:
            if self.name:
                raise RuleViolation("actors", "an observer has no name")
        elif not isinstance(self.name, str) or not NAME.match(self.name):
            raise RuleViolation(
                "actors",
                f"{self.name!r} is not a name (letters, digits, '.', '_', '-'; 1 to 40)",
            )
        text = "observer" if self.role is Role.OBSERVER else f"{self.role.value}:{self.name}"
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "is_player", self.role is Role.PLAYER)

    def __hash__(self) -> int:
        return hash(self.text)  # equal actors have equal texts; a text keeps its hash

    @classmethod
    def player(cls, name: str) -> Actor:
        found = _PLAYERS.get(name) if type(name) is str else None
        if found is None:
            found = cls(Role.PLAYER, name)  # checks the name
            if cls is Actor:
                if len(_PLAYERS) >= 10_000:
                    _PLAYERS.clear()
                _PLAYERS[name] = found
        return found

    @classmethod
    def dealer(cls, name: str) -> Actor:
        return cls(Role.DEALER, name)

    @classmethod
    def inspector(cls, name: str) -> Actor:
        return cls(Role.INSPECTOR, name)

    @classmethod
    def parse(cls, text: str) -> Actor:
        """An actor from its text form, ``role:name`` (``observer`` alone)."""
        if text == "observer":
            return cls.OBSERVER
        role, sep, name = text.partition(":") if isinstance(text, str) else ("", "", "")
        if sep and role in Role.__members__.values() and role != Role.OBSERVER:
            return cls(Role(role), name)
        raise RuleViolation(
            "actors",
            f"{text!r} is not an actor (player:NAME, dealer:NAME, observer, inspector:NAME)",
        )

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Actor.parse({str(self)!r})"


#: players' actors by name, made once (an actor is immutable; making one checks the name)
_PLAYERS: dict[str, Actor] = {}

Actor.HOUSE = Actor(Role.DEALER, "house")
Actor.OBSERVER = Actor(Role.OBSERVER)
