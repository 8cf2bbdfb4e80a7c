"""Moving meeples (seed: 미플 이동) and the move generator, pinned like perft."""

import random

import pytest

from boardlab.core import IllegalAction
from boardlab.fivetribes import Game, complete_moves
from boardlab.fivetribes.components import BLUE, GREEN, NBR, NTILES, RED, YELLOW
from boardlab.fivetribes.movegen import completions, legal_starts, reach
from tests.fivetribes.helpers import act, position, t, texts


def test_move_picks_up_every_meeple_of_the_start_tile():
    st = position(board={"C3": "YBR", "C4": "B", "D4": "R"})
    act(st, "move from C3")
    assert st.tile_meeples(t("C3")) == [0, 0, 0, 0, 0]
    assert st.hand == (1, 0, 0, 1, 1)


def test_each_step_drops_one_meeple_on_an_orthogonally_adjacent_tile_never_diagonal():
    st = position(board={"C3": "BB", "C1": "B"})
    act(st, "move from C3")
    assert {a.tile for a in st.legal_actions()} <= set(NBR[t("C3")])
    with pytest.raises(IllegalAction, match="orthogonal"):
        st.apply("drop blue on D2")
    act(st, "drop blue on C2")
    assert st.tile_meeples(t("C2"))[BLUE] == 1


def test_no_immediate_backtrack_to_the_tile_just_left():
    st = position(board={"C3": "BBBB", "C1": "B", "C2": "B"})
    act(st, "move from C3", "drop blue on C2")
    with pytest.raises(IllegalAction, match="straight back"):
        st.apply("drop blue on C3")
    # and two steps can never end where they started
    assert not reach(t("C3"), -1, 2) >> t("C3") & 1


def test_a_loop_may_pass_a_tile_again():
    # 5 meeples from C3: C2, B2, B3, C3 (back over the start), D3
    st = position(board={"C3": "GGGGB", "D3": "B"})
    act(st, "move from C3", "drop green on C2", "drop green on B2", "drop green on B3", "drop green on C3",
        "drop blue on D3")
    assert st.tile_meeples(t("C3"))[GREEN] == 1 and st.viziers == (0, 0)


def test_the_mover_chooses_the_drop_order():
    st = position(board={"C3": "YB", "C1": "B", "C5": "Y"})
    act(st, "move from C3")
    options = texts(st)
    assert "drop yellow on C2" in options and "drop blue on C4" in options
    act(st, "drop yellow on C2", "drop blue on C1")
    assert st.tile_meeples(t("C2"))[YELLOW] == 1


def test_last_meeple_must_land_where_its_colour_already_is_and_collects_that_colour():
    st = position(board={"C3": "RB", "C1": "BBG"})
    act(st, "move from C3", "drop red on C2")
    assert texts(st) == ["drop blue on C1"]
    act(st, "drop blue on C1")
    assert st.tile_meeples(t("C1")) == [0, 0, 1, 0, 0]  # all three blue collected


def test_never_end_on_an_empty_tile():
    st = position(board={"A1": "G", "C5": "G"})
    assert texts(st)[:1] == ["no legal move"]
    with pytest.raises(IllegalAction, match="no path"):
        st.apply("move from A1")


def test_dead_end_drops_are_not_offered_and_are_refused():
    st = position(board={"C3": "RB", "C1": "B"})
    act(st, "move from C3")
    # dropping blue first leaves only red, which cannot end anywhere
    assert "drop blue on C2" not in texts(st)
    with pytest.raises(IllegalAction, match="no path can end"):
        st.apply("drop blue on C2")


# -- perft-style counts on hand-checked positions ---------------------------------------------

def board_of(cells):
    return position(board=cells).meeples


def test_perft_two_single_blues_side_by_side():
    # A1 -> B1 (blue there) and B1 -> A1: 2 moves; A2, C1, B2 are empty ends.
    moves = complete_moves(board_of({"A1": "B", "B1": "B"}))
    assert sorted(moves) == [(t("A1"), (t("B1"),), BLUE), (t("B1"), (t("A1"),), BLUE)]


def test_perft_two_meeples_reach_distance_two():
    # From C3 with blue+red: C1 (blue) via C2, E3 (red) via D3; C5 holds green, no one carries it.
    moves = complete_moves(board_of({"C3": "BR", "C1": "B", "E3": "R", "C5": "G"}))
    assert sorted(moves) == sorted([(t("C3"), (t("C2"), t("C1")), BLUE), (t("C3"), (t("D3"), t("E3")), RED)])


def test_perft_diagonal_target_has_two_paths():
    # D2 is two steps from C3 by C2 or by D3: two distinct complete moves.
    moves = complete_moves(board_of({"C3": "BG", "D2": "B"}))
    assert sorted(m[1] for m in moves) == [(t("C2"), t("D2")), (t("D3"), t("D2"))]


def test_perft_loop_end_counts_only_when_earlier_drops_count():
    # Five blues in corner A1. A walk of 5 can end on a tile it passed at step 1 only by a unit
    # square: from B1 (B2,A2,A1,B1), (C1,C2,B2,B1), (B2,C2,C1,B1) and the mirror three from A2.
    cells = {"A1": "BBBBB"}
    assert complete_moves(board_of(cells)) == []
    assert len(complete_moves(board_of(cells), loop=True)) == 6
    strict = position(board=cells)
    assert texts(strict)[0] == "no legal move"
    live = position(board=cells, loop_drops_count=True)
    assert texts(live) == ["move from A1"]


def test_loop_drops_count_option_lets_an_earlier_drop_satisfy_the_last_meeple():
    st = position(board={"A1": "BBBBB"}, loop_drops_count=True)
    act(st, "move from A1", "drop blue on B1", "drop blue on B2", "drop blue on A2", "drop blue on A1",
        "drop blue on B1")
    assert st.tile_meeples(t("B1"))[BLUE] == 0  # both blues on B1 collected


