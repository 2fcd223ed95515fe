"""The refusals of a banking table (:class:`~croupier.table.banking.ShoeTable`): for a command
no offer admits, the typed error that names the article, the table's limit or the cashier's rule
that refuses it (the game's own ``verify_x`` where the game decides)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from croupier.errors import RuleViolation
from croupier.events import Phase
from croupier.games.banking_commands import (
    Bet,
    Burn,
    BuyIn,
    CallBets,
    CloseBets,
    Deal,
    Done,
    Leave,
    OpenRound,
    Raise,
    Settle,
    Shuffle,
    Sit,
    Withdraw,
)
from croupier.games.void import VoidRound
from croupier.protocol import Command, Event
from croupier.table.actor import Actor, Role
from croupier.table.banking_events import BetsDone, BettingReopened, HandsRevealed, Seated

if TYPE_CHECKING:
    from croupier.table.banking import ShoeTable

__all__ = ["MAX_CHIPS", "check_own", "refuse"]

#: the most chips a player may hold at a table (a bound on typos, not a rule)
MAX_CHIPS: Final = 10**12
TABLES: Final = "tables"
CASHIER: Final = "cashier"


def refuse(self: ShoeTable[Any, Any], actor: Actor, command: Command) -> None:
    if actor.role is Role.DEALER:
        if isinstance(command, VoidRound):  # the engine's refusal: no round, or its result fixed
            self.voidable().verify_house_void(command.reason, actor.name)
            return
        _refuse_dealer(self, command)
        return
    name = actor.name
    game = self.game
    present = name in self._present
    if isinstance(command, Sit):
        _check_place(self, command.place)
        if self.game.phase in (Phase.DEALING, Phase.DEALT):
            raise RuleViolation(
                "Art 5.3",
                "nobody takes or changes a place in the middle of a round: wait for its end",
            )
        if command.place in self._seats:
            raise RuleViolation(
                self.PLACE_ARTICLE,
                f"place {command.place} is taken by {self._seats[command.place]}",
            )
        if self.place_of(name) is not None:
            raise RuleViolation(TABLES, f"{name} already sits at place {self.place_of(name)}")
        least = 0 if present else self._least_buy_in()
        _check_chips_in(self, command.buy_in, least, name)
        return
    if isinstance(command, BuyIn):
        _check_chips_in(self, command.amount, 1 if present else self._least_buy_in(), name)
        return
    if not present:
        raise RuleViolation(TABLES, f"{name} is not at this table: sit or buy chips first")
    if isinstance(command, Leave):
        if self._staked(name):
            raise RuleViolation(
                TABLES,
                f"{name} has stakes on the layout: withdraw them or wait for their settlement "
                "(a carried stake awaits the next round)",
            )
        return
    if isinstance(command, Done):
        if game.phase is not Phase.BETTING:
            raise RuleViolation(TABLES, f"betting is not open (phase {game.phase.value})")
        raise RuleViolation(TABLES, f"{name} has already said done this round")
    if isinstance(command, Withdraw):
        game.verify_withdraw_bet(name, command.place, command.bet)
        return
    if isinstance(command, Bet | Raise):
        stake = next(
            (
                s
                for s in game.stakes
                if (s.player, s.position, s.bet) == (name, command.place, command.bet)
            ),
            None,
        )
        if isinstance(command, Bet) and stake is not None:
            raise RuleViolation(
                "layout",
                f"{name} already has a {command.bet} stake at place {command.place}: raise it",
            )
        if isinstance(command, Raise) and stake is None:
            raise RuleViolation(
                "layout",
                f"{name} has no {command.bet} stake at place {command.place} to raise",
            )
        game.verify_place_bet(name, command.place, command.bet, command.amount)
        chips = self._chips(name)
        if command.amount > chips:
            raise RuleViolation(
                CASHIER,
                f"{name} has {chips} in chips: a stake of {command.amount} needs more "
                "(buy chips first)",
            )


def _check_place(self: ShoeTable[Any, Any], place: int) -> None:
    if not 1 <= place <= self.options.positions:
        raise RuleViolation(
            self.PLACE_ARTICLE,
            f"place {place} is not on this table (places 1..{self.options.positions})",
        )


def _check_chips_in(self: ShoeTable[Any, Any], amount: int, least: int, name: str) -> None:
    if amount < least:
        raise RuleViolation(
            CASHIER,
            f"a buy-in is at least {least} (the table's least stake), got {amount}",
        )
    if amount and amount > MAX_CHIPS - self._chips(name):
        raise RuleViolation(CASHIER, f"a player holds at most {MAX_CHIPS} in chips")


def _refuse_dealer(self: ShoeTable[Any, Any], command: Command) -> None:
    game = self.game
    if isinstance(command, Shuffle):
        game.verify_shuffle()
    elif isinstance(command, Burn):
        game.verify_burn()
    elif isinstance(command, OpenRound):
        game.verify_open_round()
    elif isinstance(command, CloseBets):
        game.verify_close_bets()
        if not self._betting_over():
            raise RuleViolation(
                "betting_seconds",
                "players still have betting time: bets close when all are done",
            )
    elif isinstance(command, CallBets):
        if not self._betting_over() or game.stakes:
            raise RuleViolation(TABLES, "bets are called again only when nobody bet")
    elif isinstance(command, Deal):
        game.verify_deal()
    elif isinstance(command, Settle):
        game.verify_settle()
    else:
        self._verify_extra(command)


def check_own(self: ShoeTable[Any, Any], event: Event) -> None:
    """A recorded event of the table's own, checked against the state."""
    game = self.game
    if isinstance(event, Seated):
        ok = (
            event.player in self._present
            and game.phase not in (Phase.DEALING, Phase.DEALT)
            and 1 <= event.place <= self.options.positions
            and event.place not in self._seats
            and self.place_of(event.player) is None
        )
    elif isinstance(event, BetsDone):
        ok = game.phase is Phase.BETTING and event.player in self._present
    elif isinstance(event, BettingReopened):
        ok = self._betting_over() and not game.stakes
    else:
        assert isinstance(event, HandsRevealed)
        hands = game.hands
        ok = (
            game.phase is Phase.DEALT
            and event.places == tuple(hands)
            and event.hands == tuple(hands.values())
        )
    if not ok:
        raise RuleViolation(TABLES, f"{event.TYPE} does not follow from the record")
