"""The lessons behind the El Grande notebooks: widget callbacks driven in plain pytest by setting
``widget.value`` (jupyter-recipes.md §2), each result checked against the engine or the odds module."""

from fractions import Fraction

import pytest

from boardlab.elgrande import components as C, odds
from boardlab.elgrande.lessons import power_cards


def test_power_card_widget_follows_its_controls():
    e = power_cards.PowerCardExplorer(players=4, card=9, played="11")
    assert e.result["first"] == 0 and e.updates == 1
    e.played.value = ""
    assert e.result["first"] == power_cards.first_chance(9, 4) == Fraction(14, 55)
    e.players.value = 3
    assert e.result["distribution"] == odds.turn_position_distribution(9, (), [C.POWER_VALUES] * 2)
    e.played.value = "9"
    assert e.result is None and "already played" in e.summary.value
    e.played.value = "4, 5, 6"
    assert e.result is None and "at most 2" in e.summary.value


def test_power_card_lesson_tables():
    t = power_cards.power_table()
    assert list(t["card"]) == list(range(1, 14))
    with pytest.raises(ValueError, match="1..13"):
        power_cards.parse_cards("0")
    sim = power_cards.simulated_first_table(3, 30, 1)
    assert int(sim["games"].sum()) == 30 and (sim["hits"] <= sim["games"]).all()


def test_king_widget_reads_the_engines_placement_options():
    from boardlab.elgrande.lessons import the_king_and_placement as K
    R = C.REGION_INDEX
    e = K.KingExplorer(king="castilla", order="place first", move_to="sevilla")
    assert e.result["targets"] == sorted(C.NEIGHBOURS[R["castilla"]])
    e.order.value = "move the King first"
    assert e.result["targets"] == sorted(C.NEIGHBOURS[R["sevilla"]]) and e.result["king_after_placement"] == R["sevilla"]
    e.move_to.value = "castilla"
    assert e.result is None and "another region" in e.summary.value
    e.king.value = "galicia"
    assert e.result["targets"] == sorted(C.NEIGHBOURS[R["castilla"]])
    assert e.updates == 4


def test_king_lesson_counts_and_scoring_sample():
    from boardlab.elgrande.lessons import the_king_and_placement as K
    assert K.mean_targets_exact() == Fraction(10, 3)
    df = K.king_at_scoring(3, 1)
    assert sorted(df["round"].unique()) == [3, 6, 9] and len(df) == 9


def test_castillo_widget_follows_counts_and_destination():
    from boardlab.elgrande.lessons import the_castillo as L
    e = L.CastilloExplorer(counts=(3, 2, 1, 0), destination="aragon")
    assert e.result["value"] == Fraction(1009, 81) and e.result["castillo"] == 5
    e.destination.value = "toledo"
    st = L.teaching_position((3, 2, 1, 0))
    assert e.result["value"] == odds.castillo_destination_value(st, 0, C.REGION_INDEX["toledo"])
    e.counts[1].value = 3  # a tie for first with player 1: both take second
    assert e.result["castillo"] == 3
    e.counts[0].value = 0
    assert e.result is None and "no caballero" in e.summary.value
    with pytest.raises(ValueError, match="at least one"):
        L.teaching_position((0, 0, 0, 0))


def test_region_widget_scores_with_the_engine():
    from boardlab.elgrande.lessons import majorities_and_ties as M
    e = M.RegionExplorer(counts=(3, 3, 1, 0, 0), region="toledo", players=4)
    assert e.result == [4, 4, 2, 0]
    e.counts[0].value = 4
    assert e.result == [7, 4, 2, 0]
    e.king_here.value = True
    assert e.result == [9, 4, 2, 0]
    e.grande_of.value = 0
    assert e.result == [11, 4, 2, 0]
    e.players.value = 3
    assert e.result == [11, 4, 0]  # two ranks with 3 players
    e.grande_of.value = 4
    assert e.result is None and "no player 4" in e.summary.value


def test_need_table_matches_direct_enumeration():
    from boardlab.elgrande.lessons import majorities_and_ties as M
    from boardlab.elgrande.scoring import rank_points
    t = M.need_table()
    values = C.REGION_VALUES["standard"][C.REGION_INDEX["toledo"]]
    for k in (0, 2, 5):
        direct = Fraction(sum(rank_points([k, a, b, 0], values)[0] for a in range(5) for b in range(5)), 25)
        assert t.loc[k, "exact"] == direct


def test_edition_widget_reads_each_editions_rules_and_points():
    from boardlab.elgrande.lessons import editions_side_by_side as E
    e = E.EditionExplorer(players=2, edition="2023", counts="3, 2, 4")
    assert e.result["points"] == [4, 0] and e.result["rules"]["dummy"]
    e.edition.value = "bigbox"
    assert e.result is None and "one count per colour" in e.summary.value  # no dummy: two counts
    e.counts.value = "3, 2"
    assert e.result["points"] == [7, 0] and e.result["rules"]["ranks that score"] == 1
    e.edition.value = "1995"
    assert e.result["points"] == [7, 4]
    e.counts.value = "3, x"
    assert e.result is None