def test_perft_start_position_count_is_pinned():
    st = Game(players=4).new_game(1)
    moves = complete_moves(st.meeples)
    assert len(moves) == 712  # seed 1's board under chance stream 2
    assert len(set(moves)) == len(moves)
    assert len({m[0] for m in moves}) == len(legal_starts(st.meeples, False))


def naive_moves(meeples, loop):
    """Brute force over every walk: the definition, with no pruning."""
    out = []
    for s in range(NTILES):
        hand = meeples[s * 5:s * 5 + 5]
        k = sum(hand)
        if not k:
            continue
        board = list(meeples)
        board[s * 5:s * 5 + 5] = [0] * 5

        def walk(pos, prev, path):
            if len(path) == k:
                e = path[-1]
                for c in range(5):
                    if not hand[c]:
                        continue
                    if board[e * 5 + c] or (loop and hand[c] >= 2 and e in path[:-1]):
                        out.append((s, tuple(path), c))
                return
            for n in NBR[pos]:
                if n != prev:
                    walk(n, pos, path + [n])

        walk(s, -1, [])
    return sorted(out)


def random_positions(count, seed):
    rng = random.Random(seed)
    found = []
    game = Game(players=3)
    while len(found) < count:
        st = game.new_game(rng.randrange(10**6))
        target = rng.randrange(0, 60)
        n = 0
        while not st.is_over and n < 400:
            if st.step == "start" and len(st.history) >= target:
                break
            st.apply(rng.choice(st.legal_actions()))
            n += 1
        if st.step == "start":
            found.append(st)
    return found


@pytest.mark.parametrize("loop", [False, True])
def test_complete_moves_match_brute_force(loop):
    for st in random_positions(12, seed=11):
        assert sorted(complete_moves(st.meeples, loop)) == naive_moves(st.meeples, loop)


def stepwise_moves(st):
    """Every (start, path, final colour) reachable through legal_actions, checking for dead ends."""
    out = set()
    for a in st.legal_actions():
        if a.kind != "move":
            continue
        child = st.copy()
        child.apply(a)
        stack = [(child, a.tile, ())]
        while stack:
            node, s, path = stack.pop()
            options = node.legal_actions()
            assert options, f"dead end after move from {s} path {path}"
            for d in options:
                nxt = node.copy()
                nxt.apply(d)
                p2 = path + (d.tile,)
                if nxt.step == "drop" and nxt.path == p2:
                    stack.append((nxt, s, p2))
                else:
                    out.add((s, p2, d.colour))
    return out


@pytest.mark.parametrize("loop", [False, True])
def test_stepwise_choices_agree_with_the_complete_move_enumerator(loop):
    game = Game(players=3, loop_drops_count=loop)
    positions = random_positions(4, seed=5)
    positions.append(position(players=3, board={"A1": "BBBBB", "C3": "GGRB", "D3": "B"}))
    for st in positions:
        st = game.state_from_json(st.to_json())
        expected = set(complete_moves(st.meeples, loop))
        assert stepwise_moves(st) == expected


def stepwise_finishes(st):
    """Every (rest of the path, final colour) of a move in progress, through legal_actions."""
    out = set()
    stack = [(st, ())]
    while stack:
        node, path = stack.pop()
        for d in node.legal_actions():
            nxt = node.copy()
            nxt.apply(d)
            if nxt.step == "drop" and len(nxt.path) == len(st.path) + len(path) + 1:
                stack.append((nxt, path + (d.tile,)))
            else:
                out.add((path + (d.tile,), d.colour))
    return out


@pytest.mark.parametrize("loop", [False, True])
def test_completions_of_a_move_in_progress_are_what_the_drops_can_still_reach(loop):
    """movegen.completions (the greedy policy's planner at every drop) shares complete_moves' walker;
    from any point of a random move it lists exactly the finishes the legal drops lead to."""
    game = Game(players=3, loop_drops_count=loop)
    rng = random.Random(11)
    checked = 0
    for seed in range(6):
        st = game.new_game(seed)
        while not st.is_over:
            if st.step == "drop" and sum(st.hand) <= 5:
                got = completions(st.mv_pos, st.mv_prev, st.hand, st.orig, st.live, loop)
                assert len(got) == len(set(got)) and set(got) == stepwise_finishes(st)
                checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked >= 100


def test_no_legal_move_lets_the_player_pass_and_ends_the_game_after_the_round():
    st = position(board={"A1": "G", "F5": "R"})
    act(st, "no legal move")
    assert st.end_no_move
    while not st.is_over:
        assert st.round == 1
        st.apply(st.legal_actions()[0])
    assert st.is_over


def test_a_move_may_pass_through_empty_and_owned_tiles():
    from tests.fivetribes.helpers import camel, fresh
    st = position(board={"C3": "GB", "C5": "B"})
    camel(st, "C4", 1)
    fresh(st)
    act(st, "move from C3", "drop green on C4", "drop blue on C5")
    assert st.tile_meeples(t("C4"))[GREEN] == 1 and st.camel[t("C4")] == 1


def test_without_a_legal_move_djinn_powers_can_still_be_used():
    from tests.fivetribes.helpers import fresh, give_djinn, give_pieces, set_tile
    st = position(board={"A1": "G", "F5": "R"})
    set_tile(st, "C3", "Oasis 8")
    give_djinn(st, 0, "Enki")
    give_pieces(st, 0, elders=1)
    fresh(st)
    options = texts(st)
    assert "no legal move" in options and "use Enki on C3 (pay elder)" in options
    assert not any(o.startswith("move") for o in options)
