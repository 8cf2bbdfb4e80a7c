"""Every label a Five Tribes figure or widget shows has a Korean entry in
``boardlab/fivetribes/glossary.py`` (the seed's own words), and the Korean font renders it.

Each lesson's figures and widgets are built once in Korean (``plotting.use_language("ko")``);
the core glossary notes every label asked for without an entry, and drawing the figures must
raise no missing-glyph warning. A figure's text must not keep an English word either (beyond
the few names kept as they are: boardlab, the game's option names, units and statistics).
"""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from boardlab.core.policies import play  # noqa: E402
from boardlab.fivetribes import glossary as ft_glossary  # noqa: E402
from boardlab.fivetribes.components import DJINNS  # noqa: E402
from boardlab.fivetribes.lessons import goods_and_sets as L04  # noqa: E402
from boardlab.fivetribes.lessons import moving_the_meeples as L02  # noqa: E402
from boardlab.fivetribes.lessons import outcome_distributions as L05  # noqa: E402
from boardlab.fivetribes.lessons import the_auction_track as L01  # noqa: E402
from boardlab.fivetribes.lessons import the_five_tribes as L03  # noqa: E402
from tests.korean_checks import figure_texts, in_korean, missing_glyphs, missing_terms  # noqa: E402

#: Latin words a Korean figure may keep: names, units and statistics readers know in this form.
KEPT = {"boardlab", "VP", "SE", "CI", "Wilson", "exact", "seed", "k", "n", "r", "t", "P", "e.g.",
        "loop_drops_count", "complete_moves", "Y", "W", "G", "B", "R"}


def _figures_and_widgets():
    """Every figure kind and widget of the five lessons, built from small runs."""
    runs = {p: L01.record_turns(L01.Game(players=p), [L01.BidStylePolicy("random")] * p, 2, 1, moves=False,
                                progress=False) for p in (2, 3)}
    turns = __import__("pandas").concat([r.turns for r in runs.values()], ignore_index=True)
    prov = L01.provenance_of(runs)
    pictures = []
    figs = [L01.auction(3, [0, 0, 3]).figure, L01.first_price_figure(L01.first_price_grid(3)),
            L01.turn_value_figure(L01.turn_value_table(turns), prov),
            L01.spot_value_figure(L01.spot_value_table(turns), prov)]
    widgets = [L01.AuctionExplorer(players=2, bids=(0, 0, 0, 1))]
    state = L02.board(0)
    watched = L02.record_turns(L02.Game(players=3), ["random"] * 3, 2, 1, progress=False)
    figs += [L02.reach_figure(state, "C3"), L02.moves_histogram(L02.moves_on_fresh_boards(3, 1, progress=False), prov),
             L02.moves_by_round_figure(L02.moves_by_round(watched.turns), watched.provenance(), min_turns=1)]
    widgets.append(L02.MoveExplorer(seed=0, tile="C3"))
    pictures.append(state._repr_svg_())
    counts = L03.blue_counts_on_boards(20, 1, progress=False)
    m_exact, m_sim = L03.merchant_table(), L03.merchant_simulated(L03.fresh_rows(20, 1, progress=False))
    greedy = L03.record_turns(L03.Game(players=3), ["greedy"] * 3, 1, 1, progress=False)
    figs += [L03.blue_heatmap_figure(counts, prov), L03.blue_heatmap_figure(counts, prov, 2, 1),
             L03.reach_figure_assassins(3, "C3"), L03.merchant_figure(m_exact, m_sim, prov, 3),
             L03.tribe_payoff_figure(L03.tribe_payoff_table(greedy.turns), greedy.provenance())]
    widgets += [L03.BuildersExplorer(counts, prov, builders=2, fakirs=1), L03.AssassinsExplorer(),
                L03.MerchantsExplorer(m_exact, m_sim, prov), L03.VizierExplorer()]
    hand = L04.DEFAULT_HAND
    sample = L04.completion_sample(hand, (4, 5), range(0, 4), 50, 1)
    figs += [L04.set_value_figure(), L04.completion_figure(hand, (4, 5), range(0, 4), sample=sample),
             L04.sell_hold_figure(hand, range(0, 4)), L04.explorer_figure(hand, 1, 5), L04.explorer_figure(hand, 4, 5)]
    widgets.append(L04.GoodsExplorer(hand))
    out = {}
    for label, policies, rotate in (("all random", ["random"] * 2, False),
                                    ("front bidder vs greedy", [L05.BidStylePolicy("front"), "greedy"], True),
                                    ("greedy vs random", ["greedy", "random"], True)):
        out[label, 2] = L05.record_turns(L05.Game(players=2), policies, 1 if rotate else 2, 1, rotate_seats=rotate, moves=False,
                                         progress=False)
    table = L05.with_setting(out)
    effect = L05.bidding_effect(table[table["setting"] == "front bidder vs greedy"], "greedy (front bids)")
    effect["opponents_bid_gold"] = [1.0]
    figs += [L05.category_figure(L05.category_means(table), prov), L05.seat_figure(L05.seat_win_rates(table), prov),
             L05.length_figure(table, prov), L05.bidding_figure(effect, prov),
             L05.bid_gold_vs_score_figure(table, prov), L05.outcome_view(table, "greedy vs random", 2, prov)[1]]
    widgets.append(L05.OutcomeExplorer(table, prov, setting="greedy vs random", players=2))
    pictures += [play(L02.Game(players=4), ["greedy"] * 4, seed=3)._repr_svg_()]
    _PICTURES[:] = pictures
    return figs, widgets


