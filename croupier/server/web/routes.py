"""The web tables' routes: HTML pages for every role, the static files, and the few JSON helpers
the pages need beyond the REST API (the 13-card foul check and hint, a dealer's offers, the
verification of a table's record).

Registered on the app with one line, ``app.include_router(croupier.server.web.routes.router)``.
Pages are server-rendered with Jinja2; the live parts are small ES modules that speak the REST
API and the WebSocket protocol as any client does (docs/server.md, docs/web.md). A page needs a
session: without one it sends the browser to ``/login``. The pages carry the session's CSRF
token in a ``<meta>`` for the scripts' changes (the cookie itself is HttpOnly).
"""

from __future__ import annotations

import asyncio
import hashlib
import mimetypes
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import pass_context
from jinja2.runtime import Context
from pydantic import BaseModel, Field

from croupier.errors import CroupierError
from croupier.money import format_amount
from croupier.server.api import ApiError, Caller, lobby, principal_of, refused, server_of
from croupier.server.auth import Principal, Role
from croupier.server.recall import inspector_horizon
from croupier.server.web import STATIC, TEMPLATES
from croupier.server.web.checks import check_setting, hint_setting, table_log, verify_record
from croupier.table.registry import GAMES

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=str(TEMPLATES))
templates.env.globals["games"] = {g.name: g for g in GAMES.values()}

#: the pages each role finds in the menu: (path, label)
MENUS: dict[Role, tuple[tuple[str, str], ...]] = {
    Role.PLAYER: (("/lobby", "Lobby"), ("/cashier", "Cashier")),
    Role.DEALER: (("/lobby", "Lobby"), ("/dealer", "Dealer console")),
    Role.CASHIER: (("/lobby", "Lobby"), ("/cashier", "Cashier")),
    Role.INSPECTOR: (("/lobby", "Lobby"), ("/recall", "Recall")),
    Role.ADMIN: (("/lobby", "Lobby"), ("/admin", "Admin"), ("/recall", "Recall")),
}
TITLES = {g.name: g.title for g in GAMES.values()}


#: the tables' options that are money (integers of the house's smallest unit): the lobby shows
#: them in the currency; every other number (seats, decks, seconds, decimals) as it is
MONEY_OPTIONS = frozenset(
    {
        "pot_money",
        "min_buy_in",
        "top_up_below",
        "initial_commission_amount",
        "min_bet",
        "buy_in",
        "unit",
    }
)


def option_items(options: Mapping[str, Any], decimals: int = 0) -> list[tuple[str, str]]:
    """A table's options as the lobby's "Limits" column shows them: (name, text), in order.

    The banking tables' bet limits (``limits``: a default minimum and maximum, some bets with
    their own) come first as ``bets``; a flag reads yes or no; money (:data:`MONEY_OPTIONS`,
    the bet limits) in the house currency of ``decimals``; another number or a text as it is;
    anything else (nested options, None) is left out.

    >>> option_items({"zero_is_even": True, "limits": {"default": {"minimum": 100}}, "x": None})
    [('bets', '100 to no limit'), ('zero is even', 'yes')]
    >>> option_items({"limits": {"default": {"minimum": 100, "maximum": 500000}}}, 2)
    [('bets', '1.00 to 5,000.00')]
    >>> option_items({"min_buy_in": 200000, "seats": 7}, 2)
    [('min buy in', '2,000.00'), ('seats', '7')]
    """
    bets: list[tuple[str, str]] = []
    out: list[tuple[str, str]] = []
    for key, value in options.items():
        if isinstance(value, bool):
            out.append((key.replace("_", " "), "yes" if value else "no"))
        elif isinstance(value, int) and key in MONEY_OPTIONS:
            out.append((key.replace("_", " "), format_amount(value, decimals=decimals)))
        elif isinstance(value, int | float | str):
            out.append((key.replace("_", " "), str(value)))
        elif key == "limits" and isinstance(value, Mapping):
            default = value.get("default")
            if isinstance(default, Mapping) and "minimum" in default:
                top = default.get("maximum")
                least = shown_money(default["minimum"], decimals)
                text = f"{least} to {'no limit' if top is None else shown_money(top, decimals)}"
                if value.get("by_bet"):
                    text += " (other limits for some bets)"
                bets.append(("bets", text))
    return bets + out


