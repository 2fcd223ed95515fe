"""The faan table of Hong Kong old-style Mah-Jong (``GAMES.md`` §2): one small unit per pattern.

Portaria 52/89/M says nothing of winning or scoring; the project plays them as Hong Kong old-style
mahjong (``GAMES.md`` §2). Our source for the table is the English Wikipedia article *Hong Kong
mahjong scoring rules* (:data:`SOURCE`), cross-checked against the open-source scorer
``hk-mahjong`` (:data:`SOURCE_LIB`, ``FaanCalculator.ts``: the same 1-faan winning-method items,
common hand 1, all pungs 3, mixed one suit 3, small dragons 5, all one suit 7, limit 13,
minimum 3). The conditions below are written in our own words.

Where the two disagree or the article could not be read, the default follows the scorer, whose
code we read: great three dragons, small four winds, four concealed pungs, all honours, all
terminals and nine gates are **limit** hands there (some tables score them 6-10 faan; the table
is data, so an operator sets his own). Two 1-faan items are not scored by that scorer: each
dragon pung (1 faan each) is confirmed by two further published tables, :data:`SOURCE_CHECKS`;
mixed orphans (1 faan, always on top of all pungs' 3, since a chow cannot be made of terminals)
rests on the article; the HK scorers we found by code search that score it give 4 for the
pair, the same total. Two worked examples of :data:`SOURCE_CHECKS` are tests
(``tests/games/mahjong/test_mahjong_scoring.py``, ``test_hkos_example_*``).

Every pattern is a :class:`Pattern`: a ``name``, its ``faan`` (an ``int``, or :data:`LIMIT` for a
limit hand, which scores the table's limit), a short ``condition``, its ``source`` and a ``test``
``(reading, context) -> int`` giving how many times it applies (0: not at all; a dragon pung
counts once per pung). :data:`PATTERNS` is the table as *data*: a table option can change any
value (:func:`faan_values`, ``ScoringOptions.faan`` in :mod:`~croupier.games.mahjong.scoring`).

The source scores only the tighter of two criteria when one contains the other (great three
dragons, not also the dragon pungs). Each pattern lists the patterns it ``supersedes``; a pattern
superseded by one that applies is not scored.

======================  ==========  =====  ============================================
name                    Cantonese   faan   condition (our words)
======================  ==========  =====  ============================================
self-drawn              自摸          1    the winning tile is drawn from the wall
concealed-hand          門前清        1    no set claimed from a discard (concealed
                                           kongs allowed)
robbing-kong            搶槓          1    won on the tile another player adds to a pung
last-tile               海底撈月      1    won on the wall's last tile (or its discard)
kong-replacement        槓上開花      1    won on the replacement tile drawn for a kong
                                           (scored with self-drawn: 2 in all)
common-hand             平糊          1    four chows and a pair
all-pungs               對對糊        3    four pungs or kongs and a pair
mixed-one-suit          混一色        3    one suit and honours, no other suit
all-one-suit            清一色        7    one suit only, no honours
dragon-pung             番子          1    each pung or kong of dragons
seat-wind               門風          1    a pung or kong of the winner's seat wind
prevailing-wind         圈風          1    a pung or kong of the round's wind
mixed-orphans           混么九        1    terminals (1, 9) and honours only, both kinds
seven-pairs             七對子        4    seven distinct pairs, all concealed: only at a
                                           table that allows the hand (option)
small-three-dragons     小三元        5    two dragon pungs and a dragon pair
great-three-dragons     大三元      limit  three dragon pungs
small-four-winds        小四喜      limit  three wind pungs and a wind pair
self-triplets           坎坎糊      limit  four concealed pungs (on a discard, the
                                           discard completes the pair)
all-honours             字一色      limit  honours only
all-terminals           清么九      limit  terminals (1 and 9) only
nine-gates              九子連環    limit  concealed 1112345678999 of one suit waiting,
                                           won on any tile of that suit
great-four-winds        大四喜      limit  four wind pungs
all-kongs               十八羅漢    limit  four kongs
thirteen-orphans        十三么      limit  each terminal and honour, one doubled
heavenly-hand           天糊        limit  the banker wins on his dealt 14 tiles
earthly-hand            地糊        limit  a player wins on the banker's first discard
======================  ==========  =====  ============================================

No flower patterns: the regulation's set is 136 tiles (Portaria 52/89/M Art 1.1), without the
flowers and seasons of the 144-tile sets that the source scores. Seven pairs is not a hand of
the classic game: it wins only at a table that allows it (``ScoringOptions.seven_pairs``, off by
default), and then scores 4 faan (both :data:`SOURCE_CHECKS` tables), the concealed hand included;
the patterns judged on the tiles alone (one suit, all honours, mixed orphans) apply to it too.
A chicken hand (雞糊, 0 faan) is a winning shape that never meets the minimum.

>>> from croupier.tiles import Tile
>>> from croupier.games.mahjong.melds import Meld, Reading
>>> from croupier.games.mahjong.rules import Round, Seat
>>> t = Tile.parse
>>> r = Reading((Meld.pung(t("C")), Meld.pung(t("F")), Meld.chow(t("1m")), Meld.chow(t("4m"))),
...             Meld.pair(t("P")))
>>> ctx = WinContext(Seat.SOUTH, Round.EAST, t("4m"), discarder=Seat.WEST)
>>> [(p.name, p.count(r, ctx)) for p in PATTERNS if p.count(r, ctx)]
[('concealed-hand', 1), ('mixed-one-suit', 1), ('dragon-pung', 2), ('small-three-dragons', 1)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from croupier.errors import RecordError, RuleViolation
from croupier.games.mahjong.melds import Meld, MeldKind, Reading, SpecialHand
from croupier.games.mahjong.rules import Round, Seat
from croupier.tiles import Group, Tile

__all__ = [
    "LIMIT",
    "PATTERNS",
    "SOURCE",
    "SOURCE_CHECKS",
    "SOURCE_LIB",
    "FaanValue",
    "Pattern",
    "WinContext",
    "faan_values",
    "pattern",
]

#: The source of the faan table and the payment rule.
SOURCE: Final = "https://en.wikipedia.org/wiki/Hong_Kong_mahjong_scoring_rules"
#: An open-source scorer of the same table, used to cross-check the values.
SOURCE_LIB: Final = (
    "https://github.com/HSKPeter/hk-mahjong-hand-calculation (src/calculateFaan/FaanCalculator.ts)"
)
#: Further published Hong Kong old-style tables used to check values, and the worked examples.
SOURCE_CHECKS: Final = (
    "https://github.com/Kimeiga/hkos (docs/scoring.md: table and Scoring Examples 1-2)",
    "https://github.com/dbrudnicki/dbrudnicki.github.com (README.md: Mahjong-HK-Old-Scoring)",
)
#: The faan of a limit hand: the table's limit, whatever it is.
LIMIT: Final = "limit"
FaanValue = int | Literal["limit"]


@dataclass(frozen=True, slots=True)
class WinContext:
    """How the hand was won (frozen). ``seat``: the winner's seat (its wind is the seat wind);
    ``prevailing``: the round (its wind prevails); ``winning_tile``; ``discarder``: the seat
    whose discard (or added kong, when robbed) was won on, ``None`` when self-drawn;
    ``last_tile``: won on the wall's last tile or its discard; ``kong_replacement``: won on a
    kong's replacement tile (self-drawn); ``robbed_kong``: won on a tile added to a pung;
    ``heavenly``: the banker's dealt hand; ``earthly``: on the banker's first discard.

    >>> WinContext(Seat.EAST, Round.EAST, Tile.parse("1m")).self_drawn
    True
    >>> WinContext(Seat.EAST, Round.EAST, Tile.parse("1m"), discarder=Seat.EAST)
    Traceback (most recent call last):
    ...
    croupier.errors.RuleViolation: win context: a player cannot win on his own discard
    """

    seat: Seat
    prevailing: Round
    winning_tile: Tile
    discarder: Seat | None = None
    last_tile: bool = False
    kong_replacement: bool = False
    robbed_kong: bool = False
    heavenly: bool = False
    earthly: bool = False

    def __post_init__(self) -> None:
        def bad(message: str) -> RuleViolation:
            return RuleViolation("win context", message)

        if not isinstance(self.seat, Seat) or not isinstance(self.prevailing, Round):
            raise bad(f"seat must be a Seat and prevailing a Round, got {self.seat!r}")
        if not isinstance(self.winning_tile, Tile):
            raise bad(f"the winning tile must be a Tile, got {self.winning_tile!r}")
        if self.discarder is not None and not isinstance(self.discarder, Seat):
            raise bad(f"the discarder must be a Seat or None, got {self.discarder!r}")
        for name in ("last_tile", "kong_replacement", "robbed_kong", "heavenly", "earthly"):
            if not isinstance(getattr(self, name), bool):
                raise bad(f"{name} must be True or False, got {getattr(self, name)!r}")
        if self.discarder is self.seat:
            raise bad("a player cannot win on his own discard")
        if self.kong_replacement and not self.self_drawn:
            raise bad("a kong's replacement tile is self-drawn (no discarder)")
        if self.robbed_kong and self.self_drawn:
            raise bad("robbing a kong needs the seat that added to the pung (discarder)")
        if self.heavenly and (self.seat is not Seat.EAST or not self.self_drawn):
            raise bad("the heavenly hand is the banker's (East's), self-drawn")
        if self.earthly and (self.seat is Seat.EAST or self.discarder is not Seat.EAST):
            raise bad("the earthly hand is won by another seat on the banker's (East's) discard")
        if self.heavenly and self.earthly:
            raise bad("heavenly and earthly hands exclude each other")

    @property
    def self_drawn(self) -> bool:
        """Won on a tile from the wall (no discarder)."""
        return self.discarder is None

    @property
    def seat_wind(self) -> Tile:
        return Tile.parse("ESWN"[self.seat])

    @property
    def prevailing_wind(self) -> Tile:
        return Tile.parse("ESWN"[self.prevailing])


# -- helpers on a reading -----------------------------------------------------------------------


def _tiles(reading: Reading) -> list[Tile]:
    out = [t for m in reading.sets for t in m.tiles]
    if reading.pair is not None:
        out.extend(reading.pair.tiles)
    return out


def _standard(reading: Reading) -> bool:
    return reading.special is None and reading.pair is not None and len(reading.sets) == 4


def _tile_based(reading: Reading) -> bool:
    """Whether the patterns judged on the tiles alone apply: a standard reading or seven pairs
    (on seven pairs: one suit, all honours, mixed orphans; the set-based patterns do not)."""
    return _standard(reading) or reading.special is SpecialHand.SEVEN_PAIRS


def _pungs(reading: Reading) -> list[Meld]:
    """The pungs and kongs of a standard reading."""
    if not _standard(reading):
        return []
    return [m for m in reading.sets if m.kind in (MeldKind.PUNG, MeldKind.KONG)]


def _pung_of(reading: Reading, tile: Tile) -> int:
    return sum(1 for m in _pungs(reading) if m.first is tile)


def _group_pungs(reading: Reading, group: Group) -> int:
    return sum(1 for m in _pungs(reading) if m.first.group is group)


def _pair_group(reading: Reading) -> Group | None:
    return reading.pair.first.group if reading.pair is not None else None


def _suits(reading: Reading) -> tuple[set[Group], bool]:
    tiles = _tiles(reading)
    return {t.group for t in tiles if t.number is not None}, any(t.number is None for t in tiles)


def _terminal_or_honour(tile: Tile) -> bool:
    return tile.number in (None, 1, 9)


def _concealed(reading: Reading) -> bool:
    return all(m.concealed for m in reading.sets)


def _flag(value: bool) -> int:
    return 1 if value else 0


# -- the tests, one per pattern -----------------------------------------------------------------


def _self_drawn(r: Reading, c: WinContext) -> int:
    return _flag(c.self_drawn)


def _concealed_hand(r: Reading, c: WinContext) -> int:
    return _flag(_concealed(r))


def _robbing_kong(r: Reading, c: WinContext) -> int:
    return _flag(c.robbed_kong)


def _last_tile(r: Reading, c: WinContext) -> int:
    return _flag(c.last_tile)


def _kong_replacement(r: Reading, c: WinContext) -> int:
    return _flag(c.kong_replacement)


def _common_hand(r: Reading, c: WinContext) -> int:
    return _flag(_standard(r) and all(m.kind is MeldKind.CHOW for m in r.sets))


def _all_pungs(r: Reading, c: WinContext) -> int:
    return _flag(_standard(r) and len(_pungs(r)) == 4)


def _mixed_one_suit(r: Reading, c: WinContext) -> int:
    suits, honours = _suits(r)
    return _flag(len(suits) == 1 and honours)


def _all_one_suit(r: Reading, c: WinContext) -> int:
    suits, honours = _suits(r)
    return _flag(len(suits) == 1 and not honours)


def _dragon_pung(r: Reading, c: WinContext) -> int:
    return _group_pungs(r, Group.DRAGONS)


def _seat_wind(r: Reading, c: WinContext) -> int:
    return _flag(_pung_of(r, c.seat_wind) > 0)


def _prevailing_wind(r: Reading, c: WinContext) -> int:
    return _flag(_pung_of(r, c.prevailing_wind) > 0)


def _mixed_orphans(r: Reading, c: WinContext) -> int:
    tiles = _tiles(r)
    return _flag(
        _tile_based(r)
        and all(_terminal_or_honour(t) for t in tiles)
        and any(t.number is None for t in tiles)
        and any(t.number is not None for t in tiles)
    )


def _seven_pairs(r: Reading, c: WinContext) -> int:
    return _flag(r.special is SpecialHand.SEVEN_PAIRS)


def _small_three_dragons(r: Reading, c: WinContext) -> int:
    return _flag(_group_pungs(r, Group.DRAGONS) == 2 and _pair_group(r) is Group.DRAGONS)


def _great_three_dragons(r: Reading, c: WinContext) -> int:
    return _flag(_group_pungs(r, Group.DRAGONS) == 3)


def _small_four_winds(r: Reading, c: WinContext) -> int:
    return _flag(_group_pungs(r, Group.WINDS) == 3 and _pair_group(r) is Group.WINDS)


def _great_four_winds(r: Reading, c: WinContext) -> int:
    return _flag(_group_pungs(r, Group.WINDS) == 4)


def _self_triplets(r: Reading, c: WinContext) -> int:
    pungs = _pungs(r)
    won_on_pair = r.pair is not None and r.pair.first is c.winning_tile
    return _flag(
        len(pungs) == 4 and all(m.concealed for m in pungs) and (c.self_drawn or won_on_pair)
    )


def _all_honours(r: Reading, c: WinContext) -> int:
    return _flag(_tile_based(r) and all(t.number is None for t in _tiles(r)))


def _all_terminals(r: Reading, c: WinContext) -> int:
    return _flag(_standard(r) and all(t.number in (1, 9) for t in _tiles(r)))


def _nine_gates(r: Reading, c: WinContext) -> int:
    suits, honours = _suits(r)
    if not _standard(r) or honours or len(suits) != 1 or not _concealed(r):
        return 0
    if any(m.kind is MeldKind.KONG for m in r.sets):
        return 0
    counts = Counter(t.number for t in _tiles(r))
    counts[c.winning_tile.number] -= 1
    return _flag(counts == Counter({1: 3, 9: 3, **{n: 1 for n in range(2, 9)}}))


def _all_kongs(r: Reading, c: WinContext) -> int:
    return _flag(_standard(r) and all(m.kind is MeldKind.KONG for m in r.sets))


def _thirteen_orphans(r: Reading, c: WinContext) -> int:
    return _flag(r.special is SpecialHand.THIRTEEN_ORPHANS)


def _heavenly(r: Reading, c: WinContext) -> int:
    return _flag(c.heavenly)


def _earthly(r: Reading, c: WinContext) -> int:
    return _flag(c.earthly)


@dataclass(frozen=True, slots=True)
class Pattern:
    """One scoring pattern: ``faan`` per occurrence (or :data:`LIMIT`), the ``condition`` in our
    words, its ``source``, and ``test`` giving the number of occurrences in a reading."""

    name: str
    chinese: str
    faan: FaanValue
    condition: str
    source: str
    test: Callable[[Reading, WinContext], int]
    supersedes: tuple[str, ...] = ()

    def count(self, reading: Reading, context: WinContext) -> int:
        """How many times the pattern applies (0: it does not)."""
        return self.test(reading, context)

    def applies(self, reading: Reading, context: WinContext) -> bool:
        return self.count(reading, context) > 0

    @property
    def is_limit(self) -> bool:
        return self.faan == LIMIT


def _p(
    name: str,
    chinese: str,
    faan: FaanValue,
    condition: str,
    test: Callable[[Reading, WinContext], int],
    supersedes: tuple[str, ...] = (),
) -> Pattern:
    source = SOURCE_LIB if name in _VALUE_FROM_LIB else SOURCE
    if name in _VALUE_FROM_CHECKS:
        source = SOURCE_CHECKS[0]
    return Pattern(name, chinese, faan, condition, source, test, supersedes)


#: patterns whose default value follows the scorer (a limit hand there) rather than the article
_VALUE_FROM_LIB: Final = frozenset(
    {
        "great-three-dragons",
        "small-four-winds",
        "self-triplets",
        "all-honours",
        "all-terminals",
        "nine-gates",
    }
)


#: patterns whose value comes from the further published tables (neither article nor scorer)
_VALUE_FROM_CHECKS: Final = frozenset({"seven-pairs"})

_WINDS = ("seat-wind", "prevailing-wind")
_ALL: Final = (
    "self-drawn",
    "concealed-hand",
    "robbing-kong",
    "last-tile",
    "kong-replacement",
    "common-hand",
    "all-pungs",
    "mixed-one-suit",
    "all-one-suit",
    "dragon-pung",
    *_WINDS,
    "mixed-orphans",
    "small-three-dragons",
    "great-three-dragons",
    "small-four-winds",
    "self-triplets",
    "all-honours",
    "all-terminals",
    "nine-gates",
)

#: The faan table (data). Order: winning method, hand shape, honours, the big and limit hands.
PATTERNS: Final[tuple[Pattern, ...]] = (
    _p("self-drawn", "自摸", 1, "the winning tile is drawn from the wall", _self_drawn),
    _p(
        "concealed-hand",
        "門前清",
        1,
        "no set claimed from a discard before the win (concealed kongs allowed)",
        _concealed_hand,
    ),
    _p("robbing-kong", "搶槓", 1, "won on the tile another adds to his pung", _robbing_kong),
    _p("last-tile", "海底撈月", 1, "won on the wall's last tile or on its discard", _last_tile),
    _p(
        "kong-replacement",
        "槓上開花",
        1,
        "won on a kong's replacement tile (scored with self-drawn)",
        _kong_replacement,
    ),
    _p("common-hand", "平糊", 1, "four chows and a pair", _common_hand),
    _p("all-pungs", "對對糊", 3, "four pungs or kongs and a pair", _all_pungs),
    _p("mixed-one-suit", "混一色", 3, "one suit and honours, no other suit", _mixed_one_suit),
    _p("all-one-suit", "清一色", 7, "one suit only, no honours", _all_one_suit),
    _p("dragon-pung", "番子", 1, "each pung or kong of dragons", _dragon_pung),
    _p("seat-wind", "門風", 1, "a pung or kong of the winner's seat wind", _seat_wind),
    _p("prevailing-wind", "圈風", 1, "a pung or kong of the round's wind", _prevailing_wind),
    _p(
        "mixed-orphans",
        "混么九",
        1,
        "terminals (1, 9) and honours only, some of each",
        _mixed_orphans,
    ),
    _p(
        "seven-pairs",
        "七對子",
        4,
        "seven distinct pairs, all concealed (only at a table with ScoringOptions.seven_pairs)",
        _seven_pairs,
        ("concealed-hand",),
    ),
    _p(
        "small-three-dragons",
        "小三元",
        5,
        "two dragon pungs and a dragon pair",
        _small_three_dragons,
        ("dragon-pung",),
    ),
    _p(
        "great-three-dragons",
        "大三元",
        LIMIT,
        "three dragon pungs",
        _great_three_dragons,
        ("dragon-pung",),
    ),
    _p(
        "small-four-winds",
        "小四喜",
        LIMIT,
        "three wind pungs and a wind pair",
        _small_four_winds,
        _WINDS,
    ),
    _p(
        "self-triplets",
        "坎坎糊",
        LIMIT,
        "four concealed pungs (won on a discard only by completing the pair)",
        _self_triplets,
        ("all-pungs", "concealed-hand"),
    ),
    _p(
        "all-honours",
        "字一色",
        LIMIT,
        "honours only",
        _all_honours,
        ("all-pungs", "mixed-one-suit", "mixed-orphans"),
    ),
    _p(
        "all-terminals",
        "清么九",
        LIMIT,
        "terminals (1 and 9) only",
        _all_terminals,
        ("all-pungs", "mixed-orphans"),
    ),
    _p(
        "nine-gates",
        "九子連環",
        LIMIT,
        "concealed 1112345678999 of one suit waiting, won on any tile of it",
        _nine_gates,
        ("all-one-suit", "concealed-hand"),
    ),
    _p(
        "great-four-winds",
        "大四喜",
        LIMIT,
        "four wind pungs",
        _great_four_winds,
        ("small-four-winds", "all-pungs", *_WINDS),
    ),
    _p("all-kongs", "十八羅漢", LIMIT, "four kongs", _all_kongs, ("all-pungs",)),
    _p(
        "thirteen-orphans",
        "十三么",
        LIMIT,
        "each terminal and honour once, one of them twice",
        _thirteen_orphans,
        _ALL,
    ),
    _p("heavenly-hand", "天糊", LIMIT, "the banker wins on his dealt 14 tiles", _heavenly),
    _p("earthly-hand", "地糊", LIMIT, "a player wins on the banker's first discard", _earthly),
)

_BY_NAME: Final = {p.name: p for p in PATTERNS}


def pattern(name: str) -> Pattern:
    """The pattern named ``name`` (RecordError if none).

    >>> pattern("all-one-suit").faan, pattern("thirteen-orphans").faan
    (7, 'limit')
    """
    try:
        return _BY_NAME[name]
    except KeyError:
        raise RecordError(name, f"unknown faan pattern {name!r}") from None


def faan_values(overrides: Mapping[str, FaanValue] | None = None) -> dict[str, FaanValue]:
    """The table's faan by pattern name, with ``overrides`` (a table option) applied strictly.

    >>> faan_values({"all-one-suit": 6})["all-one-suit"]
    6
    >>> faan_values({"chicken": 0})
    Traceback (most recent call last):
    ...
    croupier.errors.RecordError: unknown faan pattern 'chicken'
    """
    values: dict[str, FaanValue] = {p.name: p.faan for p in PATTERNS}
    for name, value in (overrides or {}).items():
        pattern(name)
        if value != LIMIT and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise RecordError(
                name, f"faan of {name!r} must be an int >= 0 or 'limit', got {value!r}"
            )
        values[name] = value
    return values
