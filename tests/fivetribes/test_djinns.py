"""All 22 djinns (seed: 도착 타일과 상품 -- 진 능력) and the once-per-turn rule for paid powers."""

import pytest

from boardlab.core import IllegalAction
from boardlab.fivetribes.components import CARD_NAMES, DJINNS, FAKIR, GREEN, MERCH, TILE_KIND, TILE_NAMES
from boardlab.fivetribes.state import freeze
from tests.fivetribes.helpers import (
    act, camel, fresh, give_cards, give_djinn, give_pieces, position, set_djinn_row, set_tile, t, texts, thaw,
)


def with_djinn(st, p, *names, elders=0, fakirs=0):
    for name in names:
        give_djinn(st, p, name)
    if elders:
        give_pieces(st, p, elders=elders)
    if fakirs:
        give_cards(st, p, fakir=fakirs)
    return fresh(st)


def finish_game_scores(st):
    st.phase = st.step = "over"
    freeze(st)  # is_over follows the phase
    return st.score_sheet()


def test_there_are_22_djinns_worth_141_vp():
    assert len(DJINNS) == 22 and sum(d.vp for d in DJINNS) == 141


def test_al_amin_counts_each_pair_of_fakirs_as_a_wild_merchandise():
    st = position()
    give_cards(st, 0, fish=1, silk=1, fakir=4)
    give_cards(st, 1, fish=1, silk=1, fakir=4)
    with_djinn(st, 0, "Al-Amin")
    sheet = finish_game_scores(st)
    assert sheet[0]["merchandise"] == 13 and sheet[1]["merchandise"] == 3
    assert sheet[0]["djinns"] == 5


def test_anun_nak_puts_three_meeples_from_the_bag_on_a_bare_empty_tile():
    st = with_djinn(position(board={"C3": "B", "C4": "B"}), 0, "Anun-Nak", elders=1)
    camel(st, "A1", 1)
    fresh(st)
    options = texts(st)
    assert "use Anun-Nak on B2 (pay elder)" in options and "use Anun-Nak on A1 (pay elder)" not in options
    assert "use Anun-Nak on C3 (pay elder)" not in options  # has meeples
    act(st, "use Anun-Nak on B2 (pay elder)")
    assert sum(st.tile_meeples(t("B2"))) == 3 and st.elders[0] == 0


def test_baal_pays_one_gold_for_its_owners_djinn_and_two_for_an_opponents():
    st = position(board={"C3": "Y", "C4": "YG"})
    set_tile(st, "C4", "Sacred Place 6")
    set_djinn_row(st, "Jafaar", "Enki", "Boaz")
    with_djinn(st, 1, "Ba'al")
    give_pieces(st, 0, elders=2)
    fresh(st)
    act(st, "move from C3", "drop yellow on C4", "take djinn Jafaar (pay elder+elder)")
    assert st.gold[1] == 52


def test_baal_gained_does_not_pay_for_itself_by_default():
    st = position(board={"C3": "Y", "C4": "YG"})
    set_tile(st, "C4", "Sacred Place 6")
    set_djinn_row(st, "Ba'al", "Enki", "Boaz")
    give_pieces(st, 0, elders=2)
    fresh(st)
    act(st, "move from C3", "drop yellow on C4", "take djinn Ba'al (pay elder+elder)")
    assert st.gold[0] == 50
    st = position(board={"C3": "Y", "C4": "YG"}, baal_counts_itself=True)
    set_tile(st, "C4", "Sacred Place 6")
    set_djinn_row(st, "Ba'al", "Enki", "Boaz")
    give_pieces(st, 0, elders=2)
    fresh(st)
    act(st, "move from C3", "drop yellow on C4", "take djinn Ba'al (pay elder+elder)")
    assert st.gold[0] == 51


def test_boaz_protects_its_owners_viziers_and_elders():
    st = position(board={"C3": "R", "C4": "RG"})
    give_pieces(st, 1, viziers=2, elders=1)
    with_djinn(st, 1, "Boaz")
    act(st, "move from C3", "drop red on C4")
    assert not any("of player 1" in o for o in texts(st))
    with pytest.raises(IllegalAction, match="Boaz"):
        st.apply("kill vizier of player 1")


