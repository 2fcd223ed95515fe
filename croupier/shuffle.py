"""Random sources and shufflers: live, seeded (reproducible) and provably fair.

Randomness is always injected: library code never touches a global RNG. Everything that needs
chance takes a :class:`RandomSource` (anything with ``randbelow(n)``), and every shuffler is one.

* :class:`LiveShuffler` draws from the operating system's CSPRNG (:func:`secrets.randbelow`).
  For live play.
* :class:`SeededShuffler` is a deterministic byte stream from HMAC-SHA256 of a seed. The same
  seed gives the same shuffles on every machine and Python version. For simulation and tests.
* :class:`ProvablyFairShuffler` is the same construction keyed by a secret server seed whose
  SHA-256 commitment is published before the deal and the seed revealed after it, so anyone can
  recompute the deal (``docs/material.md`` gives the algorithm step by step).

The shuffle is Fisher-Yates in Durstenfeld's form: for ``i`` from ``n - 1`` down to ``1`` take
``j = randbelow(i + 1)`` and swap positions ``i`` and ``j``.

>>> SeededShuffler(42).permutation(10)
[8, 4, 9, 5, 7, 0, 6, 2, 3, 1]
>>> SeededShuffler("42").shuffle("abcde") == SeededShuffler(42).shuffle("abcde")
True
"""

from __future__ import annotations

import abc
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from operator import length_hint as _left
from typing import Any, Final, Protocol, TypeVar, runtime_checkable

from croupier.errors import MaterialError, VerificationError

T = TypeVar("T")

__all__ = [
    "LiveShuffler",
    "ProvablyFairShuffler",
    "RandomSource",
    "SeededShuffler",
    "Shuffler",
    "commit",
    "verify_commitment",
]


@runtime_checkable
class RandomSource(Protocol):
    """Anything that draws a uniform integer in ``[0, n)``; ``n >= 1`` else MaterialError."""

    def randbelow(self, n: int) -> int: ...


