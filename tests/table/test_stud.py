"""Five-card stud on the table interface (croupier/table/stud.py): the offers both ways, who sees
what when (checked against an independent reading of the log), the ledger, replay, time, the
house's steps, fair shuffles and bad input (Portaria 104/85/M; docs/table.md, five-card stud).

``STUD_TABLE_ROUNDS`` sets how many random hands the long tests play (default: 1,000 hands in the
visibility test and a short form of the others; set it to a few thousand for the long run)."""

from __future__ import annotations

import dataclasses
import json
import os
import random
from collections.abc import Iterable, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.cards import Card
from croupier.errors import CroupierError, MaterialError, RecordError, RuleViolation
from croupier.events import ShoeShuffled
from croupier.games.five_card_stud.bots import BOTS
from croupier.games.five_card_stud.commands import COMMANDS, Sit
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.rules import InitialCommission, TopUpDuty
from croupier.games.five_card_stud.state import PACK
from croupier.offers import Between, Offer, OneOf, find_offer
from croupier.protocol import Command
from croupier.shuffle import ProvablyFairShuffler
from croupier.table import Actor, FairSource, SeededSource
from croupier.table.events import FairnessCommitted, FairnessRevealed
from croupier.table.registry import game
from croupier.table.runner import run_table
from croupier.table.stud import StudTable

ROUNDS = int(os.environ.get("STUD_TABLE_ROUNDS", "0"))
NAMES = ("ana", "bo", "cy", "di", "ed")
HOUSE = Actor.HOUSE
IDA = Actor.inspector("ida")
DEE = Actor.dealer("dee")


def cards_in(value: Any) -> set[Card]:
    """Every card named anywhere in a JSON value (a string token like ``As``)."""
    found: set[Card] = set()
    _collect(value, found)
    return found


#: token -> the card it names (None: not a card), read once
_TOKENS: dict[str, Card | None] = {}


def _token(token: str) -> Card | None:
    if token not in _TOKENS:
        try:
            _TOKENS[token] = Card.parse(token) if len(token) in (2, 3) else None
        except CroupierError:
            _TOKENS[token] = None
    return _TOKENS[token]


def _collect(value: Any, found: set[Card]) -> None:
    kind = type(value)
    if kind is str:
        for token in value.replace(",", " ").split():
            card = _token(token)
            if card is not None:
                found.add(card)
    elif kind is dict or (kind is not list and isinstance(value, Mapping)):
        for v in value.values():
            if type(v) not in (int, bool, type(None)):
                _collect(v, found)
    elif kind is list or isinstance(value, tuple | list):
        for v in value:
            if type(v) not in (int, bool, type(None)):
                _collect(v, found)
    elif isinstance(value, str):
        _collect(str(value), found)


class Allowed:
    """Who may see which card, read from the log alone (not from the adapter's ``_shown``):
    up cards are public when dealt (Art 10 a-d); the first dealing's second pass are key cards,
    each its intended owner's (Art 10 a); a key card shown at the showdown (Art 10 e) or exposed
    in the deal (Art 11 d) is public from then on; the burned card and the shuffle's order are
    nobody's."""

    def __init__(self) -> None:
        self.public: set[Card] = set()
        self.private: dict[str, set[Card]] = {}
        self.names: dict[int, str] = {}
        self.keys: dict[int, Card] = {}
        self.seats: tuple[int, ...] = ()
        self.first_dealt = 0
        self.burned = False

    def see(self, event: Any) -> None:
        kind = event.TYPE
        if kind == "player_seated":
            self.names[event.seat] = event.player
        elif kind == "hand_started":
            self.seats, self.keys, self.first_dealt, self.burned = event.seats, {}, 0, False
        elif kind == "card_burned":
            self.burned = True
        elif kind == "cards_dealt":
            n = len(self.seats)
            for _, card in event.cards:
                if self.first_dealt < 2 * n:
                    index = self.first_dealt
                    self.first_dealt += 1
                    if index >= n:  # the key card of the seat the order gives it
                        owner = self.seats[index - n]
                        self.keys[owner] = card
                        self.private.setdefault(self.names[owner], set()).add(card)
                        continue
                self.public.add(card)
        elif kind == "key_card_exposed":
            self.public.add(self.keys[event.seat])
        elif kind == "hand_settled":
            self.public.update(card for _, card in event.shown)

    def of(self, actor: Actor) -> set[Card]:
        if actor.is_player:
            return self.public | self.private.get(actor.name, set())
        return set(self.public)


