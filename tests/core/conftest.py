"""Make the toy game (tests/core/toygame.py) importable as ``toygame`` in tests and in the
worker processes simulate() starts (they inherit sys.path)."""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
