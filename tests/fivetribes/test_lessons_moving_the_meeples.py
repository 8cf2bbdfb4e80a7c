"""Lesson 02 (moving the meeples): every reachable end checked against ``complete_moves`` and
against the move played drop by drop through the engine; the move widget; the move counts.

Widget callbacks are driven without a kernel by setting ``widget.value`` on the Python objects
(jupyter-recipes.md §2, pattern A).
"""


from collections import Counter

import pytest
from matplotlib.figure import Figure

from boardlab.fivetribes import complete_moves
from boardlab.fivetribes.lessons import moving_the_meeples as L
from boardlab.fivetribes.actions import Move
from boardlab.fivetribes.components import COLOURS, NTILES, TILE_INDEX, TILE_NAMES, distance


def _provenance_text(fig: Figure) -> str:
    return " ".join(t.get_text() for t in fig.texts)


def _ends_from_complete_moves(meeples, tile, loop=False):
    return Counter((TILE_NAMES[path[-1]], COLOURS[c]) for _, path, c in complete_moves(meeples, loop, [tile]))


def _ends_step_by_step(state, tile):
    """Every (path, final colour) reached by playing the move drop by drop through the engine."""
    st = state.copy()
    while st.step == "bid":
        st.apply(st.legal_actions()[0])
    assert st.step == "start"
    st.apply(Move("move", tile))
    seen = set()

    def walk(s, path):
        if s.step != "drop":
            seen.add((tuple(p for p, _ in path), path[-1][1]))
            return
        for a in s.legal_actions():
            c = s.copy()
            c.apply(a)
            walk(c, path + [(a.tile, a.colour)])

    walk(st, [])
    return Counter((TILE_NAMES[p[-1]], COLOURS[c]) for p, c in seen)


@pytest.mark.parametrize("seed,tile", [(0, "C3"), (0, "A1"), (3, "D4"), (7, "F5")])
def test_reachable_ends_match_complete_moves_and_step_by_step_play(seed, tile):
    st = L.board(seed)
    table = L.reachable_ends(st, tile)
    got = Counter({(r.end, r.colour): r.paths for r in table.itertuples()})
    assert got == _ends_from_complete_moves(st.meeples, TILE_INDEX[tile])
    assert got == _ends_step_by_step(st, TILE_INDEX[tile])
    steps = sum(st.tile_meeples(TILE_INDEX[tile]))
    for r in table.itertuples():
        d = distance(TILE_INDEX[tile], TILE_INDEX[r.end])
        assert r.steps == steps and d <= steps and (steps - d) % 2 == 0
        assert st.meeples[TILE_INDEX[r.end] * 5 + COLOURS.index(r.colour)] == r.already_there >= 1


def test_move_widget_table_matches_complete_moves_for_each_tile_and_board():
    ex = L.MoveExplorer(seed=0, tile="C3")
    assert ex.updates == 1 and int(ex.result["paths"].sum()) == 27   # C3 on board 0 (stream v2)
    for tile in ("A1", "B2", "E4"):
        ex.tile.value = tile
        got = Counter({(r.end, r.colour): r.paths for r in ex.result.itertuples()})
        assert got == _ends_from_complete_moves(ex.state.meeples, TILE_INDEX[tile])
    ex.seed.value = 5
    assert ex.state.meeples == L.board(5).meeples
    got = Counter({(r.end, r.colour): r.paths for r in ex.result.itertuples()})
    assert got == _ends_from_complete_moves(L.board(5).meeples, TILE_INDEX["E4"])
    assert ex.figure is None or "boardlab" in _provenance_text(ex.figure)


def test_move_widget_loop_reading_uses_the_other_rule_and_reports_no_move():
    st = L.Game(players=3).new_game(0)
    data = st.to_json()
    # a 5-meeple tile whose only way to end on yellow is by coming back over its own drops
    for t in range(NTILES):
        data["bag"] = [a + b for a, b in zip(data["bag"], data["meeples"][t])]
        data["meeples"][t] = [0, 0, 0, 0, 0]
    take = {"C3": [0, 0, 0, 4, 1]}
    for name, counts in take.items():
        data["meeples"][TILE_INDEX[name]] = counts
        data["bag"] = [a - b for a, b in zip(data["bag"], counts)]
    pos = L.Game(players=3).state_from_json(data)
    assert L.reachable_ends(pos, "C3").empty
    looped = L.reachable_ends(pos, "C3", loop=True)
    assert Counter({(r.end, r.colour): r.paths for r in looped.itertuples()}) \
        == _ends_from_complete_moves(pos.meeples, TILE_INDEX["C3"], loop=True)
    assert not looped.empty and set(looped["colour"]) == {"blue"}
    ex = L.MoveExplorer(seed=0, tile="C3")
    ex.loop.value = True
    assert Counter({(r.end, r.colour): r.paths for r in ex.result.itertuples()}) \
        == _ends_from_complete_moves(ex.state.meeples, TILE_INDEX["C3"], loop=True)


def test_moves_on_fresh_boards_count_the_engine_moves_and_readings_agree():
    df = L.moves_on_fresh_boards(5, seed=1)
    for row in df.itertuples():
        st = L.Game(players=3).new_game(row.game_seed)
        assert row.moves == len(complete_moves(st.meeples, False)) == row.moves_loop
    assert isinstance(L.moves_histogram(df, "prov"), Figure)


def test_moves_by_round_table_and_figure():
    obs = L.record_turns(L.Game(players=3), ["random"] * 3, 3, seed=2)
    table = L.moves_by_round(obs.turns)
    assert table["turns"].sum() == len(obs.turns)
    assert table.loc[table["round"] == 1, "moves"].iloc[0] == obs.turns.loc[obs.turns["round"] == 1, "moves"].mean()
    assert isinstance(L.moves_by_round_figure(table, obs.provenance(), min_turns=1), Figure)


def test_move_widget_shows_its_whole_label_and_says_when_a_seed_is_held():
    ex = L.MoveExplorer(seed=0, tile="C3")
    assert ex.loop.indent is False and ex.loop.layout.width == "auto"     # the checkbox label is never cut
    ex.seed.value = -5
    assert ex.state.meeples == L.board(0).meeples
    assert "random seed of the board: -5 is outside 0..1000000000, so 0 is used" in ex.summary.value
    ex.seed.value = 4
    assert "outside" not in ex.summary.value and ex.state.meeples == L.board(4).meeples
