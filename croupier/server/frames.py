"""What the hub pushes to a connection: a subscriber's bounded queue of frames, and the frames
shared by every connection of one actor (``croupier.server.hub``, ``croupier.server.ws``)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import orjson

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
