"""The options of a Mah-Jong table, one frozen class: :class:`MahjongOptions` (Portaria 52/89/M;
the play is Hong Kong old style, ``GAMES.md`` §2; every reading ``docs/rules.md`` §2 marks as an
option is a field here or in one of its two groups).

Groups: ``table`` (:class:`~croupier.games.mahjong.rules.DealOptions`, the deal of Art 2: how
the banker's extra tiles are taken, which replacement tile comes first) and ``scoring``
(:class:`~croupier.games.mahjong.scoring.ScoringOptions`: minimum and limit, faan values,
payments, commission, seven pairs, the banker doubling).

The rest:

* ``prevailing`` (East): the wind of the round (Art 2: "Cada roda de quatro jogos leva o nome
  de um dos «ventos»");
* ``orphans_rob_concealed_kong`` (on, Hong Kong practice): a concealed kong opens a robbing
  window in which only a thirteen-orphans win may be claimed; off: it is never robbed;
* ``banker_stays_on_draw`` (on, Hong Kong practice): the banker keeps the deal on a drawn game;
* ``max_games`` (16): the most games a round has, whatever the deal;
* ``first_banker`` (0): the place (0..3) of the round's first banker.

**Records.** :meth:`MahjongOptions.to_dict` writes the options that rule the record it is for:
``scope="game"`` those of one game (``table``, ``scoring``, ``prevailing`` and the game's
options added later), ``"round"`` those and the round's (what a round's record holds), and
``"table"`` (the default) every option. An option added after records were first written is
written only when it differs from the rule those records were played by (its *legacy* value),
and :meth:`~MahjongOptions.from_dict` reads a record without it under that rule, so older records
replay to their digests: a record without ``orphans_rob_concealed_kong`` was played when a
concealed kong could not be robbed, and is read so (a new table's default is on).

>>> options = MahjongOptions(prevailing=Round.SOUTH)
>>> MahjongOptions.from_dict(options.to_dict()) == options
True
>>> sorted(options.to_dict("game"))
['orphans_rob_concealed_kong', 'prevailing', 'scoring', 'table']
>>> MahjongOptions.from_dict({}).orphans_rob_concealed_kong
False
>>> MahjongOptions.from_dict({"max": 3})
Traceback (most recent call last):
...
croupier.errors.RecordError: unknown mahjong option 'max'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from croupier.errors import MaterialError, RecordError
from croupier.games.mahjong.rules import DEFAULT_DEAL, PLAYERS, DealOptions, Round
from croupier.games.mahjong.scoring import DEFAULT_OPTIONS, ScoringOptions
from croupier.protocol import decode

__all__ = ["DEFAULT_MAX_GAMES", "MahjongOptions", "Scope"]

#: The default cap of games in a round (the Hong Kong rotation can keep the deal for ever).
DEFAULT_MAX_GAMES: Final = 16

#: Which record the options are written for: one game, a round of games, a whole table.
Scope = Literal["game", "round", "table"]
_SCOPES: Final[dict[str, tuple[str, ...]]] = {
    "game": ("game",),
    "round": ("game", "round"),
    "table": ("game", "round", "table"),
}
#: written whatever its value (an option every record of its scope has held from the start)
_ALWAYS: Final = object()


def _bool(name: str) -> Callable[[Any], Any]:
    return lambda value: decode(value, bool, name)


def _int(name: str) -> Callable[[Any], Any]:
    return lambda value: decode(value, int, name)


def _round(value: Any) -> Round:
    text = decode(value, str, "prevailing")
    if text not in ("east", "south", "west", "north"):
        raise RecordError("prevailing", f"prevailing is east/south/west/north, got {text!r}")
    return Round[text.upper()]


@dataclass(frozen=True, slots=True)
class _Spec:
    """How one option is recorded: its scope, what a record without it means (``_ALWAYS``: it
    is always written), and how it is written and read."""

    scope: str
    legacy: Any
    write: Callable[[Any], Any]
    read: Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class MahjongOptions:
    """Every option of a Mah-Jong table (see the module docstring)."""

    table: DealOptions = DEFAULT_DEAL
    scoring: ScoringOptions = DEFAULT_OPTIONS
    prevailing: Round = Round.EAST
    orphans_rob_concealed_kong: bool = True
    banker_stays_on_draw: bool = True
    max_games: int = DEFAULT_MAX_GAMES
    first_banker: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.table, DealOptions):
            raise MaterialError(f"table must be DealOptions, got {self.table!r}")
        if not isinstance(self.scoring, ScoringOptions):
            raise MaterialError(f"scoring must be ScoringOptions, got {self.scoring!r}")
        if not isinstance(self.prevailing, Round):
            raise MaterialError(f"prevailing must be a Round, got {self.prevailing!r}")
        for flag in ("orphans_rob_concealed_kong", "banker_stays_on_draw"):
            if not isinstance(getattr(self, flag), bool):
                raise MaterialError(f"{flag} must be True or False, got {getattr(self, flag)!r}")
        m = self.max_games
        if isinstance(m, bool) or not isinstance(m, int) or m < 1:
            raise MaterialError(f"max_games must be a whole number >= 1, got {m!r}")
        b = self.first_banker
        if isinstance(b, bool) or not isinstance(b, int) or not 0 <= b < PLAYERS:
            raise MaterialError(f"first_banker is a place 0..{PLAYERS - 1}, got {b!r}")

    def replace(self, **changes: Any) -> MahjongOptions:
        """These options with ``changes`` (checked again)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self, scope: Scope = "table") -> dict[str, Any]:
        """The options a record of ``scope`` holds, JSON-ready (see the module docstring)."""
        scopes = _SCOPES[scope]
        out: dict[str, Any] = {}
        for name, spec in _SPECS.items():
            if spec.scope not in scopes:
                continue
            value = getattr(self, name)
            if spec.legacy is _ALWAYS or value != spec.legacy:
                out[name] = spec.write(value)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MahjongOptions:
        """The options from a record of any scope, strictly: no unknown option, no value that
        merely converts; a missing option takes its legacy value (the rule of records written
        before it existed), else its default."""
        if not isinstance(data, Mapping):
            raise RecordError("options", f"mahjong options must be an object, got {data!r}")
        unknown = sorted(str(k) for k in set(data) - set(_SPECS))
        if unknown:
            raise RecordError(unknown[0], f"unknown mahjong option {unknown[0]!r}")
        kwargs: dict[str, Any] = {}
        for name, spec in _SPECS.items():
            if name in data:
                kwargs[name] = spec.read(data[name])
            elif spec.legacy is not _ALWAYS:
                kwargs[name] = spec.legacy
        try:
            return cls(**kwargs)
        except MaterialError as exc:
            raise RecordError("options", str(exc)) from None


def _same(value: Any) -> Any:
    return value


_SPECS: Final[dict[str, _Spec]] = {
    "table": _Spec("game", _ALWAYS, DealOptions.to_dict, DealOptions.from_dict),
    "scoring": _Spec("game", _ALWAYS, ScoringOptions.to_dict, ScoringOptions.from_dict),
    "prevailing": _Spec("game", _ALWAYS, lambda r: r.name.lower(), _round),
    # added with the concealed kong's robbing window: older records could not rob one
    "orphans_rob_concealed_kong": _Spec("game", False, _same, _bool("orphans_rob_concealed_kong")),
    "banker_stays_on_draw": _Spec("round", _ALWAYS, _same, _bool("banker_stays_on_draw")),
    "max_games": _Spec("round", _ALWAYS, _same, _int("max_games")),
    "first_banker": _Spec("round", _ALWAYS, _same, _int("first_banker")),
}
assert set(_SPECS) == {f.name for f in dataclasses.fields(MahjongOptions)}