#: The engine's board pictures (SVG) drawn in Korean by the fixture.
_PICTURES: list[str] = []


@pytest.fixture(scope="module")
def korean():
    yield from in_korean(_figures_and_widgets)


_texts = figure_texts


def test_every_label_of_a_figure_or_widget_has_a_korean_entry(korean):
    missing = missing_terms("fivetribes")
    assert not missing, f"add these to boardlab/fivetribes/glossary.py KO: {missing}"


def test_korean_figures_keep_no_english_words(korean):
    figs, _ = korean
    left = set()
    for fig in figs:
        fig.canvas.draw()
        for text in _texts(fig):
            for word in re.findall(r"[A-Za-z][A-Za-z_.]*", text):
                if word.rstrip(".") not in KEPT and not re.fullmatch(r"[A-F][1-5]?|P\d|[YWGBR]+|[a-z]_?\w*=", word):
                    left.add((word, text[:60]))
    assert not left, sorted(left)[:60]


def test_korean_widget_labels_are_korean(korean):
    _, widgets = korean
    for w in widgets:
        for control in w.widget.children:
            for c in getattr(control, "children", [control]):
                desc = getattr(c, "description", "")
                if desc:
                    assert re.search(r"[\uac00-\ud7a3]", desc) or desc in KEPT, (type(w).__name__, desc)


def test_korean_widget_summaries_keep_no_english_words(korean):
    _, widgets = korean
    for w in widgets:
        text = re.sub(r"<[^>]+>|&\w+;", " ", w.summary.value)
        words = [x for x in re.findall(r"[A-Za-z][A-Za-z_.]*", text)
                 if x.rstrip(".") not in KEPT and not re.fullmatch(r"[A-F][1-5]?|P\d|[YWGBR]+", x)]
        assert not words, (type(w).__name__, words, text[:200])


def test_the_board_picture_is_drawn_in_korean(korean):
    assert _PICTURES
    for svg in _PICTURES:
        texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
        words = {x for t in texts for x in re.findall(r"[A-Za-z][A-Za-z']*", t)
                 if not re.fullmatch(r"[A-F][1-5]?|P\d?|x", x)}
        # djinn names are proper names and stay as printed
        names = {w for d in DJINNS for w in re.findall(r"[A-Za-z][A-Za-z']*", d.name)}
        assert words <= names, sorted(words - names)


def test_the_korean_font_draws_every_glyph(korean):
    figs, _ = korean
    glyphs = missing_glyphs(figs)
    assert not glyphs, glyphs[:5]


def test_the_glossary_uses_the_seeds_words_for_the_tribes_and_places():
    ko = ft_glossary.KO
    assert (ko["Viziers"], ko["Elders"], ko["Merchants"], ko["Builders"], ko["Assassins"]) == \
        ("고관", "장로", "상인", "건축가", "암살자")
    assert ko["Five Tribes"] == "파이브 트라이브스" and ko["fakirs"] == "파키르" and ko["djinns"] == "진"
    # (but "{problem}", a hand-built action's form: the Korean names the action, which the refusal gives too)
    assert all(set(re.findall(r"{(\w+)", v)) <= set(re.findall(r"{(\w+)", k)) for k, v in ko.items() if k != "{problem}"), \
        "a Korean entry may only use the English entry's fields"
