"""Hand histories of five-card stud (Portaria 104/85/M) in the style of PHH, the Poker Hand History
format of PokerKit: one hand per TOML document, read back through the engine.

A table's log (:class:`~croupier.games.five_card_stud.round.StudGame`) runs over many hands;
:func:`export_hand` writes one settled hand of it as a readable TOML document and
:func:`import_hand` reads one back into a fresh table: :meth:`StudGame.restore
<croupier.games.five_card_stud.round.StudGame.restore>` opens the log with the table as it stood
before the hand (a :class:`~croupier.games.five_card_stud.events.TableRestored`), then every
action goes through the engine's commands again, so every article is checked again. The events
after the restore equal the original hand's events, the stacks and the house's take are the same,
and exporting the imported table gives the same text, byte for byte. :func:`export_all` writes
every settled hand of a log.

**Header.** ``variant = "5CS40"`` (five-card stud, 40-card deck, no limit) and ``regulation``;
``hand`` (its number at the table), ``seat_count`` (the table's seats), ``deck`` and
``deck_deals`` (the deck in use and the deals it had served before this one, Art 2); ``seats``
(the seats dealt in) and, in the same order, ``players``, ``starting_stacks`` (capital before the
pot money), ``antes`` (the pot money, Art 7) and ``finishing_stacks``; ``initial_commission`` (the
house's Art 8 take for the hand, in all) and ``commission_rate`` (Art 9); ``house`` (everything
the house took in this hand); ``sitting_out`` (only when someone is: the players seated but not
dealt in, Art 6, as ``{ seat, player, stack }``); ``[table]``: the table options
(:meth:`StudOptions.to_dict <croupier.games.five_card_stud.options.StudOptions.to_dict>`;
TOML has no null, so an option without a value is written ``"none"``). The hand's start (pot
money and initial commission) is the header: there is no action for it. Fields whose name starts
with ``_`` are the user's (as in PHH) and are skipped; any other unknown field is refused.

**Actions**, one string per event (the showdown lines belong to the settlement). Unlike PHH,
``pN`` is *seat* N (a misdealt card may reach a seat that is not in the hand); ``d`` is the dealer.
An action that carries the table clock ends in ``@ms`` (milliseconds; only on deals,
``rectify``, ``expose``, ``f``, ``cc``, ``cbr`` and ``timeout``); ``# ...`` after an action is a
comment (as in PHH), ignored.

===================================  =============================================================
``d shuffle <sha256> <40 cards>``    the shuffle (Art 2): the order's commitment, then the order
                                     (top first, before the cuts), the cards written together as
                                     in PHH (``AsKd7c...``)
``pN cut K``                         seat N cuts K cards (Art 2)
``d burn Xx``                        the first card, set aside (Art 2, 10 a)
``d dh pN Xx ... dk pN Xx ...``      one dealing, as one event holds it (``deal()``: every card
                                     due; ``deal_card()``: one): each card after the seat the
                                     dealing order gives it; ``dh``: up cards, ``dk``: key cards
                                     (the hidden card), until the next label; ``pN Xx > pM``: the
                                     card reached seat M instead (a misdeal, Art 11 e)
``d rectify``                        the misdealt cards go where they belong (Art 11 e)
``pN expose``                        seat N's key card was exposed: his hand is dead (Art 11 d)
``pN f``                             fold
``pN cc``                            check or call (the engine knows which: nobody may check
                                     after a bet, nor call before one)
``pN cbr T``                         bet, or raise, to T: the seat's whole bet in this round
                                     (PHH's "complete, bet or raise to")
``pN timeout``                       the seat's time ran out: his hand is folded (Art 11 b)
``pN sm Xx``                         at the showdown (Art 10 e), seat N shows his key card; these
                                     lines come in showdown order just before ``d settle``
``d settle``                         the settlement (Art 4, 9, 11 a), computed again by the engine
                                     and checked against ``sm``, ``finishing_stacks`` and ``house``
===================================  =============================================================

A seeded hand, exported:

>>> import random
>>> from croupier.shuffle import SeededShuffler
>>> from croupier.games.five_card_stud.bots import StrengthBot, new_table, play_hand
>>> from croupier.games.five_card_stud.options import StudOptions
>>> game = new_table(StudOptions(), 3)
>>> rng = random.Random(8)
>>> _ = play_hand(game, {s: StrengthBot(rng) for s in (1, 2, 3)}, SeededShuffler(8), rng,
...               cut_chance=1.0)
>>> text = export_hand(game)
>>> print(text)  # doctest: +ELLIPSIS
# Poker de 5 Cartas, Portaria 104/85/M: hand 1 (croupier PHH-style hand history)
variant = "5CS40"
regulation = "Portaria 104/85/M"
hand = 1
seat_count = 7
deck = 1
deck_deals = 0
seats = [1, 2, 3]
players = ["p1", "p2", "p3"]
starting_stacks = [2000, 2000, 2000]
antes = [20, 20, 20]
initial_commission = 20
commission_rate = "1/25"
actions = [
    "d shuffle e2a49997...",
    "p1 cut 28",
    "p3 cut 7",
    "d burn 9c",
    "d dh p1 5c p2 Qh p3 Js dk p1 Kd p2 8c p3 As",
    "p2 cbr 20",
    "p3 cc",
    "p1 cc",
    "d dh p2 9h p3 7c p1 Qc",
    "p1 cc",
    "p2 cc",
    "p3 cc",
    "d dh p1 Ks p2 Ah p3 6h",
    "p2 cc",
    "p1 cbr 50",
    "p2 cc",
    "p3 cc",
    "d dh p2 Ad p3 7h p1 9s",
    "p2 cc",
    "p3 cc",
    "p1 cc",
    "p3 sm As",
    "p1 sm Kd",
    "p2 sm 8c",
    "d settle",
]
finishing_stacks = [1910, 2150, 1910]
house = 30
<BLANKLINE>
[table]
pot_money = 20
min_buy_in = 2000
top_up_below = 500
initial_commission = "pot"
initial_commission_amount = "none"
house_rate = "1/25"
rounding = "house"
odd_chip = "showdown-order"
min_bet = "none"
seats = 7
max_deals_per_deck = 10
time_limit_seconds = 120
showing_order = "newest-card"
showing_tie = "suits"
short_all_in_reopens = false
decimals = 0
uncalled_bet = "final-round"
consecutive = "straight"
top_up_duty = "during-hand"
<BLANKLINE>
>>> again = import_hand(text)
>>> again.log[1:] == game.log[-len(again.log) + 1 :], again.stacks == game.stacks
(True, True)
>>> export_hand(again) == text
True

A tampered record is refused by the article it breaks, with the action's index:

>>> import_hand(text.replace('"p2 cbr 20"', '"p2 cbr 10"'))
Traceback (most recent call last):
...
croupier.errors.RuleViolation: min_bet: action 5 ('p2 cbr 10'): the least bet is 20 (or all \
in), got 10
"""

