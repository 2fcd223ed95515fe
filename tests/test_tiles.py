"""Mah-Jong tiles, Portaria 52/89/M Art 1: the 136-tile set and its notation."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.errors import (
    CardCountError,
    ExtraTileCopyError,
    NotationError,
    TileCountError,
)
from croupier.tiles import (
    COPIES,
    FULL_SET,
    KINDS,
    SET_SIZE,
    Group,
    Tile,
    format_tiles,
    parse_tiles,
    tile_codes,
)


def test_art1_two_136_tiles_four_of_each() -> None:
    assert SET_SIZE == 136 == len(FULL_SET)
    assert len(KINDS) == 34
    assert Counter(FULL_SET) == dict.fromkeys(KINDS, COPIES)
    assert COPIES == 4


def test_art1_two_five_groups_as_the_regulation_lists_them() -> None:
    by_group = Counter(t.group for t in KINDS)
    # (1) trunfos 3, (2) ventos 4, (3) bambus 9, (4) números 9, (5) círculos 9
    assert by_group == {
        Group.DRAGONS: 3,
        Group.WINDS: 4,
        Group.BAMBOOS: 9,
        Group.CHARACTERS: 9,
        Group.CIRCLES: 9,
    }
    assert [int(g) for g in Group] == [1, 2, 3, 4, 5]
    assert format_tiles(t for t in KINDS if t.group is Group.DRAGONS) == "C F P"
    assert format_tiles(t for t in KINDS if t.group is Group.WINDS) == "E S W N"
    assert [t.number for t in KINDS if t.group is Group.BAMBOOS] == list(range(1, 10))
    assert all(t.number is None for t in KINDS if not t.group.suited)


def test_art1_two_regulation_names() -> None:
    names = {str(t): t.regulation_name for t in parse_tiles("C F P E S W N 3s 4m 5p")}
    assert names == {
        "C": "encarnada (hong chông)",
        "F": "verde (fát chói)",
        "P": "branca (pak pán)",
        "E": "Este (tông)",
        "S": "Sul (nám)",
        "W": "Oeste (sai)",
        "N": "Norte (pak)",
        "3s": "bambus (sók chi) 3",
        "4m": "números (mán chi) 4",
        "5p": "círculos (t'ông chi) 5",
    }


def test_canonical_order_and_codes() -> None:
    assert format_tiles(KINDS) == (
        "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p "
        "1s 2s 3s 4s 5s 6s 7s 8s 9s E S W N C F P"
    )
    assert tile_codes(KINDS) == list(range(34))
    assert tuple(sorted(FULL_SET)) == FULL_SET
    assert [Tile(c) for c in range(34)] == list(KINDS)


def test_tiles_are_interned_frozen_hashable_ordered() -> None:
    t = Tile.parse("5p")
    assert t is Tile.parse("5P") is Tile(13)
    assert pickle.loads(pickle.dumps(t)) is t
    assert len({Tile.parse("E"), Tile.parse("e"), Tile(27)}) == 1
    assert Tile.parse("9m") < Tile.parse("1p") < Tile.parse("E") < Tile.parse("P")
    with pytest.raises(AttributeError):
        t.code = 3


def test_parse_accepts_separators_and_compact_forms() -> None:
    expected = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S C"
    assert format_tiles(parse_tiles(expected)) == expected
    assert format_tiles(parse_tiles("123m 456p 789s EES C")) == expected
    assert format_tiles(parse_tiles("123m456p789sEESC")) == expected
    assert format_tiles(parse_tiles("1m,2m;3m/4p|5p 6p  7s 8s 9s e E s c")) == expected
    assert parse_tiles(["1m", Tile.parse("E")]) == (Tile.parse("1m"), Tile.parse("E"))
    assert parse_tiles("") == ()


def test_bamboo_s_and_south_s_never_clash() -> None:
    assert format_tiles(parse_tiles("1s S s 11sS")) == "1s S S 1s 1s S"


@pytest.mark.parametrize("token", ["0m", "10p", "x", "1z", "12", "Z", "mm", "123mz", "1ms"])
def test_unknown_symbol_names_the_token(token: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_tiles(f"1m {token} 2m")
    assert err.value.token == token
    assert repr(token) in str(err.value)


def test_art1_two_a_fifth_copy_is_refused_naming_it() -> None:
    parse_tiles("EEEE")
    with pytest.raises(ExtraTileCopyError) as err:
        parse_tiles("E 1m E E 2m E 3m E")
    assert err.value.token == "E"
    assert "fifth copy of tile 'E'" in str(err.value)
    with pytest.raises(ExtraTileCopyError):
        parse_tiles((*FULL_SET, Tile.parse("P")))


def test_wrong_count_where_a_count_is_asked() -> None:
    assert len(parse_tiles("123456789m1234p", count=13)) == 13
    with pytest.raises(TileCountError) as err:
        parse_tiles("123456789m123p", count=(13, 14))
    assert isinstance(err.value, CardCountError)
    assert str(err.value) == "expected 13 or 14 tiles, got 12 in '123456789m123p'"
    with pytest.raises(TileCountError):
        parse_tiles(FULL_SET[:-1], count=SET_SIZE)


def test_not_a_tile_object() -> None:
    with pytest.raises(NotationError):
        parse_tiles([3])  # type: ignore[list-item]
    with pytest.raises(NotationError):
        Tile(34)


@given(st.lists(st.sampled_from(KINDS), max_size=40))
def test_format_parse_round_trip(tiles: list[Tile]) -> None:
    if max(Counter(tiles).values(), default=0) > COPIES:
        with pytest.raises(ExtraTileCopyError):
            parse_tiles(format_tiles(tiles))
    else:
        assert parse_tiles(format_tiles(tiles)) == tuple(tiles)
