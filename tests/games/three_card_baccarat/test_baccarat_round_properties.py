"""Property tests of the 3-card baccarat round: random command sequences, legal or not.

Whatever the sequence: money balances (the players' results and the house's add up to zero, and
what the players put on the table is what they got back, what is still on the layout and what
the house kept); a refused command changes nothing and ``can_x`` predicts it; the log replays
to the same table; and the articles' invariants hold at every step.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from croupier.errors import CroupierError
from croupier.events import Phase, RoundSettled, RoundVoided
from croupier.games.three_card_baccarat.options import (
    BaccaratOptions,
    DealOrder,
    NumbersHand,
    TieRule,
)
from croupier.games.three_card_baccarat.round import BaccaratGame
from croupier.games.three_card_baccarat.rules import BANKER, BetKind
from croupier.money import BetLimits, Limit, Rounding
from croupier.settlement import Result
from croupier.shuffle import SeededShuffler

PLAYERS = ("ana", "rui", "li")
BETS = [kind.value for kind in BetKind]
LIMITS = (BetLimits(), BetLimits(Limit(5, 400), {"tie": Limit(1, 50), "points_0": Limit(2, 20)}))


@st.composite
def tables(draw: st.DrawFn) -> BaccaratOptions:
    decks = draw(st.sampled_from([1, 2, 6]))
    return BaccaratOptions(
        decks=decks,
        positions=draw(st.integers(1, 7)),
        cut_card_depth=None if decks == 1 else draw(st.sampled_from([None, 30, 40])),
        limits=draw(st.sampled_from(LIMITS)),
        rounding=draw(st.sampled_from(list(Rounding))),
        three_figures_as_zero=draw(st.booleans()),
        zero_is_even=draw(st.booleans()),
        tie_needs_own_main_bet=draw(st.booleans()),
        # the readings of issue 16 (items 18-20)
        numbers_hand=draw(st.sampled_from(list(NumbersHand))),
        tie_rule=draw(st.sampled_from(list(TieRule))),
        deal_order=draw(st.sampled_from(list(DealOrder))),
    )


def observe(game: BaccaratGame) -> tuple[object, ...]:
    seats: list[int | None] = [None, *range(game.options.positions + 1)]
    log = game.log
    return (
        len(log),
        log[-1] if log else None,
        json.dumps([game.view(s) for s in seats], sort_keys=True),
        game.stakes,
        dict(game.hands),
        game.phase,
        game.shoe_remaining,
    )


class Driver:
    """Runs commands on a table, checks refusals and keeps the money the players put in."""

    def __init__(self, game: BaccaratGame) -> None:
        self.game = game
        self.put_in = 0  # placed less withdrawn
        self.refusals = 0

    def run(
        self, can: Callable[[], bool] | None, act: Callable[[], object], staked: int = 0
    ) -> bool:
        before = observe(self.game)
        expected = None if can is None else can()
        try:
            act()
        except CroupierError:
            self.refusals += 1
            assert expected in (None, False)
            assert observe(self.game) == before, "a refused command changed the table"
            return False
        assert expected in (None, True)
        self.put_in += staked
        return True


def paid_out(game: BaccaratGame) -> int:
    return sum(
        line.paid
        for event in game.log
        if isinstance(event, RoundSettled | RoundVoided)
        for line in event.lines
    )


def check_invariants(game: BaccaratGame, driver: Driver) -> None:
    options = game.options
    layout = sum(stake.amount for stake in game.stakes)
    assert sum(game.balances.values()) + game.house_result == 0
    assert driver.put_in == paid_out(game) + layout + game.house_result
    for stake in game.stakes:
        assert stake.amount >= 1 and 1 <= stake.position <= options.positions
        if stake.carried:  # Art 7.2 (main on a tie), Art 8.1 (odd/even on three figures)
            assert stake.bet in ("main", "odd", "even")
        if stake.bet == "tie":  # Art 8.3
            mains = [s for s in game.stakes if s.position == stake.position and s.bet == "main"]
            if options.tie_needs_own_main_bet:
                mains = [s for s in mains if s.player == stake.player]
            assert mains
    if game.phase in (Phase.READY, Phase.NEEDS_SHUFFLE):  # between rounds: carried stakes only
        assert all(s.carried for s in game.stakes)
    if game.phase is Phase.DEALT and not game.misdealt:
        assert all(len(game.hands[p]) == 3 for p in game.places)
        assert game.places[-1] == BANKER
    if game.phase is Phase.READY:
        assert not game.cut_card_out and (not options.is_box or game.shoe_remaining == 52)
    settlement = game.last_settlement
    if settlement is not None:
        for line in settlement.lines:
            assert line.paid >= 0
            if line.result is Result.WIN and line.bet in ("main", "odd", "even"):
                assert line.commission == line.prize / 20  # Art 10


def step(data: st.DataObject, driver: Driver) -> None:
    game = driver.game
    positions = game.options.positions
    legal = data.draw(st.integers(0, 3)) > 0  # mostly legal moves, so rounds get played
    if legal:
        choices = {
            Phase.NEEDS_SHUFFLE: ["shuffle"],
            Phase.READY: ["open", "open", "open", "shuffle"],
            Phase.BETTING: ["bet", "bet", "bet", "bet", "withdraw", "close"],
            Phase.DEALING: ["next", "next", "deal", "deal", "deal", "misdeal", "rectify"],
            Phase.DEALT: ["settle"] * 4 + ["rectify", "rectify", "void"],
        }[game.phase]
    else:
        choices = ["shuffle", "open", "bet", "withdraw", "close", "next", "burn", "card"]
        choices += ["misdeal", "deal", "rectify", "void", "settle"]
    action = data.draw(st.sampled_from(choices))
    if action == "rectify" and legal and not game.misdealt and data.draw(st.integers(0, 5)) == 0:
        action = "void"  # now and then the operator voids a round that had no misdeal
    if action == "shuffle":
        seed = data.draw(st.integers(0, 10**6))
        cut = data.draw(st.one_of(st.none(), st.integers(-1, game.options.cards + 1)))
        driver.run(
            lambda: game.can_shuffle(cut=cut),
            lambda: game.shuffle(SeededShuffler(seed), cut=cut),
        )
    elif action == "open":
        driver.run(game.can_open_round, game.open_round)
    elif action == "bet":
        if legal:
            player = data.draw(st.sampled_from(PLAYERS))
            position = data.draw(st.integers(1, positions))
            bet = data.draw(st.sampled_from(["main", "main", "tie", *BETS]))
            amount: Any = data.draw(st.integers(1, 500))
        else:
            player = data.draw(st.sampled_from([*PLAYERS, ""]))
            position = data.draw(st.integers(-1, positions + 1))
            bet = data.draw(st.sampled_from([*BETS, "banco"]))
            amount = data.draw(st.sampled_from([0, 1, 7, 450, 2.5, True]))
        staked = amount if isinstance(amount, int) else 0
        driver.run(
            lambda: game.can_place_bet(player, position, bet, amount),
            lambda: game.place_bet(player, position, bet, amount),
            staked,
        )
    elif action == "withdraw":
        stakes = game.stakes
        if stakes and legal:
            stake = data.draw(st.sampled_from(stakes))
            player, position, bet = stake.player, stake.position, stake.bet
        else:
            player = data.draw(st.sampled_from(PLAYERS))
            position = data.draw(st.integers(0, positions + 1))
            bet = data.draw(st.sampled_from(BETS))
        current = next(
            (s.amount for s in stakes if (s.player, s.position, s.bet) == (player, position, bet)),
            0,
        )
        driver.run(
            lambda: game.can_withdraw_bet(player, position, bet),
            lambda: game.withdraw_bet(player, position, bet),
            -current,
        )
    elif action == "close":
        driver.run(game.can_close_bets, game.close_bets)
    elif action == "next":
        if game.burns_due:
            driver.run(game.can_burn, game.burn)
        else:
            driver.run(game.can_deal_card, game.deal_card)
    elif action == "burn":
        driver.run(game.can_burn, game.burn)
    elif action == "card":
        driver.run(game.can_deal_card, game.deal_card)
    elif action == "misdeal":
        to = data.draw(st.integers(-1, positions + 1))
        exposed = data.draw(st.booleans())
        driver.run(
            lambda: game.can_deal_card(to=to, exposed=exposed),
            lambda: game.deal_card(to=to, exposed=exposed),
        )
    elif action == "deal":
        driver.run(None, game.deal)
    elif action == "rectify":
        driver.run(game.can_rectify_misdeal, game.rectify_misdeal)
    elif action == "void":
        reason = data.draw(st.sampled_from(["shoe dropped", "", "cards mixed"]))
        driver.run(lambda: game.can_void_round(reason), lambda: game.void_round(reason))
    else:
        driver.run(game.can_settle, game.settle)


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(tables(), st.data())
def test_random_commands_keep_the_books_and_replay(options: BaccaratOptions, data: Any) -> None:
    game = BaccaratGame(options)
    driver = Driver(game)
    for _ in range(data.draw(st.integers(5, 100))):
        step(data, driver)
        check_invariants(game, driver)
    rounds = sum(isinstance(e, RoundSettled) for e in game.log)
    event(f"settled rounds: {min(rounds, 5)}+")
    event(f"refusals: {min(driver.refusals, 10) // 5 * 5}+")
    event(f"voids: {sum(isinstance(e, RoundVoided) for e in game.log) > 0}")
    record = json.loads(json.dumps(game.to_record()))
    again = BaccaratGame.from_record(record)
    assert observe(again) == observe(game)
    assert again.balances == game.balances and again.house_result == game.house_result
    assert again.last_settlement == game.last_settlement


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 7), st.sampled_from([1, 2, 6, 8]))
def test_many_rounds_balance_and_follow_the_shoe(seed: int, positions: int, decks: int) -> None:
    game = BaccaratGame(BaccaratOptions(decks=decks, positions=positions))
    shuffler = SeededShuffler(seed)
    put_in = 0
    shoes = 0
    fresh = False
    for number in range(1, 40):
        if game.phase is Phase.NEEDS_SHUFFLE:
            game.shuffle(shuffler)
            shoes += 1
            fresh = True
        remaining = game.shoe_remaining
        game.open_round()
        for place in range(1, positions + 1):
            game.place_bet(f"p{place}", place, "main", 10 * place + number)
            game.place_bet("side", place, BETS[(place + number) % len(BETS)], 5)
            put_in += 10 * place + number + 5
        game.close_bets()
        burns = game.burns_due
        assert burns == (decks if fresh else 1)  # Art 3.2, 3.3
        fresh = False
        game.deal()
        assert game.shoe_remaining == remaining - burns - 3 * (len(game.places))
        game.settle()
        layout = sum(s.amount for s in game.stakes)
        assert put_in == paid_out(game) + layout + game.house_result
        assert sum(game.balances.values()) + game.house_result == 0
        if decks == 1:
            assert game.phase is Phase.NEEDS_SHUFFLE  # Art 4.2
        else:
            assert (game.phase is Phase.NEEDS_SHUFFLE) == game.cut_card_out  # Art 4.1
    assert game.round_number == 39
    assert shoes >= 1
