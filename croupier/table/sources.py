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
import hashlib
import hmac
from typing import Any

from croupier.errors import MaterialError
from croupier.seeds import MIN_CLIENT_SEED
from croupier.shuffle import (
    LiveShuffler,
    ProvablyFairShuffler,
    SeededShuffler,
    Shuffler,
    commit,
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

    def observe(self, commitment: str, nonce: int) -> None:
        """A recorded commitment (``FairnessCommitted``) was folded: a source numbering its
        shuffles continues after it (a table replayed after a restart)."""
        return None

    def secret(self, commitment: str, nonce: int) -> bytes | None:
        """The server seed behind ``commitment`` if this source can give it (None otherwise)."""
        return None


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
    """Provably fair: each shuffle has a secret server seed, combined with the player's
    ``client_seed`` and a nonce counting from ``nonce``. :meth:`next` returns a
    :class:`~croupier.shuffle.ProvablyFairShuffler`, whose ``commitment`` the table publishes
    before the shuffle and whose ``server_seed`` it reveals after.

    The server seeds are fresh from the OS CSPRNG, or, with a secret ``key`` (a server's), derived
    as ``HMAC-SHA256(key, "croupier-fair:<label>:<nonce>")``: a table rebuilt from its record
    after a restart can then still reveal the seed of a shuffle committed before the restart
    (:meth:`secret`), and continues the nonces after the last recorded one (:meth:`observe`).
    The key never leaves the server; each seed is revealed only after its cards are decided.

    >>> key = bytes(range(32))
    >>> first = FairSource("client seed", key=key, label="t1").next()
    >>> again = FairSource("client seed", key=key, label="t1")
    >>> again.secret(first.commitment, 0) == first.server_seed
    True
    """

    def __init__(
        self,
        client_seed: str,
        nonce: int = 0,
        *,
        server_seed: bytes | None = None,
        key: bytes | None = None,
        label: str = "",
    ) -> None:
        if not isinstance(client_seed, str) or len(client_seed.strip()) < MIN_CLIENT_SEED:
            raise MaterialError(
                f"a client seed must be at least {MIN_CLIENT_SEED} characters of the player's "
                f"choosing (entropy the house did not pick), got {client_seed!r}"
            )
        if key is not None and len(key) < 16:
            raise MaterialError("a fairness key is at least 16 bytes")
        self.client_seed = client_seed
        self.nonce = nonce
        self._first_seed = server_seed
        self._key = key
        self._label = label
        self._issued: dict[str, bytes] = {}

    def _derived(self, nonce: int) -> bytes:
        assert self._key is not None
        message = f"croupier-fair:{self._label}:{nonce}".encode()
        return hmac.digest(self._key, message, hashlib.sha256)

    def next(self) -> ProvablyFairShuffler:
        if self._first_seed is not None:
            seed = self._first_seed
            self._first_seed = None
        elif self._key is not None:
            seed = self._derived(self.nonce)
        else:
            seed = new_server_seed()
        shuffler = ProvablyFairShuffler(seed, self.client_seed, self.nonce)
        self._issued[shuffler.commitment] = seed
        self.nonce += 1
        return shuffler

    def observe(self, commitment: str, nonce: int) -> None:
        self.nonce = max(self.nonce, nonce + 1)

    def secret(self, commitment: str, nonce: int) -> bytes | None:
        seed = self._issued.get(commitment)
        if seed is None and self._key is not None:
            derived = self._derived(nonce)
            if commit(derived) == commitment:
                seed = derived
        return seed

    def describe(self) -> dict[str, Any]:
        return {
            "kind": "fair",
            "client_seed": self.client_seed,
            "next_nonce": self.nonce,
            "keyed": self._key is not None,
        }
