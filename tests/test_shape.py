"""One shape for every game (GUIDE section 1, issue 8): the same engine parts with the same
names, one lesson module per notebook named after it, and no import circles in boardlab.

Games listed in tests/reshaped_games.txt are held to the full shape; a game package not yet
listed is only reported by :func:`test_every_game_package_is_listed_or_on_its_way`.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "boardlab"
NOTEBOOKS = ROOT / "notebooks"
#: The parts every game package has (GUIDE section 1); a game may add more (e.g. movegen.py).
PARTS = ("game.py", "components.py", "state.py", "actions.py", "rules.py", "scoring.py", "odds.py",
         "render.py", "bots.py", "glossary.py", "RULES.md", "lessons/__init__.py")
#: Modules that are not games.
NOT_GAMES = {"core"}


def reshaped() -> list[str]:
    lines = (ROOT / "tests" / "reshaped_games.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def game_packages() -> list[str]:
    return sorted(p.name for p in PACKAGE.iterdir()
                  if p.is_dir() and (p / "__init__.py").exists() and p.name not in NOT_GAMES)


def lesson_name(notebook: Path) -> str:
    """``01-dice-cost-vs-lantern.ipynb`` (or its Korean twin ``.ko.ipynb``) -> ``dice_cost_vs_lantern``."""
    return re.sub(r"^\d+-", "", notebook.name.removesuffix(".ipynb").removesuffix(".ko")).replace("-", "_")


def test_the_reshaped_list_names_game_packages():
    assert reshaped(), "tests/reshaped_games.txt lists no game"
    assert set(reshaped()) <= set(game_packages()), set(reshaped()) - set(game_packages())


@pytest.mark.parametrize("game", reshaped())
def test_a_game_package_has_every_part(game):
    folder = PACKAGE / game
    missing = [part for part in PARTS if not (folder / part).is_file()]
    assert not missing, f"boardlab/{game} lacks {missing} (GUIDE section 1)"
    assert list((folder / "data").glob("*.csv")), f"boardlab/{game}/data holds no component table"


#: notebooks every game has whose lesson is a core tool, not a game module: {lesson: the call they make}
CORE_LESSONS = {"review_a_game": "boardlab.review("}


@pytest.mark.parametrize("game", reshaped())
def test_every_notebook_has_its_lesson_module_and_imports_it(game):
    notebooks = sorted((NOTEBOOKS / game).glob("[0-9]*.ipynb"))
    assert notebooks, f"notebooks/{game}/ has no numbered notebook"
    for notebook in notebooks:
        module = lesson_name(notebook)
        if module in CORE_LESSONS:
            assert CORE_LESSONS[module] in notebook.read_text(encoding="utf-8"), f"{notebook.name} does not call {CORE_LESSONS[module]}"
            continue
        assert (PACKAGE / game / "lessons" / f"{module}.py").is_file(), \
            f"{notebook.name} has no lesson module boardlab/{game}/lessons/{module}.py"
        code = "\n".join("".join(c["source"]) for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"]
                         if c["cell_type"] == "code")
        assert re.search(rf"lessons(\.{module}\b| import [\w, ]*\b{module}\b)", code), \
            f"{notebook.name} does not import its lesson boardlab.{game}.lessons.{module}"


@pytest.mark.parametrize("game", reshaped())
def test_a_lesson_module_serves_a_notebook_or_is_shared_by_two_lessons(game):
    lessons = PACKAGE / game / "lessons"
    served = {lesson_name(n) for n in (NOTEBOOKS / game).glob("[0-9]*.ipynb")} - set(CORE_LESSONS)
    modules = {p.stem for p in lessons.glob("*.py")} - {"__init__"}
    for module in sorted(modules - served):
        imported_by = {u for u in modules if f"boardlab.{game}.lessons.{module}" in _imports(lessons / f"{u}.py")}
        assert len(imported_by) >= 2, (f"lessons/{module}.py serves no notebook and is shared by "
                                       f"{sorted(imported_by) or 'no lesson'}: fold it into its one user")


def test_the_engine_never_imports_a_lesson():
    for game in reshaped():
        for path in (PACKAGE / game).glob("*.py"):
            if path.name == "__init__.py":
                continue
            bad = [m for m in _imports(path) if ".lessons" in m]
            assert not bad, f"boardlab/{game}/{path.name} imports its lessons {bad}: dependencies point one way"


def test_core_imports_no_game():
    games = set(game_packages())
    for path in (PACKAGE / "core").glob("*.py"):
        bad = [m for m in _imports(path) if m.split(".")[1:2] and m.split(".")[1] in games]
        assert not bad, f"boardlab/core/{path.name} imports {bad}"


# -- import circles -------------------------------------------------------------------------------

def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(path: Path) -> set[str]:
    """Every boardlab module ``path`` imports, at module level or inside a function: a
    ``from package import submodule`` counts as importing the submodule only, and importing one
    of its own ancestor packages (``from boardlab import __version__``) does not count: Python
    has always run an ancestor's ``__init__`` before the module itself."""
    modules = _modules()
    me = _module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("boardlab")}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            if not base.startswith("boardlab"):
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in modules else base)
    ancestors = {".".join(me.split(".")[:k]) for k in range(1, me.count(".") + 1)}
    return found - {me} - ancestors


def import_cycles() -> list[list[str]]:
    """The strongly connected groups of two or more boardlab modules (Tarjan), each sorted."""
    modules = _modules()
    graph = {m: {d for d in _imports(p) if d in modules} for m, p in modules.items()}
    index, low, stack, on_stack, cycles = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for m in sorted(graph):
        if m not in index:
            visit(m)
    return sorted(cycles)


def test_the_cycle_finder_finds_a_circle(tmp_path, monkeypatch):
    # a check that cannot fail is no check: two modules importing each other are found
    fake = tmp_path / "boardlab"
    (fake / "toy").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "toy" / "__init__.py").write_text("")
    (fake / "toy" / "a.py").write_text("def f():\n    from boardlab.toy import b\n")
    (fake / "toy" / "b.py").write_text("from boardlab.toy.a import f\n")
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    monkeypatch.setitem(globals(), "PACKAGE", fake)
    assert import_cycles() == [["boardlab.toy.a", "boardlab.toy.b"]]


def test_there_are_no_import_circles():
    cycles = import_cycles()
    assert not cycles, "import circles (a module importing, even inside a function, one that imports it " \
                       "back): " + "; ".join(" <-> ".join(c) for c in cycles)
