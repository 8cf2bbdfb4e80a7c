"""Page titles (issue 27 point 4): a Voila app page's <title> is its notebook's metadata "title"
(the nbconvert lab template Voila extends reads it before the file name), kept equal to the heading
the app shows in the notebook's language, so a Korean app page has a Korean title, not "whitecastle.ko".
The heading is the app's own (it follows the language switch), so an app notebook has no markdown."""

import json
from pathlib import Path

import nbformat
import pytest

from boardlab.apps.builder import heading
from boardlab.core.glossary import has_hangul

APPS = sorted((Path(__file__).resolve().parents[2] / "notebooks" / "apps").glob("*.ipynb"))


@pytest.mark.parametrize("path", APPS, ids=[p.name for p in APPS])
def test_an_app_page_is_titled_by_its_heading_in_its_language(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    korean = path.name.endswith(".ko.ipynb")
    title = nb["metadata"].get("title")
    assert title == heading(path.name.split(".")[0], "ko" if korean else "en"), path.name
    assert has_hangul(title.split("(")[0]) == korean, title


@pytest.mark.parametrize("path", APPS, ids=[p.name for p in APPS])
def test_an_app_notebook_shows_no_fixed_language_text(path):
    """A markdown cell would stay in one language after the app's language switch."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert [c["cell_type"] for c in nb["cells"]] == ["code", "code"], path.name


def test_the_template_voila_extends_puts_the_metadata_title_in_the_page():
    from nbconvert import HTMLExporter

    nb = nbformat.read(next(p for p in APPS if p.name == "whitecastle.ko.ipynb"), as_version=4)
    nb.cells = nb.cells[:1]
    html, _ = HTMLExporter(template_name="lab").from_notebook_node(nb, resources={"metadata": {"name": "whitecastle.ko"}})
    assert "<title>백로성 (The White Castle): 플레이, 다시 보기, 배우기</title>" in html
