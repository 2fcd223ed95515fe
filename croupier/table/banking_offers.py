"""The offers of a player at a banking table (:meth:`~croupier.table.banking.ShoeTable.legal`):
sitting and buying chips, then, while betting is open, ``done``, new stakes grouped by the kinds
that share their bounds and places, raises and withdrawals; ``leave`` when none of his stakes
is on the layout.

An offer is an immutable value: equal offers are one object (:meth:`ShoeTable._offer`), shared
by every actor and seq that has them, so a decision builds only the offers it has not seen;
except those bounded by the player's chips (buying in, a stake or raise up to all he has), which
change with his every stake: they are made for the decision and not kept."""

from __future__ import annotations

import bisect
import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from croupier.events import Phase, Stake
from croupier.games.banking_commands import Bet, BuyIn, Done, Leave, Raise, Sit, Withdraw
from croupier.offers import Between, Offer, OneOf
from croupier.table.banking_checks import MAX_CHIPS

if TYPE_CHECKING:
    from croupier.table.banking import ShoeTable

__all__ = ["BetKinds", "player_offers"]


class BetKinds:
    """A banking table's bet kinds and places, worked out once (the options never change)."""

    __slots__ = (
        "_mask_places",
        "all_mask",
        "kinds",
        "least",
        "limit_of",
        "places",
        "plans",
        "points",
        "ruled",
        "runs",
    )

    def __init__(
        self, bets: Sequence[str], limits: Any, positions: int, ruled: frozenset[str]
    ) -> None:
        #: the table's limits by bet kind, in the game's order: (bet, least stake, most stake:
        #: MAX_CHIPS where the limit has none, the limit's most as it is)
        self.kinds: tuple[tuple[str, int, int, int | None], ...] = tuple(
            (
                bet,
                limit.minimum,
                MAX_CHIPS if limit.maximum is None else limit.maximum,
                limit.maximum,
            )
            for bet in bets
            for limit in (limits.limit(bet),)
        )
        self.limit_of = {bet: (low, top) for bet, low, top, _ in self.kinds}
        self.least = min(low for _, low, _, _ in self.kinds)
        self.places = tuple(range(1, positions + 1))
        #: the kinds in the game's order, as runs of neighbours with the same bounds and no
        #: new-stake rule of their own (``ruled``: the game's ``NEW_STAKE_RULES``): (least,
        #: most, the kinds, the kinds as a set); a kind with a rule is a run alone, its set None
        runs: list[tuple[int, int, tuple[str, ...], frozenset[str] | None]] = []
        for bet, low, top, _ in self.kinds:
            last = runs[-1] if runs else None
            if bet in ruled:
                runs.append((low, top, (bet,), None))
            elif last is not None and last[3] is not None and last[:2] == (low, top):
                runs[-1] = (low, top, (*last[2], bet), last[3] | {bet})
            else:
                runs.append((low, top, (bet,), frozenset({bet})))
        self.runs = tuple(runs)
        #: the kinds with a new-stake rule of their own: (bet, least, most)
        self.ruled: tuple[tuple[str, int, int], ...] = tuple(
            (bet, low, top) for bet, low, top, _ in self.kinds if bet in ruled
        )
        #: where a player's chips fall among these tells, for every run, whether its most is
        #: below his chips and whether his chips reach its least (see _bet_offers)
        self.points: tuple[int, ...] = tuple(
            sorted({top for low, top, _, _ in runs} | {low - 1 for low, _, _, _ in runs})
        )
        #: the new stakes' offers of a decision, by what they are made of (see _bet_offers)
        self.plans: dict[tuple[Any, ...], tuple[tuple[Offer, int | None], ...]] = {}
        #: a set of places as a bit mask (bit p: place p), and back
        self.all_mask = self.mask_of(self.places)
        self._mask_places: dict[int, tuple[int, ...]] = {self.all_mask: self.places}

    @staticmethod
    def mask_of(places: Sequence[int]) -> int:
        """A set of places as a bit mask (bit ``p`` for place ``p``)."""
        mask = 0
        for place in places:
            mask |= 1 << place
        return mask

    def places_in(self, mask: int) -> tuple[int, ...]:
        """The places of a bit mask, in ascending order (one tuple per mask, kept)."""
        places = self._mask_places.get(mask)
        if places is None:
            places = self._mask_places[mask] = tuple(p for p in self.places if mask >> p & 1)
        return places


