"""Tuples replaced, never edited: how the engines share a position's parts between copies.

A state keeps the parts its rules change as tuples and replaces a tuple when it changes, so
``copy()`` shares every such part instead of rebuilding it, and a missed in-place change fails
loudly (a tuple has no ``append``) instead of corrupting the copy that shares it.
"""

from __future__ import annotations

__all__ = ["added", "replaced"]


# Through a list rather than by slicing: faster for a position's short tuples, and an index out of
# range raises IndexError instead of quietly making the tuple longer.
def replaced(items: tuple, index: int, value) -> tuple:
    """``items`` with the item at ``index`` replaced by ``value``."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def added(items: tuple, index: int, amount) -> tuple:
    """``items`` with ``amount`` added to the item at ``index``."""
    changed = list(items)
    changed[index] += amount
    return tuple(changed)
