"""The web tables: pages for every role, served by ``croupier serve``.

``templates/`` holds the Jinja2 pages and ``static/`` what the browser loads as it is (no build
step, nothing from a CDN): the stylesheet, small ES modules (the WebSocket protocol client, the
generic renderer of a table's ``view`` and ``legal`` offers, one layout per game), htmx (vendored
with its licence) and the SVG cards and tiles drawn by ``scripts/make_svg_assets.py``.
See ``docs/web.md``.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["STATIC", "TEMPLATES"]

#: the folder of the files served as they are under ``/static/``
STATIC = Path(__file__).parent / "static"
#: the folder of the Jinja2 templates
TEMPLATES = Path(__file__).parent / "templates"
