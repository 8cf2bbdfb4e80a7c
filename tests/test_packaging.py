"""Packaging: the declared dependencies agree, and the built wheel works on its own.

The wheel test builds boardlab from a copy of the checkout, installs it with ``--no-deps`` into a
fresh virtual environment, and runs that environment's Python in a subprocess. Third-party
dependencies are borrowed from the environment running the tests through a ``.pth`` file: a
``.pth`` line only *appends* a folder to ``sys.path`` (after the fresh venv's own site-packages)
and does not process the ``.pth`` files inside it, so the editable install of the checkout is
not picked up and ``boardlab`` itself can only come from the wheel. The test asserts that.
"""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import tomllib
import zipfile
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
DATA_SUFFIXES = {".csv", ".json", ".md"}
# conda-forge names that differ from the PyPI name of the same project.
CONDA_TO_PYPI = {"python-build": "build", "pytorch": "torch"}


# --- pyproject.toml and environment.yml ---------------------------------------------------


def _requirements(lines, rename=None):
    reqs = {}
    for line in lines:
        req = Requirement(line)
        name = canonicalize_name(req.name)
        name = (rename or {}).get(name, name)
        assert name not in reqs, f"{name} is listed twice"
        reqs[name] = str(req.specifier)
    return reqs


def test_environment_yml_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))

    conda_lines, pip_lines = [], []
    for entry in env["dependencies"]:
        if isinstance(entry, dict):
            pip_lines += entry["pip"]
        else:
            conda_lines.append(entry)
    conda = _requirements(conda_lines, CONDA_TO_PYPI)
    pip = _requirements(pip_lines)
    assert not conda.keys() & pip.keys(), f"both conda and pip install {conda.keys() & pip.keys()}"

    assert conda.pop("python", None) == project["requires-python"], (
        "environment.yml must pin python exactly as requires-python in pyproject.toml"
    )
    assert "pip" in conda, "environment.yml needs pip (for its pip: section and the package itself)"
    del conda["pip"]

    declared = _requirements(project["dependencies"] + project["optional-dependencies"]["test"])
    listed = conda | pip
    missing = {n: s for n, s in declared.items() if n not in listed}
    extra = {n: s for n, s in listed.items() if n not in declared}
    differ = {n: (declared[n], listed[n]) for n in declared.keys() & listed.keys()
              if declared[n] != listed[n]}
    assert not missing, f"in pyproject.toml but not in environment.yml: {missing}"
    assert not extra, f"in environment.yml but not in pyproject.toml: {extra}"
    assert not differ, f"version bounds differ (pyproject, environment.yml): {differ}"


def test_every_dependency_has_a_lower_bound_only():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for line in project["dependencies"] + project["optional-dependencies"]["test"]:
        spec = Requirement(line).specifier
        assert spec and all(s.operator == ">=" for s in spec), f"use a lower bound only: {line}"


# --- the wheel ------------------------------------------------------------------------------


def _run(cmd, **kwargs):
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kwargs)
    if done.returncode != 0:
        pytest.fail(f"{' '.join(map(str, cmd))}\nexited {done.returncode}\n"
                    f"--- stdout\n{done.stdout[-4000:]}\n--- stderr\n{done.stderr[-4000:]}",
                    pytrace=False)
    return done.stdout


def _checkout_files():
    """Modules of every package (folder with __init__.py) and every component data file."""
    modules, data = set(), set()
    for init in (ROOT / "boardlab").rglob("__init__.py"):
        package = init.parent
        if "__pycache__" in package.parts:
            continue
        modules |= {p.relative_to(ROOT).as_posix() for p in package.glob("*.py")}
        data |= {p.relative_to(ROOT).as_posix() for p in [*package.glob("data/*"), *package.glob("*.md")]
                 if p.suffix in DATA_SUFFIXES}
    return modules, data


@pytest.fixture(scope="module")
def wheel_venv(tmp_path_factory):
    """Build the wheel from a copy of the checkout and install it alone into a fresh venv."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "boardlab", src / "boardlab",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    # Built in a copy so that build/ and *.egg-info never land in (or leak from) the checkout.
    _run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp / "dist"), str(src)])
    (wheel,) = (tmp / "dist").glob("boardlab-*.whl")

    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
          "--no-deps", "--no-index", str(wheel)])
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"]).strip())
    borrowed = dict.fromkeys([sysconfig.get_path("purelib"), sysconfig.get_path("platlib")])
    (site / "zz_borrowed_dependencies.pth").write_text("\n".join(borrowed) + "\n", encoding="utf-8")
    return {"wheel": wheel, "venv": venv, "python": python, "workdir": tmp}


def _run_in_venv(wheel_venv, code):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    # -I: ignore PYTHON* variables and the user site; cwd outside the checkout.
    return _run([str(wheel_venv["python"]), "-I", "-c", textwrap.dedent(code)],
                cwd=wheel_venv["workdir"], env=env)


@pytest.mark.slow
def test_wheel_ships_every_module_and_data_file(wheel_venv):
    with zipfile.ZipFile(wheel_venv["wheel"]) as whl:
        shipped = set(whl.namelist())
    modules, data = _checkout_files()
    assert "boardlab/__init__.py" in shipped
    assert not modules - shipped, f"modules missing from the wheel: {sorted(modules - shipped)}"
    assert not data - shipped, f"component data missing from the wheel: {sorted(data - shipped)}"
    assert not [n for n in shipped if n.startswith(("tests/", "notebooks/", "data/"))]


@pytest.mark.slow
def test_wheel_installs_and_plays(wheel_venv):
    out = _run_in_venv(wheel_venv, """
        import json
        from pathlib import Path
        import boardlab
        root = Path(boardlab.__file__).parent
        data = sorted(p.relative_to(root.parent).as_posix() for p in [*root.glob("*/data/*"), *root.glob("*/*.md")])
        print(json.dumps({"file": boardlab.__file__, "version": boardlab.__version__, "data": data}))
    """)
    info = json.loads(out.splitlines()[-1])
    installed = Path(info["file"]).resolve()
    assert installed.is_relative_to(wheel_venv["venv"].resolve()), (
        f"boardlab was imported from {installed}, not from the fresh venv"
    )
    assert not installed.is_relative_to(ROOT)
    _, data = _checkout_files()
    assert set(info["data"]) == data, "installed data files differ from the checkout's"

    out = _run_in_venv(wheel_venv, """
        import random
        from boardlab import whitecastle
        s = whitecastle.Game(players=2).new_game(seed=1)
        r = random.Random(0)
        decisions = 0
        while not s.is_over:
            s.apply(r.choice(s.legal_actions()))
            decisions += 1
            assert decisions < 100_000, "the game did not end"
        sheet = s.score_sheet()
        assert len(sheet) == 2, sheet
        print(decisions, "decisions")
        print(sheet)
    """)
    decisions = int(out.split()[0])
    assert decisions > 20, f"a full 2-player game takes more decisions than that:\n{out}"
