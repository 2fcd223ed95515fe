"""What the hub pushes to a connection: a subscriber's bounded queue of frames, and the frames
shared by every connection of one actor (``croupier.server.hub``, ``croupier.server.ws``)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

import orjson

from croupier.offers import Offer
from croupier.table.actor import Actor

__all__ = ["PROTOCOL_VERSION", "SharedFrame", "Subscriber", "put_or_overflow"]

#: the version field of every WebSocket frame (``croupier.server.ws``)
PROTOCOL_VERSION = 1


class SharedFrame(dict[str, Any]):
    """A frame pushed to every connection of one actor at a fan-out: encoded to JSON text once
    (by the first connection that sends it), the same text sent to all of them. Never changed
    after it is pushed."""

    __slots__ = ("_text",)

    def text(self) -> str:
        """The frame's JSON text, with the protocol's version field."""
        try:
            return self._text
        except AttributeError:
            self._text: str = orjson.dumps({**self, "v": PROTOCOL_VERSION}).decode()
            return self._text


class Subscriber:
    """One connection's interest in one table: frames are queued, never awaited by the writer."""

    def __init__(self, actor: Actor, since: int | None, queue: asyncio.Queue[dict[str, Any]]):
        self.actor = actor
        #: the last seq this subscriber was sent (None: it wants a view first)
        self.seq = since
        self.queue = queue
        self.overflowed = False

    def push(self, frame: dict[str, Any]) -> None:
        if not self.overflowed:
            self.overflowed = not put_or_overflow(self.queue, frame)


def put_or_overflow(queue: asyncio.Queue[dict[str, Any]], frame: dict[str, Any]) -> bool:
    """Queue ``frame`` for a connection's writer: True; or, the queue full (a client too slow to
    read), empty it whole and queue the ``overflow`` marker alone: False. Whole, never the
    oldest frame alone: what the client got before the marker is then a gapless run of entries,
    and its last seq one it got whole (its reconnect asks for what follows it)."""
    try:
        queue.put_nowait(frame)
    except asyncio.QueueFull:
        while not queue.empty():
            queue.get_nowait()
        queue.put_nowait({"type": "overflow"})
        return False
    return True


class OfferMemo:
    """The offers' JSON forms made for one table's fan-outs, by the offer's identity (a table
    hands out one object per distinct offer, kept across seqs: most offers of a fan-out were
    made before). Only the forms used by this fan-out and the one before are kept: an offer
    neither listed is forgotten (a banking table makes the offers bounded by a player's chips
    afresh for each decision, which a plain cache kept by thousands per table, all of them
    scanned by the garbage collector). Each form is kept with its offer, so no id is reused
    while its form is known."""

    __slots__ = ("current", "previous")

    def __init__(self) -> None:
        self.current: dict[int, tuple[Offer, dict[str, Any]]] = {}
        self.previous: dict[int, tuple[Offer, dict[str, Any]]] = {}

    def turn(self) -> None:
        """A fan-out begins: what the one before it did not use is forgotten."""
        self.previous = self.current
        self.current = {}

    def form(self, offer: Offer) -> dict[str, Any]:
        """``offer``'s JSON form, made once while it is in use."""
        key = id(offer)
        known = self.current.get(key)
        if known is None:
            known = self.previous.get(key)
            if known is None:
                known = (offer, offer.to_dict())
            self.current[key] = known
        return known[1]


def offer_dicts(offers: Iterable[Offer], memo: OfferMemo | None) -> list[dict[str, Any]]:
    """The JSON forms of ``offers``, each made once per ``memo`` (none: made afresh).

    >>> from croupier.games.banking_commands import Done
    >>> memo, offer = OfferMemo(), Offer(Done)
    >>> first = offer_dicts([offer], memo)
    >>> memo.turn()
    >>> offer_dicts([offer], memo)[0] is first[0]  # used by the fan-out before: kept
    True
    >>> memo.turn(); memo.turn()
    >>> offer_dicts([offer], memo)[0] is first[0]  # unused for a whole fan-out: made again
    False
    """
    if memo is None:
        return [offer.to_dict() for offer in offers]
    return [memo.form(offer) for offer in offers]
