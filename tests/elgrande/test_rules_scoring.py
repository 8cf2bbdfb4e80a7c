"""Seed: scoring ranks by caballero count (the Grande is not counted); tied players all take the next
lower rank's points; +2 for a sole first place in one's Grande's region and +2 in the King's region,
both can apply; the final leader wins and equal totals share the rank."""

from boardlab.elgrande.rules import score_place
from boardlab.elgrande.scoring import BONUS_CAT, REGIONS_CAT, rank_points, rank_positions, ranks, sole_first
from tests.elgrande.helpers import R, at_card_step, clear_board, put


def test_rulebook_tie_example_1_three_tied_for_first_take_second_next_takes_third():
    assert rank_points([4, 4, 4, 3], (5, 3, 1)) == [3, 3, 3, 1]


def test_rulebook_tie_example_2_a_pair_tied_for_third_slides_to_fourth_and_scores_nothing():
    assert rank_points([4, 3, 2, 2], (6, 4, 2)) == [6, 4, 0, 0]


def test_two_tied_for_first_take_second_and_the_next_takes_third():
    assert rank_points([3, 3, 1, 0], (7, 4, 2)) == [4, 4, 2, 0]
    assert rank_positions([3, 3, 1, 0]) == [2, 2, 3, 0]


def test_absent_players_take_no_rank_and_only_the_scoring_ranks_pay():
    assert rank_points([0, 2, 1], (5, 4, 1), ranks=2) == [0, 5, 4]
    assert rank_points([2, 1, 1], (5, 4, 1), ranks=2) == [5, 0, 0]  # tie for second -> third: nothing
    assert rank_points([2, 2, 1], (5, 4, 1), ranks=1) == [0, 0, 0]  # first place only: a tie scores nothing


def _region(st, region, counts, grande=None, king="galicia"):
    clear_board(st)
    st.king = R[king]
    for p, n in enumerate(counts):
        if n:
            put(st, region, p, n)
    st.grande = (R[grande or "sevilla"],) * len(st.grande)
    st.sheet = ((0, 0, 0, 0),) * len(st.sheet)
    score_place(st, R[region], REGIONS_CAT)
    return st


def test_the_grande_is_not_a_caballero_and_does_not_count():
    st = at_card_step()
    clear_board(st)
    st.king = R["galicia"]
    put(st, "aragon", 0, 2)
    put(st, "aragon", 1, 2)
    st.grande = (R["aragon"], R["sevilla"], R["sevilla"], R["sevilla"])  # only player 0's Grande there
    score_place(st, R["aragon"], REGIONS_CAT)
    assert st.sheet[0][REGIONS_CAT] == st.sheet[1][REGIONS_CAT] == 4  # tied: both take second


def test_sole_first_in_ones_grandes_region_earns_2():
    st = _region(at_card_step(), "aragon", [3, 1, 0, 0], grande="aragon")
    assert st.sheet[0][BONUS_CAT] == 2 and st.sheet[1][BONUS_CAT] == 0  # player 1's Grande is there too, 2nd


def test_grande_and_king_bonuses_both_apply_to_a_sole_first():
    st = _region(at_card_step(), "aragon", [3, 1, 0, 0], grande="aragon", king="aragon")
    assert st.sheet[0][BONUS_CAT] == 4 and st.sheet[0][REGIONS_CAT] == 5


def test_a_tie_for_first_gets_no_bonus():
    st = _region(at_card_step(), "aragon", [2, 2, 0, 0], grande="aragon", king="aragon")
    assert st.sheet[0][BONUS_CAT] == st.sheet[1][BONUS_CAT] == 0
    assert sole_first([2, 2, 0]) == -1


def test_the_final_leader_wins_and_equal_totals_share_the_rank():
    st = at_card_step()
    st.sheet = ((0, 30, 0, 0), (0, 20, 10, 0), (0, 10, 0, 0), (0, 40, 0, 0))
    assert ranks(st) == {3: 1, 0: 2, 1: 2, 2: 4}
    st.sheet = ((0, 40, 0, 0), (0, 20, 0, 20), (0, 10, 0, 0), (0, 5, 0, 0))
    assert ranks(st)[0] == ranks(st)[1] == 1  # a shared win


def test_the_engines_podium_table_pays_what_rank_points_says():
    """score_places pays by ``podium`` (player, position) pairs: every count row of up to 5
    colours with 0..3 caballeros each, for 1..3 scoring ranks, gives rank_points and sole_first
    (a last colour taken as the dummy's: ranked, never paid, never the sole first of a bonus)."""
    from itertools import product

    from boardlab.elgrande.scoring import podium

    values = (7, 4, 2)
    for n in (2, 3, 4, 5):
        for counts in product(range(4), repeat=n):
            for k in (1, 2, 3):
                for players in (n, n - 1):
                    placed, first = podium(counts, k, players)
                    paid = [0] * n
                    for c, i in placed:
                        paid[c] += values[i]
                    expected = rank_points(counts, values, k)[:players] + [0] * (n - players)
                    assert paid == expected, (counts, k, players)
                    assert first == (sole_first(counts) if sole_first(counts) < players else -1)
