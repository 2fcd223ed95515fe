"""Provably fair across a restart: a table rebuilt from its record mid-round (the server after a
crash) still reveals the seed of the shuffle committed before it, when its source is keyed."""

from __future__ import annotations

import pytest

from croupier.shuffle import ProvablyFairShuffler, commit
from croupier.table import FairSource
from croupier.table.registry import game
from croupier.table.runner import run_table

KEY = bytes(range(32))


class Stop(Exception):
    pass


@pytest.mark.parametrize("name", ["thirteen", "mahjong"])
def test_promise_a_keyed_fair_table_reveals_its_seed_after_a_restart_mid_round(name: str) -> None:
    info = game(name)
    cls = info.table
    options = info.options()
    bots = {f"bot{i}": factory(i) for i, factory in enumerate([next(iter(info.bots.values()))] * 4)}
    table = cls(options, table_id="fair-1", source=FairSource("a client seed", key=KEY, label="f"))
    seen: list[str] = []

    def stop_after_commit(t: object, applied: object) -> None:
        seen.extend(e.event.TYPE for e in applied.entries)  # type: ignore[attr-defined]
        if "fairness_committed" in seen and len(seen) > seen.index("fairness_committed") + 3:
            raise Stop

    with pytest.raises(Stop):
        run_table(table, bots, rounds=1, on_step=stop_after_commit, close=False)
    assert "fairness_revealed" not in seen
    record = table.to_record()
    restarted = cls.from_record(record, source=FairSource("a client seed", key=KEY, label="f"))
    run_table(restarted, bots, rounds=1, close=False)
    events = [e.event for e in restarted.entries]
    committed = next(e for e in events if e.TYPE == "fairness_committed")
    revealed = next(e for e in events if e.TYPE == "fairness_revealed")
    seed = bytes.fromhex(revealed.server_seed)  # type: ignore[attr-defined]
    assert commit(seed) == committed.commitment  # type: ignore[attr-defined]
    again = ProvablyFairShuffler(seed, committed.client_seed, committed.nonce)  # type: ignore[attr-defined]
    assert again.commitment == committed.commitment  # type: ignore[attr-defined]
