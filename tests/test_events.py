"""Shared banking-game events, the shoe commitment, the shoe as the fold sees it, the layout."""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import Card, Deck, parse_cards
from croupier.errors import CroupierError, MaterialError, NotationError, RecordError
from croupier.events import (
    BetPlaced,
    BetsClosed,
    BetWithdrawn,
    CardBurned,
    CardDealt,
    MisdealRectified,
    Phase,
    RoundOpened,
    RoundSettled,
    RoundVoided,
    ShoeShuffled,
    ShoeState,
    Stake,
    Stakes,
    order_commitment,
)
from croupier.money import Rounding
from croupier.protocol import Event
from croupier.settlement import PayoutLine, Result

ORDER = parse_cards("As Kd 7c 2h Ts")

WON = PayoutLine.settle(
    "ana",
    1,
    "main",
    100,
    Result.WIN,
    prize=Fraction(100),
    commission=Fraction(5),
    rounding=Rounding.HOUSE,
    article="Art 9.1",
)
HALF = PayoutLine.settle("bo", 2, "post", 25, Result.HALF, rounding=Rounding.HOUSE, article="8.2")
CARRIED = PayoutLine.settle("cy", 3, "tie", 50, Result.CARRY, rounding=Rounding.HOUSE, article="7")

WON_DICT: dict[str, Any] = {
    "player": "ana",
    "position": 1,
    "bet": "main",
    "stake": 100,
    "result": "win",
    "prize": "100",
    "commission": "5",
    "owed": "195",
    "paid": 195,
    "carried": 0,
    "article": "Art 9.1",
}

EVENT_CLASSES: list[type[Event]] = [
    ShoeShuffled,
    RoundOpened,
    BetPlaced,
    BetWithdrawn,
    BetsClosed,
    CardBurned,
    CardDealt,
    MisdealRectified,
    RoundVoided,
    RoundSettled,
]


def test_phase_values() -> None:
    assert [p.value for p in Phase] == ["needs_shuffle", "ready", "betting", "dealing", "dealt"]


# --- the shoe's commitment ------------------------------------------------------------------


def test_order_commitment_is_the_sha256_of_the_notation() -> None:
    assert order_commitment(ORDER) == hashlib.sha256(b"As Kd 7c 2h Ts").hexdigest()
    assert order_commitment([]) == hashlib.sha256(b"").hexdigest()
    assert order_commitment(list(ORDER)) == order_commitment(ORDER)


def test_order_commitment_binds_the_order() -> None:
    swapped = (ORDER[1], ORDER[0], *ORDER[2:])
    assert order_commitment(swapped) != order_commitment(ORDER)
    assert order_commitment(ORDER[:-1]) != order_commitment(ORDER)
    commitments = {order_commitment((card,)) for card in Deck.STANDARD_52.cards}
    assert len(commitments) == 52


def test_order_commitment_of_a_multi_deck_shoe() -> None:
    shoe = Deck.STANDARD_52.cards * 6
    text = " ".join(str(c) for c in shoe)
    assert order_commitment(shoe) == hashlib.sha256(text.encode()).hexdigest()


# --- ShoeShuffled ---------------------------------------------------------------------------


def test_shoe_shuffled_record() -> None:
    event = ShoeShuffled.record(list(ORDER), cut=17, cut_card_depth=2)
    assert event.order == ORDER and isinstance(event.order, tuple)
    assert event.cut == 17 and event.cut_card_depth == 2
    assert event.commitment == order_commitment(ORDER)
    assert ShoeShuffled.record(iter(ORDER), cut=0, cut_card_depth=None).order == ORDER  # type: ignore[arg-type]


def test_shoe_shuffled_public_never_shows_the_order() -> None:
    event = ShoeShuffled.record(ORDER, cut=3, cut_card_depth=None)
    public = event.public()
    assert public == {
        "cards": 5,
        "cut": 3,
        "cut_card_depth": None,
        "commitment": order_commitment(ORDER),
    }
    text = json.dumps(public)
    assert not any(str(card) in text for card in ORDER)


def test_shoe_shuffled_to_dict() -> None:
    event = ShoeShuffled.record(ORDER, cut=3, cut_card_depth=2)
    assert event.to_dict() == {
        "type": "shoe_shuffled",
        "order": ["As", "Kd", "7c", "2h", "Ts"],
        "cut": 3,
        "cut_card_depth": 2,
        "commitment": order_commitment(ORDER),
    }


def test_shoe_shuffled_from_dict_names_a_bad_card() -> None:
    data = ShoeShuffled.record(ORDER, cut=3, cut_card_depth=2).to_dict()
    data["order"][3] = "Xh"
    with pytest.raises(NotationError) as info:
        ShoeShuffled.from_dict(data)
    assert info.value.token == "Xh"
    assert "'Xh'" in str(info.value)


