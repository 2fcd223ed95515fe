"""``croupier replay``: a table's record checked event by event and summed up.

A banking game's record (``play --log``) is replayed here; a 13-card, stud or Mah-Jong record by
its own module (:mod:`croupier.commands.play_thirteen`, :mod:`~croupier.commands.play_stud`,
:mod:`~croupier.commands.play_mahjong`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Protocol

import typer

from croupier.cli import _console, _croupier_errors, _fail, _print_json, app
from croupier.commands.play_banking import _render_totals, _spec

__all__ = ["replay", "replay_summary"]


class _Played(Protocol):
    """What a replay summary reads of a table (banking games and the 13-card game alike)."""

    @property
    def log(self) -> tuple[Any, ...]: ...
    @property
    def round_number(self) -> int: ...
    @property
    def balances(self) -> Mapping[str, int]: ...
    @property
    def house_result(self) -> int: ...
    @property
    def stakes(self) -> tuple[Any, ...]: ...
    def digest(self) -> str: ...


def replay_summary(
    game: str, table: _Played, expect_digest: str | None, **extra: Any
) -> dict[str, Any]:
    """The summary ``croupier replay`` prints for a replayed table; a VerificationError when
    the digest is not ``expect_digest``."""
    from croupier.errors import VerificationError

    summary: dict[str, Any] = {
        "game": game,
        "events": len(table.log),
        "rounds": table.round_number,
        **extra,
        "balances": dict(table.balances),
        "house_result": table.house_result,
        "on_table": sum(s.amount for s in table.stakes),
        "digest": table.digest(),
    }
    if expect_digest is not None and expect_digest.strip().lower() != summary["digest"]:
        raise VerificationError(
            f"the record's digest is {summary['digest']}, not the expected {expect_digest}"
        )
    return summary


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
            _fail(f"cannot read the hand history {str(record)!r}: {exc}")
        replay_stud(text, expect_digest, as_json)
        return
    try:
        data = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        _fail(f"cannot read the record {str(record)!r}: {exc}")
    if not isinstance(data, dict):
        _fail(f"the record {str(record)!r} is not a JSON object")
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
    with _croupier_errors():
        spec = _spec(str(data.get("game", "")))
        table = spec.from_record(data)
        summary = replay_summary(spec.name, table, expect_digest)
        if as_json:
            _print_json(summary)
            return
        console = _console()
        console.print(
            f"[bold]{spec.title}[/bold]: {summary['events']} events, {summary['rounds']} rounds; "
            "every event checked against the rules."
        )
        _render_totals(console, table, 2)
