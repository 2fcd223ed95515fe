"""The banking games: the same seeded rounds on the game's own API and through the table interface.

``python -m bench.table_banking [--game three-card-baccarat|football-poker] [--rounds N]
[--players P] [--repeat R] [--parts] [--json FILE]``

* **table**: :class:`~croupier.table.baccarat.BaccaratTable` /
  :class:`~croupier.table.football.FootballTable` run by :func:`~croupier.table.runner.run_table`
  with the interface bots (``random``, reading the offers and the view: ``Table.seen``, whose
  typed ``BettorFacts`` they read, the JSON made only if read, as in bench.table_stud): offers,
  views, the betting window, entries and their visibility, the ledger. No hash chain on either
  side, as in bench.table_stud: the game's API computes none, and a table computes it only when
  its log is written or its head asked for (``--parts`` times it apart);
* **game, the same bots** (the figure of the interface's cost):
  :class:`~croupier.games.three_card_baccarat.round.BaccaratGame` /
  :class:`~croupier.games.football_poker.round.FootballPokerGame` played by :class:`ApiBettor`
  bots: the interface's ``random`` bettor's decisions (the same seeded draws, so the same
  stakes) made from the game's own state (its stakes, balances, limits, ``withdrawable`` and
  new-stake rule) instead of a view and offers; each shuffle from the same seeded shufflers,
  each round opened, every bot's turn in the order the table waits on them (p1 to pN), then
  closed, dealt and settled;
* **game, replayed** (the figure earlier rounds quoted): the same game playing the very rounds
  the table played, each round the bets the table's bots placed (read from its record
  beforehand: no bot runs on this side, so this ratio counts the bots' choices against the
  interface).

All three end with the same balances, and the API's bots place exactly the stakes the table
recorded (checked; the script refuses to report otherwise). Method: ``R`` runs of each side (at
least 5), the three alternated, with the garbage collector off; the process's CPU time
(``time.process_time``: on a shared machine what this code costs) and the wall time
(``time.perf_counter``) of each run; the medians, rounds/s, the ratios table / API with bots
and table / API replayed of the CPU medians, and the spread of each over the runs taken
together. One process, one core.

``--parts``: where the table's time goes, each part timed inline (CPU time, one run after the
measured ones; the timers add a little): ``view`` (a JSON view, when anyone reads one; the
bots read the typed facts of ``seen``, counted with the rest), ``legal`` (the offers),
``choose`` (the bots), ``waiting_on``, the commands' ``apply`` and the house's steps
(``step_house``), both holding the game's own work and an entry per event, and the hash chain.
"""

from __future__ import annotations

import argparse
import functools
import gc
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.common import cpu_once, environment, ratio_summary, write_report
from croupier.events import BetPlaced, BetWithdrawn, Phase, RoundOpened
from croupier.games.banking_bots import BOT_AMOUNTS
from croupier.shuffle import SeededShuffler
from croupier.table.banking import DEFAULT_BUY_IN
from croupier.table.registry import game as game_info
from croupier.table.runner import run_table
from croupier.table.sources import SeededSource

SEED = "bench"
GAMES = ("three-card-baccarat", "football-poker")


def _options(name: str) -> Any:
    info = game_info(name)
    return info.options(decks=8) if name == "three-card-baccarat" else info.options()


def play_table(name: str, rounds: int, players: int) -> Any:
    """``rounds`` rounds through the table interface; the table."""
    info = game_info(name)
    table = info.table(_options(name), table_id="bench", source=SeededSource(SEED))
    bots = {f"p{i}": info.bots["random"](i) for i in range(1, players + 1)}
    run_table(table, bots, rounds=rounds, close=False)
    return table


#: the parts --parts times: (what, method name); the outermost timed call counts
PARTS = (
    ("view", "view"),
    ("legal", "legal"),
    ("waiting_on", "waiting_on"),
    ("apply (players' commands)", "apply"),
    ("step_house (the house's steps)", "step_house"),
    ("timeout", "timeout"),
)


