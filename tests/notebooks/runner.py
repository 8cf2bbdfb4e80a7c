"""Execute a notebook top to bottom in a fresh kernel and report what a reader would see go
wrong: an error, or anything written to stderr (warnings, tracebacks, stray prints). Used by
``test_run_<game>.py``, one file per game so that ``make test``'s two workers (``--dist
loadfile``) run two games' notebooks side by side.

nbval (``--nbval-lax``) only checks that cells run; this also fails on stderr output, which
shows in JupyterLab as a red box (issue 8: no warning or stderr box in any notebook).
"""

from __future__ import annotations

import time
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
TIMEOUT = 600  # seconds per cell; a notebook is meant to take well under a minute in all


def notebooks(folder: str) -> list[Path]:
    """The committed notebooks of ``notebooks/<folder>/``, in reading order."""
    return sorted(p for p in (NOTEBOOKS / folder).glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def stderr_outputs(nb) -> list[str]:
    """``"cell N: text"`` for every stderr stream output of an executed notebook."""
    found = []
    for number, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream" and output.get("name") == "stderr":
                found.append(f"cell {number}: {output.get('text', '').strip()[:500]}")
    return found


def run_notebook(path: Path) -> tuple[float, object]:
    """Execute ``path`` (outputs cleared first) in its own folder; returns (seconds, notebook).
    Raises nbclient's CellExecutionError, naming the cell, when a cell raises."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    client = NotebookClient(nb, timeout=TIMEOUT, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.monotonic()
    client.execute()
    return time.monotonic() - start, nb


def check_notebook(path: Path) -> float:
    """Run ``path``; fail on an error or on stderr output; return the seconds it took."""
    seconds, nb = run_notebook(path)
    problems = stderr_outputs(nb)
    assert not problems, f"{path.name} wrote to stderr (a red box for the reader):\n" + "\n".join(problems)
    print(f"{path.relative_to(NOTEBOOKS)}: {seconds:.1f} s")
    return seconds
