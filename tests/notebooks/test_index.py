"""The index (notebooks/index.ipynb) and its Korean twin link every notebook once, in the reader's
language: the English index the English notebooks, the Korean index their Korean twins; both
start with the three paths (learn a game, explore the odds, write an article), and the learn
path names each game's rules page and app. (This check used to be a code cell of the index: a
reader's page now shows prose only.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
GAMES = ("whitecastle", "fivetribes", "alea", "elgrande")
LINK = re.compile(r"\]\(([^)\s]+\.ipynb)\)")


def _markdown(name: str) -> str:
    book = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    assert all(c["cell_type"] == "markdown" for c in book["cells"]), f"{name}: a reader's page has no code cell"
    return "\n".join("".join(c["source"]) for c in book["cells"])


def _english() -> set[str]:
    return {p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.ipynb")
            if ".ipynb_checkpoints" not in p.parts and not p.name.endswith(".ko.ipynb") and p.name != "index.ipynb"}


def _twin(path: str) -> str:
    return path[: -len(".ipynb")] + ".ko.ipynb"


def test_the_english_index_links_every_english_notebook():
    linked = set(LINK.findall(_markdown("index.ipynb")))
    assert linked == _english(), (f"missing: {sorted(_english() - linked)}; "
                                  f"pointing nowhere or not English: {sorted(linked - _english())}")


def test_the_korean_index_links_the_korean_twin_of_every_notebook():
    linked = set(LINK.findall(_markdown("index.ko.ipynb")))
    assert linked == {_twin(p) for p in _english()}


@pytest.mark.parametrize("path", sorted(_twin(p) for p in _english()))
def test_every_link_of_the_korean_index_opens_a_notebook(path):
    assert (NOTEBOOKS / path).is_file(), f"{path} does not exist yet (its English notebook has no twin)"


@pytest.mark.parametrize("name, paths, words", [
    ("index.ipynb", ("### 1. Learn a game", "### 2. Explore the odds", "### 3. Write an article"), ("rules page", "app")),
    ("index.ko.ipynb", ("### 1. 게임 배우기", "### 2. 확률 살펴보기", "### 3. 글 쓰기"), ("규칙 설명", "앱")),
])
def test_the_index_starts_with_three_paths_and_the_learn_path_names_rules_and_app(name, paths, words):
    text = _markdown(name)
    places = [text.index(p) for p in paths]
    assert places == sorted(places) and places[0] == text.index("### "), "the three paths come first, in order"
    learn = text[places[0]:places[1]]
    suffix = ".ko.ipynb" if name.endswith(".ko.ipynb") else ".ipynb"
    for game in GAMES:
        assert f"[{words[0]}](rules/{game}{suffix})" in learn and f"[{words[1]}](apps/{game}{suffix})" in learn


@pytest.mark.parametrize("name", ["index.ipynb", "index.ko.ipynb"])
def test_the_index_sends_readers_to_no_source_name(name):
    text = _markdown(name)
    for developer in ("boardlab.", "lessons/", "RULES.md", "MCTS_DEFAULTS", ".py"):
        assert developer not in text, f"{name} names {developer!r}, which a reader cannot open"
    assert not re.search(r"\bseeds?\b", re.sub(r"random seed", "", text)), "'seed' alone: say rule source or random seed"
