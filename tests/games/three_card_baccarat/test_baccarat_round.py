"""The round of 3-card baccarat as a state machine, Portaria 22/96/M as amended by 219/96/M.

Shoes are crafted: :func:`shoe_order` lays out the hands of each round in dealing order (burns
filled with unused cards) inside a complete pack, and :class:`StackedShuffler` hands that order
to :meth:`BaccaratGame.shuffle`, so every round is played through the public commands.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar, cast

import pytest

from croupier.cards import Card, parse_cards
from croupier.errors import CroupierError, MaterialError, RecordError, RuleViolation
from croupier.events import (
    BetPlaced,
    CardBurned,
    CardDealt,
    Phase,
    RoundSettled,
    ShoeShuffled,
)
from croupier.games.three_card_baccarat.options import NO_LIMITS, BaccaratOptions
from croupier.games.three_card_baccarat.round import GAME, BaccaratGame
from croupier.games.three_card_baccarat.rules import (
    BANKER,
    BetKind,
)
from croupier.money import BetLimits, Limit, Rounding
from croupier.settlement import PayoutLine, Result
from croupier.shoe import ordered_pack
from croupier.shuffle import SeededShuffler, Shuffler

T = TypeVar("T")
CUT = 1
Hands = Mapping[int, str]


class StackedShuffler(Shuffler):
    """Hands back a fixed order, rotated so that after a cut of ``cut`` the shoe is ``order``."""

    def __init__(self, order: Sequence[Card], cut: int = CUT) -> None:
        self.order = tuple(order)
        self.cut = cut
        self.calls = 0

    def randbelow(self, n: int) -> int:
        raise AssertionError("no random draw expected: give the cut and fix the cut card depth")

    def shuffle(self, items: Sequence[T]) -> list[T]:
        self.calls += 1
        assert Counter(cast(Sequence[Card], items)) == Counter(self.order)
        n, c = len(self.order), self.cut
        return cast(list[T], list(self.order[n - c :] + self.order[: n - c]))


class CountingShuffler(SeededShuffler):
    """A seeded shuffler that counts its draws."""

    def __init__(self, seed: int | str | bytes) -> None:
        super().__init__(seed)
        self.draws = 0

    def randbelow(self, n: int) -> int:
        self.draws += 1
        return super().randbelow(n)

    def shuffle(self, items: Sequence[T]) -> list[T]:
        self.draws += 1
        return super().shuffle(items)


def shoe_order(*rounds: Hands, decks: int = 1) -> tuple[Card, ...]:
    """A complete pack of ``decks`` decks whose rounds deal ``rounds`` (place -> 3 cards, the
    banker included): burns (one per deck before the first round, one before each later one)
    are filled with cards no hand uses, the rest of the pack follows."""
    pool = Counter(ordered_pack(decks=decks))
    seq: list[Card | None] = []
    for i, hands in enumerate(rounds):
        seq += [None] * (decks if i == 0 else 1)
        places = [*sorted(p for p in hands if p != BANKER), BANKER]
        cards = {p: parse_cards(hands[p], count=3, allow_duplicates=True) for p in places}
        for k in range(3):
            for p in places:
                card = cards[p][k]
                pool[card] -= 1
                assert pool[card] >= 0, f"{card} used more often than the pack holds it"
                seq.append(card)
    filler = iter(list((+pool).elements()))
    order = [next(filler) if card is None else card for card in seq]
    order += list(filler)
    assert len(order) == 52 * decks
    return tuple(order)


def game_with(options: BaccaratOptions, *rounds: Hands) -> BaccaratGame:
    """A table whose (first) shuffle deals ``rounds``."""
    game = BaccaratGame(options)
    game.shuffle(StackedShuffler(shoe_order(*rounds, decks=options.decks)), cut=CUT)
    return game


def play(game: BaccaratGame, *bets: tuple[str, int, str, int]) -> RoundSettled:
    game.open_round()
    for player, position, bet, amount in bets:
        game.place_bet(player, position, bet, amount)
    game.close_bets()
    game.deal()
    return game.settle()


def phase(game: BaccaratGame) -> Phase:
    """The table's phase (a call, so that mypy does not keep an earlier narrowing)."""
    return game.phase


def line_of(lines: Sequence[PayoutLine], player: str, position: int, bet: str) -> PayoutLine:
    (line,) = [x for x in lines if (x.player, x.position, x.bet) == (player, position, bet)]
    return line


def snapshot(game: BaccaratGame) -> tuple[object, ...]:
    """Everything observable about a table."""
    seats: list[int | None] = [None, *range(game.options.positions + 1)]
    return (
        game.digest(),
        len(game.log),
        json.dumps([game.view(s) for s in seats], sort_keys=True),
        game.stakes,
        dict(game.hands),
        dict(game.balances),
        game.house_result,
        game.phase,
        game.round_number,
        game.shoe_remaining,
        game.last_settlement,
    )


def refused(game: BaccaratGame, rule: str | None, command: Any, *args: Any, **kw: Any) -> None:
    """``command`` raises (a RuleViolation naming ``rule`` unless None) and changes nothing."""
    before = snapshot(game)
    with pytest.raises(CroupierError) as info:
        command(*args, **kw)
    if rule is not None:
        assert isinstance(info.value, RuleViolation), info.value
        assert info.value.rule == rule, info.value
    assert snapshot(game) == before


BOX = BaccaratOptions(limits=NO_LIMITS, positions=3)
SHOE2 = BaccaratOptions(limits=NO_LIMITS, decks=2, positions=3, cut_card_depth=30)

# Art 9: prizes in stakes; Art 10: 5% on the prizes of 9.1 (main) and 9.2 (odd/even).
ART9_PRIZE = {"main": 1, "odd": 1, "even": 1, "three_faces": 16, "tie": 20}
ART9_PRIZE.update({f"points_{n}": 8 for n in range(10)})
ART10 = {"main", "odd", "even"}
ALL_BETS = ["main", "odd", "even", "three_faces", *(f"points_{n}" for n in range(10)), "tie"]


# -- Art 6-10: every bet kind on crafted hands ---------------------------------------------------

