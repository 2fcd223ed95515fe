"""The top-up and restore checks' whole-number fast paths (issue 22): a seated player's int
seat and amount, a restore's int seats, stacks and counts are taken as they are, anything else
goes the general way (``_check_seat_number``, ``is_int``). The promise: the same refusals, word
for word, as the checks before the fast paths (the texts below are theirs)."""

from __future__ import annotations

import enum
from typing import Any

import pytest

from croupier.errors import CroupierError
from croupier.games.five_card_stud.events import SeatRecord
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame


class Two(enum.IntEnum):
    """An int that is not exactly an int: the general way, which accepts it."""

    TWO = 2


def _table() -> StudGame:
    game = StudGame(StudOptions())
    game.seat_player(1, "ana", 2000)
    game.seat_player(2, "rui", 2000)
    return game


def _refusal(check: Any, *args: Any, **kwargs: Any) -> str:
    try:
        check(*args, **kwargs)
    except CroupierError as exc:
        return f"{type(exc).__name__}: {exc}"
    return "ok"


@pytest.mark.parametrize(
    ("seat", "amount", "expected"),
    [
        (1, 100, "ok"),
        (True, 100, "RuleViolation: Art 3: the seats are 1 to 7, got True"),
        (Two.TWO, 100, "ok"),
        (3, 100, "RuleViolation: Art 3: nobody sits at seat 3"),
        (0, 100, "RuleViolation: Art 3: the seats are 1 to 7, got 0"),
        (9, 100, "RuleViolation: Art 3: the seats are 1 to 7, got 9"),
        ("1", 100, "RuleViolation: Art 3: the seats are 1 to 7, got '1'"),
        ([1], 100, "RuleViolation: Art 3: the seats are 1 to 7, got [1]"),
        (1, True, "RuleViolation: Art 6: a top-up is a whole amount >= 1, got True"),
        (1, 0, "RuleViolation: Art 6: a top-up is a whole amount >= 1, got 0"),
        (1, -5, "RuleViolation: Art 6: a top-up is a whole amount >= 1, got -5"),
        (1, 2.5, "RuleViolation: Art 6: a top-up is a whole amount >= 1, got 2.5"),
        (1, "x", "RuleViolation: Art 6: a top-up is a whole amount >= 1, got 'x'"),
        (2, Two.TWO, "ok"),
    ],
)
def test_top_up_refusals_are_the_general_checks(seat: Any, amount: Any, expected: str) -> None:
    assert _refusal(_table().verify_top_up, seat, amount) == expected


def test_top_up_below_the_threshold_and_in_a_hand() -> None:
    game = _table()
    game._stacks[1] = 10
    assert _refusal(game.verify_top_up, 1, 5) == (
        "RuleViolation: Art 6: seat 1 is below 500: the top-up must bring the capital to at "
        "least 2000, not 15"
    )
    assert _refusal(game.verify_top_up, 1, 1990) == "ok"
    game = _table()
    game.new_deck()
    game.start_hand()
    assert _refusal(game.verify_top_up, 1, 5) == (
        "RuleViolation: Art 3, 6: hand 1 is in play: seats, capital and decks change only "
        "between hands"
    )


_COUNTS = {"deck": 1, "deck_deals": 2, "hands": 3}


