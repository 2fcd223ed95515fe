"""The round protocol every game speaks: commands, frozen events, a fold, and views.

A game table is a pure state machine (PokerKit's verify/can/act triple, without its global RNG):

* A **command** is a method. ``verify_x(...)`` raises a :class:`~croupier.errors.RuleViolation`
  naming the article that forbids it; ``can_x(...)`` answers True/False; ``x(...)`` verifies,
  then appends one or more **events** to the log and returns them.
* An **event** is a frozen dataclass (:class:`Event`) with JSON-ready fields. It records a fact
  (a bet placed, a card dealt, a round settled) and is everything needed to redo it: the state is
  a fold over the log, so :meth:`Game.replay` rebuilds any table from its events, and every event
  is checked again on the way (a tampered log is refused with the rule it breaks).
* Chance enters only through an injected :class:`~croupier.shuffle.Shuffler` used by a command;
  the result (the shoe's order) is recorded in an event, so replay needs no randomness. There is
  no clock: time limits arrive as commands.
* :meth:`Game.view` shows what one seat may see (never the undealt shoe).

:func:`encode` / :func:`decode` turn event fields into JSON values and back by their type hints:
``int``, ``str``, ``bool``, ``None``, :class:`~fractions.Fraction` (``"p/q"``),
:class:`~croupier.cards.Card` (``"As"``), enums (their value), tuples and nested frozen
dataclasses. :func:`canonical_json` writes an event's (or a command's) canonical JSON text (sorted
keys, no spaces) straight from its fields, through an encoder compiled once per class from its
type hints: the same text as ``json.dumps(value.to_dict(), sort_keys=True, separators=(",",
":"))``, without the intermediate dicts. :meth:`Game.digest` hashes each event once, as it
comes, so a long table's digest costs nothing more at the end.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Dealt(Event):
...     TYPE = "dealt"
...     position: int
...     card: Card
>>> Dealt(3, Card.parse("Kd")).to_dict()
{'type': 'dealt', 'position': 3, 'card': 'Kd'}
>>> Dealt.from_dict({"type": "dealt", "position": 3, "card": "Kd"})
Dealt(position=3, card=Card('Kd'))
"""

from __future__ import annotations

import abc
import dataclasses
import hashlib
import json
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from fractions import Fraction
from typing import Any, ClassVar, Final, Protocol, Self, TypeVar, get_args, get_origin

from croupier.canonical import _hints, _object_encoder, _typed_dict, encode
from croupier.cards import Card
from croupier.errors import CroupierError, RecordError, RuleViolation
from croupier.frozen import SHARED_TEXTS
from croupier.tiles import Tile

__all__ = [
    "Command",
    "Event",
    "Game",
    "TableOptions",
    "canonical_json",
    "decode",
    "encode",
]

E = TypeVar("E", bound="Event")


_CANONICAL: dict[tuple[type, bool], Callable[[Any], str]] = {}
#: the running hash of a table whose events were released unhashed
_NO_DIGEST: Final = object()


def canonical_json(value: Event | Command, *, ascii_only: bool = True) -> str:
    """The canonical JSON text of an event or a command: ``json.dumps(value.to_dict(),
    sort_keys=True, separators=(",", ":"), ensure_ascii=ascii_only)``, written by an encoder
    compiled once per class (the tests compare the two on every event type).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Paid(Event):
    ...     TYPE = "paid"
    ...     seat: int
    ...     cards: tuple[Card, ...]
    ...     note: str | None
    >>> canonical_json(Paid(2, (Card.parse("As"), Card.parse("Td")), None))
    '{"cards":["As","Td"],"note":null,"seat":2,"type":"paid"}'
    """
    cls = type(value)
    encoder = _CANONICAL.get((cls, ascii_only))
    if encoder is None:
        encoder = _CANONICAL[(cls, ascii_only)] = _object_encoder(cls, cls.TYPE, ascii_only)
    return encoder(value)


class _Encoders(dict[type, Callable[[Any], str]]):
    """Each class's ASCII encoder, by class alone; a class not met yet gets its encoder made on
    its first lookup (``__missing__``), so the streamed digest reads ``_ASCII[type(e)]``: one
    subscript an event, no method call."""

    def __missing__(self, cls: type[Any]) -> Callable[[Any], str]:
        return _ascii_encoder(cls)


#: the ASCII encoder of each class, by class alone (the streamed digest's lookup)
_ASCII: dict[type, Callable[[Any], str]] = _Encoders()


def _ascii_encoder(cls: type[Any]) -> Callable[[Any], str]:
    """The encoder :func:`canonical_json` uses for ``cls`` with ``ascii_only`` (made once)."""
    encoder = _CANONICAL.get((cls, True))
    if encoder is None:
        encoder = _CANONICAL[(cls, True)] = _object_encoder(cls, cls.TYPE, True)
    _ASCII[cls] = encoder
    return encoder