# (place hand, banker hand, {bet: result} for the bets that do not lose), from the articles:
SCENARIOS = {
    # 9 with two figures beats 9 with none (annex 2 vs 4); banker 9 is odd, points 9.
    "more_figures_wins": (
        "9s Kd Qh",
        "9h 5d 5c",
        {"main": Result.WIN, "odd": Result.WIN, "points_9": Result.WIN},
    ),
    # Equal annex level: a tie (Art 7.1): main stays (Art 7.2), tie bet wins (Art 9.5).
    "tie": (
        "Ks 5h 4d",
        "Qd 2c 7s",
        {"main": Result.CARRY, "tie": Result.WIN, "odd": Result.WIN, "points_9": Result.WIN},
    ),
    # Same points, fewer figures: the place loses (annex 4 vs 3).
    "fewer_figures_loses": ("As 4h 4d", "Kd 4c 5s", {"odd": Result.WIN, "points_9": Result.WIN}),
    # Banker's three figures: highest hand; odd/even stay (Art 8.1); 16:1; counts 0 (option).
    "banker_three_figures": (
        "2s 3h 4d",
        "Ks Qd Jh",
        {
            "odd": Result.CARRY,
            "even": Result.CARRY,
            "three_faces": Result.WIN,
            "points_0": Result.WIN,
        },
    ),
    "both_three_figures": (
        "Kc Qc Jc",
        "Ks Qd Jh",
        {
            "main": Result.CARRY,
            "tie": Result.WIN,
            "odd": Result.CARRY,
            "even": Result.CARRY,
            "three_faces": Result.WIN,
            "points_0": Result.WIN,
        },
    ),
    # Banker 0 with no figures: 0 is even (reading, default).
    "banker_zero": (
        "Th 6s 2c",
        "Ts 4d 6h",
        {"main": Result.WIN, "even": Result.WIN, "points_0": Result.WIN},
    ),
    "banker_six_beats_five": (
        "Js 2h 3c",
        "Jd Qh 6s",
        {"even": Result.WIN, "points_6": Result.WIN},
    ),
    # 1 with one figure beats 1 with none.
    "one_figure_beats_none": (
        "Ts Jd Ah",
        "Th 9c 2d",
        {"main": Result.WIN, "odd": Result.WIN, "points_1": Result.WIN},
    ),
}


def expected_paid(bet: str, stake: int, result: Result, rounding: Rounding) -> int:
    if result is not Result.WIN:
        return 0
    prize = stake * ART9_PRIZE[bet]
    owed = Fraction(stake + prize) - (Fraction(5, 100) * prize if bet in ART10 else 0)
    if rounding is Rounding.HOUSE:
        return math.floor(owed)
    if rounding is Rounding.PLAYER:
        return math.ceil(owed)
    return round(owed)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_art6_to_10_every_bet_kind_settles(name: str) -> None:
    place, banker, not_lost = SCENARIOS[name]
    game = game_with(BaccaratOptions(limits=NO_LIMITS, positions=1), {1: place, BANKER: banker})
    settled = play(game, *(("p", 1, bet, 100) for bet in ALL_BETS))
    assert len(settled.lines) == len(ALL_BETS)
    for bet in ALL_BETS:
        line = line_of(settled.lines, "p", 1, bet)
        result = not_lost.get(bet, Result.LOSE)
        assert line.result is result, bet
        assert line.paid == expected_paid(bet, 100, result, Rounding.HOUSE), bet
        assert line.carried == (100 if result is Result.CARRY else 0)
        if result is Result.WIN:
            assert line.prize == 100 * ART9_PRIZE[bet]
            assert line.commission == (5 if bet in ART10 else 0)
    total_paid = sum(
        expected_paid(b, 100, not_lost.get(b, Result.LOSE), Rounding.HOUSE) for b in ALL_BETS
    )
    carried = 100 * sum(r is Result.CARRY for r in not_lost.values())
    assert game.house_result == 100 * len(ALL_BETS) - total_paid - carried
    assert game.balances["p"] == -game.house_result
    # only the carried stakes stay on the layout, marked as carried
    assert {(s.bet, s.amount, s.carried) for s in game.stakes} == {
        (bet, 100, True) for bet, r in not_lost.items() if r is Result.CARRY
    }


@pytest.mark.parametrize(
    ("stake", "rounding", "paid"),
    [
        (30, Rounding.HOUSE, 58),  # 30 + 30 - 1.5 = 58.5
        (30, Rounding.PLAYER, 59),
        (30, Rounding.HALF_EVEN, 58),
        (10, Rounding.HALF_EVEN, 20),  # 19.5 -> 20 (even)
        (10, Rounding.HOUSE, 19),
        (20, Rounding.HOUSE, 39),  # exact
        (1, Rounding.HOUSE, 1),  # 1.95
        (1, Rounding.PLAYER, 2),
    ],
)
def test_art10_commission_exact_and_rounded_by_the_table_option(
    stake: int, rounding: Rounding, paid: int
) -> None:
    place, banker, _ = SCENARIOS["more_figures_wins"]
    game = game_with(
        BaccaratOptions(limits=NO_LIMITS, positions=1, rounding=rounding),
        {1: place, BANKER: banker},
    )
    settled = play(game, ("ana", 1, "main", stake), ("ana", 1, "odd", stake))
    for bet in ("main", "odd"):
        line = line_of(settled.lines, "ana", 1, bet)
        assert line.commission == Fraction(5 * stake, 100)
        assert line.owed == 2 * stake - Fraction(5 * stake, 100)
        assert line.paid == paid == expected_paid(bet, stake, Result.WIN, rounding)
    assert game.house_result == 2 * (stake - paid)
    assert game.last_settlement is not None
    assert game.last_settlement.rounding == 2 * (line.owed - paid)


def test_art9_3_to_9_5_prizes_carry_no_commission() -> None:
    place, banker, _ = SCENARIOS["both_three_figures"]
    game = game_with(BaccaratOptions(limits=NO_LIMITS, positions=1), {1: place, BANKER: banker})
    settled = play(game, ("a", 1, "main", 33), ("a", 1, "tie", 33), ("a", 1, "three_faces", 33))
    assert line_of(settled.lines, "a", 1, "tie").paid == 33 * 21
    assert line_of(settled.lines, "a", 1, "three_faces").paid == 33 * 17
    assert all(line.commission == 0 for line in settled.lines)


def test_art8_2_b_three_figures_as_zero_option() -> None:
    place, banker, _ = SCENARIOS["banker_three_figures"]
    for as_zero in (True, False):
        options = BaccaratOptions(limits=NO_LIMITS, positions=1, three_figures_as_zero=as_zero)
        game = game_with(options, {1: place, BANKER: banker})
        settled = play(game, ("a", 1, "main", 10), ("a", 1, "points_0", 10))
        line = line_of(settled.lines, "a", 1, "points_0")
        assert line.result is (Result.WIN if as_zero else Result.LOSE)
        assert line.paid == (90 if as_zero else 0)


def test_art8_1_zero_is_even_option() -> None:
    place, banker, _ = SCENARIOS["banker_zero"]
    for zero_is_even in (True, False):
        options = BaccaratOptions(limits=NO_LIMITS, positions=1, zero_is_even=zero_is_even)
        game = game_with(options, {1: place, BANKER: banker})
        settled = play(game, ("a", 1, "even", 100), ("a", 1, "odd", 100))
        even = line_of(settled.lines, "a", 1, "even")
        assert even.result is (Result.WIN if zero_is_even else Result.LOSE)
        assert line_of(settled.lines, "a", 1, "odd").result is Result.LOSE


# -- Art 5: places and players -------------------------------------------------------------------


