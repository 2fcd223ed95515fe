"""Frozen values made by the thousand (issue 22): a faster ``__init__``, a shared value's text.

* :func:`fast_init`: a frozen dataclass's generated ``__init__`` sets each field with
  ``object.__setattr__`` (its own ``__setattr__`` refuses); this gives a class one that sets
  each field through its slot's descriptor instead, about twice as fast, with the same
  parameters and the same values.
* :func:`share_text`: the canonical text of an event a game makes once and commits many times
  (the same frozen value), kept for the streamed digest of :class:`croupier.protocol.Game`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from croupier.protocol import Event

__all__ = ["SHARED_EVENTS", "SHARED_TEXTS", "fast_init", "share_text"]


def fast_init(*classes: type[Any]) -> None:
    """Give each frozen, slotted dataclass of ``classes`` a faster ``__init__``: the same
    parameters (every field, in order, none with a default), each field set through its slot's
    own descriptor instead of ``object.__setattr__`` (about twice as fast for the events a
    simulation makes by the thousand). The class, its fields, equality, hashing, immutability
    (assigning a field still raises) and encoding are unchanged. A class that is not a frozen
    slotted dataclass of plain positional fields with the ``__init__`` dataclasses made for it
    (a default, a keyword-only field, ``InitVar``, ``init=False``, a ``__post_init__``, an
    ``__init__`` written by hand) keeps its own ``__init__``."""
    for cls in classes:
        params = getattr(cls, "__dataclass_params__", None)
        fields = dataclasses.fields(cls) if params is not None else ()
        if (
            params is None
            or not params.frozen
            or not params.init
            or "__slots__" not in cls.__dict__
            or getattr(cls.__init__, "__code__", None) is None
            or cls.__init__.__code__.co_filename != "<string>"  # written by hand
            or hasattr(cls, "__post_init__")
            or len(fields) != len(cls.__dataclass_fields__)  # an InitVar or a ClassVar field
            or any(
                not f.init
                or f.kw_only
                or f.default is not dataclasses.MISSING
                or f.default_factory is not dataclasses.MISSING
                for f in fields
            )
        ):
            continue
        names = [f.name for f in fields]
        namespace: dict[str, Any] = {f"_set_{n}": getattr(cls, n).__set__ for n in names}
        namespace["__name__"] = cls.__module__  # the function's module, as dataclasses gives
        body = "".join(f"    _set_{n}(self, {n})\n" for n in names) or "    pass\n"
        source = f"def __init__(self, {', '.join(names)}):\n{body}"
        exec(source, namespace)  # built from field names only
        init = namespace["__init__"]
        init.__qualname__ = f"{cls.__qualname__}.__init__"
        init.__doc__ = cls.__init__.__doc__
        init.__annotations__ = dict(cls.__init__.__annotations__)
        cls.__init__ = init


#: the canonical ASCII text of events a game makes once and commits many times (the same frozen
#: value, e.g. a decision without a time), by the event's identity: the text alone, so the
#: streamed digest's lookup is ``SHARED_TEXTS.get(id(e))`` (None: not shared), its hot path
SHARED_TEXTS: dict[int, str] = {}
#: the events of :data:`SHARED_TEXTS`, by the same ids: kept alive (an id is not another
#: object's while its event lives), so an id found there is the event's own, no identity check
#: needed. Filled before the text and cleared after it: a text found always has its event kept
SHARED_EVENTS: dict[int, Any] = {}
_SHARED_LIMIT: Final = 100_000
#: the protocol's encoders made, by class, and its maker of a class's ASCII encoder, as one pair
#: (set once, whole: a thread never sees one without the other)
_ENCODING: list[
    tuple[dict[type, Callable[[Any], str]], Callable[[type[Any]], Callable[[Any], str]]]
] = []


def share_text(event: Event) -> None:
    """Keep ``event``'s canonical ASCII text (:func:`~croupier.protocol.canonical_json`), for
    an event a game makes once and commits many times: the streamed digest writes it from here
    (looked up by the event's identity before its class's encoder), not encoding it again (the
    same text: the class's encoder wrote it)."""
    if not _ENCODING:  # the protocol's, imported once (it imports this module)
        from croupier.protocol import _ASCII, _ascii_encoder

        _ENCODING.append((_ASCII, _ascii_encoder))
    if len(SHARED_TEXTS) >= _SHARED_LIMIT:
        SHARED_TEXTS.clear()
        SHARED_EVENTS.clear()
    # canonical_json(event): its class's ASCII encoder, looked up by the class alone
    kind = type(event)
    made, make = _ENCODING[0]
    encoder = made.get(kind) or make(kind)
    text = encoder(event)
    SHARED_EVENTS[id(event)] = event
    SHARED_TEXTS[id(event)] = text