def parts(name: str, rounds: int, players: int) -> dict[str, float]:
    """One table run with each part of :data:`PARTS` and the bots' ``choose`` timed (CPU
    seconds); ``whole`` the run."""
    info = game_info(name)
    table = info.table(_options(name), table_id="bench", source=SeededSource(SEED))
    spent: dict[str, float] = {}
    depth = [0]

    def timed(label: str, fn: Any) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            if depth[0]:
                return fn(*args, **kwargs)
            depth[0] += 1
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.process_time() - start
                depth[0] -= 1

        return run

    for label, method in PARTS:
        setattr(table, method, timed(label, getattr(table, method)))
    bots = {f"p{i}": info.bots["random"](i) for i in range(1, players + 1)}
    for bot in bots.values():
        bot.choose = timed("choose (the bots)", bot.choose)  # type: ignore[method-assign]
    start = time.process_time()
    run_table(table, bots, rounds=rounds, close=False)
    chained = time.process_time()
    table.hashes()
    spent["the hash chain"] = time.process_time() - chained
    spent["whole"] = time.process_time() - start
    return spent


def script_of(table: Any) -> list[list[tuple[str, Any]]]:
    """Each round's bets and withdrawals as the table recorded them."""
    script: list[list[tuple[str, Any]]] = []
    for entry in table.entries:
        event = entry.event
        if isinstance(event, RoundOpened):
            script.append([])
        elif isinstance(event, BetPlaced | BetWithdrawn):
            script[-1].append((event.TYPE, event))
    return script


def _open_round(game: Any, shuffles: int) -> int:
    """Shuffle (the table's seeded source, shuffle by shuffle) and burn as the game needs, then
    open a round; the number of shuffles made so far."""
    if game.phase is Phase.NEEDS_SHUFFLE:
        game.shuffle(SeededShuffler(f"{SEED}:{shuffles}"))
        shuffles += 1
    while game.phase is Phase.READY and game.can_burn():
        game.burn()
    game.open_round()
    return shuffles


def play_game(name: str, script: list[list[tuple[str, Any]]]) -> dict[str, int]:
    """The same rounds on the game's own API; the balances at the end."""
    table: Any = game_info(name).table(_options(name))
    game = table.game  # a fresh game of the same options
    shuffles = 0
    for bets in script:
        shuffles = _open_round(game, shuffles)
        for kind, event in bets:
            if kind == "bet_placed":
                game.place_bet(event.player, event.position, event.bet, event.amount)
            else:
                game.withdraw_bet(event.player, event.position, event.bet)
        game.close_bets()
        game.deal()
        game.settle()
    return dict(game.balances)


