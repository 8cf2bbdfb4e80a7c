"""Seed points 1, 2 and 4: sets, patrician tiles, province tiles and Forum columns by player count;
the components left out at 2-3 players."""

import random

import pytest

from boardlab.alea import Game
from boardlab.alea.components import FORTUNE_COUNTS, NPAT, NPROV, PLAYER_COUNTS, SENATE_INDEX
from boardlab.core.policies import play
from tests.alea.helpers import new


@pytest.mark.parametrize("players, sets", [(2, 6), (3, 6), (4, 5), (5, 5)])
def test_seed_1_sets_per_game_6_at_2_3_players_and_5_at_4_5(players, sets):
    st = play(Game(players=players), ["random"] * players, seed=players)
    assert st.nsets == sets and st.set_no == sets


@pytest.mark.parametrize("players, shown, removed", [(2, 4, 12), (3, 5, 6), (4, 6, 6), (5, 7, 1)])
def test_seed_1_patricians_drawn_per_set_and_removed_at_setup_use_the_36_exactly(players, shown, removed):
    st = new(players)
    assert len(st.pat_shown) == shown and len(st.pat_removed) == removed
    assert shown * st.nsets + removed == NPAT == 36
    final = play(Game(players=players), ["random"] * players, seed=11)
    assert final.pat_supply == (), "the pile runs out exactly with the last set"
    assert len(final.aside_pat) + sum(len(p) for p in final.pats) == shown * final.nsets


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seed_4_province_tiles_shown_per_set_equal_the_players(players):
    st = new(players)
    assert len(st.prov_shown) == players == PLAYER_COUNTS[players].provinces_per_set
    assert len(st.prov_supply) == NPROV - players


@pytest.mark.parametrize("players, columns", [(2, 4), (3, 5), (4, 6), (5, 7)])
def test_seed_4_forum_romanum_has_4_5_6_7_columns(players, columns):
    st = new(players)
    assert st.slots == columns == len(st.pat_shown)  # one patrician under each column


@pytest.mark.parametrize("players", [2, 3])
def test_seed_2_templum_fortune_tiles_and_senate_card_iv_are_out_at_2_3_players(players):
    st = new(players)
    assert not st.templum
    assert sum(st.fpile) == 0 and sum(st.fdisc) == 0
    assert SENATE_INDEX["IV"] not in st.deck
    assert "choose Templum" not in [str(a) for a in st.legal_actions()]
    with pytest.raises(Exception, match="no rewarded placement"):
        st.apply("choose Templum")


@pytest.mark.parametrize("players", [4, 5])
def test_seed_2_templum_fortune_tiles_and_card_iv_are_in_at_4_5_players(players):
    st = new(players)
    assert st.templum and SENATE_INDEX["IV"] in st.deck
    assert sum(st.fpile) == sum(FORTUNE_COUNTS.values()) == 30
    assert "choose Templum" in [str(a) for a in st.legal_actions()]


def test_caesar_marker_starts_with_seat_0_and_passes_left_each_set():
    st = new(3, seed=5)
    starts = []
    rng = random.Random(1)
    while not st.is_over:
        if st.step == "turn" and (not starts or starts[-1][0] != st.set_no):
            starts.append((st.set_no, st.player))  # the first turn of each set
        st.apply(rng.choice(st.legal_actions()))
    assert starts == [(s, (s - 1) % 3) for s in range(1, 7)]


# -- misplays of these points ------------------------------------------------------------------------
def test_misplay_five_sets_always_plays_5_sets_at_2_players():
    st = play(Game(players=2, misplays=["five_sets_always"]), ["random"] * 2, seed=3)
    assert st.nsets == 5 and st.set_no == 5


def test_misplay_templum_small_games_keeps_templum_fortune_and_card_iv_at_3_players():
    st = new(3, misplays=["templum_small_games"])
    assert st.templum and SENATE_INDEX["IV"] in st.deck and sum(st.fpile) == 30


def test_misplay_full_forum_always_gives_7_columns_and_7_patricians_at_2_players():
    st = new(2, misplays=["full_forum_always"])
    assert st.slots == 7 and len(st.pat_shown) == 7
