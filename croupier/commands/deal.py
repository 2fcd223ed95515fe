"""``croupier deal``, ``croupier verify`` and ``croupier commit``: a round dealt and shown, and
the provably-fair deal checked from its revealed seeds.

Randomness: ``--seed TEXT`` (reproducible, :class:`~croupier.shuffle.SeededShuffler`), ``--fair``
(:class:`~croupier.shuffle.ProvablyFairShuffler`: the commitment is shown before the deal, the
server seed after it, with the ``croupier verify`` command that checks it), otherwise the
operating system's CSPRNG (:class:`~croupier.shuffle.LiveShuffler`). ``croupier commit`` draws
and stores a server seed and prints its commitment, to publish before the client seed is chosen.
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from croupier.commands.app import app
from croupier.commands.output import (
    by_rank,
    cards_text,
    croupier_errors,
    fail,
    make_console,
    print_json,
)

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.shuffle import ProvablyFairShuffler, Shuffler

__all__ = ["GAMES"]

#: The games the CLI deals, with the regulation each follows.
GAMES: dict[str, str] = {
    "thirteen": "13-card game, Portaria 51/89/M",
    "three-card-baccarat": "3-card baccarat, Portaria 22/96/M (amended by 219/96/M)",
    "mahjong": "Mah-Jong, Portaria 52/89/M (the wall and the deal, Art 2)",
}

DEFAULT_CLIENT_SEED = "player"


def _check_game(game: str) -> str:
    name = game.strip().lower()
    if name not in GAMES:
        listing = ", ".join(GAMES)
        raise typer.BadParameter(f"unknown game {game!r}; the games are: {listing}")
    return name


@dataclass(frozen=True)
class GameOptions:
    """Game options from the command line; ``None`` means not given."""

    cut: int | None = None
    decks: int | None = None
    positions: int | None = None
    count_banker_as_one: bool | None = None

    def check(self, game: str) -> None:
        if game != "three-card-baccarat":
            for flag, value in (("--decks", self.decks), ("--positions", self.positions)):
                if value is not None:
                    fail(f"{flag} applies to three-card-baccarat only")
        if game != "thirteen" and self.count_banker_as_one is not None:
            fail("--from-banker/--after-banker applies to thirteen only")
        if game == "mahjong" and self.cut is not None:
            fail("--cut does not apply to mahjong: the dice break the wall (Art 2)")

    def flags(self) -> list[str]:
        """The command-line flags that reproduce these options."""
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


@dataclass(frozen=True)
class Dealt:
    """A dealt round, ready to print: its JSON data and a Rich renderer."""

    data: dict[str, Any]
    render: Callable[[Console], None]


# -- the games ------------------------------------------------------------------------------------


def _deal_thirteen(shuffler: Shuffler, opts: GameOptions) -> Dealt:
    from rich.table import Table
    from rich.text import Text

    from croupier.games.thirteen.deal import deal_thirteen
    from croupier.games.thirteen.rules import BANKER, POSITIONS, REGULATION, ThirteenTable

    table = ThirteenTable(
        count_banker_as_one=True if opts.count_banker_as_one is None else opts.count_banker_as_one
    )
    deal = deal_thirteen(shuffler, cut=opts.cut, options=table)

    def render(console: Console) -> None:
        console.print(f"[bold]13-card game[/bold] · {REGULATION}")
        console.print(f"Cut: {deal.cut} cards from the top to the bottom (Art 2 a)")
        counting = "banker = 1" if table.count_banker_as_one else "banker's next = 1"
        dice = " + ".join(str(d) for d in deal.dice)
        console.print(
            f"Dice: {dice} = [bold]{deal.dice_total}[/bold] → first card to position "
            f"[bold]{deal.first_position}[/bold]\n"
            f"  (the total counted counterclockwise from the banker, {counting}; Art 2 b)"
        )
        grid = Table(title="Hands: 13 cards each, one at a time counterclockwise", show_lines=True)
        grid.add_column("Position")
        grid.add_column("Cards (as received / by rank)")
        for p in POSITIONS:
            label = f"{p} banker" if p == BANKER else str(p)
            if p == deal.first_position:
                label += "\n(first card)"
            cards = Text("received ").append_text(cards_text(deal.hands[p]))
            cards.append("\nby rank  ").append_text(cards_text(by_rank(deal.hands[p])))
            grid.add_row(label, cards)
        console.print(grid)

    return Dealt(deal.to_dict(), render)


def _deal_three_card_baccarat(shuffler: Shuffler, opts: GameOptions) -> Dealt:
    from rich.table import Table

    from croupier.games.three_card_baccarat.deal import deal_three_card_baccarat, prepare_shoe
    from croupier.games.three_card_baccarat.options import DEFAULT_POSITIONS, BaccaratOptions
    from croupier.games.three_card_baccarat.rules import REGULATION, describe_hand, position_label

    table = BaccaratOptions(
        decks=1 if opts.decks is None else opts.decks,
        positions=DEFAULT_POSITIONS if opts.positions is None else opts.positions,
    )
    shoe, setup = prepare_shoe(table, shuffler, cut=opts.cut)
    deal = deal_three_card_baccarat(shoe, table, first_round=True)
    data = deal.to_dict()
    data["shoe"] = setup.to_dict()

    def render(console: Console) -> None:
        console.print(f"[bold]3-card baccarat[/bold] · {REGULATION}")
        if table.is_box:
            console.print("Box: 1 deck, one round per shuffle (Art 2.2, 4.2)")
        else:
            console.print(
                f"Shoe: {table.decks} decks; second cut card {setup.cut_card_depth} cards from "
                "the end (Art 3.1)"
            )
        console.print(f"Cut: {setup.cut} cards from the top to the bottom (Art 3.1)")
        console.print(
            f"Burned: {len(deal.burns)} card(s) before the first round (Art 3.2):",
            cards_text(deal.burns),
        )
        grid = Table(title="Hands (3 cards each, from place 1 clockwise, banker last)")
        grid.add_column("Place")
        grid.add_column("Cards")
        grid.add_column("Points", justify="right")
        grid.add_column("Figures", justify="right")
        grid.add_column("Hand")
        for p in deal.positions:
            cards = deal.hands[p]
            grid.add_row(
                position_label(p),
                cards_text(cards),
                str(deal.points(p)),
                str(deal.figures(p)),
                describe_hand(cards),
                style="bold" if deal.three_figures(p) else None,
            )
        console.print(grid)
        if table.is_box:
            console.print("Last round: yes, a box deals one round per shuffle (Art 4.2)")
        elif deal.cut_card_out:
            console.print("[bold]Cut card out: this is the last round of the shoe (Art 4.1)[/bold]")
        else:
            console.print(f"Cut card out: no; {shoe.remaining} cards left in the shoe")

    return Dealt(data, render)


def _deal_mahjong(shuffler: Shuffler, opts: GameOptions) -> Dealt:
    from rich.table import Table

    from croupier.games.mahjong.rules import REGULATION, Seat
    from croupier.games.mahjong.wall import deal_mahjong
    from croupier.tiles import format_tiles

    deal = deal_mahjong(shuffler)

    def render(console: Console) -> None:
        console.print(f"[bold]Mah-Jong[/bold] · {REGULATION}")
        wall, stack = deal.first_stack
        dice = " + ".join(str(d) for d in deal.dice)
        console.print(
            f"Dice: {dice} = [bold]{deal.dice_total}[/bold] → {deal.wall.name.title()}'s wall; "
            f"the deal starts at {wall.name.title()}'s stack {stack} (counted from the right; "
            "Art 2)"
        )
        grid = Table(title="Hands: 2 stacks three times round, then the banker's two (Art 2)")
        grid.add_column("Seat")
        grid.add_column("Tiles (as taken)")
        grid.add_column("Sorted")
        for seat in Seat:
            tiles = deal.hands[seat]
            label = f"{seat.name.title()}" + (
                " (banker, discards first)" if seat is deal.first_to_discard else ""
            )
            grid.add_row(label, format_tiles(tiles), format_tiles(sorted(tiles)))
        console.print(grid)
        console.print(f"Live wall: {len(deal.live)} tiles; replacements from its other end")

    return Dealt(deal.to_dict(), render)


_DEALERS: dict[str, Callable[[Shuffler, GameOptions], Dealt]] = {
    "thirteen": _deal_thirteen,
    "three-card-baccarat": _deal_three_card_baccarat,
    "mahjong": _deal_mahjong,
}


def _verify_command(game: str, pf: ProvablyFairShuffler, opts: GameOptions) -> str:
    args = [
        "croupier",
        "verify",
        game,
        "--server-seed",
        pf.server_seed.hex(),
        "--client-seed",
        pf.client_seed,
        "--nonce",
        str(pf.nonce),
        "--commitment",
        pf.commitment,
        *opts.flags(),
    ]
    return shlex.join(args)


def _fair_data(pf: ProvablyFairShuffler) -> dict[str, Any]:
    return {
        "commitment": pf.commitment,
        "server_seed": pf.server_seed.hex(),
        "client_seed": pf.client_seed,
        "nonce": pf.nonce,
    }


def _read_server_seed(path: Path) -> bytes:
    try:
        text = path.read_text(encoding="ascii").strip()
        return bytes.fromhex(text)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        fail(f"cannot read a hex server seed from {str(path)!r}: {exc}")


# -- commands -------------------------------------------------------------------------------------

GameArg = Annotated[str, typer.Argument(help=f"The game: {', '.join(GAMES)}.", show_default=False)]
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
    typer.Option("--decks", help="3-card baccarat: decks (1 = a box).  [default: 1]"),
]
PositionsOpt = Annotated[
    int | None,
    typer.Option("--positions", help="3-card baccarat: player places on the table.  [default: 7]"),
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
    fair: Annotated[
        bool, typer.Option("--fair", help="Provably-fair deal: commitment first, seed after.")
    ] = False,
    server_seed_file: Annotated[
        Path | None,
        typer.Option(
            "--server-seed-file",
            help="With --fair: the secret seed stored by `croupier commit`, whose commitment was "
            "published before the client seed was chosen. Without it, --fair draws a seed now "
            "(a demonstration: commitment and reveal in one run).",
            show_default=False,
        ),
    ] = None,
    client_seed: Annotated[
        str | None,
        typer.Option(
            "--client-seed",
            help=f"With --fair.  [default: {DEFAULT_CLIENT_SEED}]",
            show_default=False,
        ),
    ] = None,
    nonce: Annotated[
        int | None,
        typer.Option(
            "--nonce",
            help="With --fair: round number on this server seed.  [default: 0]",
            show_default=False,
        ),
    ] = None,
    cut: CutOpt = None,
    decks: DecksOpt = None,
    positions: PositionsOpt = None,
    count_banker_as_one: CountOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Shuffle and deal a round of GAME."""
    name = _check_game(game)
    opts = GameOptions(cut, decks, positions, count_banker_as_one)
    opts.check(name)
    if seed is not None and fair:
        fail("--seed and --fair cannot be used together")
    if not fair and (client_seed is not None or nonce is not None or server_seed_file):
        fail("--client-seed, --nonce and --server-seed-file apply with --fair only")
    with croupier_errors():
        from croupier.shuffle import LiveShuffler, ProvablyFairShuffler, SeededShuffler

        shuffler: Shuffler
        pf: ProvablyFairShuffler | None = None
        if fair:
            chosen_client = DEFAULT_CLIENT_SEED if client_seed is None else client_seed
            chosen_nonce = 0 if nonce is None else nonce
            if server_seed_file is None:
                pf = ProvablyFairShuffler.new(chosen_client, chosen_nonce)
            else:
                stored = _read_server_seed(server_seed_file)
                pf = ProvablyFairShuffler(stored, chosen_client, chosen_nonce)
            shuffler = pf
        elif seed is not None:
            shuffler = SeededShuffler(seed)
        else:
            shuffler = LiveShuffler()
        if pf is not None and not as_json:
            console = make_console()
            if server_seed_file is None:
                console.print(
                    "[yellow]Demonstration: the server seed is drawn, committed to and revealed "
                    "in this one run. For a real commit-before-deal, publish the commitment of "
                    "`croupier commit` first and deal with --server-seed-file.[/yellow]"
                )
            console.print(
                "Commitment (sha256 of the server seed, published before the deal):\n"
                f"  [bold]{pf.commitment}[/bold]\n"
                f"Client seed: {pf.client_seed!r}, nonce: {pf.nonce}"
            )
        dealt = _DEALERS[name](shuffler, opts)
        if as_json:
            data = dict(dealt.data)
            if seed is not None:
                data["seed"] = seed
            if pf is not None:
                data["provably_fair"] = _fair_data(pf)
            print_json(data)
            return
        console = make_console()
        if seed is not None:
            console.print(f"Seed: {seed!r} (reproducible deal, not for live play)")
        dealt.render(console)
        if pf is not None:
            console.print(
                f"Server seed (revealed after the deal):\n  [bold]{pf.server_seed.hex()}[/bold]"
            )
            console.print("Check it with:")
            console.print(_verify_command(name, pf, opts), markup=False, soft_wrap=True)


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
        int, typer.Option("--nonce", help="The nonce of the deal.", show_default=False)
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
    as_json: JsonOpt = False,
) -> None:
    """Check a provably-fair deal of GAME: the commitment, then the deal recomputed from seeds
    (and, with --expect, compared with the deal as it was recorded)."""
    name = _check_game(game)
    if commitment is None and not no_commitment:
        fail("give the --commitment published before the deal (or --no-commitment to replay)")
    if commitment is not None and no_commitment:
        fail("--commitment and --no-commitment cannot be used together")
    opts = GameOptions(cut, decks, positions, count_banker_as_one)
    opts.check(name)
    try:
        seed_bytes = bytes.fromhex(server_seed.strip())
    except ValueError:
        fail(f"--server-seed must be hexadecimal, got {server_seed!r}")
    with croupier_errors():
        from croupier.shuffle import ProvablyFairShuffler, verify_commitment

        if commitment is not None:
            verify_commitment(seed_bytes, commitment)
        pf = ProvablyFairShuffler(seed_bytes, client_seed, nonce)
        dealt = _DEALERS[name](pf, opts)
        if expect is not None:
            _compare_with_record(dealt.data, expect)
        if as_json:
            data = dict(dealt.data)
            data["provably_fair"] = {
                **_fair_data(pf),
                "commitment_checked": commitment is not None,
                "deal_compared": expect is not None,
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
        console.print(
            f"Client seed: {pf.client_seed!r}, nonce: {pf.nonce}. The deal these seeds produce:"
        )
        dealt.render(console)
        if expect is not None:
            console.print(
                f"[bold green]Deal verified[/bold green]: identical to the record {str(expect)!r}"
            )


def _compare_with_record(recomputed: dict[str, Any], record_path: Path) -> None:
    """The recorded deal (``deal --json``) must equal the recomputed one, key by key."""
    from croupier.errors import VerificationError

    try:
        record = json.loads(record_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        fail(f"cannot read the recorded deal {str(record_path)!r}: {exc}")
    if not isinstance(record, dict):
        fail(f"the recorded deal {str(record_path)!r} is not a JSON object")
    for key, value in recomputed.items():
        if record.get(key) != json.loads(json.dumps(value)):
            raise VerificationError(
                f"the recorded deal differs from the one the seeds produce at {key!r}: "
                f"recorded {record.get(key)!r}, recomputed {value!r}"
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
    except OSError as exc:
        fail(f"cannot create {str(out)!r}: {exc}")
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(seed.hex() + "\n")
    typer.echo(commitment_of(seed))