def shown_money(amount: object, decimals: int = 0) -> str:
    """An amount of the house's smallest unit as the pages show it, in the currency: 1234567 at
    decimals 2 is ``12,345.67``, -5 is ``−0.05`` (a minus sign); anything but a whole number as
    it is (the pages' ``money()`` of ``dom.js``, server-side: the Jinja filter ``money``).

    >>> shown_money(1234567, 2), shown_money(-5, 2), shown_money(1234567), shown_money(None, 2)
    ('12,345.67', '−0.05', '1,234,567', '')
    """
    if isinstance(amount, bool) or not isinstance(amount, int):
        return "" if amount is None else str(amount)
    text = format_amount(amount, decimals=decimals)
    return "−" + text[1:] if text.startswith("-") else text


@pass_context
def money_filter(context: Context, amount: object) -> str:
    """``{{ amount|money }}``: in the house currency of the page's ``decimals`` (0 when none)."""
    decimals = context.get("decimals", 0)
    return shown_money(amount, decimals if isinstance(decimals, int) else 0)


templates.env.filters["money"] = money_filter
templates.env.filters["option_items"] = option_items
REGULATIONS = {g.name: g.regulation for g in GAMES.values()}


def is_practice(table_id: str, options: dict[str, Any]) -> bool:
    """A practice table (the best-setting hint is offered): its options say ``practice``, or,
    until a game's options carry that flag, its id starts with ``practice``."""
    return bool(options.get("practice")) or table_id.startswith("practice")


async def person_of(request: Request) -> Principal | None:
    """The session of a page's request, or None (the page then sends the browser to log in)."""
    try:
        return await principal_of(request)
    except ApiError:
        return None


Person = Annotated[Principal | None, Depends(person_of)]


class LoginRedirect(Exception):
    """No session: the page answers with a redirect to the login page."""


#: every page's security headers: scripts, styles, images and connections from this site only
#: (the WebSocket included), never framed by another site
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
}


def page(
    request: Request,
    person: Principal,
    template: str,
    status_code: int = 200,
    **context: Any,
) -> HTMLResponse:
    return templates.TemplateResponse(
        request,
        template,
        headers=SECURITY_HEADERS,
        context={
            "user": person,
            "role": person.role.value,
            "csrf": person.csrf,
            "menu": MENUS.get(person.role, ()),
            "path": request.url.path,
            "decimals": house_decimals(request),
            **context,
        },
        status_code=status_code,
    )


def house_decimals(request: Request) -> int:
    """The house currency's decimals (:attr:`HubSettings.decimals`): the pages show and take
    every amount in the currency, the API and the WebSocket keep the smallest unit."""
    return server_of(request).hub.settings.decimals


def to_login(request: Request) -> RedirectResponse:
    target = request.url.path
    return RedirectResponse(f"/login?next={target}", status_code=303)


def forbidden(request: Request, person: Principal, what: str) -> HTMLResponse:
    return page(request, person, "message.html", status_code=403, title="Not allowed", text=what)


# -- pages -----------------------------------------------------------------------------------


@router.get("/", response_class=HTMLResponse)
async def home(request: Request, person: Person) -> Response:
    if person is None:
        return to_login(request)
    first = MENUS.get(person.role, (("/lobby", "Lobby"),))[0][0]
    return RedirectResponse(first, status_code=303)


@router.get("/login", response_class=HTMLResponse)
async def login_page(request: Request, next: str = "/") -> HTMLResponse:
    target = next if next.startswith("/") and not next.startswith("//") else "/"
    return templates.TemplateResponse(
        request,
        "login.html",
        {
            "user": None,
            "menu": (),
            "next": target,
            "path": "/login",
            "decimals": house_decimals(request),
        },
        headers=SECURITY_HEADERS,
    )


@router.get("/lobby", response_class=HTMLResponse)
async def lobby_page(request: Request, person: Person) -> Response:
    if person is None:
        return to_login(request)
    tables = await lobby(request, person)
    by_game: dict[str, list[dict[str, Any]]] = {}
    for table in tables:
        by_game.setdefault(table["game"], []).append(table)
    return page(request, person, "lobby.html", by_game=by_game, titles=TITLES)


async def _table_row(request: Request, table_id: str) -> Any:
    hub = server_of(request).hub
    live = hub.tables.get(table_id)
    if live is None:
        return None
    return live


