"""Dice: six-sided, thrown with an injected random source.

The 13-card game throws four dice (Portaria 51/89/M, Art 1 c, Art 2 b); Mah-Jong three
(Portaria 52/89/M, Art 1). Each die is ``source.randbelow(6) + 1``, in throw order.

>>> from croupier.shuffle import SeededShuffler
>>> throw_dice(THIRTEEN_CARD_DICE, SeededShuffler(7))
(3, 2, 1, 3)
>>> sum(throw_dice(MAH_JONG_DICE, SeededShuffler(7))) in range(3, 19)
True
"""

from __future__ import annotations

from typing import Final

from croupier.errors import MaterialError
from croupier.shuffle import RandomSource

__all__ = ["DIE_FACES", "MAH_JONG_DICE", "THIRTEEN_CARD_DICE", "throw_dice"]

#: Faces of a die, numbered 1..6.
DIE_FACES: Final = 6
#: Portaria 51/89/M Art 1 c: four dice.
THIRTEEN_CARD_DICE: Final = 4
#: Portaria 52/89/M Art 1: three dice.
MAH_JONG_DICE: Final = 3


def throw_dice(count: int, source: RandomSource) -> tuple[int, ...]:
    """Throw ``count`` dice; each is ``source.randbelow(6) + 1``.

    ``count`` must be an integer >= 1 (MaterialError). A source that answers outside ``[0, 6)``
    is refused (MaterialError) rather than producing an impossible face.

    >>> throw_dice(0, None)  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    croupier.errors.MaterialError: dice count must be an integer >= 1, got 0
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise MaterialError(f"dice count must be an integer >= 1, got {count!r}")
    faces: list[int] = []
    for _ in range(count):
        r = source.randbelow(DIE_FACES)
        if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < DIE_FACES:
            raise MaterialError(f"random source answered {r!r} for randbelow({DIE_FACES})")
        faces.append(r + 1)
    return tuple(faces)
