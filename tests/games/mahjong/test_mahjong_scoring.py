"""Hong Kong old-style scoring (GAMES.md §2): the faan table, the best reading, the payments.

Source of the table and of the payment modifiers: the English Wikipedia article "Hong Kong
mahjong scoring rules" (croupier.games.mahjong.faan.SOURCE); values cross-checked against the
hk-mahjong scorer (faan.SOURCE_LIB). Each test names the pattern it works through.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.errors import CroupierError, RecordError, RuleViolation
from croupier.games.mahjong.faan import (
    LIMIT,
    PATTERNS,
    SOURCE,
    SOURCE_CHECKS,
    SOURCE_LIB,
    WinContext,
    pattern,
)
from croupier.games.mahjong.melds import Meld, Reading, SpecialHand
from croupier.games.mahjong.rules import Round, Seat
from croupier.games.mahjong.scoring import (
    ScoringOptions,
    base_points,
    score,
    score_reading,
    score_readings,
    settle,
)
from croupier.tiles import Tile, parse_tiles

t = Tile.parse


def ctx(win: str, *, seat: Seat = Seat.SOUTH, rnd: Round = Round.EAST, **kw: object) -> WinContext:
    if "discarder" not in kw and not kw.pop("self_drawn", False):
        kw["discarder"] = seat.left
    return WinContext(seat, rnd, t(win), **kw)  # type: ignore[arg-type]


def names(
    reading: Reading, context: WinContext, options: ScoringOptions | None = None
) -> dict[str, int]:
    s = score_reading(reading, context, options or ScoringOptions())
    return {f.name: f.faan for f in s.patterns}


def rd(*sets: Meld, pair: str) -> Reading:
    return Reading(tuple(sorted(sets)), Meld.pair(t(pair)))


P, C, K = Meld.pung, Meld.chow, Meld.kong


LIMIT_FROM_LIB = {
    "great-three-dragons",
    "small-four-winds",
    "self-triplets",
    "all-honours",
    "all-terminals",
    "nine-gates",
}


def test_every_pattern_cites_the_source_and_has_a_condition() -> None:
    assert len({p.name for p in PATTERNS}) == len(PATTERNS)
    for p in PATTERNS:
        assert p.source in (SOURCE, SOURCE_LIB, SOURCE_CHECKS[0]) and p.condition and p.chinese
        # the scorer's code is the source of the limit values it gives
        assert (p.source == SOURCE_LIB) == (p.name in LIMIT_FROM_LIB)
        assert p.faan == LIMIT or (isinstance(p.faan, int) and p.faan >= 1)
    assert not any("flower" in p.name for p in PATTERNS)  # 136 tiles: no flowers (Art 1.1)


def test_common_hand_self_drawn_concealed_source_values() -> None:
    r = rd(C(t("1m")), C(t("4m")), C(t("4p")), C(t("7s")), pair="5s")
    assert names(r, ctx("7s", self_drawn=True)) == {
        "self-drawn": 1,
        "concealed-hand": 1,
        "common-hand": 1,
    }


def test_all_pungs_three_faan_exposed_pung_loses_concealed() -> None:
    r = rd(P(t("1m"), concealed=False), P(t("4p")), P(t("7s")), P(t("9m")), pair="5s")
    assert names(r, ctx("5s")) == {"all-pungs": 3}


def test_mixed_and_pure_one_suit() -> None:
    mixed = rd(C(t("1m")), C(t("4m"), concealed=False), P(t("9m")), P(t("N")), pair="2m")
    assert names(mixed, ctx("2m")) == {"mixed-one-suit": 3}
    pure = rd(C(t("1m")), C(t("4m"), concealed=False), P(t("9m")), C(t("5m")), pair="2m")
    assert names(pure, ctx("2m")) == {"all-one-suit": 7}


def test_dragon_pungs_each_and_seat_and_prevailing_wind() -> None:
    r = rd(P(t("C"), concealed=False), K(t("P")), P(t("E")), C(t("1s")), pair="9p")
    found = names(r, ctx("9p", seat=Seat.EAST, rnd=Round.EAST))
    assert found == {"dragon-pung": 2, "seat-wind": 1, "prevailing-wind": 1}
    found = names(r, ctx("9p", seat=Seat.SOUTH, rnd=Round.SOUTH))
    assert found == {"dragon-pung": 2}


def test_small_three_dragons_supersedes_dragon_pungs() -> None:
    r = rd(P(t("C"), concealed=False), P(t("F")), C(t("1s")), C(t("2s")), pair="P")
    assert names(r, ctx("2s")) == {"mixed-one-suit": 3, "small-three-dragons": 5}


def test_great_three_dragons_is_a_limit_hand() -> None:
    r = rd(P(t("C"), concealed=False), P(t("F")), P(t("P")), C(t("2s")), pair="1p")
    assert names(r, ctx("2s")) == {"great-three-dragons": 13}


def test_small_and_great_four_winds() -> None:
    small = rd(P(t("E"), concealed=False), P(t("S")), P(t("W")), C(t("2s")), pair="N")
    assert names(small, ctx("2s")) == {"mixed-one-suit": 3, "small-four-winds": 13}
    great = rd(P(t("E"), concealed=False), P(t("S")), P(t("W")), P(t("N")), pair="1s")
    found = names(great, ctx("1s"))
    assert found == {"mixed-one-suit": 3, "mixed-orphans": 1, "great-four-winds": 13}
    assert score_readings([great], ctx("1s")).faan == 13  # capped at the limit


def test_all_honours_and_all_terminals_are_limit_hands() -> None:
    honours = rd(P(t("E"), concealed=False), P(t("S")), P(t("C")), P(t("F")), pair="N")
    assert names(honours, ctx("N"))["all-honours"] == 13
    assert "all-pungs" not in names(honours, ctx("N"))
    terminals = rd(P(t("1m"), concealed=False), P(t("9m")), P(t("1p")), P(t("9s")), pair="1s")
    assert names(terminals, ctx("1s")) == {"all-terminals": 13}


def test_mixed_orphans_with_all_pungs() -> None:
    r = rd(P(t("1m"), concealed=False), P(t("9m")), P(t("E")), P(t("9s")), pair="1s")
    assert names(r, ctx("1s", seat=Seat.WEST, rnd=Round.SOUTH)) == {
        "all-pungs": 3,
        "mixed-orphans": 1,
    }


def test_self_triplets_only_if_a_discard_completes_the_pair() -> None:
    r = rd(P(t("1m")), P(t("4p")), P(t("7s")), P(t("9m")), pair="5s")
    assert names(r, ctx("5s")) == {"self-triplets": 13}
    assert names(r, ctx("4p")) == {"all-pungs": 3, "concealed-hand": 1}
    assert names(r, ctx("4p", self_drawn=True)) == {"self-drawn": 1, "self-triplets": 13}


def test_nine_gates_is_a_limit_hand() -> None:
    # 1112345678999m waiting, won on 5m: 111m 234m 678m 999m 55m
    r = rd(P(t("1m")), C(t("2m")), C(t("6m")), P(t("9m")), pair="5m")
    assert names(r, ctx("5m", self_drawn=True)) == {"self-drawn": 1, "nine-gates": 13}
    # the same 14 tiles won on 1m: the 13 before the win were not 1112345678999m
    assert "nine-gates" not in names(r, ctx("1m", self_drawn=True))


def test_limit_hands_score_the_limit() -> None:
    orphans = Reading((Meld.pair(t("F")),), None, SpecialHand.THIRTEEN_ORPHANS)
    assert names(orphans, ctx("F", self_drawn=True)) == {"thirteen-orphans": 13}
    kongs = rd(K(t("1m")), K(t("4p")), K(t("7s"), concealed=False), K(t("9m")), pair="5s")
    assert names(kongs, ctx("5s"), ScoringOptions(limit=10))["all-kongs"] == 10
    chicken = rd(C(t("1m")), P(t("4p"), concealed=False), C(t("7s")), C(t("2p")), pair="5s")
    heavenly = ctx("5s", seat=Seat.EAST, self_drawn=True, heavenly=True)
    assert score_readings([chicken], heavenly).faan == 13
    earthly = ctx("5s", seat=Seat.NORTH, discarder=Seat.EAST, earthly=True)
    assert score_readings([chicken], earthly).faan == 13


def test_winning_method_patterns() -> None:
    r = rd(C(t("1m")), P(t("4p"), concealed=False), C(t("7s")), C(t("2p")), pair="5s")
    assert names(r, ctx("5s", self_drawn=True, kong_replacement=True)) == {
        "self-drawn": 1,
        "kong-replacement": 1,
    }
    assert names(r, ctx("5s", robbed_kong=True)) == {"robbing-kong": 1}
    assert names(r, ctx("5s", last_tile=True)) == {"last-tile": 1}


def test_below_minimum_is_not_a_legal_win() -> None:
    chicken = rd(C(t("1m")), P(t("4p"), concealed=False), C(t("7s")), C(t("2p")), pair="5s")
    s = score_readings([chicken], ctx("5s"))
    assert not s.legal and s.settlement is None and "minimum is 3" in s.reason
    assert score_readings([chicken], ctx("5s"), ScoringOptions(min_faan=0)).legal
    assert not score_readings([], ctx("5s")).legal


def test_best_reading_with_hand_readings() -> None:
    # 111222333m 456p 77s: three pungs or three chows; chows + self-drawn + concealed = 3
    s = score(parse_tiles("111222333m 456p 77s"), (), ctx("7s", self_drawn=True))
    assert len(s.readings) == 2 and s.best is not None
    assert {f.name for f in s.best.patterns} == {"self-drawn", "concealed-hand", "common-hand"}
    assert s.legal and s.faan == 3


def test_score_with_declared_melds_and_thirteen_orphans() -> None:
    declared = (Meld.pung(t("C"), concealed=False), Meld.kong(t("F"), concealed=True))
    s = score(parse_tiles("123m 456m PP"), declared, ctx("P"))
    assert s.best is not None and s.faan == 3 + 5  # mixed one suit + small three dragons
    orphans = score(parse_tiles("19m19p19s ESWNCF FP"), (), ctx("P", self_drawn=True))
    assert orphans.faan == 13 and orphans.best is not None
    assert [f.name for f in orphans.best.patterns] == ["thirteen-orphans"]


def test_table_values_are_options() -> None:
    r = rd(C(t("1m")), C(t("4m"), concealed=False), P(t("9m")), C(t("5m")), pair="2m")
    opts = ScoringOptions(faan={"all-one-suit": 6})
    assert names(r, ctx("2m"), opts) == {"all-one-suit": 6}
    assert names(r, ctx("2m"), ScoringOptions(faan={"all-one-suit": LIMIT}, limit=10)) == {
        "all-one-suit": 10
    }
    with pytest.raises(RecordError, match="chicken"):
        ScoringOptions(faan={"chicken": 1})
    assert pattern("nine-gates").faan == LIMIT


def test_options_round_trip_strictly() -> None:
    opts = ScoringOptions(
        min_faan=1, limit=10, faan={"all-pungs": 4}, unit=5, discarder_pays_all=True
    )
    assert ScoringOptions.from_dict(opts.to_dict()) == opts
    with pytest.raises(RecordError):
        ScoringOptions.from_dict({"unit": "5"})
    with pytest.raises(RecordError):
        ScoringOptions.from_dict({"min_faan": 14})
    with pytest.raises(CroupierError):
        ScoringOptions(commission_bp=10_001)


def test_win_context_is_checked() -> None:
    with pytest.raises(RuleViolation):
        ctx("1m", discarder=Seat.SOUTH)  # own discard
    with pytest.raises(RuleViolation):
        ctx("1m", kong_replacement=True)  # not self-drawn
    with pytest.raises(RuleViolation):
        ctx("1m", seat=Seat.SOUTH, self_drawn=True, heavenly=True)
    with pytest.raises(RuleViolation):
        ctx("1m", seat=Seat.SOUTH, discarder=Seat.WEST, earthly=True)


def test_payments_source_modifiers() -> None:
    self_drawn = settle(3, ctx("1m", seat=Seat.WEST, self_drawn=True))
    assert self_drawn.base == 8
    assert self_drawn.net == {Seat.EAST: -16, Seat.SOUTH: -16, Seat.WEST: 48, Seat.NORTH: -16}
    discard = settle(3, ctx("1m", seat=Seat.WEST, discarder=Seat.EAST))
    assert discard.net == {Seat.EAST: -16, Seat.SOUTH: -8, Seat.WEST: 32, Seat.NORTH: -8}
    alone = settle(
        3, ctx("1m", seat=Seat.WEST, discarder=Seat.EAST), ScoringOptions(discarder_pays_all=True)
    )
    assert alone.net == {Seat.EAST: -32, Seat.SOUTH: 0, Seat.WEST: 32, Seat.NORTH: 0}
    house = settle(4, ctx("1m", self_drawn=True), ScoringOptions(unit=3, commission_bp=250))
    assert house.gain == 6 * 48 and house.commission == 6 * 48 * 250 // 10_000
    assert base_points(13, 2) == 2 * 8192


@given(
    faan=st.integers(0, 13),
    seat=st.sampled_from(list(Seat)),
    by=st.sampled_from([None, *Seat]),
    unit=st.integers(1, 1000),
    bp=st.integers(0, 10_000),
    alone=st.booleans(),
)
def test_settlement_balances_exactly(
    faan: int, seat: Seat, by: Seat | None, unit: int, bp: int, alone: bool
) -> None:
    if by is seat:
        by = None
    context = WinContext(seat, Round.EAST, t("1m"), discarder=by)
    s = settle(faan, context, ScoringOptions(unit=unit, commission_bp=bp, discarder_pays_all=alone))
    assert sum(s.net.values()) + s.commission == 0
    assert all(isinstance(v, int) for v in s.net.values())
    assert all(s.net[x] <= 0 for x in Seat if x is not seat) and s.net[seat] >= 0
    assert 0 <= s.commission <= s.gain
    assert s.gain == (6 if by is None else 4) * unit * 2**faan


# ----- worked examples from a second documented source --------------------------------------------
#: "Hong Kong Old Style Scoring", Kimeiga/hkos docs/scoring.md, "Scoring Examples" 1 and 2. The
#: source's totals include 1 faan for "no flowers and no seasons"; the regulation's set has no
#: flowers (Portaria 52/89/M Art 1.1: 136 tiles), so our table has no flower item and each example
#: scores one faan less here. Their tile pictures: b = bamboo (our s), c = characters (m), d = dots
#: (p), e = dragons, w = winds.
HKOS_EXAMPLES = "https://github.com/Kimeiga/hkos (docs/scoring.md, Scoring Examples)"


def test_hkos_example_1_half_flush_and_dragon_pung() -> None:
    # East round, South seat: melded dragon pung, melded 567s chow, melded 777s pung; concealed
    # 2223s, out on a discarded 1s (123s + 22s). Source: half flush 3 + dragon pung 1 (+ no
    # flowers 1) = 5.
    declared = (
        Meld.pung(t("P"), concealed=False),
        Meld.chow(t("5s"), concealed=False),
        Meld.pung(t("7s"), concealed=False),
    )
    s = score(parse_tiles("2223s 1s"), declared, ctx("1s", seat=Seat.SOUTH, rnd=Round.EAST))
    assert s.best is not None and s.legal
    assert {f.name: f.faan for f in s.best.patterns} == {"mixed-one-suit": 3, "dragon-pung": 1}
    assert s.faan == 5 - 1  # the source's total less its flower item


def test_hkos_example_2_seat_and_prevailing_east_self_drawn() -> None:
    # East round, East seat: melded East pung, melded 456m chow, melded 777p pung, pair 22s,
    # concealed 4s 6s, self-drawn 5s. Source: seat wind 1 + prevailing wind 1 + self-drawn 1
    # (+ no flowers 1) = 4; every other player pays.
    declared = (
        Meld.pung(t("E"), concealed=False),
        Meld.chow(t("4m"), concealed=False),
        Meld.pung(t("7p"), concealed=False),
    )
    context = ctx("5s", seat=Seat.EAST, rnd=Round.EAST, self_drawn=True)
    s = score(parse_tiles("46s 22s 5s"), declared, context)
    assert s.best is not None and s.legal
    assert {f.name: f.faan for f in s.best.patterns} == {
        "self-drawn": 1,
        "seat-wind": 1,
        "prevailing-wind": 1,
    }
    assert s.faan == 4 - 1
    # the source's self-drawn modifier, ours too: each loser pays double the hand's points
    paid = settle(s.faan, context)
    assert [paid.net[seat] for seat in Seat] == [6 * base_points(3), *[-2 * base_points(3)] * 3]
    assert sum(paid.net.values()) + paid.commission == 0


def test_banker_doubles_option_doubles_east_payments_only() -> None:
    opts = ScoringOptions(banker_doubles=True)
    b = base_points(3)
    # East wins self-drawn: each loser pays him 2 x 2 x base
    east = settle(3, ctx("1m", seat=Seat.EAST, self_drawn=True), opts)
    assert [east.net[s] for s in Seat] == [12 * b, -4 * b, -4 * b, -4 * b]
    # South wins on West's discard: West pays 2 x base, East pays double his base, North base
    south = settle(3, ctx("1m", seat=Seat.SOUTH, discarder=Seat.WEST), opts)
    assert [south.net[s] for s in Seat] == [-2 * b, 5 * b, -2 * b, -b]
    # discarder pays all: only the discarder pays, doubled if he is East
    alone = ScoringOptions(banker_doubles=True, discarder_pays_all=True)
    paid = settle(3, ctx("1m", seat=Seat.NORTH, discarder=Seat.EAST), alone)
    assert [paid.net[s] for s in Seat] == [-8 * b, 0, 0, 8 * b]
    for s in (east, south, paid):
        assert sum(s.net.values()) + s.commission == 0 and "banker" in s.rule
    default = settle(3, ctx("1m", seat=Seat.EAST, self_drawn=True))
    assert [default.net[s] for s in Seat] == [6 * b, -2 * b, -2 * b, -2 * b]
    assert ScoringOptions.from_dict(opts.to_dict()) == opts
    with pytest.raises(CroupierError, match="banker_doubles"):
        ScoringOptions(banker_doubles=1)  # type: ignore[arg-type]


def test_seven_pairs_only_where_the_table_allows_it() -> None:
    hand = parse_tiles("11m 33m 55m 77m 99m EE NN")
    assert score(hand, (), ctx("N")).best is None  # the classic table: not a winning hand
    allowed = ScoringOptions(seven_pairs=True)
    s = score(hand, (), ctx("N"), allowed)
    assert s.best is not None and s.legal
    # seven pairs 4 includes the concealed hand; mixed one suit 3 adds (tile-based pattern)
    assert {f.name: f.faan for f in s.best.patterns} == {"seven-pairs": 4, "mixed-one-suit": 3}
    honours = score(parse_tiles("EE SS WW NN CC FF PP"), (), ctx("P"), allowed)
    assert honours.faan == 13  # all honours: a limit hand even as seven pairs
    orphans = score(parse_tiles("11m 99m 11p 99p EE SS NN"), (), ctx("N"), allowed)
    assert orphans.best is not None
    assert {f.name: f.faan for f in orphans.best.patterns} == {"seven-pairs": 4, "mixed-orphans": 1}
    assert ScoringOptions.from_dict(allowed.to_dict()) == allowed
