"""One game of Mah-Jong (one deal to its end) as a state machine: Portaria 52/89/M Art 2 for the
deal and the banker's first discard, Hong Kong old style for the play (``GAMES.md`` §2).

Commands (each with ``verify_x`` / ``can_x`` / ``x``; a refused command raises
:class:`~croupier.errors.RuleViolation` naming the rule and changes nothing):

* :meth:`MahjongGame.deal` -- shuffle, throw the dice, deal (Art 2): :class:`GameDealt`. The
  banker (East) holds 14 tiles and acts first (Art 2: "O banqueiro é sempre o primeiro a
  descartar uma pedra").
* On his turn (``phase == "turn"``) a player holds one tile more than a waiting hand and may
  :meth:`~MahjongGame.discard`, :meth:`~MahjongGame.declare_kong` (four held = concealed kong, or
  the fourth added to his exposed pung = added kong; only after a tile from the wall, and only
  while the wall has a replacement tile) or :meth:`~MahjongGame.win` (self-drawn; the banker on
  his dealt 14 = heavenly hand). After claiming a pung or chow he must discard.
* After a discard the claim window is open (``phase == "claims"``): each other seat answers
  :meth:`~MahjongGame.claim` (win / pung / kong from anyone; chow only the discarder's right-hand
  neighbour, the next in turn, naming the chow's lowest tile) or :meth:`~MahjongGame.pass_claim`;
  :meth:`~MahjongGame.close_claims` is the time limit (those who have not answered pass). A claim
  is checked when made (a win must be a legal win: at least the table's minimum faan).
* After an added kong the robbing window is open (``phase == "rob"``): the others may only claim
  a win on the added tile, or pass. A concealed kong opens one too, in which only a
  thirteen-orphans win may be claimed (HK practice; option ``orphans_rob_concealed_kong``,
  default on; off: a concealed kong is never robbed and its replacement follows at once).

Readings of this engine (every one documented; none is in the regulation's text):

* **Draws are automatic**: when a window closes with no claim the next seat counterclockwise
  (the discarder's right, E -> S -> W -> N) draws at once (:class:`TileDrawn`); a kong's
  replacement is drawn at once from the wall's other end
  (:meth:`~croupier.games.mahjong.wall.LiveWall.draw_replacement`). Such events are
  consequences of the command that closes the window; replay checks each is exactly the one the
  state calls for.
* **Priority** when the window closes: win > pung / kong > chow (only one pung or kong can exist
  for a tile). Several wins: one winner only (HK old style), the first counterclockwise from the
  discarder ("head bump").
* **Exhaustion**: no dead wall is kept back (as :mod:`~croupier.games.mahjong.wall`): when a
  discard's window closes unclaimed and the live wall is empty, :class:`GameDrawn`. The last
  discard may still be won, punged or chowed (not konged: no replacement tile). ``last_tile`` of
  the win context is set when the live wall is empty at the win.
* **Heavenly** hand: the banker's self-drawn win before any discard or kong; **earthly** hand:
  a win on the banker's first discard when nothing else happened before it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Final

from croupier.errors import CroupierError, MaterialError, RecordError, RuleViolation
from croupier.games.mahjong.events import (
    ClaimKind,
    ClaimMade,
    ClaimPassed,
    ClaimsClosed,
    GameDealt,
    GameDrawn,
    GameWon,
    KongDeclared,
    MeldExposed,
    TileDiscarded,
    TileDrawn,
)
from croupier.games.mahjong.hand import readings
from croupier.games.mahjong.melds import Meld
from croupier.games.mahjong.rules import (
    BANKER,
    DEFAULT_TABLE,
    REGULATION,
    TILE_COUNT,
    MahjongTable,
    Round,
    Seat,
)
from croupier.games.mahjong.scoring import DEFAULT_OPTIONS, ScoringOptions, WinContext, score
from croupier.games.mahjong.wall import LiveWall, deal_from_order, deal_mahjong
from croupier.protocol import Event, Game, decode
from croupier.shuffle import Shuffler
from croupier.tiles import Tile, format_tiles

__all__ = [
    "GAME",
    "Claim",
    "MahjongGame",
    "MahjongGameOptions",
    "MahjongPhase",
    "Move",
]

GAME: Final = "mahjong"

HK: Final = "HK"  # the rule family of the play (GAMES.md §2: Hong Kong old style)
ART2: Final = "Art 2"


class MahjongPhase(StrEnum):
    DEAL = "deal"  #: nothing dealt yet
    TURN = "turn"  #: the seat on turn must discard, declare a kong or win
    CLAIMS = "claims"  #: a discard's claim window is open
    ROB = "rob"  #: a kong's robbing window is open (added; concealed, for thirteen orphans)
    RESOLVE = "resolve"  #: a window closed; its outcome follows (inside a command only)
    REPLACE = "replace"  #: a kong's replacement draw follows (inside a command only)
    WON = "won"
    DRAWN = "drawn"


_OVER: Final = (MahjongPhase.WON, MahjongPhase.DRAWN)


@dataclass(frozen=True, slots=True)
class MahjongGameOptions:
    """The table options of one game: the deal's ``table``, the ``scoring`` and the
    ``prevailing`` wind (the round, Art 2: "Cada roda de quatro jogos leva o nome de um dos
    «ventos»") and ``orphans_rob_concealed_kong`` (default ``True``, Hong Kong practice: a
    concealed kong opens a robbing window in which only a thirteen-orphans win may be claimed;
    ``False``: a concealed kong cannot be robbed). :meth:`from_dict` is strict: no unknown option,
    a missing one takes its default, except ``orphans_rob_concealed_kong``: :meth:`to_dict` writes
    it only when on, and a record without it (older than the option) is read as off, the rule it
    was played by, so that old records replay to their digests.

    >>> MahjongGameOptions.from_dict({}).orphans_rob_concealed_kong
    False

    >>> options = MahjongGameOptions(prevailing=Round.SOUTH)
    >>> MahjongGameOptions.from_dict(options.to_dict()) == options
    True
    """

    table: MahjongTable = DEFAULT_TABLE
    scoring: ScoringOptions = DEFAULT_OPTIONS
    prevailing: Round = Round.EAST
    orphans_rob_concealed_kong: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.table, MahjongTable):
            raise MaterialError(f"table must be a MahjongTable, got {self.table!r}")
        if not isinstance(self.scoring, ScoringOptions):
            raise MaterialError(f"scoring must be ScoringOptions, got {self.scoring!r}")
        if not isinstance(self.prevailing, Round):
            raise MaterialError(f"prevailing must be a Round, got {self.prevailing!r}")
        if not isinstance(self.orphans_rob_concealed_kong, bool):
            raise MaterialError(
                "orphans_rob_concealed_kong must be True or False, "
                f"got {self.orphans_rob_concealed_kong!r}"
            )

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table.to_dict(),
            "scoring": self.scoring.to_dict(),
            "prevailing": self.prevailing.name.lower(),
            # written only when on: a record without it predates the option (see from_dict)
            **({"orphans_rob_concealed_kong": True} if self.orphans_rob_concealed_kong else {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MahjongGameOptions:
        if not isinstance(data, Mapping):
            raise RecordError("options", f"mahjong options must be an object, got {data!r}")
        names = [f.name for f in dataclasses.fields(cls)]
        unknown = sorted(str(k) for k in set(data) - set(names))
        if unknown:
            raise RecordError(unknown[0], f"unknown mahjong option {unknown[0]!r}")
        kwargs: dict[str, Any] = {}
        if "table" in data:
            kwargs["table"] = MahjongTable.from_dict(data["table"])
        if "scoring" in data:
            kwargs["scoring"] = ScoringOptions.from_dict(data["scoring"])
        if "prevailing" in data:
            value = decode(data["prevailing"], str, "prevailing")
            if value not in ("east", "south", "west", "north"):
                raise RecordError("prevailing", f"prevailing is east/south/west/north: {value!r}")
            kwargs["prevailing"] = Round[value.upper()]
        # a record without the key was played before the option existed, when a concealed kong
        # could not be robbed: it is read under that rule (a new table's default is on)
        kwargs["orphans_rob_concealed_kong"] = decode(
            data.get("orphans_rob_concealed_kong", False), bool, "orphans_rob_concealed_kong"
        )
        return cls(**kwargs)


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim in an open window (``chow``: the chow's lowest tile)."""

    kind: ClaimKind
    chow: Tile | None = None


