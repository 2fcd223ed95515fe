"""The house's automatic step is always one of the dealer's offers (issue 17: ``step_house``
applies it without working the offers out again when an adapter declares
``HOUSE_STEPS_OFFERED``): checked at every house step of seeded runs of every such game, under
several seeds and bots; and a table that does not declare it still has its step checked."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.errors import RuleViolation
from croupier.games.five_card_stud.bots import BOTS as STUD_BOTS
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.mahjong.bots import BOTS as MAHJONG_BOTS
from croupier.games.mahjong.options import MahjongOptions
from croupier.games.thirteen.bots import BOTS as THIRTEEN_BOTS
from croupier.offers import find_offer
from croupier.protocol import Command
from croupier.table import Actor, SeededSource, Table
from croupier.table.mahjong import MahjongTable
from croupier.table.runner import run_table
from croupier.table.stud import StudTable
from croupier.table.thirteen import ThirteenTable

from .toy import FirstOfferBot, Open, ToyOptions, ToyTable


def _checked_steps(monkeypatch: pytest.MonkeyPatch, cls: type[Table[Any]]) -> list[str]:
    """Check, before every house step of ``cls``, that the dealer's offers admit it."""
    steps: list[str] = []
    original = cls.step_house

    def step_house(self: Table[Any], *, at: int) -> Any:
        command = self._house_command(at) if not self.closed else None
        if command is not None:
            assert find_offer(self.legal(Actor.HOUSE), command) is not None, command.to_dict()
            steps.append(command.TYPE)
        return original(self, at=at)

    monkeypatch.setattr(cls, "step_house", step_house)
    return steps


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_promise_stud_house_steps_are_offered(monkeypatch: pytest.MonkeyPatch, seed: str) -> None:
    assert StudTable.HOUSE_STEPS_OFFERED
    steps = _checked_steps(monkeypatch, StudTable)
    table = StudTable(StudOptions(), source=SeededSource(seed))
    names = ["ana", "bo", "cy", "di", "ed"]
    run_table(
        table,
        {n: STUD_BOTS["random" if i % 2 else "strength"](i) for i, n in enumerate(names)},
        rounds=25,
    )
    assert {"open_round", "shuffle", "burn", "deal", "settle"} <= set(steps)


@pytest.mark.parametrize("seed", ["a", "b"])
def test_promise_thirteen_house_steps_are_offered(
    monkeypatch: pytest.MonkeyPatch, seed: str
) -> None:
    assert ThirteenTable.HOUSE_STEPS_OFFERED
    steps = _checked_steps(monkeypatch, ThirteenTable)
    table = ThirteenTable(source=SeededSource(seed))
    kinds = ["random", "best-response", "house-way"]
    run_table(table, {f"p{i}": THIRTEEN_BOTS[k](i) for i, k in enumerate(kinds)}, rounds=8)
    assert {"open_round", "deal", "set_banker", "close_setting", "settle"} <= set(steps)


def test_promise_mahjong_house_steps_are_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    assert MahjongTable.HOUSE_STEPS_OFFERED
    steps = _checked_steps(monkeypatch, MahjongTable)
    table = MahjongTable(MahjongOptions(), source=SeededSource("steps"))
    names = ["ana", "bo", "cy", "di"]
    run_table(table, {n: MAHJONG_BOTS["faan"](i) for i, n in enumerate(names)}, rounds=3)
    assert {"deal", "settle"} <= set(steps)


def test_promise_a_house_step_is_checked_against_the_offers_unless_declared_offered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert not ToyTable.HOUSE_STEPS_OFFERED
    table = ToyTable(ToyOptions(), source=SeededSource("toy"))
    run_table(table, {"ana": FirstOfferBot(), "bo": FirstOfferBot()}, rounds=1, close=False)
    seq = table.seq
    asked: list[Actor] = []

    def stray(self: ToyTable, at: int) -> Command:
        return Open()  # not offered: the offers are empty below

    def nothing(self: ToyTable, actor: Actor) -> tuple[()]:
        asked.append(actor)
        return ()

    monkeypatch.setattr(ToyTable, "_house_command", stray)
    monkeypatch.setattr(ToyTable, "legal", nothing)
    with pytest.raises(RuleViolation):
        table.step_house(at=table.last_at)
    assert asked == [Actor.HOUSE] and table.seq == seq  # checked, refused, nothing changed
    monkeypatch.setattr(ToyTable, "HOUSE_STEPS_OFFERED", True)
    table.step_house(at=table.last_at)  # declared offered: applied without asking the offers
    assert asked == [Actor.HOUSE] and table.seq == seq + 1
