"""Exact money: stakes and payouts are integers of the table's smallest unit, never floats.

A table states its amounts in one smallest unit (for a Hong Kong dollar table, the cent: an
amount of ``2500`` is HK$25.00). Prizes that are whole multiples of a stake are exact. Two rules
make fractions of a unit: a 5% commission on a prize (3-card baccarat Art 10) and a bet that
"loses half" (football poker Art 8.2). The exact amount is kept as a :class:`~fractions.Fraction`
in the settlement record and the amount actually paid is rounded to a whole unit by the table's
:class:`Rounding` option (default :attr:`Rounding.HOUSE`: the casino does not pay fractions of
its smallest unit, so whatever goes to the player is rounded down).

>>> pay(Fraction(2375, 100), Rounding.HOUSE), pay(Fraction(2375, 100), Rounding.PLAYER)
(23, 24)
>>> pay(Fraction(47, 2), Rounding.HALF_EVEN), pay(Fraction(49, 2), Rounding.HALF_EVEN)
(24, 24)
>>> format_amount(123456, decimals=2)
'1,234.56'
"""

from __future__ import annotations

import math
from enum import StrEnum
from fractions import Fraction

from croupier.errors import RecordError

__all__ = ["Rounding", "check_amount", "format_amount", "pay"]


class Rounding(StrEnum):
    """How an amount owed to a player that is not a whole unit is paid (a table option).

    * ``house`` (default): rounded down; the fraction stays with the house.
    * ``player``: rounded up; the house gives the fraction.
    * ``half-even``: to the nearest unit, halves to the even unit.
    """

    HOUSE = "house"
    PLAYER = "player"
    HALF_EVEN = "half-even"


def pay(amount: Fraction | int, rounding: Rounding) -> int:
    """The whole number of units paid to a player who is owed ``amount`` (>= 0)."""
    value = Fraction(amount)
    if value < 0:
        raise ValueError(f"an amount paid cannot be negative, got {value}")
    if rounding is Rounding.HOUSE:
        return math.floor(value)
    if rounding is Rounding.PLAYER:
        return math.ceil(value)
    return round(value)  # Fraction rounds halves to even


def check_amount(value: object, field: str = "amount", *, minimum: int = 1) -> int:
    """An amount in units: an ``int`` (not a bool, float or string) of at least ``minimum``.

    >>> check_amount(2.5)
    Traceback (most recent call last):
    ...
    croupier.errors.RecordError: amount must be a whole number of units, got 2.5
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(field, f"{field} must be a whole number of units, got {value!r}")
    if value < minimum:
        raise RecordError(field, f"{field} must be at least {minimum}, got {value}")
    return value


def format_amount(units: int, *, decimals: int = 0) -> str:
    """``units`` of a currency whose smallest unit is ``10**-decimals``, with thousands commas."""
    sign = "-" if units < 0 else ""
    whole, frac = divmod(abs(units), 10**decimals)
    text = f"{whole:,}"
    if decimals:
        text += f".{frac:0{decimals}d}"
    return sign + text
