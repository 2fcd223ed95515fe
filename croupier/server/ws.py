"""The WebSocket protocol (``/ws``): JSON text frames, each with ``"v": 1``.

Client to server::

    {"v": 1, "type": "hello", "table": T, "since": n}     subscribe (since: last seq seen;
                                                          omit it for a whole view first)
    {"v": 1, "type": "command", "table": T, "command_id": U, "command": {...}}
    {"v": 1, "type": "bye", "table": T}                   unsubscribe
    {"v": 1, "type": "ping"}

Server to client::

    {"v": 1, "type": "welcome", "name", "role", "max_message_bytes"}
    {"v": 1, "type": "events", "table", "events": [{"seq", "at", "actor", "event"}], "seq"}
    {"v": 1, "type": "view", "table", "seq", "view", "legal", "waiting", "away", "bots", ...}
    {"v": 1, "type": "accepted", "table", "command_id", "first_seq", "seq", "duplicate"}
    {"v": 1, "type": "refused", "table", "command_id", "article", "message"[, "field"]}
    {"v": 1, "type": "error", "code", "message"}          a frame that is not a valid message
    {"v": 1, "type": "reminder", "minutes_played", "every_minutes", "message"}
                                                          the session-length reminder
    {"v": 1, "type": "pong"}

Events are pushed in seq order and only after their commit; each is the form the connection's
actor may see (``Table.events_for``), never a raw event. A reconnecting client sends ``hello``
with its last seq and gets the missed events, or a whole view when too far behind. A bad frame
(not JSON, not an object, wrong version, unknown type, missing field, over the size limit, binary)
gets an ``error`` and the connection is kept; a connection too slow to take its frames is closed
(4008) and catches up when it reconnects. While the database cannot be reached (restarting, its
connections cut) a message is answered with an ``unavailable`` error (the connection kept; send it
again in a moment) and a handshake with that error and close 1013 (try again later).

Authentication is checked at the handshake: ``Authorization: Bearer TOKEN``, or the session
cookie from a page of the same origin (or an allowed one): a cookie sent by another site's page
is refused, so a WebSocket cannot be hijacked across sites.
"""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from croupier.errors import CroupierError
from croupier.server import access
from croupier.server.auth import Principal, Role, SessionKind
from croupier.server.db import RECORD_DOWN, record_down
from croupier.server.frames import put_or_overflow
from croupier.server.hub import PROTOCOL_VERSION, Outcome, SharedFrame, Subscriber
from croupier.server.runtime import Server, actor_of

__all__ = ["VERSION", "router"]

router = APIRouter()
VERSION = PROTOCOL_VERSION
CLOSE_UNAUTHORIZED = 4401
CLOSE_TOO_SLOW = 4008
CLOSE_IDLE = 4000
CLOSE_BUSY = 1013  # "try again later"


def _frame(kind: str, **fields: Any) -> dict[str, Any]:
    return {"v": VERSION, "type": kind, **fields}


def _error(code: str, message: str) -> dict[str, Any]:
    return _frame("error", code=code, message=message)


def _same_origin(websocket: WebSocket, server: Server) -> bool:
    origin = websocket.headers.get("origin")
    if origin is None:
        return True  # not a browser: browsers always send Origin on a WebSocket handshake
    if origin in server.settings.allowed_origins:
        return True
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc == host


async def _authenticate(websocket: WebSocket, server: Server) -> tuple[Principal, str] | None:
    """The session of the handshake and its token (checked again while the socket lives)."""
    header = websocket.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        token, kind = header[7:].strip(), SessionKind.BEARER
    else:
        token, kind = websocket.cookies.get(server.settings.cookie_name, ""), SessionKind.COOKIE
        if token and not _same_origin(websocket, server):
            return None
    if not token:
        return None
    principal = await asyncio.to_thread(server.accounts.authenticate, token, at=datetime.now(UTC))
    if principal is None or principal.kind is not kind or principal.must_change_password:
        return None
    return principal, token


