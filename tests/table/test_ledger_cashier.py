"""The ledger keeps what each player's account took from the cashier in all (issue 17: the
runner's per-round money reads it instead of scanning every transaction): always equal to the
scan over the transactions touching the cashier, whatever was posted or refused."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import RuleViolation
from croupier.table.ledger import Ledger, Tx

ACCOUNTS = ("cashier", "house", "pot", "player:ana", "player:bo", "stake:1:ana")


def _scan(ledger: Ledger) -> dict[str, int]:
    out: dict[str, int] = {}
    for tx in ledger.transactions:
        accounts = dict(tx.entries)
        if "cashier" in accounts:
            for account, amount in accounts.items():
                if account.startswith("player:"):
                    out[account] = out.get(account, 0) + amount
    return out


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(ACCOUNTS), st.sampled_from(ACCOUNTS), st.integers(0, 500)),
        max_size=40,
    )
)
def test_promise_from_cashier_is_the_scan_of_the_cashier_transactions(
    moves: list[tuple[str, str, int]],
) -> None:
    ledger = Ledger()
    for i, (source, target, amount) in enumerate(moves):
        with contextlib.suppress(RuleViolation):  # refused (below zero): changes nothing
            ledger.post(Tx.move(f"t{i}", "move", source, target, amount))
    assert ledger.from_cashier() == _scan(ledger)
