"""Fixtures of the app tests: every game's name, and the language put back after each test."""

import pytest

from boardlab.core import glossary

GAMES = ("whitecastle", "fivetribes", "alea", "elgrande")


@pytest.fixture(autouse=True)
def _english_again():
    """The language switch is process-wide: a test that switches to Korean must not leak it."""
    yield
    glossary.use_language("en")


@pytest.fixture(params=GAMES)
def game_name(request) -> str:
    return request.param
