"""``python -m boardlab``: the command line (see :mod:`boardlab.cli`)."""

from boardlab.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
