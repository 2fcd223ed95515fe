"""An offer names a domain for every field of its command and no other (croupier/offers.py:
"``fields`` names a domain for every one of its fields"), and is a frozen value."""

from __future__ import annotations

import dataclasses
import re

import pytest

from croupier.games.banking_commands import Bet, Done
from croupier.offers import Between, Offer, OneOf

FIELDS = {"place": OneOf((1, 2)), "bet": OneOf(("main",)), "amount": Between(100, 500)}


def test_an_offer_of_every_field_is_made_frozen_and_equal_to_one_made_again() -> None:
    offer = Offer(Bet, FIELDS, "bet")
    assert offer == Offer(Bet, dict(FIELDS), "bet") != Offer(Bet, FIELDS, "other")
    assert dict(offer.fields) == FIELDS and offer.fields is not FIELDS
    assert Offer(Done) == Offer(Done, {}) and Offer(Done).label == ""
    with pytest.raises(TypeError):
        offer.fields["amount"] = Between(1, 2)  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        offer.label = "x"  # type: ignore[misc]
    assert dataclasses.replace(offer, label="y") == Offer(Bet, FIELDS, "y")


@pytest.mark.parametrize(
    ("fields", "missing", "unknown"),
    [
        ({"place": OneOf((1,)), "bet": OneOf(("main",))}, "['amount']", "[]"),
        ({**FIELDS, "tip": Between(1, 2)}, "[]", "['tip']"),
        ({}, "['amount', 'bet', 'place']", "[]"),
    ],
)
def test_an_offer_missing_a_field_or_naming_another_is_refused(
    fields: dict[str, object], missing: str, unknown: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(f"missing {missing}, unknown {unknown}")):
        Offer(Bet, fields)  # type: ignore[arg-type]
