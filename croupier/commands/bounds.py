"""The bounds of the command line's numbers (issue 15 item 3): every numeric option has an
allowed range, said in its ``--help`` and named by the error that refuses a value outside it,
so that a typo (``--decks 10000000``, ``--rounds 1000000000000``) is refused at once instead of
running for hours or filling the memory.

The bounds of a table (decks, places, seats) are the options classes' own (the games check them
and name the article); the ones here are the command line's: how much work one command may be
asked for. :func:`bounded` checks a value against one of them (the error: ``--rounds
1000000000000: allowed 1 to 10,000 rounds``):

>>> bounded("--rounds", 5, ROUNDS_PLAY), ROUNDS_PLAY.text
(5, '1 to 10,000 rounds')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from croupier.commands.output import fail

__all__ = [
    "BOTS_BANKING",
    "BOT_DELAY_MS",
    "DECKS",
    "EQUITY_LIMIT",
    "FUZZ",
    "GAMES_SIMULATE",
    "HANDS_PLAY",
    "HANDS_SIMULATE",
    "NONCE",
    "PORT",
    "POSITIONS",
    "ROUNDS_ODDS",
    "ROUNDS_PLAY",
    "ROUNDS_SIMULATE",
    "WORKERS",
    "Bound",
    "bounded",
]


@dataclass(frozen=True)
class Bound:
    """An allowed range ``low..high`` of a count of ``what``."""

    low: int
    high: int
    what: str

    @property
    def text(self) -> str:
        """``1 to 10,000 rounds``."""
        return f"{self.low:,} to {self.high:,} {self.what}".rstrip()

    def help(self, text: str) -> str:
        """``text`` with the range appended, for ``--help``."""
        return f"{text} Allowed: {self.text}."

    def check(self, flag: str) -> Callable[[int | None], int | None]:
        """A Typer callback refusing a value of ``flag`` outside the range (as
        :func:`bounded`), for an option checked before the command runs."""

        def callback(value: int | None) -> int | None:
            return bounded(flag, value, self)

        return callback


#: decks of a banking game's shoe (the options classes' engine limit; football poker from 6)
DECKS: Final = Bound(1, 16, "decks (football poker: 6 to 16)")
#: player places of a banking game; the options class then checks that a round fits the shoe
POSITIONS: Final = Bound(1, 100, "places (and as many as a round fits in the shoe)")
#: rounds of ``play`` (each is printed)
ROUNDS_PLAY: Final = Bound(1, 10_000, "rounds")
#: hands of ``play five-card-stud``
HANDS_PLAY: Final = Bound(1, 10_000, "hands")
#: bots of ``play`` at a banking table
BOTS_BANKING: Final = Bound(0, 16, "bots")
#: rounds of ``simulate`` of a banking game (about 5,000 a second: ten million is half an hour)
ROUNDS_SIMULATE: Final = Bound(2, 10_000_000, "rounds")
#: hands of ``simulate five-card-stud``
HANDS_SIMULATE: Final = Bound(1, 1_000_000, "hands")
#: games of ``simulate mahjong``
GAMES_SIMULATE: Final = Bound(1, 100_000, "games")
#: fuzzed points of a game in ``simulate mahjong``
FUZZ: Final = Bound(0, 1_000, "points a game")
#: worker processes
WORKERS: Final = Bound(1, 256, "workers")
#: rounds of ``odds thirteen``'s simulation (0: the exact naturals only)
ROUNDS_ODDS: Final = Bound(0, 1_000_000, "rounds")
#: a provably fair deal's nonce (a 63-bit counter)
NONCE: Final = Bound(0, 2**63 - 1, "")
#: ``serve --port`` (0: a free port chosen by the system)
PORT: Final = Bound(0, 65_535, "")
#: ``serve --bot-delay-ms``
BOT_DELAY_MS: Final = Bound(0, 60_000, "ms")
#: ``serve --integrity-interval`` (0: no background audit; at most 31 days between runs)
INTEGRITY_INTERVAL: Final = Bound(0, 31 * 86_400, "seconds")
#: ``serve --max-connections``: open WebSocket connections
MAX_CONNECTIONS: Final = Bound(1, 100_000, "connections")
#: ``serve --idle-timeout`` (seconds; a day at most)
IDLE_TIMEOUT: Final = Bound(1, 86_400, "seconds")
#: ``serve --max-queued-frames``: frames queued for one connection
MAX_QUEUED_FRAMES: Final = Bound(1, 1_000_000, "frames")
#: ``serve --send-buffer-kib``: the kernel's send buffer of a connection
SEND_BUFFER_KIB: Final = Bound(4, 65_536, "KiB")
#: ``equity --limit``: steps of 10-20 ns, so at most a few minutes
EQUITY_LIMIT: Final = Bound(1, 10_000_000_000, "steps")


def bounded(flag: str, value: int | None, bound: Bound) -> int | None:
    """``value`` (None: not given) when it lies in ``bound``; otherwise the command ends with
    an error naming the flag, the value and the allowed range."""
    if value is None:
        return None
    if not bound.low <= value <= bound.high:
        fail(f"{flag} {value}: allowed {bound.text}")
    return value
