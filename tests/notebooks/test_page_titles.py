"""Page titles (issue 27 point 4): a Voila app page's <title> is its notebook's metadata "title"
(the nbconvert lab template Voila extends reads it before the file name), kept equal to the
notebook's first heading, so a Korean app page has a Korean title, not "whitecastle.ko"."""

import json
from pathlib import Path

import nbformat
import pytest

from boardlab.core.glossary import has_hangul

APPS = sorted((Path(__file__).resolve().parents[2] / "notebooks" / "apps").glob("*.ipynb"))


def _heading(nb) -> str:
    first = next(c for c in nb["cells"] if c["cell_type"] == "markdown")
    return first["source"].splitlines()[0].removeprefix("# ").strip()


@pytest.mark.parametrize("path", APPS, ids=[p.name for p in APPS])
def test_an_app_page_is_titled_by_its_heading_in_its_language(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    title = nb["metadata"].get("title")
    assert title == _heading(nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)), path.name
    assert has_hangul(title.split("(")[0]) == path.name.endswith(".ko.ipynb"), title


def test_the_template_voila_extends_puts_the_metadata_title_in_the_page():
    from nbconvert import HTMLExporter

    nb = nbformat.read(next(p for p in APPS if p.name == "whitecastle.ko.ipynb"), as_version=4)
    nb.cells = nb.cells[:1]
    html, _ = HTMLExporter(template_name="lab").from_notebook_node(nb, resources={"metadata": {"name": "whitecastle.ko"}})
    assert "<title>백로성 (The White Castle): 플레이, 다시 보기, 배우기</title>" in html
