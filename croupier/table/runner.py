"""Run a table of bots through the table interface only: no game-specific code here.

:func:`run_table` seats the bots (each table says how: :meth:`Table.join_commands`), then
loops: a bot that is waited on is asked for a command (``choose(view, legal)``, the view being
:meth:`Table.seen`: a mapping whose JSON is made only if the bot reads it, with the game's typed
facts) and it is applied; when nobody is waited on, the house takes its next automatic step; a
person who is not a bot and is waited on is timed out when the clock reaches the deadline. The
clock is simulated (``step_ms`` per action), so a run is reproducible from its seed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from croupier.errors import CroupierError, RuleViolation
from croupier.offers import Bot
from croupier.table.actor import Actor
from croupier.table.base import Applied, Table

__all__ = ["RunReport", "run_table"]


@dataclass
class RunReport:
    """What a run did: rounds finished, entries, commands applied, refusals of bot commands."""

    rounds: int = 0
    entries: int = 0
    commands: int = 0
    timeouts: int = 0
    refused: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "events": self.entries,
            "commands": self.commands,
            "timeouts": self.timeouts,
            "refused": list(self.refused),
        }


def run_table(
    table: Table[Any],
    bots: Mapping[str, Bot],
    *,
    rounds: int,
    start_at: int = 0,
    step_ms: int = 1000,
    max_steps: int = 1_000_000,
    on_round: Callable[[Table[Any], int], None] | None = None,
    on_step: Callable[[Table[Any], Applied], object] | None = None,
    close: bool = True,
) -> RunReport:
    """Seat ``bots`` (by player name) and play until ``rounds`` rounds have closed.

    A bot command the table refuses is a bug in the bot or the table: it is recorded in the
    report and the run stops with a :class:`RuleViolation`. ``on_round(table, number)`` is
    called as each round closes, ``on_step(table, applied)`` after every command, timeout and
    house step (a log writer follows the table there). With ``close``, the table is sealed at
    the end (and ``on_step`` sees the seal)."""
    report = RunReport()
    at = max(start_at, table.last_at)

    def apply(actor: Actor, command: Any) -> Applied:
        nonlocal at
        applied = table.apply(actor, command, f"run:{table.seq}", at=at)
        report.commands += 1
        at += step_ms
        if on_step is not None:
            on_step(table, applied)
        return applied

    for name in bots:
        for command in table.join_commands(name):
            apply(Actor.player(name), command)
    done = table.rounds_closed
    for _ in range(max_steps):
        if done >= rounds:
            break
        waits = table.waiting_on()
        bot_wait = None
        for wait in waits:  # the first bot waited on
            if wait.actor.is_player and wait.actor.name in bots:
                bot_wait = wait
                break
        if bot_wait is not None:
            actor = bot_wait.actor
            offers = table.legal(actor)
            if not offers:
                raise RuleViolation("tables", f"{actor} is waited on but has nothing to send")
            command = bots[actor.name].choose(table.seen(actor), offers)
            try:
                apply(actor, command)
            except CroupierError as exc:
                report.refused.append(f"{actor}: {command.to_dict()}: {exc}")
                raise
        elif waits:
            deadlines = [w.deadline for w in waits if w.deadline is not None]
            if not deadlines:
                raise RuleViolation("tables", f"waiting without a time limit on {waits[0].actor}")
            at = max(at, min(deadlines))
            wait = min((w for w in waits if w.deadline is not None), key=lambda w: w.deadline or 0)
            applied = table.timeout(wait.actor, at=at)
            report.timeouts += 1
            at += step_ms
            if on_step is not None:
                on_step(table, applied)
        else:
            stepped = table.step_house(at=at)
            if stepped is None:
                raise RuleViolation(
                    "tables", "the table is stuck: nobody to wait on, no house step"
                )
            at += step_ms
            if on_step is not None:
                on_step(table, stepped)
        closed = table.rounds_closed
        while done < closed:
            done += 1
            if on_round is not None:
                on_round(table, done)
    else:
        raise RuleViolation("tables", f"{rounds} rounds not finished in {max_steps} steps")
    if close and not table.closed:
        sealed = table.close(at=at)
        if on_step is not None:
            on_step(table, sealed)
    report.rounds = done
    report.entries = table.seq
    return report
