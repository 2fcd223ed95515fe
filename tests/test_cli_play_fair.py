"""``croupier play GAME --fair``: provably fair play of the 13-card game, Mah-Jong and five-card
stud (issue 15 item 5: "``play`` can run every game fair, commitment printed before the first
card, seed revealed after"), checked by ``croupier verify`` against what was played.

Each shuffle's commitment is printed when the table publishes it, before any card of its round;
its server seed when the round is settled, with the ``croupier verify`` command. The tests run
that command and compare the deal it recomputes with the deal of the session (its JSON or its
table log), and refuse the client seeds ``deal --fair`` refuses (item 6).
"""

from __future__ import annotations

import hashlib
import json
import shlex
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.seeds import MIN_CLIENT_SEED

runner = CliRunner()
CLIENT = "my own seed"


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def verified(command: str) -> dict[str, Any]:
    """Run a printed ``croupier verify`` command (with --json): the deal it recomputes."""
    words = shlex.split(command)
    assert words[:2] == ["croupier", "verify"] and "--commitment" in words
    out: dict[str, Any] = json.loads(ok(*words[1:], "--json").stdout)
    assert out["provably_fair"]["commitment_checked"] is True
    return out


def shuffles_of(data: dict[str, Any], nonce: int) -> list[dict[str, Any]]:
    fair = data["provably_fair"]
    assert fair["client_seed"] == CLIENT and fair["first_nonce"] == nonce
    shuffles: list[dict[str, Any]] = fair["shuffles"]
    assert [s["nonce"] for s in shuffles] == list(range(nonce, nonce + len(shuffles)))
    for s in shuffles:  # every seed revealed, and it is the one committed to
        assert hashlib.sha256(bytes.fromhex(s["server_seed"])).hexdigest() == s["commitment"]
    return shuffles


