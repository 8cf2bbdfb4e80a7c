"""Seed point 10: senate-card scoring never counts patricians not assigned to a province; cards III,
VII, VIII, XI and XII as the seed explains them (with its examples)."""

import pytest

from boardlab.alea import Game
from boardlab.alea.components import PAT_SEX
from boardlab.alea.scoring import assign, player_sheet
from tests.alea.helpers import card, pat, prov

G = Game(players=4)


def sheet(provinces, patricians, cards, game=G):
    return player_sheet(game, [prov(p) for p in provinces], [pat(p) for p in patricians],
                        [card(c) for c in cards], [], 0)


def test_seed_10_1_card_iii_scores_1_plus_1_per_senate_card_itself_included_4_cards_5_points():
    assert sheet([], [], ["III", "I", "II", "V"])["senate"] == 5
    assert sheet([], [], ["III"])["senate"] == 2


def test_misplay_card_iii_without_itself_scores_1_less():
    game = Game(players=4, misplays=["card_iii_without_itself"])
    assert sheet([], [], ["III", "I", "II", "V"], game)["senate"] == 4


def test_seed_10_2_card_vii_the_seeds_example_scores_4():
    """A red province, the joker, the border province (red/green) and two free provinces with one
    yellow patrician: red, grey, green and yellow."""
    provinces = ["Hispania I", "joker"]  # Hispania is the red province (the name is assumed)
    patricians = ["yellow man II"]
    s = sheet(provinces, patricians, ["VII", "XII", "XIII", "XIII"])
    where = assign([prov(p) for p in provinces], [pat(p) for p in patricians], [card(c) for c in ("VII", "XII", "XIII", "XIII")])
    assert where["free"] == [[pat("yellow man II")], []]  # one free province yellow, the other grey
    assert s["senate"] == 4  # card VII; card XII has no couple: 0


def test_misplay_card_vii_border_one_colour_counts_the_border_province_once():
    game = Game(players=4, misplays=["card_vii_border_one_colour"])
    s = sheet(["Hispania I", "joker"], ["yellow man II"], ["VII", "XII", "XIII", "XIII"], game)
    assert s["senate"] == 3  # green is lost


def test_seed_10_3_card_viii_leaves_border_and_free_provinces_out():
    # card VIII's effect is assumed (1 point per assigned patrician); KR fixes only the exclusion
    base = sheet(["Germania II"], ["green man I"], ["VIII"])["senate"]
    with_free = sheet(["Germania II"], ["green man I", "red woman III"], ["VIII", "XIII"])["senate"]
    assert base == 1 and with_free == 1  # the patrician in the free province does not count


def test_seed_10_senate_cards_never_count_unassigned_patricians():
    # two green men but one green province: the second man is unassigned and not counted
    assert sheet(["Germania II"], ["green man I", "green man III"], ["VIII"])["senate"] == 1


def test_misplay_unassigned_patricians_count_adds_them_to_the_senate_bonus():
    game = Game(players=4, misplays=["unassigned_patricians_count"])
    assert sheet(["Germania II"], ["green man I", "green man III"], ["VIII"], game)["senate"] == 2


def test_seed_10_4_card_xi_adds_one_more_unassigned_patrician_of_the_same_colour_to_a_couple():
    """The seed's example: a red man and two red women, one red province."""
    cards_xi = ["XI"]
    provinces, patricians = ["Hispania III"], ["red man I", "red woman II", "red woman III"]
    without = sheet(provinces, patricians, [])
    with_xi = sheet(provinces, patricians, cards_xi)
    assert without["patricians"] == 1 + 3  # the couple: the man and the better woman
    assert with_xi["patricians"] == 1 + 3 + 2  # the other red woman joins the couple
    where = assign([prov(p) for p in provinces], [pat(p) for p in patricians], [card("XI")])
    # the couple and its third member: which woman is the "extra" one changes no point
    assert len(where["extra"]) == 1 and PAT_SEX[where["extra"][0]] == 1 and where["unassigned"] == []
    # no new tile: the province count is unchanged
    assert with_xi["provinces"] == without["provinces"] == 3


def test_card_xi_needs_a_couple_of_that_colour():
    s = sheet(["Hispania III", "Hispania II"], ["red woman I", "red woman II", "red woman III"], ["XI"])
    assert s["patricians"] == 3 + 2  # two single women spread; no couple, so the third stays out


def test_seed_10_5_card_xii_scores_3_only_with_its_complete_mixed_couple():
    assert sheet([], ["red man I", "green woman I"], ["XII"])["senate"] == 3
    assert sheet([], ["green man I", "red woman II"], ["XII"])["senate"] == 3
    assert sheet([], ["red man I"], ["XII"])["senate"] == 0  # one patrician only
    assert sheet([], ["red man I", "red woman I"], ["XII"])["senate"] == 0  # same colour: no mixed couple
    assert sheet([], [], ["XII"])["senate"] == 0


def test_misplay_card_xii_half_couple_pays_with_one_patrician():
    game = Game(players=4, misplays=["card_xii_half_couple"])
    assert sheet([], ["red man I"], ["XII"], game)["senate"] == 3


@pytest.mark.parametrize("name", ["I", "II", "IV", "V", "VI", "IX", "X"])
def test_cards_of_unknown_text_score_nothing_as_shipped(name):
    assert sheet(["Germania IV"], ["green man III"], [name])["senate"] == 0
