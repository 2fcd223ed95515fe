"""Hand ranking: one model of formations and orders, configured per game, with a scalar API
(:func:`rank`) and a batch API over NumPy arrays (:func:`rank_batch`) that agree on every hand."""

from typing import TYPE_CHECKING, Any

from croupier.rank.hand import HandRank, rank, strength5, strength_of_codes, tiers_in_order
from croupier.rank.model import RULES, STUD40, THIRTEEN, Category, RankRules, rules_named

if TYPE_CHECKING:
    from croupier.rank.batch import all_hands, category_counts, rank_batch

#: the batch API's names, imported when first asked for (NumPy loads with it: a scalar caller
#: does without)
_BATCH = frozenset({"all_hands", "category_counts", "rank_batch"})


def __getattr__(name: str) -> Any:
    if name in _BATCH:
        from croupier.rank import batch

        return getattr(batch, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
