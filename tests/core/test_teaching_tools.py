"""The core teaching tools: one table style, the provenance line, the language switch, widget
helpers and the one recorder shape (boardlab.core.tables, plotting, glossary, widgets, decisions)."""

import io
import math
import warnings
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from boardlab import whitecastle  # noqa: E402
from boardlab.core import decisions, glossary, plotting, tables, widgets  # noqa: E402


@pytest.fixture
def english():
    yield
    glossary.use_language("en")


# -- tables -------------------------------------------------------------------------------------

def test_percent_fraction_signed_and_number_are_written_one_way():
    assert tables.percent(Fraction(76, 1296)) == "5.9 %" and tables.percent(0.5, 0) == "50 %"
    assert tables.fraction(Fraction(19, 27)) == "19/27" and tables.fraction(Fraction(-4, 2)) == "−2"
    assert (tables.signed(2), tables.signed(-2), tables.signed(0), tables.signed(Fraction(1, 4))) == \
        ("+2", "−2", "0", "+0.25")
    assert tables.number(1.5e-7, 3) == "0.000" and tables.number(123456.789) == "123,456.79"
    assert tables.number(-0.0001) == "0.00"  # never "-0.00"


@pytest.mark.parametrize("missing", [None, math.nan, math.inf, -math.inf, pd.NA])
def test_missing_and_infinite_values_show_a_dash(missing):
    for fmt in (tables.percent, tables.fraction, tables.number, tables.signed):
        assert fmt(missing) == tables.BLANK


def test_article_table_names_the_index_renames_headers_and_formats_columns():
    raw = pd.DataFrame({"players": [2, 3], "p_pay": [Fraction(19, 27), 0.8025],
                        "margin_se": [1e-6, math.nan], "exact": [Fraction(1, 6), Fraction(76, 1296)]})
    shown = tables.article_table(raw, index="players", formats={"p_pay": "percent", "exact": "fraction"},
                                 rename={"p_pay": "pays coins", "margin_se": "standard error"}, digits=3)
    assert shown.index.name == "players" and list(shown.index) == [2, 3]
    assert list(shown.columns) == ["pays coins", "standard error", "exact"]
    assert shown.loc[2].tolist() == ["70.4 %", "0.000", "1/6"]
    assert shown.loc[3].tolist() == ["80.2 %", tables.BLANK, "19/324"]


def test_article_table_numbers_rows_of_an_unnamed_index_and_refuses_machine_headers():
    shown = tables.article_table(pd.DataFrame({"value": [1.0, 2.5]}))
    assert shown.index.name == "row" and list(shown.index) == [1, 2]
    with pytest.raises(ValueError, match="'ci_low' is a machine name"):
        tables.article_table(pd.DataFrame({"ci_low": [0.1]}))
    with pytest.raises(ValueError, match="not a column"):
        tables.article_table(pd.DataFrame({"a": [1]}), formats={"b": "percent"})


@pytest.mark.parametrize("cell", ["nan", "inf", "1.2e-05", "3e+10", None])
def test_check_article_refuses_what_a_reader_should_never_see(cell):
    table = pd.DataFrame({"share": [cell]}, index=pd.Index([1], name="row"))
    with pytest.raises(ValueError, match="share"):
        tables.check_article(table)


def test_check_article_refuses_an_unnamed_index():
    with pytest.raises(ValueError, match="index level needs a plain-word name"):
        tables.check_article(pd.DataFrame({"share": ["1 %"]}))


# -- provenance and stamp -------------------------------------------------------------------------

def test_provenance_says_version_game_players_changed_options_sample_and_seed():
    text = plotting.provenance(whitecastle.Game(players=3), games=1000, seed=7, policies=["greedy", "random"])
    assert text == (f"boardlab {whitecastle.__name__ and __import__('boardlab').__version__} · The White Castle · "
                    "3 players · options as default · 1,000 games · seed 7 · policies greedy/random")
    changed = plotting.provenance(whitecastle.Game(players=2, lone_die_is_left=False))
    assert "options: lone_die_is_left=False" in changed and "printing" not in changed


def test_provenance_of_pooled_player_counts_names_every_count():
    game = whitecastle.Game(players=2)
    pooled = plotting.provenance(game, players=(4, 2, 3), pooled=True, games=600)
    assert "2, 3 and 4 players, pooled" in pooled and "players=2" not in pooled and " 2 players" not in pooled
    assert "2, 3 and 4 players ·" in plotting.provenance(game, players=(2, 3, 4))
    assert "any player count" in plotting.provenance(game, players="any")


def _saved_width(fig) -> int:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    from PIL import Image

    return Image.open(io.BytesIO(buf.getvalue())).size[0]


def test_a_long_stamp_wraps_instead_of_widening_the_saved_image():
    fig = Figure(figsize=(8, 4.5))
    fig.subplots().plot([0, 1], [0, 1])
    long = plotting.provenance(whitecastle.Game(players=2, lone_die_is_left=False), players=(2, 3, 4),
                               games=123456, seed=2026, note="a note " * 30, icon_worths="food 1, iron 1, pearl 1")
    plotting.stamp(fig, long)
    text = fig.texts[-1]
    assert text.get_text() == long and text.get_fontsize() >= 8   # the line itself is kept as given
    assert _saved_width(fig) <= 8 * 100 + 20  # the figure's own width (plus the tight box's padding)
    assert text._get_wrapped_text().count("\n") >= 2              # drawn on several lines
    assert len(plotting.wrap_provenance(long, 8)) >= 2


