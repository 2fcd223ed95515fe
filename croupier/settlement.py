"""Settlement records shared by the banking games: one line per bet, exact and balanced.

Each bet on the table ends a round in one :class:`Result`. Its :class:`PayoutLine` keeps the
exact amount owed (a :class:`~fractions.Fraction`: the stake back plus the prize, less any
commission or lost half), the whole units actually paid (rounded by the table's
:class:`~croupier.money.Rounding`), what stays on the table for the next round, and the article
that decided it. A :class:`Settlement` checks on construction that it balances: what the players
staked equals what they are paid, plus what stays on the table, plus what the house keeps.

>>> line = PayoutLine.settle("ana", 1, "main", 100, Result.WIN, prize=Fraction(100),
...                          commission=Fraction(5), rounding=Rounding.HOUSE, article="Art 9.1")
>>> line.paid, line.net
(195, 95)
>>> Settlement((line,)).house_result
-95
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from croupier.errors import CroupierError
from croupier.frozen import frozen_record
from croupier.money import Rounding, pay

__all__ = ["BetDecision", "PayoutLine", "Result", "Settlement"]


class Result(StrEnum):
    """How one bet ended a round."""

    WIN = "win"  #: stake back plus the prize (less commission where due)
    LOSE = "lose"  #: the house keeps the stake
    PUSH = "push"  #: the stake is returned (e.g. a void round, football poker's 9 in 3 cards)
    CARRY = "carry"  #: the stake stays on the table for the next round (baccarat tie)
    HALF = "half"  #: half the stake is lost, half returned (football poker's 0 in 3 cards)


@frozen_record
class BetDecision:
    """How a game's rules end a bet: ``result``, the ``prize`` in stakes (for a win), whether a
    commission applies to that prize, and the article that decides it."""

    result: Result
    prize: int
    commission: bool
    article: str


def _check_terms(bet: str, stake: int, prize: Fraction, commission: Fraction) -> None:
    """CroupierError unless the stake, prize and commission are amounts a bet can have."""
    if stake < 0 or prize < 0 or commission < 0:
        raise CroupierError(
            f"{bet}: stake {stake}, prize {prize} and commission {commission} must be >= 0"
        )
    if commission > prize:
        raise CroupierError(f"{bet}: commission {commission} exceeds the prize {prize}")


def _owed(result: Result, stake: int, prize: Fraction, commission: Fraction) -> Fraction:
    """What a bet of ``stake`` that ended in ``result`` owes its player, exactly."""
    if result is Result.WIN:
        return stake + prize - commission
    if result is Result.PUSH:
        return Fraction(stake)
    if result is Result.HALF:
        return Fraction(stake, 2)
    return Fraction(0)  # LOSE, and CARRY (the stake stays on the table instead)


@dataclass(frozen=True, slots=True)
class PayoutLine:
    """One bet's settlement. Amounts in the table's smallest unit.

    ``owed`` is exact; ``paid`` is what the player receives now (stake included), ``carried`` is
    the stake left on the table; ``net = paid + carried - stake`` is the player's result.
    """

    player: str
    position: int
    bet: str
    stake: int
    result: Result
    prize: Fraction
    commission: Fraction
    owed: Fraction
    paid: int
    carried: int
    article: str

    def __post_init__(self) -> None:
        # a plain "push" is not ``Result.PUSH`` by identity: normalise (unknown: ValueError)
        object.__setattr__(self, "result", Result(self.result))
        _check_terms(self.bet, self.stake, self.prize, self.commission)
        expected = _owed(self.result, self.stake, self.prize, self.commission)
        if self.owed != expected:
            raise CroupierError(
                f"{self.bet} ({self.article}) of {self.stake}: {self.result} owes {expected}"
            )
        if self.carried != (self.stake if self.result is Result.CARRY else 0):
            raise CroupierError(
                f"{self.bet} ({self.article}): only a carried bet stays on the table"
            )
        if self.result is not Result.WIN and (self.prize or self.commission):
            raise CroupierError(
                f"{self.bet} ({self.article}): only a winning bet has a prize or commission"
            )
        if self.paid < 0 or abs(self.owed - self.paid) >= 1:
            raise CroupierError(
                f"{self.bet} ({self.article}): paid {self.paid} for {self.owed} owed"
            )

    @classmethod
    def settle(
        cls,
        player: str,
        position: int,
        bet: str,
        stake: int,
        result: Result,
        *,
        rounding: Rounding,
        article: str,
        prize: Fraction = Fraction(0),
        commission: Fraction = Fraction(0),
    ) -> PayoutLine:
        """The line for ``result``: computes what is owed, paid (rounded) and carried."""
        result = Result(result)
        _check_terms(bet, stake, prize, commission)
        owed = _owed(result, stake, prize, commission)
        return cls(
            player=player,
            position=position,
            bet=bet,
            stake=stake,
            result=result,
            prize=Fraction(prize),
            commission=Fraction(commission),
            owed=owed,
            paid=pay(owed, rounding),
            carried=stake if result is Result.CARRY else 0,
            article=article,
        )

    @property
    def net(self) -> int:
        """The player's result on this bet for the round (a carried bet is 0)."""
        return self.paid + self.carried - self.stake


@dataclass(frozen=True, slots=True)
class Settlement:
    """All the lines of one round, checked to balance."""

    lines: tuple[PayoutLine, ...]

    def __post_init__(self) -> None:
        players = sum(line.net for line in self.lines)
        if players + self.house_result != 0:  # pragma: no cover - an identity, kept as a guard
            raise CroupierError("settlement does not balance")
        if self.staked != self.paid + self.carried + self.house_result:
            raise CroupierError("settlement does not balance")  # pragma: no cover

    @property
    def staked(self) -> int:
        return sum(line.stake for line in self.lines)

    @property
    def paid(self) -> int:
        return sum(line.paid for line in self.lines)

    @property
    def carried(self) -> int:
        return sum(line.carried for line in self.lines)

    @property
    def commission(self) -> Fraction:
        """Exact commission charged (baccarat Art 10)."""
        return sum((line.commission for line in self.lines), Fraction(0))

    @property
    def rounding(self) -> Fraction:
        """What rounding kept from the players (negative if the house gave fractions)."""
        return sum((line.owed - line.paid for line in self.lines), Fraction(0))

    @property
    def house_result(self) -> int:
        """What the house wins (negative: loses) this round: stakes kept less prizes paid."""
        return self.staked - self.paid - self.carried

    def net_by_player(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for line in self.lines:
            out[line.player] = out.get(line.player, 0) + line.net
        return out
