"""The 13-card game (Portaria 51/89/M) from a program: your own player at a table.

Your code is a player like any bot: given the JSON ``view`` of what it may see and the offers
``legal`` (each a command with the values it may take now), it returns a command. ``Ana`` bets
2 units on position 2, throws the dice when they are hers (Art 2 b), and sets her 13 cards as
the best response to the banker's setting, which the banker shows first (Art 2 d). A
best-response bot plays position 3; the house deals, sets the banker by its house way and settles.
``run_table`` is the loop of ``any_game.py``.

Run: ``python examples/thirteen.py``
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from croupier.games.thirteen.bots import BestResponseBot
from croupier.games.thirteen.commands import TiersOf
from croupier.games.thirteen.options import ThirteenOptions
from croupier.games.thirteen.scoring import Setting
from croupier.games.thirteen.solver import best_response
from croupier.offers import Bot, Offer
from croupier.protocol import Command
from croupier.table.actor import Actor
from croupier.table.base import Table
from croupier.table.runner import run_table
from croupier.table.sources import SeededSource
from croupier.table.thirteen import ThirteenTable


class Ana:
    """Position 2, 2 units, the best response to the banker (the class docstring above)."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command:
        def first(kind: str) -> Offer | None:
            return next((offer for offer in legal if offer.type == kind), None)

        dice, done = first("throw_dice"), first("done")
        setting = first("set")  # the first set offer admits only ascending settings (Art 7)
        if dice is not None:
            return dice.make()
        if setting is not None:
            cards = setting.fields["tiers"]
            assert isinstance(cards, TiersOf)
            banker = Setting.from_dict(view["banker"]["setting"])
            mine = best_response(cards.of, banker)
            return setting.make(tiers=(mine.front, mine.middle, mine.back))
        staked = any(stake["player"] == "ana" for stake in view["layout"])
        bets = [o for o in legal if o.type == "bet" and o.fields["position"].admits(2)]
        if bets and not staked:
            return bets[0].make(units=2)
        assert done is not None, [offer.type for offer in legal]
        return done.make()


def main() -> None:
    table = ThirteenTable(ThirteenOptions(), table_id="example", source=SeededSource("ana"))
    unit = table.options.unit  # amounts are integers of the smallest unit (cents)

    def on_round(table: Table[Any], number: int) -> None:
        chips = table.view(Actor.player("ana"))["table"]["chips"]
        print(f"round {number}: ana has {chips / unit:,.2f} units")

    bots: dict[str, Bot] = {"ana": Ana(), "bo": BestResponseBot(1, position=3, units=1)}
    run_table(table, bots, rounds=3, on_round=on_round)
    ledger = table.ledger.summary()
    print(
        f"house {ledger['house'] / unit:+,.2f} units, commission {ledger['commission'] / unit:,.2f}"
    )
    print(f"ledger balanced: {ledger['balanced']}; books agree: {table.books_agree()}")


if __name__ == "__main__":
    main()
