"""The Five Tribes notebooks read prose first (issue 8, item 9): every cell that asserts is a
``check`` cell whose source is collapsed in the reader's view, and a check cell only checks
(the figures, tables and widgets stay in the cells a reader sees)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks" / "fivetribes").glob("[0-9]*.ipynb"))


def _code_cells(path):
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            yield cell, "".join(cell["source"])


def _asserts(source: str) -> bool:
    lines = [line for line in source.splitlines() if not line.lstrip().startswith("%")]
    return any(isinstance(node, ast.Assert) for node in ast.walk(ast.parse("\n".join(lines))))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_asserts_sit_in_collapsed_check_cells(path):
    checks = 0
    for cell, source in _code_cells(path):
        tagged = "check" in cell["metadata"].get("tags", [])
        if _asserts(source):
            assert tagged, f"{path.name}, cell {cell['id']}: asserts, so tag it 'check'"
        if tagged:
            checks += 1
            assert cell["metadata"].get("jupyter", {}).get("source_hidden") is True, \
                f"{path.name}, cell {cell['id']}: a check cell's source is collapsed (jupyter.source_hidden)"
            last = ast.parse("\n".join(line for line in source.splitlines() if not line.startswith("%"))).body[-1]
            assert not isinstance(last, ast.Expr) or isinstance(last.value, ast.Call) and \
                getattr(last.value.func, "id", "") == "print", \
                f"{path.name}, cell {cell['id']}: a check cell shows nothing a reader needs"
    if "review-a-game" not in path.name:  # the review notebook (the core's review, not a lesson) checks in one cell
        assert checks >= 3, f"{path.name} checks its numbers in {checks} check cells"
