"""Every game of the registry, driven by hand through the one table interface.

The loop in :func:`play` is all a program needs for any game: ask the table who is waited on
(``waiting_on``), give that player's bot what it may see (``view``) and what it may send
(``legal``), apply the command it returns (``apply``); with nobody waited on, the house takes its
next step (``step_house``: shuffle, deal, settle). The table never reads a clock: the caller
passes the time (``at``, milliseconds) with every call. Then the table is sealed, rebuilt from its
record (every event checked again by the rules, every hash by the chain) and its books checked.

Run: ``python examples/any_game.py``
"""

from __future__ import annotations

from typing import Any

from croupier.table.actor import Actor
from croupier.table.base import Table
from croupier.table.registry import GAMES
from croupier.table.sources import SeededSource


def play(game: str, rounds: int = 1, seed: str = "example") -> Table[Any]:
    """Seat the game's first bot kind at a table of ``game`` and play ``rounds`` rounds."""
    info = GAMES[game]
    table = info.table(info.options(), table_id="example", source=SeededSource(seed))
    make_bot = next(iter(info.bots.values()))
    bots = {f"bot{i}": make_bot(i) for i in range(1, max(3, table.MIN_PLAYERS) + 1)}
    at = 0
    for name in bots:  # each takes a place with the table's default buy-in
        for command in table.join_commands(name):
            table.apply(Actor.player(name), command, f"join:{table.seq}", at=at)
    while table.rounds_closed < rounds:
        at += 1_000
        waits = [w for w in table.waiting_on() if w.actor.name in bots]
        if not waits:
            if table.step_house(at=at) is None:
                raise RuntimeError(f"{game}: nobody to wait on and no house step")
            continue
        actor = waits[0].actor
        command = bots[actor.name].choose(table.view(actor), table.legal(actor))
        table.apply(actor, command, f"{actor.name}:{table.seq}", at=at)
    table.close(at=at)
    return table


def main() -> None:
    for name, info in GAMES.items():
        try:
            table = play(name)
        except ImportError:  # the registry names an adapter that is not in this tree yet
            print(f"{info.title}: not on the table interface yet")
            continue
        again = type(table).from_record(table.to_record())  # replay: rules and hash chain
        ledger = table.ledger.summary()
        print(
            f"{info.title} ({info.regulation}): {table.rounds_closed} round, {table.seq} "
            f"entries; replayed to the same head: {again.head() == table.head()}; ledger "
            f"balanced: {ledger['balanced']}; books agree: {table.books_agree()}; "
            f"chips: {ledger['players']}"
        )


if __name__ == "__main__":
    main()
