"""A dealer's void of the round in progress, the same for the five games: :class:`VoidRound`
(the command) and :class:`HouseVoid` (the event).

A round the house cannot finish (a server killed mid-round, a table fault, a dealer's error
nobody can put right) is voided by a dealer, with a reason: every stake placed for the round
goes back to whoever placed it and the round's cards (or tiles) are cancelled, nobody sees
them. Each game names the article it applies (``article``) and writes one
:class:`~croupier.settlement.PayoutLine` per stake returned (``Result.PUSH``) or kept
(``Result.CARRY``: a stake carried in from an earlier round of a banking game stays on the
layout, as the misdeal void of baccarat Art 3.4 keeps it):

================  =======================================================================
game              article (:data:`ARTICLES`)
================  =======================================================================
13-card game      none voids a round (Art 4 cancels a *deal*, and the stakes stay for the
                  new one): house practice, every stake returned
five-card stud    none voids a hand (Art 11 d returns one dead hand's pot money): house
                  practice, every seat's pot money, bets and initial commission returned
Mah-Jong          none voids a game: house practice, the game is cancelled with no payment
3-Card Baccarat   Art 3.4 (the round's cards cancelled) read as the void of the round: the
                  stakes placed for it returned, the carried ones kept (Art 7.2, 8.1)
Football Poker    none voids a round: house practice, every stake of the round returned
                  (the game carries no stake over)
================  =======================================================================

The event is checked again at every replay by the game (the round must be in play, the lines
must be the ones the stakes give, the article the game's) and by the table (``by`` is the
dealer who sent it).

**Never once the result is fixed.** A void is for a round the house *cannot* finish: once the
round's outcome is decided the house can always settle it, and a void then would let it cancel
a round it lost (refunding losing stakes, taking back a win). Each game refuses the void from
the point its result is fixed, naming the article that fixes it (:data:`RESULT_FIXED`,
:func:`refuse_fixed`); the table interface stops offering it there:

================  =======================================================================
game              the result is fixed (:data:`RESULT_FIXED`)
================  =======================================================================
13-card game      the setting is closed (phase CLOSED): every position's tiers are compared
                  with the banker's, Art 8 (with Art 9, 10); ``settle`` follows
five-card stud    betting is over (phase SHOWDOWN): the best hand shown takes the pot, or the
                  one player left does, Art 4, 10 e
Mah-Jong          a win is declared (a self-drawn win, or a win claim in a discard's or a
                  kong's window), or the game is drawn or ended by a false win: no article
                  (Portaria 52/89/M is silent on the play), **house practice**
3-Card Baccarat   every card of the round is out (phase DEALT, the hands shown): 3 cards each,
                  banker last (Art 3.2), the higher combination wins (Art 6); a misdeal still
                  outstanding then is rectified or voided by Art 3.4 (``void``), not here
Football Poker    every card of the round is out (phase DEALT, the hands shown): each hand's
                  total decides its bets, Art 8, 9
================  =======================================================================
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from croupier.errors import RuleViolation
from croupier.frozen import frozen_record
from croupier.money import Rounding
from croupier.protocol import Command, Event
from croupier.settlement import PayoutLine, Result

if TYPE_CHECKING:
    from croupier.events import Stake

__all__ = [
    "ARTICLES",
    "MAX_REASON",
    "RESULT_FIXED",
    "HouseVoid",
    "VoidRound",
    "carried_line",
    "check_void",
    "refund_line",
    "refuse_fixed",
    "stake_lines",
]

#: the longest reason a dealer gives for a void
MAX_REASON: Final = 200

#: what each game's void cites (see the module docstring)
ARTICLES: Final = {
    "thirteen": "house practice (no article voids a round; Art 4 cancels a deal only)",
    "five-card-stud": "house practice (no article voids a hand; cf. Art 11 d)",
    "mahjong": "house practice (no article voids a game): no payment",
    "three-card-baccarat": "Art 3.4 (the round's cards cancelled; stakes placed returned)",
    "football-poker": "house practice (no article voids a round)",
}

#: where each game's result is fixed, so a void is refused (see the module docstring): the
#: article (or house practice) a refusal names, and what fixed the result. A refusal is never
#: recorded: this wording may be edited, unlike :data:`ARTICLES`'s
RESULT_FIXED: Final = {
    "thirteen": (
        "Art 8",
        "the setting is closed: every position's tiers are compared with the banker's "
        "(Art 8, 9, 10)",
    ),
    "five-card-stud": (
        "Art 4, 10 e",
        "betting is over: the pot goes to the best hand shown, or to the one player left "
        "(Art 4, 10 e)",
    ),
    "mahjong": (
        "house practice",
        "a win is declared (or the game is drawn, or ended by a false win): the game's "
        "result is fixed",
    ),
    "three-card-baccarat": (
        "Art 3.2, 6",
        "every card of the round is out and shown (Art 3.2): the combinations decide every "
        "bet (Art 6)",
    ),
    "football-poker": (
        "Art 8, 9",
        "every card of the round is out and shown: each hand's total decides its bets (Art 8, 9)",
    ),
}


def refuse_fixed(game: str) -> RuleViolation:
    """The refusal of a void once ``game``'s round has its result fixed, naming the article."""
    article, what = RESULT_FIXED[game]
    return RuleViolation(article, f"{what}; a void is refused once the result is fixed: settle it")


@frozen_record
class VoidRound(Command):
    """A dealer voids the round in progress (see the module docstring): ``reason`` is
    recorded."""

    TYPE = "void_round"
    reason: str


@frozen_record
class HouseVoid(Event):
    """The round in progress voided by dealer ``by`` for ``reason``, under ``article``: one
    line per stake, returned (push) or kept on the layout (carry); the round's cards are
    cancelled and never shown."""

    TYPE = "house_void"
    reason: str
    by: str
    article: str
    lines: tuple[PayoutLine, ...]


def refund_line(player: str, position: int, bet: str, amount: int, article: str) -> PayoutLine:
    """A stake given back whole."""
    return PayoutLine.settle(
        player, position, bet, amount, Result.PUSH, rounding=Rounding.HOUSE, article=article
    )


def carried_line(player: str, position: int, bet: str, amount: int, article: str) -> PayoutLine:
    """A stake carried in from an earlier round, kept on the layout."""
    return PayoutLine.settle(
        player, position, bet, amount, Result.CARRY, rounding=Rounding.HOUSE, article=article
    )


def check_void(event: HouseVoid, game: str, due: tuple[PayoutLine, ...]) -> None:
    """The checks every game makes of a recorded void (beyond its phase)."""
    article = ARTICLES[game]
    if not isinstance(event.reason, str) or not event.reason.strip():
        raise RuleViolation(article, "a void says why the round is voided")
    if not isinstance(event.by, str) or not event.by:
        raise RuleViolation(article, "a void names the dealer who voided the round")
    if event.article != article:
        raise RuleViolation(article, f"a {game} void cites {article!r}, got {event.article!r}")
    if tuple(event.lines) != due:
        raise RuleViolation(
            article, "a void returns every stake placed for the round (and keeps carried ones)"
        )


def stake_lines(stakes: Iterable[Stake], article: str) -> tuple[PayoutLine, ...]:
    """The lines of a banking game's void: a stake carried in from an earlier round stays on
    the layout (the misdeal void of baccarat Art 3.4 keeps it so), every other is returned."""
    return tuple(
        (carried_line if s.carried else refund_line)(s.player, s.position, s.bet, s.amount, article)
        for s in stakes
    )
