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


def test_an_offer_bounded_anew_is_the_offer_made_with_that_domain_in_its_place() -> None:
    kept = Offer(Bet, FIELDS, "bet")
    bounded = kept.bounded("amount", Between(100, 250))
    made = Offer(Bet, {**FIELDS, "amount": Between(100, 250)}, "bet")
    assert bounded == made and bounded.to_dict() == made.to_dict()
    assert list(bounded.fields) == list(FIELDS)  # the fields in their order
    assert kept.fields["amount"] == Between(100, 500)  # the kept offer unchanged
    with pytest.raises(TypeError):
        bounded.fields["amount"] = Between(1, 2)  # type: ignore[index]
    with pytest.raises(ValueError, match="no field 'tip'"):
        kept.bounded("tip", Between(1, 2))


@pytest.mark.parametrize(("low", "high"), [(5, 4), (0, -1)])
def test_an_empty_range_and_an_empty_choice_are_refused(low: int, high: int) -> None:
    with pytest.raises(ValueError, match="empty range"):
        Between(low, high)
    with pytest.raises(ValueError, match="at least one value"):
        OneOf(())
