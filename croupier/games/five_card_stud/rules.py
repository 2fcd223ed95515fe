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
#: Art 10 b-d: four betting rounds ("lanços"); the fourth "é o último lanço de apostas".
BETTING_ROUNDS: Final = 4
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


class UncalledBet(StrEnum):
    """Which uncalled bet goes back to its owner free of the commission (Art 9: "excepto o da
    aposta feita no lanço final, que não seja acompanhada por nenhum dos outros jogadores").

    * ``final-round`` (default, the letter: a *lanço* is a betting round, as Art 10 b-d name
      them, "primeiro lanço" ... "quarto lanço ... o último lanço"): only a bet of the fourth
      round that nobody called comes back; an uncalled bet of rounds 1-3 stays in the pot, which
      its owner wins, less the 4%. Chips nobody in the hand *could* call (every other player
      still in it all in for less, and nobody folding to them) never became a bet anyone
      declined: they come back in any round.
    * ``any-round``: the uncalled part of the last bet comes back in any round (how records
      written before this option were played).
    """

    FINAL_ROUND = "final-round"
    ANY_ROUND = "any-round"


class Consecutive(StrEnum):
    """Which possible formations of four showing cards need four consecutive ranks (Art 10 d:
    "Não se considera possível formação de sequência qualquer conjunto de quatro cartas com
    sequência não consecutiva (Ex. 10-9-6-7)").

    * ``straight`` (default, the letter: the exclusion is written for the possible straight):
      four suited cards one card completes to a royal or a straight flush are a possible royal
      or straight flush even with a gap (As Qs Js Ts is a possible royal flush).
    * ``every-sequence``: the exclusion covers the flushes' sequences too (As Qs Js Ts is a
      possible flush; how records written before this option were played).
    """

    STRAIGHT = "straight"
    EVERY_SEQUENCE = "every-sequence"


class TopUpDuty(StrEnum):
    """When a player must top up (Art 6: "Se, no decurso de uma jogada, o capital de um jogador
    baixar para montante inferior a $500,00 ... esse jogador terá de reforçar, após essa
    jogada, o seu capital até atingir a importância mínima exigida").

    * ``during-hand`` (default, the letter): his capital fell below the threshold at any moment
      of the hand (pot money and bets are taken from it as they are put in), and after the
      hand it is below the least capital: he tops up to it before he is dealt in again.
    * ``after-hand``: only a capital below the threshold once the hand is settled (how records
      written before this option were played).
    """

    DURING_HAND = "during-hand"
    AFTER_HAND = "after-hand"


class ReraiseMinimum(StrEnum):
    """The least a re-raise adds (Art 10 b 3 sets it for a raise: "A aposta adicional não pode
    ser inferior à aposta anterior"; Art 10 b 4, the re-raise, sets none).

    * ``previous-raise`` (default, the practice of no-limit tables: Art 10 b 3's rule read with
      "the previous bet" as the wager before the re-raiser's, which is a raise; it also keeps a
      round from being stalled by one-unit re-raises): at least the previous bet or raise.
    * ``opening-bet``: at least the round's opening bet (b 3's "aposta anterior" read as the bet).
    * ``any``: any amount (the letter of b 4); the first raise still adds at least the bet.
    """

    PREVIOUS_RAISE = "previous-raise"
    OPENING_BET = "opening-bet"
    ANY = "any"
