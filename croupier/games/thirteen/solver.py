"""The 13-card game's settings, searched whole: the player's best response and the house way.

A position's 13 cards can be set in C(13,5) x C(8,5) = 1,287 x 56 = **72,072** ways (the back
5, then the middle 5 of the 8 left, the front is the 3 remaining; Art 7). This module scores all
of them at once with NumPy:

1. the 1,287 five-card and 286 three-card subsets of the hand are ranked once
   (:data:`croupier.rank.THIRTEEN` strengths: the front shares the 5-card scale, so the foul
   check of Art 7 is ``front <= middle <= back`` on strengths);
2. every setting is a triple of subset indexes (fixed tables, built once), so a setting's
   strengths, its validity and its score are gathers over those tables.

**Best response** (:func:`best_response`, the player who sees the banker's setting, Art 2 d):
against a shown banker each tier is a fixed contribution: a tier the player wins (strictly
higher, Art 10) adds the player's points for his formation in that tier, a tier he loses takes
away the banker's points for the banker's formation (Art 9 II). Win / tie / lose is the sign of
the margin (Art 8), so the setting that maximises the result (win > tie > lose) and then the
point margin is the valid setting with the largest margin. Every valid setting is scored, none
is pruned; ties between settings of equal margin go to the strongest back, then middle, then
front. A fouled setting is never chosen (there is always a valid one: the 13 cards in rank
order). Naturals (Art 9 I) do not depend on the setting and are handled by the caller
(:func:`solve`).

**House way** (:func:`house_way`): the banker sets first and without seeing the players, so it
needs a strategy (GAMES.md: an option, :class:`~croupier.games.thirteen.rules.HouseWay`):

* ``expected-points`` (default): the valid setting with the highest expected point margin, tier
  by tier, against the tiers a typical opponent holds. For a banker tier of strength ``s`` the
  expectation is ``P(opponent <= s) * points(s) - sum_{o > s} P(o) * points(o)`` (Art 9 II, 10).
  The opponents' tier distributions are *calibrated* by fictitious play on seeded random hands
  (:mod:`croupier.games.thirteen.calibration`, shipped as a table and checked by a test). The
  search scores only the backs whose bound can reach the best (:meth:`HandSettings._scored`);
  the answer is the full search's.
* ``strongest-back``: the strongest back, then middle, then front (a plain ranking of settings).
* ``strongest-front``: the strongest front, then middle, then back, among valid settings.

``croupier odds thirteen`` measures the house edge of each (see docs/rules.md and the README).

>>> from croupier.cards import parse_cards
>>> hand = parse_cards("As Ah Kd Kc 9s 8s 7s 6s 5d 4h 3c 2d Jh")
>>> banker = Setting.parse("Qh Qd 2c / Ac Ad 7c 7d 5c / Ts Td Tc 3s 3h")
>>> s = best_response(hand, banker)
>>> str(s), score(hand, s, banker.cards, banker).outcome.value
('Kc Kd Jh / Ah 5d 4h 3c 2d / As 9s 8s 7s 6s', 'win')
>>> plain_best_response(hand, banker) == s  # the plain loop over all 72,072 agrees
True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from croupier.cards import Card, parse_cards
from croupier.errors import RecordError
from croupier.games.thirteen import calibration as _calibration
from croupier.games.thirteen.calibration import ExpectedTables, points_arrays
from croupier.games.thirteen.prebuilt import (
    MIDDLES_PER_BACK,
    SETTING_COUNT,
    SettingsIndex,
    prime_ranking,
    settings_index,
)
from croupier.games.thirteen.rules import HouseWay
from croupier.games.thirteen.scoring import (
    Natural,
    Score,
    Setting,
    Tier,
    natural_of,
    natural_setting,
    points_by_strength,
    score,
)
from croupier.rank.hand import strength_of_codes
from croupier.rank.model import RANK_MASK, THIRTEEN

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "SETTING_COUNT",
    "ExpectedTables",
    "Frontier",
    "HandSettings",
    "Solution",
    "best_response",
    "house_way",
    "plain_best_response",
    "points_arrays",
    "solve",
]

_BACKS: Final = 1287
#: backs scored first (those of highest bound) when the search leaves settings out
_FIRST_BACKS: Final = 24
#: below every margin (|margin| <= 3 + 10 + 5 + 5 + 10 + 3), marks a fouled setting
_FOULED: Final = np.int16(-1000)


def _index() -> SettingsIndex:
    """The settings index (shipped prebuilt); the first call also hands THIRTEEN its shipped
    rank tables, so that nothing is built at start."""
    prime_ranking()
    return settings_index()


class _Lookups:
    """What every hand's build reads, made once: the subsets' positions column by column (a
    sum of five 1,287-long gathers is cheaper than one 2-D gather and a row sum) and the
    THIRTEEN hash tables as int64 (no copy per hand). A plain class: a dataclass costs its
    definition's time at every start."""

    __slots__ = (
        "caps",
        "card_value",
        "cols3",
        "cols5",
        "flush_offset",
        "front2d",
        "middle2d",
        "size3_base",
        "slot",
        "table",
    )

    def __init__(self) -> None:
        ix = _index()
        t = THIRTEEN.tables
        self.cols5 = tuple(np.ascontiguousarray(c) for c in ix.sub5.T)
        self.cols3 = tuple(np.ascontiguousarray(c) for c in ix.sub3.T)
        self.card_value: NDArray[np.int64] = t.card_value_np.astype(np.int64)
        self.flush_offset: NDArray[np.int64] = t.flush_offset_np.astype(np.int64)
        self.table: NDArray[np.uint16] = t.table_np
        self.size3_base: int = t.size3_base
        #: each back's 56 middles and fronts, one row a back
        self.middle2d = ix.middle.reshape(_BACKS, MIDDLES_PER_BACK)
        self.front2d = ix.front.reshape(_BACKS, MIDDLES_PER_BACK)
        self.slot = np.arange(MIDDLES_PER_BACK, dtype=np.intp)
        self.caps: dict[int, tuple[Any, NDArray[np.float64], NDArray[np.float64]]] = {}

    def expected_caps(self, tables: ExpectedTables) -> tuple[NDArray[np.float64], ...]:
        """The most a front and a middle are worth by ``tables`` up to each strength."""
        found = self.caps.get(id(tables))
        if found is None or found[0] is not tables:
            ef, em, _ = tables
            found = (tables, np.maximum.accumulate(ef), np.maximum.accumulate(em))
            if len(self.caps) >= 8:  # a few tables in use at a time (calibration rounds)
                self.caps.clear()
            self.caps[id(tables)] = found
        return found[1], found[2]