from __future__ import annotations

import dataclasses
import functools
import re
import tomllib
import types
import typing
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any, Final, TypeVar

import tomli_w

from croupier.card_events import CardBurned, ShoeShuffled
from croupier.cards import Card
from croupier.errors import CroupierError, MaterialError, RecordError, RuleViolation
from croupier.games.five_card_stud.events import (
    Act,
    CardsDealt,
    DeckCut,
    DeckOpened,
    HandSettled,
    HandStarted,
    KeyCardExposed,
    MisdealRectified,
    PlayerActed,
    PlayerLeft,
    PlayerSeated,
    PlayerToppedUp,
    SeatRecord,
    TableRestored,
    TimedOut,
)
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame
from croupier.games.five_card_stud.rules import REGULATION
from croupier.protocol import Event
from croupier.records import is_int
from croupier.shuffle import Shuffler

__all__ = ["VARIANT", "export_all", "export_hand", "import_hand"]

#: the ``variant`` of these histories: five-card stud on the 40-card deck (Art 1 a), no limit
VARIANT: Final = "5CS40"

T = TypeVar("T")

_FIELDS: Final = (
    "variant",
    "regulation",
    "hand",
    "seat_count",
    "deck",
    "deck_deals",
    "seats",
    "players",
    "starting_stacks",
    "antes",
    "initial_commission",
    "commission_rate",
    "sitting_out",
    "actions",
    "finishing_stacks",
    "house",
    "table",
)
_OPTIONAL: Final = frozenset({"sitting_out"})
_NONE: Final = "none"  #: an option without a value (TOML has no null)
_SEAT = re.compile(r"p([1-9][0-9]*)")
_WHOLE = re.compile(r"0|[1-9][0-9]*")
_COMMITMENT = re.compile(r"[0-9a-f]{64}")
_REPLAYED = re.compile(r"event \d+ \([a-z_]+\) refused: ")
_PLAIN = re.compile(r"[ !#-\[\]-~]*")  #: printable ASCII but " and \\: a TOML string as it is
_TIMED: Final = frozenset({"dh", "dk", "rectify", "expose", "f", "cc", "cbr", "timeout"})


