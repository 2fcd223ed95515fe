"""What the interactive banking table (:mod:`croupier.commands.play_banking_prompt`) says and
reads: the bets with their payouts, taken from the rules modules, and the player's commands.

The payouts are never written here: each comes from the game's ``PRIZE`` table (Art 9 of either
game), the commission from the table's options (3-card baccarat Art 10) and the articles from the
rules' own article table, so the ``help`` of the prompt cannot drift from what the engine pays.

>>> parse_command("bet 3 main 25.00", decimals=2)
Order(verb='bet', place=3, bet='main', amount=2500)
>>> parse_command("w 2 Tie", decimals=2)
Order(verb='withdraw', place=2, bet='tie', amount=None)
>>> parse_command("bet 1 main 1e5", decimals=2)
Traceback (most recent call last):
...
croupier.commands.banking_guide.BadOrder: the amount '1e5' is not an amount: whole units of 0.01 \
in the digits 0-9 (2500) or with up to 2 decimals after a point (25.00)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from croupier.money import BetLimits, format_amount

__all__ = [
    "COMMANDS",
    "BadOrder",
    "BetGuide",
    "Order",
    "bet_guide",
    "parse_amount",
    "parse_command",
]


class BadOrder(ValueError):
    """A line typed at the prompt that is not a command: the message names the bad token."""


@dataclass(frozen=True, slots=True)
class Order:
    """One command typed at the prompt."""

    verb: str
    place: int | None = None
    bet: str | None = None
    amount: int | None = None


#: the verbs, each with its short forms and the words after it
_VERBS: Final[Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "bet": (("bet", "b"), ("PLACE", "BET", "AMOUNT")),
    "raise": (("raise", "r"), ("PLACE", "BET", "AMOUNT")),
    "withdraw": (("withdraw", "w"), ("PLACE", "BET")),
    "deal": (("deal", "d"), ()),
    "bets": (("bets", "show", "s"), ()),
    "help": (("help", "h", "?"), ()),
    "quit": (("quit", "q", "exit"), ()),
}
_ALIASES: Final = {alias: verb for verb, (aliases, _) in _VERBS.items() for alias in aliases}

#: what each command does, for ``help``
COMMANDS: Final = (
    ("bet PLACE BET AMOUNT", "b", "put AMOUNT on BET at PLACE (on a stake already there: a raise)"),
    ("raise PLACE BET AMOUNT", "r", "add AMOUNT to your stake on BET at PLACE (a carried one too)"),
    ("withdraw PLACE BET", "w", "take back your whole stake on BET at PLACE while betting is open"),
    ("deal", "d", "no more bets: the cards are dealt and every stake is settled"),
    ("bets", "s", "your stakes on the layout and your bankroll"),
    ("help", "h", "this list, the bets and what they pay"),
    ("quit", "q", "leave the table: the summary of the session"),
)


def _quote(text: str, most: int = 60) -> str:
    """``text`` as Python quotes it, cut to ``most`` characters (a long line stays readable).

    >>> _quote("x" * 100)[-8:]
    "xxxx...'"
    """
    quoted = repr(text)
    return quoted if len(quoted) <= most else quoted[: most - 4] + "...'"


def parse_amount(token: str, decimals: int) -> int:
    """An amount typed at the prompt, in the table's smallest unit: whole units in ASCII digits
    (``2500``, cents at a table of 2 decimals), or currency with up to ``decimals`` decimals after
    a point (``25.00``, ``25.5``). Anything else (``1e5``, full-width digits, ``-5``) is a
    :class:`BadOrder` naming the token."""
    whole, point, frac = token.partition(".")
    digits = whole + frac
    good = digits.isascii() and digits.isdigit() and whole != ""
    if point:
        good = good and decimals > 0 and 1 <= len(frac) <= decimals
    if not good:
        unit = format_amount(1, decimals=decimals)
        form = f" or with up to {decimals} decimals after a point (25.00)" if decimals else ""
        raise BadOrder(
            f"the amount {_quote(token)} is not an amount: whole units of {unit} in the digits 0-9 "
            f"(2500){form}"
        )
    if not point:
        return int(whole)
    units: int = int(whole) * 10**decimals + int(frac.ljust(decimals, "0"))
    return units


def parse_command(text: str, *, decimals: int) -> Order:
    """The command typed as ``text`` (case and extra spaces ignored); :class:`BadOrder` naming
    the token that is wrong, the verb's form in the message."""
    words = text.split()
    if not words:
        raise BadOrder("nothing typed")
    head = words[0].lower()
    verb = _ALIASES.get(head)
    if verb is None:
        raise BadOrder(f"unknown command {_quote(words[0])}")
    wanted = _VERBS[verb][1]
    form = " ".join((verb, *wanted))
    if len(words) - 1 != len(wanted):
        raise BadOrder(
            f"{verb!r} takes {len(wanted) or 'no'} word(s) after it ({form}), got "
            f"{len(words) - 1}: {_quote(text.strip())}"
        )
    if not wanted:
        return Order(verb)
    place_token = words[1]
    if not (place_token.isascii() and place_token.isdigit()):
        raise BadOrder(f"the place {_quote(place_token)} is not a place number ({form})")
    if len(words[2]) > 40:
        raise BadOrder(f"the bet {_quote(words[2])} is not a bet name ({form}; help lists them)")
    amount = parse_amount(words[3], decimals) if len(wanted) == 3 else None
    return Order(verb, int(place_token), words[2].lower(), amount)


