"""Every label an Alea Iacta Est figure or widget shows has a Korean entry in
``boardlab/alea/glossary.py`` (the seed's own words), and the Korean font renders it.

Each lesson's figures and widgets are built once in Korean (``plotting.use_language("ko")``);
the core glossary notes every label asked for without an entry, and drawing the figures must
raise no missing-glyph warning. A figure's text must not keep an English word either, beyond the
names kept as they are: the buildings' Latin names (as in the seed), boardlab, the misplay option
names, units and statistics.
"""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from boardlab.alea import Game  # noqa: E402
from boardlab.alea import glossary as alea_glossary  # noqa: E402
from boardlab.alea import render  # noqa: E402
from boardlab.alea.components import PAT_LABELS, PROV_LABELS, ROMAN  # noqa: E402
from boardlab.alea.lessons import misplayed_rules as L4  # noqa: E402
from boardlab.alea.lessons import outcome_distributions as L5  # noqa: E402
from boardlab.alea.lessons import reroll_or_place as L2  # noqa: E402
from boardlab.alea.lessons import templum_and_senatus as L3  # noqa: E402
from boardlab.alea.lessons import where_can_my_roll_go as L1  # noqa: E402
from boardlab.core import glossary, plotting  # noqa: E402
from tests.korean_checks import figure_texts, in_korean, missing_glyphs, missing_terms  # noqa: E402

#: Latin words a Korean figure may keep: the seed's building names, names, units and statistics.
KEPT = {"boardlab", "Templum", "Senatus", "Castrum", "Forum", "Romanum", "Latrina", "Alea", "Iacta", "Est",
        "SE", "Wilson", "Fractions", "x", "L", "m", "p", "s", "P"}


def _kept(word: str) -> bool:
    """Kept as written: the words above, option identifiers such as ``set_ends_at_once`` or
    ``misplays=``, and senate card numbers in Roman numerals, as the Korean rules write them (III번 카드)."""
    return (word.rstrip(".") in KEPT or "_" in word or word in ("misplays",)
            or re.fullmatch(r"[IVX]+", word) is not None)


def _figures_and_widgets():
    """Every figure kind and widget of the five lessons, built from small runs."""
    sim = L1.simulated_straights(dice=8, rolls=200, seed=3)
    figs = [L1.pattern_figure(5), L1.simulated_figure(sim, 3)]
    widgets = [L1.RollExplorer(roll="1 2 3 4", players=4)]
    chips = L2.chip_income(player_counts=(3,), games=2, seed=1)
    figs += [L2.strategy_figure(L2.strategy_table()), L2.chip_figure(chips, 1)]
    widgets.append(L2.RerollExplorer())
    ranks = L3.simulated_rank_rewards(players=4, games=2, seed=1)
    figs += [L3.templum_figure(3, 2), L3.rank_figure(ranks)]
    widgets.append(L3.TemplumExplorer(first_drawn=4, other_drawn=1))
    summary, tables = L4.measure(games=2, seed=2, policy="random")
    figs += [L4.misplay_figure([summary]), L4.histogram_figure(tables, "set_ends_at_once", 2)]
    widgets.append(L4.MisplayExplorer(tables, 2, misplay="card_iii_without_itself"))
    table = L5.run(greedy_games=2, random_games=2, seed=1, player_counts=(2, 4))
    prov = L5._prov(table)
    figs += [L5.category_figure(L5.category_means(table), prov), L5.winner_figure(table, prov),
             L5.seat_figure(L5.seat_win_rates(table), prov)]
    explorer = L5.OutcomeExplorer(table, setting="random", players=4)
    widgets.append(explorer)
    figs.append(explorer.figure)
    figs += [w.figure for w in widgets if isinstance(getattr(w, "figure", None), Figure) and w is not explorer]
    start = Game(players=4).new_game(1)
    over = Game(players=2).new_game(2)
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    _PICTURES[:] = [render.state_html(start), render.state_html(over)]
    return figs, widgets


#: The engine's board pictures (SVG in HTML) drawn in Korean by the fixture.
_PICTURES: list[str] = []


@pytest.fixture(scope="module")
def korean():
    yield from in_korean(_figures_and_widgets)


_texts = figure_texts


def _english(text: str) -> list[str]:
    # a letter right after a digit is part of a seed point's number ("6b"), not a word
    return [w for w in re.findall(r"(?<![\d])[A-Za-z][A-Za-z_.]*", text) if not _kept(w)]


def test_every_label_of_a_figure_or_widget_has_a_korean_entry(korean):
    missing = missing_terms("alea")
    assert not missing, f"add these to boardlab/alea/glossary.py KO: {missing}"


