"""What a seat of a 13-card table sees (Portaria 51/89/M Art 2 d, 3, 5).

Players see no card before the banker shows (Art 2 d). Then a player sees the cards (and, once
set, the setting) of every position he holds and, with the option ``bettors_see_cards``
(default), of every position he has a stake on (co-bettors may suggest, Art 5), never another
position's before the setting closes; everyone sees the banker's setting once shown;
after the close every played position's setting and score. The banker's seat sees his 13 cards
from the deal. Nobody sees the undealt order: of the shuffle only its public face.
"""

from __future__ import annotations

from typing import Any

from croupier.errors import RuleViolation
from croupier.games.thirteen.events import BANKER_SEAT, GAME, PLAYER_POSITIONS
from croupier.games.thirteen.rules import BANKER, REGULATION
from croupier.games.thirteen.state import ThirteenState
from croupier.settlement import PayoutLine, Settlement

__all__ = ["ThirteenViews"]


class ThirteenViews(ThirteenState):
    """The views of a table's seats (see the module docstring)."""

    def _check_seat(self, seat: object) -> None:
        if seat is None or seat == BANKER_SEAT:
            return
        known = isinstance(seat, str) and (
            seat in self._seated or self._has_stake(seat) or seat in self._balances
        )
        if not known:
            raise RuleViolation(
                "Art 3",
                f"seat {seat!r} is not at this table: a seat is a seated player, a player with "
                f"a stake or a result here, {BANKER_SEAT!r}, or None (the public)",
            )

    def _shown_to(self, seat: str | None) -> set[int]:
        """The positions whose cards ``seat`` sees now."""
        if self._dealt is None:
            return set()
        if self._closed is not None:
            return {BANKER, *self._scored_positions()}
        shown: set[int] = set()
        if self._banker is not None:
            shown.add(BANKER)  # the banker shows (Art 2 d)
            if seat is not None and seat != BANKER_SEAT:
                shown.update(p for p in self.positions_in_play if seat in self.viewers(p))
        if seat == BANKER_SEAT:
            shown.add(BANKER)
        return shown

    def _scored_positions(self) -> set[int]:
        if self._closed is None:
            return set()
        return set(self._set) | set(self._closed.late)

    def view(self, seat: int | str | None = None) -> dict[str, Any]:
        """The table as ``seat`` sees it: a player's name, ``"banker"`` or None (the public).

        Stakes, seats, the dice and who has picked up or set are public; cards follow the
        module docstring's rules (Art 2 d, 5); the shuffle only by its public face.
        """
        self._check_seat(seat)
        who = seat if isinstance(seat, str) else None
        shown = self._shown_to(who)
        hands = self.hands
        dice = self._dice
        return {
            "game": GAME,
            "regulation": REGULATION,
            "seat": seat,
            "phase": self._phase.value,
            "round": self._round,
            "options": {**self._options_view, "stake_units": list(self._options.stake_units)},
            "seated": list(self._seated),
            "shuffle": None if self._shuffled is None else self._shuffled.public(),
            "dice": None
            if dice is None
            else {"dice": list(dice.dice), "total": sum(dice.dice), "by": dice.by},
            "first_position": self.first_position,
            "layout": [
                {"player": s.player, "position": s.position, "amount": s.amount}
                for s in self._stakes
            ],
            "banker": {
                "cards": [str(c) for c in hands[BANKER]] if BANKER in shown else None,
                "setting": None if self._banker is None else self._banker.setting.to_dict(),
                "shown_at": None if self._banker is None else self._banker.at,
                "fouled": self.banker_fouled,
            },
            "positions": [self._view_position(p, p in shown) for p in PLAYER_POSITIONS],
            "deadline": self.deadline,
            "late": list(self.late),
            "last_settlement": self._last_settlement_view(),
            "balances": dict(sorted(self._balances.items())),
            "house_result": self._house,
        }

    def _view_position(self, position: int, shown: bool) -> dict[str, Any]:
        hands = self.hands
        done = self._set.get(position)
        found = self._scores.get(position)
        item: dict[str, Any] = {
            "position": position,
            "holder": self.holder(position),
            "staked": sum(s.amount for s in self._stakes.on(position)),
            "picked_up": position in self._picked or done is not None,
            "set": done is not None,
            "cards": [str(c) for c in hands[position]] if shown and position in hands else None,
            "setting": None,
            "natural_declared": None,
            "fouled": None,
            "score": None if found is None else found.to_dict(),
        }
        if shown and done is not None:
            item["setting"] = None if done.setting is None else done.setting.to_dict()
            item["natural_declared"] = done.setting is None
            item["fouled"] = done.fouled
        return item

    def _last_settlement_view(self) -> dict[str, Any] | None:
        """The last settlement as JSON: made once a round (a settlement never changes), each
        view a fresh copy."""
        last = self._last
        if last is None:
            return None
        cached = self._settlement_view
        if cached is None or cached[0] is not last:
            cached = self._settlement_view = (last, self._view_settlement(last))
        made = cached[1]
        return {**made, "lines": [dict(line) for line in made["lines"]]}

    @staticmethod
    def _view_settlement(settlement: Settlement) -> dict[str, Any]:
        return {
            "lines": [_line(line) for line in settlement.lines],
            "staked": settlement.staked,
            "paid": settlement.paid,
            "commission": str(settlement.commission),
            "rounding": str(settlement.rounding),
            "house_result": settlement.house_result,
        }


def _line(line: PayoutLine) -> dict[str, Any]:
    """A settlement line as JSON (what ``encode`` makes of it, with its ``net``)."""
    return {
        "player": line.player,
        "position": line.position,
        "bet": line.bet,
        "stake": line.stake,
        "result": line.result.value,
        "prize": str(line.prize),
        "commission": str(line.commission),
        "owed": str(line.owed),
        "paid": line.paid,
        "carried": line.carried,
        "article": line.article,
        "net": line.net,
    }
