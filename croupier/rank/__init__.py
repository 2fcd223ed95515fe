"""Hand ranking: one model of formations and orders, configured per game, with a scalar API
(:func:`rank`) and a batch API over NumPy arrays (:func:`rank_batch`) that agree on every hand."""

from croupier.rank.batch import all_hands, category_counts, rank_batch
from croupier.rank.hand import HandRank, rank, strength5, strength_of_codes, tiers_in_order
from croupier.rank.model import RULES, STUD40, THIRTEEN, Category, RankRules, rules_named

__all__ = [
    "RULES",
    "STUD40",
    "THIRTEEN",
    "Category",
    "HandRank",
    "RankRules",
    "all_hands",
    "category_counts",
    "rank",
    "rank_batch",
    "rules_named",
    "strength5",
    "strength_of_codes",
    "tiers_in_order",
]
