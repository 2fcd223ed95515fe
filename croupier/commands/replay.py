"""``croupier replay FILE``: a table's record read back, every event checked against the rules.

The game is read from the record; each game's old record is replayed by its command module
(:mod:`croupier.commands.play` for the banking games, ``play_thirteen``, ``play_stud``,
``play_mahjong``); a ``.toml`` file is one five-card stud hand's history.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from croupier.commands.app import app
from croupier.commands.output import croupier_errors, fail, make_console, print_json


@app.command()
def replay(
    record: Annotated[
        Path,
        typer.Argument(
            help="A table record written by `play --log`, or a stud hand history (.toml).",
            show_default=False,
        ),
    ],
    expect_digest: Annotated[
        str | None,
        typer.Option(
            "--expect-digest",
            help="Fail unless the replayed record has this SHA-256 digest (as published).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Replay a table's event log, checking every event against the rules, and sum it up; a
    `.toml` file is one five-card stud hand's history (`play five-card-stud --history`)."""
    if record.suffix.lower() == ".toml":
        from croupier.commands.play_stud import replay_stud

        try:
            text = record.read_text(encoding="utf-8")
        except (OSError, ValueError) as exc:
            fail(f"cannot read the hand history {str(record)!r}: {exc}")
        replay_stud(text, expect_digest, as_json)
        return
    try:
        data = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        fail(f"cannot read the record {str(record)!r}: {exc}")
    if not isinstance(data, dict):
        fail(f"the record {str(record)!r} is not a JSON object")
    if data.get("game") == "thirteen":
        from croupier.commands.play_thirteen import replay_thirteen

        replay_thirteen(data, expect_digest, as_json)
        return
    if data.get("game") == "five-card-stud":
        from croupier.commands.play_stud import replay_stud

        replay_stud(data, expect_digest, as_json)
        return
    if data.get("game") == "mahjong-round":
        from croupier.commands.play_mahjong import replay_mahjong

        replay_mahjong(data, expect_digest, as_json)
        return
    from croupier.commands.play_banking import _render_totals, _spec
    from croupier.commands.replay_banking import replay_summary

    with croupier_errors():
        spec = _spec(str(data.get("game", "")))
        table = spec.from_record(data)
        summary = replay_summary(spec.name, table, expect_digest)
        if as_json:
            print_json(summary)
            return
        console = make_console()
        console.print(
            f"[bold]{spec.title}[/bold]: {summary['events']} events, {summary['rounds']} rounds; "
            "every event checked against the rules."
        )
        _render_totals(console, table, 2)
