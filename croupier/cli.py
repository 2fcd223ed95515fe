"""The ``croupier`` command line: the entry point.

Each command lives in a module of :mod:`croupier.commands` and registers itself on the shared
:data:`croupier.commands.app.app` when that module is imported; the helpers every command
shares are in :mod:`croupier.commands.output`. No command module imports this one.

The entry point :data:`app` loads a command's module only when that command runs (or its own
``--help`` is asked for): ``croupier --help`` lists the commands from :data:`COMMANDS` (name,
module, one-line help) without importing any of them, so the command line starts fast (issue
22). A test checks that :data:`COMMANDS` names every command the modules register, each in the
module that registers it.

Every :class:`~croupier.errors.CroupierError` ends a command with its message on stderr and exit
code 2, never a traceback. Heavy imports (Rich, NumPy, the games) happen inside the commands.
"""

# No ``from __future__ import annotations`` here (issue 22): Typer reads a command's signature
# (inspect.signature(eval_str=True) and get_type_hints, twice each time the command is built),
# and annotations kept as text would be evaluated anew each time (the root's --version option);
# evaluated once, as the function is defined, they are read as they are.

import gc
import importlib
import sys
from typing import Annotated, Any

import typer
from typer.core import TyperGroup, TyperOption

from croupier.commands.loading import enter
from croupier.commands.plain_options import PlainParams

__all__ = ["COMMANDS", "app", "main"]

#: every command: its module in croupier.commands and the line ``croupier --help`` shows for it,
#: in the order it lists them (``croupier COMMAND --help`` shows the command's own help)
COMMANDS: dict[str, tuple[str, str]] = {
    "deal": ("deal", "Shuffle and deal a round of a game (--fair: provably fair)."),
    "verify": ("deal", "Check a provably fair deal from its revealed seeds."),
    "commit": ("deal", "Draw and store a server seed; print its commitment."),
    "play": ("play", "Play a game against bots (or scripted bets), with a log."),
    "simulate": ("simulate", "Play many rounds and check them against the exact odds."),
    "replay": ("replay", "Check a table's record: its chain, its seal, every event."),
    "log": ("log", "Table logs: convert an old record into a sealed table log."),
    "table": ("table", "Any game through the table interface: run, schema, options."),
    "odds": ("odds", "Exact odds, expected value and house edge of every bet."),
    "equity": ("equity", "Five-card stud: each hand's exact showdown equity."),
    "solve": ("solve", "Solve a game position: the best play, exactly."),
    "score": ("score", "Score a finished hand, explained."),
    "tiles": ("tiles", "The Mah-Jong tiles: their notation and the regulation's names."),
    "rank": ("rank", "Rank hands under a game's rules, strongest first."),
    "serve": ("serve", "Run the table server: REST, WebSocket, live tables."),
    "db": ("db", "The server's database: schema migrations."),
    "admin": ("db", "The server's accounts: users, their roles and passwords."),
    "audit": ("audit", "Check a server's record: chains, rules, ledger."),
}


class LazyGroup(PlainParams, TyperGroup):
    """The root command group: a command's module is imported when the command is used; its
    own options (``--version``, ``--help``) are read without Pydantic
    (:mod:`croupier.commands.plain_options`). An option's value refused by Typer's own check
    (a type or a bound: ``--hands abc``, ``--rounds -1``) is quoted back in the error
    (:func:`quote_refused`), as the commands' own checks quote what a person typed."""

    def invoke(self, ctx: Any) -> Any:
        given = [*getattr(ctx, "_protected_args", ()), *ctx.args]
        try:
            return super().invoke(ctx)
        except typer.BadParameter as exc:
            quote_refused(exc, given)
            raise

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        found = self.commands.get(cmd_name)
        if found is not None or cmd_name not in COMMANDS:
            return found
        importlib.import_module(f"croupier.commands.{COMMANDS[cmd_name][0]}")
        from croupier.commands.app import app as registered

        group = typer.main.get_command(registered)
        assert isinstance(group, TyperGroup)
        found = group.commands.get(cmd_name)
        if found is not None:
            self.commands[cmd_name] = found
        return found

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands and their one-line help, from :data:`COMMANDS` (nothing imported)."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, text) for name, (_, text) in COMMANDS.items()])


app = typer.Typer(
    name="croupier",
    help="Exact, auditable engine for Macau's official casino table games.",
    cls=LazyGroup,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    # Never print local variables of a crash: they may hold a provably-fair server seed.
    pretty_exceptions_show_locals=False,
)


def _version(value: bool) -> None:
    if value:
        from croupier import __version__

        typer.echo(f"croupier {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", is_eager=True, callback=_version, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Exact, auditable engine for Macau's official casino table games."""


def quote_refused(exc: typer.BadParameter, args: list[str]) -> None:
    """Add the text given for ``exc``'s option (its last use in ``args``, the words after the
    command's name; ``--opt VALUE`` or ``--opt=VALUE``) to the error's message, unless it is
    already there. Typer's checks say what was wrong, not what was typed."""
    param = exc.param
    if not isinstance(param, TyperOption) or getattr(param, "is_flag", False):
        return
    names = {*param.opts, *param.secondary_opts}
    value: str | None = None
    for i, word in enumerate(args):
        if word == "--":
            break
        if word in names and i + 1 < len(args):
            value = args[i + 1]
        elif word.startswith("--") and "=" in word and word.partition("=")[0] in names:
            value = word.partition("=")[2]
    if value is not None and repr(value) not in exc.message:
        exc.message = f"{exc.message} (got {value!r})"


def load_all() -> None:
    """Import every command module (tests, documentation)."""
    for module, _ in COMMANDS.values():
        importlib.import_module(f"croupier.commands.{module}")


#: commands that read their input and print, and nothing else: no file, no connection, no
#: thread is left to close when they end (``main`` freezes the collector at their exit)
READ_ONLY: frozenset[str] = frozenset({"solve", "rank", "equity", "score", "tiles"})


def main() -> None:
    """The installed ``croupier`` command: :data:`app`. A read-only command's process (or
    ``--help``, ``--version``) is over once the app returns, so the cyclic collector is frozen
    then (:func:`gc.freeze`): the full collection Python runs at exit would otherwise walk
    every object NumPy, Rich and Typer left alive (~6% of ``solve thirteen``'s instructions,
    issue 22) to find no garbage. Nothing else changes: the objects are freed as the
    interpreter ends, only no cycle among them is looked for, and a read-only command leaves
    nothing whose closing would wait for one. So does a command that says it closed all it
    opened (:func:`~croupier.commands.output.nothing_left_open`: ``simulate five-card-stud``'s
    one table in this process, ~1.5% of a 10,000-hand run's CPU)."""
    words = [a for a in sys.argv[1:] if not a.startswith("-")]
    enter()  # this process is the command line's: its modules frozen once loaded
    try:
        app()
    finally:
        output = sys.modules.get("croupier.commands.output")  # loaded by any command that ran
        closed = output is not None and output.closed_all()
        if not words or words[0] in READ_ONLY or closed:
            gc.freeze()
