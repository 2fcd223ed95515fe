"""Poker de 5 Cartas, Portaria 104/85/M: the articles' constants and the readings' choices.

Seats are numbered ``1..seats`` from the dealer's right, counterclockwise, so "counterclockwise
from the dealer's right" (Art 10 a) is ``1, 2, 3, ...`` and "from the bettor's right,
counterclockwise" (Art 10 b) is the next seat number up, wrapping round.

The table options (every reading a named field) are
:class:`~croupier.games.five_card_stud.options.StudOptions`.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Final

REGULATION: Final = "Portaria 104/85/M"
GAME: Final = "five-card-stud"

#: Art 3: "um mínimo de dois lugares e máximo de sete".
MIN_SEATS: Final = 2
MAX_SEATS: Final = 7
#: Art 2: the cards are used "num máximo de dez jogadas".
MAX_DEALS_PER_DECK: Final = 10
#: Art 2: "Deve-se partir, de cada vez, um mínimo de seis cartas".
MIN_CUT: Final = 6
#: Art 2: "Em cada jogada podem partir as cartas dois jogadores, no máximo".
MAX_CUTTERS: Final = 2
#: Art 1 a: 40 cards.
DECK_SIZE: Final = 40
#: Art 10: an up card, the key card, then three more up cards.
HAND_SIZE: Final = 5
#: Art 9: "uma comissão de 4% sobre o valor do bolo".
HOUSE_RATE: Final = Fraction(4, 100)
#: Art 11 b: "Nenhum jogador pode demorar mais que dois minutos a decidir o seu jogo".
TIME_LIMIT_SECONDS: Final = 120
#: Art 6-8 at decimals 0: pot money -> (minimum buy-in, top-up threshold).
LEVELS: Final[dict[int, tuple[int, int]]] = {20: (2000, 500), 100: (5000, 1000)}
MAX_DECIMALS: Final = 6


class InitialCommission(StrEnum):
    """Who pays the initial commission of Art 8 (GAMES.md §5: *option*).

    * ``pot`` (default): the house takes one commission per hand out of the pot money, before
      the first card ("a Casa cobrará uma comissão inicial de $20,00 ... antes de ser distribuída
      a primeira carta de cada jogada": one amount per hand).
    * ``each``: every player dealt in pays the amount, besides his pot money.
    * ``none``: no initial commission.
    """

    POT = "pot"
    EACH = "each"
    NONE = "none"


class OddChip(StrEnum):
    """Where the units of a split pot (Art 4, equal parts) that do not divide go.

    * ``showdown-order`` (default): one each to the winners in showdown order (Art 10 e: from
      the right of the best showing hand, counterclockwise), first shown first.
    * ``house``: to the house, so every winner gets exactly the same.
    """

    SHOWDOWN_ORDER = "showdown-order"
    HOUSE = "house"


class ShowingTie(StrEnum):
    """Who speaks first between showing hands of identical ranks in rounds 2-4 (the regulation
    gives suits only for round 1, Art 10 b; someone must speak).

    * ``suits`` (default): the suits of the deciding cards, spades > hearts > clubs > diamonds,
      in order of significance (Art 10 b's order extended).
    * ``seat``: the seat nearer the dealer's right.
    """

    SUITS = "suits"
    SEAT = "seat"
