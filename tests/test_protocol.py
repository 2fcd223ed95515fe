"""The round protocol: encode/decode by type hints, events as JSON, and the Game fold."""

from __future__ import annotations

import hashlib
import json
import typing
from collections.abc import Mapping
from dataclasses import FrozenInstanceError, dataclass
from enum import IntEnum, StrEnum
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import Card, Deck
from croupier.errors import CroupierError, NotationError, RecordError, RuleViolation
from croupier.protocol import Event, Game, decode, encode

# --- toy types (module level: decode resolves string annotations in this module) -----------


class Colour(StrEnum):
    RED = "red"
    BLACK = "noir"


class Level(IntEnum):
    LOW = 1
    HIGH = 2


@dataclass(frozen=True, slots=True)
class Inner:
    a: int
    f: Fraction


@dataclass(frozen=True, slots=True)
class Outer:
    inner: Inner
    name: str


@dataclass(frozen=True, slots=True)
class Everything(Event):
    TYPE = "everything"
    n: int
    s: str
    b: bool
    nothing: None
    maybe: int | None
    frac: Fraction
    card: Card
    colour: Colour
    level: Level
    cards: tuple[Card, ...]
    pair: tuple[int, str]
    inner: Inner
    inners: tuple[Inner, ...]


def everything(**changes: Any) -> Everything:
    fields: dict[str, Any] = {
        "n": -7,
        "s": "ana",
        "b": True,
        "nothing": None,
        "maybe": None,
        "frac": Fraction(-3, 4),
        "card": Card.parse("As"),
        "colour": Colour.BLACK,
        "level": Level.HIGH,
        "cards": (Card.parse("Kd"), Card.parse("7c")),
        "pair": (3, "x"),
        "inner": Inner(1, Fraction(1, 3)),
        "inners": (Inner(2, Fraction(5)), Inner(0, Fraction(0))),
    }
    fields.update(changes)
    return Everything(**fields)


EVERYTHING_DICT: dict[str, Any] = {
    "type": "everything",
    "n": -7,
    "s": "ana",
    "b": True,
    "nothing": None,
    "maybe": None,
    "frac": "-3/4",
    "card": "As",
    "colour": "noir",
    "level": 2,
    "cards": ["Kd", "7c"],
    "pair": [3, "x"],
    "inner": {"a": 1, "f": "1/3"},
    "inners": [{"a": 2, "f": "5"}, {"a": 0, "f": "0"}],
}


def with_field(name: str, value: object) -> dict[str, Any]:
    data = dict(EVERYTHING_DICT)
    data[name] = value
    return data


# --- encode ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0, 0),
        (-12, -12),
        ("text", "text"),
        ("", ""),
        (True, True),
        (False, False),
        (None, None),
        (Fraction(3, 4), "3/4"),
        (Fraction(-6, 4), "-3/2"),
        (Fraction(5), "5"),
        (Card.parse("As"), "As"),
        (Card.parse("10h"), "Th"),
        (Colour.BLACK, "noir"),
        ((1, "a", None), [1, "a", None]),
        ([Card.parse("2c"), Fraction(1, 2)], ["2c", "1/2"]),
        ((), []),
        (((1, 2), (3,)), [[1, 2], [3]]),
        (Inner(4, Fraction(2, 6)), {"a": 4, "f": "1/3"}),
        (Outer(Inner(1, Fraction(1)), "o"), {"inner": {"a": 1, "f": "1"}, "name": "o"}),
    ],
)
def test_encode(value: object, expected: object) -> None:
    assert encode(value) == expected


def test_encode_enum_by_value_with_the_plain_type() -> None:
    # An IntEnum is an int, but the record holds its value (2), never its name or the member.
    assert encode(Level.HIGH) == 2
    assert type(encode(Level.HIGH)) is int
    assert type(encode(Colour.RED)) is str
    assert type(encode(True)) is bool


