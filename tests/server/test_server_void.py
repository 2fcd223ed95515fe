"""``croupier table void`` on a real game's table (issue 18: "an operator may void an
interrupted round instead (``croupier table void``), refunding its stakes as the regulation's
void-round article says, recorded as events"), for each of the five games, on SQLite and
PostgreSQL.

Bots play a table served by the hub; the hub stops at some point of a round (the server gone);
the operator voids the round from the command line. Then: the table's last entry is the
dealer's ``house_void`` (reason, dealer, the game's article), the house stream has its
``round.voided``, every player's chips at the table are back to what they were before the round
(the ledger as the store holds it), the whole ledger sums to zero, ``audit verify`` re-folds
every table and passes, and a hub started again plays the table's next round. Once the round's
result is fixed (croupier/games/void.py ``RESULT_FIXED``) the same command is refused with the
article that fixes it, and nothing is written.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from table.void_points import result_fixed
from typer.testing import CliRunner

from croupier.cli import app
from croupier.games.void import ARTICLES, RESULT_FIXED
from croupier.server.catalog import Catalog
from croupier.server.db import open_database
from croupier.server.hub import Hub, HubSettings
from croupier.server.money import bots_of, table_ledger
from croupier.server.store import EventStore, TableRow
from croupier.table import Actor, Table
from croupier.table.events import ChipsIn, ChipsOut
from croupier.table.registry import GAMES
from croupier.table.sources import LiveSource

runner = CliRunner()
#: bots seated per game (Mah-Jong: four players, Art 2)
BOTS = {"mahjong": 4, "five-card-stud": 3, "thirteen": 2}


async def _hub(database_url: str) -> tuple[Hub, object]:
    database = open_database(database_url)
    hub = Hub(
        EventStore(database.engine), Catalog(), HubSettings(bot_delay_ms=0, bots_play_alone=True)
    )
    await hub.start()
    return hub, database


def interrupt_a_round(database_url: str, game: str, seed: int) -> None:
    """Open table t1 of ``game`` with bots and stop the hub some entries into a round (drawn
    from ``seed``), before its result is fixed: where a round's result came first, the next
    round is stopped no deeper than the last voidable point seen."""
    rng = random.Random(seed)

    async def main() -> None:
        hub, database = await _hub(database_url)
        kinds = list(hub.catalog.bots(game))
        bots = {f"bot-{i + 1}": kinds[i % len(kinds)] for i in range(BOTS.get(game, 2))}
        await hub.open_table("t1", game, {}, by="admin", bots=bots)
        live = hub.live("t1")
        wanted, seen = rng.randrange(1, 12), 0
        for _ in range(4000):
            if live.in_round():
                depth = live.table.seq - live.table.rounds[-1].first_seq
                if not _voidable(live.table):  # its result fixed first
                    wanted = max(1, min(wanted, seen))
                elif depth >= wanted:
                    break
                else:
                    seen = max(seen, depth)
            await asyncio.sleep(0.005)
        await hub.stop()
        database.close()  # type: ignore[attr-defined]

    asyncio.run(main())


def _voidable(table: Table[Any]) -> bool:
    return any(o.type == "void_round" for o in table.legal(Actor.dealer("dee")))


def cli(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.mark.parametrize("game", list(GAMES))
def test_promise_table_void_refunds_a_real_games_round_and_the_table_goes_on(
    database_url: str, game: str
) -> None:
    interrupt_a_round(database_url, game, seed=len(game))
    info = GAMES[game]
    database = open_database(database_url, migrate=False)
    store = EventStore(database.engine)
    try:
        _, stored, table = stored_t1(store, game)
        assert table.rounds and not table.rounds[-1].closed, "the hub stopped mid-round"
        assert _voidable(table), "the hub stopped before the round's result was fixed"
        first = table.rounds[-1].first_seq
        before = info.table.replay(
            table.options, [e.line() for e in stored[: first - 1]], table_id="t1"
        )
        expected = {p: v for p, v in before.ledger.players().items()}
        for entry in table.entries[first - 1 :]:
            if isinstance(entry.event, ChipsIn | ChipsOut):
                sign = 1 if isinstance(entry.event, ChipsIn) else -1
                expected[entry.event.player] = (
                    expected.get(entry.event.player, 0) + sign * entry.event.amount
                )
    finally:
        database.close()
    code, output = cli(
        "table", "void", "--table", "t1", "--reason", "server lost", "--by", "dee",
        "--database", database_url,
    )  # fmt: skip
    assert code == 0, output
    assert f"round {table.rounds[-1].number} of table t1 voided" in output
    database = open_database(database_url, migrate=False)
    store = EventStore(database.engine)
    try:
        stored = store.read("table:t1")
        last = stored[-1]
        assert last.actor == "dealer:dee" and last.event["type"] == "house_void"
        assert (last.event["reason"], last.event["by"]) == ("server lost", "dee")
        assert last.event["article"] == ARTICLES[game]
        house = store.read("house")[-1]
        assert house.type == "round.voided" and house.event["table"] == "t1"
        after = info.table.replay(table.options, [e.line() for e in stored], table_id="t1")
        assert after.rounds[-1].closed and after.books_agree()
        players = {p: v for p, v in after.ledger.players().items() if v}
        assert players == {p: v for p, v in expected.items() if v}
        # the store's ledger: the table's accounts and the whole book balance
        assert sum(store.balances().values()) == 0
        refunds = house.event["refunds"]
        assert sum(refunds.values()) == sum(line["paid"] for line in last.event["lines"]), refunds
    finally:
        database.close()
    code, output = cli("audit", "verify", "--database", database_url)
    assert code == 0, output
    # the table goes on: a hub started again plays its next round
    done = after.rounds_closed

    async def resume() -> int:
        hub, database = await _hub(database_url)
        live = hub.live("t1")
        for _ in range(4000):
            if live.table.rounds_closed > done:
                break
            await asyncio.sleep(0.005)
        closed = live.table.rounds_closed
        await hub.stop()
        database.close()  # type: ignore[attr-defined]
        return closed

    assert asyncio.run(resume()) > done
    assert cli("audit", "verify", "--database", database_url)[0] == 0


def stored_t1(
    store: EventStore, game: str, **replay: Any
) -> tuple[TableRow, list[Any], Table[Any]]:
    """Table t1's row, its stored entries and the table folded from them (``replay``: more
    arguments of the game's ``replay``, e.g. its shuffle source)."""
    info = GAMES[game]
    row = store.table("t1")
    assert row is not None
    stored = store.read(row.stream)
    options = info.table.options_from_dict(row.options)
    lines = [e.line() for e in stored]
    return row, stored, info.table.replay(options, lines, table_id="t1", **replay)


