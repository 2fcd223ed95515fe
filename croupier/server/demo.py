"""``croupier serve --demo``: one table of each game with bots, and demo logins, in one command.

On a database without tables it opens ``demo-<game>`` for every game whose table adapter is
available, with bots in all places but one or two, and creates the demo accounts; on later
starts it only shows the logins again. The demo passwords are fixed and printed: a demo server
listens on 127.0.0.1 unless told otherwise, and is not for real money.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from croupier.errors import CroupierError
from croupier.server.auth import AuthError

if TYPE_CHECKING:
    from croupier.server.runtime import Server

__all__ = ["DEMO_ACCOUNTS", "PAGES", "open_demo"]

log = logging.getLogger("croupier.server")

#: name -> (role, password)
DEMO_ACCOUNTS: dict[str, tuple[str, str]] = {
    "ana": ("player", "demo-ana-1"),
    "bo": ("player", "demo-bo-22"),
    "dee": ("dealer", "demo-dee-3"),
    "ida": ("inspector", "demo-ida-4"),
    "cy": ("cashier", "demo-cy-55"),
}
#: what the cashier deposits for each demo player once (smallest units)
DEMO_DEPOSIT = 10_000_000
#: the web pages a demo user opens (docs/web.md), announced with the logins
PAGES = (
    "/login",
    "/lobby",
    "/tables/<table>",
    "/cashier",
    "/dealer",
    "/admin",
    "/recall",
)
#: bots seated per game (the rest of the places are for people)
BOTS = {
    "mahjong": 3,
    "five-card-stud": 3,
    "thirteen": 1,  # three places besides the banker's (Art 3): two for people
    "three-card-baccarat": 2,
    "football-poker": 2,
}


async def open_demo(server: Server) -> None:
    """Open the demo tables and accounts (first time), then announce the logins."""
    hub = server.hub
    now = datetime.now(UTC)
    for name, (role, password) in DEMO_ACCOUNTS.items():
        try:
            await asyncio.to_thread(server.accounts.create, name, role, password, by=None, at=now)
        except AuthError as exc:
            if exc.reason != "exists":
                raise
        if role == "player":  # the key makes it once, however many times the demo starts
            await asyncio.to_thread(
                server.cashier.deposit, name, DEMO_DEPOSIT, key=f"demo-{name}", by="cy", at=now
            )
    if not hub.tables:
        for game in hub.catalog.available():
            kinds = list(hub.catalog.bots(game))
            if not kinds:
                continue
            bots = {f"bot-{i + 1}": kinds[0] for i in range(BOTS.get(game, 2))}
            try:
                await hub.open_table(f"demo-{game}", game, {}, by=None, bots=bots, dealers=["dee"])
            except CroupierError as exc:
                log.warning("demo: cannot open a %s table: %s", game, exc)
    tables = ", ".join(sorted(hub.tables)) or "none (no game adapter available yet)"
    logins = "; ".join(f"{n} / {p} ({r})" for n, (r, p) in DEMO_ACCOUNTS.items())
    server.announce(f"demo tables: {tables}")
    server.announce(f"demo logins (name / password): {logins}")
    server.announce(
        "pages: "
        + ", ".join(PAGES)
        + " (the table page is the dealer's console for a dealer; recall is the inspector's)"
    )
