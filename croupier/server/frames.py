"""What the hub pushes to a connection: a subscriber's bounded queue of frames, and the frames
shared by every connection of one actor (``croupier.server.hub``, ``croupier.server.ws``)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from typing import Any

import orjson

from croupier.offers import Offer
from croupier.table.actor import Actor

__all__ = ["PROTOCOL_VERSION", "SharedFrame", "Subscriber"]

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
        if self.overflowed:
            return
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            self.overflowed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.get_nowait()
                self.queue.put_nowait({"type": "overflow"})


#: an offer's JSON form by the offer's id, the offer kept alive with it (so no id is reused while
#: the memo lives): one fan-out's memo
OfferMemo = dict[int, tuple[Offer, dict[str, Any]]]


def offer_dicts(offers: Iterable[Offer], memo: OfferMemo | None) -> list[dict[str, Any]]:
    """The JSON forms of ``offers``, each made once per ``memo`` (none: made afresh)."""
    if memo is None:
        return [offer.to_dict() for offer in offers]
    out = []
    for offer in offers:
        known = memo.get(id(offer))
        if known is None:
            known = memo[id(offer)] = (offer, offer.to_dict())
        out.append(known[1])
    return out
