"""Issue 15 items 3 and 4 on the command line: every numeric option of every command is bounded
(a value out of range is refused at once, naming the flag and the allowed range: nothing hangs
or fills the memory), and money and rates are printed as a cashier writes them, the same in
every game, while JSON keeps the exact values."""

from __future__ import annotations

import importlib
import json
import re
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import pytest
import typer
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from croupier.cli import COMMANDS, app
from croupier.money import format_money, format_rate

runner = CliRunner()
HUGE = str(10**20)
FAIR = ("--fair", "--client-seed", "abcdefghijklmnop")
VERIFY = ("--server-seed", "00" * 32, "--client-seed", "abcdefghijklmnop", "--no-commitment")
HAND = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 5s 5s"

#: every numeric option of every command, with the other arguments that reach its check
CASES: dict[tuple[str, str], tuple[str, ...]] = {
    ("deal", "--nonce"): ("deal", "thirteen", *FAIR),
    ("deal", "--cut"): ("deal", "three-card-baccarat", "--seed", "s"),
    ("deal", "--decks"): ("deal", "football-poker", "--seed", "s"),
    ("deal", "--positions"): ("deal", "football-poker", "--seed", "s"),
    ("verify", "--nonce"): ("verify", "thirteen", *VERIFY),
    ("verify", "--cut"): ("verify", "three-card-baccarat", *VERIFY, "--nonce", "0"),
    ("verify", "--decks"): ("verify", "football-poker", *VERIFY, "--nonce", "0"),
    ("verify", "--positions"): ("verify", "football-poker", *VERIFY, "--nonce", "0"),
    ("equity", "--limit"): ("equity", "As Ks", "Qh Qd"),
    ("odds", "--decks"): ("odds", "football-poker"),
    ("odds", "--rounds"): ("odds", "thirteen"),
    ("odds", "--workers"): ("odds", "thirteen", "--rounds", "10"),
    ("play", "--rounds"): ("play", "football-poker", "--seed", "s", "--json"),
    ("play", "--decks"): ("play", "football-poker", "--seed", "s", "--json"),
    ("play", "--positions"): ("play", "three-card-baccarat", "--seed", "s", "--json"),
    ("play", "--bots"): ("play", "football-poker", "--seed", "s", "--json"),
    ("play", "--bankroll"): ("play", "three-card-baccarat", "--seed", "s"),
    ("play", "--nonce"): ("play", "football-poker", *FAIR, "--bots", "1", "--json"),
    ("play", "--hands"): ("play", "five-card-stud", "--auto", "--seed", "s", "--json"),
    ("play", "--level"): ("play", "five-card-stud", "--auto", "--seed", "s", "--json"),
    ("play", "--position"): ("play", "thirteen", "--auto", "--seed", "s", "--json"),
    ("play", "--units"): ("play", "thirteen", "--auto", "--seed", "s", "--json"),
    **{
        ("play", flag): ("play", "mahjong", "--auto", "--seed", "s", "--json")
        for flag in ("--games", "--min-faan", "--limit", "--unit", "--commission-bp", "--max-games")
    },
    ("serve", "--port"): ("serve",),
    ("serve", "--bot-delay-ms"): ("serve",),
    ("serve", "--integrity-interval"): ("serve",),
    ("serve", "--max-connections"): ("serve",),
    ("serve", "--idle-timeout"): ("serve",),
    ("serve", "--max-queued-frames"): ("serve",),
    ("serve", "--send-buffer-kib"): ("serve",),
    ("simulate", "--rounds"): ("simulate", "football-poker", "--json"),
    ("simulate", "--decks"): ("simulate", "football-poker", "--json"),
    ("simulate", "--positions"): ("simulate", "three-card-baccarat", "--json"),
    ("simulate", "--hands"): ("simulate", "five-card-stud", "--json"),
    ("simulate", "--seats"): ("simulate", "five-card-stud", "--json"),
    **{
        ("simulate", flag): ("simulate", "mahjong", "--games", "2", "--json")
        for flag in (
            "--games",
            "--fuzz",
            "--close-rate",
            "--workers",
            "--min-faan",
            "--limit",
            "--unit",
            "--commission-bp",
        )
    },
    **{
        ("score mahjong", flag): ("score", "mahjong", "--hand", HAND, "--win-tile", "5s")
        for flag in ("--min-faan", "--limit", "--unit", "--commission-bp")
    },
    ("table run", "--bots"): ("table", "run", "thirteen"),
    ("table run", "--rounds"): ("table", "run", "thirteen"),
}


