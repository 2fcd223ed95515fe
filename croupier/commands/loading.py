"""Modules loaded with no cyclic collection, frozen once loaded in the command line's own
process (issue 22).

A command's modules (Typer's and Click's, a game's) live as long as the process and make no
garbage, but each collection their loading sets off walks every object loaded so far, and the
collections of a long command (a simulation's hands) would walk them again: ~15M of the 538M
instructions ``simulate five-card-stud --hands 1`` took. :func:`loading` turns the collector off
while they load and on again if it was; in the process of the installed ``croupier`` command
(:func:`croupier.cli.main` calls :func:`enter`) what is loaded is then frozen
(:func:`gc.freeze`: no later collection walks it). Anywhere else (a test, a program that
imports a command or runs one in its own process) nothing is frozen: an object alive at a freeze
is never collected again, and a cycle of the caller's left for the collector would never be
freed (the review of issue 22's tenth round).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["enter", "loading"]

#: whether this process is the command line's own (set by :func:`enter`)
_ENTRY: list[bool] = [False]


def enter() -> None:
    """The command line's process starts a command: what it has loaded (the entry point's
    modules) is frozen, and so are the modules :func:`loading` loads from now on."""
    _ENTRY[0] = True
    gc.freeze()


@contextmanager
def loading() -> Iterator[None]:
    """Load modules with the collector off (on again after, if it was); in the command line's
    process, freeze them once loaded."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if _ENTRY[0]:
            gc.freeze()
        if collecting:
            gc.enable()
