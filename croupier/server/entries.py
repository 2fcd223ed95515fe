"""The record's formats: canonical JSON, the hash link, stored times, house entries, NOTIFY.

Shared by the store, the accounts and the hub. The canonical JSON and the link are the table
log's own (:mod:`croupier.table.log`), so every stream chains exactly as a table log does.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from croupier.errors import CroupierError
from croupier.table.log import canonical as _canonical_bytes

__all__ = [
    "HOUSE",
    "NOTIFY_CHANNEL",
    "canonical",
    "format_ms",
    "format_time",
    "house_entry",
    "link_text",
    "notify_payload",
    "parse_notify",
    "parse_time",
    "to_ms",
]

#: the stream of the house's own events (accounts, logins, tables opened, voids)
HOUSE = "house"
#: the PostgreSQL channel every append notifies
NOTIFY_CHANNEL = "croupier_events"


def canonical(value: Any) -> str:
    """The canonical JSON text of ``value`` (the table log's: sorted keys, no spaces, UTF-8);
    floats are refused: amounts are integers.

    >>> canonical({"b": [1, 2], "a": "é"})
    '{"a":"é","b":[1,2]}'
    >>> canonical({"x": 0.5})
    Traceback (most recent call last):
    ...
    croupier.errors.CroupierError: floats are not allowed in the record (0.5): amounts are integers
    """
    _refuse_floats(value)
    return _canonical_bytes(value).decode()


def _refuse_floats(value: Any) -> None:
    if isinstance(value, float):
        raise CroupierError(
            f"floats are not allowed in the record ({value!r}): amounts are integers"
        )
    if isinstance(value, Mapping):
        for item in value.values():
            _refuse_floats(item)
    elif isinstance(value, list | tuple):
        for item in value:
            _refuse_floats(item)


def link_text(prev_hash: str, entry_text: str) -> str:
    """The hash of an entry whose canonical JSON is ``entry_text``, after ``prev_hash`` (the
    table log's :func:`~croupier.table.log.link`)."""
    return hashlib.sha256(prev_hash.encode() + entry_text.encode()).hexdigest()


def stored_time(text: str) -> str:
    """:func:`format_time` of an ISO 8601 date or date and time (UTC when it gives no offset);
    ValueError when it is none, or out of range once in UTC.

    >>> stored_time("2026-11-25")
    '2026-11-25T00:00:00.000000Z'
    >>> stored_time("2026-11-25T12:00:00+08:00")
    '2026-11-25T04:00:00.000000Z'
    """
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return format_time(moment)
    except OverflowError:  # out of range in UTC: 0001-01-01T00:00+14:00
        raise ValueError(f"{text!r} is out of range in UTC") from None


def format_time(moment: datetime) -> str:
    """UTC text with microseconds, the one format stored: sorts as text.

    >>> format_time(datetime(2024, 5, 1, 12, 0, tzinfo=UTC))
    '2024-05-01T12:00:00.000000Z'
    """
    if moment.tzinfo is None:
        raise ValueError(f"a time in the record must be aware (UTC), got {moment!r}")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def format_ms(ms: int) -> str:
    """:func:`format_time` of a table clock reading (milliseconds since the Unix epoch).

    >>> format_ms(1714564800123)
    '2024-05-01T12:00:00.123000Z'
    """
    return format_time(datetime.fromtimestamp(ms / 1000, tz=UTC))


def parse_time(text: str) -> datetime:
    """The aware datetime of a stored time (:func:`format_time`)."""
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)


def to_ms(moment: datetime) -> int:
    """Milliseconds since the Unix epoch of an aware datetime."""
    return int(moment.timestamp() * 1000)


def house_entry(
    type_: str,
    payload: Mapping[str, Any],
    *,
    at: datetime,
    actor: str | None,
    command_id: str | None = None,
) -> dict[str, Any]:
    """An entry of the house stream (its ``seq`` is given by the store)."""
    return {
        "at": to_ms(at),
        "actor": actor or "system",
        "command_id": command_id,
        "event": {**payload, "type": type_},
    }


def notify_payload(origin: str, seq: int, stream: str) -> str:
    """The NOTIFY payload of an append: ``origin:seq:stream``.

    >>> parse_notify(notify_payload("p1", 7, "table:t1"))
    ('p1', 7, 'table:t1')
    """
    return f"{origin}:{seq}:{stream}"


def parse_notify(payload: str) -> tuple[str, int, str] | None:
    """The (origin, seq, stream) of a NOTIFY payload, or None if it is not one."""
    origin, _, rest = payload.partition(":")
    seq, _, stream = rest.partition(":")
    if not seq.isdigit() or not stream:
        return None
    return origin, int(seq), stream
