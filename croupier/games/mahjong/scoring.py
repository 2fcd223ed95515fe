"""Scoring and payments of Hong Kong old-style Mah-Jong (``GAMES.md`` §2), explained and sourced.

Portaria 52/89/M is silent on winning, scoring and payments; ``GAMES.md`` §2 has us play them as
Hong Kong old style. Source: the English Wikipedia article *Hong Kong mahjong scoring rules*
(:data:`~croupier.games.mahjong.faan.SOURCE`); the faan table is
:data:`~croupier.games.mahjong.faan.PATTERNS`.

Scoring (:func:`score`): every way the hand reads (:func:`croupier.games.mahjong.hand.readings`)
is scored with the table; a pattern superseded by a tighter one that applies is not counted
(the source's rule); a limit hand scores the limit. The total is capped at the limit
(``ScoringOptions.limit``, default 13). The best reading has the most (capped) faan; ties go to
the higher uncapped total, then to the first reading in ``readings()``'s order. Below the minimum
(``min_faan``, default 3: "3 faan is the minimum needed" in the source's table) the hand is not a
legal win: ``Score.legal`` is False with the reason.

Payments (:func:`settle`), in whole ``unit``\\ s: the base of a hand of ``f`` faan is
``unit * 2**f`` (the payment doubles with each faan: ``GAMES.md`` §2, the source's "typically
exponential" function). By the source's modifiers:

* self-drawn: each of the three losers pays double, ``2 * base``;
* won on a discard, everyone pays (default): the discarder pays double, ``2 * base``, the other
  two losers ``base`` each;
* won on a discard, ``discarder_pays_all``: the discarder pays alone for all three
  (``4 * base``), the source's rule for a "high-risk" discard applied to every discard;
* ``banker_doubles`` (off by default): each payment East makes, and each payment made to East,
  is doubled, the classical game's rule (Hong Kong tables vary; our sources do not double);
* the house takes ``commission_bp`` basis points (1/10,000) of the winner's gain, rounded down
  to a whole unit (default 0; ``GAMES.md`` §2).

The settlement balances exactly: the seats' nets plus the house's commission sum to 0.

>>> from croupier.games.mahjong.melds import Meld, Reading
>>> from croupier.games.mahjong.rules import Round, Seat
>>> from croupier.tiles import Tile
>>> t = Tile.parse
>>> r = Reading((Meld.pung(t("C")), Meld.pung(t("F")), Meld.chow(t("1m")), Meld.chow(t("4m"))),
...             Meld.pair(t("P")))
>>> s = score_readings([r], WinContext(Seat.SOUTH, Round.EAST, t("4m"), discarder=Seat.WEST))
>>> s.faan, s.legal, [f"{p.name} {p.faan}" for p in s.best.patterns]
(9, True, ['concealed-hand 1', 'mixed-one-suit 3', 'small-three-dragons 5'])
>>> s.settlement.net
{<Seat.EAST: 0>: -512, <Seat.SOUTH: 1>: 2048, <Seat.WEST: 2>: -1024, <Seat.NORTH: 3>: -512}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from croupier.errors import MaterialError, RecordError
from croupier.games.mahjong.faan import (
    LIMIT,
    PATTERNS,
    SOURCE,
    FaanValue,
    Pattern,
    WinContext,
    faan_values,
)
from croupier.games.mahjong.melds import Meld, Reading
from croupier.games.mahjong.rules import Seat
from croupier.protocol import decode
from croupier.tiles import TilesLike, parse_tiles

__all__ = [
    "BASIS_POINTS",
    "Found",
    "ReadingScore",
    "Score",
    "ScoringOptions",
    "Settlement",
    "WinContext",
    "base_points",
    "false_win_payments",
    "score",
    "score_reading",
    "score_readings",
    "settle",
]

#: The commission is in basis points: 10,000 is the whole gain.
BASIS_POINTS: Final = 10_000


def _int(value: object, name: str, minimum: int, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise MaterialError(f"{name} must be an int >= {minimum}, got {value!r}")
    if maximum is not None and value > maximum:
        raise MaterialError(f"{name} must be <= {maximum}, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class ScoringOptions:
    """Table options of the scoring (``GAMES.md`` §2: every choice an option).

    * ``min_faan``: the least faan of a legal win (default 3: the source's table assumes 3);
    * ``limit``: the most faan a hand scores, and what a limit hand scores (default 13);
    * ``faan``: changes to the table's values, ``{"all-one-suit": 6}`` (``"limit"`` allowed);
    * ``unit``: the payment unit, in the smallest unit of money; the base is
      ``unit * 2**faan`` (default 1);
    * ``discarder_pays_all``: on a discard win the discarder pays for all three (default off:
      everyone pays);
    * ``commission_bp``: the house's commission on the winner's gain, in basis points (default
      0, GAMES.md §2);
    * ``seven_pairs``: seven distinct pairs is a winning hand (4 faan, the ``seven-pairs``
      pattern); not a hand of the classic game (default off);
    * ``banker_doubles``: East (the banker) pays and receives double, as in the classical game;
      the Hong Kong old-style sources do not double (default off; :func:`settle`).

    >>> options = ScoringOptions(limit=10, faan={"all-pungs": 4})
    >>> ScoringOptions.from_dict(options.to_dict()) == options
    True
    >>> ScoringOptions.from_dict({"minimum": 3})
    Traceback (most recent call last):
    ...
    croupier.errors.RecordError: unknown scoring option 'minimum'
    """

    min_faan: int = 3
    limit: int = 13
    faan: Mapping[str, FaanValue] = field(default_factory=dict)
    unit: int = 1
    discarder_pays_all: bool = False
    commission_bp: int = 0
    banker_doubles: bool = False
    seven_pairs: bool = False

    def __post_init__(self) -> None:
        _int(self.limit, "limit", 1)
        _int(self.min_faan, "min_faan", 0, self.limit)
        _int(self.unit, "unit", 1)
        _int(self.commission_bp, "commission_bp", 0, BASIS_POINTS)
        for flag in ("discarder_pays_all", "banker_doubles", "seven_pairs"):
            if not isinstance(getattr(self, flag), bool):
                raise MaterialError(f"{flag} must be True or False, got {getattr(self, flag)!r}")
        if not isinstance(self.faan, Mapping):
            raise MaterialError(f"faan must be a mapping, got {self.faan!r}")
        faan_values(self.faan)  # checks names and values
        object.__setattr__(self, "faan", dict(self.faan))

    def value(self, p: Pattern) -> int:
        """The faan one occurrence of ``p`` scores under these options (a limit hand: the limit)."""
        v = self.faan.get(p.name, p.faan)
        return self.limit if v == LIMIT else int(v)

    def to_dict(self) -> dict[str, Any]:
        return {
            "min_faan": self.min_faan,
            "limit": self.limit,
            "faan": dict(self.faan),
            "unit": self.unit,
            "discarder_pays_all": self.discarder_pays_all,
            "commission_bp": self.commission_bp,
            # options added later are written only when on, so that records written before
            # them keep their digests (a missing one is off, the rule they were played by)
            **{k: True for k in ("banker_doubles", "seven_pairs") if getattr(self, k)},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ScoringOptions:
        """The options from :meth:`to_dict` output, strictly (no unknown option, no conversion)."""
        if not isinstance(data, Mapping):
            raise RecordError("scoring", f"scoring options must be an object, got {data!r}")
        unknown = sorted(str(k) for k in set(data) - set(_FIELDS))
        if unknown:
            raise RecordError(unknown[0], f"unknown scoring option {unknown[0]!r}")
        kwargs: dict[str, Any] = {}
        for name in ("min_faan", "limit", "unit", "commission_bp"):
            if name in data:
                kwargs[name] = decode(data[name], int, name)
        for flag in ("discarder_pays_all", "banker_doubles", "seven_pairs"):
            if flag in data:
                kwargs[flag] = decode(data[flag], bool, flag)
        if "faan" in data:
            table = data["faan"]
            if not isinstance(table, Mapping):
                raise RecordError("faan", f"field 'faan' must be an object, got {table!r}")
            kwargs["faan"] = dict(table)
        try:
            return cls(**kwargs)
        except MaterialError as exc:
            raise RecordError("scoring", str(exc)) from None


_FIELDS: Final = tuple(f.name for f in dataclasses.fields(ScoringOptions))
DEFAULT_OPTIONS: Final = ScoringOptions()


@dataclass(frozen=True, slots=True)
class Found:
    """A pattern found in a reading: ``count`` occurrences scoring ``faan`` in all."""

    pattern: Pattern
    count: int
    faan: int

    @property
    def name(self) -> str:
        return self.pattern.name

    def to_dict(self) -> dict[str, Any]:
        p = self.pattern
        return {
            "name": p.name,
            "chinese": p.chinese,
            "count": self.count,
            "faan": self.faan,
            "limit": p.is_limit,
            "condition": p.condition,
            "source": p.source,
        }


@dataclass(frozen=True, slots=True)
class ReadingScore:
    """One reading scored: the patterns counted, the raw sum and the faan capped at the limit."""

    reading: Reading
    patterns: tuple[Found, ...]
    raw_faan: int
    faan: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "reading": str(self.reading),
            "patterns": [f.to_dict() for f in self.patterns],
            "raw_faan": self.raw_faan,
            "faan": self.faan,
        }


def score_reading(
    reading: Reading, context: WinContext, options: ScoringOptions = DEFAULT_OPTIONS
) -> ReadingScore:
    """One reading under the table: each pattern that applies and is not superseded by another
    that applies; the sum, capped at ``options.limit``."""
    counts = {p.name: p.count(reading, context) for p in PATTERNS}
    superseded = {s for p in PATTERNS if counts[p.name] for s in p.supersedes}
    found = tuple(
        Found(p, counts[p.name], counts[p.name] * options.value(p))
        for p in PATTERNS
        if counts[p.name] and p.name not in superseded
    )
    raw = sum(f.faan for f in found)
    return ReadingScore(reading, found, raw, min(raw, options.limit))


@dataclass(frozen=True, slots=True)
class Settlement:
    """Who pays whom, in whole units: ``net`` by seat (the winner's after commission), the
    ``commission`` the house keeps; ``sum(net) + commission == 0``."""

    winner: Seat
    base: int
    net: dict[Seat, int]
    commission: int
    rule: str

    def __post_init__(self) -> None:
        if sum(self.net.values()) + self.commission != 0:  # pragma: no cover - a guard
            raise MaterialError("mahjong settlement does not balance")

    @property
    def gain(self) -> int:
        """What the losers paid the winner, before the commission."""
        return self.net[self.winner] + self.commission

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner.symbol,
            "base": self.base,
            "net": {s.symbol: self.net[s] for s in Seat},
            "commission": self.commission,
            "rule": self.rule,
        }


def base_points(faan: int, unit: int = 1) -> int:
    """The base payment of a hand of ``faan``: ``unit * 2**faan`` (doubling per faan).

    >>> [base_points(f) for f in (0, 1, 3, 13)], base_points(3, unit=5)
    ([1, 2, 8, 8192], 40)
    """
    return unit * (1 << faan)


def settle(faan: int, context: WinContext, options: ScoringOptions = DEFAULT_OPTIONS) -> Settlement:
    """The payments of a legal win of ``faan`` (see the module's docstring for the rule).

    >>> from croupier.games.mahjong.rules import Round
    >>> from croupier.tiles import Tile
    >>> ctx = WinContext(Seat.EAST, Round.EAST, Tile.parse("1m"))
    >>> settle(3, ctx).net[Seat.EAST], settle(3, ctx, ScoringOptions(commission_bp=500)).commission
    (48, 2)
    """
    base = base_points(faan, options.unit)
    winner = context.seat
    paid: dict[Seat, int] = {}
    losers = [s for s in Seat if s is not winner]
    if context.discarder is None:
        rule = "self-drawn: each loser pays 2 x base"
        paid = {s: 2 * base for s in losers}
    elif options.discarder_pays_all:
        rule = "discard, discarder pays all: the discarder pays 4 x base"
        paid = {s: (4 * base if s is context.discarder else 0) for s in losers}
    else:
        rule = "discard: the discarder pays 2 x base, the other losers base"
        paid = {s: (2 * base if s is context.discarder else base) for s in losers}
    if options.banker_doubles:
        # East pays double when he loses; when East wins, every loser pays him double
        rule += "; the banker (East) pays and receives double"
        paid = {s: (2 * v if Seat.EAST in (s, winner) else v) for s, v in paid.items()}
    gain = sum(paid.values())
    commission = gain * options.commission_bp // BASIS_POINTS
    net = {s: (gain - commission if s is winner else -paid[s]) for s in Seat}
    return Settlement(winner, base, net, commission, f"{rule} ({SOURCE})")


#: Where the false-win penalty comes from (the table option ``false_win = penalty``).
FALSE_WIN_SOURCE: Final = (
    "Hong Kong practice: a player who declares a win wrongly ends the hand and pays everyone "
    "the table's maximum (bigproduction.com/mj/hk/points.html, 'Points & Penalties')"
)


def false_win_payments(
    offender: Seat, options: ScoringOptions = DEFAULT_OPTIONS
) -> dict[Seat, int]:
    """The Hong Kong false-win penalty: ``offender`` pays each other seat the self-drawn limit,
    ``2 * unit * 2**limit`` (with ``banker_doubles``, a payment to or from East doubled). Net by
    seat; no commission (it is a penalty, not a win), so the nets sum to 0.

    >>> net = false_win_payments(Seat.SOUTH, ScoringOptions(limit=6))
    >>> net[Seat.SOUTH], net[Seat.EAST], sum(net.values())
    (-384, 128, 0)
    """
    each = 2 * base_points(options.limit, options.unit)
    paid = {
        s: (2 * each if options.banker_doubles and Seat.EAST in (s, offender) else each)
        for s in Seat
        if s is not offender
    }
    return {s: (-sum(paid.values()) if s is offender else paid[s]) for s in Seat}


@dataclass(frozen=True, slots=True)
class Score:
    """A winning hand scored: every reading, the best one, its faan, whether it is a legal win
    (at least the minimum) and, when it is, the settlement."""

    readings: tuple[ReadingScore, ...]
    best: ReadingScore | None
    context: WinContext
    options: ScoringOptions
    legal: bool
    reason: str
    settlement: Settlement | None

    @property
    def faan(self) -> int:
        return self.best.faan if self.best is not None else 0

    def explain(self) -> list[str]:
        lines = [f"{len(self.readings)} reading(s) of the hand"]
        if self.best is not None:
            lines.append(f"best reading: {self.best.reading}")
            lines += [f"  {f.name} x{f.count}: {f.faan} faan" for f in self.best.patterns]
            lines.append(f"total {self.best.faan} faan (raw {self.best.raw_faan})")
        lines.append(self.reason)
        return lines

    def to_dict(self) -> dict[str, Any]:
        return {
            "readings": [r.to_dict() for r in self.readings],
            "best": self.best.to_dict() if self.best is not None else None,
            "faan": self.faan,
            "legal": self.legal,
            "reason": self.reason,
            "settlement": self.settlement.to_dict() if self.settlement is not None else None,
            "options": self.options.to_dict(),
            "source": SOURCE,
        }


def score_readings(
    readings: Iterable[Reading],
    context: WinContext,
    options: ScoringOptions = DEFAULT_OPTIONS,
) -> Score:
    """Score each reading and choose the best: most (capped) faan, then the higher uncapped sum,
    then the first in the given order. No reading: not a winning hand."""
    scored = tuple(score_reading(r, context, options) for r in readings)
    best: ReadingScore | None = None
    for s in scored:
        if best is None or (s.faan, s.raw_faan) > (best.faan, best.raw_faan):
            best = s
    if best is None:
        reason = "not a winning hand: no reading as four sets and a pair or a special hand"
        return Score(scored, None, context, options, False, reason, None)
    if best.faan < options.min_faan:
        reason = f"not a legal win: {best.faan} faan, the minimum is {options.min_faan}"
        return Score(scored, best, context, options, False, reason, None)
    reason = f"legal win: {best.faan} faan (minimum {options.min_faan}, limit {options.limit})"
    return Score(scored, best, context, options, True, reason, settle(best.faan, context, options))


def score(
    concealed: TilesLike,
    declared: Sequence[Meld] = (),
    context: WinContext | None = None,
    options: ScoringOptions = DEFAULT_OPTIONS,
) -> Score:
    """Score a winning hand: ``concealed`` tiles (the winning tile included) and the ``declared``
    melds, every reading by :func:`croupier.games.mahjong.hand.readings`."""
    from croupier.games.mahjong.hand import readings

    if context is None:
        raise MaterialError("score needs the win context (seat, round, winning tile)")
    tiles = parse_tiles(concealed)
    found = readings(tiles, tuple(declared), seven_pairs=options.seven_pairs)
    return score_readings(found, context, options)
