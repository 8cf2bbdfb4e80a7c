"""Every game's board picture explains itself (issue 26, point 2): drawn at 2 players and at the
most players, at the start, in the middle and at the end of a random game, as everyone and as
player 0 sees it, in English and in Korean:

* every mark tied to a key entry (``data-key``) has that entry in the picture's key (``data-legend``);
* no text is smaller than 11 px at the picture's natural size;
* the picture is at most 1280 px wide (the app and the notebooks show it at that width);
* every word has a Korean entry in the game's glossary.

The browser test (tests/apps/test_board_screenshots.py) checks the drawn text stays inside.
"""

from __future__ import annotations

import importlib
import random
import re
import xml.etree.ElementTree as ET

import pytest

from boardlab.apps import options as setup_options
from boardlab.apps.builder import PICTURES
from boardlab.core import glossary
from boardlab.core.game import Game
from boardlab.core.svgpic import MIN_FONT

GAMES = ("whitecastle", "fivetribes", "alea", "elgrande")
SVG = "{http://www.w3.org/2000/svg}"


def player_counts(name: str) -> tuple[int, int]:
    counts = next(o.choices for o in setup_options.options(Game.by_name(name)) if o.name == "players")
    return max(2, min(counts)), max(counts)


def states(name: str, players: int, seed: int = 3):
    """The start, a middle and the end of one random game."""
    state = Game.by_name(name)(players=players).new_game(seed)
    rng = random.Random(seed)
    shots = [state.copy()]
    steps = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        if steps == 60:
            shots.append(state.copy())
    return shots + [state]


def draw(state, viewer=None) -> str:
    render = importlib.import_module(f"boardlab.{state.game.name}.render")
    picture = getattr(render, "state_svg" if state.game.name == "whitecastle" else PICTURES[state.game.name])
    return picture(state, viewer=viewer) if viewer is not None else picture(state)


def pictures(name: str):
    for players in player_counts(name):
        for state in states(name, players):
            yield players, state, draw(state)
            if name != "whitecastle":  # White Castle hides nothing: one picture for everyone
                yield players, state, draw(state, viewer=0)


def font_sizes(svg: str) -> list[float]:
    """The size of every text element, inherited from its ancestors where it has none."""
    root = ET.fromstring(svg)
    sizes = []

    def walk(node, inherited):
        size = node.get("font-size", inherited)
        style = re.search(r"font-size:\s*([\d.]+)", node.get("style", ""))
        size = style.group(1) if style else size
        if node.tag in (SVG + "text", SVG + "tspan") and (node.text or "").strip():
            sizes.append(float(size) if size is not None else 16.0)  # a browser's default
        for child in node:
            walk(child, size)

    walk(root, None)
    return sizes


def keys(svg: str, attribute: str) -> set[str]:
    return set(re.findall(rf'{attribute}="([^"]+)"', svg))


@pytest.mark.parametrize("name", GAMES)
def test_every_mark_is_in_the_key_and_no_text_is_small(name):
    for players, state, svg in pictures(name):
        where = f"{name} at {players} players, {len(state.history)} decisions"
        used, explained = keys(svg, "data-key"), keys(svg, "data-legend")
        assert explained, f"{where}: the picture has no key"
        assert used <= explained, f"{where}: marks without a key entry: {sorted(used - explained)}"
        small = sorted(s for s in font_sizes(svg) if s < MIN_FONT)
        assert not small, f"{where}: {len(small)} texts under {MIN_FONT} px (sizes {small[:5]})"
        width = float(ET.fromstring(svg).get("width"))
        assert width <= 1280, f"{where}: {width} px wide"


@pytest.mark.parametrize("name", GAMES)
def test_every_word_of_the_picture_has_a_korean_entry(name):
    glossary.use_language("ko")
    glossary.clear_missing()
    try:
        for _ in pictures(name):
            pass
        untranslated = sorted(m for m in glossary.missing() if m[0] == name)
    finally:
        glossary.use_language("en")
    assert not untranslated, f"{len(untranslated)} words without a Korean entry: {untranslated[:8]}"


def test_el_grande_highlighted_regions_are_explained_in_the_key():
    state = states("elgrande", 2)[0]
    svg = draw(state)
    from boardlab.elgrande.render import board_svg

    marked = board_svg(state, highlight=(0, 1))
    assert 'data-key="highlight"' not in svg and marked.count('data-key="highlight"') == 2
    assert 'data-legend="highlight"' in marked


def test_el_grande_shows_every_public_fact_of_the_table():
    """Courts, provinces, power cards left, the cards on display, the King and the scores."""
    state = states("elgrande", 3)[1]
    svg = draw(state, viewer=0)
    from boardlab.elgrande import components as C

    for c in range(3):
        left = " ".join(str(v) for v in C.POWER_VALUES if state.hand[c] >> v & 1)
        assert left in svg, f"power cards left of player {c}"
        assert f">{state.court[c]}<" in svg and f">{state.province[c]}<" in svg
    assert all(C.CARD_TYPES[i].name in svg for i in state.offer if i >= 0)
    assert "♚" in svg and "Key" in svg and "#C62828" in svg  # the red player is drawn red


def test_five_tribes_names_the_players_on_the_track_and_hides_others_gold():
    state = states("fivetribes", 3)[1]
    svg = draw(state, viewer=0)
    on_track = [state.markers[m] for m in state.track if m >= 0]
    assert on_track and all(f">P{p}<" in svg for p in on_track)
    assert f"gold {state.gold[0]} ·" in svg and svg.count("gold ? ·") == 2
    assert "18:" not in svg  # no more "18:- 12:P0" line


def test_alea_shows_each_players_tiles_and_chips():
    state = states("alea", 4)[-1]
    svg = draw(state)
    from boardlab.alea.components import PAT_LABELS, PROV_LABELS

    for p in range(4):
        assert all(PROV_LABELS[t] in svg for t in state.provs[p]) and all(PAT_LABELS[t] in svg for t in state.pats[p])
        assert f"Repete chips {state.chips[p]}" in svg
