"""The table interface's own promises, on a toy game (tests/table/toy.py): idempotent command
ids, refusals that change nothing, redaction by who may see what when, the ledger balancing,
the hash chain sealing the record, replay reproducing the table, timeouts by the clock."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, Deck
from croupier.errors import CroupierError, RecordError, RuleViolation
from croupier.offers import Between, Offer, OneOf, Split, Text, command_schema
from croupier.table import Actor, SeededSource
from croupier.table.log import entry_line, header_line, read_log, verify_chain
from croupier.table.runner import run_table

from .toy import Ante, FirstOfferBot, Open, Sit, ToyOptions, ToyTable

ANA, BO, CY = Actor.player("ana"), Actor.player("bo"), Actor.player("cy")


def seated(*players: Actor, seed: str = "toy") -> ToyTable:
    table = ToyTable(ToyOptions(), table_id="t1", source=SeededSource(seed))
    for i, p in enumerate(players):
        table.apply(p, {"type": "sit", "buy_in": 200}, f"sit-{i}", at=0)
    return table


def played(rounds: int = 5, seed: str = "toy") -> ToyTable:
    table = ToyTable(ToyOptions(), table_id="t1", source=SeededSource(seed))
    bots = {"ana": FirstOfferBot(), "bo": FirstOfferBot(), "cy": FirstOfferBot()}
    run_table(table, bots, rounds=rounds)
    return table


def state(table: ToyTable) -> tuple[object, ...]:
    return (table.seq, dict(table.ledger.balances), table.view(Actor.OBSERVER), table.head())


def test_promise_same_command_id_applies_once() -> None:
    table = seated(ANA, BO)
    table.step_house(at=1)  # opens the round
    first = table.apply(ANA, {"type": "ante"}, "a-1", at=2)
    again = table.apply(ANA, {"type": "ante"}, "a-1", at=3)
    assert again is first
    assert table.seq == first.last_seq
    assert table.ledger.balance("pot") == 10


def test_promise_command_id_reused_for_another_command_is_refused() -> None:
    table = seated(ANA, BO)
    table.step_house(at=1)
    table.apply(ANA, {"type": "ante"}, "x", at=2)
    before = state(table)
    with pytest.raises(RuleViolation, match="already used"):
        table.apply(BO, {"type": "ante"}, "x", at=3)
    assert state(table) == before


@pytest.mark.parametrize(
    ("actor", "command", "error"),
    [
        (ANA, {"type": "ante"}, "Toy 1"),  # no round open
        (ANA, {"type": "sit", "buy_in": 5}, "Toy 1"),  # seated already
        (ANA, {"type": "bet"}, "unknown toy command 'bet'"),
        (ANA, {"type": "sit", "buy_in": "5"}, "must be an integer"),
        (ANA, {"type": "sit"}, "missing field 'buy_in'"),
        (ANA, {"type": "sit", "buy_in": 50, "seat": 1}, "unknown field 'seat'"),
        (ANA, ["sit"], "must be a JSON object"),
        (Actor.OBSERVER, {"type": "open"}, "may watch but never act"),
        (Actor.inspector("ida"), {"type": "open"}, "may watch but never act"),
    ],
)
def test_bad_command_is_refused_naming_the_fault_and_changes_nothing(
    actor: Actor, command: object, error: str
) -> None:
    table = seated(ANA, BO)
    before = state(table)
    with pytest.raises(CroupierError, match=error):
        table.apply(actor, command, "bad", at=5)  # type: ignore[arg-type]
    assert state(table) == before
    assert table.step_house(at=6) is not None  # the table goes on


def test_promise_a_failed_command_is_undone_whole() -> None:
    """A command whose money cannot be posted is undone entirely, game state included (the
    ledger is the last line of defence behind ``legal``)."""
    table = ToyTable(ToyOptions(), table_id="t1", source=SeededSource("toy"))
    table.apply(ANA, {"type": "sit", "buy_in": 10}, "s1", at=0)
    table.apply(BO, {"type": "sit", "buy_in": 10}, "s2", at=0)
    table.step_house(at=1)
    table.apply(ANA, {"type": "ante"}, "a", at=2)  # ana's 10 chips go to the pot
    before = state(table)
    folded = table._fold_size()
    with pytest.raises(RuleViolation, match="never negative"):
        table._run(ANA, Ante(), "forced", 3)  # bypasses legal(): a second ante, no chips
    assert state(table) == before
    assert table._fold_size() == folded
    assert [w.actor for w in table.waiting_on()] == [BO]


def test_promise_time_never_goes_back() -> None:
    table = seated(ANA, BO)
    table.step_house(at=1000)
    with pytest.raises(RuleViolation, match="clock"):
        table.apply(ANA, {"type": "ante"}, "late", at=999)


def test_promise_timeout_only_after_the_deadline_and_only_once() -> None:
    table = seated(ANA, BO)
    table.step_house(at=1000)
    (wait,) = [w for w in table.waiting_on() if w.actor == BO]
    with pytest.raises(RuleViolation, match="still has"):
        table.timeout(BO, at=wait.deadline - 1)  # type: ignore[operator]
    done = table.timeout(BO, at=wait.deadline)  # type: ignore[arg-type]
    assert [e.event.TYPE for e in done.entries] == ["sat_out"]
    with pytest.raises(RuleViolation, match="not being waited on"):
        table.timeout(BO, at=wait.deadline)  # type: ignore[arg-type]


def test_promise_no_hidden_card_reaches_another_player() -> None:
    table = played(rounds=6)
    for actor in (ANA, BO, CY, Actor.OBSERVER, Actor.dealer("dee")):
        for item in table.events_for(actor):
            event = item["event"]
            if event["type"] == "dealt":
                assert ("card" in event) == (event["player"] == actor.name)
            if event["type"] == "shuffled":
                assert "order" not in event


def test_promise_inspector_sees_finished_rounds_whole_and_live_rounds_as_the_public() -> None:
    table = seated(ANA, BO)
    table.step_house(at=1)
    table.apply(ANA, {"type": "ante"}, "a", at=2)
    table.apply(BO, {"type": "ante"}, "b", at=3)
    table.step_house(at=4)  # shuffle
    table.step_house(at=5)  # deal
    ida = Actor.inspector("ida")
    live = table.events_for(ida)
    assert not any("card" in e["event"] for e in live if e["event"]["type"] == "dealt")
    table.step_house(at=6)  # settle: the round closes
    whole = table.events_for(ida)
    assert all("card" in e["event"] for e in whole if e["event"]["type"] == "dealt")
    assert table.round_entries(1)[-1].event.TYPE == "settled"


def test_promise_events_shared_among_viewers_read_the_same_and_stay_each_viewers_own() -> None:
    # issue 18: the server encodes each event shown whole once for every actor watching a
    # table (events_for's forms); what each actor is handed must not change by it
    table = played(rounds=3)
    forms: dict[int, dict[str, object]] = {}
    ida = Actor.inspector("ida")
    actors = (ANA, BO, CY, Actor.OBSERVER, Actor.dealer("dee"), ida)
    shared = {actor: table.events_for(actor, 2, forms=forms) for actor in actors}
    for actor in actors:
        assert shared[actor] == table.events_for(actor, 2)
    assert forms  # the public events were kept for the next actor
    shared[ANA][0]["event"]["type"] = "changed"  # one actor's copy, not the others'
    assert shared[BO][0]["event"]["type"] == table.events_for(BO, 2)[0]["event"]["type"]


def test_promise_events_for_is_append_only_for_each_viewer() -> None:
    table = seated(ANA, BO, CY)
    seen: list[dict[str, object]] = []
    bots = {"ana": FirstOfferBot(), "bo": FirstOfferBot(), "cy": FirstOfferBot()}
    for n in range(1, 4):
        run_table(table, bots, rounds=n, close=False)
        now = table.events_for(ANA)
        assert now[: len(seen)] == seen
        assert table.events_for(ANA, since=len(seen)) == now[len(seen) :]
        seen = now


def test_promise_money_balances_and_books_agree_after_every_round() -> None:
    checked = []

    def check(table: object, number: int) -> None:
        assert isinstance(table, ToyTable)
        assert table.ledger.total() == 0
        assert table.books_agree()
        checked.append(number)

    table = ToyTable(ToyOptions(), source=SeededSource("money"))
    run_table(table, {"ana": FirstOfferBot(), "bo": FirstOfferBot()}, rounds=8, on_round=check)
    assert checked == list(range(1, 9))
    summary = table.ledger.summary()
    assert summary["balanced"] and summary["commission"] == 8


def test_promise_replay_reproduces_the_table_and_its_hashes() -> None:
    table = played(rounds=4)
    record = json.loads(json.dumps(table.to_record()))
    again = ToyTable.from_record(record)
    assert again.hashes() == table.hashes()
    assert again.view(ANA) == table.view(ANA)
    assert again.events_for(BO) == table.events_for(BO)
    assert dict(again.ledger.balances) == dict(table.ledger.balances)
    assert again.closed


def test_promise_replayed_table_still_refuses_a_repeated_command_id() -> None:
    table = seated(ANA, BO)
    table.step_house(at=1)
    first = table.apply(ANA, {"type": "ante"}, "a-1", at=2)
    again = ToyTable.from_record(table.to_record())
    retried = again.apply(ANA, {"type": "ante"}, "a-1", at=3)
    assert retried.last_seq == first.last_seq and again.seq == table.seq


@pytest.mark.parametrize("where", ["change", "remove", "swap"])
def test_promise_a_changed_removed_or_reordered_entry_breaks_the_chain(where: str) -> None:
    table = played(rounds=2)
    entries = table.to_record()["entries"]
    if where == "change":
        entries[5]["at"] += 1
    elif where == "remove":
        del entries[5]
    else:
        entries[5], entries[6] = entries[6], entries[5]
    with pytest.raises(RecordError):
        verify_chain(table.genesis(), entries)
    with pytest.raises(RecordError):
        ToyTable.replay(table.options, entries, table_id="t1")


def test_promise_the_jsonl_log_reads_back_and_ends_with_the_seal() -> None:
    table = played(rounds=2)
    lines = [header_line(table.GAME, table.table_id, table.options.to_dict())]
    lines += [entry_line(e, h) for e, h in zip(table.entries, table.hashes(), strict=True)]
    header, entries = read_log(lines)
    assert verify_chain(header["genesis"], entries) == table.head()
    seal = entries[-1]["event"]
    assert seal == {
        "type": "table_closed",
        "entries": table.seq - 1,
        "last_hash": seal["last_hash"],
    }
    assert seal["last_hash"] == table.hashes()[-2]
    with pytest.raises(RuleViolation, match="closed"):
        table.apply(ANA, {"type": "leave"}, "after", at=10**9)


def test_promise_an_unchained_log_is_refused_clearly() -> None:
    with pytest.raises(RecordError, match="not a croupier table log"):
        read_log(['{"game": "thirteen", "events": []}'])
    with pytest.raises(RecordError, match="line 2 is not JSON"):
        read_log([header_line("toy", "t", {}), b'{"seq": 1, "at"'])


def test_promise_every_legal_command_applies() -> None:
    rng = random.Random(7)
    table = seated(ANA, BO, CY)
    bots = {"ana": FirstOfferBot(), "bo": FirstOfferBot(), "cy": FirstOfferBot()}
    run_table(table, bots, rounds=1, close=False)
    for step in range(60):
        actors = [ANA, BO, CY, Actor.HOUSE]
        actor = actors[step % 4]
        offers = table.legal(actor)
        if offers:
            command = rng.choice(offers).sample(rng)
            table.apply(actor, command, f"r{step}", at=table.last_at + 1)
    assert table.books_agree()


def test_offer_domains_admit_exactly_their_values() -> None:
    cards = Deck.STANDARD_52.cards[:13]
    split = Split(cards, (3, 5, 5))
    rng = random.Random(1)
    for _ in range(50):
        assert split.admits(split.sample(rng))
    assert not split.admits((cards[:3], cards[3:8], (*cards[8:12], Card.parse("2c"))))
    assert not split.admits((cards[:5], cards[5:8], cards[8:]))
    assert Between(1, 3).admits(2) and not Between(1, 3).admits(True)
    assert OneOf(("a",)).admits("a") and not OneOf((1,)).admits(True)
    assert Text(5).admits("void") and not Text(5).admits("") and not Text(5).admits(" x")


@settings(max_examples=50, deadline=None)
@given(st.integers(-5, 300))
def test_offer_between_matches_its_bounds(amount: int) -> None:
    offer = Offer(Sit, {"buy_in": Between(10, 200)})
    assert offer.admits(Sit(amount)) == (10 <= amount <= 200)


def test_commands_schema_names_every_field() -> None:
    schema = command_schema(Sit)
    assert schema["required"] == ["type", "buy_in"]
    assert schema["properties"]["type"] == {"const": "sit"}
    assert schema["additionalProperties"] is False
    assert ToyTable.schema()["oneOf"][4]["title"] == Open.TYPE


def test_promise_the_runner_reports_every_entry_to_on_step() -> None:
    """A log writer following the runner's steps sees every entry, the seal included, in order."""
    seen: list[int] = []
    table = ToyTable(ToyOptions(), source=SeededSource("steps"))
    run_table(
        table,
        {"ana": FirstOfferBot(), "bo": FirstOfferBot()},
        rounds=3,
        on_step=lambda t, applied: seen.extend(e.seq for e in applied.entries),
    )
    assert seen == list(range(1, table.seq + 1))
    assert table.entries[-1].event.TYPE == "table_closed"