# -- export --------------------------------------------------------------------------------------


def export_hand(game: StudGame, number: int | None = None) -> str:
    """The TOML hand history of hand ``number`` (default: the last settled hand) of ``game``'s log.

    Every event is played again through the engine on the way, so what is written reads back.
    A hand that is not in the log, or not settled yet, is a RecordError."""
    found: tuple[TableRestored, tuple[Event, ...]] | None = None
    for start, events in _settled_hands(game.log):
        if number is None or start.hands + 1 == number:
            found = start, events
            if number is not None:
                break
    if found is None:
        which = "no hand" if number is None else f"hand {number!r}"
        raise RecordError("hand", f"{which} is settled in this log")
    return _export(game.options, *found)


def export_all(game: StudGame) -> list[str]:
    """The TOML hand history of every settled hand of ``game``'s log, oldest first."""
    return [_export(game.options, start, events) for start, events in _settled_hands(game.log)]


def _settled_hands(log: Sequence[Event]) -> Iterator[tuple[TableRestored, tuple[Event, ...]]]:
    """Each settled hand of ``log``: the table before it (as the restore that opens its history)
    and its events, from :class:`HandStarted` to :class:`HandSettled`."""
    players: dict[int, str] = {}
    stacks: dict[int, int] = {}
    deck = deck_deals = 0
    start: TableRestored | None = None
    hand: list[Event] = []
    for event in log:
        if start is not None:
            hand.append(event)
            if isinstance(event, HandSettled):
                yield start, tuple(hand)
                stacks = dict(event.stacks)
                start = None
        elif isinstance(event, HandStarted):
            seated = tuple(SeatRecord(s, players[s], stacks[s]) for s in sorted(players))
            start = TableRestored(seated, deck, deck_deals, event.number - 1)
            hand = [event]
            deck_deals += 1
        elif isinstance(event, TableRestored):
            players = {r.seat: r.player for r in event.seats}
            stacks = {r.seat: r.stack for r in event.seats}
            deck, deck_deals = event.deck, event.deck_deals
        elif isinstance(event, DeckOpened):
            deck, deck_deals = event.number, 0
        elif isinstance(event, PlayerSeated):
            players[event.seat] = event.player
            stacks[event.seat] = event.buy_in
        elif isinstance(event, PlayerToppedUp):
            stacks[event.seat] += event.amount
        elif isinstance(event, PlayerLeft):
            del players[event.seat], stacks[event.seat]


def _export(options: StudOptions, start: TableRestored, events: tuple[Event, ...]) -> str:
    started, settled = events[0], events[-1]
    assert isinstance(started, HandStarted) and isinstance(settled, HandSettled)
    table = _Table(options, start, started.seats)
    table.commit(started, lambda g: g.start_hand())
    actions: list[str] = []
    for event in events[1:]:
        actions.extend(_render(table, event))
    seats = started.seats
    capital = {r.seat: r for r in start.seats}
    finish = dict(settled.stacks)
    doc: dict[str, Any] = {
        "variant": VARIANT,
        "regulation": REGULATION,
        "hand": started.number,
        "seat_count": options.seats,
        "deck": start.deck,
        "deck_deals": start.deck_deals,
        "seats": list(seats),
        "players": [capital[s].player for s in seats],
        "starting_stacks": [capital[s].stack for s in seats],
        "antes": [started.pot_money] * len(seats),
        "initial_commission": started.commission,
        "commission_rate": str(options.house_rate),
    }
    out = [
        {"seat": r.seat, "player": r.player, "stack": r.stack}
        for r in start.seats
        if r.seat not in seats
    ]
    if out:
        doc["sitting_out"] = out
    doc["actions"] = actions
    doc["finishing_stacks"] = [finish[s] for s in seats]
    doc["house"] = settled.house
    doc["table"] = {k: _NONE if v is None else v for k, v in options.to_dict().items()}
    return _dumps(doc)


