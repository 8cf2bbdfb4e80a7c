"""Final scoring (reference section 4; the occupied-province formula is assumed): an empty province
scores its value minus 1; patricians score in a province of their colour, at most one man and one
woman each; the joker takes any colour; fortune tiles at face value; a tie goes to the higher
value of unassigned patricians."""

from boardlab.alea import Game
from boardlab.alea import scoring
from boardlab.alea.scoring import PROVINCE_FORMULAS, player_sheet
from tests.alea.helpers import new, pat, prov

G = Game(players=4)


def sheet(provinces, patricians=(), cards=(), fortune=(), chips=0, game=G):
    return player_sheet(game, [prov(p) for p in provinces], [pat(p) for p in patricians], list(cards),
                        list(fortune), chips)


def test_an_empty_province_scores_its_value_minus_1():
    assert sheet(["Germania IV"])["provinces"] == 3
    assert sheet(["Germania I"])["provinces"] == 0
    assert sheet(["joker"])["provinces"] == 0  # floor: an empty joker scores 0 (assumed)


def test_an_occupied_province_scores_value_plus_its_patricians_assumed_additive():
    s = sheet(["Germania III"], ["green man II", "green woman I"])
    assert (s["provinces"], s["patricians"]) == (3, 3)


def test_patricians_of_another_colour_do_not_score_in_a_province():
    s = sheet(["Germania III"], ["red man II"])
    assert (s["provinces"], s["patricians"]) == (2, 0)


def test_a_province_holds_at_most_one_man_and_one_woman():
    s = sheet(["Germania III"], ["green man II", "green man III"])
    assert s["patricians"] == 3  # the better man; the other stays out


def test_patricians_spread_over_the_colours_provinces_before_forming_couples():
    s = sheet(["Germania III", "Germania I"], ["green man II", "green woman I"])
    assert (s["provinces"], s["patricians"]) == (4, 3)  # both occupied: no empty-province loss


def test_the_joker_takes_patricians_of_any_colour_assumed():
    s = sheet(["joker"], ["red man II", "blue woman III"])
    assert (s["provinces"], s["patricians"]) == (0, 5)


def test_fortune_tiles_score_face_value_and_the_total_adds_the_categories():
    s = sheet(["Germania IV"], [], fortune=[1, 3, 3], chips=3)
    assert s == {"provinces": 3, "patricians": 0, "senate": 0, "fortune": 7, "chips": 1, "total": 11}


def test_a_tied_total_goes_to_the_higher_value_of_unassigned_patricians():
    st = new(2)
    st.provs = ((prov("Germania IV"),), (prov("Hispania IV"),))
    st.pats = ((pat("red man III"),), (pat("green man I"),))
    st.prov_supply = tuple(t for t in st.prov_supply if t not in (prov("Germania IV"), prov("Hispania IV")))
    st.pat_supply = tuple(t for t in st.pat_supply if t not in (pat("red man III"), pat("green man I")))
    assert st.score_sheet()[0]["total"] == st.score_sheet()[1]["total"] == 3
    assert st.ranks() == {0: 1, 1: 2}


def test_option_province_formula_uses_a_registered_function():
    PROVINCE_FORMULAS["flat"] = lambda value, pats: value
    try:
        game = Game(players=4, province_formula="flat")
        s = sheet(["Germania III"], [], game=game)
        assert s["provinces"] == 3
    finally:
        del PROVINCE_FORMULAS["flat"]
    assert scoring.additive(3, []) == 2
