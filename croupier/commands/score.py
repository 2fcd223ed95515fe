"""``croupier score mahjong``: score a winning Mah-Jong hand (Hong Kong old style, GAMES.md §2).

Shows every way the hand reads, the faan patterns of each with their source, the chosen reading,
the total faan and each seat's payment under the options
(:mod:`croupier.games.mahjong.scoring`).

Notation: ``--hand`` is the player's *concealed* tiles before the win, without the winning tile
(``--win-tile``). ``--melds`` lists the declared melds, space separated, each in tile notation:
a chow ``123m``, a pung ``EEE`` or ``555p``, an exposed kong ``EEEE``; a kong in square brackets,
``[EEEE]``, is a concealed kong (declared from the player's own four tiles). Melds other than a
concealed kong are exposed (claimed from a discard). Without ``--self-drawn`` the hand is won on
a discard, by default from the seat on the winner's left (the previous in turn), or from
``--discarder``. The tile notation: ``croupier tiles``.

A hand that is not a win (no reading as four sets and a pair or a special hand, or fewer faan than
the table's minimum) exits with code 1 and "not a winning hand" with why (how far the tiles are
from a winning hand, or the faan against the minimum); with ``--allow-no-win`` it is shown and the
exit code is 0 (an analysis, not a claim of a win).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from croupier.commands.app import app
from croupier.commands.output import croupier_errors, fail, make_console, print_json

if TYPE_CHECKING:
    from croupier.games.mahjong.melds import Meld
    from croupier.games.mahjong.rules import Seat
    from croupier.games.mahjong.scoring import Score
    from croupier.tiles import Tile

score_app = typer.Typer(help="Score a finished hand, explained.", no_args_is_help=True)
app.add_typer(score_app, name="score")


def parse_melds(text: str) -> tuple[Meld, ...]:
    """Declared melds from ``--melds`` notation (see the module docstring).

    >>> [str(m) for m in parse_melds("123m EEE [CCCC] 9999s")]
    ['123m (exposed)', 'EEE (exposed)', 'CCCC', '9999s (exposed)']
    >>> parse_melds("124m")
    Traceback (most recent call last):
    ...
    croupier.errors.NotationError: not a meld: '124m' (a chow, pung, kong or [concealed kong])
    """
    from croupier.errors import NotationError
    from croupier.games.mahjong.melds import Meld
    from croupier.tiles import parse_tiles

    melds: list[Meld] = []
    for token in text.split():
        concealed = token.startswith("[") and token.endswith("]")
        tiles = parse_tiles(token[1:-1] if concealed else token)
        kinds = sorted(tiles)
        bad = NotationError(
            token, f"not a meld: {token!r} (a chow, pung, kong or [concealed kong])"
        )
        if len(set(kinds)) == 1 and len(kinds) == 4:
            melds.append(Meld.kong(kinds[0], concealed=concealed))
        elif concealed:
            raise NotationError(token, f"only a kong is declared concealed: {token!r}")
        elif len(set(kinds)) == 1 and len(kinds) == 3:
            melds.append(Meld.pung(kinds[0], concealed=False))
        elif (
            len(kinds) == 3
            and kinds[0].number is not None
            and kinds[0].group is kinds[2].group
            and [t.code - kinds[0].code for t in kinds] == [0, 1, 2]
        ):
            melds.append(Meld.chow(kinds[0], concealed=False))
        else:
            raise bad
    return tuple(melds)


def _seat(token: str, flag: str) -> Seat:
    from croupier.errors import RecordError
    from croupier.games.mahjong.rules import Seat

    try:
        return Seat.parse(token.strip())
    except RecordError:
        fail(f"{flag}: unknown wind {token!r} (use E S W N)")


@score_app.command("mahjong")
def score_mahjong(
    hand: Annotated[
        str,
        typer.Option(
            "--hand", help="Concealed tiles before the win, e.g. 123m456p.", show_default=False
        ),
    ],
    win_tile: Annotated[
        str, typer.Option("--win-tile", help="The winning tile.", show_default=False)
    ],
    melds: Annotated[
        str,
        typer.Option("--melds", help='Declared melds, e.g. "123m EEE [CCCC]" ([..]: concealed).'),
    ] = "",
    self_drawn: Annotated[bool, typer.Option("--self-drawn", help="Won on a drawn tile.")] = False,
    discarder: Annotated[
        str | None,
        typer.Option("--discarder", help="Seat of the discard won on (default: winner's left)."),
    ] = None,
    seat: Annotated[str, typer.Option("--seat", help="The winner's seat wind.")] = "E",
    round_: Annotated[str, typer.Option("--round", help="The prevailing (round) wind.")] = "E",
    last_tile: Annotated[bool, typer.Option("--last-tile", help="Won on the last tile.")] = False,
    kong_replacement: Annotated[
        bool, typer.Option("--kong-replacement", help="Won on a kong's replacement tile.")
    ] = False,
    robbed_kong: Annotated[bool, typer.Option("--robbed-kong", help="Won by robbing a kong.")] = (
        False
    ),
    heavenly: Annotated[bool, typer.Option("--heavenly", help="Heavenly hand.")] = False,
    earthly: Annotated[bool, typer.Option("--earthly", help="Earthly hand.")] = False,
    min_faan: Annotated[int, typer.Option("--min-faan", help="Least faan to win.")] = 3,
    limit: Annotated[int, typer.Option("--limit", help="Most faan a hand scores.")] = 13,
    unit: Annotated[int, typer.Option("--unit", help="Payment unit (base = unit x 2^faan).")] = 1,
    discarder_pays_all: Annotated[
        bool, typer.Option("--discarder-pays-all", help="On a discard, the discarder pays all.")
    ] = False,
    commission_bp: Annotated[
        int, typer.Option("--commission-bp", help="House commission on the gain, basis points.")
    ] = 0,
    banker_doubles: Annotated[
        bool, typer.Option("--banker-doubles", help="East pays and receives double.")
    ] = False,
    seven_pairs: Annotated[
        bool, typer.Option("--seven-pairs", help="Allow seven pairs (4 faan; not classic).")
    ] = False,
    faan: Annotated[
        list[str] | None,
        typer.Option("--faan", help="Change a table value: NAME=FAAN or NAME=limit (repeat)."),
    ] = None,
    allow_no_win: Annotated[
        bool,
        typer.Option(
            "--allow-no-win",
            help="Show a hand that is not a win and exit 0 (without it: exit 1, saying why).",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the answer as JSON.")] = False,
) -> None:
    """Score a winning hand: every reading, its faan patterns, the payments per seat (the tile
    notation: `croupier tiles`). A hand that is not a win exits 1 saying why, unless
    --allow-no-win."""
    with croupier_errors():
        from croupier.games.mahjong.faan import LIMIT, FaanValue, WinContext
        from croupier.games.mahjong.rules import Round
        from croupier.games.mahjong.scoring import ScoringOptions, score
        from croupier.tiles import Tile, parse_tiles

        winner = _seat(seat, "--seat")
        prevailing = Round(_seat(round_, "--round"))
        tile = Tile.parse(win_tile.strip())
        if self_drawn and discarder is not None:
            fail("--discarder and --self-drawn exclude each other")
        by: Seat | None = None
        if not self_drawn:
            by = _seat(discarder, "--discarder") if discarder is not None else winner.left
        overrides: dict[str, FaanValue] = {}
        for item in faan or []:
            name, sep, value = item.partition("=")
            if not sep or not (value.strip() == LIMIT or value.strip().isdigit()):
                fail(f"--faan: expected NAME=FAAN or NAME=limit, got {item!r}")
            overrides[name.strip()] = LIMIT if value.strip() == LIMIT else int(value)
        from croupier.commands.play_mahjong import scoring_options

        # the bounds of the numbers, each refused naming its flag (issue 15 item 3)
        scoring_options(min_faan=min_faan, limit=limit, unit=unit, commission_bp=commission_bp)
        options = ScoringOptions(
            min_faan=min_faan,
            limit=limit,
            faan=overrides,
            unit=unit,
            discarder_pays_all=discarder_pays_all,
            commission_bp=commission_bp,
            banker_doubles=banker_doubles,
            seven_pairs=seven_pairs,
        )
        context = WinContext(
            winner,
            prevailing,
            tile,
            discarder=by,
            last_tile=last_tile,
            kong_replacement=kong_replacement,
            robbed_kong=robbed_kong,
            heavenly=heavenly,
            earthly=earthly,
        )
        declared = parse_melds(melds)
        concealed = (*parse_tiles(hand), tile)
        parse_tiles([*concealed, *(t for m in declared for t in m.tiles)])  # four of each at most
        result = score(concealed, declared, context, options)
        why = None if result.legal else no_win_reason(result, concealed, declared)
        if as_json:
            print_json({**result.to_dict(), **({"not_a_win": why} if why else {})})
        else:
            _render(result)
    if why is not None and not allow_no_win:
        fail(f"{why} (--allow-no-win shows it with exit code 0)", EXIT_NOT_A_WIN)


#: the exit code of a hand that is not a win
EXIT_NOT_A_WIN = 1


def no_win_reason(result: Score, concealed: Sequence[Tile], declared: Sequence[Meld]) -> str:
    """Why a hand is not a win, in words: "not a winning hand: ..." with how far its tiles are
    from one, or with its faan against the table's minimum."""
    from croupier.errors import CroupierError
    from croupier.games.mahjong.hand import shanten

    options = result.options
    if result.best is not None:
        return (
            f"not a winning hand at this table: its best reading ({result.best.reading}) scores "
            f"{result.best.faan} faan and the minimum is {options.min_faan} (--min-faan)"
        )
    try:
        away = shanten(concealed, declared, seven_pairs=options.seven_pairs)
    except CroupierError:
        away = None
    forms = "four sets and a pair, or thirteen orphans" + (
        ", or seven pairs" if options.seven_pairs else ""
    )
    distance = "" if away is None else f" (at least {away + 1} tile(s) would have to change)"
    return f"not a winning hand: the tiles do not make {forms}{distance}"


