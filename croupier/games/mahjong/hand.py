"""Dividing a Mah-Jong hand: its winning readings, whether it wins, and its shanten number.

The hand forms (GAMES.md §2: the project plays Hong Kong old-style mahjong, the regulation's own
text stopping at the deal; the forms below are standard Hong Kong practice):

* **standard hand**: four sets and a pair. A set is a chow (three consecutive tiles of one
  suit), a pung (three of a kind) or a kong (four of a kind, which must be declared to count as
  a set); declared sets (exposed chows, pungs and kongs, and concealed kongs) each count as one
  of the four, so the hidden tiles must divide into ``4 - len(declared)`` sets and the pair.
  Hidden tiles only ever divide into chows, pungs and the pair: four of a kind held but not
  declared is a pung plus one more tile;
* **thirteen orphans** (classic limit hand): one each of 1m 9m 1p 9p 1s 9s E S W N C F P and one
  of them doubled; the whole hand hidden (no declared set);
* **seven pairs**: seven *distinct* pairs, the whole hand hidden; not a classic Hong Kong
  old-style hand, so only when the table allows it (``seven_pairs=True``).

:func:`readings` lists every way to read a winning hand (scoring takes the best);
:func:`is_winning` only says whether there is one; :func:`shanten` counts how far a hand is from
winning (-1 = complete, 0 = ready, ...). All three take the hidden tiles (the winning tile
included) as :class:`~croupier.tiles.Tile` objects and the declared sets as
:class:`~croupier.games.mahjong.melds.Meld` objects, and check them: at most four copies of a tile
counting the declared sets (:class:`~croupier.errors.ExtraTileCopyError`) and the right number of
hidden tiles (:class:`~croupier.errors.TileCountError`; a declared kong counts as three).
:func:`is_winning_counts` and :func:`shanten_of_counts` take a 34-count vector instead (our tile
codes: 1m..9m, 1p..9p, 1s..9s, E S W N, C F P).

>>> from croupier.tiles import parse_tiles
>>> for r in readings(parse_tiles("111222333m 456p 77s")):
...     print(r)
123m 123m 123m 456p 77s
111m 222m 333m 456p 77s
>>> is_winning(parse_tiles("19m 19p 19s ESWN CFP P"))
True
>>> shanten(parse_tiles("123m 456m 789m 1p 3p EE")), shanten(parse_tiles("19m19p19s ESWNCF 5m"))
(0, 1)

Method. Each suit's nine counts (and the honours' counts) are divided on their own and the results
memoised per pattern, so a pattern seen once costs a dictionary look-up afterwards. For
:func:`shanten`, each group gets a small table: the fewest tiles to add to it so that it holds
``m`` sets (``m`` = 0..4) and ``p`` pairs (``p`` = 0..1); the tables of the three suits and the
honours are combined by min-plus convolution and the shanten number is that total, for
``4 - len(declared)`` sets and the pair, minus one. This is the standard shanten number (the same
as the usual count ``8 - 2 * sets - partial sets - pair``) with the copy limit kept: the target
hand holds at most four of a tile, the declared sets' copies included. An honour kind makes at
most one set or the pair; a suit in which the player holds all four of some tile gets its table
from a small dynamic programme over the target's sets instead of the pieces (so ``1111m 234p
567p 789s``, "ready" only on a fifth 1m, is one away, as the ``mahjong`` package also counts it).
A last check keeps "ready" exact whatever the tables say: a hand counts as ready (0) only if some
tile the player does not already hold four of completes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Final

from croupier.errors import ExtraTileCopyError, NotationError, TileCountError
from croupier.games.mahjong.melds import Meld, MeldKind, Reading, SpecialHand
from croupier.tiles import Tile, format_tiles

__all__ = [
    "ORPHANS",
    "clear_tables",
    "convolve_tables",
    "is_winning",
    "is_winning_counts",
    "readings",
    "shanten",
    "shanten_of_counts",
]

#: The thirteen orphans' tiles (codes): the terminals 1 and 9 of each suit, the winds, the dragons.
ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_SUIT_BASES: Final = (0, 9, 18)
_SETS: Final = 4
_FULL: Final = 14  # hidden tiles of a hand with no declared set, the winning tile included

Pattern = tuple[int, ...]
#: a group's shanten table: index 2 * m + p, the fewest tiles to add for m sets and p pairs
Table = tuple[int, ...]


# ----- input --------------------------------------------------------------------------------------
def _count(concealed: Sequence[Tile], declared: Sequence[Meld]) -> tuple[list[int], list[int]]:
    """The 34-count vector of the hidden tiles, and the one of all the tiles the player holds
    (the declared sets' too); raises on a non-tile, a non-set or a fifth copy."""
    counts = [0] * 34
    try:
        for tile in concealed:
            counts[tile.code] += 1
    except (AttributeError, TypeError, IndexError):
        bad = next(t for t in concealed if t.__class__ is not Tile)
        raise NotationError(repr(bad), f"not a tile: {bad!r}") from None
    if not declared:
        held = counts
    else:
        if len(declared) > _SETS:
            raise NotationError(
                str(declared[_SETS]), f"more than four declared sets: {declared[_SETS]}"
            )
        held = counts[:]
        for meld in declared:
            if not isinstance(meld, Meld) or not meld.is_set:
                raise NotationError(str(meld), f"not a declared set: {meld!s}")
            for tile in meld.tiles:
                held[tile.code] += 1
    if max(held) > 4:
        raise ExtraTileCopyError(str(Tile(held.index(max(held)))))
    return counts, held


def _check_count(
    concealed: Sequence[Tile], declared: Sequence[Meld], allowed: tuple[int, ...]
) -> None:
    if len(concealed) not in allowed:
        expected = " or ".join(str(n) for n in allowed) + " hidden"
        raise TileCountError(expected, len(concealed), format_tiles(concealed))


# ----- winning: the divisions of one suit ---------------------------------------------------------
#: per suit pattern: bit 0 = divides into sets, bit 1 = divides into sets and one pair
_SUIT_WIN: dict[Pattern, int] = {(0,) * 9: 1}


def _suit_win(p: Pattern) -> int:
    got = _SUIT_WIN.get(p)
    if got is not None:
        return got
    i = next(k for k in range(9) if p[k])
    c = p[i]
    res = 0
    for pung, pair in ((0, 0), (1, 0), (0, 1), (1, 1)):
        chows = c - 3 * pung - 2 * pair
        if chows < 0:
            continue
        q = list(p)
        q[i] = 0
        if chows:
            if i > 6 or q[i + 1] < chows or q[i + 2] < chows:
                continue
            q[i + 1] -= chows
            q[i + 2] -= chows
        sub = _suit_win(tuple(q))
        res |= (sub & 1) << 1 if pair else sub
    _SUIT_WIN[p] = res
    return res


def _standard_win(counts: Sequence[int]) -> bool:
    """Hidden tiles (3n + 2 of them) divide into sets and one pair."""
    h = counts[27:]
    if 1 in h or 4 in h:
        return False
    return _suits_win(counts, h.count(2))


def _suits_win(counts: Sequence[int], pairs: int) -> bool:
    """The suits divide into sets and (with the honours' ``pairs``) exactly one pair."""
    if pairs > 1:
        return False
    a, b, c = counts[0:9], counts[9:18], counts[18:27]
    ra, rb, rc = sum(a) % 3, sum(b) % 3, sum(c) % 3
    if ra == 1 or rb == 1 or rc == 1 or pairs + (ra == 2) + (rb == 2) + (rc == 2) != 1:
        return False
    for p, r in ((a, ra), (b, rb), (c, rc)):
        key = tuple(p)
        got = _SUIT_WIN.get(key)
        if got is None:
            got = _suit_win(key)
        if not got & (2 if r else 1):
            return False
    return True


def _is_orphans(counts: Sequence[int]) -> bool:
    return sum(counts[k] for k in ORPHANS) == _FULL and all(counts[k] for k in ORPHANS)


def _is_seven_pairs(counts: Sequence[int]) -> bool:
    return counts.count(2) == 7


def is_winning_counts(
    counts: Sequence[int], declared_sets: int = 0, *, seven_pairs: bool = False
) -> bool:
    """:func:`is_winning` on a 34-count vector of the hidden tiles (our codes), unchecked: the
    caller vouches for ``14 - 3 * declared_sets`` tiles, at most four of a kind.

    >>> is_winning_counts([2] * 7 + [0] * 27, seven_pairs=True)
    True
    """
    h = counts[27:]
    if 4 in h:  # four of an honour: no set, no distinct pairs, no orphans
        return False
    if 1 in h:  # a lone honour: thirteen orphans or nothing
        return not declared_sets and 0 not in h and _is_orphans(counts)
    if _suits_win(counts, h.count(2)):
        return True
    return bool(seven_pairs and not declared_sets and 3 not in h and _is_seven_pairs(counts))


def is_winning(
    concealed: Sequence[Tile], declared: Sequence[Meld] = (), *, seven_pairs: bool = False
) -> bool:
    """Whether the hidden tiles (the winning tile included) and the declared sets read as a
    winning hand: four sets and a pair (standard Hong Kong hand, GAMES.md §2), thirteen orphans
    (classic limit hand, no declared set) or, when ``seven_pairs``, seven distinct pairs (a table
    option). Same as ``bool(readings(...))``, without listing the readings.

    >>> from croupier.tiles import parse_tiles
    >>> is_winning(parse_tiles("1112345678999m 5m")), is_winning(parse_tiles("1112345678999m 5p"))
    (True, False)
    >>> is_winning(parse_tiles("11m 22m 33p 44p 55s 66s EE"))
    False
    >>> is_winning(parse_tiles("11m 22m 33p 44p 55s 66s EE"), seven_pairs=True)
    True
    >>> is_winning(parse_tiles("234m 55p"))
    Traceback (most recent call last):
    ...
    croupier.errors.TileCountError: expected 14 hidden tiles, got 5 in '2m 3m 4m 5p 5p'
    """
    counts, _ = _count(concealed, declared)
    _check_count(concealed, declared, (_FULL - 3 * len(declared),))
    return is_winning_counts(counts, len(declared), seven_pairs=seven_pairs)


# ----- readings -----------------------------------------------------------------------------------
#: a division of one group: (kind, index within the group) per meld, index the lowest tile
Division = tuple[tuple[MeldKind, int], ...]
_DIVISIONS: dict[tuple[Pattern, bool], tuple[Division, ...]] = {}


def _suit_divisions(p: Pattern, with_pair: bool) -> tuple[Division, ...]:
    """Every division of one suit's counts into chows and pungs (and one pair if ``with_pair``),
    each once: at the lowest tile held, how many pungs, pairs and chows start there is decided at
    once, so no division is reached by two orders."""
    key = (p, with_pair)
    got = _DIVISIONS.get(key)
    if got is not None:
        return got
    nonzero = [k for k in range(len(p)) if p[k]]
    if not nonzero:
        return ((),) if not with_pair else ()
    i = nonzero[0]
    c = p[i]
    out: list[Division] = []
    for pung, pair in ((0, 0), (1, 0), (0, 1), (1, 1)):
        if pair and not with_pair:
            continue
        chows = c - 3 * pung - 2 * pair
        if chows < 0:
            continue
        q = list(p)
        q[i] = 0
        if chows:
            if i > 6 or q[i + 1] < chows or q[i + 2] < chows:
                continue
            q[i + 1] -= chows
            q[i + 2] -= chows
        here: Division = (
            ((MeldKind.PUNG, i),) * pung
            + ((MeldKind.PAIR, i),) * pair
            + ((MeldKind.CHOW, i),) * chows
        )
        for rest in _suit_divisions(tuple(q), with_pair and not pair):
            out.append(here + rest)
    result = tuple(out)
    _DIVISIONS[key] = result
    return result


def _honour_divisions(p: Pattern, with_pair: bool) -> tuple[Division, ...]:
    melds: list[tuple[MeldKind, int]] = []
    pairs = 0
    for k, c in enumerate(p):
        if c == 3:
            melds.append((MeldKind.PUNG, k))
        elif c == 2:
            melds.append((MeldKind.PAIR, k))
            pairs += 1
        elif c:
            return ()
    return (tuple(melds),) if pairs == int(with_pair) else ()


_KIND_ORDER: Final = {MeldKind.CHOW: 0, MeldKind.PUNG: 1, MeldKind.KONG: 2, MeldKind.PAIR: 3}


def _meld_key(meld: Meld) -> tuple[int, int, bool]:
    """Sets in tile order: by lowest tile, then chow, pung, kong, then concealed first."""
    return (meld.first.code, _KIND_ORDER[meld.kind], not meld.concealed)


def _reading_key(r: Reading) -> tuple[tuple[tuple[int, int, bool], ...], int]:
    return (tuple(_meld_key(m) for m in r.sets), r.pair.first.code if r.pair else -1)


def _standard_readings(counts: Sequence[int], declared: Sequence[Meld]) -> list[Reading]:
    groups = [tuple(counts[b : b + 9]) for b in _SUIT_BASES] + [tuple(counts[27:])]
    bases = (*_SUIT_BASES, 27)
    out: list[Reading] = []
    for pair_group in range(4):
        choices = [
            (_honour_divisions if g == 3 else _suit_divisions)(groups[g], g == pair_group)
            for g in range(4)
        ]
        for divisions in product(*choices):
            sets = list(declared)
            pair: Meld | None = None
            for base, division in zip(bases, divisions, strict=True):
                for kind, k in division:
                    meld = Meld(kind, Tile(base + k))
                    if kind is MeldKind.PAIR:
                        pair = meld
                    else:
                        sets.append(meld)
            out.append(Reading(tuple(sorted(sets, key=_meld_key)), pair))
    return out


def readings(
    concealed: Sequence[Tile], declared: Sequence[Meld] = (), *, seven_pairs: bool = False
) -> tuple[Reading, ...]:
    """Every way to read the hidden tiles (the winning tile included) with the declared sets as a
    winning hand; ``()`` when there is none.

    * Standard hand (GAMES.md §2; standard Hong Kong practice): the hidden tiles divide into
      ``4 - len(declared)`` sets (chows and pungs) and one pair. Every distinct division is listed
      once (``111222333m`` is three pungs and also three chows). ``Reading.sets`` holds the
      declared sets (their ``concealed`` flag kept) and the sets formed from the hidden tiles
      (``concealed=True``), sorted in tile order (by lowest tile; at one tile chow, pung, kong);
      ``Reading.pair`` the pair.
    * Thirteen orphans (classic Hong Kong limit hand; only with no declared set):
      ``Reading(sets=(pair of the doubled tile,), pair=None, special=THIRTEEN_ORPHANS)``; the
      other twelve tiles are the remaining orphans, one each.
    * Seven distinct pairs, only when ``seven_pairs`` (a table option; not a classic Hong Kong
      old-style hand) and no declared set: ``Reading(sets=(the seven pairs,), pair=None,
      special=SEVEN_PAIRS)``.

    Standard readings come first, sorted by their sets then pair; special ones after.

    >>> from croupier.tiles import parse_tiles
    >>> for r in readings(parse_tiles("22334455m 567p 888s")):
    ...     print(r)
    234m 234m 567p 888s 55m
    345m 345m 567p 888s 22m
    >>> [str(r) for r in readings(parse_tiles("11223344556677m"), seven_pairs=True)]
    ['123m 123m 456m 456m 77m', '123m 123m 567m 567m 44m', '234m 234m 567m 567m 11m', \
'seven-pairs: 11m 22m 33m 44m 55m 66m 77m']
    >>> [str(r) for r in readings(parse_tiles("19m19p19s ESWNCF FP"))]
    ['thirteen-orphans: FF']
    >>> kong = Meld.kong(Tile.parse("C"), concealed=False)
    >>> [str(r) for r in readings(parse_tiles("123p 789p 111s WW"), [kong])]
    ['123p 789p 111s CCCC (exposed) WW']
    >>> readings(parse_tiles("123p 789p 111s WE"), [kong])
    ()
    >>> readings(parse_tiles("789p 111s WWW"), [kong])
    Traceback (most recent call last):
    ...
    croupier.errors.TileCountError: expected 11 hidden tiles, got 9 in '7p 8p 9p 1s 1s 1s W W W'
    >>> readings(parse_tiles("123p 789p 111s CW"), [kong])
    Traceback (most recent call last):
    ...
    croupier.errors.ExtraTileCopyError: a fifth copy of tile 'C' (the set holds four of each)
    """
    counts, _ = _count(concealed, declared)
    _check_count(concealed, declared, (_FULL - 3 * len(declared),))
    out = _standard_readings(counts, declared)
    out.sort(key=_reading_key)
    if not declared:
        if _is_orphans(counts):
            doubled = next(k for k in ORPHANS if counts[k] == 2)
            out.append(Reading((Meld.pair(Tile(doubled)),), None, SpecialHand.THIRTEEN_ORPHANS))
        if seven_pairs and _is_seven_pairs(counts):
            pairs = tuple(Meld.pair(Tile(k)) for k in range(34) if counts[k] == 2)
            out.append(Reading(pairs, None, SpecialHand.SEVEN_PAIRS))
    return tuple(out)


# ----- shanten ------------------------------------------------------------------------------------
_INF: Final = 99
#: the empty group: each set takes three new tiles, the pair two
_EMPTY: Final[Table] = tuple(3 * (i // 2) + 2 * (i % 2) for i in range(10))
_SUIT_TABLE: dict[Pattern, Table] = {(0,) * 9: _EMPTY}
_HONOUR_TABLE: dict[Pattern, Table] = {(): _EMPTY}


def _with_piece(t: Table, as_set: int, as_pair: int) -> Table:
    """The table of a group with one more piece of tiles that costs ``as_set`` tiles to make a set
    and ``as_pair`` to make the pair (or is left unused, at no cost)."""
    out = list(t)
    for m in range(1, 5):
        for p in (0, 1):
            v = t[2 * (m - 1) + p] + as_set
            if v < out[2 * m + p]:
                out[2 * m + p] = v
    for m in range(5):
        v = t[2 * m] + as_pair
        if v < out[2 * m + 1]:
            out[2 * m + 1] = v
    return tuple(out)


def _suit_table(p: Pattern) -> Table:
    """Fewest tiles to add to one suit for ``m`` sets and ``p`` pairs, by dividing its tiles at the
    lowest one held into a piece (a set, a pair, two tiles of a chow, one tile) and the rest."""
    got = _SUIT_TABLE.get(p)
    if got is not None:
        return got
    i = next(k for k in range(9) if p[k])
    options: list[tuple[Pattern, int, int]] = []  # (rest, cost as set, cost as pair)

    def take(*ks: int) -> Pattern:
        q = list(p)
        for k in ks:
            q[k] -= 1
        return tuple(q)

    c = p[i]
    if c >= 3:
        options.append((take(i, i, i), 0, _INF))
    if c >= 2:
        options.append((take(i, i), 1, 0))
    if i <= 6 and p[i + 1] and p[i + 2]:
        options.append((take(i, i + 1, i + 2), 0, _INF))
    if i <= 7 and p[i + 1]:
        options.append((take(i, i + 1), 1, _INF))
    if i <= 6 and p[i + 2]:
        options.append((take(i, i + 2), 1, _INF))
    options.append((take(i), 2, 1))
    best: list[int] | None = None
    for rest, as_set, as_pair in options:
        t = _with_piece(_suit_table(rest), as_set, as_pair)
        if best is None:
            best = list(t)
        else:
            for k in range(10):
                if t[k] < best[k]:
                    best[k] = t[k]
    assert best is not None
    result = tuple(best)
    _SUIT_TABLE[p] = result
    return result


#: one honour held c times (index), as one piece: (tiles to add for a pung, for the pair). An
#: honour kind makes at most one set or the pair (no chows; two pungs or a pung and the pair
#: would take five copies), so the fourth of four held is of no use.
_HONOUR_PIECE: Final = ((3, 2), (2, 1), (1, 0), (0, 0), (0, 0))


def _honour_table(p: Pattern) -> Table:
    """The honours' table; ``p`` their non-zero counts (in any order: it does not matter)."""
    got = _HONOUR_TABLE.get(p)
    if got is not None:
        return got
    t = _with_piece(_honour_table(p[1:]), *_HONOUR_PIECE[p[0]])
    _HONOUR_TABLE[p] = t
    return t


_CONV: dict[tuple[Table, Table], Table] = {}
#: the memo of :func:`convolve_tables` is emptied at this many entries (callers such as the bots
#: bring tables of their own, so its keys are not a fixed set)
_CONV_LIMIT: Final = 100_000


def convolve_tables(a: Table, b: Table) -> Table:
    """The shanten table of two groups together, from each group's table (index ``2 * m + p``:
    the fewest tiles to add for ``m`` sets and ``p`` pairs): a min-plus convolution over how the
    sets and the pair split between them.

    >>> e = tuple(3 * (i // 2) + 2 * (i % 2) for i in range(10))  # an empty group
    >>> convolve_tables(e, e) == e
    True
    """
    got = _CONV.get((a, b))
    if got is not None:
        return got
    out = [_INF] * 10
    for m in range(5):
        for ma in range(m + 1):
            mb = m - ma
            x0, x1, y0, y1 = a[2 * ma], a[2 * ma + 1], b[2 * mb], b[2 * mb + 1]
            if x0 + y0 < out[2 * m]:
                out[2 * m] = x0 + y0
            v = min(x0 + y1, x1 + y0)
            if v < out[2 * m + 1]:
                out[2 * m + 1] = v
    result = tuple(out)
    if len(_CONV) >= _CONV_LIMIT:
        _CONV.clear()
    _CONV[(a, b)] = result
    return result


_CAPPED_TABLE: dict[tuple[Pattern, Pattern], Table] = {}


def _capped_table(p: Pattern, cap: Pattern) -> Table:
    """:func:`_suit_table` with the copy limit: the target holds at most ``cap[k]`` of tile ``k``
    (four less the copies in declared sets). A dynamic programme over the nine tiles choosing the
    target's sets and pair directly; used for the (rare) suits where the limit can bind."""
    got = _CAPPED_TABLE.get((p, cap))
    if got is not None:
        return got
    # state: (chows started one tile back, two tiles back, sets, pairs) -> tiles added
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for i in range(9):
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (b1, b2, m, pr), cost in states.items():
            for pung in (0, 1) if m < _SETS else (0,):
                for pair in (0, 1) if not pr else (0,):
                    base = b1 + b2 + 3 * pung + 2 * pair
                    for new in range(5 - m - pung if i <= 6 else 1):
                        demand = base + new
                        if demand > cap[i]:
                            break
                        key = (new, b1, m + pung + new, pr + pair)
                        v = cost + max(0, demand - p[i])
                        if v < nxt.get(key, _INF):
                            nxt[key] = v
        states = nxt
    out = [_INF] * 10
    for (b1, b2, m, pr), cost in states.items():
        if not b1 and not b2 and cost < out[2 * m + pr]:
            out[2 * m + pr] = cost
    result = _with_piece(tuple(out), 3, 2)  # or a set or the pair wholly elsewhere
    for _ in range(3):
        result = _with_piece(result, 3, _INF)
    _CAPPED_TABLE[(p, cap)] = result
    return result


def _standard_distance(counts: Sequence[int], held: Sequence[int] | None, sets: int) -> int:
    """Fewest tiles to add to the hidden tiles so that they hold ``sets`` sets and a pair, the
    target holding at most four of a tile with the declared sets (``held``: all the player's
    tiles; None when no set is declared)."""
    tables: list[Table] = []
    for base in _SUIT_BASES:
        p = tuple(counts[base : base + 9])
        if held is None:
            if 4 in p:
                tables.append(_capped_table(p, (4,) * 9))
                continue
        else:
            h = held[base : base + 9]
            if 4 in h:
                cap = tuple(4 - x + y for x, y in zip(h, p, strict=True))
                tables.append(_capped_table(p, cap))
                continue
        tables.append(_SUIT_TABLE.get(p) or _suit_table(p))
    if held is None:
        hp = tuple(sorted([x for x in counts[27:] if x], reverse=True))
        d = _HONOUR_TABLE.get(hp) or _honour_table(hp)
    else:
        d = _EMPTY
        for k in range(27, 34):
            c, room = counts[k], 4 - held[k] + counts[k]
            if c:
                to_pung, to_pair = _HONOUR_PIECE[c]
                d = _with_piece(d, to_pung if room >= 3 else _INF, to_pair if room >= 2 else _INF)
    ab = convolve_tables(tables[0], tables[1])
    cd = convolve_tables(tables[2], d)
    best = _INF
    for m in range(sets + 1):
        x0, x1 = ab[2 * m], ab[2 * m + 1]
        y0, y1 = cd[2 * (sets - m)], cd[2 * (sets - m) + 1]
        v = min(x0 + y1, x1 + y0)
        if v < best:
            best = v
    return best


def clear_tables() -> None:
    """Forget the memoised per-group results (back to the state after import): for measuring a
    first run over new hands; never needed for correctness."""
    for table in (_SUIT_WIN, _SUIT_TABLE, _HONOUR_TABLE, _DIVISIONS, _CAPPED_TABLE, _CONV):
        table.clear()
    _SUIT_WIN[(0,) * 9] = 1
    _SUIT_TABLE[(0,) * 9] = _EMPTY
    _HONOUR_TABLE[()] = _EMPTY


def _ready_on_live_tile(counts: list[int], held: list[int]) -> bool:
    """Some tile the player holds fewer than four of completes the hidden tiles (3n + 1)."""
    for w in range(34):
        if held[w] < 4:
            counts[w] += 1
            ok = _standard_win(counts)
            counts[w] -= 1
            if ok:
                return True
    return False


def _standard_shanten(counts: list[int], held: list[int], sets: int, n: int, declared: bool) -> int:
    s = _standard_distance(counts, held if declared else None, sets) - 1
    if s != 0 or 4 not in held:
        return s
    # ready only on tiles all four of which the player holds? then one away
    if n % 3 == 1:
        return 0 if _ready_on_live_tile(counts, held) else 1
    for d in range(34):
        if counts[d]:
            counts[d] -= 1
            held[d] -= 1
            ok = _standard_distance(
                counts, held if declared else None, sets
            ) == 1 and _ready_on_live_tile(counts, held)
            counts[d] += 1
            held[d] += 1
            if ok:
                return 0
    return 1


def _special_shanten(counts: Sequence[int], seven_pairs: bool) -> int:
    kinds = 0
    doubled = 0
    for k in ORPHANS:
        if counts[k]:
            kinds += 1
            if counts[k] >= 2:
                doubled = 1
    best = 13 - kinds - doubled
    if seven_pairs:
        pairs = 0
        kinds = 0
        for c in counts:
            if c:
                kinds += 1
                if c >= 2:
                    pairs += 1
        s = 6 - pairs + (7 - kinds if kinds < 7 else 0)
        if s < best:
            best = s
    return best


def _shanten(counts: list[int], held: list[int], declared_sets: int, seven_pairs: bool) -> int:
    n = sum(counts)
    s = _standard_shanten(counts, held, _SETS - declared_sets, n, declared_sets > 0)
    if declared_sets or s < 0:
        return s
    return min(s, _special_shanten(counts, seven_pairs))


def shanten_of_counts(
    counts: Sequence[int], declared_sets: int = 0, *, seven_pairs: bool = False
) -> int:
    """:func:`shanten` on a 34-count vector of the hidden tiles (our codes) and the number of
    declared sets (which must not hold a fourth copy of a tile in ``counts``: their tiles are not
    known here). Checks the vector's length, its counts and its total.

    >>> shanten_of_counts([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25)
    0
    >>> shanten_of_counts([1] * 12 + [0] * 22)
    Traceback (most recent call last):
    ...
    croupier.errors.TileCountError: expected 13 or 14 hidden tiles, got 12 in 'counts'
    """
    vec = list(counts)
    if len(vec) != 34 or min(vec) < 0 or max(vec) > 4:
        raise NotationError(str(counts), "a count vector holds 34 counts of 0..4")
    if not 0 <= declared_sets <= _SETS:
        raise NotationError(str(declared_sets), f"{declared_sets} declared sets (0..4)")
    n = sum(vec)
    full = _FULL - 3 * declared_sets
    if n not in (full - 1, full):
        raise TileCountError(f"{full - 1} or {full} hidden", n, "counts")
    return _shanten(vec, vec[:], declared_sets, seven_pairs and not declared_sets)


def shanten(
    concealed: Sequence[Tile], declared: Sequence[Meld] = (), *, seven_pairs: bool = False
) -> int:
    """The shanten number of the hidden tiles with the declared sets: how many tiles away from a
    ready hand (0 = ready, -1 = a winning hand). For 13 or 14 hidden tiles with no declared set,
    three fewer per declared set (a kong counting as three).

    The minimum over the hand forms (GAMES.md §2; standard Hong Kong practice): four sets and a
    pair (``4 - len(declared)`` sets from the hidden tiles), thirteen orphans (no declared set)
    and, when ``seven_pairs`` (a table option), seven distinct pairs (no declared set). The usual
    counts: ``13 - orphan kinds held - (1 if one is doubled)`` and ``6 - pairs + max(0, 7 -
    kinds)``; the standard form as the module says, with the copy limit deciding ready-or-not.

    >>> from croupier.tiles import parse_tiles
    >>> shanten(parse_tiles("1112345678999m 5m")), shanten(parse_tiles("1112345678999m"))
    (-1, 0)
    >>> shanten(parse_tiles("1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N"))  # 13 - 6 orphans
    7
    >>> shanten(parse_tiles("1111m 234p 567p 789s"))  # ready only on a fifth 1m
    1
    >>> shanten(parse_tiles("11m 22m 33p 44p 55s 66s E")), shanten(
    ...     parse_tiles("11m 22m 33p 44p 55s 66s E"), seven_pairs=True)
    (3, 0)
    >>> shanten(parse_tiles("1m 2m 3m"))
    Traceback (most recent call last):
    ...
    croupier.errors.TileCountError: expected 13 or 14 hidden tiles, got 3 in '1m 2m 3m'
    """
    counts, held = _count(concealed, declared)
    full = _FULL - 3 * len(declared)
    _check_count(concealed, declared, (full - 1, full))
    if held is counts:
        held = counts[:]
    return _shanten(counts, held, len(declared), seven_pairs and not declared)
