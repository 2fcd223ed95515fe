"""The time left to act, at the prompt of ``croupier play five-card-stud`` (issue 15 item 18).

Art 11 b gives a player two minutes to decide; the table folds his hand once more have passed.
:class:`Countdown` shows the time left above the prompt: on a terminal, a Rich line rewritten
in place every half second (the cursor saved and restored around it, so what is being typed on
the prompt's line is left alone), red with a warning from 30 seconds; elsewhere (a pipe, a test)
the line is printed once each time the prompt is shown, with the warning when 30 seconds or less
are left.

>>> time_left(119_400), time_left(30_000), time_left(-5)
('1:59', '0:30', '0:00')
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

__all__ = ["WARN_AT_MS", "Countdown", "time_left"]

#: the warning comes when this much time is left
WARN_AT_MS: Final = 30_000
#: how often a terminal's line is rewritten
TICK_S: Final = 0.5


def time_left(ms: int) -> str:
    """``m:ss`` of ``ms`` milliseconds (whole seconds, never below zero)."""
    seconds = max(0, ms) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


class Countdown:
    """The time left until ``deadline`` (ms of the session clock ``now``), shown while the
    prompt waits (a context manager around the prompt). ``rule`` names the article."""

    def __init__(
        self,
        console: Console,
        deadline: int | None,
        now: Callable[[], int | None],
        rule: str = "Art 11 b",
        *,
        live: bool | None = None,
    ) -> None:
        self.console = console
        self.deadline = deadline
        self.now = now
        self.rule = rule
        #: rewrite the line in place (default: when the console is a terminal)
        self.live = console.is_terminal if live is None else live
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def left(self) -> int | None:
        """Milliseconds left (None: no limit, or no clock)."""
        at = self.now()
        if self.deadline is None or at is None:
            return None
        return self.deadline - at

    def line(self) -> Text:
        from rich.text import Text

        left = self.left()
        if left is None:
            return Text("")
        text = f"{time_left(left)} left to act ({self.rule})"
        if left <= WARN_AT_MS:
            return Text(f"{text}: hurry, after that your hand is folded", style="bold red")
        return Text(text, style="dim")

    def __enter__(self) -> Countdown:
        left = self.left()
        if left is None:
            return self
        self.console.print(self.line(), soft_wrap=True)
        if self.live:
            self._thread = threading.Thread(target=self._tick, daemon=True)
            self._thread.start()
        return self

    def _tick(self) -> None:
        console = self.console
        while not self._stop.wait(TICK_S):
            with console.capture() as captured:
                console.print(self.line(), end="", soft_wrap=True)
            # save the cursor, rewrite the line above the prompt, restore the cursor
            console.file.write(f"\x1b7\x1b[1A\r{captured.get()}\x1b[K\x1b8")
            console.file.flush()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2 * TICK_S)
