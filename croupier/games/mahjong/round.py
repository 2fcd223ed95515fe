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

from collections.abc import Mapping
from typing import Any, ClassVar

from croupier.errors import RuleViolation
from croupier.games.mahjong.checks import GameChecks
from croupier.games.mahjong.commands import Chow, Discard, Kong, Pass, Pung, Win
from croupier.games.mahjong.events import (
    ClaimKind,
    ClaimMade,
    ClaimPassed,
    ClaimsClosed,
    FalseWinDeclared,
    GameDealt,
    GameDrawn,
    GameWon,
    KongDeclared,
    MeldExposed,
    TileDiscarded,
    TileDrawn,
)
from croupier.games.mahjong.melds import MeldKind
from croupier.games.mahjong.options import FalseWin, MahjongOptions
from croupier.games.mahjong.rules import REGULATION, Seat
from croupier.games.mahjong.state import HK, Claim, MahjongPhase, tile_of
from croupier.games.mahjong.view import GAME, seat_view
from croupier.games.mahjong.wall import deal_mahjong
from croupier.protocol import Command, Event, Game
from croupier.shuffle import Shuffler
from croupier.tiles import Tile

__all__ = [
    "GAME",
    "Claim",
    "MahjongGame",
    "MahjongPhase",
]


class MahjongGame(GameChecks, Game[MahjongOptions]):
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
        FalseWinDeclared,
    )

    def __init__(self, options: MahjongOptions | None = None) -> None:
        Game.__init__(self, options or MahjongOptions())
        self._init_state()

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> MahjongOptions:
        return MahjongOptions.from_dict(data)

    def to_record(self) -> dict[str, Any]:
        """``{"game", "options", "events"}``: the options that rule one game (their ``game``
        scope: a round's or a table's options are not a game's), and every event."""
        return {
            "game": self.GAME,
            "options": self._options.to_dict("game"),
            "events": [e.to_dict() for e in self._log],
        }

    @property
    def log_size(self) -> int:
        """How many events the log holds (without copying it, as :attr:`log` does)."""
        return len(self._log)

    def apply_recorded(self, event: Event) -> Event:
        """Apply one recorded event, checked by the rules as replay checks it (a table folding
        its record); RuleViolation naming the rule when it may not happen now."""
        return self._commit(event)

    def _auto(self, events: list[Event]) -> list[Event]:
        while self._phase in (MahjongPhase.RESOLVE, MahjongPhase.REPLACE):
            events.append(self._commit(self._next_auto()))
        return events

    # -- commands ------------------------------------------------------------------------------

    def can_deal(self) -> bool:
        return self._can(self.verify_deal)

    def deal(self, shuffler: Shuffler) -> GameDealt:
        """Art 2: shuffle, the banker's dice, the deal (banker 14, the others 13)."""
        self.verify_deal()
        d = deal_mahjong(shuffler, self._options.table)
        return self._commit(GameDealt(d.order, d.dice))

    def can_discard(self, seat: Seat, tile: Tile | str) -> bool:
        return self._can(self.verify_discard, seat, tile)

    def discard(self, seat: Seat, tile: Tile | str) -> TileDiscarded:
        """Discard a tile; the claim window opens."""
        self.verify_discard(seat, tile)
        return self._commit(TileDiscarded(seat, tile_of(tile)))

    def can_declare_kong(self, seat: Seat, tile: Tile | str) -> bool:
        return self._can(self.verify_declare_kong, seat, tile)

    def declare_kong(self, seat: Seat, tile: Tile | str) -> list[Event]:
        """A concealed kong (four held; then the replacement draw) or an added kong (the robbing
        window opens; the replacement follows when nobody robs it)."""
        self.verify_declare_kong(seat, tile)
        t = tile_of(tile)
        event = KongDeclared(seat, t, self._is_added(seat, t))
        return self._auto([self._commit(event)])

    def can_win(self, seat: Seat) -> bool:
        return self._can(self.verify_win, seat)

    def win(self, seat: Seat) -> GameWon | FalseWinDeclared:
        """Win on a self-drawn tile (the banker on his dealt 14: heavenly hand). Under the
        false-win penalty a declaration that is not a legal win ends the game with the
        penalty (:class:`FalseWinDeclared`)."""
        self.verify_win(seat)
        false = self._false_win(seat) if self._penalty else None
        return self._commit(false if false is not None else self._self_drawn_win(seat))

    @property
    def _penalty(self) -> bool:
        return self._options.false_win is FalseWin.PENALTY

    def can_claim(self, seat: Seat, kind: ClaimKind, chow: Tile | str | None = None) -> bool:
        return self._can(self.verify_claim, seat, kind, chow)

    def claim(self, seat: Seat, kind: ClaimKind, chow: Tile | str | None = None) -> list[Event]:
        """Claim the window's tile; when it was the last answer, the window resolves."""
        self.verify_claim(seat, kind, chow)
        if kind is ClaimKind.WIN and self._penalty:
            false = self._false_win(seat)
            if false is not None:  # a false win ends the game at once
                return [self._commit(false)]
        c = None if chow is None else tile_of(chow, "chow")
        return self._auto([self._commit(ClaimMade(seat, kind, c))])

    def can_pass_claim(self, seat: Seat) -> bool:
        return self._can(self.verify_pass_claim, seat)

    def pass_claim(self, seat: Seat) -> list[Event]:
        self.verify_pass_claim(seat)
        return self._auto([self._commit(ClaimPassed(seat))])

    def can_close_claims(self) -> bool:
        return self._can(self.verify_close_claims)

    def close_claims(self) -> list[Event]:
        """The time limit: every seat that has not answered passes; the window resolves."""
        self.verify_close_claims()
        return self._auto([self._commit(ClaimsClosed())])

    # -- for bots ------------------------------------------------------------------------------

    def legal(self, seat: Seat) -> tuple[Command, ...]:
        """Every command ``seat`` may give now, as data (``close_claims`` and ``deal`` are the
        dealer's, not a seat's): on his turn a win (when :meth:`can_win`), each kong and each
        discard; in a window each claim he may make, and ``pass``."""
        # Each command is asked of its own check (can_x), but only where the tiles leave it a
        # chance: a check refuses by raising, which costs far more than counting tiles, and
        # most kongs, pungs and chows are refused on the count alone (a kong: four in hand or
        # one added to his exposed pung; a pung two, a kong three of the window's tile; a chow
        # only from the left player's discard). The list is the same.
        out: list[Command] = []
        if self._phase is MahjongPhase.TURN and seat is self._turn:
            hand = self._hands[seat]
            kinds = sorted(set(hand))
            if self.can_win(seat):
                out.append(Win())
            pungs = {m.first for m in self._melds[seat] if m.kind is MeldKind.PUNG}
            out += [
                Kong(t)
                for t in kinds
                if (t in pungs or hand.count(t) == 4) and self.can_declare_kong(seat, t)
            ]
            out += [Discard(t) for t in kinds]
        elif self.can_pass_claim(seat):
            assert self._window is not None
            tile, owner = self._window
            held = self._hands[seat].count(tile)
            if self.can_claim(seat, ClaimKind.WIN):
                out.append(Win())
            if held >= 2 and self.can_claim(seat, ClaimKind.PUNG):
                out.append(Pung())
            if held >= 3 and self.can_claim(seat, ClaimKind.KONG):
                out.append(Kong(tile))
            if tile.number is not None and seat is owner.right:
                for k in range(3):
                    first = tile.code - k
                    if first >= 0 and self.can_claim(seat, ClaimKind.CHOW, Tile(first)):
                        out.append(Chow(Tile(first)))
            out.append(Pass())
        return tuple(out)

    def verify_command(self, seat: Seat, command: Command) -> None:
        """RuleViolation naming the rule that refuses ``command`` from ``seat`` now (as
        :meth:`play` would refuse it); nothing when it may be given."""
        in_window = self._phase in (MahjongPhase.CLAIMS, MahjongPhase.ROB)
        match command:
            case Discard(tile=tile):
                self.verify_discard(seat, tile)
            case Win() if in_window:
                self.verify_claim(seat, ClaimKind.WIN)
            case Win():
                self.verify_win(seat)
            case Kong(tile=tile) if in_window:
                self._window_kong(tile)
                self.verify_claim(seat, ClaimKind.KONG)
            case Kong(tile=tile):
                self.verify_declare_kong(seat, tile)
            case Pung():
                self.verify_claim(seat, ClaimKind.PUNG)
            case Chow(first=first):
                self.verify_claim(seat, ClaimKind.CHOW, first)
            case Pass():
                self.verify_pass_claim(seat)
            case _:
                name = command.TYPE if isinstance(command, Command) else repr(command)
                raise RuleViolation("protocol", f"{name} is not a player's Mah-Jong command")

    def _window_kong(self, tile: Tile) -> None:
        if self._window is not None and tile != self._window[0]:
            raise RuleViolation(HK, f"a kong claimed in a window is of its tile {self._window[0]}")

    def play(self, seat: Seat, command: Command) -> list[Event]:
        """Give ``command`` (:mod:`~croupier.games.mahjong.commands`) as ``seat``'s: on his
        turn ``discard``, ``kong`` or ``win``; in a window ``win``, ``pung``, ``kong`` (of the
        window's tile), ``chow`` or ``pass``. Another command is refused (rule ``protocol``)."""
        in_window = self._phase in (MahjongPhase.CLAIMS, MahjongPhase.ROB)
        match command:
            case Discard(tile=tile):
                return [self.discard(seat, tile)]
            case Win():
                return self.claim(seat, ClaimKind.WIN) if in_window else [self.win(seat)]
            case Kong(tile=tile) if in_window:
                self._window_kong(tile)
                return self.claim(seat, ClaimKind.KONG)
            case Kong(tile=tile):
                return self.declare_kong(seat, tile)
            case Pung():
                return self.claim(seat, ClaimKind.PUNG)
            case Chow(first=first):
                return self.claim(seat, ClaimKind.CHOW, first)
            case Pass():
                return self.pass_claim(seat)
        name = command.TYPE if isinstance(command, Command) else repr(command)
        raise RuleViolation("protocol", f"{name} is not a player's Mah-Jong command")

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator): :func:`~croupier.games.mahjong.view.
        seat_view`."""
        return seat_view(self, seat)
