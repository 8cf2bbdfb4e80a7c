"""Exact odds of Five Tribes' merchandise: what a hand is worth, how likely a bigger set is, sell or hold.

The rules explained here come from the seed (the project's rules authority), in our words:

* At the end of a turn a player may sell sets of merchandise (상품) for gold; a set holds
  *different* goods only (서로 다른 상품의 세트), and duplicate cards go into other sets.
* A set's value grows with the number of different goods in it: 1, 3, 7, 13, 21, 30, 40, 50, 60
  gold for 1..9 goods (``data/set_values.csv``, read through :mod:`boardlab.fivetribes.components`).
  Merchandise still held at the end scores the same table in victory points.
* Fakirs (파키르) are resource cards but never merchandise: they are in the deck, take up draws,
  and never join a set.
* The seed names the trade-off this module measures: selling now raises gold for the next bid,
  holding waits for a bigger set (당장 ... 판매 / 더 큰 세트를 기다리는 보유).

The deck is the engine's own component data (``components.CARD_COUNTS``: 2 Ivory, 2 Jewels,
2 Gold, 4 Papyrus, 4 Silk, 4 Spice, 6 Fish, 6 Wheat, 6 Pottery and 18 Fakirs, 54 cards); it is
never re-typed here.

**Vocabulary.** A *hand* is how many cards of each of the nine goods a player holds. It may be given
as a mapping of card names to counts (``{"Fish": 2, "Silk": 1}``; names are case-insensitive and
Fakirs are accepted and ignored), as 9 counts in :data:`GOODS` order, as the engine's 10 counts per
resource card (``state.cards[p]``), or as a list of card names. *Unseen* cards are the cards whose
whereabouts a player does not know: the box minus every card they can see (:func:`unseen_counts`,
:func:`unseen_in_state`). "The next k cards" are k cards drawn at random, without replacement, from
the unseen cards -- the blind baseline of the draw pile (what Sloar takes, what the refill shows).

**Exact.** Every probability and expectation is a :class:`fractions.Fraction`. Draws are counted as
multivariate hypergeometric outcomes: ``C(u_1, d_1) ... C(u_9, d_9) C(u_fakir, rest)`` ways out of
``C(unseen, k)``, never as ordered sequences. The best split of a hand is its "layers" (one set of
every good held, then one of every good held twice, ...), which is optimal because the table is
convex (proof in :func:`best_split`). This makes the expected value after k draws a sum over
layers of the distribution of one count, which a small dynamic programme over the nine goods gives
exactly, for any k, in milliseconds. The enumerator is our own (about 30 lines); no library was
needed for sums of binomial products.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from boardlab.fivetribes.components import (
    CARD_COUNTS, CARD_INDEX, CARD_NAMES, FAKIR, MERCH, NCARDS, SET_VALUES, merchandise_layers, merchandise_points,
    set_value,
)

#: The nine goods, in the order of ``resources.csv`` (and of every 9-count hand).
GOODS: tuple[str, ...] = tuple(CARD_NAMES[i] for i in MERCH)
NGOODS = len(GOODS)
#: Copies of each good in the box, in :data:`GOODS` order (from the engine's component data).
GOODS_IN_BOX: tuple[int, ...] = tuple(CARD_COUNTS[i] for i in MERCH)
#: Every resource card in the box, in ``CARD_NAMES`` order: the nine goods, then the Fakir.
BOX: tuple[int, ...] = tuple(CARD_COUNTS)
FAKIR_NAME = CARD_NAMES[FAKIR]
#: The largest set there is (one card of every good).
MAX_SET = len(SET_VALUES) - 1
#: :func:`value_distribution` enumerates every draw; it is limited to this many cards.
MAX_ENUMERATED_DRAWS = 9

assert MERCH == tuple(range(NGOODS)) and FAKIR == NGOODS == NCARDS - 1, \
    "odds assumes resources.csv lists the nine goods first and the Fakir last"


# --------------------------------------------------------------------------------------------
# Checking parameters


def _is_int(x) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def _name_index(name, what: str) -> int:
    if not isinstance(name, str) or name.strip().lower() not in CARD_INDEX:
        raise ValueError(f"{what}: unknown resource card {name!r}; expected one of "
                         f"{', '.join(CARD_NAMES)}")
    return CARD_INDEX[name.strip().lower()]


def _cards(cards, what: str) -> tuple[int, ...]:
    """Counts per resource card (10, Fakir last) from any accepted form, checked against the box."""
    counts = [0] * NCARDS
    if isinstance(cards, Mapping):
        for name, n in cards.items():
            if not _is_int(n) or n < 0:
                raise ValueError(f"{what}: the count of {name!r} must be a whole number >= 0; got {n!r}")
            counts[_name_index(name, what)] += int(n)
    elif isinstance(cards, str):
        raise ValueError(f"{what}: give a mapping such as {{'Fish': 2}}, counts, or a list of card "
                         f"names, not one string; got {cards!r}")
    else:
        try:
            items = list(cards)
        except TypeError:
            raise ValueError(f"{what}: expected a mapping of card names to counts, {NGOODS} or "
                             f"{NCARDS} counts, or a list of card names; got {cards!r}") from None
        if items and all(isinstance(x, str) for x in items):
            for name in items:
                counts[_name_index(name, what)] += 1
        elif all(_is_int(x) for x in items) and len(items) in (NGOODS, NCARDS):
            if any(x < 0 for x in items):
                raise ValueError(f"{what}: counts must be >= 0; got {items!r}")
            counts[:len(items)] = [int(x) for x in items]
        elif not items:
            pass
        else:
            raise ValueError(f"{what}: expected {NGOODS} counts (goods in the order {', '.join(GOODS)}), "
                             f"{NCARDS} counts (with the Fakir last), a mapping or a list of card "
                             f"names; got {cards!r}")
    for i, n in enumerate(counts):
        if n > BOX[i]:
            raise ValueError(f"{what}: {n} {CARD_NAMES[i]} is more than the box holds ({BOX[i]})")
    return tuple(counts)


def goods_counts(hand) -> tuple[int, ...]:
    """A hand as 9 counts in :data:`GOODS` order (Fakirs dropped: seed, they are never goods).

    Accepts a mapping ``{"Fish": 2, "Silk": 1}``, 9 counts, the engine's 10 counts per resource
    card, or a list of card names. A count above the box's copies raises ValueError.
    """
    return _cards(hand, "hand")[:NGOODS]


def hand_dict(hand) -> dict[str, int]:
    """A hand as ``{good: count}`` with only the goods held, in :data:`GOODS` order (seed: Fakirs
    are never goods, so they are dropped)."""
    return {g: n for g, n in zip(GOODS, goods_counts(hand)) if n}


def _unseen(hand9: tuple[int, ...], unseen) -> tuple[int, ...]:
    if unseen is None:
        return tuple(b - h for b, h in zip(BOX, hand9 + (0,)))
    u = _cards(unseen, "unseen")
    for i in range(NGOODS):
        if hand9[i] + u[i] > BOX[i]:
            raise ValueError(f"unseen: {u[i]} unseen {GOODS[i]} plus {hand9[i]} in the hand is more than "
                             f"the box holds ({BOX[i]}); the unseen cards must exclude the hand")
    return u


def _check_k(k, unseen10: tuple[int, ...], limit: int | None = None) -> int:
    total = sum(unseen10)
    if not _is_int(k) or not 0 <= k <= total:
        raise ValueError(f"k (cards drawn) must be a whole number from 0 to the {total} unseen cards; got {k!r}")
    if limit is not None and k > limit:
        raise ValueError(f"k must be at most {limit} here (every draw is enumerated); got {k!r}")
    return int(k)


def _check_size(size) -> int:
    if not _is_int(size) or not 1 <= size <= MAX_SET:
        raise ValueError(f"a set holds 1 to {MAX_SET} different goods (an int); got {size!r}")
    return int(size)


# --------------------------------------------------------------------------------------------
# The value of a hand


def is_convex(values=SET_VALUES) -> bool:
    """Whether a set-value table (``values[n]`` for a set of n goods, ``values[0] == 0``) has
    increments that never decrease. For the seed's table the increments are 1, 2, 4, 6, 8, 9, 10,
    10, 10, so it is, and the layer split of :func:`best_split` is optimal."""
    steps = [b - a for a, b in zip(values, values[1:])]
    return all(b >= a for a, b in zip(steps, steps[1:]))


def layer_sizes(hand) -> tuple[int, ...]:
    """Sizes of the layer sets of a hand, largest first: layer L holds every good held L+ times.

    Seed: a set holds different goods only and duplicates go into further sets; the layers are the
    best such split (:func:`best_split`)."""
    return tuple(len(layer) for layer in merchandise_layers(goods_counts(hand)))


def best_split(hand) -> tuple[tuple[str, ...], ...]:
    """The split of a hand into sets of different goods that is worth the most, largest set first.

    Seed: a set may not hold the same good twice, duplicates go into other sets, and a set of n
    different goods is worth the table's value (1, 3, 7, 13, 21, 30, 40, 50, 60).

    The answer is the *layers*: the first set takes one card of every good held, the second one
    card of every good held at least twice, and so on. Why no other split does better (our proof):
    take any split, with set sizes s_1 >= s_2 >= ... . Its first j sets together hold at most
    min(c_g, j) cards of a good held c_g times, and summing over goods that is exactly the size of
    the first j layers together. So the layer sizes majorize the sizes of every other split with
    the same number of cards. The table's increments never decrease (:func:`is_convex`), so a sum
    of table values can only grow when sizes are moved towards the larger sets (Karamata's
    inequality): the layers are best. Greedy "largest set first" builds exactly the layers. With a
    table whose increments shrink this fails (Fish, Fish, Silk, Wheat is then better as two pairs);
    the tests show it by brute force over every split. The layers are the engine's
    ``components.merchandise_layers``, the one definition every score and sale uses.
    """
    return tuple(tuple(GOODS[i] for i in layer) for layer in merchandise_layers(goods_counts(hand)))


def hand_value(hand) -> int:
    """Gold for selling the whole hand in its best split, which is also its final-score VP.

    Seed: sets of different goods only, duplicates in other sets, Fakirs never count; values
    1, 3, 7, 13, 21, 30, 40, 50, 60 for 1..9 goods. See :func:`best_split` for why the layers win.
    """
    return merchandise_points(goods_counts(hand))


def marginal_values(hand) -> dict[str, int | None]:
    """Gold (or VP) that one more card of each good adds to the hand's best value.

    Seed: a set is worth more the more different goods it holds. A card of a good held c times
    joins layer c+1, so it adds the step of the table at that layer's size: a new good for the
    first layer is worth the most. ``None`` for a good whose every copy is already in the hand.
    """
    h = goods_counts(hand)
    sizes = layer_sizes(h) + (0,)
    out = {}
    for i, g in enumerate(GOODS):
        if h[i] >= GOODS_IN_BOX[i]:
            out[g] = None
        else:
            n = sizes[h[i]]  # size of layer h_i + 1 (index h_i)
            out[g] = set_value(n + 1) - set_value(n)
    return out


def set_value_table():
    """The seed's set-value table as a DataFrame: ``size`` (different goods), ``value`` (gold or
    VP), ``step`` (what the size-th good adds), ``per_card`` (value / size)."""
    import pandas as pd

    rows = [{"size": n, "value": set_value(n), "step": set_value(n) - set_value(n - 1),
             "per_card": round(set_value(n) / n, 2)} for n in range(1, MAX_SET + 1)]
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------------------------
# Unseen cards


def unseen_counts(*known) -> dict[str, int]:
    """The resource cards a player has not seen: the box minus every ``known`` group of cards.

    Each argument is any hand form (mapping, counts, list of names); Fakirs count here, because
    they fill the deck. Seed: the deck holds the nine goods and the Fakirs (54 cards in all).
    Returns ``{card name: count}`` for all ten cards; more known cards than the box holds raise.
    """
    left = list(BOX)
    for group in known:
        c = _cards(group, "known cards")
        for i in range(NCARDS):
            left[i] -= c[i]
            if left[i] < 0:
                raise ValueError(f"known cards: more {CARD_NAMES[i]} are known than the box holds ({BOX[i]})")
    return dict(zip(CARD_NAMES, left))


def unseen_in_state(state) -> dict[str, int]:
    """The cards a Five Tribes state's draw pile holds, as every player can deduce them: the box
    minus the face-up row, the discard pile and every player's cards (seed: the row shows 9
    resource cards; sold goods and spent Fakirs are discarded). Only the pile's order is hidden."""
    def counts(cards) -> list[int]:  # the engine keeps rows and piles as lists of card indices
        out = [0] * NCARDS
        for c in cards:
            out[c] += 1
        return out

    return unseen_counts(counts(state.res_row), counts(state.res_discard), *[list(c) for c in state.cards])


