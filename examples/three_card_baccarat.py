"""3-Card Baccarat (Portaria 22/96/M) from a program: your own bettor at a table of bots.

``Ana`` sits at a place, bets 1,000 (cents: 10.00) on the main bet of her place each round and,
once it is there, 100 on the tie (Art 8.3: a tie bet goes where a main bet is), then says done.
A main bet carried by a tie (Art 7.2) is not withdrawn: she leaves it and adds nothing. She sees
what the view shows her: the layout, her chips, the table's limits, and the hands once every
card is out. Three random bots bet beside her; the house shuffles, burns, deals and settles.

Run: ``python examples/three_card_baccarat.py``
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from croupier.games.three_card_baccarat.bots import BOTS
from croupier.games.three_card_baccarat.options import BaccaratOptions
from croupier.offers import Bot, Offer, OneOf
from croupier.protocol import Command
from croupier.table.actor import Actor
from croupier.table.baccarat import BaccaratTable
from croupier.table.runner import run_table
from croupier.table.sources import SeededSource


class Ana:
    """The main bet of her place, then a tie bet beside it, then done."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command:
        offers = {offer.type: offer for offer in legal}
        you = view["you"]  # the runner seated her (the table's join: a free place, 1,000.00)
        mine = {(s["place"], s["bet"]) for s in view["layout"] if s["player"] == you["name"]}
        place = you["place"]
        for bet, amount in (("main", 1_000), ("tie", 100)):
            if (place, bet) in mine:
                continue
            for offer in legal:
                kinds, places = offer.fields.get("bet"), offer.fields.get("place")
                if (
                    offer.type == "bet"
                    and isinstance(kinds, OneOf)
                    and isinstance(places, OneOf)
                    and bet in kinds.values
                    and place in places.values
                ):
                    return offer.make(place=place, bet=bet, amount=amount)
        return offers["done"].make()


def main() -> None:
    table = BaccaratTable(BaccaratOptions(decks=8), table_id="example", source=SeededSource("ana"))
    bots: dict[str, Bot] = {"ana": Ana(), **{f"bot{i}": BOTS["random"](i) for i in range(1, 4)}}
    run_table(table, bots, rounds=20)
    view = table.view(Actor.player("ana"))
    chips = {name: player["chips"] for name, player in view["players"].items()}
    ledger = table.ledger.summary()
    print(f"after {table.rounds_closed} coups: {chips}, commission {ledger['commission']}")
    print(f"ledger balanced: {ledger['balanced']}; books agree: {table.books_agree()}")


if __name__ == "__main__":
    main()
