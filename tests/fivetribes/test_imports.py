"""The engine modules import one another one way only: no import circle (issue 8), not even
through imports inside functions."""

import ast
from pathlib import Path

import boardlab.fivetribes

PACKAGE = Path(boardlab.fivetribes.__file__).parent
ENGINE = ("game", "state", "rules", "actions", "movegen", "components", "scoring", "odds", "bots", "validate")


def imports_of(name: str) -> set[str]:
    tree = ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("boardlab.fivetribes."):
                found.add(node.module.rsplit(".", 1)[1])
            elif node.module == "boardlab.fivetribes":
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name.rsplit(".", 1)[1] for a in node.names if a.name.startswith("boardlab.fivetribes."))
    return found & set(ENGINE)


def test_no_import_circle_between_the_engine_modules():
    graph = {name: imports_of(name) for name in ENGINE}
    assert "state" not in graph["rules"] and "rules" in graph["state"]

    def cycle_from(node, path):
        for nxt in graph[node]:
            if nxt in path:
                return path[path.index(nxt):] + [nxt]
            found = cycle_from(nxt, path + [nxt])
            if found:
                return found
        return None

    for name in ENGINE:
        assert cycle_from(name, [name]) is None, f"import circle: {' -> '.join(cycle_from(name, [name]))}"