def hand_in_state(state, player: int) -> dict[str, int]:
    """The goods a player holds in a Five Tribes state, as ``{good: count}`` (seed: Merchants and
    markets bring resource cards; only the merchandise among them forms sets)."""
    if not _is_int(player) or not 0 <= player < len(state.cards):
        raise ValueError(f"player must be 0 to {len(state.cards) - 1}; got {player!r}")
    return hand_dict(state.cards[player])


# --------------------------------------------------------------------------------------------
# Drawing k more cards: the layer dynamic programme


def _key(hand9: tuple[int, ...], unseen10: tuple[int, ...]) -> tuple:
    """What the draw odds depend on: the multiset of (held, unseen) pairs of the goods, and the
    unseen Fakirs. Which good is which does not matter, so equivalent hands share the cache."""
    return tuple(sorted(zip(hand9, unseen10[:NGOODS]))), unseen10[FAKIR]


@lru_cache(maxsize=65536)
def _layer_ways(pairs: tuple, fakirs: int, k: int, layer: int) -> tuple[int, ...]:
    """ways[n]: k-card draws from the unseen cards after which exactly n goods are held >= layer times.

    A good already held ``layer`` times reaches the layer whatever is drawn, and one that cannot
    reach it even with every unseen copy never does; their cards only fill draws, like Fakirs, so
    they join one pool counted with a single binomial (Vandermonde's identity). Only the goods
    that may or may not reach the layer go through the dynamic programme.
    """
    offset = sum(1 for h, _ in pairs if h >= layer)
    maybe = [(h, u) for h, u in pairs if h < layer <= h + u]
    other = fakirs + sum(u for h, u in pairs if not h < layer <= h + u)
    # dp[used][n] = ways to pick ``used`` cards among the "maybe" goods so far, n of them reaching the layer
    dp = [[1] + [0] * len(maybe)] + [[0] * (len(maybe) + 1) for _ in range(k)]
    for i, (h, u) in enumerate(maybe):
        need = layer - h  # copies to draw for this good to reach the layer
        new = [[0] * (len(maybe) + 1) for _ in range(k + 1)]
        for used in range(k + 1):
            row = dp[used]
            for n in range(i + 1):
                w = row[n]
                if not w:
                    continue
                for d in range(min(u, k - used) + 1):
                    new[used + d][n + (d >= need)] += w * math.comb(u, d)
        dp = new
    ways = [0] * (NGOODS + 1)
    for used in range(k + 1):
        rest = math.comb(other, k - used)
        if rest:
            for n, w in enumerate(dp[used]):
                ways[n + offset] += w * rest
    return tuple(ways)


