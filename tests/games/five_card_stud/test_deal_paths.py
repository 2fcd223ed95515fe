"""The fast paths of a stud hand's start and dealing against the obvious ones (issue 22)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest

from croupier.cards import Card
from croupier.commands.simulate_stud import _top_up
from croupier.errors import RuleViolation
from croupier.events import CardBurned, ShoeShuffled, order_commitment
from croupier.games.five_card_stud.bots import RandomBot, new_table, play_hand
from croupier.games.five_card_stud.events import CardsDealt, HandStarted
from croupier.games.five_card_stud.hand import _SEATINGS, HandState
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.order import place_number
from croupier.games.five_card_stud.round import StudGame
from croupier.games.five_card_stud.rules import ShowingTie
from croupier.games.five_card_stud.state import PACK, StudPhase, StudState
from croupier.rank.showing import ShowingOrder
from croupier.shuffle import SeededShuffler, Shuffler

T = TypeVar("T")


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
            assert key == place_number(keys.key(up, seat)), (seat, up)
            # the bit set, the rank counts and the entry the fold keeps as each card comes
            # (the first from ShowingKeys.singles, the next from the tables by card code)
            mask = sum(1 << c.code for c in up)
            assert h.masks[seat] == mask, (seat, up)
            assert h.counts[seat] == sum(1 << 4 * (c.code >> 2) for c in up), (seat, up)
            assert h.entries[seat] == keys.entry(mask, len(up)), (seat, up)
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


def _two_seats() -> StudGame:
    game = StudGame(StudOptions())
    game.seat_player(1, "a", 2000)
    game.seat_player(2, "b", 2000)
    game.new_deck()
    return game


def test_issue22_a_record_of_equal_but_odd_values_never_changes_another_tables_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The dicts a hand starts with are shared by the hands of one set of seats, found by value:
    a record's HandStarted of pot money 20.0 (equal to 20, so taken as the table's own) builds
    its own, and a later table's pot and contributions stay whole numbers (they were 20.0 when
    the first table to start filled the memo: the review of issue 22's fourth pass)."""
    from croupier.games.five_card_stud import hand

    monkeypatch.setattr(hand, "_SEATINGS", {})  # the odd record's table starts first
    odd = _two_seats()
    event = odd._start_event()
    odd.follow([HandStarted(event.number, event.seats, 20.0, event.commission)])  # type: ignore[arg-type]
    other = _two_seats()
    other.start_hand()
    assert type(other.pot) is int
    assert all(type(v) is int for v in other.contributions().values())


def test_issue22_the_shuffled_order_is_the_tables_own_not_the_callers_list() -> None:
    """A ShoeShuffled followed with its order as a list: the table keeps its own tuple, so the
    caller's later changes to the list never change the deck (it read the caller's list once
    the fold stopped copying it: the review of issue 22's fourth pass)."""
    source = _two_seats()
    source.start_hand()
    shuffled = source.shuffle(SeededShuffler("a"))
    order = list(shuffled.order)
    game = _two_seats()
    game.start_hand()
    reference = _two_seats()
    reference.start_hand()
    game.follow([ShoeShuffled(order, 0, None, order_commitment(order))])  # type: ignore[arg-type]
    reference.follow([ShoeShuffled(tuple(order), 0, None, order_commitment(order))])
    order.reverse()
    for table in (game, reference):
        table.cut(1, 10)
    assert game.burn() == reference.burn()
    assert game.deal().cards == reference.deal().cards


class _Handing(SeededShuffler):
    """Hands back the order it is given (whatever it holds), as a shuffler may."""

    def __init__(self, order: tuple[Any, ...]) -> None:
        super().__init__("handing")
        self.order = order

    def shuffle(self, items: Sequence[T]) -> list[T]:
        return list(self.order)


