"""Scoring of the 13-card game, Portaria 51/89/M Art 7-10 (as read by GAMES.md §1).

Every expected result here is derived by hand from the articles; the hands are built so that the
two positions of a deal share no card and (unless the test is about one) hold no natural.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from croupier.cards import Card, Deck, parse_cards
from croupier.errors import (
    CardCountError,
    DuplicateCardError,
    MaterialError,
    NotationError,
    RecordError,
)
from croupier.games.thirteen.scoring import (
    NATURAL_POINTS,
    TIER_SIZES,
    Natural,
    Outcome,
    Readings,
    Score,
    Setting,
    Tier,
    is_fouled,
    is_three_flushes_shape,
    natural_of,
    natural_setting,
    naturals_of,
    points_by_strength,
    score,
    shown_naturals,
    tier_points,
)
from croupier.rank import Category, rank

DECK: tuple[Card, ...] = tuple(Deck.STANDARD_52.cards)

#: Art 9 II, written out from the article (not from the module): points of a tier's winner.
ART9_II_POINTS: dict[Tier, dict[Category, int]] = {
    Tier.FRONT: {
        Category.THREE_OF_A_KIND: 3,  # Art 9 II 7: trio in the first tier
        Category.PAIR: 1,  # Art 9 II 9
        Category.HIGH_CARD: 1,  # Art 9 II 10
    },
    Tier.MIDDLE: {
        Category.ROYAL_FLUSH: 10,  # Art 9 II 1
        Category.STRAIGHT_FLUSH: 10,  # Art 9 II 2
        Category.FOUR_OF_A_KIND: 8,  # Art 9 II 3
        Category.FULL_HOUSE: 2,  # Art 9 II 4
        Category.FLUSH: 1,  # Art 9 II 5
        Category.STRAIGHT: 1,  # Art 9 II 6
        Category.THREE_OF_A_KIND: 1,  # Art 9 II 7
        Category.TWO_PAIR: 1,  # Art 9 II 8
        Category.PAIR: 1,  # Art 9 II 9
        Category.HIGH_CARD: 1,  # Art 9 II 10
    },
    Tier.BACK: {
        Category.ROYAL_FLUSH: 5,
        Category.STRAIGHT_FLUSH: 5,
        Category.FOUR_OF_A_KIND: 4,
        Category.FULL_HOUSE: 1,
        Category.FLUSH: 1,
        Category.STRAIGHT: 1,
        Category.THREE_OF_A_KIND: 1,
        Category.TWO_PAIR: 1,
        Category.PAIR: 1,
        Category.HIGH_CARD: 1,
    },
}


def play(player: str, banker: str) -> Score:
    """Score two hand-crafted settings (checked to share no card) against each other."""
    p, b = Setting.parse(player), Setting.parse(banker)
    parse_cards((*p.cards, *b.cards), count=26)  # the deal is one deck: no card in both
    return score(p.cards, p, b.cards, b)


def tier_summary(result: Score) -> list[tuple[str, str, int, str]]:
    return [(t.tier.label, t.winner, t.points, t.article) for t in result.tiers]


# --- Art 7: the setting -------------------------------------------------------------------------


def test_art7_setting_parse_front_middle_back() -> None:
    s = Setting.parse("2c 3d 10h / 8c 8d 8h Kc 4s / Ac Ad As Ts Td")
    assert s.front == (Card.parse("2c"), Card.parse("3d"), Card.parse("Th"))
    assert s.middle == parse_cards("8c 8d 8h Kc 4s")
    assert s.back == parse_cards("Ac Ad As Ts Td")
    assert s.tier(Tier.FRONT) == s.front
    assert s.tier(Tier.MIDDLE) == s.middle
    assert s.tier(Tier.BACK) == s.back
    assert s.cards == (*s.front, *s.middle, *s.back)
    assert str(s) == "2c 3d Th / 8c 8d 8h Kc 4s / Ac Ad As Ts Td"  # 10 is written T
    assert Setting.parse("2c3d10h/8c8d8hKc4s/AcAdAsTsTd") == s  # compact notation
    assert Setting.parse("  2C 3D TH /8c,8d,8h,Kc,4s/ ac ad as ts td ") == s


def test_art7_tier_sizes_and_labels() -> None:
    assert TIER_SIZES == {Tier.FRONT: 3, Tier.MIDDLE: 5, Tier.BACK: 5}
    assert [t.label for t in Tier] == ["front", "middle", "back"]


def test_art7_setting_of_takes_cards_or_text() -> None:
    s = Setting.of("2c 3d Th", parse_cards("8c 8d 8h Kc 4s"), ["Ac", "Ad", "As", "Ts", "Td"])
    assert s == Setting.parse("2c 3d Th / 8c 8d 8h Kc 4s / Ac Ad As Ts Td")


@pytest.mark.parametrize(
    ("text", "tier", "expected", "got"),
    [
        ("2c 3d / 8c 8d 8h Kc 4s / Ac Ad As Ts Td Th", "front", "3", 2),
        ("2c 3d Th 9h / 8c 8d 8h Kc / Ac Ad As Ts Td", "front", "3", 4),
        ("2c 3d Th / 8c 8d 8h Kc 4s 9h / Ac Ad As Ts", "middle", "5", 6),
        ("2c 3d Th / 8c 8d 8h Kc 4s / Ac Ad As Ts", "back", "5", 4),
    ],
)
def test_art7_setting_wrong_count_names_the_tier(
    text: str, tier: str, expected: str, got: int
) -> None:
    with pytest.raises(CardCountError) as info:
        Setting.parse(text)
    assert info.value.token == tier
    assert info.value.expected == expected
    assert info.value.got == got
    assert repr(tier) in str(info.value)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("As Ks Qs / As 8d 8h Kc 4s / Ac Ad 2s Ts Td", "As"),  # across tiers
        ("As Ks Qs / 8c 8d 8h Kc 4s / Ac Ad 2s Td Td", "Td"),  # within a tier
        ("As Ks Qs / 8c 8d 8h Kc 4s / Ac Ad 2s Th Td", None),  # no duplicate
    ],
)
def test_art7_setting_duplicate_card_is_named(text: str, card: str | None) -> None:
    if card is None:
        assert len(Setting.parse(text).cards) == 13
        return
    with pytest.raises(DuplicateCardError) as info:
        Setting.parse(text)
    assert info.value.token == card
    assert repr(card) in str(info.value)


@pytest.mark.parametrize("token", ["Zz", "11h", "Asx", "1s", "Ax"])
def test_art7_setting_unknown_token_is_named(token: str) -> None:
    with pytest.raises(NotationError) as info:
        Setting.parse(f"As Ks {token} / 8c 8d 8h Kc 4s / Ac Ad 2s Ts Td")
    assert not isinstance(info.value, DuplicateCardError)
    assert info.value.token == token
    assert repr(token) in str(info.value)


@pytest.mark.parametrize(
    "text",
    [
        "As Ks Qs 8c 8d 8h Kc 4s Ac Ad 2s Ts Td",  # no groups
        "As Ks Qs / 8c 8d 8h Kc 4s Ac Ad 2s Ts Td",  # two groups
        "As Ks Qs / 8c 8d 8h Kc 4s / Ac Ad 2s / Ts Td",  # four groups
        "",
    ],
)
def test_art7_setting_needs_three_groups(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Setting.parse(text)
    assert "front / middle / back" in str(info.value)


def test_art7_setting_parse_refuses_non_text() -> None:
    with pytest.raises(NotationError):
        Setting.parse(["As"])  # type: ignore[arg-type]


def test_art7_setting_construction_checks_tier_types() -> None:
    front = list(parse_cards("2c 3d Th"))
    middle, back = parse_cards("8c 8d 8h Kc 4s"), parse_cards("Ac Ad As Ts Td")
    with pytest.raises(RecordError) as info:
        Setting(front, middle, back)  # type: ignore[arg-type]
    assert info.value.field == "front"


def test_art7_setting_to_dict_from_dict_round_trip() -> None:
    s = Setting.parse("2c 3d 10h / 8c 8d 8h Kc 4s / Ac Ad As Ts Td")
    data = s.to_dict()
    assert data == {
        "front": ["2c", "3d", "Th"],
        "middle": ["8c", "8d", "8h", "Kc", "4s"],
        "back": ["Ac", "Ad", "As", "Ts", "Td"],
    }
    assert Setting.from_dict(json.loads(json.dumps(data))) == s


@pytest.mark.parametrize(
    "data",
    [
        None,
        ["2c 3d Th", "8c 8d 8h Kc 4s", "Ac Ad As Ts Td"],
        {"front": ["2c", "3d", "Th"], "middle": ["8c", "8d", "8h", "Kc", "4s"]},
        {"front": [], "middle": [], "back": [], "extra": []},
    ],
)
def test_art7_setting_from_dict_refuses_bad_shape(data: object) -> None:
    with pytest.raises(RecordError):
        Setting.from_dict(data)


def test_art7_setting_from_dict_checks_cards() -> None:
    data = {"front": ["2c", "3d"], "middle": ["8c", "8d", "8h", "Kc", "4s"], "back": ["Ac"]}
    with pytest.raises(CardCountError) as info:
        Setting.from_dict(data)
    assert info.value.token == "front"


def test_art7_setting_uses_exactly_its_cards() -> None:
    s = Setting.parse("2c 3d Th / 8c 8d 8h Kc 4s / Ac Ad As Ts Td")
    assert s.uses(parse_cards("Td Ts As Ad Ac 4s Kc 8h 8d 8c Th 3d 2c"))
    assert s.uses(s.cards)
    assert not s.uses(parse_cards("Td Ts As Ad Ac 4s Kc 8h 8d 8c Th 3d 2d"))  # 2d for 2c
    assert not s.uses(parse_cards("Td Ts As Ad Ac 4s Kc 8h 8d 8c Th 3d"))  # 12 cards


# --- Art 7: fouls ("falta") ---------------------------------------------------------------------


def test_art7_front_above_middle_fouls() -> None:
    # trio of queens in front over two pairs in the middle
    s = Setting.parse("Qc Qd Qh / 9s 9h 4c 4d 2s / Ac Kc Jc 8c 3c")
    assert s.fouled
    assert is_fouled(s)


def test_art7_middle_above_back_fouls() -> None:
    # a flush in the middle over two pairs at the back
    s = Setting.parse("2c 3d 5h / Ac Kc Jc 8c 3c / 9s 9h 4c 4d 2s")
    assert s.fouled


def test_art7_pair_front_above_high_card_middle_fouls() -> None:
    assert Setting.parse("Ac Ad 2s / Kc Qd 9s 8c 7d / 3c 3d 4h 4s 5c").fouled


def test_art7_ascending_setting_is_not_fouled() -> None:
    # pair of queens <= two pairs <= flush
    assert not Setting.parse("Qc Qd 2h / 9s 9h 4c 4d 2s / Ac Kc Jc 8c 3c").fouled


def test_art7_front_equal_to_middle_is_not_a_foul() -> None:
    # GAMES.md: the front runs out of cards with every compared rank equal: not above
    assert not Setting.parse("Kd Kc 5h / Ks Kh 5s 3d 2c / Ah Ac 9s 8s 7s").fouled


def test_art7_front_kicker_above_middle_kicker_fouls() -> None:
    # pair of kings both; the front's odd card 5 beats the middle's first odd card 4
    assert Setting.parse("Kd Kc 5h / Ks Kh 4s 3d 2c / Ah Ac 9s 8s 7s").fouled


def test_art7_front_high_cards_running_out_equal_is_not_a_foul() -> None:
    # A-K-Q against A-K-Q-J-9 (no flush, no straight): equal as far as the front goes
    s = Setting.parse("Ah Kh Qh / As Kd Qc Jd 9s / 2c 2d 3s 4h 5c")
    assert not s.fouled


def test_art7_front_high_card_above_middle_fouls() -> None:
    # A-K-Q against A-K-J-10-9: the third card decides, Q over J
    assert Setting.parse("Ah Kh Qh / As Kd Jc Td 9s / 2c 2d 3s 4h 5c").fouled


def test_art7_middle_equal_to_back_is_not_a_foul() -> None:
    assert not Setting.parse("Ac Kd 7h / 9c 9d 5h 4s 2c / 9h 9s 5d 4c 2d").fouled


@pytest.mark.parametrize("front", ["2h 3h 4h", "Qh Kh Ah", "Ah 2h 3h"])
def test_art7_three_card_front_has_no_straight_or_flush(front: str) -> None:
    assert rank(front).category == Category.HIGH_CARD
    # a high-card middle above the front's top card keeps the setting in order; had the
    # front been a straight flush it would foul
    rest = {
        "2h 3h 4h": "Kc 9d 7s 6c 5d / 8c 8d Ts Jc Qd",
        "Qh Kh Ah": "As Kd Qc Jd 9s / 2c 2d 5s 6c 8d",
        "Ah 2h 3h": "As 2d 3c 5s 7d / 8c 8d Ts Jc Qd",
    }[front]
    assert not Setting.parse(f"{front} / {rest}").fouled


# --- Art 9 II: tier points ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tier", "category", "points"),
    [(t, c, p) for t, table in ART9_II_POINTS.items() for c, p in table.items()],
)
def test_art9_ii_tier_points_table(tier: Tier, category: Category, points: int) -> None:
    assert tier_points(tier, category) == points


@pytest.mark.parametrize(
    ("tier", "hand", "points"),
    [
        (Tier.FRONT, "Qc Qd Qs", 3),
        (Tier.FRONT, "Qc Qd 2s", 1),
        (Tier.FRONT, "Ac Kd 2s", 1),
        (Tier.MIDDLE, "As Ks Qs Js Ts", 10),
        (Tier.MIDDLE, "Ah 2h 3h 4h 5h", 10),
        (Tier.MIDDLE, "8c 8d 8h 8s 2s", 8),
        (Tier.MIDDLE, "8c 8d 8h 2s 2c", 2),
        (Tier.MIDDLE, "2c 5c 9c Jc Kc", 1),
        (Tier.BACK, "As Ks Qs Js Ts", 5),
        (Tier.BACK, "9c Tc Jc Qc Kc", 5),
        (Tier.BACK, "Kc Kd Kh Ks 4s", 4),
        (Tier.BACK, "Kc Kd Kh Qs Qh", 1),
        (Tier.BACK, "Ac 2d 3h 4s 5c", 1),
    ],
)
def test_art9_ii_points_by_strength(tier: Tier, hand: str, points: int) -> None:
    assert points_by_strength(tier)[rank(hand).strength] == points


def test_art9_ii_points_back_four_is_4_to_the_winning_banker() -> None:
    result = play(
        "Ac Qd 7h / 8c 8d Qs Jc 2s / As Ah Ad 9c 9h",
        "2c 3d 5h / 6c 6d 9s Tc Jd / Ks Kh Kd Kc 4s",
    )
    assert tier_summary(result) == [
        ("front", "player", 1, "Art 9 II"),  # A-Q-7 over 5-3-2
        ("middle", "player", 1, "Art 9 II"),  # pair of eights over pair of sixes
        ("back", "banker", 4, "Art 9 II"),  # four kings over full house of aces: banker +4
    ]
    assert (result.outcome, result.player_points, result.banker_points) == (Outcome.LOSE, 2, 4)
    assert result.margin == -2
    assert result.article == "Art 8"
    assert result.player_natural is None and result.banker_natural is None
    assert not result.player_fouled


def test_art9_ii_points_middle_four_is_8() -> None:
    result = play(
        "Ac Qd 7h / 8c 8d 8h 8s 2s / 3s 4s 5s 6s 7s",
        "2c 3d 5h / 6c 6d 9s Tc Jd / Ks Kh Kd Qc Qh",
    )
    assert tier_summary(result) == [
        ("front", "player", 1, "Art 9 II"),
        ("middle", "player", 8, "Art 9 II"),  # four eights in the middle
        ("back", "player", 5, "Art 9 II"),  # straight flush 3-7 at the back
    ]
    assert (result.outcome, result.player_points, result.banker_points) == (Outcome.WIN, 14, 0)


def test_art9_ii_points_front_trio_3_middle_full_house_2_back_full_house_1() -> None:
    result = play(
        "Qc Qd Qs / Kc Kd Kh 2c 2d / Ac Ad Ah 3c 3d",
        "4s 5s 7h / 6c 6d 9s Tc Jd / 8s 8h 8d Js Jh",
    )
    assert tier_summary(result) == [
        ("front", "player", 3, "Art 9 II"),
        ("middle", "player", 2, "Art 9 II"),
        ("back", "player", 1, "Art 9 II"),
    ]
    assert (result.outcome, result.player_points, result.banker_points) == (Outcome.WIN, 6, 0)


def test_art9_ii_points_royal_flush_middle_10_back_5() -> None:
    result = play(
        "Ac Kc 9d / Ah Kh Qh Jh Th / As Ks Qs Js Ts",
        "4s 5s 7h / 6c 6d 9s Tc Jd / 8s 8h 8d 2c 2d",
    )
    assert tier_summary(result) == [
        ("front", "player", 1, "Art 9 II"),
        ("middle", "player", 10, "Art 9 II"),
        ("back", "player", 5, "Art 9 II"),
    ]
    assert (result.player_points, result.banker_points) == (16, 0)


def test_art9_ii_points_straight_flush_middle_10_back_5() -> None:
    result = play(
        "Ah Ac 2s / 5d 6d 7d 8d 9d / 9c Tc Jc Qc Kc",
        "3h 4c 6s / Td Jd Jh 2c 3c / Ks Kh Kd Qs Qh",
    )
    assert tier_summary(result) == [
        ("front", "player", 1, "Art 9 II"),  # pair of aces over 6-high
        ("middle", "player", 10, "Art 9 II"),
        ("back", "player", 5, "Art 9 II"),  # straight flush over full house of kings
    ]
    assert (result.outcome, result.player_points, result.banker_points) == (Outcome.WIN, 16, 0)


def test_art9_ii_points_pair_straight_flush_score_1_each() -> None:
    result = play(
        "Jc Jd 2h / 4c 5d 6h 7s 8c / 2s 5s 9s Js Ks",
        "Tc Td 3h / Ac Ad Ah 3c 4d / 8h 9c Th Jh Qs",
    )
    assert tier_summary(result) == [
        ("front", "player", 1, "Art 9 II"),  # pair of jacks over pair of tens
        ("middle", "player", 1, "Art 9 II"),  # straight over trio of aces
        ("back", "player", 1, "Art 9 II"),  # flush over straight
    ]
    assert (result.outcome, result.player_points, result.banker_points) == (Outcome.WIN, 3, 0)


def test_art9_ii_points_follow_the_winners_formation_not_the_losers() -> None:
    # the player's losing middle and back are trios; the banker wins them with straights: 1 each
    result = play(
        "Qc Qd Qs / Kc Kd Kh 2c 3d / Ac Ad Ah 4c 5d",
        "2h 3h 7s / 5h 6s 7c 8d 9h / 8h 9s Tc Jd Qh",
    )
    assert tier_summary(result)[1:] == [
        ("middle", "banker", 1, "Art 9 II"),
        ("back", "banker", 1, "Art 9 II"),
    ]


def test_art9_ii_tier_results_describe_both_formations() -> None:
    result = play(
        "Ac Qd 7h / 8c 8d Qs Jc 2s / As Ah Ad 9c 9h",
        "2c 3d 5h / 6c 6d 9s Tc Jd / Ks Kh Kd Kc 4s",
    )
    front, middle, back = result.tiers
    assert [t.tier for t in result.tiers] == [Tier.FRONT, Tier.MIDDLE, Tier.BACK]
    assert front.player == rank("Ac Qd 7h").describe()
    assert front.banker == rank("2c 3d 5h").describe()
    assert middle.player == rank("8c 8d Qs Jc 2s").describe()
    assert back.banker == rank("Ks Kh Kd Kc 4s").describe()


# --- Art 8: the round ---------------------------------------------------------------------------


def test_art8_points_summed_more_wins_with_fewer_tiers() -> None:
    # the player wins one tier (front trio, 3) and the banker two (straights, 1 + 1): 3 > 2
    result = play(
        "Qc Qd Qs / Kc Kd Kh 2c 3d / Ac Ad Ah 4c 5d",
        "2h 3h 7s / 5h 6s 7c 8d 9h / 8h 9s Tc Jd Qh",
    )
    assert tier_summary(result)[0] == ("front", "player", 3, "Art 9 II")
    assert (result.outcome, result.player_points, result.banker_points) == (Outcome.WIN, 3, 2)
    assert result.margin == 1


def test_art8_equal_sums_tie() -> None:
    # player: front trio 3; banker: middle full house 2 + back full house 1
    result = play(
        "4c 4d 4h / 5c 5d 5h Kc Qd / 6c 6d 6h As 2c",
        "2d 3d 7s / 8c 8d 8h 9c 9d / Tc Td Th Jc Jd",
    )
    assert tier_summary(result) == [
        ("front", "player", 3, "Art 9 II"),
        ("middle", "banker", 2, "Art 9 II"),
        ("back", "banker", 1, "Art 9 II"),
    ]
    assert (result.outcome, result.player_points, result.banker_points) == (Outcome.TIE, 3, 3)
    assert result.margin == 0
    assert result.article == "Art 8"


def test_outcome_order() -> None:
    assert Outcome.LOSE.order < Outcome.TIE.order < Outcome.WIN.order


# --- Art 10: identical formations go to the banker ----------------------------------------------


def test_art10_identical_tier_goes_to_banker() -> None:
    # front: K-9-4 high card both, suits differ; middle: pair of sevens with A-J-5 both
    result = play(
        "Kc 9d 4h / 7c 7d Ah Jc 5s / 2c 2d 2h Qs 3c",
        "Kd 9h 4s / 7h 7s As Jd 5c / Tc Td 8s 8h 6c",
    )
    assert tier_summary(result) == [
        ("front", "banker", 1, "Art 10"),
        ("middle", "banker", 1, "Art 10"),
        ("back", "player", 1, "Art 9 II"),  # trio of twos over two pairs
    ]
    assert (result.outcome, result.player_points, result.banker_points) == (Outcome.LOSE, 1, 2)
    lines = result.explain()
    assert "Art 10" in lines[0] and "Art 10" in lines[1] and "Art 10" not in lines[2]


def test_art10_does_not_apply_when_the_player_is_higher() -> None:
    # the same deal with one front card a rank higher for the player: the player's front
    result = play(
        "Kc Td 4h / 7c 7d Ah Jc 5s / 2c 2d 2h Qs 3c",
        "Kd 9h 4s / 7h 7s As Jd 5c / Tc Th 8s 8h 6c",
    )
    assert tier_summary(result)[0] == ("front", "player", 1, "Art 9 II")


# --- Art 9 I: naturals --------------------------------------------------------------------------

DRAGON = "Ah 2c 3d 4s 5h 6c 7d 8s 9h Tc Jd Qs Kh"


def test_art9_i_dragon() -> None:
    assert natural_of(DRAGON) == Natural.DRAGON
    # a dragon is also three straights (A-2-3, 4-8, 9-K); its suits are 4/3/3/3
    assert naturals_of(DRAGON) == {Natural.DRAGON, Natural.THREE_STRAIGHTS}


def test_art9_i_dragon_is_also_three_straights() -> None:
    assert Natural.THREE_STRAIGHTS in naturals_of("Kh Ac 2d 3s 4h 5c 6d 7s 8h 9c Td Js Qh")


def test_art9_i_six_pairs_and_a_half() -> None:
    hand = "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 9s"
    assert naturals_of(hand) == {Natural.SIX_PAIRS_AND_A_HALF}
    assert natural_of(hand) == Natural.SIX_PAIRS_AND_A_HALF


def test_art9_i_four_of_a_kind_counts_as_two_pairs() -> None:
    # four aces (two pairs) + kings, queens, jacks, nines + the odd two
    hand = "Ac Ad Ah As Kc Kd Qc Qd Jc Jd 9c 9d 2s"
    assert naturals_of(hand) == {Natural.SIX_PAIRS_AND_A_HALF}


def test_art9_i_six_pairs_and_a_half_the_odd_card_is_unequal() -> None:
    # five pairs + a trio of eights: the 13th card is not «desigual» (only a four is written as
    # two pairs), so by the letter this is no natural (issue 16 item 10)
    hand = "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 8c 8d 8h"
    assert naturals_of(hand) == set()
    assert natural_of("Ac Ad Ah Kc Kd Qc Qd Jc Jd Tc Td 9c 9d") is None


def test_art9_i_option_six_pairs_with_trio_counts_a_trio_as_pair_and_odd_card() -> None:
    hand = "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 8c 8d 8h"
    readings = Readings(six_pairs_with_trio=True)
    assert naturals_of(hand, readings) == {Natural.SIX_PAIRS_AND_A_HALF}
    setting = natural_setting(hand, Natural.SIX_PAIRS_AND_A_HALF)
    assert not setting.fouled and setting.uses(parse_cards(hand))
    banker = Setting.parse("Ks Qh Jd / As Ah Kd 9s 7h / Ts Th Td 9h 9d")
    assert score(hand, setting, banker.cards, banker, readings).outcome is Outcome.WIN
    assert score(hand, setting, banker.cards, banker).article != "Art 9 I"


@pytest.mark.parametrize(
    "hand",
    [
        "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 8c 9d Jh",  # five pairs and three odd cards
        "2c 2d 2h 3c 3d 3h 4c 4d 5c 5d 6c 6d 8s",  # two trios: five pairs, three odd cards
        "2c 2d 3c 3d 4c 4d 5c 5d 7c 7d 7h 9s Js",  # four pairs, a trio, two odd cards
        "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 9s Js",  # two fours (four pairs) + a trio + 2
    ],
)
def test_art9_i_not_six_pairs_and_a_half(hand: str) -> None:
    assert Natural.SIX_PAIRS_AND_A_HALF not in naturals_of(hand)


@pytest.mark.parametrize(
    ("hand", "shape"),
    [
        ("2h 5h 9h Jh Kh 2s 6s 8s Ts Qs 4d 7d Ad", "5/5/3"),
        ("2h 3h 5h 6h 8h 9h Jh Qh 2s 4s 7s Ts Ks", "8/5"),
        ("2c 3c 4c 6c 7c 8c 9c Jc Qc Kc 2d Td Ad", "10/3"),
    ],
)
def test_art9_i_three_flushes(hand: str, shape: str) -> None:
    assert naturals_of(hand) == {Natural.THREE_FLUSHES}, shape
    assert natural_of(hand) == Natural.THREE_FLUSHES


def test_art9_i_three_flushes_thirteen_of_one_suit() -> None:
    # 13 of a suit is every rank: a dragon, three flushes and three straights at once
    hand = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"
    assert naturals_of(hand) == set(Natural) - {Natural.SIX_PAIRS_AND_A_HALF}
    assert natural_of(hand) == Natural.DRAGON


def test_art9_i_not_three_flushes_4_4_5() -> None:
    assert natural_of("2h 5h 9h Jh 2s 6s 8s Ts 4d 7d Ad Kd Qd") is None


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ((5, 5, 3), True),
        ((3, 5, 5), True),
        ((0, 5, 8), True),
        ((10, 3), True),
        ((13,), True),
        ((13, 0, 0, 0), True),
        ((4, 4, 5), False),
        ((9, 4), False),
        ((7, 6), False),
        ((11, 2), False),
        ((12, 1), False),
        ((6, 4, 3), False),
        ((6, 5, 2), False),
        ((8, 3, 2), False),
        ((5, 5, 2, 1), False),
        ((4, 3, 3, 3), False),
    ],
)
def test_art9_i_three_flushes_suit_shapes(counts: tuple[int, ...], expected: bool) -> None:
    assert is_three_flushes_shape(counts) is expected


@pytest.mark.parametrize(
    "hand",
    [
        "Ah 2c 3d 5s 6h 7c 8d 9s 9h Tc Jd Qs Kh",  # A-2-3 / 5-9 / 9-K
        "Qh Kc Ad 2s 3h 4c 5d 6s 2h 3c 4d 5s 6h",  # Q-K-A / 2-6 / 2-6
        "7c 8d 9h Ac 2d 3h 4s 5c Td Jh Qs Kc Ad",  # 7-9 / A-2-3-4-5 / 10-J-Q-K-A
    ],
)
def test_art9_i_three_straights(hand: str) -> None:
    assert naturals_of(hand) == {Natural.THREE_STRAIGHTS}
    assert natural_of(hand) == Natural.THREE_STRAIGHTS


@pytest.mark.parametrize(
    "hand",
    [
        "Kh Ac 2d 3s 4h 5c 6d 7s 3h 4c 5d 6s 7h",  # K-A-2 does not turn the corner
        "Jh Qc Kd As 2h 4c 5d 6s 7h 8c 6d 7c 8s",  # nor does J-Q-K-A-2 (+ 4-8, 6-8)
    ],
)
def test_art9_i_no_sequence_around_the_ace(hand: str) -> None:
    assert natural_of(hand) is None


def test_art9_i_straight_flushes_are_sequences() -> None:
    hand = "2h 3h 4h 5s 6s 7s 8s 9s 9d Td Jd Qd Kd"
    assert naturals_of(hand) == {Natural.THREE_FLUSHES, Natural.THREE_STRAIGHTS}


@pytest.mark.parametrize(
    ("hand", "name"),
    [
        (DRAGON, Natural.DRAGON),
        ("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", Natural.DRAGON),
        # six pairs (2 3 4 5 7 8) + K, with suits 5/5/3: six pairs is listed first
        ("2h 3h 4h 5h 7h 2s 3s 4s 5s 8s 7d 8d Kd", Natural.SIX_PAIRS_AND_A_HALF),
        # three flushes before three straights
        ("2h 3h 4h 5s 6s 7s 8s 9s 9d Td Jd Qd Kd", Natural.THREE_FLUSHES),
    ],
)
def test_art9_i_natural_of_names_by_the_articles_order(hand: str, name: Natural) -> None:
    assert len(naturals_of(hand)) >= 2
    assert natural_of(hand) == name


def test_art9_i_natural_listing_order() -> None:
    assert list(Natural) == [
        Natural.DRAGON,
        Natural.SIX_PAIRS_AND_A_HALF,
        Natural.THREE_FLUSHES,
        Natural.THREE_STRAIGHTS,
    ]
    assert Natural.SIX_PAIRS_AND_A_HALF.label == "six pairs and a half"


def test_art9_i_naturals_need_13_cards() -> None:
    with pytest.raises(CardCountError):
        naturals_of("Ah 2c 3d 4s 5h 6c 7d 8s 9h Tc Jd Qs")


PLAYER_DRAGON = "Ac 2s 3h 4d 5c 6s 7h 8d 9c Tc Jd Qc Kd"
BANKER_ROYALS = "2c 5d 8c / As Ks Qs Js Ts / Ah Kh Qh Jh Th"


@pytest.mark.parametrize("with_setting", [False, True])
def test_art9_i_natural_beats_banker_royal_flushes(with_setting: bool) -> None:
    banker = Setting.parse(BANKER_ROYALS)
    parse_cards(f"{PLAYER_DRAGON} {banker}", count=26)
    assert natural_of(banker.cards) is None and not banker.fouled
    player = Setting.parse("Ac 2s 3h / 4d 5c 6s 7h 8d / 9c Tc Jd Qc Kd") if with_setting else None
    result = score(PLAYER_DRAGON, player, banker.cards, banker)
    assert result.outcome == Outcome.WIN
    assert (result.player_points, result.banker_points) == (NATURAL_POINTS, 0) == (3, 0)
    assert result.player_natural == Natural.DRAGON and result.banker_natural is None
    assert result.tiers == ()
    assert result.article == "Art 9 I"


def test_art7_art9_i_a_fouled_natural_loses() -> None:
    # the dragon set with A-K-Q in front over a 7-high middle: fouled; Art 7: the position loses
    # «automaticamente», whatever the cards (issue 16 item 9)
    player = Setting.parse("Ac Kd Qc / 2s 3h 4d 5c 7h / 6s 8d 9c Tc Jd")
    assert player.fouled
    banker = Setting.parse(BANKER_ROYALS)
    result = score(PLAYER_DRAGON, player, banker.cards, banker)
    assert result.outcome == Outcome.LOSE and result.article == "Art 7"
    assert result.player_fouled and result.player_natural is None
    assert (result.player_points, result.banker_points) == (0, 0)


def test_art9_i_option_naturals_from_cards_wins_whatever_the_setting() -> None:
    player = Setting.parse("Ac Kd Qc / 2s 3h 4d 5c 7h / 6s 8d 9c Tc Jd")
    banker = Setting.parse(BANKER_ROYALS)
    result = score(PLAYER_DRAGON, player, banker.cards, banker, Readings(naturals_from_cards=True))
    assert result.outcome == Outcome.WIN
    assert not result.player_fouled
    assert (result.player_points, result.banker_points) == (3, 0)


THREE_FLUSH_CARDS = "2h 5h 9h Jh Kh 2s 6s 8s Ts Qs 4d 7d Ad"


def test_art9_i_three_flushes_count_only_when_set_as_such() -> None:
    # «cores ... em todos os três escalões»: set as three flushes it is a natural; set otherwise
    # (here the diamonds split) it is played tier by tier
    banker = Setting.parse("3c 4c 5c / 6c 7c 8c 9c 3h / Tc Jc Qc Kc Ac")  # a royal flush behind
    as_flushes = Setting.parse("4d 7d Ad / 2s 6s 8s Ts Qs / 2h 5h 9h Jh Kh")
    otherwise = Setting.parse("4d 7d Qs / Ad 2s 6s 8s Ts / 2h 5h 9h Jh Kh")
    assert not as_flushes.fouled and not otherwise.fouled
    win = score(THREE_FLUSH_CARDS, as_flushes, banker.cards, banker)
    assert (win.outcome, win.player_natural, win.article) == (
        Outcome.WIN,
        Natural.THREE_FLUSHES,
        "Art 9 I",
    )
    played = score(THREE_FLUSH_CARDS, otherwise, banker.cards, banker)
    assert played.player_natural is None and played.article == "Art 8"
    assert played.outcome is Outcome.LOSE
    from_cards = Readings(naturals_from_cards=True)
    assert score(THREE_FLUSH_CARDS, otherwise, banker.cards, banker, from_cards).outcome is (
        Outcome.WIN
    )


def test_art9_i_three_straights_count_only_when_set_as_such() -> None:
    cards = "Ah 2c 3d 5s 6h 7c 8d 9s 9h Tc Jd Qs Kh"  # A-2-3 / 5-9 / 9-K
    assert shown_naturals(cards, Setting.parse("Ah 2c 3d / 5s 6h 7c 8d 9s / 9h Tc Jd Qs Kh")) == {
        Natural.THREE_STRAIGHTS
    }
    assert shown_naturals(cards, Setting.parse("Ah 2c 5s / 3d 6h 7c 8d 9s / 9h Tc Jd Qs Kh")) == (
        frozenset()
    )
    assert shown_naturals(cards, None) == {Natural.THREE_STRAIGHTS}  # declared: shown as such


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        (THREE_FLUSH_CARDS, Natural.THREE_FLUSHES),
        ("2c 3c 4c 6c 7c 8c 9c Jc Qc Kc 2d Td Ad", Natural.THREE_FLUSHES),
        ("2h 3h 5h 6h 8h 9h Jh Qh 2s 4s 7s Ts Ks", Natural.THREE_FLUSHES),
        ("Qh Kc Ad 2s 3h 4c 5d 6s 2h 3c 4d 5s 6h", Natural.THREE_STRAIGHTS),
        ("7c 8d 9h Ac 2d 3h 4s 5c Td Jh Qs Kc Ad", Natural.THREE_STRAIGHTS),
        (DRAGON, Natural.DRAGON),
        ("Ac Ad Ah As Kc Kd Qc Qd Jc Jd 9c 9d 2s", Natural.SIX_PAIRS_AND_A_HALF),
    ],
)
def test_art9_i_natural_setting_shows_the_natural_and_is_never_fouled(
    cards: str, kind: Natural
) -> None:
    setting = natural_setting(cards, kind)
    assert setting.uses(parse_cards(cards)) and not setting.fouled
    assert kind in shown_naturals(cards, setting)


def test_natural_setting_refuses_cards_without_the_natural() -> None:
    with pytest.raises(MaterialError, match="hold no three flushes"):
        natural_setting(DRAGON, Natural.THREE_FLUSHES)


@pytest.mark.parametrize("with_settings", [False, True])
def test_art9_i_natural_against_natural_ties_whatever_kinds(with_settings: bool) -> None:
    player_cards = "2d 2h 3c 3h 4c 4d 5c 5d 6d 6h 7c 7h 9s"  # six pairs and a half
    parse_cards(f"{player_cards} {DRAGON}", count=26)
    player = Setting.parse("2d 2h 9s / 3c 3h 4c 4d 7c / 5c 5d 6d 6h 7h") if with_settings else None
    banker = Setting.parse("Ah 2c 3d / 4s 5h 6c 7d 8s / 9h Tc Jd Qs Kh") if with_settings else None
    result = score(player_cards, player, DRAGON, banker)
    assert result.outcome == Outcome.TIE
    assert (result.player_points, result.banker_points) == (3, 3)
    assert result.player_natural == Natural.SIX_PAIRS_AND_A_HALF
    assert result.banker_natural == Natural.DRAGON
    assert result.article == "Art 9 I"


def test_art9_i_banker_natural_beats_player() -> None:
    player = Setting.parse("Ac Ad Ah / Kc Kd 2c 2d 3s / Qs Js Ts 9s 8s")  # fouled too
    assert player.fouled
    banker_cards = "2h 3h 4h 5h 6c 7d 8d 9d Td Jd Jh Qh Kh"  # 2-6 / 7-J / J-Q-K; suits 7/5/1
    assert natural_of(banker_cards) == Natural.THREE_STRAIGHTS
    parse_cards((*player.cards, *parse_cards(banker_cards)), count=26)
    result = score(player.cards, player, banker_cards, None)
    assert result.outcome == Outcome.LOSE
    assert result.banker_natural == Natural.THREE_STRAIGHTS and result.player_natural is None
    assert result.article == "Art 7" and result.player_fouled  # the foul decides first
    from_cards = score(player.cards, player, banker_cards, None, Readings(naturals_from_cards=True))
    assert (from_cards.player_points, from_cards.banker_points) == (0, 3)
    assert from_cards.article == "Art 9 I"
    unfouled = Setting.parse("Kc Kd 3s / 2c 2d Ac Ad Ah / Qs Js Ts 9s 8s")
    result = score(unfouled.cards, unfouled, banker_cards, None)
    assert (result.outcome, result.player_points, result.banker_points) == (Outcome.LOSE, 0, 3)
    assert result.article == "Art 9 I"


def test_art7_non_natural_must_set_its_cards() -> None:
    player = Setting.parse("Ac Qd 7h / 8c 8d Qs Jc 2s / As Ah Ad 9c 9h")
    banker = Setting.parse("2c 3d 5h / 6c 6d 9s Tc Jd / Ks Kh Kd Kc 4s")
    with pytest.raises(RecordError) as info:
        score(player.cards, None, banker.cards, banker)
    assert info.value.field == "player"
    with pytest.raises(RecordError) as info:
        score(player.cards, player, banker.cards, None)
    assert info.value.field == "banker"


def test_art7_a_setting_must_use_the_positions_cards() -> None:
    player = Setting.parse("Ac Qd 7h / 8c 8d Qs Jc 2s / As Ah Ad 9c 9h")
    banker = Setting.parse("2c 3d 5h / 6c 6d 9s Tc Jd / Ks Kh Kd Kc 4s")
    other = Setting.parse("Ac Qd 7d / 8c 8d Qs Jc 2s / As Ah Ad 9c 9h")  # 7d for 7h
    with pytest.raises(RecordError) as info:
        score(player.cards, other, banker.cards, banker)
    assert info.value.field == "player"
    with pytest.raises(RecordError) as info:
        score(player.cards, player, banker.cards, player)
    assert info.value.field == "banker"
    with pytest.raises(CardCountError):
        score(player.cards[:12], player, banker.cards, banker)


def test_art1_a_card_cannot_be_held_by_player_and_banker() -> None:
    banker = Setting.parse("2c 3d 5h / 6c 6d 9s Tc Jd / Ks Kh Kd Kc 4s")
    player = Setting.parse("2c Qd 7h / 8c 8d Qs Jc 2s / As Ah Ad 9c 9h")  # 2c is the banker's
    with pytest.raises(DuplicateCardError) as info:
        score(player.cards, player, banker.cards, banker)
    assert info.value.token == "2c"


def test_art7_a_fouled_banker_setting_loses_to_every_position_that_did_not_foul() -> None:
    # a dealer's mistake, recorded as such (issue 16 item 11): the banker's place loses
    player = Setting.parse("Ac Qd 7h / 8c 8d Qs Jc 2s / As Ah Ad 9c 9h")
    banker = Setting.parse("Ks Kh Kd / 6c 6d 9s Tc Jd / 2c 3d 5h Kc 4s")  # trio front > pair
    assert banker.fouled
    result = score(player.cards, player, banker.cards, banker)
    assert (result.outcome, result.article) == (Outcome.WIN, "Art 7")
    assert result.banker_fouled and not result.player_fouled
    assert "the banker's place loses (Art 7)" in result.explain()[-2]
    assert result.to_dict()["banker_fouled"] is True
    fouled = Setting(player.front, player.back, player.middle)
    assert fouled.fouled
    both = score(fouled.cards, fouled, banker.cards, banker)
    assert (both.outcome, both.article, both.player_fouled) == (Outcome.LOSE, "Art 7", True)


def test_art7_fouled_player_loses_even_with_more_tier_points() -> None:
    # trio of aces in front over two pairs in the middle: fouled. Played out, the tiers would
    # give the player 3 + 1 + 5 (trio in front, two pairs, straight flush at the back).
    player = Setting.parse("Ac Ad Ah / Kc Kd 2c 2d 3s / Qs Js Ts 9s 8s")
    banker = Setting.parse("2h 3h 5d / 4c 4d 6h 7s 9c / Kh Ks 8h 8d Tc")
    assert player.fouled and not banker.fouled
    parse_cards((*player.cards, *banker.cards), count=26)
    result = score(player.cards, player, banker.cards, banker)
    assert result.outcome == Outcome.LOSE
    assert result.player_fouled
    assert (result.player_points, result.banker_points) == (0, 0)  # no points on a foul
    assert [t.winner for t in result.tiers] == ["player", "player", "player"]
    assert result.article == "Art 7"
    assert any("fouled" in line and "Art 7" in line for line in result.explain())


# --- Score.explain / to_dict --------------------------------------------------------------------


def test_score_explain_lists_tiers_and_article() -> None:
    result = play(
        "Ac Qd 7h / 8c 8d Qs Jc 2s / As Ah Ad 9c 9h",
        "2c 3d 5h / 6c 6d 9s Tc Jd / Ks Kh Kd Kc 4s",
    )
    lines = result.explain()
    assert len(lines) == 4
    assert lines[0].startswith("front: player ") and lines[0].endswith("player +1")
    assert lines[1].startswith("middle: player ") and lines[1].endswith("player +1")
    assert lines[2].startswith("back: player ") and lines[2].endswith("banker +4")
    assert "four of a kind" in lines[2]
    assert lines[3] == "lose: player 2, banker 4 (Art 8)"


def test_score_to_dict_has_tiers_and_article() -> None:
    result = play(
        "Kc 9d 4h / 7c 7d Ah Jc 5s / 2c 2d 2h Qs 3c",
        "Kd 9h 4s / 7h 7s As Jd 5c / Tc Td 8s 8h 6c",
    )
    data = json.loads(json.dumps(result.to_dict()))
    assert data["outcome"] == "lose"
    assert (data["player_points"], data["banker_points"]) == (1, 2)
    assert data["article"] == "Art 8"
    assert data["player_natural"] is None and data["banker_natural"] is None
    assert data["player_fouled"] is False
    assert [(t["tier"], t["winner"], t["points"], t["article"]) for t in data["tiers"]] == [
        ("front", "banker", 1, "Art 10"),
        ("middle", "banker", 1, "Art 10"),
        ("back", "player", 1, "Art 9 II"),
    ]
    assert data["tiers"][2]["player"] == rank("2c 2d 2h Qs 3c").describe()
    assert data["explanation"] == result.explain()


def test_score_explain_names_the_naturals() -> None:
    banker = Setting.parse(BANKER_ROYALS)
    result = score(PLAYER_DRAGON, None, banker.cards, banker)
    lines = result.explain()
    assert "naturals: player dragon, banker no natural" in lines
    assert lines[-1] == "win: player 3, banker 0 (Art 9 I)"
    data = result.to_dict()
    assert data["player_natural"] == "dragon" and data["tiers"] == []


# --- properties ---------------------------------------------------------------------------------


def setting_from(cards: list[Card]) -> Setting:
    """A setting of 13 cards in the given order, middle and back swapped if out of order."""
    front, a, b = cards[:3], cards[3:8], cards[8:13]
    if rank(a) > rank(b):
        a, b = b, a
    return Setting.of(front, a, b)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.permutations(DECK))
def test_property_tier_points_go_to_the_winner_by_its_formation(deck: list[Card]) -> None:
    player, banker = setting_from(deck[:13]), setting_from(deck[13:26])
    assume(not player.fouled and not banker.fouled)
    assume(not naturals_of(player.cards) and not naturals_of(banker.cards))
    result = score(player.cards, player, banker.cards, banker)
    p_pts = b_pts = 0
    identical = False
    for tier, t in zip(Tier, result.tiers, strict=True):
        p, b = rank(player.tier(tier)), rank(banker.tier(tier))
        winner = p if p.strength > b.strength else b  # Art 10: equal goes to the banker
        identical |= p.strength == b.strength
        points = ART9_II_POINTS[tier][winner.category]
        assert t.tier == tier
        assert t.winner == ("player" if winner is p else "banker")
        assert t.points == points == tier_points(tier, winner.category)
        assert t.article == ("Art 10" if p.strength == b.strength else "Art 9 II")
        if winner is p:
            p_pts += points
        else:
            b_pts += points
    assert (result.player_points, result.banker_points) == (p_pts, b_pts)
    assert (result.outcome == Outcome.WIN) == (p_pts > b_pts)
    assert (result.outcome == Outcome.TIE) == (p_pts == b_pts)
    assert (result.outcome == Outcome.LOSE) == (p_pts < b_pts)
    assert result.article == "Art 8" and not result.player_fouled
    if not identical:  # swapping the seats swaps the points
        swapped = score(banker.cards, banker, player.cards, player)
        assert (swapped.player_points, swapped.banker_points) == (b_pts, p_pts)
        assert swapped.outcome.order == 2 - result.outcome.order


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.permutations(DECK))
def test_property_fouled_player_always_loses(deck: list[Card]) -> None:
    player = Setting.of(deck[:3], deck[3:8], deck[8:13])  # as dealt: often fouled
    banker = setting_from(deck[13:26])
    assume(not banker.fouled and natural_of(banker.cards) is None)
    assume(natural_of(player.cards) is None)
    result = score(player.cards, player, banker.cards, banker)
    assert result.player_fouled == player.fouled
    if player.fouled:
        assert result.outcome == Outcome.LOSE
        assert result.article == "Art 7"
