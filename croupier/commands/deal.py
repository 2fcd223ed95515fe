"""``croupier deal``, ``croupier verify`` and ``croupier commit``: a round of any of the five
games dealt and shown, and a provably fair deal checked from its revealed seeds.

Randomness: ``--seed TEXT`` (reproducible, :class:`~croupier.shuffle.SeededShuffler`), ``--fair``
(:class:`~croupier.shuffle.ProvablyFairShuffler` through :mod:`croupier.commands.fair`: the
commitment is shown before the deal, the server seed after it, with the ``croupier verify``
command that checks it), otherwise the operating system's CSPRNG. ``croupier commit`` draws and
stores a server seed and prints its commitment, to publish before the client seed is chosen.

The table's options come from ``--option KEY=VALUE`` (``croupier table options GAME`` lists
them) and from the older flags ``--decks``, ``--positions`` and ``--from-banker``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from croupier.commands.app import app
from croupier.commands.bounds import DECKS, NONCE, POSITIONS
from croupier.commands.fair import (
    ClientSeedOpt,
    FairOpt,
    FairShuffles,
    NonceOpt,
    ServerSeedFileOpt,
)
from croupier.commands.games import check_game, games_help
from croupier.commands.options import OptionsOpt, cli_base, game_options
from croupier.commands.output import croupier_errors, fail, make_console, print_json, seed_text
from croupier.seeds import MIN_CLIENT_SEED

if TYPE_CHECKING:
    from croupier.commands.dealers import Dealt
    from croupier.shuffle import Shuffler

__all__ = ["first_difference"]


@dataclass(frozen=True)
class LegacyFlags:
    """The table flags ``deal`` and ``verify`` took before ``--option``; None: not given."""

    cut: int | None = None
    decks: int | None = None
    positions: int | None = None
    count_banker_as_one: bool | None = None

    def pairs(self, game: str) -> list[str]:
        """The flags as ``--option`` pairs of ``game``; a flag the game has not is refused."""
        out: list[str] = []
        for flag, key, value in (
            ("--decks", "decks", self.decks),
            ("--positions", "positions", self.positions),
        ):
            if value is None:
                continue
            if game not in ("three-card-baccarat", "football-poker"):
                fail(f"{flag} applies to three-card-baccarat and football-poker only")
            out.append(f"{key}={value}")
        if self.count_banker_as_one is not None:
            if game != "thirteen":
                fail("--from-banker/--after-banker applies to thirteen only")
            out.append(f"count_banker_as_one={str(self.count_banker_as_one).lower()}")
        if self.cut is not None and game == "mahjong":
            fail("--cut does not apply to mahjong: the dice break the wall (Art 2)")
        if self.cut is not None and game == "five-card-stud":
            fail("--cut does not apply to five-card-stud: the shuffle draws the cut (Art 2)")
        return out

    def flags(self) -> list[str]:
        """The command-line flags that reproduce these settings."""
        out: list[str] = []
        if self.cut is not None:
            out += ["--cut", str(self.cut)]
        if self.decks is not None:
            out += ["--decks", str(self.decks)]
        if self.positions is not None:
            out += ["--positions", str(self.positions)]
        if self.count_banker_as_one is not None:
            out.append("--from-banker" if self.count_banker_as_one else "--after-banker")
        return out


def _table(game: str, legacy: LegacyFlags, option: list[str] | None) -> tuple[Any, list[str]]:
    """The options of the table dealt, and the flags that reproduce them."""
    pairs = [*legacy.pairs(game), *(option or [])]
    options = game_options(game, pairs, cli_base(game))
    flags = legacy.flags()
    for pair in option or []:
        flags += ["--option", pair]
    return options, flags


def _deal(game: str, shuffler: Shuffler, options: Any, cut: int | None) -> Dealt:
    from croupier.commands.dealers import DEALERS

    return DEALERS[game](shuffler, options, cut)


# -- commands -------------------------------------------------------------------------------------

GameArg = Annotated[str, typer.Argument(help=games_help("deal"), show_default=False)]
CutOpt = Annotated[
    int | None,
    typer.Option(
        "--cut",
        help="Cards moved from the top to the bottom at the cut (default: drawn at random in the "
        "legal range).",
        show_default=False,
    ),
]
DecksOpt = Annotated[
    int | None,
    typer.Option(
        "--decks",
        callback=DECKS.check("--decks"),
        help=DECKS.help("3-card baccarat and football poker: decks; the same as --option decks=N.")
        + "  [default: 3-card baccarat 8 (1 = a box), football poker 6]",
        show_default=False,
    ),
]
PositionsOpt = Annotated[
    int | None,
    typer.Option(
        "--positions",
        callback=POSITIONS.check("--positions"),
        help=POSITIONS.help(
            "3-card baccarat and football poker: player places; the same as --option positions=N."
        )
        + "  [default: 3-card baccarat 7, football poker 8]",
        show_default=False,
    ),
]
CountOpt = Annotated[
    bool | None,
    typer.Option(
        "--from-banker/--after-banker",
        help="13-card game: count the dice total counterclockwise with the banker as 1 "
        "(--from-banker, default) or the position after the banker as 1 (Art 2 b reading).",
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the deal as JSON.")]


@app.command()
def deal(
    game: GameArg,
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed",
            help="Reproducible deal from this seed (simulation, tests).",
            show_default=False,
        ),
    ] = None,
    fair: FairOpt = False,
    client_seed: ClientSeedOpt = None,
    nonce: NonceOpt = None,
    server_seed_file: ServerSeedFileOpt = None,
    cut: CutOpt = None,
    decks: DecksOpt = None,
    positions: PositionsOpt = None,
    count_banker_as_one: CountOpt = None,
    option: OptionsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Shuffle and deal a round of GAME."""
    name = check_game(game, "deal")
    options, flags = _table(name, LegacyFlags(cut, decks, positions, count_banker_as_one), option)
    session = FairShuffles.from_flags(fair, client_seed, nonce, server_seed_file, seed=seed)
    with croupier_errors():
        from croupier.shuffle import LiveShuffler, SeededShuffler

        shuffler: Shuffler
        if session is not None:
            shuffler = session.next()
        elif seed is not None:
            shuffler = SeededShuffler(seed_text(seed))
        else:
            shuffler = LiveShuffler()
        console = None if as_json else make_console()
        if session is not None and console is not None:
            session.announce(console)
        dealt = _deal(name, shuffler, options, cut)
        if as_json:
            data = dict(dealt.data)
            if seed is not None:
                data["seed"] = seed
            if session is not None:
                pf = session.shufflers[0]
                data["provably_fair"] = _fair_data(pf.commitment, pf.server_seed, pf)
            print_json(data)
            return
        assert console is not None
        if seed is not None:
            console.print(f"Seed: {seed!r} (reproducible deal, not for live play)")
        dealt.render(console)
        if session is not None:
            session.reveal(console, name, flags)


