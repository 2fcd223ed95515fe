"""What one seat (or a spectator) may see of a Mah-Jong game: :func:`seat_view`.

Its own concealed tiles and the tile it just drew; everyone's exposed melds (a concealed kong's
kind included: it is declared by showing it), discards and concealed-tile counts; the live
wall's count, never its order; whose turn; the open claim window (its tile, whose it is, who has
still to answer, and only the viewer's own claim: the others' answers are not shown until the
window resolves); the result, with the winner's hand once he has won.
"""

from __future__ import annotations

from typing import Any, Final

from croupier.errors import RuleViolation
from croupier.games.mahjong.checks import GameChecks
from croupier.games.mahjong.events import FalseWinDeclared, GameDrawn, GameWon
from croupier.games.mahjong.rules import REGULATION, TILE_COUNT, Seat
from croupier.games.mahjong.state import ART2, MahjongPhase

__all__ = ["GAME", "seat_view"]

GAME: Final = "mahjong"


def seat_view(state: GameChecks, seat: int | None = None) -> dict[str, Any]:
    """What ``seat`` may see (None: a spectator): its own concealed tiles, everyone's melds
    and discards and concealed-tile counts, the wall's count (never its order), whose turn,
    the open window. A winner's hand is shown once he has won."""
    if seat is not None and (isinstance(seat, bool) or seat not in tuple(Seat)):
        raise RuleViolation(ART2, f"a seat is 0..3 (E S W N), got {seat!r}")
    me = None if seat is None else Seat(seat)
    out: dict[str, Any] = {
        "game": GAME,
        "regulation": REGULATION,
        "prevailing": state._options.prevailing.name.lower(),
        # the table's rule, public: the least faan of a win
        "min_faan": state._options.scoring.min_faan,
        "phase": state._phase.value,
        "turn": state.turn.symbol if state.turn is not None else None,
        "wall": len(state._wall),
        "tiles": TILE_COUNT,
        "players": {
            s.symbol: {
                "concealed": len(state._hands[s]),
                "melds": [
                    {"kind": m.kind.value, "first": str(m.first), "concealed": m.concealed}
                    for m in state._melds[s]
                ],
                "discards": [str(t) for t in state._discards[s]],
            }
            for s in Seat
        },
        "window": None,
        "result": None,
    }
    if me is not None:
        out["seat"] = me.symbol
        out["hand"] = [str(t) for t in sorted(state._hands[me])]
        # what his own tiles tell him: declaring a win now would be a legal win
        out["can_win"] = state.would_win(me)
        out["drawn"] = (
            str(state._drawn)
            if state._phase is MahjongPhase.TURN and state._turn is me and state._drawn is not None
            else None
        )
    if state.window is not None:
        tile, owner = state.window
        mine = state._answers.get(me) if me is not None else None
        out["window"] = {
            "kind": "rob" if state._phase is MahjongPhase.ROB else "discard",
            # a concealed kong's robbing window: a thirteen-orphans win only
            "orphans_only": state._phase is MahjongPhase.ROB and state._rob_concealed,
            "tile": str(tile),
            "from": owner.symbol,
            "waiting": [s.symbol for s in state.waiting()],
            "answered": me is not None and me in state._answers,
            "my_claim": None if mine is None else mine.kind.value,
        }
    if isinstance(state._result, GameWon):
        out["result"] = {**state._result.to_dict()}
        out["result"]["hand"] = [str(t) for t in sorted(state._hands[state._result.seat])]
    elif isinstance(state._result, GameDrawn | FalseWinDeclared):
        out["result"] = state._result.to_dict()
    return out
