"""Every misplay at every player count where its seed point applies: played with the misplay, the
wrong rule shows; played without it, the seed's rule (the two are compared in each test)."""

import pytest

from boardlab.alea import Game
from boardlab.alea.components import SENATE_INDEX, senate_deck
from boardlab.alea.game import MISPLAYS
from boardlab.alea.scoring import player_sheet
from boardlab.alea.state import invariants
from tests.alea.helpers import card, do, finish_set, new, pat, prov, put, set_roll, texts

ALL = (2, 3, 4, 5)
TEMPLUM = (4, 5)  # seed point 2: the Templum is in play at 4-5 players only
#: the player counts at which each misplay is tested (where its seed point applies)
APPLIES = {
    "five_sets_always": ALL, "templum_small_games": ALL, "set_ends_at_once": ALL, "full_forum_always": ALL,
    "templum_draw_all_dice": TEMPLUM, "senate_leftover_discarded": ALL, "castrum_one_group": ALL,
    "forum_refuses_six": ALL, "latrina_by_choice": ALL, "unrewarded_placements": ALL, "reroll_all_dice": ALL,
    "lone_templum_no_extra": TEMPLUM, "leftover_tiles_reused": ALL, "unassigned_patricians_count": ALL,
    "card_iii_without_itself": ALL, "card_vii_border_one_colour": ALL, "card_xii_half_couple": ALL,
}


def both(players, misplay, seed=1, **options):
    """(the seed's game, the misplayed game) from the same seed."""
    return new(players, seed, **options), new(players, seed, misplays=[misplay], **options)


def others_play_forum(st, upto=0):
    """The players after the one who just moved each put one die in the Forum until ``upto`` moves."""
    while st.player != upto:
        do(st, "choose Forum", f"place {st.hand[0]} in Forum")


def test_every_misplay_is_tested_at_the_player_counts_where_its_point_applies():
    assert set(APPLIES) == set(MISPLAYS)


# -- seed point 1, 2, 4: setup by player count --------------------------------------------------------
@pytest.mark.parametrize("players", APPLIES["five_sets_always"])
def test_misplay_five_sets_always_at_every_player_count(players):
    right, wrong = both(players, "five_sets_always")
    assert (right.nsets, wrong.nsets) == ((6, 5) if players <= 3 else (5, 5))


@pytest.mark.parametrize("players", APPLIES["templum_small_games"])
def test_misplay_templum_small_games_at_every_player_count(players):
    right, wrong = both(players, "templum_small_games")
    assert right.templum == (players >= 4) and wrong.templum
    assert (SENATE_INDEX["IV"] in right.deck) == (players >= 4) and SENATE_INDEX["IV"] in wrong.deck
    assert sum(wrong.fpile) == 30


@pytest.mark.parametrize("players", APPLIES["full_forum_always"])
def test_misplay_full_forum_always_at_every_player_count(players):
    right, wrong = both(players, "full_forum_always")
    assert (right.slots, len(right.pat_shown)) == (players + 2,) * 2
    assert (wrong.slots, len(wrong.pat_shown)) == (7, 7)


# -- seed point 3 ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", APPLIES["set_ends_at_once"])
def test_misplay_set_ends_at_once_at_every_player_count(players):
    for st, ends_at_once in zip(both(players, "set_ends_at_once"), (False, True)):
        set_roll(st, [3] * 8)
        do(st, "choose Castrum", "place 3 3 3 3 3 3 3 3 in Castrum")
        assert (st.step != "turn") == ends_at_once  # the others still have their turn under the seed's rule


# -- seed point 5, 9: the Templum ------------------------------------------------------------------------
@pytest.mark.parametrize("players", APPLIES["templum_draw_all_dice"])
def test_misplay_templum_draw_all_dice_at_every_player_count(players):
    for st, drawn in zip(both(players, "templum_draw_all_dice"), (2, 3)):
        set_roll(st, [6, 1, 1, 1, 1, 1, 1, 1])
        do(st, "choose Templum", "place 6 in Templum")
        set_roll(st, [5, 6, 1, 1, 1, 1, 1, 1])
        do(st, "choose Templum", "place 5 6 in Templum")
        others_play_forum(st)
        set_roll(st, [5, 6, 1, 1])
        do(st, "choose Templum", "place 5 6 in Templum")
        assert len(st.drawn[0]) == 1 + drawn  # 2 dice added: 2 more tiles (the misplay: all 3 dice there)