@dataclass(frozen=True, slots=True)
class Move:
    """One legal command of a seat, for bots: ``action`` is ``discard`` / ``kong`` / ``win`` /
    ``claim`` / ``pass``; ``tile`` the tile (discard, kong, a chow's lowest tile), ``kind`` the
    claim's kind."""

    action: str
    tile: Tile | None = None
    kind: ClaimKind | None = None


def _tile(value: Tile | str, field: str = "tile") -> Tile:
    """A tile from a Tile or its exact notation, else RuleViolation."""
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        try:
            tile = Tile.parse(value)
        except CroupierError:
            tile = None
        if tile is not None and str(tile) == value:
            return tile
    raise RuleViolation("notation", f"{field}: {value!r} is not a tile in notation")


def _seat(value: object) -> Seat:
    if isinstance(value, Seat):
        return value
    raise RuleViolation(ART2, f"a seat is E, S, W or N (a Seat), got {value!r}")


def _remove(hand: list[Tile], tile: Tile, n: int = 1) -> None:
    for _ in range(n):
        hand.remove(tile)


class MahjongGame(Game[MahjongGameOptions]):
    """One Mah-Jong game (see the module docstring)."""

    GAME: ClassVar[str] = GAME
    REGULATION: ClassVar[str] = REGULATION
    EVENTS: ClassVar[tuple[type[Event], ...]] = (
        GameDealt,
        TileDrawn,
        TileDiscarded,
        KongDeclared,
        ClaimMade,
        ClaimPassed,
        ClaimsClosed,
        MeldExposed,
        GameWon,
        GameDrawn,
    )

    def __init__(self, options: MahjongGameOptions | None = None) -> None:
        super().__init__(options or MahjongGameOptions())
        self._phase = MahjongPhase.DEAL
        self._hands: dict[Seat, list[Tile]] = {s: [] for s in Seat}
        self._melds: dict[Seat, list[Meld]] = {s: [] for s in Seat}
        self._discards: dict[Seat, list[Tile]] = {s: [] for s in Seat}
        self._wall = LiveWall((), (), True)
        self._turn: Seat = BANKER
        #: the tile the seat on turn took from the wall (None after a claim)
        self._drawn: Tile | None = None
        self._replacement = False
        #: the open (or just closed) window: its tile, whose it is, the answers so far
        self._window: tuple[Tile, Seat] | None = None
        self._answers: dict[Seat, Claim | None] = {}
        #: nothing but the deal has happened (heavenly hand)
        self._untouched = True
        #: the open window is on the banker's first discard, nothing else before (earthly hand)
        self._earthly = False
        self._result: GameWon | GameDrawn | None = None
        #: the open (or just closed) window is a kong's robbing window; of a concealed kong
        self._rob = False
        self._rob_concealed = False

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> MahjongGameOptions:
        return MahjongGameOptions.from_dict(data)

    # -- public state --------------------------------------------------------------------------

    @property
    def phase(self) -> MahjongPhase:
        return self._phase

    @property
    def turn(self) -> Seat | None:
        """The seat that must discard / declare / win, or None."""
        return self._turn if self._phase is MahjongPhase.TURN else None

    @property
    def result(self) -> GameWon | GameDrawn | None:
        return self._result

    @property
    def wall_count(self) -> int:
        return len(self._wall)

    @property
    def window(self) -> tuple[Tile, Seat] | None:
        """The open window's tile and its owner (the discarder / the kong's declarer)."""
        if self._phase in (MahjongPhase.CLAIMS, MahjongPhase.ROB):
            return self._window
        return None

    def waiting(self) -> tuple[Seat, ...]:
        """The seats that have still to answer the open window, counterclockwise."""
        if self.window is None:
            return ()
        return tuple(s for s in self._after(self._window_owner()) if s not in self._answers)

    def hand(self, seat: Seat) -> tuple[Tile, ...]:
        """A seat's concealed tiles (sorted). Not for bots: use :meth:`view`."""
        return tuple(sorted(self._hands[seat]))

    def melds(self, seat: Seat) -> tuple[Meld, ...]:
        return tuple(self._melds[seat])

    def discards(self, seat: Seat) -> tuple[Tile, ...]:
        return tuple(self._discards[seat])

    def tile_census(self) -> Counter[Tile]:
        """Every tile where it is now: hands, melds, discards and the live wall (136 in all)."""
        out: Counter[Tile] = Counter(self._wall.tiles)
        for s in Seat:
            out.update(self._hands[s])
            out.update(self._discards[s])
            for m in self._melds[s]:
                out.update(m.tiles)
        return out

    # -- helpers -------------------------------------------------------------------------------

    @staticmethod
    def _after(seat: Seat) -> tuple[Seat, ...]:
        """The three other seats, counterclockwise from ``seat``'s right."""
        return (seat.right, seat.right.right, seat.left)

    def _window_owner(self) -> Seat:
        assert self._window is not None
        return self._window[1]

    def _need_turn(self, seat: Seat) -> None:
        _seat(seat)
        if self._phase is MahjongPhase.DEAL:
            raise RuleViolation(ART2, "the tiles are not dealt yet")
        if self._phase in _OVER:
            raise RuleViolation(HK, "the game is over")
        if self._phase is not MahjongPhase.TURN:
            raise RuleViolation(HK, f"a claim window is open ({self._phase.value}): no turn")
        if seat is not self._turn:
            if self._untouched:
                raise RuleViolation(ART2, "the banker discards first")
            raise RuleViolation(HK, f"it is {self._turn.name}'s turn, not {seat.name}'s")

    def _win_event(
        self,
        seat: Seat,
        tile: Tile,
        concealed: list[Tile],
        discarder: Seat | None,
        *,
        robbed: bool = False,
    ) -> GameWon:
        """The win of ``seat`` with hidden ``concealed`` (winning tile included), or
        RuleViolation naming why it is not a legal win."""
        melds = tuple(self._melds[seat])
        if not readings(concealed, melds, seven_pairs=self._options.scoring.seven_pairs):
            raise RuleViolation(
                HK,
                f"not a winning hand: {format_tiles(sorted(concealed))} "
                f"with {len(melds)} declared set(s) is not four sets and a pair nor a limit hand",
            )
        context = WinContext(
            seat=seat,
            prevailing=self._options.prevailing,
            winning_tile=tile,
            discarder=discarder,
            last_tile=len(self._wall) == 0,
            kong_replacement=discarder is None and self._replacement,
            robbed_kong=robbed,
            heavenly=discarder is None and self._untouched,
            earthly=discarder is Seat.EAST and self._earthly and not robbed,
        )
        result = score(concealed, melds, context, self._options.scoring)
        if not result.legal or result.best is None or result.settlement is None:
            raise RuleViolation(HK, f"win refused: {result.reason}")
        settlement = result.settlement
        return GameWon(
            seat=seat,
            tile=str(tile),
            discarder=discarder,
            robbed_kong=robbed,
            kong_replacement=context.kong_replacement,
            last_tile=context.last_tile,
            heavenly=context.heavenly,
            earthly=context.earthly,
            faan=result.faan,
            reading=str(result.best.reading),
            patterns=tuple(f"{f.name} {f.faan}" for f in result.best.patterns),
            net=tuple(settlement.net[s] for s in Seat),
            commission=settlement.commission,
        )

    def _claim_check(self, seat: Seat, kind: ClaimKind, chow: Tile | None) -> None:
        """RuleViolation unless ``seat`` may claim ``kind`` in the open window now."""
        _seat(seat)
        if self._phase not in (MahjongPhase.CLAIMS, MahjongPhase.ROB) or self._window is None:
            raise RuleViolation(HK, "no claim window is open")
        tile, owner = self._window
        if seat is owner:
            raise RuleViolation(HK, "a player cannot claim his own tile")
        if seat in self._answers:
            raise RuleViolation(HK, f"{seat.name} has already answered this window")
        if not isinstance(kind, ClaimKind):
            raise RuleViolation(HK, f"a claim is win, pung, kong or chow, got {kind!r}")
        if kind is not ClaimKind.CHOW and chow is not None:
            raise RuleViolation(HK, "only a chow names its lowest tile")
        hand = self._hands[seat]
        rob = self._phase is MahjongPhase.ROB
        if rob and kind is not ClaimKind.WIN:
            raise RuleViolation(HK, "a kong may only be robbed to win")
        if kind is ClaimKind.WIN:
            won = self._win_event(seat, tile, [*hand, tile], owner, robbed=rob)
            if (
                rob
                and self._rob_concealed
                and not any(p.startswith("thirteen-orphans") for p in won.patterns)
            ):
                raise RuleViolation(HK, "a concealed kong may only be robbed for thirteen orphans")
        elif kind is ClaimKind.PUNG:
            if hand.count(tile) < 2:
                raise RuleViolation(HK, f"a pung of {tile} needs two {tile} in hand")
        elif kind is ClaimKind.KONG:
            if hand.count(tile) < 3:
                raise RuleViolation(HK, f"an exposed kong of {tile} needs three {tile} in hand")
            if not len(self._wall):
                raise RuleViolation(HK, "no replacement tile left for a kong")
        else:
            if seat is not owner.right:
                raise RuleViolation(HK, "chow only from the left player's discard")
            if chow is None:
                raise RuleViolation(HK, "a chow claim names the chow's lowest tile")
            try:
                meld = Meld.chow(chow, concealed=False)
            except CroupierError:
                raise RuleViolation(HK, f"no chow runs up from {chow}") from None
            if tile not in meld.tiles:
                raise RuleViolation(HK, f"the chow {meld} does not hold the discard {tile}")
            rest = list(meld.tiles)
            rest.remove(tile)
            if any(hand.count(t) < rest.count(t) for t in rest):
                raise RuleViolation(HK, f"the chow {meld} needs {format_tiles(rest)} in hand")

    def _next_auto(self) -> Event:
        """The event the state calls for in RESOLVE / REPLACE."""
        if self._phase is MahjongPhase.REPLACE:
            tile, _ = self._wall.draw_replacement()
            return TileDrawn(self._turn, str(tile), True)
        assert self._phase is MahjongPhase.RESOLVE and self._window is not None
        tile, owner = self._window
        order = self._after(owner)
        claims = {s: c for s, c in self._answers.items() if c is not None}
        for s in order:
            c = claims.get(s)
            if c is not None and c.kind is ClaimKind.WIN:
                robbed = self._rob
                return self._win_event(s, tile, [*self._hands[s], tile], owner, robbed=robbed)
        if self._rob:
            rtile, _ = self._wall.draw_replacement()
            return TileDrawn(owner, str(rtile), True)
        for kinds in ((ClaimKind.PUNG, ClaimKind.KONG), (ClaimKind.CHOW,)):
            for s in order:
                c = claims.get(s)
                if c is not None and c.kind in kinds:
                    first = c.chow if c.kind is ClaimKind.CHOW else tile
                    assert first is not None
                    return MeldExposed(s, c.kind, str(tile), str(first), owner)
        if not len(self._wall):
            return GameDrawn()
        nxt, _ = self._wall.draw()
        return TileDrawn(owner.right, str(nxt), False)

    def _auto(self, events: list[Event]) -> list[Event]:
        while self._phase in (MahjongPhase.RESOLVE, MahjongPhase.REPLACE):
            events.append(self._commit(self._next_auto()))
        return events

    # -- the fold ------------------------------------------------------------------------------

    def _check(self, event: Event) -> None:
        match event:
            case GameDealt():
                if self._phase is not MahjongPhase.DEAL:
                    raise RuleViolation(ART2, "the game is already dealt")
                try:
                    deal_from_order(event.order, event.dice, self._options.table)
                except CroupierError as exc:
                    raise RuleViolation(ART2, f"not a deal: {exc}") from None
            case TileDrawn() | MeldExposed() | GameWon() | GameDrawn() if self._phase in (
                MahjongPhase.RESOLVE,
                MahjongPhase.REPLACE,
            ):
                expected = self._next_auto()
                if event != expected:
                    raise RuleViolation(HK, f"{event.TYPE}: the state calls for {expected}")
            case GameWon() if self._phase is MahjongPhase.TURN:
                self._verify_win(event.seat)
                expected = self._self_drawn_win(event.seat)
                if event != expected:
                    raise RuleViolation(HK, f"game_won: the hand scores {expected}")
            case TileDrawn() | MeldExposed() | GameWon() | GameDrawn():
                raise RuleViolation(HK, f"no {event.TYPE} can happen now ({self._phase.value})")
            case TileDiscarded():
                self.verify_discard(event.seat, event.tile)
            case KongDeclared():
                self.verify_declare_kong(event.seat, event.tile)
                if event.added != self._is_added(event.seat, _tile(event.tile)):
                    raise RuleViolation(HK, "added says whether the kong adds to a pung")
            case ClaimMade():
                chow = None if event.chow is None else _tile(event.chow, "chow")
                self._claim_check(event.seat, event.kind, chow)
            case ClaimPassed():
                self.verify_pass_claim(event.seat)
            case ClaimsClosed():
                self.verify_close_claims()
            case _:  # pragma: no cover - EVENTS guards this
                raise RuleViolation("protocol", f"unknown event {event!r}")

    def _apply(self, event: Event) -> None:
        match event:
            case GameDealt():
                deal = deal_from_order(event.order, event.dice, self._options.table)
                for s in Seat:
                    self._hands[s] = list(deal.hands[s])
                self._wall = deal.live
                self._phase = MahjongPhase.TURN
                self._turn = BANKER
                self._drawn = deal.hands[BANKER][-1]
            case TileDrawn():
                tile, self._wall = (
                    self._wall.draw_replacement() if event.replacement else self._wall.draw()
                )
                self._hands[event.seat].append(tile)
                self._turn, self._drawn, self._replacement = event.seat, tile, event.replacement
                self._phase = MahjongPhase.TURN
                self._window, self._answers, self._earthly = None, {}, False
                self._rob = False
            case TileDiscarded():
                tile = _tile(event.tile)
                self._hands[event.seat].remove(tile)
                self._discards[event.seat].append(tile)
                self._earthly = self._untouched and event.seat is BANKER
                self._untouched = False
                self._window, self._answers = (tile, event.seat), {}
                self._phase = MahjongPhase.CLAIMS
                self._rob = False
            case KongDeclared():
                tile = _tile(event.tile)
                self._untouched = False
                melds = self._melds[event.seat]
                if event.added:
                    self._hands[event.seat].remove(tile)
                    i = melds.index(Meld.pung(tile, concealed=False))
                    melds[i] = Meld.kong(tile, concealed=False)
                    self._window, self._answers = (tile, event.seat), {}
                    self._phase = MahjongPhase.ROB
                    self._rob, self._rob_concealed = True, False
                else:
                    _remove(self._hands[event.seat], tile, 4)
                    melds.append(Meld.kong(tile, concealed=True))
                    if self._options.orphans_rob_concealed_kong:
                        self._window, self._answers = (tile, event.seat), {}
                        self._phase = MahjongPhase.ROB
                        self._rob, self._rob_concealed = True, True
                    else:
                        self._phase = MahjongPhase.REPLACE
            case ClaimMade():
                chow = None if event.chow is None else _tile(event.chow)
                self._answers[event.seat] = Claim(event.kind, chow)
                self._close_if_answered()
            case ClaimPassed():
                self._answers[event.seat] = None
                self._close_if_answered()
            case ClaimsClosed():
                for s in self.waiting():
                    self._answers[s] = None
                self._phase = MahjongPhase.RESOLVE
            case MeldExposed():
                tile, first = _tile(event.tile), _tile(event.first)
                self._discards[event.discarder].pop()
                hand = self._hands[event.seat]
                if event.kind is ClaimKind.CHOW:
                    meld = Meld.chow(first, concealed=False)
                    rest = list(meld.tiles)
                    rest.remove(tile)
                    for t in rest:
                        hand.remove(t)
                elif event.kind is ClaimKind.PUNG:
                    meld = Meld.pung(tile, concealed=False)
                    _remove(hand, tile, 2)
                else:
                    meld = Meld.kong(tile, concealed=False)
                    _remove(hand, tile, 3)
                self._melds[event.seat].append(meld)
                self._turn, self._drawn, self._replacement = event.seat, None, False
                self._window, self._answers, self._earthly = None, {}, False
                self._phase = (
                    MahjongPhase.REPLACE if event.kind is ClaimKind.KONG else MahjongPhase.TURN
                )
            case GameWon():
                tile = _tile(event.tile)
                if event.discarder is not None:
                    if event.robbed_kong:
                        melds = self._melds[event.discarder]
                        hidden = self._rob_concealed
                        i = melds.index(Meld.kong(tile, concealed=hidden))
                        melds[i] = Meld.pung(tile, concealed=hidden)
                    else:
                        self._discards[event.discarder].pop()
                    self._hands[event.seat].append(tile)
                self._phase, self._result = MahjongPhase.WON, event
            case GameDrawn():
                self._phase, self._result = MahjongPhase.DRAWN, event
            case _:  # pragma: no cover
                raise AssertionError(event)

    def _close_if_answered(self) -> None:
        if not self.waiting():
            self._phase = MahjongPhase.RESOLVE

    # -- commands ------------------------------------------------------------------------------

    def verify_deal(self) -> None:
        if self._phase is not MahjongPhase.DEAL:
            raise RuleViolation(ART2, "the game is already dealt")

    def can_deal(self) -> bool:
        return self._can(self.verify_deal)

    def deal(self, shuffler: Shuffler) -> GameDealt:
        """Art 2: shuffle, the banker's dice, the deal (banker 14, the others 13)."""
        self.verify_deal()
        d = deal_mahjong(shuffler, self._options.table)
        return self._commit(GameDealt(tuple(str(t) for t in d.order), d.dice))

    def verify_discard(self, seat: Seat, tile: Tile | str) -> None:
        self._need_turn(seat)
        t = _tile(tile)
        if t not in self._hands[seat]:
            raise RuleViolation(HK, f"{seat.name} holds no {t} to discard")

    def can_discard(self, seat: Seat, tile: Tile | str) -> bool:
        return self._can(self.verify_discard, seat, tile)

    def discard(self, seat: Seat, tile: Tile | str) -> TileDiscarded:
        """Discard a tile; the claim window opens."""
        self.verify_discard(seat, tile)
        return self._commit(TileDiscarded(seat, str(_tile(tile))))

    def _is_added(self, seat: Seat, tile: Tile) -> bool:
        return Meld.pung(tile, concealed=False) in self._melds[seat]

    def verify_declare_kong(self, seat: Seat, tile: Tile | str) -> None:
        self._need_turn(seat)
        t = _tile(tile)
        if self._drawn is None:
            raise RuleViolation(HK, "a kong is declared on one's turn after a tile from the wall")
        if not len(self._wall):
            raise RuleViolation(HK, "no replacement tile left for a kong")
        held = self._hands[seat].count(t)
        if held == 4:
            return
        if held >= 1 and self._is_added(seat, t):
            return
        raise RuleViolation(
            HK, f"a kong of {t} needs four {t} in hand or one added to an exposed pung of {t}"
        )

    def can_declare_kong(self, seat: Seat, tile: Tile | str) -> bool:
        return self._can(self.verify_declare_kong, seat, tile)

    def declare_kong(self, seat: Seat, tile: Tile | str) -> list[Event]:
        """A concealed kong (four held; then the replacement draw) or an added kong (the robbing
        window opens; the replacement follows when nobody robs it)."""
        self.verify_declare_kong(seat, tile)
        t = _tile(tile)
        event = KongDeclared(seat, str(t), self._is_added(seat, t))
        return self._auto([self._commit(event)])

    def _self_drawn_win(self, seat: Seat) -> GameWon:
        assert self._drawn is not None
        return self._win_event(seat, self._drawn, list(self._hands[seat]), None)

    def verify_win(self, seat: Seat) -> None:
        self._verify_win(seat)
        self._self_drawn_win(seat)

    def _verify_win(self, seat: Seat) -> None:
        self._need_turn(seat)
        if self._drawn is None:
            raise RuleViolation(HK, "a self-drawn win needs a tile from the wall (claim to win)")

    def can_win(self, seat: Seat) -> bool:
        return self._can(self.verify_win, seat)

    def win(self, seat: Seat) -> GameWon:
        """Win on a self-drawn tile (the banker on his dealt 14: heavenly hand)."""
        self._verify_win(seat)
        return self._commit(self._self_drawn_win(seat))

    def verify_claim(self, seat: Seat, kind: ClaimKind, chow: Tile | str | None = None) -> None:
        self._claim_check(seat, kind, None if chow is None else _tile(chow, "chow"))

    def can_claim(self, seat: Seat, kind: ClaimKind, chow: Tile | str | None = None) -> bool:
        return self._can(self.verify_claim, seat, kind, chow)

    def claim(self, seat: Seat, kind: ClaimKind, chow: Tile | str | None = None) -> list[Event]:
        """Claim the window's tile; when it was the last answer, the window resolves."""
        self.verify_claim(seat, kind, chow)
        c = None if chow is None else str(_tile(chow, "chow"))
        return self._auto([self._commit(ClaimMade(seat, kind, c))])

    def verify_pass_claim(self, seat: Seat) -> None:
        _seat(seat)
        if self._phase not in (MahjongPhase.CLAIMS, MahjongPhase.ROB) or self._window is None:
            raise RuleViolation(HK, "no claim window is open")
        if seat is self._window[1]:
            raise RuleViolation(HK, "a player does not answer his own tile")
        if seat in self._answers:
            raise RuleViolation(HK, f"{seat.name} has already answered this window")

    def can_pass_claim(self, seat: Seat) -> bool:
        return self._can(self.verify_pass_claim, seat)

    def pass_claim(self, seat: Seat) -> list[Event]:
        self.verify_pass_claim(seat)
        return self._auto([self._commit(ClaimPassed(seat))])

    def verify_close_claims(self) -> None:
        if self._phase not in (MahjongPhase.CLAIMS, MahjongPhase.ROB):
            raise RuleViolation(HK, "no claim window is open")

    def can_close_claims(self) -> bool:
        return self._can(self.verify_close_claims)

    def close_claims(self) -> list[Event]:
        """The time limit: every seat that has not answered passes; the window resolves."""
        self.verify_close_claims()
        return self._auto([self._commit(ClaimsClosed())])

    # -- for bots ------------------------------------------------------------------------------

    def legal(self, seat: Seat) -> tuple[Move, ...]:
        """Every command ``seat`` may give now (``close_claims`` is the table's, not a seat's)."""
        out: list[Move] = []
        if self._phase is MahjongPhase.TURN and seat is self._turn:
            kinds = sorted(set(self._hands[seat]))
            if self.can_win(seat):
                out.append(Move("win"))
            out += [Move("kong", t) for t in kinds if self.can_declare_kong(seat, t)]
            out += [Move("discard", t) for t in kinds]
        elif self.can_pass_claim(seat):
            assert self._window is not None
            for kind in (ClaimKind.WIN, ClaimKind.PUNG, ClaimKind.KONG):
                if self.can_claim(seat, kind):
                    out.append(Move("claim", None, kind))
            tile = self._window[0]
            if tile.number is not None:
                for k in range(3):
                    first = tile.code - k
                    if first >= 0 and self.can_claim(seat, ClaimKind.CHOW, Tile(first)):
                        out.append(Move("claim", Tile(first), ClaimKind.CHOW))
            out.append(Move("pass"))
        return tuple(out)

    def play(self, seat: Seat, move: Move) -> list[Event]:
        """Give ``move`` (from :meth:`legal`) as ``seat``'s command; a move whose fields do not
        fit its action is refused (rule ``protocol``)."""
        a, tile, kind = move.action, move.tile, move.kind
        if a == "discard" and tile is not None and kind is None:
            return [self.discard(seat, tile)]
        if a == "kong" and tile is not None and kind is None:
            return self.declare_kong(seat, tile)
        if a == "win" and tile is None and kind is None:
            return [self.win(seat)]
        if a == "claim" and kind is not None and (tile is None or kind is ClaimKind.CHOW):
            return self.claim(seat, kind, tile)
        if a == "pass" and tile is None and kind is None:
            return self.pass_claim(seat)
        raise RuleViolation("protocol", f"not a move: {move!r}")

    # -- what a seat sees ----------------------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator): its own concealed tiles, everyone's melds
        and discards and concealed-tile counts, the wall's count (never its order), whose turn,
        the open window. A winner's hand is shown once he has won."""
        if seat is not None and (isinstance(seat, bool) or seat not in tuple(Seat)):
            raise RuleViolation(ART2, f"a seat is 0..3 (E S W N), got {seat!r}")
        me = None if seat is None else Seat(seat)
        out: dict[str, Any] = {
            "game": GAME,
            "regulation": REGULATION,
            "prevailing": self._options.prevailing.name.lower(),
            "phase": self._phase.value,
            "turn": self.turn.symbol if self.turn is not None else None,
            "wall": len(self._wall),
            "tiles": TILE_COUNT,
            "players": {
                s.symbol: {
                    "concealed": len(self._hands[s]),
                    "melds": [
                        {"kind": m.kind.value, "first": str(m.first), "concealed": m.concealed}
                        for m in self._melds[s]
                    ],
                    "discards": [str(t) for t in self._discards[s]],
                }
                for s in Seat
            },
            "window": None,
            "result": None,
        }
        if me is not None:
            out["seat"] = me.symbol
            out["hand"] = [str(t) for t in sorted(self._hands[me])]
            out["drawn"] = (
                str(self._drawn)
                if self._phase is MahjongPhase.TURN and self._turn is me and self._drawn is not None
                else None
            )
        if self.window is not None:
            tile, owner = self.window
            mine = self._answers.get(me) if me is not None else None
            out["window"] = {
                "kind": "rob" if self._phase is MahjongPhase.ROB else "discard",
                # a concealed kong's robbing window: a thirteen-orphans win only
                "orphans_only": self._phase is MahjongPhase.ROB and self._rob_concealed,
                "tile": str(tile),
                "from": owner.symbol,
                "waiting": [s.symbol for s in self.waiting()],
                "answered": me is not None and me in self._answers,
                "my_claim": None if mine is None else mine.kind.value,
            }
        if isinstance(self._result, GameWon):
            out["result"] = {**self._result.to_dict()}
            out["result"]["hand"] = [str(t) for t in sorted(self._hands[self._result.seat])]
        elif isinstance(self._result, GameDrawn):
            out["result"] = {"type": GameDrawn.TYPE}
        return out
