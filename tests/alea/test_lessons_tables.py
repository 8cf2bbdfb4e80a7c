"""Issue 8 items 4-5 for Alea: every displayed table follows the house style (check_article) while
the lessons keep the raw numbers, and a provenance line never names one player count for a
figure drawn over several."""

from fractions import Fraction

import pandas as pd
import pytest

from boardlab.alea import MISPLAYS
from boardlab.alea.lessons import misplayed_rules, outcome_distributions, reroll_or_place, templum_and_senatus
from boardlab.alea.lessons import where_can_my_roll_go
from boardlab.alea.lessons.common import article
from boardlab.core.tables import check_article


@pytest.fixture(scope="module")
def outcomes():
    return outcome_distributions.run(greedy_games=2, random_games=2, seed=11)


def _tables(outcomes):
    greedy, _ = misplayed_rules.measure(games=2, seed=7)
    return {
        "where it goes": article(where_can_my_roll_go.where_can_it_go((1, 2, 3, 3, 3, 5, 6, 6))),
        "patterns": article(where_can_my_roll_go.pattern_table(), percent=True),
        "simulated straights": article(where_can_my_roll_go.simulated_straights(rolls=100, seed=1),
                                       percent=["exact", "simulated", "se"]),
        "keeps": article(reroll_or_place.keep_table((1, 2, 3, 6, 6), "straight", 4), percent=["probability"]),
        "strategies": article(reroll_or_place.strategy_table(), percent=True),
        "chips": article(reroll_or_place.chip_income(player_counts=(2, 3), games=2, seed=5), percent=["share"]),
        "templum": article(templum_and_senatus.templum_table()),
        "ranks": article(templum_and_senatus.simulated_rank_rewards(games=2, seed=3)),
        "misplays": article(pd.DataFrame([{"misplay": m, "rule point": p, "plays": t}
                                          for m, (p, t) in MISPLAYS.items()])),
        "misplay effects": article(greedy, se_of=misplayed_rules.SE_OF, percent=["games changed", "winner changed", "unrelated games"]),
        "category means": article(outcome_distributions.category_means(outcomes)),
        "winners": article(outcome_distributions.winners(outcomes)),
        "lengths": article(outcome_distributions.lengths(outcomes)),
        "seat win rates": article(outcome_distributions.seat_win_rates(outcomes)),
    }


def test_every_displayed_table_follows_the_house_style(outcomes):
    for name, shown in _tables(outcomes).items():
        check_article(shown)  # named index, no underscores, no NaN/inf/1e-05
        assert not isinstance(shown.index, pd.RangeIndex) or shown.index.name == "row", name
        assert all(isinstance(v, str) for c in shown.columns for v in shown[c]), name


def test_displayed_tables_merge_se_and_format_shares_while_raw_numbers_stay():
    raw = reroll_or_place.keep_table((1, 2, 3, 6, 6), "straight", 4)
    assert raw.loc[0, "probability"] == pytest.approx(float(Fraction(11, 36)))  # raw numbers stay for the asserts
    shown = article(raw, percent=["probability"])
    assert shown.index.name == "keep" and shown.loc["1 2 3", "probability"] == "30.6 %"
    assert shown.loc["1 2 3", "exact"] == "11/36"
    chips = article(pd.DataFrame({"players": [2], "total": [48.75], "total se": [2.844]}))
    assert list(chips.columns) == ["total ± se"] and chips.iloc[0, 0] == "48.75 ± 2.84"
    rates = article(pd.DataFrame({"seat": [0], "rate": [0.5], "lo": [0.1], "hi": [0.9]}), percent=["rate"])
    assert rates.loc[0, "95 % interval"] == "10 % to 90 %"
    undefined = article(pd.DataFrame({"tiles drawn": [1], "first keeps": [float("nan")]}))
    assert undefined.iloc[0, 0] == "—"


def test_provenance_of_a_figure_over_several_player_counts_names_them_all(outcomes):
    line = outcome_distributions._prov(outcomes)
    assert "2, 3, 4 and 5 players" in line and "4 players" not in line.replace("2, 3, 4 and 5 players", "")
    chips = reroll_or_place.chip_income(player_counts=(2, 3), games=2, seed=5)
    stamp = " ".join(t.get_text() for t in reroll_or_place.chip_figure(chips, 5).texts).replace("\n", " ")
    assert "2 and 3 players" in stamp and "4 players" not in stamp


def test_exact_dice_figures_hold_at_any_player_count():
    text = " ".join(t.get_text() for t in where_can_my_roll_go.pattern_figure(8).texts)
    assert "any player count" in text and "4 players" not in text
