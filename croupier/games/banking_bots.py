"""Bots of the banking games (3-card baccarat, football poker), on the one bot interface:
``choose(view, legal) -> command`` (:class:`~croupier.offers.Bot`), so a table can mix people and
bots and any client of the table server can run one.

* :class:`BettorBot`: sits (or buys chips when short), places one to three stakes a round drawn
  from the offers (kinds, places and amounts), now and then raises or withdraws, then says
  ``done``; ``flat`` bots place one stake a round on the first kind offered (baccarat's main
  bet, football poker's upper range) at their own place.
* :func:`place_bot_bets`: the scripted bettors of ``croupier play`` (moved here from the command
  line): each picks a place and one to three bets straight on the game's API.

Each game's ``bots.py`` names its bots in ``BOTS`` (kind -> factory(seed)).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from croupier.games.banking_commands import Bet, BuyIn, Done, Raise, Sit, Withdraw
from croupier.offers import Between, Offer, OneOf
from croupier.protocol import Command

if TYPE_CHECKING:
    from croupier.banking import BankingTable
    from croupier.shuffle import Shuffler

__all__ = ["BOT_AMOUNTS", "BOT_BUY_IN", "BettorBot", "BettorFacts", "facts_of", "place_bot_bets"]

#: the stakes a bot picks from (cents: 10.00 to 100.00), where the table's limits allow them
BOT_AMOUNTS: Final = (1_000, 2_500, 5_000, 10_000)
#: the chips a bot sits or buys in with (cents: 1,000.00)
BOT_BUY_IN: Final = 100_000


def _amount(domain: Any, rng: random.Random) -> int:
    assert isinstance(domain, Between)
    fits = [a for a in BOT_AMOUNTS if domain.low <= a <= domain.high]
    return rng.choice(fits) if fits else domain.low


def _pick(domain: Any, rng: random.Random, prefer: Any = None) -> Any:
    assert isinstance(domain, OneOf)
    if prefer is not None and prefer in domain.values:
        return prefer
    return rng.choice(domain.values)


def _clamp(domain: Any, value: int) -> int:
    assert isinstance(domain, Between)
    return max(domain.low, min(domain.high, value))


class BettorFacts(NamedTuple):
    """What a bettor reads of a player's view, typed: a table's :attr:`View.facts`, or read
    from the JSON view (:func:`facts_of`): the round (the view's ``round``) and the player's
    own part (``you``: his place, his chips, his chips on the layout)."""

    round: object
    place: int | None
    chips: int
    on_layout: int


def facts_of(view: Mapping[str, Any]) -> BettorFacts:
    """The view's :class:`BettorFacts`: a table's typed view gives them as they are, a JSON
    view is read for them."""
    facts = getattr(view, "facts", None)
    if isinstance(facts, BettorFacts):
        return facts
    you = view.get("you") or {}
    return BettorFacts(
        view.get("round"), you.get("place"), you.get("chips") or 0, you.get("on_layout") or 0
    )


class BettorBot:
    """A bettor at a banking table (see the module docstring)."""

    def __init__(self, seed: int, *, flat: bool = False) -> None:
        self.rng = random.Random(f"banking-bot:{seed}")
        self.flat = flat
        self._round: object = None
        self._left = 0

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command:
        rng = self.rng
        by_type: dict[str, list[Offer]] = {}
        for offer in legal:  # offer.type, read straight from the command (at every decision)
            kind = offer.command.TYPE
            found = by_type.get(kind)
            if found is None:
                by_type[kind] = [offer]
            else:
                found.append(offer)
        you = facts_of(view)
        if "sit" in by_type and not you.chips and "done" not in by_type:
            sit = by_type["sit"][0]
            return Sit(_pick(sit.fields["place"], rng), _clamp(sit.fields["buy_in"], BOT_BUY_IN))
        if you.round != self._round:
            self._round = you.round
            self._left = 1 if self.flat else 1 + rng.randrange(3)
        bets = by_type.get("bet", [])
        if self._left > 0:
            if bets:
                self._left -= 1
                return self._bet(bets, you)
            if "buy_in" in by_type and not you.on_layout:
                buy = by_type["buy_in"][0]
                return BuyIn(_clamp(buy.fields["amount"], BOT_BUY_IN))
        if not self.flat and "done" in by_type:
            roll = rng.random()
            if roll < 0.05 and "raise" in by_type:
                offer = rng.choice(by_type["raise"])
                return Raise(
                    _pick(offer.fields["place"], rng),
                    _pick(offer.fields["bet"], rng),
                    _amount(offer.fields["amount"], rng),
                )
            if roll < 0.08 and "withdraw" in by_type:
                offer = rng.choice(by_type["withdraw"])
                return Withdraw(_pick(offer.fields["place"], rng), _pick(offer.fields["bet"], rng))
        if "done" in by_type:
            return Done()
        return rng.choice(list(legal)).sample(rng)

    def _bet(self, bets: Sequence[Offer], you: BettorFacts) -> Command:
        rng = self.rng
        own = you.place
        offer = bets[0] if self.flat else rng.choice(bets)
        bet = offer.fields["bet"]
        assert isinstance(bet, OneOf)
        kind = bet.values[0] if self.flat else rng.choice(bet.values)
        return Bet(
            _pick(offer.fields["place"], rng, own), kind, _amount(offer.fields["amount"], rng)
        )


def place_bot_bets(
    game: BankingTable[Any, Any], bots: int, rng: Shuffler, positions: int
) -> list[tuple[str, int, str, int]]:
    """``croupier play``'s scripted bettors ``bot1`` .. ``botN``: each picks a place and one to
    three bets (a main bet first where a tie needs one) straight on the game's API; the bets
    placed, as ``(player, place, bet, amount)``."""
    kinds = tuple(k.value for k in game.BET_KIND)
    out: list[tuple[str, int, str, int]] = []
    for i in range(1, bots + 1):
        player = f"bot{i}"
        place = 1 + rng.randbelow(positions)
        chosen = [kinds[rng.randbelow(len(kinds))] for _ in range(1 + rng.randbelow(3))]
        if "tie" in chosen and "main" not in chosen:
            chosen.insert(0, "main")
        for bet in dict.fromkeys(chosen):
            amount = BOT_AMOUNTS[rng.randbelow(len(BOT_AMOUNTS))]
            if game.can_place_bet(player, place, bet, amount):
                game.place_bet(player, place, bet, amount)
                out.append((player, place, bet, amount))
    return out