def test_bouraq_places_a_palace_on_any_village():
    st = position(board={"C3": "B", "C4": "B"})
    set_tile(st, "A1", "Village 5")
    with_djinn(st, 0, "Bouraq", fakirs=1)
    act(st, "use Bouraq on A1 (pay fakir)")
    assert st.palaces[t("A1")] == 1 and st.palace_supply == 9 and st.step == "start"


def test_echidna_doubles_the_builders_gold_this_turn():
    st = position(board={"C3": "B", "C4": "B"})
    with_djinn(st, 0, "Echidna", elders=2)
    act(st, "move from C3", "drop blue on C4")
    assert "use Echidna (pay elder+elder)" in texts(st)
    from boardlab.fivetribes.components import BLOCK, TILE_TYPES
    blue = sum(TILE_TYPES[st.tiles[u]].blue for u in BLOCK[t("C4")])
    act(st, "use Echidna (pay elder+elder)", "builders: discard 0 fakirs")
    assert st.gold[0] == 50 + 2 * blue * 2


def test_enki_places_a_palm_tree_on_any_oasis():
    st = position(board={"C3": "B", "C4": "B"})
    set_tile(st, "F5", "Oasis 8")
    with_djinn(st, 0, "Enki", elders=1)
    act(st, "use Enki on F5 (pay elder)")
    assert st.palms[t("F5")] == 1 and st.palm_supply == 11


def test_hagis_may_move_a_placed_palace_to_a_neighbouring_tile():
    st = position(board={"C3": "Y", "C4": "Y"})
    set_tile(st, "C4", "Village 5")
    with_djinn(st, 0, "Hagis", elders=1)
    act(st, "move from C3", "drop yellow on C4")
    options = texts(st)
    assert "place palace on C4" in options and "place palace on D5 (Hagis, pay elder)" in options
    assert len(options) == 1 + 8
    act(st, "place palace on D5 (Hagis, pay elder)")
    assert st.palaces[t("D5")] == 1 and st.palaces[t("C4")] == 0


def test_hagis_orthogonal_reading_offers_four_neighbours():
    st = position(board={"C3": "Y", "C4": "Y"}, hagis_lamia_reach="orthogonal")
    set_tile(st, "C4", "Village 5")
    with_djinn(st, 0, "Hagis", elders=1)
    act(st, "move from C3", "drop yellow on C4")
    assert len(texts(st)) == 1 + 4


def test_haurvatat_makes_palm_trees_on_owned_tiles_worth_5():
    st = position()
    camel(st, "A1", 0)
    camel(st, "B1", 1)
    thaw(st)
    st.palms[t("A1")] = st.palms[t("B1")] = 2
    st.palm_supply = 8
    fresh(st)
    with_djinn(st, 0, "Haurvatat")
    sheet = finish_game_scores(st)
    assert sheet[0]["palms"] == 10 and sheet[1]["palms"] == 6


def test_iblis_kills_two_meeples_on_one_tile_or_two_pieces_of_one_opponent():
    st = position(board={"C3": "R", "C4": "RGB"})
    give_pieces(st, 1, viziers=1, elders=1)
    with_djinn(st, 0, "Iblis", fakirs=1)
    act(st, "move from C3", "drop red on C4", "use Iblis (pay fakir)")
    options = texts(st)
    assert "kill green+blue on C4" in options and "kill vizier+elder of player 1" in options
    act(st, "kill green+blue on C4")
    assert st.tile_meeples(t("C4")) == [0] * 5 and st.camel[t("C4")] == 0


def test_jafaar_makes_each_vizier_worth_3_keeping_the_bonus():
    st = position(board={})
    give_pieces(st, 0, viziers=3)
    give_pieces(st, 1, viziers=1)
    with_djinn(st, 0, "Jafaar")
    sheet = finish_game_scores(st)
    assert sheet[0]["viziers"] == 3 * 3 + 10 and sheet[1]["viziers"] == 1


