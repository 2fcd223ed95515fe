"""The table options of the 13-card game (Portaria 51/89/M; GAMES.md §1): one frozen dataclass,
:class:`ThirteenOptions`, every reading GAMES.md marks *(option)* a field of it.

>>> ThirteenOptions().stakes
(10000, 20000, 30000)
>>> ThirteenOptions.from_dict(ThirteenOptions(unit=500).to_dict())
ThirteenOptions(count_banker_as_one=True, unit=500, stake_units=(1, 2, 3), prize=Fraction(1, 2), \
commission=Fraction(1, 50), setting_seconds=300, rounding=<Rounding.HOUSE: 'house'>, decimals=2, \
house_way=<HouseWay.EXPECTED_POINTS: 'expected-points'>)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from croupier.errors import MaterialError, RecordError
from croupier.games.thirteen.rules import (
    COMMISSION,
    MAX_DECIMALS,
    PRIZE,
    SETTING_SECONDS,
    STAKE_UNITS,
    UNIT,
    HouseWay,
)
from croupier.money import Rounding
from croupier.protocol import decode
from croupier.records import as_int, is_int

__all__ = ["DEFAULT_OPTIONS", "ThirteenOptions"]


@dataclass(frozen=True, slots=True)
class ThirteenOptions:
    """Table options of the 13-card game (GAMES.md §1; every *(option)* there is one here).

    The deal:

    * ``count_banker_as_one`` (reading of Art 2 b, default ``True``): the dice total is counted
      from the banker counterclockwise *with the banker's place counting as 1*, so the first card
      goes to position ``(total - 1) % 4 + 1``. With ``False`` the count starts at the place after
      the banker (position 2 counts 1), so the first card goes to position ``total % 4 + 1``.

    Money (amounts are integers of the table's smallest currency unit, cents by default):

    * ``unit`` (default 10,000 = 100.00): one betting unit ("ponto", Art 11).
    * ``stake_units`` (Art 11, default ``(1, 2, 3)``): the whole stakes, in units, one player
      may have on one position; strictly ascending.
    * ``prize`` (Art 11, default 1/2): a win is paid this fraction of the stake (a Fraction
      > 0). The half reflects that the player sees the banker's setting before setting his own.
    * ``commission`` (Art 11, default 2/100): the house's share of the prize, in ``[0, 1)``.
    * ``rounding`` (default ``house``): how an amount owed that is not a whole unit is paid
      (:class:`~croupier.money.Rounding`).
    * ``decimals`` (display only, 0..6, default 2): the smallest unit is ``10**-decimals``.

    Play:

    * ``setting_seconds`` (Art 2 d, default 300 = five minutes): the time the players have to set
      after the banker shows; a position not set by then loses.
    * ``house_way`` (default ``expected-points``): the banker's strategy (:class:`HouseWay`).

    :meth:`to_dict` always writes ``count_banker_as_one`` and, of the other options, those that
    differ from their defaults (so a deal record of a default table reads as it always has);
    :meth:`to_dict` with ``full=True`` writes every option. :meth:`from_dict` reads either:
    missing options take their defaults, unknown ones are refused.

    >>> table = ThirteenOptions(prize=Fraction(3, 4), stake_units=(1, 2, 3, 5))
    >>> table.to_dict()
    {'count_banker_as_one': True, 'stake_units': [1, 2, 3, 5], 'prize': '3/4'}
    >>> ThirteenOptions.from_dict(table.to_dict()) == table
    True
    >>> ThirteenOptions(commission=Fraction(1))
    Traceback (most recent call last):
    ...
    croupier.errors.MaterialError: Art 11: commission must be a Fraction in [0, 1), got \
Fraction(1, 1)
    >>> ThirteenOptions.from_dict({"count_banker_as_one": True, "bank": 1})
    Traceback (most recent call last):
    ...
    croupier.errors.RecordError: unknown table option 'bank'
    """

    count_banker_as_one: bool = True
    unit: int = UNIT
    stake_units: tuple[int, ...] = STAKE_UNITS
    prize: Fraction = PRIZE
    commission: Fraction = COMMISSION
    setting_seconds: int = SETTING_SECONDS
    rounding: Rounding = Rounding.HOUSE
    decimals: int = 2
    house_way: HouseWay = HouseWay.EXPECTED_POINTS

    def __post_init__(self) -> None:
        if not isinstance(self.count_banker_as_one, bool):
            raise MaterialError(
                f"count_banker_as_one must be True or False, got {self.count_banker_as_one!r}"
            )
        if not is_int(self.unit) or self.unit < 1:
            raise MaterialError(
                f"Art 11: unit must be a whole number of units >= 1, got {self.unit!r}"
            )
        units = self.stake_units
        if isinstance(units, list):
            units = tuple(units)
            object.__setattr__(self, "stake_units", units)
        if (
            not isinstance(units, tuple)
            or not units
            or not all(is_int(n) and n >= 1 for n in units)
            or list(units) != sorted(set(units))
        ):
            raise MaterialError(
                "Art 11: stake_units must be whole numbers >= 1 in strictly ascending order, "
                f"got {self.stake_units!r}"
            )
        if not isinstance(self.prize, Fraction) or self.prize <= 0:
            raise MaterialError(f"Art 11: prize must be a Fraction > 0, got {self.prize!r}")
        if not isinstance(self.commission, Fraction) or not 0 <= self.commission < 1:
            raise MaterialError(
                f"Art 11: commission must be a Fraction in [0, 1), got {self.commission!r}"
            )
        if not is_int(self.setting_seconds) or self.setting_seconds < 1:
            raise MaterialError(
                f"Art 2 d: setting_seconds must be a whole number >= 1, "
                f"got {self.setting_seconds!r}"
            )
        if not isinstance(self.rounding, Rounding):
            raise MaterialError(f"rounding must be a Rounding, got {self.rounding!r}")
        if not is_int(self.decimals) or not 0 <= self.decimals <= MAX_DECIMALS:
            raise MaterialError(f"decimals must be 0..{MAX_DECIMALS}, got {self.decimals!r}")
        if not isinstance(self.house_way, HouseWay):
            raise MaterialError(f"house_way must be a HouseWay, got {self.house_way!r}")

    @property
    def stakes(self) -> tuple[int, ...]:
        """The allowed whole stakes on one position in currency units (Art 11).

        >>> ThirteenOptions().stakes
        (10000, 20000, 30000)
        """
        return tuple(n * self.unit for n in self.stake_units)

    @property
    def setting_ms(self) -> int:
        """The setting time in milliseconds of the table clock (Art 2 d)."""
        return self.setting_seconds * 1000

    def to_dict(self, *, full: bool = False) -> dict[str, Any]:
        """JSON-ready options: ``count_banker_as_one`` and every option not at its default
        (``full``: every option)."""
        values: dict[str, Any] = {
            "count_banker_as_one": self.count_banker_as_one,
            "unit": self.unit,
            "stake_units": list(self.stake_units),
            "prize": str(self.prize),
            "commission": str(self.commission),
            "setting_seconds": self.setting_seconds,
            "rounding": self.rounding.value,
            "decimals": self.decimals,
            "house_way": self.house_way.value,
        }
        if full:
            return values
        defaults = _DEFAULTS
        return {k: v for k, v in values.items() if k == "count_banker_as_one" or v != defaults[k]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ThirteenOptions:
        """The options from :meth:`to_dict` output, strictly: no value that merely converts (a
        ``"2"`` for 2, a ``0`` for False, a float for a fraction) and no unknown option; a
        missing option takes its default.

        >>> ThirteenOptions.from_dict({"count_banker_as_one": False}).count_banker_as_one
        False
        >>> ThirteenOptions.from_dict({"prize": 0.5})
        Traceback (most recent call last):
        ...
        croupier.errors.RecordError: field 'prize' must be a fraction 'p/q', got 0.5
        """
        if not isinstance(data, Mapping):
            raise RecordError("options", f"table options must be an object, got {data!r}")
        unknown = sorted(str(k) for k in set(data) - set(_FIELDS))
        if unknown:
            raise RecordError(unknown[0], f"unknown table option {unknown[0]!r}")
        value = data.get("count_banker_as_one", True)
        if not isinstance(value, bool):
            raise RecordError(
                "count_banker_as_one", f"count_banker_as_one must be true or false, got {value!r}"
            )
        kwargs: dict[str, Any] = {"count_banker_as_one": value}
        for name in ("unit", "setting_seconds", "decimals"):
            if name in data:
                kwargs[name] = as_int(data[name], name)
        if "stake_units" in data:
            units = data["stake_units"]
            if not isinstance(units, list | tuple):
                raise RecordError(
                    "stake_units", f"field 'stake_units' must be a list, got {units!r}"
                )
            kwargs["stake_units"] = tuple(as_int(n, "stake_units") for n in units)
        for name in ("prize", "commission"):
            if name in data:
                kwargs[name] = decode(data[name], Fraction, name)
        for name, kind in (("rounding", Rounding), ("house_way", HouseWay)):
            if name in data:
                kwargs[name] = decode(data[name], kind, name)
        return cls(**kwargs)


_FIELDS: Final = tuple(f.name for f in dataclasses.fields(ThirteenOptions))


DEFAULT_OPTIONS: Final = ThirteenOptions()
_DEFAULTS: Final = DEFAULT_OPTIONS.to_dict(full=True)
