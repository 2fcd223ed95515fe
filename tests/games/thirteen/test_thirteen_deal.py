"""The deal of the 13-card game, Portaria 51/89/M Art 1-4."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, Deck, format_cards, parse_cards
from croupier.errors import CroupierError, MaterialError, RuleViolation
from croupier.games.thirteen.deal import ThirteenDeal, deal_from_shoe, deal_thirteen
from croupier.games.thirteen.options import ThirteenOptions
from croupier.games.thirteen.rules import (
    CARDS_PER_POSITION,
    DICE_COUNT,
    MIN_CUT,
    POSITION_COUNT,
    POSITIONS,
    check_cut,
    first_position,
    next_position,
)
from croupier.shoe import Shoe
from croupier.shuffle import ProvablyFairShuffler, SeededShuffler

CANONICAL = Deck.STANDARD_52.cards
T = TypeVar("T")


class CountingShuffler(SeededShuffler):
    """A seeded shuffler that counts its randbelow calls."""

    def __init__(self, seed: int | str | bytes) -> None:
        super().__init__(seed)
        self.calls = 0

    def randbelow(self, n: int) -> int:
        self.calls += 1
        return super().randbelow(n)

    def shuffle(self, items: Sequence[T]) -> list[T]:
        # Route every draw through randbelow so the counter sees it.
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.randbelow(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def dice_for(total: int) -> tuple[int, ...]:
    """Four dice that show ``total`` (4..24)."""
    dice = [1] * DICE_COUNT
    rest = total - DICE_COUNT
    for i in range(DICE_COUNT):
        add = min(5, rest)
        dice[i] += add
        rest -= add
    assert sum(dice) == total
    return tuple(dice)


# -- constants ---------------------------------------------------------------------------------


def test_art1_art2_art3_constants() -> None:
    assert POSITION_COUNT == 4  # Art 3: four places, the banker's included
    assert POSITIONS == (1, 2, 3, 4)
    assert CARDS_PER_POSITION == 13  # Art 2 b
    assert DICE_COUNT == 4  # Art 1 c
    assert MIN_CUT == 10  # Art 2 a


def test_art2b_counterclockwise_numbering_wraps() -> None:
    assert [next_position(p) for p in POSITIONS] == [2, 3, 4, 1]


# -- the first position from the dice ----------------------------------------------------------

# Written out from Art 2 b (counting counterclockwise from the banker, who counts as 1):
# 4 -> 4th place, 5 -> back to the banker, 6 -> 2nd, 7 -> 3rd, 8 -> 4th, 9 -> banker, ...
BANKER_AS_ONE = {
    4: 4, 5: 1, 6: 2, 7: 3, 8: 4, 9: 1, 10: 2, 11: 3, 12: 4, 13: 1, 14: 2,
    15: 3, 16: 4, 17: 1, 18: 2, 19: 3, 20: 4, 21: 1, 22: 2, 23: 3, 24: 4,
}  # fmt: skip


@pytest.mark.parametrize("total", range(4, 25))
def test_art2b_first_position_from_dice_counterclockwise(total: int) -> None:
    # Banker = 1 counts first: 5, 9, 13, 17, 21 come back to the banker.
    expected = BANKER_AS_ONE[total]
    assert first_position(total) == expected
    deal = deal_from_shoe(Shoe.from_order(CANONICAL), cut=10, dice=dice_for(total))
    assert deal.dice_total == total
    assert deal.first_position == expected
    assert deal.deal_order[0] == (expected, CANONICAL[0])


def test_art2b_first_position_known_totals() -> None:
    assert [first_position(t) for t in (4, 5, 6, 7, 8, 13, 24)] == [4, 1, 2, 3, 4, 1, 4]


@pytest.mark.parametrize("total", range(4, 25))
def test_art2b_first_position_option_count_after_banker(total: int) -> None:
    table = ThirteenOptions(count_banker_as_one=False)
    assert first_position(total, table) == total % 4 + 1
    # The option shifts the count by exactly one place counterclockwise.
    assert first_position(total, table) == next_position(first_position(total))


@pytest.mark.parametrize("total", [0, 3, 25, 100])
def test_art2c_impossible_dice_total_refused(total: int) -> None:
    with pytest.raises(RuleViolation, match=str(total)):
        first_position(total)


@pytest.mark.parametrize("dice", [(1, 2, 3), (1, 2, 3, 4, 5), (0, 1, 1, 1), (1, 1, 1, 7)])
def test_art1c_four_dice_of_six_faces(dice: tuple[int, ...]) -> None:
    with pytest.raises(MaterialError):
        deal_from_shoe(Shoe.from_order(CANONICAL), cut=10, dice=dice)


# -- the deal order ----------------------------------------------------------------------------


def test_art2b_exact_deal_order_from_known_deck() -> None:
    # Dice total 7 -> first card to position 3, then 4, 1, 2, 3, ...
    deal = deal_from_shoe(Shoe.from_order(CANONICAL), cut=20, dice=(1, 1, 2, 3))
    assert deal.first_position == 3
    assert [p for p, _ in deal.deal_order[:6]] == [3, 4, 1, 2, 3, 4]
    assert [c for _, c in deal.deal_order] == list(CANONICAL)
    assert format_cards(deal.hands[3]) == "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"
    assert format_cards(deal.hands[4]) == "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h"
    assert format_cards(deal.hands[1]) == "Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d"
    assert format_cards(deal.hands[2]) == "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c"


def test_art2b_one_card_at_a_time_each_hand_in_order_received() -> None:
    order = parse_cards(
        "7h 2c Ks 9d Ts 3h 8c Ah 4d 6s Jc Qh 5d 2s 9h Kc 7d As 3c Td 8h 6c Qs Jd 4h 5s "
        "Kh 2d 9c 7s Ac Th 3d 8s 6h Qc Js 4c 5h Kd 2h 9s 7c Ad Tc 3s 8d 6d Qd Jh 4s 5c"
    )
    deal = deal_from_shoe(Shoe.from_order(order), cut=33, dice=(6, 6, 6, 6))  # 24 -> 4
    assert deal.first_position == 4
    for k, p in enumerate((4, 1, 2, 3)):
        assert deal.hands[p] == order[k::4]


def test_art2a_cut_moves_top_cards_to_bottom_and_randomness_order() -> None:
    # The documented order of random draws: shuffle, cut point, dice.
    deal = deal_thirteen(SeededShuffler("order"))
    replay = SeededShuffler("order")
    shuffled = replay.shuffle(CANONICAL)
    cut = MIN_CUT + replay.randbelow(33)
    dice = tuple(replay.randbelow(6) + 1 for _ in range(4))
    assert deal.cut == cut
    assert deal.dice == dice
    assert [c for _, c in deal.deal_order] == shuffled[cut:] + shuffled[:cut]


def test_art2a_given_cut_draws_no_cut_point() -> None:
    deal = deal_thirteen(SeededShuffler("given"), cut=17)
    replay = SeededShuffler("given")
    shuffled = replay.shuffle(CANONICAL)
    dice = tuple(replay.randbelow(6) + 1 for _ in range(4))
    assert deal.cut == 17
    assert deal.dice == dice
    assert [c for _, c in deal.deal_order] == shuffled[17:] + shuffled[:17]


@pytest.mark.parametrize("cut", [-1, 0, 1, 9, 43, 51, 52])
def test_art2a_cut_of_fewer_than_ten_cards_refused(cut: int) -> None:
    shuffler = CountingShuffler("cut")
    with pytest.raises(RuleViolation, match=rf"got cut {cut}\b") as info:
        deal_thirteen(shuffler, cut=cut)
    assert info.value.rule == "Art 2 a"
    assert shuffler.calls == 0  # refused before any randomness is used


@pytest.mark.parametrize("cut", [10, 26, 42])
def test_art2a_legal_cuts_accepted(cut: int) -> None:
    assert check_cut(cut) == cut
    assert deal_thirteen(SeededShuffler(cut), cut=cut).cut == cut


def test_art2a_random_cut_is_in_legal_range() -> None:
    cuts = {deal_thirteen(SeededShuffler(i)).cut for i in range(300)}
    assert min(cuts) >= 10
    assert max(cuts) <= 42
    assert len(cuts) > 25  # spread over the range


@settings(max_examples=60, deadline=None)
@given(seed=st.one_of(st.integers(), st.text(), st.binary()))
def test_art2c_all_four_positions_always_dealt_52_distinct(seed: int | str | bytes) -> None:
    deal = deal_thirteen(SeededShuffler(seed))
    assert set(deal.hands) == {1, 2, 3, 4}
    assert all(len(h) == 13 for h in deal.hands.values())
    cards = [c for h in deal.hands.values() for c in h]
    assert len(set(cards)) == 52
    assert set(cards) == set(CANONICAL)
    assert 4 <= deal.dice_total <= 24
    assert deal.first_position == first_position(deal.dice_total)
    assert deal.deal_order[0][0] == deal.first_position
    # counterclockwise, one card at a time
    for (p, _), (q, _) in zip(deal.deal_order, deal.deal_order[1:], strict=False):
        assert q == next_position(p)


# -- reproducibility and records ---------------------------------------------------------------


def test_seeded_deal_reproducible() -> None:
    assert deal_thirteen(SeededShuffler(7)) == deal_thirteen(SeededShuffler(7))
    assert deal_thirteen(SeededShuffler(7)) != deal_thirteen(SeededShuffler(8))


def test_provably_fair_deal_recomputable_from_seeds() -> None:
    a = deal_thirteen(ProvablyFairShuffler(b"\x01" * 32, "player", 3))
    b = deal_thirteen(ProvablyFairShuffler(b"\x01" * 32, "player", 3))
    c = deal_thirteen(ProvablyFairShuffler(b"\x01" * 32, "player", 4))
    assert a == b
    assert a != c


def test_option_changes_only_the_first_position() -> None:
    a = deal_thirteen(SeededShuffler(5))
    b = deal_thirteen(SeededShuffler(5), options=ThirteenOptions(count_banker_as_one=False))
    assert (a.cut, a.dice) == (b.cut, b.dice)
    assert b.first_position == next_position(a.first_position)
    assert [c for _, c in a.deal_order] == [c for _, c in b.deal_order]


def test_to_dict_is_json_and_round_trips() -> None:
    deal = deal_thirteen(SeededShuffler("json"))
    data = json.loads(json.dumps(deal.to_dict()))
    assert data["game"] == "thirteen"
    assert sorted(data["hands"]) == ["1", "2", "3", "4"]
    assert data["deal_order"][0] == [deal.first_position, str(deal.deal_order[0][1])]
    assert ThirteenDeal.from_dict(data) == deal


def test_from_dict_rejects_a_tampered_record() -> None:
    data = deal_thirteen(SeededShuffler("tamper")).to_dict()
    a, b = data["hands"]["1"][0], data["hands"]["2"][0]
    data["hands"]["1"][0], data["hands"]["2"][0] = b, a  # swap, deal order left alone
    with pytest.raises(CroupierError):
        ThirteenDeal.from_dict(data)
    data = deal_thirteen(SeededShuffler("tamper")).to_dict()
    data["first_position"] = data["first_position"] % 4 + 1
    with pytest.raises(CroupierError, match="first position"):
        ThirteenDeal.from_dict(data)
    data = deal_thirteen(SeededShuffler("tamper")).to_dict()
    data["hands"]["3"][0] = data["hands"]["4"][0]
    with pytest.raises(CroupierError):
        ThirteenDeal.from_dict(data)
    with pytest.raises(CroupierError):
        ThirteenDeal.from_dict({"game": "thirteen"})


@pytest.mark.parametrize(("field", "value"), [("cut", 24.7), ("dice_total", "16"), ("cut", True)])
def test_from_dict_refuses_values_that_merely_convert(field: str, value: object) -> None:
    data = json.loads(json.dumps(deal_thirteen(SeededShuffler("strict")).to_dict()))
    data[field] = value
    with pytest.raises(CroupierError, match=field):
        ThirteenDeal.from_dict(data)


def test_deal_is_frozen() -> None:
    deal = deal_thirteen(SeededShuffler("frozen"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        deal.cut = 11  # type: ignore[misc]
    with pytest.raises(TypeError):
        deal.hands[1] = ()  # type: ignore[index]


def test_deal_from_shoe_needs_the_whole_deck() -> None:
    shoe = Shoe.from_order(CANONICAL)
    shoe.draw()
    with pytest.raises(MaterialError, match="51"):
        deal_from_shoe(shoe, cut=10, dice=(1, 1, 1, 1))


def test_hands_are_cards() -> None:
    deal = deal_thirteen(SeededShuffler(0))
    assert all(isinstance(c, Card) for h in deal.hands.values() for c in h)