def test_edition_comparison_table_is_per_configuration():
    from boardlab.elgrande.lessons import editions_side_by_side as E
    t = E.compare(2, 1, configs=E.CONFIGS[:2])
    assert list(t["edition"]) == ["2023", "bigbox"] and (t["games"] == 2).all()
    assert ((t[[c for c in t.columns if c.startswith("share ")]].sum(axis=1) - 1).abs() < 1e-9).all()


def test_displayed_tables_follow_the_article_style():
    """Every table a reader of the El Grande notebooks sees: named index, plain headers, no NaN/inf/1e-05
    (the raw tables stay numeric for the notebooks' checks)."""
    from boardlab.core.tables import check_article
    from boardlab.elgrande.lessons import editions_side_by_side as E, majorities_and_ties as M, \
        the_castillo as Ca, the_king_and_placement as K
    ties = M.tie_shares(1, 1)
    shown = [power_cards.power_view(power_cards.power_table()),
             power_cards.first_chance_view(power_cards.first_chance_table()),
             power_cards.simulated_first_view(power_cards.simulated_first_table(4, 12, 1)),
             K.neighbour_view(K.neighbour_table()), K.king_frequency_view(K.king_frequency_table(K.king_at_scoring(1, 1))),
             Ca.destination_view(Ca.destination_table(Ca.teaching_position(), 0)),
             M.tie_examples_view(M.tie_examples()), M.need_view(M.need_table()),
             M.tie_by_round_view(M.tie_by_round(ties)),
             E.rules_view(E.rules_table()), E.patterns_view(E.exact_patterns()),
             E.compare_view(E.compare(2, 1, configs=E.CONFIGS[:2]))]
    for table in shown:
        check_article(table)
        assert not any(h in ("se", "total se", "margin se", "mean", "count") for h in table.columns)
    first = shown[1]
    assert first.loc[13, "P(first), 4 players"] == "100.0 %" and first.index.name == "card"
    assert shown[5].iloc[0]["exact (fraction)"] == "1405/81"
    assert list(M.tie_by_round(ties)["round"]) == [3, 6, 9]
    compare = shown[-1]
    assert compare.index.names == ["players", "edition"] and " ± " in compare.iloc[0]["mean total ± standard error"]
    e = E.EditionExplorer(players=2, edition="2023", counts="3, 2, 4")
    check_article(E.rules_view(__import__("pandas").DataFrame([e.result["rules"]])))


def test_figures_over_several_player_counts_name_them_all():
    """A figure showing several player counts names them all, never one alone (issue 8, item 5)."""
    from boardlab.elgrande.lessons import editions_side_by_side as E
    table = E.compare(2, 1, configs=(E.CONFIGS[0], E.CONFIGS[3]))
    text = E.compare_figure(table, 2, 1).texts[-1].get_text()
    assert "2 and 3 players" in text and "2 players" not in text.replace("2 and 3 players", "")
    exact = power_cards.first_chance_table()
    text = power_cards.tradeoff_figure(exact).texts[-1].get_text()
    assert "3, 4 and 5 players" in text and "4 players" not in text.replace("3, 4 and 5 players", "")


def test_castillo_teaching_position_is_built_from_its_description_and_reports_each_move():
    from boardlab.core.glossary import has_hangul
    from boardlab.elgrande.lessons import the_castillo as L
    built = L.teaching_build((3, 2, 1, 0))
    d = built.position
    assert d["king"] == "toledo" and d["grandes"] == list(L.GRANDES) and d["round_index"] == 2
    assert d["caballeros"]["castillo"] == [3, 2, 1, 0] and d["announcements"] == [[0, 3], [1, 2], [2, 1]]
    on_board = {(region, p): n for region, p, n in L.BOARD}
    for region in C.REGION_IDS:
        assert d["caballeros"][region] == [on_board.get((region, p), 0) for p in range(4)]
    # game 3's deal had caballeros the lesson's board has not: the report names where they went
    assert "1 caballero of colour 3 left navarra for the province." in built.report
    assert built.report[-1].startswith("The position begins round 3")
    lines = built.report_in("ko")  # the builder's own Korean (boardlab.elgrande.positions)
    assert len(lines) == len(built.report) and all(has_hangul(line) for line in lines)
    assert "나바라에서 색 3의 카바예로 1개가 지방으로 돌아갔습니다." in lines


def test_share_bars_are_wilson_intervals_within_0_and_1():
    from boardlab.core.stats import wilson_interval
    from boardlab.elgrande.lessons.common import share_bars
    below, above = share_bars([0, 5, 20, 37], [20, 20, 20, 37])
    assert below[0] == 0 and above[0] > 0.1          # 0 of 20 is not "0 +- 0"
    assert above[2] == above[3] == 0 and below[2] > 0.1
    low, high = wilson_interval(5, 20)
    assert abs(below[1] - (0.25 - low)) < 1e-12 and abs(above[1] - (high - 0.25)) < 1e-12
    assert min(below + above) >= 0
