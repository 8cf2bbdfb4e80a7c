"""The greedy policy, the SVG picture, the glossary and the benchmark hook."""

import random
import xml.dom.minidom

import pytest

from boardlab import elgrande, simulate
from boardlab.core.policies import play
from boardlab.elgrande import bots
from boardlab.elgrande.glossary import TERMS, label
from boardlab.elgrande.render import board_svg
from boardlab.core.tuples import replaced


def test_greedy_beats_random_players():
    df = simulate(elgrande.Game(players=3), policies=["greedy", "random", "random"], games=12, seed=2)
    greedy = df[df.policy == "greedy"]
    assert greedy.winner.mean() >= 0.75
    assert greedy.total.mean() > df[df.policy == "random"].total.mean() + 20


def test_greedy_never_changes_the_state_it_is_given():
    st = elgrande.Game(players=4).new_game(3)
    rng = random.Random(0)
    policy = bots.policy("greedy")
    for _ in range(120):
        before = st.to_json()
        a = policy(st, rng)
        assert st.to_json() == before and a in st.legal_actions()
        st.apply(a)


def test_greedy_disk_choice_ignores_the_others_secret_disks():
    """Two positions that differ only in another player's hidden disk get the same choice."""
    from tests.elgrande.test_rules_castillo import _before_general_scoring
    st = _before_general_scoring()
    policy = bots.Greedy()
    first = st.to_move
    st.apply(policy(st, random.Random(0)))
    other = st.copy()
    other.disks = replaced(st.disks, first, (st.disks[first] + 1) % 9)
    assert policy(st, random.Random(1)) == policy(other, random.Random(1))


def test_greedy_parameters_are_documented_values():
    g = bots.Greedy(board_weight=0.8, power_tempo=0.0)
    assert g.board_weight == 0.8 and g.name == "greedy"
    with pytest.raises(ValueError, match="no policy named"):
        bots.policy("clever")


@pytest.mark.parametrize("players", [2, 5])
def test_the_svg_is_well_formed_and_shows_regions_king_and_castillo(players):
    st = play(elgrande.Game(players=players), ["random"] * players, seed=3)
    svg = board_svg(st)
    xml.dom.minidom.parseString(svg)
    assert "Castillo" in svg and "King" in svg and "Toledo" in svg
    hidden = board_svg(st, viewer=0)
    assert "inside (announced)" in hidden
    assert "New Castile" in board_svg(elgrande.Game(players=4, edition="1995").new_game(1))


def test_glossary_covers_every_region_and_card_label():
    from boardlab.elgrande import components as C
    assert all(name in TERMS for name in C.NAMES_2023 + C.NAMES_1995)
    assert all(t.name in TERMS for t in C.CARD_TYPES)
    assert label("Castillo", "ko") == "카스티요" and label("Castillo") == "Castillo"
    with pytest.raises(ValueError, match="lang"):
        label("King", "fr")


def test_the_bench_finds_el_grande_at_every_player_count():
    from boardlab import bench
    cls, _ = bench.find_game("elgrande")
    assert bench.player_counts(cls) == [2, 3, 4, 5]
    report = bench.bench_games(elgrande.Game(players=4), seconds=0.05)
    assert report["games"] >= 1 and report["decisions_per_game"] > 100
