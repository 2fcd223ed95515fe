"""Five-card stud on the 40-card deck, Portaria 104/85/M: the class counts and the exact equity.

The class counts are checked against closed-form combinatorics written here from the articles
(Art 1 a: ten ranks A K Q J 10 9 8 7 6 5 in four suits; Art 5: the classes, seven straights
with A-5-6-7-8 the lowest). The equity is checked against a brute force written here: every
joint deal of the unseen cards enumerated with ``itertools`` and every hand ranked by the
scalar :func:`croupier.rank.rank`, ties split in equal parts (Art 4).
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence
from fractions import Fraction
from math import comb

import pytest

from croupier.cards import Card, Deck, parse_cards
from croupier.errors import (
    CardCountError,
    CardNotInDeckError,
    CroupierError,
    DuplicateCardError,
    MaterialError,
    NotationError,
)
from croupier.odds.five_card_stud import (
    DEFAULT_LIMIT,
    Equity,
    TooManyDealsError,
    _deals,
    _enumerate,
    class_counts,
    class_probabilities,
    equity,
)
from croupier.rank import STUD40, rank

DECK_CARDS = 40
RANKS = 10  # A K Q J 10 9 8 7 6 5 (Art 1 a)
SUITS = 4
#: Art 5.6: A-K-Q-J-10 down to 9-8-7-6-5, and A-5-6-7-8 the lowest.
SEQUENCES = 7
HANDS = comb(DECK_CARDS, 5)


# -- the class counts (Art 1 a, Art 5) ----------------------------------------------------------


def closed_form_counts() -> dict[str, int]:
    """Every class counted from the deck's shape, strongest first (Art 5)."""
    suited_sequences = SEQUENCES * SUITS  # royal (A-K-Q-J-10) included
    rank_sets_not_sequences = comb(RANKS, 5) - SEQUENCES
    return {
        "royal_flush": SUITS,  # Art 5.1: A-K-Q-J-10 of one suit
        "straight_flush": suited_sequences - SUITS,  # Art 5.2: 6 sequences below the royal
        "four_of_a_kind": RANKS * (DECK_CARDS - 4),  # Art 5.3: the four and any odd card
        "full_house": RANKS * comb(4, 3) * (RANKS - 1) * comb(4, 2),  # Art 5.4
        "flush": SUITS * rank_sets_not_sequences,  # Art 5.5
        "straight": SEQUENCES * (SUITS**5 - SUITS),  # Art 5.6: not all one suit
        "three_of_a_kind": RANKS * comb(4, 3) * comb(RANKS - 1, 2) * SUITS**2,  # Art 5.7
        "two_pair": comb(RANKS, 2) * comb(4, 2) ** 2 * (RANKS - 2) * SUITS,  # Art 5.8
        "pair": RANKS * comb(4, 2) * comb(RANKS - 1, 3) * SUITS**3,  # Art 5.9
        "high_card": rank_sets_not_sequences * (SUITS**5 - SUITS),  # Art 5.10
    }


def test_art5_class_counts_over_all_658008_hands() -> None:
    counts = class_counts()
    assert counts == closed_form_counts()
    assert list(counts) == list(closed_form_counts())  # strongest first, as Art 5 lists them
    assert counts == {
        "royal_flush": 4,
        "straight_flush": 24,
        "four_of_a_kind": 10 * 36,
        "full_house": 10 * 4 * 9 * 6,
        "flush": 980,
        "straight": 7_140,
        "three_of_a_kind": 23_040,
        "two_pair": 51_840,
        "pair": 322_560,
        "high_card": 249_900,
    }


def test_art1_a_class_counts_sum_to_every_hand_of_the_40_card_deck() -> None:
    assert len(Deck.STUD_40) == DECK_CARDS
    assert sum(class_counts().values()) == HANDS == 658_008


def test_art5_a_flush_is_rarer_than_a_full_house_yet_ranks_below_it() -> None:
    counts = class_counts()
    assert counts["flush"] < counts["full_house"]
    assert rank("Ks Kh Kd 5c 5d", STUD40) > rank("As Qs Js 9s 7s", STUD40)


