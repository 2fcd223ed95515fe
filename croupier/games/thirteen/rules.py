"""Jogo de 13 Cartas, Portaria 51/89/M: the material, the deal's articles and the table options.

Positions are numbered from the banker (position 1) counterclockwise, so dealing counterclockwise
(Art 2 b) visits positions ``1, 2, 3, 4, 1, ...`` in that numbering.

The regulation says the dice total "determina o lugar que deve receber a primeira carta, contado a
partir do banqueiro e em sentido oposto ao do ponteiro do relógio" (Art 2 b). Whether the banker's
own place counts as the first of the count is not written; the table options
(:class:`~croupier.games.thirteen.options.ThirteenOptions`) make it the named option
``count_banker_as_one`` (default ``True``: the banker counts 1, so a total of 5 comes back to the
banker).

The options class lived here as ``ThirteenTable``; that name still imports from this module (an
alias of :class:`~croupier.games.thirteen.options.ThirteenOptions`, with ``DEFAULT_TABLE``) for
one release, so code written against it keeps working.

>>> from croupier.games.thirteen.options import ThirteenOptions
>>> first_position(5)
1
>>> first_position(6)
2
>>> first_position(6, ThirteenOptions(count_banker_as_one=False))
3
>>> [next_position(p) for p in POSITIONS]
[2, 3, 4, 1]
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Protocol

from croupier.errors import RuleViolation

if TYPE_CHECKING:  # the old names of the options (see the module docstring)
    from croupier.games.thirteen.options import DEFAULT_OPTIONS as DEFAULT_TABLE
    from croupier.games.thirteen.options import ThirteenOptions as ThirteenTable

__all__ = [
    "BANKER",
    "CARDS_PER_POSITION",
    "COMMISSION",
    "DEAL_DIRECTION",
    "DECKS",
    "DECK_SIZE",
    "DEFAULT_TABLE",
    "DICE_COUNT",
    "MAX_DECIMALS",
    "MIN_CUT",
    "POSITIONS",
    "POSITION_COUNT",
    "PRIZE",
    "REGULATION",
    "SETTING_SECONDS",
    "STAKE_UNITS",
    "UNIT",
    "HouseWay",
    "ThirteenTable",
    "check_cut",
    "first_position",
    "next_position",
]

REGULATION: Final = "Portaria 51/89/M"

#: Art 1 a: one 52-card deck.
DECKS: Final = 1
#: Art 3: four places at each table, the banker's included.
POSITION_COUNT: Final = 4
#: The banker's position; the others follow counterclockwise (GAMES.md).
BANKER: Final = 1
POSITIONS: Final[tuple[int, ...]] = tuple(range(1, POSITION_COUNT + 1))
#: Art 2 b: 13 cards for each place.
CARDS_PER_POSITION: Final = 13
#: Art 1 c, 2 b: four dice.
DICE_COUNT: Final = 4
#: Art 2 a: "Deve-se partir, de cada vez, um mínimo de dez cartas."
MIN_CUT: Final = 10
#: Art 2 b: the deal goes "em sentido oposto ao do ponteiro do relógio".
DEAL_DIRECTION: Final = "counterclockwise"
#: Every card of the deck is dealt: 4 x 13 = 52 (Art 2 b-c).
DECK_SIZE: Final = POSITION_COUNT * CARDS_PER_POSITION


class HouseWay(StrEnum):
    """How the banker (the house) sets its 13 cards: the table's house way *(option)*.

    The regulation leaves the banker's setting to the banker (Art 2 d: he sets first and shows);
    the house way is the strategy the house's dealer follows, implemented by
    :mod:`croupier.games.thirteen.solver`.

    * ``expected-points``: the setting with the best expected point balance against every hand a
      player could hold.
    * ``strongest-back``: the strongest back tier, then middle, then front, never fouled.
    * ``strongest-front``: the strongest front tier that still leaves a legal setting.
    * ``maximin``: the setting that gives best-responding players (who see it, Art 2 d) least,
      by a table learned from a search (:mod:`croupier.odds.thirteen_house`).
    """

    EXPECTED_POINTS = "expected-points"
    STRONGEST_BACK = "strongest-back"
    STRONGEST_FRONT = "strongest-front"
    MAXIMIN = "maximin"


#: Art 11: a stake is "1, 2 ou 3 pontos" (units).
STAKE_UNITS: Final[tuple[int, ...]] = (1, 2, 3)
#: Art 11: "prémios equivalentes a metade do valor da sua aposta".
PRIZE: Final = Fraction(1, 2)
#: Art 11: "menos uma comissão de 2% para a Casa" (of the prize).
COMMISSION: Final = Fraction(2, 100)
#: Art 2 d: "dentro de cinco minutos, após o banqueiro mostrar as suas cartas".
SETTING_SECONDS: Final = 300
#: The default betting unit in the table's smallest currency unit (10,000 cents = 100.00).
UNIT: Final = 10_000
#: The most decimals a table's currency display may use (``ThirteenOptions.decimals``).
MAX_DECIMALS: Final = 6


class _Counting(Protocol):
    """What :func:`first_position` reads of the table options."""

    @property
    def count_banker_as_one(self) -> bool: ...


def __getattr__(name: str) -> Any:
    """The options' old names, ``ThirteenTable`` and ``DEFAULT_TABLE`` (imported when asked
    for: the options module imports this one)."""
    if name in ("ThirteenTable", "DEFAULT_TABLE"):
        from croupier.games.thirteen import options

        return options.ThirteenOptions if name == "ThirteenTable" else options.DEFAULT_OPTIONS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def first_position(dice_total: int, table: _Counting | None = None) -> int:
    """The position that receives the first card for a dice total (Art 2 b).

    Counted from the banker (position 1) counterclockwise; ``table`` (the table options, default
    the regulation's) gives the counting option ``count_banker_as_one``. The total of four dice
    is 4..24; any other total is refused (Art 2 c: no player may add points to the total or
    take points from it).

    >>> [first_position(t) for t in range(4, 12)]
    [4, 1, 2, 3, 4, 1, 2, 3]
    >>> first_position(3)
    Traceback (most recent call last):
    ...
    croupier.errors.RuleViolation: Art 2 c: a total of 4 dice is 4..24, got 3
    """
    if not DICE_COUNT <= dice_total <= 6 * DICE_COUNT:
        raise RuleViolation(
            "Art 2 c",
            f"a total of {DICE_COUNT} dice is {DICE_COUNT}..{6 * DICE_COUNT}, got {dice_total}",
        )
    if table is None or table.count_banker_as_one:
        return (dice_total - 1) % POSITION_COUNT + 1
    return dice_total % POSITION_COUNT + 1


def next_position(position: int) -> int:
    """The next position counterclockwise (Art 2 b), in the numbering from the banker."""
    return position % POSITION_COUNT + 1


def check_cut(cut: int) -> int:
    """Check a cut of the 52-card deck: at least 10 cards moved (Art 2 a), and at least 10 left.

    The cut moves the top ``cut`` cards to the bottom. The article asks for "a minimum of ten
    cards" at each cut; reading: both packets of the cut hold at least ten cards, so a legal cut
    is 10..42.

    >>> check_cut(10), check_cut(42)
    (10, 42)
    >>> check_cut(9)
    Traceback (most recent call last):
    ...
    croupier.errors.RuleViolation: Art 2 a: a cut must move at least 10 cards and leave at least \
10, got cut 9
    """
    if isinstance(cut, bool) or not isinstance(cut, int):
        raise RuleViolation("Art 2 a", f"a cut is a number of cards, got {cut!r}")
    if not MIN_CUT <= cut <= DECK_SIZE - MIN_CUT:
        raise RuleViolation(
            "Art 2 a",
            f"a cut must move at least {MIN_CUT} cards and leave at least {MIN_CUT}, got cut {cut}",
        )
    return cut
