"""Why the 13-card table refuses a command no offer admits: the typed error naming the article
(:meth:`croupier.table.thirteen.ThirteenTable._verify`). The game's own check speaks first
(``verify_x`` of :class:`~croupier.games.thirteen.round.ThirteenGame`); when the game would
accept the command, the table's reason follows (chips, Art 5 standing bettors, the dealer's
turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.errors import RuleViolation
from croupier.games.thirteen.commands import (
    Bet,
    BuyIn,
    CancelDeal,
    DeclareNatural,
    Done,
    Leave,
    PickUp,
    RecordBankerFoul,
    SetBanker,
    SetTiers,
    Sit,
    Stand,
    Suggest,
    ThrowDice,
    Withdraw,
)
from croupier.games.thirteen.events import ThirteenPhase
from croupier.games.void import VoidRound
from croupier.protocol import Command
from croupier.table.actor import Actor, Role
from croupier.table.thirteen_events import MAX_SUGGESTIONS

if TYPE_CHECKING:
    from croupier.table.thirteen import ThirteenTable

__all__ = ["explain"]


def explain(table: ThirteenTable, actor: Actor, command: Command, at: int) -> None:
    """Raise the typed error that refuses ``command`` (no offer admits it): the game's check
    naming the article when the game refuses it, else the table's reason."""
    game = table.game
    if actor.role is Role.DEALER and isinstance(command, VoidRound):
        game.verify_house_void(command.reason, actor.name)  # no round, or its result fixed
        return
    if actor.role is Role.DEALER:
        _dealer(table, command, at)
        return
    player = actor.name
    if isinstance(command, Bet):
        game.verify_place_bet(player, command.position, command.units)
        if command.units * table.options.unit > table.chips().get(player, 0):
            raise RuleViolation(
                "cashier",
                f"{player} has {table.chips().get(player, 0)} in chips: not enough for "
                f"{command.units} unit(s) on position {command.position}",
            )
        raise RuleViolation(
            "Art 5",
            f"{player} stands: he bets on a position a seated player has bet on (only a "
            "seated player holds cards)",
        )
    if isinstance(command, Withdraw):
        game.verify_withdraw_bet(player, command.position)
        raise RuleViolation(
            "Art 5",
            f"position {command.position} would keep stakes with no seated bettor to hold it",
        )
    if isinstance(command, SetTiers):
        _setting(table, player, command, at)
    elif isinstance(command, DeclareNatural):
        game.verify_declare_natural(command.position, player, at)
    elif isinstance(command, PickUp):
        game.verify_pick_up(command.position, player, at)
    elif isinstance(command, Suggest):
        _suggestion(table, player, command)
    elif isinstance(command, Sit | Stand | Leave):
        _seat(table, player, command)
    elif isinstance(command, ThrowDice):
        game.verify_throw_dice()
        if game.thrower != player:
            raise RuleViolation("Art 2 b", f"the dice are thrown by {game.thrower}")
        raise RuleViolation("Art 2 b", "the dice are thrown once every bettor is done")
    elif isinstance(command, Done) and game.phase is not ThirteenPhase.BETTING:
        raise RuleViolation("Art 2 c", "bets are closed (or no round is open)")
    elif isinstance(command, Sit | BuyIn):
        raise RuleViolation("cashier", "a buy-in is 1 to 1000 units of the table")


def _setting(table: ThirteenTable, player: str, command: SetTiers, at: int) -> None:
    game = table.game
    setting = command.setting
    game.verify_set_position(
        command.position, player, setting, at, confirm_foul=command.confirm_foul
    )


def _suggestion(table: ThirteenTable, player: str, command: Suggest) -> None:
    game = table.game
    if game.phase is not ThirteenPhase.SETTING or command.position not in game.positions_in_play:
        raise RuleViolation("Art 5", "suggestions are made while the position is being set")
    if player not in game.viewers(command.position) or game.holder(command.position) == player:
        raise RuleViolation(
            "Art 5",
            f"{player} does not bet on position {command.position} behind its holder",
        )
    if command.position in game.settings:
        raise RuleViolation("Art 7", f"position {command.position} is set: it is final")
    hand = tuple(game.hands[command.position])
    if not command.setting.uses(hand):
        raise RuleViolation("Art 7", "a suggestion places the position's 13 cards")
    raise RuleViolation("Art 5", f"at most {MAX_SUGGESTIONS} suggestions a position")


def _seat(table: ThirteenTable, player: str, command: Command) -> None:
    game = table.game
    if isinstance(command, Sit):
        game.verify_seat_player(player)
        raise RuleViolation("cashier", f"a buy-in is 0 to {table.buy_in_range().high} in chips")
    if player not in table.present:
        raise RuleViolation("tables", f"{player} is not at the table")
    if isinstance(command, Leave) and table.staked_positions(player):
        raise RuleViolation("Art 3", f"{player} has a stake in this round: he stays")
    if player in game.seated:
        game.verify_stand_player(player)
    raise RuleViolation("Art 5", "a position would keep stakes with no seated bettor")


def _dealer(table: ThirteenTable, command: Command, at: int) -> None:
    game = table.game
    if isinstance(command, CancelDeal):
        game.verify_cancel_deal(command.reason)
        raise RuleViolation("Art 4", "say why in 1 to 200 printable characters")
    if isinstance(command, SetBanker):
        game.verify_banker_set(command.setting, at)
    elif isinstance(command, RecordBankerFoul):
        game.verify_record_banker_foul(command.setting, at)
    raise RuleViolation(
        "tables", f"the dealer's {command.TYPE!r} is not due now (phase {game.phase})"
    )
