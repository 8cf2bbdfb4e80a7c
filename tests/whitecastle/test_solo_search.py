"""Search and the advisor judge a solo game against the Tokugawa rival, not against nobody."""

from __future__ import annotations

import pytest

import boardlab
from boardlab import whitecastle
from boardlab.core.policies import play
from boardlab.core.search import final_outcome
from boardlab.whitecastle import solo


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_solo_outcome_is_the_players_total_minus_the_rivals_and_the_win_is_human_wins(seed):
    state = play(whitecastle.Game(players=1), ["greedy"], seed=seed)
    wins, margins = final_outcome(state)
    mine, theirs = state.score_sheet()[0]["total"], solo.rival_sheet(state)["total"]
    assert margins == {0: float(mine - theirs)}
    assert wins == {0: 1.0 if solo.human_wins(state) else 0.0}


def test_a_lost_solo_game_counts_as_lost_for_search():
    # the greedy bot loses most solo games: search must see those as losses (it once saw every
    # one-seat game as won, its margin being just its own total)
    outcomes = [final_outcome(play(whitecastle.Game(players=1), ["greedy"], seed=s)) for s in range(1, 9)]
    assert any(wins[0] == 0.0 for wins, _ in outcomes)
    assert any(margins[0] < 0 for _, margins in outcomes)


def test_advisor_in_a_solo_game_reports_margins_against_the_rival():
    state = whitecastle.Game(players=1).new_game(5)
    while len(state.legal_actions()) == 1:   # a forced decision is answered without a search: go to a real choice
        state.apply(state.legal_actions()[0])
    table = boardlab.advise(state, budget=24, seed=1, progress=False)
    assert len(table) == len(state.legal_actions()) > 1 and not table.attrs["forced"]
    assert (table.win_rate < 1.0).any() or (table.margin < 0).any()


def test_a_tournament_needs_two_seats():
    with pytest.raises(ValueError, match="at least two seats"):
        boardlab.tournament(whitecastle.Game(players=1), games=2)
