"""The record's bytes do not depend on how they are written (issue 17, the benchmark's speed-ups):
the hash chain and the log lines written by the fast encoders (:func:`entry_json`, compiled per
event class) are the reference's, ``canonical(entry.to_dict())``, to the byte, on every entry of
every game, texts outside ASCII included; the table's chain is ``link`` over the
reference forms."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.events import RoundOpened
from croupier.games.five_card_stud.bots import BOTS as STUD_BOTS
from croupier.games.five_card_stud.options import StudOptions
from croupier.games.mahjong.bots import BOTS as MAHJONG_BOTS
from croupier.games.mahjong.options import MahjongOptions
from croupier.games.thirteen.bots import BOTS as THIRTEEN_BOTS
from croupier.table import SeededSource, Table
from croupier.table.log import Entry, canonical, entry_json, entry_line, link
from croupier.table.mahjong import MahjongTable
from croupier.table.runner import run_table
from croupier.table.stud import StudTable
from croupier.table.thirteen import ThirteenTable

from .toy import FirstOfferBot, ToyOptions, ToyTable


def _stud() -> Table[Any]:
    table = StudTable(StudOptions(), table_id="mesa ü", source=SeededSource("bytes"))
    names = ["zoe", "bo", "li"]
    run_table(table, {n: STUD_BOTS["strength"](i) for i, n in enumerate(names)}, rounds=6)
    return table


def _thirteen() -> Table[Any]:
    table = ThirteenTable(table_id="t", source=SeededSource("bytes"))
    names = ["zoe", "bo", "cy"]
    bots = {n: THIRTEEN_BOTS["random" if i else "best-response"](i) for i, n in enumerate(names)}
    run_table(table, bots, rounds=4)
    return table


def _mahjong() -> Table[Any]:
    table = MahjongTable(MahjongOptions(), table_id="t", source=SeededSource("bytes"))
    names = ["zoe", "bo", "cy", "li"]
    run_table(table, {n: MAHJONG_BOTS["faan"](i) for i, n in enumerate(names)}, rounds=2)
    return table


def _toy() -> Table[Any]:
    table = ToyTable(ToyOptions(), table_id="t", source=SeededSource("bytes"))
    run_table(table, {n: FirstOfferBot() for n in ("zoe", "bo")}, rounds=3)
    return table


@pytest.mark.parametrize("make", [_stud, _thirteen, _mahjong, _toy], ids=lambda f: f.__name__)
def test_promise_fast_record_bytes_are_the_reference_bytes(make: Any) -> None:
    table = make()
    previous = table.genesis()
    hashes = table.hashes()
    kinds = set()
    for entry, digest in zip(table.entries, hashes, strict=True):
        reference = entry.to_dict()
        assert entry_json(entry) == canonical(reference)
        assert entry_line(entry, digest) == canonical({**reference, "hash": digest}) + b"\n"
        previous = link(previous, reference)
        assert digest == previous
        kinds.add(entry.event.TYPE)
    assert len(kinds) >= 5  # the run went through a round's kinds of events


@pytest.mark.parametrize("since", [0, 1, 25, 10_000])
@pytest.mark.parametrize("hashed_after", [0, 1, 2])
def test_promise_log_lines_are_the_entry_lines_whatever_was_hashed_before(
    hashed_after: int, since: int
) -> None:
    again = ToyTable(ToyOptions(), table_id="t", source=SeededSource("bytes"))
    bots = {n: FirstOfferBot() for n in ("zoe", "bo")}
    for rounds in (1, 2, 3):
        run_table(again, bots, rounds=rounds, close=False)
        if rounds == hashed_after:
            again.head()  # the chain worked out this far before the lines are asked for
    lines = again.log_lines(since)
    reference, previous = [], again.genesis()  # the reference: dicts, link and canonical
    for entry in again.entries:
        previous = link(previous, entry.to_dict())
        reference.append(canonical({**entry.to_dict(), "hash": previous}) + b"\n")
    assert lines == reference[since:]
    assert again.head() == previous and list(again.hashes())[-1] == previous


@settings(max_examples=200, deadline=None)
@given(
    actor=st.text(min_size=1, max_size=12),
    command_id=st.none() | st.text(max_size=12),
    command=st.none()
    | st.dictionaries(
        st.text(max_size=6),
        st.integers()
        | st.text(max_size=6)
        | st.booleans()
        | st.none()
        | st.lists(st.integers() | st.text(max_size=3), max_size=3)
        | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    ),
    seq=st.integers(min_value=1, max_value=10**12),
    at=st.integers(min_value=0, max_value=10**15),
    number=st.integers(min_value=0, max_value=10**9),
    digest=st.text(max_size=70),
)
def test_promise_entry_bytes_equal_the_reference_for_any_text(
    actor: str,
    command_id: str | None,
    command: dict[str, Any] | None,
    seq: int,
    at: int,
    number: int,
    digest: str,
) -> None:
    entry = Entry(seq, at, actor, command_id, command, RoundOpened(number))
    reference = entry.to_dict()
    assert entry_json(entry) == canonical(reference)
    assert entry_line(entry, digest) == canonical({**reference, "hash": digest}) + b"\n"
