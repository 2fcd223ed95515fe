"""The long analyses' shared options from the command line: --scheduler, --resume, --out,
--plot on ``odds thirteen``, ``simulate`` of the banking games and the exact odds; bad values
refused with a clear error, nothing written."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from croupier.cli import app

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def refused(result: Result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    for word in words:
        assert word in result.output, result.output


def test_odds_thirteen_resume_gives_the_uninterrupted_result(tmp_path: Path) -> None:
    chunks = tmp_path / "run.jsonl"
    args = ("odds", "thirteen", "--rounds", "4", "--seed", "r", "--scheduler", "none")
    first = ok_json(*args, "--resume", str(chunks))["house_edge"]
    again = ok_json(*args, "--resume", str(chunks))["house_edge"]
    plain = ok_json(*args)["house_edge"]
    assert first["optimal"] == again["optimal"] == plain["optimal"]
    assert again["run"]["resumed_chunks"] == 1 and first["run"]["resumed_chunks"] == 0


def test_odds_thirteen_out_and_plot_name_the_seed(tmp_path: Path) -> None:
    out, plot = tmp_path / "edge.csv", tmp_path / "edge.png"
    args = ("odds", "thirteen", "--rounds", "3", "--seed", "f", "--scheduler", "none")
    result = run(*args, "--out", str(out), "--plot", str(plot))
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out.open()))
    assert {r["seed"] for r in rows} == {"f"} and rows[0]["analysis"] == "odds-thirteen"
    assert plot.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("odds", "thirteen", "--rounds", "3", "--scheduler", "cluster"), ["'cluster'"]),
        (("odds", "thirteen", "--rounds", "3", "--out", "e.xlsx"), ["e.xlsx", ".csv or .json"]),
        (("odds", "thirteen", "--rounds", "3", "--plot", "e.jpg"), ["e.jpg", ".png or .svg"]),
        (("odds", "thirteen", "--rounds", "0", "--out", "e.csv"), ["--rounds"]),
        (("odds", "stud", "--scheduler", "local"), ["thirteen only"]),
        (("odds", "football-poker", "--resume", "x.jsonl"), ["thirteen only"]),
        (("simulate", "mahjong", "--games", "1", "--scheduler", "cluster"), ["'cluster'"]),
        (("simulate", "three-card-baccarat", "--scheduler", "tcp://"), ["'tcp://'"]),
    ],
)
def test_bad_analysis_options_are_refused(
    args: tuple[str, ...], words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    refused(run(*args), *words)
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_resume_file_of_another_run_is_refused(tmp_path: Path) -> None:
    chunks = tmp_path / "run.jsonl"
    base = ("odds", "thirteen", "--rounds", "2", "--scheduler", "none", "--json")
    assert run(*base, "--seed", "a", "--resume", str(chunks)).exit_code == 0
    refused(run(*base, "--seed", "b", "--resume", str(chunks)), "another run", "'a'")


def test_simulate_banking_out_json_and_resume(tmp_path: Path) -> None:
    out, chunks = tmp_path / "sim.json", tmp_path / "sim.jsonl"
    args = ("simulate", "football-poker", "--rounds", "40", "--seed", "s", "--scheduler", "none")
    first = ok_json(*args, "--out", str(out), "--resume", str(chunks))
    again = ok_json(*args, "--resume", str(chunks))
    assert first["bets"] == again["bets"] and again["run"]["resumed_chunks"] == 1
    data = json.loads(out.read_text())
    assert data["run"]["seed"] == "s" and data["run"]["params"]["game"] == "football-poker"


@pytest.mark.parametrize("game", ["three-card-baccarat", "football-poker", "five-card-stud"])
def test_exact_odds_out_and_plot(game: str, tmp_path: Path) -> None:
    out, plot = tmp_path / "o.csv", tmp_path / "o.svg"
    result = run("odds", game, "--out", str(out), "--plot", str(plot))
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out.open()))
    assert rows and rows[0]["analysis"] == f"odds-{game}" and rows[0]["croupier"]
    assert b"<svg" in plot.read_bytes()


def test_odds_thirteen_every_house_way_on_the_same_deals(tmp_path: Path) -> None:
    plot = tmp_path / "ways.png"
    args = ("odds", "thirteen", "--rounds", "2", "--way", "all", "--scheduler", "none")
    data = ok_json(*args, "--plot", str(plot))
    ways = [e["house_way"] for e in data["house_edges"]]
    assert ways == ["expected-points", "strongest-back", "strongest-front", "maximin"]
    # the same deals: every way's players hold the same cards, so naturals agree
    assert len({e["optimal"]["natural_wins"] for e in data["house_edges"]}) == 1
    assert plot.read_bytes().startswith(b"\x89PNG")
    refused(run("odds", "thirteen", "--rounds", "2", "--way", "best"), "'best'", "or all")


def test_plot_without_matplotlib_is_refused_before_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plain install (scripts/demo) has no matplotlib: ``--plot`` says what to install at
    once, not after the run, and writes nothing."""
    import importlib.util

    real = importlib.util.find_spec

    def find_spec(name: str, *args: Any, **kwargs: Any) -> Any:
        return None if name == "matplotlib" else real(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    plot = tmp_path / "edge.png"
    result = run("odds", "thirteen", "--rounds", "4", "--scheduler", "none", "--plot", str(plot))
    refused(result, "croupier[analysis]")
    assert not plot.exists()


def test_a_fully_resumed_run_reports_no_rate(tmp_path: Path) -> None:
    """A run whose chunks all come from its resume file computed nothing: no player-hands/s
    (a rate over the file's reading time was reported as billions)."""
    chunks = tmp_path / "run.jsonl"
    args = ("odds", "thirteen", "--rounds", "4", "--seed", "r", "--scheduler", "none")
    assert run(*args, "--resume", str(chunks)).exit_code == 0
    again = run(*args, "--resume", str(chunks))
    assert again.exit_code == 0, again.output
    assert "every chunk read from the resume file" in " ".join(again.output.split())
    assert ok_json(*args, "--resume", str(chunks))["house_edge"]["player_hands_per_second"] == 0


def test_a_partly_resumed_run_gives_the_rate_of_the_hands_it_computed(tmp_path: Path) -> None:
    """A run that read some chunks from its resume file: its rate is of the hands computed in
    it, said as such beside the whole count (a newcomer read "30,000 player-hands in 1.5 s
    ... 413 player-hands/s": the count of every chunk, the time of two)."""
    chunks = tmp_path / "run.jsonl"
    args = ("odds", "thirteen", "--seed", "p", "--scheduler", "none", "--resume", str(chunks))
    assert run(*args, "--rounds", "100").exit_code == 0  # one chunk of 100 rounds
    longer = run(*args, "--rounds", "200")
    assert longer.exit_code == 0, longer.output
    said = " ".join(longer.output.split())
    assert "600 player-hands: 300 computed in" in said, said
    assert "1 chunk(s) read from the resume file." in said


@pytest.mark.parametrize("flag", ["--out", "--plot"])
def test_an_unwritable_out_or_plot_is_refused_before_the_run(
    flag: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--out``/``--plot`` in a directory that does not exist, or naming a directory, is
    refused before any chunk runs (it was refused only after the whole run, its result lost)."""
    import croupier.odds.thirteen_edge as edge

    def no_run(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the run started")

    monkeypatch.setattr(edge, "estimate_edge", no_run)
    name = "e.png" if flag == "--plot" else "e.json"
    args = ("odds", "thirteen", "--rounds", "4", "--scheduler", "none", flag)
    missing = tmp_path / "no-such-dir" / name
    refused(run(*args, str(missing)), str(missing), "No such file or directory")
    (tmp_path / name).mkdir()
    refused(run(*args, str(tmp_path / name)), str(tmp_path / name), "Is a directory")


def test_a_resume_file_that_cannot_be_read_or_written_is_a_clear_error(tmp_path: Path) -> None:
    """A resume file in a directory that does not exist, or not text, is refused with its name
    and exit 2, no traceback."""
    args = ("odds", "thirteen", "--rounds", "4", "--scheduler", "none", "--resume")
    missing = tmp_path / "no-such-dir" / "run.jsonl"
    refused(run(*args, str(missing)), str(missing), "No such file or directory")
    binary = tmp_path / "run.jsonl"
    binary.write_bytes(b"\xff\xfe\x00binary")
    refused(run(*args, str(binary)), str(binary), "not a croupier chunk file")


def test_every_way_interrupted_says_to_resume_from_the_file_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--way all --resume F`` keeps one chunk file a way beside F; interrupted, it says to
    resume with ``--resume F`` (it named the interrupted way's own file, and a run given that
    file computed every way again)."""
    import croupier.odds.thirteen_edge as edge

    real = edge.edge_chunk
    ways: list[str] = []

    def interrupted_in_the_second_way(chunk: Any) -> Any:
        ways.append(chunk.params["house_way"])
        if len(ways) == 2:
            raise KeyboardInterrupt  # Ctrl-C while the second way's chunk runs
        return real(chunk)

    monkeypatch.setattr(edge, "edge_chunk", interrupted_in_the_second_way)
    chunks = tmp_path / "ways.jsonl"
    args = ("odds", "thirteen", "--rounds", "2", "--way", "all", "--scheduler", "none")
    result = run(*args, "--json", "--resume", str(chunks))
    assert result.exit_code == 130, result.output
    assert f"--resume {chunks}" in result.output and "Traceback" not in result.output
    monkeypatch.setattr(edge, "edge_chunk", real)
    again = ok_json(*args, "--resume", str(chunks))
    assert again["house_edges"][0]["run"]["resumed_chunks"] == 1


def test_every_way_interrupted_without_a_resume_file_keeps_the_finished_ways(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--way all`` without ``--resume``, interrupted in the second way: the first way's
    chunks are kept too, beside the file it says to resume from, and resuming reads them (they
    were lost, and the file it named was not one ``--way all --resume`` reads)."""
    import re

    import croupier.odds.thirteen_edge as edge

    real = edge.edge_chunk
    ways: list[str] = []

    def interrupted_in_the_second_way(chunk: Any) -> Any:
        ways.append(chunk.params["house_way"])
        if len(ways) == 2:
            raise KeyboardInterrupt
        return real(chunk)

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(edge, "edge_chunk", interrupted_in_the_second_way)
    args = ("odds", "thirteen", "--rounds", "2", "--way", "all", "--scheduler", "none")
    result = run(*args, "--json")
    assert result.exit_code == 130, result.output
    named = re.search(r"--resume (\S+)", result.output)
    assert named is not None, result.output
    monkeypatch.setattr(edge, "edge_chunk", real)
    again = ok_json(*args, "--resume", named.group(1))
    assert [e["run"]["resumed_chunks"] for e in again["house_edges"]] == [1, 0, 0, 0]


@pytest.mark.parametrize(
    ("game", "decks", "shoe"),
    [
        ("three-card-baccarat", (), 8),
        ("three-card-baccarat", ("--decks", "16"), 16),
        ("football-poker", ("--decks", "14"), 14),
    ],
)
def test_the_ev_against_decks_figure_holds_the_shoe_analysed(
    game: str, decks: tuple[str, ...], shoe: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The banking games' figure draws EV against decks up to the shoe whose removal effects
    it shows (baccarat's regulation shoe of 8 decks, or ``--decks``): the sweep stopped at the
    game's least and five more (baccarat 1-6), so the table's own shoe was not on it."""
    import croupier.analysis.plots as plots

    seen: dict[str, Any] = {}

    def capture(title: str, by_decks: Any, removal: Any, path: Path, **kw: Any) -> Path:
        seen.update(by_decks=by_decks, **kw)
        return path

    monkeypatch.setattr(plots, "plot_banking", capture)
    result = run("odds", game, *decks, "--plot", str(tmp_path / "ev.png"))
    assert result.exit_code == 0, result.output
    assert max(seen["by_decks"]) == shoe and seen["shoe"] == shoe


@pytest.mark.parametrize(
    "args",
    [
        ("odds", "thirteen", "--rounds", "4", "--scheduler", "none"),
        ("simulate", "three-card-baccarat", "--rounds", "20", "--scheduler", "none"),
        ("simulate", "five-card-stud", "--hands", "2", "--scheduler", "none"),
        ("simulate", "mahjong", "--games", "1", "--scheduler", "none"),
    ],
)
def test_an_out_that_is_the_resume_file_is_refused_before_the_run(
    args: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--out F --resume F``: the run kept its chunks in F, then the result overwrote them, so
    the next ``--resume F`` was refused as not a chunk file. Refused before the run, nothing
    written."""
    monkeypatch.chdir(tmp_path)
    same = tmp_path / "run.json"
    refused(run(*args, "--resume", str(same), "--out", "run.json"), "--out", "--resume")
    assert list(tmp_path.iterdir()) == []


def test_every_way_out_and_plot_are_checked_against_the_chunk_file_of_each_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--way all --resume F`` keeps its chunks in one file a way beside F: an ``--out`` naming
    one of them is refused before the run; one naming F itself overwrites no chunk and runs."""
    monkeypatch.chdir(tmp_path)
    args = ("odds", "thirteen", "--rounds", "2", "--way", "all", "--scheduler", "none")
    base = tmp_path / "ways.json"
    clash = ("--resume", str(base), "--out", str(tmp_path / "ways.maximin.json"))
    refused(run(*args, *clash), "--out", "--resume")
    assert list(tmp_path.iterdir()) == []
    ok_json(*args, "--resume", str(base), "--out", str(base))
    assert json.loads(base.read_text())["run"]["analysis"] == "odds-thirteen"
    again = ok_json(*args, "--resume", str(base))
    assert [e["run"]["resumed_chunks"] for e in again["house_edges"]] == [1, 1, 1, 1]


def test_every_way_resume_that_is_a_directory_is_refused(tmp_path: Path) -> None:
    """``--way all --resume DIR`` is refused as one way's run refuses it (it wrote the ways'
    chunk files beside the directory, ``DIR.expected-points``...)."""
    where = tmp_path / "chunks"
    where.mkdir()
    args = ("odds", "thirteen", "--rounds", "2", "--scheduler", "none", "--resume", str(where))
    refused(run(*args, "--way", "all"), str(where), "Is a directory")
    refused(run(*args), str(where), "Is a directory")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chunks"]


def test_every_way_interrupted_twice_without_a_resume_file_keeps_both_runs_chunks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--way all`` without ``--resume`` run again after an interrupt and interrupted sooner:
    the way's chunk file keeps the first run's chunks too, as one way's run keeps them (the
    second run's file replaced it, and the chunks only the first run had were lost)."""
    import re

    import croupier.odds.thirteen_edge as edge

    real = edge.edge_chunk
    monkeypatch.chdir(tmp_path)
    args = ("odds", "thirteen", "--rounds", "300", "--way", "all", "--scheduler", "none")

    def interrupted_at(call: int) -> str:
        calls: list[int] = []

        def chunk(c: Any) -> Any:
            calls.append(c.index)
            if len(calls) == call:
                raise KeyboardInterrupt
            return real(c)

        monkeypatch.setattr(edge, "edge_chunk", chunk)
        result = run(*args, "--json")
        assert result.exit_code == 130, result.output
        named = re.search(r"--resume (\S+)", result.output)
        assert named is not None, result.output
        return named.group(1)

    first = interrupted_at(3)  # chunks 0 and 1 of the first way finished
    assert interrupted_at(2) == first  # chunk 0 only, the same plan
    monkeypatch.setattr(edge, "edge_chunk", real)
    again = ok_json(*args, "--resume", first)
    assert [e["run"]["resumed_chunks"] for e in again["house_edges"]] == [2, 0, 0, 0]
