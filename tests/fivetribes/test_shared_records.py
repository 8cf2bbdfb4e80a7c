"""The position's records are tuples the rules replace, so ``copy()`` shares them (issue 14), and
the quick answers the rules use agree with the full ones they stand for."""

import random
from itertools import combinations

import pytest

from boardlab.fivetribes import Game, rules
from boardlab.fivetribes.components import CARD_NAMES, MERCH, NTILES
from boardlab.fivetribes.state import TUPLE_FIELDS, invariants
from tests.fivetribes.helpers import fresh, give_cards, position, thaw

NCOL = 5


def random_positions(players: int, games: int, seed: int):
    rng = random.Random(seed)
    for g in range(games):
        st = Game(players=players).new_game(seed + g)
        while not st.is_over:
            yield st
            st.apply(rng.choice(st.legal_actions()))


def test_a_copy_shares_every_record_and_copies_only_the_meeple_counts():
    st = Game(players=3).new_game(4)
    for _ in range(40):
        st.apply(st.legal_actions()[-1])
    c = st.copy()
    for name in TUPLE_FIELDS:
        assert type(getattr(st, name)) is tuple and getattr(c, name) is getattr(st, name), name
    assert c.cards is st.cards and c.masks is st.masks
    assert c.meeples == st.meeples and c.meeples is not st.meeples
    assert c.chance is not st.chance and c == st


def test_the_rules_replace_a_record_instead_of_editing_it():
    st = Game(players=2).new_game(5)
    before = {name: getattr(st, name) for name in TUPLE_FIELDS}
    position, meeples = st.to_json(), bytes(st.meeples)
    c = st.copy()
    rng = random.Random(5)
    while c.round < 3 and not c.is_over:
        c.apply(rng.choice(c.legal_actions()))
        invariants(c)  # colour masks and is_over in step, every record still a tuple
    # the original is untouched: the same record objects, the same position, its own meeple counts
    assert all(getattr(st, name) is before[name] for name in TUPLE_FIELDS)
    assert st.to_json() == position and bytes(st.meeples) == meeples
    assert any(getattr(c, name) != before[name] for name in TUPLE_FIELDS)


def test_an_edit_by_hand_goes_through_thaw_and_fresh():
    st = position(board={"C3": "YB", "C4": "Y"})
    with pytest.raises(TypeError):
        st.gold[0] = 3  # a record is a tuple: an edit in place fails loudly
    thaw(st)
    st.gold[0] = 3
    fresh(st)
    assert st.gold == (3, 50) and type(st.gold) is tuple
    invariants(st)


def test_a_kill_in_reach_exactly_when_the_full_list_has_one():
    checked = 0
    for st in random_positions(3, 6, seed=21):
        if st.step != "kill":
            continue
        p = st.player
        full = rules._kill_targets(st, p)
        assert rules._victim_in_reach(st, p) == bool(full)
        checked += 1
    assert checked >= 10


def test_bare_tiles_are_the_tiles_without_camel_palm_or_palace():
    for i, st in enumerate(random_positions(2, 3, seed=3)):
        if i % 7:
            continue
        bare = [t for t in range(NTILES) if st.camel[t] < 0 and not st.palms[t] and not st.palaces[t]]
        empty = [t for t in bare if not any(st.meeples[t * NCOL:t * NCOL + NCOL])]
        assert rules._bare_tiles(st, 0) == empty
        assert rules._bare_tiles(st, 1) == [t for t in bare if t not in empty]


def test_tiles_of_a_mask_in_order():
    for mask in (0, 1, 1 << 29, (1 << 30) - 1, 0b1010000000011000000001):
        assert rules._tiles_in(mask) == [t for t in range(NTILES) if mask >> t & 1]


def test_sales_and_purchases_built_once_equal_the_ones_built_each_time():
    st = position()
    give_cards(st, 0, ivory=1, jewels=1, gold=1, papyrus=1)
    held = MERCH[:4]
    assert [CARD_NAMES[c] for c in held] == ["Ivory", "Jewels", "Gold", "Papyrus"]
    expected = sorted(rules.Sell("sell", combo) for k in range(1, 5) for combo in combinations(held, k))

    def sales():  # player 0's sales, asked twice: built, then kept
        return list(rules._sales(rules._merchandise(st.cards[0])))

    assert sales() == expected == sales()
    assert rules.BUY_ONE[2][5] == rules.Buy("buy", (3,), (5,))
    assert rules.BUY_TWO[1][4][7][0] == rules.Buy("buy", (2, 5), (7, 0))
    assert rules._power(rules.ENKI, 3, "fakir") == rules.Power("use", rules.ENKI, 3, "fakir")
