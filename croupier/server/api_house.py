"""The house's REST routes (issue 19): the cashier, wallets and limits, accounts for admins.

Every route needs a session (:data:`croupier.server.api.Caller`) and says who may call it:

=========================================== =================================================
``POST /api/cashier/deposit``, ``/withdrawal`` a cashier: ``{name, amount, key}``; ``key`` is
                                              the idempotency key (a retry is answered with
                                              the first movement, ``duplicate: true``)
``GET /api/wallet``                            a player: his own balance, movements, limits
``GET /api/wallets/{name}``                    a cashier, an admin or an inspector
``GET /api/limits``, ``POST /api/limits``      a player, his own; an admin, anyone's (``name``)
``GET /api/users``                             an admin: every account and role
``POST /api/users/{name}/role``                an admin: change a role (``role.changed``)
``POST /api/users/{name}/password``            an admin: reset a forgotten password: a random
                                              one-time password, answered once; the lock
                                              lifted, the sessions revoked (``password.reset``)
``POST /api/tables/{T}/dealers``              an admin: ``{name, assigned}`` gives a dealer
                                              the table or takes it back
``POST /api/tables/{T}/close``                 an admin: close a table between rounds (its
                                              bots leave; nobody may hold chips there)
``GET /api/rounds/{T}:{N}``                   anyone with a session: round N of table T by
                                              its id (as ``/api/tables/T/rounds/N``)
``GET /api/audit/export``                      an inspector or an admin: the record of a time
                                              range or a table, zipped (``audit export``)
=========================================== =================================================
"""

from __future__ import annotations

import asyncio
import io
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from croupier.errors import CroupierError, RuleViolation
from croupier.server.api import ApiError, Caller, now, require, server_of
from croupier.server.auth import AuthError, Role
from croupier.server.cashier import KeyReused, Limits
from croupier.server.entries import stored_time
from croupier.server.hub import Hub

__all__ = ["router"]

router = APIRouter()


def _refused(exc: RuleViolation) -> ApiError:
    code = "key-reused" if isinstance(exc, KeyReused) else "refused"
    return ApiError(409, code, exc.detail, exc.rule)


class MovementBody(BaseModel):
    name: str = Field(max_length=64)
    amount: int
    key: str = Field(min_length=1, max_length=64)


async def _move(kind: str, body: MovementBody, caller: Caller, request: Request) -> dict[str, Any]:
    require(caller, Role.CASHIER)
    cashier = server_of(request).cashier
    move = cashier.deposit if kind == "deposit" else cashier.withdraw
    try:
        done = await asyncio.to_thread(
            move, body.name, body.amount, key=body.key, by=caller.name, at=now()
        )
    except RuleViolation as exc:
        raise _refused(exc) from None
    return done.to_dict()


@router.post("/api/cashier/deposit", tags=["cashier"])
async def deposit(body: MovementBody, caller: Caller, request: Request) -> dict[str, Any]:
    """Money in at the desk to a player's wallet (cashiers only; idempotent by ``key``)."""
    return await _move("deposit", body, caller, request)


@router.post("/api/cashier/withdrawal", tags=["cashier"])
async def withdrawal(body: MovementBody, caller: Caller, request: Request) -> dict[str, Any]:
    """Money out at the desk from a player's wallet, never below zero (cashiers only)."""
    return await _move("withdrawal", body, caller, request)


async def _wallet(request: Request, name: str) -> dict[str, Any]:
    cashier = server_of(request).cashier

    def read() -> dict[str, Any]:
        return {
            "name": name,
            "balance": cashier.balance(name),
            "movements": cashier.statement(name),
            "limits": cashier.limits(name).to_dict(),
            "loss_today": cashier.loss_today(name, now()),
        }

    return await asyncio.to_thread(read)


@router.get("/api/wallet", tags=["cashier"])
async def my_wallet(caller: Caller, request: Request) -> dict[str, Any]:
    """The caller's own wallet: balance, last movements, limits, today's loss (players)."""
    require(caller, Role.PLAYER)
    return await _wallet(request, caller.name)


@router.get("/api/wallets/{name}", tags=["cashier"])
async def a_wallet(name: str, caller: Caller, request: Request) -> dict[str, Any]:
    """Anyone's wallet (cashiers, admins, inspectors); a name with no account is a 404 (it
    answered an empty wallet: a mistyped name read as a player with nothing)."""
    require(caller, Role.CASHIER, Role.ADMIN, Role.INSPECTOR)
    names = await asyncio.to_thread(server_of(request).accounts.names)
    if name not in names:
        raise ApiError(404, "not-found", f"no account {name!r}")
    return await _wallet(request, name)


