"""``croupier log migrate OLD NEW``: an old game record (or a stud hand history) converted into
a sealed table log (:mod:`croupier.table.migrate`), after its events are checked by the game's
rules. The new log's chain starts at the migration: it attests that nothing was changed since,
and nothing about the record before it; ``croupier replay NEW`` checks it.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
from pathlib import Path
from typing import Annotated

import typer

from croupier.commands.app import app
from croupier.commands.output import croupier_errors, fail, make_console
from croupier.commands.tablelog import ForceOpt, claim

log_app = typer.Typer(
    help="Table logs: convert an old record into a sealed table log.", no_args_is_help=True
)
app.add_typer(log_app, name="log")


@log_app.command("migrate")
def migrate(
    old: Annotated[
        str,
        typer.Argument(
            help="An old game record (JSON, `play --log` before table logs) or a stud hand "
            "history (.toml).",
            show_default=False,
        ),
    ],
    new: Annotated[Path, typer.Argument(help="The table log to write.", show_default=False)],
    force: ForceOpt = False,
) -> None:
    """Convert an old game record into a sealed table log: every event checked by the game's
    rules first; the chain of the new log starts at the migration."""
    from croupier.commands.replay import is_table_log, read_record_file, replay_old_record
    from croupier.table.migrate import LEGACY_GAMES, migrate_record

    path, data = read_record_file(old)
    if is_table_log(data):
        fail(f"{old!r} is a table log already: nothing to migrate")
    claim(new, force=force)
    origin = "record"
    if path.suffix.lower() == ".toml":
        with croupier_errors():
            from croupier.games.five_card_stud.history import import_hand

            try:
                record = import_hand(data.decode("utf-8")).to_record()
            except UnicodeDecodeError:
                fail(f"the hand history {old!r} is not UTF-8 text")
        origin = "stud-toml"
    else:
        try:
            record = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            fail(f"{old!r} is not a game record (JSON)")
        if not isinstance(record, dict) or record.get("game") not in LEGACY_GAMES:
            from croupier.table.registry import games_supporting

            got = record.get("game") if isinstance(record, dict) else None
            fail(
                f"{old!r} is not a game record of a known game (game {got!r}); the games are: "
                f"{', '.join(games_supporting('replay'))}"
            )
    # the events must check before they are sealed: the game's own replay, quietly
    with contextlib.redirect_stdout(io.StringIO()):
        replay_old_record(record, None, True)
    lines = migrate_record(
        record,
        game=LEGACY_GAMES[record["game"]],
        source=hashlib.sha256(data).hexdigest(),
        origin=origin,
    )
    try:
        with new.open("wb" if force else "xb") as handle:
            handle.writelines(lines)
    except FileExistsError:
        fail(f"the log {str(new)!r} exists already (give --force to replace it)")
    except OSError as exc:
        fail(f"cannot write the log {str(new)!r}: {exc.strerror or exc}")
    make_console().print(
        f"Migrated {old!r} ({LEGACY_GAMES[record['game']]}, {len(lines) - 3} events) to "
        f"{str(new)!r}: a sealed table log whose chain starts at this migration (it attests "
        "that nothing changes from now on, not what happened before). Check it with "
        f"`croupier replay {new}`.",
        soft_wrap=True,
    )
