"""``croupier table run|schema|options GAME``: any game through the table interface only.

``table run`` seats bots at a table of the game (the registry's table class, bots and options)
and runs it with :func:`croupier.table.runner.run_table`: no game-specific code here. It prints
each round as it closes (the closing event as the public sees it, and the money each player
and the house won or lost) and the ledger at the end; ``--json`` prints ``{"game", "rounds",
"events", "ledger": {"balanced", "house", "players", ...}, ...}``; ``--log`` writes the table
log (sealed when the run ends). ``table schema`` prints the JSON Schema of the game's commands;
``table options`` the keys ``--option`` takes.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from croupier.commands.app import app
from croupier.commands.options import OptionsOpt, game_options, options_class
from croupier.commands.output import croupier_errors, fail, print_json
from croupier.commands.tablelog import ForceOpt

if TYPE_CHECKING:
    from croupier.table.base import Table
    from croupier.table.registry import GameInfo

__all__ = ["MAX_BOTS", "MAX_ROUNDS"]

MAX_BOTS = 16
MAX_ROUNDS = 100_000

table_app = typer.Typer(
    help="Any game through the table interface: run a table of bots, print the command "
    "schema or the table options.",
    no_args_is_help=True,
)
app.add_typer(table_app, name="table")


def _game_help() -> str:
    from croupier.table.registry import games_supporting

    return "The game: " + ", ".join(games_supporting("table")) + "."


GameArg = Annotated[str, typer.Argument(help="The game (see `croupier table --help`).")]


def _info(game: str) -> GameInfo:
    from croupier.table.registry import game as lookup
    from croupier.table.registry import games_supporting

    name = game.strip().lower()
    with croupier_errors():
        info = lookup(name)
    if "table" not in info.commands:
        fail(f"{info.name} has no table; the games are: {', '.join(games_supporting('table'))}")
    return info


def _table_class(info: GameInfo) -> type[Table[Any]]:
    try:
        return info.table
    except (ImportError, AttributeError):
        fail(
            f"{info.name} is not available on the table interface yet (its table, "
            f"{info.table_path.partition(':')[0]}, is not in this version)"
        )


def _bot_seed(seed: str | None, index: int) -> int:
    if seed is None:
        import secrets

        return secrets.randbits(63)
    digest = hashlib.sha256(f"{seed}:bot:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@table_app.command("run")
def run(
    game: GameArg,
    bots: Annotated[
        int | None,
        typer.Option(
            "--bots",
            min=1,
            max=MAX_BOTS,
            help="Bots to seat (each takes a place; default 3, or the game's fewest players "
            "when more: Mah-Jong 4).",
            show_default=False,
        ),
    ] = None,
    rounds: Annotated[
        int,
        typer.Option(
            "--rounds",
            min=1,
            max=MAX_ROUNDS,
            help="Rounds to play (Mah-Jong: games, four of which make its round, Art 2).",
        ),
    ] = 5,
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed", help="Reproducible shuffles and bots (not for live play).", show_default=False
        ),
    ] = None,
    bot_kind: Annotated[
        str | None,
        typer.Option(
            "--bot-kind",
            help="Which of the game's bots (default: its first; a wrong name lists them).",
            show_default=False,
        ),
    ] = None,
    fair: Annotated[
        bool,
        typer.Option(
            "--fair",
            help="Provably fair shuffles: each committed before it happens and its server seed "
            "revealed after (needs --client-seed).",
        ),
    ] = False,
    client_seed: Annotated[
        str | None,
        typer.Option("--client-seed", help="With --fair: your seed.", show_default=False),
    ] = None,
    option: OptionsOpt = None,
    log: Annotated[
        Path | None,
        typer.Option(
            "--log", help="Write the table log here (JSON Lines, sealed).", show_default=False
        ),
    ] = None,
    force: ForceOpt = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the run as JSON.")] = False,
) -> None:
    """Run a table of GAME with bots through the table interface and print each round."""
    info = _info(game)
    table_class = _table_class(info)
    if bots is None:
        bots = max(3, table_class.MIN_PLAYERS)
    elif bots < table_class.MIN_PLAYERS:
        fail(f"--bots {bots}: {info.title} needs {table_class.MIN_PLAYERS} players at a table")
    options = game_options(info.name, option)
    from croupier.commands.fair import fair_source

    source = fair_source(fair, client_seed, None, seed)
    kinds = dict(info.bots)
    kind = next(iter(kinds)) if bot_kind is None else bot_kind.strip().lower()
    if kind not in kinds:
        fail(f"no {info.name} bot {bot_kind!r}; the bots are: {', '.join(kinds)}")
    from croupier.commands.tablelog import TableLogWriter

    writer = TableLogWriter.open(log, force=force) if log is not None else None
    with croupier_errors():
        from croupier.table.runner import run_table

        table = table_class(options, table_id="table-1", source=source)
        players = {f"bot{i}": kinds[kind](_bot_seed(seed, i)) for i in range(1, bots + 1)}
        say = None if as_json else typer.echo
        if say is not None:
            say(
                f"{info.title} · {info.regulation} · {bots} {kind} bot(s), {rounds} "
                f"{info.round_word}(s)" + (f", seed {seed!r}" if seed is not None else "")
            )
        results: list[dict[str, Any]] = []
        before = _money(table)

        def on_round(table: Table[Any], number: int) -> None:
            nonlocal before
            result = _round_result(table, number, before)
            before = _money(table)
            results.append(result)
            if say is not None:
                say(_round_line(result, getattr(options, "decimals", 0), info.round_word))

        try:
            report = run_table(
                table,
                players,
                rounds=rounds,
                on_round=on_round,
                on_step=None if writer is None else (lambda t, _applied: writer.follow(t)),
            )
        finally:
            if writer is not None:
                writer.follow(table)
                writer.close()
        out = {
            "game": info.name,
            "seed": seed,
            "options": options.to_dict(),
            "bots": {"kind": kind, "names": list(players)},
            "rounds": report.rounds,
            "events": report.entries,
            "commands": report.commands,
            "timeouts": report.timeouts,
            "results": results,
            "ledger": table.ledger.summary(),
            "books_agree": table.books_agree(),
            "sealed": table.closed,
            "head": table.head(),
        }
        if fair:
            from croupier.commands.fair import fair_shuffles

            out["provably_fair"] = fair_shuffles(table)
        if as_json:
            print_json(out)
            return
        assert say is not None
        from croupier.money import format_money

        ledger = out["ledger"]
        places = getattr(options, "decimals", 0)

        def cash(units: int) -> str:
            return format_money(units, decimals=places)

        chips = ", ".join(f"{p} {cash(v)}" for p, v in ledger["players"].items())
        say(
            f"{report.rounds} {info.round_word}s, {report.entries} entries, "
            f"{report.commands} commands, {report.timeouts} timeouts. "
            f"Ledger balanced: {ledger['balanced']}; books agree: "
            f"{out['books_agree']}; house {cash(ledger['house'])}, commission "
            f"{cash(ledger['commission'])}; chips: {chips}"
        )
        for shuffle in out.get("provably_fair", ()):
            revealed = shuffle["server_seed"] or "not revealed (the table closed before it)"
            say(
                f"Fair shuffle, nonce {shuffle['nonce']}: commitment {shuffle['commitment']} "
                f"(client seed {shuffle['client_seed']!r}); server seed {revealed}"
            )
        say(f"Sealed; last hash {out['head']}")
        if log is not None:
            say(f"Table log written to {log} (check it with `croupier replay {log}`)")


def _money(table: Table[Any]) -> dict[str, int]:
    """Each player's winnings so far (chips now less chips bought in from the cashier), and
    the house's and the commission's balance."""
    ledger = table.ledger
    out = {f"player:{p}": v for p, v in ledger.players().items()}
    for account, amount in ledger.from_cashier().items():  # kept by the ledger, no scan
        out[account] = out.get(account, 0) - amount
    out["house"] = ledger.balance("house")
    out["commission"] = ledger.balance("commission")
    return out


def _round_result(table: Table[Any], number: int, before: dict[str, int]) -> dict[str, Any]:
    """Round ``number`` as the public saw it close, and the money it moved."""
    from croupier.table.actor import Actor

    span = table.rounds[number - 1]
    last = span.last_seq if span.last_seq is not None else table.seq
    closing = table.events_for(Actor.OBSERVER, last - 1)[0]["event"]
    after = _money(table)
    net = {
        account.removeprefix("player:"): after.get(account, 0) - before.get(account, 0)
        for account in sorted(set(after) | set(before))
        if account.startswith("player:")
    }
    return {
        "round": number,
        "first_seq": span.first_seq,
        "last_seq": last,
        "result": closing,
        "net": {p: v for p, v in net.items() if v},
        "house": after["house"] - before.get("house", 0),
        "commission": after["commission"] - before.get("commission", 0),
    }


def _round_line(result: dict[str, Any], decimals: int = 0, word: str = "round") -> str:
    event = dict(result["result"])
    kind = event.pop("type", "?")
    detail = json.dumps(event, ensure_ascii=False, separators=(", ", ": "))
    if len(detail) > 90:
        detail = detail[:87] + "..."
    from croupier.money import format_money

    def cash(units: int) -> str:
        return format_money(units, decimals=decimals, sign=True)

    net = ", ".join(f"{p} {cash(v)}" for p, v in result["net"].items()) or "no money moved"
    return (
        f"{word.capitalize()} {result['round']} "
        f"(entries {result['first_seq']}-{result['last_seq']}): "
        f"{kind} {detail} | {net}; house {cash(result['house'])}, commission "
        f"{cash(result['commission'])}"
    )


@table_app.command("schema")
def schema(game: GameArg) -> None:
    """Print the JSON Schema of GAME's commands (what a client may send)."""
    info = _info(game)
    print_json(_table_class(info).schema())


@table_app.command("options")
def options(
    game: GameArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print the keys as JSON.")] = False,
) -> None:
    """List the table options of GAME: the keys `--option KEY=VALUE` takes, with their types,
    defaults and meaning."""
    info = _info(game)
    from croupier.table.settings import settings_of

    settings = settings_of(options_class(info.name))
    if as_json:
        print_json({"game": info.name, "options": [s.to_dict() for s in settings]})
        return
    import shutil
    import textwrap

    width = min(100, shutil.get_terminal_size((100, 20)).columns)
    lines = [f"{info.title}: croupier ... --option KEY=VALUE (repeatable)", ""]
    for s in settings:
        kind = s.kind if not s.choices else "one of " + ", ".join(s.choices)
        lines.append(f"{s.key}  ({kind}; default {s.text_default})")
        if s.doc:
            lines += textwrap.wrap(s.doc, width, initial_indent="    ", subsequent_indent="    ")
    typer.echo("\n".join(lines))


# ``croupier table void`` (the table server's operator command) joins this group.
from croupier.commands.serve_table import register as _register_void  # noqa: E402

_register_void(table_app)
