"""The canonical texts of a stud table's most frequent events, written as the table makes them
(issue 22): a template made once for each order of seats, the event's values put in, and the
text handed to the streamed digest with :func:`~croupier.frozen.keep_text`, so that the digest
does not encode the event again. Only where every value is exactly what the template writes (a
seat exactly an ``int``: a bool equals 1 but is written ``true``); elsewhere nothing is kept and
the digest encodes the event as always. tests/games/five_card_stud/test_deal_text.py holds every
text equal to the reference (``canonical_json``).

A hand's settlement (:func:`settled_text`) has no template (its pots, showdown and capitals vary
in number): it is written by f-strings from the event the table made, every value written
looked at (tests/games/five_card_stud/test_settle_text.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from croupier.canonical import _PAIR_SEATS, _SEAT_CARD_JSON
from croupier.cards import Card

if TYPE_CHECKING:
    from croupier.games.five_card_stud.events import HandSettled

__all__ = [
    "DEAL_TEXTS",
    "EXACT_SEATS",
    "SEAT_TEXTS",
    "START_TEXTS",
    "TEXTS_LIMIT",
    "deal_text",
    "exact_seats",
    "settled_text",
    "start_text",
]

#: the text of a deal without a time (:meth:`StudChecks._deal_event`), by the seats dealt to in
#: order: the object's text with a ``%s`` for each card's notation (made once for each order of
#: seats: the first dealing's and each next one's, a table's few)
DEAL_TEXTS: dict[tuple[int, ...], str] = {}
TEXTS_LIMIT: Final = 4096
#: the text of a hand's start (:meth:`StudGame.start_hand`), by its seats: the object's text with
#: a ``%d`` for the commission, the number and the pot money
START_TEXTS: dict[tuple[int, ...], str] = {}
#: the last hand's seats found every one exactly an ``int`` (a bool is equal to 1 but written
#: ``true``): the deals' seats are theirs (the queue holds the hand's seats)
EXACT_SEATS: list[tuple[int, ...]] = [()]


def exact_seats(seats: tuple[int, ...]) -> bool:
    """Whether every seat of ``seats`` is exactly an ``int`` (then kept as the last found so)."""
    if all(type(s) is int for s in seats):
        EXACT_SEATS[0] = seats
        return True
    return False


def deal_text(seats: tuple[int, ...]) -> str:
    """The canonical text of a deal without a time to ``seats`` (exactly ints), in order, with a
    ``%s`` for each card's notation: ``{"at":null,"cards":[[1,"%s"],...],"type":"cards_dealt"}``
    (tests/games/five_card_stud/test_deal_text.py holds it equal to the reference)."""
    if len(DEAL_TEXTS) >= TEXTS_LIMIT:
        DEAL_TEXTS.clear()
    cards = ",".join([f'[{s},"%s"]' for s in seats])
    text = DEAL_TEXTS[seats] = f'{{"at":null,"cards":[{cards}],"type":"cards_dealt"}}'
    return text


def start_text(seats: tuple[int, ...]) -> str:
    """The canonical text of a hand's start to ``seats`` (exactly ints) with a ``%d`` for the
    commission, the number and the pot money (exactly ints):
    ``{"commission":%d,"number":%d,"pot_money":%d,"seats":[1,2],"type":"hand_started"}``."""
    if len(START_TEXTS) >= TEXTS_LIMIT:
        START_TEXTS.clear()
    listed = ",".join([str(s) for s in seats])
    text = START_TEXTS[seats] = (
        '{"commission":%d,"number":%d,"pot_money":%d,"seats":['
        + listed
        + '],"type":"hand_started"}'
    )
    return text


#: the text of a list of seats (exactly ints) between its brackets, by the seats in order: a
#: settlement's showdown order and each pot's eligible seats and winners (a table's few hundred)
SEAT_TEXTS: dict[tuple[int, ...], str] = {}


def _seats(seats: tuple[int, ...]) -> str:
    if len(SEAT_TEXTS) >= TEXTS_LIMIT:
        SEAT_TEXTS.clear()
    text = SEAT_TEXTS[seats] = ",".join([str(s) for s in seats])
    return text


#: a seat's text, by seat (1..15: a table's seats are 1..7), and a ``[seat,card]`` pair's by seat
#: and card code: a seat met elsewhere (never) raises KeyError, and the text is left to the
#: encoder (a lookup, not a number written: an int's text costs several hundred instructions)
_SEAT_TEXT: Final = {s: str(s) for s in range(1, _PAIR_SEATS)}
_SHOWN: Final = {s: _SEAT_CARD_JSON[s] for s in range(1, _PAIR_SEATS)}


def _pairs(pairs: tuple[tuple[int, int], ...]) -> str | None:
    """``1,20],[3,40`` for ``((1, 20), (3, 40))`` (the text between the outer brackets' inner
    ones) when every amount is exactly an int (the seats: the hand's), else None."""
    texts = [f"{_SEAT_TEXT[s]},{a}" for s, a in pairs if type(a) is int]
    return "],[".join(texts) if len(texts) == len(pairs) else None


def settled_text(event: HandSettled) -> str | None:
    """The canonical text of a settlement the table made (:meth:`StudChecks._settle_event`: its
    tuples, its pots :class:`PotResult`) for a hand whose seats are all exactly ints (its
    showdown, shown, eligible, winners, paid and returned seats are the hand's), or None when
    a value written is not exactly what the text writes: an int not exactly an ``int`` (a bool
    equals 1 but is written ``true``), a shown card not exactly a :class:`Card`, a capital's
    seat not exactly an int. Written by f-strings, an int as ``str`` writes it (``%``'s
    formatting costs several times more), a seat's text looked up (:data:`_SEAT_TEXT`).
    tests/games/five_card_stud/test_settle_text.py holds it equal to the reference."""
    try:  # (a seat not 1..15, never: KeyError)
        house, commission, number = event.house, event.initial_commission, event.number
        if type(house) is not int or type(commission) is not int or type(number) is not int:
            return None
        pots = []
        for r in event.pots:
            amount, cut, odd, paid = r.amount, r.commission, r.odd_to_house, r.paid
            if type(amount) is not int or type(cut) is not int or type(odd) is not int:
                return None
            if len(paid) == 1:  # one winner (most pots): no comprehension
                ((seat, net),) = paid
                if type(net) is not int:
                    return None
                won: str | None = f"{_SEAT_TEXT[seat]},{net}"
            elif not paid or (won := _pairs(paid)) is None:  # (a pot always has a winner)
                return None
            eligible, winners = r.eligible, r.winners
            # (an odd unit to the house is rare: its 0 is a text already, not an int written)
            pots.append(
                f'{{"amount":{amount},"commission":{cut},"eligible":['
                f"{SEAT_TEXTS.get(eligible) or _seats(eligible)}"
                f'],"odd_to_house":{odd or "0"},"paid":[[{won}]],"winners":['
                f"{SEAT_TEXTS.get(winners) or _seats(winners)}]}}"
            )
        returned = event.returned
        back = ""
        if returned:
            if (pair := _pairs(returned)) is None:
                return None
            back = f"[{pair}]"
        order, shown = event.showdown, event.shown
        cards = showdown = ""
        if shown:
            held = []  # (a loop: a comprehension is a call, dearer for a showdown's few)
            for s, c in shown:
                if type(c) is not Card:
                    return None
                held.append(_SHOWN[s][c.code])
            cards = ",".join(held)
        if order:
            showdown = SEAT_TEXTS.get(order) or _seats(order)
        stacks = event.stacks
        # a capital's seat may be one not dealt in (seated, sitting out): both ints looked at
        if not stacks:  # (a hand has seats: never none)
            return None
        held = []  # (a loop, as above)
        for s, a in stacks:
            if type(s) is not int or type(a) is not int:
                return None
            held.append(f"{_SEAT_TEXT[s]},{a}")
        return (
            f'{{"house":{house},"initial_commission":{commission},"number":{number},"pots":['
            f'{",".join(pots)}],"returned":[{back}],"showdown":[{showdown}],"shown":[{cards}],'
            f'"stacks":[[{"],[".join(held)}]],"type":"hand_settled"}}'
        )
    except KeyError:
        return None
