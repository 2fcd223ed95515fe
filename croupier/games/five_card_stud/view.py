"""Five-card stud (Portaria 104/85/M): what a seat may know and do, as data.

* :class:`Legal`: what the player on turn may do (fold, check, call, bet, raise, with bounds);
* :class:`Observation`: what one seat may know, for a bot (its key card, every up card, money);
* :func:`legal_of` and :func:`view_of`: the reading of a table behind ``StudGame.legal`` and
  ``StudGame.view`` (a seat's key card to that seat only; never the undealt deck).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from croupier.cards import Card, format_cards
from croupier.errors import RuleViolation
from croupier.games.five_card_stud.hand import HandState
from croupier.games.five_card_stud.rules import GAME, REGULATION
from croupier.games.five_card_stud.state import StudPhase, StudState
from croupier.rank.showing import ShowingKey, ShowingPattern
from croupier.records import is_int

__all__ = [
    "Legal",
    "LegalFields",
    "Observation",
    "legal_fields",
    "legal_of",
    "legal_on_turn",
    "observation_of",
    "view_of",
]


class Legal(NamedTuple):
    """What the player on turn may do: ``call`` is the chips a call puts in (None: no call
    possible), ``bet`` / ``raise_to`` the (least, most) amounts (None: not allowed).
    ``raise_to`` is the player's whole bet in this round after the raise. (A named tuple: made
    at every turn, it is cheap.)"""

    seat: int
    fold: bool
    check: bool
    call: int | None
    bet: tuple[int, int] | None
    raise_to: tuple[int, int] | None


#: :class:`Legal`'s fields as a plain tuple, in its order (what a table's play loop hands its own
#: bots and checks: a plain tuple is made, indexed and unpacked far cheaper than the named one)
LegalFields = tuple[int, bool, bool, int | None, tuple[int, int] | None, tuple[int, int] | None]


class Observation:
    """What one seat may know, for a bot: its own cards, everyone's up cards, the money.

    ``legal`` is taken when the observation is made; the other fields are read from the table
    when first asked for (a bot that only needs ``legal`` pays for nothing else), so read them
    before the next command changes the table."""

    __slots__ = ("_game", "_hand", "hand", "legal", "round", "seat")

    def __init__(self, game: StudState, hand: HandState, seat: int, legal: Legal | None) -> None:
        self._game = game
        self._hand = hand
        self.seat = seat
        self.legal = legal
        #: the hand's number at the table, and its round of betting
        self.hand: int = hand.number
        self.round: int = hand.round

    @property
    def in_hand(self) -> tuple[int, ...]:
        """The seats still in the hand (this one included), in seat order."""
        return tuple(self._hand.live)

    @property
    def key(self) -> Card | None:
        return self._hand.key.get(self.seat)

    @property
    def up(self) -> tuple[Card, ...]:
        return tuple(self._hand.up[self.seat])

    def own(self) -> tuple[int, int, int]:
        """This seat's own cards (its up cards and its key card) as their bit set of card
        codes, their rank counts (the sum of ``1 << 4 * rank``) and how many they are, read from
        the sets the table keeps of the up cards."""
        h, seat = self._hand, self.seat
        mask, counts, n = h.masks[seat], h.counts[seat], len(h.up[seat])
        key = h.key.get(seat)
        if key is not None:
            code = key.code
            mask, counts, n = mask | (1 << code), counts + (1 << ((code >> 2) << 2)), n + 1
        return mask, counts, n

    def showing(self, seat: int) -> ShowingKey:
        """``(category, ranks, suits)`` of ``seat``'s up cards ranked as a poker hand (the best-hand
        order of Art 10 b-d: public), read from the table's ranking of showing hands."""
        h = self._hand
        return self._game.showing_keys.base(h.up[seat], h.masks[seat])

    def top_rank(self, seat: int) -> int:
        """The highest rank among ``seat``'s up cards (-1: none)."""
        return (self._hand.masks[seat].bit_length() - 1) >> 2

    def board(self) -> Mapping[int, tuple[ShowingKey, int]]:
        """Seat -> the best-hand key of its up cards and its highest up rank, for every seat
        of the hand with up cards: public, worked out by the table once a dealing and shared
        by every bot that reads it."""
        h = self._hand
        found = h.board
        if found is None:
            base = self._game.showing_keys.base
            found = h.board = {
                s: (base(h.up[s], mask), (mask.bit_length() - 1) >> 2)
                for s, mask in h.masks.items()
                if mask
            }
        return found

    def patterns(self) -> Mapping[int, tuple[ShowingPattern, int]]:
        """:meth:`board` without the suits: seat -> ``(category, ranks)`` of its up cards and its
        highest up rank (what a bot sizing up the board reads; once a dealing, shared)."""
        h = self._hand
        found = h.patterns
        if found is None:
            entries = h.entries
            found = h.patterns = {
                s: (entries[s][0], (mask.bit_length() - 1) >> 2)
                for s, mask in h.masks.items()
                if mask
            }
        return found

    @property
    def others_up(self) -> Mapping[int, tuple[Card, ...]]:
        """Up cards of the other players still in the hand."""
        h = self._hand
        return {s: tuple(h.up[s]) for s in h.live if s != self.seat}

    @property
    def stack(self) -> int:
        return self._game._stacks[self.seat]

    @property
    def stacks(self) -> Mapping[int, int]:
        stacks = self._game._stacks
        return {s: stacks[s] for s in self._hand.live}

    @property
    def pot(self) -> int:
        h = self._hand  # the table's pot (StudState.pot) of the hand in play
        return sum(h.contrib.values()) - h.deduction

    @property
    def round_bets(self) -> Mapping[int, int]:
        h = self._hand
        return {s: h.round_bet[s] for s in h.live}


