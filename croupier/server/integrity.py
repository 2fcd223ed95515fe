"""The server's integrity checks (issue 19): its own code, and the record, at start and daily.

**Self-check.** Every installed file of the ``croupier`` package is hashed (SHA-256) and compared
with a manifest built at install: the ``RECORD`` that pip writes in the installed
distribution (every file with its hash), or, for a source checkout or an editable install
(whose ``RECORD`` lists no package file), a manifest written at deployment by ``croupier audit
selfcheck --write-manifest FILE`` and given to the server (``--manifest`` or
``CROUPIER_MANIFEST``). A changed, missing or added ``.py`` file is reported on ``/healthz``
(status ``degraded``) and in the log. Without any manifest the check says ``unverified``.

**The record.** ``croupier audit verify`` (:func:`croupier.server.audit.verify`) runs in the
background when the server starts and then every ``integrity_interval`` seconds (a day by
default); its last answer is on ``/healthz``.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import croupier

__all__ = ["SelfCheck", "build_manifest", "check_files", "record_manifest", "self_check"]

PACKAGE = Path(croupier.__file__).resolve().parent
MANIFEST_FORMAT = "croupier-manifest"


@dataclass
class SelfCheck:
    """The self-check's answer: ``status`` ok, changed or unverified."""

    status: str
    source: str | None
    files: int = 0
    changed: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status != "changed"

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "source": self.source,
            "files": self.files,
            "changed": self.changed,
            "missing": self.missing,
            "added": self.added,
        }

    def describe(self) -> str:
        if self.status == "unverified":
            return "self-check: no manifest to check the installed files against"
        if self.status == "ok":
            return f"self-check: {self.files} installed files match {self.source}"
        parts = [
            f"{label}: {', '.join(names[:10])}"
            for label, names in (
                ("changed", self.changed),
                ("missing", self.missing),
                ("added", self.added),
            )
            if names
        ]
        return f"self-check FAILED against {self.source}: " + "; ".join(parts)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _package_files(root: Path) -> list[str]:
    return sorted(
        p.relative_to(root).as_posix()
        for p in root.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )


def build_manifest(root: Path = PACKAGE) -> dict[str, Any]:
    """The manifest of the package at ``root``: every file (no caches) with its SHA-256."""
    return {
        "format": MANIFEST_FORMAT,
        "version": croupier.__version__,
        "files": {name: _digest(root / name) for name in _package_files(root)},
    }


def check_files(root: Path, expected: Mapping[str, str], source: str) -> SelfCheck:
    """Compare the files under ``root`` with ``expected`` (relative path -> SHA-256 hex); a
    ``.py`` file not in the manifest counts as added (code the manifest does not know)."""
    result = SelfCheck("ok", source, files=len(expected))
    for name, want in sorted(expected.items()):
        path = root / name
        if not path.is_file():
            result.missing.append(name)
        elif _digest(path) != want:
            result.changed.append(name)
    known = set(expected)
    result.added = [n for n in _package_files(root) if n.endswith(".py") and n not in known]
    if result.changed or result.missing or result.added:
        result.status = "changed"
    return result


def record_manifest(dist: Any = None) -> tuple[Path, dict[str, str]] | None:
    """The installed distribution's RECORD (``dist``, default croupier's) as (package root,
    relative path -> SHA-256 hex), or None when it lists no file of the package (an editable
    install, a checkout)."""
    from importlib import metadata

    if dist is None:
        try:
            dist = metadata.distribution("croupier")
        except metadata.PackageNotFoundError:
            return None
    expected: dict[str, str] = {}
    for item in dist.files or ():
        if item.parts[:1] != ("croupier",) or item.hash is None or item.hash.mode != "sha256":
            continue
        raw = base64.urlsafe_b64decode(item.hash.value + "=" * (-len(item.hash.value) % 4))
        expected["/".join(item.parts[1:])] = raw.hex()
    if not expected:
        return None
    root = Path(str(dist.locate_file("croupier"))).resolve()
    return root, expected


def self_check(manifest: Path | None = None, root: Path = PACKAGE) -> SelfCheck:
    """The installed package against ``manifest`` (a file of :func:`build_manifest`), else the
    distribution's RECORD, else ``unverified``."""
    if manifest is not None:
        data = json.loads(manifest.read_text())
        if data.get("format") != MANIFEST_FORMAT or not isinstance(data.get("files"), dict):
            return SelfCheck("changed", str(manifest), changed=["(not a croupier manifest)"])
        return check_files(root, data["files"], str(manifest))
    recorded = record_manifest()
    if recorded is None:
        return SelfCheck("unverified", None)
    record_root, expected = recorded
    return check_files(record_root, expected, "the installed distribution's RECORD")
