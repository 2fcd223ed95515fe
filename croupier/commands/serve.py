"""``croupier serve``: the table server (REST + WebSocket) on a SQLite file or PostgreSQL.

Its stack (uvicorn, FastAPI, SQLAlchemy) is imported inside the command only.
"""

from __future__ import annotations

import gc
import logging
import os
import secrets
import socket
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from croupier.commands.app import app
from croupier.commands.bounds import (
    BOT_DELAY_MS,
    IDLE_TIMEOUT,
    INTEGRITY_INTERVAL,
    MAX_CONNECTIONS,
    MAX_QUEUED_FRAMES,
    PORT,
    SEND_BUFFER_KIB,
)
from croupier.commands.db import DatabaseOption
from croupier.commands.output import croupier_errors, fail

#: allocations between two young collections of the garbage collector in the server (Python's
#: default: 700); see serve_command
GC_YOUNG = 20_000


@app.command("serve")
def serve_command(
    database: DatabaseOption = "sqlite:///croupier.db",
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option(
            "--port",
            callback=PORT.check("--port"),
            help=PORT.help("The port to listen on (0: a free port the system picks)."),
        ),
    ] = 8000,
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
        int,
        typer.Option(
            "--bot-delay-ms",
            callback=BOT_DELAY_MS.check("--bot-delay-ms"),
            help=BOT_DELAY_MS.help("A bot's pause before acting (ms)."),
        ),
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
    max_connections: Annotated[
        int,
        typer.Option(
            "--max-connections",
            callback=MAX_CONNECTIONS.check("--max-connections"),
            help=MAX_CONNECTIONS.help("Open WebSocket connections at most."),
        ),
    ] = 2000,
    idle_timeout: Annotated[
        int,
        typer.Option(
            "--idle-timeout",
            callback=IDLE_TIMEOUT.check("--idle-timeout"),
            help=IDLE_TIMEOUT.help(
                "Seconds before a connection that sends nothing and watches no table is closed."
            ),
        ),
    ] = 60,
    max_queued_frames: Annotated[
        int,
        typer.Option(
            "--max-queued-frames",
            callback=MAX_QUEUED_FRAMES.check("--max-queued-frames"),
            help=MAX_QUEUED_FRAMES.help(
                "Frames queued for a connection that does not read before it is closed (4008)."
            ),
        ),
    ] = 1000,
    ws_compression: Annotated[
        bool,
        typer.Option(
            "--ws-compression/--no-ws-compression",
            help="Compress WebSocket frames (permessage-deflate) for clients that offer it.",
        ),
    ] = True,
    send_buffer_kib: Annotated[
        int,
        typer.Option(
            "--send-buffer-kib",
            callback=SEND_BUFFER_KIB.check("--send-buffer-kib"),
            help=SEND_BUFFER_KIB.help(
                "The kernel's send buffer of each connection (KiB): what a client that stops "
                "reading can hold besides its bounded queue."
            ),
        ),
    ] = 64,
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
    manifest: Annotated[
        Path | None,
        typer.Option(
            "--manifest",
            envvar="CROUPIER_MANIFEST",
            help="The manifest of the installed files (croupier audit selfcheck "
            "--write-manifest); default: the installed distribution's RECORD.",
        ),
    ] = None,
    integrity_interval: Annotated[
        int,
        typer.Option(
            "--integrity-interval",
            callback=INTEGRITY_INTERVAL.check("--integrity-interval"),
            help=INTEGRITY_INTERVAL.help(
                "Seconds between the background audit verify and self-check runs (the first "
                "at start; 0: no audit)."
            ),
        ),
    ] = 86_400,
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
                subscriber_queue=max_queued_frames,
                fair_key=load_fair_key(fair_key_file, os.environ.get("CROUPIER_FAIR_KEY")),
            ),
            extra_games=extra,
            max_connections=max_connections,
            idle_timeout_s=idle_timeout,
            demo=demo,
            secure_cookies=secure_cookies,
            manifest=str(manifest) if manifest else None,
            integrity_interval=integrity_interval,
            freeze_gc=True,
        )
        opened = open_database(database, migrate=True, lock=True)
    try:
        listener = listen_socket(host, port, send_buffer_kib)
    except OSError as exc:  # the port taken (another server), a host that does not resolve
        opened.close()
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")

    def announce(text: str) -> None:
        typer.echo(text)

    # The database thread releases the GIL in every statement and must win it back from the
    # event loop each time: at the default 5 ms switch interval a group commit of a few appends
    # waited hundreds of ms behind a busy loop (the convoy effect, measured by
    # bench/bench_server.py); 0.5 ms halved the median command round trip under load.
    sys.setswitchinterval(0.0005)
    # The garbage collector's young collections every 700 allocations, each promoting the new
    # entries and frames that survive, and the full ones they lead to, took about a third of
    # the fan-out's CPU (bench/bench_fanout.py, issue 18): collect the young generation every
    # GC_YOUNG allocations instead (the cyclic garbage of a request lives a little longer);
    # what start-up holds is frozen out of every collection (ServerSettings.freeze_gc).
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])
    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    application = create_app(settings, announce=announce, database=opened)
    typer.echo(f"croupier serving {opened.dialect} on http://{host}:{port}/ (docs at /docs)")
    try:
        config = uvicorn.Config(
            application,
            host=host,
            port=port,
            ws_max_size=settings.max_frame_bytes,
            ws_per_message_deflate=ws_compression,
            # HTTP requests and connections at once (503 beyond): the WebSockets and some room
            limit_concurrency=max_connections + 200,
            timeout_keep_alive=5,
            http=_idle_closing_h11(),
            log_level=log_level.lower(),
            lifespan="on",
        )
        uvicorn.Server(config).run(sockets=[listener])
    finally:
        opened.close()


def listen_socket(host: str, port: int, send_buffer_kib: int) -> socket.socket:
    """The listening socket, with the send buffer every accepted connection inherits (fixed,
    not grown by the kernel up to megabytes per connection: with thousands of connections a
    client that stops reading must not pin that much memory)."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer_kib * 1024)
    sock.bind(address)
    sock.listen(2048)
    return sock


def _idle_closing_h11() -> type:
    """uvicorn's HTTP/1.1 protocol, closing a connection that sends nothing at all within the
    keep-alive timeout (uvicorn starts that timer only after a first response, so idle sockets
    were held for ever)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class IdleClosing(H11Protocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self.timeout_keep_alive_task = self.loop.call_later(
                self.timeout_keep_alive, self.timeout_keep_alive_handler
            )

    return IdleClosing


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
