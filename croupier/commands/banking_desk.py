"""The banking games' ``play`` on the table interface (issue 15 item 7): :class:`BankingDesk`
drives a :class:`~croupier.table.baccarat.BaccaratTable` or
:class:`~croupier.table.football.FootballTable` for ``croupier play`` (scripted bets, bots, the
prompt), and writes each entry of its ``--log`` as it happens
(:class:`~croupier.commands.tablelog.TableLogWriter`: a hash-chained table log, sealed when the
session ends normally, unsealed after Ctrl-C).

Every player's move is a command to the table: chips from the cashier (``buy_in``: a scripted
bettor buys what his next stake needs, so a session never runs short; a bankroll at the prompt
is bought in whole at the start), ``bet``/``raise``/``withdraw``, then ``done`` for everyone at
the table; the house's steps (shuffle, burns, open, close, deal, settle) are the table's own
(:meth:`~croupier.table.base.Table.step_house`). The table clock stays at 0 (no betting window
runs out at the command line), so a seeded session is reproducible to the log's last hash.

Randomness: ``--seed S`` shuffles every shoe with ``SeededShuffler("shoe:S")`` (the shoe of the
play before the table interface); ``--fair``: each shoe provably fair with its own server seed
(:class:`~croupier.commands.fair.TableFairness`: the commitment before the shuffle, the seed
when the shoe is finished or the table closes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.commands.fair import TableFairness
    from croupier.commands.tablelog import TableLogWriter
    from croupier.events import ShoeShuffled
    from croupier.protocol import Command
    from croupier.shuffle import Shuffler
    from croupier.table.actor import Actor
    from croupier.table.banking import ShoeTable
    from croupier.table.sources import ShuffleSource

__all__ = ["BankingDesk", "new_table", "one_shuffler"]


def one_shuffler(shuffler: Shuffler) -> ShuffleSource:
    """Every shoe's shuffle from the one shuffler of the session."""
    from croupier.table.sources import ShuffleSource

    class OneShuffler(ShuffleSource):
        def next(self) -> Shuffler:
            return shuffler

    return OneShuffler()


def new_table(
    game: str, options: Any, seed: str | None, fairness: TableFairness | None
) -> ShoeTable[Any, Any]:
    """The session's table of ``game`` (three-card-baccarat or football-poker)."""
    from croupier.shuffle import LiveShuffler, SeededShuffler

    shuffler: Shuffler = LiveShuffler() if seed is None else SeededShuffler(f"shoe:{seed}")
    source = one_shuffler(shuffler) if fairness is None else fairness.source
    if game == "three-card-baccarat":
        from croupier.table.baccarat import BaccaratTable

        return BaccaratTable(options, table_id="cli", source=source)
    from croupier.table.football import FootballTable

    return FootballTable(options, table_id="cli", source=source)


class BankingDesk:
    """The session's banking table (see the module docstring)."""

    def __init__(
        self,
        table: ShoeTable[Any, Any],
        writer: TableLogWriter | None = None,
        fairness: TableFairness | None = None,
        console: Console | None = None,
    ) -> None:
        self.table = table
        self.game: Any = table.game
        self.writer = writer
        self.fairness = fairness
        self.console = console

    # -- the log ---------------------------------------------------------------------------------

    def follow(self) -> None:
        """Write the entries not written yet; print the fair commitments and reveals made."""
        if self.writer is not None:
            self.writer.follow(self.table)
        if self.fairness is not None:
            self.fairness.follow(self.console, self.table, self.table.GAME)

    def apply(self, actor: Actor, command: Command) -> None:
        self.table.apply(actor, command, f"cli:{self.table.seq}", at=0)
        self.follow()

    def close(self) -> None:
        """Seal the table (a shoe not finished has its fair seed revealed first)."""
        if not self.table.closed:
            self.table.close(at=0)
        self.follow()

    # -- players ---------------------------------------------------------------------------------

    def chips(self, player: str) -> int:
        return self.table.chips().get(player, 0)

    def buy_in(self, player: str, amount: int) -> None:
        from croupier.games.banking_commands import BuyIn
        from croupier.table.actor import Actor

        self.apply(Actor.player(player), BuyIn(amount))

    def stake(self, player: str, place: int, bet: str, amount: int) -> None:
        """Place (or raise) ``player``'s stake: the game's rule checked first (its refusal as
        before the table interface), then the chips it needs bought, then the command."""
        from croupier.games.banking_commands import Bet, Raise
        from croupier.table.actor import Actor

        game = self.game
        game.verify_place_bet(player, place, bet, amount)
        short = amount - self.chips(player)
        if short > 0:
            self.buy_in(player, short)
        here = any((s.player, s.position, s.bet) == (player, place, bet) for s in game.stakes)
        command = Raise(place, bet, amount) if here else Bet(place, bet, amount)
        self.apply(Actor.player(player), command)

    def withdraw(self, player: str, place: int, bet: str) -> None:
        from croupier.games.banking_commands import Withdraw
        from croupier.table.actor import Actor

        self.apply(Actor.player(player), Withdraw(place, bet))

    # -- the house -------------------------------------------------------------------------------

    def open_round(self) -> ShoeShuffled | None:
        """The house's steps up to an open betting window: a new shoe when one is due (its
        shuffle returned), the burns, the round opened."""
        from croupier.errors import RuleViolation
        from croupier.events import Phase, ShoeShuffled

        shuffled: ShoeShuffled | None = None
        while self.game.phase in (Phase.NEEDS_SHUFFLE, Phase.READY):
            applied = self.table.step_house(at=0)
            if applied is None:
                raise RuleViolation(
                    "tables", "the house cannot open a round: nobody is at the table"
                )
            self.follow()
            for event in applied.events:
                if isinstance(event, ShoeShuffled):
                    shuffled = event
        return shuffled

    def deal(self) -> None:
        """No more bets: everyone at the table says done, the house closes the bets, deals
        and settles."""
        from croupier.errors import RuleViolation
        from croupier.events import Phase
        from croupier.games.banking_commands import Done
        from croupier.table.actor import Actor

        if self.game.phase is Phase.BETTING and not self.game.stakes:
            raise RuleViolation("tables", "no stake on the layout: nothing to deal")
        for wait in self.table.waiting_on():  # everyone at the table not done yet
            self.apply(Actor.player(wait.actor.name), Done())
        while self.game.phase in (Phase.BETTING, Phase.DEALING, Phase.DEALT):
            applied = self.table.step_house(at=0)
            if applied is None:
                raise RuleViolation("tables", "the house cannot settle the round")
            self.follow()


def bot_bets(desk: BankingDesk, bots: int, rng: Shuffler, positions: int) -> None:
    """``croupier play``'s scripted bettors ``bot1`` .. ``botN`` on the table: the draws of
    :func:`~croupier.games.banking_bots.place_bot_bets` (the same bets for the same seed), each
    stake a command to the table."""
    from croupier.games.banking_bots import BOT_AMOUNTS

    game = desk.game
    kinds = tuple(k.value for k in game.BET_KIND)
    for i in range(1, bots + 1):
        player = f"bot{i}"
        place = 1 + rng.randbelow(positions)
        chosen = [kinds[rng.randbelow(len(kinds))] for _ in range(1 + rng.randbelow(3))]
        if "tie" in chosen and "main" not in chosen:
            chosen.insert(0, "main")
        for bet in dict.fromkeys(chosen):
            amount = BOT_AMOUNTS[rng.randbelow(len(BOT_AMOUNTS))]
            if game.can_place_bet(player, place, bet, amount):
                desk.stake(player, place, bet, amount)
