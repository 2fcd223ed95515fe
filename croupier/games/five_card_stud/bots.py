"""Bots for five-card stud, and a driver that plays whole hands at a table of them.

A bot sees only what its seat may see (:class:`~croupier.games.five_card_stud.round.Observation`:
its key card, everyone's up cards, the money, the legal actions) and answers an action. Bots
draw from an injected :class:`random.Random`, never the global one.

* :class:`RandomBot` — picks uniformly among the legal kinds of action, then an amount in the
  legal range: it reaches every corner of the rules (all-ins, short raises, side pots) and is
  the engine's fuzzer.
* :class:`StrengthBot` — a sensible player: it compares its own cards (key card included) with
  the best showing hand against it, by the order of Art 10 b-d, and bets, calls or folds by
  that margin and the price; it never folds when it may check.

:func:`play_hand` drives one hand from the pot money to the settlement (the dealer's part:
shuffle, optional cuts, burn, deal); :func:`run_table` plays many, topping players up when
Art 6 requires and opening a new deck when Art 2 does.

>>> import random
>>> from croupier.shuffle import SeededShuffler
>>> from croupier.games.five_card_stud.options import StudOptions
>>> rng = random.Random(7)
>>> game = new_table(StudOptions(), 3, buy_in=2000)
>>> bots = {s: StrengthBot(rng) for s in (1, 2, 3)}
>>> settled = play_hand(game, bots, SeededShuffler(7), rng)
>>> sum(game.stacks.values()) + game.house
6000
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol, cast

from croupier.cards import Card
from croupier.games.five_card_stud import checks
from croupier.games.five_card_stud.checks import acted_event
from croupier.games.five_card_stud.events import Act, HandSettled
from croupier.games.five_card_stud.hand import HandState
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import Legal, Observation, StudGame, StudPhase
from croupier.games.five_card_stud.rules import MAX_SEATS
from croupier.games.five_card_stud.state import rank_tables
from croupier.games.five_card_stud.view import LegalFields
from croupier.rank.model import RANK_BITS, RANK_MASK, STUD40, Category
from croupier.rank.showing import (
    _OTHER_SUITS,
    _SUITED,
    MaskPatterns,
    ShowingCategory,
    ShowingPattern,
)
from croupier.shuffle import Shuffler

if TYPE_CHECKING:
    from croupier.games.five_card_stud.table_bots import TableBot

__all__ = [
    "Bot",
    "Decision",
    "RandomBot",
    "StrengthBot",
    "TableRun",
    "new_table",
    "play_hand",
    "run_table",
]

#: an action and its amount (BET: the bet; RAISE: the round total after it; else None)
Decision = tuple[Act, int | None]
#: the least and the most of a bet or raise a seat may make (None: it may make none)
Span = tuple[int, int] | None

_FOLD: Final = Act.FOLD
_CHECK: Final = Act.CHECK
_CALL: Final = Act.CALL
_BET: Final = Act.BET
_RAISE: Final = Act.RAISE
#: the decisions without an amount, made once
_FOLDS: Final[Decision] = (_FOLD, None)
_CHECKS: Final[Decision] = (_CHECK, None)
_CALLS: Final[Decision] = (_CALL, None)
_BETTING: Final = StudPhase.BETTING
_DEALING: Final = StudPhase.DEALING
_SHOWDOWN: Final = StudPhase.SHOWDOWN
#: the generator whose draws below n a random bot takes in its own steps (choose_on)
_RANDOM: Final = random.Random
#: ``n.bit_length()`` of the counts of kinds of action a random bot draws among (1 to 4)
_BIT_LENGTH: Final = tuple(n.bit_length() for n in range(5))


class Bot(Protocol):
    def decide(self, obs: Observation) -> Decision: ...


class RandomBot:
    """Uniform over the legal kinds of action; amounts uniform in the legal range (half the
    time the least amount, so hands do not all end in one all-in). ``cap``: the most it bets
    in a round (a bet, or a raise's whole bet of the round); a raise whose least is above it is
    not made (None: no cap; a simulation caps at the table's least capital, so pots stay at the
    table's level)."""

    def __init__(
        self, rng: random.Random, fold_weight: float = 0.5, *, cap: int | None = None
    ) -> None:
        self.rng = rng
        self.fold_weight = fold_weight
        self.cap = cap

    def decide(self, obs: Observation) -> Decision:
        legal = obs.legal
        assert legal is not None
        return self.choose(legal)

    def choose(self, legal: LegalFields) -> Decision:
        """:meth:`decide` on what the seat may do (all the bot reads of an observation): a
        :class:`Legal` or its fields' plain tuple."""
        _, _, check, call, bet, raise_to = legal  # one unpacking: the fields it reads
        return self.choose_on(check, call, bet, raise_to)

    def choose_on(self, check: bool, call: int | None, bet: Span, raise_to: Span) -> Decision:
        """:meth:`choose` on the fields it reads of what the seat may do, as they are (the play
        loop's: no tuple of them made)."""
        rng = self.rng
        cap = self.cap
        # the kinds on offer counted, no list made (the drawn one read in the order check,
        # call, bet, raise); each span's top brought down to the cap (a raise whose least is
        # above it not made), its amount the least half the time, else drawn as randint draws it
        # (_above)
        n = (1 if check else 0) + (call is not None)
        bet_to, raise_at = None, 0
        if bet is not None:
            low, high = bet
            if cap is None or low <= cap:
                if cap is not None and high > cap:
                    high = cap
                if high > low and rng.random() >= 0.5:
                    low = _above(rng, low, high)
                bet_to, n = low, n + 1
        if raise_to is not None:
            low, high = raise_to
            if cap is None or low <= cap:
                if cap is not None and high > cap:
                    high = cap
                if high > low and rng.random() >= 0.5:
                    low = _above(rng, low, high)
                raise_at, n = low, n + 1
        if not n or rng.random() < self.fold_weight / (n + 1):
            return _FOLDS
        if type(rng) is not _RANDOM:
            r = rng.randrange(n)
        else:  # rng.randrange(n) as random.Random takes it (see _above), without its calls
            k = _BIT_LENGTH[n]  # n.bit_length() of the few kinds of action, without the call
            r = rng.getrandbits(k)
            while r >= n:
                r = rng.getrandbits(k)
        if check:
            if not r:
                return _CHECKS
            r -= 1
        if call is not None:
            if not r:
                return _CALLS
            r -= 1
        return (_BET, bet_to) if bet_to is not None and not r else (_RAISE, raise_at)


def _above(rng: random.Random, low: int, high: int) -> int:
    """``rng.randint(low, high)`` (``low < high``) as ``low + rng.randrange(n)``."""
    n = high - low + 1
    if type(rng) is not _RANDOM:
        return low + rng.randrange(n)
    # a plain random.Random's own steps for randrange(n) (_randbelow_with_getrandbits: k bits
    # drawn until below n) without the calls randrange and randint make to get there (a draw
    # at most of a random bot's turns); any other generator is asked randrange. The tests
    # compare the two.
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return low + r


#: showing category of Art 10 d (its value) -> the bot's level (possible draws: none made)
_LEVEL: Final = (0, 1, 2, 3, 0, 0, 8, 0, 0)
_DRAWS: Final = frozenset(
    int(c)
    for c in (
        ShowingCategory.POSSIBLE_STRAIGHT,
        ShowingCategory.POSSIBLE_FLUSH,
        ShowingCategory.POSSIBLE_STRAIGHT_FLUSH,
        ShowingCategory.POSSIBLE_ROYAL_FLUSH,
    )
)
_MEMO_LIMIT: Final = 200_000
#: the showing patterns of card sets given as bit sets (the bots' own cards: the rank rules of
#: Art 5, draws of consecutive ranks, as :func:`showing_pattern` reads them by default)
_PATTERNS: Final = MaskPatterns()
#: the entries of :data:`_PATTERNS` found so far, by rank counts (fewer than four cards)
_KNOWN: Final = _PATTERNS.known.get
#: the bots' own levels (formation, top rank) of fewer than five cards by their rank counts,
#: with the edge of each over every board level (:func:`_own_level`'s, :func:`_edge_table`'s;
#: four cards' flagged when of one suit, as :meth:`MaskPatterns.of_counts` keys them), filled
#: as they come (a few thousand at most)
_MINE: dict[int, tuple[tuple[int, int], tuple[int, ...]]] = {}
#: the edge tables by own level and whether it is five cards' (a few hundred at most)
_EDGES: dict[tuple[int, int, bool], tuple[int, ...]] = {}
#: a card's term in the rank counts by its code (``1 << 4 * rank``), read without the shifts
_RANK_COUNT: Final = tuple(1 << ((code >> 2) << 2) for code in range(64))


def _own_level(up: Sequence[Card], key: Card | None) -> tuple[int, int]:
    """(formation, top rank) of the bot's own cards, on the showing scale of Art 10 d (five
    cards: the hand's category mapped onto it, and its strength)."""
    n = len(up)
    if key is not None:
        if n == 4:
            cv, flush, table, levels = _made()
            total = cv[key.code]
            for c in up:
                total += cv[c.code]
            strength = table[(total & RANK_MASK) + flush[total >> RANK_BITS]]
            return levels[strength], strength
        n += 1
    mask = counts = 0
    if key is not None:
        code = key.code
        mask, counts = 1 << code, 1 << ((code >> 2) << 2)
    for c in up:
        code = c.code
        mask |= 1 << code
        counts += 1 << ((code >> 2) << 2)
    category, ranks = _PATTERNS.of_counts(counts, mask, n)[0]
    return category, ranks[0] if ranks else 0


_FIVE_TO_SHOWING = {
    Category.HIGH_CARD: 0,
    Category.PAIR: 1,
    Category.TWO_PAIR: 2,
    Category.THREE_OF_A_KIND: 3,
    Category.STRAIGHT: 5,
    Category.FLUSH: 6,
    Category.FULL_HOUSE: 7,
    Category.FOUR_OF_A_KIND: 8,
    Category.STRAIGHT_FLUSH: 9,
    Category.ROYAL_FLUSH: 10,
}
#: the five-card tables of Art 5 (rank_tables) and the showing level of every strength (index:
#: the strength), fetched and made once, read at once (no call: _MADE[0] once there)
_MADE: list[tuple[tuple[int, ...], tuple[int, ...], Sequence[int], list[int]]] = []


def _made() -> tuple[tuple[int, ...], tuple[int, ...], Sequence[int], list[int]]:
    if not _MADE:
        tables = rank_tables(STUD40)  # first: it primes STUD40 with the shipped keys
        by_category = {int(c): level for c, level in _FIVE_TO_SHOWING.items()}
        levels = [0, *(by_category[k[0]] for k in STUD40.all_keys())]
        _MADE.append((*tables, levels))
    return _MADE[0]


#: a seat's level packed with the seat, as one int: ``(formation << 4 | top rank) << 4 | seat``
#: (formations below 16, ranks below 13, seats below 16: Art 1's seven at most), so a board's
#: levels sort as ints, best first, with no tuple made
_SEAT_BITS: Final = 4
_SEAT_MASK: Final = (1 << _SEAT_BITS) - 1
assert MAX_SEATS <= _SEAT_MASK
#: the last view's board read (its patterns) and its seats' packed levels, best first, as one
#: read: the bots of one table read the same board in turn, so the levels are worked out once a
#: street for all of them (one pair, read and replaced whole, so bots of tables in other threads
#: never mix two boards; a table's :class:`Observation` keeps them on the hand: _ranked_on)
_LAST_BOARD: list[tuple[object, Sequence[int]]] = [(None, ())]


def _level(category: int, ranks: tuple[int, ...], top: int) -> tuple[int, int]:
    """(formation, top rank) an opponent shows, from the pattern of his up cards without the
    suits and his highest up rank (possible draws show no made hand: their highest card)."""
    if category in _DRAWS:
        return 0, top
    return _LEVEL[category], ranks[0] if ranks else 0


def _levels_of(
    board: Mapping[int, tuple[ShowingPattern, int]],
) -> Mapping[int, tuple[int, int]]:
    """Seat -> (formation, top rank) of every seat's up cards on ``board`` (its patterns): what
    an opponent shows, from the table's best-hand key of his up cards without the suits
    (:func:`_level`)."""
    return {s: _level(category, ranks, top) for s, ((category, ranks), top) in board.items()}


def _ranked_of(board: Mapping[int, tuple[ShowingPattern, int]]) -> Sequence[int]:
    """The packed level of every seat on ``board`` (a view's patterns), best first (memoised on
    the board object: a view's next bot of the street reads the same board)."""
    last, ranked = _LAST_BOARD[0]
    if board is not last:
        levels = _levels_of(board)
        ranked = sorted([(f << 4 | top) << 4 | s for s, (f, top) in levels.items()], reverse=True)
        _LAST_BOARD[0] = (board, ranked)
    return ranked


#: a seat's board level shifted to take its seat (``(formation << 4 | top rank) << 4``) by the
#: rank counts of its up cards: the level is the counts' alone, never their suits' (a possible
#: flush or straight shows its highest card, as a high card does), in every reading of the
#: table's rules (tests/games/five_card_stud/test_bots.py reads every set of up cards of the
#: 40-card deck under each); filled as they come (at most the thousand sets of one to four ranks)
_BOARD_LEVELS: dict[int, int] = {}


def _board_level(h: HandState, s: int) -> int:
    """The seat ``s``'s entry in :data:`_BOARD_LEVELS`, from the table's pattern of its up cards
    (``h.entries``) and its highest up rank (``h.masks``)."""
    (category, ranks), _ = h.entries[s]
    if category in _DRAWS:  # (0, the highest up rank)
        level = (h.masks[s].bit_length() - 1) >> 2
    else:
        level = _LEVEL[category] << 4 | (ranks[0] if ranks else 0)
    shifted = _BOARD_LEVELS[h.counts[s]] = level << _SEAT_BITS
    return shifted


def _ranked_on(h: HandState) -> Sequence[int]:
    """:func:`_ranked_of` the board of the hand ``h`` in play for the seats in the hand, read
    from the patterns the table's fold keeps of each seat's up cards (``h.entries``: every seat
    in a round of betting has its up cards) and its highest up rank (from ``h.masks``:
    :meth:`Observation.patterns`), by their rank counts (:data:`_BOARD_LEVELS`), memoised on the
    hand (``h.ranked``: its fold drops it when cards come, as it drops the board; the up cards
    stand through a round of betting, and a seat that leaves the hand never comes back to it);
    the tests compare it with the board's patterns. (:meth:`StrengthBot.decide_in` reads it in
    place, no call: the tests compare the two.)"""
    ranked = h.ranked
    if ranked is None:
        known, counts = _BOARD_LEVELS.get, h.counts
        ranked = []
        for s in h.live:
            shifted = known(counts[s])
            if shifted is None:  # a set of up ranks not seen before: its level from its pattern
                shifted = _board_level(h, s)
            ranked.append(shifted | s)
        ranked.sort(reverse=True)
        h.ranked = ranked
    return ranked


class _ViewHand:
    """What :meth:`StrengthBot.decide_in` reads of a hand whose street it has read already (its
    number, round, seats in the hand, pot; the board's levels read), by a hand's names."""

    __slots__ = ("live", "number", "pot", "ranked", "round")

    def __init__(self, obs: Observation, ranked: Sequence[int]) -> None:
        self.number, self.round, self.live, self.pot = obs.hand, obs.round, obs.in_hand, obs.pot
        self.ranked = ranked


class StrengthBot:
    """Bets its edge over the best hand it can see against it; calls when close and cheap.

    It reads the table once a street: its own level and the board's levels (best first) are
    worked out when a new betting round (or hand) begins and kept until the next; the best
    against it, at each decision, is the first of them of another seat still in the hand.
    ``cap``: the most it puts in one bet or raise (see :class:`RandomBot`)."""

    def __init__(
        self, rng: random.Random, aggression: float = 0.35, *, cap: int | None = None
    ) -> None:
        self.rng = rng
        self.aggression = aggression
        self.cap = cap
        #: the view's street read last: the hand's number, its round and the seat (a table's:
        #: its seat and its hand's board levels, _ranked)
        self._hand = self._round = self._seat = -1
        self._board: object = None  # (the view's board read last: its patterns)
        self._mine = (0, 0)
        #: its edge over each board level (_edge_table)
        self._edges = _edge_table(0, 0, False)
        #: the packed level of every seat on the board (_SEAT_BITS), best first
        self._ranked: Sequence[int] = ()
        #: the table's own list of the seats in the hand (an Observation's: the same list,
        #: changed in place, for the whole hand); None: a view's, read at each decision
        self._live: Sequence[int] | None = None

    def _read(self, obs: Observation, board: Mapping[int, tuple[ShowingPattern, int]]) -> None:
        """Its own level and the board's (``board``: its patterns) on a new street of a view
        (not the table's :class:`Observation` of the seat on turn, whose street
        :meth:`decide_on` reads in place): its cards read one by one."""
        self._seat, self._hand, self._round = obs.seat, obs.hand, obs.round
        self._live = None
        self._board = board
        self._ranked = _ranked_of(board)
        up, key = obs.up, obs.key
        mine = self._mine = _own_level(up, key)
        self._edges = _edge_table(*mine, len(up) + (key is not None) == 5)

    def decide(self, obs: Observation) -> Decision:
        legal = obs.legal
        assert legal is not None
        return self.decide_on(obs, legal)

    def decide_on(self, obs: Observation, legal: LegalFields) -> Decision:
        """:meth:`decide` with what the seat may do given beside the observation (its
        ``legal``, or that as the plain tuple of its fields: the play loop's; the observation's
        own ``legal`` is not read)."""
        _, _, check, call, bet, raise_to = legal  # one unpacking: the fields it reads
        if type(obs) is Observation and obs._hand.to_act == obs.seat:
            # the table's own, for the seat on turn: its hand read in place
            return self.decide_in(obs._hand, obs.seat, check, call, bet, raise_to)
        # anything else read as a view (an Observation's fields, whatever its class, or a seat
        # not on turn asked what it would do): its street read when new (its cards one by one),
        # then answered as on the table's hand, what decide_in reads of a hand whose street is
        # read already taken from the view. A new street: another hand, round or seat, or
        # another board (one bot may sit at two tables whose hands have the same number: the
        # board a view gives is one object a street, and another table's is another)
        board = obs.patterns()
        new = obs.round != self._round or obs.hand != self._hand or obs.seat != self._seat
        if new or board is not self._board or self._live is not None:
            self._read(obs, board)  # (or a table's street read last: _live, its list)
        seen = cast(HandState, _ViewHand(obs, self._ranked))
        return self.decide_in(seen, obs.seat, check, call, bet, raise_to)

    def decide_in(
        self, h: HandState, seat: int, check: bool, call: int | None, bet: Span, raise_to: Span
    ) -> Decision:
        """:meth:`decide_on` the hand ``h`` in play at a table, for its seat ``seat`` on turn,
        on the fields it reads of what the seat may do (the play loop's: no observation made,
        the hand's fields read in place, no tuple of what the seat may do)."""
        ranked: Sequence[int] | None = h.ranked
        in_hand: Sequence[int]
        if ranked is self._ranked and seat == self._seat:
            # the street read already (its board's levels: a list a table's hand makes anew a
            # street, or a view's as read): its levels kept, and the table's own list of the
            # seats in the hand, kept from a hand (a view's: read at each decision)
            ranked, edges = self._ranked, self._edges
            live = self._live
            in_hand = h.live if live is None else live
        else:
            # a new street of the table: its own level and the board's, read once (here, not
            # in a method of its own: most of its decisions are a street's first), from the
            # table's sets of its cards as they stand (Observation.own, read in place) and the
            # board's levels from the table's patterns of the up cards (_ranked_on)
            self._seat = seat
            in_hand = self._live = h.live
            if ranked is None:  # _ranked_on(h) in place (no call: a street's first read)
                known, ups = _BOARD_LEVELS.get, h.counts
                ranked = []
                for s in in_hand:
                    shifted = known(ups[s])
                    if shifted is None:
                        shifted = _board_level(h, s)
                    ranked.append(shifted | s)
                ranked.sort(reverse=True)
                h.ranked = ranked
            self._ranked = ranked
            # (a seat on turn holds its key card and the street's up cards: the tests compare
            # its level with _own_level's of them at every turn)
            key, n = h.key[seat], h.street
            code = key.code
            counts = h.counts[seat] + _RANK_COUNT[code]
            if n < 5:  # the level is the rank counts' (_MINE): no suit read but four cards'
                # (flagged when of one suit, as of_counts keys them: none of the up cards in
                # another suit than the key's)
                if n == 4 and not h.masks[seat] & _OTHER_SUITS[code & 3]:
                    counts |= _SUITED
                found = _MINE.get(counts)
                if found is None:
                    found = _mine_entry(h, seat, counts, n)
                self._mine, edges = found
            else:  # five cards (a made hand): _own_level of its cards, read in place
                cv, flush, table, levels = _MADE[0] if _MADE else _made()
                total = cv[code]
                for c in h.up[seat]:
                    total += cv[c.code]
                strength = table[(total & RANK_MASK) + flush[total >> RANK_BITS]]
                formation = levels[strength]
                self._mine, edges = (formation, strength), _FIVE_EDGES[formation]
            self._edges = edges
        best = 0
        for packed in ranked:  # the first other seat in the hand: the best
            s = packed & 15  # _SEAT_MASK, _SEAT_BITS: constants, no name read
            if s != seat and s in in_hand:
                best = packed >> 4  # formation << 4 | top rank
                break
        edge = edges[best]  # its edge over the best (_edge_table), no arithmetic
        # the pot is read only when a bet is sized or a call priced
        if edge >= 2 or (edge >= 1 and self.rng.random() < self.aggression):  # strong
            cap = self.cap
            if bet is not None:
                kind, span = _BET, bet
            elif (
                raise_to is not None
                and (cap is None or raise_to[0] <= cap)
                and self.rng.random() < 0.6
            ):
                kind, span = _RAISE, raise_to
            else:
                return _CHECKS if call is None else _CALLS
            # half the pot within the span, its top brought down to the cap (never below its
            # least): max(low, min(high, pot // 2)) without the calls (nor _size's)
            low, high = span
            if cap is not None and high > cap:
                high = cap  # below the least: the least, below
            half = h.pot // 2
            if half < high:
                high = half
            return kind, low if low > high else high
        if check:
            return _CHECKS
        # (pot or 1): max(pot, 1) without the call, a pot never below 0
        if call is not None and (edge >= 0 or (edge >= -1 and call * 4 <= (h.pot or 1))):
            return _CALLS
        if bet is not None and h.round == 1 and edge >= 0:
            return _BET, bet[0]  # the opener's duty: open small with a fair card
        return _FOLDS


#: the board's formations (_LEVEL's, a draw's 0): the rows of an edge table
_BOARD_FORMATIONS: Final = max(_LEVEL) + 1


def _edge_table(mine: int, my_top: int, five: bool) -> tuple[int, ...]:
    """The bot's edge of the level (``mine``, ``my_top``) over each board level ``formation <<
    4 | top rank`` (the index, below ``_BOARD_FORMATIONS << 4``; 0 also when no other seat is in
    the hand): twice the formations' difference, one more when its top rank is the higher; five
    cards (a made hand against what shows) the formations' difference alone (its top, a
    strength, not read). Made once a level (:data:`_EDGES`)."""
    if five:
        my_top = 0  # (a strength: thousands of them, one table for all of a formation)
    table = _EDGES.get((mine, my_top, five))
    if table is None:  # by rows of 16 (a formation's: their top ranks below my_top, then the rest)
        edges: list[int] = []
        for theirs in range(_BOARD_FORMATIONS):
            if five:
                edges += (mine - theirs,) * 16
            else:
                edge = (mine - theirs) * 2
                edges += (edge + 1,) * my_top
                edges += (edge,) * (16 - my_top)
        table = _EDGES[mine, my_top, five] = tuple(edges)
    return table


#: the edge tables of five cards by their formation (on the showing scale: 0 to 10)
_FIVE_EDGES: Final = tuple(_edge_table(f, 0, True) for f in range(11))


def _mine_entry(
    h: HandState, seat: int, counts: int, n: int
) -> tuple[tuple[int, int], tuple[int, ...]]:
    """The :data:`_MINE` entry of the seat's fewer than five cards on the hand ``h``
    (``counts``: its key): the pattern of their rank counts."""
    mask = h.masks[seat] | 1 << h.key[seat].code
    entry = _KNOWN(counts) or _PATTERNS.of_counts(counts, mask, n)
    category, ranks = entry[0]
    level = (category, ranks[0] if ranks else 0)
    found = _MINE[counts] = (level, _edge_table(*level, False))
    return found


def new_table(table: StudOptions, players: int, *, buy_in: int | None = None) -> StudGame:
    """A table with ``players`` seated at seats 1..players, each with ``buy_in`` (default the
    least capital), and a deck open."""
    game = StudGame(table)
    for seat in range(1, players + 1):
        game.seat_player(seat, f"p{seat}", table.min_buy_in if buy_in is None else buy_in)
    game.new_deck()
    return game


def play_hand(
    game: StudGame,
    bots: Mapping[int, Bot],
    shuffler: Shuffler,
    rng: random.Random,
    *,
    cut_chance: float = 0.0,
) -> HandSettled:
    """One hand from the pot money to the settlement, the dealer's part included."""
    if game.needs_new_deck:
        game.new_deck()
    hand = game.start_hand()
    game.shuffle(shuffler)
    if cut_chance and rng.random() < cut_chance:
        seats = hand.seats
        for cutter in rng.sample(seats, min(2, len(seats), rng.randint(1, 2))):
            game.cut(cutter, rng.randint(6, 34))
    game.burn()
    # the loop reads the table's state directly (the hot path of a simulation): the same
    # commands and events as game.observation, game.act and game.deal, each event folded as
    # the table's commit does, without a second check of what the table made itself: a
    # decision the table's legal() offers is the event the checks accept (_offered_act; a
    # decision not offered goes to act(), which refuses it), and a deal is the cards due as
    # the table's own queue and deck order give them (_deal_event; _check_dealt compares an
    # event with those, for a record)
    betting, dealing = _BETTING, _DEALING
    # the names read at every decision, as locals (a module name's read costs several times a
    # local's in 3.11)
    fold, check_, call_, bet_, raise_ = _FOLD, _CHECK, _CALL, _BET, _RAISE
    strength_bot, random_bot, make_acted = StrengthBot, RandomBot, acted_event
    # the shared events of decisions (read a hand: the tests replace the memo)
    fold_acted, known = game._fold_acted, checks._ACTED.get
    deal_event, apply_dealt = game._deal_event, game._apply_dealt
    log = game._log
    h = game._hand  # the hand in play: the same object until the settlement
    assert h is not None
    # what legal_fields reads of the table beyond the hand, the same objects all the hand
    stacks, least, may_raise = game._stacks, game._least_bet, game._options.checked_may_raise
    while True:
        phase = game._phase
        if phase is betting:  # the round's turns: the fold gives the next (None: it is over)
            turn: int | None = h.to_act
            while turn is not None:
                # legal_fields(game, h, turn) (legal_of's: betting, turn on turn) as its fields in
                # their own names, no call nor tuple: the module's bots read them so (a Legal is
                # made for other bots only), the offer's check below too (test_play_chain.py
                # holds the two equal on every turn)
                stack = stacks[turn]
                call: int | None
                bet: Span
                raise_to: Span
                if not h.opened:
                    check, call, raise_to = h.round > 1, None, None
                    bet = (least if least < stack else stack, stack)
                else:
                    put = h.round_bet[turn]
                    owe = h.current - put
                    check, bet, raise_to = False, None, None
                    if stack > owe and turn not in h.acted and (turn not in h.checked or may_raise):
                        top = put + stack
                        low = h.current + h.min_raise
                        raise_to = (low if low < top else top, top)
                    call = owe if owe < stack else stack
                bot = bots[turn]
                # (a StrengthBot first: its decisions are the more of a mixed table's)
                if type(bot) is strength_bot:  # it reads the hand in place: no observation made
                    action, amount = bot.decide_in(h, turn, check, call, bet, raise_to)
                elif type(bot) is random_bot:  # it reads nothing of the table but what it may do
                    action, amount = bot.choose_on(check, call, bet, raise_to)
                else:
                    legal = Legal(turn, True, check, call, bet, raise_to)
                    action, amount = bot.decide(Observation(game, h, turn, legal))
                # the chips of a decision the fields offer, as game._offered_act reads them (here,
                # not in its call: on the fields made above; the tests hold the two the same for
                # any decision); None: not offered (or the action's name), act() reads it
                chips: int | None = None
                if action is call_:  # first: half the decisions of a run are calls
                    if amount is None:
                        chips = call
                elif action is fold:
                    if amount is None:
                        chips = 0
                elif action is check_:
                    if amount is None and check:
                        chips = 0
                elif action is bet_ or action is raise_:
                    span = bet if action is bet_ else raise_to
                    if span is not None and type(amount) is int and span[0] <= amount <= span[1]:
                        chips = amount if action is bet_ else amount - h.round_bet[turn]
                if chips is None:
                    game.act(turn, action, amount)
                    turn = h.to_act if game._phase is betting else None
                else:  # its event, the one _offered_act gives (shared: acted_event)
                    key = (turn, action, chips)
                    acted = known(key) or make_acted(key)
                    # _apply_acted(acted), on its fields
                    turn = fold_acted(h, turn, action, chips, None)
                    log.append(acted)
        elif phase is dealing:
            dealt = deal_event(None, None, None)
            apply_dealt(dealt)
            log.append(dealt)
        elif phase is _SHOWDOWN:
            return game.settle()
        else:  # pragma: no cover - the loop always ends at the settlement
            raise AssertionError(f"unexpected phase {phase}")


@dataclass
class TableRun:
    """What :func:`run_table` did: the hands played, the top-ups, the table."""

    game: StudGame
    hands: int
    topped_up: int


def run_table(
    table: StudOptions,
    bots: Mapping[int, Bot],
    shuffler: Shuffler,
    rng: random.Random,
    hands: int,
    *,
    cut_chance: float = 0.0,
    game: StudGame | None = None,
) -> TableRun:
    """Play ``hands`` hands; before each, a player below the threshold tops up to the least
    capital (Art 6), as the operator would require."""
    if game is None:
        game = new_table(table, len(bots))
    topped = 0
    for _ in range(hands):
        for seat in list(game.players):
            if game.must_top_up(seat):
                amount = table.min_buy_in - game.stacks[seat]
                game.top_up(seat, amount)
                topped += amount
        play_hand(game, bots, shuffler, rng, cut_chance=cut_chance)
    return TableRun(game, hands, topped)


def legal_decisions(legal: Legal) -> list[Decision]:
    """Every kind of legal action with its least amount (for tests and tools)."""
    out: list[Decision] = [(Act.FOLD, None)]
    if legal.check:
        out.append((Act.CHECK, None))
    if legal.call is not None:
        out.append((Act.CALL, None))
    if legal.bet is not None:
        out.append((Act.BET, legal.bet[0]))
    if legal.raise_to is not None:
        out.append((Act.RAISE, legal.raise_to[0]))
    return out


#: the bots of the table interface by kind: a factory (seed) -> bot
#: (:class:`~croupier.games.five_card_stud.table_bots.TableBot`, whose module is loaded when the
#: first is made: it reads the table's JSON view and offers, which the game's own loop never does)
BOTS: Final[Mapping[str, Callable[[int], TableBot]]] = {
    "strength": lambda seed: _table_bot(StrengthBot(random.Random(seed))),
    "random": lambda seed: _table_bot(RandomBot(random.Random(seed))),
}


def _table_bot(player: Bot) -> TableBot:
    from croupier.games.five_card_stud.table_bots import TableBot

    return TableBot(player)
