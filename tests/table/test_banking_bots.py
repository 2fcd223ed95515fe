"""The banking bettors read the same facts from a table's typed view as from its JSON view
(docs/table.md, "View": ``facts`` are the same facts, typed by the game), so a bot in the
process and a client of the server make the same decisions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from croupier.games.banking_bots import BettorBot, BettorFacts, facts_of
from croupier.offers import Offer, find_offer
from croupier.protocol import Command
from croupier.table.registry import game
from croupier.table.runner import run_table
from croupier.table.sources import SeededSource
from croupier.table.view import View


class _Twins:
    """Two bettors with the same seed: one reads the typed view, the other its JSON."""

    def __init__(self, seed: int, flat: bool) -> None:
        self.typed = BettorBot(seed, flat=flat)
        self.json = BettorBot(seed, flat=flat)
        self.decisions = 0

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command:
        assert isinstance(view, View) and isinstance(view.facts, BettorFacts)
        data = dict(view.to_dict())  # a plain dict: no typed facts, read as a client would
        assert facts_of(data) == view.facts
        typed = self.typed.choose(view, legal)
        assert self.json.choose(data, legal) == typed
        assert find_offer(legal, typed) is not None
        self.decisions += 1
        return typed


@pytest.mark.parametrize("name", ["three-card-baccarat", "football-poker"])
@pytest.mark.parametrize("flat", [False, True])
def test_a_bettor_decides_the_same_on_the_typed_view_and_on_its_json(name: str, flat: bool) -> None:
    info = game(name)
    table = info.table(info.options(), table_id="t", source=SeededSource(f"bots:{name}"))
    bots = {f"p{i}": _Twins(i, flat) for i in range(1, 6)}
    run_table(table, bots, rounds=40)
    assert sum(b.decisions for b in bots.values()) > 200
    assert table.books_agree()


def test_facts_of_reads_a_json_view_without_you() -> None:
    assert facts_of({"round": 3}) == BettorFacts(3, None, 0, 0)
