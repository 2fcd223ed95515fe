"""Checking a table log as an inspector does: the chain, the seal, then the rules. Pure: the
caller reads the file.

:func:`check_chain` reads the header and the entry lines (:func:`~croupier.table.log.read_log`)
and checks, in order:

1. the header: its genesis is the hash of its game, table id and options;
2. the hash chain: each entry's hash follows from the one before (a removed, changed, added or
   reordered entry is named: the first whose hash or place is wrong);
3. the seal: a ``table_closed`` entry may only be the last, and it must count the entries before
   it and name the last one's hash. A log without it is *open*: interrupted, or still being
   written; :attr:`ChainReport.cut` says when its last line was cut in the middle of writing.

:func:`replay_entries` then folds the entries through the game's table class (every event
checked again by the game's rules) and reports where an open log ends (round, phase).

A log converted from an older record by ``croupier log migrate`` has a table id starting with
``migrated-`` (covered by the genesis): its chain starts at the migration, so it attests only
that the log is the record as it was migrated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from croupier.errors import RecordError
from croupier.table.actor import Actor
from croupier.table.log import genesis, read_log, verify_chain

if TYPE_CHECKING:
    from croupier.table.base import Table

__all__ = [
    "MIGRATED",
    "ChainReport",
    "LogBroken",
    "TableReport",
    "check_chain",
    "replay_entries",
]

#: the table id prefix of a log made by ``croupier log migrate``
MIGRATED = "migrated-"


class LogBroken(RecordError):
    """The log's chain or seal does not check: an entry was removed, changed, added or
    reordered (the message names the first bad one), or the header was changed."""


@dataclass(frozen=True)
class ChainReport:
    """What the chain check found."""

    header: dict[str, Any]
    entries: list[dict[str, Any]]
    #: the hash of the last entry (the genesis when there is none)
    head: str
    sealed: bool
    #: True when the last line was cut in the middle (left out of ``entries``)
    cut: bool = False

    @property
    def game(self) -> str:
        return str(self.header["game"])

    @property
    def table_id(self) -> str:
        return str(self.header["table"])

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.header["options"])

    @property
    def migrated(self) -> bool:
        return self.table_id.startswith(MIGRATED)


def check_chain(lines: Sequence[bytes | str]) -> ChainReport:
    """Check a table log's header, chain and seal (see the module docstring). Raises
    :class:`RecordError` for a file that is not a table log, :class:`LogBroken` for one whose
    chain or seal does not check."""
    lines = list(lines)
    cut = False
    if lines:
        last = lines[-1]
        text = last.decode(errors="replace") if isinstance(last, bytes) else last
        if text.strip() and not text.endswith("\n") and len(lines) > 1:
            try:
                read_log([lines[0], last])
            except RecordError:
                lines, cut = lines[:-1], True
    header, entries = read_log(lines)
    for name, kind in (("game", str), ("table", str), ("options", dict), ("genesis", str)):
        if not isinstance(header.get(name), kind):
            raise RecordError(name, f"the log's header has no {name} (a damaged header?)")
    expected = genesis(header["game"], header["table"], header["options"])
    if header["genesis"] != expected:
        raise LogBroken(
            "genesis",
            "the header's genesis is not the hash of its game, table and options: the header "
            "was changed",
        )
    try:
        head = verify_chain(expected, entries)
    except RecordError as exc:
        raise LogBroken(exc.field, str(exc)) from None
    sealed = False
    for index, entry in enumerate(entries):
        event = entry.get("event")
        if not (isinstance(event, Mapping) and event.get("type") == "table_closed"):
            continue
        if index != len(entries) - 1:
            raise LogBroken(
                "seal", f"entry seq {entry.get('seq')!r} seals the table but entries follow it"
            )
        before = entries[index - 1]["hash"] if index else expected
        if event.get("entries") != index or event.get("last_hash") != before:
            raise LogBroken(
                "seal",
                f"the seal (entry seq {entry.get('seq')!r}) names {event.get('entries')!r} "
                f"entries and hash {str(event.get('last_hash'))[:16]}..., but {index} entries "
                f"come before it, the last with hash {before[:16]}...",
            )
        sealed = True
    return ChainReport(header, entries, head, sealed, cut)


@dataclass
class TableReport:
    """What replaying a checked log through its table found."""

    table: Table[Any]
    rounds: int
    #: the round the log ends in (None: between rounds)
    open_round: int | None
    #: the table's phase at the end, as its public view says (None: the view has none)
    phase: str | None
    ledger: dict[str, Any] = field(default_factory=dict)
    books_agree: bool = True

    def end(self) -> str:
        """Where the log ends, in words."""
        where = f"in round {self.open_round}" if self.open_round else "between rounds"
        if self.phase:
            where += f" (phase {self.phase})"
        return where


def replay_entries(
    table_class: type[Table[Any]], report: ChainReport, *, source: Any = None
) -> TableReport:
    """Fold the checked entries through ``table_class``: every event checked by the game's
    rules (a :class:`~croupier.errors.CroupierError` names the entry refused)."""
    options = table_class.options_from_dict(report.options)
    table = table_class.replay(
        options, report.entries, table_id=report.table_id, source=source, check_hashes=False
    )
    rounds = table.rounds
    open_round = rounds[-1].number if rounds and not rounds[-1].closed else None
    view = table.view(Actor.OBSERVER)
    phase = view.get("phase") if isinstance(view, Mapping) else None
    return TableReport(
        table,
        sum(1 for r in rounds if r.closed),
        open_round,
        str(phase) if phase is not None else None,
        table.ledger.summary(),
        table.books_agree(),
    )
