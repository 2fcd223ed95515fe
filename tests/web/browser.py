"""Playwright on Debian's Chromium for the web tables' tests.

Playwright's own browser download cannot work here, so the tests drive ``/usr/bin/chromium``
(``apt-get install -y chromium``; ``.ci/run`` installs it when missing). Without it the browser
tests skip on a developer's machine and fail in CI (``CI`` or ``CROUPIER_REQUIRE_BROWSER`` set):
a missing browser must never pass silently there.

:class:`StaticServer` serves the web package's static folder (and any extra pages) on a free
loopback port from a thread, for the tests of the pages' modules without the table server.
"""

from __future__ import annotations

import http.server
import os
import socketserver
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from croupier.server.web import STATIC

CHROMIUM = Path(os.environ.get("CROUPIER_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

#: viewport sizes the pages are checked at
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 360, "height": 740}


def browser_required() -> bool:
    return bool(os.environ.get("CI") or os.environ.get("CROUPIER_REQUIRE_BROWSER"))


def require_chromium() -> None:
    """Skip (on a developer's machine) or fail (in CI) when Chromium or Playwright is missing."""
    problem = None
    if not CHROMIUM.exists():
        problem = f"{CHROMIUM} is missing (apt-get install -y chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "playwright is not installed (pip install -e '.[browser]')"
    if problem is None:
        return
    if browser_required():
        pytest.fail(f"the browser tests need Chromium and Playwright: {problem}", pytrace=False)
    pytest.skip(f"browser tests: {problem}")


class _Handler(http.server.SimpleHTTPRequestHandler):
    pages: Mapping[str, str] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, directory=str(STATIC), **kwargs)

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0]
        if path.startswith("/static/"):
            return super().translate_path(path[len("/static") :])
        return str(STATIC / "__nothing__")

    def do_GET(self) -> None:
        page = self.pages.get(self.path.split("?", 1)[0])
        if page is not None:
            body = page.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def guess_type(self, path: Any) -> str:
        if str(path).endswith(".js"):
            return "text/javascript"
        return super().guess_type(path)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class StaticServer:
    """The static folder under ``/static/`` and ``pages`` (path -> HTML) on 127.0.0.1."""

    def __init__(self, pages: Mapping[str, str]) -> None:
        handler = type("Handler", (_Handler,), {"pages": dict(pages)})
        self.httpd = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> StaticServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)
