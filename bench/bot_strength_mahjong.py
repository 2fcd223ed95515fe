"""Mah-Jong bot strength: how often seeded tables of bots produce a winner, how East rounds end,
and how the faan bot fares against the shanten bot.

Run ``python -m bench.bot_strength_mahjong [--rounds N] [--json PATH]`` (default 100 rounds,
about three minutes on one core).

* **Rounds.** Round ``i`` (``i`` = 0 .. N-1) is a :class:`~croupier.games.mahjong.match.Match`
  with the default options but the Hong Kong rotation (East round, minimum 3 faan, the banker
  keeps the deal when he wins and on a drawn game, a cap of 16 games) played by
  :meth:`Match.play` with the bots of one configuration, all drawing from
  ``random.Random(i)``, the wall shuffled by ``SeededShuffler(i)``: the same seeds in every
  configuration (the games differ as soon as the bots do).
* **Configurations.** Four :class:`~croupier.games.mahjong.bots.FaanBot`; four
  :class:`~croupier.games.mahjong.bots.ShantenBot`; one ``FaanBot`` against three
  ``ShantenBot``, the faan bot at place ``i % 4`` in round ``i`` (so it is the first banker in
  a quarter of the rounds).
* **Figures.** Games per round; the share of games won (the rest are drawn games: the wall ran
  out); the share of rounds that ended because the deal went round the table, rather than at
  the cap of 16 games (``Match.end_reason``); seconds per game (wall-clock time of whole rounds,
  the engine's work included, divided by the games: ``time.perf_counter``); for the mixed
  table, the faan bot's share of the games won (25% would be an equal bot) and of all games.

The machine and Python version are printed with the figures and stored in the JSON report
(``bench/results/bot_strength_mahjong.json`` by default). Machines are shared and noisy: the
seconds per game are indicative; the win figures are exact for the seeds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Final

from bench.common import environment, write_report
from croupier.games.mahjong.bots import Bot, FaanBot, ShantenBot
from croupier.games.mahjong.match import Match
from croupier.games.mahjong.options import MahjongOptions, Rotation
from croupier.shuffle import SeededShuffler

DEFAULT_JSON: Final = Path(__file__).resolve().parent / "results" / "bot_strength_mahjong.json"
PLACES: Final = 4

#: a table's bots for round ``i``: (round, the round's generator) -> one bot per place
Table = Callable[[int, random.Random], dict[int, Bot]]


@dataclass
class Tally:
    """One configuration over the rounds."""

    name: str
    rounds: int = 0
    games: int = 0
    won: int = 0
    rotated: int = 0  # rounds ended by the deal going round the table
    capped: int = 0  # rounds ended at the cap of games
    seconds: float = 0.0
    hero_wins: int = 0  # the faan bot's wins at the mixed table

    @property
    def games_per_round(self) -> float:
        return self.games / self.rounds

    @property
    def won_pct(self) -> float:
        return 100 * self.won / self.games

    @property
    def rotated_pct(self) -> float:
        return 100 * self.rotated / self.rounds

    @property
    def seconds_per_game(self) -> float:
        return self.seconds / self.games


#: the rounds' options: how the deal goes round is what this measures
HONG_KONG: Final = MahjongOptions(rotation=Rotation.HONG_KONG)


def hero_place(i: int) -> int:
    return i % PLACES


def play_rounds(name: str, table: Table, rounds: int) -> Tally:
    """Play rounds 0 .. ``rounds`` - 1 with ``table``'s bots and tally them."""
    tally = Tally(name)
    for i in range(rounds):
        rng = random.Random(i)
        match = Match(HONG_KONG)
        t0 = time.perf_counter()
        match.play(table(i, rng), SeededShuffler(i), rng)
        tally.seconds += time.perf_counter() - t0
        tally.rounds += 1
        tally.games += len(match.summaries)
        tally.won += sum(1 for s in match.summaries if s.winner is not None)
        tally.hero_wins += sum(1 for s in match.summaries if s.winner == hero_place(i))
        reason = match.end_reason or ""
        if "round the table" in reason:
            tally.rotated += 1
        elif "cap" in reason:
            tally.capped += 1
        else:  # pragma: no cover - Match.play plays to the end
            raise AssertionError(f"round {i} did not end: {reason!r}")
    return tally


def all_faan(i: int, rng: random.Random) -> dict[int, Bot]:
    return {p: FaanBot(rng) for p in range(PLACES)}


def all_shanten(i: int, rng: random.Random) -> dict[int, Bot]:
    return {p: ShantenBot(rng) for p in range(PLACES)}


def one_faan(i: int, rng: random.Random) -> dict[int, Bot]:
    return {p: FaanBot(rng) if p == hero_place(i) else ShantenBot(rng) for p in range(PLACES)}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.bot_strength_mahjong", description=__doc__)
    ap.add_argument("--rounds", type=int, default=100, help="seeded rounds per configuration")
    ap.add_argument("--json", type=Path, default=DEFAULT_JSON)
    args = ap.parse_args(argv)
    if args.rounds < 1:
        ap.error("--rounds must be >= 1")

    env = environment()
    print(
        f"machine: {env['machine']}, {env['cores']} cores, {env['platform']}, "
        f"{env['implementation']} {env['python']}, croupier {env['croupier']}"
    )
    print(f"{args.rounds} seeded East rounds per configuration (seeds 0..{args.rounds - 1})")
    tallies = [
        play_rounds("4 x FaanBot", all_faan, args.rounds),
        play_rounds("4 x ShantenBot", all_shanten, args.rounds),
        play_rounds("FaanBot + 3 x ShantenBot", one_faan, args.rounds),
    ]
    header = (
        f"{'table':<26}{'games':>7}{'games/round':>13}{'won':>8}"
        f"{'by rotation':>13}{'at the cap':>12}{'s/game':>9}"
    )
    print(header)
    print("-" * len(header))
    for t in tallies:
        print(
            f"{t.name:<26}{t.games:>7}{t.games_per_round:>13.2f}{t.won_pct:>7.1f}%"
            f"{t.rotated_pct:>12.0f}%{100 * t.capped / t.rounds:>11.0f}%"
            f"{t.seconds_per_game:>9.3f}"
        )
    mixed = tallies[2]
    share = 100 * mixed.hero_wins / mixed.won if mixed.won else 0.0
    print(
        f"FaanBot against 3 ShantenBots: {mixed.hero_wins} of the {mixed.won} games won "
        f"({share:.1f}% of the wins; an equal bot would take 25%), "
        f"{100 * mixed.hero_wins / mixed.games:.1f}% of all {mixed.games} games"
    )
    write_report(
        args.json,
        "bench.bot_strength_mahjong",
        env,
        args,
        method=__doc__,
        tables=[
            {
                **asdict(t),
                "games_per_round": t.games_per_round,
                "won_pct": t.won_pct,
                "rotated_pct": t.rotated_pct,
                "seconds_per_game": t.seconds_per_game,
            }
            for t in tallies
        ],
        faan_bot_share_of_wins_pct=share,
    )
    print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
