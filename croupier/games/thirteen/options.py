"""The table options of the 13-card game (Portaria 51/89/M; GAMES.md §1): one frozen dataclass,
:class:`ThirteenOptions`, every reading GAMES.md marks *(option)* a field of it.

Where the text is clear the default is its letter; where it is silent the most plausible Macau
practice, said so; every other reading is a field here (docs/rules.md §1 lists them).

Records: options added after records were first written (``naturals_from_cards``,
``six_pairs_with_trio``, ``new_dice_after_cancel``, ``seats``, ...) are read, when a game record
lacks them, under the rule that record was played by (:data:`RECORD_LEGACY`), and written into a
game record only when they differ from it, so an old record replays to its digest.

>>> ThirteenOptions().stakes
(10000, 20000, 30000)
>>> ThirteenOptions.from_dict(ThirteenOptions(unit=500).to_dict()).unit
500

The command line sets any field with ``--option KEY=VALUE`` (:mod:`croupier.table.settings`);
``croupier table options thirteen`` lists them.
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
from croupier.games.thirteen.scoring import Readings
from croupier.money import Rounding
from croupier.protocol import decode
from croupier.records import as_int, is_int

__all__ = ["DEFAULT_OPTIONS", "RECORD_LEGACY", "ThirteenOptions"]

#: The most seconds any of the table's time limits may be (an hour).
MAX_SECONDS: Final = 3600
#: The largest betting unit (10**12 of the smallest unit), and the largest stake in units.
MAX_UNIT: Final = 10**12
MAX_STAKE_UNITS: Final = 1000


@dataclass(frozen=True, slots=True)
class ThirteenOptions:
    """Table options of the 13-card game (GAMES.md §1; every *(option)* there is one here).

    The deal:

    * ``count_banker_as_one`` (reading of Art 2 b, default ``True``): the dice total is counted
      from the banker counterclockwise *with the banker's place counting as 1*, so the first card
      goes to position ``(total - 1) % 4 + 1``. With ``False`` the count starts at the place after
      the banker (position 2 counts 1), so the first card goes to position ``total % 4 + 1``.
    * ``new_dice_after_cancel`` (Art 4, default ``False``): after a deal cancelled for a misdeal
      the deck is shuffled again and cut, and the dice already thrown stand (the letter: Art 4
      names the shuffle, the machine and the cut, no new throw); ``True``: the dice are thrown
      again too.

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

    Seats and what they see:

    * ``seats`` (Art 3, default 3): the players who may sit at the table ("quatro lugares,
      incluindo o do dealer banqueiro": three places besides the banker's); ``None``: no limit.
      Others bet standing (Art 5: only a seated player holds cards).
    * ``bettors_see_cards`` (Art 5, default ``True``): a player with a stake on a position held
      by someone else sees its cards (and its setting) from the banker's show, so he can suggest
      how to set them (Art 5: «poderão apresentar ... sugestões»); ``False``: only the holder
      sees them before the reveal. The text is silent on seeing, so this is an option.

    Play:

    * ``setting_seconds`` (Art 2 d, default 300 = five minutes): the time the players have to set
      after the banker shows; a position not set by then loses.
    * ``house_way`` (default ``expected-points``): the banker's strategy (:class:`HouseWay`).
    * ``naturals_from_cards`` (Art 7, 9 I, default ``False``): ``False`` is the letter, a fouled
      setting loses «automaticamente» whatever the cards and three flushes / three straights
      count when set as such; ``True``: a natural is recognised from the 13 cards whatever the
      setting (:class:`~croupier.games.thirteen.scoring.Readings`).
    * ``six_pairs_with_trio`` (Art 9 I, default ``False``): a trio counts as a pair and the odd
      card in six pairs and a half (the letter wants an «unequal» 13th card).
    * ``betting_seconds`` (table practice, default 60) and ``dice_seconds`` (default 30): the
      table's betting window after a round opens, and the time the thrower has to throw; at
      the end of each the dealer closes the bets, or throws for him (the regulation sets
      neither).

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
    naturals_from_cards: bool = False
    six_pairs_with_trio: bool = False
    new_dice_after_cancel: bool = False
    seats: int | None = 3
    bettors_see_cards: bool = True
    betting_seconds: int = 60
    dice_seconds: int = 30

    def __post_init__(self) -> None:
        for name in _BOOLS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise MaterialError(f"{name} must be True or False, got {value!r}")
        if not is_int(self.unit) or not 1 <= self.unit <= MAX_UNIT:
            raise MaterialError(
                f"Art 11: unit must be a whole number of units 1..{MAX_UNIT}, got {self.unit!r}"
            )
        units = self.stake_units
        if isinstance(units, list):
            units = tuple(units)
            object.__setattr__(self, "stake_units", units)
        if (
            not isinstance(units, tuple)
            or not units
            or not all(is_int(n) and 1 <= n <= MAX_STAKE_UNITS for n in units)
            or list(units) != sorted(set(units))
        ):
            raise MaterialError(
                f"Art 11: stake_units must be whole numbers 1..{MAX_STAKE_UNITS} in strictly "
                f"ascending order, got {self.stake_units!r}"
            )
        if not isinstance(self.prize, Fraction) or not 0 < self.prize <= 100:
            raise MaterialError(f"Art 11: prize must be a Fraction in (0, 100], got {self.prize!r}")
        if not isinstance(self.commission, Fraction) or not 0 <= self.commission < 1:
            raise MaterialError(
                f"Art 11: commission must be a Fraction in [0, 1), got {self.commission!r}"
            )
        for name, rule in (
            ("setting_seconds", "Art 2 d"),
            ("betting_seconds", "Art 2 c"),
            ("dice_seconds", "Art 2 b"),
        ):
            value = getattr(self, name)
            if not is_int(value) or not 1 <= value <= MAX_SECONDS:
                raise MaterialError(
                    f"{rule}: {name} must be a whole number 1..{MAX_SECONDS}, got {value!r}"
                )
        if not isinstance(self.rounding, Rounding):
            raise MaterialError(f"rounding must be a Rounding, got {self.rounding!r}")
        if not is_int(self.decimals) or not 0 <= self.decimals <= MAX_DECIMALS:
            raise MaterialError(f"decimals must be 0..{MAX_DECIMALS}, got {self.decimals!r}")
        if not isinstance(self.house_way, HouseWay):
            raise MaterialError(f"house_way must be a HouseWay, got {self.house_way!r}")
        if self.seats is not None and (not is_int(self.seats) or not 1 <= self.seats <= 3):
            raise MaterialError(
                f"Art 3: seats must be 1..3 (four places, the banker's included) or None, "
                f"got {self.seats!r}"
            )

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

    @property
    def readings(self) -> Readings:
        """The readings of Art 7 and 9 I the scoring follows."""
        return Readings(
            naturals_from_cards=self.naturals_from_cards,
            six_pairs_with_trio=self.six_pairs_with_trio,
        )

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
            "naturals_from_cards": self.naturals_from_cards,
            "six_pairs_with_trio": self.six_pairs_with_trio,
            "new_dice_after_cancel": self.new_dice_after_cancel,
            "seats": self.seats,
            "bettors_see_cards": self.bettors_see_cards,
            "betting_seconds": self.betting_seconds,
            "dice_seconds": self.dice_seconds,
        }
        if full:
            return values
        defaults = _DEFAULTS
        return {k: v for k, v in values.items() if k == "count_banker_as_one" or v != defaults[k]}

    def to_record_dict(self) -> dict[str, Any]:
        """The options as a game record writes them: every option a record has always held,
        and of those added since, the ones that differ from :data:`RECORD_LEGACY` (so a record
        written before an option existed replays to its digest)."""
        values = self.to_dict(full=True)
        return {k: v for k, v in values.items() if RECORD_LEGACY.get(k, _ALWAYS) != v}

    @classmethod
    def from_record_dict(cls, data: Mapping[str, Any]) -> ThirteenOptions:
        """The options of a game record: an option it lacks that was added after records were
        first written takes the value of :data:`RECORD_LEGACY`, the rule it was played by."""
        if not isinstance(data, Mapping):
            raise RecordError("options", f"table options must be an object, got {data!r}")
        legacy = {k: v for k, v in RECORD_LEGACY.items() if k not in data}
        return cls.from_dict({**data, **legacy})

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
            raise RecordError(
                unknown[0],
                f"unknown table option {unknown[0]!r}",
            )
        kwargs: dict[str, Any] = {}
        for name in _BOOLS:
            if name in data:
                value = data[name]
                if not isinstance(value, bool):
                    raise RecordError(name, f"{name} must be true or false, got {value!r}")
                kwargs[name] = value
        for name in ("unit", "setting_seconds", "decimals", "betting_seconds", "dice_seconds"):
            if name in data:
                kwargs[name] = as_int(data[name], name)
        if "seats" in data:
            kwargs["seats"] = None if data["seats"] is None else as_int(data["seats"], "seats")
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
_BOOLS: Final = (
    "count_banker_as_one",
    "naturals_from_cards",
    "six_pairs_with_trio",
    "new_dice_after_cancel",
    "bettors_see_cards",
)
_ALWAYS: Final = object()


DEFAULT_OPTIONS: Final = ThirteenOptions()
_DEFAULTS: Final = DEFAULT_OPTIONS.to_dict(full=True)

#: The rule a game record that lacks an option was played by: the options added after the
#: first records, with the value the engine had before each existed.
RECORD_LEGACY: Final[Mapping[str, Any]] = {
    "naturals_from_cards": True,
    "six_pairs_with_trio": True,
    "new_dice_after_cancel": True,
    "seats": None,
    "bettors_see_cards": True,
    "betting_seconds": 60,
    "dice_seconds": 30,
}
