"""Mah-Jong (Portaria 52/89/M; the play is Hong Kong old style, ``GAMES.md`` §2) on the table
interface: :class:`MahjongTable`.

Four places, taken in order as players sit (``sit`` with a buy-in from the cashier). The table
holds a :class:`~croupier.games.mahjong.match.Match` (the rounds of Art 2, the deal's rotation,
the prevailing wind) and plays its games one after the other; a sitting that is over is followed
by a new one. A round of the table is one game: it opens with the deal and closes with its
settlement.

* **The house** (:meth:`step_house`): when the four places are taken and every player holds
  what the table asks (``payments``), ``deal`` (shuffle with :attr:`source`, the banker's three
  dice, the deal of Art 2: :class:`~croupier.games.mahjong.events.GameDealt`); when a game is
  over, ``settle`` (:class:`GameSettled`: what each player pays or receives, the commission).
  Everything else in a game is the players' (the draws and replacement tiles follow their
  commands automatically, as in the game).
* **Deadlines** (``waiting_on``): the player on turn has ``turn_ms`` (default 20 s) to discard,
  declare a kong or win; when it passes (``timeout``) he discards the tile he drew, or, with
  none drawn (after a claim), the last tile of his sorted hand. The players answering a claim
  window have ``claim_ms`` (8 s) from its opening; when it passes, each one who has not answered
  passes. Between games a player short of chips has ``top_up_ms`` (60 s) to top up; when it
  passes, he leaves with his chips.
* **Money** (``ledger``): a player's chips are ``player:NAME``; a game's settlement moves chips
  between the players (the losers pay the winner, or a false win's declarer pays the others)
  and the commission to ``commission``. With ``payments = cover`` (default) a player sits with,
  and before each deal holds, at least the most one game can cost him
  (:meth:`~croupier.games.mahjong.options.MahjongOptions.cover`), so every payment is paid as
  the game's own settlement says; with ``cap`` each payment is capped at the payer's chips and
  the settlement records what was paid. Either way no balance goes below zero and the ledger
  agrees with the table's own fold (:meth:`chips`).
* **Who sees what** (``_shown``, issue 17): the wall's order is never shown (``game_dealt``
  shows the dice to all and to each player his own dealt tiles); a drawn tile is its drawer's
  (the others see that he drew, and whether a replacement); a claim is its claimer's until the
  window resolves (the others see that he answered); discards, kongs, exposed melds, the win
  with the winner's hand, a false win's hand and the settlement are public. An inspector sees a
  finished game whole.
* **Provably fair**: with a :class:`~croupier.table.sources.FairSource` the deal is preceded by
  ``fairness_committed`` and the settlement by ``fairness_revealed``; replay recomputes the
  deal from the revealed seed and refuses one that differs.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from croupier.errors import RecordError, RuleViolation
from croupier.games.mahjong.bots import SeatFacts
from croupier.games.mahjong.commands import (
    TABLE_COMMANDS,
    Chow,
    CloseClaims,
    Deal,
    Discard,
    Kong,
    Leave,
    Pass,
    Pung,
    Settle,
    Sit,
    TopUp,
    Win,
)
from croupier.games.mahjong.events import (
    ClaimMade,
    ClaimPassed,
    FalseWinDeclared,
    GameDealt,
    GameWon,
    TileDrawn,
)
from croupier.games.mahjong.match import Match
from croupier.games.mahjong.options import MahjongOptions, Payments
from croupier.games.mahjong.round import MahjongGame
from croupier.games.mahjong.rules import PLAYERS, REGULATION, Seat
from croupier.games.mahjong.scoring import BASIS_POINTS
from croupier.games.mahjong.view import seat_view
from croupier.games.mahjong.wall import deal_from_order, deal_mahjong
from croupier.games.void import ARTICLES, HouseVoid, VoidRound, check_void, refuse_fixed
from croupier.offers import Between, Offer
from croupier.protocol import Command, Event
from croupier.shuffle import ProvablyFairShuffler, verify_commitment
from croupier.table.actor import Actor, Role
from croupier.table.base import Table, Wait
from croupier.table.events import (
    TABLE_EVENTS,
    ChipsIn,
    ChipsOut,
    FairnessCommitted,
    FairnessRevealed,
)
from croupier.table.ledger import Tx
from croupier.table.log import Entry, Shown
from croupier.table.mahjong_offers import seat_offers
from croupier.table.void import VOID_OFFER, check_void_entry

__all__ = ["GameSettled", "MahjongTable"]

#: the rules the table's own refusals cite
TABLES: Final = "tables"
FAIR: Final = "fair play"
#: events that answer a window without opening a turn or a window (no new deadline)
_ANSWERS: Final = (ClaimMade, ClaimPassed)
_ANSWER_TYPES: Final = frozenset(_ANSWERS)
#: the game's events that move no money and neither open nor close a round (all but the deal)
_QUIET: Final = frozenset(MahjongGame.EVENTS) - {GameDealt}
#: the commands of a seat in the game (MahjongGame.play)
_PLAYS: Final = frozenset({Discard, Kong, Win, Pung, Chow, Pass})
#: SeatFacts(view, legal) without the NamedTuple's own __new__ (a Python call at every decision)
_new_facts: Final = tuple.__new__


@dataclass(frozen=True, slots=True)
class GameSettled(Event):
    """Game ``number`` of the table is paid: ``players`` held the seats E, S, W, N; ``net`` is
    what each seat's player received (or paid, negative) and ``commission`` the house's; the
    nets and the commission sum to zero. With ``payments = cover`` they are the game's own
    settlement; with ``cap``, what was paid."""

    TYPE = "game_settled"
    number: int
    players: tuple[str, ...]
    net: tuple[int, ...]
    commission: int


def _capped(owed: Mapping[Seat, int], chips: Mapping[Seat, int]) -> dict[Seat, int]:
    """What each payer pays of what he owes (positive amounts), capped at his chips."""
    return {s: min(v, max(chips[s], 0)) for s, v in owed.items()}


class MahjongTable(Table[MahjongOptions]):
    """A Mah-Jong table of four places (see the module docstring)."""

    GAME: ClassVar[str] = "mahjong"
    #: Art 2: "O Mah-Jong joga-se com quatro jogadores ou parceiros"
    MIN_PLAYERS: ClassVar[int] = PLAYERS
    HOUSE_STEPS_OFFERED: ClassVar[bool] = True  # tests/table/test_house_steps.py
    COMMANDS: ClassVar[tuple[type[Command], ...]] = (*TABLE_COMMANDS, VoidRound)
    EVENTS: ClassVar[tuple[type[Event], ...]] = (
        *MahjongGame.EVENTS,
        GameSettled,
        *TABLE_EVENTS,
        HouseVoid,
    )

    # -- state ----------------------------------------------------------------------------------

    def _setup(self) -> None:
        #: the player at each place (None: free)
        self._places: list[str | None] = [None] * PLAYERS
        self._chips: dict[str, int] = {}
        self._match = Match(self.options)
        #: games dealt at this table; the events of the games settled (and their settlements)
        self._dealt = 0
        self._past_events = 0
        self._table_events = 0
        #: the table clock when the current turn, window or break between games began
        self._since = 0
        #: the event that opens the next round (the deal's first)
        self._opener: Event | None = None
        #: the provably-fair commitment of the game in play, and the secrets this process drew
        self._commitment: FairnessCommitted | None = None
        self._revealed = False
        #: the game in play (the match's current game, kept here: it is read at every step),
        #: and, while it is in play, the player of each seat and the seat of each player (the
        #: places do not change in a game)
        self._game: MahjongGame | None = None
        self._by_seat: tuple[str, ...] = ()
        self._seats: dict[str, Seat] = {}
        #: what was worked out for the table as it stands at entry ``_memo_at``: the waits, and
        #: each actor's offers with, for a seat in the game, its seat and legal commands
        self._memo_at = -1
        #: the Shown of a drawn tile or a claim, by (kind, player, seat, replacement)
        self._owned: dict[tuple[str, str, Seat, bool | None], Shown] = {}
        self._memo_waits: tuple[Wait, ...] | None = None
        #: a claim window's waits by seat, made for (the game, the deadline)
        self._window_waits: list[Wait | None] = [None, None, None, None]
        self._window_for: tuple[MahjongGame, int] | None = None
        self._memo_legal: dict[str, tuple[tuple[Offer, ...], Seat | None, tuple[Command, ...]]] = {}
        self._cover = self.options.cover()
        #: table events a command folded in their order among its game events, which the base
        #: then does not fold again
        self._prefolded: list[Event] = []
        if not hasattr(self, "_secrets"):
            self._secrets: dict[str, bytes] = {}

    def _fold_size(self) -> int:
        game = self._game
        played = game.log_size if game is not None else 0
        return self._past_events + played + self._table_events

    def _forget(self) -> None:
        """Forget what was worked out for an earlier state of the table (asked whenever the
        entries are not those it was worked out at). The state changes only by a command
        (:meth:`_execute`, :meth:`_timeout`), a table event or a recorded event folded
        (:meth:`_apply_table_event`, :meth:`_replay_event`), each of which forgets it, and its
        entries follow; a failed command's state is rebuilt (``_setup`` again). The memo is
        emptied before its position is set, so a reader never pairs the new position with an
        earlier state's offers (a table is read and written by one job at a time anyway)."""
        self._memo_waits = None
        self._memo_legal = {}
        self._memo_at = len(self._entries)

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> MahjongOptions:
        return MahjongOptions.from_dict(data)

    @property
    def match(self) -> Match:
        """The sitting in play (its rounds, the deal's rotation)."""
        return self._match

    @property
    def game(self) -> MahjongGame | None:
        """The game in play (dealt, not yet settled)."""
        return self._game

    @property
    def places(self) -> tuple[str | None, ...]:
        return tuple(self._places)

    def place_of(self, player: str) -> int | None:
        try:
            return self._places.index(player)
        except ValueError:
            return None

    def seat_of(self, player: str) -> Seat | None:
        """The seat wind ``player`` holds in the game in play (or the next)."""
        place = self.place_of(player)
        return None if place is None else self._match.seat_of(place)

    def player_at(self, seat: Seat) -> str:
        if self._by_seat:  # a game in play
            return self._by_seat[seat]
        player = self._places[self._match.place_of(seat)]
        assert player is not None
        return player

    def chips(self) -> Mapping[str, int]:
        return dict(self._chips)

    def _short(self, player: str) -> int:
        """How many chips ``player`` lacks to be dealt in (0: none)."""
        least = self._cover if self.options.payments is Payments.COVER else 1
        return max(0, least - self._chips.get(player, 0))

    def _seated(self) -> list[str]:
        return [p for p in self._places if p is not None]

    # -- the fold -------------------------------------------------------------------------------

    def _apply_table_event(self, event: Event) -> None:
        self._memo_at = -1  # the state changes: what was worked out for it goes (_forget)
        if any(event is e for e in self._prefolded):  # folded in order by _execute already
            self._prefolded = [e for e in self._prefolded if e is not event]
            return
        super()._apply_table_event(event)
        self._table_events += 1
        if isinstance(event, ChipsIn):
            if self._game is not None:
                raise RuleViolation(TABLES, "chips are bought between games")
            if event.player not in self._places:
                if None not in self._places or self._game is not None:
                    raise RuleViolation(TABLES, f"no free place for {event.player} now")
                self._places[self._places.index(None)] = event.player
            self._chips[event.player] = self._chips.get(event.player, 0) + event.amount
        elif isinstance(event, ChipsOut):
            if self._game is not None or event.player not in self._places:
                raise RuleViolation(TABLES, f"{event.player} cannot leave now")
            if event.amount != self._chips.get(event.player, 0):
                raise RuleViolation(TABLES, "a player leaving cashes out every chip")
            self._places[self._places.index(event.player)] = None
            del self._chips[event.player]
        elif isinstance(event, FairnessCommitted):
            if self._game is not None:
                raise RuleViolation(FAIR, "a commitment comes before the deal")
            self._commitment, self._revealed = event, False
            if self._opener is None:
                self._opener = event
        elif isinstance(event, FairnessRevealed):
            self._check_reveal(event)
            self._revealed = True

    def _fold_game(self, event: Event, at: int) -> None:
        """Fold one game event (a deal begins the next game of the sitting)."""
        if isinstance(event, GameDealt):
            if len(self._seated()) < PLAYERS:
                raise RuleViolation(TABLES, "a game is dealt to four players")
            if self._match.over:
                self._match = Match(self.options)
            match = self._match
            self._game = match.begin()
            names = [self._places[match.place_of(s)] for s in Seat]
            self._by_seat = tuple(n for n in names if n is not None)
            self._seats = {n: s for s, n in zip(Seat, self._by_seat, strict=True)}
            self._dealt += 1
            if self._opener is None:
                self._opener = event
        game = self._game
        if game is None:
            raise RuleViolation(TABLES, f"no game is in play for a {event.TYPE}")
        game.apply_recorded(event)
        if not isinstance(event, _ANSWERS):
            self._since = at

    def _fold_settled(self, event: GameSettled, at: int) -> None:
        expected = self._settlement()
        if event != expected:
            raise RuleViolation(
                TABLES,
                f"the settlement says {list(event.net)} and commission {event.commission}; "
                f"the game and the chips give {list(expected.net)} and {expected.commission}",
            )
        for name, net in zip(event.players, event.net, strict=True):
            self._chips[name] += net
        game = self._game
        assert game is not None
        self._past_events += game.log_size + 1  # the game's events and this settlement
        self._match.conclude()
        self._in_play(None)
        self._since = at
        self._commitment = None

    def _fold_void(self, event: HouseVoid, at: int) -> None:
        """A dealer's void of the game in play (no article voids a game: house practice, no
        payment): the game is dropped from the sitting and its tiles are never shown (its fair
        seed is not revealed)."""
        game = self._voidable()
        check_void(event, self.GAME, ())
        self._past_events += game.log_size + 1  # the game's events and this void
        self._match.abandon()
        self._in_play(None)
        self._since = at
        self._commitment, self._revealed = None, False

    def _in_play(self, game: MahjongGame | None) -> None:
        """The game in play is now ``game`` (None: none)."""
        self._game = game
        if game is None:
            self._by_seat, self._seats = (), {}

    def _voidable(self) -> MahjongGame:
        """The game in play a dealer may void: not once its result is fixed (a win declared)."""
        game = self._game
        if game is None:
            raise RuleViolation(TABLES, "no game in play to void")
        if game.result_fixed:
            raise refuse_fixed(self.GAME)
        return game

    def _replay_event(self, event: Event, entry: Entry) -> None:
        self._memo_at = -1  # the state changes: what was worked out for it goes (_forget)
        if isinstance(event, HouseVoid):
            check_void_entry(event, entry)
            self._fold_void(event, entry.at)
        elif isinstance(event, GameSettled):
            self._fold_settled(event, entry.at)
        else:
            self._fold_game(event, entry.at)

    def _settlement(self) -> GameSettled:
        """The settlement of the finished game in play, as the table pays it."""
        game = self._game
        if game is None or game.result is None:
            raise RuleViolation(TABLES, "no finished game to settle")
        players = tuple(self.player_at(s) for s in Seat)
        result = game.result
        net = [0] * PLAYERS
        commission = 0
        if isinstance(result, GameWon | FalseWinDeclared):
            net = list(result.net)
            if isinstance(result, GameWon):
                commission = result.commission
            if self.options.payments is Payments.CAP:
                net, commission = self._capped_net(result, players)
        return GameSettled(self._dealt, players, tuple(net), commission)

    def _capped_net(
        self, result: GameWon | FalseWinDeclared, players: tuple[str, ...]
    ) -> tuple[list[int], int]:
        """The nets when each payment is capped at the payer's chips."""
        chips = {s: self._chips[players[s]] for s in Seat}
        if isinstance(result, GameWon):
            owed = {s: -result.net[s] for s in Seat if result.net[s] < 0}
            paid = _capped(owed, chips)
            gain = sum(paid.values())
            commission = gain * self.options.scoring.commission_bp // BASIS_POINTS
            net = [-paid.get(s, 0) for s in Seat]
            net[result.seat] = gain - commission
            return net, commission
        # a false win: the declarer pays each other seat in turn from his right, while he can
        left = max(chips[result.seat], 0)
        net = [0] * PLAYERS
        for s in (result.seat.right, result.seat.right.right, result.seat.left):
            share = min(result.net[s], left)
            net[s], left = share, left - share
        net[result.seat] = -sum(net)
        return net, 0

    def _check_reveal(self, event: FairnessRevealed) -> None:
        """The revealed seed matches the commitment and gives the tiles dealt."""
        c, game = self._commitment, self._game
        if c is None or game is None or self._revealed or game.result is None:
            raise RuleViolation(FAIR, "a seed is revealed once, when its game is over")
        try:
            seed = bytes.fromhex(event.server_seed)
        except ValueError:
            raise RecordError("server_seed", "the revealed seed is not hexadecimal") from None
        verify_commitment(seed, c.commitment)
        dealt = game.log[0]
        assert isinstance(dealt, GameDealt)
        again = deal_mahjong(ProvablyFairShuffler(seed, c.client_seed, c.nonce), game.options.table)
        if again.order != dealt.order or again.dice != dealt.dice:
            raise RuleViolation(FAIR, "the revealed seed does not give the tiles and dice dealt")

    # -- commands -------------------------------------------------------------------------------

    def join_commands(self, player: str) -> tuple[Command, ...]:
        if player in self._places or None not in self._places or self._game is not None:
            return ()
        return (Sit(self.options.least_buy_in),)

    def _house_command(self, at: int) -> Command | None:
        game = self._game
        if game is None:
            seated = self._seated()
            if len(seated) == PLAYERS and not any(self._short(p) for p in seated):
                return Deal()
            return None
        if game.result is not None:
            return Settle()
        return None

    def legal(self, actor: Actor) -> tuple[Offer, ...]:
        # the memo of _legal (asked twice a command)
        if len(self._entries) != self._memo_at:
            self._forget()
        found = self._memo_legal.get(actor.text)
        if found is None:
            found = self._memo_legal[actor.text] = self._legal(actor)
        return found[0]

    def _legal(self, actor: Actor) -> tuple[tuple[Offer, ...], Seat | None, tuple[Command, ...]]:
        """``actor``'s offers now with, for a seat in the game, the seat and its legal
        commands (the ones the offers admit, in order); worked out once per state (the memo
        read by :meth:`legal` and :meth:`_facts`: asked by whoever drives the table, for the
        actor's view and again by apply)."""
        role = actor.role
        if role is not Role.PLAYER:
            return (self._dealer_offers() if role is Role.DEALER else ()), None, ()
        name = actor.name
        game = self._game
        if game is not None:
            seat = self._seats.get(name)
            if seat is not None:
                commands = game.legal(seat)
                # in a claim window the seat may pass, always (and only there)
                in_window = bool(commands) and type(commands[-1]) is Pass
                return seat_offers(commands, in_window), seat, commands
        return self._table_offers(name, game), None, ()

    def _table_offers(self, name: str, game: MahjongGame | None) -> tuple[Offer, ...]:
        """The offers of a player who holds no seat in the game in play."""
        place = self.place_of(name)
        if place is None:
            if None in self._places and game is None:
                low, high = self.options.least_buy_in, self.options.most_chips
                # (the bounds are the field's: a page shows them in the house currency)
                return (Offer(Sit, {"buy_in": Between(low, high)}, "sit with a buy-in"),)
            return ()
        if game is None:
            offers = [Offer(Leave, {}, "leave, cashing out")]
            room = self.options.most_chips - self._chips[name]
            if room > 0:
                low = max(1, min(self._short(name), room))
                offers.insert(0, Offer(TopUp, {"amount": Between(low, room)}, "top up"))
            return tuple(offers)
        return ()  # pragma: no cover - a seated player holds a seat in the game in play

    def _dealer_offers(self) -> tuple[Offer, ...]:
        out: list[Offer] = []
        command = self._house_command(0)
        if command is not None:
            out.append(Offer(type(command), {}, command.TYPE))
        game = self._game
        if game is not None and game.window is not None:
            out.append(Offer(CloseClaims, {}, "close the claim window"))
        if game is not None and not game.result_fixed:  # a win declared: the result is fixed
            out.append(VOID_OFFER)
        return tuple(out)

    def _verify(self, actor: Actor, command: Command, at: int) -> None:
        if actor.role is Role.DEALER and isinstance(command, VoidRound):
            self._voidable()  # no game in play, or its result fixed
        if not actor.is_player:
            raise RuleViolation(TABLES, f"{command.TYPE} is not the dealer's to give now")
        name, game = actor.name, self._game
        place = self.place_of(name)
        if isinstance(command, Sit):
            if place is not None:
                raise RuleViolation(TABLES, f"{name} is already seated")
            if None not in self._places:
                raise RuleViolation(TABLES, "the four places are taken")
            if game is not None:
                raise RuleViolation(TABLES, "a player sits down between games")
            low, high = self.options.least_buy_in, self.options.most_chips
            raise RuleViolation(
                "table option buy_in", f"a buy-in is {low} to {high}, not {command.buy_in}"
            )
        if place is None:
            raise RuleViolation(TABLES, f"{name} has no place at this table")
        if isinstance(command, TopUp | Leave):
            if game is not None:
                raise RuleViolation(TABLES, f"{command.TYPE}: only between games")
            if isinstance(command, TopUp):
                room = self.options.most_chips - self._chips[name]
                raise RuleViolation(
                    "table option buy_in",
                    f"a top-up is 1 to {room} (at most {self.options.most_chips} chips at the "
                    f"table), not {command.amount}",
                )
        if game is None:
            raise RuleViolation(TABLES, "no game is in play")
        if game.result is not None:
            raise RuleViolation(TABLES, "the game is over")
        game.verify_command(self._match.seat_of(place), command)

    def _execute(self, actor: Actor, command: Command, at: int) -> list[Event]:
        self._memo_at = -1  # the state changes: what was worked out for it goes (_forget)
        if type(command) in _PLAYS:  # most commands: a seat's in the game (it is offered)
            game = self._game
            assert game is not None
            events = game.play(self._seats[actor.name], command)
            self._note(events, at)
            return events
        if isinstance(command, VoidRound):
            event = HouseVoid(command.reason, actor.name, ARTICLES[self.GAME], ())
            self._fold_void(event, at)
            return [event]
        if isinstance(command, Sit | TopUp):
            amount = command.buy_in if isinstance(command, Sit) else command.amount
            return [ChipsIn(actor.name, amount)]
        if isinstance(command, Leave):
            return [ChipsOut(actor.name, self._chips[actor.name])]
        if isinstance(command, Deal):
            return self._deal(at)
        if isinstance(command, Settle):
            return self._settle(at)
        game = self._game
        assert game is not None
        if isinstance(command, CloseClaims):
            events = game.close_claims()
        else:
            place = self.place_of(actor.name)
            assert place is not None
            events = game.play(self._match.seat_of(place), command)
        self._note(events, at)
        return events

    def _prefold(self, event: Event) -> None:
        """Fold a table event now, in its place among the command's game events."""
        self._apply_table_event(event)
        self._prefolded.append(event)

    def _note(self, events: Sequence[Event], at: int) -> None:
        """Events the game folded itself (a player's command): the clock of the deadlines."""
        for e in events:
            if type(e) not in _ANSWER_TYPES:
                self._since = at
                return

    def _deal(self, at: int) -> list[Event]:
        shuffler = self.source.next()
        events: list[Event] = []
        if isinstance(shuffler, ProvablyFairShuffler):
            committed = FairnessCommitted(shuffler.commitment, shuffler.client_seed, shuffler.nonce)
            self._secrets[shuffler.commitment] = shuffler.server_seed
            self._prefold(committed)
            events.append(committed)
        deal = deal_mahjong(shuffler, self.options.table)
        dealt = GameDealt(deal.order, deal.dice)
        self._fold_game(dealt, at)
        return [*events, dealt]

    def _settle(self, at: int) -> list[Event]:
        events: list[Event] = []
        c = self._commitment
        # the seed from this process's shuffle, or (after a restart) from the source's key
        secret = None
        if c is not None and not self._revealed:
            secret = self._secrets.get(c.commitment) or self.source.secret(c.commitment, c.nonce)
        if secret is not None:
            revealed = FairnessRevealed(secret.hex())
            self._prefold(revealed)
            events.append(revealed)
        settled = self._settlement()
        self._fold_settled(settled, at)
        return [*events, settled]

    # -- time -----------------------------------------------------------------------------------

    def waiting_on(self) -> tuple[Wait, ...]:
        if len(self._entries) != self._memo_at:
            self._forget()
        waits = self._memo_waits
        if waits is None:
            waits = self._memo_waits = self._waiting_on()
        return waits

    def _waiting_on(self) -> tuple[Wait, ...]:
        game = self._game
        o = self._options
        if game is None:
            deadline = self._since + o.top_up_ms
            return tuple(
                Wait(_player(p), deadline, "table option top_up_ms", "top up or leave")
                for p in self._seated()
                if self._short(p)
            )
        if game.result is not None:
            return ()
        turn = game.turn
        if turn is not None:
            player = self._by_seat[turn]
            return (
                Wait(
                    _player(player),
                    self._since + o.turn_ms,
                    "table option turn_ms",
                    "discard, declare a kong or win",
                ),
            )
        deadline = self._since + o.claim_ms
        made = self._window_waits  # a window's waits by seat, made once per game and deadline
        if self._window_for != (game, deadline):
            self._window_for = (game, deadline)
            made = self._window_waits = [None, None, None, None]
        out: list[Wait] = []
        for s in game.waiting():
            wait = made[s]
            if wait is None:
                wait = made[s] = Wait(
                    _player(self._by_seat[s]), deadline, "table option claim_ms", "claim or pass"
                )
            out.append(wait)
        return tuple(out)

    def _timeout(self, actor: Actor, at: int) -> list[Event]:
        self._memo_at = -1  # the state changes: what was worked out for it goes (_forget)
        game = self._game
        if game is None:  # short of chips when the time to top up ran out: he leaves
            return [ChipsOut(actor.name, self._chips[actor.name])]
        seat = self._seats[actor.name]
        if game.turn is seat:
            tile = game.drawn_tile or game.hand(seat)[-1]
            events = game.play(seat, Discard(tile))
        else:
            events = game.play(seat, Pass())
        self._note(events, at)
        return events

    def _check_closable(self) -> None:
        if self._game is not None:
            raise RuleViolation(TABLES, "a game is in play: the table closes after its settlement")

    # -- who sees what, money, rounds -----------------------------------------------------------

    def _shown(self, event: Event) -> Shown:
        if isinstance(event, GameDealt):
            game = self._game
            deal = game.dealt if game is not None else None
            if deal is None or deal.order != event.order:
                deal = deal_from_order(event.order, event.dice, self.options.table)
            public = {"type": event.TYPE, "dice": list(event.dice)}
            private: dict[str, Mapping[str, Any] | Callable[[], Mapping[str, Any]] | None] = {
                self.player_at(s): {**public, "hand": [str(t) for t in deal.hands[s]]} for s in Seat
            }
            return Shown(public, private)
        if isinstance(event, TileDrawn):
            return self._shown_own(event.TYPE, event.seat, event.replacement)
        if isinstance(event, ClaimMade):
            return self._shown_own(event.TYPE, event.seat, None)
        return Shown.PUBLIC

    def _shown_own(self, kind: str, seat: Seat, replacement: bool | None) -> Shown:
        """A drawn tile or a claim: the seat's player sees it whole, the others that he drew
        (and whether a replacement) or answered. Made once per player, seat and kind (a Shown
        and its forms are read only, each reader given a copy)."""
        player = self.player_at(seat)
        key = (kind, player, seat, replacement)
        shown = self._owned.get(key)
        if shown is None:
            form: dict[str, Any] = {"type": kind, "seat": int(seat)}
            if replacement is not None:
                form["replacement"] = replacement
            shown = Shown.only([player], form)
            if len(self._owned) >= 1024:
                self._owned.clear()
            self._owned[key] = shown
        return shown

    def _append(
        self,
        event: Event,
        actor: Actor,
        command_id: str | None,
        command: Mapping[str, Any] | None,
        at: int,
    ) -> Entry:
        if type(event) in _QUIET:
            # most entries: a game event that moves no money and neither opens nor closes a
            # round (_money and _round_edge say nothing of it), seen as _shown says
            return self._append_quiet(event, actor, command_id, command, at, self._shown(event))
        return super()._append(event, actor, command_id, command, at)

    def _money(self, event: Event, seq: int) -> Sequence[Tx]:
        if isinstance(event, GameSettled):
            changes: dict[str, int] = {"commission": event.commission}
            for name, net in zip(event.players, event.net, strict=True):
                changes[f"player:{name}"] = changes.get(f"player:{name}", 0) + net
            return [Tx.of(f"{seq}", f"game {event.number}", changes)]
        return []

    def _round_edge(self, event: Event) -> Literal["open", "close"] | None:
        if event is self._opener:
            self._opener = None
            return "open"
        if isinstance(event, GameSettled | HouseVoid):
            return "close"
        return None

    # -- what an actor sees ---------------------------------------------------------------------

    def _facts(self, actor: Actor) -> object | None:
        """In a game, a seated player's :class:`~croupier.games.mahjong.bots.SeatFacts`: the
        game's view of his seat (his JSON view less the table's part) and the commands his
        offers admit, in their order; None for anyone else, or between games."""
        game = self._game
        if game is None or not actor.is_player:
            return None
        # the memo of _legal (asked at every decision)
        if len(self._entries) != self._memo_at:
            self._forget()
        found = self._memo_legal.get(actor.text)
        if found is None:
            found = self._memo_legal[actor.text] = self._legal(actor)
        _, seat, commands = found
        if seat is None:
            return None
        # the game's legal commands of the seat: the commands its offers admit, in their
        # order (_offers), as commands_of(offers) gives them
        return _new_facts(SeatFacts, (seat_view(game, int(seat)), commands))

    def view(self, actor: Actor) -> dict[str, Any]:
        """The game as ``actor``'s seat sees it (:func:`~croupier.games.mahjong.view.seat_view`:
        a player his own tiles, anyone else the public table), with the table: places, players,
        chips, the sitting, who is waited on and until when."""
        game = self._game
        seat = self.seat_of(actor.name) if actor.is_player else None
        if game is not None:
            out = seat_view(game, None if seat is None else int(seat))
        else:
            out = {"game": self.GAME, "regulation": REGULATION, "phase": "between games"}
        out["table"] = self._table_view()
        return out

    def _table_view(self) -> dict[str, Any]:
        """The table's part of every view: places, chips, the sitting, who is waited on."""
        match = self._match
        banker = match.banker
        return {
            "id": self.table_id,
            "places": [
                {
                    "place": i + 1,
                    "player": p,
                    "chips": None if p is None else self._chips[p],
                    "wind": "ESWN"[(i - banker) % PLAYERS],
                }
                for i, p in enumerate(self._places)
            ],
            "games_dealt": self._dealt,
            "sitting": {
                "prevailing": match.prevailing.name.lower(),
                "banker": banker + 1,
                "games": len(match.summaries),
                "over": match.over,
                "rotation": self.options.rotation.value,
            },
            "cover": self._cover,
            "payments": self.options.payments.value,
            "waiting": [w.to_dict() for w in self.waiting_on()],
        }


@functools.lru_cache(maxsize=1024)
def _player(name: str) -> Actor:
    """The actor of a player's name (made once: an actor checks its name when made)."""
    return Actor.player(name)
