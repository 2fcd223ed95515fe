"""Where a table's shuffles come from: live, seeded (reproducible) or provably fair.

A table asks its source for a new :class:`~croupier.shuffle.Shuffler` at every shuffle
(:meth:`ShuffleSource.next`). :class:`SeededSource` derives shuffle ``n`` from one seed, so a
seeded table replays the same cards on any machine; :class:`FairSource` draws a fresh server seed
for each shuffle and lets the table publish its commitment before the shuffle and reveal it after.

>>> a, b = SeededSource("demo"), SeededSource("demo")
>>> a.next().permutation(5) == b.next().permutation(5)
True
"""

from __future__ import annotations

import abc
from typing import Any

from croupier.errors import MaterialError
from croupier.seeds import MIN_CLIENT_SEED
from croupier.shuffle import (
    LiveShuffler,
    ProvablyFairShuffler,
    SeededShuffler,
    Shuffler,
    new_server_seed,
)

__all__ = ["MIN_CLIENT_SEED", "FairSource", "LiveSource", "SeededSource", "ShuffleSource"]


class ShuffleSource(abc.ABC):
    """A factory of shufflers, one per shuffle."""

    @abc.abstractmethod
    def next(self) -> Shuffler:
        """The shuffler of the next shuffle."""

    def describe(self) -> dict[str, Any]:
        """What the source is, as JSON (never a secret)."""
        return {"kind": type(self).__name__}


class LiveSource(ShuffleSource):
    """The OS CSPRNG for every shuffle."""

    def next(self) -> Shuffler:
        return LiveShuffler()


class SeededSource(ShuffleSource):
    """Shuffle ``n`` (0, 1, ...) from ``SeededShuffler(f"{seed}:{n}")``: reproducible."""

    def __init__(self, seed: str) -> None:
        if not isinstance(seed, str) or not seed:
            raise MaterialError(f"a seed is non-empty text, got {seed!r}")
        self.seed = seed
        self.count = 0

    def next(self) -> Shuffler:
        shuffler = SeededShuffler(f"{self.seed}:{self.count}")
        self.count += 1
        return shuffler

    def describe(self) -> dict[str, Any]:
        return {"kind": "seeded", "seed": self.seed, "shuffles": self.count}


class FairSource(ShuffleSource):
    """Provably fair: each shuffle has a fresh secret server seed, combined with the player's
    ``client_seed`` and a nonce counting from ``nonce``. :meth:`next` returns a
    :class:`~croupier.shuffle.ProvablyFairShuffler`, whose ``commitment`` the table publishes
    before the shuffle and whose ``server_seed`` it reveals after."""

    def __init__(self, client_seed: str, nonce: int = 0, *, server_seed: bytes | None = None):
        if not isinstance(client_seed, str) or len(client_seed.strip()) < MIN_CLIENT_SEED:
            raise MaterialError(
                f"a client seed must be at least {MIN_CLIENT_SEED} characters of the player's "
                f"choosing (entropy the house did not pick), got {client_seed!r}"
            )
        self.client_seed = client_seed
        self.nonce = nonce
        self._first_seed = server_seed

    def next(self) -> ProvablyFairShuffler:
        seed = self._first_seed if self._first_seed is not None else new_server_seed()
        self._first_seed = None
        shuffler = ProvablyFairShuffler(seed, self.client_seed, self.nonce)
        self.nonce += 1
        return shuffler

    def describe(self) -> dict[str, Any]:
        return {"kind": "fair", "client_seed": self.client_seed, "next_nonce": self.nonce}