@pytest.mark.parametrize(
    ("seats", "counts", "expected"),
    [
        (((1, "a", 100), (2, "b", 50)), _COUNTS, "ok"),
        (((True, "a", 100),), _COUNTS, "RuleViolation: Art 3: the seats are 1 to 7, got True"),
        (((Two.TWO, "a", 100),), _COUNTS, "ok"),
        (((0, "a", 100),), _COUNTS, "RuleViolation: Art 3: the seats are 1 to 7, got 0"),
        (((8, "a", 100),), _COUNTS, "RuleViolation: Art 3: the seats are 1 to 7, got 8"),
        (((1, "a", 1), (1, "b", 1)), _COUNTS, "RuleViolation: Art 3: seat 1 or player 'b' twice"),
        (((1, "a", 1), (2, "a", 1)), _COUNTS, "RuleViolation: Art 3: seat 2 or player 'a' twice"),
        (((1, "", 100),), _COUNTS, "RuleViolation: Art 3: seat 1 or player '' twice"),
        (((1, "a", True),), _COUNTS, "RecordError: a stack is a whole amount >= 0, got True"),
        (((1, "a", -1),), _COUNTS, "RecordError: a stack is a whole amount >= 0, got -1"),
        (((1, "a", Two.TWO),), _COUNTS, "ok"),
        (((1, "a", 1.0),), _COUNTS, "RecordError: a stack is a whole amount >= 0, got 1.0"),
        (
            ((1, "a", 1),),
            {"deck": True, "deck_deals": 2, "hands": 3},
            "RecordError: deck must be a whole number >= 0, got True",
        ),
        (
            ((1, "a", 1),),
            {"deck": 1, "deck_deals": -2, "hands": 3},
            "RecordError: deck_deals must be a whole number >= 0, got -2",
        ),
        (
            ((1, "a", 1),),
            {"deck": 1, "deck_deals": 2, "hands": "3"},
            "RecordError: hands must be a whole number >= 0, got '3'",
        ),
        (
            ((1, "a", 1),),
            {"deck": -1, "deck_deals": True, "hands": -3},
            "RecordError: deck must be a whole number >= 0, got -1",
        ),
        (((1, "a", 1),), {"deck": Two.TWO, "deck_deals": Two.TWO, "hands": Two.TWO}, "ok"),
        (
            ((1, "a", 1),),
            {"deck": 0, "deck_deals": 2, "hands": 3},
            "RuleViolation: Art 2: deck 0 cannot have served 2 deals",
        ),
        (
            ((1, "a", 1),),
            {"deck": 1, "deck_deals": 11, "hands": 3},
            "RuleViolation: Art 2: deck 1 cannot have served 11 deals",
        ),
        ((), {"deck": 0, "deck_deals": 0, "hands": 0}, "ok"),
    ],
)
def test_restore_refusals_are_the_general_checks(
    seats: tuple[tuple[Any, str, Any], ...], counts: dict[str, Any], expected: str
) -> None:
    records = [SeatRecord(*s) for s in seats]
    assert _refusal(StudGame(StudOptions()).verify_restore, records, **counts) == expected


def _restored(options: StudOptions | None = None) -> StudGame:
    game = StudGame(options or StudOptions())
    game.restore(
        [SeatRecord(1, "a", 100), SeatRecord(2, "b", 300), SeatRecord(4, "c", 2000)],
        deck=1,
        deck_deals=2,
        hands=3,
    )
    return game


_NOTHING_DUE = (
    "RuleViolation: Art 6: seat 4 holds 2000, at least the least capital 2000: nothing to top up"
)


@pytest.mark.parametrize(
    ("seats", "expected"),
    [
        ((1,), "ok"),
        ((1, 2), "ok"),
        ((Two.TWO,), "ok"),
        ((4,), _NOTHING_DUE),
        ((1, 4), _NOTHING_DUE),
        ((3,), "RuleViolation: Art 3: nobody sits at seat 3"),
        ((True,), "RuleViolation: Art 3: the seats are 1 to 7, got True"),
        ((0,), "RuleViolation: Art 3: the seats are 1 to 7, got 0"),
        ((8,), "RuleViolation: Art 3: the seats are 1 to 7, got 8"),
        (("1",), "RuleViolation: Art 3: the seats are 1 to 7, got '1'"),
        ((1.0,), "RuleViolation: Art 3: the seats are 1 to 7, got 1.0"),
        ((1, 1), "RecordError: the seats due are distinct, in order, got (1, 1)"),
        ((2, 1), "RecordError: the seats due are distinct, in order, got (2, 1)"),
        ((), "RecordError: the seats due are distinct, in order, got ()"),
    ],
)
def test_top_ups_due_refusals_are_the_general_checks(seats: tuple[Any, ...], expected: str) -> None:
    """A restore's top-ups due (a run's twin): a seated player's int seat is taken as it is,
    anything else goes through ``_check_seated``, with its refusals."""
    assert _refusal(_restored().verify_top_ups_due, seats) == expected


def test_top_ups_due_only_right_after_a_restore_at_a_during_hand_table() -> None:
    from croupier.games.five_card_stud.rules import TopUpDuty

    not_now = "RuleViolation: records: top-ups due are recorded only right after a restore"
    game = _restored()
    game.top_ups_due([1])
    assert _refusal(game.verify_top_ups_due, (2,)) == not_now
    assert _refusal(_table().verify_top_ups_due, (1,)) == not_now
    after_hand = _restored(StudOptions(top_up_duty=TopUpDuty.AFTER_HAND))
    assert _refusal(after_hand.verify_top_ups_due, (1,)) == (
        "RuleViolation: Art 6: at this table only a capital below the threshold after a hand "
        "is topped up"
    )
