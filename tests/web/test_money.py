"""The pages show and take money in the house currency: the server sends and takes integers of
its smallest unit (``HubSettings.decimals``: 2, avos), the page gives ``<body data-decimals>``
and the scripts convert exactly (``static/js/money.js``: BigInt and strings, never a float).
Here in a real browser: the format and the parse on their edge cases, the offers' money fields
(typed "1,000.25", sent 100025; "1.234" refused, named, nothing sent) beside fields that are
counts (a cut's cards), and the amounts a table view shows, money or count."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from croupier.offers import Between, Offer, OneOf

from .test_table_view import BACCARAT_VIEW, STUD_VIEW, Bet, make, sent, settlement_rows

if TYPE_CHECKING:
    from playwright.sync_api import Page


def with_decimals(page: Page, decimals: int) -> None:
    """The page as the server gives it for a house of ``decimals`` (base.html's attribute)."""
    page.evaluate("(d) => { document.body.dataset.decimals = String(d); }", decimals)


def formatted(page: Page, cases: list[list[Any]]) -> list[str]:
    """formatMoney(amount, decimals, {sign}) of each case, in the page."""
    found: list[str] = page.evaluate(
        """async (cases) => {
          const { formatMoney } = await import('/static/js/money.js');
          return cases.map(([amount, decimals, sign]) => formatMoney(amount, decimals, { sign }));
        }""",
        cases,
    )
    return found


def parsed(page: Page, texts: list[str], decimals: int) -> list[dict[str, Any]]:
    """parseMoney(text, decimals) of each text, in the page: {value} or {error}."""
    found: list[dict[str, Any]] = page.evaluate(
        """async ([texts, decimals]) => {
          const { parseMoney } = await import('/static/js/money.js');
          return texts.map((t) => parseMoney(t, decimals));
        }""",
        [texts, decimals],
    )
    return found


def test_amounts_are_formatted_exactly_with_the_currencys_decimals(harness: Page) -> None:
    near = 10**12 + 7
    cases: list[list[Any]] = [
        [1234567, 2, False],
        [-5, 2, False],
        [0, 2, False],
        [0, 0, False],
        [1234567, 0, False],
        [-1234567, 0, False],
        [5, 2, True],
        [-5, 2, True],
        [0, 2, True],
        [1200, 0, True],
        [near, 2, False],
        [-near, 2, False],
        [2**53 - 1, 2, False],
        [7, 3, False],
        [100, 1, False],
    ]
    assert formatted(harness, cases) == [
        "12,345.67",
        "−0.05",
        "0.00",
        "0",
        "1,234,567",
        "−1,234,567",
        "+0.05",
        "−0.05",
        "0.00",
        "+1,200",
        "10,000,000,000.07",
        "−10,000,000,000.07",
        "90,071,992,547,409.91",
        "0.007",
        "10.0",
    ]
    # not a whole number of units: shown as it is, never scaled
    assert formatted(harness, [[1.5, 2, False], ["x", 2, False], [None, 2, False]]) == [
        "1.5",
        "x",
        "",
    ]


def test_typed_amounts_are_parsed_exactly_or_refused_naming_them(harness: Page) -> None:
    good = ["100", "100.5", "100.50", "1,000.25", "0", "0.01", " 7.1 ", "10000000000.07"]
    assert [p.get("value") for p in parsed(harness, good, 2)] == [
        10000,
        10050,
        10050,
        100025,
        0,
        1,
        710,
        10**12 + 7,
    ]
    # float arithmetic would give 1.15 * 100 = 114.99999999999999 and 4.35 * 100 = 434.99...
    assert [p["value"] for p in parsed(harness, ["1.15", "4.35", "0.29"], 2)] == [115, 435, 29]
    assert [p["value"] for p in parsed(harness, ["100", "1,000", "12,345,678"], 0)] == [
        100,
        1000,
        12345678,
    ]
    bad = ["1.234", "abc", "", "-5", "+5", "1,0000", "10,00", ".5", "100.", "1e3", "0x10", "1 000"]
    for text, answer in zip(bad, parsed(harness, bad, 2), strict=True):
        assert "value" not in answer, text
        assert text.strip() in answer["error"], (text, answer)
    (decimal,) = parsed(harness, ["100.5"], 0)
    assert decimal == {"error": "“100.5” has more decimals than the currency: no decimals"}
    (three,) = parsed(harness, ["1.234"], 2)
    assert three == {"error": "“1.234” has more decimals than the currency: at most 2 decimals"}
    # beyond the integers a page holds exactly: refused, not rounded
    (huge,) = parsed(harness, ["90071992547409.92"], 2)
    assert "too large" in huge["error"]


BET = Offer(Bet, {"place": OneOf(("banker", "player")), "amount": Between(100, 500000)})


def test_a_bet_typed_in_the_currency_sends_the_exact_smallest_units(harness: Page) -> None:
    with_decimals(harness, 2)
    make(harness, {"view": {}, "legal": [BET.to_dict()], "waiting": []})
    amount = harness.get_by_role("textbox", name="Amount")
    assert amount.input_value() == "1.00"  # the least, in patacas
    form = harness.locator('.actions [data-offer="bet"]')
    assert form.locator(".range").inner_text() == "1.00 to 5,000.00"
    assert form.get_by_role("button", name="Amount: max 5,000.00").count() == 1
    amount.fill("1,000.25")
    form.locator('button[type="submit"]').click()
    assert sent(harness) == [{"type": "bet", "place": "banker", "amount": 100025}]
    assert BET.admits(BET.command.from_dict(sent(harness)[0]))
    form.get_by_role("button", name="Amount: max 5,000.00").click()
    assert amount.input_value() == "5,000.00"
    form.locator('button[type="submit"]').click()
    harness.wait_for_function("window.sent.length === 2")
    assert sent(harness)[1]["amount"] == 500000


@pytest.mark.parametrize("typed", ["1.234", "abc", "1.5.0"])
def test_a_bad_amount_is_refused_on_the_page_naming_it_and_nothing_is_sent(
    harness: Page, typed: str
) -> None:
    with_decimals(harness, 2)
    make(harness, {"view": {}, "legal": [BET.to_dict()], "waiting": []})
    harness.get_by_role("textbox", name="Amount").fill(typed)
    harness.locator('.actions [data-offer="bet"] button[type="submit"]').click()
    error = harness.get_by_role("alert").filter(has_text=typed)
    error.wait_for()
    assert "Amount:" in error.inner_text() and "nothing was sent" in error.inner_text()
    assert sent(harness, wait=False) == []


def test_out_of_bounds_names_the_bounds_in_the_currency(harness: Page) -> None:
    with_decimals(harness, 2)
    make(harness, {"view": {}, "legal": [BET.to_dict()], "waiting": []})
    harness.get_by_role("textbox", name="Amount").fill("0.99")
    harness.locator('.actions [data-offer="bet"] button[type="submit"]').click()
    assert "Amount 1.00 to 5,000.00" in harness.locator(".form-error").inner_text()
    assert sent(harness, wait=False) == []


def test_a_buy_in_with_decimals_and_a_cut_of_cards_that_is_not_money(harness: Page) -> None:
    """Stud's sit takes a buy-in (money, "2,000.50" is 200050 avos); its cut takes cards (a
    count: a number input, bounds as they are, never scaled)."""
    with_decimals(harness, 2)
    legal = [
        {"type": "sit", "seat": {"one_of": [4]}, "buy_in": {"min": 200000, "max": 10**12}},
        {"type": "cut", "cards": {"min": 5, "max": 47}},
    ]
    make(harness, {"view": STUD_VIEW, "legal": legal, "waiting": []}, game="five-card-stud")
    sit = harness.locator('.actions [data-offer="sit"]')
    assert sit.locator(".range").inner_text() == "2,000.00 to 10,000,000,000.00"
    sit.get_by_role("textbox", name="Buy in").fill("2,000.50")
    sit.locator('button[type="submit"]').click()
    assert sent(harness) == [{"type": "sit", "seat": 4, "buy_in": 200050}]
    cut = harness.locator('.actions [data-offer="cut"]')
    cards = cut.get_by_role("spinbutton", name="Cards")
    assert cards.get_attribute("min") == "5" and cut.locator(".range").inner_text() == "5 to 47"
    cards.fill("26")
    cut.locator('button[type="submit"]').click()
    harness.wait_for_function("window.sent.length === 2")
    assert sent(harness)[1] == {"type": "cut", "cards": 26}


def test_the_table_shows_its_amounts_in_the_currency_and_its_counts_as_they_are(
    harness: Page,
) -> None:
    with_decimals(harness, 2)
    make(
        harness,
        {"view": BACCARAT_VIEW, "legal": [], "waiting": [], "chips": 123456},
        game="three-card-baccarat",
    )
    assert harness.locator(".my-chips").inner_text() == "Your chips: 1,234.56"
    mine = harness.get_by_role("region", name="Place 1: ana, you").inner_text()
    assert "Main 1.00" in mine and "1.00 staked" in mine and "1 points" in mine
    felt = harness.locator(".felt").inner_text()
    assert "9.00" in felt  # your chips: 900 avos
    assert "301" in felt  # the cards left in the shoe: a count
    limits = harness.locator("details.limits")
    limits.locator("summary").click()
    assert "1.00 to 100.00" in limits.inner_text() and "0.20 to no limit" in limits.inner_text()
    # the feed: an amount is money, a seat and a round are counts
    harness.evaluate(
        "(event) => tv.events([{seq: 5, at: 0, actor: 'player:ana', event}])",
        {
            "type": "bet_placed",
            "player": "ana",
            "place": 3,
            "round": 12,
            "amount": 250000,
            "stacks": [[1, 2000], [2, 1500]],
            "dice": {"dice": [3, 4, 5], "total": 12},
        },
    )
    item = harness.locator('.feed-item[data-type="bet_placed"]').inner_text()
    assert "2,500.00" in item and "3" in item and "12" in item
    assert "1: 20.00" in item and "2: 15.00" in item  # [[seat, amount]]: the seat, the money
    assert "0.03" not in item and "0.12" not in item and "0.05" not in item


def test_the_settlements_show_money_in_the_currency(harness: Page) -> None:
    with_decimals(harness, 2)
    lines = {
        "type": "round_settled",
        "lines": [
            {"player": "ana", "position": 4, "bet": "banker", "stake": 1000, "result": "lose",
             "paid": 0, "article": "Art 9"},
            {"player": "bo", "position": 1, "bet": "player", "stake": 2000, "result": "win",
             "paid": 3900, "article": "Art 9.1"},
        ],
    }  # fmt: skip
    assert settlement_rows(harness, lines)[1:] == [
        ["ana", "Banker", "4", "10.00", "lost", "0.00", "−10.00", "Art 9"],
        ["bo", "Player", "1", "20.00", "won", "39.00", "+19.00", "Art 9.1"],
    ]
    mahjong = {"type": "game_settled", "number": 1, "commission": 5,
               "players": ["ana", "b1", "b2", "b3"], "net": [96, -32, -32, -27]}  # fmt: skip
    assert settlement_rows(harness, mahjong)[1:] == [
        ["ana", "+0.96"],
        ["b1", "−0.32"],
        ["b2", "−0.32"],
        ["b3", "−0.27"],
        ["the house's commission", "+0.05"],
    ]


def test_stud_and_mahjong_layouts_show_chips_as_money_and_faan_as_a_count(harness: Page) -> None:
    with_decimals(harness, 2)
    make(harness, {"view": STUD_VIEW, "legal": [], "waiting": []}, game="five-card-stud")
    seat = harness.get_by_role("region", name="Seat 1: ana, you").inner_text()
    assert "19.50" in seat and "0.20" in seat and "0.70" in seat  # stack, bet, in the pot
    assert "1.10" in harness.locator(".pot").inner_text()
    result = {
        "type": "game_won",
        "seat": "E",
        "discarder": None,
        "faan": 3,
        "net": [9600, -3200, -3200, -3200],
        "commission": 150,
        "patterns": [],
    }
    make(
        harness,
        {"view": {"phase": "over", "players": {}, "result": result}, "legal": [], "waiting": []},
        game="mahjong",
    )
    text = harness.locator(".mj-result").inner_text()
    assert ", 3 faan" in text
    assert "East +96.00, South −32.00, West −32.00, North −32.00; commission 1.50" in text
