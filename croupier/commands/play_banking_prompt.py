"""``croupier play three-card-baccarat`` / ``play football-poker`` at a prompt (issue 15 item 2).

Without ``--bet``, ``--bots`` or ``--json``, ``play`` of a banking game seats you (``--player``,
default ``you``) at an interactive table with a bankroll (``--bankroll``, in the table's smallest
unit, default 100,000: 1,000.00). Each round the betting is open and you type commands
(:mod:`croupier.commands.banking_guide`): ``bet PLACE BET AMOUNT``, ``raise PLACE BET AMOUNT``,
``withdraw PLACE BET``, ``bets``, ``help`` (the commands, every bet with what it pays from the
rules and the table's limits), ``deal`` (no more bets: the cards are dealt and every stake
settled) and ``quit``. After each round you see the hands, one settlement line per stake with the
article that decided it, what stays on the table for the next round (baccarat Art 7.2, 8.1) and
your bankroll.

The checks, each a refusal that changes nothing and says why:

* a line that is not a command names the bad token (an unknown verb, a place or an amount that
  is not one: ASCII digits only, ``2500`` or ``25.00``);
* a bet or raise larger than what is left of your bankroll (the bankroll less your stakes on the
  layout) is refused with both amounts;
* the engine refuses the rest with its article: the table limits
  (:class:`~croupier.money.BetLimits`, the rule ``table limits``, by bet name; ``--option
  limits.default.maximum=N`` and the like set them), a place not on the table, a bet the game
  does not have, a tie bet without a main bet (baccarat Art 8.3), a carried stake withdrawn.

``quit`` ends the session with its summary: rounds played, staked (every amount put on the
layout, less what was withdrawn), won or lost, the final bankroll and any stake still on the table
(a carried baccarat stake cannot be withdrawn: ``quit`` asks again before leaving it there).
Ctrl-C or the end of the input at the prompt ends it the same way, with exit code 130.

Randomness and records as for the scripted play, on the table interface
(:class:`~croupier.commands.banking_desk.BankingDesk`: you buy your bankroll in chips at the
start; every bet, raise, withdrawal and ``deal`` is a command to the table): ``--seed S``
shuffles as ``SeededShuffler("shoe:S")`` (the same shoe as ``play --seed S --bet ...``);
``--fair --client-seed C`` shuffles each shoe provably fair
(:class:`~croupier.commands.fair.TableFairness`: its commitment before its shuffle, its server
seed and a ``croupier verify`` command when the shoe is finished or the session ends).
``--log FILE`` writes the table log (issue 15 item 7: JSON Lines, each hash-chained entry
written and synced when it happens, the seal when you quit), so an interrupted session (Ctrl-C,
the end of the input) leaves a log that ``croupier replay`` reads up to the interruption and
calls unsealed (exit 3 unless ``--allow-open``).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import typer

from croupier.commands.banking_guide import (
    COMMANDS,
    BadOrder,
    Order,
    bet_guide,
    limit_text,
    parse_command,
)
from croupier.commands.output import EXIT_INTERRUPTED, croupier_errors, fail, make_console
from croupier.money import BetLimits

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.commands.banking_desk import BankingDesk
    from croupier.commands.fair import TableFairness
    from croupier.commands.tablelog import TableLogWriter
    from croupier.tables import BankingGame, TableSpec

__all__ = [
    "AT_PROMPT",
    "BANKING",
    "DEFAULT_BANKROLL",
    "EXIT_INTERRUPTED",
    "MAX_BANKROLL",
    "MAX_ROUNDS",
    "FairFlags",
    "is_interactive",
    "play_at_prompt",
    "play_banking_prompt",
]

#: the games played at this prompt
BANKING: Final = ("three-card-baccarat", "football-poker")
#: when they are, in the words of an error message
AT_PROMPT: Final = "the banking games at the prompt (without --bet, --bots or --json)"

#: the bankroll when ``--bankroll`` is not given (in the smallest unit: 1,000.00)
DEFAULT_BANKROLL: Final = 100_000
#: the largest ``--bankroll`` (10,000,000,000.00 at a table of two decimals)
MAX_BANKROLL: Final = 10**12
#: the most rounds one session plays (``--rounds`` is a cap within it)
MAX_ROUNDS: Final = 10_000


class FairFlags(NamedTuple):
    """``--fair --client-seed --nonce --server-seed-file`` as given."""

    fair: bool = False
    client_seed: str | None = None
    nonce: int | None = None
    server_seed_file: Path | None = None


def play_at_prompt(
    game: str,
    *,
    rounds: int | None,
    seed: str | None,
    decks: int | None,
    positions: int | None,
    option: list[str] | None,
    min_bet: list[str] | None = None,
    max_bet: list[str] | None = None,
    player: str | None,
    bankroll: int | None,
    fair: FairFlags,
    log: Path | None,
    force: bool = False,
) -> None:
    """``croupier play GAME`` at the prompt, from the command line's flags (None: not given):
    the table's options (``--decks``, ``--positions`` over the game's play defaults, then each
    ``--option``), the fair shuffles, then :func:`play_banking_prompt`."""
    from croupier.commands.fair import TableFairness
    from croupier.commands.options import banking_options
    from croupier.commands.play_banking import _spec, verify_flags

    spec = _spec(game)
    # the CLI's default shoe (3-card baccarat: 8 decks), --decks and --positions, each --option
    options = banking_options(
        spec.name, option, decks=decks, positions=positions, min_bet=min_bet, max_bet=max_bet
    )
    fairness = TableFairness.from_flags(*fair, seed=seed)
    if fairness is not None:  # verify deals the same shoe: --decks, --positions, each --option
        fairness.flags = verify_flags(options, option)
    play_banking_prompt(
        spec,
        options,
        player="you" if player is None else player,
        bankroll=DEFAULT_BANKROLL if bankroll is None else bankroll,
        rounds=rounds,
        seed=seed,
        fair=fairness,
        log=log,
        force=force,
    )


def is_interactive(bet: list[str] | None, bots: int | None, as_json: bool) -> bool:
    """``play`` of a banking game runs the prompt when nobody else bets: no ``--bet``, no
    ``--bots`` and no ``--json`` (each of which keeps the scripted play)."""
    return not bet and bots is None and not as_json


def play_banking_prompt(
    spec: TableSpec,
    options: Any,
    *,
    player: str = "you",
    bankroll: int = DEFAULT_BANKROLL,
    rounds: int | None = None,
    seed: str | None = None,
    fair: TableFairness | None = None,
    log: Path | None = None,
    force: bool = False,
) -> None:
    """Run the interactive table of ``spec``'s game with ``options`` (see the module docstring);
    ``rounds`` caps the rounds (None: until ``quit``, at most :data:`MAX_ROUNDS`)."""
    from croupier.table.actor import NAME

    if not NAME.match(player):
        fail(f"--player {player!r}: a player is a name (letters, digits, '.', '_', '-'; 1 to 40)")
    if not 1 <= bankroll <= MAX_BANKROLL:
        fail(f"--bankroll {bankroll}: 1 to {MAX_BANKROLL} units of the table's smallest unit")
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        fail(f"--rounds {rounds}: 1 to {MAX_ROUNDS}")
    from croupier.commands.banking_desk import BankingDesk, new_table
    from croupier.commands.tablelog import TableLogWriter

    with croupier_errors():
        table = new_table(spec.name, options, seed, fair)
    least = table._least_buy_in()
    if bankroll < least:
        fail(
            f"--bankroll {bankroll}: the cashier sells chips from the table's least stake, "
            f"{least} units of the table's smallest unit"
        )
    # the log is claimed before the first card (an existing file needs --force)
    writer = None if log is None else TableLogWriter.open(log, force=force)
    try:
        with croupier_errors():
            console = make_console()
            console.width = max(console.width, 112)
            desk = BankingDesk(table, writer, fair, console)
            session = _Session(spec, desk, player, bankroll, seed, fair)
            session.intro()
            desk.follow()  # the log's header
            desk.buy_in(player, bankroll)  # the bankroll, in chips from the cashier
            try:
                session.run(MAX_ROUNDS if rounds is None else rounds)
            except (KeyboardInterrupt, typer.Abort):
                session.interrupted()
                raise typer.Exit(EXIT_INTERRUPTED) from None
            session.finish()
    finally:
        if writer is not None:
            writer.close()


class _Session:
    """One player at a banking table, at the prompt."""

    def __init__(
        self,
        spec: TableSpec,
        desk: BankingDesk,
        player: str,
        bankroll: int,
        seed: str | None,
        fair: TableFairness | None,
    ) -> None:
        self.spec = spec
        self.desk = desk
        self.table: BankingGame = desk.game  # the round engine under the table
        self.options: Any = self.table.options
        self.decimals: int = self.options.decimals
        self.player = player
        self.start = bankroll
        self.seed = seed
        self.fair = fair
        assert desk.console is not None
        self.console: Console = desk.console
        self.writer: TableLogWriter | None = desk.writer
        self.rounds = 0  # rounds dealt and settled
        self.staked = 0  # put on the layout, less what was withdrawn
        self.leaving = False  # quit once with a carried stake on the table

    # -- money ---------------------------------------------------------------------------------

    def money(self, units: int) -> str:
        from croupier.money import format_amount

        return format_amount(units, decimals=self.decimals)

    def mine(self) -> list[Any]:
        return [s for s in self.table.stakes if s.player == self.player]

    def on_table(self) -> int:
        return sum(s.amount for s in self.mine())

    def net(self) -> int:
        return self.table.balances.get(self.player, 0)

    def bankroll(self) -> int:
        """What the player holds off the layout: the start, the net result, less his stakes."""
        return self.start + self.net() - self.on_table()

    def amounts(self) -> str:
        """How amounts are typed at this table."""
        if not self.decimals:
            return "amounts in whole units: 2500 is 2,500"
        point = self.money(2500).replace(",", "")
        return f"amounts in units of {self.money(1)}: 2500 and {point} are both {self.money(2500)}"

    # -- the session ---------------------------------------------------------------------------

    def intro(self) -> None:
        console, spec, options = self.console, self.spec, self.options
        console.print(f"[bold]{spec.title}[/bold] · {spec.regulation}")
        console.print(
            f"{options.decks} deck(s), places 1..{options.positions}. Player {self.player!r}, "
            f"bankroll {self.money(self.start)} ({self.amounts()})."
        )
        limits = options.limits
        if limits != BetLimits():
            own = "".join(
                f"; {bet} {limit_text(limits, bet, self.decimals)}" for bet in sorted(limits.by_bet)
            )
            console.print(
                "Table limits, a player's stake on one bet at one place: "
                f"{limit_text(BetLimits(limits.default), '', self.decimals)}{own}"
            )
        if self.seed is not None:
            console.print(
                f"Seed: {self.seed!r} (reproducible shoe, not for live play)", markup=False
            )
        if self.fair is not None:
            self.fair.announce(console)
        console.print(
            "Type [bold]help[/bold] for the commands, the bets and what they pay; "
            "[bold]bet 1 main 2500[/bold] bets, [bold]deal[/bold] deals, [bold]quit[/bold] leaves."
            if spec.name == "three-card-baccarat"
            else "Type [bold]help[/bold] for the commands, the bets and what they pay; "
            "[bold]bet 1 upper 2500[/bold] bets, [bold]deal[/bold] deals, [bold]quit[/bold] "
            "leaves."
        )

    def run(self, rounds: int) -> None:
        from croupier.events import Phase

        table = self.table
        while self.rounds < rounds:
            if table.phase in (Phase.NEEDS_SHUFFLE, Phase.READY):
                shuffled = self.desk.open_round()
                if shuffled is not None:
                    self.console.print(
                        f"Shuffled {len(shuffled.order)} cards, cut {shuffled.cut}; commitment "
                        f"{shuffled.commitment}",
                        soft_wrap=True,
                    )
                self.console.rule(f"[bold]Round {table.round_number}[/bold]: place your bets")
                carried = [s for s in self.mine() if s.carried]
                if carried:
                    self.console.print(
                        "Carried over from the last round: "
                        + ", ".join(self._stake_text(s) for s in carried)
                    )
            if not self._betting():
                return
            self._deal()

    def _betting(self) -> bool:
        """Prompt until ``deal`` (True) or ``quit`` (False)."""
        while True:
            text = typer.prompt(
                f"round {self.table.round_number} · bankroll {self.money(self.bankroll())}",
                default="",
                show_default=False,
            )
            if not text.strip():
                self.console.print("Type a command: bet, raise, withdraw, bets, deal, help, quit.")
                continue
            try:
                order = parse_command(text, decimals=self.decimals)
            except BadOrder as exc:
                self._refuse(f"{exc}; type help for the commands")
                continue
            if order.verb == "quit":
                if self._may_leave():
                    return False
                continue
            self.leaving = False
            if order.verb == "deal":
                if self.table.stakes:
                    return True
                self._refuse("no stake on the layout: bet first (or quit)")
            elif order.verb == "help":
                self.help()
            elif order.verb == "bets":
                self.show_bets()
            else:
                self._order(order)

    def _order(self, order: Order) -> None:
        """A bet, raise or withdrawal: made, or refused with nothing changed."""
        from croupier.errors import CroupierError, RuleViolation

        assert order.place is not None and order.bet is not None
        place, bet = order.place, order.bet
        here = next((s for s in self.mine() if s.position == place and s.bet == bet), None)
        try:
            if order.verb == "withdraw":
                if here is None:  # the game's refusal names the player ("you has"): said here
                    self._refuse(f"you have no {bet} stake on place {place} to withdraw")
                    return
                self.desk.withdraw(self.player, place, bet)
                self.staked -= here.amount
                self.console.print(
                    f"Withdrawn: {bet} on place {place}, {self.money(here.amount)} back; "
                    f"bankroll {self.money(self.bankroll())}"
                )
                return
            amount = order.amount
            assert amount is not None
            if order.verb == "raise" and here is None:
                self._refuse(f"you have no {bet} stake on place {place} to raise: use bet")
                return
            left = self.bankroll()
            if amount > left:
                self._refuse(
                    f"a stake of {self.money(amount)} is more than your bankroll of "
                    f"{self.money(left)}"
                )
                return
            self.desk.stake(self.player, place, bet, amount)
        except RuleViolation as exc:
            if exc.rule == "table limits" and order.amount is not None:
                total = order.amount + (0 if here is None else here.amount)
                limit = limit_text(self.options.limits, bet, self.decimals)
                self._refuse(
                    f"table limits: your {bet} stake on place {place} would be "
                    f"{self.money(total)}; the table's {bet} limit is {limit}"
                )
            else:
                self._refuse(str(exc))
            return
        except CroupierError as exc:
            self._refuse(str(exc))
            return
        self.staked += amount
        total = amount + (0 if here is None else here.amount)
        what = "Bet" if here is None else f"Raised by {self.money(amount)}:"
        self.console.print(
            f"{what} {bet} on place {place}, {self.money(total)}; "
            f"bankroll {self.money(self.bankroll())}"
        )

    def _refuse(self, message: str) -> None:
        from rich.markup import escape

        # the message may quote what was typed: never read as Rich markup
        self.console.print(
            f"[red]refused:[/red] {escape(message)}; nothing changed.", soft_wrap=True
        )

    def _may_leave(self) -> bool:
        """``quit``: leave (True); with a carried stake on the table, only when said twice."""
        carried = [s for s in self.mine() if s.carried]
        if carried and not self.leaving:
            self.leaving = True
            self.console.print(
                "Carried over and not withdrawable: "
                + ", ".join(self._stake_text(s) for s in carried)
                + ". It stays on the table if you leave: type quit again to leave, or deal to "
                "play it."
            )
            return False
        return True

    def _deal(self) -> None:
        from croupier.commands.play_banking import _render_round

        table = self.table
        before = self.net()
        self.desk.deal()
        self.rounds += 1
        _render_round(self.console, self.spec, table, self.decimals)
        carried = [s for s in self.mine() if s.carried]
        if carried:
            self.console.print(
                "Stays on the table for the next round: "
                + ", ".join(self._stake_text(s) for s in carried)
            )
        change = self.net() - before
        sign = "+" if change > 0 else ""
        self.console.print(
            f"[bold]Bankroll {self.money(self.bankroll())}[/bold] (this round {sign}"
            f"{self.money(change)}"
            + (f"; {self.money(self.on_table())} on the table" if self.on_table() else "")
            + ")"
        )

    def _stake_text(self, stake: Any) -> str:
        return f"{stake.bet} on place {stake.position} ({self.money(stake.amount)})"

    # -- help and the layout ---------------------------------------------------------------------

    def help(self) -> None:
        from rich.table import Table

        commands = Table(title="Commands", title_justify="left")
        for col in ("command", "short", "what it does"):
            commands.add_column(col)
        for row in COMMANDS:
            commands.add_row(*row)
        self.console.print(commands)
        self.console.print(f"Places are 1..{self.options.positions}; {self.amounts()}.")
        bets = Table(title=f"Bets of {self.spec.regulation}", title_justify="left")
        for col in ("bet", "wins when", "pays", "article", "limit", "note"):
            bets.add_column(col)
        limits = self.options.limits
        for guide in bet_guide(self.spec.name, self.options):
            bets.add_row(
                guide.name,
                guide.wins_on,
                guide.pays,
                guide.article,
                limit_text(limits, guide.name, self.decimals),
                guide.note,
            )
        self.console.print(bets)

    def show_bets(self) -> None:
        from rich.table import Table

        mine = self.mine()
        if not mine:
            self.console.print(
                f"No stake of yours on the layout; bankroll {self.money(self.bankroll())}"
            )
            return
        layout = Table(title="Your stakes")
        for col in ("place", "bet", "stake", "carried"):
            layout.add_column(col, justify="right" if col == "stake" else "left")
        for s in mine:
            layout.add_row(str(s.position), s.bet, self.money(s.amount), "yes" if s.carried else "")
        self.console.print(layout)
        self.console.print(
            f"On the table {self.money(self.on_table())}; bankroll {self.money(self.bankroll())}"
        )

    # -- the end ---------------------------------------------------------------------------------

    def _leave_layout(self) -> None:
        """Leaving during betting: the stakes of this round go back to the bankroll (a carried
        stake cannot be withdrawn and stays)."""
        from croupier.events import Phase

        if self.table.phase is not Phase.BETTING:
            return
        for stake in self.mine():
            if not stake.carried and self.table.can_withdraw_bet(
                self.player, stake.position, stake.bet
            ):
                self.desk.withdraw(self.player, stake.position, stake.bet)
                self.staked -= stake.amount

    def summary(self) -> None:
        from rich.table import Table

        net = self.net()
        rows = [
            ("rounds played", str(self.rounds)),
            ("staked", self.money(self.staked)),
            ("won" if net >= 0 else "lost", self.money(abs(net))),
            ("bankroll at the start", self.money(self.start)),
            ("final bankroll", self.money(self.bankroll())),
        ]
        if self.on_table():
            rows.append(("still on the table (carried)", self.money(self.on_table())))
        table = Table(title="Session summary", show_header=False)
        table.add_column("", style="bold")
        table.add_column("", justify="right")
        for row in rows:
            table.add_row(*row)
        self.console.print(table)

    def finish(self) -> None:
        self._leave_layout()
        self.summary()
        self.desk.close()  # the seal (a fair shoe not finished: its seed revealed first)
        self.console.print(
            f"Table log head (sha256): {self.desk.table.head()}", soft_wrap=True, markup=False
        )
        if self.writer is not None:
            self.console.print(
                f"Table log written to {self.writer.path}, sealed (check it with `croupier "
                f"replay {self.writer.path}`)",
                soft_wrap=True,
            )

    def interrupted(self) -> None:
        """Ctrl-C or the end of the input: the record as it stands, then the summary."""
        from croupier.errors import CroupierError

        self.console.print()
        with contextlib.suppress(CroupierError):  # the layout stays as the engine left it
            self._leave_layout()
        self.summary()
        if self.writer is not None:
            where = f"round {self.table.round_number}, phase {self.table.phase.value}"
            typer.echo(
                f"Interrupted: the log {str(self.writer.path)!r} keeps every event so far (it "
                f"ends in {where}) and is unsealed (`croupier replay --allow-open "
                f"{self.writer.path}` reads it).",
                err=True,
            )
        else:
            typer.echo("Interrupted: the session ends here.", err=True)
