"""The canonical JSON encoders compiled per event class, and the streamed digest: the same text
and the same digest as the generic ``json.dumps(encode(...))`` they replace, for every event
type of every game and for any value a field may hold (issue 22: each event encoded once)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import types
import typing
from enum import Enum
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import croupier.events
import croupier.games.five_card_stud.events
import croupier.games.mahjong.events
import croupier.games.thirteen.round
import croupier.table.events
from croupier.cards import Card
from croupier.errors import RecordError
from croupier.games.five_card_stud.bots import RandomBot, StrengthBot, new_table, play_hand
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame
from croupier.protocol import Event, canonical_json
from croupier.shuffle import SeededShuffler
from croupier.tiles import Tile

MODULES = (
    croupier.events,
    croupier.games.five_card_stud.events,
    croupier.games.mahjong.events,
    croupier.games.thirteen.round,
    croupier.table.events,
)


def event_classes() -> list[type[Event]]:
    found: dict[str, type[Event]] = {}
    for module in MODULES:
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Event)
                and value is not Event
                and dataclasses.is_dataclass(value)
            ):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[k] for k in sorted(found)]


def reference(value: Any, ascii_only: bool = True) -> str:
    return json.dumps(
        value.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=ascii_only
    )


def values_of(annotation: Any) -> st.SearchStrategy[Any]:
    """Values of the hinted type, and now and then a value of another type (the encoders must
    write those as the generic encoder does)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        return st.one_of(*(values_of(a) for a in typing.get_args(annotation)))
    if origin is tuple:
        args = typing.get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(values_of(args[0]), max_size=4).map(tuple)
        return st.tuples(*(values_of(a) for a in args))
    if annotation is type(None) or annotation is None:
        return st.none()
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        return st.one_of(st.integers(-(10**20), 10**20), st.booleans())
    if annotation is str:
        return st.text(max_size=12)  # unicode, quotes, backslashes, controls
    if annotation is Fraction:
        return st.fractions(max_denominator=1000)
    if annotation is Card:
        return st.integers(0, 51).map(Card)
    if annotation is Tile:
        return st.integers(0, 33).map(Tile)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return st.sampled_from(list(annotation))
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        return instances(annotation)
    raise AssertionError(f"no values for {annotation!r}")


def instances(cls: type[Any]) -> st.SearchStrategy[Any]:
    hints = typing.get_type_hints(cls)
    fields = [f.name for f in dataclasses.fields(cls)]

    def build(values: tuple[Any, ...]) -> Any:
        made = object.__new__(cls)  # past __post_init__: any combination of field values
        for name, value in zip(fields, values, strict=True):
            object.__setattr__(made, name, value)
        return made

    return st.tuples(*(values_of(hints[n]) for n in fields)).map(build)


CLASSES = event_classes()


def test_every_game_s_events_are_collected() -> None:
    names = {c.TYPE for c in CLASSES}
    assert {"player_acted", "hand_settled", "shoe_shuffled", "chips_in", "table_closed"} <= names
    assert len(CLASSES) >= 30


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.TYPE)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_protocol_canonical_json_is_the_generic_text(cls: type[Event], data: st.DataObject) -> None:
    event = data.draw(instances(cls))
    for ascii_only in (True, False):
        try:
            expected = reference(event, ascii_only)
        except (TypeError, ValueError) as exc:
            with pytest.raises(type(exc)):
                canonical_json(event, ascii_only=ascii_only)
            return
        assert canonical_json(event, ascii_only=ascii_only) == expected


def test_protocol_a_value_of_another_type_goes_the_generic_way() -> None:
    from croupier.games.five_card_stud.events import Act, PlayerActed

    odd = object.__new__(PlayerActed)
    for name, value in (("seat", True), ("action", "fold"), ("chips", [1, 2]), ("at", "12")):
        object.__setattr__(odd, name, value)
    assert canonical_json(odd) == reference(odd)
    fine = PlayerActed(3, Act.RAISE, 400, 12)
    assert (
        canonical_json(fine)
        == '{"action":"raise","at":12,"chips":400,"seat":3,"type":"player_acted"}'
    )