def player_offers(self: ShoeTable[Any, Any], name: str) -> list[Offer]:
    """The offers of player ``name`` now (see :meth:`ShoeTable.legal`).

    Each offer is looked up in the table's offers (:meth:`ShoeTable._offer`) by its key first,
    and made only when it is not there: most of a decision's offers were made before."""
    game = self.game
    offers: list[Offer] = []
    kept = self._offers
    least = self._least
    if name not in self._present:
        free = self._free_places()
        if free:
            offers.append(
                self._offer(
                    ("sit0", free),
                    lambda: Offer(
                        Sit,
                        {"place": OneOf(free), "buy_in": Between(least, MAX_CHIPS)},
                        "sit at a place, with chips from the cashier",
                    ),
                )
            )
        offers.append(
            self._offer(
                ("buy_in0",),
                lambda: Offer(
                    BuyIn, {"amount": Between(least, MAX_CHIPS)}, "buy chips to bet standing"
                ),
            )
        )
        return offers
    by_player, all_chips = self._by_player()
    chips = all_chips.get(name, 0)
    mine: Sequence[Stake] = by_player.get(name, ())
    if game.phase is Phase.BETTING:
        if name not in self._done:
            offers.append(kept.get(_DONE) or self._offer(_DONE, _done_offer))
        _bet_offers(self, offers, name, chips, mine)
        for place, bet in game.withdrawable(name):
            key: tuple[Any, ...] = ("withdraw", place, bet)
            offers.append(
                kept.get(key) or self._offer(key, functools.partial(_withdraw_offer, place, bet))
            )
    if chips < MAX_CHIPS:
        # bounded by his chips: made for this decision from a kept one (see _bet_offers)
        template = kept.get(_BUY_IN) or self._offer(_BUY_IN, _buy_in_offer)
        offers.append(template.bounded("amount", Between(1, MAX_CHIPS - chips)))
    if name not in self._place:
        free = self._free_places()
        if free:
            offers.append(
                Offer(
                    Sit,
                    {"place": OneOf(free), "buy_in": Between(0, max(0, MAX_CHIPS - chips))},
                    "take a free place",
                )
            )
    if not mine:
        offers.append(kept.get(_LEAVE) or self._offer(_LEAVE, _leave_offer))
    return offers


#: the keys of the offers that are always the same (:meth:`ShoeTable._offer`)
_DONE: Final = ("done",)
_LEAVE: Final = ("leave",)
#: buying chips, with 1 for its most (an offer bounded by a player's chips is made from it)
_BUY_IN: Final = ("buy_in", 1)


def _done_offer() -> Offer:
    return Offer(Done, {}, "no more bets")


def _buy_in_offer() -> Offer:
    return Offer(BuyIn, {"amount": Between(1, 1)}, "buy chips")


def _leave_offer() -> Offer:
    return Offer(Leave, {}, "cash out and leave")


def _bet_offers(
    self: ShoeTable[Any, Any],
    offers: list[Offer],
    name: str,
    chips: int,
    mine: Sequence[Stake],
) -> None:
    """New stakes grouped by kinds sharing their bounds and places, then raises (added to
    ``offers``).

    Betting is open, the names are the table's and every amount offered is within the
    table's limit (alone, or added to the stake raised): what is left to ask of the game is
    its own rule for a new stake (baccarat Art 8.3), which it applies to a raise as well
    (``may_stake_at``), and only for the kinds that have one (``NEW_STAKE_RULES``).

    A set of places is worked on as a bit mask (bit ``p`` for place ``p``; the places of an
    offer are always in ascending order, so a mask names exactly one tuple): a kind's places
    are the table's, less those where he has a stake of the kind, less those the game's rule
    refuses; kinds with the same bounds and places share an offer, in the game's order."""
    game = self.game
    ruled = game.NEW_STAKE_RULES
    taken: dict[str, int] = {}  # bet -> the places where he has a stake of it
    for stake in mine:
        taken[stake.bet] = taken.get(stake.bet, 0) | 1 << stake.position
    kinds = self._bet_kinds
    # the places the game's rule leaves him for each kind that has one (the only part that
    # reads the game beyond his stakes), for the kinds his chips reach
    ruled_masks: tuple[int, ...] = ()
    if kinds.ruled:
        masks: list[int] = []
        for bet, low, top in kinds.ruled:
            mask = 0
            if (top if top < chips else chips) >= low:
                mask = kinds.all_mask
                if taken:
                    mask &= ~taken.get(bet, 0)
                if mask:
                    mask = kinds.mask_of(game.new_stake_places(name, bet, kinds.places_in(mask)))
            masks.append(mask)
        ruled_masks = tuple(masks)
    # the offers follow from his stakes' places, those masks and, of his chips, only where
    # they fall among the kinds' bounds (BetKinds.points): the same plan serves every decision
    # with the same three, an offer whose most is his chips bounded for this one
    plan_key = (bisect.bisect_left(kinds.points, chips), tuple(taken.items()), ruled_masks)
    plan = kinds.plans.get(plan_key)
    if plan is None:
        if len(kinds.plans) >= _PLANS:
            kinds.plans.clear()
        plan = kinds.plans[plan_key] = _plan(self, chips, taken, ruled_masks)
    for offer, least in plan:
        offers.append(offer if least is None else offer.bounded("amount", Between(least, chips)))
    kept = self._offers
    limit_of = self._limit_of
    for stake in mine:
        place, bet = stake.position, stake.bet
        least, top = limit_of[bet]
        low = least - stake.amount
        if low < 1:
            low = 1
        high = top - stake.amount
        if chips < high:
            high = chips
        if low <= high and (bet not in ruled or game.may_stake_at(name, place, bet)):
            if high == chips:  # of this decision only, as above
                key = ("raise", place, bet, low, low)
                made = kept.get(key)
                if made is None:
                    made = self._offer(key, functools.partial(_raise_offer, place, bet, low, low))
                offers.append(made.bounded("amount", Between(low, high)))
                continue
            key = ("raise", place, bet, low, high)
            made = kept.get(key)
            if made is None:
                made = self._offer(key, functools.partial(_raise_offer, place, bet, low, high))
            offers.append(made)