@router.get("/lobby/tables", response_class=HTMLResponse)
async def lobby_tables(request: Request, person: Person) -> Response:
    """The lobby's list alone (htmx refreshes it in place)."""
    if person is None:
        return Response(status_code=286)  # htmx: stop polling
    tables = await lobby(request, person)
    by_game: dict[str, list[dict[str, Any]]] = {}
    for table in tables:
        by_game.setdefault(table["game"], []).append(table)
    return page(request, person, "_lobby_tables.html", by_game=by_game, titles=TITLES)


@router.get("/tables/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str, person: Person) -> Response:
    if person is None:
        return to_login(request)
    live = await _table_row(request, table_id)
    if live is None:
        return page(request, person, "message.html", 404, title="No such table", text=table_id)
    game = live.row.game
    actor = await server_of(request).actor_at(person, table_id)  # a dealer: his tables only
    return page(
        request,
        person,
        "table.html",
        table=table_id,
        game=game,
        title=TITLES.get(game, game),
        regulation=REGULATIONS.get(game, ""),
        actor=str(actor),
        practice=is_practice(live.row.id, live.row.options),
        mode="dealer" if actor.role.value == "dealer" else "play",
    )


@router.get("/dealer", response_class=HTMLResponse)
async def dealer_home(request: Request, person: Person) -> Response:
    if person is None:
        return to_login(request)
    if person.role not in (Role.DEALER, Role.ADMIN):
        return forbidden(request, person, "The dealer console is for dealers.")
    tables = await lobby(request, person)
    return page(request, person, "dealer.html", tables=tables, titles=TITLES)


@router.get("/cashier", response_class=HTMLResponse)
async def cashier_page(request: Request, person: Person) -> Response:
    if person is None:
        return to_login(request)
    if person.role not in (Role.PLAYER, Role.CASHIER, Role.ADMIN):
        return forbidden(request, person, "The cashier is for players and cashiers.")
    tables = await lobby(request, person)
    wallet = None
    if person.role is Role.PLAYER:
        from croupier.server.api_house import my_wallet

        wallet = await my_wallet(person, request)
    return page(request, person, "cashier.html", tables=tables, titles=TITLES, wallet=wallet)


@router.get("/admin", response_class=HTMLResponse)
async def admin_page(request: Request, person: Person) -> Response:
    if person is None:
        return to_login(request)
    if person.role is not Role.ADMIN:
        return forbidden(request, person, "The admin pages are for admins.")
    tables = await lobby(request, person)
    return page(
        request,
        person,
        "admin.html",
        tables=tables,
        titles=TITLES,
        roles=[r.value for r in Role],
        game_names=server_of(request).hub.catalog.available(),
    )


@router.get("/recall", response_class=HTMLResponse)
async def recall_page(request: Request, person: Person) -> Response:
    if person is None:
        return to_login(request)
    if person.role not in (Role.INSPECTOR, Role.ADMIN):
        return forbidden(request, person, "The recall is for inspectors.")
    tables = await lobby(request, person)
    return page(request, person, "recall.html", tables=tables, titles=TITLES)


# -- JSON helpers of the pages -------------------------------------------------------------


class SettingBody(BaseModel):
    front: list[str] = Field(max_length=3)
    middle: list[str] = Field(max_length=5)
    back: list[str] = Field(max_length=5)


@router.post("/web/thirteen/check")
async def thirteen_check(body: SettingBody, caller: Caller) -> dict[str, Any]:
    """Art 7: whether a setting fouls, and why (the engine's own ranking)."""
    try:
        return check_setting(body.front, body.middle, body.back)
    except CroupierError as exc:
        raise ApiError(400, "bad-request", str(exc), "Art 7") from None


class HintBody(BaseModel):
    cards: list[str] = Field(min_length=13, max_length=13)
    #: the banker's setting as shown ({front, middle, back}), when it is
    banker: dict[str, list[str]] | None = None


@router.post("/web/tables/{table_id}/hint")
async def thirteen_hint(
    table_id: str, body: HintBody, caller: Caller, request: Request
) -> dict[str, Any]:
    """The best setting of the caller's 13 cards, at a practice table of the 13-card game."""
    live = await _table_row(request, table_id)
    if live is None:
        raise ApiError(404, "not-found", f"no table {table_id!r}")
    if live.row.game != "thirteen" or not is_practice(live.row.id, live.row.options):
        raise ApiError(403, "forbidden", "the best-setting hint is for practice tables only")
    try:
        return await asyncio.to_thread(hint_setting, body.cards, body.banker)
    except CroupierError as exc:
        raise ApiError(400, "bad-request", str(exc)) from None


@router.get("/web/tables/{table_id}/dealer")
async def dealer_offers(table_id: str, caller: Caller, request: Request) -> dict[str, Any]:
    """What the calling dealer may do at the table now (the dealer's ``legal`` offers)."""
    if caller.role is not Role.DEALER:
        raise ApiError(403, "forbidden", "only a dealer runs a table")
    actor = await server_of(request).actor_at(caller, table_id)
    if actor.role.value != "dealer":
        raise ApiError(403, "forbidden", f"{caller.name} is not a dealer of table {table_id!r}")
    hub = server_of(request).hub
    try:
        offers = await hub.read(
            table_id, lambda live: [o.to_dict() for o in live.table.legal(actor)]
        )
    except CroupierError as exc:
        raise refused(exc) from None
    return {"table": table_id, "actor": str(actor), "legal": offers}


@router.get("/web/tables/{table_id}/verify")
async def verify(table_id: str, caller: Caller, request: Request) -> dict[str, Any]:
    """The table's stored record checked by the server's audit (chain, fold, ledger)."""
    if caller.role not in (Role.INSPECTOR, Role.ADMIN):
        raise ApiError(403, "forbidden", "only inspectors verify records")
    server = server_of(request)
    live = await _table_row(request, table_id)
    if live is None:
        raise ApiError(404, "not-found", f"no table {table_id!r}")
    return await asyncio.to_thread(verify_record, server.store, server.hub.catalog, table_id)


@router.get("/web/tables/{table_id}/export")
async def export(table_id: str, round: int, caller: Caller, request: Request) -> Response:
    """The table's log up to the end of a finished round: a croupier table log (JSONL, a
    header with the genesis, then each entry with its hash), verifiable offline."""
    if caller.role not in (Role.INSPECTOR, Role.ADMIN):
        raise ApiError(403, "forbidden", "only inspectors export records")
    server = server_of(request)
    live = await _table_row(request, table_id)
    if live is None:
        raise ApiError(404, "not-found", f"no table {table_id!r}")

    def span(live: Any) -> int | None:
        rounds = live.table.rounds
        if not 1 <= round <= len(rounds):
            raise ApiError(404, "not-found", f"no round {round} at table {table_id!r}")
        last: int | None = rounds[round - 1].last_seq
        if last is not None and last > inspector_horizon(live.table, live.stored_seq):
            # the log to its end holds what the inspector may not see yet: the order of a
            # shoe that outlives the round (every card still to be dealt from it)
            raise ApiError(
                409,
                "in-play",
                f"round {round} was dealt from a shoe still in play: its order is secret until "
                "the shoe is done; nothing to export yet",
            )
        return last

    last = await server.hub.read(table_id, span)
    if last is None:
        raise ApiError(409, "in-play", f"round {round} is not finished: nothing to export yet")
    body = await asyncio.to_thread(table_log, server.store, live.row, last)
    name = f"{table_id}-round-{round}.jsonl"
    return Response(
        body,
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


# -- static files ----------------------------------------------------------------------------

_ROOT = STATIC.resolve()


@router.get("/static/{path:path}")
async def static(path: str, request: Request) -> Response:
    """The files of ``static/`` as they are (revalidated by ETag: a new release shows at once)."""
    target = (_ROOT / path).resolve()
    if not target.is_relative_to(_ROOT) or not target.is_file():
        return Response("not found", status_code=404, media_type="text/plain")
    stat = target.stat()
    etag = '"' + hashlib.sha1(f"{stat.st_mtime_ns}-{stat.st_size}".encode()).hexdigest()[:16] + '"'
    headers = {"ETag": etag, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    media = _media_type(target)
    return FileResponse(target, media_type=media, headers=headers)


def _media_type(path: Path) -> str:
    if path.suffix == ".js":
        return "text/javascript; charset=utf-8"
    if path.suffix == ".svg":
        return "image/svg+xml"
    if path.suffix == ".css":
        return "text/css; charset=utf-8"
    if path.name in ("LICENSE", "NOTICE") or path.suffix == ".md":
        return "text/plain; charset=utf-8"
    guessed, _ = mimetypes.guess_type(path.name)
    return guessed or "application/octet-stream"
