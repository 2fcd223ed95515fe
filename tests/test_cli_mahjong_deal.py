"""`croupier deal mahjong` and `croupier verify mahjong` (Portaria 52/89/M Art 2)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli import app
from croupier.games.mahjong.wall import MahjongDeal

runner = CliRunner()


def test_art2_deal_mahjong_json_is_the_deal_record() -> None:
    result = runner.invoke(app, ["deal", "mahjong", "--seed", "t", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [len(data["hands"][s]) for s in "ESWN"] == [14, 13, 13, 13]
    assert len(data["live"]) == 83 and data["seed"] == "t"
    deal = MahjongDeal.from_dict({k: v for k, v in data.items() if k != "seed"})
    assert deal.dice_total == data["dice_total"]
    again = json.loads(runner.invoke(app, ["deal", "mahjong", "--seed", "t", "--json"]).stdout)
    assert again == data


def test_art2_a_fair_mahjong_deal_verifies_against_its_record(tmp_path: Path) -> None:
    seed_file = tmp_path / "server.seed"
    commit = runner.invoke(app, ["commit", "--out", str(seed_file)])
    assert commit.exit_code == 0, commit.output
    args = ["--client-seed", "client c", "--nonce", "2"]
    dealt = runner.invoke(
        app, ["deal", "mahjong", "--fair", "--server-seed-file", str(seed_file), *args, "--json"]
    )
    assert dealt.exit_code == 0, dealt.output
    record = tmp_path / "deal.json"
    record.write_text(dealt.stdout, encoding="utf-8")
    fair = json.loads(dealt.stdout)["provably_fair"]
    verify = ["verify", "mahjong", "--server-seed", fair["server_seed"], *args]
    verify += ["--commitment", fair["commitment"], "--expect", str(record)]
    checked = runner.invoke(app, verify)
    assert checked.exit_code == 0, checked.output


def test_the_cut_does_not_apply_to_mahjong() -> None:
    result = runner.invoke(app, ["deal", "mahjong", "--cut", "10"])
    assert result.exit_code == 2
    assert "--cut does not apply to mahjong" in result.output