@pytest.mark.parametrize("value", [1.5, 0.0, {"a": 1}, {1, 2}, object(), b"As", Inner])
def test_encode_refuses_what_json_records_cannot_hold(value: object) -> None:
    with pytest.raises(TypeError, match="cannot encode"):
        encode(value)


def test_encode_refuses_a_bad_value_nested_in_a_tuple() -> None:
    with pytest.raises(TypeError, match=r"1\.5"):
        encode((1, (2, 1.5)))


# --- decode: accepted values ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "annotation", "expected"),
    [
        (5, int, 5),
        (-5, int, -5),
        (0, int, 0),
        ("x", str, "x"),
        ("", str, ""),
        (True, bool, True),
        (False, bool, False),
        (None, None, None),
        (None, type(None), None),
        ("3/4", Fraction, Fraction(3, 4)),
        ("-5", Fraction, Fraction(-5)),
        ("As", Card, Card.parse("As")),
        ("Td", Card, Card.parse("Td")),
        ("red", Colour, Colour.RED),
        ("noir", Colour, Colour.BLACK),
        (1, Level, Level.LOW),
        (None, int | None, None),
        (4, int | None, 4),
        (None, typing.Optional[int], None),  # noqa: UP045 - the old spelling is supported too
        (4, typing.Optional[int], 4),  # noqa: UP045
        ("Kd", Card | None, Card.parse("Kd")),
        ("Kd", typing.Union[int, Card], Card.parse("Kd")),  # noqa: UP007
        (7, typing.Union[int, Card], 7),  # noqa: UP007
        ([], tuple[int, ...], ()),
        ([1, 2, 3], tuple[int, ...], (1, 2, 3)),
        ((1, 2), tuple[int, ...], (1, 2)),
        (["As", "Kd"], tuple[Card, ...], (Card.parse("As"), Card.parse("Kd"))),
        ([1, "a"], tuple[int, str], (1, "a")),
        ([1, None], tuple[int, None], (1, None)),  # a bare None inside a tuple hint
        ([None, None], tuple[None, ...], (None, None)),
        ([[0, 1, 2], [3, 4, 5]], tuple[tuple[int, int, int], ...], ((0, 1, 2), (3, 4, 5))),
        ({"a": 1, "f": "1/2"}, Inner, Inner(1, Fraction(1, 2))),
        ({"inner": {"a": 0, "f": "0"}, "name": ""}, Outer, Outer(Inner(0, Fraction(0)), "")),
        ({"any": [1.5]}, Any, {"any": [1.5]}),
    ],
)
def test_decode_accepts(value: object, annotation: Any, expected: object) -> None:
    got = decode(value, annotation)
    assert got == expected
    assert type(got) is type(expected)


def test_decode_tuples_are_tuples_all_the_way_down() -> None:
    got = decode([[0, 1, 2]], tuple[tuple[int, int, int], ...])
    assert isinstance(got, tuple) and isinstance(got[0], tuple)


def test_decode_returns_the_interned_card() -> None:
    assert decode("Qh", Card) is Card.parse("Qh")


@pytest.mark.parametrize("card", Deck.STANDARD_52.cards)
def test_every_card_round_trips(card: Card) -> None:
    assert decode(encode(card), Card) is card


# --- decode: strictness ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "annotation"),
    [
        (True, int),
        (False, int),
        (1.0, int),
        (1.5, int),
        ("1", int),
        (None, int),
        ([1], int),
        (1, bool),
        (0, bool),
        ("true", bool),
        (None, bool),
        (1, str),
        (None, str),
        (["a"], str),
        (0, None),
        (False, None),
        ("", None),
        ("null", type(None)),
    ],
)
def test_decode_refuses_coercion(value: object, annotation: Any) -> None:
    with pytest.raises(RecordError) as info:
        decode(value, annotation, "amount")
    assert info.value.field == "amount"
    assert "'amount'" in str(info.value)
    assert repr(value) in str(info.value)


