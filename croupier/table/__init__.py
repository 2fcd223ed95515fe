"""The table interface: one way to drive any of the five games (see :mod:`croupier.table.base`
and docs/table.md)."""

from croupier.table.actor import Actor, Role
from croupier.table.base import Applied, RoundSpan, Table, Wait
from croupier.table.ledger import Ledger, Tx
from croupier.table.log import Entry, Shown
from croupier.table.sources import FairSource, LiveSource, SeededSource, ShuffleSource

__all__ = [
    "Actor",
    "Applied",
    "Entry",
    "FairSource",
    "Ledger",
    "LiveSource",
    "Role",
    "RoundSpan",
    "SeededSource",
    "Shown",
    "ShuffleSource",
    "Table",
    "Tx",
    "Wait",
]
