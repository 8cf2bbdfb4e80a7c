"""Issue 24 point 6: El Grande's mcts searches the power card (it used to play greedy's fixed
rule), weighing greedy's best few cards, so it no longer opens with one fixed card."""

from __future__ import annotations

import random

import boardlab.core.search as search_module
from boardlab.elgrande import Game, bots


def test_the_mcts_player_searches_the_power_card(monkeypatch):
    searched_steps = []
    real_search = search_module.search

    def spy(state, *args, **kwargs):
        searched_steps.append(state.step)
        return real_search(state, *args, **kwargs)

    monkeypatch.setattr(search_module, "search", spy)
    state = Game(players=2).new_game(3)
    assert state.step == "power" and len(state.legal_actions()) > 1
    Game(players=2).policy("mcts", iterations=20)(state, random.Random(0))
    assert searched_steps == ["power"]


def test_the_power_cards_searched_are_greedys_best_few_with_its_own_pick():
    game = Game(players=2)
    greedy = game.policy("greedy")
    for seed in range(4):
        state = game.new_game(seed)
        legal = state.legal_actions()
        kept = bots.candidates(state, legal)
        assert len(kept) == bots.SEARCH_WIDTH < len(legal)
        assert greedy(state, random.Random(0)) == kept[0]


def test_mcts_does_not_open_with_one_fixed_card():
    """Greedy's rule opens every game with the same card; the search picks by the position."""
    game = Game(players=2)
    greedy, mcts = game.policy("greedy"), game.policy("mcts", iterations=40)
    openings = {"greedy": set(), "mcts": set()}
    for seed in range(8):
        state = game.new_game(seed)
        openings["greedy"].add(greedy(state, random.Random(seed)).a)
        openings["mcts"].add(mcts(state, random.Random(seed)).a)
    assert len(openings["greedy"]) == 1
    assert len(openings["mcts"]) > 1
