"""Golden and exhaustive checks of hand ranking.

- Class counts over all C(52,5) = 2,598,960 hands under the 13-card game's rules (Portaria
  51/89/M Art 9 II), all C(52,3) = 22,100 front tiers (Art 7), and all C(40,5) = 658,008 hands
  of the 40-card stud deck (Portaria 104/85/M Art 1 a, Art 5).
- The scalar and batch APIs agree on every one of those hands.
- The perfect-hash tables agree with the readable reference on every hand, checked by a route
  that does not use the tables (sorting each hand's ranks).
- A digest of the full order (the strength of every hand, in a fixed enumeration), so any change
  to the order is seen.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import numpy as np
import pytest
from numpy.typing import NDArray

from croupier.cards import Deck
from croupier.errors import CardCountError, CardNotInDeckError, DuplicateCardError, NotationError
from croupier.rank import (
    STUD40,
    THIRTEEN,
    Category,
    RankRules,
    all_hands,
    category_counts,
    rank,
    rank_batch,
    strength5,
    strength_of_codes,
)
from croupier.rank.model import RANK_KEYS


@cache
def hands_of(rules_name: str, k: int) -> NDArray[np.uint8]:
    rules = {"thirteen": THIRTEEN, "stud40": STUD40}[rules_name]
    return all_hands(sorted(rules.deck.codes), k)


@cache
def strengths_of(rules_name: str, k: int) -> NDArray[np.uint16]:
    rules = {"thirteen": THIRTEEN, "stud40": STUD40}[rules_name]
    return rank_batch(hands_of(rules_name, k), rules)


# Counts derived by hand from the articles (not from the code):
#  52 cards: the standard poker counts, the royal flush its own class (Art 9 II 1).
#  40 cards: 7 straights (A-K-Q-J-10 .. 9-8-7-6-5 and A-5-6-7-8, Art 5.6), 4^5 each; 6 straight
#  flushes below the royal; four 10*36; full house 10*4*9*6; flush 4*C(10,5)-28;
#  straight 7*1024-28; trio 10*4*C(9,2)*16; two pairs C(10,2)*36*8*4; pair 10*6*C(9,3)*64;
#  high card (C(10,5)-7)*(4^5-4).
GOLDEN_52 = {
    "royal_flush": 4,
    "straight_flush": 36,
    "four_of_a_kind": 624,
    "full_house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three_of_a_kind": 54912,
    "two_pair": 123552,
    "pair": 1098240,
    "high_card": 1302540,
}
GOLDEN_40 = {
    "royal_flush": 4,
    "straight_flush": 24,
    "four_of_a_kind": 360,
    "full_house": 2160,
    "flush": 980,
    "straight": 7140,
    "three_of_a_kind": 23040,
    "two_pair": 51840,
    "pair": 322560,
    "high_card": 249900,
}
GOLDEN_FRONT = {"three_of_a_kind": 52, "pair": 3744, "high_card": 18304}

# SHA-256 of the uint16 little-endian strengths of every hand in all_hands() order.
ORDER_DIGESTS = {
    ("thirteen", 5): "24273dfc9d57a77c6732a2faff540c35bf15174a28177f6119e6c8ff69ff5849",
    ("thirteen", 3): "cce05289ebaefd387f717e0966cff4c99a1dca8a59f55db4db7f95fa5ab22074",
    ("stud40", 5): "fa5b72cdabf605df429d5242b951d75217ee339270ee0a03f0faf9abdd4d9e24",
}


def test_art9_ii_class_counts_all_2598960_hands() -> None:
    counts = category_counts(strengths_of("thirteen", 5), THIRTEEN)
    assert counts == GOLDEN_52
    assert sum(counts.values()) == 2_598_960


def test_art7_front_tier_class_counts_all_22100_hands() -> None:
    counts = category_counts(strengths_of("thirteen", 3), THIRTEEN)
    assert {k: v for k, v in counts.items() if v} == GOLDEN_FRONT
    assert sum(counts.values()) == 22_100


def test_stud_art5_class_counts_all_658008_hands() -> None:
    counts = category_counts(strengths_of("stud40", 5), STUD40)
    assert counts == GOLDEN_40
    assert sum(counts.values()) == 658_008


def test_number_of_distinct_strengths() -> None:
    # 13-card 5-card: royal 1, straight flush 9, four 13, full house 13 (by the trio), flush
    # C(13,5)-10, straight 10, trio 13, two pairs 13*12/2*11, pair 13*C(12,3), high C(13,5)-10;
    # 3-card fronts add pair+kicker 13*12 and high C(13,3) (their trios equal the 5-card trios).
    five = 1 + 9 + 13 + 13 + 1277 + 10 + 13 + 858 + 2860 + 1277
    assert THIRTEEN.max_strength == five + 13 * 12 + 286
    assert len(np.unique(strengths_of("thirteen", 5))) == five
    stud = 1 + 6 + 10 + 10 + (252 - 7) + 7 + 10 + 45 * 8 + 10 * 84 + (252 - 7)
    assert STUD40.max_strength == stud
    assert len(np.unique(strengths_of("stud40", 5))) == stud


@pytest.mark.parametrize(("rules_name", "k"), [("thirteen", 5), ("thirteen", 3), ("stud40", 5)])
def test_order_digest_is_pinned(rules_name: str, k: int) -> None:
    digest = hashlib.sha256(strengths_of(rules_name, k).astype("<u2").tobytes()).hexdigest()
    assert digest == ORDER_DIGESTS[(rules_name, k)]


@pytest.mark.parametrize(("rules_name", "k"), [("thirteen", 5), ("thirteen", 3), ("stud40", 5)])
def test_scalar_and_batch_agree_on_every_hand(rules_name: str, k: int) -> None:
    rules = {"thirteen": THIRTEEN, "stud40": STUD40}[rules_name]
    hands = hands_of(rules_name, k).tolist()
    batch = strengths_of(rules_name, k).tolist()
    scalar = [strength_of_codes(h, rules) for h in hands]
    assert scalar == batch
    if k == 5:
        assert [strength5(h[0], h[1], h[2], h[3], h[4], rules) for h in hands] == batch


@pytest.mark.parametrize(("rules_name", "k"), [("thirteen", 5), ("thirteen", 3), ("stud40", 5)])
def test_tables_agree_with_reference_on_every_hand(rules_name: str, k: int) -> None:
    """Each hand's pattern (sorted ranks, flush) is found by sorting, without the hash tables;
    the reference key of each distinct pattern gives the expected strength."""
    rules = {"thirteen": THIRTEEN, "stud40": STUD40}[rules_name]
    hands = hands_of(rules_name, k)
    ranks = np.sort(hands // 4, axis=1).astype(np.int64)
    suits = hands % 4
    flush = (suits == suits[:, :1]).all(axis=1) if k == 5 else np.zeros(len(hands), bool)
    pattern = np.zeros(len(hands), dtype=np.int64)
    for j in range(k):
        pattern = pattern * 13 + ranks[:, j]
    pattern = pattern * 2 + flush
    uniq, inverse = np.unique(pattern, return_inverse=True)
    expected_uniq = np.array(
        [
            rules.strength_of_key(
                rules.reference_key(_unpack(int(p) // 2, k), flush=bool(int(p) % 2))
            )
            for p in uniq
        ],
        dtype=np.uint16,
    )
    np.testing.assert_array_equal(expected_uniq[inverse], strengths_of(rules_name, k))


def _unpack(p: int, k: int) -> list[int]:
    out = []
    for _ in range(k):
        p, r = divmod(p, 13)
        out.append(r)
    return out


def test_rank_keys_are_a_perfect_hash() -> None:
    """Sums of RANK_KEYS are distinct over all multisets of 5 ranks and over those of 3."""
    for size in (3, 5):
        sums = Counter(
            sum(RANK_KEYS[r] for r in combo)
            for combo in itertools.combinations_with_replacement(range(13), size)
            if max(Counter(combo).values()) <= 4
        )
        assert max(sums.values()) == 1


@pytest.mark.parametrize("rules", [THIRTEEN, STUD40])
def test_every_key_reachable_and_ordered(rules: RankRules) -> None:
    keys = rules.all_keys()
    assert list(keys) == sorted(set(keys))
    cats = [Category(k[0]) for k in keys]
    assert cats == sorted(cats)  # every formation sits wholly above the weaker ones
    assert rules.key_of(rules.max_strength)[0] == Category.ROYAL_FLUSH


def test_concurrent_first_use_builds_the_tables_once() -> None:
    fresh = dataclasses.replace(STUD40, _cache={}, _lock=threading.RLock())
    with ThreadPoolExecutor(max_workers=4) as pool:
        built = list(pool.map(lambda _: fresh.tables, range(4)))
    assert all(t is built[0] for t in built)
    assert built[0].table == STUD40.tables.table


def test_batch_threads_and_chunking_do_not_change_results() -> None:
    hands = hands_of("thirteen", 5)[::7]
    one = rank_batch(hands, THIRTEEN, threads=1)
    two = rank_batch(hands, THIRTEEN, threads=2, validate=False)
    np.testing.assert_array_equal(one, two)
    np.testing.assert_array_equal(rank_batch(hands.astype(np.int64), THIRTEEN), one)


# ----- bad input: a typed error naming the bad token ------------------------------------------


@pytest.mark.parametrize(
    ("text", "error", "token"),
    [
        ("As Ks Qs Js Xs", NotationError, "Xs"),
        ("As Ks Qs Js 1s", NotationError, "1s"),
        ("As Ks Qs Js Tz", NotationError, "Tz"),
        ("As Ks Qs Js As", DuplicateCardError, "As"),
        ("As Ks Qs Js", CardCountError, "As Ks Qs Js"),
        ("As Ks Qs Js Ts 9s", CardCountError, "As Ks Qs Js Ts 9s"),
    ],
)
def test_bad_input_names_the_token(text: str, error: type[Exception], token: str) -> None:
    with pytest.raises(error) as info:
        rank(text)
    assert getattr(info.value, "token", None) == token
    assert token in str(info.value)


def test_stud_deck_refuses_low_cards_naming_them() -> None:
    with pytest.raises(CardNotInDeckError) as info:
        rank("As Ks Qs Js 4s", rules=STUD40)
    assert info.value.token == "4s"


def test_batch_bad_rows_name_row_and_token() -> None:
    hands = np.array([[48, 44, 40, 36, 32], [48, 44, 40, 36, 36]], dtype=np.uint8)
    with pytest.raises(DuplicateCardError, match=r"'Js' \(row 1\)") as dup:
        rank_batch(hands)
    assert (dup.value.token, dup.value.row) == ("Js", 1)
    hands[1, 4] = 60
    with pytest.raises(NotationError, match="row 1") as out_of_range:
        rank_batch(hands)
    assert (out_of_range.value.token, out_of_range.value.row) == ("60", 1)
    with pytest.raises(CardNotInDeckError, match=r"'2s' is not in the 40-card deck \(row 0\)"):
        rank_batch(np.array([[0, 44, 40, 36, 32]]), STUD40)
    with pytest.raises(CardCountError):
        rank_batch(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(CardCountError):
        rank_batch(np.array([[20, 24, 28]]), STUD40)  # stud ranks 5-card hands only
    with pytest.raises(NotationError, match="float"):
        rank_batch(np.zeros((2, 5)))


def test_scalar_fast_path_refuses_a_wrong_count() -> None:
    for codes in ([48, 44], [48, 44, 40, 36], [48, 44, 40, 36, 32, 28]):
        with pytest.raises(CardCountError):
            strength_of_codes(codes, THIRTEEN)
    with pytest.raises(CardCountError):
        strength_of_codes([48, 44, 40], STUD40)


def test_decks_used_by_rules() -> None:
    assert THIRTEEN.deck is Deck.STANDARD_52
    assert STUD40.deck is Deck.STUD_40
    assert len(STUD40.deck) == 40


def test_prime_loads_the_shipped_tables_once_and_keeps_a_built_table() -> None:
    """The promise of :meth:`RankRules.prime` (issue 22: the games ship their tables): the
    loader is called at most once however many threads prime at the same time, its keys and
    tables are then what the rules answer with, and rules whose tables are built already never
    call it."""
    import time

    from croupier.rank.model import HashTables, Key

    keys, tables = STUD40.all_keys(), STUD40.tables
    calls: list[int] = []

    def load() -> tuple[tuple[Key, ...], HashTables]:
        calls.append(1)
        time.sleep(0.01)  # other threads arrive while it loads
        return keys, tables

    fresh = dataclasses.replace(STUD40, _cache={})
    threads = [threading.Thread(target=fresh.prime, args=(load,)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    fresh.prime(load)
    assert len(calls) == 1
    assert fresh.all_keys() is keys and fresh.tables is tables

    built = dataclasses.replace(STUD40, _cache={})
    built_keys = built.all_keys()  # worked out from the rules
    built.prime(load)  # the tables are still missing: loaded, the built keys kept
    assert len(calls) == 2 and built.all_keys() is built_keys and built.tables is tables
    built.prime(load)
    assert len(calls) == 2