def test_art5_2_one_player_on_several_places_and_several_players_on_one() -> None:
    hands = {1: "9s Kd Qh", 2: "As 4h 4d", 3: "Kh 6c 3d", BANKER: "Qd 2c 7s"}
    game = game_with(BOX, hands)
    settled = play(
        game,
        ("ana", 1, "main", 100),
        ("ana", 2, "main", 100),
        ("ana", 3, "main", 100),
        ("rui", 1, "main", 40),
        ("li", 1, "main", 60),
        ("rui", 3, "tie", 10),
    )
    # banker 9 with one figure: place 1 (9, two) wins, 2 (9, none) loses, 3 (9, one) ties
    assert line_of(settled.lines, "ana", 1, "main").result is Result.WIN
    assert line_of(settled.lines, "ana", 2, "main").result is Result.LOSE
    assert line_of(settled.lines, "ana", 3, "main").result is Result.CARRY
    assert line_of(settled.lines, "rui", 1, "main").paid == 78  # 40 + 40 - 2
    assert line_of(settled.lines, "li", 1, "main").paid == 117  # 60 + 60 - 3
    assert line_of(settled.lines, "rui", 3, "tie").paid == 210
    assert game.balances == {"ana": 95 - 100, "rui": 38 + 200, "li": 57}
    assert sum(game.balances.values()) + game.house_result == 0


def test_art5_1_only_the_places_with_a_stake_are_dealt_in_clockwise_order() -> None:
    hands = {2: "9s Kd Qh", 5: "As 4h 4d", BANKER: "Qd 2c 7s"}
    game = game_with(BaccaratOptions(limits=NO_LIMITS, positions=7), hands)
    game.open_round()
    game.place_bet("ana", 5, "main", 100)
    game.place_bet("rui", 2, "odd", 100)  # a side bet puts its place in play
    assert game.close_bets().positions == (2, 5)
    events = game.deal()
    assert [type(e) for e in events[:1]] == [CardBurned]
    dealt = [e for e in events if isinstance(e, CardDealt)]
    assert [e.to for e in dealt] == [2, 5, BANKER] * 3
    assert game.hands == {p: parse_cards(h) for p, h in hands.items()}
    assert game.places == (2, 5, BANKER)


@pytest.mark.parametrize("position", [0, 4, -1, True, "1"])
def test_art5_1_place_must_be_on_the_table(position: Any) -> None:
    game = game_with(BOX, {1: "2s 3s 4s", BANKER: "5s 6s 7s"})
    game.open_round()
    refused(game, "Art 5.1", game.place_bet, "ana", position, "main", 100)
    assert not game.can_place_bet("ana", position, "main", 100)


# -- bets: phases, names, amounts, limits --------------------------------------------------------


def test_art3_bets_only_while_betting_is_open() -> None:
    game = game_with(BOX, {1: "2s 3s 4s", BANKER: "5s 6s 7s"})
    refused(game, "Art 3", game.place_bet, "ana", 1, "main", 100)  # READY: not opened
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    game.place_bet("ana", 1, "even", 100)
    game.close_bets()
    refused(game, "Art 3", game.place_bet, "ana", 1, "main", 100)
    refused(game, "Art 3", game.place_bet, "rui", 1, "odd", 100)
    refused(game, "Art 3", game.withdraw_bet, "ana", 1, "even")
    game.deal()
    refused(game, "Art 3", game.place_bet, "ana", 1, "main", 100)
    game.settle()
    refused(game, "Art 3", game.place_bet, "ana", 1, "main", 100)


def test_unknown_bet_names_the_token_and_amounts_must_be_whole_units() -> None:
    game = game_with(BOX, {1: "2s 3s 4s", BANKER: "5s 6s 7s"})
    game.open_round()
    with pytest.raises(RuleViolation, match="'banco'"):
        game.place_bet("ana", 1, "banco", 100)
    refused(game, "Art 6.3, 8", game.place_bet, "ana", 1, "points_10", 100)
    amounts: tuple[Any, ...] = (0, -5, 2.5, True, "100", Fraction(3))
    for amount in amounts:
        refused(game, None, game.place_bet, "ana", 1, "main", amount)
        with pytest.raises(RecordError):
            game.verify_place_bet("ana", 1, "main", amount)
    for player in ("", " ana", 7):
        refused(game, None, game.place_bet, player, 1, "main", 100)
    assert game.place_bet("ana", 1, BetKind.POINTS_3, 100).bet == "points_3"


def test_table_limits_apply_to_the_players_whole_stake_at_a_place() -> None:
    limits = BetLimits(Limit(100, 1_000), {"tie": Limit(10, 200)})
    game = game_with(
        BaccaratOptions(positions=3, limits=limits), {1: "2s 3s 4s", BANKER: "5s 6s 7s"}
    )
    game.open_round()
    refused(game, "table limits", game.place_bet, "ana", 1, "main", 99)
    refused(game, "table limits", game.place_bet, "ana", 1, "main", 1_001)
    game.place_bet("ana", 1, "main", 600)
    refused(game, "table limits", game.place_bet, "ana", 1, "main", 401)  # 1001 in all
    game.place_bet("ana", 1, "main", 400)
    game.place_bet("rui", 1, "main", 1_000)  # another player's stake is his own
    game.place_bet("ana", 2, "main", 1_000)  # another place too
    refused(game, "table limits", game.place_bet, "ana", 1, "tie", 5)
    refused(game, "table limits", game.place_bet, "ana", 1, "tie", 201)
    game.place_bet("ana", 1, "tie", 200)
    assert {(s.player, s.position, s.bet): s.amount for s in game.stakes} == {
        ("ana", 1, "main"): 1_000,
        ("rui", 1, "main"): 1_000,
        ("ana", 2, "main"): 1_000,
        ("ana", 1, "tie"): 200,
    }


def test_limits_must_name_known_bets() -> None:
    with pytest.raises(MaterialError, match="'banco'"):
        BaccaratOptions(limits=BetLimits(by_bet={"banco": Limit(1, 2)}))


def test_withdraw_returns_the_whole_stake_and_refuses_unknown_stakes() -> None:
    game = game_with(BOX, {1: "2s 3s 4s", BANKER: "5s 6s 7s"})
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    game.place_bet("ana", 1, "main", 50)
    game.place_bet("ana", 2, "odd", 70)
    refused(game, "layout", game.withdraw_bet, "rui", 1, "main")
    refused(game, "layout", game.withdraw_bet, "ana", 1, "even")
    refused(game, "Art 6.3, 8", game.withdraw_bet, "ana", 1, "banco")
    assert game.can_withdraw_bet("ana", 2, "odd")
    game.withdraw_bet("ana", 2, "odd")
    assert [(s.position, s.bet, s.amount) for s in game.stakes] == [(1, "main", 150)]
    game.withdraw_bet("ana", 1, BetKind.MAIN)
    assert game.stakes == ()
    refused(game, "Art 5.1", game.close_bets)  # nothing left to deal to


