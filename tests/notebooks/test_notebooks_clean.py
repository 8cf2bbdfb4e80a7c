"""Committed notebooks carry no outputs, and the index links every notebook.

"Committed" is what git stages (the index), not the file on disk: a JupyterLab session autosaves
outputs into the file, and the nbstripout git filter (``make lab`` sets it up, .gitattributes
names it) strips them from what is staged. Outside a git checkout the file itself is checked.
"""

import json
import re
import subprocess
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _committed_notebooks():
    return sorted(
        p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )


def strip_arguments() -> list[str]:
    """The arguments the Makefile gives the nbstripout filter (NBSTRIPOUT_ARGS), as a list."""
    import shlex

    makefile = (NOTEBOOKS.parent / "Makefile").read_text()
    return shlex.split(re.search(r"^NBSTRIPOUT_ARGS\s*:?=\s*(.+)$", makefile, re.M).group(1))


def _rel(path):
    return path.relative_to(NOTEBOOKS).as_posix()


def _committed_text(path: Path) -> str:
    """The notebook as git stages it (``git show :path``), or the file outside a git checkout."""
    try:
        staged = subprocess.run(["git", "show", f":./{path.name}"], cwd=path.parent, capture_output=True,
                                text=True, encoding="utf-8", timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return path.read_text(encoding="utf-8")
    return staged.stdout if staged.returncode == 0 else path.read_text(encoding="utf-8")


def test_there_are_notebooks():
    assert (NOTEBOOKS / "index.ipynb").is_file()


@pytest.mark.parametrize("path", _committed_notebooks(), ids=_rel)
def test_notebook_has_no_outputs(path):
    nb = json.loads(_committed_text(path))
    dirty = []
    for number, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        if cell.get("outputs"):
            dirty.append(f"cell {number}: {len(cell['outputs'])} output(s)")
        if cell.get("execution_count") is not None:
            dirty.append(f"cell {number}: execution_count {cell['execution_count']}")
    if "widgets" in nb.get("metadata", {}):
        dirty.append("notebook metadata holds saved widget state")
    assert not dirty, (
        f"{_rel(path)} was committed with outputs; clear them "
        "(JupyterLab: Edit > Clear Outputs of All Cells, then save; or run `make strip-outputs` once "
        "so that git strips them itself): " + "; ".join(dirty)
    )


def test_nbval_runs_every_notebook():
    """make test runs pytest, whose settings (pyproject.toml) hand notebooks/ to nbval: every
    notebook with code collects as one item per code cell (a page of prose only, the index, has
    nothing to run)."""
    import sys
    import tomllib

    settings = tomllib.loads((NOTEBOOKS.parent / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "notebooks" in settings["testpaths"] and "--nbval-lax" in settings["addopts"]
    listed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                             "notebooks"], cwd=NOTEBOOKS.parent, capture_output=True, text=True, timeout=300).stdout
    collected = {line.split("::")[0] for line in listed.splitlines() if ".ipynb::" in line}
    expected = {f"notebooks/{_rel(p)}" for p in _committed_notebooks()
                if any(c["cell_type"] == "code" for c in json.loads(_committed_text(p))["cells"])}
    assert collected == expected, f"not run by nbval: {sorted(expected - collected)}"


def _is_check_cell(source: str) -> bool:
    """A cell that only checks numbers: it asserts, shows nothing (no display, no final
    expression) and imports nothing; such a cell is tagged `check` with its source collapsed."""
    import ast

    body = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
    try:
        tree = ast.parse(body)
    except SyntaxError:
        return False
    asserts = any(isinstance(node, ast.Assert) for node in ast.walk(tree))
    shows = bool(tree.body) and isinstance(tree.body[-1], ast.Expr)
    return asserts and not shows and "display(" not in source and "import " not in source


RESHAPED = [line.strip() for line in (NOTEBOOKS.parent / "tests" / "reshaped_games.txt").read_text().splitlines()
            if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("path", [p for p in _committed_notebooks() if p.parent.name in RESHAPED], ids=_rel)
def test_check_cells_are_tagged_and_collapsed(path):
    """Prose first (issue 8): the asserts stay, in cells tagged `check` whose source is collapsed."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    wrong = []
    for number, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        meta = cell.get("metadata", {})
        tagged = "check" in meta.get("tags", [])
        hidden = meta.get("jupyter", {}).get("source_hidden") is True
        if _is_check_cell("".join(cell["source"])) and not tagged:
            wrong.append(f"cell {number} only checks numbers but is not tagged 'check'")
        if tagged and not hidden:
            wrong.append(f"cell {number} is tagged 'check' but its source is not collapsed (jupyter.source_hidden)")
    assert not wrong, f"{_rel(path)}: " + "; ".join(wrong)
    assert any("check" in c.get("metadata", {}).get("tags", []) for c in nb["cells"]), "no check cell at all"


@pytest.fixture(scope="module")
def filtered(tmp_path_factory) -> dict:
    """{notebook: (committed text, that text through the strip filter)}, every notebook at once (one
    nbstripout run, with the Makefile's arguments, over copies)."""
    import sys

    folder = tmp_path_factory.mktemp("filtered")
    texts = {_rel(p): _committed_text(p) for p in _committed_notebooks()}
    copies = {}
    for number, (name, text) in enumerate(texts.items()):
        copies[name] = folder / f"{number}.ipynb"
        copies[name].write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "nbstripout", *strip_arguments(), *map(str, copies.values())],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return {name: (texts[name], copies[name].read_text(encoding="utf-8")) for name in texts}


@pytest.mark.parametrize("path", _committed_notebooks(), ids=_rel)
def test_committed_notebook_is_what_the_strip_filter_writes(path, filtered):
    """The nbstripout filter (.gitattributes) leaves a committed notebook unchanged, so setting it
    up never shows an untouched notebook as modified in `git status`."""
    text, stripped = filtered[_rel(path)]
    assert stripped == text, (f"{_rel(path)} is not in the form the strip filter writes: run "
                              f"`make strip-outputs`, then `git add {_rel(path)}`")


def test_notebooks_name_the_kernel_lab_writes():
    """The strip filter keeps the kernelspec (without it Lab asks for a kernel at every opening), so
    it must be the one Lab writes on save, or a session would show the notebook as modified."""
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec("python3")
    lab_writes = {"display_name": spec.display_name, "language": spec.language, "name": "python3"}
    wrong = [_rel(p) for p in _committed_notebooks() if json.loads(_committed_text(p))["metadata"].get("kernelspec") != lab_writes]
    assert not wrong, f"kernelspec is not {lab_writes} in {wrong}"
