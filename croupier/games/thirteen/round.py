"""Jogo de 13 Cartas, Portaria 51/89/M: the round as a state machine.

:class:`ThirteenGame` is a table of the 13-card game in the round protocol of
:mod:`croupier.protocol`: each command checks the articles (``verify_x`` raises a
:class:`~croupier.errors.RuleViolation` naming the article, ``can_x`` answers True/False),
records frozen events and folds them into the state, so a table is rebuilt (and re-checked)
from its log by :meth:`~ThirteenGame.replay` / :meth:`~ThirteenGame.from_record`. There is no
I/O, no clock and no global randomness: chance comes only from the
:class:`~croupier.shuffle.Shuffler` handed to :meth:`~ThirteenGame.shuffle` and
:meth:`~ThirteenGame.throw_dice`, and time arrives as an integer ``at`` (milliseconds of the
table clock) carried by the commands that need it.

Positions 1..4 are numbered from the banker (1, the house) counterclockwise; players bet on
positions 2, 3 and 4.

====================================  =========================================================
command (event)                       articles
====================================  =========================================================
``seat_player(player)``               Art 3, 5: only a seated player holds cards or throws the
(``PlayerSeated``)                    dice; nobody with a stake changes place mid-round
``stand_player(player)``              Art 3 (no change of place mid-round), Art 2 b (the
(``PlayerStood``)                     player with the dice right stays until he throws)
``open_round()`` (``RoundOpened``)    a new round: betting opens
``place_bet(player, position,         Art 3 (several positions, not the banker's), Art 11
units)`` (``BetPlaced``)              (a player's whole stake on a position is 1, 2 or 3 units)
``withdraw_bet(player, position)``    Art 2 c (only before the dice)
(``BetWithdrawn``)
``shuffle(shuffler, cut=)``           Art 1 a, 2 a (one deck, shuffled, cut at least 10
(``ShoeShuffled``)                    cards); again after a cancelled deal (Art 4)
``throw_dice(shuffler=, dice=)``      Art 2 b (the seated player with the highest stake
(``DiceThrown``)                      throws four dice), Art 2 c (no more bets), Art 5
``deal()`` (``CardsDealt``)           Art 2 b, 2 c (from the dice's position, one card at a
                                      time counterclockwise, 13 to each of the four positions)
``cancel_deal(reason)``               Art 4 (a misdeal that cannot be rectified: shuffle, cut
(``DealCancelled``)                   and throw the dice again)
``banker_set(setting, at)``           Art 2 d (the banker sets first and shows; may set again
(``BankerSet``)                       until a player picks up), Art 7 (never fouled)
``pick_up(position, player, at)``     Art 2 d (only after the banker shows), Art 5 (only the
(``CardsPickedUp``)                   holder)
``set_position(position, player,      Art 2 d (within the time), Art 5 (the holder), Art 7
setting, at, confirm_foul=)``         (a fouled setting is warned of, :class:`FoulWarning`,
(``PositionSet``)                     and loses if confirmed)
``declare_natural(position, player,   Art 9 I (the 13 cards hold a natural: no setting needed)
at)`` (``PositionSet``)
``close_setting(at)``                 Art 2 d (every position set, or the time is up: the
(``SettingClosed``)                   positions not set are late and lose)
``settle()`` (``RoundSettled``)       Art 7, 8, 9, 10, 11 (one line per stake)
====================================  =========================================================

Phases (:class:`ThirteenPhase`): ``ready`` -> ``betting`` -> (dice thrown) ``dealing`` ->
(cards dealt) ``dealt`` -> (banker shown) ``setting`` -> (setting over) ``closed`` -> (settled)
``ready``.

Readings (where the regulation is silent; GAMES.md §1 and docs/rules.md):

* **Seats.** ``seat_player`` records that a player occupies a place at the table ("ocupando
  lugar na mesa", Art 2 b, 5). Any number of players may bet (seated or standing behind); only
  a seated player throws the dice or holds a position's cards. Between the dice and the
  settlement a player with a stake in the round can neither sit down nor stand up (Art 3:
  "nenhum jogador pode mudar de lugar a meio de uma jogada"), so the holders do not change
  during a round. While betting is open, the player who holds the dice right cannot stand up.
* **Holder.** The holder of a position is the seated player whose whole stake on it is the
  highest (Art 5); on equal stakes, the stake placed first (a stake withdrawn and placed again
  counts from its new placement). The same rule over every position names the dice thrower
  (Art 2 b). A player may hold several positions. Art 3's "nem segurar ... as cartas de outros
  lugares" is read as: only a position's holder picks up and sets its cards.
* **Stakes.** One bet, ``"stake"``, per player and position; its whole amount must be one of
  ``stake_units`` x ``unit`` (Art 11). A stake may be raised (1 then +2 = 3 units) or withdrawn
  before the dice. A round needs at least one stake before the dice are thrown.
* **Shuffle.** A round is shuffled afresh (the whole deck is dealt each round). The shuffle may
  be redone while betting is open. Draws from the shuffler are made in the order of
  :func:`~croupier.games.thirteen.deal.deal_thirteen` (the shuffle, then the cut point when not
  given, then the four dice), so a shuffler used for both ``shuffle`` and ``throw_dice`` deals
  exactly what ``deal_thirteen`` deals.
* **Misdeals (Art 4).** The engine deals from the recorded order, so a card given to the wrong
  position is always given back where the dealing order says: the rectification is the deal
  itself and needs no event. An exposed card stays valid (Art 4) and needs no event either. A
  misdeal that cannot be rectified is ``cancel_deal``: the cards are cancelled, the stakes stay
  (bets remain closed) and a new shuffle and dice throw follow.
* **Setting.** The banker always sets and shows his 13 cards, even holding a natural, and never
  a fouled setting (Art 7 reading: the banker cannot confirm a foul). He may set again until the
  first pick-up (or first setting) by a player, and only within the time; the time limit
  (``setting_seconds``, Art 2 d) runs from his last setting. A player's setting is final once
  made. A fouled setting by a position that holds no natural needs ``confirm_foul`` (else
  :class:`FoulWarning`) and loses (Art 7). A position whose 13 cards hold a natural may simply
  declare it (``declare_natural``); naturals are recognised from the cards whatever the setting.
* **Time.** ``at`` is in milliseconds of the table clock and never goes back within a round. A
  player sets strictly before the deadline (last banker setting + ``setting_seconds``); at the
  deadline the signal sounds (Art 2 d) and ``close_setting`` may close with the positions not
  set listed as late; they lose (article ``Art 2 d``).
* **Settlement.** Every stake on a position follows that position's result (Art 5: one hand per
  position): a win is paid ``prize`` x stake less ``commission`` of that prize (Art 11), a tie
  returns the stake (Art 8), a loss loses it. Amounts that are not whole units are paid by the
  table's ``rounding``.
* **Views.** Players see no card before the banker shows (Art 2 d). Then a player sees the
  cards (and, once set, the setting) of every position he has a stake on (co-bettors may
  suggest, Art 5), never another position's before the setting closes; everyone sees the
  banker's setting once shown; after the close every played position's setting and score. The
  banker's seat sees his 13 cards from the deal. Nobody sees the undealt order: of the shuffle
  only its public face (size, cut, commitment).

A round dealt from a seeded shuffle (the banker's and the player's settings were chosen for
these cards):

>>> from croupier.cards import format_cards
>>> from croupier.shuffle import SeededShuffler
>>> game = ThirteenGame(ThirteenTable())
>>> _ = game.seat_player("ana")
>>> game.open_round().number
1
>>> game.place_bet("ana", 2, 1).amount
10000
>>> shuffler = SeededShuffler("doc")
>>> _ = game.shuffle(shuffler)
>>> game.throw_dice(shuffler).by
'ana'
>>> dealt = game.deal()
>>> format_cards(sorted(game.hands[1], reverse=True))
'Kd Qs Jc Jd Js Td Ts 8c 5c 5d 4s 3c 2h'
>>> format_cards(sorted(game.hands[2], reverse=True))
'Kh Ks Th 9c 9d 7c 5h 5s 4c 3d 3h 3s 2s'
>>> _ = game.banker_set(Setting.parse("Kd Qs 4s / Td Ts 8c 3c 2h / Jc Jd Js 5c 5d"), at=0)
>>> game.deadline
300000
>>> ana = Setting.parse("Kh Ks 2s / 9c 9d Th 7c 4c / 5h 5s 3d 3h 3s")
>>> game.set_position(2, "ana", ana, at=1_000)
Traceback (most recent call last):
...
croupier.games.thirteen.round.FoulWarning: Art 7: the front (pair K-K-2) is above the middle \
(pair 9-9-T-7-4): this setting has fouled and loses; confirm it to play it
>>> ana = Setting.parse("9c 9d 2s / Kh Ks Th 7c 4c / 5h 5s 3d 3h 3s")
>>> game.set_position(2, "ana", ana, at=2_000).fouled
False
>>> game.close_setting(at=3_000).late
()
>>> for line in game.scores[2].explain():
...     print(line)
front: player pair 9-9-2 vs banker high card K-Q-4: player +1
middle: player pair K-K-T-7-4 vs banker pair T-T-8-3-2: player +1
back: player full house 3-3-3 vs banker full house J-J-J: banker +1
win: player 2, banker 1 (Art 8)
>>> [(line.player, line.result.value, line.net, line.article) for line in game.settle().lines]
[('ana', 'win', 4900, 'Art 8, 11')]
>>> game.house_result, game.phase
(-4900, <ThirteenPhase.READY: 'ready'>)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar, Final

from croupier.cards import Card, Deck
from croupier.errors import MaterialError, RecordError, RuleViolation
from croupier.events import (
    BetPlaced,
    BetWithdrawn,
    RoundOpened,
    RoundSettled,
    ShoeShuffled,
    Stake,
    Stakes,
    order_commitment,
)
from croupier.games.thirteen.deal import GAME as _GAME
from croupier.games.thirteen.deal import deal_from_shoe
from croupier.games.thirteen.rules import (
    BANKER,
    DECK_SIZE,
    DICE_COUNT,
    MIN_CUT,
    POSITIONS,
    REGULATION,
    ThirteenTable,
    check_cut,
    first_position,
)
from croupier.games.thirteen.scoring import (
    Outcome,
    Score,
    Setting,
    naturals_of,
    score,
)
from croupier.protocol import Event, Game, encode
from croupier.records import is_int
from croupier.settlement import PayoutLine, Result, Settlement
from croupier.shoe import Shoe
from croupier.shuffle import Shuffler

__all__ = [
    "BANKER_SEAT",
    "BET",
    "GAME",
    "PLAYER_POSITIONS",
    "BankerSet",
    "CardsDealt",
    "CardsPickedUp",
    "DealCancelled",
    "DiceThrown",
    "FoulWarning",
    "PlayerSeated",
    "PlayerStood",
    "PositionSet",
    "SettingClosed",
    "ThirteenGame",
    "ThirteenPhase",
    "foul_explanation",
]

GAME: Final = _GAME
#: The one bet of the game: a stake on a position (Art 11).
BET: Final = "stake"
#: The positions players bet on (the banker's, 1, is the house's).
PLAYER_POSITIONS: Final[tuple[int, ...]] = tuple(p for p in POSITIONS if p != BANKER)
#: The view's seat of the banker (the house's dealer).
BANKER_SEAT: Final = "banker"
_DECK: Final = frozenset(Deck.STANDARD_52.cards)


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerSeated(Event):
    """``player`` takes a place at the table (Art 2 b, 5: only a seated player throws the dice
    or holds a position's cards)."""

    TYPE = "player_seated"
    player: str


@dataclass(frozen=True, slots=True)
class PlayerStood(Event):
    """``player`` leaves his place at the table."""

    TYPE = "player_stood"
    player: str


@dataclass(frozen=True, slots=True)
class DiceThrown(Event):
    """The four dice, thrown ``by`` the seated player with the highest stake (Art 2 b); bets
    are closed (Art 2 c)."""

    TYPE = "dice_thrown"
    dice: tuple[int, ...]
    by: str


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """The deal (Art 2 b-c): the position that got the first card and the 13 cards of each of
    positions 1..4 (in that order), each in the order received."""

    TYPE = "cards_dealt"
    first_position: int
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class DealCancelled(Event):
    """Every card dealt is cancelled: a misdeal that could not be rectified (Art 4). The stakes
    stay; the deck is shuffled and cut again and the dice thrown again."""

    TYPE = "deal_cancelled"
    reason: str


@dataclass(frozen=True, slots=True)
class BankerSet(Event):
    """The banker sets his 13 cards and shows them at ``at`` (Art 2 d); the players' time runs
    from the last such event."""

    TYPE = "banker_set"
    setting: Setting
    at: int


@dataclass(frozen=True, slots=True)
class CardsPickedUp(Event):
    """The holder of ``position`` picks up its cards (Art 2 d, 5): the banker may no longer set
    again."""

    TYPE = "cards_picked_up"
    position: int
    player: str
    at: int


@dataclass(frozen=True, slots=True)
class PositionSet(Event):
    """The holder sets ``position`` (final, Art 7): ``setting`` None declares a natural
    (Art 9 I); ``fouled`` records a confirmed foul, which loses (Art 7)."""

    TYPE = "position_set"
    position: int
    player: str
    setting: Setting | None
    fouled: bool
    at: int


@dataclass(frozen=True, slots=True)
class SettingClosed(Event):
    """The setting is over at ``at`` (every position set, or the Art 2 d signal); the
    positions in ``late`` were not set and lose."""

    TYPE = "setting_closed"
    at: int
    late: tuple[int, ...]


class ThirteenPhase(StrEnum):
    """Where a 13-card table stands between commands."""

    READY = "ready"  #: between rounds: open one
    BETTING = "betting"  #: bets placed, raised, withdrawn; the deck shuffled
    DEALING = "dealing"  #: the dice are thrown (bets closed): deal (or shuffle and throw again)
    DEALT = "dealt"  #: every position has its 13 cards: the banker sets
    SETTING = "setting"  #: the banker has shown: the players pick up and set
    CLOSED = "closed"  #: the setting is over: settle


class FoulWarning(RuleViolation):
    """Art 7: the setting's tiers are out of order. A player may confirm it (and lose); the
    banker never can."""


def foul_explanation(setting: Setting) -> str:
    """Which tier is above which in a fouled setting (Art 7), or ``""`` when it has not fouled.

    >>> foul_explanation(Setting.parse("Ah Ad 2c / Ks Kd 9c 8d 3s / Qh Jh Th 9h 8h"))
    'the front (pair A-A-2) is above the middle (pair K-K-9-8-3)'
    """
    front, middle, back = setting.ranks()
    parts = []
    if front.strength > middle.strength:
        parts.append(f"the front ({front.describe()}) is above the middle ({middle.describe()})")
    if middle.strength > back.strength:
        parts.append(f"the middle ({middle.describe()}) is above the back ({back.describe()})")
    return " and ".join(parts)


def _check_player(player: object) -> str:
    if (
        not isinstance(player, str)
        or not player
        or player != player.strip()
        or player == BANKER_SEAT
    ):
        raise RecordError(
            "player", f"a player is a non-empty name other than {BANKER_SEAT!r}, got {player!r}"
        )
    return player


class ThirteenGame(Game[ThirteenTable]):
    """A table of the 13-card game: commands checked against Portaria 51/89/M, events, a fold.

    See the module docstring for the commands, the articles behind them and the readings.
    Amounts are whole units of the table's currency (``unit`` per betting unit).
    """

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
        CardsPickedUp,
        PositionSet,
        SettingClosed,
        RoundSettled,
    )

    def __init__(self, options: ThirteenTable | None = None) -> None:
        if options is None:
            options = ThirteenTable()
        if not isinstance(options, ThirteenTable):
            raise TypeError(f"options must be a ThirteenTable, got {options!r}")
        super().__init__(options)
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
    def options_from_dict(cls, data: Mapping[str, Any]) -> ThirteenTable:
        return ThirteenTable.from_dict(data)

    def to_record(self) -> dict[str, Any]:
        """The base record with every option written out (``to_dict(full=True)``): a record
        replays under the options it was played with even if a default changes later."""
        record = super().to_record()
        record["options"] = self._options.to_dict(full=True)
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

    def _top_seated(self, stakes: Any) -> str | None:
        best: Stake | None = None
        for stake in stakes:
            if stake.player in self._seated and (best is None or stake.amount > best.amount):
                best = stake
        return None if best is None else best.player

    def _has_stake(self, player: str) -> bool:
        return any(s.player == player for s in self._stakes)

    # -- commands: seats -----------------------------------------------------------------------

    def verify_seat_player(self, player: str) -> None:
        self._check(PlayerSeated(player))

    def can_seat_player(self, player: str) -> bool:
        return self._can(self.verify_seat_player, player)

    def seat_player(self, player: str) -> PlayerSeated:
        """``player`` takes a place at the table (Art 2 b, 3, 5)."""
        return self._commit(PlayerSeated(player))

    def verify_stand_player(self, player: str) -> None:
        self._check(PlayerStood(player))

    def can_stand_player(self, player: str) -> bool:
        return self._can(self.verify_stand_player, player)

    def stand_player(self, player: str) -> PlayerStood:
        """``player`` leaves his place (not mid-round with a stake, Art 3; not while he holds
        the dice right, Art 2 b)."""
        return self._commit(PlayerStood(player))

    # -- commands: betting ---------------------------------------------------------------------

    def verify_open_round(self) -> None:
        self._check(RoundOpened(self._round + 1))

    def can_open_round(self) -> bool:
        return self._can(self.verify_open_round)

    def open_round(self) -> RoundOpened:
        """Open the next round: betting opens (READY -> BETTING)."""
        return self._commit(RoundOpened(self._round + 1))

    def _bet_event(self, player: str, position: int, units: int) -> BetPlaced:
        if not is_int(units) or units < 1:
            raise RuleViolation("Art 11", f"a stake is a whole number of units, got {units!r}")
        return BetPlaced(player, position, BET, units * self._options.unit)

    def verify_place_bet(self, player: str, position: int, units: int) -> None:
        self._check(self._bet_event(player, position, units))

    def can_place_bet(self, player: str, position: int, units: int) -> bool:
        return self._can(self.verify_place_bet, player, position, units)

    def place_bet(self, player: str, position: int, units: int) -> BetPlaced:
        """``player`` puts ``units`` more units on ``position`` (2..4); his whole stake there
        must be one of ``stake_units`` (Art 11). Only before the dice (Art 2 c)."""
        return self._commit(self._bet_event(player, position, units))

    def verify_withdraw_bet(self, player: str, position: int) -> None:
        self._check(BetWithdrawn(player, position, BET))

    def can_withdraw_bet(self, player: str, position: int) -> bool:
        return self._can(self.verify_withdraw_bet, player, position)

    def withdraw_bet(self, player: str, position: int) -> BetWithdrawn:
        """``player`` takes back his whole stake on ``position``, before the dice (Art 2 c)."""
        return self._commit(BetWithdrawn(player, position, BET))

    # -- commands: shuffle, dice, deal ---------------------------------------------------------

    def verify_shuffle(self, *, cut: int | None = None) -> None:
        """Refuse a shuffle out of turn (Art 2 a-c, 4) or a cut out of range (Art 2 a)."""
        self._check_shuffle_phase()
        if cut is not None:
            check_cut(cut)

    def can_shuffle(self, *, cut: int | None = None) -> bool:
        return self._can(self.verify_shuffle, cut=cut)

    def shuffle(self, shuffler: Shuffler, *, cut: int | None = None) -> ShoeShuffled:
        """Shuffle the deck with ``shuffler`` and cut it (Art 2 a): the canonical 52-card deck
        shuffled by ``shuffler.shuffle``, then, when ``cut`` is None, ``cut = 10 +
        shuffler.randbelow(33)`` (uniform in 10..42), the top ``cut`` cards to the bottom.
        Nothing is drawn from ``shuffler`` when the shuffle is refused."""
        self.verify_shuffle(cut=cut)
        shoe = Shoe(shuffler, decks=1, deck=Deck.STANDARD_52)
        shoe.shuffle(None)
        if cut is None:
            cut = MIN_CUT + shuffler.randbelow(DECK_SIZE - 2 * MIN_CUT + 1)
        shoe.cut(cut, min_cut=MIN_CUT)
        return self._commit(ShoeShuffled.record(shoe.order, cut=cut, cut_card_depth=None))

    def verify_throw_dice(self, dice: tuple[int, ...] | None = None) -> None:
        """Refuse a throw now (Art 2 a-c, 5), or ``dice`` that four dice cannot show."""
        thrower = self._check_throw_ready()
        if dice is not None:
            values = tuple(dice) if isinstance(dice, tuple | list) else dice
            self._check(DiceThrown(values, thrower))

    def can_throw_dice(self, dice: tuple[int, ...] | None = None) -> bool:
        return self._can(self.verify_throw_dice, dice)

    def throw_dice(
        self, shuffler: Shuffler | None = None, dice: tuple[int, ...] | None = None
    ) -> DiceThrown:
        """The thrower (:attr:`thrower`) throws four dice (Art 2 b): ``dice`` as they fell, or
        drawn from ``shuffler`` (each ``randbelow(6) + 1``). Bets close (Art 2 c)."""
        if (shuffler is None) == (dice is None):
            raise MaterialError("throw the dice with a shuffler or give the dice, not both")
        self.verify_throw_dice(dice)
        if dice is None:
            from croupier.dice import throw_dice

            assert shuffler is not None
            dice = throw_dice(DICE_COUNT, shuffler)
        by = self.thrower
        assert by is not None
        return self._commit(DiceThrown(tuple(dice), by))

    def verify_deal(self) -> None:
        self._deal_event()

    def can_deal(self) -> bool:
        return self._can(self.verify_deal)

    def deal(self) -> CardsDealt:
        """Deal the 52 cards (Art 2 b-c): from the position the dice name, one at a time
        counterclockwise, 13 to each of the four positions (DEALING -> DEALT)."""
        return self._commit(self._deal_event())

    def verify_cancel_deal(self, reason: str) -> None:
        self._check(DealCancelled(reason))

    def can_cancel_deal(self, reason: str) -> bool:
        return self._can(self.verify_cancel_deal, reason)

    def cancel_deal(self, reason: str) -> DealCancelled:
        """Cancel the deal (Art 4: a misdeal that cannot be rectified). The stakes stay and
        bets stay closed; shuffle, cut and throw the dice again, then deal."""
        return self._commit(DealCancelled(reason))

    # -- commands: setting ---------------------------------------------------------------------

    def verify_banker_set(self, setting: Setting, at: int) -> None:
        self._check(BankerSet(setting, at))

    def can_banker_set(self, setting: Setting, at: int) -> bool:
        return self._can(self.verify_banker_set, setting, at)

    def banker_set(self, setting: Setting, at: int) -> BankerSet:
        """The banker sets his 13 cards and shows them (Art 2 d, 7); again, until the first
        player picks up."""
        return self._commit(BankerSet(setting, at))

    def verify_pick_up(self, position: int, player: str, at: int) -> None:
        self._check(CardsPickedUp(position, player, at))

    def can_pick_up(self, position: int, player: str, at: int) -> bool:
        return self._can(self.verify_pick_up, position, player, at)

    def pick_up(self, position: int, player: str, at: int) -> CardsPickedUp:
        """The holder picks up ``position``'s cards, once the banker has shown (Art 2 d, 5)."""
        return self._commit(CardsPickedUp(position, player, at))

    def _set_event(self, position: int, player: str, setting: Setting, at: int) -> PositionSet:
        fouled = isinstance(setting, Setting) and self._fouls(position, setting)
        return PositionSet(position, player, setting, fouled, at)

    def _fouls(self, position: int, setting: Setting) -> bool:
        """Art 7: the setting has fouled and the position's cards hold no natural."""
        hand = self.hands.get(position) if is_int(position) else None
        if hand is None or not setting.uses(hand) or not setting.fouled:
            return False
        return not naturals_of(hand)

    def verify_set_position(
        self, position: int, player: str, setting: Setting, at: int, *, confirm_foul: bool = False
    ) -> None:
        """Refuse the setting (Art 2 d, 5, 7); a fouled one without ``confirm_foul`` raises
        :class:`FoulWarning` saying which tier is above which."""
        event = self._set_event(position, player, setting, at)
        self._check(event)
        if event.fouled and not confirm_foul:
            raise FoulWarning(
                "Art 7",
                f"{foul_explanation(setting)}: this setting has fouled and loses; confirm it to "
                "play it",
            )

    def can_set_position(
        self, position: int, player: str, setting: Setting, at: int, *, confirm_foul: bool = False
    ) -> bool:
        return self._can(
            self.verify_set_position, position, player, setting, at, confirm_foul=confirm_foul
        )

    def set_position(
        self, position: int, player: str, setting: Setting, at: int, *, confirm_foul: bool = False
    ) -> PositionSet:
        """The holder sets ``position``'s 13 cards, before the deadline (Art 2 d); final once
        made. A fouled setting needs ``confirm_foul`` and loses (Art 7)."""
        self.verify_set_position(position, player, setting, at, confirm_foul=confirm_foul)
        return self._commit(self._set_event(position, player, setting, at))

    def verify_declare_natural(self, position: int, player: str, at: int) -> None:
        self._check(PositionSet(position, player, None, False, at))

    def can_declare_natural(self, position: int, player: str, at: int) -> bool:
        return self._can(self.verify_declare_natural, position, player, at)

    def declare_natural(self, position: int, player: str, at: int) -> PositionSet:
        """The holder shows a natural (Art 9 I) instead of setting; only when the position's 13
        cards hold one."""
        return self._commit(PositionSet(position, player, None, False, at))

    def verify_close_setting(self, at: int) -> None:
        self._check(self._close_event(at))

    def can_close_setting(self, at: int) -> bool:
        return self._can(self.verify_close_setting, at)

    def close_setting(self, at: int) -> SettingClosed:
        """End the setting (Art 2 d): when every position in play is set, or at the signal
        (``at`` >= :attr:`deadline`); the positions not set are late and lose."""
        return self._commit(self._close_event(at))

    def verify_settle(self) -> None:
        self._check(RoundSettled(self._settlement_lines()))

    def can_settle(self) -> bool:
        return self._can(self.verify_settle)

    def settle(self) -> RoundSettled:
        """Settle every stake, one line each in the order placed (Art 7-11); READY next."""
        return self._commit(RoundSettled(self._settlement_lines()))

    # -- building events -----------------------------------------------------------------------

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

    # -- the fold: checks ----------------------------------------------------------------------

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
        else:
            raise RuleViolation("protocol", f"{type(event).__name__} is not a {GAME} event")

    def _mid_round(self) -> bool:
        """Between the dice and the settlement (Art 3: nobody changes place)."""
        return self._phase not in (ThirteenPhase.READY, ThirteenPhase.BETTING)

    def _check_seated(self, event: PlayerSeated) -> None:
        player = _check_player(event.player)
        if player in self._seated:
            raise RuleViolation("Art 3", f"{player} is already seated")
        if self._mid_round() and self._has_stake(player):
            raise RuleViolation(
                "Art 3",
                f"{player} has a stake in this round: nobody changes place mid-round; sit down "
                "after the settlement",
            )

    def _check_stood(self, event: PlayerStood) -> None:
        player = _check_player(event.player)
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
        player = _check_player(event.player)
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
        player = _check_player(event.player)
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

    def _check_dealing(self) -> None:
        if self._phase is not ThirteenPhase.DEALING:
            raise RuleViolation(
                "Art 2 b", f"the cards are dealt after the dice are thrown (phase {self._phase})"
            )
        if self._shuffled is None:
            raise RuleViolation("Art 4", "the deal was cancelled: shuffle and cut again")
        if self._dice is None:
            raise RuleViolation("Art 2 b", "throw the dice first: they name the first position")

    def _check_cancelled(self, event: DealCancelled) -> None:
        phase = self._phase
        dealing = phase is ThirteenPhase.DEALING and self._dice is not None
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

    def _check_setting_phase(self, what: str) -> None:
        if self._phase is not ThirteenPhase.SETTING:
            raise RuleViolation(
                "Art 2 d",
                f"{what} once the banker has set and shown his cards, before the setting "
                f"closes (phase {self._phase})",
            )

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
            raise RuleViolation("Art 7", "the banker's setting must place the banker's 13 cards")
        if setting.fouled:
            raise RuleViolation(
                "Art 7",
                f"the banker can never confirm a fouled setting: {foul_explanation(setting)}",
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
            if not naturals_of(hand):
                raise RuleViolation(
                    "Art 9 I",
                    f"position {place}'s cards hold no natural (dragon, six pairs and a half, "
                    "three flushes, three straights): set them",
                )
            if event.fouled:
                raise RuleViolation("Art 9 I", "a declared natural has no setting to foul")
            return
        if not isinstance(setting, Setting) or not setting.uses(hand):
            raise RuleViolation(
                "Art 7", f"the setting must place position {place}'s 13 cards: {setting}"
            )
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
            self._shuffled = self._dice = self._dealt = None
            self._phase = ThirteenPhase.DEALING
        elif isinstance(event, SettingClosed):
            self._close(event)
        elif isinstance(event, RoundSettled):
            self._end_round(event.lines)

    def _close(self, event: SettingClosed) -> None:
        self._closed = event
        self._clock = event.at
        self._phase = ThirteenPhase.CLOSED
        banker = self._banker
        assert banker is not None
        hands = self.hands
        self._scores = {
            p: score(hands[p], e.setting, hands[BANKER], banker.setting)
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

    # -- what a seat sees ----------------------------------------------------------------------

    def _check_seat(self, seat: object) -> None:
        if seat is None or seat == BANKER_SEAT:
            return
        known = isinstance(seat, str) and (
            seat in self._seated or self._has_stake(seat) or seat in self._balances
        )
        if not known:
            raise RuleViolation(
                "Art 3",
                f"seat {seat!r} is not at this table: a seat is a seated player, a player with "
                f"a stake or a result here, {BANKER_SEAT!r}, or None (the public)",
            )

    def _shown_to(self, seat: str | None) -> set[int]:
        """The positions whose cards ``seat`` sees now."""
        if self._dealt is None:
            return set()
        if self._closed is not None:
            return {BANKER, *self._scored_positions()}
        shown: set[int] = set()
        if self._banker is not None:
            shown.add(BANKER)  # the banker shows (Art 2 d)
            if seat is not None and seat != BANKER_SEAT:
                shown.update(s.position for s in self._stakes if s.player == seat)
        if seat == BANKER_SEAT:
            shown.add(BANKER)
        return shown

    def _scored_positions(self) -> set[int]:
        if self._closed is None:
            return set()
        return set(self._set) | set(self._closed.late)

    def view(self, seat: int | str | None = None) -> dict[str, Any]:
        """The table as ``seat`` sees it: a player's name, ``"banker"`` or None (the public).

        Stakes, seats, the dice and who has picked up or set are public; cards follow the
        module docstring's rules (Art 2 d, 5); the shuffle only by its public face.
        """
        self._check_seat(seat)
        who = seat if isinstance(seat, str) else None
        shown = self._shown_to(who)
        hands = self.hands
        dice = self._dice
        return {
            "game": GAME,
            "regulation": REGULATION,
            "seat": seat,
            "phase": self._phase.value,
            "round": self._round,
            "options": self._options.to_dict(full=True),
            "seated": list(self._seated),
            "shuffle": None if self._shuffled is None else self._shuffled.public(),
            "dice": None
            if dice is None
            else {"dice": list(dice.dice), "total": sum(dice.dice), "by": dice.by},
            "first_position": self.first_position,
            "layout": [
                {"player": s.player, "position": s.position, "amount": s.amount}
                for s in self._stakes
            ],
            "banker": {
                "cards": [str(c) for c in hands[BANKER]] if BANKER in shown else None,
                "setting": None if self._banker is None else self._banker.setting.to_dict(),
                "shown_at": None if self._banker is None else self._banker.at,
            },
            "positions": [self._view_position(p, p in shown) for p in PLAYER_POSITIONS],
            "deadline": self.deadline,
            "late": list(self.late),
            "last_settlement": None if self._last is None else self._view_settlement(self._last),
            "balances": dict(sorted(self._balances.items())),
            "house_result": self._house,
        }

    def _view_position(self, position: int, shown: bool) -> dict[str, Any]:
        hands = self.hands
        done = self._set.get(position)
        found = self._scores.get(position)
        item: dict[str, Any] = {
            "position": position,
            "holder": self.holder(position),
            "staked": sum(s.amount for s in self._stakes.on(position)),
            "picked_up": position in self._picked or done is not None,
            "set": done is not None,
            "cards": [str(c) for c in hands[position]] if shown and position in hands else None,
            "setting": None,
            "natural_declared": None,
            "fouled": None,
            "score": None if found is None else found.to_dict(),
        }
        if shown and done is not None:
            item["setting"] = None if done.setting is None else done.setting.to_dict()
            item["natural_declared"] = done.setting is None
            item["fouled"] = done.fouled
        return item

    @staticmethod
    def _view_settlement(settlement: Settlement) -> dict[str, Any]:
        return {
            "lines": [{**encode(line), "net": line.net} for line in settlement.lines],
            "staked": settlement.staked,
            "paid": settlement.paid,
            "commission": str(settlement.commission),
            "rounding": str(settlement.rounding),
            "house_result": settlement.house_result,
        }
