"""`make book`: every notebook, executed, rendered into a static HTML site anyone can open.

    python scripts/book.py --out build/book                      # every notebook (what make book does)
    python scripts/book.py --out build/book --only alea/01       # the index and the matching lessons

Each notebook runs top to bottom in a fresh kernel in its own folder (nbclient, as in JupyterLab)
and becomes one self-contained page (nbconvert's HTML exporter, lab template; figures embedded
as PNG, each with the provenance line it carries): ``notebooks/index.ipynb`` becomes
``index.html``, ``notebooks/alea/01-x.ipynb`` becomes ``alea/01-x.html``, and links between
notebooks point at the pages. A Korean twin ``01-x.ko.ipynb`` beside a lesson becomes
``01-x.ko.html``, and the two pages link to each other. Cells tagged ``check`` (asserts only)
are left out: the run already checked them.

Widgets need a kernel, so a page shows each widget's first view: what its output areas and
text showed when the notebook ran, under a note naming the controls as set and saying that
they move in ``make lab``.

nbconvert, not Jupyter Book or MyST: it is installed with JupyterLab already, executes and
exports exactly the notebooks Lab shows, and the site needs no build tool of its own.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
KOREAN = ".ko.ipynb"
TIMEOUT = 900  # seconds per cell
LINK = re.compile(r"(\]\(|href=\")([^)\"\s]+?)\.ipynb([#)\"])")
NOTE = {"en": "Live in <code>make lab</code>: these controls move there; this page shows their first view",
        "ko": "<code>make lab</code>에서 조절할 수 있습니다. 이 페이지는 처음 화면을 보여 줍니다"}
FOOTER = {"en": ", executed by `make book`; open it with `make lab` to move the controls and change the inputs.",
          "ko": ", `make book`으로 실행한 페이지입니다. `make lab`에서 열면 조절 장치를 움직이고 입력을 바꿀 수 있습니다."}
NAV = {"en": ("All lessons", "English", "한국어"), "ko": ("모든 강의", "English", "한국어")}


def korean_twin(path: Path) -> Path:
    """``01-x.ko.ipynb`` beside ``01-x.ipynb``."""
    return path.with_name(path.name.removesuffix(".ipynb") + KOREAN)


def english_of(path: Path) -> Path:
    return path.with_name(path.name.removesuffix(KOREAN) + ".ipynb")


def page_of(rel: Path) -> Path:
    return rel.with_suffix(".html")


def lessons(notebooks: Path, only: list[str]) -> list[Path]:
    """The notebooks to render, relative to ``notebooks``: the index first, then every other one
    (or those whose path contains one of ``only``), each followed by its Korean twin if present."""
    found = sorted(p.relative_to(notebooks) for p in notebooks.rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts and not p.name.endswith(KOREAN))
    index = Path("index.ipynb")
    chosen = [index] + [p for p in found if p != index and (not only or any(o in p.as_posix() for o in only))]
    with_twins = []
    for rel in chosen:
        with_twins.append(rel)
        if (notebooks / korean_twin(rel)).is_file():
            with_twins.append(korean_twin(rel))
    return with_twins


# -- widgets: their first view --------------------------------------------------------------------


def _model_ids(value) -> list[str]:
    if isinstance(value, str) and value.startswith("IPY_MODEL_"):
        return [value.removeprefix("IPY_MODEL_")]
    if isinstance(value, list):
        return [m for v in value for m in _model_ids(v)]
    return []


def _control_text(state: dict) -> str | None:
    """'description = value' of a control (slider, dropdown, toggle...), None for anything else."""
    description = (state.get("description") or "").strip().rstrip(":")
    if not description:
        return None
    if "index" in state and state.get("_options_labels"):
        index = state["index"]
        labels = state["_options_labels"]
        value = labels[index] if isinstance(index, int) and 0 <= index < len(labels) else None
    else:
        value = state.get("value")
    if value is None or isinstance(value, (dict, list)):
        return None
    return f"{html.escape(description)} = {html.escape(str(value))}"


def first_view(models: dict, model_id: str, seen: set | None = None) -> tuple[list, list[str]]:
    """(outputs, control texts) of the widget ``model_id`` and everything inside it, in order:
    the outputs its Output widgets captured and the text of its HTML and Label widgets."""
    seen = set() if seen is None else seen
    if model_id in seen or model_id not in models:
        return [], []
    seen.add(model_id)
    model = models[model_id]
    name, state = model.get("model_name", ""), model.get("state", {})
    outputs, controls = [], []
    if name == "OutputModel":
        outputs += state.get("outputs", [])
    elif name in ("HTMLModel", "HTMLMathModel", "LabelModel") and state.get("value"):
        text = state["value"] if name != "LabelModel" else html.escape(state["value"])
        outputs.append({"output_type": "display_data", "metadata": {}, "data": {"text/html": text}})
    else:
        control = _control_text(state)
        if control:
            controls.append(control)
    for key in ("children", *sorted(k for k in state if k != "children")):
        for child in _model_ids(state.get(key)):
            more_outputs, more_controls = first_view(models, child, seen)
            outputs += more_outputs
            controls += more_controls
    return outputs, controls


def freeze_widgets(nb, language: str) -> int:
    """Replace every widget output of ``nb`` by its first view under a note; returns how many."""
    import nbformat

    models = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    frozen = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        outputs = []
        for output in cell.outputs:
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view is None:
                outputs.append(output)
                continue
            shown, controls = first_view(models, view.get("model_id", ""))
            note = NOTE[language] + (f" ({', '.join(controls)})" if controls else "") + "."
            outputs.append(nbformat.from_dict({"output_type": "display_data", "metadata": {},
                                               "data": {"text/html": f'<p class="book-live">{note}</p>'}}))
            outputs += [nbformat.from_dict(o) for o in shown]
            frozen += 1
        cell.outputs = outputs
    nb.metadata.pop("widgets", None)  # the page loads no widget JavaScript
    return frozen


# -- one page -------------------------------------------------------------------------------------


def _navigation(notebooks: Path, rel: Path, language: str) -> str:
    up = "../" * (len(rel.parts) - 1)
    lessons_text, english, korean = NAV[language]
    links = [] if rel.name in ("index.ipynb", "index" + KOREAN) else [f"[← {lessons_text}]({up}index.html)"]
    english_rel = english_of(rel) if language == "ko" else rel
    if (notebooks / korean_twin(english_rel)).is_file():
        links.append(f"**{english}**" if language == "en" else f"[{english}]({page_of(english_rel).name})")
        links.append(f"**{korean}**" if language == "ko" else f"[{korean}]({page_of(korean_twin(rel)).name})")
    return " · ".join(links)


def render(notebooks: Path, rel: Path, out: Path) -> tuple[str, float, int]:
    """Execute ``notebooks/rel`` and write its page under ``out``; (page, seconds, widgets frozen)."""
    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    import boardlab

    path = notebooks / rel
    language = "ko" if rel.name.endswith(KOREAN) else "en"
    nb = nbformat.read(path, as_version=4)
    nb.cells = [c for c in nb.cells if "check" not in c.get("metadata", {}).get("tags", [])]
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        else:
            cell.source = LINK.sub(lambda m: f"{m[1]}{m[2]}.html{m[3]}", cell.source)
    start = time.monotonic()
    NotebookClient(nb, timeout=TIMEOUT, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    seconds = time.monotonic() - start
    frozen = freeze_widgets(nb, language)
    navigation = _navigation(notebooks, rel, language)
    if navigation:
        nb.cells.insert(0, nbformat.v4.new_markdown_cell(navigation))
    nb.cells.append(nbformat.v4.new_markdown_cell(
        f"---\n*boardlab {boardlab.__version__} · `{rel.as_posix()}`" + FOOTER[language] + "*"))
    exporter = HTMLExporter(template_name="lab", exclude_input_prompt=True, exclude_output_prompt=True)
    title = next((line.lstrip("# ").strip() for c in nb.cells if c.cell_type == "markdown"
                  for line in c.source.splitlines() if line.startswith("# ")), rel.stem)
    body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": title}})
    target = out / page_of(rel)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(body, encoding="utf-8")
    return page_of(rel).as_posix(), seconds, frozen


def build(notebooks: Path, out: Path, only: list[str], jobs: int) -> list[tuple[str, float, int]]:
    """Render the chosen notebooks into ``out`` (emptied first), ``jobs`` at a time."""
    # figures inline, as in JupyterLab (a test suite may have set Agg for its own kernels)
    os.environ.pop("MPLBACKEND", None)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    chosen = lessons(notebooks, only)
    if jobs <= 1:
        return [render(notebooks, rel, out) for rel in chosen]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(render, [notebooks] * len(chosen), chosen, [out] * len(chosen)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "book", help="the site's folder (emptied first)")
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks", help="the notebooks' folder")
    parser.add_argument("--only", action="append", default=[],
                        help="render the index and the notebooks whose path contains this (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks executed at once (default 2)")
    args = parser.parse_args(argv)
    start = time.monotonic()
    pages = build(args.notebooks.resolve(), args.out.resolve(), args.only, args.jobs)
    for page, seconds, frozen in pages:
        print(f"{page}: executed in {seconds:.1f} s" + (f", {frozen} widget(s) shown as first view" if frozen else ""))
    print(f"{len(pages)} pages in {time.monotonic() - start:.0f} s: open {args.out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