def _render(table: _Table, event: Event) -> list[str]:
    """The action strings of one event, which is played on ``table`` on the way."""
    game = table.game
    if isinstance(event, PlayerActed):
        seat, action, chips = event.seat, event.action, event.chips
        if action is Act.RAISE:
            total = game.observation(seat).round_bets[seat] + chips
            table.commit(event, lambda g: g.raise_to(seat, total, at=event.at))
            return [_timed(f"p{seat} cbr {total}", event.at)]
        amount = chips if action is Act.BET else None
        table.commit(event, lambda g: g.act(seat, action, amount, at=event.at))
        word = {Act.FOLD: "f", Act.BET: f"cbr {chips}"}.get(action, "cc")
        return [_timed(f"p{seat} {word}", event.at)]
    if isinstance(event, CardsDealt):
        due = game.dealing_order
        table.commit(event, _deal_command(event))
        return [_timed(f"d {_dealt_text(table.game, event, due)}", event.at)]
    if isinstance(event, ShoeShuffled):
        order = event.order
        table.commit(event, lambda g: g.shuffle(_Recorded(order)))
        return [f"d shuffle {event.commitment} {''.join(map(str, order))}"]
    if isinstance(event, DeckCut):
        table.commit(event, lambda g: g.cut(event.seat, event.cards))
        return [f"p{event.seat} cut {event.cards}"]
    if isinstance(event, CardBurned):
        table.commit(event, lambda g: g.burn())
        return [f"d burn {event.card}"]
    if isinstance(event, MisdealRectified):
        table.commit(event, lambda g: g.rectify(at=event.at))
        return [_timed("d rectify", event.at)]
    if isinstance(event, KeyCardExposed):
        table.commit(event, lambda g: g.expose_key_card(event.seat, at=event.at))
        return [_timed(f"p{event.seat} expose", event.at)]
    if isinstance(event, TimedOut):
        table.commit(event, lambda g: g.time_out(event.seat, at=event.at))
        return [_timed(f"p{event.seat} timeout", event.at)]
    if isinstance(event, HandSettled):
        table.commit(event, lambda g: g.settle())
        return [f"p{seat} sm {card}" for seat, card in event.shown] + ["d settle"]
    raise RecordError("type", f"a {event.TYPE} event does not happen within a hand")


def _deal_command(event: CardsDealt) -> Callable[[StudGame], object]:
    """The command that deals as ``event`` did: one card (maybe to the wrong seat), or all due."""
    if len(event.cards) == 1:
        to = event.cards[0][0]
        return lambda g: g.deal_card(to=to, at=event.at)
    return lambda g: g.deal(at=event.at)


def _dealt_text(game: StudGame, event: CardsDealt, due: Sequence[int]) -> str:
    """``dh p1 Qh p2 As dk p1 Kd ...`` for a dealing already applied to ``game``; ``due``: the
    dealing order before it (the seat each card belonged to)."""
    words: list[str] = []
    label = ""
    for (reached, card), seat in zip(event.cards, due, strict=False):
        kind = "dk" if game.key_card(seat) is card else "dh"
        if kind != label:
            words.append(kind)
            label = kind
        words += [f"p{seat}", str(card)]
        if reached != seat:
            words += [">", f"p{reached}"]
    return " ".join(words)


def _timed(text: str, at: int | None) -> str:
    return text if at is None else f"{text} @{at}"


def _dumps(doc: Mapping[str, Any]) -> str:
    """TOML with one-line arrays, the actions one per line and the options as ``[table]``."""
    lines = [
        f"# Poker de 5 Cartas, {REGULATION}: hand {doc['hand']} (croupier PHH-style hand history)"
    ]
    for key, value in doc.items():
        if key == "table":
            continue
        if key == "actions":
            lines.append("actions = [")
            lines += [f"    {_literal(a)}," for a in value]
            lines.append("]")
        else:
            lines.append(f"{key} = {_literal(value)}")
    return "\n".join(lines) + "\n\n[table]\n" + tomli_w.dumps(doc["table"])