def numeric_options() -> set[tuple[str, str]]:
    """(command, flag) of every int or float option of the command line, read from the app."""
    for module in {m for m, _ in COMMANDS.values()}:
        importlib.import_module(f"croupier.commands.{module}")
    from croupier.commands.app import app as registered

    found: set[tuple[str, str]] = set()

    def walk(command: Any, path: tuple[str, ...]) -> None:
        if hasattr(command, "commands"):
            for name, sub in command.commands.items():
                walk(sub, (*path, name))
            return
        for param in command.params:
            annotation = str(getattr(param, "type_descriptor", ""))
            if "'int'" in annotation or "'float'" in annotation:
                found.add((" ".join(path), param.opts[0]))

    walk(typer.main.get_command(registered), ())
    return found


class Hung(Exception):
    """A command still running after its time."""


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    def alarm(signum: int, frame: Any) -> None:
        raise Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def refused_at_once(*args: str) -> Result:
    start = time.monotonic()
    with deadline(30):
        result = runner.invoke(app, list(args))
    assert time.monotonic() - start < 15, args
    assert result.exit_code == 2, (args, result.output, result.exception)
    assert "Traceback" not in result.output
    return result


def test_issue15_item3_every_numeric_option_is_listed_here() -> None:
    """A numeric option added later must come with its bound (and a case here)."""
    assert numeric_options() == set(CASES)


