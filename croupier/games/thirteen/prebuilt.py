"""The 13-card solver's fixed tables, shipped prebuilt (``prebuilt.npz`` beside this module).

Two sets of tables cost ~270 ms to build at every start, more than the rest of ``croupier solve
thirteen`` together, and never change:

* the **settings index**: the 1,287 five-card and 286 three-card subsets of positions 0..12 and,
  for each of the 72,072 settings (Art 7), which subsets are its back, middle and front;
* the **rank tables** of :data:`croupier.rank.THIRTEEN`: every formation key, weakest first (the
  strength order of Art 9 II) and the perfect-hash tables that map a hand to its strength.

They are written by ``python -m croupier.games.thirteen.prebuilt`` and loaded by :func:`load`;
a test rebuilds both from the code (:func:`build`) and checks the shipped file is exactly what
the code makes (``tests/games/thirteen/test_thirteen_prebuilt.py``), so the file is a cache,
never a second source of truth. :func:`prime_ranking` hands the rank tables to
:data:`~croupier.rank.THIRTEEN` (:meth:`~croupier.rank.model.RankRules.prime`), which then skips
building them.

Settings are numbered back-major: setting ``i`` has back subset ``i // 56`` (the 56 middles of
the 8 cards a back leaves follow each other), which lets the solver broadcast the back instead
of gathering it.
"""

from __future__ import annotations

import array
import functools
import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from croupier.rank.model import HashTables, Key

__all__ = [
    "MIDDLES_PER_BACK",
    "PREBUILT_FILE",
    "SETTING_COUNT",
    "SettingsIndex",
    "build",
    "load",
    "prime_ranking",
    "settings_index",
]

#: Art 7: C(13,5) backs x C(8,5) middles, the front is what is left.
SETTING_COUNT: Final = 72_072
#: C(8, 5): the middles of the 8 cards a back leaves.
MIDDLES_PER_BACK: Final = 56
PREBUILT_FILE: Final = Path(__file__).with_name("prebuilt.npz")


@dataclass(frozen=True)
class SettingsIndex:
    """Fixed tables over the positions 0..12 of a sorted hand."""

    sub5: NDArray[np.intp]  # (1287, 5) positions of each 5-card subset
    sub3: NDArray[np.intp]  # (286, 3)
    back: NDArray[np.intp]  # (72072,) index into sub5 (= i // 56)
    middle: NDArray[np.intp]  # (72072,) index into sub5
    front: NDArray[np.intp]  # (72072,) index into sub3


def build_index() -> SettingsIndex:
    """The settings index, from itertools (the reference the shipped file is checked against)."""
    fives = list(itertools.combinations(range(13), 5))
    threes = list(itertools.combinations(range(13), 3))
    five_at: dict[tuple[int, ...], int] = {c: i for i, c in enumerate(fives)}
    three_at: dict[tuple[int, ...], int] = {c: i for i, c in enumerate(threes)}
    back, middle, front = [], [], []
    for b in fives:
        rest = tuple(p for p in range(13) if p not in b)
        for m in itertools.combinations(rest, 5):
            f = tuple(p for p in rest if p not in m)
            back.append(five_at[b])
            middle.append(five_at[m])
            front.append(three_at[f])
    assert len(back) == SETTING_COUNT
    return SettingsIndex(
        sub5=np.array(fives, dtype=np.intp),
        sub3=np.array(threes, dtype=np.intp),
        back=np.array(back, dtype=np.intp),
        middle=np.array(middle, dtype=np.intp),
        front=np.array(front, dtype=np.intp),
    )


def build() -> dict[str, NDArray[np.generic]]:
    """Every shipped array, built from the code (slow: the rank keys take ~0.2 s)."""
    from croupier.rank.model import THIRTEEN, HashTables

    ix = build_index()
    tables = HashTables.build(THIRTEEN)
    return {
        "sub5": ix.sub5.astype(np.uint8),
        "sub3": ix.sub3.astype(np.uint8),
        "middle": ix.middle.astype(np.uint16),
        "front": ix.front.astype(np.uint16),
        "keys": np.array(THIRTEEN.all_keys(), dtype=np.uint8),
        "card_value": tables.card_value_np,
        "flush_offset": tables.flush_offset_np,
        "table": tables.table_np,
        "bases": np.array([tables.flush_base, tables.size3_base], dtype=np.int64),
    }


