"""Korean for Korean readers: every label a White Castle figure or widget passes through the
glossary has a Korean entry (boardlab/whitecastle/glossary.py), and the Korean figures render
with a Hangul font."""

import ast
import contextlib
import io
import re
import warnings
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from boardlab.core import glossary, plotting  # noqa: E402
from boardlab.whitecastle.glossary import KO  # noqa: E402

LESSONS = Path(__file__).resolve().parents[2] / "boardlab" / "whitecastle" / "lessons"


def _literal_terms():
    """Every string literal passed as the first argument of T(...) or slider(...) in the lessons."""
    found = set()
    for path in LESSONS.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("T", "slider") and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.add((path.name, node.args[0].value))
    return found


def test_every_label_the_lessons_translate_has_a_korean_entry():
    terms = _literal_terms()
    assert len(terms) > 40  # the lessons really do pass their labels through the glossary
    missing = sorted((f, t) for f, t in terms if t not in KO)
    assert not missing, f"no Korean entry in boardlab/whitecastle/glossary.py for {missing}"


def test_korean_entries_keep_their_placeholders():
    import string

    for english, korean in KO.items():
        if english == "{problem}":  # a hand-built action's form: the Korean names the action (given too), not the English problem
            continue
        fields = {f for _, f, _, _ in string.Formatter().parse(english) if f}
        assert fields == {f for _, f, _, _ in string.Formatter().parse(korean) if f}, english


@pytest.fixture
def korean():
    plotting.use_language("ko")
    glossary.clear_missing()
    yield
    plotting.use_language("en")


def _draw(fig):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fig.savefig(io.BytesIO(), format="png")
    return [str(w.message) for w in caught if "missing from font" in str(w.message)]


def test_notebook_01_figures_and_widget_are_korean_and_render(korean):
    from boardlab.whitecastle.lessons import dice_cost_vs_lantern as L01

    with contextlib.redirect_stdout(io.StringIO()):
        app = L01.PickExplorer()
    figures = [app.result.figure, L01.coin_change_figure(3), L01.break_even_figure(lantern_worth=2),
               L01.break_even_mc_figure(L01.break_even_monte_carlo(rolls=200, seed=1), seed=1)]
    assert glossary.missing() == set(), glossary.missing()
    assert app.players.description == "인원" and app.space.options[0][0] == "1 · 우물"
    assert app.bridges["coral"].description == "산호색"
    assert figures[1].axes[0].get_xlabel() == "동전 (− 냄, + 받음)"
    assert "백로성" in figures[1].texts[-1].get_text()   # the provenance line too
    for fig in figures:
        assert not _draw(fig)


def test_the_widgets_of_notebooks_02_to_04_are_korean(korean):
    from boardlab.whitecastle.lessons import climbing_the_court as L03
    from boardlab.whitecastle.lessons import drafting_the_bridges as L02
    from boardlab.whitecastle.lessons import round_end_and_gardens as L04

    with contextlib.redirect_stdout(io.StringIO()):
        apps = [L02.AfterPickExplorer(), L03.warrior_explorer(), L03.lantern_explorer(), L04.turn_order_explorer()]
    assert glossary.missing() == set(), glossary.missing()
    warriors = apps[1]
    assert warriors.controls["yard0"].description == "철 5 훈련장의 무사"
    assert warriors.controls["level1"].description == "궁정 관리: 1층"


def _english(text: str) -> set[str]:
    """English words in a widget's HTML or a figure's text (tags, styles and the provenance line,
    which names code and files, left out)."""
    text = re.sub(r"<style.*?</style>|<[^>]+>", " ", text, flags=re.S)
    return set(re.findall(r"[A-Za-z][A-Za-z'-]+", text)) - {"nbsp", "boardlab"}


def _figure_english(fig) -> set[str]:
    return {w for t in fig.findobj(matplotlib.text.Text) if not t.get_text().startswith("boardlab")
            for w in _english(t.get_text())}


def test_the_widgets_and_figures_of_notebooks_01_to_05_hold_no_english_word(korean):
    """Issue 27: what the lessons' widgets write (summaries, score lines, tables) and every text of
    their figures is Korean, beyond having a glossary entry: a text built from parts in English
    (f"{players} players: ...") would pass the missing-entry check and still show English."""
    from boardlab.whitecastle.lessons import climbing_the_court as L03, dice_cost_vs_lantern as L01
    from boardlab.whitecastle.lessons import drafting_the_bridges as L02, outcome_distributions as L05
    from boardlab.whitecastle.lessons import records, round_end_and_gardens as L04

    with contextlib.redirect_stdout(io.StringIO()):
        picks, after = L01.PickExplorer(), L02.AfterPickExplorer(end="right")
        explorers = [L03.warrior_explorer(), L03.lantern_explorer(), L04.turn_order_explorer()]
        runs = records.record_many((2,), {"random": ("random", "random"), "greedy vs random": ("greedy", "random")},
                                   games={"random": 2, "greedy vs random": 2}, seed=1, progress=False)
        outcomes = L05.outcome_explorer(runs, players=2)
    english = {"01 summary": _english(picks.summary.value), "02 summary": _english(after.summary.value),
               "01 figure": _figure_english(picks.result.figure), "02 figure": _figure_english(after.result.figure),
               "03 routes": _figure_english(L03.route_figure()), "03 court": _figure_english(L03.court_figure(runs)),
               "04 time track": _figure_english(L04.time_track_figure())}
    for k, e in enumerate(explorers):
        english[f"explorer {k}"] = _english(e.html.value) | _figure_english(e.figure)
        english[f"explorer {k} options"] = {w for c in e.controls.values() for label, _ in getattr(c, "options", ())
                                            if isinstance(label, str) for w in _english(label)}
    for view in L05.OUTCOME_VIEWS.values():
        outcomes.controls["view"].value = view
        english[f"05 {view}"] = _english(outcomes.html.value) | _figure_english(outcomes.figure)
    english = {k: v for k, v in english.items() if v}
    assert not english, english
