"""The banker's own setting, as the house's dealer makes it (Portaria 51/89/M Art 2 d, 7, 9 I).

The banker sets first, without seeing anyone, by the table's house way (an option,
:func:`~croupier.games.thirteen.solver.house_way`). Holding a natural he shows it: a dragon or
six pairs and a half count under any setting that has not fouled, so the house way's setting
shows them; three flushes and three straights count only when set as such (Art 9 I, the
letter), so the house sets them as such (:func:`~croupier.games.thirteen.scoring.natural_setting`).
A natural beats every hand that is not one, so no setting does better.

>>> from croupier.games.thirteen.options import ThirteenOptions
>>> str(house_setting("2h 5h 9h Jh Kh 2s 6s 8s Ts Qs 4d 7d Ad", ThirteenOptions()))
'4d 7d Ad / 2s 6s 8s Ts Qs / 2h 5h 9h Jh Kh'
"""

from __future__ import annotations

from collections.abc import Iterable

from croupier.cards import Card, parse_cards
from croupier.games.thirteen.options import ThirteenOptions
from croupier.games.thirteen.scoring import Natural, Setting, natural_setting, naturals_of

__all__ = ["house_setting"]


def house_setting(cards: Iterable[Card | str] | str, options: ThirteenOptions) -> Setting:
    """The banker's setting of ``cards``: the house way's, or the natural's (see the module
    docstring); never fouled."""
    from croupier.games.thirteen.solver import house_way

    hand = parse_cards(cards, count=13)
    held = naturals_of(hand, options.readings)
    by_cards = held & {Natural.DRAGON, Natural.SIX_PAIRS_AND_A_HALF}
    if held and not by_cards and not options.naturals_from_cards:
        flushes = Natural.THREE_FLUSHES in held
        return natural_setting(hand, Natural.THREE_FLUSHES if flushes else Natural.THREE_STRAIGHTS)
    return house_way(hand, options.house_way)
