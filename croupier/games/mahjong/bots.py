"""Bots for Mah-Jong, and a driver that plays a game to its end.

A bot sees only its seat's view (JSON: :meth:`~croupier.games.mahjong.round.MahjongGame.view`, or
the table's, which holds the same keys) and what it may do: the table's offers
(:meth:`MahjongBot.choose`, the one bot interface of :class:`croupier.offers.Bot`) or the game's
legal commands (:meth:`MahjongBot.pick`); it answers one command
(:mod:`~croupier.games.mahjong.commands`). Bots draw from an injected :class:`random.Random`,
never the global one; :data:`BOTS` makes each kind from a seed.

* :class:`RandomBot` -- uniform over the legal commands, except that it always takes a legal
  win: the engine's fuzzer.
* :class:`ShantenBot` -- always wins when it can; discards the tile that leaves the lowest
  shanten (ties at random); declares a kong, or claims a pung / kong / chow, only when that
  lowers its shanten.
* :class:`FaanBot` -- plays for a hand that can score the table's minimum faan (3 by default:
  the engine refuses a smaller win), the default opponent of ``croupier play mahjong``. It
  always takes a legal win. Every other decision is judged by the hand's *distance to a plan*:
  the fewest tiles to add to its hidden tiles to complete a hand of one of these kinds, counting
  only the tiles the plan allows -- a flush in one suit (mixed one suit with honours, or all one
  suit: 3 faan or more), all pungs (3), a standard hand whose pungs of scoring honours (each
  dragon, the seat wind, the prevailing wind) make up the minimum with the concealed-hand faan
  (so an open hand needs three such faan), or a concealed common hand (all chows). A plan that
  reaches the minimum only when self-drawn counts :attr:`FaanBot.self_penalty` (2) tiles
  further. The declared sets rule plans out (a flush with a set of another suit, all pungs with
  a chow, the concealed-hand faan once a set is claimed), and an honour pung or pair needing
  more copies than are still unseen (not in a discard, a meld or its hand) does not count. It
  discards the tile that leaves the nearest plan (ties: the most plans that near, then the tile
  that works least with the others, then at random); it claims a pung or chow only when that
  brings it strictly nearer a plan after its best discard (so never a claim that leaves it no
  scoring hand within reach), an exposed kong, or declares a kong, when that leaves it no
  further. A hand that is ready, but only on tiles that would not score the minimum, is not
  near a plan, so it keeps improving. The copy limit is kept for honours only, and nothing is
  done to avoid discarding a winning tile to an opponent.

:func:`play_game` deals and drives the seats until the game is won or drawn: on a turn the seat
on turn answers; in a window each seat still to answer does, counterclockwise from the tile's
owner.

>>> import random
>>> from croupier.shuffle import SeededShuffler
>>> from croupier.games.mahjong.round import MahjongGame
>>> rng = random.Random(1)
>>> game = MahjongGame()
>>> result = play_game(game, {s: ShantenBot(rng) for s in Seat}, SeededShuffler(1), rng)
>>> game.phase.value in ("won", "drawn")
True
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import product
from typing import Any, Final, NamedTuple

from croupier.games.mahjong.commands import Chow, Discard, Kong, Pass, Pung, Win
from croupier.games.mahjong.faan import pattern
from croupier.games.mahjong.hand import convolve_tables, shanten
from croupier.games.mahjong.melds import Meld, MeldKind
from croupier.games.mahjong.round import MahjongGame, MahjongPhase
from croupier.games.mahjong.rules import Seat
from croupier.games.mahjong.scoring import DEFAULT_OPTIONS
from croupier.games.mahjong.state import Result
from croupier.offers import Between, Exactly, Offer, OneOf
from croupier.protocol import Command
from croupier.shuffle import Shuffler
from croupier.tiles import Tile

__all__ = [
    "BOTS",
    "BOT_KINDS",
    "Bot",
    "FaanBot",
    "MahjongBot",
    "RandomBot",
    "SeatFacts",
    "ShantenBot",
    "commands_of",
    "make_bot",
    "play_game",
]


WIN: Final = Win()
PASS: Final = Pass()
#: a table's commands between games (not the game's)
_TABLE_ONLY: Final = frozenset({"sit", "top_up", "leave"})


#: the commands of each offer seen lately, by the offer's identity (a table hands out the same
#: offer object again for the same open tiles)
_EXPANDED: dict[int, tuple[Offer, tuple[Command, ...]]] = {}


def commands_of(offers: Iterable[Offer]) -> list[Command]:
    """Every command the offers admit, in the offers' order (a Mah-Jong offer's fields are each
    exactly one value or one of a list)."""
    out: list[Command] = []
    for offer in offers:
        cached = _EXPANDED.get(id(offer))
        if cached is None or cached[0] is not offer:
            cached = (offer, tuple(_expand(offer)))
            if len(_EXPANDED) >= 10_000:
                _EXPANDED.clear()
            _EXPANDED[id(offer)] = cached
        out.extend(cached[1])
    return out


def _expand(offer: Offer) -> list[Command]:
    """The commands one offer admits, in order."""
    names = list(offer.fields)
    choices: list[tuple[Any, ...]] = []
    for name in names:
        domain = offer.fields[name]
        if isinstance(domain, Exactly):
            choices.append((domain.value,))
        elif isinstance(domain, OneOf):
            choices.append(tuple(domain.values))
        else:  # pragma: no cover - Mah-Jong offers are Exactly / OneOf
            raise TypeError(f"a Mah-Jong bot cannot enumerate {domain!r}")
    return [offer.command(**dict(zip(names, v, strict=True))) for v in product(*choices)]


class SeatFacts(NamedTuple):
    """What a seat in a game sees, typed (a table's :attr:`View.facts`): the game's view of
    the seat (:meth:`MahjongGame.view`) and the commands its offers admit, in their order
    (:func:`commands_of`): what a bot on the game's own API is given."""

    view: Mapping[str, Any]
    legal: tuple[Command, ...]


class MahjongBot(abc.ABC):
    """A Mah-Jong bot on the one bot interface (:class:`croupier.offers.Bot`):
    :meth:`choose` takes the seat's JSON view and the offers of its table, :meth:`pick` the
    same view and the game's legal commands (:meth:`MahjongGame.legal`). It draws from its own
    ``rng``, never the global one."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    @abc.abstractmethod
    def pick(self, view: Mapping[str, Any], legal: Sequence[Command]) -> Command:
        """One of ``legal`` (never empty)."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Offer]) -> Command:
        """The table's way: between games a bot short of chips tops up by the least that is
        enough; in a game it picks among the commands the offers admit."""
        for offer in legal:
            if offer.command.TYPE == "top_up":  # offer.type, read without the property
                domain = offer.fields.get("amount")
                if isinstance(domain, Between):
                    return offer.make(amount=domain.low)
        facts = getattr(view, "facts", None)  # the table's typed view (Table.seen)
        if isinstance(facts, SeatFacts) and facts.legal:
            return self.pick(facts.view, facts.legal)
        return self.pick(view, commands_of(o for o in legal if o.type not in _TABLE_ONLY))


#: what a game-level driver needs of a bot
Bot = MahjongBot


def _takes_win(view: Mapping[str, Any], legal: Sequence[Command]) -> bool:
    """A win is open and the seat's own tiles make it a legal win (the view's ``can_win``; under
    the false-win penalty a win is open whatever the hand)."""
    return WIN in legal and bool(view.get("can_win", True))


class RandomBot(MahjongBot):
    """Uniform over the legal commands; a legal win is always taken (under the false-win
    penalty it may declare a false win: the engine's fuzzer)."""

    def pick(self, view: Mapping[str, Any], legal: Sequence[Command]) -> Command:
        if _takes_win(view, legal):
            return WIN
        return self.rng.choice(list(legal))


def _own(view: Mapping[str, Any]) -> tuple[list[Tile], list[Meld]]:
    """The seat's concealed tiles and declared melds, from its view."""
    hand = [Tile.parse(t) for t in view["hand"]]
    melds = [
        Meld(MeldKind(m["kind"]), Tile.parse(m["first"]), m["concealed"])
        for m in view["players"][view["seat"]]["melds"]
    ]
    return hand, melds


def _best_discard(hand: list[Tile], melds: list[Meld]) -> tuple[int, list[Tile]]:
    """The lowest shanten after one discard, and the discards that reach it."""
    best = 99
    tiles: list[Tile] = []
    for t in sorted(set(hand)):
        rest = list(hand)
        rest.remove(t)
        s = shanten(rest, melds)
        if s < best:
            best, tiles = s, [t]
        elif s == best:
            tiles.append(t)
    return best, tiles


class ShantenBot(MahjongBot):
    """Wins when it can; otherwise lowers its shanten greedily (see the module docstring)."""

    def pick(self, view: Mapping[str, Any], legal: Sequence[Command]) -> Command:
        if _takes_win(view, legal):
            return WIN
        hand, melds = _own(view)
        if view["phase"] == MahjongPhase.TURN.value:
            now, discards = _best_discard(hand, melds)
            for move in legal:
                if isinstance(move, Kong):
                    after = self._after_kong(hand, melds, move.tile)
                    if after < now:
                        return move
            return Discard(self.rng.choice(discards))
        current = shanten(hand, melds)
        tile = Tile.parse(view["window"]["tile"])
        for move in legal:
            if isinstance(move, Kong):
                rest = [t for t in hand if t != tile]
                if shanten(rest, [*melds, Meld.kong(tile, concealed=False)]) < current:
                    return move
                continue
            if isinstance(move, Pung):
                meld = Meld.pung(tile, concealed=False)
            elif isinstance(move, Chow):
                meld = Meld.chow(move.first, concealed=False)
            else:
                continue
            rest = list(hand)
            used = list(meld.tiles)
            used.remove(tile)
            for t in used:
                rest.remove(t)
            after, _ = _best_discard(rest, [*melds, meld])
            if after < current:
                return move
        return _pass_or_first(legal)

    @staticmethod
    def _after_kong(hand: list[Tile], melds: list[Meld], tile: Tile) -> int:
        """Shanten after the kong (before the replacement tile)."""
        pung = Meld.pung(tile, concealed=False)
        if pung in melds:
            rest = list(hand)
            rest.remove(tile)
            others = [m for m in melds if m != pung]
            return shanten(rest, [*others, Meld.kong(tile, concealed=False)])
        rest = [t for t in hand if t != tile]
        return shanten(rest, [*melds, Meld.kong(tile, concealed=True)])


# ----- FaanBot: the distance to a hand that scores ------------------------------------------
#
# A "plan" is a kind of hand that reaches the minimum faan: a flush in one suit (mixed or pure:
# 3 faan or more), all pungs (3), a standard hand holding pungs of scoring honours worth enough
# faan with the concealed-hand faan, or a concealed common hand (all chows) won self-drawn. The
# distance to a plan is the fewest tiles to add to the hidden tiles so that they hold the
# plan's sets and pair (extra tiles are discarded for free), as hand.py counts the standard
# shanten: per group a table of the fewest tiles to add for m sets and p pairs (index 2m + p),
# the tables combined by min-plus convolution. Only the tiles the plan allows are counted.

_INF: Final = 99
_Table = tuple[int, ...]
#: the empty group: each set takes three new tiles, the pair two (sets "from scratch")
_EMPTY: Final[_Table] = tuple(3 * (i // 2) + 2 * (i % 2) for i in range(10))
#: suit table modes: chows and pungs, pungs only (all pungs), chows only (common hand)
_STD, _PUNGS, _CHOWS = 0, 1, 2
_SUIT_TABLES: dict[tuple[tuple[int, ...], int], _Table] = {}
_HONOUR_TABLES: dict[tuple[tuple[int, ...], ...], tuple[_Table, ...]] = {}
#: each memo is emptied when it reaches this many entries, so a long run's memory stays bounded
MEMO_LIMIT: Final = 100_000


def _remember(memo: dict[Any, Any], key: object, value: object) -> None:
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = value


_SUIT_BASES: Final = (0, 9, 18)
_HONOURS: Final = 27
#: at most this many faan are asked of the honour pungs
_MAX_HONOUR_FAAN: Final = 3


def _faan_of(name: str) -> int:
    value = pattern(name).faan
    return value if isinstance(value, int) else _INF


#: the faan of the plans' patterns, from the table (:data:`croupier.games.mahjong.faan.PATTERNS`)
_MIXED_ONE_SUIT: Final = _faan_of("mixed-one-suit")
_ALL_PUNGS: Final = _faan_of("all-pungs")
_COMMON_HAND: Final = _faan_of("common-hand")
_CONCEALED_HAND: Final = _faan_of("concealed-hand")
_SELF_DRAWN: Final = _faan_of("self-drawn")


def _with_piece(t: _Table, as_set: int, as_pair: int) -> _Table:
    """The table of a group with one more piece of tiles that costs ``as_set`` tiles to make a
    set and ``as_pair`` to make the pair, or is left unused at no cost."""
    out = list(t)
    for m in range(1, 5):
        for p in (0, 1):
            v = t[2 * (m - 1) + p] + as_set
            if v < out[2 * m + p]:
                out[2 * m + p] = v
    for m in range(5):
        v = t[2 * m] + as_pair
        if v < out[2 * m + 1]:
            out[2 * m + 1] = v
    return tuple(out)


def _suit_table(p: tuple[int, ...], mode: int) -> _Table:
    """One suit's table (``p``: its nine counts), with chows and pungs (``_STD``), pungs only or
    chows only; the lowest tile held starts a piece (a set, a pair, two tiles of a chow, one
    tile) and the rest is divided the same way. The copy limit is not kept (a heuristic)."""
    key = (p, mode)
    got = _SUIT_TABLES.get(key)
    if got is not None:
        return got
    i = next((k for k in range(9) if p[k]), -1)
    if i < 0:
        return _EMPTY

    def take(*ks: int) -> tuple[int, ...]:
        q = list(p)
        for k in ks:
            q[k] -= 1
        return tuple(q)

    options: list[tuple[tuple[int, ...], int, int]] = []  # (rest, cost as set, as pair)
    c = p[i]
    if c >= 3 and mode != _CHOWS:
        options.append((take(i, i, i), 0, _INF))
    if c >= 2:
        options.append((take(i, i), _INF if mode == _CHOWS else 1, 0))
    if mode != _PUNGS:
        if i <= 6 and p[i + 1] and p[i + 2]:
            options.append((take(i, i + 1, i + 2), 0, _INF))
        if i <= 7 and p[i + 1]:
            options.append((take(i, i + 1), 1, _INF))
        if i <= 6 and p[i + 2]:
            options.append((take(i, i + 2), 1, _INF))
    options.append((take(i), 2, 1))
    best = [_INF] * 10
    for rest, as_set, as_pair in options:
        t = _with_piece(_suit_table(rest, mode), as_set, as_pair)
        for k in range(10):
            if t[k] < best[k]:
                best[k] = t[k]
    result = tuple(best)
    _remember(_SUIT_TABLES, key, result)
    return result


def _honour_tables(
    counts: tuple[int, ...], unseen: tuple[int, ...], weights: tuple[int, ...]
) -> tuple[_Table, ...]:
    """The honours' tables by the faan their pungs must score: item ``f`` (0..3) is the table
    of the fewest tiles to add for m honour pungs and p honour pairs whose pungs score at least
    ``f`` faan (``weights``: the faan of a pung of each honour). A pung or pair needing more
    copies than are ``unseen`` (not in a discard, a meld or the hand) is impossible."""
    key = (counts, unseen, weights)
    got = _HONOUR_TABLES.get(key)
    if got is not None:
        return got
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
    for c, u, w in zip(counts, unseen, weights, strict=True):
        to_pung = max(0, 3 - c)
        to_pair = max(0, 2 - c)
        nxt = dict(states)
        for (m, pr, f), cost in states.items():
            if m < 4 and to_pung <= u:
                k = (m + 1, pr, min(_MAX_HONOUR_FAAN, f + w))
                if cost + to_pung < nxt.get(k, _INF):
                    nxt[k] = cost + to_pung
            if not pr and to_pair <= u:
                k = (m, 1, f)
                if cost + to_pair < nxt.get(k, _INF):
                    nxt[k] = cost + to_pair
        states = nxt
    tables = []
    for need in range(_MAX_HONOUR_FAAN + 1):
        t = [_INF] * 10
        for (m, pr, f), cost in states.items():
            if f >= need and cost < t[2 * m + pr]:
                t[2 * m + pr] = cost
        tables.append(tuple(t))
    result = tuple(tables)
    _remember(_HONOUR_TABLES, key, result)
    return result


def _distance(a: _Table, b: _Table, sets: int) -> int:
    """Fewest tiles to add to two (combined) groups for ``sets`` sets and the pair."""
    best = _INF
    for m in range(sets + 1):
        v = min(a[2 * m] + b[2 * (sets - m) + 1], a[2 * m + 1] + b[2 * (sets - m)])
        if v < best:
            best = v
    return best


_WIND_OF_ROUND = {"east": "E", "south": "S", "west": "W", "north": "N"}


class _Plans:
    """A seat's plans for one decision: what its declared sets allow, the faan of its honours'
    pungs, the copies of each honour not yet seen; :meth:`value` scores a hand of hidden tiles."""

    def __init__(
        self, view: Mapping[str, Any], melds: Sequence[Meld], min_faan: int, self_penalty: float
    ) -> None:
        seat = str(view["seat"])
        prevailing = _WIND_OF_ROUND.get(str(view["prevailing"]), "")
        self.weights = tuple(
            int(h in "CFP") + int(h == seat) + int(h == prevailing) for h in "ESWNCFP"
        )
        seen = [0] * 7
        for player in view["players"].values():
            for t in player["discards"]:
                code = Tile.parse(t).code
                if code >= _HONOURS:
                    seen[code - _HONOURS] += 1
            for m in player["melds"]:
                code = Tile.parse(m["first"]).code
                if code >= _HONOURS:
                    seen[code - _HONOURS] += 4 if m["kind"] == MeldKind.KONG.value else 3
        for t in view["hand"]:
            code = Tile.parse(t).code
            if code >= _HONOURS:
                seen[code - _HONOURS] += 1
        #: copies of each honour the seat may still get (hand + unseen, less what it holds)
        self.unseen = tuple(min(3, max(0, 4 - s)) for s in seen)
        self.sets = 4 - len(melds)
        self.concealed = all(m.concealed for m in melds)
        self.declared_faan = sum(
            self.weights[m.first.code - _HONOURS] for m in melds if m.first.code >= _HONOURS
        )
        suits = {m.first.code // 9 for m in melds if m.first.code < _HONOURS}
        self.flush_suits = [x for x in range(3) if suits <= {x}]
        self.pungs_ok = all(m.kind is not MeldKind.CHOW for m in melds)
        self.chows_ok = not melds
        self.min_faan = min_faan
        self.self_penalty = self_penalty

    def value(self, counts: Sequence[int]) -> tuple[float, int]:
        """The hidden tiles' distance to the nearest plan (tiles to add; a plan that reaches the
        minimum only self-drawn counts ``self_penalty`` more) and how many plans are that near."""
        suits = [tuple(counts[b : b + 9]) for b in _SUIT_BASES]
        honours = _honour_tables(tuple(counts[_HONOURS:]), self.unseen, self.weights)
        sets = self.sets
        found: list[float] = []
        bonus = _CONCEALED_HAND * self.concealed + self.declared_faan

        def add(groups: _Table, faan: int) -> None:
            """A plan scoring ``faan`` on a discard before its honour pungs (``groups``: the
            suits' combined table)."""
            need = max(0, self.min_faan - faan)
            if need <= _MAX_HONOUR_FAAN:
                found.append(_distance(groups, honours[need], sets))
            drawn = max(0, need - _SELF_DRAWN)  # the honour faan a self-drawn win needs
            if drawn < need and drawn <= _MAX_HONOUR_FAAN:
                found.append(_distance(groups, honours[drawn], sets) + self.self_penalty)

        std = [_suit_table(s, _STD) for s in suits]
        for x in self.flush_suits:  # mixed one suit, 3 (all one suit, 7, is nearer still)
            add(std[x], _MIXED_ONE_SUIT + bonus)
        add(convolve_tables(convolve_tables(std[0], std[1]), std[2]), bonus)
        if self.pungs_ok:
            pungs = [_suit_table(s, _PUNGS) for s in suits]
            add(convolve_tables(convolve_tables(pungs[0], pungs[1]), pungs[2]), _ALL_PUNGS + bonus)
        if self.chows_ok:  # concealed + common hand (no pung: honours make the pair only)
            chows = [_suit_table(s, _CHOWS) for s in suits]
            groups = convolve_tables(convolve_tables(chows[0], chows[1]), chows[2])
            pair = _distance(groups, (0, honours[0][1], *(_INF,) * 8), sets)
            faan = _CONCEALED_HAND + _COMMON_HAND
            if faan >= self.min_faan:
                found.append(pair)
            elif faan + _SELF_DRAWN >= self.min_faan:
                found.append(pair + self.self_penalty)
        if not found:
            return float(_INF), 0
        best = min(found)
        return best, sum(1 for v in found if v == best)


def _counts(hand: Sequence[Tile]) -> list[int]:
    counts = [0] * 34
    for t in hand:
        counts[t.code] += 1
    return counts


class FaanBot(MahjongBot):
    """Plays for a hand that can score the table's minimum faan (see the module docstring):
    each discard, claim and kong is judged by the hand's distance to its nearest *plan*."""

    #: the faan a win needs when the view does not say (the view's ``min_faan``: the table's)
    min_faan: int = DEFAULT_OPTIONS.min_faan
    #: the extra distance (in tiles) of a plan that reaches the minimum only when self-drawn
    self_penalty: float = 2.0

    def pick(self, view: Mapping[str, Any], legal: Sequence[Command]) -> Command:
        if _takes_win(view, legal):
            return WIN
        hand, melds = _own(view)
        if view["phase"] == MahjongPhase.TURN.value:
            return self._turn(view, legal, hand, melds)
        window = view["window"]
        if window is not None and window["kind"] == "discard":
            return self._claim(view, legal, hand, melds, Tile.parse(window["tile"]))
        return _pass_or_first(legal)

    def _plans(self, view: Mapping[str, Any], melds: Sequence[Meld]) -> _Plans:
        aim = view.get("min_faan", self.min_faan)
        return _Plans(view, melds, aim, self.self_penalty)

    @staticmethod
    def _discards(plans: _Plans, counts: list[int]) -> list[tuple[tuple[float, int], int]]:
        """Each tile held (its code), with the value of the hand without it: the distance to
        the nearest plan, less the number of plans that near (lower is better)."""
        out = []
        for code in range(34):
            if counts[code]:
                counts[code] -= 1
                value, near = plans.value(counts)
                counts[code] += 1
                out.append(((value, -near), code))
        return out

    def _turn(
        self,
        view: Mapping[str, Any],
        legal: Sequence[Command],
        hand: list[Tile],
        melds: list[Meld],
    ) -> Command:
        counts = _counts(hand)
        allowed = {m.tile.code for m in legal if isinstance(m, Discard)}
        options = [o for o in self._discards(self._plans(view, melds), counts) if o[1] in allowed]
        if not options:
            return legal[0]
        best = min(key for key, _ in options)
        for move in legal:
            if isinstance(move, Kong) and self._after_kong(view, counts, melds, move.tile) <= min(
                best[0], _INF - 1
            ):
                return move
        candidates = [code for key, code in options if key == best]

        def keep(code: int) -> tuple[int, float]:
            return _connections(counts, code), self.rng.random()

        return Discard(Tile(min(candidates, key=keep)))

    def _after_kong(
        self, view: Mapping[str, Any], counts: list[int], melds: list[Meld], tile: Tile
    ) -> float:
        """The distance after declaring a kong of ``tile``, before the replacement tile."""
        rest = list(counts)
        pung = Meld.pung(tile, concealed=False)
        if pung in melds:  # added to an exposed pung
            rest[tile.code] -= 1
            new = [Meld.kong(tile, concealed=False) if m == pung else m for m in melds]
        else:  # four held
            rest[tile.code] -= 4
            new = [*melds, Meld.kong(tile, concealed=True)]
        return self._plans(view, new).value(rest)[0]

    def _claim(
        self,
        view: Mapping[str, Any],
        legal: Sequence[Command],
        hand: list[Tile],
        melds: list[Meld],
        tile: Tile,
    ) -> Command:
        """The claim that brings the hand nearest a plan (a pung or chow: strictly nearer after
        the best discard; an exposed kong: no further, before its replacement tile), or pass."""
        if not any(isinstance(move, Kong | Pung | Chow) for move in legal):
            return _pass_or_first(legal)
        counts = _counts(hand)
        now = self._plans(view, melds).value(counts)[0]
        best: tuple[float, Command] | None = None
        for move in legal:
            rest = list(counts)
            if isinstance(move, Kong):
                rest[tile.code] -= 3
                meld = Meld.kong(tile, concealed=False)
            elif isinstance(move, Pung):
                rest[tile.code] -= 2
                meld = Meld.pung(tile, concealed=False)
            elif isinstance(move, Chow):
                meld = Meld.chow(move.first, concealed=False)
                used = list(meld.tiles)
                used.remove(tile)
                for t in used:
                    rest[t.code] -= 1
            else:
                continue
            plans = self._plans(view, [*melds, meld])
            if isinstance(move, Kong):
                after = plans.value(rest)[0]
                good = after <= now and after < _INF
            else:
                after = min(key for key, _ in self._discards(plans, rest))[0]
                good = after < now
            if good and (best is None or after < best[0]):
                best = (after, move)
        return best[1] if best is not None else _pass_or_first(legal)


def _pass_or_first(legal: Sequence[Command]) -> Command:
    """Pass when that is legal, else the first legal command."""
    return PASS if PASS in legal else legal[0]


def _connections(counts: Sequence[int], code: int) -> int:
    """How much a tile works with the others held: copies of it and, in a suit, of the tiles
    within two of it (the fewest is discarded first among equal hands)."""
    if code >= _HONOURS:
        return 2 * (counts[code] - 1)
    low = code - code % 9
    return 2 * (counts[code] - 1) + sum(
        counts[k] for k in range(max(low, code - 2), min(low + 9, code + 3)) if k != code
    )


#: The bots by name, as the command line takes them.
BOT_KINDS: Final = ("faan", "shanten", "random")


def _factory(kind: str) -> Callable[[int], MahjongBot]:
    return lambda seed: make_bot(kind, random.Random(seed))


#: Each kind of bot, by name: a factory ``(seed) -> Bot`` (the registry's and the runner's).
BOTS: Final[Mapping[str, Callable[[int], MahjongBot]]] = {k: _factory(k) for k in BOT_KINDS}


def make_bot(kind: str, rng: random.Random, min_faan: int = DEFAULT_OPTIONS.min_faan) -> Bot:
    """A bot by name (:data:`BOT_KINDS`); a :class:`FaanBot` aims at the table's ``min_faan``.

    >>> make_bot("faan", random.Random(1), min_faan=1).min_faan
    1
    """
    if kind == "faan":
        bot = FaanBot(rng)
        bot.min_faan = min_faan
        return bot
    if kind == "shanten":
        return ShantenBot(rng)
    if kind == "random":
        return RandomBot(rng)
    raise ValueError(f"unknown bot kind {kind!r}: {', '.join(BOT_KINDS)}")


def play_game(
    game: MahjongGame,
    bots: Mapping[Seat, Bot],
    shuffler: Shuffler,
    rng: random.Random,
    *,
    close_rate: float = 0.0,
) -> Result:
    """Deal and play ``game`` to its end with ``bots`` (one per seat). With ``close_rate`` > 0
    the window's time limit (:meth:`~MahjongGame.close_claims`) strikes at random, drawn from
    ``rng``, before a seat answers."""
    game.deal(shuffler)
    while game.result is None:
        if game.phase is MahjongPhase.TURN:
            seat = game.turn
            assert seat is not None
        else:
            if close_rate and rng.random() < close_rate:
                game.close_claims()
                continue
            seat = game.waiting()[0]
        move = bots[seat].pick(game.view(seat), game.legal(seat))
        game.play(seat, move)
    return game.result