def stud_table(hands: int, seed: int) -> StudGame:
    rng = random.Random(seed)
    game = new_table(StudOptions(), 5)
    bots = {s: (RandomBot(rng) if s % 2 else StrengthBot(rng)) for s in range(1, 6)}
    for _ in range(hands):
        for seat in list(game.players):
            if game.must_top_up(seat):
                game.top_up(seat, game.options.min_buy_in - game.stacks[seat])
        play_hand(game, bots, SeededShuffler(seed), rng, cut_chance=0.3)
    return game


def whole_digest(game: StudGame) -> str:
    text = json.dumps(game.to_record(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def test_protocol_the_streamed_digest_is_the_record_s_digest() -> None:
    game = stud_table(30, 7)
    assert game.digest() == whole_digest(game)
    events = list(game.log)
    # asked for at every step, and only at the end: the same digest
    again = StudGame(game.options)
    for event in events:
        again.follow([event])
        assert again.digest() == whole_digest(again)
    assert again.digest() == game.digest()
    assert StudGame(StudOptions()).digest() == whole_digest(StudGame(StudOptions()))


def test_protocol_release_log_keeps_the_digest_and_drops_the_events() -> None:
    game = stud_table(20, 3)
    digest, count, log = game.digest(), game.event_count, game.log
    released = game.release_log()
    assert released == log and game.event_count == count and game.digest() == digest
    assert game.release_log() == ()
    with pytest.raises(RecordError, match="released"):
        game.log  # noqa: B018
    with pytest.raises(RecordError, match="released"):
        game.to_record()
    twin = stud_table(25, 3)
    assert twin.log[:count] == tuple(stud_table(20, 3).log)
    # the table plays on; its digest is the digest of the whole history
    more = StudGame.replay(twin.options, twin.log[:count])
    more.release_log()
    more.follow(twin.log[count:])
    assert more.digest() == twin.digest()


def test_protocol_follow_names_the_refused_event_by_its_place_in_the_whole_log() -> None:
    game = stud_table(2, 5)
    log = game.log
    again = StudGame.replay(game.options, log[:10])
    with pytest.raises(Exception, match=r"event 10 "):
        again.follow([log[11]])
    assert again.event_count == 10


def test_protocol_a_twin_may_release_its_events_unhashed() -> None:
    game = stud_table(6, 9)
    twin = StudGame(game.options)
    twin.follow(game.log)
    count = twin.event_count
    assert len(twin.release_log(digest=False)) == count
    assert twin.event_count == count and twin._log == []
    with pytest.raises(RecordError, match="unhashed"):
        twin.digest()
    twin.follow([])  # it can follow on
    assert twin.release_log(digest=False) == ()


def test_protocol_a_shared_event_s_text_is_written_from_its_kept_text() -> None:
    from croupier.frozen import SHARED_EVENTS, share_text
    from croupier.frozen import SHARED_TEXTS as _SHARED
    from croupier.games.five_card_stud.events import Act, PlayerActed

    shared = PlayerActed(6, Act.CALL, 1234, None)
    share_text(shared)
    assert _SHARED[id(shared)] == canonical_json(shared)
    assert SHARED_EVENTS[id(shared)] is shared  # kept alive: its id is its own

    @dataclasses.dataclass(frozen=True, slots=True)
    class Unseen(Event):  # a class whose encoder share_text makes (none made before)
        TYPE = "unseen"
        seat: int
        note: str

    unseen = Unseen(3, "é")
    share_text(unseen)
    reference = json.dumps(unseen.to_dict(), sort_keys=True, separators=(",", ":"))
    assert _SHARED[id(unseen)] == canonical_json(unseen) == reference
    assert SHARED_EVENTS[id(unseen)] is unseen
    # a table committing the shared value, an equal value that is another object and another
    # value: the streamed digest is the record's (each written as its own text)
    game = StudGame(StudOptions())
    game._log.extend([shared, PlayerActed(6, Act.CALL, 1234, None), PlayerActed(2, Act.BET, 9, 4)])
    assert game.digest() == whole_digest(game)
    game = stud_table(5, 11)  # a table whose bots' decisions are shared events
    assert game.digest() == whole_digest(game)


def test_protocol_the_digest_makes_an_unseen_class_s_encoder_on_its_first_lookup(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The streamed digest reads each class's encoder by subscript: a class no encoder was made
    for gets it made then (the same as canonical_json's), and the shared texts' limit empties
    the texts and the events they keep together."""
    from croupier import frozen
    from croupier.games.five_card_stud.events import Act, PlayerActed
    from croupier.protocol import _ASCII

    @dataclasses.dataclass(frozen=True, slots=True)
    class Fresh(Event):  # never encoded before
        TYPE = "fresh"
        seat: int
        cards: tuple[Card, ...]

    assert Fresh not in _ASCII
    game = StudGame(StudOptions())
    game._log.extend([Fresh(2, (Card.parse("As"),)), PlayerActed(1, Act.FOLD, 0, None)])
    assert game.digest() == whole_digest(game)
    assert _ASCII[Fresh] is not None and Fresh in _ASCII
    monkeypatch.setattr(frozen, "SHARED_TEXTS", {})
    monkeypatch.setattr(frozen, "SHARED_EVENTS", {})
    monkeypatch.setattr(frozen, "_SHARED_LIMIT", 2)
    events = [PlayerActed(3, Act.BET, n, None) for n in (5, 6, 7)]
    for event in events:
        frozen.share_text(event)
    assert {id(events[2]): canonical_json(events[2])} == frozen.SHARED_TEXTS
    assert {id(events[2]): events[2]} == frozen.SHARED_EVENTS


def test_protocol_fast_init_makes_the_same_frozen_values() -> None:
    from croupier.frozen import fast_init

    @dataclasses.dataclass(frozen=True, slots=True)
    class Plain(Event):
        TYPE = "plain"
        seat: int
        cards: tuple[Card, ...]
        note: str | None

    @dataclasses.dataclass(frozen=True, slots=True)
    class WithDefault(Event):
        TYPE = "with_default"
        seat: int
        note: str | None = None

    @dataclasses.dataclass(frozen=True, slots=True)
    class KeywordOnly(Event):
        TYPE = "keyword_only"
        seat: int
        _: dataclasses.KW_ONLY
        note: str

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked(Event):
        TYPE = "checked"
        seat: int

        def __init__(self, seat: int) -> None:  # a check of its own, written by hand
            if seat < 1:
                raise ValueError(f"seat {seat}")
            object.__setattr__(self, "seat", seat)

    before = Plain(1, (Card.parse("As"),), None)
    own = {cls: cls.__init__ for cls in (WithDefault, KeywordOnly, Checked)}
    fast_init(Plain, WithDefault, KeywordOnly, Checked)
    # what the faster __init__ cannot make alike keeps its own: defaults, keyword-only fields,
    # an __init__ written by hand (its check stays)
    assert all(cls.__init__ is init for cls, init in own.items())
    assert WithDefault(2) == WithDefault(2, None)
    with pytest.raises(TypeError):
        KeywordOnly(1, "x")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="seat -5"):
        Checked(-5)
    assert Plain.__init__.__module__ == Plain.__module__
    after = Plain(1, (Card.parse("As"),), None)
    assert after == before and hash(after) == hash(before) and repr(after) == repr(before)
    assert Plain(seat=1, note=None, cards=(Card.parse("As"),)) == before
    assert canonical_json(after) == canonical_json(before)
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.seat = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Plain(1, ())  # type: ignore[call-arg]
    # every event class given the faster __init__ makes the values its fields say
    for cls in CLASSES:
        if "_set_" not in " ".join(cls.__init__.__code__.co_names):
            continue
        names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
        values = [object() for _ in names]
        made = cls(*values)
        assert [getattr(made, n) for n in names] == values
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, names[0], 1)


def test_protocol_fast_maker_makes_the_same_frozen_values() -> None:
    """fast_maker's function makes the very value the class makes (its class, fields,
    equality, hash, text, immutability); a class it cannot serve so is given back itself."""
    import copy
    import pickle

    from croupier.frozen import fast_maker
    from croupier.games.five_card_stud.events import HandSettled
    from croupier.games.five_card_stud.pots import PotResult

    @dataclasses.dataclass(frozen=True, slots=True)
    class WithDefault(Event):
        TYPE = "with_default"
        seat: int
        note: str | None = None

    class Base:
        __slots__ = ()

        def __setattr__(self, name: str, value: object) -> None:  # pragma: no cover
            raise AttributeError(name)

    @dataclasses.dataclass(frozen=True, slots=True)
    class OwnBase(Base):
        seat: int

    assert fast_maker(WithDefault) is WithDefault
    assert fast_maker(OwnBase) is OwnBase
    for cls in (PotResult, HandSettled, *CLASSES):
        make: Any = fast_maker(cls)
        if make is cls:
            continue
        names = [f.name for f in dataclasses.fields(cls)]
        values = [object() for _ in names]
        made = make(*values)
        assert type(made) is cls
        assert [getattr(made, n) for n in names] == values
        assert made == cls(*values) and hash(made) == hash(cls(*values))
        if names:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(made, names[0], 1)
    pot = fast_maker(PotResult)(40, (1, 2), (2,), 2, ((2, 38),), 0)
    assert pot == PotResult(40, (1, 2), (2,), 2, ((2, 38),), 0) and repr(pot) == repr(
        PotResult(40, (1, 2), (2,), 2, ((2, 38),), 0)
    )
    assert copy.deepcopy(pot) == pot and pickle.loads(pickle.dumps(pot)) == pot
    settled = fast_maker(HandSettled)(3, (1, 2), (), (), (pot,), 20, 22, ((1, 100), (2, 138)))
    assert canonical_json(settled) == canonical_json(
        HandSettled(3, (1, 2), (), (), (pot,), 20, 22, ((1, 100), (2, 138)))
    )


#: ints about the edges of the encoders' tables: the small ints' texts (0..1023) and the
#: (seat, card) pairs' (seats 0..15); booleans, which equal 0 and 1 but are written otherwise
EDGE_INTS = st.one_of(
    st.integers(-3, 20),
    st.integers(1020, 1027),
    st.sampled_from([-1024, 10**20, True, False]),
)


def edge_values(annotation: Any) -> st.SearchStrategy[Any]:
    """:func:`values_of` with the ints about the tables' edges, lists of zero, one or more
    items, and now and then a list (or None) where a tuple is hinted."""
    origin = typing.get_origin(annotation)
    if origin is tuple:
        args = typing.get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            items = st.lists(edge_values(args[0]), max_size=3)
        else:
            items = st.tuples(*(edge_values(a) for a in args)).map(list)
        return st.one_of(items.map(tuple), items, st.none())
    if annotation is int:
        return EDGE_INTS
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        hints = typing.get_type_hints(annotation)
        fields = [f.name for f in dataclasses.fields(annotation)]

        def build(values: tuple[Any, ...]) -> Any:
            made = object.__new__(annotation)
            for name, value in zip(fields, values, strict=True):
                object.__setattr__(made, name, value)
            return made

        return st.tuples(*(edge_values(hints[n]) for n in fields)).map(build)
    if origin is typing.Union or origin is types.UnionType:
        return st.one_of(*(edge_values(a) for a in typing.get_args(annotation)))
    return values_of(annotation)


@pytest.mark.parametrize(
    "cls",
    [
        croupier.games.five_card_stud.events.CardsDealt,
        croupier.games.five_card_stud.events.HandSettled,
        croupier.games.five_card_stud.events.HandStarted,
        croupier.games.five_card_stud.events.MisdealRectified,
        croupier.events.ShoeShuffled,
    ],
    ids=lambda c: c.TYPE,
)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_protocol_the_encoders_tables_give_the_generic_text(
    cls: type[Event], data: st.DataObject
) -> None:
    """The looked-up texts (small ints, (seat, card) pairs), the lists of one item or none and a
    list field that is not a tuple (the whole value's reference text): the reference's text."""
    event = data.draw(edge_values(cls))
    for ascii_only in (True, False):
        try:
            expected = reference(event, ascii_only)
        except (TypeError, ValueError) as exc:
            with pytest.raises(type(exc)):
                canonical_json(event, ascii_only=ascii_only)
            return
        assert canonical_json(event, ascii_only=ascii_only) == expected


def test_share_text_set_up_by_two_threads_at_once() -> None:
    """The first ``share_text`` sets up the protocol's encoders lazily; a second thread arriving
    while the first is setting them up finds them whole (a review found a window between two
    lists being filled: IndexError). The set-up's append is slowed to hold the window open."""
    import threading
    import time
    from typing import Any

    from croupier import frozen
    from croupier.games.five_card_stud.bots import new_table
    from croupier.games.five_card_stud.options import StudOptions
    from croupier.protocol import canonical_json
    from croupier.shuffle import SeededShuffler

    game = new_table(StudOptions(), 2)
    game.start_hand()
    game.shuffle(SeededShuffler("x"))
    event = game._log[-1]

    class Slow(list[Any]):
        def append(self, item: Any) -> None:
            time.sleep(0.2)
            super().append(item)

    errors: list[str] = []

    def share() -> None:
        try:
            frozen.share_text(event)
        except Exception as exc:  # the failure under test
            errors.append(repr(exc))

    saved = frozen._ENCODING
    frozen._ENCODING = Slow()
    try:
        first = threading.Thread(target=share)
        first.start()
        time.sleep(0.05)
        second = threading.Thread(target=share)
        second.start()
        first.join()
        second.join()
    finally:
        frozen._ENCODING = saved
    assert errors == []
    assert frozen.SHARED_TEXTS[id(event)] == canonical_json(event)
    assert frozen.SHARED_EVENTS[id(event)] is event


class _NotACard:
    """An item with a card's code that is not a Card (format_cards reads its code all the same)."""

    def __init__(self, code: int) -> None:
        self.code = code


@settings(max_examples=200, deadline=None)
@given(
    codes=st.lists(st.integers(0, 51), max_size=60),
    odd=st.one_of(st.none(), st.integers(0, 59)),
)
def test_card_notation_is_format_cards_and_keeps_only_an_order_of_cards(
    codes: list[int], odd: int | None
) -> None:
    """card_notation is format_cards' text whatever the items; it keeps an order's text (for
    its encoding, its commitment and the stud check of its cards) only when every item is
    exactly a Card, and the kept order's encoding is the generic text (issue 22)."""
    from croupier.canonical import card_notation, kept_names, kept_notation
    from croupier.cards import format_cards
    from croupier.events import ShoeShuffled, order_commitment

    items: list[Any] = [Card(c) for c in codes]
    if odd is not None and items:
        items[odd % len(items)] = _NotACard(odd % 52)
    cards = tuple(items)
    assert card_notation(cards) == format_cards(cards)
    every = bool(cards) and all(type(c) is Card for c in cards)
    assert (kept_notation(cards) is not None) is every
    assert kept_notation(tuple(items)) is None or not cards  # the very tuple only
    if every:
        assert kept_notation(cards) == format_cards(cards)
        assert kept_names(cards) == [str(c) for c in cards]
        event = ShoeShuffled(cards, 0, None, order_commitment(cards))
        assert event.commitment == hashlib.sha256(format_cards(cards).encode()).hexdigest()
        assert canonical_json(event) == reference(event)
    recorded = ShoeShuffled.record(cards, cut=3, cut_card_depth=None)
    assert recorded.commitment == hashlib.sha256(format_cards(cards).encode()).hexdigest()
    if every or not cards:
        assert canonical_json(recorded) == reference(recorded)
    else:  # an item that is not a card is no record's
        for write in (canonical_json, reference):
            with pytest.raises(TypeError):
                write(recorded)


def test_card_notation_of_a_card_of_a_code_outside_the_pack_is_format_cards_own() -> None:
    """A Card made past its constructor with a code outside 0..51 is never kept: the text (or
    the error) is format_cards' own."""
    from croupier.canonical import card_notation, kept_notation
    from croupier.cards import format_cards

    for code in (-1, -52, 52):
        odd = object.__new__(Card)
        object.__setattr__(odd, "code", code)
        cards = (Card(3), odd)
        try:
            expected: str | type[Exception] = format_cards(cards)
        except IndexError as exc:
            expected = type(exc)
        if isinstance(expected, str):
            assert card_notation(cards) == expected
        else:
            with pytest.raises(expected):
                card_notation(cards)
        assert kept_notation(cards) is None
