"""Art 2's burned card: ``_check_burned`` (the very card due accepted by its identity) decides
every event as the reference (``event != _burn_event()``) does, with the same refusals word for
word: every card of the deck, an equal card that is not the deck's own object, and the table at
other phases."""

from __future__ import annotations

import random

import pytest

from croupier.cards import Card
from croupier.errors import CroupierError
from croupier.games.five_card_stud.bots import new_table
from croupier.games.five_card_stud.events import CardBurned
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.five_card_stud.round import StudGame
from croupier.shuffle import SeededShuffler


def _reference(game: StudGame, event: CardBurned) -> None:
    """``_check_burned`` as written before issue 22's last pass."""
    from croupier.errors import RuleViolation

    if event != game._burn_event():
        raise RuleViolation(
            "Art 2", f"the first card is {game._burn_event().card}, not {event.card}"
        )


def _outcome(check: object, game: StudGame, event: CardBurned) -> str:
    try:
        check(game, event)  # type: ignore[operator]
    except (CroupierError, IndexError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return "ok"


def _copy(card: Card) -> Card:
    """An equal card, not the deck's own object."""
    other = object.__new__(Card)
    for name in ("code", "rank", "suit"):
        object.__setattr__(other, name, getattr(card, name))
    return other


@pytest.mark.parametrize("seed", ["burn 1", "burn 2", "burn 3"])
def test_art2_the_burn_check_is_the_reference_s(seed: str) -> None:
    rng = random.Random(seed)
    game = new_table(StudOptions(), rng.randint(2, 7))
    events = [CardBurned(Card(code)) for code in range(52)]
    # before the hand, after the shuffle (the cut phase), after the burn
    stages = [lambda: None, lambda: (game.start_hand(), game.shuffle(SeededShuffler(seed)))]
    seen_ok = 0
    for stage in [*stages, game.burn]:
        stage()
        h = game._hand
        due = [] if h is None or h.pos >= len(h.order) else [h.order[h.pos]]
        for event in [*events, *(CardBurned(_copy(c)) for c in due)]:
            found = _outcome(StudGame._check_burned, game, event)
            assert found == _outcome(_reference, game, event)
            seen_ok += found == "ok"
    assert seen_ok >= 1  # the due card at the cut phase (its copy as the reference says)