def _layer_dist(hand9, unseen10, k, layer) -> dict[int, Fraction]:
    ways = _layer_ways(*_key(hand9, unseen10), k, layer)
    total = math.comb(sum(unseen10), k)
    return {n: Fraction(w, total) for n, w in enumerate(ways) if w}


def layer_distribution(hand, k: int, layer: int = 1, unseen=None) -> dict[int, Fraction]:
    """How many goods are held at least ``layer`` times after k more cards: ``{n: probability}``.

    Layer 1 is the number of different goods, i.e. the largest set the hand can sell (seed: a set
    holds different goods only). ``unseen`` defaults to the box minus the hand.
    """
    h = goods_counts(hand)
    u = _unseen(h, unseen)
    k = _check_k(k, u)
    if not _is_int(layer) or layer < 1:
        raise ValueError(f"layer must be a whole number >= 1; got {layer!r}")
    return _layer_dist(h, u, k, int(layer))


def distinct_distribution(hand, k: int, unseen=None) -> dict[int, Fraction]:
    """Different goods held after k more cards from the unseen ones: ``{n: probability}``.

    Seed: a set holds different goods only, so this is the size of the largest set on offer;
    Fakirs drawn add nothing. Hypergeometric: every k-card draw from the unseen cards is equally likely.
    """
    return layer_distribution(hand, k, 1, unseen)


