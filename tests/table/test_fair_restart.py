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


@pytest.mark.parametrize("name", ["three-card-baccarat", "five-card-stud", "thirteen"])
def test_promise_fair_shuffles_pairs_each_reveal_with_its_commitment(name: str) -> None:
    """``croupier.table.events.fair_shuffles``, read by the CLI's ``table run --fair`` and the
    inspector's recall: every shuffle's seed, once revealed, hashes to its own commitment, and
    is revealed after it is committed and before the next commitment."""
    from croupier.table.events import fair_shuffles

    info = game(name)
    bots = {f"bot{i}": factory(i) for i, factory in enumerate([next(iter(info.bots.values()))] * 3)}
    table = info.table(info.options(), table_id="fair-2", source=FairSource("a client seed"))
    run_table(table, bots, rounds=4)
    shuffles = fair_shuffles(table.entries)
    assert len(shuffles) >= 2
    for shuffle, after in zip(shuffles, [*shuffles[1:], None], strict=True):
        assert shuffle["server_seed"] is not None, shuffle
        assert commit(bytes.fromhex(shuffle["server_seed"])) == shuffle["commitment"]
        assert shuffle["committed_seq"] < shuffle["revealed_seq"]
        assert after is None or shuffle["revealed_seq"] < after["committed_seq"]
