"""The checker of the browser tests finds what a person may not see, from a table's record: the
other seat's card from its deal to the settlement, and the shoe's order, never what he was
shown (the checker is checked before the pages are checked with it)."""

from __future__ import annotations

from table.toy import ToyOptions, ToyTable

from croupier.table import Actor, SeededSource

from .secrecy import Secrets, page_cards, tokens

ANA, BO = Actor.player("ana"), Actor.player("bo")


def played() -> ToyTable:
    table = ToyTable(ToyOptions(), table_id="t", source=SeededSource("secrets"))
    table.apply(ANA, {"type": "sit", "buy_in": 200}, "s1", at=0)
    table.apply(BO, {"type": "sit", "buy_in": 200}, "s2", at=0)
    table.step_house(at=1)
    table.apply(ANA, {"type": "ante"}, "a", at=2)
    table.apply(BO, {"type": "ante"}, "b", at=3)
    while table.rounds[-1].last_seq is None:
        table.step_house(at=4)
    return table


def test_tokens_read_cards_from_values_never_from_words() -> None:
    assert tokens({"a": "As Kd", "b": ["2c", {"c": "Th"}], "As": 1}) == {"As", "Kd", "2c", "Th"}
    assert tokens({"message": "As the banker said", "what": "Ks or Qs"}) == set()


def test_the_other_seats_card_is_forbidden_from_its_deal_to_the_settlement() -> None:
    table = played()
    deals = {e.event.to_dict()["player"]: e for e in table.entries if e.event.TYPE == "dealt"}
    bo_card = str(deals["bo"].event.to_dict()["card"])
    ana_card = str(deals["ana"].event.to_dict()["card"])
    secrets = Secrets(table, ANA)
    settled = table.rounds[0].last_seq
    assert settled is not None
    assert bo_card in secrets.at(deals["bo"].seq)
    assert ana_card not in secrets.at(deals["ana"].seq)
    assert bo_card not in secrets.at(settled)  # the settlement shows every card
    shuffled = next(e.seq for e in table.entries if e.event.TYPE == "shuffled")
    assert len(secrets.at(shuffled)) == 52  # the shoe's order is hidden whole


def test_a_frame_with_a_hidden_card_is_a_leak_and_the_redacted_frames_are_not() -> None:
    table = played()
    secrets = Secrets(table, ANA)
    deal = next(e for e in table.entries if e.event.TYPE == "dealt" and "bo" in str(e.event))
    raw = {"type": "events", "events": [{"seq": deal.seq, "event": deal.event.to_dict()}]}
    assert secrets.leaks([raw]) != []
    mine = {"type": "events", "events": table.events_for(ANA)}
    view = {"type": "view", "seq": table.seq, "view": table.view(ANA)}
    assert secrets.leaks([mine, view]) == []
    assert page_cards([str(deal.event.to_dict()["card"]), "back", None]) != set()


def test_what_he_was_never_shown_is_the_undealt_rest_of_the_deck() -> None:
    table = played()
    dealt = {str(e.event.to_dict()["card"]) for e in table.entries if e.event.TYPE == "dealt"}
    never = Secrets(table, ANA).never_shown()
    assert len(never) == 50 and not never & dealt  # the settlement showed both dealt cards
