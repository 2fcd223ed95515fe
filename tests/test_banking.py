"""The shared banking table, through a toy game that supplies only the hooks.

"High card": one card to each place with a stake; ``high`` wins 1:1 on an 8 or better, ``low``
wins 1:1 on a 2 to 6 and stays for the next round on a 7. One deck, no burns, one round per
shuffle when ``box`` is set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import pytest

from croupier.banking import Articles, BankingTable, Refusal
from croupier.cards import Card, Rank
from croupier.errors import RecordError, RuleViolation
from croupier.events import CardBurned, CardDealt, Phase, RoundOpened, RoundSettled, ShoeShuffled
from croupier.money import BetLimits, Rounding
from croupier.records import is_int
from croupier.settlement import PayoutLine, Result
from croupier.shoe import Shoe
from croupier.shuffle import SeededShuffler, Shuffler


class Bet(StrEnum):
    HIGH = "high"
    LOW = "low"


@dataclass(frozen=True)
class Options:
    decks: int = 1
    positions: int = 3
    min_cut: int = 1
    box: bool = False
    limits: BetLimits = field(default_factory=BetLimits)
    rounding: Rounding = Rounding.HOUSE

    @property
    def cards(self) -> int:
        return 52 * self.decks

    def to_dict(self) -> dict[str, Any]:
        return {"decks": self.decks, "positions": self.positions, "box": self.box}


#: each refusal's fields: the message names them all, so a field the base does not pass fails
_FIELDS = {
    "shuffle_first": [],
    "shoe": ["decks", "cards"],
    "commitment": [],
    "cut": ["least", "cards", "cut"],
    "round_in_play": ["round", "phase"],
    "round_number": ["next", "got"],
    "place": ["position", "most"],
    "bet": ["bet", "bets"],
    "bet_out_of_turn": ["phase"],
    "withdraw_out_of_turn": ["phase"],
    "close_out_of_turn": ["phase"],
    "no_stake": ["player", "position", "bet"],
    "empty_layout": [],
    "places_in_play": ["expected", "listed", "got"],
}
BOX_DONE = Refusal("T box", "shuffle again")


def _refusal(name: str) -> Refusal:
    return Refusal(f"T {name}", " ".join([name, *(f"{{{f}!r}}" for f in _FIELDS[name])]))


class HighCard(BankingTable[Options, Bet]):
    GAME = "high-card"
    REGULATION = "none"
    ARTICLES = Articles(**{name: _refusal(name) for name in _FIELDS})
    BET_KIND = Bet
    CARRIES = True

    def __init__(self, options: Options) -> None:
        super().__init__(options)
        self._places: tuple[int, ...] = ()

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> Options:
        return Options(**data)

    def verify_deal(self) -> None:
        if self._phase is not Phase.DEALING:
            raise RuleViolation("HC 2", "nothing to deal")

    def deal(self) -> tuple[CardDealt, ...]:
        self.verify_deal()
        assert self._shoe is not None
        out = []
        while self._phase is Phase.DEALING:
            place = self._places[sum(map(len, self._hands.values()))]
            out.append(self._commit(CardDealt(self._shoe.peek(), place, False)))
        return tuple(out)

    def _shuffle_event(self, shuffler: Shuffler, cut: int | None) -> ShoeShuffled:
        shoe = Shoe(shuffler, decks=self._options.decks)
        shoe.shuffle(None)
        shoe.cut(1 if cut is None else cut, min_cut=self._options.min_cut)
        return ShoeShuffled.record(shoe.order, cut=1 if cut is None else cut, cut_card_depth=None)

    def _burn_event(self) -> CardBurned:
        raise RuleViolation("T burn", "no burns")

    def _settlement_lines(self) -> tuple[PayoutLine, ...]:
        lines = []
        for s in self._stakes:
            rank = self._hands[s.position][0].rank
            if s.bet == "high":
                result = Result.WIN if rank >= Rank.EIGHT else Result.LOSE
            elif rank == Rank.SEVEN:
                result = Result.CARRY
            else:
                result = Result.WIN if rank <= Rank.SIX else Result.LOSE
            prize = s.amount if result is Result.WIN else 0
            lines.append(
                self._line(s.player, s.position, s.bet, s.amount, result, "T", prize, False)
            )
        return tuple(lines)

    def _check_shuffle_phase(self) -> None:
        if self._phase not in (Phase.NEEDS_SHUFFLE, Phase.READY):
            raise RuleViolation("T shuffle", "not now")

    def _check_cut_card(self, depth: object) -> None:
        if depth is not None:
            raise RuleViolation("T cut card", "none")

    def _check_card_burned(self, event: CardBurned) -> None:
        raise RuleViolation("T burn", "no burns")

    def _check_card_dealt(self, event: CardDealt) -> None:
        if self._phase is not Phase.DEALING:
            raise RuleViolation("T deal", "not now")
        self._check_exposed(event.exposed)

    def _check_settleable(self) -> None:
        if self._phase is not Phase.DEALT:
            raise RuleViolation("T settle", "not now")

    def _refuse_lines(self, lines: tuple[PayoutLine, ...], due: tuple[PayoutLine, ...]) -> None:
        raise RuleViolation("T lines", "wrong")

    def _round_opened(self) -> None:
        self._places = ()
        self._hands = {}

    def _bets_closed(self, positions: tuple[int, ...]) -> None:
        self._places = positions
        self._hands = {p: [] for p in positions}

    def _card_burned(self, event: CardBurned) -> None:  # pragma: no cover - refused
        raise AssertionError

    def _card_dealt(self, event: CardDealt) -> None:
        assert self._shoe is not None
        self._shoe.take()
        self._hands[event.to].append(event.card)
        if all(self._hands.values()):
            self._phase = Phase.DEALT

    def _shuffle_reason(self) -> Refusal | None:
        return BOX_DONE if self._options.box else None

    def _view_round(self, seat: int | None) -> dict[str, Any]:
        return {"hands": {p: [str(c) for c in cards] for p, cards in self._hands.items()}}


def ready(options: Options | None = None, seed: str = "t") -> HighCard:
    game = HighCard(options or Options())
    game.shuffle(SeededShuffler(seed))
    game.open_round()
    return game


def rule(call: Any, *args: Any) -> str:
    with pytest.raises(RuleViolation) as info:
        call(*args)
    return info.value.rule


def test_refusal_formats_its_template() -> None:
    err = Refusal("Art 1", "place {position!r} of {most}")(position="x", most=3)
    assert (err.rule, err.detail) == ("Art 1", "place 'x' of 3")


def test_is_int_refuses_bools() -> None:
    assert is_int(3) and not is_int(True) and not is_int(3.0)


def test_a_round_settles_to_the_unit_and_replays() -> None:
    game = ready()
    game.place_bet("ana", 1, Bet.HIGH, 100)
    game.place_bet("bo", 3, "low", 50)
    assert game.close_bets().positions == (1, 3)
    game.deal()
    settled = game.settle()
    assert [line.bet for line in settled.lines] == ["high", "low"]
    assert sum(game.balances.values()) + game.house_result == 0
    assert game.last_settlement is not None and game.phase is Phase.READY
    assert HighCard.from_record(game.to_record()).digest() == game.digest()


def test_the_shared_checks_cite_the_games_articles() -> None:
    game = HighCard(Options())
    assert rule(game.open_round) == "T shuffle_first"
    assert rule(lambda: game.shuffle(SeededShuffler("x"), cut=0)) == "T cut"
    game = ready()
    assert rule(game.place_bet, "ana", 4, "high", 1) == "T place"
    assert rule(game.place_bet, "ana", 1, "tie", 1) == "T bet"
    assert rule(game.withdraw_bet, "ana", 1, "high") == "T no_stake"
    assert rule(game.close_bets) == "T empty_layout"
    assert rule(game.open_round) == "T round_in_play"
    with pytest.raises(RecordError):
        game.place_bet(" ana", 1, "high", 1)
    game.place_bet("ana", 1, "high", 1)
    game.close_bets()
    assert rule(game.place_bet, "ana", 1, "high", 1) == "T bet_out_of_turn"
    assert rule(game.withdraw_bet, "ana", 1, "high") == "T withdraw_out_of_turn"
    assert rule(game.close_bets) == "T close_out_of_turn"
    assert rule(game.burn) == "T burn"
    assert not game.can_settle()


def test_a_tampered_shoe_or_round_number_is_refused_on_replay() -> None:
    log = list(ready().log)
    shuffled = log[0]
    assert isinstance(shuffled, ShoeShuffled)
    swapped = (shuffled.order[1], shuffled.order[0], *shuffled.order[2:])
    bad_order = ShoeShuffled(swapped, shuffled.cut, None, shuffled.commitment)
    short = ShoeShuffled(shuffled.order[1:], shuffled.cut, None, shuffled.commitment)
    for events, article in [
        ([bad_order], "T commitment"),
        ([short], "T shoe"),
        ([shuffled, RoundOpened(2)], "T round_number"),
    ]:
        assert rule(HighCard.replay, Options(), events) == article


def test_a_carried_stake_stays_marked_and_a_box_needs_a_shuffle() -> None:
    for seed in map(str, range(200)):
        game = ready(Options(box=True), seed)
        game.place_bet("ana", 2, "low", 10)
        game.close_bets()
        (dealt,) = game.deal()
        if dealt.card.rank is Rank.SEVEN:
            break
    else:  # pragma: no cover - a 7 comes within 200 shoes
        pytest.fail("no 7 dealt")
    (line,) = game.settle().lines
    assert line.result is Result.CARRY and game.stakes[0].carried
    assert game.view()["layout"] == [
        {"player": "ana", "position": 2, "bet": "low", "amount": 10, "carried": True}
    ]
    assert game.phase is Phase.NEEDS_SHUFFLE
    assert rule(game.open_round) == "T box"


def test_the_view_frame() -> None:
    game = ready()
    view = game.view(1)
    assert list(view) == [
        "game",
        "regulation",
        "seat",
        "phase",
        "round",
        "options",
        "shoe",
        "layout",
        "hands",
        "last_settlement",
        "balances",
        "house_result",
    ]
    assert view["shoe"] is not None and "order" not in view["shoe"]
    assert view["shoe"]["remaining"] == 52
    assert rule(game.view, 9) == "T place"


def test_events_outside_the_game_are_refused() -> None:
    game = ready()
    assert rule(game._commit, Card.parse("As")) == "protocol"
    assert RoundSettled in HighCard.EVENTS
