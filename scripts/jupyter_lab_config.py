"""JupyterLab settings for `make lab` (passed as `jupyter lab --config=scripts/jupyter_lab_config.py`).

A notebook saved from Lab keeps its outputs on disk; the nbstripout git filter (`make
strip-outputs`) strips them, the execution counts and the kernel's metadata from what git sees.
That alone does not keep `git status` clean: git marks a file modified when its size differs
from the one its index recorded, without running the filter. So after Lab saves a notebook that
git tracks, and the filtered file equals what the index holds (`git diff` finds nothing), the
notebook is added again: the index records the new size and nothing else changes. A notebook
with a real change (an edited cell) is left alone for you to commit.
"""

import subprocess
from pathlib import Path


def refresh_git_index(model, os_path, contents_manager, **kwargs):
    if model.get("type") != "notebook":
        return
    path = Path(os_path)

    def git(*args):
        return subprocess.run(["git", *args, "--", path.name], cwd=path.parent, capture_output=True, timeout=60)

    try:
        if git("ls-files", "--error-unmatch").returncode == 0 and git("diff", "--quiet").returncode == 0:
            git("add")
    except (OSError, subprocess.TimeoutExpired):
        pass  # no git, or it is busy: the filter still keeps the commit clean


c.FileContentsManager.post_save_hook = refresh_git_index  # noqa: F821 (c: the config Jupyter passes)
