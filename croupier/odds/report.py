"""Shared types of the exact odds: a shoe as rank counts, the per-bet odds, the reports.

Everything here is exact (:class:`~fractions.Fraction` and ``int``); floats appear only in
:meth:`OddsReport.to_json` / :meth:`EffectOfRemoval.to_json` and the text tables, for display.

>>> shoe = ShoeCounts.standard(1, "As Kd Kd")
Traceback (most recent call last):
...
croupier.odds.report.ShoeError: cannot remove 'Kd' twice: a 1-deck shoe holds 1 Kd
>>> shoe = ShoeCounts.standard(2, "As Kd Kd")
>>> shoe.total, shoe[Rank.KING], shoe[Rank.ACE], shoe.removed
(101, 6, 7, ('As', 'Kd', 'Kd'))
>>> ShoeCounts.from_counts({"A": 2, "K": 3}).by_symbol()["K"]
3
>>> fraction_text(Fraction(0)), fraction_text(Fraction(-3, 4))
('0/1', '-3/4')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from croupier.cards import RANK_SYMBOLS, CardsLike, Rank, parse_cards
from croupier.errors import MaterialError
from croupier.settlement import Result

__all__ = [
    "CARDS_PER_DECK",
    "RANKS_A_TO_K",
    "BetOdds",
    "EffectOfRemoval",
    "OddsReport",
    "ShoeCounts",
    "ShoeError",
    "effect_of_removal",
    "fraction_text",
    "net_of",
    "payout_text",
    "results_in",
]

CARDS_PER_DECK: Final = 52
#: Display order of the ranks: A 2 3 4 5 6 7 8 9 T J Q K.
RANKS_A_TO_K: Final = (Rank.ACE, *(r for r in Rank if r != Rank.ACE))


class ShoeError(MaterialError, ValueError):
    """A shoe that cannot be built or used: a card removed more often than the shoe holds it, a
    bad count, too few cards for a round. ``token`` names the offending card, rank or value."""

    def __init__(self, token: str, message: str) -> None:
        self.token = token
        super().__init__(message)


def fraction_text(value: Fraction) -> str:
    """``"p/q"`` always (``"0/1"``, ``"1/1"``), so every exact value reads the same way."""
    return f"{value.numerator}/{value.denominator}"


def _check_count(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ShoeError(name, f"a count must be a whole number >= 0, got {value!r} for {name}")
    return value


@dataclass(frozen=True, slots=True)
class ShoeCounts:
    """A shoe described by how many cards of each rank it holds.

    ``counts`` has 13 entries indexed by :class:`~croupier.cards.Rank` (``counts[Rank.ACE]``);
    ``decks`` and ``removed`` record how a standard shoe was built (``None`` / ``()`` for a shoe
    given by arbitrary counts). Suits never matter to the odds, so they are not kept; when
    ``decks`` is known, :meth:`remove` still checks that no single card (rank and suit) is removed
    more often than the ``decks`` copies the shoe holds.
    """

    counts: tuple[int, ...]
    decks: int | None = None
    removed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.counts) != len(Rank):
            raise ShoeError(str(len(self.counts)), f"a shoe has 13 rank counts, got {self.counts}")
        for rank, n in zip(Rank, self.counts, strict=True):
            _check_count(rank.symbol, n)
        if self.decks is not None and (
            isinstance(self.decks, bool) or not isinstance(self.decks, int) or self.decks < 1
        ):
            raise ShoeError(
                repr(self.decks), f"decks must be a whole number >= 1, got {self.decks!r}"
            )

    @classmethod
    def of_decks(cls, decks: int) -> ShoeCounts:
        """``decks`` full 52-card decks: 4 × decks of every rank."""
        if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
            raise ShoeError(repr(decks), f"decks must be a whole number >= 1, got {decks!r}")
        return cls((4 * decks,) * len(Rank), decks)

    @classmethod
    def standard(cls, decks: int, removed: CardsLike | None = None) -> ShoeCounts:
        """``decks`` full decks less the ``removed`` cards (text such as ``"As Kd Kd"``)."""
        shoe = cls.of_decks(decks)
        return shoe if removed is None else shoe.remove(removed)

    @classmethod
    def from_counts(cls, counts: Mapping[Rank, int] | Mapping[str, int]) -> ShoeCounts:
        """A custom shoe: ``{rank or rank symbol: count}``; ranks not given hold no cards.

        >>> ShoeCounts.from_counts({Rank.TEN: 2, "J": 1}).total
        3
        """
        out = [0] * len(Rank)
        items: Iterable[tuple[Rank | str, int]] = counts.items()
        for key, n in items:
            rank = key if isinstance(key, Rank) else Rank.parse(key)
            out[rank] = _check_count(rank.symbol, n)
        return cls(tuple(out))

    def __getitem__(self, rank: Rank) -> int:
        return self.counts[rank]

    @property
    def total(self) -> int:
        """Cards in the shoe."""
        return sum(self.counts)

    def by_symbol(self) -> dict[str, int]:
        """``{"A": n, "2": n, ..., "T": n, "J": n, "Q": n, "K": n}``."""
        return {RANK_SYMBOLS[r]: self.counts[r] for r in RANKS_A_TO_K}

    def remove(self, cards: CardsLike) -> ShoeCounts:
        """The shoe less ``cards`` (repeats allowed). Removing a rank the shoe no longer holds,
        or (for a standard shoe) one card more often than its ``decks`` copies, raises
        :class:`ShoeError` naming the card; a token that is not a card raises the
        :class:`~croupier.errors.NotationError` of :func:`~croupier.cards.parse_cards`."""
        taken = parse_cards(cards, allow_duplicates=True)
        counts = list(self.counts)
        copies: Counter[int] = Counter()
        if self.decks is not None:
            copies.update(c.code for c in parse_cards(self.removed, allow_duplicates=True))
        for card in taken:
            token = str(card)
            if self.decks is not None:
                copies[card.code] += 1
                if copies[card.code] > self.decks:
                    times = "twice" if copies[card.code] == 2 else f"{copies[card.code]} times"
                    raise ShoeError(
                        token,
                        f"cannot remove {token!r} {times}: a {self.decks}-deck shoe holds "
                        f"{self.decks} {token}",
                    )
            if counts[card.rank] == 0:
                raise ShoeError(
                    token, f"cannot remove {token!r}: the shoe holds no more {card.rank.symbol}"
                )
            counts[card.rank] -= 1
        return ShoeCounts(tuple(counts), self.decks, self.removed + tuple(str(c) for c in taken))

    def without(self, rank: Rank) -> ShoeCounts:
        """The shoe less one card of ``rank`` (any suit), as a custom shoe (no ``decks``)."""
        if self.counts[rank] == 0:
            raise ShoeError(rank.symbol, f"the shoe holds no {rank.symbol} to remove")
        counts = list(self.counts)
        counts[rank] -= 1
        return ShoeCounts(tuple(counts))

    def require(self, cards: int, game: str) -> None:
        """Raise :class:`ShoeError` unless the shoe holds at least ``cards`` cards."""
        if self.total < cards:
            raise ShoeError(
                str(self.total), f"{game} needs at least {cards} cards, the shoe holds {self.total}"
            )


def payout_text(prize: int, commission: Fraction | None = None) -> str:
    """``"8:1"``, or ``"1:1 less 5%"`` with a commission on the prize.

    >>> payout_text(1, Fraction(5, 100)), payout_text(20), payout_text(1, Fraction(1, 40))
    ('1:1 less 5%', '20:1', '1:1 less 2.5%')
    """
    from croupier.money import format_rate

    text = f"{prize}:1"
    if commission:
        text += f" less {format_rate(commission)}"
    return text


def net_of(result: Result, prize: int, commission: Fraction | None) -> Fraction:
    """What one unit staked nets the player when the bet ends in ``result``: the prize less any
    commission on it for a win, -1 lost, 0 for a push or a carry (the stake stays), -1/2 for
    a half.

    >>> net_of(Result.WIN, 1, Fraction(5, 100)), net_of(Result.HALF, 0, None)
    (Fraction(19, 20), Fraction(-1, 2))
    """
    if result is Result.WIN:
        return prize * (1 - commission) if commission else Fraction(prize)
    if result is Result.LOSE:
        return Fraction(-1)
    if result is Result.HALF:
        return Fraction(-1, 2)
    return Fraction(0)


@dataclass(frozen=True, slots=True)
class BetOdds:
    """The exact odds of one bet.

    * ``probabilities``: by :class:`~croupier.settlement.Result` value (``"win"``, ``"lose"``,
      ``"carry"``, ``"push"``, ``"half"``): every result the rules can give this bet, each with
      its probability in this shoe (possibly 0); they sum to 1.
    * ``ev``: expected net per unit staked per round dealt (a carry or a push counts 0).
    * ``ev_per_resolved``: for a bet that can carry, the expected net per unit once it is
      resolved, ``ev / (1 - P(carry))`` (the carried stake meets the same odds next round);
      ``None`` for other bets, and when the bet always carries in this shoe.
    """

    name: str
    payout: str
    probabilities: dict[str, Fraction]
    ev: Fraction
    ev_per_resolved: Fraction | None = None

    @property
    def house_edge(self) -> Fraction:
        """``-ev``: what the house keeps per unit staked per round."""
        return -self.ev

    @property
    def can_carry(self) -> bool:
        return Result.CARRY.value in self.probabilities

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ev": float(self.ev),
            "ev_exact": fraction_text(self.ev),
            "house_edge": float(self.house_edge),
            "probabilities": {k: float(v) for k, v in self.probabilities.items()},
            "probabilities_exact": {k: fraction_text(v) for k, v in self.probabilities.items()},
            "payout": self.payout,
        }
        if self.can_carry:
            per = self.ev_per_resolved
            out["ev_per_resolved"] = None if per is None else float(per)
        return out


@dataclass(frozen=True, slots=True)
class OddsReport:
    """The exact odds of every bet of a game for one shoe.

    ``bets`` maps each bet name (the rules' ``BetKind`` values, in ``BetKind`` order) to its
    :class:`BetOdds`; ``distributions`` holds further exact distributions by name (each
    ``{key: probability}``, documented by the function that builds the report); ``options``
    the reading options used.
    """

    game: str
    decks: int | None
    removed: tuple[str, ...]
    cards_in_shoe: int
    bets: dict[str, BetOdds]
    distributions: dict[str, dict[str, Fraction]] = field(default_factory=dict)
    options: dict[str, bool | str] = field(default_factory=dict)
    shoe: ShoeCounts | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: ``game``, ``decks``, ``removed``, ``cards``, ``bets`` (floats and
        exact ``"p/q"`` strings), then ``options``, ``counts`` (by rank A..K), ``distributions``
        (floats) and ``distributions_exact``."""
        return {
            "game": self.game,
            "decks": self.decks,
            "removed": list(self.removed),
            "cards": self.cards_in_shoe,
            "bets": {name: bet.to_json() for name, bet in self.bets.items()},
            "options": dict(self.options),
            "counts": None if self.shoe is None else self.shoe.by_symbol(),
            "distributions": {
                name: {k: float(v) for k, v in dist.items()}
                for name, dist in self.distributions.items()
            },
            "distributions_exact": {
                name: {k: fraction_text(v) for k, v in dist.items()}
                for name, dist in self.distributions.items()
            },
        }

    def to_text(self) -> str:
        """A plain table: one line per bet with payout, probabilities and house edge (%)."""
        shown = {r for b in self.bets.values() for r in b.probabilities}
        results = [r.value for r in Result if r.value in shown]
        head = f"{'bet':<12} {'payout':<12}" + "".join(f" {'P(' + r + ')':>10}" for r in results)
        carry = any(b.can_carry for b in self.bets.values())
        head += f" {'house edge':>11}" + (f" {'per resolved':>13}" if carry else "")
        lines = [head]
        for bet in self.bets.values():
            cells = "".join(
                f" {float(bet.probabilities[r]):>10.6f}" if r in bet.probabilities else " " * 11
                for r in results
            )
            per = bet.ev_per_resolved
            tail = f" {-float(per) * 100:>12.4f}%" if per is not None else ""
            edge = float(bet.house_edge) * 100
            lines.append(f"{bet.name:<12} {bet.payout:<12}{cells} {edge:>10.4f}%{tail}")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class EffectOfRemoval:
    """How removing one card of each rank changes every bet's ``ev`` (exact).

    ``effects[rank][bet] = ev(shoe less one card of rank) - ev(shoe)``, for the ranks the shoe
    still holds, in A..K order. ``base`` is the report of the shoe itself.
    """

    base: OddsReport
    effects: dict[Rank, dict[str, Fraction]]

    @property
    def game(self) -> str:
        return self.base.game

    @property
    def decks(self) -> int | None:
        return self.base.decks

    @property
    def removed(self) -> tuple[str, ...]:
        return self.base.removed

    @property
    def cards_in_shoe(self) -> int:
        return self.base.cards_in_shoe

    def first_order_sum(self, bet: str) -> Fraction:
        """``sum(count(rank) * effects[rank][bet])``: exactly 0. Removing one card at random,
        unseen, is a burn: it leaves the odds of the next cards as they were, so the effects
        weighted by how many cards of each rank the shoe holds cancel out."""
        shoe = self.base.shoe
        assert shoe is not None
        return sum((shoe[r] * row[bet] for r, row in self.effects.items()), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        """``game``, ``decks``, ``removed``, ``cards``, ``base_ev`` (floats), ``effects`` by
        rank symbol (floats) and ``effects_exact`` (``"p/q"``), and ``unavailable``: the ranks
        the shoe no longer holds."""
        base = self.base
        shoe = base.shoe
        return {
            "game": base.game,
            "decks": base.decks,
            "removed": list(base.removed),
            "cards": base.cards_in_shoe,
            "base_ev": {name: float(b.ev) for name, b in base.bets.items()},
            "effects": {
                r.symbol: {k: float(v) for k, v in row.items()} for r, row in self.effects.items()
            },
            "effects_exact": {
                r.symbol: {k: fraction_text(v) for k, v in row.items()}
                for r, row in self.effects.items()
            },
            "unavailable": [
                r.symbol for r in RANKS_A_TO_K if shoe is not None and r not in self.effects
            ],
        }

    def to_text(self) -> str:
        """Rows A..K, a column per bet: the change in ev, in % of the stake."""
        names = list(self.base.bets)
        width = max(9, *(len(n) for n in names))
        lines = [
            "change in ev (% of the stake) when one card of the rank is removed",
            "rank" + "".join(f" {n:>{width}}" for n in names),
        ]
        for rank, row in self.effects.items():
            lines.append(
                f"{rank.symbol:<4}" + "".join(f" {float(row[n]) * 100:>+{width}.4f}" for n in names)
            )
        return "\n".join(lines)


def effect_of_removal(
    shoe: ShoeCounts, evaluate: Callable[[ShoeCounts], OddsReport]
) -> EffectOfRemoval:
    """Evaluate ``shoe`` and the shoe less one card of each rank it holds (A..K)."""
    base = evaluate(shoe)
    effects: dict[Rank, dict[str, Fraction]] = {}
    for rank in RANKS_A_TO_K:
        if shoe[rank] == 0:
            continue
        other = evaluate(shoe.without(rank))
        effects[rank] = {name: other.bets[name].ev - bet.ev for name, bet in base.bets.items()}
    return EffectOfRemoval(base, effects)


def results_in(values: Iterable[Result]) -> tuple[Result, ...]:
    """``values`` without repeats, in :class:`Result` order."""
    seen = set(values)
    return tuple(r for r in Result if r in seen)
