"""Each of the five games at a real server, played through its table page: two to four people
(one browser context each) log in, join from the lobby and act on what their page offers (the
rest of the places taken by the server's bots) until the round's settlement shows on every
page. No WebSocket frame and no page holds a card or tile the table hides from that person; the
inspector recalls the round and sees it verified. At the end of the round each table page is
photographed (``CROUPIER_SCREENSHOTS=DIR`` writes ``DIR/<game>.png``, the README's pictures).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from croupier.table import Actor
from croupier.table.registry import GAMES

from .browser import PHONE
from .driver import play_round
from .live import LiveServer
from .people import Person, enter
from .secrecy import CARD, SUITED_TILE, Redaction, Secrets, page_cards, tokens

if TYPE_CHECKING:
    from playwright.sync_api import Browser

PEOPLE = {
    "ana": "ana-secret-1",
    "bo": "bo-secret-22",
    "cy": "cy-secret-333",
    "ida": "ida-inspector-6",
}
#: per game: how many people play (the other places: the server's bots), table options
SETUP: dict[str, tuple[int, int, dict[str, Any]]] = {
    # game: (people, bots, options)
    "thirteen": (2, 1, {}),
    # claim windows of 0.1 s: the people leave them to lapse (the rule's default, a pass)
    "mahjong": (2, 2, {"claim_ms": 100}),
    "football-poker": (2, 0, {}),
    "three-card-baccarat": (3, 0, {}),
    # the house opens the hand when all four are seated (min_players), not as the second sits
    "five-card-stud": (3, 1, {"min_players": 4}),
    "toy": (2, 0, {}),  # the table interface's toy game: the driver's own check
}


#: offers the people leave to the rule's default when their time runs out: Mah-Jong's answers to
#: a discard (the window closes after claim_ms, whoever has not answered passing), so a whole
#: game stays within the CI's time; on their turns they discard (kong, win) through the page
LEFT_TO_TIME_OUT = {"mahjong": ("pass", "pung", "chow", "kong")}
#: games whose every card is one of a kind (one deck a round): checked by names too
ONE_COPY = {"thirteen", "five-card-stud", "toy"}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    from .browser import require_chromium

    require_chromium()
    with LiveServer(tmp_path_factory.mktemp("games"), bot_delay_ms=50) as server:
        for name, password in PEOPLE.items():
            server.create_user(name, "inspector" if name == "ida" else "player", password)
        yield server


def available(live: LiveServer, game: str) -> bool:
    return game in live.server.hub.catalog.available()


@pytest.mark.parametrize("game", [*GAMES, "toy"])
def test_people_play_a_round_of_each_game_to_its_settlement_through_the_pages(
    browser: Browser, live: LiveServer, game: str
) -> None:
    if not available(live, game):
        pytest.skip(f"{game}: its table adapter is not in this tree yet")
    count, bots, options = SETUP[game]
    catalog = live.server.hub.catalog
    kinds = list(catalog.bots(game))
    # the 13-card table is a practice table: its people set their cards with the hint
    table_id = f"practice-web-{game}" if game == "thirteen" else f"web-{game}"
    live.open_table(
        table_id, game, options, {f"bot-{i + 1}": kinds[0] for i in range(bots)} if kinds else {}
    )
    names = list(PEOPLE)[:count]
    people: list[Person] = []
    for name in names:
        someone = enter(browser, name, PEOPLE[name])
        someone.login(live.url)
        someone.page.goto(f"{live.url}/lobby")
        someone.join_from_lobby(table_id)
        people.append(someone)
    taken = play_round(people, never=LEFT_TO_TIME_OUT.get(game, ()))
    assert taken, "nobody acted"
    shots = os.environ.get("CROUPIER_SCREENSHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        people[0].page.screenshot(path=str(Path(shots) / f"{game}.png"), full_page=True)
    record = live.read(table_id, lambda t: t.table.to_record())
    table = catalog.table_class(game).from_record(record)
    for someone in people:
        actor = Actor.player(someone.name)
        # every frame exactly what the table gives him at its seq (copy by copy)
        assert Redaction(table, actor).leaks(someone.frames_in) == []
        if game in ONE_COPY:  # and, by the cards' names, none hidden from him
            secrets = Secrets(table, actor)
            assert secrets.leaks(someone.frames_in) == []
            assert not page_cards(someone.card_codes()) & secrets.never_shown()
        assert not someone.errors, someone.errors
    _phone_fits(browser, live, names[0], table_id)
    _recall(browser, live, table_id, game)
    for someone in people:
        someone.close()


def _phone_fits(browser: Browser, live: LiveServer, name: str, table_id: str) -> None:
    phone = enter(browser, name, PEOPLE[name], viewport=PHONE)
    phone.login(live.url)
    phone.page.goto(f"{live.url}/tables/{table_id}")
    phone.wait_connected()
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{table_id} scrolls sideways on a phone ({width} px)"
    phone.close()


def _recall(browser: Browser, live: LiveServer, table_id: str, game: str) -> None:
    ida = enter(browser, "ida", PEOPLE["ida"])
    ida.login(live.url)
    page = ida.page
    page.goto(f"{live.url}/recall")
    page.get_by_label("Table").select_option(table_id)
    page.locator(f'#recall-round[data-table="{table_id}"]').wait_for(state="attached")
    page.get_by_label("Round", exact=True).select_option("1")
    page.get_by_role("button", name="Recall the round").click()
    page.locator("#recall-verify").get_by_text("Verified").wait_for(timeout=30_000)
    round_events = live.read(
        table_id, lambda t: [e.event.to_dict() for e in t.table.round_entries(1)]
    )
    pattern = SUITED_TILE if game == "mahjong" else CARD
    expected = set().union(*(tokens(e, pattern) for e in round_events))
    # step through every event with the Next button (in the page, one step after another)
    codes: list[str] = page.evaluate(
        """() => {
            const seen = new Set();
            const next = document.getElementById("recall-next");
            for (;;) {
                for (const img of document.querySelectorAll("#recall-event img[data-code]"))
                    seen.add(img.dataset.code);
                if (next.disabled) break;
                next.click();
            }
            return [...seen];
        }"""
    )
    seen = {c for c in codes if pattern.match(c)}
    assert page.get_by_text(f"Event {len(round_events)} of {len(round_events)}").is_visible()
    # the inspector sees the finished round whole: every card of its events (the shuffle's
    # order among them) is shown at its step
    assert expected <= seen, sorted(expected - seen)[:10]
    ida.close()
