"""What an actor sees of a 13-card table (:class:`~croupier.table.thirteen.ThirteenTable`): the
game's view for his seat (his own cards, the banker's once shown, the positions as Art 2 d and 5
reveal them) with the table's own parts (who is present and seated, his chips, who is done, who is
waited on, the suggestions made to him this round); a player's typed facts for a bot in the
process (:class:`~croupier.games.thirteen.bots.SeatFacts`); and who may see what of each event
as it happens (the redaction of the log: a position's hand, setting and suggestions only to its
holder and co-bettors, the shuffle's public face to everyone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from croupier.events import RoundOpened, ShoeShuffled
from croupier.games.thirteen.bots import SeatFacts
from croupier.games.thirteen.events import BANKER_SEAT, CardsDealt, PositionSet, ThirteenPhase
from croupier.protocol import Event
from croupier.table.actor import Actor, Role
from croupier.table.log import Shown
from croupier.table.thirteen_events import HandShown, Suggested

if TYPE_CHECKING:
    from croupier.table.thirteen import ThirteenTable

__all__ = ["seat_facts", "shown_of", "table_view"]


def seat_facts(self: ThirteenTable, actor: Actor) -> object | None:
    """A player's :class:`~croupier.games.thirteen.bots.SeatFacts` (public facts: the
    layout, the banker's shown setting, the options; his name and chips)."""
    if not actor.is_player:
        return None
    game, name = self.game, actor.name
    if self._options_json is None:
        options = self.options
        self._options_json = {
            **options.to_dict(full=True),
            "stake_units": list(options.stake_units),
        }
    fouled = game.banker_fouled
    layout = tuple((s.player, s.position) for s in game.stakes)
    banker = None if fouled else game.banker_setting
    return SeatFacts(name, self._chips(name), layout, self._options_json, banker, fouled)


def table_view(self: ThirteenTable, actor: Actor) -> dict[str, Any]:
    game = self.game
    name = actor.name if actor.is_player else None
    if actor.role is Role.DEALER:
        seat: str | None = BANKER_SEAT
    elif name is not None and (
        name in game.seated or name in game.balances or self._staked_positions(name)
    ):
        seat = name
    else:
        seat = None
    out = game.view(seat)
    out["table"] = {
        "table": self.table_id,
        "actor": str(actor),
        "player": name,
        "present": list(self._present),
        "seated": list(game.seated),
        "chips": None if name is None else self._chips(name),
        "done": sorted(self._done),
        "waiting": [w.to_dict() for w in self.waiting_on()],
        "suggestions": _suggestions_for(self, name),
        "seq": self.seq,
    }
    return out


def _suggestions_for(self: ThirteenTable, name: str | None) -> list[dict[str, Any]]:
    game = self.game
    if name is None or game.phase is not ThirteenPhase.SETTING:
        return []
    out = []
    for entry in reversed(self._entries):
        event = entry.event
        if isinstance(event, RoundOpened):
            break
        if isinstance(event, Suggested) and name in game.viewers(event.position):
            out.append(
                {
                    "position": event.position,
                    "player": event.player,
                    "setting": event.setting.to_dict(),
                }
            )
    return out[::-1]


def shown_of(self: ThirteenTable, event: Event) -> Shown:
    if isinstance(event, ShoeShuffled):
        return Shown({"type": event.TYPE, **event.public()})
    if isinstance(event, CardsDealt):
        return Shown({"type": event.TYPE, "first_position": event.first_position})
    if isinstance(event, HandShown):
        return Shown.only(
            self.game.viewers(event.position), {"type": event.TYPE, "position": event.position}
        )
    if isinstance(event, PositionSet):
        public = {
            "type": event.TYPE,
            "position": event.position,
            "player": event.player,
            "at": event.at,
        }
        return Shown.only(self.game.viewers(event.position), public)
    if isinstance(event, Suggested):
        public = {"type": event.TYPE, "position": event.position, "player": event.player}
        return Shown.only(self.game.viewers(event.position), public)
    return Shown.PUBLIC
