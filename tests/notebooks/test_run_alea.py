"""Every Alea Iacta Est notebook runs top to bottom with no error and nothing on stderr."""

import pytest

from tests.notebooks.runner import check_notebook, notebooks


@pytest.mark.parametrize("path", notebooks("alea"), ids=lambda p: p.name)
def test_notebook_runs_cleanly(path):
    check_notebook(path)
