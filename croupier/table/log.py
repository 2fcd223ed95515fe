"""A table's record: entries in order, who sees what of each, and the hash chain that seals it.

Every event a table produces becomes an :class:`Entry`: its sequence number (1, 2, ...), the
table clock (``at``, milliseconds), the actor and the ``command_id`` of the command that caused
it (the command itself on the command's first entry) and the event. The entries are chained:
each entry's hash is ``sha256(previous hash || canonical JSON of the entry)``, starting from a
genesis hash of the game, the table id and its options (:func:`genesis`), so removing, changing
or reordering any entry changes every hash after it (:func:`chain`, :func:`verify_chain`).

:class:`Shown` says who may see what of one event: everyone the whole event (``Shown.PUBLIC``),
or some players the whole event and the others a redacted form. The table layer decides it when
the event happens, from the state at that moment, so what a person was shown never changes
afterwards (a card revealed later is revealed by a later event).

The **table log** on disk is JSON Lines (:func:`header_line`, :func:`entry_line`): a header
``{"format": "croupier-table-log", "version": 1, "game", "table", "options", "genesis"}`` then
one entry a line with its ``hash``; a normally closed table ends with a ``table_closed`` entry
naming the count of entries before it and the last hash. Each line is written (and flushed) when
its event happens, so an interrupted table leaves a log that replays up to the interruption.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from croupier.errors import RecordError
from croupier.protocol import Event, canonical_json

__all__ = [
    "DEALER",
    "FORMAT",
    "Entry",
    "Shown",
    "canonical",
    "chain",
    "entry_json",
    "entry_line",
    "genesis",
    "header_line",
    "line_of",
    "read_log",
    "verify_chain",
]

FORMAT = "croupier-table-log"
#: the viewer key of the table's dealers in :attr:`Shown.private`
DEALER = "@dealer"
VERSION = 1


def canonical(value: Any) -> bytes:
    """The canonical JSON of ``value``: sorted keys, no spaces, UTF-8."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode()


def genesis(game: str, table_id: str, options: Mapping[str, Any]) -> str:
    """The hash the first entry chains from: the game, the table and its options."""
    head = canonical(
        {
            "format": FORMAT,
            "version": VERSION,
            "game": game,
            "table": table_id,
            "options": dict(options),
        }
    )
    return hashlib.sha256(head).hexdigest()


@dataclass(frozen=True, slots=True)
class Entry:
    """One event of a table's record with its circumstances."""

    seq: int
    at: int
    actor: str
    command_id: str | None
    #: the command as sent, on the first entry of each command (None on the others)
    command: Mapping[str, Any] | None
    event: Event

    def __init__(
        self,
        seq: int,
        at: int,
        actor: str,
        command_id: str | None,
        command: Mapping[str, Any] | None,
        event: Event,
    ) -> None:
        # what the frozen dataclass's __init__ does, through the slots directly (an entry is
        # made for every event: this is twice as fast)
        _ENTRY_SET[0](self, seq)
        _ENTRY_SET[1](self, at)
        _ENTRY_SET[2](self, actor)
        _ENTRY_SET[3](self, command_id)
        _ENTRY_SET[4](self, command)
        _ENTRY_SET[5](self, event)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seq": self.seq,
            "at": self.at,
            "actor": self.actor,
            "command_id": self.command_id,
            "event": self.event.to_dict(),
        }
        if self.command is not None:
            out["command"] = dict(self.command)
        return out


#: the slots' setters of Entry's fields, in order
_ENTRY_SET: Final = tuple(getattr(Entry, f.name).__set__ for f in dataclasses.fields(Entry))


def link(previous: str, entry: Mapping[str, Any]) -> str:
    """The hash of an entry (its ``to_dict`` form, without a ``hash``) after ``previous``."""
    return hashlib.sha256(previous.encode() + canonical(entry)).hexdigest()


_quote: Callable[[str], str] = json.encoder.encode_basestring


