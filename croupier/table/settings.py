"""Table options set by key: ``--option KEY=VALUE`` on the command line, a table's settings on
the server. Pure: no I/O.

An options class is a frozen dataclass with a default for every field (``<Game>Options``).
:func:`settings_of` lists its keys, each a :class:`Setting` with its type, default and doc;
a nested options dataclass gives dotted keys (``scoring.min_faan``). :func:`apply_settings`
makes a new options object from a base one and some key/value pairs, strictly:

* an unknown key is refused with the list of keys;
* a value is read by the field's type and nothing else: an integer is ASCII digits (``20``,
  ``-5``, ``10_000``; not ``20.0``, ``true`` or ``２０``), a boolean ``true`` or ``false``, an
  enumeration one of its values, a fraction ``1/20``, ``0.05`` or ``5%``, a tuple its items
  separated by commas (``1,2,3``), an optional field also ``none``, text as given; a field
  holding a mapping or a whole nested object takes JSON (``{"tie": {"minimum": 100}}``);
* a wrong value is refused with the form allowed; the options class's own checks then run and
  their refusal names the keys set.

Values may be given as text (the command line) or as JSON values (the server): ``6`` or ``"6"``
for an integer, ``true`` or ``"true"`` for a boolean.

>>> from dataclasses import dataclass
>>> from enum import Enum
>>> class Speed(Enum):
...     SLOW = "slow"
...     FAST = "fast"
>>> @dataclass(frozen=True)
... class Demo:
...     '''A demo table.
...
...     * ``decks``: how many decks are shuffled together.
...     '''
...     decks: int = 1
...     speed: Speed = Speed.SLOW
...     cap: int | None = None
>>> [s.key for s in settings_of(Demo)]
['decks', 'speed', 'cap']
>>> settings_of(Demo)[0].doc
'how many decks are shuffled together.'
>>> apply_settings(Demo(), {"decks": "6", "speed": "fast", "cap": "none"})
Demo(decks=6, speed=<Speed.FAST: 'fast'>, cap=None)
>>> apply_settings(Demo(), {"deck": "6"})
Traceback (most recent call last):
...
croupier.table.settings.OptionError: unknown option 'deck'; the options are: decks, speed, cap
>>> apply_settings(Demo(), {"speed": "quick"})
Traceback (most recent call last):
...
croupier.table.settings.OptionError: option speed='quick': expected one of slow, fast
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
import types
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, TypeVar

from croupier.errors import CroupierError, RecordError

__all__ = [
    "OptionError",
    "Setting",
    "apply_settings",
    "options_from_pairs",
    "parse_assignment",
    "settings_of",
]

T = TypeVar("T")

_INT = re.compile(r"[+-]?[0-9]+(?:_[0-9]+)*\Z")
_DECIMAL = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?\Z")
_RATIO = re.compile(r"[+-]?[0-9]+/[0-9]+\Z")
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*\Z")
#: the longest value text read
MAX_VALUE = 2000


class OptionError(RecordError):
    """A table option that is unknown or has a value its field cannot take; ``field`` is the
    key."""


# -- reading one value by its type -------------------------------------------------------


class _Reader:
    """Reads a value of one type, from text (the command line) or from JSON (the server)."""

    form = "a value"

    def text(self, raw: str) -> Any:
        return self.json(raw)

    def json(self, value: Any) -> Any:
        raise ValueError(self.form)

    def read(self, value: Any) -> Any:
        return self.text(value) if isinstance(value, str) else self.json(value)

    def show(self, value: Any) -> Any:
        """``value`` as JSON (what ``--option`` would take back)."""
        return value


class _Bool(_Reader):
    form = "true or false"

    def text(self, raw: str) -> Any:
        low = raw.strip().lower()
        if low not in ("true", "false"):
            raise ValueError(self.form)
        return low == "true"

    def json(self, value: Any) -> Any:
        if not isinstance(value, bool):
            raise ValueError(self.form)
        return value


class _Int(_Reader):
    form = "a whole number (ASCII digits, e.g. 20)"

    def text(self, raw: str) -> Any:
        if not _INT.match(raw.strip()):
            raise ValueError(self.form)
        return int(raw.strip())

    def json(self, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(self.form)
        return value


class _Text(_Reader):
    form = "text"

    def text(self, raw: str) -> Any:
        return raw

    def json(self, value: Any) -> Any:
        if not isinstance(value, str):
            raise ValueError(self.form)
        return value


class _Fraction(_Reader):
    form = "a fraction: 1/20, 0.05 or 5%"

    def text(self, raw: str) -> Any:
        text = raw.strip()
        percent = text.endswith("%")
        body = text[:-1].strip() if percent else text
        if not (_RATIO.match(body) or _DECIMAL.match(body)):
            raise ValueError(self.form)
        try:
            value = Fraction(body)
        except ZeroDivisionError:
            raise ValueError(self.form) from None
        return value / 100 if percent else value

    def json(self, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(self.form)
        return Fraction(value)

    def show(self, value: Any) -> Any:
        return str(value)


@dataclass
class _Enum(_Reader):
    """An enumeration by value; one whose values are not text (an ``IntEnum``) by its members'
    names in lower case (``east``), its values also accepted."""

    enum: type[Enum]

    @property
    def by_name(self) -> bool:
        return not all(isinstance(m.value, str) for m in self.enum)

    def names(self) -> list[str]:
        return [self.show(m) for m in self.enum]

    @property
    def form(self) -> str:  # type: ignore[override]
        return "one of " + ", ".join(self.names())

    def json(self, value: Any) -> Any:
        for member in self.enum:
            if type(member.value) is type(value) and member.value == value:
                return member
        if isinstance(value, str):
            return self.text(value)
        raise ValueError(self.form)

    def text(self, raw: str) -> Any:
        for member in self.enum:
            if str(member.value) == raw.strip():
                return member
            if self.by_name and member.name.lower() == raw.strip().lower():
                return member
        raise ValueError(self.form)

    def show(self, value: Any) -> Any:
        return value.name.lower() if self.by_name else value.value


@dataclass
class _Optional(_Reader):
    inner: _Reader

    @property
    def form(self) -> str:  # type: ignore[override]
        return f"{self.inner.form}, or none"

    def text(self, raw: str) -> Any:
        if raw.strip().lower() == "none":
            return None
        try:
            return self.inner.text(raw)
        except ValueError:
            raise ValueError(self.form) from None

    def json(self, value: Any) -> Any:
        try:
            return None if value is None else self.inner.json(value)
        except ValueError:
            raise ValueError(self.form) from None

    def show(self, value: Any) -> Any:
        return None if value is None else self.inner.show(value)


@dataclass
class _Literal(_Reader):
    values: tuple[Any, ...]

    @property
    def form(self) -> str:  # type: ignore[override]
        return " or ".join(json.dumps(v) if not isinstance(v, str) else v for v in self.values)

    def text(self, raw: str) -> Any:
        for value in self.values:
            if isinstance(value, str) and value == raw.strip():
                return value
        raise ValueError(self.form)

    def json(self, value: Any) -> Any:
        for allowed in self.values:
            if type(allowed) is type(value) and allowed == value:
                return allowed
        raise ValueError(self.form)


@dataclass
class _Union(_Reader):
    """The first of ``choices`` that reads the value."""

    choices: tuple[_Reader, ...]

    @property
    def form(self) -> str:  # type: ignore[override]
        return ", or ".join(c.form for c in self.choices)

    def text(self, raw: str) -> Any:
        return self._first(lambda c: c.text(raw))

    def json(self, value: Any) -> Any:
        return self._first(lambda c: c.json(value))

    def _first(self, read: Any) -> Any:
        for choice in self.choices:
            try:
                return read(choice)
            except ValueError:
                continue
        raise ValueError(self.form)

    def show(self, value: Any) -> Any:
        for choice in self.choices:
            try:
                choice.json(choice.show(value))
            except (ValueError, AttributeError, TypeError):
                continue
            return choice.show(value)
        return value


@dataclass
class _Tuple(_Reader):
    items: tuple[_Reader, ...]
    #: True: ``tuple[X, ...]`` (any length, ``items`` holds X once)
    variadic: bool

    @property
    def form(self) -> str:  # type: ignore[override]
        what = self.items[0].form if self.items else "nothing"
        if self.variadic:
            return f"items separated by commas, each {what}"
        return f"{len(self.items)} items separated by commas"

    def text(self, raw: str) -> Any:
        if raw.strip().startswith("["):
            return self.json(_load_json(raw, self.form))
        parts = [p for p in raw.split(",")] if raw.strip() else []
        return self._each(parts, lambda reader, part: reader.text(part))

    def json(self, value: Any) -> Any:
        if not isinstance(value, list):
            raise ValueError(self.form)
        return self._each(value, lambda reader, part: reader.read(part))

    def _each(self, parts: list[Any], read: Any) -> tuple[Any, ...]:
        if not self.variadic and len(parts) != len(self.items):
            raise ValueError(self.form)
        readers = self.items * len(parts) if self.variadic else self.items
        try:
            return tuple(read(r, p) for r, p in zip(readers, parts, strict=True))
        except ValueError:
            raise ValueError(self.form) from None

    def show(self, value: Any) -> Any:
        if self.variadic:
            return [self.items[0].show(v) for v in value]
        return [r.show(v) for r, v in zip(self.items, value, strict=True)]


@dataclass
class _Mapping(_Reader):
    value: _Reader
    form = 'a JSON object, e.g. {"key": ...}'

    def text(self, raw: str) -> Any:
        return self.json(_load_json(raw, self.form))

    def json(self, value: Any) -> Any:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise ValueError(self.form)
        return {k: self.value.read(v) for k, v in value.items()}

    def show(self, value: Any) -> Any:
        return {k: self.value.show(v) for k, v in value.items()}


@dataclass
class _Object(_Reader):
    """A whole nested dataclass, from a JSON object of its fields (missing fields: defaults)."""

    cls: type[Any]

    @property
    def form(self) -> str:  # type: ignore[override]
        names = ", ".join(f.name for f in dataclasses.fields(self.cls))
        return f"a JSON object with some of: {names}"

    def text(self, raw: str) -> Any:
        return self.json(_load_json(raw, self.form))

    def json(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise ValueError(self.form)
        hints = _hints(self.cls)
        names = {f.name for f in dataclasses.fields(self.cls) if f.init}
        unknown = [k for k in value if k not in names]
        if unknown:
            raise ValueError(f"{self.form} (unknown: {', '.join(map(str, unknown))})")
        kwargs = {k: _reader(hints[k]).read(v) for k, v in value.items()}
        try:
            return self.cls(**kwargs)
        except (CroupierError, ValueError, TypeError) as exc:
            raise ValueError(str(exc)) from None

    def show(self, value: Any) -> Any:
        hints = _hints(self.cls)
        return {
            f.name: _reader(hints[f.name]).show(getattr(value, f.name))
            for f in dataclasses.fields(self.cls)
        }


def _load_json(raw: str, form: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        raise ValueError(f"{form} (not valid JSON)") from None


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The field types of ``cls``; for a class defined inside a function (a test, a doctest)
    the types of the defaults stand for names its module does not hold."""
    module = sys.modules.get(cls.__module__)
    local: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        if field.default is not dataclasses.MISSING and field.default is not None:
            local[type(field.default).__name__] = type(field.default)
    return typing.get_type_hints(cls, vars(module) if module else None, local)


