"""Exact odds of Football Poker (Despacho 65/2004), from rank counts.

Every bet is settled by :func:`croupier.games.football_poker.rules.decide` on the hand's final
(cards, total), so the odds and the engine share one definition of every bet.

**Method.** Card values (Art 7) fall in 10 classes: 0 (10 J Q K) and 1..9 (A = 1). A hand is two
cards, plus a third when the two total 0 or 9 (Art 8.1), drawn without replacement. By
exchangeability every hand of a round, whichever its place and however many burns and third
cards come before it (Art 5.2, 5.4), has this same distribution: each card it receives is,
given its own earlier cards only, uniform over the rest of the shoe. We enumerate the 10 × 10
ordered class pairs and, where Art 8.1 applies, the 10 third-card classes, with integer weights
over ``N (N-1) (N-2)`` ordered sequences (a two-card hand stands for its ``N - 2`` possible
next cards), and divide exactly.

>>> report = football_odds(6)
>>> {name: bet.payout for name, bet in report.bets.items()}
{'upper': '1:1', 'lower': '1:1', 'even': '1:1', 'odd': '1:1', 'post': '8:1'}
>>> sum(report.bets["upper"].probabilities.values())
Fraction(1, 1)
>>> tiny = ShoeCounts.from_counts({"K": 2, "9": 1})  # K K 9: every hand takes a third card
>>> football_hand_distribution(tiny)
{(3, 9): Fraction(1, 1)}
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Final

from croupier.cards import CardsLike, Rank
from croupier.games.football_poker.rules import CARDS_DEALT, PRIZE, BetKind, decide
from croupier.odds.report import (
    BetOdds,
    EffectOfRemoval,
    OddsReport,
    ShoeCounts,
    effect_of_removal,
    net_of,
    payout_text,
    results_in,
)
from croupier.settlement import Result

__all__ = [
    "CLASS_RANKS",
    "GAME",
    "class_counts",
    "football_effect_of_removal",
    "football_effect_of_removal_for",
    "football_hand_counts",
    "football_hand_distribution",
    "football_odds",
    "football_odds_for",
]

GAME: Final = "football-poker"
#: The most cards a hand takes (Art 5.4, 8.1).
MAX_CARDS: Final = CARDS_DEALT + 1
#: Art 8.1: two-card totals that draw a third card.
THIRD_CARD_TOTALS: Final = frozenset({0, 9})

#: The 10 value classes (Art 7): 0 holds 10 J Q K, p = 1..9 the cards worth p (A = 1).
CLASS_RANKS: Final[tuple[tuple[Rank, ...], ...]] = (
    (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING),
    (Rank.ACE,),
    *((Rank(p - 2),) for p in range(2, 10)),
)
CLASSES: Final = len(CLASS_RANKS)

#: The final hands, (cards, total): two cards totalling 1..8, three totalling 0..9.
FINAL_HANDS: Final = (
    *((CARDS_DEALT, t) for t in range(10) if t not in THIRD_CARD_TOTALS),
    *((MAX_CARDS, t) for t in range(10)),
)


def class_counts(shoe: ShoeCounts) -> tuple[int, ...]:
    """The shoe's count of each value class 0..9.

    >>> class_counts(ShoeCounts.of_decks(6))
    (96, 24, 24, 24, 24, 24, 24, 24, 24, 24)
    """
    return tuple(sum(shoe[r] for r in ranks) for ranks in CLASS_RANKS)


def football_hand_counts(shoe: ShoeCounts) -> tuple[dict[tuple[int, int], int], int]:
    """``(counts, total)``: the ordered card sequences giving each final (cards, total), out of
    ``total = N (N-1) (N-2)`` (a two-card hand counts once for each of its ``N - 2`` possible
    next cards). Every hand in :data:`FINAL_HANDS` is a key, possibly with 0.

    >>> counts, total = football_hand_counts(ShoeCounts.from_counts({"A": 2, "K": 1}))
    >>> {k: v for k, v in counts.items() if v}, total
    ({(2, 1): 4, (2, 2): 2}, 6)
    """
    shoe.require(MAX_CARDS, "football poker (a hand may take 3 cards)")
    n = class_counts(shoe)
    cards = shoe.total
    counts = dict.fromkeys(FINAL_HANDS, 0)
    for a in range(CLASSES):
        if not n[a]:
            continue
        for b in range(CLASSES):
            two = n[a] * (n[b] - (a == b))
            if two <= 0:
                continue
            total = (a + b) % 10
            if total not in THIRD_CARD_TOTALS:
                counts[(CARDS_DEALT, total)] += two * (cards - 2)
                continue
            for c in range(CLASSES):
                three = n[c] - (c == a) - (c == b)
                if three > 0:
                    counts[(MAX_CARDS, (total + c) % 10)] += two * three
    denominator = cards * (cards - 1) * (cards - 2)
    if sum(counts.values()) != denominator:  # pragma: no cover - an identity, kept as a guard
        raise AssertionError(f"hand weights sum to {sum(counts.values())}, not {denominator}")
    return counts, denominator


def football_hand_distribution(shoe: ShoeCounts) -> dict[tuple[int, int], Fraction]:
    """Exact ``P(cards, total)`` of a hand's final cards and total, for the hands that can
    occur (for comparing with a simulation)."""
    counts, total = football_hand_counts(shoe)
    return {hand: Fraction(n, total) for hand, n in counts.items() if n}


@cache
def _bet_tables() -> tuple[tuple[BetKind, Mapping[tuple[int, int], tuple[Result, Fraction]]], ...]:
    """For each bet, its result and net per unit on every final hand, by ``decide()``."""
    out = []
    for bet in BetKind:
        table = {}
        for cards, total in FINAL_HANDS:
            d = decide(bet, total, cards=cards)
            table[(cards, total)] = (d.result, net_of(d.result, d.prize, None))
        out.append((bet, table))
    return tuple(out)


def football_odds_for(shoe: ShoeCounts) -> OddsReport:
    """The exact odds of every Football Poker bet on one hand dealt from ``shoe``.

    Bets (``BetKind`` order): ``upper`` 1-4, ``lower`` 5-8, ``even`` 2/4/6/8, ``odd`` 1/3/5/7
    (Art 3.1-3.4, 9.1: 1:1), ``post`` (Art 3.5, 9.2: three cards totalling 0 or 9, 8:1). A
    three-card 0 makes the other bets lose half (``half``, -1/2), a three-card 9 returns them
    (``push``, 0) (Art 8.2).

    Distributions: ``hand`` (``"2:1"``..``"2:8"``, ``"3:0"``..``"3:9"``: cards and total),
    ``total`` (``"0"``..``"9"``, the final total whatever the cards).
    """
    counts, denominator = football_hand_counts(shoe)
    bets: dict[str, BetOdds] = {}
    for bet, table in _bet_tables():
        by_result = dict.fromkeys(results_in(r for r, _ in table.values()), 0)
        ev = Fraction(0)
        for hand, n in counts.items():
            result, net = table[hand]
            by_result[result] += n
            ev += net * n
        bets[bet.value] = BetOdds(
            bet.value,
            payout_text(PRIZE[bet]),
            {r.value: Fraction(n, denominator) for r, n in by_result.items()},
            ev / denominator,
        )
    totals = [0] * 10
    for (_, total), n in counts.items():
        totals[total] += n
    distributions = {
        "hand": {f"{c}:{t}": Fraction(n, denominator) for (c, t), n in counts.items()},
        "total": {str(t): Fraction(n, denominator) for t, n in enumerate(totals)},
    }
    return OddsReport(
        game=GAME,
        decks=shoe.decks,
        removed=shoe.removed,
        cards_in_shoe=shoe.total,
        bets=bets,
        distributions=distributions,
        shoe=shoe,
    )


def football_odds(decks: int, removed: CardsLike | None = None) -> OddsReport:
    """The exact odds of every bet for ``decks`` full decks less the ``removed`` cards.

    The regulation requires six or more decks (Art 2.1; the CLI enforces it); any ``decks >= 1``
    is accepted here for analysis.

    >>> football_odds(6, "Ks").removed, football_odds(6, "Ks").cards_in_shoe
    (('Ks',), 311)
    """
    return football_odds_for(ShoeCounts.standard(decks, removed))


def football_effect_of_removal_for(shoe: ShoeCounts) -> EffectOfRemoval:
    """Every bet's change in ``ev`` when one card of each rank is removed from ``shoe``. T, J,
    Q and K all count 0 (Art 7.2), so their rows are equal; they are computed anyway."""
    return effect_of_removal(shoe, football_odds_for)


def football_effect_of_removal(decks: int, removed: CardsLike | None = None) -> EffectOfRemoval:
    """:func:`football_effect_of_removal_for` on ``decks`` decks less ``removed``.

    >>> eor = football_effect_of_removal(6)
    >>> eor.effects[Rank.TEN] == eor.effects[Rank.KING], list(eor.effects)[0]
    (True, <Rank.ACE: 12>)
    """
    return football_effect_of_removal_for(ShoeCounts.standard(decks, removed))