# -- the bets -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BetGuide:
    """One bet as ``help`` shows it."""

    name: str
    wins_on: str
    pays: str
    article: str
    note: str = ""


def _ratio(prize: int, commission: Fraction) -> str:
    if not commission:
        return f"{prize}:1"
    from croupier.money import format_rate

    return f"{prize}:1 less {format_rate(commission)} commission"


def _baccarat(options: Any) -> list[BetGuide]:
    from croupier.games.three_card_baccarat.rules import _ARTICLE, COMMISSIONED, PRIZE, BetKind

    zero = "counts as even" if options.zero_is_even else "is neither odd nor even"
    three = "count as 0" if options.three_figures_as_zero else "count as no points"
    whose = "your own" if options.tie_needs_own_main_bet else "a"
    # the readings of issue 16: whose hand the "Números" look at, which hands are equal
    on_place = str(getattr(options, "numbers_hand", "banker")) == "place"
    numbers = "the place's" if on_place else "the banker's"
    by = (
        "points, three figures highest"
        if str(options.tie_rule) == "same-points"
        else "annex levels"
    )
    text = {
        BetKind.MAIN: (
            f"the place's hand beats the banker's ({by})",
            "a tie stays on the "
            "table for the next round: it may be raised, not withdrawn (Art 7.2)",
        ),
        BetKind.ODD: (
            "the banker's points are odd",
            "the banker's three figures keep it on the table for the next round (Art 8.1)",
        ),
        BetKind.EVEN: (
            f"the banker's points are even (0 {zero})",
            "the banker's three figures keep it on the table for the next round (Art 8.1)",
        ),
        BetKind.THREE_FACES: (f"{numbers} hand holds three figures (J, Q, K)", ""),
        BetKind.TIE: (
            f"the place's hand equals the banker's ({by})",
            f"needs {whose} main bet on the place first (Art 8.3)",
        ),
    }
    out = []
    for kind in BetKind:
        if kind.points is not None:
            wins, note = f"{numbers} points are {kind.points}", ""
            if kind.points == 0:
                note = f"{numbers} three figures {three} here (Art 8.2 b)"
        else:
            wins, note = text[kind]
        commission = options.commission if kind in COMMISSIONED else Fraction(0)
        out.append(
            BetGuide(kind.value, wins, _ratio(PRIZE[kind], commission), _ARTICLE[kind], note)
        )
    return out


def _football(options: Any) -> list[BetGuide]:
    from croupier.games.football_poker.rules import _ARTICLE, PRIZE, WINS_ON, BetKind

    out = []
    for kind in BetKind:
        if kind is BetKind.POST:
            wins = "three cards totalling 0 or 9 (a two-card 0 or 9 draws a third, Art 8.1)"
            note = ""
        else:
            totals = "/".join(str(t) for t in sorted(WINS_ON[kind]))
            wins = f"the hand totals {totals}"
            note = "three cards totalling 0: half lost; 9: returned (Art 8.2)"
        out.append(
            BetGuide(kind.value, wins, _ratio(PRIZE[kind], Fraction(0)), _ARTICLE[kind], note)
        )
    return out


def bet_guide(game: str, options: Any) -> list[BetGuide]:
    """Every bet of ``game`` (a banking game's name) at a table of ``options``."""
    return _baccarat(options) if game == "three-card-baccarat" else _football(options)


def limit_text(limits: BetLimits, bet: str, decimals: int) -> str:
    """A bet's table limit as a cashier says it: ``1.00 - 5,000.00`` or ``from 0.01``."""
    limit = limits.limit(bet)
    low = format_amount(limit.minimum, decimals=decimals)
    if limit.maximum is None:
        return f"from {low}"
    return f"{low} - {format_amount(limit.maximum, decimals=decimals)}"
