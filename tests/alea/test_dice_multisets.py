"""The dice sub-multisets behind rerolls and placements: every distinct one, once, in order."""

from collections import Counter
from itertools import combinations_with_replacement
from math import prod

from boardlab.alea.rules import submultisets


def test_submultisets_lists_every_distinct_sub_multiset_once_ascending_and_sorted():
    for size in range(9):
        for hand in combinations_with_replacement(range(1, 7), size):
            for order in (hand, hand[::-1])[:1 + (size < 6)]:  # the order of the roll does not matter
                subs = submultisets(order)
                have = Counter(hand)
                assert len(subs) == prod(n + 1 for n in have.values())
                assert len(set(subs)) == len(subs) and list(subs) == sorted(subs)
                assert subs[0] == () and hand in subs
                assert size > 5 or all(list(s) == sorted(s) and not Counter(s) - have for s in subs)