@pytest.mark.parametrize("players", APPLIES["lone_templum_no_extra"])
def test_misplay_lone_templum_no_extra_at_every_player_count(players):
    for st, kept in zip(both(players, "lone_templum_no_extra"), (2, 1)):
        set_roll(st, [6, 1, 1, 1, 1, 1, 1, 1])
        do(st, "choose Templum", "place 6 in Templum")
        finish_set(st)
        assert len(st.fortune[0]) == kept


# -- seed point 6: the Senatus and the Castrum ---------------------------------------------------------
def _order_deck(st, names):
    top = [SENATE_INDEX[n] for n in names]
    rest = list(st.deck)
    for c in top:
        rest.remove(c)
    st.deck = tuple(top + rest)


@pytest.mark.parametrize("players", APPLIES["senate_leftover_discarded"])
def test_misplay_senate_leftover_discarded_at_every_player_count(players):
    """Straights of 3, 2 (and 1 at 3+ players when it can be rewarded): the leftover card goes under
    the deck, or to third place at 5 players; with the misplay it leaves the game and third place is
    never rewarded."""
    for st, misplayed in zip(both(players, "senate_leftover_discarded"), (False, True)):
        _order_deck(st, ["X", "V", "IX"])  # X: a card of one copy
        set_roll(st, [1, 2, 3, 6, 6, 6, 6, 6])
        do(st, "choose Senatus", "place 1 2 3 in Senatus")
        set_roll(st, [1, 2, 6, 6, 6, 6, 6, 6])
        do(st, "choose Senatus", "place 1 2 in Senatus")
        if players >= 3:
            set_roll(st, [4, 6, 6, 6, 6, 6, 6, 6])
            third_offered = "choose Senatus" in texts(st)
            assert third_offered == (players == 5 and not misplayed)  # a third place is rewarded at 5 only
            if third_offered:
                do(st, "choose Senatus", "place 4 in Senatus")
        finish_set(st, avoid=("Templum", "Senatus"), until_rewards=True)
        do(st, "keep senate card IX", "keep senate card V")
        leftover = SENATE_INDEX["X"]
        if misplayed:
            assert st.senate_out == (leftover,) and leftover not in st.deck
        elif players == 5:
            assert st.cards[2] == (leftover,) and st.senate_out == ()
        else:
            assert st.deck[-1] == leftover and st.senate_out == ()
        invariants(st)


@pytest.mark.parametrize("players", APPLIES["castrum_one_group"])
def test_misplay_castrum_one_group_at_every_player_count(players):
    for st, second_group in zip(both(players, "castrum_one_group"), (True, False)):
        set_roll(st, [4, 4, 4, 1, 1, 1, 1, 1])
        do(st, "choose Castrum", "place 4 4 4 in Castrum")
        others_play_forum(st)
        set_roll(st, [4, 6, 6, 1, 1])
        do(st, "choose Castrum")
        assert ("place 6 6 in Castrum" in texts(st)) == second_group and "place 4 in Castrum" in texts(st)


# -- seed point 7, 8: the Forum, the Latrina, rerolls -----------------------------------------------------
@pytest.mark.parametrize("players", APPLIES["forum_refuses_six"])
def test_misplay_forum_refuses_six_at_every_player_count(players):
    for st, six in zip(both(players, "forum_refuses_six"), (True, False)):
        set_roll(st, [6, 6, 6, 6, 6, 6, 6, 5])
        do(st, "choose Forum")
        assert texts(st) == (["place 5 in Forum", "place 6 in Forum"] if six else ["place 5 in Forum"])


@pytest.mark.parametrize("players", APPLIES["latrina_by_choice"])
def test_misplay_latrina_by_choice_at_every_player_count(players):
    for st, offered in zip(both(players, "latrina_by_choice"), (False, True)):
        set_roll(st, [1, 2, 3, 4, 5, 6, 6, 6])
        assert ("choose Latrina" in texts(st)) == offered


def _forum_full_of_ones(st):
    """Another player's 1s fill every Forum column: a 6 would land right of the last one."""
    put(st, "free", 1, st.free[1] - st.slots)
    st.forum = tuple((1, 1) for _ in range(st.slots))
    st.stamp = st.slots
    st._legal = st._places = st._open = None
    invariants(st)


@pytest.mark.parametrize("players", APPLIES["unrewarded_placements"])
def test_misplay_unrewarded_placements_at_every_player_count(players):
    for st, offered in zip(both(players, "unrewarded_placements"), (False, True)):
        _forum_full_of_ones(st)
        set_roll(st, [6, 6, 6, 6, 6, 6, 6, 6])
        assert ("choose Forum" in texts(st)) == offered


