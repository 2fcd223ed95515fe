"""The events of a shuffled card source that every card game shares: the shuffled, cut shoe
(:class:`ShoeShuffled`, with its :func:`order_commitment`) and a burned card
(:class:`CardBurned`).

They are :mod:`croupier.events`' (which still exports them, the same classes), kept in a module
of their own so that a game that uses only these two (five-card stud) does not import the
banking games' events and settlement with them (issue 22: ``simulate five-card-stud``'s
start-up).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Final

from croupier.canonical import card_notation, keep_card_names, kept_notation
from croupier.cards import Card, format_cards
from croupier.frozen import fast_maker, frozen_record
from croupier.protocol import Event

__all__ = ["CardBurned", "ShoeShuffled", "order_commitment"]


def order_commitment(order: Sequence[Card]) -> str:
    """SHA-256 (hex) of the shoe order in notation, top first, space separated.

    Published before the first card is dealt, it lets anyone check afterwards that the cards
    dealt came from the shoe as shuffled.
    """
    text = kept_notation(order)  # a shuffle's order as recorded: its text made then
    if text is None:
        text = format_cards(order)
    return hashlib.sha256(text.encode()).hexdigest()


@frozen_record
class ShoeShuffled(Event):
    """A shuffled, cut shoe: the whole order (top first, after the cut), the cut, the cut card's
    depth from the end (None: no cut card) and the order's commitment."""

    TYPE = "shoe_shuffled"
    order: tuple[Card, ...]
    cut: int
    cut_card_depth: int | None
    commitment: str

    @classmethod
    def record(
        cls,
        order: Sequence[Card],
        *,
        cut: int,
        cut_card_depth: int | None,
        names: tuple[str, ...] | None = None,
    ) -> ShoeShuffled:
        """The event of a shuffle of ``order``; ``names``: the notation of each of its cards,
        when the caller knows them (:func:`~croupier.canonical.keep_card_names`' word)."""
        cards = tuple(order)
        # format_cards' text, kept for the order's encoding and its checks (card_notation)
        text = card_notation(cards) if names is None else keep_card_names(cards, names)
        commitment = hashlib.sha256(text.encode()).hexdigest()
        make = _make_shuffled if cls is ShoeShuffled else cls  # (a subclass: its own)
        return make(cards, cut, cut_card_depth, commitment)

    def public(self) -> dict[str, object]:
        """What everyone may see: the size, cut, cut card and commitment, never the order."""
        return {
            "cards": len(self.order),
            "cut": self.cut,
            "cut_card_depth": self.cut_card_depth,
            "commitment": self.commitment,
        }


@frozen_record
class CardBurned(Event):
    """The top card of the shoe goes to the discard rack unseen."""

    TYPE = "card_burned"
    card: Card


# (both made every hand: frozen_records, dataclass(frozen=True, slots=True)'s classes made
# without compiling their methods, with fast_init's faster __init__)
#: ``ShoeShuffled(...)``, the same event made faster (:func:`~croupier.frozen.fast_maker`)
_make_shuffled: Final = fast_maker(ShoeShuffled)