def play_on_to_the_result(database_url: str, game: str) -> Table[Any]:
    """Table t1's round, interrupted, played on by its bots (outside the hub, each command
    appended to the store with its ledger as the hub would) up to the first state where a
    round's result is fixed (the void offered no more); that table."""
    info = GAMES[game]
    database = open_database(database_url, migrate=False)
    store = EventStore(database.engine)
    try:
        row, _, table = stored_t1(store, game, source=LiveSource())
        kinds = list(info.bots)
        bots = {
            f"bot-{i + 1}": info.bots[kinds[i % len(kinds)]](i) for i in range(BOTS.get(game, 2))
        }
        names = bots_of(store).get("t1", set())
        # (a round may close unfixed, e.g. every stake withdrawn: then the next one)
        for _ in range(5000):
            if table.rounds and not table.rounds[-1].closed and result_fixed(game, table):
                break
            seq, txs, at = table.seq, len(table.ledger.transactions), table.last_at + 1000
            waits = table.waiting_on()
            wait = next((w for w in waits if w.actor.is_player and w.actor.name in bots), None)
            if wait is not None:
                actor = wait.actor
                command = bots[actor.name].choose(table.view(actor), table.legal(actor))
                applied = table.apply(actor, command, f"late:{seq}", at=at)
            elif waits:
                deadline = min(w.deadline for w in waits if w.deadline is not None)
                late = min(waits, key=lambda w: w.deadline or 0).actor
                applied = table.timeout(late, at=max(at, deadline))
            else:
                step = table.step_house(at=at)
                assert step is not None, "the table is stuck"
                applied = step
            store.append(
                row.stream,
                [e.to_dict() for e in applied.entries],
                expected_seq=seq,
                genesis=row.genesis,
                command_id=applied.command_id,
                ledger=table_ledger("t1", table.ledger.transactions[txs:], names),
            )
        else:
            raise AssertionError("no round's result was fixed in 5000 steps")
        assert not _voidable(table), "the void is offered once the result is fixed"
        return table
    finally:
        database.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_promise_table_void_is_refused_once_the_result_is_fixed(
    database_url: str, game: str
) -> None:
    """``croupier table void`` on a round whose result is fixed (a void then would let the
    house cancel a round it lost): exit 2, the article that fixes the result named, nothing
    written (the table's record, the house stream, the ledger); the record still verifies."""
    interrupt_a_round(database_url, game, seed=len(game) + 1)
    table = play_on_to_the_result(database_url, game)
    database = open_database(database_url, migrate=False)
    store = EventStore(database.engine)
    try:
        heads = (store.head("table:t1"), store.head("house"), store.balances())
    finally:
        database.close()
    code, output = cli(
        "table", "void", "--table", "t1", "--reason", "the house lost", "--by", "dee",
        "--database", database_url,
    )  # fmt: skip
    assert code == 2, output
    article = RESULT_FIXED[game][0]
    assert f"{article}: " in output and "the result is fixed" in output, output
    database = open_database(database_url, migrate=False)
    store = EventStore(database.engine)
    try:
        assert (store.head("table:t1"), store.head("house"), store.balances()) == heads
        assert store.head("table:t1")[0] == table.seq
    finally:
        database.close()
    code, output = cli("audit", "verify", "--database", database_url)
    assert code == 0, output
