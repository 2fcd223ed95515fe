"""Frozen values made by the thousand (issue 22): a faster ``__init__``, a shared value's text.

* :func:`frozen_record`: ``dataclass(frozen=True, slots=True)`` for a class of plain positional
  fields, its methods made without compiling a source for each (a module of events loads in
  half the instructions).
* :func:`fast_init`: a frozen dataclass's generated ``__init__`` sets each field with
  ``object.__setattr__`` (its own ``__setattr__`` refuses); this gives a class one that sets
  each field through its slot's descriptor instead, about twice as fast, with the same
  parameters and the same values.
* :func:`share_text`: the canonical text of an event a game makes once and commits many times
  (the same frozen value), kept for the streamed digest of :class:`croupier.protocol.Game`.
* :func:`keep_text`: the canonical text of an event made once, as its maker wrote it, kept
  there the same way until the digest has read it (the last few only: the oldest dropped).
"""

from __future__ import annotations

import _thread
import copy
import dataclasses
import threading
from collections.abc import Callable
from itertools import repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, TypeVar, dataclass_transform

if TYPE_CHECKING:
    from croupier.protocol import Event

__all__ = [
    "SHARED_EVENTS",
    "SHARED_TEXTS",
    "fast_init",
    "fast_maker",
    "frozen_record",
    "keep_text",
    "share_text",
]

T = TypeVar("T")


#: the classes :func:`frozen_record` made (their ``__init__`` is :func:`fast_init`'s already)
_RECORDS: set[type[Any]] = set()


def _positional(cls: type[Any], fields: tuple[dataclasses.Field[Any], ...]) -> bool:
    """Whether the dataclass ``cls`` (its ``fields``) has plain positional fields only: no
    default, no keyword-only field, no ``InitVar`` nor ``ClassVar``, nor a ``__post_init__``."""
    return (
        not hasattr(cls, "__post_init__")
        and len(fields) == len(cls.__dataclass_fields__)  # else an InitVar or a ClassVar field
        and all(
            f.init
            and not f.kw_only
            and f.default is dataclasses.MISSING
            and f.default_factory is dataclasses.MISSING
            for f in fields
        )
    )


def _plain_fields(cls: type[Any]) -> list[str] | None:
    """The field names of a frozen, slotted dataclass of plain positional fields with the
    ``__init__`` dataclasses made for it (or :func:`fast_init`'s, or :func:`frozen_record`'s);
    None for any other class (a default, a keyword-only field, ``InitVar``, ``init=False``, a
    ``__post_init__``, an ``__init__`` written by hand)."""
    params = getattr(cls, "__dataclass_params__", None)
    fields = dataclasses.fields(cls) if params is not None else ()
    if (
        params is None
        or not params.frozen
        or not params.init
        or "__slots__" not in cls.__dict__
        or getattr(cls.__init__, "__code__", None) is None
        or cls.__init__.__code__.co_filename != "<string>"  # written by hand
        or not _positional(cls, fields)
    ):
        return None
    return [f.name for f in fields]


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
        names = _plain_fields(cls)
        if names is None or cls in _RECORDS:  # (a record's is this one already)
            continue
        _set_init(cls, names, cls.__init__.__doc__, dict(cls.__init__.__annotations__))


def _set_init(cls: type[Any], names: list[str], doc: str | None, hints: dict[str, Any]) -> None:
    """Give ``cls`` the ``__init__`` of :func:`fast_init` (``doc`` and ``hints``: its
    ``__doc__`` and ``__annotations__``)."""
    namespace: dict[str, Any] = {f"_set_{n}": getattr(cls, n).__set__ for n in names}
    namespace["__name__"] = cls.__module__  # the function's module, as dataclasses gives
    body = "".join(f"    _set_{n}(self, {n})\n" for n in names) or "    pass\n"
    source = f"def __init__(self, {', '.join(names)}):\n{body}"
    exec(source, namespace)  # built from field names only
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = doc
    init.__annotations__ = hints
    cls.__init__ = init


