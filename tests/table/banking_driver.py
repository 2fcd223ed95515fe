"""What the banking tables' tests share (tests/table/test_baccarat.py, test_football.py): a
random driver that samples every command from ``legal`` (players, the house, a human dealer's
incidents, time-outs), an independent reading of the log saying who may see which card when,
the checks of views, events and books after every command, and the property tests' bodies
(each file names its game's table, options and holders and calls them).

``BANKING_TABLE_ROUNDS`` sets how many random rounds the long tests play (default: 1,000 a file
for the redaction test, the CI form; set it to a few thousand for the long run)."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import pytest

from croupier.cards import Card
from croupier.errors import CroupierError, RecordError
from croupier.offers import find_offer
from croupier.protocol import Command
from croupier.table import Actor
from croupier.table.banking import HIDDEN, ShoeTable
from croupier.table.base import Applied

NAMES = ("ana", "bo", "cy", "di", "ed")
HOUSE = Actor.HOUSE
IDA = Actor.inspector("ida")
DEE = Actor.dealer("dee")
#: a human dealer's incidents (only offered when the rules allow them)
INCIDENTS = ("deal_card", "rectify", "void", "shuffle")
#: BANKING_TABLE_ROUNDS: the random rounds of the long tests (0: their default)
ROUNDS = int(os.environ.get("BANKING_TABLE_ROUNDS", "0"))
#: the random rounds a file's redaction test plays in all (its cases share them)
REDACTION_ROUNDS = max(ROUNDS, 1000)

TableT = TypeVar("TableT", bound="ShoeTable[Any, Any]")


def cards_in(value: Any) -> list[Card]:
    """Every card named anywhere in a JSON value (a string token like ``As``), with repeats (in
    no particular order)."""
    found: list[Card] = []
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str:
            if len(item) == 2:
                card = _token(item)
                if card is not None:
                    found.append(card)
        elif kind is dict:
            stack.extend(item.values())
        elif kind is list or kind is tuple:
            stack.extend(item)
        elif item is None or kind is int or kind is bool:
            continue
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str):
            stack.append(str(item))
    return found


#: two-character strings read as cards (None: not a card), as Card.parse reads them
_TOKENS: dict[str, Card | None] = {}


def _token(text: str) -> Card | None:
    if text not in _TOKENS:
        card = None
        with contextlib.suppress(CroupierError):
            card = Card.parse(text)
        _TOKENS[text] = card
    return _TOKENS[text]


class Allowed:
    """Who may see which card of the round in play, read from the log alone (not from the
    adapter's ``_shown``): a card dealt face down is its place's own (``owners(place)``: the
    seated player at baccarat, Art 5.3; the holder at football poker, Art 4.2, 5.4) until the
    hands are shown; an exposed card is everyone's (baccarat Art 3.5, football Art 6); the
    burned cards and the shoe's order are nobody's. Resets with each round."""

    def __init__(self, holders: Callable[[Allowed, int], tuple[str, ...]]) -> None:
        self.holders = holders
        self.public: list[Card] = []
        self.private: dict[str, list[Card]] = {}
        self.seats: dict[int, str] = {}
        #: the round's stakes in the order first placed: [player, place, bet, amount]
        self.stakes: list[list[Any]] = []
        self.closed_holders: dict[int, str] = {}

    def see(self, event: Any) -> None:
        kind = event.TYPE
        if kind == "seated":
            self.seats[event.place] = event.player
        elif kind == "chips_out":
            self.seats = {p: n for p, n in self.seats.items() if n != event.player}
        elif kind == "round_opened":
            self.public, self.private = [], {}
            self.stakes = [s for s in self.stakes if s[4]]  # the carried ones stay
            for s in self.stakes:
                s[4] = False
        elif kind == "bet_placed":
            for s in self.stakes:
                if s[:3] == [event.player, event.position, event.bet]:
                    s[3] += event.amount
                    break
            else:
                self.stakes.append([event.player, event.position, event.bet, event.amount, False])
        elif kind == "bet_withdrawn":
            self.stakes = [
                s for s in self.stakes if s[:3] != [event.player, event.position, event.bet]
            ]
        elif kind == "bets_closed":
            totals: dict[int, dict[str, int]] = {}
            for player, place, _, amount, _ in self.stakes:
                by = totals.setdefault(place, {})
                by[player] = by.get(player, 0) + amount
            self.closed_holders = {p: max(t, key=t.__getitem__) for p, t in totals.items()}
        elif kind in ("round_settled", "round_voided"):
            kept = {(line.player, line.position, line.bet) for line in event.lines if line.carried}
            self.stakes = [s for s in self.stakes if (s[0], s[1], s[2]) in kept]
            for s in self.stakes:
                s[4] = True
        elif kind == "card_dealt":
            if event.exposed:
                self.public.append(event.card)
            else:
                for name in self.holders(self, event.to):
                    self.private.setdefault(name, []).append(event.card)
        elif kind == "hands_revealed":
            for hand in event.hands:
                self.public.extend(hand)

    def of(self, actor: Actor) -> list[Card]:
        if actor.is_player:
            return self.public + self.private.get(actor.name, [])
        return list(self.public)


def baccarat_holders(allowed: Allowed, place: int) -> tuple[str, ...]:
    name = allowed.seats.get(place) if place else None
    return () if name is None else (name,)


def football_holders(allowed: Allowed, place: int) -> tuple[str, ...]:
    name = allowed.closed_holders.get(place)
    return () if name is None else (name,)


def within(seen: list[Card], allowed: list[Card]) -> bool:
    """Every card seen is allowed (as many copies as allowed: a shoe holds several decks)."""
    left = list(allowed)
    for card in seen:
        if card not in left:
            return False
        left.remove(card)
    return True


def state(table: ShoeTable[Any, Any]) -> tuple[object, ...]:
    views = [table.view(Actor.player(n)) for n in NAMES] + [table.view(Actor.OBSERVER)]
    return (
        table.seq,
        dict(table.ledger.balances),
        json.dumps(views, sort_keys=True),
        table.head(),
        table.game.event_count,
    )


class Driver:
    """A table of random players, each command sampled from ``legal``; now and then a human
    dealer's incident (a card dealt by hand, a misdeal, its rectification, a void, a shuffle),
    a time-out or a player leaving; the clock runs by random steps."""

    def __init__(
        self,
        table: ShoeTable[Any, Any],
        seed: int,
        players: int,
        holders: Callable[[Allowed, int], tuple[str, ...]],
    ) -> None:
        self.rng = random.Random(seed)
        self.table = table
        self.names = NAMES[:players]
        self.at = 0
        self.allowed = Allowed(holders)
        for name in self.names:
            (command,) = table.join_commands(name)
            self.apply(Actor.player(name), command)

    def apply(self, actor: Actor, command: Command) -> Applied:
        applied = self.table.apply(actor, command, f"c{self.table.seq}:{actor}", at=self.at)
        self.check(applied.entries)
        return applied

    def check(self, entries: Iterable[Any]) -> None:
        table = self.table
        for entry in entries:
            self.allowed.see(entry.event)
        for actor in (*(Actor.player(n) for n in NAMES), Actor.OBSERVER, DEE, IDA):
            seen = cards_in(table.view(actor))
            assert within(seen, self.allowed.of(actor)), (actor, seen, self.allowed.of(actor))
        assert table.ledger.total() == 0 and table.books_agree()

    def step(self) -> None:
        table, rng = self.table, self.rng
        self.at += rng.choice((0, 1, 500, 20_000))
        waits = table.waiting_on()
        roll = rng.random()
        if roll < 0.08:
            offers = [o for o in table.legal(DEE) if o.type in INCIDENTS]
            if offers:
                self.apply(DEE, rng.choice(offers).sample(rng))
                return
        if roll < 0.12:  # someone not waited on: buys chips, sits, leaves, or comes
            actor = Actor.player(rng.choice(NAMES))
            offers = [o for o in table.legal(actor) if o.type in ("buy_in", "sit", "leave")]
            if offers:
                offer = rng.choice(offers)
                self.apply(actor, offer.sample(rng))
                return
        if waits:
            wait = rng.choice(waits)
            if wait.deadline is not None and self.at >= wait.deadline:
                self.check(table.timeout(wait.actor, at=self.at).entries)
                return
            legal = table.legal(wait.actor)
            assert legal, wait
            bets = [o for o in legal if o.type in ("bet", "raise")]
            # players bet more often than they say done, so that rounds have stakes
            pool = bets if bets and rng.random() < 0.6 else list(legal)
            self.apply(wait.actor, rng.choice(pool).sample(rng))
            return
        command = table._house_command(self.at)
        if command is not None:  # what HOUSE_STEPS_OFFERED promises: step_house skips the check
            assert find_offer(table.legal(HOUSE), command) is not None, command.to_dict()
        stepped = table.step_house(at=self.at)
        if stepped is not None:
            self.check(stepped.entries)
            return
        # nobody at the table: someone comes
        name = rng.choice(NAMES)
        commands = table.join_commands(name)
        if commands:
            self.apply(Actor.player(name), commands[0])


def random_command(commands: Iterable[type[Command]], rng: random.Random) -> dict[str, Any]:
    """A command of the schema's shapes with random values (right and wrong)."""
    kind = rng.choice(list(commands))
    out: dict[str, Any] = {"type": kind.TYPE}
    for name in (f.name for f in dataclasses.fields(kind)):  # type: ignore[arg-type]
        out[name] = rng.choice(
            [
                rng.randint(-2, 10),
                rng.randint(0, 600_000),
                10**13,
                1,
                0,
                "main",
                "tie",
                "post",
                "odd",
                "x",
                None,
                True,
                False,
            ]
        )
    return out


def check_events(
    table: ShoeTable[Any, Any], holders: Callable[[Allowed, int], tuple[str, ...]]
) -> None:
    """Every event as each actor receives it holds no card he may not see at that moment; a card
    dealt face down reaches the others as ``##``; the shoe's order reaches nobody but an
    inspector, once its shoe is finished."""
    actors = [*(Actor.player(n) for n in NAMES), Actor.OBSERVER, DEE]
    allowed = Allowed(holders)
    forms = {actor: table.events_for(actor) for actor in actors}
    for index, entry in enumerate(table.entries):
        allowed.see(entry.event)
        for actor in actors:
            form = forms[actor][index]["event"]
            assert within(cards_in(form), allowed.of(actor)), (actor, entry.seq, form)
            if form["type"] == "card_dealt" and not form["exposed"]:
                owners = holders(allowed, form["to"])
                mine = actor.is_player and actor.name in owners
                assert (form["card"] == HIDDEN) is not mine, (actor, entry.seq, form)
            if form["type"] == "card_burned":
                assert form["card"] == HIDDEN
        assert "order" not in forms[Actor.OBSERVER][index]["event"]
    inspector = table.events_for(IDA)
    shuffles = [i for i, e in enumerate(table.entries) if e.event.TYPE == "shoe_shuffled"]
    for n, index in enumerate(shuffles):
        later = table.entries[index + 1 :] if n + 1 == len(shuffles) else ()
        finished = (
            n + 1 < len(shuffles)
            or any(e.event.TYPE in ("fairness_revealed", "table_closed") for e in later)
            or table.game.phase.value == "needs_shuffle"
        )
        assert ("order" in inspector[index]["event"]) is finished, index


# -- the property tests' bodies --------------------------------------------------------------------


def seat(table: TableT, players: Iterable[str]) -> TableT:
    """``table`` with ``players`` sat at the next free places (the default buy-in)."""
    for name in players:
        (command,) = table.join_commands(name)
        table.apply(Actor.player(name), command, f"sit:{name}", at=0)
    return table


def to_betting(table: ShoeTable[Any, Any], at: int = 1) -> int:
    """Step the house until someone must bet; the clock after."""
    while not table.waiting_on():
        assert table.step_house(at=at) is not None
        at += 1
    return at


def check_sampled_commands_apply(run: Driver, steps: int = 300) -> None:
    """Every command sampled from ``legal`` applies (the driver raises on a refusal), and the
    house's step is always among the dealer's offers; rounds get played. After every step, what
    the game answers in bulk or keeps for the offers and views agrees with asking afresh
    (:func:`check_kept_agrees`)."""
    for _ in range(steps):
        run.step()
        check_kept_agrees(run.table)
    assert run.table.game.round_number >= 1


def check_kept_agrees(table: ShoeTable[Any, Any]) -> None:
    """The game's bulk answers (``new_stake_places``, ``withdrawable``) are its one-by-one
    answers (``may_stake_at``, ``can_withdraw_bet``), and what it keeps for the views
    (baccarat's hands part, football poker's holders) is what it would make now."""
    game: Any = table.game
    places = tuple(range(1, table.options.positions + 1))
    for name in NAMES:
        for bet in game.NEW_STAKE_RULES:
            one_by_one = tuple(p for p in places if game.may_stake_at(name, p, bet))
            assert game.new_stake_places(name, bet, places) == one_by_one, (name, bet)
        mine = [s for s in game.stakes if s.player == name]
        allowed = tuple(
            (s.position, s.bet) for s in mine if game.can_withdraw_bet(name, s.position, s.bet)
        )
        assert game.withdrawable(name) == allowed, name
    if hasattr(game, "_make_view_hands"):
        for seat in (None, *places):
            assert game._view_hands(seat) == game._make_view_hands(seat), seat
    if hasattr(game, "_work_out_holders"):
        assert game._holders_now() == game._work_out_holders()


def check_unoffered_commands_refused(
    run: Driver, seed: int, commands: Iterable[type[Command]], steps: int = 150
) -> None:
    """Random commands of the schema's shapes from random actors: one no offer admits is refused
    (a RecordError for a bad shape, else the typed error) and changes nothing."""
    rng = random.Random(seed)
    kinds = list(commands)
    actors = [*(Actor.player(n) for n in NAMES), HOUSE, DEE, Actor.OBSERVER, IDA]
    for _ in range(steps):
        run.step()
        table = run.table
        actor = rng.choice(actors)
        data = random_command(kinds, rng)
        try:
            command = table.parse_command(data)
        except RecordError:
            before = state(table)
            with pytest.raises(RecordError):
                table.apply(actor, data, f"x{table.seq}", at=run.at)
            assert state(table) == before
            continue
        if find_offer(table.legal(actor), command) is not None:
            continue
        before = state(table)
        with pytest.raises(CroupierError):
            table.apply(actor, data, f"x{table.seq}", at=run.at)
        assert state(table) == before


def check_redaction(
    make: Callable[[int], Driver],
    holders: Callable[[Allowed, int], tuple[str, ...]],
    rounds: int,
    *,
    per_table: int = 15,
) -> int:
    """``rounds`` random rounds or more, ``per_table`` a table (``make(seed)``, seeds 0, 1, ...):
    every view after every command (the driver's check) and every event as each actor receives
    it (:func:`check_events`) hold no card he may not see at that moment; the rounds played."""
    played, seed = 0, 0
    while played < rounds:
        run = make(seed)
        for _ in range(200 * per_table):
            run.step()
            if run.table.rounds_closed >= per_table:
                break
        check_events(run.table, holders)
        played += run.table.rounds_closed
        seed += 1
    return played
