"""Bots for five-card stud, and a driver that plays whole hands at a table of them.

A bot sees only what its seat may see (:class:`~croupier.games.five_card_stud.round.Observation`:
its key card, everyone's up cards, the money, the legal actions) and answers an action. Bots
draw from an injected :class:`random.Random`, never the global one.

* :class:`RandomBot` — picks uniformly among the legal kinds of action, then an amount in the
  legal range: it reaches every corner of the rules (all-ins, short raises, side pots) and is
  the engine's fuzzer.
* :class:`StrengthBot` — a sensible player: it compares its own cards (key card included) with
  the best showing hand against it, by the order of Art 10 b-d, and bets, calls or folds by
  that margin and the price; it never folds when it may check.

:func:`play_hand` drives one hand from the pot money to the settlement (the dealer's part:
shuffle, optional cuts, burn, deal); :func:`run_table` plays many, topping players up when
Art 6 requires and opening a new deck when Art 2 does.

>>> import random
>>> from croupier.shuffle import SeededShuffler
>>> from croupier.games.five_card_stud.options import StudOptions
>>> rng = random.Random(7)
>>> game = new_table(StudOptions(), 3, buy_in=2000)
>>> bots = {s: StrengthBot(rng) for s in (1, 2, 3)}
>>> settled = play_hand(game, bots, SeededShuffler(7), rng)
>>> sum(game.stacks.values()) + game.house
6000
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from croupier.cards import Card
from croupier.games.five_card_stud.events import Act, HandSettled
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import Legal, Observation, StudGame, StudPhase, showing
from croupier.rank.hand import strength_of_codes
from croupier.rank.model import STUD40, Category
from croupier.rank.showing import ShowingCategory
from croupier.shuffle import Shuffler

__all__ = [
    "Bot",
    "Decision",
    "RandomBot",
    "StrengthBot",
    "TableRun",
    "new_table",
    "play_hand",
    "run_table",
]

#: an action and its amount (BET: the bet; RAISE: the round total after it; else None)
Decision = tuple[Act, int | None]


class Bot(Protocol):
    def decide(self, obs: Observation) -> Decision: ...


class RandomBot:
    """Uniform over the legal kinds of action; amounts uniform in the legal range (half the
    time the least amount, so hands do not all end in one all-in)."""

    def __init__(self, rng: random.Random, fold_weight: float = 0.5) -> None:
        self.rng = rng
        self.fold_weight = fold_weight

    def decide(self, obs: Observation) -> Decision:
        legal = obs.legal
        assert legal is not None
        rng = self.rng
        options: list[Decision] = []
        if legal.check:
            options.append((Act.CHECK, None))
        if legal.call is not None:
            options.append((Act.CALL, None))
        if legal.bet is not None:
            options.append((Act.BET, _amount(rng, legal.bet)))
        if legal.raise_to is not None:
            options.append((Act.RAISE, _amount(rng, legal.raise_to)))
        if not options or rng.random() < self.fold_weight / (len(options) + 1):
            return Act.FOLD, None
        return options[rng.randrange(len(options))]


def _amount(rng: random.Random, span: tuple[int, int]) -> int:
    low, high = span
    if high <= low or rng.random() < 0.5:
        return low
    return rng.randint(low, high)


def _own_level(obs: Observation) -> tuple[int, int]:
    """(formation, top rank) of the bot's own cards, on the showing scale of Art 10 d (five
    cards: the hand's category mapped onto it)."""
    cards: list[Card] = list(obs.up)
    if obs.key is not None:
        cards.append(obs.key)
    if len(cards) == 5:
        strength = strength_of_codes([c.code for c in cards], STUD40)
        cat = STUD40.category_of(strength)
        return _FIVE_TO_SHOWING[cat], strength
    rank = showing(cards)
    return int(rank.category), rank.key[0] if rank.key else 0


_FIVE_TO_SHOWING = {
    Category.HIGH_CARD: 0,
    Category.PAIR: 1,
    Category.TWO_PAIR: 2,
    Category.THREE_OF_A_KIND: 3,
    Category.STRAIGHT: 5,
    Category.FLUSH: 6,
    Category.FULL_HOUSE: 7,
    Category.FOUR_OF_A_KIND: 8,
    Category.STRAIGHT_FLUSH: 9,
    Category.ROYAL_FLUSH: 10,
}


def _their_level(up: tuple[Card, ...]) -> tuple[int, int]:
    if not up:
        return 0, 0
    rank = showing(up[-4:])
    cat = rank.category
    # possible draws show no made hand yet: count them as their high card
    if cat in (ShowingCategory.POSSIBLE_STRAIGHT, ShowingCategory.POSSIBLE_FLUSH):
        return 0, max(c.rank for c in up)
    if cat in (ShowingCategory.POSSIBLE_STRAIGHT_FLUSH, ShowingCategory.POSSIBLE_ROYAL_FLUSH):
        return 0, max(c.rank for c in up)
    level = {
        ShowingCategory.HIGH_CARD: 0,
        ShowingCategory.PAIR: 1,
        ShowingCategory.TWO_PAIR: 2,
        ShowingCategory.THREE_OF_A_KIND: 3,
        ShowingCategory.FOUR_OF_A_KIND: 8,
    }[cat]
    return level, rank.key[0] if rank.key else 0


