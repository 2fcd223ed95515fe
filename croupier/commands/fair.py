"""Provably fair play on the command line, the same for every game and every command (issue 15
items 5 and 6): ``--fair --client-seed SEED [--nonce N] [--server-seed-file FILE]``.

The scheme is :class:`~croupier.shuffle.ProvablyFairShuffler`'s: the house's secret server seed
is committed to (its SHA-256 printed) before the first card; the player's client seed, chosen
by the player, at least :data:`~croupier.seeds.MIN_CLIENT_SEED` characters, is mixed
in; shuffle ``k`` of the session uses nonce ``N + k``; the server seed is revealed when the
session ends, with the ``croupier verify`` command that recomputes each deal.

Without ``--server-seed-file`` the server seed is drawn when the command starts, after the
client seed is known: a demonstration of the mechanism, said so when printed. For a real
commit-before-choice, the house runs ``croupier commit --out FILE`` and publishes the
commitment before the player picks a client seed, then plays with ``--server-seed-file FILE``.

A play command uses it in three lines::

    fair = FairShuffles.from_flags(fair, client_seed, nonce, server_seed_file, seed=seed)
    fair.announce(console)              # before the first card: the commitment
    shuffler = fair.next()              # at each shuffle (a ProvablyFairShuffler)
    fair.reveal(console, "thirteen")    # after the last card: the seed, the verify commands

``table run --fair`` uses :func:`fair_source` instead: the table records each shuffle's
commitment and reveal itself (:class:`~croupier.table.sources.FairSource`).
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from croupier.commands.bounds import NONCE
from croupier.commands.output import fail
from croupier.seeds import MIN_CLIENT_SEED

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.shuffle import ProvablyFairShuffler
    from croupier.table.sources import ShuffleSource

__all__ = [
    "ClientSeedOpt",
    "FairOpt",
    "FairShuffles",
    "NonceOpt",
    "ServerSeedFileOpt",
    "check_client_seed",
    "fair_source",
    "read_server_seed",
]


FairOpt = Annotated[
    bool,
    typer.Option(
        "--fair",
        help="Provably fair: the commitment to the house's seed is printed before the first "
        "card, the seed revealed after, with the command that checks the deal (needs "
        "--client-seed).",
    ),
]
ClientSeedOpt = Annotated[
    str | None,
    typer.Option(
        "--client-seed",
        help=f"With --fair: your seed, at least {MIN_CLIENT_SEED} characters of your own "
        "choosing (entropy the house did not pick).",
        show_default=False,
    ),
]
NonceOpt = Annotated[
    int | None,
    typer.Option(
        "--nonce",
        callback=NONCE.check("--nonce"),
        help=NONCE.help("With --fair: the first shuffle's number on this server seed.")
        + "  [default: 0]",
        show_default=False,
    ),
]
ServerSeedFileOpt = Annotated[
    Path | None,
    typer.Option(
        "--server-seed-file",
        help="With --fair: the secret seed stored by `croupier commit`, whose commitment was "
        "published before the client seed was chosen. Without it, --fair draws a seed now "
        "(a demonstration: commitment and reveal in one run).",
        show_default=False,
    ),
]


def check_client_seed(client_seed: str | None) -> str:
    """The client seed, when it is long enough; the command ends otherwise."""
    least = MIN_CLIENT_SEED
    if client_seed is None:
        fail(
            f"--fair needs --client-seed: at least {least} characters of your own choosing "
            "(the house must not pick the whole seed)"
        )
    if len(client_seed.strip()) < least:
        fail(
            f"--client-seed {client_seed!r} is too short: a client seed must be at least "
            f"{least} characters (not counting spaces at the ends) of your own choosing, so "
            "that it carries entropy the house did not pick"
        )
    return client_seed


def read_server_seed(path: Path) -> bytes:
    """The hex server seed stored by ``croupier commit``; a clean error otherwise."""
    try:
        text = path.read_text(encoding="ascii").strip()
        seed = bytes.fromhex(text)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        fail(f"cannot read a hex server seed from {str(path)!r}: {exc}")
    from croupier.shuffle import MIN_SERVER_SEED_BYTES

    if len(seed) < MIN_SERVER_SEED_BYTES:
        fail(
            f"the server seed in {str(path)!r} must be at least {MIN_SERVER_SEED_BYTES} bytes, "
            f"got {len(seed)}"
        )
    return seed


def check_fair_flags(
    fair: bool,
    client_seed: str | None,
    nonce: int | None,
    server_seed_file: Path | None,
    *,
    seed: str | None = None,
) -> None:
    """The fair flags go together: ``--client-seed``, ``--nonce`` and ``--server-seed-file``
    only with ``--fair``, and ``--fair`` never with ``--seed``."""
    if fair and seed is not None:
        fail("--seed and --fair cannot be used together")
    if not fair and (client_seed is not None or nonce is not None or server_seed_file):
        fail("--client-seed, --nonce and --server-seed-file apply with --fair only")
    if fair:
        check_client_seed(client_seed)


@dataclass
class FairShuffles:
    """The provably fair shuffles of one session: one server seed, nonce ``first_nonce + k``
    for shuffle ``k``."""

    server_seed: bytes
    client_seed: str
    first_nonce: int = 0
    #: True when the seed was stored by ``croupier commit`` (committed before the client seed)
    committed_before: bool = False
    shufflers: list[ProvablyFairShuffler] = field(default_factory=list)

    @classmethod
    def from_flags(
        cls,
        fair: bool,
        client_seed: str | None,
        nonce: int | None,
        server_seed_file: Path | None,
        *,
        seed: str | None = None,
    ) -> FairShuffles | None:
        """The session's fair shuffles from the command-line flags (None without ``--fair``);
        wrong combinations end the command."""
        check_fair_flags(fair, client_seed, nonce, server_seed_file, seed=seed)
        if not fair:
            return None
        from croupier.shuffle import new_server_seed

        if server_seed_file is not None:
            return cls(
                read_server_seed(server_seed_file), check_client_seed(client_seed), nonce or 0, True
            )
        return cls(new_server_seed(), check_client_seed(client_seed), nonce or 0, False)

    @property
    def commitment(self) -> str:
        from croupier.shuffle import commit

        return commit(self.server_seed)

    def next(self) -> ProvablyFairShuffler:
        """The shuffler of the session's next shuffle."""
        from croupier.shuffle import ProvablyFairShuffler

        shuffler = ProvablyFairShuffler(
            self.server_seed, self.client_seed, self.first_nonce + len(self.shufflers)
        )
        self.shufflers.append(shuffler)
        return shuffler

    def announce_text(self) -> str:
        """What is printed before the first card."""
        lines = []
        if not self.committed_before:
            lines.append(
                "Demonstration: the server seed is drawn, committed to and revealed in this one "
                "run. For a real commit-before-deal, publish the commitment of `croupier "
                "commit` first and play with --server-seed-file."
            )
        lines.append(
            "Commitment (sha256 of the server seed, published before the first card):\n"
            f"  {self.commitment}\n"
            f"Client seed: {self.client_seed!r}, first nonce: {self.first_nonce}"
        )
        return "\n".join(lines)

    def announce(self, console: Console | None) -> None:
        if console is not None:
            console.print(self.announce_text(), markup=False, soft_wrap=True)

    def verify_commands(self, game: str, flags: Sequence[str] = ()) -> list[str]:
        """The ``croupier verify`` command of each shuffle so far."""
        return [
            shlex.join(
                [
                    "croupier",
                    "verify",
                    game,
                    "--server-seed",
                    self.server_seed.hex(),
                    "--client-seed",
                    self.client_seed,
                    "--nonce",
                    str(pf.nonce),
                    "--commitment",
                    self.commitment,
                    *flags,
                ]
            )
            for pf in self.shufflers
        ]

    def reveal_text(self, game: str, flags: Sequence[str] = ()) -> str:
        """What is printed after the last card: the seed, and how to check every shuffle."""
        commands = self.verify_commands(game, flags)
        head = (
            f"Server seed (revealed after the last card):\n  {self.server_seed.hex()}\n"
            f"It checks against the commitment {self.commitment}; "
            f"{len(commands)} shuffle(s), nonces {self.first_nonce}.."
            f"{self.first_nonce + max(len(commands), 1) - 1}. Check a deal with:"
        )
        return "\n".join([head, *commands])

    def reveal(self, console: Console | None, game: str, flags: Sequence[str] = ()) -> None:
        if console is not None:
            console.print(self.reveal_text(game, flags), markup=False, soft_wrap=True)

    def to_dict(self) -> dict[str, Any]:
        """The session's fairness as JSON (with the seed: print it only after the last card)."""
        return {
            "commitment": self.commitment,
            "server_seed": self.server_seed.hex(),
            "client_seed": self.client_seed,
            "first_nonce": self.first_nonce,
            "nonces": [pf.nonce for pf in self.shufflers],
            "committed_before": self.committed_before,
        }


def fair_source(
    fair: bool,
    client_seed: str | None,
    nonce: int | None,
    seed: str | None,
    server_seed_file: Path | None = None,
) -> ShuffleSource:
    """The shuffle source of a table from the flags: provably fair (``--fair``), seeded
    (``--seed``) or live."""
    from croupier.table.sources import FairSource, LiveSource, SeededSource

    check_fair_flags(fair, client_seed, nonce, server_seed_file, seed=seed)
    if fair:
        stored = read_server_seed(server_seed_file) if server_seed_file is not None else None
        return FairSource(check_client_seed(client_seed), nonce or 0, server_seed=stored)
    if seed is not None:
        if not seed:
            fail("--seed needs some text")
        return SeededSource(seed)
    return LiveSource()
