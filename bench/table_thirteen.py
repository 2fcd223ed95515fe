"""13-card game: the same seeded rounds on the game's own API and through the table interface.

Run ``python -m bench.table_thirteen [--rounds R] [--repeats K] [--seed S] [--json PATH]``.

Two functions play the *same* rounds (the same shuffles from ``SeededSource(S)``, the same
stakes, the same banker settings, the same player settings), one on
:class:`~croupier.games.thirteen.round.ThirteenGame` directly (:func:`game_api`), one through
:class:`~croupier.table.thirteen.ThirteenTable` with bots and the runner (:func:`through_table`:
offers, views for the bots (``Table.seen``: the bots read its typed facts), per-event
visibility, the ledger, the entries; no hash chain on either side, as the game's API computes
none: a table computes it only when its log is written). Both must end with the
same balances and house result, or the script exits 1.

Two policies, each in both functions:

* ``best-response``: the banker by the house way (``expected-points``), each player the best
  response to the banker (:func:`~croupier.games.thirteen.solver.best_response`): a real table,
  where the solver is most of the time;
* ``ascending``: the banker and the players set their cards by a cheap rule (the best five
  behind, the best five of the rest in the middle): the interface's own cost shows.

Timing: each function runs once to warm up, then ``K`` rounds each time both once
(interleaved, garbage collector off), the process's CPU time (``time.process_time``: on a shared
machine what this code costs) and the wall time of each run; the median rounds/s of each, the
ratio of the CPU medians (interface time / own API time) and the spread of the ratio over the
pairs of runs are printed with the machine, the Python version and the method, and stored in
the JSON. The interface may cost at most 10% more.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench.common import cpu_once, environment, ratio_summary, write_report

__all__ = ["game_api", "main", "through_table"]
from croupier.cards import Card
from croupier.games.thirteen.bots import BestResponseBot, SeatFacts
from croupier.games.thirteen.commands import ascending_setting
from croupier.games.thirteen.house import house_setting
from croupier.games.thirteen.options import ThirteenOptions
from croupier.games.thirteen.round import ThirteenGame
from croupier.games.thirteen.scoring import Setting
from croupier.table import SeededSource
from croupier.table.runner import run_table
from croupier.table.thirteen import ThirteenTable

RESULTS = Path(__file__).with_name("results")
#: who bets what: (player, position, units); cy has the highest stake and throws (Art 2 b)
BETS = (("ana", 2, 2), ("bo", 3, 1), ("cy", 4, 3))
BUY_IN = 100 * 10_000


def _best(cards: Sequence[Card], banker: Setting) -> Setting:
    from croupier.games.thirteen.solver import best_response

    return best_response(cards, banker)


def _ascending(cards: Sequence[Card], banker: Setting) -> Setting:
    return ascending_setting(tuple(cards))


def _house_ascending(cards: Sequence[Card], options: ThirteenOptions) -> Setting:
    return ascending_setting(tuple(cards))


POLICIES: dict[str, tuple[Callable[..., Setting], Callable[..., Setting]]] = {
    "best-response": (house_setting, _best),
    "ascending": (_house_ascending, _ascending),
}


def game_api(rounds: int, seed: str, policy: str) -> tuple[dict[str, int], int]:
    """``rounds`` rounds on the game's own API; the balances and the house's result."""
    banker_rule, player_rule = POLICIES[policy]
    options = ThirteenOptions()
    game = ThirteenGame(options)
    source = SeededSource(seed)
    for player, _, _ in BETS:
        game.seat_player(player)
    for at in range(1, rounds + 1):
        game.open_round()
        shuffler = source.next()
        game.shuffle(shuffler)
        for player, position, units in BETS:
            game.place_bet(player, position, units)
        game.throw_dice(shuffler)
        game.deal()
        banker = banker_rule(game.hands[1], options)
        game.banker_set(banker, at)
        for player, position, _ in BETS:
            game.set_position(position, player, player_rule(game.hands[position], banker), at)
        game.close_setting(at)
        game.settle()
    return dict(game.balances), game.house_result


class _Bot(BestResponseBot):
    """Bets like BestResponseBot at a fixed position and stake; sets by the policy."""

    def __init__(self, position: int, units: int, rule: Callable[..., Setting]) -> None:
        super().__init__(0, position=position, units=units)
        self.rule = rule

    def _setting(self, facts: SeatFacts, cards: tuple[Card, ...]) -> Setting:
        assert facts.banker is not None
        return self.rule(cards, facts.banker)


class _Table(ThirteenTable):
    """The table with the banker's rule of the policy."""

    banker_rule: Callable[..., Setting] = staticmethod(house_setting)

    def banker_setting(self) -> Setting:
        return self.banker_rule(self.game.hands[1], self.options)


def through_table(rounds: int, seed: str, policy: str) -> tuple[dict[str, int], int]:
    """The same rounds through the table interface, bots and runner."""
    banker_rule, player_rule = POLICIES[policy]
    table = _Table(ThirteenOptions(), table_id="bench", source=SeededSource(seed))
    table.banker_rule = banker_rule
    bots = {player: _Bot(position, units, player_rule) for player, position, units in BETS}
    run_table(table, bots, rounds=rounds, close=False)
    # no hash chain: the API side computes none (a table writing its log would; see README)
    return dict(table.game.balances), table.game.house_result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.table_thirteen", description=__doc__)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--json", type=Path, default=RESULTS / "table_thirteen.json")
    args = parser.parse_args(argv)
    env = environment()
    print(f"machine: {env['machine']} ({env['cores']} cores), Python {env['python']}")
    print(
        f"method: {args.rounds} seeded rounds (3 players, 3 positions); warm-up, then "
        f"{args.repeats} interleaved runs of each, median; CPU time of this process, gc off"
    )
    rows: dict[str, Any] = {}
    status = 0
    for policy in POLICIES:
        own = game_api(args.rounds, args.seed, policy)
        table = through_table(args.rounds, args.seed, policy)
        if own != table:
            print(f"{policy}: the two runs disagree: {own} vs {table}", file=sys.stderr)
            status = 1
        times: dict[str, list[float]] = {"game API": [], "table interface": []}
        walls: dict[str, list[float]] = {"game API": [], "table interface": []}
        for _ in range(args.repeats):
            for name, run in (("game API", game_api), ("table interface", through_table)):
                cpu, wall = cpu_once(functools.partial(run, args.rounds, args.seed, policy))
                times[name].append(cpu)
                walls[name].append(wall)
        medians = {k: statistics.median(v) for k, v in times.items()}
        ratios = ratio_summary(times["table interface"], times["game API"])
        ratio = ratios["of_medians"]
        rows[policy] = {
            "rounds_per_second": {k: args.rounds / v for k, v in medians.items()},
            "seconds": times,
            "wall_seconds": walls,
            "ratio": ratio,
            "ratios": ratios,
        }
        print(f"\npolicy {policy}:")
        for name, seconds in medians.items():
            wall = statistics.median(walls[name])
            print(
                f"  {name:16} {args.rounds / seconds:9.1f} rounds/s  ({seconds:.3f} s CPU median, "
                f"wall {wall:.3f} s)"
            )
        print(
            f"  interface / own API time: {ratio:.3f} ({(ratio - 1) * 100:+.1f}%; the pairs of "
            f"runs {ratios['pair_min']:.2f}x to {ratios['pair_max']:.2f}x, "
            f"median {ratios['pair_median']:.2f}x)"
        )
    write_report(args.json, "bench.table_thirteen", env, args, policies=rows)
    print(f"\nwritten to {args.json}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
