"""``croupier replay FILE``: a table's record read back, its chain and seal checked, every event
checked again against the game's rules.

A **table log** (``croupier-table-log``, JSON Lines: what ``table run --log`` and every
``play --log`` write) is checked as an inspector does (:mod:`croupier.table.audit`): the header,
the hash chain (naming the first entry removed, changed, added or reordered), the seal, then
every event through the game's table class from the registry. The exit code says what was
found:

* 0: sealed, and every entry checks;
* 2: not a record this command reads (no file, an empty path, not JSON, an unknown game);
* 3: the log is open (interrupted, or still being written): where it ends is reported; give
  ``--allow-open`` to accept it;
* 4: the record does not check: its chain or seal is broken, or the rules refuse an event.

A log made by ``croupier log migrate`` (table id ``migrated-...``) has its chain and seal
checked, then its record replayed by the game's own record replay. An **old record** (one JSON
document ``{"game", "options", "events"}``, from before table logs) has no chain: while a game's
``play --log`` still writes such records (:data:`OLD_RECORDS_ACCEPTED`), they are replayed as
before with a warning; otherwise they are refused with the ``log migrate`` command to run. A
``.toml`` file is one five-card stud hand's history.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from croupier.commands.app import app
from croupier.commands.output import count_of, croupier_errors, fail, make_console, print_json

if TYPE_CHECKING:
    from croupier.table.audit import ChainReport

__all__ = [
    "EXIT_BROKEN",
    "EXIT_OPEN",
    "OLD_RECORDS_ACCEPTED",
    "is_table_log",
    "read_record_file",
    "replay_banking_record",
    "replay_old_record",
]

EXIT_OPEN = 3
EXIT_BROKEN = 4

#: the games whose ``play --log`` still writes an old record (no chain, no seal), by their
#: records' game names: ``replay`` accepts those records with a warning. A game leaves this set
#: when its play writes a table log (:class:`croupier.commands.tablelog.TableLogWriter`); its
#: old records must then be converted with ``croupier log migrate``. Every game has left it:
#: the 13-card game, Mah-Jong, five-card stud and the banking games write table logs.
#: (A stud hand history, ``play --history``'s ``.toml``, is an export, not a log: it is always
#: read, with the warning that it has no chain.)
OLD_RECORDS_ACCEPTED: frozenset[str] = frozenset()

MAX_RECORD_BYTES = 1 << 30


def read_record_file(text: str, what: str = "record") -> tuple[Path, bytes]:
    """The path and bytes of the file named ``text``; a clean error for an empty name, a
    directory, a missing or unreadable file."""
    if not text.strip():
        fail(f"cannot read the {what}: no {what} file given (the path is empty)")
    path = Path(text)
    if path.is_dir():
        fail(f"cannot read the {what} {text!r}: it is a directory, not a {what} file")
    try:
        if path.stat().st_size > MAX_RECORD_BYTES:
            fail(f"the {what} {text!r} is larger than a record can be ({MAX_RECORD_BYTES} bytes)")
        return path, path.read_bytes()
    except FileNotFoundError:
        fail(f"cannot read the {what} {text!r}: no such file")
    except OSError as exc:
        fail(f"cannot read the {what} {text!r}: {exc.strerror or exc}")


def is_table_log(data: bytes) -> bool:
    from croupier.table.log import FORMAT

    first = data.lstrip().split(b"\n", 1)[0]
    try:
        head = json.loads(first)
    except ValueError:
        return False
    return isinstance(head, dict) and head.get("format") == FORMAT


@app.command()
def replay(
    record: Annotated[
        str,
        typer.Argument(
            help="A table log (`table run --log`, `play --log`, `log migrate`), an old game "
            "record, or a stud hand history (.toml).",
            show_default=False,
        ),
    ],
    allow_open: Annotated[
        bool,
        typer.Option(
            "--allow-open",
            help="Accept a log without its closing seal (interrupted or still being written): "
            "exit 0 instead of 3.",
        ),
    ] = False,
    expect_digest: Annotated[
        str | None,
        typer.Option(
            "--expect-digest",
            help="Fail unless the record has this digest, as published (a table log: the hash "
            "of its last entry).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Replay a table's record: the hash chain and the seal checked, then every event against
    the rules. Exit 0 sealed and sound, 3 open (no seal; --allow-open accepts it), 4 broken
    (an entry removed, changed or reordered, or refused by the rules), 2 unreadable."""
    path, data = read_record_file(record)
    if is_table_log(data):
        _replay_table_log(path, data, allow_open, expect_digest, as_json)
        return
    if path.suffix.lower() == ".toml":
        _old_record_warning(path, "five-card-stud", "a stud hand history", export=True)
        from croupier.commands.play_stud import replay_stud

        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            fail(f"the hand history {record!r} is not UTF-8 text")
        replay_stud(text, expect_digest, as_json)
        return
    old = _read_old_record(record, data)
    _old_record_warning(path, str(old.get("game")), "an old game record")
    replay_old_record(old, expect_digest, as_json)


