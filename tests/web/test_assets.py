"""The web tables' static files: the SVG cards and tiles are exactly what the project's script
draws, one per card of the 52-card deck and per Mah-Jong tile kind, each a well-formed SVG with a
name in words; the vendored libraries are the files their notes name."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from croupier.cards import Deck
from croupier.server.web import STATIC
from croupier.tiles import KINDS

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "make_svg_assets.py"
SVG = "{http://www.w3.org/2000/svg}"


def test_shipped_svgs_are_what_the_script_draws(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(SCRIPT), "--out", str(tmp_path)], check=True)
    drawn = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.svg"))
    shipped = sorted(
        p.relative_to(STATIC) for d in ("cards", "tiles") for p in (STATIC / d).glob("*.svg")
    )
    assert drawn == shipped
    changed = [str(p) for p in drawn if (tmp_path / p).read_bytes() != (STATIC / p).read_bytes()]
    assert not changed, f"edited by hand or not regenerated: {changed}"


def test_one_card_face_per_card_of_the_deck_and_a_back() -> None:
    names = {p.stem for p in (STATIC / "cards").glob("*.svg")}
    assert names == {str(c) for c in Deck.STANDARD_52.cards} | {"back"}
    assert len(names) == 53


def test_one_tile_face_per_tile_kind_and_a_back() -> None:
    names = {p.stem for p in (STATIC / "tiles").glob("*.svg")}
    assert names == {str(t) for t in KINDS} | {"back"}
    assert len(names) == 35


@pytest.mark.parametrize("folder", ["cards", "tiles"])
def test_every_face_is_an_svg_with_a_name_in_words(folder: str) -> None:
    titles = set()
    for path in (STATIC / folder).glob("*.svg"):
        root = ET.fromstring(path.read_bytes())
        assert root.tag == f"{SVG}svg", path
        assert root.get("role") == "img" and root.get("viewBox"), path
        title = root.find(f"{SVG}title")
        assert title is not None and title.text, path
        titles.add(title.text)
        text = path.read_text()
        assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', ""), path
        assert "<image" not in text and "<script" not in text, path
    assert len(titles) == len(list((STATIC / folder).glob("*.svg"))), "two faces share a name"


def test_card_names_read_as_words() -> None:
    title = ET.fromstring((STATIC / "cards" / "Td.svg").read_bytes()).find(f"{SVG}title")
    assert title is not None and title.text == "ten of diamonds"
    title = ET.fromstring((STATIC / "tiles" / "F.svg").read_bytes()).find(f"{SVG}title")
    assert title is not None and title.text == "green dragon"


def test_vendored_files_are_the_ones_their_notes_name() -> None:
    notes = {
        STATIC / "vendor" / "README.md": STATIC / "vendor" / "htmx" / "htmx.min.js",
        ROOT / "tests" / "web" / "vendor" / "axe-core" / "README.md": ROOT
        / "tests"
        / "web"
        / "vendor"
        / "axe-core"
        / "axe.min.js",
    }
    for note, path in notes.items():
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        assert re.search(digest, note.read_text()), f"{path.name}: its sha256 is not in {note}"
        assert (path.parent / "LICENSE").is_file()


def test_no_static_file_loads_anything_from_another_host() -> None:
    for path in STATIC.rglob("*"):
        if path.suffix in {".js", ".css", ".html"} and "vendor" not in path.parts:
            text = path.read_text()
            assert not re.search(r"(src|href)\s*=\s*[\"']?(https?:)?//", text), path
            assert not re.search(r"url\(\s*[\"']?(https?:)?//", text), path
            assert not re.search(r"import[^;]*[\"']https?://", text), path