def test_art5_class_probabilities_are_exact_and_sum_to_one() -> None:
    probabilities = class_probabilities()
    assert probabilities["royal_flush"] == Fraction(4, HANDS)
    assert probabilities["four_of_a_kind"] == Fraction(5, 9139)
    assert sum(probabilities.values()) == 1


def test_class_counts_is_a_fresh_dict_each_call() -> None:
    counts = class_counts()
    counts["pair"] = 0
    assert class_counts()["pair"] == 322_560


# -- the brute force ----------------------------------------------------------------------------


def brute_force(hands: Sequence[str], dead: str = "") -> tuple[int, list[dict[int, int]]]:
    """Every joint deal of the unseen cards to the unknown places, each hand ranked by the
    scalar ``rank``; ``splits[j][k]``: deals where hand j is one of exactly k best."""
    known = [() if h.strip() in ("", "-") else parse_cards(h, deck=Deck.STUD_40) for h in hands]
    out = set(parse_cards(dead, deck=Deck.STUD_40)) if dead else set()
    used = {c for hand in known for c in hand} | out
    unseen = [c for c in Deck.STUD_40.cards if c not in used]
    strength: list[dict[frozenset[Card], int]] = []
    for hand in known:
        table = {}
        for extra in itertools.combinations(unseen, 5 - len(hand)):
            table[frozenset(extra)] = rank([*hand, *extra], STUD40).strength
        strength.append(table)
    splits: list[dict[int, int]] = [{} for _ in hands]
    deals = 0

    def deal(j: int, left: frozenset[Card], scores: list[int]) -> None:
        nonlocal deals
        if j == len(known):
            deals += 1
            best = max(scores)
            top = [i for i, s in enumerate(scores) if s == best]
            for i in top:
                splits[i][len(top)] = splits[i].get(len(top), 0) + 1
            return
        for extra in itertools.combinations(sorted(left), 5 - len(known[j])):
            chosen = frozenset(extra)
            deal(j + 1, left - chosen, [*scores, strength[j][chosen]])

    deal(0, frozenset(unseen), [])
    return deals, splits


def splits_of(result: Equity) -> list[dict[int, int]]:
    return [dict(h.splits) for h in result.hands]


def check_consistent(result: Equity) -> None:
    assert sum(h.share for h in result.hands) == 1  # Art 4: one whole pot per deal
    for h in result.hands:
        assert h.wins + h.ties + h.losses == result.deals
        assert h.win == Fraction(h.wins, result.deals)
        assert h.tie == Fraction(h.ties, result.deals)
        assert h.share == sum(Fraction(n, k) for k, n in h.splits.items()) / result.deals


BRUTE_CASES = [
    # heads-up, each hand missing one or two cards
    (["As Kd Qh", "Qc Qd 5s 6s"], ""),
    (["As Ks Qs Js", "Ah Ad Ac 9c"], ""),
    (["9s 9h 5d", "Ts Jh Qd"], "Th Td Tc 9c 9d Jc Jd Qc Qh As"),
    (["As 5d 6c 7h", "Ks Kd 8h 8c"], ""),  # A-5-6-7-8, the lowest straight (Art 5.6)
    # three hands
    (["As Kd Qh 9s", "Qc Qd 5s 6s", "Jh Jd Tc 7c"], ""),
    (["Kd Ks 6h", "Ah 5h 7h 8h", "Qs Js Ts"], "9s 9h 9d 9c Kh Kc Qh Qd Jh Jd Th Td"),
    (
        ["5s 6s 7s 8s", "Ad Ac", "-"],
        "Kc Kd Ks Kh Qs Qh Qd Qc Js Jh Jd Jc Ts Th Td Tc 9s 9h 9d 9c 8h 8d",
    ),
    # hands with no known card: every kind of lookup (dense, searched, direct) is used
    (["-", "-"], " ".join(str(c) for c in Deck.STUD_40.cards[:30])),
    (["As", ""], " ".join(str(c) for c in Deck.STUD_40.cards[4:31])),
]


@pytest.mark.parametrize(("hands", "dead"), BRUTE_CASES)
def test_art4_art5_equity_equals_the_brute_force(hands: list[str], dead: str) -> None:
    result = equity(hands, dead)
    deals, splits = brute_force(hands, dead)
    assert result.deals == deals
    assert splits_of(result) == splits
    check_consistent(result)