def _read_old_record(name: str, data: bytes) -> dict[str, Any]:
    try:
        old = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        fail(
            f"cannot read the record {name!r}: it is not a croupier record, neither a table log "
            "(JSON Lines with a croupier-table-log header) nor a game record (JSON)"
        )
    if not isinstance(old, dict):
        fail(f"the record {name!r} is not a JSON object (a croupier record names its game)")
    if "game" not in old:
        fail(f"the record {name!r} names no game")
    return old


def _old_record_warning(path: Path, game: str, what: str, *, export: bool = False) -> None:
    """Refuse an old record of a game that writes table logs now; warn about the others (and
    about an ``export``, a record that is never a log)."""
    from croupier.table.migrate import LEGACY_GAMES

    if game not in LEGACY_GAMES:
        _unknown_game(game)
    if game not in OLD_RECORDS_ACCEPTED and not export:
        fail(
            f"{str(path)!r} is {what}, written before sealed logs existed: it has no hash "
            "chain, so nothing shows that no event was removed or changed. Convert it with "
            f"`croupier log migrate {path} NEW.log` (the chain then starts at the migration)."
        )
    typer.echo(
        f"warning: {str(path)!r} is {what} without a hash chain or seal: its events are "
        "checked against the rules, but nothing shows that none was removed or changed "
        f"(`croupier log migrate {path} NEW.log` converts it).",
        err=True,
    )


def _unknown_game(game: str) -> NoReturn:
    from croupier.table.registry import games_supporting

    games = ", ".join(games_supporting("replay"))
    fail(f"unknown game {game!r} in the record; the games are: {games}")


def replay_old_record(data: Mapping[str, Any], expect_digest: str | None, as_json: bool) -> None:
    """Replay an old game record (or one restored from a migrated log) by its game's own
    record replay, which prints its summary."""
    from croupier.errors import CroupierError
    from croupier.table.registry import game_of_record

    try:
        info = game_of_record(data.get("game"))
    except CroupierError:
        _unknown_game(str(data.get("game")))
    info.record_replay(data, expect_digest, as_json)


def replay_banking_record(
    data: Mapping[str, Any], expect_digest: str | None, as_json: bool
) -> None:
    """Replay an old record of a banking game (the registry's ``record_replay`` of both)."""
    from croupier.commands.play_banking import _render_totals, _spec
    from croupier.commands.replay_banking import replay_summary

    with croupier_errors():
        spec = _spec(str(data.get("game", "")))
        table = spec.from_record(data)
        summary = replay_summary(spec.name, table, expect_digest)
        if as_json:
            print_json(summary)
            return
        console = make_console()
        console.print(
            f"[bold]{spec.title}[/bold]: {count_of(summary['events'], 'event')}, "
            f"{count_of(summary['rounds'], 'round')}; "
            "every event checked against the rules."
        )
        _render_totals(console, table, 2)


# -- table logs ---------------------------------------------------------------------------


