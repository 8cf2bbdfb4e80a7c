"""White Castle's board picture in the seed's Korean (the apps' language switch): every word the
picture draws, in every phase and in the solo game, has a Korean entry; English stays English."""

import random
import re

import pytest

from boardlab import whitecastle
from boardlab.core import glossary
from boardlab.whitecastle import render

HANGUL = re.compile(r"[\uac00-\ud7a3]")


#: every phase the picture draws differently (a solo game has no round-end decision)
PHASES = {"draft", "turn", "roundend", "over"}


def _states(players, seeds=range(4, 24)):
    """Positions of random games, one per phase the picture draws differently, and the end: the
    first seeded games that together reach every phase (whatever chance stream deals them)."""
    seen = {}
    for seed in seeds:
        state, rng = whitecastle.Game(players=players).new_game(seed), random.Random(seed)
        while True:
            seen.setdefault(state.phase, state.copy())
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if PHASES <= set(seen) or (players == 1 and "over" in seen):
            return seen
    return seen


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_word_of_the_picture_has_a_korean_entry_in_every_phase(players):
    states = _states(players)
    assert PHASES <= set(states) or players == 1
    english = {phase: render.state_svg(st) for phase, st in states.items()}
    glossary.use_language("ko")
    glossary.clear_missing()
    korean = {phase: render.state_svg(st) for phase, st in states.items()}
    assert not {m for m in glossary.missing() if m[0] == "whitecastle"}
    for phase, svg in korean.items():
        assert "백로성" in svg and "다리와 정원" in svg and "개인 영토" in svg, phase
        assert not HANGUL.search(english[phase]), "the English picture has no Korean"
    assert "최종 점수" in korean["over"] and "Final scores" in english["over"]