# --- every event through JSON ---------------------------------------------------------------


EVENTS: list[tuple[Event, dict[str, Any]]] = [
    (RoundOpened(1), {"type": "round_opened", "number": 1}),
    (
        BetPlaced("ana", 2, "main", 500),
        {"type": "bet_placed", "player": "ana", "position": 2, "bet": "main", "amount": 500},
    ),
    (
        BetWithdrawn("ana", 2, "main"),
        {"type": "bet_withdrawn", "player": "ana", "position": 2, "bet": "main"},
    ),
    (BetsClosed((3, 1, 2)), {"type": "bets_closed", "positions": [3, 1, 2]}),
    (BetsClosed(()), {"type": "bets_closed", "positions": []}),
    (CardBurned(Card.parse("Qs")), {"type": "card_burned", "card": "Qs"}),
    (
        CardDealt(Card.parse("Kd"), 3, True),
        {"type": "card_dealt", "card": "Kd", "to": 3, "exposed": True},
    ),
    (
        MisdealRectified(((0, 1, 2), (3, 2, 1))),
        {"type": "misdeal_rectified", "moves": [[0, 1, 2], [3, 2, 1]]},
    ),
    (MisdealRectified(()), {"type": "misdeal_rectified", "moves": []}),
    (RoundSettled((WON,)), {"type": "round_settled", "lines": [WON_DICT]}),
    (
        RoundVoided("cards exposed", (HALF, CARRIED)),
        {
            "type": "round_voided",
            "reason": "cards exposed",
            "lines": [
                {
                    "player": "bo",
                    "position": 2,
                    "bet": "post",
                    "stake": 25,
                    "result": "half",
                    "prize": "0",
                    "commission": "0",
                    "owed": "25/2",
                    "paid": 12,
                    "carried": 0,
                    "article": "8.2",
                },
                {
                    "player": "cy",
                    "position": 3,
                    "bet": "tie",
                    "stake": 50,
                    "result": "carry",
                    "prize": "0",
                    "commission": "0",
                    "owed": "0",
                    "paid": 0,
                    "carried": 50,
                    "article": "7",
                },
            ],
        },
    ),
    (
        ShoeShuffled.record(ORDER, cut=0, cut_card_depth=None),
        {
            "type": "shoe_shuffled",
            "order": ["As", "Kd", "7c", "2h", "Ts"],
            "cut": 0,
            "cut_card_depth": None,
            "commitment": order_commitment(ORDER),
        },
    ),
]


def test_every_event_class_is_exercised() -> None:
    assert {type(event) for event, _ in EVENTS} == set(EVENT_CLASSES)


def test_event_type_names_are_unique() -> None:
    names = [cls.TYPE for cls in EVENT_CLASSES]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize(("event", "data"), EVENTS, ids=lambda x: getattr(x, "TYPE", ""))
def test_event_to_dict(event: Event, data: dict[str, Any]) -> None:
    assert event.to_dict() == data


@pytest.mark.parametrize(("event", "data"), EVENTS, ids=lambda x: getattr(x, "TYPE", ""))
def test_event_json_round_trip(event: Event, data: dict[str, Any]) -> None:
    back = type(event).from_dict(json.loads(json.dumps(data)))
    assert back == event
    assert back.to_dict() == data


@pytest.mark.parametrize(("event", "data"), EVENTS, ids=lambda x: getattr(x, "TYPE", ""))
def test_event_from_dict_refuses_another_events_dict(event: Event, data: dict[str, Any]) -> None:
    for other in EVENT_CLASSES:
        if other is not type(event):
            with pytest.raises(RecordError) as info:
                other.from_dict(data)
            assert info.value.field == "type"


def test_settled_lines_decode_to_exact_values() -> None:
    back = RoundSettled.from_dict({"type": "round_settled", "lines": [WON_DICT]})
    (got,) = back.lines
    assert got.result is Result.WIN
    assert got.owed == Fraction(195) and isinstance(got.owed, Fraction)
    assert got.net == 95


