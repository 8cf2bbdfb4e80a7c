"""nbval runs the notebooks (pyproject.toml); the project's conftest.py fails a cell that writes
to stderr, which nbval alone lets pass."""

import shutil
import subprocess
import sys

import nbformat


def test_a_cell_writing_to_stderr_fails_under_nbval(repo_root, tmp_path):
    cells = ["x = 1", "import warnings\nwarnings.warn('a red box for the reader')", "assert x == 1"]
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells]), tmp_path / "nb.ipynb")
    shutil.copy(repo_root / "conftest.py", tmp_path / "conftest.py")
    done = subprocess.run([sys.executable, "-m", "pytest", "--nbval-lax", "--nbval-current-env", "-p", "no:cacheprovider",
                           "-q", "nb.ipynb"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert "1 failed, 2 passed" in done.stdout, done.stdout[-3000:]
    assert "Cell 1 wrote to stderr" in done.stdout and "a red box for the reader" in done.stdout
