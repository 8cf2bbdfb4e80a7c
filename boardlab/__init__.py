"""boardlab: teach, measure and explain the mechanisms of four modern board games."""

__version__ = "0.1.0"


def simulate(*args, **kwargs):
    """Play many seeded games; see :func:`boardlab.core.simulate.simulate`."""
    from boardlab.core.simulate import simulate as _simulate

    return _simulate(*args, **kwargs)