def test_promise_extend_folds_only_the_new_entries_and_refuses_a_broken_chain() -> None:
    table = played(rounds=3)
    record = table.to_record()
    half = len(record["entries"]) // 2
    while record["entries"][half]["command_id"] == record["entries"][half - 1]["command_id"]:
        half += 1  # the entries of one command come together
    follower = ToyTable.replay(table.options, record["entries"][:half], table_id="t1")
    before = state(follower)
    broken = [dict(e) for e in record["entries"][half:]]
    broken[1]["at"] += 1
    with pytest.raises(RecordError, match="hash"):
        follower.extend(broken)
    assert state(follower) == before
    follower.extend(record["entries"][half:])
    assert follower.hashes() == table.hashes()
    assert follower.events_for(ANA) == table.events_for(ANA)


def test_promise_dealers_see_the_dealers_form_and_nobody_else_does() -> None:
    from croupier.table.log import DEALER, Shown

    shown = Shown({"type": "x"}, {DEALER: None, "ana": {"type": "x", "mine": 1}})
    whole = {"type": "x", "card": "As"}
    assert shown.form(DEALER, lambda: dict(whole)) == whole
    assert shown.form("ana", lambda: dict(whole)) == {"type": "x", "mine": 1}
    assert shown.form(None, lambda: dict(whole)) == {"type": "x"}
    with pytest.raises(RuleViolation):
        Actor.player(DEALER)  # no player can take the dealers' key


