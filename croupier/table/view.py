"""What an actor sees at one moment, as an object: :class:`View` (:meth:`Table.seen`).

A :class:`View` is the table's JSON view of one actor (:meth:`~croupier.table.base.Table.view`)
made only when somebody reads it as JSON, plus :attr:`View.facts`: the same facts as a typed
object of the game (five-card stud: the seat's
:class:`~croupier.games.five_card_stud.view.Observation`; None where the game has none), which a
bot in the same process reads instead of parsing the JSON. Both say only what the actor may
see: the facts are the game's reading for that actor, as the JSON view is.

A view is of the table as it stands when it was made: it reads the table, so read it (or take
its JSON, :meth:`View.to_dict`) before the next command; the JSON asked for after the table has
moved on is refused (:class:`~croupier.errors.RuleViolation`) rather than made of a later state.
The JSON made once is kept (every later read gives the same dict).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Protocol

from croupier.errors import RuleViolation
from croupier.table.actor import Actor

__all__ = ["View"]


class _Viewed(Protocol):
    @property
    def seq(self) -> int: ...

    def view(self, actor: Actor) -> dict[str, Any]: ...


class View(Mapping[str, Any]):
    """``actor``'s view of a table at entry ``seq``: a read-only mapping (the JSON view, made
    when first read) with the game's typed :attr:`facts` (see the module docstring)."""

    __slots__ = ("_json", "_table", "actor", "facts", "seq")

    def __init__(self, table: _Viewed, actor: Actor, facts: object | None = None) -> None:
        self._table = table
        self._json: dict[str, Any] | None = None
        self.actor = actor
        self.seq = table.seq
        #: the game's typed reading of the same facts (None: the game has none)
        self.facts = facts

    def to_dict(self) -> dict[str, Any]:
        """The JSON view (``table.view(actor)`` as it was at :attr:`seq`)."""
        found = self._json
        if found is None:
            if self._table.seq != self.seq:
                raise RuleViolation(
                    "tables",
                    f"a view of entry {self.seq} read after entry {self._table.seq}: "
                    "ask the table for a new one",
                )
            found = self._json = self._table.view(self.actor)
        return found

    def __getitem__(self, key: str) -> Any:
        return self.to_dict()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.to_dict())

    def __len__(self) -> int:
        return len(self.to_dict())

    def __repr__(self) -> str:
        return f"View({self.actor}, seq={self.seq})"