def test_stakes_are_copies() -> None:
    game = game_with(BOX, {1: "2s 3s 4s", BANKER: "5s 6s 7s"})
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    game.stakes[0].amount = 10**9
    assert game.stakes[0].amount == 100


# -- Art 7.2, 8.1: stakes carried to the next round ----------------------------------------------

TIE_ROUND = {1: "Ks 5h 4d", BANKER: "Qd 2c 7s"}  # 9 with one figure each
WIN_ROUND = {1: "9s Kd Qh", 2: "2h 3d 3s", BANKER: "9h 5d 5c"}  # place 1 wins, 2 loses


def test_art7_2_tie_keeps_main_bet_raise_allowed_withdraw_refused() -> None:
    game = game_with(SHOE2, TIE_ROUND, WIN_ROUND)
    first = play(game, ("ana", 1, "main", 100), ("ana", 1, "tie", 10))
    main = line_of(first.lines, "ana", 1, "main")
    assert (main.result, main.paid, main.carried, main.net) == (Result.CARRY, 0, 100, 0)
    assert main.article == "Art 7.1, 7.2"
    assert game.balances == {"ana": 200}  # the tie bet: 10 x 20
    assert [(s.bet, s.amount, s.carried) for s in game.stakes] == [("main", 100, True)]
    game.open_round()
    refused(game, "Art 7.2", game.withdraw_bet, "ana", 1, "main")
    game.place_bet("ana", 1, "main", 50)  # a raise
    refused(game, "Art 7.2", game.withdraw_bet, "ana", 1, "main")  # the raise stays with it
    game.place_bet("rui", 2, "main", 30)  # new bets are accepted
    game.place_bet("rui", 1, "main", 20)
    assert [(s.player, s.position, s.amount, s.carried) for s in game.stakes] == [
        ("ana", 1, 150, True),
        ("rui", 2, 30, False),
        ("rui", 1, 20, False),
    ]
    game.close_bets()
    game.deal()
    second = game.settle()
    line = line_of(second.lines, "ana", 1, "main")
    assert (line.stake, line.result, line.paid) == (150, Result.WIN, 292)  # 300 - 7.5, down
    assert game.balances == {"ana": 200 + 142, "rui": -30 + 19}
    assert game.stakes == ()
    assert sum(game.balances.values()) + game.house_result == 0


def test_art8_1_banker_three_figures_carries_odd_and_even() -> None:
    three = {1: "2s 3h 4d", BANKER: "Ks Qd Jh"}
    after = {1: "9s Kd Qh", BANKER: "9h 5d 5c"}  # banker 9: odd
    game = game_with(SHOE2, three, after)
    first = play(game, ("ana", 1, "odd", 100), ("rui", 1, "even", 40), ("rui", 1, "main", 10))
    for who, bet in (("ana", "odd"), ("rui", "even")):
        line = line_of(first.lines, who, 1, bet)
        assert (line.result, line.carried, line.net, line.article) == (
            Result.CARRY,
            line.stake,
            0,
            "Art 8.1",
        )
    game.open_round()
    refused(game, "Art 8.1", game.withdraw_bet, "ana", 1, "odd")
    refused(game, "Art 8.1", game.withdraw_bet, "rui", 1, "even")
    game.place_bet("ana", 1, "odd", 100)
    game.place_bet("li", 1, "even", 5)  # new bets accepted
    game.close_bets()
    game.deal()
    second = game.settle()
    assert line_of(second.lines, "ana", 1, "odd").paid == 390  # 400 - 10
    assert line_of(second.lines, "rui", 1, "even").result is Result.LOSE
    assert game.balances == {"ana": 190, "rui": -50, "li": -5}


# -- Art 8.3: the tie bet ------------------------------------------------------------------------


def test_art8_3_tie_bet_needs_a_main_bet_on_that_place() -> None:
    game = game_with(BOX, {1: "2s 3s 4s", BANKER: "5s 6s 7s"})
    game.open_round()
    refused(game, "Art 8.3", game.place_bet, "ana", 1, "tie", 10)
    game.place_bet("ana", 1, "odd", 10)  # a side bet is not enough
    refused(game, "Art 8.3", game.place_bet, "ana", 1, "tie", 10)
    game.place_bet("rui", 1, "main", 100)
    game.place_bet("ana", 1, "tie", 10)  # default reading: anyone's main bet there
    game.place_bet("ana", 2, "main", 100)
    game.place_bet("ana", 2, "tie", 10)  # ties on several places
    refused(game, "Art 8.3", game.place_bet, "ana", 3, "tie", 10)


def test_art8_3_option_tie_needs_the_players_own_main_bet() -> None:
    options = BaccaratOptions(limits=NO_LIMITS, positions=3, tie_needs_own_main_bet=True)
    game = game_with(options, {1: "2s 3s 4s", BANKER: "5s 6s 7s"})
    game.open_round()
    game.place_bet("rui", 1, "main", 100)
    refused(game, "Art 8.3", game.place_bet, "ana", 1, "tie", 10)
    game.place_bet("ana", 1, "main", 100)
    game.place_bet("ana", 1, "tie", 10)
    refused(game, "Art 8.3", game.withdraw_bet, "ana", 1, "main")
    game.withdraw_bet("rui", 1, "main")  # ana's tie rests on her own main bet
    game.withdraw_bet("ana", 1, "tie")
    game.withdraw_bet("ana", 1, "main")


def test_art8_3_main_bet_under_a_tie_bet_cannot_be_withdrawn() -> None:
    game = game_with(BOX, {1: "2s 3s 4s", BANKER: "5s 6s 7s"})
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    game.place_bet("rui", 1, "tie", 10)
    refused(game, "Art 8.3", game.withdraw_bet, "ana", 1, "main")
    game.place_bet("li", 1, "main", 100)
    game.withdraw_bet("ana", 1, "main")  # li's main bet still holds the tie
    refused(game, "Art 8.3", game.withdraw_bet, "li", 1, "main")
    game.withdraw_bet("rui", 1, "tie")
    game.withdraw_bet("li", 1, "main")


# -- Art 3.1, 4: shuffles, burns, the box and the cut card ---------------------------------------


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_art3_2_burns_one_card_per_deck_before_the_first_round(decks: int) -> None:
    game = BaccaratGame(BaccaratOptions(limits=NO_LIMITS, decks=decks, positions=2))
    game.shuffle(SeededShuffler(f"burn{decks}"))
    game.open_round()
    game.place_bet("ana", 2, "main", 100)
    game.close_bets()
    assert game.burns_due == decks
    refused(game, "Art 3.2", game.deal_card)
    events = game.deal()
    assert [type(e) for e in events] == [CardBurned] * decks + [CardDealt] * 6
    assert game.shoe_remaining == 52 * decks - decks - 6
    refused(game, "Art 3.2", game.burn)


