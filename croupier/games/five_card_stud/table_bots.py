"""Five-card stud's bots on the one bot interface of the tables (``choose(view, legal) ->
Command``): :class:`TableBot` reads only the table's view and its offers and plays by a
:class:`~croupier.games.five_card_stud.bots.StrengthBot` or a
:class:`~croupier.games.five_card_stud.bots.RandomBot`;
:data:`croupier.games.five_card_stud.bots.BOTS` makes them by kind. The game's own bots and its
play loop are in :mod:`croupier.games.five_card_stud.bots`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from croupier.cards import Card, parse_cards
from croupier.games.five_card_stud.bots import _MEMO_LIMIT, Bot, RandomBot, StrengthBot
from croupier.games.five_card_stud.events import Act
from croupier.games.five_card_stud.round import Legal, Observation
from croupier.protocol import Command
from croupier.rank.showing import ShowingKey, ShowingPattern, showing_key

if TYPE_CHECKING:
    from croupier.offers import Offer

__all__ = ["TableBot"]

_BOARD: dict[str, tuple[ShowingKey, int]] = {}


def _board_entry(text: str) -> tuple[ShowingKey, int]:
    """The best-hand key and highest rank of up cards written ``"As Kd"`` (memoised)."""
    found = _BOARD.get(text)
    if found is None:
        cards = parse_cards(text, deck=None)
        found = (showing_key(cards), max(int(c.rank) for c in cards))
        if len(_BOARD) < _MEMO_LIMIT:
            _BOARD[text] = found
    return found


_CARDS: dict[str, tuple[Card, ...]] = {}


def _cards_of(text: str) -> tuple[Card, ...]:
    """The cards written ``"As Kd"`` (memoised: a street's cards are read by every bot)."""
    found = _CARDS.get(text)
    if found is None:
        found = parse_cards(text, deck=None)
        if len(_CARDS) >= _MEMO_LIMIT:
            _CARDS.clear()
        _CARDS[text] = found
    return found


#: the last up cards a table bot read (seat text -> cards text, in order) and their board, as one
#: pair; the last board whose patterns were read and those, as one pair: each read and replaced
#: whole, so bots of tables in other threads never take one table's board for another's up cards
_LAST_UP: list[tuple[Any, Mapping[int, tuple[ShowingKey, int]]]] = [(None, {})]
_LAST_PATTERNS: list[tuple[object, Mapping[int, tuple[ShowingPattern, int]]]] = [(None, {})]


class _Seen:
    """What a seat sees, read from the table's JSON view and its offers: the attributes of an
    :class:`~croupier.games.five_card_stud.view.Observation` that the bots read (the cards are
    read from their text only when asked for)."""

    __slots__ = ("_hand", "_up", "hand", "in_hand", "legal", "pot", "round", "seat")

    def __init__(self, view: Mapping[str, Any], legal: Legal) -> None:
        hand = view["hand"]
        self._hand = hand
        self.seat: int = view["you"]["seat"]
        self.hand: int = hand["number"]
        self.round: int = hand["round"]
        self.pot: int = hand["pot"]
        self.in_hand: tuple[int, ...] = tuple(hand["in_hand"])
        self._up: Mapping[str, str] = hand["up"]
        self.legal: Legal | None = legal

    @property
    def up(self) -> tuple[Card, ...]:
        mine = self._up.get(str(self.seat), "")
        return _cards_of(mine) if mine else ()

    @property
    def key(self) -> Card | None:
        key = self._hand.get("key")
        return _cards_of(key)[0] if key else None

    def board(self) -> Mapping[int, tuple[ShowingKey, int]]:
        # the same up cards read again (the next bot of the street) give the same board
        # object, so _levels_of works the street's levels out once, as from an Observation
        key = tuple(self._up.items())
        last, board = _LAST_UP[0]
        if key != last:
            board = {int(s): _board_entry(text) for s, text in key if text}
            _LAST_UP[0] = (key, board)
        return board

    def patterns(self) -> Mapping[int, tuple[ShowingPattern, int]]:
        # the board without the suits, the same object for the same board (as board's)
        board = self.board()
        last, patterns = _LAST_PATTERNS[0]
        if board is not last:
            patterns = {s: ((k[0], k[1]), top) for s, (k, top) in board.items()}
            _LAST_PATTERNS[0] = (board, patterns)
        return patterns

    @property
    def others_up(self) -> Mapping[int, tuple[Card, ...]]:
        return {
            s: parse_cards(self._up[str(s)], deck=None) if self._up.get(str(s)) else ()
            for s in self.in_hand
            if s != self.seat
        }


def _legal_of(
    view: Mapping[str, Any], offers: Sequence[Offer], by_type: Mapping[str, Offer] | None = None
) -> Legal:
    """The :class:`Legal` of a seat on turn, from its offers (and the view, for the call);
    ``by_type``: the offers by type, when the caller has them already."""
    if by_type is None:
        by_type = {o.type: o for o in offers}
    hand = view["hand"]
    seat = view["you"]["seat"]
    call: int | None = None
    if "call" in by_type:
        bets = hand["bets"]
        owe = max(bets.values()) - bets[str(seat)]
        call = min(owe, view["seats"][str(seat)]["stack"])

    from croupier.offers import Between

    def span(kind: str) -> tuple[int, int] | None:
        offer = by_type.get(kind)
        if offer is None:
            return None
        domain = offer.fields["amount"]
        assert isinstance(domain, Between)
        return domain.low, domain.high

    return Legal(seat, True, "check" in by_type, call, span("bet"), span("raise_to"))


class TableBot:
    """A stud bot on the one bot interface (``choose(view, legal) -> Command``): it reads only
    the table's view and its offers, and plays by ``player`` (a :class:`StrengthBot` or a
    :class:`RandomBot`), capped at the table's least capital a round. Between hands, asked
    because it must top up (Art 6), it tops up to the least capital. Given the table's typed
    view (``Table.seen``: its ``facts`` the seat's :class:`Observation`) it reads that, as a
    bot on the game's own API does; given the JSON view (a client of the table server), the
    same facts from the JSON."""

    def __init__(self, player: Bot) -> None:
        self.player = player

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command:
        # imported when a table bot first chooses, not with this module: the simulation's bots
        # send no command (issue 22: 18 classes less to make at its start, ~8% of --hands 1)
        from croupier.games.five_card_stud import commands

        by_type = {o.command.TYPE: o for o in legal}
        if "top_up" in by_type:
            from croupier.offers import Between

            domain = by_type["top_up"].fields["amount"]
            assert isinstance(domain, Between)
            return commands.TopUp(domain.low)
        if "sit" in by_type:
            from croupier.offers import OneOf

            seats = by_type["sit"].fields["seat"]
            assert isinstance(seats, OneOf)
            return commands.Sit(min(seats.values), view["table"]["min_buy_in"])
        if "fold" not in by_type:  # nothing of a player's: the first offer as it stands
            return legal[0].sample(random.Random(0))
        player = self.player
        if isinstance(player, StrengthBot | RandomBot) and player.cap is None:
            player.cap = view["table"]["min_buy_in"]  # bets at the table's level
        facts = getattr(view, "facts", None)  # the table's typed view (Table.seen)
        if isinstance(facts, Observation) and facts.legal is not None:
            seen = facts  # the same facts as the JSON view and the offers, unparsed
        else:
            seen = cast(Observation, _Seen(view, _legal_of(view, legal, by_type)))  # read as one
        action, amount = player.decide(seen)
        if action is Act.BET:
            assert amount is not None
            return commands.Bet(amount)
        if action is Act.RAISE:
            assert amount is not None
            return commands.RaiseTo(amount)
        plain = {Act.FOLD: commands.Fold, Act.CHECK: commands.Check, Act.CALL: commands.Call}
        return plain[action]()