@dataclass_transform(frozen_default=True)
def frozen_record(cls: type[T]) -> type[T]:
    """``dataclass(frozen=True, slots=True)(cls)`` for a class of plain positional fields (no
    default, no keyword-only field, no ``InitVar``, no ``__post_init__``, no method of its own
    that dataclasses writes: a TypeError else): the same class, with the same fields, equality,
    hash, text (``repr``), immutability, pickling, matching and encoding, made without
    compiling a source for each of its methods as dataclasses does (~3M instructions a class,
    most of a module of events' loading: issue 22). Its ``__init__`` is :func:`fast_init`'s
    (the one source compiled); its ``__eq__``, ``__hash__`` and ``__repr__`` are closures of
    one function each over the field names, reading the fields as dataclasses' do (their
    tuple, compared, hashed; each field's ``repr``). tests/test_frozen_record.py compares
    every record with ``dataclass(frozen=True, slots=True)``'s class."""
    own = {"__init__", "__repr__", "__eq__", "__hash__", "__post_init__"} & set(vars(cls))
    made: Any = dataclasses.dataclass(
        cls, frozen=True, slots=True, init=False, repr=False, eq=False
    )
    fields = dataclasses.fields(made)
    if own or not _positional(made, fields):
        raise TypeError(f"{cls.__qualname__} is not a record of plain positional fields")
    names = [f.name for f in fields]
    # dataclasses' __init__: no text; its parameters' annotations the fields' types, None back
    _set_init(made, names, None, {**{f.name: f.type for f in fields}, "return": None})
    _RECORDS.add(made)
    # the parameters dataclasses records say what the class is (its own __init__, __repr__ and
    # __eq__: this function's), as dataclass(frozen=True, slots=True)'s do
    params = copy.copy(made.__dataclass_params__)
    params.init = params.repr = params.eq = True
    made.__dataclass_params__ = params
    values: Callable[[Any], tuple[Any, ...]]
    if len(names) == 1:
        one = attrgetter(names[0])

        def one_value(self: Any) -> tuple[Any, ...]:
            return (one(self),)

        values = one_value
    elif names:
        values = attrgetter(*names)  # their tuple
    else:

        def no_value(self: Any) -> tuple[Any, ...]:
            return ()

        values = no_value

    def equal(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    def hashed(self: Any) -> int:
        return hash(values(self))

    labels = [f"{n}=" for n in names]
    running: set[tuple[int, int]] = set()  # (a value shown inside itself: "...", as dataclasses)

    def shown(self: Any) -> str:
        key = id(self), _thread.get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            texts = [label + repr(getattr(self, n)) for label, n in zip(labels, names, strict=True)]
        finally:
            running.discard(key)
        return f"{self.__class__.__qualname__}({', '.join(texts)})"

    for name, method in (("__eq__", equal), ("__hash__", hashed), ("__repr__", shown)):
        method.__name__ = name
        method.__qualname__ = f"{made.__qualname__}.{name}"
        method.__module__ = made.__module__
        setattr(made, name, method)
    record: type[T] = made
    return record


def fast_maker(cls: type[T]) -> Callable[..., T]:
    """A function that makes a value of the frozen, slotted dataclass ``cls`` from its fields
    in order, as ``cls(...)`` does: the same value of the same class, about twice as fast again
    as :func:`fast_init`'s ``__init__`` (a settlement's pots and its event, made every hand).
    The value is made as an instance of a plain class with the same slots on the same base,
    each field set as an attribute (no descriptor's call), then made a ``cls`` (``__class__``
    assignment: the two layouts are the same, Python checks it). For a class it cannot serve so
    (see :func:`fast_init`), ``cls`` itself."""
    names = _plain_fields(cls)
    slots = cls.__dict__.get("__slots__")
    base = cls.__base__
    if (
        names is None
        or base is None
        or not isinstance(slots, tuple)
        or getattr(base, "__setattr__", None) is not object.__setattr__  # (a base's own: no)
    ):
        return cls
    twin = type(f"_{cls.__name__}Fields", (base,), {"__slots__": slots})
    namespace: dict[str, Any] = {"_new": object.__new__, "_twin": twin, "_cls": cls}
    namespace["__name__"] = cls.__module__
    body = "".join(f"    self.{n} = {n}\n" for n in names)
    source = (
        f"def make_{cls.__name__}({', '.join(names)}):\n    self = _new(_twin)\n{body}"
        "    self.__class__ = _cls\n    return self\n"
    )
    exec(source, namespace)  # built from field names only
    make: Callable[..., T] = namespace[f"make_{cls.__name__}"]
    make.__qualname__ = make.__name__
    try:  # the layouts Python accepts as one (else the class's own __init__)
        probe = make(*[None] * len(names))
    except TypeError:
        return cls
    return make if type(probe) is cls else cls


#: the canonical ASCII text of events a game makes once and commits many times (the same frozen
#: value, e.g. a decision without a time), by the event's identity: the text alone, so the
#: streamed digest's lookup is ``SHARED_TEXTS.get(id(e))`` (None: not shared), its hot path
SHARED_TEXTS: dict[int, str] = {}
#: the events of :data:`SHARED_TEXTS`, by the same ids: kept alive (an id is not another
#: object's while its event lives), so an id found there is the event's own, no identity check
#: needed. Filled before the text and cleared after it: a text found always has its event kept
SHARED_EVENTS: dict[int, Any] = {}
_SHARED_LIMIT: Final = 100_000
#: the ids :func:`keep_text` put in :data:`SHARED_TEXTS`, oldest first: the oldest
#: :data:`_KEPT_DROP` dropped at once as another comes past :data:`_KEPT_LIMIT`, so 32 to 48
#: are kept (an event made once is digested within its hand; held longer, its objects would be
#: walked by the garbage collector's older generations, ~3% of a simulation's instructions with
#: a thousand deals kept). Dropped by the batch, not one a keep: ~20 bytecodes less a keep
_KEPT_IDS: list[int] = []
_KEPT_LIMIT: Final = 48
_KEPT_DROP: Final = 16
#: held to take ids out of :data:`_KEPT_IDS` (a drop, a clear): two threads past the limit at
#: once take each its own batch, none lost (its text and event left kept for good)
_DROPPING: Final = threading.Lock()
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
        with _DROPPING:
            SHARED_TEXTS.clear()
            SHARED_EVENTS.clear()
            _KEPT_IDS.clear()  # (their ids gone with them: none left to drop another's)
    # canonical_json(event): its class's ASCII encoder, looked up by the class alone
    kind = type(event)
    made, make = _ENCODING[0]
    encoder = made.get(kind) or make(kind)
    text = encoder(event)
    SHARED_EVENTS[id(event)] = event
    SHARED_TEXTS[id(event)] = text


def keep_text(event: Event, text: str) -> None:
    """Keep ``text`` as ``event``'s canonical ASCII text for the streamed digest (looked up as a
    shared event's is), for an event made once whose maker wrote its text from values it knows
    (a stud deal's cards and seats, a hand's start: ``games/five_card_stud/texts.py``): the
    text must be :func:`~croupier.protocol.canonical_json`'s, to the byte (its maker's test
    holds the two equal). Kept with its event (its id its own) until at least
    :data:`_KEPT_LIMIT` - :data:`_KEPT_DROP` more are kept (then the event not digested yet is
    written by its class's encoder: the same text)."""
    key = id(event)
    SHARED_EVENTS[key] = event
    SHARED_TEXTS[key] = text
    _KEPT_IDS.append(key)
    if len(_KEPT_IDS) > _KEPT_LIMIT:
        _drop_kept()


def _drop_kept() -> None:
    """Drop the oldest :data:`_KEPT_DROP` texts :func:`keep_text` kept, with their events."""
    with _DROPPING:  # the batch taken whole by one thread (the ids kept since: after it)
        if len(_KEPT_IDS) <= _KEPT_LIMIT:  # another thread's drop came first
            return
        old = _KEPT_IDS[:_KEPT_DROP]
        del _KEPT_IDS[:_KEPT_DROP]
    # the texts first, then their events: a text found has its event (an id twice: one pop)
    list(map(SHARED_TEXTS.pop, old, repeat(None)))
    list(map(SHARED_EVENTS.pop, old, repeat(None)))
