"""Issue 16 (preamble): every reading a named table option, set by ``--option KEY=VALUE`` (and
later the server's table settings), checked against the options class: unknown keys refused
with the list of keys, wrong values with the form allowed."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from fractions import Fraction
from typing import Any, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.errors import MaterialError
from croupier.table.registry import GAMES
from croupier.table.settings import (
    OptionError,
    apply_settings,
    options_from_pairs,
    parse_assignment,
    settings_of,
)


class Speed(Enum):
    SLOW = "slow"
    FAST = "fast"


class Wind(IntEnum):
    EAST = 0
    SOUTH = 1


@dataclass(frozen=True)
class Limit:
    minimum: int = 1
    maximum: int | None = None

    def __post_init__(self) -> None:
        if self.maximum is not None and self.maximum < self.minimum:
            raise MaterialError(f"maximum {self.maximum} is below minimum {self.minimum}")


@dataclass(frozen=True)
class Scoring:
    """Scoring.

    * ``min_faan``: the least faan of a win.
    """

    min_faan: int = 3
    faan: Mapping[str, int | Literal["limit"]] = field(default_factory=dict)


@dataclass(frozen=True)
class Demo:
    """A table with one field of every kind.

    * ``decks``: decks in the shoe,
      two lines of doc.
    * ``open``: whether the table is open.
    """

    decks: int = 1
    open: bool = True
    speed: Speed = Speed.SLOW
    wind: Wind = Wind.EAST
    name: str = "main"
    rate: Fraction = Fraction(1, 20)
    units: tuple[int, ...] = (1, 2, 3)
    cap: int | None = None
    limit: Limit = Limit()
    scoring: Scoring = Scoring()
    by_bet: Mapping[str, Limit] = field(default_factory=dict)
    note: str = field(default="", metadata={"doc": "a note from the field's metadata"})

    def __post_init__(self) -> None:
        if self.decks < 1:
            raise MaterialError(f"decks must be at least 1, got {self.decks}")


KEYS = [
    "decks",
    "open",
    "speed",
    "wind",
    "name",
    "rate",
    "units",
    "cap",
    "limit.minimum",
    "limit.maximum",
    "scoring.min_faan",
    "scoring.faan",
    "by_bet",
    "note",
]


def test_issue16_option_keys_with_type_default_and_doc() -> None:
    settings = {s.key: s for s in settings_of(Demo)}
    assert list(settings) == KEYS
    assert settings["decks"].to_dict() == {
        "key": "decks",
        "type": "int",
        "form": "a whole number (ASCII digits, e.g. 20)",
        "default": 1,
        "doc": "decks in the shoe, two lines of doc.",
    }
    assert settings["open"].doc == "whether the table is open."
    assert settings["speed"].choices == ("slow", "fast")
    assert settings["wind"].choices == ("east", "south")
    assert settings["rate"].default == "1/20"
    assert settings["units"].default == [1, 2, 3]
    assert settings["cap"].kind == "int or none"
    assert settings["scoring.min_faan"].doc == "the least faan of a win."
    assert settings["note"].doc == "a note from the field's metadata"


@pytest.mark.parametrize(
    ("key", "text", "value"),
    [
        ("decks", "6", 6),
        ("decks", " 10_000 ", 10_000),
        ("open", "false", False),
        ("open", "TRUE", True),
        ("speed", "fast", Speed.FAST),
        ("wind", "south", Wind.SOUTH),
        ("wind", "1", Wind.SOUTH),
        ("name", "salon privé", "salon privé"),
        ("rate", "1/25", Fraction(1, 25)),
        ("rate", "0.04", Fraction(1, 25)),
        ("rate", "4%", Fraction(1, 25)),
        ("units", "1,2,3,5", (1, 2, 3, 5)),
        ("units", "[1, 2]", (1, 2)),
        ("units", "", ()),
        ("cap", "none", None),
        ("cap", "16", 16),
    ],
)
def test_issue16_option_values_read_by_the_field_type(key: str, text: str, value: Any) -> None:
    assert getattr(apply_settings(Demo(), {key: text}), key) == value


@pytest.mark.parametrize(
    ("key", "text", "form"),
    [
        ("decks", "6.0", "a whole number"),
        ("decks", "true", "a whole number"),
        ("decks", "２０", "a whole number"),  # full-width digits (issue 15 item 12)
        ("decks", "1e3", "a whole number"),
        ("decks", "", "a whole number"),
        ("open", "yes", "true or false"),
        ("open", "1", "true or false"),
        ("speed", "quick", "one of slow, fast"),
        ("wind", "north", "one of east, south"),
        ("rate", "1/0", "a fraction"),
        ("rate", "five", "a fraction"),
        ("units", "1,,2", "items separated by commas"),
        ("cap", "null", "or none"),
        ("limit.minimum", "-", "a whole number"),
        ("by_bet", "{tie: 1}", "not valid JSON"),
        ("by_bet", '{"tie": {"minimum": 1.5}}', "a whole number"),
        ("by_bet", '{"tie": {"least": 1}}', "unknown: least"),
    ],
)
def test_issue16_wrong_option_value_is_refused_with_the_allowed_form(
    key: str, text: str, form: str
) -> None:
    with pytest.raises(OptionError, match=f"option {key}=.*expected .*{form}") as info:
        apply_settings(Demo(), {key: text})
    assert info.value.field == key


def test_issue16_unknown_option_is_refused_with_the_list_of_keys() -> None:
    for key in ("deck", "limit.least", "decks.minimum", "limit.minimum.x"):
        with pytest.raises(OptionError, match=f"unknown option '{key}'; the options are: ") as e:
            apply_settings(Demo(), {key: "1"})
        assert str(e.value).endswith(", ".join(KEYS))


def test_issue16_nested_options_by_dotted_key_or_whole_json() -> None:
    by_key = apply_settings(Demo(), {"limit.minimum": "100", "limit.maximum": "5000"})
    by_json = apply_settings(Demo(), {"limit": '{"minimum": 100, "maximum": 5000}'})
    assert by_key.limit == by_json.limit == Limit(100, 5000)
    tied = apply_settings(Demo(), {"by_bet": '{"tie": {"minimum": 100, "maximum": 500}}'})
    assert tied.by_bet == {"tie": Limit(100, 500)}
    faan = apply_settings(Demo(), {"scoring.faan": '{"seven-pairs": 4, "thirteen": "limit"}'})
    assert faan.scoring == Scoring(3, {"seven-pairs": 4, "thirteen": "limit"})


def test_issue16_the_options_class_refusal_names_the_keys_set() -> None:
    with pytest.raises(OptionError, match="options decks refused: decks must be at least 1"):
        apply_settings(Demo(), {"decks": "0"})
    with pytest.raises(OptionError, match=r"options limit\.minimum refused: maximum 5 is below"):
        apply_settings(Demo(limit=Limit(1, 5)), {"limit.minimum": "10"})


def test_issue16_json_values_from_the_server_are_read_strictly() -> None:
    table = apply_settings(Demo(), {"decks": 6, "open": False, "units": [1, 2], "cap": None})
    assert (table.decks, table.open, table.units, table.cap) == (6, False, (1, 2), None)
    for key, value in (("decks", True), ("decks", 6.0), ("open", 1), ("speed", 1)):
        with pytest.raises(OptionError, match=f"option {key}="):
            apply_settings(Demo(), {key: value})


def test_issue16_a_refused_setting_changes_nothing() -> None:
    base = Demo(decks=4)
    with pytest.raises(OptionError):
        apply_settings(base, {"decks": "6", "speed": "quick"})
    assert base == Demo(decks=4)


@pytest.mark.parametrize(
    ("text", "parsed"),
    [("decks=6", ("decks", "6")), ("count-banker-as-one=false", ("count_banker_as_one", "false"))],
)
def test_issue16_option_assignment_form(text: str, parsed: tuple[str, str]) -> None:
    assert parse_assignment(text) == parsed


@pytest.mark.parametrize("text", ["decks", "=6", "9decks=1", "de cks=1", "decks.=1", ""])
def test_issue16_option_assignment_without_key_or_equals_is_refused(text: str) -> None:
    with pytest.raises(OptionError, match="an option is KEY=VALUE"):
        parse_assignment(text)


def test_issue16_option_given_twice_is_refused() -> None:
    with pytest.raises(OptionError, match="option decks is given twice"):
        options_from_pairs(Demo, ["decks=2", "decks=3"])
    assert options_from_pairs(Demo, ["decks=2", "speed=fast"]) == Demo(decks=2, speed=Speed.FAST)


@given(st.integers(min_value=-(10**30), max_value=10**30))
def test_issue16_any_integer_reads_back_as_itself(n: int) -> None:
    assert apply_settings(Demo(), {"cap": str(n)}).cap == n


@given(st.text(st.characters(categories=["Nd"]), min_size=1, max_size=6))
def test_issue16_only_ascii_digits_read_as_an_integer(digits: str) -> None:
    if digits.isascii():
        assert apply_settings(Demo(), {"cap": digits}).cap == int(digits)
    else:
        with pytest.raises(OptionError, match="a whole number"):
            apply_settings(Demo(), {"cap": digits})


def game_options(name: str) -> type[Any]:
    return GAMES[name].options


@pytest.mark.parametrize("game", list(GAMES))
def test_issue16_each_game_options_defaults_read_back_as_the_defaults(game: str) -> None:
    """Every game's options class: every key is listed with a default that reads back."""
    options = game_options(game)
    settings = settings_of(options)
    assert settings and all(s.kind != "fixed" for s in settings), game
    values = {s.key: s.default for s in settings}
    assert apply_settings(options(), values) == options()


def test_issue16_an_options_class_must_be_a_dataclass() -> None:
    with pytest.raises(TypeError, match="not an options dataclass"):
        settings_of(int)
    assert dataclasses.is_dataclass(Demo)
