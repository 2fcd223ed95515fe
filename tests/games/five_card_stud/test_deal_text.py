"""A deal's text written as the table makes it (issue 22): the canonical text of the event, to the
byte, kept for the streamed digest (:func:`~croupier.frozen.keep_text`), and none kept where the
table cannot vouch for it."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from croupier import frozen
from croupier.frozen import SHARED_EVENTS, SHARED_TEXTS, keep_text
from croupier.games.five_card_stud import texts
from croupier.games.five_card_stud.bots import RandomBot, StrengthBot, new_table, run_table
from croupier.games.five_card_stud.events import Act, CardsDealt, HandStarted, PlayerActed
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame
from croupier.protocol import Event, canonical_json
from croupier.shuffle import SeededShuffler


def _reference(event: Event) -> str:
    return json.dumps(event.to_dict(), sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("seats", [2, 5, 7])
def test_issue22_a_deal_s_kept_text_is_its_canonical_text(seats: int) -> None:
    """Every deal of hands played by bots (cuts among them: an order the shuffle did not keep)
    has its text kept, the reference's to the byte, or none; the digest is the record's."""
    rng = random.Random(seats)
    bots = {s: (StrengthBot(rng) if s % 2 else RandomBot(rng)) for s in range(1, seats + 1)}
    shuffler = SeededShuffler(seats)
    game = new_table(StudOptions(), seats)
    kept = 0
    for _ in range(40):  # a hand at a time: its deals' texts kept until digested, as a run does
        start = game.event_count
        run_table(game.options, bots, shuffler, rng, 1, cut_chance=0.3, game=game)
        for event in game.log[start:]:
            if type(event) is CardsDealt and id(event) in SHARED_TEXTS:
                kept += 1
                assert SHARED_TEXTS[id(event)] == _reference(event) == canonical_json(event)
                assert SHARED_EVENTS[id(event)] is event
    assert kept > 40  # the fast path ran (each hand's first dealing at least)
    assert StudGame.replay(game.options, game.log).digest() == game.digest()


def test_issue22_the_deal_text_s_template_for_any_seats_is_the_reference_s() -> None:
    names = ["As", "Td", "2c", "9h", "Ks", "Qd", "3s", "8c", "Jh", "4d", "7s", "6h", "5c", "Ac"]
    for seats in [(1,), (3, 1), (1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7), (12, 1000)]:
        made = texts.deal_text(seats) % tuple(names[: len(seats)])
        pairs = [[s, n] for s, n in zip(seats, names, strict=False)]
        reference = {"at": None, "cards": pairs, "type": "cards_dealt"}
        assert made == json.dumps(reference, sort_keys=True, separators=(",", ":"))


def test_issue22_no_deal_text_is_kept_for_a_seat_that_is_not_exactly_an_int() -> None:
    """A hand started by a recorded event whose seat is ``True`` (equal to seat 1, the check
    takes it): its deal's text would be ``true``, so the table keeps none (the encoder writes
    it); a deal with a time keeps none either."""
    game = new_table(StudOptions(), 3)
    expected = game._start_event()
    seats = (True, *expected.seats[1:])
    odd = HandStarted(expected.number, seats, expected.pot_money, expected.commission)
    game.follow([odd])
    game.shuffle(SeededShuffler(1))
    game.burn()
    h = game._hand
    assert h is not None and h.seats[0] is True
    dealt = game._deal_event(None, None, None)
    assert id(dealt) not in SHARED_TEXTS
    assert canonical_json(dealt) == _reference(dealt) and '[true,"' in canonical_json(dealt)
    fair = new_table(StudOptions(), 3)
    fair.start_hand()
    fair.shuffle(SeededShuffler(1))
    fair.burn()
    timed = fair._deal_event(None, None, 5)
    assert id(timed) not in SHARED_TEXTS
    untimed = fair._deal_event(None, None, None)
    assert SHARED_TEXTS[id(untimed)] == _reference(untimed)


def test_issue22_kept_texts_are_dropped_oldest_first_with_their_events(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(frozen, "_KEPT_LIMIT", 3)
    monkeypatch.setattr(frozen, "_KEPT_DROP", 2)  # past 3: the oldest 2 at once
    monkeypatch.setattr(frozen, "_KEPT_IDS", [])
    events = [PlayerActed(s, Act.BET, 7, None) for s in range(1, 6)]
    for e in events:
        keep_text(e, canonical_json(e))
    dropped, kept = [id(e) for e in events[:2]], [id(e) for e in events[2:]]
    assert not any(k in SHARED_TEXTS or k in SHARED_EVENTS for k in dropped)
    assert all(SHARED_EVENTS[k] is e for k, e in zip(kept, events[2:], strict=True))
    assert [SHARED_TEXTS[k] for k in kept] == [_reference(e) for e in events[2:]]
    assert kept == frozen._KEPT_IDS
    game = StudGame(StudOptions())  # the dropped ones written by their encoder: the same
    game._log.extend(events)
    record = json.dumps(game.to_record(), sort_keys=True, separators=(",", ":"))
    assert game.digest() == hashlib.sha256(record.encode()).hexdigest()


def test_issue22_a_hand_s_start_keeps_its_canonical_text_when_its_ints_are_exactly_ints() -> None:
    """start_hand keeps the text of the hand's start (the reference's, for any seats); a table
    whose seat is ``True`` (restored so, equal to 1) keeps none."""
    for seats in (2, 5, 7):
        game = new_table(StudOptions(), seats)
        started = game.start_hand()
        assert SHARED_TEXTS[id(started)] == _reference(started) == canonical_json(started)
    for seats_of in [(1,), (3, 1, 1000), (2, 4, 6, 7)]:
        made = texts.start_text(seats_of) % (40, 12345, 20)
        event = HandStarted(12345, seats_of, 20, 40)
        assert made == _reference(event)
    game = new_table(StudOptions(), 3)
    texts.EXACT_SEATS[0] = ()
    odd = (True, *game._start_event().seats[1:])
    assert not texts.exact_seats(odd) and texts.EXACT_SEATS[0] == ()


def test_issue22_a_hand_reads_its_shuffle_s_kept_names_once_and_none_after_a_cut() -> None:
    """The hand keeps the names the shuffle kept of its order (the deals' texts read them, not
    kept_names at every deal); a cut's order has none kept: its deal keeps no text, and the
    digest is the record's all the same."""
    from croupier.canonical import kept_names

    game = new_table(StudOptions(), 3)
    game.start_hand()
    game.shuffle(SeededShuffler("names"))
    h = game._hand
    assert h is not None and h.names is not None and h.names is kept_names(h.order)
    game.cut(1, 10)
    assert h.names is None and kept_names(h.order) is None
    game.burn()
    dealt = game.deal()
    assert id(dealt) not in SHARED_TEXTS
    twin = StudGame(StudOptions())
    twin.follow(game.release_log())
    twin.release_log()
    assert twin.digest() == game.digest()
