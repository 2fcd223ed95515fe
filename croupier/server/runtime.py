"""The server's runtime: settings, and the :class:`Server` that owns the database, the accounts
and the hub for the life of the process (started and stopped by the ASGI lifespan)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from croupier.server.auth import Accounts, AuthSettings, Principal, Role
from croupier.server.cashier import Cashier
from croupier.server.catalog import Catalog, ExtraGame
from croupier.server.db import DEFAULT_URL, Database, open_database
from croupier.server.hub import Hub, HubSettings
from croupier.server.store import EventStore
from croupier.table.actor import Actor

__all__ = ["Server", "ServerSettings", "actor_of"]

log = logging.getLogger("croupier.server")


@dataclass(frozen=True)
class ServerSettings:
    """Everything ``croupier serve`` can set."""

    database: str = DEFAULT_URL
    hub: HubSettings = field(default_factory=HubSettings)
    auth: AuthSettings = field(default_factory=AuthSettings)
    #: the largest WebSocket message or REST body accepted and answered (bytes); a bigger
    #: WebSocket frame, up to the transport's limit, is refused with the connection kept
    max_message_bytes: int = 16 * 1024
    #: the transport's own limit: a bigger frame closes the connection (1009)
    max_frame_bytes: int = 1024 * 1024
    #: open WebSocket connections at most: one more is refused (``busy``, close 1013)
    max_connections: int = 2000
    #: a WebSocket that watches no table and sends nothing this long is closed (4000); its
    #: peer's liveness is the transport's ping (uvicorn's, every 20 s)
    idle_timeout_s: float = 60.0
    #: an open WebSocket's session is checked again before each hello and command and every
    #: this many seconds (0: only then): a logout, a password reset or a role change ends it
    session_check_s: float = 30.0
    #: a dealer's open WebSocket reads his tables again every this many seconds (0: never): a
    #: dealer taken off a table he watches gets the public's view of it from then on (no more
    #: of the dealers' forms), one given a table his dealer's view
    roster_check_s: float = 2.0
    cookie_name: str = "croupier_session"
    #: send cookies with ``Secure`` (behind HTTPS)
    secure_cookies: bool = False
    #: extra origins allowed to open a WebSocket with a session cookie (same origin always is)
    allowed_origins: tuple[str, ...] = ()
    extra_games: Mapping[str, ExtraGame] = field(default_factory=dict)
    #: with an empty database: open one table of each game with bots, and demo accounts
    demo: bool = False
    #: the environment the first admin's password may come from
    environ: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    #: the manifest of the installed files (``croupier audit selfcheck --write-manifest``);
    #: None: the installed distribution's RECORD, if it lists the package's files
    manifest: str | None = None
    #: the self-check and ``audit verify`` run at start, then every this many seconds (0: only
    #: the self-check at start, no audit)
    integrity_interval: float = 86_400.0
    #: once every table is folded at start, move what the process holds by then out of the
    #: garbage collector's sight (``gc.freeze``: the folded tables, the imported modules), so
    #: that its collections scan only what was made since (``croupier serve`` sets it: a
    #: whole-process setting, not for a server run inside tests)
    freeze_gc: bool = False


def actor_of(principal: Principal) -> Actor:
    """The table actor of an account: players and dealers as themselves, inspectors as
    inspectors; cashiers and admins watch as the public does."""
    if principal.role is Role.PLAYER:
        return Actor.player(principal.name)
    if principal.role is Role.DEALER:
        return Actor.dealer(principal.name)
    if principal.role is Role.INSPECTOR:
        return Actor.inspector(principal.name)
    return Actor.OBSERVER


class Server:
    """The database, accounts and hub of one server process."""

    def __init__(
        self,
        settings: ServerSettings,
        *,
        announce: Callable[[str], None] | None = None,
        database: Database | None = None,
    ) -> None:
        self.settings = settings
        self.announce = announce or (lambda text: log.warning("%s", text))
        #: this process, in NOTIFY payloads (its own notifications are skipped)
        self.origin = uuid.uuid4().hex[:12]
        #: opened (locked, migrated) by the caller, or at start
        self.database: Database | None = database
        self._store: EventStore | None = None
        self._accounts: Accounts | None = None
        self._cashier: Cashier | None = None
        self._hub: Hub | None = None
        self._listener: asyncio.Task[None] | None = None
        self.started_at = datetime.now(UTC)
        self.faults: list[str] = []
        #: the last self-check and audit (see croupier.server.integrity), for /healthz
        self.selfcheck: dict[str, Any] = {"status": "pending"}
        self.audit: dict[str, Any] = {"status": "pending"}
        self._integrity: asyncio.Task[None] | None = None
        self.roster: Any = None  # the DealerRoster, from start
        self.metrics: Any = None

    @property
    def store(self) -> EventStore:
        assert self._store is not None, "the server is not started"
        return self._store

    @property
    def accounts(self) -> Accounts:
        assert self._accounts is not None, "the server is not started"
        return self._accounts

    @property
    def cashier(self) -> Cashier:
        assert self._cashier is not None, "the server is not started"
        return self._cashier

    @property
    def hub(self) -> Hub:
        assert self._hub is not None, "the server is not started"
        return self._hub

    async def actor_at(self, principal: Principal, table_id: str) -> Actor:
        """The actor ``principal`` is at ``table_id`` (croupier.server.access)."""
        from croupier.server.access import table_actor

        return await asyncio.to_thread(table_actor, principal, table_id, self.roster)

    async def start(self) -> None:
        """Open (lock, migrate) the database, create the first admin, fold every table."""
        settings = self.settings
        if self.database is None:
            self.database = await asyncio.to_thread(
                open_database, settings.database, migrate=True, lock=True
            )
        self._store = EventStore(self.database.engine, origin=self.origin)
        self._accounts = Accounts(self._store, settings.auth)
        from croupier.server.access import DealerRoster

        self._cashier = Cashier(self._store)
        self.roster = DealerRoster(self._store)
        made = await asyncio.to_thread(
            self._accounts.bootstrap_admin, at=datetime.now(UTC), environ=settings.environ
        )
        if made is not None:
            name, password, one_time = made
            if one_time:
                self.announce(
                    f"first start: created account {name!r} with the one-time password "
                    f"{password} (shown once; change it at the first login)"
                )
            else:
                self.announce(f"first start: created account {name!r} (password from the env)")
        from croupier.server.metrics import Metrics

        self._hub = Hub(self._store, Catalog(settings.extra_games), settings.hub)
        self.metrics = Metrics(self)
        self._hub.on_commit.append(self.metrics.on_commit)
        await self._hub.start()
        for live in self._hub.tables.values():
            if live.fault:
                self.faults.append(live.fault)
        if settings.demo:
            from croupier.server.demo import open_demo

            await open_demo(self)
        await self._self_check()
        if settings.freeze_gc:
            gc.collect()
            gc.freeze()
        if settings.integrity_interval > 0:
            self._integrity = asyncio.create_task(self._audits(), name="croupier-audit")
        if self.database.dialect == "postgresql":
            from croupier.server.notify import listen

            self._listener = asyncio.create_task(listen(self), name="croupier-listen")

    async def _self_check(self) -> None:
        from pathlib import Path

        from croupier.server.integrity import self_check

        manifest = self.settings.manifest or self.settings.environ.get("CROUPIER_MANIFEST")
        try:
            result = await asyncio.to_thread(self_check, Path(manifest) if manifest else None)
        except (OSError, ValueError) as exc:
            self.selfcheck = {"status": "changed", "error": f"cannot read the manifest: {exc}"}
            log.error("self-check: cannot read the manifest %s: %s", manifest, exc)
            return
        self.selfcheck = result.to_dict()
        (log.info if result.ok else log.error)("%s", result.describe())

    async def _audits(self) -> None:
        """``audit verify`` now, then every ``integrity_interval`` seconds (with the self-check
        again); the last answer is on /healthz and each one in the log."""
        from croupier.server.audit import verify
        from croupier.server.entries import format_time

        first = True
        while True:
            if not first:
                await asyncio.sleep(self.settings.integrity_interval)
                await self._self_check()
            first = False
            started = datetime.now(UTC)
            self.audit = {"status": "running", "started_at": format_time(started)}
            try:
                report = await asyncio.to_thread(verify, self.store, self.hub.catalog)
            except Exception as exc:  # the audit itself failed: say so, try again next time
                self.audit = {"status": "error", "error": str(exc), "at": format_time(started)}
                log.exception("audit verify could not run")
                continue
            self.audit = {
                "status": "ok" if report.ok else "fault",
                "at": format_time(started),
                "tables": report.tables,
                "events": report.events,
                "transactions": report.transactions,
                "fault": report.fault,
            }
            if report.ok:
                log.info("audit verify: %s tables, %s events", report.tables, report.events)
            else:
                log.error("audit verify FAULT: %s", report.fault)

    async def stop(self) -> None:
        if self._integrity is not None:
            self._integrity.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._integrity
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        if self._hub is not None:
            await self._hub.stop()
        if self.database is not None:
            self.database.close()

    def health(self, *, detail: bool = False) -> dict[str, Any]:
        """``/healthz``: the status and its faults; with ``detail`` (an admin's or an
        inspector's) what each fault is, else only that there is one (a table's replay, the
        audit's first fault may name a card nobody may see yet)."""
        hub = self._hub
        tables = list(hub.tables.values()) if hub is not None else []
        faults = [
            *self.faults,
            *(t.fault for t in tables if t.fault and t.fault not in self.faults),
        ]
        if not detail and faults:  # each a table's replay refused (the only faults above)
            faults = [f"{len(faults)} table(s) out of service (see the log)"]
        if self.selfcheck.get("status") == "changed":
            faults.append("the installed files differ from the manifest (self-check)")
        audit = dict(self.audit)
        if audit.get("status") == "fault":
            faults.append(f"audit verify: {audit['fault']}" if detail else "audit verify: a fault")
        if not detail:
            for key in ("fault", "error"):
                if key in audit:
                    audit[key] = "(an admin's or an inspector's session reads it)"
        return {
            "status": "ok" if not faults else "degraded",
            "selfcheck": self.selfcheck,
            "audit": audit,
            "database": self.database.dialect if self.database else None,
            "tables": len(tables),
            "faults": faults,
            "started_at": self.started_at.isoformat(),
        }
