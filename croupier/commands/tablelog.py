"""Writing a table's log as it happens: the JSONL table log of :mod:`croupier.table.log`, one
line per entry, flushed and synced to disk when the entry is made, so an interrupted table
(Ctrl-C, a crash, a power cut) leaves a log that replays up to the interruption and says it is
unsealed; a table closed normally ends with its ``table_closed`` seal.

Every ``play`` command writes its ``--log`` with :class:`TableLogWriter`::

    with TableLogWriter.open(log, force=force) as writer:   # refuses an existing file
        table = ...
        writer.follow(table)            # the header, then every entry not yet written
        ... table.apply(...); writer.follow(table)
        table.close(at=...); writer.follow(table)           # the seal

:func:`claim` is the one check every command that writes a record makes first (issue 15
item 8): an existing file is never overwritten unless ``--force`` is given.
"""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Annotated, Any, Self

import typer

from croupier.commands.output import fail

if TYPE_CHECKING:
    from croupier.table.base import Table

__all__ = ["ForceOpt", "TableLogWriter", "claim", "claim_directory", "claim_outputs"]

ForceOpt = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Replace an existing --log file (without it, an existing record is never "
        "overwritten).",
    ),
]


def claim(path: Path, *, force: bool, what: str = "log") -> None:
    """Refuse, before anything is played, to write ``path`` when it exists (unless ``force``)
    or is a directory."""
    if str(path) in ("", "."):
        fail(f"the {what} needs a file name")
    if path.is_dir():
        fail(f"the {what} {str(path)!r} is a directory, not a file")
    if (path.exists() or path.is_symlink()) and not force:
        fail(
            f"the {what} {str(path)!r} exists already: a record is never overwritten "
            "(give --force to replace it, or another file name)"
        )


def claim_directory(path: Path, pattern: str, *, force: bool, what: str) -> None:
    """Refuse a directory that already holds files matching ``pattern`` (unless ``force``)."""
    if path.exists() and not path.is_dir():
        fail(f"the {what} {str(path)!r} is not a directory")
    if path.is_dir() and not force:
        found = sorted(p.name for p in path.glob(pattern))
        if found:
            fail(
                f"the {what} {str(path)!r} already holds {found[0]}"
                f"{f' and {len(found) - 1} more' if len(found) > 1 else ''}: a record is never "
                "overwritten (give --force to replace them, or another directory)"
            )


def claim_outputs(log: Path | None, history: Path | None = None, *, force: bool) -> None:
    """A play command's check before the first card: its ``--log`` file and its ``--history``
    directory (stud's ``hand-NNNN.toml``) are never overwritten unless ``--force``."""
    if log is not None:
        claim(log, force=force)
    if history is not None:
        claim_directory(history, "hand-*.toml", force=force, what="history directory")


class TableLogWriter:
    """A table log being written: the header, then each entry as it happens (flushed and
    ``fsync`` ed), ending with the seal when the table closes."""

    def __init__(self, handle: IO[bytes], path: Path, *, sync: bool = True) -> None:
        self._handle = handle
        self.path = path
        self._sync = sync
        #: entries written so far (the header not counted); -1: the header is not written yet
        self.written = -1
        self._game: tuple[str, str] | None = None

    @classmethod
    def open(cls, path: Path, *, force: bool = False, sync: bool = True) -> Self:
        """Create ``path`` for writing (an existing file is refused unless ``force``); an
        unwritable path ends the command cleanly, before anything is played."""
        claim(path, force=force)
        flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if force else os.O_EXCL)
        try:
            fd = os.open(path, flags, 0o644)
        except FileExistsError:
            fail(f"the log {str(path)!r} exists already (give --force to replace it)")
        except OSError as exc:
            fail(f"cannot write the log {str(path)!r}: {exc.strerror or exc}")
        return cls(os.fdopen(fd, "wb"), path, sync=sync)

    def follow(self, table: Table[Any]) -> int:
        """Write the header (first time) and every entry of ``table`` not written yet; the
        number of entry lines written now."""
        from croupier.table.log import header_line

        key = (table.GAME, table.table_id)
        if self._game is None:
            self._game = key
            self._write(header_line(table.GAME, table.table_id, table.options.to_dict()))
            self.written = 0
        elif key != self._game:
            raise ValueError(f"this log follows {self._game}, not {key}")
        total = table.seq
        if total <= self.written:
            return 0
        lines = b"".join(table.log_lines(self.written))  # only the new entries, encoded once
        count = total - self.written
        self._write(lines)
        self.written = total
        return count

    def _write(self, data: bytes) -> None:
        try:
            self._handle.write(data)
            self._handle.flush()
            if self._sync:
                os.fsync(self._handle.fileno())
        except OSError as exc:
            fail(f"cannot write the log {str(self.path)!r}: {exc.strerror or exc}")

    def close(self) -> None:
        self._handle.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