def test_art3_2_deal_only_once_bets_are_closed_verify_and_can_agree() -> None:
    game = BaccaratGame(BaccaratOptions(limits=NO_LIMITS, decks=6, positions=2))
    assert not game.can_deal()
    refused(game, "Art 3.2", game.verify_deal)
    refused(game, "Art 3.2", game.deal)
    game.shuffle(SeededShuffler("can-deal"))
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    assert not game.can_deal()
    game.close_bets()
    assert game.can_deal()
    game.deal()
    assert not game.can_deal()
    refused(game, "Art 3.2", game.deal)


def test_art3_3_one_burn_before_each_later_round_of_a_shoe() -> None:
    game = BaccaratGame(BaccaratOptions(limits=NO_LIMITS, decks=6, positions=7))
    game.shuffle(SeededShuffler("later"))
    for number in range(1, 4):
        game.open_round()
        game.place_bet("ana", 7, "main", 100)
        game.close_bets()
        assert game.burns_due == (6 if number == 1 else 1)
        game.burn()
        if number > 1:
            refused(game, "Art 3.3", game.burn)
        game.deal()
        game.settle()
    assert game.shoe_remaining == 312 - 6 - 2 - 3 * 6


def test_art3_2_card_dealt_must_be_the_shoes_next_card() -> None:
    game = game_with(BOX, {1: "2s 3s 4s", BANKER: "5s 6s 7s"})
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    game.close_bets()
    burn = game.burn()
    record = game.to_record()
    # a log whose card differs from the shoe's is refused, even with the card count right
    record["events"][-1]["card"] = "As" if burn.card != Card.parse("As") else "Ah"
    with pytest.raises(RuleViolation, match="next card") as info:
        BaccaratGame.from_record(record)
    assert info.value.rule == "Art 3.2"


def test_art4_2_box_deals_one_round_per_shuffle() -> None:
    game = game_with(BOX, {1: "2s 3s 4s", BANKER: "5s 6s 7s"})
    play(game, ("ana", 1, "main", 100))
    assert game.phase is Phase.NEEDS_SHUFFLE
    refused(game, "Art 4.2", game.open_round)
    assert not game.can_open_round()
    game.shuffle(SeededShuffler("again"))
    assert phase(game) is Phase.READY
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    game.close_bets()
    assert game.burns_due == 1  # Art 3.2: the box's one deck


def test_art4_1_the_cut_card_round_is_the_last_of_the_shoe() -> None:
    options = BaccaratOptions(limits=NO_LIMITS, decks=2, positions=1, cut_card_depth=30)
    game = BaccaratGame(options)
    game.shuffle(SeededShuffler("cut card"))
    rounds = 0
    while game.phase is Phase.READY:
        assert not game.cut_card_out and game.shoe_remaining >= 30
        before = game.shoe_remaining
        play(game, ("ana", 1, "main", 100))
        rounds += 1
        assert game.shoe_remaining == before - (2 if rounds == 1 else 1) - 6
    assert game.cut_card_out and game.shoe_remaining < 30
    # the rounds that fit: 104 cards, 8 for the first round, 7 for each later one
    expected = next(k for k in range(1, 20) if 104 - 8 - 7 * (k - 1) < 30)
    assert rounds == expected
    refused(game, "Art 4.1", game.open_round)
    game.shuffle(SeededShuffler("new shoe"))
    assert game.shoe_remaining == 104 and not game.cut_card_out


def test_art4_1_casino_may_reshuffle_at_the_end_of_any_round_only() -> None:
    game = BaccaratGame(BaccaratOptions(limits=NO_LIMITS, decks=6, positions=2))
    game.shuffle(SeededShuffler("first"))
    play(game, ("ana", 1, "main", 100))
    assert game.phase is Phase.READY and game.can_shuffle()
    game.open_round()
    refused(game, "Art 4.1", game.shuffle, SeededShuffler("x"))
    game.place_bet("ana", 1, "main", 100)
    game.close_bets()
    refused(game, "Art 4.1", game.shuffle, SeededShuffler("x"))
    game.deal()
    refused(game, "Art 4.1", game.shuffle, SeededShuffler("x"))
    game.settle()
    event = game.shuffle(SeededShuffler("second"))
    assert game.shoe_remaining == 312 and game.phase is Phase.READY
    assert 30 <= (event.cut_card_depth or 0) <= 40
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    game.close_bets()
    assert game.burns_due == 6  # the first round of the new shoe (Art 3.2)


def test_art3_1_shuffle_records_the_shoe_and_refuses_a_bad_cut_before_drawing() -> None:
    shuffler = CountingShuffler("cut")
    game = BaccaratGame(BaccaratOptions(limits=NO_LIMITS, decks=6))
    for cut in (0, 312, -1, True):
        refused(game, "Art 3.1", game.shuffle, shuffler, cut=cut)
        assert not game.can_shuffle(cut=cut)
    assert shuffler.draws == 0
    event = game.shuffle(shuffler, cut=100)
    assert Counter(event.order) == Counter(ordered_pack(decks=6))
    assert event.cut == 100 and 30 <= (event.cut_card_depth or 0) <= 40


def test_art3_1_fixed_cut_card_depth_is_kept() -> None:
    game = BaccaratGame(BaccaratOptions(limits=NO_LIMITS, decks=4, cut_card_depth=35))
    assert game.shuffle(SeededShuffler(5)).cut_card_depth == 35


def test_art2_replay_refuses_a_shoe_that_is_not_the_tables() -> None:
    options = BaccaratOptions(limits=NO_LIMITS, decks=2, cut_card_depth=30)
    order = list(shoe_order(decks=2))
    good = ShoeShuffled.record(order, cut=5, cut_card_depth=30)
    BaccaratGame.replay(options, [good])
    bad_orders = [order[:-1], [*order[:-1], order[0]], order[:52]]
    for bad in bad_orders:
        with pytest.raises(RuleViolation) as info:
            BaccaratGame.replay(options, [ShoeShuffled.record(bad, cut=5, cut_card_depth=30)])
        assert info.value.rule == "Art 2"
    swapped = [order[-1], *order[1:-1], order[0]]
    assert swapped != order
    forged = ShoeShuffled(tuple(swapped), 5, 30, good.commitment)
    cases = [
        (forged, "commitment"),
        (ShoeShuffled.record(order, cut=0, cut_card_depth=30), "Art 3.1"),
        (ShoeShuffled.record(order, cut=5, cut_card_depth=29), "Art 3.1"),
        (ShoeShuffled.record(order, cut=5, cut_card_depth=31), "Art 3.1"),  # table fixes 30
        (ShoeShuffled.record(order, cut=5, cut_card_depth=None), "Art 3.1"),
    ]
    for event, rule in cases:
        with pytest.raises(RuleViolation) as info:
            BaccaratGame.replay(options, [event])
        assert info.value.rule == rule
    box_order = shoe_order()
    with pytest.raises(RuleViolation) as info:
        BaccaratGame.replay(BOX, [ShoeShuffled.record(box_order, cut=1, cut_card_depth=30)])
    assert info.value.rule == "Art 2.2"