@pytest.mark.parametrize("seed", range(30))
def test_art4_art5_equity_of_random_positions_equals_the_brute_force(seed: int) -> None:
    """2 to 4 hands of 0 to 5 known cards, dead cards until at most 5,000 deals remain."""
    rng = random.Random(seed)
    cards = list(Deck.STUD_40.cards)
    rng.shuffle(cards)
    hands = [" ".join(str(cards.pop()) for _ in range(rng.randint(0, 5))) or "-"]
    hands += [" ".join(str(cards.pop()) for _ in range(rng.randint(0, 5))) or "-"]
    for _ in range(rng.randint(0, 2)):
        hands.append(" ".join(str(cards.pop()) for _ in range(rng.randint(1, 5))))
    unknowns = [5 - len(parse_cards(h)) if h != "-" else 5 for h in hands]
    dead: list[str] = []
    while _deals(len(cards), unknowns) > 5_000 and len(cards) > sum(unknowns):
        dead.append(str(cards.pop()))
    result = equity(hands, " ".join(dead))
    deals, splits = brute_force(hands, " ".join(dead))
    assert (result.deals, splits_of(result)) == (deals, splits)
    check_consistent(result)


def test_art4_identical_ranks_in_other_suits_split_the_pot() -> None:
    dead = "Jh Js Jd Jc Th Ts Td Tc"
    hands = ["Ah Kh Qh", "As Ks Qs"]  # mirror hands: every result comes in pairs
    result = equity(hands, dead)
    deals, splits = brute_force(hands, dead)
    assert (result.deals, splits_of(result)) == (deals, splits)
    a, b = result.hands
    assert a.share == b.share == Fraction(1, 2)
    assert a.wins == b.wins and a.ties == b.ties > 0


def test_art4_art5_complete_hands_equal_in_rank_tie_whatever_the_suits() -> None:
    result = equity(["As Ad Kc Kh 5s", "Ac Ah Ks Kd 5d"])
    assert result.deals == 1 and result.unseen == 30
    assert [dict(h.splits) for h in result.hands] == [{2: 1}, {2: 1}]
    assert [h.share for h in result.hands] == [Fraction(1, 2)] * 2
    three = equity(["5s 6h 7d 8c 9s", "5h 6d 7c 8s 9h", "5d 6c 7s 8h 9d"])  # one straight, thrice
    assert [dict(h.splits) for h in three.hands] == [{3: 1}] * 3
    assert [h.share for h in three.hands] == [Fraction(1, 3)] * 3


def test_art5_known_hands_with_nothing_to_come() -> None:
    # full house over flush (Art 5.4 above 5.5), the odd card of a four does not count (5.3)
    result = equity(["Ks Kh Kd 5c 5d", "As Qs Js 9s 7s", "8s 8h 8d 8c 6h", "Ah Ad Ac Ts Kc"])
    assert result.deals == 1
    assert [h.wins for h in result.hands] == [0, 0, 1, 0]
    assert [h.share for h in result.hands] == [0, 0, 1, 0]
    quads = equity(["8s 8h 8d 8c 6h", "Qh Jh 7c 7d 6s"], dead="Kh")
    assert quads.hands[0].win == 1


def test_art4_equity_does_not_depend_on_order() -> None:
    hands = ["As Kd Qh", "Qc Qd 5s 6s", "Jh 9d Tc 7c"]
    base = equity(hands)
    for perm in itertools.permutations(range(3)):
        moved = equity([" ".join(reversed(hands[i].split())) for i in perm])
        assert [moved.hands[perm.index(i)].splits for i in range(3)] == [
            base.hands[i].splits for i in range(3)
        ]


def test_equity_the_inner_hand_is_a_free_choice() -> None:
    """The inclusion-exclusion counted from either side gives the same answer."""
    hands = ["As Kd", "Qh Qc 5s"]
    known = [parse_cards(h, deck=Deck.STUD_40) for h in hands]
    unseen = tuple(c for c in Deck.STUD_40.cards if c not in {*known[0], *known[1]})
    first = _enumerate(known, unseen, [3, 2], 0)
    second = _enumerate(known, unseen, [3, 2], 1)
    assert first == second == splits_of(equity(hands))


