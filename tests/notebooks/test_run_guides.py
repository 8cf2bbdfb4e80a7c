"""Every guide notebook (notebooks/guides: how to run an experiment) runs top to bottom with no
error and nothing on stderr; its check cells assert the findings it states."""

import pytest

from tests.notebooks.runner import check_notebook, notebooks


@pytest.mark.parametrize("path", notebooks("guides"), ids=lambda p: p.name)
def test_notebook_runs_cleanly(path):
    check_notebook(path)
