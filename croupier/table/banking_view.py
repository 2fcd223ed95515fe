"""What an actor sees of a banking table (:meth:`~croupier.table.banking.ShoeTable.view`): the
game's view (the shoe's public face, the layout, the hands as the rules show them) with the
table's own parts in the shape every client reads (``place`` for a position, ``seats``,
``players`` with their chips, ``limits``, the betting window, ``you``, ``waiting_on``). While the
cards are out face down, a place's cards are shown only to those the table shows them to (the
seated player at baccarat, the holder at football poker) and exposed cards to everyone.

A view is asked at every decision (a bot's, a client's) and, by the server, for every actor
watching the table after every commit: the parts that are the same for every actor are worked
out once per state (:meth:`~croupier.table.banking.ShoeTable._memo`, as the stakes, chips and
offers are), and each actor's view is a copy of their top level with his own parts (``you``, his
face-down cards) filled in. The parts not his own are shared by every view of that state: a
view is read, never changed (as :class:`~croupier.table.view.View` hands out one dict)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from croupier.events import Phase
from croupier.table.actor import Actor

if TYPE_CHECKING:
    from croupier.table.banking import ShoeTable

__all__ = ["table_view"]


def table_view(self: ShoeTable[Any, Any], actor: Actor) -> dict[str, Any]:
    name = actor.name if actor.is_player else None
    memo = self._memo()
    found: tuple[dict[str, Any], bool] | None = memo.get("view")
    if found is None:
        found = memo["view"] = _common(self)
    common, dealing = found
    # the actor's own copy of the top level (``you``) and, while the cards are out face down,
    # of the hands (each actor's cards); the other parts are shared by the actors' views
    out = dict(common)
    if dealing:
        hands = common.get("hands")
        if hands:
            out["hands"] = [dict(item) for item in hands]
        _face_down(self, out, name)
    if name is not None:
        player = out["players"].get(name)
        out["you"] = {"name": name, **player} if player is not None else _absent(self, name)
    return out


def _absent(self: ShoeTable[Any, Any], name: str) -> dict[str, Any]:
    """``you`` for a player not at the table (not among ``players``)."""
    return {
        "name": name,
        "place": self.place_of(name),
        "chips": self.chips().get(name, 0),
        "done": name in self._done,
        "on_layout": sum(s.amount for s in self._stakes_of(name)),
    }


def _common(self: ShoeTable[Any, Any]) -> tuple[dict[str, Any], bool]:
    """Everything of the view that is the same for every actor (the hands as the public sees
    them); and whether the round's cards are out face down."""
    game = self.game
    out: dict[str, Any] = game.view(None)
    dealing = game.phase is Phase.DEALING or (game.phase is Phase.DEALT and not self._revealed)
    holder = self._hand_holder
    for item in out.get("hands") or []:
        place = item["position"]
        item["place"] = place
        item["holder"] = holder(place)
    for stake in out.get("layout") or []:
        stake["place"] = stake["position"]
    chips = self.chips()
    on_layout: dict[str, int] = {}
    for stake in self._stakes():
        on_layout[stake.player] = on_layout.get(stake.player, 0) + stake.amount
    place_of = {n: p for p, n in self._seats.items()}
    done = self._done
    players = {
        p: {
            "place": place_of.get(p),
            "chips": chips.get(p, 0),
            "done": p in done,
            "on_layout": on_layout.get(p, 0),
        }
        for p in self._present
    }
    out.update(
        table_id=self.table_id,
        seq=self.seq,
        seats={str(p): n for p, n in sorted(self._seats.items())},
        players=players,
        limits={bet: {"min": low, "max": most} for bet, low, _, most in self._kinds},
        betting=None
        if game.phase is not Phase.BETTING
        else {
            "opened_at": self._opened_at,
            "deadline": self._opened_at + self.options.betting_seconds * 1000,
            "done": sorted(done),
        },
        you=None,
        waiting_on=[w.to_dict() for w in self.waiting_on()],
    )
    return out, dealing


def _face_down(self: ShoeTable[Any, Any], out: dict[str, Any], name: str | None) -> None:
    """The round's hands while its cards are out face down: a card is shown where it was
    exposed, or to those the table showed it to as it was dealt (``name``'s own), else
    ``None``; the hand's values are hidden until every card of it is seen."""
    game = self.game
    mine = set() if name is None else {p for p in game.hands if name in self._card_viewers(p)}
    # the face-down cards he was shown as they were dealt (a card a rectified misdeal brought
    # to his place was dealt face down elsewhere: he sees it with everyone, at the reveal)
    seen = list(self._seen.get(name, ())) if name is not None else []
    hands = game.hands
    for item in out.get("hands") or []:
        place = item["place"]
        cards = hands.get(place, ())
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
