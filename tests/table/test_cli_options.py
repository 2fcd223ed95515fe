"""``--option KEY=VALUE`` on the command line (issue 16 preamble): the shared typer option and
its reading against a game's options class (:mod:`croupier.commands.options`)."""

from __future__ import annotations

from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from croupier.commands import options as options_module
from croupier.commands.options import OptionsOpt, game_options

from .test_settings import Demo, Speed


def demo_app(monkeypatch: pytest.MonkeyPatch) -> typer.Typer:
    monkeypatch.setattr(options_module, "options_class", lambda game: Demo)
    app = typer.Typer()
    seen: list[Any] = []

    @app.command()
    def run(game: str, option: OptionsOpt = None) -> None:
        seen.append(game_options(game, option))
        typer.echo(repr(seen[-1]))

    return app


def test_issue16_option_flag_sets_the_options(monkeypatch: pytest.MonkeyPatch) -> None:
    result = CliRunner().invoke(
        demo_app(monkeypatch), ["demo", "--option", "decks=6", "-o", "speed=fast"]
    )
    assert result.exit_code == 0, result.output
    assert repr(Demo(decks=6, speed=Speed.FAST)) in result.output


@pytest.mark.parametrize(
    ("pair", "message"),
    [
        ("deck=6", "error: unknown option 'deck'; the options are: decks, open, speed"),
        ("decks=six", "error: option decks='six': expected a whole number"),
        ("decks", "error: an option is KEY=VALUE"),
    ],
)
def test_issue16_bad_option_flag_is_a_clean_error(
    monkeypatch: pytest.MonkeyPatch, pair: str, message: str
) -> None:
    result = CliRunner().invoke(demo_app(monkeypatch), ["demo", "-o", pair])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_issue16_option_of_an_unknown_game_lists_the_games() -> None:
    with pytest.raises(typer.Exit):
        game_options("baccarat", ["decks=6"])