def _fair_data(commitment: str, server_seed: bytes, pf: Any) -> dict[str, Any]:
    return {
        "commitment": commitment,
        "server_seed": server_seed.hex(),
        "client_seed": pf.client_seed,
        "nonce": pf.nonce,
    }


@app.command()
def verify(
    game: GameArg,
    server_seed: Annotated[
        str,
        typer.Option("--server-seed", help="The revealed server seed, in hex.", show_default=False),
    ],
    client_seed: Annotated[
        str, typer.Option("--client-seed", help="The client seed of the deal.", show_default=False)
    ],
    nonce: Annotated[
        int,
        typer.Option(
            "--nonce",
            callback=NONCE.check("--nonce"),
            help=NONCE.help("The nonce of the deal."),
            show_default=False,
        ),
    ],
    commitment: Annotated[
        str | None,
        typer.Option(
            "--commitment",
            help="The commitment published before the deal (hex). Required, unless "
            "--no-commitment says the seed is to be replayed without one.",
            show_default=False,
        ),
    ] = None,
    no_commitment: Annotated[
        bool,
        typer.Option("--no-commitment", help="Replay the seeds without checking a commitment."),
    ] = False,
    expect: Annotated[
        Path | None,
        typer.Option(
            "--expect",
            help="The deal as recorded (the JSON of `croupier deal --json`): the recomputed deal "
            "must be identical to it.",
            show_default=False,
        ),
    ] = None,
    cut: CutOpt = None,
    decks: DecksOpt = None,
    positions: PositionsOpt = None,
    count_banker_as_one: CountOpt = None,
    option: OptionsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Check a provably-fair deal of GAME: the commitment, then the deal recomputed from seeds
    (and, with --expect, compared with the deal as it was recorded)."""
    name = check_game(game, "verify")
    if commitment is None and not no_commitment:
        fail("give the --commitment published before the deal (or --no-commitment to replay)")
    if commitment is not None and no_commitment:
        fail("--commitment and --no-commitment cannot be used together")
    options, _ = _table(name, LegacyFlags(cut, decks, positions, count_banker_as_one), option)
    try:
        seed_bytes = bytes.fromhex(server_seed.strip())
    except ValueError:
        fail(f"--server-seed must be hexadecimal, got {server_seed!r}")
    with croupier_errors():
        from croupier.shuffle import ProvablyFairShuffler, verify_commitment

        if commitment is not None:
            verify_commitment(seed_bytes, commitment)
        pf = ProvablyFairShuffler(seed_bytes, client_seed, nonce)
        dealt = _deal(name, pf, options, cut)
        if expect is not None:
            _compare_with_record(dealt.data, expect)
        short = len(client_seed.strip()) < MIN_CLIENT_SEED
        if as_json:
            data = dict(dealt.data)
            data["provably_fair"] = {
                **_fair_data(pf.commitment, pf.server_seed, pf),
                "commitment_checked": commitment is not None,
                "deal_compared": expect is not None,
                "client_seed_too_short": short,
            }
            print_json(data)
            return
        console = make_console()
        if commitment is not None:
            console.print(
                "[bold green]Commitment verified[/bold green]: sha256(server seed) =\n"
                f"  {pf.commitment}"
            )
        else:
            console.print(
                "[bold yellow]No commitment given[/bold yellow]: the seed was not checked "
                f"against one; sha256(server seed) =\n  {pf.commitment}"
            )
        if short:
            console.print(
                f"[bold yellow]Warning[/bold yellow]: the client seed is shorter than "
                f"{MIN_CLIENT_SEED} characters: it carries too little of the player's own "
                "entropy for a fair deal (today's `deal --fair` refuses it)."
            )
        console.print(
            f"Client seed: {pf.client_seed!r}, nonce: {pf.nonce}. The deal these seeds produce:"
        )
        dealt.render(console)
        if expect is not None:
            console.print(
                f"[bold green]Deal verified[/bold green]: identical to the record {str(expect)!r}"
            )


# -- comparing a recorded deal with the recomputed one (issue 15 item 10) --------------------


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every leaf of a JSON value with its path (keys and list indexes)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))
    else:
        yield path, value


def _path_text(path: tuple[Any, ...]) -> str:
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text or "the deal"


_MISSING = object()


def first_difference(recorded: dict[str, Any], recomputed: dict[str, Any]) -> str | None:
    """Where the recorded deal first differs from the recomputed one, in a few words, and how
    much differs (None: they agree on every key of the recomputed deal).

    >>> first_difference({"hands": {"1": ["As", "Kd"]}}, {"hands": {"1": ["As", "Qs"]}})
    "at hands.1[1] (item 2 of hands.1): recorded 'Kd', the seeds give 'Qs'; 1 of 2 values differ"
    >>> first_difference({"burns": []}, {"burns": ["As"]})
    "at burns[0] (item 1 of burns): recorded nothing, the seeds give 'As'; 1 of 1 values differ"
    """
    expected = json.loads(json.dumps(recomputed))
    missing = [key for key in expected if key not in recorded]
    if missing:
        return f"at {missing[0]}: the record has no {missing[0]!r} ({len(missing)} keys missing)"
    want = dict(_leaves(expected))
    have = dict(_leaves({key: recorded[key] for key in expected}))
    paths = [*want, *(p for p in have if p not in want)]
    differ = [p for p in paths if want.get(p, _MISSING) != have.get(p, _MISSING)]
    if not differ:
        return None
    path = differ[0]
    item = ""
    if path and isinstance(path[-1], int):
        item = f" (item {path[-1] + 1} of {_path_text(path[:-1])})"

    def shown(value: Any) -> str:
        return "nothing" if value is _MISSING else repr(value)

    where = sorted({str(p[0]) for p in differ if p}, key=list(expected).index)
    places = f" (in {', '.join(where)})" if len(where) > 1 else ""
    return (
        f"at {_path_text(path)}{item}: recorded {shown(have.get(path, _MISSING))}, the seeds "
        f"give {shown(want.get(path, _MISSING))}; {len(differ)} of {len(paths)} values differ"
        f"{places}"
    )


def _compare_with_record(recomputed: dict[str, Any], record_path: Path) -> None:
    """The recorded deal (``deal --json``) must equal the recomputed one, key by key; a
    mismatch names the first differing card or tile and how much differs."""
    from croupier.errors import VerificationError

    try:
        record = json.loads(record_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        fail(f"cannot read the recorded deal {str(record_path)!r}: {exc}")
    if not isinstance(record, dict):
        fail(f"the recorded deal {str(record_path)!r} is not a JSON object")
    difference = first_difference(record, recomputed)
    if difference is not None:
        raise VerificationError(
            f"the recorded deal differs from the one these seeds produce, first {difference}"
        )


@app.command()
def commit(
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            help="Where to keep the secret server seed (hex; created, never overwritten).",
            show_default=False,
        ),
    ],
) -> None:
    """Draw a secret server seed (OS CSPRNG), store it, and print its commitment to publish
    BEFORE players choose their client seed; then `deal --fair --server-seed-file`."""
    from croupier.shuffle import commit as commitment_of
    from croupier.shuffle import new_server_seed

    seed = new_server_seed()
    try:
        fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        fail(f"{str(out)!r} exists already: a server seed is never overwritten")
    except OSError as exc:
        fail(f"cannot create {str(out)!r}: {exc.strerror or exc}")
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(seed.hex() + "\n")
    typer.echo(commitment_of(seed))
