"""The 13-card game on the table interface (Portaria 51/89/M): ``croupier.table.thirteen``.

Promises checked here: every command sampled from ``legal`` applies and every command no offer
admits is refused changing nothing; nobody ever receives a card he may not see at that moment,
in ``view`` or in ``events_for`` (the allowed cards are computed from the whole record by an
independent model of Art 2 d, 3, 5 and 7, not by the adapter's ``_shown``); the ledger balances
and agrees with the game after every round; a record replays to the same hashes, views and
ledger; command ids are idempotent; time-outs apply the rule's default; bad input is refused
clearly. ``THIRTEEN_TABLE_ROUNDS`` sets the number of rounds of the visibility run (default 1,000,
half with bettors seeing the cards and half without).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import typing
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from croupier.cards import Card, Deck
from croupier.errors import CroupierError, RecordError, RuleViolation
from croupier.games.thirteen.bots import BOTS
from croupier.games.thirteen.commands import COMMANDS, SetBanker, SetTiers
from croupier.games.thirteen.deal import deal_thirteen
from croupier.games.thirteen.events import CardsDealt
from croupier.games.thirteen.options import ThirteenOptions
from croupier.games.thirteen.scoring import Setting, naturals_of
from croupier.offers import find_offer
from croupier.protocol import Command
from croupier.shuffle import ProvablyFairShuffler, SeededShuffler
from croupier.table import Actor, FairSource, SeededSource
from croupier.table.events import FairnessCommitted, FairnessRevealed
from croupier.table.runner import run_table
from croupier.table.thirteen import ThirteenTable

ANA, BO, CY, DEE = Actor.player("ana"), Actor.player("bo"), Actor.player("cy"), Actor.player("dee")
DEALER = Actor.dealer("dan")
PLAYERS = (ANA, BO, CY, DEE)
ROUNDS = int(os.environ.get("THIRTEEN_TABLE_ROUNDS", "1000"))
DECK = Deck.STANDARD_52.cards


def cards_in(value: Any) -> set[Card]:
    """Every card named anywhere in a JSON value."""
    found: set[Card] = set()
    if isinstance(value, Mapping):
        for item in value.values():
            found |= cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= cards_in(item)
    elif isinstance(value, str):
        for token in value.replace("/", " ").split():
            if len(token) == 2 and token[0] in "23456789TJQKA" and token[1] in "shdc":
                found.add(Card.parse(token))
    return found


def table(seed: str = "t", **options: Any) -> ThirteenTable:
    return ThirteenTable(ThirteenOptions(**options), table_id="t13", source=SeededSource(seed))


def seated(*players: Actor, seed: str = "t", **options: Any) -> ThirteenTable:
    t = table(seed, **options)
    for i, p in enumerate(players):
        t.apply(p, {"type": "sit", "buy_in": 1_000_000}, f"sit-{i}", at=0)
    return t


def step(t: ThirteenTable, actor: Actor, command: Mapping[str, Any] | Command, at: int) -> Any:
    return t.apply(actor, command, f"c{t.seq}", at=at)


def house(t: ThirteenTable, at: int) -> None:
    assert t.step_house(at=at) is not None


def to_banker_shown(t: ThirteenTable, bets: Iterable[tuple[Actor, int, int]]) -> ThirteenTable:
    """Open a round, place ``bets``, everyone done, throw, deal, the banker sets."""
    house(t, 1)  # open and shuffle
    for actor, position, units in bets:
        step(t, actor, {"type": "bet", "position": position, "units": units}, 2)
    for name in t.present:
        step(t, Actor.player(name), {"type": "done"}, 3)
    (wait,) = t.waiting_on()
    step(t, wait.actor, {"type": "throw_dice"}, 4)
    house(t, 5)  # deal
    house(t, 6)  # the banker sets by the house way
    return t


def snapshot(t: ThirteenTable) -> tuple[object, ...]:
    views = [t.view(a) for a in (*PLAYERS, DEALER, Actor.OBSERVER)]
    return (t.seq, dict(t.ledger.balances), json.dumps(views, sort_keys=True), t.head())


# -- the rules' defaults through the table ---------------------------------------------------


def test_art2d_players_see_their_cards_only_once_the_banker_shows() -> None:
    t = seated(ANA, BO)
    house(t, 1)
    step(t, ANA, {"type": "bet", "position": 2, "units": 1}, 2)
    step(t, BO, {"type": "bet", "position": 3, "units": 2}, 2)
    for actor in (ANA, BO):
        step(t, actor, {"type": "done"}, 3)
    assert [w.actor for w in t.waiting_on()] == [BO]  # the highest stake throws (Art 2 b)
    step(t, BO, {"type": "throw_dice"}, 4)
    house(t, 5)
    for actor in (ANA, BO, Actor.OBSERVER):
        assert cards_in(t.view(actor)) == set()
        assert cards_in(t.events_for(actor)) == set()
    banker = set(t.game.hands[1])
    assert cards_in(t.view(DEALER)) == banker  # the banker forms his own game (Art 2 d)
    house(t, 6)
    assert cards_in(t.view(ANA)) == banker | set(t.game.hands[2])
    assert cards_in(t.view(BO)) == banker | set(t.game.hands[3])
    assert cards_in(t.events_for(ANA)) == banker | set(t.game.hands[2])
    assert cards_in(t.view(Actor.OBSERVER)) == banker


def test_art5_a_bettor_behind_sees_the_position_and_may_suggest() -> None:
    t = seated(ANA, BO)
    step(t, DEE, {"type": "buy_in", "amount": 100_000}, 0)  # dee stands
    house(t, 1)
    step(t, ANA, {"type": "bet", "position": 2, "units": 2}, 2)
    with pytest.raises(RuleViolation, match="Art 5"):  # only behind a seated bettor
        step(t, DEE, {"type": "bet", "position": 3, "units": 1}, 2)
    step(t, DEE, {"type": "bet", "position": 2, "units": 1}, 2)
    for actor in (ANA, BO, DEE):
        step(t, actor, {"type": "done"}, 3)
    step(t, ANA, {"type": "throw_dice"}, 4)
    house(t, 5)
    house(t, 6)
    hand = set(t.game.hands[2])
    assert hand <= cards_in(t.view(DEE)) and not hand & cards_in(t.view(BO))
    offer = next(o for o in t.legal(DEE) if o.type == "suggest")
    advice = offer.sample(random.Random(1))
    step(t, DEE, advice, 10)
    assert t.view(ANA)["table"]["suggestions"][0]["player"] == "dee"
    assert t.view(BO)["table"]["suggestions"] == []
    assert not hand & cards_in(t.events_for(BO))


def test_art5_option_bettors_see_cards_off() -> None:
    t = seated(ANA, bettors_see_cards=False)
    step(t, DEE, {"type": "buy_in", "amount": 100_000}, 0)
    to_banker_shown(t, [(ANA, 2, 2), (DEE, 2, 1)])
    hand = set(t.game.hands[2])
    assert hand <= cards_in(t.view(ANA))
    assert not hand & cards_in(t.view(DEE)) and not hand & cards_in(t.events_for(DEE))
    assert not [o for o in t.legal(DEE) if o.type == "suggest"]


def test_art2d_a_position_not_set_in_time_loses_by_timeout() -> None:
    t = seated(ANA, BO)
    to_banker_shown(t, [(ANA, 2, 1), (BO, 3, 1)])
    wait_a, _ = t.waiting_on()
    assert wait_a.deadline == 6 + 300_000 and wait_a.rule == "Art 2 d"
    step(t, BO, next(o for o in t.legal(BO) if o.type == "set").sample(random.Random(2)), 10)
    with pytest.raises(RuleViolation, match="still has"):
        t.timeout(ANA, at=300_005)
    done = t.timeout(ANA, at=300_006)
    assert [e.event.TYPE for e in done.entries][:1] == ["setting_closed"]
    assert t.game.late == (2,)
    house(t, 300_007)
    line = t.game.last_settlement.lines[0]  # type: ignore[union-attr]
    assert (line.player, line.result.value, line.article) == ("ana", "lose", "Art 2 d")
    assert t.books_agree()


def test_art2c_betting_time_out_is_done_and_the_dealer_throws_for_a_late_thrower() -> None:
    t = seated(ANA, BO, betting_seconds=20, dice_seconds=5)
    house(t, 1_000)
    step(t, ANA, {"type": "bet", "position": 2, "units": 1}, 2_000)
    waits = t.waiting_on()
    assert {w.actor for w in waits} == {ANA, BO} and waits[0].deadline == 21_000
    for w in waits:
        t.timeout(w.actor, at=21_000)
    (throw,) = t.waiting_on()
    assert throw.actor == ANA and throw.deadline == 26_000
    t.timeout(ANA, at=26_000)
    assert t.game.dice is not None and t.game.dice.by == "ana"


def test_art4_the_dealer_cancels_a_deal_and_the_dice_stand() -> None:
    t = seated(ANA)
    house(t, 1)
    step(t, ANA, {"type": "bet", "position": 2, "units": 1}, 2)
    step(t, ANA, {"type": "done"}, 3)
    step(t, ANA, {"type": "throw_dice"}, 4)
    house(t, 5)
    dice = t.game.dice
    step(t, DEALER, {"type": "cancel_deal", "reason": "two cards stuck together"}, 6)
    assert t.game.dice == dice and t.waiting_on() == ()
    assert [type(c).__name__ for c in [t._house_command(7)]] == ["Shuffle"]
    house(t, 7)  # shuffle and cut again (Art 4)
    house(t, 8)  # deal with the same dice
    assert t.game.phase.value == "dealt"


def test_art7_a_dealers_fouled_banker_is_recorded_and_pays_every_position() -> None:
    t = seated(ANA, BO)
    house(t, 1)
    step(t, ANA, {"type": "bet", "position": 2, "units": 1}, 2)
    step(t, BO, {"type": "bet", "position": 4, "units": 1}, 2)
    for a in (ANA, BO):
        step(t, a, {"type": "done"}, 3)
    (wait,) = t.waiting_on()
    step(t, wait.actor, {"type": "throw_dice"}, 4)
    house(t, 5)
    foul = next(o for o in t.legal(DEALER) if o.type == "banker_foul")
    step(t, DEALER, foul.sample(random.Random(3)), 6)
    assert t.view(ANA)["banker"]["fouled"] is True
    run_table(t, {"ana": BOTS["best-response"](1), "bo": BOTS["best-response"](2)}, rounds=1)
    lines = t.game.last_settlement.lines  # type: ignore[union-attr]
    assert {(x.result.value, x.article) for x in lines} == {("win", "Art 7, 11")}


def natural_seed(position: int = 2) -> str:
    """A table seed whose first deal gives ``position`` a natural (the table's first shuffler
    is ``SeededShuffler(f"{seed}:0")``, the deal of ``deal_thirteen`` with it)."""
    for n in range(10_000):
        deal = deal_thirteen(SeededShuffler(f"nat{n}:0"))
        if naturals_of(deal.hands[position]) and not naturals_of(deal.hands[1]):
            return f"nat{n}"
    raise AssertionError("no natural in 10,000 deals")  # pragma: no cover


def test_art9_i_a_natural_is_declared_through_the_table() -> None:
    t = seated(ANA, seed=natural_seed())
    to_banker_shown(t, [(ANA, 2, 1)])
    offer = next(o for o in t.legal(ANA) if o.type == "declare_natural")
    step(t, ANA, offer.make(), 10)
    house(t, 11)  # every position is set: close
    house(t, 12)  # settle
    line = t.game.last_settlement.lines[0]  # type: ignore[union-attr]
    assert (line.result.value, line.article) == ("win", "Art 9 I, 11")
    revealed = [e.event for e in t.entries if e.event.TYPE == "position_revealed"]
    assert revealed[0].setting is None  # type: ignore[attr-defined]


# -- both directions: legal commands apply, others are refused --------------------------------


def random_value(annotation: Any, rng: random.Random) -> Any:
    origin = typing.get_origin(annotation)
    if origin is tuple:
        args = typing.get_args(annotation)
        if args and args[-1] is Ellipsis:
            return tuple(random_value(args[0], rng) for _ in range(rng.choice([0, 2, 3, 5, 13])))
        return tuple(random_value(a, rng) for a in args)
    if annotation is bool:
        return rng.random() < 0.5
    if annotation is int:
        return rng.choice([-1, 0, 1, 2, 3, 4, 5, 10_000, 10**9])
    if annotation is str:
        return rng.choice(["", "x", " misdeal", "misdeal", "\n"])
    if annotation is Card:
        return rng.choice(DECK)
    raise AssertionError(annotation)


def random_command(rng: random.Random) -> Command:
    kind = rng.choice(COMMANDS)
    hints = typing.get_type_hints(kind)
    names = [f.name for f in dataclasses.fields(kind)]  # type: ignore[arg-type]
    values = {name: random_value(hints[name], rng) for name in names}
    if "tiers" in values and rng.random() < 0.7:  # mostly the right shape, shuffled cards
        cards = list(DECK)
        rng.shuffle(cards)
        values["tiers"] = (tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:13]))
    return kind(**values)


def actors_of(t: ThirteenTable) -> list[Actor]:
    return [*PLAYERS, DEALER, Actor.HOUSE]


@pytest.mark.parametrize("seed", range(4))
def test_promise_every_legal_command_applies_and_every_other_is_refused(seed: int) -> None:
    rng = random.Random(seed)
    t = table(f"both:{seed}", seats=rng.choice([2, 3]), bettors_see_cards=rng.random() < 0.7)
    refused = applied = 0
    for n in range(1_500):
        at = t.last_at + rng.choice([1, 1, 1, 500, 40_000])
        due = [w for w in t.waiting_on() if w.deadline is not None and w.deadline <= at]
        if due:
            t.timeout(due[0].actor, at=at)
            continue
        actor = rng.choice(actors_of(t))
        offers = t.legal(actor)
        if rng.random() < 0.3:  # junk: a random command, another actor's, or out of turn
            other = t.legal(rng.choice(actors_of(t)))
            junk = rng.choice(other).sample(rng) if other and rng.random() < 0.5 else None
            command = junk or random_command(rng)
            if find_offer(offers, command) is None:
                before = snapshot(t)
                with pytest.raises(CroupierError):
                    t.apply(actor, command, f"junk{n}", at=at)
                assert snapshot(t) == before, (actor, command)
                refused += 1
                continue
        if not offers:
            continue
        command = rng.choice(offers).sample(rng)
        t.apply(actor, command, f"ok{n}", at=at)  # a legal command always applies
        applied += 1
        assert t.ledger.total() == 0 and t.books_agree()
    assert refused > 200 and applied > 500
    assert sum(r.closed for r in t.rounds) >= 3


# -- nobody sees a card he may not see ---------------------------------------------------------


class Model:
    """Who may see which card after each entry, computed from the whole record (every event
    whole) by Art 2 d, 3, 5 and 7, independently of the adapter's visibility."""

    def __init__(self, options: ThirteenOptions) -> None:
        self.options = options
        self.seated: list[str] = []
        self.allowed: dict[str, set[Card]] = {}
        self.public: set[Card] = set()
        self.dealer: set[Card] = set()
        self.stakes: list[list[Any]] = []  # [player, position, amount] in order placed
        self.hands: dict[int, tuple[Card, ...]] = {}

    def for_actor(self, actor: Actor) -> set[Card]:
        if actor.role.value == "dealer":
            return self.public | self.dealer
        return self.public | self.allowed.get(actor.name, set())

    def holder(self, position: int) -> str | None:
        best: list[Any] | None = None
        for stake in self.stakes:
            if stake[1] != position or stake[0] not in self.seated:
                continue
            if best is None or stake[2] > best[2]:
                best = stake
        return None if best is None else str(best[0])

    def apply(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        if kind == "player_seated":
            self.seated.append(event["player"])
        elif kind == "player_stood":
            self.seated.remove(event["player"])
        elif kind == "round_opened":
            self.allowed, self.public, self.dealer, self.stakes = {}, set(), set(), []
        elif kind == "bet_placed":
            for stake in self.stakes:
                if stake[:2] == [event["player"], event["position"]]:
                    stake[2] += event["amount"]
                    break
            else:
                self.stakes.append([event["player"], event["position"], event["amount"]])
        elif kind == "bet_withdrawn":
            self.stakes = [s for s in self.stakes if s[:2] != [event["player"], event["position"]]]
        elif kind == "cards_dealt":
            self.hands = {i + 1: tuple(map(Card.parse, h)) for i, h in enumerate(event["hands"])}
            self.dealer = set(self.hands[1])
            self.allowed, self.public = {}, set()
        elif kind in ("banker_set", "banker_fouled"):
            self.public |= set(self.hands[1])
            for position in {s[1] for s in self.stakes}:
                holder = self.holder(position)
                viewers = {s[0] for s in self.stakes if s[1] == position}
                if not self.options.bettors_see_cards:
                    viewers = {holder} if holder else set()
                for viewer in viewers:
                    self.allowed.setdefault(viewer, set()).update(self.hands[position])
        elif kind == "setting_closed":
            for position in {s[1] for s in self.stakes}:
                self.public |= set(self.hands[position])


def check_visibility(t: ThirteenTable, actors: list[Actor]) -> int:
    """Every event each actor received, and each actor's view at the end, against the model."""
    model = Model(t.options)
    forms = {a: t.events_for(a) for a in actors}
    inspector = t.events_for(Actor.inspector("ida"))
    checked = 0
    for index, entry in enumerate(t.entries):
        model.apply(entry.event.to_dict())
        for actor in actors:
            seen = cards_in(forms[actor][index]["event"])
            assert seen <= model.for_actor(actor), (index, entry.event.TYPE, actor, seen)
            checked += 1
        if not t._finished(index):
            assert cards_in(inspector[index]["event"]) <= model.public
    for actor in actors:
        assert cards_in(t.view(actor)) <= model.for_actor(actor), actor
    return checked


@pytest.mark.parametrize("bettors_see_cards", [True, False])
def test_promise_no_actor_ever_receives_a_card_he_may_not_see(bettors_see_cards: bool) -> None:
    options = ThirteenOptions(bettors_see_cards=bettors_see_cards, seats=2)
    t = ThirteenTable(options, source=SeededSource(f"see:{bettors_see_cards}"))
    kinds = ["best-response", "random", "house-way", "random"]
    bots = {p.name: BOTS[kinds[i]](i) for i, p in enumerate(PLAYERS)}
    actors = [*PLAYERS, DEALER, Actor.OBSERVER]
    checked = 0

    def each_round(table: Any, number: int) -> None:
        nonlocal checked
        assert table.ledger.total() == 0 and table.books_agree()  # the books, every round
        if number % 10 == 0:
            for actor in actors:  # the views mid-table, between rounds
                assert cards_in(table.view(actor)) <= set(DECK)

    # two bots sit (seats=2), two bet standing behind them
    run_table(t, {p.name: bots[p.name] for p in PLAYERS[:2]}, rounds=1, close=False)
    for i, p in enumerate(PLAYERS[2:]):
        t.apply(p, {"type": "buy_in", "amount": 500_000}, f"stand-{i}", at=t.last_at)
    report = run_table(t, bots, rounds=ROUNDS // 2, on_round=each_round, close=False)
    assert report.rounds == ROUNDS // 2
    checked = check_visibility(t, actors)
    assert checked > 1_000
    assert any(e.event.TYPE == "suggested" for e in t.entries) or not bettors_see_cards


def test_promise_mid_round_views_and_events_follow_the_model() -> None:
    t = seated(ANA, BO)
    step(t, DEE, {"type": "buy_in", "amount": 100_000}, 0)
    to_banker_shown(t, [(ANA, 2, 1), (DEE, 2, 1), (BO, 4, 3)])
    actors = [*PLAYERS, DEALER, Actor.OBSERVER]
    check_visibility(t, actors)
    step(t, ANA, next(o for o in t.legal(ANA) if o.type == "set").sample(random.Random(4)), 7)
    check_visibility(t, actors)
    assert "setting" not in t.events_for(BO)[-1]["event"]
    assert "setting" in t.events_for(DEE)[-1]["event"]


# -- money, replay, the record ----------------------------------------------------------------


def played(rounds: int = 6, seed: str = "play", source: Any = None) -> ThirteenTable:
    t = ThirteenTable(ThirteenOptions(), table_id="t13", source=source or SeededSource(seed))
    bots = {p.name: BOTS["best-response"](i) for i, p in enumerate(PLAYERS[:3])}
    run_table(t, bots, rounds=rounds)
    return t


def test_promise_replay_reproduces_hashes_views_and_ledger() -> None:
    t = played()
    record = json.loads(json.dumps(t.to_record()))
    again = ThirteenTable.from_record(record)
    assert again.hashes() == t.hashes()
    for actor in (*PLAYERS, DEALER, Actor.OBSERVER, Actor.inspector("ida")):
        assert again.view(actor) == t.view(actor)
        assert again.events_for(actor) == t.events_for(actor)
    assert dict(again.ledger.balances) == dict(t.ledger.balances)
    assert again.closed and again.books_agree()


def test_promise_a_tampered_record_is_refused_naming_the_entry() -> None:
    t = played(rounds=2)
    record = json.loads(json.dumps(t.to_record()))
    index = next(i for i, e in enumerate(record["entries"]) if e["event"]["type"] == "hand_shown")
    record["entries"][index]["event"]["cards"][0] = (
        "As" if record["entries"][index]["event"]["cards"][0] != "As" else "Ks"
    )
    with pytest.raises(RecordError, match="hash"):
        ThirteenTable.from_record(record)
    entries = [{k: v for k, v in e.items() if k != "hash"} for e in record["entries"]]
    with pytest.raises(CroupierError, match="hand_shown"):
        ThirteenTable.replay(t.options, entries, table_id="t13", check_hashes=False)


def test_promise_ledger_accounts_of_a_round() -> None:
    t = seated(ANA)
    house(t, 1)
    step(t, ANA, {"type": "bet", "position": 3, "units": 2}, 2)
    assert t.ledger.balance("stake:3:ana") == 20_000
    assert t.ledger.balance("player:ana") == 1_000_000 - 20_000
    step(t, ANA, {"type": "withdraw", "position": 3}, 2)
    step(t, ANA, {"type": "bet", "position": 3, "units": 1}, 2)
    run_table(t, {"ana": BOTS["best-response"](0)}, rounds=1, close=False)
    line = t.game.last_settlement.lines[0]  # type: ignore[union-attr]
    assert t.ledger.balance("stake:3:ana") == 0
    assert t.ledger.balance("player:ana") == 1_000_000 + line.net
    commission = 100 if line.result.value == "win" else 0  # 2% of the 5,000 prize (Art 11)
    assert t.ledger.balance("commission") == commission
    assert t.ledger.balance("house") == -line.net - commission
    step(t, ANA, {"type": "leave"}, t.last_at)
    assert t.ledger.balance("player:ana") == 0 and t.books_agree()


def test_promise_fair_source_commits_before_the_shuffle_and_reveals_after_the_settlement() -> None:
    t = played(rounds=2, source=FairSource("a client seed"))
    types = [e.event.TYPE for e in t.entries]
    first = types.index("fairness_committed")
    assert types[first + 1] == "shoe_shuffled" and types.count("fairness_revealed") == 2
    for entry in t.entries:
        if entry.event.TYPE == "fairness_revealed":
            assert types[entry.seq - 2] == "round_settled"
    committed = [e.event for e in t.entries if isinstance(e.event, FairnessCommitted)]
    revealed = [e.event for e in t.entries if isinstance(e.event, FairnessRevealed)]
    dealt = [e.event for e in t.entries if isinstance(e.event, CardsDealt)]
    for c, r, d in zip(committed, revealed, dealt, strict=True):
        shuffler = ProvablyFairShuffler(bytes.fromhex(r.server_seed), c.client_seed, c.nonce)
        assert shuffler.commitment == c.commitment
        again = deal_thirteen(shuffler)  # anyone recomputes the deal, dice included
        assert tuple(again.hands[p] for p in (1, 2, 3, 4)) == d.hands


def test_promise_same_command_id_applies_once() -> None:
    t = seated(ANA)
    house(t, 1)
    first = t.apply(ANA, {"type": "bet", "position": 2, "units": 1}, "b1", at=2)
    again = t.apply(ANA, {"type": "bet", "position": 2, "units": 1}, "b1", at=3)
    assert again is first and t.ledger.balance("stake:2:ana") == 10_000
    with pytest.raises(RuleViolation, match="already used"):
        t.apply(ANA, {"type": "bet", "position": 3, "units": 1}, "b1", at=3)


def test_promise_run_table_plays_many_rounds_with_bots() -> None:
    t = ThirteenTable(source=SeededSource("many"))
    kinds = ("best-response", "house-way", "random")
    bots = {p.name: BOTS[k](i) for i, (p, k) in enumerate(zip(PLAYERS, kinds, strict=False))}
    report = run_table(t, bots, rounds=25)
    assert report.rounds == 25 and not report.refused and t.closed
    assert t.ledger.summary()["balanced"] and t.books_agree()


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actor", "command", "error"),
    [
        (ANA, {"type": "bet", "position": 1, "units": 1}, "Art 3"),
        (ANA, {"type": "bet", "position": 2, "units": 4}, "Art 11"),
        (ANA, {"type": "bet", "position": 2, "units": "1"}, "must be an integer"),
        (ANA, {"type": "bet", "position": 2}, "missing field 'units'"),
        (ANA, {"type": "raise", "amount": 1}, "unknown thirteen command 'raise'"),
        (ANA, {"type": "throw_dice"}, "Art 2 b"),
        (ANA, {"type": "set", "position": 2, "tiers": [["As"]], "confirm_foul": False}, "three"),
        (ANA, {"type": "sit", "buy_in": 5}, "Art 3"),
        (BO, {"type": "leave"}, "not at the table"),
        (DEALER, {"type": "deal"}, "not due now"),
        (DEALER, {"type": "cancel_deal", "reason": ""}, "Art 4"),
        (Actor.OBSERVER, {"type": "settle"}, "may watch but never act"),
    ],
)
def test_bad_command_is_refused_naming_the_fault_and_changes_nothing(
    actor: Actor, command: Any, error: str
) -> None:
    t = seated(ANA)
    house(t, 1)
    before = snapshot(t)
    with pytest.raises(CroupierError, match=error):
        t.apply(actor, command, "bad", at=2)
    assert snapshot(t) == before


def test_issue15_17_a_card_not_held_is_named_with_the_hand() -> None:
    t = seated(ANA)
    to_banker_shown(t, [(ANA, 2, 1)])
    hand = t.game.hands[2]
    stranger = next(c for c in DECK if c not in hand)
    chosen = Setting((stranger, *hand[1:3]), tuple(hand[3:8]), tuple(hand[8:13]))
    with pytest.raises(RuleViolation) as info:
        step(t, ANA, SetTiers.of(2, chosen), 10)
    assert f"{stranger} is not in position 2's hand" in str(info.value)
    assert f"{hand[0]} is left out" in str(info.value)
    with pytest.raises(RuleViolation, match="Art 7"):
        step(t, DEALER, SetBanker.of(chosen), 10)


def test_schema_lists_every_command() -> None:
    schema = ThirteenTable.schema()
    # the game's commands and the dealer's void of the round in play (issue 18)
    assert [c["title"] for c in schema["oneOf"]] == [c.TYPE for c in COMMANDS] + ["void_round"]
    assert schema["oneOf"][[c.TYPE for c in COMMANDS].index("set")]["required"] == [
        "type",
        "position",
        "tiers",
        "confirm_foul",
    ]