@pytest.mark.parametrize("value", [True, 0.5, None, [1, 2], "abc", "1/0", "", "1/2/3", "nan"])
def test_decode_refuses_a_bad_fraction(value: object) -> None:
    with pytest.raises(RecordError) as info:
        decode(value, Fraction, "prize")
    assert info.value.field == "prize"


@pytest.mark.parametrize("token", ["Zz", "A", "1s", "Ax", "AsKd", "", "As Kd", "11h"])
def test_decode_refuses_a_non_card_and_names_the_token(token: str) -> None:
    with pytest.raises(NotationError) as info:
        decode(token, Card, "card")
    assert info.value.token == token
    assert repr(token) in str(info.value)


@pytest.mark.parametrize("value", [0, 12, None, True, ["As"], {"card": "As"}])
def test_decode_refuses_a_card_that_is_not_text(value: object) -> None:
    with pytest.raises(RecordError) as info:
        decode(value, Card, "card")
    assert info.value.field == "card"


@pytest.mark.parametrize(
    ("value", "annotation"),
    [
        ("RED", Colour),  # the name, not the value
        ("BLACK", Colour),
        ("blue", Colour),
        (0, Colour),
        (None, Colour),
        (3, Level),
        ("HIGH", Level),
        ("2", Level),
        (True, Level),  # True == 1 and hashes like it: still not a Level's value
        (2.0, Level),
        ([2], Level),
    ],
)
def test_decode_refuses_a_bad_enum_value(value: object, annotation: type[Any]) -> None:
    with pytest.raises(RecordError) as info:
        decode(value, annotation, "colour")
    assert info.value.field == "colour"
    assert annotation.__name__ in str(info.value)


def test_decode_enum_accepts_the_member_itself() -> None:
    assert decode(Level.LOW, Level) is Level.LOW
    assert decode(Colour.RED, Colour) is Colour.RED


@pytest.mark.parametrize("value", ["1", 1.0, True, [1], {"a": 1}])
def test_decode_optional_refuses_a_bad_value(value: object) -> None:
    with pytest.raises(RecordError) as info:
        decode(value, int | None, "maybe")
    assert info.value.field == "maybe"
    assert "integer" in str(info.value)


def test_decode_union_reports_every_option() -> None:
    with pytest.raises(RecordError) as info:
        decode(1.5, typing.Union[int, Card], "either")  # noqa: UP007
    message = str(info.value)
    assert "integer" in message and "card" in message and "'either'" in message


@pytest.mark.parametrize("value", ["As Kd", "AsKd", {"0": "As"}, None, 3])
def test_decode_refuses_a_tuple_that_is_not_a_list(value: object) -> None:
    with pytest.raises(RecordError) as info:
        decode(value, tuple[Card, ...], "cards")
    assert info.value.field == "cards"


def test_decode_names_the_index_of_a_bad_item() -> None:
    with pytest.raises(RecordError) as info:
        decode([1, 2, "3"], tuple[int, ...], "positions")
    assert info.value.field == "positions[2]"
    with pytest.raises(NotationError) as bad_card:
        decode(["As", "Xx"], tuple[Card, ...], "cards")
    assert bad_card.value.token == "Xx"


@pytest.mark.parametrize("value", [[], [1], [1, "a", 2], [1, "a", "b"]])
def test_decode_refuses_a_fixed_tuple_of_the_wrong_length(value: list[Any]) -> None:
    with pytest.raises(RecordError) as info:
        decode(value, tuple[int, str], "pair")
    assert info.value.field == "pair"
    assert "2 items" in str(info.value)


def test_decode_checks_the_items_of_a_fixed_tuple() -> None:
    with pytest.raises(RecordError) as none:
        decode([1, 0], tuple[int, None], "pair")
    assert none.value.field == "pair[1]"
    with pytest.raises(RecordError) as info:
        decode(["a", 1], tuple[int, str], "pair")
    assert info.value.field == "pair[0]"
    with pytest.raises(RecordError) as inner:
        decode([[0, 1]], tuple[tuple[int, int, int], ...], "moves")
    assert inner.value.field == "moves[0]"


