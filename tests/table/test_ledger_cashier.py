"""The ledger keeps what each player's account took from the cashier in all (issue 17: the
runner's per-round money reads it instead of scanning every transaction): always equal to the
scan over the transactions touching the cashier, whatever was posted or refused."""

from __future__ import annotations

import contextlib

import pytest
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


def _post_by_the_loop(balances: dict[str, int], from_cashier: dict[str, int], tx: Tx) -> None:
    """The ledger's general posting (every transaction: a dict of the balances after), written
    out as the reference of its two-account short path."""
    after: dict[str, int] = {}
    for account, amount in tx.entries:
        balances.setdefault(account, 0)  # read as a defaultdict reads it: made at 0
        after[account] = after.get(account, balances[account]) + amount
    for account, value in after.items():
        if value < 0 and account not in ("cashier", "house"):
            raise RuleViolation(
                "cashier",
                f"{account} would hold {value} after {tx.id} ({tx.reason}): "
                "a balance is never negative",
            )
    balances.update(after)
    if "cashier" in after:
        for account, amount in dict(tx.entries).items():
            if account.startswith("player:"):
                from_cashier[account] = from_cashier.get(account, 0) + amount


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(ACCOUNTS), st.sampled_from(ACCOUNTS), st.integers(-50, 500)),
        max_size=40,
    )
)
def test_a_move_is_posted_as_the_loop_posts_it(moves: list[tuple[str, str, int]]) -> None:
    """The short path of a two-account transaction leaves the balances (their accounts in the
    same order, those made at 0 by a refused one too), the cashier's totals and the refusals
    exactly as the general posting does."""
    ledger = Ledger()
    balances: dict[str, int] = {}
    from_cashier: dict[str, int] = {}
    for i, (source, target, amount) in enumerate(moves):
        tx = Tx.move(f"t{i}", "move", source, target, amount)
        expected: str | None = None
        try:
            _post_by_the_loop(balances, from_cashier, tx)
        except RuleViolation as exc:
            expected = str(exc)
        got: str | None = None
        try:
            ledger.post(tx)
        except RuleViolation as exc:
            got = str(exc)
        assert got == expected
        assert list(ledger.balances.items()) == list(balances.items())
        assert ledger.from_cashier() == from_cashier
    if ledger.transactions:  # a repeated id is refused, the short path too
        first = ledger.transactions[0]
        with pytest.raises(RuleViolation, match="already posted"):
            ledger.post(Tx.move(first.id, "again", "cashier", "house", 1))


def test_chips_cross_the_cashier_between_it_and_players_or_it_and_the_house_never_both() -> None:
    """The house pays a player's chips from his wallet and anything else the cashier moves from
    its bank (croupier.server.money.bridge): a transaction moving chips from the cashier to a
    player and to the house at once would leave whose money it was to a guess (the bank paid
    the player's chips). It is refused, naming it, and changes nothing."""
    ledger = Ledger()
    ledger.post(Tx.move("t1", "buy_in", "cashier", "player:ana", 100))
    ledger.post(Tx("t2", "bet", (("player:ana", -20), ("pot", 15), ("house", 5))))
    before = dict(ledger.balances)
    for mixed in (
        Tx("t3", "mixed", (("cashier", -110), ("player:ana", 100), ("house", 10))),
        Tx("t3", "mixed", (("cashier", -30), ("player:ana", -20), ("pot", 50))),
    ):
        with pytest.raises(RuleViolation, match=r"t3 \(mixed\) moves chips between the cashi"):
            ledger.post(mixed)
    assert dict(ledger.balances) == before and [t.id for t in ledger.transactions] == ["t1", "t2"]
    ledger.post(Tx("t4", "players", (("cashier", -60), ("player:ana", 20), ("player:bo", 40))))
    ledger.post(Tx("t5", "house", (("cashier", 5), ("house", -2), ("pot", -3))))