def _render(result: Score) -> None:
    from rich.table import Table

    from croupier.games.mahjong.faan import SOURCE
    from croupier.games.mahjong.rules import Seat

    console = make_console()
    ctx = result.context
    how = "self-drawn" if ctx.discarder is None else f"on {ctx.discarder.symbol}'s discard"
    console.print(
        f"[bold]Mah-Jong (Hong Kong old style)[/bold] · seat {ctx.seat.symbol}, round "
        f"{ctx.prevailing_wind}, won {how} with {ctx.winning_tile}"
    )
    readings = Table(title="Every reading of the hand")
    readings.add_column("#")
    readings.add_column("reading")
    readings.add_column("patterns (faan)")
    readings.add_column("faan")
    for i, r in enumerate(result.readings, 1):
        mark = " (chosen)" if r is result.best else ""
        found = ", ".join(f"{f.name} {f.faan}" for f in r.patterns) or "none"
        readings.add_row(f"{i}{mark}", str(r.reading), found, str(r.faan))
    console.print(readings)
    if result.best is not None:
        chosen = Table(title=f"Chosen reading: {result.best.reading}")
        for col in ("pattern", "faan", "condition", "source"):
            chosen.add_column(col, overflow="fold")
        for f in result.best.patterns:
            label = f"{f.name} {f.pattern.chinese}" + (f" x{f.count}" if f.count > 1 else "")
            chosen.add_row(label, str(f.faan), f.pattern.condition, f.pattern.source)
        console.print(chosen)
        raw = result.best.raw_faan
        capped = f" (capped from {raw})" if raw > result.faan else ""
        console.print(f"Total: [bold]{result.faan} faan[/bold]{capped}")
    console.print(result.reason)
    s = result.settlement
    if s is not None:
        from croupier.money import format_money

        pay = Table(title=f"Payments (base {s.base} = unit x 2^{result.faan})")
        pay.add_column("seat")
        pay.add_column("net")
        for seat in Seat:
            label = seat.symbol + (" (winner)" if seat is s.winner else "")
            pay.add_row(label, format_money(s.net[seat], sign=True))
        if s.commission:
            pay.add_row("house commission", format_money(s.commission, sign=True))
        console.print(pay)
        console.print(f"Rule: {s.rule}")
    console.print(f"Source: {SOURCE}")
