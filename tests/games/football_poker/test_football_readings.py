"""Football Poker readings of issue 16 (items 17): the letter by default, the other reading a
named option of FootballOptions, recorded, replayed and reachable by key."""

from __future__ import annotations

import pytest

from croupier.errors import MaterialError
from croupier.events import CardBurned, CardDealt
from croupier.games.football_poker.options import (
    MAX_DECKS,
    BurnRule,
    DealOrder,
    FirstBurn,
    FootballOptions,
)
from croupier.games.football_poker.round import FootballPokerGame
from croupier.protocol import Event
from croupier.shuffle import SeededShuffler
from croupier.table.settings import options_from_pairs


def _round(game: FootballPokerGame, places: tuple[int, ...]) -> tuple[Event, ...]:
    game.open_round()
    for place in places:
        game.place_bet("ana", place, "even", 100)
    game.close_bets()
    events = game.deal()
    game.settle()
    return events


def _burns_before_first_card(events: tuple[Event, ...]) -> list[str]:
    """Where each burn falls: the labels of the events up to the last burn."""
    return ["burn" if isinstance(e, CardBurned) else f"to {e.to}" for e in events]  # type: ignore[attr-defined]


@pytest.mark.parametrize("decks", [6, 8])
def test_art5_2_the_first_round_burns_decks_plus_one_by_default(decks: int) -> None:
    """«retira uma carta por cada baralho ... Antes do início de cada partida, é igualmente
    retirada uma carta»: each *partida*, the first included, burns its own card."""
    table = FootballOptions(decks=decks)
    assert table.first_round_burn is FirstBurn.EXTRA
    game = FootballPokerGame(table)
    game.shuffle(SeededShuffler(f"burn{decks}"))
    first = _round(game, (1, 3))
    assert sum(isinstance(e, CardBurned) for e in first) == decks + 1
    assert all(isinstance(e, CardBurned) for e in first[: decks + 1])
    later = _round(game, (1, 3))
    assert sum(isinstance(e, CardBurned) for e in later) == 1


@pytest.mark.parametrize("decks", [6, 8])
def test_art5_2_option_the_per_deck_burns_are_the_first_rounds_burn(decks: int) -> None:
    table = FootballOptions(decks=decks, first_round_burn=FirstBurn.INCLUDED)
    game = FootballPokerGame(table)
    game.shuffle(SeededShuffler(f"burn{decks}"))
    first = _round(game, (1, 3))
    assert sum(isinstance(e, CardBurned) for e in first) == decks
    assert isinstance(first[decks], CardDealt)
    for _ in range(3):  # later rounds still burn one each
        assert sum(isinstance(e, CardBurned) for e in _round(game, (2,))) == 1
    # the round's fit counts one burn fewer in the first round
    assert table.max_round_cards(first_round=True) == (
        FootballOptions(decks=decks).max_round_cards(first_round=True) - 1
    )


def test_art5_2_option_included_with_burns_made_right_after_the_shuffle() -> None:
    game = FootballPokerGame(FootballOptions(first_round_burn="included"))  # type: ignore[arg-type]
    game.shuffle(SeededShuffler("early"))
    for _ in range(6):
        game.burn()
    assert not game.can_burn()
    events = _round(game, (4,))
    assert isinstance(events[0], CardDealt)  # no burn of its own: the six were its burn


def test_art5_2_option_included_with_a_burn_per_hand_skips_the_first_hands_burn() -> None:
    table = FootballOptions(burn_per=BurnRule.HAND, first_round_burn=FirstBurn.INCLUDED)
    assert table.deal_order is DealOrder.HAND_BY_HAND
    game = FootballPokerGame(table)
    game.shuffle(SeededShuffler("hand"))
    labels = _burns_before_first_card(_round(game, (1, 4)))
    assert labels[:11] == ["burn"] * 6 + ["to 1", "to 1", "burn", "to 4", "to 4"]
    labels = _burns_before_first_card(_round(game, (1, 4)))
    assert labels[:6] == ["burn", "to 1", "to 1", "burn", "to 4", "to 4"]


def test_art5_2_option_first_round_burn_is_recorded_and_replays() -> None:
    table = FootballOptions(first_round_burn=FirstBurn.INCLUDED)
    game = FootballPokerGame(table)
    game.shuffle(SeededShuffler("replay"))
    _round(game, (1, 2))
    _round(game, (5,))
    record = game.to_record()
    assert record["options"]["first_round_burn"] == "included"
    again = FootballPokerGame.from_record(record)
    assert again.digest() == game.digest()
    # the default is not written, so a record older than the option reads as it was played
    assert "first_round_burn" not in FootballOptions().to_dict()
    assert FootballOptions.from_dict(table.to_dict()) == table


def test_art5_2_option_first_round_burn_by_key() -> None:
    table = options_from_pairs(FootballOptions, ["first_round_burn=included"])
    assert table.first_round_burn is FirstBurn.INCLUDED
    with pytest.raises(MaterialError, match="first_round_burn"):
        FootballOptions(first_round_burn="twice")  # type: ignore[arg-type]


def test_issue15_item3_football_decks_are_bounded() -> None:
    assert FootballOptions(decks=MAX_DECKS).decks == MAX_DECKS
    with pytest.raises(MaterialError, match=f"decks must be 6 to {MAX_DECKS}.*10000000"):
        FootballOptions(decks=10_000_000)


def test_issue15_item3_football_places_refused_name_the_range() -> None:
    with pytest.raises(MaterialError, match="6 decks take 8 to 34 places"):
        FootballOptions(positions=35)
    assert FootballOptions(positions=34).positions == 34
