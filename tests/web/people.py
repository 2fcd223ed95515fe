"""People at the web tables: one browser context each (own cookies, own WebSocket), logged in
through the login page, with every WebSocket frame their page received or sent recorded."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .browser import DESKTOP

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, WebSocket


@dataclass
class Person:
    name: str
    password: str
    context: BrowserContext
    page: Page
    frames_in: list[dict[str, Any]] = field(default_factory=list)
    frames_out: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def login(self, url: str) -> None:
        """Through the login page, as a person does; ends on the page the role starts at."""
        page = self.page
        page.goto(f"{url}/")
        page.get_by_label("Name").fill(self.name)
        page.get_by_label("Password", exact=True).fill(self.password)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(re.compile(r".*/(lobby|admin|recall|cashier|dealer)$"))

    def join_from_lobby(self, table: str) -> None:
        self.page.get_by_role("button", name=f"Join {table}").click()
        self.page.wait_for_url(f"**/tables/{table}")
        self.wait_connected()

    def wait_connected(self) -> None:
        self.page.locator('.connection[data-status="open"]').wait_for(timeout=30_000)

    def card_codes(self) -> list[str | None]:
        """The codes of every card or tile image on the page now."""
        codes: list[str | None] = self.page.eval_on_selector_all(
            "img[data-code]", "nodes => nodes.map(n => n.dataset.code)"
        )
        return codes

    def spied(self) -> list[tuple[str, dict[str, Any]]]:
        """The frames the page's spy hook saw on the current page: (direction, frame)."""
        frames: list[tuple[str, dict[str, Any]]] = self.page.evaluate(
            "() => window.croupierFrames || []"
        )
        return frames

    def close(self) -> None:
        self.context.close()


def enter(browser: Browser, name: str, password: str, viewport: ViewportSize = DESKTOP) -> Person:
    """A person with a fresh browser context, recording the frames of every WebSocket."""
    context = browser.new_context(viewport=viewport)
    # the page's own spy hook (protocol.js): every frame it parsed, in and out
    context.add_init_script(
        "window.croupierSpy = (direction, frame) => "
        "(window.croupierFrames = window.croupierFrames || []).push([direction, frame]);"
    )
    page = context.new_page()
    person = Person(name, password, context, page)

    def record(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: _keep(person.frames_in, payload))
        ws.on("framesent", lambda payload: _keep(person.frames_out, payload))

    page.on("websocket", record)
    page.on("pageerror", lambda error: person.errors.append(str(error)))
    # a script, style or connection the page's security policy refused is an error too
    page.on(
        "console",
        lambda message: (
            person.errors.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text
            else None
        ),
    )
    return person


def _keep(frames: list[dict[str, Any]], payload: str | bytes) -> None:
    text = payload.decode() if isinstance(payload, bytes) else payload
    frames.append(json.loads(text))