def p_complete_set(hand, target_size: int, k: int, unseen=None) -> Fraction:
    """Probability that after k more cards the hand holds a set of at least ``target_size``
    different goods.

    Seed: a set may not hold the same good twice, and Fakirs never join a set, so only new goods
    help. The k cards are drawn at random from the ``unseen`` cards (default: the box minus the
    hand), i.e. a multivariate hypergeometric draw. A hand that already holds the set gives 1.
    """
    t = _check_size(target_size)
    return sum((p for n, p in distinct_distribution(hand, k, unseen).items() if n >= t), Fraction(0))


def completion_curve(hand, target_size: int, ks, unseen=None) -> dict[int, Fraction]:
    """:func:`p_complete_set` for each k in ``ks``: ``{k: probability}`` (seed: sets of different goods)."""
    return {int(k): p_complete_set(hand, target_size, k, unseen) for k in ks}


def expected_value_after(hand, k: int, unseen=None) -> Fraction:
    """Expected best value of the hand after k more cards from the unseen ones.

    Seed: the hand is scored in sets of different goods by the table 1, 3, 7, ..., 60. Because the
    best split is the layers, the value is a sum over layers of the table at that layer's size, so
    its expectation is a sum of one-layer expectations, each exact from :func:`layer_distribution`.
    """
    h = goods_counts(hand)
    u = _unseen(h, unseen)
    k = _check_k(k, u)
    return _expected_after(h, u, k)


