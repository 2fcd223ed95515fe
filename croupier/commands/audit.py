"""``croupier audit verify`` (a server's database, or an export offline) and ``croupier audit
export``: re-fold every table and check the record; write a time range of it for inspectors.

Its stack (SQLAlchemy) is imported inside the command only.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Annotated

import typer

from croupier.commands.app import app
from croupier.commands.db import DatabaseOption
from croupier.commands.output import croupier_errors, fail

audit_app = typer.Typer(
    help="Check a server's record: chains, rules, ledger.", no_args_is_help=True
)
app.add_typer(audit_app, name="audit")

GameOption = Annotated[
    list[str] | None,
    typer.Option(
        "--game", help="Load another game's table: NAME=MODULE:TABLE[,MODULE:BOT] (repeatable)."
    ),
]


@audit_app.command("verify")
def verify_command(
    database: DatabaseOption = "sqlite:///croupier.db",
    table: Annotated[
        str | None, typer.Option("--table", help="Only this table (and the house stream).")
    ] = None,
    from_export: Annotated[
        Path | None,
        typer.Option(
            "--from-export",
            help="Check an export directory offline instead of a database (no database read).",
        ),
    ] = None,
    game: GameOption = None,
) -> None:
    """Re-fold every table from its first event, check each hash chain, the rules of every
    event and the ledger against the folds; report the first fault (exit code 1). With
    ``--from-export DIR``: check an export's every line, chain and fold offline."""
    with croupier_errors():
        from croupier.server.catalog import Catalog, parse_extra_game

        extra = {g.name: g for g in (parse_extra_game(text) for text in game or [])}
        if from_export is not None:
            from croupier.server.export import verify_export

            checked = verify_export(from_export, Catalog(extra))
            if not checked.ok:
                fail(f"FAULT: {checked.fault}", code=1)
            typer.echo(
                f"verified export {from_export}: {checked.events} events, "
                f"{checked.transactions} ledger transactions, {checked.tables} table(s) folded "
                "again; every line hash, chain and balance checks"
            )
            return
        from croupier.server.audit import verify
        from croupier.server.db import open_database
        from croupier.server.store import EventStore

        opened = open_database(database, migrate=False)
        try:
            report = verify(EventStore(opened.engine), Catalog(extra), table)
        finally:
            opened.close()
    if not report.ok:
        fail(f"FAULT: {report.fault}", code=1)
    typer.echo(
        f"verified: {report.tables} table(s), {report.events} events, "
        f"{report.transactions} ledger transactions; every chain, rule and balance checks"
    )


def parse_moment(text: str | None, option: str) -> str | None:
    """A stored time (``format_time``) from an ISO 8601 date or date and time (UTC when no
    offset is given), or None."""
    if text is None:
        return None
    from croupier.server.entries import stored_time

    try:
        return stored_time(text)
    except ValueError:
        fail(f"{option} {text!r} is not an ISO 8601 date or time (e.g. 2026-11-25T12:00:00Z)")


@audit_app.command("export")
def export_command(
    out: Annotated[Path, typer.Option("--out", help="The directory to write (created).")],
    database: DatabaseOption = "sqlite:///croupier.db",
    since: Annotated[
        str | None, typer.Option("--since", help="From this time (ISO 8601, UTC), inclusive.")
    ] = None,
    until: Annotated[
        str | None, typer.Option("--until", help="Up to this time (ISO 8601, UTC), exclusive.")
    ] = None,
    table: Annotated[str | None, typer.Option("--table", help="Only this table.")] = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Write over an earlier export in --out (never without it)."),
    ] = False,
) -> None:
    """Write the events and ledger transactions of a time range (or one table) as JSONL and
    CSV with their hashes and a manifest, for ``croupier audit verify --from-export``. An
    existing file, or a directory that holds anything, is never written over without
    ``--force`` (an inspector's earlier export is evidence)."""
    low, high = parse_moment(since, "--since"), parse_moment(until, "--until")
    if out.exists() and not out.is_dir():
        fail(f"--out {out} is a file, not a directory")
    if out.is_dir() and any(out.iterdir()) and not force:
        fail(f"--out {out} is not empty (an earlier export?): choose another or add --force")
    with croupier_errors():
        from croupier.server.db import open_database
        from croupier.server.export import MANIFEST, export
        from croupier.server.store import EventStore

        opened = open_database(database, migrate=False)
        try:
            report = export(EventStore(opened.engine), out, since=low, until=high, table=table)
        finally:
            opened.close()
    digest = hashlib.sha256((out / MANIFEST).read_bytes()).hexdigest()
    typer.echo(
        f"exported to {out}: {report.events} events, {report.transactions} ledger "
        f"transactions, {report.tables} table(s); manifest sha256 {digest}"
    )


@audit_app.command("selfcheck")
def selfcheck_command(
    manifest: Annotated[
        Path | None,
        typer.Option("--manifest", help="Check against this manifest (default: pip's RECORD)."),
    ] = None,
    write_manifest: Annotated[
        Path | None,
        typer.Option(
            "--write-manifest",
            help="Write the manifest of the installed files here (at deployment) instead.",
        ),
    ] = None,
) -> None:
    """Hash (SHA-256) every installed file of croupier and compare with the manifest built at
    install; exit 1 naming what differs."""
    import json

    from croupier.server.integrity import build_manifest, self_check

    if write_manifest is not None:
        data = build_manifest()
        write_manifest.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        typer.echo(f"manifest of {len(data['files'])} files written to {write_manifest}")
        return
    with croupier_errors():
        result = self_check(manifest)
    if not result.ok:
        fail(result.describe(), code=1)
    typer.echo(result.describe())
