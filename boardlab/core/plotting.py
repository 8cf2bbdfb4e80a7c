"""Plot style and the provenance stamp every boardlab figure carries (GUIDE section 5)."""

from __future__ import annotations

import dataclasses

import matplotlib
from matplotlib import font_manager

import boardlab

# Okabe-Ito: distinguishable with the common colour-vision deficiencies.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
KOREAN_FONTS = ("NanumGothic", "Noto Sans CJK KR", "NanumBarunGothic")
# The bold face too: without it, bold text (titles set in bold, <b> in labels) warns
# "findfont: Failed to find font weight bold" and falls back to another family.
_KOREAN_FONT_FILES = ("/usr/share/fonts/truetype/nanum/NanumGothic.ttf",
                      "/usr/share/fonts/truetype/nanum/NanumGothicBold.ttf",
                      "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")


def korean_font() -> str | None:
    """A font family that has Hangul glyphs, if the machine has one (Debian: fonts-nanum)."""
    manager = font_manager.fontManager
    for path in _KOREAN_FONT_FILES:
        try:
            manager.addfont(path)
        except (FileNotFoundError, RuntimeError, OSError):
            continue
    # NanumGothicBold.ttf declares weight 600 although it is the family's bold face: file it as
    # bold (700), or asking for bold text still warns and falls back.
    bold = [i for i, f in enumerate(manager.ttflist)
            if f.fname in _KOREAN_FONT_FILES and f.fname.endswith("Bold.ttf") and f.weight == 600]
    for i in bold:
        manager.ttflist[i] = dataclasses.replace(manager.ttflist[i], weight=700)
    if bold:
        manager._findfont_cached.cache_clear()
    names = {f.name for f in manager.ttflist}
    return next((name for name in KOREAN_FONTS if name in names), None)


def use_style() -> None:
    """Article-ready defaults: readable sizes, light grid, colour-blind-safe cycle, Hangul if possible."""
    rc = matplotlib.rcParams
    rc["figure.figsize"] = (8, 4.5)
    rc["figure.dpi"] = 100
    rc["axes.titlesize"] = 13
    rc["axes.labelsize"] = 11
    rc["axes.grid"] = True
    rc["grid.alpha"] = 0.3
    rc["axes.spines.top"] = False
    rc["axes.spines.right"] = False
    rc["axes.prop_cycle"] = matplotlib.cycler(color=PALETTE)
    font = korean_font()
    if font:
        rc["font.family"] = [font, "DejaVu Sans"]
    rc["axes.unicode_minus"] = False


def provenance(game=None, *, games: int | None = None, seed: int | None = None, policies=None,
               note: str | None = None, **extra) -> str:
    """One line saying where a figure's numbers come from: version, game, options, sample, seed."""
    parts = [f"boardlab {boardlab.__version__}"]
    if game is not None:
        opts = ", ".join(f"{k}={v}" for k, v in game.options().items())
        parts.append(f"{game.name} ({opts})")
    if policies is not None:
        parts.append("policies " + "/".join(str(getattr(p, "name", p)) for p in policies))
    if games is not None:
        parts.append(f"{games} games")
    if seed is not None:
        parts.append(f"seed {seed}")
    parts += [f"{k}={v}" for k, v in extra.items()]
    if note:
        parts.append(note)
    return " · ".join(parts)


def stamp(fig, text: str):
    """Write the provenance line along the bottom of a figure and keep it inside the saved image."""
    # DejaVu Sans: at this size the Hangul-first family can drop underscores in option names.
    fig.text(0.01, 0.005, text, fontsize=7, color="0.35", ha="left", va="bottom", fontfamily="DejaVu Sans")
    fig.subplots_adjust(bottom=max(fig.subplotpars.bottom, 0.16))
    return fig