def _expected_after(h, u, k) -> Fraction:
    return _expected_after_key(*_key(h, u), k)


@lru_cache(maxsize=65536)
def _expected_after_key(pairs, fakirs, k) -> Fraction:
    total_ways = math.comb(sum(u for _, u in pairs) + fakirs, k)
    total = 0
    for layer in range(1, max(h for h, _ in pairs) + k + 1):
        total += sum(w * SET_VALUES[n] for n, w in enumerate(_layer_ways(pairs, fakirs, k, layer)))
    return Fraction(total, total_ways)


def expected_gain(hand, k: int, unseen=None) -> Fraction:
    """Expected rise of the hand's best value from k more cards (seed: bigger sets of different
    goods are worth more): :func:`expected_value_after` minus :func:`hand_value`."""
    return expected_value_after(hand, k, unseen) - hand_value(hand)


@lru_cache(maxsize=256)
def _value_fakir_ways(pairs, fakirs, k) -> tuple[dict[tuple[int, int], int], int]:
    """Ways of each (best value, Fakirs drawn) over every k-card draw, and the number of draws."""
    h = [a for a, _ in pairs]
    u = [b for _, b in pairs]
    total = math.comb(sum(u) + fakirs, k)
    ways: dict[tuple[int, int], int] = {}
    draw = [0] * NGOODS

    def rec(i: int, left: int, w: int) -> None:
        if i == NGOODS:
            if left <= fakirs:
                key = (merchandise_points([a + b for a, b in zip(h, draw)]), left)
                ways[key] = ways.get(key, 0) + w * math.comb(fakirs, left)
            return
        for d in range(min(u[i], left) + 1):
            draw[i] = d
            rec(i + 1, left - d, w * math.comb(u[i], d))
        draw[i] = 0

    rec(0, k, 1)
    return ways, total


def value_fakir_distribution(hand, k: int, unseen=None) -> dict[tuple[int, int], Fraction]:
    """Joint distribution of (best value of the hand plus the goods drawn, Fakirs drawn) after k
    more cards: ``{(value, fakirs): probability}``, sorted.

    Seed: sets of different goods, table 1, 3, 7, ..., 60; Fakirs are drawn like any card but never
    join a set. The k cards come at random from the ``unseen`` cards (default: the box minus the
    hand); every draw of counts is enumerated as a multiset with its multivariate hypergeometric
    weight, so ``k`` is limited to :data:`MAX_ENUMERATED_DRAWS`. With an empty hand (``{}``) this
    is what Merchants bring from the front of a freshly dealt row: ``value_fakir_distribution({}, n)``.
    """
    h = goods_counts(hand)
    u = _unseen(h, unseen)
    k = _check_k(k, u, MAX_ENUMERATED_DRAWS)
    ways, total = _value_fakir_ways(*_key(h, u), k)
    return {key: Fraction(ways[key], total) for key in sorted(ways)}


def value_distribution(hand, k: int, unseen=None) -> dict[int, Fraction]:
    """Distribution of the hand's best value after k more cards: ``{value: probability}``.

    Seed: sets of different goods, table 1, 3, 7, ..., 60, Fakirs never count. The value margin of
    :func:`value_fakir_distribution`, so ``k`` is limited to :data:`MAX_ENUMERATED_DRAWS`;
    :func:`expected_value_after` has no such limit.
    """
    h = goods_counts(hand)
    u = _unseen(h, unseen)
    k = _check_k(k, u, MAX_ENUMERATED_DRAWS)
    ways, total = _value_fakir_ways(*_key(h, u), k)
    by_value: dict[int, int] = {}
    for (value, _), w in ways.items():
        by_value[value] = by_value.get(value, 0) + w
    return {v: Fraction(by_value[v], total) for v in sorted(by_value)}


# --------------------------------------------------------------------------------------------
# Sell now or hold


