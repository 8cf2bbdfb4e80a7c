"""Korean figures need no system font: NanumGothic comes with a Python package
(koreanize-matplotlib) and plotting registers it, regular and bold."""

import warnings
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib import font_manager

from boardlab.core import plotting


def test_the_korean_font_is_the_packaged_one_not_a_system_font():
    files = plotting.korean_font_files()
    assert [Path(f).name for f in files] == ["NanumGothic.ttf", "NanumGothicBold.ttf"]
    assert all("koreanize_matplotlib" in Path(f).parts for f in files)
    assert plotting.korean_font() == "NanumGothic"
    regular = font_manager.findfont(font_manager.FontProperties(family="NanumGothic"), fallback_to_default=False)
    bold = font_manager.findfont(font_manager.FontProperties(family="NanumGothic", weight="bold"),
                                 fallback_to_default=False)
    # fonts-nanum, if the machine has it, holds the same faces; the packaged files are the ones boardlab relies on
    assert Path(regular).name == "NanumGothic.ttf" and Path(bold).name == "NanumGothicBold.ttf"


def test_hangul_draws_without_missing_glyphs_in_regular_and_bold():
    plotting.use_language("ko")
    try:
        fig, ax = plt.subplots()
        ax.set_title("등불 주사위 비용", fontweight="bold")
        ax.set_xlabel("주사위 (개)")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fig.canvas.draw()
        plt.close(fig)
    finally:
        plotting.use_language("en")
    assert not [str(w.message) for w in caught if "missing from font" in str(w.message) or "findfont" in str(w.message)]
