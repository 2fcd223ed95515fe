"""Events of the table layer itself, the same for every game.

* :class:`ChipsIn` / :class:`ChipsOut`: a player buys chips at the table from the cashier, or
  cashes them out (for games whose rules have no buy-in of their own; stud's buy-in and top-up
  are its own events, Art 6-8).
* :class:`FairnessCommitted` / :class:`FairnessRevealed`: a provably-fair shuffle's commitment,
  published before the shuffle, and its server seed, revealed once the cards it dealt are all
  decided (see :mod:`croupier.shuffle`).
* :class:`TableClosed`: the seal of a normally closed table: the count of entries before it and
  the hash of the last one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from croupier.errors import RecordError
from croupier.protocol import Event
from croupier.records import is_int

__all__ = [
    "TABLE_EVENTS",
    "ChipsIn",
    "ChipsOut",
    "FairnessCommitted",
    "FairnessRevealed",
    "TableClosed",
    "fair_shuffles",
]


def _amount(value: int, field: str, least: int) -> None:
    if not is_int(value) or value < least:
        raise RecordError(
            field, f"field {field!r} must be a whole amount >= {least}, got {value!r}"
        )


@dataclass(frozen=True, slots=True)
class ChipsIn(Event):
    """``player`` buys ``amount`` of chips at the table (cashier -> player)."""

    TYPE = "chips_in"
    player: str
    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "amount", 1)


@dataclass(frozen=True, slots=True)
class ChipsOut(Event):
    """``player`` cashes ``amount`` of chips out of the table (player -> cashier; 0: he leaves
    with nothing)."""

    TYPE = "chips_out"
    player: str
    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "amount", 0)


@dataclass(frozen=True, slots=True)
class FairnessCommitted(Event):
    """The commitment ``sha256(server_seed)`` of the next shuffle, with the client seed and the
    nonce it will be combined with, published before the shuffle."""

    TYPE = "fairness_committed"
    commitment: str
    client_seed: str
    nonce: int


@dataclass(frozen=True, slots=True)
class FairnessRevealed(Event):
    """The server seed (hex) of the last committed shuffle, revealed after its cards are
    decided: anyone can now recompute the shuffle and check it against the commitment."""

    TYPE = "fairness_revealed"
    server_seed: str


@dataclass(frozen=True, slots=True)
class TableClosed(Event):
    """The table closed normally: ``entries`` entries came before this one, the last with hash
    ``last_hash``. A log that ends without it was interrupted."""

    TYPE = "table_closed"
    entries: int
    last_hash: str


#: every table-layer event class
TABLE_EVENTS: tuple[type[Event], ...] = (
    ChipsIn,
    ChipsOut,
    FairnessCommitted,
    FairnessRevealed,
    TableClosed,
)


class _Entry(Protocol):
    @property
    def seq(self) -> int: ...
    @property
    def event(self) -> Event: ...


def fair_shuffles(entries: Iterable[_Entry]) -> list[dict[str, Any]]:
    """Every provably-fair shuffle of a table's ``entries``: its commitment, client seed and
    nonce, the entry that committed it (``committed_seq``) and, once revealed, the server seed
    and the entry that revealed it (``revealed_seq``; None before). A reveal is of the last
    commitment (:class:`FairnessRevealed`); a second reveal of it, or one before any
    commitment, is left out (the table's fold refuses both)."""
    found: list[dict[str, Any]] = []
    for entry in entries:
        event = entry.event
        if isinstance(event, FairnessCommitted):
            found.append(
                {
                    "commitment": event.commitment,
                    "client_seed": event.client_seed,
                    "nonce": event.nonce,
                    "committed_seq": entry.seq,
                    "server_seed": None,
                    "revealed_seq": None,
                }
            )
        elif isinstance(event, FairnessRevealed) and found and found[-1]["server_seed"] is None:
            found[-1]["server_seed"] = event.server_seed
            found[-1]["revealed_seq"] = entry.seq
    return found