def with_line(**changes: Any) -> dict[str, Any]:
    return {"type": "round_settled", "lines": [{**WON_DICT, **changes}]}


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"type": "bet_placed", "player": "a", "position": 1, "bet": "m", "amount": "5"}, "amount"),
        ({"type": "bet_placed", "player": "a", "position": 1, "bet": "m", "amount": 5.0}, "amount"),
        ({"type": "bet_placed", "player": 7, "position": 1, "bet": "m", "amount": 5}, "player"),
        (
            {"type": "bet_placed", "player": "a", "position": True, "bet": "m", "amount": 5},
            "position",
        ),
        ({"type": "bet_placed", "player": "a", "position": 1, "bet": "m"}, "amount"),
        ({"type": "card_dealt", "card": "Kd", "to": 3, "exposed": 0}, "exposed"),
        ({"type": "card_dealt", "card": "Kd", "to": 3, "exposed": False, "seen": 1}, "seen"),
        ({"type": "card_dealt", "card": 12, "to": 3, "exposed": False}, "card"),
        ({"type": "bets_closed", "positions": [1, "2"]}, "positions[1]"),
        ({"type": "bets_closed", "positions": 1}, "positions"),
        ({"type": "misdeal_rectified", "moves": [[0, 1]]}, "moves[0]"),
        ({"type": "misdeal_rectified", "moves": [[0, 1, 2, 3]]}, "moves[0]"),
        ({"type": "misdeal_rectified", "moves": [[0, 1, "2"]]}, "moves[0][2]"),
        ({"type": "round_opened", "number": None}, "number"),
        ({"type": "shoe_shuffled", "order": [], "cut": 0, "commitment": ""}, "cut_card_depth"),
        (with_line(result="won"), "result"),
        (with_line(result="WIN"), "result"),
        (with_line(paid="195"), "paid"),
        (with_line(owed=195.0), "owed"),
        (with_line(type="payout_line"), "type"),  # a nested line has no "type"
        (with_line(extra=1), "extra"),
        ({"type": "round_settled", "lines": WON_DICT}, "lines"),
    ],
)
def test_event_from_dict_refuses_a_bad_field(data: dict[str, Any], field: str) -> None:
    cls = next(c for c in EVENT_CLASSES if data["type"] == c.TYPE)
    with pytest.raises(RecordError) as info:
        cls.from_dict(data)
    assert info.value.field == field


@pytest.mark.parametrize(
    "changes",
    [
        {"paid": 196},  # more than owed
        {"paid": 194},  # less than owed
        {"owed": "200", "paid": 200},  # not what a win of 100 + 100 - 5 owes
        {"carried": 100},  # only a carried bet stays
        {"result": "lose"},  # a losing bet has no prize
    ],
)
def test_a_tampered_settlement_line_is_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(CroupierError):
        RoundSettled.from_dict(with_line(**changes))


# --- ShoeState ------------------------------------------------------------------------------


def shoe(depth: int | None = 2, order: tuple[Card, ...] = ORDER) -> ShoeState:
    return ShoeState.from_event(ShoeShuffled.record(order, cut=1, cut_card_depth=depth))


def test_shoe_state_from_event() -> None:
    state = shoe()
    assert state.order == ORDER and state.cut_card_depth == 2
    assert state.dealt == 0 and state.remaining == 5


def test_shoe_state_takes_in_order() -> None:
    state = shoe()
    assert [state.take() for _ in range(5)] == list(ORDER)
    assert state.dealt == 5 and state.remaining == 0


def test_peek_does_not_advance() -> None:
    state = shoe()
    assert state.peek() == state.peek() == Card.parse("As")
    assert state.dealt == 0
    assert state.take() == Card.parse("As")
    assert state.peek() == Card.parse("Kd")


def test_an_empty_shoe_refuses_and_stays_empty() -> None:
    state = shoe()
    for _ in range(5):
        state.take()
    with pytest.raises(MaterialError, match="empty"):
        state.peek()
    with pytest.raises(MaterialError, match="empty"):
        state.take()
    assert state.dealt == 5 and state.remaining == 0
    empty = shoe(order=())
    with pytest.raises(MaterialError):
        empty.take()
    assert empty.dealt == 0


def test_cut_card_doc_example() -> None:
    # five cards, the cut card two from the end: out when 2h (the first card behind it) is drawn
    state = shoe(depth=2)
    seen = []
    for _ in range(5):
        state.take()
        seen.append(state.cut_card_out)
    assert seen == [False, False, False, True, True]


def test_no_cut_card_is_never_out() -> None:
    state = shoe(depth=None)
    assert not state.cut_card_out
    for _ in range(5):
        state.take()
        assert not state.cut_card_out


def test_shoe_states_from_one_event_are_independent() -> None:
    event = ShoeShuffled.record(ORDER, cut=1, cut_card_depth=2)
    a, b = ShoeState.from_event(event), ShoeState.from_event(event)
    a.take()
    assert b.dealt == 0 and b.peek() == Card.parse("As")
    assert event.order == ORDER


