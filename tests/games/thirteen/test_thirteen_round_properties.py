"""Property tests of the 13-card round: random command sequences, legal or not (Portaria 51/89/M).

Whatever the sequence: money balances (the players' results and the house's add up to zero, and
what the players put on the table is what they got back, what is still on the layout and what
the house kept); a refused command changes nothing and ``can_x`` predicts it; no view shows a
player a card he may not see (Art 2 d, 5); the log replays to the same table.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from croupier.cards import Card
from croupier.errors import CroupierError
from croupier.events import RoundSettled
from croupier.games.thirteen.options import ThirteenOptions
from croupier.games.thirteen.round import FoulWarning, PositionSet, ThirteenGame, ThirteenPhase
from croupier.games.thirteen.rules import HouseWay
from croupier.games.thirteen.scoring import Setting, naturals_of
from croupier.money import Rounding
from croupier.rank.hand import strength_of_codes
from croupier.settlement import Result
from croupier.shuffle import SeededShuffler

PLAYERS = ("ana", "rui", "li", "bo")
SECRET_PHASES = (ThirteenPhase.BETTING, ThirteenPhase.DEALING, ThirteenPhase.DEALT)


@functools.cache
def _best_five(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return max(
        itertools.combinations(cards, 5), key=lambda five: strength_of_codes([c.code for c in five])
    )


def greedy_setting(cards: Sequence[Card]) -> Setting:
    """A setting that never fouls: the best 5 cards at the back, the best 5 of the rest in the
    middle (a subset's best hand is never above its superset's), the last 3 in front."""
    hand = tuple(sorted(cards))
    back = _best_five(hand)
    rest = tuple(c for c in hand if c not in back)
    middle = _best_five(rest)
    front = tuple(c for c in rest if c not in middle)
    return Setting(front, middle, back)


def split_setting(cards: Sequence[Card], order: Sequence[int]) -> Setting:
    """The cards in ``order`` cut into 3 / 5 / 5: often fouled."""
    hand = [cards[i] for i in order]
    return Setting(tuple(hand[:3]), tuple(hand[3:8]), tuple(hand[8:]))


def cards_in(view: Any) -> set[Card]:
    found: set[Card] = set()
    if isinstance(view, dict):
        for value in view.values():
            found |= cards_in(value)
    elif isinstance(view, list):
        for value in view:
            found |= cards_in(value)
    elif isinstance(view, str):
        for token in view.replace("/", " ").split():
            try:
                found.add(Card.parse(token))
            except CroupierError:
                continue
    return found


@st.composite
def tables(draw: st.DrawFn) -> ThirteenOptions:
    return ThirteenOptions(
        count_banker_as_one=draw(st.booleans()),
        unit=draw(st.sampled_from([1, 3, 100, 10_000])),
        stake_units=draw(st.sampled_from([(1, 2, 3), (1,), (2, 5)])),
        rounding=draw(st.sampled_from(list(Rounding))),
        setting_seconds=draw(st.sampled_from([1, 60, 300])),
        house_way=draw(st.sampled_from(list(HouseWay))),
        naturals_from_cards=draw(st.booleans()),
        six_pairs_with_trio=draw(st.booleans()),
        new_dice_after_cancel=draw(st.booleans()),
        seats=draw(st.sampled_from([None, 1, 2, 3])),
        bettors_see_cards=draw(st.booleans()),
    )


def seats_of(game: ThirteenGame) -> list[str | None]:
    known = {*game.seated, *game.balances, *(s.player for s in game.stakes)}
    return [None, "banker", *sorted(known)]


def observe(game: ThirteenGame) -> tuple[object, ...]:
    log = game.log
    return (
        len(log),
        log[-1] if log else None,
        json.dumps([game.view(s) for s in seats_of(game)], sort_keys=True),
        game.stakes,
        dict(game.hands),
        game.phase,
        game.seated,
        dict(game.settings),
        game.picked_up,
        game.deadline,
    )


class Driver:
    """Runs commands on a table, checks refusals, keeps the money put in and the clock."""

    def __init__(self, game: ThirteenGame) -> None:
        self.game = game
        self.put_in = 0
        self.refusals = 0
        self.warnings = 0
        self.now = 0

    def run(
        self, can: Callable[[], bool] | None, act: Callable[[], object], staked: int = 0
    ) -> bool:
        before = observe(self.game)
        expected = None if can is None else can()
        try:
            act()
        except CroupierError as exc:
            self.refusals += 1
            self.warnings += isinstance(exc, FoulWarning)
            assert expected in (None, False), exc
            assert observe(self.game) == before, "a refused command changed the table"
            return False
        assert expected in (None, True)
        self.put_in += staked
        return True


def paid_out(game: ThirteenGame) -> int:
    return sum(line.paid for e in game.log if isinstance(e, RoundSettled) for line in e.lines)


def check_secrecy(game: ThirteenGame) -> None:
    """Art 2 d, 5: before the setting closes a player sees the banker's cards once shown and
    the cards of the positions he holds or (option bettors_see_cards) has a stake on, nothing
    else; before the banker shows, nothing at all (the banker's seat sees his own cards)."""
    phase = game.phase
    if phase not in (*SECRET_PHASES, ThirteenPhase.SETTING):
        return
    hands = game.hands
    banker = set(hands.get(1, ())) if game.banker_setting is not None else set()
    for seat in seats_of(game):
        seen = cards_in(game.view(seat))
        if seat is None:
            allowed = banker
        elif seat == "banker":
            allowed = set(hands.get(1, ()))
        else:
            mine = {
                s.position
                for s in game.stakes
                if s.player == seat
                and (game.options.bettors_see_cards or game.holder(s.position) == seat)
            }
            allowed = set(banker)
            if game.banker_setting is not None:
                for position in mine:
                    allowed |= set(hands[position])
        assert seen <= allowed, (seat, phase, seen - allowed)
        if phase in SECRET_PHASES and seat != "banker":
            assert not seen, (seat, phase)


def check_invariants(game: ThirteenGame, driver: Driver) -> None:
    options = game.options
    layout = sum(s.amount for s in game.stakes)
    assert sum(game.balances.values()) + game.house_result == 0
    assert driver.put_in == paid_out(game) + layout + game.house_result
    totals: dict[tuple[str, int], int] = {}
    for stake in game.stakes:
        assert stake.position in (2, 3, 4)  # Art 3: never the banker's
        totals[(stake.player, stake.position)] = stake.amount
    for amount in totals.values():  # Art 11
        assert amount % options.unit == 0 and amount // options.unit in options.stake_units
    if game.phase not in (ThirteenPhase.READY, ThirteenPhase.BETTING):
        for position in game.positions_in_play:  # Art 5: every position in play has a holder
            assert game.holder(position) in game.seated
    if game.phase in (ThirteenPhase.DEALT, ThirteenPhase.SETTING, ThirteenPhase.CLOSED):
        cards = [c for hand in game.hands.values() for c in hand]
        assert len(cards) == len(set(cards)) == 52
    banker = game.banker_setting
    if banker is not None:
        assert banker.fouled == game.banker_fouled  # Art 7: only recorded as the dealer's fault
    for position, chosen in game.settings.items():
        if chosen is None:
            assert naturals_of(game.hands[position], options.readings)  # Art 9 I
    if options.seats is not None:
        assert len(game.seated) <= options.seats  # Art 3
    settlement = game.last_settlement
    if settlement is not None:
        for line in settlement.lines:
            if line.result is Result.WIN:  # Art 11
                assert line.prize == line.stake * options.prize
                assert line.commission == line.prize * options.commission
    check_secrecy(game)


def step(data: st.DataObject, driver: Driver) -> None:
    game = driver.game
    legal = data.draw(st.integers(0, 3)) > 0  # mostly legal moves, so rounds get played
    if legal:
        choices = {
            ThirteenPhase.READY: ["open", "open", "open", "seat", "seat", "stand"],
            ThirteenPhase.BETTING: ["seat", "seat", "bet", "bet", "withdraw", "shuffle", "dice"],
            ThirteenPhase.DEALING: ["shuffle", "dice", "deal", "deal", "deal", "cancel"],
            ThirteenPhase.DEALT: ["banker", "banker", "banker", "cancel", "foul"],
            ThirteenPhase.SETTING: ["set", "set", "set", "natural", "pick", "banker", "close"],
            ThirteenPhase.CLOSED: ["settle"],
        }[game.phase]
    else:
        choices = ["open", "seat", "stand", "bet", "withdraw", "shuffle", "dice", "deal"]
        choices += ["cancel", "banker", "foul", "pick", "set", "natural", "close", "settle"]
    action = data.draw(st.sampled_from(choices))
    player = data.draw(st.sampled_from(PLAYERS))
    position = data.draw(st.integers(2, 4) if legal else st.integers(0, 5))
    # time: forward mostly, now and then past the deadline or (illegal) backwards
    jump = data.draw(st.sampled_from([0, 500, 30_000, 400_000] if legal else [-1, 0, 400_000]))
    at = max(0, driver.now + jump)
    if legal:
        in_play = game.positions_in_play
        if in_play and action in ("pick", "set", "natural"):
            position = data.draw(st.sampled_from(in_play))
        if position in in_play:
            player = game.holder(position) or player
        standing = [s.player for s in game.stakes if s.player not in game.seated]
        if action == "seat" and standing:
            player = standing[0]  # a bettor sits down so that his position has a holder

    def tick() -> None:
        driver.now = max(driver.now, at)

    if action == "open":
        driver.run(game.can_open_round, game.open_round)
    elif action == "seat":
        driver.run(lambda: game.can_seat_player(player), lambda: game.seat_player(player))
    elif action == "stand":
        driver.run(lambda: game.can_stand_player(player), lambda: game.stand_player(player))
    elif action == "bet":
        units: Any = data.draw(
            st.sampled_from(game.options.stake_units) if legal else st.sampled_from([0, 1, 4, 2.5])
        )
        staked = units * game.options.unit if isinstance(units, int) else 0
        driver.run(
            lambda: game.can_place_bet(player, position, units),
            lambda: game.place_bet(player, position, units),
            staked,
        )
    elif action == "withdraw":
        stakes = game.stakes
        if stakes and legal:
            stake = data.draw(st.sampled_from(stakes))
            player, position = stake.player, stake.position
        current = next(
            (s.amount for s in game.stakes if (s.player, s.position) == (player, position)), 0
        )
        driver.run(
            lambda: game.can_withdraw_bet(player, position),
            lambda: game.withdraw_bet(player, position),
            -current,
        )
    elif action == "shuffle":
        seed = data.draw(st.integers(0, 10**6))
        cut = data.draw(st.one_of(st.none(), st.integers(8, 44)))
        driver.run(
            lambda: game.can_shuffle(cut=cut),
            lambda: game.shuffle(SeededShuffler(seed), cut=cut),
        )
    elif action == "dice":
        if data.draw(st.booleans()):
            seed = data.draw(st.integers(0, 10**6))
            driver.run(game.can_throw_dice, lambda: game.throw_dice(SeededShuffler(seed)))
        else:
            dice = tuple(
                data.draw(
                    st.lists(
                        st.integers(0 if not legal else 1, 6),
                        min_size=4,
                        max_size=4 if legal else 5,
                    )
                )
            )
            driver.run(lambda: game.can_throw_dice(dice), lambda: game.throw_dice(dice=dice))
    elif action == "deal":
        driver.run(game.can_deal, game.deal)
    elif action == "cancel":
        reason = data.draw(st.sampled_from(["deck dropped", "", "cards stuck together"]))
        driver.run(lambda: game.can_cancel_deal(reason), lambda: game.cancel_deal(reason))
    elif action == "banker":
        hand = game.hands.get(1) or game.hands.get(position)
        if hand is None:
            driver.run(
                None,
                lambda: game.banker_set(
                    Setting.parse("As Ks Qs / Js Ts 9s 8s 7s / 6s 5s 4s 3s 2s"), at
                ),
            )
            return
        order = data.draw(st.permutations(range(13)))
        chosen = greedy_setting(hand) if legal else split_setting(hand, order)
        if driver.run(lambda: game.can_banker_set(chosen, at), lambda: game.banker_set(chosen, at)):
            tick()
    elif action == "foul":  # a dealer's mistake recorded (Art 7): a setting split at random
        hand = game.hands.get(1) or tuple(Card(i) for i in range(13))
        chosen = split_setting(hand, data.draw(st.permutations(range(13))))
        if driver.run(
            lambda: game.can_record_banker_foul(chosen, at),
            lambda: game.record_banker_foul(chosen, at),
        ):
            tick()
    elif action == "pick":
        if driver.run(
            lambda: game.can_pick_up(position, player, at),
            lambda: game.pick_up(position, player, at),
        ):
            tick()
    elif action == "set":
        hand = game.hands.get(position if position in (1, 2, 3, 4) else 2)
        if hand is None:
            hand = tuple(Card(i) for i in range(13))
        order = data.draw(st.permutations(range(13)))
        chosen = greedy_setting(hand) if data.draw(st.booleans()) else split_setting(hand, order)
        confirm = data.draw(st.booleans())
        if driver.run(
            lambda: game.can_set_position(position, player, chosen, at, confirm_foul=confirm),
            lambda: game.set_position(position, player, chosen, at, confirm_foul=confirm),
        ):
            tick()
            set_event = game.log[-1]
            assert isinstance(set_event, PositionSet)
            assert set_event.fouled <= confirm  # a foul is recorded only when confirmed (Art 7)
    elif action == "natural":
        if driver.run(
            lambda: game.can_declare_natural(position, player, at),
            lambda: game.declare_natural(position, player, at),
        ):
            tick()
    elif action == "close":
        deadline = game.deadline
        if legal and deadline is not None and data.draw(st.booleans()):
            at = max(at, deadline)
        if driver.run(lambda: game.can_close_setting(at), lambda: game.close_setting(at)):
            tick()
    else:
        driver.run(game.can_settle, game.settle)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(tables(), st.data())
def test_random_commands_keep_the_books_secrecy_and_replay(
    options: ThirteenOptions, data: Any
) -> None:
    game = ThirteenGame(options)
    driver = Driver(game)
    for _ in range(data.draw(st.integers(5, 120))):
        step(data, driver)
        check_invariants(game, driver)
    rounds = sum(isinstance(e, RoundSettled) for e in game.log)
    event(f"settled rounds: {min(rounds, 3)}+")
    event(f"foul warnings: {driver.warnings > 0}")
    record = json.loads(json.dumps(game.to_record()))
    again = ThirteenGame.from_record(record)
    assert observe(again) == observe(game)
    assert again.digest() == game.digest()
    assert again.balances == game.balances and again.house_result == game.house_result


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 10**9),
    st.lists(
        st.tuples(st.sampled_from(PLAYERS), st.integers(2, 4), st.integers(1, 3)),
        min_size=1,
        max_size=8,
    ),
    st.booleans(),
)
def test_art2d_art5_views_hide_what_a_player_may_not_see(
    seed: int, bets: list[tuple[str, int, int]], bettors_see_cards: bool
) -> None:
    game = ThirteenGame(ThirteenOptions(seats=None, bettors_see_cards=bettors_see_cards))
    for player in PLAYERS[:2]:
        game.seat_player(player)
    game.open_round()
    for player, position, units in bets:
        if game.can_place_bet(player, position, units):
            game.place_bet(player, position, units)
    for position in game.positions_in_play:
        if game.holder(position) is None:
            game.seat_player(next(s.player for s in game.stakes if s.position == position))
    shuffler = SeededShuffler(seed)
    game.shuffle(shuffler)
    game.throw_dice(shuffler)
    game.deal()
    check_secrecy(game)
    for seat in (None, *PLAYERS):
        if seat is None or seat in game.seated or any(s.player == seat for s in game.stakes):
            assert cards_in(game.view(seat)) == set()  # Art 2 d: nothing before the banker shows
    game.banker_set(greedy_setting(game.hands[1]), 0)
    check_secrecy(game)
    for i, position in enumerate(game.positions_in_play):
        holder = game.holder(position)
        assert holder is not None
        game.set_position(position, holder, greedy_setting(game.hands[position]), 10 * (i + 1))
        check_secrecy(game)
    game.close_setting(1_000)
    played = {1, *game.positions_in_play}
    everything = {c for p in played for c in game.hands[p]}
    assert cards_in(game.view(None)) == everything  # after the close: every played position
    game.settle()
    assert sum(game.balances.values()) + game.house_result == 0
