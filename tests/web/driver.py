"""A person's hands at a table page: pick one of the offers the page shows and act on it through
the page itself (its buttons, inputs, the tier setter, the tiles), as a person would.

The choice reads the offers the page was given (``window.croupierTable.view.state.legal``) and
takes the first open type in a plain order that moves a round on (win before discard, check
before call before raise, the least amount); the act is a click, a fill or a key on the page.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from croupier.money import format_amount

if TYPE_CHECKING:
    from .people import Person

#: the offers' money fields: typed in the house currency (offers.js MONEY_FIELDS)
MONEY = ("amount", "buy_in")

#: offer types in the order a patient person takes them
PREFERENCE: Sequence[str] = (
    "win",
    "declare_natural",
    "check",
    "call",
    "pass",
    "pick_up",
    "set",
    "stand",
    "ante",
    "bet",
    "done",
    "discard",
    "claim",
    "kong",
    "raise_to",
    "draw",
    "sit",
    "buy_in",
    "seat",
)
#: never taken by the driver (they end a person's game)
NEVER = ("fold", "leave", "sit_out", "withdraw", "void", "void_round", "rectify", "stand")
#: taken once a round by a person (a stake, chips): then he moves on ("done", "no more bets")
ONCE = ("bet", "top_up", "buy_in", "sit", "seat")


def offers(person: Person) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] | None = person.page.evaluate(
        "() => window.croupierTable?.view?.state?.legal || null"
    )
    return found or []


def choose(options: Sequence[dict[str, Any]], never: Sequence[str] = ()) -> dict[str, Any] | None:
    usable = [o for o in options if o["type"] not in NEVER and o["type"] not in never]
    for kind in PREFERENCE:
        for offer in usable:
            if offer["type"] == kind:
                return offer
    return usable[0] if usable else None


def look(person: Person) -> dict[str, Any]:
    """What the page shows now, in one look: settled yet, its state's seq, its offers."""
    seen: dict[str, Any] = person.page.evaluate(
        """() => {
            const view = window.croupierTable?.view;
            const state = view?.state;
            const panel = document.querySelector(".settlement");
            return {
                settled: Boolean(panel) && !panel.textContent.includes("No round settled yet."),
                seq: state?.seq ?? 0,
                // the page drawn for the state it holds (states are drawn a frame later)
                drawn: Boolean(state) && view.root.dataset.drawnSeq === String(state.seq ?? ""),
                legal: state?.legal || [],
            };
        }"""
    )
    return seen


def act(
    person: Person, legal: Sequence[dict[str, Any]] | None = None, never: Sequence[str] = ()
) -> str | None:
    """Take one offer through the page; the offer's type, or None when there is nothing to do
    (``never``: offer types this person leaves to the rule's default when his time ends)."""
    offer = choose(offers(person) if legal is None else legal, never)
    if offer is None:
        return None
    page = person.page
    kind: str = offer["type"]
    fields = {k: v for k, v in offer.items() if k not in ("type", "label")}
    free = {
        k: v
        for k, v in fields.items()
        if not ("is" in v or ("one_of" in v and len(v["one_of"]) == 1))
    }
    box = page.locator(f'.actions [data-offer="{kind}"]').first
    if any("split" in v for v in free.values()):
        _set_tiers(person)
    elif kind == "discard" and page.locator(".felt .tile-button").count():
        page.locator(".felt .tile-button").last.click()
    elif not free or (len(free) == 1 and "one_of" in next(iter(free.values()))):
        box.locator("button").first.click()
    else:
        decimals = int(page.evaluate("() => document.body.dataset.decimals || '0'"))
        for name, domain in free.items():
            if "min" in domain:
                # a money field takes the currency ("20.00"), a count its number
                least = domain["min"]
                text = format_amount(least, decimals=decimals) if name in MONEY else str(least)
                box.locator(f'input[name="{name}"]').fill(text)
        box.locator('button[type="submit"]').click()
    return kind