class ApiBettor:
    """The interface's ``random`` bettor (:class:`~croupier.games.banking_bots.BettorBot`) on the
    game's own API: the same seeded draws in the same order, so the same stakes, read from the
    game's state (its stakes, its balances, its options' limits, its ``withdrawable`` and its
    rule for a new stake) instead of a view and offers.

    The chips are the bot's own count (the game keeps balances, not chips): bought (100,000 at
    the start, as the table's seating, and again when it is broke with nothing on the layout,
    as the interface bot buys chips) plus the game's balance, less its stakes on the layout.
    To draw as the interface bot does, a stake is drawn from the bet kinds grouped as the
    table offers them (kinds with the same bounds and places, in the game's order): a bot that
    reads the game draws the same ``rng.choice`` over the same groups, worked out only when it
    places a stake."""

    def __init__(self, seed: int, name: str, place: int, game: Any) -> None:
        self.rng = random.Random(f"banking-bot:{seed}")
        self.name = name
        self.place = place
        self.game = game
        self.bought = DEFAULT_BUY_IN
        self._round: object = None
        self._left = 0
        limits = game.options.limits
        #: (bet, least stake, most stake or None), in the game's order
        self.kinds = tuple(
            (bet, limit.minimum, limit.maximum)
            for bet in (kind.value for kind in game.BET_KIND)
            for limit in (limits.limit(bet),)
        )
        self.limit_of = {bet: (low, top) for bet, low, top in self.kinds}
        self.places = tuple(range(1, game.options.positions + 1))
        self.ruled = game.NEW_STAKE_RULES

    def bet(self) -> None:
        """Its turn in the betting window: stakes, raises, withdrawals, until it is done."""
        game, name, rng = self.game, self.name, self.rng
        if game.round_number != self._round:
            self._round = game.round_number
            self._left = 1 + rng.randrange(3)
        while True:
            mine = [s for s in game.each_stake() if s.player == name]
            chips = self.bought + game.balances.get(name, 0) - sum(s.amount for s in mine)
            if self._left > 0:
                groups = self._groups(mine, chips)
                if groups:
                    self._left -= 1
                    (low, high, places), bets = rng.choice(groups)
                    kind = rng.choice(bets)
                    place = self.place if self.place in places else rng.choice(places)
                    game.place_bet(name, place, kind, _amount(low, high, rng))
                    continue
                if not mine:
                    self.bought += DEFAULT_BUY_IN  # broke: buys chips
                    continue
            roll = rng.random()
            if roll < 0.05:
                raises = self._raises(mine, chips)
                if raises:
                    place, kind, low, high = rng.choice(raises)
                    rng.choice((place,))
                    rng.choice((kind,))
                    game.place_bet(name, place, kind, _amount(low, high, rng))
                    continue
            if roll < 0.08:
                out = game.withdrawable(name)
                if out:
                    place, kind = rng.choice(out)
                    rng.choice((place,))
                    rng.choice((kind,))
                    game.withdraw_bet(name, place, kind)
                    continue
            return

    def _groups(
        self, mine: list[Any], chips: int
    ) -> list[tuple[tuple[int, int, tuple[int, ...]], list[str]]]:
        """The kinds it may stake anew, grouped by their bounds and places (the table's offers'
        groups, in the same order)."""
        game, ruled = self.game, self.ruled
        taken: dict[str, set[int]] = {}  # bet -> the places where it has a stake of it
        for stake in mine:
            taken.setdefault(stake.bet, set()).add(stake.position)
        groups: dict[tuple[int, int, tuple[int, ...]], list[str]] = {}
        for bet, low, top in self.kinds:
            high = chips if top is None or chips < top else top
            if high < low:
                continue
            places = self.places
            staked = taken.get(bet)
            if staked:
                places = tuple(p for p in places if p not in staked)
            if bet in ruled and places:
                places = game.new_stake_places(self.name, bet, places)
            if places:
                groups.setdefault((low, high, places), []).append(bet)
        return list(groups.items())

    def _raises(self, mine: list[Any], chips: int) -> list[tuple[int, str, int, int]]:
        out = []
        for stake in mine:
            least, top = self.limit_of[stake.bet]
            low = max(1, least - stake.amount)
            high = chips if top is None else min(top - stake.amount, chips)
            if low <= high and (
                stake.bet not in self.ruled
                or self.game.may_stake_at(self.name, stake.position, stake.bet)
            ):
                out.append((stake.position, stake.bet, low, high))
        return out


def _amount(low: int, high: int, rng: random.Random) -> int:
    fits = [a for a in BOT_AMOUNTS if low <= a <= high]
    return rng.choice(fits) if fits else low


