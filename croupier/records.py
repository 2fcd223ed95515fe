"""Strict reading of serialised records (deals now, round events later).

A record read back must be exactly what was written: no ``bool("false")`` becoming True, no
``int(24.7)`` becoming 24. Each reader raises a :class:`~croupier.errors.CroupierError` naming
the field and the value.

>>> as_int(7, "cut"), as_bool(False, "last_round")
(7, False)
>>> as_bool("false", "last_round")
Traceback (most recent call last):
...
croupier.errors.RecordError: field 'last_round' must be true or false, got 'false'
"""

from __future__ import annotations

from typing import TypeGuard

from croupier.errors import RecordError


def is_int(value: object) -> TypeGuard[int]:
    """An ``int`` proper: not a bool (``True`` is an ``int`` to Python, never to a record)."""
    return isinstance(value, int) and not isinstance(value, bool)


def as_int(value: object, field: str) -> int:
    """An integer, not a bool, a float or a string."""
    if not is_int(value):
        raise RecordError(field, f"field {field!r} must be an integer, got {value!r}")
    return value


def as_bool(value: object, field: str) -> bool:
    """A JSON boolean, nothing that merely converts to one."""
    if not isinstance(value, bool):
        raise RecordError(field, f"field {field!r} must be true or false, got {value!r}")
    return value