class LimitsBody(BaseModel):
    #: whose limits (an admin's choice; a player sets his own and may leave it out)
    name: str | None = Field(default=None, max_length=64)
    #: null: no limit; left out: kept as it is
    daily_loss_limit: int | None = None
    #: null: no reminder; left out: kept as it is
    session_reminder_minutes: int | None = None


@router.get("/api/limits", tags=["responsible gaming"])
async def get_limits(caller: Caller, request: Request) -> dict[str, Any]:
    require(caller, Role.PLAYER)
    limits = await asyncio.to_thread(server_of(request).cashier.limits, caller.name)
    return {"name": caller.name, **limits.to_dict()}


@router.post("/api/limits", tags=["responsible gaming"])
async def set_limits(body: LimitsBody, caller: Caller, request: Request) -> dict[str, Any]:
    """Set a player's daily loss limit and session reminder (null: no limit; a field left out
    keeps its value); recorded as a ``limit.changed`` event. A player sets his own; an admin
    anyone's."""
    require(caller, Role.PLAYER, Role.ADMIN)
    name = body.name or caller.name
    if caller.role is Role.PLAYER and name != caller.name:
        raise ApiError(403, "forbidden", "a player sets only his own limits")
    cashier = server_of(request).cashier
    given = body.model_fields_set

    def change(kept: Limits) -> Limits:
        # a field left out is kept (setting the reminder alone dropped the daily loss limit),
        # read in the change's own read-and-write (two changes at once both hold)
        return Limits(
            body.daily_loss_limit if "daily_loss_limit" in given else kept.daily_loss_limit,
            body.session_reminder_minutes
            if "session_reminder_minutes" in given
            else kept.session_reminder_minutes,
        )

    try:
        limits = await asyncio.to_thread(
            cashier.update_limits, name, change, by=caller.name, at=now()
        )
    except RuleViolation as exc:
        raise _refused(exc) from None
    return {"name": name, **limits.to_dict()}


# -- accounts (admins) ------------------------------------------------------------------------


@router.get("/api/users", tags=["accounts"])
async def users(caller: Caller, request: Request) -> list[dict[str, Any]]:
    """Every account and its role (admins only)."""
    require(caller, Role.ADMIN)
    names = await asyncio.to_thread(server_of(request).accounts.names)
    return [{"name": n, "role": r.value} for n, r in sorted(names.items())]


class RoleBody(BaseModel):
    role: str = Field(max_length=32)


@router.post("/api/users/{name}/role", tags=["accounts"])
async def set_role(name: str, body: RoleBody, caller: Caller, request: Request) -> dict[str, Any]:
    """Change an account's role (admins only; recorded as ``role.changed``)."""
    require(caller, Role.ADMIN)
    server = server_of(request)
    if body.role != Role.PLAYER.value:
        # money in a round in play (a pot, stakes) is not in his chips' ledger account yet:
        # the tables say it (the transaction below checks his wallet and chips)
        tables = server.hub.at_stake(name)
        if tables:
            raise ApiError(
                409,
                "holding",
                f"{name} has money at stake in the round in play at {', '.join(tables)}: only "
                "a player is paid what a round gives back; change his role between rounds",
            )
    try:
        await asyncio.to_thread(server.accounts.set_role, name, body.role, by=caller.name, at=now())
    except AuthError as exc:
        raise _account_refused(exc) from None
    return {"name": name, "role": body.role}


def _account_refused(exc: AuthError) -> ApiError:
    """An admin's change of an account refused: no such account (404), the house holding his
    money (409), else a bad request naming it (400)."""
    status = 404 if str(exc).startswith("no account") else 400
    if exc.reason == "holding":  # the house holds his money: refused, not a bad request
        status = 409
    return ApiError(status, exc.reason, str(exc))


@router.post("/api/users/{name}/password", tags=["accounts"])
async def reset_password(
    name: str, caller: Caller, request: Request, response: Response
) -> dict[str, Any]:
    """Reset a forgotten password (admins only; recorded as ``password.reset``): a random
    one-time password, answered once, that its owner must change at the next login; the
    account's lock is lifted and its live sessions revoked."""
    require(caller, Role.ADMIN)
    try:
        password, revoked = await asyncio.to_thread(
            server_of(request).accounts.reset_password, name, by=caller.name, at=now()
        )
    except AuthError as exc:
        raise _account_refused(exc) from None
    response.headers["Cache-Control"] = "no-store"  # a password: kept by no cache
    return {
        "name": name,
        "password": password,
        "must_change_password": True,
        "sessions_revoked": revoked,
    }


# -- the inspector's export -------------------------------------------------------------------


