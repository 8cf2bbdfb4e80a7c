"""The greedy policy (documented weights, legal, better than random), the SVG picture, the glossary,
the simulate() entry point of the issue."""

import random
import re

from boardlab import alea, simulate
from boardlab.alea import bots, glossary, render
from boardlab.alea.components import BUILDINGS
from boardlab.core.policies import play
from tests.alea.helpers import do, new, set_roll


def test_the_issues_example_runs():
    game = alea.Game(players=4)
    state = game.new_game(seed=3)
    assert state.legal_actions()
    df = simulate(game, policies=["greedy"] * 4, games=6, seed=1)
    assert len(df) == 24 and {"provinces", "patricians", "senate", "fortune", "chips", "total"} <= set(df.columns)
    assert alea.odds.pattern_probability("straight", length=4, dice=6) > 0


def test_greedy_weights_are_documented_parameters_and_can_be_changed():
    assert set(bots.WEIGHTS) >= {"die_cost", "fortune_tile", "senate_card", "reroll_gain"}
    policy = bots.GreedyPolicy(die_cost=5.0)
    assert policy.weights["die_cost"] == 5.0 and policy.weights["fortune_tile"] == bots.WEIGHTS["fortune_tile"]
    st = play(alea.Game(players=3), [policy] * 3, seed=2)
    assert st.is_over


def test_greedy_never_changes_the_state_it_looks_at():
    st = new(4, seed=5)
    rng = random.Random(0)
    greedy = alea.Game(players=4).policy("greedy")
    for _ in range(60):
        before = st.to_json()
        a = greedy(st, rng)
        assert st.to_json() == before and a in st.legal_actions()
        st.apply(a)


def test_greedy_beats_random_on_average():
    game = alea.Game(players=2)
    df = simulate(game, policies=["greedy", "random"], games=30, seed=3)
    means = df.groupby("policy")["total"].mean()
    assert means["greedy"] > means["random"]


def test_svg_shows_the_five_buildings_with_the_dice_on_them():
    st = new(4, seed=1)
    set_roll(st, [1, 2, 3, 3, 3, 4, 5, 6])
    do(st, "choose Castrum", "place 3 3 3 in Castrum")
    svg = render.state_svg(st)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for name in BUILDINGS[:3] + ("Forum Romanum", "Latrina"):
        assert f">{name}<" in svg
    assert re.search(r">3</text>.{0,400}?>× 3</text>", svg)  # the Castrum group: a 3, three of them
    assert st._repr_svg_() == svg
    assert "senate cards" in render.state_html(st)


def test_glossary_has_the_seeds_korean_terms_for_the_labels():
    assert glossary.KO["patrician tiles"] == "귀족 타일" and glossary.KO["fortune tiles"] == "운 타일"
    assert glossary.KO["senate cards"] == "원로원 카드" and glossary.KO["set"] == "세트"
    assert glossary.label("province tiles") == "province tiles (지방 타일)"
    assert glossary.label("Latrina") == "Latrina"
