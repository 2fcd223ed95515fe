"""The structure promises of the stud package: every command has ``verify_x`` and ``can_x``
(the two agree), and no module of the game or of its commands is over ~800 lines."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

import croupier
from croupier.errors import CroupierError
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame
from croupier.shuffle import SeededShuffler

VERIFIES = sorted(n for n in dir(StudGame) if n.startswith("verify_"))


def test_every_verify_has_its_can_and_its_command() -> None:
    assert len(VERIFIES) >= 16
    for name in VERIFIES:
        command = name.removeprefix("verify_")
        assert hasattr(StudGame, f"can_{command}"), f"can_{command} is missing"
        assert hasattr(StudGame, command), f"{command} is missing"
        verify = inspect.signature(getattr(StudGame, name))
        can = inspect.signature(getattr(StudGame, f"can_{command}"))
        assert list(verify.parameters) == list(can.parameters), name


def _answers(game: StudGame, name: str, *args: object, **kwargs: object) -> tuple[bool, bool]:
    try:
        getattr(game, f"verify_{name}")(*args, **kwargs)
        verified = True
    except CroupierError:
        verified = False
    return verified, getattr(game, f"can_{name}")(*args, **kwargs)


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("shuffle", ()),
        ("burn", ()),
        ("deal", ()),
        ("deal_card", ()),
        ("rectify", ()),
        ("expose_key_card", (1,)),
        ("time_out", (1,)),
        ("settle", ()),
        ("start_hand", ()),
        ("new_deck", ()),
        ("cut", (1, 10)),
    ],
)
def test_can_answers_what_verify_says_through_a_hand(name: str, args: tuple[object, ...]) -> None:
    game = StudGame(StudOptions())
    game.seat_player(1, "ana", 2000)
    game.seat_player(2, "rui", 2000)
    game.new_deck()
    steps = [
        game.start_hand,
        lambda: game.shuffle(SeededShuffler("structure")),
        game.burn,
        game.deal,
    ]
    for step in [lambda: None, *steps]:
        step()
        verified, can = _answers(game, name, *args)
        assert verified == can, (name, game.phase)
        exposable = [s for s in (1, 2) if game.can_expose_key_card(s)]
        assert list(game.exposable_seats()) == exposable
    while game.to_act is not None:
        legal = game.legal()
        assert legal is not None
        if legal.bet is not None:
            game.bet(legal.seat, legal.bet[0])
        elif legal.call is not None:
            game.call(legal.seat)
        else:
            game.check(legal.seat)
        verified, can = _answers(game, name, *args)
        assert verified == can, (name, game.phase)
        exposable = [s for s in (1, 2) if game.can_expose_key_card(s)]
        assert list(game.exposable_seats()) == exposable


PACKAGE = Path(croupier.__file__).parent


@pytest.mark.parametrize(
    "path",
    [
        *sorted((PACKAGE / "games" / "five_card_stud").glob("*.py")),
        *sorted((PACKAGE / "commands").glob("*stud*.py")),
    ],
    ids=lambda p: p.name,
)
def test_issue15_item23_no_stud_module_over_about_800_lines(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= 850, f"{path.name} has {lines} lines"
