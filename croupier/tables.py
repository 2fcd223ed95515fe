"""The banking games a table can run, behind one interface for the CLI and the simulator.

Both 3-card baccarat (:class:`~croupier.games.three_card_baccarat.round.BaccaratGame`) and
football poker (:class:`~croupier.games.football_poker.round.FootballPokerGame`) are
:class:`~croupier.banking.BankingTable` s: the same commands (shuffle, open_round, place_bet,
close_bets, deal, settle) and read-only state. :data:`BANKING_GAMES` says how to build each
table from a number of decks and places.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from croupier.banking import BankingTable
    from croupier.cards import Card
    from croupier.odds.report import OddsReport

__all__ = ["BANKING_GAMES", "BankingGame", "TableSpec", "table_spec"]


#: Any banking game's table: the commands and state the CLI and the simulator use.
BankingGame: TypeAlias = "BankingTable[Any, Any]"


@dataclass(frozen=True)
class TableSpec:
    """How to build and analyse one banking game."""

    name: str
    title: str
    regulation: str
    bets: tuple[str, ...]
    default_decks: int
    min_decks: int
    default_positions: int
    #: (decks, positions, extra options) -> a fresh table
    build: Callable[[int, int, Mapping[str, Any]], BankingGame]
    #: (decks, removed cards text) -> exact odds
    odds: Callable[[int, str | None], OddsReport]
    #: a record -> the table replayed from it
    from_record: Callable[[Mapping[str, Any]], BankingGame]
    #: the banker's place in ``hands`` (None: no banker hand)
    banker: int | None
    #: a hand's value in words, e.g. "9 with two figures", "total 0 in 3 cards (Post)"
    describe: Callable[[tuple[Card, ...]], str]
    #: the article that sets ``min_decks`` ("" when none does)
    min_decks_rule: str = ""
    #: the table's options (a ``BaccaratOptions`` / ``FootballOptions``) -> a fresh table
    new_game: Callable[[Any], BankingGame] | None = None
    #: (the table's options, removed cards text) -> the exact odds under every option that
    #: changes a settlement (issue 16 items 18, 19)
    odds_for: Callable[[Any, str | None], OddsReport] | None = None
    #: the options class, from a record's ``to_dict``
    options_from_dict: Callable[[Mapping[str, Any]], Any] | None = None

    def game(self, options: Any) -> BankingGame:
        """A fresh table with ``options``."""
        assert self.new_game is not None
        return self.new_game(options)

    def exact_odds(self, options: Any, removed: str | None = None) -> OddsReport:
        """The exact odds of a round at a table with ``options``."""
        assert self.odds_for is not None
        return self.odds_for(options, removed)


def _baccarat() -> TableSpec:
    from croupier.games.three_card_baccarat.options import CLI_DEFAULT_DECKS, BaccaratOptions
    from croupier.games.three_card_baccarat.round import BaccaratGame
    from croupier.games.three_card_baccarat.rules import BANKER, REGULATION, BetKind, describe_hand
    from croupier.odds.three_card_baccarat import baccarat_odds, odds_keywords

    def build(decks: int, positions: int, extra: Mapping[str, Any]) -> BankingGame:
        return BaccaratGame(BaccaratOptions(decks=decks, positions=positions, **extra))

    return TableSpec(
        name="three-card-baccarat",
        title="3-card baccarat",
        regulation=REGULATION,
        bets=tuple(b.value for b in BetKind),
        default_decks=CLI_DEFAULT_DECKS,
        min_decks=1,
        default_positions=7,
        build=build,
        odds=lambda decks, removed: baccarat_odds(decks, removed),
        from_record=BaccaratGame.from_record,
        banker=BANKER,
        describe=describe_hand,
        new_game=BaccaratGame,
        odds_for=lambda opts, removed: baccarat_odds(opts.decks, removed, **odds_keywords(opts)),
        options_from_dict=BaccaratOptions.from_dict,
    )


def _football() -> TableSpec:
    from croupier.games.football_poker.options import FootballOptions
    from croupier.games.football_poker.round import FootballPokerGame
    from croupier.games.football_poker.rules import MIN_DECKS, REGULATION, BetKind, hand_total
    from croupier.odds.football_poker import football_odds

    def describe(cards: tuple[Card, ...]) -> str:
        total = hand_total(cards)
        if len(cards) == 3 and total in (0, 9):
            return f"{total} in 3 cards: Post (Art 8.2)"
        return f"{total} in {len(cards)} cards"

    def build(decks: int, positions: int, extra: Mapping[str, Any]) -> BankingGame:
        return FootballPokerGame(FootballOptions(decks=decks, positions=positions, **extra))

    return TableSpec(
        name="football-poker",
        title="Football poker",
        regulation=REGULATION,
        bets=tuple(b.value for b in BetKind),
        default_decks=6,
        min_decks=MIN_DECKS,
        default_positions=8,
        build=build,
        odds=lambda decks, removed: football_odds(decks, removed),
        from_record=FootballPokerGame.from_record,
        banker=None,
        describe=describe,
        min_decks_rule="Art 2.1",
        new_game=FootballPokerGame,
        # no option of the table changes a settlement's exact value (rounding pays it)
        odds_for=lambda opts, removed: football_odds(opts.decks, removed),
        options_from_dict=FootballOptions.from_dict,
    )


#: The banking games by CLI name, built lazily (importing this module stays cheap).
BANKING_GAMES: dict[str, Callable[[], TableSpec]] = {
    "three-card-baccarat": _baccarat,
    "football-poker": _football,
}


def table_spec(name: str) -> TableSpec:
    """The spec of a banking game by name; KeyError for an unknown one."""
    return BANKING_GAMES[name]()
