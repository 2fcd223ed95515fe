"""The inspector's export of the record, and its offline verification (issue 19).

:func:`export` writes the events and ledger transactions of a time range (and, if asked, one
table) to a directory, each as JSON Lines and as CSV, with the tables they belong to and a
manifest:

================== =================================================================
``manifest.jsonl`` line 1: the format, range and table; then one line per file: its name,
                   its number of lines, its SHA-256 and its last line hash
``events.jsonl``   one event a line: ``pos, stream, seq, type, at, actor, command_id,
                   prev_hash, hash, entry`` (the entry exactly as hashed) and ``line_hash``
``events.csv``     the same, the entry as its canonical JSON text, ``line_hash`` last
``ledger.jsonl``   one transaction a line: ``id, key, stream, seq, kind, memo, at,
                   entries`` and ``line_hash``
``ledger.csv``     one ledger entry a row (the transaction's columns repeated)
``tables.jsonl``   each table the export touches: ``id, game, options, genesis, at, actor,
                   bots`` and ``line_hash``
================== =================================================================

Every line (the manifest's too) carries a **line hash**, chained in its file:
``sha256(previous + text)`` from ``sha256("croupier-export:" + file name)``, where ``text`` is
the line without its hash (the canonical JSON without ``line_hash``, or the CSV row before its
last comma). So changing one byte of any line changes that line's hash, and
:func:`verify_export` names the first line that does not verify (``FAULT: events.jsonl line
17: ...``). On top of the line hashes it checks
what the record itself promises: each event's hash is its stream's link (from the stream's
genesis when the export holds its first event), the columns agree with the hashed entry, the
CSV files say what the JSON files say, every transaction sums to zero and is explained by an
exported event, and each table whose whole stream is exported folds again by its game's rules
to exactly its ledger transactions (:func:`croupier.server.money.table_ledger`).

*What it cannot see alone:* an export rewritten whole, every hash recomputed, verifies; compare
its manifest's SHA-256 or a stream's last hash with the live database's (``/healthz`` shows
nothing of it; ``croupier audit verify`` checks the database itself).
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from croupier.errors import CroupierError
from croupier.server.catalog import Catalog
from croupier.server.entries import canonical, format_ms, link_text
from croupier.server.money import bots_of, table_ledger
from croupier.server.store import HOUSE_GENESIS, EventStore, LedgerTx, TableRow
from croupier.table.log import canonical as _log_canonical
from croupier.table.log import genesis as table_genesis
from croupier.table.sources import LiveSource

__all__ = ["ExportReport", "export", "iter_files", "verify_export"]

FORMAT = "croupier-export"
VERSION = 1
MANIFEST = "manifest.jsonl"
EVENT_COLUMNS = (
    "pos", "stream", "seq", "type", "at", "actor", "command_id", "prev_hash", "hash", "entry",
)  # fmt: skip
LEDGER_COLUMNS = ("id", "key", "stream", "seq", "kind", "memo", "at", "n", "account", "amount")
FILES = ("events.jsonl", "events.csv", "ledger.jsonl", "ledger.csv", "tables.jsonl")


def _canon(value: Any) -> str:
    """The canonical JSON text (the table log's; the record holds no float, the store refused
    them when it was written, so the float scan of :func:`canonical` is not repeated)."""
    return _log_canonical(value).decode()


def _start(name: str) -> str:
    return hashlib.sha256(f"croupier-export:{name}".encode()).hexdigest()


def _link(previous: str, text: str) -> str:
    return hashlib.sha256((previous + text).encode()).hexdigest()


class _Writer:
    """One exported file: lines with chained line hashes, and its SHA-256."""

    def __init__(self, directory: Path, name: str) -> None:
        self.name = name
        self.path = directory / name
        self.handle = self.path.open("wb")
        self.digest = hashlib.sha256()
        self.head = _start(name)
        self.lines = 0

    def _write(self, text: str) -> None:
        data = (text + "\n").encode()
        self.handle.write(data)
        self.digest.update(data)
        self.lines += 1

    def json(self, value: Mapping[str, Any]) -> None:
        text = canonical(dict(value))
        self.head = _link(self.head, text)
        self._write(canonical({**value, "line_hash": self.head}))

    def header(self, columns: Sequence[str]) -> None:
        self._write(",".join((*columns, "line_hash")))

    def row(self, values: Sequence[Any]) -> None:
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="").writerow(["" if v is None else v for v in values])
        text = buffer.getvalue()
        self.head = _link(self.head, text)
        self._write(f"{text},{self.head}")

    def close(self) -> dict[str, Any]:
        self.handle.close()
        return {
            "file": self.name,
            "lines": self.lines,
            "sha256": self.digest.hexdigest(),
            "head": self.head,
        }


@dataclass
class ExportReport:
    """What an export holds, or what its verification found (``fault`` None: it verifies)."""

    events: int = 0
    transactions: int = 0
    tables: int = 0
    folded: list[str] = field(default_factory=list)
    fault: str | None = None

    @property
    def ok(self) -> bool:
        return self.fault is None


def export(
    store: EventStore,
    directory: Path,
    *,
    since: str | None = None,
    until: str | None = None,
    table: str | None = None,
    upto: Mapping[str, int] | None = None,
) -> ExportReport:
    """Write the events and ledger transactions with ``since <= at < until`` (stored times,
    :func:`~croupier.server.entries.format_time`; None: unbounded) of every stream, or of
    table ``table`` only, to ``directory`` (see the module docstring). ``upto``: stream -> the
    last seq of it to write (an inspector's export over the API: nothing of a round in play,
    :func:`croupier.server.recall.inspector_horizon`); a table's stream not in it (a table
    opened after it was made, or by another process) is not written, the house's and the
    cashier's streams are written whole."""
    from sqlalchemy import select

    def last(of: str | None, seq: int) -> int:
        """The last seq of stream ``of`` to write (``seq``: the row's own, for all of it)."""
        if upto is None or of is None:
            return seq
        if of in upto:
            return upto[of]
        return 0 if of.startswith("table:") else seq

    directory.mkdir(parents=True, exist_ok=True)
    events_t, tx_t, entries_t = schema_tables()
    stream = None if table is None else f"table:{table}"
    if table is not None and store.table(table) is None:
        raise CroupierError(f"no table {table!r} in this database")
    report = ExportReport()
    writers = {name: _Writer(directory, name) for name in FILES}
    writers["events.csv"].header(EVENT_COLUMNS)
    writers["ledger.csv"].header(LEDGER_COLUMNS)
    streams: set[str] = set()
    with store.reading() as connection:
        query = select(events_t).order_by(events_t.c.pos)
        query = _ranged(query, events_t.c.at, since, until)
        if stream is not None:
            query = query.where(events_t.c.stream == stream)
        for row in connection.execute(query):
            if row.seq > last(row.stream, row.seq):
                continue
            line = {
                "pos": row.pos,
                "stream": row.stream,
                "seq": row.seq,
                "type": row.type,
                "at": row.at,
                "actor": row.actor,
                "command_id": row.command_id,
                "prev_hash": row.prev_hash,
                "hash": row.hash,
            }
            writers["events.jsonl"].json({**line, "entry": orjson.loads(row.payload)})
            writers["events.csv"].row([*line.values(), row.payload])
            streams.add(row.stream)
            report.events += 1
        query = select(tx_t).order_by(tx_t.c.id)
        query = _ranged(query, tx_t.c.at, since, until)
        if stream is not None:
            query = query.where(tx_t.c.stream == stream)
        heads = [h for h in connection.execute(query) if (h.seq or 0) <= last(h.stream, h.seq or 0)]
        lines: dict[int, list[Any]] = {h.id: [] for h in heads}
        if heads:
            rows = connection.execute(
                select(entries_t)
                .where(entries_t.c.tx_id.in_(list(lines)))
                .order_by(entries_t.c.tx_id, entries_t.c.n)
            )
            for r in rows:
                lines[r.tx_id].append(r)
    for h in heads:
        entries = [[r.account, int(r.amount)] for r in lines[h.id]]
        writers["ledger.jsonl"].json(
            {
                "id": h.id,
                "key": h.key,
                "stream": h.stream,
                "seq": h.seq,
                "kind": h.kind,
                "memo": h.memo,
                "at": h.at,
                "entries": entries,
            }
        )
        for r in lines[h.id]:
            writers["ledger.csv"].row(
                [h.id, h.key, h.stream, h.seq, h.kind, h.memo, h.at, r.n, r.account, r.amount]
            )
        report.transactions += 1
    bots = bots_of(store)
    for opened in store.tables():
        if opened.stream in streams:
            writers["tables.jsonl"].json(_table_line(opened, sorted(bots.get(opened.id, ()))))
            report.tables += 1
    described = [w.close() for w in writers.values()]
    head = {
        "format": FORMAT,
        "version": VERSION,
        "since": since,
        "until": until,
        "table": table,
        "files": len(described),
    }
    writer = _Writer(directory, MANIFEST)
    for line in (head, *described):
        writer.json(line)
    writer.close()
    return report


