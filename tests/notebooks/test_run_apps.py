"""Every app notebook runs top to bottom with no error and nothing on stderr (its widget is built,
a game started); what the app does is tested in tests/apps/."""

import pytest

from tests.notebooks.runner import check_notebook, notebooks


@pytest.mark.parametrize("path", notebooks("apps"), ids=lambda p: p.name)
def test_app_notebook_runs_cleanly(path):
    check_notebook(path)