def new_table(options: StudOptions | None = None, seed: str = "t", source: Any = None) -> StudTable:
    return StudTable(options or StudOptions(), table_id="t1", source=source or SeededSource(seed))


def seated(players: Iterable[str] = ("ana", "bo", "cy"), **kw: Any) -> StudTable:
    table = new_table(**kw)
    for name in players:
        (command,) = table.join_commands(name)
        table.apply(Actor.player(name), command, f"sit:{name}", at=0)
    return table


def state(table: StudTable) -> tuple[object, ...]:
    views = [table.view(Actor.player(n)) for n in NAMES] + [table.view(Actor.OBSERVER)]
    return (
        table.seq,
        dict(table.ledger.balances),
        json.dumps(views, sort_keys=True),
        table.head(),
        table.game.event_count,
    )


def to_betting(table: StudTable, at: int = 1) -> int:
    """Step the house until someone must bet; the clock after."""
    while not table.waiting_on():
        assert table.step_house(at=at) is not None
        at += 1
    return at


# -- the offers, both ways -------------------------------------------------------------------------


class Driver:
    """A table of random players and a dealer who now and then reports an incident, each
    command sampled from ``legal``; the clock runs by a random step within the deadlines."""

    def __init__(self, seed: int, options: StudOptions, players: int) -> None:
        self.rng = random.Random(seed)
        self.table = new_table(options, seed=f"d{seed}")
        self.names = NAMES[:players]
        self.at = 0
        self.allowed = Allowed()
        for name in self.names:
            (command,) = self.table.join_commands(name)
            self.apply(Actor.player(name), command)

    def apply(self, actor: Actor, command: Command) -> None:
        applied = self.table.apply(actor, command, f"c{self.table.seq}:{actor}", at=self.at)
        self.check(applied.entries)

    def check(self, entries: Iterable[Any]) -> None:
        table = self.table
        for entry in entries:
            self.allowed.see(entry.event)
        for actor in (*(Actor.player(n) for n in self.names), Actor.OBSERVER, DEE, IDA):
            allowed = self.allowed.of(actor)
            seen = cards_in(table.view(actor))
            assert seen <= allowed, (actor, seen - allowed)
        assert table.ledger.total() == 0 and table.books_agree()
        # seat_of (kept between the events that seat, unseat or restore players) is the game's
        seats = {name: seat for seat, name in table.game.players.items()}
        assert {name: table.seat_of(name) for name in NAMES} == {n: seats.get(n) for n in NAMES}

    def step(self) -> None:
        table, rng = self.table, self.rng
        self.at += rng.choice((0, 1, 500, 60_000))
        waits = table.waiting_on()
        if waits and rng.random() < 0.9:
            wait = waits[0]
            if wait.deadline is not None and self.at >= wait.deadline:
                self.check(table.timeout(wait.actor, at=self.at).entries)
                return
            offers = table.legal(wait.actor)
            assert offers, wait
            self.apply(wait.actor, rng.choice(offers).sample(rng))
            return
        if rng.random() < 0.15:
            offers = table.legal(DEE)
            incidents = [o for o in offers if o.type in ("deal_card", "expose_key_card")]
            if incidents:
                self.apply(DEE, rng.choice(incidents).sample(rng))
                return
        if rng.random() < 0.1:  # someone not waited on uses what he may (sit, top up, cut, leave)
            actor = Actor.player(rng.choice(NAMES))
            offers = table.legal(actor)
            optional = [o for o in offers if o.type in ("top_up", "cut", "sit")]
            if optional:
                self.apply(actor, rng.choice(optional).sample(rng))
                return
        if not waits:
            stepped = table.step_house(at=self.at)
            if stepped is not None:
                self.check(stepped.entries)
                return
            self.at += 1  # nobody able to play: a newcomer sits
            for name in NAMES:
                offers = table.legal(Actor.player(name))
                sit = [o for o in offers if o.type == "sit"]
                if sit:
                    seats = sit[0].fields["seat"]
                    assert isinstance(seats, OneOf)
                    command = Sit(rng.choice(seats.values), table.options.min_buy_in)
                    self.apply(Actor.player(name), command)
                    return


