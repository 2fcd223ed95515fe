"""The summary ``croupier replay`` prints of a replayed banking or 13-card table (the command
itself is :mod:`croupier.commands.replay`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

__all__ = ["replay_summary"]


class _Played(Protocol):
    """What a replay summary reads of a table (banking games and the 13-card game alike)."""

    @property
    def log(self) -> tuple[Any, ...]: ...
    @property
    def round_number(self) -> int: ...
    @property
    def balances(self) -> Mapping[str, int]: ...
    @property
    def house_result(self) -> int: ...
    @property
    def stakes(self) -> tuple[Any, ...]: ...
    def digest(self) -> str: ...


def replay_summary(
    game: str, table: _Played, expect_digest: str | None, **extra: Any
) -> dict[str, Any]:
    """The summary ``croupier replay`` prints for a replayed table; a VerificationError when
    the digest is not ``expect_digest``."""
    from croupier.errors import VerificationError

    summary: dict[str, Any] = {
        "game": game,
        "events": len(table.log),
        "rounds": table.round_number,
        **extra,
        "balances": dict(table.balances),
        "house_result": table.house_result,
        "on_table": sum(s.amount for s in table.stakes),
        "digest": table.digest(),
    }
    if expect_digest is not None and expect_digest.strip().lower() != summary["digest"]:
        raise VerificationError(
            f"the record's digest is {summary['digest']}, not the expected {expect_digest}"
        )
    return summary
