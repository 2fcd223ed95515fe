"""The ``croupier`` command line: deal, verify, errors."""

from __future__ import annotations

import hashlib
import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from croupier.cli import app

runner = CliRunner()

#: a fair deal with a client seed of the player's own
FAIR = ("--fair", "--client-seed", "my own seed")


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def clean_failure(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.output


def deal_part(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("provably_fair", "seed")}


# -- deal ---------------------------------------------------------------------------------------


def test_deal_thirteen_readable_output() -> None:
    out = ok("deal", "thirteen", "--seed", "demo").stdout
    assert "Portaria 51/89/M" in out
    assert "Dice:" in out and "first card to position" in out
    assert "Cut:" in out
    assert "banker" in out and "by rank" in out


def test_deal_three_card_baccarat_readable_output() -> None:
    out = ok("deal", "three-card-baccarat", "--seed", "demo", "--decks", "6").stdout
    assert "Portaria 22/96/M" in out
    assert "Burned: 6 card(s)" in out
    assert "second cut card" in out
    assert "Cut card out: no" in out
    box = ok("deal", "three-card-baccarat", "--seed", "demo", "--decks", "1").stdout
    assert "Burned: 1 card(s)" in box
    # the default is play's and odds' 8-deck shoe (issue 16 item 21)
    assert "Burned: 8 card(s)" in ok("deal", "three-card-baccarat", "--seed", "demo").stdout
    assert "Last round: yes" in box


def test_seeded_deals_reproducible() -> None:
    games = ("thirteen", "three-card-baccarat", "mahjong", "football-poker", "five-card-stud")
    for game in games:
        a = ok("deal", game, "--seed", "same").stdout
        b = ok("deal", game, "--seed", "same").stdout
        c = ok("deal", game, "--seed", "other").stdout
        assert a == b
        assert a != c


def test_live_deal_works() -> None:
    data = json.loads(ok("deal", "thirteen", "--json").stdout)
    assert sorted(len(h) for h in data["hands"].values()) == [13, 13, 13, 13]


def test_json_output_parses() -> None:
    data = json.loads(ok("deal", "thirteen", "--seed", "j", "--json").stdout)
    assert data["game"] == "thirteen"
    assert data["seed"] == "j"
    assert len(data["deal_order"]) == 52
    data = json.loads(
        ok(
            "deal",
            "three-card-baccarat",
            "--seed",
            "j",
            "--json",
            "--decks",
            "6",
            "--positions",
            "4",
        ).stdout
    )
    assert data["positions"] == ["1", "2", "3", "4", "banker"]
    assert len(data["burns"]) == 6
    assert 30 <= data["shoe"]["cut_card_depth"] <= 40


def test_art2a_explicit_cut_and_option() -> None:
    data = json.loads(ok("deal", "thirteen", "--seed", "c", "--cut", "12", "--json").stdout)
    assert data["cut"] == 12
    after = json.loads(
        ok("deal", "thirteen", "--seed", "c", "--cut", "12", "--after-banker", "--json").stdout
    )
    assert after["table"] == {"count_banker_as_one": False}
    assert after["first_position"] == data["first_position"] % 4 + 1


@settings(max_examples=15, deadline=None)
@given(
    seed=st.text(
        alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")),
        min_size=1,
        max_size=12,
    ).filter(lambda s: not s.startswith("-"))
)
def test_any_seed_gives_a_valid_thirteen_deal(seed: str) -> None:
    data = json.loads(ok("deal", "thirteen", "--seed", seed, "--json").stdout)
    cards = [c for h in data["hands"].values() for c in h]
    assert len(set(cards)) == 52


# -- provably fair ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "extra",
    [
        ("thirteen",),
        ("three-card-baccarat", "--decks", "6", "--positions", "5"),
        ("thirteen", "--cut", "30", "--after-banker"),
        ("three-card-baccarat",),
        ("mahjong",),
        ("football-poker", "--option", "positions=9", "--cut", "100"),
        ("five-card-stud", "-o", "seats=4"),
    ],
)
def test_item5_fair_deal_then_verify_reproduces_the_identical_deal(
    extra: tuple[str, ...],
) -> None:
    result = ok("deal", *extra, "--fair", "--client-seed", "bob's seed", "--nonce", "4")
    out = result.stdout
    lines = out.splitlines()
    # the commitment is printed before the deal, the server seed after it
    commit_at = next(i for i, ln in enumerate(lines) if ln.startswith("Commitment"))
    seed_at = next(i for i, ln in enumerate(lines) if ln.startswith("Server seed"))
    deal_at = next(i for i, ln in enumerate(lines) if " · " in ln)  # the game's title line
    assert commit_at < deal_at < seed_at
    command = shlex.split(lines[-1])
    assert command[:3] == ["croupier", "verify", extra[0]]
    verified = ok(*command[1:]).stdout
    assert "Commitment verified" in verified
    # the deal shown by verify is exactly the one shown by deal
    shown = "\n".join(lines[deal_at:seed_at])
    assert shown in verified