def _reader(tp: Any) -> _Reader:
    """The reader of values of type ``tp``; TypeError for a type no option can take."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is bool:
        return _Bool()
    if tp is int:
        return _Int()
    if tp is str:
        return _Text()
    if tp is Fraction:
        return _Fraction()
    if isinstance(tp, type) and issubclass(tp, Enum):
        return _Enum(tp)
    if origin is typing.Literal:
        return _Literal(args)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        inner = _reader(rest[0]) if len(rest) == 1 else _Union(tuple(_reader(a) for a in rest))
        return _Optional(inner) if len(rest) < len(args) else inner
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _Tuple((_reader(args[0]),), True)
        return _Tuple(tuple(_reader(a) for a in args), False)
    mapping = isinstance(origin, type) and issubclass(origin, Mapping)
    if (origin is dict or mapping) and args and args[0] is str:
        return _Mapping(_reader(args[1]))
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _Object(tp)
    raise TypeError(f"no option reads values of type {tp!r}")


# -- the keys of an options class -----------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    """One key of an options class: ``key`` (dotted for a nested option), its type in words
    (``kind``), the allowed ``form`` of a value, the ``default`` (as JSON), the ``choices`` of
    an enumeration and the ``doc`` from the class's docstring (or the field's ``doc``
    metadata)."""

    key: str
    kind: str
    form: str
    default: Any
    doc: str
    choices: tuple[str, ...] = ()

    @property
    def text_default(self) -> str:
        """The default as it is typed after ``KEY=``."""
        return _as_text(self.default)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "type": self.kind,
            "form": self.form,
            "default": self.default,
            "doc": self.doc,
        }
        if self.choices:
            out["choices"] = list(self.choices)
        return out


def _as_text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list) and all(not isinstance(v, dict | list) for v in value):
        return ",".join(_as_text(v) for v in value)
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _kind(tp: Any) -> str:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp in (bool, int, str):
        return {bool: "bool", int: "int", str: "text"}[tp]
    if tp is Fraction:
        return "fraction"
    if (isinstance(tp, type) and issubclass(tp, Enum)) or origin is typing.Literal:
        return "choice"
    if origin in (typing.Union, types.UnionType):
        return " or ".join("none" if a is type(None) else _kind(a) for a in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"list of {_kind(args[0])}"
        return "tuple of " + ", ".join(_kind(a) for a in args)
    return "json"


def _doc_of(cls: type[Any], name: str) -> str:
    """The bullet of ``name`` in the class docstring (``* ``name``...: text``), one line."""
    field = next((f for f in dataclasses.fields(cls) if f.name == name), None)
    if field is not None and "doc" in field.metadata:
        return str(field.metadata["doc"])
    lines = (cls.__doc__ or "").splitlines()
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith(f"* ``{name}``"):
            text = [stripped[len(f"* ``{name}``") :]]
            for more in lines[i + 1 :]:
                if not more.strip() or more.strip().startswith("* "):
                    break
                text.append(more.strip())
            doc = re.sub(r"^[:,]\s*", "", " ".join(text).strip())
            return _plain(doc)
    return ""


def _plain(doc: str) -> str:
    """Docstring markup as plain text: ````x```` and ``:role:`~a.b.c``` as ``x`` and ``c``.

    >>> _plain("``None``: see :func:`~croupier.deal.new_shoe_for` and :class:`Rounding`")
    'None: see new_shoe_for and Rounding'
    """
    doc = re.sub(r":[a-z]+:`~?(?:[\w.]*\.)?([\w]+)`", r"\1", doc)
    return doc.replace("``", "")


def _nested(tp: Any) -> bool:
    """True when a field of type ``tp`` is expanded into dotted keys (a nested dataclass)."""
    return dataclasses.is_dataclass(tp) and isinstance(tp, type)


def settings_of(cls: type[Any], *, prefix: str = "", base: Any = None) -> tuple[Setting, ...]:
    """Every key of the options class ``cls`` (a dataclass whose fields all have defaults), in
    field order; a nested dataclass field gives its own keys under ``name.``, with the defaults
    of the outer class's default (``base``: the default object, ``cls()`` when not given)."""
    if not (dataclasses.is_dataclass(cls) and isinstance(cls, type)):
        raise TypeError(f"{cls!r} is not an options dataclass")
    if base is None:
        base = cls()
    hints = _hints(cls)
    out: list[Setting] = []
    for field in dataclasses.fields(cls):
        if not field.init or field.name.startswith("_"):
            continue
        tp = hints[field.name]
        key = prefix + field.name
        if _nested(tp):
            out.extend(settings_of(tp, prefix=key + ".", base=getattr(base, field.name)))
            continue
        try:
            reader = _reader(tp)
        except TypeError:
            out.append(Setting(key, "fixed", "not settable by key", None, _doc_of(cls, field.name)))
            continue
        choices: tuple[str, ...] = ()
        if isinstance(reader, _Enum) or (
            isinstance(reader, _Optional) and isinstance(reader.inner, _Enum)
        ):
            enum = reader if isinstance(reader, _Enum) else reader.inner
            assert isinstance(enum, _Enum)
            choices = tuple(enum.names())
        out.append(
            Setting(
                key,
                _kind(tp),
                reader.form,
                reader.show(getattr(base, field.name)),
                _doc_of(cls, field.name),
                choices,
            )
        )
    return tuple(out)


