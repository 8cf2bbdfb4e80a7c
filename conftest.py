"""What every pytest run of this checkout shares, the tests in tests/ and the notebooks in
notebooks/ alike (nbval collects each notebook as a test, one item per cell: pyproject.toml).

nbval's ``--nbval-lax`` checks that every cell runs without an error; the ``assert``s in the cells
check the numbers. On top of that a cell fails when it writes to stderr: a warning or a stray
traceback shows in JupyterLab as a red box, which no reader should meet (issue 8).
"""

import os

import pytest

# Figures are drawn off screen, in this process and in the kernels nbval and the tests start
# (they inherit the environment).
os.environ.setdefault("MPLBACKEND", "Agg")


def stderr_outputs(outputs) -> list[str]:
    """The texts a cell wrote to stderr, from its outputs (nbformat dicts)."""
    return [o.get("text", "").strip()[:500] for o in outputs
            if o.get("output_type") == "stream" and o.get("name") == "stderr"]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    result = yield
    if type(item).__name__ == "IPyNbCell" and item.test_outputs:
        problems = stderr_outputs(item.test_outputs)
        if problems:
            pytest.fail(f"{item.name} wrote to stderr (a red box for the reader):\n" + "\n".join(problems),
                        pytrace=False)
    return result
