"""What a person may send now: offers of commands with their bounds, JSON Schemas, bots.

A table answers ``legal(actor)`` with :class:`Offer` s. An offer names a command class and,
for each of its fields, the :class:`Domain` of values allowed now: exactly one value, one of a
list (places, tiles, bet kinds), an integer range (amounts), a split of given cards into tiers
(the 13-card setting), or free text up to a length (a void's reason). A command is legal exactly
when some offer :meth:`~Offer.admits` it, so a client can build a valid command from the offers
alone, a bot can choose among them, and a test can draw legal commands at random
(:meth:`Offer.sample`).

:func:`command_schema` and :func:`commands_schema` give the JSON Schema of commands from their
type hints (what ``croupier table schema GAME`` prints): the static shape, where offers give the
live bounds.

>>> from dataclasses import dataclass
>>> from croupier.protocol import Command
>>> @dataclass(frozen=True, slots=True)
... class Bet(Command):
...     TYPE = "bet"
...     amount: int
>>> offer = Offer(Bet, {"amount": Between(20, 500)})
>>> offer.to_dict()
{'type': 'bet', 'amount': {'min': 20, 'max': 500}}
>>> offer.admits(Bet(100)), offer.admits(Bet(501))
(True, False)
>>> command_schema(Bet)["properties"]["amount"]
{'type': 'integer'}
"""

from __future__ import annotations

import abc
import dataclasses
import itertools
import random
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, Final, Protocol, get_args, get_origin

from croupier.cards import Card
from croupier.errors import RuleViolation
from croupier.protocol import Command, encode
from croupier.tiles import Tile

__all__ = [
    "Between",
    "Bot",
    "Domain",
    "Exactly",
    "Offer",
    "OneOf",
    "Split",
    "Text",
    "command_schema",
    "commands_schema",
    "find_offer",
]


class Domain(abc.ABC):
    """The values one field of a command may take now."""

    __slots__ = ()

    @abc.abstractmethod
    def admits(self, value: Any) -> bool:
        """True when ``value`` is allowed."""

    @abc.abstractmethod
    def sample(self, rng: random.Random) -> Any:
        """One allowed value, drawn with ``rng``."""

    @abc.abstractmethod
    def to_dict(self) -> Any:
        """The domain as JSON."""


@dataclass(frozen=True, slots=True)
class Exactly(Domain):
    """Only ``value``."""

    value: Any

    def admits(self, value: Any) -> bool:
        return type(value) is type(self.value) and value == self.value

    def sample(self, rng: random.Random) -> Any:
        return self.value

    def to_dict(self) -> Any:
        return {"is": encode(self.value)}


@dataclass(frozen=True, slots=True)
class OneOf(Domain):
    """Any one of ``values`` (at least one)."""

    values: tuple[Any, ...]

    def __init__(self, values: tuple[Any, ...]) -> None:
        # the frozen dataclass's __init__ through the slot (a table makes domains for most
        # decisions), with its check
        if not values:
            raise ValueError("OneOf needs at least one value (offer nothing instead)")
        _ONE_OF_VALUES(self, values)

    def admits(self, value: Any) -> bool:
        # a loop, not any(...): no generator made for every command checked
        kind = type(value)
        for v in self.values:  # noqa: SIM110
            if kind is type(v) and value == v:
                return True
        return False

    def sample(self, rng: random.Random) -> Any:
        return rng.choice(self.values)

    def to_dict(self) -> Any:
        return {"one_of": [encode(v) for v in self.values]}


@dataclass(frozen=True, slots=True)
class Between(Domain):
    """An integer from ``low`` to ``high``, both included."""

    low: int
    high: int

    def __init__(self, low: int, high: int) -> None:
        # the frozen dataclass's __init__ through the slots (a table makes domains for most
        # decisions), with its check
        if low > high:
            raise ValueError(f"empty range {low}..{high} (offer nothing instead)")
        _BETWEEN_SET[0](self, low)
        _BETWEEN_SET[1](self, high)

    def admits(self, value: Any) -> bool:
        return type(value) is int and self.low <= value <= self.high

    def sample(self, rng: random.Random) -> int:
        # the bounds are where mistakes live: draw them often
        pick = rng.random()
        if pick < 0.2:
            return self.low
        if pick < 0.4:
            return self.high
        return rng.randint(self.low, self.high)

    def to_dict(self) -> Any:
        return {"min": self.low, "max": self.high}


