"""The inspector's recall of a round (issue 19): event by event, with the article of each step
and the provably-fair commitment and revealed seed of the shuffle that dealt it.

:func:`recall` reads a table folded from its record (in the table's writer: committed entries
only) and gives round ``number`` as the actor may see it (an inspector: a finished round whole,
the round in play as the public sees it: never a live hidden card), each entry with:

* ``article``: the regulation's article (or the table layer's rule) the step applies, from
  :data:`ARTICLES` (the articles are those of docs/rules.md; a step whose article is not
  mapped shows ``None``);
* the round's ``fairness``: every provably-fair commitment that dealt its cards (made in the
  round, or the last one before it when the deck or shoe was shuffled earlier), the client seed
  and nonce, the server seed once revealed and whether ``sha256(seed)`` equals the commitment.
"""

from __future__ import annotations

import hashlib
from typing import Any

from croupier.errors import RecordError
from croupier.table.actor import Actor
from croupier.table.base import Table
from croupier.table.events import fair_shuffles

__all__ = ["ARTICLES", "article_of", "fairness_of", "inspector_horizon", "recall"]

#: the table layer's events, the same in every game
TABLE_STEPS = {
    "chips_in": "cashier (buy-in from the wallet)",
    "chips_out": "cashier (cash-out to the wallet)",
    "fairness_committed": "provably fair: commitment before the shuffle",
    "fairness_revealed": "provably fair: seed revealed after the cards are decided",
    "table_closed": "tables: the seal",
}

#: game -> event type -> the article it applies (docs/rules.md)
ARTICLES: dict[str, dict[str, str]] = {
    "five-card-stud": {
        "deck_opened": "Art 2",
        "deck_cut": "Art 2",
        "player_seated": "Art 3, Art 6",
        "player_topped_up": "Art 6",
        "top_ups_due": "Art 6",
        "player_left": "Art 6",
        "hand_started": "Art 7, Art 8",
        "cards_dealt": "Art 10 a",
        "player_acted": "Art 10 b-d",
        "timed_out": "Art 11 b",
        "key_card_exposed": "Art 11 d",
        "misdeal_rectified": "Art 11 e",
        "hand_settled": "Art 4, Art 9, Art 10 e, Art 11 a",
    },
    "thirteen": {
        "player_seated": "Art 3",
        "player_stood": "Art 3",
        "bets_done": "Art 2 c",
        "dice_thrown": "Art 2 b",
        "cards_dealt": "Art 2 b",
        "deal_cancelled": "Art 4",
        "banker_set": "Art 2 d",
        "banker_fouled": "Art 7",
        "hand_shown": "Art 2 d",
        "cards_picked_up": "Art 2 d",
        "suggested": "Art 5",
        "position_set": "Art 2 d, Art 7",
        "setting_closed": "Art 2 d",
        "position_revealed": "Art 8, Art 9, Art 10",
    },
    "three-card-baccarat": {
        "seated": "Art 5",
        "shoe_shuffled": "Art 3.1",
        "round_opened": "Art 3.3",
        "bet_placed": "Art 5, Art 8",
        "bet_withdrawn": "Art 7, Art 8.1",
        "bets_closed": "Art 3.2",
        "card_burned": "Art 3.2, Art 3.3",
        "card_dealt": "Art 3.2, Art 3.5",
        "misdeal_rectified": "Art 3.4",
        "round_voided": "Art 3.4",
        "round_settled": "Art 6, Art 7, Art 9, Art 10",
    },
    "football-poker": {
        "seated": "Art 4",
        "shoe_shuffled": "Art 5.1",
        "round_opened": "Art 5.2",
        "bet_placed": "Art 4",
        "bet_withdrawn": "Art 4",
        "bets_closed": "Art 5.3",
        "card_burned": "Art 5.2",
        "card_dealt": "Art 5.4, Art 6, Art 8.1",
        "round_settled": "Art 3, Art 8.2, Art 9",
    },
    "mahjong": {
        "game_dealt": "Art 2",
        "tile_drawn": "GAMES.md §2 (play)",
        "tile_discarded": "Art 2 (the banker first), GAMES.md §2",
        "claim_made": "GAMES.md §2 (claims)",
        "claim_passed": "GAMES.md §2 (claims)",
        "claims_closed": "GAMES.md §2 (claims)",
        "kong_declared": "GAMES.md §2 (kongs)",
        "meld_exposed": "GAMES.md §2 (melds)",
        "game_won": "GAMES.md §2 (faan and payments)",
        "game_drawn": "GAMES.md §2 (drawn game)",
        "false_win": "GAMES.md §2 (false win)",
    },
}


def article_of(game: str, event: dict[str, Any]) -> str | None:
    """The article a recorded event applies (its own ``article`` field first)."""
    kind = str(event.get("type"))
    own = event.get("article")
    if isinstance(own, str):
        return own
    return TABLE_STEPS.get(kind) or ARTICLES.get(game, {}).get(kind)


def fairness_of(table: Table[Any], first_seq: int, last_seq: int) -> list[dict[str, Any]]:
    """The commitments whose shuffles dealt entries ``first_seq..last_seq``, with their seeds
    once revealed (see the module docstring)."""
    commitments = fair_shuffles(table.entries)
    for shuffle in commitments:
        shuffle["verified"] = None
        if shuffle["server_seed"] is not None:
            try:
                seed = bytes.fromhex(shuffle["server_seed"])
            except ValueError:
                shuffle["verified"] = False
            else:
                shuffle["verified"] = hashlib.sha256(seed).hexdigest() == shuffle["commitment"]
    inside = [c for c in commitments if first_seq <= c["committed_seq"] <= last_seq]
    before = [c for c in commitments if c["committed_seq"] < first_seq]
    return ([before[-1]] if before else []) + inside


def recall(
    table: Table[Any], game: str, actor: Actor, number: int, committed: int
) -> dict[str, Any]:
    """Round ``number`` of ``table`` as ``actor`` may see it, each step with its article, and
    the round's fairness (``committed``: the last stored seq; nothing after it is shown)."""
    if not 1 <= number <= len(table.rounds):
        raise RecordError("round", f"no round {number} at table {table.table_id!r}")
    span = table.rounds[number - 1]
    last = min(span.last_seq if span.last_seq is not None else committed, committed)
    events = table.events_for(actor, span.first_seq - 1)[: max(0, last - span.first_seq + 1)]
    for item in events:
        item["article"] = article_of(game, item["event"])
    return {
        "table": table.table_id,
        "game": game,
        "round": f"{table.table_id}:{number}",
        **span.to_dict(),
        "closed": span.closed,
        "events": events,
        "fairness": fairness_of(table, span.first_seq, last),
    }


def inspector_horizon(table: Table[Any], committed: int) -> int:
    """The last seq of ``table``'s record (of its first ``committed`` entries) an inspector may
    take whole, as the raw hashed entries of an export: the entries before the first one he
    sees redacted (a card of the round in play, a live shoe's order), cut back to the start of
    the command that wrote it, so the cut record still folds. An entry is whole to him once
    its round is finished (:meth:`Table.events_for`)."""
    entries = table.entries[:committed]
    forms = table.events_for(Actor.inspector("export"))[: len(entries)]
    for index, (entry, item) in enumerate(zip(entries, forms, strict=True)):
        if item["event"] == entry.event.to_dict():
            continue
        command = entry.command_id
        while command is not None and index > 0 and entries[index - 1].command_id == command:
            index -= 1
        return index
    return len(entries)