def decode(value: Any, annotation: Any, field: str = "value") -> Any:
    """The inverse of :func:`encode` for a value of type ``annotation`` (strict: no coercion)."""
    origin = get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        options = get_args(annotation)
        if value is None and type(None) in options:
            return None
        errors: list[str] = []
        for option in options:
            if option is type(None):
                continue
            try:
                return decode(value, option, field)
            except (RecordError, CroupierError, ValueError, TypeError) as exc:
                errors.append(str(exc))
        raise RecordError(field, f"field {field!r}: {'; '.join(errors) or repr(value)}")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise RecordError(field, f"field {field!r} must be a list, got {value!r}")
        args = get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(v, args[0], f"{field}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise RecordError(field, f"field {field!r} must have {len(args)} items, got {value!r}")
        pairs = enumerate(zip(args, value, strict=True))
        return tuple(decode(v, a, f"{field}[{i}]") for i, (a, v) in pairs)
    if annotation is Any:
        return value
    if annotation is None or annotation is type(None):  # a bare None stays in tuple[X, None]
        if value is not None:
            raise RecordError(field, f"field {field!r} must be null, got {value!r}")
        return None
    if annotation is bool:
        if not isinstance(value, bool):
            raise RecordError(field, f"field {field!r} must be true or false, got {value!r}")
        return value
    if annotation is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(field, f"field {field!r} must be an integer, got {value!r}")
        return value
    if annotation is str:
        if not isinstance(value, str):
            raise RecordError(field, f"field {field!r} must be text, got {value!r}")
        return value
    if annotation is Fraction:
        if not isinstance(value, str | int) or isinstance(value, bool):
            raise RecordError(field, f"field {field!r} must be a fraction 'p/q', got {value!r}")
        try:
            fraction = Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise RecordError(field, f"field {field!r} is not a fraction: {value!r}") from None
        if str(fraction) != str(value):
            raise RecordError(field, f"field {field!r}: write {value!r} as {str(fraction)!r}")
        return fraction
    if annotation is Card:
        if not isinstance(value, str):
            raise RecordError(field, f"field {field!r} must be a card, got {value!r}")
        card = Card.parse(value)  # NotationError naming the bad token
        if str(card) != value:
            raise RecordError(field, f"field {field!r}: write the card {value!r} as {str(card)!r}")
        return card
    if annotation is Tile:
        if not isinstance(value, str):
            raise RecordError(field, f"field {field!r} must be a tile, got {value!r}")
        tile = Tile.parse(value)  # NotationError naming the bad token
        if str(tile) != value:
            raise RecordError(field, f"field {field!r}: write the tile {value!r} as {str(tile)!r}")
        return tile
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        try:
            member = annotation(value)
        except ValueError:
            raise RecordError(
                field, f"field {field!r}: {value!r} is not a {annotation.__name__}"
            ) from None
        # strict: true / 1.0 equal (and hash like) 1, so Enum lookup alone would take them
        if type(value) is not type(member.value) and not isinstance(value, annotation):
            raise RecordError(field, f"field {field!r}: {value!r} is not a {annotation.__name__}")
        return member
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        if not isinstance(value, Mapping):
            raise RecordError(field, f"field {field!r} must be an object, got {value!r}")
        return _decode_fields(annotation, value, field)
    raise TypeError(f"cannot decode a {annotation!r}")


def _decode_fields(
    cls: type[Any], data: Mapping[str, Any], where: str, extra: frozenset[str] = frozenset()
) -> Any:
    """``cls`` from its fields in ``data``; ``extra``: keys allowed besides the fields (only an
    event's own ``type``: a nested dataclass has no such key)."""
    hints = _hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    unknown = sorted(str(k) for k in set(data) - set(names) - extra)
    if unknown:
        raise RecordError(unknown[0], f"{where}: unknown field {unknown[0]!r}")
    kwargs: dict[str, Any] = {}
    for name in names:
        if name not in data:
            raise RecordError(name, f"{where}: missing field {name!r}")
        kwargs[name] = decode(data[name], hints[name], name)
    try:
        return cls(**kwargs)
    except RecordError:
        raise
    except CroupierError as exc:  # a record whose fields do not agree with one another
        raise RecordError(where, f"{where}: {exc}") from None


class Event:
    """Base of every event. Subclasses are ``@dataclass(frozen=True, slots=True)`` and set
    ``TYPE``, the name the event has in a serialised log."""

    __slots__ = ()
    TYPE: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        return _typed_dict(self, self.TYPE)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping):
            raise RecordError("type", f"an event must be an object, got {data!r}")
        if data.get("type") != cls.TYPE:
            raise RecordError("type", f"expected a {cls.TYPE!r} event, got {data.get('type')!r}")
        event: Self = _decode_fields(cls, data, cls.TYPE, frozenset({"type"}))
        return event