def test_issue22_a_shuffle_s_cards_are_checked_alike_from_its_kept_notation() -> None:
    """A shuffle's order as recorded (every item a Card) is checked by its cards' notation
    kept when its commitment was written, the others by their codes: the same order is
    accepted or refused alike (the article and the words), by the table that shuffles and by
    a twin following it."""
    from croupier.cards import Deck

    pack = Deck.STUD_40.cards
    other = next(c for c in Card._by_code if c not in pack)
    orders: list[tuple[Any, ...]] = [
        pack,
        pack[::-1],
        (*pack[:39], pack[0]),  # one twice, one missing
        (*pack[:39], other),  # a card of the 52 not in the 40
        pack[:39],
        (*pack, pack[0]),
        (*pack[:39], str(pack[39])),  # not a card
    ]
    for order in orders:
        results = []
        for way in ("shuffle", "follow", "follow a copy"):
            game = _two_seats()
            game.start_hand()
            twin = StudGame.replay(game.options, game.log)
            try:
                if way == "shuffle":
                    event = game.shuffle(_Handing(order))
                    twin.follow([event])  # the twin reads the kept notation too
                elif way == "follow":
                    game.follow([ShoeShuffled.record(order, cut=0, cut_card_depth=None)])
                else:
                    recorded = ShoeShuffled.record(order, cut=0, cut_card_depth=None)
                    copy = ShoeShuffled(tuple(list(order)), 0, None, recorded.commitment)
                    game.follow([copy])
                results.append("accepted")
            except RuleViolation as exc:
                results.append(f"{exc.rule}: {exc.detail.split('refused: ')[-1]}")
            except AttributeError as exc:  # an item that is not a card: no notation, no event
                results.append(str(exc))
        assert len(set(results)) == 1, (order, results)
        assert (results[0] == "accepted") is (sorted(order, key=str) == sorted(pack, key=str))


def test_issue22_an_order_found_whole_is_the_whole_pack_when_checked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The order of the last shuffle found to be the whole pack by its kept names is not
    compared with the pack again (a run's twin checking the table's shuffle): it starts as the
    pack itself, is replaced only by an order the check accepted, and any other order is
    checked by its cards as before (the same refusals)."""
    from croupier.games.five_card_stud import checks

    whole = [PACK]
    monkeypatch.setattr(checks, "_WHOLE_PACK", whole)
    game = _two_seats()
    game.start_hand()
    twin = StudGame.replay(game.options, game.log)
    reference = StudGame.replay(game.options, game.log)
    twin.follow([ShoeShuffled(PACK, 0, None, order_commitment(PACK))])  # the pack: whole
    event = game.shuffle(SeededShuffler("whole"))
    assert whole[0] is event.order
    whole[0] = PACK
    reference.follow([event])  # checked by its cards: accepted, and kept
    assert whole[0] is event.order
    for bad in ((*event.order[:39], event.order[0]), event.order[:39], (*event.order, PACK[0])):
        refused = ShoeShuffled.record(bad, cut=0, cut_card_depth=None)
        with pytest.raises(RuleViolation) as info:
            StudGame.replay(game.options, [*game.log[:-1], refused])
        assert info.value.rule == "Art 1 a"
        assert whole[0] is event.order  # a refused order is never kept
    cut = ShoeShuffled(event.order, 5, None, event.commitment)  # the kept order, other fields
    with pytest.raises(RuleViolation) as info:
        StudGame.replay(game.options, [*game.log[:-1], cut])
    assert info.value.rule == "Art 2"


def test_issue22_the_pack_s_notation_is_the_kept_names_own_strings() -> None:
    """PACK_NOTATION holds each card's notation (the reference: ``str`` of each card), as the
    very strings an order's kept names are (the shuffle check finds them by identity)."""
    from croupier.canonical import card_notation, kept_names
    from croupier.games.five_card_stud.state import PACK_NOTATION

    assert frozenset(str(c) for c in PACK) == PACK_NOTATION
    order = PACK[::-1]
    card_notation(order)
    names = kept_names(order)
    assert names is not None
    own = {id(s) for s in PACK_NOTATION}
    assert all(id(name) in own for name in names)