def test_promise_a_keyed_fair_source_reveals_after_a_restart_and_continues_its_nonces() -> None:
    from croupier.shuffle import commit
    from croupier.table import FairSource

    key = b"k" * 32
    live = FairSource("a client seed", key=key, label="t9")
    shufflers = [live.next() for _ in range(3)]
    restarted = FairSource("a client seed", key=key, label="t9")
    for s in shufflers:  # the table folds its recorded commitments
        restarted.observe(s.commitment, s.nonce)
    assert restarted.secret(shufflers[1].commitment, 1) == shufflers[1].server_seed
    assert commit(restarted.secret(shufflers[2].commitment, 2) or b"") == shufflers[2].commitment
    assert restarted.next().nonce == 3
    other = FairSource("a client seed", key=b"x" * 32, label="t9")
    assert other.secret(shufflers[0].commitment, 0) is None  # another key cannot reveal
    assert FairSource("a client seed").secret(shufflers[0].commitment, 0) is None


def test_promise_a_transaction_that_moves_nothing_is_not_posted() -> None:
    """A settlement moving no money (a drawn Mah-Jong game) records no empty transaction (the
    server's store refuses a transaction of fewer than two entries)."""
    from croupier.table import Tx

    class Quiet(ToyTable):
        def _money(self, event: object, seq: int) -> list[Tx]:
            return [Tx.of(f"{seq}", "nothing", {"pot": 0})]

    table = Quiet(ToyOptions(), source=SeededSource("quiet"))
    table.apply(ANA, {"type": "sit", "buy_in": 100}, "s", at=0)
    assert [tx.reason for tx in table.ledger.transactions] == ["chips_in"]
