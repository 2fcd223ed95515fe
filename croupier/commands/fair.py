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
commitment and reveal itself (:class:`~croupier.table.sources.FairSource`). ``play --fair`` of a
game on the table interface (thirteen, mahjong, five-card-stud) does the same through
:class:`TableFairness`, which prints each commitment when the table publishes it (before the
shuffle, so before the first card of its round) and each server seed when the table reveals it
(when the round is settled), with the ``croupier verify`` command that recomputes that deal::

    fairness = TableFairness.from_flags(fair, client_seed, nonce, server_seed_file, seed=seed)
    table = ThirteenTable(options, source=fairness.source if fairness else ...)
    fairness.announce(console)                      # before the first card
    fairness.follow(console, table, "thirteen")     # after every command: commitments, reveals
    fairness.to_dict(table)                         # the JSON of every shuffle, seeds revealed
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from croupier.commands.bounds import NONCE
from croupier.commands.output import fail, seed_text
from croupier.seeds import MIN_CLIENT_SEED

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.shuffle import ProvablyFairShuffler
    from croupier.table.base import Table
    from croupier.table.sources import FairSource, ShuffleSource

__all__ = [
    "ClientSeedOpt",
    "FairOpt",
    "FairShuffles",
    "NonceOpt",
    "ServerSeedFileOpt",
    "TableFairness",
    "check_client_seed",
    "fair_shuffles",
    "fair_source",
    "read_server_seed",
    "verify_command",
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


def verify_command(
    game: str,
    server_seed: str,
    client_seed: str,
    nonce: int,
    commitment: str,
    flags: Sequence[str] = (),
) -> str:
    """The ``croupier verify`` command that checks one shuffle (``server_seed`` in hex).

    >>> verify_command("mahjong", "ab", "my own seed", 3, "cd")
    "croupier verify mahjong --server-seed ab --client-seed 'my own seed' --nonce 3 --commitment cd"
    """
    return shlex.join(
        [
            "croupier",
            "verify",
            game,
            "--server-seed",
            server_seed,
            "--client-seed",
            client_seed,
            "--nonce",
            str(nonce),
            "--commitment",
            commitment,
            *flags,
        ]
    )


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
            verify_command(
                game, self.server_seed.hex(), self.client_seed, pf.nonce, self.commitment, flags
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
        return SeededSource(seed_text(seed))
    return LiveSource()


def fair_shuffles(table: Table[Any]) -> list[dict[str, Any]]:
    """Every fair shuffle of ``table`` so far: commitment, client seed, nonce, the entry that
    committed it and, once revealed, the server seed (each reveal is of the last commitment;
    the table's fold checked each against its commitment and the shoe it dealt)."""
    from croupier.table.events import fair_shuffles as shuffles_of

    keys = ("commitment", "client_seed", "nonce", "server_seed", "committed_seq")
    return [{key: shuffle[key] for key in keys} for shuffle in shuffles_of(table.entries)]


@dataclass
class TableFairness:
    """Provably fair play of a session on the table interface (``play GAME --fair``).

    Each shuffle has its own server seed (:class:`~croupier.table.sources.FairSource`; the
    first one is the stored seed of ``--server-seed-file``, whose commitment was published
    before the client seed was chosen), mixed with the player's client seed and nonce
    ``first_nonce + k``. The table publishes each commitment (``fairness_committed``) before
    its shuffle and reveals the seed (``fairness_revealed``) when that round is settled, so
    no seed is shown while a card it decides is still hidden."""

    source: FairSource
    client_seed: str
    first_nonce: int = 0
    #: the commitment of the stored seed (``--server-seed-file``), known before the session
    stored_commitment: str | None = None
    #: entries of the table already looked at by :meth:`follow`
    seen: int = 0
    #: the flags every ``croupier verify`` command printed carries (the table's options)
    flags: tuple[str, ...] = ()

    @classmethod
    def from_flags(
        cls,
        fair: bool,
        client_seed: str | None,
        nonce: int | None,
        server_seed_file: Path | None,
        *,
        seed: str | None = None,
    ) -> TableFairness | None:
        """The session's fairness from the flags (None without ``--fair``); wrong combinations
        and a short client seed end the command, as for ``deal --fair``."""
        from croupier.table.sources import FairSource

        source = fair_source(fair, client_seed, nonce, seed, server_seed_file)
        if not isinstance(source, FairSource):
            return None
        stored = None
        if server_seed_file is not None:
            from croupier.shuffle import commit

            stored = commit(read_server_seed(server_seed_file))
        return cls(source, source.client_seed, source.nonce, stored)

    def announce_text(self) -> str:
        """What is printed before the first card."""
        lines = []
        if self.stored_commitment is None:
            lines.append(
                "Demonstration: the server seeds are drawn, committed to and revealed in this "
                "one run. For a real commit-before-deal, publish the commitment of `croupier "
                "commit` first and play with --server-seed-file."
            )
        else:
            lines.append(
                "The first shuffle uses the stored server seed whose commitment was published "
                f"before your client seed was chosen:\n  {self.stored_commitment}"
            )
        lines.append(
            f"Provably fair: client seed {self.client_seed!r}, first nonce {self.first_nonce}. "
            "Each shuffle's commitment (sha256 of its server seed) is printed before the "
            "shuffle, and its server seed after the round is settled, with the `croupier "
            "verify` command that recomputes the deal."
        )
        return "\n".join(lines)

    def announce(self, console: Console | None) -> None:
        if console is not None:
            console.print(self.announce_text(), markup=False, soft_wrap=True)

    def shuffles(self, table: Table[Any]) -> list[dict[str, Any]]:
        """:func:`fair_shuffles` of ``table``."""
        return fair_shuffles(table)

    def follow(
        self,
        console: Console | None,
        table: Table[Any],
        game: str,
        flags: Sequence[str] | None = None,
    ) -> None:
        """Print the commitments and reveals ``table`` made since the last call."""
        from croupier.table.events import FairnessCommitted, FairnessRevealed

        if table.seq == self.seen:
            return
        entries = table.entries[self.seen :]
        self.seen = table.seq
        if console is None or not any(
            isinstance(e.event, FairnessCommitted | FairnessRevealed) for e in entries
        ):
            return
        shuffles = self.shuffles(table)
        flags = self.flags if flags is None else flags
        for entry in entries:
            event = entry.event
            if isinstance(event, FairnessCommitted):
                console.print(
                    f"Fair shuffle, nonce {event.nonce}: commitment (sha256 of its server seed, "
                    f"published before the shuffle)\n  {event.commitment}",
                    markup=False,
                    soft_wrap=True,
                )
            elif isinstance(event, FairnessRevealed):
                shuffle = next(s for s in shuffles if s["server_seed"] == event.server_seed)
                console.print(
                    f"Server seed of the shuffle with nonce {shuffle['nonce']} (revealed now the "
                    f"round is settled):\n  {event.server_seed}\nCheck the deal with:\n  "
                    + verify_command(
                        game,
                        event.server_seed,
                        shuffle["client_seed"],
                        shuffle["nonce"],
                        shuffle["commitment"],
                        flags,
                    ),
                    markup=False,
                    soft_wrap=True,
                )

    def verify_commands(
        self, table: Table[Any], game: str, flags: Sequence[str] | None = None
    ) -> list[str]:
        """The ``croupier verify`` command of every shuffle whose seed is revealed."""
        flags = self.flags if flags is None else flags
        return [
            verify_command(
                game, s["server_seed"], s["client_seed"], s["nonce"], s["commitment"], flags
            )
            for s in self.shuffles(table)
            if s["server_seed"] is not None
        ]

    def to_dict(
        self, table: Table[Any], game: str, flags: Sequence[str] | None = None
    ) -> dict[str, Any]:
        """The session's fairness as JSON (print it only after the last card)."""
        flags = self.flags if flags is None else flags
        shuffles = self.shuffles(table)
        for shuffle in shuffles:
            if shuffle["server_seed"] is not None:
                shuffle["verify"] = verify_command(
                    game,
                    shuffle["server_seed"],
                    shuffle["client_seed"],
                    shuffle["nonce"],
                    shuffle["commitment"],
                    flags,
                )
        return {
            "client_seed": self.client_seed,
            "first_nonce": self.first_nonce,
            "stored_commitment": self.stored_commitment,
            "shuffles": shuffles,
        }