@pytest.mark.parametrize("value", [[1, "1/2"], "a", None, 1])
def test_decode_refuses_a_dataclass_that_is_not_an_object(value: object) -> None:
    with pytest.raises(RecordError) as info:
        decode(value, Inner, "inner")
    assert info.value.field == "inner"
    assert "object" in str(info.value)


def test_decode_dataclass_refuses_unknown_and_missing_fields() -> None:
    with pytest.raises(RecordError) as unknown:
        decode({"a": 1, "f": "1", "g": 2}, Inner, "inner")
    assert unknown.value.field == "g"
    assert "unknown field 'g'" in str(unknown.value)
    with pytest.raises(RecordError) as missing:
        decode({"a": 1}, Inner, "inner")
    assert missing.value.field == "f"
    assert "missing field 'f'" in str(missing.value)
    with pytest.raises(RecordError) as wrong:
        decode({"inner": {"a": "1", "f": "1"}, "name": "n"}, Outer, "outer")
    assert wrong.value.field == "a"


def test_decode_nested_dataclass_has_no_type_key() -> None:
    # only an event carries "type"; a nested record with one is junk
    with pytest.raises(RecordError) as info:
        decode({"type": "inner", "a": 1, "f": "1"}, Inner, "inner")
    assert info.value.field == "type"


def test_decode_unknown_field_names_are_reported_as_text() -> None:
    with pytest.raises(RecordError) as info:
        decode({"a": 1, "f": "1", 7: 0, "z": 0}, Inner, "inner")
    assert info.value.field == "7"


@pytest.mark.parametrize("annotation", [float, dict[str, int], list[int], bytes, set[int]])
def test_decode_refuses_an_unsupported_annotation(annotation: Any) -> None:
    with pytest.raises(TypeError, match="cannot decode"):
        decode([], annotation)


# --- events ---------------------------------------------------------------------------------


def test_event_to_dict() -> None:
    data = everything().to_dict()
    assert data == EVERYTHING_DICT
    assert next(iter(data)) == "type"


def test_event_from_dict() -> None:
    assert Everything.from_dict(EVERYTHING_DICT) == everything()


def test_event_json_round_trip() -> None:
    event = everything(maybe=3, b=False)
    text = json.dumps(event.to_dict())
    assert Everything.from_dict(json.loads(text)) == event


def test_events_are_frozen() -> None:
    event = everything()
    with pytest.raises(FrozenInstanceError):
        event.n = 1  # type: ignore[misc]


@pytest.mark.parametrize("kind", ["dealt", "", None, "Everything", "EVERYTHING"])
def test_event_from_dict_refuses_the_wrong_type(kind: object) -> None:
    with pytest.raises(RecordError) as info:
        Everything.from_dict(with_field("type", kind))
    assert info.value.field == "type"
    assert "'everything'" in str(info.value)


def test_event_from_dict_refuses_a_missing_type() -> None:
    data = dict(EVERYTHING_DICT)
    del data["type"]
    with pytest.raises(RecordError) as info:
        Everything.from_dict(data)
    assert info.value.field == "type"


@pytest.mark.parametrize("data", [[], "everything", None, 3])
def test_event_from_dict_refuses_a_non_object(data: Any) -> None:
    with pytest.raises(RecordError) as info:
        Everything.from_dict(data)
    assert info.value.field == "type"


def test_event_from_dict_refuses_an_unknown_field() -> None:
    with pytest.raises(RecordError) as info:
        Everything.from_dict(with_field("extra", 1))
    assert info.value.field == "extra"
    assert "everything" in str(info.value)


@pytest.mark.parametrize("name", [k for k in EVERYTHING_DICT if k != "type"])
def test_event_from_dict_refuses_a_missing_field(name: str) -> None:
    data = dict(EVERYTHING_DICT)
    del data[name]
    with pytest.raises(RecordError) as info:
        Everything.from_dict(data)
    assert info.value.field == name
    assert f"missing field {name!r}" in str(info.value)


