"""``croupier replay`` of an old record picks its game through the registry, not an if-chain
(issue 17: "``replay`` picks the game with an if-chain: one registry of the five games (name,
options class, table class, bots, schemas) serves the CLI, replay, the runner and the
server")."""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.commands import replay as replay_module
from croupier.table import migrate
from croupier.table.registry import GAMES, RECORD_GAMES, game_of_record, games_supporting

runner = CliRunner()
CALLS: list[tuple[Mapping[str, Any], str | None, bool]] = []


def record_spy(data: Mapping[str, Any], expect_digest: str | None, as_json: bool) -> None:
    CALLS.append((data, expect_digest, as_json))


def test_issue17_every_game_names_its_old_records_and_their_replay() -> None:
    assert set(RECORD_GAMES.values()) == set(games_supporting("replay")) == set(GAMES)
    assert migrate.LEGACY_GAMES == RECORD_GAMES  # log migrate reads the same list
    for info in GAMES.values():
        assert info.record_names and callable(info.record_replay), info.name
        for name in info.record_names:
            assert game_of_record(name) is info
    assert game_of_record("mahjong-round").name == "mahjong"


def test_issue17_replay_of_an_old_record_goes_through_the_registry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("five-card-stud", "mahjong", "football-poker"):
        spied = dataclasses.replace(GAMES[name], record_replay_path=f"{__name__}:record_spy")
        monkeypatch.setitem(GAMES, name, spied)
        record = {"game": GAMES[name].record_names[0], "events": []}
        CALLS.clear()
        replay_module.replay_old_record(record, "ab", True)
        assert [(record, "ab", True)] == CALLS, name


def test_issue17_replay_has_no_if_chain_over_the_game_names() -> None:
    source = inspect.getsource(replay_module)
    assert not re.search(r"""game\s*(==|in)\s*[("']""", source), "an if-chain on the game"
    picker = inspect.getsource(replay_module.replay_old_record)
    for info in GAMES.values():
        for name in info.record_names:
            assert f'"{name}"' not in picker, name


def test_issue17_an_old_record_of_an_unknown_game_lists_the_registry_games(
    tmp_path: Path,
) -> None:
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"game": "poker", "events": []}), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(old)])
    assert result.exit_code == 2
    assert f"the games are: {', '.join(games_supporting('replay'))}" in result.output
    with pytest.raises(Exception, match="unknown game 'poker' in the record"):
        game_of_record("poker")
