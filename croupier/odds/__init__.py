"""Exact odds of the banking card games, computed combinatorially from a shoe's rank counts.

* :mod:`croupier.odds.three_card_baccarat`: 3-card baccarat (Portaria 22/96/M).
* :mod:`croupier.odds.football_poker`: Football Poker (Despacho 65/2004).
* :mod:`croupier.odds.report`: the shoe (:class:`ShoeCounts`) and the report types.

>>> baccarat_odds(8).bets["tie"].payout, football_odds(6).bets["post"].payout
('20:1', '8:1')
"""

from croupier.odds.football_poker import (
    football_effect_of_removal,
    football_effect_of_removal_for,
    football_hand_counts,
    football_hand_distribution,
    football_odds,
    football_odds_for,
)
from croupier.odds.report import (
    BetOdds,
    EffectOfRemoval,
    OddsReport,
    ShoeCounts,
    ShoeError,
)
from croupier.odds.three_card_baccarat import (
    baccarat_effect_of_removal,
    baccarat_effect_of_removal_for,
    baccarat_joint_levels,
    baccarat_level_counts,
    baccarat_odds,
    baccarat_odds_for,
)

__all__ = [
    "BetOdds",
    "EffectOfRemoval",
    "OddsReport",
    "ShoeCounts",
    "ShoeError",
    "baccarat_effect_of_removal",
    "baccarat_effect_of_removal_for",
    "baccarat_joint_levels",
    "baccarat_level_counts",
    "baccarat_odds",
    "baccarat_odds_for",
    "football_effect_of_removal",
    "football_effect_of_removal_for",
    "football_hand_counts",
    "football_hand_distribution",
    "football_odds",
    "football_odds_for",
]