@router.get(
    "/api/audit/export",
    tags=["audit"],
    responses={200: {"content": {"application/zip": {"schema": {"type": "string"}}}}},
)
async def audit_export(
    caller: Caller,
    request: Request,
    since: str | None = None,
    until: str | None = None,
    table: str | None = None,
) -> Response:
    """The record of a time range (ISO 8601, UTC; ``since`` inclusive, ``until`` exclusive) or
    of one table, as ``croupier audit export`` writes it, in a zip archive (inspectors and
    admins); ``croupier audit verify --from-export DIR`` checks it unpacked."""
    require(caller, Role.INSPECTOR, Role.ADMIN)
    low, high = _moment(since, "since"), _moment(until, "until")
    server = server_of(request)
    store = server.store
    upto = await _horizons(server.hub)

    def build() -> bytes:
        from croupier.server.export import export, iter_files

        with tempfile.TemporaryDirectory() as scratch:
            directory = Path(scratch) / "export"
            export(store, directory, since=low, until=high, table=table, upto=upto)
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                for path in iter_files(directory):
                    archive.write(path, f"export/{path.name}")
            return buffer.getvalue()

    try:
        body = await asyncio.to_thread(build)
    except CroupierError as exc:
        raise ApiError(404, "not-found", str(exc)) from None
    return Response(
        body,
        media_type="application/zip",
        headers={"Content-Disposition": 'attachment; filename="croupier-export.zip"'},
    )


async def _horizons(hub: Hub) -> dict[str, int]:
    """Each table's stream -> the last seq an inspector may take whole now (nothing of a round
    in play: its cards are hidden from him as from the public); a table this process has not
    loaded yet, nothing. A table out of service (its record does not fold) is given whole: no
    round can go on there, and its record is the evidence; a closed one too (sealed)."""
    from croupier.server.recall import inspector_horizon

    upto: dict[str, int] = {}
    for row in await hub.db(hub.store.tables):
        live = hub.tables.get(row.id)
        if live is not None and (live.fault is not None or live.table.closed):
            continue  # out of service, or closed (sealed: every round of it finished)
        if live is None:
            upto[row.stream] = 0
            continue
        upto[row.stream] = await hub.read(
            row.id, lambda live: inspector_horizon(live.table, live.stored_seq)
        )
    return upto


def _moment(text: str | None, name: str) -> str | None:
    if text is None:
        return None
    try:
        return stored_time(text)
    except ValueError:
        raise ApiError(400, "bad-request", f"{name} {text!r} is not an ISO 8601 time") from None


# -- tables: dealers and closing ---------------------------------------------------------------


class DealerBody(BaseModel):
    name: str = Field(max_length=64)
    assigned: bool = True


@router.post("/api/tables/{table_id}/dealers", tags=["tables"])
async def assign_dealer(
    table_id: str, body: DealerBody, caller: Caller, request: Request
) -> dict[str, Any]:
    """Give a dealer the table (or take it back): recorded as ``dealer.assigned`` /
    ``dealer.removed`` in the house stream (admins only)."""
    require(caller, Role.ADMIN)
    server = server_of(request)
    if table_id not in server.hub.tables:
        raise ApiError(404, "not-found", f"no table {table_id!r}")
    roles = await asyncio.to_thread(server.accounts.names)
    if roles.get(body.name) is not Role.DEALER:
        raise ApiError(400, "bad-request", f"{body.name!r} is not a dealer's account")
    await asyncio.to_thread(
        server.roster.assign, table_id, body.name, assigned=body.assigned, by=caller.name, at=now()
    )
    dealers = await asyncio.to_thread(server.roster.dealers, table_id)
    return {"table": table_id, "dealers": sorted(dealers)}


@router.post("/api/tables/{table_id}/close", tags=["tables"])
async def close(table_id: str, caller: Caller, request: Request) -> dict[str, Any]:
    """Close a table between rounds (admins only): its bots leave, then its seal and a
    ``table.closed`` house event; refused while a round is in play or a person holds chips."""
    from croupier.server.operations import close_table

    require(caller, Role.ADMIN)
    try:
        outcome = await close_table(server_of(request).hub, table_id, by=caller.name)
    except CroupierError as exc:
        raise ApiError(404, "not-found", str(exc)) from None
    if not outcome.accepted:
        raise ApiError(409, "refused", outcome.message or "refused", outcome.article)
    return {"table": table_id, "closed": True, "seq": outcome.last_seq}


@router.get("/api/rounds/{round_id}", tags=["recall"])
async def round_by_id(round_id: str, caller: Caller, request: Request) -> dict[str, Any]:
    """A round by its id ``TABLE:NUMBER`` (as the recall lists it), as the caller may see it."""
    from croupier.server.api import round_log

    table_id, _, number = round_id.rpartition(":")
    if not table_id or not number.isascii() or not number.isdigit():  # '²'.isdigit() too
        raise ApiError(400, "bad-request", f"a round id is TABLE:NUMBER, got {round_id!r}")
    return await round_log(table_id, int(number), caller, request)
