"""The options of a Mah-Jong table, one frozen class: :class:`MahjongOptions` (Portaria 52/89/M;
the play is Hong Kong old style, ``GAMES.md`` §2; every reading ``docs/rules.md`` §2 marks as an
option is a field here or in one of its two groups).

Groups: ``table`` (:class:`~croupier.games.mahjong.rules.DealOptions`, the deal of Art 2: how
the banker's extra tiles are taken, which replacement tile comes first) and ``scoring``
(:class:`~croupier.games.mahjong.scoring.ScoringOptions`: minimum and limit, faan values,
payments, commission, seven pairs, the banker doubling); the rest are :class:`MahjongOptions`'
own fields, each listed with its default and source in the class's docstring (what
``croupier table options mahjong`` prints).

**Records.** :meth:`MahjongOptions.to_dict` writes the options that rule the record it is for:
``scope="game"`` those of one game (``table``, ``scoring``, ``prevailing`` and the game's
options added later), ``"round"`` those and the round's (what a round's record holds), and
``"table"`` (the default) every option, always. In a game's or a round's record, an option
added after such records were first written is written only when it differs from the rule those
records were played by (its *legacy* value),
and :meth:`~MahjongOptions.from_dict` reads a record without it under that rule, so older records
replay to their digests: a record without ``orphans_rob_concealed_kong`` was played when a
concealed kong could not be robbed, and is read so (a new table's default is on).

>>> options = MahjongOptions(prevailing=Round.SOUTH)
>>> MahjongOptions.from_dict(options.to_dict()) == options
True
>>> sorted(options.to_dict("game"))
['orphans_rob_concealed_kong', 'prevailing', 'scoring', 'table']
>>> old = MahjongOptions.from_dict({})  # a record older than the options below
>>> old.orphans_rob_concealed_kong, old.rotation.value, MahjongOptions().rotation.value
(False, 'hong-kong', 'every-game')
>>> MahjongOptions.from_dict({"max": 3})
Traceback (most recent call last):
...
croupier.errors.RecordError: unknown mahjong option 'max'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Literal

from croupier.errors import MaterialError, RecordError
from croupier.games.mahjong.rules import DEFAULT_DEAL, PLAYERS, DealOptions, Round
from croupier.games.mahjong.scoring import DEFAULT_OPTIONS, ScoringOptions
from croupier.protocol import decode

__all__ = [
    "DEFAULT_MAX_GAMES",
    "MAX_CHIPS_FACTOR",
    "FalseWin",
    "MahjongOptions",
    "Payments",
    "Rotation",
    "Scope",
]

#: The default cap of games in a round (the Hong Kong rotation can keep the deal for ever).
DEFAULT_MAX_GAMES: Final = 16

#: A player holds at most this many times the least buy-in at a table.
MAX_CHIPS_FACTOR: Final = 100
#: The longest time limit a table may set (an hour), in milliseconds.
MAX_MS: Final = 3_600_000

#: Which record the options are written for: one game, a round of games, a whole table.
Scope = Literal["game", "round", "table"]
_SCOPES: Final[dict[str, tuple[str, ...]]] = {
    "game": ("game",),
    "round": ("game", "round"),
    "table": ("game", "round", "table"),
}
#: written whatever its value (an option every record of its scope has held from the start)
_ALWAYS: Final = object()


class Rotation(StrEnum):
    """How the deal goes round (Art 2: "Cada roda de quatro jogos leva o nome de um dos
    «ventos»")."""

    #: the letter of Art 2: four games a round, the deal passing to the banker's right each game
    EVERY_GAME = "every-game"
    #: Hong Kong practice: the banker keeps the deal when he wins (and, by option, on a draw);
    #: the round ends when the deal has gone round the table (or at the cap of games)
    HONG_KONG = "hong-kong"


class FalseWin(StrEnum):
    """What a win declared with a hand that is not a legal win does."""

    #: refused: nothing happens, the player plays on (a machine table never lets it stand)
    REFUSE = "refuse"
    #: the Hong Kong false-win penalty: the game ends, the declarer pays each other player the
    #: self-drawn limit
    PENALTY = "penalty"


class Payments(StrEnum):
    """How a table keeps every balance at zero or above (Mah-Jong payments are between
    players: the house only takes its commission)."""

    #: every player holds the most one game can cost him before each game (a minimum buy-in,
    #: a top-up between games): every payment is paid in full, as the game's settlement says
    COVER = "cover"
    #: a payment is capped at the payer's chips; the winner receives what was paid
    CAP = "cap"


def _enum(kind: type[StrEnum], name: str) -> Callable[[Any], Any]:
    return lambda value: decode(value, kind, name)


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
    """Every option of a Mah-Jong table (``croupier table options mahjong``).

    The game's and the sitting's:

    * ``prevailing``: the wind of the (first) round, default East (Art 2: "Cada roda de quatro
      jogos leva o nome de um dos «ventos»").
    * ``orphans_rob_concealed_kong``: a concealed kong opens a robbing window in which only a
      thirteen-orphans win may be claimed (Hong Kong practice, default on); off: it is never
      robbed.
    * ``rotation``: ``every-game`` (default, the letter of Art 2: "Cada roda de quatro jogos"),
      a round is four games and the deal passes to the banker's right after each; ``hong-kong``,
      the banker keeps the deal when he wins (Hong Kong practice), so a round lasts until the
      deal has gone round the table.
    * ``banker_stays_on_draw``: under the ``hong-kong`` rotation the banker keeps the deal on a
      drawn game (Hong Kong practice, default on).
    * ``max_games``: the most games a round has, whatever the deal (default 16, so that a round
      under the Hong Kong rotation always ends).
    * ``first_banker``: the place (0..3) of the first banker (default 0).
    * ``rounds``: how many rounds are played from ``prevailing`` on, in the order of Art 2 (East,
      South, West, North); default 1; a full game is 4 from East.
    * ``false_win``: ``refuse`` (default), a win declared with a hand that is not a legal win is
      refused and nothing happens; ``penalty`` (the Hong Kong false-win penalty, for live
      tables), the declaration stands, the hand is shown, the game ends and the declarer pays
      each other player the self-drawn limit.

    The table's (:mod:`croupier.table.mahjong`; the regulation sets no time: the defaults are
    the engine's, for a live table):

    * ``turn_ms``: the time a player on turn has to discard, declare a kong or win (default
      20,000 ms); when it passes he discards the tile he drew (after a claim, the last tile of
      his sorted hand).
    * ``claim_ms``: the time the others have to answer a discard or a kong (default 8,000 ms);
      when it passes, whoever has not answered passes.
    * ``top_up_ms``: between games, the time a player short of chips has to top up (default
      60,000 ms); when it passes he leaves the table with his chips.
    * ``payments``: ``cover`` (default), a player sits with, and before each game holds, at
      least the most one game can cost him (:meth:`cover`), so every payment is paid in full;
      ``cap``, a payment is capped at the payer's chips (the winner receives what was paid).
    * ``buy_in``: the least a player buys in with (default none: the cover, or one unit under
      ``cap``); a player holds at most :data:`MAX_CHIPS_FACTOR` times that.
    """

    table: DealOptions = DEFAULT_DEAL
    scoring: ScoringOptions = DEFAULT_OPTIONS
    prevailing: Round = Round.EAST
    orphans_rob_concealed_kong: bool = True
    banker_stays_on_draw: bool = True
    max_games: int = DEFAULT_MAX_GAMES
    first_banker: int = 0
    rotation: Rotation = Rotation.EVERY_GAME
    rounds: int = 1
    false_win: FalseWin = FalseWin.REFUSE
    turn_ms: int = 20_000
    claim_ms: int = 8_000
    top_up_ms: int = 60_000
    payments: Payments = Payments.COVER
    buy_in: int | None = None

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
        if not isinstance(self.rotation, Rotation):
            raise MaterialError(f"rotation must be a Rotation, got {self.rotation!r}")
        if not isinstance(self.false_win, FalseWin):
            raise MaterialError(f"false_win must be a FalseWin, got {self.false_win!r}")
        for name in ("turn_ms", "claim_ms", "top_up_ms"):
            ms = getattr(self, name)
            if isinstance(ms, bool) or not isinstance(ms, int) or not 1 <= ms <= MAX_MS:
                raise MaterialError(f"{name} is 1 to {MAX_MS} milliseconds, got {ms!r}")
        if not isinstance(self.payments, Payments):
            raise MaterialError(f"payments must be Payments, got {self.payments!r}")
        if self.buy_in is not None:
            least = self.cover() if self.payments is Payments.COVER else 1
            if isinstance(self.buy_in, bool) or not isinstance(self.buy_in, int):
                raise MaterialError(f"buy_in is a whole amount, got {self.buy_in!r}")
            if self.buy_in < least:
                raise MaterialError(
                    f"buy_in {self.buy_in} is below {least}, the most one game can cost a "
                    "player (payments=cover)"
                    if self.payments is Payments.COVER
                    else f"buy_in is at least 1, got {self.buy_in}"
                )
        r, left = self.rounds, len(Round) - self.prevailing
        if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= left:
            raise MaterialError(
                f"rounds: from the {self.prevailing.name.title()} round on, 1 to {left} rounds "
                f"(East, South, West, North in order, Art 2), got {r!r}"
            )

    def cover(self) -> int:
        """The most one game can cost a player (in the smallest unit): the largest payment of a
        win at the limit (self-drawn or on his discard, with ``discarder_pays_all`` and
        ``banker_doubles`` as set) or, under the false-win penalty, the penalty.

        >>> MahjongOptions().cover(), MahjongOptions(false_win=FalseWin.PENALTY).cover()
        (16384, 49152)
        """
        s = self.scoring
        base = s.unit << s.limit
        doubled = 2 if s.banker_doubles else 1
        most = base * (4 if s.discarder_pays_all else 2) * doubled
        if self.false_win is FalseWin.PENALTY:
            most = max(most, 3 * 2 * base * doubled)
        return most

    @property
    def least_buy_in(self) -> int:
        """The least a player sits down with: ``buy_in``, or the cover (``payments=cover``),
        or one unit (``cap``)."""
        if self.buy_in is not None:
            return self.buy_in
        return self.cover() if self.payments is Payments.COVER else self.scoring.unit

    @property
    def most_chips(self) -> int:
        """The most chips a player holds at the table."""
        return MAX_CHIPS_FACTOR * self.least_buy_in

    @property
    def last_round(self) -> Round:
        """The wind of the last round played."""
        return Round(self.prevailing + self.rounds - 1)

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
            if scope == "table" or spec.legacy is _ALWAYS or value != spec.legacy:
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
    # added with the letter of Art 2 as the default: older rounds were played the Hong Kong way
    "rotation": _Spec("round", Rotation.HONG_KONG, lambda r: r.value, _enum(Rotation, "rotation")),
    "rounds": _Spec("round", 1, _same, _int("rounds")),
    # added with the penalty: older games refused a false win
    "false_win": _Spec("game", FalseWin.REFUSE, lambda f: f.value, _enum(FalseWin, "false_win")),
    # the table's (only a table's record holds them)
    "turn_ms": _Spec("table", _ALWAYS, _same, _int("turn_ms")),
    "claim_ms": _Spec("table", _ALWAYS, _same, _int("claim_ms")),
    "top_up_ms": _Spec("table", _ALWAYS, _same, _int("top_up_ms")),
    "payments": _Spec("table", _ALWAYS, lambda p: p.value, _enum(Payments, "payments")),
    "buy_in": _Spec("table", _ALWAYS, _same, lambda v: decode(v, int | None, "buy_in")),
}
assert set(_SPECS) == {f.name for f in dataclasses.fields(MahjongOptions)}
