"""``simulate five-card-stud`` and ``simulate mahjong`` on the chunked runner (issue 22 item 1:
"Run every long analysis (... ``simulate ...`` ...) on Dask distributed ... the same seed gives
bit-for-bit the same result serially, on 2 workers or on 50; a test on a LocalCluster checks
it"): chunk ``k`` is seeded from (seed, k), the counts are integers, and a LocalCluster of two
workers gives what this process gives; Mah-Jong's games keep their own seeds (today's figures);
a resumed run reuses the chunks of a file; a broken invariant is named with its hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.commands import simulate_stud
from croupier.commands.simulate_mahjong import SimConfig, Tally, Violation, _one
from croupier.commands.simulate_mahjong_runner import run_chunked as mahjong_chunked
from croupier.commands.simulate_stud import InvariantError, run_chunked, run_simulation
from croupier.games.five_card_stud.options import StudOptions

runner = CliRunner()
STUD = StudOptions()


def _stud(scheduler: str, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
    return run_chunked(
        100, 4, "mixed", "chunks", options=STUD, scheduler=scheduler, chunk_hands=40, **kwargs
    )


@pytest.mark.slow
def test_issue22_stud_chunks_give_bit_for_bit_the_same_result_on_a_local_cluster() -> None:
    serial, figures = _stud("none")
    local, on_cluster = _stud("local", workers=2)
    assert local.scheduler == "local" and local.workers == 2
    assert local.per_chunk == serial.per_chunk and on_cluster == figures
    assert figures["hands"] == 100 and len(serial.per_chunk) == 3  # 40 + 40 + 20 hands
    assert figures["violation"] is None


def test_issue22_a_stud_chunk_is_a_table_seeded_from_the_seed_and_its_number() -> None:
    result, figures = _stud("none")
    plan_chunks = list(result.plan.chunks())
    # chunk 1 alone is the table its stream seeds: the same digest, whatever ran before it
    alone = run_simulation(40, 4, "mixed", plan_chunks[1].text_seed(), options=STUD)
    assert result.per_chunk[1]["digest"] == int(alone.digest, 16)
    assert result.per_chunk[1]["hands"] == 40 and result.per_chunk[2]["hands"] == 20
    summed = ("hands", "showdowns", "folds", "house", "topped_up")
    for key in summed:
        assert figures[key] == sum(c[key] for c in result.per_chunk.values())
    assert figures["showdowns"] + figures["folds"] == 100
    # another seed, other tables
    assert _stud_digest("other") != figures["digest"]


def _stud_digest(seed: str) -> str:
    _, figures = run_chunked(40, 4, "mixed", seed, options=STUD, scheduler="none", chunk_hands=40)
    digest: str = figures["digest"]
    return digest


def test_issue22_a_stud_run_resumes_from_its_chunk_file(tmp_path: Path) -> None:
    path = tmp_path / "stud.chunks.jsonl"
    first, figures = _stud("none", resume=path)
    again, resumed = _stud("none", resume=path)
    assert again.resumed == 3 and again.units_computed == 0
    assert resumed == figures and again.per_chunk == first.per_chunk


def test_issue22_a_stud_chunk_that_breaks_an_invariant_names_its_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = simulate_stud._check_hand
    seen = [0]

    def breaking(game: Any, settled: Any, bought: int, number: int, initial: Any = None) -> None:
        seen[0] += 1
        if seen[0] == 45:  # the 5th hand of chunk 1 (40 hands a chunk, played in order)
            raise InvariantError(f"chips conserved: after hand {number}")
        real(game, settled, bought, number, initial)

    monkeypatch.setattr(simulate_stud, "_check_hand", breaking)
    _, figures = _stud("none")
    assert figures["violation"] == "hand 45 (chunk 1): chips conserved: after hand 5"


def test_issue22_the_stud_command_on_the_runner_writes_its_run(tmp_path: Path) -> None:
    out = tmp_path / "stud.json"
    args = ["simulate", "five-card-stud", "--hands", "30", "--seats", "3", "--seed", "cli"]
    result = runner.invoke(app, [*args, "--scheduler", "none", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["run"]["scheduler"] == "none" and data["run"]["chunk_size"] == 1000
    assert data["run"]["seed"] == "cli" and data["run"]["params"]["seats"] == 3
    assert data["chunks"] == 1 and data["hands"] == 30 and data["invariants"] == "ok"
    assert json.loads(out.read_text())["digest"] == data["digest"]
    # --workers alone asks for the runner too (1: in this process)
    one = json.loads(runner.invoke(app, [*args, "--workers", "1", "--json"]).stdout)
    assert one["run"]["scheduler"] == "none" and one["digest"] == data["digest"]
    # the default (auto) is the one table, as before: its log's own digest
    table = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert table["digest"] == run_simulation(30, 3, "strength", "cli").digest
    assert "run" in table and "chunks" not in table
    text = runner.invoke(app, [*args, "--scheduler", "none"])
    assert text.exit_code == 0 and "1 chunks of up to 1,000 hands" in text.stdout


def test_issue22_a_bad_scheduler_is_refused_for_stud_and_mahjong() -> None:
    for game, args in (("five-card-stud", ["--hands", "3"]), ("mahjong", ["--games", "1"])):
        result = runner.invoke(app, ["simulate", game, *args, "--scheduler", "cluster"])
        assert result.exit_code == 2 and "unknown scheduler 'cluster'" in result.output


MAHJONG = SimConfig(seed="runner", bots="mixed", fuzz=1)


def test_issue22_mahjong_games_keep_their_own_seeds_on_the_runner() -> None:
    sim, result = mahjong_chunked(27, MAHJONG, scheduler="none")
    assert result.plan.chunk_count == 2 and sim.violation is None
    played = Tally()
    for number in range(1, 28):  # each game alone, as it was always played
        out = _one(MAHJONG, number)
        assert not isinstance(out, Violation)
        played.add(out)
    assert sim.tally == played


@pytest.mark.slow
def test_issue22_mahjong_gives_bit_for_bit_the_same_result_on_a_local_cluster() -> None:
    serial, one = mahjong_chunked(30, MAHJONG, scheduler="none")
    local, two = mahjong_chunked(30, MAHJONG, scheduler="local", workers=2)
    assert two.scheduler == "local" and two.workers == 2
    assert two.per_chunk == one.per_chunk and local.tally == serial.tally


def test_issue22_mahjong_resumes_and_names_the_first_broken_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from croupier.commands import simulate_mahjong as sim

    path = tmp_path / "mj.chunks.jsonl"
    first, _ = mahjong_chunked(26, MAHJONG, scheduler="none", resume=path)
    again, result = mahjong_chunked(26, MAHJONG, scheduler="none", resume=path)
    assert result.resumed == 2 and again.tally == first.tally

    def broken(game: Any) -> None:
        if game.options.prevailing.name == "SOUTH":  # games 5-8 of each 16
            raise sim.InvariantError("tiles conserved", "a tile too many")

    monkeypatch.setattr(sim, "check_game", broken)
    out, _ = mahjong_chunked(26, MAHJONG, scheduler="none")
    assert out.violation == Violation(5, "tiles conserved", "a tile too many")
    assert out.tally.games == 4  # the counts stop before game 5
