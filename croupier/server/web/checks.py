"""What the pages ask the engine itself, so the browser never reimplements a rule:

* :func:`check_setting`: whether a 13-card setting fouls (Art 7) and why, with the engine's
  ranking (the page warns before a fouled setting is confirmed);
* :func:`hint_setting`: the best setting of 13 cards (the solver), against the banker's shown
  setting when there is one: the practice tables' hint;
* :func:`verify_record`: a table's stored record checked for the inspector's recall, by the
  server's audit;
* :func:`table_log`: a table's stored entries as a croupier table log (the recall's export).

>>> check_setting(["Ah", "Ad", "2c"], ["Ks", "Kd", "9c", "8d", "3s"],
...               ["Qh", "Jh", "Th", "9h", "8h"])  # doctest: +NORMALIZE_WHITESPACE
{'fouled': True, 'explanation': 'the front (pair A-A-2) is above the middle (pair K-K-9-8-3)',
 'hands': {'front': 'pair A-A-2', 'middle': 'pair K-K-9-8-3',
           'back': 'straight flush Q-J-T-9-8'}}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from croupier.server.catalog import Catalog
    from croupier.server.store import EventStore, TableRow

__all__ = ["check_setting", "hint_setting", "table_log", "verify_record"]


def check_setting(
    front: Sequence[str], middle: Sequence[str], back: Sequence[str]
) -> dict[str, Any]:
    """Art 7: ``{"fouled", "explanation", "hands"}`` of a setting (its hands described)."""
    from croupier.games.thirteen.round import foul_explanation
    from croupier.games.thirteen.scoring import Setting

    setting = Setting.of(list(front), list(middle), list(back))
    f, m, b = setting.ranks()
    return {
        "fouled": setting.fouled,
        "explanation": foul_explanation(setting),
        "hands": {"front": f.describe(), "middle": m.describe(), "back": b.describe()},
    }


def hint_setting(
    cards: Sequence[str], banker: Mapping[str, Sequence[str]] | None = None
) -> dict[str, Any]:
    """The solver's setting of ``cards``: the best response to the banker's setting when it is
    shown, else the house way's; ``tiers`` is front, middle, back; ``scores`` against the
    banker (None without one, empty when either side has a natural).

    >>> banker = {"front": ["2c", "2d", "5h"], "middle": ["9s", "9h", "Kd", "Qc", "3s"],
    ...           "back": ["Ah", "Kh", "Th", "7h", "4h"]}
    >>> hint = hint_setting("As Ks Qs Js Ts 9d 9c 8c 2s 3c 4d Jd Kc".split(), banker)
    >>> [len(t) for t in hint["tiers"]], hint["strategy"], len(hint["scores"])
    ([3, 5, 5], 'best-response', 3)
    """
    from croupier.games.thirteen.scoring import Setting
    from croupier.games.thirteen.solver import solve

    shown = None
    if banker is not None:
        shown = Setting.of(banker["front"], banker["middle"], banker["back"])
    solution = solve(list(cards), shown).to_dict()
    # the solver's own "tiers" (against a banker: each tier's score) are kept as "scores"
    scores = solution.pop("tiers", None)
    return {
        **solution,
        "tiers": [solution["front"], solution["middle"], solution["back"]],
        "scores": scores,
    }


def verify_record(store: EventStore, catalog: Catalog, table_id: str) -> dict[str, Any]:
    """``{"ok", "events", "transactions", "message"}``: the server's audit of one table (its
    genesis, hash chain and columns, every entry folded again by the game's rules, its ledger
    against the fold's, transaction by transaction); the first fault named when there is one."""
    from croupier.server.audit import verify

    report = verify(store, catalog, table_id)
    if not report.ok:
        return {"ok": False, "events": report.events, "message": str(report.fault)}
    return {
        "ok": True,
        "events": report.events,
        "transactions": report.transactions,
        "message": f"the audit re-checked {report.events} events and {report.transactions} "
        "ledger transactions (this table and the house): the hash chains hold, every entry "
        "replays by the rules, and the ledger equals the fold's",
    }


def table_log(store: EventStore, row: TableRow, upto: int | None) -> bytes:
    """The stored entries of ``row``'s table up to seq ``upto`` as a croupier table log
    (``croupier.table.log``): the header with the genesis, then one entry a line with its hash."""
    from croupier.table.log import canonical, header_line

    lines = [header_line(row.game, row.id, row.options)]
    lines.extend(canonical(e.line()) + b"\n" for e in store.read(row.stream, upto=upto))
    return b"".join(lines)
