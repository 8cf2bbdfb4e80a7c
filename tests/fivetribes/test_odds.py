"""Exact merchandise odds of Five Tribes: hand-checked cases, brute force, seed rules, Monte Carlo twins.

* Values of hands are checked against a brute force over every split of the hand into sets of
  different goods (written here, independent of the layer argument the module relies on).
* Draw odds are checked against a brute force over every k-card subset of a small unseen pool.
* Every exact function has a Monte Carlo twin: k cards drawn with a seeded ``random.Random`` from
  the unseen cards (or the engine's own shuffled pile), scored with the engine's
  ``merchandise_points``; probabilities must agree within 4 standard errors sqrt(p(1-p)/N),
  expectations within 4 standard errors of the sample mean.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product

import pytest

from boardlab.fivetribes import Game, odds, rules
from boardlab.fivetribes.components import CARD_COUNTS, CARD_NAMES, FAKIR, SET_VALUES, merchandise_points
from boardlab.core.policies import RandomPolicy
from boardlab.core.stats import assert_frequencies_agree, assert_mean_agrees, assert_probability_agrees

N = 20_000
GOODS = odds.GOODS
EXAMPLE = {"Fish": 2, "Silk": 1, "Wheat": 1}


# ------------------------------------------------------------------------------------------
# Brute force and sampling helpers (independent of the module under test)


def brute_best(counts, values=SET_VALUES) -> int:
    """Best total over every split of ``counts`` into sets of different goods, by exhaustion.

    The set holding one card of the first good still held is chosen in every possible way (that
    good plus any subset of the other goods held), then the rest is split recursively.
    """

    @lru_cache(maxsize=None)
    def best(c: tuple[int, ...]) -> int:
        held = [i for i, n in enumerate(c) if n]
        if not held:
            return 0
        first, others = held[0], held[1:]
        top = 0
        for r in range(len(others) + 1):
            for extra in combinations(others, r):
                members = (first,) + extra
                rest = tuple(n - (i in members) for i, n in enumerate(c))
                top = max(top, values[len(members)] + best(rest))
        return top

    return best(tuple(counts))


def vec(hand) -> list[int]:
    return [hand.get(g, 0) for g in GOODS]


def pool_of(unseen: dict) -> list[int]:
    """The unseen cards as a list of card indices (Fakir = 9)."""
    return [CARD_NAMES.index(name) for name, n in unseen.items() for _ in range(n)]


def after(hand_vec, draw) -> list[int]:
    out = list(hand_vec)
    for c in draw:
        if c != FAKIR:
            out[c] += 1
    return out


@lru_cache(maxsize=None)
def samples(key: str, hand_items: tuple, k: int, unseen_items: tuple) -> tuple[tuple[int, ...], ...]:
    """N draws of k cards from the unseen pool, seeded by ``key`` (shared by the twins)."""
    rng = random.Random(f"fivetribes-odds-{key}")
    pool = pool_of(dict(unseen_items))
    return tuple(tuple(rng.sample(pool, k)) for _ in range(N))


SCENARIOS = {
    # name: (hand, k, unseen or None for the box minus the hand)
    "example-4": (EXAMPLE, 4, None),
    "empty-6": ({}, 6, None),
    "midgame-3": ({"Ivory": 1, "Papyrus": 1, "Spice": 2, "Pottery": 1}, 3,
                  odds.unseen_counts({"Ivory": 1, "Papyrus": 1, "Spice": 2, "Pottery": 1},
                                     ["Fish", "Fish", "Wheat", "Fakir", "Fakir", "Gold", "Silk", "Fakir", "Jewels"])),
    "eight-missing-ivory-5": ({g: 1 for g in GOODS if g != "Ivory"}, 5, None),
}


def scenario(name):
    hand, k, unseen = SCENARIOS[name]
    full_unseen = unseen if unseen is not None else odds.unseen_counts(hand)
    draws = samples(name, tuple(sorted(hand.items())), k, tuple(sorted(full_unseen.items())))
    return hand, k, unseen, draws








# ------------------------------------------------------------------------------------------
# The deck and the table come from the engine's component data


def test_deck_is_the_engines_component_data():
    assert odds.BOX == tuple(CARD_COUNTS)
    assert dict(zip(GOODS, odds.GOODS_IN_BOX)) == {
        "Ivory": 2, "Jewels": 2, "Gold": 2, "Papyrus": 4, "Silk": 4, "Spice": 4, "Fish": 6, "Wheat": 6, "Pottery": 6}
    assert sum(odds.GOODS_IN_BOX) == 36 and odds.BOX[FAKIR] == 18 and sum(odds.BOX) == 54
    assert odds.unseen_counts() == dict(zip(CARD_NAMES, CARD_COUNTS))


def test_set_value_table_is_the_seed_table_and_convex():
    table = odds.set_value_table()
    assert list(table["value"]) == [1, 3, 7, 13, 21, 30, 40, 50, 60]
    assert list(table["step"]) == [1, 2, 4, 6, 8, 9, 10, 10, 10]
    assert odds.is_convex() and odds.is_convex(SET_VALUES)
    assert not odds.is_convex((0, 1, 5, 6))


# ------------------------------------------------------------------------------------------
# Hand values: sets of different goods, duplicates in other sets, Fakirs never goods


def test_duplicates_go_into_another_set_seed_rule():
    """Seed: a set never holds the same good twice; the duplicate Fish makes a second set."""
    assert odds.best_split(EXAMPLE) == (("Silk", "Fish", "Wheat"), ("Fish",))
    assert odds.hand_value(EXAMPLE) == 7 + 1 == 8
    assert odds.hand_value({"Fish": 3}) == 3  # three sets of one Fish


def test_fakirs_are_never_goods_seed_rule():
    assert odds.hand_value({"Fish": 1, "Fakir": 5}) == 1
    assert odds.goods_counts({"Slave": 2, "Silk": 1}) == odds.goods_counts({"Silk": 1})
    assert odds.hand_value([0, 0, 0, 0, 1, 0, 1, 0, 0, 7]) == 3  # engine layout, Fakir last


def test_hand_forms_agree():
    as_names = ["Fish", "fish", "SILK", "Wheat", "Fakir"]
    as_nine = vec(EXAMPLE)
    as_ten = as_nine + [1]
    assert odds.goods_counts(as_names) == odds.goods_counts(as_nine) == odds.goods_counts(as_ten) \
        == odds.goods_counts(EXAMPLE) == tuple(as_nine)
    assert odds.hand_dict(as_names) == {"Silk": 1, "Fish": 2, "Wheat": 1}
    assert odds.hand_value({}) == 0 and odds.best_split([]) == ()


def test_hand_checked_values():
    assert odds.hand_value({g: 1 for g in GOODS}) == 60
    assert odds.hand_value({g: 2 for g in GOODS}) == 120
    # the whole box: layers of 9, 9, 6, 6, 3, 3 goods
    whole = dict(zip(GOODS, odds.GOODS_IN_BOX))
    assert odds.layer_sizes(whole) == (9, 9, 6, 6, 3, 3)
    assert odds.hand_value(whole) == 60 + 60 + 30 + 30 + 7 + 7 == 194
    # eight cards: one set of 8 (50) beats two sets of 4 (26)
    assert odds.hand_value({g: 1 for g in GOODS[:8]}) == 50


def test_layers_match_brute_force_for_every_small_hand():
    """Every hand of up to 3 copies of 4 goods (256 hands): layers = best of every split."""
    for counts in product(range(4), repeat=4):
        hand = dict(zip(("Papyrus", "Silk", "Fish", "Wheat"), counts))
        assert odds.hand_value(hand) == brute_best(vec(hand)), hand


def test_layers_match_brute_force_for_random_hands_from_the_deck():
    """Monte Carlo twin of hand_value / best_split: 300 random hands dealt from the real deck."""
    rng = random.Random("fivetribes-odds-hands")
    deck = [c for c, n in enumerate(CARD_COUNTS) for _ in range(n)]
    for _ in range(300):
        cards = rng.sample(deck, rng.randint(0, 12))
        counts = [0] * len(GOODS)
        for c in cards:
            if c != FAKIR:
                counts[c] += 1
        split = odds.best_split(counts)
        assert odds.hand_value(counts) == brute_best(counts) == merchandise_points(counts)
        assert sum(SET_VALUES[len(s)] for s in split) == odds.hand_value(counts)
        assert all(len(set(s)) == len(s) for s in split)  # different goods in every set
        assert sorted(g for s in split for g in s) == sorted(GOODS[i] for i, n in enumerate(counts) for _ in range(n))


def test_layers_can_lose_with_a_table_whose_steps_shrink():
    """Convexity matters: with values 1, 5, 6 two pairs (10) beat a set of 3 plus 1 (7)."""
    concave = (0, 1, 5, 6)
    hand = [2, 1, 1]
    layers = sum(concave[n] for n in (3, 1))
    assert layers == 7 and brute_best(hand, concave) == 10
    # and with the real, convex table the layers are best for that hand
    assert brute_best(hand, SET_VALUES[:4]) == 8


def test_marginal_values_are_one_more_card():
    m = odds.marginal_values(EXAMPLE)
    # a new good extends the set of 3 to 4 (+6); a second Silk or Wheat joins the lone Fish (+2); a third Fish starts a set (+1)
    assert m == {"Ivory": 6, "Jewels": 6, "Gold": 6, "Papyrus": 6, "Silk": 2, "Spice": 6, "Fish": 1,
                 "Wheat": 2, "Pottery": 6}
    rng = random.Random("fivetribes-odds-marginal")
    for _ in range(100):
        counts = [rng.randint(0, n) for n in odds.GOODS_IN_BOX]
        counts = [c if rng.random() < 0.5 else 0 for c in counts]
        if sum(counts) > 11:
            continue
        for i, g in enumerate(GOODS):
            got = odds.marginal_values(counts)[g]
            if counts[i] == odds.GOODS_IN_BOX[i]:
                assert got is None
            else:
                more = counts[:]
                more[i] += 1
                assert got == brute_best(more) - brute_best(counts)


# ------------------------------------------------------------------------------------------
# Drawing k more cards: exact against brute force over every subset


SMALL_UNSEEN = {"Ivory": 1, "Silk": 2, "Fish": 1, "Fakir": 3}


def all_draws(unseen: dict, k: int):
    pool = pool_of(unseen)
    return [[pool[i] for i in idx] for idx in combinations(range(len(pool)), k)]


@pytest.mark.parametrize("k", range(0, 8))
def test_draw_odds_match_every_subset_of_a_small_pool(k):
    hand = {"Silk": 1, "Wheat": 2}
    draws = all_draws(SMALL_UNSEEN, k)
    total = len(draws)
    base = vec(hand)
    values = Counter(brute_best(after(base, d)) for d in draws)
    distinct = Counter(sum(1 for c in after(base, d) if c) for d in draws)
    assert odds.value_distribution(hand, k, SMALL_UNSEEN) == {v: Fraction(n, total) for v, n in sorted(values.items())}
    assert odds.distinct_distribution(hand, k, SMALL_UNSEEN) == {n: Fraction(c, total) for n, c in distinct.items()}
    for t in range(1, 10):
        want = Fraction(sum(c for n, c in distinct.items() if n >= t), total)
        assert odds.p_complete_set(hand, t, k, SMALL_UNSEEN) == want
    mean = Fraction(sum(v * n for v, n in values.items()), total)
    assert odds.expected_value_after(hand, k, SMALL_UNSEEN) == mean
    assert odds.expected_gain(hand, k, SMALL_UNSEEN) == mean - odds.hand_value(hand)
    twos = Counter(sum(1 for c in after(base, d) if c >= 2) for d in draws)
    assert odds.layer_distribution(hand, k, 2, SMALL_UNSEEN) == {n: Fraction(c, total) for n, c in twos.items()}
    joint = Counter((brute_best(after(base, d)), d.count(FAKIR)) for d in draws)
    assert odds.value_fakir_distribution(hand, k, SMALL_UNSEEN) == {
        key: Fraction(n, total) for key, n in sorted(joint.items())}


def test_one_missing_good_hand_checked():
    """Eight goods held, Ivory missing: 2 Ivory among the 46 unseen cards."""
    hand = {g: 1 for g in GOODS if g != "Ivory"}
    assert sum(odds.unseen_counts(hand).values()) == 46
    assert odds.p_complete_set(hand, 9, 1) == Fraction(2, 46)
    assert odds.p_complete_set(hand, 9, 2) == 1 - Fraction(math.comb(44, 2), math.comb(46, 2))
    assert odds.p_complete_set(hand, 8, 0) == 1 and odds.p_complete_set(hand, 9, 0) == 0
    # one draw from an empty hand: 36 goods among 54 cards
    assert odds.distinct_distribution({}, 1) == {0: Fraction(18, 54), 1: Fraction(36, 54)}
    assert odds.expected_value_after({}, 1) == Fraction(2, 3)


def test_exact_methods_agree_and_k0_is_the_hand():
    """The layer programme (expected value) and the full enumeration (distribution) agree."""
    for hand in (EXAMPLE, {}, {"Ivory": 2, "Gold": 1, "Pottery": 3}):
        assert odds.expected_value_after(hand, 0) == odds.hand_value(hand)
        assert odds.value_distribution(hand, 0) == {odds.hand_value(hand): 1}
        for k in range(0, 7):
            dist = odds.value_distribution(hand, k)
            assert sum(dist.values()) == 1 and all(p > 0 for p in dist.values())
            assert sum(v * p for v, p in dist.items()) == odds.expected_value_after(hand, k)
            assert sum(odds.distinct_distribution(hand, k).values()) == 1


def test_completion_odds_grow_with_k():
    curve = odds.completion_curve(EXAMPLE, 5, range(0, 15))
    ps = list(curve.values())
    assert ps[0] == ps[1] == 0  # two goods are missing: one card cannot do it
    assert all(a <= b for a, b in zip(ps, ps[1:])) and ps[-1] > Fraction(9, 10)
    assert curve[4] == Fraction(26947, 57575)


def test_expected_value_works_for_any_k():
    assert odds.expected_value_after({}, 54) == 194  # the whole deck drawn: the whole box
    assert odds.expected_value_after(EXAMPLE, sum(odds.unseen_counts(EXAMPLE).values())) == 194


# ------------------------------------------------------------------------------------------
# Sell now or hold


def test_holding_never_loses_final_points():
    """Seed: held goods score the same table at the end; the sets of hand and draws kept apart
    are one split of the two together, so holding is worth at least selling."""
    for hand in (EXAMPLE, {"Fish": 3}, {g: 1 for g in GOODS[:6]}, {}):
        for k in (0, 1, 3, 6):
            s = odds.sell_or_hold(hand, k)
            assert s.sell_now == odds.hand_value(hand)
            assert s.draws_alone == odds.expected_value_after({}, k, odds.unseen_counts(hand))
            assert s.sell_total == s.sell_now + s.draws_alone
            assert s.hold_total == odds.expected_value_after(hand, k)
            assert s.hold_premium == s.hold_total - s.sell_total >= 0
            if k == 0:
                assert s.hold_premium == 0


def test_sell_or_hold_example_numbers():
    s = odds.sell_or_hold(EXAMPLE, 4)
    assert s.sell_now == 8
    assert s.hold_total == Fraction(2311303, 115150)  # about 20.07
    assert round(float(s.hold_premium), 2) == 7.0


def test_sell_options_list_every_set_and_no_sale_first():
    options = odds.sell_options(EXAMPLE, 4)
    assert len(options) == 2 ** 3  # every subset of the 3 goods held, the empty one being "no sale"
    assert options[0].sold == () and options[0].points_lost == 0
    hold = odds.expected_value_after(EXAMPLE, 4)
    for o in options:
        assert o.gold_now == SET_VALUES[len(o.sold)]
        assert o.total == o.gold_now + o.expected_rest and o.points_lost == hold - o.total >= 0
        rest = {g: n - (g in o.sold) for g, n in EXAMPLE.items()}
        assert o.expected_rest == odds.expected_value_after(rest, 4, odds.unseen_counts(EXAMPLE))
    # the spare Fish is the cheapest sale
    assert options[1].sold == ("Fish",)
    best3 = odds.cheapest_sale(EXAMPLE, 3, 4)
    assert best3.sold == ("Fish", "Wheat") and best3.gold_now == 3
    assert odds.cheapest_sale(EXAMPLE, 8, 4) is None  # one set of 3 goods sells for 7 at most


# ------------------------------------------------------------------------------------------
# Monte Carlo twins


@pytest.mark.parametrize("name", SCENARIOS)
def test_twin_distinct_and_completion(name):
    hand, k, unseen, draws = scenario(name)
    base = vec(hand)
    distinct = [sum(1 for c in after(base, d) if c) for d in draws]
    assert_frequencies_agree(odds.distinct_distribution(hand, k, unseen), distinct)
    for t in (3, 5, 9):
        assert_probability_agrees(odds.p_complete_set(hand, t, k, unseen), sum(n >= t for n in distinct), N)
    layer2 = [sum(1 for c in after(base, d) if c >= 2) for d in draws]
    assert_frequencies_agree(odds.layer_distribution(hand, k, 2, unseen), layer2)


@pytest.mark.parametrize("name", SCENARIOS)
def test_twin_values_after_draws(name):
    hand, k, unseen, draws = scenario(name)
    base = vec(hand)
    values = [merchandise_points(after(base, d)) for d in draws]
    assert_mean_agrees(odds.expected_value_after(hand, k, unseen), values)
    assert_mean_agrees(odds.expected_gain(hand, k, unseen), [v - odds.hand_value(hand) for v in values])
    assert_frequencies_agree(odds.value_distribution(hand, k, unseen), values)
    joint = [(v, d.count(FAKIR)) for v, d in zip(values, draws)]
    assert_frequencies_agree(odds.value_fakir_distribution(hand, k, unseen), joint)


def test_value_fakir_distribution_margins():
    """Its value margin is value_distribution; its Fakir margin is the hypergeometric law of the
    18 Fakirs among the 54 cards (an empty hand: what n Merchants take from a fresh row)."""
    for n in (0, 1, 4, 9):
        joint = odds.value_fakir_distribution({}, n)
        assert sum(joint.values()) == 1
        values: dict = {}
        fakirs: dict = {}
        for (v, f), p in joint.items():
            values[v] = values.get(v, 0) + p
            fakirs[f] = fakirs.get(f, 0) + p
        assert values == odds.value_distribution({}, n)
        box, fk = sum(CARD_COUNTS), CARD_COUNTS[FAKIR]
        assert fakirs == {f: Fraction(math.comb(fk, f) * math.comb(box - fk, n - f), math.comb(box, n))
                          for f in range(n + 1)}


@pytest.mark.parametrize("name", SCENARIOS)
def test_twin_sell_or_hold_and_cheapest_sale(name):
    hand, k, unseen, draws = scenario(name)
    base = vec(hand)
    now = merchandise_points(base)
    s = odds.sell_or_hold(hand, k, unseen)
    assert_mean_agrees(s.draws_alone, [merchandise_points(after([0] * 9, d)) for d in draws])
    assert_mean_agrees(s.hold_premium,
                       [merchandise_points(after(base, d)) - now - merchandise_points(after([0] * 9, d)) for d in draws])
    sale = odds.cheapest_sale(hand, 1, k, unseen)
    if sale is None:
        assert not any(base)
        return
    rest = [n - (GOODS[i] in sale.sold) for i, n in enumerate(base)]
    assert_mean_agrees(sale.total, [sale.gold_now + merchandise_points(after(rest, d)) for d in draws])


def test_twin_engine_pile_after_setup():
    """The engine's own pile: the next k cards it draws after setup, over many seeded games.

    Each game's unseen cards (box minus the 9-card row) differ, so the exact probability is
    averaged over the games and the standard error is sqrt(sum p(1-p)) / N.
    """
    game = Game(players=3)
    k, target, games = 5, 4, 2500
    hits, p_sum, var = 0, Fraction(0), 0.0
    for seed in range(games):
        st = game.new_game(seed)
        unseen = odds.unseen_in_state(st)
        pile = Counter(st.res_deck)
        assert unseen == {name: pile.get(c, 0) for c, name in enumerate(CARD_NAMES)}
        p = odds.p_complete_set({}, target, k, unseen)
        top = rules.draw_cards(st.copy(), k)  # what the engine would draw next
        hits += len({c for c in top if c != FAKIR}) >= target
        p_sum += p
        var += float(p * (1 - p))
    assert abs(hits - float(p_sum)) <= 4 * math.sqrt(var), (hits, float(p_sum), math.sqrt(var))


def test_unseen_in_state_during_play():
    game = Game(players=2)
    rng = random.Random(5)
    policy = RandomPolicy()
    st = game.new_game(11)
    checked_with_cards = 0
    for step in range(600):
        if st.is_over:
            break
        if step % 10 == 0:
            pile = Counter(st.res_deck)
            assert odds.unseen_in_state(st) == {name: pile.get(c, 0) for c, name in enumerate(CARD_NAMES)}
            for p in range(2):
                assert odds.hand_in_state(st, p) == odds.hand_dict(st.cards[p])
            checked_with_cards += any(any(c) for c in st.cards) and bool(st.res_discard)
        st.apply(policy(st, rng))
    assert checked_with_cards >= 3  # the check saw hands and discards, not only the opening


# ------------------------------------------------------------------------------------------
# Bad parameters say what was expected


@pytest.mark.parametrize("call, match", [
    (lambda: odds.hand_value({"Ivory": 3}), "more than the box holds"),
    (lambda: odds.hand_value({"Fish": -1}), "whole number >= 0"),
    (lambda: odds.hand_value({"Camel": 1}), "unknown resource card"),
    (lambda: odds.hand_value("Fish"), "not one string"),
    (lambda: odds.hand_value([1, 2, 3]), "9 counts"),
    (lambda: odds.hand_value(7), "expected a mapping"),
    (lambda: odds.hand_value([0] * 8 + [-1]), ">= 0"),
    (lambda: odds.p_complete_set(EXAMPLE, 0, 2), "1 to 9 different goods"),
    (lambda: odds.p_complete_set(EXAMPLE, 10, 2), "1 to 9 different goods"),
    (lambda: odds.p_complete_set(EXAMPLE, 5, -1), "k \\(cards drawn\\)"),
    (lambda: odds.p_complete_set(EXAMPLE, 5, 51), "50 unseen cards"),
    (lambda: odds.p_complete_set(EXAMPLE, 5, 2.0), "whole number"),
    (lambda: odds.p_complete_set(EXAMPLE, 5, 2, {"Fish": 5}), "must exclude the hand"),
    (lambda: odds.layer_distribution(EXAMPLE, 2, 0), "layer must be"),
    (lambda: odds.value_distribution(EXAMPLE, 10), "at most 9"),
    (lambda: odds.value_fakir_distribution({}, 10), "at most 9"),
    (lambda: odds.cheapest_sale(EXAMPLE, 0, 2), "gold_needed"),
    (lambda: odds.unseen_counts({"Gold": 2}, {"Gold": 1}), "more Gold are known"),
    (lambda: odds.hand_in_state(Game(players=2).new_game(1), 2), "player must be 0 to 1"),
])
def test_bad_parameters_raise_value_error(call, match):
    with pytest.raises(ValueError, match=match):
        call()