def play_bots(name: str, rounds: int, players: int) -> tuple[dict[str, int], list[Any]]:
    """``rounds`` rounds on the game's own API with the bettors of :class:`ApiBettor` (the same
    draws as the table's bots); the balances at the end and the game's stakes placed and
    withdrawn, in order (to check them against the table's)."""
    table: Any = game_info(name).table(_options(name))
    game = table.game  # a fresh game of the same options
    bots = [ApiBettor(i, f"p{i}", i, game) for i in range(1, players + 1)]
    shuffles = 0
    for _ in range(rounds):
        shuffles = _open_round(game, shuffles)
        for bot in bots:
            bot.bet()
        game.close_bets()
        game.deal()
        game.settle()
    return dict(game.balances), [e for e in game.log if isinstance(e, BetPlaced | BetWithdrawn)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.table_banking", description=__doc__)
    parser.add_argument("--game", choices=GAMES, default="three-card-baccarat")
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--parts", action="store_true", help="time each part of the table")
    parser.add_argument("--json", type=Path, default=None, help="write the report here")
    args = parser.parse_args(argv)
    if not (1 <= args.rounds <= 1_000_000 and 1 <= args.players <= 7 and 5 <= args.repeat <= 99):
        parser.error("--rounds 1..1,000,000, --players 1..7, --repeat 5..99")
    table = play_table(args.game, args.rounds, args.players)
    script = script_of(table)
    balances = dict(table.game.balances)
    replayed = play_game(args.game, script)
    by_bots, stakes = play_bots(args.game, args.rounds, args.players)
    recorded = [e.event for e in table.entries if isinstance(e.event, BetPlaced | BetWithdrawn)]
    for label, theirs in (("the replay", replayed), ("the API's bots", by_bots)):
        if theirs != balances:
            print(f"{label} and the table differ: {theirs} != {balances}", file=sys.stderr)
            return 1
    if stakes != recorded:
        print("the API's bots and the table's placed different stakes", file=sys.stderr)
        return 1
    sides = ("bots", "replay", "table")
    times: dict[str, list[float]] = {k: [] for k in sides}
    walls: dict[str, list[float]] = {k: [] for k in sides}
    runs: dict[str, functools.partial[Any]] = {
        "bots": functools.partial(play_bots, args.game, args.rounds, args.players),
        "replay": functools.partial(play_game, args.game, script),
        "table": functools.partial(play_table, args.game, args.rounds, args.players),
    }
    for _ in range(args.repeat):
        for side in sides:
            cpu, wall = cpu_once(runs[side])
            times[side].append(cpu)
            walls[side].append(wall)
    median = {k: statistics.median(v) for k, v in times.items()}
    wall_median = {k: statistics.median(v) for k, v in walls.items()}
    rate = {k: args.rounds / v for k, v in median.items()}
    ratio = ratio_summary(times["table"], times["bots"])
    ratio_replay = ratio_summary(times["table"], times["replay"])
    cost = ratio["of_medians"] - 1
    env = environment()

    def line(label: str, side: str) -> str:
        return (
            f"  {label:31} {rate[side]:8,.0f} rounds/s  ({median[side]:.3f} s CPU, "
            f"wall {wall_median[side]:.3f} s)\n"
        )

    def cost_line(label: str, r: dict[str, float]) -> str:
        return (
            f"  {label:31} {r['of_medians']:.2f}x  ({r['of_medians'] - 1:+.1%}; the pairs of "
            f"runs: {r['pair_min']:.2f}x to {r['pair_max']:.2f}x, median {r['pair_median']:.2f}x)\n"
        )

    print(
        f"{args.game}, {args.rounds:,} rounds, {args.players} random bots (the same rounds: the "
        f"same stakes and balances at the end), median of {args.repeat} runs\n"
        + line("game's API, the same bots", "bots")
        + line("game's API, the bets replayed", "replay")
        + line("table interface", "table")
        + cost_line("table / API with bots", ratio)
        + cost_line("table / API replayed (no bot)", ratio_replay)
        + f"machine: {env['machine']} · {env['cores']} cores · {env['platform']} · "
        f"Python {env['python']} ({env['implementation']})\n"
        "method: CPU time of this process, gc off, runs of the three sides alternated, medians; "
        "one process. The first ratio is the interface's cost (the same bots' draws on both "
        "sides); the second counts the bots' choices against the interface"
    )
    spent: dict[str, float] = {}
    if args.parts:
        spent = _print_parts(args, median["bots"])
    if args.json is not None:
        fields: dict[str, Any] = {
            "game": args.game,
            "rounds": args.rounds,
            "players": args.players,
            "median_cpu_s": median,
            "median_wall_s": wall_median,
            "rounds_per_s": rate,
            "interface_cost": cost,
            "ratio": ratio,
            "ratio_replay": ratio_replay,
            "runs_cpu_s": times,
            "runs_wall_s": walls,
        }
        if spent:
            fields["parts_cpu_s"] = spent
        write_report(args.json, "bench.table_banking", env, args, **fields)
    return 0


def _print_parts(args: argparse.Namespace, game_s: float) -> dict[str, float]:
    gc.collect()
    gc.disable()
    try:
        spent = parts(args.game, args.rounds, args.players)
    finally:
        gc.enable()
    whole = spent["whole"]
    per_round = 1e6 / args.rounds
    print(
        f"where the table's time goes (one timed run, CPU µs a round; the game's API with its "
        f"bots, whole: "
        f"{game_s * per_round:,.0f} µs a round)"
    )
    for label, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        if label != "whole":
            print(
                f"  {label:32} {seconds * per_round:7,.0f} µs  ({seconds / whole:4.0%} of the "
                f"run, {seconds / game_s:5.1f}x the game's API)"
            )
    rest = whole - sum(v for k, v in spent.items() if k != "whole")
    print(f"  {'the runner and the rest':32} {rest * per_round:7,.0f} µs  ({rest / whole:4.0%})")
    print(f"  {'whole (timed)':32} {whole * per_round:7,.0f} µs")
    return spent


if __name__ == "__main__":
    raise SystemExit(main())