def entry_json(entry: Entry) -> bytes:
    """``canonical(entry.to_dict())``, written without building the dict: the keys in their
    sorted order (``actor``, ``at``, ``command``, ``command_id``, ``event``, ``seq``) and the
    event by its class's compiled encoder (:func:`~croupier.protocol.canonical_json`; an event
    class with its own ``to_dict`` goes through :func:`canonical`). The same bytes, to the
    byte, as the reference (the tests compare them on every entry of every game)."""
    event = entry.event
    if type(event).to_dict is Event.to_dict:
        body = canonical_json(event, ascii_only=False)
    else:
        body = canonical(event.to_dict()).decode()
    actor, at, seq, command_id = entry.actor, entry.at, entry.seq, entry.command_id
    if type(actor) is not str or type(at) is not int or type(seq) is not int:
        return canonical(entry.to_dict())
    if command_id is None:
        cid = "null"
    elif type(command_id) is str:
        cid = _quote(command_id)
    else:
        return canonical(entry.to_dict())
    command = entry.command
    sent = "" if command is None else ',"command":' + _command_json(command)
    return (
        f'{{"actor":{_quote(actor)},"at":{at}{sent},"command_id":{cid},"event":{body},"seq":{seq}}}'
    ).encode()


def _command_json(command: Mapping[str, Any]) -> str:
    """``canonical(dict(command))`` as text; a command's JSON is mostly text, integers and
    booleans under text keys, written here directly (anything else by :func:`canonical`)."""
    parts = []
    for key in sorted(command) if all(type(k) is str for k in command) else ():
        value = command[key]
        kind = type(value)
        if kind is str:
            text = _quote(value)
        elif kind is int:
            text = value.__str__()
        elif kind is bool:
            text = "true" if value else "false"
        elif value is None:
            text = "null"
        else:
            return canonical(dict(command)).decode()
        parts.append(_quote(key) + ":" + text)
    if len(parts) != len(command):
        return canonical(dict(command)).decode()
    return "{" + ",".join(parts) + "}"


def chain(start: str, entries: Iterable[Entry]) -> Iterator[str]:
    """The hash of each entry in turn, from ``start`` (the genesis or the hash before)."""
    previous = start
    sha256 = hashlib.sha256
    for entry in entries:
        previous = sha256(previous.encode() + entry_json(entry)).hexdigest()
        yield previous


def verify_chain(start: str, lines: Iterable[Mapping[str, Any]]) -> str:
    """Check the ``hash`` of each entry line after ``start``; the last hash.

    Raises :class:`RecordError` naming the first entry whose hash, or whose place, is wrong."""
    previous = start
    expected_seq = None
    for i, line in enumerate(lines):
        seq = line.get("seq")
        if expected_seq is not None and seq != expected_seq:
            raise RecordError(
                "seq",
                f"entry {i + 1}: seq {seq!r} where {expected_seq} was due "
                "(an entry was removed, added or moved)",
            )
        body = {k: v for k, v in line.items() if k != "hash"}
        digest = link(previous, body)
        if line.get("hash") != digest:
            raise RecordError(
                "hash",
                f"entry seq {seq!r} ({_kind(line)}): its hash does not "
                "follow from the entries before it (changed, removed or reordered)",
            )
        previous = digest
        expected_seq = (seq + 1) if isinstance(seq, int) else None
    return previous


def _kind(line: Mapping[str, Any]) -> str:
    event = line.get("event")
    return str(event.get("type")) if isinstance(event, Mapping) else "?"


def header_line(game: str, table_id: str, options: Mapping[str, Any]) -> bytes:
    """The first line of a table log (with its newline)."""
    return (
        canonical(
            {
                "format": FORMAT,
                "version": VERSION,
                "game": game,
                "table": table_id,
                "options": dict(options),
                "genesis": genesis(game, table_id, options),
            }
        )
        + b"\n"
    )