def test_kandicha_rewards_its_owners_kills():
    st = position(board={"C3": "R", "C4": "RG", "D4": "BY"})
    give_pieces(st, 1, viziers=1)
    with_djinn(st, 0, "Kandicha")
    st2 = st.copy()
    st3 = st.copy()
    act(st, "move from C3", "drop red on C4", "kill green on C4")
    assert sum(st.cards[0]) == 1  # a merchant killed: top card of the pile
    act(st2, "move from C3", "drop red on C4", "kill vizier of player 1")
    assert st2.viziers == (1, 0)  # the vizier comes to the killer instead of the bag
    from boardlab.fivetribes.components import BLOCK, TILE_TYPES
    blue = sum(TILE_TYPES[st3.tiles[u]].blue for u in BLOCK[t("D4")])
    gold = st3.gold[0]
    act(st3, "move from C3", "drop red on C4", "kill blue on D4")
    assert st3.gold[0] == gold + blue  # the gold that builder would have earned


def test_lamia_may_move_a_placed_palm_tree_to_a_neighbouring_tile():
    st = position(board={"C3": "Y", "C4": "Y"})
    set_tile(st, "C4", "Oasis 8")
    with_djinn(st, 0, "Lamia", fakirs=1)
    act(st, "move from C3", "drop yellow on C4", "place palm on B3 (Lamia, pay fakir)")
    assert st.palms[t("B3")] == 1 and st.palms[t("C4")] == 0


def test_leta_takes_an_empty_bare_tile_with_a_camel():
    st = position(board={"C3": "B", "C4": "B"})
    with_djinn(st, 0, "Leta", elders=2)
    assert "use Leta on C3 (pay elder+elder)" not in texts(st)
    act(st, "use Leta on A1 (pay elder+elder)")
    assert st.camel[t("A1")] == 0 and st.camels[0] == 10


def test_marid_pays_for_each_meeple_dropped_on_its_owners_tiles():
    st = position(board={"C3": "YB", "C5": "B"})
    camel(st, "C4", 1)
    with_djinn(st, 1, "Marid")
    act(st, "move from C3", "drop yellow on C4", "drop blue on C5")
    assert st.gold[1] == 52


def test_monkir_pays_for_each_palace_placed():
    st = position(board={"C3": "Y", "C4": "Y"})
    set_tile(st, "C4", "Village 5")
    with_djinn(st, 1, "Monkir")
    act(st, "move from C3", "drop yellow on C4")
    assert st.gold[1] == 52


@pytest.mark.parametrize("per, gold", [("action", 52), ("meeple", 54)])
def test_nekir_pays_when_assassins_kill(per, gold):
    st = position(board={"C3": "R", "C4": "RGB"}, nekir_per=per)
    with_djinn(st, 0, "Iblis", fakirs=1)
    with_djinn(st, 1, "Nekir")
    act(st, "move from C3", "drop red on C4", "use Iblis (pay fakir)", "kill green+blue on C4")
    assert st.gold[1] == gold


def test_nekir_pays_its_owner_one_gold_for_its_own_kill():
    st = position(board={"C3": "R", "C4": "RG"})
    with_djinn(st, 0, "Nekir")
    act(st, "move from C3", "drop red on C4", "kill green on C4")
    assert st.gold[0] == 51


def test_shamhat_makes_each_elder_worth_4():
    st = position(board={})
    give_pieces(st, 0, elders=3)
    with_djinn(st, 0, "Shamhat")
    assert finish_game_scores(st)[0]["elders"] == 12


def test_sibittis_draws_three_djinns_keeps_one_and_discards_the_others():
    st = position(board={"C3": "B", "C4": "B"})
    with_djinn(st, 0, "Sibittis", elders=1, fakirs=1)
    pile = list(st.dj_deck)
    act(st, "use Sibittis (pay elder+fakir)")
    drawn = [a.djinn for a in st.legal_actions()]
    assert st.step == "sibittis" and len(set(drawn)) == 3 and set(drawn) <= set(pile)
    assert sorted([*st.dj_deck, *drawn]) == sorted(pile)  # drawn from the pile, at random
    keep = st.legal_actions()[0].djinn
    act(st, str(st.legal_actions()[0]))
    assert st.djinn_owner[keep] == 0 and len(st.dj_discard) == 2 and st.step == "start"


def test_sloar_takes_the_top_card_of_the_resource_pile_for_a_fakir():
    st = position(board={"C3": "B", "C4": "B"})
    with_djinn(st, 0, "Sloar", fakirs=1)
    pile = list(st.res_deck)
    act(st, "use Sloar (pay fakir)")
    (card,) = [c for c, n in enumerate(st.cards[0]) if n]
    assert sum(st.cards[0]) == 1 and sorted([*st.res_deck, card]) == sorted(pile)