@given(st.integers(0, 30), st.data())
def test_cut_card_out_means_fewer_cards_than_its_depth_remain(
    size: int, data: st.DataObject
) -> None:
    order = Deck.STANDARD_52.cards[:size]
    depth = data.draw(st.none() | st.integers(0, size + 1))
    taken = data.draw(st.integers(0, size))
    state = shoe(depth=depth, order=order)
    for _ in range(taken):
        state.take()
    assert state.remaining == size - taken
    assert state.cut_card_out == (depth is not None and size - taken < depth)
    if taken < size:
        assert state.peek() == order[taken]


# --- Stakes ---------------------------------------------------------------------------------


def test_stakes_add_and_accumulate() -> None:
    stakes = Stakes()
    assert len(stakes) == 0 and list(stakes) == [] and stakes.total() == 0
    first = stakes.add("ana", 1, "main", 100)
    assert first == Stake("ana", 1, "main", 100, False)
    again = stakes.add("ana", 1, "main", 50)
    assert again is first and first.amount == 150
    stakes.add("ana", 1, "tie", 10)  # another bet at the same place
    stakes.add("ana", 2, "main", 20)  # another place
    stakes.add("bo", 1, "main", 30)  # another player
    assert len(stakes) == 4
    assert stakes.total() == 210
    assert stakes.get("ana", 1, "main") is first
    assert stakes.get("ana", 1, "pair") is None
    assert stakes.get("cy", 1, "main") is None


def test_stakes_keep_the_order_first_placed() -> None:
    stakes = Stakes()
    stakes.add("bo", 3, "main", 1)
    stakes.add("ana", 1, "main", 1)
    stakes.add("bo", 3, "main", 1)  # raising does not move it
    stakes.add("cy", 2, "tie", 1)
    assert [(s.player, s.position) for s in stakes] == [("bo", 3), ("ana", 1), ("cy", 2)]


def test_stakes_iterate_over_a_snapshot() -> None:
    stakes = Stakes()
    stakes.add("ana", 1, "main", 1)
    stakes.add("bo", 2, "main", 1)
    for stake in stakes:
        stakes.remove(stake.player, stake.position, stake.bet)  # no "changed size" error
    assert len(stakes) == 0


def test_stakes_remove() -> None:
    stakes = Stakes()
    stakes.add("ana", 1, "main", 100)
    stakes.add("bo", 1, "main", 10)
    removed = stakes.remove("ana", 1, "main")
    assert removed == Stake("ana", 1, "main", 100)
    assert stakes.get("ana", 1, "main") is None
    assert len(stakes) == 1 and stakes.total() == 10


def test_stakes_by_position() -> None:
    stakes = Stakes()
    stakes.add("ana", 3, "main", 1)
    stakes.add("bo", 1, "main", 2)
    stakes.add("ana", 3, "tie", 3)
    stakes.add("cy", 2, "main", 4)
    assert [s.amount for s in stakes.on(3)] == [1, 3]
    assert stakes.on(4) == []
    assert stakes.positions() == [1, 2, 3]


def test_carry_survives_clear_and_marks_the_stake() -> None:
    stakes = Stakes()
    tie = stakes.add("ana", 1, "tie", 100)
    stakes.add("bo", 2, "main", 50)
    stakes.clear()
    assert len(stakes) == 0 and stakes.total() == 0 and stakes.positions() == []
    stakes.carry(tie)
    assert tie.carried
    assert list(stakes) == [Stake("ana", 1, "tie", 100, True)]
    raised = stakes.add("ana", 1, "tie", 25)  # a carried stake may be raised: still carried
    assert raised is tie and raised.amount == 125 and raised.carried
    fresh = stakes.add("ana", 1, "main", 5)
    assert not fresh.carried


def test_carry_in_place_keeps_the_order() -> None:
    stakes = Stakes()
    a = stakes.add("ana", 1, "tie", 1)
    stakes.add("bo", 2, "tie", 1)
    stakes.carry(a)
    assert [s.player for s in stakes] == ["ana", "bo"]
    assert len(stakes) == 2


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["ana", "bo"]),
            st.integers(1, 3),
            st.sampled_from(["main", "tie"]),
            st.integers(1, 1000),
        ),
        max_size=20,
    )
)
def test_stakes_total_is_the_sum_of_what_was_added(adds: list[tuple[str, int, str, int]]) -> None:
    stakes = Stakes()
    for player, position, bet, amount in adds:
        stakes.add(player, position, bet, amount)
    assert stakes.total() == sum(a[3] for a in adds)
    assert len(stakes) == len({a[:3] for a in adds})
    assert stakes.positions() == sorted({a[1] for a in adds})
    assert sum(len(stakes.on(p)) for p in stakes.positions()) == len(stakes)