_LOOKUPS: list[_Lookups] = []


def _lookups() -> _Lookups:
    if not _LOOKUPS:
        _LOOKUPS.append(_Lookups())
    return _LOOKUPS[0]


def _hand(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """The 13 cards, checked, strongest first (so tiers print high to low)."""
    hand = parse_cards(cards, count=13)
    return tuple(sorted(hand, key=lambda c: c.code, reverse=True))


@dataclass(frozen=True)
class Frontier:
    """A hand's non-dominated valid settings: no other valid setting is at least as strong in
    every tier (one setting per strength triple, the lowest-numbered). Against any banker the
    best response's margin is reached on the frontier (a tier's contribution never falls as
    the player's tier gets stronger, Art 9 II, 10), so scoring the frontier (~135 settings on
    average) answers what scoring all 72,072 does."""

    index: NDArray[np.intp]
    front: NDArray[np.int64]
    middle: NDArray[np.int64]
    back: NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.index)


class HandSettings:
    """All 72,072 settings of one 13-card hand, ranked and checked for fouls (Art 7).

    ``front`` and ``middle`` hold every setting's tier strengths (``back`` too, built on
    demand: setting ``i``'s back is the 5-card subset ``i // 56``, so the back strengths are
    ``s5`` repeated); ``valid`` marks the settings in ascending order (not fouled).
    """

    __slots__ = (
        "_cards",
        "_front",
        "_middle",
        "_penalty",
        "_valid",
        "_valid_mask",
        "codes",
        "s3",
        "s5",
    )

    def __init__(self, cards: Iterable[Card | str] | str) -> None:
        hand = _hand(cards)
        self._cards: tuple[Card, ...] | None = hand
        self._build([c.code for c in hand])

    @classmethod
    def from_codes(cls, codes: Iterable[int]) -> HandSettings:
        """From 13 card codes known to be distinct and in the deck (a simulation's own deal:
        no parsing, no checks; the cards are made when asked for)."""
        hs = cls.__new__(cls)
        hs._cards = None
        hs._build(sorted(codes, reverse=True))
        return hs

    @property
    def cards(self) -> tuple[Card, ...]:
        """The 13 cards, strongest first."""
        if self._cards is None:
            self._cards = tuple(Card(int(c)) for c in self.codes)
        return self._cards

    def _build(self, codes: list[int]) -> None:
        self.codes = np.array(codes, dtype=np.intp)
        lk = _lookups()
        cv = lk.card_value[self.codes]
        c0, c1, c2, c3, c4 = lk.cols5
        sums5 = cv[c0] + cv[c1] + cv[c2] + cv[c3] + cv[c4]
        table = lk.table
        flush = lk.flush_offset[sums5 >> 19]
        self.s5: NDArray[np.uint16] = table[(sums5 & RANK_MASK) + flush]
        f0, f1, f2 = lk.cols3
        sums3 = (cv[f0] + cv[f1] + cv[f2]) & RANK_MASK
        self.s3: NDArray[np.uint16] = table[sums3 + lk.size3_base]
        self._front: NDArray[np.uint16] | None = None
        self._middle: NDArray[np.uint16] | None = None
        self._valid_mask: NDArray[np.bool_] | None = None
        self._penalty: NDArray[np.int16] | None = None
        self._valid: tuple[NDArray[np.intp], ...] | None = None

    @property
    def front(self) -> NDArray[np.uint16]:
        """Every setting's front strength (made when first asked for)."""
        if self._front is None:
            self._front = self.s3.take(_index().front)
        return self._front

    @property
    def middle(self) -> NDArray[np.uint16]:
        """Every setting's middle strength (made when first asked for)."""
        if self._middle is None:
            self._middle = self.s5.take(_index().middle)
        return self._middle

    @property
    def valid(self) -> NDArray[np.bool_]:
        """Which settings are not fouled (Art 7: front <= middle <= back)."""
        if self._valid_mask is None:
            valid = self.front <= self.middle
            valid.reshape(_BACKS, MIDDLES_PER_BACK)[...] &= (
                self.middle.reshape(_BACKS, MIDDLES_PER_BACK) <= self.s5[:, None]
            )
            self._valid_mask = valid
        return self._valid_mask

    def _compressed(self) -> tuple[NDArray[np.intp], ...]:
        """The valid settings' numbers and their front, middle and back subset indexes (about
        a third of the 72,072: scoring only these is cheaper than masking all)."""
        if self._valid is None:
            ix = _index()
            v = np.flatnonzero(self.valid)
            self._valid = (v, ix.front.take(v), ix.middle.take(v), v // MIDDLES_PER_BACK)
        return self._valid

    @property
    def back(self) -> NDArray[np.uint16]:
        """Every setting's back strength (``s5`` repeated 56 times)."""
        return np.repeat(self.s5, MIDDLES_PER_BACK)

    def strengths(self, i: int) -> tuple[int, int, int]:
        """Setting ``i``'s front, middle and back strengths."""
        ix = _index()
        return (
            int(self.s3[ix.front[i]]),
            int(self.s5[ix.middle[i]]),
            int(self.s5[i // MIDDLES_PER_BACK]),
        )

    def setting(self, i: int) -> Setting:
        """Setting number ``i`` (0..72,071) as cards."""
        ix = _index()
        c = self.cards
        return Setting(
            tuple(c[p] for p in ix.sub3[ix.front[i]]),
            tuple(c[p] for p in ix.sub5[ix.middle[i]]),
            tuple(c[p] for p in ix.sub5[ix.back[i]]),
        )

    def margins(self, banker: tuple[int, int, int]) -> NDArray[np.int16]:
        """Every setting's point margin against banker tier strengths (fouled ones included)."""
        pf, pm, pb = points_arrays()
        bf, bm, bb = banker
        c3 = np.where(self.s3 > bf, pf[self.s3], -pf[bf]).astype(np.int16)
        cm = np.where(self.s5 > bm, pm[self.s5], -pm[bm]).astype(np.int16)
        cb = np.where(self.s5 > bb, pb[self.s5], -pb[bb]).astype(np.int16)
        ix = _index()
        margin: NDArray[np.int16] = c3[ix.front]
        margin += cm[ix.middle]
        margin.reshape(_BACKS, MIDDLES_PER_BACK)[...] += cb[:, None]
        return margin

    def best_index(self, banker: tuple[int, int, int]) -> int:
        """The valid setting with the largest margin; ties: strongest back, middle, front."""
        return self.best_response(banker)[0]

    def _valid_margins(self, banker: tuple[int, int, int]) -> NDArray[np.int16]:
        """The valid settings' point margins against banker tier strengths (Art 9 II, 10), in
        the order of :meth:`_compressed`."""
        pf, pm, pb = points_arrays()
        bf, bm, bb = banker
        c3 = np.where(self.s3 > bf, pf.take(self.s3), -pf[bf]).astype(np.int16)
        cm = np.where(self.s5 > bm, pm.take(self.s5), -pm[bm]).astype(np.int16)
        cb = np.where(self.s5 > bb, pb.take(self.s5), -pb[bb]).astype(np.int16)
        _, f, m, b = self._compressed()
        margin = c3.take(f)
        margin += cm.take(m)
        margin += cb.take(b)
        return margin

    def _scored(
        self, bound: NDArray[Any], score: Callable[..., NDArray[Any]]
    ) -> tuple[NDArray[Any], NDArray[np.intp]]:
        """The values and numbers of the valid settings that can reach the best value.

        ``bound[b]`` is at least the value of every valid setting with back ``b`` (computed as
        the values are, so that rounding keeps it above them); ``score(backs, middles,
        fronts)`` gives the values of those backs' settings, a row a back. The backs of
        highest bound are scored first; every other back whose bound is below the best value
        found among them is left out: none of its settings can reach the best, so the
        settings that do, and so the answer and its tie-break, are those of the full search.
        """
        lk = _lookups()
        first = np.argpartition(bound, -_FIRST_BACKS)[-_FIRST_BACKS:]
        values, numbers = self._score_backs(first, score, lk)
        later = bound >= values.max() if len(values) else np.ones(_BACKS, dtype=np.bool_)
        later[first] = False
        more, more_numbers = self._score_backs(np.flatnonzero(later), score, lk)
        return np.concatenate((values, more)), np.concatenate((numbers, more_numbers))

    def _score_backs(
        self, backs: NDArray[np.intp], score: Callable[..., NDArray[Any]], lk: _Lookups
    ) -> tuple[NDArray[Any], NDArray[np.intp]]:
        middles = lk.middle2d.take(backs, axis=0)
        fronts = lk.front2d.take(backs, axis=0)
        m = self.s5.take(middles)
        valid = (self.s3.take(fronts) <= m) & (m <= self.s5.take(backs)[:, None])
        values = score(backs, middles, fronts)
        numbers = backs[:, None] * MIDDLES_PER_BACK + lk.slot
        return values[valid], numbers[valid]

    def best_response(self, banker: tuple[int, int, int]) -> tuple[int, int]:
        """(:meth:`best_index`, its margin), scoring the valid settings only."""
        margin = self._valid_margins(banker)
        best = margin.max()
        v = self._compressed()[0]
        return self._strongest(v[np.flatnonzero(margin == best)]), int(best)

    def best_margin(self, banker: tuple[int, int, int]) -> int:
        """The best response's margin alone (:meth:`best_response`'s second part, without
        looking for which setting reaches it)."""
        return int(self._valid_margins(banker).max())

    def margin_of(self, i: int, banker: tuple[int, int, int]) -> int:
        """Setting ``i``'s point margin against banker tier strengths (Art 9 II, 10)."""
        return sum(
            int(pts[s]) if s > b else -int(pts[b])
            for pts, s, b in zip(points_arrays(), self.strengths(i), banker, strict=True)
        )

    def best_of(self, margins: NDArray[np.int16]) -> int:
        """:meth:`best_index` from the margins already computed by :meth:`margins`."""
        if self._penalty is None:
            self._penalty = (~self.valid).astype(np.int16) * _FOULED
        margin = margins + self._penalty
        return self._strongest(np.flatnonzero(margin == margin.max()))

    def _strongest(self, candidates: NDArray[np.intp], *, front_first: bool = False) -> int:
        """The candidate with the strongest back, then middle, then front (``front_first``:
        front, then middle, then back); then the lowest-numbered."""
        if len(candidates) == 1:
            return int(candidates[0])
        ix = _index()
        back = self.s5.take(candidates // MIDDLES_PER_BACK)
        front = self.s3.take(ix.front.take(candidates))
        middle = self.s5.take(ix.middle.take(candidates))
        first, last = (front, back) if front_first else (back, front)
        key = first.astype(np.int64) << 32 | middle.astype(np.int64) << 16 | last.astype(np.int64)
        return int(candidates[int(np.argmax(key))])

    def frontier(self) -> Frontier:
        """The non-dominated valid settings (:class:`Frontier`), strongest back first."""
        v = np.flatnonzero(self.valid)
        back = self.s5[v // MIDDLES_PER_BACK].astype(np.int64)
        key = back << 32 | self.middle[v].astype(np.int64) << 16 | self.front[v].astype(np.int64)
        keys, first = np.unique(key, return_index=True)
        keys, first = keys[::-1], first[::-1]  # strongest back, then middle, then front
        b, m, f = keys >> 32, (keys >> 16) & 0xFFFF, keys & 0xFFFF
        keep = np.zeros(len(keys), dtype=np.bool_)
        km = np.empty(0, dtype=np.int64)
        kf = np.empty(0, dtype=np.int64)
        starts = np.flatnonzero(np.r_[True, b[1:] != b[:-1]])
        for lo, hi in zip(starts, [*starts[1:], len(keys)], strict=True):
            gm, gf = m[lo:hi], f[lo:hi]  # one back strength: middle, then front, descending
            # within the group: dominated by an earlier point with a front at least as strong
            prev = np.maximum.accumulate(np.r_[-1, gf[:-1]])
            alive = gf > prev
            if len(km):  # by a point of a stronger back
                alive &= ~((km[None, :] >= gm[:, None]) & (kf[None, :] >= gf[:, None])).any(1)
            keep[lo:hi] = alive
            km = np.r_[km, gm[alive]]
            kf = np.r_[kf, gf[alive]]
        return Frontier(v[first[keep]], f[keep], m[keep], b[keep])

    def house_index(self, way: HouseWay | str = HouseWay.EXPECTED_POINTS) -> int:
        """The setting the house way ``way`` picks for these cards."""
        way = HouseWay(way)
        if way is HouseWay.STRONGEST_BACK:
            return self._strongest(np.flatnonzero(self.valid))
        if way is HouseWay.STRONGEST_FRONT:
            return self._strongest(np.flatnonzero(self.valid), front_first=True)
        if way is HouseWay.MAXIMIN:
            return self.table_index(_calibration.maximin_table())
        return self.expected_index(_calibration.calibration().tables)

    def table_index(self, table: _calibration.MaximinTable) -> int:
        """The valid setting with the highest value by ``table`` (the ``maximin`` way): its
        expected-points value plus the table's three pair terms; ties: strongest back,
        middle, front."""
        ef, em, eb = _calibration.calibration().tables
        bf, bm, bb = table.bins
        n = table.size
        fm, mb, fb = (p.ravel() for p in table.pairs)
        v, f, m, b = self._compressed()
        value = ef[self.s3][f]  # small tables by subset first, then one gather each
        value += em[self.s5][m]
        value += eb[self.s5][b]
        cf = (bf[self.s3] * n)[f]
        cm = bm[self.s5][m]
        cb = bb[self.s5][b]
        value += fm[cf + cm]
        value += mb[cm * n + cb]
        value += fb[cf + cb]
        return self._strongest(v[np.flatnonzero(value == value.max())])

    def expected_index(self, tables: ExpectedTables) -> int:
        """The valid setting with the highest expected margin by the per-tier ``tables``
        (indexed by strength); ties: strongest back, middle, front.

        When this hand's valid settings are already listed (a best response was scored), all
        of them are scored (:meth:`expected_index_all`); otherwise the backs that cannot reach
        the best are left out (:meth:`_scored`, ~8% of the backs are scored on average). The
        answer is the same either way (a test compares them)."""
        if self._valid is not None:
            return self.expected_index_all(tables)
        ef, em, eb = tables
        by_front, by_middle, by_back = ef.take(self.s3), em.take(self.s5), eb.take(self.s5)
        capf, capm = _lookups().expected_caps(tables)
        # a back's bound, added in the order the values are (so rounding keeps it above them)
        bound = capf.take(self.s5) + capm.take(self.s5)
        bound += by_back

        def score(
            backs: NDArray[np.intp], middles: NDArray[np.intp], fronts: NDArray[np.intp]
        ) -> NDArray[np.float64]:
            value = by_front.take(fronts)
            value += by_middle.take(middles)
            value += by_back.take(backs)[:, None]
            return value

        value, numbers = self._scored(bound, score)
        return self._strongest(np.sort(numbers[value == value.max()]))

    def expected_index_all(self, tables: ExpectedTables) -> int:
        """:meth:`expected_index` scoring every valid setting (the tests' reference)."""
        ef, em, eb = tables
        v, f, m, b = self._compressed()
        value = ef.take(self.s3).take(f)  # by subset first, then one gather per tier
        value += em.take(self.s5).take(m)
        value += eb.take(self.s5).take(b)
        return self._strongest(v[np.flatnonzero(value == value.max())])


def _banker_strengths(banker: Setting) -> tuple[int, int, int]:
    if banker.fouled:
        raise RecordError("banker", f"the banker's setting {banker} has fouled (Art 7)")
    return banker.strengths()


def _check_disjoint(hand: Sequence[Card], banker_cards: Iterable[Card]) -> None:
    """One deck (Art 1 a): a card in both hands is a DuplicateCardError naming it."""
    parse_cards((*hand, *banker_cards), count=26)


def best_response(
    cards: Iterable[Card | str] | str,
    banker: Setting,
    banker_cards: Sequence[Card] | None = None,
) -> Setting:
    """The player's best setting of ``cards`` against the banker's shown ``banker`` setting.

    ``banker_cards`` default to the banker setting's cards. One deck: a card in both hands is a
    :class:`~croupier.errors.DuplicateCardError` naming it. The banker's setting must not be
    fouled (Art 7). Naturals are not considered here (see :func:`solve`).
    """
    hs = HandSettings(cards)
    _check_disjoint(hs.cards, banker.cards if banker_cards is None else banker_cards)
    return hs.setting(hs.best_index(_banker_strengths(banker)))


def house_way(
    cards: Iterable[Card | str] | str, way: HouseWay | str = HouseWay.EXPECTED_POINTS
) -> Setting:
    """The banker's setting of ``cards`` by the house way ``way`` (never fouled)."""
    hs = HandSettings(cards)
    return hs.setting(hs.house_index(way))


def plain_best_response(cards: Iterable[Card | str] | str, banker: Setting) -> Setting:
    """The reference: a plain Python loop over all 72,072 settings with the scalar ranking.

    Same answer as :func:`best_response` (same margin, same tie-break); used by the tests and by
    ``bench/bench_thirteen.py`` as the baseline the vectorised search is measured against.
    """
    hand = _hand(cards)
    bf, bm, bb = _banker_strengths(banker)
    pf, pm, pb = (points_by_strength(t) for t in Tier)
    codes = [c.code for c in hand]
    best: tuple[int, int, int, int] | None = None
    best_setting: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None = None
    b: tuple[int, ...]
    m: tuple[int, ...]
    for b in itertools.combinations(range(13), 5):
        rest = [p for p in range(13) if p not in b]
        sb = strength_of_codes([codes[p] for p in b])
        for m in itertools.combinations(rest, 5):
            sm = strength_of_codes([codes[p] for p in m])
            if sm > sb:
                continue
            f = tuple(p for p in rest if p not in m)
            sf = strength_of_codes([codes[p] for p in f])
            if sf > sm:
                continue
            margin = (pf[sf] if sf > bf else -pf[bf]) + (pm[sm] if sm > bm else -pm[bm])
            margin += pb[sb] if sb > bb else -pb[bb]
            key = (margin, sb, sm, sf)
            if best is None or key > best:
                best, best_setting = key, (f, m, b)
    assert best_setting is not None
    f, m, b = best_setting
    return Setting(tuple(hand[p] for p in f), tuple(hand[p] for p in m), tuple(hand[p] for p in b))


# -- the solver's answer ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Solution:
    """What ``croupier solve thirteen`` answers: the setting, the natural (if any), and against
    a given banker the score it gets (None without a banker)."""

    setting: Setting
    natural: Natural | None
    score: Score | None
    way: str  #: "best-response" against a banker, else the house way's name

    def to_dict(self) -> dict[str, Any]:
        s = self.setting
        data: dict[str, Any] = {
            "front": [str(c) for c in s.front],
            "middle": [str(c) for c in s.middle],
            "back": [str(c) for c in s.back],
            "natural": self.natural.value if self.natural else None,
            "strategy": self.way,
        }
        if self.score is not None:
            data.update(
                outcome=self.score.outcome.value,
                player_points=self.score.player_points,
                banker_points=self.score.banker_points,
                tiers=self.score.to_dict()["tiers"],
                explanation=self.score.explain(),
            )
        return data


def solve(
    cards: Iterable[Card | str] | str,
    banker: Setting | None = None,
    *,
    way: HouseWay | str = HouseWay.EXPECTED_POINTS,
) -> Solution:
    """The optimal setting of ``cards`` against ``banker`` (or, without one, the house way's).

    With a banker: a hand holding a natural needs no setting (Art 9 I: it beats any non-natural
    and ties a natural, whatever the setting) and is shown set by the house way; otherwise the
    best response. The score is the round's result against that banker (Art 7-10).
    """
    hs = HandSettings(cards)
    natural = natural_of(hs.cards)
    # three flushes / three straights count only when set as such (Art 9 I «em todos os três
    # escalões»): such a hand is shown set to show its natural
    shown: Setting | None = None
    if natural is Natural.THREE_FLUSHES or natural is Natural.THREE_STRAIGHTS:
        shown = natural_setting(hs.cards, natural)
    if banker is None:
        setting = shown if shown is not None else hs.setting(hs.house_index(way))
        return Solution(setting, natural, None, HouseWay(way).value)
    _check_disjoint(hs.cards, banker.cards)
    strengths = _banker_strengths(banker)
    if natural is not None:
        setting = shown if shown is not None else hs.setting(hs.house_index(way))
    else:
        setting = hs.setting(hs.best_index(strengths))
    return Solution(
        setting, natural, score(hs.cards, setting, banker.cards, banker), "best-response"
    )