def test_issue22_a_table_reads_its_options_as_the_options_say() -> None:
    """What a table reads of its options once (shared by the tables of the very same options in
    turn: a run's twin at every restore) is what the options give, read afresh (the reference:
    each property), for the first table of the options and the next."""
    from fractions import Fraction

    from croupier.games.five_card_stud.rules import InitialCommission, TopUpDuty

    tables = [
        StudOptions(),
        StudOptions(
            initial_commission=InitialCommission.EACH,
            min_bet=50,
            time_limit_seconds=None,
            top_up_duty=TopUpDuty.AFTER_HAND,
            house_rate=Fraction(1, 20),
            max_deals_per_deck=3,
            pot_money=100,
            min_buy_in=5000,
            top_up_below=1000,
        ),
        StudOptions(ace_low_straight_flush=False, initial_commission=InitialCommission.NONE),
    ]
    for table in [*tables, tables[0]]:
        for _ in range(2):
            game = StudGame(table)
            rate = table.house_rate
            assert game._least_bet == table.least_bet
            assert game._time_limit_ms == table.time_limit_ms
            assert game._rate == (rate.numerator, rate.denominator)
            assert game._each is (table.initial_commission is InitialCommission.EACH)
            assert game._commission == table.commission_per_hand
            assert game._top_up_below == table.top_up_below
            assert game._min_buy_in == table.min_buy_in
            assert game._max_deals == table.max_deals_per_deck
            assert game._dealt_in_from == max(table.top_up_below, table.each_pays)
            assert game._during_hand is (table.top_up_duty is TopUpDuty.DURING_HAND)
            assert game.showing_keys.rules is table.rank_rules
            assert game.showing_keys.order is table.showing_order


class _Plain(Shuffler):
    """A shuffler of Shuffler's own Fisher-Yates on a seeded random.Random."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def randbelow(self, n: int) -> int:
        return self.rng.randrange(n)


def test_issue22_a_shuffle_of_the_pack_s_positions_is_the_pack_s_shuffle() -> None:
    """The table shuffles the pack's positions and picks the cards and their names by them when
    the shuffler's shuffle moves items by their positions alone (Shuffler's and the HMAC
    streams'): the event is the one of the pack's own shuffle by the same shuffler (order,
    commitment, the stream read as far), and the names and texts kept of the order are
    card_notation's of it."""
    import copy

    from croupier.canonical import _KEPT, card_notation, kept_names, kept_notation
    from croupier.shuffle import ProvablyFairShuffler

    shufflers: list[Shuffler] = [SeededShuffler(f"positions:{i}") for i in range(20)]
    shufflers += [ProvablyFairShuffler(bytes(range(32)), "client", i) for i in range(5)]
    shufflers += [_Plain(i) for i in range(5)]
    for shuffler in shufflers:
        reference = copy.deepcopy(shuffler)
        for _ in range(3):  # the stream read on, hand after hand
            game = _two_seats()
            game.start_hand()
            event = game.shuffle(shuffler)
            kept = _KEPT[0]
            order = reference.shuffle(PACK)
            assert event == ShoeShuffled.record(order, cut=0, cut_card_depth=None)
            assert list(kept[3]) == [str(c) for c in order]
            assert all(type(c) is Card for c in event.order)
            cards = tuple(order)
            card_notation(cards)  # the reference: the names read of the cards
            assert kept[1] == kept_notation(cards) and kept[2] == _KEPT[0][2]
            assert list(kept[3]) == list(kept_names(cards) or ())
        if isinstance(shuffler, SeededShuffler):
            assert shuffler.randbelow(1 << 40) == reference.randbelow(1 << 40)


