"""``croupier table run|schema|options`` (issue 17 "Show it") and the table log on disk: the
writer (issue 15 items 8, 9) and ``croupier replay`` of a table log (item 7), on the toy game
registered for these tests only, and on every real game whose table is on main."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.commands.tablelog import TableLogWriter
from croupier.table import Actor, SeededSource, registry
from croupier.table.log import link
from croupier.table.registry import GAMES, GameInfo

from .toy import FirstOfferBot, ToyOptions, ToyTable

TOY_BOTS: dict[str, Callable[[int], FirstOfferBot]] = {"first": lambda seed: FirstOfferBot()}


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    info = GameInfo(
        "toy",
        "Toy high card",
        "no regulation (a test game)",
        f"{ToyTable.__module__}:ToyTable",
        f"{ToyOptions.__module__}:ToyOptions",
        f"{__name__}:TOY_BOTS",
        frozenset({"table", "replay"}),
    )
    monkeypatch.setitem(registry.GAMES, "toy", info)
    yield


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result


def failed(result: Result, code: int, *fragments: str) -> None:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.output, result.output


# -- table run -------------------------------------------------------------------------------


def test_show_it_table_run_json_has_game_rounds_events_and_a_balanced_ledger(toy: None) -> None:
    out = json.loads(
        ok("table", "run", "toy", "--bots", "3", "--rounds", "4", "--seed", "s", "--json").output
    )
    assert out["game"] == "toy" and out["rounds"] == 4 and out["sealed"] is True
    assert out["events"] > 4 * 3
    ledger = out["ledger"]
    assert ledger["balanced"] is True and out["books_agree"] is True
    assert set(ledger["players"]) == {"bot1", "bot2", "bot3"}
    assert isinstance(ledger["house"], int)
    assert [r["round"] for r in out["results"]] == [1, 2, 3, 4]
    for result in out["results"]:
        assert result["result"]["type"] == "settled"
        assert sum(result["net"].values()) + result["house"] + result["commission"] == 0


@pytest.mark.parametrize("game", ["three-card-baccarat", "five-card-stud", "mahjong"])
def test_table_run_fair_shows_each_shuffle_s_commitment_and_revealed_seed(game: str) -> None:
    """``table run GAME --fair`` (a README quick-start line) names each shuffle's commitment,
    client seed and nonce, and the server seed revealed after it, in its JSON and its text: a
    newcomer found them only in the ``--log`` file. Each seed hashes to its commitment."""
    import hashlib

    args = ("table", "run", game, "--rounds", "2", "--fair", "--client-seed", "my-own-seed-1")
    shuffles = json.loads(ok(*args, "--json").output)["provably_fair"]
    assert shuffles and [s["nonce"] for s in shuffles] == list(range(len(shuffles)))
    for shuffle in shuffles:
        assert shuffle["client_seed"] == "my-own-seed-1"
        seed = bytes.fromhex(shuffle["server_seed"])
        assert hashlib.sha256(seed).hexdigest() == shuffle["commitment"]
    text = ok(*args).output
    said = [line for line in text.splitlines() if line.startswith("Fair shuffle, nonce")]
    assert len(said) == len(shuffles)  # each run draws fresh server seeds: counted, not compared
    assert all("commitment " in line and "server seed " in line for line in said)
    plain = json.loads(ok("table", "run", game, "--rounds", "1", "--seed", "s", "--json").output)
    assert "provably_fair" not in plain


def test_show_it_table_run_prints_each_round_and_is_reproducible(toy: None) -> None:
    first = ok("table", "run", "toy", "--rounds", "3", "--seed", "s").output
    assert [line.split(" (")[0] for line in first.splitlines() if line.startswith("Round ")] == [
        "Round 1",
        "Round 2",
        "Round 3",
    ]
    assert "Ledger balanced: True; books agree: True" in first
    assert first == ok("table", "run", "toy", "--rounds", "3", "--seed", "s").output
    other = ok("table", "run", "toy", "--rounds", "3", "--seed", "t").output
    assert other != first


def test_issue16_table_run_takes_the_game_options(toy: None) -> None:
    out = json.loads(ok("table", "run", "toy", "--seed", "s", "--json", "-o", "ante=20").output)
    assert out["options"] == {"ante": 20, "seats": 4}
    failed(run("table", "run", "toy", "-o", "antes=20"), 2, "unknown option 'antes'", "ante, seats")
    failed(run("table", "run", "toy", "-o", "ante=x"), 2, "option ante='x': expected a whole")


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (("table", "run", "poker"), 2, "unknown game 'poker'"),
        (("table", "run", "toy", "--bots", "0"), 2, "--bots"),
        (("table", "run", "toy", "--rounds", "0"), 2, "--rounds"),
        (("table", "run", "toy", "--bot-kind", "clever"), 2, "the bots are: first"),
        (("table", "run", "toy", "--fair"), 2, "--fair needs --client-seed"),
        (("table", "run", "toy", "--fair", "--client-seed", "abc"), 2, "at least 8"),
        (("table", "run", "toy", "--seed", "s", "--fair", "--client-seed", "abcdefgh"), 2, ""),
    ],
)
def test_table_run_bad_input_is_a_clean_error(
    toy: None, args: tuple[str, ...], code: int, fragment: str
) -> None:
    failed(run(*args), code, fragment)


def test_item5_table_run_fair_uses_the_client_seed(toy: None) -> None:
    out = json.loads(
        ok("table", "run", "toy", "--fair", "--client-seed", "my own seed", "--json").output
    )
    assert out["rounds"] == 5 and out["ledger"]["balanced"]


@pytest.mark.parametrize("game", list(GAMES))
def test_show_it_table_run_every_real_game_or_says_it_is_not_there_yet(game: str) -> None:
    try:
        assert game == GAMES[game].table.GAME
    except (ImportError, AttributeError):
        failed(run("table", "run", game), 2, "is not available on the table interface yet")
        failed(run("table", "schema", game), 2, "is not available on the table interface yet")
        return
    out = json.loads(ok("table", "run", game, "--rounds", "2", "--seed", "s", "--json").output)
    assert out["game"] == game and out["rounds"] == 2
    assert out["ledger"]["balanced"] is True and out["books_agree"] is True
    assert json.loads(ok("table", "schema", game).output)


def test_show_it_table_schema_and_options(toy: None) -> None:
    schema = json.loads(ok("table", "schema", "toy").output)
    assert schema == ToyTable.schema()
    text = ok("table", "options", "toy").output
    assert "ante  (int; default 10)" in text and "seats  (int; default 4)" in text
    keys = json.loads(ok("table", "options", "toy", "--json").output)["options"]
    assert [k["key"] for k in keys] == ["ante", "seats"]


def test_item13_table_help_and_errors_list_the_registry_games() -> None:
    result = run("table", "run", "poker")
    listing = ", ".join(g for g in GAMES if "table" in GAMES[g].commands)
    failed(result, 2, f"the games are: {listing}")


# -- the log on disk -------------------------------------------------------------------------


def logged(tmp_path: Path, rounds: int = 3) -> Path:
    log = tmp_path / "toy.log"
    ok("table", "run", "toy", "--rounds", str(rounds), "--seed", "s", "--log", str(log))
    return log


def test_item7_a_sealed_table_log_replays_with_exit_0(toy: None, tmp_path: Path) -> None:
    log = logged(tmp_path)
    text = ok("replay", str(log)).output
    assert "sealed" in text and "every event checked against the rules" in text
    summary = json.loads(ok("replay", str(log), "--json").output)
    assert summary["sealed"] is True and summary["ledger"]["balanced"] is True
    assert summary["rounds"] == 3
    ok("replay", str(log), "--expect-digest", summary["head"])
    failed(run("replay", str(log), "--expect-digest", "00" * 32), 4, "not the expected")


@pytest.mark.parametrize(
    ("damage", "fragment"),
    [
        ("remove", "entry 6: seq 7 where 6 was due"),
        ("change", "entry seq 6 ("),
        ("swap", "entry 6: seq 7 where 6 was due"),
        ("add", "where"),
        ("header", "the header was changed"),
        ("seal", "the seal"),
    ],
)
def test_item7_a_removed_changed_or_reordered_entry_exits_4_naming_it(
    toy: None, tmp_path: Path, damage: str, fragment: str
) -> None:
    log = logged(tmp_path)
    lines = log.read_bytes().splitlines(keepends=True)
    if damage == "remove":
        del lines[6]
    elif damage == "change":
        lines[6] = lines[6].replace(b'"at":', b'"at":1', 1)
    elif damage == "swap":
        lines[6], lines[7] = lines[7], lines[6]
    elif damage == "add":
        lines.insert(7, lines[7])
    elif damage == "header":
        lines[0] = lines[0].replace(b'"ante":10', b'"ante":11')
    else:  # a seal miscounting the entries, its own hash made to fit
        entry = json.loads(lines[-1])
        entry["event"]["entries"] -= 1
        del entry["hash"]
        entry["hash"] = link(json.loads(lines[-2])["hash"], entry)
        lines[-1] = json.dumps(entry).encode() + b"\n"
    log.write_bytes(b"".join(lines))
    failed(run("replay", str(log)), 4, "the log does not check", fragment)


def test_item7_an_unsealed_log_exits_3_saying_where_it_ends(toy: None, tmp_path: Path) -> None:
    log = logged(tmp_path)
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(b"".join(lines[:-1]))  # the seal cut off: between rounds
    failed(run("replay", str(log)), 3, "is not sealed", "between rounds", "--allow-open")
    assert "open" in ok("replay", str(log), "--allow-open").output
    log.write_bytes(b"".join(lines[:10]))  # cut inside round 1, its cards dealt
    failed(run("replay", str(log)), 3, "ends in round 1 (phase settle), at entry 9")
    log.write_bytes(b"".join(lines[:10]) + lines[10][:25])  # a line cut mid-write
    failed(run("replay", str(log)), 3, "its last line was cut")


def test_item9_the_writer_flushes_each_entry_so_an_interrupted_table_replays(
    toy: None, tmp_path: Path
) -> None:
    path = tmp_path / "live.log"
    table = ToyTable(ToyOptions(), table_id="t1", source=SeededSource("x"))
    writer = TableLogWriter.open(path, force=False)
    sizes = []
    for i, name in enumerate(("ana", "bo")):
        table.apply(Actor.player(name), {"type": "sit", "buy_in": 200}, f"sit-{i}", at=0)
        writer.follow(table)
        sizes.append(len(path.read_bytes().splitlines()))
    table.step_house(at=1)
    table.apply(Actor.player("ana"), {"type": "ante"}, "a", at=2)
    writer.follow(table)
    # the process dies here: nothing closes the writer or the table
    assert sizes == [2, 3]
    assert len(path.read_bytes().splitlines()) == 1 + table.seq
    result = run("replay", str(path), "--json")
    assert result.exit_code == 3
    summary = json.loads(result.output[: result.output.rindex("}") + 1])
    assert summary["sealed"] is False and summary["open_round"] == 1
    assert summary["ends"] == "in round 1 (phase ante)"
    table.close(at=3)
    writer.follow(table)
    writer.close()
    assert json.loads(ok("replay", str(path), "--json").output)["sealed"] is True


def test_item8_an_existing_log_is_never_overwritten_without_force(
    toy: None, tmp_path: Path
) -> None:
    log = logged(tmp_path)
    before = log.read_bytes()
    failed(
        run("table", "run", "toy", "--seed", "t", "--log", str(log)),
        2,
        "exists already",
        "--force",
    )
    assert log.read_bytes() == before
    ok("table", "run", "toy", "--seed", "t", "--log", str(log), "--force")
    assert log.read_bytes() != before
    failed(run("table", "run", "toy", "--log", str(tmp_path)), 2, "is a directory")


def test_item7_replay_of_a_table_log_of_an_unknown_game_lists_the_games(tmp_path: Path) -> None:
    from croupier.table.log import header_line

    log = tmp_path / "x.log"
    log.write_bytes(header_line("poker", "t", {}))
    failed(run("replay", str(log)), 2, "unknown game 'poker'", "thirteen")


def test_art2_mahjong_table_run_names_its_games_games_not_rounds() -> None:
    """Portaria 52/89/M Art 2: four games make a round (of the winds): a table run of Mah-Jong
    counts games; the other games' runs count rounds."""
    text = ok("table", "run", "mahjong", "--rounds", "2", "--seed", "zz").output
    assert "2 game(s)" in text and "\nGame 1 (entries" in text and "\nGame 2 (entries" in text
    assert "\n2 games, " in text and "round" not in text.lower().replace("(entries", "")
    stud = ok("table", "run", "five-card-stud", "--rounds", "1", "--seed", "zz").output
    assert "1 round(s)" in stud and "\nRound 1 (entries" in stud and "\n1 rounds, " in stud
