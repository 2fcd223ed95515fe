"""The round of Football Poker as a state machine: Despacho 65/2004 Art 3-9 through the engine."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from croupier.cards import Card, parse_cards
from croupier.errors import CroupierError, MaterialError, RecordError, RuleViolation
from croupier.events import (
    BetsClosed,
    CardBurned,
    CardDealt,
    Phase,
    RoundOpened,
    RoundSettled,
    ShoeShuffled,
    order_commitment,
)
from croupier.games.football_poker.options import BurnRule, DealOrder, FirstBurn, FootballOptions
from croupier.games.football_poker.round import GAME, FootballPokerGame
from croupier.games.football_poker.rules import BetKind, hand_total
from croupier.money import BetLimits, Limit, Rounding
from croupier.protocol import Event
from croupier.settlement import Result
from croupier.shoe import ordered_pack
from croupier.shuffle import SeededShuffler, Shuffler

TABLE = FootballOptions()
# seven cards for the first round's burns: six after the shuffle (one per deck) + one for the round
BURNS = "2s 2h 2d 2c 3s 3h 3d"


class FixedShuffler(Shuffler):
    """Returns a given order (before the cut) and a fixed answer to randbelow."""

    def __init__(self, order: Sequence[Card], answer: int = 0) -> None:
        self.order = list(order)
        self.answer = answer
        self.calls: list[int] = []

    def randbelow(self, n: int) -> int:
        self.calls.append(n)
        return self.answer

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        assert Counter(items) == Counter(self.order)
        return list(self.order)


def stacked(front: str, decks: int = 6) -> tuple[Card, ...]:
    """The full pack with ``front`` on top, the rest in canonical order."""
    top = parse_cards(front, allow_duplicates=True)
    rest = list(ordered_pack(decks=decks))
    for card in top:
        rest.remove(card)
    return (*top, *rest)


def rigged(front: str, table: FootballOptions = TABLE) -> FootballPokerGame:
    """A table whose shoe starts with ``front`` (replayed from a hand-made shuffle event)."""
    event = ShoeShuffled.record(
        stacked(front, table.decks), cut=1, cut_card_depth=table.cut_card_from_end
    )
    return FootballPokerGame.replay(table, [event])


def one_round(
    game: FootballPokerGame, bets: Sequence[tuple[str, int, str, int]]
) -> tuple[tuple[Event, ...], RoundSettled]:
    game.open_round()
    for bet in bets:
        game.place_bet(*bet)
    game.close_bets()
    events = game.deal()
    return events, game.settle()


def dealt(events: Sequence[Event]) -> list[tuple[int, str]]:
    """(place, card) of the cards dealt, 0 for a burn."""
    out: list[tuple[int, str]] = []
    for e in events:
        if isinstance(e, CardBurned):
            out.append((0, str(e.card)))
        elif isinstance(e, CardDealt):
            out.append((e.to, str(e.card)))
    return out


def phase(game: FootballPokerGame) -> Phase:
    """The phase, read through a call (mypy would keep an earlier narrowing of the property)."""
    return game.phase


def snapshot(game: FootballPokerGame) -> tuple[tuple[Event, ...], str]:
    """The log (the same event objects, in order) and what every seat sees."""
    views = [game.view(None), *(game.view(s) for s in range(1, game.options.positions + 1))]
    return game.log, json.dumps(views, sort_keys=True)


def refused(game: FootballPokerGame, action: Callable[[], object]) -> CroupierError:
    """``action`` raises a CroupierError and changes nothing."""
    before = snapshot(game)
    with pytest.raises(CroupierError) as info:
        action()
    assert snapshot(game) == before
    return info.value


# -- Art 5.1: shuffle, cut, cut card -------------------------------------------------------------


def test_art5_1_shuffle_records_full_pack_cut_and_cut_card() -> None:
    game = FootballPokerGame(TABLE)
    assert game.phase is Phase.NEEDS_SHUFFLE
    event = game.shuffle(SeededShuffler("art5.1"))
    assert Counter(event.order) == Counter(ordered_pack(decks=6))
    assert event.commitment == order_commitment(event.order)
    assert 1 <= event.cut <= 311
    assert event.cut_card_depth == 104
    assert phase(game) is Phase.READY and game.shoe_remaining == 312
    assert not game.cut_card_out and game.shuffle_burns_due == 6


def test_art5_1_shuffle_draw_order_is_shuffle_then_cut() -> None:
    seed = "draw-order"
    event = FootballPokerGame(TABLE).shuffle(SeededShuffler(seed))
    mirror = SeededShuffler(seed)
    shuffled = mirror.shuffle(ordered_pack(decks=6))
    cut = 1 + mirror.randbelow(312 - 2 + 1)
    assert event.cut == cut
    assert event.order == tuple(shuffled[cut:] + shuffled[:cut])


def test_art5_1_given_cut_uses_no_randomness() -> None:
    order = SeededShuffler("x").shuffle(ordered_pack(decks=6))
    shuffler = FixedShuffler(order)
    event = FootballPokerGame(TABLE).shuffle(shuffler, cut=40)
    assert shuffler.calls == []
    assert event.cut == 40 and event.order == tuple(order[40:] + order[:40])


@pytest.mark.parametrize("cut", [0, 312, -3])
def test_art5_1_cut_out_of_range_refused_before_any_randomness(cut: int) -> None:
    game = FootballPokerGame(TABLE)
    shuffler = FixedShuffler(ordered_pack(decks=6))
    err = refused(game, lambda: game.shuffle(shuffler, cut=cut))
    assert isinstance(err, RuleViolation) and err.rule == "Art 5.1"
    assert shuffler.calls == [] and not game.can_shuffle(cut=cut)
    table = FootballOptions(min_cut=30)
    assert not FootballPokerGame(table).can_shuffle(cut=29)
    assert FootballPokerGame(table).can_shuffle(cut=30)


def test_art5_1_random_cut_respects_min_cut() -> None:
    table = FootballOptions(min_cut=50)
    pack = ordered_pack(decks=6)
    low = FootballPokerGame(table).shuffle(FixedShuffler(pack, answer=0))
    high = FootballPokerGame(table).shuffle(FixedShuffler(pack, answer=312 - 100))
    assert (low.cut, high.cut) == (50, 312 - 50)


def test_art5_1_cut_card_depth_follows_the_option() -> None:
    table = FootballOptions(cut_card_depth=90)
    event = FootballPokerGame(table).shuffle(SeededShuffler(1))
    assert event.cut_card_depth == 90


def test_art5_5_no_reshuffle_while_the_cut_card_is_in() -> None:
    game = FootballPokerGame(TABLE)
    game.shuffle(SeededShuffler(2))
    err = refused(game, lambda: game.shuffle(SeededShuffler(3)))
    assert isinstance(err, RuleViolation) and err.rule == "Art 5.5"
    game.open_round()
    assert not game.can_shuffle()


def test_art5_1_no_round_before_the_shuffle() -> None:
    game = FootballPokerGame(TABLE)
    err = refused(game, game.open_round)
    assert isinstance(err, RuleViolation) and err.rule == "Art 5.1"
    assert not game.can_burn() and not game.can_place_bet("ana", 1, "even", 10)


# -- Art 5.2: burns -------------------------------------------------------------------------------


def test_art5_2_one_burn_per_deck_then_one_per_round() -> None:
    game = rigged(BURNS + " 7s 8h")
    events, _ = one_round(game, [("ana", 1, "even", 100)])
    burned = [e.card for e in events if isinstance(e, CardBurned)]
    assert burned == list(parse_cards(BURNS))
    assert isinstance(events[7], CardDealt)
    assert game.hands[1] == parse_cards("7s 8h")
    # later rounds: one burn each, first thing after bets close
    for _ in range(3):
        events, _ = one_round(game, [("ana", 1, "even", 100)])
        assert [type(e) for e in events[:2]] == [CardBurned, CardDealt]
        assert sum(isinstance(e, CardBurned) for e in events) == 1


@pytest.mark.parametrize("decks", [7, 8])
def test_art5_2_burns_follow_the_number_of_decks(decks: int) -> None:
    game = FootballPokerGame(FootballOptions(decks=decks))
    game.shuffle(SeededShuffler(decks))
    events, _ = one_round(game, [("ana", 2, "odd", 100)])
    assert sum(isinstance(e, CardBurned) for e in events) == decks + 1
    assert all(isinstance(e, CardBurned) for e in events[: decks + 1])


def test_art5_2_shuffle_burns_may_be_made_right_after_the_shuffle() -> None:
    game = rigged(BURNS + " 7s 8h")
    for i in range(6):
        assert game.can_burn()
        assert str(game.burn().card) == BURNS.split()[i]
    assert game.shuffle_burns_due == 0
    err = refused(game, game.burn)  # the round's own burn comes once bets close
    assert isinstance(err, RuleViolation) and err.rule == "Art 5.2"
    events, _ = one_round(game, [("ana", 1, "even", 100)])
    assert dealt(events) == [(0, "3d"), (1, "7s"), (1, "8h")]
    assert game.view()["shoe"]["burned"] == 7


def test_art5_2_burns_refused_while_betting() -> None:
    game = rigged(BURNS)
    game.open_round()
    err = refused(game, game.burn)
    assert isinstance(err, RuleViolation) and err.rule == "Art 5.2"


def test_art5_2_burn_per_hand_option() -> None:
    table = FootballOptions(burn_per=BurnRule.HAND)
    front = "2s 2h 2d 2c 3s 3h" + " 4s Ks Kh" + " 4h 7s 8h" + " 4d 9s Td" + " Ad 2s"
    game = rigged(front, table)
    events, _ = one_round(game, [("ana", 1, "even", 100), ("bo", 4, "odd", 100)])
    events2 = dealt(events)
    # six burns after the shuffle, then a burn before each hand, both cards to the hand, and the
    # third card (place 1 has 0) once every hand has two
    assert events2 == [
        *((0, c) for c in ("2s", "2h", "2d", "2c", "3s", "3h")),
        (0, "4s"),
        (1, "Ks"),
        (1, "Kh"),
        (0, "4h"),
        (4, "7s"),
        (4, "8h"),
        (1, "4d"),
    ]
    # the next round: a burn before each hand only
    events, _ = one_round(game, [("ana", 1, "even", 100), ("bo", 4, "odd", 100)])
    assert [p for p, _ in dealt(events)][:6] == [0, 1, 1, 0, 4, 4]


# -- Art 5.4, 8.1: the dealing order --------------------------------------------------------------


def test_art5_4_round_robin_from_the_lowest_place() -> None:
    game = rigged(BURNS + " 7s 2h 5d 8h 3h 6d")
    events, _ = one_round(
        game, [("ana", 6, "odd", 10), ("bo", 2, "even", 10), ("cy", 4, "post", 5)]
    )
    assert dealt(events)[7:] == [(2, "7s"), (4, "2h"), (6, "5d"), (2, "8h"), (4, "3h"), (6, "6d")]
    assert game.hands == {2: parse_cards("7s 8h"), 4: parse_cards("2h 3h"), 6: parse_cards("5d 6d")}


def test_art5_4_deal_only_once_bets_close_verify_and_can_agree() -> None:
    game = rigged(BURNS)
    assert not game.can_deal()
    assert "Art 5.4" in str(refused(game, game.deal))
    game.open_round()
    game.place_bet("ana", 2, "odd", 10)
    assert not game.can_deal()
    assert "Art 5.4" in str(refused(game, game.verify_deal))
    game.close_bets()
    assert game.can_deal()
    game.deal()
    assert not game.can_deal()


def test_art5_4_hand_by_hand_option() -> None:
    table = FootballOptions(deal_order=DealOrder.HAND_BY_HAND)
    game = rigged(BURNS + " 7s 8h 2h 3h 5d 6d", table)
    bets = [("ana", 6, "odd", 10), ("bo", 2, "even", 10), ("cy", 4, "post", 5)]
    events, _ = one_round(game, bets)
    assert dealt(events)[7:] == [(2, "7s"), (2, "8h"), (4, "2h"), (4, "3h"), (6, "5d"), (6, "6d")]
    assert game.hands == {2: parse_cards("7s 8h"), 4: parse_cards("2h 3h"), 6: parse_cards("5d 6d")}


def test_art5_4_only_places_with_bets_get_a_hand() -> None:
    game = rigged(BURNS)
    game.open_round()
    game.place_bet("ana", 7, "upper", 10)
    game.place_bet("ana", 3, "lower", 10)
    game.place_bet("bo", 7, "even", 10)
    assert game.close_bets().positions == (3, 7)
    game.deal()
    assert sorted(game.hands) == [3, 7]


def test_art8_1_third_card_to_0_and_9_in_place_order() -> None:
    # place 1: K Q = 0 -> third; place 2: 7 8 = 5 stays; place 3: 9 K = 9 -> third
    game = rigged(BURNS + " Ks 7s 9s Qh 8h Kd 5c 6c 4c")
    events, _ = one_round(game, [("a", 1, "even", 10), ("b", 2, "even", 10), ("c", 3, "even", 10)])
    assert dealt(events)[7:] == [
        (1, "Ks"),
        (2, "7s"),
        (3, "9s"),
        (1, "Qh"),
        (2, "8h"),
        (3, "Kd"),
        (1, "5c"),
        (3, "6c"),
    ]
    assert {p: len(h) for p, h in game.hands.items()} == {1: 3, 2: 2, 3: 3}
    assert game.shoe_remaining == 312 - 15  # 4c stays in the shoe


@pytest.mark.parametrize("pair", ["As 7h", "2s 2h", "Ts 5h", "4s 4h", "Js 3h", "6s 7h"])
def test_art8_1_no_third_card_on_1_to_8(pair: str) -> None:
    game = rigged(BURNS + " " + pair + " 9c")
    one_round(game, [("a", 5, "odd", 10)])
    assert game.hands[5] == parse_cards(pair)


def test_art5_4_deal_card_step_by_step_and_the_order_refused_otherwise() -> None:
    game = rigged(BURNS + " Ks 7s Qh 8h 9d")
    game.open_round()
    game.place_bet("a", 1, "post", 10)
    game.place_bet("b", 2, "even", 10)
    game.close_bets()
    err = refused(game, game.deal_card)  # burns first
    assert isinstance(err, RuleViolation) and err.rule == "Art 5.2"
    for _ in range(7):
        game.burn()
    err = refused(game, game.burn)
    assert isinstance(err, RuleViolation) and err.rule == "Art 5.4"
    assert game.deal_card().to == 1
    assert game.deal_card().to == 2
    assert game.deal_card().to == 1
    assert game.deal_card().to == 2
    assert game.phase is Phase.DEALING and game.view()["next"] == {
        "action": "deal",
        "to": 1,
        "third_card": True,
    }
    err = refused(game, game.burn)
    assert isinstance(err, RuleViolation) and err.rule == "Art 8.1"
    assert not game.can_settle()
    third = game.deal_card()
    assert (third.to, str(third.card)) == (1, "9d")
    assert phase(game) is Phase.DEALT
    assert not game.can_deal_card() and not game.can_burn()
    err = refused(game, game.deal)
    assert isinstance(err, RuleViolation) and err.rule == "Art 5.4"


# -- Art 6: exposed cards --------------------------------------------------------------------------


def test_art6_exposed_card_stays_valid_and_is_shown_to_all() -> None:
    game = rigged(BURNS + " 7s 2h 8h 3h")
    game.open_round()
    game.place_bet("ana", 1, "lower", 100)
    game.place_bet("bo", 2, "upper", 100)
    game.close_bets()
    for _ in range(7):
        game.burn()
    game.deal_card()
    game.deal_card(exposed=True)
    public = {h["position"]: h for h in game.view()["hands"]}
    assert public[1]["cards"] == [None] and public[2]["cards"] == ["2h"]
    assert public[2]["exposed"] == [True]
    game.deal()
    assert game.hands[2] == parse_cards("2h 3h")
    lines = {line.position: line for line in game.settle().lines}
    assert lines[1].result is Result.WIN  # 7 8 = 5: lower wins
    assert lines[2].result is Result.LOSE  # 2 3 = 5: upper loses


def test_art6_exposed_flag_recorded_in_the_log() -> None:
    game = rigged(BURNS + " 7s 2h 8h 3h")
    game.open_round()
    game.place_bet("ana", 1, "lower", 100)
    game.close_bets()
    for _ in range(7):
        game.burn()
    game.deal_card(exposed=True)
    card = game.log[-1]
    assert isinstance(card, CardDealt) and card.exposed
    copy = FootballPokerGame.from_record(json.loads(json.dumps(game.to_record())))
    assert copy.view() == game.view()


# -- Art 8.2, 9: settlement -----------------------------------------------------------------------


def test_art9_range_bets_pay_even_money() -> None:
    game = rigged(BURNS + " 7s 8h")  # 5: lower and odd win, upper and even lose
    _, settled = one_round(game, [("ana", 1, b.value, 300) for b in BetKind])
    by_bet = {line.bet: line for line in settled.lines}
    for bet in ("lower", "odd"):
        assert by_bet[bet].result is Result.WIN
        assert (by_bet[bet].paid, by_bet[bet].net) == (600, 300)
    for bet in ("upper", "even", "post"):
        assert by_bet[bet].result is Result.LOSE and by_bet[bet].paid == 0
    assert game.balances == {"ana": 300 + 300 - 3 * 300}
    assert game.house_result == -game.balances["ana"]


def test_art9_2_post_pays_eight_to_one_on_three_card_nine() -> None:
    game = rigged(BURNS + " 9s Kh Td")  # 9, then a third card 10: 9 in three cards
    _, settled = one_round(game, [("ana", 1, "post", 100), ("ana", 1, "even", 100)])
    post, even = settled.lines
    assert len(game.hands[1]) == 3 and hand_total(game.hands[1]) == 9
    assert post.result is Result.WIN and post.paid == 900 and post.net == 800
    assert post.article == "Art 3.5, 9.2"
    assert even.result is Result.PUSH and even.paid == 100 and even.net == 0  # Art 8.2
    assert even.article == "Art 8.2"


def test_art8_2_three_card_zero_loses_half() -> None:
    game = rigged(BURNS + " Ks Qh Jd")
    _, settled = one_round(game, [("ana", 1, "upper", 200), ("bo", 1, "post", 50)])
    upper, post = settled.lines
    assert upper.result is Result.HALF and upper.owed == 100 and upper.paid == 100
    assert upper.net == -100 and upper.article == "Art 8.2"
    assert post.result is Result.WIN and post.net == 400


def test_art8_2_post_loses_when_the_third_card_does_not_make_0_or_9() -> None:
    game = rigged(BURNS + " Ks Qh 5d")  # 0, third card: 5
    _, settled = one_round(game, [("ana", 1, "post", 100), ("ana", 1, "odd", 100)])
    post, odd = settled.lines
    assert post.result is Result.LOSE and odd.result is Result.WIN


@pytest.mark.parametrize("rounding", list(Rounding))
@pytest.mark.parametrize("stake", [101, 103, 1, 250])
def test_art8_2_rounding_option_on_half_losses_with_odd_stakes(
    rounding: Rounding, stake: int
) -> None:
    game = rigged(BURNS + " Ks Qh Jd", FootballOptions(rounding=rounding))
    _, settled = one_round(game, [("ana", 1, "even", stake)])
    (line,) = settled.lines
    half = Fraction(stake, 2)
    assert line.owed == half
    expected = {
        Rounding.HOUSE: stake // 2,  # down: the fraction stays with the house
        Rounding.PLAYER: -(-stake // 2),  # up
        Rounding.HALF_EVEN: round(half),  # .5 to the even unit
    }[rounding]
    assert line.paid == expected
    assert game.balances["ana"] + game.house_result == 0
    assert game.house_result == stake - expected


def test_half_even_rounds_half_to_the_even_unit() -> None:
    paid = {}
    for stake in (101, 103):
        game = rigged(BURNS + " Ks Qh Jd", FootballOptions(rounding=Rounding.HALF_EVEN))
        _, settled = one_round(game, [("ana", 1, "even", stake)])
        paid[stake] = settled.lines[0].paid
    assert paid == {101: 50, 103: 52}  # 50.5 -> 50, 51.5 -> 52


def test_settlement_lines_one_per_stake_in_the_order_placed() -> None:
    game = rigged(BURNS + " 7s 2h 8h 3h")
    bets = [("bo", 2, "odd", 10), ("ana", 1, "even", 20), ("ana", 2, "upper", 30)]
    _, settled = one_round(game, bets)
    assert [(x.player, x.position, x.bet, x.stake) for x in settled.lines] == bets
    assert game.last_settlement is not None and game.last_settlement.lines == settled.lines


# -- Art 4.2, 5.3: bets and holders ---------------------------------------------------------------


def test_art4_2_holder_is_the_highest_bettor() -> None:
    game = rigged(BURNS)
    game.open_round()
    assert game.holder(3) is None
    game.place_bet("ana", 3, "upper", 100)
    assert game.holder(3) == "ana"
    game.place_bet("bo", 3, "even", 200)
    assert game.holder(3) == "bo"
    game.place_bet("ana", 3, "odd", 150)  # ana's total on place 3: 250
    assert game.holder(3) == "ana"
    game.withdraw_bet("ana", 3, "odd")
    assert game.holder(3) == "bo"
    game.close_bets()
    game.deal()
    assert game.view()["holders"] == {"3": "bo"}
    game.settle()
    assert game.holder(3) == "bo"  # the last round's, until the next round opens
    game.open_round()
    assert game.holder(3) is None


def test_art4_2_tie_goes_to_whoever_bet_first() -> None:
    game = rigged(BURNS)
    game.open_round()
    game.place_bet("cy", 5, "post", 100)
    game.place_bet("di", 5, "even", 100)
    assert game.holder(5) == "cy"
    game.place_bet("di", 5, "even", 1)
    assert game.holder(5) == "di"


def test_art4_2_one_player_on_several_hands_several_players_on_one_hand() -> None:
    game = rigged(BURNS + " 7s 2h 8h 3h")  # place 1: 5; place 4: 5
    bets = [
        ("ana", 1, "lower", 100),
        ("ana", 4, "upper", 100),
        ("bo", 1, "odd", 50),
        ("cy", 1, "even", 70),
        ("bo", 4, "lower", 40),
    ]
    one_round(game, bets)
    assert game.holder(1) == "ana" and game.holder(4) == "ana"
    assert game.last_settlement is not None
    net = game.last_settlement.net_by_player()
    assert net == {"ana": 100 - 100, "bo": 50 + 40, "cy": -70}
    assert game.balances == net
    assert sum(game.balances.values()) + game.house_result == 0


def test_art5_3_adding_to_a_stake_raises_it() -> None:
    game = rigged(BURNS)
    game.open_round()
    game.place_bet("ana", 2, BetKind.ODD, 100)
    game.place_bet("ana", 2, "odd", 50)
    (stake,) = game.stakes
    assert (stake.player, stake.position, stake.bet, stake.amount) == ("ana", 2, "odd", 150)
    stake.amount = 1  # a copy
    assert game.stakes[0].amount == 150


def test_art5_3_withdraw_only_an_existing_stake_while_betting() -> None:
    game = rigged(BURNS)
    game.open_round()
    game.place_bet("ana", 2, "odd", 100)
    for args in (("bo", 2, "odd"), ("ana", 3, "odd"), ("ana", 2, "even")):
        err = refused(game, partial(game.withdraw_bet, *args))
        assert isinstance(err, RuleViolation) and err.rule == "Art 5.3"
    assert game.can_withdraw_bet("ana", 2, BetKind.ODD)
    game.withdraw_bet("ana", 2, BetKind.ODD)
    assert game.stakes == ()
    assert not game.can_close_bets()
    err = refused(game, game.close_bets)
    assert isinstance(err, RuleViolation) and err.rule == "Art 5.4"
    game.place_bet("ana", 2, "odd", 100)
    game.close_bets()
    err = refused(game, lambda: game.withdraw_bet("ana", 2, "odd"))
    assert isinstance(err, RuleViolation) and err.rule == "Art 5.3"


def test_art5_3_betting_after_close_refused() -> None:
    game = rigged(BURNS)
    game.open_round()
    game.place_bet("ana", 2, "odd", 100)
    game.close_bets()
    err = refused(game, lambda: game.place_bet("bo", 2, "even", 100))
    assert isinstance(err, RuleViolation) and err.rule == "Art 5.3"
    game.deal()
    assert not game.can_place_bet("bo", 2, "even", 100)
    game.settle()
    assert not game.can_place_bet("bo", 2, "even", 100)  # READY: open a round first


@pytest.mark.parametrize("position", [0, 9, -1, True, "3", 2.0])
def test_art4_1_unknown_place_refused(position: Any) -> None:
    game = rigged(BURNS)
    game.open_round()
    err = refused(game, lambda: game.place_bet("ana", position, "odd", 100))
    assert isinstance(err, RuleViolation) and err.rule == "Art 4.1"


def test_art4_1_more_places_on_a_bigger_table() -> None:
    game = rigged(BURNS, FootballOptions(positions=12))
    game.open_round()
    game.place_bet("ana", 12, "odd", 100)
    assert game.close_bets().positions == (12,)


@pytest.mark.parametrize("bet", ["tie", "UPPER", "", 3])
def test_art3_unknown_bet_refused_naming_the_token(bet: Any) -> None:
    game = rigged(BURNS)
    game.open_round()
    err = refused(game, lambda: game.place_bet("ana", 1, bet, 100))
    assert isinstance(err, RuleViolation) and err.rule == "Art 3"
    assert repr(bet) in str(err)


@pytest.mark.parametrize("amount", [0, -5, 1.5, True, "10"])
def test_amount_must_be_a_whole_number_of_units(amount: Any) -> None:
    game = rigged(BURNS)
    game.open_round()
    err = refused(game, lambda: game.place_bet("ana", 1, "odd", amount))
    assert isinstance(err, RecordError) and err.field == "amount"


@pytest.mark.parametrize("player", ["", " ana", 7, None])
def test_player_must_be_named(player: Any) -> None:
    game = rigged(BURNS)
    game.open_round()
    err = refused(game, lambda: game.place_bet(player, 1, "odd", 10))
    assert isinstance(err, RecordError) and err.field == "player"


def test_table_limits_apply_to_the_resulting_stake() -> None:
    limits = BetLimits(Limit(100, 1_000), {"post": Limit(50, 200)})
    game = rigged(BURNS, FootballOptions(limits=limits))
    game.open_round()
    for args in (("ana", 1, "odd", 99), ("ana", 1, "odd", 1_001), ("ana", 1, "post", 201)):
        err = refused(game, partial(game.place_bet, *args))
        assert isinstance(err, RuleViolation) and err.rule == "table limits"
    game.place_bet("ana", 1, "odd", 600)
    game.place_bet("ana", 1, "odd", 50)  # the stake is 650: within the limits
    assert not game.can_place_bet("ana", 1, "odd", 351)  # would make 1001
    game.place_bet("ana", 1, "odd", 350)
    game.place_bet("ana", 1, "post", 50)
    game.place_bet("bo", 1, "post", 200)  # limits are per player
    assert not game.can_place_bet("ana", 1, "post", 151)
    assert game.can_place_bet("ana", 2, "post", 200)  # and per place


# -- Art 5.5: the cut card -------------------------------------------------------------------------


def test_art5_5_the_cut_card_makes_the_round_the_last() -> None:
    game = FootballPokerGame(TABLE)
    game.shuffle(SeededShuffler("cut card"))
    bets = [(f"p{p}", p, "even", 10) for p in range(1, 9)]
    rounds = 0
    while True:
        assert game.phase is Phase.READY and not game.cut_card_out
        assert game.shoe_remaining >= TABLE.cut_card_from_end
        one_round(game, bets)
        rounds += 1
        if game.cut_card_out:
            break
    assert game.shoe_remaining < TABLE.cut_card_from_end
    assert game.phase is Phase.NEEDS_SHUFFLE
    assert rounds > 1
    err = refused(game, game.open_round)
    assert isinstance(err, RuleViolation) and err.rule == "Art 5.5"
    game.shuffle(SeededShuffler("next shoe"))
    assert game.phase is Phase.READY and game.shoe_remaining == 312
    assert game.shuffle_burns_due == 6
    events, _ = one_round(game, bets)
    assert sum(isinstance(e, CardBurned) for e in events) == 7
    assert game.round_number == rounds + 1


def test_art5_5_a_burn_can_bring_out_the_cut_card() -> None:
    # when the round's burn is the first card behind the cut card, that round is the last
    depth = TABLE.cut_card_from_end
    for seed in range(60):
        game = FootballPokerGame(TABLE)
        game.shuffle(SeededShuffler(f"burn out {seed}"))
        while game.phase is Phase.READY:
            game.open_round()
            game.place_bet("a", 1, "odd", 10)
            game.close_bets()
            at_burn = game.shoe_remaining
            game.burn()
            game.deal()
            game.settle()
        if at_burn == depth:  # this round's burn brought the cut card out
            assert game.phase is Phase.NEEDS_SHUFFLE and game.cut_card_out
            break
    else:
        pytest.fail("no shoe whose cut card came out on a burn")


# -- view ------------------------------------------------------------------------------------------


def test_view_hides_face_down_cards_from_other_seats() -> None:
    game = rigged(BURNS + " 7s 2h 8h 3h")
    game.open_round()
    game.place_bet("ana", 1, "lower", 100)
    game.place_bet("bo", 4, "upper", 100)
    game.close_bets()
    for _ in range(9):
        if game.can_burn():
            game.burn()
        else:
            game.deal_card()
    for seat, own in ((None, None), (1, 1), (4, 4), (2, None)):
        hands = {h["position"]: h for h in game.view(seat)["hands"]}
        for place, hand in hands.items():
            if place == own:
                assert hand["cards"] == [str(c) for c in game.hands[place]]
                assert hand["total"] == hand_total(game.hands[place])
            else:
                assert hand["cards"] == [None] * len(game.hands[place])
                assert hand["total"] is None
    game.deal()
    assert game.phase is Phase.DEALT
    for seat in (None, 1, 2):
        hands = {h["position"]: h for h in game.view(seat)["hands"]}
        assert hands[1]["cards"] == ["7s", "8h"] and hands[1]["total"] == 5
        assert hands[4]["cards"] == ["2h", "3h"] and hands[4]["total"] == 5


def test_view_never_shows_the_shoe_order() -> None:
    game = FootballPokerGame(TABLE)
    shuffled = game.shuffle(SeededShuffler("secret"))
    game.open_round()
    game.place_bet("ana", 1, "even", 100)
    game.close_bets()
    steps = 0
    while game.phase is Phase.DEALING:
        for seat in (None, 1, 2):
            view = game.view(seat)
            assert "order" not in view["shoe"]
            assert view["shoe"]["commitment"] == shuffled.commitment
            # the cards shown are the seat's own hand, nothing else: no burn, no shoe card
            shown = [c for h in view["hands"] for c in h["cards"] if c is not None]
            visible = [str(c) for c in game.hands.get(1, ())] if seat == 1 else []
            assert shown == visible
            assert len(json.dumps(view)) < 3000  # no 312-card order hides in it
        if game.can_burn():
            game.burn()
        else:
            game.deal_card()
        steps += 1
    assert steps >= 9


def test_view_is_json_ready_and_reports_the_state() -> None:
    game = rigged(BURNS + " 7s 8h")
    view = game.view()
    assert view["game"] == GAME and view["phase"] == "ready" and view["round"] == 0
    assert view["shoe"]["cards"] == 312 and view["shoe"]["remaining"] == 312
    assert view["last_settlement"] is None
    one_round(game, [("ana", 1, "odd", 100)])
    view = json.loads(json.dumps(game.view(3)))
    assert view["round"] == 1 and view["seat"] == 3
    assert view["options"] == TABLE.to_dict()
    assert view["last_settlement"]["lines"][0]["result"] == "win"
    assert view["last_settlement"]["house_result"] == -100
    assert view["balances"] == {"ana": 100} and view["house_result"] == -100
    assert view["shoe"]["remaining"] == 312 - 9 and not view["shoe"]["cut_card_out"]
    with pytest.raises(RuleViolation, match=r"Art 4\.1"):
        game.view(9)


# -- refusals, phases ------------------------------------------------------------------------------


def test_commands_out_of_phase_are_refused_and_change_nothing() -> None:
    game = rigged(BURNS + " 7s 8h")
    checks: list[tuple[Callable[[], object], Callable[[], bool]]] = [
        (game.open_round, game.can_open_round),
        (
            partial(game.place_bet, "ana", 1, "odd", 10),
            partial(game.can_place_bet, "ana", 1, "odd", 10),
        ),
        (
            partial(game.withdraw_bet, "ana", 1, "odd"),
            partial(game.can_withdraw_bet, "ana", 1, "odd"),
        ),
        (game.close_bets, game.can_close_bets),
        (game.burn, game.can_burn),
        (game.deal_card, game.can_deal_card),
        (game.deal, lambda: game.phase is Phase.DEALING),
        (game.settle, game.can_settle),
        (lambda: game.shuffle(SeededShuffler(0)), game.can_shuffle),
    ]

    def bet_and_close() -> None:
        game.place_bet("bo", 1, "odd", 10)
        game.close_bets()

    stages: list[tuple[Phase, set[int], Callable[[], object]]] = [
        (Phase.READY, {0, 4}, game.open_round),  # open a round, or burn after the shuffle
        (Phase.BETTING, {1}, bet_and_close),  # no stake yet: nothing to withdraw or close
        (Phase.DEALING, {4, 6}, game.deal),  # the burns come first
        (Phase.DEALT, {7}, game.settle),
    ]
    for phase, allowed, step in stages:
        assert game.phase is phase
        for i, (act, can) in enumerate(checks):
            if i in allowed:
                assert can(), (phase, i)
            else:
                assert not can(), (phase, i)
                refused(game, act)
        step()
    assert game.phase is Phase.READY


def test_verify_raises_the_rule_and_changes_nothing() -> None:
    game = rigged(BURNS)
    before = snapshot(game)
    with pytest.raises(RuleViolation, match=r"Art 9"):
        game.verify_settle()
    with pytest.raises(RuleViolation, match=r"Art 5\.3"):
        game.verify_place_bet("ana", 1, "odd", 10)
    game.verify_open_round()
    game.verify_burn()
    assert snapshot(game) == before


# -- replay, records, tampering --------------------------------------------------------------------


def played(
    seed: str = "replay", rounds: int = 12, table: FootballOptions = TABLE
) -> FootballPokerGame:
    game = FootballPokerGame(table)
    rng = SeededShuffler(f"bets:{seed}")
    shoe = SeededShuffler(f"shoe:{seed}")
    bets = [b.value for b in BetKind]
    for _ in range(rounds):
        if game.phase is Phase.NEEDS_SHUFFLE:
            game.shuffle(shoe)
        game.open_round()
        for _ in range(1 + rng.randbelow(6)):
            player = f"p{rng.randbelow(4)}"
            game.place_bet(
                player, 1 + rng.randbelow(8), bets[rng.randbelow(5)], 1 + rng.randbelow(999)
            )
        if rng.randbelow(2):
            stake = game.stakes[0]
            game.withdraw_bet(stake.player, stake.position, stake.bet)
            game.place_bet(stake.player, stake.position, stake.bet, stake.amount)
        game.close_bets()
        if rng.randbelow(2):
            game.burn()  # the first of the round's burns, by hand
        game.deal()
        game.settle()
    return game


def test_replay_reproduces_the_state() -> None:
    game = played(rounds=25)
    copy = FootballPokerGame.replay(game.options, game.log)
    assert copy.digest() == game.digest()
    for seat in (None, *range(1, 9)):
        assert copy.view(seat) == game.view(seat)
    assert copy.balances == game.balances and copy.house_result == game.house_result
    assert copy.round_number == game.round_number == 25
    assert copy.hands == game.hands and copy.last_settlement == game.last_settlement


def test_record_round_trips_through_json() -> None:
    table = FootballOptions(decks=7, positions=9, burn_per=BurnRule.HAND, rounding=Rounding.PLAYER)
    game = played("json", rounds=8, table=table)
    record = json.loads(json.dumps(game.to_record()))
    assert record["game"] == "football-poker"
    copy = FootballPokerGame.from_record(record)
    assert copy.options == table
    assert copy.digest() == game.digest() and copy.view() == game.view()
    assert copy.to_record() == game.to_record()


def tampered(
    game: FootballPokerGame, edit: Callable[[list[dict[str, Any]]], None]
) -> RuleViolation:
    record = json.loads(json.dumps(game.to_record()))
    edit(record["events"])
    with pytest.raises(RuleViolation) as info:
        FootballPokerGame.from_record(record)
    return info.value


def first(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(e for e in events if e["type"] == kind)


def test_tampered_shoe_refused() -> None:
    game = played(rounds=2)

    def swap(events: list[dict[str, Any]]) -> None:
        order = first(events, "shoe_shuffled")["order"]
        i = next(i for i in range(1, len(order)) if order[i] != order[0])
        order[0], order[i] = order[i], order[0]

    assert tampered(game, swap).rule == "Art 5.1"  # the commitment no longer matches

    def extra_ace(events: list[dict[str, Any]]) -> None:
        shuffle = first(events, "shoe_shuffled")
        shuffle["order"][shuffle["order"].index("Kd")] = "As"
        cards = parse_cards(" ".join(shuffle["order"]), allow_duplicates=True)
        shuffle["commitment"] = order_commitment(cards)

    assert tampered(game, extra_ace).rule == "Art 2.1"

    def short(events: list[dict[str, Any]]) -> None:
        shuffle = first(events, "shoe_shuffled")
        shuffle["order"].pop()

    assert tampered(game, short).rule == "Art 2.1"

    def depth(events: list[dict[str, Any]]) -> None:
        first(events, "shoe_shuffled")["cut_card_depth"] = 20

    assert tampered(game, depth).rule == "Art 5.1"

    def cut(events: list[dict[str, Any]]) -> None:
        first(events, "shoe_shuffled")["cut"] = 0

    assert tampered(game, cut).rule == "Art 5.1"


def test_tampered_cards_refused() -> None:
    game = played(rounds=2)

    def other_card(events: list[dict[str, Any]]) -> None:
        dealt_card = first(events, "card_dealt")
        dealt_card["card"] = "Kd" if dealt_card["card"] != "Kd" else "Qd"

    err = tampered(game, other_card)
    assert err.rule == "Art 5.1" and "next card" in str(err)

    def other_place(events: list[dict[str, Any]]) -> None:
        closed = first(events, "bets_closed")
        dealt_card = first(events, "card_dealt")
        dealt_card["to"] = 9 if closed["positions"][0] != 9 else 8

    assert tampered(game, other_place).rule == "Art 5.4"

    def no_burn(events: list[dict[str, Any]]) -> None:
        events.remove(first(events, "card_burned"))

    assert tampered(game, no_burn).rule in ("Art 5.1", "Art 5.2")

    def burn_as_card(events: list[dict[str, Any]]) -> None:
        closed = events.index(first(events, "bets_closed"))
        burned = events[closed + 1]
        assert burned["type"] == "card_burned" or burned["type"] == "card_dealt"
        events[closed + 1] = {
            "type": "card_dealt",
            "card": burned["card"],
            "to": first(events, "bets_closed")["positions"][0],
            "exposed": False,
        }

    assert tampered(game, burn_as_card).rule == "Art 5.2"


def test_tampered_bets_and_settlement_refused() -> None:
    game = played(rounds=2)

    def returned_instead(events: list[dict[str, Any]]) -> None:
        settled = [e for e in events if e["type"] == "round_settled"]
        line = next(x for e in settled for x in e["lines"] if x["result"] == "lose")
        line.update(result="push", owed=str(line["stake"]), paid=line["stake"])

    err = tampered(game, returned_instead)
    assert err.rule.startswith("Art 3.") and "settlement line" in str(err)

    def dropped_line(events: list[dict[str, Any]]) -> None:
        first(events, "round_settled")["lines"].pop()

    assert tampered(game, dropped_line).rule == "Art 9"

    def overpaid(events: list[dict[str, Any]]) -> None:
        line = first(events, "round_settled")["lines"][0]
        line["paid"] += 1

    with pytest.raises(CroupierError, match="paid"):  # the line itself does not add up
        tampered(game, overpaid)

    def closed_elsewhere(events: list[dict[str, Any]]) -> None:
        closed = first(events, "bets_closed")
        closed["positions"] = [p + 1 if p < 8 else p - 1 for p in closed["positions"]]

    assert tampered(game, closed_elsewhere).rule == "Art 5.4"

    def renumbered(events: list[dict[str, Any]]) -> None:
        first(events, "round_opened")["number"] = 2

    assert tampered(game, renumbered).rule == "Art 5.3"

    def bet_after_close(events: list[dict[str, Any]]) -> None:
        closed = events.index(first(events, "bets_closed"))
        events.insert(
            closed + 1,
            {"type": "bet_placed", "player": "x", "position": 1, "bet": "odd", "amount": 5},
        )

    assert tampered(game, bet_after_close).rule == "Art 5.3"

    def bad_bet(events: list[dict[str, Any]]) -> None:
        first(events, "bet_placed")["bet"] = "tie"

    assert tampered(game, bad_bet).rule == "Art 3"

    def settled_twice(events: list[dict[str, Any]]) -> None:
        settled = first(events, "round_settled")
        events.insert(events.index(settled) + 1, settled)

    assert tampered(game, settled_twice).rule == "Art 9"


def test_direct_events_of_the_wrong_type_refused() -> None:
    game = rigged(BURNS)
    game.open_round()
    game.place_bet("ana", 1, "odd", 10)
    game.close_bets()
    copy = list(game.log)
    for _ in range(7):
        copy.append(game.burn())
    card = game.deal_card()
    with pytest.raises(RuleViolation, match=r"Art 5\.4"):
        FootballPokerGame.replay(TABLE, [*copy, replace(card, to=True)])
    with pytest.raises(RecordError, match="exposed"):
        FootballPokerGame.replay(TABLE, [*copy, replace(card, exposed=1)])  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match=r"Art 5\.3"):
        FootballPokerGame.replay(TABLE, [*copy[:1], RoundOpened(True)])
    with pytest.raises(RuleViolation, match=r"Art 5\.4: event 3 \(bets_closed\) refused: each"):
        FootballPokerGame.replay(TABLE, [*copy[:3], BetsClosed([1])])  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match="protocol"):
        FootballPokerGame.replay(TABLE, [Foreign()])


def test_art8_2_settlement_rounded_the_other_way_refused() -> None:
    game = rigged(BURNS + " Ks Qh Jd")  # three-card 0: half of 101 is 50.5, the house pays 50
    one_round(game, [("ana", 1, "even", 101)])
    record = json.loads(json.dumps(game.to_record()))
    line = first(record["events"], "round_settled")["lines"][0]
    assert (line["result"], line["owed"], line["paid"]) == ("half", "101/2", 50)
    line["paid"] = 51  # what a player-rounding table would pay
    with pytest.raises(RuleViolation, match=r"Art 8\.2"):
        FootballPokerGame.from_record(record)


@dataclass(frozen=True, slots=True)
class Foreign(Event):
    TYPE = "foreign"


def test_constructor_checks_its_options() -> None:
    assert FootballPokerGame().options == FootballOptions()
    with pytest.raises(MaterialError):
        FootballPokerGame({"decks": 6})  # type: ignore[arg-type]
    assert FootballPokerGame.options_from_dict({"decks": 7}) == FootballOptions(decks=7)


# -- properties ------------------------------------------------------------------------------------

PLAYERS = ("ana", "bo", "cy")
BET_NAMES = (*(b.value for b in BetKind), "tie")

# "advance": the next step of a round in play (so that sequences reach settlements often)
command = st.one_of(
    *[st.just(("advance",))] * 6,
    st.tuples(st.just("shuffle"), st.sampled_from([None, None, 0, 5, 311])),
    st.tuples(st.just("open")),
    st.tuples(
        st.just("bet"),
        st.sampled_from(PLAYERS),
        st.integers(0, 9),
        st.sampled_from(BET_NAMES),
        st.sampled_from([0, 1, 7, 99, 100, 333, 1_000, 1_001]),
    ),
    st.tuples(
        st.just("withdraw"), st.sampled_from(PLAYERS), st.integers(1, 8), st.sampled_from(BET_NAMES)
    ),
    st.tuples(st.just("close")),
    st.tuples(st.just("burn")),
    st.tuples(st.just("card"), st.booleans()),
    st.tuples(st.just("deal")),
    st.tuples(st.just("settle")),
)


def run(
    game: FootballPokerGame, shuffler: Shuffler, cmd: tuple[Any, ...]
) -> tuple[Callable[[], object], bool]:
    kind = cmd[0]
    if kind == "advance":
        kind = {
            Phase.NEEDS_SHUFFLE: "shuffle",
            Phase.READY: "open",
            Phase.BETTING: "close" if game.stakes else "bet",
            Phase.DEALING: "deal",
            Phase.DEALT: "settle",
        }[game.phase]
        cmd = {
            "shuffle": ("shuffle", None),
            "bet": ("bet", "ana", 1 + len(game.log) % 8, "odd", 100),
        }.get(kind, (kind,))
    table: dict[str, tuple[Callable[[], object], Callable[[], bool]]] = {
        "shuffle": (
            lambda: game.shuffle(shuffler, cut=cmd[1]),
            lambda: game.can_shuffle(cut=cmd[1]),
        ),
        "open": (game.open_round, game.can_open_round),
        "bet": (lambda: game.place_bet(*cmd[1:]), lambda: game.can_place_bet(*cmd[1:])),
        "withdraw": (lambda: game.withdraw_bet(*cmd[1:]), lambda: game.can_withdraw_bet(*cmd[1:])),
        "close": (game.close_bets, game.can_close_bets),
        "burn": (game.burn, game.can_burn),
        "card": (
            lambda: game.deal_card(exposed=cmd[1]),
            lambda: game.can_deal_card(exposed=cmd[1]),
        ),
        "deal": (game.deal, lambda: game.phase is Phase.DEALING),
        "settle": (game.settle, game.can_settle),
    }
    act, can = table[kind]
    return act, can()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(command, min_size=20, max_size=80), st.integers(0, 2**32))
def test_random_command_sequences_keep_the_money_balanced(
    commands: list[tuple[Any, ...]], seed: int
) -> None:
    table = FootballOptions(limits=BetLimits(Limit(1, 1_000)), rounding=Rounding.HALF_EVEN)
    game = FootballPokerGame(table)
    shuffler = SeededShuffler(seed)
    settled = 0
    for cmd in commands:
        act, allowed = run(game, shuffler, cmd)
        if allowed:
            staked_before_settle = sum(s.amount for s in game.stakes)
            result = act()
            if isinstance(result, RoundSettled):
                settled += 1
                settlement = game.last_settlement
                assert settlement is not None
                assert settlement.staked == staked_before_settle
                assert settlement.paid + settlement.house_result == settlement.staked
        else:
            before = snapshot(game)
            with pytest.raises(CroupierError):
                act()
            assert snapshot(game) == before
        assert sum(game.balances.values()) + game.house_result == 0
    event(f"rounds settled: {min(settled, 3)}{'+' if settled >= 3 else ''}")
    copy = FootballPokerGame.from_record(json.loads(json.dumps(game.to_record())))
    assert copy.digest() == game.digest()
    assert copy.view() == game.view() and copy.view(1) == game.view(1)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from(list(BurnRule)),
    st.sampled_from(list(DealOrder)),
    st.sampled_from(list(FirstBurn)),
)
def test_every_round_follows_the_articles(
    seed: int, burn_per: BurnRule, order: DealOrder, first_burn: FirstBurn
) -> None:
    table = FootballOptions(burn_per=burn_per, deal_order=order, first_round_burn=first_burn)
    game = FootballPokerGame(table)
    shuffled = game.shuffle(SeededShuffler(seed))
    top = 0
    first_round = True
    for _ in range(3):
        game.open_round()
        for p in range(1, 9):
            for bet in BetKind:
                game.place_bet(f"p{p}", p, bet, 101)
        game.close_bets()
        events = game.deal()
        assert game.phase is Phase.DEALT
        # every card came off the top of the shoe, in order, burns first
        cards_out = [e.card for e in events if isinstance(e, CardBurned | CardDealt)]
        assert tuple(cards_out) == shuffled.order[top : top + len(cards_out)]
        top += len(cards_out)
        burns = 1 if burn_per is BurnRule.ROUND else 8
        if first_round:  # Art 5.2: one per deck, and the round's own unless included in them
            burns += table.decks - (first_burn is FirstBurn.INCLUDED)
            first_round = False
        assert sum(isinstance(e, CardBurned) for e in events) == burns
        if burn_per is BurnRule.ROUND:
            assert all(isinstance(e, CardBurned) for e in events[:burns])
        for hand in game.hands.values():
            # Art 5.4, 8.1: two cards, and a third exactly when the first two total 0 or 9
            assert len(hand) == (3 if hand_total(hand[:2]) in (0, 9) else 2)
        # every card came off the top of the shoe, in order
        settled = game.settle()
        for line in settled.lines:
            hand = game.hands[line.position]
            total = hand_total(hand)
            post = len(hand) == 3 and total in (0, 9)
            if line.bet == "post":  # Art 3.5, 9.2
                assert (line.result is Result.WIN) is post
                assert line.net == (808 if post else -101)
            elif post:  # Art 8.2
                assert line.result is (Result.HALF if total == 0 else Result.PUSH)
            else:
                assert line.net in (101, -101)
        assert sum(game.balances.values()) + game.house_result == 0
        if phase(game) is Phase.NEEDS_SHUFFLE:
            break
