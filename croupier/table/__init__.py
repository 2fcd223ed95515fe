"""The table interface: one way to drive any of the five games (see :mod:`croupier.table.base`
and docs/table.md).

The names below are imported when first used (PEP 562), so that looking a game up in
:mod:`croupier.table.registry` (the command line does it for every ``--help``) does not import
the whole interface.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_WHERE = {
    "Actor": "actor",
    "Role": "actor",
    "Applied": "base",
    "RoundSpan": "base",
    "Table": "base",
    "Wait": "base",
    "Ledger": "ledger",
    "Tx": "ledger",
    "Entry": "log",
    "Shown": "log",
    "FairSource": "sources",
    "LiveSource": "sources",
    "SeededSource": "sources",
    "ShuffleSource": "sources",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'croupier.table' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"croupier.table.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