# -- setting values ------------------------------------------------------------------------


def parse_assignment(text: str) -> tuple[str, str]:
    """``KEY=VALUE`` as ``(key, value)``; dashes in the key read as underscores
    (``count-banker-as-one`` is ``count_banker_as_one``).

    >>> parse_assignment("scoring.min-faan=5")
    ('scoring.min_faan', '5')
    """
    key, sep, value = text.partition("=")
    key = key.strip().replace("-", "_")
    if not sep or not _KEY.match(key):
        raise OptionError("option", f"an option is KEY=VALUE (e.g. decks=6), got {text!r}")
    return key, value


def _locate(cls: type[Any], key: str, keys: Iterable[str]) -> tuple[list[str], Any]:
    """The field path of ``key`` and its type; OptionError listing the keys when unknown."""
    path = key.split(".")
    tp: Any = cls
    for i, name in enumerate(path):
        if not (dataclasses.is_dataclass(tp) and isinstance(tp, type)):
            tp = None
            break
        names = {f.name for f in dataclasses.fields(tp) if f.init and not f.name.startswith("_")}
        if name not in names:
            tp = None
            break
        tp = _hints(tp)[name]
        if i < len(path) - 1 and not _nested(tp):
            tp = None
            break
    if tp is None:
        raise OptionError(key, f"unknown option {key!r}; the options are: {', '.join(keys)}")
    return path, tp


