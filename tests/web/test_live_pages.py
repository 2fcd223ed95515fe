"""The web tables end to end: a real server (REST, WebSocket, hub on SQLite), the pages in
Chromium, one browser context per person. People log in through the login page, join from the
lobby and play a round to its settlement; their WebSocket frames and pages never hold a card the
table hides from them; the inspector recalls the round, verifies and exports it; a round is
played with the keyboard alone; a dropped connection catches up; the dealer console, the admin
and cashier pages work; every page passes axe-core (no serious fault) at desktop and phone size.

These run on the toy game of tests/table (the server loads it as an extra game); the five games'
tables are played in test_live_games.py."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from croupier.money import format_amount
from croupier.table import Actor
from croupier.table.log import read_log, verify_chain

from .browser import PHONE
from .conftest import axe_violations
from .live import LiveServer, ServedToy
from .people import Person, enter
from .secrecy import Secrets, look

if TYPE_CHECKING:
    from playwright.sync_api import Browser

PASSWORDS = {
    "ana": "ana-secret-1",
    "bo": "bo-secret-22",
    "cy": "cy-secret-333",
    "di": "di-secret-4444",
    "dee": "dee-dealer-5",
    "ida": "ida-inspector-6",
    "cash": "cash-secret-7",
}
ROLES = {"dee": "dealer", "ida": "inspector", "cash": "cashier"}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    from .browser import require_chromium

    require_chromium()
    with LiveServer(tmp_path_factory.mktemp("live")) as server:
        for name, password in PASSWORDS.items():
            server.create_user(name, ROLES.get(name, "player"), password)
        yield server


def person(browser: Browser, live: LiveServer, name: str, **more: Any) -> Person:
    someone = enter(browser, name, PASSWORDS.get(name, "admin-secret-1"), **more)
    someone.login(live.url)
    return someone


def record(live: LiveServer, table: str) -> ServedToy:
    """A copy of the table as committed (folded again from its record)."""
    data = live.read(table, lambda t: t.table.to_record())
    return ServedToy.from_record(data)


def settle_round(people: list[Person]) -> None:
    for someone in people:
        someone.page.get_by_role("button", name="Ante").click(timeout=30_000)
    for someone in people:
        panel = someone.page.get_by_role("region", name="Settlement")
        panel.get_by_text("Winner").wait_for(timeout=30_000)


@pytest.fixture(scope="module")
def played(browser: Browser, live: LiveServer) -> Iterator[tuple[list[Person], ServedToy]]:
    """ana and bo join toy-1 from the lobby and play its first round to the settlement."""
    live.open_table("toy-1", "toy")
    people = [person(browser, live, "ana"), person(browser, live, "bo")]
    for someone in people:
        someone.join_from_lobby("toy-1")
    settle_round(people)
    yield people, record(live, "toy-1")
    for someone in people:
        someone.close()


def test_two_people_play_a_round_to_its_settlement_through_the_pages(
    played: tuple[list[Person], ServedToy],
) -> None:
    people, table = played
    settled = next(e for e in table.entries if e.event.TYPE == "settled")
    winner = settled.event.to_dict()["winner"]
    for someone in people:
        panel = someone.page.get_by_role("region", name="Settlement")
        assert f"#{settled.seq}" in panel.inner_text()
        assert winner in panel.inner_text()
        feed = someone.page.get_by_role("log", name="Events at the table")
        assert feed.locator(f'.feed-item[data-seq="{settled.seq}"]').count() == 1
        assert not someone.errors
        # the page's spy hook saw what the browser received on this page's socket
        spied = [frame for direction, frame in someone.spied() if direction == "in"]
        assert spied and all(frame in someone.frames_in for frame in spied)
    assert table.books_agree()


def test_no_frame_and_no_page_holds_another_seats_hidden_card(
    live: LiveServer, played: tuple[list[Person], ServedToy]
) -> None:
    people, _ = played
    # what each was shown, then the record that judges it (the house may open the next round)
    seen = look(people)
    table = record(live, "toy-1")
    dealt = {e.event.to_dict()["player"]: e.seq for e in table.entries if e.event.TYPE == "dealt"}
    for shown in seen:
        secrets = Secrets(table, Actor.player(shown.name))
        other = next(p for p in dealt if p != shown.name)
        # the other's card is hidden from him from its deal to the settlement
        assert secrets.at(dealt[other]), "the test would prove nothing"
        frames = [f for f in shown.frames if f.get("type") in ("events", "view")]
        # enough was received to prove something: frames past the other's deal (how many frames
        # carried them depends on the timing: under load the events come batched, in as few as
        # a view, one events frame and a view)
        assert len(frames) >= 2 and max(f.get("seq", 0) for f in frames) >= dealt[other]
        assert secrets.leaks(frames) == []
        assert not shown.cards & secrets.never_shown()


def test_the_inspector_recalls_verifies_and_exports_the_round(
    browser: Browser, live: LiveServer, played: tuple[list[Person], ServedToy], tmp_path: Path
) -> None:
    _, table = played
    ida = person(browser, live, "ida")
    page = ida.page
    page.get_by_role("link", name="Recall").click()
    page.get_by_label("Table").select_option("toy-1")
    page.locator('#recall-round[data-table="toy-1"]').wait_for(state="attached")
    page.get_by_label("Round", exact=True).select_option("1")
    page.get_by_role("button", name="Recall the round").click()
    verdict = page.locator("#recall-verify")
    verdict.get_by_text("Verified").wait_for(timeout=30_000)
    assert "the hash chains hold" in verdict.inner_text()
    span = table.rounds[0]
    assert span.last_seq is not None
    count = span.last_seq - span.first_seq + 1
    assert page.get_by_text(f"Event 1 of {count}").is_visible()
    # step to each dealt event: the inspector sees every card of the finished round
    cards = {e.event.to_dict()["card"] for e in table.round_entries(1) if e.event.TYPE == "dealt"}
    shown: set[str] = set()
    for _ in range(count - 1):
        page.get_by_role("button", name="Next event").click()
        shown |= {c for c in ida.card_codes() if c is not None and c in cards}
    assert shown == cards
    assert page.get_by_role("button", name="Next event").is_disabled()
    with page.expect_download() as download:
        page.get_by_role("link", name="Export the record (JSONL)").click()
    path = tmp_path / "export.jsonl"
    download.value.save_as(path)
    header, entries = read_log(path.read_bytes().splitlines())
    assert header["genesis"] == table.genesis() and len(entries) == span.last_seq
    assert verify_chain(header["genesis"], entries) == table.hashes()[span.last_seq - 1]
    replayed = ServedToy.replay(table.options, entries, table_id="toy-1")
    assert replayed.seq == span.last_seq
    assert axe_violations(page) == []
    assert not ida.errors, ida.errors
    ida.close()


def test_a_round_played_with_the_keyboard_alone(browser: Browser, live: LiveServer) -> None:
    live.open_table("toy-keys", "toy")
    people = [person(browser, live, "cy"), person(browser, live, "di")]
    for someone in people:
        page = someone.page
        # from the lobby to the table by keys: the join button is reached with Tab
        for _ in range(40):
            page.keyboard.press("Tab")
            focused = page.evaluate("document.activeElement.textContent")
            if focused == "Join toy-keys":
                break
        else:
            raise AssertionError("Tab never reached the join button")
        page.keyboard.press("Enter")
        page.wait_for_url("**/tables/toy-keys")
        someone.wait_connected()
    for someone in people:
        page = someone.page
        page.get_by_role("button", name="Ante").wait_for(timeout=30_000)
        # the actions take the focus when they appear (or Tab reaches them)
        for _ in range(30):
            if page.evaluate("document.activeElement.textContent") == "Ante":
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    for someone in people:
        panel = someone.page.get_by_role("region", name="Settlement")
        panel.get_by_text("Winner").wait_for(timeout=30_000)
        someone.close()


def test_a_dropped_connection_reconnects_and_catches_up(browser: Browser, live: LiveServer) -> None:
    live.open_table("toy-drop", "toy")
    ana, bo = person(browser, live, "ana"), person(browser, live, "bo")
    for someone in (ana, bo):
        someone.page.goto(f"{live.url}/tables/toy-drop")
        someone.wait_connected()
    for someone in (ana, bo):
        someone.page.get_by_role("textbox", name="Buy in").fill("3.00")  # 300 avos
        someone.page.get_by_role("button", name="Sit", exact=True).click()
    ana.page.get_by_role("button", name="Ante").wait_for(timeout=30_000)
    before = ana.page.evaluate("window.croupierTable.socket.lastSeq")
    # the connection drops and stays down for a while; meanwhile bo antes
    ana.page.evaluate(
        "() => { const s = window.croupierTable.socket; s.firstDelay = s.delay = 2500; s.drop(); }"
    )
    ana.page.locator('.connection[data-status="reconnecting"]').wait_for()
    bo.page.get_by_role("button", name="Ante").click()
    ana.wait_connected()
    hellos = [f for f in ana.frames_out if f.get("type") == "hello"]
    assert hellos[-1]["since"] >= before and len(hellos) >= 2
    table = record(live, "toy-drop")
    anted = next(e.seq for e in table.entries if e.event.TYPE == "anted")
    feed = ana.page.get_by_role("log", name="Events at the table")
    feed.locator(f'.feed-item[data-seq="{anted}"]').wait_for(timeout=30_000)
    seqs = ana.page.eval_on_selector_all(".feed-item", "nodes => nodes.map(n => n.dataset.seq)")
    assert len(seqs) == len(set(seqs)), "an event shown twice"
    ana.page.get_by_role("button", name="Ante").click()
    ana.page.get_by_role("region", name="Settlement").get_by_text("Winner").wait_for(timeout=30_000)
    (shown,) = look([ana])
    assert Secrets(record(live, "toy-drop"), Actor.player("ana")).leaks(shown.frames) == []
    assert not ana.errors, ana.errors
    ana.close()
    assert not bo.errors, bo.errors
    bo.close()


def test_issue21_an_unavailable_answer_makes_the_page_come_back_with_hello(
    browser: Browser, live: LiveServer
) -> None:
    """While the server's database is out of reach a message is answered ``unavailable``
    (tests/server/test_record_down.py): the page comes back as after a dropped connection."""
    live.open_table("toy-down", "toy")
    ana = person(browser, live, "ana")
    ana.page.goto(f"{live.url}/tables/toy-down")
    ana.wait_connected()
    hellos = len([f for f in ana.frames_out if f.get("type") == "hello"])
    ana.page.evaluate(
        "() => { const s = window.croupierTable.socket; s.firstDelay = s.delay = 1500;"
        " s.receive({v: 1, type: 'error', code: 'unavailable', message: 'try again'}); }"
    )
    ana.page.locator('.connection[data-status="reconnecting"]').wait_for()
    ana.wait_connected()
    again = [f for f in ana.frames_out if f.get("type") == "hello"]
    assert len(again) > hellos and again[-1]["table"] == "toy-down", again
    ana.close()


def test_the_dealer_console_shows_the_public_table_and_the_dealers_actions(
    browser: Browser, live: LiveServer, played: tuple[list[Person], ServedToy]
) -> None:
    dee = person(browser, live, "dee")
    dee.page.get_by_role("link", name="Dealer console").click()
    dee.page.get_by_role("link", name="toy-1").click()
    dee.wait_connected()
    assert "dealer console" in dee.page.locator("h1").inner_text()
    dee.page.get_by_role("region", name="Your actions").wait_for()
    (shown,) = look([dee])
    secrets = Secrets(record(live, "toy-1"), Actor.dealer("dee"))
    assert secrets.leaks(shown.frames) == []
    assert not shown.cards & secrets.never_shown()
    assert axe_violations(dee.page) == []
    assert not dee.errors, dee.errors
    dee.close()


def test_the_admin_creates_an_account_resets_its_password_and_opens_a_table_from_the_admin_page(
    browser: Browser, live: LiveServer
) -> None:
    admin = person(browser, live, "admin")
    page = admin.page
    page.get_by_role("link", name="Admin").click()
    page.get_by_label("Name", exact=True).fill("eve")
    page.get_by_label("Role").select_option("player")
    page.get_by_label("Password", exact=True).fill("eve-secret-8")
    page.get_by_role("button", name="Create the account").click()
    page.get_by_text("Account eve (player) created.").wait_for()
    eve = live.client("eve", "eve-secret-8")
    page.get_by_label("Account to reset").fill("eve")  # eve forgot her password
    page.get_by_role("button", name="Reset the password").click()
    shown = page.get_by_text("eve's one-time password: ")
    shown.wait_for()
    assert "1 session ended" in shown.inner_text()
    one_time = shown.inner_text().split("password: ")[1].split(" ")[0]
    assert eve.call("GET", "/api/me")[0] == 401  # her session ended with the reset
    fresh = live.client("eve", one_time)
    assert fresh.get("/api/me")["must_change_password"]
    page.get_by_label("Table id").fill("toy-admin")
    page.get_by_label("Game").select_option("toy")
    page.get_by_label("Options and limits").fill("ante = 20\nseats = 3")
    page.get_by_role("button", name="Open the table").click()
    page.get_by_role("link", name="toy-admin").wait_for(timeout=30_000)
    options = live.read("toy-admin", lambda t: t.table.options.to_dict())
    assert options == {"ante": 20, "seats": 3}
    assert axe_violations(page) == []
    assert not admin.errors, admin.errors
    admin.close()


def test_the_cashier_page_buys_in_and_cashes_out(browser: Browser, live: LiveServer) -> None:
    live.open_table("toy-cash", "toy")
    ana = person(browser, live, "ana")
    page = ana.page
    page.get_by_role("link", name="Cashier").click()
    page.get_by_role("button", name="Buy in at toy-cash").click()
    page.get_by_role("button", name="Cash out of toy-cash").wait_for(timeout=30_000)
    assert page.get_by_role("status").inner_text() == "Bought in at toy-cash."
    assert live.read("toy-cash", lambda t: dict(t.table.chips())) == {"ana": 200}
    assert axe_violations(page) == []
    page.get_by_role("button", name="Cash out of toy-cash").click()
    page.get_by_role("button", name="Buy in at toy-cash").wait_for(timeout=30_000)
    assert live.read("toy-cash", lambda t: dict(t.table.chips())) == {}
    assert not ana.errors, ana.errors
    ana.close()


def test_issue19_the_cashiers_desk_and_a_players_limits_through_the_pages(
    browser: Browser, live: LiveServer
) -> None:
    """The desk and the limits take amounts in the house currency (decimals 2: "5.00" is 500
    avos) and show them so; the API keeps the smallest unit."""
    before = live.server.cashier.balance("di")
    cash = person(browser, live, "cash")
    page = cash.page
    page.get_by_role("link", name="Cashier").click()
    page.get_by_label("Player").fill("di")
    page.get_by_label("Amount", exact=True).fill("5.00")
    page.wait_for_function("() => document.getElementById('desk-key').value !== ''")
    used = page.locator("#desk-key").input_value()  # the page's key (its script sets it)
    page.get_by_role("button", name="Record the movement").click()
    page.get_by_text(f"Recorded: deposit of 5.00 for di; balance {cur(before + 500)}.").wait_for()
    # a refusal (here a key that names another movement: the first try was recorded but its
    # answer lost) leaves the desk usable: the next movement goes with a new key
    page.evaluate("(key) => { document.getElementById('desk-key').value = key; }", used)
    page.get_by_label("Player").fill("di")  # the form was emptied after the movement
    page.get_by_label("Amount", exact=True).fill("0.07")
    page.get_by_role("button", name="Record the movement").click()
    page.get_by_text(f"Refused: idempotency key {used!r} was used for another movement").wait_for()
    page.get_by_role("button", name="Record the movement").click()
    page.get_by_text(f"Recorded: deposit of 0.07 for di; balance {cur(before + 507)}.").wait_for()
    assert axe_violations(page) == []
    assert not cash.errors, cash.errors
    cash.close()
    di = person(browser, live, "di")
    page = di.page
    page.get_by_role("link", name="Cashier").click()
    assert page.locator("#wallet-balance").inner_text() == cur(before + 507)
    page.get_by_label("Daily loss limit (empty: none)").fill("7.77")
    page.get_by_role("button", name="Set my limits").click()
    page.get_by_text("Your limits are set.").wait_for()
    assert live.server.cashier.limits("di").daily_loss_limit == 777
    assert axe_violations(page) == []
    assert not di.errors, di.errors
    di.close()


def cur(units: int) -> str:
    """An amount of avos as the pages show it (the live server's decimals: 2)."""
    return format_amount(units, decimals=2)


def test_the_desk_takes_the_currency_and_sends_the_exact_smallest_units(
    browser: Browser, live: LiveServer
) -> None:
    """ "100.50" at the desk moves 10050 avos (read back over the API); "1,000.25" 100025; an
    amount with more decimals than the currency ("1.234") or none ("abc") is refused on the
    page, named, and nothing moves; the player's page shows the movements in patacas."""
    live.create_user("mo", "player", "secret-mo-1")
    api = live.client("cash", PASSWORDS["cash"])
    before = api.get("/api/wallets/mo")["balance"]
    cash = person(browser, live, "cash")
    page = cash.page
    page.get_by_role("link", name="Cashier").click()
    page.wait_for_function("() => document.getElementById('desk-key').value !== ''")
    assert page.locator("body").get_attribute("data-decimals") == "2"
    for typed in ("1.234", "abc", "-5", "1,0000"):
        page.get_by_label("Player").fill("mo")
        page.get_by_label("Amount", exact=True).fill(typed)
        page.get_by_role("button", name="Record the movement").click()
        alert = page.locator("#desk-error")
        alert.get_by_text(typed).wait_for()
        assert "nothing was sent" in alert.inner_text() and alert.get_attribute("role") == "alert"
    assert api.get("/api/wallets/mo")["balance"] == before
    page.get_by_label("Amount", exact=True).fill("100.50")
    page.get_by_role("button", name="Record the movement").click()
    page.get_by_text(
        f"Recorded: deposit of 100.50 for mo; balance {cur(before + 10050)}."
    ).wait_for()
    assert page.locator("#desk-error").inner_text() == ""
    assert api.get("/api/wallets/mo")["balance"] == before + 10050
    page.get_by_label("Player").fill("mo")
    page.get_by_label("Amount", exact=True).fill("1,000.25")
    page.get_by_label("Movement").select_option("withdrawal")
    page.get_by_role("button", name="Record the movement").click()
    page.get_by_text("Recorded: withdrawal of 1,000.25 for mo").wait_for()
    wallet = api.get("/api/wallets/mo")
    assert wallet["balance"] == before + 10050 - 100025
    assert [m["amount"] for m in wallet["movements"][:2]] == [-100025, 10050]  # newest first
    assert not cash.errors, cash.errors
    cash.close()
    mo = enter(browser, "mo", "secret-mo-1")
    mo.login(live.url)
    page = mo.page
    page.get_by_role("link", name="Cashier").click()
    assert page.locator("#wallet-balance").inner_text() == cur(before + 10050 - 100025)
    amounts = page.get_by_role("region", name="Last movements").locator('td[data-label="Amount"]')
    assert {"100.50", "−1,000.25"} <= set(amounts.all_inner_texts())
    page.get_by_label("Daily loss limit (empty: none)").fill("12.345")
    page.get_by_role("button", name="Set my limits").click()
    page.locator("#limits-error").get_by_text("12.345").wait_for()
    assert live.server.cashier.limits("mo").daily_loss_limit is None  # nothing sent
    page.get_by_label("Daily loss limit (empty: none)").fill("2,500.5")
    page.get_by_role("button", name="Set my limits").click()
    page.get_by_text("Your limits are set.").wait_for()
    assert live.server.cashier.limits("mo").daily_loss_limit == 250050
    page.reload()
    assert page.get_by_label("Daily loss limit (empty: none)").input_value() == "2,500.50"
    # the reminder set meanwhile elsewhere (another page, the API): this page sends only the
    # field its owner changed, so it does not write its stale reminder back over it
    from datetime import UTC, datetime

    from croupier.server.cashier import Limits

    live.server.cashier.set_limits("mo", Limits(250050, 45), by="mo", at=datetime.now(UTC))
    page.get_by_label("Daily loss limit (empty: none)").fill("3,000")
    page.get_by_role("button", name="Set my limits").click()
    page.get_by_text("Your limits are set.").wait_for()
    assert live.server.cashier.limits("mo") == Limits(300000, 45)
    assert not mo.errors, mo.errors
    mo.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_page_passes_axe_core_and_fits_the_screen(
    browser: Browser, live: LiveServer, played: tuple[list[Person], ServedToy], size: str
) -> None:
    from .browser import DESKTOP

    viewport = PHONE if size == "phone" else DESKTOP
    anonymous = enter(browser, "nobody", "-", viewport=viewport)
    anonymous.page.goto(f"{live.url}/lobby")
    anonymous.page.wait_for_url("**/login?next=/lobby")
    faults = {"login": axe_violations(anonymous.page)}
    anonymous.close()
    bo = person(browser, live, "bo", viewport=viewport)
    for path in ("/lobby", "/cashier", "/tables/toy-1"):
        bo.page.goto(f"{live.url}{path}")
        if path.startswith("/tables"):
            bo.wait_connected()
            bo.page.get_by_role("region", name="Settlement").get_by_text("Winner").wait_for()
        faults[path] = axe_violations(bo.page)
        width = bo.page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"{path} scrolls sideways at {size} size ({width})"
    assert not bo.errors, bo.errors
    bo.close()
    assert {k: v for k, v in faults.items() if v} == {}


def test_a_page_without_a_session_sends_the_browser_to_log_in(
    browser: Browser, live: LiveServer
) -> None:
    nobody = enter(browser, "nobody", "-")
    for path in ("/tables/toy-1", "/recall", "/admin"):
        nobody.page.goto(f"{live.url}{path}")
        nobody.page.wait_for_url(f"**/login?next={path}")
    nobody.close()
    bo = person(browser, live, "bo")
    bo.page.goto(f"{live.url}/admin")
    assert bo.page.get_by_role("heading", name="Not allowed").is_visible()
    assert json.loads(bo.page.evaluate("JSON.stringify(document.title)")).startswith("Not")
    assert not bo.errors, bo.errors
    bo.close()