def _literal(value: Any) -> str:
    """One TOML value on one line (integers and plain ASCII text as they are, any other scalar
    written by tomli_w)."""
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_literal(v)}" for k, v in value.items()) + " }"
    if is_int(value):
        return str(value)
    if isinstance(value, str) and _PLAIN.fullmatch(value):
        return f'"{value}"'
    text = tomli_w.dumps({"v": value})
    return text[len("v = ") : -1]


# -- import --------------------------------------------------------------------------------------


def import_hand(text: str) -> StudGame:
    """A fresh table holding the hand of ``text``: restored to the table before the hand, then
    every action played again through the engine's commands.

    Malformed TOML, an unknown or mistyped field and a bad token are RecordErrors naming it; an
    action the articles forbid is the engine's RuleViolation (its article), with the action's
    index."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RecordError("toml", f"not TOML: {exc}") from None
    head = _Header(data)
    table = _Table.restored(head)
    shows: list[tuple[int, Card]] = []
    settled = False
    for i, action in enumerate(head.actions):
        try:
            if settled:
                raise RecordError("actions", "the hand is settled: no action follows 'd settle'")
            settled = _play(table, head, action, shows)
        except RuleViolation as exc:
            detail = _REPLAYED.sub("", exc.detail, count=1)
            raise RuleViolation(exc.rule, f"action {i} ({action!r}): {detail}") from exc
        except RecordError as exc:
            raise RecordError(exc.field, f"action {i} ({action!r}): {exc}") from exc
    if not settled:
        raise RecordError("actions", "the actions end before the hand is settled ('d settle')")
    return table.game


class _Header:
    """The fields of a hand history, read strictly."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        for key in data:
            if key not in _FIELDS and not key.startswith("_"):
                raise RecordError(key, f"unknown field {key!r}")
        for key in _FIELDS:
            if key not in data and key not in _OPTIONAL:
                raise RecordError(key, f"missing field {key!r}")
        self.data = data
        if self._str("variant") != VARIANT:
            raise RecordError("variant", f"variant must be {VARIANT!r}, got {data['variant']!r}")
        if self._str("regulation") != REGULATION:
            raise RecordError(
                "regulation", f"regulation must be {REGULATION!r}, got {data['regulation']!r}"
            )
        self.options = _options(data["table"])
        self.hand = self._int("hand")
        if self.hand < 1:
            raise RecordError("hand", f"field 'hand' must be >= 1, got {self.hand}")
        if self._int("seat_count") != self.options.seats:
            raise RecordError(
                "seat_count",
                f"field 'seat_count' is {data['seat_count']}, the table has "
                f"{self.options.seats} seats",
            )
        if self._str("commission_rate") != str(self.options.house_rate):
            raise RecordError(
                "commission_rate",
                f"field 'commission_rate' is {data['commission_rate']!r}, the table's "
                f"house_rate is {str(self.options.house_rate)!r}",
            )
        self.deck = self._int("deck")
        self.deck_deals = self._int("deck_deals")
        self.seats: list[int] = self._list("seats", int)
        n = len(self.seats)
        self.players: list[str] = self._list("players", str, n)
        self.starting: list[int] = self._list("starting_stacks", int, n)
        self.antes: list[int] = self._list("antes", int, n)
        self.finishing: list[int] = self._list("finishing_stacks", int, n)
        self.commission = self._int("initial_commission")
        self.house = self._int("house")
        self.actions: list[str] = self._list("actions", str)
        self.sitting_out: list[SeatRecord] = []
        for i, item in enumerate(data.get("sitting_out", [])):
            where = f"sitting_out[{i}]"
            if not isinstance(item, Mapping) or set(item) != {"seat", "player", "stack"}:
                raise RecordError(where, f"field {where!r} must be {{ seat, player, stack }}")
            seat, player, stack = item["seat"], item["player"], item["stack"]
            if not is_int(seat) or not isinstance(player, str) or not is_int(stack):
                raise RecordError(where, f"field {where!r}: seat, stack: integers; player: text")
            self.sitting_out.append(SeatRecord(seat, player, stack))

    def _int(self, key: str) -> int:
        value = self.data[key]
        if not is_int(value):
            raise RecordError(key, f"field {key!r} must be an integer, got {value!r}")
        return value

    def _str(self, key: str) -> str:
        value = self.data[key]
        if not isinstance(value, str):
            raise RecordError(key, f"field {key!r} must be text, got {value!r}")
        return value

    def _list(self, key: str, kind: type[T], length: int | None = None) -> list[T]:
        value = self.data[key]
        name = "integers" if kind is int else "strings"
        if not isinstance(value, list) or not all(
            isinstance(v, kind) and not isinstance(v, bool) for v in value
        ):
            raise RecordError(key, f"field {key!r} must be a list of {name}, got {value!r}")
        if length is not None and len(value) != length:
            raise RecordError(key, f"field {key!r} has {len(value)} items, 'seats' has {length}")
        return value

    def start(self) -> TableRestored:
        records = [
            SeatRecord(*r) for r in zip(self.seats, self.players, self.starting, strict=True)
        ]
        records += self.sitting_out
        records.sort(key=lambda r: r.seat)
        return TableRestored(tuple(records), self.deck, self.deck_deals, self.hand - 1)

    def started(self) -> HandStarted:
        pot_money = self.antes[0] if self.antes else self.options.pot_money
        if any(a != pot_money for a in self.antes):
            raise RecordError("antes", f"every seat posts the same pot money, got {self.antes}")
        return HandStarted(self.hand, tuple(self.seats), pot_money, self.commission)

    def stacks(self) -> tuple[tuple[int, int], ...]:
        after = dict(zip(self.seats, self.finishing, strict=True))
        after.update((r.seat, r.stack) for r in self.sitting_out)
        return tuple(sorted(after.items()))


