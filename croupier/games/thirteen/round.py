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
(``PlayerSeated``)                    dice; nobody with a stake changes place mid-round; three
                                      places (option ``seats``)
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
``cancel_deal(reason)``               Art 4 (a misdeal that cannot be rectified: shuffle and
(``DealCancelled``)                   cut again; the dice stand, option
                                      ``new_dice_after_cancel``)
``banker_set(setting, at)``           Art 2 d (the banker sets first and shows; may set again
(``BankerSet``)                       until a player picks up), Art 7 (never fouled)
``record_banker_foul(setting, at)``   Art 7 (a dealer's mistake on the table: the banker
(``BankerFouled``)                    showed a fouled setting; the banker's place loses)
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
  lugar na mesa", Art 2 b, 5): three places besides the banker's (Art 3: "quatro lugares,
  incluindo o do dealer banqueiro"; option ``seats``, ``None``: no limit, as records written
  before the option were played). Any number of players may bet (seated or standing behind); only
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
  (bets remain closed) and a new shuffle and cut follow; the dice thrown stand (Art 4 names the
  shuffle, the machine and the cut only; option ``new_dice_after_cancel``: throw again too).
* **Setting.** The banker always sets and shows his 13 cards, even holding a natural, and never
  confirms a fouled setting (Art 7 reading: ``banker_set`` refuses one); a fouled setting the
  dealer has already shown is a dealer's mistake, recorded as such by ``record_banker_foul``,
  and the banker's place loses to every position that did not foul itself (Art 7). He may set
  again until the first pick-up (or first setting) by a player, and only within the time; the
  time limit (``setting_seconds``, Art 2 d) runs from his last setting. A player's setting is
  final once made. A fouled setting needs ``confirm_foul`` (else :class:`FoulWarning`) and loses
  «automaticamente» whatever the cards (Art 7; option ``naturals_from_cards``: a natural is
  recognised from the 13 cards whatever the setting, and its fouled setting is no foul). Three
  flushes and three straights count when set as such (Art 9 I «em todos os três escalões»). A
  position whose 13 cards hold a natural may instead declare it (``declare_natural``: it shows
  them as the natural).
* **Time.** ``at`` is in milliseconds of the table clock and never goes back within a round. A
  player sets strictly before the deadline (last banker setting + ``setting_seconds``); at the
  deadline the signal sounds (Art 2 d) and ``close_setting`` may close with the positions not
  set listed as late; they lose (article ``Art 2 d``).
* **Settlement.** Every stake on a position follows that position's result (Art 5: one hand per
  position): a win is paid ``prize`` x stake less ``commission`` of that prize (Art 11), a tie
  returns the stake (Art 8), a loss loses it. Amounts that are not whole units are paid by the
  table's ``rounding``.
* **Views.** Players see no card before the banker shows (Art 2 d). Then a player sees the
  cards (and, once set, the setting) of every position he holds, and of every position he has a
  stake on (co-bettors may suggest, Art 5; option ``bettors_see_cards``, off: the holder's
  only), never another position's before the setting closes; everyone sees the
  banker's setting once shown; after the close every played position's setting and score. The
  banker's seat sees his 13 cards from the deal. Nobody sees the undealt order: of the shuffle
  only its public face (size, cut, commitment).

A round dealt from a seeded shuffle (the banker's and the player's settings were chosen for
these cards):

>>> from croupier.cards import format_cards
>>> from croupier.shuffle import SeededShuffler
>>> game = ThirteenGame()
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
croupier.games.thirteen.events.FoulWarning: Art 7: the front (pair K-K-2) is above the middle \
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

from croupier.cards import Deck
from croupier.errors import MaterialError, RuleViolation
from croupier.events import BetPlaced, BetWithdrawn, RoundOpened, RoundSettled, ShoeShuffled
from croupier.games.thirteen.checks import ThirteenChecks
from croupier.games.thirteen.events import (
    BANKER_SEAT,
    BET,
    GAME,
    PLAYER_POSITIONS,
    BankerFouled,
    BankerSet,
    CardsDealt,
    CardsPickedUp,
    DealCancelled,
    DiceThrown,
    FoulWarning,
    PlayerSeated,
    PlayerStood,
    PositionSet,
    SettingClosed,
    ThirteenPhase,
    foul_explanation,
)
from croupier.games.thirteen.rules import DECK_SIZE, DICE_COUNT, MIN_CUT, check_cut
from croupier.games.thirteen.scoring import Setting
from croupier.games.thirteen.view import ThirteenViews
from croupier.games.void import HouseVoid
from croupier.records import is_int
from croupier.shoe import Shoe
from croupier.shuffle import Shuffler

__all__ = [
    "BANKER_SEAT",
    "BET",
    "GAME",
    "PLAYER_POSITIONS",
    "BankerFouled",
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


class ThirteenGame(ThirteenChecks, ThirteenViews):
    """A table of the 13-card game: commands checked against Portaria 51/89/M, events, a fold.

    See the module docstring for the commands, the articles behind them and the readings.
    Amounts are whole units of the table's currency (``unit`` per betting unit). The state and
    its fold are :class:`~croupier.games.thirteen.state.ThirteenState`, the checks
    :class:`~croupier.games.thirteen.checks.ThirteenChecks`, the views
    :class:`~croupier.games.thirteen.view.ThirteenViews`.
    """

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

    def verify_record_banker_foul(self, setting: Setting, at: int) -> None:
        self._check(BankerFouled(setting, at))

    def can_record_banker_foul(self, setting: Setting, at: int) -> bool:
        return self._can(self.verify_record_banker_foul, setting, at)

    def record_banker_foul(self, setting: Setting, at: int) -> BankerFouled:
        """The dealer records the banker's *fouled* setting, shown at ``at`` (a dealer's
        mistake, Art 7: the banker's place loses to every position that did not foul). It is a
        banker setting in every other way (Art 2 d: the players' time runs from it, and the
        banker may set again until a player picks up)."""
        return self._commit(BankerFouled(setting, at))

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

    def verify_house_void(self, reason: str, by: str) -> None:
        self._check(self._void_event(reason, by))

    def can_house_void(self, reason: str, by: str) -> bool:
        return self._can(self.verify_house_void, reason, by)

    def house_void(self, reason: str, by: str) -> HouseVoid:
        """Void the round in play (no article voids one: house practice, every stake returned;
        :mod:`croupier.games.void`); its cards are cancelled and READY follows. Refused once the
        setting is closed (the result is fixed, Art 8)."""
        return self._commit(self._void_event(reason, by))
