"""The table page's renderer in a real browser, fed with states made by a real table (the toy
game of tests/table) and with offers of every domain: the controls make exactly the commands
the offers admit (checked by the Python offers themselves), hidden cards stay backs, the 13-card
tier setter works by click, drag and keyboard and warns of a foul (Art 7), the countdown, the
feed and the settlement show, and axe-core finds no serious accessibility fault."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import pytest
from table.toy import Ante, SitOut, ToyOptions, ToyTable

from croupier.cards import Card, Deck
from croupier.events import RoundSettled
from croupier.games.five_card_stud.events import HandSettled
from croupier.games.five_card_stud.pots import Pot, award
from croupier.games.five_card_stud.rules import HOUSE_RATE, OddChip
from croupier.money import Rounding
from croupier.offers import Between, Offer, OneOf, Split, Text
from croupier.protocol import Command
from croupier.server.web import STATIC
from croupier.settlement import PayoutLine, Result
from croupier.table import Actor, SeededSource
from croupier.table.base import Table

from .browser import PHONE
from .conftest import axe_violations

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize

ANA, BO = Actor.player("ana"), Actor.player("bo")


@dataclass(frozen=True, slots=True)
class SetCards(Command):
    """Set 13 cards in three tiers (a Split, as the 13-card game's setting)."""

    TYPE = "set"
    tiers: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class Discard(Command):
    TYPE = "discard"
    card: Card


@dataclass(frozen=True, slots=True)
class Bet(Command):
    TYPE = "bet"
    place: str
    amount: int


@dataclass(frozen=True, slots=True)
class Void(Command):
    TYPE = "void"
    reason: str


def table_state(table: Table[Any], actor: Actor, now: int | None = None) -> dict[str, Any]:
    """What the server gives a page: the actor's view, offers and who is waited on."""
    return {
        "view": table.view(actor),
        "legal": [o.to_dict() for o in table.legal(actor)],
        "waiting": [w.to_dict() for w in table.waiting_on()],
        "seq": table.seq,
        "now": table.last_at if now is None else now,
    }


def toy(*, rounds_opened: bool = True) -> ToyTable:
    table = ToyTable(ToyOptions(), table_id="t1", source=SeededSource("web"))
    table.apply(ANA, {"type": "sit", "buy_in": 200}, "s1", at=0)
    table.apply(BO, {"type": "sit", "buy_in": 200}, "s2", at=0)
    if rounds_opened:
        table.step_house(at=1000)
    return table


def make(page: Page, state: dict[str, Any], *, game: str = "toy", me: str = "ana") -> None:
    page.evaluate(
        "([game, me]) => makeView({game, me, actor: `player:${me}`, table: 't1'})", [game, me]
    )
    show(page, state)


def show(page: Page, state: dict[str, Any]) -> None:
    """Give the view a state and wait until it is drawn (states are drawn at the next frame)."""
    page.evaluate(
        "state => { tv.update(state); return new Promise(done => requestAnimationFrame("
        "() => setTimeout(done, 0))); }",
        state,
    )


def sent(page: Page, *, wait: bool = True) -> list[dict[str, Any]]:
    """The commands the view sent; with ``wait``, once it has sent one (a click's handler may
    run a frame later on a loaded machine: reading at once was a flaky failure, and so was a
    wait of 5 s on a machine at a load of 6: the wait ends as soon as a command is sent)."""
    if wait:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function("window.sent.length > 0", timeout=30_000)
    result: list[dict[str, Any]] = page.evaluate("window.sent")
    return result


def test_each_offer_without_a_choice_is_one_button_sending_its_command(harness: Page) -> None:
    table = toy()
    make(harness, table_state(table, ANA))
    actions = harness.get_by_role("region", name="Your actions")
    assert actions.get_by_role("button", name="Ante").is_visible()
    actions.get_by_role("button", name="Sit out").click()
    assert sent(harness) == [{"type": "sit_out"}]
    offers = table.legal(ANA)
    assert any(o.admits(SitOut.from_dict(sent(harness)[0])) for o in offers)
    actions.get_by_role("button", name="Ante").click()
    assert any(o.admits(Ante.from_dict(sent(harness)[1])) for o in offers)


def test_an_amount_is_an_input_bounded_by_the_offer_and_out_of_bounds_sends_nothing(
    harness: Page,
) -> None:
    table = ToyTable(ToyOptions(), table_id="t1", source=SeededSource("web"))
    make(harness, table_state(table, ANA))
    amount = harness.get_by_role("textbox", name="Buy in")  # money: typed as read
    assert amount.input_value() == "10"
    assert harness.locator(".range").inner_text() == "10 to 100,000"  # a page of decimals 0
    amount.fill("5")
    harness.get_by_role("button", name="Sit", exact=True).click()
    assert sent(harness, wait=False) == []
    assert "10 to 100,000" in harness.locator(".form-error").inner_text()
    amount.fill("250")
    amount.press("Enter")
    assert sent(harness) == [{"type": "sit", "buy_in": 250}]
    (offer,) = table.legal(ANA)
    assert offer.admits(offer.command.from_dict(sent(harness)[0]))


def test_one_of_cards_and_places_are_buttons_naming_them(harness: Page) -> None:
    cards = tuple(Card.parse(c) for c in ("As", "Td"))
    offers = [
        Offer(Discard, {"card": OneOf(cards)}),
        Offer(Bet, {"place": OneOf(("banker", "player")), "amount": Between(20, 500)}),
        Offer(Void, {"reason": Text(40)}, label="Void the round"),
    ]
    make(harness, {"view": {}, "legal": [o.to_dict() for o in offers], "waiting": []})
    harness.get_by_role("button", name="Discard: ten of diamonds").click()
    assert harness.get_by_role("img", name="ace of spades").count() == 1
    harness.get_by_label("Place").select_option(label="Banker")
    harness.get_by_role("textbox", name="Amount").fill("500")
    harness.get_by_role("button", name="Bet", exact=True).click()
    harness.get_by_label("Reason").fill("misdeal at seat 2")
    harness.get_by_role("button", name="Void the round").click()
    got = sent(harness)
    assert got == [
        {"type": "discard", "card": "Td"},
        {"type": "bet", "place": "banker", "amount": 500},
        {"type": "void", "reason": "misdeal at seat 2"},
    ]
    for offer, command in zip(offers, got, strict=True):
        assert offer.admits(offer.command.from_dict(command)), command


def split_offer(text: str = "As Ks Qs Js Ts 9h 9d 9c 2c 3c 4d 5h 7h") -> Offer:
    cards = tuple(Card.parse(c) for c in text.split())
    return Offer(SetCards, {"tiers": Split(cards, (3, 5, 5))}, label="Set your cards")


def test_art7_tier_setter_by_click_makes_an_admitted_setting(harness: Page) -> None:
    offer = split_offer()
    make(harness, {"view": {}, "legal": [offer.to_dict()], "waiting": []}, game="thirteen")
    setter = harness.get_by_role("group", name="Set your cards")
    confirm = setter.get_by_role("button", name="Confirm setting")
    assert confirm.is_disabled()
    for tier, names in (
        ("back", ["ace of spades", "king of spades", "queen of spades", "jack of spades"]),
        ("back", ["ten of spades"]),
        ("middle", ["nine of hearts", "nine of diamonds", "nine of clubs", "two of clubs"]),
        ("middle", ["three of clubs"]),
        ("front", ["four of diamonds", "five of hearts", "seven of hearts"]),
    ):
        for name in names:
            setter.get_by_role("button", name=name, exact=True).click()
        setter.get_by_role("button", name=f"Place in {tier}").click()
    confirm.click()
    (command,) = sent(harness)
    assert offer.admits(SetCards.from_dict(command))
    assert command["tiers"][0] == ["7h", "5h", "4d"]
    assert sorted(command["tiers"][2]) == sorted(["As", "Ks", "Qs", "Js", "Ts"])
    assert harness.evaluate("window.checks.length") >= 1


def test_art7_tier_setter_by_keyboard_alone(harness: Page) -> None:
    offer = split_offer()
    make(harness, {"view": {}, "legal": [offer.to_dict()], "waiting": []}, game="thirteen")
    harness.get_by_role("button", name="ace of spades", exact=True).focus()
    # keys 3, 2, 1 place the focused card in back, middle, front; the focus goes on to the next
    # card of the hand, so thirteen key presses set the hand
    for key in "3333322222111":
        harness.keyboard.press(key)
    # the arrows move along a row; 0 takes a card back to the hand, 1 puts it in front again
    harness.keyboard.press("ArrowLeft")
    focused = harness.evaluate("document.activeElement.dataset.card")
    harness.keyboard.press("0")
    assert harness.locator(".tier-hand .card-button").count() == 1
    harness.locator(f'[data-card="{focused}"]').focus()
    harness.keyboard.press("1")
    confirm = harness.get_by_role("button", name="Confirm setting")
    confirm.focus()
    harness.keyboard.press("Enter")
    (command,) = sent(harness)
    assert offer.admits(SetCards.from_dict(command))
    assert sorted(command["tiers"][2]) == sorted(["As", "Ks", "Qs", "Js", "Ts"])


def test_art7_tier_setter_by_drag(harness: Page) -> None:
    offer = split_offer()
    make(harness, {"view": {}, "legal": [offer.to_dict()], "waiting": []}, game="thirteen")
    harness.get_by_role("button", name="ace of spades", exact=True).drag_to(
        harness.locator('.tier[data-tier="front"]')
    )
    front = harness.get_by_role("list", name="Front (1/3)")
    assert front.get_by_role("img", name="ace of spades").count() == 1


def test_art7_a_fouled_setting_is_warned_of_before_it_is_confirmed(harness: Page) -> None:
    harness.evaluate(
        "window.checkAnswer = {fouled: true, explanation: "
        "'the front (three of a kind A) is above the middle (pair 9-9)'}"
    )
    offer = split_offer()
    make(harness, {"view": {}, "legal": [offer.to_dict()], "waiting": []}, game="thirteen")
    cards = [c.get_attribute("data-card") for c in harness.locator(".tier-hand .card-button").all()]
    for i, card in enumerate(cards):
        harness.locator(f'[data-card="{card}"]').focus()
        harness.keyboard.press("1" if i < 3 else "2" if i < 8 else "3")
    warning = harness.get_by_role("alert").filter(has_text="Foul (Art 7)")
    warning.wait_for()
    assert "is above the middle" in warning.inner_text()
    harness.get_by_role("button", name="Confirm this fouled setting").click()
    assert len(sent(harness)) == 1


def test_the_practice_hint_places_the_best_setting(harness: Page) -> None:
    best = [["4d", "5h", "7h"], ["9h", "9d", "9c", "2c", "3c"], ["As", "Ks", "Qs", "Js", "Ts"]]
    harness.evaluate("best => { window.hintAnswer = best; }", best)
    offer = split_offer()
    harness.evaluate(
        "() => makeView({game: 'thirteen', me: 'ana', actor: 'player:ana', table: 't1', "
        "practice: true})"
    )
    show(harness, {"view": {}, "legal": [offer.to_dict()], "waiting": []})
    harness.get_by_role("button", name="Hint: best setting").click()
    harness.get_by_role("button", name="Confirm setting").click()
    (command,) = sent(harness)
    assert [sorted(t) for t in command["tiers"]] == [sorted(t) for t in best]


def test_hidden_cards_are_drawn_as_backs_never_as_faces(harness: Page) -> None:
    table = toy()
    table.apply(ANA, {"type": "ante"}, "a", at=1001)
    table.apply(BO, {"type": "ante"}, "b", at=1002)
    table.step_house(at=1003)  # shuffle
    table.step_house(at=1004)  # deal
    state = table_state(table, ANA)
    make(harness, state)
    mine = table.view(ANA)["cards"]["ana"]
    assert harness.get_by_role("img", name=_name(mine)).count() == 1
    backs = harness.locator('img.card[data-code="back"]')
    assert backs.count() == 1 and backs.first.get_attribute("alt") == "a card face down"
    bo_card = str(dict(table.view(BO)["cards"])["bo"])
    assert harness.locator(f'img[data-code="{bo_card}"]').count() == 0


def _name(card: str) -> str:
    words = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    ranks = dict(zip("23456789TJQKA", [*words, "jack", "queen", "king", "ace"], strict=True))
    suits = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
    return f"{ranks[card[0]]} of {suits[card[1]]}"


def test_the_countdown_shows_my_deadline_with_its_rule(harness: Page) -> None:
    table = toy()
    state = table_state(table, ANA, now=1000)
    make(harness, state)
    timer = harness.get_by_role("timer")
    # Toy 3's 10 s from the round's opening at 1000: the deadline is 11000, and the countdown
    # reads 0:10 for the first second, then less as the page's clock runs (its timer redraws
    # every 250 ms: a loaded machine took over a second to read it, and it read 0:09)
    assert timer.get_attribute("data-deadline") == "11000"
    text = timer.inner_text()
    who, left = text.split(" to ", 1)[0].split(": ")
    minutes, seconds = left.split(":")
    assert who == "You" and minutes == "0" and 0 <= int(seconds) <= 10, text
    assert text.endswith("to ante or sit out (Toy 3)")


def test_the_feed_and_the_settlement_show_the_events_as_seen(harness: Page) -> None:
    table = toy()
    table.apply(ANA, {"type": "ante"}, "a", at=1001)
    table.apply(BO, {"type": "ante"}, "b", at=1002)
    while table.step_house(at=1003) is not None and table.rounds[-1].last_seq is None:
        pass
    make(harness, table_state(table, ANA))
    harness.evaluate("events => tv.events(events)", table.events_for(ANA))
    feed = harness.get_by_role("log", name="Events at the table")
    assert feed.locator(".feed-item").count() == table.seq
    settled = next(e for e in table.events_for(ANA) if e["event"]["type"] == "settled")
    panel = harness.get_by_role("region", name="Settlement")
    assert f"#{settled['seq']}" in panel.inner_text()
    winner = settled["event"]["winner"]
    assert winner in panel.inner_text()


def settlement_panel(
    page: Page, event: dict[str, Any], seats: dict[str, str] | None = None
) -> dict[str, Any]:
    """The settlement panel drawn for ``event`` (as ana sees it; ``seats``: seat -> player, as
    the view seats them): its table's rows, cell by cell, the header row first; the items of
    its notes; the rows marked as ana's."""
    panel: dict[str, Any] = page.evaluate(
        """async ([event, seats]) => {
          const { renderSettlement } = await import('/static/js/feed.js');
          const root = document.createElement('section');
          document.body.append(root);
          renderSettlement(root, { seq: 9, event }, { me: 'ana', seats });
          const cells = tr => [...tr.children].map(c => c.textContent);
          return {
            rows: [...root.querySelectorAll('table tr')].map(cells),
            notes: [...root.querySelectorAll('.settlement-notes li')].map(li => li.textContent),
            mine: [...root.querySelectorAll('table tr.mine')].map(cells),
          };
        }""",
        [event, seats or {}],
    )
    return panel


def settlement_rows(page: Page, event: dict[str, Any]) -> list[list[str]]:
    """The rows of the settlement panel's table drawn for ``event`` (see settlement_panel)."""
    rows: list[list[str]] = settlement_panel(page, event)["rows"]
    return rows


def test_a_banking_settlement_shows_each_stake_its_result_what_was_paid_and_the_net(
    harness: Page,
) -> None:
    """A lost 1,000 reads as staked 1,000, lost, paid 0, net −1,000 (not 'Amount 0')."""
    house = Rounding.HOUSE
    lines = (
        PayoutLine.settle("ana", 4, "banker", 1000, Result.LOSE, rounding=house, article="Art 9"),
        PayoutLine.settle(
            "bot-1",
            1,
            "player",
            2000,
            Result.WIN,
            prize=Fraction(2000),
            commission=Fraction(100),
            rounding=house,
            article="Art 9.1",
        ),
        PayoutLine.settle("bot-2", 2, "tie", 500, Result.CARRY, rounding=house, article="Art 8"),
    )
    rows = settlement_rows(harness, RoundSettled(lines=lines).to_dict())
    assert rows == [
        ["Who", "Bet", "Place", "Stake", "Result", "Paid", "Net", "Article"],
        ["ana", "Banker", "4", "1,000", "lost", "0", "−1,000", "Art 9"],
        ["bot-1", "Player", "1", "2,000", "won", "3,900", "+1,900", "Art 9.1"],
        ["bot-2", "Tie", "2", "500", "carried over", "0", "0", "Art 8"],
    ]


def test_a_mahjong_settlement_still_shows_each_players_net(harness: Page) -> None:
    event = {
        "type": "game_settled",
        "number": 1,
        "commission": 0,
        "players": ["ana", "bot-1", "bot-2", "bot-3"],
        "net": [96, -32, -32, -32],
    }
    rows = settlement_rows(harness, event)
    assert rows[1:] == [["ana", "+96"], ["bot-1", "−32"], ["bot-2", "−32"], ["bot-3", "−32"]]


def stud_settlement() -> dict[str, Any]:
    """A five-card stud hand settled as the web client receives it (HandSettled.to_dict): seat
    3 all in, so a main pot of seats 1-3 (won by seat 1) and a side pot of seats 1 and 2 (split,
    its odd unit to the house), and 200 of seat 2's last bet uncalled."""
    rate, rounding = HOUSE_RATE, Rounding.HOUSE
    strengths = {1: 9, 2: 9, 3: 5}
    main = award(Pot(300, (1, 2, 3)), {1: 9, 2: 5, 3: 5}, (1, 2, 3), rate, rounding, OddChip.HOUSE)
    side = award(Pot(435, (1, 2)), strengths, (2, 1), rate, rounding, OddChip.HOUSE)
    event = HandSettled(
        number=7,
        showdown=(2, 1, 3),
        shown=(),
        returned=((2, 200),),
        pots=(main, side),
        initial_commission=30,
        house=30 + main.commission + side.commission + side.odd_to_house,
        stacks=((1, 2000), (2, 1500), (3, 0)),
    )
    return event.to_dict()


def test_a_stud_settlement_shows_each_pot_who_won_it_what_each_was_paid_and_the_commission(
    harness: Page,
) -> None:
    """Art 4, 9, 11 a: per pot its amount, its winners by name, what each was paid and the
    house's commission of it; the uncalled bet returned (Art 9). No pot's field reads as a
    person (main's box showed 'the house's commission +12', 'odd_to_house 0' and no winner)."""
    event = stud_settlement()
    (main, side) = event["pots"]
    assert main["paid"] == [[1, 288]] and main["commission"] == 12
    assert side["paid"] == [[2, 208], [1, 208]] and side["odd_to_house"] == 1
    seats = {"1": "ana", "2": "bo", "3": "cy"}
    panel = settlement_panel(harness, event, seats)
    assert panel["rows"] == [
        ["Pot", "Amount", "Won by", "Paid", "House's commission"],
        ["Main pot", "300", "ana", "288", "12"],
        ["Side pot 1", "435", "bo, ana", "bo: 208, ana: 208", "18 + 1 odd (the split's remainder)"],
    ]
    assert panel["notes"] == [
        "Uncalled bet returned to bo: 200 (Art 9)",
        "Initial commission (Art 8): 30",
        "The house's take for the hand: 61",
    ]
    assert [row[0] for row in panel["mine"]] == ["Main pot", "Side pot 1"]


def test_a_stud_settlement_names_a_seat_the_view_does_not_name_by_its_number(
    harness: Page,
) -> None:
    panel = settlement_panel(harness, stud_settlement(), {"1": "ana"})
    assert panel["rows"][2][2:4] == ["seat 2, ana", "seat 2: 208, ana: 208"]
    assert panel["notes"][0] == "Uncalled bet returned to seat 2: 200 (Art 9)"


def test_the_table_view_names_the_stud_settlements_seats_from_its_view(harness: Page) -> None:
    """The view's seats (seat -> player) name the pots' winners, also when the settlement
    came before the view (the page reads the events after its first state, a socket may not)."""
    harness.evaluate(
        "() => makeView({game: 'five-card-stud', me: 'ana', actor: 'player:ana', table: 't1'})"
    )
    harness.evaluate(
        "event => tv.events([{seq: 40, at: 0, actor: 'dealer:house', event}])", stud_settlement()
    )
    panel = harness.get_by_role("region", name="Settlement")
    assert "seat 2, seat 1" in panel.inner_text()  # no view yet: no names
    view = {**STUD_VIEW, "phase": "idle", "hand": None}
    show(harness, {"view": view, "legal": [], "waiting": []})
    table = panel.get_by_role("table")
    assert "bo, ana" in table.inner_text() and "seat " not in table.inner_text()
    assert "Uncalled bet returned to bo: 200" in panel.inner_text()


def test_a_stud_settlement_names_who_sat_there_when_it_came_not_who_sits_there_now(
    harness: Page,
) -> None:
    """bo left seat 2 after the hand and di sat there: the page's view names di, the events it
    read name bo, who won."""
    harness.evaluate(
        "() => makeView({game: 'five-card-stud', me: 'ana', actor: 'player:ana', table: 't1'})"
    )
    seats = {**STUD_VIEW["seats"], "2": {"player": "di", "stack": 2000, "must_top_up": False}}
    show(harness, {"view": {**STUD_VIEW, "seats": seats, "hand": None}, "legal": [], "waiting": []})
    seated = {"type": "player_seated", "seat": 2, "player": "bo", "buy_in": 2000}
    harness.evaluate(
        "([seated, event]) => tv.events([{seq: 3, at: 0, actor: 'player:bo', event: seated},"
        " {seq: 40, at: 0, actor: 'dealer:house', event}])",
        [seated, stud_settlement()],
    )
    table = harness.get_by_role("region", name="Settlement").get_by_role("table")
    assert "bo, ana" in table.inner_text() and "di" not in table.inner_text()


def test_no_serious_accessibility_fault_on_a_table_with_every_kind_of_control(
    harness: Page,
) -> None:
    table = toy()
    state = table_state(table, ANA, now=1000)
    state["legal"] += [
        split_offer().to_dict(),
        Offer(Bet, {"place": OneOf(("banker", "player")), "amount": Between(20, 500)}).to_dict(),
    ]
    make(harness, state, game="thirteen")
    assert axe_violations(harness) == []


@pytest.mark.parametrize("size", [PHONE])
def test_the_tier_setter_fits_a_phone_without_sideways_scrolling(
    harness: Page, size: ViewportSize
) -> None:
    harness.set_viewport_size(size)
    make(harness, {"view": {}, "legal": [split_offer().to_dict()], "waiting": []}, game="thirteen")
    width = harness.evaluate("document.documentElement.scrollWidth")
    assert width <= size["width"]
    assert harness.get_by_role("button", name="ace of spades", exact=True).is_visible()


def test_deck_has_52_distinct_card_names_in_the_page(harness: Page) -> None:
    codes = [str(c) for c in Deck.STANDARD_52.cards]
    names = harness.evaluate(
        "async codes => { const m = await import('/static/js/cards.js');"
        " return codes.map(m.cardName); }",
        codes,
    )
    assert len(set(names)) == 52


MAHJONG_VIEW: dict[str, Any] = {
    "game": "mahjong",
    "phase": "turn",
    "prevailing": "east",
    "turn": "S",
    "wall": 71,
    "seat": "S",
    "hand": ["1m", "2m", "3m", "5p", "5p", "7s", "8s", "9s", "E", "E", "C", "C", "C", "4p"],
    "drawn": "4p",
    "players": {
        "E": {"concealed": 13, "melds": [], "discards": ["9m"]},
        "S": {"concealed": 14, "melds": [], "discards": []},
        "W": {
            "concealed": 10,
            "melds": [{"kind": "chow", "first": "3s", "concealed": False}],
            "discards": ["N"],
        },
        "N": {"concealed": 13, "melds": [], "discards": ["1p"]},
    },
    "window": None,
    "result": None,
    "table": {
        "places": [
            {"place": 1, "player": "bo", "chips": 1000, "wind": "E"},
            {"place": 2, "player": "ana", "chips": 950, "wind": "S"},
            {"place": 3, "player": "bot-1", "chips": 1000, "wind": "W"},
            {"place": 4, "player": "bot-2", "chips": 1050, "wind": "N"},
        ]
    },
}


def test_mahjong_your_tiles_are_the_discard_buttons_and_the_others_are_backs(
    harness: Page,
) -> None:
    offer = {"type": "discard", "tile": {"one_of": sorted(set(MAHJONG_VIEW["hand"]))}}
    make(harness, {"view": MAHJONG_VIEW, "legal": [offer], "waiting": []}, game="mahjong")
    harness.get_by_role("button", name="Discard 4 of circles (just drawn)").click()
    assert sent(harness) == [{"type": "discard", "tile": "4p"}]
    backs = harness.locator('img.tile[data-code="back"]')
    assert backs.count() == 13 + 10 + 13  # east, west, north: their concealed tiles
    west = harness.get_by_role("group", name="West's melds")
    codes = west.locator("img").evaluate_all("nodes => nodes.map(n => n.dataset.code)")
    assert codes == ["3s", "4s", "5s"]
    assert "Your turn: pick a tile" in harness.locator(".felt").inner_text()
    assert harness.get_by_role("region", name="West: bot-1").is_visible()
    assert "950" in harness.get_by_role("region", name="South: ana, to act, you").inner_text()


STUD_VIEW: dict[str, Any] = {
    "game": "five-card-stud",
    "phase": "betting",
    "hands_played": 0,
    "seats": {
        "1": {"player": "ana", "stack": 1950, "must_top_up": False},
        "2": {"player": "bo", "stack": 1950, "must_top_up": False},
        "3": {"player": "cy", "stack": 1990, "must_top_up": False},
    },
    "hand": {
        "number": 1,
        "round": 1,
        "pot": 110,
        "to_act": 2,
        "in_hand": [1, 2],
        "folded": [3],
        "up": {"1": "Qs", "2": "9h", "3": "4c"},
        "bets": {"1": 20, "2": 0, "3": 0},
        "put_in": {"1": 70, "2": 50, "3": 10},
        "key": "Ah",
    },
}


def test_stud_my_key_card_shows_the_others_are_backs_and_the_bets_are_offers(
    harness: Page,
) -> None:
    legal = [
        {"type": "fold"},
        {"type": "call", "label": "call 20"},
        {"type": "raise_to", "amount": {"min": 40, "max": 110}},
    ]
    make(harness, {"view": STUD_VIEW, "legal": legal, "waiting": []}, game="five-card-stud")
    me = harness.get_by_role("region", name="Seat 1: ana, you")
    assert me.get_by_role("img", name="ace of hearts").count() == 1
    bo = harness.get_by_role("region", name="Seat 2: bo, to act")
    assert bo.locator('img[data-code="back"]').count() == 1
    folded = harness.get_by_role("region", name="Seat 3: cy")
    assert folded.locator('img[data-code="back"]').count() == 0  # folded: no key card shown
    assert "110" in harness.locator(".pot").inner_text()
    harness.get_by_role("textbox", name="Amount").fill("111")
    harness.get_by_role("button", name="Raise to").click()
    assert sent(harness, wait=False) == []
    harness.get_by_role("button", name="call 20").click()
    assert sent(harness) == [{"type": "call"}]


THIRTEEN_VIEW: dict[str, Any] = {
    "game": "thirteen",
    "phase": "setting",
    "round": 3,
    "dice": {"dice": [3, 4, 2], "total": 9, "by": "ana"},
    "first_position": 2,
    "layout": [{"player": "ana", "position": 2, "amount": 200}],
    "banker": {
        "cards": None,
        "setting": {
            "front": ["2c", "2d", "5h"],
            "middle": ["9s", "9h", "Kd", "Qc", "3s"],
            "back": ["Ah", "Kh", "Th", "7h", "4h"],
        },
    },
    "positions": [
        {
            "position": 1,
            "holder": None,
            "staked": 0,
            "picked_up": False,
            "set": False,
            "cards": None,
            "setting": None,
            "score": None,
        },
        {
            "position": 2,
            "holder": "ana",
            "staked": 200,
            "picked_up": True,
            "set": False,
            "cards": ["As", "Ks", "Qs", "Js", "Ts", "9d", "9c", "8c", "2s", "3c", "4d", "5s", "7d"],
            "setting": None,
            "score": None,
        },
    ],
    "late": [],
}


def test_thirteen_the_banker_setting_is_shown_and_my_position_holds_my_cards(
    harness: Page,
) -> None:
    cards = THIRTEEN_VIEW["positions"][1]["cards"]
    offer = split_offer(" ".join(cards))
    make(
        harness, {"view": THIRTEEN_VIEW, "legal": [offer.to_dict()], "waiting": []}, game="thirteen"
    )
    banker = harness.get_by_role("group", name="banker's setting")
    assert banker.get_by_role("list", name="banker's setting: back").locator("img").count() == 5
    mine = harness.get_by_role("region", name="Position 2, you")
    assert mine.locator("img").count() == 13
    assert "Staked" in mine.inner_text() and "200" in mine.inner_text()
    assert "3 + 4 + 2 = 9" in harness.locator(".felt").inner_text()
    stakes = harness.get_by_role("table", name="Stakes on the layout")
    assert "ana" in stakes.inner_text()
    assert harness.get_by_role("group", name="Set your cards").is_visible()


def fouled_pair() -> list[dict[str, Any]]:
    """The 13-card adapter's two offers of one setting: an ascending one, and a fouled one
    confirmed as such (their domains say which, Art 7)."""
    cards = ["As", "Ks", "Qs", "Js", "Ts", "9h", "9d", "9c", "2c", "3c", "4d", "5h", "7h"]
    return [
        {
            "type": "set",
            "position": {"is": 2},
            "tiers": {"split": cards, "sizes": [3, 5, 5], "fouled": fouled},
            "confirm_foul": {"is": fouled},
            "label": f"set position 2{', a foul confirmed' if fouled else ''}",
        }
        for fouled in (False, True)
    ]


@pytest.mark.parametrize("fouled", [False, True])
def test_art7_one_setter_for_the_ascending_and_the_fouled_offer_of_one_setting(
    harness: Page, fouled: bool
) -> None:
    harness.evaluate("f => { window.checkAnswer = {fouled: f, explanation: 'x above y'}; }", fouled)
    make(harness, {"view": {}, "legal": fouled_pair(), "waiting": []}, game="thirteen")
    assert harness.locator(".tier-setter").count() == 1
    harness.locator(".tier-hand .card-button").first.focus()
    for key in "3333322222111":
        harness.keyboard.press(key)
    name = "Confirm this fouled setting" if fouled else "Confirm setting"
    harness.get_by_role("button", name=name).click()
    (command,) = sent(harness)
    assert command["confirm_foul"] is fouled and command["position"] == 2
    assert [len(t) for t in command["tiers"]] == [3, 5, 5]


def test_art7_a_setting_that_may_not_foul_cannot_be_confirmed_fouled(harness: Page) -> None:
    harness.evaluate("() => { window.checkAnswer = {fouled: true, explanation: 'x above y'}; }")
    only_ascending = fouled_pair()[:1]
    make(harness, {"view": {}, "legal": only_ascending, "waiting": []}, game="thirteen")
    harness.locator(".tier-hand .card-button").first.focus()
    for key in "3333322222111":
        harness.keyboard.press(key)
    harness.get_by_role("alert").filter(has_text="cannot be fouled").wait_for()
    assert harness.get_by_role("button", name="Confirm this fouled setting").is_disabled()


def test_every_module_of_the_pages_loads(harness: Page) -> None:
    modules = sorted(
        str(p.relative_to(STATIC)) for p in (STATIC / "js").rglob("*.js") if "pages" not in p.parts
    )
    assert len(modules) >= 12
    failed = harness.evaluate(
        "async paths => { const out = []; for (const p of paths) {"
        " try { await import('/static/' + p); } catch (e) { out.push(p + ': ' + e); } }"
        " return out; }",
        modules,
    )
    assert failed == []


BACCARAT_VIEW: dict[str, Any] = {
    "game": "three-card-baccarat",
    "phase": "betting",
    "round": 4,
    "shoe": {"remaining": 301, "cut_card_out": False},
    "seats": {"1": "ana", "2": "bo"},
    "players": {"ana": {"place": 1, "chips": 900, "done": False}},
    "layout": [
        {"player": "ana", "place": 1, "bet": "main", "amount": 100, "carried": False},
        {"player": "bo", "place": 2, "bet": "tie", "amount": 50, "carried": True},
    ],
    "hands": [
        {"place": 0, "label": "banker", "holder": None, "cards": ["Kd", None, None]},
        {"place": 1, "label": "1", "holder": "ana", "cards": ["9c", "Th", "2s"], "points": 1},
    ],
    "limits": {"main": {"min": 100, "max": 10000}, "tie": {"min": 20, "max": None}},
    "you": {"name": "ana", "place": 1, "chips": 900, "done": False, "on_layout": 100},
}


def test_banking_the_layout_shows_places_stakes_hands_and_the_bet_form(harness: Page) -> None:
    bet = {
        "type": "bet",
        "place": {"one_of": [1, 2]},
        "bet": {"one_of": ["main", "tie"]},
        "amount": {"min": 100, "max": 900},
        "label": "bet",
    }
    make(
        harness,
        {"view": BACCARAT_VIEW, "legal": [bet, {"type": "done", "label": "no more bets"}]},
        game="three-card-baccarat",
    )
    banker = harness.get_by_role("region", name="Banker")
    assert banker.locator('img[data-code="back"]').count() == 2  # not yet shown
    assert banker.get_by_role("img", name="king of diamonds").count() == 1
    mine = harness.get_by_role("region", name="Place 1: ana, you")
    assert "Main 100" in mine.inner_text() and "1 points" in mine.inner_text()
    assert "(carried)" in harness.get_by_role("region", name="Place 2: bo").inner_text()
    assert "301" in harness.locator(".felt").inner_text()
    harness.get_by_label("Place", exact=True).select_option(label="2")
    harness.get_by_label("Bet", exact=True).select_option(label="Tie")
    harness.get_by_role("textbox", name="Amount").fill("150")
    harness.locator('.actions [data-offer="bet"] button[type="submit"]').click()
    harness.get_by_role("button", name="no more bets").click()
    assert sent(harness) == [
        {"type": "bet", "place": 2, "bet": "tie", "amount": 150},
        {"type": "done"},
    ]


def test_a_card_or_tile_has_its_height_before_its_image_loads(harness: Page) -> None:
    """A card's or tile's <img> carries its drawing's size, so it is laid out at its height
    before the SVG loads: an image still loading was 0 px high, a tile button 4 px, and a click
    on it could land as the image came and the row moved (the Mah-Jong discard test failed so,
    in CI and at a load of 6)."""
    heights = harness.evaluate(
        """async () => {
          const { tileImg, cardImg } = await import("/static/js/cards.js");
          const out = [];
          for (const img of [tileImg("1m"), cardImg("Ah")]) {
            img.src = `/static/never-loads-${Math.random()}.svg`;  // it never comes
            document.body.append(img);
            out.push(img.getBoundingClientRect().height);
          }
          return out;
        }"""
    )
    assert all(h > 40 for h in heights), heights
