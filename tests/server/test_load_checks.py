"""Issue 21 items 1 and 4: the load benchmark's checks in a short run. Bot clients play tables of
the real games against ``croupier serve`` (one process on SQLite and on PostgreSQL; two
processes sharing one PostgreSQL database, the clients split between them), then the record is
checked against what every client was told: nothing lost, nothing duplicated, every event a
client got is the table's redacted entry for it, no gap, the ledger sums to 0, the audit passes.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_server import main, measure  # noqa: E402
from bench.loadkit import prepare  # noqa: E402


def short_run(database: str, processes: int) -> dict[str, object]:
    from server_process import ServerProcess

    import bench.bench_server as bench

    args = bench.parser().parse_args(["--seconds", "8", "--processes", str(processes)])
    plan = prepare(database, 6, 24)
    result: dict[str, object] = measure(args, plan, ServerProcess)
    return result


@pytest.mark.parametrize("processes", [1, 2])
def test_issue21_items_1_4_load_loses_nothing(database_url: str, processes: int) -> None:
    if processes == 2 and not database_url.startswith("postgresql"):
        pytest.skip("two server processes share a PostgreSQL database (SQLite takes one)")
    result = short_run(database_url, processes)
    assert result["accepted"] > 50, result  # type: ignore[operator]
    assert result["lost"] == 0 and result["duplicated"] == 0, result["problems"]
    assert result["mismatched"] == 0 and result["gaps"] == 0, result["problems"]
    assert result["ledger_sum"] == 0
    assert result["audit_ok"], result["audit"]
    assert result["p99_ms"] is not None


def test_issue21_item1_the_benchmark_refuses_two_processes_on_sqlite() -> None:
    with pytest.raises(SystemExit):
        main(["--processes", "2", "--seconds", "1"])