#: the rank table is ~1M slots of which ~8k are not 0: the file holds those (slot, value) pairs
_SPARSE: Final = ("table_size", "table_slots", "table_values")


def _sparse(table: NDArray[np.uint16]) -> dict[str, NDArray[np.generic]]:
    slots = np.flatnonzero(table).astype(np.uint32)
    return {
        "table_size": np.array([len(table)], dtype=np.int64),
        "table_slots": slots,
        "table_values": table[slots],
    }


def _dense(data: dict[str, NDArray[np.generic]]) -> NDArray[np.uint16]:
    table = np.zeros(int(data["table_size"][0]), dtype=np.uint16)
    table[data["table_slots"].astype(np.intp)] = data["table_values"]
    return table


@functools.cache
def _stored(path: Path = PREBUILT_FILE) -> dict[str, NDArray[np.generic]]:
    """The arrays as the file holds them (the rank table by its non-zero slots)."""
    with np.load(path) as data:
        return {name: data[name] for name in data.files}


@functools.cache
def load(path: Path = PREBUILT_FILE) -> dict[str, NDArray[np.generic]]:
    """The shipped arrays (read once per process): :func:`build`'s, the rank table rebuilt from
    its non-zero slots."""
    arrays = {k: v for k, v in _stored(path).items() if k not in _SPARSE}
    arrays["table"] = _dense(_stored(path))
    return arrays


@functools.cache
def settings_index() -> SettingsIndex:
    """The settings index from the shipped file (a few milliseconds)."""
    data = load()
    middle = data["middle"].astype(np.intp)
    return SettingsIndex(
        sub5=data["sub5"].astype(np.intp),
        sub3=data["sub3"].astype(np.intp),
        back=np.repeat(np.arange(len(data["sub5"]), dtype=np.intp), MIDDLES_PER_BACK),
        middle=middle,
        front=data["front"].astype(np.intp),
    )


def rank_tables() -> tuple[tuple[Key, ...], HashTables]:
    """The THIRTEEN formation keys (weakest first) and hash tables from the shipped file."""
    from croupier.rank.model import HashTables

    data = load()
    keys = tuple(map(tuple, data["keys"].tolist()))  # .tolist(): Python ints
    card_value = data["card_value"].astype(np.uint32, copy=False)
    flush_offset = data["flush_offset"].astype(np.uint32, copy=False)
    table = data["table"].astype(np.uint16, copy=False)
    flush_base, size3_base = (int(b) for b in data["bases"])
    # the scalar table as an array of Python-readable uint16 (indexing it gives an int, as a
    # tuple's does): a copy of the NumPy table's bytes, where a tuple of its ~1M slots cost a
    # short command (``solve thirteen``) about a seventh of its CPU time to build (issue 22)
    scalar = array.array("H", table.tobytes())
    tables = HashTables(
        card_value=tuple(card_value[:52].tolist()),
        flush_offset=tuple(flush_offset.tolist()),
        table=scalar,
        flush_base=flush_base,
        size3_base=size3_base,
        arrays={"card_value": card_value, "flush_offset": flush_offset, "table": table},
    )
    return keys, tables


def prime_ranking() -> None:
    """Give :data:`~croupier.rank.THIRTEEN` the shipped keys and hash tables (loaded once; a
    table already built is kept: :meth:`~croupier.rank.model.RankRules.prime`)."""
    from croupier.rank.model import THIRTEEN

    THIRTEEN.prime(rank_tables)


def main() -> None:  # pragma: no cover - the generator, run by hand
    arrays = build()
    arrays.update(_sparse(arrays.pop("table")))  # type: ignore[arg-type]
    np.savez_compressed(PREBUILT_FILE, **arrays)  # type: ignore[arg-type]
    print(f"wrote {PREBUILT_FILE} ({PREBUILT_FILE.stat().st_size:,} bytes)")


if __name__ == "__main__":  # pragma: no cover
    main()