def schema_tables() -> tuple[Any, Any, Any]:
    from croupier.server import schema

    return schema.events, schema.ledger_tx, schema.ledger_entries


def _ranged(query: Any, column: Any, since: str | None, until: str | None) -> Any:
    if since is not None:
        query = query.where(column >= since)
    if until is not None:
        query = query.where(column < until)
    return query


def _table_line(row: TableRow, bots: list[str]) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "options": row.options,
        "genesis": row.genesis,
        "at": row.at,
        "actor": row.actor,
        "bots": bots,
    }


# -- verification ----------------------------------------------------------------------------


class _Fault(Exception):
    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")


def _json_lines(directory: Path, name: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each line of a JSONL file (1-based number, object without its line hash), checked:
    valid, canonical, its line hash the next link."""
    head = _start(name)
    for number, raw in enumerate(_raw_lines(directory, name), start=1):
        where = f"{name} line {number}"
        try:
            value = orjson.loads(raw)
        except orjson.JSONDecodeError:
            raise _Fault(where, "not valid JSON") from None
        if not isinstance(value, dict) or not isinstance(value.get("line_hash"), str):
            raise _Fault(where, "not an object with its line_hash")
        if _canon(value) != raw:
            raise _Fault(where, "not in canonical form (changed)")
        given = value.pop("line_hash")
        head = _link(head, _canon(value))
        if given != head:
            raise _Fault(where, "its line hash does not follow from its text and the line before")
        yield number, value


def _csv_lines(
    directory: Path, name: str, columns: Sequence[str]
) -> Iterator[tuple[int, list[str]]]:
    head = _start(name)
    rows = iter(enumerate(_raw_lines(directory, name), start=1))
    first = next(rows, None)
    if first is None or first[1] != ",".join((*columns, "line_hash")):
        raise _Fault(f"{name} line 1", "the header is not the export's")
    for number, raw in rows:
        where = f"{name} line {number}"
        text, comma, given = raw.rpartition(",")
        if not comma:
            raise _Fault(where, "no line hash")
        head = _link(head, text)
        if given != head:
            raise _Fault(where, "its line hash does not follow from its text and the line before")
        try:
            values = next(csv.reader([text]))
        except (csv.Error, StopIteration):
            raise _Fault(where, "not a CSV row") from None
        if len(values) != len(columns):
            raise _Fault(where, f"{len(values)} fields, not {len(columns)}")
        yield number, values


def _raw_lines(directory: Path, name: str) -> Iterator[str]:
    path = directory / name
    if not path.is_file():
        raise _Fault(name, "missing")
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        last = data.count(b"\n") + 1
        raise _Fault(f"{name} line {last}", "the file does not end with a newline")
    try:
        text = data.decode()
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise _Fault(f"{name} line {line}", "not UTF-8") from None
    yield from text.split("\n")[:-1]


def verify_export(directory: Path, catalog: Catalog | None = None) -> ExportReport:
    """Check an export offline (see the module docstring); the first fault names its line."""
    report = ExportReport()
    try:
        _verify(directory, catalog or Catalog(), report)
    except _Fault as fault:
        report.fault = str(fault)
    return report


def _verify(directory: Path, catalog: Catalog, report: ExportReport) -> None:
    # 1. the manifest, line by line (chained like every file); then the files it names
    lines = list(_json_lines(directory, MANIFEST))
    if not lines:
        raise _Fault(f"{MANIFEST} line 1", "empty")
    head = lines[0][1]
    if head.get("format") != FORMAT or head.get("version") != VERSION:
        raise _Fault(f"{MANIFEST} line 1", "not a croupier export's manifest")
    described = {}
    for number, d in lines[1:]:
        if d.get("file") not in FILES or d.get("file") in described:
            raise _Fault(f"{MANIFEST} line {number}", f"names an unknown file {d.get('file')!r}")
        described[str(d["file"])] = (number, d)
    missing = [name for name in FILES if name not in described]
    if missing or head.get("files") != len(FILES):
        raise _Fault(f"{MANIFEST} line 1", f"the export lacks {', '.join(missing) or 'files'}")
    # 2. each file's lines (the first changed line is named), then the manifest's figures
    events = {n: v for n, v in _json_lines(directory, "events.jsonl")}
    event_rows = {n: v for n, v in _csv_lines(directory, "events.csv", EVENT_COLUMNS)}
    ledger = {n: v for n, v in _json_lines(directory, "ledger.jsonl")}
    ledger_rows = {n: v for n, v in _csv_lines(directory, "ledger.csv", LEDGER_COLUMNS)}
    tables = {n: v for n, v in _json_lines(directory, "tables.jsonl")}
    for name in FILES:
        number, d = described[name]
        data = (directory / name).read_bytes()
        heads = {
            "lines": data.count(b"\n"),
            "sha256": hashlib.sha256(data).hexdigest(),
            "head": _file_head(directory, name),
        }
        for key, value in heads.items():
            if d.get(key) != value:
                raise _Fault(
                    f"{MANIFEST} line {number}",
                    f"{name}: {key} {d.get(key)!r} in the manifest, {value!r} in the file",
                )
    # 3. what the record promises
    _check_events(events, event_rows, tables, report)
    _check_ledger(ledger, ledger_rows, events, report)
    _fold_tables(events, ledger, tables, catalog, report)


def _is_json(line: str) -> bool:
    try:
        orjson.loads(line)
    except orjson.JSONDecodeError:
        return False
    return True


def _file_head(directory: Path, name: str) -> str:
    """The last line hash of a file whose lines were verified already."""
    head = _start(name)
    if name.endswith(".jsonl"):
        lines = list(_raw_lines(directory, name))
        return str(orjson.loads(lines[-1])["line_hash"]) if lines else head
    lines = list(_raw_lines(directory, name))[1:]
    return lines[-1].rpartition(",")[2] if lines else head


def _check_events(
    events: Mapping[int, dict[str, Any]],
    rows: Mapping[int, list[str]],
    tables: Mapping[int, dict[str, Any]],
    report: ExportReport,
) -> None:
    geneses = {f"table:{t['id']}": (n, t) for n, t in tables.items()}
    for n, t in tables.items():
        if t.get("genesis") != table_genesis(str(t["game"]), str(t["id"]), t["options"]):
            raise _Fault(f"tables.jsonl line {n}", "its genesis does not follow from its options")
    if len(rows) != len(events):
        raise _Fault("events.csv", f"{len(rows)} rows for {len(events)} events in events.jsonl")
    last: dict[str, tuple[int, str]] = {}
    for (n, event), (row_number, row) in zip(events.items(), rows.items(), strict=True):
        where = f"events.jsonl line {n}"
        entry = event.get("entry")
        if not isinstance(entry, dict):
            raise _Fault(where, "no entry")
        text = _canon(entry)
        want = [str(event.get(c)) if event.get(c) is not None else "" for c in EVENT_COLUMNS[:-1]]
        if row != [*want, text]:
            raise _Fault(f"events.csv line {row_number}", f"differs from {where}")
        columns = {
            "seq": entry.get("seq"),
            "type": entry.get("event", {}).get("type"),
            "at": format_ms(entry["at"]) if isinstance(entry.get("at"), int) else None,
            "actor": entry.get("actor"),
            "command_id": entry.get("command_id"),
        }
        for column, hashed in columns.items():
            if event.get(column) != hashed:
                raise _Fault(where, f"column {column} disagrees with the hashed entry")
        if link_text(str(event.get("prev_hash")), text) != event.get("hash"):
            raise _Fault(where, "its hash does not match the entry (the record was changed)")
        stream, seq = str(event.get("stream")), event.get("seq")
        if stream in last:
            before_seq, before_hash = last[stream]
            if seq != before_seq + 1:
                raise _Fault(where, f"{stream} seq {seq} follows seq {before_seq}: a gap")
            if event.get("prev_hash") != before_hash:
                raise _Fault(where, "prev_hash is not the hash of the event before it")
        elif seq == 1:
            start = geneses[stream][1]["genesis"] if stream in geneses else HOUSE_GENESIS
            if event.get("prev_hash") != start:
                raise _Fault(where, f"the first event of {stream} does not chain from its genesis")
        last[stream] = (int(seq) if isinstance(seq, int) else -1, str(event.get("hash")))
        report.events += 1


def _check_ledger(
    ledger: Mapping[int, dict[str, Any]],
    rows: Mapping[int, list[str]],
    events: Mapping[int, dict[str, Any]],
    report: ExportReport,
) -> None:
    flat = [(n, tx, i, e) for n, tx in ledger.items() for i, e in enumerate(tx.get("entries", []))]
    if len(flat) != len(rows):
        raise _Fault("ledger.csv", f"{len(rows)} rows for {len(flat)} entries in ledger.jsonl")
    for (n, tx, i, (account, amount)), (row_number, row) in zip(flat, rows.items(), strict=True):
        want = [tx["id"], tx["key"], tx["stream"], tx["seq"], tx["kind"], tx["memo"], tx["at"]]
        want = [*want, i, account, amount]
        if row != ["" if v is None else str(v) for v in want]:
            raise _Fault(f"ledger.csv line {row_number}", f"differs from ledger.jsonl line {n}")
    explained = {(e["stream"], e["seq"]) for e in events.values()}
    covered = {e["stream"] for e in events.values()}
    for n, tx in ledger.items():
        amounts = [a for _, a in tx.get("entries", [])]
        if len(amounts) < 2 or sum(amounts) != 0:
            raise _Fault(f"ledger.jsonl line {n}", f"transaction {tx.get('key')} does not balance")
        if tx.get("stream") in covered and (tx["stream"], tx.get("seq")) not in explained:
            raise _Fault(f"ledger.jsonl line {n}", "no exported event explains this transaction")
        report.transactions += 1


def _fold_tables(
    events: Mapping[int, dict[str, Any]],
    ledger: Mapping[int, dict[str, Any]],
    tables: Mapping[int, dict[str, Any]],
    catalog: Catalog,
    report: ExportReport,
) -> None:
    """Each table whose stream is exported from its first event: folded by its game's rules,
    its ledger must be exactly the exported transactions of its stream."""
    for n, t in tables.items():
        stream = f"table:{t['id']}"
        lines = [e for e in events.values() if e["stream"] == stream]
        if not lines or lines[0]["seq"] != 1:
            continue
        try:
            cls = catalog.table_class(str(t["game"]))
        except CroupierError:
            continue  # a game this croupier cannot load: its chains were checked above
        entries = [{**e["entry"], "hash": e["hash"]} for e in lines]
        try:
            folded = cls.replay(
                cls.options_from_dict(t["options"]), entries, table_id=str(t["id"]),
                source=LiveSource(),
            )  # fmt: skip
        except CroupierError as exc:
            raise _Fault(
                f"tables.jsonl line {n}", f"table {t['id']} does not fold: {exc}"
            ) from None
        mine = table_ledger(str(t["id"]), folded.ledger.transactions, set(t.get("bots", [])))
        upto = lines[-1]["seq"]
        recorded = [
            (ln, _tx(tx))
            for ln, tx in ledger.items()
            if tx["stream"] == stream and tx["seq"] is not None and tx["seq"] <= upto
        ]
        for i, want in enumerate(mine):
            if i >= len(recorded) or recorded[i][1] != want:
                where = f"ledger.jsonl line {recorded[i][0]}" if i < len(recorded) else stream
                raise _Fault(where, f"the fold of {stream} posts {want.key} here")
        if len(recorded) > len(mine):
            raise _Fault(f"ledger.jsonl line {recorded[len(mine)][0]}", "the fold posts nothing")
        report.tables += 1
        report.folded.append(stream)


def _tx(line: Mapping[str, Any]) -> LedgerTx | None:
    try:
        return LedgerTx(
            str(line["key"]),
            str(line["kind"]),
            tuple((str(a), int(v)) for a, v in line["entries"]),
            str(line.get("memo") or ""),
        )
    except (CroupierError, KeyError, TypeError, ValueError):
        return None


def iter_files(directory: Path) -> Iterable[Path]:
    """The files of an export (for an archive)."""
    return [directory / MANIFEST, *(directory / name for name in FILES)]
