"""A real ``croupier serve`` in a subprocess, and WebSocket players talking to it (the crash,
two-process and play tests; the benchmark uses the same)."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toy_server import GAME_OPTION

TESTS = Path(__file__).resolve().parents[1]
ADMIN_PASSWORD = "admin-secret"
CARD = re.compile(r"\b[2-9TJQKA][shdc]\b")
#: suited Mah-Jong tiles, alone or run together as a reading writes them ("888m" is three 8m);
#: honours are single letters, too common in JSON to find
TILES = re.compile(r"\b([1-9]+)([mps])\b")


def cards_and_tiles(value: Any) -> set[str]:
    """Every card and suited tile written anywhere in ``value`` (as JSON)."""
    text = json.dumps(value)
    found = set(CARD.findall(text))
    for digits, suit in TILES.findall(text):
        found.update(d + suit for d in digits)
    return found


#: every server started by this test run, newest last (their logs are shown when a test fails:
#: tests/server/conftest.py)
STARTED: list[ServerProcess] = []
#: a server's log lines shown with a failed test at most
LOG_TAIL = 60


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class ServerProcess:
    """One ``croupier serve`` subprocess on 127.0.0.1."""

    database: str
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    log: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, *extra: str, timeout: float = 30.0) -> ServerProcess:
        if self.log is None:  # kept, so a failed test can show what the server said
            handle, name = tempfile.mkstemp(prefix="croupier-serve-", suffix=".log")
            os.close(handle)
            self.log = Path(name)
            atexit.register(_remove, self.log)
        STARTED.append(self)
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(TESTS / "server"), str(TESTS)]),
            "CROUPIER_ADMIN_PASSWORD": ADMIN_PASSWORD,
        }
        code = "from croupier.cli import app; app()"
        command = [
            sys.executable, "-c", code, "serve", "--database", self.database,
            "--port", str(self.port), "--game", GAME_OPTION, "--bot-delay-ms", "0",
            "--log-level", "warning", *extra,
        ]  # fmt: skip
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"croupier serve exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        raise RuntimeError("croupier serve did not come up")

    def log_tail(self, lines: int = LOG_TAIL) -> str:
        """The last ``lines`` lines the server wrote (its output and log)."""
        if self.log is None or not self.log.exists():
            return ""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"{self.url}{path}", data=data, method=method)
        request.add_header("content-type", "application/json")
        if token:
            request.add_header("authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return json.loads(answer.read())
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"{method} {path}: {exc.code} {exc.read()!r}") from None

    def login(self, name: str, password: str) -> str:
        token: str = self.call("POST", "/api/login", {"name": name, "password": password})["token"]
        return token


@contextmanager
def running(database: str, *extra: str) -> Iterator[ServerProcess]:
    server = ServerProcess(database).start(*extra)
    try:
        yield server
    finally:
        server.stop()


def choose(offer: dict[str, Any]) -> dict[str, Any]:
    """A command an offer admits, from its JSON form (the first value of every domain)."""
    command: dict[str, Any] = {"type": offer["type"]}
    for name, domain in offer.items():
        if name in ("type", "label"):
            continue
        if "is" in domain:
            command[name] = domain["is"]
        elif "one_of" in domain:
            command[name] = domain["one_of"][0]
        elif "min" in domain:
            command[name] = domain["min"]
        elif "text" in domain:
            command[name] = "ok"
        elif "split" in domain:
            cards, groups, start = domain["split"], [], 0
            for size in domain["sizes"]:
                groups.append(cards[start : start + size])
                start += size
            command[name] = groups
        else:
            raise AssertionError(f"no value for {name}: {domain}")
    return command


class Player:
    """A person at one table over the WebSocket: answers whenever waited on (the first offer),
    keeps every frame, reconnects with the last seq it saw."""

    def __init__(self, server: ServerProcess, token: str, table: str, name: str) -> None:
        self.server = server
        self.token = token
        self.table = table
        self.name = name
        self.frames: list[dict[str, Any]] = []
        self.seq = 0  # the last event seq received
        self.accepted: dict[str, int] = {}  # command_id -> last seq
        self.answered_at = -1
        self.socket: Any = None
        self.sent = 0

    def connect(self, server: ServerProcess | None = None) -> None:
        from websockets.sync.client import connect

        self.server = server or self.server
        self.answered_at = -1  # an answer lost in a crash is sent again, under the same id
        uri = f"ws://127.0.0.1:{self.server.port}/ws"
        self.socket = connect(
            uri, additional_headers={"Authorization": f"Bearer {self.token}"}, legacy=True
        )
        assert json.loads(self.socket.recv(10))["type"] == "welcome"
        # since=0 the first time: every event, so a checker sees all this player was shown
        hello = {"v": 1, "type": "hello", "table": self.table, "since": self.seq}
        self.socket.send(json.dumps(hello))

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()
            self.socket = None

    def step(self, timeout: float = 5.0) -> dict[str, Any]:
        """Receive one frame, check it, answer it if it asks this player to act."""
        frame: dict[str, Any] = json.loads(self.socket.recv(timeout))
        self.frames.append(frame)
        kind = frame["type"]
        if kind == "events":
            seqs = [e["seq"] for e in frame["events"]]
            assert seqs == list(range(self.seq + 1, self.seq + 1 + len(seqs))), (self.seq, seqs)
            self.seq = seqs[-1] if seqs else self.seq
        elif kind == "view":
            assert frame["seq"] >= self.seq
            self.seq = frame["seq"]
            me = f"player:{self.name}"
            waited = any(w["actor"] == me for w in frame["waiting"])
            if waited and frame["legal"] and frame["seq"] != self.answered_at:
                self.answered_at = frame["seq"]
                self.sent += 1
                command_id = f"{self.name}-{frame['seq']}"
                self.socket.send(json.dumps({
                    "v": 1, "type": "command", "table": self.table,
                    "command_id": command_id, "command": choose(frame["legal"][0]),
                }))  # fmt: skip
        elif kind == "accepted":
            self.accepted[frame["command_id"]] = frame["seq"]
        elif kind == "error":
            raise AssertionError(f"error frame: {frame}")
        return frame

    def rounds_seen(self) -> int:
        """Rounds settled, from the events this player was sent."""
        return sum(
            1
            for f in self.frames
            if f["type"] == "events"
            for e in f["events"]
            if e["event"]["type"] in ("settled", "voided")
        )


def toy_leaks(player: Player, entries: list[dict[str, Any]]) -> list[str]:
    """Where ``player`` was shown a card he may not see, by the toy's rules read from the full
    log: at seq n a card is his to see when its latest deal up to n was to him, or when the
    settlement of that deal's round has shown it by n; the shoe's order never."""
    deals: dict[str, list[tuple[int, str, int | None]]] = {}  # card -> [(seq, owner, shown)]
    for entry in entries:
        event = entry["event"]
        if event["type"] == "dealt":
            deals.setdefault(event["card"], []).append((entry["seq"], event["player"], None))
        elif event["type"] == "settled":
            for _, card in event["cards"]:
                seq, owner, _ = deals[card][-1]
                deals[card][-1] = (seq, owner, entry["seq"])

    def allowed(card: str, as_of: int) -> bool:
        current = [d for d in deals.get(card, []) if d[0] <= as_of]
        if not current:
            return False
        _, owner, shown = current[-1]
        return owner == player.name or (shown is not None and shown <= as_of)

    problems = []
    for frame in player.frames:
        parts: list[tuple[int, Any]] = []
        if frame["type"] == "events":
            parts = [(e["seq"], e) for e in frame["events"]]
        else:
            parts = [(frame.get("seq", 0), frame)]
        for as_of, part in parts:
            for card in set(CARD.findall(json.dumps(part))):
                if not allowed(card, as_of):
                    problems.append(f"{card} in a {frame['type']} frame at seq {as_of}")
    return problems


def view_leaks(player: Player) -> list[str]:
    """View frames that showed ``player`` a card or suited tile none of his own events had shown
    him by then (any game: a view may only show what the player's event stream revealed)."""
    known: set[str] = set()
    problems = []
    for frame in player.frames:
        if frame["type"] == "events":
            for event in frame["events"]:
                known.update(cards_and_tiles(event))
        elif frame["type"] == "view":
            extra = cards_and_tiles(frame) - known
            if extra:
                problems.append(f"{sorted(extra)} in the view at seq {frame['seq']}")
    return problems