def test_rounds_are_numbered_from_one_over_the_tables_life() -> None:
    game = BaccaratGame(BOX)
    refused(game, "Art 3.1", game.open_round)
    for number in (1, 2, 3):
        game.shuffle(SeededShuffler(number))
        assert game.open_round().number == number == game.round_number
        game.place_bet("ana", 1, "main", 1)
        game.close_bets()
        game.deal()
        game.settle()
    log = [e.to_dict() for e in game.log]
    log[-1 - 1 - 3 * 2 - 1 - 1 - 1]["number"] = 7  # the third round_opened
    assert log[-1 - 1 - 3 * 2 - 1 - 1 - 1]["type"] == "round_opened"
    with pytest.raises(RuleViolation, match="round number"):
        BaccaratGame.replay(BOX, log)


# -- Art 3.4, 3.5: misdeals, void rounds, exposed cards ------------------------------------------

MISDEAL_HANDS = {1: "9s Kd Qh", 3: "As 4h 4d", BANKER: "Qd 2c 7s"}


def test_art3_4_misdeal_is_rectified_before_settlement() -> None:
    game = game_with(BOX, MISDEAL_HANDS)
    clean = game_with(BOX, MISDEAL_HANDS)
    bets = (("ana", 1, "main", 100), ("rui", 3, "main", 100))
    play(clean, *bets)
    game.open_round()
    for bet in bets:
        game.place_bet(*bet)
    game.close_bets()
    game.burn()
    game.deal_card()  # to place 1
    misdealt = game.deal_card(to=BANKER)  # place 3's card goes to the banker
    assert misdealt.to == BANKER
    assert game.misdealt == ((1, BANKER, 3),)
    game.deal()
    assert game.phase is Phase.DEALT
    assert len(game.hands[BANKER]) == 4 and len(game.hands[3]) == 2
    refused(game, "Art 3.4", game.settle)
    assert not game.can_settle()
    assert game.rectify_misdeal().moves == ((1, BANKER, 3),)
    assert not game.misdealt
    assert game.hands == clean.hands == {p: parse_cards(h) for p, h in MISDEAL_HANDS.items()}
    assert clean.last_settlement is not None
    assert game.settle().lines == clean.last_settlement.lines
    assert game.balances == clean.balances


def test_art3_4_misdeal_to_an_empty_place_rectified_while_dealing() -> None:
    game = game_with(
        BaccaratOptions(limits=NO_LIMITS, positions=5), {1: "9s Kd Qh", BANKER: "Qd 2c 7s"}
    )
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    game.close_bets()
    refused(game, "Art 3.4", game.rectify_misdeal)
    game.burn()
    game.deal_card(to=4)  # nobody is at place 4
    assert set(game.hands) == {1, BANKER, 4}
    refused(game, "Art 5.1", game.deal_card, to=6)
    refused(game, "Art 5.1", game.deal_card, to=-1)
    game.rectify_misdeal()
    assert set(game.hands) == {1, BANKER} and len(game.hands[1]) == 1
    game.deal()
    assert game.hands == {1: parse_cards("9s Kd Qh"), BANKER: parse_cards("Qd 2c 7s")}
    assert line_of(game.settle().lines, "ana", 1, "main").result is Result.WIN


def test_art3_4_void_round_returns_new_stakes_and_keeps_carried_ones() -> None:
    void_round = {1: "2s 3h 4d", 2: "5s 6h 7d", BANKER: "8s 9h Td"}
    game = game_with(SHOE2, TIE_ROUND, void_round, WIN_ROUND)
    play(game, ("ana", 1, "main", 100))
    game.open_round()
    game.place_bet("ana", 1, "main", 50)
    game.place_bet("rui", 2, "main", 200)
    game.place_bet("rui", 1, "odd", 30)
    game.close_bets()
    refused(game, "Art 3.4", game.void_round, "")
    game.burn()
    game.deal_card(to=2)  # place 1's first card to place 2
    game.deal()
    voided = game.void_round("cards mixed up with the discard rack")
    results = {(x.player, x.bet): (x.result, x.paid, x.carried, x.article) for x in voided.lines}
    assert results == {
        ("ana", "main"): (Result.CARRY, 0, 150, "Art 3.4, 7.2"),
        ("rui", "main"): (Result.PUSH, 200, 0, "Art 3.4"),
        ("rui", "odd"): (Result.PUSH, 30, 0, "Art 3.4"),
    }
    assert game.balances == {"ana": 0, "rui": 0} and game.house_result == 0
    assert [(s.player, s.amount, s.carried) for s in game.stakes] == [("ana", 150, True)]
    assert game.phase is Phase.READY and game.hands == {}
    assert game.last_settlement is not None and game.last_settlement.lines == voided.lines
    # the next round is a later round of the shoe: one burn, and the carried stake plays
    game.open_round()
    refused(game, "Art 7.2", game.withdraw_bet, "ana", 1, "main")
    game.place_bet("rui", 2, "main", 100)
    game.close_bets()
    assert game.burns_due == 1
    game.deal()
    settled = game.settle()
    assert line_of(settled.lines, "ana", 1, "main").paid == 292
    assert line_of(settled.lines, "rui", 2, "main").result is Result.LOSE


def test_art3_4_void_round_of_a_box_needs_a_shuffle() -> None:
    game = game_with(BOX, MISDEAL_HANDS)
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    refused(game, "Art 3.4", game.void_round, "too early")
    game.close_bets()
    game.burn()
    refused(game, "Art 3.4", game.void_round, "no misdeal: nothing to cancel")
    game.deal_card(to=BANKER)  # place 1's first card went to the banker
    assert game.can_void_round("cards swept together")
    line = game.void_round("cards swept together").lines[0]
    assert (line.result, line.paid) == (Result.PUSH, 100)
    assert game.phase is Phase.NEEDS_SHUFFLE and game.stakes == ()
    refused(game, "Art 4.2", game.open_round)
    refused(game, "Art 3.4", game.void_round, "again")


def test_art3_5_exposed_card_stays_valid_and_everyone_sees_it() -> None:
    hands = {1: "9s Kd Qh", 2: "As 4h 4d", BANKER: "Qd 2c 7s"}
    game = game_with(BOX, hands)
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    game.place_bet("rui", 2, "main", 100)
    game.close_bets()
    game.burn()
    assert game.deal_card(exposed=True).exposed
    game.deal_card()

    def cards_seen(seat: int | None) -> dict[int, list[str | None]]:
        return {h["position"]: h["cards"] for h in game.view(seat)["hands"]}

    assert cards_seen(None) == {1: ["9s"], 2: [None], BANKER: []}
    assert cards_seen(2) == {1: ["9s"], 2: ["As"], BANKER: []}
    assert cards_seen(1) == {1: ["9s"], 2: [None], BANKER: []}
    game.deal()
    shown = {h["position"]: h for h in game.view(None)["hands"]}
    assert shown[1]["cards"] == ["9s", "Kd", "Qh"] and shown[1]["exposed"] == [True, False, False]
    assert shown[1]["hand"] == "9 with two figures" and shown[1]["level"] == 2
    assert shown[BANKER]["points"] == 9 and shown[BANKER]["figures"] == 1
    assert line_of(game.settle().lines, "ana", 1, "main").result is Result.WIN