def _check_bound(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise MaterialError(f"randbelow bound must be an integer, got {n!r}")
    if n < 1:
        raise MaterialError(f"randbelow bound must be at least 1, got {n}")
    return n


class Shuffler(abc.ABC):
    """A :class:`RandomSource` that also shuffles.

    Subclasses provide :meth:`randbelow`; :meth:`shuffle` is Durstenfeld's Fisher-Yates on top of
    it, so the order of ``randbelow`` calls (``n, n - 1, ..., 2``) is part of the algorithm.
    """

    @abc.abstractmethod
    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; ``n`` must be an integer >= 1 (MaterialError)."""

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items`` (the input is untouched).

        For ``i`` from ``len - 1`` down to ``1``: ``j = randbelow(i + 1)``, swap ``i`` and ``j``.
        """
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.randbelow(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def permutation(self, n: int) -> list[int]:
        """``shuffle(range(n))``: where each position's item came from."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise MaterialError(f"permutation size must be a non-negative integer, got {n!r}")
        return self.shuffle(range(n))


class LiveShuffler(Shuffler):
    """The operating system's CSPRNG (:func:`secrets.randbelow`), for live play.

    Not reproducible by design; audit a live deal by recording its order (``Shoe.order``) or use
    :class:`ProvablyFairShuffler`.
    """

    def randbelow(self, n: int) -> int:
        return secrets.randbelow(_check_bound(n))

    def __repr__(self) -> str:
        return "LiveShuffler()"


#: the mask of the low ``k`` bits read for a bound of ``i + 1`` (``k = i.bit_length()``), for
#: the bounds a byte covers
_BYTE_MASKS: Final = tuple((1 << i.bit_length()) - 1 for i in range(256))
#: each byte's value under each mask (``_MASKED[mask][byte] == byte & mask``): a tuple read, where
#: ``&`` is a generic number operation (a mask ``2**k - 1``: the values ``0..mask`` over and over)
_MASKED: Final = {m: tuple(range(m + 1)) * (256 // (m + 1)) for m in set(_BYTE_MASKS)}
#: a shuffle's steps by its size (at most 256): each ``i`` from ``n - 1`` down to 1 and the
#: values of the bytes under the mask of its bound (:data:`_MASKED`), in two tuples (read side
#: by side), made once a size
_STEPS: dict[int, tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}
#: the bytes of the stream :meth:`_HmacStreamShuffler.shuffle` has at hand before it starts (a
#: deck of 52 reads ~70 on average): read with no bound check, more only after a rare run of
#: rejections
_AHEAD: Final = 256


class _HmacStreamShuffler(Shuffler):
    """A byte stream ``block(0) || block(1) || ...`` read by rejection sampling.

    ``randbelow(n)``: ``k = (n - 1).bit_length()``; if ``k == 0`` (``n == 1``) return 0 and read
    nothing. Otherwise read the next ``ceil(k / 8)`` bytes of the stream as a big-endian integer,
    keep its low ``k`` bits (``& (2**k - 1)``); if that value is ``< n`` return it, else discard it
    and read again. No modulo, so no bias.
    """

    #: Blocks computed per refill. Computing ahead does not change the stream, only speed.
    _BATCH: Final = 16

    def __init__(self) -> None:
        self._buf = b""
        self._pos = 0
        self._counter = 0

    @abc.abstractmethod
    def _block(self, counter: int) -> bytes:
        """The 32 bytes of block number ``counter``."""

    def _refill(self, need: int) -> None:
        parts = [self._buf[self._pos :]]
        have = len(parts[0])
        made = 0
        while have < need or made < self._BATCH:
            block = self._block(self._counter)
            self._counter += 1
            parts.append(block)
            have += len(block)
            made += 1
        self._buf = b"".join(parts)
        self._pos = 0

    def randbelow(self, n: int) -> int:
        n = _check_bound(n)
        k = (n - 1).bit_length()
        if k == 0:
            return 0
        size = (k + 7) // 8
        mask = (1 << k) - 1
        while True:
            if len(self._buf) - self._pos < size:
                self._refill(size)
            start = self._pos
            self._pos = start + size
            value = int.from_bytes(self._buf[start : self._pos], "big") & mask
            if value < n:
                return value

    def shuffle(self, items: Sequence[T]) -> list[T]:
        # Same algorithm as Shuffler.shuffle with randbelow inlined for bounds <= 256 (one byte
        # per try). tests/test_shuffle.py checks it against a plain reference implementation.
        if type(items) is not list and type(items) is not tuple:
            items = tuple(items)  # read once: the fallback below reads it again
        out = list(items)
        n = len(out)
        if n > 256:
            return self._shuffle_from(out)
        buf, pos = self._buf, self._pos
        if len(buf) - pos < _AHEAD:  # computing ahead changes only when blocks are made
            self._refill(_AHEAD)
            buf, pos = self._buf, 0
        steps = _STEPS.get(n)
        if steps is None:
            bounds = range(n - 1, 0, -1)
            steps = _STEPS[n] = (tuple(bounds), tuple(_MASKED[_BYTE_MASKS[i]] for i in bounds))
        places, masked = steps
        # the stream's bytes read by an iterator, each step's first byte zipped with the step
        # (no index kept: ~5 bytecodes a step), a rejection's next byte from the same iterator;
        # zip reads the steps first, so it stops at the last step without reading a byte more
        stream = buf[pos:]
        read = iter(stream)
        i = n  # the last step done: 1 once all are (past the end: a step left undone)
        try:
            for i, low, byte in zip(places, masked, read, strict=False):
                j = low[byte]  # byte & mask
                while j > i:  # at or above the bound i + 1: read again
                    j = low[next(read)]
                out[i], out[j] = out[j], out[i]
        except StopIteration:  # the bytes ran out (rejections): again, refilling as it reads
            return self._shuffle_from(list(items))
        if i > 1:  # the bytes ran out at a step's first byte: the same
            return self._shuffle_from(list(items))
        self._pos = pos + len(stream) - _left(read)
        return out

    def _shuffle_from(self, out: list[T]) -> list[T]:
        """:meth:`shuffle` of ``out`` in place from the stream as it stands, refilling as it
        reads (any size; the same bytes read as :meth:`shuffle`)."""
        buf, pos = self._buf, self._pos
        end = len(buf)
        masks = _BYTE_MASKS
        for i in range(len(out) - 1, 0, -1):
            if i >= 256:  # a bound i + 1 above a byte's
                self._pos = pos
                j = self.randbelow(i + 1)
                buf, pos = self._buf, self._pos
                end = len(buf)
            else:
                mask = masks[i]
                while True:
                    if pos >= end:
                        self._pos = pos
                        self._refill(1)
                        buf, pos = self._buf, 0
                        end = len(buf)
                    j = buf[pos] & mask
                    pos += 1
                    if j <= i:  # below the bound i + 1
                        break
            out[i], out[j] = out[j], out[i]
        self._pos = pos
        return out


class _Mac(Protocol):
    """What a block is made with: :class:`hmac.HMAC`'s copy, update and digest."""

    def copy(self) -> _Mac: ...

    def update(self, msg: bytes) -> None: ...

    def digest(self) -> bytes: ...


def _seed_bytes(seed: int | str | bytes) -> bytes:
    if isinstance(seed, bool):
        raise MaterialError(f"seed must be an int, str or bytes, got {seed!r}")
    if isinstance(seed, int):
        return str(seed).encode("ascii")
    if isinstance(seed, str):
        return seed.encode("utf-8")
    if isinstance(seed, bytes | bytearray):
        return bytes(seed)
    raise MaterialError(f"seed must be an int, str or bytes, got {seed!r}")


class SeededShuffler(_HmacStreamShuffler):
    """A reproducible shuffler for simulation and tests (not for live play).

    Algorithm (exact, so anyone can reimplement it):

    1. key: an ``int`` seed is its decimal ASCII text (``42`` -> ``b"42"``, ``-7`` -> ``b"-7"``),
       a ``str`` its UTF-8 bytes, ``bytes`` themselves (so ``42``, ``"42"`` and ``b"42"`` are the
       same seed).
    2. stream: ``block(c) = HMAC-SHA256(key, c.to_bytes(8, "big"))`` for ``c = 0, 1, 2, ...``,
       concatenated.
    3. ``randbelow(n)``: ``k = (n - 1).bit_length()``; ``n == 1`` gives 0 and reads nothing; else
       read ``ceil(k / 8)`` bytes big-endian, keep the low ``k`` bits, return the value if it is
       ``< n``, otherwise read again (rejection sampling, no modulo bias).
    4. ``shuffle``: Fisher-Yates (Durstenfeld): for ``i = len - 1`` down to ``1``,
       ``j = randbelow(i + 1)``, swap ``i`` and ``j``.

    >>> s = SeededShuffler(b"demo")
    >>> [s.randbelow(6) + 1 for _ in range(5)]
    [5, 3, 4, 2, 1]
    """

    def __init__(self, seed: int | str | bytes) -> None:
        super().__init__()
        self.seed = seed
        self._key = _seed_bytes(seed)
        #: HMAC-SHA256 keyed once: each block is a copy of it given the counter (the same
        #: bytes as ``hmac.digest(key, counter, "sha256")``, without setting the key up again)
        self._mac = self._keyed()

    def _keyed(self) -> _Mac:
        """HMAC-SHA256 with the seed's key set up: the OpenSSL object an :class:`hmac.HMAC`
        wraps when it has one (its copy, update and digest are the wrapper's, without a Python
        call each: a block costs half), else the wrapper itself."""
        mac = hmac.new(self._key, digestmod=hashlib.sha256)
        inner: _Mac = getattr(mac, "_hmac", None) or mac
        return inner

    def __getstate__(self) -> dict[str, Any]:
        # the keyed HMAC object cannot be pickled or copied: made again from the key
        state = dict(self.__dict__)
        del state["_mac"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._mac = self._keyed()

    def _block(self, counter: int) -> bytes:
        mac = self._mac.copy()
        mac.update(counter.to_bytes(8, "big"))
        return mac.digest()

    def __repr__(self) -> str:
        return f"SeededShuffler({self.seed!r})"


def commit(server_seed: bytes) -> str:
    """The commitment to a server seed: ``sha256(server_seed).hexdigest()`` (lower case).

    >>> commit(b"abc")
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    """
    if not isinstance(server_seed, bytes | bytearray):
        raise MaterialError(f"server seed must be bytes, got {type(server_seed).__name__}")
    return hashlib.sha256(server_seed).hexdigest()


def verify_commitment(server_seed: bytes, commitment: str) -> None:
    """Check a revealed server seed against the commitment published before the deal.

    Raises VerificationError naming both hashes when they differ.

    >>> verify_commitment(b"abc", commit(b"abc"))
    >>> verify_commitment(b"abd", commit(b"abc"))
    Traceback (most recent call last):
    ...
    croupier.errors.VerificationError: server seed does not match the commitment: sha256 of the \
revealed seed is 'a52d159f262b2c6ddb724a61840befc36eb30c88877a4030b65cbe86298449c9', the \
commitment was 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    """
    if not isinstance(commitment, str):
        raise VerificationError(f"commitment must be a hex string, got {commitment!r}")
    given = commitment.strip().lower()
    if len(given) != 64 or any(ch not in "0123456789abcdef" for ch in given):
        raise VerificationError(
            f"commitment must be 64 hexadecimal characters (a SHA-256), got {commitment!r}"
        )
    actual = commit(server_seed)
    if not hmac.compare_digest(actual, given):
        raise VerificationError(
            "server seed does not match the commitment: sha256 of the revealed seed is "
            f"{actual!r}, the commitment was {commitment!r}"
        )


#: The shortest server seed accepted (128 bits); :func:`new_server_seed` draws 32 bytes.
MIN_SERVER_SEED_BYTES = 16


def new_server_seed() -> bytes:
    """A fresh secret 32-byte server seed from the OS CSPRNG (:func:`secrets.token_bytes`)."""
    return secrets.token_bytes(32)


class ProvablyFairShuffler(_HmacStreamShuffler):
    """A shuffler whose deal anyone can recompute once the server seed is revealed.

    Protocol: the house draws a secret ``server_seed`` and publishes :attr:`commitment`
    (``sha256(server_seed).hexdigest()``) before the round; the player supplies ``client_seed``;
    ``nonce`` numbers the rounds played on one server seed. After the round the house reveals
    ``server_seed``; a verifier checks it with :func:`verify_commitment` and replays the shuffle.

    Stream: ``block(c) = HMAC-SHA256(key=server_seed, msg=f"{client_seed}:{nonce}:{c}" as
    UTF-8)`` for ``c = 0, 1, 2, ...`` (``nonce`` and ``c`` in decimal), concatenated; integers
    and shuffles exactly as :class:`SeededShuffler` (rejection sampling on ``ceil(k/8)`` bytes,
    low ``k`` bits, then Durstenfeld's Fisher-Yates).

    The ``repr`` shows the commitment, never the server seed.

    >>> seed = bytes(range(32))
    >>> pf = ProvablyFairShuffler(seed, "player", 0)
    >>> pf.commitment == commit(seed)
    True
    >>> pf.permutation(6) == ProvablyFairShuffler(seed, "player", 0).permutation(6)
    True
    """

    def __init__(self, server_seed: bytes, client_seed: str, nonce: int) -> None:
        super().__init__()
        if not isinstance(server_seed, bytes | bytearray):
            raise MaterialError(f"server seed must be bytes, got {type(server_seed).__name__}")
        if len(server_seed) < MIN_SERVER_SEED_BYTES:
            # a short seed could be found from its published SHA-256 by brute force, and the
            # deal predicted before the reveal
            raise MaterialError(
                f"server seed must be at least {MIN_SERVER_SEED_BYTES} bytes, "
                f"got {len(server_seed)}"
            )
        if not isinstance(client_seed, str):
            raise MaterialError(f"client seed must be a str, got {client_seed!r}")
        try:
            client_seed.encode("utf-8")
        except UnicodeEncodeError:
            raise MaterialError(f"client seed is not valid text: {client_seed!r}") from None
        if isinstance(nonce, bool) or not isinstance(nonce, int) or nonce < 0:
            raise MaterialError(f"nonce must be a non-negative integer, got {nonce!r}")
        self.server_seed: bytes = bytes(server_seed)
        self.client_seed: str = client_seed
        self.nonce: int = nonce
        self._prefix = f"{client_seed}:{nonce}:"

    @classmethod
    def new(cls, client_seed: str, nonce: int) -> ProvablyFairShuffler:
        """A shuffler with a fresh server seed from :func:`new_server_seed`."""
        return cls(new_server_seed(), client_seed, nonce)

    @property
    def commitment(self) -> str:
        """``sha256(server_seed).hexdigest()``: publish it before the deal."""
        return commit(self.server_seed)

    def _block(self, counter: int) -> bytes:
        return hmac.digest(self.server_seed, f"{self._prefix}{counter}".encode(), "sha256")

    def __repr__(self) -> str:
        return (
            f"ProvablyFairShuffler(commitment={self.commitment!r}, "
            f"client_seed={self.client_seed!r}, nonce={self.nonce})"
        )
