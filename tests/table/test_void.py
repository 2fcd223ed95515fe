"""A dealer's void of the round in progress, for each of the five games (issue 18, "an operator
may void an interrupted round ... refunding its stakes as the regulation's void-round article
says, recorded as events"; croupier/games/void.py names each game's article).

Seeded random runs stop at a random point of a random round and void it: every stake placed
for the round goes back (each player's chips equal what he had before the round opened, the
ledger sums to zero and agrees with the game), the void is one ``house_void`` event naming the
game's article, the reason and the dealer, the record replays to the same table, no hidden card
or tile becomes visible to anyone because of the void, and the next round plays. The void is
offered to a dealer only, and only while a round is in play and its result is not yet fixed:
from the first state where it is (croupier/games/void.py ``RESULT_FIXED``: the banking games'
hands all dealt and shown, stud's showdown, the 13-card setting closed, a Mah-Jong win declared)
it is neither offered nor accepted, the refusal names the article, and nothing changes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from croupier.cards import Card
from croupier.errors import CroupierError, RuleViolation
from croupier.games.void import ARTICLES, RESULT_FIXED, HouseVoid
from croupier.offers import Bot
from croupier.table import Actor, FairSource, SeededSource, Table
from croupier.table.events import ChipsIn, ChipsOut
from croupier.table.registry import GAMES
from croupier.table.runner import run_table
from croupier.tiles import Tile
from table.void_points import result_fixed as _result_fixed

DEE = Actor.dealer("dee")
SEEDS = [f"void-{i}" for i in range(8)]
PLAYERS = {"mahjong": 4, "five-card-stud": 4, "thirteen": 3}
#: the events after which hidden cards or tiles are out, or about to be dealt one by one
DEALING = {"cards_dealt", "card_dealt", "game_dealt", "tile_drawn", "bets_closed", "card_burned"}


def _table(game: str, seed: str) -> tuple[Table[Any], dict[str, Bot]]:
    info = GAMES[game]
    table = info.table(info.options(), source=SeededSource(seed))
    kinds = list(info.bots)
    count = PLAYERS.get(game, 3)
    bots = {f"p{i}": info.bots[kinds[i % len(kinds)]](i) for i in range(count)}
    return table, bots


def _seat(table: Table[Any], bots: Mapping[str, Any], at: int = 0) -> None:
    """Every bot of ``bots`` sits at ``table`` (its game's join commands)."""
    for name in bots:
        for command in table.join_commands(name):
            table.apply(Actor.player(name), command, f"join:{name}", at=at)


def _step(table: Table[Any], bots: Mapping[str, Bot], at: int) -> int:
    """One command, time-out or house step, as :func:`run_table` makes them; the new clock."""
    waits = table.waiting_on()
    wait = next((w for w in waits if w.actor.is_player and w.actor.name in bots), None)
    if wait is not None:
        command = bots[wait.actor.name].choose(table.view(wait.actor), table.legal(wait.actor))
        table.apply(wait.actor, command, f"t:{table.seq}", at=at)
    elif waits:
        at = max(at, min(w.deadline for w in waits if w.deadline is not None))
        table.timeout(min(waits, key=lambda w: w.deadline or 0).actor, at=at)
    else:
        assert table.step_house(at=at) is not None, "the table is stuck"
    return at + 1000


def _in_round(table: Table[Any]) -> bool:
    rounds = table.rounds
    return bool(rounds) and not rounds[-1].closed


def _offers_void(table: Table[Any], actor: Actor) -> bool:
    return any(o.type == "void_round" for o in table.legal(actor))


def _visible(value: Any) -> Iterator[str]:
    """Every card or tile named in a JSON value."""
    if isinstance(value, str):
        for parse in (Card.parse, Tile.parse):
            try:
                parse(value)
            except (CroupierError, ValueError):
                continue
            yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _visible(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _visible(item)


def _seen(table: Table[Any], actor: Actor) -> set[str]:
    return set(_visible(table.events_for(actor))) | set(_visible(table.view(actor)))


def _balances(table: Table[Any], names: Any) -> dict[str, int]:
    return {n: table.ledger.balance(f"player:{n}") for n in names}


def _void_at_random(game: str, seed: str) -> tuple[Table[Any], dict[str, Bot], int]:
    """Play a random number of rounds, stop at a random point of the next one, void it."""
    rng = random.Random(seed)
    table, bots = _table(game, seed)
    at = 0
    _seat(table, bots)
    assert not any(o.type == "void_round" for o in table.legal(DEE))  # no round yet
    played = rng.randrange(3)
    while table.rounds_closed < played:
        at = _step(table, bots, at)
    # into the next round; play it to its end to know its points, then go back to one of them
    # (every other seed: just after a deal, where hidden cards or tiles are out)
    before: dict[str, int] = {}
    while not _in_round(table):
        snapshot = _balances(table, bots)
        at = _step(table, bots, at)
        before = snapshot
    cuts = []  # the round's states before its result is fixed: the seq of each, in play
    while _in_round(table):
        if not _result_fixed(game, table):
            cuts.append(table.seq)
        at = _step(table, bots, at)
    entries = table.entries
    dealt = [c for c in cuts if entries[c - 1].event.TYPE in DEALING]
    cut = rng.choice(dealt if dealt and rng.random() < 0.5 else cuts)
    table = type(table).replay(
        table.options, entries[:cut], table_id=table.table_id, source=SeededSource(seed + "+")
    )
    at = table.last_at + 1000
    bots = _table(game, seed)[1]
    # a human dealer may deal the banking games' cards one by one (face down, some to the
    # wrong place): a void then comes in the middle of the deal
    for _ in range(rng.randrange(8)):
        offer = next((o for o in table.legal(DEE) if o.type == "deal_card"), None)
        if offer is None:
            break
        values = {k: False if k == "exposed" else d.sample(rng) for k, d in offer.fields.items()}
        mark = table.seq
        table.apply(DEE, offer.make(**values), f"deal:{table.seq}", at=at)
        at += 1000
        if _result_fixed(game, table):  # the round's last card: back to before it
            table = type(table).replay(
                table.options,
                table.entries[:mark],
                table_id=table.table_id,
                source=SeededSource(seed + "+"),
            )
            break
    seen = {n: _seen(table, Actor.player(n)) for n in bots}
    public = _seen(table, Actor.OBSERVER)
    number = table.rounds[-1].number
    # the void: a dealer's offer only, while the round is in play
    for name in bots:
        assert not any(o.type == "void_round" for o in table.legal(Actor.player(name)))
    assert any(o.type == "void_round" for o in table.legal(DEE))
    assert any(o.type == "void_round" for o in table.legal(Actor.HOUSE))
    for other in (Actor.OBSERVER, Actor.inspector("ivo")):
        assert not any(o.type == "void_round" for o in table.legal(other))
    with pytest.raises(RuleViolation):
        table.apply(Actor.player("p0"), {"type": "void_round", "reason": "x"}, "v0", at=at)
    applied = table.apply(DEE, {"type": "void_round", "reason": "table fault"}, "void", at=at)
    # recorded as one event naming the article, the reason and the dealer
    (event,) = applied.events
    assert isinstance(event, HouseVoid)
    assert (event.reason, event.by, event.article) == ("table fault", "dee", ARTICLES[game])
    assert table.rounds[-1].number == number and table.rounds[-1].closed
    # refunded exactly: every player back to his chips before the round (and any bought since),
    # the books balanced
    for entry in table.entries[table.rounds[-1].first_seq - 1 :]:
        if isinstance(entry.event, ChipsIn | ChipsOut):
            sign = 1 if isinstance(entry.event, ChipsIn) else -1
            before[entry.event.player] += sign * entry.event.amount
    assert _balances(table, bots) == before
    assert table.ledger.total() == 0 and table.books_agree()
    assert {p: c for p, c in table.chips().items() if c} == {p: c for p, c in before.items() if c}
    # no card or tile shown to anyone because of the void
    for name in bots:
        assert _seen(table, Actor.player(name)) <= seen[name], name
    assert _seen(table, Actor.OBSERVER) <= public
    assert not list(_visible(table.events_for(Actor.OBSERVER, applied.first_seq - 1)))
    # no void between rounds
    assert not any(o.type == "void_round" for o in table.legal(DEE))
    with pytest.raises(RuleViolation):
        table.apply(DEE, {"type": "void_round", "reason": "again"}, "void2", at=at)
    return table, bots, at


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", list(GAMES))
def test_promise_a_void_at_a_random_point_refunds_the_round_and_replays(
    game: str, seed: str
) -> None:
    table, bots, at = _void_at_random(game, seed)
    # the record replays to the same table (every event checked again, the void included)
    record = json.loads(json.dumps(table.to_record()))
    again = type(table).from_record(record, source=SeededSource(seed))
    assert again.hashes() == table.hashes()
    assert again.ledger.players() == table.ledger.players()
    assert again.chips() == table.chips() and again.books_agree()
    assert again.rounds == table.rounds
    # the table goes on with the next round
    closed = table.rounds_closed
    run_table(table, bots, rounds=closed + 1, start_at=at, close=False)
    assert table.rounds_closed == closed + 1
    assert table.ledger.total() == 0 and table.books_agree()


@pytest.mark.parametrize("game", list(GAMES))
def test_promise_a_tampered_void_is_refused_at_replay(game: str) -> None:
    table, _, _ = _void_at_random(game, "tamper")
    record = json.loads(json.dumps(table.to_record()))
    index = next(i for i, e in enumerate(record["entries"]) if e["event"]["type"] == "house_void")
    changes: list[dict[str, Any] | None] = [
        {"article": "Art 99"},
        {"by": "someone-else"},
        {"reason": " "},
        {"lines": []} if record["entries"][index]["event"]["lines"] else None,
    ]
    for change in changes:
        if change is None:
            continue
        bad = json.loads(json.dumps(record))
        bad["entries"][index]["event"].update(change)
        with pytest.raises(CroupierError):
            type(table).replay(
                table.options, bad["entries"], table_id=table.table_id, check_hashes=False
            )


KEY = bytes(range(32))


@pytest.mark.parametrize("game", list(GAMES))
def test_promise_a_void_at_a_provably_fair_table_replays_and_play_goes_on(game: str) -> None:
    """With a :class:`FairSource` (commitments before each shuffle, seeds revealed once the
    cards are decided): a void reveals no seed itself, the next rounds reveal what they must,
    and the record replays with every revealed seed checked."""
    info = GAMES[game]
    table = info.table(
        info.options(), table_id="fair", source=FairSource("a client seed", key=KEY, label="v")
    )
    bots = _table(game, "fair")[1]
    at = 0
    _seat(table, bots)
    while not _in_round(table):
        at = _step(table, bots, at)
    for _ in range(random.Random(game).randrange(3, 12)):
        if not _in_round(table) or _result_fixed(game, table):
            break
        at = _step(table, bots, at)
    if not _in_round(table) or _result_fixed(game, table):  # too late: void the next round
        while _in_round(table):
            at = _step(table, bots, at)
        while not _in_round(table):
            at = _step(table, bots, at)
    applied = table.apply(DEE, {"type": "void_round", "reason": "fault"}, "void", at=at)
    assert [e.TYPE for e in applied.events] == ["house_void"]
    closed = table.rounds_closed
    run_table(table, bots, rounds=closed + 2, start_at=at + 1000)
    assert table.closed and table.books_agree() and table.ledger.total() == 0
    record = json.loads(json.dumps(table.to_record()))
    again = type(table).from_record(record, source=FairSource("a client seed", key=KEY, label="v"))
    assert again.hashes() == table.hashes() and again.ledger.players() == table.ledger.players()


@pytest.mark.parametrize("seed", SEEDS[:3])
@pytest.mark.parametrize("game", list(GAMES))
def test_promise_no_void_once_the_result_is_fixed(game: str, seed: str) -> None:
    """A void after the outcome is known would let the house cancel a round it lost: at the
    first state of a round where its result is fixed (``RESULT_FIXED``; the round played by
    bots up to it), the void is offered to no dealer, a dealer's ``void_round`` is refused with
    the article that fixes the result (the engine's own verify/can say the same), and nothing
    changes: the record, the chips and every view are as they were; the round then settles."""
    table, bots = _table(game, seed)
    at = 0
    _seat(table, bots)
    played = random.Random(seed).randrange(3)
    while table.rounds_closed < played or not _in_round(table):
        at = _step(table, bots, at)
    while not _result_fixed(game, table):
        assert _in_round(table) and _offers_void(table, DEE)  # still voidable
        at = _step(table, bots, at)
    article = RESULT_FIXED[game][0]
    assert _in_round(table)
    for actor in (DEE, Actor.HOUSE):
        assert not _offers_void(table, actor), actor
    record = json.dumps(table.to_record())
    chips = dict(table.chips())
    views = {a: json.dumps(table.view(a)) for a in (DEE, Actor.OBSERVER, Actor.player("p0"))}
    for actor in (DEE, Actor.HOUSE):
        with pytest.raises(RuleViolation) as refused:
            table.apply(actor, {"type": "void_round", "reason": "the house lost"}, "late", at=at)
        assert refused.value.rule == article, refused.value
        assert "the result is fixed" in str(refused.value)
    engine: Any = table.game  # type: ignore[attr-defined]
    if hasattr(engine, "verify_house_void"):  # the engine's own check (Mah-Jong: the table's)
        assert not engine.can_house_void("the house lost", "dee")
        with pytest.raises(RuleViolation) as refused:
            engine.verify_house_void("the house lost", "dee")
        assert refused.value.rule == article
    assert json.dumps(table.to_record()) == record and dict(table.chips()) == chips
    assert {a: json.dumps(table.view(a)) for a in views} == views
    # the round settles as ever
    closed = table.rounds_closed
    while table.rounds_closed == closed:
        at = _step(table, bots, at)
    assert table.entries[-1].event.TYPE != "house_void" and table.books_agree()


@pytest.mark.parametrize("game", list(GAMES))
def test_promise_a_void_recorded_after_the_result_is_fixed_is_refused_at_replay(
    game: str,
) -> None:
    """A record holding a void after the round's result was fixed (written by a tampered or
    older server) does not replay: the fold refuses it with the article that fixes the result.
    The void entry is the one a dealer made just before the result was fixed, moved after it."""
    table, bots = _table(game, "late")
    at = 0
    _seat(table, bots)
    while not _in_round(table):
        at = _step(table, bots, at)
    mark = table.seq
    while not _result_fixed(game, table):
        mark = table.seq
        at = _step(table, bots, at)
    entries = [e.to_dict() for e in table.entries]
    before = type(table).replay(table.options, table.entries[:mark], table_id=table.table_id)
    applied = before.apply(DEE, {"type": "void_round", "reason": "late"}, "void", at=at)
    (void,) = (e.to_dict() for e in applied.entries)
    late = [*entries, {**void, "seq": len(entries) + 1, "at": at}]
    with pytest.raises(RuleViolation) as refused:
        type(table).replay(table.options, late, table_id=table.table_id, check_hashes=False)
    assert refused.value.rule == RESULT_FIXED[game][0], refused.value
    # the same void in its place (before the result was fixed) replays
    type(table).replay(
        table.options, [*entries[:mark], void], table_id=table.table_id, check_hashes=False
    )