class Command:
    """Base of every command a person (or a bot, or the house) can send to a table, as data.

    Subclasses are ``@dataclass(frozen=True, slots=True)`` and set ``TYPE``, the command's name in
    JSON (``{"type": "raise_to", "amount": 400}``). Fields use the same types as events (ints,
    text, booleans, cards, tiles, enums, tuples of them), read strictly by :meth:`from_dict`: a
    wrong type, a missing or an unknown field is a :class:`~croupier.errors.RecordError` naming
    the field, never a silent conversion.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class RaiseTo(Command):
    ...     TYPE = "raise_to"
    ...     amount: int
    >>> RaiseTo(400).to_dict()
    {'type': 'raise_to', 'amount': 400}
    >>> RaiseTo.from_dict({"type": "raise_to", "amount": "400"})
    Traceback (most recent call last):
    ...
    croupier.errors.RecordError: field 'amount' must be an integer, got '400'
    """

    __slots__ = ()
    TYPE: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        return _typed_dict(self, self.TYPE)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping):
            raise RecordError("type", f"a command must be an object, got {data!r}")
        if data.get("type") != cls.TYPE:
            raise RecordError("type", f"expected a {cls.TYPE!r} command, got {data.get('type')!r}")
        command: Self = _decode_fields(cls, data, cls.TYPE, frozenset({"type"}))
        return command


class TableOptions(Protocol):
    """Table options: frozen, checked on construction, serialisable."""

    def to_dict(self) -> dict[str, Any]: ...


OptionsT = TypeVar("OptionsT", bound=TableOptions)