def test_utug_takes_a_tile_holding_only_meeples():
    st = position(board={"C3": "B", "C4": "B", "D4": "G"})
    with_djinn(st, 0, "Utug", elders=2)
    options = texts(st)
    assert "use Utug on D4 (pay elder+elder)" in options and "use Utug on A1 (pay elder+elder)" not in options
    act(st, "use Utug on D4 (pay elder+elder)")
    assert st.camel[t("D4")] == 0 and st.tile_meeples(t("D4"))[GREEN] == 1


# -- paid powers: once per owner's action turn, usable when gained ------------------------------

def test_a_paid_power_is_used_once_per_action_turn():
    st = position(board={"C3": "B", "C4": "B"})
    set_tile(st, "A1", "Oasis 8")
    with_djinn(st, 0, "Enki", elders=2)
    act(st, "use Enki on A1 (pay elder)")
    assert not any(o.startswith("use Enki") for o in texts(st))
    with pytest.raises(IllegalAction, match="already used this turn"):
        st.apply("use Enki on A1 (pay elder)")


def test_a_djinn_gained_at_a_sacred_place_can_be_used_the_same_turn():
    st = position(board={"C3": "Y", "C4": "YG"})
    set_tile(st, "C4", "Sacred Place 6")
    set_tile(st, "A1", "Oasis 8")
    set_djinn_row(st, "Enki", "Jafaar", "Boaz")
    give_pieces(st, 0, elders=3)
    fresh(st)
    act(st, "move from C3", "drop yellow on C4", "take djinn Enki (pay elder+elder)")
    assert "use Enki on A1 (pay elder)" in texts(st)


def two_turns(power_reset):
    """Player 0 holds both markers 1 and 2 of a 2-player round, so acts twice in a row."""
    st = position(board={"C3": "B", "C4": "B", "D3": "B", "D4": "B"}, power_reset=power_reset)
    mine = [m for m in range(4) if st.markers[m] == 0]
    others = [m for m in range(4) if st.markers[m] == 1]
    st.play_order = mine + others
    st.next_bid_order = [mine[0]]
    st.track = [-1] * 5 + (mine + others)[::-1]
    set_tile(st, "A1", "Oasis 8")
    set_tile(st, "C4", "Oasis 8")
    with_djinn(st, 0, "Enki", elders=3)
    return st


@pytest.mark.parametrize("reset, again", [("action", True), ("round", False)])
def test_two_player_second_action_turn_may_use_the_power_again_per_the_seed(reset, again):
    st = two_turns(reset)
    act(st, "use Enki on A1 (pay elder)", "move from C3", "drop blue on C4")  # nothing left: turn ends
    assert st.player == 0 and st.step == "start"
    assert any(o.startswith("use Enki") for o in texts(st)) == again


def powers(st) -> list[str]:
    return [o for o in texts(st) if o.startswith("use")]


def test_paid_powers_are_offered_at_each_step_of_the_owners_action_turn():
    """Seed: a paid power may be used once in each of its owner's action turns
    ("비용이 있는 능력은 소유자의 개인 행동 차례마다 한 번 사용할 수 있고"), no moment named: by default (power_timing="every step") it is offered at
    every decision of the turn after the walk: Builders, market, end step (RULES.md 3 #11)."""
    st = position(board={"C3": "B", "C4": "B", "B4": "G"})
    set_tile(st, "C4", "Small Market 6")
    with_djinn(st, 0, "Sloar", fakirs=2)
    assert "use Sloar (pay fakir)" in texts(st)
    act(st, "move from C3")
    assert powers(st) == []  # not inside the walk itself
    act(st, "drop blue on C4")
    assert st.step == "builders" and powers(st) == ["use Sloar (pay fakir)"]
    act(st, "builders: discard 0 fakirs")
    assert st.step == "market" and powers(st) == ["use Sloar (pay fakir)"]
    act(st, "use Sloar (pay fakir)")
    assert st.step == "market" and powers(st) == [] and sum(st.cards[0]) == 2  # once per turn
    act(st, "skip market")
    assert st.step == "end" and powers(st) == []


