"""The 13-card game's checks (Portaria 51/89/M): may this event happen now?

:class:`ThirteenChecks` answers for every event a round can record, raising a
:class:`~croupier.errors.RuleViolation` that names the article (or a
:class:`~croupier.errors.RecordError` naming a malformed field); the commands'
``verify_x`` / ``can_x`` and the replay of a record both go through it.
"""

from __future__ import annotations

from typing import Final

from croupier.cards import Card, Deck, format_cards
from croupier.errors import RecordError, RuleViolation
from croupier.events import (
    BetPlaced,
    BetWithdrawn,
    RoundOpened,
    RoundSettled,
    ShoeShuffled,
    order_commitment,
)
from croupier.games.thirteen.events import (
    BET,
    GAME,
    BankerFouled,
    BankerSet,
    CardsDealt,
    CardsPickedUp,
    DealCancelled,
    DiceThrown,
    PlayerSeated,
    PlayerStood,
    PositionSet,
    SettingClosed,
    ThirteenPhase,
    check_player,
    foul_explanation,
)
from croupier.games.thirteen.rules import (
    BANKER,
    DECK_SIZE,
    DICE_COUNT,
    POSITIONS,
    check_cut,
    first_position,
)
from croupier.games.thirteen.scoring import Setting, naturals_of
from croupier.games.thirteen.state import ThirteenState
from croupier.games.void import HouseVoid, check_void, refuse_fixed
from croupier.protocol import Event
from croupier.records import is_int

__all__ = ["ThirteenChecks"]

_DECK: Final = frozenset(Deck.STANDARD_52.cards)


