"""Mah-Jong (Portaria 52/89/M, Hong Kong old style) from a program: your own player at a table.

``Cy`` declares a win whenever her view says it would be legal (``can_win``: a hand of at least
the table's minimum faan), never claims a discard (she passes every window), and on her turn
discards the tile that leaves her fewest tiles from a ready hand (the shanten number). Her view
shows her own tiles only: the others' concealed tiles are counts, the wall's order is never
shown (Art 2: the tiles are laid face down). Three faan bots play the other places; the house
deals (the banker's dice, Art 2) and settles each game. A round of the table is one game.

Run: ``python examples/mahjong.py``
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from croupier.games.mahjong.bots import BOTS
from croupier.games.mahjong.hand import shanten
from croupier.games.mahjong.options import MahjongOptions
from croupier.offers import Bot, Offer
from croupier.protocol import Command
from croupier.table.mahjong import MahjongTable
from croupier.table.runner import run_table
from croupier.table.sources import SeededSource
from croupier.tiles import Tile


class Cy:
    """Win when she can, pass every claim, discard towards a ready hand."""

    def __init__(self) -> None:
        self.others = BOTS["faan"](7)  # taking a place and topping up

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command:
        offers = {offer.type: offer for offer in legal}
        if "win" in offers and view["can_win"]:
            return offers["win"].make()
        if "pass" in offers:
            return offers["pass"].make()
        if "discard" not in offers:
            return self.others.choose(view, legal)
        hand = [Tile.parse(tile) for tile in view["hand"]]

        def after(tile: Tile) -> int:
            rest = list(hand)
            rest.remove(tile)
            return shanten(rest)

        return offers["discard"].make(tile=min(set(hand), key=lambda t: (after(t), str(t))))


def main() -> None:
    table = MahjongTable(MahjongOptions(), table_id="example", source=SeededSource("cy"))
    bots: dict[str, Bot] = {"cy": Cy(), **{f"bot{i}": BOTS["faan"](i) for i in range(1, 4)}}
    run_table(table, bots, rounds=2)
    ledger = table.ledger.summary()
    print(f"after {table.rounds_closed} games: {ledger['players']}")
    print(f"ledger balanced: {ledger['balanced']}; books agree: {table.books_agree()}")


if __name__ == "__main__":
    main()
