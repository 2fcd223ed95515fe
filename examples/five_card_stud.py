"""Five-card stud (Portaria 104/85/M) from a program: your own player at a table of bots.

``Bo`` plays the betting himself and leaves the rest (taking a seat, topping up, cutting) to
the game's strength bot. He sees what the view shows him: his key card (face down, his alone:
Art 10 a), everyone's up cards, and the betting (``hand.legal``: what a call costs, the raise's
bounds). With a pair or an ace among his cards he raises the least the rules allow (Art 10 b),
else he checks, calls a small bet, or folds. Three strength bots play the other seats.

Run: ``python examples/five_card_stud.py``
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from croupier.cards import parse_cards
from croupier.games.five_card_stud.bots import BOTS
from croupier.games.five_card_stud.options import StudOptions
from croupier.offers import Between, Bot, Offer
from croupier.protocol import Command
from croupier.table.actor import Actor
from croupier.table.runner import run_table
from croupier.table.sources import SeededSource
from croupier.table.stud import StudTable


class Bo:
    """A pair or an ace: raise the least; otherwise check, call up to 40, or fold."""

    def __init__(self) -> None:
        self.others = BOTS["strength"](7)  # seat, top-up and cut decisions

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command:
        offers = {offer.type: offer for offer in legal}
        hand = view.get("hand")
        if hand is None or "fold" not in offers:
            return self.others.choose(view, legal)
        seat = str(view["you"]["seat"])
        ranks = [card.rank for card in parse_cards(f"{hand['key']} {hand['up'][seat]}")]
        strong = len(set(ranks)) < len(ranks) or max(ranks) == 14
        for kind in ("raise_to", "bet"):
            amount = offers[kind].fields["amount"] if kind in offers else None
            if strong and isinstance(amount, Between):
                return offers[kind].make(amount=amount.low)
        if "check" in offers:
            return offers["check"].make()
        if "call" in offers and (strong or hand["legal"]["call"] <= 40):
            return offers["call"].make()
        return offers["fold"].make()


def main() -> None:
    table = StudTable(StudOptions(), table_id="example", source=SeededSource("bo"))
    bots: dict[str, Bot] = {"bo": Bo(), **{f"bot{i}": BOTS["strength"](i) for i in range(1, 4)}}
    run_table(table, bots, rounds=20)
    view = table.view(Actor.player("bo"))
    stacks = {seat["player"]: seat["stack"] for seat in view["seats"].values()}
    ledger = table.ledger.summary()
    print(f"after {table.rounds_closed} hands: {stacks}, commission {ledger['commission']}")
    print(f"ledger balanced: {ledger['balanced']}; books agree: {table.books_agree()}")


if __name__ == "__main__":
    main()
