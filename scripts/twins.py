"""Korean twins of the notebooks: start one, and keep its code in step with the English notebook.

    python scripts/twins.py new notebooks/alea/01-where-can-my-roll-go.ipynb   # writes 01-....ko.ipynb
    python scripts/twins.py sync                                               # every twin
    python scripts/twins.py sync notebooks/alea/01-where-can-my-roll-go.ipynb  # one twin

``new`` copies the English notebook with ``LANGUAGE = "ko"``; its prose is then written in Korean
by hand (the markdown cells are left in English to be replaced). ``sync`` replaces every code cell
of a twin whose code (comments aside) differs from the English cell at the same place, and says
which cells it replaced; the Korean comments of those cells are lost, the markdown is never touched.
tests/notebooks/test_korean_twins.py checks the pairs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "notebooks"))
from test_korean_twins import LANGUAGE_LINE, code_without_comments, english_notebooks, twin_of  # noqa: E402


def korean_code(source: str) -> str:
    return LANGUAGE_LINE.sub(r'\1"ko"', source)


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def save(path: Path, nb: dict) -> None:
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def new(english: Path) -> None:
    twin = twin_of(english)
    if twin.exists():
        sys.exit(f"{twin} exists already: edit it, or run `sync` to bring its code in step")
    nb = load(english)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["source"] = korean_code("".join(cell["source"]))
    save(twin, nb)
    print(f"wrote {twin.relative_to(ROOT)}: now write its markdown cells in Korean")


def sync(english: Path) -> None:
    twin = twin_of(english)
    nb, theirs = load(english), load(twin)
    ours = [c for c in nb["cells"] if c["cell_type"] == "code"]
    their_code = [c for c in theirs["cells"] if c["cell_type"] == "code"]
    if len(ours) != len(their_code):
        sys.exit(f"{twin.name}: {len(their_code)} code cells against {len(ours)} in English: "
                 "add or remove the cells by hand (with their Korean prose), then sync")
    replaced = []
    for number, (a, b) in enumerate(zip(ours, their_code)):
        source = "".join(a["source"])
        if code_without_comments(source) != code_without_comments("".join(b["source"])):
            b["source"] = korean_code(source)
            replaced.append(number)
    if replaced:
        save(twin, theirs)
        print(f"{twin.relative_to(ROOT)}: replaced code cells {replaced}")


def main(argv: list[str]) -> None:
    if not argv or argv[0] not in ("new", "sync"):
        sys.exit(__doc__)
    paths = [Path(p).resolve() for p in argv[1:]]
    if argv[0] == "new":
        for path in paths:
            new(path)
        return
    for path in paths or [p for p in english_notebooks() if twin_of(p).is_file()]:
        sync(path)


if __name__ == "__main__":
    main(sys.argv[1:])