@st.composite
def tables(draw: st.DrawFn) -> StudOptions:
    return StudOptions.level(
        draw(st.sampled_from([20, 100])),
        initial_commission=draw(st.sampled_from(list(InitialCommission))),
        top_up_duty=draw(st.sampled_from(list(TopUpDuty))),
        time_limit_seconds=draw(st.sampled_from([None, 120])),
        seats=draw(st.integers(2, 7)),
    )


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=tables(), seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_promise_every_command_sampled_from_legal_applies(
    options: StudOptions, seed: int, players: int
) -> None:
    driver = Driver(seed, options, min(players, options.seats))
    for _ in range(400):
        driver.step()
    assert driver.table.game.hands_played >= 1


def random_command(rng: random.Random) -> dict[str, Any]:
    """A command of the schema's shapes with random values (right and wrong)."""
    kind = rng.choice(COMMANDS)
    out: dict[str, Any] = {"type": kind.TYPE}
    for name in (f.name for f in dataclasses.fields(kind)):  # type: ignore[arg-type]
        out[name] = rng.choice(
            [rng.randint(-5, 10), rng.randint(0, 5000), 10**13, 1, 0, "5", None, True]
        )
    return out


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_promise_commands_no_offer_admits_are_refused_and_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    driver = Driver(seed, StudOptions(), 4)
    actors = [*(Actor.player(n) for n in NAMES), HOUSE, DEE, Actor.OBSERVER, IDA]
    for _ in range(150):
        driver.step()
        table = driver.table
        actor = rng.choice(actors)
        data = random_command(rng)
        try:
            command = table.parse_command(data)
        except RecordError:
            before = state(table)
            with pytest.raises(RecordError):
                table.apply(actor, data, f"x{table.seq}", at=driver.at)
            assert state(table) == before
            continue
        if find_offer(table.legal(actor), command) is not None:
            continue
        before = state(table)
        with pytest.raises(CroupierError):
            table.apply(actor, data, f"x{table.seq}", at=driver.at)
        assert state(table) == before


# -- who sees what, over many hands ----------------------------------------------------------------


def test_promise_no_actor_receives_a_card_he_may_not_see() -> None:
    """Random hands with misdeals and exposures: every view after every command, and every event
    as each actor receives it, hold no card the log does not let him see then."""
    target, played, seed = ROUNDS or 1000, 0, 0
    while played < target:
        driver = Driver(seed, StudOptions(seats=5), 5)
        for _ in range(3000):
            driver.step()
            if driver.table.game.hands_played >= 20:
                break
        check_events(driver.table)
        assert driver.table.game.hands_played > 0
        played += driver.table.game.hands_played
        seed += 1


def check_events(table: StudTable) -> None:
    actors = [*(Actor.player(n) for n in NAMES), Actor.OBSERVER, DEE]
    allowed = Allowed()
    forms = {actor: table.events_for(actor) for actor in actors}
    for index, entry in enumerate(table.entries):
        allowed.see(entry.event)
        for actor in actors:
            form = forms[actor][index]["event"]
            assert cards_in(form) <= allowed.of(actor), (actor, entry.seq, form)
        assert "order" not in forms[Actor.OBSERVER][index]["event"]
    # the inspector: a finished hand whole, the one in play as the public
    inspector = table.events_for(IDA)
    for item, entry in zip(inspector, table.entries, strict=True):
        if entry.event.TYPE == "shoe_shuffled":
            finished = any(
                r.closed and r.first_seq <= entry.seq <= (r.last_seq or 0) for r in table.rounds
            )
            assert ("order" in item["event"]) is finished


