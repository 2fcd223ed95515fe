"""The one error family of croupier.

Every error the engine raises on purpose is a :class:`CroupierError`. Errors about bad input
name the offending token in ``token`` and in their message, so a person (or a table server)
can point at exactly what was wrong.
"""

from __future__ import annotations


class CroupierError(Exception):
    """Base class of every error croupier raises on purpose."""


class NotationError(CroupierError, ValueError):
    """A token that is not a card, tile or value in our notation."""

    def __init__(self, token: str, message: str | None = None) -> None:
        self.token = token
        #: the row of a batch that held the bad token, when the input was a batch
        self.row: int | None = None
        super().__init__(message or f"unknown symbol {token!r}")


class DuplicateCardError(NotationError):
    """The same card given twice where a single deck is in use."""

    def __init__(self, token: str) -> None:
        super().__init__(token, f"duplicate card {token!r}")


class CardNotInDeckError(NotationError):
    """A well-formed card that the deck in use does not contain (e.g. a 2 in the 40-card deck)."""

    def __init__(self, token: str, deck: str) -> None:
        self.deck = deck
        super().__init__(token, f"card {token!r} is not in the {deck} deck")


class CardCountError(CroupierError, ValueError):
    """The wrong number of cards (or tiles, or dice) for what was asked."""

    #: what is counted, in the message
    noun = "cards"

    def __init__(self, expected: str, got: int, token: str = "") -> None:
        self.expected = expected
        self.got = got
        self.token = token
        where = f" in {token!r}" if token else ""
        super().__init__(f"expected {expected} {self.noun}, got {got}{where}")


class TileCountError(CardCountError):
    """The wrong number of Mah-Jong tiles for what was asked (e.g. a wall order not of 136)."""

    noun = "tiles"


class ExtraTileCopyError(NotationError):
    """More copies of one tile than the set holds (Portaria 52/89/M Art 1: four of each)."""

    def __init__(self, token: str) -> None:
        super().__init__(token, f"a fifth copy of tile {token!r} (the set holds four of each)")


class MaterialError(CroupierError):
    """Misuse of the material: an exhausted shoe, a cut card out of range, a bad die count."""


class RuleViolation(CroupierError):
    """A command that a rule forbids; ``rule`` names the article (e.g. ``"Art 7"``)."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        #: the message without the rule in front
        self.detail = message
        super().__init__(f"{rule}: {message}")


class VerificationError(CroupierError):
    """A provably-fair commitment or deal that does not verify."""


class RecordError(CroupierError, ValueError):
    """A serialised record (a deal, an event) with a field of the wrong type or value."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.token = field
        super().__init__(message)
