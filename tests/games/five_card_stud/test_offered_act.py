"""``_offered_act``, the play loop's way to a decision's event (issue 22): an action's name is
never offered there (the act command reads it), and equal decisions share one event, its text
kept for the digest from its second use on, the digest the record's."""

from __future__ import annotations

import random

import pytest

from croupier.frozen import SHARED_TEXTS
from croupier.games.five_card_stud.bots import Decision, RandomBot, new_table, run_table
from croupier.games.five_card_stud.events import Act
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame
from croupier.games.five_card_stud.view import Observation
from croupier.protocol import canonical_json
from croupier.shuffle import SeededShuffler


class _Named:
    """A bot answering with the action's name (a text), as a bot over the wire may."""

    def __init__(self, bot: RandomBot) -> None:
        self.bot = bot

    def decide(self, obs: Observation) -> Decision:
        assert obs.legal is not None
        action, amount = self.bot.choose(obs.legal)
        return action.value, amount  # type: ignore[return-value]


def test_issue22_an_action_s_name_is_never_offered_but_the_command_reads_it() -> None:
    """A name is not an offered decision (None: ``play_hand`` hands it to ``act``), and hands
    of bots answering names are the hands of the same bots answering actions."""
    logs = []
    for named in (False, True):
        rng = random.Random(7)
        bots = {s: RandomBot(rng) for s in range(1, 5)}
        players = {s: _Named(b) for s, b in bots.items()} if named else bots
        run = run_table(StudOptions(), players, SeededShuffler(7), rng, 30)
        logs.append(run.game.log)
    assert logs[0] == logs[1]
    game = _dealt(3)
    h, legal = game._hand, game.legal()
    assert h is not None and legal is not None
    for act in Act:
        for amount in (None, legal.bet[0] if legal.bet else 1):
            assert game._offered_act(h, legal, act.value, amount) is None  # type: ignore[arg-type]
    assert game._offered_act(h, legal, Act.FOLD, None) is not None  # the action itself is


def _dealt(seats: int) -> StudGame:
    """A table whose first round of betting is to begin."""
    game = new_table(StudOptions(), seats)
    game.start_hand()
    game.shuffle(SeededShuffler(5))
    game.burn()
    while game._phase.value == "dealing":
        game.deal()
    return game


def test_issue22_a_decision_shares_one_event_its_text_from_its_second_use(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first use of a decision makes its event, the next ones give that same event; its
    text is kept (the canonical one) from the second use on; the streamed digest of a table
    committing it is the digest of its record replayed."""
    from croupier.games.five_card_stud import checks

    # the decisions' memos of this test's own: the tests run before on the same worker
    # (pytest-xdist) may have made this very decision already
    monkeypatch.setattr(checks, "_ACTED", {})
    monkeypatch.setattr(checks, "_ONCE", {})
    game = _dealt(3)
    h, legal = game._hand, game.legal()
    assert h is not None and legal is not None and legal.bet is not None
    amount = legal.bet[1] - 3
    first = game._offered_act(h, legal, Act.BET, amount)
    assert first is not None and id(first) not in SHARED_TEXTS
    second = game._offered_act(h, legal, Act.BET, amount)
    assert second is first and SHARED_TEXTS[id(first)] == canonical_json(first)
    assert game._offered_act(h, legal, Act.BET, amount) is first
    assert first == game._act_event(legal.seat, Act.BET, amount, None)
    game.act(legal.seat, Act.BET, amount)
    game._log[-1] = first  # the shared event committed, as play_hand commits it
    assert StudGame.replay(game.options, game.log).digest() == game.digest()
