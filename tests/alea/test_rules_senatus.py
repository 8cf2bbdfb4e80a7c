"""Seed points 6 and 9 (Senatus): straights; first draws 3 senate cards, keeps 1 and passes 2 to
second, who keeps 1 and puts the last under the deck (to third at 5 players); a lone participant
draws 3, keeps 1 and puts 2 under the deck."""

import pytest

from boardlab.alea.components import SENATE_INDEX
from tests.alea.helpers import do, finish_set, new, set_roll, texts


def order_deck(st, names):
    """Put the named cards on top of the senate deck in this order (the deck keeps its cards)."""
    top = [SENATE_INDEX[n] for n in names]
    rest = list(st.deck)
    for c in top:
        rest.remove(c)
    st.deck = tuple(top + rest)


def play_to_senate(st):
    while st.step != "senate":
        legal = st.legal_actions()
        st.apply(next((a for a in legal if a.kind not in ("reroll",) and str(a) != "choose Senatus"), legal[0]))


def test_senatus_takes_a_straight_and_a_single_die_counts():
    st = new(4)
    set_roll(st, [1, 2, 3, 5, 5, 6, 6, 6])
    do(st, "choose Senatus")
    got = texts(st)
    assert "place 1 2 3 in Senatus" in got and "place 5 6 in Senatus" in got and "place 6 in Senatus" in got
    assert "place 1 2 3 5 in Senatus" not in got  # not consecutive


def test_option_senatus_min_straight_2_refuses_a_single_die():
    st = new(4, senatus_min_straight=2)
    set_roll(st, [1, 2, 4, 4, 4, 6, 6, 6])
    do(st, "choose Senatus")
    assert texts(st) == ["place 1 2 in Senatus"]


def test_senatus_one_straight_per_player_extended_in_later_turns():
    st = new(2)
    set_roll(st, [3, 4, 5, 1, 1, 1, 1, 1])
    do(st, "choose Senatus", "place 3 4 5 in Senatus")
    do(st, "choose Forum", f"place {st.hand[0]} in Forum")
    set_roll(st, [1, 2, 6, 6, 6])
    do(st, "choose Senatus")
    assert set(texts(st)) == {"place 1 2 6 in Senatus", "place 1 2 in Senatus", "place 2 6 in Senatus",
                              "place 2 in Senatus", "place 6 in Senatus"}  # 1 alone would leave a gap
    do(st, "place 2 6 in Senatus")
    assert st.sen[0] == (2, 3, 4, 5, 6)


def test_seed_6_first_keeps_1_of_3_passes_2_second_keeps_1_last_goes_under_the_deck():
    st = new(4)
    order_deck(st, ["I", "V", "IX"])
    set_roll(st, [1, 2, 3, 6, 6, 6, 6, 6])
    do(st, "choose Senatus", "place 1 2 3 in Senatus")
    set_roll(st, [4, 5, 1, 1, 1, 1, 1, 1])
    do(st, "choose Senatus", "place 4 5 in Senatus")
    finish_set(st, avoid=("Templum", "Senatus"), until_rewards=True)  # stops at the first reward decision
    assert st.step == "senate" and st.player == 0 and texts(st) == [
        "keep senate card I", "keep senate card V", "keep senate card IX"]
    do(st, "keep senate card V")
    assert st.player == 1 and texts(st) == ["keep senate card I", "keep senate card IX"]
    do(st, "keep senate card IX")
    assert st.cards[0] == (SENATE_INDEX["V"],) and st.cards[1] == (SENATE_INDEX["IX"],)
    assert st.deck[-1] == SENATE_INDEX["I"]  # under the deck


def test_seed_6_at_5_players_the_last_card_goes_to_third_place():
    st = new(5)
    order_deck(st, ["I", "V", "IX"])
    set_roll(st, [1, 2, 3, 6, 6, 6, 6, 6])
    do(st, "choose Senatus", "place 1 2 3 in Senatus")  # player 0: length 3
    set_roll(st, [4, 5, 6, 6, 6, 6, 6, 6])
    do(st, "choose Senatus", "place 4 5 in Senatus")  # player 1: length 2
    set_roll(st, [1, 2, 3, 4, 5, 6, 6, 6])
    do(st, "choose Senatus", "place 1 2 3 4 5 6 in Senatus")  # player 2: length 6
    finish_set(st, avoid=("Templum", "Senatus"), until_rewards=True)
    assert st.player == 2
    do(st, "keep senate card I")
    assert st.player == 0 and texts(st) == ["keep senate card V", "keep senate card IX"]
    do(st, "keep senate card V")  # the last card goes to third place without a choice
    assert [st.cards[p] for p in (2, 0, 1)] == [(SENATE_INDEX[n],) for n in ("I", "V", "IX")]


