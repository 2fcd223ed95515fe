"""The state of one Mah-Jong game and its fold (Portaria 52/89/M Art 2; the play is Hong Kong
old style, ``GAMES.md`` §2): the phases, the hands, melds, discards and live wall, the open
claim window, and :meth:`GameState._apply`, which folds one checked event into them.

:class:`~croupier.games.mahjong.round.MahjongGame` is this state with its checks
(:mod:`croupier.games.mahjong.checks`) and its commands; nothing here checks a rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from croupier.errors import CroupierError, RuleViolation
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
from croupier.games.mahjong.melds import Meld
from croupier.games.mahjong.options import MahjongOptions
from croupier.games.mahjong.rules import BANKER, Seat
from croupier.games.mahjong.wall import LiveWall, MahjongDeal, deal_from_order
from croupier.protocol import Event
from croupier.tiles import Tile

__all__ = [
    "ART2",
    "HK",
    "OVER",
    "Claim",
    "GameState",
    "MahjongPhase",
    "Result",
    "seat_of",
    "tile_of",
]

HK: Final = "HK"  # the rule family of the play (GAMES.md §2: Hong Kong old style)
ART2: Final = "Art 2"


class MahjongPhase(StrEnum):
    """Where a game is."""

    DEAL = "deal"  #: nothing dealt yet
    TURN = "turn"  #: the seat on turn must discard, declare a kong or win
    CLAIMS = "claims"  #: a discard's claim window is open
    ROB = "rob"  #: a kong's robbing window is open (added; concealed, for thirteen orphans)
    RESOLVE = "resolve"  #: a window closed; its outcome follows (inside a command only)
    REPLACE = "replace"  #: a kong's replacement draw follows (inside a command only)
    WON = "won"
    DRAWN = "drawn"
    #: a false win ended the game (option ``false_win = penalty``)
    FALSE_WIN = "false_win"


#: the phases of a finished game
OVER: Final = (MahjongPhase.WON, MahjongPhase.DRAWN, MahjongPhase.FALSE_WIN)

#: how a game ends
Result = GameWon | GameDrawn | FalseWinDeclared


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim in an open window (``chow``: the chow's lowest tile)."""

    kind: ClaimKind
    chow: Tile | None = None


def tile_of(value: Tile | str, field: str = "tile") -> Tile:
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


def seat_of(value: object) -> Seat:
    if isinstance(value, Seat):
        return value
    raise RuleViolation(ART2, f"a seat is E, S, W or N (a Seat), got {value!r}")


def _remove(hand: list[Tile], tile: Tile, n: int = 1) -> None:
    for _ in range(n):
        hand.remove(tile)


class GameState:
    """The state of one game, folded from its events (see the module docstring)."""

    _options: MahjongOptions

    def _init_state(self) -> None:
        """The state before the deal."""
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
        self._result: Result | None = None
        #: the open (or just closed) window is a kong's robbing window; of a concealed kong
        self._rob = False
        self._rob_concealed = False
        #: the deal (Art 2: the hands as taken, the live wall), once dealt
        self._deal: MahjongDeal | None = None
        #: the win checks of the current state by (state, kind, seat): the win, or the
        #: refusal's (article, words) (see GameChecks._memo_win)
        self._wins: dict[tuple[int, str, Seat], GameWon | tuple[str, str]] = {}

    # -- public state --------------------------------------------------------------------------

    @property
    def phase(self) -> MahjongPhase:
        return self._phase

    @property
    def turn(self) -> Seat | None:
        """The seat that must discard / declare / win, or None."""
        return self._turn if self._phase is MahjongPhase.TURN else None

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def result_fixed(self) -> bool:
        """The game's result is fixed: it is over (won, drawn, a false win), or a win is claimed
        in the open window (a recorded win claim is a legal win, and a win outranks every other
        claim: the window ends the game with it). A dealer's void is refused from here
        (:data:`croupier.games.void.RESULT_FIXED`)."""
        return self._result is not None or any(
            c is not None and c.kind is ClaimKind.WIN for c in self._answers.values()
        )

    @property
    def dealt(self) -> MahjongDeal | None:
        """The deal (Art 2): the order, the dice, each seat's tiles as taken; None before."""
        return self._deal if self._phase is not MahjongPhase.DEAL else None

    @property
    def drawn_tile(self) -> Tile | None:
        """The tile the seat on turn took from the wall (None after a claim, or off turn)."""
        return self._drawn if self._phase is MahjongPhase.TURN else None

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
        seat_of(seat)
        if self._phase is MahjongPhase.DEAL:
            raise RuleViolation(ART2, "the tiles are not dealt yet")
        if self._phase in OVER:
            raise RuleViolation(HK, "the game is over")
        if self._phase is not MahjongPhase.TURN:
            raise RuleViolation(HK, f"a claim window is open ({self._phase.value}): no turn")
        if seat is not self._turn:
            turn = f"it is {self._turn.name.title()}'s turn, not {seat.name.title()}'s"
            if self._untouched:
                raise RuleViolation(ART2, f"the banker discards first: {turn}")
            raise RuleViolation(HK, turn)

    def _is_added(self, seat: Seat, tile: Tile) -> bool:
        return Meld.pung(tile, concealed=False) in self._melds[seat]

    # -- the fold ------------------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        match event:
            case GameDealt():
                deal = self._deal  # laid out by the check (the fold never runs unchecked)
                if deal is None or deal.order != event.order or deal.dice != event.dice:
                    deal = deal_from_order(event.order, event.dice, self._options.table)
                self._deal = deal
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
                tile = event.tile
                self._hands[event.seat].remove(tile)
                self._discards[event.seat].append(tile)
                self._earthly = self._untouched and event.seat is BANKER
                self._untouched = False
                self._window, self._answers = (tile, event.seat), {}
                self._phase = MahjongPhase.CLAIMS
                self._rob = False
            case KongDeclared():
                tile = event.tile
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
                self._answers[event.seat] = Claim(event.kind, event.chow)
                self._close_if_answered()
            case ClaimPassed():
                self._answers[event.seat] = None
                self._close_if_answered()
            case ClaimsClosed():
                for s in self.waiting():
                    self._answers[s] = None
                self._phase = MahjongPhase.RESOLVE
            case MeldExposed():
                tile, first = event.tile, event.first
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
                tile = event.tile
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
            case FalseWinDeclared():
                self._phase, self._result = MahjongPhase.FALSE_WIN, event
            case _:  # pragma: no cover
                raise AssertionError(event)

    def _close_if_answered(self) -> None:
        if not self.waiting():
            self._phase = MahjongPhase.RESOLVE
