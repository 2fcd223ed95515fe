"""Bots of the 13-card game on the one bot interface: ``choose(view, legal) -> Command``.

A bot reads only what its player may see (the table's JSON ``view``) and the offers open to it
(``legal``), so a table can mix people and bots and a bot can play through the table server.
:data:`BOTS` maps each kind to a factory ``(seed) -> Bot``:

* ``best-response`` (the default opponent): stakes 1 to 3 units on a position, throws the dice
  when it has them, shows a natural when it holds one, and otherwise sets the best response to
  the banker's shown setting (:func:`~croupier.games.thirteen.solver.best_response`: the
  setting that wins, else ties, with the largest point margin; Art 2 d lets the player see the
  banker first). Against a fouled banker (a dealer's mistake, Art 7) any ascending setting wins.
* ``house-way``: the same at the betting, but sets its cards by the house way, without looking
  at the banker (a player who does not use the information Art 2 d gives him).
* ``random``: a random legal command (never leaving the table): for fuzzing.

>>> sorted(BOTS)
['best-response', 'house-way', 'random']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, NamedTuple

from croupier.cards import Card
from croupier.games.thirteen.commands import (
    Bet,
    BuyIn,
    Done,
    SetTiers,
    ThrowDice,
    TiersOf,
    ascending_setting,
)
from croupier.games.thirteen.scoring import Setting
from croupier.offers import Between, Bot, Offer, OneOf
from croupier.protocol import Command

__all__ = [
    "BOTS",
    "BestResponseBot",
    "HouseWayBot",
    "RandomBot",
    "SeatFacts",
    "facts_of",
    "make_bot",
]

#: Commands a random bot never sends (it stays at the table).
_STAYS: Final = frozenset({"leave", "stand", "sit"})


class SeatFacts(NamedTuple):
    """What the bots read of a player's view, typed: a table's :attr:`View.facts`, or read
    from the JSON view (:func:`facts_of`). ``banker``: the banker's shown setting (None: not
    shown yet, or fouled); ``options``: the table's options as the view's ``options``."""

    player: str | None
    chips: int | None
    #: (player, position) of every stake on the layout, in order
    layout: tuple[tuple[str | None, int | None], ...]
    options: Mapping[str, Any]
    banker: Setting | None
    banker_fouled: bool


def facts_of(view: Mapping[str, Any]) -> SeatFacts:
    """The view's :class:`SeatFacts`: a table's typed view gives them as they are, a JSON view
    is read for them."""
    facts = getattr(view, "facts", None)
    if isinstance(facts, SeatFacts):
        return facts
    banker = view.get("banker") or {}
    shown, fouled = banker.get("setting"), bool(banker.get("fouled"))
    table = view.get("table") or {}
    return SeatFacts(
        table.get("player"),
        table.get("chips"),
        tuple((s.get("player"), s.get("position")) for s in view.get("layout") or []),
        view.get("options") or {},
        None if shown is None or fouled else Setting.from_dict(shown),
        fouled,
    )


class BestResponseBot:
    """Bets, throws, shows naturals, sets the best response to the banker (module docstring).

    ``position`` (2..4): the position it prefers to bet on (default: one nobody has bet on yet,
    else any); ``units``: its stake (default: drawn from the table's stakes each round)."""

    def __init__(self, seed: int = 0, *, position: int | None = None, units: int | None = None):
        self.rng = random.Random(seed)
        self.position = position
        self.units = units

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command:
        kinds = {offer.type: offer for offer in legal}
        if "throw_dice" in kinds:
            return ThrowDice()
        if "declare_natural" in kinds:
            return kinds["declare_natural"].make()
        for offer in legal:
            if offer.command is SetTiers and not _confirms(offer):
                return self._set(facts_of(view), offer)
        if any(o.command is Bet for o in legal) or "done" in kinds:
            return self._bet(facts_of(view), legal)
        return _first_safe(legal)

    def _setting(self, facts: SeatFacts, cards: tuple[Card, ...]) -> Setting:
        from croupier.games.thirteen.solver import best_response

        if facts.banker is None:
            return ascending_setting(cards)  # against a fouled banker any ascending setting wins
        return best_response(cards, facts.banker)

    def _set(self, facts: SeatFacts, offer: Offer) -> Command:
        domain = offer.fields["tiers"]
        assert isinstance(domain, TiersOf)
        chosen = self._setting(facts, domain.of)
        return offer.make(tiers=(chosen.front, chosen.middle, chosen.back))

    def _bet(self, facts: SeatFacts, legal: Sequence[Offer]) -> Command:
        me = facts.player
        layout = facts.layout
        if any(player == me for player, _ in layout):
            return Done()
        bets = [o for o in legal if o.command is Bet]
        if not bets:
            buy = next((o for o in legal if o.command is BuyIn), None)
            domain = None if buy is None else buy.fields["amount"]
            unit = int(facts.options.get("unit", 1))
            if isinstance(domain, Between) and domain.low <= 100 * unit <= domain.high:
                chips = int(facts.chips or 0)
                if chips < 3 * unit:
                    return BuyIn(100 * unit)
            return Done()
        staked = {position for _, position in layout}
        preferred = [o for o in bets if _position(o) == self.position]
        free = [o for o in bets if _position(o) not in staked]
        offer = (preferred or free or bets)[0] if self.position else self.rng.choice(free or bets)
        units = offer.fields["units"]
        assert isinstance(units, OneOf)
        wanted = self.units if self.units in units.values else self.rng.choice(units.values)
        return offer.make(units=wanted)


class HouseWayBot(BestResponseBot):
    """Bets like :class:`BestResponseBot`; sets by the table's house way, ignoring the banker."""

    def _setting(self, facts: SeatFacts, cards: tuple[Card, ...]) -> Setting:
        from croupier.games.thirteen.solver import house_way

        way = facts.options.get("house_way", "expected-points")
        return house_way(cards, way)


class RandomBot:
    """A random legal command (never leave, stand or sit): for fuzzing a table."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command:
        offers = [o for o in legal if o.type not in _STAYS] or list(legal)
        return self.rng.choice(offers).sample(self.rng)


def _position(offer: Offer) -> int | None:
    domain = offer.fields.get("position")
    values = getattr(domain, "values", None) or (getattr(domain, "value", None),)
    value = values[0]
    return value if isinstance(value, int) else None


def _confirms(offer: Offer) -> bool:
    """Whether a setting offer is the one for a confirmed foul (the bots answer the other)."""
    domain = offer.fields.get("confirm_foul")
    return bool(getattr(domain, "value", False))


def _first_safe(legal: Sequence[Offer]) -> Command:
    for offer in legal:
        if offer.type not in _STAYS and offer.type != "buy_in":
            try:
                return offer.make()
            except TypeError:
                continue
    return Done()


#: Each bot kind and its factory ``(seed) -> Bot``.
BOTS: Final[Mapping[str, Callable[[int], Bot]]] = {
    "best-response": BestResponseBot,
    "house-way": HouseWayBot,
    "random": RandomBot,
}


def make_bot(kind: str, seed: int = 0, **kwargs: Any) -> Bot:
    """A bot of ``kind`` (one of :data:`BOTS`); ValueError naming the kinds otherwise."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "best-response":
        return BestResponseBot(seed, **kwargs)
    if kind == "house-way":
        return HouseWayBot(seed, **kwargs)
    raise ValueError(f"unknown bot kind {kind!r}; the kinds are: {', '.join(BOTS)}")
