"""The wall and the deal of Mah-Jong, Portaria 52/89/M Art 1-2."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import (
    CroupierError,
    ExtraTileCopyError,
    MaterialError,
    NotationError,
    RecordError,
    RuleViolation,
    TileCountError,
)
from croupier.games.mahjong.rules import (
    BANKER,
    DICE_COUNT,
    STACKS_PER_WALL,
    TILE_COUNT,
    WALLS,
    BankerExtra,
    DealOptions,
    Round,
    Seat,
    check_total,
    wall_seat,
)
from croupier.games.mahjong.wall import LiveWall, MahjongDeal, deal_from_order, deal_mahjong
from croupier.shuffle import ProvablyFairShuffler, SeededShuffler
from croupier.tiles import FULL_SET, KINDS, Tile, format_tiles, parse_tiles

# A hand-written laying of the 136 tiles. Each wall is written as its owner sees it, stack 1 (the
# owner's right end) first, each stack "top bottom". Every wall holds each of the 34 kinds once,
# in a different arrangement, so a tile tells its stack and a wrong wall shows.
EAST_WALL = (  # stack s: the kinds 2s-1, 2s in canonical order
    "1m 2m | 3m 4m | 5m 6m | 7m 8m | 9m 1p | 2p 3p | 4p 5p | 6p 7p | 8p 9p | "
    "1s 2s | 3s 4s | 5s 6s | 7s 8s | 9s E | S W | N C | F P"
)
SOUTH_WALL = (
    "8p 7p | 6p 5p | 4p 3p | 2p 1p | 9m 8m | 7m 6m | 5m 4m | 3m 2m | 1m P | "
    "F C | N W | S E | 9s 8s | 7s 6s | 5s 4s | 3s 2s | 1s 9p"
)
WEST_WALL = (
    "9p 1s | 2s 3s | 4s 5s | 6s 7s | 8s 9s | E S | W N | C F | P 1m | "
    "2m 3m | 4m 5m | 6m 7m | 8m 9m | 1p 2p | 3p 4p | 5p 6p | 7p 8p"
)
NORTH_WALL = (  # the canonical order backwards
    "P F | C N | W S | E 9s | 8s 7s | 6s 5s | 4s 3s | 2s 1s | 9p 8p | "
    "7p 6p | 5p 4p | 3p 2p | 1p 9m | 8m 7m | 6m 5m | 4m 3m | 2m 1m"
)
# The laying convention (wall.py): tiles 0..33 East's wall, 34..67 South's, 68..101 West's,
# 102..135 North's; within a wall stack 1 first, top then bottom.
ORDER = parse_tiles(" | ".join([EAST_WALL, SOUTH_WALL, WEST_WALL, NORTH_WALL]), count=136)


def test_the_hand_written_order_is_the_whole_set() -> None:
    assert Counter(ORDER) == Counter(FULL_SET)
    for wall in (EAST_WALL, SOUTH_WALL, WEST_WALL, NORTH_WALL):
        assert sorted(parse_tiles(wall)) == list(KINDS)


def test_art2_worked_example_total_13_tile_for_tile() -> None:
    # "Se a soma dos dados indicar, por exemplo, 13 pontos, o banqueiro separará da fila-dupla
    # colocada à sua frente 13 grupos, contados da direita para a esquerda, e começará a tirar
    # para si dois grupos (4 pedras) dos quatro restantes".
    #
    # By hand. 13 counted from the banker counterclockwise (E 1, S 2, W 3, N 4, E 5, ... E 13):
    # East's own wall. Its stacks 1..13 from his right are set apart; the deal takes stacks
    # 14 (9s E), 15 (S W), 16 (N C), 17 (F P), then on leftwards into the wall of the player on
    # East's left, North: N1 (P F), N2 (C N), N3 (W S), N4 (E 9s), N5 (8s 7s), N6 (6s 5s),
    # N7 (4s 3s), N8 (2s 1s), N9 (9p 8p), N10 (7p 6p), N11 (5p 4p), N12 (3p 2p), N13 (1p 9m),
    # N14 (8m 7m), N15 (6m 5m), N16 (4m 3m), N17 (2m 1m), then West's wall: W1 (9p 1s),
    # W2 (2s 3s), W3 (4s 5s), W4 (6s 7s), W5 (8s 9s), W6 (E S), W7 (W N), W8 (C F), ...
    #
    # Round 1: East E14 E15, South E16 E17, West N1 N2, North N3 N4.
    # Round 2: East N5 N6, South N7 N8, West N9 N10, North N11 N12.
    # Round 3: East N13 N14, South N15 N16, West N17 W1, North W2 W3.
    # The jump: next are W4 (6s over 7s) and W5 (8s over 9s) and W6 (E over S). East takes the
    # tops of W4 and W6 (6s, E), South the bottom of W4 (7s), West the top of W5 (8s), North the
    # bottom of W5 (9s). The wall goes on at the bottom of W6 (S), then W7 (W N), W8 (C F), ...
    # Replacement tiles come from the other end: E13 (7s over 8s), then E12 (5s over 6s), ...
    expected = {
        Seat.EAST: "9s E S W  8s 7s 6s 5s  1p 9m 8m 7m  6s E",
        Seat.SOUTH: "N C F P  4s 3s 2s 1s  6m 5m 4m 3m  7s",
        Seat.WEST: "P F C N  9p 8p 7p 6p  2m 1m 9p 1s  8s",
        Seat.NORTH: "W S E 9s  5p 4p 3p 2p  2s 3s 4s 5s  9s",
    }
    deal = deal_from_order(ORDER, (6, 4, 3))
    assert deal.dice_total == 13
    assert deal.wall is Seat.EAST
    assert deal.first_stack == (Seat.EAST, 14)
    for seat, tiles in expected.items():
        assert format_tiles(deal.hands[seat]) == format_tiles(parse_tiles(tiles)), seat
    assert format_tiles(deal.live.tiles[:8]) == "S W N C F P 1m 2m"
    # the last of the live wall: the rest of South's wall, then East's stacks 1..13
    assert format_tiles(deal.live.tiles[-4:]) == "5s 6s 7s 8s"
    assert format_tiles(deal.live.replacement_order()[:4]) == "7s 8s 5s 6s"
    assert deal.first_to_discard is BANKER is Seat.EAST


def test_art2_worked_example_total_13_plain_reading() -> None:
    # The same wall, the plain reading: East takes the next two tiles (6s 7s, all of W4),
    # South the top of W5 (8s), West its bottom (9s), North the top of W6 (E).
    deal = deal_from_order(ORDER, (6, 4, 3), DealOptions(banker_extra=BankerExtra.PLAIN))
    assert format_tiles(deal.hands[Seat.EAST][-2:]) == "6s 7s"
    assert [format_tiles(deal.hands[s][-1:]) for s in Seat][1:] == ["8s", "9s", "E"]
    assert deal.live.tiles[0] == Tile.parse("S")


def test_art2_replacement_bottom_first_option() -> None:
    deal = deal_from_order(ORDER, (6, 4, 3), DealOptions(replacement_top_first=False))
    assert format_tiles(deal.live.replacement_order()[:4]) == "8s 7s 6s 5s"


def test_art2_total_18_wraps_into_the_next_wall() -> None:
    # 18 counted from the banker counterclockwise: South's wall (2, 6, 10, 14, 18). Its 17
    # stacks are not enough: the 18th is stack 1 of the wall on South's left, East's; the deal
    # starts at East's stack 2 (3m 4m), then E3 (5m 6m).
    deal = deal_from_order(ORDER, (6, 6, 6))
    assert deal.wall is Seat.SOUTH
    assert deal.first_stack == (Seat.EAST, 2)
    assert format_tiles(deal.hands[Seat.EAST][:4]) == "3m 4m 5m 6m"
    # the other end: East's stack 1 (1m over 2m), then South's stack 17 (1s over 9p)
    assert format_tiles(deal.live.replacement_order()[:4]) == "1m 2m 1s 9p"


def test_art2_total_17_starts_the_next_wall() -> None:
    # 17: East's wall (1, 5, 9, 13, 17), all 17 stacks set apart; North's stack 1 is next.
    deal = deal_from_order(ORDER, (6, 6, 5))
    assert deal.wall is Seat.EAST
    assert deal.first_stack == (Seat.NORTH, 1)
    assert format_tiles(deal.hands[Seat.EAST][:4]) == "P F C N"


def test_art2_total_3_west_wall() -> None:
    # 3: West's wall; stacks 1..3 set apart, the banker takes W4 (6s 7s) and W5 (8s 9s).
    deal = deal_from_order(ORDER, (1, 1, 1))
    assert deal.first_stack == (Seat.WEST, 4)
    assert format_tiles(deal.hands[Seat.EAST][:4]) == "6s 7s 8s 9s"
    assert deal.place(0) == (Seat.WEST, 4, True)
    assert deal.place(135) == (Seat.WEST, 3, False)


def test_art2_dice_count_from_the_banker_counterclockwise() -> None:
    assert [wall_seat(t).symbol for t in range(3, 19)] == list("WNESWNESWNESWNES")
    assert Seat.EAST.right is Seat.SOUTH and Seat.EAST.left is Seat.NORTH
    assert Seat.SOUTH.right.right is Seat.NORTH
    with pytest.raises(RuleViolation):
        check_total(19)


def test_art1_art2_constants() -> None:
    assert TILE_COUNT == 136 == WALLS * STACKS_PER_WALL * 2
    assert DICE_COUNT == 3
    assert BANKER is Seat.EAST
    assert [r.cantonese for r in Round] == ["tông hin", "nám hin", "sai hin", "pak hin"]
    assert [s.cantonese for s in Seat] == ["tông", "nám", "sai", "pak"]


@pytest.mark.parametrize("total", range(3, 19))
@pytest.mark.parametrize("extra", list(BankerExtra))
def test_art2_every_total_deals_14_13_13_13_and_conserves_the_tiles(
    total: int, extra: BankerExtra
) -> None:
    dice = (min(6, total - 2), 1, 1) if total <= 8 else (6, min(6, total - 7), max(1, total - 12))
    assert sum(dice) == total
    deal = deal_from_order(SeededShuffler(total).shuffle(FULL_SET), dice, DealOptions(extra))
    assert [len(deal.hands[s]) for s in Seat] == [14, 13, 13, 13]
    assert len(deal.live) == 83
    everything = [t for s in Seat for t in deal.hands[s]] + list(deal.live.tiles)
    assert Counter(everything) == Counter(FULL_SET)
    # every physical place is used exactly once
    assert len({deal.place(p) for p in range(136)}) == 136


def test_art2_three_rounds_of_two_stacks_then_the_jump() -> None:
    # Art 2: three rounds, banker first then S, W, N, 2 stacks (4 tiles) each; then the jump.
    deal = deal_from_order(ORDER, (2, 2, 2))  # 6: South's wall
    positions: dict[Seat, list[int]] = {s: [] for s in Seat}
    for seat in Seat:
        base = [16 * k + 4 * seat + q for k in range(3) for q in range(4)]
        positions[seat] = base
    positions[Seat.EAST] += [48, 52]
    positions[Seat.SOUTH] += [49]
    positions[Seat.WEST] += [50]
    positions[Seat.NORTH] += [51]
    for seat in Seat:
        want = [ORDER[_index(deal.place(p))] for p in positions[seat]]
        assert list(deal.hands[seat]) == want


def _index(place: tuple[Seat, int, bool]) -> int:
    wall, stack, top = place
    return 34 * wall + 2 * (stack - 1) + (0 if top else 1)


def test_live_wall_draws_from_both_ends() -> None:
    deal = deal_from_order(ORDER, (6, 4, 3))
    tile, rest = deal.live.draw()
    assert tile == Tile.parse("S") and len(rest) == 82
    r1, rest = rest.draw_replacement()
    r2, rest = rest.draw_replacement()
    r3, rest = rest.draw_replacement()
    assert format_tiles([r1, r2, r3]) == "7s 8s 5s"
    assert rest.tiles[0] == Tile.parse("W")
    wall = LiveWall((), ())
    with pytest.raises(MaterialError):
        wall.draw()
    with pytest.raises(MaterialError):
        wall.draw_replacement()


def test_deal_record_round_trips_through_json() -> None:
    deal = deal_mahjong(SeededShuffler("json"), DealOptions(banker_extra=BankerExtra.PLAIN))
    data = json.loads(json.dumps(deal.to_dict()))
    assert data["game"] == "mahjong" and data["regulation"] == "Portaria 52/89/M"
    assert MahjongDeal.from_dict(data) == deal
    assert data["hands"]["E"] == [str(t) for t in deal.hands[Seat.EAST]]


def test_deal_record_refuses_a_tampered_record() -> None:
    data = deal_from_order(ORDER, (6, 4, 3)).to_dict()
    bad = json.loads(json.dumps(data))
    bad["hands"]["E"][0], bad["hands"]["S"][0] = bad["hands"]["S"][0], bad["hands"]["E"][0]
    with pytest.raises(CroupierError):
        MahjongDeal.from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["first_stack"] = ["E", 13]
    with pytest.raises(RecordError) as err:
        MahjongDeal.from_dict(bad)
    assert err.value.field == "first_stack"
    bad = json.loads(json.dumps(data))
    bad["dice"] = [6, 4, "3"]
    with pytest.raises(RecordError):
        MahjongDeal.from_dict(bad)
    bad = json.loads(json.dumps(data))
    del bad["live"]
    with pytest.raises(RecordError):
        MahjongDeal.from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["table"]["banker_extra"] = "skip"
    with pytest.raises(RecordError):
        MahjongDeal.from_dict(bad)


def test_seeded_deals_are_reproducible_and_draw_shuffle_then_dice() -> None:
    assert deal_mahjong(SeededShuffler(7)) == deal_mahjong(SeededShuffler(7))
    assert deal_mahjong(SeededShuffler(7)) != deal_mahjong(SeededShuffler(8))
    source = SeededShuffler(7)
    order = source.shuffle(FULL_SET)
    dice = tuple(source.randbelow(6) + 1 for _ in range(3))
    assert deal_mahjong(SeededShuffler(7)) == deal_from_order(order, dice)
    seed = bytes(range(32))
    fair = deal_mahjong(ProvablyFairShuffler(seed, "p", 1))
    assert fair == deal_mahjong(ProvablyFairShuffler(seed, "p", 1))


@pytest.mark.parametrize("dice", [(6, 4), (6, 4, 3, 1), (0, 4, 3), (7, 1, 1), (True, 1, 1)])
def test_art1_bad_dice_are_refused(dice: tuple[int, ...]) -> None:
    with pytest.raises(MaterialError) as err:
        deal_from_order(ORDER, dice)
    assert "dice" in str(err.value) or "die" in str(err.value)


def test_art1_an_order_that_is_not_the_136_tiles_is_refused() -> None:
    with pytest.raises(TileCountError) as count:
        deal_from_order(ORDER[:-1], (1, 2, 3))
    assert "expected 136 tiles, got 135" in str(count.value)
    with pytest.raises(ExtraTileCopyError) as extra:
        deal_from_order((*ORDER[:-1], Tile.parse("2m")), (1, 2, 3))  # the last is 1m
    assert extra.value.token == "2m"
    with pytest.raises(NotationError) as bad:
        deal_from_order(" ".join(map(str, ORDER[:-1])) + " 0m", (1, 2, 3))
    assert bad.value.token == "0m"


def test_table_options_are_strict() -> None:
    assert DealOptions.from_dict({}) == DealOptions()
    table = DealOptions(BankerExtra.PLAIN, replacement_top_first=False)
    assert DealOptions.from_dict(table.to_dict()) == table
    with pytest.raises(MaterialError):
        DealOptions(banker_extra="jump")  # type: ignore[arg-type]
    with pytest.raises(RecordError):
        DealOptions.from_dict({"banker_extra": "JUMP"})


@settings(max_examples=200, deadline=None)
@given(
    st.permutations(FULL_SET),
    st.tuples(*[st.integers(1, 6)] * 3),
    st.sampled_from(list(BankerExtra)),
    st.booleans(),
)
def test_art2_property_random_orders_and_dice(
    order: list[Tile], dice: tuple[int, int, int], extra: BankerExtra, top_first: bool
) -> None:
    table = DealOptions(extra, top_first)
    deal = deal_from_order(order, dice, table)
    assert [len(deal.hands[s]) for s in Seat] == [14, 13, 13, 13]
    everything = [t for s in Seat for t in deal.hands[s]] + list(deal.live.tiles)
    assert Counter(everything) == Counter(FULL_SET)
    # the tile at each draw-order position is the one laid at its place
    start = deal.place(0)
    assert start.top and start.wall is deal.first_stack[0]
    total = sum(dice)
    if total <= 16:
        assert start == (wall_seat(total), total + 1, True)
    for p in range(53, 136):
        assert deal.live.tiles[p - 53] == order[_index(deal.place(p))]
    # the first replacement is from the stack just right of the break
    last = deal.place(135)
    assert last.stack == (start.stack - 2) % 17 + 1
    first_replacement = order[_index(last._replace(top=top_first))]
    assert deal.live.replacement_order()[0] == first_replacement
    assert MahjongDeal.from_dict(json.loads(json.dumps(deal.to_dict()))) == deal
