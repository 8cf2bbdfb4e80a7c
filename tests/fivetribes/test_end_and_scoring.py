"""The end of the game and final scoring (seed: 진열 보충, 종료와 승점 계산)."""

import pytest

from boardlab.fivetribes import Game
from boardlab.fivetribes.scoring import CATEGORIES, merchandise_with_wilds
from boardlab.fivetribes.state import freeze
from tests.fivetribes.helpers import act, camel, fresh, give_cards, give_djinn, give_pieces, position, t, thaw


def over(st):
    st.phase = st.step = "over"
    freeze(st)  # is_over follows the phase
    return st


def test_last_camel_ends_the_game_after_the_round_is_finished():
    st = position(players=3, board={"C3": "B", "C4": "B", "E1": "Y", "E2": "Y", "A5": "G", "B5": "G"})
    for name in ("A1", "B1", "C1", "D1", "A2", "B2", "C2"):
        camel(st, name, 0)
    from tests.fivetribes.helpers import set_tile
    set_tile(st, "C4", "Oasis 8")
    fresh(st)
    act(st, "move from C3", "drop blue on C4")
    assert st.camels[0] == 0 and st.end_camel and not st.is_over
    assert st.palms[t("C4")] == 1  # the player who placed the last camel finishes the action normally
    # every remaining marker of the round still plays
    movers = []
    while not st.is_over:
        movers.append(st.to_move)
        st.apply(st.legal_actions()[0])
    assert {1, 2} <= set(movers) and st.round == 1


def test_no_legal_move_at_clean_up_ends_the_game():
    st = position(players=3, board={"C3": "B", "C4": "B"})
    act(st, "move from C3", "drop blue on C4")
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    assert st.round == 1 and st.end_no_move


def test_score_sheet_uses_the_scoring_pad_categories_in_order():
    st = over(Game(players=3).new_game(0))
    sheet = st.score_sheet()
    assert list(sheet[0]) == list(CATEGORIES) + ["total"]
    assert list(CATEGORIES) == ["gold", "viziers", "elders", "djinns", "palms", "palaces", "tiles", "merchandise"]
    assert sheet[0]["total"] == 50


def test_final_scoring_adds_every_category():
    st = position(players=3, board={})
    camel(st, "A1", 0)
    camel(st, "B1", 0)
    thaw(st)
    st.palms[t("A1")] = 2
    st.palaces[t("B1")] = 1
    st.palm_supply, st.palace_supply = 10, 9
    give_pieces(st, 0, viziers=3, elders=2)
    give_pieces(st, 1, viziers=3)
    give_pieces(st, 2, viziers=1)
    give_djinn(st, 0, "Enki")
    give_cards(st, 0, fish=2, silk=1, fakir=1)
    thaw(st)
    st.gold[0] = 17
    fresh(st)
    from boardlab.fivetribes.components import TILE_TYPES
    tiles = TILE_TYPES[st.tiles[t("A1")]].value + TILE_TYPES[st.tiles[t("B1")]].value
    sheet = over(st).score_sheet()[0]
    assert sheet == {"gold": 17, "viziers": 3 + 10, "elders": 4, "djinns": 8, "palms": 6, "palaces": 5,
                     "tiles": tiles, "merchandise": 3 + 1, "total": 17 + 13 + 4 + 8 + 6 + 5 + tiles + 4}


def test_vizier_bonus_is_10_per_opponent_with_strictly_fewer():
    st = position(players=4, board={})
    for p, v in enumerate([4, 4, 2, 0]):
        give_pieces(st, p, viziers=v)
    sheet = over(fresh(st)).score_sheet()
    assert [sheet[p]["viziers"] for p in range(4)] == [4 + 20, 4 + 20, 2 + 10, 0]


def test_palms_and_palaces_score_for_whoever_owns_the_tile_at_the_end():
    st = position(players=2, board={})
    camel(st, "A1", 1)
    thaw(st)
    st.palms[t("A1")], st.palaces[t("A1")] = 1, 1
    st.palm_supply, st.palace_supply = 11, 9
    sheet = over(fresh(st)).score_sheet()
    assert (sheet[1]["palms"], sheet[1]["palaces"]) == (3, 5) and sheet[0]["palms"] == 0


def test_a_tie_is_a_shared_win():
    st = over(Game(players=3).new_game(0))
    st.gold = [50, 50, 40]
    assert st.ranks() == {0: 1, 1: 1, 2: 3}


def test_al_amin_wilds_take_the_best_types():
    assert merchandise_with_wilds([1, 1, 0, 0, 0, 0, 0, 0, 0], 2) == 13
    assert merchandise_with_wilds([0] * 9, 1) == 1
    assert merchandise_with_wilds([2, 0, 0, 0, 0, 0, 0, 0, 0], 1) == 3 + 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_score_for_everyone(players):
    import random
    game = Game(players=players)
    for seed in range(5):
        st = game.new_game(seed)
        rng = random.Random(seed)
        while not st.is_over:
            st.apply(rng.choice(st.legal_actions()))
        assert st.to_move is None and st.legal_actions() == ()
        assert set(st.ranks()) == set(range(players)) and min(st.ranks().values()) == 1
