"""Football Poker (Despacho 65/2004) from a program: your own bettor at a table of bots.

``Rui`` stakes 2,000 (cents: 20.00) on ``post`` (Art 3.5: three cards totalling 0 or 9, 8:1)
at the place the most is staked on, else at place 1, and 1,000 on ``even`` at the same place,
then says done. With the highest stake on a place he holds its cards (Art 4.2) and sees them
before the others (Art 5.4); the view shows every hand once all are out. Three random bots bet
beside him.

Run: ``python examples/football_poker.py``
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from croupier.games.football_poker.bots import BOTS
from croupier.offers import Bot, Offer, OneOf
from croupier.protocol import Command
from croupier.table.actor import Actor
from croupier.table.football import FootballTable
from croupier.table.runner import run_table
from croupier.table.sources import SeededSource


class Rui:
    """Post and even on the busiest place, then done."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command:
        offers = {offer.type: offer for offer in legal}
        totals: dict[int, int] = {}
        for stake in view["layout"]:
            totals[stake["place"]] = totals.get(stake["place"], 0) + stake["amount"]
        place = max(totals, key=totals.__getitem__) if totals else 1
        mine = {s["bet"] for s in view["layout"] if s["player"] == "rui" and s["place"] == place}
        for bet, amount in (("post", 2_000), ("even", 1_000)):
            if bet in mine:
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
    table = FootballTable(table_id="example", source=SeededSource("rui"))
    bots: dict[str, Bot] = {"rui": Rui(), **{f"bot{i}": BOTS["random"](i) for i in range(1, 4)}}
    run_table(table, bots, rounds=20)
    view = table.view(Actor.player("rui"))
    chips = {name: player["chips"] for name, player in view["players"].items()}
    ledger = table.ledger.summary()
    print(f"after {table.rounds_closed} rounds: {chips}, house {ledger['house']}")
    print(f"ledger balanced: {ledger['balanced']}; books agree: {table.books_agree()}")


if __name__ == "__main__":
    main()
