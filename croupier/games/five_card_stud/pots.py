"""Pots, side pots and the house's commission (Portaria 104/85/M Art 4, 7, 9, 11 a).

Pure functions of what each seat put in, who is still in the hand and how the hands rank:

* :func:`uncalled` — Art 9: "excepto o da aposta feita no lanço final, que não seja acompanhada
  por nenhum dos outros jogadores": the part of the largest contribution that nobody matched
  goes back to its owner and pays no commission.
* :func:`build_pots` — Art 11 a: a player all in plays for the pot up to his stake; what others
  bet beyond it is a separate pot he has no part in ("bolo separado"), and so on for every later
  all-in. Folded players' chips stay in the pots they reached.
* :func:`settle_pots` — the two above in one pass, as a settlement makes them.
* :func:`award` — Art 4 (the best hand takes the pot; equal hands share it in equal parts; the
  units that do not divide follow the table's :class:`~croupier.games.five_card_stud.rules.OddChip`
  option) and Art 9 (the house takes ``house_rate`` of every pot; the winners are paid the rest,
  rounded by the table's :class:`~croupier.money.Rounding`).

>>> contributions = {1: 120, 2: 50, 3: 300, 4: 300}
>>> uncalled(contributions, live={1, 2, 3, 4})
>>> [(p.amount, p.eligible) for p in build_pots(contributions, live={2, 3, 4})]
[(200, (2, 3, 4)), (570, (3, 4))]
>>> uncalled({1: 20, 2: 120}, live={2})
(2, 100)
>>> [(p.amount, p.eligible) for p in build_pots({1: 50, 2: 50, 3: 400, 4: 400}, live={1, 2})]
[(900, (1, 2))]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import Final

from croupier.frozen import fast_maker, frozen_record
from croupier.games.five_card_stud.rules import OddChip
from croupier.money import Rounding, pay

__all__ = ["Pot", "PotResult", "award", "award_at", "build_pots", "settle_pots", "uncalled"]


@frozen_record
class Pot:
    """One pot: its amount and the seats still in the hand that may win it (Art 11 a)."""

    amount: int
    eligible: tuple[int, ...]


@frozen_record
class PotResult:
    """How one pot was settled: the house's commission (Art 9), the winners (Art 4) and what
    each was paid; ``odd_to_house``: units of a split that did not divide, kept by the house
    under ``odd_chip = house``."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    commission: int
    paid: tuple[tuple[int, int], ...]
    odd_to_house: int


# (both frozen_records: dataclass(frozen=True, slots=True)'s classes made without compiling their
# methods, with fast_init's faster __init__: made at every settlement)
#: ``PotResult(...)``, the same value made faster (:func:`~croupier.frozen.fast_maker`)
_pot_result: Final = fast_maker(PotResult)


def uncalled(contributions: Mapping[int, int], live: Collection[int]) -> tuple[int, int] | None:
    """``(seat, amount)`` of the final bet nobody called, or None (Art 9).

    The largest contribution is always a player's still in the hand (nobody folds to his own
    bet); what it has beyond the second largest was matched by nobody."""
    top_seat = -1
    top = second = 0
    for seat, amount in contributions.items():
        if amount > top:
            top_seat, second, top = seat, top, amount
        elif amount > second:
            second = amount
    if top > second and top_seat in live:
        return top_seat, top - second
    return None


