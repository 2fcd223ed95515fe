"""``croupier serve``: the table server (REST + WebSocket) on a SQLite file or PostgreSQL.

Its stack (uvicorn, FastAPI, SQLAlchemy) is imported inside the command only.
"""

from __future__ import annotations

import logging
import os
import secrets
import sys
from pathlib import Path
from typing import Annotated

import typer

from croupier.commands.app import app
from croupier.commands.db import DatabaseOption
from croupier.commands.output import croupier_errors, fail


@app.command("serve")
def serve_command(
    database: DatabaseOption = "sqlite:///croupier.db",
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="The port to listen on.")] = 8000,
    demo: Annotated[
        bool,
        typer.Option("--demo", help="Open one table of each game with bots and print demo logins."),
    ] = False,
    game: Annotated[
        list[str] | None,
        typer.Option(
            "--game",
            help="Load another game's table: NAME=MODULE:TABLE[,MODULE:BOT] (repeatable).",
        ),
    ] = None,
    bot_delay_ms: Annotated[
        int, typer.Option("--bot-delay-ms", help="A bot's pause before acting (ms).")
    ] = 600,
    bots_play_alone: Annotated[
        bool,
        typer.Option("--bots-play-alone", help="Bots play on at tables with no person."),
    ] = False,
    group_commit: Annotated[
        bool,
        typer.Option(
            "--group-commit/--no-group-commit",
            help="Appends of all tables waiting for a commit share the next one.",
        ),
    ] = True,
    secure_cookies: Annotated[
        bool, typer.Option("--secure-cookies", help="Send session cookies as Secure (HTTPS).")
    ] = False,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn's log level.")] = "info",
    fair_key_file: Annotated[
        Path,
        typer.Option(
            "--fair-key-file",
            help="The server's secret fairness key (32 bytes, hex), created if missing; every "
            "table shuffles provably fair from it (CROUPIER_FAIR_KEY overrides; several "
            "processes on one PostgreSQL database must share it).",
        ),
    ] = Path("croupier.fairkey"),
) -> None:
    """Run the table server: REST (OpenAPI at /openapi.json, docs at /docs), the WebSocket at
    /ws, /healthz and /metrics. The schema is migrated on start; a SQLite file takes one server
    process (a lock refuses a second), PostgreSQL any number."""
    with croupier_errors():
        import uvicorn

        from croupier.server.app import create_app
        from croupier.server.catalog import parse_extra_game
        from croupier.server.db import open_database
        from croupier.server.hub import HubSettings
        from croupier.server.runtime import ServerSettings

        extra = {g.name: g for g in (parse_extra_game(text) for text in game or [])}
        settings = ServerSettings(
            database=database,
            hub=HubSettings(
                bot_delay_ms=bot_delay_ms,
                bots_play_alone=bots_play_alone,
                group_commit=group_commit,
                fair_key=load_fair_key(fair_key_file, os.environ.get("CROUPIER_FAIR_KEY")),
            ),
            extra_games=extra,
            demo=demo,
            secure_cookies=secure_cookies,
        )
        opened = open_database(database, migrate=True, lock=True)

    def announce(text: str) -> None:
        typer.echo(text)

    # The database thread releases the GIL in every statement and must win it back from the
    # event loop each time: at the default 5 ms switch interval a group commit of a few appends
    # waited hundreds of ms behind a busy loop (the convoy effect, measured by
    # bench/bench_server.py); 0.5 ms halved the median command round trip under load.
    sys.setswitchinterval(0.0005)
    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    application = create_app(settings, announce=announce, database=opened)
    typer.echo(f"croupier serving {opened.dialect} on http://{host}:{port}/ (docs at /docs)")
    try:
        uvicorn.run(
            application,
            host=host,
            port=port,
            ws_max_size=settings.max_frame_bytes,
            log_level=log_level.lower(),
            lifespan="on",
        )
    finally:
        opened.close()


def load_fair_key(path: Path, from_env: str | None) -> bytes:
    """The server's fairness key: ``from_env`` (hex) when given, else the file ``path`` (hex),
    created with 32 fresh bytes from the OS CSPRNG, readable by its owner only, when missing."""
    text = from_env
    if text is None:
        if not path.exists():
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_hex(32) + "\n")
        text = path.read_text(encoding="utf-8")
    try:
        key = bytes.fromhex(text.strip())
    except ValueError:
        fail(f"the fairness key in {str(path)!r} (or CROUPIER_FAIR_KEY) is not hexadecimal")
    if len(key) < 16:
        fail("a fairness key is at least 16 bytes (32 hex characters)")
    return key