@dataclass(frozen=True)
class SellOrHold:
    """Selling the whole hand now versus holding it while k more cards arrive (all in gold = VP).

    ``sell_now`` is the gold the hand sells for today; ``draws_alone`` the expected value of the k
    new cards on their own (what a player who sold has afterwards); ``sell_total`` their sum;
    ``hold_total`` the expected value of hand plus new cards kept together; ``hold_premium`` =
    hold_total - sell_total, the final points a sale gives up (never negative).
    """

    hand: dict
    k: int
    sell_now: int
    draws_alone: Fraction
    sell_total: Fraction
    hold_total: Fraction
    hold_premium: Fraction


def sell_or_hold(hand, k: int, unseen=None) -> SellOrHold:
    """Sell the whole hand now, or hold it while k more cards come in?

    Seed: selling turns sets into gold now (money for the next bid); holding waits for bigger
    sets, and whatever is held at the end scores the same table. Measured in final points, holding
    never loses: the sets of the hand and of the new cards, kept apart, are one possible split of
    the two together, so the best split of the union is worth at least as much. ``hold_premium`` is
    how many points selling costs, which is what the gold in hand must be worth to the player now.
    """
    h = goods_counts(hand)
    u = _unseen(h, unseen)
    k = _check_k(k, u)
    now = hand_value(h)
    alone = _expected_after((0,) * NGOODS, u, k)
    hold = _expected_after(h, u, k)
    return SellOrHold(hand_dict(h), k, now, alone, now + alone, hold, hold - now - alone)


@dataclass(frozen=True)
class SellOption:
    """One sale now (``sold``: the goods of one set, empty for no sale), judged after k more cards.

    ``gold_now`` is the set's value today; ``expected_rest`` the expected value of what is kept plus
    the k new cards; ``total`` their sum; ``points_lost`` what this sale costs against holding all.
    """

    sold: tuple[str, ...]
    gold_now: int
    expected_rest: Fraction
    total: Fraction
    points_lost: Fraction


def sell_options(hand, k: int, unseen=None) -> list[SellOption]:
    """Every single set the hand could sell now (and "no sale"), scored after k more cards.

    Seed: one sells sets of different goods for the table's gold, Fakirs never. For each set S of
    different goods held: gold now = value(|S|), then the rest of the hand plus k random unseen
    cards is worth ``expected_value_after``. Sorted with the cheapest sales (fewest points lost)
    first, then by more gold now. Selling a good you hold twice usually costs least, because the
    copy left behind keeps the first layer's set intact.
    """
    h = goods_counts(hand)
    u = _unseen(h, unseen)
    k = _check_k(k, u)
    hold = _expected_after(h, u, k)
    held = [i for i in range(NGOODS) if h[i]]
    out = [SellOption((), 0, hold, hold, Fraction(0))]
    for size in range(1, len(held) + 1):
        for combo in combinations(held, size):
            rest = tuple(h[i] - (i in combo) for i in range(NGOODS))
            after = _expected_after(rest, u, k)
            gold = set_value(size)
            out.append(SellOption(tuple(GOODS[i] for i in combo), gold, after, gold + after, hold - gold - after))
    out.sort(key=lambda o: (o.points_lost, -o.gold_now, o.sold))
    return out


def cheapest_sale(hand, gold_needed: int, k: int, unseen=None) -> SellOption | None:
    """The single set that raises at least ``gold_needed`` gold now while losing the fewest final
    points after k more cards (seed: selling funds the next bid, holding waits for bigger sets).
    ``None`` when no one set of the hand raises that much."""
    if not _is_int(gold_needed) or gold_needed < 1:
        raise ValueError(f"gold_needed must be a whole number >= 1; got {gold_needed!r}")
    options = [o for o in sell_options(hand, k, unseen) if o.sold and o.gold_now >= gold_needed]
    return options[0] if options else None


__all__ = [
    "GOODS", "NGOODS", "GOODS_IN_BOX", "BOX", "FAKIR_NAME", "MAX_SET", "MAX_ENUMERATED_DRAWS",
    "goods_counts", "hand_dict", "is_convex", "layer_sizes", "best_split", "hand_value", "marginal_values",
    "set_value_table", "unseen_counts", "unseen_in_state", "hand_in_state", "layer_distribution",
    "distinct_distribution", "p_complete_set", "completion_curve", "expected_value_after", "expected_gain",
    "value_distribution", "value_fakir_distribution", "SellOrHold", "sell_or_hold", "SellOption", "sell_options", "cheapest_sale",
]
