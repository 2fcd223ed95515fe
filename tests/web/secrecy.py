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
cards (``"As Kd"``), never from words in a message. Names tell kinds, not copies: where a kind
comes in several copies (Mah-Jong's four of each tile, a shoe of several decks) another seat's
hidden copy may share its name with one the person rightly sees, so those games are checked with
:class:`Redaction` instead: every frame exactly what the table gives the person at its seq.

The record must be read *after* the frames and pages it judges (:func:`look`): a live table plays
on (its bots start the next round while people sit), so a record read first can end before the
frames do. A frame about a seq the record does not reach cannot be judged, and is reported as
such, never checked against the end of a record that does not hold it.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

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
        self.last = table.seq
        whole = [e.event.to_dict() for e in table.entries]
        mine = table.events_for(actor)
        self.seqs: list[int] = []
        self.forbidden: list[frozenset[str]] = []
        hidden: set[str] = set()
        self._all: set[str] = set()
        self._shown: set[str] = set()
        for entry, form in zip(whole, mine, strict=True):
            shown = tokens(form["event"], pattern)
            self._all |= tokens(entry, pattern)
            self._shown |= shown
            hidden -= shown
            hidden |= tokens(entry, pattern) - shown
            self.seqs.append(form["seq"])
            self.forbidden.append(frozenset(hidden))

    def at(self, seq: int) -> frozenset[str]:
        """The cards forbidden to the actor once entries up to ``seq`` happened."""
        index = bisect.bisect_right(self.seqs, seq) - 1
        return self.forbidden[index] if index >= 0 else frozenset()

    def never_shown(self) -> frozenset[str]:
        """Cards in the record that no event ever showed the actor: what his page (which keeps
        the history of what he was shown) may never hold."""
        return frozenset(self._all - self._shown)

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
            if isinstance(seq, int) and seq > self.last:
                found.append(beyond(frame, seq, self.last))
                continue
            forbidden = self.at(seq) if isinstance(seq, int) else self.ever()
            bad = tokens(frame, self.pattern) & forbidden
            if bad:
                found.append(f"{frame.get('type')} frame at seq {seq}: {sorted(bad)}")
        return found


def beyond(frame: dict[str, Any], seq: int, last: int) -> str:
    """What a frame about a seq past the record's end is: not judged (read the record later)."""
    return (
        f"{frame.get('type')} frame at seq {seq} is past the record's last entry ({last}): "
        "it cannot be judged (read the record after the frames)"
    )


def page_cards(codes: Sequence[str | None]) -> set[str]:
    """The card codes of a page's images (``data-code``), backs left out."""
    return {c for c in codes if c and CARD.match(c)}


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


class Redaction:
    """What the table itself gives ``actor`` at each seq: his redacted events and, by a replay
    of the record up to that seq, his view and offers. A frame that differs from it shows him
    something the table did not (exactly, copy by copy: the check for games whose cards or
    tiles come in several copies, where a set of names cannot tell one copy from another)."""

    def __init__(self, table: Table[Any], actor: Actor) -> None:
        self.table = table
        self.actor = actor
        self.forms = {e["seq"]: _json(e) for e in table.events_for(actor)}
        self._views: dict[int, tuple[Any, Any]] = {}
        self._folded = self._empty()

    def _empty(self) -> Table[Any]:
        return type(self.table)(self.table.options, table_id=self.table.table_id)

    def at(self, seq: int) -> tuple[Any, Any]:
        """The actor's view and offers once entries up to ``seq`` happened (the record folded
        on from where the last question left it: O(new entries))."""
        if seq not in self._views:
            if seq < self._folded.seq:  # a question about the past: fold again from the start
                self._folded = self._empty()
            folded = self._folded
            folded.extend(self.table.entries[folded.seq : seq])
            offers = [o.to_dict() for o in folded.legal(self.actor)]
            self._views[seq] = (_json(folded.view(self.actor)), _json(offers))
        return self._views[seq]

    def leaks(self, frames: Iterable[dict[str, Any]]) -> list[str]:
        found = []
        last = self.table.seq
        for frame in frames:
            kind = frame.get("type")
            seqs = [e.get("seq") for e in frame.get("events", [])] if kind == "events" else []
            newest = max((q for q in [frame.get("seq"), *seqs] if isinstance(q, int)), default=0)
            if kind in ("events", "view") and newest > last:
                found.append(beyond(frame, newest, last))
                continue
            if kind == "events":
                for event in frame.get("events", []):
                    if event != self.forms.get(event.get("seq")):
                        found.append(f"event {event.get('seq')} is not the form he may see")
            elif kind == "view" and isinstance(frame.get("seq"), int):
                view, offers = self.at(frame["seq"])
                if frame.get("view") != view:
                    found.append(f"view at seq {frame['seq']} is not his view")
                if self.actor.is_player and frame.get("legal") != offers:
                    found.append(f"offers at seq {frame['seq']} are not his offers")
        return found


class Watched(Protocol):
    """A person as the checks read him: his name, the frames his page received (a list the
    browser keeps appending to) and the card images on his page now."""

    @property
    def name(self) -> str: ...

    @property
    def frames_in(self) -> list[dict[str, Any]]: ...

    def card_codes(self) -> list[str | None]: ...


@dataclass(frozen=True)
class Seen:
    """What one person had been shown when he was looked at: his page's cards and his frames."""

    name: str
    cards: frozenset[str]
    frames: tuple[dict[str, Any], ...]


def look(people: Sequence[Watched]) -> list[Seen]:
    """What each person had been shown, taken *before* the record that judges it is read. Every
    page first (a call into the browser delivers the frames that arrived meanwhile, to every
    person: the table plays on), then every person's frames, with no call into the browser in
    between; a record read afterwards reaches at least the last of them (the server sends only
    committed entries), as it reaches every card the pages showed."""
    cards = [frozenset(page_cards(someone.card_codes())) for someone in people]
    return [
        Seen(someone.name, shown, tuple(someone.frames_in))
        for someone, shown in zip(people, cards, strict=True)
    ]