def log_events(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    return [json.loads(line)["event"] for line in lines]


# -- the order on the screen: commitment before the first card, seed after ------------------


@pytest.mark.parametrize(
    ("args", "first_card", "answers"),
    [
        (("thirteen",), "Your 13 cards", "\n"),  # an empty answer: the best response
        (("five-card-stud",), "Your action [", "f\n" * 5),  # a fold is always open
        (("mahjong", "--games", "1"), "Your tiles: ", "1\n" * 3000),
    ],
)
def test_issue15_item5_play_prints_the_commitment_before_the_first_card_and_the_seed_after(
    args: tuple[str, ...], first_card: str, answers: str
) -> None:
    result = run("play", *args, "--fair", "--client-seed", CLIENT, input=answers)
    assert result.exit_code == 0, (result.output, result.exception)
    text = result.stdout
    committed = text.index("Fair shuffle, nonce 0: commitment")
    assert f"client seed {CLIENT!r}, first nonce 0" in text[:committed]
    revealed = text.index("Server seed of the shuffle with nonce 0")
    assert committed < text.index(first_card) < revealed
    assert "croupier verify" in text[revealed:]
    assert "Demonstration" in text  # no --server-seed-file: said so


def test_the_shuffle_s_order_commitment_is_not_called_the_seed_s_commitment() -> None:
    """``play thirteen --fair`` prints the server seed's commitment (what ``verify`` checks) and
    the shuffled order's SHA-256: the second is named for what it is (a newcomer saw two
    different hashes, both called "commitment")."""
    result = run("play", "thirteen", "--fair", "--client-seed", CLIENT, input="\n")
    assert result.exit_code == 0, (result.output, result.exception)
    shuffled = [line for line in result.stdout.splitlines() if line.startswith("Shuffled")]
    assert shuffled and all(
        "order commitment (sha256 of the shuffled order, not of a seed)" in line
        for line in shuffled
    )


# -- verify recomputes the deals that were played ---------------------------------------------


def test_issue15_item5_play_thirteen_fair_verifies_each_round() -> None:
    data = json.loads(
        ok(
            "play",
            "thirteen",
            "--rounds",
            "2",
            "--json",
            "--fair",
            "--client-seed",
            CLIENT,
            "--nonce",
            "7",
        ).stdout
    )
    shuffles = shuffles_of(data, 7)
    assert len(shuffles) == len(data["rounds"]) == 2
    for shuffle, played in zip(shuffles, data["rounds"], strict=True):
        deal = verified(shuffle["verify"])
        assert deal["cut"] == played["cut"] and deal["dice"] == played["dice"]
        assert deal["first_position"] == played["first_position"]
        assert sorted(deal["hands"]["1"]) == sorted(played["banker"]["cards"])
        for position in played["positions"]:
            assert sorted(deal["hands"][str(position["position"])]) == sorted(position["cards"])


def test_issue15_item5_play_mahjong_fair_verifies_each_wall(tmp_path: Path) -> None:
    log = tmp_path / "mj.log"
    data = json.loads(
        ok(
            "play",
            "mahjong",
            "--games",
            "2",
            "--json",
            "--log",
            str(log),
            "--fair",
            "--client-seed",
            CLIENT,
        ).stdout
    )
    shuffles = shuffles_of(data, 0)
    dealt = [e for e in log_events(log) if e["type"] == "game_dealt"]
    assert len(shuffles) == len(dealt) == 2
    for shuffle, wall in zip(shuffles, dealt, strict=True):
        deal = verified(shuffle["verify"])
        assert deal["order"] == wall["order"] and deal["dice"] == wall["dice"]
    # the log records each commitment before its wall and each seed after its game
    kinds = [e["type"] for e in log_events(log)]
    first = kinds.index("fairness_committed")
    assert first < kinds.index("game_dealt") < kinds.index("fairness_revealed")


def test_issue15_item5_play_five_card_stud_fair_verifies_each_hand(tmp_path: Path) -> None:
    log = tmp_path / "stud.log"
    data = json.loads(
        ok(
            "play",
            "five-card-stud",
            "--hands",
            "3",
            "--bots",
            "2",
            "--json",
            "--log",
            str(log),
            "--fair",
            "--client-seed",
            CLIENT,
            "--nonce",
            "2",
        ).stdout
    )
    shuffles = shuffles_of(data, 2)
    assert len(shuffles) == len(data["hands"]) == 3
    burned = [e["card"] for e in log_events(log) if e["type"] == "card_burned"]
    for shuffle, hand, card in zip(shuffles, data["hands"], burned, strict=True):
        assert shuffle["verify"].endswith("--option seats=3")  # the seats taken
        deal = verified(shuffle["verify"])
        # the commitment of the deck's order: the same 40 cards in the same order
        assert deal["commitment"] == hand["commitment"] and deal["burned"] == card
    # the sealed log replays, seeds and all
    assert json.loads(ok("replay", str(log), "--json").stdout)["sealed"] is True


def test_issue15_item5_play_with_a_stored_server_seed_commits_before_the_client_seed(
    tmp_path: Path,
) -> None:
    stored = tmp_path / "server.seed"
    published = ok("commit", "--out", str(stored)).stdout.strip()
    args = ("--fair", "--client-seed", CLIENT, "--server-seed-file", str(stored))
    text = ok("play", "five-card-stud", "--auto", *args).stdout
    assert published in text.split("Fair shuffle, nonce 0")[0]  # announced before the cards
    assert "Demonstration" not in text
    data = json.loads(ok("play", "thirteen", "--json", *args).stdout)
    (shuffle,) = shuffles_of(data, 0)
    assert shuffle["commitment"] == published == data["provably_fair"]["stored_commitment"]
    assert shuffle["server_seed"] == stored.read_text().strip()
    verified(shuffle["verify"])


# -- what is refused (item 6: the one minimum) -------------------------------------------------


@pytest.mark.parametrize("game", ["thirteen", "mahjong", "five-card-stud"])
@pytest.mark.parametrize(
    ("flags", "fragment"),
    [
        (("--fair", "--client-seed", ""), "too short"),
        (("--fair", "--client-seed", "x" * (MIN_CLIENT_SEED - 1)), "too short"),
        (("--fair", "--client-seed", "   abc   "), "too short"),
        (("--fair",), "--fair needs --client-seed"),
        (("--client-seed", CLIENT), "apply with --fair only"),
        (("--fair", "--client-seed", CLIENT, "--seed", "s"), "cannot be used together"),
    ],
)
def test_issue15_item5_item6_play_refuses_a_short_client_seed_and_wrong_flags(
    game: str, flags: tuple[str, ...], fragment: str
) -> None:
    result = run("play", game, "--auto", *flags)
    assert result.exit_code == 2, result.output
    assert fragment in result.output and "Traceback" not in result.output
    assert "Fair shuffle" not in result.output  # refused before anything was dealt
