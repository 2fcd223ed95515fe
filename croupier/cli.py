"""The ``croupier`` command line: the entry point, gathering the commands.

The :data:`app` lives in :mod:`croupier.commands.app` and the helpers every command shares
(console, errors, JSON, cards) in :mod:`croupier.commands.output`; each command group is a
module of :mod:`croupier.commands`, which imports only those two from the CLI layer, never this
module. Importing a command module registers its commands on :data:`app`.

Every :class:`~croupier.errors.CroupierError` ends a command with its message on stderr and exit
code 2, never a traceback. Heavy imports (Rich, NumPy, the games) happen inside the commands so
that starting the CLI stays fast.
"""

from __future__ import annotations

import importlib

from croupier.commands.app import app

__all__ = ["app"]

#: the command modules, in the order ``croupier --help`` lists their commands
COMMAND_MODULES = (
    "deal",  # deal, verify, commit
    "play",
    "simulate",
    "replay",
    "log",
    "table",
    "odds",
    "equity",
    "rank",
    "score",
    "solve",
)

for _name in COMMAND_MODULES:
    importlib.import_module(f"croupier.commands.{_name}")
