"""Bots of the game on the one bot interface (``choose(view, legal) -> command``): see
:mod:`croupier.games.banking_bots`.

* ``random``: one to three stakes a round, kinds, places and amounts drawn from the offers;
  now and then a raise or a withdrawal; then done.
* ``flat``: one stake a round on the first kind offered, at its own place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from croupier.games.banking_bots import BettorBot
from croupier.offers import Bot

__all__ = ["BOTS", "BettorBot"]


def _random(seed: int) -> Bot:
    return BettorBot(seed)


def _flat(seed: int) -> Bot:
    return BettorBot(seed, flat=True)


#: bot kind -> factory(seed)
BOTS: Final[Mapping[str, Callable[[int], Bot]]] = {"random": _random, "flat": _flat}