def test_fair_json_then_verify_json_identical() -> None:
    dealt = json.loads(ok("deal", "three-card-baccarat", *FAIR, "--json", "--decks", "2").stdout)
    pf = dealt["provably_fair"]
    verified = json.loads(
        ok(
            "verify",
            "three-card-baccarat",
            "--server-seed",
            pf["server_seed"],
            "--client-seed",
            pf["client_seed"],
            "--nonce",
            str(pf["nonce"]),
            "--commitment",
            pf["commitment"],
            "--decks",
            "2",
            "--json",
        ).stdout
    )
    assert verified["provably_fair"]["commitment_checked"] is True
    assert deal_part(verified) == deal_part(dealt)


def test_tampered_server_seed_fails_verify() -> None:
    dealt = json.loads(ok("deal", "thirteen", *FAIR, "--json").stdout)
    pf = dealt["provably_fair"]
    seed = pf["server_seed"]
    tampered = ("0" if seed[0] != "0" else "1") + seed[1:]
    result = run(
        "verify",
        "thirteen",
        "--server-seed",
        tampered,
        "--client-seed",
        pf["client_seed"],
        "--nonce",
        "0",
        "--commitment",
        pf["commitment"],
    )
    clean_failure(result, "does not match the commitment")
    assert "Portaria" not in result.stdout  # no deal shown for a failed commitment


def test_verify_refuses_to_pass_without_a_commitment() -> None:
    base = ("verify", "thirteen", "--server-seed", "ab" * 32, "--client-seed", "x", "--nonce", "2")
    clean_failure(run(*base), "--commitment")
    clean_failure(run(*base, "--no-commitment", "--commitment", "ab" * 32), "cannot be used")


def test_verify_no_commitment_replays_and_warns() -> None:
    args = ("verify", "thirteen", "--server-seed", "ab" * 32, "--client-seed", "x", "--nonce", "2")
    result = ok(*args, "--no-commitment")
    assert "No commitment given" in result.stdout
    assert result.stdout == ok(*args, "--no-commitment").stdout


def test_other_client_seed_gives_another_deal() -> None:
    base: tuple[str, ...] = ("verify", "thirteen", "--server-seed", "ab" * 32, "--nonce", "0")
    base += ("--json", "--no-commitment")
    a = json.loads(ok(*base, "--client-seed", "x").stdout)
    b = json.loads(ok(*base, "--client-seed", "y").stdout)
    assert deal_part(a) != deal_part(b)


# -- clean errors -------------------------------------------------------------------------------


def test_unknown_game_lists_the_games() -> None:
    clean_failure(
        run("deal", "poker"), "unknown game 'poker'", "thirteen", "three-card-baccarat", "mahjong"
    )
    clean_failure(
        run("verify", "poker", "--server-seed", "ab", "--client-seed", "x", "--nonce", "0"),
        "unknown game",
    )


def test_art2a_short_cut_is_a_clean_error_naming_the_value() -> None:
    result = run("deal", "thirteen", "--cut", "5")
    clean_failure(result, "Art 2 a", "got cut 5")
    assert "error:" in result.stderr


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("deal", "thirteen", "--decks", "2"), "three-card-baccarat and football-poker only"),
        (("deal", "three-card-baccarat", "--after-banker"), "thirteen only"),
        (("deal", "thirteen", "--seed", "a", *FAIR), "cannot be used together"),
        (("deal", "thirteen", "--nonce", "3"), "with --fair only"),
        (("deal", "three-card-baccarat", "--decks", "6", "--positions", "12"), "at most 8"),
        (("deal", "three-card-baccarat", "--decks", "0"), "decks"),
        (("deal", "three-card-baccarat", "--decks", "1", "--cut", "60"), "got cut 60"),
        (("deal", "three-card-baccarat", "--cut", "500"), "got cut 500"),
        (("deal", "thirteen", *FAIR, "--nonce", "-1"), "nonce"),
        (
            (
                "verify",
                "thirteen",
                "--server-seed",
                "xyz",
                "--client-seed",
                "a",
                "--nonce",
                "0",
                "--no-commitment",
            ),
            "hexadecimal",
        ),
        (
            (
                "verify",
                "thirteen",
                "--server-seed",
                "",
                "--client-seed",
                "a",
                "--nonce",
                "0",
                "--no-commitment",
            ),
            "server seed",
        ),
    ],
)
def test_bad_options_are_clean_errors(args: tuple[str, ...], fragment: str) -> None:
    clean_failure(run(*args), fragment)


def test_missing_game_or_bad_type_is_a_usage_error() -> None:
    clean_failure(run("deal", "thirteen", "--cut", "ten"))
    clean_failure(run("verify", "thirteen"))


