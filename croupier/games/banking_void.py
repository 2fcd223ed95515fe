"""A dealer's void of the round in play for the banking games' engines (croupier/games/void.py).

3-Card Baccarat and Football Poker void a round alike: every stake placed for the round is
returned and a carried stake stays (:func:`~croupier.games.void.stake_lines`), under the article
:data:`~croupier.games.void.ARTICLES` names for the game (baccarat's Art 3.4, football's house
practice); the round's cards are cancelled and never shown. Only before every card is out:
from DEALT the hands are shown and decide every bet, the result is fixed and a void is refused
(:data:`~croupier.games.void.RESULT_FIXED`; baccarat's misdeal still outstanding then is
rectified or voided by Art 3.4's own ``void``).
"""

from __future__ import annotations

from croupier.banking import BankingTable, BetT, OptionsT
from croupier.errors import RuleViolation
from croupier.events import Phase
from croupier.games.void import ARTICLES, HouseVoid, check_void, refuse_fixed, stake_lines

__all__ = ["VoidableBankingTable"]


class VoidableBankingTable(BankingTable[OptionsT, BetT]):
    """A banking engine whose dealer may void the round in play (``house_void``) until its
    result is fixed."""

    def _void_event(self, reason: str, by: str) -> HouseVoid:
        article = ARTICLES[self.GAME]
        return HouseVoid(reason, by, article, stake_lines(self._stakes, article))

    def verify_house_void(self, reason: str, by: str) -> None:
        self._check(self._void_event(reason, by))

    def can_house_void(self, reason: str, by: str) -> bool:
        return self._can(self.verify_house_void, reason, by)

    def house_void(self, reason: str, by: str) -> HouseVoid:
        """Void the round in play under the game's article (or house practice): the stakes
        placed for it returned, the carried ones kept; its cards cancelled and never shown."""
        return self._commit(self._void_event(reason, by))

    def _check_house_void(self, event: HouseVoid) -> None:
        if self._phase is Phase.DEALT:
            raise refuse_fixed(self.GAME)
        if self._phase not in (Phase.BETTING, Phase.DEALING):
            raise RuleViolation("tables", f"no round in play to void (phase {self._phase})")
        check_void(event, self.GAME, self._void_event(event.reason, event.by).lines)

    def _apply_house_void(self, event: HouseVoid) -> None:
        self._end_round(event.lines)
        self._round_opened()  # the round's cards are cancelled
