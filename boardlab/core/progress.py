"""The progress bar of a run of games (simulate, observe, the command line).

- In a terminal: a ``tqdm`` bar on stderr.
- In a notebook kernel: one line of text (and an HTML ``<progress>``) in a display that is
  updated in place. Unlike a widget bar, an updated display is what ``nbconvert --execute`` and
  nbclient keep, so an executed notebook shows the finished count, not "0%"; and it writes
  nothing to stderr.
- In a pipe or a log file: nothing, unless asked for (``progress=True``: tqdm on stderr).

``progress=None`` (automatic) shows the bar in a terminal or notebook once the run has lasted
:data:`DELAY` seconds, counting every game from the first, so a quick run stays silent. Inside a
widget's picture (``live_output`` captures what a callback displays) it is never shown.

A bar speaks the language of :func:`language`: the glossary's when switched to Korean, else the
environment's ``BOARDLAB_LANGUAGE`` (``en`` or ``ko``), else English. Its label (``simulate``,
``greedy vs random``, ``experiment: arm``) is translated word by word through :data:`LABELS_KO`.
"""

from __future__ import annotations

import html
import os
import re
import sys
import time

from boardlab.core import glossary

#: seconds a run with ``progress=None`` lasts before its bar shows
DELAY = 1.0
#: seconds between two redraws of a notebook bar
REDRAW = 0.5

#: the words of a bar's label in Korean (a run's kind; policy names come from the core glossary)
LABELS_KO = {"simulate": "시뮬레이션", "observe": "관찰", "review": "복기", "advise": "조언", "sensitivity": "민감도",
             "experiment": "실험", "vs": "대"}
#: the bar's line in a notebook, in English and Korean
LINE = {"en": "{label}: {done}/{total} games ({share}) in {elapsed} s",
        "ko": "{label}: {total}게임 중 {done}게임 ({share}), {elapsed}초 경과"}
RATE = {"en": ", {rate} games/s, about {left} s left", "ko": ", 초당 {rate}게임, 남은 시간 약 {left}초"}
#: what a terminal (tqdm) bar counts
UNIT = {"en": "game", "ko": "게임"}


def language() -> str:
    """The language of progress bars and the command line's lines (see the module text)."""
    if glossary.language() == "ko":
        return "ko"
    return "ko" if os.environ.get("BOARDLAB_LANGUAGE", "").strip().lower() == "ko" else "en"


def label_text(label: str, lang: str | None = None) -> str:
    """A bar's label in ``lang`` (None: :func:`language`): each word of :data:`LABELS_KO`, or a
    policy name the core glossary knows, in Korean; anything else (an arm's name) as it is."""
    if (lang or language()) != "ko":
        return label
    core = glossary.glossary("core")
    return re.sub(r"[A-Za-z_]+", lambda m: LABELS_KO.get(m.group(0)) or core.get(m.group(0), m.group(0)), label)


def _kernel_shell():
    """The IPython kernel shell running this code, or None (a script, a terminal IPython)."""
    if "ipykernel" not in sys.modules:
        return None
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    return shell if shell is not None and hasattr(shell, "kernel") else None


def _captured(shell) -> bool:
    """True while IPython's capture_output swallows displays (a live_output widget callback)."""
    return type(shell.display_pub).__name__ == "CapturingDisplayPublisher"


def progress_bar(total: int, progress: bool | None, label: str):
    """A bar with ``update(n)`` and ``close()``, or None when no bar is wanted."""
    if progress not in (None, True, False):
        raise ValueError(f"progress must be True, False or None (automatic), got {progress!r}")
    if progress is False:
        return None
    delay = DELAY if progress is None else 0.0
    shell = _kernel_shell()
    if shell is not None:
        return None if _captured(shell) else NotebookBar(total, label, delay)
    if progress is None and not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    class Bar(tqdm):
        monitor_interval = 0  # no monitor thread: it would redraw the bar from a background thread

    lang = language()
    return Bar(total=total, unit=UNIT[lang], desc=label_text(label, lang), delay=delay, file=sys.stderr)


class NotebookBar:
    """A text progress line in a notebook display, updated in place (see the module text)."""

    def __init__(self, total: int, label: str, delay: float):
        self.total, self.label, self.delay = total, label, delay
        self.language = language()
        self.done = 0
        self.started = time.monotonic()
        self.drawn = None  # time of the last redraw
        self.handle = None

    def update(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if now - self.started < self.delay:
            return
        if self.drawn is None or now - self.drawn >= REDRAW or self.done >= self.total:
            self._draw(now)

    def close(self) -> None:
        if self.handle is not None or self.delay == 0:
            self._draw(time.monotonic())

    def text(self, now: float) -> str:
        elapsed = now - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        share = self.done / self.total if self.total else 1.0
        lang = self.language
        line = LINE[lang].format(label=label_text(self.label, lang), done=f"{self.done:,}", total=f"{self.total:,}",
                                 share=f"{share:.0%}", elapsed=f"{elapsed:.1f}")
        if rate and self.done < self.total:
            line += RATE[lang].format(rate=f"{rate:.1f}", left=f"{(self.total - self.done) / rate:.0f}")
        return line

    def _draw(self, now: float) -> None:
        from IPython.display import display

        line = self.text(now)
        data = {"text/plain": line,
                "text/html": f'<progress value="{self.done}" max="{max(self.total, 1)}"></progress> '
                             f"<code>{html.escape(line)}</code>"}
        if self.handle is None:
            self.handle = display(data, raw=True, display_id=True)
        else:
            self.handle.update(data, raw=True)
        self.drawn = now