def _set_tiers(person: Person) -> None:
    """The 13-card setting by keys: the hint where there is one, else the cards as they come
    (front, middle, back); a fouled setting is confirmed as such (Art 7 allows it)."""
    page = person.page
    hint = page.get_by_role("button", name="Hint: best setting")
    if hint.count():
        hint.click()
    else:
        # the keys alone: the focus goes on along the hand after each card is placed
        page.locator(".tier-hand .card-button").first.focus()
        for key in "3333322222111":
            page.keyboard.press(key)
    confirm = page.locator('[data-key="tier-submit"]')
    deadline = time.monotonic() + 10
    while confirm.is_disabled() and time.monotonic() < deadline:
        time.sleep(0.05)
    confirm.click()


def settled(person: Person) -> bool:
    """True once the page shows a settlement."""
    panel = person.page.get_by_role("region", name="Settlement")
    return "No round settled yet." not in panel.inner_text()


class Stuck(AssertionError):
    """The table stopped: no settlement, and nothing moved for a while with nobody waited on
    and nothing to do (``states``: what each page shows)."""

    def __init__(self, message: str, states: list[dict[str, Any]]) -> None:
        super().__init__(message)
        self.states = states


def _states(people: Sequence[Person]) -> list[dict[str, Any]]:
    return [
        person.page.evaluate(
            "() => { const s = window.croupierTable?.view?.state || {};"
            " return {seq: s.seq, phase: s.view?.phase, waiting: s.waiting,"
            " legal: (s.legal || []).map(o => o.type)}; }"
        )
        for person in people
    ]


def play_round(
    people: Sequence[Person],
    *,
    timeout: float = 120.0,
    never: Sequence[str] = (),
    still: float = 10.0,
) -> list[str]:
    """Everyone acts on what the page offers until every page shows a settlement; the actions
    taken, in order (for the failure message). ``never``: offer types left to time out. A table
    on which nothing moves for ``still`` seconds while nobody is waited on is :class:`Stuck`."""
    taken: list[str] = []
    deadline = time.monotonic() + timeout
    done: set[str] = set()
    last_seq, since = -1, time.monotonic()
    while len(done) < len(people):
        if time.monotonic() > deadline:
            raise AssertionError(
                f"no settlement within {timeout} s after {len(taken)} actions; the last: "
                f"{taken[-12:]}; the pages now: {_states(people)}"
            )
        top = max(seq(person) for person in people)
        if top != last_seq:
            last_seq, since = top, time.monotonic()
        elif time.monotonic() - since > still:
            states = _states(people)
            if not any(s["waiting"] or s["legal"] for s in states):
                raise Stuck(
                    f"the table stopped at seq {top} with nobody waited on (after "
                    f"{len(taken)} actions): {states}",
                    states,
                )
        moved = False
        for someone in people:
            if someone.name in done:
                continue
            now = look(someone)
            if now["settled"]:
                done.add(someone.name)
                continue
            if not now["drawn"]:
                continue
            once = [k for k in ONCE if f"{someone.name}:{k}" in taken]
            kind = act(someone, now["legal"], [*never, *once])
            if kind is not None:
                taken.append(f"{someone.name}:{kind}")
                moved = True
                _answered(someone, now["seq"])
        if not moved:
            time.sleep(0.05)
    return taken


def seq(person: Person) -> int:
    """The seq of the state the page shows."""
    value: int = person.page.evaluate("() => window.croupierTable?.view?.state?.seq ?? 0")
    return value


def _answered(person: Person, before: int) -> None:
    """Wait until the page shows a state after its command (or a refusal: an error)."""
    page = person.page
    page.wait_for_function(
        "before => (window.croupierTable.view.state.seq > before && "
        "!document.querySelector('.busy') && window.croupierTable.view.root.dataset.drawnSeq "
        "=== String(window.croupierTable.view.state.seq)) || "
        "document.querySelector('.message[data-kind=\"refused\"]')?.textContent",
        arg=before,
        polling=25,
        timeout=30_000,
    )
    refusal = page.locator('.message[data-kind="refused"]')
    if refusal.count() and refusal.inner_text():
        raise AssertionError(f"{person.name}: {refusal.inner_text()}")
