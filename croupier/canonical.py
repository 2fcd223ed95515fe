"""Canonical JSON of the records' values, below :mod:`croupier.protocol` (which re-exports
:func:`encode`): :func:`encode`, the plain JSON form of an event's or a command's fields by their
type hints, and the canonical-JSON encoder compiled for each frozen dataclass (one f-string per
class, the same text as ``json.dumps(encode(value), sort_keys=True, separators=(",", ":"))``,
to the byte: the tests compare them on every event of every game)."""

from __future__ import annotations

import dataclasses
import json
import json.encoder as _json_encoder
import re
import types
import typing
from collections.abc import Callable, Sequence
from enum import Enum
from fractions import Fraction
from typing import Any, Final, get_args, get_origin

from croupier.cards import Card, format_cards
from croupier.tiles import Tile

__all__ = ["card_notation", "encode", "keep_card_names", "kept_names", "kept_notation"]


#: the field names of each dataclass :func:`encode` met, in order
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def encode(value: Any) -> Any:
    """A JSON-ready value: cards as text, fractions as ``"p/q"``, enums as their value."""
    kind = type(value)
    if kind is int or kind is str or kind is bool or value is None:  # exact types: no enum
        return value
    names = _FIELD_NAMES.get(kind)
    if names is not None:
        return {n: encode(getattr(value, n)) for n in names}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, Card | Tile):
        return str(value)
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(value))
        return {n: encode(getattr(value, n)) for n in names}
    raise TypeError(f"cannot encode {value!r} in a record")


def _typed_dict(value: Any, kind: str) -> dict[str, Any]:
    """``{"type": kind, **encode(value)}``: a field of an exact plain type taken as it is (as
    :func:`encode` takes it) without a call, the others encoded (a table makes this of every
    command it applies and every event it shows)."""
    names = _FIELD_NAMES.get(type(value))
    if names is None:
        fields = encode(value)
        assert isinstance(fields, dict)
        return {"type": kind, **fields}
    out: dict[str, Any] = {"type": kind}
    for name in names:
        field = getattr(value, name)
        of = type(field)
        out[name] = (
            field if of is int or of is str or of is bool or field is None else encode(field)
        )
    return out


# -- canonical JSON, compiled per class ----------------------------------------------------------


def _generic(ascii_only: bool) -> Callable[[Any], str]:
    """The reference: ``json.dumps(encode(value))`` with sorted keys and no spaces."""

    def dump(value: Any) -> str:
        return json.dumps(
            encode(value), sort_keys=True, separators=(",", ":"), ensure_ascii=ascii_only
        )

    return dump


#: the JSON text of every card and tile, by code
_CARD_JSON: Final = tuple(f'"{Card(code)}"' for code in range(52))
_TILE_JSON: Final = tuple(f'"{Tile(code)}"' for code in range(34))
#: the text of each int below :data:`_SMALL_LIMIT` (seats, counts, small amounts): looked up, not
#: written again each time (``str`` of an int makes a new string)
_SMALL_LIMIT: Final = 1024
_SMALL_INTS: Final = tuple(str(n) for n in range(_SMALL_LIMIT))
#: the text of a ``(seat, card)`` pair for each seat below :data:`_PAIR_SEATS`, by seat and code
_PAIR_SEATS: Final = 16
_SEAT_CARD_JSON: Final = tuple(
    tuple(f"[{seat},{text}]" for text in _CARD_JSON) for seat in range(_PAIR_SEATS)
)
#: each card's notation by code, a dict: a code outside 0..51 is a KeyError, not read from the end
_NOTATION: Final = {code: str(Card(code)) for code in range(52)}
#: the last order :func:`card_notation` wrote whose every item is exactly a :class:`Card` of a
#: code 0..51: ``(cards, notation, items, names)``, the tuple itself (held here, so ``is`` is
#: its identity), its notation (space separated), its items' JSON text (``"As","Kd",...``, what
#: an encoder writes between a listed field's brackets) and each card's notation. One tuple
#: replaced whole: a thread reads one order's or another's, never half of each
_KEPT: Final[list[tuple[tuple[Any, ...], str, str, Sequence[str]]]] = [((), "", "", [])]


