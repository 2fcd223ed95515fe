"""The 13-card bots (``games/thirteen/bots.py``), the setting domain of the offers and the
banker's house setting (``games/thirteen/house.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from croupier.cards import Card, Deck, parse_cards
from croupier.errors import RecordError
from croupier.games.thirteen.bots import (
    BOTS,
    BestResponseBot,
    HouseWayBot,
    RandomBot,
    facts_of,
    make_bot,
)
from croupier.games.thirteen.commands import SetTiers, TiersOf, ascending_setting
from croupier.games.thirteen.house import house_setting
from croupier.games.thirteen.options import ThirteenOptions
from croupier.games.thirteen.scoring import Natural, Setting, naturals_of, shown_naturals
from croupier.games.thirteen.solver import best_response, house_way
from croupier.offers import find_offer
from croupier.table import Actor, SeededSource
from croupier.table.thirteen import ThirteenTable

ANA = Actor.player("ana")


def at_setting(seed: str = "bots") -> ThirteenTable:
    """A table where ana (position 2) is to set, the banker shown."""
    table = ThirteenTable(source=SeededSource(seed))
    table.apply(ANA, {"type": "sit", "buy_in": 100_000}, "s", at=0)
    table.step_house(at=1)
    table.apply(ANA, {"type": "bet", "position": 2, "units": 1}, "b", at=2)
    table.apply(ANA, {"type": "done"}, "d", at=3)
    table.apply(ANA, {"type": "throw_dice"}, "t", at=4)
    table.step_house(at=5)
    table.step_house(at=6)
    return table


def test_the_bot_kinds() -> None:
    assert set(BOTS) == {"best-response", "house-way", "random"}
    assert isinstance(make_bot("best-response", 1, position=3), BestResponseBot)
    assert isinstance(make_bot("house-way", 1), HouseWayBot)
    with pytest.raises(ValueError, match="the kinds are: best-response"):
        make_bot("genius")


def test_art2d_the_best_response_bot_sets_the_solvers_answer_from_its_view() -> None:
    table = at_setting()
    view, legal = table.view(ANA), table.legal(ANA)
    command = BOTS["best-response"](0).choose(view, legal)
    assert isinstance(command, SetTiers) and find_offer(legal, command) is not None
    banker = table.game.banker_setting
    assert banker is not None
    assert command.setting == best_response(table.game.hands[2], banker)
    assert not command.confirm_foul


def test_the_house_way_bot_ignores_the_banker() -> None:
    table = at_setting()
    command = BOTS["house-way"](0).choose(table.view(ANA), table.legal(ANA))
    assert isinstance(command, SetTiers)
    assert command.setting == house_way(table.game.hands[2])


def test_art7_against_a_fouled_banker_any_ascending_setting() -> None:
    bot = BestResponseBot(0)
    cards = tuple(Deck.STANDARD_52.cards[13:26])
    view: dict[str, Any] = {"banker": {"setting": {"front": []}, "fouled": True}}
    assert bot._setting(facts_of(view), cards) == ascending_setting(cards)


@pytest.mark.parametrize("seed", range(5))
def test_the_random_bot_sends_only_legal_commands_and_never_leaves(seed: int) -> None:
    table = at_setting(f"r{seed}")
    bot = RandomBot(seed)
    for _ in range(20):
        legal = table.legal(ANA)
        command = bot.choose(table.view(ANA), legal)
        assert find_offer(legal, command) is not None
        assert command.TYPE not in ("leave", "stand", "sit")


def test_art7_the_setting_domain_admits_ascending_or_fouled_as_asked() -> None:
    rng = random.Random(3)
    deck = list(Deck.STANDARD_52.cards)
    for _ in range(20):
        rng.shuffle(deck)
        cards = tuple(deck[:13])
        ascending, fouled, whatever = (TiersOf(cards, fouled=f) for f in (False, True, None))
        for domain, want in ((ascending, False), (fouled, True)):
            value = domain.sample(rng)
            assert domain.admits(value) and whatever.admits(value)
            assert Setting(*value).fouled is want
        assert not ascending.admits(fouled.sample(rng))
        assert not fouled.admits(ascending.sample(rng))
    assert TiersOf(cards, fouled=False).to_dict()["fouled"] is False


def test_an_ascending_setting_never_fouls() -> None:
    rng = random.Random(4)
    deck = list(Deck.STANDARD_52.cards)
    for _ in range(50):
        rng.shuffle(deck)
        setting = ascending_setting(tuple(deck[:13]))
        assert not setting.fouled and sorted(setting.cards) == sorted(deck[:13])


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("2h 5h 9h Jh Kh 2s 6s 8s Ts Qs 4d 7d Ad", Natural.THREE_FLUSHES),
        ("Qh Kc Ad 2s 3h 4c 5d 6s 2h 3c 4d 5s 6h", Natural.THREE_STRAIGHTS),
    ],
)
def test_art9_i_the_banker_sets_a_three_flushes_or_straights_natural_as_such(
    cards: str, kind: Natural
) -> None:
    setting = house_setting(cards, ThirteenOptions())
    assert kind in shown_naturals(cards, setting) and not setting.fouled
    # with naturals recognised from the cards, the house way's setting is enough
    loose = ThirteenOptions(naturals_from_cards=True)
    assert house_setting(cards, loose) == house_way(parse_cards(cards))


def test_the_banker_without_a_natural_sets_by_the_house_way() -> None:
    cards = parse_cards("As Ah Kd Kc 9s 8s 7s 6s 5d 4h 3c 2d Jh")
    assert not naturals_of(cards)
    options = ThirteenOptions()
    assert house_setting(cards, options) == house_way(cards, options.house_way)


def test_set_tiers_names_a_bad_shape() -> None:
    bad = SetTiers(2, ((Card.parse("As"),),), False)
    with pytest.raises(RecordError, match="three tiers"):
        bad.setting  # noqa: B018


def test_the_setting_domain_lists_its_cards_in_an_order_it_admits() -> None:
    # a client that takes the listed cards 3, 5 and 5 in order sends an admitted setting
    rng = random.Random(5)
    deck = list(Deck.STANDARD_52.cards)
    for _ in range(30):
        rng.shuffle(deck)
        for fouled in (False, True):
            domain = TiersOf(tuple(deck[:13]), fouled=fouled)
            listed = [Card.parse(c) for c in domain.to_dict()["split"]]
            tiers = (tuple(listed[:3]), tuple(listed[3:8]), tuple(listed[8:]))
            assert domain.admits(tiers), (fouled, listed)
