"""Every label an El Grande figure or widget shows has a Korean entry in
``boardlab/elgrande/glossary.py`` (the seed's own words), and the Korean font renders it.

Each lesson's figures and widgets are built once in Korean (``plotting.use_language("ko")``);
the core glossary notes every label asked for without an entry, and drawing the figures must
raise no missing-glyph warning. A figure's text must not keep an English word either (beyond
the few names kept as they are: boardlab, units and statistics).
"""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from boardlab.core import glossary, plotting  # noqa: E402
from boardlab.elgrande import Game, glossary as eg_glossary  # noqa: E402
from boardlab.elgrande.lessons import editions_side_by_side as L05  # noqa: E402
from boardlab.elgrande.lessons import majorities_and_ties as L04  # noqa: E402
from boardlab.elgrande.lessons import power_cards as L01  # noqa: E402
from boardlab.elgrande.lessons import the_castillo as L03  # noqa: E402
from boardlab.elgrande.lessons import the_king_and_placement as L02  # noqa: E402
from boardlab.elgrande.render import board_svg  # noqa: E402
from tests.korean_checks import figure_texts, in_korean, missing_glyphs, missing_terms  # noqa: E402

#: Latin words a Korean figure may keep: names, units and statistics readers know in this form.
KEPT = {"boardlab", "SE", "CI", "seed", "P", "k", "n", "x"}


def _figures_and_widgets():
    """Every figure kind and widget of the five lessons, built from small runs."""
    figs = [L01.tradeoff_figure(L01.first_chance_table(), L01.simulated_first_table(3, 20, 1), players=3,
                                games=20, seed=1)]
    widgets = [L01.PowerCardExplorer(players=4, card=9, played="11")]
    figs.append(L02.king_frequency_figure(L02.king_frequency_table(L02.king_at_scoring(2, 1)), 2, 1))
    widgets.append(L02.KingExplorer())
    st = L03.teaching_position((3, 2, 1, 0))
    table = L03.destination_table(st, 0)
    aragon = L03.R["aragon"]
    figs.append(L03.destination_figure(table, "Aragon", L03.simulate_destination(st, 0, aragon, 20, 1), 20, 1))
    widgets.append(L03.CastilloExplorer())
    figs.append(L04.need_figure(L04.need_table(), {2: L04.need_sample(2, samples=20)}, 20, 0))
    widgets.append(L04.RegionExplorer(grande_of=1, king_here=True))
    figs.append(L05.compare_figure(L05.compare(2, 1, configs=L05.CONFIGS[:5]), 2, 1))
    widgets.append(L05.EditionExplorer())
    for w in widgets:  # the figures a widget draws on each change
        fig = getattr(w, "figure", None)
        if fig is not None:
            figs.append(fig)
    pictures = [board_svg(L02.king_turn(4), highlight=[1, 2]), board_svg(st, viewer=0),
                board_svg(Game(players=3).new_game(2))]
    return figs, widgets, pictures


@pytest.fixture(scope="module")
def korean():
    yield from in_korean(_figures_and_widgets)


_texts = figure_texts


def _english(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z][A-Za-z_.']*", text) if w.rstrip(".") not in KEPT}


def test_every_label_of_a_figure_or_widget_has_a_korean_entry(korean):
    missing = missing_terms("elgrande")
    assert not missing, f"add these to boardlab/elgrande/glossary.py KO: {missing}"


def test_korean_figures_keep_no_english_words(korean):
    figs, _, _ = korean
    left = set()
    for fig in figs:
        fig.canvas.draw()
        for text in _texts(fig):
            # the provenance line names options as the code spells them (edition=..., players=...)
            text = re.sub(r"\b\w+=\S+", " ", text)
            left |= {(w, text[:60]) for w in _english(text)}
    assert not left, sorted(left)[:60]


def test_korean_widget_labels_are_korean(korean):
    _, widgets, _ = korean
    seen = 0
    for w in widgets:
        stack = list(w.widget.children)
        while stack:
            c = stack.pop()
            stack.extend(getattr(c, "children", ()))
            for text in [getattr(c, "description", ""), *getattr(c, "_options_labels", ())]:
                if text and not re.fullmatch(r"[\d\s]+", text):
                    seen += 1
                    assert re.search(r"[\uac00-\ud7a3]", text), (type(w).__name__, text)
    assert seen >= 20


def test_korean_widget_summaries_keep_no_english_words(korean):
    _, widgets, _ = korean
    for w in widgets:
        text = re.sub(r"<[^>]+>|&\w+;", " ", w.summary.value)
        assert re.search(r"[\uac00-\ud7a3]", text) and not _english(text), (type(w).__name__, text[:200])


def test_the_board_picture_is_drawn_in_korean(korean):
    _, _, pictures = korean
    for svg in pictures:
        texts = re.findall(r"<(?:text|title)[^>]*>([^<]*)</(?:text|title)>", svg)
        assert texts and not {w for t in texts for w in _english(t)}, texts


def test_the_korean_font_draws_every_glyph(korean):
    figs, _, _ = korean
    glyphs = missing_glyphs(figs)
    assert not glyphs, glyphs[:5]


def test_english_labels_are_the_code_s_own():
    before = glossary.language()
    plotting.use_language("en")
    try:
        fig = L04.need_figure(L04.need_table())
        assert fig.axes[0].get_title() == "How many caballeros a region needs: two rivals with 0-4 each, uniformly"
        assert ">♚ King<" in board_svg(Game(players=4).new_game(1))
        assert L01.PowerCardExplorer(played="").summary.value.startswith("<b>card 9</b> acts first with chance 0.255")
    finally:
        plotting.use_language(before)


def test_the_glossary_uses_the_seeds_words():
    ko = eg_glossary.KO
    assert (ko["caballeros"], ko["court"], ko["province"], ko["King"], ko["Castillo"], ko["Grande"]) == \
        ("카바예로", "궁정", "지방", "왕", "카스티요", "그란데")
    assert ko["power card"] == "파워 카드" and ko["secret disk"] == "비밀 디스크" and ko["dummy"] == "자동 세력"
    assert all(set(re.findall(r"{(\w+)", v)) == set(re.findall(r"{(\w+)", k)) for k, v in ko.items()), \
        "a Korean entry must use exactly the English entry's fields"


def test_what_a_widget_refuses_is_explained_in_korean():
    """The lesson widgets' refusals of what a reader typed or chose read in Korean."""
    before = glossary.language()
    try:
        plotting.use_language("ko")
        power = L01.PowerCardExplorer(players=3, card=9, played="11")
        editions = L05.EditionExplorer(players=2, edition="2023", counts="3, 2, 4")
        refused = []
        for widget, box, values in ((power, power.played, ("11, 11", "14", "1, 2, 3")),
                                    (editions, editions.counts, ("3, x", "3, 2"))):
            for value in values:
                box.value = value
                refused.append(re.sub(r"<[^>]+>|&\w+;|&#x?\w+;", " ", widget.summary.value))
        assert len(refused) == 5 and all(glossary.has_hangul(t) and not _english(t) for t in refused), refused
    finally:
        plotting.use_language(before)
