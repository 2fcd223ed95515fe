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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from croupier.errors import MaterialError, RecordError, RuleViolation

__all__ = [
    "BetLimits",
    "Limit",
    "Rounding",
    "check_amount",
    "format_amount",
    "format_money",
    "format_rate",
    "pay",
]


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
    # Rounding(...) first: a plain string such as "player" is not ``Rounding.PLAYER`` by
    # identity and would otherwise fall through to half-even; an unknown one is a ValueError.
    rounding = Rounding(rounding)
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


#: the most digits :func:`format_money` adds to a currency's decimals for a fraction of its
#: smallest unit (5% of a whole unit is a multiple of 1/20: two digits always hold it)
MONEY_EXTRA_DIGITS = 2
#: the most decimals :func:`format_rate` shows
RATE_DIGITS = 4


def _decimal_text(value: Fraction, places: int, least: int) -> str:
    """``value`` (>= 0) with at least ``least`` and at most ``places`` decimals, trailing zeros
    beyond ``least`` trimmed, thousands commas; ``≈`` first when it is not exact."""
    scaled = value * 10**places
    rounded = round(scaled)
    whole, frac = divmod(rounded, 10**places)
    digits = f"{frac:0{places}d}" if places else ""
    while len(digits) > least and digits.endswith("0"):
        digits = digits[:-1]
    text = f"{whole:,}" + (f".{digits}" if digits else "")
    return text if rounded == scaled else "≈" + text


def format_money(
    amount: Fraction | int, *, decimals: int = 0, sign: bool = False, exact: bool = False
) -> str:
    """An amount of the smallest unit as a cashier shows it: the currency with its ``decimals``
    and thousands commas (``195.00``); an amount that holds a fraction of the smallest unit (a
    5% commission of an odd prize, half an odd stake) is rounded to it and marked ``≈``, or
    with ``exact`` shown with the (at most two) more digits that hold it (``0.975``). ``sign``:
    ``+`` before a positive amount. JSON keeps the exact value, never this text.

    >>> format_money(19500, decimals=2), format_money(Fraction(195, 2), decimals=2)
    ('195.00', '≈0.98')
    >>> format_money(Fraction(195, 2), decimals=2, exact=True)
    '0.975'
    >>> format_money(-250, decimals=2, sign=True), format_money(Fraction(1, 3), decimals=2)
    ('-2.50', '≈0.00')
    >>> format_money(1_000_000), format_money(5, sign=True)
    ('1,000,000', '+5')
    """
    value = Fraction(amount)
    prefix = "-" if value < 0 else ("+" if sign and value > 0 else "")
    places = decimals + (MONEY_EXTRA_DIGITS if exact else 0)
    return prefix + _decimal_text(abs(value) / 10**decimals, places, decimals)


def format_rate(rate: Fraction | int) -> str:
    """A rate (a fraction of 1) as a percentage, as a cashier writes it: ``5%``, ``2.5%``,
    ``0.25%``; ``≈`` when four decimals do not hold it exactly.

    >>> format_rate(Fraction(1, 20)), format_rate(Fraction(1, 40)), format_rate(Fraction(4, 100))
    ('5%', '2.5%', '4%')
    >>> format_rate(Fraction(1, 3)), format_rate(0)
    ('≈33.3333%', '0%')
    """
    value = Fraction(rate) * 100
    prefix = "-" if value < 0 else ""
    return prefix + _decimal_text(abs(value), RATE_DIGITS, 0) + "%"


@dataclass(frozen=True, slots=True)
class Limit:
    """A table limit for one bet: a player's whole stake on it at one place must be at least
    ``minimum`` and (when set) at most ``maximum`` units."""

    minimum: int = 1
    maximum: int | None = None

    def __post_init__(self) -> None:
        check_amount(self.minimum, "minimum")
        if self.maximum is not None and check_amount(self.maximum, "maximum") < self.minimum:
            raise MaterialError(f"limit maximum {self.maximum} is below minimum {self.minimum}")


@dataclass(frozen=True, slots=True)
class BetLimits:
    """The table's limits by bet name; bets not listed use ``default``.

    >>> limits = BetLimits(Limit(100, 50_000), {"tie": Limit(100, 5_000)})
    >>> limits.check("tie", 6_000)
    Traceback (most recent call last):
    ...
    croupier.errors.RuleViolation: table limits: a tie stake may be at most 5000 units, got 6000
    >>> BetLimits.from_dict(limits.to_dict()) == limits
    True
    """

    default: Limit = Limit()
    by_bet: Mapping[str, Limit] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_bet", MappingProxyType(dict(self.by_bet)))

    def __hash__(self) -> int:
        return hash((self.default, tuple(sorted(self.by_bet.items()))))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BetLimits):
            return NotImplemented
        return self.default == other.default and dict(self.by_bet) == dict(other.by_bet)

    def require_bets(self, known: Iterable[str], rule: str) -> None:
        """MaterialError (citing ``rule``) if a limit names a bet not in ``known``."""
        names = list(known)
        for name in self.by_bet:
            if name not in names:
                raise MaterialError(
                    f"{rule}: no bet {name!r} to limit (the bets are {', '.join(names)})"
                )

    def limit(self, bet: str) -> Limit:
        return self.by_bet.get(bet, self.default)

    def check(self, bet: str, total: int) -> None:
        """RuleViolation (rule ``table limits``) unless ``total`` is within ``bet``'s limit."""
        limit = self.limit(bet)
        if total < limit.minimum:
            raise RuleViolation(
                "table limits", f"a {bet} stake must be at least {limit.minimum} units, got {total}"
            )
        if limit.maximum is not None and total > limit.maximum:
            raise RuleViolation(
                "table limits", f"a {bet} stake may be at most {limit.maximum} units, got {total}"
            )

    def to_dict(self) -> dict[str, Any]:
        def one(limit: Limit) -> dict[str, Any]:
            return {"minimum": limit.minimum, "maximum": limit.maximum}

        return {
            "default": one(self.default),
            "by_bet": {k: one(v) for k, v in sorted(self.by_bet.items())},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BetLimits:
        def one(item: Any, where: str) -> Limit:
            if not isinstance(item, Mapping) or set(item) - {"minimum", "maximum"}:
                raise RecordError(where, f"limit {where!r} must be {{minimum, maximum}}")
            maximum = item.get("maximum")
            return Limit(
                check_amount(item.get("minimum", 1), "minimum"),
                None if maximum is None else check_amount(maximum, "maximum"),
            )

        if not isinstance(data, Mapping):
            raise RecordError("limits", f"limits must be an object, got {data!r}")
        unknown = sorted(str(k) for k in set(data) - {"default", "by_bet"})
        if unknown:
            raise RecordError(unknown[0], f"limits: unknown field {unknown[0]!r}")
        by_bet = data.get("by_bet", {})
        if not isinstance(by_bet, Mapping):
            raise RecordError("by_bet", "by_bet must map bet names to limits")
        return cls(
            one(data.get("default", {}), "default"),
            {str(k): one(v, str(k)) for k, v in by_bet.items()},
        )