def test_import_is_light() -> None:
    code = (
        "import sys, croupier.cli; "
        "print(any(m.startswith('croupier.games') for m in sys.modules), "
        "'croupier.shoe' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["False", "False"]


# ----- commit before the deal: `commit`, then `deal --fair --server-seed-file`, then `verify` --


def test_commit_then_deal_then_verify_against_the_record(tmp_path: Path) -> None:
    seed_file = tmp_path / "server.seed"
    commitment = ok("commit", "--out", str(seed_file)).stdout.strip()
    assert len(commitment) == 64
    assert seed_file.stat().st_mode & 0o777 == 0o600
    seed_hex = seed_file.read_text().strip()
    assert hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest() == commitment
    # the player chooses a client seed only after the commitment is public
    args = ("--fair", "--server-seed-file", str(seed_file), "--client-seed", "chosen later")
    record = ok("deal", "thirteen", *args, "--nonce", "4", "--json").stdout
    data = json.loads(record)
    assert data["provably_fair"]["commitment"] == commitment
    record_file = tmp_path / "deal.json"
    record_file.write_text(record)
    verify = (
        "verify", "thirteen", "--server-seed", seed_hex, "--client-seed", "chosen later",
        "--nonce", "4", "--commitment", commitment, "--expect", str(record_file),
    )  # fmt: skip
    assert "Deal verified" in ok(*verify).stdout
    # a record whose cards were changed after the fact does not verify
    data["hands"]["1"][0], data["hands"]["2"][0] = data["hands"]["2"][0], data["hands"]["1"][0]
    record_file.write_text(json.dumps(data))
    clean_failure(run(*verify), "differs", "first at hands.1[0]", "2 of ")


def test_commit_never_overwrites_a_seed(tmp_path: Path) -> None:
    seed_file = tmp_path / "server.seed"
    ok("commit", "--out", str(seed_file))
    before = seed_file.read_text()
    clean_failure(run("commit", "--out", str(seed_file)), "exists already", "never overwritten")
    assert seed_file.read_text() == before


def test_deal_fair_without_seed_file_says_it_is_a_demonstration() -> None:
    assert "Demonstration" in ok("deal", "thirteen", *FAIR).stdout


def test_server_seed_file_must_hold_hex(tmp_path: Path) -> None:
    bad = tmp_path / "bad.seed"
    bad.write_text("not hex")
    clean_failure(run("deal", "thirteen", *FAIR, "--server-seed-file", str(bad)), "hex")
    short = tmp_path / "short.seed"
    short.write_text("ab")
    clean_failure(
        run("deal", "thirteen", *FAIR, "--server-seed-file", str(short)), "at least 16 bytes"
    )


# -- values refused by the option parser are quoted back -------------------------------------


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (
            ("simulate", "five-card-stud", "--hands", "abc"),
            ("Invalid value for '--hands'", "(got 'abc')"),
        ),
        (("table", "run", "thirteen", "--rounds", "-1"), ("'--rounds'", "(got '-1')")),
        (("table", "run", "thirteen", "--rounds=0"), ("'--rounds'", "(got '0')")),
        (("deal", "thirteen", "--nonce", "x1"), ("'--nonce'", "(got 'x1')")),
        # a bare option name taken as another option's value is not its use
        (
            ("simulate", "five-card-stud", "--hands", "abc", "--seed", "--hands"),
            ("(got 'abc')",),
        ),
        # the last use of an option given twice is the one refused
        (
            ("simulate", "five-card-stud", "--hands", "3", "--hands", "9z"),
            ("(got '9z')",),
        ),
    ],
)
def test_readme_promise_a_value_refused_by_the_option_parser_is_quoted_back(
    args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    """README "What works": what a person types is quoted back, also when Typer's own check
    (a type or a bound) refuses it before the command runs."""
    clean_failure(run(*args), *fragments)


def test_quote_refused_leaves_flags_and_quoted_messages_alone() -> None:
    import typer
    from typer.core import TyperOption

    from croupier.cli import quote_refused

    option = TyperOption(param_decls=["--hands"], type_descriptor=None)  # type: ignore[arg-type]
    exc = typer.BadParameter("bad 'abc'", param=option)
    quote_refused(exc, ["--hands", "abc"])
    assert exc.message == "bad 'abc'"  # the value is already in it
    exc = typer.BadParameter("bad", param=option)
    quote_refused(exc, ["--", "--hands", "abc"])  # after "--": not an option
    assert exc.message == "bad"
    exc = typer.BadParameter("bad", param=None)
    quote_refused(exc, ["--hands", "abc"])
    assert exc.message == "bad"


@pytest.mark.parametrize(
    "args",
    [
        ("deal", "thirteen"),
        ("simulate", "five-card-stud", "--hands", "2"),
        ("odds", "thirteen", "--rounds", "2", "--scheduler", "none"),
        ("table", "run", "thirteen", "--rounds", "1"),
    ],
)
def test_an_empty_seed_is_refused_alike_by_every_command(args: tuple[str, ...]) -> None:
    """``--seed ""`` (a shell variable not set) is refused by every command that takes a seed,
    with the same message, before anything is played."""
    clean_failure(run(*args, "--seed", ""), "--seed needs some text")
