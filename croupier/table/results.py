"""What a table hands out besides its entries (:mod:`croupier.table.base`): :class:`Wait`, who
must act and until when (:meth:`~croupier.table.base.Table.waiting_on`); :class:`Applied`, the
result of one accepted command (:meth:`~croupier.table.base.Table.apply`); :class:`RoundSpan`,
one round's first and last entry (:attr:`~croupier.table.base.Table.rounds`). All three are also
importable from :mod:`croupier.table.base`."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from croupier.protocol import Event
from croupier.table.actor import Actor
from croupier.table.log import Entry

__all__ = ["Applied", "RoundSpan", "Wait"]


@dataclass(frozen=True, slots=True)
class Wait:
    """``actor`` must act; ``deadline`` (table clock, ms) is when the rule's default applies
    (None: no limit); ``rule`` the article or table option that sets it; ``what`` in words."""

    actor: Actor
    deadline: int | None
    rule: str
    what: str

    def __init__(self, actor: Actor, deadline: int | None, rule: str, what: str) -> None:
        # the frozen dataclass's __init__, through the slots (made at every new state)
        _WAIT_SET[0](self, actor)
        _WAIT_SET[1](self, deadline)
        _WAIT_SET[2](self, rule)
        _WAIT_SET[3](self, what)

    def to_dict(self) -> dict[str, Any]:
        return {
            "actor": str(self.actor),
            "deadline": self.deadline,
            "rule": self.rule,
            "what": self.what,
        }


@dataclass(frozen=True, slots=True)
class Applied:
    """The result of one accepted command: its entries, in order."""

    command_id: str
    actor: Actor
    command: Mapping[str, Any]
    entries: tuple[Entry, ...]

    def __init__(
        self,
        command_id: str,
        actor: Actor,
        command: Mapping[str, Any],
        entries: tuple[Entry, ...],
    ) -> None:
        # the frozen dataclass's __init__, through the slots (made for every command)
        _APPLIED_SET[0](self, command_id)
        _APPLIED_SET[1](self, actor)
        _APPLIED_SET[2](self, command)
        _APPLIED_SET[3](self, entries)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(e.event for e in self.entries)

    @property
    def first_seq(self) -> int:
        return self.entries[0].seq

    @property
    def last_seq(self) -> int:
        return self.entries[-1].seq


#: the slots' setters of the fields of Wait and Applied, in order
_WAIT_SET: Final = tuple(getattr(Wait, f.name).__set__ for f in dataclasses.fields(Wait))
_APPLIED_SET: Final = tuple(getattr(Applied, f.name).__set__ for f in dataclasses.fields(Applied))


@dataclass(slots=True)
class RoundSpan:
    """One round of a table (a hand, a coup, a game of Mah-Jong): its first and last entry."""

    number: int
    first_seq: int
    last_seq: int | None = None

    @property
    def closed(self) -> bool:
        return self.last_seq is not None

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "first_seq": self.first_seq, "last_seq": self.last_seq}
