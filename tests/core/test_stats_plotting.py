import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from boardlab import whitecastle  # noqa: E402
from boardlab.core import plotting, stats  # noqa: E402


def test_wilson_interval_contains_the_estimate_and_stays_in_0_1():
    lo, hi = stats.wilson_interval(0, 20)
    assert lo == 0 and 0 < hi < 0.2
    lo, hi = stats.wilson_interval(70, 100)
    assert lo < 0.7 < hi and hi - lo == pytest.approx(0.177, abs=0.01)


def test_wilson_interval_refuses_impossible_counts():
    with pytest.raises(ValueError, match="within 0..10"):
        stats.wilson_interval(11, 10)


def test_mean_se_matches_the_formula():
    m, se = stats.mean_se([1, 2, 3, 4])
    assert m == 2.5 and se == pytest.approx(math.sqrt(5 / 3 / 4))


def test_provenance_names_version_game_options_sample_and_seed():
    text = plotting.provenance(whitecastle.Game(players=3), games=100, seed=7, policies=["greedy", "random"])
    assert "boardlab" in text and "The White Castle" in text and "3 players" in text
    assert "100 games" in text and "seed 7" in text and "greedy/random" in text


def test_stamp_puts_the_line_on_the_figure():
    fig, _ = plt.subplots()
    plotting.stamp(fig, "boardlab test line")
    assert any(t.get_text() == "boardlab test line" for t in fig.texts)
    plt.close(fig)


def test_monte_carlo_agreement_helpers_accept_and_reject():
    stats.assert_probability_agrees(0.5, 5030, 10000)
    with pytest.raises(AssertionError, match="exact 0.50000"):
        stats.assert_probability_agrees(0.5, 6000, 10000)
    stats.assert_mean_agrees(3.5, [1, 6] * 50)
    with pytest.raises(AssertionError):
        stats.assert_mean_agrees(2, [3, 3, 3])


def test_widget_refusal_is_escaped():
    from boardlab.core.widgets import refusal_html

    assert refusal_html("<b>5 players</b>") == "<span style='color:#b00'>&#9888; &lt;b&gt;5 players&lt;/b&gt;</span>"


def test_the_stamp_never_overlaps_a_legend_placed_below_the_axes():
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for k in range(6):
        ax.plot([0, 1], [k, k + 1], label=f"a rather long series label {k}")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
    plotting.stamp(fig, "boardlab 0.1.0 · a provenance line long enough to wrap onto a second line of the figure, "
                        "with its game, players, options, sample size and seed")
    renderer = fig.canvas.get_renderer()
    legend = ax.get_legend().get_window_extent(renderer)
    line = fig.texts[-1].get_window_extent(renderer)
    assert legend.y0 > line.y1, (legend, line)
    assert legend.y0 >= 0  # and the legend stays on the figure
    plt.close(fig)