def _replay_table_log(
    path: Path, data: bytes, allow_open: bool, expect_digest: str | None, as_json: bool
) -> None:
    from croupier.errors import CroupierError
    from croupier.table.audit import LogBroken, check_chain

    try:
        chain = check_chain(data.splitlines(keepends=True))
    except LogBroken as exc:
        fail(f"{str(path)!r}: the log does not check: {exc}", EXIT_BROKEN)
    except CroupierError as exc:
        fail(f"{str(path)!r}: {exc}")
    summary: dict[str, Any] = {
        "file": str(path),
        "game": chain.game,
        "table": chain.table_id,
        "entries": len(chain.entries),
        "sealed": chain.sealed,
        "head": chain.head,
    }
    if chain.cut:
        summary["cut"] = True
    if chain.migrated:
        _replay_migrated(chain, summary, expect_digest, as_json)
        return
    from croupier.table.registry import game

    with croupier_errors():
        info = game(chain.game)
    try:
        table_class = info.table
    except (ImportError, AttributeError):
        fail(
            f"{info.name}: its table is not available in this version, so its log cannot be "
            "replayed"
        )
    from croupier.table.audit import replay_entries

    try:
        report = replay_entries(table_class, chain)
    except CroupierError as exc:
        fail(f"{str(path)!r}: the rules refuse the log: {exc}", EXIT_BROKEN)
    summary |= {
        "rounds": report.rounds,
        "open_round": report.open_round,
        "phase": report.phase,
        "ledger": report.ledger,
        "books_agree": report.books_agree,
    }
    if not chain.sealed:
        summary["ends"] = report.end()
    decimals = getattr(getattr(report.table, "options", None), "decimals", 0)
    _finish(
        summary,
        allow_open,
        expect_digest,
        as_json,
        title=info.title,
        decimals=decimals if isinstance(decimals, int) else 0,
    )


def _replay_migrated(
    chain: ChainReport, summary: dict[str, Any], expect_digest: str | None, as_json: bool
) -> None:
    """A migrated log: the chain and seal are checked; the record it holds is replayed by the
    game's record replay (whose digest is the record's own, as published before migration)."""
    from croupier.table.migrate import restore_record

    if not chain.sealed:
        fail(
            f"{summary['file']!r} is a migrated log without its seal: it was cut after the "
            "migration, so the record it held cannot be restored",
            EXIT_BROKEN,
        )
    with croupier_errors():
        record = restore_record(chain.entries)
    first = chain.entries[0]["event"]
    summary["migrated"] = {"origin": first.get("origin"), "sha256": first.get("sha256")}
    if as_json:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            replay_old_record(record, expect_digest, True)
        print_json({**summary, "record": json.loads(out.getvalue())})
        return
    console = make_console()
    console.print(
        f"Migrated log of {chain.game}: chain and seal check over {summary['entries']} entries "
        f"(the chain starts at the migration of a file with SHA-256 {first.get('sha256')})."
    )
    replay_old_record(record, expect_digest, False)


def _open(summary: dict[str, Any], allow_open: bool, as_json: bool) -> None:
    if allow_open:
        return
    where = summary.get("ends", "after its last entry")
    cut = " (its last line was cut mid-write)" if summary.get("cut") else ""
    if as_json:
        print_json(summary)
    fail(
        f"{summary['file']!r} is not sealed: the log ends {where}, at entry "
        f"{summary['entries']}{cut}: interrupted or still being written (--allow-open "
        "accepts it)",
        EXIT_OPEN,
    )


def _finish(
    summary: dict[str, Any],
    allow_open: bool,
    expect_digest: str | None,
    as_json: bool,
    *,
    title: str,
    decimals: int = 0,
) -> None:
    if expect_digest is not None and expect_digest.strip().lower() != summary["head"]:
        fail(
            f"the log's last hash is {summary['head']}, not the expected {expect_digest}",
            EXIT_BROKEN,
        )
    if not summary["sealed"]:
        _open(summary, allow_open, as_json)
    if as_json:
        print_json(summary)
        return
    console = make_console()
    state = "sealed" if summary["sealed"] else f"open: it ends {summary.get('ends')}"
    console.print(
        f"[bold]{title}[/bold], table {summary['table']!r}: "
        f"{count_of(summary['entries'], 'entry')}, {count_of(summary['rounds'], 'round')}; "
        f"chain checked, [bold]{state}[/bold]; every event checked "
        "against the rules."
    )
    from croupier.money import format_money

    def cash(units: int) -> str:  # as a cashier writes it, with the table's decimals
        return format_money(units, decimals=decimals)

    ledger = summary["ledger"]
    players = ", ".join(f"{p} {cash(v)}" for p, v in ledger["players"].items()) or "none"
    console.print(
        f"Ledger: balanced {ledger['balanced']}, books agree {summary['books_agree']}; "
        f"house {cash(ledger['house'])}, commission {cash(ledger['commission'])}, in play "
        f"{cash(ledger['in_play'])} (the house's net, as `play` totals it: "
        f"{cash(ledger['house'] + ledger['commission'])}); players: {players}"
    )
    console.print(f"Last hash: {summary['head']}", soft_wrap=True)
