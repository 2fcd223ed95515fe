"""Jogo de 13 Cartas, Portaria 51/89/M: the articles the deal uses.

Positions are numbered from the banker (position 1) counterclockwise, so dealing counterclockwise
(Art 2 b) visits positions ``1, 2, 3, 4, 1, ...`` in that numbering.

The regulation says the dice total "determina o lugar que deve receber a primeira carta, contado a
partir do banqueiro e em sentido oposto ao do ponteiro do relógio" (Art 2 b). Whether the banker's
own place counts as the first of the count is not written; :class:`ThirteenTable` makes it the
named option ``count_banker_as_one`` (default ``True``: the banker counts 1, so a total of 5 comes
back to the banker).

>>> first_position(5)
1
>>> first_position(6)
2
>>> first_position(6, ThirteenTable(count_banker_as_one=False))
3
>>> [next_position(p) for p in POSITIONS]
[2, 3, 4, 1]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from croupier.errors import CroupierError, RuleViolation

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


@dataclass(frozen=True, slots=True)
class ThirteenTable:
    """Table options of the 13-card game that touch the deal.

    ``count_banker_as_one`` (reading of Art 2 b, default ``True``): the dice total is counted from
    the banker counterclockwise *with the banker's place counting as 1*, so the first card goes to
    position ``(total - 1) % 4 + 1``. With ``False`` the count starts at the place after the
    banker (position 2 counts 1), so the first card goes to position ``total % 4 + 1``.
    """

    count_banker_as_one: bool = True

    def to_dict(self) -> dict[str, object]:
        return {"count_banker_as_one": self.count_banker_as_one}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> ThirteenTable:
        value = data.get("count_banker_as_one", True)
        if not isinstance(value, bool):
            raise CroupierError(f"count_banker_as_one must be true or false, got {value!r}")
        return cls(count_banker_as_one=value)


DEFAULT_TABLE: Final = ThirteenTable()


def first_position(dice_total: int, table: ThirteenTable = DEFAULT_TABLE) -> int:
    """The position that receives the first card for a dice total (Art 2 b).

    Counted from the banker (position 1) counterclockwise; see :class:`ThirteenTable` for the
    counting option. The total of four dice is 4..24; any other total is refused (Art 2 c: no
    player may add points to the total or take points from it).

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
    if table.count_banker_as_one:
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
