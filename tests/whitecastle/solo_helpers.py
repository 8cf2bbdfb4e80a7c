"""Position-building helpers for the solo-mode tests (the rival's deck, bridges and holdings).

Like helpers.py, a test edits the JSON form of a real solo position and loads it with
``Game.state_from_json``: ``solo_start`` is a fresh easy game (the human moves first) at the
human's first "take a die", with fixed Well tiles so that the Well asks nothing. ``rival_moves``
lets the human put a die on the Well, which ends the human's turn: the rival's turn follows.
"""

from __future__ import annotations

import copy

from boardlab import whitecastle
from boardlab.whitecastle import solo
from boardlab.whitecastle.positions import complete


def card(number, bridge, end, space, action_1="coins:1", action_2="cp:1"):
    return {"number": number, "bridge": bridge, "end": end, "space": space,
            "action_1": action_1, "action_2": action_2}


#: a small test deck whose faces the tests know: every die face and action is named by the test
DECK = [card(1, "coral", "left", "F1A", "coins:1", "cp:1"),
        card(2, "black", "right", "F2A", "courtier:gate", "time:2"),
        card(3, "white", "right", "OUTL", "gardener:any", "warrior:1"),
        card(4, "coral", "right", "WELL", "cp:2", "coins:2")]


def solo_start(difficulty: str = "easy", cards=None, seed: int = 1, **options) -> dict:
    """The JSON form of a solo game at the human's first 'take a die' (round 1, turn 0)."""
    game = whitecastle.Game(players=1, difficulty=difficulty, solo_cards=cards, **options)
    state = game.new_game(seed)
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])
    d = state.to_json()
    for tile, reward in zip(d["well_tiles"], ("food:1", "iron:1")):  # every colour has these two faces
        tile["reward"] = reward
    return d


def set_deck(d: dict, top: int, row=(), cards=DECK) -> dict:
    """The rival's deck: ``top`` showing, ``row`` turned (oldest first), the rest below the top."""
    numbers = [c["number"] for c in cards]
    d["rival"].update(top=top, row=list(row), deck=sorted(n for n in numbers if n != top and n not in row))
    return d


def load(d: dict, cards=DECK, difficulty: str = "easy", **options):
    d = complete(copy.deepcopy(d))
    return whitecastle.Game(players=1, difficulty=difficulty, solo_cards=cards, **options).state_from_json(d)


def rival_moves(d: dict, take: str = "white", cards=DECK, **options):
    """Load ``d``, let the human take the right-end die of the ``take`` bridge and put it on the
    Well; the rival's turn follows. Returns the state (at the human's next decision)."""
    state = load(d, cards=cards, **options)
    state.apply(next(a for a in state.legal_actions() if a.kind == "take" and a.x == take and a.m == 1))
    state.apply("place on the Well")
    return state


def rival(state):
    return state.players[solo.RIVAL]