def entry_line(entry: Entry, digest: str) -> bytes:
    """One entry line of a table log (with its newline): ``canonical({**entry.to_dict(),
    "hash": digest})``, the ``hash`` key in its sorted place, just before ``seq`` (the last
    key, whose value is a number)."""
    if type(digest) is not str or type(entry.seq) is not int:
        return canonical({**entry.to_dict(), "hash": digest}) + b"\n"
    return line_of(entry_json(entry), digest)


def line_of(text: bytes, digest: str) -> bytes:
    """The log line of an entry from its :func:`entry_json` (whose last key is ``seq``, a
    number) and its hash: the ``hash`` key goes in its sorted place, before ``seq``."""
    cut = text.rindex(b',"seq":')
    return text[:cut] + b',"hash":' + _quote(digest).encode() + text[cut:] + b"\n"


def read_log(lines: Iterable[bytes | str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the entry lines of a table log, checked line by line for form (not yet
    for hashes or rules). Raises :class:`RecordError` naming the bad line."""
    header: dict[str, Any] | None = None
    entries: list[dict[str, Any]] = []
    for number, raw in enumerate(lines, start=1):
        text = raw.decode() if isinstance(raw, bytes) else raw
        if not text.strip():
            continue
        try:
            item = json.loads(text)
        except ValueError:
            raise RecordError(
                "line", f"line {number} is not JSON (a cut or damaged log?)"
            ) from None
        if not isinstance(item, dict):
            raise RecordError("line", f"line {number} is not a JSON object")
        if header is None:
            if item.get("format") != FORMAT:
                raise RecordError(
                    "format",
                    "not a croupier table log (no chained header): a log written before sealed "
                    "logs existed cannot be trusted as a record; convert it with "
                    "`croupier log migrate` if it is yours",
                )
            if item.get("version") != VERSION:
                raise RecordError(
                    "version", f"table log version {item.get('version')!r} is not {VERSION}"
                )
            header = item
            continue
        entries.append(item)
    if header is None:
        raise RecordError("format", "an empty file is not a table log")
    return header, entries


@dataclass(frozen=True, slots=True)
class Shown:
    """Who may see what of one event.

    ``public`` is what everyone without a private form sees (None: the whole event); ``private``
    maps a player's name to what that player sees (None: the whole event); the key
    :data:`DEALER` (``"@dealer"``, never a player's name) gives the form the table's dealers see
    (the banker's hand the dealer sets, say). Forms may be given as dicts or as functions making
    them (made only when asked)."""

    public: Mapping[str, Any] | Callable[[], Mapping[str, Any]] | None = None
    private: Mapping[str, Mapping[str, Any] | Callable[[], Mapping[str, Any]] | None] = field(
        default_factory=dict
    )

    PUBLIC: ClassVar[Shown]

    @classmethod
    def only(
        cls,
        owners: Iterable[str],
        public: Mapping[str, Any] | Callable[[], Mapping[str, Any]],
    ) -> Shown:
        """``owners`` see the whole event; everyone else ``public``."""
        return cls(public, dict.fromkeys(owners))

    @property
    def is_public(self) -> bool:
        return self.public is None and not self.private

    def form(self, viewer: str | None, whole: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """What ``viewer`` (a player's name; None: anyone else) sees, ``whole`` making the whole
        event's form."""
        if viewer is not None and viewer in self.private:
            made = self.private[viewer]
        else:
            made = self.public
        if made is None:
            return whole()
        return dict(made() if callable(made) else made)

    @staticmethod
    def kept(forms: dict[int, dict[str, Any]], index: int, event: Event) -> dict[str, Any]:
        """``event``'s whole form (``event.to_dict()``) for entry ``index``, made once per
        ``forms`` and kept there; each call hands out its own copy of the top level, as
        :meth:`form` does. The server's fan-out asks the same entries for every actor watching
        a table (:meth:`~croupier.table.base.Table.events_for`): each event shown whole is
        encoded once."""
        form = forms.get(index)
        if form is None:
            form = forms[index] = event.to_dict()
        return dict(form)


Shown.PUBLIC = Shown()