_BETTING: Final = StudPhase.BETTING
#: a Legal made from its fields' tuple (the named tuple's own ``__new__`` is a Python call)
_new_legal: Final = tuple.__new__


def legal_of(game: StudState, seat: int | None = None) -> Legal | None:
    """What the player on turn may do (None: not his turn, or no betting now)."""
    h = game._hand
    if h is None or game._phase is not _BETTING or h.to_act is None:
        return None
    if seat is not None and (type(seat) is not int or seat != h.to_act):
        return None
    return legal_on_turn(game, h, h.to_act)


def legal_on_turn(game: StudState, h: HandState, s: int) -> Legal:
    """:func:`legal_of` the seat ``s`` on turn in the hand ``h`` in play, a round of betting
    under way (what the caller knows already)."""
    return _new_legal(Legal, legal_fields(game, h, s))


def legal_fields(game: StudState, h: HandState, s: int) -> LegalFields:
    """:func:`legal_on_turn` as the plain tuple of its fields (the hot path: a table's play loop,
    :func:`~croupier.games.five_card_stud.bots.play_hand`, makes no :class:`Legal` for its own
    bots; making the named tuple, ``tuple.__new__`` of a subclass, costs more than the rest of
    the reading)."""
    stack = game._stacks[s]
    if not h.opened:
        least = game._least_bet
        return (s, True, h.round > 1, None, (least if least < stack else stack, stack), None)
    bet = h.round_bet[s]
    owe = h.current - bet
    raise_to = None
    if stack > owe and s not in h.acted and (s not in h.checked or game._options.checked_may_raise):
        top = bet + stack
        least = h.current + h.min_raise
        raise_to = (least if least < top else top, top)
    return (s, True, False, owe if owe < stack else stack, None, raise_to)


def observation_of(game: StudState, seat: int) -> Observation:
    """What ``seat`` may know now (its own key card, everyone's up cards, the money)."""
    h = game._hand
    if h is None or not is_int(seat) or seat not in h.up:
        raise RuleViolation("Art 3", f"seat {seat} is not in a hand")
    return Observation(game, h, seat, legal_of(game, seat))


#: the JSON key of each seat number
_KEYS: Final = tuple(str(s) for s in range(100))


def _key(seat: int) -> str:
    return _KEYS[seat] if 0 <= seat < 100 else str(seat)


def view_of(game: StudState, seat: int | None = None) -> dict[str, Any]:
    """JSON-ready state as ``seat`` sees it (None: the public display). Key cards are seen
    by their owner, and by everyone once shown at the showdown; never the undealt deck."""
    if seat is not None and not is_int(seat):
        raise RuleViolation("Art 3", f"a seat is a whole number, got {seat!r}")
    h = game._hand
    stacks, owing, threshold = game._stacks, game._owing, game.options.top_up_below
    out: dict[str, Any] = {
        "game": GAME,
        "regulation": REGULATION,
        "phase": game._phase.value,
        "hands_played": game._hands,
        "deck": {"number": game._deck, "deals": game._deck_deals},
        "house": game._house,
        "seats": {
            _key(s): {
                "player": game._players[s],
                "stack": stacks[s],
                "must_top_up": stacks[s] < threshold or s in owing,  # must_top_up, inlined
            }
            for s in sorted(game._players)
        },
    }
    if h is not None:
        seats = [(_key(s), s) for s in h.seats]
        hand: dict[str, Any] = {
            "number": h.number,
            "round": h.round,
            "pot": game.pot,
            "to_act": game.to_act,
            "in_hand": list(h.live),
            "folded": sorted(h.folded),
            "dead": sorted(h.dead),
            "commitment": None if h.shuffle is None else h.shuffle.commitment,
            "cutters": list(h.cutters),
            "up": {k: format_cards(h.up[s]) for k, s in seats},
            "bets": {k: h.round_bet[s] for k, s in seats},
            "put_in": {k: h.contrib[s] for k, s in seats},
            # a key card dealt to the wrong seat stays face down: only its owner sees it
            "misdealt": [
                [str(c) if h.key.get(b) is not c or seat == b else "??", a, b]
                for c, a, b in h.misdealt
            ],
        }
        if seat is not None and seat in h.key:
            hand["key"] = str(h.key[seat])
        legal = legal_of(game, seat) if seat is not None else None
        if legal is not None:
            hand["legal"] = {
                "fold": legal.fold,
                "check": legal.check,
                "call": legal.call,
                "bet": None if legal.bet is None else list(legal.bet),
                "raise_to": None if legal.raise_to is None else list(legal.raise_to),
            }
        out["hand"] = hand
    if game._settled is not None:
        last = game._settled
        out["last_hand"] = {
            "number": last.number,
            "showdown": list(last.showdown),
            "shown": {str(s): str(c) for s, c in last.shown},
            "up": {str(s): format_cards(c) for s, c in game._last_up.items()},
            "returned": [list(r) for r in last.returned],
            "pots": [
                {
                    "amount": p.amount,
                    "eligible": list(p.eligible),
                    "winners": list(p.winners),
                    "commission": p.commission,
                    "paid": {str(s): a for s, a in p.paid},
                }
                for p in last.pots
            ],
            "initial_commission": last.initial_commission,
            "house": last.house,
        }
    return out
