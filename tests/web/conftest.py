"""Fixtures of the browser tests: one Chromium for the session, a fresh context per person."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from .browser import AXE, CHROMIUM, CHROMIUM_ARGS, DESKTOP, StaticServer, require_chromium

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

HARNESS = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>croupier table view harness</title>
<link rel="stylesheet" href="/static/css/croupier.css"></head>
<body><main><h1>Table view</h1><div id="table"></div></main>
<script type="module">
import { TableView } from "/static/js/table-view.js";
window.sent = [];
window.checks = [];
window.makeView = (ctx) => {
  window.tv = new TableView(document.getElementById("table"), {
    ...ctx,
    send: async (command) => {
      window.sent.push(command);
      return window.answer || { ok: true, seq: 1 };
    },
    api: {
      checkSetting: async (tiers) => {
        window.checks.push(tiers);
        return window.checkAnswer || { fouled: false };
      },
      hintSetting: async () => window.hintAnswer,
    },
  });
};
window.harnessReady = true;
</script>
</body>
</html>
"""


# Module scope: while Playwright's sync API is open the thread has a running event loop, and the
# server's tests (asyncio.run) may run after a web module in the same process (pytest-xdist)
@pytest.fixture(scope="module")
def playwright_session() -> Iterator[Playwright]:
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    browser = playwright_session.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
    )
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def static_server() -> Iterator[StaticServer]:
    with StaticServer({"/harness": HARNESS}) as server:
        yield server


@pytest.fixture
def harness(browser: Browser, static_server: StaticServer) -> Iterator[Page]:
    """A page with the table view's modules loaded; ``makeView(ctx)`` builds one."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{static_server.url}/harness")
    page.wait_for_function("window.harnessReady === true")
    yield page
    context.close()
    assert not errors, f"errors in the page: {errors}"


def axe_violations(page: Page, impacts: tuple[str, ...] = ("serious", "critical")) -> list[Any]:
    """axe-core's violations of the page (injected from the vendored file, never a CDN)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # evaluated by the browser's devtools protocol: the pages' security policy (scripts from
        # this site only) is kept, and axe-core is still never fetched from anywhere
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    result: dict[str, Any] = page.evaluate(
        "async () => await axe.run(document, {resultTypes: ['violations']})"
    )
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [n["target"] for n in v["nodes"]][:5],
        }
        for v in result["violations"]
        if v["impact"] in impacts
    ]