class Game(abc.ABC, typing.Generic[OptionsT]):
    """A table of one game: options, the event log, and the state folded from it.

    Subclasses set ``GAME`` (the game's name in records), ``EVENTS`` (their event classes) and
    implement :meth:`_check` (raise RuleViolation when the event may not happen now),
    :meth:`_apply` (the fold step: update the state; never fails on a checked event),
    :meth:`view` and :meth:`options_from_dict`.
    """

    GAME: ClassVar[str]
    EVENTS: ClassVar[tuple[type[Event], ...]]

    def __init__(self, options: OptionsT) -> None:
        self._options = options
        self._log: list[Event] = []
        #: events dropped from memory by :meth:`release_log` (digested first)
        self._released = 0
        #: the running SHA-256 of the record's canonical JSON, up to ``_digested`` events
        self._hasher: Any = None
        self._digested = 0

    @property
    def options(self) -> OptionsT:
        return self._options

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event so far, oldest first (a RecordError once :meth:`release_log` dropped
        some)."""
        self._check_whole()
        return tuple(self._log)

    @property
    def event_count(self) -> int:
        """How many events the table has committed (those released from memory included)."""
        return self._released + len(self._log)

    def _check_whole(self) -> None:
        if self._released:
            raise RecordError(
                "log",
                f"the first {self._released} events of this table were released from memory "
                "(release_log): its digest stands, its log and record are gone",
            )

    # -- the fold ------------------------------------------------------------------------------

    @abc.abstractmethod
    def _check(self, event: Event) -> None:
        """Raise :class:`RuleViolation` if ``event`` cannot happen in the current state."""

    @abc.abstractmethod
    def _apply(self, event: Event) -> None:
        """Fold one checked event into the state."""

    def _commit(self, event: E) -> E:
        """Check, apply and log one event. A refused event changes nothing."""
        if not isinstance(event, self.EVENTS):
            raise RuleViolation("protocol", f"{type(event).__name__} is not a {self.GAME} event")
        self._check(event)
        self._apply(event)
        self._log.append(event)
        return event

    @staticmethod
    def _can(verify: Callable[..., object], *args: Any, **kwargs: Any) -> bool:
        """True when ``verify(*args, **kwargs)`` raises no CroupierError."""
        try:
            verify(*args, **kwargs)
        except CroupierError:
            return False
        return True

    # -- records -------------------------------------------------------------------------------

    @classmethod
    @abc.abstractmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> OptionsT:
        """The table options from their ``to_dict`` form."""

    @classmethod
    def event_from_dict(cls, data: Mapping[str, Any]) -> Event:
        """One event of this game from its ``to_dict`` form."""
        if not isinstance(data, Mapping):
            raise RecordError("type", f"an event must be an object, got {data!r}")
        kind = data.get("type")
        for event_type in cls.EVENTS:
            if kind == event_type.TYPE:
                return event_type.from_dict(data)
        raise RecordError("type", f"unknown {cls.GAME} event type {kind!r}")

    @classmethod
    def replay(cls, options: OptionsT, events: Iterable[Event | Mapping[str, Any]]) -> Self:
        """A table rebuilt from its events, each checked again as it is applied."""
        game = cls(options)
        game.follow(events)
        return game

    def follow(self, events: Iterable[Event | Mapping[str, Any]]) -> None:
        """Apply recorded ``events`` (objects or their JSON) after the ones this table has, each
        checked again as it is applied, as :meth:`replay` does: a table fed another table's
        events as they happen is that table's replay, checked as it goes. A refused event raises
        (naming its index in the whole log) and changes nothing; the ones before it stay."""
        game = self
        cls = type(self)
        start = self.event_count
        for i, event in enumerate(events, start):
            try:
                item = event if isinstance(event, Event) else cls.event_from_dict(event)
            except RecordError as exc:
                kind = event.get("type") if isinstance(event, Mapping) else None
                raise RecordError(exc.field, f"event {i} ({kind}): {exc}") from None
            try:
                game._commit(item)
            except RuleViolation as exc:
                raise RuleViolation(
                    exc.rule, f"event {i} ({item.TYPE}) refused: {exc.detail}"
                ) from None

    def to_record(self) -> dict[str, Any]:
        """``{"game", "options", "events"}``: everything needed to replay this table."""
        self._check_whole()
        return {
            "game": self.GAME,
            "options": self._options.to_dict(),
            "events": [e.to_dict() for e in self._log],
        }

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping) or data.get("game") != cls.GAME:
            got = data.get("game") if isinstance(data, Mapping) else data
            raise RecordError("game", f"not a {cls.GAME} record: game {got!r}")
        events = data.get("events")
        if not isinstance(events, list):
            raise RecordError("events", "a record needs a list of events")
        options = data.get("options")
        if not isinstance(options, Mapping):
            raise RecordError("options", "a record needs its table options")
        return cls.replay(cls.options_from_dict(options), events)

    def digest(self) -> str:
        """SHA-256 of the canonical JSON of :meth:`to_record` (game, options and every event):
        two tables agree on it exactly when they have the same rules and the same history.

        The record's canonical JSON is ``{"events":[...],"game":...,"options":{...}}`` (sorted
        keys): the events come first, so they are hashed as they come, each encoded once
        (:func:`canonical_json`), and only the game and the options are added at the end. A
        subclass whose record holds more than the base's is hashed whole."""
        if type(self).to_record is not Game.to_record:
            text = json.dumps(self.to_record(), sort_keys=True, separators=(",", ":"))
            return hashlib.sha256(text.encode()).hexdigest()
        if self._hasher is _NO_DIGEST:
            raise RecordError("digest", "this table's events were released unhashed: no digest")
        running = self._running_hash().copy()
        options = json.dumps(self._options.to_dict(), sort_keys=True, separators=(",", ":"))
        running.update(f'],"game":{json.dumps(self.GAME)},"options":{options}}}'.encode())
        return str(running.hexdigest())

    def _running_hash(self) -> Any:
        """The running hash, brought up to the last event."""
        if self._hasher is _NO_DIGEST:
            self._digested = self._released + len(self._log)
            return self._hasher
        if self._hasher is None:
            self._hasher = hashlib.sha256(b'{"events":[')
        pending = self._log[self._digested - self._released :]
        if pending:
            encoders = _ASCII  # each class's encoder, one subscript an event
            # an event made once, committed many times (share_text): its text kept by its id
            # (the event kept alive with it, so an id found is this event's); None when not
            kept = SHARED_TEXTS.get
            text = ",".join([kept(id(e)) or encoders[type(e)](e) for e in pending])
            self._hasher.update(("," + text if self._digested else text).encode())
            self._digested += len(pending)
        return self._hasher

    def release_log(self, *, digest: bool = True) -> tuple[Event, ...]:
        """Digest the events kept so far and drop them from memory, so a long run (a simulation
        of millions of hands) keeps its memory flat; :meth:`digest` stands, :attr:`log` and
        :meth:`to_record` refuse from then on. The events released, oldest first (to hand on,
        say to a twin table that :meth:`follows <follow>` them). With ``digest=False`` they are
        dropped unhashed (a twin that only checks them), and :meth:`digest` refuses from then
        on."""
        if type(self).to_record is not Game.to_record:
            raise RecordError("log", f"a {self.GAME} record holds more than its events")
        if digest:
            self._running_hash()
        elif self._log:
            self._hasher = _NO_DIGEST
        released = tuple(self._log)
        self._released += len(released)
        self._log.clear()
        return released

    # -- what a seat sees ----------------------------------------------------------------------

    @abc.abstractmethod
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """JSON-ready state as seen from ``seat`` (None: a spectator / the public display)."""