@pytest.mark.parametrize("players", APPLIES["reroll_all_dice"])
def test_misplay_reroll_all_dice_at_every_player_count(players):
    for st, partial in zip(both(players, "reroll_all_dice"), (True, False)):
        put(st, "chips", 0, 2)
        set_roll(st, [2, 2, 3, 5, 6, 6, 6, 6])
        rerolls = [str(a) for a in st.legal_actions() if a.kind == "reroll"]
        assert "reroll keeping nothing" in rerolls and (len(rerolls) > 1) == partial


# -- seed point 9: leftover tiles ---------------------------------------------------------------------
SEED = 3  # a deal in which some shown province stays unclaimed at every player count (asserted; chance stream 2)


@pytest.mark.parametrize("players", APPLIES["leftover_tiles_reused"])
def test_misplay_leftover_tiles_reused_at_every_player_count(players):
    for st, reused in zip(both(players, "leftover_tiles_reused", seed=SEED), (False, True)):
        shown = list(st.prov_shown)
        set_roll(st, [6, 1, 1, 1, 1, 1, 1, 1])
        do(st, "choose Castrum", "place 6 in Castrum")
        finish_set(st, avoid=("Templum", "Castrum"))
        back = [t for t in shown if all(t not in st.provs[p] for p in range(players))]
        assert back  # at least one shown province was not claimed
        assert all((t in st.aside_prov) != reused for t in back)


# -- seed point 10: senate cards at the final scoring ---------------------------------------------------
def _sheet(players, provinces, patricians, cards, misplays=()):
    return player_sheet(Game(players=players, misplays=list(misplays)), [prov(p) for p in provinces],
                        [pat(p) for p in patricians], [card(c) for c in cards], [], 0)


@pytest.mark.parametrize("players", APPLIES["unassigned_patricians_count"])
def test_misplay_unassigned_patricians_count_at_every_player_count(players):
    hand = (["Germania II"], ["green man I", "green man III"], ["VIII"])
    assert _sheet(players, *hand)["senate"] == 1
    assert _sheet(players, *hand, misplays=["unassigned_patricians_count"])["senate"] == 2


@pytest.mark.parametrize("players", APPLIES["card_iii_without_itself"])
def test_misplay_card_iii_without_itself_at_every_player_count(players):
    hand = ([], [], ["III", "I", "II", "V"])
    assert _sheet(players, *hand)["senate"] == 5
    assert _sheet(players, *hand, misplays=["card_iii_without_itself"])["senate"] == 4


@pytest.mark.parametrize("players", APPLIES["card_vii_border_one_colour"])
def test_misplay_card_vii_border_one_colour_at_every_player_count(players):
    hand = (["Hispania I", "joker"], ["yellow man II"], ["VII", "XII", "XIII", "XIII"])
    assert _sheet(players, *hand)["senate"] == 4
    assert _sheet(players, *hand, misplays=["card_vii_border_one_colour"])["senate"] == 3


@pytest.mark.parametrize("players", APPLIES["card_xii_half_couple"])
def test_misplay_card_xii_half_couple_at_every_player_count(players):
    hand = ([], ["red man I"], ["XII"])
    assert _sheet(players, *hand)["senate"] == 0
    assert _sheet(players, *hand, misplays=["card_xii_half_couple"])["senate"] == 3


def test_the_senate_deck_has_19_cards_of_13_kinds_and_18_without_card_iv():
    """The real deck (reference: 19 cards, 13 kinds, 6 duplicates whose split is assumed)."""
    assert len(senate_deck(True)) == 19 and len(set(senate_deck(True))) == 13
    assert len(senate_deck(False)) == 18 and SENATE_INDEX["IV"] not in senate_deck(False)
    assert len(senate_deck(True, 14)) == 14  # the deck of earlier versions, for their records


def _short_draws(deck_size: int, games: int) -> int:
    """How many Senatus payouts of ``games`` seeded random 5-player games found fewer than 3 cards to draw."""
    from boardlab.alea import rules
    from boardlab.core.policies import play

    short = 0
    score_set = rules._score_set

    def counting(st):
        nonlocal short
        short += bool(rules.senatus_ranking(st)) and len(st.deck) < 3
        score_set(st)

    rules._score_set = counting
    try:
        for seed in range(games):
            play(Game(players=5, senate_deck=deck_size), ["random"] * 5, seed=seed)
    finally:
        rules._score_set = score_set
    return short


def test_no_5_player_game_of_200_runs_out_of_senate_cards_with_the_19_card_deck():
    """5 sets with 3 rewarded places take at most 15 cards; the old 14-card deck ran dry."""
    assert _short_draws(19, 200) == 0
    assert _short_draws(14, 20) > 0  # the check can fail: the 14-card deck runs out
