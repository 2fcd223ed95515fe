"""The checks of one Mah-Jong game (Portaria 52/89/M Art 2; the play is Hong Kong old style,
``GAMES.md`` §2): whether a command may be given now (``verify_x``), whether a recorded event may
happen now (``_check``), what a win scores, and which event the state calls for when a window
closes or a kong wants its replacement (``_next_auto``). Each refusal is a
:class:`~croupier.errors.RuleViolation` naming the rule; nothing here changes the state.
"""

from __future__ import annotations

from collections.abc import Callable

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
from croupier.games.mahjong.hand import readings
from croupier.games.mahjong.melds import Meld
from croupier.games.mahjong.options import FalseWin
from croupier.games.mahjong.plain import PHASE_WORDS, mismatch
from croupier.games.mahjong.rules import Seat
from croupier.games.mahjong.scoring import WinContext, false_win_payments, score
from croupier.games.mahjong.state import ART2, HK, GameState, MahjongPhase, seat_of, tile_of
from croupier.games.mahjong.wall import deal_from_order
from croupier.protocol import Event
from croupier.tiles import Tile, format_tiles

__all__ = ["GameChecks"]


class GameChecks(GameState):
    """The state of a game with its checks (see the module docstring)."""

    _log: list[Event]

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
            tile=tile,
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
        seat_of(seat)
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
            if self._options.false_win is FalseWin.REFUSE:
                self._claimed_win(seat)
            # under the penalty a declaration is a legal command, a false one ends the game
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

    def _memo_win(self, key: str, seat: Seat, compute: Callable[[], GameWon]) -> GameWon:
        """``compute()`` once per state (the log's length) and seat: a win is checked by the
        seat's legal commands, his view and the command itself."""
        memo = (len(self._log), key, seat)
        cached = self._wins.get(memo)
        if cached is None:
            try:
                cached = compute()
            except RuleViolation as exc:
                # the refusal's words only: the exception itself would keep its traceback, and
                # with it every frame it was raised through and their callers' (a server's
                # whole fan-out), alive in a reference cycle until the garbage collector runs
                cached = (exc.rule, exc.detail)
            if len(self._wins) > 64:
                self._wins.clear()
            self._wins[memo] = cached
        if not isinstance(cached, GameWon):
            raise RuleViolation(*cached)
        return cached

    def _claimed_win(self, seat: Seat) -> GameWon:
        """``seat``'s win on the open window's tile, or RuleViolation naming why it is none."""
        return self._memo_win("claim", seat, lambda: self._claimed_win_now(seat))

    def _claimed_win_now(self, seat: Seat) -> GameWon:
        assert self._window is not None
        tile, owner = self._window
        rob = self._phase is MahjongPhase.ROB
        won = self._win_event(seat, tile, [*self._hands[seat], tile], owner, robbed=rob)
        if (
            rob
            and self._rob_concealed
            and not any(p.startswith("thirteen-orphans") for p in won.patterns)
        ):
            raise RuleViolation(HK, "a concealed kong may only be robbed for thirteen orphans")
        return won

    def _false_win(self, seat: Seat) -> FalseWinDeclared | None:
        """The false win of ``seat`` declaring a win now (on his turn, on his drawn tile; in a
        window, on its tile), or None when the declaration is a legal win."""
        try:
            if self._phase is MahjongPhase.TURN:
                self._self_drawn_win(seat)
            else:
                self._claimed_win(seat)
        except RuleViolation as exc:
            if self._phase is MahjongPhase.TURN:
                assert self._drawn is not None
                tile, discarder, hand = self._drawn, None, list(self._hands[seat])
            else:
                assert self._window is not None
                tile, discarder = self._window
                hand = [*self._hands[seat], tile]
            net = false_win_payments(seat, self._options.scoring)
            return FalseWinDeclared(
                seat, tile, discarder, tuple(sorted(hand)), exc.detail, tuple(net[s] for s in Seat)
            )
        return None

    def would_win(self, seat: Seat) -> bool:
        """Whether ``seat`` declaring a win now would be a legal win (on his turn with a tile
        from the wall, or answering the open window): what his own tiles tell him."""
        try:
            if self._phase is MahjongPhase.TURN:
                self._verify_win(seat)
                self._self_drawn_win(seat)
            else:
                self._claim_check(seat, ClaimKind.WIN, None)
                self._claimed_win(seat)
        except RuleViolation:
            return False
        return True

    def _next_auto(self) -> Event:
        """The event the state calls for in RESOLVE / REPLACE."""
        if self._phase is MahjongPhase.REPLACE:
            tile, _ = self._wall.draw_replacement()
            return TileDrawn(self._turn, tile, True)
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
            return TileDrawn(owner, rtile, True)
        for kinds in ((ClaimKind.PUNG, ClaimKind.KONG), (ClaimKind.CHOW,)):
            for s in order:
                c = claims.get(s)
                if c is not None and c.kind in kinds:
                    first = c.chow if c.kind is ClaimKind.CHOW else tile
                    assert first is not None
                    return MeldExposed(s, c.kind, tile, first, owner)
        if not len(self._wall):
            return GameDrawn()
        nxt, _ = self._wall.draw()
        return TileDrawn(owner.right, nxt, False)

    def _check(self, event: Event) -> None:
        match event:
            case GameDealt():
                if self._phase is not MahjongPhase.DEAL:
                    raise RuleViolation(ART2, "the game is already dealt")
                try:
                    self._deal = deal_from_order(event.order, event.dice, self._options.table)
                except CroupierError as exc:
                    raise RuleViolation(ART2, f"not a deal: {exc}") from None
            case TileDrawn() | MeldExposed() | GameWon() | GameDrawn() if self._phase in (
                MahjongPhase.RESOLVE,
                MahjongPhase.REPLACE,
            ):
                expected = self._next_auto()
                if event != expected:
                    raise RuleViolation(HK, mismatch(event, expected))
            case GameWon() if self._phase is MahjongPhase.TURN:
                self._verify_win(event.seat)
                expected = self._self_drawn_win(event.seat)
                if event != expected:
                    raise RuleViolation(HK, mismatch(event, expected))
            case TileDrawn() | MeldExposed() | GameWon() | GameDrawn():
                raise RuleViolation(
                    HK, f"no {event.TYPE} can happen now: {PHASE_WORDS[self._phase]}"
                )
            case FalseWinDeclared():
                if self._options.false_win is not FalseWin.PENALTY:
                    raise RuleViolation(
                        HK, "this table refuses a false win (option false_win is refuse)"
                    )
                if self._phase is MahjongPhase.TURN:
                    self._verify_win(event.seat)
                else:
                    self._claim_check(event.seat, ClaimKind.WIN, None)
                false = self._false_win(event.seat)
                if false is None:
                    who = event.seat.name.title()
                    raise RuleViolation(HK, f"{who}'s declaration is a legal win, not a false one")
                if event != false:
                    raise RuleViolation(HK, mismatch(event, false))
            case TileDiscarded():
                self.verify_discard(event.seat, event.tile)
            case KongDeclared():
                self.verify_declare_kong(event.seat, event.tile)
                if event.added != self._is_added(event.seat, event.tile):
                    raise RuleViolation(HK, "added says whether the kong adds to a pung")
            case ClaimMade():
                self._claim_check(event.seat, event.kind, event.chow)
            case ClaimPassed():
                self.verify_pass_claim(event.seat)
            case ClaimsClosed():
                self.verify_close_claims()
            case _:  # pragma: no cover - EVENTS guards this
                raise RuleViolation("protocol", f"unknown event {event!r}")

    # -- the commands' checks ------------------------------------------------------------------

    def verify_deal(self) -> None:
        if self._phase is not MahjongPhase.DEAL:
            raise RuleViolation(ART2, "the game is already dealt")

    def verify_discard(self, seat: Seat, tile: Tile | str) -> None:
        self._need_turn(seat)
        t = tile_of(tile)
        if t not in self._hands[seat]:
            raise RuleViolation(HK, f"{seat.name} holds no {t} to discard")

    def verify_declare_kong(self, seat: Seat, tile: Tile | str) -> None:
        self._need_turn(seat)
        t = tile_of(tile)
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

    def _self_drawn_win(self, seat: Seat) -> GameWon:
        assert self._drawn is not None
        drawn = self._drawn
        return self._memo_win(
            "turn", seat, lambda: self._win_event(seat, drawn, list(self._hands[seat]), None)
        )

    def verify_win(self, seat: Seat) -> None:
        """RuleViolation unless ``seat`` may declare a self-drawn win now: on his turn, with a
        tile from the wall, and (unless the false-win penalty applies) a legal win."""
        self._verify_win(seat)
        if self._options.false_win is FalseWin.REFUSE:
            self._self_drawn_win(seat)

    def _verify_win(self, seat: Seat) -> None:
        self._need_turn(seat)
        if self._drawn is None:
            raise RuleViolation(HK, "a self-drawn win needs a tile from the wall (claim to win)")

    def verify_claim(self, seat: Seat, kind: ClaimKind, chow: Tile | str | None = None) -> None:
        self._claim_check(seat, kind, None if chow is None else tile_of(chow, "chow"))

    def verify_pass_claim(self, seat: Seat) -> None:
        seat_of(seat)
        if self._phase not in (MahjongPhase.CLAIMS, MahjongPhase.ROB) or self._window is None:
            raise RuleViolation(HK, "no claim window is open")
        if seat is self._window[1]:
            raise RuleViolation(HK, "a player does not answer his own tile")
        if seat in self._answers:
            raise RuleViolation(HK, f"{seat.name} has already answered this window")

    def verify_close_claims(self) -> None:
        if self._phase not in (MahjongPhase.CLAIMS, MahjongPhase.ROB):
            raise RuleViolation(HK, "no claim window is open")