def test_a_fakir_drawn_with_sloar_at_the_builders_step_can_be_added_there():
    """The case the old reading ruled out: Sloar used at the Builders' step, its card used there."""
    st = position(board={"C3": "B", "C4": "B"})
    with_djinn(st, 0, "Sloar", fakirs=1)
    # the other player holds every merchandise of the pile, so Sloar surely draws a Fakir
    give_cards(st, 1, **{CARD_NAMES[k]: st.res_deck.count(k) for k in MERCH if st.res_deck.count(k)})
    fresh(st)
    act(st, "move from C3", "drop blue on C4", "use Sloar (pay fakir)")
    assert st.step == "builders" and st.cards[0][FAKIR] == 1
    assert "builders: discard 1 fakir" in texts(st)


def test_a_usable_power_makes_a_step_without_other_choices_a_decision():
    """Builders with no Fakir would pay at once; a usable Enki makes the step a decision."""
    st = position(board={"C3": "B", "C4": "B"})
    set_tile(st, "A1", "Oasis 8")
    with_djinn(st, 0, "Enki", elders=1)
    act(st, "move from C3", "drop blue on C4")
    assert st.step == "builders" and texts(st)[0] == "builders: discard 0 fakirs"
    assert set(powers(st)) == {f"use Enki on {TILE_NAMES[u]} (pay elder)" for u in range(30)
                               if TILE_KIND[st.tiles[u]] == "palm"}
    act(st, "use Enki on A1 (pay elder)")
    assert st.step == "builders" and st.palms[t("A1")] == 1


def test_a_placement_during_the_builders_step_keeps_the_builders_tile():
    """Bouraq used at the Builders' step, its palace moved by Hagis: back at the Builders' step the
    gold is counted around the move's final tile, not the palace's."""
    st = position(board={"C3": "B", "C4": "B"})
    set_tile(st, "A1", "Village 5")
    with_djinn(st, 0, "Bouraq", "Hagis", elders=2)
    act(st, "move from C3", "drop blue on C4", "use Bouraq on A1 (pay elder)")
    assert st.step == "place"
    act(st, "place palace on B2 (Hagis, pay elder)")
    assert st.step == "builders" and st.palaces[t("B2")] == 1
    from boardlab.fivetribes.components import blue_tiles_around
    act(st, "builders: discard 0 fakirs")
    assert st.gold[0] == 50 + 2 * blue_tiles_around(st.tiles, t("C4"))  # 2 Builders collected on C4


def test_turn_powers_before_the_move_and_at_the_end_step_only_with_that_option():
    """power_timing="start and end" (the engine's earlier reading, RULES.md 3 #11): a paid "your
    turn" power (here Sloar) is offered at the turn's first decision and at its end step, not in
    between (Builders, Assassins, market, sacred place); the seed ("비용이 있는 능력은 소유자의 개인 행동 차례마다 한 번 사용할 수 있고") names no moment."""
    st = position(board={"C3": "B", "C4": "B", "B4": "G"}, power_timing="start and end")
    set_tile(st, "C4", "Small Market 6")
    with_djinn(st, 0, "Sloar", fakirs=2)
    assert "use Sloar (pay fakir)" in texts(st)
    act(st, "move from C3", "drop blue on C4")
    assert st.step == "builders" and not any(o.startswith("use") for o in texts(st))
    act(st, "builders: discard 0 fakirs")
    assert st.step == "market" and not any(o.startswith("use") for o in texts(st))
    act(st, "skip market")
    assert st.step == "end" and "use Sloar (pay fakir)" in texts(st)


def test_a_power_at_the_assassins_step_can_bring_a_victim_into_reach():
    """No victim in reach: the Assassins' step is still asked while Anun-Nak is usable, and the
    meeples it puts on an empty tile can be killed in that same step (RULES.md 3 #11)."""
    st = position(board={"C3": "R", "C4": "R"})  # C4 (2 Assassins) has no victim on the board
    with_djinn(st, 0, "Anun-Nak", elders=1)
    act(st, "move from C3", "drop red on C4")
    assert st.step == "kill" and texts(st)[0] == "no kill" and "use Anun-Nak on C5 (pay elder)" in texts(st)
    act(st, "use Anun-Nak on C5 (pay elder)")
    assert sum(st.tile_meeples(t("C5"))) == 3 and all(o.startswith("kill") for o in texts(st))
    assert any(o.endswith("on C5") for o in texts(st))