def test_promise_key_cards_in_events_are_their_owners_alone() -> None:
    table = seated()
    to_betting(table)
    dealt = [e for e in table.entries if e.event.TYPE == "cards_dealt"]
    (first,) = dealt
    keys = {table.seat_of(n): table.game.key_card(table.seat_of(n) or 0) for n in ("ana", "bo")}
    for name in ("ana", "bo"):
        form = table.events_for(Actor.player(name))[first.seq - 1]["event"]
        shown = cards_in(form)
        own = keys[table.seat_of(name)]
        assert own in shown
        assert all(k not in shown for s, k in keys.items() if s != table.seat_of(name))
    public = table.events_for(Actor.OBSERVER)[first.seq - 1]["event"]
    assert sum(1 for _, c in public["cards"] if c == "##") == 3


# -- money, rounds, replay -------------------------------------------------------------------------


def test_promise_books_agree_and_replay_reproduces_everything() -> None:
    checked: list[int] = []

    def check(table: Any, number: int) -> None:
        assert table.ledger.total() == 0 and table.books_agree()
        checked.append(number)

    table = new_table(seed="replay")
    bots = {n: BOTS["random" if i % 2 else "strength"](i) for i, n in enumerate(NAMES[:4])}
    report = run_table(table, bots, rounds=max(ROUNDS // 10, 25), on_round=check)
    assert report.rounds == len(checked) and table.closed
    summary = table.ledger.summary()
    assert summary["balanced"] and summary["in_play"] == 0 and summary["commission"] > 0
    record = json.loads(json.dumps(table.to_record()))
    again = StudTable.from_record(record)
    assert again.hashes() == table.hashes()
    for actor in (*(Actor.player(n) for n in NAMES), Actor.OBSERVER, IDA):
        assert again.view(actor) == table.view(actor)
        assert again.events_for(actor) == table.events_for(actor)
    assert dict(again.ledger.balances) == dict(table.ledger.balances)
    # a changed entry is caught by the chain
    acted = next(e for e in record["entries"] if e["event"]["type"] == "player_acted")
    acted["event"]["chips"] += 1
    with pytest.raises(RecordError, match="hash"):
        StudTable.from_record(record)


def test_promise_rounds_are_hands() -> None:
    table = new_table(seed="rounds")
    run_table(table, {n: BOTS["strength"](i) for i, n in enumerate(NAMES[:3])}, rounds=4)
    assert [r.number for r in table.rounds] == [1, 2, 3, 4]
    for span in table.rounds:
        entries = table.round_entries(span.number)
        assert entries[0].event.TYPE == "hand_started"
        assert entries[-1].event.TYPE == "hand_settled"


def test_runner_plays_many_hands_of_bots_through_the_interface() -> None:
    table = new_table(seed="runner")
    bots = {n: BOTS["random"](i) for i, n in enumerate(NAMES)}
    report = run_table(table, bots, rounds=max(ROUNDS // 5, 40))
    assert report.refused == [] and table.books_agree()
    assert report.rounds == table.game.hands_played


def test_registry_entry_is_true() -> None:
    info = game("five-card-stud")
    assert info.table is StudTable
    assert info.options is StudOptions
    assert set(info.bots) == {"strength", "random"}
    assert StudTable.schema()["title"] == "croupier five-card-stud command"


# -- time, the house, idempotence ------------------------------------------------------------------


def test_art11_b_the_player_to_act_has_two_minutes_then_is_folded() -> None:
    table = seated()
    to_betting(table, at=1000)
    (wait,) = table.waiting_on()
    assert wait.rule == "Art 11 b" and wait.deadline is not None
    assert wait.deadline == table.game.turn_started_at + 120_000 + 1  # type: ignore[operator]
    with pytest.raises(RuleViolation, match="still has"):
        table.timeout(wait.actor, at=wait.deadline - 1)
    applied = table.timeout(wait.actor, at=wait.deadline)
    assert [e.event.TYPE for e in applied.entries] == ["timed_out"]
    assert table.seat_of(wait.actor.name) not in table.game.in_hand


def test_art11_b_an_answer_at_exactly_two_minutes_is_taken() -> None:
    table = seated()
    to_betting(table, at=1000)
    (wait,) = table.waiting_on()
    since = table.game.turn_started_at
    assert since is not None
    offers = table.legal(wait.actor)
    bet = next(o for o in offers if o.type == "bet")
    table.apply(wait.actor, bet.make(amount=20), "in-time", at=since + 120_000)


def all_but_one_fold(table: StudTable, at: int, bet: int) -> Actor:
    """The opener bets ``bet``, the others fold, the house settles: the opener."""
    opener = table.waiting_on()[0].actor
    table.apply(opener, {"type": "bet", "amount": bet}, "big", at=at)
    while table.game.phase.value == "betting":
        (wait,) = table.waiting_on()
        table.apply(wait.actor, {"type": "fold"}, f"f{table.seq}", at=at)
    assert table.step_house(at=at + 1) is not None  # settle
    return opener


def test_art6_option_after_hand_no_top_up_when_the_capital_is_back_above_it() -> None:
    table = seated(options=StudOptions(top_up_duty=TopUpDuty.AFTER_HAND))
    at = to_betting(table)
    all_but_one_fold(table, at, 1960)  # 20 left during the hand, about 1,940 after it
    assert table.waiting_on() == ()


def test_art6_a_player_who_must_top_up_is_waited_on_and_leaves_on_time_out() -> None:
    table = seated(("ana", "bo", "cy"), options=StudOptions())
    at = to_betting(table)
    opener = all_but_one_fold(table, at, 1600)  # 380 left during the hand: Art 6
    waits = table.waiting_on()
    assert [w.actor for w in waits] == [opener] and waits[0].rule == "Art 6"
    offers = table.legal(opener)
    top_up = next(o for o in offers if o.type == "top_up")
    assert isinstance(top_up.fields["amount"], Between)
    deadline = waits[0].deadline
    assert deadline is not None
    applied = table.timeout(opener, at=deadline)
    assert [e.event.TYPE for e in applied.entries] == ["player_left"]
    assert table.seat_of(opener.name) is None and table.books_agree()


def test_promise_same_command_id_applies_once() -> None:
    table = seated()
    at = to_betting(table)
    (wait,) = table.waiting_on()
    first = table.apply(wait.actor, {"type": "fold"}, "once", at=at)
    again = table.apply(wait.actor, {"type": "fold"}, "once", at=at + 5)
    assert again is first
    with pytest.raises(RuleViolation, match="already used"):
        table.apply(wait.actor, {"type": "check"}, "once", at=at + 6)


def test_the_house_steps_a_hand_through() -> None:
    table = seated(("ana", "bo"))
    kinds: list[str] = []
    at = 1
    while not table.waiting_on():
        stepped = table.step_house(at=at)
        assert stepped is not None
        kinds.extend(e.event.TYPE for e in stepped.entries)
        at += 1
    assert kinds == ["deck_opened", "hand_started", "shoe_shuffled", "card_burned", "cards_dealt"]


def test_a_table_closes_only_between_hands() -> None:
    table = seated()
    to_betting(table)
    with pytest.raises(RuleViolation, match="in play"):
        table.close(at=10)


# -- fairness --------------------------------------------------------------------------------------


def test_provably_fair_commitment_first_seed_revealed_after_the_hand() -> None:
    source = FairSource("player's own seed", server_seed=b"\x01" * 32)
    table = StudTable(StudOptions(), table_id="fair", source=source)
    run_table(table, {n: BOTS["strength"](i) for i, n in enumerate(NAMES[:3])}, rounds=2)
    kinds = [e.event.TYPE for e in table.entries]
    assert kinds.count("fairness_committed") == 2 and kinds.count("fairness_revealed") == 2
    events = [e.event for e in table.entries]
    for i, committed in enumerate(events):
        if not isinstance(committed, FairnessCommitted):
            continue
        shuffled = events[i + 1]
        assert isinstance(shuffled, ShoeShuffled)
        reveal = next(e for e in events[i:] if isinstance(e, FairnessRevealed))
        seed = bytes.fromhex(reveal.server_seed)
        again = ProvablyFairShuffler(seed, committed.client_seed, committed.nonce)
        assert again.commitment == committed.commitment
        assert tuple(again.shuffle(PACK)) == shuffled.order
    # the seed is never public before the hand is settled
    for item in table.events_for(Actor.player("ana")):
        if item["event"]["type"] == "shoe_shuffled":
            assert "order" not in item["event"]


# -- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actor", "command", "error"),
    [
        (Actor.player("ana"), {"type": "bet", "amount": 20}, "Art 11 c"),
        (Actor.player("zed"), {"type": "fold"}, "Art 3"),
        (Actor.player("ana"), {"type": "sit", "seat": 2, "buy_in": 2000}, "Art 3"),
        (Actor.player("zoe"), {"type": "sit", "seat": 1, "buy_in": 2000}, "Art 3"),
        (Actor.player("zoe"), {"type": "sit", "seat": 6, "buy_in": 1999}, "Art 6"),
        (Actor.player("zoe"), {"type": "sit", "seat": 9, "buy_in": 2000}, "Art 3"),
        (Actor.player("ana"), {"type": "raise_to", "amount": "400"}, "must be an integer"),
        (Actor.player("ana"), {"type": "shove"}, "unknown five-card-stud command 'shove'"),
        (Actor.player("ana"), {"type": "bet"}, "missing field 'amount'"),
        (Actor.OBSERVER, {"type": "deal"}, "may watch but never act"),
        (HOUSE, {"type": "settle"}, "Art 10 e"),
        (DEE, {"type": "expose_key_card", "seat": 3}, "Art 11 d"),
    ],
)
def test_bad_input_is_refused_naming_the_fault_and_changes_nothing(
    actor: Actor, command: dict[str, Any], error: str
) -> None:
    table = seated()
    before = state(table)
    with pytest.raises(CroupierError, match=error):
        table.apply(actor, command, "bad", at=5)
    assert state(table) == before
    assert table.step_house(at=6) is not None  # the table goes on


def test_offers_name_their_bounds() -> None:
    table = seated()
    to_betting(table)
    (wait,) = table.waiting_on()
    offers = {o.type: o for o in table.legal(wait.actor)}
    assert set(offers) == {"fold", "bet"}  # round 1: open or fold (Art 10 b)
    bet = offers["bet"].to_dict()
    assert bet["amount"] == {"min": 20, "max": 1980}
    assert all(isinstance(o, Offer) for o in offers.values())


def test_table_option_min_players_the_house_waits_for_its_company() -> None:
    """A live table may wait for more than the two players a hand needs (Art 3 seats 2 to 7;
    ``min_players`` is the table's choice): no hand opens until that many are dealt in."""
    table = seated(("ana", "bo"), options=StudOptions(min_players=3))
    assert table.step_house(at=1) is None
    (command,) = table.join_commands("cy")
    table.apply(Actor.player("cy"), command, "sit:cy", at=2)
    kinds: list[str] = []
    at = 3
    while not table.waiting_on():
        stepped = table.step_house(at=at)
        assert stepped is not None
        kinds.extend(e.event.TYPE for e in stepped.entries)
        at += 1
    assert "hand_started" in kinds
    assert len(table.game.dealt_in()) == 3


@pytest.mark.parametrize("bad", [1, 8, "3"])
def test_table_option_min_players_out_of_range_is_refused(bad: object) -> None:
    with pytest.raises(MaterialError, match="min_players"):
        StudOptions(min_players=bad)  # type: ignore[arg-type]


def test_table_option_min_players_absent_from_old_records_reads_as_two() -> None:
    assert StudOptions.from_dict({}).min_players == 2
    assert "min_players" not in StudOptions().to_dict()
    assert StudOptions(min_players=4).to_dict()["min_players"] == 4
