"""What the hub answers a command (:class:`Outcome`, :func:`refusal`); re-exported by
:mod:`croupier.server.hub`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from croupier.errors import CroupierError, RuleViolation

__all__ = ["Outcome", "refusal"]


@dataclass(frozen=True)
class Outcome:
    """The answer to one command: accepted with its seqs, or refused with the article."""

    command_id: str
    accepted: bool
    first_seq: int = 0
    last_seq: int = 0
    duplicate: bool = False
    article: str | None = None
    message: str | None = None
    field: str | None = None

    def frame(self, table_id: str) -> dict[str, Any]:
        if self.accepted:
            return {
                "type": "accepted",
                "table": table_id,
                "command_id": self.command_id,
                "first_seq": self.first_seq,
                "seq": self.last_seq,
                "duplicate": self.duplicate,
            }
        out: dict[str, Any] = {
            "type": "refused",
            "table": table_id,
            "command_id": self.command_id,
            "article": self.article,
            "message": self.message,
        }
        if self.field is not None:
            out["field"] = self.field
        return out


def refusal(command_id: str, exc: CroupierError) -> Outcome:
    """The outcome of a refused command, naming the article (or the bad field)."""
    if isinstance(exc, RuleViolation):
        return Outcome(command_id, False, article=exc.rule, message=exc.detail)
    field_name = getattr(exc, "field", None)
    return Outcome(
        command_id,
        False,
        article="protocol",
        message=str(exc),
        field=field_name if isinstance(field_name, str) else None,
    )