@router.websocket("/ws")
async def websocket_endpoint(websocket: WebSocket) -> None:
    server: Server = websocket.app.state.server
    await websocket.accept()
    if server.hub.counts["ws_open"] >= server.settings.max_connections:
        limit = server.settings.max_connections
        await websocket.send_text(
            orjson.dumps(_error("busy", f"{limit} connections are open; try again later")).decode()
        )
        await websocket.close(CLOSE_BUSY)
        return
    try:
        session = await _authenticate(websocket, server)
    except Exception as exc:
        if not record_down(exc):
            raise
        await websocket.send_text(orjson.dumps(_error("unavailable", RECORD_DOWN)).decode())
        await websocket.close(CLOSE_BUSY)  # 1013, try again later
        return
    if session is None:
        await websocket.send_text(
            orjson.dumps(
                _error(
                    "unauthorized",
                    "log in first: a bearer token or the session cookie of this site",
                )
            ).decode()
        )
        await websocket.close(CLOSE_UNAUTHORIZED)
        return
    connection = Connection(websocket, server, *session)
    server.hub.counts["ws_open"] += 1
    try:
        await connection.run()
    finally:
        server.hub.counts["ws_open"] -= 1
        await connection.close()


class Connection:
    """One WebSocket: a reader handling the client's messages in order, a writer sending the
    frames queued by the hub and by the reader."""

    def __init__(
        self, websocket: WebSocket, server: Server, principal: Principal, token: str
    ) -> None:
        self.websocket = websocket
        self.server = server
        self.principal = principal
        #: the session's token: the session is checked again before every hello and command,
        #: and every ``session_check_s`` (a logout, a password reset, a role change or the
        #: expiry ends the socket too, not only the REST calls)
        self._token = token
        self.actor = actor_of(principal)
        self.person = principal.name if self.actor.is_player else None
        self.outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue(
            server.settings.hub.subscriber_queue
        )
        self.subscriptions: dict[str, Subscriber] = {}
        #: the reader ended the connection: the writer sends what is queued, then closes
        self.closing = False
        #: one (re)subscription at a time: the reader's hello and the roster watch's
        self._subscribing = asyncio.Lock()

    def send(self, frame: dict[str, Any]) -> None:
        if not put_or_overflow(self.outbox, frame):  # never an answer dropped unsaid
            self.closing = True

    async def run(self) -> None:
        self.send(
            _frame(
                "welcome",
                name=self.principal.name,
                role=self.principal.role.value,
                max_message_bytes=self.server.settings.max_message_bytes,
            )
        )
        writer = asyncio.create_task(self._writer())
        reminder = asyncio.create_task(self._reminders()) if self.actor.is_player else None
        watch = asyncio.create_task(self._session_watch())
        roster = (
            asyncio.create_task(self._roster_watch())
            if self.principal.role is Role.DEALER
            else None
        )
        try:
            await self._reader()
            if self.closing:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 5)
        finally:
            for task in (writer, reminder, watch, roster):
                if task is None:
                    continue
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def session_live(self) -> bool:
        """Whether the socket's session still stands (not logged out, revoked by a password
        reset, expired, nor its account's role changed); if not, the socket is told and closed
        (its subscriptions end with it: no private frame after the session)."""
        principal = await asyncio.to_thread(
            self.server.accounts.authenticate, self._token, at=datetime.now(UTC)
        )
        if (
            principal is not None
            and principal.account_id == self.principal.account_id
            and principal.role is self.principal.role
            and not principal.must_change_password
        ):
            return True
        if not self.closing:
            for table_id in list(self.subscriptions):
                self.bye(table_id)
            self.send(
                _error(
                    "unauthorized",
                    "the session has ended (a logout, a password reset, a role change or its "
                    "expiry): log in again",
                )
            )
            self.send({"type": "close", "code": CLOSE_UNAUTHORIZED})
            self.closing = True  # the writer sends the frames, then closes
        return False

    async def _session_watch(self) -> None:
        """:meth:`session_live` every ``session_check_s``: a socket that only watches is ended
        with its session too."""
        every = self.server.settings.session_check_s
        if every <= 0:
            return
        while not self.closing:
            await asyncio.sleep(every)
            try:
                if not await self.session_live():
                    return
            except Exception as exc:  # the database out of reach: checked again next time
                if not record_down(exc):
                    raise

    async def _roster_watch(self) -> None:
        """A dealer's tables read again every ``roster_check_s``: a table he watches whose
        dealers he has left (or joined) since he subscribed is subscribed again as the actor he
        is there now, with a whole view (:meth:`_resubscribe`): a dealer taken off a table stops
        getting the dealers' forms of its events (the 13-card banker's hand, say), at once and
        not only at his next hello (his commands were refused from the change on: each is
        authorised again)."""
        every = self.server.settings.roster_check_s
        if every <= 0:
            return
        while not self.closing:
            await asyncio.sleep(every)
            for table_id, subscriber in list(self.subscriptions.items()):
                try:
                    await self._resubscribe(table_id, subscriber)
                except Exception as exc:  # the database out of reach: told, as a hello is
                    if not record_down(exc):
                        raise
                    self.send(_error("unavailable", RECORD_DOWN))  # the client comes back
                    break

    async def _resubscribe(self, table_id: str, subscriber: Subscriber) -> None:
        """``subscriber`` of ``table_id`` replaced by one of the actor the dealer is there now,
        if that changed (not concurrently with the reader's hello: one at a time). The old one
        ends before the roster's answer is acted on, so a dealer taken off a table gets nothing
        more as its dealer, whatever happens next: the new one is recorded before it is
        subscribed, so a ``bye`` or the socket's close meanwhile ends it too (a subscription the
        hub makes after that is ended at once), and a subscription that fails (the table closed,
        the database out of reach) leaves the table unwatched, the client told."""
        async with self._subscribing:
            if self.subscriptions.get(table_id) is not subscriber:
                return  # left, or subscribed again, meanwhile
            actor = await self.server.actor_at(self.principal, table_id)
            if actor == subscriber.actor or self.subscriptions.get(table_id) is not subscriber:
                return
            self.bye(table_id)
            fresh = Subscriber(actor, None, self.outbox)
            self.subscriptions[table_id] = fresh
            hub, person = self.server.hub, self.person
            subscribing = asyncio.ensure_future(hub.subscribe(table_id, fresh, person))
            try:
                await asyncio.shield(subscribing)
            except asyncio.CancelledError:  # the socket closing: what the hub makes, ended
                subscribing.add_done_callback(lambda _: hub.unsubscribe(table_id, fresh, person))
                raise
            except BaseException as exc:
                if self.subscriptions.get(table_id) is fresh:
                    del self.subscriptions[table_id]
                if not isinstance(exc, CroupierError):
                    raise
                self.send(_error("no-table", str(exc)))
                return
            if self.subscriptions.get(table_id) is not fresh:  # left meanwhile: ended
                hub.unsubscribe(table_id, fresh, person)

    async def _reminders(self) -> None:
        """Issue 19, responsible gaming: a ``reminder`` frame every so many minutes of the
        session, if the player asked for one (his limits are read again each minute)."""
        from croupier.server.cashier import next_reminder
        from croupier.server.entries import parse_time

        if not self.principal.created_at:
            return
        started = parse_time(self.principal.created_at)
        limits = None
        while True:
            try:
                limits = await asyncio.to_thread(self.server.cashier.limits, self.principal.name)
            except Exception as exc:  # the database out of reach: the last limits read stand
                if not record_down(exc):
                    raise
                if limits is None:
                    await asyncio.sleep(5.0)
                    continue
            now = datetime.now(UTC)
            due = next_reminder(started, limits.session_reminder_minutes, now)
            wait = 60.0 if due is None else min(60.0, (due - now).total_seconds())
            await asyncio.sleep(max(wait, 0.0))
            if due is not None and datetime.now(UTC) >= due:
                minutes = int((due - started).total_seconds() // 60)
                self.send(
                    _frame(
                        "reminder",
                        minutes_played=minutes,
                        every_minutes=limits.session_reminder_minutes,
                        message=f"You have been playing for {minutes} minutes.",
                    )
                )

    async def _writer(self) -> None:
        while True:
            frame = await self.outbox.get()
            if frame.get("type") == "close":
                await self.websocket.close(frame["code"])
                return
            if frame.get("type") == "overflow":
                await self.websocket.send_text(
                    orjson.dumps(
                        _error(
                            "too-slow",
                            "frames could not be delivered in time; "
                            "reconnect with hello and your last seq",
                        )
                    ).decode()
                )
                await self.websocket.close(CLOSE_TOO_SLOW)
                return
            if isinstance(frame, SharedFrame):  # encoded once for every connection it goes to
                await self.websocket.send_text(frame.text())
                continue
            frame.setdefault("v", VERSION)
            await self.websocket.send_text(orjson.dumps(frame).decode())

    async def _reader(self) -> None:
        limit = self.server.settings.max_message_bytes
        idle = self.server.settings.idle_timeout_s
        while True:
            try:
                # watching a table is not idle: only a connection with no subscription times out
                if self.subscriptions:
                    message = await self.websocket.receive()
                else:
                    message = await asyncio.wait_for(self.websocket.receive(), idle)
            except TimeoutError:
                self.send(_error("idle", f"nothing sent or watched for {idle:g} s"))
                self.send({"type": "close", "code": CLOSE_IDLE})
                self.closing = True  # the writer sends the frame, then closes
                return
            except (WebSocketDisconnect, RuntimeError):
                return
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                self.send(_error("binary", "send JSON text frames, not binary ones"))
                continue
            if len(text.encode()) > limit:
                self.send(_error("too-large", f"a message is at most {limit} bytes"))
                continue
            try:
                await self.handle(text)
            except Exception as exc:  # the database out of reach: the connection is kept
                if not record_down(exc):
                    raise
                self.send(_error("unavailable", RECORD_DOWN))
            if self.closing:  # the session ended: the writer closes the socket
                return

    async def handle(self, text: str) -> None:
        try:
            data = orjson.loads(text)
        except orjson.JSONDecodeError:
            self.send(_error("malformed", "not JSON"))
            return
        if not isinstance(data, dict):
            self.send(_error("malformed", "a message is a JSON object"))
            return
        if data.get("v") != VERSION:
            self.send(
                _error(
                    "version",
                    f"unsupported protocol version {data.get('v')!r}; this server speaks {VERSION}",
                )
            )
            return
        kind = data.get("type")
        if kind == "ping":
            self.send(_frame("pong"))
            return
        if kind not in ("hello", "command", "bye"):
            self.send(
                _error("unknown-type", f"unknown message type {kind!r} (hello, command, bye, ping)")
            )
            return
        table_id = data.get("table")
        if not isinstance(table_id, str) or not table_id:
            self.send(_error("missing-field", f"a {kind} message needs a 'table'"))
            return
        if kind != "bye" and not await self.session_live():  # what the session may see or do
            return
        if kind == "hello":
            await self.hello(table_id, data.get("since"))
        elif kind == "bye":
            self.bye(table_id)
        else:
            await self.command(table_id, data)

    async def hello(self, table_id: str, since: Any) -> None:
        if since is not None and (
            not isinstance(since, int) or isinstance(since, bool) or since < 0
        ):
            self.send(_error("bad-field", "'since' is the last seq seen (an integer >= 0)"))
            return
        async with self._subscribing:
            self.bye(table_id)
            actor = await self.server.actor_at(self.principal, table_id)  # a dealer: his tables
            subscriber = Subscriber(actor, since, self.outbox)
            try:
                await self.server.hub.subscribe(table_id, subscriber, self.person)
            except CroupierError as exc:
                self.send(_error("no-table", str(exc)))
                return
            self.subscriptions[table_id] = subscriber

    def bye(self, table_id: str) -> None:
        subscriber = self.subscriptions.pop(table_id, None)
        if subscriber is not None:
            self.server.hub.unsubscribe(table_id, subscriber, self.person)

    async def command(self, table_id: str, data: dict[str, Any]) -> None:
        command_id = data.get("command_id")
        command = data.get("command")
        if not isinstance(command_id, str):
            self.send(_error("missing-field", "a command needs a 'command_id' (text)"))
            return
        if not isinstance(command, dict):
            self.send(
                _frame(
                    "refused",
                    table=table_id,
                    command_id=command_id,
                    article="protocol",
                    message="'command' must be a JSON object",
                    field="command",
                )
            )
            return
        answered = False

        def answer(outcome: Outcome) -> None:
            nonlocal answered
            answered = True
            self.send(outcome.frame(table_id))

        outcome = await access.submit(
            self.server, self.principal, table_id, command, command_id, answer=answer
        )
        if not answered:
            self.send(outcome.frame(table_id))

    async def close(self) -> None:
        for table_id in list(self.subscriptions):
            self.bye(table_id)