@pytest.mark.parametrize(
    ("name", "value", "field"),
    [
        ("n", True, "n"),
        ("n", 1.0, "n"),
        ("n", "1", "n"),
        ("b", 1, "b"),
        ("s", 5, "s"),
        ("nothing", 0, "nothing"),
        ("maybe", "2", "maybe"),
        ("frac", 0.75, "frac"),
        ("colour", "BLACK", "colour"),
        ("level", True, "level"),
        ("cards", "Kd 7c", "cards"),
        ("cards", ["Kd", 7], "cards[1]"),
        ("pair", [3], "pair"),
        ("pair", [3, "x", 4], "pair"),
        ("inner", {"a": 1}, "f"),
        ("inners", [{"a": 2, "f": "5", "b": 1}], "b"),
    ],
)
def test_event_from_dict_refuses_a_bad_field(name: str, value: object, field: str) -> None:
    with pytest.raises(RecordError) as info:
        Everything.from_dict(with_field(name, value))
    assert info.value.field == field


@pytest.mark.parametrize(("name", "value"), [("card", "Zz"), ("cards", ["Kd", "1x"])])
def test_event_from_dict_names_a_bad_card(name: str, value: object) -> None:
    bad = value if isinstance(value, str) else "1x"
    with pytest.raises(NotationError) as info:
        Everything.from_dict(with_field(name, value))
    assert info.value.token == bad
    assert repr(bad) in str(info.value)


cards = st.sampled_from(Deck.STANDARD_52.cards)
fractions = st.fractions(max_denominator=1000)
inners = st.builds(Inner, st.integers(), fractions)


@given(
    st.builds(
        Everything,
        n=st.integers(),
        s=st.text(),
        b=st.booleans(),
        nothing=st.none(),
        maybe=st.none() | st.integers(),
        frac=fractions,
        card=cards,
        colour=st.sampled_from(Colour),
        level=st.sampled_from(Level),
        cards=st.lists(cards, max_size=8).map(tuple),
        pair=st.tuples(st.integers(), st.text(max_size=5)),
        inner=inners,
        inners=st.lists(inners, max_size=4).map(tuple),
    )
)
def test_any_event_round_trips_through_json(event: Everything) -> None:
    data = json.loads(json.dumps(event.to_dict()))
    assert data == event.to_dict()
    back = Everything.from_dict(data)
    assert back == event
    assert back.to_dict() == event.to_dict()


# --- the Game base: a toy counter -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Incremented(Event):
    TYPE = "incremented"
    by: int


@dataclass(frozen=True, slots=True)
class Reset(Event):
    TYPE = "reset"


@dataclass(frozen=True, slots=True)
class Stranger(Event):
    """An event the counter does not speak."""

    TYPE = "stranger"


@dataclass(frozen=True, slots=True)
class CounterOptions:
    limit: int = 100

    def to_dict(self) -> dict[str, Any]:
        return {"limit": self.limit}


class Counter(Game[CounterOptions]):
    """Art 1: an increment is positive. Art 2: the total never exceeds the limit."""

    GAME = "counter"
    EVENTS = (Incremented, Reset)

    def __init__(self, options: CounterOptions) -> None:
        super().__init__(options)
        self.total = 0
        self.applied = 0  # how many events _apply has seen

    def verify_increment(self, n: int) -> None:
        if n <= 0:
            raise RuleViolation("Art 1", f"an increment must be positive, got {n}")
        if self.total + n > self.options.limit:
            raise RuleViolation("Art 2", f"{self.total} + {n} exceeds {self.options.limit}")

    def can_increment(self, n: int) -> bool:
        return self._can(self.verify_increment, n)

    def increment(self, n: int) -> Incremented:
        return self._commit(Incremented(n))

    def reset(self) -> Reset:
        return self._commit(Reset())

    def _check(self, event: Event) -> None:
        if isinstance(event, Incremented):
            self.verify_increment(event.by)

    def _apply(self, event: Event) -> None:
        self.applied += 1
        if isinstance(event, Incremented):
            self.total += event.by
        elif isinstance(event, Reset):
            self.total = 0

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {"total": self.total, "events": len(self.log)}

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> CounterOptions:
        limit = data.get("limit", 100)
        if isinstance(limit, bool) or not isinstance(limit, int):
            raise RecordError("limit", f"limit must be an integer, got {limit!r}")
        return CounterOptions(limit)


