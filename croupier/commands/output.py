"""What every command shares to talk to people: the console, errors, JSON, cards, records.

This module sits below every command module and below :mod:`croupier.cli` (which only gathers
the commands), so the commands never import the CLI's entry point. Rich is imported inside the
functions that print with it, so importing this module stays cheap.

Every :class:`~croupier.errors.CroupierError` ends a command with its message on stderr and exit
code :data:`EXIT_ERROR` (:func:`croupier_errors`, :func:`fail`), never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from croupier.errors import CroupierError

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from croupier.cards import Card

__all__ = [
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "by_rank",
    "card_text",
    "cards_text",
    "closed_all",
    "count_of",
    "croupier_errors",
    "fail",
    "interrupted",
    "make_console",
    "nothing_left_open",
    "print_json",
    "prompt_ended",
    "say_error",
    "seed_text",
    "write_record",
]

#: the exit code of a refused command (bad input, a rule, a record that does not check)
EXIT_ERROR = 2
#: the exit code of a session interrupted by Ctrl-C (128 + SIGINT, as a shell reports it)
EXIT_INTERRUPTED = 130


#: whether the command that ran has said it closed everything it opened (:func:`nothing_left_open`)
_CLOSED_ALL: list[bool] = [False]


def nothing_left_open() -> None:
    """Said by a command once it is done, every file it wrote closed and no cluster, server or
    thread of its own left: :func:`croupier.cli.main` then freezes the cyclic collector at exit,
    as for a read-only command (the collection Python runs as it ends would walk every object
    the run left alive to find no garbage that anything waits for)."""
    _CLOSED_ALL[0] = True


def closed_all() -> bool:
    """Whether the command said :func:`nothing_left_open`."""
    return _CLOSED_ALL[0]


def count_of(n: int, noun: str) -> str:
    """``n`` and its noun, plural unless ``n`` is 1.

    >>> count_of(1, "round"), count_of(2, "round"), count_of(0, "entry")
    ('1 round', '2 rounds', '0 entries')
    """
    if n == 1:
        return f"1 {noun}"
    plural = noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
    return f"{n} {plural}"


def seed_text(seed: str) -> str:
    """``--seed`` as given, refused when empty (every command reads a seed alike: an empty one
    is almost always a shell variable that was not set)."""
    if not seed:
        fail("--seed needs some text")
    return seed


def prompt_ended(exc: BaseException) -> bool:
    """Whether ``typer.prompt``'s ``Abort`` was the input's end (EOF) rather than Ctrl-C: Typer
    raises ``Abort`` for both, the cause kept as its context. A session at the prompt is refused
    when its input ends (exit 2) and interrupted by Ctrl-C (exit 130), in every game."""
    return isinstance(exc.__context__, EOFError)


def interrupted(log: Path | None, close: Callable[[], None] | None) -> NoReturn:
    """End a ``play`` session interrupted by Ctrl-C: the table log closed (``close``) and said
    to keep every event so far, unsealed; exit :data:`EXIT_INTERRUPTED`."""
    import typer

    if close is not None:
        close()
        typer.echo(
            f"\nInterrupted: the log {str(log)!r} keeps every event so far and is unsealed "
            "(`croupier replay --allow-open` reads it).",
            err=True,
        )
    raise typer.Exit(EXIT_INTERRUPTED) from None


def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """End the command: ``error: message`` on stderr, exit ``code``."""
    import typer  # here, not at the top: a Dask worker runs chunks without the command line

    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


@contextmanager
def croupier_errors() -> Iterator[None]:
    """Turn a CroupierError into a message on stderr and exit code 2."""
    try:
        yield
    except CroupierError as exc:
        fail(str(exc))


def make_console() -> Console:
    """A Rich console on the current ``sys.stdout`` (made per call: tests swap stdout)."""
    from rich.console import Console

    return Console(file=sys.stdout, highlight=False, soft_wrap=False)


def say_error(console: Console, message: object, hint: str = "") -> None:
    """``error: message[; hint]`` at a prompt, in red. The message may quote what the person
    typed, so it is printed as text, never read as Rich markup (``[/x]`` typed at a prompt is
    an error to show, not a tag)."""
    from rich.markup import escape

    tail = f"; {hint}" if hint else ""
    console.print(f"[red]error:[/red] {escape(str(message) + tail)}", soft_wrap=True)


def print_json(data: dict[str, Any]) -> None:
    """``data`` as indented JSON on stdout (UTF-8 kept as is)."""
    import typer

    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def card_text(card: Card) -> Text:
    """A card in bold, red for hearts and diamonds."""
    from rich.text import Text

    red = card.suit.symbol in "hd"
    return Text(str(card), style="bold red" if red else "bold")


def cards_text(cards: Iterable[Card]) -> Text:
    """Cards separated by spaces, each as :func:`card_text`."""
    from rich.text import Text

    return Text(" ").join(card_text(c) for c in cards)


def by_rank(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Highest rank first (Art 6 of Portaria 51/89/M: A K Q J 10 ... 2), suits in notation
    order."""
    return tuple(sorted(cards, key=lambda c: (-c.rank, c.suit)))


def write_record(path: Path, record: dict[str, Any]) -> None:
    """Write an event log (a game's ``to_record()``) as JSON; an unwritable path is a clean
    error, never a traceback."""
    try:
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write the log {str(path)!r}: {exc.strerror or exc}")