def test_korean_figures_keep_no_english_words(korean):
    figs, _ = korean
    left = set()
    for fig in figs:
        fig.canvas.draw()
        for text in _texts(fig):
            left |= {(w, text[:60]) for w in _english(text)}
    assert not left, sorted(left)[:60]


def test_korean_widget_labels_are_korean(korean):
    _, widgets = korean
    seen = 0
    for w in widgets:
        for control in w.widget.children:
            for c in getattr(control, "children", [control]):
                desc = getattr(c, "description", "")
                if desc:
                    seen += 1
                    assert re.search(r"[\uac00-\ud7a3]", desc), (type(w).__name__, desc)
    assert seen >= 8


def test_korean_widget_summaries_keep_no_english_words(korean):
    _, widgets = korean
    for w in widgets:
        text = re.sub(r"<[^>]+>|&\w+;", " ", w.summary.value)
        if isinstance(w, L4.MisplayExplorer):  # the misplay's own description is the engine's English text
            text = text.split(":", 1)[0] + text.rsplit(".", 2)[-2]
        assert not _english(text), (type(w).__name__, _english(text), text[:200])


def test_the_board_picture_is_drawn_in_korean(korean):
    assert _PICTURES
    # the provinces keep their printed Latin names (e.g. "Apulia IV"); a patrician reads "빨강 남자 귀족 II"
    printed = {w for lab in PROV_LABELS for w in re.findall(r"[A-Za-z]+", lab)}
    for picture in _PICTURES:
        texts = re.findall(r"<text[^>]*>([^<]*)</text>", picture) + [picture.rsplit("</svg>", 1)[1]]
        words = {w for t in texts for w in _english(re.sub(r"<[^>]+>", " ", t))}
        assert re.search(r"[\uac00-\ud7a3]", texts[-1]) and any("플레이어" in t for t in texts)
        assert words <= printed | set(ROMAN), sorted(words - printed - set(ROMAN))


def test_the_korean_font_draws_every_glyph(korean):
    figs, _ = korean
    glyphs = missing_glyphs(figs)
    assert not glyphs, glyphs[:5]


def test_english_labels_come_back_after_switching():
    before = glossary.language()
    plotting.use_language("en")
    try:
        fig = L3.templum_figure(3, 2)
    finally:
        plotting.use_language(before)
    assert "Templum: fortune points kept at the end of a set" in _texts(fig)
    assert "first: best 2 of 3 tiles" in [t.get_text() for t in fig.axes[0].get_legend().get_texts()]


def test_the_glossary_uses_the_seeds_words():
    ko = alea_glossary.KO
    assert (ko["patrician tiles"], ko["province tiles"], ko["fortune tiles"], ko["senate cards"]) == \
        ("귀족 타일", "지방 타일", "운 타일", "원로원 카드")
    assert ko["Repete chips"] == "다시 굴림 타일" and ko["set"] == "세트" and ko["misplay"] == "에러플"
    assert all(set(re.findall(r"{(\w+)", v)) <= set(re.findall(r"{(\w+)", k)) for k, v in ko.items()), \
        "a Korean entry may only use the English entry's fields"


def test_a_patrician_is_named_in_the_readers_language():
    """The board names a patrician tile by its colour and sex in the reader's language; in English
    exactly as the rules (and the engine's actions) write it."""
    before = glossary.language()
    try:
        plotting.use_language("en")
        assert [render.patrician_label(t) for t in range(len(PAT_LABELS))] == list(PAT_LABELS)
        plotting.use_language("ko")
        assert render.patrician_label(PAT_LABELS.index("red man I")) == "빨강 남자 귀족 I"
        assert not [t for t in range(len(PAT_LABELS)) if _english(render.patrician_label(t))]
    finally:
        plotting.use_language(before)


@pytest.mark.parametrize("roll", ["", "1 7", "1 1 1 1 1 1 1 1 1"])
def test_a_refused_roll_is_explained_in_korean(roll):
    """What a reader types into a roll box and the widget refuses is explained in Korean."""
    before = glossary.language()
    try:
        plotting.use_language("ko")
        for w in (L1.RollExplorer(roll=roll, players=4), L2.RerollExplorer(roll=roll)):
            text = re.sub(r"<[^>]+>|&\w+;|&#x?\w+;", " ", w.summary.value)
            assert w.result is None and glossary.has_hangul(text) and not _english(text), text
        group = L2.RerollExplorer(roll="1 2 3 6 6", kind="group", length=6).summary.value
        assert "굴린 주사위는 5개" in group, group
    finally:
        plotting.use_language(before)
