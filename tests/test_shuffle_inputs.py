"""The seeded shuffler's fast deck shuffle (bytes made ready ahead, a checked fallback when a run
of rejections passes them: f3f967b) and its HMAC keyed once: what the shuffler did before them
for any input and any copy (review of wip/deal22)."""

from __future__ import annotations

import copy
import pickle

import pytest

from croupier.shuffle import ProvablyFairShuffler, SeededShuffler


def _reference_shuffle(shuffler: SeededShuffler, items: list[int]) -> list[int]:
    """Durstenfeld's Fisher-Yates through randbelow (the documented algorithm)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = shuffler.randbelow(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def test_a_one_shot_iterable_is_shuffled_as_its_list_even_when_the_bytes_ahead_run_out() -> None:
    # sizes of 250..256: reads of ~350 bytes a deck, past the 256 made ready, now and then
    for seed in range(40):
        by_list, by_iter = SeededShuffler(seed), SeededShuffler(seed)
        for n in (256, 255, 254, 253, 250):
            expected = by_list.shuffle(list(range(n)))
            # hinted a Sequence, taken as any iterable (Shuffler.shuffle: list(items))
            assert by_iter.shuffle(iter(range(n))) == expected, (seed, n)  # type: ignore[arg-type]


def test_a_sequence_is_shuffled_as_the_reference_across_the_fallback() -> None:
    for seed in range(40):
        fast, slow = SeededShuffler(seed), SeededShuffler(seed)
        for n in (256, 255, 254, 253, 250, 52, 257, 0, 1):
            assert fast.shuffle(tuple(range(n))) == _reference_shuffle(slow, list(range(n)))


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_seeded_shuffler_copied_mid_stream_goes_on_with_the_same_stream(how: str) -> None:
    shuffler = SeededShuffler("copy me")
    shuffler.shuffle(range(52))
    twin = pickle.loads(pickle.dumps(shuffler)) if how == "pickle" else copy.deepcopy(shuffler)
    assert twin.shuffle(range(52)) == shuffler.shuffle(range(52))
    assert twin.randbelow(10**9) == shuffler.randbelow(10**9)


def test_a_seeded_shuffler_copied_shallowly_goes_on_with_the_same_stream() -> None:
    shuffler = SeededShuffler(7)
    shuffler.shuffle(range(100))
    twin = copy.copy(shuffler)
    assert twin.shuffle(range(300)) == shuffler.shuffle(range(300))


def test_a_provably_fair_shuffler_s_deck_is_the_reference_s() -> None:
    for nonce in range(20):
        fast = ProvablyFairShuffler(bytes(range(32)), "client", nonce)
        slow = ProvablyFairShuffler(bytes(range(32)), "client", nonce)
        for n in (52, 256, 136, 416):
            assert fast.shuffle(range(n)) == _reference_shuffle(slow, list(range(n)))  # type: ignore[arg-type]
