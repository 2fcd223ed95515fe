"""The hub (croupier.server.hub) on the toy game, SQLite and PostgreSQL: one writer per table,
commit before telling, redacted fan-out, deadlines, bots, restart from the record."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from funding import fund
from toy_server import ANTE_MS, CATALOG

from croupier.server.db import open_database
from croupier.server.hub import Hub, HubSettings, Subscriber
from croupier.server.store import EventStore
from croupier.table import Actor

ANA = Actor.player("ana")
START = 1_714_564_800_000


class Clock:
    def __init__(self) -> None:
        self.ms = START

    def __call__(self) -> int:
        return self.ms


def run(database_url: str, body: Callable[[Hub, Clock], Awaitable[None]], **settings: Any) -> None:
    """Run ``body`` against a started hub (bots without delay) and stop it."""

    async def main() -> None:
        database = open_database(database_url)
        clock = Clock()
        store = EventStore(database.engine)
        fund(store, "ana")
        hub = Hub(
            store,
            CATALOG,
            HubSettings(**{"bot_delay_ms": 0, **settings}),
            clock=clock,
        )
        try:
            await hub.start()
            await body(hub, clock)
        finally:
            await hub.stop()
            database.close()

    asyncio.run(main())


def subscriber(actor: Actor = ANA) -> Subscriber:
    return Subscriber(actor, 0, asyncio.Queue())


def frames(sub: Subscriber) -> list[dict[str, Any]]:
    out = []
    while not sub.queue.empty():
        out.append(sub.queue.get_nowait())
    return out


async def settle(hub: Hub, table_id: str, rounds: int, sub: Subscriber, seen: list[Any]) -> None:
    """Play as ana from her frames (ante whenever offered) until ``rounds`` rounds closed."""
    answered = -1
    for _ in range(4000):
        got = frames(sub)
        seen.extend(got)
        views = [f for f in got if f["type"] == "view"]
        if views:
            view = views[-1]
            if view["view"]["round"] >= rounds + 1 or (
                view["view"]["round"] == rounds and view["view"]["phase"] == "idle"
            ):
                return
            if view["seq"] != answered and any(o["type"] == "ante" for o in view["legal"]):
                answered = view["seq"]
                outcome = await hub.submit(table_id, ANA, {"type": "ante"}, f"a{view['seq']}")
                assert outcome.accepted, outcome
        await asyncio.sleep(0.002)
    raise AssertionError(f"{rounds} rounds did not close")


def test_a_table_plays_rounds_with_bots_and_a_person(database_url: str) -> None:
    async def body(hub: Hub, clock: Clock) -> None:
        await hub.open_table("t1", "toy", {}, by="admin", bots={"bot-1": "default"})
        sub = subscriber()
        await hub.subscribe("t1", sub, "ana")
        joined = await hub.join("t1", "ana")
        assert joined.accepted
        seen: list[dict[str, Any]] = []
        await settle(hub, "t1", 3, sub, seen)
        # Committed before told: every event pushed is in the store, in seq order.
        stored = hub.store.read("table:t1")
        pushed = [e for f in seen if f["type"] == "events" for e in f["events"]]
        assert [e["seq"] for e in pushed] == list(range(1, len(pushed) + 1))
        assert len(pushed) <= len(stored)
        assert any(e["event"]["type"] == "settled" for e in pushed)
        # No card of the bot's reaches ana before the settlement shows it.
        for event in pushed:
            if event["event"]["type"] == "dealt" and event["event"]["player"] != "ana":
                assert "card" not in event["event"]
            assert event["event"]["type"] != "shuffled" or "order" not in event["event"]

        # The record verifies, and the house ledger equals the table's own ledger, but for the
        # table's cashier: the wallets and the bank paid for its chips (issue 19), so it is 0.
        def check(live: Any) -> None:
            assert hub.store.verify_stream("table:t1") is None
            assert hub.store.verify_positions() is None
            balances = hub.store.balances("table:t1:")
            mine = {f"table:t1:{a}": v for a, v in live.table.ledger.balances.items()}
            assert mine.pop("table:t1:cashier") == -sum(mine.values()) != 0
            assert balances.pop("table:t1:cashier") == 0
            assert balances == mine
            assert sum(hub.store.balances().values()) == 0
            assert live.table.books_agree()

        await hub.read("t1", check)

    run(database_url, body)


def test_a_restarted_hub_resumes_each_table_where_its_record_ends(database_url: str) -> None:
    heads: dict[str, Any] = {}

    async def first(hub: Hub, clock: Clock) -> None:
        await hub.open_table("t1", "toy", {}, by="admin", bots={"bot-1": "default"})
        await hub.subscribe("t1", subscriber(), "ana")
        await hub.join("t1", "ana")
        for _ in range(200):  # a round opens and waits on ana's ante
            if (await hub.view("t1", ANA))["waiting"]:
                break
            await asyncio.sleep(0.005)

        def read(live: Any) -> None:
            heads.update(seq=live.stored_seq, head=live.table.head(), waits=live.table.waiting_on())

        await hub.read("t1", read)

    async def second(hub: Hub, clock: Clock) -> None:
        live = hub.tables["t1"]
        assert (live.table.seq, live.table.head()) == (heads["seq"], heads["head"])
        assert live.table.waiting_on() == heads["waits"]  # the deadline survives the restart
        assert live.bots.keys() == {"bot-1"}
        # ana is away; when her time ends the rule's default (sit out) applies.
        [mine] = [w for w in heads["waits"] if w.actor == ANA]
        assert mine.deadline == START + ANTE_MS
        clock.ms = mine.deadline + 1
        hub._wake(live)
        for _ in range(400):
            if not any(w["actor"] == "player:ana" for w in (await hub.view("t1", ANA))["waiting"]):
                break
            await asyncio.sleep(0.005)
        last = hub.store.read("table:t1")[heads["seq"]]
        assert last.command_id == f"timeout:{heads['seq']}:player:ana"
        assert last.event == {"type": "sat_out", "player": "ana"}

    run(database_url, first)
    run(database_url, second)


def test_a_refused_command_names_the_article_and_changes_nothing(database_url: str) -> None:
    async def body(hub: Hub, clock: Clock) -> None:
        await hub.open_table("t1", "toy", {}, by="admin")
        await hub.join("t1", "ana")
        seq = hub.tables["t1"].stored_seq
        out_of_turn = await hub.submit("t1", ANA, {"type": "ante"}, "x1")
        assert (out_of_turn.accepted, out_of_turn.article) == (False, "Toy 1")
        unknown = await hub.submit("t1", ANA, {"type": "fly"}, "x2")
        assert (unknown.article, unknown.field) == ("protocol", "type")
        assert "unknown toy command 'fly'" in (unknown.message or "")
        other = await hub.submit("t1", Actor.player("bo"), {"type": "leave"}, "x3")
        assert not other.accepted and other.article == "Toy 1"
        no_table = await hub.submit("nope", ANA, {"type": "leave"}, "x4")
        assert (no_table.article, no_table.message) == ("tables", "no table 'nope'")
        long_id = await hub.submit("t1", ANA, {"type": "leave"}, "x" * 49)
        assert long_id.field == "command_id"
        assert hub.tables["t1"].stored_seq == seq == len(hub.store.read("table:t1"))

    run(database_url, body)


def test_a_retried_command_id_is_applied_once(database_url: str) -> None:
    async def body(hub: Hub, clock: Clock) -> None:
        await hub.open_table("t1", "toy", {}, by="admin")
        first = await hub.submit("t1", ANA, {"type": "sit", "buy_in": 300}, "sit-1")
        again = await hub.submit("t1", ANA, {"type": "sit", "buy_in": 300}, "sit-1")
        assert first.accepted and again.accepted and again.duplicate and not first.duplicate
        assert (again.first_seq, again.last_seq) == (first.first_seq, first.last_seq)
        assert len(hub.store.read("table:t1")) == 1
        # The buy-in left ana's wallet once.
        assert hub.store.balance("wallet:ana") == 100_000 - 300
        # Another person may use the same id: ids are kept per person.
        await asyncio.to_thread(fund, hub.store, "bo")
        bo = await hub.submit("t1", Actor.player("bo"), {"type": "sit", "buy_in": 300}, "sit-1")
        assert bo.accepted and not bo.duplicate
        changed = await hub.submit("t1", ANA, {"type": "leave"}, "sit-1")
        assert not changed.accepted and "already used for another command" in (
            changed.message or ""
        )

    run(database_url, body)


def test_a_subscriber_far_behind_gets_a_view_not_every_event(database_url: str) -> None:
    async def body(hub: Hub, clock: Clock) -> None:
        await hub.open_table("t1", "toy", {}, by="admin")
        for i in range(4):
            await asyncio.to_thread(fund, hub.store, f"p{i}")
            await hub.submit("t1", Actor.player(f"p{i}"), {"type": "sit", "buy_in": 100}, "s")
        near = Subscriber(ANA, 1, asyncio.Queue())
        await hub.subscribe("t1", near, None)
        got = frames(near)
        assert [f["type"] for f in got] == ["events", "view"]
        assert [e["seq"] for e in got[0]["events"]] == [2, 3, 4]
        far = Subscriber(ANA, 1, asyncio.Queue())
        hub.tables["t1"]
        hub.settings.__dict__["catchup_limit"] = 2
        await hub.subscribe("t1", far, None)
        assert [f["type"] for f in frames(far)] == ["view"]
        assert far.seq == 4

    run(database_url, body)


@pytest.mark.parametrize("name", ["bad name", "x" * 41])
def test_a_bot_with_a_bad_name_is_refused_before_anything_is_written(
    database_url: str, name: str
) -> None:
    async def body(hub: Hub, clock: Clock) -> None:
        from croupier.errors import RuleViolation

        with pytest.raises(RuleViolation, match="is not a name"):
            await hub.open_table("t1", "toy", {}, by="admin", bots={name: "default"})
        assert hub.store.tables() == [] and "t1" not in hub.tables

    run(database_url, body)


def test_promise_a_failed_fan_out_is_logged_and_the_table_plays_on(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A fan-out that raises (a view that cannot be made) must not end the table's writer (the
    table would stand still with nothing logged): it is logged, and the subscribers catch up
    from their seq at the next fan-out."""

    async def body(hub: Hub, clock: Clock) -> None:
        await hub.open_table("t1", "toy", {}, by="admin", bots={"bot-1": "default"})
        made = hub.view_frame
        failed: list[int] = []

        def once(*args: Any, **kwargs: Any) -> dict[str, Any]:
            if not failed:
                failed.append(1)
                raise RuntimeError("a view that cannot be made")
            return made(*args, **kwargs)

        sub = subscriber()
        await hub.subscribe("t1", sub, "ana")
        hub.view_frame = once  # type: ignore[method-assign]  # the next fan-out's first view
        assert (await hub.join("t1", "ana")).accepted
        seen: list[dict[str, Any]] = []
        await settle(hub, "t1", 2, sub, seen)
        assert failed
        pushed = [e["seq"] for f in seen if f["type"] == "events" for e in f["events"]]
        assert pushed == list(range(1, len(pushed) + 1))  # nothing missed, nothing twice

    with caplog.at_level("ERROR", logger="croupier.server"):
        run(database_url, body)
    assert any("a fan-out failed" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("watchdog_s", [0.05, 0.0], ids=["watchdog", "no-watchdog"])
def test_promise_a_lost_wake_up_is_found_by_the_watchdog_and_logged(
    database_url: str, watchdog_s: float, caplog: pytest.LogCaptureFixture
) -> None:
    """No table stands still unseen: a wake-up lost (marked pending, nothing scheduled) leaves
    a table of bots standing still; the watchdog moves it within ``watchdog_s`` and says so in
    the log and /metrics' ``watchdog_wakes``. Without the watchdog it stands still (the case
    shows the test can fail)."""
    moved: list[int] = []

    async def body(hub: Hub, clock: Clock) -> None:
        wake = hub._wake
        lost: list[int] = []

        def losing(live: Any, delay_ms: int = 0) -> None:
            # lost when the house is to act next (nobody waited on: no command can move it)
            quiet = not live.table.waiting_on() and not live.table.closed
            if not lost and live.table.seq >= 6 and not live.progress_pending and quiet:
                lost.append(live.table.seq)
                live.progress_pending = True  # as if scheduled: the wake-up is lost
                return
            wake(live, delay_ms)

        hub._wake = losing  # type: ignore[method-assign]
        await hub.open_table("t1", "toy", {}, by="admin", bots={"bot-1": "default"})
        sub = subscriber()
        await hub.subscribe("t1", sub, "ana")
        assert (await hub.join("t1", "ana")).accepted
        answered = -1
        for _ in range(300):  # ana antes whenever she is offered it, for up to ~3 s
            views = [f for f in frames(sub) if f["type"] == "view"]
            if views and views[-1]["seq"] != answered:
                view = views[-1]
                if any(o["type"] == "ante" for o in view["legal"]):
                    answered = view["seq"]
                    await hub.submit("t1", ANA, {"type": "ante"}, f"a{answered}")
            if lost and hub.tables["t1"].table.seq > lost[0] + 3:
                break
            await asyncio.sleep(0.01)
        assert lost, "the table did not get as far as the lost wake-up"
        moved.append(hub.tables["t1"].table.seq - lost[0])
        assert hub.counts["watchdog_wakes"] == (1 if watchdog_s else 0)

    with caplog.at_level("WARNING", logger="croupier.server"):
        run(database_url, body, watchdog_s=watchdog_s)
    said = [r.getMessage() for r in caplog.records if "the watchdog moved it" in r.getMessage()]
    if watchdog_s:
        assert moved[0] > 3
        assert len(said) == 1 and "a wake-up was lost" in said[0]
    else:
        assert moved == [0] and not said


def test_promise_a_failing_job_is_retried_later_after_each_failure(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A table's progress that fails is logged and tried again, 0.5 s after the first failure
    and twice as long after each failure in a row (a job failing for good is not logged twice
    a second for ever); once it works the table plays on and the count starts again."""
    retries: list[int] = []

    async def body(hub: Hub, clock: Clock) -> None:
        progress, wake = hub._progress, hub._wake
        failing = [3]

        async def flaky(live: Any) -> None:
            if failing[0]:
                failing[0] -= 1
                live.progress_pending = False
                raise RuntimeError("a step that cannot be made")
            await progress(live)

        def watched(live: Any, delay_ms: int = 0) -> None:
            if delay_ms >= 500:
                retries.append(delay_ms)
            wake(live, delay_ms)

        hub._progress = flaky  # type: ignore[method-assign]
        hub._wake = watched  # type: ignore[method-assign]
        await hub.open_table("t1", "toy", {}, by="admin", bots={"bot-1": "default"})
        sub = subscriber()
        await hub.subscribe("t1", sub, "ana")
        assert (await hub.join("t1", "ana")).accepted
        seen: list[dict[str, Any]] = []
        await settle(hub, "t1", 1, sub, seen)
        assert hub.tables["t1"].failures == 0

    with caplog.at_level("ERROR", logger="croupier.server"):
        run(database_url, body, watchdog_s=0)
    assert retries[:3] == [500, 1000, 2000]
    assert sum("a job failed" in r.getMessage() for r in caplog.records) == 3