def test_the_stamp_line_is_as_written_when_it_is_short():
    fig = Figure(figsize=(8, 4.5))
    fig.subplots()
    plotting.stamp(fig, "boardlab test line")
    assert fig.texts[-1].get_text() == "boardlab test line"


# -- language switch ------------------------------------------------------------------------------

def test_the_language_switch_translates_with_a_games_glossary_and_notes_missing_terms(english):
    T = glossary.terms("whitecastle")
    assert T("The White Castle") == "The White Castle"
    plotting.use_language("ko")
    glossary.clear_missing()
    assert glossary.language() == "ko" and T("The White Castle") == "백로성"
    assert T("no such label {x}", x=1) == "no such label 1"
    assert glossary.missing() == {("whitecastle", "no such label {x}")}
    assert "백로성 · 3인 · 기본 옵션 · 10게임 · 난수 시드 1" in plotting.provenance(whitecastle.Game(players=3), games=10, seed=1)
    plotting.use_language("en")
    assert T("The White Castle") == "The White Castle"
    with pytest.raises(ValueError, match="language must be one of"):
        plotting.use_language("kr")
    with pytest.raises(ValueError, match="no glossary for game 'nosuchgame'"):
        glossary.glossary("nosuchgame")


def test_korean_labels_render_with_a_hangul_font(english):
    plotting.use_language("ko")
    fig = Figure(figsize=(6, 3))
    ax = fig.subplots()
    ax.set_title("등불 보상과 동전 (lantern & coins)")
    ax.set_xlabel("주사위 눈 (pips)")
    plotting.stamp(fig, plotting.provenance(whitecastle.Game(players=3), games=10, seed=1))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fig.savefig(io.BytesIO(), format="png")
    assert not [w for w in caught if "missing from font" in str(w.message)]
    assert plotting.korean_font() in ax.title.get_fontfamily()


# -- widgets --------------------------------------------------------------------------------------

def test_sliders_are_wide_enough_to_drag_and_show_their_full_label():
    s = widgets.slider("warriors in the 5-iron yard", 2, 0, 5)
    assert s.layout.width == widgets.CONTROL_WIDTH and s.style.description_width == widgets.LABEL_WIDTH
    assert int(widgets.CONTROL_WIDTH.removesuffix("px")) - int(widgets.LABEL_WIDTH.removesuffix("px")) >= 200
    assert type(widgets.slider("worth", 0.5, 0, 5, step=0.5)).__name__ == "FloatSlider"
    box = widgets.checkbox("show the exact answer beside the simulated one")
    assert box.indent is False and box.layout.width == "auto"


def test_a_clamped_value_says_so():
    kept = widgets.clamp("warriors", 3, 0, 5)
    assert kept.value == 3 and not kept.clamped and kept.note == ""
    cut = widgets.clamp("warriors", 7, 0, 5)
    assert cut.value == 5 and cut.note == "warriors: 7 is outside 0..5, so 5 is used"
    assert "7 is outside 0..5" in widgets.clamped_html([kept, cut]) and widgets.clamped_html([kept]) == ""


def test_ties_are_named_as_ties():
    assert widgets.ties_text({"A": 3, "B": 1}) == "A"
    assert widgets.ties_text({0: 3, 1: 3, 2: 1}, names={0: "seat 0", 1: "seat 1"}) == "a tie between seat 0 and seat 1"
    from boardlab.core import glossary

    before = glossary.language()
    glossary.use_language("ko")
    try:  # the notes a widget shows speak the reader's language
        assert widgets.ties_text({0: 3, 1: 3, 2: 1}, names={0: "P0", 1: "P1"}) == "P0, P1 동률"
        assert widgets.clamp("P0", 7, 0, 5).note == "P0: 범위 0..5 밖의 값 7 대신 5 사용"
    finally:
        glossary.use_language(before)


# -- one recorder shape ---------------------------------------------------------------------------

def _take_facts(state, action):
    return {"round": state.round, "decision": state.decision[0]}


def test_the_recorder_gives_one_row_per_decision_with_its_facts():
    game = whitecastle.Game(players=2)
    run = decisions.record_decisions(game, ["random", "random"], games=2, seed=3, facts=_take_facts)
    table = run["decisions"]
    assert list(table.columns[:7]) == list(decisions.COLUMNS) and "round" in table.columns
    assert set(table["game"]) == {"whitecastle"} and set(table["seat"]) == {0, 1}
    scores = run["scores"].set_index(["game_id", "seat"])
    for game_id, rows in table.groupby("game_id"):
        # the rows replay the game: each action is legal where it was taken, and the count matches
        state = game.new_game(seed=int(scores.loc[(game_id, 0), "game_seed"]))
        assert list(rows["step"]) == list(range(len(rows))) == list(range(scores.loc[(game_id, 0), "decisions"]))
        for seat, action in zip(rows["seat"], rows["action"]):
            assert state.to_move == seat
            state.apply(action)
        assert state.is_over
    assert table.attrs["games_finished"] == 2


def test_the_recorder_can_stop_a_game_early():
    run = decisions.record_decisions(whitecastle.Game(players=2), ["random"] * 2, games=1, seed=3,
                                     facts=_take_facts, stop=_stop_at_round_two)
    assert set(run["decisions"]["round"]) == {1} and run["scores"].empty


def _stop_at_round_two(state):
    return state.round > 1
