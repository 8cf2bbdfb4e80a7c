"""boardlab: teach, measure and explain the mechanisms of four modern board games."""

__version__ = "0.1.0"


def simulate(*args, **kwargs):
    """Play many seeded games; see :func:`boardlab.core.simulate.simulate`."""
    from boardlab.core.simulate import simulate as _simulate

    return _simulate(*args, **kwargs)


def advise(*args, **kwargs):
    """Every legal option of the decision asked now, with its value; see :func:`boardlab.core.advise.advise`."""
    from boardlab.core.advise import advise as _advise

    return _advise(*args, **kwargs)
