"""The 13-card game's state (Portaria 51/89/M): the fold of a round's events and what it reads.

:class:`ThirteenState` holds what the events of a table have built (seats, stakes, the shuffle,
the dice, the hands, the settings, the scores, the results), applies one checked event
(:meth:`~ThirteenState._apply`) and builds the events the rules make next from the state alone
(the deal of Art 2 b-c, the close of Art 2 d, the settlement of Art 7-11). The game's commands
are :class:`croupier.games.thirteen.round.ThirteenGame`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar

from croupier.cards import Card
from croupier.errors import RuleViolation
from croupier.events import (
    BetPlaced,
    BetWithdrawn,
    RoundOpened,
    RoundSettled,
    ShoeShuffled,
    Stake,
    Stakes,
)
from croupier.games.thirteen.deal import deal_from_shoe
from croupier.games.thirteen.events import (
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
)
from croupier.games.thirteen.options import ThirteenOptions
from croupier.games.thirteen.rules import BANKER, POSITIONS, REGULATION
from croupier.games.thirteen.scoring import Outcome, Score, Setting, naturals_of, score
from croupier.games.void import ARTICLES, HouseVoid, refund_line
from croupier.protocol import Event, Game
from croupier.records import is_int
from croupier.settlement import PayoutLine, Result, Settlement
from croupier.shoe import Shoe

__all__ = ["ThirteenState"]


class ThirteenState(Game[ThirteenOptions]):
    """The state of a 13-card table folded from its events, read-only views of it, and the
    events the rules make next (the deal, the close, the settlement). The checks are in
    :mod:`croupier.games.thirteen.checks`, the seats' views in :mod:`croupier.games.thirteen.view`,
    the commands in :class:`croupier.games.thirteen.round.ThirteenGame`."""

    GAME: ClassVar[str] = GAME
    REGULATION: ClassVar[str] = REGULATION
    EVENTS: ClassVar[tuple[type[Event], ...]] = (
        PlayerSeated,
        PlayerStood,
        RoundOpened,
        BetPlaced,
        BetWithdrawn,
        ShoeShuffled,
        DiceThrown,
        CardsDealt,
        DealCancelled,
        BankerSet,
        BankerFouled,
        CardsPickedUp,
        PositionSet,
        SettingClosed,
        RoundSettled,
        HouseVoid,
    )

    def __init__(self, options: ThirteenOptions | None = None) -> None:
        if options is None:
            options = ThirteenOptions()
        if not isinstance(options, ThirteenOptions):
            raise TypeError(f"options must be a ThirteenOptions, got {options!r}")
        super().__init__(options)
        self._options_view = options.to_dict(full=True)  # the views' copy, made once
        self._settlement_view: tuple[Settlement, dict[str, Any]] | None = None
        self._phase = ThirteenPhase.READY
        self._round = 0
        self._seated: dict[str, None] = {}  # in the order seated
        self._stakes = Stakes()
        # results over the table's life
        self._last: Settlement | None = None
        self._balances: dict[str, int] = {}
        self._house = 0
        self._start_round()

    def _start_round(self) -> None:
        self._shuffled: ShoeShuffled | None = None
        self._dice: DiceThrown | None = None
        self._dealt: CardsDealt | None = None
        self._banker: BankerSet | None = None
        self._picked: dict[int, CardsPickedUp] = {}
        self._set: dict[int, PositionSet] = {}
        self._closed: SettingClosed | None = None
        self._scores: dict[int, Score] = {}
        self._clock: int | None = None
        self._due: tuple[PayoutLine, ...] | None = None

    @classmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> ThirteenOptions:
        """A game record's options: one that lacks an option added since records were first
        written was played by the rule of :data:`~croupier.games.thirteen.options.RECORD_LEGACY`
        and is read under it."""
        return ThirteenOptions.from_record_dict(data)

    def to_record(self) -> dict[str, Any]:
        """The base record with every option written out (``to_record_dict``): a record replays
        under the options it was played with even if a default changes later."""
        record = super().to_record()
        record["options"] = self._options.to_record_dict()
        return record

    # -- read-only state -----------------------------------------------------------------------

    @property
    def phase(self) -> ThirteenPhase:
        return self._phase

    @property
    def round_number(self) -> int:
        """The number of the last round opened (1 is the table's first); 0 before any."""
        return self._round

    @property
    def seated(self) -> tuple[str, ...]:
        """The seated players, in the order they sat down."""
        return tuple(self._seated)

    @property
    def stakes(self) -> tuple[Stake, ...]:
        """Copies of the stakes of the round, in the order first placed."""
        return tuple(Stake(s.player, s.position, s.bet, s.amount) for s in self._stakes)

    @property
    def positions_in_play(self) -> tuple[int, ...]:
        """The positions holding at least one stake, ascending."""
        return tuple(self._stakes.positions())

    @property
    def shuffled(self) -> ShoeShuffled | None:
        """The round's shuffle (None before it, and after a cancelled deal until the next)."""
        return self._shuffled

    @property
    def dice(self) -> DiceThrown | None:
        """The round's dice (None before the throw, and after a cancelled deal)."""
        return self._dice

    @property
    def first_position(self) -> int | None:
        """The position that received the first card (Art 2 b), once dealt."""
        return None if self._dealt is None else self._dealt.first_position

    @property
    def hands(self) -> Mapping[int, tuple[Card, ...]]:
        """The 13 cards of each position in the order received, from the deal until the next
        round opens; empty before (and after a cancelled deal)."""
        if self._dealt is None:
            return MappingProxyType({})
        return MappingProxyType(dict(zip(POSITIONS, self._dealt.hands, strict=True)))

    @property
    def banker_setting(self) -> Setting | None:
        """The banker's setting as last shown (Art 2 d), or None."""
        return None if self._banker is None else self._banker.setting

    @property
    def settings(self) -> Mapping[int, Setting | None]:
        """The positions set so far: their setting (None: a declared natural)."""
        return MappingProxyType({p: e.setting for p, e in sorted(self._set.items())})

    @property
    def picked_up(self) -> tuple[int, ...]:
        """The positions whose cards have been picked up (or set), ascending."""
        return tuple(sorted(set(self._picked) | set(self._set)))

    @property
    def deadline(self) -> int | None:
        """When the players' time is up (Art 2 d): the banker's last setting plus
        ``setting_seconds``, in table-clock milliseconds; None before the banker shows."""
        if self._banker is None:
            return None
        return self._banker.at + self._options.setting_ms

    @property
    def late(self) -> tuple[int, ...]:
        """The positions not set when the setting closed (Art 2 d); () before the close."""
        return () if self._closed is None else self._closed.late

    @property
    def scores(self) -> Mapping[int, Score]:
        """Each set position's score against the banker, once the setting has closed (late
        positions have none: they lose, Art 2 d)."""
        return MappingProxyType(dict(self._scores))

    @property
    def last_settlement(self) -> Settlement | None:
        return self._last

    @property
    def balances(self) -> Mapping[str, int]:
        """Each player's net result over the table's life."""
        return MappingProxyType(dict(self._balances))

    @property
    def house_result(self) -> int:
        """The house's net result over the table's life (negative: the house lost)."""
        return self._house

    @property
    def thrower(self) -> str | None:
        """Who holds the dice right now (Art 2 b): the seated player with the highest stake on
        any position (equal stakes: the one placed first); None if no seated player has bet."""
        return self._top_seated(self._stakes)

    def holder(self, position: int) -> str | None:
        """Who holds ``position``'s cards (Art 5): the seated player with the highest stake on
        it (equal stakes: the one placed first); None if no seated player has bet on it."""
        return self._top_seated(self._stakes.on(position))

    def viewers(self, position: int) -> tuple[str, ...]:
        """Who may see ``position``'s cards (and its setting) from the banker's show until the
        reveal (Art 2 d, 5): its holder and, with the option ``bettors_see_cards`` (default),
        every other player with a stake on it (they may suggest, Art 5); in the order staked."""
        holder = self.holder(position)
        stakers = [s.player for s in self._stakes.on(position)]
        if not self._options.bettors_see_cards:
            stakers = [p for p in stakers if p == holder]
        return tuple(dict.fromkeys(stakers))

    def _top_seated(self, stakes: Any) -> str | None:
        best: Stake | None = None
        for stake in stakes:
            if stake.player in self._seated and (best is None or stake.amount > best.amount):
                best = stake
        return None if best is None else best.player

    def _has_stake(self, player: str) -> bool:
        return any(s.player == player for s in self._stakes)

    def _fouls(self, position: int, setting: Setting) -> bool:
        """Art 7: the setting has fouled (with the option ``naturals_from_cards``: and the
        position's cards hold no natural)."""
        hand = self.hands.get(position) if is_int(position) else None
        if hand is None or not setting.uses(hand) or not setting.fouled:
            return False
        if self._options.naturals_from_cards:
            return not naturals_of(hand, self._options.readings)
        return True

    @property
    def banker_fouled(self) -> bool:
        """The banker's setting as it stands is a recorded foul (Art 7, a dealer's mistake)."""
        return isinstance(self._banker, BankerFouled)

    # -- building events -----------------------------------------------------------------------

    def _check_dealing(self) -> None:
        if self._phase is not ThirteenPhase.DEALING:
            raise RuleViolation(
                "Art 2 b", f"the cards are dealt after the dice are thrown (phase {self._phase})"
            )
        if self._shuffled is None:
            raise RuleViolation("Art 4", "the deal was cancelled: shuffle and cut again")
        if self._dice is None:
            raise RuleViolation("Art 2 b", "throw the dice first: they name the first position")

    def _check_setting_phase(self, what: str) -> None:
        if self._phase is not ThirteenPhase.SETTING:
            raise RuleViolation(
                "Art 2 d",
                f"{what} once the banker has set and shown his cards, before the setting "
                f"closes (phase {self._phase})",
            )

    def _deal_event(self) -> CardsDealt:
        self._check_dealing()
        shuffled, dice = self._shuffled, self._dice
        assert shuffled is not None and dice is not None
        deal = deal_from_shoe(
            Shoe.from_order(shuffled.order),
            cut=shuffled.cut,
            dice=dice.dice,
            options=self._options,
        )
        return CardsDealt(deal.first_position, tuple(deal.hands[p] for p in POSITIONS))

    def _close_event(self, at: int) -> SettingClosed:
        self._check_setting_phase("the setting is closed")
        return SettingClosed(at, self._unset())

    def _unset(self) -> tuple[int, ...]:
        return tuple(p for p in self._stakes.positions() if p not in self._set)

    def _settlement_lines(self) -> tuple[PayoutLine, ...]:
        """One line per stake, in the order placed (Art 2 d, 7, 8, 9, 10, 11)."""
        if self._phase is not ThirteenPhase.CLOSED:
            raise RuleViolation(
                "Art 8", f"the round is settled once the setting is over (phase {self._phase})"
            )
        if self._due is not None:
            return self._due
        options = self._options
        lines: list[PayoutLine] = []
        for stake in self._stakes:
            found = self._scores.get(stake.position)
            prize = commission = Fraction(0)
            if found is None:  # late (Art 2 d)
                result, article = Result.LOSE, "Art 2 d"
            elif found.outcome is Outcome.WIN:
                result, article = Result.WIN, f"{found.article}, 11"
                prize = stake.amount * options.prize
                commission = prize * options.commission
            elif found.outcome is Outcome.TIE:
                result, article = Result.PUSH, found.article
            else:
                result, article = Result.LOSE, found.article
            lines.append(
                PayoutLine.settle(
                    stake.player,
                    stake.position,
                    stake.bet,
                    stake.amount,
                    result,
                    rounding=options.rounding,
                    article=article,
                    prize=prize,
                    commission=commission,
                )
            )
        self._due = tuple(lines)
        return self._due

    # -- the fold: apply -----------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        self._due = None
        if isinstance(event, BetPlaced):
            self._stakes.add(event.player, event.position, event.bet, event.amount)
        elif isinstance(event, PositionSet):
            self._set[event.position] = event
            self._clock = event.at
        elif isinstance(event, CardsPickedUp):
            self._picked[event.position] = event
            self._clock = event.at
        elif isinstance(event, BankerSet):
            self._banker = event
            self._clock = event.at
            self._phase = ThirteenPhase.SETTING
        elif isinstance(event, BetWithdrawn):
            self._stakes.remove(event.player, event.position, event.bet)
        elif isinstance(event, PlayerSeated):
            self._seated[event.player] = None
        elif isinstance(event, PlayerStood):
            del self._seated[event.player]
        elif isinstance(event, RoundOpened):
            self._round = event.number
            self._start_round()
            self._phase = ThirteenPhase.BETTING
        elif isinstance(event, ShoeShuffled):
            self._shuffled = event
        elif isinstance(event, DiceThrown):
            self._dice = event
            self._phase = ThirteenPhase.DEALING
        elif isinstance(event, CardsDealt):
            self._dealt = event
            self._phase = ThirteenPhase.DEALT
        elif isinstance(event, DealCancelled):
            self._shuffled = self._dealt = None
            if self._options.new_dice_after_cancel:  # else the dice stand (Art 4)
                self._dice = None
            self._phase = ThirteenPhase.DEALING
        elif isinstance(event, SettingClosed):
            self._close(event)
        elif isinstance(event, RoundSettled):
            self._end_round(event.lines)
        elif isinstance(event, HouseVoid):
            self._end_round(event.lines)
            self._start_round()  # the round's cards are cancelled

    def _void_event(self, reason: str, by: str) -> HouseVoid:
        """A dealer's void of the round in play: every stake returned (house practice)."""
        article = ARTICLES[GAME]
        lines = tuple(
            refund_line(s.player, s.position, s.bet, s.amount, article) for s in self._stakes
        )
        return HouseVoid(reason, by, article, lines)

    def _close(self, event: SettingClosed) -> None:
        self._closed = event
        self._clock = event.at
        self._phase = ThirteenPhase.CLOSED
        banker = self._banker
        assert banker is not None
        hands = self.hands
        self._scores = {
            p: score(hands[p], e.setting, hands[BANKER], banker.setting, self._options.readings)
            for p, e in sorted(self._set.items())
        }

    def _end_round(self, lines: tuple[PayoutLine, ...]) -> None:
        balances = self._balances
        for line in lines:
            balances[line.player] = balances.get(line.player, 0) + line.net
        settlement = Settlement(tuple(lines))
        self._house += settlement.house_result
        self._last = settlement
        self._stakes.clear()
        self._phase = ThirteenPhase.READY
