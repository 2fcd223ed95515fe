"""The checker of the browser tests finds what a person may not see, from a table's record: the
other seat's card from its deal to the settlement, and the shoe's order, never what he was
shown (the checker is checked before the pages are checked with it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from table.toy import ToyOptions, ToyTable

from croupier.table import Actor, SeededSource

from .secrecy import Redaction, Secrets, look, page_cards, tokens

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


# -- a record read before the frames it judges (the live games' flaky check) ---------------------


def play_on(table: ToyTable, at: int = 5) -> None:
    """One more step, as a served table plays on after a settlement: an ante owed, else the
    house's next step (the next round's opening, its shuffle, its deal)."""
    for actor in (ANA, BO):
        if any(o.to_dict()["type"] == "ante" for o in table.legal(actor)):
            table.apply(actor, {"type": "ante"}, f"ante:{table.seq}", at=at)
            return
    assert table.step_house(at=at) is not None


def pushed(table: ToyTable, actor: Actor, since: int) -> list[dict[str, Any]]:
    """The frames the hub pushes a subscriber after a commit: his events, then his view."""
    return [
        {"type": "events", "events": table.events_for(actor, since), "seq": table.seq},
        {
            "type": "view",
            "seq": table.seq,
            "view": table.view(actor),
            "legal": [o.to_dict() for o in table.legal(actor)],
        },
    ]


@dataclass
class Browsing:
    """A person whose browser, like Playwright's, hands over the frames that arrived meanwhile
    at any call into it, to every person; meanwhile the table plays one step on."""

    name: str
    table: ToyTable
    everyone: list[Browsing]
    frames_in: list[dict[str, Any]] = field(default_factory=list)

    def card_codes(self) -> list[str | None]:
        since = self.table.seq
        play_on(self.table)
        for someone in self.everyone:
            someone.frames_in += pushed(self.table, Actor.player(someone.name), since)
        return [*sorted(tokens(self.frames_in[-1]["view"]))]


def record_of(table: ToyTable) -> ToyTable:
    return ToyTable.from_record(table.to_record())


def test_a_frame_past_the_record_is_reported_as_such_never_judged_by_its_end() -> None:
    table = played()
    early = record_of(table)  # read at the settlement
    since = table.seq
    while not any(e.event.TYPE == "dealt" for e in table.entries[since:]):
        play_on(table)  # the next round, to its deal
    honest = pushed(table, ANA, since)
    deal = next(e for e in table.entries[since:] if e.event.TYPE == "dealt" and "bo" in str(e))
    raw = {"type": "events", "events": [{"seq": deal.seq, "event": deal.event.to_dict()}]}
    # judged by the record that holds them: the honest frames pass, bo's card is a leak
    assert Redaction(record_of(table), ANA).leaks(honest) == []
    assert Secrets(record_of(table), ANA).leaks([raw]) != []
    # judged by a record that ends before them: neither a false leak nor a silent pass
    for leaks in (Redaction(early, ANA).leaks(honest), Secrets(early, ANA).leaks([raw])):
        assert leaks and all("past the record's last entry" in found for found in leaks), leaks


def test_what_people_were_shown_is_taken_before_the_record_that_judges_it() -> None:
    table = played()
    people: list[Browsing] = []
    people += [Browsing("ana", table, people), Browsing("bo", table, people)]
    for someone in people:
        someone.frames_in += pushed(table, Actor.player(someone.name), 0)
    # the record first, then a call into the browser: ana's page brings bo newer frames
    early = record_of(table)
    people[0].card_codes()
    assert any("past the record" in f for f in Redaction(early, BO).leaks(people[1].frames_in))
    # what they were shown first (look), then the record: it reaches every frame and card
    seen = look(people)
    later = record_of(table)
    assert later.seq > early.seq + 1  # the table played on while they were looked at
    for shown in seen:
        actor = Actor.player(shown.name)
        assert shown.frames and shown.frames[-1]["seq"] <= later.seq
        assert Redaction(later, actor).leaks(shown.frames) == []
        secrets = Secrets(later, actor)
        assert secrets.leaks(shown.frames) == []
        assert not shown.cards & secrets.never_shown()
