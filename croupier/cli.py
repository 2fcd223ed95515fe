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

from croupier.commands import deal as _deal_commands  # noqa: F401
from croupier.commands import equity as _equity_commands  # noqa: F401
from croupier.commands import odds as _odds_commands  # noqa: F401
from croupier.commands import play as _play_commands  # noqa: F401
from croupier.commands import rank as _rank_commands  # noqa: F401
from croupier.commands import replay as _replay_commands  # noqa: F401
from croupier.commands import score as _score_commands  # noqa: F401
from croupier.commands import simulate as _simulate_commands  # noqa: F401
from croupier.commands import solve as _solve_commands  # noqa: F401
from croupier.commands.app import app

__all__ = ["app"]
