"""Chance and hidden information (GUIDE 2): the draw piles hold no order, so a reseeded lookahead
copy does not know what will be drawn; a player's view hides what only another player sees."""

import json
import random

from boardlab.core.record import replay
from boardlab.fivetribes import Game
from tests.fivetribes.helpers import act, fresh, give_cards, give_djinn, give_pieces, position, set_row


def sloar_position():
    st = position(board={"C3": "B", "C4": "B"})
    give_djinn(st, 0, "Sloar")
    give_cards(st, 0, fakir=1)
    return fresh(st)


def sloar_draw(st) -> int:
    act(st, "use Sloar (pay fakir)")
    (card,) = [c for c, n in enumerate(st.cards[0]) if n]
    return card


def test_a_copy_draws_what_the_original_draws():
    st = sloar_position()
    assert sloar_draw(st.copy()) == sloar_draw(st.copy()) == sloar_draw(st)


def test_reseeded_copies_draw_different_sloar_cards():
    st = sloar_position()
    drawn = set()
    for seed in range(20):
        copy = st.copy()
        copy.reseed(seed)
        drawn.add(sloar_draw(copy))
    assert len(drawn) >= 3  # 45 unseen cards of 10 kinds: the future is not fixed in the state


def test_reseeded_copies_draw_different_sibittis_djinns():
    st = position(board={"C3": "B", "C4": "B"})
    give_djinn(st, 0, "Sibittis")
    give_pieces(st, 0, elders=2)
    fresh(st)
    offers = set()
    for seed in range(10):
        copy = st.copy()
        copy.reseed(seed)
        act(copy, "use Sibittis (pay elder+elder)")
        offers.add(frozenset(copy.drawn))
    assert len(offers) >= 2


def play_to_round_two(st):
    while st.round == 1 and not st.is_over:
        st.apply(st.legal_actions()[0])
    return st


def test_reseeded_copies_see_different_refills_after_the_round():
    # game 0: its first round, played by first options, takes cards, so the row is refilled
    # (under chance stream 2 game 4's takes none, and every copy shows the same row)
    st = Game(players=3).new_game(0)
    rows = set()
    for seed in range(8):
        copy = st.copy()
        copy.reseed(seed)
        play_to_round_two(copy)
        rows.add(tuple(copy.res_row))
    assert len(rows) >= 2
    # without a reseed the copy refills exactly as the original does
    a, b = play_to_round_two(st.copy()), play_to_round_two(st.copy())
    assert a == b


def test_the_pile_is_stored_without_an_order():
    st = Game(players=2).new_game(0)
    assert list(st.res_deck) == sorted(st.res_deck) and list(st.dj_deck) == sorted(st.dj_deck)
    # a hand-edited pile (helpers append in any order) draws like its JSON form, which is sorted
    edited = sloar_position()
    set_row(edited, "Fish", "Silk")
    assert edited.res_deck != sorted(edited.res_deck)
    rebuilt = edited.game.state_from_json(edited.to_json())
    assert sloar_draw(edited.copy()) == sloar_draw(rebuilt)


def test_json_form_and_record_reproduce_a_game_with_draws_exactly():
    game = Game(players=2)
    st = game.new_game(31)
    rng = random.Random(31)
    rebuilt_at = {20, 60, 120}
    rebuilt = []
    while not st.is_over:
        if len(st.history) in rebuilt_at:
            rebuilt.append(game.state_from_json(json.loads(json.dumps(st.to_json()))))
        action = rng.choice(st.legal_actions())
        st.apply(action)
        for other in rebuilt:
            other.apply(action)
    assert len(rebuilt) == 3 and st.round >= 4  # refills (draws) happened after each rebuild
    assert all(other.to_json() == st.to_json() for other in rebuilt)
    assert replay(json.loads(json.dumps(st.record.to_json()))) == st


def test_view_hides_the_djinns_drawn_with_sibittis_from_the_others():
    st = position(board={"C3": "B", "C4": "B"})
    give_djinn(st, 0, "Sibittis")
    give_pieces(st, 0, elders=2)
    act(fresh(st), "use Sibittis (pay elder+elder)")
    assert st.step == "sibittis" and len(st.drawn) == 3
    mine, theirs = st.view(0), st.view(1)
    assert sorted(mine["pending"]["drawn"]) == sorted(st.to_json()["pending"]["drawn"])
    assert theirs["pending"]["drawn"] == 3
    names = set(st.to_json()["pending"]["drawn"])
    assert not names & set(json.dumps(theirs["pending"]).split('"'))
    assert theirs["resource_deck"] == len(st.res_deck) and theirs["chance"] is None
