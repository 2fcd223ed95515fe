"""``Table.at_stake``: whether a player has money in the round in play that his chips do not
show (a pot, stakes on the layout). The house reads it before it changes a person's role
(croupier.server.api_house): his wallet and chips are in the house ledger, a pot or a stake
is not his account there. A player who left stays among a banking or 13-card table's
``chips()`` players at 0: only his stakes put him at stake."""

from __future__ import annotations

from croupier.table import Actor

from . import test_stud as stud
from .banking_driver import seat
from .banking_driver import to_betting as banking_to_betting
from .test_baccarat import new_table as baccarat_table
from .test_thirteen import ANA, BO, house, seated, step


def test_a_banking_player_is_at_stake_while_his_bet_is_on_the_layout() -> None:
    table = seat(baccarat_table(), ("ana", "bo"))
    assert not table.at_stake("ana")
    at = banking_to_betting(table)
    ana = Actor.player("ana")
    assert not table.at_stake("ana")  # betting open, nothing staked yet
    table.apply(ana, {"type": "bet", "place": 1, "bet": "main", "amount": 1_000}, "a", at=at)
    assert table.at_stake("ana") and not table.at_stake("bo")
    for name in ("ana", "bo"):
        table.apply(Actor.player(name), {"type": "done"}, f"d{name}", at=at)
    while not table.rounds[-1].closed:
        assert table.step_house(at=at) is not None
    assert not table.at_stake("ana")  # settled: what came back is in his chips


def test_a_thirteen_player_is_at_stake_while_his_stake_is_on_the_layout() -> None:
    t = seated(ANA, BO)
    house(t, 1)
    step(t, ANA, {"type": "bet", "position": 2, "units": 1}, 2)
    assert t.at_stake("ana") and not t.at_stake("bo")


def test_a_stud_player_is_at_stake_while_a_hand_he_is_dealt_is_in_play() -> None:
    table = stud.seated(("ana", "bo"))
    assert not table.at_stake("ana")
    stud.to_betting(table)
    assert table.at_stake("ana") and table.at_stake("bo") and not table.at_stake("cy")