@pytest.mark.parametrize(
    ("key", "value"),
    [(k, v) for k in CASES for v in (HUGE, "-1")],
    ids=[f"{' '.join(k)}={v}" for k in CASES for v in ("huge", "-1")],
)
def test_issue15_item3_every_numeric_option_refuses_a_value_out_of_range_at_once(
    key: tuple[str, str], value: str
) -> None:
    _, flag = key
    result = refused_at_once(*CASES[key], flag, value)
    # the flag, or (a cut refused by the game's article) its name
    assert flag in result.output or f"{flag[2:]} {value}" in result.output, result.output


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("play", "football-poker", "--decks", "10000000"), ("--decks 10000000", "1 to 16")),
        (("play", "football-poker", "--bots", "1000"), ("--bots 1000", "0 to 16 bots")),
        (("play", "football-poker", "--rounds", HUGE), ("1 to 10,000 rounds",)),
        (("simulate", "football-poker", "--rounds", HUGE), ("2 to 10,000,000 rounds",)),
        (("odds", "three-card-baccarat", "--decks", "17"), ("1 to 16 decks",)),
        (("serve", "--port", "99999"), ("--port 99999", "0 to 65,535")),
        (("deal", "thirteen", *FAIR, "--nonce", HUGE), ("0 to 9,223,372,036,854,775,807",)),
    ],
)
def test_issue15_item3_the_error_names_the_allowed_range(
    args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    result = refused_at_once(*args)
    for fragment in fragments:
        assert fragment in result.output, result.output


@pytest.mark.parametrize("command", ["play", "deal", "simulate", "odds"])
@pytest.mark.parametrize(
    ("game", "fragment"),
    [
        ("football-poker", "decks must be 6 to 16"),
        ("three-card-baccarat", "decks must be 1 to 16"),
    ],
)
def test_issue15_item3_decks_set_by_option_are_bounded_by_the_table(
    command: str, game: str, fragment: str
) -> None:
    result = refused_at_once(command, game, "--option", "decks=10000000")
    assert fragment in result.output, result.output


def test_issue15_item3_places_that_cannot_fit_name_the_range() -> None:
    result = refused_at_once("play", "football-poker", "--positions", "99")
    assert "6 decks take 8 to 34 places" in result.output
    result = refused_at_once("play", "three-card-baccarat", "--positions", "10")
    assert "at most 8 places" in result.output and "cut_card_depth=34" in result.output


@pytest.mark.parametrize(
    ("command", "flags"),
    [
        ("play", ("--rounds", "--decks", "--positions", "--hands")),
        ("simulate", ("--rounds", "--decks", "--positions", "--hands", "--games", "--fuzz")),
        ("odds", ("--decks", "--rounds", "--workers")),
        ("deal", ("--decks", "--positions", "--nonce")),
        (
            "serve",
            (
                "--port",
                "--bot-delay-ms",
                "--integrity-interval",
                "--max-connections",
                "--idle-timeout",
                "--max-queued-frames",
                "--send-buffer-kib",
            ),
        ),
        ("equity", ("--limit",)),
    ],
)
def test_issue15_item3_help_says_each_range(command: str, flags: tuple[str, ...]) -> None:
    text = " ".join(runner.invoke(app, [command, "--help"]).output.replace("│", " ").split())
    for flag in flags:
        at = text.index(flag)
        assert "Allowed:" in text[at : at + 400], (flag, text[at : at + 400])


# -- item 4: money and rates ----------------------------------------------------------------------


@given(st.integers(-(10**12), 10**12), st.integers(0, 6))
def test_issue15_item4_whole_units_are_shown_exactly_with_the_currencys_decimals(
    units: int, decimals: int
) -> None:
    text = format_money(units, decimals=decimals)
    assert "≈" not in text
    body = text.lstrip("-").replace(",", "")
    whole, _, frac = body.partition(".")
    assert len(frac) == decimals
    assert Fraction(int(whole + frac), 10**decimals) * 10**decimals == abs(units)
    assert text.startswith("-") == (units < 0)


@given(st.fractions(min_value=0, max_value=10**9).filter(lambda f: f.denominator <= 10**6))
def test_issue15_item4_a_fraction_of_a_unit_is_marked_or_shown_exactly(amount: Fraction) -> None:
    text = format_money(amount, decimals=2)
    assert text.startswith("≈") == (amount.denominator != 1)
    if (amount * 100).denominator == 1:  # two more digits always hold a 5% commission
        exact = format_money(amount, decimals=2, exact=True)
        assert Fraction(exact.replace(",", "")) * 100 == amount


def test_issue15_item4_rates_as_a_cashier_writes_them() -> None:
    assert [format_rate(Fraction(n, d)) for n, d in ((5, 100), (1, 40), (4, 100), (2, 100))] == [
        "5%",
        "2.5%",
        "4%",
        "2%",
    ]


def _ok(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    return result


def test_issue15_item4_the_baccarat_commission_is_money_not_a_four_decimal_float() -> None:
    args = ("play", "three-card-baccarat", "--seed", "s", "--rounds", "2")
    out = _ok(*args, "--bet", "ana:1:main:19000", "--bet", "ana:1:odd:333").output
    charged = re.findall(r"commission charged \(Art 10\): (\S+)(?: \(exactly (\S+)\))?", out)
    assert charged, out
    for shown, exact in charged:
        assert re.fullmatch(r"≈?\d[\d,]*\.\d\d", shown), shown
        assert shown.startswith("≈") == bool(exact)
    assert ("≈9.67", "9.6665") in charged and ("9.50", "") in charged
    # JSON keeps the exact amount owed
    # JSON keeps the exact amount owed: 19,001 back, the prize less 5% of it (950.05 units)
    data = json.loads(_ok(*args, "--bet", "ana:1:main:19001", "--json").output)
    first = data["rounds"][0]["settlement"][0]
    assert first["result"] == "win"
    assert Fraction(first["owed"]) == 2 * 19_001 - Fraction(19_001, 20) and first["paid"] == 37_051


def test_issue15_item4_odds_show_the_commission_as_a_percentage() -> None:
    out = _ok("odds", "three-card-baccarat", "--commission", "2.5").output
    assert "1:1 less 2.5%" in out and "2.5000" not in out
    data = json.loads(_ok("odds", "three-card-baccarat", "--commission", "2.5", "--json").output)
    assert Fraction(data["options"]["commission"]) == Fraction(1, 40)


def test_issue15_item4_stud_states_its_rate_as_a_percentage() -> None:
    out = _ok("play", "five-card-stud", "--auto", "--seed", "s").output
    assert "commission 4% of the pot (Art 9)" in out


def test_issue15_item4_table_run_prints_money_with_the_tables_decimals() -> None:
    out = _ok("table", "run", "thirteen", "--rounds", "2", "--seed", "s").output
    assert re.search(r"house [+-]?\d[\d,]*\.\d\d, commission [+-]?\d[\d,]*\.\d\d", out), out
    assert re.search(r"chips: bot1 \d[\d,]*\.\d\d", out), out


def test_issue15_item4_replay_prints_the_ledger_as_money(tmp_path: Any) -> None:
    log = tmp_path / "thirteen.log"
    _ok("table", "run", "thirteen", "--rounds", "2", "--seed", "s", "--log", str(log))
    out = " ".join(_ok("replay", str(log)).output.split())
    assert re.search(r"house [+-]?\d[\d,]*\.\d\d, commission \d[\d,]*\.\d\d, in play 0\.00", out)
    data = json.loads(_ok("replay", str(log), "--json").output)
    assert isinstance(data["ledger"]["house"], int)  # JSON keeps the units


def test_issue15_item4_mahjong_totals_are_signed_amounts_with_commas() -> None:
    args = ("play", "mahjong", "--auto", "--seed", "a", "--games", "1", "--unit", "100")
    out = _ok(*args).output
    totals = out[out.index("Totals") : out.index("Last hash")]
    assert re.search(r"\d{1,3},\d{3},\d{3}", totals), totals  # the buy-ins, with commas
    assert re.search(r"[+-]\d{1,3}(,\d{3})*\b", totals), totals  # the nets, signed
    assert not re.search(r"\d{4}", totals), totals  # no amount without its commas
