"""Mah-Jong's table flags of ``croupier play`` and ``croupier simulate`` (None: not given, the
default), apart from either command so that ``simulate`` does not import ``play`` and the
modules ``play`` needs (issue 22: the start-up of ``simulate five-card-stud``).
"""

from __future__ import annotations

from typing import Annotated

import typer

__all__ = [
    "BankerDoublesOpt",
    "CommissionOpt",
    "DiscarderPaysOpt",
    "LimitOpt",
    "MinFaanOpt",
    "RobConcealedOpt",
    "SevenPairsOpt",
    "UnitOpt",
    "mahjong_table_flags",
]

# Mah-Jong's scoring options, shared by play and simulate (None: not given, the default)
MinFaanOpt = Annotated[
    int | None,
    typer.Option(
        "--min-faan", help="mahjong: the least faan of a win (default 3).", show_default=False
    ),
]
LimitOpt = Annotated[
    int | None,
    typer.Option(
        "--limit", help="mahjong: the most faan a hand scores (default 13).", show_default=False
    ),
]
UnitOpt = Annotated[
    int | None,
    typer.Option(
        "--unit",
        help="mahjong: the payment unit, base = unit x 2^faan (default 1).",
        show_default=False,
    ),
]
DiscarderPaysOpt = Annotated[
    bool | None,
    typer.Option(
        "--discarder-pays-all/--everyone-pays",
        help="mahjong: on a discard win the discarder pays for all three, or everyone pays "
        "(default).",
        show_default=False,
    ),
]
SevenPairsOpt = Annotated[
    bool | None,
    typer.Option(
        "--seven-pairs",
        help="mahjong: seven pairs is a winning hand, 4 faan (not classic; default off).",
        show_default=False,
    ),
]
BankerDoublesOpt = Annotated[
    bool | None,
    typer.Option(
        "--banker-doubles",
        help="mahjong: the banker (East) pays and receives double (default off).",
        show_default=False,
    ),
]
RobConcealedOpt = Annotated[
    bool | None,
    typer.Option(
        "--rob-concealed-kong/--no-rob-concealed-kong",
        help="mahjong: thirteen orphans may rob a concealed kong (default: it may).",
        show_default=False,
    ),
]
CommissionOpt = Annotated[
    int | None,
    typer.Option(
        "--commission-bp",
        help="mahjong: the house's commission on the winner's gain, in basis points (default 0).",
        show_default=False,
    ),
]


def mahjong_table_flags(
    min_faan: int | None,
    limit: int | None,
    unit: int | None,
    discarder_pays_all: bool | None,
    commission_bp: int | None,
    seven_pairs: bool | None,
    banker_doubles: bool | None,
    rob_concealed_kong: bool | None,
) -> dict[str, object]:
    """Mah-Jong's table flags shared by ``play`` and ``simulate``, by the name given (None: not
    given), so that another game can refuse each by name."""
    pays = "--discarder-pays-all" if discarder_pays_all else "--everyone-pays"
    rob = "--rob-concealed-kong" if rob_concealed_kong else "--no-rob-concealed-kong"
    return {
        "--min-faan": min_faan,
        "--limit": limit,
        "--unit": unit,
        pays: discarder_pays_all,
        "--commission-bp": commission_bp,
        "--seven-pairs": seven_pairs,
        "--banker-doubles": banker_doubles,
        rob: rob_concealed_kong,
    }