class StrengthBot:
    """Bets its edge over the best hand it can see against it; calls when close and cheap."""

    def __init__(self, rng: random.Random, aggression: float = 0.35) -> None:
        self.rng = rng
        self.aggression = aggression

    def decide(self, obs: Observation) -> Decision:
        legal = obs.legal
        assert legal is not None
        mine, my_top = _own_level(obs)
        theirs, their_top = max((_their_level(up) for up in obs.others_up.values()), default=(0, 0))
        if len(obs.up) + (obs.key is not None) == 5:
            # five cards: a made hand against what shows; compare formations only
            edge = mine - theirs
        else:
            edge = (mine - theirs) * 2 + (1 if my_top > their_top else 0)
        price = legal.call or 0
        cheap = price * 4 <= max(obs.pot, 1)
        strong = edge >= 2 or (edge >= 1 and self.rng.random() < self.aggression)
        if strong:
            if legal.bet is not None:
                return Act.BET, _size(legal.bet, obs.pot)
            if legal.raise_to is not None and self.rng.random() < 0.6:
                return Act.RAISE, _size(legal.raise_to, obs.pot)
            if legal.call is not None:
                return Act.CALL, None
            return Act.CHECK, None
        if legal.check:
            return Act.CHECK, None
        if legal.call is not None and (edge >= 0 or (edge >= -1 and cheap)):
            return Act.CALL, None
        if legal.bet is not None and obs.round == 1 and edge >= 0:
            return Act.BET, legal.bet[0]  # the opener's duty: open small with a fair card
        return Act.FOLD, None


def _size(span: tuple[int, int], pot: int) -> int:
    low, high = span
    return max(low, min(high, pot // 2))


def new_table(table: StudOptions, players: int, *, buy_in: int | None = None) -> StudGame:
    """A table with ``players`` seated at seats 1..players, each with ``buy_in`` (default the
    least capital), and a deck open."""
    game = StudGame(table)
    for seat in range(1, players + 1):
        game.seat_player(seat, f"p{seat}", table.min_buy_in if buy_in is None else buy_in)
    game.new_deck()
    return game


def play_hand(
    game: StudGame,
    bots: Mapping[int, Bot],
    shuffler: Shuffler,
    rng: random.Random,
    *,
    cut_chance: float = 0.0,
) -> HandSettled:
    """One hand from the pot money to the settlement, the dealer's part included."""
    if game.needs_new_deck:
        game.new_deck()
    hand = game.start_hand()
    game.shuffle(shuffler)
    if cut_chance and rng.random() < cut_chance:
        seats = hand.seats
        for cutter in rng.sample(seats, min(2, len(seats), rng.randint(1, 2))):
            game.cut(cutter, rng.randint(6, 34))
    game.burn()
    while True:
        phase = game.phase
        if phase is StudPhase.BETTING:
            turn = game.to_act
            assert turn is not None
            action, amount = bots[turn].decide(game.observation(turn))
            game.act(turn, action, amount)
        elif phase is StudPhase.DEALING:
            game.deal()
        elif phase is StudPhase.SHOWDOWN:
            return game.settle()
        else:  # pragma: no cover - the loop always ends at the settlement
            raise AssertionError(f"unexpected phase {phase}")


@dataclass
class TableRun:
    """What :func:`run_table` did: the hands played, the top-ups, the table."""

    game: StudGame
    hands: int
    topped_up: int


def run_table(
    table: StudOptions,
    bots: Mapping[int, Bot],
    shuffler: Shuffler,
    rng: random.Random,
    hands: int,
    *,
    cut_chance: float = 0.0,
    game: StudGame | None = None,
) -> TableRun:
    """Play ``hands`` hands; before each, a player below the threshold tops up to the least
    capital (Art 6), as the operator would require."""
    if game is None:
        game = new_table(table, len(bots))
    topped = 0
    for _ in range(hands):
        for seat in list(game.players):
            if game.must_top_up(seat):
                amount = table.min_buy_in - game.stacks[seat]
                game.top_up(seat, amount)
                topped += amount
        play_hand(game, bots, shuffler, rng, cut_chance=cut_chance)
    return TableRun(game, hands, topped)


def legal_decisions(legal: Legal) -> list[Decision]:
    """Every kind of legal action with its least amount (for tests and tools)."""
    out: list[Decision] = [(Act.FOLD, None)]
    if legal.check:
        out.append((Act.CHECK, None))
    if legal.call is not None:
        out.append((Act.CALL, None))
    if legal.bet is not None:
        out.append((Act.BET, legal.bet[0]))
    if legal.raise_to is not None:
        out.append((Act.RAISE, legal.raise_to[0]))
    return out