def _options(data: object) -> StudOptions:
    """The ``[table]`` options (``"none"``: an option without a value)."""
    if not isinstance(data, Mapping):
        raise RecordError("table", f"field 'table' must be a table of options, got {data!r}")
    # the type is part of the key: false == 0 and true == 1 to Python, never to a record
    items = tuple((k, v, type(v)) for k, v in data.items())
    if not all(isinstance(v, str | int) for _, v, _ in items):
        return _read_options(items)  # its RecordError names the option
    return _cached_options(items)


@functools.lru_cache(maxsize=64)
def _cached_options(items: tuple[tuple[str, Any, type], ...]) -> StudOptions:
    return _read_options(items)


def _read_options(items: tuple[tuple[str, Any, type], ...]) -> StudOptions:
    nullable = _nullable_options()
    return StudOptions.from_dict(
        {k: None if v == _NONE and k in nullable else v for k, v, _ in items}
    )


@functools.cache
def _nullable_options() -> frozenset[str]:
    """The options that may have no value (``int | None``)."""
    return frozenset(
        name
        for name, hint in typing.get_type_hints(StudOptions).items()
        if typing.get_origin(hint) in (typing.Union, types.UnionType)
        and type(None) in typing.get_args(hint)
    )


def _play(table: _Table, head: _Header, action: str, shows: list[tuple[int, Card]]) -> bool:
    """Play one action on ``table``; True when it was the settlement."""
    words = action.partition(" #")[0].split()
    if not words:
        raise RecordError("actions", "an empty action")
    at: int | None = None
    if words[-1].startswith("@"):
        token = words.pop()
        at = _whole(token[1:], token)
        if not words:
            raise RecordError(token, f"a time ({token}) belongs after an action")
    if len(words) < 2:
        raise RecordError(words[0], f"an action is an actor and a verb, got {action!r}")
    actor, verb, rest = words[0], words[1], words[2:]
    if at is not None and verb not in _TIMED:
        raise RecordError(f"@{at}", f"'{verb}' takes no time (@ms)")
    if shows and (actor, verb) != ("d", "settle") and verb != "sm":
        raise RecordError("sm", "the showdown (sm) comes just before 'd settle'")
    if actor == "d":
        return _dealer(table, head, verb, rest, at, shows)
    seat = _seat(actor)
    game = table.game
    if verb == "cut" and len(rest) == 1:
        cards = _whole(rest[0], rest[0])
        table.commit(DeckCut(seat, cards), lambda g: g.cut(seat, cards))
    elif verb == "f" and not rest:
        game.fold(seat, at=at)
    elif verb == "cc" and not rest:
        legal = game.legal(seat)
        game.act(seat, Act.CALL if legal and legal.call is not None else Act.CHECK, at=at)
    elif verb == "cbr" and len(rest) == 1:
        total = _whole(rest[0], rest[0])
        legal = game.legal(seat)
        if legal is not None and legal.call is not None:
            game.raise_to(seat, total, at=at)
        else:
            game.bet(seat, total, at=at)
    elif verb == "timeout" and not rest:
        table.commit(TimedOut(seat, at), lambda g: g.time_out(seat, at=at))
    elif verb == "expose" and not rest:
        table.commit(KeyCardExposed(seat, at), lambda g: g.expose_key_card(seat, at=at))
    elif verb == "sm" and len(rest) == 1:
        shows.append((seat, _card(rest[0])))
    else:
        raise RecordError(verb, f"unknown player action {' '.join([verb, *rest])!r}")
    return False