def test_seed_9_a_lone_senatus_participant_draws_3_keeps_1_puts_2_under_the_deck():
    st = new(4)
    order_deck(st, ["I", "V", "IX"])
    set_roll(st, [1, 2, 3, 6, 6, 6, 6, 6])
    do(st, "choose Senatus", "place 1 2 3 in Senatus")
    finish_set(st, avoid=("Templum", "Senatus"), until_rewards=True)
    do(st, "keep senate card IX")
    assert st.cards[0] == (SENATE_INDEX["IX"],)
    assert st.deck[-2:] == (SENATE_INDEX["I"], SENATE_INDEX["V"])


def test_senatus_straights_ranked_below_the_rewarded_go_to_the_latrina():
    st = new(4)
    set_roll(st, [1, 5, 5, 5, 5, 5, 5, 5])
    do(st, "choose Senatus", "place 1 in Senatus")  # length 1
    set_roll(st, [1, 2, 6, 6, 6, 6, 6, 6])
    do(st, "choose Senatus", "place 1 2 in Senatus")  # length 2
    set_roll(st, [1, 2, 3, 6, 6, 6, 6, 6])
    do(st, "choose Senatus", "place 1 2 3 in Senatus")  # length 3: player 0 is third of 2 rewarded
    latrina_before = st.lat[0]
    finish_set(st, avoid=("Templum", "Senatus"), until_rewards=True)
    assert st.step == "senate" and st.sen[0] == () and st.lat[0] >= latrina_before + 1
    assert st.queue == (2, 1) or st.player == 2


def test_misplay_senate_leftover_discarded_takes_the_last_card_out_of_the_game():
    st = new(4, misplays=["senate_leftover_discarded"])
    order_deck(st, ["X", "V", "IX"])  # X: one copy in the deck
    set_roll(st, [1, 2, 3, 6, 6, 6, 6, 6])
    do(st, "choose Senatus", "place 1 2 3 in Senatus")
    finish_set(st, avoid=("Templum", "Senatus"), until_rewards=True)
    do(st, "keep senate card IX")
    assert st.senate_out == (SENATE_INDEX["X"], SENATE_INDEX["V"])
    assert SENATE_INDEX["X"] not in st.deck


@pytest.mark.parametrize("tie_rule, winner", [("latest", 1), ("earliest", 0)])
def test_option_tie_rule_decides_a_full_senatus_tie(tie_rule, winner):
    st = new(4, tie_rule=tie_rule)
    order_deck(st, ["I", "V", "IX"])
    set_roll(st, [1, 2, 6, 6, 6, 6, 6, 6])
    do(st, "choose Senatus", "place 1 2 in Senatus")
    set_roll(st, [3, 4, 6, 6, 6, 6, 6, 6])
    do(st, "choose Senatus", "place 3 4 in Senatus")
    finish_set(st, avoid=("Templum", "Senatus"), until_rewards=True)
    assert st.step == "senate" and st.player == winner


def test_seed_6_cards_put_under_the_deck_stay_at_the_bottom_when_a_lookahead_copy_is_reseeded():
    st = new(4)
    order_deck(st, ["I", "V", "IX"])
    set_roll(st, [1, 2, 3, 6, 6, 6, 6, 6])
    do(st, "choose Senatus", "place 1 2 3 in Senatus")
    finish_set(st, avoid=("Templum", "Senatus"), until_rewards=True)
    do(st, "keep senate card IX")
    assert st.under == 2 and st.deck[-2:] == (SENATE_INDEX["I"], SENATE_INDEX["V"])
    assert st.to_json()["senate_under"] == 2 and st.view(1)["senate_under"] == 2
    copies = [st.copy() for _ in range(6)]
    for i, c in enumerate(copies):
        c.reseed(100 + i)
        # the unseen cards (the deck above them and the other players' hands) are dealt anew
        hidden = lambda s: sorted([*s.deck] + [k for q in range(s.nplayers) if q != s.player for k in s.cards[q]])  # noqa: E731
        assert c.deck[-2:] == st.deck[-2:] and hidden(c) == hidden(st)
    assert len({tuple(c.deck) for c in copies}) > 1  # the unseen part is shuffled anew
    assert st.deck[-2:] == (SENATE_INDEX["I"], SENATE_INDEX["V"])  # the original is untouched