#: the most plans kept by a table (then they are made again)
_PLANS: Final = 4096


def _plan(
    self: ShoeTable[Any, Any],
    chips: int,
    taken: dict[str, int],
    ruled_masks: tuple[int, ...],
) -> tuple[tuple[Offer, int | None], ...]:
    """The new stakes' offers for ``chips``, his stakes' places ``taken`` and the places the
    game's rule leaves for each kind that has one (``ruled_masks``, in
    :attr:`BetKinds.ruled`'s order): each offer kept as it is (None) or a kept one to be
    bounded by his chips from its least (the least)."""
    kinds = self._bet_kinds
    all_mask = kinds.all_mask
    ruled_mask = {bet: mask for (bet, _, _), mask in zip(kinds.ruled, ruled_masks, strict=True)}
    groups: dict[tuple[int, int, int], list[str]] = {}
    # the kinds in runs of neighbours with the same bounds and no rule of their own
    # (BetKinds.runs): a run none of whose kinds he has staked goes to one group whole, as
    # its kinds would one by one
    for low, top, run, run_set in kinds.runs:
        high = top if top < chips else chips
        if high < low:
            continue
        if run_set is not None and (not taken or taken.keys().isdisjoint(run_set)):
            whole = (low, high, all_mask)
            found = groups.get(whole)
            if found is None:
                groups[whole] = list(run)
            else:
                found += run
            continue
        # kind by kind (a run some of whose kinds he has staked, or a kind with a rule)
        for bet in run:
            mask = ruled_mask.get(bet)
            if mask is None:
                mask = all_mask
                if taken:
                    mask &= ~taken.get(bet, 0)
            if mask:
                one = (low, high, mask)
                found = groups.get(one)
                if found is None:
                    groups[one] = [bet]
                else:
                    found.append(bet)
    # an offer whose most is his chips is of this decision only (his chips change with his
    # every stake): made from a kept one (Offer.bounded) and not kept itself, where one kept
    # for the table's limits is shared by every decision that has it (kept, the offers of one
    # decision would fill the table's offers and have them cleared)
    kept = self._offers
    plan: list[tuple[Offer, int | None]] = []
    for (low, high, mask), bets in groups.items():
        if high == chips:
            # the kept offer up to its least, with his chips for its most
            key: tuple[Any, ...] = ("bet", low, low, mask, *bets)
            made = kept.get(key)
            if made is None:
                places = kinds.places_in(mask)
                made = self._offer(key, functools.partial(_bet_offer, low, low, places, bets))
            plan.append((made, low))
            continue
        key = ("bet", low, high, mask, *bets)
        made = kept.get(key)
        if made is None:
            places = kinds.places_in(mask)
            made = self._offer(key, functools.partial(_bet_offer, low, high, places, bets))
        plan.append((made, None))
    return tuple(plan)


def _bet_offer(low: int, high: int, places: tuple[int, ...], bets: Sequence[str]) -> Offer:
    return Offer(
        Bet,
        {"place": OneOf(places), "bet": OneOf(tuple(bets)), "amount": Between(low, high)},
        f"bet {' / '.join(bets) if len(bets) < 4 else ', '.join(bets[:2]) + ', ...'}",
    )


def _raise_offer(place: int, bet: str, low: int, high: int) -> Offer:
    return Offer(
        Raise,
        {"place": OneOf((place,)), "bet": OneOf((bet,)), "amount": Between(low, high)},
        f"raise your {bet} stake at place {place}",
    )


def _withdraw_offer(place: int, bet: str) -> Offer:
    return Offer(
        Withdraw,
        {"place": OneOf((place,)), "bet": OneOf((bet,))},
        f"withdraw your {bet} stake at place {place}",
    )
