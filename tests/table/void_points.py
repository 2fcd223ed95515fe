"""Where each game's round has its result fixed, so a dealer's void is refused from there
(croupier/games/void.py ``RESULT_FIXED``), read from the game's own state, not from the void's
offer: the tests of the void (tests/table/test_void.py, tests/server/test_server_void.py) pick
their points with it."""

from __future__ import annotations

from typing import Any, Final

from croupier.events import Phase
from croupier.games.five_card_stud.state import StudPhase
from croupier.games.thirteen.events import ThirteenPhase
from croupier.table import Table

__all__ = ["result_fixed"]

#: the Mah-Jong events that end a game (its result fixed)
MAHJONG_OVER: Final = {"game_won", "game_drawn", "false_win"}


def result_fixed(game: str, table: Table[Any]) -> bool:
    """Whether the round in play has its result fixed, read from the game's own state (the
    banking games: every card dealt and the hands shown, Art 3.2, 6 / Art 8, 9; stud: betting
    over, Art 4, 10 e; the 13-card game: the setting closed, Art 8) or, for Mah-Jong, from the
    record (house practice: a win declared, in a claim window or self-drawn, or the game over)."""
    engine: Any = table.game  # type: ignore[attr-defined]
    if game in ("three-card-baccarat", "football-poker"):
        return bool(engine.phase is Phase.DEALT)
    if game == "five-card-stud":
        return bool(engine.phase is StudPhase.SHOWDOWN)
    if game == "thirteen":
        return bool(engine.phase is ThirteenPhase.CLOSED)
    assert game == "mahjong", game
    return any(
        e.event.TYPE in MAHJONG_OVER
        or (e.event.TYPE == "claim_made" and e.event.to_dict()["kind"] == "win")
        for e in table.round_entries(table.rounds[-1].number)
    )
