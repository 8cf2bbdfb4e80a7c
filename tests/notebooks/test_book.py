"""make book (scripts/book.py) on a small notebook folder of its own: executed pages, links between
pages, Korean twins, widgets shown as their first view, check cells left out."""

import importlib.util
import re

import nbformat
import pytest

from tests.conftest import REPO_ROOT


def _book():
    spec = importlib.util.spec_from_file_location("book", REPO_ROOT / "scripts" / "book.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _notebook(path, *cells):
    path.parent.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook()
    for kind, source, *tags in cells:
        cell = (nbformat.v4.new_markdown_cell if kind == "md" else nbformat.v4.new_code_cell)(source)
        if tags:
            cell.metadata["tags"] = tags
        nb.cells.append(cell)
    nbformat.write(nb, path)


WIDGET = """import ipywidgets as widgets
n = widgets.IntSlider(description="dice", value=3)
out = widgets.Output()
with out:
    print("three dice, first view")
widgets.VBox([n, widgets.HTML("<b>best pick</b>: the left end"), out])"""


@pytest.mark.slow
def test_the_book_renders_pages_links_twins_and_first_views(tmp_path):
    notebooks = tmp_path / "notebooks"
    _notebook(notebooks / "index.ipynb", ("md", "# Lessons\n\n- [The dice](game/01-dice.ipynb)"))
    _notebook(notebooks / "game" / "01-dice.ipynb", ("md", "# The dice\n\nBack to the [index](../index.ipynb)."),
              ("code", "print(6 * 7)"), ("code", WIDGET), ("code", "assert 6 * 7 == 42", "check"))
    _notebook(notebooks / "game" / "01-dice.ko.ipynb", ("md", "# 주사위"), ("code", "print('마흔둘', 6 * 7)"))
    _notebook(notebooks / "game" / "02-not-asked.ipynb", ("md", "# Left out by --only"))
    out = tmp_path / "site"
    pages = _book().build(notebooks, out, only=["game/01"], jobs=1)

    assert [page for page, _, _ in pages] == ["index.html", "game/01-dice.html", "game/01-dice.ko.html"]
    assert not (out / "game" / "02-not-asked.html").exists()
    index = (out / "index.html").read_text(encoding="utf-8")
    english = (out / "game" / "01-dice.html").read_text(encoding="utf-8")
    korean = (out / "game" / "01-dice.ko.html").read_text(encoding="utf-8")
    assert 'href="game/01-dice.html"' in index and not re.search(r'href="[^"]*\.ipynb', index + english)
    assert 'href="../index.html"' in english and 'href="01-dice.ko.html"' in english   # back, and to the twin
    assert 'href="01-dice.html"' in korean and "마흔둘 42" in korean and "모든 강의" in korean
    assert "make lab</code>에서 열면" in korean and "open it with" not in korean                # the footer, in Korean
    assert "42" in english and "assert 6 * 7" not in english                             # executed; check cell left out
    assert "<code>make lab</code>: these controls move there" in english and "(dice = 3)" in english
    assert "three dice, first view" in english and "<b>best pick</b>: the left end" in english
    assert "widget-view+json" not in english
