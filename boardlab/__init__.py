"""boardlab: teach, measure and explain the mechanisms of four modern board games."""

__version__ = "0.1.0"


def load_runs(*args, **kwargs):
    """The table of a run saved by ``boardlab simulate --out``; see :func:`boardlab.core.runs.load_runs`."""
    from boardlab.core.runs import load_runs as _load_runs

    return _load_runs(*args, **kwargs)


def simulate(*args, **kwargs):
    """Play many seeded games; see :func:`boardlab.core.simulate.simulate`."""
    from boardlab.core.simulate import simulate as _simulate

    return _simulate(*args, **kwargs)


def advise(*args, **kwargs):
    """Every legal option of the decision asked now, with its value; see :func:`boardlab.core.advise.advise`."""
    from boardlab.core.advise import advise as _advise

    return _advise(*args, **kwargs)


def tournament(*args, **kwargs):
    """Seat-rotated matches with Wilson intervals; see :func:`boardlab.core.tournament.tournament`."""
    from boardlab.core.tournament import tournament as _tournament

    return _tournament(*args, **kwargs)


def review(*args, **kwargs):
    """Grade every decision of a recorded game against the advisor; see :func:`boardlab.core.review.review`."""
    from boardlab.core.review import review as _review

    return _review(*args, **kwargs)