def card_notation(cards: tuple[Any, ...]) -> str:
    """``cards`` in notation, space separated: :func:`~croupier.cards.format_cards`'s text.
    When every item is exactly a :class:`Card` of a code 0..51 (a shuffle's order) the text is
    kept with its JSON items (:data:`_KEPT`) for the next reads of this very tuple: its
    encoding (the streamed digest), :func:`kept_notation` and :func:`kept_names` (a shuffle's
    commitment and the check of its cards, by the table and its twin)."""
    try:
        names = [_NOTATION[c.code] for c in cards if type(c) is Card]
    except KeyError:  # a card of a code outside 0..51 (never one of the 52): as format_cards
        names = []
    if not names or len(names) != len(cards):
        return format_cards(cards)
    notation = " ".join(names)
    _KEPT[0] = (cards, notation, '"' + '","'.join(names) + '"', names)
    return notation


def keep_card_names(cards: tuple[Card, ...], names: tuple[str, ...]) -> str:
    """:func:`card_notation` of ``cards`` whose notations are ``names``, item by item, each
    ``names[i]`` the very string :func:`card_notation` keeps for ``cards[i]``, every card
    exactly a :class:`Card` of a code 0..51: the caller's word, as it picked both from one
    pack's cards and their names in the same order (a five-card stud shuffle of positions:
    tests/games/five_card_stud/test_deal_paths.py compares it with :func:`card_notation`),
    so no card is looked at again (~600 bytecodes a shuffle)."""
    notation = " ".join(names)
    _KEPT[0] = (cards, notation, '"' + '","'.join(names) + '"', names)
    return notation


def kept_notation(cards: Any) -> str | None:
    """The notation :func:`card_notation` kept for this very tuple (None: not kept)."""
    kept = _KEPT[0]
    return kept[1] if cards is kept[0] else None


def kept_names(cards: Any) -> Sequence[str] | None:
    """Each card's notation, in order, when :func:`card_notation` kept this very tuple: every
    item exactly a :class:`Card` of a code 0..51, its notation its code's alone (None: not
    kept)."""
    kept = _KEPT[0]
    return kept[3] if cards is kept[0] else None