def _dealer(
    table: _Table,
    head: _Header,
    verb: str,
    rest: list[str],
    at: int | None,
    shows: list[tuple[int, Card]],
) -> bool:
    if verb == "shuffle" and len(rest) == 2:
        commitment, cards = rest
        if not _COMMITMENT.fullmatch(commitment):
            raise RecordError(commitment, f"a commitment is 64 hex digits, got {commitment!r}")
        if len(cards) % 2:
            raise RecordError(cards, "the order is cards of two characters, written together")
        order = tuple(_card(cards[i : i + 2]) for i in range(0, len(cards), 2))
        written = ShoeShuffled(order, 0, None, commitment)
        table.commit(written, lambda g: g.shuffle(_Recorded(order)))
    elif verb == "burn" and len(rest) == 1:
        table.commit(CardBurned(_card(rest[0])), lambda g: g.burn())
    elif verb in ("dh", "dk"):
        _deal(table, [verb, *rest], at)
    elif verb == "rectify" and not rest:
        table.game.rectify(at=at)
    elif verb == "settle" and not rest:
        _settle(table, head, shows)
        return True
    else:
        raise RecordError(verb, f"unknown dealer action {' '.join([verb, *rest])!r}")
    return False


def _deal(table: _Table, words: list[str], at: int | None) -> None:
    """``dh p1 Qh p2 As dk p1 Kd p2 7c``, ``dh p4 9c > p5``: one dealing."""
    cards: list[tuple[str, int, Card, int]] = []  # (label, seat due, card, seat reached)
    label = ""
    i = 0
    while i < len(words):
        word = words[i]
        if word in ("dh", "dk"):
            if i + 1 == len(words) or words[i + 1] in ("dh", "dk"):
                raise RecordError(word, f"'{word}' is followed by no card")
            label = word
            i += 1
            continue
        if i + 1 >= len(words):
            raise RecordError(word, f"a dealt card is 'pN Xx', got {word!r} alone")
        seat, card = _seat(word), _card(words[i + 1])
        reached = seat
        i += 2
        if i < len(words) and words[i] == ">":
            if i + 1 >= len(words):
                raise RecordError(">", "'>' is followed by the seat the card reached")
            reached = _seat(words[i + 1])
            if reached == seat:
                raise RecordError(words[i + 1], "a misdealt card reached another seat")
            i += 2
        cards.append((label, seat, card, reached))
    due = table.game.dealing_order
    written = CardsDealt(tuple((reached, card) for _, _, card, reached in cards), at)
    table.commit(written, _deal_command(written))
    game = table.game
    for (label, seat, card, reached), belongs in zip(cards, due, strict=False):
        if seat != belongs:
            move = f"p{belongs} {card} > p{reached}" if reached != belongs else f"p{belongs} {card}"
            raise RecordError(
                f"p{seat}", f"the dealing order gives {card} to seat {belongs}: write {move!r}"
            )
        kind = "dk" if game.key_card(seat) is card else "dh"
        if kind != label:
            raise RecordError(label, f"{card} is dealt as '{kind}' (dh: up card, dk: key card)")


