"""The real round engine, run by Monte Carlo, agrees with the exact odds (issue 3 cross-check).

:func:`croupier.odds.simulate.simulate` deals seeded shoes through the state machine (shuffle,
cut, cut card, burns, every bet placed and settled by the engine). For every bet, the mean return
per unit staked per round dealt and every result's frequency must lie within 4 standard errors
of the exact figures of :mod:`croupier.odds`. A mistake in a payout, a commission, a carried bet
or a hand value on either side would show here as a large z.
"""

from __future__ import annotations

import pytest

from croupier.odds.simulate import simulate


@pytest.mark.parametrize(
    ("game", "decks", "rounds"),
    [
        ("three-card-baccarat", 1, 4000),  # Art 4.2: the box, one round per shuffle
        ("three-card-baccarat", 8, 4000),  # Art 3-4: the shoe with its cut card and burns
        ("football-poker", 6, 3000),  # Despacho 65/2004 Art 5: cut card at a third, burns
    ],
)
def test_engine_monte_carlo_agrees_with_exact_odds_within_4_se(
    game: str, decks: int, rounds: int
) -> None:
    sim = simulate(game, rounds, seed="ci", decks=decks)
    assert sim.rounds == rounds and sim.shoes >= 1
    assert sim.balance == 0  # what players lost is what the house won, to the unit
    for name, sample in sim.bets.items():
        assert sample.ev.n == rounds, name
        assert abs(sample.z) < 4, (name, sample.to_json())
        for result, z in sample.probability_z().items():
            assert abs(z) < 4, (name, result, sample.to_json())


def test_simulation_detects_a_wrong_exact_figure() -> None:
    """The comparison has teeth: a main bet paid without commission would be ~2.4% of the stake
    better, about 2.4 standard errors of 4,000 rounds; the simulation sits well away from that
    figure and close to the right one (the wrong figure's |z| is over 2 and more than the right
    one's by over 1.5)."""
    sim = simulate("three-card-baccarat", 4000, seed="teeth", decks=6)
    main = sim.bets["main"]
    without_commission = float(main.exact_ev) + 0.05 * main.results["win"].mean
    wrong = abs((main.ev.mean - without_commission) / main.ev.se)
    assert abs(main.z) < 4
    assert wrong > 2 and wrong - abs(main.z) > 1.5
