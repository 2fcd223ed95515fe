"""A real ``croupier serve`` for the browser tests: the server's app (REST, WebSocket, hub) with
the web pages, on uvicorn in a thread, on a fresh SQLite file, on a free loopback port.

People log in and play through the pages in Chromium; the test reads the table's whole record
from the hub (in this process) to know what each person may and may not see.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import uvicorn
from table.toy import FirstOfferBot, Opened, ToyTable

from croupier.protocol import Event
from croupier.server.app import create_app
from croupier.server.auth import ADMIN_PASSWORD_ENV, AuthSettings
from croupier.server.catalog import ExtraGame
from croupier.server.hub import HubSettings, LiveTable
from croupier.server.runtime import Server, ServerSettings
from croupier.server.web.routes import router as web_router
from croupier.table.log import Entry

ADMIN_PASSWORD = "admin-secret-1"
FAST = AuthSettings(time_cost=1, memory_cost_kib=1024, parallelism=1)


class ServedToy(ToyTable):
    """The toy game (tests/table/toy.py) folding its ante deadline from the entries, as every
    served table must (the server's tests do the same)."""

    def _replay_event(self, event: Event, entry: Entry) -> None:
        super()._replay_event(event, entry)
        if isinstance(event, Opened):
            self.opened_at = entry.at


TOY = ExtraGame("toy", ServedToy, FirstOfferBot)


class ApiClient:
    """A small JSON client of the REST API with a bearer token (the standard library's)."""

    def __init__(self, url: str, token: str | None = None) -> None:
        self.url = url
        self.token = token

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def post(self, path: str, body: Any = None) -> Any:
        status, answer = self.call("POST", path, {} if body is None else body)
        if status != 200:
            raise AssertionError(f"POST {path}: {status} {answer}")
        return answer

    def get(self, path: str) -> Any:
        status, answer = self.call("GET", path)
        if status != 200:
            raise AssertionError(f"GET {path}: {status} {answer}")
        return answer


class LiveServer:
    """The app on uvicorn in a thread; ``url``, ``server`` (the runtime), an admin client."""

    def __init__(self, directory: Path, *, bot_delay_ms: int = 150, **more: Any) -> None:
        self.settings = ServerSettings(
            database=f"sqlite:///{directory / 'croupier.db'}",
            hub=HubSettings(bot_delay_ms=bot_delay_ms),
            auth=FAST,
            extra_games={"toy": TOY},
            environ={ADMIN_PASSWORD_ENV: ADMIN_PASSWORD},
            **more,
        )
        self.app = create_app(self.settings, announce=lambda _: None)
        if not any(getattr(r, "path", None) == "/lobby" for r in self.app.routes):
            self.app.include_router(web_router)
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}"
        config = uvicorn.Config(
            self.app,
            log_level="warning",
            lifespan="on",
            ws_max_size=self.settings.max_frame_bytes,
        )
        self.uvicorn = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.uvicorn.run, kwargs={"sockets": [self.socket]}, daemon=True
        )
        self.admin: ApiClient | None = None

    @property
    def server(self) -> Server:
        server: Server = self.app.state.server
        return server

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.uvicorn.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        self.admin = self.client("admin", ADMIN_PASSWORD)
        return self

    def __exit__(self, *exc: object) -> None:
        self.uvicorn.should_exit = True
        self.thread.join(timeout=15)
        self.socket.close()

    def client(self, name: str, password: str) -> ApiClient:
        """An API client logged in as ``name`` (a bearer token)."""
        answer = ApiClient(self.url).post("/api/login", {"name": name, "password": password})
        return ApiClient(self.url, answer["token"])

    def create_user(self, name: str, role: str, password: str) -> None:
        assert self.admin is not None
        status, answer = self.admin.call(
            "POST", "/api/users", {"name": name, "role": role, "password": password}
        )
        if status not in (200, 409):  # 409: made before
            raise AssertionError(f"create {name}: {status} {answer}")
        if role == "player":  # issue 19: a buy-in comes from the wallet (once per name)
            self.server.cashier.deposit(
                name, 10**9, key=f"live-{name}", by="test-cashier", at=datetime.now(UTC)
            )

    def open_table(
        self,
        table: str,
        game: str,
        options: Mapping[str, Any] | None = None,
        bots: Mapping[str, str] | None = None,
        dealers: list[str] | None = None,
    ) -> None:
        """Open a table; its dealers (issue 19: a dealer runs only his tables) are every
        dealer's account unless named."""
        assert self.admin is not None
        if dealers is None:
            names = self.server.accounts.names()
            dealers = sorted(n for n, role in names.items() if role.value == "dealer")
        self.admin.post(
            "/api/tables",
            {
                "table": table,
                "game": game,
                "options": dict(options or {}),
                "bots": bots or {},
                "dealers": dealers,
            },
        )

    def read(self, table: str, reader: Callable[[LiveTable], Any]) -> Any:
        """``reader(live)`` run in the table's writer (it sees committed entries only)."""
        loop = self._loop()
        future = asyncio.run_coroutine_threadsafe(self.server.hub.read(table, reader), loop)
        return future.result(timeout=30)

    def _loop(self) -> asyncio.AbstractEventLoop:
        hub = self.server.hub
        for live in hub.tables.values():
            if live.task is not None:
                return live.task.get_loop()
        raise RuntimeError("no table task is running")