def _settle(table: _Table, head: _Header, shows: list[tuple[int, Card]]) -> None:
    game = table.game
    produced = game.settle()
    written = dataclasses.replace(
        produced,
        showdown=tuple(s for s, _ in shows),
        shown=tuple(shows),
        house=head.house,
        stacks=head.stacks(),
    )
    if written != produced:
        why = _differences(produced, written)
        try:
            table.refuse(written, len(game.log) - 1)
        except RuleViolation as exc:
            detail = _REPLAYED.sub("", exc.detail, count=1)
            raise RuleViolation(exc.rule, f"{detail} ({why})") from exc


def _differences(produced: HandSettled, written: HandSettled) -> str:
    out: list[str] = []
    if produced.shown != written.shown:
        show = " ".join(f"p{s} sm {c}" for s, c in produced.shown) or "nobody shows"
        out.append(f"the showdown is {show!r}")
    got = dict(produced.stacks)
    for seat, stack in written.stacks:
        if got.get(seat) != stack:
            out.append(f"seat {seat} finishes with {got.get(seat)}, not {stack}")
    if produced.house != written.house:
        out.append(f"the house takes {produced.house}, not {written.house}")
    return "; ".join(out)


def _seat(word: str) -> int:
    match = _SEAT.fullmatch(word)
    if match is None:
        raise RecordError(word, f"a seat is pN (N from 1), got {word!r}")
    return int(match.group(1))


def _whole(word: str, token: str) -> int:
    if not _WHOLE.fullmatch(word):
        raise RecordError(token, f"expected a whole number, got {token!r}")
    return int(word)


def _card(word: str) -> Card:
    try:
        card = Card.parse(word)
    except CroupierError:
        raise RecordError(word, f"unknown card {word!r}") from None
    if str(card) != word:
        raise RecordError(word, f"write the card {word!r} as {str(card)!r}")
    return card


# -- the table the actions are played on ---------------------------------------------------------


class _Table:
    """A table played through the engine's commands, each event checked against the one
    written. When a command does not give the written event (a tampered record, or an event no
    single command gives, such as part of a dealing), the written event is put to the engine
    itself: the table is replayed with it, so it is refused with the article it breaks, or
    accepted."""

    def __init__(
        self, options: StudOptions, start: TableRestored, dealt: Collection[int] = ()
    ) -> None:
        self.game = StudGame(options)
        self.game.restore(
            start.seats, deck=start.deck, deck_deals=start.deck_deals, hands=start.hands
        )
        # Art 6: a seat left out of the hand though its capital would deal it in owes a top-up
        # (its capital fell below the threshold during its last hand)
        need = max(options.top_up_below, options.each_pays)
        owing = [r.seat for r in start.seats if r.seat not in dealt and r.stack >= need]
        if dealt and owing:
            self.game.top_ups_due(owing)

    @classmethod
    def restored(cls, head: _Header) -> _Table:
        """The table before the hand of ``head``, its pot money posted."""
        try:
            table = cls(head.options, head.start(), head.seats)
            table.commit(head.started(), lambda g: g.start_hand())
        except RuleViolation as exc:
            detail = _REPLAYED.sub("", exc.detail, count=1)
            raise RuleViolation(exc.rule, f"header: {detail}") from exc
        except RecordError as exc:
            raise RecordError(exc.field, f"header: {exc}") from exc
        return table

    def commit(self, written: Event, command: Callable[[StudGame], object]) -> None:
        game = self.game
        before = len(game.log)
        try:
            command(game)
        except CroupierError:
            pass
        else:
            log = game.log
            if len(log) == before + 1 and log[-1] == written:
                return
        self.refuse(written, before)

    def refuse(self, written: Event, before: int) -> None:
        """The table of the first ``before`` events and ``written``, as the engine replays it
        (its RuleViolation when it refuses the event)."""
        game = self.game
        self.game = StudGame.replay(game.options, [*game.log[:before], written])


class _Recorded(Shuffler):
    """A shuffler that hands back the order written in the record."""

    def __init__(self, order: Sequence[Card]) -> None:
        self.order = tuple(order)

    def randbelow(self, n: int) -> int:  # pragma: no cover - shuffle() draws nothing
        raise MaterialError("a recorded order draws nothing")

    def shuffle(self, items: Sequence[T]) -> list[T]:
        where: dict[object, int] = {item: i for i, item in enumerate(items)}
        if len(self.order) != len(items) or set(self.order) != set(where):
            raise MaterialError("the order written is not an order of the deck")
        return [items[where[card]] for card in self.order]
