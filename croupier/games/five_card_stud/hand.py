"""Five-card stud (Portaria 104/85/M): the state of the hand in play.

:class:`HandState` is what the table's fold (:mod:`~croupier.games.five_card_stud.state`) keeps
of the hand being dealt: the seats dealt in, the deck as shuffled and cut, each seat's cards, the
round of betting and the pots' contributions. It is internal and mutable, written only by the
fold; what the hands dealt to one set of seats share is made once (:class:`_Seating`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from croupier.card_events import ShoeShuffled
from croupier.cards import Card
from croupier.games.five_card_stud.events import HandStarted
from croupier.rank.showing import ShowingKey, ShowingPattern

__all__ = ["HandState"]


class _Seating:
    """What the hands dealt to one set of seats share, made once a set of seats dealt in (at
    most the 120 sets of two to seven seats): read only, copied where a hand writes (a copy of
    a dict is several times cheaper than building it again)."""

    __slots__ = ("after", "afters", "posted", "seats", "zeros")

    def __init__(self, seats: tuple[int, ...]) -> None:
        #: the seats it was made for (whole numbers): the very tuple a table deals in again
        #: needs no second look at its seats' types
        self.seats = seats
        #: seat -> the seats after it in ``seats``, round to the one before it
        self.after = {s: seats[i + 1 :] + seats[:i] for i, s in enumerate(seats)}
        #: the seats still in a hand, in order -> :attr:`after` of those seats only
        self.afters: dict[tuple[int, ...], dict[int, tuple[int, ...]]] = {seats: self.after}
        self.zeros = dict.fromkeys(seats, 0)  #: seat -> 0
        #: pot money -> seat -> it (what each seat dealt in has put in)
        self.posted: dict[int, dict[int, int]] = {}

    def after_in(self, live: list[int]) -> dict[int, tuple[int, ...]]:
        """Seat (each dealt in) -> the seats of ``live`` (the seats still in a hand) after it,
        round to the one before it (memoised: a seating's hands fold to a few sets of seats)."""
        key = tuple(live)
        found = self.afters.get(key)
        if found is None:
            found = self.afters[key] = {
                s: tuple(x for x in after if x in live) for s, after in self.after.items()
            }
        return found


#: what a hand rarely writes (the cutters, the dead hands, the misdealt cards), or writes anew
#: (the order of speaking, each round's), starts empty and immutable, shared, and is replaced
#: whole when written (no list or set made and dropped a hand)
_NO_SEATS: frozenset[int] = frozenset()
_SEATINGS: dict[tuple[int, ...], _Seating] = {}


class HandState:
    """The state of the hand in play (internal, mutable; only the fold writes it)."""

    __slots__ = (
        "acted",
        "acted_in_round",
        "after",
        "board",
        "checked",
        "commission",
        "contrib",
        "counts",
        "current",
        "cutters",
        "dead",
        "declined",
        "deduction",
        "entries",
        "folded",
        "key",
        "last_bet_round",
        "live",
        "low",
        "masks",
        "min_raise",
        "misdealt",
        "names",
        "number",
        "opened",
        "order",
        "patterns",
        "pos",
        "queue",
        "ranked",
        "round",
        "round_bet",
        "seating",
        "seats",
        "show_key",
        "shuffle",
        "speak",
        "street",
        "to_act",
        "turn_since",
        "up",
        "zeros",
    )

    def __init__(self, event: HandStarted) -> None:
        self.number = event.number
        seats = self.seats = event.seats
        seating = _SEATINGS.get(seats)
        if seating is not None and seating.seats is seats and type(event.pot_money) is int:
            pass  # the tuple it was made for (StudState.dealt_in gives one a seating)
        elif type(event.pot_money) is int and all(type(s) is int for s in seats):
            seating = _SEATINGS.get(seats) or _SEATINGS.setdefault(seats, _Seating(seats))
        else:  # the memos go by value (20.0, True are 20, 1 as keys): none shared
            seating = _Seating(seats)
        self.seating = seating
        #: seat (each dealt in) -> the seats still in the hand after it, counterclockwise, round
        #: to the one before it (read only: shared by the hands dealt to the same seats; the
        #: fold takes the seating's next one when a seat leaves the hand)
        self.after: Mapping[int, tuple[int, ...]] = seating.after
        #: seat -> 0 for every seat dealt in (read only, shared: the fold copies it)
        zeros = self.zeros = seating.zeros
        self.commission = event.commission
        self.deduction = 0
        self.shuffle: ShoeShuffled | None = None
        #: the deck as shuffled and cut, top first (read only: the shuffle's own tuple until a
        #: cut makes another)
        self.order: tuple[Card, ...] = ()
        #: the notation of each card of ``order`` as the shuffle kept it
        #: (:func:`~croupier.canonical.kept_names`: the deals' texts read them), None: not kept
        self.names: Sequence[str] | None = None
        self.pos = 0
        self.cutters: tuple[int, ...] = ()
        #: seat -> its up cards (in a loop: a comprehension is a function's call)
        up: dict[int, list[Card]] = {}
        for s in seats:
            up[s] = []
        self.up = up
        #: seat -> its up cards as a bit set of card codes (the showing keys' memo key)
        self.masks: dict[int, int] = zeros.copy()
        #: seat -> the rank counts of its up cards (the sum of ``1 << 4 * rank``)
        self.counts: dict[int, int] = zeros.copy()
        #: seat -> the rank pattern of its up cards (:meth:`ShowingKeys.entry`), as they come
        self.entries: dict[int, tuple[ShowingPattern, tuple[int, ...]]] = {}
        #: seat -> the best-hand key of its up cards and its highest up rank, worked out once a
        #: dealing, when first asked for (what bots read of the table); None: not yet
        self.board: dict[int, tuple[ShowingKey, int]] | None = None
        #: the same without the suits (:meth:`ShowingKeys.pattern`), when first asked for
        self.patterns: dict[int, tuple[ShowingPattern, int]] | None = None
        #: the bots' levels of the seats in the hand, packed and best first
        #: (:func:`~croupier.games.five_card_stud.bots._ranked_on`), when first asked for
        self.ranked: list[int] | None = None
        self.key: dict[int, Card] = {}
        self.live: list[int] = list(seats)
        self.folded: set[int] = set()
        self.dead: frozenset[int] = _NO_SEATS
        pot = event.pot_money
        posted = seating.posted.get(pot)
        if posted is None:
            posted = seating.posted[pot] = dict.fromkeys(seats, pot)
        self.contrib: dict[int, int] = posted.copy()
        self.street = 0  #: cards each live seat holds once the current dealing is done
        self.queue: list[int] = []
        self.misdealt: tuple[tuple[Card, int, int], ...] = ()
        self.round = 0
        self.opened = False
        self.current = 0
        self.min_raise = 0
        self.round_bet: dict[int, int] = zeros.copy()
        self.checked: set[int] = set()
        self.acted: set[int] = set()
        #: round 1's first decision made (a fold or a bet: Art 11 d's key card exposed before it
        #: only); set and read in round 1 alone, so not kept up in later rounds
        self.acted_in_round = False
        self.speak: Sequence[int] = ()
        self.to_act: int | None = None
        self.turn_since: int | None = None
        #: seat -> its showing cards' place in the order of Art 10 b-d, as its place number
        #: (:func:`~croupier.games.five_card_stud.order.place_number`: compared as one int),
        #: worked out as each up card comes
        self.show_key: dict[int, int] = {}
        #: the round of the hand's last bet or raise, and whether a player folded facing it
        #: since (Art 9: a bet nobody called)
        self.last_bet_round = 0
        self.declined = False
        #: seat -> the least capital it had during the hand (Art 6), set as stacks fall
        self.low: dict[int, int] = {}

    @property
    def pot(self) -> int:
        """The pot: what the seats dealt in have put in, less the house's deduction."""
        return sum(self.contrib.values()) - self.deduction
