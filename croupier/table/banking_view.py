"""What an actor sees of a banking table (:meth:`~croupier.table.banking.ShoeTable.view`): the
game's view (the shoe's public face, the layout, the hands as the rules show them) with the
table's own parts in the shape every client reads (``place`` for a position, ``seats``,
``players`` with their chips, ``limits``, the betting window, ``you``, ``waiting_on``). While the
cards are out face down, a place's cards are shown only to those the table shows them to (the
seated player at baccarat, the holder at football poker) and exposed cards to everyone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from croupier.events import Phase
from croupier.table.actor import Actor

if TYPE_CHECKING:
    from croupier.table.banking import ShoeTable

__all__ = ["table_view"]


def table_view(self: ShoeTable[Any, Any], actor: Actor) -> dict[str, Any]:
    game = self.game
    name = actor.name if actor.is_player else None
    out: dict[str, Any] = game.view(None)
    dealing = game.phase is Phase.DEALING or (game.phase is Phase.DEALT and not self._revealed)
    mine = set() if name is None else {p for p in game.hands if name in self._card_viewers(p)}
    # the face-down cards he was shown as they were dealt (a card a rectified misdeal brought
    # to his place was dealt face down elsewhere: he sees it with everyone, at the reveal)
    seen = list(self._seen.get(name, ())) if name is not None else []
    hands = out.get("hands") or []
    for item in hands:
        place = item["position"]
        item["place"] = place
        item["holder"] = self._hand_holder(place)
        if not dealing:
            continue
        cards = game.hands.get(place, ())
        exposed = item.get("exposed") or []
        shown: list[str | None] = []
        for i, card in enumerate(cards):
            if i < len(exposed) and exposed[i]:
                shown.append(str(card))
            elif place in mine and card in seen:
                seen.remove(card)
                shown.append(str(card))
            else:
                shown.append(None)
        item["cards"] = shown
        for key in ("points", "figures", "level", "hand", "total"):
            if key in item:
                item[key] = None
        if "total" in item and cards and None not in shown:
            item["total"] = self._total(cards)
    for stake in out.get("layout") or []:
        stake["place"] = stake["position"]
    chips = self.chips()
    on_layout: dict[str, int] = {}
    for stake in game.stakes:
        on_layout[stake.player] = on_layout.get(stake.player, 0) + stake.amount
    players = {
        p: {
            "place": self.place_of(p),
            "chips": chips.get(p, 0),
            "done": p in self._done,
            "on_layout": on_layout.get(p, 0),
        }
        for p in self._present
    }
    limits = self.options.limits
    out.update(
        table_id=self.table_id,
        seq=self.seq,
        seats={str(p): n for p, n in sorted(self._seats.items())},
        players=players,
        limits={
            k.value: {
                "min": limits.limit(k.value).minimum,
                "max": limits.limit(k.value).maximum,
            }
            for k in game.BET_KIND
        },
        betting=None
        if game.phase is not Phase.BETTING
        else {
            "opened_at": self._opened_at,
            "deadline": self._opened_at + self.options.betting_seconds * 1000,
            "done": sorted(self._done),
        },
        you=None
        if name is None
        else {
            "name": name,
            "place": self.place_of(name),
            "chips": chips.get(name, 0),
            "done": name in self._done,
            "on_layout": on_layout.get(name, 0),
        },
        waiting_on=[w.to_dict() for w in self.waiting_on()],
    )
    return out
