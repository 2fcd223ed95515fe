"""The canonical texts of a stud table's most frequent events, written as the table makes them
(issue 22): a template made once for each order of seats, the event's values put in, and the
text handed to the streamed digest with :func:`~croupier.frozen.keep_text`, so that the digest
does not encode the event again. Only where every value is exactly what the template writes (a
seat exactly an ``int``: a bool equals 1 but is written ``true``); elsewhere nothing is kept and
the digest encodes the event as always. tests/games/five_card_stud/test_deal_text.py holds every
text equal to the reference (``canonical_json``).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "DEAL_TEXTS",
    "EXACT_SEATS",
    "START_TEXTS",
    "TEXTS_LIMIT",
    "deal_text",
    "exact_seats",
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