class _Emitter:
    """Writes the source of one encoder: statements computing a value's canonical JSON text
    into a local variable, every type's fast path inline (no call a field), each guarded by
    the value's exact type; anything else goes to the reference (``_generic``), so the text is
    the reference's for any value, whatever the hint says."""

    def __init__(self, ascii_only: bool) -> None:
        self.ascii_only = ascii_only
        self.quote = (
            _json_encoder.encode_basestring_ascii if ascii_only else _json_encoder.encode_basestring
        )
        self.namespace: dict[str, Any] = {
            "_generic": _generic(ascii_only),
            "_quote": self.quote,
            "_str": str,
            "_join": ",".join,
            "_small": _SMALL_INTS,
        }
        self.lines: list[str] = []
        self._names = 0

    def name(self, prefix: str) -> str:
        self._names += 1
        return f"{prefix}{self._names}"

    def constant(self, value: Any) -> str:
        name = self.name("_k")
        self.namespace[name] = value
        return name

    def line(self, indent: int, text: str) -> None:
        self.lines.append("    " * indent + text)

    def guarded(self, annotation: Any, e: str) -> tuple[str, str] | None:
        """For a leaf type: a guard reading ``e`` once into a new name (true when the value's
        type is exactly the hinted one) and the text of the value under that guard, an
        expression for an f-string's field (an int: the name itself, which the f-string writes
        as ``str`` does); None for the other types."""
        if annotation is int or annotation is str:
            x = self.name("x")
            kind = annotation.__name__
            if annotation is str:
                return f"type({x} := {e}) is str", f"_quote({x})"
            return f"type({x} := {e}) is int", f"_small[{x}] if 0 <= {x} < {_SMALL_LIMIT} else {x}"
        if annotation is Card or annotation is Tile:
            x = self.name("x")
            kind = self.constant(annotation)
            table = self.constant(_CARD_JSON if annotation is Card else _TILE_JSON)
            return f"type({x} := {e}) is {kind}", f"{table}[{x}.code]"
        return None

    def expr(self, annotation: Any, e: str, depth: int = 0) -> str | None:
        """One expression writing ``e`` (a name, or a name indexed: evaluated more than once)
        of type ``annotation``, for the leaf types and fixed tuples of them; None for the
        others (written as statements by :meth:`emit`)."""
        if annotation is int:
            return (
                f"((_small[{e}] if 0 <= {e} < {_SMALL_LIMIT} else _str({e})) "
                f"if type({e}) is int else _generic({e}))"
            )
        if annotation is str:
            return f"(_quote({e}) if type({e}) is str else _generic({e}))"
        if annotation is Card or annotation is Tile:
            kind = self.constant(annotation)
            table = self.constant(_CARD_JSON if annotation is Card else _TILE_JSON)
            return f"({table}[{e}.code] if type({e}) is {kind} else _generic({e}))"
        if isinstance(annotation, type) and issubclass(annotation, Enum):
            kind = self.constant(annotation)
            generic = self.namespace["_generic"]
            members = self.constant(
                {m: self.quote(m.value) if type(m.value) is str else generic(m) for m in annotation}
            )
            return f"({members}[{e}] if type({e}) is {kind} else _generic({e}))"
        args = get_args(annotation)
        if get_origin(annotation) is tuple and args == (int, Card):
            # a (seat, card) pair: its text looked up by seat and code (a small seat), not written
            seat, card = self.name("x"), self.name("x")
            pairs, cards = self.constant(_SEAT_CARD_JSON), self.constant(_CARD_JSON)
            return (
                f"(({pairs}[{seat}][{card}.code] if 0 <= {seat} < {_PAIR_SEATS} "
                f"else f'[{{{seat}}},{{{cards}[{card}.code]}}]') "
                f"if type({e}) is tuple and len({e}) == 2 and type({seat} := {e}[0]) is int "
                f"and type({card} := {e}[1]) is {self.constant(Card)} else _generic({e}))"
            )
        if get_origin(annotation) is tuple and depth < 2 and args and args[-1] is not Ellipsis:
            guarded = [self.guarded(a, f"{e}[{i}]") for i, a in enumerate(args)]
            if all(g is not None for g in guarded):
                # every item of a leaf type: one f-string, each item read once and written
                # when every type is as hinted, else the reference writes the whole tuple
                guards = " and ".join(g[0] for g in guarded if g is not None)
                body = "f'[" + ",".join("{" + g[1] + "}" for g in guarded if g is not None) + "]'"
                return (
                    f"({body} if type({e}) is tuple and len({e}) == {len(args)} and {guards} "
                    f"else _generic({e}))"
                )
            items = [self.expr(a, f"{e}[{i}]", depth + 1) for i, a in enumerate(args)]
            if any(item is None for item in items):
                return None
            texts = [str(item) for item in items]
            if all(_PLAIN.fullmatch(text) for text in texts):
                # one f-string (no quote, backslash or brace in the items: nothing to escape)
                body = "f'[" + ",".join("{" + text + "}" for text in texts) + "]'"
            else:
                body = '"[" + ' + ' + "," + '.join(texts) + ' + "]"'
            return f"({body} if type({e}) is tuple and len({e}) == {len(args)} else _generic({e}))"
        return None

    def listed(self, annotation: Any, var: str) -> str | None:
        """For a field (``var``, at the encoder's top level) of type ``tuple[X, ...]`` whose
        items have one expression (:meth:`expr`, or a nested dataclass's encoder): statements
        setting a new variable to the items' texts joined by commas (the brackets are left to
        the object's literal), after one returning the whole value's reference text
        (``_whole``, :func:`_whole`) when ``var`` is not a tuple (the same text: the reference
        writes each field as it writes it alone); None for the other types."""
        args = get_args(annotation)
        if get_origin(annotation) is not tuple or len(args) != 2 or args[1] is not Ellipsis:
            return None
        item = self.name("i")
        each = self.expr(args[0], item)
        if each is None and isinstance(args[0], type) and dataclasses.is_dataclass(args[0]):
            nested = self.constant(_object_encoder(args[0], None, self.ascii_only))
            each = f"{nested}({item})"  # the nested encoder checks the item's type itself
        if each is None:
            return None
        out, count = self.name("t"), self.name("n")
        self.line(1, f"if type({var}) is not tuple:")
        self.line(2, "return _whole(value)")
        # one item or none (a pot's winner, no bet returned): no comprehension
        self.line(1, f"{count} = len({var})")
        if args[0] is Card:  # the order whose items card_notation kept: their text
            kept = self.name("k")
            self.namespace["_kept"] = _KEPT
            self.line(1, f"if {var} is ({kept} := _kept[0])[0]:")
            self.line(2, f"{out} = {kept}[2]")
            self.line(1, f"elif {count} > 1:")
        else:
            self.line(1, f"if {count} > 1:")
        self.line(2, f"{out} = _join([{each} for {item} in {var}])")
        self.line(1, f"elif {count}:")
        self.line(2, f"{item} = {var}[0]")
        self.line(2, f"{out} = {each}")
        self.line(1, "else:")
        self.line(2, f'{out} = ""')
        return out

    def emit(self, annotation: Any, var: str, indent: int, depth: int = 0) -> str:
        """Statements (at ``indent``) setting a new variable to the JSON text of ``var`` (a
        local name) of type ``annotation``; the variable's name."""
        out = self.name("t")
        origin = get_origin(annotation)
        single = self.expr(annotation, var)
        if single is not None:
            self.line(indent, f"{out} = {single}")
            return out
        if origin is tuple and depth < 4:
            args = get_args(annotation)
            item = self.name("i")
            each = self.expr(args[0], item) if len(args) == 2 and args[1] is Ellipsis else None
            if each is not None:  # a tuple of leaves: one comprehension
                self.line(
                    indent,
                    f'{out} = "[" + ",".join([{each} for {item} in {var}]) + "]" '
                    f"if type({var}) is tuple else _generic({var})",
                )
                return out
        if origin is typing.Union or origin is types.UnionType:
            options = [a for a in get_args(annotation) if a is not type(None)]
            self.line(indent, f"if {var} is None:")
            self.line(indent + 1, f'{out} = "null"')
            self.line(indent, "else:")
            if len(options) == 1:
                inner = self.emit(options[0], var, indent + 1, depth)
                self.line(indent + 1, f"{out} = {inner}")
            else:
                self.line(indent + 1, f"{out} = _generic({var})")
            return out
        if origin is tuple and depth < 4:
            args = get_args(annotation)
            if len(args) == 2 and args[1] is Ellipsis:
                parts, item = self.name("p"), self.name("i")
                self.line(indent, f"if type({var}) is tuple:")
                self.line(indent + 1, f"{parts} = []")
                self.line(indent + 1, f"for {item} in {var}:")
                text = self.emit(args[0], item, indent + 2, depth + 1)
                self.line(indent + 2, f"{parts}.append({text})")
                self.line(indent + 1, f'{out} = "[" + ",".join({parts}) + "]"')
            else:
                self.line(indent, f"if type({var}) is tuple and len({var}) == {len(args)}:")
                texts = []
                for i, arg in enumerate(args):
                    item = self.name("x")
                    self.line(indent + 1, f"{item} = {var}[{i}]")
                    texts.append(self.emit(arg, item, indent + 1, depth + 1))
                body = ' + "," + '.join(texts) if texts else '""'
                self.line(indent + 1, f'{out} = "[" + {body} + "]"')
            self.line(indent, "else:")
            self.line(indent + 1, f"{out} = _generic({var})")
            return out
        if annotation is int:
            self.line(indent, f"{out} = _str({var}) if type({var}) is int else _generic({var})")
        elif annotation is str:
            self.line(indent, f"{out} = _quote({var}) if type({var}) is str else _generic({var})")
        elif annotation is bool:
            self.line(
                indent,
                f'{out} = "true" if {var} is True else "false" if {var} is False '
                f"else _generic({var})",
            )
        elif annotation is Card or annotation is Tile:
            kind = self.constant(annotation)
            table = self.constant(_CARD_JSON if annotation is Card else _TILE_JSON)
            self.line(
                indent,
                f"{out} = {table}[{var}.code] if type({var}) is {kind} else _generic({var})",
            )
        elif annotation is Fraction:
            kind = self.constant(Fraction)
            self.line(
                indent,
                f"{out} = _quote(str({var})) if type({var}) is {kind} else _generic({var})",
            )
        elif isinstance(annotation, type) and issubclass(annotation, Enum):
            kind = self.constant(annotation)
            # every member's text, made once (a member's value never changes)
            generic = self.namespace["_generic"]
            members = self.constant(
                {m: self.quote(m.value) if type(m.value) is str else generic(m) for m in annotation}
            )
            self.line(
                indent,
                f"{out} = {members}[{var}] if type({var}) is {kind} else _generic({var})",
            )
        elif isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
            nested = self.constant(_object_encoder(annotation, None, self.ascii_only))
            self.line(indent, f"{out} = {nested}({var})")
        else:
            self.line(indent, f"{out} = _generic({var})")
        return out


