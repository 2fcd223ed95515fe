"""Issue 22: :func:`croupier.frozen.frozen_record` makes ``dataclass(frozen=True, slots=True)``'s
class without compiling its methods: every record of the library is compared here with the class
dataclasses makes of the same body (its ``__init__``, equality, hash, text, immutability,
pickling, matching)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import Any

import pytest

import croupier.card_events as card_events
import croupier.games.five_card_stud.events as events
import croupier.games.five_card_stud.pots as pots
import croupier.games.void as void
import croupier.settlement as settlement
from croupier.frozen import _RECORDS, frozen_record
from croupier.protocol import Event


class _Back:
    """A value whose text is the record it is in."""

    record: Any = None

    def __repr__(self) -> str:
        return repr(self.record)

    def __hash__(self) -> int:
        return 0


def _reference(cls: type[Any]) -> type[Any]:
    """The class ``dataclass(frozen=True, slots=True)`` makes of ``cls``'s body (its name,
    module, bases, docstring, annotations and class attributes)."""
    body = {
        k: v
        for k, v in vars(cls).items()
        if k not in ("__dict__", "__weakref__", "__slots__", "__match_args__")
        and not k.startswith("__dataclass")
        and k not in {f.name for f in dataclasses.fields(cls)}
        and k not in ("__init__", "__repr__", "__eq__", "__hash__")
        and k not in ("__getstate__", "__setstate__", "__setattr__", "__delattr__")
    }
    twin = type(cls.__name__, cls.__bases__, body)
    twin.__qualname__ = cls.__qualname__
    return dataclasses.dataclass(frozen=True, slots=True)(twin)


def _records() -> list[type[Any]]:
    found = [
        v
        for module in (events, pots, card_events, void, settlement)
        for v in vars(module).values()
        if isinstance(v, type) and v in _RECORDS
    ]
    # the stud events (14) and a seat's record, a pot and its result, the card events (2), a
    # void and its event, a bet's decision
    found = sorted(set(found), key=lambda c: (c.__module__, c.__qualname__))
    assert len(found) == 22
    return found


@pytest.mark.parametrize("cls", _records(), ids=lambda c: c.__name__)
def test_a_record_is_the_class_dataclasses_makes(cls: type[Any]) -> None:
    ref = _reference(cls)
    assert "__dataclass_fields__" in vars(cls)  # (is_dataclass, without narrowing cls)
    assert [(f.name, f.type) for f in dataclasses.fields(cls)] == [
        (f.name, f.type) for f in dataclasses.fields(ref)
    ]
    assert repr(cls.__dataclass_params__) == repr(ref.__dataclass_params__)  # init, repr, eq...
    assert cls.__dataclass_params__.frozen
    assert cls.__slots__ == ref.__slots__ and cls.__match_args__ == ref.__match_args__
    assert cls.__doc__ == ref.__doc__
    assert inspect.signature(cls) == inspect.signature(ref)
    assert cls.__init__.__annotations__ == ref.__init__.__annotations__
    assert cls.__init__.__doc__ == ref.__init__.__doc__
    for name in ("__init__", "__repr__", "__eq__", "__hash__"):
        method, own = getattr(cls, name), getattr(ref, name)
        assert (method.__name__, method.__qualname__) == (own.__name__, own.__qualname__)
        assert method.__module__ == own.__module__ == cls.__module__
    names = [f.name for f in dataclasses.fields(cls)]
    values = [(n, i) for i, n in enumerate(names)]  # hashable, told apart, a text each
    made, twin = cls(*values), ref(*values)
    assert [getattr(made, n) for n in names] == values
    assert cls(**dict(zip(names, values, strict=True))) == made
    assert made == cls(*values)
    assert (made != cls(*values)) is False
    assert made != twin and made.__eq__(twin) is NotImplemented  # another class: never equal
    assert hash(made) == hash(twin) == hash(cls(*[tuple(v) for v in values]))
    assert repr(made) == repr(twin)
    for i in range(len(names)):  # each field counts in the equality (and in the hash)
        other = [*values[:i], "x", *values[i + 1 :]]
        assert made != cls(*other) and (made == cls(*other)) == (twin == ref(*other))
        assert hash(cls(*other)) == hash(ref(*other))
    if names:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, names[0], 1)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(made, names[0])
        with pytest.raises(TypeError):
            cls(*values[:-1])
        # a value shown inside itself (through a value whose text is the record's): "...",
        # as dataclasses writes it
        looped, twin_looped = cls(_Back(), *values[1:]), ref(_Back(), *values[1:])
        getattr(looped, names[0]).record = looped
        getattr(twin_looped, names[0]).record = twin_looped
        assert (
            repr(looped)
            == repr(twin_looped)
            == f"{cls.__qualname__}("
            + ", ".join(
                [
                    f"{names[0]}=...",
                    *[f"{n}={v!r}" for n, v in zip(names[1:], values[1:], strict=True)],
                ]
            )
            + ")"
        )
    assert pickle.loads(pickle.dumps(made)) == made and copy.deepcopy(made) == made
    assert dataclasses.replace(made) == made
    match made:
        case cls():
            pass


def test_a_record_s_fields_are_plain_positional_ones() -> None:
    """What dataclasses' own methods would do differently is refused (a TypeError as the
    class is made): a default, a keyword-only field, a __post_init__, a method of its own."""

    class WithDefault(Event):
        seat: int
        note: str | None = None

    class KeywordOnly(Event):
        seat: int
        _: dataclasses.KW_ONLY
        note: str

    class Checked(Event):
        seat: int

        def __post_init__(self) -> None:  # pragma: no cover
            pass

    class OwnText(Event):
        seat: int

        def __repr__(self) -> str:  # pragma: no cover
            return "seat"

    for cls in (WithDefault, KeywordOnly, Checked, OwnText):
        with pytest.raises(TypeError, match="not a record of plain positional fields"):
            frozen_record(cls)