# -- the view ------------------------------------------------------------------------------------

CARD_TOKEN = re.compile(r"\b[2-9TJQKA][shdc]\b")


def test_view_hides_face_down_cards_and_never_shows_the_shoe() -> None:
    game = BaccaratGame(BaccaratOptions(limits=NO_LIMITS, decks=6, positions=7))
    game.shuffle(SeededShuffler("view"))
    game.open_round()
    for place in (2, 4, 7):
        game.place_bet(f"p{place}", place, "main", 100)
    game.close_bets()
    while game.phase is Phase.DEALING:
        for seat in (None, 0, 2, 4, 5):
            view = game.view(seat)
            text = json.dumps(view)
            own = [str(c) for c in game.hands.get(seat, ())] if seat is not None else []
            assert Counter(CARD_TOKEN.findall(text)) == Counter(own)
            assert view["shoe"]["remaining"] == game.shoe_remaining
            assert "order" not in view["shoe"]
        if game.burns_due:
            game.burn()
        else:
            game.deal_card()
    dealt = [str(c) for cards in game.hands.values() for c in cards]
    text = json.dumps(game.view(None))
    assert Counter(CARD_TOKEN.findall(text)) == Counter(dealt)
    game.settle()
    view = game.view(3)
    assert view["phase"] == "ready" and view["last_settlement"]["house_result"] == game.house_result
    assert view["shoe"]["commitment"] == game.log[0].commitment  # type: ignore[attr-defined]
    json.dumps(view)


def test_view_of_a_fresh_table_and_bad_seats() -> None:
    game = BaccaratGame(BOX)
    view = game.view()
    assert view["phase"] == "needs_shuffle" and view["shoe"] is None and view["round"] == 0
    assert view["game"] == GAME == BaccaratGame.GAME
    assert view["table"] == BOX.to_dict()
    for seat in (-1, 4, True, "1"):
        with pytest.raises(RuleViolation):
            game.view(seat)  # type: ignore[arg-type]


# -- records -------------------------------------------------------------------------------------


def eventful_table() -> BaccaratGame:
    """A 6-deck table after rounds with ties, misdeals, a void and a reshuffle."""
    game = BaccaratGame(
        BaccaratOptions(limits=NO_LIMITS, decks=6, positions=7, rounding=Rounding.PLAYER)
    )
    game.shuffle(SeededShuffler("records"))
    for number in range(12):
        game.open_round()
        for place in (1, 3, 6):
            game.place_bet(f"p{place}", place, "main", 37 * place + number)
            game.place_bet(f"p{place}", place, "odd" if number % 2 else "points_0", 11)
        game.place_bet("p1", 3, "tie", 5)
        game.close_bets()
        for _ in range(game.burns_due):
            game.burn()
        game.deal_card(to=6 if number % 3 == 0 else None, exposed=number % 4 == 1)
        game.deal()
        if game.misdealt and number % 2 == 0:
            game.rectify_misdeal()
        if game.misdealt:
            game.void_round("misdeal not caught in time")
        else:
            game.settle()
        if game.phase is Phase.NEEDS_SHUFFLE or number == 5:
            game.shuffle(SeededShuffler(f"records {number}"))
    return game


def test_replay_and_records_reproduce_the_table() -> None:
    game = eventful_table()
    assert any(e.TYPE == "round_voided" for e in game.log)
    assert any(e.TYPE == "misdeal_rectified" for e in game.log)
    again = BaccaratGame.replay(game.options, game.log)
    text = json.dumps(game.to_record())
    loaded = BaccaratGame.from_record(json.loads(text))
    for other in (again, loaded):
        assert snapshot(other) == snapshot(game)
        assert other.options == game.options
    # and they go on identically
    for table in (game, loaded):
        table.open_round()
        table.place_bet("x", 2, "main", 100)
        table.close_bets()
        table.deal()
        table.settle()
    assert loaded.digest() == game.digest()


def test_tampered_logs_are_refused() -> None:
    record = eventful_table().to_record()
    events = record["events"]

    def attempt(index: int, change: dict[str, Any], error: type[Exception] = RuleViolation) -> str:
        tampered = json.loads(json.dumps(record))
        tampered["events"][index].update(change)
        with pytest.raises(error) as info:
            BaccaratGame.from_record(tampered)
        return getattr(info.value, "rule", "")

    dealt = next(i for i, e in enumerate(events) if e["type"] == "card_dealt")
    other = "2c" if events[dealt]["card"] != "2c" else "3c"
    assert attempt(dealt, {"card": other}) == "Art 3.2"
    settled = next(i for i, e in enumerate(events) if e["type"] == "round_settled")
    lines = json.loads(json.dumps(events[settled]["lines"]))
    lines[0]["article"] = "Art 99"
    assert attempt(settled, {"lines": lines}) == "Art 9, 10"
    lines = json.loads(json.dumps(events[settled]["lines"]))
    lines[0]["paid"] += 5
    attempt(settled, {"lines": lines}, CroupierError)  # PayoutLine refuses it on reading
    bet = next(i for i, e in enumerate(events) if e["type"] == "bet_placed")
    assert attempt(bet, {"amount": events[bet]["amount"] + 1}) == "Art 9, 10"
    assert attempt(bet, {"bet": "banco"}) == "Art 6.3, 8"
    closed = next(i for i, e in enumerate(events) if e["type"] == "bets_closed")
    assert attempt(closed, {"positions": [1, 2, 3, 6]}) == "Art 5.1"
    burned = next(i for i, e in enumerate(events) if e["type"] == "card_burned")
    without_burn = json.loads(json.dumps(record))
    del without_burn["events"][burned]
    with pytest.raises(RuleViolation, match="burn"):
        BaccaratGame.from_record(without_burn)
    late = json.loads(json.dumps(record))
    late["events"].insert(closed + 1, dict(events[bet]))
    with pytest.raises(RuleViolation) as info:
        BaccaratGame.from_record(late)
    assert info.value.rule == "Art 3"
    voided = next(i for i, e in enumerate(events) if e["type"] == "round_voided")
    assert attempt(voided, {"lines": []}) == "Art 3.4"


