"""Dividing a Mah-Jong hand: readings, is_winning and shanten (GAMES.md §2, Hong Kong old style)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import ExtraTileCopyError, NotationError, TileCountError
from croupier.games.mahjong.hand import (
    ORPHANS,
    is_winning,
    is_winning_counts,
    readings,
    shanten,
    shanten_of_counts,
)
from croupier.games.mahjong.melds import Meld, MeldKind, Reading, SpecialHand
from croupier.tiles import FULL_SET, KINDS, Tile, parse_tiles

T = Tile.parse


def texts(hand: str, declared: Sequence[Meld] = (), *, seven_pairs: bool = False) -> list[str]:
    return [str(r) for r in readings(parse_tiles(hand), declared, seven_pairs=seven_pairs)]


# ----- worked examples ---------------------------------------------------------------------------
def test_three_pungs_or_three_chows() -> None:
    assert texts("111222333m 456p 77s") == [
        "123m 123m 123m 456p 77s",
        "111m 222m 333m 456p 77s",
    ]


def test_four_consecutive_triples_read_three_ways() -> None:
    assert texts("111222333444m 55p") == [
        "123m 123m 123m 444m 55p",
        "111m 234m 234m 234m 55p",
        "111m 222m 333m 444m 55p",
    ]


def test_the_pair_can_move() -> None:
    assert texts("22334455m 567p 888s") == [
        "234m 234m 567p 888s 55m",
        "345m 345m 567p 888s 22m",
    ]


def test_seven_pairs_only_when_allowed_and_beside_the_standard_readings() -> None:
    hand = "11223344556677m"
    standard = [
        "123m 123m 456m 456m 77m",
        "123m 123m 567m 567m 44m",
        "234m 234m 567m 567m 11m",
    ]
    assert texts(hand) == standard
    assert texts(hand, seven_pairs=True) == [*standard, "seven-pairs: 11m 22m 33m 44m 55m 66m 77m"]
    assert texts("11m 22m 33p 44p 55s 66s EE") == []
    (r,) = readings(parse_tiles("11m 22m 33p 44p 55s 66s EE"), seven_pairs=True)
    assert r.special is SpecialHand.SEVEN_PAIRS and r.pair is None
    assert [str(m) for m in r.sets] == ["11m", "22m", "33p", "44p", "55s", "66s", "EE"]
    # seven pairs are distinct pairs: four of a kind is not two pairs
    assert not is_winning(parse_tiles("1111m 22m 33p 44p 55s 66s"), seven_pairs=True)


def test_nine_gates_wins_on_every_character() -> None:
    gates = parse_tiles("1112345678999m")
    assert shanten(gates) == 0
    for n in range(1, 10):
        tile = T(f"{n}m")
        hand = (*gates, tile)
        rs = readings(hand)
        assert rs, n
        assert is_winning(hand) and shanten(hand) == -1
        for r in rs:
            assert r.pair is not None and len(r.sets) == 4
    assert texts("1112345678999m 5m") == ["111m 234m 678m 999m 55m"]
    assert texts("1112345678999m 9m") == ["123m 456m 789m 999m 11m"]
    for other in ("1p", "E", "5s"):
        assert readings((*gates, T(other))) == ()


def test_thirteen_orphans() -> None:
    base = parse_tiles("1m 9m 1p 9p 1s 9s E S W N C F P")
    assert shanten(base) == 0
    for code in ORPHANS:
        hand = (*base, Tile(code))
        (r,) = readings(hand)
        assert r == Reading((Meld.pair(Tile(code)),), None, SpecialHand.THIRTEEN_ORPHANS)
        assert is_winning(hand)
    assert readings((*base, T("5m"))) == ()
    # not with a declared set, even if the hidden tiles look right
    assert not is_winning(parse_tiles("19m19p19s ESWN C"), [Meld.pung(T("5p"))])


def test_declared_sets_keep_their_flag_and_sort_in() -> None:
    exposed = Meld.pung(T("E"), concealed=False)
    hidden_kong = Meld.kong(T("5s"))
    chow = Meld.chow(T("2p"), concealed=False)
    (r,) = readings(parse_tiles("789m 11p"), [exposed, hidden_kong, chow])
    assert [str(m) for m in r.sets] == ["789m", "234p (exposed)", "5555s", "EEE (exposed)"]
    assert r.pair == Meld.pair(T("1p"))
    assert next(m for m in r.sets if m.kind is MeldKind.CHOW and m.first == T("7m")).concealed
    four = [Meld.pung(T(t), concealed=False) for t in ("1m", "2p", "3s", "C")]
    assert texts("NN", four) == ["111m (exposed) 222p (exposed) 333s (exposed) CCC (exposed) NN"]
    assert texts("NS", four) == []
    assert shanten(parse_tiles("N"), four) == 0
    assert shanten(parse_tiles("NN"), four) == -1
    assert shanten(parse_tiles("NS"), four) == 0


def test_non_winning_hands() -> None:
    for hand in (
        "123m 456m 789m 123p 5p 6s",
        "1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N C",
        "EEE SSS WWW NNN C F",
    ):
        tiles = parse_tiles(hand)
        assert readings(tiles, seven_pairs=True) == ()
        assert not is_winning(tiles, seven_pairs=True)
        assert shanten(tiles, seven_pairs=True) >= 0


def test_shanten_examples() -> None:
    assert shanten(parse_tiles("123m 456m 789m 1p 3p EE")) == 0
    assert shanten(parse_tiles("123m 456m 789m 1p 3p EE S")) == 0
    assert shanten(parse_tiles("1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N")) == 7  # orphans: 13 - 6
    assert shanten(parse_tiles("1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N"), seven_pairs=True) == 6
    # ready only on a fifth 1m: one away; four honours of a kind are a pung and a dead tile
    assert shanten(parse_tiles("1111m 234p 567p 789s")) == 1
    assert shanten(parse_tiles("EEEE 123m 456m 789m")) == 1
    # ready only on the fourth 5m, three of which are declared: one away
    assert shanten(parse_tiles("5m 123p 456p 789p"), [Meld.pung(T("5m"))]) == 1
    assert shanten(parse_tiles("5m 123p 456p 789p"), [Meld.pung(T("6m"))]) == 0


def test_counts_entry_points() -> None:
    counts = [0] * 34
    for t in parse_tiles("1112345678999m 5m"):
        counts[t.code] += 1
    assert is_winning_counts(counts) and shanten_of_counts(counts) == -1
    counts[4] -= 1
    assert shanten_of_counts(counts) == 0
    with pytest.raises(TileCountError, match="got 12"):
        shanten_of_counts([1] * 12 + [0] * 22)
    with pytest.raises(NotationError):
        shanten_of_counts([5] + [0] * 33)


# ----- bad input ---------------------------------------------------------------------------------
def test_bad_input_names_the_tile_or_the_count() -> None:
    with pytest.raises(ExtraTileCopyError, match="'E'") as err:
        readings(parse_tiles("EE 123m 456m 789m 11p"), [Meld.pung(T("E"))])
    assert err.value.token == "E"
    with pytest.raises(ExtraTileCopyError, match="'2m'"):
        is_winning((*parse_tiles("2222m 345m 678m 99p"), T("2m")))
    with pytest.raises(TileCountError, match="expected 14 hidden tiles, got 13") as cerr:
        readings(parse_tiles("123m 456m 789m 123p 5p"))
    assert cerr.value.got == 13
    with pytest.raises(TileCountError, match="expected 8 hidden tiles, got 9"):
        is_winning(parse_tiles("123m 456m 789m"), [Meld.kong(T("E")), Meld.chow(T("1s"))])
    with pytest.raises(TileCountError, match="expected 10 or 11 hidden tiles, got 14"):
        shanten(parse_tiles("123m 456m 789m 123p 55p"), [Meld.pung(T("E"))])
    with pytest.raises(NotationError, match="'5m'"):
        readings(["5m"] * 14)  # type: ignore[list-item]
    with pytest.raises(NotationError, match="not a declared set"):
        readings(parse_tiles("123m 456m 789m"), [Meld.pair(T("E"))])
    with pytest.raises(NotationError, match="more than four"):
        readings(parse_tiles("EE"), [Meld.pung(T(f"{n}p")) for n in range(1, 6)])


# ----- properties --------------------------------------------------------------------------------
ALL_SETS = [Meld.pung(t) for t in KINDS] + [
    Meld.chow(t) for t in KINDS if t.number is not None and t.number <= 7
]


def fits(melds: Sequence[Meld]) -> bool:
    return max(Counter(t for m in melds for t in m.tiles).values()) <= 4


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[tuple[Tile, ...], tuple[Meld, ...], Reading]:
    """A winning hand made from 4 random sets and a pair, some sets declared (a declared pung may
    be a kong), the hidden tiles shuffled; and the division it was made from."""
    sets = draw(st.lists(st.sampled_from(ALL_SETS), min_size=4, max_size=4))
    pair = Meld.pair(draw(st.sampled_from(KINDS)))
    n_declared = draw(st.integers(0, 4))
    declared: list[Meld] = []
    for m in sets[:n_declared]:
        exposed = draw(st.booleans())
        if m.kind is MeldKind.PUNG and draw(st.booleans()):
            m = Meld.kong(m.first, concealed=not exposed)
        else:
            m = Meld(m.kind, m.first, not exposed)
        declared.append(m)
    melds = [*declared, *sets[n_declared:], pair]
    if not fits(melds):
        draw(st.just(None).filter(lambda _: False))  # reject: five copies of a tile
    hidden = [t for m in (*sets[n_declared:], pair) for t in m.tiles]
    random.Random(draw(st.integers(0, 2**32))).shuffle(hidden)
    key = lambda m: (m.first.code, m.kind != MeldKind.CHOW, not m.concealed)  # noqa: E731
    reading = Reading(tuple(sorted([*declared, *sets[n_declared:]], key=key)), pair)
    return tuple(hidden), tuple(declared), reading


def few_kinds_hand(n: int) -> st.SearchStrategy[tuple[Tile, ...]]:
    """``n`` tiles drawn from a few kinds (so that near-winning and ambiguous hands are common)."""

    def pick(kinds: list[Tile], seed: int) -> tuple[Tile, ...]:
        pool = [t for t in kinds for _ in range(4)]
        return tuple(random.Random(seed).sample(pool, n))

    kinds = st.lists(st.sampled_from(KINDS), min_size=(n + 3) // 4, max_size=9, unique=True)
    return st.builds(pick, kinds, st.integers(0, 2**32))


def random_hand(n: int) -> st.SearchStrategy[tuple[Tile, ...]]:
    return st.integers(0, 2**32).map(lambda s: tuple(random.Random(s).sample(FULL_SET, n)))


def is_valid(m: Meld) -> bool:
    ts = m.tiles
    if m.kind is MeldKind.CHOW:
        return len(ts) == 3 and ts[0].number is not None and ts[0].number <= 7
    return len(set(ts)) == 1 and len(ts) == {"pung": 3, "kong": 4, "pair": 2}[m.kind]


def check_sound(hidden: Sequence[Tile], declared: Sequence[Meld], rs: Sequence[Reading]) -> None:
    assert len(set(rs)) == len(rs), "duplicate readings"
    want = Counter(hidden) + Counter(t for m in declared for t in m.tiles)
    for r in rs:
        if r.special is SpecialHand.THIRTEEN_ORPHANS:
            assert not declared and set(hidden) == {Tile(c) for c in ORPHANS}
            continue
        melds = [*r.sets, *([r.pair] if r.pair else [])]
        assert all(is_valid(m) for m in melds)
        assert Counter(t for m in melds for t in m.tiles) == want
        if r.special is SpecialHand.SEVEN_PAIRS:
            assert len({m.first for m in r.sets}) == 7 and not declared
            continue
        assert r.pair is not None and r.pair.kind is MeldKind.PAIR
        assert len(r.sets) == 4 and all(m.is_set for m in r.sets)
        assert Counter(m for m in r.sets if m in declared) >= Counter(declared)
        formed = Counter(r.sets) - Counter(declared)
        assert all(m.concealed and m.kind is not MeldKind.KONG for m in formed)


@settings(max_examples=300, deadline=None)
@given(winning_hands())
def test_completeness_and_soundness_on_made_hands(
    made: tuple[tuple[Tile, ...], tuple[Meld, ...], Reading],
) -> None:
    hidden, declared, reading = made
    rs = readings(hidden, declared)
    assert reading in rs
    check_sound(hidden, declared, rs)
    assert is_winning(hidden, declared)
    assert shanten(hidden, declared) == -1
    # one hidden tile fewer: ready (the removed tile, at most four held, completes it again)
    assert shanten(hidden[1:], declared) == 0


@settings(max_examples=300, deadline=None)
@given(st.one_of(few_kinds_hand(14), random_hand(14)), st.booleans())
def test_is_winning_agrees_with_readings(hand: tuple[Tile, ...], seven: bool) -> None:
    rs = readings(hand, seven_pairs=seven)
    check_sound(hand, (), rs)
    assert is_winning(hand, seven_pairs=seven) == bool(rs)
    assert (shanten(hand, seven_pairs=seven) == -1) == bool(rs)


def live_completions(hand: Sequence[Tile], declared: Sequence[Meld], seven: bool) -> list[Tile]:
    held = Counter(hand) + Counter(t for m in declared for t in m.tiles)
    return [t for t in KINDS if held[t] < 4 and is_winning((*hand, t), declared, seven_pairs=seven)]


@settings(max_examples=250, deadline=None)
@given(st.one_of(few_kinds_hand(13), random_hand(13)), st.booleans())
def test_shanten_zero_iff_some_tile_completes(hand: tuple[Tile, ...], seven: bool) -> None:
    s = shanten(hand, seven_pairs=seven)
    assert s >= 0
    assert (s == 0) == bool(live_completions(hand, (), seven))


@settings(max_examples=150, deadline=None)
@given(winning_hands(), st.integers(0, 2**32))
def test_shanten_zero_iff_some_tile_completes_with_declared_sets(
    made: tuple[tuple[Tile, ...], tuple[Meld, ...], Reading], seed: int
) -> None:
    hidden, declared, _ = made
    rng = random.Random(seed)
    hand = list(hidden)
    hand.remove(rng.choice(hand))
    if hand and rng.random() < 0.7:  # swap a tile for another, within the four copies
        held = Counter(hand) + Counter(t for m in declared for t in m.tiles)
        hand[rng.randrange(len(hand))] = rng.choice([t for t in KINDS if held[t] < 4])
    s = shanten(hand, declared)
    assert s >= 0
    assert (s == 0) == bool(live_completions(hand, declared, False))


# ----- cross-check against a naive enumerator --------------------------------------------------
def naive_readings(hand: Sequence[Tile]) -> set[tuple[tuple[Meld, ...], Meld]]:
    """Every standard division, by trying every pair, then every set that fits, in any order,
    as sorted tuples (so orders collapse)."""
    out: set[tuple[tuple[Meld, ...], Meld]] = set()

    def sets_of(rest: Counter[Tile], chosen: list[Meld]) -> None:
        if not +rest:
            out.add((tuple(sorted(chosen)), pair))
            return
        for m in ALL_SETS:
            need = Counter(m.tiles)
            if all(rest[t] >= k for t, k in need.items()):
                sets_of(rest - need, [*chosen, m])

    counts = Counter(hand)
    for tile in list(counts):
        if counts[tile] >= 2:
            pair = Meld.pair(tile)
            sets_of(counts - Counter({tile: 2}), [])
    return out


SMALL_KINDS = [*KINDS[:9], T("E"), T("S")]
SMALL_SETS = [m for m in ALL_SETS if m.first in SMALL_KINDS]


@st.composite
def small_hands(draw: st.DrawFn) -> tuple[Tile, ...]:
    """14 tiles of the characters and two winds: some sets and a pair, then a few tiles swapped
    for others (so that many hands are ambiguous, some not winning)."""
    sets = draw(st.lists(st.sampled_from(SMALL_SETS), min_size=4, max_size=4))
    tiles = [t for m in sets for t in m.tiles] + [draw(st.sampled_from(SMALL_KINDS))] * 2
    for _ in range(draw(st.integers(0, 2))):
        tiles[draw(st.integers(0, 13))] = draw(st.sampled_from(SMALL_KINDS))
    if max(Counter(tiles).values()) > 4:
        draw(st.just(None).filter(lambda _: False))  # reject: five copies of a tile
    return tuple(tiles)


def meld_key(m: Meld) -> tuple[int, bool]:
    return (m.first.code, m.kind is not MeldKind.CHOW)


@settings(max_examples=250, deadline=None)
@given(small_hands())
def test_readings_match_a_naive_enumerator(hand: tuple[Tile, ...]) -> None:
    ours = [(r.sets, r.pair) for r in readings(hand)]
    naive = {(tuple(sorted(sets, key=meld_key)), pair) for sets, pair in naive_readings(hand)}
    assert len(ours) == len(set(ours))
    assert set(ours) == naive