def test_equity_heads_up_one_known_card_each_is_exact_and_fast() -> None:
    start = time.perf_counter()
    result = equity(["As", "Kd"])
    seconds = time.perf_counter() - start
    assert result.deals == comb(38, 4) * comb(34, 4) == 3_423_244_440
    check_consistent(result)
    a, b = result.hands
    assert (a.wins, a.ties) == (b.losses, b.ties)
    assert seconds < 30  # typically a fraction of a second


def test_equity_cards_given_as_card_objects() -> None:
    as_text = equity(["As Kd Qh", "Qc Qd 5s 6s"], dead="9s")
    as_cards = equity(
        [parse_cards("As Kd Qh"), [Card.parse("Qc"), "Qd", "5s", "6s"]], dead=[Card.parse("9s")]
    )
    assert splits_of(as_text) == splits_of(as_cards)
    assert as_text.dead == (Card.parse("9s"),) and as_text.unseen == 32


def test_equity_to_dict_is_exact() -> None:
    data = equity(["As Ks Qs Js", "Ah Ad Ac 9c"]).to_dict()
    assert data["game"] == "five-card-stud" and data["deals"] == 992
    first = data["hands"][0]
    assert (first["wins"], first["ties"], first["win"], first["share"]) == (256, 0, "8/31", "8/31")
    assert first["splits"] == {"1": 256}


# -- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "dead", "error", "token"),
    [
        (["As 2s", "Kd"], "", CardNotInDeckError, "2s"),  # Art 1 a: no 2 in the deck
        (["As Kx", "Kd"], "", NotationError, "Kx"),
        (["As Kd", "Qh As"], "", DuplicateCardError, "As"),
        (["As Kd", "Qh"], "Qh", DuplicateCardError, "Qh"),
        (["As As", "Qh"], "", DuplicateCardError, "As"),
        (["As Kd", "Qh"], "9s 9s", DuplicateCardError, "9s"),
        (["As Kd", "Qh"], "4c", CardNotInDeckError, "4c"),
        (["As Kd Qh Jh Th 9h", "Qs"], "", CardCountError, "As Kd Qh Jh Th 9h"),
    ],
)
def test_bad_input_raises_a_typed_error_naming_the_token(
    hands: list[str], dead: str, error: type[Exception], token: str
) -> None:
    with pytest.raises(error) as info:
        equity(hands, dead)
    assert token in str(info.value)
    assert getattr(info.value, "token", None) == token


def test_art3_two_to_seven_hands() -> None:
    with pytest.raises(MaterialError, match="got 1"):
        equity(["As Kd"])
    eight = ["As Ks Qs Js", "Ah Kh Qh Jh", "Ad Kd Qd Jd", "Ac Kc Qc Jc"]
    eight += ["Ts 9s 8s 7s", "Th 9h 8h 7h", "Td 9d 8d 7d", "Tc 9c 8c 7c"]
    with pytest.raises(MaterialError, match="Art 3"):
        equity(eight)
    assert equity(eight[:7]).deals == 12 * 11 * 10 * 9 * 8 * 7 * 6


def test_too_few_unseen_cards_to_complete_the_hands() -> None:
    dead = " ".join(str(c) for c in Deck.STUD_40.cards[:31])
    with pytest.raises(MaterialError, match="10 more cards but only 9"):
        equity(["-", "-"], dead)


def test_the_limit_refuses_a_huge_multi_way_case_before_any_work() -> None:
    hands = ["As Kd", "Qh Qc", "Js Jd"]  # three hands on third street
    start = time.perf_counter()
    with pytest.raises(TooManyDealsError) as info:
        equity(hands)
    assert time.perf_counter() - start < 1
    deals = comb(34, 3) * comb(31, 3) * comb(28, 3)
    assert info.value.deals == deals == _deals(34, [3, 3, 3]) == 88_118_110_080
    assert info.value.work > info.value.limit == DEFAULT_LIMIT
    assert f"{deals:,}" in str(info.value) and "fewer unknown cards" in str(info.value)
    assert isinstance(info.value, CroupierError)


def test_the_limit_is_a_parameter() -> None:
    with pytest.raises(TooManyDealsError):
        equity(["As Kd Qh", "Qc Qd 5s 6s"], limit=10)
    assert equity(["As Kd Qh", "Qc Qd 5s 6s"], limit=10**6).deals == comb(33, 2) * 31