def played() -> Counter:
    game = Counter(CounterOptions(limit=10))
    game.increment(2)
    game.increment(3)
    game.reset()
    game.increment(4)
    return game


def canonical_digest(events: Any) -> str:
    text = json.dumps(events, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def test_game_base_is_abstract() -> None:
    with pytest.raises(TypeError):
        Game(CounterOptions())  # type: ignore[abstract]


def test_commit_applies_logs_and_returns_the_event() -> None:
    game = Counter(CounterOptions())
    before = game.log
    assert before == () and game.total == 0
    event = game.increment(5)
    assert event == Incremented(5)
    after = game.log
    assert after == (event,) and after[0] is event
    assert game.total == 5
    assert game.options == CounterOptions()


def test_log_is_an_append_only_tuple() -> None:
    game = played()
    before = game.log
    assert isinstance(before, tuple)
    assert before == (Incremented(2), Incremented(3), Reset(), Incremented(4))
    game.increment(1)
    assert before == (Incremented(2), Incremented(3), Reset(), Incremented(4))  # a snapshot
    assert game.log[: len(before)] == before
    assert game.log[-1] == Incremented(1)
    assert game.log is not game.log  # a fresh tuple each time: the list stays private


@pytest.mark.parametrize(("n", "rule"), [(0, "Art 1"), (-3, "Art 1"), (7, "Art 2")])
def test_a_refused_event_changes_nothing(n: int, rule: str) -> None:
    game = played()  # total 4, limit 10
    log, total, digest, applied = game.log, game.total, game.digest(), game.applied
    assert not game.can_increment(n)
    with pytest.raises(RuleViolation) as info:
        game.increment(n)
    assert info.value.rule == rule
    assert str(info.value).startswith(f"{rule}: ")
    assert game.log == log and game.total == total and game.applied == applied
    assert game.digest() == digest
    game.increment(6)  # still playable afterwards, up to the limit exactly
    assert game.total == 10


def test_commit_refuses_an_event_of_another_game() -> None:
    game = played()
    log = game.log
    with pytest.raises(RuleViolation) as info:
        game._commit(Stranger())
    assert info.value.rule == "protocol"
    assert "Stranger" in str(info.value) and "counter" in str(info.value)
    assert game.log == log and game.applied == 4


def test_can_answers_without_raising() -> None:
    game = Counter(CounterOptions(limit=3))
    assert game.can_increment(3)
    assert not game.can_increment(4)
    assert not game.can_increment(0)
    assert game.log == ()  # asking changes nothing


def test_can_only_swallows_croupier_errors() -> None:
    def broken() -> None:
        raise KeyError("a bug, not a rule")

    def refuses() -> None:
        raise RecordError("x", "bad")

    assert Game._can(lambda a, b=0: None, 1, b=2)
    assert not Game._can(refuses)
    with pytest.raises(KeyError):
        Game._can(broken)


def test_can_passes_its_arguments() -> None:
    seen: list[object] = []

    def verify(a: int, *, b: str) -> None:
        seen.append((a, b))
        if a < 0:
            raise CroupierError("negative")

    assert Game._can(verify, 1, b="x")
    assert not Game._can(verify, -1, b="y")
    assert seen == [(1, "x"), (-1, "y")]


def test_replay_rebuilds_the_same_table() -> None:
    game = played()
    again = Counter.replay(game.options, game.log)
    assert again.log == game.log
    assert again.total == game.total == 4
    assert again.view() == game.view()
    assert again.digest() == game.digest()


def test_replay_from_dicts_and_from_a_mix() -> None:
    game = played()
    dicts = [e.to_dict() for e in game.log]
    assert Counter.replay(game.options, dicts).digest() == game.digest()
    mixed: list[Event | dict[str, Any]] = [dicts[0], game.log[1], dicts[2], game.log[3]]
    assert Counter.replay(game.options, mixed).log == game.log
    assert Counter.replay(game.options, iter(dicts)).total == 4  # any iterable


def test_replay_of_nothing_is_a_fresh_table() -> None:
    game = Counter.replay(CounterOptions(), [])
    assert game.log == () and game.total == 0
    assert game.digest() == Counter(CounterOptions()).digest()


@pytest.mark.parametrize(
    ("events", "index", "rule"),
    [
        ([Incremented(1), Incremented(0)], 1, "Art 1"),
        ([Incremented(-1)], 0, "Art 1"),
        # each step is fine on its own: only re-checking in order finds the breach
        ([Incremented(5), Incremented(5), Incremented(1)], 2, "Art 2"),
        ([Incremented(5), Reset(), Incremented(5), Incremented(5), Incremented(1)], 4, "Art 2"),
        ([Reset(), Stranger()], 1, "protocol"),
    ],
)
def test_replay_of_a_tampered_log_names_the_event(
    events: list[Event], index: int, rule: str
) -> None:
    with pytest.raises(RuleViolation) as info:
        Counter.replay(CounterOptions(limit=10), events)
    assert info.value.rule == rule
    assert f"event {index} ({events[index].TYPE}) refused" in str(info.value)
    # the same through dicts: replay re-checks, it does not trust the record
    if not isinstance(events[index], Stranger):
        with pytest.raises(RuleViolation, match=f"event {index} "):
            Counter.replay(CounterOptions(limit=10), [e.to_dict() for e in events])


def test_replay_rechecks_against_the_options() -> None:
    game = played()  # fine with limit 10 (reaches 5)
    with pytest.raises(RuleViolation, match=r"event 1 \(incremented\)"):
        Counter.replay(CounterOptions(limit=4), game.log)


def test_event_from_dict_picks_the_event_class() -> None:
    assert Counter.event_from_dict({"type": "incremented", "by": 2}) == Incremented(2)
    assert Counter.event_from_dict({"type": "reset"}) == Reset()
    with pytest.raises(RecordError) as unknown:
        Counter.event_from_dict({"type": "stranger"})
    assert unknown.value.field == "type"
    assert "'stranger'" in str(unknown.value) and "counter" in str(unknown.value)
    with pytest.raises(RecordError) as not_object:
        Counter.event_from_dict(["incremented", 2])  # type: ignore[arg-type]
    assert not_object.value.field == "type"


def test_to_record() -> None:
    record = played().to_record()
    assert record == {
        "game": "counter",
        "options": {"limit": 10},
        "events": [
            {"type": "incremented", "by": 2},
            {"type": "incremented", "by": 3},
            {"type": "reset"},
            {"type": "incremented", "by": 4},
        ],
    }


def test_record_json_round_trip() -> None:
    game = played()
    text = json.dumps(game.to_record())
    again = Counter.from_record(json.loads(text))
    assert type(again) is Counter
    assert again.options == game.options
    assert again.log == game.log
    assert again.total == game.total
    assert again.view() == game.view()
    assert again.digest() == game.digest()
    assert again.to_record() == game.to_record()


def test_from_record_refuses_the_wrong_game() -> None:
    record = played().to_record()
    for game in ["baccarat", None, "Counter"]:
        with pytest.raises(RecordError) as info:
            Counter.from_record({**record, "game": game})
        assert info.value.field == "game"
        assert repr(game) in str(info.value)
    without = {k: v for k, v in record.items() if k != "game"}
    with pytest.raises(RecordError, match="not a counter record") as missing:
        Counter.from_record(without)
    assert missing.value.field == "game"


@pytest.mark.parametrize("data", [[], "counter", None, 0])
def test_from_record_refuses_a_non_object(data: Any) -> None:
    with pytest.raises(RecordError) as info:
        Counter.from_record(data)
    assert info.value.field == "game"


@pytest.mark.parametrize("events", [None, {"0": {"type": "reset"}}, "reset", ({"type": "reset"},)])
def test_from_record_refuses_missing_events(events: object) -> None:
    record: dict[str, Any] = {"game": "counter", "options": {"limit": 10}}
    if events is not None:
        record["events"] = events
    with pytest.raises(RecordError) as info:
        Counter.from_record(record)
    assert info.value.field == "events"


def test_from_record_refuses_an_unknown_event_type() -> None:
    record = played().to_record()
    record["events"].insert(1, {"type": "jackpot", "by": 1})
    with pytest.raises(RecordError) as info:
        Counter.from_record(record)
    assert info.value.field == "type"
    assert "'jackpot'" in str(info.value)


@pytest.mark.parametrize(
    ("event", "field"),
    [
        ({"type": "incremented", "by": "2"}, "by"),
        ({"type": "incremented", "by": True}, "by"),
        ({"type": "incremented", "by": 2.0}, "by"),
        ({"type": "incremented"}, "by"),
        ({"type": "incremented", "by": 2, "times": 2}, "times"),
        ({"type": "reset", "by": 2}, "by"),
        ({"by": 2}, "type"),
        ("reset", "type"),
    ],
)
def test_from_record_refuses_a_bad_event(event: object, field: str) -> None:
    record = played().to_record()
    record["events"].append(event)
    with pytest.raises(RecordError) as info:
        Counter.from_record(record)
    assert info.value.field == field


def test_from_record_refuses_a_tampered_event() -> None:
    record = played().to_record()
    record["events"][3]["by"] = 9  # 0 + 9 after the reset: fine; 5 + 9 > 10 would not be
    assert Counter.from_record(record).total == 9
    record["events"][0]["by"] = 0
    with pytest.raises(RuleViolation, match=r"event 0 \(incremented\) refused") as info:
        Counter.from_record(record)
    assert info.value.rule == "Art 1"


def test_from_record_reads_the_options() -> None:
    record = played().to_record()
    record["options"] = {"limit": 4}
    with pytest.raises(RuleViolation, match="event 1"):
        Counter.from_record(record)
    record["options"] = {"limit": "ten"}
    with pytest.raises(RecordError) as info:
        Counter.from_record(record)
    assert info.value.field == "limit"


def test_digest_is_the_sha256_of_the_canonical_log() -> None:
    game = played()
    digest = game.digest()
    assert len(digest) == 64 and int(digest, 16) >= 0
    assert digest == canonical_digest(game.to_record())
    empty = Counter(CounterOptions())
    assert empty.digest() == canonical_digest(empty.to_record())
    other = Counter.replay(CounterOptions(limit=CounterOptions().limit + 1), game.log)
    assert other.digest() != digest  # the options are part of what the digest covers


def test_digest_follows_the_history() -> None:
    assert played().digest() == played().digest()
    a = Counter(CounterOptions())
    b = Counter(CounterOptions())
    a.increment(1)
    a.increment(2)
    b.increment(2)
    b.increment(1)
    assert a.total == b.total
    assert a.digest() != b.digest()  # same state, different history
    before = a.digest()
    a.increment(1)
    assert a.digest() != before


def test_view() -> None:
    assert played().view() == {"total": 4, "events": 4}
    assert played().view(seat=1) == played().view()


@given(st.lists(st.integers(min_value=-3, max_value=8) | st.none(), max_size=30))
def test_any_play_replays_to_the_same_digest(steps: list[int | None]) -> None:
    game = Counter(CounterOptions(limit=20))
    for step in steps:
        if step is None:
            game.reset()
        elif game.can_increment(step):
            game.increment(step)
        else:
            with pytest.raises(RuleViolation):
                game.increment(step)
    record = json.loads(json.dumps(game.to_record()))
    again = Counter.from_record(record)
    assert again.digest() == game.digest()
    assert again.total == game.total
    assert len(again.log) == len(game.log) == again.applied