def test_options_round_trip_and_strict_reading() -> None:
    options = BaccaratOptions(
        decks=8,
        positions=5,
        cut_card_depth=33,
        min_cut=4,
        limits=BetLimits(Limit(100, 50_000), {"tie": Limit(100, 5_000)}),
        rounding=Rounding.HALF_EVEN,
        decimals=0,
        three_figures_as_zero=False,
        zero_is_even=False,
        tie_needs_own_main_bet=True,
    )
    data = json.loads(json.dumps(options.to_dict()))
    assert BaccaratOptions.from_dict(data) == options
    assert hash(BaccaratOptions.from_dict(data)) == hash(options)
    assert BaccaratGame.options_from_dict(data) == options
    assert BaccaratOptions.from_dict({}) == BaccaratOptions()
    bad: list[tuple[str, object]] = [
        ("decks", "8"),
        ("decks", 8.0),
        ("zero_is_even", 0),
        ("three_figures_as_zero", "true"),
        ("tie_needs_own_main_bet", None),
        ("rounding", "up"),
        ("rounding", None),
        ("decimals", True),
        ("limits", None),
        ("limits", {"default": {"minimum": 0}}),
        ("colour", "green"),
    ]
    for field, value in bad:
        with pytest.raises(CroupierError):
            BaccaratOptions.from_dict({**data, field: value})


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rounding", "house"),
        ("decimals", -1),
        ("decimals", 7),
        ("zero_is_even", 1),
        ("three_figures_as_zero", None),
        ("tie_needs_own_main_bet", "no"),
        ("limits", {}),
    ],
)
def test_options_are_checked_on_construction(field: str, value: object) -> None:
    with pytest.raises(MaterialError, match=field):
        BaccaratOptions(**{field: value})  # type: ignore[arg-type]


def test_a_game_needs_baccarat_options_and_its_own_events() -> None:
    with pytest.raises(TypeError):
        BaccaratGame({"decks": 1})  # type: ignore[arg-type]
    game = BaccaratGame(BOX)
    with pytest.raises(RecordError):
        BaccaratGame.from_record({"game": "football-poker", "options": {}, "events": []})
    with pytest.raises(RecordError):
        BaccaratGame.replay(BOX, [{"type": "hand_shown"}])
    assert game.log == ()


# -- refused commands change nothing; settlement needs a finished deal ---------------------------


def test_refused_commands_change_nothing_in_every_phase() -> None:
    game = game_with(BOX, {1: "9s Kd Qh", BANKER: "Qd 2c 7s"})
    refused(game, "Art 3.4", game.void_round, "no round")
    refused(game, "Art 3.4", game.rectify_misdeal)
    refused(game, "Art 3", game.close_bets)
    refused(game, "Art 3.2", game.burn)
    refused(game, "Art 3.2", game.deal_card)
    refused(game, "Art 3.2", game.deal)
    refused(game, "Art 9", game.settle)
    game.open_round()
    refused(game, "Art 3", game.open_round)
    refused(game, "Art 5.1", game.close_bets)
    refused(game, "Art 3.2", game.burn)
    game.place_bet("ana", 1, "main", 100)
    game.close_bets()
    refused(game, "Art 3.2", game.settle)
    refused(game, "Art 3", game.open_round)
    refused(game, "Art 3.2", game.deal_card)  # the burn comes first
    game.burn()
    refused(game, "Art 3.2", game.settle)
    game.deal()
    refused(game, "Art 3.2", game.deal_card)
    refused(game, "Art 3.2", game.burn)
    refused(game, "Art 3.4", game.rectify_misdeal)
    refused(game, "Art 3", game.open_round)
    game.settle()
    refused(game, "Art 9", game.settle)
    refused(game, "Art 4.2", game.open_round)


def test_can_agrees_with_verify() -> None:
    game = game_with(BOX, {1: "9s Kd Qh", BANKER: "Qd 2c 7s"})
    assert game.can_open_round() and not game.can_close_bets() and not game.can_settle()
    game.open_round()
    assert game.can_place_bet("ana", 1, "main", 100)
    assert not game.can_place_bet("ana", 1, "tie", 100)
    assert not game.can_withdraw_bet("ana", 1, "main")
    assert not game.can_close_bets()
    game.place_bet("ana", 1, "main", 100)
    assert game.can_close_bets() and not game.can_burn()
    game.close_bets()
    assert game.can_burn() and not game.can_deal_card() and not game.can_rectify_misdeal()
    game.verify_burn()
    game.burn()
    assert game.can_deal_card() and game.can_deal_card(to=BANKER, exposed=True)
    assert not game.can_deal_card(to=9) and not game.can_burn()
    game.deal()
    assert game.can_settle() and not game.can_void_round("x")  # no misdeal: Art 3.4
    game.verify_settle()
    assert isinstance(game.log[2], BetPlaced)


@pytest.mark.parametrize("rate", [Fraction(0), Fraction(1, 40), Fraction(5, 100)])
def test_art10_commission_rate_is_a_table_option(rate: Fraction) -> None:
    place, banker, _ = SCENARIOS["more_figures_wins"]
    table = BaccaratOptions(positions=1, commission=rate)
    assert BaccaratOptions.from_dict(table.to_dict()) == table
    game = game_with(table, {1: place, BANKER: banker})
    settled = play(game, ("ana", 1, "main", 1000))
    line = line_of(settled.lines, "ana", 1, "main")
    assert line.commission == rate * 1000
    assert line.paid == 2000 - rate * 1000
    assert BaccaratGame.from_record(json.loads(json.dumps(game.to_record()))).digest() == (
        game.digest()
    )


@pytest.mark.parametrize("rate", [Fraction(1), Fraction(-1, 20), 0.05, "1/20"])
def test_art10_commission_option_refuses_nonsense(rate: Any) -> None:
    with pytest.raises(MaterialError, match="commission"):
        BaccaratOptions(commission=rate)


def test_art4_1_voluntary_reshuffle_only_at_the_end_of_a_round() -> None:
    """Art 4.1: the casino may shuffle again "no final de qualquer jogada": not twice in a row
    with no round between (no shopping for a shoe)."""
    game = BaccaratGame(BaccaratOptions(limits=NO_LIMITS, decks=6, positions=2))
    game.shuffle(SeededShuffler("first"))
    refused(game, "Art 4.1", game.shuffle, SeededShuffler("second"))
    play(game, ("ana", 1, "main", 100))
    assert game.can_shuffle()
    game.shuffle(SeededShuffler("second"))
    refused(game, "Art 4.1", game.shuffle, SeededShuffler("third"))


def test_art3_4_no_void_without_a_misdeal() -> None:
    """Art 3.4 cancels a round only "na impossibilidade de ser rectificado o erro"."""
    place, banker, _ = SCENARIOS["more_figures_wins"]
    game = game_with(BaccaratOptions(limits=NO_LIMITS, positions=1), {1: place, BANKER: banker})
    game.open_round()
    game.place_bet("ana", 1, "main", 100)
    game.close_bets()
    game.deal()
    refused(game, "Art 3.4", game.void_round, "the player lost and asked")
    assert game.settle().lines[0].result is Result.WIN
