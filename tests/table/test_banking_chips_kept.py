"""A banking table's chips kept between states (``ShoeTable._base_chips``: chips bought plus
results, counted again on a new settlement or a roster change) are the chips counted afresh
(bought, plus the game's balances, less the stakes on the layout) after every command: bets,
withdrawals, settlements, time-outs, voids (refunds), buy-ins and cash-outs, refused commands
(undone by a rebuild), and the table rebuilt by a replay or from its record."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest

from croupier.errors import CroupierError
from croupier.games.football_poker.options import FootballOptions
from croupier.games.three_card_baccarat.options import BaccaratOptions
from croupier.table import Actor, SeededSource
from croupier.table.baccarat import BaccaratTable
from croupier.table.banking import ShoeTable
from croupier.table.football import FootballTable

from .banking_driver import (
    DEE,
    IDA,
    NAMES,
    Driver,
    baccarat_holders,
    football_holders,
    random_command,
)


def counted_afresh(table: ShoeTable[Any, Any]) -> dict[str, int]:
    """Each player's chips from nothing kept: bought less cashed out, plus his results, less
    what he has on the layout (the game's copies)."""
    chips = dict(table._bought)
    for player, net in table.game.balances.items():
        chips[player] = chips.get(player, 0) + net
    for stake in table.game.stakes:
        chips[stake.player] = chips.get(stake.player, 0) - stake.amount
    return chips


def _table(kind: str, seed: int) -> Driver:
    if kind == "baccarat":
        options = BaccaratOptions(positions=5, decks=1 + seed % 3)
        table: ShoeTable[Any, Any] = BaccaratTable(
            options, table_id="b", source=SeededSource(f"s{seed}")
        )
        return Driver(table, seed, 2 + seed % 4, baccarat_holders)
    table = FootballTable(FootballOptions(), table_id="f", source=SeededSource(f"s{seed}"))
    return Driver(table, seed, 2 + seed % 4, football_holders)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kind", ["baccarat", "football"])
def test_banking_chips_kept_between_states_are_the_chips_counted_afresh(
    kind: str, seed: int
) -> None:
    run = _table(kind, seed)
    rng = random.Random(seed * 7 + 1)
    actors = [*(Actor.player(n) for n in NAMES), Actor.HOUSE, DEE, Actor.OBSERVER, IDA]
    seen = {"void": 0, "timeout": 0, "chips_out": 0, "rebuilt": 0}
    for step in range(400):
        table = run.table
        before = table.seq
        with contextlib.suppress(CroupierError):
            run.step()
        table = run.table
        seen["timeout"] += sum(
            1 for e in table.entries[before:] if (e.command or {}).get("type") == "timeout"
        )
        roll = rng.random()
        if roll < 0.04 and any(o.type == "void_round" for o in table.legal(DEE)):
            # a void refunds the round's stakes (a settlement of its own)
            table.apply(DEE, {"type": "void_round", "reason": "fault"}, f"v{step}", at=run.at)
            seen["void"] += 1
        elif roll < 0.06:
            table = run.table = type(table).replay(
                table.options, table.entries, table_id=table.table_id, source=SeededSource("r")
            )
            seen["rebuilt"] += 1
        elif roll < 0.08:
            record = json.loads(json.dumps(table.to_record()))
            table = run.table = type(table).from_record(record, source=SeededSource("q"))
            seen["rebuilt"] += 1
        if rng.random() < 0.2:  # often refused: a refusal after a change is undone by a rebuild
            with contextlib.suppress(CroupierError):
                table.apply(
                    rng.choice(actors),
                    random_command(table.COMMANDS, rng),
                    f"x{step}",
                    at=run.at,
                )
        seen["chips_out"] = sum(1 for e in table.entries if e.event.TYPE == "chips_out")
        # asked twice: the second answer from what the first kept
        for _ in range(2):
            kept = {p: c for p, c in table.chips().items() if c}
            assert kept == {p: c for p, c in counted_afresh(table).items() if c}, step
        assert table.books_agree(), step
    # the ways chips change all happened
    assert all(seen.values()), seen
