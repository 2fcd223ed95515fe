"""The REST API (FastAPI): login, lobby, seats, state, commands, recall; /healthz and /metrics.

Every route answers JSON. A refusal is ``{"error": CODE, "message": ..., "article": ...}`` with
a 4xx status: 400 a bad request, 401 no session, 403 not allowed (or a cookie request without
its CSRF header), 404 no such table or round, 409 a command the rules refuse (``article``
names the rule), 413 a body over the limit, 423 a locked account. Authentication: the session
cookie (browsers; every POST must carry ``X-CSRF-Token``) or ``Authorization: Bearer TOKEN``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from croupier.errors import CroupierError, RecordError, RuleViolation
from croupier.server import access
from croupier.server.auth import (
    MAX_PASSWORD,
    MIN_PASSWORD,
    NAME_PATTERN,
    AuthError,
    Principal,
    Role,
    SessionKind,
)
from croupier.server.db import record_down_errors
from croupier.server.hub import SEAT_KEY, Hub, LiveTable, Outcome
from croupier.server.recall import recall
from croupier.server.runtime import Server
from croupier.table.actor import Actor

__all__ = ["ApiError", "api_error_response", "router"]

router = APIRouter()
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CSRF_HEADER = "X-CSRF-Token"


class ApiError(Exception):
    """A refusal with its HTTP status, error code, message and (for rules) the article."""

    def __init__(self, status: int, code: str, message: str, article: str | None = None):
        self.status = status
        self.code = code
        self.message = message
        self.article = article
        super().__init__(message)


def api_error_response(exc: ApiError) -> JSONResponse:
    body: dict[str, Any] = {"error": exc.code, "message": exc.message}
    if exc.article is not None:
        body["article"] = exc.article
    return JSONResponse(body, status_code=exc.status)


def refused(exc: CroupierError) -> ApiError:
    if isinstance(exc, RuleViolation):
        status = 404 if exc.rule == "tables" and exc.detail.startswith("no table") else 409
        return ApiError(status, "refused", exc.detail, exc.rule)
    if isinstance(exc, RecordError):
        return ApiError(400, "bad-request", str(exc), "protocol")
    return ApiError(400, "bad-request", str(exc))


def server_of(request: Request) -> Server:
    server: Server = request.app.state.server
    return server


def now() -> datetime:
    return datetime.now(UTC)


def token_of(request: Request, server: Server) -> tuple[str | None, SessionKind | None]:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip(), SessionKind.BEARER
    cookie = request.cookies.get(server.settings.cookie_name)
    if cookie:
        return cookie, SessionKind.COOKIE
    return None, None


async def principal_of(request: Request) -> Principal:
    """The caller's session (401 without one); a cookie session's changes need the CSRF header;
    a one-time password must be changed before anything else."""
    server = server_of(request)
    token, kind = token_of(request, server)
    if token is None:
        raise ApiError(401, "unauthorized", "log in first (POST /api/login)")
    principal = await asyncio.to_thread(server.accounts.authenticate, token, at=now())
    if principal is None or principal.kind is not kind:
        raise ApiError(401, "unauthorized", "the session is unknown, expired or revoked")
    cookie_change = principal.kind is SessionKind.COOKIE and request.method not in SAFE_METHODS
    if cookie_change and request.headers.get(CSRF_HEADER) != principal.csrf:
        raise ApiError(403, "csrf", f"a cookie session's changes need the {CSRF_HEADER} header")
    if principal.must_change_password and request.url.path not in (
        "/api/password",
        "/api/logout",
        "/api/me",
    ):
        raise ApiError(403, "change-password", "change the one-time password first")
    return principal


Caller = Annotated[Principal, Depends(principal_of)]


def require(principal: Principal, *roles: Role) -> None:
    if principal.role not in roles:
        names = " or ".join(r.value for r in roles)
        raise ApiError(403, "forbidden", f"only {names} may do this")


# -- sessions -------------------------------------------------------------------------------


class LoginBody(BaseModel):
    name: str = Field(max_length=64)
    password: str = Field(max_length=1024)
    #: True: a browser session (HttpOnly cookie + CSRF token); False: a bearer token
    cookie: bool = False


@router.post("/api/login", tags=["sessions"])
async def login(body: LoginBody, request: Request, response: Response) -> dict[str, Any]:
    """Open a session. Answers when the previous login was and how many attempts failed since."""
    server = server_of(request)
    kind = SessionKind.COOKIE if body.cookie else SessionKind.BEARER
    try:
        result = await asyncio.to_thread(
            server.accounts.login, body.name, body.password, at=now(), kind=kind
        )
    except AuthError as exc:
        if exc.reason == "locked":
            raise ApiError(423, "locked", str(exc)) from None
        raise ApiError(401, "unauthorized", str(exc)) from None
    principal = result.principal
    out: dict[str, Any] = {
        "name": principal.name,
        "role": principal.role.value,
        "session": principal.session_id,
        "expires_at": principal.expires_at,
        "previous_login": result.previous_login,
        "failed_since": result.failed_since,
        "must_change_password": principal.must_change_password,
    }
    if kind is SessionKind.COOKIE:
        response.set_cookie(
            server.settings.cookie_name,
            result.token,
            httponly=True,
            samesite="strict",
            secure=server.settings.secure_cookies,
            max_age=int(server.settings.auth.session_ttl.total_seconds()),
            path="/",
        )
        out["csrf"] = principal.csrf
    else:
        out["token"] = result.token
    return out


@router.post("/api/logout", tags=["sessions"])
async def logout(caller: Caller, request: Request, response: Response) -> dict[str, Any]:
    server = server_of(request)
    await asyncio.to_thread(server.accounts.logout, caller, at=now())
    response.delete_cookie(server.settings.cookie_name, path="/")
    return {"logged_out": True}


@router.get("/api/me", tags=["sessions"])
async def me(caller: Caller, request: Request) -> dict[str, Any]:
    """Who am I; for a player, his session's length and when its reminder is next due."""
    out: dict[str, Any] = {
        "name": caller.name,
        "role": caller.role.value,
        "session": caller.session_id,
        "session_started": caller.created_at,
        "expires_at": caller.expires_at,
        "must_change_password": caller.must_change_password,
    }
    if caller.role is Role.PLAYER and caller.created_at:
        from croupier.server.cashier import next_reminder
        from croupier.server.entries import format_time, parse_time

        limits = await asyncio.to_thread(server_of(request).cashier.limits, caller.name)
        started, moment = parse_time(caller.created_at), now()
        due = next_reminder(started, limits.session_reminder_minutes, moment)
        out["minutes_played"] = int((moment - started).total_seconds() // 60)
        out["session_reminder_minutes"] = limits.session_reminder_minutes
        out["next_reminder_at"] = format_time(due) if due else None
    return out


class PasswordBody(BaseModel):
    old: str = Field(max_length=1024)
    new: str = Field(max_length=1024)


@router.post("/api/password", tags=["sessions"])
async def change_password(body: PasswordBody, caller: Caller, request: Request) -> dict[str, Any]:
    try:
        await asyncio.to_thread(
            server_of(request).accounts.change_password, caller, body.old, body.new, at=now()
        )
    except AuthError as exc:
        raise ApiError(400 if exc.reason == "invalid" else 401, exc.reason, str(exc)) from None
    return {"changed": True}


class UserBody(BaseModel):
    # the schema says what the accounts accept, so a request it allows is not refused 400
    name: str = Field(pattern=rf"^{NAME_PATTERN.pattern}$")
    role: Role
    password: str = Field(min_length=MIN_PASSWORD, max_length=MAX_PASSWORD)


@router.post("/api/users", tags=["accounts"])
async def create_user(body: UserBody, caller: Caller, request: Request) -> dict[str, Any]:
    """Create an account (admins only)."""
    require(caller, Role.ADMIN)
    try:
        await asyncio.to_thread(
            server_of(request).accounts.create,
            body.name,
            body.role,
            body.password,
            by=caller.name,
            at=now(),
        )
    except AuthError as exc:
        raise ApiError(409 if exc.reason == "exists" else 400, exc.reason, str(exc)) from None
    return {"name": body.name, "role": body.role}


# -- the lobby and tables -------------------------------------------------------------------


@router.get("/api/games", tags=["lobby"])
async def games(request: Request, caller: Caller) -> list[dict[str, Any]]:
    catalog = server_of(request).hub.catalog
    return [{"game": g, "title": catalog.title(g)} for g in catalog.available()]


@router.get("/api/tables", tags=["lobby"])
async def lobby(request: Request, caller: Caller) -> list[dict[str, Any]]:
    """Every table: game, options (its limits), players with chips, bots, who is away, who is
    waited on, rounds played."""
    hub = server_of(request).hub
    out: list[dict[str, Any]] = []
    for table_id in sorted(hub.tables):
        live = hub.tables[table_id]
        if live.fault is not None:  # why, to those who inspect the house; that, to others
            seen = caller.role in (Role.ADMIN, Role.INSPECTOR)
            fault = live.fault if seen else live.public_fault
            out.append({"table": table_id, "game": live.row.game, "fault": fault})
            continue
        actor = await server_of(request).actor_at(caller, table_id)
        out.append(await hub.read(table_id, functools.partial(lobby_row, hub, actor=actor)))
    return out


#: the words that make a table option one of its limits (min/max per bet kind, levels)
LIMIT_WORDS = ("min", "max", "limit", "pot_money", "buy_in", "top_up", "unit", "stake", "ante")


def table_limits(options: dict[str, Any]) -> dict[str, Any]:
    """The options of a table that are its limits (shown in the lobby, set when it opens).

    >>> table_limits({"pot_money": 20, "min_buy_in": 2000, "seats": 7})
    {'pot_money': 20, 'min_buy_in': 2000}
    """
    return {k: v for k, v in options.items() if any(w in k for w in LIMIT_WORDS)}


def lobby_row(hub: Hub, live: LiveTable, *, actor: Actor) -> dict[str, Any]:
    """One table in the lobby, read in its writer (committed state only)."""
    frame = hub.view_frame(live, actor)
    return {
        "table": live.id,
        "game": live.row.game,
        "title": hub.catalog.title(live.row.game),
        "options": live.row.options,
        "limits": table_limits(live.row.options),
        "players": sorted(live.table.chips()),
        "bots": frame["bots"],
        "away": frame["away"],
        "waiting": frame["waiting"],
        "rounds": len(live.table.rounds),
        "seq": frame["seq"],
        "closed": frame["closed"],
    }


class OpenTableBody(BaseModel):
    table: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    #: bot name -> bot kind
    bots: dict[str, str] = Field(default_factory=dict)
    #: the dealers (accounts with the dealer role) who run the table
    dealers: list[str] = Field(default_factory=list, max_length=20)


@router.post("/api/tables", tags=["lobby"])
async def open_table(body: OpenTableBody, caller: Caller, request: Request) -> dict[str, Any]:
    """Open a table with its options (limits) and bots (admins only)."""
    require(caller, Role.ADMIN)
    server = server_of(request)
    hub = server.hub
    roles = await asyncio.to_thread(server.accounts.names)
    for name in body.dealers:
        if roles.get(name) is not Role.DEALER:
            raise ApiError(400, "bad-request", f"{name!r} is not a dealer's account")
    options = dict(body.options)
    if body.game == "five-card-stud" and "level" in options:
        # Art 6-8: a stud table opens at a level (pot money 20 or 100) and the buy-in and
        # top-up follow from it
        from croupier.games.five_card_stud.options import StudOptions

        level = options.pop("level")
        options.setdefault("decimals", hub.settings.decimals)  # the house's currency
        try:
            options = StudOptions.level(level, **options).to_dict()
        except (CroupierError, TypeError, ValueError) as exc:
            raise ApiError(400, "bad-request", f"bad options for {body.game}: {exc}") from None
    try:
        await hub.open_table(
            body.table,
            body.game,
            options,
            by=caller.name,
            bots=body.bots,
            dealers=body.dealers,
        )
    except CroupierError as exc:
        raise refused(exc) from None
    except (TypeError, ValueError) as exc:
        raise ApiError(400, "bad-request", f"bad options for {body.game}: {exc}") from None
    return {"table": body.table, "game": body.game, "dealers": sorted(body.dealers)}


def outcome_json(outcome: Outcome, table_id: str) -> dict[str, Any]:
    if not outcome.accepted and outcome.article == access.AUTHORISATION:
        raise ApiError(403, "forbidden", outcome.message or "not allowed", outcome.article)
    if not outcome.accepted:
        status = 404 if outcome.message and outcome.message.startswith("no table") else 409
        if outcome.article == "protocol" and outcome.field is not None:
            status = 400
        raise ApiError(status, "refused", outcome.message or "refused", outcome.article)
    return outcome.frame(table_id)


class SeatBody(BaseModel):
    """A join's or a leave's optional ``key``: a retry with the same key is answered as the
    first was (``duplicate``), never applied twice nor refused as seated already or not seated
    (letters, digits, '.', '_', ':' or '-', 1 to 40)."""

    key: str | None = Field(default=None, pattern=f"^{SEAT_KEY.pattern}$")  # the whole key


@router.post("/api/tables/{table_id}/join", tags=["seats"])
async def join(
    table_id: str, caller: Caller, request: Request, body: SeatBody | None = None
) -> dict[str, Any]:
    """Take the next free place with the table's default buy-in (players only); ``key``: see
    :class:`SeatBody`."""
    require(caller, Role.PLAYER)
    server = server_of(request)
    hub = server.hub
    if not await asyncio.to_thread(server.cashier.balance, caller.name):
        # a fast refusal (the transaction's check decides): no table is touched for it
        raise ApiError(
            409,
            "refused",
            f"wallet:{caller.name} is empty: deposit at the cashier first",
            "cashier",
        )
    try:
        outcome = await hub.join(table_id, caller.name, None if body is None else body.key)
    except CroupierError as exc:
        raise refused(exc) from None
    return outcome_json(outcome, table_id)


@router.post("/api/tables/{table_id}/leave", tags=["seats"])
async def leave(
    table_id: str, caller: Caller, request: Request, body: SeatBody | None = None
) -> dict[str, Any]:
    """Leave the table, cashing out (the game's ``leave`` command; between rounds); ``key``: see
    :class:`SeatBody` (without one, a retry is a new command: refused as not seated)."""
    require(caller, Role.PLAYER)
    key = None if body is None else body.key
    outcome = await access.submit(
        server_of(request),
        caller,
        table_id,
        {"type": "leave"},
        f"leave-{int(now().timestamp() * 1e3)}" if key is None else f"leave:{key}",
    )
    return outcome_json(outcome, table_id)


class CommandBody(BaseModel):
    command_id: str = Field(min_length=1, max_length=48)
    command: dict[str, Any]


@router.post("/api/tables/{table_id}/commands", tags=["seats"])
async def command(
    table_id: str, body: CommandBody, caller: Caller, request: Request
) -> dict[str, Any]:
    """Send a command (as over the WebSocket); a retried ``command_id`` is answered, never
    applied twice."""
    outcome = await access.submit(
        server_of(request), caller, table_id, body.command, body.command_id
    )
    return outcome_json(outcome, table_id)


@router.get("/api/tables/{table_id}", tags=["tables"])
async def state(table_id: str, caller: Caller, request: Request) -> dict[str, Any]:
    """The table as the caller may see it: view, offers, who is waited on (with deadlines)."""
    try:
        server = server_of(request)
        return await server.hub.view(table_id, await server.actor_at(caller, table_id))
    except CroupierError as exc:
        raise refused(exc) from None


@router.get("/api/tables/{table_id}/events", tags=["tables"])
async def events(
    table_id: str, caller: Caller, request: Request, since: Annotated[int, Query(ge=0)] = 0
) -> dict[str, Any]:
    """The entries after ``since``, as the caller may see them."""
    if since < 0:
        raise ApiError(400, "bad-request", "since is a sequence number >= 0")
    try:
        server = server_of(request)
        actor = await server.actor_at(caller, table_id)
        got = await server.hub.events_since(table_id, actor, since)
    except CroupierError as exc:
        raise refused(exc) from None
    return {"table": table_id, "events": got}


@router.get("/api/tables/{table_id}/rounds", tags=["recall"])
async def rounds(table_id: str, caller: Caller, request: Request) -> dict[str, Any]:
    """The last 10 rounds of the table."""
    try:
        spans = await server_of(request).hub.rounds(table_id, 10)
    except CroupierError as exc:
        raise refused(exc) from None
    return {"table": table_id, "rounds": spans}


@router.get("/api/tables/{table_id}/rounds/{number}", tags=["recall"])
async def round_log(table_id: str, number: int, caller: Caller, request: Request) -> dict[str, Any]:
    """One round's entries, as the caller may see them (an inspector: whole once finished),
    each with its article, and the provably-fair commitment and seed that dealt it."""
    try:
        server = server_of(request)
        actor = await server.actor_at(caller, table_id)
        return await server.hub.read(
            table_id,
            lambda live: recall(live.table, live.row.game, actor, number, live.stored_seq),
        )
    except RecordError as exc:
        raise ApiError(404, "not-found", str(exc)) from None
    except CroupierError as exc:
        raise refused(exc) from None


# -- operations -----------------------------------------------------------------------------


@router.get("/healthz", tags=["operations"])
async def healthz(request: Request) -> JSONResponse:
    """The server's health (no login needed: for monitors): its status, the self-check, the
    last audit and its faults; what a fault is (a table's replay, the audit's first fault may
    name a card not yet seen) only to an admin's or an inspector's session."""
    server = server_of(request)
    detail = False
    if token_of(request, server)[0] is not None:
        # a bad session, or the database out of reach: the report without the detail
        with contextlib.suppress(ApiError, *record_down_errors()):
            detail = (await principal_of(request)).role in (Role.ADMIN, Role.INSPECTOR)
    health = server.health(detail=detail)
    return JSONResponse(health, status_code=200 if health["status"] == "ok" else 503)


@router.get(
    "/metrics",
    tags=["operations"],
    responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}},
)
async def metrics(request: Request) -> Response:
    from croupier.server.metrics import render

    body, content_type = render(server_of(request))
    return Response(body, media_type=content_type)