def apply_settings(base: T, values: Mapping[str, Any]) -> T:
    """A copy of the options ``base`` with each key of ``values`` set (text or JSON values).

    A nested options object is set whole with JSON (``scoring={"min_faan": 5}``) or key by key
    (``scoring.min_faan=5``). Raises :class:`OptionError` naming the key: unknown (with the
    list of keys), a value of the wrong form (with the form allowed), or a combination the
    options class refuses (with its reason)."""
    cls = type(base)
    keys = [s.key for s in settings_of(cls)]
    changes: dict[tuple[str, ...], Any] = {}
    for key, value in values.items():
        if not isinstance(key, str):
            raise OptionError("option", f"an option key is text, got {key!r}")
        key = key.strip().replace("-", "_")
        path, tp = _locate(cls, key, keys)
        if isinstance(value, str) and len(value) > MAX_VALUE:
            raise OptionError(key, f"option {key}: a value is at most {MAX_VALUE} characters")
        try:
            changes[tuple(path)] = _reader(tp).read(value)
        except ValueError as exc:
            raise OptionError(key, f"option {key}={value!r}: expected {exc}") from None
        except TypeError:
            raise OptionError(key, f"option {key} cannot be set from outside") from None
    try:
        return _replace(base, changes)
    except (CroupierError, ValueError, TypeError) as exc:
        given = ", ".join(".".join(p) for p in changes)
        raise OptionError(
            next(iter(changes), ("option",))[0], f"options {given} refused: {exc}"
        ) from None


def _replace(obj: T, changes: Mapping[tuple[str, ...], Any]) -> T:
    """``obj`` with the value at each path replaced (deeper paths inside their parent)."""
    if not changes:
        return obj
    direct: dict[str, Any] = {}
    deeper: dict[str, dict[tuple[str, ...], Any]] = {}
    for path, value in changes.items():
        if len(path) == 1:
            direct[path[0]] = value
        else:
            deeper.setdefault(path[0], {})[path[1:]] = value
    for name, inner in deeper.items():
        start = direct.get(name, getattr(obj, name))
        direct[name] = _replace(start, inner)
    return dataclasses.replace(obj, **direct)  # type: ignore[type-var]


def options_from_pairs(cls: type[T], pairs: Iterable[str], base: T | None = None) -> T:
    """The options of ``cls`` (from ``base``, else the defaults) with each ``KEY=VALUE`` of
    ``pairs`` set; a key given twice is refused."""
    values: dict[str, str] = {}
    for pair in pairs:
        key, value = parse_assignment(pair)
        if key in values:
            raise OptionError(key, f"option {key} is given twice")
        values[key] = value
    return apply_settings(cls() if base is None else base, values)
