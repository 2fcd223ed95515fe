"""A settlement's text written as the table makes it (issue 22): the canonical text of the
:class:`HandSettled`, to the byte, kept for the streamed digest
(:func:`~croupier.frozen.keep_text`), and none kept where a value is not exactly what the text
writes (a bool equals 1 but is written ``true``)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence
from enum import IntEnum
from fractions import Fraction
from typing import Any, TypeVar, cast

import pytest

from croupier.cards import Card, Deck, parse_cards
from croupier.frozen import SHARED_EVENTS, SHARED_TEXTS
from croupier.games.five_card_stud.bots import (
    RandomBot,
    StrengthBot,
    new_table,
    play_hand,
    run_table,
)
from croupier.games.five_card_stud.events import HandSettled, HandStarted, PotResult
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame
from croupier.games.five_card_stud.rules import OddChip, UncalledBet
from croupier.games.five_card_stud.state import StudPhase
from croupier.games.five_card_stud.texts import settled_text
from croupier.money import Rounding
from croupier.protocol import Event, canonical_json
from croupier.shuffle import SeededShuffler

T = TypeVar("T")


def _reference(event: Event) -> str:
    return json.dumps(event.to_dict(), sort_keys=True, separators=(",", ":"))


#: tables whose settlements differ in kind: the house's rate and rounding (odd units), the odd
#: chip of a split, the uncalled bet's rule (bets returned or not), a commission from each
TABLES = [
    StudOptions(),
    StudOptions(house_rate=Fraction(1, 7), rounding=Rounding.PLAYER, odd_chip=OddChip.HOUSE),
    StudOptions(
        house_rate=Fraction(3, 100),
        rounding=Rounding.HALF_EVEN,
        uncalled_bet=UncalledBet.ANY_ROUND,
    ),
    StudOptions.level(100, odd_chip=OddChip.HOUSE, house_rate=Fraction(0)),
]


@pytest.mark.parametrize("table", range(len(TABLES)))
@pytest.mark.parametrize("seats", [2, 4, 7])
def test_issue22_a_settlement_s_kept_text_is_its_canonical_text(table: int, seats: int) -> None:
    """Every settlement of hands played by bots has its text kept, the reference's to the byte
    (side pots, hands won by a fold, bets returned, splits and odd units among them); the
    digest is the record's."""
    options = TABLES[table]
    rng = random.Random(seats * 10 + table)
    bots = {s: (StrengthBot(rng) if s % 2 else RandomBot(rng)) for s in range(1, seats + 1)}
    shuffler = SeededShuffler(seats + table)
    game = new_table(options, seats)
    kinds: dict[str, int] = dict.fromkeys(["side", "fold", "returned", "showdown"], 0)
    kept = 0
    for _ in range(120):  # a hand at a time: its text kept until digested, as a run does
        start = game.event_count
        run_table(options, bots, shuffler, rng, 1, cut_chance=0.2, game=game)
        for event in game.log[start:]:
            if type(event) is not HandSettled:
                continue
            assert SHARED_TEXTS[id(event)] == _reference(event) == canonical_json(event)
            assert SHARED_EVENTS[id(event)] is event
            kept += 1
            kinds["side"] += len(event.pots) > 1
            kinds["fold"] += not event.showdown
            kinds["returned"] += bool(event.returned)
            kinds["showdown"] += bool(event.showdown)
    assert kept == 120
    if seats == 2:  # (two players: what one has beyond the other's all in comes back)
        del kinds["side"]
    assert all(kinds.values()), kinds  # each kind met
    assert StudGame.replay(game.options, game.log).digest() == game.digest()


class _Stacked(SeededShuffler):
    """The deck whose top cards are given, then the rest of the pack in its order."""

    def __init__(self, text: str) -> None:
        super().__init__(0)
        self.top = parse_cards(text, deck=Deck.STUD_40)

    def shuffle(self, items: Sequence[T]) -> list[T]:
        top = cast(list[T], list(self.top))
        return [*top, *(c for c in items if c not in top)]


#: seat 1 As Kh Qd Jc 9s and seat 2 Ah Ks Qc Jd 9h: the same ranks, a split (test_round.py's)
SPLIT = "8c / As Ah / Kh Ks / Qd Qc / Jc Jd / 9s 9h"