class ThirteenChecks(ThirteenState):
    """The checks of every event (see the module docstring)."""

    def _check(self, event: Event) -> None:
        if isinstance(event, BetPlaced):
            self._check_bet_placed(event)
        elif isinstance(event, PositionSet):
            self._check_position_set(event)
        elif isinstance(event, CardsPickedUp):
            self._check_picked_up(event)
        elif isinstance(event, BankerSet):
            self._check_banker_set(event)
        elif isinstance(event, BetWithdrawn):
            self._check_bet_withdrawn(event)
        elif isinstance(event, PlayerSeated):
            self._check_seated(event)
        elif isinstance(event, PlayerStood):
            self._check_stood(event)
        elif isinstance(event, RoundOpened):
            self._check_round_opened(event)
        elif isinstance(event, ShoeShuffled):
            self._check_shuffled(event)
        elif isinstance(event, DiceThrown):
            self._check_dice(event)
        elif isinstance(event, CardsDealt):
            if event != self._deal_event():
                raise RuleViolation(
                    "Art 2 b", "the cards dealt do not follow the recorded shuffle and dice"
                )
        elif isinstance(event, DealCancelled):
            self._check_cancelled(event)
        elif isinstance(event, SettingClosed):
            self._check_closed(event)
        elif isinstance(event, RoundSettled):
            due = self._settlement_lines()
            if event.lines != due:
                raise RuleViolation(
                    "Art 8, 11", "the settlement lines do not follow the rules for this round"
                )
        elif isinstance(event, HouseVoid):
            if self._phase is ThirteenPhase.READY:
                raise RuleViolation("tables", "no round in play to void")
            if self._phase is ThirteenPhase.CLOSED:  # the settings compared: the result is fixed
                raise refuse_fixed(GAME)
            check_void(event, GAME, self._void_event(event.reason, event.by).lines)
        else:
            raise RuleViolation("protocol", f"{type(event).__name__} is not a {GAME} event")

    def _mid_round(self) -> bool:
        """Between the dice and the settlement (Art 3: nobody changes place)."""
        return self._phase not in (ThirteenPhase.READY, ThirteenPhase.BETTING)

    def _check_seated(self, event: PlayerSeated) -> None:
        player = check_player(event.player)
        if player in self._seated:
            raise RuleViolation("Art 3", f"{player} is already seated")
        seats = self._options.seats
        if seats is not None and len(self._seated) >= seats:
            raise RuleViolation(
                "Art 3",
                f"the {seats} places of the table are taken (four places, the banker's "
                f"included): {player} may bet standing",
            )
        if self._mid_round() and self._has_stake(player):
            raise RuleViolation(
                "Art 3",
                f"{player} has a stake in this round: nobody changes place mid-round; sit down "
                "after the settlement",
            )

    def _check_stood(self, event: PlayerStood) -> None:
        player = check_player(event.player)
        if player not in self._seated:
            raise RuleViolation("Art 3", f"{player} is not seated")
        if self._mid_round() and self._has_stake(player):
            raise RuleViolation(
                "Art 3",
                f"{player} has a stake in this round: nobody changes place mid-round; stand up "
                "after the settlement",
            )
        if self._phase is ThirteenPhase.BETTING and self.thrower == player:
            raise RuleViolation(
                "Art 2 b",
                f"{player} holds the right to throw the dice (the highest seated stake): he "
                "stays until the throw",
            )

    def _check_round_opened(self, event: RoundOpened) -> None:
        if self._phase is not ThirteenPhase.READY:
            raise RuleViolation(
                "Art 2", f"round {self._round} is still in play (phase {self._phase})"
            )
        if not is_int(event.number) or event.number != self._round + 1:
            raise RuleViolation(
                "round number", f"the next round is number {self._round + 1}, got {event.number!r}"
            )

    def _check_betting(self, what: str) -> None:
        if self._phase is ThirteenPhase.READY:
            raise RuleViolation("Art 2 c", f"{what} once a round is open: open one first")
        if self._phase is not ThirteenPhase.BETTING:
            raise RuleViolation(
                "Art 2 c",
                f"{what} only before the dice are thrown: no more bets, no withdrawal, no "
                f"transfer after (phase {self._phase})",
            )

    def _check_position(self, position: object) -> int:
        if not is_int(position) or position not in POSITIONS:
            raise RuleViolation(
                "Art 3", f"position {position!r} is not on this table (positions 1..4)"
            )
        if position == BANKER:
            raise RuleViolation(
                "Art 3",
                f"position {BANKER} is the banker's (the house): players bet on positions 2..4",
            )
        return position

    def _check_bet_name(self, bet: object) -> None:
        if bet != BET:
            raise RuleViolation("Art 11", f"the game has one bet, {BET!r}, got {bet!r}")

    def _check_bet_placed(self, event: BetPlaced) -> None:
        self._check_betting("bets are placed")
        player = check_player(event.player)
        position = self._check_position(event.position)
        self._check_bet_name(event.bet)
        unit = self._options.unit
        amount = event.amount
        if not is_int(amount) or amount < 1 or amount % unit:
            raise RuleViolation(
                "Art 11", f"a stake is a whole number of units of {unit}, got {amount!r}"
            )
        stake = self._stakes.get(player, position, BET)
        total = amount + (0 if stake is None else stake.amount)
        if total // unit not in self._options.stake_units:
            allowed = ", ".join(str(n) for n in self._options.stake_units)
            raise RuleViolation(
                "Art 11",
                f"a player's stake on a position is {allowed} unit(s): {player} would have "
                f"{total // unit} on position {position}",
            )

    def _check_bet_withdrawn(self, event: BetWithdrawn) -> None:
        self._check_betting("bets are withdrawn")
        player = check_player(event.player)
        position = self._check_position(event.position)
        self._check_bet_name(event.bet)
        if self._stakes.get(player, position, BET) is None:
            raise RuleViolation(
                "Art 2 c", f"{player} has no stake on position {position} to withdraw"
            )

    def _check_shuffle_phase(self) -> None:
        phase = self._phase
        if phase is ThirteenPhase.BETTING:
            return
        if phase is ThirteenPhase.DEALING and self._shuffled is None:
            return  # after a cancelled deal (Art 4)
        if phase is ThirteenPhase.READY:
            raise RuleViolation("Art 2 a", "the cards are shuffled for a round: open one first")
        raise RuleViolation(
            "Art 2 a",
            "the cards are shuffled before the dice are thrown, or again after a cancelled "
            f"deal (Art 4); not now (phase {phase})",
        )

    def _check_shuffled(self, event: ShoeShuffled) -> None:
        self._check_shuffle_phase()
        order = event.order
        if (
            not isinstance(order, tuple)
            or len(order) != DECK_SIZE
            or not all(isinstance(c, Card) for c in order)
            or frozenset(order) != _DECK
        ):
            raise RuleViolation("Art 1 a", "the deck must be the 52 cards, each once")
        if event.commitment != order_commitment(order):
            raise RuleViolation("commitment", "the commitment does not match the deck's order")
        check_cut(event.cut)
        if event.cut_card_depth is not None:
            raise RuleViolation(
                "Art 1 b",
                "the blank card cuts the deck and is not left in it: cut_card_depth must be "
                f"null, got {event.cut_card_depth!r}",
            )

    def _check_throw_ready(self) -> str:
        """The checks of a throw that do not depend on the dice; the thrower."""
        phase = self._phase
        if phase is ThirteenPhase.DEALING and self._dice is not None:
            if self._shuffled is None:
                raise RuleViolation(
                    "Art 4",
                    "after a cancelled deal the dice stand: shuffle and cut again, then deal",
                )
            raise RuleViolation("Art 2 b", "the dice have been thrown: deal")
        if phase not in (ThirteenPhase.BETTING, ThirteenPhase.DEALING):
            raise RuleViolation(
                "Art 2 b", f"the dice are thrown after the bets and the shuffle (phase {phase})"
            )
        if self._shuffled is None:
            raise RuleViolation("Art 2 a", "shuffle and cut the cards before the dice")
        if not len(self._stakes):
            raise RuleViolation(
                "Art 2 b", "nobody has bet: the dice are thrown by the highest seated bettor"
            )
        for position in self._stakes.positions():
            if self.holder(position) is None:
                raise RuleViolation(
                    "Art 5",
                    f"position {position} has stakes but no seated bettor to hold its cards",
                )
        thrower = self.thrower
        assert thrower is not None
        return thrower

    def _check_dice(self, event: DiceThrown) -> None:
        thrower = self._check_throw_ready()
        dice = event.dice
        if (
            not isinstance(dice, tuple)
            or len(dice) != DICE_COUNT
            or not all(is_int(d) and 1 <= d <= 6 for d in dice)
        ):
            raise RuleViolation("Art 1 c", f"four dice each show 1..6, got {dice!r}")
        if event.by != thrower:
            raise RuleViolation(
                "Art 2 b",
                f"the dice are thrown by {thrower}, the seated player with the highest stake, "
                f"not {event.by!r}",
            )
        first_position(sum(dice), self._options)

    def _check_cancelled(self, event: DealCancelled) -> None:
        phase = self._phase
        dealing = (
            phase is ThirteenPhase.DEALING and self._dice is not None and self._shuffled is not None
        )
        if not dealing and phase is not ThirteenPhase.DEALT:
            raise RuleViolation(
                "Art 4",
                "only a deal in progress or just dealt (before the banker sets) is cancelled "
                f"(phase {phase})",
            )
        if not isinstance(event.reason, str) or not event.reason.strip():
            raise RuleViolation("Art 4", "say why the misdeal cannot be rectified")

    def _check_time(self, at: object) -> int:
        if not is_int(at) or at < 0:
            raise RecordError("at", f"a time is whole milliseconds >= 0, got {at!r}")
        if self._clock is not None and at < self._clock:
            raise RuleViolation(
                "Art 2 d", f"the clock runs forward: {at} is before the last time, {self._clock}"
            )
        return at

    def _check_in_time(self, at: int, what: str) -> None:
        deadline = self.deadline
        assert deadline is not None
        if at >= deadline:
            raise RuleViolation(
                "Art 2 d",
                f"the time to set ended at {deadline} ({self._options.setting_seconds} s after "
                f"the banker showed): {what} at {at} is too late",
            )

    def _check_banker_set(self, event: BankerSet) -> None:
        phase = self._phase
        if phase is ThirteenPhase.SETTING:
            if self._picked or self._set:
                raise RuleViolation(
                    "Art 2 d",
                    "the banker may set again only before the players pick up their cards",
                )
        elif phase is not ThirteenPhase.DEALT:
            raise RuleViolation(
                "Art 2 d", f"the banker sets once the cards are dealt (phase {phase})"
            )
        at = self._check_time(event.at)
        if phase is ThirteenPhase.SETTING:
            self._check_in_time(at, "setting again")
        setting = event.setting
        hand = self.hands[BANKER]
        if not isinstance(setting, Setting) or not setting.uses(hand):
            raise RuleViolation("Art 7", _not_held(setting, hand, "the banker's"))
        if isinstance(event, BankerFouled):
            if not setting.fouled:
                raise RuleViolation(
                    "Art 7", f"the banker's setting {setting} has not fouled: record it as set"
                )
        elif setting.fouled:
            raise RuleViolation(
                "Art 7",
                f"the banker can never confirm a fouled setting: {foul_explanation(setting)} "
                "(a dealer's mistake already on the table is recorded as a banker foul)",
            )

    def _check_holder(self, position: object, player: object) -> int:
        place = self._check_position(position)
        if place not in self._stakes.positions():
            raise RuleViolation("Art 5", f"position {place} has no stake: nobody plays it")
        holder = self.holder(place)
        if player != holder:
            raise RuleViolation(
                "Art 5",
                f"{player!r} does not hold position {place}'s cards: {holder} does (the seated "
                "player with the highest stake)",
            )
        return place

    def _check_picked_up(self, event: CardsPickedUp) -> None:
        self._check_setting_phase("players pick up their cards")
        place = self._check_holder(event.position, event.player)
        if place in self._picked or place in self._set:
            raise RuleViolation("Art 5", f"position {place}'s cards are already picked up")
        self._check_in_time(self._check_time(event.at), "picking up")

    def _check_position_set(self, event: PositionSet) -> None:
        self._check_setting_phase("positions are set")
        place = self._check_holder(event.position, event.player)
        if place in self._set:
            raise RuleViolation("Art 7", f"position {place} is set: a setting is final once made")
        self._check_in_time(self._check_time(event.at), "setting")
        hand = self.hands[place]
        setting = event.setting
        if not isinstance(event.fouled, bool):
            raise RecordError("fouled", f"fouled must be true or false, got {event.fouled!r}")
        if setting is None:
            if not naturals_of(hand, self._options.readings):
                raise RuleViolation(
                    "Art 9 I",
                    f"position {place}'s cards hold no natural (dragon, six pairs and a half, "
                    "three flushes, three straights): set them",
                )
            if event.fouled:
                raise RuleViolation("Art 9 I", "a declared natural has no setting to foul")
            return
        if not isinstance(setting, Setting) or not setting.uses(hand):
            raise RuleViolation("Art 7", _not_held(setting, hand, f"position {place}'s"))
        if event.fouled != self._fouls(place, setting):
            raise RuleViolation(
                "Art 7",
                f"the setting of position {place} has "
                f"{'' if self._fouls(place, setting) else 'not '}fouled, recorded "
                f"fouled={event.fouled!r}",
            )

    def _check_closed(self, event: SettingClosed) -> None:
        self._check_setting_phase("the setting is closed")
        at = self._check_time(event.at)
        unset = self._unset()
        deadline = self.deadline
        assert deadline is not None
        if unset and at < deadline:
            raise RuleViolation(
                "Art 2 d",
                f"position(s) {', '.join(map(str, unset))} may set until {deadline}: the "
                f"setting closes when every position is set or at the signal, not at {at}",
            )
        if event.late != unset:
            raise RuleViolation(
                "Art 2 d", f"the positions not set are {unset}, recorded late {event.late!r}"
            )


def _not_held(setting: object, hand: tuple[Card, ...], whose: str) -> str:
    """Why ``setting`` does not place exactly ``hand``: the cards it names that are not held,
    the held cards it leaves out, and the hand (issue 15 item 17)."""
    held = format_cards(sorted(hand, reverse=True))
    if not isinstance(setting, Setting):
        return f"a setting places {whose} 13 cards ({held}), got {setting!r}"
    extra = [c for c in setting.cards if c not in hand]
    missing = [c for c in hand if c not in setting.cards]
    parts = []
    if extra:
        parts.append(
            f"{format_cards(extra)} {'is' if len(extra) == 1 else 'are'} not in {whose} hand"
        )
    if missing:
        parts.append(f"{format_cards(missing)} {'is' if len(missing) == 1 else 'are'} left out")
    return f"the setting must place {whose} 13 cards: {'; '.join(parts)} ({whose} hand: {held})"
