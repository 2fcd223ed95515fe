"""What a person may not see, worked out from a table's whole record, to check the frames a page
received and the page itself.

For each entry, the cards (or tiles) of the whole event that the person's own form of it leaves
out are *hidden from* him: another seat's hole card, the shoe's order, a burned card. A card
hidden from him stays *forbidden* until a later event shows it to him (a showdown, a settlement,
the same card dealt to him from a new shuffle): no frame about a seq, and no page, may hold a card
forbidden at that seq. This reads only
the whole events (what an inspector sees of a finished round) and the person's own redacted
forms (``Table.events_for``), so it checks that the server and the pages never go beyond what
the table itself lets him see.

Cards are read from JSON string values that are a card (``"As"``) or a space-separated list of
cards (``"As Kd"``), never from words in a message. Mah-Jong tiles are read by their suited
kinds (``1m`` .. ``9s``); honours share their letters with the seat winds and are left out.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from croupier.table import Actor
from croupier.table.base import Table

CARD = re.compile(r"^[2-9TJQKA][shdc]$")
SUITED_TILE = re.compile(r"^[1-9][mps]$")


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def tokens(value: Any, pattern: re.Pattern[str] = CARD) -> set[str]:
    """The cards (or tiles) named in a JSON value."""
    out: set[str] = set()
    for text in _strings(value):
        parts = text.split()
        if parts and all(pattern.match(p) for p in parts):
            out.update(parts)
    return out


class Secrets:
    """What ``actor`` may not see at each seq of ``table`` (see the module docstring)."""

    def __init__(self, table: Table[Any], actor: Actor, pattern: re.Pattern[str] = CARD) -> None:
        self.pattern = pattern
        whole = [e.event.to_dict() for e in table.entries]
        mine = table.events_for(actor)
        self.seqs: list[int] = []
        self.forbidden: list[frozenset[str]] = []
        hidden: set[str] = set()
        for entry, form in zip(whole, mine, strict=True):
            shown = tokens(form["event"], pattern)
            hidden -= shown
            hidden |= tokens(entry, pattern) - shown
            self.seqs.append(form["seq"])
            self.forbidden.append(frozenset(hidden))

    def at(self, seq: int) -> frozenset[str]:
        """The cards forbidden to the actor once entries up to ``seq`` happened."""
        index = bisect.bisect_right(self.seqs, seq) - 1
        return self.forbidden[index] if index >= 0 else frozenset()

    def ever(self) -> frozenset[str]:
        """Cards forbidden at some seq and never shown to the actor afterwards (the end)."""
        return self.forbidden[-1] if self.forbidden else frozenset()

    def leaks(self, frames: Iterable[dict[str, Any]]) -> list[str]:
        """Each frame holding a card forbidden at its seq (frames without a seq are checked
        against the end's forbidden cards: they could not be newer)."""
        found = []
        for frame in frames:
            seq = frame.get("seq")
            if frame.get("type") == "events" and frame.get("events"):
                seq = max(e["seq"] for e in frame["events"])
            forbidden = self.at(seq) if isinstance(seq, int) else self.ever()
            bad = tokens(frame, self.pattern) & forbidden
            if bad:
                found.append(f"{frame.get('type')} frame at seq {seq}: {sorted(bad)}")
        return found


def page_cards(codes: Sequence[str | None]) -> set[str]:
    """The card codes of a page's images (``data-code``), backs left out."""
    return {c for c in codes if c and CARD.match(c)}
