"""The hub's fan-out (:class:`FanOut`, a part of :class:`croupier.server.hub.Hub`): after a
commit, each subscriber of a table is pushed what it has not seen, the events as its actor may
see them (``Table.events_for``) or a whole view when it is too far behind, then its view frame.
One frame per actor (and per seq caught up from) is made and shared by that actor's
connections, with its JSON text; each offer's JSON form and each event shown whole are made
once for every actor."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from croupier.server.frames import OfferMemo, SharedFrame, Subscriber, offer_dicts
from croupier.table.actor import Actor

if TYPE_CHECKING:
    from croupier.server.hub import HubSettings, LiveTable

__all__ = ["FanOut"]


class FanOut:
    """The frames a table's subscribers are pushed (the hub's writer calls :meth:`_fan_out`
    when it has no job waiting; :meth:`_catch_up` serves a new subscriber)."""

    settings: HubSettings

    def _fan_out(self, live: LiveTable) -> None:
        if live.stale:
            return
        live.unsent = 0
        common = self._common(live)
        #: one frame per actor (and per seq caught up from): connections of the same actor (the
        #: public's, a person's several tabs) share it, and its JSON text
        shared: dict[Any, SharedFrame] = {}
        #: each offer's JSON form made once: the tables share equal offers among actors (the
        #: banking games' bets at every place) and seqs, and each actor's frame lists them
        offers = live.offer_forms
        offers.turn()
        #: each event shown whole (most are public) encoded once for every actor's frame
        forms: dict[int, dict[str, Any]] = {}
        for subscriber in list(live.subscribers):
            if subscriber.overflowed:
                continue
            self._catch_up(live, subscriber, common, shared, offers, forms)

    def _catch_up(
        self,
        live: LiveTable,
        subscriber: Subscriber,
        common: dict[str, Any] | None = None,
        shared: dict[Any, SharedFrame] | None = None,
        offers: OfferMemo | None = None,
        forms: dict[int, dict[str, Any]] | None = None,
    ) -> None:
        """Push what ``subscriber`` has not seen: the missed events (redacted for its actor), or
        a whole view when it is too far behind; then its view. ``shared``: the frames already
        made in this fan-out, by actor; ``forms``: its events' whole forms, by index."""
        if shared is None:
            shared = {}
        actor = subscriber.actor
        committed = live.stored_seq
        since = subscriber.seq
        if since is not None and since > committed:
            since = None  # a client ahead of the record (another database?): start over
        if since is not None and 0 < committed - since <= self.settings.catchup_limit:
            frame = shared.get((actor, since))
            if frame is None:
                events = live.table.events_for(actor, since, forms=forms)[: committed - since]
                frame = shared[actor, since] = SharedFrame(
                    type="events", table=live.id, events=events, seq=committed
                )
            subscriber.push(frame)
        subscriber.seq = committed
        view = shared.get(actor)
        if view is None:
            view = shared[actor] = SharedFrame(self.view_frame(live, actor, common, offers))
        subscriber.push(view)

    def _common(self, live: LiveTable) -> dict[str, Any]:
        """The parts of a view frame that are the same for every actor."""
        table = live.table
        players = sorted(table.chips())
        return {
            "waiting": [w.to_dict() for w in table.waiting_on()],
            "away": [p for p in players if p not in live.bots and p not in live.present],
            "bots": sorted(live.bots),
            "closed": table.closed,
        }

    def view_frame(
        self,
        live: LiveTable,
        actor: Actor,
        common: dict[str, Any] | None = None,
        offers: OfferMemo | None = None,
    ) -> dict[str, Any]:
        """The table as ``actor`` may see it now, with what he may send and who is waited on
        (``common``: the actor-free parts, computed once for a fan-out; ``offers``: the offers'
        JSON forms made so far in it)."""
        table = live.table
        return {
            "type": "view",
            "table": live.id,
            "game": live.row.game,
            "seq": live.stored_seq,
            "view": table.view(actor),
            "legal": offer_dicts(table.legal(actor), offers) if actor.is_player else [],
            **(common or self._common(live)),
        }
