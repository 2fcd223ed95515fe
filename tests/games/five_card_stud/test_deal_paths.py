"""The fast paths of a stud hand's start and dealing against the obvious ones (issue 22)."""

from __future__ import annotations

import random

import pytest

from croupier.commands.stud_screen import _top_up
from croupier.errors import RuleViolation
from croupier.events import CardBurned
from croupier.games.five_card_stud.bots import RandomBot, new_table, play_hand
from croupier.games.five_card_stud.events import CardsDealt
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.rules import ShowingTie
from croupier.games.five_card_stud.state import _SEATINGS, HandState, StudPhase, StudState
from croupier.rank.showing import ShowingOrder
from croupier.shuffle import SeededShuffler


def test_promise_a_new_hand_state_is_built_as_the_obvious_dicts_and_shares_no_mutable_one() -> None:
    """HandState copies its seats' shared dicts (zeros, the pot money posted) instead of
    building them: each hand gets the dicts the obvious construction gives, its own, and the
    shared ones are never written, hand after hand."""
    table = StudOptions()
    game = new_table(table, 5)
    rng = random.Random(7)
    bots = {s: RandomBot(rng) for s in range(1, 6)}
    shuffler = SeededShuffler("paths")
    seen: list[HandState] = []
    for _ in range(30):
        _top_up(game)
        if game.needs_new_deck:
            game.new_deck()
        game.start_hand()
        h = game._hand
        assert h is not None
        seats = h.seats
        zeros = dict.fromkeys(seats, 0)
        assert h.masks == h.counts == h.round_bet == zeros
        assert h.contrib == dict.fromkeys(seats, table.pot_money)
        assert h.up == {s: [] for s in seats} and h.live == list(seats)
        mutable = (h.masks, h.counts, h.round_bet, h.contrib, h.up)
        assert len({id(d) for d in mutable}) == len(mutable)
        for other in seen:
            assert all(
                a is not b
                for a, b in zip(
                    mutable,
                    (other.masks, other.counts, other.round_bet, other.contrib, other.up),
                    strict=True,
                )
            )
        seen.append(h)
        game.house_void("test", "floor")
        _top_up(game)
        play_hand(game, bots, shuffler, rng)
        seating = _SEATINGS[seats]
        assert seating.zeros == zeros
        assert all(p == dict.fromkeys(seats, pot) for pot, p in seating.posted.items())


@pytest.mark.parametrize("order", list(ShowingOrder))
@pytest.mark.parametrize("tie", list(ShowingTie))
def test_promise_the_fold_places_showing_cards_as_showing_keys_key_does(
    order: ShowingOrder, tie: ShowingTie
) -> None:
    """The fold's place of each seat's showing cards (read from ShowingKeys.newest_places
    without a call when the newest card decides) is ShowingKeys.key's of the cards (Art 10 b-d;
    the tests of test_readings compare that with the showing rank), in every reading, street
    after street."""
    table = StudOptions(showing_order=order, showing_tie=tie)
    game = new_table(table, 7)
    rng = random.Random(f"{order}{tie}")
    bots = {s: RandomBot(rng) for s in range(1, 8)}
    keys = game.showing_keys
    checked = 0

    def apply_dealt(event: CardsDealt) -> None:
        nonlocal checked
        StudState._apply_dealt(game, event)
        h = game._hand
        assert h is not None
        for seat, key in h.show_key.items():
            up = h.up[seat]
            assert key == keys.key(up, seat), (seat, up)
            checked += 1

    game._apply_dealt = apply_dealt  # type: ignore[method-assign]
    shuffler = SeededShuffler(f"places {order} {tie}")
    for _ in range(150):
        _top_up(game)
        play_hand(game, bots, shuffler, rng)
    assert checked > 1000


def test_promise_the_burn_check_accepts_the_card_due_only() -> None:
    """_check_burned takes the card due by identity, else the events' comparison: the card due
    is accepted, any other refused with the article and both cards named."""
    game = new_table(StudOptions(), 3)
    game.start_hand()
    game.shuffle(SeededShuffler("burn"))
    h = game._hand
    assert h is not None
    due = h.order[h.pos]
    other = h.order[h.pos + 1]
    with pytest.raises(RuleViolation, match=f"Art 2: the first card is {due}, not {other}"):
        game._commit(CardBurned(other))
    game._commit(CardBurned(due))
    assert game.phase is StudPhase.DEALING and h.queue == [*h.seats, *h.seats]
    # a deal: the seats due in order, with the deck's next cards
    dealt = game._deal_event(None, None, None)
    assert dealt.cards == tuple(zip(h.queue, h.order[h.pos : h.pos + 6], strict=True))
    assert game._deal_event(2, None, None).cards == dealt.cards[:2]


def test_a_shuffle_out_of_its_time_is_refused_naming_the_phase() -> None:
    game = new_table(StudOptions(), 3)
    shuffler = SeededShuffler("when")
    with pytest.raises(RuleViolation, match=r"^Art 2: cannot shuffle now: the table is at idle$"):
        game.shuffle(shuffler)
    assert not game.can_shuffle()
    game.start_hand()
    game.shuffle(shuffler)
    game.shuffle(shuffler)  # again at will until the cut
    game.cut(1, 10)
    with pytest.raises(RuleViolation, match="the deck has been cut"):
        game.shuffle(shuffler)
    game.burn()
    with pytest.raises(
        RuleViolation, match=r"^Art 2: cannot shuffle now: the table is at dealing$"
    ):
        game.shuffle(shuffler)
