"""Issue 15 (what a newcomer tripped on), the CLI's items: fair deals of every game (5, 6),
records (7, 8), ``verify --expect`` (10), which game each command takes (13), ``replay ""``
(15), ``--version`` (21); and issue 22's CLI start-up."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from croupier import __version__
from croupier.cli import app
from croupier.commands import replay as replay_module
from croupier.errors import MaterialError
from croupier.seeds import MIN_CLIENT_SEED
from croupier.table import sources
from croupier.table.audit import check_chain
from croupier.table.registry import GAMES, games_supporting

GAME_NAMES = list(GAMES)


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def failed(result: Result, code: int, *fragments: str) -> None:
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr


# -- item 5: every game deals fair and verifies ---------------------------------------------


@pytest.mark.parametrize("game", GAME_NAMES)
def test_item5_every_game_deals_fair_and_verifies_against_its_record(
    game: str, tmp_path: Path
) -> None:
    assert "deal" in GAMES[game].commands and "verify" in GAMES[game].commands
    record = ok("deal", game, "--fair", "--client-seed", "a seed of mine", "--json").stdout
    data = json.loads(record)
    pf = data["provably_fair"]
    path = tmp_path / "deal.json"
    path.write_text(record)
    verify = [
        "verify", game, "--server-seed", pf["server_seed"], "--client-seed", pf["client_seed"],
        "--nonce", str(pf["nonce"]), "--commitment", pf["commitment"], "--expect", str(path),
    ]  # fmt: skip
    assert "Deal verified" in ok(*verify).stdout
    wrong_client = [*verify]
    wrong_client[wrong_client.index("--client-seed") + 1] = "another seed"
    failed(run(*wrong_client), 2, "the recorded deal differs")


# -- item 6: the client seed ------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["", " ", "short", "       x", "x" * (MIN_CLIENT_SEED - 1)])
def test_item6_an_empty_or_short_client_seed_is_refused(seed: str) -> None:
    for args in (("deal", "thirteen"), ("deal", "mahjong", "--json")):
        failed(
            run(*args, "--fair", "--client-seed", seed),
            2,
            f"at least {MIN_CLIENT_SEED} characters",
        )
    with pytest.raises(MaterialError, match=f"at least {MIN_CLIENT_SEED} characters"):
        sources.FairSource(seed)


def test_item6_one_minimum_everywhere() -> None:
    assert sources.MIN_CLIENT_SEED is MIN_CLIENT_SEED
    just = "x" * MIN_CLIENT_SEED
    ok("deal", "thirteen", "--fair", "--client-seed", just)
    sources.FairSource(just)
    assert f"at least {MIN_CLIENT_SEED} characters" in ok("deal", "--help").stdout
    failed(run("deal", "thirteen", "--fair"), 2, "--fair needs --client-seed")


# -- item 10: verify --expect names the first difference ------------------------------------


def test_item10_verify_expect_mismatch_names_the_first_card_and_is_short(tmp_path: Path) -> None:
    record = ok("deal", "thirteen", "--fair", "--client-seed", "a seed of mine", "--json").stdout
    data = json.loads(record)
    pf = data["provably_fair"]
    hand = data["hands"]["3"]
    hand[4], hand[7] = hand[7], hand[4]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(data))
    result = run(
        "verify", "thirteen", "--server-seed", pf["server_seed"], "--client-seed",
        pf["client_seed"], "--nonce", "0", "--commitment", pf["commitment"], "--expect", str(path),
    )  # fmt: skip
    message = result.stderr.strip()
    assert result.exit_code == 2
    assert f"first at hands.3[4] (item 5 of hands.3): recorded {hand[4]!r}, the seeds give " in (
        message
    )
    assert f"the seeds give {hand[7]!r}; 2 of " in message
    assert len(message) < 250, message


def test_item10_first_difference_of_tiles_and_missing_keys() -> None:
    from croupier.commands.deal import first_difference

    assert first_difference({"a": 1}, {"a": 1}) is None
    assert (
        first_difference({}, {"live": ["1m"]})
        == "at live: the record has no 'live' (1 keys missing)"
    )
    got = first_difference({"live": ["1m", "2m", "9s"]}, {"live": ["1m", "2m"]})
    assert got == (
        "at live[2] (item 3 of live): recorded '9s', the seeds give nothing; 1 of 3 values differ"
    )


# -- item 13: one source of truth for which game takes which command -----------------------


def test_item13_registry_says_the_truth() -> None:
    assert games_supporting("simulate") == (
        "mahjong",
        "football-poker",
        "three-card-baccarat",
        "five-card-stud",
    )
    assert "mahjong" not in games_supporting("odds")
    assert games_supporting("score") == ("mahjong",)
    assert games_supporting("equity") == ("five-card-stud",)
    for command in ("deal", "verify", "play", "replay", "table", "log"):
        assert games_supporting(command) == tuple(GAMES)


@pytest.mark.parametrize(
    ("args", "command"),
    [
        (("odds", "mahjong"), "odds"),
        (("simulate", "thirteen"), "simulate"),
        (("play", "baccarat"), "play"),
        (("deal", "poker"), "deal"),
    ],
)
def test_item13_error_messages_list_the_games_the_command_takes(
    args: tuple[str, ...], command: str
) -> None:
    result = run(*args)
    failed(result, 2, ", ".join(games_supporting(command)))
    for other in set(GAMES) - set(games_supporting(command)):
        assert f"{other}," not in result.stderr.split("are:")[-1]


def test_item13_replay_of_an_unknown_game_lists_the_games(tmp_path: Path) -> None:
    path = tmp_path / "poker.json"
    path.write_text('{"game": "poker", "options": {}, "events": []}')
    failed(
        run("replay", str(path)), 2, "unknown game 'poker'", ", ".join(games_supporting("replay"))
    )


@pytest.mark.parametrize("command", ["deal", "play", "simulate", "odds"])
def test_item13_help_lists_the_games_from_the_registry(command: str) -> None:
    text = re.sub(r"-\s+", "-", " ".join(ok(command, "--help").stdout.split()))
    games = games_supporting(command)
    assert ", ".join(games[:-1]) + " or " + games[-1] in text


# -- items 7 and 8: old records, migration, --force ----------------------------------------


@pytest.fixture
def thirteen_record(tmp_path: Path) -> Path:
    """An old 13-card game record (one JSON document, no chain), as play wrote before it wrote
    table logs (tests/games/thirteen/data: written by 3fcd9f2)."""
    saved = Path(__file__).parent / "games" / "thirteen" / "data" / "full_log_3fcd9f2.json"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(json.loads(saved.read_text())["record"]))
    return path


def test_item7_an_old_record_replays_with_a_warning_while_its_game_writes_them(
    thirteen_record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # play thirteen writes table logs now; the mechanism, for a game still writing old records
    monkeypatch.setattr(replay_module, "OLD_RECORDS_ACCEPTED", frozenset({"thirteen"}))
    result = ok("replay", str(thirteen_record), "--json")
    assert json.loads(result.stdout)["game"] == "thirteen"
    assert "without a hash chain or seal" in result.stderr
    assert "croupier log migrate" in result.stderr


def test_item7_an_old_record_is_refused_once_its_game_writes_table_logs(
    thirteen_record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replay_module, "OLD_RECORDS_ACCEPTED", frozenset())
    failed(
        run("replay", str(thirteen_record)),
        2,
        "written before sealed logs existed",
        f"croupier log migrate {thirteen_record}",
    )


def test_item7_log_migrate_makes_a_sealed_log_that_replays_to_the_record_digest(
    thirteen_record: Path, tmp_path: Path
) -> None:
    saved = Path(__file__).parent / "games" / "thirteen" / "data" / "full_log_3fcd9f2.json"
    digest = json.loads(saved.read_text())["digest"]
    new = tmp_path / "new.log"
    said = ok("log", "migrate", str(thirteen_record), str(new)).stdout
    assert "chain starts at this migration" in " ".join(said.split())
    report = check_chain(new.read_bytes().splitlines(keepends=True))
    assert report.sealed and report.migrated
    out = json.loads(ok("replay", str(new), "--json", "--expect-digest", digest).stdout)
    assert out["sealed"] is True and out["record"]["digest"] == digest
    # the migrated log is a record too: changing an event breaks its chain
    lines = new.read_bytes().splitlines(keepends=True)
    lines[3] = lines[3].replace(b'"at":0', b'"at":5')
    new.write_bytes(b"".join(lines))
    failed(run("replay", str(new)), 4, "the log does not check", "entry seq 3")


def test_item7_log_migrate_of_a_stud_hand_history(tmp_path: Path) -> None:
    history = tmp_path / "hands"
    ok("play", "five-card-stud", "--auto", "--seed", "2", "--history", str(history))
    new = tmp_path / "hand.log"
    ok("log", "migrate", str(history / "hand-0001.toml"), str(new))
    out = json.loads(ok("replay", str(new), "--json").stdout)
    assert out["migrated"]["origin"] == "stud-toml" and out["record"]["hands"] == 1


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("nothere.json", "x.log"), "cannot read the record 'nothere.json': no such file"),
        (("", "x.log"), "the path is empty"),
    ],
)
def test_item7_log_migrate_bad_input(args: tuple[str, ...], fragment: str) -> None:
    failed(run("log", "migrate", *args), 2, fragment)


def test_item8_log_migrate_and_play_never_overwrite_without_force(
    thirteen_record: Path, tmp_path: Path
) -> None:
    new = tmp_path / "new.log"
    new.write_text("precious")
    failed(run("log", "migrate", str(thirteen_record), str(new)), 2, "exists already", "--force")
    assert new.read_text() == "precious"
    ok("log", "migrate", str(thirteen_record), str(new), "--force")
    before = thirteen_record.read_bytes()
    for game in ("thirteen", "three-card-baccarat", "mahjong", "five-card-stud"):
        args = ("play", game, "--seed", "3", "--log", str(thirteen_record))
        failed(run(*args, *(("--auto",) if game != "three-card-baccarat" else ())), 2, "--force")
        assert thirteen_record.read_bytes() == before
    ok("play", "thirteen", "--auto", "--seed", "3", "--log", str(thirteen_record), "--force")
    assert thirteen_record.read_bytes() != before


def test_item8_stud_history_directory_is_never_overwritten_without_force(tmp_path: Path) -> None:
    history = tmp_path / "hands"
    ok("play", "five-card-stud", "--auto", "--seed", "2", "--history", str(history))
    first = (history / "hand-0001.toml").read_bytes()
    args = ("play", "five-card-stud", "--auto", "--seed", "3", "--history", str(history))
    failed(run(*args), 2, "already holds hand-0001.toml", "--force")
    assert (history / "hand-0001.toml").read_bytes() == first
    ok(*args, "--force")


# -- item 15: replay "" -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "fragment"),
    [("", "no record file given (the path is empty)"), (".", "it is a directory, not a record")],
)
def test_item15_replay_of_an_empty_path_or_a_directory(name: str, fragment: str) -> None:
    failed(run("replay", name), 2, fragment)
    assert "Is a directory" not in run("replay", name).output


def test_item15_replay_of_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text("hello")
    failed(run("replay", str(path)), 2, "it is not a croupier record")


# -- item 21: --version -------------------------------------------------------------------------


def test_item21_version() -> None:
    assert ok("--version").stdout.strip() == f"croupier {__version__}"


# -- issue 22: start-up -------------------------------------------------------------------------

HEAVY = ("numpy", "rich", "croupier.games", "croupier.odds", "croupier.table.base", "markdown_it")


def test_issue22_importing_the_cli_imports_nothing_heavy() -> None:
    code = (
        "import sys, croupier.cli\n"
        f"heavy = {HEAVY!r}\n"
        "print([m for m in sys.modules if m.split('.')[0] in heavy or m.startswith(heavy)])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_issue22_help_imports_nothing_heavy() -> None:
    code = (
        "import sys\n"
        "from croupier.cli import app\n"
        "try:\n"
        "    app(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        f"heavy = {HEAVY!r}\n"
        "print([m for m in sys.modules if m.split('.')[0] in heavy or m.startswith(heavy)], "
        "file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "Usage:" in out.stdout and "Commands:" in out.stdout
    assert out.stderr.strip() == "[]"


def test_issue22_the_help_lists_every_command_in_the_module_that_registers_it() -> None:
    from croupier.cli import COMMANDS, load_all
    from croupier.commands.app import app as registered

    load_all()
    where: dict[str, str] = {}
    for command in registered.registered_commands:
        assert command.callback is not None
        name = command.name or command.callback.__name__
        where[name] = command.callback.__module__
    for group in registered.registered_groups:
        sub = group.typer_instance
        assert sub is not None and group.name is not None
        callbacks = [c.callback for c in sub.registered_commands if c.callback is not None]
        where[group.name] = callbacks[0].__module__
    assert set(where) == set(COMMANDS), "list every command in croupier.cli.COMMANDS"
    for name, (module, line) in COMMANDS.items():
        assert where[name] == f"croupier.commands.{module}", name
        assert len(line) <= 66 and line.endswith("."), name
    for name in COMMANDS:
        assert ok(name, "--help").stdout.startswith(f"Usage: croupier {name}")
    # a group's line in the root help is its own help when that fits the line (``croupier
    # --help`` said the admin group only creates users; it also changes roles)
    for group in registered.registered_groups:
        sub = group.typer_instance
        assert sub is not None and group.name is not None
        own = sub.info.help
        assert isinstance(own, str), group.name
        first = own.strip().split("\n")[0]
        if len(first) <= 66:
            assert COMMANDS[group.name][1] == first, group.name