def test_issue22_a_shuffle_set_on_the_shuffler_itself_shuffles_the_pack() -> None:
    """A shuffler whose own ``shuffle`` is not its class's (a stacked deck set on the object, as
    a test or a demonstration does) shuffles the pack itself: the positions' shortcut is taken
    only for the shuffle methods known to move items by position (the review of issue 22's
    tenth round: the class's method was tested, the object's called, and a stacked deck raised
    a TypeError)."""
    stacked = tuple(sorted(PACK, key=lambda c: (c.rank, c.suit)))  # the pack in a set order

    def stack(items: Sequence[Any]) -> list[Any]:  # the stacked pack, whatever it is given
        return list(stacked)

    for shuffler in (SeededShuffler("stacked"), _Plain(3)):
        shuffler.shuffle = stack  # type: ignore[method-assign]
        game = _two_seats()
        game.start_hand()
        event = game.shuffle(shuffler)
        assert event.order == stacked
        assert event == ShoeShuffled.record(stacked, cut=0, cut_card_depth=None)


def _dealt_state(game: StudGame) -> tuple[Any, ...]:
    h = game._hand
    if h is None:
        return (game.phase,)
    return (
        game.phase,
        h.up,
        h.key,
        h.masks,
        h.counts,
        h.entries,
        h.show_key,
        h.misdealt,
        h.queue,
        h.pos,
        h.to_act,
    )


def test_issue22_a_table_s_own_deal_is_folded_as_a_record_of_it_is() -> None:
    """The deal a table makes itself (_deal_event's: each card to the seat its queue gives
    it) is folded as it is, its cards not paired with the queue's seats again; a twin following
    the same events pairs each card with its seat: after every event the two hold the same
    hand. A misdealt card (deal_card(to=)) and a deal made but not committed (verify_deal) are
    never taken for the table's own deal: the misdeal is noted, alike."""
    from croupier.games.five_card_stud.bots import legal_decisions

    rng = random.Random(22)
    for options in (StudOptions(), StudOptions(showing_tie=ShowingTie.SEAT)):
        game = new_table(options, 4)
        twin = StudGame.replay(options, game.log)
        shuffler = SeededShuffler("own deal")
        misdeals = 0
        for _ in range(40):
            _top_up(game)
            if game.needs_new_deck:
                game.new_deck()
            game.start_hand(), game.shuffle(shuffler), game.burn()
            while game.phase is not StudPhase.IDLE:
                h = game._hand
                assert h is not None
                if game.phase is StudPhase.DEALING:
                    if not h.queue:
                        game.rectify()
                    else:
                        way = rng.randrange(4)
                        if way == 1:
                            game.verify_deal()  # made, not committed
                        if way == 0:
                            game.deal()
                        elif way == 3 and len(h.live) > 1:
                            wrong = rng.choice([s for s in h.live if s != h.queue[0]])
                            game.deal_card(to=wrong)
                            misdeals += 1
                        else:
                            game.deal_card()
                elif game.phase is StudPhase.BETTING:
                    legal = game.legal()
                    assert legal is not None
                    action, amount = rng.choice(legal_decisions(legal))
                    game.act(legal.seat, action, amount)
                else:
                    game.settle()
                twin.follow(game.log[twin.event_count :])
                assert _dealt_state(twin) == _dealt_state(game)
        assert misdeals > 10


def test_issue22_the_burn_of_a_card_is_one_event_its_text_the_canonical_one() -> None:
    """The burn of a card is one event made once (a frozen value, as a decision's): equal to
    CardBurned of the very card due, the same object hand after hand, its text kept for the
    digest its canonical JSON; the streamed digest is the record's."""
    import hashlib
    import json

    from croupier.frozen import SHARED_TEXTS
    from croupier.protocol import canonical_json

    seen: dict[int, CardBurned] = {}
    for seed in range(60):
        game = _two_seats()
        game.start_hand()
        game.shuffle(SeededShuffler(f"burn:{seed}"))
        h = game._hand
        assert h is not None
        card = h.order[h.pos]
        event = game.burn()
        assert event == CardBurned(card) and event.card is card
        text = canonical_json(event)
        assert SHARED_TEXTS.get(id(event), text) == text
        assert seen.setdefault(card.code, event) is event
        record = json.dumps(game.to_record(), sort_keys=True, separators=(",", ":"))
        assert game.digest() == hashlib.sha256(record.encode()).hexdigest()
    assert len(seen) < 60  # some card burned twice