def build_pots(
    contributions: Mapping[int, int], live: Collection[int], deduction: int = 0
) -> list[Pot]:
    """The main pot and the side pots, main first (Art 11 a).

    ``contributions``: what each seat put in (the uncalled bet already returned); ``live``: the
    seats still in the hand; ``deduction``: what the house took from the main pot before the deal
    (the initial commission of Art 8 under ``initial_commission = pot``). Consecutive levels with
    the same players are one pot. Chips above the highest stake of a player still in the hand
    (bets of players who all folded afterwards) join the top pot."""
    levels = sorted({contributions[s] for s in live if contributions.get(s, 0) > 0})
    values = list(contributions.values())
    pots: list[Pot] = []
    below = 0
    for level in levels:
        amount = 0
        for c in values:  # what each put in between the level below and this one
            if c > below:
                amount += (c if c < level else level) - below
        eligible = tuple(sorted([s for s in live if contributions.get(s, 0) >= level]))
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        below = level
    # chips above the highest live stake: bets of players who all folded later (a free fold
    # in rounds 2-4 while everyone else in the hand was all in). Nobody still in the hand
    # contested them; they go with the top pot, to the best hand among the players who remain
    # (Art 11 a: "pertencerá ao jogador que, de entre os restantes, tiver o jogo ... mais
    # elevada").
    above = sum([c - below for c in values if c > below])
    if not pots:  # every live player's chips came back (or none went in): one pot
        pots.append(Pot(above, tuple(sorted(live))))
    elif above:
        pots[-1] = Pot(pots[-1].amount + above, pots[-1].eligible)
    if deduction:
        main = pots[0]
        if deduction > main.amount:
            raise ValueError(f"a deduction of {deduction} exceeds the main pot of {main.amount}")
        pots[0] = Pot(main.amount - deduction, main.eligible)
    return pots


_HOUSE: Final = Rounding.HOUSE
_PLAYER: Final = Rounding.PLAYER
_ODD_TO_HOUSE: Final = OddChip.HOUSE


def _net(amount: int, rate: tuple[int, int], rounding: Rounding) -> int:
    """``amount * (1 - rate)`` paid in whole units by ``rounding``, ``rate`` as (numerator,
    denominator) (integer arithmetic: the same as :func:`croupier.money.pay` on the exact
    Fraction, which the tests check)."""
    num, den = rate
    if not num:
        return amount
    owed = amount * (den - num)
    whole, rest = divmod(owed, den)
    if not rest or rounding is _HOUSE:
        return whole
    if rounding is _PLAYER:
        return whole + 1
    return pay(Fraction(owed, den), rounding)


def award(
    pot: Pot,
    strengths: Mapping[int, int],
    showdown_order: Sequence[int],
    rate: Fraction,
    rounding: Rounding,
    odd_chip: OddChip,
) -> PotResult:
    """Settle one pot: the eligible seats with the highest strength win it (Art 4), less the
    house's ``rate`` (Art 9). With one eligible seat (everyone else folded), he wins it."""
    return award_at(
        pot, strengths, showdown_order, (rate.numerator, rate.denominator), rounding, odd_chip
    )


def award_at(
    pot: Pot,
    strengths: Mapping[int, int],
    showdown_order: Sequence[int],
    rate: tuple[int, int],
    rounding: Rounding,
    odd_chip: OddChip,
) -> PotResult:
    """:func:`award` with the house's rate as (numerator, denominator) in lowest terms (a
    table's, read once)."""
    eligible = pot.eligible
    winners: tuple[int, ...]
    if len(eligible) == 1:
        winners = eligible
    else:
        best = max([strengths[s] for s in eligible])
        winners = tuple([s for s in showdown_order if s in eligible and strengths[s] == best])
    amount = pot.amount
    net = _net(amount, rate, rounding)
    share, odd = divmod(net, len(winners))
    odd_to_house = 0
    if len(winners) == 1:
        paid: tuple[tuple[int, int], ...] = ((winners[0], net),)
    else:
        shares = [share] * len(winners)
        if odd_chip is _ODD_TO_HOUSE:
            odd_to_house = odd
        else:
            for i in range(odd):
                shares[i] += 1
        paid = tuple(zip(winners, shares, strict=True))
    return PotResult(amount, eligible, winners, amount - net, paid, odd_to_house)