def _whole(type_name: str | None, ascii_only: bool) -> Callable[[Any], str]:
    """The reference text of a whole value of an encoder's class, ``type`` key included when
    ``type_name`` is given (as :func:`canonical_json` writes it: ``value.to_dict()``)."""
    if type_name is None:
        return _generic(ascii_only)

    def dump(value: Any) -> str:
        return json.dumps(
            _typed_dict(value, type_name),
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=ascii_only,
        )

    return dump


def _object_encoder(
    cls: type[Any], type_name: str | None, ascii_only: bool
) -> Callable[[Any], str]:
    """The canonical JSON of a dataclass (with a ``type`` key among the sorted keys when
    ``type_name`` is given), as one generated function: the keys and separators are constants,
    each field's text is written inline by its type (:class:`_Emitter`)."""
    hints = _hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    keys: list[tuple[str, str | None]] = [(n, n) for n in names]
    if type_name is not None:
        keys.append(("type", None))
    keys.sort()
    emitter = _Emitter(ascii_only)
    quote = emitter.quote
    emitter.namespace["_cls"] = cls
    emitter.namespace["_whole"] = _whole(type_name, ascii_only)
    # the object's text is one f-string: the keys and separators as its literal parts, each
    # field's text (an int field: the int itself, which the f-string writes as str() does)
    parts: list[str] = []
    for i, (key, field) in enumerate(keys):
        prefix = ("{" if i == 0 else ",") + quote(key) + ":"
        if field is None:
            parts.append(_fstring_literal(prefix + quote(str(type_name))))
        else:
            var = emitter.name("v")
            emitter.line(1, f"{var} = value.{field}")
            listed = emitter.listed(hints[field], var)
            if listed is not None:  # a list: its brackets in the literal
                parts.append(_fstring_literal(prefix + "[") + "{" + listed + "}]")
                continue
            if hints[field] is int:
                text = emitter.name("t")
                emitter.line(
                    1,
                    f"{text} = (_small[{var}] if 0 <= {var} < {_SMALL_LIMIT} else {var}) "
                    f"if type({var}) is int else _generic({var})",
                )
            else:
                text = emitter.emit(hints[field], var, 1)
            parts.append(_fstring_literal(prefix) + "{" + text + "}")
    body = "f'" + "".join(parts) + "}}'" if parts else '"{}"'
    source = "\n".join(
        [
            "def encode(value):",
            "    if type(value) is not _cls:",
            "        return _generic(value)",
            *emitter.lines,
            f"    return {body}",
            "",
        ]
    )
    namespace = emitter.namespace
    exec(source, namespace)  # the source is built from field names and positions only
    encoder: Callable[[Any], str] = namespace["encode"]
    return encoder


#: an expression that can stand as it is in an f-string's field (no quote, backslash or brace)
_PLAIN: Final = re.compile(r"[^'\"\\{}]*")


def _fstring_literal(text: str) -> str:
    """``text`` as a literal part of a single-quoted f-string."""
    return (
        text.replace("\\", "\\\\")
        .replace("'", "\\'")
        .replace("\n", "\\n")
        .replace("{", "{{")
        .replace("}", "}}")
    )


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints
