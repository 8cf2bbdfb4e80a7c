"""Pictures of White Castle states: well-formed SVG showing what the state holds."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from boardlab import whitecastle
from boardlab.whitecastle import components as C
from boardlab.whitecastle import render
from boardlab.whitecastle.actions import ROOMS
from boardlab.whitecastle.dice import COLOURS

SVG = "{http://www.w3.org/2000/svg}"


def play(players: int, seed: int, steps: int | None):
    """A seeded game after ``steps`` random legal actions (None: to the end)."""
    state = whitecastle.Game(players=players).new_game(seed)
    rng = random.Random(seed)
    done = 0
    while not state.is_over and (steps is None or done < steps):
        state.apply(rng.choice(state.legal_actions()))
        done += 1
    return state


def svg_root(html_text: str) -> ET.Element:
    match = re.search(r"<svg\b.*</svg>", html_text, re.S)
    assert match, "no <svg> element in the HTML"
    return ET.fromstring(match.group(0))


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


STAGES = {"fresh": 0, "early": 12, "mid": 45, "late": 110, "over": None}
CASES = [(p, stage) for p in (2, 3, 4) for stage in STAGES]


@pytest.fixture(scope="module")
def states():
    return {(p, stage): play(p, 100 + p, steps) for p in (2, 3, 4) for stage, steps in STAGES.items()}


@pytest.mark.parametrize("players,stage", CASES)
def test_state_html_is_wellformed_svg_with_every_part(states, players, stage):
    state = states[(players, stage)]
    page = state._repr_html_()
    assert page == render.state_html(state)
    assert "<script" not in page.lower() and "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    root = svg_root(page)
    assert root.tag == f"{SVG}svg"
    assert 900 <= float(root.get("width")) <= 1100
    words = texts(root)
    joined = "\n".join(words)
    # every clan, labelled by number
    for i in range(players):
        assert f"P{i}" in words
    assert [int(g.get("data-player")) for g in groups(root, "domain")] == list(range(players))
    # the bridges, their dice drawn in order with their pips
    bridges = groups(root, "bridge")
    assert [g.get("data-colour") for g in bridges] == list(COLOURS)
    for g, colour, dice in zip(bridges, COLOURS, state.bridges):
        drawn = [int(t) for t in texts(g) if t.isdigit()]
        assert drawn == list(dice), (colour, drawn, dice)
        if len(dice) >= 2:
            assert {"left end", "right end"} <= set(texts(g))
    # the castle: room cards, their die tiles and the dice on them
    rooms = groups(root, "room")
    assert [g.get("data-space") for g in rooms] == ["F2A", "F2B", "F1A", "F1B", "F1C"]
    for g in rooms:
        r = ROOMS.index(g.get("data-space"))
        assert g.get("data-card") == state.room_cards[r]
        assert f"card {state.room_cards[r]}" in texts(g)
        assert g.get("data-tiles").split() == list(state.room_tiles[r])
        assert g.get("data-dice").split() == [str(d) for d in state.space_dice[ROOMS[r]]]
        card = C.action_cards()[state.room_cards[r]]
        for block in card.blocks:
            assert C.describe_effects(block.effects).split()[0] in " ".join(texts(g))
    # the Daimyo card, outside the walls, the Well, gardens and yards
    slots = groups(root, "daimyo-slot")
    assert [g.get("data-owner") for g in slots] == ["" if o is None else str(o) for o in state.daimyo_slots]
    spaces = {g.get("data-space"): g.get("data-dice").split() for g in groups(root, "space")}
    assert spaces == {s: [str(d) for d in state.space_dice[s]] for s in ("OUTL", "OUTR", "WELL")}
    gardens = groups(root, "garden")
    assert [int(g.get("data-card")) for g in gardens] == list(state.garden_cards)
    assert len(groups(root, "yard")) == 3
    for needle in ("Daimyo", "The Well", "Outside the walls", "Training yards", "Passage of Time",
                   "Lantern area", "Turn order:"):
        assert needle in joined, needle
    assert f"round {state.round} of 3" in joined


def test_the_picture_changes_with_the_state(states):
    state = play(3, 7, 30)
    before = render.state_svg(state)
    assert render.state_svg(state.copy()) == before
    state.apply(state.legal_actions()[0])
    assert render.state_svg(state) != before


def test_fresh_game_shows_the_draft_offer(states):
    state = states[(3, "fresh")]
    words = "\n".join(texts(svg_root(render.state_html(state))))
    assert "Starting pairs on offer" in words
    for res, design in state.offer:
        assert f"resource card {res}:" in words and f"{design} action card" in words


def test_finished_game_shows_the_final_scores(states):
    state = states[(4, "over")]
    assert state.is_over
    root = svg_root(render.state_html(state))
    words = texts(root)
    assert "Final scores" in words
    assert any(w.startswith("Game over. Winner") for w in words)
    sheet = state.score_sheet()
    for i in range(4):
        assert str(sheet[i]["total"]) in words


def test_placed_dice_keep_their_colours_from_the_history(states):
    for (players, stage), state in states.items():
        colours = render._placed_colours(state)
        for r, space in enumerate(ROOMS):
            assert len(colours[space]) == len(state.space_dice[space])
            for colour in colours[space]:
                # the castle colour rule: a die sits only in a room showing a tile of its colour
                assert colour in state.room_tiles[r], (players, stage, space, colour)


def test_position_loaded_from_json_draws_without_history(states):
    state = states[(3, "mid")]
    loaded = state.game.state_from_json(state.to_json())
    root = svg_root(render.state_html(loaded))
    assert [g.get("data-dice") for g in groups(root, "bridge")] == [" ".join(map(str, b)) for b in state.bridges]
    assert "position loaded from JSON" in " ".join(texts(root))


def test_save_svg_writes_a_standalone_file(tmp_path, states):
    path = render.save_svg(states[(2, "mid")], tmp_path / "table.svg")
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"


def test_text_is_escaped():
    assert render._esc("a<b & 'c'") == "a&lt;b &amp; &#x27;c&#x27;"


def test_clan_palette_is_okabe_ito():
    assert render.CLAN_COLOURS == ("#0072B2", "#E69F00", "#009E73", "#CC79A7")


def test_action_table_lists_the_legal_options(states):
    state = states[(3, "mid")]
    table = render.action_table(state)
    assert list(table.columns) == ["notation", "kind", "player"]
    assert [state.game.parse_action(t) for t in table["notation"]] == list(state.legal_actions())
    assert set(table["player"]) == {f"P{state.to_move}"}
    assert table.attrs["decision"]
    over = render.action_table(states[(2, "over")])
    assert over.empty


def test_the_board_picture_in_korean_holds_no_english_word():
    """Issue 27: in Korean the picture's words, the decision asked ("주사위를 가져올 다리의 끝")
    and the card names ("집사 카드 12") included, are the seed's; only the provenance line keeps
    the project's name. Every 5th step of a 2- and a 4-player random game, to the end."""
    from boardlab.core import glossary

    glossary.use_language("ko")
    english = {}
    try:
        for players in (2, 4):
            state = whitecastle.Game(players=players).new_game(3)
            rng = random.Random(players)
            for step in range(10_000):
                if step % 5 == 0 or state.is_over:
                    for text in ET.fromstring(render.state_svg(state)).iter(f"{SVG}text"):
                        words = "".join(text.itertext())
                        if re.search(r"[A-Za-z]{2}", words) and not words.startswith("boardlab"):
                            english.setdefault(words, (players, step))
                if state.is_over:
                    break
                state.apply(rng.choice(state.legal_actions()))
    finally:
        glossary.use_language("en")
    assert not english, english


def test_a_payment_decision_is_named_in_korean_and_unchanged_in_english():
    """The decision 'whether to pay 1 seal -> ...' (in refusals, the board and the app) spoke its
    effect in English inside Korean text."""
    import random

    from boardlab.core.glossary import has_hangul
    from boardlab.whitecastle import Game
    from boardlab.whitecastle import components as C
    from boardlab.whitecastle.explain import decision_phrase
    from tests.korean_checks import english_left

    seen = 0
    for seed in range(6):
        state, rng = Game(players=2).new_game(seed), random.Random(seed)
        while not state.is_over:
            if state.decision[0] == "paid":
                phrase = decision_phrase(state)
                assert phrase.text("whitecastle", "en") == "whether to " + C.describe_effect(state.decision)
                korean = phrase.text("whitecastle", "ko")
                assert has_hangul(korean) and english_left(korean) is None, korean
                seen += 1
            state.apply(rng.choice(state.legal_actions()))
    assert seen, "no payment decision in six random games"