def settle_pots(
    contributions: Mapping[int, int],
    live: Sequence[int],
    deduction: int,
    strengths: Mapping[int, int],
    showdown_order: Sequence[int],
    rate: tuple[int, int],
    rounding: Rounding,
    odd_chip: OddChip,
) -> tuple[PotResult, ...]:
    """Every pot settled: ``tuple(award_at(p, strengths, showdown_order, rate, rounding,
    odd_chip) for p in build_pots(contributions, live, deduction))`` (the same results, the
    same ValueError), in one pass with no :class:`Pot` made (a settlement's hot path; the tests
    compare the two). As a settlement calls it: ``contributions`` whole amounts >= 0 with every
    seat of ``live`` among them, ``live`` in seat order (the hand's), and ``showdown_order``
    every seat of a pot with more than one eligible (the seats in the hand, when two or more
    are)."""
    num, den = rate
    kept = den - num
    values = contributions.values()
    if len(live) == 1:
        # a hand won by a fold: one pot of every chip, the last seat's (build_pots's pot of
        # the one level, or of none when his chips all came back)
        eligible: tuple[int, ...] = (live[0],)
        amount = sum(values)
        if deduction:
            if deduction > amount:
                raise ValueError(f"a deduction of {deduction} exceeds the main pot of {amount}")
            amount -= deduction
        owed = amount * kept  # the house's rate off (_net, inline: its whole-unit case)
        net = owed // den
        if owed % den and rounding is not _HOUSE:
            net = _net(amount, rate, rounding)
        return (_pot_result(amount, eligible, eligible, amount - net, ((live[0], net),), 0),)
    stakes = []
    for s in live:  # (a loop: map's call and the bound method cost more for a few seats)
        stakes.append(contributions[s])
    levels = sorted(set(stakes))
    stakeless = levels[0] <= 0  # a seat in the hand with nothing in: in no pot
    if stakeless:
        levels = [level for level in levels if level > 0]
    # each level's pot: what each put in between the level below and this one, F(level) -
    # F(below) with F(x) the sum of min(c, x); the top level's takes the rest, the chips above
    # the highest live stake included (see build_pots). The levels are distinct stakes of
    # seats in the hand, so no two have the same players: build_pots's merge never happens.
    # (plain loops: a builtin's call, min's or sorted's with its keywords, costs as much as
    # a dozen steps of a loop)
    amounts: list[int] = []
    below = 0
    for level in levels[:-1]:
        reached = 0
        for c in values:
            reached += c if c < level else level
        amounts.append(reached - below)
        below = reached
    amounts.append(sum(values) - below)  # no level: one pot of everything, every live seat
    if deduction:
        if deduction > amounts[0]:
            raise ValueError(f"a deduction of {deduction} exceeds the main pot of {amounts[0]}")
        amounts[0] -= deduction
    # the pots' eligible seats shrink pot by pot (a pot's are those of the one below with a
    # stake of its level), so the best of a pot's are the best of the pot's below when one of
    # those is among them: the showdown is read once, for the main pot, and again only for a
    # pot none of them reached (award_at's winners: the eligible seats of the best strength,
    # in showdown order)
    eligible = tuple(live)
    found: list[tuple[int, int]] = []  # (seat, stake) of the best of the pot below
    results: list[PotResult] = []
    level = 0
    for i, amount in enumerate(amounts):
        if levels:
            level = levels[i]
        if i or (stakeless and levels):  # (the main pot's: every seat in the hand)
            staked: list[int] = []
            for s in eligible:
                if contributions[s] >= level:
                    staked.append(s)
            eligible = tuple(staked)
        winners: tuple[int, ...]
        if len(eligible) == 1:
            winners = eligible
        else:
            best: list[int] = []
            for s, stake in found:
                if stake >= level:
                    best.append(s)
            if not best:
                top = 0
                for s in showdown_order:
                    stake = contributions[s]
                    if stake >= level:
                        strength = strengths[s]
                        if not best or strength > top:
                            top = strength
                            best = [s]
                            found = [(s, stake)]
                        elif strength == top:
                            best.append(s)
                            found.append((s, stake))
            winners = tuple(best)
        owed = amount * kept
        net = owed // den
        if owed % den and rounding is not _HOUSE:
            net = _net(amount, rate, rounding)
        odd_to_house = 0
        if len(winners) == 1:
            paid: tuple[tuple[int, int], ...] = ((winners[0], net),)
        else:
            share, odd = divmod(net, len(winners))
            shares = [share] * len(winners)
            if odd_chip is _ODD_TO_HOUSE:
                odd_to_house = odd
            else:
                for k in range(odd):
                    shares[k] += 1
            paid = tuple(zip(winners, shares, strict=True))
        results.append(_pot_result(amount, eligible, winners, amount - net, paid, odd_to_house))
    return tuple(results)