@pytest.mark.parametrize("odd_chip", list(OddChip))
@pytest.mark.parametrize("bet", [100, 101])
def test_issue22_a_split_s_kept_text_is_its_canonical_text(odd_chip: OddChip, bet: int) -> None:
    """A pot split by equal hands, its odd unit to the first shown or to the house."""
    game = new_table(StudOptions(odd_chip=odd_chip), 2)
    game.start_hand()
    game.shuffle(_Stacked(SPLIT))
    game.burn()
    game.deal()
    game.bet(1, bet)
    game.call(2)
    while game.phase is not StudPhase.SHOWDOWN:
        if game.phase is StudPhase.DEALING:
            game.deal()
        else:
            seat = game.to_act
            assert seat is not None
            game.check(seat)
    settled = game.settle()
    (pot,) = settled.pots
    assert pot.winners == (2, 1)
    assert SHARED_TEXTS[id(settled)] == _reference(settled) == canonical_json(settled)


def _settled() -> HandSettled:
    """A settlement of every shape at once: two pots (one split, an odd unit to the house), a
    bet returned, a showdown of three."""
    main = PotResult(300, (2, 3, 5), (3, 5), 12, ((3, 144), (5, 143)), 1)
    side = PotResult(1000, (3, 5), (5,), 40, ((5, 960),), 0)
    cards = ((5, Card.parse("As")), (2, Card.parse("Td")), (3, Card.parse("2c")))
    stacks = ((1, 2000), (2, 0), (3, 1144), (5, 3103), (7, 12))
    return HandSettled(1234, (5, 2, 3), cards, ((5, 80),), (main, side), 40, 93, stacks)


class Seat(IntEnum):
    ONE = 1


def _replace_pot(event: HandSettled, i: int, **fields: Any) -> HandSettled:
    pots = list(event.pots)
    pots[i] = dataclasses.replace(pots[i], **fields)
    return dataclasses.replace(event, pots=tuple(pots))


def test_issue22_the_settlement_text_is_the_reference_s_and_none_for_a_value_not_exact() -> None:
    event = _settled()
    assert settled_text(event) == _reference(event) == canonical_json(event)
    folded = HandSettled(7, (), (), (), (PotResult(60, (4,), (4,), 2, ((4, 58),), 0),), 0, 2, ())
    with_stacks = dataclasses.replace(folded, stacks=((4, 2058), (6, 1942)))
    assert settled_text(with_stacks) == _reference(with_stacks)
    assert settled_text(folded) is None  # (no capital: never made; left to the encoder)
    odd: list[HandSettled] = [
        dataclasses.replace(event, house=True),
        dataclasses.replace(event, number=Seat.ONE),
        dataclasses.replace(event, initial_commission="40"),  # type: ignore[arg-type]
        dataclasses.replace(event, returned=((5, True),)),
        dataclasses.replace(event, stacks=((True, 2000), *event.stacks[1:])),
        dataclasses.replace(event, stacks=(*event.stacks[:-1], (7, Seat.ONE))),
        dataclasses.replace(event, shown=((5, "As"), *event.shown[1:])),  # type: ignore[arg-type]
        _replace_pot(event, 0, amount=Seat.ONE),
        _replace_pot(event, 0, commission=False),
        _replace_pot(event, 0, odd_to_house=True),
        _replace_pot(event, 0, paid=((3, 144), (5, True))),
        _replace_pot(event, 1, paid=((5, "960"),)),
    ]
    for changed in odd:
        assert settled_text(changed) is None, changed
        assert canonical_json(changed) == _reference(changed)  # the encoder's: the reference


def test_issue22_no_settlement_text_is_kept_for_a_seat_that_is_not_exactly_an_int() -> None:
    """A hand started by a recorded event whose seat is ``True`` (equal to seat 1, the check
    takes it), then followed by a fair table's hand: its settlement's seats are written
    ``true``, so the table keeps no text (the encoder writes it); the digest is the record's."""
    written = 0
    for seed in range(6):
        rng = random.Random(seed)
        bots = {s: StrengthBot(rng) for s in range(1, 4)}
        fair = new_table(StudOptions(), 3)
        start = fair.event_count
        play_hand(fair, bots, SeededShuffler(seed), rng)
        started, *events, _ = fair.log[start:]
        assert type(started) is HandStarted
        game = new_table(StudOptions(), 3)
        seats = (True, *started.seats[1:])
        game.follow([HandStarted(started.number, seats, started.pot_money, started.commission)])
        game.follow(events)
        settled = game.settle()
        assert id(settled) not in SHARED_TEXTS
        assert canonical_json(settled) == _reference(settled)
        written += "true" in canonical_json(settled)
        assert StudGame.replay(game.options, game.log).digest() == game.digest()
    assert written
