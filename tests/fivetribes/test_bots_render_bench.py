"""Policies, the SVG picture and the benchmark kernel."""

import xml.etree.ElementTree as ET

import pytest

from boardlab import fivetribes
from boardlab.core.policies import play
from boardlab.fivetribes import Game, scoring
from boardlab.fivetribes.components import DJINN_INDEX, DJINNS, NTILES, TILE_VALUE
from boardlab.fivetribes.movegen import legal_starts


def test_policies_are_named_callables():
    game = Game(players=2)
    for name in ("random", "greedy"):
        pol = game.policy(name)
        assert pol.name == name and callable(pol)
    with pytest.raises(ValueError, match="greedy"):
        game.policy("clever")


def test_greedy_never_changes_the_state_it_is_given():
    game = Game(players=3)
    st = game.new_game(4)
    greedy = game.policy("greedy")
    import random
    rng = random.Random(0)
    for _ in range(80):
        if st.is_over:
            break
        before = st.to_json()
        a = greedy(st, rng)
        assert st.to_json() == before and a in st.legal_actions()
        st.apply(a)


def test_greedy_beats_uniform_random_in_most_two_player_games():
    # the full measurement (500 games, alternating seats) is in RULES.md: greedy won 500 of 500
    game = Game(players=2)
    wins = 0
    n = 40
    for i in range(n):
        seats = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        st = play(game, seats, seed=500 + i)
        g = seats.index("greedy")
        wins += st.ranks()[g] == 1 and st.ranks()[1 - g] != 1
    assert wins / n >= 0.7


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_end_by_a_rule_and_score_what_the_board_shows(players):
    st = play(Game(players=players), ["greedy"] * players, seed=1)
    assert st.is_over and st.round >= 3
    # the game ended by one of the two end rules
    if st.end_camel:
        assert 0 in st.camels  # someone placed their last camel
    else:
        assert st.end_no_move and ("no legal move" in map(str, st.history) or not legal_starts(st.meeples, False))
    # the sheet adds up, and its columns are what the final position holds
    sheet = st.score_sheet()
    viziers = scoring.vizier_points(st.viziers, st.djinn_owner[DJINN_INDEX["jafaar"]])
    for p, row in sheet.items():
        assert row["total"] == sum(row[c] for c in scoring.CATEGORIES)
        assert row["gold"] == st.gold[p] and row["viziers"] == viziers[p]
        own = [u for u in range(NTILES) if st.camel[u] == p]
        assert row["tiles"] == sum(TILE_VALUE[st.tiles[u]] for u in own)
        assert row["djinns"] == sum(DJINNS[d].vp for d in st.owned_djinns(p))
    # competition ranks from the totals; the winner has the top total
    totals = {p: row["total"] for p, row in sheet.items()}
    assert st.ranks() == {p: 1 + sum(totals[q] > totals[p] for q in totals) for p in totals}
    assert {p for p, r in st.ranks().items() if r == 1} == {p for p in totals if totals[p] == max(totals.values())}


def test_state_draws_itself_as_svg():
    st = play(Game(players=4), ["greedy"] * 4, seed=3)
    svg = st._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    for text in ("A1", "F5", "Turn-order track", "Resource row", "Djinns", "Player 3", "camels left", "Oasis", "Key"):
        assert text in svg
    assert "♣" in svg and "P0" in svg
    assert Game(players=2).new_game(0)._repr_svg_().count("<circle") >= 30


def test_bench_kernel_enumerates_a_start_position():
    # what it costs is measured by `boardlab bench` (a timed assert here would fail on a loaded machine)
    kernel = fivetribes.BENCH_KERNELS["complete moves of a start position"]
    assert len(kernel()) == 712   # a start position of stream 2
