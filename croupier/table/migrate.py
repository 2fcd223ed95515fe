"""Converting a record written before table logs existed into a sealed table log, and back.

The records of ``play --log`` before the table interface are one JSON document per table:
``{"game", "options", "events": [...]}`` (the 13-card game, stud and the banking games) or a
Mah-Jong round ``{"game": "mahjong-round", "options", "games": [{..., "events": [...]}, ...]}``.
:func:`migrate_record` writes such a record as a table log whose first entry is a ``migrated``
event holding the record with each list of events replaced by its length, followed by one entry
per event in document order, and the seal. :func:`restore_record` rebuilds the record from the
entries, so ``croupier replay`` checks the events by the game's own rules, exactly as the
record was read before.

The chain of a migrated log starts at the migration: it shows that no event was removed,
changed or reordered *since* the log was made, and nothing about the record before it. The
table id (``migrated-`` and 48 hex digits of the record's SHA-256, covered by the genesis) and
the ``migrated`` event say so.

>>> record = {"game": "toy", "options": {"ante": 10}, "events": [{"type": "a"}, {"type": "b"}]}
>>> lines = migrate_record(record, game="toy", source="0" * 64, origin="record")
>>> len(lines)  # the header, the migrated event, two events, the seal
5
>>> from croupier.table.audit import check_chain
>>> report = check_chain(lines)
>>> report.sealed, report.migrated
(True, True)
>>> restore_record(report.entries) == record
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from croupier.errors import RecordError
from croupier.table.audit import MIGRATED
from croupier.table.log import genesis, header_line, link
from croupier.table.registry import RECORD_GAMES

__all__ = ["LEGACY_GAMES", "migrate_record", "restore_record"]

#: the game names of old records, with the registry's name of each (from the registry's
#: ``record_names``)
LEGACY_GAMES: dict[str, str] = RECORD_GAMES

_COUNT = "$events"


def _hollow(node: Any, events: list[Any]) -> Any:
    """``node`` with each ``"events"`` list replaced by ``{"$events": n}``, its items appended
    to ``events`` in document order."""
    if isinstance(node, Mapping):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "events" and isinstance(value, list):
                events.extend(value)
                out[key] = {_COUNT: len(value)}
            else:
                out[key] = _hollow(value, events)
        return out
    if isinstance(node, list):
        return [_hollow(item, events) for item in node]
    return node


def _fill(node: Any, events: list[Any], at: list[int]) -> Any:
    if isinstance(node, Mapping):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "events" and isinstance(value, Mapping) and set(value) == {_COUNT}:
                count = value[_COUNT]
                if not isinstance(count, int) or count < 0 or at[0] + count > len(events):
                    raise RecordError("migrated", "the migrated record's event counts are wrong")
                out[key] = events[at[0] : at[0] + count]
                at[0] += count
            else:
                out[key] = _fill(value, events, at)
        return out
    if isinstance(node, list):
        return [_fill(item, events, at) for item in node]
    return node


def migrate_record(
    record: Mapping[str, Any], *, game: str, source: str, origin: str
) -> list[bytes]:
    """The lines of a sealed table log holding ``record`` (see the module docstring).

    ``game`` is the registry's name of the game, ``source`` the SHA-256 (hex) of the file the
    record was read from, ``origin`` what that file was (``record``, ``stud-toml``)."""
    if len(source) != 64:
        raise RecordError("source", "the source's SHA-256 is 64 hex digits")
    events: list[Any] = []
    hollow = _hollow(record, events)
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("options", "the record's options are not an object")
    table_id = MIGRATED + source[:48]
    lines = [header_line(game, table_id, options)]
    previous = genesis(game, table_id, options)
    first = {
        "type": "migrated",
        "origin": origin,
        "sha256": source,
        "events": len(events),
        "record": hollow,
        "note": "the chain starts at this migration: it attests only to the log as migrated",
    }
    bodies = [first, *events]
    for seq, event in enumerate(bodies, start=1):
        if not isinstance(event, Mapping) or not isinstance(event.get("type"), str):
            raise RecordError("events", f"event {seq - 1} of the record has no type")
        body = {"seq": seq, "at": 0, "actor": "dealer:house", "command_id": f"migrate:{seq}"}
        body["event"] = dict(event)
        previous = link(previous, body)
        lines.append(_line({**body, "hash": previous}))
    seal = {
        "seq": len(bodies) + 1,
        "at": 0,
        "actor": "dealer:house",
        "command_id": f"close:{len(bodies)}",
        "event": {"type": "table_closed", "entries": len(bodies), "last_hash": previous},
        "command": {"type": "close"},
    }
    lines.append(_line({**seal, "hash": link(previous, seal)}))
    return lines


def _line(item: Mapping[str, Any]) -> bytes:
    from croupier.table.log import canonical

    return canonical(item) + b"\n"


def restore_record(entries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The record a migrated log holds (its entries, the seal included or not)."""
    if not entries:
        raise RecordError("migrated", "a migrated log has no entries")
    first = entries[0].get("event")
    if not isinstance(first, Mapping) or first.get("type") != "migrated":
        raise RecordError("migrated", "a migrated log starts with its migrated event")
    body = [e.get("event") for e in entries[1:]]
    if body and isinstance(body[-1], Mapping) and body[-1].get("type") == "table_closed":
        body.pop()
    if first.get("events") != len(body):
        raise RecordError(
            "migrated", f"the migrated event counts {first.get('events')!r} events, not {len(body)}"
        )
    at = [0]
    record = _fill(first.get("record"), body, at)
    if at[0] != len(body) or not isinstance(record, dict):
        raise RecordError("migrated", "the migrated record's event counts are wrong")
    return record
