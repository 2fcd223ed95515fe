"""The table interface's toy game (tests/table/toy.py) as the server tests use it.

One fix on top: the toy sets a round's opening time (and so its ante deadline) only when it
executes ``open``, not when it folds the ``opened`` event again, so after a restart its deadline
would read 10 s after the epoch. A table served across restarts must fold its deadlines from
its entries (``Entry.at``); this subclass does, as every real adapter must.
"""

from __future__ import annotations

from table.toy import ANTE_MS, FirstOfferBot, Opened, ToyOptions, ToyTable

from croupier.protocol import Event
from croupier.table.log import Entry

__all__ = ["ANTE_MS", "FirstOfferBot", "ServedToyTable", "ToyOptions"]


class ServedToyTable(ToyTable):
    def _replay_event(self, event: Event, entry: Entry) -> None:
        super()._replay_event(event, entry)
        if isinstance(event, Opened):
            self.opened_at = entry.at