#: the slots' setters of OneOf's and Between's fields, in order
(_ONE_OF_VALUES,) = (getattr(OneOf, f.name).__set__ for f in dataclasses.fields(OneOf))
_BETWEEN_SET: Final = tuple(getattr(Between, f.name).__set__ for f in dataclasses.fields(Between))


@dataclass(frozen=True, slots=True)
class Split(Domain):
    """The cards ``of`` split into groups of ``sizes`` (in order): a tuple of card tuples, each
    group in any order. The 13-card setting: 13 cards into front 3, middle 5, back 5."""

    of: tuple[Card, ...]
    sizes: tuple[int, ...]

    def __post_init__(self) -> None:
        if sum(self.sizes) != len(self.of) or len(set(self.of)) != len(self.of):
            raise ValueError("a Split needs distinct cards whose count is the sum of the sizes")

    def admits(self, value: Any) -> bool:
        if not isinstance(value, tuple) or len(value) != len(self.sizes):
            return False
        for group, size in zip(value, self.sizes, strict=True):
            if not isinstance(group, tuple) or len(group) != size:
                return False
            if not all(type(c) is Card for c in group):
                return False
        cards = list(itertools.chain.from_iterable(value))
        return len(set(cards)) == len(cards) and set(cards) == set(self.of)

    def sample(self, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
        cards = list(self.of)
        rng.shuffle(cards)
        out: list[tuple[Card, ...]] = []
        start = 0
        for size in self.sizes:
            out.append(tuple(cards[start : start + size]))
            start += size
        return tuple(out)

    def to_dict(self) -> Any:
        return {"split": [str(c) for c in self.of], "sizes": list(self.sizes)}


@dataclass(frozen=True, slots=True)
class Text(Domain):
    """Free text of 1 to ``max_length`` characters (printable, no control characters)."""

    max_length: int = 200

    def admits(self, value: Any) -> bool:
        return (
            type(value) is str
            and 1 <= len(value) <= self.max_length
            and value.isprintable()
            and value.strip() == value
        )

    def sample(self, rng: random.Random) -> str:
        return rng.choice(("dealer's decision", "misdeal", "table fault"))

    def to_dict(self) -> Any:
        return {"text": self.max_length}


#: the field names of each command class (an offer checks its fields against them)
_FIELD_NAMES: dict[type[Command], frozenset[str]] = {}


@dataclass(frozen=True, slots=True)
class Offer:
    """One kind of command an actor may send now, with the domain of each field.

    ``command`` is the command class; ``fields`` names a domain for every one of its fields.
    """

    command: type[Command]
    fields: Mapping[str, Domain] = dataclasses.field(default_factory=dict)
    #: what the offer is for, in words (shown at a prompt), e.g. "call 40"
    label: str = ""

    def __init__(
        self,
        command: type[Command],
        fields: Mapping[str, Domain] | None = None,
        label: str = "",
    ) -> None:
        # the frozen dataclass's __init__ and its checks, through the slots (a table makes
        # offers for most decisions): a domain for every field of the command, no other
        names = _FIELD_NAMES.get(command)
        if names is None:
            names = frozenset(f.name for f in dataclasses.fields(command))  # type: ignore[arg-type]
            _FIELD_NAMES[command] = names
        given: Mapping[str, Domain] = {} if fields is None else fields
        if given.keys() != names:
            missing = sorted(names - set(given))
            extra = sorted(set(given) - names)
            raise ValueError(
                f"offer of {command.TYPE!r}: fields missing {missing}, unknown {extra}"
            )
        _OFFER_SET[0](self, command)
        _OFFER_SET[1](self, types.MappingProxyType(dict(given)))
        _OFFER_SET[2](self, label)

    def bounded(self, name: str, domain: Domain) -> Offer:
        """This offer with ``domain`` for its field ``name`` (the same fields, in the same
        order, so nothing to check again): a table makes an offer bounded by a player's chips
        from one it keeps."""
        fields = self.fields
        if name not in fields:
            raise ValueError(f"offer of {self.type!r}: no field {name!r}")
        copy: dict[str, Domain] = fields.copy()  # type: ignore[attr-defined]  # the proxy's dict
        copy[name] = domain
        offer = object.__new__(Offer)
        set_command, set_fields, set_label = _OFFER_SET
        set_command(offer, self.command)
        set_fields(offer, types.MappingProxyType(copy))
        set_label(offer, self.label)
        return offer

    @property
    def type(self) -> str:
        return self.command.TYPE

    def admits(self, command: Command) -> bool:
        """True when ``command`` is of this offer's class and every field is in its domain."""
        if type(command) is not self.command:
            return False
        # a loop, not all(...): no generator made for every command checked
        for name, domain in self.fields.items():  # noqa: SIM110
            if not domain.admits(getattr(command, name)):
                return False
        return True

    def sample(self, rng: random.Random) -> Command:
        """A command this offer admits, drawn with ``rng``."""
        return self.command(**{n: d.sample(rng) for n, d in self.fields.items()})

    def make(self, **values: Any) -> Command:
        """The command with ``values``; a field left out takes its domain's only value."""
        kwargs: dict[str, Any] = {}
        for name, domain in self.fields.items():
            if name in values:
                kwargs[name] = values[name]
            elif isinstance(domain, Exactly):
                kwargs[name] = domain.value
            elif isinstance(domain, OneOf) and len(domain.values) == 1:
                kwargs[name] = domain.values[0]
            else:
                raise TypeError(f"{self.type}: give a value for {name!r}")
        return self.command(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        out.update((n, d.to_dict()) for n, d in self.fields.items())
        if self.label:
            out["label"] = self.label
        return out


#: the slots' setters of Offer's fields, in order
_OFFER_SET: Final = tuple(getattr(Offer, f.name).__set__ for f in dataclasses.fields(Offer))


def find_offer(offers: Iterable[Offer], command: Command) -> Offer | None:
    """The first offer that admits ``command``, None if none does."""
    for offer in offers:
        if offer.admits(command):
            return offer
    return None


class Bot(Protocol):
    """A player program: given what its actor sees and may do, it picks a command.

    ``view`` is the table's ``view(actor)`` (JSON), ``legal`` its ``legal(actor)``, never empty
    when a bot is asked. A bot reads nothing else from the table, so a table can mix people and
    bots and a bot can be run by any client of the table server."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command: ...


# -- JSON Schema ---------------------------------------------------------------------------------

_CARD_PATTERN = "^[2-9TJQKA][shdc]$"
_TILE_PATTERN = "^([1-9][mps]|[ESWNCFP])$"


def _schema(annotation: Any) -> dict[str, Any]:
    origin = get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        return {"anyOf": [_schema(a) for a in get_args(annotation)]}
    if origin is tuple:
        args = get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _schema(args[0])}
        return {
            "type": "array",
            "prefixItems": [_schema(a) for a in args],
            "minItems": len(args),
            "maxItems": len(args),
        }
    if annotation is type(None) or annotation is None:
        return {"type": "null"}
    if annotation is bool:
        return {"type": "boolean"}
    if annotation is int:
        return {"type": "integer"}
    if annotation is str:
        return {"type": "string"}
    if annotation is Fraction:
        return {"type": "string", "pattern": "^-?[0-9]+(/[0-9]+)?$"}
    if annotation is Card:
        return {"type": "string", "pattern": _CARD_PATTERN}
    if annotation is Tile:
        return {"type": "string", "pattern": _TILE_PATTERN}
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return {"enum": [m.value for m in annotation]}
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        return _object_schema(annotation)
    raise TypeError(f"no JSON Schema for {annotation!r}")


def _object_schema(cls: type[Any], type_name: str | None = None) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    properties: dict[str, Any] = {}
    if type_name is not None:
        properties["type"] = {"const": type_name}
    properties.update((n, _schema(hints[n])) for n in names)
    return {
        "type": "object",
        "properties": properties,
        "required": (["type"] if type_name is not None else []) + names,
        "additionalProperties": False,
    }


def command_schema(command: type[Command]) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one command class."""
    schema = _object_schema(command, command.TYPE)
    if command.__doc__:
        schema["description"] = " ".join(command.__doc__.split())
    schema["title"] = command.TYPE
    return schema


def commands_schema(game: str, commands: Sequence[type[Command]]) -> dict[str, Any]:
    """The JSON Schema of every command of one game: one of the command schemas."""
    types_seen = [c.TYPE for c in commands]
    if len(set(types_seen)) != len(types_seen):
        raise RuleViolation("protocol", f"{game}: two commands share a type in {types_seen}")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"croupier {game} command",
        "oneOf": [command_schema(c) for c in commands],
    }
